//! A game being played: the [`Session`] trait the app drives (object-safe, so the event loop
//! and screens are written once) and [`GameSession`], its one implementation, typed per game
//! and built through `visit_game!`. It owns the [`Match`], steps it, asks people through the
//! app and bots through the [`Worker`], paces the bots' moves, keeps hints, undo, saving and
//! the hot-seat hand-off.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use mousehole_bots::{AgentSpec, SeatLabel};
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{
    ActionEstimate, Actor, Decision, DecisionInfo, Game, GameConfig, GameSpec, Match, MatchEnd,
    Outcome, StopRequest, ToMove, Transcript,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::bots::HINT_SPEC;
use crate::theme::Theme;
use crate::view::{Board, spot_at};
use crate::worker::{Job, Reply, Worker};
use crate::{TuiError, TuiGame, TuiVisitor};

/// Everything needed to start (or start again) a game: the game with its options, who sits
/// where, the seed, and where to keep the transcript as it goes.
#[derive(Clone, Debug)]
pub struct GamePlan {
    pub spec: GameSpec,
    pub seats: Vec<SeatLabel>,
    pub seed: u64,
    /// Saved after every event when set (`--out`).
    pub out: Option<PathBuf>,
    /// The agent behind hints ([`HINT_SPEC`] unless a caller wants another).
    pub hint: AgentSpec,
}

impl GamePlan {
    /// A game of `spec` with these seats and seed, not kept in a file, with the usual hints.
    pub fn new(spec: GameSpec, seats: Vec<SeatLabel>, seed: u64) -> Self {
        Self {
            spec,
            seats,
            seed,
            out: None,
            hint: HINT_SPEC.parse().expect("the hint spec parses"),
        }
    }
}

/// Where a session stands, as the app sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A person at seat S chooses a move.
    Person(usize),
    /// The next person must take the keyboard before seeing their view.
    Handoff(usize),
    /// The bot of seat S is thinking.
    Thinking(usize),
    /// A bot's move waits for its turn to be shown (the pace).
    Waiting,
    /// The match is over (finished, or stopped by a failure).
    Over,
}

/// One legal move as the list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceItem {
    /// The text form (`take 3`).
    pub text: String,
    /// How it reads for the person choosing.
    pub label: String,
    /// The hint's estimate, once a hint is shown.
    pub estimate: Option<ActionEstimate>,
    /// Whether the hint's searcher would play this move.
    pub recommended: bool,
}

/// The hint for the current decision.
#[derive(Clone, Debug, PartialEq)]
pub enum HintState {
    None,
    Thinking,
    /// Shown: the searcher's note (`ismcts, 4000 iterations`).
    Shown(String),
}

/// The end of a match.
#[derive(Clone, Debug)]
pub struct EndView {
    pub headline: String,
    /// Per place: rank, seat, its name, score.
    pub rows: Vec<(u32, usize, String, i64)>,
    /// What was hidden, from the true final state.
    pub revealed: Vec<Line<'static>>,
}

