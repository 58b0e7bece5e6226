//! Reading transcripts from JSON for people: every key is checked, so a mistake is reported in
//! the format's own words ("key 'seed': expected a whole number from 0 to
//! 18446744073709551615, found -1") with a line and column for syntax errors, never in
//! serde's internal names. JSON lines are read one line at a time from any reader, so a file
//! of any size is checked in constant memory.
//!
//! The events are streamed: each is parsed, checked and kept as a [`TranscriptEvent`] before
//! the next is read, so reading a transcript takes about what the transcript itself takes,
//! not a JSON tree of it (which took some thirty times the file's size). An event's `info` is
//! bounded ([`MAX_INFO_DEPTH`], [`MAX_INFO_BYTES`]): the host refuses a program's larger one
//! with the same check ([`check_info`]), so whatever is written reads back.

use std::collections::BTreeMap;
use std::fmt;
use std::io::BufRead;

use serde::Deserialize as _;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use thiserror::Error;

use super::{FORMAT, Transcript, TranscriptEvent, Undo};
use crate::game::Actor;
use crate::outcome::Outcome;
use crate::runner::{ActionEstimate, DecisionInfo, Fault, FaultKind};
use crate::text::shown;

/// The deepest an event's `info` may be: levels of objects and lists, the info object itself
/// being the first. Far below the JSON reader's own limit (128 levels, the transcript's own
/// three included), so an info the host accepts always reads back.
pub const MAX_INFO_DEPTH: usize = 32;

/// The largest an event's `info` may be, as compact JSON.
pub const MAX_INFO_BYTES: usize = 64 * 1024;

/// Why an agent's `info` cannot be kept on a transcript event.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InfoError {
    #[error("its info is nested {depth} levels deep; a transcript keeps at most {MAX_INFO_DEPTH}")]
    TooDeep { depth: usize },
    #[error("its info is {bytes} bytes of JSON; a transcript keeps at most {MAX_INFO_BYTES}")]
    TooLarge { bytes: usize },
    /// A known key with the wrong kind of value (`"win": "high"`), as the reader says it.
    #[error("{0}")]
    Shape(String),
}

/// Checks an agent's `info` as the reader will when the transcript is read back: the one
/// check the host makes on a program's reply and the reader on a file, so that whatever is
/// written reads back.
///
/// # Errors
/// An info too deep, too large, or with a known key of the wrong kind.
pub fn check_info(info: &Value) -> Result<(), InfoError> {
    match read_info(info, "") {
        Ok(_) => Ok(()),
        Err(ReadError::Info(error)) => Err(error),
        Err(other) => Err(InfoError::Shape(other.to_string())),
    }
}

/// [`check_info`]'s bounds alone.
fn info_bounds(info: &Value) -> Result<(), InfoError> {
    let depth = depth(info);
    if depth > MAX_INFO_DEPTH {
        return Err(InfoError::TooDeep { depth });
    }
    let mut size = ByteCount(0);
    serde_json::to_writer(&mut size, info).expect("counting never fails");
    if size.0 > MAX_INFO_BYTES {
        return Err(InfoError::TooLarge { bytes: size.0 });
    }
    Ok(())
}

/// Levels of objects and lists in `value` (0 for a plain value).
fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// Counts the bytes written to it.
struct ByteCount(usize);

impl std::io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The byte-order mark some editors put at the start of a UTF-8 file; it is not part of the
/// JSON and is skipped.
const BOM: &str = "\u{feff}";

/// Where in the text a problem is: a line (absent when the text is one line of a JSON-lines
/// file, whose number the reader reports itself) and a column, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: Option<usize>,
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}, column {}", self.column),
            None => write!(f, "column {}", self.column),
        }
    }
}

