//! The bots' thinking thread: one per game, owning the bots of every bot seat and the hint
//! searcher, so the screen never waits on a search. It is given owned copies of what it needs
//! (the state, to build the seat's [`DecisionView`] from) and sends back the [`Decision`].
//!
//! Every decision draws from its own random stream: stream `n` (the number of events before
//! it) of the seat's agent seed. A bot's move therefore depends only on the seed, the seat
//! and the position, so undo and resume give the bots the moves they would have made in the
//! uninterrupted game. Hints draw from streams of their own and change nothing.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use mousehole_bots::{Agent, AgentSpec, BotGame, build_agent};
use mousehole_engine::rng::{agent_seed, stream};
use mousehole_engine::{Decision, DecisionInfo, DecisionView, Game, SeenEvent, ToMove};

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
        bots: &[Option<AgentSpec>],
        hint: &AgentSpec,
    ) -> Result<Self, String> {
        let mut agents: Vec<Option<Box<dyn Agent<G>>>> = Vec::with_capacity(bots.len());
        for (seat, spec) in bots.iter().enumerate() {
            agents.push(match spec {
                Some(spec) => {
                    let mut agent =
                        build_agent::<G>(spec).map_err(|e| format!("seat {seat}: {e}"))?;
                    agent.new_game(seat, config, agent_seed(seed, seat));
                    Some(agent)
                }
                None => None,
            });
        }
        let mut hinter = build_agent::<G>(hint).map_err(|e| format!("hints: {e}"))?;
        let (jobs, job_queue) = mpsc::channel::<Job<G>>();
        let (answers, replies) = mpsc::channel::<Reply<G>>();
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
                        } => match agents.get_mut(seat).and_then(Option::as_mut) {
                            Some(agent) => {
                                let rng = stream(agent_seed(seed, seat), index as u64);
                                match think(agent.as_mut(), &state, seat, &history, rng) {
                                    Ok(decision) => Reply::Decided {
                                        ticket,
                                        seat,
                                        decision,
                                    },
                                    Err(message) => Reply::Failed { ticket, message },
                                }
                            }
                            None => Reply::Failed {
                                ticket,
                                message: format!("seat {seat} has no bot"),
                            },
                        },
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
