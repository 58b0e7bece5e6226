//! What a seat answers the host ([`ClientMessage`]): a program's replies on its stdout, read by
//! [`parse_reply`] into the faults PROTOCOL.md lists, and a network client's messages, read by
//! [`parse_client`] into words for the client. Reading is bounded (a caller never passes more
//! than [`crate::MAX_MESSAGE_BYTES`]), names are made safe to print, and an action's `info` is
//! checked as the transcript reader checks it, so whatever is recorded reads back.

use std::borrow::Cow;

use mousehole_engine::text::{cut, shown};
use mousehole_engine::transcript::{InfoError, check_info};
use mousehole_engine::words::json_error;
use mousehole_engine::{DecisionInfo, Fault, FaultKind};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// A message from a seat to the host: a program's reply or a network client's message.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage<'a> {
    /// A program's answer to the host's `hello`: what it says it is.
    Hello(AgentHello),
    /// A program's answer to `new_game`.
    Ready,
    /// The answer to an `act`. As read, `id` and `action` are `None` where they were missing
    /// or of another type: the host says so in its own terms (a late answer, an illegal one).
    #[schemars(description = "The answer to an `act`: its `id` and one of its `legal` actions.")]
    Action {
        /// The id of the `act` this answers.
        #[schemars(with = "u64")]
        id: Option<u64>,
        /// One of the act's `legal` text forms.
        #[schemars(with = "String")]
        action: Option<Cow<'a, str>>,
        /// What the seat thought of its choice, recorded on the transcript event: `win` (a
        /// number 0…1), `visits` (a whole number), `note` (text) and `actions` are the keys
        /// mousehole knows; others are kept as given. At most 32 levels deep and 64 KiB of
        /// JSON.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schemars(with = "DecisionInfo")]
        info: Option<Cow<'a, DecisionInfo>>,
    },
    /// Network: the first message, to play the seat this code belongs to.
    Join {
        /// The seat's code, as the host gave it (any case, dashes optional).
        code: String,
        /// What the client says it is, for the host's log.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schemars(with = "String")]
        name: Option<String>,
        /// The client's version, for the host's log.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schemars(with = "String")]
        version: Option<String>,
        /// The protocol the client speaks (`mousehole-agent/2`); a host of another version
        /// tells it what changed, in a `status`.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schemars(with = "String")]
        protocol: Option<String>,
    },
    /// Network: the first message, to watch the game (if the host allows).
    Watch,
    /// Network: a seat's answer to the host's `rematch` offer: whether its player plays
    /// again. Added under mousehole-agent/2.
    Rematch {
        /// Yes (`true`): play again with the same seats; no (`false`): the host ends.
        yes: bool,
    },
}

impl<'a> ClientMessage<'a> {
    /// The answer `action` (with what the seat thought of it) to act `id`.
    pub fn action(id: u64, action: &'a str, info: Option<&'a DecisionInfo>) -> Self {
        ClientMessage::Action {
            id: Some(id),
            action: Some(Cow::Borrowed(action)),
            info: info.map(Cow::Borrowed),
        }
    }

    /// The message as one JSON line, newline included (a pipe).
    pub fn to_line(&self) -> Vec<u8> {
        let mut line = serde_json::to_vec(self).expect("protocol messages serialise");
        line.push(b'\n');
        line
    }

    /// The message as JSON text, without a newline (a WebSocket message).
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("protocol messages serialise")
    }

    /// How the message reads in a log line.
    pub fn describe(&self) -> String {
        match self {
            ClientMessage::Hello(_) => "a hello".to_owned(),
            ClientMessage::Ready => "a ready".to_owned(),
            ClientMessage::Action {
                id: Some(id),
                action,
                ..
            } => format!(
                "an answer to act {id} ({})",
                action
                    .as_deref()
                    .map_or_else(|| "no action".to_owned(), shown)
            ),
            ClientMessage::Action { id: None, .. } => "an action without a numeric id".to_owned(),
            ClientMessage::Join { .. } => "a join".to_owned(),
            ClientMessage::Watch => "a watch".to_owned(),
            ClientMessage::Rematch { yes: true } => "a yes to a rematch".to_owned(),
            ClientMessage::Rematch { yes: false } => "a no to a rematch".to_owned(),
        }
    }
}

