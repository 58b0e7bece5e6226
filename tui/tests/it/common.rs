//! What the TUI tests share: an app driven by keys on a test clock, its bots thinking inline
//! (so no test waits on their thread), and frames drawn on ratatui's test backend.

use std::time::{Duration, Instant};

use mousehole_engine::{Game, GameConfig};
use mousehole_tui::{App, GamePlan, Launch, Theme, Thinking};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// An app with its own clock, so the bots' pace never makes a test wait, and its bots and
/// reviews thinking inline ([`Thinking::Inline`]): their answers are there at the next tick.
pub struct Driver {
    pub app: App,
    clock: Instant,
}

impl Driver {
    pub fn new(launch: Launch) -> Self {
        Self {
            app: App::with_thinking(launch, Theme::MONOCHROME, Thinking::Inline)
                .expect("the app starts"),
            clock: Instant::now(),
        }
    }

    pub fn play(spec: &str, seats: &str, seed: u64) -> Self {
        Self::new(Launch::play(spec, seats, Some(seed)).expect("a valid game"))
    }

    /// Steps the game until a person must act or the game is over. Only a game joined over
    /// the network has anything to wait for (the host's messages): a tick that changed
    /// nothing yields to it.
    pub fn settle(&mut self) {
        for _ in 0..2_000_000 {
            self.clock += Duration::from_secs(10);
            let changed = self.app.tick(self.clock);
            if self.app.awaiting_person() {
                // One more tick shows anything that came with the last step.
                self.app.tick(self.clock);
                return;
            }
            if !changed {
                std::thread::sleep(Duration::from_micros(50));
            }
        }
        panic!("the game did not come back to a person");
    }

    /// One step of the test clock: the bots' pace passes.
    pub fn step(&mut self) {
        self.clock += Duration::from_secs(10);
        self.app.tick(self.clock);
    }

    pub fn key(&mut self, code: KeyCode) {
        self.app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
        self.app.tick(self.clock);
    }

    /// A key with modifiers.
    pub fn key_with(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        self.app.handle_key(KeyEvent::new(code, modifiers));
        self.app.tick(self.clock);
    }

    /// A key with Shift held (⇧→ pans).
    pub fn shift(&mut self, code: KeyCode) {
        self.app
            .handle_key(KeyEvent::new(code, KeyModifiers::SHIFT));
        self.app.tick(self.clock);
    }

    /// Steps the game until `c` shows on an 80×24 frame (a hint, searched inline, shows at
    /// the next tick).
    pub fn wait_for(&mut self, c: char) {
        for _ in 0..20 {
            if self.frame(80, 24).contains(c) {
                return;
            }
            self.clock += Duration::from_secs(1);
            self.app.tick(self.clock);
        }
        panic!("'{c}' never showed: {}", self.frame(80, 24));
    }

    pub fn char(&mut self, c: char) {
        self.key(KeyCode::Char(c));
    }

    /// A left click at screen position (`column`, `row`) of the last frame drawn.
    pub fn click(&mut self, column: u16, row: u16) {
        self.app.handle_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        });
        self.app.tick(self.clock);
    }

    pub fn text(&mut self, text: &str) {
        for c in text.chars() {
            self.char(c);
        }
    }

    /// The screen as text, `width` × `height` (the terminal is resized to it first, as the
    /// event loop does).
    pub fn frame(&mut self, width: u16, height: u16) -> String {
        self.app.resize(width, height);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal
            .draw(|frame| self.app.draw(frame))
            .expect("the frame draws");
        terminal.backend().to_string()
    }
}

/// A game with seat 0 a person whose hints and coach search with a small budget (their
/// machinery is the same whatever the iterations).
pub fn small_hints(spec: &str, seats: &str, seed: u64) -> GamePlan {
    let mut plan = GamePlan::new(
        spec.parse().unwrap(),
        mousehole_tui::bots::parse_seats(seats).unwrap(),
        seed,
    );
    plan.hint = "ismcts:iterations=300,rollout=heuristic".parse().unwrap();
    plan
}

/// The game after the person's first `decisions` decisions (or rolls), each the selected move.
pub fn after_decisions(spec: &str, seats: &str, seed: u64, decisions: usize) -> Driver {
    let mut driver = Driver::play(spec, seats, seed);
    for _ in 0..decisions {
        driver.settle();
        assert!(!driver.app.game_over(), "{spec}: the game ended early");
        driver.key(KeyCode::Enter);
    }
    driver.settle();
    driver
}

/// A person in seat 0 and the heuristic in the other seats of a game of `G` with `options`.
pub fn person_and_heuristics<G: Game>(options: &str) -> String {
    let players = mousehole_engine::testing::config::<G>(options).players();
    let mut seats = vec!["heuristic"; players];
    seats[0] = "human";
    seats.join(",")
}
