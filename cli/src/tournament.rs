//! `mousehole tournament`: plays a duplicate-seated tournament between agents on every core
//! (or one shard of it), with a progress bar and Ctrl-C that stops cleanly, and prints or
//! writes the report; `mousehole tournament merge` joins the shards' part files into the
//! report of the whole.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mousehole_tournament::{
    DealRecord, DealSink, ExternalLog, ExternalOptions, PartWriter, Plan, Progress, Report,
    RunOptions, Shard, TournamentConfig, TournamentError, merge, parse_agent,
};
use rand::RngExt;

use crate::external::ExternalArgs;
use crate::spec::game_spec;

/// Exit status of a tournament stopped by Ctrl-C (128 + SIGINT): the report of the deals
/// finished was still written.
const EXIT_INTERRUPTED: u8 = 130;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    command: Option<TournamentCommand>,
    /// The game (required): a name or a spec with options (`cheese-day:players=4`). Its
    /// player count is the size of every table.
    #[arg(long, value_name = "SPEC")]
    game: Option<String>,
    /// Number of players (overrides `players=` in the spec).
    #[arg(long, short)]
    players: Option<usize>,
    /// A game option, `key=value` (repeatable; overrides the spec).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The entries, comma-separated (`random,hard,hard`); an item `key=value` continues the
    /// previous agent's settings (`ismcts:iterations=2000,c=1.4`); `exec:COMMAND` is a
    /// program (started once per worker thread and kept for its games; a command with a
    /// comma goes in its own --agent). With more agents than seats, every combination of them
    /// plays at its own table.
    #[arg(long, value_name = "LIST")]
    agents: Option<String>,
    /// One more entry, taken whole (commas and all); repeatable, added after --agents.
    #[arg(long = "agent", value_name = "SPEC")]
    agent: Vec<String>,
    /// Games to play (required), rounded up to whole rounds (one deal at every table, each deal played
    /// once per seating).
    #[arg(long, short = 'n', value_name = "N")]
    games: Option<u64>,
    /// Seed of the first round; round r plays seed + r. Default: a fresh random seed (in the
    /// report). Shards need it given, the same for all.
    #[arg(long)]
    seed: Option<u64>,
    /// Play every seat order of a table at each deal (players! games) instead of its
    /// rotations (players games).
    #[arg(long)]
    permutations: bool,
    /// Worker threads. Default: every core. The games and the report (timings aside) are the
    /// same whatever it is.
    #[arg(long, short = 'j', value_name = "J")]
    jobs: Option<usize>,
    /// Write every game's transcript to FILE.jsonl, one line per game in the canonical order
    /// (deal by deal, seating by seating).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the report as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the report as Markdown.
    #[arg(long, value_name = "FILE")]
    md: Option<PathBuf>,
    /// Play only shard I of N (from 0): the deals k with k mod N = I. Needs --part and --seed.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Write the part file `mousehole tournament merge` reads.
    #[arg(long, value_name = "FILE")]
    part: Option<PathBuf>,
    /// Print no report table (files are still written), and of the programs' log only what
    /// went wrong.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    external: ExternalArgs,
}

#[derive(Debug, Subcommand)]
enum TournamentCommand {
    /// Merge the part files of every shard of one tournament into the report of the whole:
    /// the same report one run over all deals gives, timings aside.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
struct MergeArgs {
    /// The part files, one per shard, in any order.
    #[arg(required = true, value_name = "PART")]
    parts: Vec<PathBuf>,
    /// Write the report as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the report as Markdown.
    #[arg(long, value_name = "FILE")]
    md: Option<PathBuf>,
    /// Print no report table (files are still written).
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: &TournamentArgs) -> Result<ExitCode> {
    match &args.command {
        Some(TournamentCommand::Merge(merge_args)) => run_merge(merge_args),
        None => run_tournament(args),
    }
}

fn run_tournament(args: &TournamentArgs) -> Result<ExitCode> {
    let Some(game) = args.game.as_deref() else {
        bail!(
            "--game SPEC is required: the game to play (e.g. --game cheese-day; `mousehole list` shows them)"
        );
    };
    let spec = game_spec(game, args.players, &args.options)?;
    let mut agents = Vec::new();
    if let Some(list) = &args.agents {
        for entry in mousehole_bots::split_spec_list(list) {
            agents.push(parse_agent(&entry)?);
        }
    }
    for entry in &args.agent {
        agents.push(parse_agent(entry)?);
    }
    if agents.is_empty() {
        bail!(
            "no agents: list them with --agents random,random,random or give --agent SPEC once per entry"
        );
    }
    let Some(games) = args.games else {
        bail!("--games N is required: how many games to play (rounded up to whole rounds)");
    };
    let jobs = match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(jobs) => jobs,
        None => RunOptions::default().jobs,
    };
    let shard = match &args.shard {
        Some(text) => {
            let shard: Shard = text.parse()?;
            if args.part.is_none() {
                bail!(
                    "--shard {shard} needs --part FILE: a shard writes a part file for `mousehole tournament merge`"
                );
            }
            if args.seed.is_none() {
                bail!("--shard {shard} needs --seed, the same for every shard of the tournament");
            }
            if args.json.is_some() || args.md.is_some() {
                bail!(
                    "--json and --md describe the whole tournament: merge the shards' parts with `mousehole tournament merge PART... --json FILE`"
                );
            }
            shard
        }
        None => Shard::WHOLE,
    };
    if let Some(out) = &args.out
        && out.extension().and_then(|e| e.to_str()) != Some("jsonl")
    {
        bail!(
            "--out {}: transcripts go one per line to a .jsonl file",
            out.display()
        );
    }
    let seed = args
        .seed
        .unwrap_or_else(|| rand::rng().random_range(0..1_000_000_000));
    let quiet = args.quiet;
    let plan = Plan::new(&TournamentConfig {
        game: spec,
        agents,
        games,
        seed,
        permutations: args.permutations,
        external: ExternalOptions {
            settings: args.external.settings(),
            fallback: args.external.fallback.clone(),
            log: Some(ExternalLog(Arc::new(move |worker, entry| {
                // Faults are logged (and counted in the report); a program's own stderr
                // only without --quiet.
                if !quiet || entry.is_wrong() {
                    crate::external::log_line(&format!("worker {worker}: {entry}"));
                }
            }))),
        },
    })?;
    plan.check_programs()?;

