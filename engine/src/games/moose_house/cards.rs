//! The cards of Moose in the House: the four room kinds, the eleven card kinds with their text
//! forms, and per-kind card counts (hands, the discard pile and the draw pile are all unordered
//! piles for the rules, so a count per kind is the whole truth about them).

use std::collections::BTreeMap;
use std::fmt::{self, Display};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseActionError;

/// The four kinds of room.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum RoomKind {
    #[default]
    Kitchen,
    Living,
    Bedroom,
    Bathroom,
}

impl RoomKind {
    pub const ALL: [RoomKind; 4] = [
        RoomKind::Kitchen,
        RoomKind::Living,
        RoomKind::Bedroom,
        RoomKind::Bathroom,
    ];

    /// The normative word: `kitchen`, `living`, `bedroom`, `bathroom`.
    pub fn word(self) -> &'static str {
        match self {
            RoomKind::Kitchen => "kitchen",
            RoomKind::Living => "living",
            RoomKind::Bedroom => "bedroom",
            RoomKind::Bathroom => "bathroom",
        }
    }

    /// The name in prose: `living room` where the text form says `living`.
    pub fn name(self) -> &'static str {
        match self {
            RoomKind::Living => "living room",
            other => other.word(),
        }
    }

    /// Parses the normative word.
    pub fn from_word(word: &str) -> Option<RoomKind> {
        RoomKind::ALL.into_iter().find(|kind| kind.word() == word)
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl Display for RoomKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One card of the 58.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// An Empty Room card.
    Room(RoomKind),
    /// A Moose in the Room card.
    Moose(RoomKind),
    /// A Moose in the House card.
    House,
    Door,
    Trap,
}

crate::text_serde!(Card);

/// Number of card kinds.
pub const KINDS: usize = 11;

/// Cards in the deck.
pub const DECK_SIZE: u8 = 58;

impl Card {
    /// Every kind, in index order (the order of the spec's list of text forms).
    pub const ALL: [Card; KINDS] = [
        Card::Room(RoomKind::Kitchen),
        Card::Room(RoomKind::Living),
        Card::Room(RoomKind::Bedroom),
        Card::Room(RoomKind::Bathroom),
        Card::Moose(RoomKind::Kitchen),
        Card::Moose(RoomKind::Living),
        Card::Moose(RoomKind::Bedroom),
        Card::Moose(RoomKind::Bathroom),
        Card::House,
        Card::Door,
        Card::Trap,
    ];

    /// Position in [`Card::ALL`].
    pub fn index(self) -> usize {
        match self {
            Card::Room(kind) => kind.index(),
            Card::Moose(kind) => 4 + kind.index(),
            Card::House => 8,
            Card::Door => 9,
            Card::Trap => 10,
        }
    }

    /// How many cards of this kind the deck holds.
    pub fn in_deck(self) -> u8 {
        match self {
            Card::Room(_) | Card::Moose(_) | Card::Door => 5,
            Card::House => 10,
            Card::Trap => 3,
        }
    }

    /// What the card is called on the table, for readable text.
    pub fn title(self) -> String {
        match self {
            Card::Room(kind) => format!("Empty Room ({kind})"),
            Card::Moose(kind) => format!("Moose in the Room ({kind})"),
            Card::House => "Moose in the House".to_owned(),
            Card::Door => "Door".to_owned(),
            Card::Trap => "Trap".to_owned(),
        }
    }
}

/// The accepted card forms, for error messages.
pub(super) const CARD_FORMS: &str =
    "room:KIND, moose:KIND (KIND = kitchen, living, bedroom or bathroom), house, door or trap";

impl Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Room(kind) => write!(f, "room:{kind}"),
            Card::Moose(kind) => write!(f, "moose:{kind}"),
            Card::House => f.write_str("house"),
            Card::Door => f.write_str("door"),
            Card::Trap => f.write_str("trap"),
        }
    }
}

impl FromStr for Card {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let card = match text.split_once(':') {
            Some(("room", kind)) => RoomKind::from_word(kind).map(Card::Room),
            Some(("moose", kind)) => RoomKind::from_word(kind).map(Card::Moose),
            Some(_) => None,
            None => match text {
                "house" => Some(Card::House),
                "door" => Some(Card::Door),
                "trap" => Some(Card::Trap),
                _ => None,
            },
        };
        card.ok_or_else(|| ParseActionError::new(super::INFO.name, text, CARD_FORMS))
    }
}

/// A count of cards per kind: a hand, the discard pile, the unseen draw pile.
///
/// Serialised as a map from card text to count, listing only the kinds present.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards([u8; KINDS]);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; KINDS]);

    /// The whole deck.
    pub fn deck() -> Cards {
        Cards(Card::ALL.map(Card::in_deck))
    }

    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Number of cards of all kinds.
    pub fn total(&self) -> u8 {
        self.0.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    pub fn add(&mut self, card: Card, n: u8) {
        self.0[card.index()] += n;
    }

    /// Takes `n` cards of a kind out.
    ///
    /// # Panics
    /// If fewer are there (a rules bug: callers check first).
    pub fn remove(&mut self, card: Card, n: u8) {
        let held = self.0[card.index()];
        self.0[card.index()] = held
            .checked_sub(n)
            .unwrap_or_else(|| panic!("removing {n} × {card} from [{self}]"));
    }

    /// Takes every card of a kind out, returning how many there were.
    pub fn take_all(&mut self, card: Card) -> u8 {
        std::mem::take(&mut self.0[card.index()])
    }

    /// The kinds present with their counts, in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::ALL
            .into_iter()
            .map(|card| (card, self.count(card)))
            .filter(|&(_, n)| n > 0)
    }

    /// Counts as a pool for [`crate::rng::draw_counts`].
    pub fn as_pool(&self) -> [u32; KINDS] {
        self.0.map(u32::from)
    }

    /// Counts from a pool drawn by [`crate::rng::draw_counts`].
    pub fn from_pool(pool: [u32; KINDS]) -> Cards {
        Cards(pool.map(|n| n as u8))
    }

    /// Per kind `self + other`.
    pub fn plus(&self, other: &Cards) -> Cards {
        let mut sum = *self;
        for (a, b) in sum.0.iter_mut().zip(other.0) {
            *a += b;
        }
        sum
    }

    /// Per kind `self - other`, or `None` if `other` holds more of some kind.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        let mut difference = *self;
        for (a, b) in difference.0.iter_mut().zip(other.0) {
            *a = a.checked_sub(b)?;
        }
        Some(difference)
    }
}

impl Display for Cards {
    /// `door, moose:kitchen ×2, room:bedroom`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, (card, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{card}")?;
            if n > 1 {
                write!(f, " ×{n}")?;
            }
        }
        Ok(())
    }
}

impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter().map(|(card, n)| (card.to_string(), n)))
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(deserializer)?;
        let mut cards = Cards::EMPTY;
        for (text, n) in map {
            let card: Card = text.parse().map_err(serde::de::Error::custom)?;
            cards.add(card, n);
        }
        Ok(cards)
    }
}
