//! `mousehole analyze`: every decision of a recorded game re-searched and marked, in text and
//! JSON, for every game; bad input gets one line and exit status 2.

use std::path::PathBuf;
use std::process::{Command, Output};

fn mousehole(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mousehole-analyze-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays and records a game of `game` with `seats`.
fn recorded(name: &str, game: &str, seats: &str, seed: &str) -> PathBuf {
    let file = scratch(name).join("game.json");
    let output = mousehole(&[
        "play",
        game,
        "--seats",
        seats,
        "--seed",
        seed,
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    file
}

#[test]
fn a_fixed_game_is_analysed_the_same_way_every_time() {
    let file = recorded("fixed", "cheese-day", "random,random,random", "4");
    let args = [
        "analyze",
        file.to_str().unwrap(),
        "--agent",
        "ismcts:iterations=300",
    ];
    let first = mousehole(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&mousehole(&args)), "deterministic");
    insta::assert_snapshot!("analysis_cheese_day_random_seed_4", stdout(&first));
}

#[test]
fn every_game_is_annotated() {
    for (game, players) in crate::games::short_games() {
        // The heuristic in seat 1, for decisions a random player would not make.
        let seats = crate::games::alternating("random", "heuristic", players);
        let name = game.split(':').next().unwrap_or_default();
        let file = recorded(name, &game, &seats, "2");
        let output = mousehole(&[
            "analyze",
            file.to_str().unwrap(),
            "--agent",
            "ismcts:iterations=60",
            "--json",
        ]);
        assert!(output.status.success(), "{game}: {}", stderr(&output));
        let analysis: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let moves = analysis["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game}: no decision analysed");
        for m in moves {
            let (played, best) = (
                m["played_win"].as_f64().unwrap(),
                m["best_win"].as_f64().unwrap(),
            );
            assert!(
                (0.0..=1.0).contains(&played) && (0.0..=1.0).contains(&best),
                "{game}: {m}"
            );
            let loss = m["loss"].as_f64().unwrap();
            assert!(
                (loss - (100.0 * (best - played)).max(0.0)).abs() < 1e-9,
                "{game}: {m}"
            );
            assert!(m["choices"].as_u64().unwrap() >= 2);
        }
        let decisions: u64 = analysis["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["decisions"].as_u64().unwrap())
            .sum();
        assert_eq!(decisions, moves.len() as u64, "{game}");
    }
}

#[test]
fn one_seat_can_be_analysed_alone() {
    let file = recorded("seat", "moose-house", "random,random,random", "5");
    let output = mousehole(&[
        "analyze",
        file.to_str().unwrap(),
        "--seat",
        "1",
        "--agent",
        "ismcts:iterations=50",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let analysis: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(
        analysis["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["seat"] == 1)
    );
    assert_eq!(analysis["seats"].as_array().unwrap().len(), 1);
}

#[test]
fn bad_input_gets_one_line_and_exit_status_two() {
    let file = recorded("bad", "cheese-day", "random,random,random", "1");
    let file = file.to_str().unwrap();
    for (args, expected) in [
        (
            vec!["analyze", file, "--agent", "random"],
            "must be a search that reports its estimates",
        ),
        // medium is the plain heuristic now: a level that does not search is refused too.
        (
            vec!["analyze", file, "--agent", "medium"],
            "must be a search that reports its estimates",
        ),
        (
            vec!["analyze", file, "--agent", "ismcts:width=3"],
            "has no setting 'width'",
        ),
        (vec!["analyze", file, "--seat", "7"], "seats 0 to 2, not 7"),
        (vec!["analyze", "/no/such/file.json"], "cannot read"),
    ] {
        let output = mousehole(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(
            stderr(&output).trim().lines().count(),
            1,
            "{}",
            stderr(&output)
        );
    }
}
