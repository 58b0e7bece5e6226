//! Ctrl-C, `kill` and a closed terminal (SIGINT, SIGTERM, SIGHUP) stop a game the same way
//! `quit` does: the game in progress is stopped with `stopped` saying why, its transcript is
//! written, and the program exits with 128 + the signal's number. A second signal before
//! that is done exits at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::Sender;

use anyhow::{Context, Result};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// A signal that asked the program to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(i32);

impl Signal {
    /// How a transcript's `stopped` and the messages name it.
    pub fn describe(self) -> &'static str {
        match self.0 {
            SIGINT => "interrupted by SIGINT (Ctrl-C)",
            SIGTERM => "stopped by SIGTERM",
            SIGHUP => "stopped by SIGHUP (the terminal was closed)",
            _ => "stopped by a signal",
        }
    }

    /// The exit status of a program stopped by this signal, as shells report it.
    pub fn exit_status(self) -> u8 {
        (128 + self.0) as u8
    }
}

/// Watches for the stop signals from the moment it is made.
#[derive(Debug, Clone)]
pub struct StopSignals {
    caught: Arc<AtomicI32>,
}

impl StopSignals {
    /// Starts watching. `wake`, if given, is told of each signal (a prompt waiting for input
    /// listens to it).
    pub fn watch<T: From<Signal> + Send + 'static>(wake: Option<Sender<T>>) -> Result<Self> {
        let caught = Arc::new(AtomicI32::new(0));
        let mut signals =
            Signals::new([SIGINT, SIGTERM, SIGHUP]).context("cannot watch for Ctrl-C")?;
        let seen = Arc::clone(&caught);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for number in signals.forever() {
                    if seen.swap(number, Ordering::SeqCst) != 0 {
                        // A second signal: the first one's clean stop did not finish.
                        std::process::exit(Signal(number).exit_status().into());
                    }
                    if let Some(wake) = &wake {
                        let _ = wake.send(Signal(number).into());
                    }
                }
            })
            .context("cannot watch for Ctrl-C")?;
        Ok(Self { caught })
    }

    /// The signal caught so far, or the first one within `limit`.
    pub fn wait(&self, limit: std::time::Duration) -> Option<Signal> {
        let start = std::time::Instant::now();
        loop {
            if let Some(signal) = self.caught() {
                return Some(signal);
            }
            if start.elapsed() >= limit {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// The signal caught so far, if any.
    pub fn caught(&self) -> Option<Signal> {
        match self.caught.load(Ordering::SeqCst) {
            0 => None,
            number => Some(Signal(number)),
        }
    }
}
