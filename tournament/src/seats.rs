//! Seats for tournament entries: the entries (agents and programs, never people), how their
//! programs are run, the seat each entry gets (built by the bots' one [`build_seat`]), the one
//! visitor bound every game must meet, and the wrapper that counts each seat's decisions,
//! thinking time and faults.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use mousehole_bots::{
    BotGame, ExternalSettings, FallbackSpec, LogEntry, ProgramOptions, SeatLabel, SeatLabelError,
    build_seat, split_spec_list,
};
use mousehole_engine::{Decision, DecisionView, Ending, Game, Seat, StopRequest};

use crate::error::TournamentError;

/// Parses one entry of a tournament's list: an agent spec or `exec:COMMAND` (a
/// [`SeatLabel`] that is not a person's). Nothing is started: whether the program runs is
/// checked when the tournament starts ([`crate::Plan::check_programs`]).
///
/// # Errors
/// An empty entry, a person (`human`), a command that does not split into words, or a spec
/// that names no agent.
pub fn parse_agent(entry: &str) -> Result<SeatLabel, TournamentError> {
    let person = || TournamentError::Human {
        entry: mousehole_engine::text::shown(entry.trim()),
    };
    match entry.parse::<SeatLabel>() {
        Ok(label) if label.is_human() || label.is_remote() => Err(person()),
        Ok(label) => Ok(label),
        Err(SeatLabelError::NoName { .. } | SeatLabelError::BadName { .. }) => Err(person()),
        Err(SeatLabelError::Empty) => Err(TournamentError::EmptyAgent),
        Err(SeatLabelError::Command(error)) => Err(TournamentError::Command(error)),
        Err(SeatLabelError::Agent { label, source }) => Err(TournamentError::Agent {
            entry: label,
            problem: source,
        }),
    }
}

/// Parses a comma-separated agent list ([`split_spec_list`], then [`parse_agent`] each).
///
/// # Errors
/// As [`parse_agent`], for the first bad entry.
pub fn parse_agent_list(text: &str) -> Result<Vec<SeatLabel>, TournamentError> {
    split_spec_list(text)
        .iter()
        .map(|entry| parse_agent(entry))
        .collect()
}

/// Where external programs' log lines go (faults, what they wrote on stderr, how they
/// ended), with the worker thread that ran the program.
#[derive(Clone)]
pub struct ExternalLog(pub Arc<ExternalLogFn>);

/// What an [`ExternalLog`] calls: the worker's number and the line.
pub type ExternalLogFn = dyn Fn(usize, &LogEntry) + Send + Sync;

impl fmt::Debug for ExternalLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ExternalLog")
    }
}

/// How the external entries are run: the same settings as `mousehole play`'s `exec:` seats.
#[derive(Clone, Debug, Default)]
pub struct ExternalOptions {
    /// Each act's deadline and the grace allowed past it.
    pub settings: ExternalSettings,
    /// Who decides when a program faults.
    pub fallback: FallbackSpec,
    /// Where the programs' log lines go; `None` drops them (every fault is still counted in
    /// the report and recorded on the transcript).
    pub log: Option<ExternalLog>,
}

impl ExternalOptions {
    /// How worker thread `worker` runs its programs.
    fn for_worker(&self, worker: usize) -> ProgramOptions {
        let log = self.log.clone();
        ProgramOptions {
            settings: self.settings,
            fallback: self.fallback.clone(),
            log: Some(Arc::new(move || {
                let log = log.clone();
                Box::new(move |line: &LogEntry| {
                    if let Some(log) = &log {
                        (log.0)(worker, line);
                    }
                })
            })),
        }
    }
}

/// Builds the seat an entry names, for game `G`, in worker thread `worker`. An external
/// program's seat starts its process at its first game and keeps it for every later game of
/// the worker (one process per worker and entry), quitting it when dropped.
///
/// # Errors
/// A spec that does not build an agent for `G` (a setting it does not take, …), or an
/// external entry's program or fallback that does not.
pub fn seat_for<G: BotGame>(
    entry: &SeatLabel,
    external: &ExternalOptions,
    worker: usize,
) -> Result<Box<dyn Seat<G> + Send>, TournamentError> {
    let built = build_seat::<G>(entry, &external.for_worker(worker))
        .map_err(|error| TournamentError::Seat(error.to_string()))?;
    built
        .map(|bot| bot.seat)
        .ok_or_else(|| TournamentError::Human {
            entry: entry.to_string(),
        })
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
/// over when a game starts.
pub(crate) struct TimedSeat<G: Game> {
    seat: Box<dyn Seat<G> + Send>,
    pub usage: SeatUsage,
}

impl<G: Game> TimedSeat<G> {
    pub fn new(seat: Box<dyn Seat<G> + Send>) -> Self {
        Self {
            seat,
            usage: SeatUsage::default(),
        }
    }
}

impl<G: Game> Seat<G> for TimedSeat<G> {
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        self.usage = SeatUsage::default();
        self.seat.start(seat, config, agent_seed);
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
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

    fn wants_notes(&self) -> bool {
        self.seat.wants_notes()
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        self.seat.finish(ending);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_entries_parsed_without_starting_them() {
        let entries =
            parse_agent_list("exec:no-such-program-anywhere --fast, hard, ismcts:iterations=5")
                .unwrap();
        assert_eq!(entries.len(), 3);
        assert!(entries[0].is_program());
        assert_eq!(
            entries[0].to_string(),
            "exec:no-such-program-anywhere --fast"
        );
        assert_eq!(entries[1].to_string(), "hard");
        assert_eq!(
            entries[2].agent().map(ToString::to_string).as_deref(),
            Some("ismcts:iterations=5")
        );
        let err = parse_agent("exec:").unwrap_err().to_string();
        assert!(err.contains("needs a command"), "{err}");
        let err = parse_agent("exec:bot 'open").unwrap_err().to_string();
        assert!(err.contains("close every quote"), "{err}");
        for person in ["human", "human:ann", "human:"] {
            assert!(
                matches!(parse_agent(person), Err(TournamentError::Human { .. })),
                "{person}"
            );
        }
    }
}
