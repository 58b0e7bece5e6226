//! Games: a spec (`cheese-day:players=3`) validated into a configured game behind the
//! `mousehole.Game` object, with its action spaces, tensor layout and limits: the game of any
//! type ([`AnyGame`]) that a spec builds through the crate's one dispatch
//! ([`crate::kind::visit`]).

use std::sync::Arc;

use mousehole_bots::check_transcript;
use mousehole_engine::conformance::Hidden;
use mousehole_engine::encoding::TensorLayout;
use mousehole_engine::{GameConfig, GameSpec, Transcript};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors;
use crate::kind::{PyGame, Visitor, visit};
use crate::state::{AnyGame, AnyState, State, Typed, load_state};

/// Game `G` configured.
pub(crate) struct TypedGame<G: PyGame> {
    config: G::Config,
    layout: TensorLayout,
}

impl<G: PyGame> AnyGame for TypedGame<G> {
    fn spec(&self) -> String {
        mousehole_engine::registry::canonical_spec(&self.config)
    }

    fn name(&self) -> &'static str {
        G::Config::description().name
    }

    fn title(&self) -> &'static str {
        G::Config::description().title
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn options(&self) -> Vec<(String, String)> {
        self.config.to_options().into_iter().collect()
    }

    fn num_distinct_actions(&self) -> usize {
        G::num_distinct_actions(&self.config)
    }

    fn max_chance_outcomes(&self) -> usize {
        G::max_chance_outcomes(&self.config)
    }

    fn max_decisions(&self) -> usize {
        G::max_decisions(&self.config)
    }

    fn perfect_information(&self) -> bool {
        G::CASES.iter().all(|case| case.hidden == Hidden::None)
    }

    fn layout(&self) -> &TensorLayout {
        &self.layout
    }

    fn new_state(&self) -> Box<dyn AnyState> {
        Box::new(Typed::<G>::new(G::new(&self.config), &[]))
    }
}

/// Builds the configured game a spec names.
struct Build;

impl Visitor for Build {
    type Output = Arc<dyn AnyGame>;
    fn visit<G: PyGame>(self, config: G::Config) -> Arc<dyn AnyGame> {
        let layout = G::tensor_layout(&config);
        Arc::new(TypedGame::<G> { config, layout })
    }
}

/// The configured game `spec` names.
pub(crate) fn build(spec: &GameSpec) -> PyResult<Arc<dyn AnyGame>> {
    visit(spec, Build).map_err(errors::spec)
}

/// A game with its options: makes states (`new_initial_state`) and says the sizes of its
/// action spaces and observation tensor, as OpenSpiel's games do.
#[pyclass(frozen, module = "mousehole")]
pub struct Game {
    pub(crate) inner: Arc<dyn AnyGame>,
}

impl Game {
    /// The game's spec, read back from its canonical text: what [`visit`] dispatches on, for
    /// the code above that plays it (a match, a tournament) with the game's own type.
    pub(crate) fn game_spec(&self) -> PyResult<GameSpec> {
        self.inner.spec().parse().map_err(errors::spec)
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("spec", &self.inner.spec())
            .finish()
    }
}

#[pymethods]
impl Game {
    /// The state before anything has happened (usually a chance node: the deal).
    fn new_initial_state(slf: &Bound<'_, Self>) -> PyResult<Py<State>> {
        let state = State {
            inner: slf.get().inner.new_state(),
            kind: slf.get().inner.clone(),
            game: slf.clone().into_any().unbind(),
        };
        Py::new(slf.py(), state)
    }

    /// The game's name (`cheese-day`).
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The name people know the game by.
    fn title(&self) -> &'static str {
        self.inner.title()
    }

    /// The canonical spec, every option listed (`cheese-day:players=3,traps=1/2/3/3/4/5`).
    fn spec(&self) -> String {
        self.inner.spec()
    }

    /// Every option with its value, defaults included.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.inner.options() {
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// How many decision ids there are: a player's actions are `0 … num_distinct_actions() - 1`.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// How many chance outcome ids there are: `0 … max_chance_outcomes() - 1`.
    fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }

    /// The most decisions a game takes (chance events not counted), as OpenSpiel's
    /// `max_game_length`.
    fn max_game_length(&self) -> usize {
        self.inner.max_decisions()
    }

    /// Whether every seat sees everything (Mouse Trap).
    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    /// The worst return a seat can get.
    #[staticmethod]
    fn min_utility() -> f64 {
        0.0
    }

    /// The best return a seat can get: the winners share 1.
    #[staticmethod]
    fn max_utility() -> f64 {
        1.0
    }

    /// What every game's returns add up to: the winners share 1, everyone else gets 0.
    #[staticmethod]
    fn utility_sum() -> f64 {
        1.0
    }

    /// The observation tensor's shape: one flat vector.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.layout().len()]
    }

    fn observation_tensor_size(&self) -> usize {
        self.inner.layout().len()
    }

    /// The observation tensor's fields, in order: `(name, shape, what it holds)` each
    /// (docs/observation-tensors.md has them as tables).
    fn observation_tensor_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let fields = self
            .inner
            .layout()
            .fields()
            .iter()
            .map(|field| {
                PyTuple::new(
                    py,
                    [
                        field.name.into_pyobject(py)?.into_any(),
                        PyTuple::new(py, &field.shape)?.into_any(),
                        field.doc.into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, fields)
    }

    fn __str__(&self) -> String {
        self.inner.spec()
    }

    fn __repr__(&self) -> String {
        format!("mousehole.load_game('{}')", self.inner.spec())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|other| other.get().inner.spec() == self.inner.spec())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.spec().hash(&mut hasher);
        hasher.finish()
    }
}

