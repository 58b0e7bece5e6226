//! The app's state: which screen, the setup form, the game session or replay, the history
//! and review screens, the pace, what is being typed, popups, scrolling and panning, the
//! terminal's size; [`App::tick`] stepping the game; and [`App::handle_key`] /
//! [`App::handle_mouse`] mapping input to commands through the key lists of
//! [`crate::keys`] (the commands themselves are in [`commands`]). Drawing is `crate::ui`'s:
//! it reads this state and never writes it. This file never reaches up into the drawing;
//! what depends on the screen's layout (scrolling by a page, how far the help scrolls, which
//! move a click picks) is in [`commands`], which sits above both.

mod commands;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mousehole_bots::{AgentSpec, SeatLabel};
use mousehole_engine::{GameSpec, Transcript};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::TuiError;
use crate::keys::{Context, lookup};
use crate::replay::{self, Replay};
use crate::session::{self, CoachState, GamePlan, Phase, Session};
use crate::setup::Setup;
use crate::theme::Theme;
use crate::worker::Thinking;

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
    /// A hosted game joined from this terminal (`mousehole join`): the seat the connection
    /// plays, or the game watched, at the host's `address`.
    Join {
        connection: mousehole_net::Connection,
        address: String,
    },
    /// The coach's review of a seat's decisions in a transcript (the first person's if
    /// `None`), by `agent` ([`crate::review::REVIEW_AGENT`] if `None`).
    Review {
        transcript: Box<Transcript>,
        seat: Option<usize>,
        agent: Option<AgentSpec>,
    },
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
pub(crate) enum Screen {
    Setup,
    Game,
    Replay,
    /// Your kept games.
    History,
    /// The coach's review of a game.
    Review,
}

/// The tabs of the help overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HelpTab {
    Keys,
    Rules,
    Legend,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Popup {
    Help {
        tab: HelpTab,
        scroll: u16,
    },
    Save {
        path: String,
        error: Option<String>,
        then_quit: bool,
    },
    QuitUnsaved,
}

/// A message: what just happened (saved, an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Message {
    pub text: String,
    pub error: bool,
}

impl Message {
    /// Red for an error, green for good news.
    pub fn style(&self, theme: Theme) -> ratatui::style::Style {
        if self.error {
            theme.error()
        } else {
            theme.good()
        }
    }
}

/// The bots' pace steps, in milliseconds between moves.
pub(crate) const PACES: [u64; 7] = [0, 150, 350, 700, 1200, 2000, 3500];
const DEFAULT_PACE: usize = 3;
/// Moves a page of the move list jumps.
pub(crate) const PAGE: usize = 10;

/// The whole TUI's state.
// Its flags are independent of one another (skipping, quitting, redrawing), so no one enum
// would replace them.
#[allow(clippy::struct_excessive_bools)]
pub struct App {
    pub(crate) theme: Theme,
    pub(crate) screen: Screen,
    pub(crate) popup: Option<Popup>,
    pub(crate) setup: Setup,
    /// Where the bots and reviews think.
    thinking: Thinking,
    pub(crate) session: Option<Box<dyn Session>>,
    pub(crate) replay: Option<Box<dyn Replay>>,
    /// The screen closing the viewer goes back to (none: it was opened on its own, quit).
    pub(crate) replay_return: Option<Screen>,
    /// Where games are kept (`None`: nowhere, as in tests that do not ask).
    pub(crate) games: Option<PathBuf>,
    /// The kept games, as the history screen lists them, and the one selected.
    pub(crate) history: Vec<crate::history::Kept>,
    pub(crate) history_selected: usize,
    /// The screen the history and the review go back to.
    pub(crate) history_return: Screen,
    pub(crate) review_return: Screen,
    pub(crate) reviewing: Option<crate::review::Reviewing>,
    /// The searcher behind reviews.
    pub(crate) review_agent: AgentSpec,
    /// The finished game on screen has been kept.
    pub(crate) kept: bool,
    pub(crate) pace: usize,
    pub(crate) skip: bool,
    pub(crate) typing: Option<String>,
    pub(crate) typing_error: Option<String>,
    /// Log lines scrolled back from the newest.
    pub(crate) log_scroll: usize,
    /// The end panel's lines scrolled past, where the result is longer than the window.
    pub(crate) end_scroll: u16,
    pub(crate) message: Option<Message>,
    pub(crate) quit: bool,
    /// Ctrl-C quit the app (the program exits as an interrupted one, 130).
    pub(crate) interrupted: bool,
    /// Events in the game when it was last saved by hand.
    pub(crate) saved_events: Option<usize>,
    pub(crate) saved_path: Option<PathBuf>,
    /// `--out`: every new game is kept there as it goes.
    pub(crate) out: Option<PathBuf>,
    pub(crate) spinner: usize,
    /// Cells a board that does not fit is panned by.
    pub(crate) pan: (i16, i16),
    /// The terminal's size, as the event loop last saw it (clicks and scrolling are laid
    /// out on it; drawing takes the frame's own).
    size: Rect,
    dirty: bool,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("screen", &self.screen)
            .field("popup", &self.popup)
            .finish_non_exhaustive()
    }
}

