//! [`GameSession`], the one implementation of [`Session`] for a game played here: a game of
//! `G` in progress. It drives the [`Match`] through the engine's one driver, a step at a time
//! from the app's ticks ([`Match::step`]), with the TUI's table ([`ScreenTable`]: the pace,
//! one's own die, the hand-off, saving); every seat is a [`ScreenSeat`], a person's answered
//! through the app, a bot's by the [`Worker`]. Its [`GameView`] is brought up to date after
//! every change from the viewer's own observation and event views (the true state only once
//! the game is over).

use std::time::{Duration, Instant};

use mousehole_bots::seat_names;
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{
    Actor, Decision, DecisionInfo, Game, GameConfig, Match, MatchEnd, Stepped, ToMove, Transcript,
    Undo,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::hint::{coach_warning, hint_order, hint_record, pick_note};
use super::shown::{ended_view, extend_log, short_names, status_line, winners_headline};
use super::table::{Keeper, ScreenTable};
use super::{
    ChoiceItem, CoachState, EndView, GamePlan, GameView, HintView, Phase, Session, pinned,
};
use crate::theme::Theme;
use crate::view::{Surface, click_pick};
use crate::worker::{Reply, ScreenSeat, Thinking, Worker};
use crate::{TuiError, TuiGame};

/// The match `transcript` records, ready to go on: replayed with chance drawn from its seed's
/// stream (each draw checked against the record), so the match's streams stand where they
/// stood when it was saved and the rest of the game is the one it would have been.
fn continued<G: Game>(transcript: &Transcript) -> Result<Match<G>, TuiError> {
    Replay::<G>::new(transcript, Chance::Seeded)
        .map(Replay::with_views)
        .and_then(Replay::finish)
        .map_err(|error| TuiError::Resume {
            reason: error.to_string(),
        })
}

/// The search of a person's decision, for the hint and the coach.
enum Search {
    None,
    Running(u64),
    Done(DecisionInfo),
}

/// What the coach is doing with the move the person chose.
#[derive(Clone, Debug, PartialEq)]
enum Coach {
    Quiet,
    /// The move on this line waits for the search to judge it.
    Waiting(usize),
    /// The move on this line gives away win chance; the person is asked.
    Warns {
        line: usize,
        text: String,
    },
}

/// The person's decision in progress.
struct Deciding<G: Game> {
    seat: usize,
    legal: Vec<G::Action>,
    observation: G::Observation,
    /// The list as shown: `order[i]` is the index in `legal` of line `i`.
    order: Vec<usize>,
    /// Line `i` of the list, the move `legal[order[i]]`.
    items: Vec<ChoiceItem>,
    selected: usize,
    search: Search,
    hint_shown: bool,
    coach: Coach,
    /// The coach warned of the move played.
    warned: bool,
}

impl<G: Game> Deciding<G> {
    fn action(&self, line: usize) -> Option<G::Action> {
        self.order.get(line).map(|&i| self.legal[i])
    }
}

/// A game of `G` in progress.
pub struct GameSession<G: TuiGame> {
    plan: GamePlan,
    config: G::Config,
    game: Match<G>,
    /// One per seat: a person's, answered through the app, or a bot's, by the worker.
    seats: Vec<ScreenSeat<G>>,
    table: ScreenTable,
    worker: Worker<G>,
    /// The hint searches asked so far (answers to an earlier one are stale).
    hints: u64,
    deciding: Option<Deciding<G>>,
    /// What went wrong with programs' seats, not yet shown.
    notices: Vec<String>,
    /// The log must be built again (the match was replaced).
    log_stale: bool,
    view: GameView,
}

impl<G: TuiGame> Drop for GameSession<G> {
    /// A game left before its end (the screen quit) keeps at `--out` what was played since
    /// its last decision: the transcript is saved at decisions and at the end
    /// ([`ScreenTable`]).
    fn drop(&mut self) {
        self.table.keeper.save(&self.game);
    }
}

impl<G: TuiGame> GameSession<G> {
    /// A new game, or the game `transcript` records continued.
    pub(super) fn new(
        plan: GamePlan,
        config: G::Config,
        transcript: Option<&Transcript>,
        thinking: Thinking,
    ) -> Result<Self, TuiError> {
        let players = config.players();
        if plan.seats.len() != players {
            return Err(TuiError::Seats {
                reason: format!(
                    "{} seats given for a {players}-player game of {}; give one per seat",
                    plan.seats.len(),
                    G::Config::description().name
                ),
            });
        }
        let worker = Worker::start(&plan.seats, &plan.hint, thinking)
            .map_err(|reason| TuiError::Seats { reason })?;
        let people: Vec<usize> = (0..players)
            .filter(|&seat| plan.seats[seat].is_human())
            .collect();
        let seats = (0..players)
            .map(|seat| ScreenSeat::new(seat, people.contains(&seat), worker.link()))
            .collect();
        let game = if let Some(transcript) = transcript {
            continued(transcript)?
        } else {
            let mut game = Match::<G>::new(&config, plan.seed);
            game.record_views(true);
            game
        };
        // The person to decide now when a resumed game waits for one, else the first person.
        let viewer = match game.state().to_move() {
            ToMove::Player(seat) if people.contains(&seat) => seat,
            _ => people.first().copied().unwrap_or(0),
        };
        let keeper = Keeper::new(
            plan.seats.iter().map(ToString::to_string).collect(),
            transcript.map(|t| t.undos.clone()).unwrap_or_default(),
            plan.out.as_deref(),
        );
        let mut session = Self {
            view: GameView {
                title: String::new(),
                phase: Phase::Waiting,
                viewer,
                people: people.clone(),
                seats: SeatNames::default(),
                status: String::new(),
                choices: Vec::new(),
                selected: 0,
                hint: HintView::None,
                coach: CoachState::Quiet,
                question: None,
                log: Vec::new(),
                pinned: None,
                end: None,
                board_size: (0, 0),
                failure: None,
                autosave_error: None,
                can_undo: false,
                events: 0,
            },
            table: ScreenTable::new(people, plan.roll_by_key, viewer, keeper),
            plan,
            config,
            game,
            seats,
            worker,
            hints: 0,
            deciding: None,
            notices: Vec::new(),
            log_stale: true,
        };
        session.refresh();
        Ok(session)
    }

    fn is_person(&self, seat: usize) -> bool {
        self.table.is_person(seat)
    }

    /// The seat to move, if a seat is and the match is not over.
    fn seat_to_move(&self) -> Option<usize> {
        match self.game.state().to_move() {
            ToMove::Player(seat) if self.game.end().is_none() => Some(seat),
            _ => None,
        }
    }

    /// The bot that is thinking, if one is.
    fn thinking(&self) -> Option<usize> {
        self.seat_to_move()
            .filter(|&seat| self.seats[seat].is_thinking())
    }

    /// Steps the match as far as it goes now: the events due, until a seat is asked or the
    /// table waits (the pace, a roll, a hand-off). A person asked is given their decision.
    fn advance(&mut self) {
        loop {
            match self.game.step(&mut self.seats, &mut self.table) {
                Ok(Stepped::Event) => {}
                Ok(Stepped::Waiting | Stepped::Over) => break,
                Err(never) => match never {},
            }
        }
        if let Some(seat) = self.seat_to_move()
            && self.deciding.is_none()
            && self.is_person(seat)
            && self.seats[seat].is_asked()
        {
            self.start_decision(seat);
        }
    }

    /// One step with the clock at `now`: what a person's key lets happen (their move, their
    /// roll) shows at once.
    fn step_now(&mut self, now: Instant) {
        self.table.now = now;
        match self.game.step(&mut self.seats, &mut self.table) {
            Ok(_) => {}
            Err(never) => match never {},
        }
    }

    /// The person at `seat` is to decide: their choices, the coach's search, and the
    /// hand-off first if another person's view was on screen.
    fn start_decision(&mut self, seat: usize) {
        let Some(view) = self.game.decision_view() else {
            return;
        };
        let legal = view.legal().to_vec();
        let observation = view.observation();
        let items = legal
            .iter()
            .map(|action| ChoiceItem {
                text: action.to_string(),
                label: G::choice_label(&observation, action),
                estimate: None,
                recommended: false,
            })
            .collect();
        let selected = G::first_choice(&observation, &legal);
        self.deciding = Some(Deciding {
            seat,
            order: (0..legal.len()).collect(),
            legal,
            observation,
            items,
            selected,
            search: Search::None,
            hint_shown: false,
            coach: Coach::Quiet,
            warned: false,
        });
        self.table.hand_to(seat);
        if self.plan.coach {
            // Searched at once, so the verdict is usually ready when the person chooses.
            let _ = self.start_search();
        }
    }

    /// Asks the worker to search the person's decision (once per decision).
    fn start_search(&mut self) -> Result<(), String> {
        let Some(deciding) = &self.deciding else {
            return Err("a hint is for your own decisions".to_owned());
        };
        if !matches!(deciding.search, Search::None) || deciding.legal.len() < 2 {
            return Ok(());
        }
        let seat = deciding.seat;
        let Some(view) = self.game.decision_view() else {
            return Err("a hint is for your own decisions".to_owned());
        };
        self.hints += 1;
        self.seats[seat].hint(&view, self.hints)?;
        if let Some(deciding) = &mut self.deciding {
            deciding.search = Search::Running(self.hints);
        }
        Ok(())
    }

    fn receive(&mut self, now: Instant) -> bool {
        let mut changed = false;
        loop {
            let reply = match self.worker.try_recv() {
                Ok(Some(reply)) => reply,
                Ok(None) => break,
                Err(message) => {
                    if self.thinking().is_some() {
                        self.fail(message);
                        changed = true;
                    }
                    break;
                }
            };
            match reply {
                Reply::Decided {
                    ticket,
                    seat,
                    answer,
                } => changed |= self.seats[seat].answer(Some(ticket), answer),
                Reply::Hint { ticket, result } => {
                    if let Some(deciding) = &mut self.deciding
                        && matches!(deciding.search, Search::Running(t) if t == ticket)
                    {
                        match result {
                            Ok(info) => {
                                deciding.search = Search::Done(info);
                                if deciding.hint_shown {
                                    show_hint(deciding);
                                }
                                if let Coach::Waiting(line) = deciding.coach {
                                    self.judge(line, now);
                                }
                            }
                            Err(message) => self.fail(message),
                        }
                        changed = true;
                    }
                }
                Reply::Failed {
                    ticket,
                    seat,
                    message,
                } => {
                    if self.seats[seat].expects(ticket) {
                        self.seats[seat].forget();
                        self.fail(message);
                        changed = true;
                    }
                }
                Reply::Notice(text) => {
                    self.notices.push(text);
                    changed = true;
                }
            }
        }
        changed
    }

    /// The coach's verdict on the move on `line`, the search being done: a warning, or the
    /// move is played.
    fn judge(&mut self, line: usize, now: Instant) {
        let Some(deciding) = &mut self.deciding else {
            return;
        };
        let Search::Done(info) = &deciding.search else {
            return;
        };
        let Some(action) = deciding.action(line) else {
            deciding.coach = Coach::Quiet;
            return;
        };
        let best = info
            .actions
            .first()
            .and_then(|e| e.action.parse::<G::Action>().ok());
        let reason = best.and_then(|best| G::reason(&deciding.observation, &best));
        if let Some(text) = coach_warning(info, &action.to_string(), reason) {
            deciding.coach = Coach::Warns { line, text };
        } else {
            deciding.coach = Coach::Quiet;
            let _ = self.play(line, now);
        }
    }

    /// A bot or the hint searcher failed: the match stops at its next step.
    fn fail(&mut self, message: String) {
        self.table.failure = Some(message);
    }

    /// Plays the move on `line` of the person's list.
    fn play(&mut self, line: usize, now: Instant) -> Result<(), String> {
        let Some(deciding) = self.deciding.take() else {
            return Err("it is not your turn".to_owned());
        };
        let Some(action) = deciding.action(line) else {
            self.deciding = Some(deciding);
            return Err("no such move".to_owned());
        };
        let text = action.to_string();
        let decision = match &deciding.search {
            Search::Done(info) if deciding.hint_shown => {
                Decision::with_info(action, hint_record(info.clone(), &text, "hint shown"))
            }
            Search::Done(info) if deciding.warned => {
                Decision::with_info(action, hint_record(info.clone(), &text, "coach warned"))
            }
            _ => Decision::new(action),
        };
        if !self.seats[deciding.seat].answer(None, Ok(decision)) {
            self.deciding = Some(deciding);
            return Err("it is not your turn".to_owned());
        }
        self.step_now(now);
        Ok(())
    }

    fn can_undo(&self) -> bool {
        self.table.people.len() == 1
            && self.table.failure.is_none()
            && self.game.ended_early().is_none()
            && self
                .game
                .events()
                .iter()
                .any(|e| e.actor == Actor::Seat(self.table.people[0]))
    }

    fn phase(&self) -> Phase {
        if self.table.failure.is_some() || self.game.end().is_some() {
            return Phase::Over;
        }
        if let Some(seat) = self.table.handoff {
            return Phase::Handoff(seat);
        }
        if let Some(deciding) = &self.deciding {
            return Phase::Person(deciding.seat);
        }
        if let Some(seat) = self.table.rolling {
            return Phase::Roll(seat);
        }
        if let Some(seat) = self.thinking() {
            return Phase::Thinking(seat);
        }
        Phase::Waiting
    }

    /// The viewer's observation; once the game is over, with what was hidden revealed.
    fn shown_observation(&self) -> G::Observation {
        let state = self.game.state();
        if state.is_terminal() {
            G::revealed_observation(state, self.table.viewer)
        } else {
            state.observation(self.table.viewer)
        }
    }

    fn marked(&self) -> Vec<G::Spot> {
        match &self.deciding {
            Some(deciding)
                if self.table.handoff.is_none() && deciding.seat == self.table.viewer =>
            {
                deciding
                    .action(deciding.selected)
                    .map(|action| G::spots(&deciding.observation, &action))
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    /// The seats as the board names them: `you`, `seat 1` (as the log does).
    fn short_names(&self) -> Vec<String> {
        short_names(&self.view.seats)
    }

    /// Draws the board into `buf` and gives back where each spot went.
    fn board_hits(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
        pan: (i16, i16),
    ) -> Vec<(Rect, G::Spot)> {
        let observation = self.shown_observation();
        let marked = self.marked();
        let names = self.short_names();
        let mut board = Surface::new(buf, area, theme, &marked, &names);
        board.die = G::die(self.game.seen(self.table.viewer));
        board.pan = pan;
        crate::view::draw::<G>(&observation, &mut board);
        board.into_hits()
    }

    /// Brings the view up to date with the match and the decision in progress. The log
    /// grows by the events since the last time, built again only when the viewer, the names
    /// or the match changed.
    fn refresh(&mut self) {
        let phase = self.phase();
        let viewer = self.table.viewer;
        let handoff = self.table.handoff;
        let person_view = self.is_person(viewer);
        // While the keyboard changes hands nobody at the screen is "you".
        let you = (person_view && handoff.is_none()).then_some(viewer);
        let seats = seat_names(&self.plan.seats, Reader(you));
        let observation = self.game.state().observation(viewer);
        let status = status_line::<G>(&observation, viewer, person_view, &seats);
        let mut log = std::mem::take(&mut self.view.log);
        if self.log_stale || self.view.viewer != viewer || self.view.seats != seats {
            log.clear();
            self.log_stale = false;
        }
        extend_log(&mut log, self.game.seen(viewer), &seats);
        // Once the game is over there is no next decision to keep anything for: the log's
        // end (how the game ended) has the room.
        let pinned = if person_view && phase != Phase::Over {
            pinned(&log, viewer)
        } else {
            None
        };
        let deciding = self.deciding.as_ref().filter(|_| handoff.is_none());
        let hint = match deciding {
            Some(d) if d.hint_shown => match &d.search {
                Search::Done(info) => HintView::Shown {
                    pick_note: pick_note(&d.items),
                    reason: info
                        .actions
                        .first()
                        .and_then(|e| e.action.parse::<G::Action>().ok())
                        .and_then(|best| G::reason(&d.observation, &best)),
                },
                _ => HintView::Thinking,
            },
            _ => HintView::None,
        };
        let coach = match deciding.map(|d| &d.coach) {
            Some(Coach::Waiting(_)) => CoachState::Checking,
            Some(Coach::Warns { line, text }) => CoachState::Warns {
                line: *line,
                text: text.clone(),
            },
            _ => CoachState::Quiet,
        };
        let end = self.end_view(&seats);
        self.view = GameView {
            title: format!(
                "{} · seed {}",
                G::Config::description().short_title(),
                self.plan.seed
            ),
            phase,
            viewer,
            people: self.table.people.clone(),
            seats,
            status,
            choices: deciding.map(|d| d.items.clone()).unwrap_or_default(),
            selected: deciding.map_or(0, |d| d.selected),
            hint,
            coach,
            question: deciding.and_then(|d| G::question(&d.observation)),
            log,
            pinned,
            end,
            board_size: G::board_size(&self.shown_observation()),
            failure: self.table.failure.clone(),
            autosave_error: self.table.keeper.error.clone(),
            can_undo: self.can_undo(),
            events: self.game.events().len(),
        };
    }

    fn end_view(&self, seats: &SeatNames) -> Option<EndView> {
        let end = self.game.end()?;
        let outcome = end.outcome();
        let headline = match (&end, outcome) {
            (MatchEnd::Stopped { reason, .. }, _) => format!("stopped: {reason}"),
            (MatchEnd::IllegalChoice { error, .. }, _) => format!("stopped: {error}"),
            (_, Some(outcome)) => winners_headline(outcome, seats),
            (_, None) => "over".to_owned(),
        };
        let state = self.game.state();
        // The ending from what the viewer's seat is told at the end (its observation, the
        // outcome), as a hosted game's seat builds it; what else was hidden, from the true
        // state, only here.
        let viewer = self.table.viewer;
        let observation = state.observation(viewer);
        let mut view = ended_view::<G>(headline, outcome, &observation, seats, &self.table.people);
        if state.is_terminal() {
            view.revealed = G::revealed(state, viewer);
        }
        Some(view)
    }
}

/// Puts the search's estimates beside the moves, sorts the list by them and puts the cursor
/// on the searcher's pick.
fn show_hint<G: Game>(deciding: &mut Deciding<G>) {
    let Search::Done(info) = &deciding.search else {
        return;
    };
    let choice = info.actions.first().map(|e| e.action.clone());
    for item in &mut deciding.items {
        item.estimate = info.actions.iter().find(|e| e.action == item.text).cloned();
        item.recommended = choice.as_ref() == Some(&item.text);
    }
    let lines = hint_order(&deciding.items);
    deciding.order = lines.iter().map(|&line| deciding.order[line]).collect();
    deciding.items = lines
        .iter()
        .map(|&line| deciding.items[line].clone())
        .collect();
    deciding.selected = deciding
        .items
        .iter()
        .position(|item| item.recommended)
        .unwrap_or(0);
}

impl<G: TuiGame> Session for GameSession<G> {
    fn plan(&self) -> &GamePlan {
        &self.plan
    }

    fn legend(&self) -> &'static [(&'static str, &'static str)] {
        G::LEGEND
    }

    fn view(&self) -> &GameView {
        &self.view
    }

    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme, pan: (i16, i16)) {
        self.board_hits(area, buf, theme, pan);
    }

    fn click(&self, area: Rect, pan: (i16, i16), column: u16, row: u16) -> Option<usize> {
        let deciding = self.deciding.as_ref()?;
        if self.table.handoff.is_some() || deciding.seat != self.table.viewer {
            return None;
        }
        let lines = (0..deciding.order.len()).map(|line| deciding.action(line));
        // Where each spot is, from a drawing of the board nobody sees.
        let hits = self.board_hits(area, &mut Buffer::empty(area), Theme::MONOCHROME, pan);
        click_pick::<G>(
            &hits,
            (column, row),
            &deciding.observation,
            lines,
            deciding.selected,
        )
    }

    fn transcript(&self) -> Transcript {
        self.table.keeper.transcript(&self.game)
    }

    fn tick(&mut self, now: Instant, pace: Duration, skip: bool) -> bool {
        let before = (self.phase(), self.game.events().len());
        let mut changed = self.receive(now);
        self.table.now = now;
        self.table.pace = pace;
        self.table.skip = skip;
        self.advance();
        changed |= before != (self.phase(), self.game.events().len());
        if changed {
            self.refresh();
        }
        changed
    }

    fn select(&mut self, index: usize) {
        if let Some(deciding) = &mut self.deciding
            && deciding.coach == Coach::Quiet
        {
            deciding.selected = index.min(deciding.items.len().saturating_sub(1));
        }
        self.refresh();
    }

    fn choose(&mut self, index: usize, now: Instant) -> Result<(), String> {
        let Some(deciding) = &mut self.deciding else {
            return Err("it is not your turn".to_owned());
        };
        if index >= deciding.items.len() {
            return Err("no such move".to_owned());
        }
        if deciding.coach != Coach::Quiet {
            return Ok(());
        }
        deciding.selected = index;
        let result = if self.plan.coach && deciding.legal.len() > 1 {
            deciding.coach = Coach::Waiting(index);
            let running = matches!(deciding.search, Search::None);
            if running {
                self.start_search()
            } else {
                self.judge(index, now);
                Ok(())
            }
        } else {
            self.play(index, now)
        };
        self.refresh();
        result
    }

    fn answer_coach(&mut self, play: bool, now: Instant) {
        if let Some(deciding) = &mut self.deciding
            && let Coach::Warns { line, .. } = deciding.coach
        {
            deciding.coach = Coach::Quiet;
            if play {
                deciding.warned = true;
                let _ = self.play(line, now);
            }
        }
        self.refresh();
    }

    fn roll(&mut self, now: Instant) -> Result<(), String> {
        if self.table.handoff.is_some() || self.table.rolling.is_none() {
            return Err("it is not your roll".to_owned());
        }
        self.table.rolling = None;
        self.table.rolled_at = Some(self.game.events().len());
        // The roll shows at once; what follows it goes at the bots' pace.
        self.step_now(now);
        self.refresh();
        Ok(())
    }

    fn set_coach(&mut self, on: bool) {
        self.plan.coach = on;
        if on {
            let _ = self.start_search();
        }
        self.refresh();
    }

    fn typed(&self, text: &str) -> Result<usize, String> {
        let items = self
            .deciding
            .as_ref()
            .map(|deciding| deciding.items.as_slice());
        super::typed_move::<G>(items, text)
    }

    fn request_hint(&mut self) -> Result<(), String> {
        let Some(deciding) = &mut self.deciding else {
            return Err("a hint is for your own decisions".to_owned());
        };
        if deciding.legal.len() < 2 {
            return Err("there is only one move here".to_owned());
        }
        deciding.hint_shown = true;
        if matches!(deciding.search, Search::Done(_)) {
            show_hint(deciding);
        }
        let result = self.start_search();
        self.refresh();
        result
    }

    fn undo(&mut self) -> Result<(), String> {
        if !self.can_undo() {
            return Err(if self.table.people.len() == 1 {
                "nothing to undo: you have not decided yet".to_owned()
            } else {
                "undo is for one person playing against bots".to_owned()
            });
        }
        let person = Actor::Seat(self.table.people[0]);
        let last = self
            .game
            .events()
            .iter()
            .rposition(|e| e.actor == person)
            .expect("checked above");
        // The game so far, up to the person's last decision, continued from its seed (its
        // seats start again with it).
        let mut transcript = self.transcript();
        let undone = transcript.events.split_off(last);
        transcript.outcome = None;
        self.game = continued(&transcript).map_err(|e| e.to_string())?;
        self.table.keeper.undos.push(Undo { at: last, undone });
        self.seats.iter_mut().for_each(ScreenSeat::forget);
        self.deciding = None;
        self.table.rolling = None;
        self.table.rolled_at = None;
        self.table.last_move = None;
        self.table.carrying = false;
        self.log_stale = true;
        self.table.keeper.rewrite();
        self.table.keeper.save(&self.game);
        self.refresh();
        Ok(())
    }

    fn confirm_handoff(&mut self) {
        if let Some(seat) = self.table.handoff.take() {
            self.table.viewer = seat;
            self.table.shown_person = Some(seat);
        }
        self.refresh();
    }

    fn cycle_view(&mut self) -> bool {
        if !self.table.people.is_empty() {
            return false;
        }
        self.table.viewer = (self.table.viewer + 1) % self.config.players();
        self.refresh();
        true
    }

    fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }
}
