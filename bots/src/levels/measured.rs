//! What the levels were measured to do: one file per game beside its heuristic
//! (`heuristic/measured/<game>.json`), written by `mousehole strength` (`cargo xtask strength`)
//! and never typed in, read at compile time into the level table; and those figures in words,
//! as `mousehole list` and the TUI's setup screen say them. A measurement counts for a level
//! only while the level's spec is the one measured, so a changed level reads as not measured.

use std::fmt::{self, Write as _};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::spec::Level;

/// Where a win rate's interval over deals lies against the fair share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The interval lies above the fair share.
    #[serde(rename = "stronger")]
    Stronger,
    /// The interval lies below it.
    #[serde(rename = "weaker")]
    Weaker,
    /// The interval holds it.
    #[serde(rename = "not separated")]
    NotSeparated,
    /// No interval (too few deals).
    #[serde(rename = "-")]
    Unknown,
}

impl Verdict {
    /// The verdict of a win rate's interval over deals (fractions, not percent) against the
    /// fair share `fair`.
    pub fn of(interval: Option<[f64; 2]>, fair: f64) -> Self {
        // An interval on the fair share itself (every deal split evenly) may sit a rounding
        // error off it: that is no separation.
        const ROUNDING: f64 = 1e-9;
        match interval {
            Some([lo, _]) if lo > fair + ROUNDING => Verdict::Stronger,
            Some([_, hi]) if hi < fair - ROUNDING => Verdict::Weaker,
            Some(_) => Verdict::NotSeparated,
            None => Verdict::Unknown,
        }
    }

    /// `stronger`, `weaker`, `not separated` or `-`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Stronger => "stronger",
            Verdict::Weaker => "weaker",
            Verdict::NotSeparated => "not separated",
            Verdict::Unknown => "-",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One level at one player count against copies of one opponent, as measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelMeasurement {
    pub players: usize,
    #[serde(with = "level_name")]
    pub level: Level,
    /// The level's spec when it was measured (`mc:margin=2,playouts=500,rollout=heuristic`):
    /// the measurement counts only while the level still reads so.
    pub spec: String,
    /// The opponent: the level below, another level, or `random`.
    pub against: String,
    pub games: u64,
    /// The tournament's seed (round r plays match seed + r).
    pub seed: u64,
    /// Win rate of the level in percent (first places, shared ones split).
    pub win_percent: f64,
    /// Its 95% interval over deals, in percent; `None` with too few deals.
    pub deals_interval: Option<[f64; 2]>,
    /// The fair share, 100 / players.
    pub fair_percent: f64,
    pub verdict: Verdict,
    /// Wall-clock milliseconds per decision of the level, mean and worst (release build).
    pub mean_ms: Option<f64>,
    pub worst_ms: Option<f64>,
}

/// One game's measured file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurements {
    /// The game's name (`moose-house`).
    pub game: String,
    /// The seed of the run that measured it; `None` before any run.
    pub seed: Option<u64>,
    /// The command that measured it.
    pub command: Option<String>,
    /// The git revision measured (`abc1234`, or `abc1234-dirty` with uncommitted changes).
    pub revision: Option<String>,
    /// Whether a `--quick` run (a few dozen games a pairing) measured it.
    #[serde(default)]
    pub quick: bool,
    /// What the levels played when measured ([`super::behaviour::behaviour`]): the figures
    /// count only while they still play so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<String>,
    /// What the levels' code plays now, where a change of code made it play otherwise than
    /// when measured (`behaviour`): written in by hand, as the test
    /// `every_games_levels_play_as_its_measured_file_says` asks, so the figures read as
    /// measured on other code until they are measured again. Absent, they play as measured.
    /// Recorded rather than worked out when a program starts, which would take a third of a
    /// second (`mousehole list`, the setup screen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plays: Option<String>,
    pub measurements: Vec<LevelMeasurement>,
}

/// A measured file that does not read.
#[derive(Debug, Error)]
#[error("the measured levels of {file} do not read: {source}")]
pub struct MeasuredError {
    pub file: String,
    #[source]
    pub source: serde_json::Error,
}

impl Measurements {
    /// No measurements of `game` yet.
    pub fn none(game: &str) -> Self {
        Measurements {
            game: game.to_owned(),
            seed: None,
            command: None,
            revision: None,
            quick: false,
            behaviour: None,
            plays: None,
            measurements: Vec::new(),
        }
    }

    /// What the levels play now, as recorded: [`Measurements::plays`], else what they played
    /// when measured; `None` for a file that records neither.
    pub fn plays_now(&self) -> Option<&str> {
        self.plays.as_deref().or(self.behaviour.as_deref())
    }

