//! States: a game's true state behind `mousehole.State`, with the OpenSpiel calls over it
//! (who acts, legal action ids, chance outcomes, applying ids, observations, returns), the
//! record of its events (for `history()`, information states and transcripts) and the bots
//! asked at it.
//!
//! A state is the Rust value itself and its events: applying an id decodes it in the game's
//! [`Encoding`] and applies it through the rules' checked `apply`. What a seat has seen over the
//! game (its information state, a transcript) is rebuilt when asked by replaying the events
//! through the engine's match driver, the one home of seat views.

use std::sync::Arc;

use mousehole_bots::{AgentSpec, SeatLabel, build_agent};
use mousehole_engine::encoding::TensorLayout;
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::rng::{AgentStreams, agent_seed};
use mousehole_engine::{
    Actor, Decision, DecisionView, Event, GameSpec, IllegalAction, IllegalReason, Match, ToMove,
    Transcript,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::errors;
use crate::history::History;
use crate::kind::{PyGame, Visitor};

/// A configured game, whatever its type.
pub(crate) trait AnyGame: Send + Sync {
    /// The canonical spec, every option listed.
    fn spec(&self) -> String;
    fn name(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn players(&self) -> usize;
    fn options(&self) -> Vec<(String, String)>;
    fn num_distinct_actions(&self) -> usize;
    fn max_chance_outcomes(&self) -> usize;
    fn max_decisions(&self) -> usize;
    /// Whether every seat sees everything (no case of the game hides anything).
    fn perfect_information(&self) -> bool;
    fn layout(&self) -> &TensorLayout;
    fn new_state(&self) -> Box<dyn AnyState>;
}

/// OpenSpiel's player id of chance.
pub(crate) const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
pub(crate) const TERMINAL: i64 = -4;

/// The label a transcript gives a seat whose decisions came from Python: a seat decided
/// outside mousehole's own agents, which `mousehole replay` and a resumed game read as a
/// person's.
pub(crate) const PYTHON_SEAT: &str = "human:python";

/// OpenSpiel's number for who acts.
pub(crate) fn player_id(to_move: ToMove) -> i64 {
    match to_move {
        ToMove::Player(seat) => seat as i64,
        ToMove::Chance => CHANCE,
        ToMove::Terminal => TERMINAL,
    }
}

/// A state of any game.
pub(crate) trait AnyState: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyState>;
    fn to_move(&self) -> ToMove;
    fn players(&self) -> usize;
    /// The ids of the legal decisions, or of the chance outcomes at a chance node, ascending.
    fn legal_ids(&self) -> Vec<usize>;
    /// The chance outcomes' ids with their probabilities, ascending by id.
    fn chance_ids(&self) -> Vec<(usize, f64)>;
    /// Applies the action with `id` in the space of whoever acts (checking it is `player`,
    /// if given).
    fn apply_id(&mut self, id: i64, player: Option<i64>) -> PyResult<()>;
    /// The text of the action with `id` in the space of `player` (chance if `CHANCE`).
    fn action_text(&self, player: i64, id: i64) -> PyResult<String>;
    /// The id of the action `text` names.
    fn action_id(&self, text: &str) -> PyResult<usize>;
    /// Every event's id so far, in order (chance outcomes' in their space).
    fn history_ids(&self) -> Vec<usize>;
    /// How many events there have been.
    fn events(&self) -> usize;
    /// Every event so far as `(player id, text)`.
    fn history_texts(&self) -> Vec<(i64, String)>;
    fn returns(&self) -> Vec<f64>;
    fn observation_text(&self, seat: usize) -> String;
    fn observation_json(&self, seat: usize) -> String;
    fn observation_tensor(&self, seat: usize, layout: &TensorLayout, out: &mut [f32]);
    fn information_state(&self, seat: usize) -> String;
    /// The full true state as JSON.
    fn state_json(&self) -> String;
    fn transcript(&self, seats: Vec<String>, seed: u64) -> Transcript;
    /// What the agent `spec`, seeded with `seed`, plays at this decision of `seat`.
    fn agent_step(&self, spec: &AgentSpec, seed: u64, seat: usize) -> usize;
}

/// Game `G`'s state and the events that led to it.
#[derive(Clone)]
pub(crate) struct Typed<G: PyGame> {
    state: G,
    history: History<G::Action>,
}

impl<G: PyGame> Typed<G> {
    pub(crate) fn new(state: G, events: &[Event<G::Action>]) -> Self {
        Self {
            state,
            history: History::from_events(events),
        }
    }

    fn config(&self) -> &G::Config {
        self.state.config()
    }

    fn id(&self, action: &G::Action) -> usize {
        G::action_id(self.config(), action).expect("a listed action has an id")
    }

    /// The action `id` names in the space of chance (`chance`) or of the decisions.
    fn decode(&self, id: i64, chance: bool) -> Result<G::Action, String> {
        let config = self.config();
        let (space, size) = if chance {
            ("chance outcome", G::max_chance_outcomes(config))
        } else {
            ("decision", G::num_distinct_actions(config))
        };
        let decoded = usize::try_from(id).ok().and_then(|id| {
            if chance {
                G::chance_from_id(config, id)
            } else {
                G::decision_from_id(config, id)
            }
        });
        decoded.ok_or_else(|| {
            format!(
                "{id} is not a {space} id of {} (they run from 0 to {})",
                mousehole_engine::registry::canonical_spec(config),
                size - 1
            )
        })
    }

    /// The legal actions (or chance outcomes) here as `text (id)`, for messages.
    fn legal_listed(&self) -> Vec<String> {
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        self.state.legal_actions(&mut legal);
        self.state.chance_outcomes(&mut outcomes);
        legal
            .iter()
            .chain(outcomes.iter().map(|(action, _)| action))
            .map(|action| format!("{action} ({})", self.id(action)))
            .collect()
    }

    fn refuse(&self, action: String, reason: IllegalReason) -> PyErr {
        errors::illegal(IllegalAction {
            action,
            reason,
            legal: self.legal_listed(),
        })
    }

    /// The events replayed into a match through the engine's driver, recording every seat's
    /// view of them when `views`.
    fn replayed(&self, views: bool) -> Match<G> {
        let mut game = Match::new(self.config(), 0);
        game.record_views(views);
        for event in self.history.to_vec() {
            let applied = match event.actor {
                Actor::Chance => game.apply_chance(event.action),
                Actor::Seat(seat) => game.decide(seat, Decision::new(event.action)),
            };
            applied.expect("the events applied when they were played");
        }
        game
    }
}

impl<G: PyGame> AnyState for Typed<G> {
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> ToMove {
        self.state.to_move()
    }

    fn players(&self) -> usize {
        self.state.num_players()
    }

    fn legal_ids(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = match self.state.to_move() {
            ToMove::Player(_) => {
                let mut legal = Vec::new();
                self.state.legal_actions(&mut legal);
                legal.iter().map(|action| self.id(action)).collect()
            }
            ToMove::Chance => self.chance_ids().into_iter().map(|(id, _)| id).collect(),
            ToMove::Terminal => Vec::new(),
        };
        ids.sort_unstable();
        ids
    }

    fn chance_ids(&self) -> Vec<(usize, f64)> {
        let mut outcomes = Vec::new();
        self.state.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|&(_, weight)| f64::from(weight)).sum();
        let mut ids: Vec<(usize, f64)> = outcomes
            .iter()
            .map(|(action, weight)| (self.id(action), f64::from(*weight) / total))
            .collect();
        ids.sort_unstable_by_key(|&(id, _)| id);
        ids
    }

    fn apply_id(&mut self, id: i64, player: Option<i64>) -> PyResult<()> {
        let to_move = self.state.to_move();
        let chance = to_move == ToMove::Chance;
        let text = |state: &Self| {
            state
                .decode(id, chance)
                .map_or_else(|_| format!("#{id}"), |action| action.to_string())
        };
        if to_move == ToMove::Terminal {
            return Err(self.refuse(text(self), IllegalReason::GameOver));
        }
        if let Some(player) = player.filter(|&player| player != player_id(to_move)) {
            let actor = match usize::try_from(player) {
                Ok(seat) if seat < self.players() => Actor::Seat(seat),
                _ if player == CHANCE => Actor::Chance,
                _ => return Err(errors::value(no_such_player(player, self.players()))),
            };
            return Err(self.refuse(text(self), IllegalReason::of_actor(to_move, actor)));
        }
        let action = self.decode(id, chance).map_err(errors::illegal)?;
        if let Err(error) = self.state.apply(action) {
            return Err(self.refuse(error.action, error.reason));
        }
        let actor = match to_move {
            ToMove::Player(seat) => Actor::Seat(seat),
            ToMove::Chance | ToMove::Terminal => Actor::Chance,
        };
        self.history.push(Event { actor, action });
        Ok(())
    }

    fn action_text(&self, player: i64, id: i64) -> PyResult<String> {
        if player != CHANCE && usize::try_from(player).map_or(true, |seat| seat >= self.players()) {
            return Err(errors::value(no_such_player(player, self.players())));
        }
        self.decode(id, player == CHANCE)
            .map(|action| action.to_string())
            .map_err(errors::illegal)
    }

    fn action_id(&self, text: &str) -> PyResult<usize> {
        let action: G::Action = text.trim().parse().map_err(errors::illegal)?;
        G::action_id(self.config(), &action).ok_or_else(|| {
            errors::illegal(format!(
                "'{action}' is no action of {}",
                mousehole_engine::registry::canonical_spec(self.config())
            ))
        })
    }

    fn history_ids(&self) -> Vec<usize> {
        self.history
            .to_vec()
            .iter()
            .map(|event| self.id(&event.action))
            .collect()
    }

    fn events(&self) -> usize {
        self.history.len()
    }

    fn history_texts(&self) -> Vec<(i64, String)> {
        self.history
            .to_vec()
            .iter()
            .map(|event| {
                let player = match event.actor {
                    Actor::Chance => CHANCE,
                    Actor::Seat(seat) => seat as i64,
                };
                (player, event.action.to_string())
            })
            .collect()
    }

    fn returns(&self) -> Vec<f64> {
        let mut returns = Vec::new();
        self.state.returns_into(&mut returns);
        if returns.is_empty() {
            returns.resize(self.players(), 0.0);
        }
        returns
    }

    fn observation_text(&self, seat: usize) -> String {
        self.state.observation(seat).to_string()
    }

    fn observation_json(&self, seat: usize) -> String {
        serde_json::to_string(&self.state.observation(seat)).expect("observations serialise")
    }

    fn observation_tensor(&self, seat: usize, layout: &TensorLayout, out: &mut [f32]) {
        G::encode(&self.state.observation(seat), layout, out);
    }

    fn information_state(&self, seat: usize) -> String {
        let game = self.replayed(true);
        let mut text = format!("seat {seat}\n");
        for seen in game.seen(seat) {
            text.push_str(&seen.to_string());
            text.push('\n');
        }
        text.push_str(&self.state.observation(seat).to_string());
        text
    }

    fn state_json(&self) -> String {
        serde_json::to_string(&self.state).expect("states serialise")
    }

    fn transcript(&self, seats: Vec<String>, seed: u64) -> Transcript {
        let mut transcript = Transcript::from_match(&self.replayed(false), seats);
        transcript.seed = seed;
        transcript
    }

    fn agent_step(&self, spec: &AgentSpec, seed: u64, seat: usize) -> usize {
        // As the seat of a match would ask it (`AgentSeat`): a new agent told the game starts,
        // shown this seat's views of every event and drawing from the stream of this decision.
        let config = self.config();
        let game = self.replayed(true);
        let history = game.seen(seat);
        let seen_from = history
            .iter()
            .rposition(|seen| seen.actor == Actor::Seat(seat))
            .unwrap_or(0);
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let observation = self.state.observation(seat);
        let view = DecisionView::observed(&observation, config, seat, &legal, history, seen_from);
        let mut agent = build_agent::<G>(spec);
        agent.new_game(seat, config, agent_seed(seed, seat));
        let decision = agent.act(
            &view,
            &mut AgentStreams::new(seed, seat).decision(view.events()),
        );
        self.id(&decision.action)
    }
}

