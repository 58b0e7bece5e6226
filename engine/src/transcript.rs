//! Transcripts: the full record of a game (`mousehole-transcript/1`), written as JSON, JSONL or
//! readable text, and replayed against the rules event by event.

// A replay error is built once per transcript and carries the legal set for the message: its
// size costs nothing worth boxing for.
#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::{IllegalReason, ParseActionError, SpecError, list_or_none};
use crate::game::{Actor, Game};
use crate::options::GameConfig;
use crate::outcome::Outcome;
use crate::registry::GameSpec;
use crate::runner::{DecisionInfo, Fault, Match};

pub mod file;
mod read;

pub use file::TranscriptFile;
pub use read::{
    InfoError, JsonLines, MAX_INFO_BYTES, MAX_INFO_DEPTH, Position, ReadError, check_info,
};

/// The value of the `format` key.
pub const FORMAT: &str = "mousehole-transcript/1";

/// One game, recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    pub format: String,
    pub game: String,
    /// Every option with the value used, defaults included.
    pub options: BTreeMap<String, String>,
    /// The match seed chance was sampled from (informative: replay uses the events).
    pub seed: u64,
    /// One label per seat: the agent spec or `human[:name]`.
    pub seats: Vec<String>,
    /// For a seat-view transcript, the seat whose view every event shows (such a transcript
    /// cannot be replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<usize>,
    pub events: Vec<TranscriptEvent>,
    /// `None` while the game is unfinished.
    pub outcome: Option<Outcome>,
    /// Why the match ended before the game did, if it did (an added key: readers of the
    /// format ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The seat that forfeited, if the match ended by forfeit (it ranks last, the others
    /// share first place; `outcome` stays `null`, the game being unfinished).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<usize>,
    /// The undos a person made while playing, in order (an added key: readers of the
    /// format ignore it, and `events` holds the game as it was finally played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undos: Vec<Undo>,
}

/// An undo: the game went back to its first `at` events, and these events, played after
/// them, were taken back (the game then went on from there, recorded in `events`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Undo {
    pub at: usize,
    pub undone: Vec<TranscriptEvent>,
}

/// One event: who acted, and the action's normative text form (in a seat-view transcript,
/// the seat's view of it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TranscriptEvent {
    pub actor: Actor,
    /// The action's text form (set once: a boxed `str` is a word smaller than a `String`).
    pub action: Box<str>,
    /// What the deciding agent said of its choice (boxed, as the rare parts below are: a
    /// game's transcript holds an event per move, most with neither, so an event stays at
    /// 64 bytes, not the 200 it took with them inline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub info: Option<Box<DecisionInfo>>,
    /// An external agent's fault at this decision; the seat's fallback chose the action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<Box<Fault>>,
    /// In a seat-view transcript: the readable note the seat was shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Box<str>>,
}

impl TranscriptEvent {
    /// An event with nothing but its actor and action.
    pub fn new(actor: Actor, action: impl Into<Box<str>>) -> Self {
        Self {
            actor,
            action: action.into(),
            info: None,
            fault: None,
            note: None,
        }
    }
}

/// Why a recorded event cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BadEvent {
    #[error(transparent)]
    Unparsable(#[from] ParseActionError),
    #[error("{0}")]
    Illegal(IllegalReason),
    /// Replaying to continue the game, chance must be the seed's: the recorded outcome is not
    /// what seed `seed`'s chance stream gives there.
    #[error(
        "seed {seed}'s chance stream gives `{drawn}` here: this transcript was not played with its recorded seed, so it cannot be continued exactly (it can still be replayed and viewed)"
    )]
    NotTheSeeds { seed: u64, drawn: String },
}

/// Why a transcript does not replay.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError {
    #[error("unsupported format '{0}' (expected '{FORMAT}')")]
    Format(String),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("the transcript lists {given} seat labels for a {players}-player game")]
    SeatCount { given: usize, players: usize },
    #[error(
        "this is seat {seat}'s view of a game (\"view\": {seat}): it shows only what that seat saw, so it cannot be replayed"
    )]
    SeatView { seat: usize },
    #[error("event {index} ({actor}: {}) is invalid: {reason}; legal there: {}", crate::text::shown(.action), list_or_none(.legal))]
    BadEvent {
        /// 1-based event number.
        index: usize,
        actor: Actor,
        action: String,
        reason: BadEvent,
        legal: Vec<String>,
    },
    #[error("the recorded outcome {recorded} differs from the replayed one {computed}")]
    OutcomeMismatch { recorded: String, computed: String },
}

