//! `mousehole tournament`: plays a duplicate-seated tournament between agents on every core
//! (or one shard of it), with a progress bar and a clean stop on Ctrl-C, `kill` or a closed
//! terminal (the games in progress dropped, the deals finished reported), and prints or
//! writes the report; `mousehole tournament merge` joins the shards' part files into the
//! report of the whole.

use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mousehole_tournament::{
    DealRecord, DealSink, ExternalLog, ExternalOptions, PartWriter, Plan, Progress, Report,
    RunOptions, RunResult, Shard, TournamentConfig, TournamentError, merge, parse_agent,
};
use rand::RngExt;

use crate::external::ExternalArgs;
use crate::numbers;
use crate::out::{check_writable, shown_path, write_atomically};
use crate::output;
use crate::signals::{Signal, StopSignals};
use crate::spec::game_spec;

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
    #[arg(long, short, value_name = "N", value_parser = numbers::players, allow_negative_numbers = true)]
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
    #[arg(long, short = 'n', value_name = "N", value_parser = numbers::count, allow_negative_numbers = true)]
    games: Option<u64>,
    /// Seed of the first round; round r plays seed + r. Default: a fresh random seed (in the
    /// report). Shards need it given, the same for all.
    #[arg(long, value_parser = numbers::seed, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Play every seat order of a table at each deal (players! games) instead of its
    /// rotations (players games).
    #[arg(long)]
    permutations: bool,
    /// Worker threads. Default: every core. The games and the report (timings aside) are the
    /// same whatever it is.
    #[arg(long, short = 'j', value_name = "J", value_parser = numbers::jobs, allow_negative_numbers = true)]
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
    let shard = shard(args)?;
    let plan = plan(args)?;
    // Every output is checked or created before the first game, so a path that cannot be
    // written fails at once.
    let reports = ReportFiles::check(args.json.as_deref(), args.md.as_deref())?;
    let mut outputs = Outputs::create(args, &plan, shard)?;
    // A signal stops the tournament cleanly: the games in progress are dropped and the deals
    // finished reported.
    let signals = StopSignals::cooperate()?;
    let options = RunOptions {
        jobs: args.jobs.unwrap_or_else(|| RunOptions::default().jobs),
        shard,
        transcripts: args.out.is_some(),
        stop: Some(signals.flag()),
    };
    let result = mousehole_tournament::run(&plan, &options, &mut outputs);
    // The bar stays with its final count and rate; an error gets the line to itself.
    match &result {
        Ok(result) if result.interrupted => outputs.bar.abandon(),
        Ok(_) => outputs.bar.finish(),
        Err(_) => outputs.bar.finish_and_clear(),
    }
    let result = result?;
    if let Some(part) = outputs.part.take() {
        part.finish(&result)?;
    }
    print_results(args, &plan, shard, &result, reports)?;
    if result.interrupted {
        return Ok(interrupted(args, &result, signals.caught()));
    }
    Ok(ExitCode::SUCCESS)
}

/// The shard `--shard` names (and the options a shard needs), or the whole tournament.
fn shard(args: &TournamentArgs) -> Result<Shard> {
    let Some(text) = &args.shard else {
        return Ok(Shard::WHOLE);
    };
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
    Ok(shard)
}

