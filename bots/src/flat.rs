//! Flat Monte Carlo: every legal action played out, in rounds, in worlds sampled from the
//! observation; the deciding seat's best mean return wins. No tree: the baseline every tree
//! search must beat, and with heuristic rollouts a policy improvement over the heuristic.
//!
//! Each round samples one world and one chance stream and plays *every* action in it (common
//! random numbers): in games where luck weighs most, the difference between two actions over
//! the same dice and cards is far less noisy than over different ones. When the rollout policy
//! has a choice of its own at the root (the heuristic does), that choice stands unless another
//! action beats it, round by round, by more than `margin` standard errors: a noisy estimate
//! never replaces a good move by a worse one.
//!
//! A playout is worth its win share to the deciding seat, or with [`Goal::Place`] (what hints,
//! the coach and the review search with) the mean of that and the share its place is worth
//! (first 1, last 0): a person stands to lose a place as well as a win, and a move that risks
//! ending the game for them in last place must cost something even when their win chance is
//! small either way.

use std::time::Instant;

use mousehole_engine::rng::stream;
use mousehole_engine::{Decision, DecisionView, Game, GameConfig, GameRng, ToMove};
use rand::RngExt;

use crate::agent::Agent;
use crate::inference::Inference;
use crate::search::{
    Effort, Estimate, Limits, Mean, Placed, RolloutPolicy, Scratch, decision_info, place_of,
    rollout,
};

/// Flat Monte Carlo settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatSettings {
    /// Playouts per decision (all actions together), or a thinking time.
    pub effort: Effort,
    /// How many standard errors of the paired difference another action must beat the
    /// rollout policy's own choice by to replace it.
    pub margin: f64,
    /// What a playout is worth to the deciding seat.
    pub goal: Goal,
}

/// What a playout is worth to the deciding seat, and so what the search maximises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// Its return: its share of first place (what the bots play for).
    #[default]
    Win,
    /// The mean of its return and its place's share (first 1, last 0, ties sharing the better
    /// place), each action's expected place reported beside its win chance: a person's view of
    /// a game, where coming second is worth something and going out last costs something.
    Place,
}

impl FlatSettings {
    /// The margin unless a spec sets one: two standard errors, about 98% one-sided.
    pub const DEFAULT_MARGIN: f64 = 2.0;
}

impl Default for FlatSettings {
    fn default() -> Self {
        Self {
            effort: Effort::iterations(crate::search::DEFAULT_ITERATIONS),
            margin: Self::DEFAULT_MARGIN,
            goal: Goal::Win,
        }
    }
}

/// Flat Monte Carlo with rollout policy `P`.
#[derive(Debug)]
pub struct FlatMonteCarlo<G: Game, P> {
    settings: FlatSettings,
    policy: P,
    scratch: Scratch<G>,
    /// The deciding seat's worth of each candidate's playout in the round just played.
    returns: Vec<f64>,
    /// With [`Goal::Place`], each candidate's return and place in that round, and whether it
    /// ended the game at once with the seat last.
    wins: Vec<f64>,
    places: Vec<f64>,
    ends: Vec<f64>,
}

