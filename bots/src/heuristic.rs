//! The heuristic bots: one per game, with real strategy and fast enough to be the rollout
//! policy of the search bots. Each game's strategy lives in `heuristic/<game>.rs`; this module
//! holds the contract they meet and the agent and rollout policy built on it.

mod cheese_day;
mod moose_house;
mod mouse_race;
mod mouse_trap;

use mousehole_engine::{Decision, DecisionView, Game, GameRng};
use rand::RngExt;

use crate::agent::Agent;
use crate::search::RolloutPolicy;

/// A game's heuristic strategy, in the two forms the bots use.
pub trait Heuristic: Game {
    /// The `heuristic` agent's choice among `legal`, from what the seat knows: its
    /// observation, nothing else.
    fn heuristic_choice(
        observation: &Self::Observation,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action;

    /// The same strategy as a rollout policy in a sampled world `state`, for the seat to
    /// move: fast (no allocation, no observation built), reading the state directly but
    /// deciding only from what that seat would know in that world, so rollouts model honest
    /// players.
    fn rollout_choice(state: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action;
}

/// The heuristic agent, optionally erring: at a decision with a choice it makes a mistake with
/// chance `mistakes`, playing another legal move than the heuristic's, drawn uniformly. That is
/// the `easy` level: a real opponent that plays sensibly most of the time and slips the way a
/// beginner does, now and then and not always in the same place, so a learner can profit.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicAgent {
    mistakes: f64,
}

impl HeuristicAgent {
    /// The heuristic erring with chance `mistakes` (0: never) at each decision with a choice.
    pub fn new(mistakes: f64) -> Self {
        Self { mistakes }
    }
}

impl<G: Heuristic> Agent<G> for HeuristicAgent {
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        let legal = view.legal();
        if legal.len() == 1 {
            return Decision::new(legal[0]);
        }
        // No draw at all without mistakes: the plain heuristic's games stay as they were.
        let mistake = self.mistakes > 0.0 && rng.random::<f64>() < self.mistakes;
        let choice = G::heuristic_choice(&view.observation(), legal, rng);
        if !mistake {
            return Decision::new(choice);
        }
        let others = legal.len() - 1;
        let pick = rng.random_range(0..others);
        let position = legal.iter().position(|&a| a == choice);
        // The pick-th legal move other than the heuristic's.
        let index = match position {
            Some(at) if pick >= at => pick + 1,
            _ => pick,
        };
        Decision::new(legal[index])
    }
}

/// The heuristic as a rollout policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicRollout;

impl<G: Heuristic> RolloutPolicy<G> for HeuristicRollout {
    #[inline]
    fn choose(&self, state: &G, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        G::rollout_choice(state, legal, rng)
    }

    fn root_choice(
        &self,
        observation: &G::Observation,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        Some(G::heuristic_choice(observation, legal, rng))
    }
}
