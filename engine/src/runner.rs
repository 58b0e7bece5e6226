//! The match runner: one loop that asks the acting seat, resolves chance with the match RNG,
//! records every event and stops at the end or when a seat asks to.
//!
//! The CLI, the TUI, tournaments and benchmarks all drive games through [`Match`].

use std::fmt;

use crate::error::IllegalAction;
use crate::game::{Actor, Game, ToMove};
use crate::outcome::Outcome;
use crate::rng::{GameRng, chance_rng};

/// One recorded event: who acted and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event<A> {
    pub actor: Actor,
    pub action: A,
}

/// What a deciding seat is shown: its seat number, the legal actions and, on request, its
/// observation. The true state stays private to the runner.
pub struct DecisionView<'a, G: Game> {
    state: &'a G,
    seat: usize,
    legal: &'a [G::Action],
}

impl<'a, G: Game> DecisionView<'a, G> {
    /// A view of `state` for `seat`, which must be the seat to move.
    ///
    /// # Panics
    /// If `seat` is not the one to move at `state`.
    pub fn new(state: &'a G, seat: usize, legal: &'a [G::Action]) -> Self {
        assert_eq!(
            state.to_move(),
            ToMove::Player(seat),
            "view for a seat not to move"
        );
        Self { state, seat, legal }
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
}

impl<G: Game> fmt::Debug for DecisionView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecisionView")
            .field("seat", &self.seat)
            .field("legal", &self.legal)
            .finish_non_exhaustive()
    }
}

/// A seat's request to end the match early (a person quits, input ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopRequest {
    pub reason: String,
}

/// Something that decides for one seat during a match: a bot, a person at a prompt.
pub trait Seat<G: Game> {
    /// Told once before the first decision: which seat it plays and the match seed.
    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        let _ = (seat, config, seed);
    }

    /// Chooses one of `view.legal()`, or asks to stop the match.
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<G::Action, StopRequest>;

    /// Told once when the match ends (`None` if it was stopped before the end).
    fn finish(&mut self, outcome: Option<&Outcome>) {
        let _ = outcome;
    }
}

/// How a run of [`Match::run`] ended.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchEnd {
    /// The game reached its end.
    Finished(Outcome),
    /// A seat asked to stop.
    Stopped { seat: usize, reason: String },
    /// A seat chose an action that is not legal; nothing was applied.
    IllegalChoice { seat: usize, error: IllegalAction },
}

/// A game in progress with its seed, chance RNG and event record.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    config: G::Config,
    seed: u64,
    state: G,
    rng: GameRng,
    events: Vec<Event<G::Action>>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
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
            legal: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// Starts over with a new seed, keeping the buffers (benchmarks, tournaments).
    pub fn restart(&mut self, seed: u64) {
        self.seed = seed;
        self.state = G::new(&self.config);
        self.rng = chance_rng(seed);
        self.events.clear();
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

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Resolves one chance event with the match RNG, if the game is at a chance node.
    pub fn resolve_chance(&mut self) -> Option<G::Action> {
        self.resolve_chance_observed(&mut |_, _| {})
    }

    #[allow(
        clippy::inline_always,
        reason = "measured: left to the optimiser these stay calls and a Cheese Day playout costs 17% more"
    )]
    #[inline(always)]
    fn resolve_chance_observed(
        &mut self,
        observer: &mut impl FnMut(&G, &Event<G::Action>),
    ) -> Option<G::Action> {
        let action = self
            .state
            .sample_chance(&mut self.rng, &mut self.outcomes)?;
        self.record(Actor::Chance, action, observer);
        Some(action)
    }

    /// Shows the event to `observer`, applies it (already known to be legal) and records it.
    #[allow(
        clippy::inline_always,
        reason = "measured: left to the optimiser these stay calls and a Cheese Day playout costs 17% more"
    )]
    #[inline(always)]
    fn record(
        &mut self,
        actor: Actor,
        action: G::Action,
        observer: &mut impl FnMut(&G, &Event<G::Action>),
    ) {
        let event = Event { actor, action };
        observer(&self.state, &event);
        self.state.apply_unchecked(action);
        self.events.push(event);
    }

    /// Resolves chance events until a seat must decide or the game ends.
    pub fn resolve_all_chance(&mut self) {
        while self.resolve_chance().is_some() {}
    }

    /// Applies `seat`'s decision, if it is that seat's turn and the action is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] otherwise; nothing is applied or recorded.
    pub fn play(&mut self, seat: usize, action: G::Action) -> Result<(), IllegalAction> {
        if self.state.to_move() != ToMove::Player(seat) {
            return Err(IllegalAction {
                action: action.to_string(),
                reason: format!(
                    "seat {seat} is not the one to decide ({:?})",
                    self.state.to_move()
                ),
                legal: self.state.legal_texts(),
            });
        }
        self.state.apply(action)?;
        self.events.push(Event {
            actor: Actor::Seat(seat),
            action,
        });
        Ok(())
    }

    /// Plays to the end (or until a seat stops), asking `seats[s]` at each of seat s's
    /// decisions. Seats are told when the match starts and ends.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn run(&mut self, seats: &mut [&mut dyn Seat<G>]) -> MatchEnd {
        self.run_observed(seats, |_, _| {})
    }

    /// [`Match::run`], calling `observer` with the state and each event just before the event
    /// is applied (a front end's live log; it sees the true state, so it must not show
    /// hidden information to a person still playing).
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn run_observed(
        &mut self,
        seats: &mut [&mut dyn Seat<G>],
        mut observer: impl FnMut(&G, &Event<G::Action>),
    ) -> MatchEnd {
        assert_eq!(seats.len(), self.config_players(), "one seat per player");
        for (index, seat) in seats.iter_mut().enumerate() {
            seat.start(index, &self.config, self.seed);
        }
        let end = self.run_decisions(seats, &mut observer);
        let outcome = match &end {
            MatchEnd::Finished(outcome) => Some(outcome),
            _ => None,
        };
        for seat in seats.iter_mut() {
            seat.finish(outcome);
        }
        end
    }

    fn config_players(&self) -> usize {
        use crate::options::GameConfig;
        self.config.players()
    }

    fn run_decisions(
        &mut self,
        seats: &mut [&mut dyn Seat<G>],
        observer: &mut impl FnMut(&G, &Event<G::Action>),
    ) -> MatchEnd {
        loop {
            match self.state.to_move() {
                ToMove::Terminal => {
                    let outcome = self.state.outcome().expect("terminal state has an outcome");
                    return MatchEnd::Finished(outcome);
                }
                ToMove::Chance => {
                    self.resolve_chance_observed(observer)
                        .expect("a chance node lists outcomes");
                }
                ToMove::Player(seat) => {
                    self.state.legal_actions(&mut self.legal);
                    let view = DecisionView {
                        state: &self.state,
                        seat,
                        legal: &self.legal,
                    };
                    let action = match seats[seat].decide(&view) {
                        Ok(action) => action,
                        Err(stop) => {
                            return MatchEnd::Stopped {
                                seat,
                                reason: stop.reason,
                            };
                        }
                    };
                    if !self.legal.contains(&action) {
                        return MatchEnd::IllegalChoice {
                            seat,
                            error: IllegalAction {
                                action: action.to_string(),
                                reason: format!("seat {seat} chose an action that is not legal"),
                                legal: self.legal.iter().map(ToString::to_string).collect(),
                            },
                        };
                    }
                    self.record(Actor::Seat(seat), action, observer);
                }
            }
        }
    }
}
