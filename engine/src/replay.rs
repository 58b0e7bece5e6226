//! The one replay: a transcript's events applied, in order, to a new [`Match`] of its game,
//! seed and options through the runner's own recording path, so the states and every seat's
//! views are exactly the ones the match recorded as it was played. The `replay` and `view`
//! commands, analysis, the TUI's resume, undo and replay viewer and the conformance harness
//! all read transcripts through it. The transcript's own methods that replay it
//! ([`Transcript::replay`], [`Transcript::seat_view`], [`Transcript::to_text`]) are written
//! here, so the transcript module, which the replay reads, does not reach up into it.
//!
//! # Examples
//!
//! ```
//! use mousehole_engine::games::cheese_day::CheeseDay;
//! use mousehole_engine::playout::random_transcript;
//! use mousehole_engine::replay::{Chance, Replay};
//! use mousehole_engine::GameConfig;
//!
//! let config = mousehole_engine::games::cheese_day::CheeseDayConfig::defaults();
//! let transcript = random_transcript::<CheeseDay>(&config, 3);
//! let mut replay = Replay::<CheeseDay>::new(&transcript, Chance::Seeded)?.with_views();
//! while replay.step()? {}
//! let game = replay.finish()?;
//! assert_eq!(game.seen(0).len(), transcript.events.len());
//! # Ok::<(), mousehole_engine::ReplayError>(())
//! ```

// A replay error is built once per transcript and carries the legal set for the message: its
// size costs nothing worth boxing for.
#![allow(clippy::result_large_err)]

use crate::game::{Actor, Game, ToMove};
use crate::outcome::Outcome;
use crate::registry::{GameSpec, GameVisitor};
use crate::runner::{Decision, Event, Match, MatchObserver};
use crate::transcript::{
    BadEvent, Described, FORMAT, ReplayError, ReplayReport, Transcript, TranscriptEvent,
};
use crate::{GameConfig, IllegalAction, IllegalReason};

/// Where a replay takes the chance outcomes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// As recorded, each checked to be possible there: any valid transcript replays, whatever
    /// seed it names.
    Recorded,
    /// Drawn from the transcript seed's chance stream, each draw checked against the record:
    /// the match's random stream then stands where it stood when the game was recorded, so
    /// the game can be continued exactly as it would have gone on (resume, undo).
    Seeded,
}

/// A transcript being replayed into a match, an event at a time.
#[derive(Debug)]
pub struct Replay<'t, G: Game> {
    transcript: &'t Transcript,
    game: Match<G>,
    chance: Chance,
    /// Events applied so far.
    applied: usize,
}

impl<'t, G: Game> Replay<'t, G> {
    /// Checks what comes before the events (the format, that this is a full transcript of
    /// game `G` with every option, one seat label per seat) and starts a match with the
    /// transcript's configuration and seed.
    ///
    /// # Errors
    /// The first problem with the header.
    pub fn new(transcript: &'t Transcript, chance: Chance) -> Result<Self, ReplayError> {
        if transcript.format != FORMAT {
            return Err(ReplayError::Format(transcript.format.clone()));
        }
        if let Some(seat) = transcript.view {
            return Err(ReplayError::SeatView { seat });
        }
        let config =
            GameSpec::from_recorded(&transcript.game, &transcript.options)?.config::<G>()?;
        if transcript.seats.len() != config.players() {
            return Err(ReplayError::SeatCount {
                given: transcript.seats.len(),
                players: config.players(),
            });
        }
        Ok(Self {
            transcript,
            game: Match::new(&config, transcript.seed),
            chance,
            applied: 0,
        })
    }

    /// Records every seat's view of every event (see [`Match::record_views`]).
    pub fn with_views(mut self) -> Self {
        self.game.record_views(true);
        self
    }

    /// The match so far.
    pub fn game(&self) -> &Match<G> {
        &self.game
    }

    /// The match so far, to ask for the decision due ([`Match::decision_view`]) before the
    /// next event is applied.
    pub fn game_mut(&mut self) -> &mut Match<G> {
        &mut self.game
    }

