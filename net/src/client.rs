//! Joining a host: the [`Connection`] (a WebSocket on its own thread that rejoins by itself
//! when the network drops it), the game a seat was sent ([`SeatGame`]: everything a client
//! knows, built from the messages alone), and a seat played by any agent or program from it
//! ([`play_seat`]).

mod agent;
mod follow;
mod game;
mod program;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mousehole_bots::SeatError;
use mousehole_engine::SpecError;
use thiserror::Error;
use tokio::net::TcpStream;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use self::agent::{AgentPlayer, Joined, Progress, SeatMaker, play_seat, rematch_standing};
pub use self::follow::{Flow, Follower};
pub use self::game::{Asked, NOTE_CHARS, SeatGame};
pub use self::program::serve_program;
use mousehole_protocol::{
    ClientMessage, ErrorKind, HostMessage, MAX_MESSAGE_BYTES, PROTOCOL, Welcome, parse_host,
};

/// How a client connects and rejoins.
#[derive(Clone, Copy, Debug)]
pub struct ClientSettings {
    /// How long connecting, the WebSocket handshake and the host's `welcome` may take.
    pub handshake_timeout: Duration,
    /// How long a seat's client keeps trying to rejoin after the network dropped it.
    pub rejoin_for: Duration,
    /// How long it waits between tries.
    pub retry_every: Duration,
}

impl Default for ClientSettings {
    fn default() -> Self {
        Self {
            handshake_timeout: Duration::from_secs(10),
            rejoin_for: Duration::from_mins(2),
            retry_every: Duration::from_secs(1),
        }
    }
}

/// Whom the client joins as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The seat whose code this is.
    Seat { code: String },
    /// A spectator.
    Watch,
}

/// Why joining or playing failed.
#[derive(Debug, Error)]
pub enum ClientError {
    #[error(
        "'{0}' is not a host's address: give HOST:PORT (as the host printed it) or ws://HOST:PORT"
    )]
    Address(String),
    #[error("cannot reach a host at {address}: {why}")]
    Unreachable { address: String, why: String },
    #[error("the host refused: {message}")]
    Refused { kind: ErrorKind, message: String },
    /// Another connection joined with this seat's code: the seat is played there now.
    #[error("{0}, so the seat is played there now, no longer here")]
    Replaced(String),
    #[error("{address} did not answer as a mousehole host does: {why}")]
    NotAHost { address: String, why: String },
    #[error("the connection to the host was lost and could not be made again within {}: {why}", mousehole_engine::words::seconds(*.within))]
    Lost { within: Duration, why: String },
    #[error("the host sent what this client cannot use: {0}")]
    Protocol(String),
    #[error("the host's game: {0}")]
    Game(#[from] SpecError),
    #[error("the seat's player: {0}")]
    Seat(#[from] SeatError),
    #[error("cannot start the network thread: {0}")]
    Thread(std::io::Error),
    /// Standard input or output of a seat served as a program ([`serve_program`]).
    #[error("the host's pipe: {}", mousehole_engine::words::io_error(.0))]
    Pipe(std::io::Error),
}

impl ClientError {
    /// Whether the host said no (a wrong code, no spectators): the client's input was wrong.
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            ClientError::Refused {
                kind: ErrorKind::WrongCode | ErrorKind::NoWatching | ErrorKind::JoinFirst,
                ..
            }
        )
    }
}

