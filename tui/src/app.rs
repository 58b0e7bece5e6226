//! The app: its state (which screen, the setup form, the game session or replay, the pace,
//! what is being typed, popups), [`App::handle_key`] mapping keys to commands through the key
//! lists of [`crate::keys`], [`App::tick`] stepping the game, and rendering split into
//! `render_*` functions, one per part of the screen.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mousehole_bots::SeatLabel;
use mousehole_engine::{GameSpec, Transcript};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::TuiError;
use crate::keys::{self, Cmd, Context, lookup};
use crate::replay::{self, Replay, ReplayView};
use crate::save::{default_path, write_transcript};
use crate::session::{self, GamePlan, HintState, Phase, Session};
use crate::setup::Setup;
use crate::theme::Theme;

/// How the TUI starts.
#[derive(Debug)]
pub enum Launch {
    /// The setup screen, preset with a game, seats and seed where given.
    Setup {
        game: Option<String>,
        seats: Option<Vec<SeatLabel>>,
        seed: Option<u64>,
        out: Option<PathBuf>,
    },
    /// Straight into a game.
    Play(GamePlan),
    /// Continue a saved unfinished game (a finished one opens in the replay viewer).
    Resume {
        plan: GamePlan,
        transcript: Box<Transcript>,
    },
    /// The replay viewer on a transcript.
    Replay(Box<Transcript>),
}

impl Launch {
    /// A game from a spec string and a seat list (`human,random`; agent settings after a
    /// comma stay with their agent, as on the command line), with a seed (random if `None`).
    ///
    /// # Errors
    /// A bad spec or seat.
    pub fn play(spec: &str, seats: &str, seed: Option<u64>) -> Result<Launch, TuiError> {
        let spec: GameSpec = spec.parse()?;
        Ok(Launch::Play(GamePlan::new(
            spec,
            crate::bots::parse_seats(seats)?,
            seed.unwrap_or_else(random_seed),
        )))
    }
}

/// A fresh seed for a game nobody gave one for (shown on the screen and recorded).
pub fn random_seed() -> u64 {
    use rand::RngExt;
    rand::rng().random_range(0..1_000_000_000)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Setup,
    Game,
    Replay,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Popup {
    Help,
    Save {
        path: String,
        error: Option<String>,
        then_quit: bool,
    },
    QuitUnsaved,
}

/// A message at the bottom of the side panel: what just happened (saved, an error).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Message {
    text: String,
    error: bool,
}

/// The bots' pace steps, in milliseconds between moves.
const PACES: [u64; 7] = [0, 150, 350, 700, 1200, 2000, 3500];
const DEFAULT_PACE: usize = 3;
/// Moves a page of the move list jumps.
const PAGE: usize = 10;

/// The whole TUI's state.
// Its flags are independent of one another (skipping, quitting, redrawing, where the replay
// viewer returns to), so no one enum would replace them.
#[allow(clippy::struct_excessive_bools)]
pub struct App {
    theme: Theme,
    screen: Screen,
    popup: Option<Popup>,
    setup: Setup,
    session: Option<Box<dyn Session>>,
    replay: Option<Box<dyn Replay>>,
    /// Close the viewer back to the game (else it was opened on its own: quit).
    replay_from_game: bool,
    pace: usize,
    skip: bool,
    typing: Option<String>,
    typing_error: Option<String>,
    /// Log lines scrolled back from the newest.
    log_scroll: usize,
    message: Option<Message>,
    quit: bool,
    /// Events in the game when it was last saved by hand.
    saved_events: Option<usize>,
    saved_path: Option<PathBuf>,
    /// `--out`: every new game is kept there as it goes.
    out: Option<PathBuf>,
    spinner: usize,
    /// Where the move list was drawn, and the move on each of its rows (for clicks).
    list_area: Rect,
    list_rows: Vec<usize>,
    dirty: bool,
    /// Lines the help is scrolled down, and how far it can go (known once drawn).
    help_scroll: u16,
    help_overflow: std::cell::Cell<u16>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("screen", &self.screen)
            .field("popup", &self.popup)
            .finish_non_exhaustive()
    }
}

const SPINNER: [&str; 4] = ["⠋", "⠙", "⠸", "⠴"];

impl App {
    /// The app as `launch` asks.
    ///
    /// # Errors
    /// A game that cannot start (bad seats for the game, a transcript that cannot be resumed).
    pub fn new(launch: Launch, theme: Theme) -> Result<App, TuiError> {
        let mut app = App {
            theme,
            screen: Screen::Setup,
            popup: None,
            setup: Setup::new(None, random_seed()),
            session: None,
            replay: None,
            replay_from_game: false,
            pace: DEFAULT_PACE,
            skip: false,
            typing: None,
            typing_error: None,
            log_scroll: 0,
            message: None,
            quit: false,
            saved_events: None,
            saved_path: None,
            out: None,
            spinner: 0,
            list_area: Rect::default(),
            list_rows: Vec::new(),
            dirty: true,
            help_scroll: 0,
            help_overflow: std::cell::Cell::new(0),
        };
        match launch {
            Launch::Setup {
                game,
                seats,
                seed,
                out,
            } => {
                app.setup = Setup::new(game.as_deref(), seed.unwrap_or_else(random_seed));
                if let Some(seats) = seats {
                    app.setup.set_seats(&seats);
                }
                app.out = out;
            }
            Launch::Play(plan) => {
                app.out.clone_from(&plan.out);
                app.setup = Setup::new(Some(plan.spec.info().name), plan.seed);
                app.setup.set_seats(&plan.seats);
                app.session = Some(session::start(plan)?);
                app.screen = Screen::Game;
            }
            Launch::Resume { plan, transcript } => {
                app.out.clone_from(&plan.out);
                app.setup = Setup::new(Some(plan.spec.info().name), plan.seed);
                if transcript.outcome.is_some() || transcript.forfeit.is_some() {
                    app.replay = Some(replay::open(&transcript)?);
                    app.screen = Screen::Replay;
                    app.say("this game is over: it opens in the replay viewer", false);
                } else {
                    let events = transcript.events.len();
                    app.session = Some(session::resume(plan, &transcript)?);
                    app.saved_events = Some(events);
                    app.screen = Screen::Game;
                    app.say(&format!("resumed after {events} events"), false);
                }
            }
            Launch::Replay(transcript) => {
                app.replay = Some(replay::open(&transcript)?);
                app.screen = Screen::Replay;
            }
        }
        Ok(app)
    }

