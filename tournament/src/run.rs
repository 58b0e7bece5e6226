//! Playing a tournament (or one shard of it) on many threads with the same results as on one.
//!
//! Workers take deals in order from a sync counter and play each deal's seatings on their
//! own match and seats. Finished deals go to the calling thread, which puts them back in
//! order in a reorder buffer and hands them on one by one: to the tally (so the order-
//! dependent rating sees the canonical order) and to the caller's sink (transcripts, a part
//! file). A worker may run at most a window of deals ahead of the next one due, so the buffer
//! and memory stay bounded however many games are played.
//!
//! Nothing depends on which thread played what: a deal's games are fixed by the plan (seed and
//! seating) and every agent's randomness comes from its match seed and seat. Agents that keep
//! memory across games (rather than only within one, as the agent contract says) would break
//! this.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use mousehole_bots::{BotGame, BotVisitor, visit};
use mousehole_engine::{
    Game, GameConfig, Match, MatchEnd, Outcome, Seat, StopRequest, Table, Transcript,
};
use serde::Serialize;

use crate::error::TournamentError;
use crate::plan::{Plan, Shard};
use crate::record::{DealRecord, GameRecord, SeatResult};
use crate::seats::{TimedSeat, seat_for};
use crate::tally::Tally;

/// How to run: threads, which shard, whether to keep transcripts, and a flag to stop early.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads (at least 1).
    pub jobs: usize,
    pub shard: Shard,
    /// Build each game's transcript (a JSON line) for the sink.
    pub transcripts: bool,
    /// Set it (from a Ctrl-C handler, say) to stop: workers take no new deal, finish or drop
    /// their current game, and the run ends with the deals completed in order so far.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for RunOptions {
    /// All cores, the whole tournament, no transcripts, no stop flag.
    fn default() -> Self {
        Self {
            jobs: std::thread::available_parallelism().map_or(1, usize::from),
            shard: Shard::WHOLE,
            transcripts: false,
            stop: None,
        }
    }
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games finished (not all of them handed on yet).
    pub games_done: u64,
    /// Games this run (this shard) plays in all.
    pub games_total: u64,
}

/// Receives a run's deals in canonical order, and its progress.
pub trait DealSink {
    /// The next deal, with one transcript JSON line per game if transcripts were asked for.
    ///
    /// # Errors
    /// Stops the run (a file that cannot be written).
    fn deal(&mut self, deal: &DealRecord, transcripts: &[String]) -> Result<(), TournamentError>;

    /// Called now and then while the run goes, and once at its end.
    fn progress(&mut self, progress: Progress) {
        let _ = progress;
    }
}

/// A sink that keeps nothing.
impl DealSink for () {
    fn deal(&mut self, _deal: &DealRecord, _transcripts: &[String]) -> Result<(), TournamentError> {
        Ok(())
    }
}

/// What a run played.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub tally: Tally,
    pub shard: Shard,
    /// Deals this shard plays in all.
    pub deals_planned: u64,
    /// Stopped by the stop flag before every deal was played.
    pub interrupted: bool,
    pub elapsed: Duration,
}

/// Plays `plan` (the deals of `options.shard`), handing each deal to `sink` in order.
///
/// # Errors
/// Threads that cannot start, an agent that panics, or an error from the sink.
pub fn run(
    plan: &Plan,
    options: &RunOptions,
    sink: &mut dyn DealSink,
) -> Result<RunResult, TournamentError> {
    visit(
        plan.game_spec(),
        Run {
            plan,
            options,
            sink,
        },
    )?
}

/// Builds the seat of entry `entry` (an index into [`Plan::agents`]) for worker thread
/// `worker`: each worker plays its games with its own seats, built before the run starts.
pub type SeatBuilder<'a, G> =
    dyn Fn(usize, usize) -> Result<Box<dyn Seat<G> + Send>, TournamentError> + 'a;

