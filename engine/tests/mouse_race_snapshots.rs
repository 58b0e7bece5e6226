//! Mouse Race insta snapshots: readable transcripts of seeded random games at 2, 3 and 4
//! players, and the rendered board as seats see it.

use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceConfig, Phase};
use mousehole_engine::{Game, Options, Transcript};

fn config(options: &str) -> MouseRaceConfig {
    Options::parse(MouseRace::info(), options)
        .unwrap()
        .into_config()
        .unwrap()
}

/// The states of a recorded game, from the first to the last.
fn states(config: &MouseRaceConfig, transcript: &Transcript) -> Vec<MouseRace> {
    let mut state = MouseRace::new(config);
    let mut all = vec![state.clone()];
    for event in &transcript.events {
        state.apply(event.action.parse().unwrap()).unwrap();
        all.push(state.clone());
    }
    all
}

/// The transcript and seat 0's view of the final board; `won` says whether a seat must have
/// reached the cheese (seeds are picked for an interesting ending).
fn snapshot_game(name: &str, options: &str, seed: u64, won: bool) {
    let config = config(options);
    let transcript = random_transcript::<MouseRace>(&config, seed);
    let outcome = transcript.outcome.as_ref().expect("finished");
    let winners = outcome.ranks.iter().filter(|&&r| r == 1).count();
    assert_eq!(winners == 1, won, "{name}: ranks {:?}", outcome.ranks);
    insta::assert_snapshot!(name, transcript.to_text());
    let last = states(&config, &transcript).pop().unwrap();
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
    snapshot_game("mouse_race_3p_size7_seed_12", "players=3,size=7", 12, true);
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
    let config = config("players=4");
    let transcript = random_transcript::<MouseRace>(&config, 3);
    let holding = states(&config, &transcript)
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
