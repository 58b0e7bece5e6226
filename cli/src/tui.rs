//! `mousehole tui` (and `mousehole` alone on a terminal): the terminal UI. With a game and
//! `--seats` it goes straight into the game; `--load` resumes a saved unfinished game,
//! `--replay` opens the replay viewer; otherwise the setup screen opens.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;
use mousehole_bots::SeatLabel;
use mousehole_tui::{GamePlan, Launch};

use crate::numbers;
use crate::output;
use crate::seats::{at_this_terminal, parse_seats};
use crate::signals::{Signal, StopSignals};
use crate::spec::{game_spec, players_from_seats};

#[derive(Debug, Default, Args)]
pub struct TuiArgs {
    /// The game, optionally with options; with --seats the game starts at once, else the
    /// setup screen opens on it.
    pub game: Option<String>,
    /// Number of players (the same as the option players=N).
    #[arg(long, short, value_name = "N", value_parser = numbers::players, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Who plays each seat, comma-separated, seat 0 first: `human[:name]` (a person at this
    /// terminal; two or more play hot seat), any agent spec (`ismcts:iterations=2000`) or
    /// `exec:COMMAND` (a program speaking the mousehole-agent/2 protocol: 5 s per decision,
    /// a random fallback).
    /// The number of seats sets the number of players unless the spec, --players or
    /// --option does.
    #[arg(long, short, value_name = "SEATS")]
    pub seats: Option<String>,
    /// Seed for chance and the bots. Default: a fresh random seed, shown on screen.
    #[arg(long, value_parser = numbers::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Resume a saved unfinished game (a transcript JSON written by `s` or --out). A finished
    /// game opens in the replay viewer.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["replay", "game"])]
    pub load: Option<PathBuf>,
    /// Step through any transcript (JSON) in the replay viewer.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["load", "game", "seats"])]
    pub replay: Option<PathBuf>,
    /// Keep the transcript in FILE (JSON) as the game goes: saved after every event.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

fn launch(args: &TuiArgs) -> Result<Launch> {
    if let Some(path) = &args.replay {
        let transcript = mousehole_tui::read_transcript(path)?;
        return Ok(Launch::Replay(Box::new(transcript)));
    }
    if let Some(path) = &args.load {
        let transcript = mousehole_tui::read_transcript(path)?;
        let spec = mousehole_engine::GameSpec::from_recorded(&transcript.game, &transcript.options)
            .with_context(|| format!("{}", path.display()))?;
        let seats = match &args.seats {
            Some(text) => parse_seats(text)?,
            None => transcript
                .seats
                .iter()
                .enumerate()
                .map(|(seat, label)| {
                    label.parse::<SeatLabel>().map_err(|e| {
                        anyhow::anyhow!(
                            "{}: seat {seat} was played by '{}', which the TUI cannot seat ({e}); give --seats to choose who plays",
                            path.display(),
                            mousehole_engine::text::shown(label)
                        )
                    })
                })
                .collect::<Result<_>>()?,
        };
        at_this_terminal(&seats, "tui").with_context(|| {
            format!(
                "{}: give --seats to choose who plays each seat here",
                path.display()
            )
        })?;
        let seed = match args.seed {
            Some(seed) if seed != transcript.seed => bail!(
                "--seed {seed}: a resumed game keeps its recorded seed ({}) so that chance goes on as it would have",
                transcript.seed
            ),
            _ => transcript.seed,
        };
        let mut plan = GamePlan::new(spec, seats, seed);
        plan.out = args.out.clone().or_else(|| Some(path.clone()));
        return Ok(Launch::Resume {
            plan,
            transcript: Box::new(transcript),
        });
    }
    let seats = args.seats.as_deref().map(parse_seats).transpose()?;
    if let Some(seats) = &seats {
        at_this_terminal(seats, "tui")?;
    }
    match (&args.game, seats) {
        (Some(game), Some(seats)) => {
            let mut spec = game_spec(game, args.players, &args.options)?;
            players_from_seats(&mut spec, seats.len())?;
            let mut plan = GamePlan::new(
                spec,
                seats,
                args.seed.unwrap_or_else(mousehole_tui::random_seed),
            );
            plan.out.clone_from(&args.out);
            Ok(Launch::Play(plan))
        }
        (game, seats) => {
            let game = match game {
                // Checked whole now, so a bad option is reported before the screen opens.
                Some(game) => Some({
                    let spec = game_spec(game, args.players, &args.options)?;
                    spec.build()?;
                    spec.description().name.to_owned()
                }),
                None => None,
            };
            Ok(Launch::Setup {
                game,
                seats,
                seed: args.seed,
                out: args.out.clone(),
            })
        }
    }
}

/// How long the TUI has to stop after a signal before the program leaves without it,
/// putting back what can be put back (the game was autosaved if asked).
pub const GRACE: Duration = Duration::from_secs(1);

pub fn run(args: &TuiArgs) -> Result<ExitCode> {
    run_launch(launch(args)?)
}

/// Runs the terminal UI as `launch` asks, signals stopping it cleanly (the review runs it
/// too).
pub fn run_launch(launch: Launch) -> Result<ExitCode> {
    let signals = StopSignals::cooperate()?
        .with_grace(GRACE)
        .before_exit(mousehole_tui::restore);
    let exit = mousehole_tui::run(launch, &signals.flag())?;
    if let Some(message) = exit.message {
        output::note(&message);
    }
    // Ctrl-C in the terminal UI is a key (the terminal is raw), not SIGINT: it exits as
    // SIGINT would (130).
    Ok(match signals.caught() {
        Some(signal) => ExitCode::from(signal.exit_status()),
        None if exit.interrupted => ExitCode::from(Signal::INTERRUPT.exit_status()),
        // A joined game that stopped before its end here (docs/network.md).
        None if exit.unfinished => ExitCode::from(crate::EXIT_FOUND_PROBLEMS),
        None => ExitCode::SUCCESS,
    })
}
