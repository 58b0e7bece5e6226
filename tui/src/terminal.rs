//! The terminal: raw mode, the alternate screen and mouse reporting on the way in, all of it
//! undone on every way out (a normal quit, an error, Ctrl-C, SIGTERM or SIGHUP, and a panic,
//! through a panic hook), and the event loop between.

use std::io::{Stdout, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use crate::TuiError;
use crate::app::{App, Launch};
use crate::theme::Theme;

/// How a TUI session ended.
#[derive(Debug)]
pub struct Exit {
    /// What to tell the person now that the terminal is theirs again.
    pub message: Option<String>,
    /// Stopped by a signal (SIGTERM, SIGHUP, SIGINT from outside): its number.
    pub signal: Option<i32>,
}

/// How long the loop waits for a key before stepping the game again.
const TICK: Duration = Duration::from_millis(40);
/// How long after a signal the event loop has to stop before the process leaves without it.
const GRACE: Duration = Duration::from_secs(1);

/// Runs the TUI on this process's terminal until the person quits.
///
/// # Errors
/// A game that cannot start (before the terminal is touched), or the terminal failing.
pub fn run(launch: Launch) -> Result<Exit, TuiError> {
    let mut app = App::new(launch, Theme::from_env())?;
    app.keep_games_in(crate::save::games_dir());
    let stop = Arc::new(AtomicBool::new(false));
    for number in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(number, Arc::clone(&stop))?;
    }
    let caught = Arc::new(std::sync::atomic::AtomicI32::new(0));
    let finished = Arc::new(AtomicBool::new(false));
    {
        let caught = Arc::clone(&caught);
        let finished = Arc::clone(&finished);
        let mut signals = signal_hook::iterator::Signals::new([
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGINT,
        ])?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(number) = signals.forever().next() {
                    caught.store(number, Ordering::SeqCst);
                    // The event loop sees the stop flag within a tick, unless it never gets
                    // one: when the terminal hangs up, crossterm's read can spin for ever on
                    // the dead descriptor (seen with tmux kill-session). Then leave anyway,
                    // putting back what can be put back; the game was autosaved if asked.
                    std::thread::sleep(GRACE);
                    if !finished.load(Ordering::SeqCst) {
                        restore();
                        std::process::exit(128 + number);
                    }
                }
            })?;
    }
    let guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    terminal.clear()?;
    let result = event_loop(&mut terminal, &mut app, &stop);
    finished.store(true, Ordering::SeqCst);
    drop(terminal);
    drop(guard);
    result?;
    let number = caught.load(Ordering::SeqCst);
    Ok(Exit {
        message: app.farewell(),
        signal: (number != 0).then_some(number),
    })
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    stop: &AtomicBool,
) -> Result<(), TuiError> {
    let mut redraw = true;
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    loop {
        if redraw {
            terminal.draw(|frame| app.draw(frame))?;
        }
        if app.should_quit() || stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        redraw = false;
        if event::poll(TICK)? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => app.handle_mouse(mouse),
                Event::Resize(width, height) => app.resize(width, height),
                _ => continue,
            }
            redraw = true;
        }
        redraw |= app.tick(Instant::now());
    }
}

/// The terminal in the TUI's modes while alive; restored when dropped and on a panic.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> Result<Self, TuiError> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode()?;
        // From here on the guard exists, so a failure below still restores.
        let guard = TerminalGuard;
        execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as the shell had it. Safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}
