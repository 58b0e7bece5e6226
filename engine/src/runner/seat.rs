//! What a seat is: the [`Seat`] trait every player implements (a bot, a person at a prompt, an
//! external program, a remote connection), what it is shown at a decision and at the end,
//! and how it asks to stop.

use std::fmt;
use std::ops::DerefMut;
use std::task::Poll;

use crate::game::{Actor, Game, ToMove};
use crate::outcome::Outcome;
use crate::runner::{Budget, Decision};

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

/// Where a view's observation comes from: the true state, which stays private to the runner
/// (a match's own view), or an observation received as it is (a network client, which was
/// sent only what its seat may know).
enum Source<'a, G: Game> {
    State(&'a G),
    Observed {
        observation: &'a G::Observation,
        config: &'a G::Config,
    },
}

/// What a deciding seat is shown: its seat number, the legal actions, its observation on
/// request, its views of the events (since its previous decision, and since the game began),
/// how many events came before the decision, and its budget. The true state stays private to
/// the runner.
pub struct DecisionView<'a, G: Game> {
    source: Source<'a, G>,
    seat: usize,
    legal: &'a [G::Action],
    history: &'a [SeenEvent<G::EventView>],
    /// Where the events since the seat's previous decision start in `history`.
    seen_from: usize,
    events: usize,
    budget: Budget,
}

impl<'a, G: Game> DecisionView<'a, G> {
    /// A view of `state` for `seat`, which must be the seat to move, with no history, as if no
    /// event had come before, and no budget: a bot asked about a lone position (benchmarks,
    /// tests). A decision of a game comes from its match ([`Match::decision_view`], or the
    /// driver, [`Match::step`]).
    ///
    /// [`Match::decision_view`]: crate::Match::decision_view
    /// [`Match::step`]: crate::Match::step
    ///
    /// # Panics
    /// If `seat` is not the one to move at `state`.
    pub fn new(state: &'a G, seat: usize, legal: &'a [G::Action]) -> Self {
        Self::of_match(state, seat, legal, &[], 0, 0, Budget::UNLIMITED)
    }

    /// The view a match shows: `history` is the seat's views of the `events` events so far
    /// (empty unless views are recorded), of which it had been shown `seen_from` at its
    /// previous decision.
    pub(crate) fn of_match(
        state: &'a G,
        seat: usize,
        legal: &'a [G::Action],
        history: &'a [SeenEvent<G::EventView>],
        seen_from: usize,
        events: usize,
        budget: Budget,
    ) -> Self {
        assert_eq!(
            state.to_move(),
            ToMove::Player(seat),
            "view for a seat not to move"
        );
        Self {
            source: Source::State(state),
            seat,
            legal,
            history,
            seen_from: seen_from.min(history.len()),
            events,
            budget,
        }
    }

    /// The view of a seat that knows only what it was sent: its `observation` and the public
    /// `config` instead of a true state, the `legal` actions, and its views of every event so
    /// far (`history`, of which it had been shown `seen_from` at its previous decision), with
    /// no budget. A network client asks its agent with it, so an agent decides there as it
    /// would in the host's match, from the same observation, legal actions and history.
    pub fn observed(
        observation: &'a G::Observation,
        config: &'a G::Config,
        seat: usize,
        legal: &'a [G::Action],
        history: &'a [SeenEvent<G::EventView>],
        seen_from: usize,
    ) -> Self {
        Self {
            source: Source::Observed {
                observation,
                config,
            },
            // A seat is sent every event (seen whole or redacted), so its history counts them.
            events: history.len(),
            seen_from: seen_from.min(history.len()),
            budget: Budget::UNLIMITED,
            seat,
            legal,
            history,
        }
    }

    /// The deciding seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The legal actions, in the game's stable order (never empty).
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// Everything this seat may know. Computed (or copied) on each call: cache it if needed
    /// twice.
    pub fn observation(&self) -> G::Observation {
        match self.source {
            Source::State(state) => state.observation(self.seat),
            Source::Observed { observation, .. } => observation.clone(),
        }
    }

