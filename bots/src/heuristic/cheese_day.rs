//! Cheese Day's heuristic: every choice is weighed by what it does to an estimate of the
//! seat's chance to finish first, from what the seat knows (the public table, its own peeks
//! and known discards: the exact trap chance of every card it has not seen).
//!
//! The estimate projects every seat's final holes from its holes now, the traps it may still
//! take before the fatal third ("lives") and its turns left, with a small per-lives model of
//! a turn solved once at compile time ([`PROJECTION`]); a seat beats a rival with the normal
//! chance its projected lead is positive, and a seat that takes its third trap wins nothing.
//! Take or remove compares the three futures (status quo, cheese, trap); which card to take
//! or remove also counts what the card left behind is worth to the rivals who peeked at it;
//! a peek goes where knowing the face changes the most, weighted by the chance this seat is
//! the one that rolls the card's value next.

use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayObservation, Face, MAX_PLAYERS, Phase, SLOTS, VALUES,
    ValueCounts,
};
use mousehole_engine::{Game, GameConfig, GameRng, ToMove};

use super::Heuristic;
use crate::levels::{LevelSettings, Levels, heuristic, improved_heuristic};

/// Traps a seat can still take and stay in: 0, 1 or 2.
const LIVES: usize = 3;
/// Own turns the projection covers; more are counted as this many.
const MAX_TURNS: usize = 40;
/// The chance one roll of the die shows a given value.
const ROLL: f64 = 1.0 / 6.0;
/// With 4 or more players a peek burns no card, so only turns whose roll matches a pantry
/// card use up the reserve: about this share of them (six cards from the deck show 4.2 of
/// the six values on average).
const MATCH_RATE: f64 = 0.7;

impl Heuristic for CheeseDay {
    type Knowledge = Knowledge;

    fn knowledge_from_observation(observation: &CheeseDayObservation) -> Knowledge {
        Knowledge::from_observation(observation)
    }

    #[inline]
    fn knowledge_from_state(state: &Self, seat: usize) -> Knowledge {
        Knowledge::from_state(state, seat)
    }

    #[inline]
    fn decide(
        knowledge: &Knowledge,
        legal: &[CheeseDayAction],
        _rng: &mut GameRng,
    ) -> CheeseDayAction {
        choose(&PARAMS, knowledge, legal)
    }

    /// Every seat's chance to finish first by the projection the heuristic weighs its
    /// choices with, from the seat to move's knowledge.
    fn estimate_returns(state: &Self, returns: &mut Vec<f64>) -> bool {
        let ToMove::Player(mover) = state.to_move() else {
            return false;
        };
        estimate(&PARAMS, &Knowledge::from_state(state, mover), returns);
        true
    }
}

/// Every seat's chance to finish first, projected from the table as `knowledge` (the seat to
/// move's) has it, into `returns`; the seat to move still plays the turn it is in.
fn estimate(params: &Params, knowledge: &Knowledge, returns: &mut Vec<f64>) {
    let mut turns = knowledge.turns_after();
    turns[knowledge.seat] += 1;
    returns.clear();
    for seat in 0..knowledge.players {
        // The projection reads only what the whole table knows: holes, traps and turns.
        let seen = Knowledge { seat, ..*knowledge };
        let field = Field::new(params, &seen, &turns);
        let me = params
            .projection
            .future(seen.holes[seat], seen.lives(seat), turns[seat]);
        let spread = field.spread(me.variance);
        returns.push(field.win(me, &spread, seen.cheese_cards[seat]));
    }
    let total: f64 = returns.iter().sum();
    if total > 0.0 {
        for value in returns.iter_mut() {
            *value /= total;
        }
    } else {
        returns.fill(1.0 / knowledge.players as f64);
    }
}

/// What the seat to move knows at its decision: all the heuristic reads, filled alike from an
/// observation and (without allocating) from a sampled world's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    seat: usize,
    players: usize,
    roll: u8,
    /// Cards in the reserve, its top included.
    reserve: u8,
    pantry: [Slot; SLOTS],
    /// Per value (index 0 = one hole): the cheese and trap faces this seat has not seen.
    unseen: [ValueCounts; VALUES],
    holes: [i32; MAX_PLAYERS],
    cheese_cards: [u8; MAX_PLAYERS],
    traps: [u8; MAX_PLAYERS],
}

