//! Tournaments from Python: `mousehole.tournament(game, agents, games=…)` plays the tournament
//! crate's own runner (every entry in every seat of each deal, on several threads, with the
//! same results whatever their number) between the project's bots and Python agent objects,
//! and returns its report. A Python agent is asked as at `mousehole.play` ([`PythonSeat`]),
//! from its seat's view alone.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError};

use mousehole_bots::SeatLabel;
use mousehole_engine::{GameSpec, Seat};
use mousehole_tournament::{
    DealRecord, DealSink, Plan, Progress, Report, RunOptions, Shard, TournamentConfig,
    TournamentError, run_seated, seat_for,
};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::errors;
use crate::game::Game as PyGameObject;
use crate::kind::{PyGame, Visitor};
use crate::seat::{Failure, PythonSeat, SeatChoice, failed, python_label, record, seat_choices};

/// The tournament `mousehole.tournament` was asked for.
pub(crate) struct Asked {
    game: Py<PyGameObject>,
    entries: Vec<SeatChoice>,
    games: u64,
    seed: u64,
    jobs: usize,
    permutations: bool,
    transcripts: bool,
}

/// The exception a tournament's refusal raises: its own words, as `mousehole tournament`
/// prints them.
fn refused(error: &TournamentError) -> PyErr {
    match error {
        TournamentError::Game(_) => errors::spec(error),
        TournamentError::Agent { .. }
        | TournamentError::Seat(_)
        | TournamentError::Human { .. }
        | TournamentError::EmptyAgent
        | TournamentError::Command(_) => errors::agent(error),
        TournamentError::Panicked { .. }
        | TournamentError::Threads { .. }
        | TournamentError::Io { .. } => PyRuntimeError::new_err(error.to_string()),
        _ => errors::value(error),
    }
}

/// Receives the deals: keeps their transcripts if asked, and stops the run once a Python
/// agent has raised or the interpreter has a signal to handle (Ctrl-C).
struct Collected {
    transcripts: Vec<String>,
    failure: Failure,
    stop: Arc<AtomicBool>,
}

impl DealSink for Collected {
    fn deal(&mut self, _deal: &DealRecord, transcripts: &[String]) -> Result<(), TournamentError> {
        self.transcripts.extend_from_slice(transcripts);
        Ok(())
    }

