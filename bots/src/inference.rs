//! What a seat infers from how the others played, beyond its observation: the worlds the
//! search bots sample from. An observation says what the rules let a seat see; a player who
//! remembers the play knows more (in Cheese Day, a rival who peeked at a card and then passed
//! it over when he rolled its value has as good as said it is a trap). Each game states what
//! it infers in `inference/<game>.rs`; a game that infers nothing samples from its
//! observation alone ([`Game::determinize`]), said next to its heuristic.

mod cheese_day;

use mousehole_engine::{Game, GameRng, SeenEvent};

/// A game's inference: from a seat's observation and its views of every event so far, the
/// worlds a search samples at that seat's decision.
pub trait Inference: Game {
    /// Whether [`Inference::beliefs`] reads the history, so a match must record the seats'
    /// views of the events for the bots that use it.
    const READS_HISTORY: bool;

    /// What the seat believes at one decision, made once and sampled many times.
    type Beliefs: Send + Sync;

    /// The beliefs of the seat whose observation this is, given its `history` (its views of
    /// every event since the game began; empty when nobody recorded them, and then the
    /// observation alone).
    fn beliefs(
        observation: &Self::Observation,
        history: &[SeenEvent<Self::EventView>],
    ) -> Self::Beliefs;

    /// One full world drawn from `beliefs`. With an empty history it is exactly
    /// [`Game::determinize`] of the observation, drawing the same random numbers.
    fn sample(beliefs: &Self::Beliefs, rng: &mut GameRng) -> Self;
}

/// The inference of a game whose bots infer nothing beyond the observation (invoked next to
/// the game's heuristic).
macro_rules! observation_only {
    ($($game:ty),*) => {$(
        impl $crate::inference::Inference for $game {
            const READS_HISTORY: bool = false;
            type Beliefs = <$game as mousehole_engine::Game>::Observation;

            fn beliefs(
                observation: &Self::Observation,
                _history: &[mousehole_engine::SeenEvent<Self::EventView>],
            ) -> Self::Beliefs {
                observation.clone()
            }

            #[inline]
            fn sample(beliefs: &Self::Beliefs, rng: &mut mousehole_engine::GameRng) -> Self {
                <Self as mousehole_engine::Game>::determinize(beliefs, rng)
            }
        }
    )*};
}

pub(crate) use observation_only;
