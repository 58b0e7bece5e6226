//! Mouse Race insta snapshots: the observation JSON (a public contract for bots) at fixed,
//! meaningful states and for the seats whose views differ, its JSON Schema with a check that
//! real observations follow it, readable transcripts of seeded random games, and the board as
//! seats see it at a prompt.

use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceObservation, Phase};
use mousehole_engine::playout::random_transcript;
use mousehole_engine::testing::{after, config};
use mousehole_engine::{Game, Transcript};
use serde_json::Value;

/// The states of a recorded game, from the first to the last.
fn states(options: &str, transcript: &Transcript) -> Vec<MouseRace> {
    let mut state = after::<MouseRace>(options, &[]);
    let mut all = vec![state.clone()];
    for event in &transcript.events {
        state.apply(event.action.parse().unwrap()).unwrap();
        all.push(state.clone());
    }
    all
}

fn json(observation: &MouseRaceObservation) -> String {
    serde_json::to_string_pretty(observation).expect("observations serialise")
}

/// Three players on 7 × 7: seat 0 runs b1, c1 (turning right), c2, so its open end is c3, a
/// scent cell of the cheese d4; seat 1 laid a cat on b5 and its first tile, on g2, turns off
/// the board; seat 2 declined a tile and now holds a curve.
const MID_GAME: [&str; 22] = [
    "draw",
    "draw straight",
    "place b1",
    "draw",
    "draw cat",
    "cat b5",
    "pass",
    "draw",
    "draw curve",
    "right",
    "pass",
    "draw",
    "draw straight",
    "decline",
    "draw",
    "draw straight",
    "place",
    "draw",
    "draw curve",
    "left g2",
    "draw",
    "draw curve",
];

#[test]
fn observation_at_the_start() {
    let state = after::<MouseRace>("", &[]);
    insta::assert_snapshot!("mouse_race_observation_start", json(&state.observation(0)));
}

#[test]
fn observation_holding_a_tile_as_the_holder_and_the_others_see_it() {
    let state = after::<MouseRace>("players=3,size=7", &MID_GAME);
    assert!(matches!(state.phase(), Phase::Holding { .. }));
    assert_eq!(state.turn(), 2);
    insta::assert_snapshot!(
        "mouse_race_observation_holding_seat_2",
        json(&state.observation(2))
    );
    insta::assert_snapshot!(
        "mouse_race_observation_holding_seat_0",
        json(&state.observation(0))
    );
}

#[test]
fn observation_at_the_extra_draw_and_with_an_open_end_off_the_board() {
    // Seat 1 lays a cat on c1, seat 0's open end; seat 1's first tile turns off the board.
    let state = after::<MouseRace>(
        "size=7",
        &[
            "pass",
            "draw",
            "draw cat",
            "cat c1",
            "draw",
            "draw straight",
            "place b1",
            "draw",
            "draw curve",
            "left f7",
            "draw",
            "draw straight",
        ],
    );
    assert_eq!(state.phase(), Phase::Draw { extra: true });
    insta::assert_snapshot!(
        "mouse_race_observation_extra_draw_seat_1",
        json(&state.observation(1))
    );
}

#[test]
fn observation_at_the_end() {
    // a2, a3 south; a4 turns left (east); b4, c4 east: the open end is the cheese d4.
    let state = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place a2",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw curve",
            "left",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw straight",
            "place",
        ],
    );
    assert!(state.is_terminal());
    insta::assert_snapshot!(
        "mouse_race_observation_won_seat_1",
        json(&state.observation(1))
    );
}

fn schema() -> Value {
    serde_json::to_value(schemars::schema_for!(MouseRaceObservation)).expect("a schema is JSON")
}

#[test]
fn observation_schema() {
    insta::assert_snapshot!(
        "mouse_race_observation_schema",
        serde_json::to_string_pretty(&schema()).unwrap()
    );
}

/// Checks `value` against the part of the JSON Schema `schema` used by the observation's
/// schema: `$ref`, `type`, `properties` with `required` (no other keys allowed), `items`,
/// `oneOf`/`anyOf`, `const`, `minimum`; names the first mismatch by its JSON path.
fn conforms(value: &Value, schema: &Value, root: &Value, path: &str) -> Result<(), String> {
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/$defs/");
        let definition = &root["$defs"][name];
        if definition.is_null() {
            return Err(format!("{path}: no definition {reference}"));
        }
        return conforms(value, definition, root, path);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            let matching = branches
                .iter()
                .filter(|branch| conforms(value, branch, root, path).is_ok())
                .count();
            let ok = if key == "oneOf" {
                matching == 1
            } else {
                matching >= 1
            };
            if !ok {
                return Err(format!(
                    "{path}: {matching} branches of {key} match {value}"
                ));
            }
        }
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        return Err(format!("{path}: {value} is not {constant}"));
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("{path}: bad type {types}")),
        };
        let actual = match value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        if !types.contains(&actual) {
            return Err(format!("{path}: {value} is {actual}, not {types:?}"));
        }
    }
    if let (Some(minimum), Some(number)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) && number < minimum
    {
        return Err(format!("{path}: {number} below {minimum}"));
    }
    if let (Some(properties), Some(object)) = (
        schema.get("properties").and_then(Value::as_object),
        value.as_object(),
    ) {
        for (key, item) in object {
            let Some(property) = properties.get(key) else {
                return Err(format!("{path}: property {key} is not in the schema"));
            };
            conforms(item, property, root, &format!("{path}.{key}"))?;
        }
        for required in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(required) {
                return Err(format!("{path}: required {required} is missing"));
            }
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (index, item) in array.iter().enumerate() {
            conforms(item, items, root, &format!("{path}[{index}]"))?;
        }
    }
    Ok(())
}

