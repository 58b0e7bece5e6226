//! The TUI's tests (one integration-test crate, one module per subject): an app driven by
//! keys on a test clock (`common`), whole games of each game, the screens' snapshots, and a
//! hosted game joined over the network.

mod common;
mod tui_games;
mod tui_join;
mod tui_snapshots;
