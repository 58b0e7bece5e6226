//! Transcript files: written whole in one step (a temporary file beside the target, then a
//! rename: readers see the old file or the new one, never a part), or kept as a match goes
//! ([`TranscriptFile`]), a save writing only what is new.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::{Layout, Transcript, Undo, events_of};
use crate::game::Game;
use crate::runner::Match;

/// A transcript file kept as its match goes. The first save writes it whole (replacing what
/// the file held in one step); each later save writes the events recorded since, where the
/// events end, and after them what a transcript ends with (why the match stopped, the undos,
/// the outcome: a few lines), in one write. A save costs what is new, never the whole game
/// again, and the file is always one whole transcript of the match so far, byte for byte what
/// [`Layout::text`] makes of it. A save with nothing new (a person's wait after a save at
/// the last event) writes nothing.
///
/// A crash (or a power cut) in the middle of that one write may leave the end of the file
/// torn; the events before the save stay as they were. A file that is not a file (a device,
/// a pipe: `/dev/stdout`) is written once, when the match is over.
#[derive(Debug)]
pub struct TranscriptFile {
    path: PathBuf,
    layout: Layout,
    /// Where this transcript starts in the file: after the games before it, in a `.jsonl`
    /// file (0: the file is replaced whole at the first save).
    start: u64,
    written: Option<Written>,
}

/// A transcript file open after its first save.
#[derive(Debug)]
struct Written {
    /// `None` for what is not a file (written once, at the end).
    file: Option<File>,
    /// Where the events end in the file, and how many there are.
    events_end: u64,
    events: usize,
    /// Where the transcript ends in the file, and what follows the events there.
    end: u64,
    tail: String,
    /// What is not a file was written, the match being over.
    complete: bool,
}

impl TranscriptFile {
    /// The transcript at `path`, replacing the file whole at its first save.
    pub fn new(path: &Path, layout: Layout) -> Self {
        Self::after(path, layout, 0)
    }

