//! What one seat knows in Moose in the House: its own hand and the public table (houses with
//! numbered rooms, discard pile, pile and hand sizes, who decides, a pending moose, the refill
//! order), as the JSON bots read and as the text people read at the prompt.

use std::fmt::{self, Display, Write as _};

use serde::{Deserialize, Serialize};

use super::{Card, Cards, Content, House, MooseHouse, MooseHouseConfig, Phase, Room, RoomKind};
use crate::game::{Game, ToMove};
use crate::naming::Reader;
use crate::options::GameConfig;

/// Everything one seat may know, and nothing more. Seats are numbered from 0 and rooms from 1,
/// as in the text forms (`moose kitchen 1 2` is seat 1, room 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MooseHouseObservation {
    /// The observing seat; 0 in a public view (`public`), which is no seat's.
    pub seat: u8,
    /// True in a public view: the table as everyone sees it (a spectator's), with no hand in
    /// it (`hand` is empty, `unseen` counts every card not face up). Absent (false) in a
    /// seat's observation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// The game's options, as in a game spec (`{"players": "3", "draw": "refill"}`).
    pub options: MooseHouseConfig,
    /// What is happening now: `kind` names the phase, and the phase's own facts (the moose
    /// awaiting a trap-or-allow answer, the order of the refills) come with it.
    pub phase: ObservedPhase,
    /// Whose turn it is (while a trap is decided: the attacker, who played the moose).
    pub turn: u8,
    /// The seat that must decide now (while a trap is decided: the target, not the turn
    /// owner); `null` while a card is being drawn and once the game is over.
    pub deciding: Option<u8>,
    /// The seat the next card off the draw pile goes to while cards are dealt or drawn;
    /// `null` when a seat decides or the game is over.
    pub receiving: Option<u8>,
    /// This seat's own hand.
    pub hand: Cards,
    /// How many cards each seat holds, indexed by seat.
    pub hand_sizes: Vec<u8>,
    /// Every seat's house, indexed by seat.
    pub houses: Vec<ObservedHouse>,
    /// The face-up discard pile.
    pub discard: Cards,
    /// Cards left in the face-down draw pile.
    pub pile_size: u8,
    /// Passes made in a row (the game ends when there are as many as players).
    pub passes: u8,
    /// The cards this seat has not seen, per kind: the deck less its own hand, the houses, the
    /// discard pile and a pending moose. They are in the other hands and the draw pile (once
    /// everyone has a Moose in the House, unseen `house` cards can only be in the pile).
    pub unseen: Cards,
}

/// What is happening in the game: an object whose `kind` names the phase, with the facts that
/// belong to that phase alone (the same shape in every game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObservedPhase {
    /// The deal: 4 cards to each seat, seat 0, 1, … round by round (`receiving` gets the next).
    Deal,
    /// `draw=first`: the turn owner draws a card before he plays.
    TurnDraw,
    /// The turn owner plays a card, or discards or passes when he can play nothing.
    Play,
    /// A moose was played into a room; its target answers `trap` or `allow`.
    Trap {
        /// The Moose in the Room card waiting for its target's answer: in no hand and no
        /// house.
        pending_moose: PendingMoose,
    },
    /// Hands are refilled to 4 one card at a time, in the order of `queue`.
    Refill {
        /// Seats waiting for their hands to be refilled to 4, the first one receiving the
        /// next card.
        queue: Vec<u8>,
    },
    /// The game is over.
    Over,
}

/// A moose on its way into a room, waiting for the target's trap-or-allow answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PendingMoose {
    /// The seat that played it (the turn owner).
    pub attacker: u8,
    /// The seat whose room it heads for, who decides now.
    pub target: u8,
    /// The kind of room (the card is `moose:KIND`).
    pub kind: RoomKind,
    /// The target's room it heads for, numbered from 1.
    #[schemars(range(min = 1, max = super::MAX_ROOMS))]
    pub room: u8,
}

/// One seat's house as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObservedHouse {
    /// The seat whose house it is.
    pub seat: u8,
    /// Whether it holds a Moose in the House card (needed before moose can be played into
    /// its rooms).
    pub moose_in_house: bool,
    /// Its rooms in the order they were placed, numbered from 1.
    pub rooms: Vec<ObservedRoom>,
    /// How many rooms are empty (an Empty Room card may be given only while fewer than 3 are).
    pub empty_rooms: u8,
    /// How many rooms hold a moose (they count against the owner).
    pub moose: u8,
    /// How many rooms are closed with a door (more doors break a tie).
    pub doors: u8,
}

/// One room of a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObservedRoom {
    /// The room's number, from 1, in the order the rooms were placed in this house.
    #[schemars(range(min = 1, max = super::MAX_ROOMS))]
    pub room: u8,
    /// What kind of room it is.
    pub kind: RoomKind,
    /// What lies on it: nothing, a moose or a door.
    pub content: Content,
}

