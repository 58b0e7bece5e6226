//! The `mousehole` binary end to end: what it prints, what it writes, and its exit status on
//! good and bad input.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn mousehole(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mousehole-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn play_prints_the_readable_transcript() {
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--players",
        "3",
        "--seats",
        "random,random,random",
        "--seed",
        "7",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!("play_cheese_day_seed_7", stdout(&output));
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let args = ["play", "cheese-day:players=4", "--seed", "11"];
    assert_eq!(stdout(&mousehole(&args)), stdout(&mousehole(&args)));
}

#[test]
fn seeds_wrap_around_at_the_top_of_the_range() {
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seed",
        "18446744073709551615",
        "--games",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("game 2 (seed 0)"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn many_games_to_jsonl_replay_cleanly() {
    let dir = scratch("jsonl");
    let file = dir.join("g.jsonl");
    let file = file.to_str().unwrap();
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--players",
        "3",
        "--seats",
        "random,random,random",
        "--seed",
        "7",
        "--games",
        "200",
        "--out",
        file,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 200);
    assert!(text.contains("wins over 200 games"));

    let replay = mousehole(&["replay", file]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    let lines = stdout(&replay);
    assert_eq!(
        lines
            .lines()
            .filter(|l| l.contains(": ok: cheese-day"))
            .count(),
        200
    );
    assert!(lines.contains("200 of 200 transcripts valid"));
}

#[test]
fn replay_names_the_first_bad_event() {
    let dir = scratch("tamper");
    let good = dir.join("one.json");
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seed",
        "7",
        "--quiet",
        "--out",
        good.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        mousehole(&["replay", good.to_str().unwrap()])
            .status
            .success()
    );

    // The 8th event is the first roll (after six pantry draws and the reserve top); make it
    // a 7, which is no die face.
    let text = std::fs::read_to_string(&good).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let event = lines
        .iter()
        .position(|l| l.contains("\"action\":\"roll "))
        .unwrap();
    let original_roll = lines[event].clone();
    let at = original_roll.find("roll ").unwrap() + "roll ".len();
    lines[event].replace_range(at..=at, "7");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let replay = mousehole(&["replay", bad.to_str().unwrap()]);
    assert_eq!(replay.status.code(), Some(1));
    let report = stdout(&replay);
    assert!(
        report.contains("INVALID: event 8 (chance: roll 7)"),
        "{report}"
    );
    assert!(
        report.contains("legal there: roll 1, roll 2, roll 3, roll 4, roll 5, roll 6"),
        "{report}"
    );

    // A well-formed but illegal decision is named the same way: a peek becomes a take of the
    // same slot (no slot shows the roll), a take or remove becomes a peek (one does).
    lines[event] = original_roll;
    let decision = lines
        .iter()
        .position(|l| l.contains("\"actor\":0"))
        .unwrap();
    let original = lines[decision].clone();
    lines[decision] = if original.contains("peek") {
        original.replace("peek", "take")
    } else {
        original.replace("take", "peek").replace("remove", "peek")
    };
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let replay = mousehole(&["replay", bad.to_str().unwrap()]);
    assert_eq!(replay.status.code(), Some(1));
    assert!(
        stdout(&replay).contains("INVALID: event 9 (seat 0:"),
        "{}",
        stdout(&replay)
    );
}

#[test]
fn replay_rejects_files_that_are_not_transcripts() {
    let dir = scratch("garbage");
    let file = dir.join("x.json");
    std::fs::write(&file, "{\"format\": 1}").unwrap();
    let replay = mousehole(&["replay", file.to_str().unwrap()]);
    assert_eq!(replay.status.code(), Some(1));
    assert!(
        stdout(&replay).contains("INVALID: not a transcript"),
        "{}",
        stdout(&replay)
    );

    let missing = mousehole(&["replay", dir.join("missing.json").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).starts_with("error: cannot read"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn bad_input_gives_one_line_and_exit_status_two() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "cheese-dy"],
            "unknown game 'cheese-dy'; the games are:",
        ),
        (
            &["play", "cheese-day", "--players", "9"],
            "expected a number of players from 2 to 6",
        ),
        (
            &["play", "cheese-day", "-o", "traps=1/2"],
            "bad value '1/2' for option 'traps'",
        ),
        (
            &["play", "cheese-day", "-o", "colour=red"],
            "has no option 'colour'; its options are: players, traps",
        ),
        (
            &["play", "cheese-day:players"],
            "'players' is not an option setting; write key=value",
        ),
        (
            &["play", "cheese-day", "--seats", "random,robot,random"],
            "unknown agent 'robot'; the agents are: random",
        ),
        (
            &["play", "cheese-day", "--seats", "random"],
            "1 seats given for a 3-player game",
        ),
        (
            &["play", "cheese-day", "--out", "x.txt"],
            "must end in .json (one game) or .jsonl",
        ),
        (
            &["play", "cheese-day", "--games", "2", "--out", "x.json"],
            "use a .jsonl file for 2 games",
        ),
        (
            &["play", "cheese-day", "--games", "0"],
            "--games must be at least 1",
        ),
        (&["rules", "chess"], "unknown game 'chess'"),
    ];
    for (args, message) in cases {
        let output = mousehole(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn list_and_rules_describe_the_games() {
    let list = mousehole(&["list"]);
    assert!(list.status.success());
    insta::assert_snapshot!("list", stdout(&list));
    let rules = mousehole(&["rules", "cheese-day"]);
    assert!(rules.status.success());
    insta::assert_snapshot!("rules_cheese_day", stdout(&rules));
}

/// The choices listed at the first prompt of a two-player game against a bot.
fn first_choices(seed: &str) -> Vec<String> {
    let args = [
        "play",
        "cheese-day",
        "--players",
        "2",
        "--seats",
        "human,random",
        "--seed",
        seed,
    ];
    let text = stdout(&with_stdin(&args, "quit\n"));
    text.lines()
        .skip_while(|line| !line.starts_with("Your choices:"))
        .skip(1)
        .map_while(|line| line.split_once(") ").map(|(_, action)| action.to_owned()))
        .collect()
}

#[test]
fn a_person_plays_at_the_prompt_and_bad_input_is_explained() {
    // A seed whose first decision is take-or-remove, so that `peek 2` is not allowed there.
    let (seed, choices) = (1..50)
        .map(|seed| (seed.to_string(), first_choices(&seed.to_string())))
        .find(|(_, choices)| choices.first().is_some_and(|c| c.starts_with("take")))
        .expect("some seed starts with a take");
    let dir = scratch("human");
    let file = dir.join("h.json");
    let output = with_stdin(
        &[
            "play",
            "cheese-day",
            "--players",
            "2",
            "--seats",
            "human:ann,random",
            "--seed",
            &seed,
            "--out",
            file.to_str().unwrap(),
        ],
        "garbage\n9\npeek 2\nhelp\n1\n",
    );
    let text = stdout(&output);
    assert!(text.contains("=== seat 0 (ann) to decide ==="), "{text}");
    assert!(
        text.contains("'garbage' is not a cheese-day action"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "There is no choice 9: pick 1 to {}.",
            choices.len()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "'peek 2' is not allowed now. Allowed: {}.",
            choices.join(", ")
        )),
        "{text}"
    );
    assert!(
        text.contains("seat 1 (random): "),
        "the bot's moves are shown: {text}"
    );
    // Input ends at the next decision: the game stops cleanly and what was played is kept.
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("input ended while seat 0 (ann) was to decide"),
        "{}",
        stderr(&output)
    );
    let replay = mousehole(&["replay", file.to_str().unwrap()]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    assert!(stdout(&replay).contains("unfinished"));
    let transcript = std::fs::read_to_string(&file).unwrap();
    assert!(
        transcript.contains(&format!("{{\"actor\":0,\"action\":\"{}\"}}", choices[0])),
        "{transcript}"
    );
}

#[test]
fn help_explains_the_commands() {
    let help = mousehole(&["--help"]);
    assert!(help.status.success());
    let text = stdout(&help);
    for command in ["play", "replay", "list", "rules", "bench"] {
        assert!(text.contains(command), "{text}");
    }
    let play = stdout(&mousehole(&["play", "--help"]));
    assert!(play.contains("--seats"), "{play}");
    assert!(play.contains("human[:name]"), "{play}");
}

#[test]
fn bench_measures_real_games() {
    let output = mousehole(&["bench", "cheese-day", "--seconds", "0.2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let rate: f64 = text
        .split_whitespace()
        .zip(text.split_whitespace().skip(1))
        .find(|(_, unit)| *unit == "games/s")
        .and_then(|(n, _)| n.parse().ok())
        .expect("a games/s figure");
    assert!(rate > 100.0, "{text}");
}
