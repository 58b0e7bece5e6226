//! The protocol's version holds its shape. For the current version (`tests/frozen/N/`, N the
//! crate's `VERSION`): an example of every message of both directions and of every game's
//! observation (one per phase) serialises to exactly the JSON frozen there; the frozen JSON
//! fits the schema and reads back; and the schemas themselves (the messages', every game's
//! observation's) have the frozen shape, or that shape with additions only. A change of shape
//! fails here, saying how to make it a new version with its changelog.
//!
//! Additions: a new message, or a new optional field, breaks no client of the version (it reads
//! every message it knew as before), so it may come under the same version. Then the frozen
//! schema stays as it was frozen, and the current one must contain it (every frozen key, type
//! and branch still there, nothing newly required that was there before); every name added
//! (a message's `type`, a field) must be named in docs/protocol-changelog.md under `Added
//! under mousehole-agent/N`; and the new messages' examples are frozen beside the old ones.
//! `MOUSEHOLE_FREEZE=1 cargo test -p mousehole-protocol --test frozen` writes the files of a
//! version that has no folder yet, and the files missing from one that has (its additions'
//! examples); it never changes a file already frozen.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::options::observation_schema;
use mousehole_engine::registry::{canonical_spec, games};
use mousehole_engine::rng::chance_rng;
use mousehole_engine::runner::ActionEstimate;
use mousehole_engine::{Actor, DecisionInfo, Game, GameConfig, GameSpec, GameVisitor, ToMove};
use mousehole_protocol::schema::{definition, schema, schema_with};
use mousehole_protocol::version::in_short;
use mousehole_protocol::{
    Act, AgentHello, ClientMessage, ErrorKind, EventMessage, HostMessage, PROTOCOL, PlainMessage,
    Rematch, VERSION, Welcome, parse_client, parse_host, parse_reply,
};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// The seed of the games the examples are taken from.
const SEED: u64 = 7;

/// Games played for their observations besides each game's default: options under which a
/// phase comes that the default never reaches.
const MORE_SPECS: &[&str] = &["moose-house:draw=first"];

fn frozen_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/frozen")
        .join(VERSION.to_string())
}

/// How to make a change of shape a new version: what every failure here ends with.
fn make_it_a_new_version(what: &str, difference: &str) -> String {
    let next = VERSION + 1;
    format!(
        "{what} changed shape from the frozen {PROTOCOL} (protocol/tests/frozen/{VERSION}/):\n\
         {difference}\n\
         A change of shape breaks clients written for {PROTOCOL}: it is a new protocol version. \
         Raise VERSION and PROTOCOL in protocol/src/version.rs to {next} (mousehole-agent/{next}), \
         say what changed, field by field, under '## mousehole-agent/{next}' (with its 'In short:' \
         paragraph) in docs/protocol-changelog.md, then freeze the new version with \
         `MOUSEHOLE_FREEZE=1 cargo test -p mousehole-protocol --test frozen` (it writes \
         protocol/tests/frozen/{next}/ and never touches a version already frozen)."
    )
}

fn pretty(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("examples serialise");
    text.push('\n');
    text
}

/// Every file this build would freeze for its version, by path under the version's folder:
/// the schemas, the observation examples, and one example of every message.
fn current() -> &'static BTreeMap<String, String> {
    static FILES: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut files = BTreeMap::new();
        files.insert("schema.json".to_owned(), pretty(&schema()));
        for description in games() {
            let spec: GameSpec = description.name.parse().unwrap();
            let (observations, public, observation_schema) = spec.visit(Observations).unwrap();
            let name = description.name;
            files.insert(format!("observations/{name}.json"), observations);
            files.insert(format!("added/observations/{name}.json"), public);
            files.insert(
                format!("observations/{name}.schema.json"),
                pretty(&observation_schema),
            );
        }
        for (kind, text) in host_examples() {
            files.insert(format!("host/{kind}.json"), text);
        }
        for (kind, text) in spectator_examples() {
            files.insert(format!("added/host/{kind}.json"), text);
        }
        for (kind, text) in client_examples() {
            files.insert(format!("client/{kind}.json"), text);
        }
        freeze_if_asked(&files);
        files
    })
}

