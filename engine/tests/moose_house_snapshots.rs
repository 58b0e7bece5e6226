//! Moose in the House as insta snapshots, so that any change shows up as a reviewed diff:
//! readable transcripts of seeded random games (full and one seat's view, with its notes), the
//! observation JSON bots read at meaningful states (the start, the trap question, the refills
//! after a trap, a turn draw, the end) for more than one seat, and its JSON Schema.

use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseAction, Stage};
use mousehole_engine::playout::{RandomGames, random_match, random_transcript};
use mousehole_engine::testing::config;
use mousehole_engine::{Game, Transcript};
use serde_json::Value;

fn transcript(options: &str, seed: u64) -> String {
    let transcript = random_transcript::<MooseHouse>(&config::<MooseHouse>(options), seed);
    assert!(transcript.outcome.is_some(), "the game did not finish");
    transcript.to_text()
}

#[test]
fn two_players_seed_7() {
    insta::assert_snapshot!("moose_house_2p_seed_7", transcript("players=2", 7));
}

#[test]
fn three_players_seed_11() {
    insta::assert_snapshot!("moose_house_3p_seed_11", transcript("players=3", 11));
}

#[test]
fn five_players_seed_3() {
    insta::assert_snapshot!("moose_house_5p_seed_3", transcript("players=5", 3));
}

#[test]
fn two_players_draw_first_seed_5() {
    insta::assert_snapshot!(
        "moose_house_2p_draw_first_seed_5",
        transcript("players=2,draw=first", 5)
    );
}

/// What seat 1 saw of the three-player game with seed 11, with its notes: its own draws named,
/// the others' shown as `draw ?`, the clean-up's discards counted per seat.
#[test]
fn three_players_seed_11_as_seat_1_saw_it() {
    let mut games = RandomGames::<MooseHouse>::new(&config::<MooseHouse>("players=3"));
    games.record_views(true);
    let full = Transcript::from_match(games.play(11), vec!["random".to_owned(); 3]);
    let seen = full.seat_view(1).expect("a finished game has seat views");
    let text = seen.to_text();
    assert!(text.contains("draw ?"), "other seats' draws are hidden");
    insta::assert_snapshot!("moose_house_3p_seed_11_seat_1", text);
}

// ---------------------------------------------------------------------------------------------
// The observation JSON

/// The states a seeded random game passes through, from the start to its end, each with the
/// event that led to it.
fn history(options: &str, seed: u64) -> Vec<(Option<MooseHouseAction>, MooseHouse)> {
    let record = random_match::<MooseHouse>(&config::<MooseHouse>(options), seed);
    let mut state = MooseHouse::new(record.config());
    let mut states = vec![(None, state.clone())];
    for event in record.events() {
        state
            .apply(event.action)
            .expect("a recorded event is legal");
        states.push((Some(event.action), state.clone()));
    }
    states
}

fn states(options: &str, seed: u64) -> Vec<MooseHouse> {
    history(options, seed)
        .into_iter()
        .map(|(_, state)| state)
        .collect()
}

/// The first state of the game `options`/`seed` that `wanted` picks.
fn first(options: &str, seed: u64, wanted: impl Fn(&MooseHouse) -> bool) -> MooseHouse {
    states(options, seed)
        .into_iter()
        .find(|state| wanted(state))
        .unwrap_or_else(|| panic!("no such state in {options} seed {seed}"))
}

fn json(state: &MooseHouse, seat: usize) -> String {
    serde_json::to_string_pretty(&state.observation(seat)).expect("observations serialise")
}

fn stage(state: &MooseHouse, seat: usize) -> Stage {
    state.observation(seat).phase
}

/// Seat 0 plays first; seats see their own hands and only the sizes of the others.
#[test]
fn observation_at_the_start_of_play() {
    let start = first("players=3", 11, |s| stage(s, 0) == Stage::Play);
    let seat_0 = start.observation(0);
    assert_eq!(seat_0.deciding, Some(0));
    assert_eq!(seat_0.hand_sizes, vec![4, 4, 4]);
    assert_ne!(seat_0.hand, start.observation(1).hand);
    insta::assert_snapshot!("moose_house_observation_start_seat_0", json(&start, 0));
    insta::assert_snapshot!("moose_house_observation_start_seat_1", json(&start, 1));
}

