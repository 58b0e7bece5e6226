//! The statistics of a report: 95% intervals for a mean (Student's t, over the running
//! [`Mean`] the searches keep too) and for a proportion (Wilson), and pairwise placement
//! counts.

use mousehole_bots::search::Mean;
use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile, z(0.975).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% confidence interval of `values`' mean, `mean ± t(0.975, n−1)·s/√n`, if at least two
/// values were added.
pub fn mean_ci95(values: &Mean) -> Option<[f64; 2]> {
    let variance = values.variance()?;
    let count = values.count();
    let half = t975(count - 1) * (variance / count as f64).sqrt();
    let mean = values.mean();
    Some([mean - half, mean + half])
}

/// The 95% interval of a mean return ([`mean_ci95`]) cut to the returns' range, 0…1 (a
/// return is a share of first place): near a sweep the symmetric interval would reach past
/// 100%, which no agent can win.
pub fn return_ci95(values: &Mean) -> Option<[f64; 2]> {
    mean_ci95(values).map(|[lo, hi]| [lo.max(0.0), hi.min(1.0)])
}

/// Student's t quantile t(0.975, df) for `df` ≥ 1 degrees of freedom: tabulated to 30, then
/// the Cornish–Fisher expansion around the normal quantile (off by less than 1e-5 there).
///
/// # Panics
/// If `df` is 0.
pub fn t975(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706_205, 4.302_653, 3.182_446, 2.776_445, 2.570_582, 2.446_912, 2.364_624, 2.306_004,
        2.262_157, 2.228_139, 2.200_985, 2.178_813, 2.160_369, 2.144_787, 2.131_450, 2.119_905,
        2.109_816, 2.100_922, 2.093_024, 2.085_963, 2.079_614, 2.073_873, 2.068_658, 2.063_899,
        2.059_539, 2.055_529, 2.051_831, 2.048_407, 2.045_230, 2.042_272,
    ];
    assert!(df > 0, "t quantile with no degrees of freedom");
    if let Some(&t) = TABLE.get(df as usize - 1) {
        return t;
    }
    let z = Z95;
    let n = df as f64;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * n)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * n * n)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * n * n * n)
}

/// The Wilson score interval (95%) for a proportion: `successes` out of `trials`, where a
/// success may count fractionally (a first place shared by k seats counts 1/k).
///
/// `None` when there are no trials.
pub fn wilson95(successes: f64, trials: u64) -> Option<[f64; 2]> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// How often one agent placed above another in the games both sat in (a lower rank is
/// better; equal ranks are a tie).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placements {
    pub games: u64,
    pub above: u64,
    pub tied: u64,
    pub below: u64,
}

impl Placements {
    /// Counts one game where the agent ranked `rank` and the opponent `opponent_rank`.
    pub fn add(&mut self, rank: u32, opponent_rank: u32) {
        self.games += 1;
        match rank.cmp(&opponent_rank) {
            std::cmp::Ordering::Less => self.above += 1,
            std::cmp::Ordering::Equal => self.tied += 1,
            std::cmp::Ordering::Greater => self.below += 1,
        }
    }

    /// Placed-above count with ties as halves: the numerator of [`Placements::score`].
    pub fn points(&self) -> f64 {
        self.above as f64 + 0.5 * self.tied as f64
    }