/// The app's handle on a game in progress. Generic-free, so the app holds a
/// `Box<dyn Session>` whatever the game.
pub trait Session {
    fn plan(&self) -> &GamePlan;
    fn info(&self) -> &'static mousehole_engine::GameInfo;
    /// `Cheese Day · 3 players · seed 42`.
    fn title(&self) -> String;
    /// Steps the match: answers from the bots, chance, the next decision. Bots' moves are
    /// applied at least `pace` apart unless `skip`. Returns whether anything changed.
    fn tick(&mut self, now: Instant, pace: Duration, skip: bool) -> bool;
    fn phase(&self) -> Phase;
    /// The seat whose view is drawn.
    fn viewer(&self) -> usize;
    /// What is happening, in one sentence from the viewer's observation.
    fn status(&self) -> String;
    /// The person's legal moves (empty unless [`Phase::Person`]).
    fn choices(&self) -> &[ChoiceItem];
    fn selected(&self) -> usize;
    fn select(&mut self, index: usize);
    /// A question to ask as a modal (the trap), for the deciding person.
    fn question(&self) -> Option<String>;
    /// Plays move `index` of [`Session::choices`].
    fn choose(&mut self, index: usize, now: Instant) -> Result<(), String>;
    /// The move typed text names, or why it is not one.
    fn typed(&self, text: &str) -> Result<usize, String>;
    fn request_hint(&mut self) -> Result<(), String>;
    fn hint(&self) -> HintState;
    fn can_undo(&self) -> bool;
    fn undo(&mut self) -> Result<(), String>;
    fn transcript(&self) -> Transcript;
    fn events(&self) -> usize;
    /// The next person is at the keyboard.
    fn confirm_handoff(&mut self);
    /// Shows the next seat's view when nobody plays (never a person's game: it would leak).
    fn cycle_view(&mut self) -> bool;
    fn people(&self) -> usize;
    /// The viewer's log: every event as the viewer saw it, with its note.
    fn log(&self, theme: Theme) -> Vec<Line<'static>>;
    /// Draws the viewer's board, marking what the selected move touches.
    fn render_board(&mut self, area: Rect, buf: &mut Buffer, theme: Theme);
    /// The board's size for the viewer's observation.
    fn board_size(&self) -> (u16, u16);
    /// The move a click at the screen position picks (a second click on the same place
    /// goes to the next move touching it).
    fn click(&self, column: u16, row: u16) -> Option<usize>;
    fn end(&self, theme: Theme) -> Option<EndView>;
    /// A failure that stopped the match (a bot that crashed).
    fn failure(&self) -> Option<&str>;
    /// Keeps the transcript at `--out`, if set; the error says why it could not.
    fn autosave_error(&self) -> Option<&str>;
    /// What went wrong with programs' seats since the last call (the fallback decided).
    fn take_notices(&mut self) -> Vec<String>;
}

/// Starts a new game.
///
/// # Errors
/// Bad options, a seat count that does not match, or a bot that does not build.
pub fn start(plan: GamePlan) -> Result<Box<dyn Session>, TuiError> {
    open(plan, None)
}

/// Resumes a saved unfinished game: every recorded event is replayed through a match with the
/// transcript's seed, chance drawing from the seed's chance stream (which must give the
/// recorded outcomes), so the game continues exactly as if it had never stopped.
///
/// # Errors
/// A transcript that is not one of ours to continue (see [`TuiError`]).
pub fn resume(plan: GamePlan, transcript: &Transcript) -> Result<Box<dyn Session>, TuiError> {
    open(plan, Some(transcript))
}

fn open(plan: GamePlan, transcript: Option<&Transcript>) -> Result<Box<dyn Session>, TuiError> {
    struct Open<'a> {
        plan: GamePlan,
        transcript: Option<&'a Transcript>,
    }
    impl TuiVisitor for Open<'_> {
        type Output = Result<Box<dyn Session>, TuiError>;
        fn visit<G: TuiGame>(self, config: G::Config) -> Self::Output {
            let mut session = GameSession::<G>::new(self.plan, config)?;
            if let Some(transcript) = self.transcript {
                session.game = continued(transcript)?;
            }
            Ok(Box::new(session))
        }
    }
    let spec = plan.spec.clone();
    crate::visit(&spec, Open { plan, transcript })?
}

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
    hint: Hint,
}

enum Hint {
    None,
    Thinking(u64),
    Shown(DecisionInfo),
}

/// A game of `G` in progress.
pub struct GameSession<G: TuiGame> {
    plan: GamePlan,
    config: G::Config,
    game: Match<G>,
    labels: Vec<String>,
    people: Vec<usize>,
    worker: Worker<G>,
    /// Answers for other tickets are stale (an undo came between) and dropped.
    ticket: u64,
    thinking: Option<usize>,
    ready: Option<(usize, Decision<G::Action>)>,
    last_move: Option<Instant>,
    /// The events being applied follow a decision: the chance after it shows with it.
    carrying: bool,
    viewer: usize,
    handoff: Option<usize>,
    /// The person whose view was last on screen (hot seat).
    shown_person: Option<usize>,
    deciding: Option<Deciding<G>>,
    hits: Vec<(Rect, G::Spot)>,
    failure: Option<String>,
    autosave_error: Option<String>,
    /// What went wrong with programs' seats, not yet shown.
    notices: Vec<String>,
    /// Whether the programs were told the game is over.
    told_the_end: bool,
}