/// [`run()`] for a caller that knows the game's type and seats some entries itself (the
/// Python package seats Python agents): `seat` builds every entry's seat in every worker, on
/// the calling thread, before any game starts. What [`run()`] builds is [`seat_for`]'s seat.
///
/// # Errors
/// A plan of another game than `G`, a seat that cannot be built, or as [`run()`].
pub fn run_seated<G: Game>(
    plan: &Plan,
    options: &RunOptions,
    sink: &mut dyn DealSink,
    seat: &SeatBuilder<'_, G>,
) -> Result<RunResult, TournamentError> {
    let config = plan.game_spec().config::<G>()?;
    let jobs = options.jobs.max(1);
    let seats = (0..jobs)
        .map(|worker| {
            (0..plan.agents().len())
                .map(|entry| Ok(Some(TimedSeat::new(seat(entry, worker)?))))
                .collect()
        })
        .collect::<Result<Vec<_>, TournamentError>>()?;
    play(plan, &config, options, sink, seats)
}

struct Run<'a> {
    plan: &'a Plan,
    options: &'a RunOptions,
    sink: &'a mut dyn DealSink,
}

/// What workers and the collector share.
struct Shared {
    /// The next local deal number (within the shard) to take.
    next: AtomicU64,
    /// Local deals handed on so far; workers run ahead no further than the window, waiting
    /// on `advanced` (with `waiting` held) when they would.
    emitted: AtomicU64,
    waiting: Mutex<()>,
    advanced: Condvar,
    /// Set by the collector to stop the workers (an error).
    halt: AtomicBool,
    /// The caller's stop flag.
    stop: Option<Arc<AtomicBool>>,
    games_done: AtomicU64,
}

impl Shared {
    fn stopping(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
            || self
                .stop
                .as_ref()
                .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }
}

/// A deal played, with its number within the shard and its transcript lines.
struct Finished {
    local: u64,
    record: DealRecord,
    transcripts: Vec<String>,
}

enum Message {
    /// Deals a worker finished (sent in small batches: one message per deal of a fast game
    /// would cost more in wake-ups than the game).
    Deals(Vec<Finished>),
    Panicked {
        deal: u64,
        message: String,
    },
}

impl BotVisitor for Run<'_> {
    type Output = Result<RunResult, TournamentError>;

    fn visit<G: BotGame>(self, _config: G::Config) -> Self::Output {
        let Run {
            plan,
            options,
            sink,
        } = self;
        run_seated::<G>(plan, options, sink, &|entry, worker| {
            seat_for::<G>(&plan.agents()[entry], plan.external(), worker)
        })
    }
}

/// The seats of one worker: one per entry, taken out for the games the entry plays.
type WorkerSeats<G> = Vec<Option<TimedSeat<G>>>;

/// Plays the run with one set of seats per worker thread (`seats.len()` workers).
fn play<G: Game>(
    plan: &Plan,
    config: &G::Config,
    options: &RunOptions,
    sink: &mut dyn DealSink,
    seats: Vec<WorkerSeats<G>>,
) -> Result<RunResult, TournamentError> {
    let start = Instant::now();
    let shard = options.shard;
    let jobs = seats.len();
    let local_deals = shard.deals(plan.deals());
    let games_total = local_deals * plan.seatings_per_deal() as u64;
    // Room for every worker's batch and a few slow deals; capped, since a deal held here
    // holds its transcripts.
    let window = (32 * jobs as u64).clamp(64, 1024);
    let sync = Shared {
        next: AtomicU64::new(0),
        emitted: AtomicU64::new(0),
        waiting: Mutex::new(()),
        advanced: Condvar::new(),
        halt: AtomicBool::new(false),
        stop: options.stop.clone(),
        games_done: AtomicU64::new(0),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("tournament-{i}"))
        .build()
        .map_err(|e| TournamentError::Threads {
            jobs,
            message: e.to_string(),
        })?;
    let mut tally = Tally::new(plan);
    let (sender, receiver) = mpsc::channel::<Message>();
    let (emitted, failure) = pool.in_place_scope(|scope| {
        for seats in seats {
            let sender = sender.clone();
            let sync = &sync;
            scope.spawn(move |_| {
                let worker = Worker::<G> {
                    plan,
                    config,
                    shard,
                    local_deals,
                    window,
                    transcripts: options.transcripts,
                    stop: options.stop.clone(),
                    sync,
                };
                worker.work(seats, &sender);
            });
        }
        drop(sender);
        collect(plan, &sync, &receiver, &mut tally, sink, games_total)
    });
    sink.progress(Progress {
        games_done: sync.games_done.load(Ordering::Relaxed),
        games_total,
    });
    if let Some(error) = failure {
        return Err(error);
    }
    Ok(RunResult {
        tally,
        shard,
        deals_planned: local_deals,
        interrupted: emitted < local_deals,
        elapsed: start.elapsed(),
    })
}

