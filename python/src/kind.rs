//! What the package asks of a game, and the one place that turns a game named at run time into
//! its concrete Rust type: beneath the Python classes, which all reach the game through it.

use mousehole_bots::BotGame;
use mousehole_engine::conformance::Conformance;
use mousehole_engine::encoding::Encoding;
use mousehole_engine::{GameSpec, SpecError};

/// What the package needs of a game: the rules, the bots (`mousehole.agent`, `mousehole.play`),
/// the numbers (action ids and tensors) and the conformance cases (which say whether anything
/// is hidden). Every registered game is one, or this crate does not compile.
pub(crate) trait PyGame: BotGame + Encoding + Conformance {}

impl<G: BotGame + Encoding + Conformance> PyGame for G {}

/// Code that works with any game, called with its concrete type.
pub(crate) trait Visitor {
    type Output;
    fn visit<G: PyGame>(self, config: G::Config) -> Self::Output;
}

/// Validates `spec` and calls `visitor` with the game's type: the package's one dispatch.
pub(crate) fn visit<V: Visitor>(spec: &GameSpec, visitor: V) -> Result<V::Output, SpecError> {
    mousehole_engine::visit_game!(spec, visitor)
}
