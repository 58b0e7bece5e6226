//! Cheese Day ("Alles Käse!"): roll, then take, remove or peek at pantry cards whose backs show
//! cheese holes and whose faces hide cheese or a trap. Rules: `shared/spec/cheese-day.md`.

mod action;
mod config;
mod encoding;
mod hidden;
mod invariants;
mod notes;
mod observation;
mod playout;
mod views;

use serde::{Deserialize, Serialize};

use self::action::LEGAL_BY_SLOTS;
pub use self::action::{Card, CheeseDayAction, Face};
pub use self::config::CheeseDayConfig;
use self::config::INFO;
pub use self::observation::{
    CheeseDayObservation, Collection, DiscardedValue, FaceCounts, ObservedPhase, PantrySlot,
    Reserve, SeatCount, ValueCounts,
};
pub use self::views::CheeseDayView;
use crate::error::BrokenInvariant;
use crate::game::{Actor, Game, ToMove};
use crate::listing::Listing;
use crate::outcome::{HowItEnded, Outcome};
use crate::rng::GameRng;

/// Pantry slots.
pub const SLOTS: usize = 6;
/// Most seats the game allows.
pub const MAX_PLAYERS: usize = 6;
/// Card values 1…6.
pub const VALUES: usize = 6;
/// Cards of each value (its traps among them as configured).
pub const CARDS_PER_VALUE: u8 = 6;
/// Traps that end a player's game.
const TRAPS_TO_LOSE: u8 = 3;

/// Per value (index 0 = one hole) and face (index 0 = cheese, 1 = trap): a card count.
type Counts = [[u8; 2]; VALUES];

/// Where the game stands within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// A card is becoming visible by its back: the lowest empty pantry slot at setup, else the
    /// new top of the reserve.
    Draw,
    /// The turn owner rolls.
    Roll,
    /// The turn owner chooses after rolling `roll`.
    Choose { roll: u8 },
    /// The game is over.
    Over,
}

/// A card in a pantry slot and the seats that have peeked at it (bit per seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PantryCard {
    pub card: Card,
    pub peeked_by: u8,
}

/// The full state of a game of Cheese Day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheeseDay {
    config: CheeseDayConfig,
    phase: Phase,
    /// The seat whose turn it is (the next to roll once the pending draw is made).
    turn: u8,
    pantry: [Option<PantryCard>; SLOTS],
    /// Per card value (index 1…6; 0 unused), the pantry slots holding a card of that value,
    /// a bit per slot: which slots show the roll, asked at every decision of every playout,
    /// is then one lookup. Kept in step with `pantry` wherever a slot changes (the
    /// conservation check compares them).
    slots_by_value: [u8; VALUES + 1],
    /// The reserve's top card, once drawn (its value is public, its face hidden).
    reserve_top: Option<Card>,
    /// Cards in the reserve, top included.
    reserve_len: u8,
    /// Cards not yet drawn: the reserve below its top. The rules have not fixed them yet.
    undrawn: Counts,
    discard: Counts,
    /// Per seat: discarded cards whose face that seat saw (it peeked before they were removed).
    discard_known: [Counts; MAX_PLAYERS],
    /// Per seat: the cards taken (faces public).
    taken: [Counts; MAX_PLAYERS],
    /// The seat that took its third trap.
    out: Option<u8>,
}

#[allow(
    clippy::inline_always,
    reason = "the steps of a turn, inlined into `apply_unchecked`, which playout loops inline in turn"
)]
impl CheeseDay {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    pub fn pantry(&self) -> &[Option<PantryCard>; SLOTS] {
        &self.pantry
    }

    pub fn reserve_len(&self) -> usize {
        usize::from(self.reserve_len)
    }

    /// The cards `seat` has taken (public): per value 1…6 (index 0 = one hole), the cheese
    /// and trap counts (index 0 = cheese, 1 = trap). For rollout policies that read the state
    /// without building an observation.
    pub fn taken_by(&self, seat: usize) -> &[[u8; 2]; VALUES] {
        &self.taken[seat]
    }

