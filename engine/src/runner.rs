//! The match runner: one loop that resolves chance with the match RNG, asks the acting seat,
//! records every event (with what the deciding agent said of it, and any fault) and stops at
//! the end, on request or by forfeit.
//!
//! The CLI, the TUI, tournaments and benchmarks all drive games through [`Match`]: either all
//! at once with [`Match::run`], or a step at a time with [`Match::advance`] and
//! [`Match::decide`] from a front end's event loop. Both go through the same recording path,
//! observer and seat notices.

use std::fmt;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::error::{IllegalAction, IllegalReason};
use crate::game::{Actor, Game, ToMove};
use crate::options::GameConfig;
use crate::outcome::Outcome;
use crate::rng::{GameRng, chance_rng};

/// One recorded event: who acted and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event<A> {
    pub actor: Actor,
    pub action: A,
}

/// One event as a seat saw it: who acted, the seat's view of the action, and a readable note
/// built only from what the seat sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenEvent<V> {
    pub actor: Actor,
    pub view: V,
    pub note: Option<String>,
}

impl<V: fmt::Display> fmt::Display for SeenEvent<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.actor, self.view)?;
        if let Some(note) = &self.note {
            write!(f, " → {note}")?;
        }
        Ok(())
    }
}

/// What an agent said of one legal action when it chose: how much it looked at it and how
/// likely it thinks a win is after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionEstimate {
    /// The action's text form.
    pub action: String,
    /// Search iterations (or playouts) that went through this action.
    pub visits: u64,
    /// Estimated win chance for the deciding seat (its mean return), 0…1.
    pub win: f64,
    /// Standard error of `win`, where the agent can say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<f64>,
}

/// What the deciding agent said of its choice, recorded on the transcript event as `info`
/// (an object: readers ignore keys they do not know).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecisionInfo {
    /// Estimated win chance of the chosen action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// Total iterations or playouts behind the choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visits: Option<u64>,
    /// Anything the agent wants a reader to know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Per legal action, what the agent thought of it (the chosen one first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionEstimate>,
    /// Whatever else the agent said (an external program's own keys), kept as given.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// The kinds of fault an external agent can commit (`PROTOCOL.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// No reply within the deadline (and grace).
    Timeout,
    /// A reply that is not one valid JSON object line.
    NotJson,
    /// A reply with a missing or unknown `type`.
    BadType,
    /// An action that is not among the legal ones.
    IllegalAction,
    /// A reply over the size limit.
    TooLong,
    /// The program exited or closed its stdout.
    Exited,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::Timeout => "timeout",
            FaultKind::NotJson => "not_json",
            FaultKind::BadType => "bad_type",
            FaultKind::IllegalAction => "illegal_action",
            FaultKind::TooLong => "too_long",
            FaultKind::Exited => "exited",
        })
    }
}

/// A fault at one decision, recorded on the transcript event whose action the seat's
/// fallback chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    pub kind: FaultKind,
    /// The offending text (or what happened), cut to [`Fault::TEXT_LIMIT`] characters.
    pub text: String,
}

impl Fault {
    /// Most characters of offending text a fault keeps.
    pub const TEXT_LIMIT: usize = 200;

    pub fn new(kind: FaultKind, text: &str) -> Self {
        Self {
            kind,
            text: crate::text::cut(text, Self::TEXT_LIMIT),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.text)
    }
}

/// A seat's answer at a decision: the action, and optionally what the agent thought of it and
/// the fault that made a fallback choose it. (The extras are boxed so that a plain decision,
/// returned at every step of every playout, stays as small as its action.)
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    pub action: A,
    pub info: Option<Box<DecisionInfo>>,
    pub fault: Option<Box<Fault>>,
}

impl<A> Decision<A> {
    /// Just the action.
    pub fn new(action: A) -> Self {
        Self {
            action,
            info: None,
            fault: None,
        }
    }

    /// The action with what the agent thought of it.
    pub fn with_info(action: A, info: DecisionInfo) -> Self {
        Self {
            action,
            info: Some(Box::new(info)),
            fault: None,
        }
    }

