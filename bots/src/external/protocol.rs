//! The `mousehole-agent/1` messages (PROTOCOL.md): what the host writes to an external agent,
//! and the agent's replies read back and checked, a bad reply becoming the [`Fault`] it is.

use std::collections::BTreeMap;

use mousehole_engine::text::shown;
use mousehole_engine::words::json_error;
use mousehole_engine::{Actor, Fault, FaultKind, Outcome};
use serde::Serialize;
use serde_json::Value;

/// The protocol's name, sent in `hello`.
pub const PROTOCOL: &str = "mousehole-agent/1";

/// The longest reply line the host accepts, in bytes (without its newline).
pub const MAX_REPLY_BYTES: usize = 1 << 20;

/// One event as the seat saw it, as `act` and `game_over` carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventMessage {
    pub actor: Actor,
    pub action: String,
}

/// A message from the host to the agent. `O` is the game's observation type.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HostMessage<'a, O: Serialize> {
    Hello {
        protocol: &'static str,
    },
    NewGame {
        game: &'a str,
        spec: &'a str,
        options: &'a BTreeMap<String, String>,
        players: usize,
        seat: usize,
        seed: u64,
    },
    Act {
        id: u64,
        observation: &'a O,
        legal: &'a [String],
        events: &'a [EventMessage],
        deadline_ms: u64,
    },
    GameOver {
        outcome: Option<&'a Outcome>,
        events: &'a [EventMessage],
    },
    Quit,
}

/// A message without an observation (every type but `act`).
pub type PlainMessage<'a> = HostMessage<'a, ()>;

impl<O: Serialize> HostMessage<'_, O> {
    /// The message as one JSON line, newline included, appended to `out`.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        serde_json::to_writer(&mut *out, self).expect("protocol messages serialise");
        out.push(b'\n');
    }

    /// The message as one JSON line, newline included.
    pub fn to_line(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256);
        self.write_line(&mut out);
        out
    }
}

/// What the agent said its name and version are (`hello`; both optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentHello {
    pub name: Option<String>,
    pub version: Option<String>,
}

impl std::fmt::Display for AgentHello {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.name, &self.version) {
            (Some(name), Some(version)) => write!(f, "{name} {version}"),
            (Some(name), None) => f.write_str(name),
            (None, Some(version)) => write!(f, "(no name) {version}"),
            (None, None) => f.write_str("(no name)"),
        }
    }
}

/// A well-formed reply of a known type.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Hello(AgentHello),
    Ready,
    /// An answer to an `act`: `id` and `action` as given (either may be missing or of the
    /// wrong type: `None`), with the agent's `info` if it is an object.
    Action {
        id: Option<u64>,
        action: Option<String>,
        info: Option<serde_json::Map<String, Value>>,
    },
}

impl Reply {
    /// How the reply reads in a log line.
    pub fn describe(&self) -> String {
        match self {
            Reply::Hello(_) => "a hello".to_owned(),
            Reply::Ready => "a ready".to_owned(),
            Reply::Action {
                id: Some(id),
                action,
                ..
            } => format!(
                "an answer to act {id} ({})",
                action
                    .as_deref()
                    .map_or_else(|| "no action".to_owned(), shown)
            ),
            Reply::Action { id: None, .. } => "an action without a numeric id".to_owned(),
        }
    }
}

