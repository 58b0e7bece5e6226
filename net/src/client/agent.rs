//! A seat played from another terminal ([`play_seat`]): by any agent, or by a program
//! (`exec:COMMAND`), as `mousehole join --agent` does (the seat built by the bots' one
//! [`build_seat`]), or by whatever seat a front end makes ([`SeatMaker`]: a person at a
//! prompt). The seat is started with the seed the host gave it and asked with views made from
//! what the host sent ([`SeatGame`](super::SeatGame)), so it plays as it would sitting at the host.

use mousehole_bots::{ProgramOptions, SeatLabel, build_seat};
use mousehole_engine::naming::SeatNames;
use mousehole_engine::{Actor, GameSpec, Outcome, Seat};
use mousehole_protocol::Rematch;

use super::{ClientError, Connection, Flow, Follower};
use mousehole_bots::{BotGame, BotVisitor, visit};

/// Makes the seat a client plays, once the host said which game it is.
pub trait SeatMaker {
    /// The seat for game `G`.
    ///
    /// # Errors
    /// The seat cannot be made for this game (an agent's settings it does not take).
    fn make<G: BotGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError>;

    /// Whether the seat's player plays again when the host offers a rematch after a game
    /// (`asked` and `yes` as the host says, `within_ms` the time left to answer); `None`
    /// leaves it unanswered (the player did not say).
    fn rematch(&self, offer: &Rematch<'_>) -> Option<bool>;
}

/// A seat an agent or a program plays, built by the bots' one [`build_seat`].
#[derive(Debug)]
pub struct AgentPlayer<'a> {
    pub label: &'a SeatLabel,
    pub programs: &'a ProgramOptions,
    /// Whether it says yes to a rematch (`join --agent … --rematch`); else it plays one game.
    pub rematch: bool,
}

impl SeatMaker for AgentPlayer<'_> {
    fn make<G: BotGame>(&self) -> Result<Box<dyn Seat<G>>, ClientError> {
        let built = build_seat::<G>(self.label, self.programs)?.ok_or_else(|| {
            ClientError::Protocol(format!(
                "'{}' is a person's seat: a seat joined headless is played by an agent or a program",
                self.label
            ))
        })?;
        Ok(built.seat)
    }

    fn rematch(&self, _offer: &Rematch<'_>) -> Option<bool> {
        Some(self.rematch)
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
    /// The host offers a rematch after the game's end, or says how its offer stands: the
    /// seats asked, those that said yes, and the milliseconds left to answer.
    Rematch {
        asked: &'a [usize],
        yes: &'a [usize],
        within_ms: u64,
    },
}

/// How a rematch offer stands, in words: who said yes and whom it waits for (`yes: seat 0
/// (ann); waiting for you`), each seat named by `names`.
pub fn rematch_standing(asked: &[usize], yes: &[usize], names: &SeatNames) -> String {
    let waiting: Vec<usize> = asked
        .iter()
        .copied()
        .filter(|seat| !yes.contains(seat))
        .collect();
    let mut parts = Vec::new();
    if !yes.is_empty() {
        parts.push(format!("yes: {}", names.all(yes)));
    }
    if !waiting.is_empty() {
        parts.push(format!("waiting for {}", names.all(&waiting)));
    }
    parts.join("; ")
}

/// How a seat's game went.
#[derive(Clone, Debug, PartialEq)]
pub struct Joined {
    pub seat: usize,
    /// `None` if the game stopped before its end.
    pub outcome: Option<Outcome>,
    /// Events the seat saw.
    pub events: usize,
    /// How the game ended in words, as the host told the seat (`None` if it stopped before
    /// its end).
    pub ending: Option<mousehole_engine::HowItEnded>,
}

/// Plays the seat `connection` joined with the seat `maker` makes, until the host ends the
/// game (or, after each rematch `maker` says yes to, the games that follow), reporting each
/// event as it comes and whatever else happens. The result is the last game's.
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

impl<M: SeatMaker> BotVisitor for Drive<'_, M> {
    type Output = Result<Joined, ClientError>;

    fn visit<G: BotGame>(self, _config: G::Config) -> Result<Joined, ClientError> {
        let Drive {
            connection,
            maker,
            report,
        } = self;
        let mut player = maker.make::<G>()?;
        let mut follower = Follower::<G>::default();
        loop {
            let Some(event) = connection.next() else {
                return Err(ClientError::Lost {
                    within: std::time::Duration::ZERO,
                    why: "the network thread ended".into(),
                });
            };
            match follower.take(event, connection, report)? {
                Flow::Continue => {}
                Flow::Closed => break,
                Flow::Started => {
                    let game = follower.game().expect("a game began");
                    player.start(game.seat(), game.config(), game.agent_seed());
                }
                Flow::Ask => {
                    let game = follower.game().expect("a decision was asked");
                    let view = game.view().expect("a decision was asked");
                    match player.decide(&view) {
                        Ok(decision) => follower.answer(connection, &decision),
                        Err(stop) => {
                            return Err(ClientError::Protocol(format!(
                                "the seat's player stopped: {}",
                                stop.reason
                            )));
                        }
                    }
                }
                Flow::Over => player.finish(&follower.game().expect("a game ended").ending()),
                Flow::Rematch => {
                    let offer = follower.rematch().expect("a rematch was offered").clone();
                    if let Some(yes) = maker.rematch(&offer) {
                        follower.answer_rematch(connection, yes);
                    }
                }
            }
        }
        let game = follower
            .game()
            .ok_or_else(|| ClientError::Protocol("the host ended before the game began".into()))?;
        Ok(Joined {
            seat: game.seat(),
            outcome: game.over().and_then(|over| over.outcome.clone()),
            events: game.history().len(),
            ending: game.over().and_then(|over| over.ending.clone()),
        })
    }
}