    /// The transcript at `path` after its first `start` bytes (the games before it, in a
    /// `.jsonl` file), which stay as they are; whatever came after them is replaced.
    pub fn after(path: &Path, layout: Layout, start: u64) -> Self {
        Self {
            path: path.to_owned(),
            layout,
            start,
            written: None,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the transcript ends in the file (where the next game of a `.jsonl` file goes).
    pub fn end(&self) -> u64 {
        self.written
            .as_ref()
            .map_or(self.start, |written| written.end)
    }

    /// The next save writes the transcript whole again: the match it keeps was replaced by
    /// another that is not the same game going on (an undo).
    pub fn rewrite(&mut self) {
        self.written = None;
    }

    /// Saves `game`, played by `seats`, with `undos`: its events since the last save and the
    /// end of the transcript, or (the first time, or after [`TranscriptFile::rewrite`]) the
    /// whole of it. A match with fewer events than were saved is written whole.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save<G: Game>(
        &mut self,
        game: &Match<G>,
        seats: &[String],
        undos: &[Undo],
    ) -> io::Result<()> {
        let events = game.events().len();
        if self.written.as_ref().is_some_and(|w| w.events > events) {
            self.written = None;
        }
        let mut header = Transcript::header_of(game, seats.to_vec());
        header.undos = undos.to_vec();
        let (head, tail) = self.layout.frame(&header);
        if self
            .written
            .as_ref()
            .is_some_and(|w| w.file.is_some() && w.events == events && w.tail == tail)
        {
            return Ok(());
        }
        // On an error what the file holds is not known: the next save writes it whole.
        self.written = Some(match self.written.take() {
            Some(written) if written.file.is_some() => self.append(written, game, tail)?,
            // Not a file: written once, at the end.
            Some(written) if written.complete || game.end().is_none() => written,
            Some(_) | None => self.write_whole(game, &head, tail)?,
        });
        Ok(())
    }

    /// Writes the events of `game` from the `from`th on.
    fn push_events<G: Game>(&self, text: &mut String, game: &Match<G>, from: usize) {
        for (offset, event) in events_of(game, from).enumerate() {
            self.layout.push_event(text, from + offset, &event);
        }
    }

    fn write_whole<G: Game>(
        &self,
        game: &Match<G>,
        head: &str,
        tail: String,
    ) -> io::Result<Written> {
        let events = game.events().len();
        let mut text = head.to_owned();
        self.push_events(&mut text, game, 0);
        let events_end = self.start + text.len() as u64;
        text.push_str(self.layout.close(events > 0));
        text.push_str(&tail);
        let end = self.start + text.len() as u64;
        if replaced(&self.path).is_none() {
            // Not a file: written once, when the match is over (a pipe is not written over).
            let complete = game.end().is_some();
            if complete {
                OpenOptions::new()
                    .append(true)
                    .open(&self.path)?
                    .write_all(text.as_bytes())?;
            }
            return Ok(Written {
                file: None,
                events_end,
                events,
                end,
                tail,
                complete,
            });
        }
        let file = if self.start == 0 {
            write_atomically(&self.path, text.as_bytes())?;
            OpenOptions::new().write(true).open(&self.path)?
        } else {
            let mut file = OpenOptions::new().write(true).open(&self.path)?;
            file.seek(SeekFrom::Start(self.start))?;
            file.write_all(text.as_bytes())?;
            file.set_len(end)?;
            file
        };
        Ok(Written {
            file: Some(file),
            events_end,
            events,
            end,
            tail,
            complete: false,
        })
    }

    fn append<G: Game>(
        &self,
        mut written: Written,
        game: &Match<G>,
        tail: String,
    ) -> io::Result<Written> {
        let events = game.events().len();
        let mut text = String::new();
        self.push_events(&mut text, game, written.events);
        let events_end = written.events_end + text.len() as u64;
        text.push_str(self.layout.close(events > 0));
        text.push_str(&tail);
        let end = written.events_end + text.len() as u64;
        if let Some(file) = &mut written.file {
            file.seek(SeekFrom::Start(written.events_end))?;
            file.write_all(text.as_bytes())?;
            if end < written.end {
                file.set_len(end)?;
            }
        }
        Ok(Written {
            events_end,
            events,
            end,
            tail,
            ..written
        })
    }
}

/// The temporary file a write to `target` goes through: beside it, so the rename stays on
/// one file system, and hidden.
pub fn temporary(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// The file a whole-file write to `path` replaces: the file a symbolic link names (the link
/// stays a link), or `path` itself if nothing is there yet. `None` for what is not a file to
/// replace, a device or a pipe (`--json /dev/stdout`): that is written in place, never
/// renamed over.
pub fn replaced(path: &Path) -> Option<PathBuf> {
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => None,
        Ok(_) => Some(fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())),
        Err(_) => Some(path.to_owned()),
    }
}

