//! Moose in the House through the generic conformance harness, at every player count and with
//! both draw rules.

use mousehole_engine::conformance::{Report, check_options};
use mousehole_engine::games::moose_house::MooseHouse;

fn check(options: &str) -> Report {
    let report = check_options::<MooseHouse>(options);
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
