//! The network protocol: the external-agent protocol's messages (`mousehole-agent/1`:
//! `new_game`, `act` with ids, `game_over`, `quit`, and the agent's `action` replies, written
//! and read by [`mousehole_bots::external::protocol`]) plus what a network needs: a client's
//! `join` (or `watch`), the host's `welcome`, the events as they happen (`events`), `status`
//! lines and `error`s. Every message is one JSON object in one WebSocket text message of at
//! most [`MAX_MESSAGE_BYTES`]. docs/network.md describes it with a captured exchange.

use std::collections::BTreeMap;

use mousehole_bots::external::protocol::{EventMessage, MAX_REPLY_BYTES, Reply, parse_reply};
use mousehole_engine::Outcome;
use mousehole_engine::text::shown;
use serde::{Deserialize, Serialize};

pub use mousehole_bots::external::protocol::{HostMessage, PROTOCOL};

/// The largest message either side accepts, in bytes: the agent protocol's bound on a line.
pub const MAX_MESSAGE_BYTES: usize = MAX_REPLY_BYTES;

/// Host → client messages that the agent protocol does not have.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NetMessage<'a> {
    /// The answer to a good `join` or `watch`: which seat the connection plays (none for a
    /// spectator), the game, and how each seat is named.
    Welcome {
        protocol: &'static str,
        seat: Option<usize>,
        game: &'a str,
        spec: &'a str,
        players: usize,
        /// Each seat's name as everyone may see it (a bot's agent spec, a person's name; never
        /// a program's command line, which is the host's business).
        seats: &'a [String],
    },
    /// Events as they happen, each seen as the connection's seat sees it (a spectator: as
    /// every seat sees it), sent when no `act` or `game_over` carries them; to a seat, with
    /// its observation after them (so a screen can show the board between decisions).
    Events {
        events: &'a [EventMessage],
        #[serde(skip_serializing_if = "Option::is_none")]
        observation: Option<&'a serde_json::value::RawValue>,
    },
    /// Something everyone at the table should know (`waiting for seat 2 to reconnect`).
    Status { text: &'a str },
    /// What was wrong with the client's last message; a request it answered badly stands.
    Error {
        error: ErrorKind,
        message: &'a str,
        /// The `act` the refused answer was for, if it named one.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
}

impl NetMessage<'_> {
    /// The message as JSON text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("network messages serialise")
    }
}

/// A host message of the agent protocol as JSON text (without the newline a pipe needs).
pub fn agent_message_text<O: Serialize>(message: &HostMessage<'_, O>) -> String {
    let mut line = message.to_line();
    line.pop();
    String::from_utf8(line).expect("JSON is UTF-8")
}

/// What an `error` is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// No seat has the code given; the connection is closed.
    WrongCode,
    /// The host does not let anyone watch; the connection is closed.
    NoWatching,
    /// Anything but a `join` or `watch` before the connection has a seat; it is closed.
    JoinFirst,
    /// Not one JSON object of a known type, or binary; the connection stays.
    BadMessage,
    /// An answer when nothing is asked, or to another `act` than the current one.
    NotAsked,
    /// An action that is not among the legal ones: the `act` stands.
    Illegal,
    /// Another connection joined with this seat's code; this one is closed.
    Replaced,
    /// The host is at its limit of connections; the connection is closed.
    Full,
}

/// What a client says, as the host reads it.
#[derive(Debug, PartialEq)]
pub enum ClientMessage {
    /// Play the seat this code belongs to, with what the client says it is.
    Join {
        code: String,
        name: Option<String>,
        version: Option<String>,
    },
    /// Follow the game as a spectator.
    Watch,
    /// An agent protocol reply (an `action`, normally).
    Reply(Reply),
}

/// A client message the host cannot take, with what to tell the client.
#[derive(Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