    /// Per value (index 0 = one hole), the cheese and trap cards `seat` has not seen: the
    /// configured cards less those taken, the discards whose face it knows and the pantry cards
    /// it peeked at. The one count: the observation's `unseen` is this, and rollout policies
    /// read it from a sampled world without building an observation.
    #[inline]
    pub fn unseen_by(&self, seat: usize) -> [ValueCounts; VALUES] {
        let players = self.players();
        let mut unseen: [[u8; 2]; VALUES] = std::array::from_fn(|v| {
            [
                self.config.total(v, Face::Cheese),
                self.config.total(v, Face::Trap),
            ]
        });
        for (v, counts) in unseen.iter_mut().enumerate() {
            for (f, count) in counts.iter_mut().enumerate() {
                *count -= self.discard_known[seat][v][f];
                *count -= self.taken[..players].iter().map(|t| t[v][f]).sum::<u8>();
            }
        }
        let me = 1u8 << seat;
        for card in self.pantry.iter().flatten() {
            if card.peeked_by & me != 0 {
                unseen[card.card.value_index()][card.card.face.index()] -= 1;
            }
        }
        std::array::from_fn(|v| ValueCounts {
            value: v as u8 + 1,
            cheese: unseen[v][Face::Cheese.index()],
            trap: unseen[v][Face::Trap.index()],
        })
    }

    /// The discarded cards whose faces `seat` knows (it peeked before they were removed), laid
    /// out as [`CheeseDay::taken_by`]: that seat's private knowledge, for rollout policies that
    /// decide as that seat would.
    pub fn discards_known_to(&self, seat: usize) -> &[[u8; 2]; VALUES] {
        &self.discard_known[seat]
    }

    /// The reserve's top card, once drawn. Its face is hidden from every seat: this is the
    /// true state, for the end of a game (a front end revealing everything) and tests.
    pub fn reserve_top(&self) -> Option<Card> {
        self.reserve_top
    }

    /// The discard pile per value (index 0 = one hole) and face (index 0 = cheese, 1 = trap).
    /// The faces are hidden from every seat: the true state, for the end of a game and tests.
    pub fn discarded(&self) -> [[u8; 2]; VALUES] {
        self.discard
    }

    fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// The traps `seat` has taken.
    pub fn traps_of(&self, seat: usize) -> u8 {
        self.taken[seat].iter().map(|c| c[1]).sum()
    }

    /// The holes of the cheese `seat` has taken: its score.
    pub fn holes_of(&self, seat: usize) -> i64 {
        self.taken[seat]
            .iter()
            .enumerate()
            .map(|(v, c)| (v as i64 + 1) * i64::from(c[0]))
            .sum()
    }

    /// The cheese cards `seat` has taken (the first tie-break).
    pub fn cheese_cards_of(&self, seat: usize) -> u8 {
        self.taken[seat].iter().map(|c| c[0]).sum()
    }

    fn has_value(&self, value: u8) -> bool {
        self.slots_by_value
            .get(usize::from(value))
            .is_some_and(|&slots| slots != 0)
    }

    /// Puts `card`, unpeeked, into the empty `slot`.
    #[inline(always)]
    fn fill(&mut self, slot: usize, card: Card) {
        self.pantry[slot] = Some(PantryCard { card, peeked_by: 0 });
        self.slots_by_value[usize::from(card.value)] |= 1 << slot;
    }

    /// Empties `slot`, returning its card.
    #[inline(always)]
    fn empty(&mut self, slot: usize) -> PantryCard {
        let card = self.pantry[slot].take().expect("slot holds a card");
        self.slots_by_value[usize::from(card.card.value)] &= !(1 << slot);
        card
    }

    /// The pantry slots holding a card of each value (see `slots_by_value`), worked out from
    /// the pantry.
    pub(super) fn pantry_slots_by_value(&self) -> [u8; VALUES + 1] {
        let mut slots = [0; VALUES + 1];
        for (slot, card) in self.pantry.iter().enumerate() {
            if let Some(card) = card {
                slots[usize::from(card.card.value)] |= 1 << slot;
            }
        }
        slots
    }

    /// Moves the top reserve card into `slot`.
    fn refill(&mut self, slot: usize) {
        let card = self.reserve_top.take().expect("reserve has a top card");
        self.fill(slot, card);
        self.reserve_len -= 1;
    }

