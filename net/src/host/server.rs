//! The host's network thread: one port on a single-threaded tokio runtime, each connection a
//! task of its own, so a slow or hostile client holds up nobody but itself. A connection is
//! read as HTTP ([`super::http`]: pages, and the request that opens a WebSocket); a WebSocket
//! then joins a seat or watches. The match's thread and these tasks meet only in [`Shared`] (a
//! lock held for a few assignments, a condition variable, and a version number the tasks
//! watch).
//!
//! What a connection may cost is bounded: its request head and every message in size, its
//! time to join from the moment it connected, the output waiting for it
//! ([`MAX_WRITE_BUFFER_BYTES`]: past that, the pongs it is owed are dropped and its next
//! message fails), and its life once it stops answering the host's pings. Joins from one
//! address take their turns, so the delay after a wrong code holds however many connections
//! that address opens.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use futures_util::{FutureExt, SinkExt, StreamExt};
use mousehole_protocol::version::difference;
use mousehole_protocol::{
    ClientMessage, ErrorKind, EventMessage, MAX_MESSAGE_BYTES, PROTOCOL, PlainMessage, Welcome,
    parse_client,
};
use serde_json::value::RawValue;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, mpsc, watch};
use tokio::task::JoinSet;
use tokio::time::timeout;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::{Role as WebSocketRole, WebSocketConfig};

use super::http::{self, WebSocketRequest};
use super::{Answer, Attached, Failures, Outgoing, Shared, State};
use crate::wire::{Over, PendingAct, events_text, game_over_text};

/// Wrong codes older than this are forgotten.
const FORGET_FAILURES: Duration = Duration::from_mins(10);
/// Addresses with recent wrong codes kept at most (past it, the old ones are forgotten first).
const FAILURE_ADDRESSES: usize = 4096;
/// Answers a seat's connection may have waiting to be checked at once.
const QUEUED_ANSWERS: usize = 16;
/// The most output a connection may have waiting to be sent, in bytes: a message of the
/// largest size and the buffer it is written through, with room to spare. Past it, pongs
/// owed to the client are dropped (a client that pings and never reads fills it), and the
/// next message to send fails, ending the connection.
const MAX_WRITE_BUFFER_BYTES: usize = 2 * MAX_MESSAGE_BYTES;
/// The host's pings not yet answered that a connection keeps, newest last: an answer to any of
/// them shows the client read everything sent before it.
const PINGS_KEPT: usize = 64;

type Socket = WebSocketStream<hyper_util::rt::TokioIo<hyper::upgrade::Upgraded>>;

/// Starts the network thread, serving `listener` until `shutdown` turns true.
pub(super) fn spawn(
    shared: Arc<Shared>,
    listener: std::net::TcpListener,
    shutdown: watch::Receiver<bool>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("host network".into())
        .spawn(move || runtime.block_on(serve(shared, listener, shutdown)))
}

async fn serve(
    shared: Arc<Shared>,
    listener: std::net::TcpListener,
    mut shutdown: watch::Receiver<bool>,
) {
    let listener = match TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(error) => {
            (shared.log)(&format!("the host cannot accept connections: {error}"));
            return;
        }
    };
    let routes = http::routes(&shared.settings.rules);
    let turns = Arc::new(Turns::default());
    let mut tasks = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, address)) => match admit(&shared, address) {
                    Some(admission) => {
                        tasks.spawn(connection(
                            Arc::clone(&shared),
                            stream,
                            admission,
                            Gate { routes: routes.clone(), turns: Arc::clone(&turns) },
                            shutdown.clone(),
                        ));
                    }
                    // Over the cap: closed before anything is read from it.
                    None => drop(stream),
                },
                // Out of file descriptors, say: the connections open go on.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            _ = shutdown.changed() => break,
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
        }
    }
    drop(listener);
    // Every connection sends what it has left and `quit`, then ends.
    while tasks.join_next().await.is_some() {}
}

