//! Cheese Day ("Alles Käse!"): roll, then take, remove or peek at pantry cards whose backs show
//! cheese holes and whose faces hide cheese or a trap. Rules: `shared/spec/cheese-day.md`.

mod action;
mod hidden;
mod observation;

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use self::action::PEEK_ANY;
pub use self::action::{Card, CheeseDayAction, Face};
pub use self::observation::{CheeseDayObservation, SlotView};
use crate::error::OptionError;
use crate::game::{Game, ToMove};
use crate::options::{GameConfig, GameInfo, OptionInfo, Options};
use crate::outcome::{Outcome, competition_ranks};
use crate::rng::{GameRng, below};

/// Pantry slots.
pub const SLOTS: usize = 6;
/// Most seats the game allows.
pub const MAX_PLAYERS: usize = 6;
/// Card values 1…6, six cards each.
const VALUES: usize = 6;
const CARDS_PER_VALUE: u8 = 6;
/// Traps that end a player's game.
const TRAPS_TO_LOSE: u8 = 3;

/// Per value (index 0 = one hole) and face (index 0 = cheese, 1 = trap): a card count.
type Counts = [[u8; 2]; VALUES];

const INFO: GameInfo = GameInfo {
    name: "cheese-day",
    title: "Cheese Day (Alles Käse!)",
    summary: "push your luck: collect cheese holes from a pantry of cards that may hide traps",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionInfo {
            key: "players",
            default: "3",
            allowed: "a number of players from 2 to 6",
            help: "number of players",
        },
        OptionInfo {
            key: "traps",
            default: "1/2/3/3/4/5",
            allowed: "six numbers 0…6 separated by '/', the traps among the six cards of each value 1…6",
            help: "how many of the six cards of each value (1…6 holes) hide a trap",
        },
    ],
    rules: RULES,
};

const RULES: &str = "\
36 cards show 1 to 6 cheese holes on their backs (six of each value); their faces hide either
a mouse with cheese or a trap, and the more holes, the likelier a trap (by default 1, 2, 3, 3, 4
and 5 traps among the six cards of values 1…6; option traps=a/b/c/d/e/f).

Setup: the cards are shuffled into a face-down reserve (backs up, so the top card's value is
public) and six are dealt into the pantry, slots 1 to 6, backs up. Seat 0 starts.

On your turn roll the die:
- If no pantry card shows the rolled value, peek at any pantry card: you alone see its face
  (`peek S`). With 2 or 3 players the top reserve card is then discarded unseen.
- Otherwise choose a card of that value and, before seeing its face, either take it (`take S`:
  it is revealed and goes in front of you, cheese or trap) or remove it from the game unseen
  (`remove S`). The slot is refilled from the reserve.

The game ends at once when a player takes his third trap: he is out and ranks last. It also
ends after the turn that empties the reserve. The others rank by holes on their cheese cards;
ties go to whoever took more cheese cards; still tied, the place is shared.

Text forms: peek S, take S, remove S (S = slot 1…6); chance events roll N and draw VF (value V,
face C or T, e.g. draw 4T).";

/// Validated options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheeseDayConfig {
    players: u8,
    /// Traps among the six cards of each value 1…6.
    traps: [u8; VALUES],
}

impl CheeseDayConfig {
    /// The default trap distribution.
    pub const DEFAULT_TRAPS: [u8; VALUES] = [1, 2, 3, 3, 4, 5];

    /// A configuration for `players` seats with the default traps.
    ///
    /// # Errors
    /// If `players` is outside 2…6.
    pub fn with_players(players: usize) -> Result<Self, OptionError> {
        Options::parse(&INFO, &format!("players={players}"))?.into_config()
    }

    /// Traps among the cards of each value 1…6.
    pub fn traps(&self) -> [u8; VALUES] {
        self.traps
    }

    fn total(self, value_index: usize, face: Face) -> u8 {
        match face {
            Face::Trap => self.traps[value_index],
            Face::Cheese => CARDS_PER_VALUE - self.traps[value_index],
        }
    }

    /// With 2 or 3 players a peek burns the top reserve card.
    fn burns_on_peek(self) -> bool {
        self.players <= 3
    }
}

impl Default for CheeseDayConfig {
    fn default() -> Self {
        Self {
            players: 3,
            traps: Self::DEFAULT_TRAPS,
        }
    }
}

impl GameConfig for CheeseDayConfig {
    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players(3)? as u8;
        let traps = options.take("traps", Self::DEFAULT_TRAPS, parse_traps)?;
        Ok(Self { players, traps })
    }

    fn to_options(&self) -> std::collections::BTreeMap<String, String> {
        let traps: Vec<String> = self.traps.iter().map(ToString::to_string).collect();
        [
            ("players".to_owned(), self.players.to_string()),
            ("traps".to_owned(), traps.join("/")),
        ]
        .into()
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}

