//! `mousehole`: play the family games between people and bots, replay and check transcripts,
//! list the games and explain their rules.

mod agent;
mod analyze;
mod bench;
mod catalog;
mod choices;
mod external;
mod host;
mod human;
mod join;
mod link;
mod numbers;
mod out;
mod output;
mod play;
mod replay;
mod review;
mod schema;
mod seats;
mod signals;
mod spec;
mod strength;
mod tournament;
mod tui;
mod view;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use mousehole_engine::GameDescription;
use mousehole_engine::registry::games;

/// The about text and the game lists are filled in from the engine's game list at run time
/// ([`command`]), so a new game shows up here by itself.
#[derive(Debug, Parser)]
#[command(
    name = "mousehole",
    version,
    disable_help_subcommand = true,
    after_help = "Exit status: 0 success; 1 something was found wrong (an invalid transcript, a game stopped \
before its end); 2 bad input (an unknown game, option, seat or file) or output that cannot be written (a full \
disk); 128 + N when stopped by signal N (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP)."
)]
struct Cli {
    /// Without a command: the terminal UI on a terminal, this help otherwise.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in the terminal UI: a setup screen, the board, hints, undo, save and resume.
    ///
    /// `mousehole` alone opens it too. `mousehole tui GAME --seats human,ismcts,heuristic`
    /// skips the setup screen; `--load FILE` resumes a saved game; `--replay FILE` steps
    /// through any transcript.
    Tui(tui::TuiArgs),
    /// Play games between bots and/or people; prints what happens.
    Play(play::PlayArgs),
    /// Check transcripts (.json or .jsonl) against the rules, one line per transcript.
    ///
    /// Names the first bad event of each invalid transcript, why it is invalid, and the legal
    /// actions there. JSON-lines files are read a line at a time (any size, constant memory).
    Replay(replay::ReplayArgs),
    /// Host a game whose `remote` seats are played from other terminals (`mousehole join`).
    ///
    /// Prints one line per remote seat to pass on to its player, `seat 1 (remote): mousehole
    /// join HOST:PORT --code CODE`, waits for every remote seat to join, then plays the game
    /// here (bots think on the host) and prints what every seat sees of it. docs/network.md
    /// says how to play across the internet safely.
    Host(Box<host::HostArgs>),
    /// Join a hosted game from this terminal: play a seat with its code, or watch.
    ///
    /// `--agent SPEC` plays the seat with any agent, or with a program (`exec:COMMAND`): a
    /// bot on another machine. A dropped connection is made again by itself, and the host
    /// sends everything since.
    Join(join::JoinArgs),
    /// Make a seat-view transcript: the game as one seat saw it.
    View(view::ViewArgs),
    /// Search every decision of a recorded game again and mark the moves that lost win chance.
    Analyze(analyze::AnalyzeArgs),
    /// The coach's review of one person's decisions in a recorded game, in the terminal UI.
    Review(review::ReviewArgs),
    /// Print the JSON Schema of a game's observation (what bots are shown at each decision),
    /// or with --protocol of every message between a host and a seat.
    Schema(schema::SchemaArgs),
    /// List the games, their player ranges and options, and the agents.
    List(catalog::ListArgs),
    /// Explain a game's rules, options and what to type at the prompt.
    Rules(catalog::RulesArgs),
    /// Measure random full games per second on one core, through the match runner bots use.
    Bench(bench::BenchArgs),
    /// Print a shell completion script: `mousehole completions bash > /etc/bash_completion.d/mousehole`.
    Completions(CompletionsArgs),
    /// Print the help of mousehole or of one of its commands.
    Help(HelpArgs),
    /// Play a duplicate tournament between agents on every core and report their strength.
    ///
    /// Every entry plays every seat of each deal on the same chance stream. More agents than
    /// seats play every combination at its own table. `--shard I/N` plays one share of the
    /// deals into a part file; `tournament merge` joins the parts (see docs/tournaments.md).
    Tournament(Box<tournament::TournamentArgs>),
    /// Regenerate the strength report: every game's (or --game's) agent ladder, pairings and
    /// budget chart (docs/STRENGTH.md, docs/strength/, and with --levels the level table's
    /// measured files; `cargo xtask strength` runs it in release).
    Strength(strength::StrengthArgs),
    /// Play one seat as an external agent program: a built-in agent speaking the agent
    /// protocol on standard input and output (PROTOCOL.md).
    ///
    /// Any host that seats programs can then seat this build's bots: `--seats 'exec:mousehole
    /// agent expert',hard` at another build (`cargo xtask strength --check` plays a level
    /// against the last commit's so), or a harness in another language. It plays as the agent
    /// does built in: same seed, same moves.
    Agent(agent::AgentArgs),
}