/// With `MOUSEHOLE_FREEZE=1`, writes every file of a version that has no folder yet, and
/// the files missing from one that has (the examples of what was added under it); a file
/// already frozen is never written again.
fn freeze_if_asked(files: &BTreeMap<String, String>) {
    if std::env::var_os("MOUSEHOLE_FREEZE").is_none_or(|value| value != "1") {
        return;
    }
    let dir = frozen_dir();
    let new_version = !dir.exists();
    for (relative, text) in files {
        let path = dir.join(relative);
        if path.exists() {
            continue;
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        eprintln!("froze {}", path.display());
    }
    if new_version {
        eprintln!("froze {PROTOCOL} in {}", dir.display());
    }
}

/// The frozen text of `relative`.
fn frozen(relative: &str) -> Option<String> {
    std::fs::read_to_string(frozen_dir().join(relative)).ok()
}

/// A seeded random game of `G` (default options) walked to its end: seat 0's first
/// observation in each phase kind, and the frozen text of them, of the public views (what a
/// spectator is shown, an addition: `added/`) in each phase kind, and the game's observation
/// schema.
struct Observations;

impl GameVisitor for Observations {
    type Output = (String, String, Value);

    fn visit<G: Game>(self, config: G::Config) -> (String, String, Value) {
        let schema = observation_schema::<G>();
        let kinds = phase_kinds(&schema);
        let name = G::Config::description().name;
        let mut configs = vec![config];
        configs.extend(
            MORE_SPECS
                .iter()
                .filter(|spec| spec.split(':').next() == Some(name))
                .map(|spec| spec.parse::<GameSpec>().unwrap().config::<G>().unwrap()),
        );
        let mut by_kind: BTreeMap<String, G::Observation> = BTreeMap::new();
        let mut public: BTreeMap<String, G::Observation> = BTreeMap::new();
        // Games from successive seeds until every phase has been seen (a rare one may take a
        // few games, or options of its own).
        'configs: for config in &configs {
            for seed in SEED..SEED + 50 {
                let walk = Walk::<G>::play(config, seed);
                for (kind, observation) in walk.firsts {
                    by_kind.entry(kind).or_insert(observation);
                }
                for (kind, observation) in walk.public_firsts {
                    public.entry(kind).or_insert(observation);
                }
                if by_kind.len() == kinds.len() && public.len() == kinds.len() {
                    break 'configs;
                }
            }
        }
        let seen: BTreeSet<String> = by_kind.keys().cloned().collect();
        assert_eq!(seen, kinds, "{name}: an example of every phase");
        let seen: BTreeSet<String> = public.keys().cloned().collect();
        assert_eq!(seen, kinds, "{name}: a public view in every phase");
        (pretty(&by_kind), pretty(&public), schema)
    }
}

