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

/// A game's heuristic strategy: one decision function over one knowledge type, which is filled
/// from what a seat knows (its observation, for the agent) or from a sampled world's state for
/// the seat to move (fast, for rollouts), reading only what that seat would know in that world.
pub trait Heuristic: Game {
    /// What the seat to move knows, reduced to what the strategy reads: the same value from
    /// the seat's observation and from the true state ([`check_forms_agree`] checks it).
    type Knowledge: Clone + std::fmt::Debug + PartialEq;

    /// What the observing seat knows.
    fn knowledge_from_observation(observation: &Self::Observation) -> Self::Knowledge;

    /// What `seat`, the seat to move in the (possibly sampled) world `state`, knows there:
    /// without allocating or building an observation, so rollouts stay fast.
    fn knowledge_from_state(state: &Self, seat: usize) -> Self::Knowledge;

    /// The strategy: the choice among `legal` from `knowledge` alone.
    fn decide(
        knowledge: &Self::Knowledge,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action;

    /// The strategy as the agent plays it, at its own decisions: where a game's strategy has
    /// a more thorough form than rollouts can afford (thousands of playouts a decision), it
    /// is this one; by default the same as [`Self::decide`].
    fn decide_carefully(
        knowledge: &Self::Knowledge,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action {
        Self::decide(knowledge, legal, rng)
    }

    /// An estimate of every seat's return at `state`, a seat to move, written into `returns`
    /// (cleared first), for playouts cut short ([`HeuristicRollout::cut`]); `false` where the
    /// game has no estimate worth stopping for, and playouts run to the end (the default).
    fn estimate_returns(state: &Self, returns: &mut Vec<f64>) -> bool {
        let _ = (state, returns);
        false
    }

    /// The `heuristic` agent's choice among `legal`, from the seat's observation.
    fn heuristic_choice(
        observation: &Self::Observation,
        legal: &[Self::Action],
        rng: &mut GameRng,
    ) -> Self::Action {
        Self::decide_carefully(&Self::knowledge_from_observation(observation), legal, rng)
    }

    /// The same choice as a rollout policy in a world `state`, for the seat to move.
    ///
    /// # Panics
    /// Unless a seat is to move in `state`.
    #[inline]
    fn rollout_choice(state: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action {
        let ToMove::Player(seat) = state.to_move() else {
            panic!("a rollout asks for a choice only where a seat is to move");
        };
        Self::decide(&Self::knowledge_from_state(state, seat), legal, rng)
    }
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

/// The heuristic as a rollout policy: to the end of the game, or cut short after a number of
/// decisions and scored by the heuristic's estimate ([`Heuristic::estimate_returns`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicRollout {
    /// Decisions after which a playout stops, where the game has an estimate.
    depth: Option<u32>,
}

impl HeuristicRollout {
    /// Playouts to the end of the game.
    pub const TO_THE_END: Self = Self { depth: None };

    /// Playouts stopped after `depth` decisions and scored by the heuristic's estimate, in a
    /// game that has one (else played to the end).
    pub fn cut(depth: u32) -> Self {
        Self { depth: Some(depth) }
    }
}

impl<G: Heuristic> RolloutPolicy<G> for HeuristicRollout {
    #[inline]
    fn stop(&self, state: &G, decisions: u32, returns: &mut Vec<f64>) -> bool {
        self.depth
            .is_some_and(|depth| decisions >= depth && G::estimate_returns(state, returns))
    }

    fn estimates(&self) -> bool {
        self.depth.is_some()
    }

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

/// Test support, the one check that a game's heuristic decides only from what the seat knows,
/// alike as an agent and as a rollout policy: plays the game with `seed` to its end (chance
/// from [`chance_rng`], each seat from its [`seat_rng`]), the seats in `heuristic_seats` (a bit
/// per seat) by the heuristic, the others uniformly at random, and at every decision of a
/// heuristic seat checks that the knowledge filled from the true state is the knowledge filled
/// from the seat's observation, and the same again in `worlds` worlds sampled from that
/// observation; and that the choice is legal. One decision function reads that knowledge, so
/// the agent, the rollouts in the true world and those in sampled worlds choose alike. Returns
/// the final state and the number of real decisions checked (more than one legal action).
///
/// # Panics
/// With the options, seed and position where the knowledge differs.
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
                    let knowledge = G::knowledge_from_state(&state, seat);
                    assert_eq!(
                        knowledge,
                        G::knowledge_from_observation(&observation),
                        "{spec} seed {seed}: the state and the observation give different \
                         knowledge at\n{observation}"
                    );
                    let mut sampler = chance_rng(seed ^ ((decisions as u64) << 20));
                    for _ in 0..worlds {
                        let world = G::determinize(&observation, &mut sampler);
                        assert_eq!(
                            knowledge,
                            G::knowledge_from_state(&world, seat),
                            "{spec} seed {seed}: a world sampled from the observation gives \
                             other knowledge at\n{observation}"
                        );
                    }
                    let chosen = G::rollout_choice(&state, &legal, &mut rngs[seat]);
                    assert!(
                        legal.contains(&chosen),
                        "{spec} seed {seed}: {chosen} is not among {legal:?}"
                    );
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
