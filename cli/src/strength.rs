//! `mousehole strength`: plays the strength report's tournaments (the agent ladder, the
//! pairings, the budget sweep of every game) and writes `STRENGTH.md` with its charts;
//! `cargo xtask strength` runs it in release to regenerate `docs/STRENGTH.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;
use mousehole_tournament::RunOptions;
use mousehole_tournament::strength::{Scale, StrengthPlan, play, write_files};

#[derive(Debug, Args)]
pub struct StrengthArgs {
    /// A few minutes instead of the full report's half hour: the same tournaments with a
    /// tenth of the games.
    #[arg(long)]
    quick: bool,
    /// The directory to write STRENGTH.md (and its strength/ charts) into.
    #[arg(long, value_name = "DIR", default_value = "docs")]
    out: PathBuf,
    /// The seed of every tournament.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads. Default: every core.
    #[arg(long, short = 'j', value_name = "J")]
    jobs: Option<usize>,
}

pub fn run(args: &StrengthArgs) -> Result<ExitCode> {
    let jobs = match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(jobs) => jobs,
        None => RunOptions::default().jobs,
    };
    let (scale, command) = if args.quick {
        (Scale::QUICK, "cargo xtask strength --quick")
    } else {
        (Scale::FULL, "cargo xtask strength")
    };
    let mut command = command.to_owned();
    if args.seed != 1 {
        command = format!("{command} --seed {}", args.seed);
    }
    let plan = StrengthPlan::standard(scale, args.seed, &command);
    let results = play(&plan, jobs, &mut |line| eprintln!("{line}"))?;
    let files = results.render()?;
    write_files(&files, &args.out)?;
    eprintln!(
        "wrote {} and {} charts in {:.0} s",
        args.out.join("STRENGTH.md").display(),
        files.charts.len(),
        results.elapsed_seconds
    );
    Ok(ExitCode::SUCCESS)
}