/// Receives finished deals, hands them on in order, and reports progress. Returns how many
/// deals were handed on, and the error that stopped the run, if one did.
fn collect(
    plan: &Plan,
    sync: &Shared,
    receiver: &mpsc::Receiver<Message>,
    tally: &mut Tally,
    sink: &mut dyn DealSink,
    games_total: u64,
) -> (u64, Option<TournamentError>) {
    let mut pending: BTreeMap<u64, (DealRecord, Vec<String>)> = BTreeMap::new();
    let mut next = 0_u64;
    let mut failure: Option<TournamentError> = None;
    let mut last_progress = Instant::now();
    loop {
        match receiver.recv_timeout(Duration::from_millis(100)) {
            Ok(Message::Deals(deals)) => {
                if failure.is_some() {
                    continue;
                }
                for deal in deals {
                    pending.insert(deal.local, (deal.record, deal.transcripts));
                }
                while let Some((record, transcripts)) = pending.remove(&next) {
                    tally
                        .add_deal(plan, &record)
                        .expect("a run's own records fit its plan");
                    if let Err(error) = sink.deal(&record, &transcripts) {
                        failure = Some(error);
                        sync.halt.store(true, Ordering::Relaxed);
                        pending.clear();
                        break;
                    }
                    next += 1;
                }
                sync.emitted.store(next, Ordering::Release);
                let _waiting = sync.waiting.lock().expect("not poisoned");
                sync.advanced.notify_all();
            }
            Ok(Message::Panicked { deal, message }) => {
                failure.get_or_insert(TournamentError::Panicked { deal, message });
                sync.halt.store(true, Ordering::Relaxed);
                sync.advanced.notify_all();
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return (next, failure),
        }
        if last_progress.elapsed() >= Duration::from_millis(50) {
            last_progress = Instant::now();
            sink.progress(Progress {
                games_done: sync.games_done.load(Ordering::Relaxed),
                games_total,
            });
        }
    }
}

/// One worker thread: its own match, and one seat per entry.
struct Worker<'a, G: Game> {
    plan: &'a Plan,
    config: &'a G::Config,
    shard: Shard,
    local_deals: u64,
    window: u64,
    transcripts: bool,
    /// The caller's stop flag, which stops the games in progress too.
    stop: Option<Arc<AtomicBool>>,
    sync: &'a Shared,
}

/// Finished deals a worker has not sent yet: sent when there are many, when the oldest has
/// waited a little, and whenever the worker stops or must wait.
#[derive(Default)]
struct Batch {
    deals: Vec<Finished>,
    since: Option<Instant>,
}

impl Batch {
    const MOST: usize = 16;
    const LONGEST: Duration = Duration::from_millis(2);

    fn push(&mut self, deal: Finished, sender: &mpsc::Sender<Message>) {
        let since = *self.since.get_or_insert_with(Instant::now);
        self.deals.push(deal);
        if self.deals.len() >= Self::MOST || since.elapsed() >= Self::LONGEST {
            self.send(sender);
        }
    }

