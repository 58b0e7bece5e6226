//! Cheese Day's inference: a rival who knows a card's face and passes it over is telling.
//!
//! A rival who peeked at a pantry card and then, on a roll of its value, took an unknown card
//! of that value or removed one, would have taken the card he peeked at had it been cheese:
//! it is almost surely a trap ("declined"). A card removed by a rival who had peeked at it, or
//! one a rival had declined, is likewise a trap in the discard pile, which tells what the
//! unseen cards of its value hide. The seat replays the public play from its views of the
//! events to find those cards; the worlds it samples give each of them its face with the
//! chance Bayes gives it: the unseen composition as the prior, and a rival who declines a
//! cheese he knew of [`DECLINED_CHEESE`] of the time.

use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayObservation, CheeseDayView, Face, MAX_PLAYERS, SLOTS,
    VALUES,
};
use mousehole_engine::{Actor, Game, GameConfig, GameRng, SeenEvent};
use rand::RngExt;

use super::Inference;

/// How often a player who knows a card is cheese passes it over when he could take it: a
/// slip, or a player who plays at random. Small, not zero, so no sampled world is impossible.
const DECLINED_CHEESE: f64 = 0.05;

/// Inferred cards beyond this many are left to the plain composition (each doubles the
/// worlds weighed at a decision; more than a handful at once is rare).
const MAX_INFERRED: usize = 8;

/// Worlds less likely than this share of the likeliest are not sampled.
const NEGLIGIBLE: f64 = 1e-4;

/// The seat's beliefs: observations that differ in the faces of the inferred cards, each with
/// its probability; a world is one of them, determinized.
#[derive(Clone, Debug)]
pub struct CheeseDayBeliefs {
    variants: Vec<CheeseDayObservation>,
    /// The running sum of the variants' probabilities (the last is 1).
    cumulative: Vec<f64>,
}

impl Inference for CheeseDay {
    const READS_HISTORY: bool = true;
    type Beliefs = CheeseDayBeliefs;

    fn beliefs(
        observation: &CheeseDayObservation,
        history: &[SeenEvent<CheeseDayView>],
    ) -> CheeseDayBeliefs {
        let inferred = Replay::of(observation, history)
            .map(|replay| replay.inferred(observation))
            .unwrap_or_default();
        weigh(observation, &inferred)
    }

    #[inline]
    fn sample(beliefs: &CheeseDayBeliefs, rng: &mut GameRng) -> CheeseDay {
        let index = if beliefs.variants.len() == 1 {
            0
        } else {
            let u: f64 = rng.random();
            beliefs
                .cumulative
                .partition_point(|&c| c <= u)
                .min(beliefs.variants.len() - 1)
        };
        CheeseDay::determinize(&beliefs.variants[index], rng)
    }
}

/// A card whose face the seat infers, by where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inferred {
    /// In the pantry: the index into the observation's pantry list.
    Pantry { index: usize, value: usize },
    /// In the discard pile, of this value index.
    Discard { value: usize },
}

impl Inferred {
    fn value(self) -> usize {
        match self {
            Inferred::Pantry { value, .. } | Inferred::Discard { value } => value,
        }
    }
}

/// A pantry card as the public play tells of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tracked {
    value: u8,
    /// The seats that peeked at it, a bit each.
    peekers: u8,
    /// The seats that knew its face and passed it over on a roll of its value.
    declined: u8,
}

/// The public play replayed from one seat's views of the events.
#[derive(Debug, Default)]
struct Replay {
    slots: [Option<Tracked>; SLOTS],
    top: Option<u8>,
    dealt: usize,
    /// Per value index: discarded cards the seat believes are traps (and has not seen).
    discarded_traps: [u8; VALUES],
}

impl Replay {
    /// The replay of `history` for the seat of `observation`, if it ends where the
    /// observation stands (it does not when the history is missing or incomplete).
    fn of(
        observation: &CheeseDayObservation,
        history: &[SeenEvent<CheeseDayView>],
    ) -> Option<Self> {
        let me = 1u8 << observation.seat.min(MAX_PLAYERS - 1);
        let burns_on_peek = observation.options.players() <= 3;
        let mut replay = Replay::default();
        for event in history {
            match (event.actor, event.view) {
                (_, CheeseDayView::Drawn { value }) => {
                    if replay.dealt < SLOTS {
                        replay.slots[replay.dealt] = Some(Tracked {
                            value,
                            ..Tracked::default()
                        });
                        replay.dealt += 1;
                    } else {
                        replay.top = Some(value);
                    }
                }
                (Actor::Seat(seat), CheeseDayView::Seen(CheeseDayAction::Peek(slot))) => {
                    let card = replay.slots.get_mut(usize::from(slot))?.as_mut()?;
                    card.peekers |= 1 << seat.min(MAX_PLAYERS - 1);
                    if burns_on_peek {
                        replay.top = None;
                    }
                }
                (
                    Actor::Seat(seat),
                    CheeseDayView::Seen(
                        action @ (CheeseDayAction::Take(slot) | CheeseDayAction::Remove(slot)),
                    ),
                ) => {
                    let remove = matches!(action, CheeseDayAction::Remove(_));
                    replay.act(seat, usize::from(slot), remove, me)?;
                }
                _ => {}
            }
        }
        replay.matches(observation).then_some(replay)
    }