    fn progress(&mut self, _progress: Progress) {
        #[allow(
            clippy::redundant_closure_for_method_calls,
            reason = "the method's own lifetime is not general enough for attach"
        )]
        let signals = Python::attach(|py| py.check_signals());
        if let Err(signal) = signals {
            record(&self.failure, signal);
        }
        if failed(&self.failure) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The Python objects each worker thread seats, by entry (`None` for the project's bots):
/// with one thread the objects given, with more a copy per thread (`copy.deepcopy`), so no
/// object is in two games at once and each thread's games run as one thread's would.
fn python_objects(
    py: Python<'_>,
    entries: &[SeatChoice],
    jobs: usize,
) -> PyResult<Vec<Vec<Option<Py<PyAny>>>>> {
    let deepcopy = py.import("copy")?.getattr("deepcopy")?;
    (0..jobs)
        .map(|_| {
            entries
                .iter()
                .map(|entry| match entry {
                    SeatChoice::Agent(_) => Ok(None),
                    SeatChoice::Python(object) if jobs == 1 => Ok(Some(object.clone_ref(py))),
                    SeatChoice::Python(object) => match deepcopy.call1((object.bind(py),)) {
                        Ok(copy) => Ok(Some(copy.unbind())),
                        Err(error) => Err(errors::agent(format!(
                            "a tournament on {jobs} threads plays a copy of each Python agent in each thread (copy.deepcopy), and {} cannot be copied ({error}); give threads=1 to seat the object itself",
                            object.bind(py).repr()?
                        ))),
                    },
                })
                .collect()
        })
        .collect()
}

/// Plays tournament `settings` of game `G`.
pub(crate) fn play<G: PyGame>(
    py: Python<'_>,
    settings: &Asked,
    spec: GameSpec,
) -> PyResult<TournamentResult> {
    let (game, entries) = (&settings.game, &settings.entries);
    let agents = entries
        .iter()
        .map(|entry| match entry {
            SeatChoice::Agent(spec) => SeatLabel::Agent(spec.clone()),
            SeatChoice::Python(object) => python_label(object.bind(py))
                .parse()
                .expect("a Python agent's label is a seat label"),
        })
        .collect();
    let plan = Plan::new(&TournamentConfig {
        game: spec,
        agents,
        games: settings.games,
        seed: settings.seed,
        permutations: settings.permutations,
        external: mousehole_tournament::ExternalOptions::default(),
    })
    .map_err(|error| refused(&error))?;
    let objects = python_objects(py, entries, settings.jobs)?;
    let failure = Failure::default();
    let stop = Arc::new(AtomicBool::new(false));
    let options = RunOptions {
        jobs: settings.jobs,
        shard: Shard::WHOLE,
        transcripts: settings.transcripts,
        stop: Some(stop.clone()),
    };
    let mut collected = Collected {
        transcripts: Vec::new(),
        failure: failure.clone(),
        stop,
    };
    // The run holds no lock on the interpreter: Python agents take it for each decision, the
    // project's bots in the other threads think meanwhile.
    let result = py.detach(|| {
        run_seated::<G>(&plan, &options, &mut collected, &|entry, worker| {
            let seat: Box<dyn Seat<G> + Send> = match &objects[worker][entry] {
                None => seat_for::<G>(&plan.agents()[entry], plan.external(), worker)?,
                Some(object) => Python::attach(|py| {
                    Box::new(PythonSeat::<G>::new(
                        object.clone_ref(py),
                        game.clone_ref(py),
                        failure.clone(),
                    ))
                }),
            };
            Ok(seat)
        })
    });
    if let Some(error) = failure
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
    {
        return Err(error);
    }
    let result = result.map_err(|error| refused(&error))?;
    let report = Report::new(
        &plan,
        &result.tally,
        result.interrupted,
        result.elapsed.as_secs_f64(),
    );
    let json = report.to_json();
    Ok(TournamentResult {
        report: py.import("json")?.call_method1("loads", (&json,))?.unbind(),
        text: report.to_text(),
        json,
        transcripts: settings.transcripts.then_some(collected.transcripts),
    })
}

/// What a tournament played: its report as the command line's `--json` gives it and as its
/// table.
#[pyclass(frozen, module = "mousehole")]
pub struct TournamentResult {
    /// The report (`mousehole-tournament-report/1`, docs/tournaments.md) as Python values:
    /// per entry (`report["agents"]`, in the order given) its games, mean return and win rate
    /// with 95% intervals, rating, …; head to head; by seat; timing.
    #[pyo3(get)]
    report: Py<PyAny>,
    /// The report as JSON text.
    #[pyo3(get)]
    json: String,
    /// The report as the terminal table `mousehole tournament` prints.
    #[pyo3(get)]
    text: String,
    /// One transcript (a JSON line `mousehole replay` reads) per game, in the order the
    /// games were dealt, if the tournament was asked for them.
    #[pyo3(get)]
    transcripts: Option<Vec<String>>,
}

impl std::fmt::Debug for TournamentResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TournamentResult").finish_non_exhaustive()
    }
}

#[pymethods]
impl TournamentResult {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        let first = self.text.lines().next().unwrap_or_default();
        format!(
            "<mousehole.TournamentResult {}>",
            first.trim_start_matches("tournament: ")
        )
    }
}

/// `mousehole.tournament(game, agents, games=100, seed=0, threads=None, permutations=False,
/// transcripts=False)`: a tournament through the tournament crate's runner.
#[pyfunction]
#[pyo3(
    name = "tournament",
    signature = (game, agents, games = 100, seed = 0, threads = None, permutations = false, transcripts = false)
)]
#[allow(
    clippy::too_many_arguments,
    reason = "Python's keywords, each with a default"
)]
pub(crate) fn tournament(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    agents: &Bound<'_, PyAny>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    permutations: bool,
    transcripts: bool,
) -> PyResult<TournamentResult> {
    let game = crate::game::game_of(py, game)?;
    if agents.is_instance_of::<pyo3::types::PyString>() {
        return Err(errors::value(
            "give the agents as a list (['expert', 'random', my_agent]), not one string",
        ));
    }
    let entries = seat_choices(agents)?;
    let jobs = match threads {
        Some(0) => return Err(errors::value("threads must be at least 1")),
        Some(jobs) => jobs,
        None => RunOptions::default().jobs,
    };
    let spec = game.get().game_spec()?;
    let asked = Asked {
        game,
        entries,
        games,
        seed,
        jobs,
        permutations,
        transcripts,
    };
    let visitor = RunTournament {
        py,
        asked: &asked,
        spec: spec.clone(),
    };
    crate::kind::visit(&spec, visitor).map_err(errors::spec)?
}

/// [`play`] with the type of the game that a spec names.
struct RunTournament<'a, 'py> {
    py: Python<'py>,
    asked: &'a Asked,
    spec: GameSpec,
}

impl Visitor for RunTournament<'_, '_> {
    type Output = PyResult<TournamentResult>;
    fn visit<G: PyGame>(self, _config: G::Config) -> Self::Output {
        play::<G>(self.py, self.asked, self.spec)
    }
}
