//! The four games, one module each.

pub mod cheese_day;
pub mod mouse_race;