    /// Whether the app has been asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the game on screen is over (tests drive games until then).
    pub fn game_over(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.phase() == Phase::Over)
    }

    /// Whether the app waits for a person: a decision, a hand-off, the end of a game, or any
    /// screen but a game in progress (tests step games until then).
    pub fn awaiting_person(&self) -> bool {
        self.screen != Screen::Game
            || !matches!(self.phase(), Some(Phase::Thinking(_) | Phase::Waiting))
    }

    /// The transcript of the game on screen, if there is one.
    pub fn transcript(&self) -> Option<Transcript> {
        self.session.as_ref().map(|s| s.transcript())
    }

    /// What to tell the person once the terminal is theirs again.
    pub fn farewell(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        if session.phase() == Phase::Over || session.events() == 0 {
            return None;
        }
        if let Some(out) = &session.plan().out {
            return Some(format!(
                "The game so far is in {}; `mousehole tui --load {}` continues it.",
                out.display(),
                out.display()
            ));
        }
        if self.saved_events == Some(session.events())
            && let Some(path) = &self.saved_path
        {
            return Some(format!(
                "The game is saved in {}; `mousehole tui --load {}` continues it.",
                path.display(),
                path.display()
            ));
        }
        Some("The game was not saved (s saves it; --out FILE keeps it as you play).".to_owned())
    }

    fn say(&mut self, text: &str, error: bool) {
        self.message = Some(Message {
            text: text.to_owned(),
            error,
        });
    }

    /// The phase of the game on screen.
    fn phase(&self) -> Option<Phase> {
        self.session.as_ref().map(|s| s.phase())
    }

    /// Steps the game (bots' answers, chance, the pace). Returns whether the screen must be
    /// drawn again.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = std::mem::take(&mut self.dirty);
        if self.screen == Screen::Game
            && let Some(session) = self.session.as_mut()
        {
            let pace = Duration::from_millis(PACES[self.pace]);
            if session.tick(now, pace, self.skip) {
                changed = true;
                self.log_scroll = 0;
            }
            if let Some(notice) = session.take_notices().pop() {
                // The latest says how things stand; the transcript records every fault.
                self.message = Some(Message {
                    text: notice,
                    error: true,
                });
                changed = true;
            }
            match session.phase() {
                Phase::Person(_) | Phase::Handoff(_) | Phase::Over => self.skip = false,
                Phase::Thinking(_) => {
                    self.spinner = self.spinner.wrapping_add(1);
                    changed = true;
                }
                Phase::Waiting => {}
            }
        }
        changed
    }

    /// The key list in force, for lookups, the key bar and the help.
    fn context(&self) -> Context {
        match &self.popup {
            Some(Popup::Save { .. }) => return Context::Prompt,
            Some(Popup::QuitUnsaved) => return Context::QuitUnsaved,
            Some(Popup::Help) | None => {}
        }
        match self.screen {
            Screen::Setup => Context::Setup,
            Screen::Replay => Context::Replay,
            Screen::Game => match self.phase() {
                Some(Phase::Handoff(_)) => Context::Handoff,
                Some(Phase::Over) => Context::End,
                _ if self.typing.is_some() => Context::Typing,
                _ => Context::Game,
            },
        }
    }

    /// Whether a command can do anything now (the key bar leaves out the rest, the help dims
    /// them).
    fn enabled(&self, cmd: Cmd) -> bool {
        let session = self.session.as_deref();
        let person = matches!(self.phase(), Some(Phase::Person(_)));
        match (self.screen, cmd) {
            (
                Screen::Game,
                Cmd::Up | Cmd::Down | Cmd::PageUp | Cmd::PageDown | Cmd::Choose | Cmd::Type,
            ) if self.context() == Context::Game => person,
            (Screen::Game, Cmd::Hint) => {
                person && session.is_some_and(|s| s.hint() == HintState::None)
            }
            (Screen::Game, Cmd::Undo) => session.is_some_and(super::session::Session::can_undo),
            (Screen::Game, Cmd::Skip) => {
                matches!(self.phase(), Some(Phase::Thinking(_) | Phase::Waiting))
            }
            (Screen::Game, Cmd::View) => session.is_some_and(|s| s.people() == 0),
            (Screen::Game, Cmd::Faster) => self.pace > 0,
            (Screen::Game, Cmd::Slower) => self.pace + 1 < PACES.len(),
            _ => true,
        }
    }

    /// Handles one key.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.dirty = true;
        if self.popup == Some(Popup::Help) {
            // Arrows scroll a help taller than the screen; any other key closes it, and
            // Ctrl-C still quits.
            let overflow = self.help_overflow.get();
            match key.code {
                KeyCode::Down | KeyCode::Char('j') if overflow > 0 => {
                    self.help_scroll = (self.help_scroll + 1).min(overflow);
                    return;
                }
                KeyCode::Up | KeyCode::Char('k') if overflow > 0 => {
                    self.help_scroll = self.help_scroll.saturating_sub(1);
                    return;
                }
                _ => {}
            }
            self.popup = None;
            if lookup(keys::GAME, &key) == Some(Cmd::Interrupt) {
                self.quit = true;
            }
            return;
        }
        let context = self.context();
        let plain = key.modifiers.difference(KeyModifiers::SHIFT).is_empty();
        // Text first where text is typed.
        if plain && let KeyCode::Char(c) = key.code {
            let typed = match (&mut self.popup, self.screen) {
                (Some(Popup::Save { path, error, .. }), _) => {
                    path.push(c);
                    *error = None;
                    true
                }
                (None, Screen::Setup) if self.setup.types_text() => {
                    self.setup.type_char(c);
                    true
                }
                (None, Screen::Game) if context == Context::Typing => {
                    self.type_char(c);
                    true
                }
                _ => false,
            };
            if typed {
                return;
            }
        }
        if key.code == KeyCode::Backspace {
            match (&mut self.popup, self.screen) {
                (Some(Popup::Save { path, .. }), _) => {
                    path.pop();
                }
                (None, Screen::Setup) => self.setup.backspace(),
                (None, Screen::Game) if context == Context::Typing => {
                    if let Some(text) = &mut self.typing {
                        text.pop();
                        self.typing_error = None;
                        self.select_first_match();
                    }
                }
                _ => {}
            }
            return;
        }
        let Some(cmd) = lookup(context.bindings(), &key) else {
            return;
        };
        if cmd == Cmd::Interrupt {
            self.quit = true;
            return;
        }
        match &self.popup {
            Some(Popup::Save { .. }) => return self.save_prompt(cmd),
            Some(Popup::QuitUnsaved) => return self.quit_prompt(cmd),
            Some(Popup::Help) | None => {}
        }
        if cmd == Cmd::Help {
            self.popup = Some(Popup::Help);
            self.help_scroll = 0;
            return;
        }
        match self.screen {
            Screen::Setup => self.setup_command(cmd),
            Screen::Game => self.game_command(cmd, context),
            Screen::Replay => self.replay_command(cmd),
        }
    }

    fn setup_command(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Up => self.setup.move_focus(-1),
            Cmd::Down => self.setup.move_focus(1),
            Cmd::Left => self.setup.change(-1),
            Cmd::Right => self.setup.change(1),
            Cmd::Reseed => self.setup.set_seed(random_seed()),
            Cmd::Quit => self.quit = true,
            Cmd::Choose => match self.setup.plan() {
                Ok(mut plan) => {
                    plan.out.clone_from(&self.out);
                    self.start_game(plan);
                }
                Err(problem) => {
                    self.setup.focus(problem.field);
                }
            },
            _ => {}
        }
    }

    fn start_game(&mut self, plan: GamePlan) {
        match session::start(plan) {
            Ok(session) => {
                self.session = Some(session);
                self.screen = Screen::Game;
                self.saved_events = None;
                self.saved_path = None;
                self.typing = None;
                self.log_scroll = 0;
                self.message = None;
            }
            Err(error) => {
                self.screen = Screen::Setup;
                self.say(&error.to_string(), true);
            }
        }
    }

    fn game_command(&mut self, cmd: Cmd, context: Context) {
        if context == Context::Typing {
            return self.typing_command(cmd);
        }
        let now = Instant::now();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let choices = session.choices().len();
        let selected = session.selected();
        match cmd {
            Cmd::Up => session.select(selected.saturating_sub(1)),
            Cmd::Down => session.select(selected + 1),
            Cmd::PageUp => session.select(selected.saturating_sub(PAGE)),
            Cmd::PageDown => session.select(selected + PAGE),
            Cmd::Choose => match self.phase() {
                Some(Phase::Handoff(_)) => {
                    if let Some(session) = self.session.as_mut() {
                        session.confirm_handoff();
                    }
                }
                Some(Phase::Person(_)) if choices > 0 => self.choose(selected, now),
                _ => {}
            },
            Cmd::Type => {
                if matches!(self.phase(), Some(Phase::Person(_))) {
                    self.typing = Some(String::new());
                    self.typing_error = None;
                }
            }
            Cmd::Hint => {
                if let Err(message) = session.request_hint() {
                    self.say(&message, true);
                }
            }
            Cmd::Undo => match session.undo() {
                Ok(()) => self.say("undone: back to your previous decision", false),
                Err(message) => self.say(&message, true),
            },
            Cmd::Skip => self.skip = true,
            Cmd::Faster => self.pace = self.pace.saturating_sub(1),
            Cmd::Slower => self.pace = (self.pace + 1).min(PACES.len() - 1),
            Cmd::View if !session.cycle_view() => {
                self.say("another seat's view is only for games without people", true);
            }
            Cmd::LogUp => self.log_scroll += 5,
            Cmd::LogDown => self.log_scroll = self.log_scroll.saturating_sub(5),
            Cmd::Save => self.open_save(false),
            Cmd::Quit => {
                let unsaved = session.phase() != Phase::Over
                    && session.events() > 0
                    && session.plan().out.is_none()
                    && self.saved_events != Some(session.events());
                if unsaved {
                    self.popup = Some(Popup::QuitUnsaved);
                } else {
                    self.quit = true;
                }
            }
            Cmd::Again => {
                let mut plan = session.plan().clone();
                plan.seed = plan.seed.wrapping_add(1);
                self.start_game(plan);
            }
            Cmd::Replay => {
                let transcript = session.transcript();
                match replay::open(&transcript) {
                    Ok(mut viewer) => {
                        viewer.seek(viewer.len());
                        self.replay = Some(viewer);
                        self.replay_from_game = true;
                        self.screen = Screen::Replay;
                    }
                    Err(error) => self.say(&error.to_string(), true),
                }
            }
            Cmd::NewGame => {
                self.screen = Screen::Setup;
                self.message = None;
            }
            _ => {}
        }
    }

    fn choose(&mut self, index: usize, now: Instant) {
        if let Some(session) = self.session.as_mut() {
            match session.choose(index, now) {
                Ok(()) => {
                    self.typing = None;
                    self.typing_error = None;
                    self.message = None;
                }
                Err(message) => self.typing_error = Some(message),
            }
        }
    }

    fn type_char(&mut self, c: char) {
        if let Some(text) = &mut self.typing
            && text.chars().count() < 80
        {
            text.push(c);
            self.typing_error = None;
            self.select_first_match();
        }
    }

    /// The lines of the move list that match the typed text.
    fn matches(&self) -> Vec<usize> {
        let (Some(session), Some(text)) = (self.session.as_deref(), &self.typing) else {
            return Vec::new();
        };
        let text = text.trim().to_lowercase();
        session
            .choices()
            .iter()
            .enumerate()
            .filter(|(_, item)| item.text.starts_with(&text))
            .map(|(i, _)| i)
            .collect()
    }

    fn select_first_match(&mut self) {
        if let Some(&first) = self.matches().first()
            && let Some(session) = self.session.as_mut()
        {
            session.select(first);
        }
    }

    fn typing_command(&mut self, cmd: Cmd) {
        let now = Instant::now();
        let matches = self.matches();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let text = self.typing.clone().unwrap_or_default();
        match cmd {
            Cmd::Cancel => {
                self.typing = None;
                self.typing_error = None;
            }
            Cmd::Choose => match session.typed(&text) {
                Ok(index) => self.choose(index, now),
                Err(message) => {
                    // A prefix of exactly one move plays it, as completion would.
                    if matches.len() == 1 && !text.trim().is_empty() {
                        self.choose(matches[0], now);
                    } else {
                        self.typing_error = Some(message);
                    }
                }
            },
            Cmd::Complete => {
                let texts: Vec<&str> = matches
                    .iter()
                    .map(|&i| session.choices()[i].text.as_str())
                    .collect();
                match common_prefix(&texts) {
                    Some(prefix) if prefix.len() >= text.trim().len() => {
                        self.typing = Some(prefix);
                        self.typing_error = None;
                    }
                    _ => {
                        self.typing_error = Some(format!(
                            "no move starts with '{}'",
                            mousehole_engine::text::shown(&text)
                        ));
                    }
                }
            }
            Cmd::Up | Cmd::Down => {
                let selected = session.selected();
                let at = matches.iter().position(|&i| i == selected);
                let next = match (cmd, at) {
                    (Cmd::Up, Some(at)) if at > 0 => matches.get(at - 1),
                    (Cmd::Down, Some(at)) => matches.get(at + 1),
                    (_, None) => matches.first(),
                    _ => None,
                };
                if let Some(&next) = next {
                    session.select(next);
                }
            }
            _ => {}
        }
    }

    fn replay_command(&mut self, cmd: Cmd) {
        let Some(viewer) = self.replay.as_mut() else {
            return;
        };
        let at = viewer.position();
        match cmd {
            Cmd::Left => viewer.seek(at.saturating_sub(1)),
            Cmd::Right => viewer.seek(at + 1),
            Cmd::PageUp => viewer.seek(at.saturating_sub(10)),
            Cmd::PageDown => viewer.seek(at + 10),
            Cmd::First => viewer.seek(0),
            Cmd::Last => viewer.seek(viewer.len()),
            Cmd::View => viewer.cycle_view(),
            Cmd::Quit => {
                self.replay = None;
                if self.replay_from_game && self.session.is_some() {
                    self.screen = Screen::Game;
                } else {
                    self.quit = true;
                }
            }
            _ => {}
        }
    }

    fn open_save(&mut self, then_quit: bool) {
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let path = self
            .saved_path
            .clone()
            .or_else(|| session.plan().out.clone())
            .unwrap_or_else(|| default_path(session.info().name, session.plan().seed));
        self.popup = Some(Popup::Save {
            path: path.display().to_string(),
            error: None,
            then_quit,
        });
    }

    fn save_prompt(&mut self, cmd: Cmd) {
        let Some(Popup::Save {
            path, then_quit, ..
        }) = self.popup.clone()
        else {
            return;
        };
        match cmd {
            Cmd::Cancel => self.popup = None,
            Cmd::Choose => {
                let Some(session) = self.session.as_deref() else {
                    return;
                };
                let target = PathBuf::from(path.trim());
                let transcript = session.transcript();
                match write_transcript(&target, &transcript) {
                    Ok(()) => {
                        self.saved_events = Some(session.events());
                        let text = format!(
                            "saved {} events to {}",
                            transcript.events.len(),
                            target.display()
                        );
                        self.saved_path = Some(target);
                        self.popup = None;
                        self.say(&text, false);
                        if then_quit {
                            self.quit = true;
                        }
                    }
                    Err(error) => {
                        self.popup = Some(Popup::Save {
                            path,
                            error: Some(error.to_string()),
                            then_quit,
                        });
                    }
                }
            }
            _ => {}
        }
    }

    fn quit_prompt(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Save => self.open_save(true),
            Cmd::Quit => self.quit = true,
            Cmd::Cancel => self.popup = None,
            _ => {}
        }
    }

    /// Handles a mouse event: a click on the board or the move list selects a move, a second
    /// click on it plays it; the wheel scrolls the log.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        if self.screen != Screen::Game || self.popup.is_some() {
            return;
        }
        self.dirty = true;
        match event.kind {
            MouseEventKind::ScrollUp => self.log_scroll += 1,
            MouseEventKind::ScrollDown => self.log_scroll = self.log_scroll.saturating_sub(1),
            MouseEventKind::Down(MouseButton::Left) => {
                let Some(session) = self.session.as_mut() else {
                    return;
                };
                if !matches!(session.phase(), Phase::Person(_)) {
                    return;
                }
                let position = ratatui::layout::Position {
                    x: event.column,
                    y: event.row,
                };
                let picked = if self.list_area.contains(position) {
                    self.list_rows
                        .get(usize::from(event.row - self.list_area.y))
                        .copied()
                } else {
                    session.click(event.column, event.row)
                };
                if let Some(line) = picked {
                    if line == session.selected() {
                        self.choose(line, Instant::now());
                    } else {
                        session.select(line);
                    }
                }
            }
            _ => {}
        }
    }

    /// Draws the whole screen.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        let area = frame.area();
        self.render(area, frame.buffer_mut());
    }

    /// Draws the app into `buf`.
    pub fn render(&mut self, area: Rect, buf: &mut Buffer) {
        let [body, bar] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
        match self.screen {
            Screen::Setup => self.render_setup(body, buf),
            Screen::Game => self.render_game(body, buf),
            Screen::Replay => self.render_replay(body, buf),
        }
        self.render_key_bar(bar, buf);
        match self.popup.clone() {
            Some(Popup::Help) => self.render_help(area, buf),
            Some(Popup::Save { path, error, .. }) => {
                self.render_save(area, buf, &path, error.as_deref());
            }
            Some(Popup::QuitUnsaved) => self.render_quit_unsaved(area, buf),
            None => {}
        }
    }

    fn render_setup(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let block = Block::bordered().border_style(theme.border());
        let inner = block.inner(area);
        block.render(area, buf);
        let [form, message_area] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(2)]).areas(inner);
        self.setup.render(form, buf, theme);
        if let Some(message) = &self.message {
            Paragraph::new(Line::styled(
                message.text.clone(),
                if message.error {
                    theme.error()
                } else {
                    theme.good()
                },
            ))
            .wrap(Wrap { trim: true })
            .render(message_area, buf);
        }
    }

    fn render_game(&mut self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let [title, main] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        self.render_title(title, buf);
        let phase = session.phase();
        let question = session.question();
        if let Phase::Handoff(seat) = phase {
            return self.render_handoff(main, buf, seat);
        }
        let (board_w, board_h) = session.board_size();
        let side_min = 24.min(main.width / 3);
        let board_w = (board_w + 2).min(main.width.saturating_sub(side_min));
        let over = phase == Phase::Over;
        let end = if over { session.end(theme) } else { None };
        let revealed_h = end.as_ref().map_or(0, |e| {
            let inner = usize::from(main.width.saturating_sub(2).max(1));
            let rows: usize = e
                .revealed
                .iter()
                .map(|l| l.width().div_ceil(inner).max(1))
                .sum();
            rows as u16 + 2
        });
        // At the end the board and what was hidden come first, the log gets what is left.
        let log_min = if over { revealed_h.min(6) } else { 3 };
        let board_h = (board_h + 2)
            .min(main.height.saturating_sub(log_min))
            .max(3);
        let [top, bottom] =
            Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)]).areas(main);
        let [board, side] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(top);
        self.render_board(board, buf);
        match &end {
            Some(end) => self.render_end(side, buf, end),
            None => self.render_moves(side, buf),
        }
        let log = match &end {
            Some(end) if !end.revealed.is_empty() => {
                let height = revealed_h.min(bottom.height);
                let [revealed, log] =
                    Layout::vertical([Constraint::Length(height), Constraint::Fill(1)])
                        .areas(bottom);
                Paragraph::new(end.revealed.clone())
                    .wrap(Wrap { trim: true })
                    .block(
                        Block::bordered()
                            .border_style(theme.border())
                            .title(Span::styled(" everything revealed ", theme.title())),
                    )
                    .render(revealed, buf);
                log
            }
            _ => bottom,
        };
        self.render_log(log, buf);
        if let (Phase::Person(_), Some(question)) = (phase, question) {
            self.render_question(board, buf, &question);
        }
    }

    fn render_title(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let viewer = session.viewer();
        let who = if session.people() == 0 {
            format!("watching seat {viewer}'s view (v: another)")
        } else {
            format!("you are seat {viewer}")
        };
        let pace = PACES[self.pace];
        let state = match session.phase() {
            Phase::Thinking(seat) => format!(
                "seat {seat} thinking {}",
                SPINNER[self.spinner / 2 % SPINNER.len()]
            ),
            Phase::Person(seat) => format!("seat {seat} to move"),
            Phase::Waiting => "…".to_owned(),
            Phase::Handoff(seat) => format!("pass to seat {seat}"),
            Phase::Over => "game over".to_owned(),
        };
        let line = Line::from(vec![
            Span::styled(format!(" {} ", session.title()), theme.title()),
            Span::styled(
                format!("│ {who} │ pace {:.2}s │ ", pace as f64 / 1000.0),
                theme.dim(),
            ),
            Span::styled(state, theme.accent()),
        ]);
        Paragraph::new(line).render(area, buf);
    }

    fn render_board(&mut self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref_mut() else {
            return;
        };
        let title = format!(" seat {}'s view ", session.viewer());
        let block = Block::bordered()
            .border_style(theme.border())
            .title(Span::styled(title, theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        session.render_board(inner, buf, theme);
    }

    fn render_moves(&mut self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let phase = session.phase();
        let title = match phase {
            Phase::Person(_) => " your move ".to_owned(),
            Phase::Thinking(seat) => format!(" seat {seat} is thinking "),
            _ => " moves ".to_owned(),
        };
        let focused = matches!(phase, Phase::Person(_));
        let block = Block::bordered()
            .border_style(if focused {
                theme.focus_border()
            } else {
                theme.border()
            })
            .title(Span::styled(title, theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = inner.width;
        let mut top: Vec<Line<'static>> = Vec::new();
        top.extend(wrap_text(&session.status(), width, theme.text()));
        match session.hint() {
            HintState::None => {}
            HintState::Thinking => top.push(Line::styled(
                format!(
                    "hint: thinking {}",
                    SPINNER[self.spinner / 2 % SPINNER.len()]
                ),
                theme.accent(),
            )),
            HintState::Shown(note) => {
                top.extend(wrap_text(
                    &format!("hint ({note}): win chance, ★ its choice first"),
                    width,
                    theme.accent(),
                ));
            }
        }
        let mut bottom: Vec<Line<'static>> = Vec::new();
        if let Some(text) = &self.typing {
            bottom.push(Line::from(vec![
                Span::styled("> ", theme.key()),
                Span::raw(text.clone()),
                Span::styled("▏", theme.accent()),
            ]));
        }
        if let Some(error) = &self.typing_error {
            bottom.extend(wrap_text(error, width, theme.error()));
        }
        if let Some(failure) = session.failure() {
            bottom.extend(wrap_text(failure, width, theme.error()));
        }
        if let Some(error) = session.autosave_error() {
            bottom.extend(wrap_text(
                &format!("not saved: {error}"),
                width,
                theme.error(),
            ));
        }
        if let Some(message) = &self.message {
            bottom.extend(wrap_text(
                &message.text,
                width,
                if message.error {
                    theme.error()
                } else {
                    theme.good()
                },
            ));
        }
        let top_h = (top.len() as u16).min(inner.height);
        let bottom_h = (bottom.len() as u16).min(inner.height - top_h);
        let [head, list, foot] = Layout::vertical([
            Constraint::Length(top_h),
            Constraint::Fill(1),
            Constraint::Length(bottom_h),
        ])
        .areas(inner);
        Paragraph::new(top).render(head, buf);
        Paragraph::new(bottom).render(foot, buf);
        let choices = session.choices();
        let shown: Vec<usize> = if self.typing.is_some() {
            self.matches()
        } else {
            (0..choices.len()).collect()
        };
        let selected = session.selected();
        let height = usize::from(list.height);
        // Each move takes up to two rows when its label is longer than the panel is wide;
        // `rows[r]` is the move drawn on row r.
        let mut rows: Vec<(usize, Line<'static>)> = Vec::new();
        for &i in &shown {
            let item = &choices[i];
            let mut prefix = String::new();
            if let Some(estimate) = &item.estimate {
                let star = if item.recommended { "★" } else { " " };
                prefix = format!("{star}{:>3.0}% ", 100.0 * estimate.win);
            }
            // The label says what the move does; while typing, the text form to type.
            let text = if self.typing.is_some() || item.label.is_empty() {
                item.text.clone()
            } else {
                item.label.clone()
            };
            let indent = prefix.chars().count() as u16;
            let wrapped = wrap_text(&text, width.saturating_sub(indent), theme.text());
            for (part, line) in wrapped.into_iter().take(2).enumerate() {
                let lead = if part == 0 {
                    Span::styled(prefix.clone(), theme.accent())
                } else {
                    Span::raw(" ".repeat(usize::from(indent) + 1))
                };
                let mut spans = vec![lead];
                spans.extend(line.spans);
                rows.push((i, Line::from(spans)));
            }
        }
        let first_row = rows.iter().position(|(i, _)| *i == selected).unwrap_or(0);
        let last_row = rows.iter().rposition(|(i, _)| *i == selected).unwrap_or(0);
        let offset = if height == 0 || last_row < height {
            0
        } else {
            (last_row + 1 - height).min(first_row)
        };
        if rows.is_empty() && !focused {
            let waiting = match phase {
                Phase::Thinking(seat) => format!(
                    "seat {seat} is thinking {}",
                    SPINNER[self.spinner / 2 % SPINNER.len()]
                ),
                _ => "…".to_owned(),
            };
            Paragraph::new(Line::styled(waiting, theme.dim())).render(list, buf);
        } else {
            // The selected move is highlighted to the panel's edge.
            for (row, (i, line)) in rows.iter().skip(offset).take(height).enumerate() {
                let y = list.y + row as u16;
                if *i == selected {
                    buf.set_style(Rect::new(list.x, y, list.width, 1), theme.selected());
                }
                buf.set_line(list.x, y, line, list.width);
            }
        }
        // Clicks on the list go through the rows drawn.
        self.list_area = list;
        self.list_rows = rows
            .iter()
            .skip(offset)
            .take(height)
            .map(|(i, _)| *i)
            .collect();
    }

    fn render_log(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let title = format!(" log: seat {}'s view ", session.viewer());
        render_lines(
            area,
            buf,
            theme,
            &title,
            &session.log(theme),
            self.log_scroll,
        );
    }

    fn render_end(&self, area: Rect, buf: &mut Buffer, end: &session::EndView) {
        let theme = self.theme;
        let block = Block::bordered()
            .border_style(theme.focus_border())
            .title(Span::styled(" game over ", theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = wrap_text(&end.headline, inner.width, theme.accent());
        // The name column is as wide as the longest name, within the panel (rank and score
        // take the other ten columns).
        let longest = end.rows.iter().map(|row| row.2.chars().count()).max();
        let room = longest
            .unwrap_or(0)
            .min(usize::from(inner.width.saturating_sub(10)))
            .max(6);
        if !end.rows.is_empty() {
            lines.push(Line::styled(
                format!("    {:<room$}{:>5}", "seat", "score"),
                theme.dim(),
            ));
        }
        for (rank, seat, name, score) in &end.rows {
            let name: String = name.chars().take(room).collect();
            lines.push(Line::from(vec![
                Span::raw(format!("{rank:>2}. ")),
                Span::styled(format!("{name:<room$}"), theme.seat(*seat)),
                Span::raw(format!("{score:>5}")),
            ]));
        }
        lines.push(Line::raw(""));
        if let Some(message) = &self.message {
            lines.extend(wrap_text(
                &message.text,
                inner.width,
                if message.error {
                    theme.error()
                } else {
                    theme.good()
                },
            ));
        }
        lines.push(Line::styled("⏎ again · r replay · s save", theme.dim()));
        Paragraph::new(lines).render(inner, buf);
    }

    fn render_handoff(&self, area: Rect, buf: &mut Buffer, seat: usize) {
        let theme = self.theme;
        let block = Block::bordered()
            .border_style(theme.focus_border())
            .title(Span::styled(" hand-off ", theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        let label = self
            .session
            .as_deref()
            .and_then(|s| s.plan().seats.get(seat).map(ToString::to_string))
            .unwrap_or_default();
        let lines = vec![
            Line::raw(""),
            Line::styled(
                format!("Pass the keyboard to seat {seat} ({label})."),
                theme.accent(),
            ),
            Line::raw(""),
            Line::raw("Everyone else, look away: the next screen shows that seat's hidden cards."),
            Line::raw(""),
            Line::styled(
                format!("Seat {seat}: press Enter when you are ready."),
                theme.text(),
            ),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .centered()
            .render(inner, buf);
    }

    fn render_question(&self, board: Rect, buf: &mut Buffer, question: &str) {
        let theme = self.theme;
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let width = board.width.saturating_sub(4).clamp(20, 60);
        let mut lines = wrap_text(question, width - 2, theme.text());
        lines.push(Line::raw(""));
        for (i, item) in session.choices().iter().enumerate() {
            let line = Line::from(vec![
                Span::styled(item.text.clone(), theme.key()),
                Span::styled(format!(" {}", item.label), theme.dim()),
            ]);
            lines.push(if i == session.selected() {
                line.patch_style(theme.selected())
            } else {
                line
            });
        }
        lines.push(Line::styled("↑↓ choose, ⏎ answer", theme.dim()));
        let height = (lines.len() as u16 + 2).min(board.height);
        let area = centered(board, width, height);
        Clear.render(area, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled(" a moose at your door ", theme.title())),
            )
            .render(area, buf);
    }

    fn render_replay(&mut self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let Some(viewer) = self.replay.as_deref_mut() else {
            return;
        };
        let [title, main] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        Paragraph::new(Line::from(vec![
            Span::styled(format!(" {} ", viewer.title()), theme.title()),
            Span::styled(
                format!("│ event {} of {}", viewer.position(), viewer.len()),
                theme.dim(),
            ),
        ]))
        .render(title, buf);
        let (board_w, board_h) = viewer.board_size();
        let board_w = (board_w + 2).min(main.width);
        let revealed = viewer.revealed(theme);
        let board_h = (board_h + 2).min(main.height.saturating_sub(3)).max(3);
        let [top, bottom] =
            Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)]).areas(main);
        let [board, side] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(top);
        let view = match viewer.view() {
            ReplayView::Seat(seat) => format!(" seat {seat}'s view "),
            ReplayView::Everything => " everything ".to_owned(),
        };
        let block = Block::bordered()
            .border_style(theme.border())
            .title(Span::styled(view, theme.title()));
        let inner = block.inner(board);
        block.render(board, buf);
        viewer.render_board(inner, buf, theme);
        let mut side_lines =
            wrap_text(&viewer.status(), side.width.saturating_sub(2), theme.text());
        if let Some(problem) = viewer.problem() {
            side_lines.extend(wrap_text(
                problem,
                side.width.saturating_sub(2),
                theme.error(),
            ));
        }
        side_lines.extend(revealed);
        Paragraph::new(side_lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .border_style(theme.border())
                    .title(Span::styled(" event ", theme.title())),
            )
            .render(side, buf);
        let log = viewer.log(theme);
        render_lines(bottom, buf, theme, " log ", &log, 0);
    }

    fn render_key_bar(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let mut spans = Vec::new();
        let mut used = 0usize;
        let width = usize::from(area.width);
        for binding in self.context().bindings().iter().filter(|b| b.in_bar) {
            if !self.enabled(binding.cmd) {
                continue;
            }
            let keys = binding.key_label();
            let piece = keys.chars().count() + 1 + binding.name.chars().count() + 2;
            if used + piece > width {
                break;
            }
            used += piece;
            spans.push(Span::styled(keys, theme.key()));
            spans.push(Span::raw(format!(" {}  ", binding.name)));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let width = area.width.saturating_sub(4).min(100);
        let bindings = self.context().bindings();
        let key_room = bindings
            .iter()
            .map(|binding| binding.key_label().chars().count())
            .max()
            .unwrap_or(0);
        // Keys and names in two columns; a long description wraps under its own column.
        let lead = key_room + 2 + 11;
        let room = width.saturating_sub(2 + lead as u16);
        let mut lines = Vec::new();
        for binding in bindings {
            let enabled = self.enabled(binding.cmd);
            let style = if enabled { theme.key() } else { theme.dim() };
            let help = if enabled {
                binding.help.to_owned()
            } else {
                format!("{} (not now)", binding.help)
            };
            for (part, line) in wrap_text(&help, room, theme.dim()).into_iter().enumerate() {
                let mut spans = if part == 0 {
                    vec![
                        Span::styled(format!("{:>key_room$}  ", binding.key_label()), style),
                        Span::styled(format!("{:<10} ", binding.name), theme.text()),
                    ]
                } else {
                    vec![Span::raw(" ".repeat(lead))]
                };
                spans.extend(line.spans);
                lines.push(Line::from(spans));
            }
        }
        if self.screen == Screen::Game {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "mouse: click a listed move to select it, again to play it; click a slot, room, space or cell to select a move touching it (again: the next such move, or plays it if it is the only one)",
                theme.dim(),
            ));
            if let Some(session) = self.session.as_deref() {
                lines.push(Line::raw(""));
                lines.push(Line::styled(session.info().title.to_owned(), theme.title()));
                for text in session.info().how_to_act.lines() {
                    lines.push(Line::raw(text.to_owned()));
                }
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled("any key closes this help", theme.dim()));
        let inner_width = usize::from(width.saturating_sub(2));
        let wrapped: u16 = lines
            .iter()
            .map(|line| rows_when_wrapped(&line.to_string(), inner_width))
            .sum();
        let height = (wrapped + 2).min(area.height.saturating_sub(1));
        let overflow = wrapped.saturating_sub(height.saturating_sub(2));
        self.help_overflow.set(overflow);
        let scroll = self.help_scroll.min(overflow);
        let title = if overflow == 0 {
            " help: keys ".to_owned()
        } else {
            format!(" help: keys (↑/↓ scroll, {scroll}/{overflow}) ")
        };
        let popup = centered(area, width, height);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled(title, theme.title())),
            )
            .render(popup, buf);
    }

    fn render_save(&self, area: Rect, buf: &mut Buffer, path: &str, error: Option<&str>) {
        let theme = self.theme;
        let width = area.width.saturating_sub(4).min(70);
        let mut lines = vec![
            Line::raw("Save the transcript (JSON) to:"),
            Line::from(vec![
                Span::raw(path.to_owned()),
                Span::styled("▏", theme.accent()),
            ]),
        ];
        if let Some(error) = error {
            lines.extend(wrap_text(error, width - 2, theme.error()));
        }
        lines.push(Line::styled("⏎ save · esc cancel", theme.dim()));
        let popup = centered(area, width, lines.len() as u16 + 2);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled(" save ", theme.title())),
            )
            .render(popup, buf);
    }

    fn render_quit_unsaved(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let lines = vec![
            Line::raw("The game is not saved."),
            Line::styled("s save first · q quit anyway · esc back", theme.dim()),
        ];
        let popup = centered(area, 46.min(area.width), 4);
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled(" quit? ", theme.title())),
            )
            .render(popup, buf);
    }
}

