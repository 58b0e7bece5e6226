//! What one seat knows in Moose in the House: its own hand and the public table (houses,
//! discard pile, pile and hand sizes, whose decision it is), with a readable rendering.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::{Card, Cards, House, MooseHouseConfig, Phase};
use crate::options::GameConfig;

/// Everything one seat may know, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MooseHouseObservation {
    /// The observing seat.
    pub seat: usize,
    pub config: MooseHouseConfig,
    /// Where the game stands (public: a pending moose and a refill order are seen by all).
    pub phase: Phase,
    /// Whose turn it is (the attacker while a trap is decided).
    pub turn: usize,
    /// This seat's own hand.
    pub hand: Cards,
    /// Cards in every seat's hand.
    pub hand_sizes: Vec<u8>,
    /// Every seat's house.
    pub houses: Vec<House>,
    /// The face-up discard pile.
    pub discard: Cards,
    /// Cards left in the draw pile.
    pub pile_size: u8,
    /// Passes made in a row.
    pub passes: u8,
}

impl Display for MooseHouseObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = self.config.players();
        let who = |seat: usize| {
            if seat == self.seat {
                "you".to_owned()
            } else {
                format!("seat {seat}")
            }
        };
        write!(f, "You are seat {}. ", self.seat)?;
        match self.phase {
            Phase::Deal { dealt } => writeln!(
                f,
                "Dealing: card {} of {} goes to {}.",
                dealt + 1,
                4 * players,
                who(usize::from(dealt) % players)
            )?,
            Phase::TurnDraw if self.turn == self.seat => {
                writeln!(f, "You draw to start your turn.")?;
            }
            Phase::TurnDraw => writeln!(f, "Seat {} draws to start the turn.", self.turn)?,
            Phase::Play if self.turn == self.seat => writeln!(f, "Your turn.")?,
            Phase::Play => writeln!(f, "Seat {} to play.", self.turn)?,
            Phase::Trap { target, kind, room } => {
                let moose = Card::Moose(kind);
                let attacker = if self.turn == self.seat {
                    "You".to_owned()
                } else {
                    format!("Seat {}", self.turn)
                };
                if usize::from(target) == self.seat {
                    writeln!(
                        f,
                        "{attacker} played {moose} into your room {}: you decide, trap or allow.",
                        room + 1
                    )?;
                } else {
                    writeln!(
                        f,
                        "{attacker} played {moose} into room {} of seat {target}: seat {target} decides trap or allow.",
                        room + 1
                    )?;
                }
            }
            Phase::Refill { queue } => {
                let order: Vec<String> =
                    queue.seats().iter().map(|&s| who(usize::from(s))).collect();
                writeln!(f, "Refilling hands to 4: {}.", order.join(", then "))?;
            }
            Phase::Over => writeln!(f, "The game is over.")?,
        }
        writeln!(f, "Your hand: {}", self.hand)?;
        writeln!(f, "Houses:")?;
        for (seat, house) in self.houses.iter().enumerate() {
            let you = if seat == self.seat { " (you)" } else { "" };
            writeln!(
                f,
                "  seat {seat}{you}: {house}  [{} cards in hand]",
                self.hand_sizes[seat]
            )?;
        }
        writeln!(
            f,
            "Draw pile: {} cards. Discard pile ({}): {}",
            self.pile_size,
            self.discard.total(),
            self.discard
        )?;
        if self.passes > 0 {
            writeln!(f, "Passes in a row: {} of {players}.", self.passes)?;
        }
        Ok(())
    }
}
