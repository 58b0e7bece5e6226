//! The host: a match whose remote seats are connections. [`Host::start`] listens (an HTTP
//! server whose WebSocket connections are the seats, on its own thread) and gives each remote
//! seat its code; the match runs on the caller's thread as any other, each remote seat a
//! [`RemoteSeat`] whose decision waits for its connection's answer; [`Host::publish`] sends
//! every connection the events as they happen. What a connection receives is made from its
//! seat's views alone ([`crate::wire`]).
//!
//! Nobody gets in where they do not belong: a connection sends nothing but a `join` (with a
//! seat's code) or a `watch` until it has a seat, within the handshake timeout of connecting;
//! a wrong code is refused, and the next join from that address waits longer each time,
//! however many connections it opens; every message, and the output waiting for a client, is
//! bounded; connections that stop reading are dropped; the number of connections is capped, in
//! all and per address. A seat's connection can answer only its own seat's current `act`, only
//! with a legal action: anything else is answered with an `error`, and the request stands.

mod http;
mod seat;
mod server;

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use mousehole_bots::SeatLabel;
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::{DecisionInfo, Game, Match, Next, StopRequest, Table};
use mousehole_protocol::EventMessage;
use serde_json::value::RawValue;
use thiserror::Error;
use tokio::sync::{broadcast, mpsc, watch};

pub use self::seat::{RemoteSeat, StopCheck};

use crate::code::{CodeError, SeatCode, normalise};
use crate::wire::{Over, PendingAct, event_message, observation_json};

/// How the host listens and how long it waits.
#[derive(Clone, Debug)]
pub struct HostSettings {
    /// The address to listen on (port 0: a free port, which [`Host::address`] tells).
    pub bind: SocketAddr,
    /// How long a remote seat that dropped has to rejoin before its fallback decides for it.
    pub reconnect_timeout: Duration,
    /// How long a new connection has, from connecting, to open its WebSocket and send its
    /// `join` or `watch` (an HTTP request's head, too, must arrive within it).
    pub handshake_timeout: Duration,
    /// A connection that answered none of the host's pings for this long is dropped (what
    /// else it sends does not show that it reads); so is one that does not take a message
    /// within it.
    pub idle_timeout: Duration,
    /// How often the host pings each connection, so a live one is never idle.
    pub ping_interval: Duration,
    /// Most connections at once, and from one address.
    pub max_connections: usize,
    pub max_per_address: usize,
    /// How long the next join from an address waits after its first wrong code; each further
    /// wrong code doubles it, up to `wrong_code_delay_max`.
    pub wrong_code_delay: Duration,
    pub wrong_code_delay_max: Duration,
    /// Whether spectators may `watch` (they are shown what every seat sees, nothing more).
    pub allow_watch: bool,
    /// Whether a remote seat is sent the agent seed the seat would get in `play` (derived from
    /// the match seed), so remote bots play as they would there. Off by default: the match
    /// seed, and so every card and roll, can be worked out from it
    /// ([`agent_seed`](mousehole_engine::rng::agent_seed) is a bijection for a fixed seat); a
    /// remote seat is then sent a seed of its own from the operating system's generator.
    pub share_agent_seeds: bool,
    /// The game's rules as `mousehole rules` prints them, which the page the host serves shows
    /// at its foot (empty: the page shows none).
    pub rules: String,
}

impl HostSettings {
    pub const DEFAULT_RECONNECT_TIMEOUT: Duration = Duration::from_mins(2);
}

impl Default for HostSettings {
    fn default() -> Self {
        Self {
            bind: SocketAddr::from(([0, 0, 0, 0], 0)),
            reconnect_timeout: Self::DEFAULT_RECONNECT_TIMEOUT,
            handshake_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_mins(1),
            ping_interval: Duration::from_secs(15),
            max_connections: 64,
            max_per_address: 8,
            wrong_code_delay: Duration::from_millis(500),
            wrong_code_delay_max: Duration::from_secs(30),
            allow_watch: false,
            share_agent_seeds: false,
            rules: String::new(),
        }
    }
}

