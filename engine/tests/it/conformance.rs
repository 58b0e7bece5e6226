//! Every game through the generic conformance harness (`mousehole_engine::conformance`): one
//! test per game of the game list (`for_each_game!`), named after the game's module
//! (`cheese_day`), checking every configuration the game lists in its [`Conformance`] cases
//! (each in a thread of its own, so the cases run side by side), each to a budget of events
//! (`conformance::DEFAULT_EVENTS`). `cargo xtask soak [--game NAME]` runs this module with
//! many more games (`MOUSEHOLE_CONFORMANCE_GAMES`), selecting games by test name.
//!
//! The harness also validates every seat's observation JSON, at a sample of states, against
//! the JSON Schema `mousehole schema GAME` publishes (see [`published_contract`]). The tests
//! after the table check that contract itself: it refuses what does not fit, describes every
//! field, and the observations in docs/writing-a-bot.md fit it.

use mousehole_engine::GameConfig;
use mousehole_engine::conformance::{Case, Conformance, Hidden, ObservationCheck, check_options};
use serde_json::Value;

/// The JSON Schema game `name` publishes: what `mousehole schema GAME` prints (the CLI's
/// snapshot test checks that it prints exactly this).
fn published_schema(name: &str) -> Value {
    mousehole_engine::registry::build(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .observation_schema()
}

/// A validator of the schema game `name` publishes, by the draft the schema names.
fn published_validator(name: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&published_schema(name))
        .unwrap_or_else(|e| panic!("{name}: the published schema is no valid JSON Schema: {e}"))
}

