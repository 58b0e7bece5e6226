//! Writing and reading transcript files: saved whole through a temporary file and a rename,
//! so a crash never leaves half a file.

use std::path::{Path, PathBuf};

use mousehole_engine::Transcript;
use mousehole_engine::words::io_error;

use crate::TuiError;

/// Writes `transcript` as JSON to `path`, replacing the file whole.
///
/// # Errors
/// The file cannot be written.
pub fn write_transcript(path: &Path, transcript: &Transcript) -> Result<(), TuiError> {
    let io = |source: std::io::Error| TuiError::File {
        path: path.display().to_string(),
        reason: io_error(&source),
    };
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, transcript.to_json_pretty()).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
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

/// The file a game is saved to unless the person names another: in the current directory,
/// named after the game and seed.
pub fn default_path(game: &str, seed: u64) -> PathBuf {
    PathBuf::from(format!("mousehole-{game}-{seed}.json"))
}
