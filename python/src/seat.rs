//! Matches from Python: `mousehole.play(game, seats, seed)` seats the project's bots (agent
//! specs, `mousehole.Agent` objects) and Python agent objects at one match and plays it
//! through the engine's match driver ([`Match::run`]), as every front end does. A Python agent
//! is asked through its `act(view)` method and sees only its seat's view ([`SeatView`]), never
//! the true state.
//!
//! The driver is used here and nowhere else in the package: when its API changes, this file is
//! the one to follow it.

use std::sync::{Arc, Mutex, PoisonError};

use mousehole_bots::{AgentSeat, AgentSpec, SeatLabel, build_agent};
use mousehole_engine::encoding::TensorLayout;
use mousehole_engine::{
    Decision, DecisionView, Ending, GameConfig, IllegalAction, IllegalReason, Match, MatchEnd,
    Seat, StopRequest, ToMove, Transcript,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::agent::{Agent, parse_agent};
use crate::errors;
use crate::game::Game as PyGameObject;
use crate::kind::{PyGame, Visitor};
use crate::state::{PYTHON_SEAT, State, Typed};

/// Who plays one seat of `mousehole.play`.
pub(crate) enum SeatChoice {
    /// One of the project's bots.
    Agent(AgentSpec),
    /// A Python object with an `act(view)` method.
    Python(Py<PyAny>),
}

/// The seats `play` was given: agent specs, `mousehole.Agent` objects or Python agents.
pub(crate) fn seat_choices(seats: &Bound<'_, PyAny>) -> PyResult<Vec<SeatChoice>> {
    seats
        .try_iter()?
        .map(|seat| {
            let seat = seat?;
            if let Ok(spec) = seat.extract::<String>() {
                Ok(SeatChoice::Agent(parse_agent(&spec)?))
            } else if let Ok(agent) = seat.cast::<Agent>() {
                Ok(SeatChoice::Agent(agent.get().spec.clone()))
            } else if seat.hasattr("act")? {
                Ok(SeatChoice::Python(seat.unbind()))
            } else {
                Err(PyTypeError::new_err(format!(
                    "a seat is an agent spec (\"expert\", \"mc:playouts=200\"), a mousehole.Agent or an object with an act(view) method, not {}",
                    seat.repr()?
                )))
            }
        })
        .collect()
}

/// The first error a Python agent raised during a match, raised again once the match stops.
pub(crate) type Failure = Arc<Mutex<Option<PyErr>>>;

pub(crate) fn record(failure: &Failure, error: PyErr) {
    failure
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert(error);
}

pub(crate) fn failed(failure: &Failure) -> bool {
    failure
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .is_some()
}

/// A Python agent at a seat: asked with its seat's view, told when the game starts and ends.
pub(crate) struct PythonSeat<G: PyGame> {
    object: Py<PyAny>,
    game: Py<PyGameObject>,
    failure: Failure,
    seat: usize,
    phantom: std::marker::PhantomData<fn() -> G>,
}

impl<G: PyGame> PythonSeat<G> {
    /// Python agent `object` at a seat of `game`; the first exception it raises goes to
    /// `failure`, and every later decision of the seat stops its match.
    pub(crate) fn new(object: Py<PyAny>, game: Py<PyGameObject>, failure: Failure) -> Self {
        Self {
            object,
            game,
            failure,
            seat: 0,
            phantom: std::marker::PhantomData,
        }
    }

    /// `action` if it is legal at `view`'s decision; else the words the match driver gives an
    /// illegal choice, raised at once (a tournament would score it as a forfeit and go on).
    fn legal(view: &DecisionView<'_, G>, action: G::Action) -> PyResult<G::Action> {
        if view.legal().contains(&action) {
            return Ok(action);
        }
        let error = IllegalAction {
            action: action.to_string(),
            reason: IllegalReason::at(ToMove::Player(view.seat())),
            legal: view.legal().iter().map(ToString::to_string).collect(),
        };
        Err(errors::illegal(format!(
            "seat {} chose an illegal action: {error}",
            view.seat()
        )))
    }

    /// What the agent's `act` returned, as one of the game's actions.
    fn action(config: &G::Config, returned: &Bound<'_, PyAny>) -> PyResult<G::Action> {
        if let Ok(id) = returned.extract::<i64>() {
            return usize::try_from(id)
                .ok()
                .and_then(|id| G::decision_from_id(config, id))
                .ok_or_else(|| {
                    errors::illegal(format!(
                        "the agent returned {id}, which is not a decision id of {} (they run from 0 to {})",
                        mousehole_engine::registry::canonical_spec(config),
                        G::num_distinct_actions(config) - 1
                    ))
                });
        }
        if let Ok(text) = returned.extract::<String>() {
            return text.trim().parse().map_err(errors::illegal);
        }
        Err(PyTypeError::new_err(format!(
            "an agent's act(view) returns an action id (int) or an action's text (str), not {}",
            returned.repr()?
        )))
    }
}

impl<G: PyGame> Seat<G> for PythonSeat<G> {
    fn start(&mut self, seat: usize, _config: &G::Config, seed: u64) {
        self.seat = seat;
        Python::attach(|py| {
            let object = self.object.bind(py);
            if object.hasattr("new_game").unwrap_or(false)
                && let Err(error) = object.call_method1("new_game", (seat, seed))
            {
                record(&self.failure, error);
            }
        });
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let stop = || {
            StopRequest::quit(format!(
                "the Python agent at seat {} raised an exception",
                view.seat()
            ))
        };
        if failed(&self.failure) {
            return Err(stop());
        }
        Python::attach(|py| {
            let asked = Py::new(
                py,
                SeatView {
                    inner: Box::new(TypedView::<G>::of(view)),
                    game: self.game.clone_ref(py),
                },
            )
            .and_then(|seat_view| self.object.bind(py).call_method1("act", (seat_view,)))
            .and_then(|returned| Self::action(view.config(), &returned))
            .and_then(|action| Self::legal(view, action));
            match asked {
                Ok(action) => Ok(Decision::new(action)),
                Err(error) => {
                    record(&self.failure, error);
                    Err(stop())
                }
            }
        })
    }

    fn wants_views(&self) -> bool {
        true
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        let returns = ending.outcome.map(|outcome| outcome.returns.clone());
        Python::attach(|py| {
            let object = self.object.bind(py);
            if object.hasattr("game_over").unwrap_or(false)
                && let Err(error) = object.call_method1("game_over", (returns,))
            {
                record(&self.failure, error);
            }
        });
    }
}

/// The label a transcript gives a Python agent: `human:NAME`, NAME its `name` attribute or
/// its class's name.
pub(crate) fn python_label(object: &Bound<'_, PyAny>) -> String {
    let name = object
        .getattr("name")
        .and_then(|name| name.extract::<String>())
        .or_else(|_| object.get_type().name().map(|name| name.to_string()))
        .unwrap_or_default();
    let label = format!("human:{}", name.replace(',', " "));
    if label.parse::<SeatLabel>().is_ok() {
        label
    } else {
        PYTHON_SEAT.to_owned()
    }
}

/// Plays one match of game `G` between `choices` with `seed`.
pub(crate) fn play<G: PyGame>(
    py: Python<'_>,
    config: &G::Config,
    game: &Py<PyGameObject>,
    choices: Vec<SeatChoice>,
    seed: u64,
) -> PyResult<PlayResult> {
    let players = config.players();
    if choices.len() != players {
        return Err(errors::value(format!(
            "give one seat per player: {} for a {players}-player game",
            choices.len()
        )));
    }
    let failure: Failure = Arc::default();
    let mut labels = Vec::new();
    let mut seats: Vec<Box<dyn Seat<G> + Send>> = Vec::new();
    for choice in choices {
        match choice {
            SeatChoice::Agent(spec) => {
                labels.push(spec.to_string());
                seats.push(Box::new(AgentSeat::<G>::new(build_agent::<G>(&spec))));
            }
            SeatChoice::Python(object) => {
                labels.push(python_label(object.bind(py)));
                seats.push(Box::new(PythonSeat::<G>::new(
                    object,
                    game.clone_ref(py),
                    failure.clone(),
                )));
            }
        }
    }
    let mut driven = Match::<G>::new(config, seed);
    let end = py.detach(|| driven.run(&mut seats));
    if let Some(error) = failure
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
    {
        return Err(error);
    }
    if let MatchEnd::IllegalChoice { seat, error } = &end {
        return Err(errors::illegal(format!(
            "seat {seat} chose an illegal action: {error}"
        )));
    }
    let transcript = Transcript::from_match(&driven, labels).to_json_pretty();
    let state = Py::new(
        py,
        State {
            inner: Box::new(Typed::<G>::new(driven.state().clone(), driven.events())),
            kind: game.get().inner.clone(),
            game: game.clone_ref(py).into_any(),
        },
    )?;
    let outcome = end.outcome();
    Ok(PlayResult {
        returns: outcome.map(|outcome| outcome.returns.clone()),
        ranks: outcome.map(|outcome| outcome.ranks.clone()),
        scores: outcome.map(|outcome| outcome.scores.clone()),
        transcript,
        state,
    })
}

/// How a match of `mousehole.play` went.
#[pyclass(frozen, module = "mousehole")]
pub struct PlayResult {
    /// Each seat's return (the winners share 1).
    #[pyo3(get)]
    returns: Option<Vec<f64>>,
    /// Each seat's place, 1 the best (competition ranks: two firsts, then third).
    #[pyo3(get)]
    ranks: Option<Vec<u32>>,
    /// Each seat's score as the game reports it (holes, moose, cheese, distance).
    #[pyo3(get)]
    scores: Option<Vec<i64>>,
    /// The match's transcript (`mousehole-transcript/1` JSON): `mousehole replay` shows it.
    #[pyo3(get)]
    transcript: String,
    /// The final state.
    #[pyo3(get)]
    state: Py<State>,
}

impl std::fmt::Debug for PlayResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayResult")
            .field("returns", &self.returns)
            .finish_non_exhaustive()
    }
}

