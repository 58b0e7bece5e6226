//! A player's house: at most one Moose in the House card and a row of rooms, numbered in the
//! order they were placed. Kept in a fixed array so a game state never allocates, with the
//! empty rooms of each kind kept as bit sets so move generation never scans the rooms.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::cards::{Card, Cards, RoomKind};

/// Most rooms one house can hold: every Empty Room card of the deck.
pub const MAX_ROOMS: usize = 20;

/// Most empty rooms a house may have.
pub const MAX_EMPTY_ROOMS: usize = 3;

/// What lies on a room card.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Content {
    /// Nothing: a moose of the room's kind may move in, or its owner may close it.
    #[default]
    Empty,
    /// A Moose in the Room card (it counts against the house's owner).
    Moose,
    /// A Door card: closed for good.
    Door,
}

/// One room of a house.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Room {
    pub kind: RoomKind,
    pub content: Content,
}

impl Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let content = match self.content {
            Content::Empty => "empty",
            Content::Moose => "MOOSE",
            Content::Door => "closed",
        };
        write!(f, "{} ({content})", self.kind.name())
    }
}

/// A player's house.
///
/// Serialised as `{"moose_in_house": bool, "rooms": [...]}` with only the placed rooms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "HouseRepr", try_from = "HouseRepr")]
pub struct House {
    moose_placed: bool,
    /// Rooms in placement order; slots from `len` on are unused and stay at their default.
    rooms: [Room; MAX_ROOMS],
    len: u8,
    /// Per room kind, bit `i` set when room `i` (from 0) is of that kind and empty: follows
    /// from `rooms`, kept so that listing the plays costs a few bit operations.
    empty: [u32; 4],
    /// How many rooms are empty (the bits set in `empty`).
    empty_count: u8,
    /// Per room kind, how many rooms of it are empty (the bits set in `empty[kind]`): kept
    /// because counting bits is a dozen instructions on the default x86-64 target, which has
    /// no `popcnt`.
    empty_by_kind: [u8; 4],
}

impl House {
    /// Whether the house holds a Moose in the House card.
    pub fn has_moose_in_house(&self) -> bool {
        self.moose_placed
    }

    /// The rooms in placement order (room number = index + 1).
    pub fn rooms(&self) -> &[Room] {
        &self.rooms[..usize::from(self.len)]
    }

    /// Room `index` (from 0), if it exists.
    pub fn room(&self, index: u8) -> Option<Room> {
        self.rooms().get(usize::from(index)).copied()
    }

    #[inline]
    pub fn empty_rooms(&self) -> usize {
        usize::from(self.empty_count)
    }

    /// The empty rooms of `kind` as a bit set: bit `i` is room `i` (from 0).
    #[inline]
    pub fn empty_of_kind(&self, kind: RoomKind) -> u32 {
        self.empty[kind as usize]
    }

    /// How many empty rooms of `kind` there are.
    #[inline]
    pub fn empty_count_of_kind(&self, kind: RoomKind) -> u32 {
        u32::from(self.empty_by_kind[kind as usize])
    }

    /// Every empty room as a bit set: bit `i` is room `i` (from 0).
    #[inline]
    pub fn empty_mask(&self) -> u32 {
        self.empty[0] | self.empty[1] | self.empty[2] | self.empty[3]
    }

    /// Whether an Empty Room card may be placed here (fewer than three empty rooms).
    #[inline]
    pub fn accepts_room(&self) -> bool {
        usize::from(self.empty_count) < MAX_EMPTY_ROOMS
    }

    /// Moose in the Room cards in this house.
    pub fn moose(&self) -> usize {
        self.rooms()
            .iter()
            .filter(|r| r.content == Content::Moose)
            .count()
    }

    /// Closed rooms (doors).
    pub fn doors(&self) -> usize {
        self.rooms()
            .iter()
            .filter(|r| r.content == Content::Door)
            .count()
    }

    /// Every card lying in this house, per kind.
    pub fn cards(&self) -> Cards {
        let mut cards = Cards::EMPTY;
        if self.moose_placed {
            cards.add(Card::House, 1);
        }
        for room in self.rooms() {
            cards.add(Card::Room(room.kind), 1);
            match room.content {
                Content::Empty => {}
                Content::Moose => cards.add(Card::Moose(room.kind), 1),
                Content::Door => cards.add(Card::Door, 1),
            }
        }
        cards
    }

    pub(super) fn place_moose_in_house(&mut self) {
        self.moose_placed = true;
    }

    /// Adds an empty room at the end of the row.
    pub(super) fn add_room(&mut self, kind: RoomKind) {
        self.rooms[usize::from(self.len)] = Room {
            kind,
            content: Content::Empty,
        };
        self.empty[kind as usize] |= 1 << self.len;
        self.empty_count += 1;
        self.empty_by_kind[kind as usize] += 1;
        self.len += 1;
    }

    /// Puts a moose or a door on room `index` (from 0), which is empty.
    pub(super) fn fill_room(&mut self, index: u8, content: Content) {
        let room = &mut self.rooms[usize::from(index)];
        room.content = content;
        self.empty[room.kind as usize] &= !(1 << index);
        self.empty_count -= 1;
        self.empty_by_kind[room.kind as usize] -= 1;
    }

    /// Builds a house from its parts (for tests and deserialisation).
    ///
    /// # Errors
    /// More than [`MAX_ROOMS`] rooms.
    pub fn from_parts(moose_in_house: bool, rooms: &[Room]) -> Result<House, String> {
        if rooms.len() > MAX_ROOMS {
            return Err(format!(
                "a house holds at most {MAX_ROOMS} rooms, got {}",
                rooms.len()
            ));
        }
        let mut house = House {
            moose_placed: moose_in_house,
            ..House::default()
        };
        house.rooms[..rooms.len()].copy_from_slice(rooms);
        house.len = rooms.len() as u8;
        for (index, room) in rooms.iter().enumerate() {
            if room.content == Content::Empty {
                house.empty[room.kind as usize] |= 1 << index;
                house.empty_count += 1;
                house.empty_by_kind[room.kind as usize] += 1;
            }
        }
        Ok(house)
    }
}

impl Display for House {
    /// `Moose in the House; room 1: kitchen (empty), room 2: bedroom (MOOSE)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.moose_placed {
            "Moose in the House"
        } else {
            "no Moose in the House"
        })?;
        if self.len == 0 {
            return f.write_str("; no rooms");
        }
        for (index, room) in self.rooms().iter().enumerate() {
            let sep = if index == 0 { "; " } else { ", " };
            write!(f, "{sep}room {}: {room}", index + 1)?;
        }
        Ok(())
    }
}

#[derive(Clone, Serialize, Deserialize)]
struct HouseRepr {
    moose_in_house: bool,
    rooms: Vec<Room>,
}

impl From<House> for HouseRepr {
    fn from(house: House) -> Self {
        HouseRepr {
            moose_in_house: house.moose_placed,
            rooms: house.rooms().to_vec(),
        }
    }
}

impl TryFrom<HouseRepr> for House {
    type Error = String;

    fn try_from(repr: HouseRepr) -> Result<Self, String> {
        House::from_parts(repr.moose_in_house, &repr.rooms)
    }
}