/// A pantry slot as the seat knows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    /// The holes on the back; 0 for an empty slot.
    value: u8,
    /// The face, if this seat peeked at the card.
    face: Option<Face>,
    /// The other seats that peeked at it, a bit per seat.
    peeked_by_others: u8,
}

impl Knowledge {
    fn from_observation(observation: &CheeseDayObservation) -> Self {
        let seat = observation.seat;
        let mut pantry = [Slot::default(); SLOTS];
        for card in &observation.pantry {
            if let Some(slot) = pantry.get_mut(usize::from(card.slot).wrapping_sub(1)) {
                *slot = Slot {
                    value: card.value,
                    face: card.face,
                    peeked_by_others: card
                        .peeked_by
                        .iter()
                        .filter(|&&other| other != seat && other < MAX_PLAYERS)
                        .fold(0, |mask, &other| mask | 1 << other),
                };
            }
        }
        let mut knowledge = Self {
            seat,
            players: observation.options.players(),
            roll: observation.roll().unwrap_or(0),
            reserve: observation.reserve.cards,
            pantry,
            unseen: observation.unseen,
            holes: [0; MAX_PLAYERS],
            cheese_cards: [0; MAX_PLAYERS],
            traps: [0; MAX_PLAYERS],
        };
        for player in observation.players.iter().filter(|p| p.seat < MAX_PLAYERS) {
            knowledge.holes[player.seat] = i32::from(player.holes);
            knowledge.cheese_cards[player.seat] = player.cheese_cards;
            knowledge.traps[player.seat] = player.traps;
        }
        knowledge
    }

    #[inline]
    fn from_state(state: &CheeseDay, seat: usize) -> Self {
        let players = state.config().players();
        let roll = match state.phase() {
            Phase::Choose { roll } => roll,
            _ => 0,
        };
        let mut holes = [0; MAX_PLAYERS];
        let mut cheese_cards = [0; MAX_PLAYERS];
        let mut trap_counts = [0; MAX_PLAYERS];
        for player in 0..players {
            holes[player] = state.holes_of(player) as i32;
            cheese_cards[player] = state.cheese_cards_of(player);
            trap_counts[player] = state.traps_of(player);
        }
        let me = 1u8 << seat;
        let mut pantry = [Slot::default(); SLOTS];
        for (slot, card) in pantry.iter_mut().zip(state.pantry()) {
            if let Some(card) = card {
                let mine = card.peeked_by & me != 0;
                *slot = Slot {
                    value: card.card.value,
                    face: mine.then_some(card.card.face),
                    peeked_by_others: card.peeked_by & !me,
                };
            }
        }
        Self {
            seat,
            players,
            roll,
            reserve: state.reserve_len() as u8,
            pantry,
            unseen: state.unseen_by(seat),
            holes,
            cheese_cards,
            traps: trap_counts,
        }
    }

    /// The chance an unseen card of `value` hides a trap.
    fn trap_chance(&self, value: u8) -> f64 {
        self.unseen[usize::from(value - 1)]
            .trap_chance()
            .unwrap_or(0.5)
    }

    /// The chance this seat gives the card in `slot` a trap: 0 or 1 if it peeked.
    fn trap_chance_of(&self, slot: Slot) -> f64 {
        match slot.face {
            Some(Face::Cheese) => 0.0,
            Some(Face::Trap) => 1.0,
            None => self.trap_chance(slot.value),
        }
    }

    /// Pantry cards showing `value`.
    fn cards_of(&self, value: u8) -> u32 {
        self.pantry.iter().filter(|s| s.value == value).count() as u32
    }

    fn lives(&self, seat: usize) -> usize {
        usize::from(2u8.saturating_sub(self.traps[seat]))
    }

    /// Turns each seat still plays after the current one (this seat's included), counted from
    /// the reserve: with 2 or 3 players every turn uses one card, with more only the turns
    /// whose roll shows in the pantry do.
    fn turns_after(&self) -> [u32; MAX_PLAYERS] {
        let cards_after = u32::from(self.reserve.saturating_sub(1));
        let rest = if self.players <= 3 {
            cards_after
        } else {
            (f64::from(cards_after) / MATCH_RATE).round() as u32
        };
        let n = self.players as u32;
        let mut turns = [0; MAX_PLAYERS];
        for (seat, turns) in turns.iter_mut().enumerate().take(self.players) {
            let offset = self.offset(seat);
            *turns = if rest >= offset {
                (rest - offset) / n + 1
            } else {
                0
            };
        }
        turns
    }