#[pymethods]
impl PlayResult {
    fn __repr__(&self) -> String {
        format!("<mousehole.PlayResult returns={:?}>", self.returns)
    }
}

/// A seat's view at one of its decisions, whatever the game.
trait AnyView: Send + Sync {
    fn seat(&self) -> usize;
    fn events(&self) -> usize;
    fn legal_ids(&self) -> Vec<usize>;
    fn action_text(&self, id: i64) -> PyResult<String>;
    fn action_id(&self, text: &str) -> PyResult<usize>;
    fn observation_text(&self) -> String;
    fn observation_json(&self) -> String;
    fn observation_tensor(&self, layout: &TensorLayout, out: &mut [f32]);
    fn history(&self) -> Vec<String>;
}

/// Game `G`'s view of a decision, owned.
struct TypedView<G: PyGame> {
    seat: usize,
    events: usize,
    config: G::Config,
    legal: Vec<G::Action>,
    observation: G::Observation,
    history: Vec<String>,
}

impl<G: PyGame> TypedView<G> {
    fn of(view: &DecisionView<'_, G>) -> Self {
        Self {
            seat: view.seat(),
            events: view.events(),
            config: view.config().clone(),
            legal: view.legal().to_vec(),
            observation: view.observation(),
            history: view.history().iter().map(ToString::to_string).collect(),
        }
    }
}

