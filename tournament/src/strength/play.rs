//! Playing the strength report: every tournament of a plan, on the machine's threads, each
//! game's results gathered as its sections are played; a tournament asked for twice (a
//! pairing that is also a budget point) is played once.

use std::collections::BTreeMap;
use std::time::Instant;

use mousehole_bots::levels::behaviour::behaviour_of;
use mousehole_bots::{Level, SeatLabel, level_of};
use mousehole_engine::GameSpec;

use super::plan::{Section, StrengthPlan};
use super::results::{GameResults, Played, PlayedLevel, SectionResult, StrengthResults};
use crate::error::TournamentError;
use crate::plan::{Plan, TournamentConfig};
use crate::report::Report;
use crate::run::{RunOptions, run};
use crate::seats::ExternalOptions;

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
    let mut tournaments = Tournaments {
        seed: plan.seed,
        jobs,
        progress,
        start,
        played: BTreeMap::new(),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut results: Vec<GameResults> = Vec::new();
    let mut game_start = Instant::now();
    for section in &plan.sections {
        let name = game_name(&section.game);
        if results.last().is_none_or(|game| game.game != name) {
            game_start = Instant::now();
            results.push(game_results(plan, name, cores));
        }
        let played = play_section(section, &mut tournaments)?;
        let game = results.last_mut().expect("a game per section");
        game.sections.push(played);
        game.elapsed_seconds = game_start.elapsed().as_secs_f64();
    }
    Ok(StrengthResults {
        games: results,
        elapsed_seconds: start.elapsed().as_secs_f64(),
    })
}

/// The tournaments of one run, each played once.
struct Tournaments<'p> {
    seed: u64,
    jobs: usize,
    progress: &'p mut dyn FnMut(&str),
    /// When the run started, for the progress lines.
    start: Instant,
    /// The reports of the tournaments played so far, by game, agents and games.
    played: BTreeMap<(String, Vec<String>, u64), Report>,
}

impl Tournaments<'_> {
    /// The tournament of `agents` at `game` over `games` games: played now, or the report of
    /// the same one played before.
    fn play(
        &mut self,
        game: &str,
        agents: Vec<String>,
        games: u64,
    ) -> Result<Played, TournamentError> {
        let key = (game.to_owned(), agents.clone(), games);
        if let Some(report) = self.played.get(&key) {
            return Ok(Played {
                agents,
                report: report.clone(),
            });
        }
        let spec: GameSpec = game.parse()?;
        let entries = agents
            .iter()
            .map(|agent| entry(spec.description().name, agent))
            .collect::<Result<Vec<SeatLabel>, _>>()?;
        let plan = Plan::new(&TournamentConfig {
            game: spec,
            agents: entries,
            games,
            seed: self.seed,
            permutations: false,
            external: ExternalOptions::default(),
        })?;
        let options = RunOptions {
            jobs: self.jobs,
            ..RunOptions::default()
        };
        let result = run(&plan, &options, &mut ())?;
        let report = Report::new(&plan, &result.tally, false, result.elapsed.as_secs_f64());
        (self.progress)(&format!(
            "{game} {}: {} games in {:.1} s ({:.0} s so far)",
            agents.join(","),
            report.games_played,
            report.timing.elapsed_seconds,
            self.start.elapsed().as_secs_f64()
        ));
        self.played.insert(key, report.clone());
        Ok(Played { agents, report })
    }
}

/// The results of game `name` before its sections are played: what made them (the plan's
/// seed, command, revision and start; `cores`) and the level table's row as it is played.
fn game_results(plan: &StrengthPlan, name: &str, cores: usize) -> GameResults {
    GameResults {
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
    }
}

/// Plays one section: its round robin, its pairings (the stronger agent against copies of
/// the weaker), and its budget points against the section's opponent.
fn play_section(
    section: &Section,
    tournaments: &mut Tournaments<'_>,
) -> Result<SectionResult, TournamentError> {
    let spec: GameSpec = section.game.parse()?;
    let players = spec.build()?.players();
    let against = |strong: &str, weak: &str| {
        let mut agents = vec![strong.to_owned()];
        agents.extend(std::iter::repeat_n(weak.to_owned(), players - 1));
        agents
    };
    let ladder = tournaments.play(&section.game, section.ladder.clone(), section.ladder_games)?;
    let mut pairings = Vec::new();
    for pairing in &section.pairings {
        pairings.push(tournaments.play(
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
            tournaments.play(
                &section.game,
                against(&point.agent, &section.opponent),
                games,
            )?,
        ));
    }
    Ok(SectionResult {
        game: section.game.clone(),
        players,
        ladder,
        pairings,
        budgets,
    })
}

/// The seat that plays `agent` in game `game`'s report: a level by its own settings (the
/// `heuristic:`, `ismcts:` or `mc:` spec they are), never the level it plays as at this table
/// (a level measured no stronger than the one below plays as it there, so measuring the
/// level by its name would measure the lower level again and call the two alike for
/// ever); any other agent as written.
fn entry(game: &str, agent: &str) -> Result<SeatLabel, TournamentError> {
    let own = Level::ALL
        .into_iter()
        .find(|level| level.name() == agent)
        .and_then(|level| level_of(game, level));
    match own {
        Some(settings) => Ok(SeatLabel::Agent(settings.spec())),
        None => crate::seats::parse_agent(agent),
    }
}

/// The game's name in a spec (`cheese-day:players=2` → `cheese-day`).
fn game_name(spec: &str) -> &str {
    spec.split(':').next().unwrap_or(spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_engine::registry::games;

    #[test]
    fn a_level_is_measured_by_its_own_settings_not_the_level_it_plays_as() {
        for description in games() {
            for level in Level::ALL {
                let own = level_of(description.name, level).expect("every game has levels");
                let seat = entry(description.name, level.name()).expect("a level is an agent");
                // Seated by its name, a searching level would play as the level below at a
                // table where it was measured no stronger (equal rungs).
                assert_eq!(
                    seat.to_string(),
                    own.spec().to_string(),
                    "{} {level}",
                    description.name
                );
                if own.searches() {
                    assert_ne!(
                        seat.to_string(),
                        level.name(),
                        "{} {level}",
                        description.name
                    );
                }
            }
        }
        assert_eq!(entry("cheese-day", "random").unwrap().to_string(), "random");
    }
}