/// A connection counted against the caps until it ends.
struct Admission {
    shared: Arc<Shared>,
    address: SocketAddr,
    id: u64,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.connections -= 1;
        let ip = self.address.ip();
        if let Some(count) = state.per_address.get_mut(&ip) {
            *count -= 1;
            if *count == 0 {
                state.per_address.remove(&ip);
            }
        }
    }
}

/// Counts a new connection in, unless the host or its address is at the cap.
fn admit(shared: &Arc<Shared>, address: SocketAddr) -> Option<Admission> {
    let settings = &shared.settings;
    let mut state = shared.lock();
    let from_address = state.per_address.get(&address.ip()).copied().unwrap_or(0);
    if state.connections >= settings.max_connections || from_address >= settings.max_per_address {
        return None;
    }
    state.connections += 1;
    *state.per_address.entry(address.ip()).or_insert(0) += 1;
    let id = state.next_connection;
    state.next_connection += 1;
    Some(Admission {
        shared: Arc::clone(shared),
        address,
        id,
    })
}

/// What every connection shares besides the host: the HTTP routes, and the turns joins from
/// one address take.
struct Gate {
    routes: axum::Router,
    turns: Arc<Turns>,
}

/// Serves one connection: its HTTP requests, then, if it opened a WebSocket, its `join` or
/// `watch` (due within the handshake timeout of connecting), then its seat.
async fn connection(
    shared: Arc<Shared>,
    stream: TcpStream,
    admission: Admission,
    gate: Gate,
    mut shutdown: watch::Receiver<bool>,
) {
    let accepted = Instant::now();
    let settings = &shared.settings;
    // Answers and acts are small: sent at once, not held back to fill a packet.
    let _ = stream.set_nodelay(true);
    let served = http::serve(
        stream,
        accepted,
        gate.routes,
        settings.handshake_timeout,
        settings.idle_timeout,
    );
    let request = tokio::select! {
        request = served => request,
        _ = shutdown.changed() => None,
    };
    let Some(WebSocketRequest { stream, since }) = request else {
        return;
    };
    let mut socket =
        WebSocketStream::from_raw_socket(stream, WebSocketRole::Server, Some(config())).await;
    let first = match first_message(&mut socket, since + settings.handshake_timeout).await {
        First::Text(text) => text,
        First::Binary => return refuse(&shared, socket, ErrorKind::JoinFirst, JOIN_FIRST).await,
        First::Nothing => return,
    };
    match parse_client(&first) {
        Ok(ClientMessage::Join {
            code,
            name,
            version,
            protocol,
        }) => {
            let ip = admission.address.ip();
            let turn = gate.turns.take(ip).await;
            let wait = penalty(&shared.lock(), ip, settings);
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
            let Some(seat) = shared.seat_of_code(&code) else {
                record_failure(&mut shared.lock(), ip);
                drop(turn);
                (shared.log)(&format!(
                    "refused a join from {}: wrong code",
                    admission.address
                ));
                return refuse(
                    &shared,
                    socket,
                    ErrorKind::WrongCode,
                    "no seat of this game has that code: check the code the host gave for your seat",
                )
                .await;
            };
            drop(turn);
            let says = match (name, version) {
                (None, None) => String::new(),
                (Some(name), None) => format!(" (it says it is {name})"),
                (None, Some(version)) => format!(" (a client of version {version})"),
                (Some(name), Some(version)) => format!(" (it says it is {name} {version})"),
            };
            let told = protocol
                .and_then(|theirs| difference("your client", &theirs, "this host"))
                .map(|words| format!("{words}; the game goes on in {PROTOCOL}"));
            play_seat(&shared, socket, &admission, seat, &says, told, shutdown).await;
        }
        Ok(ClientMessage::Watch) if settings.allow_watch => {
            watch_game(&shared, socket, &admission, shutdown).await;
        }
        Ok(ClientMessage::Watch) => {
            refuse(
                &shared,
                socket,
                ErrorKind::NoWatching,
                "this host does not let anyone watch (it was not started with --allow-watch)",
            )
            .await;
        }
        _ => refuse(&shared, socket, ErrorKind::JoinFirst, JOIN_FIRST).await,
    }
}

