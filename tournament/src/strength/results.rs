//! What the strength report played ([`GameResults`], one game's, kept as
//! `strength/<game>.json`), and what it says of the levels: whether they changed since, and
//! the level table's measured figures ([`GameResults::measurements`]).

use mousehole_bots::levels::behaviour::behaviour_of;
use mousehole_bots::levels::{LevelMeasurement, Measurements, Verdict};
use mousehole_bots::{AgentKind, AgentSpec, Level, level_of};
use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::report::Report;

/// One tournament of the report: what was asked, and its report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Played {
    pub agents: Vec<String>,
    pub report: Report,
}

/// A section's results.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SectionResult {
    pub game: String,
    pub players: usize,
    pub ladder: Played,
    pub pairings: Vec<Played>,
    pub budgets: Vec<(u64, Played)>,
}

/// A level and its spec when it was played (`hard`, `mc:margin=2,playouts=500,…`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedLevel {
    pub level: String,
    pub spec: String,
}

/// One game's results (`strength/<game>.json`): its sections, and what made them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameResults {
    /// The game's name (`cheese-day`).
    pub game: String,
    pub seed: u64,
    pub command: String,
    /// The git revision played (`abc1234`, `abc1234-dirty`), when known.
    pub revision: Option<String>,
    /// When the run started (`2026-12-02 19:50 UTC`), when known.
    pub started: Option<String>,
    /// A `--quick` run's: a few dozen games a pairing.
    pub quick: bool,
    /// Cores of the machine that played it.
    pub cores: usize,
    /// The level table's row as it was played.
    pub levels: Vec<PlayedLevel>,
    /// What the levels played ([`mousehole_bots::levels::behaviour::behaviour`]), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<String>,
    pub sections: Vec<SectionResult>,
    /// Seconds this game's tournaments took.
    pub elapsed_seconds: f64,
}

/// What one run played: each game's results, and how long the whole run took.
#[derive(Clone, Debug)]
pub struct StrengthResults {
    pub games: Vec<GameResults>,
    pub elapsed_seconds: f64,
}
impl GameResults {
    /// The results as their file's text.
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("results serialise");
        json.push('\n');
        json
    }

    /// Reads a results file's text; `file` names it in the error.
    ///
    /// # Errors
    /// Text that is not a game's results.
    pub fn parse(text: &str, file: &str) -> Result<Self, TournamentError> {
        serde_json::from_str(text).map_err(|error| TournamentError::Results {
            file: file.to_owned(),
            problem: error.to_string(),
        })
    }

    /// The spec `level` had when it was played, if it was recorded.
    pub(super) fn played_spec(&self, level: Level) -> Option<&str> {
        self.levels
            .iter()
            .find(|played| played.level == level.name())
            .map(|played| played.spec.as_str())
    }

    /// The levels whose settings are no longer the ones played: `(level, then, now)`.
    pub fn changed_levels(&self) -> Vec<(Level, String, String)> {
        Level::ALL
            .into_iter()
            .filter_map(|level| {
                let then = self.played_spec(level)?;
                let now = level_of(&self.game, level)?.spec().to_string();
                (then != now).then(|| (level, then.to_owned(), now))
            })
            .collect()
    }

    /// Whether the levels now play otherwise than they did in these results (their
    /// behaviour then and now, [`behaviour_of`]), though their settings may be the same; or,
    /// with no behaviour recorded, `None`: the results cannot say.
    pub fn plays_differently(&self) -> Option<bool> {
        let then = self.behaviour.as_deref()?;
        Some(behaviour_of(&self.game).is_some_and(|now| now != then))
    }

    /// What the level table's measured file says of these results: for every pairing whose
    /// first agent is a level (against the level below, expert against medium), its win rate
    /// with the interval over deals, its verdict and its time per decision, with the level's
    /// spec as played.
    pub fn measurements(&self) -> Measurements {
        let mut measurements = Vec::new();
        for section in &self.sections {
            for played in &section.pairings {
                let Some(level) = level_named(&played.agents[0]) else {
                    continue;
                };
                let Some(spec) = self.played_spec(level) else {
                    continue;
                };
                let agent = &played.report.agents[0];
                let fair = 1.0 / section.players as f64;
                measurements.push(LevelMeasurement {
                    players: section.players,
                    level,
                    spec: spec.to_owned(),
                    against: played.agents[1].clone(),
                    games: played.report.games_played,
                    seed: played.report.seed,
                    win_percent: agent.win_rate.unwrap_or(0.0) * 100.0,
                    deals_interval: agent
                        .mean_return_ci95
                        .map(|[lo, hi]| [lo * 100.0, hi * 100.0]),
                    fair_percent: fair * 100.0,
                    verdict: Verdict::of(agent.mean_return_ci95, fair),
                    mean_ms: agent.ms_per_decision,
                    worst_ms: agent.max_ms_per_decision,
                });
            }
        }
        Measurements {
            game: self.game.clone(),
            seed: Some(self.seed),
            command: Some(self.command.clone()),
            revision: self.revision.clone(),
            quick: self.quick,
            behaviour: self.behaviour.clone(),
            // Measured as they play now.
            plays: None,
            measurements,
        }
    }
}

/// The level an agent entry names (`hard`), if it names one.
fn level_named(agent: &str) -> Option<Level> {
    match agent.parse::<AgentSpec>().ok()?.kind() {
        AgentKind::Level(level) => Some(level),
        _ => None,
    }
}
