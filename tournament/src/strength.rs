//! The strength report (`docs/STRENGTH.md`): for every game, heads-up and at its default player
//! count (or, for a game played heads-up by default, its fullest table), the ladder of agents
//! (random, heuristic, flat Monte Carlo, the levels) as a round robin with win rates,
//! intervals, ratings, the head-to-head matrix and seat advantage; the pairings that show each
//! rung beats the one below it (duplicate seating, the stronger agent against copies of the
//! weaker one, its win rate against the fair share 1/players); and a chart of win rate against
//! search budget (SVG, drawn with plotters, built in only with the `charts` feature:
//! [`CHARTS`]).
//!
//! What is played is plain data ([`StrengthPlan`]): [`StrengthPlan::standard`] builds the
//! real one from the level table at a [`Scale`], for every game or only some, tests build tiny
//! ones. Every tournament is seeded from the plan's seed, so the whole report is reproducible
//! (timings aside).
//!
//! Each game's results are a file of their own ([`GameResults`], `strength/<game>.json`,
//! saying the command, seed, revision and date that made them), and `STRENGTH.md` and the
//! charts are rendered from every game's file present ([`read_results`], [`render`]), so the
//! report can be regenerated a game at a time (on one machine each) and stays whole. Each
//! game's levels' figures also go to the level table's measured file
//! ([`GameResults::measurements`], [`write_measured`]), which `mousehole list` and the TUI read.

#[cfg(feature = "charts")]
mod chart;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use mousehole_bots::levels::behaviour::behaviour_of;
use mousehole_bots::levels::measured_player_counts;
use mousehole_bots::levels::{LevelMeasurement, Measurements, Verdict};
use mousehole_bots::{AgentKind, AgentSpec, Level, level_of, level_table};
use mousehole_engine::GameSpec;
use mousehole_engine::registry::{find, games, unknown_game};
use serde::{Deserialize, Serialize};

use mousehole_bots::SeatLabel;

use crate::error::TournamentError;
use crate::plan::{Plan, TournamentConfig};
use crate::report::{Report, markdown_table, significant, with_interval};
use crate::run::{RunOptions, run};
use crate::seats::ExternalOptions;

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

