//! `mousehole host`: a game whose `remote` seats are played from other terminals. It prints
//! one line per remote seat to pass on (`seat 1 (remote): mousehole join HOST:PORT --code
//! CODE`), waits for every remote seat to join, then plays the match here (bots think on the
//! host) and shows its progress in what every seat sees; a person here plays in the terminal
//! UI, through a connection of their own as a joined seat does (the match goes on meanwhile),
//! or at the line prompt (`--prompt`, several people, or no terminal). `--out` keeps the transcript as the
//! game goes; a signal stops the game as in `play` (the transcript kept, exit 128+N). At each
//! game's end the people playing from connections are offered a rematch (`--rematch-within`,
//! `--no-rematch`): when all say yes, the next game is played with the next seed, its
//! transcript beside the first (`game-2.json`).

use std::fmt::Write as _;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;
use mousehole_bots::{BotGame, BotVisitor, SeatLabel, seat_names};
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::{Game, GameConfig, Match, Seat, SeenEvent, StopRequest, Table, Transcript};
use mousehole_net::{
    ClientSettings, Connection, Host, HostSettings, RematchVerdict, StopCheck, Target,
};
use mousehole_protocol::EventMessage;
use mousehole_tui::Launch;

use crate::EXIT_FOUND_PROBLEMS;
use crate::human::{HumanSeat, event_line, say};
use crate::numbers;
use crate::out::shown_path;
use crate::play::{PlayTable, Sitting};
use crate::signals::StopSignals;
use crate::spec::{TableArgs, seats_fit};

// Command-line switches, each its own yes or no.
#[allow(clippy::struct_excessive_bools)]
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
    /// A person here plays at the line prompt `mousehole play` gives, even on a terminal
    /// (else one person here plays in the terminal UI; several always share the prompt).
    #[arg(long)]
    pub prompt: bool,
    /// Open the first remote seat's link in this machine's browser (for a person here who
    /// plays in a browser window).
    #[arg(long)]
    pub open: bool,
    /// Leave out the QR codes of the browser links.
    #[arg(long)]
    pub no_qr: bool,
    /// How long the people have to say yes to a rematch after each game's end: when every
    /// remote seat (and the person on screen here) says yes in time, the next game is played
    /// with the same seats and codes and the next seed. Seconds, or with a unit (90s, 2m).
    #[arg(long, value_name = "TIME", default_value = "2m", value_parser = numbers::duration)]
    pub rematch_within: Duration,
    /// Offer no rematch: the host ends after its one game.
    #[arg(long)]
    pub no_rematch: bool,
    /// Print nothing but the seats' join lines and links, and errors.
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
    // One person at the host plays in the terminal UI, as a joined seat does; several share
    // the line prompt hot seat.
    let on_screen = seats.iter().filter(|label| label.is_human()).count() == 1
        && !args.prompt
        && crate::join::at_a_terminal();
    let seed = args.table.seed();
    let prompt = !on_screen && seats.iter().any(SeatLabel::is_human);
    let table = Sitting::open(seats, seed, args.out.as_deref(), (1, true), prompt)?;
    mousehole_bots::visit(
        &spec,
        HostGame {
            args,
            table,
            on_screen,
        },
    )?
}

struct HostGame<'a> {
    args: &'a HostArgs,
    table: Sitting,
    /// The one person here plays in the terminal UI.
    on_screen: bool,
}