/// The tournament the options describe: the game, the entries, the games, the seed (a
/// random one unless given), and how programs are run; every program is checked to start.
fn plan(args: &TournamentArgs) -> Result<Plan> {
    let Some(game) = args.game.as_deref() else {
        let example = mousehole_engine::registry::games()[0].name;
        bail!(
            "--game SPEC is required: the game to play (e.g. --game {example}; `mousehole list` shows them)"
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
    if let Some(out) = &args.out
        && out.extension().and_then(|e| e.to_str()) != Some("jsonl")
    {
        bail!(
            "--out {}: transcripts go one per line to a .jsonl file",
            shown_path(out)
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
    Ok(plan)
}

/// The report of the whole tournament (printed, and written where asked), or what a shard
/// played.
fn print_results(
    args: &TournamentArgs,
    plan: &Plan,
    shard: Shard,
    result: &RunResult,
    reports: ReportFiles,
) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    if shard == Shard::WHOLE {
        let report = Report::new(
            plan,
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
            shown_path(args.part.as_deref().unwrap_or(Path::new("?")))
        )?;
    }
    Ok(())
}

/// A run stopped before its end: what was played, and the exit status (128+N after signal N).
fn interrupted(args: &TournamentArgs, result: &RunResult, signal: Option<Signal>) -> ExitCode {
    output::note(&format!(
        "{}: {} of {} deals played{}",
        signal.map_or("interrupted", Signal::describe),
        result.tally.deals,
        result.deals_planned,
        if args.part.is_some() {
            "; the part file says so and will not merge"
        } else {
            "; the report covers them"
        }
    ));
    ExitCode::from(signal.map_or(crate::EXIT_FOUND_PROBLEMS, Signal::exit_status))
}

fn run_merge(args: &MergeArgs) -> Result<ExitCode> {
    let reports = ReportFiles::check(args.json.as_deref(), args.md.as_deref())?;
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
    File::create(path).with_context(|| format!("cannot create {}", shown_path(path)))
}

/// The report files asked for, checked up front and each written whole at the end (through
/// a temporary file), so a stop at any moment leaves a whole report or the file as it was.
struct ReportFiles {
    json: Option<PathBuf>,
    md: Option<PathBuf>,
}

impl ReportFiles {
    fn check(json: Option<&Path>, md: Option<&Path>) -> Result<Self> {
        for path in [json, md].into_iter().flatten() {
            check_writable(path)?;
        }
        Ok(Self {
            json: json.map(Path::to_owned),
            md: md.map(Path::to_owned),
        })
    }

    fn write(self, report: &Report) -> Result<()> {
        for (path, text) in [
            (self.json, report.to_json()),
            (self.md, report.to_markdown()),
        ] {
            if let Some(path) = path {
                write_atomically(&path, text.as_bytes())
                    .with_context(|| format!("cannot write {}", shown_path(&path)))?;
            }
        }
        Ok(())
    }
}

/// Where a run's deals go besides the tally: the part file, the transcript file, the
/// progress bar.
struct Outputs {
    /// Each deal's transcript lines are written in one piece, so whatever stops the run
    /// leaves whole lines.
    transcripts: Option<(File, PathBuf)>,
    part: Option<PartWriter>,
    bar: ProgressBar,
}

impl Outputs {
    /// The transcripts' file and the part file, created (nothing is played yet), and the
    /// progress bar.
    fn create(args: &TournamentArgs, plan: &Plan, shard: Shard) -> Result<Self> {
        let transcripts = args
            .out
            .as_deref()
            .map(|path| create(path).map(|file| (file, path.to_owned())))
            .transpose()?;
        let part = args
            .part
            .as_deref()
            .map(|path| PartWriter::create(path, plan, shard))
            .transpose()?;
        Ok(Self {
            transcripts,
            part,
            bar: progress_bar(shard.deals(plan.deals()) * plan.seatings_per_deal() as u64),
        })
    }
}

impl DealSink for Outputs {
    fn deal(&mut self, deal: &DealRecord, transcripts: &[String]) -> Result<(), TournamentError> {
        if let Some(part) = &mut self.part {
            part.deal(deal, transcripts)?;
        }
        if let Some((file, path)) = &mut self.transcripts {
            let mut lines = String::new();
            for line in transcripts {
                lines.push_str(line);
                lines.push('\n');
            }
            file.write_all(lines.as_bytes())
                .map_err(|error| TournamentError::Io {
                    what: format!("cannot write {}", shown_path(path)),
                    error,
                })?;
        }
        Ok(())
    }

    fn progress(&mut self, progress: Progress) {
        self.bar.set_position(progress.games_done);
    }
}
