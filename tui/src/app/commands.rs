//! The commands: what each key's command does on each screen (setup, game, typing, the
//! coach's question, the replay viewer, prompts, the help), and what a click does. They ask
//! the layout (`crate::ui`) how far a page or a panel scrolls and where a click landed.

use std::path::PathBuf;
use std::time::Instant;

use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

use super::{App, HelpTab, PACES, PAGE, Popup, Screen, random_seed};
use crate::keys::{self, Cmd, Context, lookup};
use crate::replay;
use crate::save::{default_path, write_transcript};
use crate::session::{self, GamePlan, Phase};
use crate::setup::Field;

impl App {
    /// Does what `cmd` asks in `context`.
    pub(super) fn command(&mut self, cmd: Cmd, context: Context) {
        if cmd == Cmd::Interrupt {
            self.interrupt();
            return;
        }
        match &self.popup {
            Some(Popup::Save { .. }) => return self.save_prompt(cmd),
            Some(Popup::QuitUnsaved) => return self.quit_prompt(cmd),
            Some(Popup::Help { .. }) | None => {}
        }
        if cmd == Cmd::Help {
            self.popup = Some(Popup::Help {
                tab: HelpTab::Keys,
                scroll: 0,
            });
            return;
        }
        if let Some(delta) = pan(cmd) {
            // No board is wider than 21 cells: more pan than that shows nothing new.
            self.pan.0 = (self.pan.0 + delta.0).clamp(-21, 21);
            self.pan.1 = (self.pan.1 + delta.1).clamp(-21, 21);
            return;
        }
        match self.screen {
            Screen::Setup => self.setup_command(cmd),
            Screen::Game => self.game_command(cmd, context),
            Screen::Replay => self.replay_command(cmd),
            Screen::History => self.history_command(cmd),
            Screen::Review => self.review_command(cmd),
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
            Cmd::History => self.open_history(Screen::Setup),
            Cmd::Choose if self.setup.focused() == Field::History => {
                self.open_history(Screen::Setup);
            }
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

    pub(super) fn start_game(&mut self, plan: GamePlan) {
        match session::start(plan, self.thinking) {
            Ok(session) => {
                self.session = Some(session);
                self.screen = Screen::Game;
                self.kept = false;
                self.saved_events = None;
                self.saved_path = None;
                self.typing = None;
                self.log_scroll = 0;
                self.end_scroll = 0;
                self.pan = (0, 0);
                self.message = None;
            }
            Err(error) => {
                self.screen = Screen::Setup;
                self.say(&error.to_string(), true);
            }
        }
    }

    fn game_command(&mut self, cmd: Cmd, context: Context) {
        match context {
            Context::Typing => return self.typing_command(cmd),
            Context::Coach => {
                if let Some(session) = self.session.as_mut() {
                    session.answer_coach(cmd == Cmd::Choose, Instant::now());
                }
                return;
            }
            _ => {}
        }
        // At the end the arrows scroll a result longer than its panel.
        if self.phase() == Some(session::Phase::Over) && matches!(cmd, Cmd::Up | Cmd::Down) {
            return self.scroll_end(cmd);
        }
        let hosted = self
            .session
            .as_deref()
            .is_some_and(session::Session::hosted);
        if hosted && self.hosted_command(cmd) {
            return;
        }
        self.play_command(cmd);
    }

    /// `Up` or `Down` on a finished game: scrolls the result, as far as it overflows its panel.
    fn scroll_end(&mut self, cmd: Cmd) {
        let overflow = crate::ui::end_overflow(self, self.size());
        self.end_scroll = match cmd {
            Cmd::Up => self.end_scroll.saturating_sub(1),
            _ => (self.end_scroll + 1).min(overflow),
        };
    }

    /// What a hosted game does with `cmd` on its own; `false` for a command it handles as any
    /// game does.
    fn hosted_command(&mut self, cmd: Cmd) -> bool {
        // A hosted game is the host's: leaving it leaves the seat to rejoin, and what is
        // kept, replayed or reviewed is the host's transcript.
        match cmd {
            Cmd::Quit => {
                // Leaving while a rematch is offered says no to it, so nobody waits.
                if let Some(session) = self.session.as_deref_mut() {
                    let _ = session.answer_rematch(false);
                }
                self.quit = true;
            }
            // `a` (again) says yes to the rematch the host offers.
            Cmd::Again if self.phase() == Some(session::Phase::Over) => {
                let session = self.session.as_deref_mut().expect("a hosted session");
                match session.answer_rematch(true) {
                    Ok(said) => self.say(&said, false),
                    Err(why) => self.say(&format!("{why}: {}", session::HOSTED), true),
                }
            }
            // The coach reviews a seat's decisions from what the seat was shown, once the
            // game is over.
            Cmd::Review if self.phase() == Some(session::Phase::Over) => {
                let session = self.session.as_deref().expect("a hosted session");
                match session.seat_review() {
                    Some((seat, job)) => {
                        self.reviewing = Some(crate::review::Reviewing::start_seen(
                            session.transcript(),
                            seat,
                            self.review_agent.clone(),
                            job,
                            self.thinking,
                        ));
                        self.review_return = Screen::Game;
                        self.screen = Screen::Review;
                    }
                    None => self.say(
                        "the coach reviews a seat's decisions: a spectator has none",
                        true,
                    ),
                }
            }
            Cmd::Again | Cmd::Replay | Cmd::Review | Cmd::Undo | Cmd::Hint | Cmd::Coach => {
                self.say(session::HOSTED, true);
            }
            _ => return false,
        }
        true
    }

    /// `cmd` on the game screen: the choices, the game's pace and log, and what comes after.
    fn play_command(&mut self, cmd: Cmd) {
        let now = Instant::now();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let view = session.view();
        let (choices, selected, phase) = (view.choices.len(), view.selected, view.phase);
        match cmd {
            Cmd::Up => session.select(selected.saturating_sub(1)),
            Cmd::Down => session.select(selected + 1),
            Cmd::PageUp => session.select(selected.saturating_sub(PAGE)),
            Cmd::PageDown => session.select(selected + PAGE),
            Cmd::Choose => match phase {
                Phase::Handoff(_) => session.confirm_handoff(),
                Phase::Person(_) if choices > 0 => self.choose(selected, now),
                _ => {}
            },
            Cmd::Roll => {
                if let Err(message) = session.roll(now) {
                    self.say(&message, true);
                }
            }
            Cmd::Type => {
                if matches!(phase, Phase::Person(_)) {
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
            Cmd::Coach => self.switch_coach(),
            Cmd::Skip => self.skip = true,
            Cmd::Faster => self.pace = self.pace.saturating_sub(1),
            Cmd::Slower => self.pace = (self.pace + 1).min(PACES.len() - 1),
            Cmd::View if !session.cycle_view() => {
                self.say("another seat's view is only for games without people", true);
            }
            Cmd::LogUp => self.log_scroll += crate::ui::log_page(self),
            Cmd::LogDown => {
                self.log_scroll = self.log_scroll.saturating_sub(crate::ui::log_page(self));
            }
            Cmd::Save => self.open_save(false),
            Cmd::Quit => self.leave_game(),
            Cmd::Again => {
                let mut plan = session.plan().clone();
                plan.seed = plan.seed.wrapping_add(1);
                self.start_game(plan);
            }
            Cmd::Replay => {
                let transcript = session.transcript();
                self.open_replay(&transcript, None, Screen::Game);
            }
            Cmd::History => self.open_history(Screen::Game),
            Cmd::Review => match session.view().people.as_slice() {
                [seat] => {
                    let (transcript, seat) = (session.transcript(), *seat);
                    self.start_review(transcript, seat, Some(Screen::Game));
                }
                _ => self.say("the coach reviews a game one person played", true),
            },
            Cmd::NewGame => {
                // A new deal: the seed of the game just played would deal it again.
                if self.setup.seed() == Some(session.plan().seed) {
                    self.setup.set_seed(random_seed());
                }
                self.screen = Screen::Setup;
                self.message = None;
            }
            _ => {}
        }
    }

    /// Turns the coach on or off, and says which.
    fn switch_coach(&mut self) {
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let on = !session.plan().coach;
        session.set_coach(on);
        self.say(
            if on {
                "coach on: it speaks up before a move that gives away 10 points or more"
            } else {
                "coach off"
            },
            false,
        );
    }

    /// Quits the game, first asking whether to save one that is unfinished and unsaved.
    fn leave_game(&mut self) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let view = session.view();
        let unsaved = view.phase != Phase::Over
            && view.events > 0
            && session.plan().out.is_none()
            && self.saved_events != Some(view.events);
        if unsaved {
            self.popup = Some(Popup::QuitUnsaved);
        } else {
            self.quit = true;
        }
    }

    /// Opens `transcript` in the replay viewer at its end, or at `at` (events) in seat
    /// `seat`'s view; closing it comes back to `back`.
    pub(crate) fn open_replay(
        &mut self,
        transcript: &mousehole_engine::Transcript,
        at: Option<(usize, usize)>,
        back: Screen,
    ) {
        match replay::open(transcript) {
            Ok(mut viewer) => {
                match at {
                    Some((position, seat)) => {
                        viewer.show_seat(seat);
                        viewer.seek(position);
                    }
                    None => viewer.seek(viewer.len()),
                }
                self.replay = Some(viewer);
                self.replay_return = Some(back);
                self.screen = Screen::Replay;
                self.pan = (0, 0);
            }
            Err(error) => self.say(&error.to_string(), true),
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

    pub(super) fn type_char(&mut self, c: char) {
        if let Some(text) = &mut self.typing
            && text.chars().count() < 80
        {
            text.push(c);
            self.typing_error = None;
            self.select_first_match();
        }
    }

    /// The lines of the move list that match the typed text.
    pub(crate) fn matches(&self) -> Vec<usize> {
        let (Some(session), Some(text)) = (self.session.as_deref(), &self.typing) else {
            return Vec::new();
        };
        let text = text.trim().to_lowercase();
        session
            .view()
            .choices
            .iter()
            .enumerate()
            .filter(|(_, item)| item.text.starts_with(&text))
            .map(|(i, _)| i)
            .collect()
    }

    pub(super) fn select_first_match(&mut self) {
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
                    .map(|&i| session.view().choices[i].text.as_str())
                    .collect();
                match super::common_prefix(&texts) {
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
                let selected = session.view().selected;
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
                self.pan = (0, 0);
                match self.replay_return.take() {
                    Some(back) => self.screen = back,
                    None => self.quit = true,
                }
            }
            _ => {}
        }
    }

    /// The history screen, coming back to `back`.
    pub(crate) fn open_history(&mut self, back: Screen) {
        // Without a games folder (a test that did not ask for one) there is nothing to list.
        self.history = self
            .games
            .as_deref()
            .map(crate::history::list)
            .unwrap_or_default();
        self.history_selected = 0;
        self.history_return = back;
        self.screen = Screen::History;
        self.message = None;
    }

    fn history_command(&mut self, cmd: Cmd) {
        let count = self.history.len();
        match cmd {
            Cmd::Up => self.history_selected = self.history_selected.saturating_sub(1),
            Cmd::Down => {
                self.history_selected = (self.history_selected + 1).min(count.saturating_sub(1));
            }
            Cmd::Choose => {
                let Some(kept) = self.history.get(self.history_selected).cloned() else {
                    return;
                };
                let finished =
                    kept.transcript.outcome.is_some() || kept.transcript.stopped.is_some();
                if finished {
                    self.open_replay(&kept.transcript, None, Screen::History);
                } else {
                    self.resume_kept(&kept);
                }
            }
            Cmd::Review => {
                let Some(kept) = self.history.get(self.history_selected).cloned() else {
                    return;
                };
                match kept.seat {
                    Some(seat) => self.start_review(kept.transcript, seat, Some(Screen::History)),
                    None => self.say("the coach reviews a game a person played", true),
                }
            }
            Cmd::Quit => self.screen = self.history_return,
            _ => {}
        }
    }

    /// Goes on with an unfinished kept game, kept in its file as it goes.
    fn resume_kept(&mut self, kept: &crate::history::Kept) {
        let transcript = &kept.transcript;
        let seats: Result<Vec<mousehole_bots::SeatLabel>, _> =
            transcript.seats.iter().map(|l| l.parse()).collect();
        let spec = mousehole_engine::GameSpec::from_recorded(&transcript.game, &transcript.options);
        let (Ok(seats), Ok(spec)) = (seats, spec) else {
            self.say("this game's seats or options cannot be played here", true);
            return;
        };
        let mut plan = GamePlan::new(spec, seats, transcript.seed);
        plan.out = Some(kept.path.clone());
        match session::resume(plan, transcript, self.thinking) {
            Ok(session) => {
                self.session = Some(session);
                self.screen = Screen::Game;
                self.kept = false;
                self.saved_events = Some(transcript.events.len());
                self.saved_path = Some(kept.path.clone());
                self.log_scroll = 0;
                self.end_scroll = 0;
                self.pan = (0, 0);
                self.say(
                    &format!("resumed after {} events", transcript.events.len()),
                    false,
                );
            }
            Err(error) => self.say(&error.to_string(), true),
        }
    }

    /// Starts the coach's review of `seat` in `transcript`; closing it goes back to `back`
    /// (none: it was opened on its own, quit).
    pub(crate) fn start_review(
        &mut self,
        transcript: mousehole_engine::Transcript,
        seat: usize,
        back: Option<Screen>,
    ) {
        self.reviewing = Some(crate::review::Reviewing::start(
            transcript,
            seat,
            self.review_agent.clone(),
            self.thinking,
        ));
        self.review_return = back.unwrap_or(Screen::Review);
        self.screen = Screen::Review;
    }

    fn review_command(&mut self, cmd: Cmd) {
        let Some(reviewing) = self.reviewing.as_mut() else {
            return;
        };
        let (moves, marked): (usize, Vec<usize>) = match reviewing.review() {
            Some(review) => (
                review.moves.len(),
                (0..review.moves.len())
                    .filter(|&i| review.moves[i].mark.is_some())
                    .collect(),
            ),
            None => (0, Vec::new()),
        };
        let at = reviewing.selected;
        match cmd {
            Cmd::Up => reviewing.selected = at.saturating_sub(1),
            Cmd::Down => reviewing.selected = (at + 1).min(moves.saturating_sub(1)),
            Cmd::PageUp => {
                if let Some(&previous) = marked.iter().rev().find(|&&i| i < at) {
                    reviewing.selected = previous;
                }
            }
            Cmd::PageDown => {
                if let Some(&next) = marked.iter().find(|&&i| i > at) {
                    reviewing.selected = next;
                }
            }
            // A hosted game's positions replay at the host, from its transcript (the key is
            // not offered).
            Cmd::Choose if !reviewing.replayable => {}
            Cmd::Choose => {
                let Some(event) = reviewing
                    .review()
                    .and_then(|r| r.moves.get(at))
                    .map(|m| m.event)
                else {
                    return;
                };
                let (transcript, seat) = (reviewing.transcript.clone(), reviewing.seat);
                // The position the decision was made in: the events before it.
                self.open_replay(&transcript, Some((event - 1, seat)), Screen::Review);
            }
            Cmd::Quit => {
                if self.review_return == Screen::Review {
                    self.quit = true;
                } else {
                    self.screen = self.review_return;
                }
            }
            _ => {}
        }
    }

    /// Ctrl-C: quits at once, an unfinished game of a person's kept in the games folder first
    /// (as `q` would after asking and saving), so nothing played is lost.
    pub(super) fn interrupt(&mut self) {
        self.interrupted = true;
        self.quit = true;
        self.keep_unfinished_game();
    }

    /// Keeps the unfinished game on screen in the games folder, where the history lists it
    /// (with the time it stopped), unless it is kept already: saved by hand since its last
    /// event, or written as it goes (`--out`).
    fn keep_unfinished_game(&mut self) {
        let (Some(dir), Some(session)) = (self.games.clone(), self.session.as_deref()) else {
            return;
        };
        let view = session.view();
        if view.phase == Phase::Over
            || view.events == 0
            || view.people.is_empty()
            || session.hosted()
            || session.plan().out.is_some()
            || self.saved_events == Some(view.events)
        {
            return;
        }
        let transcript = session.transcript();
        if let Ok(path) = crate::history::keep(&dir, &transcript) {
            self.saved_events = Some(view.events);
            self.saved_path = Some(path);
        }
    }

    /// Keeps the finished game on screen in the games folder once, if a person played it.
    pub(super) fn keep_finished_game(&mut self) -> bool {
        let (Some(dir), Some(session)) = (self.games.clone(), self.session.as_deref()) else {
            return false;
        };
        let view = session.view();
        if self.kept || view.phase != Phase::Over || view.people.is_empty() || session.hosted() {
            return false;
        }
        self.kept = true;
        let transcript = session.transcript();
        if transcript.outcome.is_none() {
            return false;
        }
        match crate::history::keep(&dir, &transcript) {
            Ok(_) => self.say("kept in your games (o lists them)", false),
            Err(error) => self.say(&format!("not kept: {error}"), true),
        }
        true
    }

    fn open_save(&mut self, then_quit: bool) {
        let Some(session) = self.session.as_deref() else {
            return;
        };
        let path = self
            .saved_path
            .clone()
            .or_else(|| session.plan().out.clone())
            .unwrap_or_else(|| {
                let dir = self.games.clone().unwrap_or_else(crate::save::games_dir);
                default_path(&dir, session.description().name, session.plan().seed)
            });
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
                        self.saved_events = Some(session.view().events);
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

    /// Keys on the help: tabs and scrolling; any other key closes it (Ctrl-C still quits).
    pub(super) fn help_key(&mut self, key: &KeyEvent) {
        let cmd = lookup(keys::HELP_POPUP, key);
        let Some(Popup::Help { tab, scroll }) = self.popup.clone() else {
            return;
        };
        let overflow = crate::ui::help_overflow(self, self.size, tab);
        let page = self.size.height.saturating_sub(6).max(1);
        let (tab, scroll) = match cmd {
            Some(Cmd::Interrupt) => {
                self.interrupt();
                return;
            }
            Some(Cmd::NextTab) => (next_tab(tab, 1, self.session.is_some()), 0),
            Some(Cmd::PreviousTab) => (next_tab(tab, -1, self.session.is_some()), 0),
            Some(Cmd::Up) => (tab, scroll.saturating_sub(1)),
            Some(Cmd::Down) => (tab, (scroll + 1).min(overflow)),
            Some(Cmd::PageUp) => (tab, scroll.saturating_sub(page)),
            Some(Cmd::PageDown) => (tab, (scroll + page).min(overflow)),
            _ => {
                self.popup = None;
                return;
            }
        };
        self.popup = Some(Popup::Help { tab, scroll });
    }

    /// A click on the move list or the board, or the wheel on the log.
    pub(super) fn game_mouse(&mut self, event: MouseEvent) {
        match event.kind {
            MouseEventKind::ScrollUp => self.log_scroll += 1,
            MouseEventKind::ScrollDown => self.log_scroll = self.log_scroll.saturating_sub(1),
            MouseEventKind::Down(MouseButton::Left) => {
                if !matches!(self.phase(), Some(Phase::Person(_))) {
                    return;
                }
                let position = Position {
                    x: event.column,
                    y: event.row,
                };
                let layout = crate::ui::game_layout(self, self.size());
                let picked = if layout.list.contains(position) {
                    crate::ui::list_rows(self, layout.list)
                        .get(usize::from(event.row - layout.list.y))
                        .copied()
                } else {
                    let Some(session) = self.session.as_deref() else {
                        return;
                    };
                    session.click(layout.board_inner, self.pan, event.column, event.row)
                };
                let Some(session) = self.session.as_mut() else {
                    return;
                };
                if let Some(line) = picked {
                    if line == session.view().selected {
                        self.choose(line, Instant::now());
                    } else {
                        session.select(line);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The help's tab `step` away from `tab` (rules and legend only in a game).
fn next_tab(tab: HelpTab, step: isize, game: bool) -> HelpTab {
    let tabs: &[HelpTab] = if game {
        &[HelpTab::Keys, HelpTab::Rules, HelpTab::Legend]
    } else {
        &[HelpTab::Keys]
    };
    let at = tabs.iter().position(|&t| t == tab).unwrap_or(0) as isize;
    tabs[(at + step).rem_euclid(tabs.len() as isize) as usize]
}

/// The pan a command asks for, in cells (columns, rows).
fn pan(cmd: Cmd) -> Option<(i16, i16)> {
    Some(match cmd {
        Cmd::PanLeft => (-3, 0),
        Cmd::PanRight => (3, 0),
        Cmd::PanUp => (0, -3),
        Cmd::PanDown => (0, 3),
        _ => return None,
    })
}
