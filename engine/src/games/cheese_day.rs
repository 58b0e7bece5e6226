//! Cheese Day ("Alles Käse!"): roll, then take, remove or peek at pantry cards whose backs show
//! cheese holes and whose faces hide cheese or a trap. Rules: `shared/spec/cheese-day.md`.

mod action;
mod config;
mod hidden;
mod invariants;
mod notes;
mod observation;
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
use crate::outcome::{Outcome, competition_ranks};
use crate::rng::{GameRng, below};

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
    reason = "the steps of a turn, inlined into the playout loops of `Game`'s fast paths below"
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
    pub fn unseen_by(&self, seat: usize) -> [[u8; 2]; VALUES] {
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
        unseen
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
        self.pantry
            .iter()
            .flatten()
            .any(|slot| slot.card.value == value)
    }

    /// Moves the top reserve card into `slot`.
    fn refill(&mut self, slot: usize) {
        let card = self.reserve_top.take().expect("reserve has a top card");
        self.pantry[slot] = Some(PantryCard { card, peeked_by: 0 });
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

    /// Which slots show `roll`, as a bit per slot, gathered without a branch per slot (each
    /// is a coin toss for the branch predictor): the index into [`LEGAL_BY_SLOTS`]. This runs
    /// at every decision of every playout.
    #[inline]
    fn showing(&self, roll: u8) -> usize {
        self.pantry
            .iter()
            .enumerate()
            .fold(0, |mask, (slot, card)| {
                mask | (usize::from(card.is_some_and(|c| c.card.value == roll)) << slot)
            })
    }

    fn card_in(&self, slot: u8) -> Option<PantryCard> {
        self.pantry.get(usize::from(slot)).copied().flatten()
    }

    /// The card a draw shows, with the weights of [`Game::chance_outcomes`]: the first kind
    /// (value 1…6, cheese before trap) whose running count exceeds one uniform pick below
    /// the undrawn total. `None` once every card is drawn.
    #[inline(always)]
    fn sample_draw(&self, rng: &mut GameRng) -> Option<Card> {
        let running = running_counts(&self.undrawn);
        let total = (running[1] >> (8 * (2 * VALUES - 1 - 8))) as u32 & 0xFF;
        if total == 0 {
            return None;
        }
        // Counted for all twelve kinds at once, without the branch of a search, whose exit
        // is a guess the predictor mostly gets wrong.
        let pick = below(rng, total);
        let raise = ONES * u64::from(127 - pick);
        let above = [
            (running[0] + raise) & HIGH_BITS[0],
            (running[1] + raise) & HIGH_BITS[1],
        ];
        let kind = 2 * VALUES - bytes_set(above);
        Some(Card {
            value: (kind / 2) as u8 + 1,
            face: Face::BOTH[kind % 2],
        })
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
            self.pantry[slot] = Some(PantryCard { card, peeked_by: 0 });
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
        let PantryCard { card, peeked_by } = self.pantry[usize::from(slot)]
            .take()
            .expect("slot holds a card");
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

/// Per kind of card (byte `2 × (value − 1) + face`, cheese 0 and trap 1): how many of
/// `counts` are of that kind or an earlier one, a byte each (at most 36, so no byte carries
/// into the next), kinds 0…7 in the first word and 8…11 in the low half of the second; the
/// rest of the second repeats the total. Two 64-bit words rather than one 128-bit one: a
/// multiplication by [`ONES`] sums each byte with the ones below it in one step, where
/// 128-bit shifts and adds take several instructions each.
#[inline]
fn running_counts(counts: &Counts) -> [u64; 2] {
    let mut low = [0; 8];
    let mut high = [0; 8];
    low.copy_from_slice(&counts.as_flattened()[..8]);
    high[..2 * VALUES - 8].copy_from_slice(&counts.as_flattened()[8..]);
    let low = u64::from_le_bytes(low).wrapping_mul(ONES);
    // The second word's kinds also count every kind of the first: its total, the top byte.
    let high = u64::from_le_bytes(high).wrapping_mul(ONES) + (low >> 56) * ONES;
    [low, high]
}

/// How many bytes of `flags` have their top bit set (the only bits set). Summed by one
/// multiplication per word rather than `count_ones`, which without the `popcnt` instruction
/// of newer processors is a long bit-twiddling sequence.
#[inline]
fn bytes_set([low, high]: [u64; 2]) -> usize {
    (((low >> 7).wrapping_mul(ONES) >> 56) + ((high >> 7).wrapping_mul(ONES) >> 56)) as usize
}

/// The die's face, 1…6: the one draw of a roll.
#[inline]
fn roll_die(rng: &mut GameRng) -> u8 {
    below(rng, 6) as u8 + 1
}

/// A one in each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each of the twelve kind bytes of [`running_counts`]: set after adding
/// `127 − pick` to a byte exactly when the byte exceeded the pick.
const HIGH_BITS: [u64; 2] = [ONES << 7, (ONES >> 32) << 7];

#[allow(
    clippy::inline_always,
    reason = "measured: inlining these into the match runner's loop cut random-playout work by a sixth"
)]
impl Game for CheeseDay {
    type Config = CheeseDayConfig;
    type Action = CheeseDayAction;
    type Observation = CheeseDayObservation;
    type EventView = CheeseDayView;

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
    fn legal_actions(&self, out: &mut Vec<CheeseDayAction>) {
        out.clear();
        let Phase::Choose { roll } = self.phase else {
            return;
        };
        // The list for the set of slots showing the roll is prepared once for all 64 sets.
        let (choices, count) = &LEGAL_BY_SLOTS[self.showing(roll)];
        // The whole padded list is copied and then cut: a copy of fixed size is a few
        // moves, one of variable size a call to `memcpy` (measured: the faster of the two).
        out.extend_from_slice(choices);
        out.truncate(usize::from(*count));
    }