    /// The action a fallback chose after `fault`.
    pub fn after_fault(action: A, fault: Fault) -> Self {
        Self {
            action,
            info: None,
            fault: Some(Box::new(fault)),
        }
    }
}

impl<A> From<A> for Decision<A> {
    fn from(action: A) -> Self {
        Decision::new(action)
    }
}

/// How much a seat may think at a decision: a deadline, an iteration count, both or neither
/// (then the agent's own settings decide). Agents honour the tighter of this and their own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Answer by then.
    pub deadline: Option<Instant>,
    /// At most this many search iterations (or playouts).
    pub iterations: Option<u64>,
}

impl Budget {
    /// No limit from the match: the agent's settings decide.
    pub const UNLIMITED: Budget = Budget {
        deadline: None,
        iterations: None,
    };
}

/// What a deciding seat is shown: its seat number, the legal actions, its observation on
/// request, its views of the events (since its previous decision, and since the game began),
/// and its budget. The true state stays private to the runner.
pub struct DecisionView<'a, G: Game> {
    state: &'a G,
    seat: usize,
    legal: &'a [G::Action],
    seen: &'a [SeenEvent<G::EventView>],
    history: &'a [SeenEvent<G::EventView>],
    budget: Budget,
}

impl<'a, G: Game> DecisionView<'a, G> {
    /// A view of `state` for `seat`, which must be the seat to move, with no recorded events
    /// and no budget (a bot asked outside a match: analysis, hints).
    ///
    /// # Panics
    /// If `seat` is not the one to move at `state`.
    pub fn new(state: &'a G, seat: usize, legal: &'a [G::Action]) -> Self {
        assert_eq!(
            state.to_move(),
            ToMove::Player(seat),
            "view for a seat not to move"
        );
        Self {
            state,
            seat,
            legal,
            seen: &[],
            history: &[],
            budget: Budget::UNLIMITED,
        }
    }

    /// The same view with the seat's views of every event since the game began (what a seat
    /// outside a match remembers: a front end asking a bot for its move or a hint). They are
    /// also the events since its previous decision, as far as the view can tell.
    pub fn with_history(mut self, history: &'a [SeenEvent<G::EventView>]) -> Self {
        self.seen = history;
        self.history = history;
        self
    }

    /// The same view, its events since the seat's previous decision being those of its
    /// history from event `told` on: for a front end that keeps track of what it has shown a
    /// seat that remembers (an external program).
    pub fn with_seen_from(mut self, told: usize) -> Self {
        self.seen = &self.history[told.min(self.history.len())..];
        self
    }

    /// The same view with a budget.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The deciding seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The legal actions, in the game's stable order (never empty).
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// Everything this seat may know. Computed on each call: cache it if needed twice.
    pub fn observation(&self) -> G::Observation {
        self.state.observation(self.seat)
    }

    /// The game's configuration (public).
    pub fn config(&self) -> &'a G::Config {
        self.state.config()
    }

    /// This seat's views of the events since its previous decision (or since the game began),
    /// if the match records views ([`Match::record_views`]); else empty.
    pub fn seen(&self) -> &'a [SeenEvent<G::EventView>] {
        self.seen
    }

    /// This seat's views of every event since the game began, if the match records views
    /// (as it does when a seat asks, [`Seat::wants_views`]); else empty. A bot that reasons
    /// from how the others played reads it here, so it needs no memory of its own.
    pub fn history(&self) -> &'a [SeenEvent<G::EventView>] {
        self.history
    }

    /// How much the seat may think.
    pub fn budget(&self) -> Budget {
        self.budget
    }
}

impl<G: Game> fmt::Debug for DecisionView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecisionView")
            .field("seat", &self.seat)
            .field("legal", &self.legal)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// A seat's request to end the match early: a person quits or input ends (`forfeit: false`,
/// the game is left unfinished), or the seat gives the game up (`forfeit: true`, it ranks
/// last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopRequest {
    pub reason: String,
    pub forfeit: bool,
}

