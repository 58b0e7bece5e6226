//! Readable transcripts of seeded random games of Moose in the House, as insta snapshots: a
//! change in the rules' behaviour shows up as a reviewed diff.

use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseConfig};
use mousehole_engine::{Game, Options};

fn transcript(options: &str, seed: u64) -> String {
    let config: MooseHouseConfig = Options::parse(MooseHouse::info(), options)
        .unwrap()
        .into_config()
        .unwrap();
    let transcript = random_transcript::<MooseHouse>(&config, seed);
    assert!(transcript.outcome.is_some(), "the game did not finish");
    transcript.to_text()
}

#[test]
fn two_players_seed_7() {
    insta::assert_snapshot!("moose_house_2p_seed_7", transcript("players=2", 7));
}

#[test]
fn three_players_seed_11() {
    insta::assert_snapshot!("moose_house_3p_seed_11", transcript("players=3", 11));
}

#[test]
fn five_players_seed_3() {
    insta::assert_snapshot!("moose_house_5p_seed_3", transcript("players=5", 3));
}

#[test]
fn two_players_draw_first_seed_5() {
    insta::assert_snapshot!(
        "moose_house_2p_draw_first_seed_5",
        transcript("players=2,draw=first", 5)
    );
}
