//! TEMPORARY scaffold for the heuristic helpers' branches (never merged alone): a uniform
//! choice until this game's heuristic replaces this file.

use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::playout::uniform;
use mousehole_engine::{Game, GameRng};

use super::Heuristic;

impl Heuristic for CheeseDay {
    fn heuristic_choice(
        _observation: &<Self as Game>::Observation,
        legal: &[<Self as Game>::Action],
        rng: &mut GameRng,
    ) -> <Self as Game>::Action {
        uniform(legal, rng)
    }

    fn rollout_choice(
        _state: &Self,
        legal: &[<Self as Game>::Action],
        rng: &mut GameRng,
    ) -> <Self as Game>::Action {
        uniform(legal, rng)
    }
}