/// Why a text is not a transcript.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadError {
    /// A byte that is not UTF-8 (a binary file, or text in another encoding).
    #[error(
        "not UTF-8 text: byte 0x{byte:02x} at {at} is not valid UTF-8 (is this a transcript file?)"
    )]
    NotUtf8 { byte: u8, at: Position },
    /// The text is not JSON.
    #[error("not valid JSON: {message} at {at}")]
    Syntax { message: String, at: Position },
    /// The JSON ends before the transcript does.
    #[error("the JSON ends early (an unclosed '{{', '[' or string) at {at}")]
    Truncated { at: Position },
    /// More text after the transcript's closing brace.
    #[error(
        "more text after the end of the transcript at {at}; a file holding several transcripts, one per line, should be named .jsonl"
    )]
    TrailingText { at: Position },
    /// The text is empty (or only white space).
    #[error("empty: no transcript here")]
    Empty,
    /// Valid JSON that is not a transcript of format version 1.
    #[error("unsupported format {found} (expected \"{FORMAT}\")")]
    Format { found: String },
    /// Valid JSON, but a key is missing or holds the wrong kind of value.
    #[error("{0}")]
    Shape(String),
    /// The file could not be read.
    #[error("read error: {0}")]
    Io(String),
    /// An info deeper or larger than a transcript keeps (as [`check_info`] finds it, before
    /// the event is known: a file's is reported as a [`ReadError::Shape`] naming the event).
    #[error("{0}")]
    Info(InfoError),
}

/// Parses one transcript from JSON text (a leading byte-order mark is skipped).
pub(super) fn from_text(text: &str, lines: bool) -> Result<Transcript, ReadError> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    if text.trim().is_empty() {
        return Err(ReadError::Empty);
    }
    let mut json = serde_json::Deserializer::from_str(text);
    let parsed = Top
        .deserialize(&mut json)
        .and_then(|parsed| json.end().map(|()| parsed))
        .map_err(|e| syntax_error(&e, lines))?;
    match parsed {
        Parsed::Object(parts) => from_parts(parts),
        Parsed::Other(value) => Err(ReadError::Shape(format!(
            "expected a JSON object (one transcript), found {}",
            found(&value)
        ))),
    }
}

/// Parses one transcript from bytes that should be UTF-8 JSON.
pub(super) fn from_bytes(bytes: &[u8], lines: bool) -> Result<Transcript, ReadError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        // The prefix is valid UTF-8 by construction.
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        ReadError::NotUtf8 {
            byte: bytes[e.valid_up_to()],
            at: Position {
                line: (!lines).then_some(line),
                column,
            },
        }
    })?;
    from_text(text, lines)
}

fn syntax_error(error: &serde_json::Error, lines: bool) -> ReadError {
    let at = Position {
        line: (!lines).then_some(error.line()),
        column: error.column().max(1),
    };
    match error.classify() {
        serde_json::error::Category::Eof => ReadError::Truncated { at },
        _ if error.to_string().starts_with("trailing characters") => ReadError::TrailingText { at },
        _ => ReadError::Syntax {
            message: crate::words::json_problem(error),
            at,
        },
    }
}

/// A transcript's top level as read: its keys but the events as JSON values, and its events
/// checked as they came; or, if it is not an object, what it is.
enum Parsed {
    Object(Parts),
    Other(Value),
}

struct Parts {
    header: Map<String, Value>,
    /// The events, or what the `events` key holds instead of a list; `None` if it is absent.
    events: Option<Result<Vec<TranscriptEvent>, Value>>,
    /// The first event that is not an event (reported after the header's problems).
    bad_event: Option<ReadError>,
}

/// Reads the top level of a transcript, streaming its events.
struct Top;

impl<'de> DeserializeSeed<'de> for Top {
    type Value = Parsed;

    fn deserialize<D: serde::Deserializer<'de>>(self, json: D) -> Result<Parsed, D::Error> {
        json.deserialize_any(Top)
    }
}