    fn send(&mut self, sender: &mpsc::Sender<Message>) {
        self.since = None;
        if !self.deals.is_empty() {
            // A closed channel means the run is over: nothing is waiting for these.
            let _ = sender.send(Message::Deals(std::mem::take(&mut self.deals)));
        }
    }
}

/// The table of a tournament's games: once the caller's stop flag is set, a game stops at its
/// next step, so a stopped run does not wait for the games in progress to end (a slow
/// program's may take minutes).
struct Stoppable<'a>(Option<&'a AtomicBool>);

impl<G: Game> Table<G> for Stoppable<'_> {
    type Error = std::convert::Infallible;

    #[inline]
    fn stop(&mut self, _game: &Match<G>) -> Option<StopRequest> {
        self.0
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
            .then(|| StopRequest::quit("the tournament was stopped"))
    }
}

/// What a game of a tournament is tagged with in its transcript line (an added key:
/// transcript readers ignore it).
#[derive(Serialize)]
struct TranscriptTag<'a> {
    deal: u64,
    round: u64,
    table: usize,
    seating: usize,
    /// The entry (agent list index) in each seat.
    entries: &'a [usize],
}

impl<G: Game> Worker<'_, G> {
    fn work(&self, mut seats: WorkerSeats<G>, sender: &mpsc::Sender<Message>) {
        let mut game = Match::<G>::new(self.config, 0);
        // Programs are sent their seat's views of the events.
        game.record_views(self.plan.has_external());
        let mut batch = Batch::default();
        loop {
            if self.sync.stopping() {
                break;
            }
            let local = self.sync.next.fetch_add(1, Ordering::Relaxed);
            if local >= self.local_deals {
                break;
            }
            if !self.within_window(local) {
                // The deals held here may be the ones the window waits for.
                batch.send(sender);
                if !self.wait_for_window(local) {
                    break;
                }
            }
            let deal = self.shard.deal(local);
            let played = catch_unwind(AssertUnwindSafe(|| {
                self.play_deal(deal, &mut game, &mut seats)
            }));
            match played {
                Ok(Some((record, transcripts))) => batch.push(
                    Finished {
                        local,
                        record,
                        transcripts,
                    },
                    sender,
                ),
                // Stopped part way: the deal is dropped, so every deal counted is whole.
                Ok(None) => break,
                Err(panic) => {
                    batch.send(sender);
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "no message".to_owned());
                    let _ = sender.send(Message::Panicked { deal, message });
                    return;
                }
            }
        }
        batch.send(sender);
    }

    fn within_window(&self, local: u64) -> bool {
        local < self.sync.emitted.load(Ordering::Acquire) + self.window
    }

    /// Waits until local deal `local` is within the window of the next deal due; false if the
    /// run stops meanwhile.
    fn wait_for_window(&self, local: u64) -> bool {
        let mut waiting = self.sync.waiting.lock().expect("not poisoned");
        while !self.within_window(local) {
            if self.sync.stopping() {
                return false;
            }
            waiting = self
                .sync
                .advanced
                .wait_timeout(waiting, Duration::from_millis(50))
                .expect("not poisoned")
                .0;
        }
        true
    }

    /// Plays every seating of deal `deal`; `None` if the run stopped before the last one.
    fn play_deal(
        &self,
        deal: u64,
        game: &mut Match<G>,
        seats: &mut [Option<TimedSeat<G>>],
    ) -> Option<(DealRecord, Vec<String>)> {
        let plan = self.plan;
        let seed = plan.deal_seed(deal);
        let mut games = Vec::with_capacity(plan.seatings_per_deal());
        let mut transcripts = Vec::new();
        for seating in 0..plan.seatings_per_deal() {
            if self.sync.stopping() {
                return None;
            }
            let entries = plan.entries(deal, seating);
            let mut seated: Vec<TimedSeat<G>> = entries
                .iter()
                .map(|&entry| seats[entry].take().expect("a table seats an entry once"))
                .collect();
            game.restart(seed);
            let Ok(end) = game.drive(&mut seated, &mut Stoppable(self.stop.as_deref()));
            if self.sync.stopping() && matches!(end, MatchEnd::Stopped { .. }) {
                // Cut short by the stop: the deal is dropped, its seats kept for the end.
                for (entry, seat) in entries.iter().zip(seated) {
                    seats[*entry] = Some(seat);
                }
                return None;
            }
            let players = self.config.players();
            let (outcome, forfeit) = match &end {
                MatchEnd::Finished(outcome) => (outcome.clone(), None),
                MatchEnd::Forfeited { seat, outcome, .. } => (outcome.clone(), Some(*seat)),
                // A game must be scored for the deal to stay balanced: a seat that stops the
                // match or chooses an illegal action loses it as by forfeit.
                MatchEnd::Stopped { seat, .. } | MatchEnd::IllegalChoice { seat, .. } => {
                    (Outcome::forfeit(players, *seat), Some(*seat))
                }
            };
            games.push(GameRecord {
                seats: (0..players)
                    .map(|seat| SeatResult {
                        rank: outcome.ranks[seat],
                        score: outcome.scores[seat],
                        ret: outcome.returns[seat],
                        usage: seated[seat].usage,
                    })
                    .collect(),
                forfeit,
            });
            if self.transcripts {
                transcripts.push(self.transcript_line(game, &end, deal, seating, &entries));
            }
            for (entry, seat) in entries.iter().zip(seated) {
                seats[*entry] = Some(seat);
            }
            self.sync.games_done.fetch_add(1, Ordering::Relaxed);
        }
        Some((DealRecord { deal, games }, transcripts))
    }

    fn transcript_line(
        &self,
        game: &Match<G>,
        end: &MatchEnd,
        deal: u64,
        seating: usize,
        entries: &[usize],
    ) -> String {
        let labels = entries
            .iter()
            .map(|&entry| self.plan.labels()[entry].clone())
            .collect();
        let mut transcript = Transcript::from_match(game, labels);
        match end {
            MatchEnd::Finished(_) | MatchEnd::Forfeited { .. } => {}
            MatchEnd::Stopped { seat, reason } => {
                transcript.stopped = Some(format!("{reason} (scored as a forfeit)"));
                transcript.forfeit = Some(*seat);
            }
            MatchEnd::IllegalChoice { seat, error } => {
                transcript.stopped = Some(format!(
                    "seat {seat} chose an illegal action: {error} (scored as a forfeit)"
                ));
                transcript.forfeit = Some(*seat);
            }
        }
        let tag = TranscriptTag {
            deal,
            round: self.plan.round_of(deal),
            table: self.plan.table_of(deal),
            seating,
            entries,
        };
        let mut line = transcript.to_json_line();
        // A transcript line is one JSON object: the tag goes in before its closing brace.
        assert_eq!(line.pop(), Some('}'), "a transcript is a JSON object");
        let _ = write!(
            line,
            ",\"tournament\":{}}}",
            serde_json::to_string(&tag).expect("tags serialise")
        );
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::TournamentConfig;
    use crate::report::Report;
    use crate::seats::{ExternalOptions, parse_agent_list};

    /// Keeps the deal numbers and transcript lines it is handed.
    #[derive(Default)]
    struct Kept {
        deals: Vec<u64>,
        lines: Vec<String>,
    }

    impl DealSink for Kept {
        fn deal(
            &mut self,
            deal: &DealRecord,
            transcripts: &[String],
        ) -> Result<(), TournamentError> {
            self.deals.push(deal.deal);
            self.lines.extend_from_slice(transcripts);
            Ok(())
        }
    }

    fn plan() -> Plan {
        // Three entries at two-seat tables: three tables, two rotations a deal.
        Plan::new(&TournamentConfig {
            game: "mouse-trap:players=2".parse().unwrap(),
            agents: parse_agent_list("random,random,random").unwrap(),
            games: 200,
            seed: 9,
            permutations: false,
            external: ExternalOptions::default(),
        })
        .unwrap()
    }

    /// The report without its wall-clock figures.
    fn untimed(plan: &Plan, result: &RunResult) -> Report {
        let mut report = Report::new(plan, &result.tally, result.interrupted, 0.0);
        for agent in &mut report.agents {
            agent.ms_per_decision = None;
            agent.max_ms_per_decision = None;
        }
        report
    }

    #[test]
    fn deals_arrive_in_order_and_agree_whatever_the_threads() {
        let plan = plan();
        assert_eq!((plan.deals(), plan.games()), (102, 204));
        let shard = Shard { index: 1, count: 2 };
        let mut results = Vec::new();
        for jobs in [1, 3] {
            let mut kept = Kept::default();
            let options = RunOptions {
                jobs,
                shard,
                transcripts: true,
                stop: None,
            };
            let result = run(&plan, &options, &mut kept).unwrap();
            assert!(!result.interrupted);
            assert_eq!(result.deals_planned, 51);
            let expected: Vec<u64> = (0..51).map(|j| 1 + 2 * j).collect();
            assert_eq!(kept.deals, expected, "jobs {jobs}");
            assert_eq!(kept.lines.len(), 102);
            results.push((untimed(&plan, &result), kept.lines));
        }
        assert_eq!(results[0], results[1]);
        // Every game of the shard's 51 deals seats two entries.
        let report = &results[0].0;
        let games: u64 = report.agents.iter().map(|a| a.games).sum();
        assert_eq!(games, 2 * 102);
    }

    #[test]
    fn seats_built_by_the_caller_play_as_the_entries_own() {
        use mousehole_engine::games::mouse_trap::MouseTrap;

        let plan = plan();
        let options = RunOptions {
            jobs: 2,
            shard: Shard { index: 0, count: 3 },
            transcripts: true,
            stop: None,
        };
        let mut own = Kept::default();
        let by_run = run(&plan, &options, &mut own).unwrap();
        let built = std::cell::RefCell::new(Vec::new());
        let mut seated = Kept::default();
        let by_caller = run_seated::<MouseTrap>(&plan, &options, &mut seated, &|entry, worker| {
            built.borrow_mut().push((entry, worker));
            seat_for::<MouseTrap>(&plan.agents()[entry], plan.external(), worker)
        })
        .unwrap();
        assert_eq!(untimed(&plan, &by_run), untimed(&plan, &by_caller));
        assert_eq!(own.lines, seated.lines);
        // Every entry's seat in each of the two workers, before any game.
        let mut built = built.into_inner();
        built.sort_unstable();
        assert_eq!(built, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);

        let refused =
            run_seated::<MouseTrap>(&plan, &options, &mut Kept::default(), &|entry, _| {
                Err(TournamentError::Seat(format!("entry {entry} cannot sit")))
            })
            .unwrap_err();
        assert_eq!(refused.to_string(), "entry 0 cannot sit");
    }

    #[test]
    fn a_stop_before_the_start_plays_nothing_and_says_so() {
        let plan = plan();
        let options = RunOptions {
            jobs: 2,
            shard: Shard::WHOLE,
            transcripts: false,
            stop: Some(Arc::new(AtomicBool::new(true))),
        };
        let mut kept = Kept::default();
        let result = run(&plan, &options, &mut kept).unwrap();
        assert!(result.interrupted);
        assert!(kept.deals.is_empty());
        let report = untimed(&plan, &result);
        assert!(report.interrupted);
        assert_eq!((report.deals, report.games_played), (0, 0));
        assert_eq!(report.agents[0].mean_return, None);
        assert!(
            report
                .summary()
                .contains("INTERRUPTED after 0 of 102 deals")
        );
    }
}
