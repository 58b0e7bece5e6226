//! Where a game of Moose in the House stands: the phase (deal, turn draw, play, trap decision,
//! refills, over) and the order in which hands wait to be refilled.

use serde::{Deserialize, Serialize};

use super::{MAX_PLAYERS, RoomKind};

/// Seats waiting for their hands to be refilled to 4, in order; the first one receives the
/// next card. Serialised as a list of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct RefillQueue {
    seats: [u8; MAX_PLAYERS],
    len: u8,
}

impl RefillQueue {
    pub(super) fn of(seats: impl IntoIterator<Item = usize>) -> Self {
        let mut queue = RefillQueue::default();
        for seat in seats {
            queue.seats[usize::from(queue.len)] = seat as u8;
            queue.len += 1;
        }
        queue
    }

    /// The seats in order.
    pub fn seats(&self) -> &[u8] {
        &self.seats[..usize::from(self.len)]
    }

    /// The seat receiving the next card.
    #[inline]
    pub fn front(&self) -> Option<usize> {
        (self.len > 0).then_some(usize::from(self.seats[0]))
    }

    /// Drops the front seat (the queue is not empty).
    #[inline]
    pub(super) fn pop(&mut self) {
        let [_, b, c, d, e] = self.seats;
        self.seats = [b, c, d, e, 0];
        self.len -= 1;
    }
}

impl From<RefillQueue> for Vec<u8> {
    fn from(queue: RefillQueue) -> Self {
        queue.seats().to_vec()
    }
}

impl TryFrom<Vec<u8>> for RefillQueue {
    type Error = String;

    fn try_from(seats: Vec<u8>) -> Result<Self, String> {
        if seats.len() > MAX_PLAYERS || seats.iter().any(|&s| usize::from(s) >= MAX_PLAYERS) {
            return Err(format!("bad refill queue {seats:?}"));
        }
        Ok(RefillQueue::of(seats.into_iter().map(usize::from)))
    }
}

/// Where the game stands. Everything here is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// The deal: `dealt` cards are out; the next goes to seat `dealt % players`.
    Deal {
        dealt: u8,
    },
    /// `draw=first`: the turn owner draws before he plays.
    TurnDraw,
    /// The turn owner plays, discards or passes.
    Play,
    /// The turn owner played a moose (now pending) into room `room` (from 0) of `target`,
    /// who decides trap or allow.
    Trap {
        target: u8,
        kind: RoomKind,
        room: u8,
    },
    /// Hands are being refilled to 4, one at a time, in the queue's order.
    Refill {
        queue: RefillQueue,
    },
    Over,
}