impl<G: Game, P: RolloutPolicy<G>> FlatMonteCarlo<G, P> {
    pub fn new(settings: FlatSettings, policy: P) -> Self {
        Self {
            settings,
            policy,
            scratch: Scratch::default(),
            returns: Vec::new(),
            wins: Vec::new(),
            places: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<G: Inference, P: RolloutPolicy<G>> Agent<G> for FlatMonteCarlo<G, P> {
    fn wants_views(&self) -> bool {
        G::READS_HISTORY
    }

    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        let legal = view.legal();
        if legal.len() == 1 {
            return Decision::new(legal[0]);
        }
        let seat = view.seat();
        let observation = view.observation();
        let beliefs = G::beliefs(&observation, view.history());
        let start = Instant::now();
        let limits = self.settings.effort.limits(view.budget(), start);
        let baseline = self
            .policy
            .root_choice(&observation, legal, rng)
            .and_then(|choice| legal.iter().position(|&a| a == choice));
        let mut tally = Tally::new(legal.len(), self.settings.goal == Goal::Place);
        let mut candidates: Vec<usize> = (0..legal.len()).collect();
        let phases = Phases::new(legal.len(), limits, start);
        let mut done = 0;
        'phases: for phase in 0..phases.count {
            let phase_start = done;
            // Where the baseline sits among this phase's candidates (it is always one).
            let base_slot = baseline.and_then(|base| candidates.iter().position(|&c| c == base));
            loop {
                // A round plays every candidate, so the clock is read every round.
                if !limits.go_on(done) || (done > 0 && limits.past_deadline()) {
                    break 'phases;
                }
                self.round(&beliefs, seat, legal, &candidates, rng);
                tally.add_round(self, &candidates, base_slot);
                done += candidates.len() as u64;
                if phase + 1 < phases.count && phases.over(phase, done - phase_start) {
                    break;
                }
            }
            if phase + 1 < phases.count {
                halve(&mut candidates, &tally.stats, baseline);
                if candidates.len() == 1 {
                    break;
                }
            }
        }
        let best = tally.best(
            &candidates,
            baseline,
            self.policy.estimates(),
            self.settings.margin,
        );
        let estimates = tally.estimates(legal, view.config().players());
        let info = decision_info(estimates, best, Some(format!("mc, {done} playouts")));
        Decision::with_info(legal[best], info)
    }
}

impl<G: Inference, P: RolloutPolicy<G>> FlatMonteCarlo<G, P> {
    /// One round: a world and a chance stream sampled once, every candidate played out in
    /// them; leaves the deciding seat's return of each candidate in `self.returns`.
    fn round(
        &mut self,
        beliefs: &G::Beliefs,
        seat: usize,
        legal: &[G::Action],
        candidates: &[usize],
        rng: &mut GameRng,
    ) {
        let world = G::sample(beliefs, rng);
        let chance = stream(rng.random(), 0);
        self.returns.clear();
        self.wins.clear();
        self.places.clear();
        self.ends.clear();
        for &index in candidates {
            let mut world = world.clone();
            let mut chance = chance.clone();
            world.apply_unchecked(legal[index]);
            // Whether the action ends the game before anyone decides again: the chance that
            // follows it drawn here as the rollout would draw it.
            let at_once = self.settings.goal == Goal::Place && {
                while world.to_move() == ToMove::Chance {
                    let outcome = world.sample_chance(&mut chance, &mut self.scratch.outcomes);
                    world.apply_unchecked(outcome.expect("a chance node has outcomes"));
                }
                world.is_terminal()
            };
            rollout(&mut world, &self.policy, &mut chance, &mut self.scratch);
            let win = self.scratch.returns.get(seat).copied().unwrap_or(0.0);
            match self.settings.goal {
                Goal::Win => self.returns.push(win),
                Goal::Place => {
                    let players = world.num_players();
                    // A playout cut short has no ranking: its estimate stands for both.
                    let place =
                        place_of(&world, seat).unwrap_or(1.0 + (1.0 - win) * (players - 1) as f64);
                    let share = if players > 1 {
                        (players as f64 - place) / (players - 1) as f64
                    } else {
                        1.0
                    };
                    self.returns.push(0.5 * (win + share));
                    self.wins.push(win);
                    self.places.push(place);
                    self.ends
                        .push(f64::from(u8::from(at_once && place >= players as f64)));
                }
            }
        }
    }
}

/// What the rounds found of each legal action: the deciding seat's mean return; with
/// [`Goal::Place`], the win chance, the place and how often it ended the game at once, on their
/// own (to report); and against the baseline, the mean gain and the widest difference.
struct Tally {
    stats: Vec<Mean>,
    weigh_places: bool,
    wins: Vec<Mean>,
    places: Vec<Mean>,
    ends: Vec<Mean>,
    /// Per action, its return minus the baseline's in the same round, and the largest such
    /// difference either way.
    gains: Vec<Mean>,
    widest: Vec<f64>,
}

impl Tally {
    fn new(actions: usize, weigh_places: bool) -> Self {
        let wins = vec![Mean::default(); if weigh_places { actions } else { 0 }];
        Tally {
            stats: vec![Mean::default(); actions],
            weigh_places,
            places: wins.clone(),
            ends: wins.clone(),
            wins,
            gains: vec![Mean::default(); actions],
            widest: vec![0.0_f64; actions],
        }
    }