/// A transcript that replayed cleanly.
#[derive(Debug)]
pub struct ReplayReport {
    /// Number of events applied.
    pub events: usize,
    /// The replayed outcome (`None` for an unfinished game).
    pub outcome: Option<Outcome>,
}

impl Transcript {
    /// The record of a match so far, with one label per seat.
    pub fn from_match<G: Game>(record: &Match<G>, seats: Vec<String>) -> Self {
        let mut transcript = Self::header_of(record, seats);
        transcript.events = events_of(record, 0).collect();
        transcript
    }

    /// [`Transcript::from_match`] without the events: what comes before and after them,
    /// made at a cost that does not grow with the game.
    fn header_of<G: Game>(record: &Match<G>, seats: Vec<String>) -> Self {
        let early = record.ended_early();
        Self {
            format: FORMAT.to_owned(),
            game: G::Config::description().name.to_owned(),
            options: record.config().to_options(),
            seed: record.seed(),
            seats,
            view: None,
            events: Vec::new(),
            outcome: record.outcome(),
            stopped: early.map(|(seat, reason, forfeit)| {
                if forfeit {
                    format!("seat {seat} forfeits: {reason}")
                } else {
                    reason.to_owned()
                }
            }),
            forfeit: early.and_then(|(seat, _, forfeit)| forfeit.then_some(seat)),
            undos: Vec::new(),
        }
    }

    /// The game and options of a full transcript of our format: what a replay starts from.
    ///
    /// # Errors
    /// Another format, a seat's view, an unknown game or a missing or bad option.
    pub fn spec(&self) -> Result<GameSpec, ReplayError> {
        if self.format != FORMAT {
            return Err(ReplayError::Format(self.format.clone()));
        }
        if let Some(seat) = self.view {
            return Err(ReplayError::SeatView { seat });
        }
        Ok(GameSpec::from_recorded(&self.game, &self.options)?)
    }

