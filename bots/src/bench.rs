//! Search speed: iterations per second of a search bot at a mid-game decision, what the
//! benchmark (`mousehole bench`) reports beside random full games per second.

use std::time::{Duration, Instant};

use mousehole_engine::playout::random_match;
use mousehole_engine::rng::seat_rng;
use mousehole_engine::{DecisionView, Game, ToMove};

use crate::ismcts::{Ismcts, IsmctsSettings};
use crate::search::{Effort, RolloutPolicy};

/// A decision from the middle of the random game with `seed`: the state at the first
/// decision at or after half its events, or `None` if the game has no decision there.
pub fn mid_game_decision<G: Game>(config: &G::Config, seed: u64) -> Option<G> {
    let game = random_match::<G>(config, seed);
    let half = game.events().len() / 2;
    let mut state = G::new(config);
    for (index, event) in game.events().iter().enumerate() {
        if index >= half && matches!(state.to_move(), ToMove::Player(_)) {
            return Some(state);
        }
        state.apply_unchecked(event.action);
    }
    None
}

/// What a search measurement found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchRate {
    /// Search iterations run.
    pub iterations: u64,
    /// CPU time of this thread spent on them.
    pub seconds: f64,
}

impl SearchRate {
    pub fn per_second(&self) -> f64 {
        self.iterations as f64 / self.seconds.max(1e-9)
    }
}

/// Runs single-threaded ISMCTS searches of `batch` iterations on the mid-game decision of
/// the random game with `seed` (or a later seed's, if that game has none) until `duration`
/// of this thread's CPU time has passed, at least once.
pub fn ismcts_rate<G: Game, P: RolloutPolicy<G> + Clone>(
    config: &G::Config,
    policy: &P,
    exploration: f64,
    batch: u64,
    duration: Duration,
) -> SearchRate {
    let state = (0..)
        .find_map(|seed| mid_game_decision::<G>(config, seed))
        .expect("some random game has a mid-game decision");
    let ToMove::Player(seat) = state.to_move() else {
        unreachable!("a decision state");
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let settings = IsmctsSettings {
        effort: Effort::iterations(batch),
        exploration,
        threads: 1,
    };
    let mut search = Ismcts::new(settings, policy.clone());
    let mut rng = seat_rng(1, seat);
    let view = DecisionView::new(&state, seat, &legal);
    let start = cpu_now();
    let wall = Instant::now();
    let mut iterations = 0;
    loop {
        iterations += search.search(&view, &mut rng).1;
        let spent = cpu_since(start, wall);
        if spent >= duration.as_secs_f64() {
            return SearchRate {
                iterations,
                seconds: spent,
            };
        }
    }
}

/// This thread's CPU time, where the platform tells it (else the wall clock).
fn cpu_now() -> Option<cpu_time::ThreadTime> {
    cpu_time::ThreadTime::try_now().ok()
}

fn cpu_since(start: Option<cpu_time::ThreadTime>, wall: Instant) -> f64 {
    match start {
        Some(start) => start.elapsed().as_secs_f64(),
        None => wall.elapsed().as_secs_f64(),
    }
}
