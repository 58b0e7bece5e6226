//! What one seat of Cheese Day knows: the observation type (a public JSON contract, described
//! by its JSON Schema), building it from the true state, and its readable rendering.

use std::fmt::{self, Display};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::Face;
use super::{CheeseDay, CheeseDayConfig, Phase, SLOTS, VALUES};
use crate::naming::Reader;
use crate::words::count;

/// What one seat knows in Cheese Day: the public table (every card's back, every taken card,
/// who peeked where) and its own peeks. Seats are numbered from 0, pantry slots from 1 and card
/// values (the holes on a card's back) from 1 to 6, as in the text forms (`take 3`, `draw 4T`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CheeseDayObservation {
    /// The seat this observation is for; 0 in a public view (`public`), which is no seat's.
    pub seat: usize,
    /// True in a public view: the table as everyone sees it (a spectator's), with no seat's
    /// peeks; `unseen` then counts the faces not face up. Absent (false) in a seat's
    /// observation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// The game's options, as in a game spec (`{"players": "3", "traps": "1/2/3/3/4/5"}`).
    pub options: CheeseDayConfig,
    /// Where the game stands within a turn: `kind` names the phase, and the phase's own facts
    /// (the roll to act on) come with it.
    pub phase: ObservedPhase,
    /// Whose turn it is: the seat that rolls next or has rolled. Seat 0 during the deal; at the
    /// end, the seat that took its third trap, or the seat that would have been next.
    pub turn: usize,
    /// The seat that must choose an action now (phase `choose`: the turn's seat); null while
    /// chance acts (deal, draws, rolls) and once the game is over.
    pub deciding: Option<usize>,
    /// The cards in the pantry, by slot (1…6, left to right). A slot without a card is not
    /// listed: that happens only during the deal and after a third trap, which ends the game
    /// before the slot is refilled.
    pub pantry: Vec<PantrySlot>,
    /// The reserve: the face-down stack the pantry is refilled from.
    pub reserve: Reserve,
    /// The discard pile (cards out of the game, backs up), per value 1…6 in order.
    pub discard: [DiscardedValue; VALUES],
    /// Every seat's collection, in seat order.
    pub players: Vec<Collection>,
    /// Per value 1…6 in order: the cheese and trap faces this seat has not seen anywhere (in
    /// the reserve, its top card, the pantry cards it has not peeked at, the discards it does
    /// not know). Those cards' faces are dealt at random from these counts, so an unpeeked
    /// pantry card of value V is a trap with probability `trap / (cheese + trap)` of entry V.
    pub unseen: [ValueCounts; VALUES],
}

/// The phase of a turn, as the observation states it: an object whose `kind` names the phase,
/// with the facts that belong to that phase alone (the same shape in every game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObservedPhase {
    /// Setup: chance deals the next card into the lowest empty pantry slot.
    Deal,
    /// Chance draws the reserve's new top card (its back becomes visible).
    Draw,
    /// Chance rolls the die for the turn's seat.
    Roll,
    /// The turn's seat chooses: `take S` or `remove S` of a slot showing the roll, or, when no
    /// pantry card shows it, `peek S` at any slot.
    Choose {
        /// The die roll the turn's seat must act on, 1…6.
        #[schemars(range(min = 1, max = 6))]
        roll: u8,
    },
    /// The game is over.
    Over,
}

/// A pantry card as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PantrySlot {
    /// The slot, 1…6 (left to right), as in `take S`.
    #[schemars(range(min = 1, max = 6))]
    pub slot: u8,
    /// The holes on the card's back, 1…6 (public).
    #[schemars(range(min = 1, max = 6))]
    pub value: u8,
    /// The card's face if this seat has peeked at it; null if this seat has not.
    pub face: Option<Face>,
    /// The seats that have peeked at this card since it came into the pantry, in seat order
    /// (public; the faces they saw are not).
    pub peeked_by: Vec<usize>,
}

