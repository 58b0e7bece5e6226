//! `mousehole join HOST:PORT --code CODE`: plays a seat of a hosted game from this terminal,
//! with any agent or program (`--agent`), or watches it (`--watch`). Everything shown and
//! every decision comes from what the host sent this seat. A wrong code is refused (exit 2);
//! a dropped connection is made again by itself.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use mousehole_bots::SeatLabel;
use mousehole_bots::external::protocol::EventMessage;
use mousehole_engine::{Outcome, SeenEvent};
use mousehole_net::client::{ClientEvent, Progress, Welcome, play_seat};
use mousehole_net::protocol::Incoming;
use mousehole_net::{ClientError, ClientSettings, Connection, Target};

use crate::external::{ExternalArgs, log_line};
use crate::human::{SeatNames, event_line, say};
use crate::{EXIT_FOUND_PROBLEMS, EXIT_USAGE, numbers};

#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The host's address, as its line gave it: HOST:PORT.
    pub address: String,
    /// The seat's code, as the host gave it.
    #[arg(
        long,
        value_name = "CODE",
        required_unless_present = "watch",
        conflicts_with = "watch"
    )]
    pub code: Option<String>,
    /// Watch instead of playing (if the host lets anyone): what every seat sees, nothing
    /// more.
    #[arg(long)]
    pub watch: bool,
    /// Play the seat with this agent (`random`, `hard`, …) or program (`exec:COMMAND`),
    /// without a screen.
    #[arg(long, value_name = "SPEC", conflicts_with = "watch")]
    pub agent: Option<String>,
    /// The name the host logs for this client.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    #[command(flatten)]
    pub external: ExternalArgs,
    /// How long to keep trying to rejoin after the connection dropped.
    #[arg(long, value_name = "TIME", default_value = "2m", value_parser = numbers::duration)]
    pub rejoin_for: Duration,
    /// Print nothing but the result and errors.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &JoinArgs) -> Result<ExitCode> {
    let agent = match &args.agent {
        Some(text) => {
            let label: SeatLabel = text.parse()?;
            if matches!(label, SeatLabel::Human(_) | SeatLabel::Remote(_)) {
                bail!(
                    "--agent {text}: give an agent spec (`random`, `hard`, …) or `exec:COMMAND`; without --agent, join opens the seat's screen"
                );
            }
            Some(label)
        }
        None if args.watch => None,
        None => bail!(
            "join a seat with --agent SPEC (an agent or `exec:COMMAND` plays it here); the seat's own screen for a person is not there yet"
        ),
    };
    let target = match &args.code {
        Some(code) => Target::Seat { code: code.clone() },
        None => Target::Watch,
    };
    let settings = ClientSettings {
        rejoin_for: args.rejoin_for,
        ..ClientSettings::default()
    };
    let identity = (args.name.as_deref(), Some(env!("CARGO_PKG_VERSION")));
    let connection = match Connection::open(&args.address, &target, identity, settings) {
        Ok(connection) => connection,
        Err(error) => return Ok(failed(&error)),
    };
    let welcome = connection.welcome().clone();
    let quiet = args.quiet;
    if !quiet {
        let who = match welcome.seat {
            Some(seat) => format!("seat {seat}"),
            None => "as a spectator".to_owned(),
        };
        log_line(&format!(
            "joined {} {who}; seats: {}",
            welcome.spec,
            welcome.seats.join(", ")
        ));
    }
    let played = match agent {
        Some(label) => {
            let programs = args.external.programs(quiet);
            let mut report = |progress: Progress<'_>| {
                if !quiet || matches!(progress, Progress::Refused(_)) {
                    report_progress(&progress);
                }
            };
            play_seat(&connection, &label, &programs, &mut report).map(|joined| joined.outcome)
        }
        None => follow(&connection, &welcome, quiet),
    };
    match played {
        Ok(Some(outcome)) => {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", result_line(&outcome, welcome.seat))?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(None) => {
            log_line("the game stopped before its end");
            Ok(ExitCode::from(EXIT_FOUND_PROBLEMS))
        }
        Err(error) => Ok(failed(&error)),
    }
}

/// Says what went wrong; the exit status: 2 when the host refused (a wrong code) or could
/// not be reached at that address, 1 when a game went wrong.
fn failed(error: &ClientError) -> ExitCode {
    log_line(&format!("error: {error}"));
    match error {
        ClientError::Address(_)
        | ClientError::Unreachable { .. }
        | ClientError::NotAHost { .. } => ExitCode::from(EXIT_USAGE),
        error if error.is_refusal() => ExitCode::from(EXIT_USAGE),
        _ => ExitCode::from(EXIT_FOUND_PROBLEMS),
    }
}

fn report_progress(progress: &Progress<'_>) {
    match progress {
        Progress::Started { spec, seat } => {
            log_line(&format!("the game began: {spec}, seat {seat}"));
        }
        Progress::Status(text) => {
            log_line(&format!("host: {}", mousehole_engine::text::shown(text)));
        }
        Progress::Refused(text) => log_line(&format!(
            "the host refused: {}",
            mousehole_engine::text::cut(text, 400)
        )),
        Progress::Reconnecting(why) => log_line(&format!("connection lost ({why}); rejoining")),
        Progress::Rejoined => log_line("rejoined"),
        Progress::Over(_) => {}
    }
}

/// A spectator's game: every event as everyone sees it, printed as it comes.
fn follow(
    connection: &Connection,
    welcome: &Welcome,
    quiet: bool,
) -> Result<Option<Outcome>, ClientError> {
    let names = SeatNames::of_names(&welcome.seats);
    let mut shown = 0;
    let mut outcome = None;
    let mut print = |events: &[EventMessage]| {
        if !quiet {
            let lines: Vec<String> = events
                .iter()
                .enumerate()
                .map(|(index, event)| {
                    let action = mousehole_engine::text::shown(&event.action);
                    let seen = SeenEvent {
                        actor: event.actor,
                        view: action.as_str(),
                        note: None,
                    };
                    event_line(shown + index + 1, &seen, &names, usize::MAX)
                })
                .collect();
            say(&lines);
        }
        shown += events.len();
    };
    while let Some(event) = connection.next() {
        match event {
            ClientEvent::Message(Incoming::Events { events }) => print(&events),
            ClientEvent::Message(Incoming::GameOver {
                outcome: end,
                events,
            }) => {
                print(&events);
                outcome = end;
            }
            ClientEvent::Message(Incoming::Status { text }) if !quiet => {
                log_line(&format!("host: {}", mousehole_engine::text::shown(&text)));
            }
            ClientEvent::Unreadable(why) => log_line(&why),
            ClientEvent::Message(_) | ClientEvent::Rejoined | ClientEvent::Reconnecting(_) => {}
            ClientEvent::Closed(result) => {
                result?;
                break;
            }
        }
    }
    Ok(outcome)
}

/// `seat 1 placed 2nd of 3 (scores 12 7 0)`, or the ranks for a spectator.
fn result_line(outcome: &Outcome, seat: Option<usize>) -> String {
    let scores: Vec<String> = outcome.scores.iter().map(ToString::to_string).collect();
    let ranks: Vec<String> = outcome.ranks.iter().map(ToString::to_string).collect();
    match seat {
        Some(seat) => format!(
            "game over: seat {seat} ranks {} of {} (ranks {}, scores {})",
            outcome.ranks[seat],
            outcome.ranks.len(),
            ranks.join(" "),
            scores.join(" ")
        ),
        None => format!(
            "game over: ranks {}, scores {}",
            ranks.join(" "),
            scores.join(" ")
        ),
    }
}
