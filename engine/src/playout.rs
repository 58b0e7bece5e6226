//! The one random playout: uniformly random decisions, chance from the match's stream. The
//! random agent, the benchmark, the conformance harness and the statistics tests all play
//! random games through it, so "a random game with seed S" means one game everywhere.

use crate::game::Game;
use crate::options::GameConfig;
use crate::rng::{GameRng, below, seat_rng};
use crate::runner::{Decision, DecisionView, Match, MatchEnd, Seat, StopRequest};
use crate::transcript::Transcript;

/// A uniformly random element of `legal` (the random agent's rule).
///
/// # Panics
/// If `legal` is empty.
#[inline]
pub fn uniform<A: Copy>(legal: &[A], rng: &mut GameRng) -> A {
    legal[below(rng, legal.len() as u32) as usize]
}

/// A seat that decides uniformly at random, with the seat's own stream of the match seed.
#[derive(Clone, Debug)]
pub struct RandomSeat {
    rng: GameRng,
}

impl Default for RandomSeat {
    fn default() -> Self {
        Self {
            rng: seat_rng(0, 0),
        }
    }
}

impl<G: Game> Seat<G> for RandomSeat {
    fn start(&mut self, seat: usize, _config: &G::Config, seed: u64) {
        self.rng = seat_rng(seed, seat);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        Ok(Decision::new(uniform(view.legal(), &mut self.rng)))
    }
}

/// Random full games of one configuration, reusing one match and its buffers: what the
/// benchmark and the statistics tests run.
#[derive(Debug)]
pub struct RandomGames<G: Game> {
    game: Match<G>,
    seats: Vec<RandomSeat>,
}

impl<G: Game> RandomGames<G> {
    pub fn new(config: &G::Config) -> Self {
        Self {
            game: Match::new(config, 0),
            seats: vec![RandomSeat::default(); config.players()],
        }
    }

    /// Records every seat's views of the events (see [`Match::record_views`]).
    pub fn record_views(&mut self, on: bool) {
        self.game.record_views(on);
    }

    /// Plays the random game with `seed` to its end and returns the finished match.
    ///
    /// # Panics
    /// If the game does not reach its end (random seats never stop a match).
    pub fn play(&mut self, seed: u64) -> &Match<G> {
        self.game.restart(seed);
        let end = self.game.run(&mut self.seats);
        assert!(
            matches!(end, MatchEnd::Finished(_)),
            "a random game ended {end:?}"
        );
        &self.game
    }
}

/// The random game with `seed`, played to its end.
pub fn random_match<G: Game>(config: &G::Config, seed: u64) -> Match<G> {
    RandomGames::new(config).play(seed).clone()
}

/// The transcript of the random game with `seed`; every seat labelled `random`.
pub fn random_transcript<G: Game>(config: &G::Config, seed: u64) -> Transcript {
    Transcript::from_match(
        &random_match::<G>(config, seed),
        vec!["random".to_owned(); config.players()],
    )
}
