//! The match runner: one loop that resolves chance with the match RNG, asks the acting seat,
//! records every event (with what the deciding agent said of it, and any fault) and stops at
//! the end, on request or by forfeit.
//!
//! Every front end plays a match through its one driver (`runner/drive.rs`): all at once with
//! [`Match::run`] (tournaments, benchmarks) or [`Match::drive`] (with a front end's [`Table`]:
//! `play`, `host`), or a step at a time with [`Match::step`] from an event loop (the TUI), its
//! seats answering "not yet" until they have decided ([`Seat::poll`]). The primitives the
//! driver is made of ([`Match::advance`], [`Match::decide`], [`Match::resolve_chance`],
//! [`Match::apply_chance`]) serve replays and tests; a front end never steps a match itself.

use crate::error::{IllegalAction, IllegalReason};
use crate::game::{Actor, Game, ToMove};
use crate::options::GameConfig;
use crate::outcome::Outcome;
use crate::rng::{GameRng, chance_rng};

mod decision;
mod drive;
mod seat;

pub use decision::{ActionEstimate, Budget, Decision, DecisionInfo, Fault, FaultKind};
use drive::Driven;
pub use drive::{Next, Stepped, Table};
pub use seat::{DecisionView, Ending, NewViews, PendingDecision, Seat, SeenEvent, StopRequest};

/// One recorded event: who acted and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event<A> {
    pub actor: Actor,
    pub action: A,
}

/// Watches a match's events as they are recorded: a front end's live log, a progress count.
/// It sees the true state, so it must not show hidden information to a person still playing
/// (use the seat views, [`Match::record_views`], for that).
pub trait MatchObserver<G: Game> {
    /// Just before `event` is applied to `state`.
    fn before(&mut self, state: &G, event: &Event<G::Action>) {
        let _ = (state, event);
    }

    /// Just after `event` was applied; `state` is the new state.
    fn after(&mut self, state: &G, event: &Event<G::Action>) {
        let _ = (state, event);
    }
}

/// No observer.
impl<G: Game> MatchObserver<G> for () {}

/// What [`Match::advance`] reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Seat S must decide: see [`Match::decision_view`], then [`Match::decide`].
    Decide(usize),
    /// The match is over: see [`Match::end`].
    Over,
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchEnd {
    /// The game reached its end.
    Finished(Outcome),
    /// A seat asked to stop; the game is unfinished.
    Stopped { seat: usize, reason: String },
    /// A seat forfeited: it ranks last, the others share first place.
    Forfeited {
        seat: usize,
        reason: String,
        outcome: Outcome,
    },
    /// A seat chose an action that is not legal; nothing was applied.
    IllegalChoice { seat: usize, error: IllegalAction },
}

impl MatchEnd {
    /// The outcome the match gives its seats: the game's, or the forfeit's.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            MatchEnd::Finished(outcome) | MatchEnd::Forfeited { outcome, .. } => Some(outcome),
            MatchEnd::Stopped { .. } | MatchEnd::IllegalChoice { .. } => None,
        }
    }
}

/// Info and fault of one recorded decision (kept apart from the events, which stay small
/// `Copy` values, since most decisions carry neither; kept in the boxes the decision came
/// in, as a transcript's events keep them).
#[derive(Clone, Debug, PartialEq)]
pub struct EventNotes {
    /// Index of the event in [`Match::events`].
    pub index: usize,
    pub info: Option<Box<DecisionInfo>>,
    pub fault: Option<Box<Fault>>,
}