/// What the network thread tells the client.
#[derive(Debug)]
pub enum ClientEvent {
    /// A message from the host.
    Message(HostMessage<'static>),
    /// The connection dropped; the client tries to rejoin.
    Reconnecting(String),
    /// It rejoined; the host sends the game again from its start.
    Rejoined,
    /// A message this client cannot read, passed over.
    Unreadable(String),
    /// The connection is over: the host said `quit` or closed after the game's end (`Ok`),
    /// or it failed for good.
    Closed(Result<(), ClientError>),
}

/// A connection to a host, its network side on a thread of its own (see the module
/// documentation).
#[derive(Debug)]
pub struct Connection {
    events: mpsc::Receiver<ClientEvent>,
    answers: tokio::sync::mpsc::UnboundedSender<String>,
    welcome: Welcome<'static>,
    /// The network thread, joined when the connection is dropped.
    thread: Option<std::thread::JoinHandle<()>>,
}

/// How long dropping a connection waits for its network thread: the socket's closing takes
/// at most half a second.
const DROP_LINGER: Duration = Duration::from_secs(1);

impl Drop for Connection {
    fn drop(&mut self) {
        // With the answers closed the network thread stops pumping, closes the socket and
        // ends.
        let (closed, _) = tokio::sync::mpsc::unbounded_channel();
        drop(std::mem::replace(&mut self.answers, closed));
        if let Some(thread) = self.thread.take() {
            crate::join_within(thread, DROP_LINGER);
        }
    }
}

impl Connection {
    /// Connects to the host at `address` (`HOST:PORT`, or `ws://HOST:PORT/…`) and joins as
    /// `target`, saying it is `name` (`version`).
    ///
    /// # Errors
    /// A bad address, a host that cannot be reached or does not speak the protocol, or one
    /// that refuses (a wrong code).
    pub fn open(
        address: &str,
        target: &Target,
        identity: (Option<&str>, Option<&str>),
        settings: ClientSettings,
    ) -> Result<Self, ClientError> {
        let url = url_of(address)?;
        let opening = match target {
            Target::Seat { code } => ClientMessage::Join {
                code: code.clone(),
                name: identity.0.map(str::to_owned),
                version: identity.1.map(str::to_owned),
                protocol: Some(PROTOCOL.to_owned()),
            },
            Target::Watch => ClientMessage::Watch,
        }
        .to_text();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ClientError::Thread)?;
        let (events_sender, events) = mpsc::channel();
        let (answers, answers_queue) = tokio::sync::mpsc::unbounded_channel();
        let (welcomed, welcome) = mpsc::channel();
        let rejoins = matches!(target, Target::Seat { .. });
        let address = address.to_owned();
        let thread = std::thread::Builder::new()
            .name("client network".into())
            .spawn(move || {
                runtime.block_on(run(Run {
                    url,
                    address,
                    opening,
                    settings,
                    rejoins,
                    events: events_sender,
                    answers: answers_queue,
                    welcomed,
                }));
            })
            .map_err(ClientError::Thread)?;
        let welcome = welcome.recv().map_err(|_| ClientError::Unreachable {
            address: "the host".into(),
            why: "the network thread ended".into(),
        })??;
        Ok(Self {
            events,
            answers,
            welcome,
            thread: Some(thread),
        })
    }

    /// The host's `welcome`.
    pub fn welcome(&self) -> &Welcome<'static> {
        &self.welcome
    }

    /// The next thing that happened, waiting for it; `None` once the connection is over and
    /// everything was taken.
    pub fn next(&self) -> Option<ClientEvent> {
        self.events.recv().ok()
    }

    /// The next thing that happened, if anything has, without waiting (a screen polls it).
    pub fn try_next(&self) -> Option<ClientEvent> {
        self.events.try_recv().ok()
    }

    /// The next thing that happened within `limit`, if anything did.
    pub fn next_within(&self, limit: Duration) -> Option<ClientEvent> {
        self.events.recv_timeout(limit).ok()
    }

    /// Sends the host a message (an answer); dropped if the connection is over.
    pub fn send(&self, text: String) {
        let _ = self.answers.send(text);
    }
}