/// Replaces `path` with `contents` in one step: readers see the old file or the new one,
/// never a part.
///
/// # Errors
/// The file (or its temporary file) cannot be written.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Actor;
    use crate::games::mouse_trap::MouseTrap;
    use crate::options::GameConfig;
    use crate::playout::RandomSeat;
    use crate::runner::{Stepped, StopRequest, Table};

    /// A folder of its own for one test.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mousehole-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Saves the match after every event (and once over), checking the file each time.
    struct Saving<'a> {
        file: TranscriptFile,
        seats: Vec<String>,
        undos: Vec<Undo>,
        /// What the file holds before this transcript.
        before: &'a str,
        stop_at: Option<usize>,
    }

    impl Saving<'_> {
        fn check(&mut self, game: &Match<MouseTrap>) {
            self.file.save(game, &self.seats, &self.undos).unwrap();
            let mut whole = Transcript::from_match(game, self.seats.clone());
            whole.undos.clone_from(&self.undos);
            let expected = self.before.to_owned() + &self.file.layout.text(&whole);
            assert_eq!(fs::read_to_string(self.file.path()).unwrap(), expected);
            assert_eq!(self.file.end(), expected.len() as u64);
        }
    }

    impl Table<MouseTrap> for Saving<'_> {
        type Error = std::convert::Infallible;

        fn stop(&mut self, game: &Match<MouseTrap>) -> Option<StopRequest> {
            self.stop_at
                .filter(|&at| game.events().len() >= at)
                .map(|_| StopRequest::forfeit("tired"))
        }

        fn recorded(&mut self, game: &Match<MouseTrap>) -> Result<(), Self::Error> {
            self.check(game);
            Ok(())
        }

        fn over(&mut self, game: &Match<MouseTrap>) -> Result<(), Self::Error> {
            self.check(game);
            Ok(())
        }
    }

    fn play(table: &mut Saving<'_>, seed: u64) -> Match<MouseTrap> {
        let config = <MouseTrap as Game>::Config::defaults();
        let mut game = Match::<MouseTrap>::new(&config, seed);
        let mut seats = vec![RandomSeat::default(); config.players()];
        let Ok(_) = game.drive(&mut seats, table);
        game
    }

    #[test]
    fn a_file_kept_as_the_game_goes_is_always_the_whole_transcript() {
        let dir = folder("pretty");
        let path = dir.join("game.json");
        fs::write(
            &path,
            "an older file, longer than the first save of the next game".repeat(50),
        )
        .unwrap();
        let mut table = Saving {
            file: TranscriptFile::new(&path, Layout::Pretty),
            seats: vec!["random".to_owned(); 3],
            undos: vec![Undo {
                at: 2,
                undone: vec![super::super::TranscriptEvent::new(Actor::Seat(1), "rob 0")],
            }],
            before: "",
            stop_at: Some(40),
        };
        let game = play(&mut table, 7);
        assert_eq!(game.events().len(), 40);
        assert!(
            fs::read_to_string(&path)
                .unwrap()
                .contains("\"stopped\": \"seat")
        );
        // A match with fewer events (taken back) is written whole.
        table.stop_at = Some(10);
        let game = play(&mut table, 7);
        assert_eq!(game.events().len(), 10);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn games_of_a_lines_file_follow_one_another() {
        let dir = folder("lines");
        let path = dir.join("games.jsonl");
        let mut before = String::new();
        for seed in 0..3 {
            let mut table = Saving {
                file: TranscriptFile::after(&path, Layout::Line, before.len() as u64),
                seats: vec!["random".to_owned(); 3],
                undos: Vec::new(),
                before: &before,
                stop_at: None,
            };
            let game = play(&mut table, seed);
            assert!(game.outcome().is_some());
            before = fs::read_to_string(&path).unwrap();
        }
        let games = Transcript::from_json_lines(&before);
        assert_eq!(games.len(), 3);
        for (_, game) in games {
            game.unwrap().replay().unwrap();
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_with_nothing_new_writes_nothing() {
        let dir = folder("nothing-new");
        let path = dir.join("game.json");
        let config = <MouseTrap as Game>::Config::defaults();
        let mut game = Match::<MouseTrap>::new(&config, 5);
        let mut seats = vec![RandomSeat::default(); config.players()];
        for _ in 0..12 {
            game.step(&mut seats, &mut ()).unwrap();
        }
        let mut file = TranscriptFile::new(&path, Layout::Pretty);
        let seats_named = vec!["random".to_owned(); 3];
        file.save(&game, &seats_named, &[]).unwrap();
        // Written over behind the file's back: a save that writes would show here.
        fs::write(&path, "untouched").unwrap();
        file.save(&game, &seats_named, &[]).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "untouched");
        // A stop is new, with no new event: the end of the transcript is written again.
        game.stop(0, StopRequest::quit("tired"));
        file.save(&game, &seats_named, &[]).unwrap();
        assert!(
            fs::read_to_string(&path)
                .unwrap()
                .contains("\"stopped\": \"tired\"")
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stepping_a_match_the_layouts_agree_with_whole_transcripts() {
        let config = <MouseTrap as Game>::Config::defaults();
        let mut game = Match::<MouseTrap>::new(&config, 3);
        let mut seats = vec![RandomSeat::default(); config.players()];
        while game.step(&mut seats, &mut ()).unwrap() == Stepped::Event {}
        let transcript = Transcript::from_match(&game, vec!["random".to_owned(); 3]);
        assert_eq!(
            Layout::Line.text(&transcript),
            transcript.to_json_line() + "\n"
        );
        let empty = Transcript::from_match(
            &Match::<MouseTrap>::new(&config, 3),
            vec!["random".to_owned(); 3],
        );
        assert_eq!(Layout::Line.text(&empty), empty.to_json_line() + "\n");
        assert!(empty.to_json_pretty().contains("\"events\": [],\n"));
    }
}
