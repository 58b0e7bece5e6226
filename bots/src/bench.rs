//! Speed figures the benchmark (`mousehole bench`) reports beside random full games per
//! second: search iterations per second at a mid-game decision, and what the host adds to each
//! decision of an external program.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mousehole_engine::playout::random_match;
use mousehole_engine::rng::seat_rng;
use mousehole_engine::{
    Decision, DecisionView, Ending, Game, GameRng, Match, Seat, StopRequest, ToMove,
};

use crate::agent::Agent;
use crate::external::{ExternalCommand, LogEntry};
use crate::flat::{FlatMonteCarlo, FlatSettings};
use crate::game::BotGame;
use crate::ismcts::{Ismcts, IsmctsSettings};
use crate::search::{Effort, RolloutPolicy};
use crate::seat::{ProgramOptions, SeatLabel, build_seat};

/// A decision from the middle of the random game with `seed`: the state at the first
/// decision at or after half its events, or `None` if the game has no decision there.
pub fn mid_game_decision<G: Game>(config: &G::Config, seed: u64) -> Option<G> {
    let game = random_match::<G>(config, seed);
    let half = game.events().len() / 2;
    let mut state = G::new(config);
    for (index, event) in game.events().iter().enumerate() {
        if index >= half && matches!(state.to_move(), ToMove::Player(_)) {
            return Some(state);
        }
        state.apply_unchecked(event.action);
    }
    None
}

/// What a search measurement found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchRate {
    /// Search iterations run.
    pub iterations: u64,
    /// CPU time of this thread spent on them.
    pub seconds: f64,
}

impl SearchRate {
    pub fn per_second(&self) -> f64 {
        self.iterations as f64 / self.seconds.max(1e-9)
    }
}

/// Runs `search` (one search of the decision in `view` with `rng`, returning its iterations)
/// on the first mid-game decision of the random games from seed 0 on ([`mid_game_decision`])
/// until `duration` of this thread's CPU time has passed, at least once.
fn rate_at_mid_game<G: Game>(
    config: &G::Config,
    duration: Duration,
    mut search: impl FnMut(&DecisionView<'_, G>, &mut GameRng) -> u64,
) -> SearchRate {
    let state = (0..)
        .find_map(|seed| mid_game_decision::<G>(config, seed))
        .expect("some random game has a mid-game decision");
    let ToMove::Player(seat) = state.to_move() else {
        unreachable!("a decision state");
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut rng = seat_rng(1, seat);
    let view = DecisionView::new(&state, seat, &legal);
    let start = cpu_now();
    let wall = Instant::now();
    let mut iterations = 0;
    loop {
        iterations += search(&view, &mut rng);
        let spent = cpu_since(start, wall);
        if spent >= duration.as_secs_f64() {
            return SearchRate {
                iterations,
                seconds: spent,
            };
        }
    }
}

/// Runs single-threaded ISMCTS searches of `batch` iterations on the mid-game decision of
/// the random game with `seed` (or a later seed's, if that game has none) until `duration`
/// of this thread's CPU time has passed, at least once.
pub fn ismcts_rate<G: crate::Inference, P: RolloutPolicy<G> + Clone>(
    config: &G::Config,
    policy: &P,
    exploration: f64,
    batch: u64,
    duration: Duration,
) -> SearchRate {
    let mut search = Ismcts::new(
        IsmctsSettings {
            effort: Effort::iterations(batch),
            exploration,
            threads: 1,
            ..IsmctsSettings::default()
        },
        policy.clone(),
    );
    rate_at_mid_game(config, duration, |view, rng| search.search(view, rng).1)
}

/// Flat Monte Carlo (the `hard` and `expert` levels' search: paired rounds, the default
/// margin) deciding the same mid-game decision as [`ismcts_rate`] with `batch` playouts a
/// decision, until `duration` of this thread's CPU time has passed: playouts per second.
pub fn flat_rate<G: crate::Inference, P: RolloutPolicy<G> + Clone>(
    config: &G::Config,
    policy: &P,
    batch: u64,
    duration: Duration,
) -> SearchRate {
    let settings = FlatSettings {
        effort: Effort::iterations(batch),
        ..FlatSettings::default()
    };
    let mut search = FlatMonteCarlo::new(settings, policy.clone());
    rate_at_mid_game(config, duration, |view, rng| {
        // A lone legal action is played without a playout.
        let decision = search.act(view, rng);
        decision.info.and_then(|info| info.visits).unwrap_or(1)
    })
}

/// This thread's CPU time, where the platform tells it (else the wall clock).
fn cpu_now() -> Option<cpu_time::ThreadTime> {
    cpu_time::ThreadTime::try_now().ok()
}

fn cpu_since(start: Option<cpu_time::ThreadTime>, wall: Instant) -> f64 {
    match start {
        Some(start) => start.elapsed().as_secs_f64(),
        None => wall.elapsed().as_secs_f64(),
    }
}

/// What the host adds to an external program's decisions: per decision, the whole `decide`
/// (building the act message with the observation, writing it, the program's answer travelling
/// back, reading and checking it) minus the time the program says it spent.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalOverhead {
    /// Per decision, the host's part in microseconds, sorted.
    pub overhead_us: Vec<f64>,
    /// Per decision, the whole round trip in microseconds, sorted.
    pub round_trip_us: Vec<f64>,
    /// Per decision, the program's own time in microseconds, sorted.
    pub program_us: Vec<f64>,
}

impl ExternalOverhead {
    pub fn decisions(&self) -> usize {
        self.overhead_us.len()
    }

    /// The `q` quantile (0…1) of sorted `values`.
    pub fn quantile(values: &[f64], q: f64) -> f64 {
        if values.is_empty() {
            return f64::NAN;
        }
        let at = ((values.len() - 1) as f64 * q).round() as usize;
        values[at]
    }
}

/// Why an overhead measurement failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OverheadError {
    #[error("the program faulted, so its decisions measure the fallback instead: {0}")]
    Faulted(String),
    #[error(
        "the program's answers do not say how long it took: add \"info\": {{\"bot_ns\": NANOSECONDS}} (see examples/python/echo_bot.py)"
    )]
    NoOwnTime,
}

