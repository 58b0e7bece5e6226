//! A host on 127.0.0.1 on its own thread, clients that play its seats, and a raw WebSocket
//! client for what no well-behaved client sends.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mousehole_bots::{Fallback, ProgramOptions, SeatLabel, build_seat};
use mousehole_engine::{GameSpec, Match, Seat, Transcript};
use mousehole_net::client::{AgentPlayer, Joined, Progress, play_seat};
use mousehole_net::{
    ClientError, ClientSettings, Connection, Host, HostSettings, Invitation, NetGame, NetVisitor,
    StopCheck, Target,
};
use serde_json::Value;
use tokio_tungstenite::tungstenite::{self, Message};

/// Settings for tests: loopback only, and every wait short.
pub fn settings() -> HostSettings {
    HostSettings {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        reconnect_timeout: Duration::from_secs(10),
        handshake_timeout: Duration::from_secs(1),
        idle_timeout: Duration::from_secs(3),
        ping_interval: Duration::from_millis(200),
        wrong_code_delay: Duration::from_millis(20),
        ..HostSettings::default()
    }
}

/// A game hosted on a thread of the test.
pub struct Hosted {
    pub address: SocketAddr,
    pub invitations: Vec<Invitation>,
    pub log: Arc<Mutex<Vec<String>>>,
    /// Set to stop the host as a signal would.
    pub stop: Arc<AtomicBool>,
    done: Option<JoinHandle<Transcript>>,
}

impl Hosted {
    /// The code of remote seat `seat`.
    pub fn code(&self, seat: usize) -> String {
        self.invitations
            .iter()
            .find(|invitation| invitation.seat == seat)
            .expect("a remote seat")
            .code
            .clone()
    }

