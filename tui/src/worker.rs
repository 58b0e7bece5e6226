//! The bots' thinking thread: one per game, owning the seats of every bot and program (built
//! by the bots' one [`build_seat`], as every front end builds them) and the hint searcher, so
//! the screen never waits on a search or a program. At the table each seat is a
//! [`ScreenSeat`], which the match driver starts, asks and tells the end like any seat: a
//! bot's forwards each of these to the thread (a decision as the match shows it,
//! [`PendingDecision`]) and answers "not yet" until the thread's [`Decision`] has come. A seat
//! decides there exactly as it would in [`Match::run`](mousehole_engine::Match::run), so the
//! same seed and seats play the same game in the TUI as in `mousehole play`, and an undo or a
//! resume goes on as the uninterrupted game would have (each decision draws from its own
//! stream, and a match taken back starts its seats again).
//!
//! The thread keeps its own copy of each seat's views of the events, sent a piece at a time
//! ([`NewViews`]): nothing grows with the game at a decision.
//!
//! Hints draw from streams of their own ([`mousehole_bots::analysis::hint`]) and change
//! nothing.
//!
//! [`Thinking::Inline`] does the same work on the caller's thread as each job is sent (the
//! tests: the same decisions, and nothing to wait for).

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::task::Poll;

use mousehole_bots::analysis;
use mousehole_bots::{
    Agent, AgentSpec, BotGame, LogEntry, ProgramOptions, SeatLabel, build_agent, build_seat,
};
use mousehole_engine::{
    Decision, DecisionInfo, DecisionView, Ending, Game, NewViews, Outcome, PendingDecision, Seat,
    SeenEvent, StopRequest,
};

/// What a seat answers: its decision, or a request to stop the match.
pub type Answer<G> = Result<Decision<<G as Game>::Action>, StopRequest>;

/// A question for the thinking thread.
pub enum Job<G: Game> {
    /// Seat `seat`'s match starts: its bot is told (a program starts), and its seed kept for
    /// its hints.
    Start {
        seat: usize,
        config: G::Config,
        agent_seed: u64,
    },
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
    /// Seat `seat`'s match is over: its bot is told how it ended, with its views of the
    /// events (of which it had been shown `seen_from` at its last decision).
    Finish {
        seat: usize,
        outcome: Option<Outcome>,
        views: NewViews<G::EventView>,
        seen_from: usize,
    },
}

/// An answer, with the ticket of the job it answers.
pub enum Reply<G: Game> {
    /// The seat's answer: a decision, or a request to stop the match (a program's seat whose
    /// fallback is to forfeit).
    Decided {
        ticket: u64,
        seat: usize,
        answer: Answer<G>,
    },
    /// The hint searcher's estimates, or how it failed.
    Hint {
        ticket: u64,
        result: Result<DecisionInfo, String>,
    },
    /// The bot panicked; the game cannot go on with it.
    Failed {
        ticket: u64,
        seat: usize,
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

/// The handle of a game's thinking thread: where jobs go ([`Worker::link`]) and answers come
/// back. Dropping it (and its links) ends the thread once its current search is done (nobody
/// waits for it), and with it the programs, which are told to quit.
pub struct Worker<G: Game> {
    link: Link<G>,
    replies: Receiver<Reply<G>>,
}

/// Where a job goes: to the thread, or to the bots themselves ([`Thinking::Inline`]).
pub struct Link<G: Game>(Jobs<G>);

enum Jobs<G: Game> {
    Thread(Sender<Job<G>>),
    Inline {
        bots: Rc<RefCell<Bots<G>>>,
        answers: Sender<Reply<G>>,
    },
}

impl<G: Game> Clone for Link<G> {
    fn clone(&self) -> Self {
        Link(match &self.0 {
            Jobs::Thread(jobs) => Jobs::Thread(jobs.clone()),
            Jobs::Inline { bots, answers } => Jobs::Inline {
                bots: Rc::clone(bots),
                answers: answers.clone(),
            },
        })
    }
}

impl<G: Game> std::fmt::Debug for Worker<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker").finish_non_exhaustive()
    }
}

/// What the thread owns: the seats that are not people's, the hint searcher, and its copy of
/// every seat's views of the events.
struct Bots<G: Game> {
    seats: Vec<Option<Box<dyn Seat<G> + Send>>>,
    hinter: Box<dyn Agent<G>>,
    agent_seeds: Vec<u64>,
    histories: Vec<Vec<SeenEvent<G::EventView>>>,
}

