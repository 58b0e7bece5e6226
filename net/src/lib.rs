//! Network play for mousehole: `mousehole host` runs a match whose `remote` seats are
//! connections from other terminals, and `mousehole join` plays one of them, a person at the
//! TUI or any agent (a program too), from nothing but what the host sends that seat.
//!
//! The messages are the external-agent protocol's (`new_game`, `act` with ids, `game_over`,
//! the agent's `action`), plus `join`, `welcome`, live `events`, `status` and `error`, all
//! declared in [`mousehole_protocol`], one JSON object per WebSocket text message: a browser
//! can speak it, and any TLS reverse proxy can front it (docs/network.md).
//!
//! - [`host`]: the [`Host`], its [`RemoteSeat`]s and its network thread.
//! - [`client`]: joining a host, and a seat played by an agent from what it was sent.
//! - [`wire`]: what a connection is sent, made from its seat's views alone.
//! - [`code`]: the seats' codes.
//! - [`testing`]: a game hosted on 127.0.0.1 and agents joining it, for tests.

pub mod bench;
pub mod client;
pub mod code;
pub mod host;
pub mod page;
pub mod testing;
pub mod wire;

pub use client::{ClientError, ClientSettings, Connection, Joined, Target};
pub use host::{
    Host, HostError, HostLog, HostSettings, Invitation, RematchVerdict, RemoteSeat, StopCheck,
};

use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Waits up to `linger` for a network thread told to end, and joins it if it has: a process
/// that hosts or joins game after game ends each with the threads it began with. A thread
/// still busy after that (a connection slow to take its last messages, a rejoin waiting on the
/// network) is left to end with the process: nothing of the game waits for it.
pub(crate) fn join_within(thread: JoinHandle<()>, linger: Duration) {
    let deadline = Instant::now() + linger;
    while !thread.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    if thread.is_finished() {
        let _ = thread.join();
    }
}
