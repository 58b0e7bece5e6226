//! Cheese Day's cards and actions, with their normative text forms (`take 2`, `draw 4T`).

use std::fmt::{self, Display};
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{INFO, SLOTS};
use crate::error::ParseActionError;

/// What a card hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// A mouse with cheese: the card scores its holes.
    Cheese,
    /// A trap: the third one taken puts its taker out.
    Trap,
}

impl Face {
    pub(super) const BOTH: [Face; 2] = [Face::Cheese, Face::Trap];

    pub(super) fn index(self) -> usize {
        match self {
            Face::Cheese => 0,
            Face::Trap => 1,
        }
    }

    fn letter(self) -> char {
        match self {
            Face::Cheese => 'C',
            Face::Trap => 'T',
        }
    }
}

/// A card: the value on its back (1…6 holes) and its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub value: u8,
    pub face: Face,
}

impl Card {
    pub(super) fn value_index(self) -> usize {
        usize::from(self.value - 1)
    }
}

impl Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.value, self.face.letter())
    }
}

/// Chance outcomes and decisions. Slots are stored from 0 and written from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheeseDayAction {
    /// Look privately at the face of the card in a slot.
    Peek(u8),
    /// Take the card in a slot, revealing it.
    Take(u8),
    /// Remove the card in a slot from the game unseen.
    Remove(u8),
    /// Chance: the die shows 1…6.
    Roll(u8),
    /// Chance: the card that becomes visible by its back (pantry slot at setup, or reserve top).
    Draw(Card),
}

crate::text_serde!(CheeseDayAction);

const EXPECTED: &str = "peek S, take S or remove S (slot S = 1…6), roll N (N = 1…6), or draw VF (value V = 1…6, face F = C or T, e.g. draw 4T)";

impl Display for CheeseDayAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CheeseDayAction::Peek(slot) => write!(f, "peek {}", slot + 1),
            CheeseDayAction::Take(slot) => write!(f, "take {}", slot + 1),
            CheeseDayAction::Remove(slot) => write!(f, "remove {}", slot + 1),
            CheeseDayAction::Roll(n) => write!(f, "roll {n}"),
            CheeseDayAction::Draw(card) => write!(f, "draw {card}"),
        }
    }
}

impl FromStr for CheeseDayAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let error = || ParseActionError::new(INFO.name, text, EXPECTED);
        let mut words = text.split_whitespace();
        let (Some(verb), Some(arg), None) = (words.next(), words.next(), words.next()) else {
            return Err(error());
        };
        let one_to_six = |s: &str| s.parse::<u8>().ok().filter(|n| (1..=6).contains(n));
        match verb {
            "peek" | "take" | "remove" => {
                let slot = one_to_six(arg).ok_or_else(error)? - 1;
                Ok(match verb {
                    "peek" => CheeseDayAction::Peek(slot),
                    "take" => CheeseDayAction::Take(slot),
                    _ => CheeseDayAction::Remove(slot),
                })
            }
            "roll" => one_to_six(arg).map(CheeseDayAction::Roll).ok_or_else(error),
            "draw" => {
                let (value, face) = arg.split_at_checked(1).ok_or_else(error)?;
                let value = one_to_six(value).ok_or_else(error)?;
                let face = match face {
                    "C" | "c" => Face::Cheese,
                    "T" | "t" => Face::Trap,
                    _ => return Err(error()),
                };
                Ok(CheeseDayAction::Draw(Card { value, face }))
            }
            _ => Err(error()),
        }
    }
}

/// The legal decisions for each set of pantry slots showing the roll (bit S-1 for slot S):
/// `take S, remove S` for each such slot in order, or `peek 1…6` when there is none. With
/// their count; the rest of each list is padding.
pub(super) static LEGAL_BY_SLOTS: [([CheeseDayAction; 2 * SLOTS], u8); 1 << SLOTS] = {
    let mut table = [([CheeseDayAction::Peek(0); 2 * SLOTS], 0); 1 << SLOTS];
    let mut mask = 0;
    while mask < 1 << SLOTS {
        let (list, count) = &mut table[mask];
        let mut slot = 0;
        while slot < SLOTS {
            if mask == 0 {
                list[slot] = CheeseDayAction::Peek(slot as u8);
                *count += 1;
            } else if mask & (1 << slot) != 0 {
                list[*count as usize] = CheeseDayAction::Take(slot as u8);
                list[*count as usize + 1] = CheeseDayAction::Remove(slot as u8);
                *count += 2;
            }
            slot += 1;
        }
        mask += 1;
    }
    table
};