    /// `seat` takes or removes the card in `slot`: the cards of its value it knew and left
    /// are declined, a removed card known to be a trap goes to the discards, the reserve's top
    /// fills the slot.
    fn act(&mut self, seat: usize, slot: usize, remove: bool, me: u8) -> Option<()> {
        let bit = 1u8 << seat.min(MAX_PLAYERS - 1);
        let acted = (*self.slots.get(slot)?)?;
        // Taking a card he knew tells nothing of another he knew (both may be cheese);
        // removing one, or taking one unknown, he would not do with a known cheese at hand.
        if remove || acted.peekers & bit == 0 {
            for (other, card) in self.slots.iter_mut().enumerate() {
                if let Some(card) = card
                    && other != slot
                    && card.value == acted.value
                    && card.peekers & bit != 0
                {
                    card.declined |= bit;
                }
            }
        }
        let known_trap = (acted.peekers & bit != 0 && bit != me) || acted.declined & !me != 0;
        if remove && known_trap && acted.peekers & me == 0 {
            self.discarded_traps[usize::from(acted.value.saturating_sub(1)).min(VALUES - 1)] += 1;
        }
        self.slots[slot] = self.top.take().map(|value| Tracked {
            value,
            ..Tracked::default()
        });
        Some(())
    }

    /// Whether the replayed table is the observed one: same backs in the same slots, same
    /// peekers, same top of the reserve.
    fn matches(&self, observation: &CheeseDayObservation) -> bool {
        let mut seen = [false; SLOTS];
        for view in &observation.pantry {
            let Some(index) = usize::from(view.slot).checked_sub(1).filter(|&i| i < SLOTS) else {
                return false;
            };
            let peekers = view
                .peeked_by
                .iter()
                .filter(|&&s| s < MAX_PLAYERS)
                .fold(0u8, |mask, &s| mask | 1 << s);
            match self.slots[index] {
                Some(card) if card.value == view.value && card.peekers == peekers => {
                    seen[index] = true;
                }
                _ => return false,
            }
        }
        seen.iter()
            .zip(&self.slots)
            .all(|(&seen, slot)| seen == slot.is_some())
            && self.top == observation.reserve.top
    }

    /// The cards whose faces the seat infers: pantry cards a rival declined that the seat has
    /// not peeked at, then the discards it believes are traps.
    fn inferred(&self, observation: &CheeseDayObservation) -> Vec<Inferred> {
        let me = 1u8 << observation.seat.min(MAX_PLAYERS - 1);
        let mut inferred = Vec::new();
        for (index, view) in observation.pantry.iter().enumerate() {
            let slot = usize::from(view.slot.saturating_sub(1)).min(SLOTS - 1);
            if let Some(card) = self.slots[slot]
                && view.face.is_none()
                && card.declined & !me != 0
            {
                inferred.push(Inferred::Pantry {
                    index,
                    value: usize::from(view.value.saturating_sub(1)).min(VALUES - 1),
                });
            }
        }
        for (value, &traps) in self.discarded_traps.iter().enumerate() {
            let discard = &observation.discard[value];
            let unknown = discard
                .cards
                .saturating_sub(discard.known.cheese + discard.known.trap);
            for _ in 0..traps.min(unknown) {
                inferred.push(Inferred::Discard { value });
            }
        }
        inferred.truncate(MAX_INFERRED);
        inferred
    }
}