/// The reserve as every seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Reserve {
    /// Cards in the reserve, its top card included. The game ends after the turn that empties
    /// it.
    #[schemars(range(max = 30))]
    pub cards: u8,
    /// The holes on the reserve's top card, which refills the next emptied pantry slot. Null
    /// when no top card is showing: during the deal, while a new top card is being drawn, and
    /// once the reserve is empty.
    #[schemars(range(min = 1, max = 6))]
    pub top: Option<u8>,
}

/// The discarded cards of one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DiscardedValue {
    /// The holes on these cards' backs, 1…6.
    #[schemars(range(min = 1, max = 6))]
    pub value: u8,
    /// How many cards of this value are in the discard pile (public).
    pub cards: u8,
    /// The faces this seat knows among them: cards it had peeked at before they were removed.
    pub known: FaceCounts,
    /// The seats that had peeked at some of these cards before they were discarded, with how
    /// many each (public; the faces are known to those seats only). This seat included.
    pub peeked_by: Vec<SeatCount>,
}

/// A seat and a number of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatCount {
    /// The seat, from 0.
    pub seat: usize,
    /// How many cards (a seat is listed only with at least one).
    #[schemars(range(min = 1))]
    pub cards: u8,
}

/// Cheese and trap cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FaceCounts {
    /// Cards with cheese on their face.
    pub cheese: u8,
    /// Cards with a trap on their face.
    pub trap: u8,
}

/// Cheese and trap cards of one value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ValueCounts {
    /// The holes on these cards' backs, 1…6.
    #[schemars(range(min = 1, max = 6))]
    pub value: u8,
    /// Cards of this value with cheese on their face.
    pub cheese: u8,
    /// Cards of this value with a trap on their face.
    pub trap: u8,
}

impl ValueCounts {
    /// Cards of this value in all, cheese and traps.
    #[must_use]
    pub fn total(self) -> u8 {
        self.cheese + self.trap
    }

    /// Read as a seat's unseen faces of one value: the chance that a card of this value whose
    /// face the seat has not seen hides a trap, `trap / (cheese + trap)`, as its face is dealt
    /// from these. `None` when no face of the value is left unseen. The one place the odds
    /// are worked out: the notes, the observation's text, the board and the heuristic read
    /// them here.
    #[must_use]
    pub fn trap_chance(self) -> Option<f64> {
        (self.total() > 0).then(|| f64::from(self.trap) / f64::from(self.total()))
    }

    /// [`ValueCounts::trap_chance`] in whole percent, rounded half up (`13` for 1 in 8).
    #[must_use]
    pub fn trap_percent(self) -> Option<u32> {
        let total = u32::from(self.total());
        (total > 0).then(|| (100 * u32::from(self.trap) + total / 2) / total)
    }

    /// The odds as people read them: `trap chance 2/5`.
    #[must_use]
    pub fn trap_odds(self) -> String {
        format!("trap chance {}/{}", self.trap, self.total())
    }
}

/// The cards one seat has taken (faces up: public), and what they are worth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Collection {
    /// The seat, from 0.
    pub seat: usize,
    /// The cards taken, per value 1…6 in order.
    pub taken: [ValueCounts; VALUES],
    /// The score: the holes on the cheese cards taken.
    pub holes: u16,
    /// Cheese cards taken (the first tie-break).
    pub cheese_cards: u8,
    /// Traps taken; the third puts the seat out and ends the game.
    #[schemars(range(max = 3))]
    pub traps: u8,
    /// Whether this seat took its third trap: it ranks last whatever it holds.
    pub out: bool,
}

impl CheeseDayObservation {
    /// The die roll the deciding seat must act on: phase `choose` only.
    pub fn roll(&self) -> Option<u8> {
        match self.phase {
            ObservedPhase::Choose { roll } => Some(roll),
            _ => None,
        }
    }

    /// The pantry card in `slot` (1…6), if there is one.
    pub fn slot(&self, slot: u8) -> Option<&PantrySlot> {
        self.pantry.iter().find(|card| card.slot == slot)
    }

    /// The collection of `seat`.
    pub fn player(&self, seat: usize) -> Option<&Collection> {
        self.players.get(seat).filter(|p| p.seat == seat)
    }

    /// How many pantry cards show `value` holes.
    pub fn pantry_cards_of(&self, value: u8) -> usize {
        self.pantry
            .iter()
            .filter(|card| card.value == value)
            .count()
    }
}

