//! Flat Monte Carlo: for each legal action in turn, play it in a world sampled from the
//! observation and play the world out; choose the action with the best mean return for the
//! deciding seat. No tree: the baseline every tree search must beat.

use std::time::Instant;

use mousehole_engine::{Decision, DecisionView, Game, GameRng};

use crate::agent::Agent;
use crate::search::{Effort, Mean, RolloutPolicy, Scratch, decision_info, rollout};

/// Flat Monte Carlo with rollout policy `P`.
#[derive(Debug)]
pub struct FlatMonteCarlo<G: Game, P> {
    effort: Effort,
    policy: P,
    scratch: Scratch<G>,
}

impl<G: Game, P: RolloutPolicy<G>> FlatMonteCarlo<G, P> {
    pub fn new(effort: Effort, policy: P) -> Self {
        Self {
            effort,
            policy,
            scratch: Scratch::default(),
        }
    }
}

impl<G: Game, P: RolloutPolicy<G>> Agent<G> for FlatMonteCarlo<G, P> {
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        let legal = view.legal();
        if legal.len() == 1 {
            return Decision::new(legal[0]);
        }
        let seat = view.seat();
        let observation = view.observation();
        let limits = self.effort.limits(view.budget(), Instant::now());
        let mut stats = vec![Mean::default(); legal.len()];
        let mut done = 0;
        // Actions take turns, so every action has as many playouts as any other (±1).
        while limits.go_on(done) {
            let index = (done % legal.len() as u64) as usize;
            let mut world = G::determinize(&observation, rng);
            world.apply_unchecked(legal[index]);
            rollout(&mut world, &self.policy, rng, &mut self.scratch);
            stats[index].add(self.scratch.returns.get(seat).copied().unwrap_or(0.0));
            done += 1;
        }
        let best = (0..legal.len())
            .max_by(|&a, &b| stats[a].mean().total_cmp(&stats[b].mean()).then(b.cmp(&a)))
            .expect("at least one legal action");
        let estimates = legal
            .iter()
            .zip(&stats)
            .map(|(&action, mean)| (action, mean.n, *mean))
            .collect();
        let info = decision_info(estimates, best, Some(format!("mc, {done} playouts")));
        Decision::with_info(legal[best], info)
    }
}