/// Why a host cannot start.
#[derive(Debug, Error)]
pub enum HostError {
    #[error("cannot listen on {address}: {}", mousehole_engine::words::io_error(.source))]
    Listen {
        address: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the network thread: {}", mousehole_engine::words::io_error(.0))]
    Thread(std::io::Error),
    #[error(transparent)]
    Code(#[from] CodeError),
}

/// Where the host's log lines go (who joined, dropped, was refused; when a fallback decides).
pub type HostLog = Box<dyn Fn(&str) + Send + Sync>;

/// A remote seat's line to pass on: which seat, and how to join it.
#[derive(Clone, Debug)]
pub struct Invitation {
    pub seat: usize,
    /// The seat's name, if its label gave one (`remote:alice`).
    pub name: Option<String>,
    pub code: String,
}

/// The host of one match (see the module documentation).
pub struct Host {
    shared: Arc<Shared>,
    address: SocketAddr,
    invitations: Vec<Invitation>,
    /// Tells the network thread to finish.
    shutdown: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl fmt::Debug for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Host")
            .field("address", &self.address)
            .field("remote_seats", &self.invitations.len())
            .finish_non_exhaustive()
    }
}

/// What the match's thread and the network thread share.
pub(crate) struct Shared {
    pub(crate) settings: HostSettings,
    pub(crate) state: Mutex<State>,
    /// Told of every answer, join and drop (a remote seat waiting for its answer listens).
    pub(crate) changed: Condvar,
    /// Bumped whenever there is something new to send; every connection watches it.
    pub(crate) version: watch::Sender<u64>,
    /// Status lines for everyone (`waiting for seat 2 to reconnect`).
    pub(crate) status: broadcast::Sender<String>,
    pub(crate) log: HostLog,
    /// The `welcome` facts: game name, spec, player count, seat names.
    pub(crate) game: String,
    pub(crate) spec: String,
    pub(crate) names: Vec<String>,
}

/// The state behind [`Shared::state`].
pub(crate) struct State {
    /// Per seat: `Some` for a remote seat.
    pub(crate) seats: Vec<Option<SeatState>>,
    /// The events as a spectator sees them (what everyone sees, with the notes), the public
    /// view after the first N of them (sent with `events`), and the outcome once the match
    /// is over.
    pub(crate) public: Vec<EventMessage>,
    pub(crate) public_observation: Option<(usize, Box<RawValue>)>,
    pub(crate) public_over: Option<Over>,
    /// Wrong codes per address: how many (recently), and when the next join may be tried.
    pub(crate) failures: HashMap<IpAddr, Failures>,
    /// Open connections in all and per address.
    pub(crate) connections: usize,
    pub(crate) per_address: HashMap<IpAddr, usize>,
    pub(crate) next_connection: u64,
    /// The host is closing: connections send what is left, then `quit`.
    pub(crate) closing: bool,
    /// Which game of the host's this is, from 0: a connection that was sent another starts
    /// over (a `welcome`, then the new game).
    pub(crate) game: u64,
    /// The rematch offered after the game's end, while it stands.
    pub(crate) rematch: Option<Offer>,
}

/// A rematch offered ([`Host::offer_rematch`]): who is asked, who said yes, who said no, and
/// until when.
#[derive(Clone, Debug)]
pub(crate) struct Offer {
    pub(crate) asked: Vec<usize>,
    pub(crate) yes: Vec<usize>,
    pub(crate) no: Option<usize>,
    pub(crate) deadline: Instant,
    /// Rises with every answer: a connection sends the offer again when it changed.
    pub(crate) revision: u64,
}

impl Offer {
    /// The `rematch` message, the time left counted from now.
    pub(crate) fn text(&self) -> String {
        let left = self.deadline.saturating_duration_since(Instant::now());
        mousehole_protocol::PlainMessage::Rematch(mousehole_protocol::Rematch {
            asked: self.asked.as_slice().into(),
            yes: self.yes.as_slice().into(),
            within_ms: u64::try_from(left.as_millis()).unwrap_or(u64::MAX),
        })
        .to_text()
    }
}

/// How a rematch offer ended ([`Host::await_rematch`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RematchVerdict {
    /// Every seat asked said yes in time.
    Yes,
    /// This seat said no.
    No(usize),
    /// The time ran out before everyone said yes.
    TimeUp,
    /// The host is stopping (a signal), for this reason.
    Stopped(String),
}