impl BotVisitor for HostGame<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: BotGame>(mut self, config: G::Config) -> Result<ExitCode> {
        let players = config.players();
        seats_fit(G::Config::description(), self.table.seats.len(), players)?;
        // While the terminal UI is open, the log would write over it: the UI shows the host's
        // news itself.
        let screen_open = Arc::new(AtomicBool::new(false));
        let host = self.start_host(&config, &screen_open)?;
        let screen_seat = self.screen_seat();
        let address = self.invite(&host, screen_seat)?;
        let screen = screen_seat
            .map(|seat| open_screen(&host, seat))
            .transpose()?;
        // The person on screen leaving stops the game, as a signal does.
        let left = Arc::new(AtomicBool::new(false));
        let stop = self.stop_check(&left);
        let names = Rc::new(seat_names(&self.table.seats, Reader::nobody()));
        let mut seats = self.seats::<G>(&host, &stop, &names)?;
        let labels: Vec<String> = self.table.seats.iter().map(ToString::to_string).collect();
        let mut game = Match::<G>::new(&config, self.table.seed);
        let waited = host.wait_for_seats(&stop, |missing| {
            if !self.args.quiet {
                let missing: Vec<String> = missing.iter().map(|&s| names.name(s)).collect();
                crate::external::log_line(&format!("waiting for {} to join", missing.join(", ")));
            }
        });
        // Everyone is in: the screen opens (the join lines stayed readable until now).
        let screen = match screen {
            Some(connection) if waited.is_ok() => Some(run_screen(
                connection,
                address,
                self.table.signals,
                &screen_open,
                &left,
            )?),
            _ => None,
        };
        // Each game's transcript and where it was written, reported once nobody's screen is
        // open.
        let mut reports = Vec::new();
        let mut offer_stopped = false;
        if let Err(reason) = waited {
            game.stop(0, StopRequest::quit(reason));
            self.keep(&game, &labels, &mut reports)?;
        } else {
            loop {
                self.play::<G>(
                    &host,
                    &stop,
                    &mut game,
                    &mut seats,
                    &labels,
                    &names,
                    screen.is_some(),
                )?;
                self.keep(&game, &labels, &mut reports)?;
                if screen.is_none() {
                    for (transcript, written) in reports.drain(..) {
                        self.report(&transcript, written.as_deref())?;
                    }
                }
                match self.rematch(&host, &stop, &game) {
                    AfterGame::Again => {}
                    AfterGame::Stopped => {
                        offer_stopped = true;
                        break;
                    }
                    AfterGame::Done => break,
                }
                // The next game: the same seats and codes, the next seed, its own transcript.
                self.table.seed = self.table.seed.wrapping_add(1);
                if let Some(out) = self.table.out.as_mut() {
                    out.next_game()?;
                }
                host.next_game(self.table.seed);
                game = Match::<G>::new(&config, self.table.seed);
            }
        }
        // Every connection is sent the end and `quit`; a slow one is not waited for long.
        host.close(Duration::from_secs(2));
        drop(seats);
        // The person looks at the end screen until they quit it.
        let left_early = screen.is_some() && left.load(Ordering::SeqCst);
        if let Some(screen) = screen {
            close_screen(screen, &screen_open)?;
        }
        for (transcript, written) in &reports {
            self.report(transcript, written.as_deref())?;
        }
        Ok(self.exit_code(game.ended_early(), left_early, offer_stopped))
    }
}

/// What follows a game.
enum AfterGame {
    /// Everyone said yes to a rematch: the next game.
    Again,
    /// No rematch: none offered, someone said no, or the time ran out.
    Done,
    /// A stop request ended the offer.
    Stopped,
}