/// `seat`'s observation of `state`.
pub(super) fn observation(state: &CheeseDay, seat: usize) -> CheeseDayObservation {
    let players = state.players();
    let me = 1u8 << seat;
    let pantry = state
        .pantry
        .iter()
        .enumerate()
        .filter_map(|(index, slot)| {
            slot.map(|c| PantrySlot {
                slot: index as u8 + 1,
                value: c.card.value,
                face: (c.peeked_by & me != 0).then_some(c.card.face),
                peeked_by: seats_in(c.peeked_by, players),
            })
        })
        .collect::<Vec<_>>();
    let discard = std::array::from_fn(|v| {
        let [cheese, trap] = state.discard_known[seat][v];
        DiscardedValue {
            value: v as u8 + 1,
            cards: state.discard[v][0] + state.discard[v][1],
            known: FaceCounts { cheese, trap },
            peeked_by: (0..players)
                .filter_map(|t| {
                    let cards = state.discard_known[t][v][0] + state.discard_known[t][v][1];
                    (cards > 0).then_some(SeatCount { seat: t, cards })
                })
                .collect(),
        }
    });
    let collections = (0..players)
        .map(|t| Collection {
            seat: t,
            taken: std::array::from_fn(|v| ValueCounts {
                value: v as u8 + 1,
                cheese: state.taken[t][v][0],
                trap: state.taken[t][v][1],
            }),
            holes: state.holes_of(t) as u16,
            cheese_cards: state.cheese_cards_of(t),
            traps: state.traps_of(t),
            out: state.out == Some(t as u8),
        })
        .collect();
    let unseen = state.unseen_by(seat);
    let full = state.pantry[SLOTS - 1].is_some();
    let phase = match state.phase {
        Phase::Draw if !full => ObservedPhase::Deal,
        Phase::Draw => ObservedPhase::Draw,
        Phase::Roll => ObservedPhase::Roll,
        Phase::Choose { roll } => ObservedPhase::Choose { roll },
        Phase::Over => ObservedPhase::Over,
    };
    CheeseDayObservation {
        seat,
        public: false,
        options: state.config,
        phase,
        turn: state.turn(),
        deciding: matches!(phase, ObservedPhase::Choose { .. }).then(|| state.turn()),
        pantry,
        reserve: Reserve {
            cards: state.reserve_len,
            top: state.reserve_top.map(|c| c.value),
        },
        discard,
        players: collections,
        unseen,
    }
}

/// The table as everyone sees it, from one seat's observation: no face it peeked at, no
/// discard it knows, and its unseen faces counted back up to the faces nobody has seen face
/// up (the configured cards less the ones taken).
pub(super) fn public_view(observation: &CheeseDayObservation) -> CheeseDayObservation {
    let mut public = observation.clone();
    for (v, unseen) in public.unseen.iter_mut().enumerate() {
        let value = v as u8 + 1;
        let known = observation.discard[v].known;
        unseen.cheese += known.cheese;
        unseen.trap += known.trap;
        for card in observation.pantry.iter().filter(|c| c.value == value) {
            match card.face {
                Some(Face::Cheese) => unseen.cheese += 1,
                Some(Face::Trap) => unseen.trap += 1,
                None => {}
            }
        }
    }
    for card in &mut public.pantry {
        card.face = None;
    }
    for discarded in &mut public.discard {
        discarded.known = FaceCounts::default();
    }
    public.seat = 0;
    public.public = true;
    public
}

impl CheeseDayObservation {
    /// Who reads this observation's notes: its seat, or nobody in particular for a public
    /// view.
    pub fn reader(&self) -> Reader {
        Reader::of_view(self.seat, self.public)
    }

