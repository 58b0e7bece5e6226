//! The one fast path a level needs: the hard and expert levels' playouts draw a die or a card
//! at every other event. [`sample_chance`] draws without listing the outcomes first, with the
//! same draws as the list: checked below against
//! [`Game::chance_outcomes`](crate::game::Game::chance_outcomes).
//!
//! Measured (issue 20; `hard` against `hard`, seed 1, three games, soak build, CPU time on a
//! busy two-core machine, paired runs): 7.5–9.3 s drawing from the list, 6.5–7.3 s with this,
//! 16–34% faster. A card is drawn a word at a time (issue 42): the twelve undrawn counts are
//! the bytes of one word, whose running totals one multiplication makes and one subtraction
//! compares with the pick, rather than a walk of up to twelve kinds.

use super::{CARDS_PER_VALUE, Card, CheeseDay, CheeseDayAction, Face, Phase, VALUES};
use crate::rng::{GameRng, below};

/// A one in each of the twelve bytes that hold the undrawn counts: multiplying the counts by
/// it puts in byte `i` the sum of the counts of bytes `0..=i` (at most 36 cards, so no byte
/// carries into the next).
const RUNNING_TOTALS: u128 = 0x0101_0101_0101_0101_0101_0101;
/// The top bit of each of the twelve bytes.
const TOP_BITS: u128 = 0x8080_8080_8080_8080_8080_8080;
/// The twelve bytes.
const TWELVE_BYTES: u128 = (1 << 96) - 1;
const _: () = assert!(
    VALUES * (CARDS_PER_VALUE as usize) < 128,
    "a running total of the cards fits below a byte's top bit"
);

/// [`Game::sample_chance`](crate::game::Game::sample_chance) for Cheese Day: a roll is one
/// draw below six; a card one draw below the undrawn total, the first kind (value 1…6, cheese
/// before trap: the listed order) whose running total exceeds the pick.
#[inline]
pub(super) fn sample_chance(state: &CheeseDay, rng: &mut GameRng) -> Option<CheeseDayAction> {
    match state.phase {
        Phase::Roll => Some(CheeseDayAction::Roll(below(rng, 6) as u8 + 1)),
        Phase::Draw => {
            let mut bytes = [0; 16];
            bytes[..2 * VALUES].copy_from_slice(state.undrawn.as_flattened());
            let totals = u128::from_le_bytes(bytes).wrapping_mul(RUNNING_TOTALS);
            // Byte 11 holds every count.
            let total = (totals >> (8 * (2 * VALUES - 1))) as u8;
            if total == 0 {
                return None;
            }
            let pick = below(rng, u32::from(total)) as u8;
            // Per byte, pick + 128 - running total keeps its top bit where the total is at
            // most the pick (both below 128, so no byte borrows from the next): the kinds
            // before the one drawn, whose byte is the first without it (byte 11 at the latest,
            // the total being above the pick). Found by the trailing zeros rather than by
            // counting bits, which takes a loop on processors without a bit-count instruction.
            let picks = (u128::from(pick) * RUNNING_TOTALS) | TOP_BITS;
            let before = (picks - (totals & TWELVE_BYTES)) & TOP_BITS;
            let kind = ((!before & TOP_BITS).trailing_zeros() / 8) as usize;
            Some(CheeseDayAction::Draw(Card {
                value: (kind / 2) as u8 + 1,
                face: Face::BOTH[kind % 2],
            }))
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