/// One remote seat: its code, what it has been sent of the game, and its connection.
pub(crate) struct SeatState {
    pub(crate) code: SeatCode,
    /// The `new_game` message of the game in progress.
    pub(crate) new_game: Option<String>,
    /// The seat's views of every event so far.
    pub(crate) events: Vec<EventMessage>,
    /// The decision asked of it, until it is answered.
    pub(crate) act: Option<PendingAct>,
    /// The seat's observation after its first N events, as published (sent with `events`).
    pub(crate) observation: Option<(usize, Box<RawValue>)>,
    /// The end, once the match is over.
    pub(crate) over: Option<Over>,
    /// How the game ended in words as this seat may know it, worked out as its last event is
    /// published (just before the seat is told the end, which takes it).
    pub(crate) ending: Option<mousehole_engine::HowItEnded>,
    pub(crate) connection: Option<Attached>,
    /// When the seat last lost its connection (`None` while connected).
    pub(crate) dropped_at: Option<Instant>,
    /// Answers come in, for the seat's [`RemoteSeat`] to check.
    pub(crate) answers: VecDeque<Answer>,
}

/// The connection playing a seat.
pub(crate) struct Attached {
    pub(crate) id: u64,
    /// Where it connected from (said when another connection replaces it).
    pub(crate) address: std::net::SocketAddr,
    /// Messages for this connection alone (errors about its answers, being replaced).
    pub(crate) outbox: mpsc::UnboundedSender<Outgoing>,
}

/// A message for one connection.
#[derive(Debug)]
pub(crate) enum Outgoing {
    Text(String),
    /// Send this, then close.
    Last(String),
}

/// An answer to a seat's current `act`, as its connection received it.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) connection: u64,
    pub(crate) id: u64,
    pub(crate) action: Option<String>,
    pub(crate) info: Option<DecisionInfo>,
}

/// Wrong codes from one address.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Failures {
    pub(crate) count: u32,
    pub(crate) last: Instant,
}

impl Shared {
    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits on [`Shared::changed`] for at most [`POLL`], giving the lock back after.
    pub(crate) fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed
            .wait_timeout(state, POLL)
            .unwrap_or_else(PoisonError::into_inner)
            .0
    }

    /// Wakes every connection to send what is new.
    pub(crate) fn bump(&self) {
        self.version.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// Tells every connection, and the host's log.
    pub(crate) fn announce(&self, text: &str) {
        (self.log)(text);
        // No receivers (nobody connected) is not an error here.
        let _ = self.status.send(text.to_owned());
    }

    /// The game stopped before its end, `why` in words: every connection is told so (a
    /// `status`) just before its `game_over`, which waits for it, and the host's log.
    pub(crate) fn stopped(&self, why: &str) {
        (self.log)(why);
        let mut guard = self.lock();
        let state = &mut *guard;
        let ends = state
            .seats
            .iter_mut()
            .filter_map(|seat| seat.as_mut().and_then(|seat| seat.over.as_mut()))
            .chain(state.public_over.as_mut());
        for over in ends {
            over.stopped.get_or_insert_with(|| why.to_owned());
        }
        drop(guard);
        self.bump();
    }

    /// The seats as `viewer` (a seat, or a spectator: `None`) reads of them in words such as
    /// how the game ended: itself `you`, the others `seat 1 (alice)`.
    pub(crate) fn names_for(&self, viewer: Option<usize>) -> Vec<String> {
        let names = SeatNames::new(Reader(viewer), &self.names);
        (0..names.len()).map(|seat| names.name(seat)).collect()
    }

    /// How a seat is named in status lines, which everyone reads: `seat 1 (alice)`.
    pub(crate) fn seat_name(&self, seat: usize) -> String {
        SeatNames::new(Reader::nobody(), &self.names).name(seat)
    }

    /// The remote seat whose code `typed` is, if any: every seat's code is compared, each in
    /// constant time, so the time taken says nothing of which (if any) matched or how well.
    pub(crate) fn seat_of_code(&self, typed: &str) -> Option<usize> {
        let typed = normalise(typed)?;
        let state = self.lock();
        let mut found = None;
        for (seat, remote) in state.seats.iter().enumerate() {
            if let Some(remote) = remote
                && remote.code.matches(&typed)
            {
                found = Some(seat);
            }
        }
        found
    }
}

