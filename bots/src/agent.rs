//! The agent contract and its adapter to the match runner's seats.

use std::marker::PhantomData;

use mousehole_engine::rng::seat_rng;
use mousehole_engine::{DecisionView, Game, GameRng, Match, MatchEnd, Outcome, Seat, StopRequest};

use crate::spec::{AgentSpec, AgentSpecError, build_agent};

/// A bot: given a seat's view of a decision and a seeded RNG, returns one legal action.
///
/// It may keep memory between calls within a game; it is told when a game starts and ends.
pub trait Agent<G: Game>: Send {
    /// A new game starts, with this agent in `seat`.
    fn new_game(&mut self, seat: usize, config: &G::Config) {
        let _ = (seat, config);
    }

    /// Chooses one of `view.legal()`.
    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> G::Action;

    /// The game ended (`None` if the match was stopped first).
    fn game_over(&mut self, outcome: Option<&Outcome>) {
        let _ = outcome;
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
        self.agent.new_game(seat, config);
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<G::Action, StopRequest> {
        Ok(self.agent.act(view, &mut self.rng))
    }

    fn finish(&mut self, outcome: Option<&Outcome>) {
        self.agent.game_over(outcome);
    }
}

/// Plays one match between agents built from `specs` (one per seat) with `seed`.
///
/// # Errors
/// If a spec does not build an agent for this game.
///
/// # Panics
/// If `specs` does not hold one entry per player.
pub fn play_agents<G: Game>(
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