    /// The transcript being replayed.
    pub fn transcript(&self) -> &'t Transcript {
        self.transcript
    }

    /// How many events have been applied.
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// The next event to apply, if any is left.
    pub fn next_event(&self) -> Option<&'t TranscriptEvent> {
        self.transcript.events.get(self.applied)
    }

    /// Applies the next event; `false` once every event has been applied.
    ///
    /// # Errors
    /// The event cannot be applied (its number, why, the legal set there); nothing is
    /// applied and the match stays as it was before it.
    pub fn step(&mut self) -> Result<bool, ReplayError> {
        self.step_observed(&mut ())
    }

    /// [`Replay::step`], showing the event to `observer` (which sees the true state: a
    /// replay viewer's record of the states, a full transcript's notes).
    ///
    /// # Errors
    /// As [`Replay::step`].
    pub fn step_observed(
        &mut self,
        observer: &mut impl MatchObserver<G>,
    ) -> Result<bool, ReplayError> {
        let Some(event) = self.next_event() else {
            return Ok(false);
        };
        self.apply(event, observer)
            .map_err(|reason| self.bad_event(self.applied, reason))?;
        self.applied += 1;
        Ok(true)
    }

    fn apply(
        &mut self,
        event: &TranscriptEvent,
        observer: &mut impl MatchObserver<G>,
    ) -> Result<(), BadEvent> {
        let action: G::Action = event.action.trim().parse()?;
        let illegal = |error: IllegalAction| BadEvent::Illegal(error.reason);
        match (self.game.state().to_move(), event.actor) {
            (ToMove::Chance, Actor::Chance) if self.chance == Chance::Recorded => self
                .game
                .apply_chance_observed(action, observer)
                .map_err(illegal),
            (ToMove::Chance, Actor::Chance) => {
                if !self.game.state().is_legal(&action) {
                    return Err(BadEvent::Illegal(IllegalReason::NotAnOutcome));
                }
                // Drawn on a copy first: a draw that differs from the record applies nothing.
                let mut stream = self.game.chance_stream().clone();
                let drawn = self
                    .game
                    .state()
                    .sample_chance(&mut stream, &mut Vec::new())
                    .expect("chance is due");
                if drawn != action {
                    return Err(BadEvent::NotTheSeeds {
                        seed: self.transcript.seed,
                        drawn: drawn.to_string(),
                    });
                }
                self.game.resolve_chance_observed(observer);
                Ok(())
            }
            (ToMove::Player(to_move), Actor::Seat(seat)) if to_move == seat => {
                let decision = Decision {
                    action,
                    info: event.info.clone(),
                    fault: event.fault.clone(),
                };
                self.game
                    .decide_observed(seat, decision, observer)
                    .map_err(illegal)
            }
            (to_move, actor) => Err(BadEvent::Illegal(IllegalReason::of_actor(to_move, actor))),
        }
    }

    fn bad_event(&self, index: usize, reason: BadEvent) -> ReplayError {
        let event = &self.transcript.events[index];
        ReplayError::BadEvent {
            index: index + 1,
            actor: event.actor,
            action: event.action.to_string(),
            reason,
            legal: self.game.state().legal_texts(),
        }
    }

    /// Applies every event left.
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn run(&mut self) -> Result<(), ReplayError> {
        while self.step()? {}
        Ok(())
    }

    /// Applies every event left, then checks the recorded outcome against the game's: the
    /// whole transcript checked, the match it records returned.
    ///
    /// # Errors
    /// The first event that cannot be applied, or an outcome that differs.
    pub fn finish(mut self) -> Result<Match<G>, ReplayError> {
        self.run()?;
        check_outcome(
            self.transcript.outcome.as_ref(),
            self.game.outcome().as_ref(),
        )?;
        Ok(self.game)
    }

    /// The match so far, whether or not every event was applied.
    pub fn into_match(self) -> Match<G> {
        self.game
    }
}

/// Checks a recorded outcome against the one the rules computed.
///
/// # Errors
/// [`ReplayError::OutcomeMismatch`] when they differ (one of them missing included).
pub fn check_outcome(
    recorded: Option<&Outcome>,
    computed: Option<&Outcome>,
) -> Result<(), ReplayError> {
    let agree = match (recorded, computed) {
        (None, None) => true,
        (Some(recorded), Some(computed)) => recorded.matches(computed),
        _ => false,
    };
    if agree {
        return Ok(());
    }
    let show = |o: Option<&Outcome>| match o {
        None => "null (unfinished)".to_owned(),
        Some(o) => serde_json::to_string(o).expect("outcomes serialise"),
    };
    Err(ReplayError::OutcomeMismatch {
        recorded: show(recorded),
        computed: show(computed),
    })
}

