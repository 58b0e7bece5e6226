//! Typed errors of the engine: unparsable or illegal actions, bad options and game specs.

use thiserror::Error;

/// Text that is not any action of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{input}' is not a {game} action; expected {expected}")]
pub struct ParseActionError {
    /// The game whose action grammar was used.
    pub game: &'static str,
    /// What was given.
    pub input: String,
    /// The forms the game accepts, for the message.
    pub expected: &'static str,
}

impl ParseActionError {
    pub fn new(game: &'static str, input: &str, expected: &'static str) -> Self {
        Self {
            game,
            input: input.to_owned(),
            expected,
        }
    }
}

/// A well-formed action that the rules do not allow in this state. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal action '{action}': {reason}; legal here: {}", list_or_none(.legal))]
pub struct IllegalAction {
    /// The action's text form.
    pub action: String,
    /// Why it is not allowed.
    pub reason: String,
    /// The legal actions (or chance outcomes) at this state, as text.
    pub legal: Vec<String>,
}

/// Either way an action given as text can fail.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
}

impl ActionError {
    /// The legal actions at the state the action was tried on, if known.
    pub fn legal(&self) -> &[String] {
        match self {
            ActionError::Parse(_) => &[],
            ActionError::Illegal(illegal) => &illegal.legal,
        }
    }
}

/// A game option that is unknown, repeated or has a bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    #[error("{game} has no option '{key}'; its options are: {}", .allowed.join(", "))]
    Unknown {
        game: &'static str,
        key: String,
        allowed: Vec<&'static str>,
    },
    #[error("option '{key}' is given twice")]
    Duplicate { key: String },
    #[error("bad value '{value}' for option '{key}' of {game}: expected {expected}")]
    Invalid {
        game: &'static str,
        key: &'static str,
        value: String,
        expected: String,
    },
    #[error("'{item}' is not an option setting; write key=value")]
    Malformed { item: String },
}

/// A game spec string (`cheese-day:players=3`) that names no game or has bad options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("unknown game '{name}'; the games are: {}", .known.join(", "))]
    UnknownGame {
        name: String,
        known: Vec<&'static str>,
    },
    #[error(transparent)]
    Option(#[from] OptionError),
}

pub(crate) fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}