impl ObservedHouse {
    pub(super) fn of(seat: usize, house: &House) -> Self {
        ObservedHouse {
            seat: seat as u8,
            moose_in_house: house.has_moose_in_house(),
            rooms: house
                .rooms()
                .iter()
                .enumerate()
                .map(|(index, room)| ObservedRoom {
                    room: index as u8 + 1,
                    kind: room.kind,
                    content: room.content,
                })
                .collect(),
            empty_rooms: house.empty_rooms() as u8,
            moose: house.moose() as u8,
            doors: house.doors() as u8,
        }
    }

    /// The house these rooms make (rooms past the most a house can hold are left out).
    pub(super) fn to_house(&self) -> House {
        let rooms: Vec<Room> = self
            .rooms
            .iter()
            .take(super::MAX_ROOMS)
            .map(|view| Room {
                kind: view.kind,
                content: view.content,
            })
            .collect();
        House::from_parts(self.moose_in_house, &rooms).unwrap_or_default()
    }

    /// Every card lying in this house, per kind.
    pub fn cards(&self) -> Cards {
        let mut cards = Cards::EMPTY;
        if self.moose_in_house {
            cards.add(Card::House, 1);
        }
        for room in self.rooms.iter().take(super::MAX_ROOMS) {
            cards.add(Card::Room(room.kind), 1);
            match room.content {
                Content::Empty => {}
                Content::Moose => cards.add(Card::Moose(room.kind), 1),
                Content::Door => cards.add(Card::Door, 1),
            }
        }
        cards
    }

    /// Room `number` (from 1), if the house has it.
    pub fn room(&self, number: u8) -> Option<&ObservedRoom> {
        self.rooms.iter().find(|room| room.room == number)
    }
}

/// What `seat` may know: its own hand, the houses, hand sizes and the unseen counts.
pub(super) fn observation(state: &MooseHouse, seat: usize) -> MooseHouseObservation {
    let players = state.players();
    let phase = match state.phase {
        Phase::Deal { .. } => ObservedPhase::Deal,
        Phase::TurnDraw => ObservedPhase::TurnDraw,
        Phase::Play => ObservedPhase::Play,
        Phase::Trap { target, kind, room } => ObservedPhase::Trap {
            pending_moose: PendingMoose {
                attacker: state.turn,
                target,
                kind,
                room: room + 1,
            },
        },
        Phase::Refill { queue } => ObservedPhase::Refill {
            queue: queue.seats().to_vec(),
        },
        Phase::Over => ObservedPhase::Over,
    };
    let deciding = match state.to_move() {
        ToMove::Player(seat) => Some(seat as u8),
        ToMove::Chance | ToMove::Terminal => None,
    };
    let hand = state.hands[seat];
    let mut observation = MooseHouseObservation {
        seat: seat as u8,
        public: false,
        options: state.config,
        phase,
        turn: state.turn,
        deciding,
        receiving: state.receiver().map(|s| s as u8),
        hand,
        hand_sizes: state.hands[..players].iter().map(Cards::total).collect(),
        houses: state.houses[..players]
            .iter()
            .enumerate()
            .map(|(seat, house)| ObservedHouse::of(seat, house))
            .collect(),
        discard: state.discard,
        pile_size: state.pile.total(),
        passes: state.passes,
        unseen: Cards::EMPTY,
    };
    observation.unseen = Cards::deck().saturating_minus(&observation.seen());
    observation
}

/// The table as everyone sees it, from one seat's observation: its hand taken out, and the
/// cards it has not seen counted again without it (every card in a hand or the pile).
pub(super) fn public_view(observation: &MooseHouseObservation) -> MooseHouseObservation {
    let mut public = observation.clone();
    public.hand = Cards::EMPTY;
    public.unseen = Cards::deck().saturating_minus(&public.seen());
    public.seat = 0;
    public.public = true;
    public
}

impl MooseHouseObservation {
    /// The Moose in the Room card waiting for its target's trap-or-allow answer: phase `trap`
    /// only.
    pub fn pending_moose(&self) -> Option<PendingMoose> {
        match self.phase {
            ObservedPhase::Trap { pending_moose } => Some(pending_moose),
            _ => None,
        }
    }

    /// Seats waiting for their hands to be refilled, the first one receiving the next card:
    /// empty unless the phase is `refill`.
    pub fn refill_queue(&self) -> &[u8] {
        match &self.phase {
            ObservedPhase::Refill { queue } => queue,
            _ => &[],
        }
    }

    /// Every card this seat has seen where it lies now: its hand, the houses, the discard
    /// pile and a pending moose.
    pub fn seen(&self) -> Cards {
        let mut seen = self.hand.plus(&self.discard);
        for house in &self.houses {
            seen = seen.plus(&house.cards());
        }
        if let Some(moose) = self.pending_moose() {
            seen.add(Card::Moose(moose.kind), 1);
        }
        seen
    }

