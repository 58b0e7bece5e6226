//! Readable transcripts of seeded random Mouse Trap games, pinned as insta snapshots so any
//! change in the rules' behaviour shows up event by event.

use mousehole_engine::Options;
use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapConfig};

fn transcript_text(options: &str, seed: u64) -> String {
    let config: MouseTrapConfig =
        Options::parse(<MouseTrap as mousehole_engine::Game>::info(), options)
            .unwrap()
            .into_config()
            .unwrap();
    let transcript = random_transcript::<MouseTrap>(&config, seed);
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