impl<G: TuiGame> GameSession<G> {
    fn new(plan: GamePlan, config: G::Config) -> Result<Self, TuiError> {
        let players = config.players();
        if plan.seats.len() != players {
            return Err(TuiError::Seats {
                reason: format!(
                    "{} seats given for a {players}-player game of {}; give one per seat",
                    plan.seats.len(),
                    G::info().name
                ),
            });
        }
        let worker = Worker::start(&config, plan.seed, &plan.seats, &plan.hint)
            .map_err(|reason| TuiError::Seats { reason })?;
        let people: Vec<usize> = (0..players)
            .filter(|&seat| plan.seats[seat].is_human())
            .collect();
        let mut game = Match::<G>::new(&config, plan.seed);
        game.record_views(true);
        Ok(Self {
            labels: plan.seats.iter().map(ToString::to_string).collect(),
            viewer: people.first().copied().unwrap_or(0),
            people,
            plan,
            config,
            game,
            worker,
            ticket: 0,
            thinking: None,
            ready: None,
            last_move: None,
            carrying: false,
            handoff: None,
            shown_person: None,
            deciding: None,
            hits: Vec::new(),
            failure: None,
            autosave_error: None,
            notices: Vec::new(),
            told_the_end: false,
        })
    }

    fn is_person(&self, seat: usize) -> bool {
        self.people.contains(&seat)
    }