/// Plays every tournament of `plan` on `jobs` threads; `progress` is told of each one as it
/// ends. A tournament asked for twice (a pairing that is also a budget point) is played once.
///
/// # Errors
/// A tournament that cannot be planned or run.
pub fn play(
    plan: &StrengthPlan,
    jobs: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<StrengthResults, TournamentError> {
    let start = Instant::now();
    let mut cache: BTreeMap<(String, Vec<String>, u64), Report> = BTreeMap::new();
    let mut tournament = |game: &str, agents: Vec<String>, games: u64| {
        let key = (game.to_owned(), agents.clone(), games);
        if let Some(report) = cache.get(&key) {
            return Ok::<_, TournamentError>(Played {
                agents,
                report: report.clone(),
            });
        }
        let spec: GameSpec = game.parse()?;
        let entries = agents
            .iter()
            .map(|agent| crate::seats::parse_agent(agent))
            .collect::<Result<Vec<SeatLabel>, _>>()?;
        let plan = Plan::new(&TournamentConfig {
            game: spec,
            agents: entries,
            games,
            seed: plan.seed,
            permutations: false,
            external: ExternalOptions::default(),
        })?;
        let options = RunOptions {
            jobs,
            ..RunOptions::default()
        };
        let result = run(&plan, &options, &mut ())?;
        let report = Report::new(&plan, &result.tally, false, result.elapsed.as_secs_f64());
        progress(&format!(
            "{game} {}: {} games in {:.1} s ({:.0} s so far)",
            agents.join(","),
            report.games_played,
            report.timing.elapsed_seconds,
            start.elapsed().as_secs_f64()
        ));
        cache.insert(key, report.clone());
        Ok(Played { agents, report })
    };
    let mut results: Vec<GameResults> = Vec::new();
    let mut game_start = Instant::now();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for section in &plan.sections {
        let name = game_name(&section.game);
        if results.last().is_none_or(|game| game.game != name) {
            game_start = Instant::now();
            results.push(GameResults {
                game: name.to_owned(),
                seed: plan.seed,
                command: plan.command.clone(),
                revision: plan.revision.clone(),
                started: plan.started.clone(),
                quick: plan.quick,
                cores,
                levels: Level::ALL
                    .into_iter()
                    .filter_map(|level| {
                        Some(PlayedLevel {
                            level: level.name().to_owned(),
                            spec: level_of(name, level)?.spec().to_string(),
                        })
                    })
                    .collect(),
                behaviour: behaviour_of(name).map(str::to_owned),
                sections: Vec::new(),
                elapsed_seconds: 0.0,
            });
        }
        let spec: GameSpec = section.game.parse()?;
        let players = spec.build()?.players();
        let against = |strong: &str, weak: &str| {
            let mut agents = vec![strong.to_owned()];
            agents.extend(std::iter::repeat_n(weak.to_owned(), players - 1));
            agents
        };
        let ladder = tournament(&section.game, section.ladder.clone(), section.ladder_games)?;
        let mut pairings = Vec::new();
        for pairing in &section.pairings {
            pairings.push(tournament(
                &section.game,
                against(&pairing.strong, &pairing.weak),
                pairing.games,
            )?);
        }
        let mut budgets = Vec::new();
        for point in &section.budgets {
            // A budget point that is also a pairing (a level against the opponent) is that
            // pairing, played once.
            let games = section
                .pairings
                .iter()
                .find(|p| p.strong == point.agent && p.weak == section.opponent)
                .map_or(section.budget_games, |p| p.games);
            budgets.push((
                point.iterations,
                tournament(
                    &section.game,
                    against(&point.agent, &section.opponent),
                    games,
                )?,
            ));
        }
        let game = results.last_mut().expect("a game per section");
        game.sections.push(SectionResult {
            game: section.game.clone(),
            players,
            ladder,
            pairings,
            budgets,
        });
        game.elapsed_seconds = game_start.elapsed().as_secs_f64();
    }
    Ok(StrengthResults {
        games: results,
        elapsed_seconds: start.elapsed().as_secs_f64(),
    })
}

/// The files of the report, by their path under the output directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrengthFiles {
    /// `STRENGTH.md`.
    pub markdown: String,
    /// `strength/<game>.svg`, one chart per game with results.
    pub charts: Vec<(String, String)>,
}

/// Where the charts and each game's results go, under the report's directory.
pub const CHART_DIR: &str = "strength";

/// Whether this build draws the report's charts (the `charts` feature); without them the
/// report cannot be rendered ([`TournamentError::NoCharts`]).
pub const CHARTS: bool = cfg!(feature = "charts");

/// The budget chart of one game's sections, as an SVG document.
#[cfg(feature = "charts")]
fn budget_chart(title: &str, sections: &[&SectionResult]) -> Result<String, TournamentError> {
    chart::budget_chart(title, sections)
}

/// Without the `charts` feature there is no chart to draw.
#[cfg(not(feature = "charts"))]
fn budget_chart(_title: &str, _sections: &[&SectionResult]) -> Result<String, TournamentError> {
    Err(TournamentError::NoCharts)
}