impl<'de> Visitor<'de> for Top {
    type Value = Parsed;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a transcript")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
        let mut parts = Parts {
            header: Map::new(),
            events: None,
            bad_event: None,
        };
        while let Some(key) = map.next_key::<String>()? {
            if key == "events" {
                // As with any key given twice, the last one counts.
                parts.bad_event = None;
                parts.events = Some(map.next_value_seed(Events {
                    bad: &mut parts.bad_event,
                })?);
            } else {
                let value = map.next_value::<Value>()?;
                parts.header.insert(key, value);
            }
        }
        Ok(Parsed::Object(parts))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Parsed, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(Parsed::Other)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::from(text)))
    }

    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::from(value)))
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::from(value)))
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::from(value)))
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::from(value)))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Parsed, E> {
        Ok(Parsed::Other(Value::Null))
    }
}

/// Reads the `events` list an event at a time, each checked and kept as a
/// [`TranscriptEvent`]; after a bad one the rest are only skipped.
struct Events<'a> {
    bad: &'a mut Option<ReadError>,
}

impl<'de> DeserializeSeed<'de> for Events<'_> {
    type Value = Result<Vec<TranscriptEvent>, Value>;

    fn deserialize<D: serde::Deserializer<'de>>(self, json: D) -> Result<Self::Value, D::Error> {
        json.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Events<'_> {
    type Value = Result<Vec<TranscriptEvent>, Value>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of events")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut events = Vec::new();
        while let Some(value) = seq.next_element::<Value>()? {
            match read_event(&value, events.len() + 1) {
                Ok(event) => events.push(event),
                Err(error) => {
                    *self.bad = Some(error);
                    while seq.next_element::<IgnoredAny>()?.is_some() {}
                    break;
                }
            }
        }
        events.shrink_to_fit();
        Ok(Ok(events))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(MapAccessDeserializer::new(map)).map(Err)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Err(Value::from(text)))
    }

    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<Self::Value, E> {
        Ok(Err(Value::from(value)))
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Self::Value, E> {
        Ok(Err(Value::from(value)))
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Self::Value, E> {
        Ok(Err(Value::from(value)))
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Self::Value, E> {
        Ok(Err(Value::from(value)))
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err(Value::Null))
    }
}

/// How a JSON value is described in a message: its kind, and its text when short.
fn found(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => shown(&n.to_string()),
        Value::String(s) => format!("the string \"{}\"", crate::text::cut(s, 40)),
        Value::Array(items) => match items.len() {
            0 => "an empty array".to_owned(),
            1 => "an array of 1 item".to_owned(),
            n => format!("an array of {n} items"),
        },
        Value::Object(_) => "an object".to_owned(),
    }
}

/// Checks a transcript's keys one by one and builds it.
fn from_parts(parts: Parts) -> Result<Transcript, ReadError> {
    let map = &parts.header;
    let top = Fields::new(map, String::new());
    match map.get("format") {
        None => {
            return Err(ReadError::Shape(format!(
                "key 'format' is missing: a transcript begins with \"format\": \"{FORMAT}\""
            )));
        }
        Some(Value::String(format)) if format == FORMAT => {}
        Some(other) => {
            return Err(ReadError::Format {
                found: match other {
                    Value::String(s) => format!("\"{}\"", shown(s)),
                    other => found(other),
                },
            });
        }
    }
    let game = top.string("game", "a game name, as `mousehole list` shows them")?;
    let options = top.options()?;
    let seed = top.whole("seed", u64::MAX)?;
    let seats = top.strings(
        "seats",
        "a list of seat labels such as [\"random\", \"human\"]",
    )?;
    let view = top
        .optional_whole("view", usize::MAX as u64)?
        .map(|v| v as usize);
    let events = match parts.events {
        None => return Err(top.missing("events", "a list of events")),
        Some(Err(other)) => {
            return Err(top.bad("events", "a list of events (a JSON array)", &other));
        }
        Some(Ok(_)) if parts.bad_event.is_some() => {
            return Err(parts.bad_event.expect("checked"));
        }
        Some(Ok(events)) => events,
    };
    let outcome = match top.optional("outcome") {
        None if !map.contains_key("outcome") => {
            return Err(top.missing("outcome", "null for an unfinished game"));
        }
        None => None,
        Some(value) => Some(read_outcome(value)?),
    };
    let stopped = top.optional_string("stopped")?;
    let forfeit = top
        .optional_whole("forfeit", usize::MAX as u64)?
        .map(|v| v as usize);
    let undos = match top.optional("undos") {
        None => Vec::new(),
        Some(_) => top
            .array("undos", "a list of undos")?
            .iter()
            .enumerate()
            .map(|(i, undo)| read_undo(undo, i + 1))
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(Transcript {
        format: FORMAT.to_owned(),
        game,
        options,
        seed,
        seats,
        view,
        events,
        outcome,
        stopped,
        forfeit,
        undos,
    })
}

/// One undo: `{"at": 12, "undone": [events]}`.
fn read_undo(value: &Value, number: usize) -> Result<Undo, ReadError> {
    let context = format!("undo {number}: ");
    let Value::Object(map) = value else {
        return Err(ReadError::Shape(format!(
            "{context}expected an object such as {{\"at\": 3, \"undone\": []}}, found {}",
            found(value)
        )));
    };
    let fields = Fields::new(map, context);
    let at = fields.whole("at", usize::MAX as u64)? as usize;
    let undone = fields
        .array("undone", "the events taken back")?
        .iter()
        .enumerate()
        .map(|(i, event)| read_event(event, i + 1))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Undo { at, undone })
}

