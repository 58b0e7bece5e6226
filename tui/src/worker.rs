//! The bots' thinking thread: one per game, owning the bots of every bot seat (agents of this
//! process, and programs speaking the external-agent protocol) and the hint searcher, so the
//! screen never waits on a search or a program. It is given owned copies of what it needs (the
//! state, to build the seat's [`DecisionView`] from) and sends back the [`Decision`].
//!
//! A program remembers what it was told, so the thread keeps the events each one has been
//! sent. When the game has not simply gone on from there (an undo went back, or went back and
//! took another way) the program is told a new game began and is sent the events from the
//! start again.
//!
//! Every decision draws from its own random stream: stream `n` (the number of events before
//! it) of the seat's agent seed. A bot's move therefore depends only on the seed, the seat
//! and the position, so undo and resume give the bots the moves they would have made in the
//! uninterrupted game. Hints draw from streams of their own and change nothing.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use mousehole_bots::external::LogEntry;
use mousehole_bots::{
    Agent, AgentSpec, BotGame, ExternalCommand, ExternalSeat, ExternalSettings, FallbackSpec,
    build_agent,
};
use mousehole_engine::rng::{agent_seed, stream};
use mousehole_engine::{
    Decision, DecisionInfo, DecisionView, Game, Outcome, Seat, SeenEvent, ToMove,
};

/// Hint searches draw from the seat's streams from here on (no game has this many events).
const HINT_STREAMS: u64 = 1 << 40;

/// A question for the thinking thread.
pub enum Job<G: Game> {
    /// The bot of `seat` decides at `state`, the position after `index` events, with the
    /// seat's views of those events (`history`).
    Decide {
        ticket: u64,
        seat: usize,
        index: usize,
        state: G,
        history: Vec<SeenEvent<G::EventView>>,
    },
    /// The hint searcher estimates every legal action of `seat` at `state`.
    Hint {
        ticket: u64,
        seat: usize,
        index: usize,
        state: G,
        history: Vec<SeenEvent<G::EventView>>,
    },
    /// The game is over: the programs are told how it ended, each with its seat's views of
    /// every event (`histories`, by seat).
    GameOver {
        outcome: Option<Outcome>,
        histories: Vec<Vec<SeenEvent<G::EventView>>>,
    },
}

/// Who plays a seat that is not a person's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatBot {
    Agent(AgentSpec),
    /// A program speaking the external-agent protocol, with the protocol's default deadline
    /// and a random fallback.
    Program(ExternalCommand),
}

/// A bot seat on the thread.
enum Player<G: BotGame> {
    Agent(Box<dyn Agent<G>>),
    Program {
        seat: Box<ExternalSeat<G>>,
        /// The seat's views of the events the program has been sent, once it has been told
        /// the game began.
        told: Option<Vec<SeenEvent<G::EventView>>>,
    },
}

/// An answer, with the ticket of the job it answers.
pub enum Reply<G: Game> {
    Decided {
        ticket: u64,
        seat: usize,
        decision: Decision<G::Action>,
    },
    Hint {
        ticket: u64,
        info: DecisionInfo,
    },
    /// The bot panicked; the game cannot go on with it.
    Failed {
        ticket: u64,
        message: String,
    },
    /// A program's seat went wrong (a fault, a program that would not start or had to be
    /// killed); the fallback decided, and the game goes on.
    Notice(String),
}

/// The handle of a game's thinking thread. Dropping it ends the thread once its current
/// search is done (nobody waits for it).
pub struct Worker<G: Game> {
    jobs: Sender<Job<G>>,
    replies: Receiver<Reply<G>>,
}

impl<G: Game> std::fmt::Debug for Worker<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker").finish_non_exhaustive()
    }
}

