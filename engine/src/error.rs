//! Typed errors of the engine: unparsable or illegal actions, bad options and game specs,
//! broken invariants.

use thiserror::Error;

use crate::turn::{Actor, ToMove};

/// Text that is not any action of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{}' is not a {game} action; expected {expected}", crate::text::shown(.input))]
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

/// Why a well-formed action cannot be applied at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// The game has ended: nothing more can happen.
    #[error("the game is over")]
    GameOver,
    /// A chance node, and the action is not one of its outcomes of positive probability.
    #[error("it is not a possible chance outcome here")]
    NotAnOutcome,
    /// A decision node, and the action is not among the deciding seat's legal actions.
    #[error("it is not a legal choice for seat {seat} here")]
    NotLegal { seat: usize },
    /// A seat tried to decide while another seat is the one to decide.
    #[error("seat {to_move} decides here, not seat {seat}")]
    NotYourTurn { seat: usize, to_move: usize },
    /// A seat tried to decide at a chance node.
    #[error("a chance event is due here, not a decision by seat {seat}")]
    ChanceDue { seat: usize },
    /// A chance event was given where a seat decides.
    #[error("seat {seat} decides here, not chance")]
    DecisionDue { seat: usize },
}

impl IllegalReason {
    /// The reason an action that is not applicable at a state with `to_move` gets.
    pub fn at(to_move: ToMove) -> Self {
        match to_move {
            ToMove::Terminal => IllegalReason::GameOver,
            ToMove::Chance => IllegalReason::NotAnOutcome,
            ToMove::Player(seat) => IllegalReason::NotLegal { seat },
        }
    }

    /// Why `actor` may not act at a state with `to_move`, when it is not the one to act.
    pub fn of_actor(to_move: ToMove, actor: Actor) -> Self {
        match (to_move, actor) {
            (ToMove::Terminal, _) => IllegalReason::GameOver,
            (ToMove::Chance, Actor::Seat(seat)) => IllegalReason::ChanceDue { seat },
            (ToMove::Player(to_move), Actor::Seat(seat)) => {
                IllegalReason::NotYourTurn { seat, to_move }
            }
            (ToMove::Player(seat), Actor::Chance) => IllegalReason::DecisionDue { seat },
            // Chance at a chance node is the one to act: only its outcome can be wrong.
            (ToMove::Chance, Actor::Chance) => IllegalReason::NotAnOutcome,
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
    pub reason: IllegalReason,
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

/// A conservation rule or other invariant of a game's spec that a state breaks: always a bug
/// in the rules code (or a hand-made state), never a player's mistake.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct BrokenInvariant(pub String);

impl From<String> for BrokenInvariant {
    fn from(message: String) -> Self {
        BrokenInvariant(message)
    }
}

impl BrokenInvariant {
    /// The description of what is broken.
    pub fn message(&self) -> &str {
        &self.0
    }
}

/// A game option that is unknown, repeated, missing or has a bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    #[error("{game} has no option '{}'{}", crate::text::shown(.key), crate::text::guess_then(.key, allowed.iter().copied(), &format!("its options are: {}", .allowed.join(", "))))]
    Unknown {
        game: &'static str,
        key: String,
        allowed: Vec<&'static str>,
    },
    #[error("option '{}' is given twice ({}={} and {}={}); give it once", crate::text::shown(.key), crate::text::shown(.key), crate::text::shown(.first), crate::text::shown(.key), crate::text::shown(.second))]
    Duplicate {
        key: String,
        first: String,
        second: String,
    },
    #[error("bad value '{}' for option '{key}' of {game}: expected {expected}", crate::text::shown(.value))]
    Invalid {
        game: &'static str,
        key: &'static str,
        value: String,
        expected: String,
    },
    #[error("'{}' is not an option setting; write key=value", crate::text::shown(.item))]
    Malformed { item: String },
    #[error(
        "option '{key}' of {game} is missing: a recorded game (a transcript's \"options\") lists every option with the value used, defaults included (see `mousehole rules {game}`)"
    )]
    Missing {
        game: &'static str,
        key: &'static str,
    },
}

/// A game spec string (`cheese-day:players=3`) that names no game or has bad options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("unknown game '{}'{}", crate::text::shown(.name), crate::text::guess_then(.name, known.iter().copied(), &format!("the games are: {}", .known.join(", "))))]
    UnknownGame {
        name: String,
        known: Vec<&'static str>,
    },
    #[error("{given} is a {given_game} spec, not {expected}")]
    WrongGame {
        given: String,
        given_game: &'static str,
        expected: &'static str,
    },
    #[error(transparent)]
    Option(#[from] OptionError),
}

pub(crate) fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        crate::text::shown(&items.join(", "))
    }
}