    /// The game's configuration (public).
    pub fn config(&self) -> &'a G::Config {
        match self.source {
            Source::State(state) => state.config(),
            Source::Observed { config, .. } => config,
        }
    }

    /// How many events (chance and decisions, by anyone) came before this decision: the
    /// decision's place in the game, which numbers its random stream
    /// ([`AgentStreams::decision`](crate::rng::AgentStreams::decision)).
    pub fn events(&self) -> usize {
        self.events
    }

    /// This seat's views of the events since its previous decision (or since the game began),
    /// if the match records views ([`Match::record_views`](crate::Match::record_views)); else
    /// empty.
    pub fn seen(&self) -> &'a [SeenEvent<G::EventView>] {
        &self.history[self.seen_from..]
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
            .field("events", &self.events)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// A seat's views of the events that another side (a thread of its own) does not have yet:
/// those from index `known` on. The other side keeps its own copy of the seat's views, which
/// grows with the game, so nothing sent to it is copied whole at each decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewViews<V> {
    known: usize,
    news: Vec<SeenEvent<V>>,
}

impl<V: Clone> NewViews<V> {
    /// The views of `history` from index `known` on (0: all of them).
    pub fn of(history: &[SeenEvent<V>], known: usize) -> Self {
        let known = known.min(history.len());
        Self {
            known,
            news: history[known..].to_vec(),
        }
    }

    /// How many views the other side's copy holds once caught up.
    pub fn len(&self) -> usize {
        self.known + self.news.len()
    }

    /// Whether there are no views at all, old or new.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Brings `history`, the other side's copy, up to date: what it held past `known` (a game
    /// taken back) is dropped, the new views appended. (Done twice, it changes nothing more.)
    ///
    /// # Panics
    /// If `history` lacks views before `known`: it missed earlier news.
    pub fn catch_up(&self, history: &mut Vec<SeenEvent<V>>) {
        assert!(
            history.len() >= self.known,
            "a copy of {} views cannot take news from view {}",
            history.len(),
            self.known
        );
        history.truncate(self.known);
        history.extend_from_slice(&self.news);
    }
}

/// A decision to be made on another thread: an owned copy of what the seat is shown, so a
/// front end whose bots think beside its screen asks them exactly what the match would. Its
/// views of the events come as [`NewViews`]: the other side catches its own copy up
/// ([`PendingDecision::catch_up`]) and is shown the decision with it
/// ([`PendingDecision::view`]).
#[derive(Clone, Debug)]
pub struct PendingDecision<G: Game> {
    source: OwnedSource<G>,
    seat: usize,
    legal: Vec<G::Action>,
    views: NewViews<G::EventView>,
    seen_from: usize,
    events: usize,
    budget: Budget,
}

impl<G: Game> PendingDecision<G> {
    /// Copies `view`, with the seat's views of the events from index `known` on (the other
    /// side has the ones before; 0 copies them all).
    pub fn of(view: &DecisionView<'_, G>, known: usize) -> Self {
        Self {
            source: match view.source {
                Source::State(state) => OwnedSource::State(state.clone()),
                Source::Observed {
                    observation,
                    config,
                } => OwnedSource::Observed {
                    observation: observation.clone(),
                    config: config.clone(),
                },
            },
            seat: view.seat,
            legal: view.legal.to_vec(),
            views: NewViews::of(view.history, known),
            seen_from: view.seen_from,
            events: view.events,
            budget: view.budget,
        }
    }

    /// The deciding seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// How many events came before the decision.
    pub fn events(&self) -> usize {
        self.events
    }

    /// How many of the seat's views the other side's copy holds once caught up.
    pub fn views(&self) -> usize {
        self.views.len()
    }

    /// Brings `history`, the other side's copy of the seat's views, up to date
    /// ([`NewViews::catch_up`]).
    ///
    /// # Panics
    /// As [`NewViews::catch_up`].
    pub fn catch_up(&self, history: &mut Vec<SeenEvent<G::EventView>>) {
        self.views.catch_up(history);
    }

    /// What the seat is shown, its views of the events being `history` (caught up:
    /// [`PendingDecision::catch_up`]).
    ///
    /// # Panics
    /// If `history` is not caught up.
    pub fn view<'a>(&'a self, history: &'a [SeenEvent<G::EventView>]) -> DecisionView<'a, G> {
        assert_eq!(history.len(), self.views(), "the views are caught up");
        DecisionView {
            source: match &self.source {
                OwnedSource::State(state) => Source::State(state),
                OwnedSource::Observed {
                    observation,
                    config,
                } => Source::Observed {
                    observation,
                    config,
                },
            },
            seat: self.seat,
            legal: &self.legal,
            history,
            seen_from: self.seen_from,
            events: self.events,
            budget: self.budget,
        }
    }
}

