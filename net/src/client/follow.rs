//! [`Follower`]: a seat's client reading what its connection brings, one [`ClientEvent`] at a
//! time, into its [`SeatGame`]: the game a `new_game` names (again after a rejoin), the events,
//! the decision an `act` asks (asked again after a rejoin: answered as before without asking
//! the player twice), the end, the rematch the host offers after it (and the next game's
//! `new_game`); and what else happened as [`Progress`]. Whoever plays the seat
//! (an agent waiting on the connection, the TUI polling it) drives it the same way.

use std::borrow::Cow;

use mousehole_bots::BotGame;
use mousehole_engine::Decision;
use mousehole_protocol::{Act, ClientMessage, ErrorKind, HostMessage, Rematch};

use super::{ClientError, ClientEvent, Connection, Progress, SeatGame};

/// What the caller is to do after a [`Follower::take`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Nothing (more events, news, an answer sent again).
    Continue,
    /// A game began: start the seat's player ([`SeatGame::config`], the seat, its seed).
    Started,
    /// A decision is asked ([`SeatGame::asked`]): answer it with [`Follower::answer`].
    Ask,
    /// The game is over ([`SeatGame::ending`]).
    Over,
    /// The host offers this seat a rematch ([`Follower::rematch`]): answer it with
    /// [`Follower::answer_rematch`]. Said once per offer; the offer's progress comes as
    /// [`Progress::Rematch`].
    Rematch,
    /// The connection is over for good, without error.
    Closed,
}

/// A seat's client following its game (see the module documentation).
pub struct Follower<G: BotGame> {
    game: Option<SeatGame<G>>,
    /// Events reported so far (the host sends the game again after a rejoin).
    reported: usize,
    /// The last answer sent: after a rejoin the host asks the same act again.
    answered: Option<(u64, String)>,
    /// The host's status line, if its last message was one: a `game_over` without an outcome
    /// comes right after the host says why it stopped the game.
    said: Option<String>,
    /// The rematch offered after the game's end, as the host last said it stands.
    rematch: Option<Rematch<'static>>,
    /// Whether this seat answered the rematch offered.
    rematch_answered: bool,
}

/// A host that broke the protocol, and how.
fn protocol(why: &str) -> ClientError {
    ClientError::Protocol(why.to_owned())
}

impl<G: BotGame> Default for Follower<G> {
    fn default() -> Self {
        Self {
            game: None,
            reported: 0,
            answered: None,
            said: None,
            rematch: None,
            rematch_answered: false,
        }
    }
}