    /// Adds the round `search` just played of `candidates` (the baseline at `base_slot` of
    /// them, if it is one).
    fn add_round<G: Game, P>(
        &mut self,
        search: &FlatMonteCarlo<G, P>,
        candidates: &[usize],
        base_slot: Option<usize>,
    ) {
        for (&index, &value) in candidates.iter().zip(&search.returns) {
            self.stats[index].add(value);
        }
        if self.weigh_places {
            for (slot, &index) in candidates.iter().enumerate() {
                self.wins[index].add(search.wins[slot]);
                self.places[index].add(search.places[slot]);
                self.ends[index].add(search.ends[slot]);
            }
        }
        if let Some(slot) = base_slot {
            let base_value = search.returns[slot];
            for (&index, &value) in candidates.iter().zip(&search.returns) {
                self.gains[index].add(value - base_value);
                self.widest[index] = self.widest[index].max((value - base_value).abs());
            }
        }
    }

    /// The candidate chosen: the best by mean, unless it does not depart from the
    /// `baseline` by `margin` (returns that are `estimates` are weighed by their own spread).
    fn best(
        &self,
        candidates: &[usize],
        baseline: Option<usize>,
        estimates: bool,
        margin: f64,
    ) -> usize {
        let by_mean = candidates
            .iter()
            .copied()
            .max_by(|&a, &b| {
                self.stats[a]
                    .mean()
                    .total_cmp(&self.stats[b].mean())
                    .then(b.cmp(&a))
            })
            .expect("at least one candidate");
        match baseline {
            Some(base) if by_mean != base => {
                // Whole returns differ by up to a whole return; estimates by their own spread.
                let range = if estimates { self.widest[by_mean] } else { 1.0 };
                if departs(&self.gains[by_mean], margin, range) {
                    by_mean
                } else {
                    base
                }
            }
            Some(base) => base,
            None => by_mean,
        }
    }

    /// What was found of each of `legal` in a game of `players`.
    fn estimates<A: Copy>(&self, legal: &[A], players: usize) -> Vec<Estimate<A>> {
        legal
            .iter()
            .enumerate()
            .map(|(index, &action)| Estimate {
                action,
                visits: self.stats[index].count(),
                win: if self.weigh_places {
                    self.wins[index]
                } else {
                    self.stats[index]
                },
                placed: self.weigh_places.then(|| Placed {
                    place: (players > 2).then(|| self.places[index].mean()),
                    worth: self.stats[index].mean(),
                    ends: self.ends[index].mean(),
                }),
            })
            .collect()
    }
}

/// Whether `gain` (an action's return minus the baseline's, round by round) shows the action
/// better than the baseline by more than `margin` standard errors, the differences ranging
/// over ±`range` (1 for returns in 0…1).
///
/// Two made-up rounds, one where the action wins by the whole range and one where it loses by
/// it, stand in for the rounds not played (Agresti and Caffo's correction for paired
/// proportions). Without them a few rounds that happen to agree have no spread at all, and
/// any positive mean passes at any margin: with a small budget and many moves (a cat's cells
/// in Mouse Race) that is how noise replaced the heuristic's move. Playouts scored by an
/// estimate differ by hundredths, so their range is the largest difference they showed:
/// made-up rounds of a whole return would outweigh hundreds of real ones.
fn departs(gain: &Mean, margin: f64, range: f64) -> bool {
    let mut cautious = *gain;
    cautious.add(range);
    cautious.add(-range);
    cautious.mean() > margin * cautious.stderr()
}

/// Sequential halving (Karnin, Koren & Somekh 2013): the budget is split into phases, one per
/// halving of the candidates, so a decision with many moves spends most of its playouts on the
/// few that matter.
struct Phases {
    count: usize,
    /// Playouts per phase, with an iteration budget.
    playouts: Option<u64>,
    /// The end of each phase's share of the time, with a deadline and no iteration budget.
    start: Instant,
    deadline: Option<Instant>,
}

impl Phases {
    fn new(actions: usize, limits: Limits, start: Instant) -> Self {
        let count = (usize::BITS - (actions - 1).leading_zeros()).max(1) as usize;
        Self {
            count,
            playouts: limits.iterations.map(|n| n / count as u64),
            start,
            deadline: limits.deadline,
        }
    }