fn parse_traps(text: &str) -> Option<[u8; VALUES]> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != VALUES {
        return None;
    }
    let mut traps = [0; VALUES];
    for (slot, part) in traps.iter_mut().zip(parts) {
        *slot = part.trim().parse().ok().filter(|&n| n <= CARDS_PER_VALUE)?;
    }
    Some(traps)
}

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

    fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    fn traps_of(&self, seat: usize) -> u8 {
        self.taken[seat].iter().map(|c| c[1]).sum()
    }

    fn holes_of(&self, seat: usize) -> i64 {
        self.taken[seat]
            .iter()
            .enumerate()
            .map(|(v, c)| (v as i64 + 1) * i64::from(c[0]))
            .sum()
    }

    fn cheese_cards_of(&self, seat: usize) -> u8 {
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

    fn card_in(&self, slot: u8) -> Option<PantryCard> {
        self.pantry.get(usize::from(slot)).copied().flatten()
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

    fn info() -> &'static GameInfo {
        &INFO
    }

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
        // Gathered on the stack and copied once: this runs at every decision of every playout.
        let mut choices = [CheeseDayAction::Peek(0); 2 * SLOTS];
        let mut count = 0;
        for (slot, card) in self.pantry.iter().enumerate() {
            if card.is_some_and(|c| c.card.value == roll) {
                choices[count] = CheeseDayAction::Take(slot as u8);
                choices[count + 1] = CheeseDayAction::Remove(slot as u8);
                count += 2;
            }
        }
        out.extend_from_slice(if count == 0 {
            &PEEK_ANY
        } else {
            &choices[..count]
        });
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
            Phase::Roll => Some(CheeseDayAction::Roll(below(rng, 6) as u8 + 1)),
            Phase::Draw => {
                // Outside the deal every card not yet drawn is in the reserve (the top was
                // just taken off), so the total needs no counting.
                let total = if self.pantry[SLOTS - 1].is_some() {
                    u32::from(self.reserve_len)
                } else {
                    self.undrawn.iter().map(|c| u32::from(c[0] + c[1])).sum()
                };
                if total == 0 {
                    return None;
                }
                // Pick the value first (six steps at most), then the face within it.
                let mut pick = below(rng, total);
                for (v, counts) in self.undrawn.iter().enumerate() {
                    let [cheese, trap] = counts.map(u32::from);
                    if pick < cheese + trap {
                        let face = if pick < cheese {
                            Face::Cheese
                        } else {
                            Face::Trap
                        };
                        let value = v as u8 + 1;
                        return Some(CheeseDayAction::Draw(Card { value, face }));
                    }
                    pick -= cheese + trap;
                }
                None
            }
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
        let seat = self.turn();
        match action {
            CheeseDayAction::Roll(n) => self.phase = Phase::Choose { roll: n },
            CheeseDayAction::Draw(card) => {
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
            CheeseDayAction::Peek(slot) => {
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
            CheeseDayAction::Take(slot) => {
                let taken = self.pantry[usize::from(slot)]
                    .take()
                    .expect("slot holds a card");
                let card = taken.card;
                self.taken[seat][card.value_index()][card.face.index()] += 1;
                if card.face == Face::Trap && self.traps_of(seat) >= TRAPS_TO_LOSE {
                    self.out = Some(seat as u8);
                    self.phase = Phase::Over;
                    return;
                }
                self.refill(usize::from(slot));
                self.end_turn();
            }
            CheeseDayAction::Remove(slot) => {
                let removed = self.pantry[usize::from(slot)]
                    .take()
                    .expect("slot holds a card");
                let card = removed.card;
                let (v, f) = (card.value_index(), card.face.index());
                self.discard[v][f] += 1;
                let mut knowers = removed.peeked_by;
                while knowers != 0 {
                    self.discard_known[knowers.trailing_zeros() as usize][v][f] += 1;
                    knowers &= knowers - 1;
                }
                self.refill(usize::from(slot));
                self.end_turn();
            }
        }
    }

    fn observation(&self, seat: usize) -> CheeseDayObservation {
        let players = self.players();
        let pantry = self
            .pantry
            .iter()
            .map(|slot| {
                slot.map(|c| SlotView {
                    value: c.card.value,
                    face: (c.peeked_by & (1 << seat) != 0).then_some(c.card.face),
                    peeked_by: hidden::seats_in(c.peeked_by, players),
                })
            })
            .collect();
        CheeseDayObservation {
            seat,
            config: self.config,
            phase: self.phase,
            turn: self.turn(),
            pantry,
            reserve_len: self.reserve_len,
            reserve_top: self.reserve_top.map(|c| c.value),
            discard: self.discard.map(|c| c[0] + c[1]),
            discard_known: self.discard_known[seat],
            discard_seen_by: (0..players)
                .map(|t| self.discard_known[t].map(|c| c[0] + c[1]))
                .collect(),
            taken: self.taken[..players].to_vec(),
            out: self.out.map(usize::from),
        }
    }

    fn determinize(obs: &CheeseDayObservation, rng: &mut GameRng) -> Self {
        hidden::determinize(obs, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample(self, seat, rng)
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

    fn check_invariants(&self) -> Result<(), String> {
        let players = self.players();
        let mut seen = self.undrawn;
        let mut add = |card: Card| seen[card.value_index()][card.face.index()] += 1;
        self.pantry.iter().flatten().for_each(|c| add(c.card));
        if let Some(top) = self.reserve_top {
            add(top);
        }
        for v in 0..VALUES {
            for f in 0..2 {
                seen[v][f] += self.discard[v][f];
                seen[v][f] += self.taken.iter().map(|t| t[v][f]).sum::<u8>();
            }
            let want = [
                self.config.total(v, Face::Cheese),
                self.config.total(v, Face::Trap),
            ];
            if seen[v] != want {
                return Err(format!(
                    "value {}: {:?} cheese/trap cards in play, configured {want:?}",
                    v + 1,
                    seen[v]
                ));
            }
        }
        let undrawn: u8 = self.undrawn.iter().flatten().sum();
        let filled = self.pantry.iter().flatten().count();
        // During the deal the empty pantry slots are still waiting for their cards.
        let awaiting_deal = if self.out.is_none() {
            SLOTS - filled
        } else {
            0
        };
        if usize::from(undrawn)
            != usize::from(self.reserve_len) - usize::from(self.reserve_top.is_some())
                + awaiting_deal
        {
            return Err(format!(
                "reserve holds {} cards (top {:?}), {awaiting_deal} slots await the deal, but {undrawn} cards are undrawn",
                self.reserve_len, self.reserve_top
            ));
        }
        let setup =
            self.phase == Phase::Draw && self.reserve_top.is_none() && self.reserve_len == 30;
        if filled != SLOTS && !setup && self.out.is_none() {
            return Err(format!("pantry holds {filled} cards outside setup"));
        }
        if matches!(self.phase, Phase::Roll | Phase::Choose { .. }) && self.reserve_top.is_none() {
            return Err("a turn is in play without a reserve top card".into());
        }
        for seat in 0..MAX_PLAYERS {
            let traps = self.traps_of(seat);
            if seat >= players && (traps > 0 || self.cheese_cards_of(seat) > 0) {
                return Err(format!("seat {seat} is not in the game but holds cards"));
            }
            if traps > TRAPS_TO_LOSE || (traps == TRAPS_TO_LOSE && self.out != Some(seat as u8)) {
                return Err(format!("seat {seat} holds {traps} traps"));
            }
            for v in 0..VALUES {
                for f in 0..2 {
                    if self.discard_known[seat][v][f] > self.discard[v][f] {
                        return Err(format!("seat {seat} knows more discards than there are"));
                    }
                }
            }
        }
        if self.out.is_some() && self.phase != Phase::Over {
            return Err("a player is out but the game goes on".into());
        }
        if self
            .pantry
            .iter()
            .flatten()
            .any(|c| usize::from(c.peeked_by) >> players != 0)
        {
            return Err("a card was peeked by a seat not in the game".into());
        }
        Ok(())
    }

    fn describe(&self, action: &CheeseDayAction) -> Option<String> {
        Some(match *action {
            CheeseDayAction::Roll(n) if !self.has_value(n) => {
                format!("no {n} in the pantry: peek")
            }
            CheeseDayAction::Roll(_) => return None,
            CheeseDayAction::Draw(_) => match self.pantry.iter().position(Option::is_none) {
                Some(slot) if self.out.is_none() => format!("pantry slot {}", slot + 1),
                _ => "reserve top".to_owned(),
            },
            CheeseDayAction::Peek(slot) => {
                let card = self.card_in(slot)?.card;
                let mut note = format!("sees {card}");
                if let (true, Some(top)) = (self.config.burns_on_peek(), self.reserve_top) {
                    let _ = write!(note, "; top card {top} burned");
                }
                note
            }
            CheeseDayAction::Take(slot) => {
                let card = self.card_in(slot)?.card;
                match card.face {
                    Face::Cheese => format!("cheese ({} holes)", card.value),
                    Face::Trap => {
                        let traps = self.traps_of(self.turn()) + 1;
                        if traps >= TRAPS_TO_LOSE {
                            format!("trap ({traps} of {TRAPS_TO_LOSE}): out, game over")
                        } else {
                            format!("trap ({traps} of {TRAPS_TO_LOSE})")
                        }
                    }
                }
            }
            CheeseDayAction::Remove(slot) => {
                format!("{} removed unseen", self.card_in(slot)?.card)
            }
        })
    }
}
