//! Cheese Day insta snapshots: the observation JSON contract at fixed states (the deal, a
//! mid-game table with private peeks seen from two seats, a peek turn, both endings), the
//! readable rendering, and readable transcripts of seeded random games, in full and as one seat
//! saw them. The published JSON Schema is snapshotted by the CLI's tests and checked against
//! real observations by the conformance harness.

use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayObservation};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::testing::{after, config};
use mousehole_engine::{Game, Transcript};

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