fn read_event(value: &Value, number: usize) -> Result<TranscriptEvent, ReadError> {
    let context = format!("event {number}: ");
    let Value::Object(map) = value else {
        return Err(ReadError::Shape(format!(
            "{context}expected an object such as {{\"actor\": 0, \"action\": \"…\"}}, found {}",
            found(value)
        )));
    };
    let fields = Fields::new(map, context);
    let actor = match fields.required("actor", "\"chance\" or a seat number")? {
        Value::String(s) if s == "chance" => Actor::Chance,
        value => match value.as_u64() {
            Some(seat) if usize::try_from(seat).is_ok() => Actor::Seat(seat as usize),
            _ => return Err(fields.bad("actor", "\"chance\" or a seat number (0, 1, …)", value)),
        },
    };
    let action = fields.string("action", "the action's text form, e.g. \"take 2\"")?;
    let info = fields
        .optional("info")
        .map(|value| {
            read_info(value, &fields.context).map_err(|error| match error {
                ReadError::Info(error) => ReadError::Shape(format!("{}{error}", fields.context)),
                other => other,
            })
        })
        .transpose()?;
    let fault = fields
        .optional("fault")
        .map(|value| read_fault(value, &fields.context))
        .transpose()?;
    let note = fields.optional_string("note")?;
    Ok(TranscriptEvent {
        actor,
        action: action.into(),
        info: info.map(Box::new),
        fault: fault.map(Box::new),
        note: note.map(Box::from),
    })
}

fn read_info(value: &Value, context: &str) -> Result<DecisionInfo, ReadError> {
    let fields = Fields::object(value, format!("{context}key 'info': "), "an object")?;
    info_bounds(value).map_err(ReadError::Info)?;
    let mut info = DecisionInfo {
        win: fields.optional_number("win")?,
        visits: fields.optional_whole("visits", u64::MAX)?,
        note: fields.optional_string("note")?,
        actions: Vec::new(),
        extra: Map::new(),
    };
    if let Some(actions) = fields.optional("actions") {
        let Value::Array(items) = actions else {
            return Err(fields.bad("actions", "a list of per-action estimates", actions));
        };
        for (i, item) in items.iter().enumerate() {
            let estimate = Fields::object(
                item,
                format!("{}key 'actions', item {}: ", fields.context, i + 1),
                "an object such as {\"action\": \"take 2\", \"visits\": 100, \"win\": 0.5}",
            )?;
            info.actions.push(ActionEstimate {
                action: estimate.string("action", "an action's text form")?,
                visits: estimate.whole("visits", u64::MAX)?,
                win: estimate.number("win")?,
                stderr: estimate.optional_number("stderr")?,
                place: estimate.optional_number("place")?,
                value: estimate.optional_number("value")?,
                ends: estimate.optional_number("ends")?,
            });
        }
    }
    for (key, value) in fields.map {
        if !matches!(key.as_str(), "win" | "visits" | "note" | "actions") {
            info.extra.insert(key.clone(), value.clone());
        }
    }
    Ok(info)
}

