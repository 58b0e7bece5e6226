//! The heuristic bots: one per game, with real strategy and fast enough to be the rollout
//! policy of the search bots. Each game's strategy lives in `heuristic/<game>.rs`; this module
//! holds the contract they meet and the agent and rollout policy built on it.

mod cheese_day;
mod moose_house;
mod mouse_race;
mod mouse_trap;

use mousehole_engine::playout::uniform;
use mousehole_engine::rng::{chance_rng, seat_rng};
use mousehole_engine::{Decision, DecisionView, Game, GameConfig, GameRng, ToMove};
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

/// Test support, the one check that a game's two heuristic forms are one strategy: plays the
/// game with `seed` to its end (chance from [`chance_rng`], each seat from its [`seat_rng`]),
/// the seats in `heuristic_seats` (a bit per seat) by the rollout form, the others uniformly at
/// random, and at every decision of a heuristic seat checks that the choice is legal, that the
/// agent's choice from the seat's observation is the same with the same random numbers used,
/// and that in `worlds` worlds sampled from that observation the rollout form chooses the same
/// again (so rollouts decide only from what the seat knows). Returns the final state and the
/// number of real decisions checked (more than one legal action).
///
/// # Panics
/// With the options, seed and position where the forms disagree.
pub fn check_forms_agree<G: Heuristic>(
    config: &G::Config,
    seed: u64,
    heuristic_seats: u64,
    worlds: u64,
) -> (G, usize) {
    let spec = mousehole_engine::registry::canonical_spec(config);
    let mut state = G::new(config);
    let mut chance = chance_rng(seed);
    let mut rngs: Vec<GameRng> = (0..config.players())
        .map(|seat| seat_rng(seed, seat))
        .collect();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    loop {
        match state.to_move() {
            ToMove::Terminal => return (state, decisions),
            ToMove::Chance => {
                let drawn = state
                    .sample_chance(&mut chance, &mut outcomes)
                    .expect("a chance node has outcomes");
                state.apply_unchecked(drawn);
            }
            ToMove::Player(seat) => {
                state.legal_actions(&mut legal);
                let chosen = if heuristic_seats & (1 << seat) == 0 {
                    uniform(&legal, &mut rngs[seat])
                } else {
                    let observation = state.observation(seat);
                    let before = rngs[seat].clone();
                    let mut twin = before.clone();
                    let chosen = G::rollout_choice(&state, &legal, &mut rngs[seat]);
                    assert!(
                        legal.contains(&chosen),
                        "{spec} seed {seed}: {chosen} is not among {legal:?}"
                    );
                    let observed = G::heuristic_choice(&observation, &legal, &mut twin);
                    assert_eq!(
                        chosen, observed,
                        "{spec} seed {seed}: the two forms disagree at\n{observation}"
                    );
                    assert_eq!(
                        rngs[seat], twin,
                        "{spec} seed {seed}: the two forms use different random numbers"
                    );
                    let mut sampler = chance_rng(seed ^ ((decisions as u64) << 20));
                    for _ in 0..worlds {
                        let world = G::determinize(&observation, &mut sampler);
                        let in_world = G::rollout_choice(&world, &legal, &mut before.clone());
                        assert_eq!(
                            chosen, in_world,
                            "{spec} seed {seed}: a world sampled from the observation decides \
                             otherwise at\n{observation}"
                        );
                    }
                    if legal.len() > 1 {
                        decisions += 1;
                    }
                    chosen
                };
                state.apply_unchecked(chosen);
            }
        }
        state
            .check_invariants()
            .unwrap_or_else(|e| panic!("{spec} seed {seed}: {e:?}"));
    }
}
