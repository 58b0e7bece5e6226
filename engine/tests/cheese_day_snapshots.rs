//! Cheese Day insta snapshots: the observation JSON contract at fixed states (the deal, a
//! mid-game table with private peeks seen from two seats, a peek turn, both endings), its JSON
//! Schema, the readable rendering, and readable transcripts of seeded random games, in full and
//! as one seat saw them.

use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayObservation};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::testing::{after, config};
use mousehole_engine::{Game, Transcript};
use serde_json::Value;

/// The deal of the scripted games: six pantry cards in slot order, then the reserve's top.
const DEAL: [&str; 7] = [
    "draw 4C", "draw 2C", "draw 4T", "draw 5T", "draw 1C", "draw 6T", "draw 3T",
];

/// Three players, five turns in: seat 0 peeked twice (one of those cards was removed by seat
/// 1, so seat 0 alone knows that discard), seat 2 took a trap, seat 1 a cheese; seat 2 has
/// rolled a 2, shown by slots 2 and 4.
fn mid_game() -> CheeseDay {
    let turns = [
        "roll 3", "peek 4", "draw 2C", // seat 0 sees the 5T in slot 4; the 3T is burned
        "roll 5", "remove 4", "draw 6C", // seat 1 removes it; the 2C refills slot 4
        "roll 4", "take 3", "draw 1T", // seat 2 takes the 4T; the 6C refills slot 3
        "roll 3", "peek 6", "draw 5C", // seat 0 sees the 6T in slot 6; the 1T is burned
        "roll 1", "take 5", "draw 3C", // seat 1 takes the 1C; the 5C refills slot 5
        "roll 2",
    ];
    after::<CheeseDay>("players=3", &[&DEAL[..], &turns[..]].concat())
}

fn pretty(observation: &CheeseDayObservation) -> String {
    serde_json::to_string_pretty(observation).expect("observations serialise")
}

#[test]
fn observation_during_the_deal() {
    let state = after::<CheeseDay>("players=3", &DEAL[..3]);
    insta::assert_snapshot!("cheese_day_observation_deal", pretty(&state.observation(0)));
}

#[test]
fn observation_at_the_first_roll() {
    let state = after::<CheeseDay>("players=3", &DEAL);
    insta::assert_snapshot!(
        "cheese_day_observation_start",
        pretty(&state.observation(1))
    );
}

#[test]
fn observation_mid_game_from_the_peeker_and_the_deciding_seat() {
    let state = mid_game();
    insta::assert_snapshot!(
        "cheese_day_observation_mid_game_seat_0",
        pretty(&state.observation(0))
    );
    insta::assert_snapshot!(
        "cheese_day_observation_mid_game_seat_2",
        pretty(&state.observation(2))
    );
    insta::assert_snapshot!(
        "cheese_day_observation_mid_game_seat_0_text",
        state.observation(0).to_string()
    );
    insta::assert_snapshot!(
        "cheese_day_observation_mid_game_seat_2_text",
        state.observation(2).to_string()
    );
}

#[test]
fn observation_when_the_roll_means_a_peek() {
    let mut state = mid_game();
    mousehole_engine::testing::play(&mut state, &["take 2", "draw 4C", "roll 1"]);
    insta::assert_snapshot!(
        "cheese_day_observation_peek_turn",
        pretty(&state.observation(0))
    );
}

/// The first random game from seed 1 on that ends the way `out` says (a third trap, or the
/// reserve running out).
fn first_game_ending(out: bool) -> (u64, CheeseDay) {
    let config = config::<CheeseDay>("players=3");
    let mut games = RandomGames::<CheeseDay>::new(&config);
    (1..200)
        .map(|seed| (seed, games.play(seed).state().clone()))
        .find(|(_, state)| state.observation(0).players.iter().any(|player| player.out) == out)
        .expect("both endings happen within 200 random games")
}

#[test]
fn observation_after_a_third_trap() {
    let (seed, state) = first_game_ending(true);
    let observation = state.observation(0);
    assert!(observation.pantry.len() == 5, "the trap's slot stays empty");
    insta::assert_snapshot!(
        format!("cheese_day_observation_third_trap_seed_{seed}"),
        pretty(&observation)
    );
}

#[test]
fn observation_after_the_reserve_runs_out() {
    let (seed, state) = first_game_ending(false);
    let observation = state.observation(1);
    assert_eq!(observation.reserve.cards, 0);
    insta::assert_snapshot!(
        format!("cheese_day_observation_reserve_empty_seed_{seed}"),
        pretty(&observation)
    );
}

#[test]
fn observation_json_schema() {
    let schema = schemars::schema_for!(CheeseDayObservation);
    insta::assert_snapshot!(
        "cheese_day_observation_schema",
        serde_json::to_string_pretty(&schema).expect("schemas serialise")
    );
}

