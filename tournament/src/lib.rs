//! Tournaments between mousehole agents: duplicate seating (every entry in every seat of the
//! same deal, so luck cancels), a parallel run whose results do not depend on the number of
//! threads, shards that many machines play and a merge that gives the report one machine
//! would, and the report itself: mean returns and win rates with 95% intervals, head to head,
//! seat advantage and a Weng–Lin rating.
//!
//! The formats (report JSON, part files, transcript lines) are documented in
//! `docs/tournaments.md`.
//!
//! # Examples
//!
//! Three random agents at Cheese Day, 30 games (10 deals of 3 seatings):
//!
//! ```
//! use mousehole_tournament::{ExternalOptions, TournamentConfig, parse_agent_list, run_tournament};
//!
//! let report = run_tournament(&TournamentConfig {
//!     game: "cheese-day:players=3".parse()?,
//!     agents: parse_agent_list("random,random,random")?,
//!     games: 30,
//!     seed: 1,
//!     permutations: false,
//!     external: ExternalOptions::default(),
//! })?;
//! assert_eq!((report.deals, report.games_played), (10, 30));
//! assert_eq!(report.agents[1].name, "random#2");
//! // Every entry sat in every seat of every deal.
//! assert!(report.agents.iter().all(|a| a.games == 30));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod part;
mod plan;
mod rating;
mod record;
mod report;
mod run;
mod seats;
mod stats;
pub mod strength;
mod tally;

pub use error::TournamentError;
pub use part::{Merged, PART_FORMAT, PartEnd, PartHeader, PartWriter, merge};
pub use plan::{MAX_SEATINGS, MAX_TABLES, Plan, Shard, TournamentConfig};
pub use rating::{Ratings, anchor};
pub use record::{DealRecord, GameRecord, SeatResult};
pub use report::{AgentReport, HeadToHead, REPORT_FORMAT, Report, SeatReport, Timing};
pub use run::{DealSink, Progress, RunOptions, RunResult, SeatBuilder, run, run_seated};
pub use seats::{
    ExternalLog, ExternalLogFn, ExternalOptions, SeatUsage, parse_agent, parse_agent_list, seat_for,
};
pub use stats::{Placements, Z95, mean_ci95, return_ci95, t975, wilson95};
pub use tally::{EntryTally, SeatTally, Tally};

/// Plays a whole tournament on every core and returns its report: what the strength report
/// over the bot ladder (and any other caller that just wants the figures) uses.
///
/// # Errors
/// A tournament that cannot be planned ([`Plan::new`]), a program that cannot be started
/// ([`Plan::check_programs`]), or a run that fails ([`run()`]).
pub fn run_tournament(config: &TournamentConfig) -> Result<Report, TournamentError> {
    let plan = Plan::new(config)?;
    plan.check_programs()?;
    let result = run(&plan, &RunOptions::default(), &mut ())?;
    Ok(Report::new(
        &plan,
        &result.tally,
        result.interrupted,
        result.elapsed.as_secs_f64(),
    ))
}
