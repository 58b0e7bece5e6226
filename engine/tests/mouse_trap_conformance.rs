//! Mouse Trap through the generic conformance harness, at every player count and with option
//! variants, plus the step-to-step conservation rules the harness cannot see in one state.

use mousehole_engine::conformance::{
    Report, check_options, config_from, games_per_config, random_transcript,
};
use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapAction, MouseTrapConfig};
use mousehole_engine::{Game, GameConfig, ToMove, Transcript};

fn config(options: &str) -> MouseTrapConfig {
    config_from::<MouseTrap>(options)
}

fn check(options: &str) -> Report {
    let report = check_options::<MouseTrap>(options);
    // Everything is public: there is never anything to resample.
    assert_eq!(report.hidden_changes, 0);
    report
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
fn a_small_trap_that_always_works() {
    check("players=4,trap_parts=1,trap_reliability=1");
}

#[test]
fn a_trap_that_never_works_ends_by_the_turn_limit() {
    check("players=3,trap_parts=3,trap_reliability=0,max_turns=60");
}

#[test]
fn an_unreliable_trap_and_a_short_limit() {
    check("players=2,trap_parts=100,trap_reliability=0.35,max_turns=150");
}

/// Trap parts only grow, a captured mouse never moves again, and no decision is ever asked
/// with a single option (the forced-choice ruling), across every event of many random games.
#[test]
fn parts_only_grow_captured_mice_never_move_and_every_decision_is_a_real_choice() {
    for options in ["players=2", "players=3", "players=4,trap_parts=5"] {
        let config = config(options);
        for seed in 0..games_per_config() as u64 {
            let transcript = random_transcript::<MouseTrap>(&config, seed);
            let mut state = MouseTrap::new(&config);
            for event in &transcript.events {
                let action: MouseTrapAction = event.action.parse().unwrap();
                if state.to_move() != ToMove::Chance {
                    assert!(state.legal_texts().len() >= 2, "{options} seed {seed}");
                }
                let before = state.clone();
                state.apply(action).unwrap();
                assert!(state.built() >= before.built(), "{options} seed {seed}");
                for seat in 0..config.players() {
                    if before.is_captured(seat) {
                        assert!(state.is_captured(seat));
                        assert_eq!(state.position(seat), before.position(seat));
                        assert_eq!(state.cheese(seat), 0);
                    }
                }
            }
            assert!(state.is_terminal());
        }
    }
}

/// What `mousehole play mouse-trap --players 4 --games 200 --seed 1 --out t.jsonl` followed by
/// `mousehole replay t.jsonl` does, done through the engine: 200 four-player games written as
/// JSON lines, read back and replayed through the registry.
#[test]
fn two_hundred_four_player_games_replay_from_json_lines() {
    let config = config("players=4");
    let lines: String = (1..=200)
        .map(|seed| random_transcript::<MouseTrap>(&config, seed).to_json_line() + "\n")
        .collect();
    let read = Transcript::from_json_lines(&lines);
    assert_eq!(read.len(), 200);
    for (line, transcript) in read {
        let transcript = transcript.unwrap_or_else(|e| panic!("line {line}: {e}"));
        let report = transcript
            .replay()
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(report.outcome.is_some(), "line {line} is unfinished");
    }
}