    fn end_turn(&mut self) {
        self.turn = if self.turn + 1 == self.config.players {
            0
        } else {
            self.turn + 1
        };
        self.phase = if self.reserve_len == 0 {
            Phase::Over
        } else if self.reserve_top.is_none() {
            Phase::Draw
        } else {
            Phase::Roll
        };
    }

    /// Which slots show `roll`, as a bit per slot: the index into [`LEGAL_BY_SLOTS`]. This
    /// runs at every decision of every playout.
    #[inline]
    fn showing(&self, roll: u8) -> usize {
        usize::from(self.slots_by_value[usize::from(roll)])
    }

    fn card_in(&self, slot: u8) -> Option<PantryCard> {
        self.pantry.get(usize::from(slot)).copied().flatten()
    }

    #[inline(always)]
    fn draw(&mut self, card: Card) {
        self.undrawn[card.value_index()][card.face.index()] -= 1;
        // The deal fills slots 1…6 in order; afterwards every draw makes the reserve top.
        if self.pantry[SLOTS - 1].is_none() {
            let slot = self
                .pantry
                .iter()
                .position(Option::is_none)
                .expect("slot 6 is empty");
            self.fill(slot, card);
        } else {
            self.reserve_top = Some(card);
            self.phase = Phase::Roll;
        }
    }

    #[inline(always)]
    fn peek(&mut self, slot: u8) {
        let seat = self.turn();
        if let Some(card) = self.pantry[usize::from(slot)].as_mut() {
            card.peeked_by |= 1 << seat;
        }
        if self.config.burns_on_peek() {
            let burned = self.reserve_top.take().expect("reserve has a top card");
            self.discard[burned.value_index()][burned.face.index()] += 1;
            self.reserve_len -= 1;
        }
        self.end_turn();
    }

    /// Takes the card in `slot` or, with `remove`, removes it to the discards; then the top
    /// of the reserve fills the slot. One body for both, the pile chosen by a select rather
    /// than a branch: in a random playout take or remove is a coin toss for the predictor.
    #[inline(always)]
    fn take_or_remove(&mut self, slot: u8, remove: bool) {
        let seat = self.turn();
        let PantryCard { card, peeked_by } = self.empty(usize::from(slot));
        let (v, f) = (card.value_index(), card.face.index());
        let pile = if remove {
            &mut self.discard
        } else {
            &mut self.taken[seat]
        };
        pile[v][f] += 1;
        // Everyone who peeked at a removed card knows its face among the discards.
        let mut knowers = if remove { peeked_by } else { 0 };
        while knowers != 0 {
            self.discard_known[knowers.trailing_zeros() as usize][v][f] += 1;
            knowers &= knowers - 1;
        }
        // Only a taken trap can make three (a seat with three is out and never plays
        // again), and testing the count alone spares a branch on the face.
        if self.traps_of(seat) >= TRAPS_TO_LOSE {
            self.out = Some(seat as u8);
            self.phase = Phase::Over;
            return;
        }
        self.refill(usize::from(slot));
        self.end_turn();
    }
}

#[allow(
    clippy::inline_always,
    reason = "measured: inlining these into the match runner's loop cut random-playout work by a sixth"
)]
impl Game for CheeseDay {
    type Config = CheeseDayConfig;
    type Action = CheeseDayAction;
    type Observation = CheeseDayObservation;
    type EventView = CheeseDayView;
    type RankKey = (bool, i64, u8);

    fn new(config: &CheeseDayConfig) -> Self {
        let mut undrawn = [[0; 2]; VALUES];
        for (v, counts) in undrawn.iter_mut().enumerate() {
            *counts = [config.total(v, Face::Cheese), config.total(v, Face::Trap)];
        }
        Self {
            config: *config,
            phase: Phase::Draw,
            turn: 0,
            pantry: [None; SLOTS],
            slots_by_value: [0; VALUES + 1],
            reserve_top: None,
            reserve_len: (VALUES as u8) * CARDS_PER_VALUE - SLOTS as u8,
            undrawn,
            discard: [[0; 2]; VALUES],
            discard_known: [[[0; 2]; VALUES]; MAX_PLAYERS],
            taken: [[[0; 2]; VALUES]; MAX_PLAYERS],
            out: None,
        }
    }

