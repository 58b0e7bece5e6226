//! What tests of network play share (the net crate's own, and the front ends'): a game hosted
//! on 127.0.0.1 on a thread of its own, with every wait short, and agents that join its seats.
//! Loopback only: [`host`] refuses any other address. [`RawClient`] writes WebSocket frames
//! itself, for what no library client sends.

mod raw;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mousehole_bots::{BotGame, BotVisitor, Fallback, ProgramOptions, SeatLabel};
use mousehole_engine::{GameSpec, Match, Seat, Transcript};

pub use self::raw::{Frame, Opcode, RawClient};
use crate::client::{AgentPlayer, Joined, Progress, SeatMaker, play_seat};
use crate::{
    ClientError, ClientSettings, Connection, Host, HostSettings, Invitation, RematchVerdict,
    StopCheck, Target,
};

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
#[derive(Debug)]
pub struct Hosted {
    pub address: SocketAddr,
    pub invitations: Vec<Invitation>,
    pub log: Arc<Mutex<Vec<String>>>,
    /// Set to stop the host as a signal would.
    pub stop: Arc<AtomicBool>,
    /// The transcript of each game the host played (more than one after a rematch).
    done: Option<JoinHandle<Vec<Transcript>>>,
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

    /// The game's transcript once it is over (within `limit`): the first game's, if a
    /// rematch was played.
    pub fn finish_within(self, limit: Duration) -> Transcript {
        self.finish_all_within(limit)
            .into_iter()
            .next()
            .expect("the host played a game")
    }

    /// Every game's transcript once the host has ended (within `limit`).
    pub fn finish_all_within(mut self, limit: Duration) -> Vec<Transcript> {
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
    host_games(spec, seats, seed, settings, None)
}

/// As [`host`], and after each game's end the remote seats are offered a rematch to answer
/// within `rematch_within`: when all say yes the next game is played with the next seed, as
/// `mousehole host` does.
pub fn host_games(
    spec: &str,
    seats: &str,
    seed: u64,
    settings: HostSettings,
    rematch_within: Option<Duration>,
) -> Hosted {
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
        rematch_within,
        started: sender,
        log: Arc::clone(&log),
        stop: Arc::clone(&stop),
    };
    let done = std::thread::spawn(move || mousehole_bots::visit(&spec, thread).unwrap());
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
    rematch_within: Option<Duration>,
    started: std::sync::mpsc::Sender<(SocketAddr, Vec<Invitation>)>,
    log: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl BotVisitor for HostThread {
    type Output = Vec<Transcript>;

    fn visit<G: BotGame>(self, config: G::Config) -> Vec<Transcript> {
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
        let mut seats: Vec<Box<dyn Seat<G>>> = (0..self.labels.len())
            .map(|seat| {
                let label = &self.labels[seat];
                host.seat(
                    seat,
                    label,
                    &ProgramOptions::default(),
                    Fallback::random,
                    &stop,
                )
                .unwrap()
                .expect("no person in these tests")
            })
            .collect();
        let labels: Vec<String> = self.labels.iter().map(ToString::to_string).collect();
        let mut transcripts = Vec::new();
        let mut seed = self.seed;
        let mut game = Match::<G>::new(&config, seed);
        if host.wait_for_seats(&stop, |_| {}).is_ok() {
            loop {
                let Ok(_) = game.drive(&mut seats, &mut host.table(&stop, ()));
                transcripts.push(Transcript::from_match(&game, labels.clone()));
                let Some(within) = self.rematch_within.filter(|_| game.ended_early().is_none())
                else {
                    break;
                };
                host.offer_rematch(within);
                if host.await_rematch(&stop) != RematchVerdict::Yes {
                    break;
                }
                seed = seed.wrapping_add(1);
                host.next_game(seed);
                game = Match::<G>::new(&config, seed);
            }
        } else {
            transcripts.push(Transcript::from_match(&game, labels));
        }
        host.close(Duration::from_secs(2));
        transcripts
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

/// Plays seat `code` of the host at `address` with `agent`, on a thread; it says no to a
/// rematch.
pub fn agent(
    address: SocketAddr,
    code: &str,
    agent: &str,
) -> (JoinHandle<Result<Joined, ClientError>>, Heard) {
    agent_answering(address, code, agent, &[])
}

/// An agent's seat that answers rematches as the test says.
struct Answering<'a> {
    player: AgentPlayer<'a>,
    answers: std::cell::RefCell<std::vec::IntoIter<Option<bool>>>,
}

impl SeatMaker for Answering<'_> {
    fn make<G: BotGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError> {
        self.player.make::<G>()
    }

    fn rematch(&self, _offer: &mousehole_protocol::Rematch<'_>) -> Option<bool> {
        self.answers.borrow_mut().next().unwrap_or(Some(false))
    }
}

/// As [`agent`], answering the rematches offered with `answers` in turn (`None`: it does not
/// answer), and no once they are used up.
pub fn agent_answering(
    address: SocketAddr,
    code: &str,
    agent: &str,
    answers: &[Option<bool>],
) -> (JoinHandle<Result<Joined, ClientError>>, Heard) {
    let answers = answers.to_vec();
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
        let player = Answering {
            player: AgentPlayer {
                label: &label,
                programs: &ProgramOptions::default(),
                rematch: false,
            },
            answers: std::cell::RefCell::new(answers.into_iter()),
        };
        play_seat(&connection, &player, &mut |progress| match progress {
            Progress::Status(text) | Progress::Refused(text) => {
                told.lock().unwrap().push(text.to_owned());
            }
            Progress::Rematch {
                asked,
                yes,
                within_ms,
            } => told
                .lock()
                .unwrap()
                .push(format!("rematch {asked:?} {yes:?} {within_ms}")),
            _ => {}
        })
    });
    (thread, heard)
}
