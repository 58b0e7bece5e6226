//! [`RemoteSession`], the [`Session`] of a hosted game seen from another terminal (`mousehole
//! join`): a seat a person plays here, or the game watched. There is no match here: the
//! board, the log and the moves are built only from what the host sends (the seat's typed
//! observation and event views, its decisions; a spectator's public view of the table and
//! the events as everyone sees them, with their notes),
//! through the same board views and view pieces as a game played here, and the person's
//! choice goes back as the answer to the host's `act`. Nobody waits for a hand-off: the
//! screen is this seat's alone.

use std::time::{Duration, Instant};

use mousehole_bots::SeatLabel;
use mousehole_bots::analysis::SeenDecision;
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::transcript::FORMAT;
use mousehole_engine::{
    Decision, GameConfig, GameSpec, Outcome, SeenEvent, Transcript, TranscriptEvent,
};
use mousehole_net::client::{ClientEvent, Flow, Follower, NOTE_CHARS, Progress, rematch_standing};
use mousehole_net::{ClientError, Connection};
use mousehole_protocol::{EventMessage, HostMessage};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::shown::{
    ended_view, extend_log, fill_end_rows, short_names, status_line, winners_headline,
};
use super::{
    ChoiceItem, CoachState, EndView, GamePlan, GameView, HintView, Phase, Session, pinned,
};
use crate::review::{ReviewJob, SeenGame};
use crate::theme::Theme;
use crate::view::{Surface, click_pick};
use crate::{TuiError, TuiGame, TuiVisitor};

/// Why local games' commands do not apply to a hosted one.
pub const HOSTED: &str = "this game is the host's: it keeps the transcript (its --out), to replay there; s saves what this seat saw, and at the end c has the coach review your decisions from it";

/// Whether the host's words `text` settle a rematch offer with no next game ("… said no to a
/// rematch", "no rematch: …"). The protocol's `rematch` message says who is asked and who
/// said yes, not the verdict, which the host says only in a `status`: this reads it there,
/// in one place.
fn ends_the_rematch(text: &str) -> bool {
    text.contains("rematch") && !text.contains("everyone said yes")
}

/// The host's rematch offer in words: how to answer here, the time left, who said yes and
/// whom it waits for.
fn rematch_words(names: &SeatNames, asked: &[usize], yes: &[usize], within_ms: u64) -> String {
    let standing = rematch_standing(asked, yes, names);
    format!(
        "rematch offered: a to play again, q to leave ({} s left); {standing}",
        within_ms.div_ceil(1000)
    )
}

/// Most messages taken from the connection in one tick, so the screen keeps answering keys.
const MESSAGES_PER_TICK: usize = 256;

/// Opens the screen of the game `connection` joined (a seat, or watching), at `address`.
///
/// # Errors
/// A game this build does not know.
pub fn join(connection: Connection, address: &str) -> Result<Box<dyn Session>, TuiError> {
    struct Open {
        connection: Connection,
        address: String,
    }
    impl TuiVisitor for Open {
        type Output = Box<dyn Session>;
        fn visit<G: TuiGame>(self, config: G::Config) -> Box<dyn Session> {
            Box::new(RemoteSession::<G>::new(
                self.connection,
                config,
                &self.address,
            ))
        }
    }
    let spec: GameSpec = connection.welcome().spec.parse()?;
    Ok(crate::visit(
        &spec,
        Open {
            connection,
            address: address.to_owned(),
        },
    )?)
}

/// The person's decision in progress.
struct Deciding<G: TuiGame> {
    seat: usize,
    /// The seat's views of the events before the decision, and at its previous one.
    events: usize,
    seen_from: usize,
    legal: Vec<G::Action>,
    observation: G::Observation,
    items: Vec<ChoiceItem>,
    selected: usize,
}

