//! The project's bots from Python: `mousehole.agent(spec, seed)` is any built-in agent (`random`,
//! `heuristic`, `mc`, `ismcts`, the levels `easy` … `expert`, with their settings) that chooses
//! an action for a state and a seat, deterministic for its seed: it plays what it would play
//! at that seat of a match with that seed, from the seat's view alone.

use mousehole_bots::{AgentSpec, SeatLabel};
use mousehole_engine::ToMove;
use pyo3::prelude::*;

use crate::errors;
use crate::state::{State, no_such_player, player_id};

/// The agent `spec` names: a built-in agent spec; a person's seat or a program (`exec:`) is
/// refused in words.
pub(crate) fn parse_agent(spec: &str) -> PyResult<AgentSpec> {
    match spec.parse::<SeatLabel>() {
        Ok(SeatLabel::Agent(agent)) => Ok(agent),
        Ok(SeatLabel::Program(_)) => Err(errors::agent(format!(
            "'{spec}' runs a program, which only the mousehole command seats (`mousehole play --seat`); from Python, give a built-in agent or a Python agent object"
        ))),
        Ok(SeatLabel::Human(_) | SeatLabel::Remote(_)) => Err(errors::agent(format!(
            "'{spec}' is a person's seat, which only the mousehole command seats; from Python, give a built-in agent or a Python agent object"
        ))),
        Err(_) => spec.trim().parse::<AgentSpec>().map_err(errors::agent),
    }
}

/// One of the project's bots, seeded: `step(state)` returns the id of the action it chooses
/// for the seat to move, from that seat's view alone.
#[pyclass(frozen, module = "mousehole")]
#[derive(Debug)]
pub struct Agent {
    pub(crate) spec: AgentSpec,
    seed: u64,
}

#[pymethods]
impl Agent {
    /// The action id this agent chooses at `state` for the seat to move (checked to be
    /// `player` if given): what it would play at that seat of a match with this agent's seed,
    /// shown the same view. The state must be a decision node.
    #[pyo3(signature = (state, player = None))]
    fn step(
        &self,
        py: Python<'_>,
        state: &Bound<'_, State>,
        player: Option<i64>,
    ) -> PyResult<usize> {
        let state = state.borrow();
        let to_move = state.inner.to_move();
        let ToMove::Player(seat) = to_move else {
            return Err(errors::illegal(match to_move {
                ToMove::Chance => {
                    "a chance event is due here, not a decision: apply a chance outcome first"
                }
                _ => "the game is over: no seat decides",
            }));
        };
        if let Some(player) = player {
            let players = state.inner.players();
            if usize::try_from(player).map_or(true, |p| p >= players) {
                return Err(errors::value(no_such_player(player, players)));
            }
            if player != player_id(to_move) {
                return Err(errors::illegal(format!(
                    "seat {seat} decides here, not seat {player}"
                )));
            }
        }
        let inner = &*state.inner;
        let (spec, seed) = (&self.spec, self.seed);
        Ok(py.detach(|| inner.agent_step(spec, seed, seat)))
    }

    /// The agent spec, settings included (`mc:playouts=200`).
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __repr__(&self) -> String {
        format!("mousehole.agent('{}', seed={})", self.spec, self.seed)
    }
}

/// `mousehole.agent(spec, seed=0)`: the built-in agent `spec` names (`"expert"`,
/// `"ismcts:iterations=2000"`), deterministic for `seed`.
#[pyfunction]
#[pyo3(signature = (spec, seed = 0))]
pub(crate) fn agent(spec: &str, seed: u64) -> PyResult<Agent> {
    Ok(Agent {
        spec: parse_agent(spec)?,
        seed,
    })
}
