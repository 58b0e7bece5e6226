//! Helpers for tests of the games (the rules, snapshot and statistics tests of every game use
//! them): configurations from option text, actions from their text forms, scripted play.

use crate::game::Game;
use crate::options::{GameConfig, Options};

/// The configuration of game `G` given by option text (`players=3,traps=…`).
///
/// # Panics
/// If the options are not valid for the game.
pub fn config<G: Game>(options: &str) -> G::Config {
    Options::parse(G::Config::description(), options)
        .and_then(Options::into_config)
        .unwrap_or_else(|e| {
            panic!(
                "bad options '{options}' for {}: {e}",
                G::Config::description().name
            )
        })
}

/// The action written `text`.
///
/// # Panics
/// If `text` is not an action of `G`.
pub fn action<G: Game>(text: &str) -> G::Action {
    text.parse().unwrap_or_else(|e| {
        panic!(
            "'{text}' is not a {} action: {e}",
            G::Config::description().name
        )
    })
}

/// Applies the action written `text`, which must be legal.
///
/// # Panics
/// If it does not parse or is not legal.
pub fn act<G: Game>(state: &mut G, text: &str) {
    let action = action::<G>(text);
    state
        .apply(action)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Applies each action in turn, all of which must be legal.
///
/// # Panics
/// At the first that does not parse or is not legal.
pub fn play<G: Game>(state: &mut G, texts: &[&str]) {
    for text in texts {
        act(state, text);
    }
}

/// A new game of `G` with the options written `options`, after the actions `texts`.
///
/// # Panics
/// If the options are bad or an action is not legal.
pub fn after<G: Game>(options: &str, texts: &[&str]) -> G {
    let mut state = G::new(&config::<G>(options));
    play(&mut state, texts);
    state
}

/// Checks that the defaults in `G`'s option table parse and that its configuration's serde
/// form is its options map, validated on the way in.
///
/// # Panics
/// If not.
pub fn check_config_serde<G: Game>() {
    let config = <G::Config as GameConfig>::defaults();
    let json = serde_json::to_value(&config).expect("configs serialise");
    let expected: serde_json::Value = serde_json::to_value(config.to_options()).expect("a map");
    assert_eq!(json, expected, "a config serialises as its options map");
    let back: G::Config = serde_json::from_value(json).expect("the options map parses back");
    assert_eq!(back, config);
    let mut bad = config.to_options();
    bad.insert("players".to_owned(), "99".to_owned());
    let error = serde_json::from_value::<G::Config>(serde_json::to_value(&bad).expect("a map"))
        .expect_err("99 players is no configuration");
    assert!(error.to_string().contains("players"), "{error}");
}

/// What the test suites of every crate play of a game, stated by the game itself beside its
/// conformance cases (`games/<game>/invariants.rs`). The suites that play "every game" loop
/// over [`for_each_game!`](crate::for_each_game) and read this, so a new game states its test
/// data in its own folder (one that does not, does not compile) and no shared test file
/// names it.
pub trait Fixtures: Game {
    /// Options for a short game at the default player count: debug builds of the bots', the
    /// binary's and the front ends' tests play it many times over.
    const SHORT: &'static str;
    /// The option sets every agent is tried on, odd ones included, each with its seats:
    /// `SEARCH` stands for the agent under test (always in seat 0), the others are agent specs.
    const AGENT_TABLES: &'static [(&'static str, &'static [&'static str])];
    /// The TUI's mid-game frame, a person in seat 0 and the heuristic in every other seat: a
    /// seed at which the person decides this often before the game ends, and the decisions
    /// before the frame.
    const SCREEN_MID_GAME: (u64, usize);
    /// The TUI's end screen, with the same seats: the options, a seed, and words the reason the
    /// game ended must have.
    const SCREEN_END: (&'static str, u64, &'static str);

    /// The spec of a game of this game with `options` (none: the game's name alone).
    fn spec(options: &str) -> String {
        let name = Self::Config::description().name;
        if options.is_empty() {
            name.to_owned()
        } else {
            format!("{name}:{options}")
        }
    }
}
