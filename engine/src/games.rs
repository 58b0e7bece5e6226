//! The four games, one module each.

pub mod cheese_day;
pub mod moose_house;
pub mod mouse_race;
pub mod mouse_trap;
