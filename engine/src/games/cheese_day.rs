//! Cheese Day ("Alles Käse!"): roll, then take, remove or peek at pantry cards whose backs show
//! cheese holes and whose faces hide cheese or a trap. Rules: `shared/spec/cheese-day.md`.

use std::fmt::{self, Display, Write as _};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{OptionError, ParseActionError};
use crate::game::{Game, ToMove};
use crate::options::{GameConfig, GameInfo, OptionInfo, Options};
use crate::outcome::{Outcome, competition_ranks};
use crate::rng::{GameRng, draw_counts};

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

/// What a card hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    Cheese,
    Trap,
}

impl Face {
    const BOTH: [Face; 2] = [Face::Cheese, Face::Trap];

    fn index(self) -> usize {
        match self {
            Face::Cheese => 0,
            Face::Trap => 1,
        }
    }

    fn letter(self) -> char {
        match self {
            Face::Cheese => 'C',
            Face::Trap => 'T',
        }
    }
}

/// A card: the value on its back (1…6 holes) and its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub value: u8,
    pub face: Face,
}

impl Card {
    fn value_index(self) -> usize {
        usize::from(self.value - 1)
    }
}

impl Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.value, self.face.letter())
    }
}

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

    fn total(&self, value_index: usize, face: Face) -> u8 {
        match face {
            Face::Trap => self.traps[value_index],
            Face::Cheese => CARDS_PER_VALUE - self.traps[value_index],
        }
    }

    /// With 2 or 3 players a peek burns the top reserve card.
    fn burns_on_peek(&self) -> bool {
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

/// Chance outcomes and decisions. Slots are stored from 0 and written from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheeseDayAction {
    /// Look privately at the face of the card in a slot.
    Peek(u8),
    /// Take the card in a slot, revealing it.
    Take(u8),
    /// Remove the card in a slot from the game unseen.
    Remove(u8),
    /// Chance: the die shows 1…6.
    Roll(u8),
    /// Chance: the card that becomes visible by its back (pantry slot at setup, or reserve top).
    Draw(Card),
}

crate::text_serde!(CheeseDayAction);

const EXPECTED: &str = "peek S, take S or remove S (slot S = 1…6), roll N (N = 1…6), or draw VF (value V = 1…6, face F = C or T, e.g. draw 4T)";

impl Display for CheeseDayAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CheeseDayAction::Peek(slot) => write!(f, "peek {}", slot + 1),
            CheeseDayAction::Take(slot) => write!(f, "take {}", slot + 1),
            CheeseDayAction::Remove(slot) => write!(f, "remove {}", slot + 1),
            CheeseDayAction::Roll(n) => write!(f, "roll {n}"),
            CheeseDayAction::Draw(card) => write!(f, "draw {card}"),
        }
    }
}

