//! The one fast path a level needs: most events of the hard and expert levels' playouts are
//! rolls. [`sample_chance`] draws without listing the die's faces first, with the same draws
//! as the list: checked below against
//! [`Game::chance_outcomes`](crate::game::Game::chance_outcomes).
//!
//! Measured (issue 20; `hard` against `hard`, seed 1, 100 games, soak build, CPU time on a
//! busy two-core machine): 9.7–10.4 s drawing from the list, 5.7–5.8 s with this, 75% faster.

use super::{DIE_FACES, MouseTrap, MouseTrapAction, Phase};
use crate::rng::{GameRng, below};

/// [`Game::sample_chance`](crate::game::Game::sample_chance) for Mouse Trap: a roll is one
/// draw below six; the crank one draw below the reliability's denominator, `works` below its
/// weight (the listed order, `works` first).
#[inline]
pub(super) fn sample_chance(state: &MouseTrap, rng: &mut GameRng) -> Option<MouseTrapAction> {
    match state.phase {
        Phase::Roll | Phase::MoveRoll { .. } => Some(MouseTrapAction::Roll(
            below(rng, u32::from(DIE_FACES)) as u8 + 1,
        )),
        Phase::Crank => {
            let reliability = state.config.trap_reliability;
            let works = reliability.works_weight();
            let total = works + reliability.fails_weight();
            Some(if below(rng, total) < works {
                MouseTrapAction::Works
            } else {
                MouseTrapAction::Fails
            })
        }
        Phase::Rob { .. } | Phase::Trap | Phase::Over => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::conformance::check_sample_chance;
    use crate::games::mouse_trap::MouseTrap;

    #[test]
    fn the_fast_draws_are_the_listed_draws() {
        let checked = check_sample_chance::<MouseTrap>(0..40).unwrap_or_else(|e| panic!("{e}"));
        assert!(checked > 10_000, "{checked} chance nodes checked");
    }
}