    /// How many turns after the current one `seat` plays first: 1 for the next seat, the
    /// player count for this seat itself.
    fn offset(&self, seat: usize) -> u32 {
        ((seat + self.players - self.seat - 1) % self.players + 1) as u32
    }

    /// The chance `seat` is the one to act on a pantry card of a value `cards` pantry cards
    /// show before it leaves: each turn rolls the value with chance 1/6, another seat that
    /// does takes or removes one of the `cards`, `seat` acts on this one.
    fn first_to_act(&self, seat: usize, cards: u32, turns: u32) -> f64 {
        if turns == 0 {
            return 0.0;
        }
        let survive = 1.0 - ROLL / f64::from(cards.max(1));
        let others = self.players as i32 - 1;
        let round = survive.powi(others) * (1.0 - ROLL);
        let before = survive.powi(self.offset(seat) as i32 - 1);
        ROLL * before * (1.0 - round.powi(turns as i32)) / (1.0 - round)
    }
}

/// One seat's turn as the projection models it, for a number of lives: the chance it takes a
/// trap, the chance it takes cheese and that cheese's mean and mean square of holes.
#[derive(Clone, Copy, Debug)]
struct TurnRates {
    trap: f64,
    cheese: f64,
    holes: f64,
    holes_squared: f64,
}

/// Per own turn, by lives 0, 1, 2: measured from the heuristic's own games (3 players).
const RATES: [TurnRates; LIVES] = [
    TurnRates {
        trap: 0.02,
        cheese: 0.15,
        holes: 3.5,
        holes_squared: 14.0,
    },
    TurnRates {
        trap: 0.2,
        cheese: 0.33,
        holes: 3.0,
        holes_squared: 10.5,
    },
    TurnRates {
        trap: 0.25,
        cheese: 0.35,
        holes: 3.0,
        holes_squared: 10.5,
    },
];

/// A seat's future by lives and own turns left: the chance it takes its third trap, and the
/// mean and variance of the holes it adds if it does not.
#[derive(Clone, Copy, Debug)]
struct Projection {
    death: [[f64; MAX_TURNS + 1]; LIVES],
    mean: [[f64; MAX_TURNS + 1]; LIVES],
    variance: [[f64; MAX_TURNS + 1]; LIVES],
}

/// The heuristic's settings: the projection and the weights of its side terms.
#[derive(Clone, Copy, Debug)]
struct Params {
    projection: Projection,
    /// Added to every pair's variance: final holes are whole numbers, so a projected lead of
    /// a fraction of a hole is not a sure win.
    variance_floor: f64,
    /// What a trap taken unknowingly costs a rival, in holes of his future.
    trap_for_rival: f64,
    /// The share of turns on which a rival who does not know a card's face takes it when he
    /// rolls its value.
    rival_takes_unknown: f64,
    /// How much a peek at a card is worth when a known cheese of its value is in the pantry
    /// (taken first, so this card matters only at a later roll), as a share.
    behind_known_cheese: f64,
}

const PARAMS: Params = Params {
    projection: project(&RATES),
    variance_floor: 0.1,
    trap_for_rival: 2.0,
    rival_takes_unknown: 0.5,
    behind_known_cheese: 0.3,
};

