//! [`GameSession`], the one implementation of [`Session`]: a game of `G` in progress. It owns
//! the [`Match`], steps it with the pace, asks people through the app and bots through the
//! [`Worker`], and rebuilds its [`GameView`] after every change from the viewer's own
//! observation and event views (the true state only once the game is over).

use std::time::{Duration, Instant};

use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{
    Actor, Decision, DecisionInfo, Game, GameConfig, GameDescription, Match, MatchEnd, Outcome,
    StopRequest, ToMove, Transcript, Undo,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::hint::{coach_warning, hint_order, hint_record, pick_note};
use super::{
    ChoiceItem, CoachState, EndRow, EndView, GamePlan, GameView, HintView, LogEntry, Phase,
    Session, concerns, ordinal,
};
use crate::bots::{SeatName, seat_names};
use crate::theme::Theme;
use crate::view::Ending;
use crate::view::{Surface, spot_at};
use crate::worker::{Job, Reply, Thinking, Worker};
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
    /// The person at this seat is to roll their own die.
    rolling: Option<usize>,
    /// The person rolled: the chance event at this many events may happen.
    rolled_at: Option<usize>,
    failure: Option<String>,
    autosave_error: Option<String>,
    /// What went wrong with programs' seats, not yet shown.
    notices: Vec<String>,
    /// Whether the programs were told the game is over.
    told_the_end: bool,
    /// The undos made so far (recorded in the transcript).
    undos: Vec<Undo>,
    view: GameView,
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
        let worker = Worker::start(&config, plan.seed, &plan.seats, &plan.hint, thinking)
            .map_err(|reason| TuiError::Seats { reason })?;
        let people: Vec<usize> = (0..players)
            .filter(|&seat| plan.seats[seat].is_human())
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
        // Several people at one terminal: nobody's hidden cards show before the first of
        // them has the keyboard.
        let handoff = (people.len() > 1).then_some(viewer);
        let mut session = Self {
            labels: plan.seats.iter().map(ToString::to_string).collect(),
            viewer,
            view: GameView {
                title: String::new(),
                phase: Phase::Waiting,
                viewer,
                people: people.clone(),
                seats: Vec::new(),
                status: String::new(),
                choices: Vec::new(),
                selected: 0,
                hint: HintView::None,
                coach: CoachState::Quiet,
                question: None,
                log: Vec::new(),
                pinned: Vec::new(),
                end: None,
                board_size: (0, 0),
                pans: G::PANS,
                failure: None,
                autosave_error: None,
                can_undo: false,
                events: 0,
            },
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
            handoff,
            shown_person: handoff,
            deciding: None,
            rolling: None,
            rolled_at: None,
            failure: None,
            autosave_error: None,
            notices: Vec::new(),
            told_the_end: false,
            undos: transcript.map(|t| t.undos.clone()).unwrap_or_default(),
        };
        session.refresh();
        Ok(session)
    }

    fn is_person(&self, seat: usize) -> bool {
        self.people.contains(&seat)
    }

    /// Another person than the one on screen must take the keyboard first (hot seat).
    fn hand_to(&mut self, seat: usize) {
        if self.people.len() > 1 && self.shown_person.is_some_and(|shown| shown != seat) {
            self.handoff = Some(seat);
        } else {
            self.viewer = seat;
            self.shown_person = Some(seat);
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
        self.deciding = Some(Deciding {
            seat,
            order: (0..legal.len()).collect(),
            legal,
            observation,
            items,
            selected: 0,
            search: Search::None,
            hint_shown: false,
            coach: Coach::Quiet,
            warned: false,
        });
        self.hand_to(seat);
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
        let Some(pending) = self.game.pending_decision() else {
            return Err("a hint is for your own decisions".to_owned());
        };
        self.ticket += 1;
        self.worker.send(Job::Hint {
            ticket: self.ticket,
            pending,
        })?;
        if let Some(deciding) = &mut self.deciding {
            deciding.search = Search::Running(self.ticket);
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
                        && matches!(deciding.search, Search::Running(t) if t == ticket)
                    {
                        deciding.search = Search::Done(info);
                        if deciding.hint_shown {
                            show_hint(deciding);
                        }
                        if let Coach::Waiting(line) = deciding.coach {
                            self.judge(line, now);
                        }
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
        if let Some(seat) = self.rolling {
            return Phase::Roll(seat);
        }
        if let Some(seat) = self.thinking {
            return Phase::Thinking(seat);
        }
        Phase::Waiting
    }

    /// The viewer's observation; once the game is over, with what was hidden revealed.
    fn shown_observation(&self) -> G::Observation {
        let state = self.game.state();
        if state.is_terminal() {
            G::revealed_observation(state, self.viewer)
        } else {
            state.observation(self.viewer)
        }
    }

    fn marked(&self) -> Vec<G::Spot> {
        match &self.deciding {
            Some(deciding) if self.handoff.is_none() && deciding.seat == self.viewer => deciding
                .action(deciding.selected)
                .map(|action| G::spots(&deciding.observation, &action))
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn short_names(&self) -> Vec<String> {
        self.view.seats.iter().map(|n| n.short.clone()).collect()
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
        board.die = G::die(self.game.seen(self.viewer));
        board.pan = pan;
        G::draw_board(&observation, &mut board);
        board.into_hits()
    }

    /// Rebuilds the view from the match and the decision in progress.
    fn refresh(&mut self) {
        let phase = self.phase();
        let person_view = self.is_person(self.viewer);
        // While the keyboard changes hands nobody at the screen is "you".
        let you = (person_view && self.handoff.is_none()).then_some(self.viewer);
        let seats = seat_names(&self.plan.seats, you);
        let observation = self.game.state().observation(self.viewer);
        let status = status_line::<G>(&observation, self.viewer, person_view);
        let log = log_entries(self.game.seen(self.viewer), &seats);
        // Once the game is over there is no next decision to keep anything for: the log's
        // end (how the game ended) has the room.
        let pinned = if person_view && phase != Phase::Over {
            pinned(&log, self.viewer)
        } else {
            Vec::new()
        };
        let deciding = self.deciding.as_ref().filter(|_| self.handoff.is_none());
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
                short_title(G::Config::description()),
                self.plan.seed
            ),
            phase,
            viewer: self.viewer,
            people: self.people.clone(),
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
            pans: G::PANS,
            failure: self.failure.clone(),
            autosave_error: self.autosave_error.clone(),
            can_undo: self.can_undo(),
            events: self.game.events().len(),
        };
    }

    fn end_view(&self, seats: &[SeatName]) -> Option<EndView> {
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
        let observation = state.observation(self.viewer);
        let mut view = ended_view::<G>(headline, outcome, &observation, seats, &self.people);
        if state.is_terminal() {
            view.revealed = G::revealed(state, self.viewer);
        }
        Some(view)
    }
}

/// The game's name without the edition in brackets: `Cheese Day`.
pub fn short_title(description: &GameDescription) -> &'static str {
    description
        .title
        .split(" (")
        .next()
        .unwrap_or(description.title)
}

/// What is happening, in one sentence from `viewer`'s observation: the game's prompt when a
/// person at the screen plays the seat, else the observation's first sentence (of the seat,
/// not of "you", when nobody at the screen plays it).
pub(super) fn status_line<G: TuiGame>(
    observation: &G::Observation,
    viewer: usize,
    person_view: bool,
) -> String {
    if let Some(prompt) = G::prompt(observation).filter(|_| person_view) {
        return prompt;
    }
    let text = observation.to_string();
    let first = text.lines().next().unwrap_or_default().to_owned();
    // "You are seat 0. " opens every observation's text: the screen says it elsewhere.
    let status = match first.split_once(". ") {
        Some((head, rest)) if head.starts_with("You are seat") => rest.to_owned(),
        _ => first,
    };
    // Watching a game nobody at the terminal plays, the seat is not "you".
    if person_view {
        status
    } else if let Some(rest) = status.strip_prefix("Your ") {
        format!("Seat {viewer}'s {rest}")
    } else if let Some(rest) = status.strip_prefix("You ") {
        format!("Seat {viewer} {rest}")
    } else {
        status
    }
}

/// The log: every event as the viewer saw it, named as the viewer reads the seats.
pub(super) fn log_entries<V: std::fmt::Display>(
    seen: &[mousehole_engine::SeenEvent<V>],
    seats: &[SeatName],
) -> Vec<LogEntry> {
    seen.iter()
        .enumerate()
        .map(|(i, event)| LogEntry {
            number: i + 1,
            actor: event.actor,
            who: match event.actor {
                Actor::Chance => "chance".to_owned(),
                Actor::Seat(seat) => seats
                    .get(seat)
                    .map_or_else(|| format!("seat {seat}"), |n| n.short.clone()),
            },
            text: event.view.to_string(),
            note: event.note.clone(),
        })
        .collect()
}

/// `you win`, `seat 2 (hard) wins`, `a draw: …`, `… share first place`.
pub(super) fn winners_headline(outcome: &Outcome, seats: &[SeatName]) -> String {
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(seat, name)| name.full(seat))
        .collect();
    let winners = outcome.winners();
    match winners.as_slice() {
        [seat] if seats[*seat].short == "you" => "you win".to_owned(),
        [seat] => format!("{} wins", names[*seat]),
        _ if winners.len() == names.len() => "a draw: everyone shares first place".to_owned(),
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

/// The end screen of a game that ended as `headline` says: with its `outcome`, how it ended
/// and each seat's score made, from `observation` (the viewer's, at the end) and the outcome
/// alone, as any seat may know them; and the table.
pub(super) fn ended_view<G: TuiGame>(
    headline: String,
    outcome: Option<&Outcome>,
    observation: &G::Observation,
    seats: &[SeatName],
    people: &[usize],
) -> EndView {
    let short: Vec<String> = seats.iter().map(|name| name.short.clone()).collect();
    let ending = outcome.and_then(|outcome| G::ending(observation, outcome, &short));
    let mut view = EndView {
        headline,
        reason: ending
            .as_ref()
            .map_or_else(String::new, |e| e.reason.clone()),
        tie_break: ending.as_ref().and_then(|e| e.tie_break.clone()),
        ..EndView::default()
    };
    if let Some(outcome) = outcome {
        fill_end_rows(&mut view, outcome, seats, ending.as_ref(), people);
    }
    view
}

/// The end screen's table from `outcome` (with each seat's breakdown where the `ending` is
/// known), and the place of the one person at the screen.
pub(super) fn fill_end_rows(
    view: &mut EndView,
    outcome: &Outcome,
    seats: &[SeatName],
    ending: Option<&Ending>,
    people: &[usize],
) {
    let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&seat| (outcome.ranks[seat], seat));
    for seat in order {
        view.rows.push(EndRow {
            rank: outcome.ranks[seat],
            seat,
            name: seats[seat].label(seat),
            score: outcome.scores.get(seat).copied().unwrap_or_default(),
            breakdown: ending
                .and_then(|e| e.breakdown.get(seat).cloned())
                .unwrap_or_default(),
        });
    }
    if let [person] = people[..] {
        let rank = outcome.ranks[person];
        let shared = outcome.ranks.iter().filter(|&&r| r == rank).count() > 1;
        view.place = Some(format!(
            "you placed {}{} of {}",
            if shared { "joint " } else { "" },
            ordinal(rank),
            outcome.ranks.len()
        ));
    }
}

/// The line a click on `spot` picks among the moves `lines` (by line; `None` for none): the
/// next line after `selected` whose move touches the spot, so a second click on the same
/// place goes to the next move touching it.
pub(super) fn clicked_line<G: TuiGame>(
    spot: G::Spot,
    observation: &G::Observation,
    lines: impl Iterator<Item = Option<G::Action>>,
    selected: usize,
) -> Option<usize> {
    let touching: Vec<usize> = lines
        .enumerate()
        .filter(|(_, action)| {
            action.is_some_and(|action| G::spots(observation, &action).contains(&spot))
        })
        .map(|(line, _)| line)
        .collect();
    let next = touching
        .iter()
        .position(|&line| line == selected)
        .map_or(0, |at| (at + 1) % touching.len());
    touching.get(next).copied()
}

/// The log lines to keep in view for `seat`: its last decision, and the latest event since
/// that concerns it.
pub(super) fn pinned(log: &[LogEntry], seat: usize) -> Vec<usize> {
    let mine = log.iter().rposition(|e| e.actor == Actor::Seat(seat));
    let from = mine.map_or(0, |at| at + 1);
    let latest = (from..log.len()).rev().find(|&i| concerns(&log[i], seat));
    mine.into_iter().chain(latest).collect()
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

    fn description(&self) -> &'static GameDescription {
        G::Config::description()
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
        if self.handoff.is_some() || deciding.seat != self.viewer {
            return None;
        }
        // Where each spot is, from a drawing of the board nobody sees.
        let mut scratch = Buffer::empty(area);
        let hits = self.board_hits(area, &mut scratch, Theme::MONOCHROME, pan);
        let spot = spot_at(&hits, column, row)?;
        let lines = (0..deciding.order.len()).map(|line| deciding.action(line));
        clicked_line::<G>(spot, &deciding.observation, lines, deciding.selected)
    }

    fn transcript(&self) -> Transcript {
        let mut transcript = Transcript::from_match(&self.game, self.labels.clone());
        transcript.undos.clone_from(&self.undos);
        transcript
    }

    fn tick(&mut self, now: Instant, pace: Duration, skip: bool) -> bool {
        let mut changed = self.receive(now);
        loop {
            if self.game.end().is_some() {
                self.tell_seats_the_end();
                break;
            }
            // The game waits while the keyboard changes hands.
            if self.failure.is_some() || self.handoff.is_some() {
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
            if self.deciding.is_some() || self.thinking.is_some() || self.rolling.is_some() {
                break;
            }
            match self.game.state().to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    let observation = self.game.state().observation(self.viewer);
                    // A person's own die waits for their key.
                    if let Some(seat) = G::own_roll(&observation)
                        && self.plan.roll_by_key
                        && self.is_person(seat)
                        && self.rolled_at != Some(self.game.events().len())
                    {
                        self.rolling = Some(seat);
                        self.hand_to(seat);
                        changed = true;
                        break;
                    }
                    // A decision carries the chance events after it (a refill, the next
                    // roll); other chance events are shown one per pace, but a deal (the
                    // game's public phase says so) goes at once.
                    let dealing = G::dealing(&observation);
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
        if self.handoff.is_some() || self.rolling.is_none() {
            return Err("it is not your roll".to_owned());
        }
        self.rolling = None;
        self.rolled_at = Some(self.game.events().len());
        // The roll shows at once; what follows it goes at the bots' pace.
        self.game.resolve_chance();
        self.carrying = false;
        self.last_move = Some(now);
        self.autosave();
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
        let Some(deciding) = &self.deciding else {
            return Err("it is not your turn".to_owned());
        };
        super::typed_move::<G>(&deciding.items, text)
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
        let undone = transcript.events.split_off(last);
        transcript.outcome = None;
        self.game = continued(&transcript).map_err(|e| e.to_string())?;
        self.undos.push(Undo { at: last, undone });
        self.told_the_end = false;
        self.ticket += 1;
        self.thinking = None;
        self.ready = None;
        self.deciding = None;
        self.rolling = None;
        self.rolled_at = None;
        self.last_move = None;
        self.carrying = false;
        self.autosave();
        self.refresh();
        Ok(())
    }

    fn confirm_handoff(&mut self) {
        if let Some(seat) = self.handoff.take() {
            self.viewer = seat;
            self.shown_person = Some(seat);
        }
        self.refresh();
    }

    fn cycle_view(&mut self) -> bool {
        if !self.people.is_empty() {
            return false;
        }
        self.viewer = (self.viewer + 1) % self.config.players();
        self.refresh();
        true
    }

    fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }
}
