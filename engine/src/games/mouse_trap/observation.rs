//! What a seat sees in Mouse Trap: the whole public table (everything is public), with a
//! readable rendering for people at a prompt.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::board::space;
use super::{MAX_PLAYERS, MouseTrap, MouseTrapConfig, Phase};

/// The public state of a game, as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MouseTrapObservation {
    /// The observing seat.
    pub seat: usize,
    pub config: MouseTrapConfig,
    pub phase: Phase,
    /// Whose turn it is.
    pub turn: usize,
    /// Turns completed so far.
    pub turns_played: u32,
    /// Board position of each seat's mouse.
    pub positions: Vec<u8>,
    /// Cheese held by each seat.
    pub cheese: Vec<u8>,
    /// Per seat: 0 while in play, else the number of the capture that caught it.
    pub captured_in: Vec<u8>,
    /// Captures so far.
    pub captures: u8,
    /// Cheese in the pile.
    pub pile: u8,
    /// Trap parts built.
    pub built: u8,
}

impl MouseTrapObservation {
    pub(super) fn of(state: &MouseTrap, seat: usize) -> Self {
        let players = state.players();
        Self {
            seat,
            config: state.config,
            phase: state.phase,
            turn: state.turn(),
            turns_played: state.turns_played,
            positions: state.positions[..players].to_vec(),
            cheese: state.cheese[..players].to_vec(),
            captured_in: state.captured_in[..players].to_vec(),
            captures: state.captures,
            pile: state.pile,
            built: state.built,
        }
    }

    /// The state this observation shows (all of it, since nothing is hidden).
    pub(super) fn to_state(&self) -> MouseTrap {
        let mut positions = [0; MAX_PLAYERS];
        let mut cheese = [0; MAX_PLAYERS];
        let mut captured_in = [0; MAX_PLAYERS];
        positions[..self.positions.len()].copy_from_slice(&self.positions);
        cheese[..self.cheese.len()].copy_from_slice(&self.cheese);
        captured_in[..self.captured_in.len()].copy_from_slice(&self.captured_in);
        MouseTrap {
            config: self.config,
            phase: self.phase,
            turn: self.turn as u8,
            turns_played: self.turns_played,
            positions,
            cheese,
            captured_in,
            captures: self.captures,
            pile: self.pile,
            built: self.built,
        }
    }
}

impl Display for MouseTrapObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "You are seat {}. ", self.seat)?;
        match self.phase {
            Phase::Roll => writeln!(f, "Seat {} is about to roll.", self.turn)?,
            Phase::Rob { remaining, .. } => writeln!(
                f,
                "Seat {} takes {remaining} more cheese from the richest: whom to rob?",
                self.turn
            )?,
            Phase::Trap => writeln!(
                f,
                "Seat {} is on Turn Crank with the trap complete.",
                self.turn
            )?,
            Phase::MoveRoll { target } => {
                writeln!(f, "Seat {} rolls to move seat {target}'s mouse.", self.turn)?;
            }
            Phase::Crank => writeln!(f, "Seat {} turns the crank.", self.turn)?,
            Phase::Over => writeln!(f, "The game is over.")?,
        }
        let parts = self.config.trap_parts();
        let state = if self.built >= parts {
            " (complete)"
        } else {
            ""
        };
        writeln!(f, "Trap: {} of {parts} parts built{state}.", self.built)?;
        writeln!(
            f,
            "Cheese pile: {}. Turns played: {} of at most {}.",
            self.pile,
            self.turns_played,
            self.config.max_turns()
        )?;
        writeln!(f, "Mice:")?;
        for (seat, &position) in self.positions.iter().enumerate() {
            let you = if seat == self.seat { " (you)" } else { "" };
            let cheese = self.cheese[seat];
            if self.captured_in[seat] == 0 {
                writeln!(
                    f,
                    "  seat {seat}{you}: space {position} ({}), {cheese} cheese",
                    space(position)
                )?;
            } else {
                writeln!(
                    f,
                    "  seat {seat}{you}: captured (capture {})",
                    self.captured_in[seat]
                )?;
            }
        }
        Ok(())
    }
}