    /// Whether the levels still play as they did when measured: the figures count. Figures
    /// without a fingerprint cannot say, so they do not count.
    pub fn plays_as_measured(&self) -> bool {
        match self.behaviour.as_deref() {
            Some(then) => self.plays_now() == Some(then),
            None => self.measurements.is_empty(),
        }
    }

    /// Reads a measured file's text; `file` names it in the error.
    ///
    /// # Errors
    /// Text that is not a measured file.
    pub fn parse(text: &str, file: &str) -> Result<Self, MeasuredError> {
        serde_json::from_str(text).map_err(|source| MeasuredError {
            file: file.to_owned(),
            source,
        })
    }

    /// The file's text, as committed (pretty, ending with a newline).
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("measurements serialise");
        json.push('\n');
        json
    }

    /// The measurements of `level` at `players` that were taken at its current `spec`.
    pub fn of(&self, level: Level, spec: &str, players: usize) -> Vec<&LevelMeasurement> {
        self.current(level, spec)
            .into_iter()
            .filter(|m| m.players == players)
            .collect()
    }

    /// The measurements of `level` taken at `spec`, in the file's order.
    fn current(&self, level: Level, spec: &str) -> Vec<&LevelMeasurement> {
        self.measurements
            .iter()
            .filter(|m| m.level == level && m.spec == spec)
            .collect()
    }

    /// `level`'s figures in words at every player count measured (`mousehole list`):
    /// `beats medium 56.5% [54.6, 58.5] heads-up (fair 50), 48.1% [45.3, 50.9] at 3 players
    /// (fair 33.3); 1.6 ms a move, 21 ms at worst`, or that it is not measured at `spec`.
    pub fn words(&self, level: Level, spec: &str) -> String {
        let measured = self.current(level, spec);
        if measured.is_empty() {
            return self.not_measured();
        }
        self.said(&measured, None)
    }

    /// `level`'s figures in words against its first opponent (the level below) at `players`
    /// (the setup screen's table: `at 3 players: beats medium 48.1% [45.3, 50.9] (fair 33.3);
    /// …`), else at the nearest player count measured, saying so; or that it is not measured
    /// at `spec`.
    pub fn words_at(&self, level: Level, spec: &str, players: usize) -> String {
        let nearest = self
            .current(level, spec)
            .into_iter()
            .map(|m| m.players)
            .min_by_key(|&count| (count.abs_diff(players), count));
        let Some(count) = nearest else {
            return self.not_measured();
        };
        let measured = self.of(level, spec, count);
        let nearest = if count == players {
            String::new()
        } else {
            format!(" (not measured at {players})")
        };
        format!(
            "{}{nearest}: {}",
            at_players(count),
            // Its first opponent's only (the level below): the setup screen has room for one.
            self.said(&measured[..1], Some(count))
        )
    }

    /// That the figures were measured on code that played otherwise, so none counts.
    pub fn measured_on_other_code(&self) -> String {
        let revision = self
            .revision
            .as_deref()
            .map_or_else(String::new, |revision| format!(" at {revision}"));
        format!(
            "not measured as the levels play now: the figures are of code that played \
             differently{revision} (`cargo xtask strength --game {}`)",
            self.game
        )
    }

    fn not_measured(&self) -> String {
        format!(
            "not measured at these settings yet (`cargo xtask strength --game {}`)",
            self.game
        )
    }

    /// The figures of `measured` (one level, current spec), by opponent in the order
    /// measured; `one_count` when they are all at that player count and it is said already.
    fn said(&self, measured: &[&LevelMeasurement], one_count: Option<usize>) -> String {
        let mut opponents: Vec<&str> = Vec::new();
        for m in measured {
            if !opponents.contains(&m.against.as_str()) {
                opponents.push(&m.against);
            }
        }
        let mut parts = Vec::new();
        for against in &opponents {
            let rows: Vec<&&LevelMeasurement> =
                measured.iter().filter(|m| m.against == *against).collect();
            let verb = if rows.iter().all(|m| m.verdict == Verdict::Stronger) {
                "beats"
            } else {
                "against"
            };
            let figures: Vec<String> = rows
                .iter()
                .map(|m| {
                    let interval = m
                        .deals_interval
                        .map_or_else(String::new, |[lo, hi]| format!(" [{lo:.1}, {hi:.1}]"));
                    let count = match one_count {
                        Some(_) => String::new(),
                        None => format!(" {}", at_players(m.players)),
                    };
                    let verdict = match m.verdict {
                        Verdict::Stronger => String::new(),
                        other => format!(", {other}"),
                    };
                    format!(
                        "{:.1}%{interval}{count} (fair {}{verdict})",
                        m.win_percent,
                        trimmed(m.fair_percent)
                    )
                })
                .collect();
            parts.push(format!("{verb} {against} {}", figures.join(", ")));
        }
        // The times of the level's first opponent's games (the level below).
        let timed: Vec<&&LevelMeasurement> = measured
            .iter()
            .filter(|m| m.against == opponents[0])
            .collect();
        let means: Vec<String> = timed
            .iter()
            .filter_map(|m| {
                let mean = significant(m.mean_ms?, 2);
                Some(match (one_count, timed.len()) {
                    (None, 2..) => format!("{mean} ms a move {}", at_players(m.players)),
                    _ => format!("{mean} ms a move"),
                })
            })
            .collect();
        let worst = timed
            .iter()
            .filter_map(|m| m.worst_ms)
            .fold(None, |most: Option<f64>, ms| {
                Some(most.map_or(ms, |m| m.max(ms)))
            });
        let mut text = parts.join("; ");
        if !means.is_empty() {
            text.push_str("; ");
            text.push_str(&means.join(", "));
            if let Some(worst) = worst {
                let _ = write!(text, ", {} ms at worst", significant(worst, 2));
            }
        }
        if self.quick {
            text.push_str(" (a quick run: few games)");
        }
        text
    }
}

