//! The engine's tests (one integration-test crate, one module per subject): each game's rules
//! and fixed-seed transcripts, the conformance harness over every game, and the match runner.
//! The statistics of random games are a crate of their own (`tests/stats`), built only with the
//! `stats` feature (`cargo xtask stats`).

mod cheese_day_rules;
mod cheese_day_snapshots;
mod conformance;
mod driver;
mod encoding;
mod moose_house_rules;
mod moose_house_snapshots;
mod mouse_race_rules;
mod mouse_race_snapshots;
mod mouse_trap_rules;
mod mouse_trap_snapshots;
mod runner;