impl Host {
    /// Starts listening, with a fresh code for each `remote` seat of `labels`. Nothing of the
    /// game is sent until the match starts its seats.
    ///
    /// # Errors
    /// The address cannot be listened on, the network thread cannot start, or the system's
    /// random generator fails.
    pub fn start<C: mousehole_engine::GameConfig>(
        settings: HostSettings,
        config: &C,
        labels: &[SeatLabel],
        log: HostLog,
    ) -> Result<Self, HostError> {
        let listener = TcpListener::bind(settings.bind).map_err(|source| HostError::Listen {
            address: settings.bind,
            source,
        })?;
        let listen_error = |source| HostError::Listen {
            address: settings.bind,
            source,
        };
        listener.set_nonblocking(true).map_err(listen_error)?;
        let address = listener.local_addr().map_err(listen_error)?;
        let mut seats = Vec::with_capacity(labels.len());
        let mut invitations = Vec::new();
        for (seat, label) in labels.iter().enumerate() {
            if !label.is_remote() {
                seats.push(None);
                continue;
            }
            let code = SeatCode::generate()?;
            invitations.push(Invitation {
                seat,
                name: label.name().map(str::to_owned),
                code: code.to_string(),
            });
            seats.push(Some(SeatState {
                code,
                new_game: None,
                events: Vec::new(),
                act: None,
                observation: None,
                over: None,
                ending: None,
                connection: None,
                dropped_at: None,
                answers: VecDeque::new(),
            }));
        }
        let (version, _) = watch::channel(0);
        let (status, _) = broadcast::channel(64);
        let (shutdown, shutdown_seen) = watch::channel(false);
        let shared = Arc::new(Shared {
            settings,
            state: Mutex::new(State {
                seats,
                public: Vec::new(),
                public_observation: None,
                public_over: None,
                failures: HashMap::new(),
                connections: 0,
                per_address: HashMap::new(),
                next_connection: 1,
                closing: false,
                game: 0,
                rematch: None,
            }),
            changed: Condvar::new(),
            version,
            status,
            log,
            game: C::description().name.to_owned(),
            spec: mousehole_engine::registry::canonical_spec(config),
            names: labels.iter().map(SeatLabel::called).collect(),
        });
        let thread = server::spawn(Arc::clone(&shared), listener, shutdown_seen)
            .map_err(HostError::Thread)?;
        Ok(Self {
            shared,
            address,
            invitations,
            shutdown,
            thread: Some(thread),
        })
    }

    /// The address the host listens on (with the port it was given, for `--port 0`).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Each remote seat's code, to pass on to its player.
    pub fn invitations(&self) -> &[Invitation] {
        &self.invitations
    }

    /// The seat that plays remote seat `seat` (which must be one): its fallback decides when
    /// its connection has been gone longer than the reconnect timeout; `stop` is asked while
    /// it waits whether the host is stopping (a signal).
    ///
    /// # Panics
    /// If `seat` is not a remote seat of this host.
    pub fn remote_seat<G: Game>(
        &self,
        seat: usize,
        fallback: mousehole_bots::Fallback<G>,
        stop: StopCheck,
    ) -> RemoteSeat<G> {
        assert!(
            self.shared.lock().seats[seat].is_some(),
            "seat {seat} is not remote"
        );
        RemoteSeat::new(Arc::clone(&self.shared), seat, fallback, stop)
    }

