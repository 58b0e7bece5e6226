//! The random agent: a uniformly random legal action. The baseline every bot must beat.

use mousehole_engine::rng::below;
use mousehole_engine::{DecisionView, Game, GameRng};

use crate::agent::Agent;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = view.legal();
        legal[below(rng, legal.len() as u32) as usize]
    }
}
