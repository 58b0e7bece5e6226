//! The one match driver: every front end (`play`, `host`, the TUI, tournaments, benchmarks,
//! and whatever comes next) plays a match through [`Match::step`] or [`Match::drive`], adding
//! only what is its own through a [`Table`]: when to stop, how it paces, what it saves before
//! a long wait, what it shows of each event. The driver starts the seats, resolves chance with
//! the match RNG, asks the seat to move, records each event, stops on request, and tells the
//! seats how the match ended.

use std::convert::Infallible;
use std::fmt;
use std::task::Poll;

use crate::error::{IllegalAction, IllegalReason};
use crate::game::{Game, ToMove};
use crate::options::GameConfig;
use crate::rng::agent_seed;
use crate::runner::{Decision, EarlyEnd, Match, MatchEnd, Seat, StopRequest};

/// What is about to happen at a step, for a table's [`Table::gate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A chance event, drawn from the match RNG.
    Chance,
    /// Seat S is to be asked for its decision (or asked again: it had none yet).
    Ask(usize),
    /// Seat S has decided; its decision is to be applied.
    Apply(usize),
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// One event was recorded.
    Event,
    /// Nothing happened: the seat to move has no answer yet ([`Seat::poll`]), or the table's
    /// gate is closed ([`Table::gate`]). Step again later.
    Waiting,
    /// The match is over ([`Match::end`] says how), its seats told; every further step does
    /// nothing and says so again.
    Over,
}

/// A front end's part in driving a match: each hook is asked by the driver at its moment, and
/// does nothing by default. The unit table `()` is the table of a match nobody watches
/// (tournaments, benchmarks): every hook compiles away.
pub trait Table<G: Game> {
    /// What a hook can fail with (a file that cannot be written): the driver then stops the
    /// match, tells the seats, and returns it.
    type Error: fmt::Display;

    /// Asked before every step: a request to stop the match now (a signal, the host closing,
    /// the person at the host leaving), made on behalf of the seat to move.
    #[inline]
    fn stop(&mut self, game: &Match<G>) -> Option<StopRequest> {
        let _ = game;
        None
    }

    /// Whether `next` may happen now; `false` makes the step wait ([`Stepped::Waiting`]): a
    /// pace between bots' moves, a person who rolls their own die with a key, a hand-off of
    /// the keyboard.
    #[inline]
    fn gate(&mut self, game: &Match<G>, next: Next) -> bool {
        let _ = (game, next);
        true
    }

    /// Just before the driver first asks a seat that may keep the match waiting long
    /// ([`Seat::may_wait`]): the moment to save the game so far.
    ///
    /// # Errors
    /// The front end's; the match stops.
    #[inline]
    fn before_wait(&mut self, game: &Match<G>, seat: usize) -> Result<(), Self::Error> {
        let _ = (game, seat);
        Ok(())
    }

    /// After each event is recorded: the live log (each seat's new view is the last of
    /// [`Match::seen`]), publishing it to connections, saving.
    ///
    /// # Errors
    /// The front end's; the match stops.
    #[inline]
    fn recorded(&mut self, game: &Match<G>) -> Result<(), Self::Error> {
        let _ = game;
        Ok(())
    }

    /// Once, when the match is over and its seats were told: the last save, the end for the
    /// connections.
    ///
    /// # Errors
    /// The front end's.
    #[inline]
    fn over(&mut self, game: &Match<G>) -> Result<(), Self::Error> {
        let _ = game;
        Ok(())
    }

    /// Whether the match records what everyone at the table sees of each event
    /// ([`Match::record_public`]): asked once, as the driver starts the seats. A host that
    /// lets spectators watch says yes; no one else pays for it.
    #[inline]
    fn wants_public(&self) -> bool {
        false
    }