impl App {
    /// The app as `launch` asks.
    ///
    /// # Errors
    /// A game that cannot start (bad seats for the game, a transcript that cannot be resumed).
    pub fn new(launch: Launch, theme: Theme) -> Result<App, TuiError> {
        Self::with_thinking(launch, theme, Thinking::Threaded)
    }

    /// The app as `launch` asks, its bots and reviews thinking as `thinking` says (the tests:
    /// [`Thinking::Inline`]).
    ///
    /// # Errors
    /// As [`App::new`].
    pub fn with_thinking(
        launch: Launch,
        theme: Theme,
        thinking: Thinking,
    ) -> Result<App, TuiError> {
        let mut app = Self::blank(theme, thinking);
        app.launch(launch)?;
        Ok(app)
    }

    /// The app on an empty setup screen, before anything is launched.
    fn blank(theme: Theme, thinking: Thinking) -> App {
        App {
            theme,
            thinking,
            screen: Screen::Setup,
            popup: None,
            setup: Setup::new(None, random_seed()),
            session: None,
            replay: None,
            replay_return: None,
            games: None,
            history: Vec::new(),
            history_selected: 0,
            history_return: Screen::Setup,
            review_return: Screen::Setup,
            reviewing: None,
            review_agent: crate::review::REVIEW_AGENT
                .parse()
                .expect("the review agent parses"),
            kept: false,
            pace: DEFAULT_PACE,
            skip: false,
            typing: None,
            typing_error: None,
            log_scroll: 0,
            end_scroll: 0,
            message: None,
            quit: false,
            interrupted: false,
            saved_events: None,
            saved_path: None,
            out: None,
            spinner: 0,
            pan: (0, 0),
            size: Rect::new(0, 0, 80, 24),
            dirty: true,
        }
    }