    /// The seat `label` names at seat `seat` of this host's game: a bot or a program built
    /// by the bots' one [`build_seat`](mousehole_bots::build_seat), or for a remote seat its
    /// [`RemoteSeat`] with `fallback`; `None` for a person, whom the front end seats.
    ///
    /// # Errors
    /// A bot or program that does not build for this game.
    pub fn seat<G: mousehole_bots::BotGame>(
        &self,
        seat: usize,
        label: &SeatLabel,
        programs: &mousehole_bots::ProgramOptions,
        fallback: impl FnOnce() -> mousehole_bots::Fallback<G>,
        stop: &StopCheck,
    ) -> Result<Option<Box<dyn mousehole_engine::Seat<G>>>, mousehole_bots::SeatError> {
        if self.shared.lock().seats[seat].is_some() {
            return Ok(Some(Box::new(self.remote_seat(
                seat,
                fallback(),
                Arc::clone(stop),
            ))));
        }
        let built = mousehole_bots::build_seat::<G>(label, programs)?;
        Ok(built.map(|bot| -> Box<dyn mousehole_engine::Seat<G>> { bot.seat }))
    }

    /// Waits until every remote seat has a connection, telling `waiting` which seats are
    /// still missing whenever that changes.
    ///
    /// # Errors
    /// What `stop` said when it asked to stop first.
    pub fn wait_for_seats(
        &self,
        stop: &StopCheck,
        mut waiting: impl FnMut(&[usize]),
    ) -> Result<(), String> {
        let mut told: Option<Vec<usize>> = None;
        let mut state = self.shared.lock();
        loop {
            let missing: Vec<usize> = state
                .seats
                .iter()
                .enumerate()
                .filter(|(_, seat)| seat.as_ref().is_some_and(|s| s.connection.is_none()))
                .map(|(seat, _)| seat)
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            if told.as_ref() != Some(&missing) {
                // Told while the lock is held, so a seat that just joined (it subscribed as it
                // took its seat) hears who it waits for, and from then on every change.
                let names: Vec<String> =
                    missing.iter().map(|&s| self.shared.seat_name(s)).collect();
                let _ = self
                    .shared
                    .status
                    .send(format!("waiting for {} to join", names.join(", ")));
                drop(state);
                waiting(&missing);
                told = Some(missing);
                state = self.shared.lock();
                continue;
            }
            if let Some(reason) = stop() {
                return Err(reason);
            }
            state = self.shared.wait(state);
        }
    }

    /// Sends every connection the events recorded since the last call, each seat its own
    /// views (with their notes) and its observation after them, and spectators what everyone
    /// sees of them (with the notes) and the public view after them; and the end once the
    /// match is over, with how it ended in words. The match must record views (a remote seat
    /// asks it to), and what everyone sees when spectators may watch ([`Hosting`] asks it to).
    pub fn publish<G: Game>(&self, game: &Match<G>) {
        let outcome = game.state().outcome();
        let mut state = self.shared.lock();
        let mut new = false;
        for (seat, remote) in state.seats.iter_mut().enumerate() {
            if let Some(remote) = remote {
                if remote.ending.is_none()
                    && let Some(outcome) = &outcome
                {
                    let names = self.shared.names_for(Some(seat));
                    remote.ending = G::ending(&game.state().observation(seat), outcome, &names);
                }
                new |= sync_events(&mut remote.events, game.seen(seat));
                let events = remote.events.len();
                if remote
                    .observation
                    .as_ref()
                    .is_none_or(|(at, _)| *at != events)
                {
                    let observation = game.state().observation(seat);
                    remote.observation = Some((events, observation_json::<G>(&observation)));
                    new = true;
                }
            }
        }
        new |= sync_events(&mut state.public, game.public_seen());
        let shown = state.public.len();
        if game.records_public()
            && state
                .public_observation
                .as_ref()
                .is_none_or(|(at, _)| *at != shown)
        {
            let public = game.state().public_observation();
            state.public_observation = Some((shown, observation_json::<G>(&public)));
            new = true;
        }
        if state.public_over.is_none()
            && let Some(end) = game.end()
        {
            let ending = outcome.as_ref().and_then(|outcome| {
                let names = self.shared.names_for(None);
                G::ending(&game.state().public_observation(), outcome, &names)
            });
            state.public_over = Some(Over {
                outcome: end.outcome().cloned(),
                stopped: None,
                ending,
            });
            new = true;
        }
        drop(state);
        if new {
            self.shared.bump();
        }
    }