impl<G: BotGame> Worker<G> {
    /// Starts the thread with the bots of `bots` (`None` for a person's seat) for a game of
    /// `config` with match seed `seed`, and `hint` as the hint searcher.
    ///
    /// # Errors
    /// A bot spec that does not build for this game, or no thread.
    pub fn start(
        config: &G::Config,
        seed: u64,
        bots: &[Option<SeatBot>],
        hint: &AgentSpec,
    ) -> Result<Self, String> {
        let (answers, replies) = mpsc::channel::<Reply<G>>();
        let mut players: Vec<Option<Player<G>>> = Vec::with_capacity(bots.len());
        for (seat, bot) in bots.iter().enumerate() {
            players.push(match bot {
                Some(SeatBot::Agent(spec)) => {
                    let mut agent =
                        build_agent::<G>(spec).map_err(|e| format!("seat {seat}: {e}"))?;
                    agent.new_game(seat, config, agent_seed(seed, seat));
                    Some(Player::Agent(agent))
                }
                Some(SeatBot::Program(command)) => {
                    command.check().map_err(|e| format!("seat {seat}: {e}"))?;
                    let fallback = FallbackSpec::default()
                        .build::<G>()
                        .map_err(|e| format!("seat {seat}: {e}"))?;
                    let notices = answers.clone();
                    let program =
                        ExternalSeat::new(command.clone(), ExternalSettings::default(), fallback)
                            .with_log(Box::new(move |entry: &LogEntry| {
                                if entry.is_wrong() {
                                    // Nobody to tell once the game is gone.
                                    let _ = notices.send(Reply::Notice(entry.to_string()));
                                }
                            }));
                    Some(Player::Program {
                        seat: Box::new(program),
                        told: None,
                    })
                }
                None => None,
            });
        }
        let mut hinter = build_agent::<G>(hint).map_err(|e| format!("hints: {e}"))?;
        let config = config.clone();
        let (jobs, job_queue) = mpsc::channel::<Job<G>>();
        std::thread::Builder::new()
            .name("bots".into())
            .spawn(move || {
                for job in job_queue {
                    let reply = match job {
                        Job::Decide {
                            ticket,
                            seat,
                            index,
                            state,
                            history,
                        } => {
                            let decided = match players.get_mut(seat).and_then(Option::as_mut) {
                                Some(Player::Agent(agent)) => {
                                    let rng = stream(agent_seed(seed, seat), index as u64);
                                    think(agent.as_mut(), &state, seat, &history, rng)
                                }
                                Some(Player::Program {
                                    seat: program,
                                    told,
                                }) => ask_program(
                                    program, told, &config, seed, &state, seat, &history,
                                ),
                                None => Err(format!("seat {seat} has no bot")),
                            };
                            match decided {
                                Ok(decision) => Reply::Decided {
                                    ticket,
                                    seat,
                                    decision,
                                },
                                Err(message) => Reply::Failed { ticket, message },
                            }
                        }
                        Job::Hint {
                            ticket,
                            seat,
                            index,
                            state,
                            history,
                        } => {
                            let rng = stream(agent_seed(seed, seat), HINT_STREAMS + index as u64);
                            match think(hinter.as_mut(), &state, seat, &history, rng) {
                                Ok(decision) => Reply::Hint {
                                    ticket,
                                    info: decision.info.map(|info| *info).unwrap_or_default(),
                                },
                                Err(message) => Reply::Failed { ticket, message },
                            }
                        }
                        Job::GameOver { outcome, histories } => {
                            for (seat, (player, history)) in
                                players.iter_mut().zip(&histories).enumerate()
                            {
                                // A program never asked to decide was never started.
                                if let Some(Player::Program {
                                    seat: program,
                                    told: told @ Some(_),
                                }) = player
                                {
                                    let already_sent =
                                        catch_up(program, told, &config, seed, seat, history);
                                    program.finish(outcome.as_ref(), &history[already_sent..]);
                                }
                            }
                            continue;
                        }
                    };
                    if answers.send(reply).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start the bots' thread: {e}"))?;
        Ok(Self { jobs, replies })
    }

    /// Hands a job to the thread.
    ///
    /// # Errors
    /// If the thread is gone.
    pub fn send(&self, job: Job<G>) -> Result<(), String> {
        self.jobs
            .send(job)
            .map_err(|_| "the bots' thread has stopped".to_owned())
    }

    /// The next answer, if one has come.
    ///
    /// # Errors
    /// If the thread is gone.
    pub fn try_recv(&self) -> Result<Option<Reply<G>>, String> {
        match self.replies.try_recv() {
            Ok(reply) => Ok(Some(reply)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err("the bots' thread has stopped".to_owned()),
        }
    }
}

/// One decision of a program for `seat` at `state`, after it is brought up to `history`
/// ([`catch_up`]). Faults are the seat's business (its fallback decides, and the log says
/// so); only a stop (a forfeit) ends the game.
fn ask_program<G: BotGame>(
    program: &mut ExternalSeat<G>,
    told: &mut Option<Vec<SeenEvent<G::EventView>>>,
    config: &G::Config,
    seed: u64,
    state: &G,
    seat: usize,
    history: &[SeenEvent<G::EventView>],
) -> Result<Decision<G::Action>, String> {
    if state.to_move() != ToMove::Player(seat) {
        return Err(format!("seat {seat} is not to move"));
    }
    let already_sent = catch_up(program, told, config, seed, seat, history);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let view = DecisionView::new(state, seat, &legal)
        .with_history(history)
        .with_seen_from(already_sent);
    program.decide(&view).map_err(|stop| stop.reason)
}

/// Brings a program up to `history`, the seat's views of the events so far: told a game
/// began if it has not been, or if the game did not simply go on from what it was told
/// (each later message of a game that goes on follows at least the seat's own previous
/// decision). Returns how many of the events it had already been sent; it is about to be
/// sent the rest, and `told` records them all.
fn catch_up<G: BotGame>(
    program: &mut ExternalSeat<G>,
    told: &mut Option<Vec<SeenEvent<G::EventView>>>,
    config: &G::Config,
    seed: u64,
    seat: usize,
    history: &[SeenEvent<G::EventView>],
) -> usize {
    let told = match told {
        Some(told) if history.len() > told.len() && history.starts_with(told) => told,
        _ => {
            program.start(seat, config, seed);
            told.insert(Vec::new())
        }
    };
    let already_sent = told.len();
    told.extend_from_slice(&history[already_sent..]);
    already_sent
}

/// One decision of `agent` for `seat` at `state`, after the events the seat saw as
/// `history`; a panic turned into a message.
fn think<G: Game>(
    agent: &mut dyn Agent<G>,
    state: &G,
    seat: usize,
    history: &[SeenEvent<G::EventView>],
    mut rng: mousehole_engine::GameRng,
) -> Result<Decision<G::Action>, String> {
    if state.to_move() != ToMove::Player(seat) {
        return Err(format!("seat {seat} is not to move"));
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let view = DecisionView::new(state, seat, &legal).with_history(history);
    catch_unwind(AssertUnwindSafe(|| agent.act(&view, &mut rng))).map_err(|panic| {
        let text = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        format!("the bot of seat {seat} failed: {text}")
    })
}
