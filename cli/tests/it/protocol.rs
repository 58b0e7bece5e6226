//! The protocol's published schema (`mousehole schema --protocol GAME`) against real
//! exchanges: every line of games a program played on a pipe (examples/python's random bot,
//! tracing what it read and wrote), and every WebSocket message of a game played over the
//! network on 127.0.0.1 by a raw client (joining, answering wrongly and rightly, dropping and
//! rejoining), a spectator and a client with a wrong code.
//!
//! Without `python3` the pipe test prints "skipped: python3 not found".

use std::collections::BTreeSet;
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use mousehole_engine::registry::games;
use mousehole_net::testing::{host, settings};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

/// `mousehole schema --protocol GAME`, as JSON.
fn protocol_schema(game: &str) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(["schema", "--protocol", game])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).expect("the schema is JSON")
}

/// Validators of what a host sends and what a seat sends, in `game`.
struct Directions {
    host: jsonschema::Validator,
    client: jsonschema::Validator,
}

impl Directions {
    fn of(game: &str) -> Self {
        let schema = protocol_schema(game);
        let validator = |name| {
            jsonschema::validator_for(&mousehole_protocol::schema::definition(&schema, name))
                .unwrap_or_else(|error| panic!("{name} is no valid JSON Schema: {error}"))
        };
        Self {
            host: validator("HostMessage"),
            client: validator("ClientMessage"),
        }
    }
}

/// Panics with every way `message` breaks `validator`'s schema.
fn check(validator: &jsonschema::Validator, message: &Value, what: &str) {
    let problems: Vec<String> = validator
        .iter_errors(message)
        .map(|error| format!("at '{}': {error}", error.instance_path()))
        .collect();
    assert!(
        problems.is_empty(),
        "{what} does not fit the protocol's schema: {}\n{message}",
        problems.join("; ")
    );
}

fn kinds<'a>(messages: impl IntoIterator<Item = &'a Value>) -> BTreeSet<String> {
    messages
        .into_iter()
        .map(|message| message["type"].as_str().unwrap_or("(none)").to_owned())
        .collect()
}