/// Solves the turn model backwards over the turns left: for each number of lives, the chance
/// of staying in and the first two moments of the holes added while staying in.
const fn project(rates: &[TurnRates; LIVES]) -> Projection {
    let mut stay = [[0.0; MAX_TURNS + 1]; LIVES];
    let mut first = [[0.0; MAX_TURNS + 1]; LIVES];
    let mut second = [[0.0; MAX_TURNS + 1]; LIVES];
    let mut lives = 0;
    while lives < LIVES {
        stay[lives][0] = 1.0;
        lives += 1;
    }
    let mut turns = 1;
    while turns <= MAX_TURNS {
        let mut lives = 0;
        while lives < LIVES {
            let r = rates[lives];
            let quiet = 1.0 - r.trap - r.cheese;
            let (a, b, c) = (
                stay[lives][turns - 1],
                first[lives][turns - 1],
                second[lives][turns - 1],
            );
            let (ta, tb, tc) = if lives > 0 {
                (
                    stay[lives - 1][turns - 1],
                    first[lives - 1][turns - 1],
                    second[lives - 1][turns - 1],
                )
            } else {
                (0.0, 0.0, 0.0)
            };
            stay[lives][turns] = r.trap * ta + (r.cheese + quiet) * a;
            first[lives][turns] = r.trap * tb + r.cheese * (r.holes * a + b) + quiet * b;
            second[lives][turns] =
                r.trap * tc + r.cheese * (r.holes_squared * a + 2.0 * r.holes * b + c) + quiet * c;
            lives += 1;
        }
        turns += 1;
    }
    let mut projection = Projection {
        death: [[0.0; MAX_TURNS + 1]; LIVES],
        mean: [[0.0; MAX_TURNS + 1]; LIVES],
        variance: [[0.0; MAX_TURNS + 1]; LIVES],
    };
    let mut lives = 0;
    while lives < LIVES {
        let mut turns = 0;
        while turns <= MAX_TURNS {
            let a = stay[lives][turns];
            let mean = first[lives][turns] / a;
            projection.death[lives][turns] = 1.0 - a;
            projection.mean[lives][turns] = mean;
            projection.variance[lives][turns] = second[lives][turns] / a - mean * mean;
            turns += 1;
        }
        lives += 1;
    }
    projection
}

/// A seat's projected future: chance of going out, mean and variance of its final holes.
#[derive(Clone, Copy, Debug)]
struct Future {
    death: f64,
    mean: f64,
    variance: f64,
}

impl Projection {
    fn future(&self, holes: i32, lives: usize, turns: u32) -> Future {
        let t = (turns as usize).min(MAX_TURNS);
        Future {
            death: self.death[lives][t],
            mean: f64::from(holes) + self.mean[lives][t],
            variance: self.variance[lives][t],
        }
    }
}
/// The logistic curve's slope that best matches the normal distribution function.
const LOGISTIC: f64 = 1.702;

/// The rivals' projected futures, fixed while this seat weighs its choices, in the form
/// [`Field::win`] reads them.
struct Field {
    count: usize,
    seats: [usize; MAX_PLAYERS],
    /// Per rival: projected final holes (mean).
    means: [f64; MAX_PLAYERS],
    /// Per rival: the logistic slope over the spread of his final holes.
    slopes: [f64; MAX_PLAYERS],
    /// Per rival: the chance he takes his third trap.
    deaths: [f64; MAX_PLAYERS],
    cheese_cards: [u8; MAX_PLAYERS],
}

impl Field {
    fn new(params: &Params, knowledge: &Knowledge, turns: &[u32; MAX_PLAYERS]) -> Self {
        let mut field = Field {
            count: 0,
            seats: [0; MAX_PLAYERS],
            means: [0.0; MAX_PLAYERS],
            slopes: [0.0; MAX_PLAYERS],
            deaths: [0.0; MAX_PLAYERS],
            cheese_cards: [0; MAX_PLAYERS],
        };
        for seat in (0..knowledge.players).filter(|&s| s != knowledge.seat) {
            let future =
                params
                    .projection
                    .future(knowledge.holes[seat], knowledge.lives(seat), turns[seat]);
            let r = field.count;
            field.seats[r] = seat;
            field.means[r] = future.mean;
            field.slopes[r] = LOGISTIC / (future.variance + params.variance_floor).sqrt();
            field.deaths[r] = future.death;
            field.cheese_cards[r] = knowledge.cheese_cards[seat];
            field.count += 1;
        }
        field
    }

    /// The spread of this seat's final holes against each rival's logistic, for a future of
    /// `variance`: what [`Field::win`] needs beyond the means. Worked out once per variance
    /// (a seat's futures differ in variance only by lives), so each win chance costs one
    /// exponential per rival rather than one per rival and node.
    fn spread(&self, variance: f64) -> Spread {
        let sigma = variance.sqrt();
        let mut spread = Spread {
            up: [1.0; MAX_PLAYERS],
            down: [1.0; MAX_PLAYERS],
        };
        for r in 0..self.count.min(MAX_PLAYERS) {
            let step = (OUTER_NODE * sigma * self.slopes[r]).min(EXPONENT_LIMIT);
            spread.up[r] = fast_exp(-step);
            spread.down[r] = fast_exp(step);
        }
        spread
    }

