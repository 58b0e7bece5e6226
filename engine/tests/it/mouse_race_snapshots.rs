//! Mouse Race insta snapshots: the observation JSON (a public contract for bots) at fixed,
//! meaningful states and for the seats whose views differ, readable transcripts of seeded
//! random games, and the board as seats see it at a prompt. The published JSON Schema is
//! snapshotted by the CLI's tests and checked against real observations by the conformance
//! harness.

use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceObservation, Phase};
use mousehole_engine::playout::random_transcript;
use mousehole_engine::testing::{after, config};
use mousehole_engine::{Game, Transcript};

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
