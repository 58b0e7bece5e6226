//! The one random playout: uniformly random decisions, chance from the match's stream. The
//! random agent, the benchmark, the conformance harness and the statistics tests all play
//! random games through it, so "a random game with seed S" means one game everywhere.

use crate::game::Game;
use crate::game::ToMove;
use crate::options::GameConfig;
use crate::rng::{AgentStreams, chance_rng};
use crate::runner::{Decision, DecisionView, Match, MatchEnd, Seat, StopRequest};
use crate::transcript::Transcript;

// The random agent's rule lives in `rng`, beneath the game contract (whose `sample_legal`
// draws with it); it is named here too, where every random player takes it from.
pub use crate::rng::uniform;

/// A seat that decides uniformly at random, each decision from its own stream of the seat's
/// agent seed ([`AgentStreams`], the one policy of every agent at a seat).
#[derive(Clone, Debug)]
pub struct RandomSeat {
    streams: AgentStreams,
}

impl Default for RandomSeat {
    fn default() -> Self {
        Self {
            streams: AgentStreams::new(0, 0),
        }
    }
}

impl<G: Game> Seat<G> for RandomSeat {
    fn start(&mut self, _seat: usize, _config: &G::Config, agent_seed: u64) {
        self.streams = AgentStreams::of_agent_seed(agent_seed);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let mut rng = self.streams.decision(view.events());
        Ok(Decision::new(uniform(view.legal(), &mut rng)))
    }

    fn wants_notes(&self) -> bool {
        false
    }
}

/// Random full games of one configuration, reusing one match and its buffers: what the
/// benchmark and the statistics tests run.
#[derive(Debug)]
pub struct RandomGames<G: Game> {
    game: Match<G>,
    seats: Vec<RandomSeat>,
    /// For unrecorded games: the state, the per-seat streams and scratch space.
    state: G,
    streams: Vec<AgentStreams>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
}

impl<G: Game> RandomGames<G> {
    pub fn new(config: &G::Config) -> Self {
        Self {
            game: Match::new(config, 0),
            seats: vec![RandomSeat::default(); config.players()],
            state: G::new(config),
            streams: (0..config.players())
                .map(|seat| AgentStreams::new(0, seat))
                .collect(),
            legal: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(16),
        }
    }

    /// The random game with `seed`, the same one [`RandomGames::play`] plays (the same
    /// streams, the same rule: [`Game::sample_legal`] is [`uniform`] over the listed
    /// actions), but nothing recorded: the final state and the number of events. This
    /// measures the rules themselves, as playouts use them (the benchmark).
    #[allow(
        clippy::inline_always,
        reason = "the benchmark's inner loop: measured faster inlined"
    )]
    #[inline(always)]
    pub fn play_unrecorded(&mut self, seed: u64) -> (&G, usize) {
        self.state = G::new(self.game.config());
        let mut chance = chance_rng(seed);
        for (seat, streams) in self.streams.iter_mut().enumerate() {
            *streams = AgentStreams::new(seed, seat);
        }
        let mut events = 0;
        loop {
            // Each arm applies what it drew, so the inlined `apply_unchecked` in it is narrowed
            // to that arm's actions (chance outcomes or a seat's moves).
            match self.state.to_move() {
                ToMove::Terminal => return (&self.state, events),
                ToMove::Chance => {
                    let outcome = self.state.sample_chance(&mut chance, &mut self.outcomes);
                    self.state
                        .apply_unchecked(outcome.expect("a chance node has an outcome to draw"));
                }
                ToMove::Player(seat) => {
                    let action = self
                        .state
                        .sample_legal(&mut self.streams[seat].decision(events), &mut self.legal);
                    self.state
                        .apply_unchecked(action.expect("a seat to move has a legal action"));
                }
            }
            events += 1;
        }
    }

    /// Records every seat's views of the events (see [`Match::record_views`]).
    pub fn record_views(&mut self, on: bool) {
        self.game.record_views(on);
    }

    /// Records what everyone sees of the events (see [`Match::record_public`]).
    pub fn record_public(&mut self, on: bool) {
        self.game.record_public(on);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The unrecorded playout is the recorded one: same streams, same rule, same game.
    fn same_games<G: Game>() {
        let config = <G::Config as GameConfig>::defaults();
        let mut games = RandomGames::<G>::new(&config);
        for seed in 0..20 {
            let recorded = games.play(seed).clone();
            let (state, events) = games.play_unrecorded(seed);
            assert_eq!(state, recorded.state(), "seed {seed}");
            assert_eq!(events, recorded.events().len(), "seed {seed}");
        }
    }

    #[test]
    fn unrecorded_games_are_the_recorded_ones() {
        macro_rules! same {
            ($module:ident, $game:ty) => {
                same_games::<$game>();
            };
        }
        crate::for_each_game!(same);
    }
}