fn set(kinds: &[&str]) -> BTreeSet<String> {
    kinds.iter().map(|&kind| kind.to_owned()).collect()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn python_available() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Every line between the host and examples/python/random_bot.py, in two games of every
/// game, fits the schema: `>` lines a HostMessage with the game's observation, `<` lines a
/// ClientMessage.
#[test]
fn every_line_of_games_a_program_played_fits_the_protocols_schema() {
    if !python_available() {
        println!("skipped: python3 not found");
        return;
    }
    let dir = std::env::temp_dir().join(format!("mousehole-protocol-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for description in games() {
        let trace = dir.join(format!("{}.trace", description.name));
        let _ = std::fs::remove_file(&trace);
        let bot = format!(
            "exec:python3 {} --trace {}",
            repo().join("examples/python/random_bot.py").display(),
            trace.display()
        );
        let output = Command::new(env!("CARGO_BIN_EXE_mousehole"))
            .args(["play", description.name, "--seat", &bot, "--seat", "random"])
            .args(["--seed", "3", "--games", "2", "--quiet"])
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "{output:?}");
        let directions = Directions::of(description.name);
        let (mut sent, mut received) = (Vec::new(), Vec::new());
        for line in std::fs::read_to_string(&trace).unwrap().lines() {
            let (direction, text) = line.split_at(2);
            let message: Value = serde_json::from_str(text).unwrap();
            match direction {
                "> " => {
                    check(&directions.host, &message, "a host's line");
                    sent.push(message);
                }
                "< " => {
                    check(&directions.client, &message, "a program's line");
                    received.push(message);
                }
                _ => panic!("a trace line is '> …' or '< …': {line}"),
            }
        }
        assert_eq!(
            kinds(&sent),
            set(&["hello", "new_game", "act", "game_over", "quit"]),
            "{}",
            description.name
        );
        assert_eq!(kinds(&received), set(&["hello", "ready", "action"]));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A WebSocket client that records every text message it sends and receives.
struct Recorder {
    socket: tungstenite::WebSocket<TcpStream>,
    received: Vec<Value>,
    sent: Vec<Value>,
}

impl Recorder {
    fn connect(address: SocketAddr, first: &Value) -> Self {
        let stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (socket, _) = tungstenite::client(format!("ws://{address}/"), stream).unwrap();
        let mut recorder = Self {
            socket,
            received: Vec::new(),
            sent: Vec::new(),
        };
        recorder.send(first);
        recorder
    }

    fn send(&mut self, message: &Value) {
        self.socket
            .send(Message::text(message.to_string()))
            .unwrap();
        self.sent.push(message.clone());
    }

    /// The next message; `None` once the connection is closed.
    fn recv(&mut self) -> Option<Value> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    self.received.push(message.clone());
                    return Some(message);
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next message of `kind`, passing over (but recording) others.
    fn until(&mut self, kind: &str) -> Value {
        loop {
            let message = self
                .recv()
                .unwrap_or_else(|| panic!("closed before {kind}"));
            if message["type"] == kind {
                return message;
            }
        }
    }

    /// The next message of either kind, passing over (but recording) others.
    fn until_either(&mut self, kind: &str, other: &str) -> Value {
        loop {
            let message = self
                .recv()
                .unwrap_or_else(|| panic!("closed before {kind} or {other}"));
            if message["type"] == kind || message["type"] == other {
                return message;
            }
        }
    }

    /// Every message until the host closes the connection.
    fn rest(&mut self) {
        while self.recv().is_some() {}
    }
}

/// Every WebSocket message of a hosted Cheese Day game fits the schema: what the host sent
/// a seat's raw client (through an illegal answer, a stale one, text that is no message, a
/// dropped connection and its rejoin), a spectator and a client with a wrong code, and what
/// the raw client sent.
#[test]
fn every_message_of_a_game_played_over_the_network_fits_the_protocols_schema() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        11,
        mousehole_net::HostSettings {
            allow_watch: true,
            ..settings()
        },
    );
    let address = hosted.address;
    let mut watcher = Recorder::connect(address, &json!({"type": "watch"}));
    watcher.until("welcome");
    let mut wrong = Recorder::connect(
        address,
        &json!({"type": "join", "code": "0000-0000-0000-0000-0000"}),
    );
    wrong.rest();
    let join = json!({
        "type": "join",
        "code": hosted.code(0),
        "name": "recorder",
        "version": "1",
        "protocol": mousehole_protocol::PROTOCOL,
    });
    let mut seat = Recorder::connect(address, &join);
    let mut answered = 0;
    let mut dropped = Vec::new();
    while let Some(message) = seat.recv() {
        if message["type"] != "act" {
            continue;
        }
        let id = message["id"].as_u64().unwrap();
        let first = message["legal"][0].clone();
        if answered == 0 {
            seat.send(&json!({"type": "action", "id": id, "action": "take 9"}));
            seat.until("error");
            seat.send(&json!({"type": "action", "id": id + 7, "action": first}));
            seat.until("error");
            seat.send(&json!({"type": "ready"}));
        }
        if answered == 2 && dropped.is_empty() {
            // Gone with the act unanswered: the host asks it again after the rejoin.
            let _ = seat.socket.close(None);
            seat.rest();
            dropped.push(std::mem::replace(
                &mut seat,
                Recorder::connect(address, &join),
            ));
            continue;
        }
        seat.send(&json!({
            "type": "action",
            "id": id,
            "action": first,
            "info": {"win": 0.5, "visits": 10, "note": "the first legal action", "mine": [1]},
        }));
        answered += 1;
    }
    watcher.rest();
    hosted.finish();
    let directions = Directions::of("cheese-day");
    let connections: Vec<&Recorder> = [&seat, &watcher, &wrong]
        .into_iter()
        .chain(&dropped)
        .collect();
    for connection in &connections {
        for message in &connection.received {
            check(&directions.host, message, "a host's message");
        }
    }
    // What the raw client sent on purpose right (an answer to another act is still an
    // answer; "take 9" is an action the schema cannot know to be illegal).
    for message in connections.iter().flat_map(|connection| &connection.sent) {
        check(&directions.client, message, "a client's message");
    }
    // The checks can fail: an act missing its legal actions, and one whose observation has a
    // key Cheese Day's observation schema does not describe.
    let act = seat
        .received
        .iter()
        .find(|message| message["type"] == "act")
        .unwrap();
    let mut without_legal = act.clone();
    without_legal.as_object_mut().unwrap().remove("legal");
    assert!(!directions.host.is_valid(&without_legal));
    let mut extra_key = act.clone();
    extra_key["observation"]["secret"] = json!(1);
    assert!(!directions.host.is_valid(&extra_key));
    assert!(!directions.client.is_valid(act));
    let received = kinds(connections.iter().flat_map(|c| &c.received));
    assert_eq!(
        received,
        set(&[
            "welcome",
            "new_game",
            "act",
            "events",
            "game_over",
            "status",
            "error",
            "quit"
        ])
    );
    let written = kinds(connections.iter().flat_map(|c| &c.sent));
    assert_eq!(written, set(&["join", "watch", "action", "ready"]));
}

/// `mousehole schema --protocol` prints the schema the library generates from the message
/// types, and with a game the same messages with that game's observation in place.
#[test]
fn the_printed_protocol_schema_is_the_one_generated_from_the_types() {
    let output = Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(["schema", "--protocol"])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed, mousehole_protocol::schema::schema());
    assert_eq!(printed["title"], mousehole_protocol::PROTOCOL);
    for description in games() {
        let schema = protocol_schema(description.name);
        let act = schema["$defs"]["HostMessage"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .find(|branch| branch["properties"]["type"]["const"] == "act")
            .expect("an act");
        let reference = act["properties"]["observation"]["$ref"].as_str().unwrap();
        let name = reference.trim_start_matches("#/$defs/");
        assert_ne!(name, "Observation", "{}", description.name);
        assert!(
            schema["$defs"][name]["properties"]["phase"].is_object(),
            "{}: the act carries the game's own observation",
            description.name
        );
    }
}

/// A network client that says it speaks an older version of the protocol is told in a `status`
/// right after its `welcome` what changed since (and the host's log says so), and plays on;
/// one that speaks the host's version, or says nothing, is told nothing.
#[test]
fn a_client_of_an_older_protocol_is_told_what_changed_and_plays_on() {
    let hosted = host("cheese-day:players=2", "remote,random", 5, settings());
    let join = |protocol: Option<&str>| {
        let mut join = json!({"type": "join", "code": hosted.code(0)});
        if let Some(protocol) = protocol {
            join["protocol"] = json!(protocol);
        }
        join
    };
    let mut old = Recorder::connect(hosted.address, &join(Some("mousehole-agent/1")));
    assert_eq!(old.recv().unwrap()["type"], "welcome");
    let status = old.until("status");
    let text = status["text"].as_str().unwrap();
    assert!(
        text.starts_with(
            "your client speaks mousehole-agent/1 and this host mousehole-agent/2: in mousehole-agent/2, every game's observation has `phase` as an object"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("; the game goes on in mousehole-agent/2"),
        "{text}"
    );
    assert!(hosted.logged("seat 0 (remote): your client speaks mousehole-agent/1"));
    // The same seat joined again, by clients of this version and of none: nothing to tell.
    for protocol in [Some(mousehole_protocol::PROTOCOL), None] {
        let mut again = Recorder::connect(hosted.address, &join(protocol));
        assert_eq!(again.recv().unwrap()["type"], "welcome");
        let act = again.until("act");
        assert!(
            again
                .received
                .iter()
                .all(|message| message["type"] != "status"),
            "{:?}",
            again.received
        );
        if protocol.is_none() {
            // It plays the game to its end.
            let mut act = act;
            loop {
                let id = act["id"].as_u64().unwrap();
                let first = act["legal"][0].clone();
                again.send(&json!({"type": "action", "id": id, "action": first}));
                match again.until_either("act", "game_over") {
                    next if next["type"] == "act" => act = next,
                    _ => break,
                }
            }
        }
    }
    let transcript = hosted.finish();
    assert!(transcript.outcome.is_some());
}
