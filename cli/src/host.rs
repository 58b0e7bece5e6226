//! `mousehole host`: a game whose `remote` seats are played from other terminals. It prints
//! one line per remote seat to pass on (`seat 1 (remote): mousehole join HOST:PORT --code
//! CODE`), waits for every remote seat to join, then plays the match here (bots think on the
//! host) and shows its progress in what every seat sees. `--out` keeps the transcript as the
//! game goes; a signal stops the game as in `play` (the transcript kept, exit 128+N).

use std::fmt::Write as _;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;
use mousehole_bots::external::protocol::EventMessage;
use mousehole_bots::{SeatLabel, build_seat};
use mousehole_engine::{GameConfig, Match, Seat, SeenEvent, StopRequest, ToMove, Transcript};
use mousehole_net::{Host, HostSettings, NetGame, NetVisitor, StopCheck};

use crate::EXIT_FOUND_PROBLEMS;
use crate::human::{HumanSeat, SeatNames, event_line, say};
use crate::numbers;
use crate::out::shown_path;
use crate::play::Sitting;
use crate::spec::{TableArgs, seats_fit};

#[derive(Debug, Args)]
pub struct HostArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// The port to listen on; 0 picks a free one (the printed lines say which).
    #[arg(long, default_value = "0", value_parser = numbers::port)]
    pub port: u16,
    /// The address to listen on: 0.0.0.0 (every network of this machine), 127.0.0.1 (this
    /// machine only: for an ssh tunnel or a reverse proxy), or one of its addresses.
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0", value_parser = address)]
    pub bind: IpAddr,
    /// Keep the transcript in FILE (.json) as the game goes.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Let anyone with the address watch (`mousehole join ADDR --watch`): they see what
    /// every seat sees of the game, nothing more.
    #[arg(long)]
    pub allow_watch: bool,
    /// How long a remote seat whose connection dropped has to rejoin before its fallback
    /// (--fallback) decides for it; the others are told they wait. Seconds, or with a unit
    /// (90s, 2m, 500ms).
    #[arg(long, value_name = "TIME", default_value = "2m", value_parser = numbers::duration)]
    pub reconnect_timeout: Duration,
    /// Send each remote seat the agent seed it would have in `play`, so remote bots play as
    /// they would there (for tests and benchmarks). A remote player can work out the match
    /// seed, and so every card and roll, from it: only among players who trust each other.
    #[arg(long)]
    pub share_agent_seeds: bool,
    /// Time a new connection has for the WebSocket handshake and then its join.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = numbers::duration, hide = true)]
    pub handshake_timeout: Duration,
    /// How long the next join from an address waits after a wrong code (doubling with each
    /// one, up to 30 s).
    #[arg(long, value_name = "TIME", default_value = "500ms", value_parser = numbers::duration, hide = true)]
    pub wrong_code_delay: Duration,
    /// Print nothing but the seats' join lines and errors.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &HostArgs) -> Result<ExitCode> {
    let (spec, seats) = args.table.game_and_seats()?;
    if !seats.iter().any(SeatLabel::is_remote) {
        bail!(
            "no remote seat: list `remote` (or `remote:NAME`) for each seat played from another terminal, e.g. --seats remote,remote,random (`mousehole play` plays games at this terminal)"
        );
    }
    let table = Sitting::new(seats, args.table.seed(), args.out.as_deref(), 1, true)?;
    mousehole_net::visit(&spec, HostGame { args, table })?
}

struct HostGame<'a> {
    args: &'a HostArgs,
    table: Sitting,
}

impl NetVisitor for HostGame<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: NetGame>(mut self, config: G::Config) -> Result<ExitCode> {
        let args = self.args;
        let players = config.players();
        seats_fit(G::info(), self.table.seats.len(), players)?;
        let quiet = args.quiet;
        let settings = HostSettings {
            bind: SocketAddr::new(args.bind, args.port),
            reconnect_timeout: args.reconnect_timeout,
            handshake_timeout: args.handshake_timeout,
            wrong_code_delay: args.wrong_code_delay,
            allow_watch: args.allow_watch,
            share_agent_seeds: args.share_agent_seeds,
            ..HostSettings::default()
        };
        let log: mousehole_net::HostLog = Box::new(move |line: &str| {
            if !quiet {
                crate::external::log_line(line);
            }
        });
        let host = Host::start(settings, &config, &self.table.seats, log)?;
        let address = shown_address(host.address());
        let mut lines: Vec<String> = host
            .invitations()
            .iter()
            .map(|invitation| {
                format!(
                    "seat {} ({}): mousehole join {address} --code {}",
                    invitation.seat,
                    invitation.name.as_deref().unwrap_or("remote"),
                    invitation.code
                )
            })
            .collect();
        if args.allow_watch {
            lines.push(format!("spectators: mousehole join {address} --watch"));
        }
        // The join lines are the host's whole point: if nobody can read them (a closed or
        // full standard output), it ends here.
        crate::output::print(format!("{}\n", lines.join("\n")).as_bytes())?;
        std::io::stdout().flush()?;