/// `ws://HOST:PORT/` from what a person typed.
fn url_of(address: &str) -> Result<String, ClientError> {
    let address = address.trim();
    if address.starts_with("wss://") {
        return Err(ClientError::Address(format!(
            "{address}' (this client speaks ws:// only: reach a TLS host through a local tunnel, docs/network.md"
        )));
    }
    let rest = address.strip_prefix("ws://").unwrap_or(address);
    let host_port = rest.split('/').next().unwrap_or_default();
    let valid = host_port
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if !valid || address.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(ClientError::Address(mousehole_engine::text::shown(address)));
    }
    Ok(if address.starts_with("ws://") {
        address.to_owned()
    } else {
        format!("ws://{address}/")
    })
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What the network thread was given.
struct Run {
    url: String,
    address: String,
    opening: String,
    settings: ClientSettings,
    rejoins: bool,
    events: mpsc::Sender<ClientEvent>,
    answers: tokio::sync::mpsc::UnboundedReceiver<String>,
    welcomed: mpsc::Sender<Result<Welcome<'static>, ClientError>>,
}

/// How one connection ended.
enum Ended {
    /// The host said `quit`, or closed after the game's end.
    Done,
    /// The connection dropped before.
    Dropped(String),
    /// Another connection joined with the seat's code: the host's words.
    Replaced(String),
    /// The client side is gone.
    Abandoned,
}

async fn run(mut run: Run) {
    let first = join(&run).await;
    let welcome = match first {
        Ok((socket, welcome)) => {
            let _ = run.welcomed.send(Ok(welcome));
            socket
        }
        Err(error) => {
            let _ = run.welcomed.send(Err(error));
            return;
        }
    };
    let mut socket = welcome;
    loop {
        let ended = pump(&mut socket, &run.events, &mut run.answers).await;
        let _ = timeout(Duration::from_millis(500), socket.close(None)).await;
        let why = match ended {
            Ended::Done => {
                let _ = run.events.send(ClientEvent::Closed(Ok(())));
                return;
            }
            Ended::Abandoned => return,
            Ended::Replaced(message) => {
                let message = mousehole_engine::text::cut(&message, 400);
                let _ = run
                    .events
                    .send(ClientEvent::Closed(Err(ClientError::Replaced(message))));
                return;
            }
            Ended::Dropped(why) if run.rejoins => why,
            Ended::Dropped(why) => {
                let _ = run.events.send(ClientEvent::Closed(Err(ClientError::Lost {
                    within: Duration::ZERO,
                    why,
                })));
                return;
            }
        };
        if run.events.send(ClientEvent::Reconnecting(why)).is_err() {
            return;
        }
        match rejoin(&mut run).await {
            Ok(again) => {
                socket = again;
                if run.events.send(ClientEvent::Rejoined).is_err() {
                    return;
                }
            }
            Err(error) => {
                let _ = run.events.send(ClientEvent::Closed(Err(error)));
                return;
            }
        }
    }
}

/// Tries to join again until it works, the host refuses, or the time is up.
async fn rejoin(run: &mut Run) -> Result<Socket, ClientError> {
    let until = Instant::now() + run.settings.rejoin_for;
    loop {
        tokio::time::sleep(run.settings.retry_every).await;
        let why = match join(run).await {
            Ok((socket, _)) => {
                // Answers queued for the dropped connection are stale: the host asks again.
                while run.answers.try_recv().is_ok() {}
                return Ok(socket);
            }
            Err(error @ ClientError::Refused { .. }) => return Err(error),
            Err(error) => error.to_string(),
        };
        if Instant::now() >= until {
            return Err(ClientError::Lost {
                within: run.settings.rejoin_for,
                why,
            });
        }
    }
}

/// A WebSocket error in people's words: the system's, said as every I/O error is.
fn socket_error(error: &tokio_tungstenite::tungstenite::Error) -> String {
    match error {
        tokio_tungstenite::tungstenite::Error::Io(io) => mousehole_engine::words::io_error(io),
        other => other.to_string(),
    }
}

