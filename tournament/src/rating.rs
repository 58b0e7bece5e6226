//! The multiplayer rating: Weng–Lin (the Bradley–Terry full-pairing model of the `skillratings`
//! crate), updated game by game in the tournament's canonical order, reported relative to an
//! anchor so that `random` rates 0.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// One Weng–Lin rating per tournament entry, every seat of a game a team of one.
///
/// The update is order-dependent, so it must see the games in the canonical order (deal by
/// deal, seating by seating) for a run and a merge of shards to agree.
#[derive(Clone, Debug)]
pub struct Ratings {
    ratings: Vec<WengLinRating>,
    config: WengLinConfig,
}

impl Ratings {
    /// Every entry at the prior: μ = 25, σ = 25/3.
    pub fn new(entries: usize) -> Self {
        Self {
            ratings: vec![WengLinRating::new(); entries],
            config: WengLinConfig::new(),
        }
    }

    /// Updates the ratings of the entries seated at one game (`entries[seat]`) by its ranks
    /// (1 = first; equal ranks are a tie).
    ///
    /// # Panics
    /// If `entries` and `ranks` differ in length, or an entry is out of range.
    pub fn add_game(&mut self, entries: &[usize], ranks: &[u32]) {
        assert_eq!(entries.len(), ranks.len(), "one rank per seat");
        let teams: Vec<[WengLinRating; 1]> = entries.iter().map(|&e| [self.ratings[e]]).collect();
        let teams_and_ranks: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(ranks)
            .map(|(team, &rank)| (&team[..], MultiTeamOutcome::new(rank as usize)))
            .collect();
        let updated = weng_lin_multi_team(&teams_and_ranks, &self.config);
        for (&entry, team) in entries.iter().zip(updated) {
            self.ratings[entry] = team[0];
        }
    }

    /// The raw (μ, σ) of every entry.
    pub fn raw(&self) -> Vec<(f64, f64)> {
        self.ratings
            .iter()
            .map(|r| (r.rating, r.uncertainty))
            .collect()
    }

    /// Every entry's (rating, σ), shifted so that the anchor entries average 0: the `random`
    /// entries where there are any (`anchors[e]` is true for them), else all entries.
    pub fn anchored(&self, anchors: &[bool]) -> Vec<(f64, f64)> {
        anchor(&self.raw(), anchors)
    }
}

/// Shifts ratings so that the marked entries average 0 (all entries, if none is marked); the
/// uncertainties are unchanged.
pub fn anchor(raw: &[(f64, f64)], anchors: &[bool]) -> Vec<(f64, f64)> {
    let marked: Vec<f64> = raw
        .iter()
        .zip(anchors)
        .filter(|(_, is_anchor)| **is_anchor)
        .map(|((mu, _), _)| *mu)
        .collect();
    let reference: Vec<f64> = if marked.is_empty() {
        raw.iter().map(|(mu, _)| *mu).collect()
    } else {
        marked
    };
    let zero = if reference.is_empty() {
        0.0
    } else {
        reference.iter().sum::<f64>() / reference.len() as f64
    };
    raw.iter().map(|&(mu, sigma)| (mu - zero, sigma)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchoring_puts_random_at_zero() {
        let raw = [(27.0, 1.0), (25.0, 2.0), (23.0, 3.0)];
        // One random entry, in the middle: it becomes 0, the others keep their distance.
        assert_eq!(
            anchor(&raw, &[false, true, false]),
            vec![(2.0, 1.0), (0.0, 2.0), (-2.0, 3.0)]
        );
        // Two random entries: their mean (26) is the zero.
        assert_eq!(
            anchor(&raw, &[true, true, false]),
            vec![(1.0, 1.0), (-1.0, 2.0), (-3.0, 3.0)]
        );
        // No random entry: the mean of all (25) is the zero.
        assert_eq!(
            anchor(&raw, &[false, false, false]),
            vec![(2.0, 1.0), (0.0, 2.0), (-2.0, 3.0)]
        );
    }

    #[test]
    fn the_winner_gains_and_the_update_follows_the_crate() {
        let mut ratings = Ratings::new(3);
        // Entry 2 first, entry 0 second, entry 1 third.
        ratings.add_game(&[0, 1, 2], &[2, 3, 1]);
        let raw = ratings.raw();
        assert!(raw[2].0 > raw[0].0 && raw[0].0 > raw[1].0, "{raw:?}");
        assert!(raw.iter().all(|(_, sigma)| *sigma < 25.0 / 3.0), "{raw:?}");
        // The same update done directly through skillratings.
        let prior = [WengLinRating::new()];
        let direct = weng_lin_multi_team(
            &[
                (&prior[..], MultiTeamOutcome::new(2)),
                (&prior[..], MultiTeamOutcome::new(3)),
                (&prior[..], MultiTeamOutcome::new(1)),
            ],
            &WengLinConfig::new(),
        );
        for (entry, team) in direct.iter().enumerate() {
            assert_eq!(raw[entry], (team[0].rating, team[0].uncertainty));
        }
        // A shared first place moves the two winners alike.
        let mut ratings = Ratings::new(3);
        ratings.add_game(&[1, 0, 2], &[1, 3, 1]);
        let raw = ratings.raw();
        assert_eq!(raw[1], raw[2]);
        assert!(raw[1].0 > raw[0].0);
        // Seating order does not matter, only who placed where.
        let mut swapped = Ratings::new(3);
        swapped.add_game(&[2, 1, 0], &[1, 1, 3]);
        for (a, b) in raw.iter().zip(swapped.raw()) {
            assert!((a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12);
        }
    }
}
