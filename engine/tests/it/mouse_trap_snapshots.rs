//! Mouse Trap insta snapshots: the observation JSON contract (at the start, mid-game, while
//! robbing, at Turn Crank, during the moved mouse's die and the crank, at the end), the
//! observation as people read it, and readable transcripts of seeded random games (full, and as
//! one seat saw them). The published JSON Schema is snapshotted by the CLI's tests and checked
//! against real observations by the conformance harness.

use mousehole_engine::games::mouse_trap::MouseTrap;
use mousehole_engine::playout::random_transcript;
use mousehole_engine::testing::{self, play};
use mousehole_engine::{Game, Transcript};

fn config(options: &str) -> <MouseTrap as Game>::Config {
    testing::config::<MouseTrap>(options)
}

/// A position set up directly: whose turn, where each mouse stands, what each holds, parts
/// built; then `events`.
fn at(
    options: &str,
    turn: usize,
    positions: &[u8],
    cheese: &[u8],
    built: u8,
    events: &[&str],
) -> MouseTrap {
    let mut state = MouseTrap::with_position(&config(options), turn, positions, cheese, built);
    play(&mut state, events);
    state
}

/// The state of the random game with `seed` after its first `events` events.
fn random_state(options: &str, seed: u64, events: usize) -> MouseTrap {
    let transcript = random_transcript::<MouseTrap>(&config(options), seed);
    let mut state = MouseTrap::new(&config(options));
    for event in transcript.events.iter().take(events) {
        testing::act(&mut state, &event.action);
    }
    state
}

/// `seat`'s observation as pretty JSON in its field order, without the board unless asked
/// (the same 50 spaces in every observation; the start snapshot shows them). Everything is
/// public, so every other seat's observation is checked to differ from it only in `seat`.
fn observation_json(state: &MouseTrap, seat: usize, with_board: bool) -> String {
    let observation = state.observation(seat);
    for other in 0..state.num_players() {
        let mut theirs = state.observation(other);
        theirs.seat = seat;
        assert_eq!(theirs, observation, "seat {other} sees the same table");
    }
    let json = serde_json::to_string_pretty(&observation).unwrap();
    if with_board {
        return json;
    }
    let start = MouseTrap::new(state.config()).observation(seat).board;
    assert_eq!(observation.board, start, "the board never changes");
    // The board is the last field.
    let cut = json.find(",\n  \"board\": ").expect("a board");
    format!("{}\n  (board as at the start)\n}}", &json[..cut])
}

#[test]
fn observation_at_the_start_with_the_board() {
    let state = MouseTrap::new(&config("players=3"));
    insta::assert_snapshot!(
        "mouse_trap_observation_start",
        observation_json(&state, 0, true)
    );
}

#[test]
fn observation_mid_game() {
    let state = random_state("players=4", 42, 60);
    insta::assert_snapshot!(
        "mouse_trap_observation_4p_seed_42_after_60_events",
        observation_json(&state, 2, false)
    );
    insta::assert_snapshot!(
        "mouse_trap_text_4p_seed_42_after_60_events",
        state.observation(2).to_string()
    );
}

#[test]
fn observation_while_robbing() {
    let state = at(
        "players=4",
        0,
        &[4, 0, 0, 0],
        &[0, 20, 20, 12],
        0,
        &["roll 2", "rob 2"],
    );
    insta::assert_snapshot!(
        "mouse_trap_observation_rob",
        observation_json(&state, 1, false)
    );
    insta::assert_snapshot!("mouse_trap_text_rob", state.observation(0).to_string());
}

#[test]
fn observation_at_turn_crank() {
    let state = at("players=3", 0, &[43, 49, 45], &[2, 4, 6], 25, &["roll 4"]);
    insta::assert_snapshot!(
        "mouse_trap_observation_turn_crank",
        observation_json(&state, 0, false)
    );
    insta::assert_snapshot!(
        "mouse_trap_text_turn_crank",
        state.observation(0).to_string()
    );
}

#[test]
fn observation_while_a_moved_mouse_rolls_and_the_crank_turns() {
    let mut state = at(
        "players=3",
        0,
        &[43, 49, 45],
        &[2, 4, 6],
        25,
        &["roll 4", "move 2"],
    );
    insta::assert_snapshot!(
        "mouse_trap_observation_move_roll",
        observation_json(&state, 2, false)
    );
    play(&mut state, &["roll 4", "crank"]);
    insta::assert_snapshot!(
        "mouse_trap_observation_crank",
        observation_json(&state, 1, false)
    );
    insta::assert_snapshot!("mouse_trap_text_crank", state.observation(1).to_string());
}

#[test]
fn observation_at_the_end() {
    // A seed whose game ends with the last capture, not at the turn limit.
    let transcript = random_transcript::<MouseTrap>(&config("players=3"), 5);
    let state = random_state("players=3", 5, transcript.events.len());
    assert!(state.is_terminal());
    assert!(!state.ended_by_safeguard(), "seed 5 ends by a capture");
    insta::assert_snapshot!(
        "mouse_trap_observation_3p_seed_5_end",
        observation_json(&state, 1, false)
    );
    insta::assert_snapshot!(
        "mouse_trap_text_3p_seed_5_end",
        state.observation(1).to_string()
    );
}

fn transcript_text(options: &str, seed: u64) -> String {
    let transcript = random_transcript::<MouseTrap>(&config(options), seed);
    transcript.replay().expect("the transcript replays");
    transcript.to_text()
}

#[test]
fn two_players_seed_7() {
    insta::assert_snapshot!("mouse_trap_2p_seed_7", transcript_text("players=2", 7));
}

#[test]
fn four_players_seed_42() {
    insta::assert_snapshot!("mouse_trap_4p_seed_42", transcript_text("players=4", 42));
}

/// What seat 1 read during a game with a two-part trap: the notes built from its
/// observations, the same as the full transcript's.
#[test]
fn three_players_small_trap_seat_1_view() {
    let transcript = random_transcript::<MouseTrap>(&config("players=3,trap_parts=2"), 3);
    let view: Transcript = transcript.seat_view(1).expect("a seat view");
    insta::assert_snapshot!("mouse_trap_3p_small_trap_seed_3_seat_1", view.to_text());
}
