//! Cheese Day through the generic conformance harness, at every player count.

use mousehole_engine::conformance::{check_game, games_per_config};
use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayConfig};
use mousehole_engine::{Game, Options};

fn check(options: &str) {
    let report = run(options);
    assert!(
        report.hidden_changes > 0,
        "the leak check never changed hidden information"
    );
}

fn run(options: &str) -> mousehole_engine::conformance::Report {
    let config: CheeseDayConfig = Options::parse(CheeseDay::info(), options)
        .unwrap()
        .into_config()
        .unwrap();
    let report =
        check_game::<CheeseDay>(&config, games_per_config(), 1).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, games_per_config());
    assert!(report.illegal_rejected > 0, "no illegal action was tried");
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
