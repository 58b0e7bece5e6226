//! Writing transcripts to `--out` so that nothing played is ever lost: the path is checked
//! before the first game without touching an existing file; the first write replaces the file
//! whole (a temporary file beside it, then a rename), and a game saved as it goes is then kept
//! a piece at a time, each save writing what is new ([`TranscriptFile`]).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
pub use mousehole_engine::transcript::file::write_atomically;
use mousehole_engine::transcript::file::{replaced, temporary};
use mousehole_engine::transcript::{Layout, TranscriptFile};
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

/// The `--out` file of `play` and `host`.
#[derive(Debug)]
pub struct OutFile {
    path: PathBuf,
    format: Format,
    /// The game being written (as it goes, or at its end), where it goes in the file.
    game: Option<TranscriptFile>,
    /// Where the next game goes: after the games written so far.
    end: u64,
    /// Bot games' `.jsonl`: each game's line appended once, when it is over.
    appender: Option<File>,
    /// Whether the game in progress is saved whenever a person is to decide.
    as_it_goes: bool,
    /// The path given (a host's later games go beside it), and how many games were begun.
    first: PathBuf,
    games: u64,
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
            game: None,
            end: 0,
            appender: None,
            as_it_goes,
            first: path.to_owned(),
            games: 1,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Makes ready for the host's next game (after a rematch): a `.json` file holds one game,
    /// so the next goes beside the first, numbered (`game.json`, then `game-2.json`,
    /// `game-3.json`), checked as the first was; a `.jsonl` file takes it after the others.
    pub fn next_game(&mut self) -> Result<()> {
        self.games += 1;
        if self.format == Format::Json {
            let first = self.first.as_path();
            let stem = first.file_stem().unwrap_or_default().to_string_lossy();
            let next = first.with_file_name(format!("{stem}-{}.json", self.games));
            check_writable(&next)?;
            self.path = next;
            self.game = None;
        }
        Ok(())
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The file of the game in progress: the whole file for one game (`.json`), else after
    /// the games before it.
    fn game_file(&mut self) -> &mut TranscriptFile {
        let (path, format, end) = (&self.path, self.format, self.end);
        self.game.get_or_insert_with(|| match format {
            Format::Json => TranscriptFile::new(path, Layout::Pretty),
            Format::Lines => TranscriptFile::after(path, Layout::Line, end),
        })
    }

    /// Saves the game in progress (when games are saved as they go): what it recorded since
    /// the last save, not the whole game again ([`TranscriptFile`]).
    pub fn save_progress<G: Game>(&mut self, game: &Match<G>, labels: &[String]) -> Result<()> {
        if !self.as_it_goes {
            return Ok(());
        }
        let path = self.path.clone();
        self.game_file()
            .save(game, labels, &[])
            .with_context(|| format!("cannot write {}", shown_path(&path)))
    }

    /// Saves a game that is over (finished or stopped).
    pub fn save_finished<G: Game>(&mut self, game: &Match<G>, labels: &[String]) -> Result<()> {
        let cannot = || format!("cannot write {}", shown_path(&self.path));
        if self.format == Format::Json || self.as_it_goes {
            let path = self.path.clone();
            let file = self.game_file();
            file.save(game, labels, &[])
                .with_context(|| format!("cannot write {}", shown_path(&path)))?;
            self.end = file.end();
            self.game = None;
            return Ok(());
        }
        let line = Transcript::from_match(game, labels.to_vec()).to_json_line() + "\n";
        let file = match &mut self.appender {
            Some(file) => file,
            // The first real write: only now is an existing file replaced.
            None => self
                .appender
                .insert(File::create(&self.path).with_context(cannot)?),
        };
        // One write per line, so an interrupted run leaves whole lines.
        file.write_all(line.as_bytes()).with_context(cannot)
    }
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