    /// Whether phase `phase` is over after `playouts` of its own.
    fn over(&self, phase: usize, playouts: u64) -> bool {
        match (self.playouts, self.deadline) {
            (Some(share), _) => playouts >= share,
            (None, Some(deadline)) => {
                let share = (deadline - self.start) * (phase as u32 + 1) / self.count as u32;
                Instant::now() >= self.start + share
            }
            (None, None) => true,
        }
    }
}

/// Keeps the better half of `candidates` by mean return, and the baseline whatever its mean.
fn halve(candidates: &mut Vec<usize>, stats: &[Mean], baseline: Option<usize>) {
    candidates.sort_by(|&a, &b| stats[b].mean().total_cmp(&stats[a].mean()).then(a.cmp(&b)));
    let keep = candidates.len().div_ceil(2);
    let base_dropped = baseline.is_some_and(|base| !candidates[..keep].contains(&base));
    candidates.truncate(keep);
    if let (true, Some(base)) = (base_dropped, baseline) {
        candidates.push(base);
    }
    // Back in the order of the legal list, so rounds play them in a fixed order.
    candidates.sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn means(values: &[f64]) -> Vec<Mean> {
        values
            .iter()
            .map(|&v| {
                let mut mean = Mean::default();
                mean.add(v);
                mean
            })
            .collect()
    }

    fn gains(values: &[f64]) -> Mean {
        let mut mean = Mean::default();
        for &value in values {
            mean.add(value);
        }
        mean
    }

    #[test]
    fn a_few_agreeing_rounds_are_not_evidence() {
        // Two rounds won outright: no spread, but two rounds prove nothing.
        assert!(!departs(&gains(&[1.0, 1.0]), 2.0, 1.0));
        assert!(!departs(&gains(&[1.0; 3]), 2.0, 1.0));
        // Enough of them are.
        assert!(departs(&gains(&[1.0; 8]), 2.0, 1.0));
        // A larger margin asks for more.
        assert!(!departs(&gains(&[1.0; 6]), 4.0, 1.0));
        assert!(departs(&gains(&[1.0; 30]), 4.0, 1.0));
        // A gain that is as often a loss never departs, however many rounds.
        let mixed: Vec<f64> = (0..1000)
            .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
            .collect();
        assert!(!departs(&gains(&mixed), 0.5, 1.0));
    }

    #[test]
    fn estimates_are_weighed_on_their_own_scale() {
        // Rounds of an estimate a few hundredths better: as telling as whole wins when the
        // made-up rounds are of their size, never enough against made-up whole returns.
        let small = |rounds: usize| gains(&vec![0.03; rounds]);
        for rounds in [2, 3, 6, 8, 30] {
            for margin in [2.0, 4.0] {
                assert_eq!(
                    departs(&small(rounds), margin, 0.03),
                    departs(&gains(&vec![1.0; rounds]), margin, 1.0),
                    "{rounds} rounds at margin {margin}"
                );
            }
        }
        assert!(departs(&small(30), 2.0, 0.03));
        assert!(!departs(&small(30), 2.0, 1.0));
        // No difference seen at all: nothing to depart on.
        assert!(!departs(&gains(&[0.0; 50]), 2.0, 0.0));
    }

    #[test]
    fn halving_keeps_the_better_half_and_the_baseline() {
        let stats = means(&[0.1, 0.9, 0.5, 0.7, 0.3]);
        let mut candidates = vec![0, 1, 2, 3, 4];
        halve(&mut candidates, &stats, None);
        assert_eq!(candidates, vec![1, 2, 3]);
        let mut candidates = vec![0, 1, 2, 3, 4];
        halve(&mut candidates, &stats, Some(0));
        assert_eq!(
            candidates,
            vec![0, 1, 2, 3],
            "the baseline stays, in list order"
        );
        let mut candidates = vec![1, 3];
        halve(&mut candidates, &stats, Some(1));
        assert_eq!(candidates, vec![1]);
    }

    #[test]
    fn one_phase_per_halving() {
        let limits = Limits {
            iterations: Some(1000),
            deadline: None,
        };
        let start = Instant::now();
        let count = |actions| Phases::new(actions, limits, start).count;
        assert_eq!(
            [2, 3, 4, 5, 6, 169].map(count),
            [1, 2, 2, 3, 3, 8],
            "ceil(log2(actions)) phases"
        );
        let phases = Phases::new(6, limits, start);
        assert_eq!(phases.playouts, Some(333));
        assert!(!phases.over(0, 332));
        assert!(phases.over(0, 333));
    }
}
