//! The `mousehole` binary end to end: what it prints, what it writes, and its exit status on
//! good and bad input, for bots and for a person at the prompt.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mousehole_engine::registry::games;
use mousehole_engine::{GameSpec, Transcript};

fn binary_path() -> &'static str {
    env!("CARGO_BIN_EXE_mousehole")
}

fn binary() -> Command {
    Command::new(binary_path())
}

fn mousehole(args: &[&str]) -> Output {
    binary()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut command = binary();
    command.args(args);
    typing(command, input).wait_with_output().unwrap()
}

/// Starts `command` with `input` typed on its standard input (from a thread of its own, so a
/// program that prints much before it reads never waits on the test).
fn typing(mut command: Command, input: &str) -> Child {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    // The game may end before all input is read: a closed pipe is no error here.
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    child
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

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Plays one bot game of Cheese Day into `dir/name` and returns the path.
fn bot_game(dir: &Path, name: &str, seed: &str) -> PathBuf {
    let file = dir.join(name);
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seed",
        seed,
        "--quiet",
        "--out",
        text(&file),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    file
}

/// Whether `text` shows a Cheese Day card's face in a draw (`draw 4T`), which no seat sees.
fn shows_a_drawn_face(text: &str) -> bool {
    text.as_bytes().windows(7).any(|w| {
        w.starts_with(b"draw ") && (b'1'..=b'6').contains(&w[5]) && matches!(w[6], b'C' | b'T')
    })
}

// ---------------------------------------------------------------- bots, play and transcripts

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
fn the_seats_listed_set_the_number_of_players() {
    let by_seats = mousehole(&[
        "play",
        "cheese-day",
        "--seats",
        "random,random",
        "--seed",
        "3",
    ]);
    assert!(by_seats.status.success(), "{}", stderr(&by_seats));
    let by_spec = mousehole(&["play", "cheese-day:players=2", "--seed", "3"]);
    assert_eq!(stdout(&by_seats), stdout(&by_spec));
    assert!(
        stdout(&by_seats).contains("players=2"),
        "{}",
        stdout(&by_seats)
    );
    // A count given elsewhere wins, and a mismatch is an error naming both.
    let mismatch = mousehole(&["play", "cheese-day:players=4", "--seats", "random,random"]);
    assert!(!mismatch.status.success());
    assert!(
        stderr(&mismatch).contains("2 seats given for a 4-player game"),
        "{}",
        stderr(&mismatch)
    );
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
        text(&file),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert_eq!(
        printed.lines().filter(|l| l.starts_with("game ")).count(),
        200
    );
    assert!(printed.contains("wins over 200 games"));

    let replay = mousehole(&["replay", text(&file)]);
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
    // Written through a temporary file: none is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn replay_names_the_first_bad_event() {
    let dir = scratch("tamper");
    let good = bot_game(&dir, "one.json", "7");
    assert!(mousehole(&["replay", text(&good)]).status.success());

    // The 8th event is the first roll (after six pantry draws and the reserve top); make it
    // a 7, which is no die face.
    let original = std::fs::read_to_string(&good).unwrap();
    let mut lines: Vec<String> = original.lines().map(str::to_owned).collect();
    let event = lines
        .iter()
        .position(|l| l.contains("\"action\":\"roll "))
        .unwrap();
    let original_roll = lines[event].clone();
    let at = original_roll.find("roll ").unwrap() + "roll ".len();
    lines[event].replace_range(at..=at, "7");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let replay = mousehole(&["replay", text(&bad)]);
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
    let replay = mousehole(&["replay", text(&bad)]);
    assert_eq!(replay.status.code(), Some(1));
    assert!(
        stdout(&replay).contains("INVALID: event 9 (seat 0:"),
        "{}",
        stdout(&replay)
    );
}

#[test]
fn replay_reports_every_file_and_unreadable_ones_on_their_own_line() {
    let dir = scratch("files");
    let good = bot_game(&dir, "good.json", "3");
    let garbage = dir.join("x.json");
    std::fs::write(&garbage, "{\"format\": 1}").unwrap();
    let missing = dir.join("missing.json");
    let replay = mousehole(&["replay", text(&good), text(&missing), text(&garbage)]);
    let report = stdout(&replay);
    assert_eq!(replay.status.code(), Some(2), "{report}");
    let lines: Vec<&str> = report.lines().collect();
    assert!(
        lines[0].contains("good.json: ok: cheese-day seed 3"),
        "{report}"
    );
    assert!(
        lines[1].ends_with("missing.json: cannot read: there is no such file or folder"),
        "{report}"
    );
    assert!(
        lines[2].contains(
            "x.json: INVALID: not a transcript: unsupported format 1 (expected \"mousehole-transcript/1\")"
        ),
        "{report}"
    );
    assert_eq!(
        lines[3],
        "1 of 2 transcripts valid; 1 of 3 files could not be read"
    );

    // Only invalid transcripts: exit status 1.
    let replay = mousehole(&["replay", text(&good), text(&garbage)]);
    assert_eq!(replay.status.code(), Some(1), "{}", stdout(&replay));
}

#[test]
fn transcripts_get_messages_in_the_formats_words_not_serdes() {
    let dir = scratch("messages");
    let good = bot_game(&dir, "good.json", "3");
    let original = std::fs::read_to_string(&good).unwrap();
    let after_end = format!(
        "more text after the end of the transcript at line {}",
        original.lines().count() + 1
    );
    let cases: Vec<(String, &str)> = vec![
        (
            original.replace("\"seed\": 3", "\"seed\": -1"),
            "key 'seed': expected a whole number from 0 to 18446744073709551615, found -1",
        ),
        (
            format!("[{original}]"),
            "expected a JSON object (one transcript), found an array of 1 item",
        ),
        (
            original.replace("\"seats\": [", "\"seats\": [3, "),
            "key 'seats', item 1: expected a string, found 3",
        ),
        (
            original.replacen("{\"actor\":\"chance\",", "{\"actor\":\"dealer\",", 1),
            "event 1: key 'actor': expected \"chance\" or a seat number (0, 1, …), found the string \"dealer\"",
        ),
        (
            original.replacen("\"game\": \"cheese-day\",\n", "", 1),
            "key 'game' is missing",
        ),
        (
            original.replacen("\"seed\": 3,", "\"seed\": 3", 1),
            "not valid JSON: a `,` or `}` is missing between two keys of an object at line 6, column 3",
        ),
        (
            original[..original.len() / 2].to_owned(),
            "the JSON ends early (an unclosed '{', '[' or string)",
        ),
        (format!("{original}{original}"), &after_end),
        (
            original.replacen("\"traps\":\"1/2/3/3/4/5\"", "\"traps\":7", 1),
            "key 'options': option 'traps': expected a string",
        ),
        (
            original.replacen(",\"traps\":\"1/2/3/3/4/5\"", "", 1),
            "option 'traps' of cheese-day is missing: a recorded game (a transcript's \"options\") lists every option",
        ),
    ];
    let file = dir.join("case.json");
    for (contents, message) in cases {
        std::fs::write(&file, &contents).unwrap();
        let replay = mousehole(&["replay", text(&file)]);
        let report = stdout(&replay);
        assert_eq!(replay.status.code(), Some(1), "{message}: {report}");
        assert!(report.contains(message), "expected «{message}» in {report}");
        for internal in [
            "struct Transcript",
            "invalid type",
            "expected u64",
            "elements",
        ] {
            assert!(!report.contains(internal), "{report}");
        }
    }
}

#[test]
fn a_byte_order_mark_is_accepted_and_bad_bytes_are_located_per_line() {
    let dir = scratch("bytes");
    let good = bot_game(&dir, "good.json", "4");
    let mut with_bom = "\u{feff}".as_bytes().to_vec();
    with_bom.extend(std::fs::read(&good).unwrap());
    let bom = dir.join("bom.json");
    std::fs::write(&bom, &with_bom).unwrap();
    let replay = mousehole(&["replay", text(&bom)]);
    assert!(replay.status.success(), "{}", stdout(&replay));

    let line = Transcript::from_json(&std::fs::read_to_string(&good).unwrap())
        .unwrap()
        .to_json_line();
    let mut lines = Vec::new();
    lines.extend_from_slice("\u{feff}".as_bytes());
    lines.extend_from_slice(line.as_bytes());
    lines.push(b'\n');
    let mut broken = line.clone().into_bytes();
    broken[30] = 0xff;
    lines.extend_from_slice(&broken);
    lines.push(b'\n');
    lines.extend_from_slice(line.as_bytes());
    lines.push(b'\n');
    let file = dir.join("three.jsonl");
    std::fs::write(&file, &lines).unwrap();
    let replay = mousehole(&["replay", text(&file)]);
    let report = stdout(&replay);
    assert_eq!(replay.status.code(), Some(1), "{report}");
    let report: Vec<&str> = report.lines().collect();
    assert!(report[0].contains("three.jsonl:1: ok"), "{report:?}");
    assert!(
        report[1].contains(
            "three.jsonl:2: INVALID: not a transcript: not UTF-8 text: byte 0xff at column 31"
        ),
        "{report:?}"
    );
    assert!(report[2].contains("three.jsonl:3: ok"), "{report:?}");
    assert_eq!(report[3], "2 of 3 transcripts valid");
}

#[test]
fn replay_checks_seat_labels_as_play_does() {
    let dir = scratch("labels");
    let good = bot_game(&dir, "good.json", "5");
    let original = std::fs::read_to_string(&good).unwrap();
    let file = dir.join("robot.json");
    for (label, message) in [
        ("robot", "unknown agent 'robot'; the agents are: random"),
        ("human:", "give a name after `human:`"),
        ("random:depth=2", "agent 'random' has no setting 'depth'"),
    ] {
        let changed = original.replacen(
            "\"seats\": [\"random\"",
            &format!("\"seats\": [\"{label}\""),
            1,
        );
        std::fs::write(&file, changed).unwrap();
        let replay = mousehole(&["replay", text(&file)]);
        let report = stdout(&replay);
        assert_eq!(replay.status.code(), Some(1), "{report}");
        assert!(report.contains("INVALID: seat 0's label"), "{report}");
        assert!(report.contains(message), "{label}: {report}");
    }
}

#[test]
fn replay_streams_json_lines_reporting_each_line_as_it_is_read() {
    // Standard input as a pipe: each line's report must come out before the next line is
    // written, so the file is never held whole.
    let dir = scratch("stream");
    let file = dir.join("g.jsonl");
    let output = mousehole(&[
        "play",
        "mouse-trap",
        "--games",
        "5",
        "--seed",
        "1",
        "--quiet",
        "--out",
        text(&file),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let games = std::fs::read_to_string(&file).unwrap();
    let mut child = binary()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut reports = BufReader::new(child.stdout.take().unwrap());
    for (i, line) in games.lines().enumerate() {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let mut report = String::new();
        reports.read_line(&mut report).unwrap();
        assert!(
            report.starts_with(&format!("standard input:{}: ok: mouse-trap", i + 1)),
            "{report}"
        );
    }
    drop(input);
    let mut rest = String::new();
    reports.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "5 of 5 transcripts valid\n");
    assert!(child.wait().unwrap().success());
}

#[test]
fn replay_reads_a_large_json_lines_file() {
    // Some thousands of lines (megabytes) through the line-at-a-time reader.
    let dir = scratch("large");
    let one = dir.join("g.jsonl");
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--games",
        "50",
        "--seed",
        "1",
        "--quiet",
        "--out",
        text(&one),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = std::fs::read_to_string(&one).unwrap();
    let large = dir.join("large.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&large).unwrap());
    for _ in 0..60 {
        file.write_all(lines.as_bytes()).unwrap();
    }
    drop(file);
    assert!(std::fs::metadata(&large).unwrap().len() > 5_000_000);
    let replay = mousehole(&["replay", text(&large)]);
    assert!(replay.status.success());
    assert!(stdout(&replay).ends_with("3000 of 3000 transcripts valid\n"));
}

// ---------------------------------------------------------------- seat views

#[test]
fn a_seat_view_is_made_and_replay_says_it_cannot_be_replayed() {
    let dir = scratch("view");
    let game = bot_game(&dir, "game.json", "9");
    let view = dir.join("view.json");
    let output = mousehole(&["view", text(&game), "--seat", "1", "--out", text(&view)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let written = std::fs::read_to_string(&view).unwrap();
    assert!(written.contains("\"view\": 1"), "{written}");
    assert!(written.contains("draw 1?") || written.contains("draw 2?"));
    assert!(!shows_a_drawn_face(&written), "{written}");

    let replay = mousehole(&["replay", text(&view)]);
    assert_eq!(replay.status.code(), Some(1));
    assert!(
        stdout(&replay).contains(
            "view.json: not checked: this is seat 1's view of a game (\"view\": 1), which shows only what that seat saw and cannot be replayed"
        ),
        "{}",
        stdout(&replay)
    );
    assert!(!stdout(&replay).contains("INVALID"));
    let both = mousehole(&["replay", text(&game), text(&view)]);
    assert_eq!(both.status.code(), Some(1));
    assert!(
        stdout(&both).ends_with("1 of 1 transcripts valid; 1 seat view not checked\n"),
        "{}",
        stdout(&both)
    );

    let as_text = mousehole(&["view", text(&game), "--seat", "0", "--text"]);
    assert!(as_text.status.success());
    assert!(stdout(&as_text).contains("view: seat 0 (what that seat saw)"));

    let bad_seat = mousehole(&["view", text(&game), "--seat", "7"]);
    assert_eq!(bad_seat.status.code(), Some(1));
    assert!(
        stderr(&bad_seat).contains("--seat 7: this cheese-day game has seats 0 to 2"),
        "{}",
        stderr(&bad_seat)
    );
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_input_gives_one_line_and_exit_status_two() {
    // As long as one argument may be (128 KiB on Linux).
    let long = "x".repeat(100_000);
    let traps_long = format!("traps={long}");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["play", "cheese-dy"],
            "unknown game 'cheese-dy' — did you mean cheese-day? The games are:",
        ),
        (
            vec!["play", "chess"],
            "unknown game 'chess'; the games are:",
        ),
        (
            vec!["play", "cheese-day", "--seats", "human,meduim"],
            "unknown agent 'meduim' — did you mean medium?",
        ),
        (
            vec!["play", "cheese-day", "--players", "9"],
            "expected a number of players from 2 to 6",
        ),
        (
            vec!["play", "cheese-day", "-o", "traps=1/2"],
            "bad value '1/2' for option 'traps'",
        ),
        (
            vec!["play", "cheese-day", "-o", "colour=red"],
            "has no option 'colour'; its options are: players, traps",
        ),
        (
            vec!["play", "cheese-day", "-o", "trap=1/2/3/3/4/5"],
            "has no option 'trap' — did you mean traps? Its options are: players, traps",
        ),
        (
            vec!["play", "cheese-day:players"],
            "'players' is not an option setting; write key=value",
        ),
        (
            vec!["play", "cheese-day", "--players", "2", "-o", "players=5"],
            "--players 2 and --option players=5 both set option 'players'; give it once",
        ),
        (
            vec!["play", "cheese-day:players=3", "--players", "2"],
            "the spec's players=3 and --players 2 both set option 'players'",
        ),
        (
            vec![
                "play",
                "cheese-day",
                "-o",
                "traps=0/0/0/0/0/6",
                "-o",
                "traps=1/1/1/1/1/1",
            ],
            "--option traps=0/0/0/0/0/6 and --option traps=1/1/1/1/1/1 both set option 'traps'",
        ),
        (
            vec!["play", "cheese-day:players=3,players=4"],
            "option 'players' is given twice",
        ),
        (
            vec!["play", "mouse-race:max_turns=4294967296"],
            "bad value '4294967296' for option 'max_turns' of mouse-race: expected a number of turns from 1 to 100000",
        ),
        (
            vec!["play", "cheese-day", "--seats", "random,robot,random"],
            "unknown agent 'robot'; the agents are: random",
        ),
        (
            vec!["play", "cheese-day", "--seats", "random"],
            "1 seat given for a 3-player game (cheese-day is for 2 to 6 players)",
        ),
        (
            vec!["play", "cheese-day", "--out", "x.txt"],
            "must end in .json (one game) or .jsonl",
        ),
        (
            vec!["play", "cheese-day", "--games", "2", "--out", "x.json"],
            "use a .jsonl file for 2 games",
        ),
        (
            vec!["play", "cheese-day", "--out", "/nonexistent-dir/x.json"],
            "cannot write /nonexistent-dir/x.json",
        ),
        (vec!["rules", "chess"], "unknown game 'chess'"),
        (
            vec!["play", "cheese\u{1b}[31mday"],
            "unknown game 'cheese\\u{1b}[31mday'",
        ),
        (
            vec!["play", "cheese-day", "-o", &traps_long],
            "more characters)",
        ),
        (vec!["play", &long], "more characters)"),
        (
            vec!["help", "plya"],
            "no command 'plya'; the commands are: tui, play",
        ),
    ];
    for (args, message) in &cases {
        let output = mousehole(args);
        let shown: Vec<&str> = args.iter().map(|a| &a[..a.len().min(40)]).collect();
        assert_eq!(output.status.code(), Some(2), "{shown:?}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{shown:?}: {err}");
        assert!(err.contains(message), "{shown:?}: {err}");
        assert!(err.len() < 600, "{shown:?}: the input is echoed whole");
        assert!(!err.contains('\u{1b}'), "{shown:?}: a raw escape is echoed");
        assert!(stdout(&output).is_empty(), "{shown:?}");
    }
}

#[test]
fn numbers_out_of_range_say_what_is_allowed() {
    for (args, message) in [
        (
            vec!["play", "cheese-day", "--seed", "-1"],
            "invalid value '-1' for '--seed <SEED>': expected a whole number from 0 to 18446744073709551615",
        ),
        (
            vec!["play", "cheese-day", "--games", "0"],
            "invalid value '0' for '--games <N>': expected a whole number from 1 to",
        ),
        (
            vec!["bench", "--count", "0"],
            "invalid value '0' for '--count <N>': expected a whole number from 1 to",
        ),
    ] {
        let output = mousehole(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.starts_with(&format!("error: {message}")), "{err}");
        assert!(!err.contains("to pass '-1' as a value"), "{err}");
    }
}

#[test]
fn an_existing_out_file_is_kept_until_the_first_real_write() {
    let dir = scratch("clobber");
    let file = dir.join("precious.json");
    std::fs::write(&file, "precious").unwrap();
    // The seats are wrong: nothing is played, and the file is untouched.
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seats",
        "random",
        "--out",
        text(&file),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    // A game is played: the file is replaced whole.
    let output = mousehole(&["play", "cheese-day", "--quiet", "--out", text(&file)]);
    assert!(output.status.success());
    assert!(Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).is_ok());
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
}

// ---------------------------------------------------------------- list, rules, help

#[test]
fn list_and_rules_describe_the_games() {
    let list = mousehole(&["list"]);
    assert!(list.status.success());
    insta::assert_snapshot!("list", without_measured_figures(&stdout(&list)));
    let rules = mousehole(&["rules", "cheese-day"]);
    assert!(rules.status.success());
    insta::assert_snapshot!("rules_cheese_day", stdout(&rules));
}

/// `list` with the paragraph under each level's `GAME: SPEC` line (the measured win rates
/// and this machine's milliseconds a move, which every strength run rewrites) put as one
/// placeholder line: the snapshot keeps the listing's shape, and
/// `list_says_what_was_measured_of_each_level_under_its_settings` checks those words against
/// the measured files.
fn without_measured_figures(list: &str) -> String {
    let games: Vec<String> = games()
        .iter()
        .map(|game| format!("      {}: ", game.name))
        .collect();
    let mut kept = String::new();
    let mut in_measured = false;
    for line in list.lines() {
        if in_measured && line.starts_with("        ") {
            continue;
        }
        kept.push_str(line);
        kept.push('\n');
        in_measured = games.iter().any(|game| line.starts_with(game.as_str()));
        if in_measured {
            kept.push_str("        [measured: see the level table's measured files]\n");
        }
    }
    kept
}

#[test]
fn list_says_what_was_measured_of_each_level_under_its_settings() {
    let list = stdout(&mousehole(&["list"]));
    // Lines are wrapped; the words are compared with the spacing flattened.
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let listed = flat(&list);
    for row in mousehole_bots::level_table() {
        for level in mousehole_bots::Level::ALL {
            let line = format!(
                "{}: {} {}",
                row.game,
                row.level(level).spec(),
                flat(&row.measured_words(level))
            );
            assert!(listed.contains(&line), "no `{line}` in:\n{list}");
        }
    }
}

#[test]
fn the_strength_report_renders_from_the_games_results_present() {
    let dir = scratch("strength-render");
    let out = dir.join("docs");
    let output = mousehole(&["strength", "--render", "--out", text(&out)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let md = std::fs::read_to_string(out.join("STRENGTH.md")).unwrap();
    assert!(md.contains("No game has results yet."), "{md}");
    for description in games() {
        assert!(
            md.contains(&format!(
                "No results for this game yet: `cargo xtask strength --game {}` plays them.",
                description.name
            )),
            "{md}"
        );
    }
    // A game that is not one is refused before anything is played or written.
    let output = mousehole(&[
        "strength",
        "--game",
        "chess",
        "--out",
        text(&dir.join("other")),
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("unknown game"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.join("other").exists());
    // Rendering plays nothing, so it takes no games.
    let output = mousehole(&["strength", "--render", "--game", "cheese-day"]);
    assert!(!output.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rules_state_each_limit_once() {
    for description in games() {
        let rules = stdout(&mousehole(&["rules", description.name]));
        let range = format!("{} to {}", description.min_players, description.max_players);
        let header: Vec<&str> = rules.lines().take(4).collect();
        assert_eq!(
            header.iter().filter(|l| l.contains(&range)).count(),
            1,
            "{header:#?}"
        );
        let players = description.option("players").unwrap();
        assert!(!rules.contains(players.allowed), "{rules}");
        assert!(rules.contains(description.how_to_act.lines().next().unwrap()));
    }
}

#[test]
fn the_readme_table_of_games_is_the_generated_one() {
    let table = mousehole(&["list", "--markdown"]);
    assert!(table.status.success());
    let table = stdout(&table);
    assert_eq!(table.lines().count(), 2 + games().len());
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the workspace root");
    assert!(
        readme.contains(&table),
        "README.md's table of games differs from `mousehole list --markdown`; paste this in:\n{table}"
    );
}

#[test]
fn help_explains_the_commands_and_names_every_game() {
    let help = mousehole(&["--help"]);
    assert!(help.status.success());
    let text = stdout(&help);
    for command in [
        "play",
        "replay",
        "view",
        "list",
        "rules",
        "bench",
        "completions",
        "help",
    ] {
        assert!(text.contains(command), "{text}");
    }
    for description in games() {
        assert!(text.contains(description.name), "{text}");
        assert!(text.contains(description.short_title()), "{text}");
    }
    let play = stdout(&mousehole(&["play", "--help"]));
    assert!(play.contains("--seats"), "{play}");
    assert!(play.contains("human[:name]"), "{play}");
    assert!(play.contains("--show-transcript"), "{play}");
    for description in games() {
        assert!(play.contains(description.name), "{play}");
    }

    let help_help = mousehole(&["help", "--help"]);
    assert!(help_help.status.success(), "{}", stderr(&help_help));
    assert!(stdout(&help_help).contains("Usage: mousehole help [COMMAND]"));
    let help_play = mousehole(&["help", "play"]);
    assert!(help_play.status.success());
    assert!(stdout(&help_play).contains("Usage: mousehole play"));
    let help_replay = stdout(&mousehole(&["help", "replay"]));
    assert!(
        help_replay.contains("Exit status: 0 when every transcript"),
        "{help_replay}"
    );
}

#[test]
fn shell_completions_load() {
    let bash = mousehole(&["completions", "bash"]);
    assert!(bash.status.success());
    let dir = scratch("completions");
    let script = dir.join("mousehole.bash");
    std::fs::write(&script, &bash.stdout).unwrap();
    // The script loads in bash and registers a completion for the command.
    let loaded = Command::new("bash")
        .args([
            "--norc",
            "-c",
            &format!("source {} && complete -p mousehole", text(&script)),
        ])
        .output()
        .expect("bash runs");
    assert!(loaded.status.success(), "{}", stderr(&loaded));
    assert!(stdout(&loaded).contains("mousehole"), "{}", stdout(&loaded));
    assert!(stdout(&bash).contains("replay"));
    let zsh = stdout(&mousehole(&["completions", "zsh"]));
    assert!(zsh.starts_with("#compdef mousehole"), "{zsh}");
    let fish = stdout(&mousehole(&["completions", "fish"]));
    assert!(fish.contains("complete -c mousehole"), "{fish}");
    let bad = mousehole(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bench_measures_real_games_and_ends() {
    let output = mousehole(&["bench", "cheese-day", "--seconds", "0.2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    let rate: f64 = printed
        .split_whitespace()
        .zip(printed.split_whitespace().skip(1))
        .find(|(_, unit)| *unit == "games/s")
        .and_then(|(n, _)| n.parse().ok())
        .expect("a games/s figure");
    assert!(rate > 100.0, "{printed}");
    let counted = mousehole(&["bench", "mouse-trap", "--count", "3"]);
    assert!(counted.status.success());
    assert!(
        stdout(&counted).contains("3 games in"),
        "{}",
        stdout(&counted)
    );
}

// ---------------------------------------------------------------- a person at the prompt

/// The lines of the first decision block of a person's game: from its heading to the prompt.
fn first_block(printed: &str) -> Vec<&str> {
    printed
        .lines()
        .skip_while(|l| !l.starts_with("=== seat 0"))
        .take_while(|l| !l.starts_with("seat 0 (human)> "))
        .collect()
}

#[test]
fn a_person_sees_each_event_in_their_own_view_as_it_happens() {
    let dir = scratch("live");
    let file = dir.join("h.json");
    let input = "1\n".repeat(60);
    let output = with_stdin(
        &[
            "play",
            "cheese-day",
            "--seats",
            "human:ann,random,random",
            "--seed",
            "5",
            "--out",
            text(&file),
        ],
        &input,
    );
    let printed = stdout(&output);
    assert!(output.status.success(), "{printed}");
    // Every event is shown, numbered as in the transcript, in ann's view.
    let transcript = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let view = transcript.seat_view(0).unwrap();
    for (i, event) in view.events.iter().enumerate() {
        let actor = match event.actor {
            mousehole_engine::Actor::Chance => "chance".to_owned(),
            mousehole_engine::Actor::Seat(0) => "you".to_owned(),
            mousehole_engine::Actor::Seat(s) => format!("seat {s} (random)"),
        };
        let line = format!("{:>3}. {actor}: {}", i + 1, event.action);
        assert!(printed.contains(&line), "«{line}» missing:\n{printed}");
    }
    // Nobody sees a card's face when it is drawn, and the bots' moves are shown.
    assert!(!shows_a_drawn_face(&printed), "{printed}");
    assert!(printed.contains("seat 1 (random): "), "{printed}");
    // Ann's own peek shows what she saw at once; the others' peeks do not.
    if let Some(peek) = printed.lines().find(|l| l.contains(". you: peek")) {
        assert!(peek.contains("you see"), "{peek}");
    }
    for peek in printed.lines().filter(|l| l.contains("(random): peek")) {
        assert!(!peek.contains("cheese") && !peek.contains("trap"), "{peek}");
    }
    // The end: a banner, the full transcript only if asked.
    assert!(printed.contains("=== Game over: "), "{printed}");
    assert!(printed.contains("You placed "), "{printed}");
    assert!(printed.contains("← you"), "{printed}");
    assert!(!printed.contains("outcome:"), "{printed}");
    let shown = with_stdin(
        &[
            "play",
            "cheese-day",
            "--seats",
            "human:ann,random,random",
            "--seed",
            "5",
            "--show-transcript",
        ],
        &input,
    );
    assert!(stdout(&shown).contains("outcome:\n  seat  rank  score  return"));
}

/// A heads-up Cheese Day game (seed 2) of two people at one terminal, ann and bob, typing
/// `input`.
fn ann_and_bob(input: &str) -> Output {
    with_stdin(
        &[
            "play",
            "cheese-day:players=2",
            "--seats",
            "human:ann,human:bob",
            "--seed",
            "2",
        ],
        input,
    )
}

#[test]
fn several_people_each_see_what_happened_in_their_own_view_before_deciding() {
    let output = ann_and_bob(&"1\n".repeat(80));
    let printed = stdout(&output);
    assert!(output.status.success(), "{printed}");
    assert!(printed.contains("--- what seat 1 (bob) saw since their last turn ---"));
    assert!(printed.contains("--- what seat 0 (ann) saw since their last turn ---"));
    assert!(!shows_a_drawn_face(&printed));
    // In bob's view ann's peeks show no face; in ann's they do (and the other way round).
    let mut viewer = "";
    for line in printed.lines() {
        if let Some(rest) = line.strip_prefix("--- what ") {
            viewer = rest.split(" saw").next().unwrap();
        }
        let peeker = if line.contains("seat 0 (ann): peek") {
            "seat 0 (ann)"
        } else if line.contains("seat 1 (bob): peek") {
            "seat 1 (bob)"
        } else {
            continue;
        };
        assert_ne!(viewer, peeker, "a seat's own moves read `you`: {line}");
        assert!(
            !line.contains("you see"),
            "{viewer} sees another's peek: {line}"
        );
    }
    assert!(printed.contains("seat 0 (ann) placed "), "{printed}");
    assert!(printed.contains("seat 1 (bob) placed "), "{printed}");
}

#[test]
fn several_people_take_the_terminal_over_before_their_view_shows() {
    let output = ann_and_bob("\n1\nquit\n");
    let printed = stdout(&output);
    let call =
        |who: &str| format!("=== {who} to play: pass the terminal to {who}, then press Enter");
    let ann = printed.find(&call("seat 0 (ann)")).expect(&printed);
    let ann_board = printed
        .find("=== seat 0 (ann) to decide ===")
        .expect(&printed);
    let bob = printed.find(&call("seat 1 (bob)")).expect(&printed);
    assert!(ann < ann_board && ann_board < bob, "{printed}");
    // Bob typed quit at the hand-over: his board never showed.
    assert!(
        !printed.contains("=== seat 1 (bob) to decide ==="),
        "{printed}"
    );
    assert!(
        printed.contains("stopped after 11 events: seat 1 (bob) quit"),
        "{printed}"
    );
}

#[test]
fn each_choice_is_shown_with_its_label() {
    let dir = scratch("labels-shown");
    for description in games() {
        let game = description.name;
        let mut seats = vec!["random"; description.default_players()];
        seats[0] = "human";
        let seats = seats.join(",");
        let file = dir.join(format!("{game}.json"));
        let output = with_stdin(
            &[
                "play",
                game,
                "--seats",
                &seats,
                "--seed",
                "3",
                "--out",
                text(&file),
            ],
            "quit\n",
        );
        let printed = stdout(&output);
        let transcript = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let mut state = GameSpec::from_recorded(&transcript.game, &transcript.options)
            .unwrap()
            .build()
            .unwrap()
            .new_state();
        for event in &transcript.events {
            state.apply_text(&event.action).unwrap();
        }
        let block = first_block(&printed);
        for (i, action) in state.legal_actions().iter().enumerate() {
            let label = state.choice_label(0, action).unwrap();
            let line = if label == *action {
                format!("  {}) {action}", i + 1)
            } else {
                format!("  {}) {action} — {label}", i + 1)
            };
            let start: String = line.chars().take(60).collect();
            assert!(
                block.iter().any(|l| l.starts_with(&start)),
                "{game}: «{line}» missing from {block:#?}"
            );
        }
    }
}

#[test]
fn help_at_the_prompt_explains_the_games_moves() {
    for description in games() {
        let seats = vec!["human"; description.default_players()].join(",");
        let output = with_stdin(
            &["play", description.name, "--seats", &seats, "--seed", "1"],
            // Enter takes the terminal over from the previous person (hot seat).
            "\nhelp\nquit\n",
        );
        let printed = stdout(&output);
        assert!(
            printed.contains(&format!("How to play {}:", description.title)),
            "{printed}"
        );
        let first = description
            .how_to_act
            .split_whitespace()
            .take(6)
            .collect::<Vec<_>>()
            .join(" ");
        let flat = printed.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&first), "{}: {printed}", description.name);
        assert!(flat.contains("`list` shows every choice"), "{printed}");
        // Wrapped at words, never in mid-phrase: a line a list item continues on was as full
        // as the next word allowed (lines of 78 columns, for an 80-column terminal).
        let block: Vec<&str> = printed
            .lines()
            .skip_while(|line| !line.contains("How to play"))
            .take_while(|line| !line.starts_with("At the prompt"))
            .collect();
        for pair in block.windows(2) {
            let (line, next) = (pair[0], pair[1]);
            if next.starts_with("  ") && !next.trim_start().starts_with("- ") {
                let word = next.split_whitespace().next().unwrap_or_default();
                assert!(
                    line.chars().count() + 1 + word.chars().count() > 78,
                    "{}: «{line}» broken before «{word}»: {block:#?}",
                    description.name
                );
            }
        }
    }
}

#[test]
fn many_choices_are_shown_compactly_and_fit_the_screen() {
    // A Mouse Race seed whose first draw is a cat: some 160 cells to put it on.
    let (printed, _) = (0..200)
        .map(|seed| {
            let output = with_stdin(
                &[
                    "play",
                    "mouse-race",
                    "--seats",
                    "human,random",
                    "--seed",
                    &seed.to_string(),
                ],
                "draw\nquit\n",
            );
            (stdout(&output), seed)
        })
        .find(|(printed, _)| printed.contains("in your hand: a cat"))
        .expect("some seed draws a cat first");
    let after_draw = printed
        .split("=== seat 0 (human) to decide ===")
        .nth(2)
        .expect("a second decision");
    let choices: Vec<&str> = after_draw
        .lines()
        .skip_while(|l| !l.starts_with("Your "))
        .take_while(|l| !l.starts_with("seat 0 (human)>"))
        .collect();
    assert!(choices.len() <= 5, "{choices:#?}");
    assert!(
        choices.iter().all(|l| l.chars().count() <= 80),
        "{choices:#?}"
    );
    assert!(
        choices[0].contains("choices (type one, e.g. `cat "),
        "{choices:#?}"
    );
    assert!(choices[1].starts_with("  cat: "), "{choices:#?}");
    assert!(
        choices.iter().any(|l| l.contains("`list cat`")),
        "{choices:#?}"
    );
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
    let printed = stdout(&with_stdin(&args, "quit\n"));
    printed
        .lines()
        .skip_while(|line| !line.starts_with("Your choices"))
        .skip(1)
        .map_while(|line| {
            let (_, rest) = line.split_once(") ")?;
            Some(rest.split(" — ").next().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn bad_input_at_the_prompt_is_explained_in_what_the_person_may_type() {
    // A seed whose first decision is take-or-remove, so that `peek 2` is not allowed there.
    let (seed, choices) = (1..50)
        .map(|seed| (seed.to_string(), first_choices(&seed.to_string())))
        .find(|(_, choices)| choices.first().is_some_and(|c| c.starts_with("take")))
        .expect("some seed starts with a take");
    let dir = scratch("human");
    let file = dir.join("h.json");
    let first = choices[0].clone();
    let shouted = first.to_uppercase();
    let control = "take\u{1b}[31m 1\n";
    let long = format!("{}\n", "y".repeat(100_000));
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
            text(&file),
        ],
        &format!("garbage\n9\n0\n-1\npeek 2\n{control}{long}help\n{shouted}\n"),
    );
    let printed = stdout(&output);
    assert!(
        printed.contains("=== seat 0 (ann) to decide ==="),
        "{printed}"
    );
    let flat = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    let may_type = format!(
        "You may type {} (or a number from 1 to {}).",
        choices
            .iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
            .rsplitn(2, ", ")
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join(" or "),
        choices.len()
    );
    assert!(
        flat.contains(&format!(
            "'garbage' is not something you can type here. {may_type}"
        )),
        "{flat}"
    );
    for number in ["9", "0"] {
        assert!(
            flat.contains(&format!(
                "There is no choice {number}: type a number from 1 to {}, or the choice itself.",
                choices.len()
            )),
            "{flat}"
        );
    }
    assert!(
        flat.contains("'-1' is not something you can type here."),
        "{flat}"
    );
    assert!(
        flat.contains(&format!(
            "'peek 2' is not one of your choices now. {may_type}"
        )),
        "{flat}"
    );
    assert!(
        flat.contains("'take\\u{1b}[31m 1'"),
        "control characters are escaped"
    );
    assert!(!printed.contains('\u{1b}'));
    assert!(
        flat.contains("… (99920 more characters)"),
        "long input is cut"
    );
    // The chance forms are never offered to a person.
    assert!(!flat.contains("roll N"), "{flat}");
    assert!(!flat.contains("draw VF"), "{flat}");
    // Upper case is read as the same choice; input then ends at the next decision, the game
    // stops cleanly and what was played is kept.
    assert_eq!(output.status.code(), Some(1));
    assert!(
        printed.contains("Game stopped after")
            && printed.contains("input ended while seat 0 (ann) was to decide"),
        "{printed}"
    );
    // The message gives commands that work as printed: this program, the file (the
    // message wraps between them).
    let program = binary_path();
    let words = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "saved in {file}; `{program} tui --load {file}` goes on with it; `{program} replay {file}` checks it.",
            file = text(&file)
        )),
        "{words}"
    );
    let replay = mousehole(&["replay", text(&file)]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    assert!(stdout(&replay).contains("unfinished (stopped: input ended while seat 0 (ann)"));
    let transcript = std::fs::read_to_string(&file).unwrap();
    assert!(
        transcript.contains(&format!("{{\"actor\":0,\"action\":\"{first}\"}}")),
        "{transcript}"
    );
}

/// Standard output of a running child, collected on a thread so the test can wait for it.
struct Collected {
    text: Arc<Mutex<String>>,
    reader: std::thread::JoinHandle<()>,
}

impl Collected {
    fn start(child: &mut Child) -> Self {
        let mut out = child.stdout.take().unwrap();
        let text = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&text);
        let reader = std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n) = out.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        Self { text, reader }
    }

    /// Waits until the output has `count` prompts (`NAME> `).
    fn wait_for_prompts(&self, prompt: &str, count: usize) {
        let start = Instant::now();
        while self.text.lock().unwrap().matches(prompt).count() < count {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no prompt: {}",
                self.text.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Everything the program wrote, once it has closed its output (after it exited: what
    /// was read so far may still lack its last lines).
    fn finish(self) -> String {
        self.reader.join().unwrap();
        self.text.lock().unwrap().clone()
    }
}

fn signal(child: &Child, name: &str) {
    let sent = Command::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

#[test]
fn ctrl_c_keeps_the_game_played_so_far() {
    let dir = scratch("ctrl-c");
    let file = dir.join("t.json");
    let mut child = binary()
        .args([
            "play",
            "cheese-day",
            "--seats",
            "human,random,random",
            "--seed",
            "5",
            "--out",
            text(&file),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = Collected::start(&mut child);
    let mut input = child.stdin.take().unwrap();
    output.wait_for_prompts("seat 0 (human)> ", 1);
    for moves in 1..=3 {
        writeln!(input, "1").unwrap();
        input.flush().unwrap();
        output.wait_for_prompts("seat 0 (human)> ", moves + 1);
    }
    // Saved as it goes: the file already holds the three moves.
    let saved = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        saved
            .events
            .iter()
            .filter(|e| e.actor == mousehole_engine::Actor::Seat(0))
            .count(),
        3
    );
    signal(&child, "-INT");
    let status = child.wait().unwrap();
    let printed = output.finish();
    assert_eq!(status.code(), Some(130), "{printed}");
    assert!(
        printed.contains("interrupted by SIGINT (Ctrl-C)"),
        "{printed}"
    );
    let transcript = Transcript::from_json(&std::fs::read_to_string(&file).unwrap())
        .expect("the file is a whole transcript");
    assert_eq!(
        transcript.stopped.as_deref(),
        Some("interrupted by SIGINT (Ctrl-C)")
    );
    assert!(transcript.outcome.is_none());
    let replay = mousehole(&["replay", text(&file)]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    assert!(
        stdout(&replay).contains("unfinished (stopped: interrupted by SIGINT (Ctrl-C))"),
        "{}",
        stdout(&replay)
    );
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
}

#[test]
fn sigterm_stops_a_long_bot_run_keeping_every_game() {
    let dir = scratch("sigterm");
    let file = dir.join("many.jsonl");
    let mut child = binary()
        .args([
            "play",
            "mouse-race",
            "--games",
            "1000000",
            "--seed",
            "1",
            "--out",
            text(&file),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let output = Collected::start(&mut child);
    output.wait_for_prompts("game ", 5);
    signal(&child, "-TERM");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    let lines = std::fs::read_to_string(&file).unwrap();
    let read = Transcript::from_json_lines(&lines);
    assert!(read.len() >= 5);
    let (_, last) = read.last().unwrap();
    assert_eq!(
        last.as_ref().unwrap().stopped.as_deref(),
        Some("stopped by SIGTERM")
    );
    let replay = mousehole(&["replay", text(&file)]);
    assert!(replay.status.success(), "{}", stdout(&replay));
}

/// `mousehole schema GAME` prints the published JSON Schema of the game's observation: the
/// engine's `observation_schema`, which the conformance harness validates every game's real
/// observations against, snapshotted per game so any change to the contract bots read is a
/// reviewed diff. A spec with options prints the same schema.
#[test]
fn schema_prints_each_games_observation_contract() {
    for description in mousehole_engine::registry::games() {
        let output = mousehole(&["schema", description.name]);
        assert!(output.status.success(), "{}", stderr(&output));
        let printed = stdout(&output);
        let published = mousehole_engine::registry::build(description.name)
            .unwrap()
            .observation_schema();
        assert_eq!(
            printed,
            format!("{}\n", serde_json::to_string_pretty(&published).unwrap()),
            "{}: the printed schema is the one the tests validate against",
            description.name
        );
        insta::assert_snapshot!(format!("schema_{}", description.name), printed);
        let with_options = mousehole(&["schema", &format!("{}:players=2", description.name)]);
        assert_eq!(stdout(&with_options), printed, "{}", description.name);
    }
    let output = mousehole(&["schema", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown game 'chess'"));
}

/// The game `mousehole tui` plays with these seats and seed, headless: the app's own loop,
/// its bots on their thread, a test clock so their pace costs no time; `resume` continues a
/// saved game instead of starting one.
fn tui_game(spec: &str, seats: &str, seed: u64, resume: Option<Transcript>) -> Transcript {
    use mousehole_tui::{App, GamePlan, Launch, Theme};
    let labels = mousehole_bots::SeatLabel::parse_list(seats).unwrap();
    let launch = match resume {
        Some(saved) => Launch::Resume {
            plan: GamePlan::new(
                GameSpec::from_recorded(&saved.game, &saved.options).unwrap(),
                labels,
                saved.seed,
            ),
            transcript: Box::new(saved),
        },
        None => Launch::Play(GamePlan::new(spec.parse().unwrap(), labels, seed)),
    };
    let mut app = App::new(launch, Theme::MONOCHROME).expect("the app starts");
    let mut clock = Instant::now();
    let started = Instant::now();
    while !app.game_over() {
        assert!(
            started.elapsed() < Duration::from_mins(10),
            "{spec}: the TUI's game did not end"
        );
        clock += Duration::from_secs(10);
        if !app.tick(clock) {
            std::thread::sleep(Duration::from_micros(200));
        }
    }
    app.transcript().expect("a game")
}

/// The games of the front-end tests: the short game of every game
/// ([`short_games`](crate::games::short_games)), a small search in the even seats (the
/// searching levels are too slow for a debug build) and random players in the odd ones.
fn front_end_games() -> Vec<(String, String)> {
    crate::games::short_games()
        .into_iter()
        .map(|(spec, players)| {
            let seats =
                crate::games::alternating("mc:playouts=200,rollout=heuristic", "random", players);
            (spec, seats)
        })
        .collect()
}

/// Plays `spec` with `seats` with `mousehole play` into file `index` of `dir`.
fn played_into(dir: &Path, index: usize, (spec, seats): (&str, &str), seed: u64) -> PathBuf {
    let played = dir.join(format!("play-{index}.json"));
    let output = mousehole(&[
        "play",
        spec,
        "--seats",
        seats,
        "--seed",
        &seed.to_string(),
        "-q",
        "--out",
        text(&played),
    ]);
    assert!(output.status.success(), "{spec}: {}", stderr(&output));
    played
}

#[test]
fn play_and_the_tui_play_the_same_game_from_the_same_seed_and_seats() {
    let dir = scratch("front-ends");
    for (index, (spec, seats)) in front_end_games().iter().enumerate() {
        let seed = 5 + index as u64;
        let played = played_into(&dir, index, (spec, seats), seed);
        let in_the_tui = dir.join(format!("tui-{index}.json"));
        mousehole_tui::write_transcript(&in_the_tui, &tui_game(spec, seats, seed, None)).unwrap();
        let (played, in_the_tui) = (
            std::fs::read(&played).unwrap(),
            std::fs::read(&in_the_tui).unwrap(),
        );
        assert!(
            played == in_the_tui,
            "{spec}: play and the TUI part:\n{}\n{}",
            String::from_utf8_lossy(&played),
            String::from_utf8_lossy(&in_the_tui)
        );
        let transcript = Transcript::from_json_bytes(&played).unwrap();
        assert!(transcript.outcome.is_some(), "{spec}: unfinished");
        assert!(
            transcript.events.iter().any(|e| e.info.is_some()),
            "{spec}: the search level said nothing of its choices"
        );
    }
}

#[test]
fn a_game_saved_from_play_goes_on_in_the_tui_as_play_would_have_played_it() {
    let dir = scratch("play-to-tui");
    for (index, (spec, seats)) in front_end_games().iter().enumerate() {
        let seed = 31 + index as u64;
        let played = played_into(&dir, index, (spec, seats), seed);
        let whole = Transcript::from_json_bytes(&std::fs::read(&played).unwrap()).unwrap();
        // What `--out` holds part way through: the events so far, and no outcome yet.
        let mut saved = whole.clone();
        saved.events.truncate(whole.events.len() / 2);
        saved.outcome = None;
        let went_on = tui_game(spec, seats, seed, Some(saved));
        assert_eq!(went_on, whole, "{spec}: the resumed game went another way");
    }
}

mod hostile;
mod links;
mod network;
mod prompt;

#[test]
fn the_end_banner_says_why_the_game_ended_and_the_places_went_so() {
    // A person who keeps taking cards until a third trap: out at once, placed last whatever
    // the scores; the banner says so.
    for seed in 1..40 {
        let output = with_stdin(
            &[
                "play",
                "cheese-day",
                "--seats",
                "human,random",
                "--seed",
                &seed.to_string(),
            ],
            &"1\n".repeat(60),
        );
        let printed = stdout(&output);
        if !printed.contains("your third") {
            continue;
        }
        assert!(
            printed.contains("How it ended: you took a third trap: out at once, placed last."),
            "{printed}"
        );
        return;
    }
    panic!("no seed had the person take a third trap");
}

#[test]
fn a_command_without_its_game_lists_the_games() {
    for command in ["play", "host", "rules"] {
        let output = binary().arg(command).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{command}");
        let said = stderr(&output);
        for game in games() {
            assert!(said.contains(game.name), "{command}: {said}");
        }
    }
}