impl<G: BotGame> std::fmt::Debug for Follower<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Follower")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl<G: BotGame> Follower<G> {
    /// The game, once a `new_game` named it.
    pub fn game(&self) -> Option<&SeatGame<G>> {
        self.game.as_ref()
    }

    /// Takes what the connection brought, reporting each new event and whatever else happened.
    ///
    /// # Errors
    /// A host that sends what this client cannot use, one that refused the seat's answer as
    /// illegal (the player would answer the same again), or a connection lost for good.
    pub fn take(
        &mut self,
        event: ClientEvent,
        connection: &Connection,
        report: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Flow, ClientError> {
        let message = match event {
            ClientEvent::Message(message) => message,
            ClientEvent::Reconnecting(why) => {
                report(Progress::Reconnecting(&why));
                return Ok(Flow::Continue);
            }
            ClientEvent::Rejoined => {
                report(Progress::Rejoined);
                return Ok(Flow::Continue);
            }
            ClientEvent::Unreadable(why) => {
                report(Progress::Refused(&why));
                return Ok(Flow::Continue);
            }
            ClientEvent::Closed(result) => {
                result?;
                return Ok(Flow::Closed);
            }
        };
        self.take_message(message, connection, report)
    }

    /// Takes one message from the host (see [`Follower::take`]).
    fn take_message(
        &mut self,
        message: HostMessage<'static>,
        connection: &Connection,
        report: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Flow, ClientError> {
        let said = self.said.take();
        let flow = match message {
            HostMessage::NewGame {
                spec,
                players,
                seat,
                seed,
                ..
            } => self.new_game(&spec, players, seat, seed, report)?,
            HostMessage::Events {
                events,
                observation,
            } => {
                let game = self
                    .game
                    .as_mut()
                    .ok_or_else(|| protocol("events before new_game"))?;
                game.receive(&events)?;
                if let Some(observation) = observation {
                    game.observe(observation)?;
                }
                self.report_events(report);
                Flow::Continue
            }
            HostMessage::Act(act) => self.asked(act, connection, report)?,
            HostMessage::GameOver {
                outcome,
                events,
                ending,
            } => {
                let game = self
                    .game
                    .as_mut()
                    .ok_or_else(|| protocol("game_over before new_game"))?;
                let stopped = said.filter(|_| outcome.is_none());
                let ending = ending.map(Cow::into_owned);
                game.finish(outcome.map(Cow::into_owned), &events, stopped, ending)?;
                self.report_events(report);
                let game = self.game.as_ref().expect("checked above");
                report(Progress::Over(
                    game.over().and_then(|over| over.outcome.as_ref()),
                ));
                Flow::Over
            }
            HostMessage::Status { text } => {
                report(Progress::Status(&text));
                self.said = Some(mousehole_engine::text::cut(&text, 300));
                Flow::Continue
            }
            HostMessage::Error { error, message, .. } => {
                report(Progress::Refused(&message));
                if error == ErrorKind::Illegal {
                    return Err(ClientError::Refused {
                        kind: error,
                        message: message.into_owned(),
                    });
                }
                Flow::Continue
            }
            HostMessage::Rematch(offer) => self.offered(offer, report),
            HostMessage::Hello { .. } | HostMessage::Welcome(_) | HostMessage::Quit => {
                Flow::Continue
            }
        };
        Ok(flow)
    }

    /// A `new_game`: the game it names begins, or, after a rejoin, the game known starts over.
    fn new_game(
        &mut self,
        spec: &str,
        players: usize,
        seat: usize,
        seed: u64,
        report: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Flow, ClientError> {
        Ok(match &mut self.game {
            Some(known) if known.is(spec, seat, seed) => {
                known.restart();
                Flow::Continue
            }
            _ => {
                self.game = Some(SeatGame::<G>::new(spec, players, seat, seed)?);
                self.answered = None;
                self.reported = 0;
                self.rematch = None;
                self.rematch_answered = false;
                report(Progress::Started { spec, seat });
                Flow::Started
            }
        })
    }

    /// An `act`: the decision asked, or, asked again after a rejoin, the same answer sent
    /// again without asking the player twice.
    fn asked(
        &mut self,
        act: Act<'static>,
        connection: &Connection,
        report: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Flow, ClientError> {
        let game = self
            .game
            .as_mut()
            .ok_or_else(|| protocol("an act before new_game"))?;
        let id = act.id;
        game.ask(act)?;
        self.report_events(report);
        Ok(match &self.answered {
            Some((asked, text)) if *asked == id => {
                connection.send(text.clone());
                self.game.as_mut().expect("checked above").answered();
                Flow::Continue
            }
            _ => Flow::Ask,
        })
    }

    /// A `rematch` offer, or news of how it stands: [`Flow::Rematch`] the first time this seat
    /// is asked.
    fn offered(&mut self, offer: Rematch<'static>, report: &mut dyn FnMut(Progress<'_>)) -> Flow {
        report(Progress::Rematch {
            asked: &offer.asked,
            yes: &offer.yes,
            within_ms: offer.within_ms,
        });
        let seat = self.game.as_ref().map(SeatGame::seat);
        let asked = seat.is_some_and(|seat| offer.asked.contains(&seat));
        let first = self.rematch.is_none();
        self.rematch = Some(offer);
        if asked && first && !self.rematch_answered {
            Flow::Rematch
        } else {
            Flow::Continue
        }
    }

    /// The rematch the host offers after the game's end, as it last said it stands.
    pub fn rematch(&self) -> Option<&Rematch<'static>> {
        self.rematch.as_ref()
    }

    /// Answers the rematch offered: `yes` to play again with the same seats.
    pub fn answer_rematch(&mut self, connection: &Connection, yes: bool) {
        self.rematch_answered = true;
        connection.send(ClientMessage::Rematch { yes }.to_text());
    }

    /// Answers the decision asked with `decision` (and what the player thought of it).
    pub fn answer<A: std::fmt::Display>(
        &mut self,
        connection: &Connection,
        decision: &Decision<A>,
    ) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let Some(id) = game.asked().map(|asked| asked.id) else {
            return;
        };
        let action = decision.action.to_string();
        let text = ClientMessage::action(id, &action, decision.info.as_deref()).to_text();
        connection.send(text.clone());
        self.answered = Some((id, text));
        game.answered();
    }

    /// Reports the events past those reported.
    fn report_events(&mut self, report: &mut dyn FnMut(Progress<'_>)) {
        let Some(game) = &self.game else {
            return;
        };
        for (index, event) in game.history().iter().enumerate().skip(self.reported) {
            let action = event.view.to_string();
            report(Progress::Event {
                number: index + 1,
                actor: event.actor,
                action: &action,
                note: event.note.as_deref(),
            });
        }
        self.reported = self.reported.max(game.history().len());
    }
}