/// [`Source`], owned.
#[derive(Clone, Debug)]
enum OwnedSource<G: Game> {
    State(G),
    Observed {
        observation: G::Observation,
        config: G::Config,
    },
}

/// What a seat is told when its match ends: the outcome (`None` if the match stopped before
/// the game's end) and its views of the events.
#[derive(Clone, Copy, Debug)]
pub struct Ending<'a, V> {
    pub outcome: Option<&'a Outcome>,
    /// The seat's views of every event since the game began (empty unless views are
    /// recorded).
    pub history: &'a [SeenEvent<V>],
    /// How many of them it had been shown at its last decision.
    pub seen_from: usize,
}

impl<'a, V> Ending<'a, V> {
    /// The seat's views of the events since its last decision.
    pub fn seen(&self) -> &'a [SeenEvent<V>] {
        &self.history[self.seen_from.min(self.history.len())..]
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
/// external program, a connection from another terminal, a person at a screen.
///
/// Most seats answer when asked ([`Seat::decide`] blocks until they have). A seat answered
/// elsewhere (a person at a screen whose event loop must not block, a bot thinking on another
/// thread) answers [`Seat::poll`] with "not yet" ([`Poll::Pending`]) until it has decided; the
/// driver asks it again at its next step ([`Match::step`](crate::Match::step)).
pub trait Seat<G: Game> {
    /// Told once before the first decision: which seat it plays, and its own seed (the
    /// agent seed of that seat of the match, [`agent_seed`](crate::rng::agent_seed)), from
    /// which its random streams come ([`AgentStreams`](crate::rng::AgentStreams)).
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        let _ = (seat, config, agent_seed);
    }

    /// Chooses one of `view.legal()`, or asks to stop the match.
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest>;

    /// How the driver asks: the seat's answer, or [`Poll::Pending`] while it has none yet
    /// (the same view is shown again at the next step). By default the seat decides at once
    /// ([`Seat::decide`]).
    #[inline]
    fn poll(
        &mut self,
        view: &DecisionView<'_, G>,
    ) -> Poll<Result<Decision<G::Action>, StopRequest>> {
        Poll::Ready(self.decide(view))
    }

    /// Whether asking this seat may keep the match waiting long (a person, a remote
    /// connection), so that a front end saves the game before it asks
    /// ([`Table::before_wait`](crate::runner::Table::before_wait)). Bots and programs,
    /// bounded by their budget, do not.
    fn may_wait(&self) -> bool {
        false
    }

    /// Whether this seat decides from its views of the events (`DecisionView::seen` and
    /// `history`): if any seat does, the match records views from its start, so the seat's
    /// play never depends on whether a front end happened to record them.
    fn wants_views(&self) -> bool {
        false
    }

    /// Whether this seat reads the notes of its views (`SeenEvent::note`: a person's log, a
    /// program or connection sent them). A match whose views are recorded only because seats
    /// asked for them builds the notes only if one of its seats reads them; a seat that
    /// decides from the views alone (a bot) says no, and is shown the views without notes.
    fn wants_notes(&self) -> bool {
        true
    }

    /// Told once when the match ends, with how it ended and the seat's views of the events.
    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        let _ = ending;
    }
}

/// A seat behind a pointer (`&mut S`, `Box<S>`, `Box<dyn Seat<G>>`) is that seat.
impl<G: Game, P> Seat<G> for P
where
    P: DerefMut,
    P::Target: Seat<G>,
{
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        (**self).start(seat, config, agent_seed);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        (**self).decide(view)
    }

    #[inline]
    fn poll(
        &mut self,
        view: &DecisionView<'_, G>,
    ) -> Poll<Result<Decision<G::Action>, StopRequest>> {
        (**self).poll(view)
    }

    fn may_wait(&self) -> bool {
        (**self).may_wait()
    }

    fn wants_views(&self) -> bool {
        (**self).wants_views()
    }

    fn wants_notes(&self) -> bool {
        (**self).wants_notes()
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        (**self).finish(ending);
    }
}