/// A game in progress with its seed, chance RNG and event record.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    config: G::Config,
    seed: u64,
    state: G,
    rng: GameRng,
    events: Vec<Event<G::Action>>,
    notes: Vec<EventNotes>,
    /// Per seat, its views of every event, when views are recorded.
    seen: Option<Vec<Vec<SeenEvent<G::EventView>>>>,
    /// Whether the recorded views come with their notes (built from observations before and
    /// after each event): not when only seats that read no notes asked for views.
    noted: bool,
    /// While views are recorded, each seat's observation of the state as it is now, once an
    /// event was recorded (its note's `after`, kept as the next note's `before`): every event
    /// then builds one observation per seat, not two. Empty until then; only the recording
    /// path changes the state, so it stays true.
    observed: Vec<G::Observation>,
    /// Each seat's view of the event being recorded, taken before it is applied: kept between
    /// events so that recording one allocates no list.
    viewing: Vec<G::EventView>,
    /// What everyone sees of every event (its public view and the note on it), when that is
    /// recorded ([`Match::record_public`]).
    public: Option<Vec<SeenEvent<G::EventView>>>,
    /// While that is recorded, the public view of the state as it is now (the next note's
    /// `before`).
    public_observed: Option<G::Observation>,
    /// Per seat, how many of its views it had been shown at its previous decision.
    seen_cursor: Vec<usize>,
    budget: Budget,
    /// Why the match ended before the game did.
    ended: Option<EarlyEnd>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
    /// Where the driver stands ([`Match::step`]).
    driven: Driven<G::Action>,
}

/// A match ended by a seat before the game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EarlyEnd {
    seat: usize,
    reason: String,
    forfeit: bool,
    /// The seat chose an action that is not legal (nothing of it was applied).
    illegal: Option<IllegalAction>,
}

impl<G: Game> Match<G> {
    /// A new game; chance events will be drawn from `seed`'s chance stream.
    pub fn new(config: &G::Config, seed: u64) -> Self {
        Self {
            config: config.clone(),
            seed,
            state: G::new(config),
            rng: chance_rng(seed),
            events: Vec::with_capacity(128),
            notes: Vec::new(),
            seen: None,
            noted: true,
            observed: Vec::new(),
            viewing: Vec::new(),
            public: None,
            public_observed: None,
            seen_cursor: vec![0; config.players()],
            budget: Budget::UNLIMITED,
            ended: None,
            legal: Vec::new(),
            outcomes: Vec::new(),
            driven: Driven::default(),
        }
    }

    /// Starts over with a new seed, keeping the buffers and settings (benchmarks,
    /// tournaments).
    pub fn restart(&mut self, seed: u64) {
        self.seed = seed;
        self.state = G::new(&self.config);
        self.rng = chance_rng(seed);
        self.events.clear();
        self.notes.clear();
        if let Some(seen) = self.seen.as_mut() {
            seen.iter_mut().for_each(Vec::clear);
        }
        self.observed.clear();
        if let Some(public) = self.public.as_mut() {
            public.clear();
        }
        self.public_observed = None;
        self.seen_cursor.iter_mut().for_each(|c| *c = 0);
        self.ended = None;
        self.driven = Driven::default();
    }

    /// Records every seat's view of every event from now on (with readable notes), for live
    /// logs, external agents, seat-view transcripts and bots that reason from the play. Off
    /// by default (it costs an observation per seat and event, for the notes), and turned on
    /// by [`Match::start_seats`] when a seat asks for views (without the notes if no seat
    /// reads them, [`Seat::wants_notes`]).
    pub fn record_views(&mut self, on: bool) {
        self.seen = on.then(|| vec![Vec::new(); self.config.players()]);
        self.noted = true;
        self.observed.clear();
    }

    /// Records what everyone at the table sees of every event ([`Game::public_event_view`],
    /// with its note read from the [`Game::public_view`]s before and after it), for
    /// spectators: [`Match::public_seen`]. Off by default, as it costs two observations an
    /// event; a host turns it on when it lets spectators watch. Turned on during a match, it
    /// first works out the events so far again from the start, so the record is whole.
    pub fn record_public(&mut self, on: bool) {
        if !on {
            self.public = None;
            self.public_observed = None;
            return;
        }
        if self.public.is_some() {
            return;
        }
        let mut state = G::new(&self.config);
        let mut before = state.public_observation();
        let mut public = Vec::with_capacity(self.events.len());
        for event in &self.events {
            let view = state.public_event_view(&event.action);
            state.apply_unchecked(event.action);
            let after = state.public_observation();
            let note = G::event_note(&before, event.actor, &view, &after);
            before = after;
            public.push(SeenEvent {
                actor: event.actor,
                view,
                note,
            });
        }
        self.public = Some(public);
        self.public_observed = Some(before);
    }

    /// Whether what everyone sees is recorded ([`Match::record_public`]).
    pub fn records_public(&self) -> bool {
        self.public.is_some()
    }