fn read_fault(value: &Value, context: &str) -> Result<Fault, ReadError> {
    const KINDS: [(&str, FaultKind); 6] = [
        ("timeout", FaultKind::Timeout),
        ("not_json", FaultKind::NotJson),
        ("bad_type", FaultKind::BadType),
        ("illegal_action", FaultKind::IllegalAction),
        ("too_long", FaultKind::TooLong),
        ("exited", FaultKind::Exited),
    ];
    let fields = Fields::object(
        value,
        format!("{context}key 'fault': "),
        "an object such as {\"kind\": \"timeout\", \"text\": \"…\"}",
    )?;
    let expected = "one of timeout, not_json, bad_type, illegal_action, too_long, exited";
    let kind_value = fields.required("kind", expected)?;
    let kind = KINDS
        .iter()
        .find(|(name, _)| kind_value.as_str() == Some(name))
        .map(|(_, kind)| *kind)
        .ok_or_else(|| fields.bad("kind", expected, kind_value))?;
    Ok(Fault {
        kind,
        text: fields.string("text", "the offending text")?,
    })
}

fn read_outcome(value: &Value) -> Result<Outcome, ReadError> {
    let fields = Fields::object(
        value,
        "key 'outcome': ".to_owned(),
        "null (unfinished) or an object with ranks, scores and returns",
    )?;
    let list = |key: &str, what: &str| -> Result<&Vec<Value>, ReadError> {
        match fields.required(key, what)? {
            Value::Array(items) => Ok(items),
            other => Err(fields.bad(key, what, other)),
        }
    };
    let item_error = |key: &str, index: usize, what: &str, value: &Value| {
        ReadError::Shape(format!(
            "key 'outcome': key '{key}', item {}: expected {what}, found {}",
            index + 1,
            found(value)
        ))
    };
    let ranks = list("ranks", "a list of ranks, one per seat (1 = first)")?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_u64()
                .and_then(|r| u32::try_from(r).ok())
                .filter(|&r| r >= 1)
                .ok_or_else(|| item_error("ranks", i, "a rank: a whole number from 1", v))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let scores = list("scores", "a list of scores, one per seat")?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_i64()
                .ok_or_else(|| item_error("scores", i, "a whole number", v))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let returns = list("returns", "a list of returns, one per seat")?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_f64()
                .ok_or_else(|| item_error("returns", i, "a number", v))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Outcome {
        ranks,
        scores,
        returns,
    })
}

/// The keys of one JSON object, read with messages that name the key (and where the object
/// sits, in `context`).
struct Fields<'a> {
    map: &'a Map<String, Value>,
    context: String,
}

impl<'a> Fields<'a> {
    fn new(map: &'a Map<String, Value>, context: String) -> Self {
        Self { map, context }
    }

    fn object(value: &'a Value, context: String, what: &str) -> Result<Self, ReadError> {
        match value {
            Value::Object(map) => Ok(Self::new(map, context)),
            other => Err(ReadError::Shape(format!(
                "{context}expected {what}, found {}",
                found(other)
            ))),
        }
    }

    fn missing(&self, key: &str, what: &str) -> ReadError {
        ReadError::Shape(format!(
            "{}key '{key}' is missing (expected {what})",
            self.context
        ))
    }

    fn bad(&self, key: &str, what: &str, value: &Value) -> ReadError {
        ReadError::Shape(format!(
            "{}key '{key}': expected {what}, found {}",
            self.context,
            found(value)
        ))
    }