    /// The chance to finish first with future `me` (whose variance `spread` was made for) and
    /// `cheese_cards` taken: stay in and beat every rival that stays in. Rivals are
    /// independent given this seat's final holes, which are integrated over (Gauss–Hermite
    /// nodes); rivals level on holes are told apart by cheese cards, worth half a hole here.
    fn win(&self, me: Future, spread: &Spread, cheese_cards: u8) -> f64 {
        let mut costs = [0.0; MAX_PLAYERS];
        self.weigh::<false>(me, spread, cheese_cards, &mut costs)
    }

    /// What one more hole for each rival would cost this seat's chance to win (≥ 0), by the
    /// rival's index in the field: the slope of [`Field::win`].
    fn hole_costs(&self, me: Future, spread: &Spread, cheese_cards: u8) -> [f64; MAX_PLAYERS] {
        let mut costs = [0.0; MAX_PLAYERS];
        self.weigh::<true>(me, spread, cheese_cards, &mut costs);
        costs
    }

    /// [`Field::win`], and with `COSTS` [`Field::hole_costs`] into `costs`.
    #[inline]
    fn weigh<const COSTS: bool>(
        &self,
        me: Future,
        spread: &Spread,
        cheese_cards: u8,
        costs: &mut [f64; MAX_PLAYERS],
    ) -> f64 {
        let count = self.count.min(MAX_PLAYERS);
        // Per rival, e^(−lead·slope) at the middle node; the outer nodes scale it by the
        // spread's factors (e^(−(lead ± s)·slope) = e^(−lead·slope)·e^(∓s·slope)).
        let mut centres = [0.0; MAX_PLAYERS];
        for (r, centre) in centres.iter_mut().enumerate().take(count) {
            let tie_break = match cheese_cards.cmp(&self.cheese_cards[r]) {
                std::cmp::Ordering::Greater => 0.5,
                std::cmp::Ordering::Less => -0.5,
                std::cmp::Ordering::Equal => 0.0,
            };
            let lead = me.mean - self.means[r] + tie_break;
            *centre = fast_exp((-lead * self.slopes[r]).clamp(-EXPONENT_LIMIT, EXPONENT_LIMIT));
        }
        let mut win = 0.0;
        for (node, &(_, weight)) in NODES.iter().enumerate() {
            let mut beats = [0.0; MAX_PLAYERS];
            let mut factors = [1.0; MAX_PLAYERS];
            let mut all = weight;
            for r in 0..count {
                let scale = match node {
                    0 => 1.0,
                    1 => spread.down[r],
                    _ => spread.up[r],
                };
                let death = self.deaths[r];
                beats[r] = 1.0 / (1.0 + centres[r] * scale);
                factors[r] = death + (1.0 - death) * beats[r];
                all *= factors[r];
            }
            win += all;
            if COSTS {
                for r in 0..count {
                    if factors[r] > 0.0 {
                        let density = self.slopes[r] * beats[r] * (1.0 - beats[r]);
                        costs[r] += all / factors[r] * (1.0 - self.deaths[r]) * density;
                    }
                }
            }
        }
        let stay = 1.0 - me.death;
        if COSTS {
            for cost in costs.iter_mut() {
                *cost *= stay;
            }
        }
        win * stay
    }
}

/// Per rival, the factors the outer Gauss–Hermite nodes put on the middle node's
/// exponential: e^(−s·slope) for this seat `s` holes up, e^(s·slope) for `s` down.
struct Spread {
    up: [f64; MAX_PLAYERS],
    down: [f64; MAX_PLAYERS],
}

/// The outer Gauss–Hermite node, in standard deviations (√3).
const OUTER_NODE: f64 = 1.732_050_807_568_877_2;

/// Exponents are kept within ±this: the logistic is then within e^−300 of 0 or 1, and the
/// product of a clamped middle exponential and an outer node's factor stays a finite,
/// nonzero number.
const EXPONENT_LIMIT: f64 = 300.0;

/// Gauss–Hermite nodes and weights for the standard normal distribution (three points: exact
/// for polynomials up to degree five).
const NODES: [(f64, f64); 3] = [
    (0.0, 2.0 / 3.0),
    (-OUTER_NODE, 1.0 / 6.0),
    (OUTER_NODE, 1.0 / 6.0),
];