#[test]
fn observations_follow_their_schema_and_every_field_is_documented() {
    let schema = schema();
    let properties = schema["properties"].as_object().expect("an object schema");
    // Every state of a few random games, for every seat: every phase, hidden and shown hands,
    // every kind of open end.
    for (options, seed) in [
        ("players=2,size=7", 38),
        ("players=3,size=7", 12),
        ("players=4", 3),
    ] {
        let transcript = random_transcript::<MouseRace>(&config::<MouseRace>(options), seed);
        for state in states(options, &transcript).iter().step_by(3) {
            for seat in 0..state.num_players() {
                let value = serde_json::to_value(state.observation(seat)).unwrap();
                for key in value.as_object().expect("an object").keys() {
                    assert!(properties.contains_key(key), "{key} is not in the schema");
                }
                conforms(&value, &schema, &schema, "observation")
                    .unwrap_or_else(|e| panic!("{options} seed {seed}: {e}\n{value:#}"));
            }
        }
    }
    // The schema's descriptions come from the doc comments: every property has one.
    let mut undocumented = Vec::new();
    let mut objects = vec![("observation".to_owned(), &schema)];
    for (name, definition) in schema["$defs"].as_object().into_iter().flatten() {
        objects.push((name.clone(), definition));
        for branch in definition["oneOf"].as_array().into_iter().flatten() {
            objects.push((name.clone(), branch));
        }
    }
    for (name, object) in objects {
        for (key, property) in object["properties"].as_object().into_iter().flatten() {
            // Tags of internally tagged enums are documented by their variant.
            if property.get("const").is_none() && property.get("description").is_none() {
                undocumented.push(format!("{name}.{key}"));
            }
        }
    }
    assert!(undocumented.is_empty(), "undocumented: {undocumented:?}");
}

#[test]
fn the_schema_catches_a_wrong_observation() {
    let schema = schema();
    let state = after::<MouseRace>("", &[]);
    let mut value = serde_json::to_value(state.observation(0)).unwrap();
    value["paths"][0]["open_end"]["kind"] = "somewhere".into();
    assert!(conforms(&value, &schema, &schema, "observation").is_err());
    let mut value = serde_json::to_value(state.observation(0)).unwrap();
    value["colour"] = "red".into();
    assert!(conforms(&value, &schema, &schema, "observation").is_err());
}

/// The transcript and seat 0's view of the final board; `won` says whether a seat must have
/// reached the cheese (seeds are picked for an interesting ending).
fn snapshot_game(name: &str, options: &str, seed: u64, won: bool) {
    let transcript = random_transcript::<MouseRace>(&config::<MouseRace>(options), seed);
    let outcome = transcript.outcome.as_ref().expect("finished");
    let winners = outcome.ranks.iter().filter(|&&r| r == 1).count();
    assert_eq!(winners == 1, won, "{name}: ranks {:?}", outcome.ranks);
    insta::assert_snapshot!(name, transcript.to_text());
    let last = states(options, &transcript).pop().unwrap();
    insta::assert_snapshot!(
        format!("{name}_final_board"),
        last.observation(0).to_string()
    );
}

#[test]
fn two_players_small_board_won() {
    snapshot_game("mouse_race_2p_size7_seed_38", "players=2,size=7", 38, true);
}

#[test]
fn three_players_small_board_won() {
    snapshot_game("mouse_race_3p_size7_seed_1", "players=3,size=7", 1, true);
}

#[test]
fn four_players_small_board_won() {
    snapshot_game("mouse_race_4p_size7_seed_4", "players=4,size=7", 4, true);
}

#[test]
fn default_board_until_the_turn_limit() {
    snapshot_game(
        "mouse_race_2p_default_30_turns_seed_1",
        "players=2,max_turns=30",
        1,
        false,
    );
}

#[test]
fn a_held_tile_as_its_holder_and_the_others_see_it() {
    let options = "players=4";
    let transcript = random_transcript::<MouseRace>(&config::<MouseRace>(options), 3);
    let holding = states(options, &transcript)
        .into_iter()
        .filter(|s| matches!(s.phase(), Phase::Holding { .. }))
        .nth(5)
        .expect("the game has held tiles");
    let holder = holding.turn();
    let other = (holder + 1) % 4;
    insta::assert_snapshot!(
        "mouse_race_4p_seed_3_holding",
        format!(
            "--- seat {holder} (holding) ---\n{}\n--- seat {other} ---\n{}",
            holding.observation(holder),
            holding.observation(other)
        )
    );
}