impl FromStr for CheeseDayAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let error = || ParseActionError::new(INFO.name, text, EXPECTED);
        let mut words = text.split_whitespace();
        let (Some(verb), Some(arg), None) = (words.next(), words.next(), words.next()) else {
            return Err(error());
        };
        let one_to_six = |s: &str| s.parse::<u8>().ok().filter(|n| (1..=6).contains(n));
        match verb {
            "peek" | "take" | "remove" => {
                let slot = one_to_six(arg).ok_or_else(error)? - 1;
                Ok(match verb {
                    "peek" => CheeseDayAction::Peek(slot),
                    "take" => CheeseDayAction::Take(slot),
                    _ => CheeseDayAction::Remove(slot),
                })
            }
            "roll" => one_to_six(arg).map(CheeseDayAction::Roll).ok_or_else(error),
            "draw" => {
                let (value, face) = arg.split_at_checked(1).ok_or_else(error)?;
                let value = one_to_six(value).ok_or_else(error)?;
                let face = match face {
                    "C" | "c" => Face::Cheese,
                    "T" | "t" => Face::Trap,
                    _ => return Err(error()),
                };
                Ok(CheeseDayAction::Draw(Card { value, face }))
            }
            _ => Err(error()),
        }
    }
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
        self.turn = (self.turn + 1) % self.config.players;
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

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Draw | Phase::Roll => ToMove::Chance,
            Phase::Choose { .. } => ToMove::Player(self.turn()),
            Phase::Over => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<CheeseDayAction>) {
        out.clear();
        let Phase::Choose { roll } = self.phase else {
            return;
        };
        if self.has_value(roll) {
            for (slot, card) in self.pantry.iter().enumerate() {
                if card.is_some_and(|c| c.card.value == roll) {
                    out.push(CheeseDayAction::Take(slot as u8));
                    out.push(CheeseDayAction::Remove(slot as u8));
                }
            }
        } else {
            out.extend((0..SLOTS as u8).map(CheeseDayAction::Peek));
        }
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

    fn apply_unchecked(&mut self, action: CheeseDayAction) {
        let seat = self.turn();
        match action {
            CheeseDayAction::Roll(n) => self.phase = Phase::Choose { roll: n },
            CheeseDayAction::Draw(card) => {
                self.undrawn[card.value_index()][card.face.index()] -= 1;
                if let Some(slot) = self.pantry.iter().position(Option::is_none) {
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
                for (knower, known) in self.discard_known.iter_mut().enumerate() {
                    if removed.peeked_by & (1 << knower) != 0 {
                        known[v][f] += 1;
                    }
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
                    peeked_by: seats_in(c.peeked_by, players),
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
        let config = obs.config;
        let seat = obs.seat;
        let mut state = CheeseDay {
            config,
            phase: obs.phase,
            turn: obs.turn as u8,
            pantry: [None; SLOTS],
            reserve_top: None,
            reserve_len: obs.reserve_len,
            undrawn: [[0; 2]; VALUES],
            discard: [[0; 2]; VALUES],
            discard_known: [[[0; 2]; VALUES]; MAX_PLAYERS],
            taken: [[[0; 2]; VALUES]; MAX_PLAYERS],
            out: obs.out.map(|s| s as u8),
        };
        for (t, taken) in obs.taken.iter().enumerate() {
            state.taken[t] = *taken;
        }
        for v in 0..VALUES {
            // Faces this seat has not seen, of cards of value v: every card of the value minus
            // those it knows (taken by anyone, peeked in the pantry, seen before discarding).
            let mut pool = [
                u32::from(config.total(v, Face::Cheese)),
                u32::from(config.total(v, Face::Trap)),
            ];
            let mut forget = |face: usize, n: u8| pool[face] -= u32::from(n);
            for taken in &obs.taken {
                forget(0, taken[v][0]);
                forget(1, taken[v][1]);
            }
            forget(0, obs.discard_known[v][0]);
            forget(1, obs.discard_known[v][1]);
            for slot in obs.pantry.iter().flatten() {
                if usize::from(slot.value) == v + 1 {
                    if let Some(face) = slot.face {
                        forget(face.index(), 1);
                    }
                }
            }
            for (index, slot) in obs.pantry.iter().enumerate() {
                if let Some(view) = slot.as_ref().filter(|s| usize::from(s.value) == v + 1) {
                    let face = view.face.unwrap_or_else(|| draw_face(&mut pool, rng));
                    state.pantry[index] = Some(PantryCard {
                        card: Card {
                            value: view.value,
                            face,
                        },
                        peeked_by: seat_mask(&view.peeked_by),
                    });
                }
            }
            if obs.reserve_top == Some(v as u8 + 1) {
                let face = draw_face(&mut pool, rng);
                state.reserve_top = Some(Card {
                    value: v as u8 + 1,
                    face,
                });
            }
            let known = obs.discard_known[v];
            let unknown = obs.discard[v] - known[0] - known[1];
            let drawn = draw_counts(&mut pool, u32::from(unknown), rng);
            state.discard[v] = [known[0] + drawn[0] as u8, known[1] + drawn[1] as u8];
            state.undrawn[v] = [pool[0] as u8, pool[1] as u8];
            state.discard_known[seat][v] = known;
            for (t, seen) in obs.discard_seen_by.iter().enumerate() {
                if t != seat {
                    state.discard_known[t][v] = sample_known(state.discard[v], seen[v], rng);
                }
            }
        }
        state
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        let mut state = self.clone();
        let unknown_slot = |slot: &Option<PantryCard>, v: usize| -> bool {
            slot.is_some_and(|c| c.card.value_index() == v && c.peeked_by & (1 << seat) == 0)
        };
        for v in 0..VALUES {
            // Gather the true faces of every card of value v whose face the seat has not seen…
            let mut pool = [u32::from(self.undrawn[v][0]), u32::from(self.undrawn[v][1])];
            for slot in &self.pantry {
                if unknown_slot(slot, v) {
                    pool[slot.expect("checked").card.face.index()] += 1;
                }
            }
            if let Some(top) = self.reserve_top.filter(|c| c.value_index() == v) {
                pool[top.face.index()] += 1;
            }
            let known = self.discard_known[seat][v];
            let unknown_discards = [self.discard[v][0] - known[0], self.discard[v][1] - known[1]];
            pool[0] += u32::from(unknown_discards[0]);
            pool[1] += u32::from(unknown_discards[1]);
            // …and deal them out again at random.
            for (index, slot) in self.pantry.iter().enumerate() {
                if unknown_slot(slot, v) {
                    let face = draw_face(&mut pool, rng);
                    state.pantry[index].as_mut().expect("checked").card.face = face;
                }
            }
            if let Some(top) = state.reserve_top.as_mut().filter(|c| c.value_index() == v) {
                top.face = draw_face(&mut pool, rng);
            }
            let drawn = draw_counts(
                &mut pool,
                u32::from(unknown_discards[0] + unknown_discards[1]),
                rng,
            );
            state.discard[v] = [known[0] + drawn[0] as u8, known[1] + drawn[1] as u8];
            state.undrawn[v] = [pool[0] as u8, pool[1] as u8];
            for t in (0..self.players()).filter(|&t| t != seat) {
                let seen = self.discard_known[t][v][0] + self.discard_known[t][v][1];
                state.discard_known[t][v] = sample_known(state.discard[v], seen, rng);
            }
        }
        state
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let players = self.players();
        let scores: Vec<i64> = (0..players).map(|s| self.holes_of(s)).collect();
        // The eliminated player sorts below everyone; the rest by holes, then cheese cards.
        let keys: Vec<(bool, i64, u8)> = (0..players)
            .map(|s| {
                (
                    self.out != Some(s as u8),
                    scores[s],
                    self.cheese_cards_of(s),
                )
            })
            .collect();
        Some(Outcome::new(competition_ranks(&keys), scores))
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

/// Draws one face from a cheese/trap pool.
fn draw_face(pool: &mut [u32; 2], rng: &mut GameRng) -> Face {
    let drawn = draw_counts(pool, 1, rng);
    if drawn[0] == 1 {
        Face::Cheese
    } else {
        Face::Trap
    }
}

/// Which of the discards of one value (cheese/trap counts) a seat that saw `seen` of them knows.
fn sample_known(discard: [u8; 2], seen: u8, rng: &mut GameRng) -> [u8; 2] {
    let mut pool = [u32::from(discard[0]), u32::from(discard[1])];
    let drawn = draw_counts(&mut pool, u32::from(seen), rng);
    [drawn[0] as u8, drawn[1] as u8]
}

fn seats_in(mask: u8, players: usize) -> Vec<usize> {
    (0..players).filter(|s| mask & (1 << s) != 0).collect()
}

fn seat_mask(seats: &[usize]) -> u8 {
    seats.iter().fold(0, |mask, s| mask | (1 << s))
}

/// A pantry slot as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    /// Holes on the back.
    pub value: u8,
    /// The face, if this seat has peeked at the card.
    pub face: Option<Face>,
    /// Every seat that has peeked at this card (public).
    pub peeked_by: Vec<usize>,
}

/// What one seat knows in Cheese Day: the public table and its own peeks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheeseDayObservation {
    /// The observing seat.
    pub seat: usize,
    pub config: CheeseDayConfig,
    pub phase: Phase,
    /// Whose turn it is.
    pub turn: usize,
    /// Slots 1…6 (empty only during the deal or after a third trap).
    pub pantry: Vec<Option<SlotView>>,
    pub reserve_len: u8,
    /// The value on the reserve's top card.
    pub reserve_top: Option<u8>,
    /// Discarded cards per value 1…6.
    pub discard: [u8; VALUES],
    /// Per value, the cheese and trap faces this seat saw among the discards.
    pub discard_known: Counts,
    /// Per seat and value: how many discards that seat had peeked at (public; faces hidden).
    pub discard_seen_by: Vec<[u8; VALUES]>,
    /// Per seat, per value: cheese and trap cards taken.
    pub taken: Vec<Counts>,
    /// The seat that took its third trap.
    pub out: Option<usize>,
}

impl Display for CheeseDayObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "You are seat {}. ", self.seat)?;
        match self.phase {
            Phase::Draw => writeln!(f, "Cards are being dealt.")?,
            Phase::Roll => writeln!(f, "Seat {} is about to roll.", self.turn)?,
            Phase::Choose { roll } => writeln!(f, "Seat {} rolled {roll}.", self.turn)?,
            Phase::Over => writeln!(f, "The game is over.")?,
        }
        writeln!(f, "Pantry:")?;
        for (index, slot) in self.pantry.iter().enumerate() {
            match slot {
                None => writeln!(f, "  {}: (empty)", index + 1)?,
                Some(view) => {
                    let face = match view.face {
                        Some(Face::Cheese) => "cheese (you peeked)",
                        Some(Face::Trap) => "TRAP (you peeked)",
                        None => "?",
                    };
                    write!(f, "  {}: {} holes  {face}", index + 1, view.value)?;
                    if !view.peeked_by.is_empty() {
                        let seats: Vec<String> =
                            view.peeked_by.iter().map(ToString::to_string).collect();
                        write!(f, "  [peeked by seat {}]", seats.join(", "))?;
                    }
                    writeln!(f)?;
                }
            }
        }
        match self.reserve_top {
            Some(top) => writeln!(
                f,
                "Reserve: {} cards, top shows {top} holes",
                self.reserve_len
            )?,
            None => writeln!(f, "Reserve: {} cards", self.reserve_len)?,
        }
        let discards: u8 = self.discard.iter().sum();
        write!(f, "Discarded: {discards}")?;
        if discards > 0 {
            let by_value: Vec<String> = self
                .discard
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(v, n)| format!("{n}×{}", v + 1))
                .collect();
            write!(f, " ({})", by_value.join(" "))?;
            let known: Vec<String> = self
                .discard_known
                .iter()
                .enumerate()
                .flat_map(|(v, c)| {
                    let cheese = (c[0] > 0).then(|| format!("{}×{}C", c[0], v + 1));
                    let traps = (c[1] > 0).then(|| format!("{}×{}T", c[1], v + 1));
                    cheese.into_iter().chain(traps)
                })
                .collect();
            if !known.is_empty() {
                write!(f, "; you know {}", known.join(" "))?;
            }
        }
        writeln!(f)?;
        writeln!(f, "Players:")?;
        for (seat, taken) in self.taken.iter().enumerate() {
            let holes: usize = taken
                .iter()
                .enumerate()
                .map(|(v, c)| (v + 1) * usize::from(c[0]))
                .sum();
            let cheese: u8 = taken.iter().map(|c| c[0]).sum();
            let traps: u8 = taken.iter().map(|c| c[1]).sum();
            let you = if seat == self.seat { " (you)" } else { "" };
            let out = if self.out == Some(seat) { ", OUT" } else { "" };
            writeln!(
                f,
                "  seat {seat}{you}: {holes} holes on {cheese} cheese cards, {traps} traps{out}"
            )?;
        }
        Ok(())
    }
}
