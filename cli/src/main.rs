//! `mousehole`: play the family games between people and bots, replay and check transcripts,
//! list the games and explain their rules.

mod bench;
mod human;
mod info;
mod play;
mod replay;
mod seats;
mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// Play Cheese Day, Moose in the House, Mouse Trap and Mouse Race between people and bots.
///
/// Games are named by a spec: a game name, optionally followed by options, e.g.
/// `cheese-day` or `cheese-day:players=4,traps=1/2/3/3/4/5`. `mousehole list` shows them all.
#[derive(Debug, Parser)]
#[command(name = "mousehole", version, about, long_about = None, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play games between bots and/or people; prints the readable transcript.
    ///
    /// Examples:
    ///   mousehole play cheese-day --players 3 --seats random,random,random --seed 7
    ///   mousehole play cheese-day --seats human,random,random
    ///   mousehole play mouse-trap --players 4 --games 200 --seed 1 --out t.jsonl
    #[command(verbatim_doc_comment)]
    Play(PlayArgs),
    /// Check transcripts (.json or .jsonl) against the rules, one line per transcript.
    ///
    /// Exits 0 only if every transcript is valid; otherwise names the first bad event of each
    /// invalid transcript, why it is invalid, and the legal actions there.
    Replay(ReplayArgs),
    /// List the games, their player ranges and options, and the agents.
    List,
    /// Explain a game's rules, options and action text forms.
    Rules {
        /// The game's name (see `mousehole list`).
        game: String,
    },
    /// Measure random full games per second on one core, through the match runner bots use.
    Bench(BenchArgs),
    /// Play a duplicate tournament between agents on every core and report their strength.
    ///
    /// Every entry plays every seat of each deal on the same chance stream. More agents than
    /// seats play every combination at its own table. `--shard I/N` plays one share of the
    /// deals into a part file; `tournament merge` joins the parts (see docs/tournaments.md).
    ///
    /// Examples:
    ///   mousehole tournament --game cheese-day --agents random,random,random --games 3000
    ///   mousehole tournament --game cheese-day --agents random,random,random --games 3000 \
    ///       --seed 1 --shard 0/2 --part p0.jsonl
    ///   mousehole tournament merge p0.jsonl p1.jsonl --json report.json
    #[command(verbatim_doc_comment)]
    Tournament(Box<tournament::TournamentArgs>),
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The game: a name or a spec with options (`cheese-day:players=3,traps=1/2/3/3/4/5`).
    game: String,
    /// Number of players (overrides `players=` in the spec).
    #[arg(long, short)]
    players: Option<usize>,
    /// A game option, `key=value` (repeatable; overrides the spec).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Who plays each seat, comma-separated, seat 0 first: an agent spec (`random`) or
    /// `human[:name]` (you, at this terminal). Default: `random` for every seat.
    #[arg(long, short)]
    seats: Option<String>,
    /// Seed for chance and the bots; the same seed and seats replay the same game.
    /// Default: a fresh random seed (recorded in the transcript).
    #[arg(long)]
    seed: Option<u64>,
    /// Number of games, with seeds seed, seed+1, …
    #[arg(long, short = 'n', default_value_t = 1)]
    games: u64,
    /// Write the transcript(s): FILE.json for one game, FILE.jsonl for any number.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Print nothing but errors (and prompts for human seats).
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct ReplayArgs {
    /// Transcript files: `.json` (one transcript) or `.jsonl` (one per line).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Also print each transcript in readable form.
    #[arg(long)]
    show: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Games to measure (default: all, at their default player counts).
    games: Vec<String>,
    /// Number of players (overrides the spec).
    #[arg(long, short)]
    players: Option<usize>,
    /// Seconds to measure each game.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Play exactly this many games per game instead of timing (for profilers).
    #[arg(long)]
    count: Option<u64>,
}

/// Exit status of a run that worked but found something wrong (invalid transcripts, a game
/// stopped before its end).
const EXIT_FOUND_PROBLEMS: u8 = 1;
/// Exit status for bad input: a game name, option, seat spec or file that cannot be used.
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::List => info::list().map(|()| ExitCode::SUCCESS),
        Command::Rules { game } => info::rules(&game).map(|()| ExitCode::SUCCESS),
        Command::Bench(args) => bench::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Tournament(args) => tournament::run(&args),
    };
    match result {
        Ok(code) => code,
        // A reader that stops early (`mousehole list | head`) is not an error worth a message.
        Err(error)
            if error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