/// How every WebSocket of the host is bounded: each message (and frame) in size, and the
/// output waiting for its client.
fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES))
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
}

/// A connection's first message.
enum First {
    Text(String),
    Binary,
    /// Nothing by the deadline, or the connection closed or failed.
    Nothing,
}

/// The connection's first message, if it comes by `deadline`; pings and pongs before it (or
/// between its fragments) are taken as WebSocket says (a ping is answered).
async fn first_message(socket: &mut Socket, deadline: Instant) -> First {
    let deadline = tokio::time::Instant::from_std(deadline);
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return First::Text(text.as_str().to_owned()),
            Ok(Some(Ok(Message::Binary(_)))) => return First::Binary,
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)))) => {}
            _ => return First::Nothing,
        }
    }
}

const JOIN_FIRST: &str = "the first message must be a join ({\"type\":\"join\",\"code\":\"…\"}) or a watch ({\"type\":\"watch\"})";

/// Sends the error and closes the connection.
async fn refuse(shared: &Shared, mut socket: Socket, error: ErrorKind, message: &str) {
    let text = PlainMessage::Error {
        error,
        message: message.into(),
        id: None,
    }
    .to_text();
    if send(&mut socket, text, shared.settings.idle_timeout).await {
        let _ = timeout(shared.settings.idle_timeout, socket.close(None)).await;
    }
}

/// Sends one text message; `false` if the connection failed or did not take it in time.
async fn send(socket: &mut Socket, text: String, limit: Duration) -> bool {
    matches!(
        timeout(limit, socket.send(Message::text(text))).await,
        Ok(Ok(()))
    )
}

/// How long a join from `ip` must wait before its code is looked at.
fn penalty(state: &State, ip: IpAddr, settings: &super::HostSettings) -> Duration {
    let Some(failures) = state.failures.get(&ip) else {
        return Duration::ZERO;
    };
    if failures.last.elapsed() > FORGET_FAILURES {
        return Duration::ZERO;
    }
    let doublings = failures.count.saturating_sub(1).min(20);
    let delay = settings
        .wrong_code_delay
        .saturating_mul(1 << doublings)
        .min(settings.wrong_code_delay_max);
    (failures.last + delay).saturating_duration_since(Instant::now())
}

fn record_failure(state: &mut State, ip: IpAddr) {
    if state.failures.len() >= FAILURE_ADDRESSES {
        state
            .failures
            .retain(|_, failures| failures.last.elapsed() <= FORGET_FAILURES);
    }
    if state.failures.len() >= FAILURE_ADDRESSES {
        // Still full of recent ones: the oldest goes.
        if let Some(oldest) = state
            .failures
            .iter()
            .min_by_key(|(_, failures)| failures.last)
            .map(|(ip, _)| *ip)
        {
            state.failures.remove(&oldest);
        }
    }
    let now = Instant::now();
    let entry = state.failures.entry(ip).or_insert(Failures {
        count: 0,
        last: now,
    });
    if entry.last.elapsed() > FORGET_FAILURES {
        entry.count = 0;
    }
    entry.count += 1;
    entry.last = now;
}

/// Joins from one address take turns: each waits for the one before it to be told whether its
/// code was right, then for the delay its wrong codes earned, so connections opened in
/// parallel wait as if they had joined one after another.
#[derive(Default)]
struct Turns(Mutex<HashMap<IpAddr, Arc<tokio::sync::Mutex<()>>>>);