    /// One JSON object on one line (for `.jsonl`).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("transcripts serialise")
    }

    /// One JSON object laid out for reading: each event on its own line.
    pub fn to_json_pretty(&self) -> String {
        Layout::Pretty.text(self)
    }

    /// A copy with no events (what a file's layout is framed from).
    fn without_events(&self) -> Transcript {
        Transcript {
            format: self.format.clone(),
            game: self.game.clone(),
            options: self.options.clone(),
            seed: self.seed,
            seats: self.seats.clone(),
            view: self.view,
            events: Vec::new(),
            outcome: self.outcome.clone(),
            stopped: self.stopped.clone(),
            forfeit: self.forfeit,
            undos: self.undos.clone(),
        }
    }

    /// The layout of one JSON object laid out for reading, up to its events' `[` and from
    /// after their `]` (the events are not looked at).
    fn pretty_frame(&self) -> (String, String) {
        let mut out = String::from("{\n");
        let _ = writeln!(out, "  \"format\": {},", compact(&self.format));
        let _ = writeln!(out, "  \"game\": {},", compact(&self.game));
        let _ = writeln!(out, "  \"options\": {},", compact(&self.options));
        let _ = writeln!(out, "  \"seed\": {},", self.seed);
        let _ = writeln!(out, "  \"seats\": {},", compact(&self.seats));
        if let Some(view) = self.view {
            let _ = writeln!(out, "  \"view\": {view},");
        }
        out.push_str("  \"events\": [");
        let head = std::mem::replace(&mut out, ",\n".to_owned());
        if let Some(stopped) = &self.stopped {
            let _ = writeln!(out, "  \"stopped\": {},", compact(stopped));
        }
        if let Some(forfeit) = self.forfeit {
            let _ = writeln!(out, "  \"forfeit\": {forfeit},");
        }
        for (i, undo) in self.undos.iter().enumerate() {
            out.push_str(if i == 0 {
                "  \"undos\": [\n    "
            } else {
                ",\n    "
            });
            out.push_str(&compact(undo));
            if i + 1 == self.undos.len() {
                out.push_str("\n  ],\n");
            }
        }
        let _ = writeln!(out, "  \"outcome\": {}", compact(&self.outcome));
        out.push_str("}\n");
        (head, out)
    }

    /// Parses one transcript object from JSON text (a leading byte-order mark is skipped).
    /// Every key is checked, so the error says which key is wrong and why, in the format's
    /// words; syntax errors give the line and column.
    ///
    /// # Errors
    /// [`ReadError`] if the text is not one transcript.
    pub fn from_json(text: &str) -> Result<Self, ReadError> {
        read::from_text(text, false)
    }

    /// [`Transcript::from_json`] for bytes that should be UTF-8 (a file's contents): a byte
    /// that is not UTF-8 is reported with its line and column.
    ///
    /// # Errors
    /// [`ReadError`] if the bytes are not one transcript.
    pub fn from_json_bytes(bytes: &[u8]) -> Result<Self, ReadError> {
        read::from_bytes(bytes, false)
    }

    /// Parses JSON lines: one result per non-blank line, with its 1-based line number.
    pub fn from_json_lines(text: &str) -> Vec<(usize, Result<Self, ReadError>)> {
        Self::read_json_lines(text.as_bytes()).collect()
    }

    /// Reads JSON lines from `reader` one line at a time (a file of any size in constant
    /// memory): one result per non-blank line, with its 1-based line number.
    pub fn read_json_lines<R: std::io::BufRead>(reader: R) -> JsonLines<R> {
        JsonLines::new(reader)
    }

    /// The readable form, each event with what `described` says of it (a seat-view
    /// transcript's events carry their own notes): what [`Transcript::to_text`] writes.
    pub(crate) fn text_described(&self, described: Option<&Described>) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game: {}", crate::text::shown(&self.game));
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| crate::text::shown(&format!("{k}={v}")))
            .collect();
        let _ = writeln!(out, "options: {}", options.join(" "));
        let _ = writeln!(out, "seed: {}", self.seed);
        let _ = writeln!(out, "seats:");
        for (seat, label) in self.seats.iter().enumerate() {
            let _ = writeln!(out, "  {seat}: {}", crate::text::shown(label));
        }
        if let Some(seat) = self.view {
            let _ = writeln!(out, "view: seat {seat} (what that seat saw)");
        }
        let _ = writeln!(out);
        for (i, event) in self.events.iter().enumerate() {
            let note = match described {
                Some(described) => described.notes.get(i).cloned().flatten(),
                None => event.note.as_deref().map(str::to_owned),
            };
            // A file's text is echoed safely: it may come from anywhere.
            let action = crate::text::shown(&event.action);
            let _ = write!(out, "{}. {}: {action}", i + 1, event.actor);
            if let Some(note) = note {
                let _ = write!(out, " → {}", crate::text::cut(&note, 400));
            }
            out.push('\n');
            if let Some(fault) = &event.fault {
                let _ = writeln!(out, "   ! fault: {fault} (the seat's fallback chose)");
            }
            if let Some(win) = event.info.as_ref().and_then(|info| info.win) {
                let _ = writeln!(out, "   (estimated win chance {:.1}%)", 100.0 * win);
            }
            if let Some(Described {
                invalid: Some((at, reason)),
                ..
            }) = described
                && *at == i
            {
                let _ = writeln!(out, "   ! invalid: {reason}");
            }
        }
        if let Some(stopped) = &self.stopped {
            let _ = writeln!(out, "\nstopped: {}", crate::text::cut(stopped, 400));
        }
        let _ = writeln!(out);
        match &self.outcome {
            None => {
                let _ = writeln!(out, "outcome: unfinished");
            }
            Some(outcome) => {
                let _ = writeln!(out, "outcome:");
                let _ = writeln!(out, "  seat  rank  score  return");
                for seat in 0..outcome.ranks.len() {
                    let _ = writeln!(
                        out,
                        "  {seat:>4}  {:>4}  {:>5}  {:>6.3}",
                        outcome.ranks[seat],
                        outcome.scores.get(seat).copied().unwrap_or_default(),
                        outcome.returns.get(seat).copied().unwrap_or_default()
                    );
                }
            }
        }
        out
    }
}

