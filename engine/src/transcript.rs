//! Transcripts: the full record of a game (`mousehole-transcript/1`), written as JSON, JSONL or
//! readable text, and replayed against the rules event by event.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::erased::DynState;
use crate::error::{SpecError, list_or_none};
use crate::game::{Actor, Game, ToMove};
use crate::options::GameConfig;
use crate::outcome::Outcome;
use crate::registry::GameSpec;
use crate::runner::Match;

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
    pub events: Vec<TranscriptEvent>,
    /// `None` while the game is unfinished.
    pub outcome: Option<Outcome>,
    /// Why the match ended before the game did, if it did (an added key: readers of the
    /// format ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// One event: who acted, and the action's normative text form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TranscriptEvent {
    pub actor: Actor,
    pub action: String,
}

/// Why a transcript does not replay.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError {
    #[error("unsupported format '{0}' (expected '{FORMAT}')")]
    Format(String),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{given} seat labels for a {players}-player game")]
    SeatCount { given: usize, players: usize },
    #[error("event {index} ({actor}: {action}) is invalid: {reason}; legal there: {}", list_or_none(.legal))]
    BadEvent {
        /// 1-based event number.
        index: usize,
        actor: Actor,
        action: String,
        reason: String,
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
    /// The state after the last event.
    pub state: Box<dyn DynState>,
}

impl Transcript {
    /// The record of a match so far, with one label per seat.
    pub fn from_match<G: Game>(record: &Match<G>, seats: Vec<String>) -> Self {
        Self {
            format: FORMAT.to_owned(),
            game: G::info().name.to_owned(),
            options: record.config().to_options(),
            seed: record.seed(),
            seats,
            events: record
                .events()
                .iter()
                .map(|event| TranscriptEvent {
                    actor: event.actor,
                    action: event.action.to_string(),
                })
                .collect(),
            outcome: record.outcome(),
            stopped: None,
        }
    }

    /// One JSON object on one line (for `.jsonl`).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("transcripts serialise")
    }

    /// One JSON object laid out for reading: each event on its own line.
    pub fn to_json_pretty(&self) -> String {
        let mut out = String::from("{\n");
        let _ = writeln!(out, "  \"format\": {},", compact(&self.format));
        let _ = writeln!(out, "  \"game\": {},", compact(&self.game));
        let _ = writeln!(out, "  \"options\": {},", compact(&self.options));
        let _ = writeln!(out, "  \"seed\": {},", self.seed);
        let _ = writeln!(out, "  \"seats\": {},", compact(&self.seats));
        out.push_str("  \"events\": [");
        for (i, event) in self.events.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&compact(event));
        }
        out.push_str(if self.events.is_empty() {
            "],\n"
        } else {
            "\n  ],\n"
        });
        if let Some(stopped) = &self.stopped {
            let _ = writeln!(out, "  \"stopped\": {},", compact(stopped));
        }
        let _ = writeln!(out, "  \"outcome\": {}", compact(&self.outcome));
        out.push_str("}\n");
        out
    }

    /// Parses one transcript object.
    ///
    /// # Errors
    /// The JSON error (with line and column) if the text is not a transcript.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Parses JSON lines: one result per non-empty line, with its 1-based line number.
    pub fn from_json_lines(text: &str) -> Vec<(usize, Result<Self, serde_json::Error>)> {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(i, line)| (i + 1, Self::from_json(line)))
            .collect()
    }

    /// Re-applies every event from the initial state, checking each against the rules, then
    /// checks the recorded outcome.
    ///
    /// # Errors
    /// The first problem found: format, game or options, seat count, an invalid event (its
    /// number, why, and the legal set there), or an outcome that differs.
    pub fn replay(&self) -> Result<ReplayReport, ReplayError> {
        if self.format != FORMAT {
            return Err(ReplayError::Format(self.format.clone()));
        }
        let game = GameSpec::from_map(&self.game, &self.options)?.build()?;
        if self.seats.len() != game.players() {
            return Err(ReplayError::SeatCount {
                given: self.seats.len(),
                players: game.players(),
            });
        }
        let mut state = game.new_state();
        for (i, event) in self.events.iter().enumerate() {
            apply_event(state.as_mut(), event).map_err(|(reason, legal)| {
                ReplayError::BadEvent {
                    index: i + 1,
                    actor: event.actor,
                    action: event.action.clone(),
                    reason,
                    legal,
                }
            })?;
        }
        let computed = state.outcome();
        let agree = match (&self.outcome, &computed) {
            (None, None) => true,
            (Some(recorded), Some(computed)) => recorded.matches(computed),
            _ => false,
        };
        if !agree {
            let show = |o: &Option<Outcome>| match o {
                None => "null (unfinished)".to_owned(),
                Some(o) => serde_json::to_string(o).expect("outcomes serialise"),
            };
            return Err(ReplayError::OutcomeMismatch {
                recorded: show(&self.outcome),
                computed: show(&computed),
            });
        }
        Ok(ReplayReport {
            events: self.events.len(),
            outcome: computed,
            state,
        })
    }

    /// The readable form: header, one numbered line per event with what it did, outcome.
    /// Deterministic, so it serves as an insta snapshot.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game: {}", self.game);
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let _ = writeln!(out, "options: {}", options.join(" "));
        let _ = writeln!(out, "seed: {}", self.seed);
        let _ = writeln!(out, "seats:");
        for (seat, label) in self.seats.iter().enumerate() {
            let _ = writeln!(out, "  {seat}: {label}");
        }
        let _ = writeln!(out);
        let mut state = GameSpec::from_map(&self.game, &self.options)
            .and_then(|spec| spec.build())
            .map(|game| game.new_state())
            .ok();
        for (i, event) in self.events.iter().enumerate() {
            let note = state.as_ref().and_then(|s| s.describe(&event.action));
            let _ = write!(out, "{}. {}: {}", i + 1, event.actor, event.action);
            if let Some(note) = note {
                let _ = write!(out, " → {note}");
            }
            out.push('\n');
            if let Some(Err((reason, _))) = state.as_mut().map(|s| apply_event(s.as_mut(), event)) {
                let _ = writeln!(out, "   ! invalid: {reason}");
                state = None;
            }
        }
        if let Some(stopped) = &self.stopped {
            let _ = writeln!(out, "\nstopped: {stopped}");
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

/// Applies one recorded event, checking that the recorded actor is the one to act.
fn apply_event(
    state: &mut dyn DynState,
    event: &TranscriptEvent,
) -> Result<(), (String, Vec<String>)> {
    let expected = state.to_move();
    let actor_ok = match (expected, event.actor) {
        (ToMove::Chance, Actor::Chance) => true,
        (ToMove::Player(seat), Actor::Seat(actor)) => seat == actor,
        _ => false,
    };
    if !actor_ok {
        let reason = match expected {
            ToMove::Terminal => "the game is already over".to_owned(),
            ToMove::Chance => format!(
                "a chance event is due here, not a decision by {}",
                event.actor
            ),
            ToMove::Player(seat) => format!("seat {seat} decides here, not {}", event.actor),
        };
        return Err((reason, state.legal_actions()));
    }
    state.apply_text(&event.action).map_err(|error| {
        let reason = match &error {
            crate::error::ActionError::Parse(e) => e.to_string(),
            crate::error::ActionError::Illegal(e) => e.reason.clone(),
        };
        (reason, state.legal_actions())
    })
}

/// Compact JSON of one part of a transcript.
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("transcript parts serialise")
}
