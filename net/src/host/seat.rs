//! [`RemoteSeat`]: the seat a connection plays. Its decision publishes the `act` and waits,
//! on the match's thread, for the connection's answer (the network thread serves every
//! connection meanwhile); a wrong answer is told so and the `act` stands. A seat whose
//! connection dropped waits for it to rejoin up to the reconnect timeout, then its fallback
//! decides for it until it is back.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use mousehole_bots::Fallback;
use mousehole_bots::external::legal_answer;
use mousehole_engine::registry::canonical_spec;
use mousehole_engine::rng::AgentStreams;
use mousehole_engine::words::seconds;
use mousehole_engine::{
    Decision, DecisionView, Ending, Fault, FaultKind, Game, GameConfig, Seat, StopRequest,
};
use mousehole_protocol::{ErrorKind, PlainMessage};

use super::{Answer, Outgoing, Shared, sync_events};
use crate::wire::{Over, PendingAct};

/// Asked while a remote seat waits: whether the host is stopping, and why (a signal).
pub type StopCheck = Arc<dyn Fn() -> Option<String> + Send + Sync>;

/// A seat played from another terminal (see the module documentation).
pub struct RemoteSeat<G: Game> {
    shared: Arc<Shared>,
    seat: usize,
    fallback: Fallback<G>,
    /// The seat's streams on the host, for its fallback.
    streams: AgentStreams,
    stop: StopCheck,
    next_id: u64,
    /// The disconnection the seat's fallback took over after (so it is announced once).
    fell_back_after: Option<Instant>,
}

impl<G: Game> fmt::Debug for RemoteSeat<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RemoteSeat")
            .field("seat", &self.seat)
            .field("fallback", &self.fallback)
            .finish_non_exhaustive()
    }
}

/// How a decision's wait ended.
enum Waited {
    Answer(Answer),
    Stop(String),
    /// The connection has been gone past the reconnect timeout, which ran from then.
    Gone(Instant),
}

impl<G: Game> RemoteSeat<G> {
    pub(super) fn new(
        shared: Arc<Shared>,
        seat: usize,
        fallback: Fallback<G>,
        stop: StopCheck,
    ) -> Self {
        Self {
            shared,
            seat,
            fallback,
            streams: AgentStreams::new(0, 0),
            stop,
            next_id: 1,
            fell_back_after: None,
        }
    }

    /// Sends one connection a message of its own (an error about its answer).
    fn tell(&self, connection: u64, text: String) {
        let state = self.shared.lock();
        if let Some(attached) = state.seats[self.seat]
            .as_ref()
            .and_then(|s| s.connection.as_ref())
            .filter(|attached| attached.id == connection)
        {
            let _ = attached.outbox.send(Outgoing::Text(text));
        }
    }

    /// Waits for an answer to the pending `act`, a stop, or the reconnect timeout.
    fn wait(&mut self) -> Waited {
        let timeout = self.shared.settings.reconnect_timeout;
        let mut announced: Option<Instant> = None;
        let mut state = self.shared.lock();
        loop {
            let remote = state.seats[self.seat].as_mut().expect("a remote seat");
            if let Some(answer) = remote.answers.pop_front() {
                return Waited::Answer(answer);
            }
            if let Some(reason) = (self.stop)() {
                return Waited::Stop(reason);
            }
            if let Some(dropped) = remote.dropped_at {
                if dropped.elapsed() >= timeout {
                    return Waited::Gone(dropped);
                }
                if announced != Some(dropped) {
                    announced = Some(dropped);
                    drop(state);
                    self.shared.announce(&format!(
                        "waiting for {} to reconnect (up to {})",
                        self.shared.seat_name(self.seat),
                        seconds(timeout)
                    ));
                    state = self.shared.lock();
                    continue;
                }
            }
            state = self.shared.wait(state);
        }
    }

    /// Takes the pending `act` back (answered, or decided otherwise).
    fn withdraw(&self) {
        if let Some(remote) = self.shared.lock().seats[self.seat].as_mut() {
            remote.act = None;
        }
    }

    /// Takes the pending `act` back once answered, and tells each answer still waiting behind
    /// the one taken (sent before it was taken) that the act was already answered.
    fn withdraw_answered(&self, id: u64) {
        let late: Vec<Answer> = {
            let mut state = self.shared.lock();
            let Some(remote) = state.seats[self.seat].as_mut() else {
                return;
            };
            remote.act = None;
            remote.answers.drain(..).collect()
        };
        for answer in late {
            self.tell(
                answer.connection,
                PlainMessage::Error {
                    error: ErrorKind::NotAsked,
                    message: format!("act {id} was already answered; wait for the next act").into(),
                    id: Some(answer.id),
                }
                .to_text(),
            );
        }
    }

