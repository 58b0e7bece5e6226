//! `mousehole strength`: plays the strength report's tournaments (the agent ladder, the
//! pairings, the budget sweep of every game, or of the games named) and writes each game's
//! results (`strength/<game>.json`), `STRENGTH.md` with its charts rendered from every game's
//! results present, and, when asked, the level table's measured files; `cargo xtask strength`
//! runs it in release to regenerate `docs/STRENGTH.md` and `bots/src/heuristic/measured/`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use clap::Args;
use mousehole_bots::level_table;
use mousehole_tournament::RunOptions;
use mousehole_tournament::TournamentError;
use mousehole_tournament::strength::{
    CHART_DIR, Scale, StrengthPlan, play, read_results, render, results_file, write_files,
    write_measured, write_results,
};

use crate::numbers;
use crate::out::{check_writable, shown_path};
use crate::output;

#[derive(Debug, Args)]
pub struct StrengthArgs {
    /// Minutes instead of the full report's hours: the same tournaments with a few dozen
    /// games each, labelled a quick run in the report and the measured files.
    #[arg(long)]
    quick: bool,
    /// Play nothing: render STRENGTH.md and the charts from every game's results file
    /// already under --out (after the games were played a game at a time, on other machines).
    #[arg(long, conflicts_with_all = ["game", "levels", "revision"])]
    render: bool,
    /// The directory to write STRENGTH.md, its strength/ charts and each game's results
    /// (strength/GAME.json) into. Default: docs, or strength-quick with --quick (a quick run
    /// does not replace the committed report unless told to).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Also write each game played's measured levels (GAME.json, by the game's module:
    /// cheese_day.json) into DIR, which `mousehole list` and the TUI read once built in:
    /// bots/src/heuristic/measured. Default: not written.
    #[arg(long, value_name = "DIR")]
    levels: Option<PathBuf>,
    /// Only this game (repeatable): its section is played and its files rewritten, the other
    /// games' results stay and STRENGTH.md is rendered from all of them. Default: every game.
    #[arg(long, value_name = "NAME")]
    game: Vec<String>,
    /// The git revision being measured, written beside its results (`cargo xtask strength`
    /// gives `git rev-parse --short HEAD`, with `-dirty` for uncommitted changes).
    #[arg(long, value_name = "REV")]
    revision: Option<String>,
    /// The seed of every tournament.
    #[arg(long, default_value = "1", value_parser = numbers::seed, allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads. Default: every core.
    #[arg(long, short = 'j', value_name = "J", value_parser = numbers::jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,
}

/// The command that regenerates these results, as the report quotes it.
fn command(args: &StrengthArgs) -> String {
    let mut command = "cargo xtask strength".to_owned();
    for game in &args.game {
        let _ = write!(command, " --game {game}");
    }
    if args.quick {
        command.push_str(" --quick");
    }
    if args.seed != 1 {
        let _ = write!(command, " --seed {}", args.seed);
    }
    command
}

pub fn run(args: &StrengthArgs) -> Result<ExitCode> {
    let jobs = args.jobs.unwrap_or_else(|| RunOptions::default().jobs);
    let scale = if args.quick {
        Scale::QUICK
    } else {
        Scale::FULL
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(if args.quick { "strength-quick" } else { "docs" }));
    if args.render {
        // Only a game with results needs a chart: without the charts, rendering one fails.
        make_folder(&out)?;
        check_writable(&out.join("STRENGTH.md"))?;
        return write_report(&out, None);
    }
    let mut plan = StrengthPlan::standard(scale, args.seed, &command(args), &args.game)?;
    plan.revision.clone_from(&args.revision);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    plan.started = Some(mousehole_tui::utc_minute(now));
    // Checked before the hours of games, not after: the folders are made and their files
    // must be writable.
    let played: Vec<&str> = level_table()
        .into_iter()
        .filter(|row| {
            plan.sections
                .iter()
                .any(|s| s.game.split(':').next() == Some(row.game))
        })
        .map(|row| row.game)
        .collect();
    make_folder(&out)?;
    let mut paths = vec![out.join("STRENGTH.md")];
    paths.extend(played.iter().map(|game| out.join(results_file(game))));
    if let Some(levels) = &args.levels {
        std::fs::create_dir_all(levels)
            .with_context(|| format!("cannot create {}", shown_path(levels)))?;
        paths.extend(
            level_table()
                .into_iter()
                .filter(|row| played.contains(&row.game))
                .map(|row| levels.join(format!("{}.json", row.module))),
        );
    }
    for path in &paths {
        check_writable(path)?;
    }
    // A build without the charts could play the games but not write the report. This
    // binary's own feature decides (it turns on the tournament crate's; CI's test build turns
    // on only the tournament crate's, for its own test).
    if !cfg!(feature = "charts") {
        return Err(TournamentError::NoCharts.into());
    }
    let results = play(&plan, jobs, &mut output::note)?;
    write_results(&results.games, &out)?;
    if let Some(levels) = &args.levels {
        for game in &results.games {
            let path = write_measured(game, levels)?;
            output::note(&format!("wrote {}", shown_path(&path)));
        }
    }
    // The report is every game's results kept here, the ones just played among them.
    write_report(&out, Some(results.elapsed_seconds))
}

/// Makes the report's folder and its `strength/` folder, where the charts and results go.
fn make_folder(out: &Path) -> Result<()> {
    let charts = out.join(CHART_DIR);
    std::fs::create_dir_all(&charts)
        .with_context(|| format!("cannot create {}", shown_path(&charts)))
}

/// Renders STRENGTH.md and the charts under `out` from every game's results file there.
fn write_report(out: &Path, elapsed: Option<f64>) -> Result<ExitCode> {
    let kept = read_results(out)?;
    let files = render(&kept)?;
    write_files(&files, out)?;
    let took = elapsed.map_or_else(String::new, |seconds| format!(" in {seconds:.0} s"));
    output::note(&format!(
        "wrote {} ({} of {} games with results) and {} charts{took}",
        shown_path(&out.join("STRENGTH.md")),
        kept.len(),
        level_table().len(),
        files.charts.len(),
    ));
    Ok(ExitCode::SUCCESS)
}