impl<G: BotGame> Worker<G> {
    /// Builds the seats `labels` names (a person's is left to the screen) and `hint` as the
    /// hint searcher, and starts the thread (unless `thinking` is [`Thinking::Inline`]).
    ///
    /// # Errors
    /// A seat that does not build for this game (a missing program, …), or no thread.
    pub fn start(
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
        let mut bots = Bots {
            hinter: build_agent::<G>(hint),
            agent_seeds: vec![0; seats.len()],
            histories: vec![Vec::new(); seats.len()],
            seats,
        };
        if thinking == Thinking::Inline {
            let link = Link(Jobs::Inline {
                bots: Rc::new(RefCell::new(bots)),
                answers,
            });
            return Ok(Self { link, replies });
        }
        let (jobs, job_queue) = mpsc::channel::<Job<G>>();
        std::thread::Builder::new()
            .name("bots".into())
            .spawn(move || {
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
            link: Link(Jobs::Thread(jobs)),
            replies,
        })
    }
}

impl<G: Game> Worker<G> {
    /// Where jobs go.
    pub fn link(&self) -> Link<G> {
        self.link.clone()
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

impl<G: Game> Link<G> {
    /// Hands a job to the thread (or, inline, does it).
    ///
    /// # Errors
    /// If the thread is gone.
    pub fn send(&self, job: Job<G>) -> Result<(), String> {
        match &self.0 {
            Jobs::Thread(jobs) => jobs
                .send(job)
                .map_err(|_| "the bots' thread has stopped".to_owned()),
            Jobs::Inline { bots, answers } => {
                if let Some(reply) = bots.borrow_mut().answer(job) {
                    // The receiver is the worker's own: it is there.
                    let _ = answers.send(reply);
                }
                Ok(())
            }
        }
    }
}

impl<G: Game> Bots<G> {
    /// Does what `job` asks; the reply, if it wants one.
    fn answer(&mut self, job: Job<G>) -> Option<Reply<G>> {
        Some(match job {
            Job::Start {
                seat,
                config,
                agent_seed,
            } => {
                self.agent_seeds[seat] = agent_seed;
                self.histories[seat].clear();
                if let Some(player) = &mut self.seats[seat] {
                    player.start(seat, &config, agent_seed);
                }
                return None;
            }
            Job::Decide { ticket, pending } => {
                let seat = pending.seat();
                let history = &mut self.histories[seat];
                pending.catch_up(history);
                let Some(player) = self.seats.get_mut(seat).and_then(Option::as_mut) else {
                    return Some(Reply::Failed {
                        ticket,
                        seat,
                        message: format!("seat {seat} has no bot"),
                    });
                };
                match unpanicked(seat, || player.decide(&pending.view(history))) {
                    Ok(answer) => Reply::Decided {
                        ticket,
                        seat,
                        answer,
                    },
                    Err(message) => Reply::Failed {
                        ticket,
                        seat,
                        message,
                    },
                }
            }
            Job::Hint { ticket, pending } => {
                let seat = pending.seat();
                let history = &mut self.histories[seat];
                pending.catch_up(history);
                let (hinter, agent_seed) = (&mut *self.hinter, self.agent_seeds[seat]);
                let result = unpanicked(seat, || {
                    analysis::hint(hinter, &pending.view(history), agent_seed)
                })
                .map(|decision| decision.info.map(|info| *info).unwrap_or_default());
                Reply::Hint { ticket, result }
            }
            Job::Finish {
                seat,
                outcome,
                views,
                seen_from,
            } => {
                let history = &mut self.histories[seat];
                views.catch_up(history);
                if let Some(player) = &mut self.seats[seat] {
                    player.finish(&Ending {
                        outcome: outcome.as_ref(),
                        history,
                        seen_from,
                    });
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

/// Where a [`ScreenSeat`] stands at the decision due.
enum Asking<G: Game> {
    /// Not asked.
    Idle,
    /// Asked: a person chooses on the screen (`None`), or the bots' thread thinks on the job
    /// with this ticket.
    Asked(Option<u64>),
    /// The answer, for the driver's next look.
    Answered(Answer<G>),
}

/// A seat at the TUI's table, answered elsewhere: a person's through the screen, a bot's on
/// the bots' thread. The driver polls it; it says "not yet" until its answer has come.
pub struct ScreenSeat<G: Game> {
    seat: usize,
    person: bool,
    link: Link<G>,
    /// How many of the seat's views the bots' thread holds.
    sent: usize,
    tickets: u64,
    asking: Asking<G>,
}

impl<G: Game> ScreenSeat<G> {
    /// Seat `seat`, a person's (answered through [`ScreenSeat::answer`]) or a bot's (asked
    /// through `link`).
    pub fn new(seat: usize, person: bool, link: Link<G>) -> Self {
        Self {
            seat,
            person,
            link,
            sent: 0,
            tickets: 0,
            asking: Asking::Idle,
        }
    }

    /// Whether the seat was asked and has not answered yet.
    pub fn is_asked(&self) -> bool {
        matches!(self.asking, Asking::Asked(_))
    }

    /// Whether the seat is a bot thinking on the job with `ticket`.
    pub fn expects(&self, ticket: u64) -> bool {
        matches!(self.asking, Asking::Asked(Some(asked)) if asked == ticket)
    }

    /// Whether the seat is a bot thinking on its decision.
    pub fn is_thinking(&self) -> bool {
        matches!(self.asking, Asking::Asked(Some(_)))
    }

    /// The answer: the person's choice, or the bots' thread's answer to the job with
    /// `ticket` (`None` for a person's). A stale one (the game went back since) is dropped;
    /// returns whether it was taken.
    pub fn answer(&mut self, ticket: Option<u64>, answer: Answer<G>) -> bool {
        let taken = match self.asking {
            Asking::Asked(asked) => asked == ticket,
            Asking::Idle | Asking::Answered(_) => false,
        };
        if taken {
            self.asking = Asking::Answered(answer);
        }
        taken
    }

    /// Forgets the decision asked (a failure, the game taken back).
    pub fn forget(&mut self) {
        self.asking = Asking::Idle;
    }

    /// Asks the hint searcher about this seat's decision `view`, as job `ticket`.
    ///
    /// # Errors
    /// If the bots' thread is gone.
    pub fn hint(&mut self, view: &DecisionView<'_, G>, ticket: u64) -> Result<(), String> {
        let pending = PendingDecision::of(view, self.sent);
        let views = pending.views();
        self.link.send(Job::Hint { ticket, pending })?;
        self.sent = views;
        Ok(())
    }
}

impl<G: Game> Seat<G> for ScreenSeat<G> {
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        self.asking = Asking::Idle;
        self.sent = 0;
        // A thread that is gone is noticed when a bot is asked.
        let _ = self.link.send(Job::Start {
            seat,
            config: config.clone(),
            agent_seed,
        });
    }

    /// A screen's seat is polled ([`Seat::poll`]); asked to answer at once, it has nothing to
    /// say but that.
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Answer<G> {
        match self.poll(view) {
            Poll::Ready(answer) => answer,
            Poll::Pending => Err(StopRequest::quit(format!(
                "seat {} answers on the screen, not at once",
                self.seat
            ))),
        }
    }

    fn poll(&mut self, view: &DecisionView<'_, G>) -> Poll<Answer<G>> {
        match std::mem::replace(&mut self.asking, Asking::Idle) {
            Asking::Answered(answer) => Poll::Ready(answer),
            Asking::Asked(ticket) => {
                self.asking = Asking::Asked(ticket);
                Poll::Pending
            }
            Asking::Idle if self.person => {
                self.asking = Asking::Asked(None);
                Poll::Pending
            }
            Asking::Idle => {
                self.tickets += 1;
                let ticket = self.tickets;
                let pending = PendingDecision::of(view, self.sent);
                let views = pending.views();
                match self.link.send(Job::Decide { ticket, pending }) {
                    Ok(()) => {
                        self.sent = views;
                        self.asking = Asking::Asked(Some(ticket));
                        Poll::Pending
                    }
                    Err(message) => Poll::Ready(Err(StopRequest::quit(message))),
                }
            }
        }
    }

    fn may_wait(&self) -> bool {
        self.person
    }

    fn wants_views(&self) -> bool {
        true
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        self.asking = Asking::Idle;
        let views = NewViews::of(ending.history, self.sent);
        self.sent = views.len();
        // A thread that is gone has no seat left to tell.
        let _ = self.link.send(Job::Finish {
            seat: self.seat,
            outcome: ending.outcome.cloned(),
            views,
            seen_from: ending.seen_from,
        });
    }
}