/// Checks `value` against `schema` (the subset of JSON Schema schemars writes: `$ref`,
/// `type`, `properties`, `required`, `additionalProperties`, `items`, `minItems`/`maxItems`,
/// `enum`, `const`, `oneOf`/`anyOf`, `minimum`/`maximum`), naming the path of the first
/// mismatch.
fn conforms(value: &Value, schema: &Value, root: &Value, path: &str) -> Result<(), String> {
    let Some(schema) = schema.as_object() else {
        return match schema {
            Value::Bool(true) => Ok(()),
            _ => Err(format!("{path}: schema {schema} admits nothing")),
        };
    };
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix("#/$defs/")
            .ok_or_else(|| format!("{path}: unexpected $ref {reference}"))?;
        let target = &root["$defs"][name];
        if target.is_null() {
            return Err(format!("{path}: $ref to missing definition {name}"));
        }
        conforms(value, target, root, path)?;
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            let matching = options
                .iter()
                .filter(|option| conforms(value, option, root, path).is_ok())
                .count();
            let ok = if key == "oneOf" {
                matching == 1
            } else {
                matching >= 1
            };
            if !ok {
                return Err(format!(
                    "{path}: {value} matches {matching} of the {key} alternatives"
                ));
            }
        }
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        return Err(format!("{path}: {value} is not {constant}"));
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        return Err(format!("{path}: {value} is not one of {allowed:?}"));
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
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
        let accepted =
            types.contains(&actual) || (actual == "integer" && types.contains(&"number"));
        if !accepted {
            return Err(format!(
                "{path}: {value} is {actual}, the schema wants {types:?}"
            ));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            return Err(format!("{path}: {n} is below the minimum {min}"));
        }
        if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            return Err(format!("{path}: {n} is above the maximum {max}"));
        }
    }
    if let Value::Object(object) = value {
        let properties = schema.get("properties").and_then(Value::as_object);
        for required in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(required) {
                return Err(format!("{path}: required property '{required}' missing"));
            }
        }
        for (key, item) in object {
            match (
                properties.and_then(|p| p.get(key)),
                schema.get("additionalProperties"),
            ) {
                (Some(property), _) => conforms(item, property, root, &format!("{path}.{key}"))?,
                (None, Some(Value::Bool(false))) => {
                    return Err(format!("{path}: property '{key}' is not in the schema"));
                }
                (None, Some(additional)) => {
                    conforms(item, additional, root, &format!("{path}.{key}"))?;
                }
                (None, None) if properties.is_some() => {
                    return Err(format!("{path}: property '{key}' is not in the schema"));
                }
                (None, None) => {}
            }
        }
    }
    if let Value::Array(items) = value {
        let length = items.len() as u64;
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
            && length < min
        {
            return Err(format!("{path}: {length} items, at least {min} wanted"));
        }
        if let Some(max) = schema.get("maxItems").and_then(Value::as_u64)
            && length > max
        {
            return Err(format!("{path}: {length} items, at most {max} wanted"));
        }
        if let Some(item_schema) = schema.get("items") {
            for (index, item) in items.iter().enumerate() {
                conforms(item, item_schema, root, &format!("{path}[{index}]"))?;
            }
        }
    }
    Ok(())
}

#[test]
fn the_schema_describes_real_observations() {
    let schema = serde_json::to_value(schemars::schema_for!(CheeseDayObservation)).unwrap();
    let properties = schema["properties"].as_object().expect("an object schema");
    let mut checked = 0;
    let mut states = vec![after::<CheeseDay>("players=3", &DEAL[..2]), mid_game()];
    for (players, seed) in [(2, 3), (3, 4), (6, 5)] {
        let config = config::<CheeseDay>(&format!("players={players}"));
        let transcript = random_transcript::<CheeseDay>(&config, seed);
        let mut state = CheeseDay::new(&config);
        for event in &transcript.events {
            state.apply(event.action.parse().unwrap()).unwrap();
            states.push(state.clone());
        }
    }
    for state in &states {
        for seat in 0..state.num_players() {
            let json = serde_json::to_value(state.observation(seat)).unwrap();
            for key in json.as_object().unwrap().keys() {
                assert!(properties.contains_key(key), "'{key}' is not in the schema");
            }
            conforms(&json, &schema, &schema, "observation").unwrap_or_else(|e| panic!("{e}"));
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} observations checked");
    // The checker is not vacuous: it refuses what the schema does not describe.
    let mut bad = serde_json::to_value(mid_game().observation(0)).unwrap();
    bad["pantry"][0]["face"] = Value::from("mouse");
    assert!(conforms(&bad, &schema, &schema, "observation").is_err());
    let mut bad = serde_json::to_value(mid_game().observation(0)).unwrap();
    bad["reserve"]["size"] = Value::from(3);
    assert!(conforms(&bad, &schema, &schema, "observation").is_err());
}

#[test]
fn readable_transcripts_at_two_three_and_six_players() {
    for players in [2, 3, 6] {
        let config = config::<CheeseDay>(&format!("players={players}"));
        let transcript = random_transcript::<CheeseDay>(&config, 7);
        insta::assert_snapshot!(
            format!("cheese_day_{players}p_seed_7"),
            transcript.to_text()
        );
    }
}

#[test]
fn a_seat_view_transcript_shows_notes_built_from_what_the_seat_saw() {
    let config = config::<CheeseDay>("players=3");
    let transcript: Transcript = random_transcript::<CheeseDay>(&config, 7);
    for seat in [0, 1] {
        let view = transcript
            .seat_view(seat)
            .expect("a finished game has seat views");
        insta::assert_snapshot!(
            format!("cheese_day_3p_seed_7_seat_{seat}_view"),
            view.to_text()
        );
    }
}
