//! Seeded randomness: the one RNG type the project uses, its per-purpose streams, and sampling.
//!
//! The generator is PCG32 (`rand_pcg::Pcg32`, O'Neill's PCG-XSH-RR 64/32): its output for a
//! given state is fixed by its published algorithm, so a seed gives the same games on every
//! platform and after dependency updates, and it has 2^63 independent *streams* built in,
//! which give chance and each seat their own sequence from one match seed (each stream has a
//! period of 2^64, far beyond any game). It was chosen over ChaCha8 for speed: a game seeds
//! one generator per seat, and ChaCha's 256-byte block refill cost more than a whole random
//! Cheese Day game spends on its rules; a PCG32 step is one multiply and an add.

use rand::{Rng, RngExt};

/// The random number generator used for chance events, agents and determinization.
pub type GameRng = rand_pcg::Pcg32;

/// The stream a match samples its chance events from.
pub fn chance_rng(seed: u64) -> GameRng {
    stream(seed, 0)
}

/// Stream `stream` of the generator for `seed`. The seed sets the 64-bit state through a
/// fixed mixing step, so nearby seeds start far apart.
pub fn stream(seed: u64, stream: u64) -> GameRng {
    GameRng::new(splitmix64(seed), stream)
}

/// One step of SplitMix64: a bijective scramble of a 64-bit value.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One independent stream per seat of `seed`, for tools and tests that want a generator per
/// seat. Agents seated at a match do not draw from it: they draw a stream per decision
/// ([`AgentStreams`]).
pub fn seat_rng(seed: u64, seat: usize) -> GameRng {
    stream(seed, seat as u64 + 1)
}

/// The seed an agent in `seat` is given when a game with `match_seed` starts ([`Seat::start`],
/// the external-agent protocol's `seed`): its own, independent of the chance stream and of the
/// other seats. A seat told only its own seed (a network client, at `new_game`) draws from the
/// very streams the host's own seat would have; and a client that must not know the match's
/// chance is never sent it, since the match seed follows from it (for a fixed seat this is a
/// bijection).
///
/// [`Seat::start`]: crate::Seat::start
pub fn agent_seed(match_seed: u64, seat: usize) -> u64 {
    splitmix64(splitmix64(match_seed) ^ (seat as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F))
}

/// The random streams of the agent in one seat of one game: the one policy for every seat
/// of every front end (the match runner's seats, the TUI, tournaments, analysis).
///
/// Each decision draws from a stream of its own, numbered by how many events came before it,
/// of the agent's seed ([`agent_seed`]). A decision's draws therefore depend only on the match
/// seed, the seat and the position, never on what the agent drew before: a game resumed from
/// a transcript, or taken back by an undo, goes on exactly as the uninterrupted game would
/// have. Hints and an external program's fallback draw from streams of their own, so asking
/// for a hint or a program's fault never changes what a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentStreams {
    /// The generator state every stream of this agent starts from (the mixed agent seed).
    state: u64,
}

/// First stream of the hint searches (no game has this many events).
const HINT_STREAMS: u64 = 1 << 40;
/// First stream of the fallback decisions of an external program's seat.
const FALLBACK_STREAMS: u64 = 1 << 41;

impl AgentStreams {
    /// The streams of the agent in `seat` of the game with `match_seed`.
    pub fn new(match_seed: u64, seat: usize) -> Self {
        Self::of_agent_seed(agent_seed(match_seed, seat))
    }

    /// The streams of an agent given `agent_seed` (what a program is told at `new_game`).
    pub fn of_agent_seed(agent_seed: u64) -> Self {
        Self {
            state: splitmix64(agent_seed),
        }
    }

    /// The stream of the decision that follows the game's first `events` events.
    #[inline]
    pub fn decision(self, events: usize) -> GameRng {
        GameRng::new(self.state, events as u64)
    }

    /// The stream of a hint's search at that decision.
    pub fn hint(self, events: usize) -> GameRng {
        GameRng::new(self.state, HINT_STREAMS + events as u64)
    }

    /// The stream of a fallback's decision at that decision, when an external program faults:
    /// never the chance stream, so a fault cannot change later chance events.
    pub fn fallback(self, events: usize) -> GameRng {
        GameRng::new(self.state, FALLBACK_STREAMS + events as u64)
    }
}