// What a transcript learns by being replayed: whether it holds, a seat's view of it, and its
// readable text with each event described from the true state. These are the transcript's
// own methods, written here, above both the transcript and the replay, which they join.
impl Transcript {
    /// The readable form: header, one numbered line per event with what it did, outcome.
    /// Deterministic, so it serves as an insta snapshot.
    pub fn to_text(&self) -> String {
        // A seat-view transcript carries its own notes; a full one is described event by
        // event from the replayed state, as far as it replays.
        let described = if self.view.is_some() {
            None
        } else {
            self.spec()
                .ok()
                .and_then(|spec| spec.visit(Describe(self)).ok())
        };
        self.text_described(described.as_ref())
    }

    /// This game as seat `seat` saw it: every event in the seat's view (hidden parts redacted
    /// as the game's spec says), with the note the seat was shown. The result carries
    /// `"view": seat` and cannot be replayed.
    ///
    /// # Errors
    /// If this transcript does not replay (a seat-view transcript, a bad event, an outcome
    /// that is not the game's, …), or `seat` is not a seat of the game.
    pub fn seat_view(&self, seat: usize) -> Result<Transcript, ReplayError> {
        struct SeatView<'a> {
            transcript: &'a Transcript,
            seat: usize,
        }
        impl GameVisitor for SeatView<'_> {
            type Output = Result<Vec<TranscriptEvent>, ReplayError>;
            fn visit<G: Game>(self, config: G::Config) -> Self::Output {
                let players = config.players();
                if self.seat >= players {
                    return Err(ReplayError::SeatCount {
                        given: self.seat + 1,
                        players,
                    });
                }
                let game = Replay::<G>::new(self.transcript, Chance::Recorded)?
                    .with_views()
                    .finish()?;
                Ok(game
                    .seen(self.seat)
                    .iter()
                    .zip(&self.transcript.events)
                    .map(|(seen, event)| {
                        let mut shown = TranscriptEvent::new(seen.actor, seen.view.to_string());
                        shown.note = seen.note.as_deref().map(Box::from);
                        if event.actor == Actor::Seat(self.seat) {
                            // A seat knows what it said and what went wrong with its answers.
                            shown.info.clone_from(&event.info);
                            shown.fault.clone_from(&event.fault);
                        }
                        shown
                    })
                    .collect())
            }
        }
        let events = self.spec()?.visit(SeatView {
            transcript: self,
            seat,
        })??;
        Ok(Transcript {
            view: Some(seat),
            events,
            ..self.clone()
        })
    }

    /// Re-applies every event from the initial state, checking each against the rules, then
    /// checks the recorded outcome ([`Replay`], with chance as recorded).
    ///
    /// # Errors
    /// The first problem found: format, game or options, seat count, an invalid event (its
    /// number, why, and the legal set there), or an outcome that differs.
    pub fn replay(&self) -> Result<ReplayReport, ReplayError> {
        struct Check<'a>(&'a Transcript);
        impl GameVisitor for Check<'_> {
            type Output = Result<ReplayReport, ReplayError>;
            fn visit<G: Game>(self, _config: G::Config) -> Self::Output {
                let game = Replay::<G>::new(self.0, Chance::Recorded)?.finish()?;
                Ok(ReplayReport {
                    events: game.events().len(),
                    outcome: game.outcome(),
                })
            }
        }
        self.spec()?.visit(Check(self))?
    }
}

/// Describes a full transcript's events from its replayed states ([`Described`]).
struct Describe<'a>(&'a Transcript);

impl GameVisitor for Describe<'_> {
    type Output = Described;
    fn visit<G: Game>(self, _config: G::Config) -> Described {
        struct Notes(Vec<Option<String>>);
        impl<G: Game> MatchObserver<G> for Notes {
            fn before(&mut self, state: &G, event: &Event<G::Action>) {
                self.0.push(state.describe(&event.action));
            }
        }
        let mut notes = Notes(Vec::with_capacity(self.0.events.len()));
        // A header the replay refuses (a seat count, say) leaves the events undescribed.
        let invalid = match Replay::<G>::new(self.0, Chance::Recorded) {
            Err(_) => None,
            Ok(mut replay) => loop {
                match replay.step_observed(&mut notes) {
                    Ok(true) => {}
                    Ok(false) => break None,
                    Err(error) => {
                        let at = replay.applied();
                        // The event that does not apply is still described, if it reads.
                        let event = &self.0.events[at];
                        notes.0.push(
                            event
                                .action
                                .trim()
                                .parse()
                                .ok()
                                .and_then(|action| replay.game().state().describe(&action)),
                        );
                        let reason = match error {
                            ReplayError::BadEvent { reason, .. } => reason.to_string(),
                            other => other.to_string(),
                        };
                        break Some((at, reason));
                    }
                }
            },
        };
        Described {
            notes: notes.0,
            invalid,
        }
    }
}
