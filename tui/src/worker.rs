//! The bots' thinking thread: one per game, owning the seats of every bot and program (built
//! by the bots' one [`build_seat`], as every front end builds them) and the hint searcher, so
//! the screen never waits on a search or a program. It is sent the decision a seat is to make
//! as the match shows it ([`PendingDecision`]) and sends back the [`Decision`]: a seat decides
//! here exactly as it would in [`Match::run`](mousehole_engine::Match::run), so the same seed
//! and seats play the same game in the TUI as in `mousehole play`, and an undo or a resume
//! goes on as the uninterrupted game would have (each decision draws from its own stream,
//! and a program's seat tells it a new game began when the game went back).
//!
//! Hints draw from streams of their own ([`AgentStreams::hint`]) and change nothing.
//!
//! [`Thinking::Inline`] does the same work on the caller's thread as each job is sent (the
//! tests: the same decisions, and nothing to wait for).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use mousehole_bots::{
    Agent, AgentSpec, BotGame, LogEntry, ProgramOptions, SeatLabel, build_agent, build_seat,
};
use mousehole_engine::rng::AgentStreams;
use mousehole_engine::{
    Decision, DecisionInfo, Ending, Game, Outcome, PendingDecision, Seat, SeenEvent, StopRequest,
};

/// A question for the thinking thread.
pub enum Job<G: Game> {
    /// The seat of the pending decision decides.
    Decide {
        ticket: u64,
        pending: PendingDecision<G>,
    },
    /// The hint searcher estimates every legal action of the pending decision.
    Hint {
        ticket: u64,
        pending: PendingDecision<G>,
    },
    /// The match is over: every seat is told how it ended, with its views of the events
    /// (`histories`, by seat: every view, and how many of them it had been shown at its last
    /// decision).
    GameOver {
        outcome: Option<Outcome>,
        histories: Vec<(Vec<SeenEvent<G::EventView>>, usize)>,
    },
}

/// An answer, with the ticket of the job it answers.
pub enum Reply<G: Game> {
    Decided {
        ticket: u64,
        seat: usize,
        decision: Decision<G::Action>,
    },
    /// The seat asked to stop the match (a program's seat whose fallback is to forfeit).
    Stopped {
        ticket: u64,
        seat: usize,
        request: StopRequest,
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

/// Where the bots think: the bots' thread or, for tests, the caller's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Thinking {
    /// On a thread of their own, so the screen never waits on a search or a program.
    #[default]
    Threaded,
    /// On the caller's thread, as each job (a decision, a hint, a review) is handed over: the
    /// answer is there at the next look, the same answer the thread gives (every decision
    /// draws from its own stream). The tests drive the app this way, so none waits on a thread.
    Inline,
}

/// The handle of a game's thinking thread. Dropping it ends the thread once its current
/// search is done (nobody waits for it), and with it the programs, which are told to quit.
pub struct Worker<G: Game> {
    jobs: Jobs<G>,
    replies: Receiver<Reply<G>>,
}

/// Where a job goes: to the thread, or to the bots themselves ([`Thinking::Inline`]).
enum Jobs<G: Game> {
    Thread(Sender<Job<G>>),
    Inline {
        bots: Box<Bots<G>>,
        answers: Sender<Reply<G>>,
    },
}

impl<G: Game> std::fmt::Debug for Worker<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker").finish_non_exhaustive()
    }
}

/// What the thread owns: the seats that are not people's, and the hint searcher.
struct Bots<G: Game> {
    seats: Vec<Option<Box<dyn Seat<G> + Send>>>,
    hinter: Box<dyn Agent<G>>,
    seed: u64,
}