/// A moose is pending and its target (not the turn owner) decides; the target holds a Trap,
/// which only its own observation shows.
#[test]
fn observation_at_a_trap_question() {
    let question = first("players=3", 11, |s| {
        let obs = s.observation(0);
        obs.phase == Stage::Trap
            && obs
                .pending_moose
                .is_some_and(|m| s.hand(usize::from(m.target)).count(trap()) > 0)
    });
    let moose = question.observation(0).pending_moose.expect("pending");
    let (attacker, target) = (usize::from(moose.attacker), usize::from(moose.target));
    let observation = question.observation(target);
    assert_eq!(observation.deciding, Some(moose.target));
    assert_eq!(observation.turn, moose.attacker);
    assert_ne!(attacker, target);
    insta::assert_snapshot!(
        "moose_house_observation_trap_target",
        json(&question, target)
    );
    insta::assert_snapshot!(
        "moose_house_observation_trap_attacker",
        json(&question, attacker)
    );
    // What a person reads at the prompt.
    insta::assert_snapshot!(
        "moose_house_observation_trap_target_text",
        question.observation(target).to_string()
    );
    insta::assert_snapshot!(
        "moose_house_observation_trap_attacker_text",
        question.observation(attacker).to_string()
    );
}

/// Right after a trap: the trapper refills first, then the attacker; nobody decides.
#[test]
fn observation_while_hands_are_refilled_after_a_trap() {
    let refill = history("players=3", 11)
        .into_iter()
        .find(|(event, state)| {
            *event == Some(MooseHouseAction::Trap) && state.observation(0).refill_queue.len() == 2
        })
        .map(|(_, state)| state)
        .expect("seed 11 has a trap with two refills after it");
    let observation = refill.observation(2);
    assert_eq!(observation.phase, Stage::Refill);
    assert_eq!(observation.deciding, None);
    assert_eq!(observation.receiving, Some(observation.refill_queue[0]));
    insta::assert_snapshot!("moose_house_observation_refill_seat_2", json(&refill, 2));
    insta::assert_snapshot!(
        "moose_house_observation_refill_seat_2_text",
        observation.to_string()
    );
}

/// `draw=first`: the turn owner draws before playing; the card goes to him.
#[test]
fn observation_at_a_turn_draw() {
    let draw = first("players=2,draw=first", 5, |s| {
        stage(s, 0) == Stage::TurnDraw && s.turn() == 1
    });
    let observation = draw.observation(0);
    assert_eq!(observation.receiving, Some(1));
    assert_eq!(observation.deciding, None);
    insta::assert_snapshot!("moose_house_observation_turn_draw_seat_0", json(&draw, 0));
}

/// The end: the game is over, nobody decides or receives, passes are counted.
#[test]
fn observation_at_the_end() {
    let end = states("players=3", 11).pop().expect("a game has states");
    let observation = end.observation(1);
    assert_eq!(observation.phase, Stage::Over);
    assert_eq!((observation.deciding, observation.receiving), (None, None));
    assert_eq!(observation.passes, 3);
    insta::assert_snapshot!("moose_house_observation_end_seat_1", json(&end, 1));
}

fn trap() -> mousehole_engine::games::moose_house::Card {
    "trap".parse().expect("a card")
}

// ---------------------------------------------------------------------------------------------
// The JSON Schema

fn schema() -> Value {
    serde_json::to_value(schemars::schema_for!(
        mousehole_engine::games::moose_house::MooseHouseObservation
    ))
    .expect("a schema is JSON")
}

#[test]
fn observation_schema() {
    insta::assert_snapshot!(
        "moose_house_observation_schema",
        serde_json::to_string_pretty(&schema()).expect("a schema prints")
    );
}

/// Follows `$ref` into the root's `$defs`.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference
                .strip_prefix("#/$defs/")
                .unwrap_or_else(|| panic!("unexpected reference {reference}"));
            resolve(root, &root["$defs"][name])
        }
        None => schema,
    }
}

