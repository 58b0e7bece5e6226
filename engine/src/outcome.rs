//! The result of a finished game: competition ranks, scores and returns per seat.

use serde::{Deserialize, Serialize};

/// Per-seat result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// 1 = first. Competition ranking: tied seats share the better rank and the next rank is
    /// skipped (1, 1, 3).
    pub ranks: Vec<u32>,
    /// The game's own score (holes, moose, cheese, distance), for information.
    pub scores: Vec<i64>,
    /// What bots maximise: the seats ranked first share 1.0, everyone else gets 0.0.
    pub returns: Vec<f64>,
}

impl Outcome {
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