impl HostGame<'_> {
    /// Saves the finished `game` (with `--out`) and keeps its transcript and where it was
    /// written in `reports`.
    fn keep<G: Game>(
        &mut self,
        game: &Match<G>,
        labels: &[String],
        reports: &mut Vec<(Transcript, Option<PathBuf>)>,
    ) -> Result<()> {
        if let Some(out) = self.table.out.as_mut() {
            out.save_finished(game, labels)?;
        }
        let written = self.table.out.as_ref().map(|out| out.path().to_owned());
        reports.push((Transcript::from_match(game, labels.to_vec()), written));
        Ok(())
    }

    /// Offers a rematch after `game`, where one is offered, and waits for the seats' answers.
    fn rematch<G: Game>(&self, host: &Host, stop: &StopCheck, game: &Match<G>) -> AfterGame {
        if !self.rematch_offered(game) {
            return AfterGame::Done;
        }
        host.offer_rematch(self.args.rematch_within);
        match host.await_rematch(stop) {
            RematchVerdict::Yes => AfterGame::Again,
            RematchVerdict::Stopped(_) => AfterGame::Stopped,
            RematchVerdict::No(_) | RematchVerdict::TimeUp => AfterGame::Done,
        }
    }
    /// Starts listening, with the host's log (quiet while the terminal UI is open).
    fn start_host<C: GameConfig>(&self, config: &C, screen_open: &Arc<AtomicBool>) -> Result<Host> {
        let args = self.args;
        let quiet = args.quiet;
        let settings = HostSettings {
            bind: SocketAddr::new(args.bind, args.port),
            reconnect_timeout: args.reconnect_timeout,
            handshake_timeout: args.handshake_timeout,
            wrong_code_delay: args.wrong_code_delay,
            allow_watch: args.allow_watch,
            share_agent_seeds: args.share_agent_seeds,
            rules: crate::catalog::rules_text(C::description()),
            ..HostSettings::default()
        };
        let log: mousehole_net::HostLog = {
            let screen_open = Arc::clone(screen_open);
            Box::new(move |line: &str| {
                if !quiet && !screen_open.load(Ordering::SeqCst) {
                    crate::external::log_line(line);
                }
            })
        };
        // The person on screen plays through a connection of their own, as a joined seat.
        let host_labels: Vec<SeatLabel> = self
            .table
            .seats
            .iter()
            .map(|label| match label {
                SeatLabel::Human(name) if self.on_screen => {
                    SeatLabel::Remote(Some(name.clone().unwrap_or_else(|| "human".to_owned())))
                }
                label => label.clone(),
            })
            .collect();
        Ok(Host::start(settings, config, &host_labels, log)?)
    }

    /// The seat of the person on screen, if one plays in the terminal UI.
    fn screen_seat(&self) -> Option<usize> {
        self.table
            .seats
            .iter()
            .position(SeatLabel::is_human)
            .filter(|_| self.on_screen)
    }

    /// Prints the join line of each remote seat (not the screen's own) with its link for a
    /// browser and that link's QR code, and the spectators'; opens the first link with
    /// `--open`. Returns the address given in the join lines.
    fn invite(&self, host: &Host, screen_seat: Option<usize>) -> Result<String> {
        let address = shown_address(host.address());
        let web = crate::link::browser_address(host.address(), &address);
        let names = seat_names(&self.table.seats, Reader::nobody());
        let mut invitations: Vec<(String, String)> = host
            .invitations()
            .iter()
            .filter(|invitation| Some(invitation.seat) != screen_seat)
            .map(|invitation| {
                let line = format!(
                    "{}: mousehole join {address} --code {}",
                    names.name(invitation.seat),
                    invitation.code
                );
                (line, mousehole_net::page::seat_link(&web, &invitation.code))
            })
            .collect();
        if self.args.allow_watch {
            invitations.push((
                format!("spectators: mousehole join {address} --watch"),
                mousehole_net::page::watch_link(&web),
            ));
        }
        let mut text = String::new();
        for (line, link) in &invitations {
            let _ = writeln!(text, "{line}\n  in a browser: {link}");
            if !self.args.no_qr {
                text.push_str(&crate::link::qr_code(link, "  ")?);
            }
        }
        // The join lines are the host's whole point: if nobody can read them (a closed or
        // full standard output), it ends here.
        crate::output::print(text.as_bytes())?;
        std::io::stdout().flush()?;
        if self.args.open {
            match invitations.first() {
                Some((_, link)) => crate::link::open(link)?,
                None => {
                    bail!("--open: there is no link to open (every remote seat is played here)")
                }
            }
        }
        Ok(address)
    }

    /// What stops the game: a signal, or the person on screen leaving it.
    fn stop_check(&self, left: &Arc<AtomicBool>) -> StopCheck {
        let signals = self.table.signals;
        let left = Arc::clone(left);
        Arc::new(move || {
            signals
                .caught()
                .map(|signal| signal.describe().to_owned())
                .or_else(|| left.load(Ordering::SeqCst).then(|| LEFT.to_owned()))
        })
    }

    /// The seats: bots and programs, remote seats (each with a fallback of its own), people
    /// at the prompt.
    fn seats<G: BotGame>(
        &self,
        host: &Host,
        stop: &StopCheck,
        names: &Rc<SeatNames>,
    ) -> Result<Vec<Box<dyn Seat<G>>>> {
        let programs = self.args.table.external.programs(self.args.quiet);
        let fallback = &self.args.table.external.fallback;
        let people = self
            .table
            .seats
            .iter()
            .filter(|label| label.is_human())
            .count();
        let mut seats: Vec<Box<dyn Seat<G>>> = Vec::with_capacity(self.table.seats.len());
        for (seat, label) in self.table.seats.iter().enumerate() {
            let built = host
                .seat(seat, label, &programs, || fallback.build::<G>(), stop)
                .with_context(|| format!("seat {seat}"))?;
            if let Some(built) = built {
                seats.push(built);
            } else {
                let terminal = self.table.terminal.as_ref().expect("a terminal for people");
                seats.push(Box::new(HumanSeat::new(
                    Rc::clone(names),
                    Rc::clone(terminal),
                    people > 1,
                )));
            }
        }
        Ok(seats)
    }

    /// Plays the match through the driver, hosted: one person at the host sees the game in
    /// their own view as it goes (several share the terminal hot seat, each shown their view
    /// at their turn); with nobody here, everyone's view.
    #[allow(clippy::too_many_arguments)]
    fn play<G: BotGame>(
        &mut self,
        host: &Host,
        stop: &StopCheck,
        game: &mut Match<G>,
        seats: &mut [Box<dyn Seat<G>>],
        labels: &[String],
        names: &SeatNames,
        on_screen: bool,
    ) -> Result<()> {
        let quiet = self.args.quiet;
        let people: Vec<usize> = (0..self.table.seats.len())
            .filter(|&seat| self.table.seats[seat].is_human())
            .collect();
        if !quiet && !on_screen {
            say(&[format!(
                "=== {}: {} players, seed {} ===",
                G::Config::description().title,
                seats.len(),
                self.table.seed
            )]);
        }
        let live = match people[..] {
            [person] if !on_screen => Some((person, names)),
            _ => None,
        };
        let progress = (people.is_empty() && !quiet).then_some(Progress {
            host,
            names,
            shown: 0,
        });
        let table = HostTable {
            play: PlayTable {
                signals: &self.table.signals,
                out: self.table.out.as_mut(),
                labels,
                seats: &self.table.seats,
                terminal: self.table.terminal.as_deref(),
                live,
            },
            progress,
        };
        game.drive(seats, &mut host.table(stop, table))?;
        Ok(())
    }

    /// Whether a rematch is offered after `game`: it ended (not stopped), rematches are on,
    /// and every person plays from a connection (people sharing the host's prompt are not
    /// asked).
    fn rematch_offered<G: Game>(&self, game: &Match<G>) -> bool {
        !self.args.no_rematch
            && game.ended_early().is_none()
            && game.end().is_some()
            && self.table.terminal.is_none()
    }

    /// The end of a game in words, and where its transcript is.
    fn report(&self, transcript: &Transcript, written: Option<&std::path::Path>) -> Result<()> {
        if !self.args.quiet {
            let mut stdout = std::io::stdout().lock();
            write!(stdout, "{}", outcome_text(transcript))?;
            if let Some(path) = written {
                writeln!(stdout, "wrote {}", shown_path(path))?;
            }
        }
        Ok(())
    }

    /// Success when the last game ended (or the person at the host chose to leave: the game
    /// so far is kept); 128+N after signal N, also when it came while a rematch was offered;
    /// else the problems' code, with why the game stopped.
    fn exit_code(
        &self,
        ended_early: Option<(usize, &str, bool)>,
        left_early: bool,
        offer_stopped: bool,
    ) -> ExitCode {
        match (ended_early, self.table.signals.caught()) {
            (None, Some(signal)) if offer_stopped => ExitCode::from(signal.exit_status()),
            (None, _) => ExitCode::SUCCESS,
            (Some(_), None) if left_early => ExitCode::SUCCESS,
            (Some(_), Some(signal)) => ExitCode::from(signal.exit_status()),
            (Some((_, reason, _)), None) => {
                crate::external::log_line(&format!("the game stopped: {reason}"));
                ExitCode::from(EXIT_FOUND_PROBLEMS)
            }
        }
    }
}