    /// The listed decision at a uniform index, picked from the prepared list without
    /// copying it into `buffer`.
    #[inline(always)]
    fn sample_legal(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<CheeseDayAction>,
    ) -> Option<CheeseDayAction> {
        let Phase::Choose { roll } = self.phase else {
            return None;
        };
        let (choices, count) = &LEGAL_BY_SLOTS[self.showing(roll)];
        Some(choices[below(rng, u32::from(*count)) as usize])
    }

    fn chance_outcomes(&self, out: &mut Vec<(CheeseDayAction, u32)>) {
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

    /// The same distribution as [`Game::chance_outcomes`], sampled without building the list:
    /// random playouts spend most of their time here.
    #[inline(always)]
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(CheeseDayAction, u32)>,
    ) -> Option<CheeseDayAction> {
        match self.phase {
            Phase::Roll => Some(CheeseDayAction::Roll(roll_die(rng))),
            Phase::Draw => self.sample_draw(rng).map(CheeseDayAction::Draw),
            Phase::Choose { .. } | Phase::Over => None,
        }
    }

    fn is_legal(&self, action: &CheeseDayAction) -> bool {
        match (*action, self.phase) {
            (CheeseDayAction::Roll(n), Phase::Roll) => (1..=6).contains(&n),
            (CheeseDayAction::Draw(card), Phase::Draw) => {
                (1..=6).contains(&card.value)
                    && self.undrawn[card.value_index()][card.face.index()] > 0
            }
            (CheeseDayAction::Peek(slot), Phase::Choose { roll }) => {
                usize::from(slot) < SLOTS && !self.has_value(roll)
            }
            (
                CheeseDayAction::Take(slot) | CheeseDayAction::Remove(slot),
                Phase::Choose { roll },
            ) => self.card_in(slot).is_some_and(|c| c.card.value == roll),
            _ => false,
        }
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

    /// Applies the roll or the card where it is drawn.
    #[inline(always)]
    fn apply_sampled_chance(
        &mut self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(CheeseDayAction, u32)>,
    ) -> bool {
        match self.phase {
            Phase::Roll => {
                self.phase = Phase::Choose {
                    roll: roll_die(rng),
                };
                true
            }
            Phase::Draw => match self.sample_draw(rng) {
                Some(card) => {
                    self.draw(card);
                    true
                }
                None => false,
            },
            Phase::Choose { .. } | Phase::Over => false,
        }
    }

    /// Applies the decision where it is picked: a peek when no slot shows the roll, else the
    /// take or remove of a listed pair (take first, so an odd index removes).
    #[inline(always)]
    fn apply_sampled_legal(
        &mut self,
        rng: &mut GameRng,
        _buffer: &mut Vec<CheeseDayAction>,
    ) -> bool {
        let Phase::Choose { roll } = self.phase else {
            return false;
        };
        let showing = self.showing(roll);
        let (choices, count) = &LEGAL_BY_SLOTS[showing];
        let index = below(rng, u32::from(*count)) as usize;
        let (CheeseDayAction::Peek(slot)
        | CheeseDayAction::Take(slot)
        | CheeseDayAction::Remove(slot)) = choices[index]
        else {
            unreachable!("the decision lists hold peeks, takes and removes only")
        };
        if showing == 0 {
            self.peek(slot);
        } else {
            self.take_or_remove(slot, index % 2 == 1);
        }
        true
    }

    fn observation(&self, seat: usize) -> CheeseDayObservation {
        observation::observation(self, seat)
    }

    fn determinize(obs: &CheeseDayObservation, rng: &mut GameRng) -> Self {
        hidden::determinize(obs, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample_hidden(self, seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let players = self.players();
        let scores: Vec<i64> = (0..players).map(|s| self.holes_of(s)).collect();
        // The eliminated player sorts below everyone; the rest by holes, then cheese cards.
        let mut keys = [(false, 0, 0); MAX_PLAYERS];
        for (seat, key) in keys.iter_mut().enumerate().take(players) {
            *key = (
                self.out != Some(seat as u8),
                scores[seat],
                self.cheese_cards_of(seat),
            );
        }
        Some(Outcome::new(competition_ranks(&keys[..players]), scores))
    }

    /// The same returns as [`Game::outcome`], without building its vectors: the seats with
    /// the best (still in, holes, cheese cards) key share 1.0, as the first competition rank.
    fn returns_into(&self, out: &mut Vec<f64>) {
        out.clear();
        if self.phase != Phase::Over {
            return;
        }
        let players = self.players();
        let mut keys = [(false, 0, 0); MAX_PLAYERS];
        for (seat, key) in keys.iter_mut().enumerate().take(players) {
            *key = (
                self.out != Some(seat as u8),
                self.holes_of(seat),
                self.cheese_cards_of(seat),
            );
        }
        let keys = &keys[..players];
        let best = keys.iter().max().copied().unwrap_or_default();
        let share = 1.0 / keys.iter().filter(|&&key| key == best).count() as f64;
        out.extend(
            keys.iter()
                .map(|&key| if key == best { share } else { 0.0 }),
        );
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