    /// The house of `seat`, if it is in the game.
    pub fn house(&self, seat: usize) -> Option<&ObservedHouse> {
        self.houses
            .iter()
            .find(|house| usize::from(house.seat) == seat)
    }

    /// Who reads this observation's notes: its seat, or nobody in particular for a public
    /// view.
    pub fn reader(&self) -> Reader {
        Reader::of_view(usize::from(self.seat), self.public)
    }

    /// "you" for the observing seat, "seat N" for the others.
    pub(super) fn who(&self, seat: usize) -> String {
        self.reader().who(seat)
    }

    /// Room `index` (from 0) of `seat` named for this seat: `seat 1, room 2` or `your room 2`.
    pub(super) fn room_name(&self, seat: usize, index: u8) -> String {
        room_name(self.reader(), seat, index, None)
    }

    /// The kind of room `index` (from 0) of `seat`, as the houses show it.
    pub(super) fn room_kind(&self, seat: usize, index: u8) -> Option<RoomKind> {
        self.house(seat)
            .and_then(|house| house.room(index.saturating_add(1)))
            .map(|room| room.kind)
    }

    /// Every seat's house: its hand size, its Moose in the House card and its rooms.
    fn write_houses(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.reader();
        writeln!(f, "Houses:")?;
        for house in &self.houses {
            let seat = usize::from(house.seat);
            let you = if me.is_me(seat) { " (you)" } else { "" };
            let held = self.hand_sizes.get(seat).copied().unwrap_or(0);
            write!(
                f,
                "  seat {seat}{you}: {held} card{} in hand; ",
                if held == 1 { "" } else { "s" }
            )?;
            f.write_str(if house.moose_in_house {
                "Moose in the House"
            } else {
                "no Moose in the House"
            })?;
            if house.rooms.is_empty() {
                f.write_str("; no rooms")?;
            }
            for (i, room) in house.rooms.iter().enumerate() {
                let content = match room.content {
                    Content::Empty => "empty",
                    Content::Moose => "MOOSE",
                    Content::Door => "closed",
                };
                let sep = if i == 0 { "; " } else { ", " };
                write!(
                    f,
                    "{sep}room {}: {} ({content})",
                    room.room,
                    room.kind.name()
                )?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Display for MooseHouseObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = self.options.players();
        let me = self.reader();
        let turn = usize::from(self.turn);
        if self.public {
            write!(f, "The table as everyone sees it. ")?;
        } else {
            write!(f, "You are seat {}. ", self.seat)?;
        }
        match &self.phase {
            ObservedPhase::Deal => {
                let dealt: usize = self.hand_sizes.iter().map(|&n| usize::from(n)).sum();
                match self.receiving {
                    Some(to) => writeln!(
                        f,
                        "Dealing: card {} of {} goes to {}.",
                        dealt + 1,
                        4 * players,
                        self.who(usize::from(to))
                    )?,
                    None => writeln!(f, "Dealing.")?,
                }
            }
            ObservedPhase::TurnDraw if me.is_me(turn) => {
                writeln!(f, "You draw to start your turn.")?;
            }
            ObservedPhase::TurnDraw => writeln!(f, "Seat {turn} draws to start the turn.")?,
            ObservedPhase::Play if me.is_me(turn) => writeln!(f, "Your turn.")?,
            ObservedPhase::Play => writeln!(f, "Seat {turn} to play.")?,
            ObservedPhase::Trap { pending_moose } => {
                let attacker = if me.is_me(turn) {
                    "You".to_owned()
                } else {
                    format!("Seat {turn}")
                };
                let target = usize::from(pending_moose.target);
                let room = self.room_name(target, pending_moose.room.saturating_sub(1));
                let kind = pending_moose.kind.name();
                if me.is_me(target) {
                    writeln!(
                        f,
                        "{attacker} played a moose into {room} ({kind}): you decide, trap or allow."
                    )?;
                } else {
                    writeln!(
                        f,
                        "{attacker} played a moose into {room} ({kind}): seat {target} decides, trap or allow."
                    )?;
                }
            }
            ObservedPhase::Refill { queue } => {
                let order: Vec<String> = queue.iter().map(|&s| self.who(usize::from(s))).collect();
                writeln!(f, "Refilling hands to 4: {}.", order.join(", then "))?;
            }
            ObservedPhase::Over => writeln!(f, "The game is over.")?,
        }
        if !self.public {
            writeln!(f, "Your hand: {}", self.hand)?;
        }
        self.write_houses(f)?;
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

/// Room `index` (from 0) of `seat` as `names`'s reader reads it, with its kind when known:
/// `seat 1, room 2 (kitchen)`, `your room 2`.
pub(super) fn room_name(names: Reader, seat: usize, index: u8, kind: Option<RoomKind>) -> String {
    let number = u16::from(index) + 1;
    let mut name = if names.is_me(seat) {
        format!("your room {number}")
    } else {
        format!("seat {seat}, room {number}")
    };
    if let Some(kind) = kind {
        let _ = write!(name, " ({})", kind.name());
    }
    name
}