/// e^x to about six significant digits, for |x| up to about 700: a power of two made in the
/// exponent bits times a short series for the rest. Several times cheaper than `f64::exp`,
/// and the rollout policy calls it a few dozen times per decision.
#[inline]
fn fast_exp(x: f64) -> f64 {
    // Adding 1.5 × 2^52 rounds to a whole number held in the low bits of the sum: no
    // float-to-integer conversion (saturating in Rust, so several instructions).
    const ROUNDER: f64 = 6_755_399_441_055_744.0;
    let t = x.clamp(-700.0, 700.0) * std::f64::consts::LOG2_E;
    let rounded = t + ROUNDER;
    let whole = rounded.to_bits().wrapping_sub(ROUNDER.to_bits());
    let f = t - (rounded - ROUNDER);
    let power = f64::from_bits(whole.wrapping_add(1023) << 52);
    // 2^f for |f| ≤ 1/2.
    let series = 1.0
        + f * (std::f64::consts::LN_2
            + f * (0.240_226_506_959_100_7
                + f * (0.055_504_108_664_821_58
                    + f * (0.009_618_129_107_628_477 + f * 0.001_333_355_814_642_844_3))));
    power * series
}

/// The heuristic's choice among `legal` for the seat `knowledge` describes.
fn choose(params: &Params, knowledge: &Knowledge, legal: &[CheeseDayAction]) -> CheeseDayAction {
    let turns = knowledge.turns_after();
    let field = Field::new(params, knowledge, &turns);
    let outlook = Outlook::new(params, knowledge, &field, &turns);
    if matches!(legal[0], CheeseDayAction::Peek(_)) {
        choose_peek(&outlook, legal)
    } else {
        choose_take(&outlook, legal)
    }
}

/// The deciding seat's chance to win now and after a cheese or a trap: what each choice is
/// weighed by.
struct Outlook<'a> {
    params: &'a Params,
    knowledge: &'a Knowledge,
    field: &'a Field,
    turns: &'a [u32; MAX_PLAYERS],
    my_turns: u32,
    cheese_cards: u8,
    /// This seat's future as things stand.
    now: Future,
    spread: Spread,
    win_now: f64,
    /// What a trap changes this seat's chance to win by.
    win_after_trap: f64,
}

impl<'a> Outlook<'a> {
    fn new(
        params: &'a Params,
        knowledge: &'a Knowledge,
        field: &'a Field,
        turns: &'a [u32; MAX_PLAYERS],
    ) -> Self {
        let projection = &params.projection;
        let seat = knowledge.seat;
        let lives = knowledge.lives(seat);
        let my_turns = turns[seat];
        let holes = knowledge.holes[seat];
        let cheese_cards = knowledge.cheese_cards[seat];
        let now = projection.future(holes, lives, my_turns);
        // A cheese changes only the mean of this seat's future, so it shares `now`'s spread.
        let spread = field.spread(now.variance);
        let win_now = field.win(now, &spread, cheese_cards);
        // A trap with no life left ends the game with this seat last.
        let win_after_trap = if lives == 0 {
            -win_now
        } else {
            let me = projection.future(holes, lives - 1, my_turns);
            field.win(me, &field.spread(me.variance), cheese_cards) - win_now
        };
        Outlook {
            params,
            knowledge,
            field,
            turns,
            my_turns,
            cheese_cards,
            now,
            spread,
            win_now,
            win_after_trap,
        }
    }

    /// What a cheese of `value` changes this seat's chance to win by.
    fn win_after_cheese(&self, value: u8) -> f64 {
        let seat = self.knowledge.seat;
        let holes = self.knowledge.holes[seat];
        let lives = self.knowledge.lives(seat);
        let me = self
            .params
            .projection
            .future(holes + i32::from(value), lives, self.my_turns);
        self.field.win(me, &self.spread, self.cheese_cards + 1) - self.win_now
    }
}

