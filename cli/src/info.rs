//! `mousehole list` and `mousehole rules`: what games there are and how they are played, all
//! from the engine's one game list (the README's table of games is `list --markdown`).

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;
use clap::Args;
use mousehole_bots::{AGENTS, AgentKind, level_table};

use crate::choices::{WIDTH, wrap_line};
use crate::spec::game_spec;
use mousehole_engine::registry::games;
use mousehole_engine::{GameInfo, OptionInfo};

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print the games as a Markdown table (the one in README.md).
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The game's name, optionally with options (the games are listed at run time).
    pub game: String,
}

/// The options other than `players`, whose range is stated once with the player count.
fn variant_options(info: &GameInfo) -> impl Iterator<Item = &'static OptionInfo> {
    info.options.iter().filter(|o| o.key != "players")
}

/// `2 to 6 (default 3)`: the player range, said the same way everywhere.
fn players_text(info: &GameInfo) -> String {
    format!(
        "{} to {} (default {})",
        info.min_players,
        info.max_players,
        info.default_players()
    )
}

pub fn list(args: &ListArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.markdown {
        write!(out, "{}", markdown_table())?;
        return Ok(());
    }
    writeln!(out, "Games (mousehole rules GAME explains one):")?;
    for info in games() {
        writeln!(out)?;
        writeln!(out, "  {}  {}", info.name, info.title)?;
        writeln!(out, "    {}", info.summary)?;
        writeln!(out, "    players: {}", players_text(info))?;
        let mut options = variant_options(info).peekable();
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
    for info in games() {
        let options: Vec<String> = variant_options(info)
            .map(|o| format!("`{}={}`", o.key, cell(o.default)))
            .collect();
        let _ = writeln!(
            table,
            "| `{}` | {} | {} | {} | {} |",
            info.name,
            cell(info.title),
            players_text(info),
            cell(info.summary),
            options.join(", ")
        );
    }
    table
}

pub fn rules(args: &RulesArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    // The whole spec is checked, options included, as everywhere a spec is given.
    let spec = game_spec(&args.game, None, &[])?;
    spec.build()?;
    let info = spec.info();
    writeln!(out, "{}, game id {}", info.title, info.name)?;
    writeln!(out, "{}", info.summary)?;
    writeln!(
        out,
        "Players: {} — set with --players N or players=N",
        players_text(info)
    )?;
    let mut options = variant_options(info).peekable();
    if options.peek().is_some() {
        writeln!(out)?;
        writeln!(
            out,
            "Options (as {}:key=value,… or --option key=value):",
            info.name
        )?;
    }
    for option in options {
        writeln!(out, "  {}  default {}", option.key, option.default)?;
        let line = format!("      {}; allowed: {}", option.help, option.allowed);
        writeln!(out, "{}", wrap_line(&line, WIDTH, 6))?;
    }
    writeln!(out)?;
    writeln!(out, "{}", info.rules.trim_end())?;
    writeln!(out)?;
    writeln!(
        out,
        "At the prompt (mousehole play {} --seats human,…):",
        info.name
    )?;
    writeln!(out, "{}", info.how_to_act.trim_end())?;
    Ok(())
}