/// The message for a player id that is no seat of the game.
pub(crate) fn no_such_player(player: i64, players: usize) -> String {
    format!(
        "player {player} is not in this {players}-player game (its seats are 0 to {}, chance is -1)",
        players - 1
    )
}

/// A state of a game: the true state (everything, hidden or not), for search and learning code
/// as OpenSpiel's states are. What one seat may know is `observation_string(seat)`,
/// `observation_tensor(seat)` and `information_state_string(seat)`.
#[pyclass(module = "mousehole")]
pub struct State {
    pub(crate) inner: Box<dyn AnyState>,
    /// The `mousehole.Game` object this is a state of (what `get_game` returns).
    pub(crate) game: Py<PyAny>,
    /// That game's configuration, read here (sizes, the tensor's layout, its name).
    pub(crate) kind: Arc<dyn AnyGame>,
}

impl State {
    /// `player`, or the seat to move when it is `None`; a seat of the game.
    fn seat(&self, player: Option<i64>) -> PyResult<usize> {
        let players = self.inner.players();
        match player {
            Some(player) => usize::try_from(player)
                .ok()
                .filter(|&seat| seat < players)
                .ok_or_else(|| errors::value(no_such_player(player, players))),
            None => match self.inner.to_move() {
                ToMove::Player(seat) => Ok(seat),
                ToMove::Chance => Err(errors::value(
                    "chance acts here: give the seat whose view you want",
                )),
                ToMove::Terminal => Err(errors::value(
                    "the game is over: give the seat whose view you want",
                )),
            },
        }
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("state", &self.inner.state_json())
            .finish_non_exhaustive()
    }
}