impl StopRequest {
    /// Stop the match, leaving the game unfinished.
    pub fn quit(reason: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            forfeit: false,
        }
    }

    /// End the match with this seat ranked last.
    pub fn forfeit(reason: impl Into<String>) -> Self {
        Self {
            reason: reason.into(),
            forfeit: true,
        }
    }
}

/// Something that decides for one seat during a match: a bot, a person at a prompt, an
/// external program.
pub trait Seat<G: Game> {
    /// Told once before the first decision: which seat it plays and the match seed.
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        let _ = (seat, config, seed);
    }

    /// Chooses one of `view.legal()`, or asks to stop the match.
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest>;

    /// Whether this seat decides from its views of the events (`DecisionView::seen` and
    /// `history`): if any seat does, the match records views from its start, so the seat's
    /// play never depends on whether a front end happened to record them.
    fn wants_views(&self) -> bool {
        false
    }

    /// Told once when the match ends (`None` if it was stopped before the end), with the
    /// seat's views of the events since its last decision (empty unless views are recorded).
    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        let _ = (outcome, seen);
    }
}

impl<G: Game, S: Seat<G> + ?Sized> Seat<G> for &mut S {
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        (**self).start(seat, config, seed);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        (**self).decide(view)
    }

    fn wants_views(&self) -> bool {
        (**self).wants_views()
    }

    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        (**self).finish(outcome, seen);
    }
}

impl<G: Game, S: Seat<G> + ?Sized> Seat<G> for Box<S> {
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        (**self).start(seat, config, seed);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        (**self).decide(view)
    }

    fn wants_views(&self) -> bool {
        (**self).wants_views()
    }

    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        (**self).finish(outcome, seen);
    }
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
/// `Copy` values, since most decisions carry neither).
#[derive(Clone, Debug, PartialEq)]
pub struct EventNotes {
    /// Index of the event in [`Match::events`].
    pub index: usize,
    pub info: Option<DecisionInfo>,
    pub fault: Option<Fault>,
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
    /// Per seat, how many of its views it had been shown at its previous decision.
    seen_cursor: Vec<usize>,
    budget: Budget,
    /// Why the match ended before the game did.
    ended: Option<EarlyEnd>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
}