/// The beliefs over the faces of the `inferred` cards: every assignment of faces weighed by
/// its chance under the unseen composition (drawing without replacement) times the chance the
/// rivals acted as they did (a declined cheese is a slip of [`DECLINED_CHEESE`]).
fn weigh(observation: &CheeseDayObservation, inferred: &[Inferred]) -> CheeseDayBeliefs {
    if inferred.is_empty() {
        return CheeseDayBeliefs {
            variants: vec![observation.clone()],
            cumulative: vec![1.0],
        };
    }
    let mut weighed: Vec<(u32, f64)> = Vec::new();
    for traps in 0u32..1 << inferred.len() {
        let mut weight = 1.0;
        // Per value: the faces still unseen, drawn down as this assignment deals them.
        let mut pools = observation
            .unseen
            .map(|c| [f64::from(c.cheese), f64::from(c.trap)]);
        for (bit, card) in inferred.iter().enumerate() {
            let face = usize::from(traps & (1 << bit) != 0);
            let pool = &mut pools[card.value()];
            let total = pool[0] + pool[1];
            if pool[face] < 1.0 || total < 1.0 {
                weight = 0.0;
                break;
            }
            weight *= pool[face] / total;
            if face == 0 {
                weight *= DECLINED_CHEESE;
            }
            pool[face] -= 1.0;
        }
        if weight > 0.0 {
            weighed.push((traps, weight));
        }
    }
    let best = weighed.iter().map(|&(_, w)| w).fold(0.0, f64::max);
    weighed.retain(|&(_, w)| w >= best * NEGLIGIBLE);
    if weighed.is_empty() {
        return weigh(observation, &[]);
    }
    let total: f64 = weighed.iter().map(|&(_, w)| w).sum();
    let mut variants = Vec::with_capacity(weighed.len());
    let mut cumulative = Vec::with_capacity(weighed.len());
    let mut sum = 0.0;
    for &(traps, weight) in &weighed {
        let mut variant = observation.clone();
        for (bit, card) in inferred.iter().enumerate() {
            let face = if traps & (1 << bit) != 0 {
                Face::Trap
            } else {
                Face::Cheese
            };
            let unseen = &mut variant.unseen[card.value()];
            match face {
                Face::Cheese => unseen.cheese -= 1,
                Face::Trap => unseen.trap -= 1,
            }
            match *card {
                Inferred::Pantry { index, .. } => variant.pantry[index].face = Some(face),
                Inferred::Discard { value } => match face {
                    Face::Cheese => variant.discard[value].known.cheese += 1,
                    Face::Trap => variant.discard[value].known.trap += 1,
                },
            }
        }
        variants.push(variant);
        sum += weight / total;
        cumulative.push(sum);
    }
    if let Some(last) = cumulative.last_mut() {
        *last = 1.0;
    }
    CheeseDayBeliefs {
        variants,
        cumulative,
    }
}

#[cfg(test)]
mod tests {
    use mousehole_engine::games::cheese_day::CheeseDayConfig;
    use mousehole_engine::rng::stream;
    use mousehole_engine::{Decision, Match, Step};

    use super::*;
    use crate::heuristic::Heuristic;

    /// Plays heuristic games with views recorded and hands every decision's observation and
    /// history to `check`.
    fn each_decision(
        players: usize,
        games: u64,
        mut check: impl FnMut(&CheeseDayObservation, &[SeenEvent<CheeseDayView>]),
    ) {
        let config = CheeseDayConfig::with_players(players).expect("a valid player count");
        for seed in 0..games {
            let mut game = Match::<CheeseDay>::new(&config, seed);
            game.record_views(true);
            let mut rng = stream(seed, 1);
            while let Step::Decide(seat) = game.advance() {
                let view = game.decision_view().expect("a decision");
                let observation = view.observation();
                check(&observation, view.history());
                let action = CheeseDay::heuristic_choice(&observation, view.legal(), &mut rng);
                game.decide(seat, Decision::new(action)).expect("legal");
            }
        }
    }

    #[test]
    fn the_replayed_table_is_the_observed_one_at_every_decision() {
        for players in [2, 3, 5] {
            let mut decisions = 0;
            each_decision(players, 40, |observation, history| {
                assert!(
                    Replay::of(observation, history).is_some(),
                    "{players} players: the replay of seat {}'s views does not match its observation",
                    observation.seat
                );
                decisions += 1;
            });
            assert!(decisions > 400, "{decisions} decisions");
        }
    }

    #[test]
    fn without_a_history_nothing_is_inferred() {
        each_decision(3, 5, |observation, _| {
            assert!(Replay::of(observation, &[]).is_none());
            let beliefs = CheeseDay::beliefs(observation, &[]);
            assert_eq!(beliefs.variants, vec![observation.clone()]);
        });
    }

    #[test]
    fn cards_a_rival_passed_over_are_sampled_as_traps() {
        // Heuristic rivals never pass over a cheese they know of, so every inferred card is a
        // trap in truth; the worlds sampled must nearly always say so.
        let (mut inferred, mut traps_sampled, mut samples) = (0, 0, 0);
        let mut rng = stream(99, 0);
        each_decision(2, 60, |observation, history| {
            let replay = Replay::of(observation, history).expect("replays");
            let beliefs = CheeseDay::beliefs(observation, history);
            for card in replay.inferred(observation) {
                let Inferred::Pantry { index, .. } = card else {
                    continue;
                };
                inferred += 1;
                let slot = usize::from(observation.pantry[index].slot) - 1;
                for _ in 0..20 {
                    let world = CheeseDay::sample(&beliefs, &mut rng);
                    let face = world.pantry()[slot].expect("a card").card.face;
                    traps_sampled += usize::from(face == Face::Trap);
                    samples += 1;
                }
            }
        });
        assert!(inferred >= 20, "only {inferred} inferred cards in 60 games");
        assert!(
            traps_sampled * 10 >= samples * 9,
            "{traps_sampled} of {samples} sampled faces of passed-over cards are traps"
        );
    }
}
