//! `mousehole list` and `mousehole rules`: what games there are and how they are played.

use std::io::Write;

use anyhow::Result;
use mousehole_bots::AGENTS;
use mousehole_engine::GameInfo;
use mousehole_engine::registry::{find, games};

pub fn list() -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "Games (mousehole rules GAME explains one):")?;
    for info in games() {
        writeln!(out)?;
        writeln!(out, "  {}  {}", info.name, info.title)?;
        writeln!(out, "    {}", info.summary)?;
        writeln!(
            out,
            "    players: {}…{}",
            info.min_players, info.max_players
        )?;
        print_options(&mut out, info, "    ")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Agents (for --seats; `human` or `human:NAME` seats a person):"
    )?;
    for agent in AGENTS {
        writeln!(out, "  {:<10} {}", agent.name, agent.help)?;
        for setting in agent.settings {
            writeln!(
                out,
                "    {}=… (default {}): {}; {}",
                setting.key, setting.default, setting.help, setting.allowed
            )?;
        }
    }
    Ok(())
}

fn print_options(out: &mut impl Write, info: &GameInfo, indent: &str) -> Result<()> {
    writeln!(out, "{indent}options:")?;
    for option in info.options {
        writeln!(
            out,
            "{indent}  {} (default {}): {}",
            option.key, option.default, option.help
        )?;
    }
    Ok(())
}

pub fn rules(game: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let info = find(game.split(':').next().unwrap_or(game))?;
    writeln!(out, "{} ({})", info.title, info.name)?;
    writeln!(out, "{}", info.summary)?;
    writeln!(out, "Players: {} to {}", info.min_players, info.max_players)?;
    writeln!(out)?;
    writeln!(out, "Options (as name:key=value,… or --option key=value):")?;
    for option in info.options {
        writeln!(out, "  {}  default {}", option.key, option.default)?;
        writeln!(out, "      {}; allowed: {}", option.help, option.allowed)?;
    }
    writeln!(out)?;
    writeln!(out, "{}", info.rules.trim_end())?;
    Ok(())
}
