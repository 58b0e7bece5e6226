//! A seat played from another terminal ([`play_seat`]): by any agent, or by a program
//! (`exec:COMMAND`), as `mousehole join --agent` does (the seat built by the bots' one
//! [`build_seat`]), or by whatever seat a front end makes ([`SeatMaker`]: a person at a
//! prompt). The seat is started with the seed the host gave it and asked with views made from
//! what the host sent ([`SeatGame`]), so it plays as it would sitting at the host.

use mousehole_bots::{ProgramOptions, SeatLabel, build_seat};
use mousehole_engine::rng::match_seed_of_agent;
use mousehole_engine::{Actor, Decision, GameSpec, Outcome, Seat};

use super::{ClientError, ClientEvent, Connection, SeatGame};
use crate::protocol::{AnswerMessage, ErrorKind, Incoming};
use crate::views::{NetGame, NetVisitor, visit};

/// Makes the seat a client plays, once the host said which game it is.
pub trait SeatMaker {
    /// The seat for game `G`.
    ///
    /// # Errors
    /// The seat cannot be made for this game (an agent's settings it does not take).
    fn make<G: NetGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError>;
}

/// A seat an agent or a program plays, built by the bots' one [`build_seat`].
#[derive(Debug)]
pub struct AgentPlayer<'a> {
    pub label: &'a SeatLabel,
    pub programs: &'a ProgramOptions,
}

impl SeatMaker for AgentPlayer<'_> {
    fn make<G: NetGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError> {
        let built = build_seat::<G>(self.label, self.programs)?.ok_or_else(|| {
            ClientError::Protocol(format!(
                "'{}' is a person's seat: a seat joined headless is played by an agent or a program",
                self.label
            ))
        })?;
        Ok(built.seat)
    }
}