/// Checks one reply line: one JSON object with a known `type`.
///
/// # Errors
/// A [`FaultKind::NotJson`] fault for text that is not one JSON object (or not UTF-8), a
/// [`FaultKind::BadType`] fault for a missing or unknown `type`; the fault's text is the
/// offending line, cut.
pub fn parse_reply(line: &[u8]) -> Result<Reply, Fault> {
    let Ok(text) = std::str::from_utf8(line) else {
        let lossy = String::from_utf8_lossy(line);
        return Err(Fault::new(
            FaultKind::NotJson,
            &format!("not UTF-8: {lossy}"),
        ));
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(error) => {
            return Err(Fault::new(
                FaultKind::NotJson,
                &format!("{}: {text}", json_error(&error)),
            ));
        }
    };
    let Value::Object(mut object) = value else {
        return Err(Fault::new(
            FaultKind::NotJson,
            &format!("not a JSON object: {text}"),
        ));
    };
    let kind = match object.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(_) => {
            return Err(Fault::new(
                FaultKind::BadType,
                &format!("\"type\" is not a string: {text}"),
            ));
        }
        None => {
            return Err(Fault::new(
                FaultKind::BadType,
                &format!("no \"type\": {text}"),
            ));
        }
    };
    match kind {
        "hello" => Ok(Reply::Hello(AgentHello {
            name: object.get("name").and_then(label),
            version: object.get("version").and_then(label),
        })),
        "ready" => Ok(Reply::Ready),
        "action" => Ok(Reply::Action {
            id: object.get("id").and_then(Value::as_u64),
            action: match object.get("action") {
                Some(Value::String(action)) => Some(action.clone()),
                _ => None,
            },
            info: match object.remove("info") {
                Some(Value::Object(info)) => Some(info),
                _ => None,
            },
        }),
        _ => Err(Fault::new(
            FaultKind::BadType,
            &format!(
                "unknown type \"{}\" (an agent replies hello, ready or action): {text}",
                shown(kind)
            ),
        )),
    }
}

/// A name or version as a log may show it: strings as they are, other values as JSON.
fn label(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(shown(text)),
        other => Some(shown(&other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> FaultKind {
        parse_reply(line.as_bytes()).unwrap_err().kind
    }

    #[test]
    fn replies_of_each_type_parse() {
        assert_eq!(
            parse_reply(br#"{"type":"hello","name":"rat","version":2}"#).unwrap(),
            Reply::Hello(AgentHello {
                name: Some("rat".into()),
                version: Some("2".into())
            })
        );
        assert_eq!(parse_reply(br#" {"type":"ready"} "#).unwrap(), Reply::Ready);
        let Reply::Action { id, action, info } =
            parse_reply(br#"{"type":"action","id":7,"action":"take 3","info":{"win":0.5}}"#)
                .unwrap()
        else {
            panic!("an action");
        };
        assert_eq!((id, action.as_deref()), (Some(7), Some("take 3")));
        assert_eq!(info.unwrap()["win"], 0.5);
    }

    #[test]
    fn bad_replies_are_the_faults_the_protocol_lists() {
        assert_eq!(kind("take 3"), FaultKind::NotJson);
        assert_eq!(kind(""), FaultKind::NotJson);
        assert_eq!(
            kind(r#"{"type":"action"} {"type":"action"}"#),
            FaultKind::NotJson
        );
        assert_eq!(kind(r#"["action"]"#), FaultKind::NotJson);
        assert_eq!(kind(r#"{"id":1,"action":"take 3"}"#), FaultKind::BadType);
        assert_eq!(kind(r#"{"type":"move","id":1}"#), FaultKind::BadType);
        assert_eq!(kind(r#"{"type":3}"#), FaultKind::BadType);
        assert_eq!(
            parse_reply(b"\xff\xfe").unwrap_err().kind,
            FaultKind::NotJson
        );
        let long = format!("{{\"type\":\"x{}\"}}", "y".repeat(5000));
        assert!(
            parse_reply(long.as_bytes())
                .unwrap_err()
                .text
                .chars()
                .count()
                < 260
        );
    }

    #[test]
    fn messages_are_one_line_each() {
        let line = PlainMessage::Hello { protocol: PROTOCOL }.to_line();
        assert_eq!(
            line,
            b"{\"type\":\"hello\",\"protocol\":\"mousehole-agent/1\"}\n"
        );
        let events = [EventMessage {
            actor: Actor::Chance,
            action: "roll 3".into(),
        }];
        let line = HostMessage::Act {
            id: 4,
            observation: &serde_json::json!({"a": "x\ny"}),
            legal: &["peek 1".to_owned()],
            events: &events,
            deadline_ms: 100,
        }
        .to_line();
        let text = String::from_utf8(line).unwrap();
        assert_eq!(text.matches('\n').count(), 1);
        assert_eq!(
            text,
            "{\"type\":\"act\",\"id\":4,\"observation\":{\"a\":\"x\\ny\"},\"legal\":[\"peek 1\"],\"events\":[{\"actor\":\"chance\",\"action\":\"roll 3\"}],\"deadline_ms\":100}\n"
        );
        assert_eq!(PlainMessage::Quit.to_line(), b"{\"type\":\"quit\"}\n");
    }
}
