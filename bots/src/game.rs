//! The games as the bots see them: what the bots need of a game ([`BotGame`]) and the one game
//! list with that bound ([`visit`]), so a new game does not compile until it has a heuristic,
//! an inference and a row of the level table.

use mousehole_engine::{GameSpec, SpecError};

use crate::heuristic::Heuristic;
use crate::inference::Inference;
use crate::levels::Levels;

/// What the bots need of a game: a heuristic, what a seat infers from the play, and a row of
/// the level table. Every registered game must be one (see [`visit`]).
pub trait BotGame: Heuristic + Inference + Levels {}

impl<G: Heuristic + Inference + Levels> BotGame for G {}

/// Code that works with any game as the bots see it, called with the concrete type.
pub trait BotVisitor {
    type Output;
    fn visit<G: BotGame>(self, config: G::Config) -> Self::Output;
}

/// Validates `spec` and calls `visitor` with the game's type: the one game list with the
/// bots' bounds, so a new game does not compile until it has a heuristic.
///
/// # Errors
/// A bad option.
pub fn visit<V: BotVisitor>(spec: &GameSpec, visitor: V) -> Result<V::Output, SpecError> {
    mousehole_engine::visit_game!(spec, visitor)
}