/// What a program said it is in its `hello` (every field optional).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(inline)]
pub struct AgentHello {
    /// The program's name, shown in the host's log and its table of seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub name: Option<String>,
    /// The program's version.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub version: Option<String>,
    /// The protocol the program speaks (`mousehole-agent/2`); a host of another version says
    /// in its log what changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub protocol: Option<String>,
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

/// A client message the host cannot take (or a host message a client cannot read), with what
/// to tell the other side, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadMessage {}

/// Checks one reply line of a program: one JSON object with a known `type` (`hello`, `ready`
/// or `action`), and an action's `info` one a transcript keeps.
///
/// # Errors
/// A [`FaultKind::NotJson`] fault for text that is not one JSON object (or not UTF-8), a
/// [`FaultKind::BadType`] fault for a missing or unknown `type`, a [`FaultKind::NotJson`]
/// fault for an info nested deeper than [`mousehole_engine::transcript::MAX_INFO_DEPTH`] or
/// with a known key of the wrong kind and a [`FaultKind::TooLong`] one for an info over
/// [`mousehole_engine::transcript::MAX_INFO_BYTES`]; the fault's text says why, then the
/// offending line, cut.
pub fn parse_reply(line: &[u8]) -> Result<ClientMessage<'static>, Fault> {
    let Ok(text) = std::str::from_utf8(line) else {
        let lossy = String::from_utf8_lossy(line);
        return Err(Fault::new(
            FaultKind::NotJson,
            &format!("not UTF-8: {lossy}"),
        ));
    };
    let mut object = json_object(text)?;
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
        "hello" => Ok(ClientMessage::Hello(AgentHello {
            name: object.get("name").and_then(label),
            version: object.get("version").and_then(label),
            protocol: object.get("protocol").and_then(label),
        })),
        "ready" => Ok(ClientMessage::Ready),
        "action" => {
            let info = match object.remove("info") {
                Some(Value::Object(info)) => Some(Cow::Owned(checked_info(info, text)?)),
                _ => None,
            };
            Ok(ClientMessage::Action {
                id: object.get("id").and_then(Value::as_u64),
                action: match object.remove("action") {
                    Some(Value::String(action)) => Some(Cow::Owned(action)),
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

/// The text as one JSON object, or the [`FaultKind::NotJson`] fault it is.
fn json_object(text: &str) -> Result<Map<String, Value>, Fault> {
    match serde_json::from_str(text) {
        Ok(Value::Object(object)) => Ok(object),
        Ok(_) => Err(Fault::new(
            FaultKind::NotJson,
            &format!("not a JSON object: {text}"),
        )),
        Err(error) => Err(Fault::new(
            FaultKind::NotJson,
            &format!("{}: {text}", json_error(&error)),
        )),
    }
}

/// An action's `info`, checked as the transcript reader will check it (so what is recorded
/// reads back), as the transcript records it: the known keys typed, everything else kept as
/// given.
fn checked_info(info: Map<String, Value>, text: &str) -> Result<DecisionInfo, Fault> {
    let info = Value::Object(info);
    check_info(&info).map_err(|problem| {
        let kind = match problem {
            InfoError::TooLarge { .. } => FaultKind::TooLong,
            InfoError::TooDeep { .. } | InfoError::Shape(_) => FaultKind::NotJson,
        };
        Fault::new(kind, &format!("{problem}: {text}"))
    })?;
    Ok(
        serde_json::from_value(info.clone()).unwrap_or_else(|_| DecisionInfo {
            extra: match info {
                Value::Object(info) => info,
                _ => Map::new(),
            },
            ..DecisionInfo::default()
        }),
    )
}

/// A name or version as a log may show it: strings as they are, other values as JSON.
fn label(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(shown(text)),
        other => Some(shown(&other.to_string())),
    }
}

/// Reads one network client's message. A `join`'s fields are bounded, names made safe to
/// print; every other type is read as a program's replies are ([`parse_reply`]), so a network
/// agent's answer is held to what a program's is.
///
/// # Errors
/// What is wrong with the text, in words for the client.
pub fn parse_client(text: &str) -> Result<ClientMessage<'static>, BadMessage> {
    /// Longest name or version kept from a join.
    const LABEL_CHARS: usize = 60;
    const JOIN: &str = "a join is {\"type\":\"join\",\"code\":\"…\"}";
    const REMATCH: &str =
        "an answer to a rematch is {\"type\":\"rematch\",\"yes\":true} (or false)";
    let object = serde_json::from_str::<Map<String, Value>>(text).ok();
    let opening = object.as_ref().and_then(|object| {
        let kind = object.get("type").and_then(Value::as_str)?;
        Some((object, kind))
    });
    match opening {
        Some((object, "join")) => {
            let code = match object.get("code") {
                Some(Value::String(code)) => code.clone(),
                Some(other) => {
                    return Err(BadMessage(format!(
                        "{JOIN}: its \"code\" is {}, not text",
                        kind_of(other)
                    )));
                }
                None => return Err(BadMessage(format!("{JOIN}: the key \"code\" is missing"))),
            };
            let label = |key: &str| match object.get(key) {
                None | Some(Value::Null) => None,
                Some(Value::String(text)) => Some(cut(text, LABEL_CHARS)),
                Some(other) => Some(cut(&other.to_string(), LABEL_CHARS)),
            };
            Ok(ClientMessage::Join {
                code,
                name: label("name"),
                version: label("version"),
                protocol: label("protocol"),
            })
        }
        Some((_, "watch")) => Ok(ClientMessage::Watch),
        Some((object, "rematch")) => match object.get("yes") {
            Some(Value::Bool(yes)) => Ok(ClientMessage::Rematch { yes: *yes }),
            Some(other) => Err(BadMessage(format!(
                "{REMATCH}: its \"yes\" is {}, not true or false",
                kind_of(other)
            ))),
            None => Err(BadMessage(format!("{REMATCH}: the key \"yes\" is missing"))),
        },
        _ => parse_reply(text.as_bytes()).map_err(|fault| BadMessage(fault.text)),
    }
}

/// What kind of JSON value `value` is, in words.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
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
            ClientMessage::Hello(AgentHello {
                name: Some("rat".into()),
                version: Some("2".into()),
                protocol: None,
            })
        );
        assert_eq!(
            parse_reply(br#"{"type":"hello","protocol":"mousehole-agent/1"}"#).unwrap(),
            ClientMessage::Hello(AgentHello {
                protocol: Some("mousehole-agent/1".into()),
                ..AgentHello::default()
            })
        );
        assert!(matches!(
            parse_client(r#"{"type":"join","code":"c","protocol":"mousehole-agent/1"}"#),
            Ok(ClientMessage::Join { protocol: Some(p), .. }) if p == "mousehole-agent/1"
        ));
        assert_eq!(
            parse_reply(br#" {"type":"ready"} "#).unwrap(),
            ClientMessage::Ready
        );
        let ClientMessage::Action { id, action, info } =
            parse_reply(br#"{"type":"action","id":7,"action":"take 3","info":{"win":0.5}}"#)
                .unwrap()
        else {
            panic!("an action");
        };
        assert_eq!((id, action.as_deref()), (Some(7), Some("take 3")));
        assert_eq!(info.unwrap().win, Some(0.5));
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
        // A program is no network client.
        assert_eq!(kind(r#"{"type":"join","code":"x"}"#), FaultKind::BadType);
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
        use mousehole_engine::{Actor, Transcript, TranscriptEvent};
        // `{"note":"xxx…"}` is 11 bytes around its text.
        let largest = format!("{{\"note\":\"{}\"}}", "x".repeat(MAX_INFO_BYTES - 11));
        assert_eq!(largest.len(), MAX_INFO_BYTES);
        for info in [nested(MAX_INFO_DEPTH), largest.clone()] {
            let ClientMessage::Action {
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
            event.info = Some(Box::new(info.into_owned()));
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
    fn joins_and_answers_read() {
        assert_eq!(
            parse_client(r#"{"type":"join","code":"abcd","name":"rat\u001b[31m","version":3}"#),
            Ok(ClientMessage::Join {
                code: "abcd".into(),
                name: Some("rat\\u{1b}[31m".into()),
                version: Some("3".into()),
                protocol: None,
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"watch"}"#),
            Ok(ClientMessage::Watch)
        );
        assert_eq!(
            parse_client(r#"{"type":"rematch","yes":true}"#),
            Ok(ClientMessage::Rematch { yes: true })
        );
        assert_eq!(
            parse_client(r#"{"type":"rematch","yes":false}"#),
            Ok(ClientMessage::Rematch { yes: false })
        );
        assert_eq!(
            parse_client(r#"{"type":"rematch","yes":"sure"}"#)
                .unwrap_err()
                .0,
            "an answer to a rematch is {\"type\":\"rematch\",\"yes\":true} (or false): its \"yes\" is text, not true or false"
        );
        assert!(parse_client(r#"{"type":"rematch"}"#).is_err());
        // A program plays one game per run: a rematch is no answer of its.
        assert_eq!(
            parse_reply(br#"{"type":"rematch","yes":true}"#)
                .unwrap_err()
                .kind,
            FaultKind::BadType
        );
        assert!(matches!(
            parse_client(r#"{"type":"action","id":3,"action":"take 1"}"#),
            Ok(ClientMessage::Action { id: Some(3), .. })
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

    /// Issue 46 item 6: what is wrong with a join is said in words, never in serde's.
    #[test]
    fn a_bad_join_is_told_in_plain_words() {
        assert_eq!(
            parse_client(r#"{"type":"join"}"#).unwrap_err().0,
            "a join is {\"type\":\"join\",\"code\":\"…\"}: the key \"code\" is missing"
        );
        assert_eq!(
            parse_client(r#"{"type":"join","code":7}"#).unwrap_err().0,
            "a join is {\"type\":\"join\",\"code\":\"…\"}: its \"code\" is a number, not text"
        );
        for bad in [r#"{"type":"join"}"#, r#"{"type":"action","id":"x"} x"#, "{"] {
            let words = parse_client(bad).unwrap_err().0;
            for serde in ["missing field", "invalid type", "expected a string"] {
                assert!(!words.contains(serde), "{words}");
            }
        }
    }

    #[test]
    fn answers_are_written_as_the_protocol_says() {
        let info = DecisionInfo {
            win: Some(0.25),
            ..DecisionInfo::default()
        };
        assert_eq!(
            ClientMessage::action(3, "take 1", Some(&info)).to_text(),
            r#"{"type":"action","id":3,"action":"take 1","info":{"win":0.25}}"#
        );
        assert_eq!(
            ClientMessage::Join {
                code: "abcd".into(),
                name: None,
                version: Some("2".into()),
                protocol: None,
            }
            .to_line(),
            b"{\"type\":\"join\",\"code\":\"abcd\",\"version\":\"2\"}\n"
        );
        assert_eq!(ClientMessage::Watch.to_text(), r#"{"type":"watch"}"#);
        assert_eq!(
            ClientMessage::Rematch { yes: true }.to_text(),
            r#"{"type":"rematch","yes":true}"#
        );
    }
}