    /// What everyone sees of the events published so far, from the `from`th on (a front
    /// end's progress lines).
    pub fn public_events(&self, from: usize) -> Vec<EventMessage> {
        let state = self.shared.lock();
        state.public[from.min(state.public.len())..].to_vec()
    }

    /// The table a hosted match is driven with ([`Match::drive`], after
    /// [`Host::wait_for_seats`]): every event is published to the connections as it is
    /// recorded, and the end once the match is over; the match stops when `stop` says the
    /// host is stopping (it is asked between steps; a remote seat asks it while it waits).
    /// Everything else is the front end's own `table`'s (saving, its screen).
    pub fn table<T>(&self, stop: &StopCheck, table: T) -> Hosting<'_, T> {
        Hosting {
            host: self,
            stop: Arc::clone(stop),
            table,
        }
    }

    /// Tells everyone at the table (and the host's log).
    pub fn announce(&self, text: &str) {
        self.shared.announce(text);
    }

    /// The remote seats: the people a rematch asks (a bot always plays again).
    pub fn remote_seats(&self) -> Vec<usize> {
        let state = self.shared.lock();
        (0..state.seats.len())
            .filter(|&seat| state.seats[seat].is_some())
            .collect()
    }

    /// Offers every remote seat a rematch with the same seats, to be answered within
    /// `within`: each connection is sent the `rematch` offer once it was sent the game's end,
    /// and again whenever someone answers. [`Host::await_rematch`] waits for the verdict.
    pub fn offer_rematch(&self, within: Duration) {
        let asked = self.remote_seats();
        let names: Vec<String> = asked.iter().map(|&s| self.shared.seat_name(s)).collect();
        self.shared.lock().rematch = Some(Offer {
            asked,
            yes: Vec::new(),
            no: None,
            deadline: Instant::now() + within,
            revision: 0,
        });
        self.shared.bump();
        (self.shared.log)(&format!(
            "offering {} a rematch (answers within {})",
            names.join(", "),
            mousehole_engine::words::seconds(within)
        ));
    }

    /// Waits for the rematch offered to be settled: every seat asked said yes, one said no,
    /// the time ran out, or `stop` says the host is stopping (asked every 50 ms). Never
    /// waits past the offer's deadline. Everyone is told the verdict (a `status`), and the
    /// offer is withdrawn (no longer sent, no answer taken).
    ///
    /// # Panics
    /// If no rematch was offered.
    pub fn await_rematch(&self, stop: &StopCheck) -> RematchVerdict {
        let mut state = self.shared.lock();
        let (verdict, silent) = loop {
            let offer = state.rematch.as_ref().expect("a rematch was offered");
            let silent: Vec<usize> = offer
                .asked
                .iter()
                .copied()
                .filter(|seat| !offer.yes.contains(seat))
                .collect();
            if let Some(seat) = offer.no {
                break (RematchVerdict::No(seat), silent);
            }
            if silent.is_empty() {
                break (RematchVerdict::Yes, silent);
            }
            if Instant::now() >= offer.deadline {
                break (RematchVerdict::TimeUp, silent);
            }
            if let Some(reason) = stop() {
                break (RematchVerdict::Stopped(reason), silent);
            }
            state = self.shared.wait(state);
        };
        state.rematch = None;
        drop(state);
        let names = |seats: &[usize]| -> String {
            let names: Vec<String> = seats.iter().map(|&s| self.shared.seat_name(s)).collect();
            names.join(", ")
        };
        match &verdict {
            RematchVerdict::Yes => self
                .shared
                .announce("everyone said yes to a rematch: the next game begins"),
            RematchVerdict::No(seat) => self.shared.announce(&format!(
                "{} said no to a rematch: no more games",
                self.shared.seat_name(*seat)
            )),
            RematchVerdict::TimeUp => self.shared.announce(&format!(
                "no rematch: {} did not say yes in time",
                names(&silent)
            )),
            // The host says why it stops as it ends.
            RematchVerdict::Stopped(_) => {}
        }
        self.shared.bump();
        verdict
    }

    /// Begins the host's next game (after a rematch every seat said yes to), played with
    /// `seed` (said in the host's log only: the seed gives away every card and roll): every
    /// connection starts over, sent a `welcome`, then the game as the match's seats start it,
    /// with the same codes.
    pub fn next_game(&self, seed: u64) {
        let mut state = self.shared.lock();
        state.game += 1;
        state.rematch = None;
        state.public.clear();
        state.public_observation = None;
        state.public_over = None;
        for remote in state.seats.iter_mut().flatten() {
            remote.new_game = None;
            remote.events.clear();
            remote.act = None;
            remote.observation = None;
            remote.over = None;
            remote.ending = None;
            remote.answers.clear();
        }
        let number = state.game + 1;
        drop(state);
        (self.shared.log)(&format!("game {number} begins: seed {seed}"));
        self.shared.bump();
    }

    /// Ends the host: every connection is sent what it has not been sent yet and `quit`,
    /// then closed; waits at most `linger` for that.
    pub fn close(mut self, linger: Duration) {
        self.shut_down(linger);
    }

    fn shut_down(&mut self, linger: Duration) {
        self.shared.lock().closing = true;
        let _ = self.shutdown.send(true);
        self.shared.bump();
        if let Some(thread) = self.thread.take() {
            crate::join_within(thread, linger);
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.shut_down(Duration::from_millis(500));
    }
}