/// The best card to peek at.
fn choose_peek(outlook: &Outlook<'_>, legal: &[CheeseDayAction]) -> CheeseDayAction {
    let knowledge = outlook.knowledge;
    // The worth of a peek depends on the card's value alone (all unseen cards of a value
    // are alike to this seat), so it is worked out once per value.
    let mut by_value = [f64::NAN; VALUES];
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for &action in legal {
        let CheeseDayAction::Peek(slot) = action else {
            continue;
        };
        let card = knowledge.pantry[usize::from(slot) % SLOTS];
        let score = if card.value == 0 || card.face.is_some() {
            -1.0
        } else {
            let worth = &mut by_value[usize::from(card.value - 1)];
            if worth.is_nan() {
                let gain = outlook.win_after_cheese(card.value);
                *worth = peek_worth(
                    outlook.params,
                    knowledge,
                    card.value,
                    outlook.my_turns,
                    gain,
                    outlook.win_after_trap,
                );
            }
            *worth
        };
        if score > best_score {
            best = action;
            best_score = score;
        }
    }
    best
}

/// The best card to take or remove, of the value rolled.
fn choose_take(outlook: &Outlook<'_>, legal: &[CheeseDayAction]) -> CheeseDayAction {
    let (knowledge, field) = (outlook.knowledge, outlook.field);
    let value = knowledge.roll;
    let gain = outlook.win_after_cheese(value);
    let cards = knowledge.cards_of(value);
    // The rivals matter only through cards they peeked at or this seat knows to be traps.
    let rivals_matter = knowledge
        .pantry
        .iter()
        .any(|c| c.value == value && (c.peeked_by_others != 0 || c.face == Some(Face::Trap)));
    let costs = if rivals_matter {
        field.hole_costs(outlook.now, &outlook.spread, outlook.cheese_cards)
    } else {
        [0.0; MAX_PLAYERS]
    };
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for (slot, card) in knowledge.pantry.iter().enumerate() {
        if card.value != value {
            continue;
        }
        let trap = knowledge.trap_chance_of(*card);
        let leaving = if rivals_matter {
            leaving_worth(
                outlook.params,
                knowledge,
                field,
                &costs,
                outlook.turns,
                *card,
                trap,
                cards,
            )
        } else {
            0.0
        };
        // A known cheese is always taken, even where the estimate cannot tell the gain.
        let sure = if card.face == Some(Face::Cheese) {
            1e-12
        } else {
            0.0
        };
        let take = leaving + (1.0 - trap) * gain + trap * outlook.win_after_trap + sure;
        let (action, score) = if take > leaving {
            (CheeseDayAction::Take(slot as u8), take)
        } else {
            (CheeseDayAction::Remove(slot as u8), leaving)
        };
        if score > best_score && legal.contains(&action) {
            best = action;
            best_score = score;
        }
    }
    best
}

/// What taking `card` out of the pantry (by take or remove) is worth to this seat through the
/// rivals: the cheese a rival who peeked at it would have taken, against a known trap that
/// rivals who did not peek might have taken.
#[allow(clippy::too_many_arguments)]
fn leaving_worth(
    params: &Params,
    knowledge: &Knowledge,
    field: &Field,
    costs: &[f64; MAX_PLAYERS],
    turns: &[u32; MAX_PLAYERS],
    card: Slot,
    trap: f64,
    cards: u32,
) -> f64 {
    let mut worth = 0.0;
    for (r, &rival) in field.seats.iter().enumerate().take(field.count) {
        // The other cards of this value stay, so the rival meets this one as one of `cards - 1`.
        let reach = knowledge.first_to_act(rival, cards.saturating_sub(1).max(1), turns[rival]);
        if card.peeked_by_others & (1 << rival) != 0 {
            worth += (1.0 - trap) * f64::from(card.value) * reach * costs[r];
        } else if card.face == Some(Face::Trap) {
            worth -= params.rival_takes_unknown * params.trap_for_rival * reach * costs[r];
        }
    }
    worth
}

