//! The terminal front end for mousehole (ratatui + crossterm): a setup screen, one board view
//! per game, the move list with hints, the log in the seat's own view, undo, saving and
//! resuming, a replay viewer, hot seat for several people at one terminal.
//!
//! The [`App`] is state (`app`) + [`App::handle_key`] mapping keys to commands through one
//! key list per screen ([`keys`]) + widgets drawing it (`ui`: `impl Widget for &App`, split
//! into widgets over a pure layout function, nothing written back while drawing). It holds
//! the game as a `Box<dyn Session>` built through `visit_game!` with the bound
//! `G: BotGame + BoardView`, so everything above the per-game board views is written once.
//! Bots think on a worker thread.
//!
//! # Examples
//!
//! Drive a game of Cheese Day between two bots through the app, as the tests do, and draw it
//! on a test backend:
//!
//! ```
//! use std::time::{Duration, Instant};
//! use mousehole_tui::{App, Launch};
//! use ratatui::{Terminal, backend::TestBackend};
//!
//! let launch = Launch::play("cheese-day:players=2", "random,random", Some(7))?;
//! let mut app = App::new(launch, mousehole_tui::Theme::MONOCHROME)?;
//! let mut now = Instant::now();
//! while !app.game_over() {
//!     now += Duration::from_secs(1);
//!     app.tick(now);
//!     # std::thread::sleep(Duration::from_millis(1));
//! }
//! let mut terminal = Terminal::new(TestBackend::new(80, 24))?;
//! terminal.draw(|frame| app.draw(frame))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod app;
pub mod bench;
pub mod bots;
mod history;
pub mod keys;
mod replay;
pub mod review;
mod save;
mod session;
mod setup;
mod terminal;
pub mod text;
mod theme;
mod ui;
pub mod view;
mod worker;

use mousehole_bots::BotGame;
use mousehole_engine::{GameSpec, SpecError};
use thiserror::Error;

pub use app::{App, Launch, random_seed};
pub use history::utc_minute;
pub use save::{
    DATA_DIR_VAR, data_dir, games_dir, program, quoted, read_transcript, write_transcript,
};
pub use session::GamePlan;
pub use terminal::{Exit, restore, run};
pub use theme::Theme;
pub use view::BoardView;
pub use worker::Thinking;

/// What the TUI needs of a game: the bots' bounds and a board view.
pub trait TuiGame: BotGame + BoardView {}

impl<G: BotGame + BoardView> TuiGame for G {}

/// Code that works with any game as the TUI sees it, called with the concrete type.
pub(crate) trait TuiVisitor {
    type Output;
    fn visit<G: TuiGame>(self, config: G::Config) -> Self::Output;
}

/// Validates `spec` and calls `visitor` with the game's type: the one game list with the
/// TUI's bounds, so a new game does not compile until it has a board view.
pub(crate) fn visit<V: TuiVisitor>(spec: &GameSpec, visitor: V) -> Result<V::Output, SpecError> {
    mousehole_engine::visit_game!(spec, visitor)
}

/// Whether the game's turns start with the player's own die ([`BoardView::OWN_DICE`]).
pub(crate) fn rolls(description: &'static mousehole_engine::GameDescription) -> bool {
    struct Rolls;
    impl TuiVisitor for Rolls {
        type Output = bool;
        fn visit<G: TuiGame>(self, _config: G::Config) -> bool {
            G::OWN_DICE
        }
    }
    visit(&GameSpec::new(description), Rolls).unwrap_or(false)
}

/// Why the TUI cannot do what it was asked.
#[derive(Debug, Error)]
pub enum TuiError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{reason}")]
    Seats { reason: String },
    #[error("{path}: {reason}")]
    File { path: String, reason: String },
    #[error("cannot resume this game: {reason}")]
    Resume { reason: String },
    /// Standard input or output is not a terminal (a pipe, a file, no terminal at all).
    #[error(
        "the terminal UI needs a terminal: standard input and output must both be one (for scripts and pipes, `mousehole play` is the line-based prompt)"
    )]
    NoTerminal,
    #[error("the terminal failed: {}", mousehole_engine::words::io_error(.0))]
    Terminal(std::io::Error),
}

impl From<std::io::Error> for TuiError {
    fn from(error: std::io::Error) -> Self {
        TuiError::Terminal(error)
    }
}