    /// The pantry, slot by slot: each card's holes, its face if this seat peeked, else the
    /// odds that it is a trap, and who peeked at it.
    fn write_pantry(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Pantry:")?;
        for slot in 1..=SLOTS as u8 {
            let Some(card) = self.slot(slot) else {
                writeln!(f, "  slot {slot}: (empty)")?;
                continue;
            };
            let unseen = &self.unseen[usize::from(card.value) - 1];
            let face = match card.face {
                Some(Face::Cheese) => "cheese (you peeked)".to_owned(),
                Some(Face::Trap) => "TRAP (you peeked)".to_owned(),
                None => format!("?  {}", unseen.trap_odds()),
            };
            write!(f, "  slot {slot}: {}  {face}", count(card.value, "hole"))?;
            if !card.peeked_by.is_empty() {
                let seats: Vec<String> = card.peeked_by.iter().map(ToString::to_string).collect();
                write!(f, "  [peeked by seat {}]", seats.join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }

    /// The discard pile: how many cards, of which values, and the faces this seat knows.
    fn write_discards(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let discards: u8 = self.discard.iter().map(|d| d.cards).sum();
        write!(f, "Discarded: {discards}")?;
        if discards > 0 {
            let by_value: Vec<String> = self
                .discard
                .iter()
                .filter(|d| d.cards > 0)
                .map(|d| format!("{}×{}", d.cards, d.value))
                .collect();
            write!(f, " ({})", by_value.join(" "))?;
            let known: Vec<String> = self
                .discard
                .iter()
                .flat_map(|d| {
                    let cheese =
                        (d.known.cheese > 0).then(|| format!("{}×{}C", d.known.cheese, d.value));
                    let traps =
                        (d.known.trap > 0).then(|| format!("{}×{}T", d.known.trap, d.value));
                    cheese.into_iter().chain(traps)
                })
                .collect();
            if !known.is_empty() {
                write!(f, "; you know {}", known.join(" "))?;
            }
        }
        writeln!(f)
    }
}

impl Display for CheeseDayObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.reader();
        let turn = if me.is_me(self.turn) {
            "You".to_owned()
        } else {
            format!("Seat {}", self.turn)
        };
        if self.public {
            write!(f, "The table as everyone sees it. ")?;
        } else {
            write!(f, "You are seat {}. ", self.seat)?;
        }
        match self.phase {
            ObservedPhase::Deal => writeln!(f, "The pantry is being dealt.")?,
            ObservedPhase::Draw => writeln!(f, "A new reserve top card is being drawn.")?,
            ObservedPhase::Roll if me.is_me(self.turn) => {
                writeln!(f, "You are about to roll.")?;
            }
            ObservedPhase::Roll => writeln!(f, "{turn} is about to roll.")?,
            ObservedPhase::Choose { roll } => {
                let task = if self.pantry_cards_of(roll) == 0 {
                    format!("no card shows {roll}: peek at any slot")
                } else {
                    format!("take or remove a card showing {roll}")
                };
                writeln!(f, "{turn} rolled {roll}: {task}.")?;
            }
            ObservedPhase::Over => writeln!(f, "The game is over.")?,
        }
        self.write_pantry(f)?;
        match self.reserve.top {
            Some(top) => writeln!(
                f,
                "Reserve: {}, the top one shows {}",
                count(self.reserve.cards, "card"),
                count(top, "hole")
            )?,
            None => writeln!(f, "Reserve: {}", count(self.reserve.cards, "card"))?,
        }
        self.write_discards(f)?;
        writeln!(f, "Players:")?;
        for player in &self.players {
            let out = if player.out { ", OUT" } else { "" };
            let you = if me.is_me(player.seat) { " (you)" } else { "" };
            writeln!(
                f,
                "  seat {}{you}: {} on {}, {}{out}",
                player.seat,
                count(player.holes, "hole"),
                count(player.cheese_cards, "cheese card"),
                count(player.traps, "trap")
            )?;
        }
        if self.public {
            write!(f, "Faces nobody has seen face up, cheese/trap by holes:")?;
        } else {
            write!(f, "Faces you have not seen, cheese/trap by holes:")?;
        }
        for unseen in &self.unseen {
            write!(f, "  {}: {}/{}", unseen.value, unseen.cheese, unseen.trap)?;
        }
        writeln!(f)
    }
}

/// The seats (of the first `players`) whose bit is set in `mask`.
pub(super) fn seats_in(mask: u8, players: usize) -> Vec<usize> {
    (0..players).filter(|s| mask & (1 << s) != 0).collect()
}