    fn config(&self) -> &CheeseDayConfig {
        &self.config
    }

    #[inline(always)]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Draw | Phase::Roll => ToMove::Chance,
            Phase::Choose { .. } => ToMove::Player(self.turn()),
            Phase::Over => ToMove::Terminal,
        }
    }

    #[inline(always)]
    fn legal_actions(&self, out: &mut impl Listing<CheeseDayAction>) {
        out.clear();
        if let Some(table) = self.legal_table() {
            out.extend_from_slice(table);
        }
    }

    /// Every decision's list is prepared once, for each of the 64 sets of slots showing the
    /// roll.
    #[inline(always)]
    fn legal_table(&self) -> Option<&'static [CheeseDayAction]> {
        let Phase::Choose { roll } = self.phase else {
            return None;
        };
        let (choices, count) = &LEGAL_BY_SLOTS[self.showing(roll)];
        Some(&choices[..usize::from(*count)])
    }

    fn chance_outcomes(&self, out: &mut impl Listing<(CheeseDayAction, u32)>) {
        out.clear();
        match self.phase {
            Phase::Roll => out.extend((1..=6).map(|n| (CheeseDayAction::Roll(n), 1))),
            Phase::Draw => {
                for (v, counts) in self.undrawn.iter().enumerate() {
                    for face in Face::BOTH {
                        let weight = counts[face.index()];
                        if weight > 0 {
                            let card = Card {
                                value: v as u8 + 1,
                                face,
                            };
                            out.push((CheeseDayAction::Draw(card), u32::from(weight)));
                        }
                    }
                }
            }
            Phase::Choose { .. } | Phase::Over => {}
        }
    }

    /// Drawn without listing the outcomes, for the levels' playouts (`playout.rs`).
    #[inline]
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(CheeseDayAction, u32)>,
    ) -> Option<CheeseDayAction> {
        playout::sample_chance(self, rng)
    }

    #[inline(always)]
    fn apply_unchecked(&mut self, action: CheeseDayAction) {
        match action {
            CheeseDayAction::Roll(n) => self.phase = Phase::Choose { roll: n },
            CheeseDayAction::Draw(card) => self.draw(card),
            CheeseDayAction::Peek(slot) => self.peek(slot),
            CheeseDayAction::Take(slot) => self.take_or_remove(slot, false),
            CheeseDayAction::Remove(slot) => self.take_or_remove(slot, true),
        }
    }

    fn observation(&self, seat: usize) -> CheeseDayObservation {
        observation::observation(self, seat)
    }

    fn public_view(observation: &CheeseDayObservation) -> CheeseDayObservation {
        observation::public_view(observation)
    }

    fn public_event_view(&self, action: &CheeseDayAction) -> CheeseDayView {
        views::public_event_view(*action)
    }

    fn ending(
        observation: &CheeseDayObservation,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<HowItEnded> {
        notes::ending(observation, outcome, names)
    }

    fn determinize(obs: &CheeseDayObservation, rng: &mut GameRng) -> Self {
        hidden::determinize(obs, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample_hidden(self, seat, rng)
    }

    /// Out of the game (three traps) below everyone; then most holes, then most cheese cards.
    fn rank_key(&self, seat: usize) -> (bool, i64, u8) {
        (
            self.out != Some(seat as u8),
            self.holes_of(seat),
            self.cheese_cards_of(seat),
        )
    }

    /// The holes of the cheese taken.
    fn final_score(&self, seat: usize) -> i64 {
        self.holes_of(seat)
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        invariants::check_invariants(self).map_err(BrokenInvariant)
    }

    fn event_view(&self, seat: usize, action: &CheeseDayAction) -> CheeseDayView {
        views::event_view(self, seat, *action)
    }

    fn event_note(
        before: &CheeseDayObservation,
        actor: Actor,
        view: &CheeseDayView,
        after: &CheeseDayObservation,
    ) -> Option<String> {
        notes::event_note(before, actor, *view, after)
    }

    fn choice_label(observation: &CheeseDayObservation, action: &CheeseDayAction) -> String {
        notes::choice_label(observation, *action)
    }

    fn describe(&self, action: &CheeseDayAction) -> Option<String> {
        notes::describe(self, *action)
    }
}