/// A seat that times each decision of the seat it wraps, with the time the deciding program
/// says it spent (its answer's `"info": {"bot_ns": …}`), if it says.
#[derive(Debug)]
pub struct Timed<S> {
    pub inner: S,
    pub samples: Vec<(Duration, Option<f64>)>,
}

impl<S> Timed<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            samples: Vec::new(),
        }
    }
}

impl<G: Game, S: Seat<G>> Seat<G> for Timed<S> {
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        self.inner.start(seat, config, agent_seed);
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let start = Instant::now();
        let decision = self.inner.decide(view);
        let spent = start.elapsed();
        let own_ns = decision
            .as_ref()
            .ok()
            .and_then(|d| d.info.as_ref())
            .and_then(|info| info.extra.get("bot_ns"))
            .and_then(serde_json::Value::as_f64);
        self.samples.push((spent, own_ns));
        decision
    }

    fn wants_views(&self) -> bool {
        self.inner.wants_views()
    }

    fn wants_notes(&self) -> bool {
        self.inner.wants_notes()
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        self.inner.finish(ending);
    }
}

/// Plays games of `G` with `command` in seat 0 and random agents in the others, recording
/// views as the CLI does, until `decisions` decisions of the program were timed. The program
/// must answer with `"info": {"bot_ns": …}`, the nanoseconds it spent on the act.
///
/// # Errors
/// The program faulted, or did not report its own time.
pub fn external_overhead<G: BotGame>(
    config: &G::Config,
    command: &ExternalCommand,
    decisions: usize,
) -> Result<ExternalOverhead, OverheadError> {
    let faults = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&faults);
    let programs = ProgramOptions {
        log: Some(Arc::new(move || {
            let kept = Arc::clone(&kept);
            Box::new(move |entry: &LogEntry| {
                if entry.is_wrong() {
                    kept.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(entry.to_string());
                }
            })
        })),
        ..ProgramOptions::default()
    };
    let built = |label: &SeatLabel| {
        build_seat::<G>(label, &programs)
            .map_err(|error| OverheadError::Faulted(error.to_string()))?
            .map(|bot| bot.seat)
            .ok_or_else(|| OverheadError::Faulted("a person's seat".to_owned()))
    };
    let mut timed = Timed {
        inner: built(&SeatLabel::Program(command.clone()))?,
        samples: Vec::with_capacity(decisions),
    };
    let players = mousehole_engine::GameConfig::players(config);
    let random = SeatLabel::Agent("random".parse().expect("random is an agent"));
    let mut others = (1..players)
        .map(|_| built(&random))
        .collect::<Result<Vec<_>, _>>()?;
    let mut game = Match::<G>::new(config, 0);
    game.record_views(true);
    let mut seed = 0;
    while timed.samples.len() < decisions {
        game.restart(seed);
        seed += 1;
        let mut seats: Vec<&mut dyn Seat<G>> = Vec::with_capacity(players);
        seats.push(&mut timed);
        seats.extend(others.iter_mut().map(|s| s as &mut dyn Seat<G>));
        game.run(&mut seats);
        let faults = faults.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(first) = faults.first() {
            return Err(OverheadError::Faulted(first.clone()));
        }
    }
    // The program is told to quit (and killed if it lingers) as its seat goes.
    drop(timed.inner);
    let mut overhead_us = Vec::with_capacity(timed.samples.len());
    let mut round_trip_us = Vec::with_capacity(timed.samples.len());
    let mut program_us = Vec::with_capacity(timed.samples.len());
    for (spent, own_ns) in timed.samples {
        let own_ns = own_ns.ok_or(OverheadError::NoOwnTime)?;
        let spent_us = spent.as_secs_f64() * 1e6;
        round_trip_us.push(spent_us);
        program_us.push(own_ns / 1e3);
        overhead_us.push(spent_us - own_ns / 1e3);
    }
    for values in [&mut overhead_us, &mut round_trip_us, &mut program_us] {
        values.sort_by(f64::total_cmp);
    }
    Ok(ExternalOverhead {
        overhead_us,
        round_trip_us,
        program_us,
    })
}
