//! `mousehole strength`: plays the strength report's tournaments (the agent ladder, the
//! pairings, the budget sweep of every game) and writes `STRENGTH.md` with its charts;
//! `cargo xtask strength` runs it in release to regenerate `docs/STRENGTH.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use mousehole_tournament::RunOptions;
use mousehole_tournament::TournamentError;
use mousehole_tournament::strength::{CHART_DIR, Scale, StrengthPlan, play, write_files};

use crate::numbers;
use crate::out::{check_writable, shown_path};
use crate::output;

#[derive(Debug, Args)]
pub struct StrengthArgs {
    /// Minutes instead of the full report's hours: the same tournaments with a few dozen
    /// games each.
    #[arg(long)]
    quick: bool,
    /// The directory to write STRENGTH.md (and its strength/ charts) into.
    #[arg(long, value_name = "DIR", default_value = "docs")]
    out: PathBuf,
    /// The seed of every tournament.
    #[arg(long, default_value = "1", value_parser = numbers::seed, allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads. Default: every core.
    #[arg(long, short = 'j', value_name = "J", value_parser = numbers::jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,
}

pub fn run(args: &StrengthArgs) -> Result<ExitCode> {
    let jobs = args.jobs.unwrap_or_else(|| RunOptions::default().jobs);
    let (scale, command) = if args.quick {
        (Scale::QUICK, "cargo xtask strength --quick")
    } else {
        (Scale::FULL, "cargo xtask strength")
    };
    let mut command = command.to_owned();
    if args.seed != 1 {
        command = format!("{command} --seed {}", args.seed);
    }
    // Checked before the hours of games, not after: the folder is made and its files must
    // be writable.
    let charts = args.out.join(CHART_DIR);
    std::fs::create_dir_all(&charts)
        .with_context(|| format!("cannot create {}", shown_path(&charts)))?;
    for path in [args.out.join("STRENGTH.md"), charts.join("strength.json")] {
        check_writable(&path)?;
    }
    // A build without the charts could play the games but not write the report. This
    // binary's own feature decides (it turns on the tournament crate's; CI's test build turns
    // on only the tournament crate's, for its own test).
    if !cfg!(feature = "charts") {
        return Err(TournamentError::NoCharts.into());
    }
    let plan = StrengthPlan::standard(scale, args.seed, &command);
    let results = play(&plan, jobs, &mut output::note)?;
    let files = results.render()?;
    write_files(&files, &args.out)?;
    output::note(&format!(
        "wrote {} and {} charts in {:.0} s",
        shown_path(&args.out.join("STRENGTH.md")),
        files.charts.len(),
        results.elapsed_seconds
    ));
    Ok(ExitCode::SUCCESS)
}