    /// What everyone at the table saw of every event so far, with the notes (empty unless
    /// [`Match::record_public`] is on).
    pub fn public_seen(&self) -> &[SeenEvent<G::EventView>] {
        self.public.as_deref().unwrap_or(&[])
    }

    /// The budget every decision of this match is given.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stream the match draws its chance events from, where it stands now.
    pub fn chance_stream(&self) -> &GameRng {
        &self.rng
    }

    /// The true state: for the runner's owner (front end, tests), never for agents.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event<G::Action>] {
        &self.events
    }

    /// The info and faults recorded with decisions, in event order.
    pub fn event_notes(&self) -> &[EventNotes] {
        &self.notes
    }

    /// `seat`'s views of every event so far (empty unless views are recorded).
    pub fn seen(&self, seat: usize) -> &[SeenEvent<G::EventView>] {
        self.seen.as_ref().map_or(&[], |seen| &seen[seat])
    }

    /// The outcome of the game, once it is over (a forfeit is not the game's outcome: see
    /// [`Match::end`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// How the match ended, once it has: the game's end, or a seat's stop or forfeit.
    pub fn end(&self) -> Option<MatchEnd> {
        if let Some(early) = &self.ended {
            if let Some(error) = &early.illegal {
                return Some(MatchEnd::IllegalChoice {
                    seat: early.seat,
                    error: error.clone(),
                });
            }
            return Some(if early.forfeit {
                MatchEnd::Forfeited {
                    seat: early.seat,
                    reason: early.reason.clone(),
                    outcome: Outcome::forfeit(self.config.players(), early.seat),
                }
            } else {
                MatchEnd::Stopped {
                    seat: early.seat,
                    reason: early.reason.clone(),
                }
            });
        }
        self.state.outcome().map(MatchEnd::Finished)
    }

    /// Why the match stopped before the game ended, if it did: `(seat, reason, forfeit)`.
    pub fn ended_early(&self) -> Option<(usize, &str, bool)> {
        self.ended
            .as_ref()
            .map(|e| (e.seat, e.reason.as_str(), e.forfeit))
    }

    /// Ends the match now on `seat`'s request, leaving everything recorded as it is.
    pub fn stop(&mut self, seat: usize, request: StopRequest) {
        if self.ended.is_none() && !self.state.is_terminal() {
            self.ended = Some(EarlyEnd {
                seat,
                reason: request.reason,
                forfeit: request.forfeit,
                illegal: None,
            });
        }
    }

    /// Says better why the match stopped, for a front end that learns it after the fact (a
    /// terminal that failed because it was being closed, the signal coming just after).
    pub fn restate_stop(&mut self, reason: impl Into<String>) {
        if let Some(early) = &mut self.ended {
            early.reason = reason.into();
        }
    }

    /// Resolves one chance event with the match RNG, if the game is at a chance node.
    pub fn resolve_chance(&mut self) -> Option<G::Action> {
        self.resolve_chance_observed(&mut ())
    }

    /// [`Match::resolve_chance`], showing the event to `observer`.
    #[allow(
        clippy::inline_always,
        reason = "measured: left to the optimiser these stay calls and a Cheese Day playout costs 17% more"
    )]
    #[inline(always)]
    pub fn resolve_chance_observed(
        &mut self,
        observer: &mut impl MatchObserver<G>,
    ) -> Option<G::Action> {
        let action = self
            .state
            .sample_chance(&mut self.rng, &mut self.outcomes)?;
        self.record(Actor::Chance, action, observer);
        Some(action)
    }

    /// The one recording path: shows the event to `observer`, applies it (already known to be
    /// legal), records it and every seat's view of it.
    #[allow(
        clippy::inline_always,
        reason = "measured: left to the optimiser these stay calls and a Cheese Day playout costs 17% more"
    )]
    #[inline(always)]
    fn record(&mut self, actor: Actor, action: G::Action, observer: &mut impl MatchObserver<G>) {
        let event = Event { actor, action };
        observer.before(&self.state, &event);
        if self.seen.is_some() || self.public.is_some() {
            self.record_seen(&event);
        } else {
            self.state.apply_unchecked(action);
        }
        self.events.push(event);
        observer.after(&self.state, &event);
    }

    /// Applies `event` while recording each seat's view of it and its note (when views are
    /// recorded; the note only if a seat reads notes, [`Match::start_seats`]), and what
    /// everyone sees of it with its note (when that is). A note reads the
    /// observations before and after the event; the one before is the one kept after the
    /// previous event (in `observed`, `public_observed`), so each event builds one per seat.
    #[inline(never)]
    fn record_seen(&mut self, event: &Event<G::Action>) {
        let players = self.config.players();
        let seats = self.seen.is_some();
        // Notes (an observation per seat before and after) only where a seat reads them.
        let noted = seats && self.noted;
        if noted && self.observed.len() != players {
            self.observed = (0..players)
                .map(|seat| self.state.observation(seat))
                .collect();
        }
        self.viewing.clear();
        if seats {
            self.viewing
                .extend((0..players).map(|seat| self.state.event_view(seat, &event.action)));
        }
        let public_view = self
            .public
            .is_some()
            .then(|| self.state.public_event_view(&event.action));
        if public_view.is_some() && self.public_observed.is_none() {
            self.public_observed = Some(self.state.public_observation());
        }
        self.state.apply_unchecked(event.action);
        if let Some(seen) = self.seen.as_mut().filter(|_| !noted) {
            for (seen, view) in seen.iter_mut().zip(self.viewing.drain(..)) {
                seen.push(SeenEvent {
                    actor: event.actor,
                    view,
                    note: None,
                });
            }
        } else if let Some(seen) = self.seen.as_mut() {
            let views = self.viewing.drain(..);
            for (seat, (view, before)) in views.zip(&mut self.observed).enumerate() {
                let after = self.state.observation(seat);
                let note = G::event_note(before, event.actor, &view, &after);
                *before = after;
                seen[seat].push(SeenEvent {
                    actor: event.actor,
                    view,
                    note,
                });
            }
        }
        if let (Some(view), Some(public), Some(before)) = (
            public_view,
            self.public.as_mut(),
            self.public_observed.as_mut(),
        ) {
            let after = self.state.public_observation();
            let note = G::event_note(before, event.actor, &view, &after);
            *before = after;
            public.push(SeenEvent {
                actor: event.actor,
                view,
                note,
            });
        }
    }

    /// Applies the chance outcome `outcome` (one taken from a record rather than drawn from
    /// the match RNG, which it leaves where it is), if chance is due and `outcome` is one of
    /// positive probability.
    ///
    /// # Errors
    /// [`IllegalAction`] otherwise; nothing is applied or recorded.
    pub fn apply_chance(&mut self, outcome: G::Action) -> Result<(), IllegalAction> {
        self.apply_chance_observed(outcome, &mut ())
    }

    /// [`Match::apply_chance`], showing the event to `observer`.
    ///
    /// # Errors
    /// As [`Match::apply_chance`].
    pub fn apply_chance_observed(
        &mut self,
        outcome: G::Action,
        observer: &mut impl MatchObserver<G>,
    ) -> Result<(), IllegalAction> {
        let reason = match self.state.to_move() {
            _ if self.ended.is_some() => Some(IllegalReason::GameOver),
            ToMove::Terminal => Some(IllegalReason::GameOver),
            ToMove::Player(seat) => Some(IllegalReason::DecisionDue { seat }),
            ToMove::Chance if !self.state.is_legal(&outcome) => Some(IllegalReason::NotAnOutcome),
            ToMove::Chance => None,
        };
        if let Some(reason) = reason {
            return Err(IllegalAction {
                action: outcome.to_string(),
                reason,
                legal: self.state.legal_texts(),
            });
        }
        self.record(Actor::Chance, outcome, observer);
        Ok(())
    }

    /// Resolves chance events until a seat must decide or the game ends.
    pub fn resolve_all_chance(&mut self) {
        while self.resolve_chance().is_some() {}
    }

    /// Resolves chance until a seat must decide or the match is over.
    pub fn advance(&mut self) -> Step {
        self.advance_observed(&mut ())
    }

    /// [`Match::advance`], showing each chance event to `observer`.
    #[allow(
        clippy::inline_always,
        reason = "the runner's inner loop: one call per decision of every playout"
    )]
    #[inline(always)]
    pub fn advance_observed(&mut self, observer: &mut impl MatchObserver<G>) -> Step {
        if self.ended.is_some() {
            return Step::Over;
        }
        loop {
            match self.state.to_move() {
                ToMove::Terminal => return Step::Over,
                ToMove::Player(seat) => return Step::Decide(seat),
                ToMove::Chance => {
                    self.resolve_chance_observed(observer)
                        .expect("a chance node lists outcomes");
                }
            }
        }
    }

    /// The view the seat to decide is shown, or `None` if no seat is to decide (call
    /// [`Match::advance`] first) or the match is over.
    pub fn decision_view(&mut self) -> Option<DecisionView<'_, G>> {
        let ToMove::Player(seat) = self.state.to_move() else {
            return None;
        };
        if self.ended.is_some() {
            return None;
        }
        self.state.legal_actions(&mut self.legal);
        Some(self.view_for(seat))
    }

    fn view_for(&self, seat: usize) -> DecisionView<'_, G> {
        DecisionView::of_match(
            &self.state,
            seat,
            &self.legal,
            self.seen(seat),
            self.seen_cursor[seat],
            self.events.len(),
            self.budget,
        )
    }

    /// How the match ended for `seat`, with its views of the events: what it is told at the
    /// end ([`Seat::finish`]).
    pub fn ending<'a>(
        &'a self,
        seat: usize,
        end: Option<&'a MatchEnd>,
    ) -> Ending<'a, G::EventView> {
        Ending {
            outcome: end.and_then(MatchEnd::outcome),
            history: self.seen(seat),
            seen_from: self.seen_cursor[seat],
        }
    }

    /// Applies `seat`'s decision, if it is that seat's turn and the action is legal, recording
    /// it with its info and fault.
    ///
    /// # Errors
    /// [`IllegalAction`] otherwise; nothing is applied or recorded.
    pub fn decide(
        &mut self,
        seat: usize,
        decision: Decision<G::Action>,
    ) -> Result<(), IllegalAction> {
        self.decide_observed(seat, decision, &mut ())
    }

    /// [`Match::decide`], showing the event to `observer`.
    ///
    /// # Errors
    /// As [`Match::decide`].
    pub fn decide_observed(
        &mut self,
        seat: usize,
        decision: Decision<G::Action>,
        observer: &mut impl MatchObserver<G>,
    ) -> Result<(), IllegalAction> {
        let reason = match self.state.to_move() {
            _ if self.ended.is_some() => Some(IllegalReason::GameOver),
            ToMove::Terminal => Some(IllegalReason::GameOver),
            ToMove::Chance => Some(IllegalReason::ChanceDue { seat }),
            ToMove::Player(to_move) if to_move != seat => {
                Some(IllegalReason::NotYourTurn { seat, to_move })
            }
            ToMove::Player(_) if !self.state.is_legal(&decision.action) => {
                Some(IllegalReason::NotLegal { seat })
            }
            ToMove::Player(_) => None,
        };
        if let Some(reason) = reason {
            return Err(IllegalAction {
                action: decision.action.to_string(),
                reason,
                legal: self.state.legal_texts(),
            });
        }
        self.record_decision(seat, decision, observer);
        Ok(())
    }

    /// Records a decision already known to be legal.
    #[allow(
        clippy::inline_always,
        reason = "the runner's inner loop: one call per decision of every playout"
    )]
    #[inline(always)]
    fn record_decision(
        &mut self,
        seat: usize,
        decision: Decision<G::Action>,
        observer: &mut impl MatchObserver<G>,
    ) {
        if decision.info.is_some() || decision.fault.is_some() {
            self.notes.push(EventNotes {
                index: self.events.len(),
                info: decision.info,
                fault: decision.fault,
            });
        }
        if let Some(seen) = &self.seen {
            self.seen_cursor[seat] = seen[seat].len();
        }
        self.record(Actor::Seat(seat), decision.action, observer);
    }

    /// Applies `seat`'s decision, if it is that seat's turn and the action is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] otherwise; nothing is applied or recorded.
    pub fn play(&mut self, seat: usize, action: G::Action) -> Result<(), IllegalAction> {
        self.decide(seat, Decision::new(action))
    }
}
