//! Moose in the House through the generic conformance harness, at every player count and with
//! both draw rules.

use mousehole_engine::conformance::{Report, check_game, games_per_config};
use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseConfig};
use mousehole_engine::{Game, Options};

fn check(options: &str) -> Report {
    let config: MooseHouseConfig = Options::parse(MooseHouse::info(), options)
        .unwrap()
        .into_config()
        .unwrap();
    let report =
        check_game::<MooseHouse>(&config, games_per_config(), 1).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, games_per_config());
    assert!(report.illegal_rejected > 0, "no illegal action was tried");
    // Hands are secret, so the leak check always has something to change.
    assert!(
        report.hidden_changes > 0,
        "the leak check never changed hidden information"
    );
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
fn five_players() {
    check("players=5");
}

#[test]
fn draw_first_two_players() {
    check("players=2,draw=first");
}

#[test]
fn draw_first_five_players() {
    check("players=5,draw=first");
}