/// The phase kinds an observation schema lists (`phase`'s branches, by their `kind`).
fn phase_kinds(schema: &Value) -> BTreeSet<String> {
    let phase = &shape(schema)["properties"]["phase"];
    phase["oneOf"]
        .as_array()
        .expect("phase is one of several kinds")
        .iter()
        .map(|branch| {
            branch["properties"]["kind"]["const"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// A seeded random game, as seat 0 saw it.
struct Walk<G: Game> {
    /// Seat 0's first observation in each phase kind, in the order met.
    firsts: Vec<(String, G::Observation)>,
    /// The first public view in each phase kind, in the order met.
    public_firsts: Vec<(String, G::Observation)>,
    /// Seat 0's first decision: its observation, its legal actions, and the events before it
    /// as seat 0 saw them (with its notes).
    decision: Option<(G::Observation, Vec<String>, Vec<EventMessage>)>,
    /// Seat 0's views of the last events.
    last_events: Vec<EventMessage>,
    end: G,
}

impl<G: Game> Walk<G> {
    fn play(config: &G::Config, seed: u64) -> Self {
        let mut rng = chance_rng(seed);
        let mut state = G::new(config);
        let mut firsts: Vec<(String, G::Observation)> = Vec::new();
        let mut public_firsts: Vec<(String, G::Observation)> = Vec::new();
        let mut decision = None;
        let mut events = Vec::new();
        let (mut outcomes, mut legal) = (Vec::new(), Vec::new());
        loop {
            let before = state.observation(0);
            let shown = serde_json::to_value(&before).unwrap();
            let kind = shown["phase"]["kind"].as_str().expect("a phase kind");
            if firsts.iter().all(|(seen, _)| seen != kind) {
                firsts.push((kind.to_owned(), before.clone()));
            }
            if public_firsts.iter().all(|(seen, _)| seen != kind) {
                public_firsts.push((kind.to_owned(), state.public_observation()));
            }
            let (actor, action) = match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => (Actor::Chance, state.sample_chance(&mut rng, &mut outcomes)),
                ToMove::Player(seat) => {
                    let action = state.sample_legal(&mut rng, &mut legal);
                    if seat == 0 && decision.is_none() {
                        let mut all = Vec::new();
                        state.legal_actions(&mut all);
                        let texts = all.iter().map(ToString::to_string).collect();
                        decision = Some((before.clone(), texts, std::mem::take(&mut events)));
                    }
                    (Actor::Seat(seat), action)
                }
            };
            let action = action.expect("a chance outcome or a legal action");
            let view = state.event_view(0, &action);
            state.apply(action).unwrap();
            let note = G::event_note(&before, actor, &view, &state.observation(0));
            events.push(EventMessage {
                actor,
                action: view.to_string(),
                note,
            });
            if events.len() > 3 {
                events.remove(0);
            }
        }
        Self {
            firsts,
            public_firsts,
            decision,
            last_events: events,
            end: state,
        }
    }
}

/// An example of every message the host sends, with Cheese Day's observations in them.
fn host_examples() -> Vec<(&'static str, String)> {
    let config = <CheeseDay as Game>::Config::with_players(2).unwrap();
    let walk = Walk::<CheeseDay>::play(&config, SEED);
    let spec = canonical_spec(&config);
    let options = config.to_options();
    let seats = ["ann".to_owned(), "random".to_owned()];
    let (observation, legal, events) = walk.decision.clone().expect("seat 0 decides");
    let pipe_events: Vec<EventMessage> = events
        .iter()
        .map(|event| EventMessage {
            note: None,
            ..event.clone()
        })
        .collect();
    let outcome = walk.end.outcome().expect("the game ended");
    let after = walk.firsts.last().map(|(_, observation)| observation);
    vec![
        (
            "hello",
            pretty(&PlainMessage::Hello {
                protocol: PROTOCOL.into(),
            }),
        ),
        (
            "welcome",
            pretty(&PlainMessage::Welcome(Welcome {
                protocol: PROTOCOL.into(),
                seat: Some(0),
                game: "cheese-day".into(),
                spec: spec.as_str().into(),
                players: 2,
                seats: Cow::Borrowed(&seats),
            })),
        ),
        (
            "new_game",
            pretty(&PlainMessage::NewGame {
                game: "cheese-day".into(),
                spec: spec.as_str().into(),
                options: Cow::Borrowed(&options),
                players: 2,
                seat: 0,
                seed: 4_231_399_996_574_836_353,
            }),
        ),
        (
            "act",
            pretty(&HostMessage::Act(Act {
                id: 1,
                observation: &observation,
                legal: Cow::Borrowed(&legal),
                events: Cow::Borrowed(&pipe_events),
                deadline_ms: Some(5000),
            })),
        ),
        (
            "events",
            pretty(&HostMessage::Events {
                events: Cow::Borrowed(&walk.last_events),
                observation: after,
            }),
        ),
        (
            "game_over",
            pretty(&PlainMessage::GameOver {
                outcome: Some(Cow::Borrowed(&outcome)),
                events: Cow::Borrowed(&[]),
                ending: None,
            }),
        ),
        (
            "status",
            pretty(&PlainMessage::Status {
                text: "seat 1 (bob) lost its connection; it can rejoin with its code".into(),
            }),
        ),
        (
            "error",
            pretty(&PlainMessage::Error {
                error: ErrorKind::Illegal,
                message: format!(
                    "'take 9' is not one of the legal actions ({}); act 1 still waits for your answer",
                    legal.join(", ")
                )
                .into(),
                id: Some(1),
            }),
        ),
        ("quit", pretty(&PlainMessage::Quit)),
        (
            "rematch",
            pretty(&PlainMessage::Rematch(Rematch {
                asked: Cow::Borrowed(&[0]),
                yes: Cow::Borrowed(&[]),
                within_ms: 120_000,
            })),
        ),
    ]
}

/// Examples of what was added for spectators and endings: the `events` a spectator is sent
/// (what everyone sees of each event, with its note, and the public view after them), and a
/// `game_over` with its `ending` in words, from a seeded random game of Cheese Day.
fn spectator_examples() -> Vec<(&'static str, String)> {
    use mousehole_engine::playout::RandomSeat;
    let config = <CheeseDay as Game>::Config::with_players(2).unwrap();
    let mut game = mousehole_engine::Match::<CheeseDay>::new(&config, SEED);
    game.record_public(true);
    let end = game.run(&mut [RandomSeat::default(), RandomSeat::default()]);
    let outcome = end.outcome().expect("random seats play to the end").clone();
    let seen = game.public_seen();
    let events: Vec<EventMessage> = seen[seen.len() - 3..]
        .iter()
        .map(|seen| EventMessage {
            actor: seen.actor,
            action: seen.view.to_string(),
            note: seen.note.clone(),
        })
        .collect();
    let public = game.state().public_observation();
    let names = ["seat 0 (ann)".to_owned(), "seat 1 (random)".to_owned()];
    let ending = CheeseDay::ending(&public, &outcome, &names).expect("a finished game's ending");
    vec![
        (
            "spectator_events",
            pretty(&HostMessage::Events {
                events: Cow::Borrowed(&events),
                observation: Some(&public),
            }),
        ),
        (
            "game_over",
            pretty(&PlainMessage::GameOver {
                outcome: Some(Cow::Borrowed(&outcome)),
                events: Cow::Borrowed(&[]),
                ending: Some(Cow::Borrowed(&ending)),
            }),
        ),
    ]
}

/// An example of every message a program or a network client sends.
fn client_examples() -> Vec<(&'static str, String)> {
    let mut extra = Map::new();
    extra.insert("depth".to_owned(), json!(3));
    let info = DecisionInfo {
        win: Some(0.62),
        visits: Some(1800),
        note: Some("the 6 is probably a trap".to_owned()),
        actions: vec![ActionEstimate {
            action: "take 3".to_owned(),
            visits: 1200,
            win: 0.62,
            stderr: Some(0.01),
            place: Some(1.4),
            value: Some(0.61),
            ends: Some(0.05),
        }],
        extra,
    };
    vec![
        (
            "hello",
            pretty(&ClientMessage::Hello(AgentHello {
                name: Some("my bot".to_owned()),
                version: Some("1.0".to_owned()),
                protocol: Some(PROTOCOL.to_owned()),
            })),
        ),
        ("ready", pretty(&ClientMessage::Ready)),
        (
            "action",
            pretty(&ClientMessage::action(1, "take 3", Some(&info))),
        ),
        (
            "join",
            pretty(&ClientMessage::Join {
                code: "k3m9-x2qa-7hfe-pw3n-b8cd".to_owned(),
                name: Some("ann's laptop".to_owned()),
                version: Some("0.1.0".to_owned()),
                protocol: Some(PROTOCOL.to_owned()),
            }),
        ),
        ("watch", pretty(&ClientMessage::Watch)),
        ("rematch", pretty(&ClientMessage::Rematch { yes: true })),
    ]
}

/// `schema` with its shape alone: every `$ref` replaced by what it names, and the words
/// (descriptions, titles, examples) left out, so that renaming a type or rewording a comment
/// is no change of shape.
fn shape(schema: &Value) -> Value {
    fn inline(node: &Value, definitions: &Map<String, Value>, depth: usize) -> Value {
        assert!(
            depth < 64,
            "a schema nested past 64 levels (a recursive type?)"
        );
        match node {
            Value::Object(object) => {
                let mut out = Map::new();
                if let Some(Value::String(reference)) = object.get("$ref") {
                    let name = reference.trim_start_matches("#/$defs/");
                    if let Value::Object(named) = inline(&definitions[name], definitions, depth + 1)
                    {
                        out.extend(named);
                    }
                }
                for (key, value) in object {
                    let words = [
                        "$ref",
                        "$defs",
                        "$schema",
                        "description",
                        "title",
                        "examples",
                    ];
                    if !words.contains(&key.as_str()) {
                        out.insert(key.clone(), inline(value, definitions, depth + 1));
                    }
                }
                Value::Object(out)
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| inline(item, definitions, depth + 1))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    let definitions = schema["$defs"].as_object().cloned().unwrap_or_default();
    inline(schema, &definitions, 0)
}

/// Where two JSON values differ, one line per place (at most 20).
fn differences(frozen: &Value, now: &Value) -> Vec<String> {
    fn walk(path: &str, frozen: &Value, now: &Value, out: &mut Vec<String>) {
        match (frozen, now) {
            (Value::Object(a), Value::Object(b)) => {
                let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
                for key in keys {
                    let here = format!("{path}/{key}");
                    match (a.get(key), b.get(key)) {
                        (Some(x), Some(y)) => walk(&here, x, y, out),
                        (Some(x), None) => out.push(format!("{here}: was {x}, now gone")),
                        (None, Some(y)) => out.push(format!("{here}: new, {y}")),
                        (None, None) => {}
                    }
                }
            }
            (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
                for (index, (x, y)) in a.iter().zip(b).enumerate() {
                    walk(&format!("{path}/{index}"), x, y, out);
                }
            }
            _ if frozen != now => out.push(format!("{path}: was {frozen}, now {now}")),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk("", frozen, now, &mut out);
    out.truncate(20);
    out
}

/// How a schema's shape differs from the frozen one's: what it adds (the names of new
/// fields, new branches' `type` or `kind`, new values of an enumeration), and every other
/// difference (a key gone, a type changed, a field newly required), which breaks a client.
#[derive(Debug, Default)]
struct Comparison {
    added: Vec<String>,
    problems: Vec<String>,
}

impl Comparison {
    fn of(frozen: &Value, now: &Value) -> Self {
        let mut comparison = Self::default();
        comparison.walk("", frozen, now);
        comparison.problems.truncate(20);
        comparison
    }

    fn walk(&mut self, path: &str, frozen: &Value, now: &Value) {
        match (frozen, now) {
            (Value::Object(a), Value::Object(b)) => {
                for (key, x) in a {
                    let here = format!("{path}/{key}");
                    match b.get(key) {
                        None => self.problems.push(format!("{here}: was {x}, now gone")),
                        Some(y) if key == "required" => self.required(&here, a, x, y),
                        Some(y) => self.walk(&here, x, y),
                    }
                }
                for (key, y) in b.iter().filter(|(key, _)| !a.contains_key(*key)) {
                    if path.ends_with("/properties") {
                        self.added.push(key.clone());
                    } else if key != "required" {
                        self.problems.push(format!("{path}/{key}: new, {y}"));
                    }
                }
            }
            (Value::Array(a), Value::Array(b))
                if ["/oneOf", "/anyOf", "/enum", "/type"]
                    .iter()
                    .any(|end| path.ends_with(end)) =>
            {
                // Alternatives: each frozen one is still there (in any place), and the new
                // ones are additions.
                let mut used = vec![false; b.len()];
                for x in a {
                    let found = b.iter().enumerate().find(|(index, y)| {
                        !used[*index] && {
                            let mut inner = Self::default();
                            inner.walk(path, x, y);
                            inner.problems.is_empty()
                        }
                    });
                    match found {
                        Some((index, y)) => {
                            used[index] = true;
                            self.walk(path, x, y);
                        }
                        None => self.problems.push(format!("{path}: {x} is gone")),
                    }
                }
                for (y, _) in b.iter().zip(used).filter(|(_, used)| !used) {
                    self.added.push(alternative_name(y));
                }
            }
            (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
                for (index, (x, y)) in a.iter().zip(b).enumerate() {
                    self.walk(&format!("{path}/{index}"), x, y);
                }
            }
            _ if frozen != now => self
                .problems
                .push(format!("{path}: was {frozen}, now {now}")),
            _ => {}
        }
    }

    /// An object's `required`: what was required still is, and what is newly required is a
    /// field new here (an old field made required breaks a client that left it out).
    fn required(&mut self, path: &str, object: &Map<String, Value>, frozen: &Value, now: &Value) {
        let names = |value: &Value| -> BTreeSet<String> {
            value
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        };
        let (before, after) = (names(frozen), names(now));
        for gone in before.difference(&after) {
            self.problems
                .push(format!("{path}: \"{gone}\" was required, now optional"));
        }
        let known = object.get("properties").and_then(Value::as_object);
        for new in after.difference(&before) {
            if known.is_some_and(|known| known.contains_key(new)) {
                self.problems
                    .push(format!("{path}: \"{new}\" was optional, now required"));
            }
        }
    }
}

/// How an added alternative is named in the changelog: a message's `type`, a phase's `kind`,
/// an enumeration's value.
fn alternative_name(value: &Value) -> String {
    let tag = ["type", "kind"]
        .iter()
        .find_map(|key| value["properties"][key]["const"].as_str());
    match (tag, value) {
        (Some(tag), _) => tag.to_owned(),
        (None, Value::String(text)) => text.clone(),
        (None, other) => other.to_string(),
    }
}

/// The paragraph of docs/protocol-changelog.md that lists what came under this version
/// without breaking its clients: from its `Added under mousehole-agent/N` to the next heading.
fn added_under_this_version() -> Option<&'static str> {
    let changelog = mousehole_protocol::version::CHANGELOG;
    let heading = format!("### Added under {PROTOCOL}");
    let start = changelog.find(&format!("{heading}\n"))?;
    let rest = &changelog[start + heading.len()..];
    let end = rest.find("\n#").unwrap_or(rest.len());
    Some(&rest[..end])
}

/// The messages' schema and every game's observation schema have the frozen shape, or that
/// shape with additions only, each named in the changelog.
#[test]
fn the_schemas_have_the_frozen_shape_or_additions_the_changelog_names() {
    for (relative, text) in current() {
        if !relative.ends_with("schema.json") {
            continue;
        }
        let now: Value = serde_json::from_str(text).unwrap();
        let Some(kept) = frozen(relative) else {
            panic!(
                "{}",
                make_it_a_new_version(relative, "no schema of it is frozen")
            );
        };
        let kept: Value = serde_json::from_str(&kept).unwrap();
        let comparison = Comparison::of(&shape(&kept), &shape(&now));
        assert!(
            comparison.problems.is_empty(),
            "{}",
            make_it_a_new_version(
                &format!("the schema {relative}"),
                &comparison.problems.join("\n")
            )
        );
        if comparison.added.is_empty() {
            continue;
        }
        let listed = added_under_this_version().unwrap_or_else(|| {
            panic!(
                "the schema {relative} adds {:?} to the frozen {PROTOCOL}: say so in docs/protocol-changelog.md under '### Added under {PROTOCOL}'",
                comparison.added
            )
        });
        for name in &comparison.added {
            assert!(
                listed.contains(&format!("`{name}`")),
                "the schema {relative} adds `{name}` to the frozen {PROTOCOL}: name it (`{name}`) in docs/protocol-changelog.md under '### Added under {PROTOCOL}', with what it is"
            );
        }
    }
}

/// Every message type, of both directions, is named in the changelog (in backquotes), so a
/// reader of the changelog learns of each.
#[test]
fn every_message_is_named_in_the_changelog() {
    let changelog = mousehole_protocol::version::CHANGELOG;
    let schema = schema();
    for direction in ["HostMessage", "ClientMessage"] {
        for branch in schema["$defs"][direction]["oneOf"].as_array().unwrap() {
            let kind = branch["properties"]["type"]["const"].as_str().unwrap();
            assert!(
                changelog.contains(&format!("`{kind}`")),
                "docs/protocol-changelog.md never names the {direction} `{kind}`"
            );
        }
    }
}

/// Every example serialises to exactly its frozen JSON.
#[test]
fn every_example_is_its_frozen_json() {
    for (relative, text) in current() {
        if relative.ends_with("schema.json") {
            continue;
        }
        let Some(kept) = frozen(relative) else {
            panic!(
                "{}",
                make_it_a_new_version(
                    relative,
                    &format!(
                        "no example of it is frozen. If it is an addition that breaks no client (a new message, a new optional field), freeze its example with `MOUSEHOLE_FREEZE=1 cargo test -p mousehole-protocol --test frozen` and list it under '### Added under {PROTOCOL}' in docs/protocol-changelog.md instead"
                    )
                )
            );
        };
        if kept != *text {
            let lines = differences(
                &serde_json::from_str(&kept).unwrap(),
                &serde_json::from_str(text).unwrap(),
            );
            let lines = if lines.is_empty() {
                vec!["(the same values, written in another order)".to_owned()]
            } else {
                lines
            };
            panic!(
                "{}",
                make_it_a_new_version(&format!("the example {relative}"), &lines.join("\n"))
            );
        }
    }
}

/// Every file frozen for this version is one this build writes (none left from a message or
/// a game that is gone), and every message type of the schema has its example.
#[test]
fn every_message_has_its_frozen_example_and_nothing_else_is_frozen() {
    let mut on_disk = BTreeSet::new();
    let mut folders = vec![frozen_dir()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let relative = path.strip_prefix(frozen_dir()).unwrap();
                on_disk.insert(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let written: BTreeSet<String> = current().keys().cloned().collect();
    assert_eq!(
        on_disk,
        written,
        "{}",
        make_it_a_new_version("the set of messages or games", "the frozen files differ")
    );
    let schema = schema();
    for (direction, folder) in [("HostMessage", "host"), ("ClientMessage", "client")] {
        let kinds: BTreeSet<String> = schema["$defs"][direction]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|branch| {
                let kind = branch["properties"]["type"]["const"].as_str().unwrap();
                format!("{folder}/{kind}.json")
            })
            .collect();
        let examples: BTreeSet<String> = written
            .iter()
            .filter(|path| path.starts_with(&format!("{folder}/")))
            .cloned()
            .collect();
        assert_eq!(kinds, examples, "every {direction} has an example");
    }
}

fn validator(schema: &Value, name: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&definition(schema, name)).unwrap()
}

fn fits(validator: &jsonschema::Validator, value: &Value, what: &str) {
    if let Err(error) = validator.validate(value) {
        let problem = format!("at '{}': {error}", error.instance_path());
        panic!(
            "{}",
            make_it_a_new_version(
                &format!("{what}, frozen, no longer fits this build's schema: it"),
                &problem
            )
        );
    }
}

/// The frozen examples fit the schema (the messages with Cheese Day's observation in them,
/// each game's observations its own), and read back as the host and the clients read them.
#[test]
fn the_frozen_examples_fit_the_schema_and_read_back() {
    let messages = schema_with::<<CheeseDay as Game>::Observation>("cheese-day");
    let host = validator(&messages, "HostMessage");
    let client = validator(&messages, "ClientMessage");
    for relative in current().keys() {
        let Some(text) = frozen(relative) else {
            continue;
        };
        let value: Value = serde_json::from_str(&text).unwrap();
        let compact = value.to_string();
        if let Some(name) = relative
            .strip_prefix("host/")
            .or_else(|| relative.strip_prefix("added/host/"))
        {
            fits(&host, &value, relative);
            let read = parse_host(&compact).unwrap_or_else(|bad| panic!("{relative}: {bad}"));
            assert_eq!(serde_json::to_value(&read).unwrap(), value, "{name}");
        } else if let Some(name) = relative.strip_prefix("client/") {
            fits(&client, &value, relative);
            let read = parse_client(&compact).unwrap_or_else(|bad| panic!("{relative}: {bad}"));
            assert_eq!(serde_json::to_value(&read).unwrap(), value, "{name}");
            if ["hello.json", "ready.json", "action.json"].contains(&name) {
                assert_eq!(parse_reply(compact.as_bytes()), Ok(read), "{name}");
            }
        } else if let Some(game) = relative
            .strip_prefix("added/observations/")
            .and_then(|name| name.strip_suffix(".json"))
        {
            // Public views (an addition) fit the schema this build publishes.
            let schema: Value =
                serde_json::from_str(&current()[&format!("observations/{game}.schema.json")])
                    .unwrap();
            let observations = jsonschema::validator_for(&schema).unwrap();
            for (kind, observation) in value.as_object().unwrap() {
                fits(
                    &observations,
                    observation,
                    &format!("{game} (public, {kind})"),
                );
                assert_eq!(observation["public"], true, "{game} (public, {kind})");
            }
        } else if let Some(game) = relative
            .strip_prefix("observations/")
            .and_then(|name| name.strip_suffix(".json"))
            .filter(|name| !name.ends_with(".schema"))
        {
            let schema =
                serde_json::from_str(&frozen(&format!("observations/{game}.schema.json")).unwrap())
                    .unwrap();
            let observations = jsonschema::validator_for(&schema).unwrap();
            for (kind, observation) in value.as_object().unwrap() {
                fits(&observations, observation, &format!("{game} ({kind})"));
                assert_eq!(observation["phase"]["kind"], kind.as_str());
            }
        }
    }
}

/// The changelog says what this version changed.
#[test]
fn the_changelog_says_what_this_version_changed() {
    assert!(
        in_short(VERSION).is_some(),
        "docs/protocol-changelog.md has no '## {PROTOCOL}' section with an 'In short:' paragraph"
    );
}

/// The checks can fail: a field added to a message, or a phase of another shape, is found.
#[test]
fn a_change_of_shape_is_found() {
    let kept: Value = serde_json::from_str(&current()["schema.json"]).unwrap();
    let mut changed = kept.clone();
    changed["$defs"]["HostMessage"]["oneOf"][0]["properties"]["extra"] = json!({"type": "string"});
    assert!(!differences(&shape(&kept), &shape(&changed)).is_empty());
    // An optional field added is an addition, which the changelog must name; a field newly
    // required, a type changed, a message gone are not.
    let added = Comparison::of(&shape(&kept), &shape(&changed));
    assert_eq!(added.added, ["extra"]);
    assert!(added.problems.is_empty(), "{:?}", added.problems);
    assert!(
        !added_under_this_version()
            .unwrap_or_default()
            .contains("`extra`")
    );
    let mut required = changed.clone();
    required["$defs"]["HostMessage"]["oneOf"][0]["required"]
        .as_array_mut()
        .unwrap()
        .push(json!("extra"));
    assert!(
        Comparison::of(&shape(&kept), &shape(&required))
            .problems
            .is_empty()
    );
    let mut stricter = kept.clone();
    let welcome = &mut stricter["$defs"]["HostMessage"]["oneOf"][1];
    welcome["required"] = json!(["type", "protocol"]);
    assert!(
        !Comparison::of(&shape(&kept), &shape(&stricter))
            .problems
            .is_empty()
    );
    let mut retyped = kept.clone();
    retyped["$defs"]["HostMessage"]["oneOf"][0]["properties"]["protocol"] =
        json!({"type": "integer"});
    assert!(
        !Comparison::of(&shape(&kept), &shape(&retyped))
            .problems
            .is_empty()
    );
    let mut fewer = kept.clone();
    fewer["$defs"]["HostMessage"]["oneOf"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    assert!(
        !Comparison::of(&shape(&kept), &shape(&fewer))
            .problems
            .is_empty()
    );
    let mut reworded = kept.clone();
    reworded["$defs"]["HostMessage"]["description"] = json!("other words");
    assert!(differences(&shape(&kept), &shape(&reworded)).is_empty());
    let act: Value = serde_json::from_str(&current()["host/act.json"]).unwrap();
    let mut old_phase = act.clone();
    old_phase["observation"]["phase"] = json!("choose");
    let messages = schema_with::<<CheeseDay as Game>::Observation>("cheese-day");
    assert!(!validator(&messages, "HostMessage").is_valid(&old_phase));
    assert!(validator(&messages, "HostMessage").is_valid(&act));
}