/// A hosted game on this screen (see the module documentation).
pub struct RemoteSession<G: TuiGame> {
    plan: GamePlan,
    config: G::Config,
    connection: Connection,
    /// The seat played here; `None` for a spectator.
    seat: Option<usize>,
    /// Seat names as the host gave them.
    names: Vec<String>,
    follower: Follower<G>,
    /// A spectator's events, as everyone sees them, with their notes.
    public: Vec<SeenEvent<String>>,
    /// A spectator's public view of the table (`"public": true`), the latest the host sent.
    public_observation: Option<G::Observation>,
    /// A spectator was told the game is over, and its outcome (`None`: stopped before its
    /// end).
    public_ended: bool,
    public_outcome: Option<Outcome>,
    /// Why the host stopped a watched game, as it said just before the end.
    public_stopped: Option<String>,
    /// The host's status line, if its last message was one.
    public_said: Option<String>,
    deciding: Option<Deciding<G>>,
    /// The host's latest news (`waiting for seat 2 to reconnect`).
    news: Option<String>,
    notices: Vec<String>,
    failure: Option<String>,
    /// The host closed the connection.
    closed: bool,
    /// The person's decisions so far, as the seat saw each, for the coach's review.
    decided: Vec<SeenDecision<G>>,
    /// The host offers this seat a rematch, not yet answered here.
    rematch_asked: bool,
    /// The rematch offer as the host last said it stands, in words, while it stands.
    rematch_line: Option<String>,
    view: GameView,
}

