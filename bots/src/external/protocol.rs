//! The `mousehole-agent/1` messages (PROTOCOL.md): what the host writes to an external agent,
//! and the agent's replies read back and checked, a bad reply becoming the [`Fault`] it is.

use std::collections::BTreeMap;

use mousehole_engine::text::shown;
use mousehole_engine::transcript::{InfoError, check_info};
use mousehole_engine::words::json_error;
use mousehole_engine::{Actor, Fault, FaultKind, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's name, sent in `hello`.
pub const PROTOCOL: &str = "mousehole-agent/1";

/// The longest reply line the host accepts, in bytes (without its newline).
pub const MAX_REPLY_BYTES: usize = 1 << 20;

/// One event as the seat saw it, as `act` and `game_over` carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMessage {
    pub actor: Actor,
    pub action: String,
    /// The seat's readable note on the event (built from what it sees), where the host sends
    /// one: a network host does, so its clients need not work notes out again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
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
        /// Absent where the host sets no deadline (a network host's remote seats: people).
        #[serde(skip_serializing_if = "Option::is_none")]
        deadline_ms: Option<u64>,
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

/// Checks one reply line: one JSON object with a known `type`, and an action's `info` one a
/// transcript keeps.
///
/// # Errors
/// A [`FaultKind::NotJson`] fault for text that is not one JSON object (or not UTF-8), a
/// [`FaultKind::BadType`] fault for a missing or unknown `type`, a [`FaultKind::NotJson`]
/// fault for an info nested deeper than [`mousehole_engine::transcript::MAX_INFO_DEPTH`] or
/// with a known key of the wrong kind and a [`FaultKind::TooLong`] one for an info over
/// [`mousehole_engine::transcript::MAX_INFO_BYTES`]; the fault's text says why, then the
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
        "action" => {
            let info = match object.remove("info") {
                Some(info @ Value::Object(_)) => {
                    // Checked as the transcript reader will check it, so what is recorded
                    // reads back.
                    check_info(&info).map_err(|problem| {
                        let kind = match problem {
                            InfoError::TooLarge { .. } => FaultKind::TooLong,
                            InfoError::TooDeep { .. } | InfoError::Shape(_) => FaultKind::NotJson,
                        };
                        Fault::new(kind, &format!("{problem}: {text}"))
                    })?;
                    match info {
                        Value::Object(info) => Some(info),
                        _ => None,
                    }
                }
                _ => None,
            };
            Ok(Reply::Action {
                id: object.get("id").and_then(Value::as_u64),
                action: match object.get("action") {
                    Some(Value::String(action)) => Some(action.clone()),
                    _ => None,
                },
                info,
            })
        }
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

    /// `{"a":{"a":…{"a":1}}}`: an object `depth` levels deep.
    fn nested(depth: usize) -> String {
        format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
    }

    fn with_info(info: &str) -> String {
        format!("{{\"type\":\"action\",\"id\":1,\"action\":\"take 3\",\"info\":{info}}}")
    }

    /// The deepest and the largest info a program may send are kept and read back from the
    /// transcript they are written to; one level or one byte more is a fault.
    #[test]
    fn the_info_a_transcript_keeps_is_the_info_the_host_accepts() {
        use mousehole_engine::transcript::{MAX_INFO_BYTES, MAX_INFO_DEPTH};
        use mousehole_engine::{DecisionInfo, Transcript, TranscriptEvent};
        // `{"note":"xxx…"}` is 11 bytes around its text.
        let largest = format!("{{\"note\":\"{}\"}}", "x".repeat(MAX_INFO_BYTES - 11));
        assert_eq!(largest.len(), MAX_INFO_BYTES);
        for info in [nested(MAX_INFO_DEPTH), largest.clone()] {
            let Reply::Action {
                info: Some(info), ..
            } = parse_reply(with_info(&info).as_bytes()).unwrap()
            else {
                panic!("an action with its info");
            };
            let mut transcript = Transcript::from_json(
                r#"{"format":"mousehole-transcript/1","game":"cheese-day","options":{"players":"2","traps":"1/2/3/3/4/5"},"seed":1,"seats":["random","random"],"events":[],"outcome":null}"#,
            )
            .unwrap();
            let mut event = TranscriptEvent::new(Actor::Seat(0), "take 3");
            event.info = Some(serde_json::from_value::<DecisionInfo>(Value::Object(info)).unwrap());
            transcript.events.push(event);
            for written in [transcript.to_json_line(), transcript.to_json_pretty()] {
                assert_eq!(Transcript::from_json(&written).unwrap(), transcript);
            }
        }
        let deeper = parse_reply(with_info(&nested(MAX_INFO_DEPTH + 1)).as_bytes()).unwrap_err();
        assert_eq!(deeper.kind, FaultKind::NotJson);
        assert!(
            deeper.text.starts_with("its info is nested 33 levels deep"),
            "{}",
            deeper.text
        );
        let larger = largest.replacen('x', "xx", 1);
        let larger = parse_reply(with_info(&larger).as_bytes()).unwrap_err();
        assert_eq!(larger.kind, FaultKind::TooLong);
        let wrong = parse_reply(with_info(r#"{"win":"high"}"#).as_bytes()).unwrap_err();
        assert_eq!(wrong.kind, FaultKind::NotJson);
        assert!(
            wrong.text.contains("key 'win': expected a number"),
            "{}",
            wrong.text
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
            note: None,
        }];
        let line = HostMessage::Act {
            id: 4,
            observation: &serde_json::json!({"a": "x\ny"}),
            legal: &["peek 1".to_owned()],
            events: &events,
            deadline_ms: Some(100),
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