/// `mousehole.load_game(spec, players=None, **options)`: the game a spec names
/// (`"cheese-day"`, `"mouse-race:size=9"`, any spec `mousehole play` takes), with `players` and
/// other options given as keywords too (`load_game("mouse-race", players=3, size=9)`).
#[pyfunction]
#[pyo3(signature = (spec, players = None, **options))]
pub(crate) fn load_game(
    py: Python<'_>,
    spec: &str,
    players: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<Game>> {
    let mut parsed: GameSpec = spec.parse().map_err(errors::spec)?;
    if let Some(players) = players {
        parsed
            .set("players", &players.str()?.to_string())
            .map_err(errors::spec)?;
    }
    if let Some(options) = options {
        for (key, value) in options.iter() {
            parsed
                .set(&key.str()?.to_string(), &value.str()?.to_string())
                .map_err(errors::spec)?;
        }
    }
    Py::new(
        py,
        Game {
            inner: build(&parsed)?,
        },
    )
}

/// The game a function is given: a `mousehole.Game`, or a spec that [`load_game`] loads.
pub(crate) fn game_of(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<Py<Game>> {
    match game.cast::<Game>() {
        Ok(game) => Ok(game.clone().unbind()),
        Err(_) => load_game(py, &game.extract::<String>()?, None, None),
    }
}

/// `mousehole.games()`: the names of the games, in listing order.
#[pyfunction]
pub(crate) fn games() -> Vec<&'static str> {
    mousehole_engine::registry::games()
        .iter()
        .map(|description| description.name)
        .collect()
}

/// `mousehole.describe(name)`: what a game is: its title, summary, player range, rules and
/// options (each with its default, the values it allows and what it does).
#[pyfunction]
pub(crate) fn describe<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let description = mousehole_engine::registry::find(name).map_err(errors::spec)?;
    let dict = PyDict::new(py);
    dict.set_item("name", description.name)?;
    dict.set_item("title", description.title)?;
    dict.set_item("summary", description.summary)?;
    dict.set_item("min_players", description.min_players)?;
    dict.set_item("max_players", description.max_players)?;
    dict.set_item("rules", description.rules)?;
    let options = description
        .options
        .iter()
        .map(|option| {
            let entry = PyDict::new(py);
            entry.set_item("key", option.key)?;
            entry.set_item("default", option.default)?;
            entry.set_item("allowed", option.allowed)?;
            entry.set_item("help", option.help)?;
            Ok(entry)
        })
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("options", options)?;
    Ok(dict)
}

/// `mousehole.load_transcript(text)`: the state a transcript ends at, from its JSON text or a
/// path to it; checked as `mousehole replay` checks it.
#[pyfunction]
pub(crate) fn load_transcript(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Py<State>> {
    let text: String = if let Ok(text) = text.extract::<String>() {
        if text.trim_start().starts_with('{') {
            text
        } else {
            std::fs::read_to_string(&text)
                .map_err(|error| errors::transcript(format!("cannot read {text}: {error}")))?
        }
    } else {
        let path: std::path::PathBuf = text.extract()?;
        std::fs::read_to_string(&path).map_err(|error| {
            errors::transcript(format!("cannot read {}: {error}", path.display()))
        })?
    };
    let transcript = Transcript::from_json(&text).map_err(errors::transcript)?;
    check_transcript(&transcript).map_err(errors::transcript)?;
    let spec = GameSpec::from_recorded(&transcript.game, &transcript.options)
        .map_err(errors::transcript)?;
    let game = Py::new(
        py,
        Game {
            inner: build(&spec)?,
        },
    )?;
    let inner = load_state(&spec, &transcript)?;
    Py::new(
        py,
        State {
            inner,
            kind: game.get().inner.clone(),
            game: game.into_any(),
        },
    )
}
