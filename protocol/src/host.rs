//! What the host sends a seat ([`HostMessage`]), written as one JSON line for a program or one
//! WebSocket text for a connection, and read back by a client ([`parse_host`]).

use std::borrow::Cow;
use std::collections::BTreeMap;

use mousehole_engine::words::json_error;
use mousehole_engine::{Actor, HowItEnded, Outcome};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::BadMessage;

/// One event as the seat saw it, as `act`, `events` and `game_over` carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EventMessage {
    /// Who made the event: `"chance"` or a seat's number.
    pub actor: Actor,
    /// The event's text form as this seat saw it, with what the seat may not see redacted as
    /// the game's rules say (`draw 4?`, `draw ?`).
    pub action: String,
    /// The seat's readable note on the event (built from what it sees; a spectator's, from
    /// what everyone sees), where the host sends one: a network host does, so its clients
    /// need not work notes out again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub note: Option<String>,
}

/// A message from the host to a seat: a program on a pipe or a client over the network.
/// `O` is the observation an `act` or `events` carries: the game's observation type when the
/// host writes it, its JSON ([`Value`]) when a client reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schemars(
    rename = "HostMessage",
    description = "A message from the host to a seat: to a program, one line on its stdin; to a network client, one WebSocket text message."
)]
pub enum HostMessage<'a, O = Value> {
    /// A program's first message: the protocol the host speaks. The program answers with its
    /// own `hello`.
    Hello { protocol: Cow<'a, str> },
    /// Network: the answer to a good `join` or `watch`.
    Welcome(Welcome<'a>),
    /// A game starts. A program answers `ready`.
    NewGame {
        /// The game's name (`cheese-day`).
        game: Cow<'a, str>,
        /// The canonical spec string, every option included
        /// (`cheese-day:players=3,traps=1/2/3/3/4/5`).
        spec: Cow<'a, str>,
        /// Every option of the game, as text.
        #[serde(default)]
        options: Cow<'a, BTreeMap<String, String>>,
        /// How many seats the game has.
        players: usize,
        /// The seat this program or client plays, from 0.
        seat: usize,
        /// The seat's own seed, for its randomness.
        seed: u64,
    },
    /// A decision asked of the seat: answered by an `action` with the act's `id`.
    Act(Act<'a, O>),
    /// Network: events as they happen, each seen as the connection's seat sees it (a
    /// spectator: as everyone at the table sees it), sent when no `act` or `game_over` carries
    /// them; with the seat's observation after them, or a spectator's public view (so a
    /// screen can show the board between decisions).
    Events {
        events: Cow<'a, [EventMessage]>,
        /// The seat's observation after these events; a spectator's is the public view
        /// (`"public": true`: every seat's public board, no hidden card of any seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(with = "O")]
        observation: Option<O>,
    },
    /// The game ended (or stopped: then `outcome` is null), with the events the seat has not
    /// been sent yet.
    GameOver {
        /// Ranks, scores and returns per seat; null if the game stopped before its end.
        outcome: Option<Cow<'a, Outcome>>,
        #[serde(default)]
        events: Cow<'a, [EventMessage]>,
        /// Network: how the game ended and how each seat's score was made, in words, as the
        /// seat (or a spectator) may know it: absent if the game stopped before its end or a
        /// seat forfeited.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(with = "HowItEnded")]
        ending: Option<Cow<'a, HowItEnded>>,
    },
    /// Network: something everyone at the table should know (`waiting for seat 2 to
    /// reconnect`).
    Status { text: Cow<'a, str> },
    /// Network: what was wrong with the client's last message; a request it answered badly
    /// stands.
    Error {
        error: ErrorKind,
        /// What was wrong, in words to show a person.
        message: Cow<'a, str>,
        /// The `act` the refused answer was for, if it named one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(with = "u64")]
        id: Option<u64>,
    },
    /// No more games: a program should exit; a connection is closed after it.
    Quit,
    /// Network, after a game's end: the host offers everyone a rematch with the same seats,
    /// and says again whenever someone answers. A seat in `asked` answers with its own
    /// `rematch` (`yes` true or false); when every seat asked has said yes within the time,
    /// the next game begins (a `welcome`, then its `new_game`); a no, or the time running
    /// out, ends the host (a `status` says which, then `quit`). Added under
    /// mousehole-agent/2, after the messages frozen first.
    Rematch(Rematch<'a>),
}

/// A host message without an observation (every type but `act` and `events`).
pub type PlainMessage<'a> = HostMessage<'a, ()>;

/// The `welcome`: which seat the connection plays (none for a spectator), the game, and how
/// each seat is named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(inline)]
pub struct Welcome<'a> {
    /// The protocol the host speaks.
    pub protocol: Cow<'a, str>,
    /// The seat this connection plays, from 0; null for a spectator.
    pub seat: Option<usize>,
    /// The game's name.
    pub game: Cow<'a, str>,
    /// The canonical spec string.
    pub spec: Cow<'a, str>,
    /// How many seats the game has.
    pub players: usize,
    /// Each seat's name as everyone may see it (a bot's agent spec, a person's name; never a
    /// program's command line, which is the host's business).
    pub seats: Cow<'a, [String]>,
}

/// The host's offer of a rematch, and how it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(inline)]
pub struct Rematch<'a> {
    /// The seats whose players are asked (people: the remote seats and those at the host);
    /// a bot always plays again, so it is never asked.
    pub asked: Cow<'a, [usize]>,
    /// The seats asked that have said yes so far.
    pub yes: Cow<'a, [usize]>,
    /// How long is left to answer, in milliseconds, when this message was sent.
    pub within_ms: u64,
}

/// The decision asked of a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(inline)]
pub struct Act<'a, O = Value> {
    /// Rises within the process (or connection); the answer carries it back.
    pub id: u64,
    /// Everything the seat may know: the game's observation JSON for this seat. Each game's
    /// observation has its own schema: `mousehole schema GAME` prints it, and `mousehole
    /// schema --protocol GAME` prints the protocol's with that game's observation in place.
    pub observation: O,
    /// The legal actions' text forms; the answer is one of them.
    pub legal: Cow<'a, [String]>,
    /// The seat's views of the events since its previous `act` in this game (or since the
    /// game began).
    #[serde(default)]
    pub events: Cow<'a, [EventMessage]>,
    /// How long the seat has to answer; absent where the host sets no deadline (a network
    /// host's remote seats: people may think).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub deadline_ms: Option<u64>,
}

/// What an `error` is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

impl<O: Serialize> HostMessage<'_, O> {
    /// The message as one JSON line, newline included, appended to `out` (a pipe).
    pub fn write_line(&self, out: &mut Vec<u8>) {
        serde_json::to_writer(&mut *out, self).expect("protocol messages serialise");
        out.push(b'\n');
    }

    /// The message as one JSON line, newline included (a pipe).
    pub fn to_line(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256);
        self.write_line(&mut out);
        out
    }

    /// The message as JSON text, without a newline (a WebSocket message).
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("protocol messages serialise")
    }
}