    /// Opens what `launch` asks for: the setup screen preset, a game started, resumed or
    /// joined, a replay or a review.
    fn launch(&mut self, launch: Launch) -> Result<(), TuiError> {
        match launch {
            Launch::Setup {
                game,
                seats,
                seed,
                out,
            } => {
                self.setup = Setup::new(game.as_deref(), seed.unwrap_or_else(random_seed));
                if let Some(seats) = seats {
                    self.setup.set_seats(&seats);
                }
                self.out = out;
            }
            Launch::Play(plan) => {
                self.out.clone_from(&plan.out);
                self.preset_setup(&plan);
                self.session = Some(session::start(plan, self.thinking)?);
                self.screen = Screen::Game;
            }
            Launch::Resume { plan, transcript } => {
                self.out.clone_from(&plan.out);
                self.preset_setup(&plan);
                if transcript.outcome.is_some() || transcript.forfeit.is_some() {
                    self.replay = Some(replay::open(&transcript)?);
                    self.screen = Screen::Replay;
                    self.say("this game is over: it opens in the replay viewer", false);
                } else {
                    let events = transcript.events.len();
                    self.session = Some(session::resume(plan, &transcript, self.thinking)?);
                    self.saved_events = Some(events);
                    self.screen = Screen::Game;
                    self.say(&format!("resumed after {events} events"), false);
                }
            }
            Launch::Replay(transcript) => {
                self.replay = Some(replay::open(&transcript)?);
                self.screen = Screen::Replay;
            }
            Launch::Join {
                connection,
                address,
            } => {
                self.session = Some(session::join(connection, &address)?);
                self.screen = Screen::Game;
            }
            Launch::Review {
                transcript,
                seat,
                agent,
            } => {
                if let Some(agent) = agent {
                    self.review_agent = agent;
                }
                let seat = seat
                    .or_else(|| SeatLabel::first_person(&transcript.seats))
                    .unwrap_or(0);
                self.start_review(*transcript, seat, None);
            }
        }
        Ok(())
    }

    fn preset_setup(&mut self, plan: &GamePlan) {
        self.setup = Setup::new(Some(plan.spec.description().name), plan.seed);
        self.setup.set_seats(&plan.seats);
        self.setup.set_choices(plan.coach, plan.roll_by_key);
    }

    /// Whether the app has been asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether Ctrl-C quit it (the program then exits 130, as a command stopped by SIGINT).
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Whether the game on screen is a hosted one that did not reach its end here: stopped by
    /// the host, taken by another connection, lost, or left by the person (`join` then exits
    /// 1, as docs/network.md says).
    pub fn hosted_unfinished(&self) -> bool {
        self.session.as_ref().is_some_and(|session| {
            session.hosted()
                && (session.stopped_early().is_some() || session.view().phase != Phase::Over)
        })
    }

    /// The searcher behind the coach's reviews from now on.
    pub fn set_review_agent(&mut self, agent: AgentSpec) {
        self.review_agent = agent;
    }

    /// The coach's review on screen, once it is made.
    pub fn review(&self) -> Option<&crate::review::Review> {
        self.reviewing
            .as_ref()
            .and_then(crate::review::Reviewing::review)
    }

    /// Whether the game on screen is over (tests drive games until then).
    pub fn game_over(&self) -> bool {
        self.phase() == Some(Phase::Over)
    }

    /// Whether the app waits for a person: a decision, a roll, a hand-off, the end of a game,
    /// or any screen but a game in progress (tests step games until then).
    pub fn awaiting_person(&self) -> bool {
        if self.screen != Screen::Game {
            return true;
        }
        let checking = self
            .session
            .as_deref()
            .is_some_and(|s| s.view().coach == CoachState::Checking);
        !checking && !matches!(self.phase(), Some(Phase::Thinking(_) | Phase::Waiting))
    }

    /// The transcript of the game on screen, if there is one.
    pub fn transcript(&self) -> Option<Transcript> {
        self.session.as_ref().map(|s| s.transcript())
    }

    /// Keeps every finished game with a person in `dir` (the history screen lists them).
    pub fn keep_games_in(&mut self, dir: PathBuf) {
        self.games = Some(dir);
    }

