//! Where games are kept and how: transcripts written whole through a temporary file and a
//! rename (a crash never leaves half a file; a game kept as it goes is written a piece at a
//! time, `TranscriptFile`), read back, and the user's data folder
//! (`MOUSEHOLE_DATA_DIR`, else the platform's: `~/.local/share/mousehole` on Linux), whose
//! `games/` holds every game saved or finished in the TUI; and how to tell a person to run
//! mousehole again on a file.

use std::path::{Path, PathBuf};

use mousehole_engine::Transcript;
use mousehole_engine::transcript::file::write_atomically;
use mousehole_engine::words::io_error;

use crate::TuiError;

/// The environment variable that moves the data folder (tests point it at a temporary one).
pub const DATA_DIR_VAR: &str = "MOUSEHOLE_DATA_DIR";

/// Writes `transcript` as JSON to `path`, replacing the file whole (and making its folder).
///
/// # Errors
/// The file cannot be written.
pub fn write_transcript(path: &Path, transcript: &Transcript) -> Result<(), TuiError> {
    let io = |source: std::io::Error| TuiError::File {
        path: path.display().to_string(),
        reason: io_error(&source),
    };
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(io)?;
    }
    write_atomically(path, transcript.to_json_pretty().as_bytes()).map_err(io)
}

/// Reads one transcript from a JSON file.
///
/// # Errors
/// The file cannot be read or is not a transcript.
pub fn read_transcript(path: &Path) -> Result<Transcript, TuiError> {
    let bytes = std::fs::read(path).map_err(|e| TuiError::File {
        path: path.display().to_string(),
        reason: format!("cannot read it: {}", io_error(&e)),
    })?;
    Transcript::from_json_bytes(&bytes).map_err(|e| TuiError::File {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// The user's data folder for mousehole: `MOUSEHOLE_DATA_DIR` when set, else the platform's
/// (XDG on Linux, Application Support on macOS, AppData on Windows); `None` when the
/// platform has none (no home folder).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "mousehole").map(|d| d.data_dir().to_owned()),
    }
}

/// The folder of kept games: `games/` in the data folder (the current folder when there is
/// no data folder).
pub fn games_dir() -> PathBuf {
    data_dir().map_or_else(|| PathBuf::from("."), |dir| dir.join("games"))
}

/// The file a game is saved to unless the person names another: in the games folder `dir`,
/// named after the game and seed.
pub fn default_path(dir: &Path, game: &str, seed: u64) -> PathBuf {
    dir.join(format!("{game}-{seed}.json"))
}

/// How to run this program again in a message: the path it was started by when that was a
/// path (`target/release/mousehole`, from `cargo run`), else `mousehole`.
pub fn program() -> String {
    std::env::args_os()
        .next()
        .map(PathBuf::from)
        .filter(|path| path.components().count() > 1)
        .map_or_else(|| "mousehole".to_owned(), |path| quoted(&path))
}

/// `path` as a shell reads it back (quoted when it has spaces or the like).
pub fn quoted(path: &Path) -> String {
    shell_words::quote(&path.display().to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_quoted_for_the_shell() {
        assert_eq!(quoted(Path::new("/tmp/a b.json")), "'/tmp/a b.json'");
        assert_eq!(quoted(Path::new("/tmp/game.json")), "/tmp/game.json");
    }
}
