//! Writing transcripts to `--out` so that nothing played is ever lost: the path is checked
//! before the first game without touching an existing file, and every write replaces the file
//! whole (a temporary file beside it, then a rename), so a crash or a signal never leaves half
//! a file behind.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use mousehole_engine::{Game, Match, Transcript};

/// A path as messages show it: from the user, so made safe to echo.
pub fn shown_path(path: &Path) -> String {
    mousehole_engine::text::cut(&path.display().to_string(), 200)
}

/// What the file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.json`: one transcript, laid out for reading.
    Json,
    /// `.jsonl`: one transcript per line.
    Lines,
}

impl Format {
    /// The format a path's extension names, or an error saying which extensions there are.
    pub fn of(path: &Path, option: &str) -> Result<Self> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => Ok(Format::Json),
            Some("jsonl") => Ok(Format::Lines),
            _ => bail!(
                "{option} {}: the file name must end in .json (one game) or .jsonl (any number of games)",
                shown_path(path)
            ),
        }
    }
}

/// The `--out` file of `play`.
#[derive(Debug)]
pub struct OutFile {
    path: PathBuf,
    format: Format,
    /// JSON lines of the games already over. Kept only when games are saved as they go
    /// (people are playing: few games, each rewritten whenever a person is to decide);
    /// otherwise each line is appended once.
    finished: Vec<String>,
    appender: Option<File>,
    /// Whether the game in progress is saved whenever a person is to decide.
    as_it_goes: bool,
}

impl OutFile {
    /// Checks that `path` can be written, without creating or truncating it: nothing is
    /// written until the first real transcript. `as_it_goes` saves the game in progress
    /// whenever a person is to decide (games people play take long: what was played before
    /// the person's turn is never lost); otherwise each game is written when it ends.
    pub fn open(path: &Path, games: u64, as_it_goes: bool) -> Result<Self> {
        let format = Format::of(path, "--out")?;
        if format == Format::Json && games > 1 {
            bail!(
                "--out {}: a .json file holds one game; use a .jsonl file for {games} games",
                shown_path(path)
            );
        }
        check_writable(path)?;
        Ok(Self {
            path: path.to_owned(),
            format,
            finished: Vec::new(),
            appender: None,
            as_it_goes,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Saves the game in progress (when games are saved as they go), replacing what the file
    /// held. The transcript is only made when it is saved: making it copies every event.
    pub fn save_progress<G: Game>(&mut self, game: &Match<G>, labels: &[String]) -> Result<()> {
        if !self.as_it_goes {
            return Ok(());
        }
        let transcript = Transcript::from_match(game, labels.to_vec());
        match self.format {
            Format::Json => self.replace(transcript.to_json_pretty().as_bytes()),
            Format::Lines => {
                let mut text = self.finished.concat();
                text.push_str(&transcript.to_json_line());
                text.push('\n');
                self.replace(text.as_bytes())
            }
        }
    }

    /// Saves a game that is over (finished or stopped).
    pub fn save_finished(&mut self, transcript: &Transcript) -> Result<()> {
        match self.format {
            Format::Json => self.replace(transcript.to_json_pretty().as_bytes()),
            Format::Lines if self.as_it_goes => {
                self.finished.push(transcript.to_json_line() + "\n");
                let text = self.finished.concat();
                self.replace(text.as_bytes())
            }
            Format::Lines => {
                let line = transcript.to_json_line() + "\n";
                let path = &self.path;
                let file = match &mut self.appender {
                    Some(file) => file,
                    // The first real write: only now is an existing file replaced.
                    None => self.appender.insert(
                        File::create(path)
                            .with_context(|| format!("cannot write {}", shown_path(path)))?,
                    ),
                };
                // One write per line, so an interrupted run leaves whole lines.
                file.write_all(line.as_bytes())
                    .with_context(|| format!("cannot write {}", shown_path(path)))
            }
        }
    }

    fn replace(&self, contents: &[u8]) -> Result<()> {
        write_atomically(&self.path, contents)
            .with_context(|| format!("cannot write {}", shown_path(&self.path)))
    }
}

/// The temporary file a write to `target` goes through: beside it, so the rename stays on
/// one file system, and hidden.
fn temporary(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// The file a whole-file write to `path` replaces: the file a symbolic link names (the link
/// stays a link), or `path` itself if nothing is there yet. `None` for what is not a file to
/// replace, a device or a pipe (`--json /dev/stdout`): that is written in place, never
/// renamed over.
fn replaced(path: &Path) -> Option<PathBuf> {
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => None,
        Ok(_) => Some(fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())),
        Err(_) => Some(path.to_owned()),
    }
}

/// Replaces `path` with `contents` in one step: readers see the old file or the new one,
/// never a part.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let Some(target) = replaced(path) else {
        return File::create(path).and_then(|mut file| file.write_all(contents));
    };
    let temporary = temporary(&target);
    let written = File::create(&temporary)
        .and_then(|mut file| file.write_all(contents))
        .and_then(|()| fs::rename(&temporary, &target));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A file written in pieces that replaces `path` only when complete ([`Replacement::commit`]);
/// dropped before that, it leaves `path` as it was. (A device or a pipe is written as it
/// comes.)
#[derive(Debug)]
pub struct Replacement {
    path: PathBuf,
    /// The temporary file and the file it replaces.
    swap: Option<(PathBuf, PathBuf)>,
    file: Option<io::BufWriter<File>>,
}

impl Replacement {
    pub fn create(path: &Path) -> Result<Self> {
        let swap = replaced(path).map(|target| (temporary(&target), target));
        let file = File::create(swap.as_ref().map_or(path, |(temporary, _)| temporary))
            .with_context(|| format!("cannot write {}", shown_path(path)))?;
        Ok(Self {
            path: path.to_owned(),
            swap,
            file: Some(io::BufWriter::new(file)),
        })
    }

    pub fn write(&mut self, bytes: &[u8]) -> Result<()> {
        let file = self.file.as_mut().expect("written before commit");
        file.write_all(bytes)
            .with_context(|| format!("cannot write {}", shown_path(&self.path)))
    }

    /// Puts the finished file in place.
    pub fn commit(mut self) -> Result<()> {
        let cannot = || format!("cannot write {}", shown_path(&self.path));
        let file = self.file.take().expect("committed once");
        file.into_inner()
            .map_err(io::IntoInnerError::into_error)
            .with_context(cannot)?;
        match &self.swap {
            Some((temporary, target)) => fs::rename(temporary, target).with_context(cannot),
            None => Ok(()),
        }
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if let (Some(_), Some((temporary, _))) = (&self.file, &self.swap) {
            let _ = fs::remove_file(temporary);
        }
    }
}

/// Fails unless `path` could be written, changing nothing: an existing file is opened for
/// appending (not truncated), and the directory must take the temporary file of a write.
pub fn check_writable(path: &Path) -> Result<()> {
    let cannot = || format!("cannot write {}", shown_path(path));
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => {
            bail!(
                "cannot write {}: it is a folder, not a file",
                shown_path(path)
            )
        }
        Ok(_) => {
            OpenOptions::new()
                .append(true)
                .open(path)
                .with_context(cannot)?;
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(error).with_context(cannot),
    }
    if let Some(target) = replaced(path) {
        let temporary = temporary(&target);
        File::create(&temporary).with_context(cannot)?;
        let _ = fs::remove_file(&temporary);
    }
    Ok(())
}