        let stop: StopCheck = {
            let signals = self.table.signals;
            Arc::new(move || signals.caught().map(|signal| signal.describe().to_owned()))
        };
        let programs = args.table.external.programs(quiet);
        let names = Rc::new(SeatNames::new(&self.table.seats));
        let people: Vec<usize> = (0..players)
            .filter(|&seat| self.table.seats[seat].is_human())
            .collect();
        // One person at the host sees the game in their own view as it goes (several share
        // the terminal hot seat, each shown their view at their turn); else everyone's view.
        let viewer = match people[..] {
            [person] => Some(person),
            _ => None,
        };
        let mut seats: Vec<Box<dyn Seat<G>>> = Vec::with_capacity(players);
        for (seat, label) in self.table.seats.iter().enumerate() {
            let built =
                build_seat::<G>(label, &programs).with_context(|| format!("seat {seat}"))?;
            if let Some(bot) = built {
                seats.push(bot.seat);
            } else if label.is_human() {
                let terminal = self.table.terminal.as_ref().expect("a terminal for people");
                seats.push(Box::new(HumanSeat::new(
                    Rc::clone(&names),
                    Rc::clone(terminal),
                    people.len() > 1,
                )));
            } else {
                let fallback = &args.table.external.fallback;
                let fallback = fallback
                    .build::<G>()
                    .with_context(|| format!("--fallback {fallback}"))?;
                seats.push(Box::new(host.remote_seat::<G>(
                    seat,
                    fallback,
                    Arc::clone(&stop),
                )));
            }
        }
        let labels: Vec<String> = self.table.seats.iter().map(ToString::to_string).collect();
        let mut game = Match::<G>::new(&config, self.table.seed);
        let waited = host.wait_for_seats(&stop, |missing| {
            if !quiet {
                let missing: Vec<String> =
                    missing.iter().map(|&s| names.name(s).to_owned()).collect();
                crate::external::log_line(&format!("waiting for {} to join", missing.join(", ")));
            }
        });
        let mut shown = 0;
        let remote: Vec<bool> = self.table.seats.iter().map(SeatLabel::is_remote).collect();
        let out = &mut self.table.out;
        let mut after = |game: &Match<G>, new: &[EventMessage]| -> Result<()> {
            match viewer {
                Some(person) => {
                    let seen = &game.seen(person)[shown..];
                    let lines: Vec<String> = seen
                        .iter()
                        .enumerate()
                        .map(|(index, event)| event_line(shown + index + 1, event, &names, person))
                        .collect();
                    say(&lines);
                    shown += seen.len();
                }
                None if people.is_empty() => {
                    if !quiet {
                        say(&progress_lines(new, shown, &names));
                    }
                    shown += new.len();
                }
                None => {}
            }
            // Saved when a remote seat is to decide: waiting for it may take long (and end in a
            // crash or a signal); bots and chance take no time worth a save.
            if let (Some(out), ToMove::Player(seat)) = (out.as_mut(), game.state().to_move())
                && remote[seat]
            {
                out.save_progress(game, &labels)?;
            }
            Ok(())
        };
        if let Err(reason) = waited {
            game.stop(0, StopRequest::quit(reason));
        } else {
            if !quiet {
                say(&[format!(
                    "=== {}: {players} players, seed {} ===",
                    G::info().title,
                    self.table.seed
                )]);
            }
            host.play(&mut game, &mut seats, &stop, &mut after)?;
        }
        let transcript = Transcript::from_match(&game, labels);
        if let Some(out) = self.table.out.as_mut() {
            out.save_finished(&transcript)?;
        }
        // Every connection is sent the end and `quit`; a slow one is not waited for long.
        host.close(Duration::from_secs(2));
        drop(seats);
        if !quiet {
            let mut stdout = std::io::stdout().lock();
            write!(stdout, "{}", outcome_text(&transcript))?;
            if let Some(file) = &self.table.out {
                writeln!(stdout, "wrote {}", shown_path(file.path()))?;
            }
        }
        Ok(match (game.ended_early(), self.table.signals.caught()) {
            (None, _) => ExitCode::SUCCESS,
            (Some(_), Some(signal)) => ExitCode::from(signal.exit_status()),
            (Some((_, reason, _)), None) => {
                crate::external::log_line(&format!("the game stopped: {reason}"));
                ExitCode::from(EXIT_FOUND_PROBLEMS)
            }
        })
    }
}

/// An address to listen on, said in people's words when it is not one.
fn address(text: &str) -> Result<IpAddr, String> {
    text.trim().parse().map_err(|_| {
        "expected an IP address of this machine, such as 127.0.0.1, 0.0.0.0 or ::1".to_owned()
    })
}

/// The events as everyone sees them, numbered from `before + 1`.
fn progress_lines(events: &[EventMessage], before: usize, names: &SeatNames) -> Vec<String> {
    events
        .iter()
        .enumerate()
        .map(|(index, event)| {
            let seen = SeenEvent {
                actor: event.actor,
                view: event.action.as_str(),
                note: None,
            };
            event_line(before + index + 1, &seen, names, usize::MAX)
        })
        .collect()
}

/// The end of the game in words: who won, or why it stopped.
fn outcome_text(transcript: &Transcript) -> String {
    match (&transcript.outcome, &transcript.stopped) {
        (Some(outcome), _) => {
            let mut text = String::from("=== Game over ===\n  seat  rank  score\n");
            for seat in 0..outcome.ranks.len() {
                let _ = writeln!(
                    text,
                    "  {:>4}  {:>4}  {:>5}   {}",
                    seat,
                    outcome.ranks[seat],
                    outcome.scores.get(seat).copied().unwrap_or_default(),
                    transcript.seats[seat]
                );
            }
            text
        }
        (None, stopped) => format!(
            "=== Game stopped after {} events: {} ===\n",
            transcript.events.len(),
            stopped.as_deref().unwrap_or("unfinished")
        ),
    }
}

/// The address to give players: the one listened on, or this machine's name when it
/// listens on every address.
fn shown_address(address: SocketAddr) -> String {
    if !address.ip().is_unspecified() {
        return address.to_string();
    }
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "THIS-MACHINE".to_owned());
    format!("{name}:{}", address.port())
}