/// Reads one client message. A `join`'s fields are bounded, names made safe to print; every
/// other type is read as the agent protocol's replies are ([`parse_reply`]), so a network
/// agent's answer is held to what a program's is.
///
/// # Errors
/// What is wrong with the text, in words for the client.
pub fn parse_client(text: &str) -> Result<ClientMessage, BadMessage> {
    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Opening {
        Join {
            code: String,
            #[serde(default)]
            name: Option<serde_json::Value>,
            #[serde(default)]
            version: Option<serde_json::Value>,
        },
        Watch {},
    }
    /// Longest name or version kept from a join.
    const LABEL_CHARS: usize = 60;
    let label = |value: Option<serde_json::Value>| match value {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(text)) => {
            Some(mousehole_engine::text::cut(&text, LABEL_CHARS))
        }
        Some(other) => Some(mousehole_engine::text::cut(&other.to_string(), LABEL_CHARS)),
    };
    let kind = serde_json::from_str::<TypeOnly>(text)
        .ok()
        .and_then(|object| object.kind);
    match kind.as_deref() {
        Some("join" | "watch") => match serde_json::from_str::<Opening>(text) {
            Ok(Opening::Join {
                code,
                name,
                version,
            }) => Ok(ClientMessage::Join {
                code,
                name: label(name),
                version: label(version),
            }),
            Ok(Opening::Watch {}) => Ok(ClientMessage::Watch),
            Err(error) => Err(BadMessage(format!(
                "a join is {{\"type\":\"join\",\"code\":\"…\"}}: {}",
                shown(&error.to_string())
            ))),
        },
        _ => parse_reply(text.as_bytes())
            .map(ClientMessage::Reply)
            .map_err(|fault| BadMessage(fault.text)),
    }
}

/// Just a message's `type`, to choose how to read the rest.
#[derive(Deserialize)]
struct TypeOnly {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// What a client says to join or watch.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Opening<'a> {
    Join {
        code: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        version: Option<&'a str>,
    },
    Watch,
}

/// A client's answer to an `act`, as the agent protocol's `action` reply.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnswerMessage<'a> {
    Action {
        id: u64,
        action: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        info: Option<&'a mousehole_engine::DecisionInfo>,
    },
}

/// An `act`: the decision asked of a seat, as a client reads it.
#[derive(Debug, Deserialize)]
pub struct Act {
    pub id: u64,
    /// Read as the game's observation type by who knows the game ([`crate::client::SeatGame`]).
    pub observation: serde_json::Value,
    pub legal: Vec<String>,
    #[serde(default)]
    pub events: Vec<EventMessage>,
    #[serde(default)]
    pub deadline_ms: Option<u64>,
}

/// A host message, as a client reads it: the agent protocol's and the network's.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Incoming {
    /// The agent protocol's first message to a program (`mousehole agent` answers it).
    Hello {
        protocol: String,
    },
    Welcome {
        protocol: String,
        seat: Option<usize>,
        game: String,
        spec: String,
        players: usize,
        seats: Vec<String>,
    },
    NewGame {
        spec: String,
        players: usize,
        seat: usize,
        seed: u64,
        #[serde(default)]
        options: BTreeMap<String, String>,
    },
    Act(Act),
    Events {
        events: Vec<EventMessage>,
        /// A seat's observation after these events (read as the game's observation type by
        /// who knows the game); none for a spectator.
        #[serde(default)]
        observation: Option<serde_json::Value>,
    },
    GameOver {
        outcome: Option<Outcome>,
        #[serde(default)]
        events: Vec<EventMessage>,
    },
    Status {
        text: String,
    },
    Error {
        error: ErrorKind,
        message: String,
        #[serde(default)]
        id: Option<u64>,
    },
    Quit,
}

/// Reads one host message.
///
/// # Errors
/// Text that is not a host message (a host of another protocol, or no host at all).
pub fn parse_incoming(text: &str) -> Result<Incoming, serde_json::Error> {
    serde_json::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_and_answers_read() {
        assert_eq!(
            parse_client(r#"{"type":"join","code":"abcd","name":"rat\u001b[31m","version":3}"#),
            Ok(ClientMessage::Join {
                code: "abcd".into(),
                name: Some("rat\\u{1b}[31m".into()),
                version: Some("3".into()),
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"watch"}"#),
            Ok(ClientMessage::Watch)
        );
        assert!(matches!(
            parse_client(r#"{"type":"action","id":3,"action":"take 1"}"#),
            Ok(ClientMessage::Reply(Reply::Action { id: Some(3), .. }))
        ));
        for bad in [
            "",
            "GET / HTTP/1.1",
            r#"{"type":"join"}"#,
            r#"{"type":"join","code":7}"#,
            r#"{"type":"move"}"#,
            "[1,2]",
        ] {
            assert!(parse_client(bad).is_err(), "{bad}");
        }
        let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(100_000));
        assert!(parse_client(&long).unwrap_err().0.len() < 400);
    }

    #[test]
    fn network_messages_are_json_objects_with_a_type() {
        let text = NetMessage::Error {
            error: ErrorKind::WrongCode,
            message: "no seat has this code",
            id: None,
        }
        .to_text();
        assert_eq!(
            text,
            r#"{"type":"error","error":"wrong_code","message":"no seat has this code"}"#
        );
        assert!(matches!(
            parse_incoming(&text).unwrap(),
            Incoming::Error {
                error: ErrorKind::WrongCode,
                ..
            }
        ));
    }
}
