//! The one fast path a level needs: the hard and expert levels' playouts draw a die or a card
//! at every other event. [`sample_chance`] draws without listing the outcomes first, with the
//! same draws as the list: checked below against
//! [`Game::chance_outcomes`](crate::game::Game::chance_outcomes).
//!
//! Measured (issue 20; `hard` against `hard`, seed 1, three games, soak build, CPU time on a
//! busy two-core machine, paired runs): 7.5–9.3 s drawing from the list, 6.5–7.3 s with this,
//! 16–34% faster. A card is drawn a word at a time (issue 42): the twelve undrawn counts are
//! the bytes of two u64 words, whose running totals a multiplication per word makes and a
//! subtraction per word compares with the pick, rather than a walk of up to twelve kinds.

use super::{CARDS_PER_VALUE, Card, CheeseDay, CheeseDayAction, Face, Phase, VALUES};
use crate::rng::{GameRng, below};

/// A one in each byte of a word: multiplying a word of counts by it puts in byte `i` the sum
/// of the counts of bytes `0..=i` (at most 36 cards, so no byte carries into the next).
const RUNNING_TOTALS: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte of a word.
const TOP_BITS: u64 = 0x8080_8080_8080_8080;
/// The low four bytes of a word: the second word holds the last four of the twelve counts.
const FOUR_BYTES: u64 = 0xffff_ffff;
const _: () = assert!(
    VALUES * (CARDS_PER_VALUE as usize) < 128,
    "a running total of the cards fits below a byte's top bit"
);
const _: () = assert!(
    2 * VALUES == 12,
    "the counts fill one word and half of another"
);

/// How many of a word's running totals are at most `pick` (both below 128): per byte,
/// pick + 128 - total keeps its top bit where the total is at most the pick (no byte borrows
/// from the next), and the totals only grow, so those bytes come first. Found by the trailing
/// zeros rather than by counting bits, which takes a loop on processors without a bit-count
/// instruction.
#[inline]
fn totals_at_most(pick: u8, totals: u64, bytes: u64) -> u32 {
    let top_bits = TOP_BITS & bytes;
    let picks = (u64::from(pick) * RUNNING_TOTALS) | top_bits;
    let before = (picks - (totals & bytes)) & top_bits;
    (!before & top_bits).trailing_zeros() / 8
}

/// [`Game::sample_chance`](crate::game::Game::sample_chance) for Cheese Day: a roll is one
/// draw below six; a card one draw below the undrawn total, the first kind (value 1…6, cheese
/// before trap: the listed order) whose running total exceeds the pick.
#[inline]
pub(super) fn sample_chance(state: &CheeseDay, rng: &mut GameRng) -> Option<CheeseDayAction> {
    match state.phase {
        Phase::Roll => Some(CheeseDayAction::Roll(below(rng, 6) as u8 + 1)),
        Phase::Draw => {
            // The twelve counts as the bytes of two words (u64 arithmetic: measured fewer
            // instructions than one u128, whose multiplication takes three).
            let counts = state.undrawn.as_flattened();
            let mut low = [0; 8];
            low.copy_from_slice(&counts[..8]);
            let mut high = [0; 8];
            high[..4].copy_from_slice(&counts[8..]);
            let low_totals = u64::from_le_bytes(low).wrapping_mul(RUNNING_TOTALS);
            let low_total = low_totals >> 56;
            // The second word's running totals start from the first word's total.
            let high_totals = (u64::from_le_bytes(high) + low_total).wrapping_mul(RUNNING_TOTALS);
            // Byte 3 of the second word holds every count.
            let total = (high_totals >> 24) as u8;
            if total == 0 {
                return None;
            }
            let pick = below(rng, u32::from(total)) as u8;
            // The kinds before the one drawn: every byte of the first word is one of them
            // before any of the second word's is (and the second word's byte 3, the total, is
            // above the pick).
            let kind = (totals_at_most(pick, low_totals, u64::MAX)
                + totals_at_most(pick, high_totals, FOUR_BYTES)) as usize;
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