impl<G: TuiGame> RemoteSession<G> {
    fn new(connection: Connection, config: G::Config, address: &str) -> Self {
        let welcome = connection.welcome().clone();
        let seat = welcome.seat;
        let spec: GameSpec = welcome.spec.parse().expect("the spec was read before");
        let labels = welcome
            .seats
            .iter()
            .enumerate()
            .map(|(index, name)| {
                if Some(index) == seat {
                    SeatLabel::Human(None)
                } else {
                    SeatLabel::Remote(Some(name.clone()))
                }
            })
            .collect();
        let mut plan = GamePlan::new(spec, labels, 0);
        plan.roll_by_key = false;
        let people: Vec<usize> = seat.into_iter().collect();
        let mut session = Self {
            view: GameView {
                title: format!(
                    "{} · hosted at {address}",
                    G::Config::description().short_title()
                ),
                phase: Phase::Waiting,
                viewer: seat.unwrap_or(0),
                people,
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
            plan,
            config,
            connection,
            seat,
            names: welcome.seats.into_owned(),
            follower: Follower::default(),
            public: Vec::new(),
            public_observation: None,
            public_ended: false,
            public_outcome: None,
            public_stopped: None,
            public_said: None,
            deciding: None,
            news: None,
            notices: Vec::new(),
            failure: None,
            closed: false,
            decided: Vec::new(),
            rematch_asked: false,
            rematch_line: None,
        };
        session.refresh();
        session
    }

    /// Takes one thing the connection brought; whether anything changed.
    fn take(&mut self, event: ClientEvent) -> bool {
        if self.seat.is_none() {
            return self.watch(event);
        }
        let mut news = Vec::new();
        let mut started = false;
        let mut offer = None;
        let names = self.seat_names();
        let flow = self
            .follower
            .take(event, &self.connection, &mut |progress| match progress {
                Progress::Status(text) => news.push((text.to_owned(), false)),
                // Whom the seat waited for has joined.
                Progress::Started { .. } => started = true,
                Progress::Refused(text) => {
                    news.push((format!("the host refused: {text}"), true));
                }
                Progress::Reconnecting(why) => {
                    news.push((format!("connection lost ({why}); rejoining"), true));
                }
                Progress::Rejoined => news.push(("rejoined the host".to_owned(), false)),
                Progress::Rematch {
                    asked,
                    yes,
                    within_ms,
                } => offer = Some(rematch_words(&names, asked, yes, within_ms)),
                Progress::Event { .. } | Progress::Over(_) => {}
            });
        if started {
            self.news = None;
        }
        if offer.is_some() {
            self.rematch_line = offer;
        } else if news.iter().any(|(text, _)| ends_the_rematch(text)) {
            // The offer is settled: nobody plays again.
            self.rematch_line = None;
            self.rematch_asked = false;
        }
        for (text, notice) in news {
            let text = mousehole_engine::text::cut(&text, 300);
            if notice {
                self.notices.push(text.clone());
            }
            self.news = Some(text);
        }
        match flow {
            Ok(Flow::Ask) => self.start_decision(),
            Ok(Flow::Closed) => self.closed = true,
            Ok(Flow::Rematch) => self.rematch_asked = true,
            Ok(Flow::Started) => {
                // A game after a rematch: this screen starts over on it.
                self.deciding = None;
                self.decided.clear();
                self.rematch_asked = false;
                self.rematch_line = None;
                self.view.log.clear();
            }
            Ok(Flow::Over | Flow::Continue) => {}
            Err(error) => self.fail(&error),
        }
        true
    }

    /// A spectator's message.
    fn watch(&mut self, event: ClientEvent) -> bool {
        let message = match event {
            ClientEvent::Message(message) => message,
            ClientEvent::Reconnecting(why) | ClientEvent::Unreadable(why) => {
                self.news = Some(why);
                return true;
            }
            ClientEvent::Rejoined => return false,
            ClientEvent::Closed(result) => {
                if let Err(error) = result {
                    self.fail(&error);
                }
                self.closed = true;
                return true;
            }
        };
        // What the host said last, if that was its message before this one: why it stopped
        // the game, before a `game_over` without an outcome.
        let said = self.public_said.take();
        match message {
            // The next game after a rematch: the table starts over.
            HostMessage::Welcome(_) if self.public_ended => {
                self.rematch_line = None;
                self.public.clear();
                self.public_observation = None;
                self.public_ended = false;
                self.public_outcome = None;
                self.public_stopped = None;
                self.view.log.clear();
            }
            HostMessage::Rematch(offer) => {
                let standing = rematch_standing(&offer.asked, &offer.yes, &self.seat_names());
                self.rematch_line = Some(format!("rematch offered to the players; {standing}"));
            }
            HostMessage::Events {
                events,
                observation,
            } => {
                self.take_public(&events);
                if let Some(observation) = observation {
                    self.take_public_view(observation);
                }
            }
            HostMessage::GameOver {
                outcome, events, ..
            } => {
                self.take_public(&events);
                self.public_ended = true;
                self.public_stopped = said.filter(|_| outcome.is_none());
                self.public_outcome = outcome.map(std::borrow::Cow::into_owned);
            }
            HostMessage::Status { text } => {
                if ends_the_rematch(&text) {
                    self.rematch_line = None;
                }
                let text = mousehole_engine::text::cut(&text, 300);
                self.public_said = Some(text.clone());
                self.news = Some(text);
            }
            _ => return false,
        }
        true
    }

    fn take_public(&mut self, events: &[EventMessage]) {
        self.public.extend(events.iter().map(|event| {
            SeenEvent {
                actor: event.actor,
                view: mousehole_engine::text::shown(&event.action),
                note: event
                    .note
                    .as_deref()
                    .map(|note| mousehole_engine::text::cut(note, NOTE_CHARS)),
            }
        }));
    }

    /// The public view a spectator is sent with events: drawn as the board. Only a view
    /// marked public is taken (a spectator is never shown a seat's own), and one this build
    /// cannot read is said in words.
    fn take_public_view(&mut self, observation: serde_json::Value) {
        if observation.get("public") != Some(&serde_json::Value::Bool(true)) {
            self.news = Some(
                "the host sent a spectator a view that is not the public one: not shown".to_owned(),
            );
            return;
        }
        match serde_json::from_value::<G::Observation>(observation) {
            Ok(observation) => {
                // The game has begun: whom the host waited for is old news.
                if self.public_observation.is_none() {
                    self.news = None;
                }
                self.public_observation = Some(observation);
            }
            Err(error) => {
                self.news = Some(format!(
                    "the host's view of the table does not read: {}",
                    mousehole_engine::words::json_error(&error)
                ));
            }
        }
    }

    fn fail(&mut self, error: &ClientError) {
        self.deciding = None;
        self.failure = Some(error.to_string());
    }

    /// The host asks this seat to decide: its moves, as the game reads them.
    fn start_decision(&mut self) {
        let Some(game) = self.follower.game() else {
            return;
        };
        let Some(asked) = game.asked() else {
            return;
        };
        let (events, seen_from) = (game.history().len(), game.seen_from());
        let items = asked
            .legal
            .iter()
            .zip(&asked.legal_texts)
            .map(|(action, text)| ChoiceItem {
                text: text.clone(),
                label: G::choice_label(&asked.observation, action),
                estimate: None,
                recommended: false,
            })
            .collect();
        self.deciding = Some(Deciding {
            seat: self.seat.unwrap_or(0),
            events,
            seen_from,
            legal: asked.legal.clone(),
            observation: asked.observation.clone(),
            items,
            selected: G::first_choice(&asked.observation, &asked.legal),
        });
    }

    fn over(&self) -> bool {
        self.failure.is_some() || self.closed || self.ended()
    }

    fn phase(&self) -> Phase {
        if self.over() {
            Phase::Over
        } else if let Some(deciding) = &self.deciding {
            Phase::Person(deciding.seat)
        } else {
            Phase::Waiting
        }
    }

    /// The seat's latest observation, or a spectator's public view of the table (none before
    /// the game begins).
    fn observation(&self) -> Option<&G::Observation> {
        match self.seat {
            Some(_) => self.follower.game().and_then(|game| game.observation()),
            None => self.public_observation.as_ref(),
        }
    }

    /// The seats as this seat (or a spectator) reads them, called as the host calls them
    /// (`welcome`'s `seats`): `you`, `seat 1 (bob)`.
    fn seat_names(&self) -> SeatNames {
        SeatNames::new(Reader(self.seat), &self.names)
    }

    fn marked(&self) -> Vec<G::Spot> {
        match (&self.deciding, self.observation()) {
            (Some(deciding), Some(_)) => deciding
                .legal
                .get(deciding.selected)
                .map(|action| G::spots(&deciding.observation, action))
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Draws the seat's board (a spectator's screen says why it has none) and gives back
    /// where each spot went.
    fn board_hits(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: Theme,
        pan: (i16, i16),
    ) -> Vec<(Rect, G::Spot)> {
        let Some(observation) = self.observation() else {
            let text = match (self.seat, &self.news) {
                (None, _) if self.over() => "The game ended before the table was shown.".to_owned(),
                (None, _) => "Watching: the table shows once the game begins.".to_owned(),
                // The host says whom it waits for (`waiting for seat 1 (bob) to join`).
                (Some(_), Some(news)) if !self.over() => {
                    format!("{}.", mousehole_engine::text::capital(news))
                }
                (Some(_), _) if self.over() => "The game ended before it began.".to_owned(),
                (Some(_), _) => "Waiting for the host to start the game.".to_owned(),
            };
            Paragraph::new(Line::styled(text, theme.dim()))
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return Vec::new();
        };
        let marked = self.marked();
        let names = short_names(&self.view.seats);
        let mut board = Surface::new(buf, area, theme, &marked, &names);
        board.die = if let Some(game) = self.follower.game() {
            G::die(game.history())
        } else {
            // A spectator's events are texts: the last few read back as the game's views.
            let recent = &self.public[self.public.len().saturating_sub(16)..];
            let seen: Vec<SeenEvent<G::EventView>> = recent
                .iter()
                .filter_map(|event| {
                    Some(SeenEvent {
                        actor: event.actor,
                        view: event.view.parse().ok()?,
                        note: None,
                    })
                })
                .collect();
            G::die(&seen)
        };
        board.pan = pan;
        crate::view::draw::<G>(observation, &mut board);
        board.into_hits()
    }

    fn end_view(&self, seats: &SeatNames) -> Option<EndView> {
        if !self.over() {
            return None;
        }
        let outcome = self.outcome();
        let headline = match (&outcome, &self.failure) {
            (Some(outcome), None) => winners_headline(outcome, seats),
            _ => self.stopped_early().unwrap_or_default(),
        };
        // How the game ended and each score made, from the seat's last observation (a
        // spectator's: the public view) and the outcome, by the same function as a game played
        // here. Nothing the rules keep hidden is shown: the host never sent it.
        let view = if let Some(observation) = self.observation() {
            ended_view::<G>(
                headline,
                outcome.as_ref(),
                observation,
                seats,
                &self.view.people,
            )
        } else {
            let mut view = EndView {
                headline,
                ..EndView::default()
            };
            if let Some(outcome) = &outcome {
                fill_end_rows(&mut view, outcome, seats, None, &self.view.people);
            }
            view
        };
        let mut view = view;
        view.offer = match (&self.rematch_line, self.rematch_asked) {
            (Some(line), true) => Some(line.clone()),
            (Some(line), false) if self.seat.is_some() => Some(line.replacen(
                "rematch offered: a to play again, q to leave",
                "you said yes to a rematch",
                1,
            )),
            (line, _) => line.clone(),
        };
        Some(view)
    }

    /// Why the game did not reach its end here, once it is over without one: the host
    /// stopped it (and said why), another connection took the seat, the connection was lost.
    fn stopped_early(&self) -> Option<String> {
        if !self.over() || self.outcome().is_some() && self.failure.is_none() {
            return None;
        }
        let said = match self.follower.game() {
            Some(game) => game.over().and_then(|over| over.stopped.clone()),
            None => self.public_stopped.clone(),
        };
        Some(match (&self.failure, said) {
            (Some(failure), _) => failure.clone(),
            (None, Some(said)) => said,
            (None, None) if self.closed && !self.ended() => {
                "the host closed the game before its end".to_owned()
            }
            (None, None) => "the game stopped before its end".to_owned(),
        })
    }

    /// The outcome the host sent, once the game is over (`None` if it stopped before its end).
    fn outcome(&self) -> Option<Outcome> {
        match self.follower.game() {
            Some(game) => game.over().and_then(|over| over.outcome.clone()),
            None => self.public_outcome.clone(),
        }
    }

    /// Whether the host said the game is over.
    fn ended(&self) -> bool {
        self.public_ended
            || self
                .follower
                .game()
                .is_some_and(|game| game.over().is_some())
    }

    /// Rebuilds the view from what the host sent.
    fn refresh(&mut self) {
        let seats = self.seat_names();
        let status = match (self.observation(), &self.news) {
            (_, Some(news)) if self.seat.is_none() || self.deciding.is_none() => {
                format!("host: {news}")
            }
            (Some(observation), _) => {
                let viewer = self.seat.unwrap_or(0);
                status_line::<G>(observation, viewer, self.seat.is_some(), &seats)
            }
            (None, _) if self.seat.is_none() => "watching the hosted game".to_owned(),
            (None, _) => "waiting for the game to begin".to_owned(),
        };
        // The log grows by the events since the last time (built again only when the names
        // change).
        let mut log = std::mem::take(&mut self.view.log);
        if self.view.seats != seats {
            log.clear();
        }
        match (self.seat, self.follower.game()) {
            (Some(_), Some(game)) => extend_log(&mut log, game.history(), &seats),
            (Some(_), None) => log.clear(),
            (None, _) => extend_log(&mut log, &self.public, &seats),
        }
        let pinned = self.seat.and_then(|seat| pinned(&log, seat));
        let deciding = self.deciding.as_ref();
        let choices = deciding.map(|d| d.items.clone()).unwrap_or_default();
        let selected = deciding.map_or(0, |d| d.selected);
        let question = deciding.and_then(|d| G::question(&d.observation));
        // Room for the words a screen without a board says.
        let board_size = self.observation().map_or((46, 4), G::board_size);
        self.view.end = self.end_view(&seats);
        let phase = self.phase();
        let view = &mut self.view;
        view.phase = phase;
        view.status = status;
        view.choices = choices;
        view.selected = selected;
        view.question = question;
        view.events = log.len();
        view.log = log;
        view.pinned = pinned;
        view.board_size = board_size;
        view.failure.clone_from(&self.failure);
        view.seats = seats;
    }
}

impl<G: TuiGame> Session for RemoteSession<G> {
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
        let lines = deciding.legal.iter().copied().map(Some);
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

    /// What this seat saw, as a seat-view transcript (`"view": seat`): its events as it saw
    /// them, with their notes. Only the host's transcript replays.
    fn transcript(&self) -> Transcript {
        let log = &self.view.log;
        Transcript {
            format: FORMAT.to_owned(),
            game: G::Config::description().name.to_owned(),
            options: self.config.to_options(),
            seed: 0,
            seats: self.names.clone(),
            view: Some(self.seat.unwrap_or(usize::MAX)),
            events: log
                .iter()
                .map(|entry| {
                    let mut event = TranscriptEvent::new(entry.actor, entry.text.clone());
                    event.note = entry.note.as_deref().map(Box::from);
                    event
                })
                .collect(),
            outcome: self.outcome(),
            stopped: self.failure.clone(),
            forfeit: None,
            undos: Vec::new(),
        }
    }

    fn tick(&mut self, _now: Instant, _pace: Duration, _skip: bool) -> bool {
        let mut changed = false;
        for _ in 0..MESSAGES_PER_TICK {
            let Some(event) = self.connection.try_next() else {
                break;
            };
            changed |= self.take(event);
        }
        if changed {
            self.refresh();
        }
        changed
    }

    fn select(&mut self, index: usize) {
        if let Some(deciding) = &mut self.deciding {
            deciding.selected = index.min(deciding.items.len().saturating_sub(1));
        }
        self.refresh();
    }

    fn choose(&mut self, index: usize, _now: Instant) -> Result<(), String> {
        let Some(deciding) = &self.deciding else {
            return Err("it is not your turn".to_owned());
        };
        let Some(action) = deciding.legal.get(index).copied() else {
            return Err("no such move".to_owned());
        };
        self.follower
            .answer(&self.connection, &Decision::new(action));
        if let Some(deciding) = self.deciding.take() {
            self.decided.push(SeenDecision {
                observation: deciding.observation,
                legal: deciding.legal,
                events: deciding.events,
                seen_from: deciding.seen_from,
                played: action,
            });
        }
        self.refresh();
        Ok(())
    }

    fn answer_coach(&mut self, _play: bool, _now: Instant) {}

    fn roll(&mut self, _now: Instant) -> Result<(), String> {
        Err("the host rolls the dice of a hosted game".to_owned())
    }

    fn set_coach(&mut self, _on: bool) {}

    fn typed(&self, text: &str) -> Result<usize, String> {
        let items = self
            .deciding
            .as_ref()
            .map(|deciding| deciding.items.as_slice());
        super::typed_move::<G>(items, text)
    }

    fn request_hint(&mut self) -> Result<(), String> {
        Err(format!("no hints in a hosted game: {HOSTED}"))
    }

    fn undo(&mut self) -> Result<(), String> {
        Err("no undo in a hosted game: the other seats have seen your move".to_owned())
    }

    fn confirm_handoff(&mut self) {}

    fn cycle_view(&mut self) -> bool {
        false
    }

    fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    fn hosted(&self) -> bool {
        true
    }

    fn stopped_early(&self) -> Option<String> {
        RemoteSession::stopped_early(self)
    }

    fn answer_rematch(&mut self, yes: bool) -> Result<String, String> {
        if !self.rematch_asked {
            return Err("no rematch is offered".to_owned());
        }
        self.rematch_asked = false;
        self.follower.answer_rematch(&self.connection, yes);
        Ok(if yes {
            "you said yes to a rematch: the next game begins when everyone has".to_owned()
        } else {
            "you said no to a rematch".to_owned()
        })
    }

    fn seat_review(&self) -> Option<(usize, ReviewJob)> {
        let seat = self.seat?;
        let game = self.follower.game()?;
        let seen = SeenGame::<G> {
            config: self.config.clone(),
            seat,
            agent_seed: game.agent_seed(),
            title: self.view.title.clone(),
            names: self.names.clone(),
            history: game.history().to_vec(),
            // Only the answers the host took: one that came too late (the seat's fallback had
            // decided meanwhile) is not in the seat's history as its move.
            decisions: self
                .decided
                .iter()
                .filter(|decision| {
                    game.history().get(decision.events).is_some_and(|event| {
                        event.actor == mousehole_engine::Actor::Seat(seat)
                            && event.view.to_string() == decision.played.to_string()
                    })
                })
                .cloned()
                .collect(),
        };
        Some((seat, seen.review_job()))
    }
}
