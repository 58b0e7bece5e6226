//! Your games, kept: every game a person finishes in the TUI is written to the games folder
//! of the user's data folder ([`crate::save::games_dir`]) under the time it ended, and so is
//! any game saved there with `s`; the history screen lists them (date, game, seats, your
//! result) with a tally of your wins against each level.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use mousehole_bots::recorded_names;
use mousehole_bots::{AgentKind, Level, SeatLabel};
use mousehole_engine::Transcript;
use mousehole_engine::naming::Reader;

use crate::TuiError;
use crate::save::{read_transcript, write_transcript};
use crate::session::ordinal;

/// One kept game, as the history lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub path: PathBuf,
    /// `2026-08-07 14:22` (UTC), from the file's name, else from when the file was written.
    pub date: String,
    pub transcript: Transcript,
    /// The person's seat (the first seat a person played), if one did.
    pub seat: Option<usize>,
}

impl Kept {
    /// `you vs seat 1 (hard) · seat 2 (easy)`.
    pub fn seats(&self) -> String {
        let names = recorded_names(&self.transcript.seats, Reader(self.seat));
        let others: Vec<String> = (0..names.len())
            .filter(|&seat| Some(seat) != self.seat)
            .map(|seat| names.name(seat))
            .collect();
        match self.seat {
            Some(_) => format!("you vs {}", others.join(" · ")),
            None => others.join(" · "),
        }
    }

    /// `won`, `2nd of 3`, `unfinished`, `stopped`.
    pub fn result(&self) -> String {
        let Some(outcome) = &self.transcript.outcome else {
            return if self.transcript.stopped.is_some() {
                "stopped".to_owned()
            } else {
                "unfinished".to_owned()
            };
        };
        let Some(seat) = self.seat else {
            return "finished".to_owned();
        };
        let rank = outcome.ranks.get(seat).copied().unwrap_or(0);
        let shared = outcome.ranks.iter().filter(|&&r| r == rank).count() > 1;
        match (rank, shared) {
            (1, false) => "won".to_owned(),
            (1, true) => "shared 1st".to_owned(),
            _ => format!("{} of {}", ordinal(rank), outcome.ranks.len()),
        }
    }

    /// The level this game was played against, for the tally: the strongest level among the
    /// bots when they were all levels and one person played.
    pub fn level(&self) -> Option<Level> {
        let labels: Vec<SeatLabel> = self
            .transcript
            .seats
            .iter()
            .map(|l| l.parse().ok())
            .collect::<Option<_>>()?;
        let people = labels.iter().filter(|l| l.is_human()).count();
        if people != 1 {
            return None;
        }
        labels
            .iter()
            .filter(|l| !l.is_human())
            .map(|l| match l.agent().map(mousehole_bots::AgentSpec::kind) {
                Some(AgentKind::Level(level)) => Some(level),
                _ => None,
            })
            .collect::<Option<Vec<Level>>>()?
            .into_iter()
            .max()
    }

    /// Whether the person won (first place, alone or shared).
    pub fn won(&self) -> bool {
        match (&self.transcript.outcome, self.seat) {
            (Some(outcome), Some(seat)) => outcome.ranks.get(seat) == Some(&1),
            _ => false,
        }
    }
}

/// Your wins and finished games against one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub level: Level,
    pub wins: usize,
    pub games: usize,
}

/// Per level (weakest first), your wins in the finished games you played alone against it.
pub fn tally(kept: &[Kept]) -> Vec<Tally> {
    Level::ALL
        .iter()
        .map(|&level| {
            let games: Vec<&Kept> = kept
                .iter()
                .filter(|k| k.transcript.outcome.is_some() && k.level() == Some(level))
                .collect();
            Tally {
                level,
                wins: games.iter().filter(|k| k.won()).count(),
                games: games.len(),
            }
        })
        .collect()
}

/// Every game in `dir` that reads as a transcript, newest first (by name: kept games are
/// named after the time they ended).
pub fn list(dir: &Path) -> Vec<Kept> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths.reverse();
    paths
        .into_iter()
        .filter_map(|path| {
            let transcript = read_transcript(&path).ok()?;
            if transcript.view.is_some() {
                return None;
            }
            let seat = SeatLabel::first_person(&transcript.seats);
            Some(Kept {
                date: date(&path),
                path,
                transcript,
                seat,
            })
        })
        .collect()
}

/// Keeps a finished game in `dir`, named after the time now and the game: returns where.
///
/// # Errors
/// The file cannot be written.
pub fn keep(dir: &Path, transcript: &Transcript) -> Result<PathBuf, TuiError> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dir.join(format!(
        "{}-{}-{}.json",
        stamp(seconds),
        transcript.game,
        transcript.seed
    ));
    write_transcript(&path, transcript)?;
    Ok(path)
}

/// `20260807-142233` for a time in seconds since 1970 (UTC).
pub fn stamp(seconds: u64) -> String {
    let days = seconds / 86_400;
    let (year, month, day) = civil(days as i64);
    let rest = seconds % 86_400;
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// `2026-08-07 14:22 UTC` for a time in seconds since 1970: when a report was made.
pub fn utc_minute(seconds: u64) -> String {
    format!("{} UTC", minute(seconds))
}

/// `2026-08-07 14:22` for a time in seconds since 1970 (UTC).
fn minute(seconds: u64) -> String {
    let (year, month, day) = civil((seconds / 86_400) as i64);
    let rest = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// When a kept game was written: from its name (kept games are named after the time), else
/// from the file's own time (a game saved with `s` under a name of the person's).
fn date(path: &Path) -> String {
    let named = date_of(path);
    if !named.is_empty() {
        return named;
    }
    std::fs::metadata(path)
        .and_then(|meta| meta.modified())
        .ok()
        .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
        .map(|since| minute(since.as_secs()))
        .unwrap_or_default()
}

/// `2026-08-07 14:22` from a kept game's file name, or nothing for another name.
fn date_of(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let digits = |range: std::ops::Range<usize>| {
        name.get(range)
            .filter(|s| s.chars().all(|c| c.is_ascii_digit()))
    };
    match (
        digits(0..4),
        digits(4..6),
        digits(6..8),
        digits(9..11),
        digits(11..13),
        name.get(8..9),
    ) {
        (Some(y), Some(m), Some(d), Some(h), Some(min), Some("-")) => {
            format!("{y}-{m}-{d} {h}:{min}")
        }
        _ => String::new(),
    }
}

/// The date of a day number since 1970-01-01 (Howard Hinnant's civil-from-days).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_named_and_read_back() {
        assert_eq!(stamp(0), "19700101-000000");
        // 2024-02-29 12:34:56 UTC.
        assert_eq!(stamp(1_709_210_096), "20240229-123456");
        assert_eq!(utc_minute(1_709_210_096), "2024-02-29 12:34 UTC");
        assert_eq!(
            date_of(Path::new("/x/20240229-123456-cheese-day-7.json")),
            "2024-02-29 12:34"
        );
        assert_eq!(date_of(Path::new("/x/cheese-day-7.json")), "");
    }

    #[test]
    fn a_game_saved_under_another_name_is_dated_by_its_file() {
        let dir = std::env::temp_dir().join(format!("mousehole-dated-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cheese-day-7.json");
        std::fs::write(&path, "{}").unwrap();
        let written = date(&path);
        let _ = std::fs::remove_dir_all(&dir);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        // Written a moment ago: today's date, to the minute (or the minute before).
        assert!(
            written == minute(now) || written == minute(now - 60),
            "{written}"
        );
    }
}
