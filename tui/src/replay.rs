//! The replay viewer: any transcript stepped through on the board, an event at a time, in any
//! seat's view, or, once the game is over, with everything revealed (the full record with
//! what each event did, and the hidden cards at each step); at each decision, what a search
//! bot thought (the recorded `info`) and whether a person had a hint on screen.

use mousehole_bots::{SeatLabel, recorded_names};
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::replay::{Chance, Replay as MatchReplay};
use mousehole_engine::{
    Actor, DecisionInfo, Event, Game, GameConfig, GameSpec, MatchObserver, SeenEvent, ToMove,
    Transcript, Undo,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::session::LogEntry;
use crate::session::hint::estimate_text;
use crate::theme::Theme;
use crate::view::Surface;
use crate::{TuiError, TuiGame, TuiVisitor};

/// Whose view the viewer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayView {
    Seat(usize),
    /// Everything, with the true state's hidden parts: only for finished games.
    Everything,
}

/// The app's handle on a replay (generic-free).
pub trait Replay {
    fn title(&self) -> String;
    /// Events in the transcript that replayed.
    fn len(&self) -> usize;
    /// Events applied so far (0 = the start).
    fn position(&self) -> usize;
    fn seek(&mut self, position: usize);
    fn view(&self) -> ReplayView;
    fn cycle_view(&mut self);
    /// Shows seat `seat`'s view.
    fn show_seat(&mut self, seat: usize);
    /// What the current event was, in the current view, and what its decider thought.
    fn status(&self) -> Vec<String>;
    /// Why the transcript stops replaying early, if it does.
    fn problem(&self) -> Option<&str>;
    /// The events so far in the current view.
    fn log(&self) -> Vec<LogEntry>;
    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme, pan: (i16, i16));
    fn board_size(&self) -> (u16, u16);
    /// The true state's hidden parts at this step that the board does not show (view
    /// Everything only).
    fn revealed(&self) -> Vec<String>;
}

/// Opens `transcript` in the viewer, starting in `view`'s seat (or the first person's).
///
/// # Errors
/// A seat-view transcript (it has no hidden parts to replay), or an unknown game or option.
pub fn open(transcript: &Transcript) -> Result<Box<dyn Replay>, TuiError> {
    struct Open<'a>(&'a Transcript);
    impl TuiVisitor for Open<'_> {
        type Output = Box<dyn Replay>;
        fn visit<G: TuiGame>(self, config: G::Config) -> Box<dyn Replay> {
            Box::new(ReplaySession::<G>::new(self.0, &config))
        }
    }
    if let Some(seat) = transcript.view {
        return Err(TuiError::Resume {
            reason: format!(
                "this is seat {seat}'s view of a game (\"view\": {seat}): it cannot be stepped through on a board; `mousehole replay` and `mousehole view` read it"
            ),
        });
    }
    let spec = GameSpec::from_recorded(&transcript.game, &transcript.options)?;
    Ok(crate::visit(&spec, Open(transcript))?)
}

struct ReplaySession<G: TuiGame> {
    game: String,
    names: SeatNames,
    /// What each event's decider said of its choice (`info`), by event.
    infos: Vec<Option<DecisionInfo>>,
    /// The undos made while the game was played.
    undos: Vec<Undo>,
    seed: u64,
    /// The state after each number of events: `states[0]` is the start.
    states: Vec<G>,
    /// Per seat, its view of every event.
    seen: Vec<Vec<SeenEvent<G::EventView>>>,
    /// Every event in full, with what it did (from the true state).
    full: Vec<(Actor, String, Option<String>)>,
    finished: bool,
    problem: Option<String>,
    position: usize,
    view: ReplayView,
}