    /// The terminal's size changed (or is first known): clicks and scrolling are laid out
    /// on it.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = Rect::new(0, 0, width, height);
        self.dirty = true;
    }

    /// What to tell the person once the terminal is theirs again.
    pub fn farewell(&self) -> Option<String> {
        let session = self.session.as_ref()?;
        let view = session.view();
        if let Some(why) = session.stopped_early() {
            return Some(format!(
                "The hosted game did not reach its end here: {why}."
            ));
        }
        if view.phase == Phase::Over || view.events == 0 && !session.hosted() {
            return None;
        }
        if session.hosted() {
            return Some(
                "You left the hosted game: joining again with the same code takes the seat back (the host waits for it up to its reconnect timeout, then its fallback plays)."
                    .to_owned(),
            );
        }
        let resume = |path: &std::path::Path| {
            format!(
                "`{} tui --load {}` continues it.",
                crate::save::program(),
                crate::save::quoted(path)
            )
        };
        if let Some(out) = &session.plan().out {
            return Some(format!(
                "The game so far is in {}; {}",
                out.display(),
                resume(out)
            ));
        }
        if self.saved_events == Some(view.events)
            && let Some(path) = &self.saved_path
        {
            return Some(format!(
                "The game is saved in {}; {}",
                path.display(),
                resume(path)
            ));
        }
        Some("The game was not saved (s saves it; --out FILE keeps it as you play).".to_owned())
    }

    pub(crate) fn say(&mut self, text: &str, error: bool) {
        self.message = Some(Message {
            text: text.to_owned(),
            error,
        });
    }

    /// The phase of the game on screen.
    pub(crate) fn phase(&self) -> Option<Phase> {
        self.session.as_ref().map(|s| s.view().phase)
    }

    /// Steps the game (bots' answers, chance, the pace). Returns whether the screen must be
    /// drawn again.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = std::mem::take(&mut self.dirty);
        if let Some(reviewing) = &mut self.reviewing {
            changed |= reviewing.poll();
            if reviewing.result.is_none() {
                self.spinner = self.spinner.wrapping_add(1);
                changed = true;
            }
        }
        if self.screen == Screen::Game {
            changed |= self.keep_finished_game();
        }
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
            match session.view().phase {
                Phase::Person(_) | Phase::Roll(_) | Phase::Handoff(_) | Phase::Over => {
                    self.skip = false;
                }
                Phase::Thinking(_) => {
                    self.spinner = self.spinner.wrapping_add(1);
                    changed = true;
                }
                Phase::Waiting => {}
            }
            if session.view().coach == CoachState::Checking {
                self.spinner = self.spinner.wrapping_add(1);
                changed = true;
            }
        }
        changed
    }

    /// The key list in force, for lookups, the key bar and the help.
    pub(crate) fn context(&self) -> Context {
        match &self.popup {
            Some(Popup::Save { .. }) => return Context::Prompt,
            Some(Popup::QuitUnsaved) => return Context::QuitUnsaved,
            Some(Popup::Help { .. }) => return Context::Help,
            None => {}
        }
        self.screen_context()
    }

    /// The key list of the screen under any popup (the help lists it).
    pub(crate) fn screen_context(&self) -> Context {
        match self.screen {
            Screen::Setup => Context::Setup,
            Screen::Replay => Context::Replay,
            Screen::History => Context::History,
            Screen::Review => Context::Review,
            Screen::Game => match self.phase() {
                Some(Phase::Handoff(_)) => Context::Handoff,
                Some(Phase::Over) => Context::End,
                Some(Phase::Roll(_)) => Context::Roll,
                _ if matches!(
                    self.session.as_deref().map(|s| &s.view().coach),
                    Some(CoachState::Warns { .. })
                ) =>
                {
                    Context::Coach
                }
                _ if self.typing.is_some() => Context::Typing,
                _ => Context::Game,
            },
        }
    }

    /// Handles one key.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.dirty = true;
        let context = self.context();
        if context == Context::Help {
            return self.help_key(&key);
        }
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
        self.command(cmd, context);
    }

    /// Handles a mouse event: a click on the board or the move list selects a move, a second
    /// click on it plays it; the wheel scrolls the log.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        self.dirty = true;
        if self.screen == Screen::Game && self.popup.is_none() {
            self.game_mouse(event);
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        self.render(area, frame.buffer_mut());
    }

    /// Draws the app into `buf`.
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        Widget::render(self, area, buf);
    }

    pub(crate) fn size(&self) -> Rect {
        self.size
    }
}

/// The longest text every one of `texts` starts with.
pub(crate) fn common_prefix(texts: &[&str]) -> Option<String> {
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
