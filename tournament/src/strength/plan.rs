//! What the strength report plays, as plain data ([`StrengthPlan`]): the standard plan built
//! from the level table at a [`Scale`], or a tiny one a test builds.

use mousehole_bots::levels::measured_player_counts;
use mousehole_bots::{Level, level_of};
use mousehole_engine::registry::{find, games};

use crate::error::TournamentError;

/// One stronger agent against copies of a weaker one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub strong: String,
    pub weak: String,
    pub games: u64,
}

/// One point of the budget chart: a search agent (a level, or the hard level's settings with
/// another playout count) against copies of the chart's opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetPoint {
    pub iterations: u64,
    pub agent: String,
}

/// One game at one player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The game spec with its player count (`cheese-day:players=2`).
    pub game: String,
    /// The round robin's entries, weakest first.
    pub ladder: Vec<String>,
    pub ladder_games: u64,
    pub pairings: Vec<Pairing>,
    /// The budget chart's opponent (medium: the heuristic) and its points, fewest playouts
    /// first.
    pub opponent: String,
    pub budgets: Vec<BudgetPoint>,
    pub budget_games: u64,
}

/// Everything the report plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrengthPlan {
    /// The seed of every tournament (each one's rounds play seed, seed + 1, …).
    pub seed: u64,
    /// The command that regenerates the report, written into it.
    pub command: String,
    /// The git revision played (`abc1234`, `abc1234-dirty`), when known.
    pub revision: Option<String>,
    /// When the run started, in words (`2026-12-02 19:50 UTC`), when known.
    pub started: Option<String>,
    /// Whether this is `--quick`'s plan: the report says so of every game it played.
    pub quick: bool,
    pub sections: Vec<Section>,
}

/// How many games the standard plan plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Games of each round robin.
    pub ladder_games: u64,
    /// Games of each pairing of the instant agents (easy against random, medium against easy).
    pub fast_games: u64,
    /// Games of the hard level against medium.
    pub hard_games: u64,
    /// Games of each pairing of the expert level (against hard, against medium).
    pub expert_games: u64,
    /// Games of each budget point that is not a pairing.
    pub budget_games: u64,
}

impl Scale {
    /// The committed report: a thousand games of every pairing below expert and six hundred
    /// of expert's (a tenth of a second and more a decision: what costs).
    pub const FULL: Scale = Scale {
        ladder_games: 100,
        fast_games: 1000,
        hard_games: 1000,
        expert_games: 600,
        budget_games: 120,
    };

    /// `--quick`: a few minutes, for trying the pipeline.
    pub const QUICK: Scale = Scale {
        ladder_games: 30,
        fast_games: 100,
        hard_games: 30,
        expert_games: 12,
        budget_games: 12,
    };
}

impl StrengthPlan {
    /// The report on every game named in `only` (every game when it is empty): heads-up and at
    /// its default player count (its fullest table if that is two), the ladder random, easy,
    /// medium, hard, expert; each level against the one below, expert against medium too
    /// (medium is the heuristic), easy against random; and the budget sweep of hard's flat
    /// Monte Carlo against medium, up to expert. Its revision and start are unknown until the
    /// caller sets them.
    ///
    /// # Errors
    /// A name in `only` that is no game's.
    pub fn standard(
        scale: Scale,
        seed: u64,
        command: &str,
        only: &[String],
    ) -> Result<Self, TournamentError> {
        for name in only {
            find(name)?;
        }
        let mut sections = Vec::new();
        for description in games()
            .into_iter()
            .filter(|description| only.is_empty() || only.iter().any(|n| n == description.name))
        {
            let hard = level_of(description.name, Level::Hard).expect("every game has levels");
            let expert = level_of(description.name, Level::Expert).expect("every game has levels");
            // Below hard: its settings with fewer playouts.
            let mut budgets: Vec<BudgetPoint> = [hard.iterations / 10, hard.iterations / 3]
                .into_iter()
                .filter(|&n| n >= 1)
                .map(|iterations| BudgetPoint {
                    iterations,
                    agent: hard.with_iterations(iterations).to_string(),
                })
                .collect();
            for (level, settings) in [(Level::Hard, hard), (Level::Expert, expert)] {
                budgets.push(BudgetPoint {
                    iterations: settings.iterations,
                    agent: level.name().to_owned(),
                });
            }
            for players in measured_player_counts(description) {
                let pairing = |strong: &str, weak: &str, games: u64| Pairing {
                    strong: strong.to_owned(),
                    weak: weak.to_owned(),
                    games,
                };
                sections.push(Section {
                    game: format!("{}:players={players}", description.name),
                    ladder: ["random", "easy", "medium", "hard", "expert"]
                        .map(str::to_owned)
                        .to_vec(),
                    ladder_games: scale.ladder_games,
                    pairings: vec![
                        pairing("easy", "random", scale.fast_games),
                        pairing("medium", "easy", scale.fast_games),
                        pairing("hard", "medium", scale.hard_games),
                        pairing("expert", "hard", scale.expert_games),
                        pairing("expert", "medium", scale.expert_games),
                    ],
                    opponent: "medium".to_owned(),
                    budgets: budgets.clone(),
                    budget_games: scale.budget_games,
                });
            }
        }
        Ok(StrengthPlan {
            seed,
            command: command.to_owned(),
            revision: None,
            started: None,
            quick: scale == Scale::QUICK,
            sections,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_plan_pairs_every_level_with_the_one_below() {
        let plan =
            StrengthPlan::standard(Scale::QUICK, 1, "cargo xtask strength --quick", &[]).unwrap();
        assert!(plan.quick);
        assert!(!plan.sections.is_empty());
        for section in &plan.sections {
            let paired = |strong: &str, weak: &str| {
                section
                    .pairings
                    .iter()
                    .any(|p| p.strong == strong && p.weak == weak)
            };
            for (index, level) in Level::ALL.into_iter().enumerate() {
                let below = if index == 0 {
                    "random"
                } else {
                    Level::ALL[index - 1].name()
                };
                assert!(paired(level.name(), below), "{}: {level}", section.game);
            }
            assert!(paired("expert", "medium"), "{}", section.game);
            assert_eq!(
                section.budgets.last().map(|point| point.agent.as_str()),
                Some("expert")
            );
        }
    }

    #[test]
    fn the_standard_plan_plays_heads_up_and_a_full_table() {
        let plan = StrengthPlan::standard(Scale::QUICK, 1, "quick", &[]).unwrap();
        let tables: Vec<&str> = plan.sections.iter().map(|s| s.game.as_str()).collect();
        // Three players by default: heads-up and three. Mouse Race is heads-up by default, so
        // its fullest table, four, is the second.
        for expected in [
            "cheese-day:players=2",
            "cheese-day:players=3",
            "moose-house:players=3",
            "mouse-trap:players=3",
            "mouse-race:players=2",
            "mouse-race:players=4",
        ] {
            assert!(tables.contains(&expected), "{expected} in {tables:?}");
        }
        assert_eq!(tables.len(), 8, "{tables:?}");
    }
}
