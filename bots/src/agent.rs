//! The agent contract and its adapter to the match runner's seats.

use std::marker::PhantomData;

use mousehole_engine::rng::{agent_seed, seat_rng};
use mousehole_engine::{
    Decision, DecisionView, Game, GameRng, Match, MatchEnd, Outcome, Seat, SeenEvent, StopRequest,
};

use crate::spec::{AgentSpec, AgentSpecError, build_agent};

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
    /// then records them from its start (see [`Seat::wants_views`]).
    fn wants_views(&self) -> bool {
        false
    }

    /// The game ended (`None` if the match was stopped first), with the agent's views of the
    /// events since its last decision.
    fn game_over(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        let _ = (outcome, seen);
    }
}

/// Seats an agent at a match: gives it the seat's own RNG stream of the match seed.
///
/// The agent is usually a `Box<dyn Agent<G>>` built from a spec; a concrete agent type `A`
/// saves one indirect call per decision where the agent is known in advance.
pub struct AgentSeat<G: Game, A: Agent<G> + ?Sized = dyn Agent<G>> {
    agent: Box<A>,
    rng: GameRng,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, A: Agent<G> + ?Sized> AgentSeat<G, A> {
    pub fn new(agent: Box<A>) -> Self {
        Self {
            agent,
            rng: seat_rng(0, 0),
            game: PhantomData,
        }
    }
}

impl<G: Game, A: Agent<G> + ?Sized> std::fmt::Debug for AgentSeat<G, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentSeat").finish_non_exhaustive()
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Seat<G> for AgentSeat<G, A> {
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        self.rng = seat_rng(seed, seat);
        self.agent.new_game(seat, config, agent_seed(seed, seat));
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        Ok(self.agent.act(view, &mut self.rng))
    }

    fn wants_views(&self) -> bool {
        self.agent.wants_views()
    }

    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        self.agent.game_over(outcome, seen);
    }
}

/// Plays one match between agents built from `specs` (one per seat) with `seed`.
///
/// # Errors
/// If a spec does not build an agent for this game.
///
/// # Panics
/// If `specs` does not hold one entry per player.
pub fn play_agents<G: crate::heuristic::BotGame>(
    config: &G::Config,
    specs: &[AgentSpec],
    seed: u64,
) -> Result<(Match<G>, MatchEnd), AgentSpecError> {
    let mut seats = specs
        .iter()
        .map(|spec| build_agent::<G>(spec).map(AgentSeat::<G>::new))
        .collect::<Result<Vec<_>, _>>()?;
    let mut refs: Vec<&mut dyn Seat<G>> = seats.iter_mut().map(|s| s as &mut dyn Seat<G>).collect();
    let mut game = Match::new(config, seed);
    let end = game.run(&mut refs);
    Ok((game, end))
}
