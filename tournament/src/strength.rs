//! The strength report (`docs/STRENGTH.md`): for every game, heads-up and at its default player
//! count (or, for a game played heads-up by default, its fullest table), the ladder of agents
//! (random, heuristic, flat Monte Carlo, the levels) as a round robin with win rates,
//! intervals, ratings, the head-to-head matrix and seat advantage; the pairings that show each
//! rung beats the one below it (duplicate seating, the stronger agent against copies of the
//! weaker one, its win rate against the fair share 1/players); and a chart of win rate against
//! search budget (SVG, drawn with plotters, built in only with the `charts` feature:
//! [`CHARTS`]).
//!
//! What is played is plain data ([`StrengthPlan`]): [`StrengthPlan::standard`] builds the
//! real one from the level table at a [`Scale`], for every game or only some, tests build tiny
//! ones. Every tournament is seeded from the plan's seed, so the whole report is reproducible
//! (timings aside).
//!
//! Each game's results are a file of their own ([`GameResults`], `strength/<game>.json`,
//! saying the command, seed, revision and date that made them), and `STRENGTH.md` and the
//! charts are rendered from every game's file present ([`read_results`], [`render`]), so the
//! report can be regenerated a game at a time (on one machine each) and stays whole. Each
//! game's levels' figures also go to the level table's measured file
//! ([`GameResults::measurements`], [`write_measured`]), which `mousehole list` and the TUI read.

#[cfg(feature = "charts")]
mod chart;
mod files;
mod markdown;
mod plan;
mod play;
mod results;

pub use files::{
    CHART_DIR, StrengthFiles, read_results, results_file, write_files, write_measured,
    write_results,
};
pub use markdown::{CHARTS, render};
pub use plan::{BudgetPoint, Pairing, Scale, Section, StrengthPlan};
pub use play::play;
pub use results::{GameResults, Played, PlayedLevel, SectionResult, StrengthResults};
