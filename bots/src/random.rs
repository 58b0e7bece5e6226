//! The random agent: a uniformly random legal action. The baseline every bot must beat.

use mousehole_engine::playout::uniform;
use mousehole_engine::{Decision, DecisionView, Game, GameRng};

use crate::agent::Agent;

/// Picks uniformly among the legal actions: the engine's one random playout rule
/// ([`uniform`]), so a game of random agents is the engine's random game with that seed.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    #[inline]
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        Decision::new(uniform(view.legal(), rng))
    }
}
