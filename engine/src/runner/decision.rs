//! The vocabulary of a decision: what a seat answers (the action, what its agent thought of
//! it, the fault a fallback covered), and how much it may think.

use std::fmt;
use std::time::Instant;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What an agent said of one legal action when it chose: how much it looked at it and how
/// likely it thinks a win is after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActionEstimate {
    /// The action's text form.
    pub action: String,
    /// Search iterations (or playouts) that went through this action.
    pub visits: u64,
    /// Estimated win chance for the deciding seat (its mean return), 0…1.
    pub win: f64,
    /// Standard error of `win`, where the agent can say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<f64>,
    /// The deciding seat's expected place after the action (1 = first, the player count =
    /// last), where the search weighed places as well as wins (`goal=place`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<f64>,
    /// What the search judged the action by when not win chance alone (0…1): the mean of the
    /// win chance and the place's share (first 1, last 0). [`ActionEstimate::worth`] reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// The chance the action ends the game at once with the deciding seat last (Cheese Day's
    /// third trap), where the search weighed places.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<f64>,
}

impl ActionEstimate {
    /// What the action is worth to the deciding seat as the search judged it: its `value`
    /// where it weighed places, else its win chance.
    pub fn worth(&self) -> f64 {
        self.value.unwrap_or(self.win)
    }
}

/// What the deciding agent said of its choice, recorded on the transcript event as `info`
/// (an object: readers ignore keys they do not know).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DecisionInfo {
    /// Estimated win chance of the chosen action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// Total iterations or playouts behind the choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visits: Option<u64>,
    /// Anything the agent wants a reader to know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Per legal action, what the agent thought of it (the chosen one first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<ActionEstimate>,
    /// Whatever else the agent said (an external program's own keys), kept as given.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// The kinds of fault an external agent can commit (`PROTOCOL.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// No reply within the deadline (and grace).
    Timeout,
    /// A reply that is not one valid JSON object line.
    NotJson,
    /// A reply with a missing or unknown `type`.
    BadType,
    /// An action that is not among the legal ones.
    IllegalAction,
    /// A reply over the size limit.
    TooLong,
    /// The program exited or closed its stdout.
    Exited,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::Timeout => "timeout",
            FaultKind::NotJson => "not_json",
            FaultKind::BadType => "bad_type",
            FaultKind::IllegalAction => "illegal_action",
            FaultKind::TooLong => "too_long",
            FaultKind::Exited => "exited",
        })
    }
}

/// A fault at one decision, recorded on the transcript event whose action the seat's
/// fallback chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    pub kind: FaultKind,
    /// The offending text (or what happened), cut to [`Fault::TEXT_LIMIT`] characters.
    pub text: String,
}

impl Fault {
    /// Most characters of offending text a fault keeps.
    pub const TEXT_LIMIT: usize = 200;

    pub fn new(kind: FaultKind, text: &str) -> Self {
        Self {
            kind,
            text: crate::text::cut(text, Self::TEXT_LIMIT),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.text)
    }
}

/// A seat's answer at a decision: the action, and optionally what the agent thought of it and
/// the fault that made a fallback choose it. (The extras are boxed so that a plain decision,
/// returned at every step of every playout, stays as small as its action.)
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    pub action: A,
    pub info: Option<Box<DecisionInfo>>,
    pub fault: Option<Box<Fault>>,
}

impl<A> Decision<A> {
    /// Just the action.
    pub fn new(action: A) -> Self {
        Self {
            action,
            info: None,
            fault: None,
        }
    }

    /// The action with what the agent thought of it.
    pub fn with_info(action: A, info: DecisionInfo) -> Self {
        Self {
            action,
            info: Some(Box::new(info)),
            fault: None,
        }
    }

    /// The action a fallback chose after `fault`.
    pub fn after_fault(action: A, fault: Fault) -> Self {
        Self {
            action,
            info: None,
            fault: Some(Box::new(fault)),
        }
    }
}

impl<A> From<A> for Decision<A> {
    fn from(action: A) -> Self {
        Decision::new(action)
    }
}

/// How much a seat may think at a decision: a deadline, an iteration count, both or neither
/// (then the agent's own settings decide). Agents honour the tighter of this and their own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Answer by then.
    pub deadline: Option<Instant>,
    /// At most this many search iterations (or playouts).
    pub iterations: Option<u64>,
}

impl Budget {
    /// No limit from the match: the agent's settings decide.
    pub const UNLIMITED: Budget = Budget {
        deadline: None,
        iterations: None,
    };
}