    fn required(&self, key: &str, what: &str) -> Result<&'a Value, ReadError> {
        self.map.get(key).ok_or_else(|| self.missing(key, what))
    }

    /// An optional key: absent and `null` both mean not given.
    fn optional(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn string(&self, key: &str, what: &str) -> Result<String, ReadError> {
        match self.required(key, what)? {
            Value::String(s) => Ok(s.clone()),
            other => Err(self.bad(key, &format!("a string: {what}"), other)),
        }
    }

    fn optional_string(&self, key: &str) -> Result<Option<String>, ReadError> {
        match self.optional(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(self.bad(key, "a string", other)),
        }
    }

    fn strings(&self, key: &str, what: &str) -> Result<Vec<String>, ReadError> {
        let items = self.array(key, what)?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => Ok(s.clone()),
                other => Err(ReadError::Shape(format!(
                    "{}key '{key}', item {}: expected a string, found {}",
                    self.context,
                    i + 1,
                    found(other)
                ))),
            })
            .collect()
    }

    fn array(&self, key: &str, what: &str) -> Result<&'a Vec<Value>, ReadError> {
        match self.required(key, what)? {
            Value::Array(items) => Ok(items),
            other => Err(self.bad(key, &format!("{what} (a JSON array)"), other)),
        }
    }

    fn whole_of(&self, key: &str, value: &Value, max: u64) -> Result<u64, ReadError> {
        value
            .as_u64()
            .filter(|&n| n <= max)
            .ok_or_else(|| self.bad(key, &format!("a whole number from 0 to {max}"), value))
    }

    fn whole(&self, key: &str, max: u64) -> Result<u64, ReadError> {
        let what = format!("a whole number from 0 to {max}");
        let value = self.required(key, &what)?;
        self.whole_of(key, value, max)
    }

    fn optional_whole(&self, key: &str, max: u64) -> Result<Option<u64>, ReadError> {
        self.optional(key)
            .map(|value| self.whole_of(key, value, max))
            .transpose()
    }

    fn number(&self, key: &str) -> Result<f64, ReadError> {
        let value = self.required(key, "a number")?;
        value
            .as_f64()
            .ok_or_else(|| self.bad(key, "a number", value))
    }

    fn optional_number(&self, key: &str) -> Result<Option<f64>, ReadError> {
        self.optional(key)
            .map(|value| {
                value
                    .as_f64()
                    .ok_or_else(|| self.bad(key, "a number", value))
            })
            .transpose()
    }

    /// The `options` map: every value a string, as the format says.
    fn options(&self) -> Result<BTreeMap<String, String>, ReadError> {
        let what = "an object of option values as strings, e.g. {\"players\": \"3\"}";
        let map = match self.required("options", what)? {
            Value::Object(map) => map,
            other => return Err(self.bad("options", what, other)),
        };
        map.iter()
            .map(|(key, value)| match value {
                Value::String(s) => Ok((key.clone(), s.clone())),
                Value::Number(n) => Err(ReadError::Shape(format!(
                    "key 'options': option '{}': expected a string (option values are text: \"{n}\"), found {n}",
                    shown(key)
                ))),
                other => Err(ReadError::Shape(format!(
                    "key 'options': option '{}': expected a string, found {}",
                    shown(key),
                    found(other)
                ))),
            })
            .collect()
    }
}

/// Reads JSON lines from `reader` one line at a time: one result per non-blank line, with its
/// line number (from 1). Only one line is held in memory at a time. A line that is not UTF-8
/// or not a transcript is reported on its own and reading goes on; an I/O error is reported
/// once and ends the reading.
#[derive(Debug)]
pub struct JsonLines<R> {
    reader: R,
    line: usize,
    buffer: Vec<u8>,
    done: bool,
}

