//! What one seat of Cheese Day knows, and its readable rendering.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::action::Face;
use super::{CheeseDayConfig, Counts, Phase, VALUES};

/// A pantry slot as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    /// Holes on the back.
    pub value: u8,
    /// The face, if this seat has peeked at the card.
    pub face: Option<Face>,
    /// Every seat that has peeked at this card (public).
    pub peeked_by: Vec<usize>,
}

/// What one seat knows in Cheese Day: the public table and its own peeks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheeseDayObservation {
    /// The observing seat.
    pub seat: usize,
    pub config: CheeseDayConfig,
    pub phase: Phase,
    /// Whose turn it is.
    pub turn: usize,
    /// Slots 1…6 (empty only during the deal or after a third trap).
    pub pantry: Vec<Option<SlotView>>,
    pub reserve_len: u8,
    /// The value on the reserve's top card.
    pub reserve_top: Option<u8>,
    /// Discarded cards per value 1…6.
    pub discard: [u8; VALUES],
    /// Per value, the cheese and trap faces this seat saw among the discards.
    pub discard_known: Counts,
    /// Per seat and value: how many discards that seat had peeked at (public; faces hidden).
    pub discard_seen_by: Vec<[u8; VALUES]>,
    /// Per seat, per value: cheese and trap cards taken.
    pub taken: Vec<Counts>,
    /// The seat that took its third trap.
    pub out: Option<usize>,
}

impl Display for CheeseDayObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "You are seat {}. ", self.seat)?;
        match self.phase {
            Phase::Draw => writeln!(f, "Cards are being dealt.")?,
            Phase::Roll => writeln!(f, "Seat {} is about to roll.", self.turn)?,
            Phase::Choose { roll } => writeln!(f, "Seat {} rolled {roll}.", self.turn)?,
            Phase::Over => writeln!(f, "The game is over.")?,
        }
        writeln!(f, "Pantry:")?;
        for (index, slot) in self.pantry.iter().enumerate() {
            match slot {
                None => writeln!(f, "  {}: (empty)", index + 1)?,
                Some(view) => {
                    let face = match view.face {
                        Some(Face::Cheese) => "cheese (you peeked)",
                        Some(Face::Trap) => "TRAP (you peeked)",
                        None => "?",
                    };
                    write!(f, "  {}: {}  {face}", index + 1, count(view.value, "hole"))?;
                    if !view.peeked_by.is_empty() {
                        let seats: Vec<String> =
                            view.peeked_by.iter().map(ToString::to_string).collect();
                        write!(f, "  [peeked by seat {}]", seats.join(", "))?;
                    }
                    writeln!(f)?;
                }
            }
        }
        match self.reserve_top {
            Some(top) => writeln!(
                f,
                "Reserve: {}, top shows {}",
                count(self.reserve_len, "card"),
                count(top, "hole")
            )?,
            None => writeln!(f, "Reserve: {}", count(self.reserve_len, "card"))?,
        }
        let discards: u8 = self.discard.iter().sum();
        write!(f, "Discarded: {discards}")?;
        if discards > 0 {
            let by_value: Vec<String> = self
                .discard
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(v, n)| format!("{n}×{}", v + 1))
                .collect();
            write!(f, " ({})", by_value.join(" "))?;
            let known: Vec<String> = self
                .discard_known
                .iter()
                .enumerate()
                .flat_map(|(v, c)| {
                    let cheese = (c[0] > 0).then(|| format!("{}×{}C", c[0], v + 1));
                    let traps = (c[1] > 0).then(|| format!("{}×{}T", c[1], v + 1));
                    cheese.into_iter().chain(traps)
                })
                .collect();
            if !known.is_empty() {
                write!(f, "; you know {}", known.join(" "))?;
            }
        }
        writeln!(f)?;
        writeln!(f, "Players:")?;
        for (seat, taken) in self.taken.iter().enumerate() {
            let holes: usize = taken
                .iter()
                .enumerate()
                .map(|(v, c)| (v + 1) * usize::from(c[0]))
                .sum();
            let cheese: u8 = taken.iter().map(|c| c[0]).sum();
            let traps: u8 = taken.iter().map(|c| c[1]).sum();
            let you = if seat == self.seat { " (you)" } else { "" };
            let out = if self.out == Some(seat) { ", OUT" } else { "" };
            writeln!(
                f,
                "  seat {seat}{you}: {} on {}, {}{out}",
                count(holes, "hole"),
                count(cheese, "cheese card"),
                count(traps, "trap")
            )?;
        }
        Ok(())
    }
}

/// "1 hole", "2 holes".
fn count(n: impl Into<usize>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