    /// The fallback's decision for a seat whose connection has been gone since `dropped`.
    fn fall_back(
        &mut self,
        view: &DecisionView<'_, G>,
        dropped: Instant,
    ) -> Result<Decision<G::Action>, StopRequest> {
        let name = self.shared.seat_name(self.seat);
        let fault = Fault::new(
            FaultKind::Exited,
            &format!(
                "{name}'s connection dropped and it did not rejoin within {}",
                seconds(self.shared.settings.reconnect_timeout)
            ),
        );
        let first = self.fell_back_after != Some(dropped);
        self.fell_back_after = Some(dropped);
        match self.fallback.choose(view, self.streams, fault.clone()) {
            None => {
                self.shared
                    .announce(&format!("{name} did not reconnect: it forfeits"));
                Err(StopRequest::forfeit(fault.text))
            }
            Some(decision) => {
                if first {
                    self.shared.announce(&format!(
                        "{name} did not reconnect: its fallback ({}) plays for it until it rejoins",
                        self.fallback.name()
                    ));
                }
                Ok(decision)
            }
        }
    }
}

impl<G: Game> Seat<G> for RemoteSeat<G> {
    /// Its connection is sent the seat's views of the events.
    fn wants_views(&self) -> bool {
        true
    }

    /// A connection may take long to answer: the front end saves first.
    fn may_wait(&self) -> bool {
        true
    }

    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        debug_assert_eq!(
            seat, self.seat,
            "a remote seat plays the seat it was made for"
        );
        self.streams = AgentStreams::of_agent_seed(agent_seed);
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.new_game(seat, config, agent_seed);
        }
        let own_seed = if self.shared.settings.share_agent_seeds {
            agent_seed
        } else {
            // The thread's generator is seeded from the operating system's: nothing of the
            // match seed is in it.
            rand::Rng::next_u64(&mut rand::rng())
        };
        let spec = canonical_spec(config);
        let options = config.to_options();
        let new_game = PlainMessage::NewGame {
            game: G::Config::description().name.into(),
            spec: spec.into(),
            options: std::borrow::Cow::Owned(options),
            players: config.players(),
            seat,
            seed: own_seed,
        }
        .to_text();
        let mut state = self.shared.lock();
        let remote = state.seats[seat].as_mut().expect("a remote seat");
        remote.new_game = Some(new_game);
        remote.events.clear();
        remote.act = None;
        remote.observation = None;
        remote.over = None;
        remote.answers.clear();
        drop(state);
        self.shared.bump();
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let id = self.next_id;
        self.next_id += 1;
        let act = PendingAct::of(id, view);
        {
            let mut state = self.shared.lock();
            let remote = state.seats[self.seat].as_mut().expect("a remote seat");
            sync_events(&mut remote.events, view.history());
            // Answers to earlier acts are stale now.
            remote.answers.clear();
            remote.act = Some(act.clone());
        }
        self.shared.bump();
        loop {
            match self.wait() {
                Waited::Stop(reason) => {
                    self.withdraw();
                    return Err(StopRequest::quit(reason));
                }
                Waited::Gone(dropped) => {
                    self.withdraw();
                    return self.fall_back(view, dropped);
                }
                Waited::Answer(answer) => {
                    if answer.id != id {
                        continue;
                    }
                    match legal_answer::<G>(view.legal(), &act.legal, answer.action.as_deref()) {
                        Ok(action) => {
                            self.withdraw_answered(id);
                            self.fell_back_after = None;
                            return Ok(Decision {
                                action,
                                info: answer.info.map(Box::new),
                                fault: None,
                            });
                        }
                        Err(fault) => self.tell(
                            answer.connection,
                            PlainMessage::Error {
                                error: ErrorKind::Illegal,
                                message: format!(
                                    "{}; act {id} still waits for your answer",
                                    fault.text
                                )
                                .into(),
                                id: Some(id),
                            }
                            .to_text(),
                        ),
                    }
                }
            }
        }
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.game_over(ending.outcome, ending.seen());
        }
        {
            let mut state = self.shared.lock();
            let remote = state.seats[self.seat].as_mut().expect("a remote seat");
            sync_events(&mut remote.events, ending.history);
            remote.act = None;
            remote.over = Some(Over {
                outcome: ending.outcome.cloned(),
                // Said by the host's table right after ([`crate::Hosting`]).
                stopped: None,
                // Worked out when the game's last event was published, a game stopped or
                // forfeited has none.
                ending: remote.ending.take().filter(|_| ending.outcome.is_some()),
            });
        }
        self.shared.bump();
    }
}