/// Where `value` breaks `schema`: an object key the schema does not list, a missing required
/// key, or a value of a type the schema does not allow. A small check, not a validator: it
/// follows properties, array items, references and `anyOf`/`oneOf` branches.
fn mismatch(root: &Value, schema: &Value, value: &Value, path: &str) -> Option<String> {
    let schema = resolve(root, schema);
    for key in ["anyOf", "oneOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            return if branches
                .iter()
                .any(|branch| mismatch(root, branch, value, path).is_none())
            {
                None
            } else {
                Some(format!("{path}: {value} fits no branch of {key}"))
            };
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        return Some(format!("{path}: {value} is not one of {allowed:?}"));
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        return Some(format!("{path}: {value} is not {constant}"));
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let type_of = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let allowed = types.is_empty()
        || types.contains(&type_of)
        || (type_of == "integer" && types.contains(&"number"));
    if !allowed {
        return Some(format!("{path}: {value} is not of type {types:?}"));
    }
    match value {
        Value::Object(map) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            for (key, field) in map {
                let Some(property) = properties.and_then(|p| p.get(key)) else {
                    return Some(format!("{path}.{key} is not in the schema's properties"));
                };
                if let Some(problem) = mismatch(root, property, field, &format!("{path}.{key}")) {
                    return Some(problem);
                }
            }
            for required in schema
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !map.contains_key(required) {
                    return Some(format!("{path}.{required} is required but missing"));
                }
            }
            None
        }
        Value::Array(items) => {
            let item_schema = schema.get("items")?;
            items
                .iter()
                .enumerate()
                .find_map(|(i, item)| mismatch(root, item_schema, item, &format!("{path}[{i}]")))
        }
        _ => None,
    }
}

/// Every observation of whole games (every seat, every state; several player counts and both
/// draw rules) fits the schema: each key is a listed property, every required one is there,
/// each value has an allowed type or value.
#[test]
fn the_schema_describes_every_observation() {
    let schema = schema();
    let top: Vec<&String> = schema["properties"]
        .as_object()
        .expect("the schema lists properties")
        .keys()
        .collect();
    for name in [
        "deciding",
        "pending_moose",
        "houses",
        "hand",
        "options",
        "unseen",
    ] {
        assert!(
            top.iter().any(|key| *key == name),
            "{name} missing: {top:?}"
        );
    }
    let mut checked = 0;
    for (options, seed) in [
        ("players=2", 7),
        ("players=3", 11),
        ("players=5", 3),
        ("players=2,draw=first", 5),
    ] {
        for state in states(options, seed) {
            for seat in 0..state.num_players() {
                let value = serde_json::to_value(state.observation(seat)).expect("JSON");
                if let Some(problem) = mismatch(&schema, &schema, &value, "observation") {
                    panic!("{options} seed {seed}, seat {seat}: {problem}\n{value:#}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "only {checked} observations checked");
}

/// The checker above does find what does not fit, so the test above can fail.
#[test]
fn the_schema_check_catches_what_does_not_fit() {
    let schema = schema();
    let state = first("players=3", 11, |s| stage(s, 0) == Stage::Trap);
    let good = serde_json::to_value(state.observation(0)).expect("JSON");
    assert_eq!(mismatch(&schema, &schema, &good, "observation"), None);
    let mut extra = good.clone();
    extra["secret"] = Value::from(1);
    let mut bad_room = good.clone();
    bad_room["pending_moose"]["kind"] = Value::from("garage");
    let mut no_hand = good.clone();
    no_hand.as_object_mut().expect("an object").remove("hand");
    let mut bad_card = good;
    bad_card["discard"]["joker"] = Value::from(1);
    for (broken, wanted) in [
        (extra, "secret"),
        (bad_room, "pending_moose"),
        (no_hand, "hand"),
        (bad_card, "joker"),
    ] {
        let problem = mismatch(&schema, &schema, &broken, "observation")
            .unwrap_or_else(|| panic!("{wanted}: not caught"));
        assert!(problem.contains(wanted), "{wanted}: {problem}");
    }
}