impl<G: BotGame> Worker<G> {
    /// Builds the seats `labels` names (a person's is left to the screen) for a game of
    /// `config` with match seed `seed`, and `hint` as the hint searcher, and starts the
    /// thread (unless `thinking` is [`Thinking::Inline`]), which tells every seat the match
    /// starts (programs start there).
    ///
    /// # Errors
    /// A seat that does not build for this game (a missing program, …), or no thread.
    pub fn start(
        config: &G::Config,
        seed: u64,
        labels: &[SeatLabel],
        hint: &AgentSpec,
        thinking: Thinking,
    ) -> Result<Self, String> {
        let (answers, replies) = mpsc::channel::<Reply<G>>();
        let notices = answers.clone();
        let programs = ProgramOptions {
            log: Some(Arc::new(move || {
                let notices = notices.clone();
                Box::new(move |entry: &LogEntry| {
                    if entry.is_wrong() {
                        // Nobody to tell once the game is gone.
                        let _ = notices.send(Reply::Notice(entry.to_string()));
                    }
                })
            })),
            ..ProgramOptions::default()
        };
        let seats = labels
            .iter()
            .enumerate()
            .map(|(seat, label)| {
                build_seat::<G>(label, &programs)
                    .map(|built| built.map(|bot| bot.seat))
                    .map_err(|e| format!("seat {seat}: {e}"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let hinter = build_agent::<G>(hint);
        let mut bots = Bots {
            seats,
            hinter,
            seed,
        };
        if thinking == Thinking::Inline {
            bots.start(config);
            let jobs = Jobs::Inline {
                bots: Box::new(bots),
                answers,
            };
            return Ok(Self { jobs, replies });
        }
        let config = config.clone();
        let (jobs, job_queue) = mpsc::channel::<Job<G>>();
        std::thread::Builder::new()
            .name("bots".into())
            .spawn(move || {
                bots.start(&config);
                for job in job_queue {
                    if let Some(reply) = bots.answer(job)
                        && answers.send(reply).is_err()
                    {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start the bots' thread: {e}"))?;
        Ok(Self {
            jobs: Jobs::Thread(jobs),
            replies,
        })
    }

    /// Hands a job to the thread (or, inline, does it).
    ///
    /// # Errors
    /// If the thread is gone.
    pub fn send(&mut self, job: Job<G>) -> Result<(), String> {
        match &mut self.jobs {
            Jobs::Thread(jobs) => jobs
                .send(job)
                .map_err(|_| "the bots' thread has stopped".to_owned()),
            Jobs::Inline { bots, answers } => {
                if let Some(reply) = bots.answer(job) {
                    // The receiver is this worker's own: it is there.
                    let _ = answers.send(reply);
                }
                Ok(())
            }
        }
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

impl<G: Game> Bots<G> {
    /// Tells every seat the match starts (programs start here).
    fn start(&mut self, config: &G::Config) {
        for (index, seat) in self.seats.iter_mut().enumerate() {
            if let Some(seat) = seat {
                seat.start(index, config, self.seed);
            }
        }
    }

    /// Does what `job` asks; the reply, if it wants one.
    fn answer(&mut self, job: Job<G>) -> Option<Reply<G>> {
        Some(match job {
            Job::Decide { ticket, pending } => {
                let seat = pending.seat();
                let Some(player) = self.seats.get_mut(seat).and_then(Option::as_mut) else {
                    return Some(Reply::Failed {
                        ticket,
                        message: format!("seat {seat} has no bot"),
                    });
                };
                match unpanicked(seat, || player.decide(&pending.view())) {
                    Ok(Ok(decision)) => Reply::Decided {
                        ticket,
                        seat,
                        decision,
                    },
                    Ok(Err(request)) => Reply::Stopped {
                        ticket,
                        seat,
                        request,
                    },
                    Err(message) => Reply::Failed { ticket, message },
                }
            }
            Job::Hint { ticket, pending } => {
                let seat = pending.seat();
                let mut rng = AgentStreams::new(self.seed, seat).hint(pending.events());
                let hinter = &mut self.hinter;
                match unpanicked(seat, || hinter.act(&pending.view(), &mut rng)) {
                    Ok(decision) => Reply::Hint {
                        ticket,
                        info: decision.info.map(|info| *info).unwrap_or_default(),
                    },
                    Err(message) => Reply::Failed { ticket, message },
                }
            }
            Job::GameOver { outcome, histories } => {
                for (seat, (history, seen_from)) in self.seats.iter_mut().zip(&histories) {
                    if let Some(seat) = seat {
                        seat.finish(&Ending {
                            outcome: outcome.as_ref(),
                            history,
                            seen_from: *seen_from,
                        });
                    }
                }
                return None;
            }
        })
    }
}

/// Runs a bot's work, a panic turned into a message.
fn unpanicked<T>(seat: usize, work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
        let text = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        format!("the bot of seat {seat} failed: {text}")
    })
}
