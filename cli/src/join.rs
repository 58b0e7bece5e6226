//! `mousehole join HOST:PORT --code CODE`: plays a seat of a hosted game from this terminal:
//! a person in the terminal UI (the seat's board, log and moves), or at the prompt `play`
//! gives a person (each event shown as it comes, in the seat's view; `--prompt`, or no
//! terminal), or any agent or program (`--agent`); or watches it (`--watch`). Everything shown
//! and every decision comes from what the host sent this seat. A wrong code is refused (exit
//! 2); a dropped connection is made again by itself.

use std::io::Write;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use mousehole_bots::BotGame;
use mousehole_bots::SeatLabel;
use mousehole_engine::Seat;
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::{HowItEnded, Outcome, SeenEvent};
use mousehole_net::client::{
    AgentPlayer, ClientEvent, NOTE_CHARS, Progress, SeatMaker, play_seat, rematch_standing,
};
use mousehole_net::{ClientError, ClientSettings, Connection, Target};
use mousehole_protocol::version::difference;
use mousehole_protocol::{EventMessage, HostMessage, Rematch, Welcome};
use mousehole_tui::Launch;

use crate::external::{ExternalArgs, log_line};
use crate::human::{HumanSeat, Terminal, ending_lines, event_line, result_words, say};
use crate::signals::StopSignals;
use crate::{EXIT_FOUND_PROBLEMS, EXIT_USAGE, numbers};

// Command-line switches, each its own yes or no.
#[allow(clippy::struct_excessive_bools)]
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
    /// Play the seat with this agent (`random`, `hard`, …) or program (`exec:COMMAND`).
    /// Without it, a person plays the seat here: in the terminal UI, or at the line prompt
    /// (`--prompt`, or when not on a terminal; `help` there explains the game's moves).
    #[arg(long, value_name = "SPEC", conflicts_with = "watch")]
    pub agent: Option<String>,
    /// A person plays (or watches) at the line prompt `mousehole play` gives a person, even
    /// on a terminal (else the terminal UI opens there; the prompt is used anyway when
    /// standard input or output is not a terminal).
    #[arg(long, conflicts_with = "agent")]
    pub prompt: bool,
    /// With --agent: say yes to every rematch the host offers after a game (else the agent
    /// plays one game and says no). A person is asked "Play again? (y/n)".
    #[arg(long, requires = "agent")]
    pub rematch: bool,
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
    let agent = agent_of(args)?;
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
    if let Some(words) = difference("the host", &welcome.protocol, "this client") {
        // Said even with --quiet: what the host sends may not read as this client expects.
        log_line(&words);
    }
    let quiet = args.quiet;
    if !quiet {
        let names = SeatNames::new(Reader::nobody(), welcome.seats.iter());
        let who = match welcome.seat {
            Some(seat) => format!("as {}", names.full(seat)),
            None => "as a spectator".to_owned(),
        };
        let seats: Vec<usize> = (0..names.len()).collect();
        log_line(&format!(
            "joined {} {who}; seats: {}",
            mousehole_engine::text::shown(&welcome.spec),
            names.all(&seats)
        ));
    }
    if agent.is_none() && !args.prompt && at_a_terminal() {
        // The person plays (or watches) in the TUI, built from what the host sends.
        return crate::tui::run_launch(Launch::Join {
            connection,
            address: args.address.clone(),
        });
    }
    let names = Rc::new(SeatNames::new(Reader::nobody(), welcome.seats.iter()));
    let mut signals = None;
    // Whether the last game's result was said already (before a rematch was asked).
    let mut result_said = false;
    let played = match (agent, welcome.seat) {
        (_, None) => follow(&connection, &welcome, quiet),
        (Some(label), Some(_)) => {
            let programs = args.external.programs(quiet);
            let mut report = |progress: Progress<'_>| {
                if !quiet || matches!(progress, Progress::Refused(_)) {
                    report_progress(&progress, &names, None);
                }
            };
            let player = AgentPlayer {
                label: &label,
                programs: &programs,
                rematch: args.rematch,
            };
            // A program has no person to tell how it ended in words.
            play_seat(&connection, &player, &mut report).map(|joined| (joined.outcome, None))
        }
        (None, Some(seat)) => {
            let terminal = Rc::new(Terminal::start());
            signals = Some(StopSignals::watch(Some(terminal.waker()))?);
            let person = Person {
                names: Rc::clone(&names),
                terminal,
            };
            // One person at this terminal: the events are shown as they come. A game's result
            // is said before the rematch is asked (the last game's, at the end as ever).
            let mut ended: Option<Outcome> = None;
            let mut report = |progress: Progress<'_>| {
                match &progress {
                    Progress::Over(outcome) => ended = outcome.cloned(),
                    Progress::Rematch { .. } => {
                        if let Some(outcome) = ended.take() {
                            say(&[result_words(&outcome, &names, Some(seat))]);
                            result_said = true;
                        }
                    }
                    Progress::Started { .. } => result_said = false,
                    _ => {}
                }
                report_progress(&progress, &names, Some(seat));
            };
            play_seat(&connection, &person, &mut report)
                .map(|joined| (joined.outcome, joined.ending))
        }
    };
    if let Some(signal) = signals.and_then(StopSignals::caught) {
        log_line(&format!(
            "{}; the host waits for this seat to rejoin",
            signal.describe()
        ));
        return Ok(ExitCode::from(signal.exit_status()));
    }
    say_result(played, result_said, &names, welcome.seat)
}