    /// The person at `seat` is to decide: their choices, and the hand-off first if another
    /// person's view was on screen.
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
        self.deciding = Some(Deciding {
            seat,
            order: (0..legal.len()).collect(),
            legal,
            observation,
            items,
            selected: 0,
            hint: Hint::None,
        });
        if self.people.len() > 1 && self.shown_person.is_some_and(|shown| shown != seat) {
            self.handoff = Some(seat);
        } else {
            self.viewer = seat;
            self.shown_person = Some(seat);
        }
    }

    fn receive(&mut self) -> bool {
        let mut changed = false;
        loop {
            let reply = match self.worker.try_recv() {
                Ok(Some(reply)) => reply,
                Ok(None) => break,
                Err(message) => {
                    if self.thinking.is_some() {
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
                    decision,
                } if ticket == self.ticket => {
                    self.thinking = None;
                    self.ready = Some((seat, decision));
                    changed = true;
                }
                Reply::Hint { ticket, info } => {
                    if let Some(deciding) = &mut self.deciding
                        && matches!(deciding.hint, Hint::Thinking(t) if t == ticket)
                    {
                        show_hint(deciding, info);
                        changed = true;
                    }
                }
                Reply::Failed { ticket, message } if ticket == self.ticket => {
                    self.fail(message);
                    changed = true;
                }
                Reply::Stopped {
                    ticket,
                    seat,
                    request,
                } if ticket == self.ticket => {
                    self.thinking = None;
                    self.game.stop(seat, request);
                    self.autosave();
                    changed = true;
                }
                Reply::Notice(text) => {
                    self.notices.push(text);
                    changed = true;
                }
                Reply::Decided { .. } | Reply::Failed { .. } | Reply::Stopped { .. } => {}
            }
        }
        changed
    }

    /// Once, at the end of the match: the seats at the table are told how it ended.
    fn tell_seats_the_end(&mut self) {
        if self.told_the_end {
            return;
        }
        self.told_the_end = true;
        let end = self.game.end();
        let histories = (0..self.config.players())
            .map(|seat| {
                let ending = self.game.ending(seat, end.as_ref());
                (ending.history.to_vec(), ending.seen_from)
            })
            .collect();
        let job = Job::GameOver {
            outcome: end.as_ref().and_then(MatchEnd::outcome).cloned(),
            histories,
        };
        // A thread that is gone has no seat left to tell.
        let _ = self.worker.send(job);
    }

    fn fail(&mut self, message: String) {
        let seat = self.thinking.take().unwrap_or(0);
        self.game.stop(seat, StopRequest::quit(message.clone()));
        self.failure = Some(message);
        self.autosave();
    }

    fn autosave(&mut self) {
        if let Some(path) = &self.plan.out {
            self.autosave_error = crate::save::write_transcript(path, &self.transcript())
                .err()
                .map(|e| e.to_string());
        }
    }

    fn short_names(&self) -> Vec<String> {
        (0..self.config.players())
            .map(|seat| {
                if seat == self.viewer && !self.people.is_empty() {
                    "you".to_owned()
                } else {
                    format!("seat {seat}")
                }
            })
            .collect()
    }

    fn marked(&self) -> Vec<G::Spot> {
        match &self.deciding {
            Some(deciding) if self.handoff.is_none() && deciding.seat == self.viewer => deciding
                .order
                .get(deciding.selected)
                .map(|&i| G::spots(&deciding.observation, &deciding.legal[i]))
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}

/// Puts the hint's estimates beside the moves: the searcher's choice first (its `info` lists
/// it first), then by estimated win (the selection stays on its move).
fn show_hint<G: Game>(deciding: &mut Deciding<G>, info: DecisionInfo) {
    let selected_action = deciding.order.get(deciding.selected).copied();
    let choice = info.actions.first().map(|e| e.action.clone());
    for item in &mut deciding.items {
        item.estimate = info.actions.iter().find(|e| e.action == item.text).cloned();
        item.recommended = choice.as_ref() == Some(&item.text);
    }
    // The lines are sorted together with the moves they stand for, so line `i` still plays
    // what it shows; ties keep the rules' order.
    let win = |line: usize| {
        deciding.items[line]
            .estimate
            .as_ref()
            .map_or(-1.0, |e| e.win)
    };
    let mut lines: Vec<usize> = (0..deciding.items.len()).collect();
    lines.sort_by(|&a, &b| {
        let (item_a, item_b) = (&deciding.items[a], &deciding.items[b]);
        item_b
            .recommended
            .cmp(&item_a.recommended)
            .then(win(b).total_cmp(&win(a)))
            .then(deciding.order[a].cmp(&deciding.order[b]))
    });
    deciding.order = lines.iter().map(|&line| deciding.order[line]).collect();
    deciding.items = lines
        .iter()
        .map(|&line| deciding.items[line].clone())
        .collect();
    if let Some(action) = selected_action {
        deciding.selected = deciding
            .order
            .iter()
            .position(|&i| i == action)
            .unwrap_or(0);
    }
    deciding.hint = Hint::Shown(info);
}

impl<G: TuiGame> Session for GameSession<G> {
    fn plan(&self) -> &GamePlan {
        &self.plan
    }

    fn info(&self) -> &'static mousehole_engine::GameInfo {
        G::info()
    }

    fn title(&self) -> String {
        format!(
            "{} · seed {}",
            G::info()
                .title
                .split(" (")
                .next()
                .unwrap_or(G::info().title),
            self.plan.seed
        )
    }

    fn tick(&mut self, now: Instant, pace: Duration, skip: bool) -> bool {
        let mut changed = self.receive();
        loop {
            if self.game.end().is_some() {
                self.tell_seats_the_end();
                break;
            }
            if self.failure.is_some() {
                break;
            }
            let due = skip || self.last_move.is_none_or(|last| now >= last + pace);
            if let Some((seat, decision)) = self.ready.take() {
                if !due {
                    self.ready = Some((seat, decision));
                    break;
                }
                if let Err(error) = self.game.decide(seat, decision) {
                    self.fail(format!(
                        "the bot of seat {seat} chose an illegal move: {error}"
                    ));
                    changed = true;
                    break;
                }
                self.last_move = Some(now);
                self.carrying = true;
                changed = true;
                self.autosave();
                continue;
            }
            if self.deciding.is_some() || self.thinking.is_some() {
                break;
            }
            match self.game.state().to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    // A decision carries the chance events after it (a refill, the next
                    // roll); other chance events are shown one per pace, but a deal (the
                    // game's public phase says so) goes at once.
                    let dealing = G::dealing(&self.game.state().observation(0));
                    if !(self.carrying || dealing || due) {
                        break;
                    }
                    self.game.resolve_chance();
                    if !(self.carrying || dealing) {
                        self.last_move = Some(now);
                    }
                    changed = true;
                    self.autosave();
                }
                ToMove::Player(seat) => {
                    self.carrying = false;
                    if self.is_person(seat) {
                        self.start_decision(seat);
                    } else {
                        self.ticket += 1;
                        let pending = self.game.pending_decision().expect("a seat is to decide");
                        let job = Job::Decide {
                            ticket: self.ticket,
                            pending,
                        };
                        match self.worker.send(job) {
                            Ok(()) => self.thinking = Some(seat),
                            Err(message) => self.fail(message),
                        }
                    }
                    changed = true;
                    break;
                }
            }
        }
        changed
    }

    fn phase(&self) -> Phase {
        if self.failure.is_some() || self.game.end().is_some() {
            return Phase::Over;
        }
        if let Some(seat) = self.handoff {
            return Phase::Handoff(seat);
        }
        if let Some(deciding) = &self.deciding {
            return Phase::Person(deciding.seat);
        }
        if let Some(seat) = self.thinking {
            return Phase::Thinking(seat);
        }
        Phase::Waiting
    }

    fn viewer(&self) -> usize {
        self.viewer
    }

    fn status(&self) -> String {
        let observation = self.game.state().observation(self.viewer);
        let text = observation.to_string();
        let first = text.lines().next().unwrap_or_default();
        // "You are seat 0. " opens every observation's text: the screen says it elsewhere.
        match first.split_once(". ") {
            Some((head, rest)) if head.starts_with("You are seat") => rest.to_owned(),
            _ => first.to_owned(),
        }
    }

    fn choices(&self) -> &[ChoiceItem] {
        match &self.deciding {
            Some(deciding) if self.handoff.is_none() => &deciding.items,
            _ => &[],
        }
    }

    fn selected(&self) -> usize {
        self.deciding.as_ref().map_or(0, |d| d.selected)
    }

    fn select(&mut self, index: usize) {
        if let Some(deciding) = &mut self.deciding {
            deciding.selected = index.min(deciding.items.len().saturating_sub(1));
        }
    }

    fn question(&self) -> Option<String> {
        let deciding = self.deciding.as_ref()?;
        if self.handoff.is_some() {
            return None;
        }
        G::question(&deciding.observation)
    }

    fn choose(&mut self, index: usize, now: Instant) -> Result<(), String> {
        let Some(deciding) = self.deciding.take() else {
            return Err("it is not your turn".to_owned());
        };
        let Some(&legal_index) = deciding.order.get(index) else {
            self.deciding = Some(deciding);
            return Err("no such move".to_owned());
        };
        let action = deciding.legal[legal_index];
        let decision = match deciding.hint {
            Hint::Shown(ref info) => {
                Decision::with_info(action, hint_record(info.clone(), &action.to_string()))
            }
            Hint::None | Hint::Thinking(_) => Decision::new(action),
        };
        if let Err(error) = self.game.decide(deciding.seat, decision) {
            let message = error.to_string();
            self.deciding = Some(deciding);
            return Err(message);
        }
        self.last_move = Some(now);
        self.carrying = true;
        self.autosave();
        Ok(())
    }

    fn typed(&self, text: &str) -> Result<usize, String> {
        let Some(deciding) = &self.deciding else {
            return Err("it is not your turn".to_owned());
        };
        let text = text.trim();
        if text.is_empty() {
            return Err("type a move, e.g. ".to_owned() + &deciding.items[0].text);
        }
        if let Ok(number) = text.parse::<usize>()
            && (1..=deciding.items.len()).contains(&number)
        {
            return Ok(number - 1);
        }
        let lower = text.to_lowercase();
        if let Some(line) = deciding.items.iter().position(|item| item.text == lower) {
            return Ok(line);
        }
        let shown = mousehole_engine::text::shown(text);
        if let Err(error) = G::Action::from_str(&lower) {
            Err(error.to_string())
        } else {
            let legal: Vec<&str> = deciding.items.iter().map(|i| i.text.as_str()).collect();
            let listed = if legal.len() > 8 {
                format!("{} … ({} moves)", legal[..8].join(", "), legal.len())
            } else {
                legal.join(", ")
            };
            Err(format!(
                "'{shown}' is a move of the game but not allowed now; allowed: {listed}"
            ))
        }
    }

    fn request_hint(&mut self) -> Result<(), String> {
        let Some(deciding) = &mut self.deciding else {
            return Err("a hint is for your own decisions".to_owned());
        };
        if !matches!(deciding.hint, Hint::None) {
            return Ok(());
        }
        let Some(pending) = self.game.pending_decision() else {
            return Err("a hint is for your own decisions".to_owned());
        };
        self.ticket += 1;
        self.worker.send(Job::Hint {
            ticket: self.ticket,
            pending,
        })?;
        deciding.hint = Hint::Thinking(self.ticket);
        // A hint's own ticket does not make a bot's answer stale: none is pending now.
        Ok(())
    }

    fn hint(&self) -> HintState {
        match self.deciding.as_ref().map(|d| &d.hint) {
            None | Some(Hint::None) => HintState::None,
            Some(Hint::Thinking(_)) => HintState::Thinking,
            Some(Hint::Shown(info)) => HintState::Shown(info.note.clone().unwrap_or_default()),
        }
    }

    fn can_undo(&self) -> bool {
        self.people.len() == 1
            && self.failure.is_none()
            && self.game.ended_early().is_none()
            && self
                .game
                .events()
                .iter()
                .any(|e| e.actor == Actor::Seat(self.people[0]))
    }

    fn undo(&mut self) -> Result<(), String> {
        if !self.can_undo() {
            return Err(if self.people.len() == 1 {
                "nothing to undo: you have not decided yet".to_owned()
            } else {
                "undo is for one person playing against bots".to_owned()
            });
        }
        let person = Actor::Seat(self.people[0]);
        let last = self
            .game
            .events()
            .iter()
            .rposition(|e| e.actor == person)
            .expect("checked above");
        // The game so far, up to the person's last decision, continued from its seed.
        let mut transcript = self.transcript();
        transcript.events.truncate(last);
        transcript.outcome = None;
        self.game = continued(&transcript).map_err(|e| e.to_string())?;
        self.told_the_end = false;
        self.ticket += 1;
        self.thinking = None;
        self.ready = None;
        self.deciding = None;
        self.last_move = None;
        self.carrying = false;
        self.autosave();
        Ok(())
    }

    fn transcript(&self) -> Transcript {
        Transcript::from_match(&self.game, self.labels.clone())
    }

    fn events(&self) -> usize {
        self.game.events().len()
    }

    fn confirm_handoff(&mut self) {
        if let Some(seat) = self.handoff.take() {
            self.viewer = seat;
            self.shown_person = Some(seat);
        }
    }

    fn cycle_view(&mut self) -> bool {
        if !self.people.is_empty() {
            return false;
        }
        self.viewer = (self.viewer + 1) % self.config.players();
        true
    }

    fn people(&self) -> usize {
        self.people.len()
    }

    fn log(&self, theme: Theme) -> Vec<Line<'static>> {
        let names = self.short_names();
        log_lines::<G>(self.game.seen(self.viewer), &names, theme)
    }

    fn render_board(&mut self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let observation = self.game.state().observation(self.viewer);
        let marked = self.marked();
        let names = self.short_names();
        let mut hits = std::mem::take(&mut self.hits);
        hits.clear();
        let mut board = Board::new(buf, area, theme, &marked, &names, &mut hits);
        G::draw_board(&observation, &mut board);
        self.hits = hits;
    }

    fn board_size(&self) -> (u16, u16) {
        G::board_size(&self.game.state().observation(self.viewer))
    }

    fn click(&self, column: u16, row: u16) -> Option<usize> {
        let deciding = self.deciding.as_ref()?;
        if self.handoff.is_some() || deciding.seat != self.viewer {
            return None;
        }
        let spot = spot_at(&self.hits, column, row)?;
        let touching: Vec<usize> = (0..deciding.order.len())
            .filter(|&line| {
                G::spots(&deciding.observation, &deciding.legal[deciding.order[line]])
                    .contains(&spot)
            })
            .collect();
        let next = touching
            .iter()
            .position(|&line| line == deciding.selected)
            .map_or(0, |at| (at + 1) % touching.len());
        touching.get(next).copied()
    }

    fn end(&self, theme: Theme) -> Option<EndView> {
        let end = self.game.end()?;
        let outcome: Option<&Outcome> = end.outcome();
        let names: Vec<String> = (0..self.config.players())
            .map(|seat| seat_name(seat, &self.labels[seat], &self.people))
            .collect();
        let headline = match (&end, outcome) {
            (MatchEnd::Stopped { reason, .. }, _) => format!("stopped: {reason}"),
            (MatchEnd::IllegalChoice { error, .. }, _) => format!("stopped: {error}"),
            (_, Some(outcome)) => {
                let winners = outcome.winners();
                match winners.as_slice() {
                    [seat] => format!("{} wins", names[*seat]),
                    _ if winners.len() == names.len() => {
                        "a draw: everyone shares first place".to_owned()
                    }
                    _ => format!(
                        "{} share first place",
                        winners
                            .iter()
                            .map(|&s| names[s].clone())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                }
            }
            (_, None) => "over".to_owned(),
        };
        let mut rows = Vec::new();
        if let Some(outcome) = outcome {
            let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
            order.sort_by_key(|&seat| (outcome.ranks[seat], seat));
            for seat in order {
                rows.push((
                    outcome.ranks[seat],
                    seat,
                    names[seat].clone(),
                    outcome.scores.get(seat).copied().unwrap_or_default(),
                ));
            }
        }
        let revealed = if self.game.state().is_terminal() {
            G::revealed(self.game.state(), theme)
        } else {
            Vec::new()
        };
        Some(EndView {
            headline,
            rows,
            revealed,
        })
    }

    fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    fn autosave_error(&self) -> Option<&str> {
        self.autosave_error.as_deref()
    }

    fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }
}