/// `strength/<game>.json`: where a game's results are kept, under the report's directory.
pub fn results_file(game: &str) -> String {
    format!("{CHART_DIR}/{game}.json")
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
    fn played_spec(&self, level: Level) -> Option<&str> {
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

/// Writes each game's results to `strength/<game>.json` under `dir`, replacing those games'
/// files and leaving the other games' alone.
///
/// # Errors
/// A file that cannot be written.
pub fn write_results(results: &[GameResults], dir: &Path) -> Result<(), TournamentError> {
    let charts = dir.join(CHART_DIR);
    std::fs::create_dir_all(&charts).map_err(io(format!("cannot create {}", charts.display())))?;
    for game in results {
        let path = dir.join(results_file(&game.game));
        std::fs::write(&path, game.to_json())
            .map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}

/// Every game's results kept under `dir` (`strength/<game>.json`), in the order of the game
/// list; a game without a file is left out.
///
/// # Errors
/// A file that cannot be read or is not a game's results.
pub fn read_results(dir: &Path) -> Result<Vec<GameResults>, TournamentError> {
    let mut results = Vec::new();
    for description in games() {
        let path = dir.join(results_file(description.name));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => {
                return Err(TournamentError::Io {
                    what: format!("cannot read {}", path.display()),
                    error,
                });
            }
        };
        let game = GameResults::parse(&text, &path.display().to_string())?;
        if game.game != description.name {
            return Err(TournamentError::Results {
                file: path.display().to_string(),
                problem: format!("it holds the results of {}", game.game),
            });
        }
        results.push(game);
    }
    Ok(results)
}

/// Writes the level table's measured file of `game` (`<module>.json`, the module named in the
/// level table) under `dir` (`bots/src/heuristic/measured`), replacing it; returns its path.
///
/// # Errors
/// A game the level table has no row for, or a file that cannot be written.
pub fn write_measured(game: &GameResults, dir: &Path) -> Result<PathBuf, TournamentError> {
    let row = level_table()
        .into_iter()
        .find(|row| row.game == game.game)
        .ok_or_else(|| TournamentError::Game(unknown_game(&game.game)))?;
    std::fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
    let path = dir.join(format!("{}.json", row.module));
    std::fs::write(&path, game.measurements().to_json())
        .map_err(io(format!("cannot write {}", path.display())))?;
    Ok(path)
}

/// The error of a failed file operation, saying what was being done.
fn io(what: String) -> impl FnOnce(std::io::Error) -> TournamentError {
    move |error| TournamentError::Io { what, error }
}

/// Renders the report from every game's results present (`results`, as [`read_results`] gives
/// them): the Markdown, with a section per game of the game list (one without results says
/// how to make them), and a chart per game with results.
///
/// # Errors
/// A chart that cannot be drawn, or a build without the `charts` feature.
pub fn render(results: &[GameResults]) -> Result<StrengthFiles, TournamentError> {
    let mut charts = Vec::new();
    let mut md = String::new();
    write_head(&mut md, results);
    for description in games() {
        let (name, title) = (description.name, description.title);
        let _ = writeln!(md, "\n## {title} (`{name}`)\n");
        let Some(game) = results.iter().find(|game| game.game == name) else {
            let _ = writeln!(
                md,
                "No results for this game yet: `cargo xtask strength --game {name}` plays them."
            );
            continue;
        };
        write_provenance(&mut md, game);
        let sections: Vec<&SectionResult> = game.sections.iter().collect();
        write_levels(&mut md, game, &sections);
        let file = format!("{CHART_DIR}/{name}.svg");
        charts.push((file.clone(), budget_chart(title, &sections)?));
        let _ = writeln!(
            md,
            "\n### Win rate against search budget\n\n![{title}: win rate of flat Monte Carlo over the heuristic (hard's settings, up to expert) against medium (the heuristic) by playouts per decision]({file})\n"
        );
        write_budget_table(&mut md, &sections);
        for section in &sections {
            write_section(&mut md, section);
        }
    }
    Ok(StrengthFiles {
        markdown: md,
        charts,
    })
}

fn write_head(md: &mut String, results: &[GameResults]) {
    let _ = writeln!(md, "# Strength of the mousehole bots\n");
    let _ = writeln!(
        md,
        "Every figure below is measured, none is typed in. Each game's section says the command, seed, revision and date that generated it: `cargo xtask strength` regenerates every game, `cargo xtask strength --game NAME` one game's section (its results are kept in `{CHART_DIR}/NAME.json`, and this file is rendered again from every game's results present), so games can be measured on different machines and committed together (docs/tournaments.md). Run a command again and the timings will differ, the games will not. A game's figures stand for its levels only while the levels play as they did: the same settings, and the same moves and estimates in a few small matches of their code (a behaviour fingerprint, `mousehole_bots::levels::behaviour`); otherwise its section says it is out of date, and `mousehole list` and the setup screen say the levels are not measured. A level not measured stronger than the level below at a player count (`not separated` or `weaker` against it) plays as that level there, as strong and no slower (`mousehole_bots::levels`, equal rungs), and `mousehole list` and the setup screen say so; the report measures each level's own settings, never the level it plays as.\n"
    );
    let _ = writeln!(
        md,
        "Every tournament is duplicate-seated: each deal (one match seed) is played once per rotation of the table, so every agent sits in every seat on the same cards and dice. A pairing seats the stronger agent against copies of the weaker one; its fair share is 1/players. Its win rate (first places, a shared one split) has two 95% intervals: Wilson's over games, as if every game were independent, and Student's t over deals, each deal's games averaged first, which is what duplicate seating is for: the luck of a deal falls on both agents alike and cancels in its average, so the interval over deals is the narrower one whenever seats or cards decide much. The agent counts as beating the weaker one when the interval over deals lies above the fair share.\n"
    );
    let _ = writeln!(md, "## Summary\n");
    let mut rows = Vec::new();
    for game in results {
        for section in &game.sections {
            for played in &section.pairings {
                rows.push(pairing_row(section, played));
            }
        }
    }
    if rows.is_empty() {
        let _ = writeln!(md, "No game has results yet.");
    } else {
        md.push_str(&markdown_table(&PAIRING_HEADER, &rows));
    }
}

/// What generated a game's results, and whether its levels have changed since.
fn write_provenance(md: &mut String, game: &GameResults) {
    let revision = game.revision.as_deref().map_or_else(
        || "an unrecorded revision".to_owned(),
        |r| format!("revision `{r}`"),
    );
    let started = game
        .started
        .as_deref()
        .map_or_else(String::new, |when| format!(", started {when}"));
    let _ = writeln!(
        md,
        "Generated by `{}` at {revision}{started} (seed {} for every tournament: round r of each plays match seed {} + r), {:.0} s on {} cores.\n",
        game.command, game.seed, game.seed, game.elapsed_seconds, game.cores
    );
    if game.quick {
        let _ = writeln!(
            md,
            "**A quick run**: a few dozen games a pairing, to try the pipeline; its intervals are wide and its verdicts weak.\n"
        );
    }
    let changed = game.changed_levels();
    let mut said: Vec<String> = changed
        .iter()
        .map(|(level, then, now)| format!("`{level}` was `{then}` and is now `{now}`"))
        .collect();
    match game.plays_differently() {
        Some(true) => said.push(
            "the levels' code plays differently (its behaviour fingerprint has changed)".to_owned(),
        ),
        Some(false) => {}
        None => said.push(
            "the levels' code may play differently (these results recorded no behaviour \
             fingerprint to tell)"
                .to_owned(),
        ),
    }
    if !said.is_empty() {
        let _ = writeln!(
            md,
            "**Out of date**: since these results {}; `cargo xtask strength --game {}` measures the levels as they are.\n",
            said.join(", "),
            game.game
        );
    }
}

const PAIRING_HEADER: [&str; 8] = [
    "game",
    "pairing",
    "games",
    "win % of the first (95% CI over games)",
    "95% CI over deals",
    "fair share %",
    "ms/decision of the first (max)",
    "verdict",
];

fn pairing_row(section: &SectionResult, played: &Played) -> Vec<String> {
    let strong = &played.report.agents[0];
    let fair = 1.0 / section.players as f64;
    // A first place is a return of 1 (shared ones split), so the mean return over deals is
    // the win rate and its interval over deals the paired one.
    let verdict = Verdict::of(strong.mean_return_ci95, fair);
    vec![
        section.game.clone(),
        format!("{} vs {}", played.agents[0], played.agents[1..].join(" + ")),
        played.report.games_played.to_string(),
        with_interval(strong.win_rate, strong.win_rate_ci95, 1, 100.0),
        strong.mean_return_ci95.map_or_else(
            || "-".to_owned(),
            |[lo, hi]| format!("[{:.1}, {:.1}]", lo * 100.0, hi * 100.0),
        ),
        format!("{:.1}", fair * 100.0),
        timing(strong.ms_per_decision, strong.max_ms_per_decision),
        verdict.to_string(),
    ]
}

fn timing(mean: Option<f64>, max: Option<f64>) -> String {
    match (mean, max) {
        (Some(mean), Some(max)) => format!("{} ({})", significant(mean), significant(max)),
        _ => "-".to_owned(),
    }
}

/// The game's name in a spec (`cheese-day:players=2` → `cheese-day`).
fn game_name(spec: &str) -> &str {
    spec.split(':').next().unwrap_or(spec)
}

/// The level table of one game: each level's plain description and settings (as played), its
/// win rate against the level below (the pairing, with its interval over deals) and the times
/// measured in its pairings and round robins.
fn write_levels(md: &mut String, game: &GameResults, sections: &[&SectionResult]) {
    let mut header = vec![
        "level".to_owned(),
        "what it is like".to_owned(),
        "settings".to_owned(),
    ];
    for section in sections {
        header.push(format!(
            "at {} players: win % against the level below [95% CI over deals]",
            section.players
        ));
        header.push(format!("ms/decision at {} players (max)", section.players));
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut rows = Vec::new();
    for (index, level) in Level::ALL.into_iter().enumerate() {
        let Some(settings) = game
            .played_spec(level)
            .map(str::to_owned)
            .or_else(|| Some(level_of(&game.game, level)?.spec().to_string()))
        else {
            continue;
        };
        let below = match index {
            0 => "random",
            _ => Level::ALL[index - 1].name(),
        };
        let mut row = vec![
            level.name().to_owned(),
            level.description().to_owned(),
            format!("`{settings}`"),
        ];
        for section in sections {
            let pairing = section
                .pairings
                .iter()
                .find(|played| played.agents[0] == level.name() && played.agents[1] == below);
            row.push(pairing.map_or_else(
                || "-".to_owned(),
                |played| {
                    let agent = &played.report.agents[0];
                    let interval = agent.mean_return_ci95.map_or_else(String::new, |[lo, hi]| {
                        format!(" [{:.1}, {:.1}]", lo * 100.0, hi * 100.0)
                    });
                    format!(
                        "{:.1}{interval} vs {below}, {} games",
                        agent.win_rate.unwrap_or(0.0) * 100.0,
                        played.report.games_played
                    )
                },
            ));
            // The most decisions measured: its first pairing, else the round robin.
            let agent = section
                .pairings
                .iter()
                .find(|played| played.agents[0] == level.name())
                .map(|played| &played.report.agents[0])
                .or_else(|| {
                    section
                        .ladder
                        .report
                        .agents
                        .iter()
                        .find(|a| a.spec == level.name())
                });
            row.push(agent.map_or_else(
                || "-".to_owned(),
                |a| timing(a.ms_per_decision, a.max_ms_per_decision),
            ));
        }
        rows.push(row);
    }
    if !rows.is_empty() {
        let _ = writeln!(
            md,
            "Levels (win rates from the pairings below; wall-clock milliseconds per decision in the level's first pairing, release build):\n"
        );
        md.push_str(&markdown_table(&header, &rows));
    }
}

fn write_budget_table(md: &mut String, sections: &[&SectionResult]) {
    let header = [
        "players",
        "agent",
        "playouts",
        "games",
        "win % (95% CI)",
        "fair share %",
        "ms/decision (max)",
    ];
    let mut rows = Vec::new();
    for section in sections {
        for (iterations, played) in &section.budgets {
            let agent = &played.report.agents[0];
            rows.push(vec![
                section.players.to_string(),
                format!("`{}`", played.agents[0]),
                iterations.to_string(),
                played.report.games_played.to_string(),
                with_interval(agent.win_rate, agent.win_rate_ci95, 1, 100.0),
                format!("{:.1}", 100.0 / section.players as f64),
                timing(agent.ms_per_decision, agent.max_ms_per_decision),
            ]);
        }
    }
    md.push_str(&markdown_table(&header, &rows));
}

fn write_section(md: &mut String, section: &SectionResult) {
    let report = &section.ladder.report;
    let _ = writeln!(
        md,
        "\n### {} players: round robin\n\n{}\n",
        section.players,
        report.summary()
    );
    md.push_str(&report.markdown_tables("####"));
    let _ = writeln!(
        md,
        "\n#### Pairings at {} players\n\nThe first agent against copies of the second.\n",
        section.players
    );
    let rows: Vec<Vec<String>> = section
        .pairings
        .iter()
        .map(|played| pairing_row(section, played))
        .collect();
    md.push_str(&markdown_table(&PAIRING_HEADER, &rows));
}

/// Writes the rendered report under `dir` (`STRENGTH.md`, `strength/<game>.svg`), replacing
/// what was there.
///
/// # Errors
/// A file that cannot be written.
pub fn write_files(files: &StrengthFiles, dir: &Path) -> Result<(), TournamentError> {
    let charts = dir.join(CHART_DIR);
    std::fs::create_dir_all(&charts).map_err(io(format!("cannot create {}", charts.display())))?;
    let mut writes = vec![(dir.join("STRENGTH.md"), files.markdown.as_str())];
    for (name, svg) in &files.charts {
        writes.push((dir.join(name), svg.as_str()));
    }
    for (path, text) in writes {
        std::fs::write(&path, text).map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_of_levels_changed_since_say_they_are_out_of_date() {
        let hard = level_of("moose-house", Level::Hard).unwrap();
        let then = hard.with_iterations(hard.iterations + 1).to_string();
        let game = GameResults {
            game: "moose-house".to_owned(),
            seed: 3,
            command: "cargo xtask strength --game moose-house".to_owned(),
            revision: None,
            started: None,
            quick: false,
            cores: 2,
            levels: vec![
                PlayedLevel {
                    level: "medium".to_owned(),
                    spec: "heuristic".to_owned(),
                },
                PlayedLevel {
                    level: "hard".to_owned(),
                    spec: then.clone(),
                },
            ],
            behaviour: behaviour_of("moose-house").map(str::to_owned),
            sections: Vec::new(),
            elapsed_seconds: 12.0,
        };
        assert_eq!(
            game.changed_levels(),
            [(Level::Hard, then.clone(), hard.spec().to_string())]
        );
        assert_eq!(game.plays_differently(), Some(false));
        let mut md = String::new();
        write_provenance(&mut md, &game);
        assert!(md.contains("at an unrecorded revision (seed 3"), "{md}");
        assert!(
            md.contains(&format!(
                "**Out of date**: since these results `hard` was `{then}` and is now `{}`; ",
                hard.spec()
            )),
            "{md}"
        );
        let measured = game.measurements();
        assert_eq!(measured.seed, Some(3));
        assert_eq!(measured.behaviour, game.behaviour);
        assert!(measured.measurements.is_empty());

        // The same settings played by other code, or by code that did not say how it played.
        let mut game = GameResults {
            levels: Vec::new(),
            behaviour: Some("0123456789abcdef".to_owned()),
            ..game
        };
        assert_eq!(game.plays_differently(), Some(true));
        let mut md = String::new();
        write_provenance(&mut md, &game);
        assert!(
            md.contains(
                "**Out of date**: since these results the levels' code plays differently (its \
                 behaviour fingerprint has changed); `cargo xtask strength --game moose-house`"
            ),
            "{md}"
        );
        game.behaviour = None;
        assert_eq!(game.plays_differently(), None);
        let mut md = String::new();
        write_provenance(&mut md, &game);
        assert!(md.contains("the levels' code may play differently"), "{md}");
    }

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
