//! The terminal front end for mousehole (ratatui + crossterm): game setup, one board view per
//! game, move picker, log and hints. Not built yet: this crate only reserves its place in the
//! workspace; people play through the line-based CLI (`mousehole play --seats human,…`).
