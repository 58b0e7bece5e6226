//! The one fast path of Mouse Race's playouts: a turn draws from the bag about as often as a
//! seat decides. [`sample_chance`] draws from the bag's counts without listing the kinds
//! first, with the same draws as the list: checked below against
//! [`Game::chance_outcomes`](crate::game::Game::chance_outcomes), and at every chance node of
//! the conformance suite.
//!
//! Measured (issue 42; release `bench mouse-race -p 2`): the listed draw goes through the
//! list twice, for the total and then for the pick. Drawing from the counts took 183,094 ->
//! 180,758 instructions per random game (callgrind), and +3% games/s, best and median of
//! runs paired with the old build.

use super::{MouseRace, MouseRaceAction, Phase, TileKind};
use crate::rng::{GameRng, sample_counted};

/// [`Game::sample_chance`](crate::game::Game::sample_chance) for Mouse Race: one draw below
/// the bag's size, the kinds counted in [`TileKind::ALL`] order (the listed order).
#[inline]
pub(super) fn sample_chance(state: &MouseRace, rng: &mut GameRng) -> Option<MouseRaceAction> {
    let Phase::Draw { .. } = state.phase else {
        return None;
    };
    sample_counted(
        rng,
        state.bag.total(),
        TileKind::ALL
            .into_iter()
            .map(|kind| (MouseRaceAction::Drawn(kind), u32::from(state.bag.get(kind)))),
    )
}

#[cfg(test)]
mod tests {
    use crate::conformance::check_sample_chance;
    use crate::games::mouse_race::MouseRace;

    #[test]
    fn the_fast_draws_are_the_listed_draws() {
        let checked = check_sample_chance::<MouseRace>(0..20).unwrap_or_else(|e| panic!("{e}"));
        assert!(checked > 10_000, "{checked} chance nodes checked");
    }
}