#[pymethods]
impl State {
    /// Who acts: a seat (0…), `CHANCE` (-1) or `TERMINAL` (-4), as OpenSpiel numbers them.
    fn current_player(&self) -> i64 {
        player_id(self.inner.to_move())
    }

    fn is_chance_node(&self) -> bool {
        self.inner.to_move() == ToMove::Chance
    }

    fn is_terminal(&self) -> bool {
        self.inner.to_move() == ToMove::Terminal
    }

    fn is_player_node(&self) -> bool {
        matches!(self.inner.to_move(), ToMove::Player(_))
    }

    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// The game this is a state of.
    fn get_game(&self, py: Python<'_>) -> Py<PyAny> {
        self.game.clone_ref(py)
    }

    /// The legal action ids of `player` (default: whoever acts), ascending: decisions for the
    /// seat to move, chance outcome ids at a chance node, none for anyone else.
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let acting = player.is_none_or(|player| player == player_id(self.inner.to_move()));
        let ids = if acting {
            self.inner.legal_ids()
        } else {
            Vec::new()
        };
        PyList::new(py, ids)
    }

    /// 1 for each legal id of `player` (default: whoever acts), 0 for the others: as many as
    /// the game's decision ids (chance outcome ids at a chance node).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> Vec<u8> {
        let game = &self.kind;
        let to_move = self.inner.to_move();
        let acting = player.is_none_or(|player| player == player_id(to_move));
        let size = if player.unwrap_or(player_id(to_move)) == CHANCE {
            game.max_chance_outcomes()
        } else {
            game.num_distinct_actions()
        };
        let mut mask = vec![0; size];
        if acting {
            for id in self.inner.legal_ids() {
                mask[id] = 1;
            }
        }
        mask
    }

    /// At a chance node, every outcome's id with its probability, ascending by id; else empty.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let outcomes = self
            .inner
            .chance_ids()
            .into_iter()
            .map(|(id, p)| {
                PyTuple::new(
                    py,
                    [
                        id.into_pyobject(py)?.into_any(),
                        p.into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, outcomes)
    }

    /// Applies the action with this id: a decision of the seat to move, or a chance outcome
    /// at a chance node. With `player`, refuses if someone else is to act. An id that is not
    /// legal here raises `IllegalActionError` and changes nothing.
    #[pyo3(signature = (action, player = None))]
    fn apply_action(&mut self, action: i64, player: Option<i64>) -> PyResult<()> {
        self.inner.apply_id(action, player)
    }

    /// The action's text form (`take 3`, `roll 4`): `action_to_string(action)` for whoever acts,
    /// or `action_to_string(player, action)` (player -1: a chance outcome id).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let (player, action) = match args.len() {
            1 => (
                player_id(self.inner.to_move()),
                args.get_item(0)?.extract()?,
            ),
            2 => (args.get_item(0)?.extract()?, args.get_item(1)?.extract()?),
            n => {
                return Err(errors::value(format!(
                    "action_to_string takes (action) or (player, action), not {n} arguments"
                )));
            }
        };
        let player = if player == TERMINAL { 0 } else { player };
        self.inner.action_text(player, action)
    }

    /// The id of the action a text names, in the spec's text forms: `string_to_action(text)`
    /// or `string_to_action(player, text)`.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text: String = match args.len() {
            1 => args.get_item(0)?.extract()?,
            2 => args.get_item(1)?.extract()?,
            n => {
                return Err(errors::value(format!(
                    "string_to_action takes (text) or (player, text), not {n} arguments"
                )));
            }
        };
        self.inner.action_id(&text)
    }

    /// A copy that can be changed on its own.
    fn clone(&self, py: Python<'_>) -> PyResult<Py<State>> {
        Py::new(
            py,
            State {
                inner: self.inner.clone_box(),
                game: self.game.clone_ref(py),
                kind: self.kind.clone(),
            },
        )
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<State>> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<State>> {
        self.clone(py)
    }

    /// Each seat's return: 0 until the game is over, then the winners share 1.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The returns gained by the last action (a game pays only at its end, so the returns
    /// once it is over, else zeros).
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn player_return(&self, player: i64) -> PyResult<f64> {
        let seat = self.seat(Some(player))?;
        Ok(self.inner.returns()[seat])
    }

    /// The ids of every event so far, chance outcomes included (each in its own space).
    fn history(&self) -> Vec<usize> {
        self.inner.history_ids()
    }

    /// Every event so far as `(player, text)`: chance's player is -1.
    fn history_texts(&self) -> Vec<(i64, String)> {
        self.inner.history_texts()
    }

    /// Events so far (chance outcomes included).
    fn move_number(&self) -> usize {
        self.inner.events()
    }

    /// What `player` (default: the seat to move) may know now, as text.
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.observation_text(self.seat(player)?))
    }

    /// What `player` may know now, as the observation JSON the external-agent protocol sends
    /// (`mousehole schema GAME` describes it).
    #[pyo3(signature = (player = None))]
    fn observation_json(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.observation_json(self.seat(player)?))
    }

    /// What `player` may know now, as the game's fixed-length vector of floats in 0…1
    /// (`Game.observation_tensor_layout()` names its fields).
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let layout = self.kind.layout();
        let mut tensor = vec![0.0; layout.len()];
        self.inner
            .observation_tensor(self.seat(player)?, layout, &mut tensor);
        Ok(tensor)
    }

    /// `observation_tensor(player)` as the bytes of float32 values (for
    /// `numpy.frombuffer(…, dtype=numpy.float32)`, with no list in between).
    #[pyo3(signature = (player = None))]
    fn observation_tensor_bytes<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let tensor = self.observation_tensor(player)?;
        let bytes: Vec<u8> = tensor.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// Everything `player` has seen over the game: its view of every event (with the notes it
    /// was shown) and what it may know now. Two states give a seat the same text exactly when
    /// it cannot tell them apart.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.information_state(self.seat(player)?))
    }

    /// The game so far as a transcript (`mousehole-transcript/1` JSON), which `mousehole
    /// replay` checks and shows. `seats` labels the seats (agent specs or `human:NAME`; default
    /// `human:python` each), `seed` is recorded as the match seed.
    #[pyo3(signature = (seats = None, seed = 0))]
    fn to_transcript(&self, seats: Option<Vec<String>>, seed: u64) -> PyResult<String> {
        let players = self.inner.players();
        let seats = seats.unwrap_or_else(|| vec![PYTHON_SEAT.to_owned(); players]);
        if seats.len() != players {
            return Err(errors::value(format!(
                "give one seat label per seat: {} for a {players}-player game",
                seats.len()
            )));
        }
        for label in &seats {
            label
                .parse::<SeatLabel>()
                .map_err(|error| errors::value(error.to_string()))?;
        }
        Ok(self.inner.transcript(seats, seed).to_json_pretty())
    }

    /// The full true state as JSON (what no seat may see while the game goes on).
    fn to_json(&self) -> String {
        self.inner.state_json()
    }

    fn __str__(&self) -> String {
        self.inner.state_json()
    }

    fn __repr__(&self) -> String {
        let who = match self.inner.to_move() {
            ToMove::Player(seat) => format!("seat {seat} to act"),
            ToMove::Chance => "chance to act".to_owned(),
            ToMove::Terminal => "over".to_owned(),
        };
        format!(
            "<mousehole.State of {} after {} events, {who}>",
            self.kind.name(),
            self.inner.events()
        )
    }
}

/// Reads a transcript into the state it ends at.
struct Load<'a> {
    transcript: &'a Transcript,
}

impl Visitor for Load<'_> {
    type Output = PyResult<Box<dyn AnyState>>;
    fn visit<G: PyGame>(self, _config: G::Config) -> Self::Output {
        let mut replay =
            Replay::<G>::new(self.transcript, Chance::Recorded).map_err(errors::transcript)?;
        replay.run().map_err(errors::transcript)?;
        let game = replay.into_match();
        Ok(Box::new(Typed::<G>::new(
            game.state().clone(),
            game.events(),
        )))
    }
}

/// The state `transcript` (of the game `spec`) ends at, replayed.
pub(crate) fn load_state(spec: &GameSpec, transcript: &Transcript) -> PyResult<Box<dyn AnyState>> {
    crate::kind::visit(spec, Load { transcript }).map_err(errors::transcript)?
}
