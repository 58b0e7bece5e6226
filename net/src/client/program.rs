//! [`serve_program`]: a seat played as an external agent program (PROTOCOL.md,
//! `mousehole-agent/2`): the host's messages read from one stream, the replies written to
//! another, one JSON line each. `mousehole agent SPEC` serves a built-in agent this way on
//! standard input and output, so any host speaking the protocol — another build of mousehole
//! among them (`exec:mousehole agent expert`) — seats this build's bot, and it plays there as it
//! plays built in: started with the seed the host gave it and asked with views made from what
//! the host sent ([`SeatGame`]), like a seat joined over the network.

use std::borrow::Cow;
use std::io::{BufRead, Write};

use mousehole_bots::{BotGame, BotVisitor, visit};
use mousehole_engine::text::shown;
use mousehole_engine::{GameSpec, Seat};
use mousehole_protocol::{AgentHello, ClientMessage, HostMessage, PROTOCOL, parse_host};

use super::{ClientError, SeatGame, SeatMaker};

/// The name a served agent gives in its `hello`.
const NAME: &str = "mousehole";

/// Serves the seat `maker` makes to the host writing `input` and reading `output`, game after
/// game, until the host says `quit` or closes `input`. Returns how many games began.
///
/// # Errors
/// A line that is not a message of the protocol, a game, observation or action this build
/// does not know, a seat that cannot be made for the host's game, or a stream that fails
/// ([`ClientError::Pipe`]; a host that went away is a broken pipe).
pub fn serve_program<M: SeatMaker>(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    maker: &M,
) -> Result<usize, ClientError> {
    let mut pipe = Pipe {
        input,
        output,
        line: String::new(),
        number: 0,
    };
    let mut games = 0;
    let mut next = None;
    loop {
        let message = match next.take() {
            Some(message) => message,
            None => match pipe.read()? {
                Some(message) => message,
                None => return Ok(games),
            },
        };
        match message {
            HostMessage::Hello { .. } => pipe.write(&ClientMessage::Hello(AgentHello {
                name: Some(NAME.to_owned()),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
                protocol: Some(PROTOCOL.to_owned()),
            }))?,
            HostMessage::NewGame {
                spec,
                players,
                seat,
                seed,
                ..
            } => {
                let parsed: GameSpec = spec.parse()?;
                games += 1;
                let game = PlayGame {
                    pipe: &mut pipe,
                    maker,
                    spec: &spec,
                    players,
                    seat,
                    seed,
                };
                match visit(&parsed, game)?? {
                    GameEnd::Over => {}
                    GameEnd::Quit | GameEnd::Closed => return Ok(games),
                    GameEnd::Next(message) => next = Some(message),
                }
            }
            HostMessage::Quit => return Ok(games),
            HostMessage::Act(act) => {
                return Err(ClientError::Protocol(format!(
                    "act {} came before any new_game",
                    act.id
                )));
            }
            // Between games nothing else asks anything of the seat (a rematch is offered to
            // network clients alone).
            HostMessage::Welcome(_)
            | HostMessage::Rematch(_)
            | HostMessage::Events { .. }
            | HostMessage::GameOver { .. }
            | HostMessage::Status { .. }
            | HostMessage::Error { .. } => {}
        }
    }
}

/// The two streams, read a line at a time and written a line at a time.
struct Pipe<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
    line: String,
    /// Lines read so far, for messages about a bad one.
    number: usize,
}

impl Pipe<'_> {
    /// The next message (blank lines skipped), or `None` once the host closed the stream.
    fn read(&mut self) -> Result<Option<HostMessage<'static>>, ClientError> {
        loop {
            self.line.clear();
            if self
                .input
                .read_line(&mut self.line)
                .map_err(ClientError::Pipe)?
                == 0
            {
                return Ok(None);
            }
            self.number += 1;
            let text = self.line.trim();
            if text.is_empty() {
                continue;
            }
            return parse_host(text).map(Some).map_err(|problem| {
                ClientError::Protocol(format!(
                    "line {} is not a message of the agent protocol ({problem}): {}",
                    self.number,
                    shown(&mousehole_engine::text::cut(text, 200))
                ))
            });
        }
    }

    /// Writes one reply line and flushes it: the host is waiting for it.
    fn write(&mut self, reply: &ClientMessage<'_>) -> Result<(), ClientError> {
        self.output
            .write_all(&reply.to_line())
            .map_err(ClientError::Pipe)?;
        self.output.flush().map_err(ClientError::Pipe)
    }
}

/// How one game's messages ended.
enum GameEnd {
    /// `game_over`: the next game may follow.
    Over,
    /// `quit`.
    Quit,
    /// The host closed the stream.
    Closed,
    /// A `new_game` before this game's `game_over` (the host stopped this one).
    Next(HostMessage<'static>),
}

/// Plays the game a `new_game` named, until its end.
struct PlayGame<'p, 'a, M> {
    pipe: &'p mut Pipe<'a>,
    maker: &'p M,
    spec: &'p str,
    players: usize,
    seat: usize,
    seed: u64,
}

impl<M: SeatMaker> BotVisitor for PlayGame<'_, '_, M> {
    type Output = Result<GameEnd, ClientError>;

    fn visit<G: BotGame>(self, _config: G::Config) -> Self::Output {
        let PlayGame {
            pipe,
            maker,
            spec,
            players,
            seat,
            seed,
        } = self;
        let mut game = SeatGame::<G>::new(spec, players, seat, seed)?;
        let mut player = maker.make::<G>()?;
        // The agent seed the host sent: the seat's random streams are the ones it would have
        // at the host's own table.
        player.start(seat, game.config(), seed);
        pipe.write(&ClientMessage::Ready)?;
        loop {
            let Some(message) = pipe.read()? else {
                player.finish(&game.ending());
                return Ok(GameEnd::Closed);
            };
            match message {
                HostMessage::Act(act) => {
                    let id = act.id;
                    game.ask(act)?;
                    let view = game.view().expect("a decision was just asked");
                    let decision = player.decide(&view).map_err(|stop| {
                        ClientError::Protocol(format!("the seat's player stopped: {}", stop.reason))
                    })?;
                    let action = decision.action.to_string();
                    pipe.write(&ClientMessage::action(
                        id,
                        &action,
                        decision.info.as_deref(),
                    ))?;
                    game.answered();
                }
                HostMessage::Events {
                    events,
                    observation,
                } => {
                    game.receive(&events)?;
                    if let Some(observation) = observation {
                        game.observe(observation)?;
                    }
                }
                HostMessage::GameOver {
                    outcome,
                    events,
                    ending,
                } => {
                    let ending = ending.map(Cow::into_owned);
                    game.finish(outcome.map(Cow::into_owned), &events, None, ending)?;
                    player.finish(&game.ending());
                    return Ok(GameEnd::Over);
                }
                HostMessage::Quit => {
                    player.finish(&game.ending());
                    return Ok(GameEnd::Quit);
                }
                message @ HostMessage::NewGame { .. } => {
                    player.finish(&game.ending());
                    return Ok(GameEnd::Next(message));
                }
                HostMessage::Hello { .. }
                | HostMessage::Welcome(_)
                | HostMessage::Rematch(_)
                | HostMessage::Status { .. }
                | HostMessage::Error { .. } => {}
            }
        }
    }
}
