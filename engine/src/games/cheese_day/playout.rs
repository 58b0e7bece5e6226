//! The one fast path a level needs: the hard and expert levels' playouts draw a die or a card
//! at every other event. [`sample_chance`] draws without listing the outcomes first, with the
//! same draws as the list: checked below against
//! [`Game::chance_outcomes`](crate::game::Game::chance_outcomes).
//!
//! Measured (issue 20; `hard` against `hard`, seed 1, three games, soak build, CPU time on a
//! busy two-core machine, paired runs): 7.5–9.3 s drawing from the list, 6.5–7.3 s with this,
//! 16–34% faster. The bit-packed draw and the fused draw-and-apply this replaced added 5% more
//! and were dropped; the random playout's own decision paths served no level.

use super::{CheeseDay, CheeseDayAction, Face, Phase};
use crate::rng::{GameRng, below};

/// [`Game::sample_chance`](crate::game::Game::sample_chance) for Cheese Day: a roll is one
/// draw below six; a card one draw below the undrawn total, the first kind (value 1…6, cheese
/// before trap: the listed order) whose count takes the pick below zero.
#[inline]
pub(super) fn sample_chance(state: &CheeseDay, rng: &mut GameRng) -> Option<CheeseDayAction> {
    match state.phase {
        Phase::Roll => Some(CheeseDayAction::Roll(below(rng, 6) as u8 + 1)),
        Phase::Draw => {
            let total: u32 = state
                .undrawn
                .as_flattened()
                .iter()
                .map(|&n| u32::from(n))
                .sum();
            if total == 0 {
                return None;
            }
            let mut pick = below(rng, total);
            for (v, counts) in state.undrawn.iter().enumerate() {
                for face in Face::BOTH {
                    let count = u32::from(counts[face.index()]);
                    if pick < count {
                        let value = v as u8 + 1;
                        return Some(CheeseDayAction::Draw(super::Card { value, face }));
                    }
                    pick -= count;
                }
            }
            unreachable!("a pick below the total lands on a card")
        }
        Phase::Choose { .. } | Phase::Over => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::conformance::check_sample_chance;
    use crate::games::cheese_day::CheeseDay;

    #[test]
    fn the_fast_draws_are_the_listed_draws() {
        let checked = check_sample_chance::<CheeseDay>(0..40).unwrap_or_else(|e| panic!("{e}"));
        assert!(checked > 10_000, "{checked} chance nodes checked");
    }
}
