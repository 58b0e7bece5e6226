//! Mouse Race through the generic conformance harness, at every player count and with option
//! variants (tile conservation and path connectivity are checked by the game's invariants at
//! every state).

use mousehole_engine::conformance::{Report, check_options};
use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceConfig};

fn run(options: &str) -> Report {
    check_options::<MouseRace>(options)
}

/// Runs the harness and checks the leak test had a hidden tile kind to change.
fn check(options: &str) {
    let report = run(options);
    assert!(
        report.hidden_changes > 0,
        "the leak check never changed hidden information"
    );
}

#[test]
fn two_players() {
    check("players=2");
}

#[test]
fn three_players() {
    check("players=3");
}

#[test]
fn four_players() {
    check("players=4");
}

#[test]
fn small_board_few_tiles_short_games() {
    // The bag runs out: exercises the stuck safeguard and the automatic lone passes.
    check("players=4,size=7,tiles=6/8/4,max_turns=200");
}

#[test]
fn largest_board() {
    check("players=3,size=21,max_turns=120");
}

#[test]
fn only_one_kind_of_tile_hides_nothing() {
    // With curves only, a held tile's kind follows from the bag: nothing to resample.
    assert_eq!(
        run("players=2,size=9,tiles=0/40/0,max_turns=120").hidden_changes,
        0
    );
}

#[test]
fn registered_games_record_and_replay_through_json_lines() {
    // What `mousehole play mouse-race --players 4 --seats random×4 --games 100 --seed 1` and
    // `mousehole replay` do, at the engine level: the game is found by name and transcripts
    // written as JSON lines replay to the same outcome.
    let spec: mousehole_engine::GameSpec = "mouse-race:players=4".parse().unwrap();
    let game = spec.build().unwrap();
    assert_eq!(game.info().name, "mouse-race");
    assert_eq!(game.players(), 4);
    let state = game.new_state();
    assert_eq!(state.legal_actions(), ["draw", "pass"]);
    assert!(state.observation_text(0).contains("[0]"));

    let config = MouseRaceConfig::with_players(4).unwrap();
    let lines: String = (1..=100)
        .map(|seed| {
            mousehole_engine::conformance::random_transcript::<MouseRace>(&config, seed)
                .to_json_line()
                + "\n"
        })
        .collect();
    let transcripts = mousehole_engine::Transcript::from_json_lines(&lines);
    assert_eq!(transcripts.len(), 100);
    for (line, transcript) in transcripts {
        let transcript = transcript.unwrap_or_else(|e| panic!("line {line}: {e}"));
        let report = transcript
            .replay()
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(report.outcome.is_some());
    }
}
