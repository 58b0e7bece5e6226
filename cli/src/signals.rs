//! Ctrl-C, `kill` and a closed terminal (SIGINT, SIGTERM, SIGHUP), handled here and only here,
//! for every command.
//!
//! From the start of `main` a signal ends the program at once with 128 + its number, the
//! process groups of any programs playing `exec:` seats killed first. A command that can stop
//! cleanly says so ([`StopSignals::cooperate`]): then the first signal only asks it to stop
//! (the game in progress stopped with `stopped` saying why, the finished tournament deals
//! reported, everything written), and it exits with 128 + the signal's number when done. A
//! second signal before that hurries it: the programs' process groups are killed at once (the
//! clean stop may be waiting on one of them), and if the command has still not finished a
//! moment later the program exits without it.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use anyhow::{Context, Result};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// How long a second signal gives the clean stop (programs killed, files written) before the
/// program exits without it.
const HURRY: Duration = Duration::from_secs(2);

/// A signal that asked the program to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(i32);

impl Signal {
    /// Ctrl-C's: what a program that takes the key itself (the terminal UI) exits as.
    pub const INTERRUPT: Signal = Signal(SIGINT);

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

type Wake = Box<dyn Fn(Signal) + Send>;

/// What the watching thread and the command share.
struct Watcher {
    /// The first signal caught (0: none yet).
    caught: AtomicI32,
    /// Set at the first signal, for commands that poll a flag (a tournament's workers).
    stop: Arc<AtomicBool>,
    /// Whether the running command stops cleanly; until it says so a signal exits at once.
    cooperative: AtomicBool,
    /// Told of the first signal (a prompt waiting for a line).
    wake: Mutex<Option<Wake>>,
    /// After the first signal, the longest the clean stop may take.
    grace: Mutex<Option<Duration>>,
    /// Run before the program exits without the command (the TUI puts the terminal back).
    before_exit: Mutex<Vec<Box<dyn Fn() + Send>>>,
}

static WATCHER: OnceLock<Watcher> = OnceLock::new();

/// Starts watching for the stop signals, once; every command runs watched.
///
/// # Errors
/// The signals cannot be watched (the program then runs with the system's defaults).
pub fn install() -> Result<()> {
    watcher().map(drop)
}

fn watcher() -> Result<&'static Watcher> {
    if let Some(watcher) = WATCHER.get() {
        return Ok(watcher);
    }
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP]).context("cannot watch for Ctrl-C")?;
    let watcher = WATCHER.get_or_init(|| Watcher {
        caught: AtomicI32::new(0),
        stop: Arc::new(AtomicBool::new(false)),
        cooperative: AtomicBool::new(false),
        wake: Mutex::new(None),
        grace: Mutex::new(None),
        before_exit: Mutex::new(Vec::new()),
    });
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for number in signals.forever() {
                watcher.heard(number);
            }
        })
        .context("cannot watch for Ctrl-C")?;
    Ok(watcher)
}

impl Watcher {
    fn heard(&'static self, number: i32) {
        let first = self
            .caught
            .compare_exchange(0, number, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        let signal = Signal(self.caught.load(Ordering::SeqCst));
        if !self.cooperative.load(Ordering::SeqCst) {
            self.exit(signal);
        }
        if first {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(wake) = lock(&self.wake).as_ref() {
                wake(Signal(number));
            }
            if let Some(grace) = *lock(&self.grace) {
                let _ = std::thread::Builder::new()
                    .name("stop grace".into())
                    .spawn(move || {
                        std::thread::sleep(grace);
                        self.exit(signal);
                    });
            }
        } else {
            // The clean stop may be waiting on a program: end them all, and the command
            // with them if it still does not finish.
            mousehole_bots::external::kill_programs();
            std::thread::sleep(HURRY);
            self.exit(signal);
        }
    }

    /// Ends the program now: the programs' process groups killed, the hooks run.
    fn exit(&self, signal: Signal) -> ! {
        mousehole_bots::external::kill_programs();
        for hook in lock(&self.before_exit).iter() {
            hook();
        }
        std::process::exit(signal.exit_status().into());
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A command that stops cleanly on a signal: its handle on the signals.
#[derive(Clone, Copy)]
pub struct StopSignals {
    watcher: &'static Watcher,
}

impl StopSignals {
    /// Says the running command stops cleanly: from now on the first signal asks it to stop
    /// instead of ending the program.
    pub fn cooperate() -> Result<Self> {
        let watcher = watcher()?;
        watcher.cooperative.store(true, Ordering::SeqCst);
        Ok(Self { watcher })
    }

    /// [`StopSignals::cooperate`], with `wake` told of the first signal (a prompt waiting for
    /// input listens to it).
    pub fn watch<T: From<Signal> + Send + 'static>(wake: Option<Sender<T>>) -> Result<Self> {
        let signals = Self::cooperate()?;
        if let Some(wake) = wake {
            *lock(&signals.watcher.wake) = Some(Box::new(move |signal| {
                let _ = wake.send(signal.into());
            }));
        }
        Ok(signals)
    }

    /// After the first signal the command has at most `grace` to finish; then the program
    /// exits without it.
    pub fn with_grace(self, grace: Duration) -> Self {
        *lock(&self.watcher.grace) = Some(grace);
        self
    }

    /// Runs `hook` if the program exits without the command (after the grace, or at a second
    /// signal).
    pub fn before_exit(self, hook: impl Fn() + Send + 'static) -> Self {
        lock(&self.watcher.before_exit).push(Box::new(hook));
        self
    }

    /// The flag the first signal sets.
    pub fn flag(self) -> Arc<AtomicBool> {
        Arc::clone(&self.watcher.stop)
    }

    /// The signal caught so far, or the first one within `limit`.
    pub fn wait(self, limit: Duration) -> Option<Signal> {
        let start = std::time::Instant::now();
        loop {
            if let Some(signal) = self.caught() {
                return Some(signal);
            }
            if start.elapsed() >= limit {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The signal caught so far, if any.
    pub fn caught(self) -> Option<Signal> {
        match self.watcher.caught.load(Ordering::SeqCst) {
            0 => None,
            number => Some(Signal(number)),
        }
    }
}