/// Connects, sends the opening, and reads the `welcome`.
async fn join(run: &Run) -> Result<(Socket, Welcome<'static>), ClientError> {
    let limit = run.settings.handshake_timeout;
    let unreachable = |why: String| ClientError::Unreachable {
        address: mousehole_engine::text::shown(&run.address),
        why,
    };
    let not_a_host = |why: String| ClientError::NotAHost {
        address: mousehole_engine::text::shown(&run.address),
        why,
    };
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let (mut socket, _) = match timeout(
        limit,
        tokio_tungstenite::connect_async_with_config(run.url.as_str(), Some(config), true),
    )
    .await
    {
        Ok(Ok(connected)) => connected,
        Ok(Err(error)) => return Err(unreachable(socket_error(&error))),
        Err(_) => {
            return Err(unreachable(format!(
                "no answer within {}",
                mousehole_engine::words::seconds(limit)
            )));
        }
    };
    socket
        .send(Message::text(run.opening.clone()))
        .await
        .map_err(|error| unreachable(socket_error(&error)))?;
    let reply = match timeout(limit, socket.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Ok(other))) => return Err(not_a_host(format!("it sent {other:?}"))),
        Ok(Some(Err(error))) => return Err(not_a_host(socket_error(&error))),
        Ok(None) => return Err(not_a_host("it closed the connection".into())),
        Err(_) => {
            return Err(not_a_host(format!(
                "no welcome within {}",
                mousehole_engine::words::seconds(limit)
            )));
        }
    };
    match parse_host(&reply) {
        Ok(HostMessage::Welcome(welcome)) => Ok((socket, welcome)),
        Ok(HostMessage::Error { error, message, .. }) => Err(ClientError::Refused {
            kind: error,
            message: mousehole_engine::text::cut(&message, 400),
        }),
        Ok(_) => Err(not_a_host("its first message was not a welcome".into())),
        Err(error) => Err(not_a_host(error.to_string())),
    }
}

/// Passes the host's messages on and the client's answers out, until the connection ends.
async fn pump(
    socket: &mut Socket,
    events: &mpsc::Sender<ClientEvent>,
    answers: &mut tokio::sync::mpsc::UnboundedReceiver<String>,
) -> Ended {
    let mut over = false;
    loop {
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => match parse_host(&text) {
                    Ok(HostMessage::Quit) => return Ended::Done,
                    Ok(HostMessage::Error { error: ErrorKind::Replaced, message, .. }) => {
                        return Ended::Replaced(message.into_owned());
                    }
                    Ok(message) => {
                        // Closed after a game's end, the connection is over; the next game
                        // (after a rematch) is played again until its own end.
                        match message {
                            HostMessage::GameOver { .. } => over = true,
                            HostMessage::NewGame { .. } => over = false,
                            _ => {}
                        }
                        if events.send(ClientEvent::Message(message)).is_err() {
                            return Ended::Abandoned;
                        }
                    }
                    // A message of a later protocol version, say: said, and passed over.
                    Err(error) => {
                        let why = format!("a message this client cannot read ({error})");
                        if events.send(ClientEvent::Unreadable(why)).is_err() {
                            return Ended::Abandoned;
                        }
                    }
                },
                Some(Ok(Message::Close(_))) | None if over => return Ended::Done,
                Some(Ok(Message::Close(_))) | None => {
                    return Ended::Dropped("the host closed the connection".into());
                }
                Some(Err(error)) => return Ended::Dropped(socket_error(&error)),
                Some(Ok(_)) => {}
            },
            answer = answers.recv() => match answer {
                Some(text) => {
                    if let Err(error) = socket.send(Message::text(text)).await {
                        return Ended::Dropped(socket_error(&error));
                    }
                }
                None => return Ended::Abandoned,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_host_and_port() {
        assert_eq!(url_of("127.0.0.1:7000").unwrap(), "ws://127.0.0.1:7000/");
        assert_eq!(
            url_of("ws://example.invalid:80/game").unwrap(),
            "ws://example.invalid:80/game"
        );
        assert_eq!(url_of("[::1]:7000").unwrap(), "ws://[::1]:7000/");
        for bad in [
            "127.0.0.1",
            ":7000",
            "host:port",
            "host:99999",
            "a b:1",
            "wss://x:443",
        ] {
            assert!(url_of(bad).is_err(), "{bad}");
        }
    }
}
