//! The cards of Moose in the House: the four room kinds, the eleven card kinds with their text
//! forms, and per-kind card counts (hands, the discard pile and the draw pile are all unordered
//! piles for the rules, so a count per kind is the whole truth about them).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::{self, Display};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseActionError;

/// The four kinds of room, written as in the text forms.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum RoomKind {
    /// Kitchen.
    #[default]
    Kitchen,
    /// Living room.
    Living,
    /// Bedroom.
    Bedroom,
    /// Bathroom.
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
    ///
    /// Summed from tests of the variant rather than matched arm by arm: a `match` with an arm
    /// per variant compiles to a jump table, and a drawn card is random, so that jump was
    /// mispredicted at most draws (cachegrind, random 3-player games: 198 mispredicted
    /// indirect jumps per game, 60 with this; +6% games/s, median of paired runs, issue 42).
    #[inline]
    pub fn index(self) -> usize {
        let kind = match self {
            Card::Room(kind) | Card::Moose(kind) => kind.index(),
            Card::House | Card::Door | Card::Trap => 0,
        };
        kind + 4 * usize::from(matches!(self, Card::Moose(_)))
            + 8 * usize::from(matches!(self, Card::House))
            + 9 * usize::from(matches!(self, Card::Door))
            + 10 * usize::from(matches!(self, Card::Trap))
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
            Card::Room(kind) => format!("Empty Room ({})", kind.name()),
            Card::Moose(kind) => format!("Moose in the Room ({})", kind.name()),
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
/// Serialised as a map from card text to count, every kind named. The total is kept with the
/// counts: hand and pile sizes are asked for at every step of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards {
    counts: [u8; KINDS],
    total: u8,
    /// Bit `i` set when `counts[i] > 0`: follows from the counts, kept because the kinds in
    /// the turn owner's hand are asked for at every decision.
    kinds: u16,
}

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards {
        counts: [0; KINDS],
        total: 0,
        kinds: 0,
    };

    /// The whole deck.
    pub fn deck() -> Cards {
        Cards::of_counts(Card::ALL.map(Card::in_deck))
    }

    fn of_counts(counts: [u8; KINDS]) -> Cards {
        Cards {
            counts,
            total: counts.iter().fold(0, |sum, &n| sum.saturating_add(n)),
            kinds: counts
                .iter()
                .enumerate()
                .fold(0, |set, (i, &n)| set | (u16::from(n > 0) << i)),
        }
    }

    #[inline]
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    #[inline]
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Number of cards of all kinds.
    #[inline]
    pub fn total(&self) -> u8 {
        self.total
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Puts `n` cards of a kind in.
    ///
    /// # Panics
    /// In debug builds, past 255 cards (no pile of a game comes near).
    #[inline]
    pub fn add(&mut self, card: Card, n: u8) {
        let index = card.index();
        self.counts[index] += n;
        self.total += n;
        self.kinds |= u16::from(n > 0) << index;
    }

    /// Takes `n` cards of a kind out.
    ///
    /// # Panics
    /// If fewer are there (a rules bug: callers check first).
    #[inline]
    pub fn remove(&mut self, card: Card, n: u8) {
        let index = card.index();
        let left = self.counts[index]
            .checked_sub(n)
            .unwrap_or_else(|| panic!("removing {n} × {card} from [{self}]"));
        self.counts[index] = left;
        self.total -= n;
        self.kinds &= !(u16::from(left == 0) << index);
    }

    /// Takes every card of a kind out, returning how many there were.
    #[inline]
    pub fn take_all(&mut self, card: Card) -> u8 {
        let index = card.index();
        let taken = std::mem::take(&mut self.counts[index]);
        self.total -= taken;
        self.kinds &= !(1 << index);
        taken
    }

    /// The kinds present, as a bit set: bit `i` stands for `Card::ALL[i]`.
    #[inline]
    pub fn kinds(&self) -> u16 {
        self.kinds
    }

    /// The kinds present with their counts, in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::ALL
            .into_iter()
            .map(|card| (card, self.count(card)))
            .filter(|&(_, n)| n > 0)
    }

    /// The cards by their text forms with counts, on one short line: `moose:living×2 trap`
    /// (empty when there are none).
    pub fn short(&self) -> String {
        self.iter()
            .map(|(card, n)| {
                if n > 1 {
                    format!("{card}×{n}")
                } else {
                    card.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Only the Moose in the Room cards among these (what a hand holding them at the end
    /// scores against).
    pub fn moose_cards(&self) -> Cards {
        let mut moose = Cards::EMPTY;
        for (card, n) in self.iter() {
            if matches!(card, Card::Moose(_)) {
                moose.add(card, n);
            }
        }
        moose
    }

    /// Counts as a pool for [`crate::rng::draw_counts`].
    pub fn as_pool(&self) -> [u32; KINDS] {
        self.counts.map(u32::from)
    }

    /// Counts from a pool drawn by [`crate::rng::draw_counts`] (at most 255 of a kind).
    pub fn from_pool(pool: [u32; KINDS]) -> Cards {
        Cards::of_counts(pool.map(|n| n.min(255) as u8))
    }

    /// Per kind `self + other` (saturating: no count of a real game comes near 255).
    ///
    /// The kinds and the total follow from the two sides' without going through the counts
    /// again (a search's worlds and heuristic add hands up at every decision): a kind is
    /// present where either side holds it, and the totals add up unless some count saturated.
    #[inline]
    pub fn plus(&self, other: &Cards) -> Cards {
        let mut sum = self.counts;
        for (a, b) in sum.iter_mut().zip(other.counts) {
            *a = a.saturating_add(b);
        }
        match self.total.checked_add(other.total) {
            Some(total) => Cards {
                counts: sum,
                total,
                kinds: self.kinds | other.kinds,
            },
            None => Cards::of_counts(sum),
        }
    }

    /// Per kind `self - other`, or 0 where `other` holds more.
    pub fn saturating_minus(&self, other: &Cards) -> Cards {
        let mut difference = self.counts;
        for (a, b) in difference.iter_mut().zip(other.counts) {
            *a = a.saturating_sub(b);
        }
        Cards::of_counts(difference)
    }

    /// Per kind `self - other`, or `None` if `other` holds more of some kind.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        let mut difference = self.counts;
        for (a, b) in difference.iter_mut().zip(other.counts) {
            *a = a.checked_sub(b)?;
        }
        Some(Cards::of_counts(difference))
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
    /// Every kind by its text form, in card order, zeros included: `{"room:kitchen": 1, …}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            Card::ALL
                .iter()
                .map(|&card| (card.to_string(), self.count(card))),
        )
    }
}

impl<'de> Deserialize<'de> for Cards {
    /// Accepts any of the kinds (a missing one counts 0) but no unknown card and no more of a
    /// kind than the deck holds.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(deserializer)?;
        let mut counts = [0; KINDS];
        for (text, n) in map {
            let card: Card = text.parse().map_err(serde::de::Error::custom)?;
            if n > card.in_deck() {
                return Err(serde::de::Error::custom(format!(
                    "{n} × {card}: the deck holds only {}",
                    card.in_deck()
                )));
            }
            counts[card.index()] = n;
        }
        Ok(Cards::of_counts(counts))
    }
}

impl schemars::JsonSchema for Cards {
    fn schema_name() -> Cow<'static, str> {
        "Cards".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut properties = serde_json::Map::new();
        for card in Card::ALL {
            properties.insert(
                card.to_string(),
                serde_json::json!({
                    "type": "integer",
                    "minimum": 0,
                    "maximum": card.in_deck(),
                    "description": format!("{} cards (the deck holds {})", card.title(), card.in_deck()),
                }),
            );
        }
        let required: Vec<String> = Card::ALL.iter().map(ToString::to_string).collect();
        schemars::Schema::try_from(serde_json::json!({
            "type": "object",
            "description": "Cards counted per kind, every kind named by its text form (zeros included): room:KIND is an Empty Room, moose:KIND a Moose in the Room, house a Moose in the House.",
            "properties": properties,
            "required": required,
            "additionalProperties": false,
        }))
        .expect("an object is a schema")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `plus` works its kinds and total out from the two sides': they must be what the
    /// counts give, the saturating sums past 255 cards included.
    #[test]
    fn a_sum_of_cards_keeps_its_kinds_and_total_true_to_its_counts() {
        let mut one_moose = Cards::EMPTY;
        one_moose.add(Card::Moose(RoomKind::ALL[2]), 1);
        let mut emptied = Cards::deck();
        let taken = emptied.take_all(Card::Door);
        assert!(taken > 0);
        let sides = [
            Cards::EMPTY,
            Cards::deck(),
            one_moose,
            emptied,
            Cards::of_counts([200; KINDS]),
            Cards::of_counts([255; KINDS]),
            Cards::of_counts(std::array::from_fn(|i| if i % 2 == 0 { 130 } else { 0 })),
        ];
        for a in &sides {
            for b in &sides {
                let counts: [u8; KINDS] =
                    std::array::from_fn(|i| a.counts[i].saturating_add(b.counts[i]));
                assert_eq!(a.plus(b), Cards::of_counts(counts), "{a} + {b}");
            }
        }
    }
}
