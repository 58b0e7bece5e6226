//! The terminal: raw mode, the alternate screen and mouse reporting on the way in, all of it
//! undone on every way out (a normal quit, an error, a stop asked by the caller on SIGTERM or
//! SIGHUP, and a panic, through a panic hook), and the event loop between.

use std::io::{IsTerminal, Stdout, stdout};
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
    /// Whether Ctrl-C ended it (the program exits 130, as one stopped by SIGINT).
    pub interrupted: bool,
    /// Whether it was a hosted game (`mousehole join`) that did not reach its end here: the
    /// host stopped it, another connection took the seat, the connection was lost, or the
    /// person left (`join` exits 1).
    pub unfinished: bool,
}

/// How long the loop waits for a key before stepping the game again.
const TICK: Duration = Duration::from_millis(40);

/// Runs the TUI on this process's terminal until the person quits or `stop` is set (by the
/// caller's signal handling, which also puts the terminal back with [`restore`] if the loop
/// does not stop in time: when the terminal hangs up, crossterm's read can spin for ever on
/// the dead descriptor).
///
/// # Errors
/// A game that cannot start (before the terminal is touched), no terminal to run on, or the
/// terminal failing.
pub fn run(launch: Launch, stop: &AtomicBool) -> Result<Exit, TuiError> {
    let mut app = App::new(launch, Theme::from_env())?;
    app.keep_games_in(crate::save::games_dir());
    if !(std::io::stdin().is_terminal() && stdout().is_terminal()) {
        return Err(TuiError::NoTerminal);
    }
    let guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    terminal.clear()?;
    let result = event_loop(&mut terminal, &mut app, stop);
    drop(terminal);
    drop(guard);
    result?;
    Ok(Exit {
        message: app.farewell(),
        interrupted: app.interrupted(),
        unfinished: app.hosted_unfinished(),
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

/// Puts the terminal back as the shell had it. Safe to call more than once, from any thread.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}