/// How much knowing the face of an unseen pantry card of `value` is worth to this seat: the
/// choice it makes when it rolls that value with the face known, against the one it makes
/// blind, weighted by the chance it is the one to act on the card. `gain` and `trap` are what
/// a cheese of that value and a trap would do to its chance to win.
fn peek_worth(
    params: &Params,
    knowledge: &Knowledge,
    value: u8,
    my_turns: u32,
    gain: f64,
    trap_loss: f64,
) -> f64 {
    let counts = knowledge.unseen[usize::from(value - 1)];
    let (trap, unknown) = (counts.trap, f64::from(counts.total()).max(1.0));
    let p = counts.trap_chance().unwrap_or(0.0);
    let blind = |p: f64| ((1.0 - p) * gain + p * trap_loss).max(0.0);
    let mut unseen_cards = 0;
    let mut known_cheese = false;
    for card in knowledge.pantry.iter().filter(|c| c.value == value) {
        match card.face {
            None => unseen_cards += 1,
            Some(Face::Cheese) => known_cheese = true,
            Some(Face::Trap) => {}
        }
    }
    // Seen as a trap, this card leaves the blind choice of another card of its value, whose
    // trap chance is lower by the one trap now accounted for.
    let if_trap = if unseen_cards > 1 && trap > 0 {
        blind(f64::from(trap - 1) / (unknown - 1.0).max(1.0))
    } else {
        0.0
    };
    let mut worth = (1.0 - p) * gain + p * if_trap - blind(p);
    if known_cheese {
        // A known cheese of this value is taken first; this card matters at a later roll.
        worth *= params.behind_known_cheese;
    }
    let reach = knowledge.first_to_act(knowledge.seat, knowledge.cards_of(value), my_turns);
    // Ties (no turn left to use the knowledge) go to the card worth most.
    reach * worth + 1e-9 * f64::from(value)
}

/// This game's row of the level table (see [`crate::levels`] for how the budgets were chosen).
impl Levels for CheeseDay {
    const LEVELS: [LevelSettings; 4] = [
        heuristic(0.3),
        heuristic(0.0),
        improved_heuristic(10_000, 2.0),
        improved_heuristic(12_000, 2.0),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_engine::ToMove;
    use mousehole_engine::rng::chance_rng;
    use mousehole_engine::testing::config;

    /// Decision states of heuristic self-play games.
    fn decisions(options: &str, games: u64) -> Vec<(CheeseDay, Vec<CheeseDayAction>)> {
        let config = config::<CheeseDay>(options);
        let mut found = Vec::new();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        for seed in 0..games {
            let mut chance = chance_rng(seed);
            let mut state = CheeseDay::new(&config);
            loop {
                match state.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        let action = state.sample_chance(&mut chance, &mut outcomes).unwrap();
                        state.apply_unchecked(action);
                    }
                    ToMove::Player(seat) => {
                        state.legal_actions(&mut legal);
                        let action = choose(&PARAMS, &Knowledge::from_state(&state, seat), &legal);
                        found.push((state.clone(), legal.clone()));
                        state.apply_unchecked(action);
                    }
                }
            }
        }
        found
    }

    #[test]
    fn fast_exp_is_close_to_exp() {
        for i in -2000..=2000 {
            let x = f64::from(i) * 0.05;
            let (fast, exact) = (fast_exp(x), x.exp());
            assert!(
                ((fast - exact) / exact).abs() < 1e-5,
                "e^{x}: {fast} against {exact}"
            );
        }
        assert!(fast_exp(-1e9) >= 0.0 && fast_exp(-1e9) < 1e-300);
        assert!(fast_exp(1e9).is_finite());
    }

    /// Not a check but a measurement (run with `--ignored --nocapture`, in release): the
    /// rollout policy's time per decision over the decisions of self-play games.
    #[test]
    #[ignore = "a timing, run by hand in release"]
    fn rollout_policy_time_per_decision() {
        for options in ["players=2", "players=3", "players=6"] {
            let positions = decisions(options, 2000);
            let mut rng = mousehole_engine::rng::seat_rng(1, 0);
            let rounds = std::env::var("ROUNDS").map_or(20, |r| r.parse().unwrap_or(20));
            // This thread's processor time: other work on the machine does not count.
            let start = cpu_time::ThreadTime::now();
            let mut peeks = 0;
            for _ in 0..rounds {
                for (state, legal) in &positions {
                    let action =
                        CheeseDay::rollout_choice(std::hint::black_box(state), legal, &mut rng);
                    peeks += usize::from(matches!(action, CheeseDayAction::Peek(_)));
                }
            }
            let per = start.elapsed().as_nanos() as f64 / (rounds * positions.len()).max(1) as f64;
            println!(
                "{options}: {per:.0} ns per decision over {} decisions ({peeks} peeks)",
                positions.len()
            );
            assert!(rounds == 0 || peeks > 0);
        }
    }
}
