//! Seats for tournament entries: the one function that turns an entry into a seat (a
//! built-in agent, a level, or an external program), the one visitor bound every game must
//! meet, and the wrapper that counts each seat's decisions, thinking time and faults.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mousehole_bots::{AgentSeat, BotGame, ExternalSeat, build_agent};
use mousehole_engine::{
    Decision, DecisionView, Game, GameSpec, Outcome, Seat, SeenEvent, SpecError, StopRequest,
};

use crate::entry::{Entry, ExternalOptions};
use crate::error::TournamentError;

/// Builds the seat an entry names, for game `G`, in worker thread `worker`: every seat of a
/// tournament is built here, so an agent kind added to the bots sits like any other. An
/// external program's seat starts its process at its first game and keeps it for every
/// later game of the worker (one process per worker and entry), quitting it when dropped.
///
/// # Errors
/// A spec that does not build an agent for `G` (a setting it does not take, …), or an
/// external entry's fallback that does not.
pub fn seat_for<G: BotGame>(
    entry: &Entry,
    external: &ExternalOptions,
    worker: usize,
) -> Result<Box<dyn Seat<G>>, TournamentError> {
    match entry {
        Entry::Agent(spec) => {
            let agent = build_agent::<G>(spec).map_err(|problem| TournamentError::Agent {
                entry: spec.to_string(),
                problem,
            })?;
            Ok(Box::new(AgentSeat::<G>::new(agent)))
        }
        Entry::External(command) => {
            let fallback = external
                .fallback
                .build::<G>()
                .map_err(|problem| TournamentError::Fallback { problem })?;
            let log = external.log.clone();
            let seat = ExternalSeat::<G>::new(command.clone(), external.settings, fallback)
                .with_log(Box::new(move |line| {
                    if let Some(log) = &log {
                        (log.0)(worker, line);
                    }
                }));
            Ok(Box::new(seat))
        }
    }
}

/// Code that runs a tournament for any registered game, called with its concrete type. The
/// bound on `G` is the one place to say what seats need of a game (a heuristic bot, say).
pub(crate) trait TournamentGame {
    type Output;
    fn visit<G: BotGame>(self, config: G::Config) -> Self::Output;
}

/// Validates `spec` and calls `visitor` with the game's type.
pub(crate) fn visit<V: TournamentGame>(
    spec: &GameSpec,
    visitor: V,
) -> Result<V::Output, SpecError> {
    mousehole_engine::visit_game!(spec, visitor)
}

/// Checks that every entry builds a seat for the game, so a bad setting is reported before
/// any game is played; starts no program (an external entry's seat starts its program at
/// its first game).
pub(crate) fn check_agents(
    game: &GameSpec,
    agents: &[Entry],
    external: &ExternalOptions,
) -> Result<(), TournamentError> {
    struct Check<'a>(&'a [Entry], &'a ExternalOptions);
    impl TournamentGame for Check<'_> {
        type Output = Result<(), TournamentError>;
        fn visit<G: BotGame>(self, _config: G::Config) -> Self::Output {
            for entry in self.0 {
                match entry {
                    Entry::Agent(spec) => {
                        build_agent::<G>(spec).map_err(|problem| TournamentError::Agent {
                            entry: spec.to_string(),
                            problem,
                        })?;
                    }
                    Entry::External(_) => {
                        self.1
                            .fallback
                            .build::<G>()
                            .map_err(|problem| TournamentError::Fallback { problem })?;
                    }
                }
            }
            Ok(())
        }
    }
    visit(game, Check(agents, external))?
}

/// What one seat did in one game: decisions, time spent deciding, and faults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatUsage {
    pub decisions: u64,
    /// Total wall-clock nanoseconds spent in the seat's decisions.
    pub nanos: u64,
    /// The longest single decision, in nanoseconds.
    pub max_nanos: u64,
    /// Decisions made by the seat's fallback after a fault.
    pub faults: u64,
}

/// A seat that times each of the seat's decisions and counts its faults; the count starts
/// over when a game starts. Once `stop` is set it stops its game at its next decision, so a
/// stopped run does not wait for the games in progress to end (a slow program's may take
/// minutes).
pub(crate) struct TimedSeat<G: Game> {
    seat: Box<dyn Seat<G>>,
    pub usage: SeatUsage,
    stop: Option<Arc<AtomicBool>>,
}

impl<G: Game> TimedSeat<G> {
    pub fn new(seat: Box<dyn Seat<G>>, stop: Option<Arc<AtomicBool>>) -> Self {
        Self {
            seat,
            usage: SeatUsage::default(),
            stop,
        }
    }
}

impl<G: Game> Seat<G> for TimedSeat<G> {
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        self.usage = SeatUsage::default();
        self.seat.start(seat, config, seed);
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        if self
            .stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            return Err(StopRequest::quit("the tournament was stopped"));
        }
        let start = Instant::now();
        let answer = self.seat.decide(view);
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let usage = &mut self.usage;
        usage.decisions += 1;
        usage.nanos = usage.nanos.saturating_add(nanos);
        usage.max_nanos = usage.max_nanos.max(nanos);
        if matches!(&answer, Ok(decision) if decision.fault.is_some()) {
            usage.faults += 1;
        }
        answer
    }

    fn wants_views(&self) -> bool {
        self.seat.wants_views()
    }

    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        self.seat.finish(outcome, seen);
    }
}