    /// The game's transcript once it is over (within `limit`).
    pub fn finish_within(mut self, limit: Duration) -> Transcript {
        let done = self.done.take().expect("finished once");
        let until = Instant::now() + limit;
        while !done.is_finished() {
            assert!(
                Instant::now() < until,
                "the hosted game did not end within {limit:?}; log: {:#?}",
                self.log.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        done.join().expect("the host's thread")
    }

    pub fn finish(self) -> Transcript {
        self.finish_within(Duration::from_mins(1))
    }

    /// Plays remote seat `seat` with `agent_spec` to the end of the game; the transcript.
    pub fn play_out(self, seat: usize, agent_spec: &str) -> Transcript {
        let (player, _) = agent(self.address, &self.code(seat), agent_spec);
        player.join().unwrap().unwrap();
        self.finish()
    }

    pub fn logged(&self, part: &str) -> bool {
        self.log
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.contains(part))
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// Hosts `spec` with `seats` (bots built as every front end builds them, `remote` seats as
/// connections) and `seed`; the game starts once every remote seat has joined.
pub fn host(spec: &str, seats: &str, seed: u64, settings: HostSettings) -> Hosted {
    assert!(
        settings.bind.ip().is_loopback(),
        "tests listen on loopback only"
    );
    let spec: GameSpec = spec.parse().unwrap();
    let labels = SeatLabel::parse_list(seats).unwrap();
    let (sender, receiver) = channel();
    let log = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let thread = HostThread {
        labels,
        seed,
        settings,
        started: sender,
        log: Arc::clone(&log),
        stop: Arc::clone(&stop),
    };
    let done = std::thread::spawn(move || mousehole_net::visit(&spec, thread).unwrap());
    let (address, invitations) = receiver.recv().expect("the host starts");
    Hosted {
        address,
        invitations,
        log,
        stop,
        done: Some(done),
    }
}

struct HostThread {
    labels: Vec<SeatLabel>,
    seed: u64,
    settings: HostSettings,
    started: std::sync::mpsc::Sender<(SocketAddr, Vec<Invitation>)>,
    log: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl NetVisitor for HostThread {
    type Output = Transcript;

    fn visit<G: NetGame>(self, config: G::Config) -> Transcript {
        let log = Arc::clone(&self.log);
        let host = Host::start(
            self.settings,
            &config,
            &self.labels,
            Box::new(move |line| log.lock().unwrap().push(line.to_owned())),
        )
        .unwrap();
        self.started
            .send((host.address(), host.invitations().to_vec()))
            .unwrap();
        let flag = Arc::clone(&self.stop);
        let stop: StopCheck = Arc::new(move || {
            flag.load(Ordering::SeqCst)
                .then(|| "stopped by the test".to_owned())
        });
        let mut seats: Vec<Box<dyn Seat<G>>> = Vec::new();
        for (seat, label) in self.labels.iter().enumerate() {
            match build_seat::<G>(label, &ProgramOptions::default()).unwrap() {
                Some(bot) => seats.push(bot.seat),
                None => seats.push(Box::new(host.remote_seat::<G>(
                    seat,
                    Fallback::random(),
                    Arc::clone(&stop),
                ))),
            }
        }
        let mut game = Match::<G>::new(&config, self.seed);
        if host.wait_for_seats(&stop, |_| {}).is_ok() {
            host.play(&mut game, &mut seats, &stop, |_, _| Ok::<(), ()>(()))
                .unwrap();
        }
        host.close(Duration::from_secs(2));
        Transcript::from_match(&game, self.labels.iter().map(ToString::to_string).collect())
    }
}

/// Client settings for tests: quick to give up.
pub fn client_settings() -> ClientSettings {
    ClientSettings {
        handshake_timeout: Duration::from_secs(2),
        rejoin_for: Duration::from_secs(5),
        retry_every: Duration::from_millis(50),
    }
}

/// What a client was told as it played: status lines and refusals.
pub type Heard = Arc<Mutex<Vec<String>>>;

/// Plays seat `code` of the host at `address` with `agent`, on a thread.
pub fn agent(
    address: SocketAddr,
    code: &str,
    agent: &str,
) -> (JoinHandle<Result<Joined, ClientError>>, Heard) {
    let label: SeatLabel = agent.parse().unwrap();
    let code = code.to_owned();
    let heard: Heard = Arc::new(Mutex::new(Vec::new()));
    let told = Arc::clone(&heard);
    let thread = std::thread::spawn(move || {
        let connection = Connection::open(
            &address.to_string(),
            &Target::Seat { code },
            (Some("test"), None),
            client_settings(),
        )?;
        let player = AgentPlayer {
            label: &label,
            programs: &ProgramOptions::default(),
        };
        play_seat(&connection, &player, &mut |progress| match progress {
            Progress::Status(text) | Progress::Refused(text) => {
                told.lock().unwrap().push(text.to_owned());
            }
            _ => {}
        })
    });
    (thread, heard)
}

/// A WebSocket client that sends whatever a test tells it to.
pub struct Raw {
    socket: tungstenite::WebSocket<TcpStream>,
}

impl Raw {
    pub fn connect(address: SocketAddr) -> Self {
        let stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (socket, _) = tungstenite::client(format!("ws://{address}/"), stream).unwrap();
        Self { socket }
    }

    /// Connects and joins with `code`, returning the welcome.
    pub fn join(address: SocketAddr, code: &str) -> (Self, Value) {
        let mut raw = Self::connect(address);
        raw.send(&format!(r#"{{"type":"join","code":"{code}"}}"#));
        let welcome = raw.recv().expect("a welcome");
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        (raw, welcome)
    }

    pub fn send(&mut self, text: &str) {
        self.socket.send(Message::text(text)).unwrap();
    }

    /// Sends, if the host still takes it (it may cut off a message over the bound while it
    /// is being sent).
    pub fn try_send(&mut self, text: &str) -> bool {
        self.socket.send(Message::text(text)).is_ok()
    }

    pub fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket.send(Message::binary(bytes)).unwrap();
    }

    /// The next text message, as JSON; `None` once the connection is closed.
    pub fn recv(&mut self) -> Option<Value> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => return Some(serde_json::from_str(&text).unwrap()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next message of `kind`, passing over others; `None` if the connection closes.
    pub fn until(&mut self, kind: &str) -> Option<Value> {
        loop {
            let message = self.recv()?;
            if message["type"] == kind {
                return Some(message);
            }
        }
    }

    /// Every message until the connection closes.
    pub fn rest(&mut self) -> Vec<Value> {
        std::iter::from_fn(|| self.recv()).collect()
    }
}

/// Whether the host closed `stream` within `limit` (reading gives its end, or a reset),
/// passing over what it sends before.
pub fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    let mut buffer = [0u8; 4096];
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// Writes `bytes` to the host at `address` without any WebSocket, ignoring a host that
/// closes the connection on it.
pub fn raw_tcp(address: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(address).unwrap();
    let _ = stream.write_all(bytes);
    stream
}
