//! What network play costs (`mousehole bench GAME --remote`): games hosted one after another
//! on 127.0.0.1, every seat remote and played by a random agent joined from a thread of this
//! process, each remote decision timed on the host from asking to answer (the host's work,
//! both ways over loopback, and the client's, an instant random choice: an upper bound on
//! what the host adds); and the process's threads and memory after each game, which must not
//! grow from game to game.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use mousehole_bots::bench::Timed;
use mousehole_bots::{Fallback, ProgramOptions, SeatLabel};
use mousehole_engine::{GameConfig, Match};
use thiserror::Error;

use crate::client::{AgentPlayer, play_seat};
use crate::host::{HostError, HostSettings, StopCheck};
use crate::{ClientError, ClientSettings, Connection, Host, Target};
use mousehole_bots::BotGame;

/// What the games measured.
#[derive(Clone, Debug, PartialEq)]
pub struct RemoteBench {
    /// Per remote decision, from the `act` to the answer, in microseconds, sorted.
    pub round_trip_us: Vec<f64>,
    /// After each game: the process's threads and resident memory (KiB), where the system
    /// tells them (Linux's `/proc/self`).
    pub threads: Vec<Option<usize>>,
    pub memory_kib: Vec<Option<u64>>,
}

impl RemoteBench {
    /// The `q` quantile (0…1) of the round trips, in microseconds.
    pub fn round_trip_quantile(&self, q: f64) -> f64 {
        mousehole_bots::bench::ExternalOverhead::quantile(&self.round_trip_us, q)
    }
}

/// Why a measurement failed.
#[derive(Debug, Error)]
pub enum BenchError {
    #[error(transparent)]
    Host(#[from] HostError),
    #[error("a client: {0}")]
    Client(#[from] ClientError),
    #[error("a client's thread failed")]
    Thread,
}

/// Hosts `games` games of `G` in a row, every seat remote (see the module documentation).
///
/// # Errors
/// A host that cannot listen on 127.0.0.1, or a client that fails.
pub fn remote_round_trips<G: BotGame>(
    config: &G::Config,
    games: usize,
) -> Result<RemoteBench, BenchError> {
    let players = config.players();
    let labels = vec![SeatLabel::Remote(None); players];
    let mut bench = RemoteBench {
        round_trip_us: Vec::new(),
        threads: Vec::with_capacity(games),
        memory_kib: Vec::with_capacity(games),
    };
    let stop: StopCheck = Arc::new(|| None);
    for game in 0..games {
        let settings = HostSettings {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            ..HostSettings::default()
        };
        let host = Host::start(settings, config, &labels, Box::new(|_| {}))?;
        let address = host.address().to_string();
        let clients: Vec<_> = host
            .invitations()
            .iter()
            .map(|invitation| {
                let address = address.clone();
                let code = invitation.code.clone();
                std::thread::spawn(move || -> Result<(), ClientError> {
                    let connection = Connection::open(
                        &address,
                        &Target::Seat { code },
                        (Some("bench"), None),
                        ClientSettings::default(),
                    )?;
                    let random = SeatLabel::Agent("random".parse().expect("an agent"));
                    let random = AgentPlayer {
                        label: &random,
                        programs: &ProgramOptions::default(),
                        rematch: false,
                    };
                    play_seat(&connection, &random, &mut |_| {})?;
                    Ok(())
                })
            })
            .collect();
        let mut seats: Vec<Timed<_>> = (0..players)
            .map(|seat| {
                Timed::new(host.remote_seat::<G>(seat, Fallback::random(), Arc::clone(&stop)))
            })
            .collect();
        let mut played = Match::<G>::new(config, game as u64);
        if host.wait_for_seats(&stop, |_| {}).is_ok() {
            let Ok(_) = played.drive(&mut seats, &mut host.table(&stop, ()));
        }
        host.close(Duration::from_secs(5));
        for client in clients {
            client.join().map_err(|_| BenchError::Thread)??;
        }
        for seat in seats {
            bench.round_trip_us.extend(
                seat.samples
                    .iter()
                    .map(|(spent, _)| spent.as_secs_f64() * 1e6),
            );
        }
        bench.threads.push(process_status("Threads:"));
        bench
            .memory_kib
            .push(process_status("VmRSS:").map(|kib| kib as u64));
    }
    bench.round_trip_us.sort_by(f64::total_cmp);
    Ok(bench)
}

/// A number from `/proc/self/status` (`Threads:`, `VmRSS:` in KiB), where there is one.
fn process_status(key: &str) -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(key))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
}
