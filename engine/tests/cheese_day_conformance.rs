//! Cheese Day through the generic conformance harness, at every player count.

use mousehole_engine::conformance::{Report, check_options};
use mousehole_engine::games::cheese_day::CheeseDay;

fn check(options: &str) {
    let report = check_options::<CheeseDay>(options);
    assert!(
        report.hidden_changes > 0,
        "the leak check never changed hidden information"
    );
}

fn run(options: &str) -> Report {
    check_options::<CheeseDay>(options)
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
fn six_players() {
    check("players=6");
}

#[test]
fn all_traps_or_no_traps_leave_nothing_hidden() {
    // Every face follows from the value, so there is nothing to resample.
    assert_eq!(run("players=3,traps=6/6/6/0/0/0").hidden_changes, 0);
    assert_eq!(run("players=4,traps=0/0/0/0/0/0").hidden_changes, 0);
}

#[test]
fn uneven_traps() {
    check("players=5,traps=0/6/1/5/2/4");
}
