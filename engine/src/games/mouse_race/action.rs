//! Mouse Race actions and their normative text forms (`draw`, `place b1`, `left`, `cat d9`,
//! chance `draw curve`, …).

use std::fmt::{self, Display};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::Square;
use crate::error::ParseActionError;

/// The three kinds of tile in the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TileKind {
    Straight,
    Curve,
    Cat,
}

impl TileKind {
    pub const ALL: [TileKind; 3] = [TileKind::Straight, TileKind::Curve, TileKind::Cat];

    pub fn name(self) -> &'static str {
        match self {
            TileKind::Straight => "straight",
            TileKind::Curve => "curve",
            TileKind::Cat => "cat",
        }
    }

    pub fn is_road(self) -> bool {
        self != TileKind::Cat
    }
}

impl Display for TileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Chance outcomes and decisions of Mouse Race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseRaceAction {
    /// Take a tile from the bag (a chance draw follows).
    Draw,
    /// Give up the turn without drawing.
    Pass,
    /// Take the last tile of one's own path back into the bag.
    Back,
    /// Return the cat on one's open end to the bag.
    Shoo,
    /// Lay the drawn straight; the cell is named for a path's first tile only.
    Place(Option<Square>),
    /// Lay the drawn curve turning left (relative to the direction of travel).
    Left(Option<Square>),
    /// Lay the drawn curve turning right.
    Right(Option<Square>),
    /// Lay the drawn cat on a cell.
    Cat(Square),
    /// Put the drawn tile back into the bag, losing the turn.
    Decline,
    /// Chance: the kind of tile taken from the bag.
    Drawn(TileKind),
}

crate::text_serde!(MouseRaceAction);

const EXPECTED: &str = "draw, pass, back, shoo, decline, place, left or right (with the cell for a path's first tile, e.g. place b1, left a2), cat CELL (e.g. cat d9), or a chance draw: draw straight, draw curve or draw cat";

impl Display for MouseRaceAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_cell = |f: &mut fmt::Formatter<'_>, verb: &str, cell: Option<Square>| match cell {
            Some(cell) => write!(f, "{verb} {cell}"),
            None => f.write_str(verb),
        };
        match *self {
            MouseRaceAction::Draw => f.write_str("draw"),
            MouseRaceAction::Pass => f.write_str("pass"),
            MouseRaceAction::Back => f.write_str("back"),
            MouseRaceAction::Shoo => f.write_str("shoo"),
            MouseRaceAction::Decline => f.write_str("decline"),
            MouseRaceAction::Place(cell) => with_cell(f, "place", cell),
            MouseRaceAction::Left(cell) => with_cell(f, "left", cell),
            MouseRaceAction::Right(cell) => with_cell(f, "right", cell),
            MouseRaceAction::Cat(cell) => write!(f, "cat {cell}"),
            MouseRaceAction::Drawn(kind) => write!(f, "draw {kind}"),
        }
    }
}

impl FromStr for MouseRaceAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let error = || ParseActionError::new(super::INFO.name, text, EXPECTED);
        let mut words = text.split_whitespace();
        let (Some(verb), arg, None) = (words.next(), words.next(), words.next()) else {
            return Err(error());
        };
        let cell = |arg: Option<&str>| arg.map(|a| Square::parse(a).ok_or_else(error)).transpose();
        Ok(match (verb, arg) {
            ("draw", None) => MouseRaceAction::Draw,
            ("draw", Some(kind)) => MouseRaceAction::Drawn(
                TileKind::ALL
                    .into_iter()
                    .find(|k| k.name() == kind)
                    .ok_or_else(error)?,
            ),
            ("pass", None) => MouseRaceAction::Pass,
            ("back", None) => MouseRaceAction::Back,
            ("shoo", None) => MouseRaceAction::Shoo,
            ("decline", None) => MouseRaceAction::Decline,
            ("place", arg) => MouseRaceAction::Place(cell(arg)?),
            ("left", arg) => MouseRaceAction::Left(cell(arg)?),
            ("right", arg) => MouseRaceAction::Right(cell(arg)?),
            ("cat", Some(_)) => MouseRaceAction::Cat(cell(arg)?.ok_or_else(error)?),
            _ => return Err(error()),
        })
    }
}
