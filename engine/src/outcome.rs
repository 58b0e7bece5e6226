//! The result of a finished game: competition ranks, scores and returns per seat, and how it
//! ended in words ([`HowItEnded`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Per-seat result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Outcome {
    /// 1 = first. Competition ranking: tied seats share the better rank and the next rank is
    /// skipped (1, 1, 3).
    pub ranks: Vec<u32>,
    /// The game's own score (holes, moose, cheese, distance), for information.
    pub scores: Vec<i64>,
    /// What bots maximise: the seats ranked first share 1.0, everyone else gets 0.0.
    pub returns: Vec<f64>,
}

/// How a finished game ended and how each seat's score was made, in words: what every seat
/// (and a spectator) is told at the end. Each game writes it from one observation of the
/// finished game and the outcome ([`crate::Game::ending`]), so it can say no more than that
/// observation's reader may know; the front ends show it (the TUI's end panel, the prompt's
/// "How it ended", a network `game_over`'s `ending`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HowItEnded {
    /// Why the game ended: `the reserve ran out`, `seat 1 (bob) took a third trap: out at
    /// once, placed last`.
    pub reason: String,
    /// By seat, how its score was made: `12 holes from 4 cheese cards, 2 traps`.
    pub breakdown: Vec<String>,
    /// How ties were broken, when one was (`equal moose: more doors ranks higher`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<String>,
}

impl Outcome {
    /// The outcome of a finished game from each seat's rank key (greater is better, equal keys
    /// share a place: [`crate::Game::rank_key`]) and score: competition ranks, and the returns
    /// that follow from them. With [`returns_by_key`], the one place a ranking is turned into
    /// ranks and returns.
    pub fn ranked<K: Ord>(keys: &[K], scores: Vec<i64>) -> Self {
        Self::new(competition_ranks(keys), scores)
    }

    /// Builds an outcome from ranks and scores; the returns follow from the ranks.
    pub fn new(ranks: Vec<u32>, scores: Vec<i64>) -> Self {
        let returns = returns_from_ranks(&ranks);
        Self {
            ranks,
            scores,
            returns,
        }
    }

    /// The outcome of a match `seat` forfeited: it ranks last, every other seat shares first
    /// place and the win. Scores are 0 (the game did not reach its end to be scored).
    pub fn forfeit(players: usize, seat: usize) -> Self {
        let ranks = (0..players)
            .map(|s| if s == seat { players as u32 } else { 1 })
            .collect();
        Self::new(ranks, vec![0; players])
    }

    /// Seats that share first place.
    pub fn winners(&self) -> Vec<usize> {
        (0..self.ranks.len())
            .filter(|&seat| self.ranks[seat] == 1)
            .collect()
    }

    /// Whether two outcomes agree (returns compared with a small tolerance, since they pass
    /// through decimal text in transcripts).
    pub fn matches(&self, other: &Outcome) -> bool {
        self.ranks == other.ranks
            && self.scores == other.scores
            && self.returns.len() == other.returns.len()
            && self
                .returns
                .iter()
                .zip(&other.returns)
                .all(|(a, b)| (a - b).abs() < 1e-9)
    }
}

/// Competition ranks from sort keys where a greater key is better: equal keys share the better
/// rank and the next rank is skipped.
///
/// ```
/// use mousehole_engine::outcome::competition_ranks;
/// assert_eq!(competition_ranks(&[7, 9, 7, 1]), vec![2, 1, 2, 4]);
/// ```
pub fn competition_ranks<K: Ord>(keys: &[K]) -> Vec<u32> {
    keys.iter()
        .map(|key| 1 + keys.iter().filter(|other| *other > key).count() as u32)
        .collect()
}

/// The returns of [`Outcome::ranked`] for the keys `key(seat)` of seats `0..players`, without
/// building the outcome (searches back these up after every playout): the seats with the
/// greatest key, the first competition rank, share 1.0; everyone else gets 0.0. Written into
/// `out`, cleared first.
pub fn returns_by_key<K: Ord>(players: usize, key: impl Fn(usize) -> K, out: &mut Vec<f64>) {
    out.clear();
    let Some(best) = (0..players).map(&key).max() else {
        return;
    };
    let mut winners = 0_u32;
    out.extend((0..players).map(|seat| {
        let first = key(seat) == best;
        winners += u32::from(first);
        f64::from(u8::from(first))
    }));
    // 1.0 times the share is the share exactly: the returns of `returns_from_ranks`, bit for bit.
    let share = 1.0 / f64::from(winners);
    for value in out.iter_mut() {
        *value *= share;
    }
}

/// Winners (rank 1) share 1.0; everyone else gets 0.0.
pub fn returns_from_ranks(ranks: &[u32]) -> Vec<f64> {
    let winners = ranks.iter().filter(|&&r| r == 1).count();
    ranks
        .iter()
        .map(|&r| if r == 1 { 1.0 / winners as f64 } else { 0.0 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_the_better_rank_and_skip_the_next() {
        assert_eq!(competition_ranks(&[5, 5, 3]), vec![1, 1, 3]);
        assert_eq!(competition_ranks(&[1, 3, 3, 3]), vec![4, 1, 1, 1]);
    }

    #[test]
    fn returns_by_key_are_the_ranked_outcomes_returns() {
        let cases: [&[(bool, i64)]; 5] = [
            &[(true, 5), (true, 5), (false, 9)],
            &[(true, 1), (true, 3), (true, 3), (true, 3)],
            &[(false, 0), (false, 0)],
            &[(true, 7), (false, 7), (true, 2)],
            &[(true, 0)],
        ];
        let mut returns = vec![0.25; 9];
        for keys in cases {
            let outcome = Outcome::ranked(keys, vec![0; keys.len()]);
            returns_by_key(keys.len(), |seat| keys[seat], &mut returns);
            let bits = |values: &[f64]| values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&returns), bits(&outcome.returns), "{keys:?}");
        }
        assert_eq!(
            Outcome::ranked(cases[0], vec![1, 2, 3]).ranks,
            vec![1, 1, 3]
        );
        assert_eq!(
            Outcome::ranked(cases[1], vec![0; 4]).returns,
            [0.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0]
        );
        returns_by_key(0, |_| 0, &mut returns);
        assert!(returns.is_empty(), "no seats, no returns");
    }

    #[test]
    fn winners_share_the_return() {
        let outcome = Outcome::new(vec![1, 1, 3], vec![4, 4, 2]);
        assert_eq!(outcome.returns, vec![0.5, 0.5, 0.0]);
        assert_eq!(outcome.winners(), vec![0, 1]);
        assert!(outcome.matches(&Outcome::new(vec![1, 1, 3], vec![4, 4, 2])));
        assert!(!outcome.matches(&Outcome::new(vec![1, 2, 3], vec![4, 4, 2])));
    }

    #[test]
    fn a_forfeit_ranks_the_seat_last_and_the_others_first() {
        let outcome = Outcome::forfeit(3, 1);
        assert_eq!(outcome.ranks, vec![1, 3, 1]);
        assert_eq!(outcome.returns, vec![0.5, 0.0, 0.5]);
        assert_eq!(outcome.scores, vec![0, 0, 0]);
    }
}