/// A hosted match's table ([`Host::table`]): publishes, and asks the host's stop, around the
/// front end's table `T`.
pub struct Hosting<'h, T> {
    host: &'h Host,
    stop: StopCheck,
    table: T,
}

impl<T> fmt::Debug for Hosting<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hosting").finish_non_exhaustive()
    }
}

impl<T> Hosting<'_, T> {
    /// The front end's table.
    pub fn inner(&mut self) -> &mut T {
        &mut self.table
    }
}

impl<G: Game, T: Table<G>> Table<G> for Hosting<'_, T> {
    type Error = T::Error;

    fn stop(&mut self, game: &Match<G>) -> Option<StopRequest> {
        (self.stop)()
            .map(StopRequest::quit)
            .or_else(|| self.table.stop(game))
    }

    fn gate(&mut self, game: &Match<G>, next: Next) -> bool {
        self.table.gate(game, next)
    }

    /// When spectators may watch, the match records what everyone sees of each event.
    fn wants_public(&self) -> bool {
        self.host.shared.settings.allow_watch || self.table.wants_public()
    }

    fn before_wait(&mut self, game: &Match<G>, seat: usize) -> Result<(), T::Error> {
        self.table.before_wait(game, seat)
    }

    fn recorded(&mut self, game: &Match<G>) -> Result<(), T::Error> {
        self.host.publish(game);
        self.table.recorded(game)
    }

    fn over(&mut self, game: &Match<G>) -> Result<(), T::Error> {
        self.host.publish(game);
        if let Some((_, reason, forfeit)) = game.ended_early() {
            let why = format!("the host stopped the game: {reason}");
            if forfeit {
                // A forfeit has an outcome: the end says what happened.
                self.host.announce(&why);
            } else {
                self.host.shared.stopped(&why);
            }
        }
        self.table.over(game)
    }

    fn idle(&mut self, game: &Match<G>) {
        self.table.idle(game);
    }
}

/// How often a waiting thread looks again at what it may not be woken for (a stop signal,
/// a reconnect deadline).
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Appends to `sent` the views of `history` past it; whether there were any.
pub(crate) fn sync_events<V: fmt::Display>(
    sent: &mut Vec<EventMessage>,
    history: &[mousehole_engine::SeenEvent<V>],
) -> bool {
    let new = history.len() > sent.len();
    sent.extend(
        history[sent.len().min(history.len())..]
            .iter()
            .map(event_message),
    );
    new
}