impl<R: BufRead> JsonLines<R> {
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line: 0,
            buffer: Vec::new(),
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for JsonLines<R> {
    type Item = (usize, Result<Transcript, ReadError>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.buffer.clear();
            match self.reader.read_until(b'\n', &mut self.buffer) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    self.line += 1;
                    let mut bytes = self.buffer.as_slice();
                    if let Some(rest) = bytes.strip_prefix(BOM.as_bytes()) {
                        bytes = rest;
                    }
                    if bytes.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    return Some((self.line, from_bytes(bytes, true)));
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.done = true;
                    return Some((
                        self.line + 1,
                        Err(ReadError::Io(crate::words::io_error(&error))),
                    ));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minimal() -> Value {
        serde_json::json!({
            "format": FORMAT,
            "game": "cheese-day",
            "options": {"players": "3", "traps": "1/2/3/3/4/5"},
            "seed": 7,
            "seats": ["random", "random", "random"],
            "events": [{"actor": "chance", "action": "draw 1T"}],
            "outcome": null
        })
    }

    fn read(json: &Value) -> Result<Transcript, ReadError> {
        from_text(&json.to_string(), false)
    }

    fn error_with(key: &str, value: Value) -> String {
        let mut json = minimal();
        json[key] = value;
        read(&json).unwrap_err().to_string()
    }

    #[test]
    fn a_well_formed_transcript_reads() {
        let transcript = read(&minimal()).unwrap();
        assert_eq!(transcript.seed, 7);
        assert_eq!(transcript.events[0].actor, Actor::Chance);
        assert!(transcript.outcome.is_none());
    }

    #[test]
    fn wrong_kinds_of_value_are_named_in_the_formats_words() {
        assert_eq!(
            error_with("seed", serde_json::json!(-1)),
            "key 'seed': expected a whole number from 0 to 18446744073709551615, found -1"
        );
        assert_eq!(
            error_with("seats", serde_json::json!("random")),
            "key 'seats': expected a list of seat labels such as [\"random\", \"human\"] (a JSON array), found the string \"random\""
        );
        let events = serde_json::json!([{"actor": "dealer", "action": "x"}]);
        assert_eq!(
            error_with("events", events),
            "event 1: key 'actor': expected \"chance\" or a seat number (0, 1, …), found the string \"dealer\""
        );
        let options = serde_json::json!({"players": 3});
        assert!(error_with("options", options).contains("option 'players': expected a string"),);
        let top = read(&serde_json::json!([1, 2])).unwrap_err().to_string();
        assert_eq!(
            top,
            "expected a JSON object (one transcript), found an array of 2 items"
        );
    }

    #[test]
    fn syntax_errors_have_a_position_and_no_serde_names() {
        let error = from_text("{\n  \"format\": ,\n}", false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "not valid JSON: a value was due here (a string in double quotes, a number, an object, a list, true, false or null) at line 2, column 13"
        );
        let error = from_text("{\"format\": \"x\"", false).unwrap_err();
        assert!(matches!(error, ReadError::Truncated { .. }), "{error}");
        let error = from_text("{} {}", false).unwrap_err();
        assert!(error.to_string().contains(".jsonl"), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_bad_bytes_are_located() {
        let text = format!("{BOM}{}", minimal());
        assert!(from_text(&text, false).is_ok());
        let error = from_bytes(b"{\n \"a\xff\": 1}", false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "not UTF-8 text: byte 0xff at line 2, column 4 is not valid UTF-8 (is this a transcript file?)"
        );
    }

    #[test]
    fn json_lines_report_each_line_and_go_on_after_a_bad_one() {
        let good = minimal().to_string();
        let mut input = Vec::new();
        input.extend_from_slice(good.as_bytes());
        input.extend_from_slice(b"\n\n{\"x\xfe\": 1}\n");
        input.extend_from_slice(good.as_bytes());
        let read: Vec<_> = JsonLines::new(input.as_slice()).collect();
        assert_eq!(read.len(), 3);
        assert!(read[0].1.is_ok());
        assert_eq!(read[1].0, 3);
        assert!(
            matches!(
                read[1].1,
                Err(ReadError::NotUtf8 {
                    byte: 0xfe,
                    at: Position {
                        line: None,
                        column: 4
                    }
                })
            ),
            "{:?}",
            read[1].1
        );
        assert_eq!(read[2].0, 4);
        assert!(read[2].1.is_ok());
    }
}