    /// [`Match::drive`] found nothing to do (a seat with no answer yet, a closed gate): wait a
    /// little before it steps again. A front end with an event loop of its own calls
    /// [`Match::step`] from it instead.
    fn idle(&mut self, game: &Match<G>) {
        let _ = game;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The table of a match nobody watches.
impl<G: Game> Table<G> for () {
    type Error = Infallible;
}

/// Where the driver stands in a match: kept with the match, so a match replaced (an undo, a
/// resumed game) starts its seats again.
#[derive(Clone, Debug)]
pub(crate) struct Driven<A> {
    /// The seats were told the match starts.
    pub(crate) started: bool,
    /// The seats were told the match is over.
    pub(crate) finished: bool,
    /// How many events there were when the table was last told of a wait
    /// ([`Table::before_wait`]): once per decision.
    pub(crate) waited_at: Option<usize>,
    /// The seat to move's decision, waiting for the table's gate (`holding`: one is; a flag
    /// the inner loop reads, cheaper than the decision itself).
    pub(crate) held: Option<Decision<A>>,
    pub(crate) holding: bool,
    /// How the match ended, once its seats were told, for [`Match::drive`] to return.
    pub(crate) end: Option<MatchEnd>,
}

impl<A> Default for Driven<A> {
    fn default() -> Self {
        Self {
            started: false,
            finished: false,
            waited_at: None,
            held: None,
            holding: false,
            end: None,
        }
    }
}

impl<G: Game> Match<G> {
    /// Plays to the end (or until a seat stops or forfeits), asking `seats[s]` at each of
    /// seat s's decisions, the seats told when the match starts and ends. `seats` may be
    /// trait objects (`&mut [Box<dyn Seat<G>>]`) or one concrete seat type, which spares an
    /// indirect call per decision.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn run(&mut self, seats: &mut [impl Seat<G>]) -> MatchEnd {
        match self.drive(seats, &mut ()) {
            Ok(end) => end,
            Err(never) => match never {},
        }
    }

    /// [`Match::run`] with a front end's `table`: steps until the match is over, waiting
    /// ([`Table::idle`]) while a seat has no answer yet or the table's gate is closed.
    ///
    /// # Errors
    /// What a hook of `table` failed with; the match was stopped and its seats told.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn drive<T: Table<G>>(
        &mut self,
        seats: &mut [impl Seat<G>],
        table: &mut T,
    ) -> Result<MatchEnd, T::Error> {
        if !self.driven.started {
            self.start_for(seats, table);
        }
        loop {
            match self.step_once(seats, table)? {
                Stepped::Event => {}
                Stepped::Waiting => table.idle(self),
                Stepped::Over => {
                    return Ok(self
                        .driven
                        .end
                        .take()
                        .expect("a match that steps no further has an end"));
                }
            }
        }
    }

