//! Statistics of random games, one module per game (game lengths, endings, speed): built only
//! with the engine's `stats` feature and run optimised by `cargo xtask stats [--game GAME]`,
//! which selects a game by its module. The tests are `#[ignore]`d besides, so a plain
//! `cargo test --all-features` does not spend minutes on them in a debug build.

mod cheese_day;
mod moose_house;
mod mouse_race;
mod mouse_trap;
