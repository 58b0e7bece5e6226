//! The bots crate's tests (one integration-test crate, one module per subject): every agent
//! through whole games of every game, the external agent against real programs
//! (`tests/external/*.py`), and each game's heuristic.

mod agents;
mod external;
mod heuristic_cheese_day;
mod heuristic_moose_house;
mod heuristic_mouse_race;
mod heuristic_mouse_trap;