impl<G: TuiGame> ReplaySession<G> {
    fn new(transcript: &Transcript, config: &G::Config) -> Self {
        /// Keeps every state, and what each event did, as the replay applies the events.
        struct Record<G: Game> {
            states: Vec<G>,
            full: Vec<(Actor, String, Option<String>)>,
        }
        impl<G: Game> MatchObserver<G> for Record<G> {
            fn before(&mut self, state: &G, event: &Event<G::Action>) {
                self.full.push((
                    event.actor,
                    event.action.to_string(),
                    state.describe(&event.action),
                ));
            }
            fn after(&mut self, state: &G, _event: &Event<G::Action>) {
                self.states.push(state.clone());
            }
        }
        let players = mousehole_engine::GameConfig::players(config);
        let mut record = Record {
            states: vec![G::new(config)],
            full: Vec::new(),
        };
        // The viewer shows a transcript as far as it replays, and says where it stops.
        let (game, problem) = match MatchReplay::<G>::new(transcript, Chance::Recorded) {
            Err(error) => (None, Some(error.to_string())),
            Ok(replay) => {
                let mut replay = replay.with_views();
                let problem = loop {
                    match replay.step_observed(&mut record) {
                        Ok(true) => {}
                        Ok(false) => break None,
                        Err(error) => break Some(error.to_string()),
                    }
                };
                (Some(replay.into_match()), problem)
            }
        };
        let seen = (0..players)
            .map(|seat| {
                game.as_ref()
                    .map(|g| g.seen(seat).to_vec())
                    .unwrap_or_default()
            })
            .collect();
        let Record { states, full } = record;
        let state = states.last().expect("the start is kept");
        let finished = problem.is_none() && state.is_terminal();
        let first_person = SeatLabel::first_person(&transcript.seats).unwrap_or(0);
        Self {
            game: G::Config::description().short_title().to_owned(),
            names: recorded_names(&transcript.seats, Reader::nobody()),
            infos: transcript
                .events
                .iter()
                .map(|e| e.info.as_deref().cloned())
                .collect(),
            undos: transcript.undos.clone(),
            seed: transcript.seed,
            position: 0,
            states,
            seen,
            full,
            finished,
            problem,
            view: ReplayView::Seat(first_person),
        }
    }

    /// Who reads what is shown: the seat whose view it is (`you` in its notes), or nobody
    /// when everything is revealed.
    fn reader(&self) -> Reader {
        match self.view {
            ReplayView::Seat(seat) => Reader::seat(seat),
            ReplayView::Everything => Reader::nobody(),
        }
    }

    fn view_seat(&self) -> usize {
        match self.view {
            ReplayView::Seat(seat) => seat,
            ReplayView::Everything => match self.states[self.position].to_move() {
                ToMove::Player(seat) => seat,
                _ => 0,
            },
        }
    }
}

impl<G: TuiGame> Replay for ReplaySession<G> {
    fn title(&self) -> String {
        let undos = match self.undos.len() {
            0 => String::new(),
            1 => " · 1 undo (↶ in the log)".to_owned(),
            n => format!(" · {n} undos (↶ in the log)"),
        };
        format!("replay: {} · seed {}{undos}", self.game, self.seed)
    }

    fn len(&self) -> usize {
        self.states.len() - 1
    }

    fn position(&self) -> usize {
        self.position
    }

    fn seek(&mut self, position: usize) {
        self.position = position.min(self.len());
    }

    fn view(&self) -> ReplayView {
        self.view
    }

    fn cycle_view(&mut self) {
        let players = self.seen.len();
        self.view = match self.view {
            ReplayView::Seat(seat) if seat + 1 < players => ReplayView::Seat(seat + 1),
            ReplayView::Seat(_) if self.finished => ReplayView::Everything,
            ReplayView::Seat(_) | ReplayView::Everything => ReplayView::Seat(0),
        };
    }

    fn show_seat(&mut self, seat: usize) {
        if seat < self.seen.len() {
            self.view = ReplayView::Seat(seat);
        }
    }