impl<G: PyGame> AnyView for TypedView<G> {
    fn seat(&self) -> usize {
        self.seat
    }

    fn events(&self) -> usize {
        self.events
    }

    fn legal_ids(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self
            .legal
            .iter()
            .map(|action| G::action_id(&self.config, action).expect("a legal action has an id"))
            .collect();
        ids.sort_unstable();
        ids
    }

    fn action_text(&self, id: i64) -> PyResult<String> {
        usize::try_from(id)
            .ok()
            .and_then(|id| G::decision_from_id(&self.config, id))
            .map(|action| action.to_string())
            .ok_or_else(|| errors::illegal(format!("{id} is not a decision id of this game")))
    }

    fn action_id(&self, text: &str) -> PyResult<usize> {
        let action: G::Action = text.trim().parse().map_err(errors::illegal)?;
        G::action_id(&self.config, &action)
            .ok_or_else(|| errors::illegal(format!("'{action}' is no action of this game")))
    }

    fn observation_text(&self) -> String {
        self.observation.to_string()
    }

    fn observation_json(&self) -> String {
        serde_json::to_string(&self.observation).expect("observations serialise")
    }

    fn observation_tensor(&self, layout: &TensorLayout, out: &mut [f32]) {
        G::encode(&self.observation, layout, out);
    }