/// What a seat's client reports as the game goes.
#[derive(Debug)]
pub enum Progress<'a> {
    /// An event, as the seat saw it, numbered from 1 in the game.
    Event {
        number: usize,
        actor: Actor,
        action: &'a str,
        note: Option<&'a str>,
    },
    /// The game began: the host's spec and this seat.
    Started {
        spec: &'a str,
        seat: usize,
    },
    /// A status line from the host (`waiting for seat 2 to reconnect`).
    Status(&'a str),
    /// The host refused something the client sent.
    Refused(&'a str),
    /// The connection dropped; the client tries to rejoin.
    Reconnecting(&'a str),
    Rejoined,
    /// The game is over (`None`: the host stopped it before its end).
    Over(Option<&'a Outcome>),
}

/// How a seat's game went.
#[derive(Clone, Debug, PartialEq)]
pub struct Joined {
    pub seat: usize,
    /// `None` if the game stopped before its end.
    pub outcome: Option<Outcome>,
    /// Events the seat saw.
    pub events: usize,
}

/// Plays the seat `connection` joined with the seat `maker` makes, until the host ends the
/// game, reporting each event as it comes and whatever else happens.
///
/// # Errors
/// A seat that cannot be made for the host's game, a host that sends what this client cannot
/// use, or a connection lost for good.
pub fn play_seat<M: SeatMaker>(
    connection: &Connection,
    maker: &M,
    report: &mut dyn FnMut(Progress<'_>),
) -> Result<Joined, ClientError> {
    let spec: GameSpec = connection.welcome().spec.parse()?;
    visit(
        &spec,
        Drive {
            connection,
            maker,
            report,
        },
    )?
}

struct Drive<'a, M> {
    connection: &'a Connection,
    maker: &'a M,
    report: &'a mut dyn FnMut(Progress<'_>),
}

impl<M: SeatMaker> NetVisitor for Drive<'_, M> {
    type Output = Result<Joined, ClientError>;

    fn visit<G: NetGame>(self, _config: G::Config) -> Result<Joined, ClientError> {
        let Drive {
            connection,
            maker,
            report,
        } = self;
        let mut player = maker.make::<G>()?;
        // Events reported so far (the host sends the game again after a rejoin).
        let mut reported = 0;
        let mut game: Option<SeatGame<G>> = None;
        // The last answer sent: after a rejoin the host asks the same act again, and is
        // answered the same without asking the player twice.
        let mut answered: Option<(u64, String)> = None;
        let protocol = |why: &str| ClientError::Protocol(why.to_owned());
        loop {
            let Some(event) = connection.next() else {
                return Err(ClientError::Lost {
                    within: std::time::Duration::ZERO,
                    why: "the network thread ended".into(),
                });
            };
            let message = match event {
                ClientEvent::Message(message) => message,
                ClientEvent::Reconnecting(why) => {
                    report(Progress::Reconnecting(&why));
                    continue;
                }
                ClientEvent::Rejoined => {
                    report(Progress::Rejoined);
                    continue;
                }
                ClientEvent::Unreadable(why) => {
                    report(Progress::Refused(&why));
                    continue;
                }
                ClientEvent::Closed(result) => {
                    result?;
                    break;
                }
            };
            match message {
                Incoming::NewGame {
                    spec,
                    players,
                    seat,
                    seed,
                    ..
                } => match &mut game {
                    Some(known) if known.is(&spec, seat, seed) => known.restart(),
                    _ => {
                        let new = SeatGame::<G>::new(&spec, players, seat, seed)?;
                        player.start(seat, new.config(), match_seed_of_agent(seed, seat));
                        report(Progress::Started { spec: &spec, seat });
                        answered = None;
                        game = Some(new);
                    }
                },
                Incoming::Events { events } => {
                    let game = game
                        .as_mut()
                        .ok_or_else(|| protocol("events before new_game"))?;
                    game.receive(&events)?;
                    report_events(game, &mut reported, report);
                }
                Incoming::Act {
                    id,
                    observation,
                    legal,
                    events,
                    ..
                } => {
                    let game = game
                        .as_mut()
                        .ok_or_else(|| protocol("an act before new_game"))?;
                    game.ask(id, observation, legal, &events)?;
                    report_events(game, &mut reported, report);
                    let text = match &answered {
                        Some((asked, text)) if *asked == id => text.clone(),
                        _ => {
                            let view = game.view().expect("a decision was just asked");
                            match player.decide(&view) {
                                Ok(decision) => answer_text(id, &decision),
                                Err(stop) => {
                                    return Err(ClientError::Protocol(format!(
                                        "the seat's player stopped: {}",
                                        stop.reason
                                    )));
                                }
                            }
                        }
                    };
                    connection.send(text.clone());
                    answered = Some((id, text));
                    game.answered();
                }
                Incoming::GameOver { outcome, events } => {
                    let game = game
                        .as_mut()
                        .ok_or_else(|| protocol("game_over before new_game"))?;
                    game.finish(outcome, &events)?;
                    report_events(game, &mut reported, report);
                    player.finish(&game.ending());
                    report(Progress::Over(
                        game.over().and_then(|over| over.outcome.as_ref()),
                    ));
                }
                Incoming::Status { text } => report(Progress::Status(&text)),
                Incoming::Error { error, message, .. } => {
                    report(Progress::Refused(&message));
                    if error == ErrorKind::Illegal {
                        // The player would answer the same again: nothing more to try.
                        return Err(ClientError::Refused {
                            kind: error,
                            message,
                        });
                    }
                }
                Incoming::Welcome { .. } | Incoming::Quit => {}
            }
        }
        let game = game.ok_or_else(|| protocol("the host ended before the game began"))?;
        Ok(Joined {
            seat: game.seat(),
            outcome: game.over().and_then(|over| over.outcome.clone()),
            events: game.history().len(),
        })
    }
}

/// Reports the events of `game` past `reported`.
fn report_events<G: NetGame>(
    game: &SeatGame<G>,
    reported: &mut usize,
    report: &mut dyn FnMut(Progress<'_>),
) {
    for (index, event) in game.history().iter().enumerate().skip(*reported) {
        let action = event.view.to_string();
        report(Progress::Event {
            number: index + 1,
            actor: event.actor,
            action: &action,
            note: event.note.as_deref(),
        });
    }
    *reported = (*reported).max(game.history().len());
}

/// The `action` answering act `id` with `decision` (and what the agent thought of it).
fn answer_text<A: std::fmt::Display>(id: u64, decision: &Decision<A>) -> String {
    serde_json::to_string(&AnswerMessage::Action {
        id,
        action: &decision.action.to_string(),
        info: decision.info.as_deref(),
    })
    .expect("answers serialise")
}