/// What the host adds to `play`'s table ([`PlayTable`]: saving before a seat that may keep the
/// game waiting, the one person's live view): with nobody at the host, each event as everyone
/// sees it.
struct HostTable<'a> {
    play: PlayTable<'a>,
    progress: Option<Progress<'a>>,
}

/// The events as everyone sees them, as they are published.
struct Progress<'a> {
    host: &'a Host,
    names: &'a SeatNames,
    shown: usize,
}

impl<G: Game> Table<G> for HostTable<'_> {
    type Error = anyhow::Error;

    fn stop(&mut self, game: &Match<G>) -> Option<StopRequest> {
        self.play.stop(game)
    }

    fn before_wait(&mut self, game: &Match<G>, seat: usize) -> Result<()> {
        self.play.before_wait(game, seat)
    }

    /// The host's progress lines show what everyone sees of each event, with its note.
    fn wants_public(&self) -> bool {
        self.progress.is_some()
    }

    fn recorded(&mut self, game: &Match<G>) -> Result<()> {
        if let Some(progress) = &mut self.progress {
            let new = progress.host.public_events(progress.shown);
            say(&progress_lines(&new, progress.shown, progress.names));
            progress.shown += new.len();
        }
        self.play.recorded(game)
    }
}

/// Why the game stops when the person at the host leaves the terminal UI.
const LEFT: &str = "the person at the host left the game";

