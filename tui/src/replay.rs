//! The replay viewer: any transcript stepped through on the board, an event at a time, in any
//! seat's view, or, once the game is over, with everything revealed (the full record with
//! what each event did, and the hidden cards at each step).

use mousehole_engine::replay::{Chance, Replay as MatchReplay};
use mousehole_engine::{
    Actor, Event, Game, GameSpec, MatchObserver, SeenEvent, ToMove, Transcript,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::session::{log_lines, seat_name};
use crate::theme::Theme;
use crate::view::Board;
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
    /// What the current event was, in the current view.
    fn status(&self) -> String;
    /// Why the transcript stops replaying early, if it does.
    fn problem(&self) -> Option<&str>;
    fn log(&self, theme: Theme) -> Vec<Line<'static>>;
    fn render_board(&mut self, area: Rect, buf: &mut Buffer, theme: Theme);
    fn board_size(&self) -> (u16, u16);
    /// The true state's hidden parts at this step (view Everything only).
    fn revealed(&self, theme: Theme) -> Vec<Line<'static>>;
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
    labels: Vec<String>,
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
    hits: Vec<(Rect, G::Spot)>,
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
        let first_person = transcript
            .seats
            .iter()
            .position(|label| label.starts_with("human"))
            .unwrap_or(0);
        Self {
            game: G::info()
                .title
                .split(" (")
                .next()
                .unwrap_or(G::info().title)
                .to_owned(),
            labels: transcript.seats.clone(),
            seed: transcript.seed,
            position: 0,
            states,
            seen,
            full,
            finished,
            problem,
            view: ReplayView::Seat(first_person),
            hits: Vec::new(),
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
        format!("replay: {} · seed {}", self.game, self.seed)
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

    fn status(&self) -> String {
        let view = match self.view {
            ReplayView::Seat(seat) => {
                format!("{}'s view", seat_name(seat, &self.labels[seat], &[]))
            }
            ReplayView::Everything => "everything revealed".to_owned(),
        };
        if self.position == 0 {
            return format!("the start, before event 1 of {} · {view}", self.len());
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
        format!("event {} of {}: {what} · {view}", self.position, self.len())
    }

    fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    fn log(&self, theme: Theme) -> Vec<Line<'static>> {
        match self.view {
            ReplayView::Seat(seat) => {
                let names: Vec<String> =
                    (0..self.seen.len()).map(|s| format!("seat {s}")).collect();
                log_lines::<G>(&self.seen[seat][..self.position], &names, theme)
            }
            ReplayView::Everything => self.full[..self.position]
                .iter()
                .enumerate()
                .map(|(i, (actor, action, described))| {
                    let style = match actor {
                        Actor::Chance => theme.dim(),
                        Actor::Seat(seat) => theme.seat(*seat),
                    };
                    let mut spans = vec![
                        Span::styled(format!("{:>4} ", i + 1), theme.dim()),
                        Span::styled(actor.to_string(), style),
                        Span::raw(format!(": {action}")),
                    ];
                    if let Some(note) = described {
                        spans.push(Span::styled(format!(" → {note}"), theme.dim()));
                    }
                    Line::from(spans)
                })
                .collect(),
        }
    }

    fn render_board(&mut self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let seat = self.view_seat();
        let observation = self.states[self.position].observation(seat);
        let names: Vec<String> = (0..self.seen.len()).map(|s| format!("seat {s}")).collect();
        let mut hits = std::mem::take(&mut self.hits);
        hits.clear();
        let mut board = Board::new(buf, area, theme, &[], &names, &mut hits);
        G::draw_board(&observation, &mut board);
        self.hits = hits;
    }

    fn board_size(&self) -> (u16, u16) {
        G::board_size(&self.states[self.position].observation(self.view_seat()))
    }

    fn revealed(&self, theme: Theme) -> Vec<Line<'static>> {
        match self.view {
            ReplayView::Everything => G::revealed(&self.states[self.position], theme),
            ReplayView::Seat(_) => Vec::new(),
        }
    }
}