/// `heads-up` or `at 3 players`.
pub(super) fn at_players(players: usize) -> String {
    if players == 2 {
        "heads-up".to_owned()
    } else {
        format!("at {players} players")
    }
}

/// `50` or `33.3`: a percentage to one decimal, without a trailing `.0`.
fn trimmed(percent: f64) -> String {
    let text = format!("{percent:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
}

/// `value` to `digits` significant digits (`0.0123`, `1.6`, `21`); small times and large alike
/// read at a glance. Zero, negatives and non-finite values as they are.
pub fn significant(value: f64, digits: i32) -> String {
    if value <= 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.log10().floor() as i32;
    let decimals = (digits - 1 - magnitude).clamp(0, 9) as usize;
    format!("{value:.decimals$}")
}

/// A level as its name in the file.
mod level_name {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::spec::Level;

    // serde's `with` passes the field by reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn serialize<S: Serializer>(level: &Level, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(level.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        let name = String::deserialize(deserializer)?;
        Level::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or_else(|| D::Error::custom(format!("no level is called {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measurement(
        players: usize,
        level: Level,
        spec: &str,
        against: &str,
        figures: (f64, [f64; 2], Verdict),
        ms: (f64, f64),
    ) -> LevelMeasurement {
        LevelMeasurement {
            players,
            level,
            spec: spec.to_owned(),
            against: against.to_owned(),
            games: 1000,
            seed: 1,
            win_percent: figures.0,
            deals_interval: Some(figures.1),
            fair_percent: 100.0 / players as f64,
            verdict: figures.2,
            mean_ms: Some(ms.0),
            worst_ms: Some(ms.1),
        }
    }

    const HARD: &str = "mc:margin=2,playouts=500,rollout=heuristic";

    fn measured() -> Measurements {
        Measurements {
            game: "moose-house".to_owned(),
            seed: Some(1),
            command: Some("cargo xtask strength --game moose-house".to_owned()),
            revision: Some("abc1234".to_owned()),
            quick: false,
            behaviour: None,
            plays: None,
            measurements: vec![
                measurement(
                    2,
                    Level::Hard,
                    HARD,
                    "medium",
                    (56.5, [54.6, 58.5], Verdict::Stronger),
                    (1.61, 21.3),
                ),
                measurement(
                    3,
                    Level::Hard,
                    HARD,
                    "medium",
                    (48.1, [45.3, 50.9], Verdict::Stronger),
                    (2.34, 19.0),
                ),
                // Taken at expert's old settings.
                measurement(
                    2,
                    Level::Expert,
                    "mc:margin=2,playouts=6000,rollout=heuristic",
                    "hard",
                    (54.2, [51.1, 57.4], Verdict::Stronger),
                    (150.0, 700.0),
                ),
                measurement(
                    3,
                    Level::Expert,
                    "mc:margin=2,playouts=18000,rollout=heuristic",
                    "hard",
                    (34.0, [30.1, 37.9], Verdict::NotSeparated),
                    (173.0, 812.0),
                ),
                measurement(
                    3,
                    Level::Expert,
                    "mc:margin=2,playouts=18000,rollout=heuristic",
                    "medium",
                    (38.4, [34.7, 42.1], Verdict::Stronger),
                    (170.0, 950.0),
                ),
            ],
        }
    }

    #[test]
    fn figures_are_said_at_every_player_count_measured() {
        assert_eq!(
            measured().words(Level::Hard, HARD),
            "beats medium 56.5% [54.6, 58.5] heads-up (fair 50), 48.1% [45.3, 50.9] at 3 players (fair 33.3); 1.6 ms a move heads-up, 2.3 ms a move at 3 players, 21 ms at worst"
        );
        assert_eq!(
            measured().words(
                Level::Expert,
                "mc:margin=2,playouts=18000,rollout=heuristic"
            ),
            "against hard 34.0% [30.1, 37.9] at 3 players (fair 33.3, not separated); beats medium 38.4% [34.7, 42.1] at 3 players (fair 33.3); 173 ms a move, 812 ms at worst"
        );
    }

    #[test]
    fn a_level_measured_at_other_settings_is_not_measured() {
        let measured = measured();
        let not = "not measured at these settings yet (`cargo xtask strength --game moose-house`)";
        assert_eq!(
            measured.words(Level::Hard, "mc:margin=2,playouts=1000,rollout=heuristic"),
            not
        );
        assert_eq!(measured.words(Level::Medium, "heuristic"), not);
        assert_eq!(
            measured.words_at(
                Level::Hard,
                "mc:margin=2,playouts=1000,rollout=heuristic",
                2
            ),
            not
        );
        // Expert's heads-up figures are of another spec: at 2 players the nearest measured
        // count at the current spec is 3.
        assert_eq!(
            measured.words_at(
                Level::Expert,
                "mc:margin=2,playouts=18000,rollout=heuristic",
                2
            ),
            "at 3 players (not measured at 2): against hard 34.0% [30.1, 37.9] (fair 33.3, not separated); 173 ms a move, 812 ms at worst"
        );
    }

    #[test]
    fn figures_at_one_player_count_name_it_only_when_another_was_asked() {
        let mut measured = measured();
        assert_eq!(
            measured.words_at(Level::Hard, HARD, 3),
            "at 3 players: beats medium 48.1% [45.3, 50.9] (fair 33.3); 2.3 ms a move, 19 ms at worst"
        );
        // Four players: three is nearest, and said to be.
        assert!(
            measured
                .words_at(Level::Hard, HARD, 4)
                .starts_with("at 3 players (not measured at 4): beats medium 48.1%")
        );
        measured.quick = true;
        assert!(
            measured
                .words_at(Level::Hard, HARD, 2)
                .ends_with("21 ms at worst (a quick run: few games)")
        );
    }

    #[test]
    fn a_file_reads_back_as_written_and_names_only_levels() {
        let measured = measured();
        let json = measured.to_json();
        assert_eq!(Measurements::parse(&json, "x").unwrap(), measured);
        assert!(json.contains("\"level\": \"hard\""), "{json}");
        assert!(json.contains("\"verdict\": \"not separated\""), "{json}");
        let wrong = json.replace("\"level\": \"hard\"", "\"level\": \"master\"");
        let error = Measurements::parse(&wrong, "moose_house.json").unwrap_err();
        assert!(error.to_string().contains("moose_house.json"), "{error}");
        assert!(error.to_string().contains("master"), "{error}");
    }

    #[test]
    fn numbers_keep_their_significant_digits() {
        assert_eq!(significant(0.01234, 2), "0.012");
        assert_eq!(significant(1.61, 2), "1.6");
        assert_eq!(significant(21.3, 2), "21");
        assert_eq!(significant(812.0, 2), "812");
        assert_eq!(significant(1.61, 3), "1.61");
        assert_eq!(significant(0.0, 3), "0");
        assert_eq!(trimmed(50.0), "50");
        assert_eq!(trimmed(100.0 / 3.0), "33.3");
    }

    #[test]
    fn verdicts_come_from_the_interval_against_the_fair_share() {
        let fair = 1.0 / 3.0;
        assert_eq!(Verdict::of(Some([0.34, 0.40]), fair), Verdict::Stronger);
        assert_eq!(Verdict::of(Some([0.20, 0.33]), fair), Verdict::Weaker);
        assert_eq!(Verdict::of(Some([0.30, 0.36]), fair), Verdict::NotSeparated);
        // Every deal split evenly: a zero-width interval on the share itself.
        assert_eq!(Verdict::of(Some([0.5, 0.5]), 0.5), Verdict::NotSeparated);
        // The same, a third computed two ways (the full report once called it stronger).
        let third = 200.0 / 600.0 + f64::EPSILON;
        assert_eq!(
            Verdict::of(Some([third, third]), fair),
            Verdict::NotSeparated
        );
        assert_eq!(
            Verdict::of(Some([fair - f64::EPSILON; 2]), fair),
            Verdict::NotSeparated
        );
        assert_eq!(Verdict::of(None, fair), Verdict::Unknown);
    }
}
