//! The strength report rendered: `STRENGTH.md` (its head and summary, and per game where its
//! results came from, the level table, the budget table and chart, each player count's round
//! robin and pairings) and the charts, from every game's results present.

use std::fmt::Write as _;

use mousehole_bots::Level;
use mousehole_bots::level_of;
use mousehole_bots::levels::Verdict;
use mousehole_engine::registry::games;

use super::files::{CHART_DIR, StrengthFiles};
use super::results::{GameResults, Played, SectionResult};
use crate::error::TournamentError;
use crate::report::{markdown_table, significant, with_interval};

/// Whether this build draws the report's charts (the `charts` feature); without them the
/// report cannot be rendered ([`TournamentError::NoCharts`]).
pub const CHARTS: bool = cfg!(feature = "charts");

/// The budget chart of one game's sections, as an SVG document.
#[cfg(feature = "charts")]
fn budget_chart(title: &str, sections: &[&SectionResult]) -> Result<String, TournamentError> {
    super::chart::budget_chart(title, sections)
}

/// Without the `charts` feature there is no chart to draw.
#[cfg(not(feature = "charts"))]
fn budget_chart(_title: &str, _sections: &[&SectionResult]) -> Result<String, TournamentError> {
    Err(TournamentError::NoCharts)
}

/// Renders the report from every game's results present (`results`, as [`read_results`](super::read_results) gives
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

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_bots::levels::behaviour::behaviour_of;

    use super::super::results::PlayedLevel;

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
}