/// Every way `value` breaks the schema `validator` holds, with where, or `Ok` if it fits.
fn fits(validator: &jsonschema::Validator, value: &Value) -> Result<(), String> {
    // The yes-or-no check is several times faster than collecting errors: the harness asks it
    // tens of thousands of times, and lists the problems only when there are some.
    if validator.is_valid(value) {
        return Ok(());
    }
    let problems: Vec<String> = validator
        .iter_errors(value)
        .map(|error| format!("at '{}': {error}", error.instance_path()))
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// The harness's check of observations: the published schema of `G`.
fn published_contract<G: mousehole_engine::Game>() -> ObservationCheck {
    let validator = published_validator(G::Config::description().name);
    Box::new(move |observation| fits(&validator, observation))
}

/// One configuration of `G` through the harness, with the leak check's expectation.
fn check<G: Conformance>(case: Case) {
    let options = case.options;
    let report = check_options::<G>(options, published_contract::<G>());
    match case.hidden {
        Hidden::Some => assert!(
            report.hidden_changes > 0,
            "{options}: the leak check never changed hidden information"
        ),
        Hidden::None => assert_eq!(
            report.hidden_changes, 0,
            "{options}: nothing should be hidden, yet resampling changed the state"
        ),
    }
    assert!(
        report.sampling_checks > 0,
        "{options}: no chance node was sampled"
    );
}

/// Every case `G` lists, each in its own thread (named after the game and options, which the
/// panic of a failing case shows); fails naming the cases that failed.
fn check_cases<G: Conformance>() {
    let name = G::Config::description().name;
    assert!(!G::CASES.is_empty(), "{name}: no conformance cases");
    let failed: Vec<&str> = std::thread::scope(|scope| {
        let runs: Vec<_> = G::CASES
            .iter()
            .map(|&case| {
                let run = std::thread::Builder::new()
                    .name(format!("{name} {}", case.options))
                    .spawn_scoped(scope, move || check::<G>(case))
                    .expect("a thread for a case");
                (case.options, run)
            })
            .collect();
        runs.into_iter()
            .filter_map(|(options, run)| run.join().is_err().then_some(options))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "{name}: the cases {failed:?} failed (their panics above say how)"
    );
}

/// One test per game, named after its module.
macro_rules! conformance {
    ($module:ident, $game:ty) => {
        #[test]
        fn $module() {
            check_cases::<$game>();
        }
    };
}

mousehole_engine::for_each_game!(conformance);

/// A public view that keeps what one seat knows is caught by the harness's check
/// ([`public_view_holds`]): Cheese Day's keeping the observing seat's peeks, Moose in the
/// House's keeping its hand, Mouse Race's keeping the kind of the tile its holder sees; the
/// games' own public views pass at the same states.
#[test]
fn a_public_view_that_leaks_what_one_seat_knows_is_caught() {
    use mousehole_engine::conformance::public_view_holds;
    use mousehole_engine::games::cheese_day::CheeseDay;
    use mousehole_engine::games::moose_house::MooseHouse;
    use mousehole_engine::games::mouse_race::MouseRace;
    use mousehole_engine::playout::random_match;
    use mousehole_engine::{Game, rng::seat_rng};

    /// Walks random games of `G` and, at every state where the leaky view has something of
    /// one seat to show (`something_to_leak`), checks that the game's view holds and the
    /// leaky one is caught; returns at how many states it was caught.
    fn caught<G: Game>(
        options: &str,
        leaky: impl Fn(&G::Observation) -> G::Observation,
        something_to_leak: impl Fn(&G) -> bool,
    ) -> usize {
        let config = mousehole_engine::testing::config::<G>(options);
        let mut rng = seat_rng(5, 5);
        let mut caught = 0;
        for seed in 1..=3 {
            let played = random_match::<G>(&config, seed);
            let mut state = G::new(&config);
            for event in played.events() {
                if something_to_leak(&state) {
                    public_view_holds(&state, &mut rng, G::public_view)
                        .unwrap_or_else(|why| panic!("the game's own public view: {why}"));
                    let why = public_view_holds(&state, &mut rng, &leaky)
                        .expect_err("a public view that leaks is caught");
                    assert!(why.contains("public view"), "{why}");
                    caught += 1;
                }
                state.apply(event.action).expect("a recorded event applies");
            }
        }
        caught
    }

    let cheese = caught::<CheeseDay>(
        "players=3",
        |observation| {
            let mut public = CheeseDay::public_view(observation);
            public.pantry.clone_from(&observation.pantry);
            public
        },
        |state| {
            state
                .pantry()
                .iter()
                .flatten()
                .any(|card| card.peeked_by != 0)
        },
    );
    let moose = caught::<MooseHouse>(
        "players=3",
        |observation| {
            let mut public = MooseHouse::public_view(observation);
            public.hand = observation.hand;
            public
        },
        |state| (0..3).any(|seat| !state.hand(seat).is_empty()),
    );
    let race = caught::<MouseRace>(
        "players=2",
        |observation| {
            let mut public = MouseRace::public_view(observation);
            public.phase = observation.phase;
            public
        },
        |state| {
            matches!(
                state.phase(),
                mousehole_engine::games::mouse_race::Phase::Holding { .. }
            )
        },
    );
    assert!(
        cheese > 10 && moose > 10 && race > 2,
        "caught at {cheese}, {moose} and {race} states"
    );
}

/// Every game's option table parses and its configuration's JSON is its validated options map.
#[test]
fn configurations_serialise_as_validated_option_maps() {
    macro_rules! check_config {
        ($module:ident, $game:ty) => {
            mousehole_engine::testing::check_config_serde::<$game>();
        };
    }
    mousehole_engine::for_each_game!(check_config);
}

// ---------------------------------------------------------------------------------------------
// The published observation contract

/// Every way `observation` can be broken by one change, with what the change was: each object
/// gets a key its schema does not describe and loses each key it has, and each scalar gets a
/// value of the wrong kind (a negative number, a string no enum, cell or tag holds, a string
/// for a boolean or a `null`). Option values are free text in the schema, so they are left be.
fn broken(observation: &Value) -> Vec<(String, Value)> {
    fn visit(value: &Value, path: &str, root: &Value, out: &mut Vec<(String, Value)>) {
        if path == "/options" {
            return;
        }
        let mut with = |change: String, replace: &dyn Fn(&mut Value)| {
            let mut copy = root.clone();
            replace(copy.pointer_mut(path).expect("the path exists"));
            out.push((change, copy));
        };
        match value {
            Value::Object(object) => {
                with(format!("{path}: a key 'secret' added"), &|v| {
                    v["secret"] = Value::from(1);
                });
                for key in object.keys() {
                    with(format!("{path}/{key} removed"), &|v| {
                        v.as_object_mut().expect("an object").remove(key);
                    });
                }
                for (key, item) in object {
                    visit(item, &format!("{path}/{key}"), root, out);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    visit(item, &format!("{path}/{index}"), root, out);
                }
            }
            Value::Number(_) => with(format!("{path}: -1"), &|v| *v = Value::from(-1)),
            Value::String(_) | Value::Bool(_) | Value::Null => {
                with(format!("{path}: 'nonsense'"), &|v| {
                    *v = Value::from("nonsense");
                });
            }
        }
    }
    let mut out = Vec::new();
    visit(observation, "", observation, &mut out);
    out
}

/// The published schema of `G` is a working check: real observations at every phase of a
/// random game fit it, and every one-change break of them (see [`broken`]) is refused, so the
/// harness's validation can fail and no field goes unchecked.
fn the_contract_refuses_what_does_not_fit<G: mousehole_engine::Game>() {
    let name = G::Config::description().name;
    let validator = published_validator(name);
    let config = mousehole_engine::testing::config::<G>("");
    let transcript = mousehole_engine::conformance::random_transcript::<G>(&config, 3);
    let mut state = G::new(&config);
    let mut phases = std::collections::BTreeSet::new();
    let mut checked = 0;
    for event in transcript.events.iter().map(Some).chain([None]) {
        let json = serde_json::to_value(state.observation(0)).expect("observations serialise");
        // One observation per phase (and the first and last) is enough to break in every way.
        if phases.insert(json["phase"]["kind"].to_string()) || event.is_none() {
            fits(&validator, &json).unwrap_or_else(|e| panic!("{name}: {e}"));
            for (change, bad) in broken(&json) {
                assert!(
                    !validator.is_valid(&bad),
                    "{name}: the published schema accepts an observation with {change}"
                );
                checked += 1;
            }
        }
        if let Some(event) = event {
            mousehole_engine::testing::act(&mut state, &event.action);
        }
    }
    assert!(
        phases.len() > 2,
        "{name}: only the phases {phases:?} were met"
    );
    assert!(
        checked > 100,
        "{name}: only {checked} broken observations tried"
    );
}

#[test]
fn the_published_contracts_refuse_what_does_not_fit() {
    macro_rules! refuse {
        ($module:ident, $game:ty) => {
            the_contract_refuses_what_does_not_fit::<$game>();
        };
    }
    mousehole_engine::for_each_game!(refuse);
}

/// Every property of every object in each published schema has a description (the doc
/// comment of its field), except the constant tags of tagged objects, which their variant
/// describes; and `phase` has one shape in every game: an object whose `kind` names it.
#[test]
fn every_field_of_the_published_contracts_is_described_and_phase_is_one_shape() {
    fn objects<'a>(schema: &'a Value, at: &str, out: &mut Vec<(String, &'a Value)>) {
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            out.push((at.to_owned(), schema));
            for (key, property) in properties {
                objects(property, &format!("{at}.{key}"), out);
            }
        }
        for key in ["oneOf", "anyOf"] {
            for (index, branch) in schema[key].as_array().into_iter().flatten().enumerate() {
                objects(branch, &format!("{at}[{key} {index}]"), out);
            }
        }
        if let Some(items) = schema.get("items") {
            objects(items, &format!("{at}[]"), out);
        }
    }
    for description in mousehole_engine::registry::games() {
        let schema = published_schema(description.name);
        let mut all = Vec::new();
        objects(&schema, "observation", &mut all);
        for (name, definition) in schema["$defs"].as_object().into_iter().flatten() {
            objects(definition, name, &mut all);
        }
        let mut undescribed = Vec::new();
        for (at, object) in &all {
            for (key, property) in object["properties"].as_object().into_iter().flatten() {
                if property.get("const").is_none() && property.get("description").is_none() {
                    undescribed.push(format!("{at}.{key}"));
                }
            }
        }
        assert!(
            all.len() > 5,
            "{}: only {} objects",
            description.name,
            all.len()
        );
        assert!(
            undescribed.is_empty(),
            "{}: {undescribed:?}",
            description.name
        );

        let phase = &schema["$defs"]["ObservedPhase"];
        assert_eq!(
            schema["properties"]["phase"]["$ref"], "#/$defs/ObservedPhase",
            "{}",
            description.name
        );
        let kinds: Vec<&Value> = phase["oneOf"]
            .as_array()
            .unwrap_or_else(|| panic!("{}: phase is not a tagged object", description.name))
            .iter()
            .map(|variant| {
                assert_eq!(variant["type"], "object", "{}", description.name);
                assert!(
                    variant["required"]
                        .as_array()
                        .is_some_and(|r| r.contains(&Value::from("kind"))),
                    "{}: {variant}",
                    description.name
                );
                &variant["properties"]["kind"]["const"]
            })
            .collect();
        assert!(
            kinds.iter().all(|kind| kind.is_string()),
            "{}",
            description.name
        );
    }
}

/// The JSON examples in docs/writing-a-bot.md are what the published schemas describe: every
/// observation of an `act` line in a game's exchange and every laid-out observation fits its
/// game's schema, and each laid-out observation is its exchange's first `act`'s, as the doc
/// says. So the doc cannot drift from the contract.
#[test]
fn the_bot_writing_guide_examples_fit_the_published_contracts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/writing-a-bot.md");
    let doc = std::fs::read_to_string(path).expect("docs/writing-a-bot.md");
    let names: Vec<&str> = mousehole_engine::registry::games()
        .iter()
        .map(|description| description.name)
        .collect();
    let mut game: Option<&str> = None;
    let mut validator = None;
    let mut first_act: Option<Value> = None;
    let mut json_block: Option<String> = None;
    let mut checked = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for (number, line) in doc.lines().enumerate() {
        let at = format!("docs/writing-a-bot.md:{}", number + 1);
        if let Some(block) = json_block.as_mut() {
            if line == "```" {
                let observation: Value = serde_json::from_str(block)
                    .unwrap_or_else(|e| panic!("{at}: the JSON block does not parse: {e}"));
                let name = game.unwrap_or_else(|| panic!("{at}: a JSON block outside a game"));
                fits(
                    validator.as_ref().expect("a game's validator"),
                    &observation,
                )
                .unwrap_or_else(|e| panic!("{at}: {name}: {e}"));
                assert_eq!(
                    Some(&observation),
                    first_act.as_ref(),
                    "{at}: the laid-out observation is not the first act's"
                );
                checked.entry(name).or_default().1 += 1;
                json_block = None;
            } else {
                block.push_str(line);
                block.push('\n');
            }
            continue;
        }
        if let Some(heading) = line.strip_prefix("### ") {
            game = names.iter().copied().find(|name| *name == heading.trim());
            validator = game.map(published_validator);
            first_act = None;
        } else if line == "```json" {
            json_block = Some(String::new());
        } else if let Some(message) = line.strip_prefix("> ")
            && let Ok(message) = serde_json::from_str::<Value>(message)
            && message["type"] == "act"
        {
            let name = game.unwrap_or_else(|| panic!("{at}: an act outside a game's exchange"));
            fits(
                validator.as_ref().expect("a game's validator"),
                &message["observation"],
            )
            .unwrap_or_else(|e| panic!("{at}: {name}: {e}"));
            first_act.get_or_insert_with(|| message["observation"].clone());
            checked.entry(name).or_default().0 += 1;
        }
    }
    for name in names {
        let (acts, blocks) = checked.get(name).copied().unwrap_or_default();
        assert!(
            acts >= 1 && blocks == 1,
            "{name}: the guide shows {acts} acts and {blocks} laid-out observations"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// docs/adding-a-game.md

/// The guide to adding a game says what it says of the games there are: every game has the
/// files it lists, one per job, with the functions it names for that job, and its example
/// of conformance cases is a game's own, line for line.
#[test]
fn the_guide_to_adding_a_game_matches_the_games() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let guide = std::fs::read_to_string(format!("{root}/docs/adding-a-game.md"))
        .expect("docs/adding-a-game.md");
    // Each row of the table: a file and the functions (the plain lower-case names in
    // backticks that open its job) every game's file defines.
    let listed: Vec<(&str, Vec<&str>)> = guide
        .lines()
        .filter_map(|line| line.strip_prefix("| `<game>/"))
        .filter_map(|rest| rest.split_once("` | "))
        .filter(|(file, _)| *file != "playout.rs")
        .map(|(file, job)| {
            let opening = job.split(':').next().unwrap_or_default();
            let functions = opening
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .collect();
            (file, functions)
        })
        .collect();
    assert!(listed.len() >= 7, "the guide lists {listed:?}");
    assert!(
        listed
            .iter()
            .map(|(_, functions)| functions.len())
            .sum::<usize>()
            >= 8,
        "the guide names the functions {listed:?}"
    );
    let mut modules = Vec::new();
    macro_rules! module {
        ($module:ident, $game:ty) => {
            modules.push(stringify!($module));
        };
    }
    mousehole_engine::for_each_game!(module);
    for module in &modules {
        for (file, functions) in &listed {
            let path = format!("{root}/engine/src/games/{module}/{file}");
            let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            for function in functions {
                assert!(
                    source.contains(&format!("fn {function}(")),
                    "{path} has no function {function}"
                );
            }
        }
    }
    let example = guide
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the guide shows a Conformance impl");
    // The game whose invariants.rs holds the example's first line (its `impl`).
    let opening = example.lines().next().unwrap_or_default();
    let source = modules
        .iter()
        .map(|module| {
            std::fs::read_to_string(format!("{root}/engine/src/games/{module}/invariants.rs"))
                .expect("a game's invariants")
        })
        .find(|source| source.lines().any(|line| line == opening))
        .unwrap_or_else(|| panic!("no game's invariants.rs has '{opening}'"));
    for line in example
        .lines()
        .filter(|line| !line.trim_start().starts_with("// ..."))
    {
        assert!(
            source.lines().any(|source_line| source_line == line),
            "the guide's line '{line}' is not in its game's invariants.rs"
        );
    }
}