/// What a decision made with a hint on screen records: the note `hint shown` (with the
/// searcher's own note), the hint's estimates, and its estimate of the chosen move.
fn hint_record(info: DecisionInfo, chosen: &str) -> DecisionInfo {
    let win = info
        .actions
        .iter()
        .find(|e| e.action == chosen)
        .map(|e| e.win);
    DecisionInfo {
        win,
        visits: info.visits,
        note: Some(match &info.note {
            Some(note) => format!("hint shown ({note})"),
            None => "hint shown".to_owned(),
        }),
        actions: info.actions,
        extra: serde_json::Map::new(),
    }
}

/// `seat 1 (ismcts:iterations=2000)`, `seat 0 (you)`.
pub fn seat_name(seat: usize, label: &str, people: &[usize]) -> String {
    if people.len() == 1 && people[0] == seat {
        format!("seat {seat} (you)")
    } else if label.starts_with("human") {
        format!("seat {seat} ({label})")
    } else {
        let short = label.split(':').next().unwrap_or(label);
        format!("seat {seat} ({short})")
    }
}

/// The log lines of a seat's views, numbered from 1.
pub fn log_lines<G: Game>(
    seen: &[mousehole_engine::SeenEvent<G::EventView>],
    names: &[String],
    theme: Theme,
) -> Vec<Line<'static>> {
    seen.iter()
        .enumerate()
        .map(|(i, event)| {
            let (who, style) = match event.actor {
                Actor::Chance => ("chance".to_owned(), theme.dim()),
                Actor::Seat(seat) => (
                    names
                        .get(seat)
                        .cloned()
                        .unwrap_or_else(|| format!("seat {seat}")),
                    theme.seat(seat),
                ),
            };
            let mut spans = vec![
                Span::styled(format!("{:>4} ", i + 1), theme.dim()),
                Span::styled(who, style),
                Span::raw(": "),
                Span::raw(event.view.to_string()),
            ];
            if let Some(note) = &event.note {
                spans.push(Span::styled(format!(" → {note}"), theme.dim()));
            }
            Line::from(spans)
        })
        .collect()
}
