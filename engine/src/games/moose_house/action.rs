//! Decisions and chance events of Moose in the House, in the spec's normative text forms.

use std::fmt::{self, Display};
use std::str::FromStr;

use super::cards::{Card, RoomKind};
use super::house::MAX_ROOMS;
use super::{INFO, MAX_PLAYERS};
use crate::error::ParseActionError;

/// Every event of a game. Seats are written from 0; rooms are stored from 0 and written from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MooseHouseAction {
    /// `house P`: a Moose in the House card for seat P.
    House { seat: u8 },
    /// `room KIND P`: an Empty Room card of KIND for seat P.
    Room { kind: RoomKind, seat: u8 },
    /// `moose KIND P R`: a Moose in the Room card into room R of seat P.
    Moose { kind: RoomKind, seat: u8, room: u8 },
    /// `door R`: a Door on the player's own room R.
    Door { room: u8 },
    /// `discard CARD`: nothing is playable; one card goes face up to the discard pile.
    Discard(Card),
    /// `pass`: the draw pile is empty and nothing is playable.
    Pass,
    /// `trap`: the targeted player reveals a Trap; moose and trap are discarded.
    Trap,
    /// `allow`: the targeted player lets the moose in.
    Allow,
    /// Chance, `draw CARD`: the next card off the draw pile, to the seat receiving it.
    Draw(Card),
}

crate::text_serde!(MooseHouseAction);

const EXPECTED: &str = "house P, room KIND P, moose KIND P R, door R, discard CARD, pass, trap, allow, or draw CARD (seat P from 0, room R from 1, KIND = kitchen, living, bedroom or bathroom, CARD = room:KIND, moose:KIND, house, door or trap)";

impl Display for MooseHouseAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MooseHouseAction::House { seat } => write!(f, "house {seat}"),
            MooseHouseAction::Room { kind, seat } => write!(f, "room {kind} {seat}"),
            MooseHouseAction::Moose { kind, seat, room } => {
                write!(f, "moose {kind} {seat} {}", room + 1)
            }
            MooseHouseAction::Door { room } => write!(f, "door {}", room + 1),
            MooseHouseAction::Discard(card) => write!(f, "discard {card}"),
            MooseHouseAction::Pass => f.write_str("pass"),
            MooseHouseAction::Trap => f.write_str("trap"),
            MooseHouseAction::Allow => f.write_str("allow"),
            MooseHouseAction::Draw(card) => write!(f, "draw {card}"),
        }
    }
}

impl FromStr for MooseHouseAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let error = || ParseActionError::new(INFO.name, text, EXPECTED);
        let seat = |s: &str| {
            s.parse::<u8>()
                .ok()
                .filter(|&n| usize::from(n) < MAX_PLAYERS)
                .ok_or_else(error)
        };
        let room = |s: &str| {
            s.parse::<u8>()
                .ok()
                .filter(|&n| (1..=MAX_ROOMS).contains(&usize::from(n)))
                .map(|n| n - 1)
                .ok_or_else(error)
        };
        let kind = |s: &str| RoomKind::from_word(s).ok_or_else(error);
        let card = |s: &str| s.parse::<Card>().map_err(|_| error());
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["house", p] => Ok(MooseHouseAction::House { seat: seat(p)? }),
            ["room", k, p] => Ok(MooseHouseAction::Room {
                kind: kind(k)?,
                seat: seat(p)?,
            }),
            ["moose", k, p, r] => Ok(MooseHouseAction::Moose {
                kind: kind(k)?,
                seat: seat(p)?,
                room: room(r)?,
            }),
            ["door", r] => Ok(MooseHouseAction::Door { room: room(r)? }),
            ["discard", c] => Ok(MooseHouseAction::Discard(card(c)?)),
            ["draw", c] => Ok(MooseHouseAction::Draw(card(c)?)),
            ["pass"] => Ok(MooseHouseAction::Pass),
            ["trap"] => Ok(MooseHouseAction::Trap),
            ["allow"] => Ok(MooseHouseAction::Allow),
            _ => Err(error()),
        }
    }
}