/// An address's turn, held until its join has been judged.
struct Turn {
    turns: Arc<Turns>,
    ip: IpAddr,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Turns {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Arc<tokio::sync::Mutex<()>>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for `ip`'s turn.
    async fn take(self: &Arc<Self>, ip: IpAddr) -> Turn {
        let line = Arc::clone(self.lock().entry(ip).or_default());
        let held = line.lock_owned().await;
        Turn {
            turns: Arc::clone(self),
            ip,
            held: Some(held),
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        drop(self.held.take());
        // The address's line goes once nobody waits in it (at most the connections it has).
        let mut lines = self.turns.lock();
        if lines
            .get(&self.ip)
            .is_some_and(|line| Arc::strong_count(line) == 1)
        {
            lines.remove(&self.ip);
        }
    }
}

/// What a connection has been sent of the game.
#[derive(Debug, Default)]
struct Cursor {
    /// Which of the host's games it follows ([`State::game`]).
    game: u64,
    /// The revision of the rematch offer it was last sent.
    rematch: Option<u64>,
    /// Whether it was sent `new_game` (a seat's connection).
    new_game: bool,
    events: usize,
    act: Option<u64>,
    over: bool,
    quit: bool,
}

/// The messages a connection has not been sent yet, in order: the events past its cursor (in
/// the pending `act`, in the `game_over` once the game is `over`, else in an `events`
/// message, with the seat's observation after them when it has one), and `quit` once the
/// host closes.
fn pending(
    events: &[EventMessage],
    act: Option<&PendingAct>,
    over: Option<&Over>,
    observation: Option<&RawValue>,
    closing: bool,
    cursor: &mut Cursor,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut new = &events[cursor.events.min(events.len())..];
    if let Some(act) = act.filter(|act| cursor.act != Some(act.id)) {
        out.push(act.text(new));
        cursor.act = Some(act.id);
    } else if let Some(over) = over.filter(|_| !cursor.over) {
        // The seat's last observation first, for its end screen's board.
        if !new.is_empty() && observation.is_some() {
            out.push(events_text(new, observation));
            new = &[];
        }
        // Why the host stopped the game, just before the end it explains.
        if let Some(why) = &over.stopped {
            out.push(PlainMessage::Status { text: why.into() }.to_text());
        }
        out.push(game_over_text(over, new));
        cursor.over = true;
    } else if !new.is_empty() {
        out.push(events_text(new, observation));
    }
    cursor.events = events.len();
    if closing && !cursor.quit {
        cursor.quit = true;
        out.push(PlainMessage::Quit.to_text());
    }
    out
}

/// What a seat's connection has not been sent yet: `new_game` first, then the game.
fn seat_pending(state: &State, seat: usize, cursor: &mut Cursor) -> Vec<String> {
    let remote = state.seats[seat].as_ref().expect("a remote seat");
    let Some(new_game) = &remote.new_game else {
        // Before the game begins there is nothing to send but the host closing.
        return pending(&[], None, None, None, state.closing, cursor);
    };
    let mut out = Vec::new();
    if !cursor.new_game {
        cursor.new_game = true;
        out.push(new_game.clone());
    }
    let observed = remote
        .observation
        .as_ref()
        .filter(|(at, _)| *at == remote.events.len())
        .map(|(_, observation)| &**observation);
    // The end waits for the seat's last observation (published right after the seats are
    // told), for its end screen's board.
    if remote.over.is_some() && observed.is_none() && !state.closing {
        return out;
    }
    // A game stopped before its end waits for the host to say why (right after).
    if remote.over.as_ref().is_some_and(unexplained) && !state.closing {
        return out;
    }
    out.extend(pending(
        &remote.events,
        remote.act.as_ref(),
        remote.over.as_ref(),
        observed,
        state.closing,
        cursor,
    ));
    out
}

/// Whether `over` is a game stopped before its end that the host has not yet said why.
fn unexplained(over: &Over) -> bool {
    over.outcome.is_none() && over.stopped.is_none()
}

/// The `welcome` for a seat (or a spectator: `None`).
fn welcome(shared: &Shared, seat: Option<usize>) -> String {
    PlainMessage::Welcome(Welcome {
        protocol: PROTOCOL.into(),
        seat,
        game: shared.game.as_str().into(),
        spec: shared.spec.as_str().into(),
        players: shared.names.len(),
        seats: shared.names.as_slice().into(),
    })
    .to_text()
}

/// A seat's connection taking its seat ([`attach`]).
struct Attaching {
    /// The connection it replaced, if the seat had one.
    replaced: Option<Attached>,
    /// Whether the seat had lost its connection and is back.
    rejoined: bool,
    /// The status lines from the moment it took the seat on.
    status: broadcast::Receiver<String>,
}

/// Makes this connection the seat's, replacing any other. It listens to the status lines
/// from then on: whatever the host says after the seat is taken reaches it (`waiting for
/// seat 1 (bob) to join`).
fn attach(
    shared: &Shared,
    seat: usize,
    admission: &Admission,
    outbox: mpsc::UnboundedSender<Outgoing>,
) -> Attaching {
    let mut state = shared.lock();
    let status = shared.status.subscribe();
    let remote = state.seats[seat].as_mut().expect("a remote seat's code");
    let rejoined = remote.dropped_at.take().is_some();
    let replaced = remote.connection.replace(Attached {
        id: admission.id,
        address: admission.address,
        outbox,
    });
    drop(state);
    shared.changed.notify_all();
    Attaching {
        replaced,
        rejoined,
        status,
    }
}

/// The connection is gone: the seat is without one, unless another replaced it.
fn detach(shared: &Shared, seat: usize, admission: &Admission) {
    let mut state = shared.lock();
    let closing = state.closing;
    let remote = state.seats[seat].as_mut().expect("a remote seat");
    if remote
        .connection
        .as_ref()
        .is_none_or(|attached| attached.id != admission.id)
    {
        return;
    }
    remote.connection = None;
    let playing = remote.over.is_none() && !closing;
    if playing {
        remote.dropped_at = Some(Instant::now());
        // Said before the lock is given back: the seat's decision, which waits on it, can
        // only say it waits for the seat after this.
        shared.announce(&format!(
            "{} lost its connection; it can rejoin with its code",
            shared.seat_name(seat)
        ));
    } else {
        (shared.log)(&format!("{} left", shared.seat_name(seat)));
    }
    drop(state);
    shared.changed.notify_all();
}

/// Takes a message from a seat's connection; what to answer, if anything.
fn seat_message(shared: &Shared, seat: usize, connection: u64, text: &str) -> Option<String> {
    let error = |error, message: &str, id| {
        Some(
            PlainMessage::Error {
                error,
                message: message.into(),
                id,
            }
            .to_text(),
        )
    };
    match parse_client(text) {
        Ok(ClientMessage::Action { id, action, info }) => {
            let mut state = shared.lock();
            let remote = state.seats[seat].as_mut().expect("a remote seat");
            if remote
                .connection
                .as_ref()
                .is_none_or(|attached| attached.id != connection)
            {
                return None;
            }
            let Some(current) = remote.act.as_ref().map(|act| act.id) else {
                return error(ErrorKind::NotAsked, "nothing is asked of your seat now", id);
            };
            match id {
                None => error(
                    ErrorKind::BadMessage,
                    &format!(
                        "an action carries the id of the act it answers (act {current} waits)"
                    ),
                    None,
                ),
                Some(id) if id != current => error(
                    ErrorKind::NotAsked,
                    &format!("act {id} is not asked now; act {current} waits for your answer"),
                    Some(id),
                ),
                Some(_) if remote.answers.len() >= QUEUED_ANSWERS => error(
                    ErrorKind::BadMessage,
                    "too many answers at once; wait for the verdict on the ones sent",
                    Some(current),
                ),
                Some(id) => {
                    remote.answers.push_back(Answer {
                        connection,
                        id,
                        action: action.map(Cow::into_owned),
                        info: info.map(Cow::into_owned),
                    });
                    drop(state);
                    shared.changed.notify_all();
                    None
                }
            }
        }
        // The agent protocol's courtesies: nothing to do.
        Ok(ClientMessage::Hello(_) | ClientMessage::Ready) => None,
        Ok(ClientMessage::Rematch { yes }) => {
            let mut state = shared.lock();
            let current = state.seats[seat]
                .as_ref()
                .and_then(|remote| remote.connection.as_ref())
                .is_some_and(|attached| attached.id == connection);
            let Some(offer) = state
                .rematch
                .as_mut()
                .filter(|offer| current && offer.asked.contains(&seat) && offer.no.is_none())
            else {
                return error(ErrorKind::NotAsked, "no rematch is offered now", None);
            };
            if yes && !offer.yes.contains(&seat) {
                offer.yes.push(seat);
                offer.yes.sort_unstable();
            } else if !yes {
                offer.yes.retain(|&said| said != seat);
                offer.no = Some(seat);
            }
            // A yes is news for everyone asked; a no is told as the verdict, right after.
            if yes {
                offer.revision += 1;
            }
            drop(state);
            let answer = if yes { "yes" } else { "no" };
            (shared.log)(&format!(
                "{} says {answer} to a rematch",
                shared.seat_name(seat)
            ));
            shared.changed.notify_all();
            shared.bump();
            None
        }
        Ok(ClientMessage::Join { .. } | ClientMessage::Watch) => error(
            ErrorKind::BadMessage,
            &format!("this connection already plays seat {seat}"),
            None,
        ),
        Err(bad) => error(ErrorKind::BadMessage, &bad.0, None),
    }
}

/// What the connection loop does next.
enum Next {
    Go,
    Stop,
}

/// Who a connection is: a seat's player (with its own messages from the seat), or a
/// spectator.
enum Role {
    Seat {
        seat: usize,
        outbox: mpsc::UnboundedReceiver<Outgoing>,
    },
    Watch,
}

/// Takes a seat for a connection that joined with its code, then serves it.
async fn play_seat(
    shared: &Shared,
    socket: Socket,
    admission: &Admission,
    seat: usize,
    says: &str,
    told: Option<String>,
    shutdown: watch::Receiver<bool>,
) {
    let (outbox_sender, outbox) = mpsc::unbounded_channel();
    if let Some(words) = &told {
        // Sent after the welcome: a client of another version is told what changed.
        let text = PlainMessage::Status { text: words.into() }.to_text();
        let _ = outbox_sender.send(Outgoing::Text(text));
    }
    let Attaching {
        replaced,
        rejoined,
        status,
    } = attach(shared, seat, admission, outbox_sender);
    let replacing = replaced.as_ref().map_or_else(String::new, |old| {
        format!(
            ", replacing its connection from {} (told so and closed)",
            old.address
        )
    });
    if let Some(old) = replaced {
        let _ = old.outbox.send(Outgoing::Last(
            PlainMessage::Error {
                error: ErrorKind::Replaced,
                message: format!(
                    "another connection ({}) joined with this seat's code",
                    admission.address
                )
                .into(),
                id: None,
            }
            .to_text(),
        ));
    }
    let name = shared.seat_name(seat);
    if rejoined {
        shared.announce(&format!("{name} is back"));
    }
    (shared.log)(&format!(
        "{name} joined from {}{says}{replacing}",
        admission.address
    ));
    if let Some(words) = told {
        (shared.log)(&format!("{name}: {words}"));
    }
    converse(
        shared,
        socket,
        admission,
        Role::Seat { seat, outbox },
        status,
        shutdown,
    )
    .await;
    detach(shared, seat, admission);
}

/// Serves a spectator: every event as everyone at the table sees it, with its note, the public
/// view after them, and the end with how the game ended in words; nothing else.
async fn watch_game(
    shared: &Shared,
    socket: Socket,
    admission: &Admission,
    shutdown: watch::Receiver<bool>,
) {
    (shared.log)(&format!("a spectator watches from {}", admission.address));
    let status = shared.status.subscribe();
    converse(shared, socket, admission, Role::Watch, status, shutdown).await;
}

/// Serves a connection until it closes, fails, is replaced, the host ends, or it stops
/// reading (it has answered none of the host's pings for the idle timeout, or does not take a
/// message within it): sends it what it has not been sent whenever there is news, the status
/// lines, and a ping now and then; takes a seat's answers (a spectator has nothing to say).
async fn converse(
    shared: &Shared,
    mut socket: Socket,
    admission: &Admission,
    mut role: Role,
    mut status: broadcast::Receiver<String>,
    mut shutdown: watch::Receiver<bool>,
) {
    let settings = &shared.settings;
    let limit = settings.idle_timeout;
    let seat = match &role {
        Role::Seat { seat, .. } => Some(*seat),
        Role::Watch => None,
    };
    let mut version = shared.version.subscribe();
    let mut cursor = Cursor {
        game: shared.lock().game,
        ..Cursor::default()
    };
    let mut ping = tokio::time::interval(settings.ping_interval);
    ping.reset();
    let mut pings = Pings::new();
    let mut go = send(&mut socket, welcome(shared, seat), limit).await;
    while go {
        let pending = news(shared, &mut status, seat, &mut cursor);
        // The seat's own messages before the news: each was told before the news that is
        // pending now was made (so an error about a second answer to the last act comes
        // before the game's end, not lost when the connection closes at it).
        if let Role::Seat { outbox, .. } = &mut role {
            while go && let Ok(out) = outbox.try_recv() {
                go = send_own(&mut socket, out, limit).await;
            }
        }
        for text in pending {
            if !go {
                break;
            }
            go = send(&mut socket, text, limit).await;
        }
        if go
            && cursor.quit
            && let Some(seat) = seat
        {
            answer_what_came(shared, &mut socket, seat, admission.id, limit).await;
        }
        if !go || cursor.quit {
            break;
        }
        let own = async {
            match &mut role {
                Role::Seat { outbox, .. } => outbox.recv().await,
                Role::Watch => std::future::pending().await,
            }
        };
        let next = tokio::select! {
            message = socket.next() => {
                let reply = reply_to(shared, &mut pings, seat, admission.id, message);
                match reply {
                    Err(()) => Next::Stop,
                    Ok(Some(reply)) => {
                        if send(&mut socket, reply, limit).await { Next::Go } else { Next::Stop }
                    }
                    Ok(None) => Next::Go,
                }
            }
            _ = version.changed() => Next::Go,
            _ = shutdown.changed() => Next::Go,
            Ok(text) = status.recv() => {
                let text = PlainMessage::Status { text: text.into() }.to_text();
                if send(&mut socket, text, limit).await { Next::Go } else { Next::Stop }
            }
            Some(out) = own => {
                if send_own(&mut socket, out, limit).await { Next::Go } else { Next::Stop }
            }
            _ = ping.tick() => {
                if pings.unanswered_for() > settings.idle_timeout {
                    Next::Stop
                } else if send_ping(&mut socket, pings.next(), limit).await {
                    Next::Go
                } else {
                    Next::Stop
                }
            }
        };
        go = matches!(next, Next::Go);
    }
    let _ = timeout(Duration::from_millis(500), socket.close(None)).await;
}

/// What a connection has not been sent yet, as of now: what the host said before the next game
/// or its end, the next game's welcome after a rematch, the game's news for the seat (or the
/// table, for a spectator) and the rematch offer once the end was sent.
fn news(
    shared: &Shared,
    status: &mut broadcast::Receiver<String>,
    seat: Option<usize>,
    cursor: &mut Cursor,
) -> Vec<String> {
    let state = shared.lock();
    // What the host said before the next game or its `quit` comes before them
    // (everyone said yes to a rematch; why there is none).
    let mut out = Vec::new();
    if cursor.game != state.game || state.closing && !cursor.quit {
        while let Ok(text) = status.try_recv() {
            out.push(PlainMessage::Status { text: text.into() }.to_text());
        }
    }
    if cursor.game != state.game && !state.closing {
        // The next game after a rematch: the connection starts over, as if it had
        // just joined.
        *cursor = Cursor {
            game: state.game,
            ..Cursor::default()
        };
        out.push(welcome(shared, seat));
    }
    out.extend(match seat {
        Some(seat) => seat_pending(&state, seat, cursor),
        None => pending(
            &state.public,
            None,
            state
                .public_over
                .as_ref()
                .filter(|over| state.closing || !unexplained(over)),
            state
                .public_observation
                .as_ref()
                .filter(|(at, _)| *at == state.public.len())
                .map(|(_, observation)| &**observation),
            state.closing,
            cursor,
        ),
    });
    // The rematch offer, and how it stands, once the game's end was sent.
    if let Some(offer) = &state.rematch
        && cursor.over
        && !cursor.quit
        && cursor.rematch != Some(offer.revision)
    {
        cursor.rematch = Some(offer.revision);
        out.push(offer.text());
    }
    out
}

/// What to answer a message that came from the connection: `Err` when it closed or failed,
/// `None` for no answer (a pong, which counts as answering a ping, or a spectator's words).
fn reply_to(
    shared: &Shared,
    pings: &mut Pings,
    seat: Option<usize>,
    connection: u64,
    message: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
) -> Result<Option<String>, ()> {
    match (message, seat) {
        (Some(Ok(Message::Close(_)) | Err(_)) | None, _) => Err(()),
        (Some(Ok(Message::Pong(payload))), _) => {
            pings.answered(&payload);
            Ok(None)
        }
        (Some(Ok(Message::Text(text))), Some(seat)) => {
            Ok(seat_message(shared, seat, connection, &text))
        }
        (Some(Ok(Message::Binary(_))), Some(_)) => Ok(Some(
            PlainMessage::Error {
                error: ErrorKind::BadMessage,
                message: "send JSON text messages, not binary ones".into(),
                id: None,
            }
            .to_text(),
        )),
        _ => Ok(None),
    }
}

/// Answers what a seat's client sent before the game ended that has come but was not read
/// (an answer sent twice to the last act: the game ended at the first), before the
/// connection closes; what is still on its way is not waited for.
async fn answer_what_came(
    shared: &Shared,
    socket: &mut Socket,
    seat: usize,
    connection: u64,
    limit: Duration,
) {
    for _ in 0..QUEUED_ANSWERS {
        let text = match socket.next().now_or_never() {
            Some(Some(Ok(Message::Text(text)))) => text,
            Some(Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)))) => continue,
            _ => return,
        };
        if let Some(reply) = seat_message(shared, seat, connection, &text)
            && !send(socket, reply, limit).await
        {
            return;
        }
    }
}