    fn status(&self) -> Vec<String> {
        let view = match self.view {
            ReplayView::Seat(seat) => format!("{}'s view", self.names.name(seat)),
            ReplayView::Everything => "everything revealed".to_owned(),
        };
        if self.position == 0 {
            return vec![format!(
                "the start, before event 1 of {} · {view}",
                self.len()
            )];
        }
        let index = self.position - 1;
        let what = match self.view {
            ReplayView::Seat(seat) => {
                let event = &self.seen[seat][index];
                format!("{}: {}", event.actor, event.view)
            }
            ReplayView::Everything => {
                let (actor, action, _) = &self.full[index];
                format!("{actor}: {action}")
            }
        };
        let mut lines = vec![format!(
            "event {} of {}: {what} · {view}",
            self.position,
            self.len()
        )];
        if let (Some(Some(info)), Actor::Seat(seat)) = (self.infos.get(index), self.full[index].0) {
            lines.extend(thoughts(info, &self.names.name(seat)));
        }
        for undo in self.undos.iter().filter(|u| u.at == self.position) {
            let taken: Vec<String> = undo
                .undone
                .iter()
                .filter(|e| e.actor != Actor::Chance)
                .map(|e| format!("{}: {}", e.actor, e.action))
                .collect();
            lines.push(format!(
                "↶ an undo came back here, taking back {} events ({})",
                undo.undone.len(),
                taken.join(", ")
            ));
        }
        lines
    }

    fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    fn log(&self) -> Vec<LogEntry> {
        let names = self.names.read_by(self.reader());
        let who = |actor: Actor| match actor {
            Actor::Chance => "chance".to_owned(),
            Actor::Seat(seat) => names.short(seat),
        };
        let mut log: Vec<LogEntry> = match self.view {
            ReplayView::Seat(seat) => self.seen[seat][..self.position]
                .iter()
                .enumerate()
                .map(|(i, event)| LogEntry {
                    number: i + 1,
                    actor: event.actor,
                    who: who(event.actor),
                    text: event.view.to_string(),
                    note: event.note.clone(),
                })
                .collect(),
            ReplayView::Everything => self.full[..self.position]
                .iter()
                .enumerate()
                .map(|(i, (actor, action, described))| LogEntry {
                    number: i + 1,
                    actor: *actor,
                    who: who(*actor),
                    text: action.clone(),
                    note: described.clone(),
                })
                .collect(),
        };
        // Where the person pressed undo: the last event kept says so, whichever event is on
        // screen.
        for undo in &self.undos {
            if let Some(entry) = undo.at.checked_sub(1).and_then(|at| log.get_mut(at)) {
                let mark = format!("↶ undo: {} events taken back", undo.undone.len());
                entry.note = Some(match entry.note.take() {
                    Some(note) => format!("{note} · {mark}"),
                    None => mark,
                });
            }
        }
        log
    }

    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme, pan: (i16, i16)) {
        let seat = self.view_seat();
        let state = &self.states[self.position];
        let observation = match self.view {
            ReplayView::Everything => G::revealed_observation(state, seat),
            ReplayView::Seat(_) => state.observation(seat),
        };
        let names = crate::session::short_names(&self.names.read_by(self.reader()));
        let mut board = Surface::new(buf, area, theme, &[], &names);
        board.die = G::die(&self.seen[seat][..self.position]);
        board.pan = pan;
        crate::view::draw::<G>(&observation, &mut board);
    }

    fn board_size(&self) -> (u16, u16) {
        G::board_size(&self.states[self.position].observation(self.view_seat()))
    }

    fn revealed(&self) -> Vec<String> {
        match self.view {
            ReplayView::Everything => G::revealed(&self.states[self.position], self.view_seat()),
            ReplayView::Seat(_) => Vec::new(),
        }
    }
}

/// What a decider said of its choice, for the viewer: whether a person had a hint or the
/// coach on screen, or a bot's estimates of its best few moves.
fn thoughts(info: &DecisionInfo, who: &str) -> Vec<String> {
    let note = info.note.as_deref().unwrap_or_default();
    let mut lines = vec![if note.starts_with("hint shown") {
        format!("{who} had a hint on screen")
    } else if note.starts_with("coach warned") {
        format!("{who} played it after the coach warned")
    } else {
        format!("{who} thought:")
    }];
    lines.extend(
        info.actions
            .iter()
            .take(4)
            .map(|estimate| format!("  {} {}", estimate_text(estimate), estimate.action)),
    );
    if info.actions.len() > 4 {
        lines.push(format!("  … {} moves in all", info.actions.len()));
    }
    lines
}