#[derive(Debug, Args)]
struct CompletionsArgs {
    /// The shell.
    shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
struct HelpArgs {
    /// The command to explain (default: all of them).
    command: Option<String>,
}

/// Exit status of a run that worked but found something wrong (invalid transcripts, a game
/// stopped before its end).
const EXIT_FOUND_PROBLEMS: u8 = 1;
/// Exit status for bad input: a game name, option, seat spec or file that cannot be used.
const EXIT_USAGE: u8 = 2;

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `cheese-day, moose-house, … or mouse-race`.
fn names_or(games: &[&GameDescription]) -> String {
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The command line, with the texts that name the games made from the game list.
fn command() -> clap::Command {
    let games = games();
    let about = format!(
        "Play {} between people and bots.",
        and_list(
            &games
                .iter()
                .map(|g| g.short_title().to_owned())
                .collect::<Vec<_>>()
        )
    );
    let listing: Vec<String> = games
        .iter()
        .map(|g| format!("  {:<12} {}", g.name, g.summary))
        .collect();
    let long_about = format!(
        "{about}\n\nGames are named by a spec: a game name, optionally followed by options, e.g. `{first}` or \
`{first}:players={players}`. `mousehole list` shows them all, `mousehole rules GAME` explains one.\n\nThe games:\n{}",
        listing.join("\n"),
        first = games[0].name,
        players = games[0].max_players,
    );
    let first = games[0];
    let seats_for = |description: &GameDescription| {
        let mut seats = vec!["human"];
        seats.extend(std::iter::repeat_n(
            "random",
            description.default_players() - 1,
        ));
        seats.join(",")
    };
    let last = games[games.len() - 1];
    let play_about = format!(
        "Play games between bots and/or people.\n\n\
A person (`human` seat) sees every event in their seat's view as it happens, chooses from a \
numbered list at the prompt (`help` there explains the game's moves) and sees a banner with \
the result at the end. Bot-only games print the readable transcript. With --out the game is \
saved as it goes: `quit`, the end of input, Ctrl-C or a closed terminal keep everything \
played so far, with \"stopped\" saying why.\n\n\
Examples:\n  \
mousehole play {f} --seats {fs}\n  \
mousehole play {f}:players={fp} --seats {fp_seats} --seed 7\n  \
mousehole play {l} --games 200 --seed 1 --out t.jsonl",
        f = first.name,
        fs = seats_for(first),
        fp = first.min_players,
        fp_seats = vec!["random"; first.min_players].join(","),
        l = last.name,
    );
    let game_help = format!(
        "The game: {}, optionally with options (`{}:players={}`)",
        names_or(&games),
        first.name,
        first.min_players
    );
    let rules_help = format!("The game: {}", names_or(&games));
    let bench_help = format!(
        "Games to measure: {} (default: all, at their default player counts)",
        names_or(&games)
    );
    let tournament_examples = format!(
        "Examples:\n  \
mousehole tournament --game {f} --agents {fa} --games 3000\n  \
mousehole tournament --game {f} --agents {fa} --games 3000 --seed 1 --shard 0/2 --part p0.jsonl\n  \
mousehole tournament merge p0.jsonl p1.jsonl --json report.json",
        f = first.name,
        fa = vec!["random"; first.default_players()].join(","),
    );
    Cli::command()
        .about(about)
        .long_about(long_about)
        .mut_subcommand("play", |play| {
            play.long_about(play_about)
                .mut_arg("game", |arg| arg.help(game_help.clone()))
        })
        .mut_subcommand("rules", |rules| {
            rules.mut_arg("game", |arg| arg.help(rules_help))
        })
        .mut_subcommand("bench", |bench| {
            bench.mut_arg("games", |arg| arg.help(bench_help))
        })
        .mut_subcommand("tournament", |tournament| {
            tournament.after_help(tournament_examples)
        })
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    let done = |()| ExitCode::SUCCESS;
    match command {
        Command::Tui(args) => tui::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Host(args) => host::run(&args),
        Command::Join(args) => join::run(&args),
        Command::Agent(args) => agent::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::View(args) => view::run(&args),
        Command::Schema(args) => schema::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Review(args) => review::run(&args),
        Command::List(args) => catalog::list(&args).map(done),
        Command::Rules(args) => catalog::rules(&args).map(done),
        Command::Bench(args) => bench::run(&args).map(done),
        Command::Completions(args) => {
            // Made whole first: the generator cannot report a failed write.
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut crate::command(), "mousehole", &mut script);
            output::print(&script)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Help(args) => help(args.command.as_deref()),
        Command::Tournament(args) => tournament::run(&args),
        Command::Strength(args) => strength::run(&args),
    }
}

/// `mousehole help [COMMAND]`: the long help of the program or of one command.
fn help(name: Option<&str>) -> anyhow::Result<ExitCode> {
    let mut root = command();
    let text = match name {
        None => root.render_long_help(),
        Some(name) => {
            let mut commands: Vec<&clap::Command> = root.get_subcommands().collect();
            commands.sort_by_key(|c| c.get_display_order());
            let names: Vec<String> = commands.iter().map(|c| c.get_name().to_owned()).collect();
            let Some(sub) = root.find_subcommand_mut(name) else {
                anyhow::bail!(
                    "no command '{}'; the commands are: {}",
                    mousehole_engine::text::shown(name),
                    names.join(", ")
                );
            };
            let mut sub = sub.clone().bin_name(format!("mousehole {name}"));
            sub.render_long_help()
        }
    };
    write!(std::io::stdout(), "{text}")?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(error) => return output::clap_message(&error),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => return output::clap_message(&error),
    };
    let command = match cli.command {
        Some(command) => command,
        // A person at a terminal gets the TUI; a script or a pipe gets the help.
        None if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() => {
            Command::Tui(tui::TuiArgs::default())
        }
        None => {
            // As clap does for a missing command: the help on stderr, status 2.
            let _ = write!(std::io::stderr(), "{}", command().render_help());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    // Ignored if it fails: the commands that stop cleanly ask again, and report it.
    let _ = signals::install();
    output::finish(run(command))
}