/// The match's events from index `from` on, as a transcript records them (with the info and
/// fault of each decision).
fn events_of<G: Game>(record: &Match<G>, from: usize) -> impl Iterator<Item = TranscriptEvent> {
    let notes = record.event_notes();
    let mut notes = notes[notes.partition_point(|n| n.index < from)..]
        .iter()
        .peekable();
    record.events()[from.min(record.events().len())..]
        .iter()
        .enumerate()
        .map(move |(offset, event)| {
            let mut recorded = TranscriptEvent::new(event.actor, event.action.to_string());
            if let Some(note) = notes.next_if(|n| n.index == from + offset) {
                recorded.info.clone_from(&note.info);
                recorded.fault.clone_from(&note.fault);
            }
            recorded
        })
}

/// What the true state says of each event of a full transcript ([`Game::describe`]), as far
/// as it replays, and where it stops replaying.
pub(crate) struct Described {
    pub(crate) notes: Vec<Option<String>>,
    /// The index of the first event that does not apply, and why.
    pub(crate) invalid: Option<(usize, String)>,
}

/// How a transcript is laid out as text: around its events, and between them. The one place
/// that knows it, for whole transcripts ([`Transcript::to_json_pretty`]) and for files written
/// an event at a time ([`TranscriptFile`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One JSON object laid out for reading, each event on its own line (`.json`).
    Pretty,
    /// One JSON object on one line, then a newline (a line of a `.jsonl` file).
    Line,
}

impl Layout {
    /// `transcript` as text in this layout.
    pub fn text(self, transcript: &Transcript) -> String {
        let (head, tail) = self.frame(transcript);
        let mut text = head;
        for (index, event) in transcript.events.iter().enumerate() {
            self.push_event(&mut text, index, event);
        }
        text.push_str(self.close(!transcript.events.is_empty()));
        text.push_str(&tail);
        text
    }

    /// The text up to the events' `[`, and from after their `]` (the events are not looked
    /// at: its cost does not grow with the game).
    fn frame(self, transcript: &Transcript) -> (String, String) {
        match self {
            Layout::Pretty => transcript.pretty_frame(),
            Layout::Line => {
                let mut text = if transcript.events.is_empty() {
                    transcript.to_json_line()
                } else {
                    transcript.without_events().to_json_line()
                };
                // Strings in JSON escape their quotes, so the first `"events":[]` is the key.
                let at = text
                    .find("\"events\":[]")
                    .expect("a transcript has its events")
                    + "\"events\":[".len();
                let mut tail = text.split_off(at);
                tail.remove(0);
                tail.push('\n');
                (text, tail)
            }
        }
    }

    /// Appends event number `index` (from 0).
    fn push_event(self, text: &mut String, index: usize, event: &TranscriptEvent) {
        text.push_str(match (self, index) {
            (Layout::Pretty, 0) => "\n    ",
            (Layout::Pretty, _) => ",\n    ",
            (Layout::Line, 0) => "",
            (Layout::Line, _) => ",",
        });
        text.push_str(&compact(event));
    }

    /// What closes the events' array, when there are `any`.
    fn close(self, any: bool) -> &'static str {
        match (self, any) {
            (Layout::Pretty, true) => "\n  ]",
            (Layout::Pretty | Layout::Line, _) => "]",
        }
    }
}

/// Compact JSON of one part of a transcript.
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("transcript parts serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A transcript holds an event per move: its rare parts (info, fault, note) are boxed so
    /// an event is 64 bytes at most (200 with them inline).
    #[test]
    fn an_event_is_64_bytes_at_most() {
        assert!(
            size_of::<TranscriptEvent>() <= 64,
            "{} bytes",
            size_of::<TranscriptEvent>()
        );
    }
}