/// A uniformly random number in `0..n` (Lemire's multiply-and-shift with rejection: unbiased,
/// and usually one 32-bit draw with no division). Random playouts call this for every choice.
///
/// # Panics
/// If `n` is 0.
#[inline]
pub fn below(rng: &mut GameRng, n: u32) -> u32 {
    assert!(n > 0, "below(0)");
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

/// A uniformly random element of `legal` (the random agent's rule): the one at
/// [`below`]`(rng, len)`.
///
/// # Panics
/// If `legal` is empty.
#[inline]
pub fn uniform<A: Copy>(legal: &[A], rng: &mut GameRng) -> A {
    legal[below(rng, legal.len() as u32) as usize]
}

/// Picks one item with probability proportional to its weight; `None` if the list is empty or
/// all weights are 0.
pub fn sample_weighted<T: Copy>(items: &[(T, u32)], rng: &mut GameRng) -> Option<T> {
    let total: u64 = items.iter().map(|&(_, w)| u64::from(w)).sum();
    let pick = below_total(total, rng)?;
    item_at(pick, items.iter().copied())
}

/// The item whose share of `total`, the counts taken in the order given, holds one draw below
/// `total`: what [`sample_weighted`] picks from the same items listed, for a game that keeps
/// the counts (a pile, a bag) and their total, so draws without a list. `None` for a total
/// of 0.
///
/// # Panics
/// If the counts add up to less than `total` (a caller bug).
#[inline]
pub fn sample_counted<T>(
    rng: &mut GameRng,
    total: u32,
    counts: impl IntoIterator<Item = (T, u32)>,
) -> Option<T> {
    if total == 0 {
        return None;
    }
    let pick = below(rng, total);
    let item = item_at(u64::from(pick), counts);
    assert!(item.is_some(), "a pick below the total lands on an item");
    item
}

/// The item whose share of the weights, taken in the order given, holds `pick`: the one walk
/// of [`sample_weighted`] and [`sample_counted`]. `None` if the weights add up to no more
/// than `pick`.
#[inline]
fn item_at<T>(mut pick: u64, items: impl IntoIterator<Item = (T, u32)>) -> Option<T> {
    for (item, weight) in items {
        let weight = u64::from(weight);
        if pick < weight {
            return Some(item);
        }
        pick -= weight;
    }
    None
}

/// The pick below a total weight that [`sample_weighted`] draws: `None` for a total of 0.
#[inline]
fn below_total(total: u64, rng: &mut GameRng) -> Option<u64> {
    if total == 0 {
        return None;
    }
    // Weights are small counts in practice; a 32-bit draw is half the RNG work of a 64-bit one.
    Some(match u32::try_from(total) {
        Ok(total) => u64::from(below(rng, total)),
        Err(_) => rng.random_range(0..total),
    })
}

/// Draws `n` items without replacement from a pool given as counts per kind, returning how
/// many of each kind were drawn. Determinization uses it to deal unseen cards.
///
/// # Panics
/// If `n` exceeds the pool size (a caller bug: the rules guarantee enough cards).
pub fn draw_counts<const K: usize>(pool: &mut [u32; K], n: u32, rng: &mut GameRng) -> [u32; K] {
    let mut drawn = [0; K];
    for _ in 0..n {
        let total: u32 = pool.iter().sum();
        assert!(total > 0, "draw_counts: pool exhausted");
        let mut pick = rng.random_range(0..total);
        for (kind, count) in pool.iter_mut().enumerate() {
            if pick < *count {
                *count -= 1;
                drawn[kind] += 1;
                break;
            }
            pick -= *count;
        }
    }
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_sampling_follows_weights_and_skips_zero() {
        let mut rng = chance_rng(1);
        let items = [('a', 1), ('b', 0), ('c', 3)];
        let mut counts = [0u32; 3];
        for _ in 0..40_000 {
            match sample_weighted(&items, &mut rng) {
                Some('a') => counts[0] += 1,
                Some('b') => counts[1] += 1,
                Some('c') => counts[2] += 1,
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(counts[1], 0);
        let ratio = f64::from(counts[2]) / f64::from(counts[0]);
        assert!((2.8..3.2).contains(&ratio), "ratio {ratio}");
        assert_eq!(sample_weighted::<char>(&[], &mut rng), None);
        assert_eq!(sample_weighted(&[('x', 0)], &mut rng), None);
    }

    #[test]
    fn below_is_uniform_and_in_range() {
        let mut rng = chance_rng(9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below(&mut rng, 6) as usize] += 1;
        }
        for count in counts {
            assert!((9_400..10_600).contains(&count), "{counts:?}");
        }
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn streams_are_independent_and_reproducible() {
        let a: u64 = chance_rng(5).random();
        let b: u64 = seat_rng(5, 0).random();
        let c: u64 = seat_rng(5, 1).random();
        assert_ne!(a, b);
        assert_ne!(b, c);
        assert_eq!(a, chance_rng(5).random::<u64>());
        let agent = AgentStreams::new(5, 0);
        let draws: Vec<u64> = [
            agent.decision(3),
            agent.decision(4),
            agent.hint(3),
            agent.fallback(3),
            AgentStreams::new(5, 1).decision(3),
        ]
        .into_iter()
        .map(|mut rng| rng.random())
        .collect();
        for (i, a) in draws.iter().enumerate() {
            for b in &draws[i + 1..] {
                assert_ne!(a, b, "{draws:?}");
            }
        }
        assert_eq!(
            draws[0],
            AgentStreams::new(5, 0).decision(3).random::<u64>()
        );
        assert_eq!(agent, AgentStreams::of_agent_seed(agent_seed(5, 0)));
    }

    #[test]
    fn draw_counts_takes_exactly_n_within_the_pool() {
        let mut rng = chance_rng(3);
        let mut pool = [2, 0, 5];
        let drawn = draw_counts(&mut pool, 6, &mut rng);
        assert_eq!(drawn.iter().sum::<u32>(), 6);
        assert_eq!(drawn[1], 0);
        assert!(drawn[0] <= 2 && drawn[2] <= 5);
        assert_eq!(pool.iter().sum::<u32>(), 1);
    }
}