    fn history(&self) -> Vec<String> {
        self.history.clone()
    }
}

/// What a Python agent at a seat of `mousehole.play` is shown at its decision: its seat, the
/// legal actions, what it may know and its views of every event so far. Never the true state.
#[pyclass(frozen, module = "mousehole")]
pub struct SeatView {
    inner: Box<dyn AnyView>,
    game: Py<PyGameObject>,
}

impl std::fmt::Debug for SeatView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatView")
            .field("seat", &self.inner.seat())
            .finish_non_exhaustive()
    }
}

#[pymethods]
impl SeatView {
    /// The deciding seat.
    #[getter]
    fn seat(&self) -> usize {
        self.inner.seat()
    }

    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGameObject> {
        self.game.clone_ref(py)
    }

    /// Events so far, chance outcomes included.
    fn move_number(&self) -> usize {
        self.inner.events()
    }

    /// The legal decision ids, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_ids()
    }

    fn action_to_string(&self, action: i64) -> PyResult<String> {
        self.inner.action_text(action)
    }

    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.action_id(text)
    }

    fn observation_string(&self) -> String {
        self.inner.observation_text()
    }

    fn observation_json(&self) -> String {
        self.inner.observation_json()
    }

    fn observation_tensor(&self) -> Vec<f32> {
        let layout = self.game.get().inner.layout();
        let mut tensor = vec![0.0; layout.len()];
        self.inner.observation_tensor(layout, &mut tensor);
        tensor
    }

    /// This seat's view of every event so far (`chance: roll 4`, `seat 1: peek 2 → …`).
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// Everything this seat has seen over the game, as `State.information_state_string`
    /// gives it for the same seat at the same point.
    fn information_state_string(&self) -> String {
        let mut text = format!("seat {}\n", self.inner.seat());
        for line in self.inner.history() {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(&self.inner.observation_text());
        text
    }

    fn __repr__(&self) -> String {
        format!(
            "<mousehole.SeatView of seat {} at event {}>",
            self.inner.seat(),
            self.inner.events()
        )
    }
}

/// `mousehole.play(game, seats, seed=0)`: one match through the engine's match driver.
#[pyfunction]
#[pyo3(name = "play", signature = (game, seats, seed = 0))]
pub(crate) fn play_match(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    seats: &Bound<'_, PyAny>,
    seed: u64,
) -> PyResult<PlayResult> {
    let game = crate::game::game_of(py, game)?;
    let choices = seat_choices(seats)?;
    let spec = game.get().game_spec()?;
    let visitor = PlayMatch {
        py,
        game: &game,
        choices,
        seed,
    };
    crate::kind::visit(&spec, visitor).map_err(errors::spec)?
}

/// [`play`] with the type of the game that a spec names.
struct PlayMatch<'a, 'py> {
    py: Python<'py>,
    game: &'a Py<PyGameObject>,
    choices: Vec<SeatChoice>,
    seed: u64,
}

impl Visitor for PlayMatch<'_, '_> {
    type Output = PyResult<PlayResult>;
    fn visit<G: PyGame>(self, config: G::Config) -> Self::Output {
        play::<G>(self.py, &config, self.game, self.choices, self.seed)
    }
}
