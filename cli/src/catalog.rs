//! `mousehole list` and `mousehole rules`: what games there are and how they are played, all
//! from the engine's one game list (the README's table of games is `list --markdown`), and the
//! agents, each level with its settings and measured strength per game from the level table.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;
use clap::Args;
use mousehole_bots::{AGENTS, AgentKind, level_table};

use crate::choices::{WIDTH, wrap_line};
use crate::spec::game_spec;
use mousehole_engine::registry::games;
use mousehole_engine::{GameDescription, OptionDescription};

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print the games as a Markdown table (the one in README.md).
    #[arg(long, conflicts_with = "names")]
    pub markdown: bool,
    /// Print only the games' ids, one a line (for scripts: `cargo xtask strength --check`
    /// reads them).
    #[arg(long)]
    pub names: bool,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The game's name, optionally with options (the games are listed at run time).
    pub game: String,
}

/// The options other than `players`, whose range is stated once with the player count.
fn variant_options(
    description: &GameDescription,
) -> impl Iterator<Item = &'static OptionDescription> {
    description.options.iter().filter(|o| o.key != "players")
}

/// `2 to 6 (default 3)`: the player range, said the same way everywhere.
fn players_text(description: &GameDescription) -> String {
    format!(
        "{} to {} (default {})",
        description.min_players,
        description.max_players,
        description.default_players()
    )
}

pub fn list(args: &ListArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.markdown {
        write!(out, "{}", markdown_table())?;
        return Ok(());
    }
    if args.names {
        for description in games() {
            writeln!(out, "{}", description.name)?;
        }
        return Ok(());
    }
    writeln!(out, "Games (mousehole rules GAME explains one):")?;
    for description in games() {
        writeln!(out)?;
        writeln!(out, "  {}  {}", description.name, description.title)?;
        writeln!(out, "    {}", description.summary)?;
        writeln!(out, "    players: {}", players_text(description))?;
        let mut options = variant_options(description).peekable();
        if options.peek().is_some() {
            writeln!(out, "    options:")?;
        }
        for option in options {
            let line = format!("      {}={}: {}", option.key, option.default, option.help);
            writeln!(out, "{}", wrap_line(&line, WIDTH, 8))?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Agents (for --seats; `human` or `human:NAME` seats a person):"
    )?;
    for agent in AGENTS {
        let line = format!("  {:<10} {}", agent.name, agent.help);
        writeln!(out, "{}", wrap_line(&line, WIDTH, 13))?;
        for setting in agent.settings {
            let line = format!(
                "      {}=…: {} (default {}; {})",
                setting.key, setting.help, setting.default, setting.allowed
            );
            writeln!(out, "{}", wrap_line(&line, WIDTH, 8))?;
        }
        if let AgentKind::Level(level) = agent.kind {
            let line = format!("      {}", level.description());
            writeln!(out, "{}", wrap_line(&line, WIDTH, 8))?;
            for row in level_table() {
                let line = format!("      {}: {}", row.game, row.level(level).spec());
                writeln!(out, "{}", wrap_line(&line, WIDTH, 8))?;
                // What was measured of it at these settings (bots/src/heuristic/measured).
                let line = format!("        {}", row.measured_words(level));
                writeln!(out, "{}", wrap_line(&line, WIDTH, 8))?;
                // Where that makes it play as a lower level.
                if let Some(plays) = row.plays_as_words(level) {
                    writeln!(out, "{}", wrap_line(&format!("        {plays}"), WIDTH, 8))?;
                }
            }
        }
    }
    Ok(())
}

/// The table of games for the README: one row per game, from the game list.
pub fn markdown_table() -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut table = String::from(
        "| game | name | players | what it is | options (defaults) |\n|---|---|---|---|---|\n",
    );
    for description in games() {
        let options: Vec<String> = variant_options(description)
            .map(|o| format!("`{}={}`", o.key, cell(o.default)))
            .collect();
        let _ = writeln!(
            table,
            "| `{}` | {} | {} | {} | {} |",
            description.name,
            cell(description.title),
            players_text(description),
            cell(description.summary),
            options.join(", ")
        );
    }
    table
}

pub fn rules(args: &RulesArgs) -> Result<()> {
    // The whole spec is checked, options included, as everywhere a spec is given.
    let spec = game_spec(&args.game, None, &[])?;
    spec.build()?;
    write!(
        std::io::stdout().lock(),
        "{}",
        rules_text(spec.description())
    )?;
    Ok(())
}

/// A game's rules as `mousehole rules` prints them: what it is, its players and options, the
/// rules, and what to type at the prompt. The page a host serves shows the same text.
pub fn rules_text(description: &GameDescription) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}, game id {}", description.title, description.name);
    let _ = writeln!(out, "{}", description.summary);
    let _ = writeln!(
        out,
        "Players: {} — set with --players N or players=N",
        players_text(description)
    );
    let mut options = variant_options(description).peekable();
    if options.peek().is_some() {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "Options (as {}:key=value,… or --option key=value):",
            description.name
        );
    }
    for option in options {
        let _ = writeln!(out, "  {}  default {}", option.key, option.default);
        let line = format!("      {}; allowed: {}", option.help, option.allowed);
        let _ = writeln!(out, "{}", wrap_line(&line, WIDTH, 6));
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", description.rules.trim_end());
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "At the prompt (mousehole play {} --seats human,…):",
        description.name
    );
    let _ = writeln!(out, "{}", description.how_to_act.trim_end());
    out
}