/// The agent `--agent` names, if it was given: an agent spec or a program, not a person.
fn agent_of(args: &JoinArgs) -> Result<Option<SeatLabel>> {
    let Some(text) = &args.agent else {
        return Ok(None);
    };
    let label: SeatLabel = text.parse()?;
    if matches!(label, SeatLabel::Human(_) | SeatLabel::Remote(_)) {
        bail!(
            "--agent {text}: give an agent spec (`random`, `hard`, …) or `exec:COMMAND`; without --agent, a person plays the seat here"
        );
    }
    Ok(Some(label))
}

/// Says how the game that was `played` ended (its result, unless `said` already, and the
/// ending in words) from the view of `seat`; the exit status.
fn say_result(
    played: Result<(Option<Outcome>, Option<HowItEnded>), ClientError>,
    said: bool,
    names: &SeatNames,
    seat: Option<usize>,
) -> Result<ExitCode> {
    match played {
        Ok((Some(outcome), ending)) => {
            let mut out = std::io::stdout().lock();
            if !said {
                writeln!(out, "{}", result_words(&outcome, names, seat))?;
            }
            if let Some(ending) = &ending {
                let lines = ending_lines(ending, names, seat);
                drop(out);
                say(&lines);
            }
            Ok(ExitCode::SUCCESS)
        }
        Ok((None, _)) => {
            log_line("the game stopped before its end");
            Ok(ExitCode::from(EXIT_FOUND_PROBLEMS))
        }
        Err(error) => Ok(failed(&error)),
    }
}

/// Whether standard input and output are both a terminal (the TUI needs one).
pub fn at_a_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
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

/// A person at this terminal plays the seat, at the prompt `play` gives a person.
struct Person {
    names: Rc<SeatNames>,
    terminal: Rc<Terminal>,
}

impl SeatMaker for Person {
    fn make<G: BotGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError> {
        Ok(Box::new(HumanSeat::new(
            Rc::clone(&self.names),
            Rc::clone(&self.terminal),
            false,
        )))
    }

    /// Asks the person; the input ending (or a signal) is a no, so nobody waits for them.
    fn rematch(&self, offer: &Rematch<'_>) -> Option<bool> {
        let question = format!(
            "Play again with the same seats? (y/n, {} s to answer) ",
            offer.within_ms.div_ceil(1000)
        );
        Some(self.terminal.yes_or_no(&question).unwrap_or(false))
    }
}

/// Tells what happened: the events (to a person playing, `viewer`, in their view), the host's
/// news, a refusal, the connection.
fn report_progress(progress: &Progress<'_>, names: &SeatNames, viewer: Option<usize>) {
    match progress {
        Progress::Event {
            number,
            actor,
            action,
            note,
        } => {
            if let Some(viewer) = viewer {
                let event = SeenEvent {
                    actor: *actor,
                    view: *action,
                    note: note.map(str::to_owned),
                };
                say(&[event_line(
                    *number,
                    &event,
                    &names.read_by(Reader::seat(viewer)),
                )]);
            }
        }
        Progress::Started { spec, seat } => {
            log_line(&format!("the game began: {spec}, {}", names.full(*seat)));
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
        Progress::Rematch { asked, yes, .. } => {
            let standing = rematch_standing(asked, yes, &names.read_by(Reader(viewer)));
            log_line(&format!(
                "the host offers a rematch with the same seats; {standing}"
            ));
        }
        Progress::Over(_) => {}
    }
}

/// A spectator's game: every event as everyone sees it, with its note, printed as it comes;
/// the outcome and how the game ended in words.
fn follow(
    connection: &Connection,
    welcome: &Welcome<'_>,
    quiet: bool,
) -> Result<(Option<Outcome>, Option<HowItEnded>), ClientError> {
    let names = Rc::new(SeatNames::new(Reader::nobody(), welcome.seats.iter()));
    let shown = std::cell::Cell::new(0);
    let mut outcome = None;
    let mut ended = None;
    let print = |events: &[EventMessage]| {
        if !quiet {
            let lines: Vec<String> = events
                .iter()
                .enumerate()
                .map(|(index, event)| {
                    let action = mousehole_engine::text::shown(&event.action);
                    let seen = SeenEvent {
                        actor: event.actor,
                        view: action.as_str(),
                        note: event
                            .note
                            .as_deref()
                            .map(|note| mousehole_engine::text::cut(note, NOTE_CHARS)),
                    };
                    event_line(shown.get() + index + 1, &seen, &names)
                })
                .collect();
            say(&lines);
        }
        shown.set(shown.get() + events.len());
    };
    while let Some(event) = connection.next() {
        match event {
            ClientEvent::Message(HostMessage::Events { events, .. }) => print(&events),
            ClientEvent::Message(HostMessage::GameOver {
                outcome: end,
                events,
                ending,
            }) => {
                print(&events);
                outcome = end.map(std::borrow::Cow::into_owned);
                ended = ending.map(std::borrow::Cow::into_owned);
            }
            // The next game after a rematch: its events are numbered from 1 again.
            ClientEvent::Message(HostMessage::Welcome(_)) if outcome.is_some() => {
                shown.set(0);
                outcome = None;
                ended = None;
                if !quiet {
                    log_line("the next game begins");
                }
            }
            ClientEvent::Message(HostMessage::Status { text }) if !quiet => {
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
    Ok((outcome, ended))
}