/// A match ended by a seat before the game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EarlyEnd {
    seat: usize,
    reason: String,
    forfeit: bool,
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
            seen_cursor: vec![0; config.players()],
            budget: Budget::UNLIMITED,
            ended: None,
            legal: Vec::new(),
            outcomes: Vec::new(),
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
        self.seen_cursor.iter_mut().for_each(|c| *c = 0);
        self.ended = None;
    }

    /// Records every seat's view of every event from now on (with readable notes), for live
    /// logs, external agents, seat-view transcripts and bots that reason from the play. Off
    /// by default (it costs two observations per seat and event), and turned on by
    /// [`Match::start_seats`] when a seat asks for views.
    pub fn record_views(&mut self, on: bool) {
        self.seen = on.then(|| vec![Vec::new(); self.config.players()]);
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

    /// `seat`'s views of the events since its previous decision (empty unless views are
    /// recorded): what it is shown at its next decision or when the game ends.
    pub fn seen_since_decision(&self, seat: usize) -> &[SeenEvent<G::EventView>] {
        let seen = self.seen(seat);
        &seen[self.seen_cursor[seat].min(seen.len())..]
    }

    /// The outcome of the game, once it is over (a forfeit is not the game's outcome: see
    /// [`Match::end`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// How the match ended, once it has: the game's end, or a seat's stop or forfeit.
    pub fn end(&self) -> Option<MatchEnd> {
        if let Some(early) = &self.ended {
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
            });
        }
    }

    /// Resolves one chance event with the match RNG, if the game is at a chance node.
    pub fn resolve_chance(&mut self) -> Option<G::Action> {
        self.resolve_chance_observed(&mut ())
    }

    #[allow(
        clippy::inline_always,
        reason = "measured: left to the optimiser these stay calls and a Cheese Day playout costs 17% more"
    )]
    #[inline(always)]
    fn resolve_chance_observed(
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
        if self.seen.is_some() {
            self.record_seen(&event);
        } else {
            self.state.apply_unchecked(action);
        }
        self.events.push(event);
        observer.after(&self.state, &event);
    }

    /// Applies `event` while recording each seat's view of it and its note.
    #[inline(never)]
    fn record_seen(&mut self, event: &Event<G::Action>) {
        let players = self.config.players();
        let before: Vec<(G::Observation, G::EventView)> = (0..players)
            .map(|seat| {
                (
                    self.state.observation(seat),
                    self.state.event_view(seat, &event.action),
                )
            })
            .collect();
        self.state.apply_unchecked(event.action);
        let seen = self.seen.as_mut().expect("views are recorded");
        for (seat, (observation, view)) in before.into_iter().enumerate() {
            let after = self.state.observation(seat);
            let note = G::event_note(&observation, event.actor, &view, &after);
            seen[seat].push(SeenEvent {
                actor: event.actor,
                view,
                note,
            });
        }
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
        DecisionView {
            state: &self.state,
            seat,
            legal: &self.legal,
            seen: self.seen_since_decision(seat),
            history: self.seen(seat),
            budget: self.budget,
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
                info: decision.info.map(|info| *info),
                fault: decision.fault.map(|fault| *fault),
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

    /// Tells every seat the match starts (which seat it plays and the seed), and records the
    /// seats' views of the events from here on if any seat asks for them
    /// ([`Seat::wants_views`]).
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn start_seats(&mut self, seats: &mut [impl Seat<G>]) {
        assert_eq!(seats.len(), self.config.players(), "one seat per player");
        if self.seen.is_none() && seats.iter().any(Seat::wants_views) {
            self.record_views(true);
        }
        for (index, seat) in seats.iter_mut().enumerate() {
            seat.start(index, &self.config, self.seed);
        }
    }

    /// Tells every seat the match ended as `end` says, with its views of the events since its
    /// last decision.
    pub fn finish_seats(&self, seats: &mut [impl Seat<G>], end: Option<&MatchEnd>) {
        let outcome = end.and_then(MatchEnd::outcome);
        for (index, seat) in seats.iter_mut().enumerate() {
            seat.finish(outcome, self.seen_since_decision(index));
        }
    }

    /// Plays to the end (or until a seat stops or forfeits), asking `seats[s]` at each of
    /// seat s's decisions. Seats are told when the match starts and ends. `seats` may be
    /// trait objects (`&mut [&mut dyn Seat<G>]`) or one concrete seat type, which spares an
    /// indirect call per decision.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn run(&mut self, seats: &mut [impl Seat<G>]) -> MatchEnd {
        self.run_observed(seats, &mut ())
    }

    /// [`Match::run`], showing every event to `observer`.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn run_observed(
        &mut self,
        seats: &mut [impl Seat<G>],
        observer: &mut impl MatchObserver<G>,
    ) -> MatchEnd {
        self.start_seats(seats);
        let end = self.run_decisions(seats, observer);
        self.finish_seats(seats, Some(&end));
        end
    }

    fn run_decisions(
        &mut self,
        seats: &mut [impl Seat<G>],
        observer: &mut impl MatchObserver<G>,
    ) -> MatchEnd {
        loop {
            let Step::Decide(seat) = self.advance_observed(observer) else {
                return self
                    .end()
                    .expect("an advanced match that is over has an end");
            };
            self.state.legal_actions(&mut self.legal);
            let answer = seats[seat].decide(&self.view_for(seat));
            match answer {
                Ok(decision) if self.legal.contains(&decision.action) => {
                    self.record_decision(seat, decision, observer);
                }
                Ok(decision) => {
                    return MatchEnd::IllegalChoice {
                        seat,
                        error: IllegalAction {
                            action: decision.action.to_string(),
                            reason: IllegalReason::NotLegal { seat },
                            legal: self.legal.iter().map(ToString::to_string).collect(),
                        },
                    };
                }
                Err(stop) => {
                    self.stop(seat, stop);
                    return self.end().expect("a stopped match has an end");
                }
            }
        }
    }
}