    /// The share of games the agent placed above the opponent, a tie counting half.
    pub fn score(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points() / self.games as f64)
    }

    /// The Wilson interval of [`Placements::score`].
    pub fn score_ci95(&self) -> Option<[f64; 2]> {
        wilson95(self.points(), self.games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn the_running_mean_matches_the_two_pass_formulas() {
        let mut w = Mean::default();
        assert_eq!(w.count(), 0);
        w.add(3.0);
        assert!(close(w.mean(), 3.0, 1e-12));
        assert_eq!(w.variance(), None);
        assert_eq!(mean_ci95(&w), None);
        for x in [1.0, 2.0, 4.0, 5.0] {
            w.add(x);
        }
        // 1..5: mean 3, squared deviations 4+1+0+1+4 = 10, variance 10/4.
        assert_eq!(w.count(), 5);
        assert!(close(w.mean(), 3.0, 1e-12));
        assert!(close(w.variance().unwrap(), 2.5, 1e-12));
    }

    #[test]
    fn mean_interval_by_hand() {
        // 1, 2, 3, 4, 5: s = √2.5, se = s/√5 = √0.5 = 0.707107, t(0.975, 4) = 2.776445,
        // half-width 1.963243.
        let mut w = Mean::default();
        for x in [1.0, 2.0, 3.0, 4.0, 5.0] {
            w.add(x);
        }
        let [lo, hi] = mean_ci95(&w).unwrap();
        assert!(close(lo, 1.036_757, 1e-5), "{lo}");
        assert!(close(hi, 4.963_243, 1e-5), "{hi}");
        // Two values 0 and 1: mean 0.5, s = √0.5, se = 0.5, t(1) = 12.706205.
        let mut w = Mean::default();
        w.add(0.0);
        w.add(1.0);
        let [lo, hi] = mean_ci95(&w).unwrap();
        assert!(close(lo, 0.5 - 6.353_102, 1e-5), "{lo}");
        assert!(close(hi, 0.5 + 6.353_102, 1e-5), "{hi}");
        // Identical values: a zero-width interval at the value.
        let mut w = Mean::default();
        for _ in 0..10 {
            w.add(0.25);
        }
        assert_eq!(mean_ci95(&w), Some([0.25, 0.25]));
    }

    #[test]
    fn return_intervals_stay_within_what_can_be_won() {
        let mut w = Mean::default();
        for value in [1.0, 1.0, 1.0, 0.5] {
            w.add(value);
        }
        let [lo, hi] = mean_ci95(&w).unwrap();
        assert!(
            hi > 1.0,
            "the symmetric interval reaches past a sweep: {hi}"
        );
        assert_eq!(return_ci95(&w), Some([lo, 1.0]));
        let mut w = Mean::default();
        for value in [0.0, 0.0, 0.0, 0.5] {
            w.add(value);
        }
        let [_, hi] = mean_ci95(&w).unwrap();
        assert_eq!(return_ci95(&w), Some([0.0, hi]));
    }

    #[test]
    fn t_quantiles_follow_the_table_and_the_expansion() {
        assert!(close(t975(1), 12.706_205, 1e-6));
        assert!(close(t975(10), 2.228_139, 1e-6));
        assert!(close(t975(30), 2.042_272, 1e-6));
        // Past the table (values from numerical integration of the t density).
        assert!(close(t975(31), 2.039_513, 1e-5), "{}", t975(31));
        assert!(close(t975(40), 2.021_075, 1e-5), "{}", t975(40));
        assert!(close(t975(100), 1.983_972, 1e-5), "{}", t975(100));
        assert!(close(t975(1_000_000), Z95, 1e-5));
    }

    #[test]
    fn wilson_interval_by_hand() {
        // 8 of 10: p = 0.8, z² = 3.841459; centre (0.8 + 0.192073)/1.384146 = 0.716740;
        // half 1.959964/1.384146 · √(0.016 + 0.009604) = 0.226578.
        let [lo, hi] = wilson95(8.0, 10).unwrap();
        assert!(close(lo, 0.490_162, 1e-5), "{lo}");
        assert!(close(hi, 0.943_318, 1e-5), "{hi}");
        // 0 of 10: the lower end is 0, the upper z²/(n+z²) = 0.277533.
        let [lo, hi] = wilson95(0.0, 10).unwrap();
        assert!(close(lo, 0.0, 1e-12), "{lo}");
        assert!(close(hi, 0.277_533, 1e-5), "{hi}");
        // 1000 of 3000 (a third): 0.316687 … 0.350406.
        let [lo, hi] = wilson95(1000.0, 3000).unwrap();
        assert!(close(lo, 0.316_687, 1e-5), "{lo}");
        assert!(close(hi, 0.350_406, 1e-5), "{hi}");
        assert_eq!(wilson95(0.0, 0), None);
    }

    #[test]
    fn placements_count_ties_as_halves() {
        let mut p = Placements::default();
        // Ranks (agent, opponent): above, tied at first, below, tied lower, above.
        for (a, b) in [(1, 2), (1, 1), (3, 1), (2, 2), (2, 4)] {
            p.add(a, b);
        }
        assert_eq!(
            p,
            Placements {
                games: 5,
                above: 2,
                tied: 2,
                below: 1
            }
        );
        assert!(close(p.points(), 3.0, 1e-12));
        assert!(close(p.score().unwrap(), 0.6, 1e-12));
        assert_eq!(p.score_ci95(), wilson95(3.0, 5));
        assert_eq!(Placements::default().score(), None);
    }
}
