//! Whose turn it is and who made an event: the two small types that the game contract, its
//! errors and the transcript all speak of, beneath every one of them.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

/// Who decides at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToMove {
    /// The seat (numbered from 0) must choose one of the legal actions. It need not be the
    /// seat whose turn it is: a trap reaction or a choice of victim is asked of whoever decides.
    Player(usize),
    /// The rules resolve a chance event: see [`Game::chance_outcomes`](crate::Game::chance_outcomes).
    Chance,
    /// The game is over: see [`Game::outcome`](crate::Game::outcome).
    Terminal,
}

/// Who made an event: chance or a seat. Serialised as `"chance"` or the seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Chance,
    Seat(usize),
}

impl Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Chance => f.write_str("chance"),
            Actor::Seat(seat) => write!(f, "seat {seat}"),
        }
    }
}

impl Serialize for Actor {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Actor::Chance => serializer.serialize_str("chance"),
            Actor::Seat(seat) => serializer.serialize_u64(*seat as u64),
        }
    }
}

impl<'de> Deserialize<'de> for Actor {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ActorVisitor;
        impl serde::de::Visitor<'_> for ActorVisitor {
            type Value = Actor;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"chance\" or a seat number")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Actor, E> {
                usize::try_from(v)
                    .map(Actor::Seat)
                    .map_err(|_| E::custom("seat number too large"))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Actor, E> {
                usize::try_from(v)
                    .map(Actor::Seat)
                    .map_err(|_| E::custom(format!("seat number {v} is negative")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Actor, E> {
                if v == "chance" {
                    Ok(Actor::Chance)
                } else {
                    Err(E::custom(format!(
                        "actor \"{v}\" is neither \"chance\" nor a seat number"
                    )))
                }
            }
        }
        deserializer.deserialize_any(ActorVisitor)
    }
}

impl schemars::JsonSchema for Actor {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Actor".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Who made an event: \"chance\" or a seat's number (from 0).",
            "oneOf": [
                { "const": "chance" },
                { "type": "integer", "minimum": 0 }
            ]
        })
    }
}