/// The connection the person on screen plays seat `seat` through: to the host itself, on
/// this machine.
fn open_screen(host: &Host, seat: usize) -> Result<Connection> {
    let listening = host.address();
    let ip = match listening.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let code = host
        .invitations()
        .iter()
        .find(|invitation| invitation.seat == seat)
        .map(|invitation| invitation.code.clone())
        .expect("the person's seat has a code");
    Connection::open(
        &SocketAddr::new(ip, listening.port()).to_string(),
        &Target::Seat { code },
        (Some("the host's screen"), Some(env!("CARGO_PKG_VERSION"))),
        ClientSettings::default(),
    )
    .map_err(|error| anyhow::anyhow!("the host's own screen could not join: {error}"))
}

/// Opens the terminal UI on `connection` on a thread of its own (the match goes on here); it
/// marks `left` when it closes, and holds `screen_open` while open. A signal closes it, as it
/// stops the game.
/// Waits for the person to quit the terminal UI's end screen, then says what it left to say.
fn close_screen(
    screen: std::thread::JoinHandle<Result<mousehole_tui::Exit>>,
    screen_open: &AtomicBool,
) -> Result<()> {
    let exit = screen
        .join()
        .map_err(|_| anyhow::anyhow!("the terminal UI failed"))??;
    screen_open.store(false, Ordering::SeqCst);
    if let Some(message) = exit.message {
        crate::output::note(&message);
    }
    Ok(())
}

fn run_screen(
    connection: Connection,
    address: String,
    signals: StopSignals,
    screen_open: &Arc<AtomicBool>,
    left: &Arc<AtomicBool>,
) -> Result<std::thread::JoinHandle<Result<mousehole_tui::Exit>>> {
    let signals = signals
        .with_grace(crate::tui::GRACE)
        .before_exit(mousehole_tui::restore);
    let stop = signals.flag();
    let left = Arc::clone(left);
    screen_open.store(true, Ordering::SeqCst);
    std::thread::Builder::new()
        .name("screen".into())
        .spawn(move || {
            let exit = mousehole_tui::run(
                Launch::Join {
                    connection,
                    address,
                },
                &stop,
            );
            left.store(true, Ordering::SeqCst);
            Ok(exit?)
        })
        .context("cannot start the terminal UI's thread")
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
                note: event.note.clone(),
            };
            event_line(before + index + 1, &seen, names)
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