/// Sends one of the seat's own messages; whether to go on (not after the last).
async fn send_own(socket: &mut Socket, out: Outgoing, limit: Duration) -> bool {
    match out {
        Outgoing::Text(text) => send(socket, text, limit).await,
        Outgoing::Last(text) => {
            send(socket, text, limit).await;
            false
        }
    }
}

async fn send_ping(socket: &mut Socket, payload: [u8; 8], limit: Duration) -> bool {
    matches!(
        timeout(limit, socket.send(Message::Ping(payload.to_vec().into()))).await,
        Ok(Ok(()))
    )
}

/// The host's pings to one connection: only an answer to one of them shows that the client
/// reads what it is sent (its own pings, pongs and messages do not: a client can send them
/// and never read). Each ping carries random bytes, so an answer cannot be made up unread.
struct Pings {
    /// Pings not answered yet, oldest first: their payloads and when they were sent.
    unanswered: VecDeque<([u8; 8], Instant)>,
    /// The client has read everything sent before this (its connection began, or it answered
    /// a ping sent then).
    read_up_to: Instant,
}

impl Pings {
    fn new() -> Self {
        Self {
            unanswered: VecDeque::new(),
            read_up_to: Instant::now(),
        }
    }

    /// A new ping's payload, noted as sent now.
    fn next(&mut self) -> [u8; 8] {
        let payload = rand::Rng::next_u64(&mut rand::rng()).to_be_bytes();
        if self.unanswered.len() == PINGS_KEPT {
            self.unanswered.pop_front();
        }
        self.unanswered.push_back((payload, Instant::now()));
        payload
    }

    /// A pong came: if it answers one of the host's pings, the client read all before it.
    fn answered(&mut self, payload: &[u8]) {
        if let Some(at) = self
            .unanswered
            .iter()
            .position(|(sent, _)| sent.as_slice() == payload)
        {
            self.read_up_to = self.unanswered[at].1;
            self.unanswered.drain(..=at);
        }
    }

    /// How long since the client last showed that it reads.
    fn unanswered_for(&self) -> Duration {
        self.read_up_to.elapsed()
    }
}