/// A bordered panel of lines showing the newest, `scroll` lines back from the end.
fn render_lines(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    title: &str,
    lines: &[Line<'static>],
    scroll: usize,
) {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(title.to_owned(), theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    let height = usize::from(inner.height);
    let scroll = scroll.min(lines.len().saturating_sub(height));
    let end = lines.len() - scroll;
    let start = end.saturating_sub(height);
    for (row, line) in lines[start..end].iter().enumerate() {
        let style = if row + start + 1 == lines.len() {
            theme.accent()
        } else {
            theme.text()
        };
        let line = if row + start + 1 == lines.len() {
            line.clone().patch_style(style)
        } else {
            line.clone()
        };
        buf.set_line(inner.x, inner.y + row as u16, &line, inner.width);
    }
}

/// `text` wrapped to `width` columns (at spaces), as lines of one style.
/// How many rows `text` takes when word-wrapped to `width` columns (as `Wrap` does, near
/// enough to size a popup and know how far it scrolls).
fn rows_when_wrapped(text: &str, width: usize) -> u16 {
    let width = width.max(1);
    let indent = text.len() - text.trim_start().len();
    let mut rows = 1;
    let mut used = indent;
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if used > indent && used + 1 + length > width {
            rows += 1;
            used = length;
        } else {
            used += usize::from(used > indent) + length;
        }
        while used > width {
            rows += 1;
            used -= width;
        }
    }
    rows
}

fn wrap_text(text: &str, width: u16, style: ratatui::style::Style) -> Vec<Line<'static>> {
    let width = usize::from(width.max(8));
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(Line::styled(std::mem::take(&mut line), style));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(Line::styled(line, style));
    }
    lines
}

/// A rectangle of `width` × `height` in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The longest text every one of `texts` starts with.
fn common_prefix(texts: &[&str]) -> Option<String> {
    let first = texts.first()?;
    let mut len = first.len();
    for text in &texts[1..] {
        len = first
            .char_indices()
            .zip(text.chars())
            .take_while(|((_, a), b)| a == b)
            .map(|((i, a), _)| i + a.len_utf8())
            .last()
            .unwrap_or(0)
            .min(len);
    }
    Some(first[..len].to_owned())
}
