//! Mouse Trap's events in their normative text forms: the decisions `rob P`, `move P`, `crank`
//! and `stop`, and the chance outcomes `roll N`, `works` and `fails`.

use std::fmt::{self, Display};
use std::str::FromStr;

use crate::error::ParseActionError;

use super::MAX_PLAYERS;
use super::config::INFO;

/// Chance outcomes and decisions of Mouse Trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseTrapAction {
    /// Chance: the die shows 1…6.
    Roll(u8),
    /// Chance: the contraption catches the mice on the Cheese Wheel.
    Works,
    /// Chance: the contraption fails; the mice on the Wheel go to Safe.
    Fails,
    /// Take the next piece of cheese from this seat.
    Rob(u8),
    /// Pay 1 cheese and roll to move this seat's mouse.
    Move(u8),
    /// Turn the crank.
    Crank,
    /// End the turn at Turn Crank without cranking.
    Stop,
}

crate::text_serde!(MouseTrapAction);

const EXPECTED: &str =
    "rob P, move P (seat P = 0…3), crank, stop, roll N (N = 1…6), works or fails";

impl Display for MouseTrapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MouseTrapAction::Roll(n) => write!(f, "roll {n}"),
            MouseTrapAction::Works => f.write_str("works"),
            MouseTrapAction::Fails => f.write_str("fails"),
            MouseTrapAction::Rob(seat) => write!(f, "rob {seat}"),
            MouseTrapAction::Move(seat) => write!(f, "move {seat}"),
            MouseTrapAction::Crank => f.write_str("crank"),
            MouseTrapAction::Stop => f.write_str("stop"),
        }
    }
}

impl FromStr for MouseTrapAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let error = || ParseActionError::new(INFO.name, text, EXPECTED);
        let words: Vec<&str> = text.split_whitespace().collect();
        let seat = |s: &str| {
            s.parse::<u8>()
                .ok()
                .filter(|&n| usize::from(n) < MAX_PLAYERS)
        };
        match words.as_slice() {
            ["works"] => Ok(MouseTrapAction::Works),
            ["fails"] => Ok(MouseTrapAction::Fails),
            ["crank"] => Ok(MouseTrapAction::Crank),
            ["stop"] => Ok(MouseTrapAction::Stop),
            ["roll", n] => n
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=6).contains(n))
                .map(MouseTrapAction::Roll)
                .ok_or_else(error),
            ["rob", p] => seat(p).map(MouseTrapAction::Rob).ok_or_else(error),
            ["move", p] => seat(p).map(MouseTrapAction::Move).ok_or_else(error),
            _ => Err(error()),
        }
    }
}