/// Reads one host message, its observation as JSON (read as the game's observation type by
/// who knows the game).
///
/// # Errors
/// Text that is not a host message (a host of another protocol, or no host at all), with
/// what is wrong in words.
pub fn parse_host(text: &str) -> Result<HostMessage<'static>, BadMessage> {
    serde_json::from_str(text).map_err(|error| BadMessage(json_error(&error)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line_each() {
        let line = PlainMessage::Hello {
            protocol: crate::PROTOCOL.into(),
        }
        .to_line();
        assert_eq!(
            line,
            b"{\"type\":\"hello\",\"protocol\":\"mousehole-agent/2\"}\n"
        );
        let events = [EventMessage {
            actor: Actor::Chance,
            action: "roll 3".into(),
            note: None,
        }];
        let line = HostMessage::Act(Act {
            id: 4,
            observation: &serde_json::json!({"a": "x\ny"}),
            legal: Cow::Borrowed(&["peek 1".to_owned()]),
            events: Cow::Borrowed(&events),
            deadline_ms: Some(100),
        })
        .to_line();
        let text = String::from_utf8(line).unwrap();
        assert_eq!(text.matches('\n').count(), 1);
        assert_eq!(
            text,
            "{\"type\":\"act\",\"id\":4,\"observation\":{\"a\":\"x\\ny\"},\"legal\":[\"peek 1\"],\"events\":[{\"actor\":\"chance\",\"action\":\"roll 3\"}],\"deadline_ms\":100}\n"
        );
        assert_eq!(PlainMessage::Quit.to_line(), b"{\"type\":\"quit\"}\n");
    }

    #[test]
    fn network_messages_are_json_objects_with_a_type() {
        let text = PlainMessage::Error {
            error: ErrorKind::WrongCode,
            message: "no seat has this code".into(),
            id: None,
        }
        .to_text();
        assert_eq!(
            text,
            r#"{"type":"error","error":"wrong_code","message":"no seat has this code"}"#
        );
        assert!(matches!(
            parse_host(&text).unwrap(),
            HostMessage::Error {
                error: ErrorKind::WrongCode,
                ..
            }
        ));
        let offer = PlainMessage::Rematch(Rematch {
            asked: Cow::Borrowed(&[0, 2]),
            yes: Cow::Borrowed(&[2]),
            within_ms: 118_500,
        })
        .to_text();
        assert_eq!(
            offer,
            r#"{"type":"rematch","asked":[0,2],"yes":[2],"within_ms":118500}"#
        );
        assert_eq!(
            serde_json::to_value(parse_host(&offer).unwrap()).unwrap(),
            serde_json::from_str::<Value>(&offer).unwrap()
        );
    }

    #[test]
    fn what_a_client_cannot_read_is_said_in_words() {
        let problem = parse_host(r#"{"type":"welcome","seat":0}"#).unwrap_err().0;
        assert!(
            problem.contains("the key \"protocol\" is missing"),
            "{problem}"
        );
        let problem = parse_host("{\"type\":\"act\"").unwrap_err().0;
        assert!(
            problem.contains("the text ends inside an object"),
            "{problem}"
        );
    }
}
