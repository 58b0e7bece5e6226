//! The agent contract: what a bot is given at a decision and what it returns.

use mousehole_engine::{Decision, DecisionView, Game, GameRng, Outcome, SeenEvent};

/// A bot: given a seat's view of a decision (its observation, the legal actions, its views of
/// the events since its last decision, a budget) and a seeded RNG, returns one legal action,
/// optionally with what it thought of each choice.
///
/// It may keep memory between calls within a game; it is told when a game starts (with its
/// own seed) and ends. It never sees the true state.
pub trait Agent<G: Game>: Send {
    /// A new game starts, with this agent in `seat`; `seed` is the agent's own (see
    /// [`mousehole_engine::rng::agent_seed`]).
    fn new_game(&mut self, seat: usize, config: &G::Config, seed: u64) {
        let _ = (seat, config, seed);
    }

    /// Chooses one of `view.legal()`, within `view.budget()`.
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action>;

    /// Whether it reads the views of the events (`view.seen()`, `view.history()`): a match
    /// then records them from its start (see [`Seat::wants_views`](mousehole_engine::Seat::wants_views)).
    fn wants_views(&self) -> bool {
        false
    }

    /// The game ended (`None` if the match was stopped first), with the agent's views of the
    /// events since its last decision.
    fn game_over(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        let _ = (outcome, seen);
    }
}