    /// One step of the match, never blocking beyond what the seat asked blocks: the seats
    /// are started first (once); then a stop the table asks for, or the next event (chance
    /// from the match RNG, or the decision of the seat to move, asked through `seats[seat]`:
    /// an illegal choice or a stop request ends the match, as [`Match::end`] then says);
    /// once the match is over, the seats are told (once).
    ///
    /// # Errors
    /// What a hook of `table` failed with; the match was stopped and its seats told.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn step<T: Table<G>>(
        &mut self,
        seats: &mut [impl Seat<G>],
        table: &mut T,
    ) -> Result<Stepped, T::Error> {
        if self.driven.finished {
            return Ok(Stepped::Over);
        }
        if !self.driven.started {
            self.start_for(seats, table);
        }
        self.step_once(seats, table)
    }

    /// [`Match::step`] once the seats are started and until the match is over.
    #[allow(
        clippy::inline_always,
        reason = "the runner's inner loop: one call per event of every recorded game"
    )]
    #[inline(always)]
    fn step_once<T: Table<G>>(
        &mut self,
        seats: &mut [impl Seat<G>],
        table: &mut T,
    ) -> Result<Stepped, T::Error> {
        if self.ended.is_none()
            && let Some(request) = table.stop(self)
        {
            self.stop(self.seat_to_move().unwrap_or(0), request);
        }
        let stepped = match self.state.to_move() {
            _ if self.ended.is_some() => Ok(Stepped::Over),
            ToMove::Terminal => Ok(Stepped::Over),
            ToMove::Chance => {
                if table.gate(self, Next::Chance) {
                    self.resolve_chance_observed(&mut ());
                    table.recorded(self).map(|()| Stepped::Event)
                } else {
                    Ok(Stepped::Waiting)
                }
            }
            ToMove::Player(seat) => self.step_decision(seat, seats, table),
        };
        match stepped {
            Ok(Stepped::Over) => {
                self.finish(seats);
                table.over(self).map(|()| Stepped::Over)
            }
            Ok(stepped) => Ok(stepped),
            Err(error) => {
                let seat = self.seat_to_move().unwrap_or(0);
                self.stop(seat, StopRequest::quit(error.to_string()));
                self.finish(seats);
                // The first failure is the one to report.
                let _ = table.over(self);
                Err(error)
            }
        }
    }

    /// The decision of `seat`, the seat to move: asked (or the one held for the gate),
    /// checked, applied when the gate opens.
    #[allow(
        clippy::inline_always,
        reason = "the runner's inner loop: one call per decision of every recorded game"
    )]
    #[inline(always)]
    fn step_decision<T: Table<G>>(
        &mut self,
        seat: usize,
        seats: &mut [impl Seat<G>],
        table: &mut T,
    ) -> Result<Stepped, T::Error> {
        if self.driven.holding {
            return self.step_held(seat, table);
        }
        if !table.gate(self, Next::Ask(seat)) {
            return Ok(Stepped::Waiting);
        }
        // Told once per decision, however often a seat that has no answer yet is asked.
        if seats[seat].may_wait() && self.driven.waited_at != Some(self.events.len()) {
            self.driven.waited_at = Some(self.events.len());
            table.before_wait(self, seat)?;
        }
        self.state.legal_actions(&mut self.legal);
        let decision = match seats[seat].poll(&self.view_for(seat)) {
            Poll::Pending => return Ok(Stepped::Waiting),
            Poll::Ready(Err(stop)) => {
                self.stop(seat, stop);
                return Ok(Stepped::Over);
            }
            Poll::Ready(Ok(decision)) if self.legal.contains(&decision.action) => decision,
            Poll::Ready(Ok(decision)) => {
                self.end_illegal(seat, &decision);
                return Ok(Stepped::Over);
            }
        };
        if !table.gate(self, Next::Apply(seat)) {
            self.hold(decision);
            return Ok(Stepped::Waiting);
        }
        self.record_decision(seat, decision, &mut ());
        table.recorded(self).map(|()| Stepped::Event)
    }

    /// Keeps the seat to move's decision until the table's gate opens (kept out of the inner
    /// loop: a match nobody paces never holds one).
    #[cold]
    #[inline(never)]
    fn hold(&mut self, decision: Decision<G::Action>) {
        self.driven.held = Some(decision);
        self.driven.holding = true;
    }

    /// A step with the decision of `seat` held for the table's gate: applied once the gate
    /// opens (kept out of the inner loop, as holding it is).
    #[cold]
    #[inline(never)]
    fn step_held<T: Table<G>>(&mut self, seat: usize, table: &mut T) -> Result<Stepped, T::Error> {
        if !table.gate(self, Next::Apply(seat)) {
            return Ok(Stepped::Waiting);
        }
        self.driven.holding = false;
        let decision = self.driven.held.take().expect("a decision is held");
        self.record_decision(seat, decision, &mut ());
        table.recorded(self).map(|()| Stepped::Event)
    }

    /// Ends the match on `seat`'s choice of an action that is not legal (nothing of it is
    /// applied).
    #[cold]
    fn end_illegal(&mut self, seat: usize, decision: &Decision<G::Action>) {
        let error = IllegalAction {
            action: decision.action.to_string(),
            reason: IllegalReason::NotLegal { seat },
            legal: self.legal.iter().map(ToString::to_string).collect(),
        };
        self.ended = Some(EarlyEnd {
            seat,
            reason: format!("seat {seat} chose an illegal action: {error}"),
            forfeit: false,
            illegal: Some(error),
        });
    }

    /// The seat to move, if a seat is.
    fn seat_to_move(&self) -> Option<usize> {
        match self.state.to_move() {
            ToMove::Player(seat) => Some(seat),
            ToMove::Chance | ToMove::Terminal => None,
        }
    }

    /// The driver's first step: what everyone sees is recorded if the table wants it
    /// ([`Table::wants_public`]), then the seats are started ([`Match::start_seats`]).
    fn start_for<T: Table<G>>(&mut self, seats: &mut [impl Seat<G>], table: &T) {
        if table.wants_public() {
            self.record_public(true);
        }
        self.start_seats(seats);
    }

    /// Tells every seat the match starts (which seat it plays and its agent seed), and
    /// records the seats' views of the events from here on if any seat asks for them
    /// ([`Seat::wants_views`]), with their notes only if a seat reads notes
    /// ([`Seat::wants_notes`]: bots do not, and building the notes costs two observations per
    /// seat and event). The driver does it at its first step; a test that steps by hand does
    /// it first.
    ///
    /// # Panics
    /// If `seats` does not hold one entry per player.
    pub fn start_seats(&mut self, seats: &mut [impl Seat<G>]) {
        assert_eq!(seats.len(), self.config.players(), "one seat per player");
        self.driven.started = true;
        if self.seen.is_none() && seats.iter().any(Seat::wants_views) {
            self.record_views(true);
            self.noted = seats.iter().any(Seat::wants_notes);
        } else if !self.noted && seats.iter().any(Seat::wants_notes) {
            // A match restarted for other seats: one that reads notes is shown them.
            self.noted = true;
            self.observed.clear();
        }
        for (index, seat) in seats.iter_mut().enumerate() {
            seat.start(index, &self.config, agent_seed(self.seed, index));
        }
    }

    /// Tells every seat how the match ended, with its views of the events (once), and keeps
    /// the end for [`Match::drive`] (made once: an outcome is built anew when asked for).
    #[cold]
    fn finish(&mut self, seats: &mut [impl Seat<G>]) {
        self.driven.finished = true;
        self.driven.held = None;
        self.driven.holding = false;
        let end = self
            .end()
            .expect("a match that steps no further has an end");
        for (index, seat) in seats.iter_mut().enumerate() {
            seat.finish(&self.ending(index, Some(&end)));
        }
        self.driven.end = Some(end);
    }
}
