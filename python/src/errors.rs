//! The package's exceptions: `mousehole.Error`, a `ValueError`, and one subclass per kind of
//! mistake, each carrying the plain message the command line gives for it. Nothing the rules
//! or the bots refuse reaches Python as a panic.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    mousehole,
    Error,
    PyValueError,
    "Every mistake the package reports: a ValueError with the command line's plain message."
);
create_exception!(
    mousehole,
    SpecError,
    Error,
    "A game spec that names no game or has a bad option (`load_game`)."
);
create_exception!(
    mousehole,
    IllegalActionError,
    Error,
    "An action that cannot be applied here: an id outside the game's action space, a text that is no action, an action that is not legal, a player who is not the one to act, or a game that is over."
);
create_exception!(
    mousehole,
    AgentError,
    Error,
    "An agent spec that names no agent or has a bad setting, or a seat that cannot be played from Python."
);
create_exception!(
    mousehole,
    TranscriptError,
    Error,
    "A transcript that cannot be read or does not replay (`load_transcript`)."
);

/// Adds the exceptions to the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("Error", py.get_type::<Error>())?;
    module.add("SpecError", py.get_type::<SpecError>())?;
    module.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    module.add("AgentError", py.get_type::<AgentError>())?;
    module.add("TranscriptError", py.get_type::<TranscriptError>())?;
    Ok(())
}

/// An [`IllegalActionError`] saying `message`.
#[allow(
    clippy::needless_pass_by_value,
    reason = "called as `map_err(errors::illegal)`: the error comes by value"
)]
pub(crate) fn illegal(message: impl ToString) -> PyErr {
    IllegalActionError::new_err(message.to_string())
}

/// A [`SpecError`] saying `message`.
#[allow(
    clippy::needless_pass_by_value,
    reason = "called as `map_err(errors::spec)`: the error comes by value"
)]
pub(crate) fn spec(message: impl ToString) -> PyErr {
    SpecError::new_err(message.to_string())
}

/// An [`AgentError`] saying `message`.
#[allow(
    clippy::needless_pass_by_value,
    reason = "called as `map_err(errors::agent)`: the error comes by value"
)]
pub(crate) fn agent(message: impl ToString) -> PyErr {
    AgentError::new_err(message.to_string())
}

/// A [`TranscriptError`] saying `message`.
#[allow(
    clippy::needless_pass_by_value,
    reason = "called as `map_err(errors::transcript)`: the error comes by value"
)]
pub(crate) fn transcript(message: impl ToString) -> PyErr {
    TranscriptError::new_err(message.to_string())
}

/// A plain `ValueError` for an argument out of range (a seat that is not in the game).
#[allow(
    clippy::needless_pass_by_value,
    reason = "called as `map_err(errors::value)`: the error comes by value"
)]
pub(crate) fn value(message: impl ToString) -> PyErr {
    PyValueError::new_err(message.to_string())
}