    // Every output is created before the first game, so a path that cannot be written fails
    // at once.
    let reports = ReportFiles::create(args.json.as_deref(), args.md.as_deref())?;
    let transcripts = args
        .out
        .as_deref()
        .map(|path| create(path).map(|file| (BufWriter::new(file), path.to_owned())))
        .transpose()?;
    let part = args
        .part
        .as_deref()
        .map(|path| PartWriter::create(path, &plan, shard))
        .transpose()?;

    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // The first Ctrl-C stops the tournament cleanly; a second one ends the program at once.
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    })
    .context("cannot install the Ctrl-C handler")?;

    let mut outputs = Outputs {
        transcripts,
        part,
        bar: progress_bar(shard.deals(plan.deals()) * plan.seatings_per_deal() as u64),
    };
    let options = RunOptions {
        jobs,
        shard,
        transcripts: args.out.is_some(),
        stop: Some(stop),
    };
    let result = mousehole_tournament::run(&plan, &options, &mut outputs);
    // The bar stays with its final count and rate; an error gets the line to itself.
    match &result {
        Ok(result) if result.interrupted => outputs.bar.abandon(),
        Ok(_) => outputs.bar.finish(),
        Err(_) => outputs.bar.finish_and_clear(),
    }
    let result = result?;
    outputs.finish()?;
    if let Some(part) = outputs.part.take() {
        part.finish(&result)?;
    }

    let mut stdout = std::io::stdout().lock();
    if shard == Shard::WHOLE {
        let report = Report::new(
            &plan,
            &result.tally,
            result.interrupted,
            result.elapsed.as_secs_f64(),
        );
        reports.write(&report)?;
        if !args.quiet {
            write!(stdout, "{}", report.to_text())?;
        }
    } else if !args.quiet {
        writeln!(
            stdout,
            "shard {shard}: {} of the {} deals, {} games in {:.1} s; part written to {}",
            result.tally.deals,
            plan.deals(),
            result.tally.games,
            result.elapsed.as_secs_f64(),
            args.part.as_deref().unwrap_or(Path::new("?")).display()
        )?;
    }
    if result.interrupted {
        eprintln!(
            "interrupted: {} of {} deals played{}",
            result.tally.deals,
            result.deals_planned,
            if args.part.is_some() {
                "; the part file says so and will not merge"
            } else {
                "; the report covers them"
            }
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

fn run_merge(args: &MergeArgs) -> Result<ExitCode> {
    let reports = ReportFiles::create(args.json.as_deref(), args.md.as_deref())?;
    let merged = merge(&args.parts)?;
    reports.write(&merged.report)?;
    if !args.quiet {
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", merged.report.to_text())?;
        writeln!(stdout, "(merged from {} shards)", merged.shards)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The progress bar on stderr: games done, rate and time left; hidden when stderr is not a
/// terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} games · {per_sec:0} · ETA {eta}",
        )
        .expect("the template is valid")
        .progress_chars("=> "),
    );
    bar
}

fn create(path: &Path) -> Result<File> {
    File::create(path).with_context(|| format!("cannot create {}", path.display()))
}

/// The report files asked for, created up front.
struct ReportFiles {
    json: Option<(File, PathBuf)>,
    md: Option<(File, PathBuf)>,
}

impl ReportFiles {
    fn create(json: Option<&Path>, md: Option<&Path>) -> Result<Self> {
        let open = |path: Option<&Path>| -> Result<Option<(File, PathBuf)>> {
            path.map(|p| create(p).map(|file| (file, p.to_owned())))
                .transpose()
        };
        Ok(Self {
            json: open(json)?,
            md: open(md)?,
        })
    }

    fn write(self, report: &Report) -> Result<()> {
        for (file, text) in [
            (self.json, report.to_json()),
            (self.md, report.to_markdown()),
        ] {
            if let Some((mut file, path)) = file {
                file.write_all(text.as_bytes())
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        Ok(())
    }
}

/// Where a run's deals go besides the tally: the part file, the transcript file, the
/// progress bar.
struct Outputs {
    transcripts: Option<(BufWriter<File>, PathBuf)>,
    part: Option<PartWriter>,
    bar: ProgressBar,
}

impl Outputs {
    fn finish(&mut self) -> Result<()> {
        if let Some((writer, path)) = &mut self.transcripts {
            writer
                .flush()
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    }
}

impl DealSink for Outputs {
    fn deal(&mut self, deal: &DealRecord, transcripts: &[String]) -> Result<(), TournamentError> {
        if let Some(part) = &mut self.part {
            part.deal(deal, transcripts)?;
        }
        if let Some((writer, path)) = &mut self.transcripts {
            for line in transcripts {
                writeln!(writer, "{line}").map_err(|error| TournamentError::Io {
                    what: format!("cannot write {}", path.display()),
                    error,
                })?;
            }
        }
        Ok(())
    }

    fn progress(&mut self, progress: Progress) {
        self.bar.set_position(progress.games_done);
    }
}
