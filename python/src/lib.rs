//! The `mousehole` Python package's native module (`mousehole._native`): the four games'
//! rules and the project's bots behind an OpenSpiel-shaped API. A state is the Rust value
//! itself behind a Python object; action ids and observation tensors are the engine's
//! ([`mousehole_engine::encoding`]); matches run through the engine's match driver and
//! tournaments through the tournament crate's runner; every mistake is a Python exception with
//! the command line's words (module `errors`).
//!
//! The Python side (`python/mousehole/`) re-exports this module and adds the OpenSpiel
//! registration and the PettingZoo environments; `python/README.md` shows it in use.

mod agent;
mod errors;
mod game;
mod history;
mod kind;
mod seat;
mod state;
mod tournament;

use pyo3::prelude::*;

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::Game>()?;
    module.add_class::<state::State>()?;
    module.add_class::<agent::Agent>()?;
    module.add_class::<seat::SeatView>()?;
    module.add_class::<seat::PlayResult>()?;
    module.add_class::<tournament::TournamentResult>()?;
    module.add_function(wrap_pyfunction!(game::load_game, module)?)?;
    module.add_function(wrap_pyfunction!(game::games, module)?)?;
    module.add_function(wrap_pyfunction!(game::describe, module)?)?;
    module.add_function(wrap_pyfunction!(game::load_transcript, module)?)?;
    module.add_function(wrap_pyfunction!(agent::agent, module)?)?;
    module.add_function(wrap_pyfunction!(seat::play_match, module)?)?;
    module.add_function(wrap_pyfunction!(tournament::tournament, module)?)?;
    module.add("CHANCE", state::CHANCE)?;
    module.add("TERMINAL", state::TERMINAL)?;
    errors::register(module)?;
    Ok(())
}
