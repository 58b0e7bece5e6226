//! The one replay: a transcript's events applied, in order, to a new [`Match`] of its game,
//! seed and options through the runner's own recording path, so the states and every seat's
//! views are exactly the ones the match recorded as it was played. The `replay` and `view`
//! commands, analysis, the TUI's resume, undo and replay viewer and the conformance harness
//! all read transcripts through it.
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
use crate::registry::GameSpec;
use crate::runner::{Decision, Match, MatchObserver};
use crate::transcript::{BadEvent, FORMAT, ReplayError, Transcript, TranscriptEvent};
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
