//! The hostile tester's defects (issue 21), each reproduced with the command that showed it,
//! and the class it belongs to checked for every command: a closed or full standard output,
//! every stop signal on the long-running commands, every file and parse error in people's
//! words.

use std::fs::OpenOptions;
use std::time::{Duration, Instant};

use super::*;

/// What serde, serde_json and the standard library say, that a person should never read.
const JARGON: [&str; 17] = [
    "(os error",
    "expected ident",
    "EOF while parsing",
    "trailing characters",
    "invalid type:",
    "missing field `",
    "number out of range",
    "stream did not contain",
    "recursion limit",
    "number too large to fit",
    "invalid float literal",
    "invalid digit found",
    "expected value at",
    "expected struct",
    "expected a sequence",
    "panicked",
    "RUST_BACKTRACE",
];

fn assert_plain(what: &str, text: &str) {
    for jargon in JARGON {
        assert!(!text.contains(jargon), "{what}: {jargon:?} in {text}");
    }
}

/// The words of a command line (none has a space of its own: scratch paths have none).
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// `mousehole` run with the words of `line`.
fn run(line: &str) -> Output {
    mousehole(&words(line))
}

/// A program for an `exec:` seat, in `sh`: runs `start`, says hello, is ready for every game,
/// answers each act with `answer` (a shell command that prints the reply line and may use
/// `$id`, the act's id, `$action`, its first legal action, and `$n`, the act's number from
/// 1), ignores `quit`, and runs `end` when its input closes. Made executable, so that
/// `exec:PATH` runs it.
fn shell_bot(path: &Path, start: &str, answer: &str, end: &str) -> String {
    let script = format!(
        r#"#!/bin/sh
{start}
n=0
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{{"type":"hello"}}' ;;
    *'"type":"new_game"'*) echo '{{"type":"ready"}}' ;;
    *'"type":"act"'*)
      n=$((n + 1))
      id=$(printf '%s' "$line" | sed 's/^{{"type":"act","id":\([0-9]*\).*/\1/')
      action=$(printf '%s' "$line" | sed 's/.*"legal":\["\([^"]*\)".*/\1/')
      {answer} ;;
  esac
done
{end}
"#
    );
    std::fs::write(path, script).unwrap();
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    format!("exec:{}", text(path))
}

/// The reply that plays `$action`, as a shell command for [`shell_bot`].
const PLAY_FIRST: &str = r#"printf '{"type":"action","id":%s,"action":"%s"}\n' "$id" "$action""#;

/// Where standard output goes.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// A pipe whose reader has gone (`| head -c 10` once head has read its ten bytes).
    Closed,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
}

fn run_into(args: &[&str], sink: Sink, dir: &Path) -> Output {
    let out = match sink {
        Sink::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            Stdio::from(writer)
        }
        Sink::Full => Stdio::from(OpenOptions::new().write(true).open("/dev/full").unwrap()),
    };
    // What a host first sends a program: only `agent` reads it (and answers it).
    let hello = dir.join("hello.jsonl");
    std::fs::write(
        &hello,
        "{\"type\":\"hello\",\"protocol\":\"mousehole-agent/1\"}\n",
    )
    .unwrap();
    binary()
        .args(args)
        .current_dir(dir)
        .stdin(std::fs::File::open(&hello).unwrap())
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// The commands `mousehole --help` lists.
fn commands() -> Vec<String> {
    let help = stdout(&mousehole(&["--help"]));
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("    "))
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect()
}

/// Items 1 and 13, and their class: every command, its help and the program's help, version
/// and completions, on a closed standard output ends quietly with status 0, and on a full one
/// says the disk is full with status 2 (`completions` panicked; `--help` and `--version`
/// wrote nothing and said nothing, status 0).
#[test]
fn every_command_on_a_closed_or_full_stdout_ends_quietly_or_says_the_disk_is_full() {
    let dir = scratch("hostile-stdout");
    let game = bot_game(&dir, "game.json", "3");
    for shard in ["0/2", "1/2"] {
        let part = dir.join(format!("p{}.jsonl", &shard[..1]));
        let parted = run(&format!(
            "tournament --game cheese-day --agents random,random,random --games 12 --seed 1 --shard {shard} --part {}",
            text(&part)
        ));
        assert!(parted.status.success(), "{}", stderr(&parted));
    }
    let game = text(&game);
    let lines = [
        "--help".to_owned(),
        "-h".to_owned(),
        "--version".to_owned(),
        "help".to_owned(),
        "help play".to_owned(),
        "list".to_owned(),
        "list --markdown".to_owned(),
        "rules cheese-day".to_owned(),
        "schema mouse-race".to_owned(),
        "play cheese-day --seed 1".to_owned(),
        "play mouse-race --games 3 --seed 1".to_owned(),
        format!("replay {game}"),
        format!("replay --show {game}"),
        format!("view {game} --seat 1"),
        format!("analyze {game} --agent ismcts:iterations=20"),
        "bench cheese-day --count 1".to_owned(),
        // The join lines, then it would wait for the players.
        "host cheese-day --seats remote,random --bind 127.0.0.1".to_owned(),
        "tournament --game cheese-day --agents random,random,random --games 3".to_owned(),
        "tournament merge p0.jsonl p1.jsonl".to_owned(),
        // Answers the host's hello on its standard input.
        "agent heuristic".to_owned(),
    ];
    let mut cases: Vec<Vec<&str>> = lines.iter().map(|line| words(line)).collect();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        cases.push(vec!["completions", shell]);
    }
    let commands = commands();
    assert!(commands.len() >= 13, "{commands:?}");
    for command in &commands {
        cases.push(vec![command, "--help"]);
    }
    // Every command's own output is tried, but the TUI's (`tui` and `review` need a
    // terminal) and the strength report's (it takes an hour).
    for command in &commands {
        assert!(
            cases
                .iter()
                .any(|case| case[0] == command && case.get(1) != Some(&"--help"))
                // `join` writes only once a host lets it in (the module `cli::network` plays it).
                || ["tui", "review", "strength", "join"].contains(&command.as_str()),
            "{command} has no case that writes its real output"
        );
    }
    for args in &cases {
        let closed = run_into(args, Sink::Closed, &dir);
        let said = (closed.status.code(), stderr(&closed));
        assert_eq!(said, (Some(0), String::new()), "{args:?} closed");
        let full = run_into(args, Sink::Full, &dir);
        let said = (full.status.code(), stderr(&full));
        let disk_full = "error: cannot write the output: the disk is full\n".to_owned();
        assert_eq!(said, (Some(2), disk_full), "{args:?} full");
    }
}

/// Whether process `pid` still runs (a zombie waiting to be reaped does not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(") ")
                .map(|(_, rest)| !rest.starts_with('Z'))
        })
        .unwrap_or(false)
}

/// Asserts that no process the stubborn programs wrote to `pids` runs (a moment allowed for
/// the kill to land).
fn assert_none_running(pids: &Path, what: &str) {
    let listed = std::fs::read_to_string(pids).unwrap_or_default();
    let pids: Vec<&str> = listed.split_whitespace().collect();
    assert!(!pids.is_empty(), "{what}: no program started");
    let start = Instant::now();
    while pids.iter().any(|pid| running(pid)) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<&&str> = pids.iter().filter(|pid| running(pid)).collect();
    assert!(left.is_empty(), "{what}: still running: {left:?}");
}

/// Starts `args` with the stubborn program's pid file, waits until `ready` holds, sends each
/// of `signals` (a moment apart), and returns its output and how long it took to end after
/// the first signal.
fn stop_with(
    args: &[&str],
    pids: &Path,
    ready: &dyn Fn() -> bool,
    signals: &[&str],
) -> (Output, Duration) {
    let child = binary()
        .args(args)
        .env("PIDS", pids)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "{args:?}: never ready"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let stopped = Instant::now();
    for (i, name) in signals.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(Duration::from_millis(200));
        }
        signal(&child, name);
    }
    let output = child.wait_with_output().unwrap();
    (output, stopped.elapsed())
}

fn ended_with(output: &Output, status: i32, what: &str) {
    let code = output.status.code();
    assert_eq!(code, Some(status), "{what}: {}", stderr(output));
}

fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

/// Item 2, and its class: a tournament with a program that ignores `quit` (and starts a child
/// of its own) stops on SIGTERM, SIGHUP and a double Ctrl-C with 128 + the signal, a readable
/// report of the deals finished, whole transcript lines, and nothing of the program left
/// running; so do `play` and `bench --external`.
#[test]
fn every_stop_signal_ends_a_long_run_writing_what_was_finished_and_killing_its_programs() {
    let dir = scratch("hostile-signals");
    // It starts a child of its own, writes both process ids to $PIDS, and never exits.
    let bot = dir.join("stubborn");
    let exec = shell_bot(
        &bot,
        r#"sleep 1000 & echo "$$ $!" >> "$PIDS""#,
        PLAY_FIRST,
        "while :; do sleep 1; done",
    );
    for (signals, status) in [
        (&["-TERM"][..], 143),
        (&["-HUP"][..], 129),
        (&["-INT", "-INT"][..], 130),
    ] {
        let what = format!("tournament {signals:?}");
        let pids = dir.join(format!("pids{status}"));
        let file = |ending: &str| dir.join(format!("r{status}.{ending}"));
        let (json, md, out) = (file("json"), file("md"), file("jsonl"));
        let line = format!(
            "tournament --game cheese-day:players=2 --agent {exec} --agents random --games 1000000 --seed 1 --jobs 2 --quiet --json {} --md {} --out {}",
            text(&json),
            text(&md),
            text(&out)
        );
        let (output, took) = stop_with(&words(&line), &pids, &|| lines_in(&out) >= 10, signals);
        ended_with(&output, status, &what);
        assert!(took < Duration::from_secs(20), "{what}: took {took:?}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(report["interrupted"], true, "{what}");
        let games = report["games_played"].as_u64().unwrap();
        assert!(games >= 10, "{what}: {games}");
        let markdown = std::fs::read_to_string(&md).unwrap();
        assert!(markdown.contains("INTERRUPTED after"), "{what}: {markdown}");
        let read = Transcript::from_json_lines(&std::fs::read_to_string(&out).unwrap());
        assert_eq!(read.len() as u64, games, "{what}");
        assert!(read.iter().all(|(_, t)| t.is_ok()), "{what}");
        assert_none_running(&pids, &what);
    }

    // play: everything finished written, the game in progress stopped and kept.
    for (signals, status) in [(&["-TERM"][..], 143), (&["-INT", "-INT"][..], 130)] {
        let what = format!("play {signals:?}");
        let pids = dir.join(format!("play-pids{status}"));
        let out = dir.join(format!("play{status}.jsonl"));
        let line = format!(
            "play cheese-day:players=2 --seats {exec},random --games 1000000 --seed 1 --quiet --out {}",
            text(&out)
        );
        let (output, _) = stop_with(&words(&line), &pids, &|| lines_in(&out) >= 3, signals);
        ended_with(&output, status, &what);
        let replay = mousehole(&["replay", text(&out)]);
        assert!(replay.status.success(), "{what}: {}", stdout(&replay));
        assert_none_running(&pids, &what);
    }

    // bench --external measures until stopped: it ends at once, its program with it.
    let pids = dir.join("bench-pids");
    let line = format!(
        "bench cheese-day --external {} --decisions 100000000",
        text(&bot)
    );
    let (output, took) = stop_with(&words(&line), &pids, &|| lines_in(&pids) >= 1, &["-TERM"]);
    assert_eq!(
        output.status.code(),
        Some(143),
        "bench: {}",
        stderr(&output)
    );
    assert!(took < Duration::from_secs(5), "bench took {took:?}");
    assert_none_running(&pids, "bench");
}

/// Plays a heads-up Cheese Day game of the program `exec` against `random` into `dir/g.json`.
fn against_random(exec: &str, dir: &Path, seed: &str) -> (PathBuf, Output) {
    let file = dir.join("g.json");
    let line = format!("play cheese-day:players=2 --seats {exec},random --seed {seed} -q --out");
    let mut args = words(&line);
    args.push(text(&file));
    let output = mousehole(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    (file, output)
}

/// `{"a":{"a":…1…}}`, `depth` levels of objects.
fn nested(depth: usize) -> String {
    format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
}

/// Item 3: an info the host keeps is one `replay` reads back; a deeper or larger one, or one
/// whose `win` is not a number, is the program's fault. (Before, an info 125 levels deep was
/// written and `replay` failed on the JSON reader's recursion limit.)
#[test]
fn a_programs_info_is_kept_only_when_the_transcript_can_read_it_back() {
    let dir = scratch("hostile-info");
    let deepest = mousehole_engine::transcript::MAX_INFO_DEPTH;
    let largest = mousehole_engine::transcript::MAX_INFO_BYTES;
    // `{"note":"x…"}`: 11 bytes around the text.
    let big = format!("{{\"note\":\"{}\"}}", "x".repeat(largest - 11));
    let infos = [
        nested(deepest),
        nested(deepest + 1),
        big.clone(),
        big.replacen('x', "xx", 1),
        "{\"win\":\"high\"}".to_owned(),
        nested(100),
    ];
    for (i, info) in infos.iter().enumerate() {
        std::fs::write(dir.join(format!("info{}.json", i + 1)), info).unwrap();
    }
    let exec = shell_bot(
        &dir.join("informer"),
        "",
        r#"info=$(cat "$(dirname "$0")/info$n.json" 2>/dev/null || echo '{}')
      printf '{"type":"action","id":%s,"action":"%s","info":%s}\n' "$id" "$action" "$info""#,
        "",
    );
    let (file, played) = against_random(&exec, &dir, "4");
    assert_plain("play", &stderr(&played));
    let replay = mousehole(&["replay", text(&file)]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    let transcript = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let answers: Vec<_> = transcript
        .events
        .iter()
        .filter(|e| e.info.is_some() || e.fault.is_some())
        .take(6)
        .collect();
    assert_eq!(answers.len(), 6);
    assert!(answers[0].info.is_some() && answers[2].info.is_some());
    let faults: Vec<String> = [1, 3, 4, 5]
        .iter()
        .map(|&i| {
            let fault = answers[i].fault.as_ref().expect("a fault");
            format!(
                "{}: {}",
                serde_json::to_value(fault.kind).unwrap(),
                fault.text
            )
        })
        .collect();
    let expected = [
        "\"not_json\": its info is nested 33 levels deep; a transcript keeps at most 32",
        "\"too_long\": its info is 65537 bytes of JSON",
        "\"not_json\": key 'info': key 'win': expected a number",
        "\"not_json\": its info is nested 100 levels deep",
    ];
    for (fault, expected) in faults.iter().zip(expected) {
        assert!(fault.starts_with(expected), "{fault}");
    }

    // A file with a deeper info than the host keeps is refused in the same words.
    let forged =
        std::fs::read_to_string(&file)
            .unwrap()
            .replacen(&nested(deepest), &nested(deepest + 1), 1);
    let forged_file = dir.join("forged.json");
    std::fs::write(&forged_file, forged).unwrap();
    let replay = mousehole(&["replay", text(&forged_file)]);
    let report = stdout(&replay);
    assert_eq!(replay.status.code(), Some(1), "{report}");
    let refused = "its info is nested 33 levels deep; a transcript keeps at most 32";
    assert!(report.contains(refused), "{report}");
}

/// Item 4: two people at one terminal, input ends at ann's first prompt: the end shows her
/// nothing she was shown already (it listed events 9 to 16, copies of 1 to 8), and bob the
/// eight events he has not seen.
#[test]
fn the_hot_seat_recap_shows_each_event_once() {
    let file = scratch("hostile-recap").join("g.json");
    let line = format!(
        "play cheese-day:players=2 --seats human:ann,human:bob --seed 2 --out {}",
        text(&file)
    );
    let output = with_stdin(&words(&line), "\n");
    assert_eq!(output.status.code(), Some(1));
    let printed = stdout(&output);
    assert!(printed.contains("Game stopped after 8 events"), "{printed}");
    assert!(
        !printed.contains("as seat 0 (ann) saw it ---\n    9."),
        "{printed}"
    );
    assert!(!printed.contains("\n    9. "), "{printed}");
    let first = printed
        .matches("1. chance: draw 5? → into pantry slot 1")
        .count();
    assert_eq!(first, 2, "{printed}");
    let bobs = "--- the end of the game, as seat 1 (bob) saw it ---\n    1. chance";
    assert!(printed.contains(bobs), "{printed}");
}

/// Item 7: `view` refuses what `replay` refuses (a forged outcome, a game cut short that keeps
/// its outcome), through the same check; an unfinished game's view ends unfinished.
#[test]
fn view_refuses_what_replay_refuses() {
    let dir = scratch("hostile-view");
    let played = bot_game(&dir, "g.json", "3");
    let whole = Transcript::from_json_bytes(&std::fs::read(&played).unwrap()).unwrap();
    let outcome = whole.outcome.clone().expect("a finished game");
    let mut forged = whole.clone();
    let mut claimed = outcome.clone();
    claimed.ranks = vec![1; claimed.ranks.len()];
    claimed.scores = vec![99; claimed.scores.len()];
    forged.outcome = Some(claimed);
    let mut cut = whole.clone();
    cut.events.truncate(whole.events.len() / 2);
    let mut unfinished = cut.clone();
    unfinished.outcome = None;
    for (name, transcript, valid) in [
        ("forged.json", &forged, false),
        ("cut.json", &cut, false),
        ("unfinished.json", &unfinished, true),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, transcript.to_json_pretty()).unwrap();
        let replayed = mousehole(&["replay", text(&file)]);
        let viewed = mousehole(&["view", text(&file), "--seat", "1", "--text"]);
        assert_eq!(
            replayed.status.success(),
            valid,
            "{name}: {}",
            stdout(&replayed)
        );
        assert_eq!(
            viewed.status.success(),
            valid,
            "{name}: {}",
            stdout(&viewed)
        );
        if valid {
            let view = stdout(&viewed);
            assert!(view.ends_with("outcome: unfinished\n"), "{name}: {view}");
            assert!(!view.contains("seat  rank"), "{name}: {view}");
        } else {
            assert_eq!(viewed.status.code(), Some(1), "{name}");
            assert!(stdout(&viewed).is_empty(), "{name}: {}", stdout(&viewed));
            let said = stderr(&viewed);
            assert!(
                said.contains("no view made: INVALID: the recorded outcome"),
                "{name}: {said}"
            );
            assert_plain(name, &said);
        }
    }
}

/// Item 5: a turn limit the program cannot play (it never ended, growing ~200 MB/s) is
/// refused; the largest allowed one plays to its end.
#[test]
fn a_turn_limit_is_one_the_program_can_play() {
    let refused = run("play mouse-trap:trap_reliability=0,max_turns=4294967295 --seed 1 -q");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        stderr(&refused),
        "error: bad value '4294967295' for option 'max_turns' of mouse-trap: expected a number of turns from 1 to 100000\n"
    );
    let start = Instant::now();
    let longest = run("play mouse-trap:trap_reliability=0,max_turns=100000 --seed 1");
    assert!(longest.status.success(), "{}", stderr(&longest));
    assert!(start.elapsed() < Duration::from_mins(1));
    assert!(stdout(&longest).contains("outcome:"));
}

/// Item 6: saving costs a write per game (and per wait for a person), not the whole game
/// again after every event: a 40,000-turn game with --out (quadratic before: minutes) and
/// 50 games to a .jsonl.
#[test]
fn saving_a_long_game_costs_what_playing_it_costs() {
    let dir = scratch("hostile-save");
    let d = text(&dir);
    // Each played and timed: seconds at most, where saving after every event took minutes.
    let timed = |line: &str, input: &str, limit: u64| {
        let start = Instant::now();
        let output = with_stdin(&words(line), input);
        assert!(output.status.success(), "{line}: {}", stderr(&output));
        let took = start.elapsed();
        assert!(took < Duration::from_secs(limit), "{line}: {took:?}");
    };
    let long = "mouse-trap:trap_reliability=0,max_turns=40000";
    timed(
        &format!("play {long} --seed 1 -q --out {d}/long.json"),
        "",
        20,
    );
    timed(
        &format!("play mouse-race --games 50 --seed 1 -q --out {d}/m.jsonl"),
        "",
        20,
    );
    assert_eq!(lines_in(&dir.join("m.jsonl")), 50);
    // A person's game, typed by a script: saved atomically, whole at the end.
    let person = "mouse-trap:trap_reliability=0,max_turns=20000 --seats human,random";
    let line = format!("play {person} --seed 1 --out {d}/person.json");
    timed(&line, &"1\n".repeat(20_000), 30);
    let replay = run(&format!("replay {d}/person.json"));
    assert!(replay.status.success(), "{}", stdout(&replay));
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 3, "no temporary file is left: {names:?}");
}

/// Item 8: a strength report into a folder that cannot be made fails at once, not after the
/// hours of games.
#[test]
fn strength_checks_its_folder_before_playing() {
    for (out, reason) in [
        (
            "/dev/null/report",
            "a part of the path is a file, not a folder",
        ),
        ("/proc/mousehole-report", "there is no such file or folder"),
    ] {
        let start = Instant::now();
        let output = mousehole(&["strength", "--quick", "--out", out]);
        assert_eq!(output.status.code(), Some(2));
        assert!(start.elapsed() < Duration::from_secs(10));
        assert_eq!(
            stderr(&output),
            format!("error: cannot create {out}/strength: {reason}\n")
        );
    }
}

/// A build without the `charts` feature (the default) says at once how to get the strength
/// report, before any game is played.
#[cfg(not(feature = "charts"))]
#[test]
fn strength_without_its_charts_says_how_to_build_them() {
    let dir = scratch("hostile-strength");
    let out = dir.to_str().unwrap();
    let start = Instant::now();
    let output = mousehole(&["strength", "--quick", "--out", out]);
    assert_eq!(output.status.code(), Some(2));
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(
        stderr(&output),
        "error: this build of mousehole draws no charts, which the strength report needs: build it with `--features charts` (`cargo xtask strength` does)\n"
    );
}

/// Item 9: `rules` checks the whole spec, as `schema` and `play` do.
#[test]
fn rules_refuses_what_schema_refuses() {
    for spec in [
        "cheese-day:players=9",
        "cheese-day:bogus=zzz",
        "cheese-day:players=3,players=4",
        "mouse-race:size=4",
    ] {
        let rules = mousehole(&["rules", spec]);
        let schema = mousehole(&["schema", spec]);
        assert_eq!(rules.status.code(), Some(2), "{spec}");
        assert_eq!(stdout(&rules), "", "{spec}");
        assert_eq!(stderr(&rules), stderr(&schema), "{spec}");
        assert!(stderr(&rules).starts_with("error: "), "{spec}");
    }
    assert!(
        mousehole(&["rules", "cheese-day:players=4"])
            .status
            .success()
    );
}

/// Item 10: without a terminal the TUI says it needs one, once, and that `play` is the line
/// prompt; bad arguments are reported first.
#[test]
fn the_tui_says_it_needs_a_terminal_after_checking_its_arguments() {
    let output = mousehole(&["tui"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: the terminal UI needs a terminal: standard input and output must both be one (for scripts and pipes, `mousehole play` is the line-based prompt)\n"
    );
    let bad = mousehole(&["tui", "cheese-day:players=9"]);
    assert_eq!(
        stderr(&bad),
        "error: bad value '9' for option 'players' of cheese-day: expected a number of players from 2 to 6\n"
    );
    let missing = mousehole(&["tui", "--load", "/nonexistent.json"]);
    assert_eq!(
        stderr(&missing),
        "error: /nonexistent.json: cannot read it: there is no such file or folder\n"
    );
    let seats = mousehole(&["tui", "cheese-day", "--seats", "human,robot,random"]);
    assert!(
        stderr(&seats).contains("unknown agent 'robot'"),
        "{}",
        stderr(&seats)
    );
}

/// The peak memory of a running process, in bytes.
fn peak_memory(pid: u32) -> u64 {
    memory(pid, "VmHWM:")
}

/// A running process's memory as `/proc/PID/status` gives it under `field`, in bytes.
fn memory(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Item 11: reading a long transcript takes about what the transcript itself takes, not a
/// JSON tree of it (some thirty times the text before).
#[test]
fn reading_a_long_transcript_takes_memory_in_proportion() {
    let dir = scratch("hostile-memory");
    let file = dir.join("long.jsonl");
    let longest = "mouse-trap:trap_reliability=0,max_turns=100000";
    let played = run(&format!("play {longest} --seed 1 -q --out {}", text(&file)));
    assert!(played.status.success());
    let line = std::fs::read(&file).unwrap();
    let events = Transcript::from_json_lines(std::str::from_utf8(&line).unwrap())[0]
        .1
        .as_ref()
        .unwrap()
        .events
        .len() as u64;
    assert!(events > 100_000, "{events}");
    // Standard input held open after the line, so the reader is measured before it exits.
    let mut command = binary();
    command.args(["replay", "-"]).stdin(Stdio::piped());
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(&line).unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut report = String::new();
    reader.read_line(&mut report).unwrap();
    assert!(
        report.starts_with("standard input:1: ok: mouse-trap"),
        "{report}"
    );
    let peak = peak_memory(child.id());
    drop(input);
    assert!(child.wait().unwrap().success());
    // The line, the transcript it becomes (a few hundred bytes an event) and the program.
    let bound = 2 * line.len() as u64 + 300 * events + 30_000_000;
    assert!(
        peak < bound,
        "{peak} bytes to read a {} byte line of {events} events",
        line.len()
    );
}

/// Item 12, files: every file error in people's words, with no `(os error N)`.
#[test]
fn file_errors_say_what_is_wrong_in_peoples_words() {
    let dir = scratch("hostile-files");
    let part = |text: &str| {
        let path = dir.join(format!("part{}.jsonl", text.len()));
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let (string, no_agents, not_utf8) = (
        part("\"x\"\n"),
        part("{\"format\":\"mousehole-tournament-part/1\",\"game\":\"cheese-day\"}\n"),
        part("\u{0}\u{0}\n"),
    );
    std::fs::write(&not_utf8, b"\xff\xfe\n").unwrap();
    let tournament = "tournament --game cheese-day --agents random,random,random --games 3";
    let missing = "there is no such file or folder";
    // A file on a full disk, as /dev/full behind a name.
    let full = dir.join("full.json");
    std::os::unix::fs::symlink("/dev/full", &full).unwrap();
    let full = text(&full);
    let cases = [
        (
            format!("play cheese-day -q --out {full}"),
            format!("error: cannot write {full}: the disk is full"),
        ),
        (
            format!("{tournament} --json {full}"),
            format!("error: cannot write {full}: the disk is full"),
        ),
        (
            "play cheese-day --out /nonexistent/x.json".to_owned(),
            format!("error: cannot write /nonexistent/x.json: {missing}"),
        ),
        (
            "view /nonexistent.json --seat 0".to_owned(),
            format!("error: cannot read /nonexistent.json: {missing}"),
        ),
        (
            "analyze /nonexistent.json".to_owned(),
            format!("error: cannot read /nonexistent.json: {missing}"),
        ),
        (
            "analyze /".to_owned(),
            "error: cannot read /: it is a folder, not a file".to_owned(),
        ),
        (
            format!("{tournament} --json /nonexistent/r.json"),
            format!("error: cannot write /nonexistent/r.json: {missing}"),
        ),
        (
            format!("{tournament} --md /nonexistent/r.md"),
            format!("error: cannot write /nonexistent/r.md: {missing}"),
        ),
        (
            format!("{tournament} --out /nonexistent/r.jsonl"),
            format!("error: cannot create /nonexistent/r.jsonl: {missing}"),
        ),
        (
            "tournament merge /nonexistent.jsonl".to_owned(),
            format!("error: cannot read /nonexistent.jsonl: {missing}"),
        ),
        (
            format!("tournament merge {string}"),
            "line 1: not a tournament part header: the string \"x\" is not allowed here: expected an object (column 3)".to_owned(),
        ),
        (
            format!("tournament merge {no_agents}"),
            "line 1: not a tournament part header: the key \"agents\" is missing".to_owned(),
        ),
        (
            format!("tournament merge {not_utf8}"),
            "line 1: cannot read it: it is not UTF-8 text".to_owned(),
        ),
        (
            "tui --load /nonexistent.json".to_owned(),
            format!("error: /nonexistent.json: cannot read it: {missing}"),
        ),
    ];
    for (line, message) in &cases {
        let args = words(line);
        let output = mousehole(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_plain(&format!("{args:?}"), &err);
    }
}

/// Item 12, numbers, and the class: every option of every command that takes a number,
/// given garbage, says what is allowed, never the standard library's words.
#[test]
fn every_number_on_the_command_line_is_refused_in_peoples_words() {
    for (args, message) in [
        (
            vec!["tournament", "--games", "99999999999999999999999"],
            "expected a whole number from 1 to 18446744073709551615",
        ),
        (
            vec!["bench", "--seconds", "abc"],
            "expected a number of seconds from 0.1 to 86400",
        ),
        (
            vec!["strength", "--seed", "x"],
            "expected a whole number from 0 to 18446744073709551615",
        ),
    ] {
        let output = mousehole(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // Options whose values are text of some kind; any other takes a number.
    let texts = [
        "FILE",
        "SPEC",
        "LIST",
        "SEATS",
        "SEAT",
        "KEY=VALUE",
        "AGENT|forfeit",
        "I/N",
        "COMMAND",
        "GAME",
        "DIR",
        "PART",
        "SHELL",
        "CODE",
        "NAME",
        "ADDRESS",
        "REV",
    ];
    let mut checked = 0;
    let mut commands: Vec<Vec<String>> = commands().into_iter().map(|c| vec![c]).collect();
    commands.push(vec!["tournament".to_owned(), "merge".to_owned()]);
    for command in commands {
        let mut help_args: Vec<&str> = command.iter().map(String::as_str).collect();
        help_args.push("--help");
        let help = stdout(&mousehole(&help_args));
        for line in help.lines().filter(|l| l.trim_start().starts_with('-')) {
            let Some((name, value)) = line
                .split_whitespace()
                .find(|word| word.starts_with("--"))
                .zip(line.split('<').nth(1).and_then(|v| v.split('>').next()))
            else {
                continue;
            };
            if texts.contains(&value) {
                continue;
            }
            for garbage in ["abc", "99999999999999999999999", "-1", "1e999", "1.5x", ""] {
                let mut args = help_args[..help_args.len() - 1].to_vec();
                args.extend([name, garbage]);
                let output = mousehole(&args);
                assert_eq!(output.status.code(), Some(2), "{args:?}");
                let err = stderr(&output);
                assert!(err.contains("expected "), "{args:?}: {err}");
                assert_plain(&format!("{args:?}"), &err);
                checked += 1;
            }
        }
    }
    assert!(checked >= 6 * 15, "{checked}");
}

/// Item 12, programs: what a program gets wrong is recorded and logged in people's words
/// (not serde_json's `expected ident at line 1 column 2`), and a file that is not a program
/// is said to be one this system cannot run.
#[test]
fn a_programs_faults_are_said_in_peoples_words() {
    let dir = scratch("hostile-faults");
    let exec = shell_bot(
        &dir.join("garbage"),
        "",
        r#"case $n in
        1) echo 'take 3' ;;
        2) echo '{"type":"action"' ;;
        3) echo '{} {}' ;;
        4) echo '{"type":"action","id":1e999}' ;;
        *) echo '[1,]' ;;
      esac"#,
        "",
    );
    let (file, output) = against_random(&exec, &dir, "1");
    let log = stderr(&output);
    assert_plain("log", &log);
    for said in [
        "a bare word where a value was due",
        "the text ends inside an object",
        "more text follows the end of the JSON value",
        "a number is too large to hold",
        "a comma stands before a closing",
    ] {
        assert!(log.contains(said), "{said}: {log}");
    }
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_plain("transcript", &saved);
    assert!(saved.contains("\"not_json\""), "{saved}");

    let not_a_program = dir.join("data.bin");
    std::fs::write(&not_a_program, "abc").unwrap();
    std::fs::set_permissions(
        &not_a_program,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let seats = format!("exec:{},random", text(&not_a_program));
    let output = mousehole(&["play", "cheese-day:players=2", "--seats", &seats, "-q"]);
    let log = stderr(&output);
    assert_plain("not a program", &log);
    let said = "it is not a program this system can run";
    assert!(log.contains(said), "{log}");
}

/// A report written whole replaces a file, never what is not one: `--json /dev/stdout`
/// writes to standard output (renamed over, the device link would have become a file), and a
/// link to a file stays a link to the rewritten file.
#[test]
fn a_report_replaces_a_file_but_writes_through_a_device_or_a_link() {
    let dir = scratch("hostile-devices");
    let (real, link) = (dir.join("real.md"), dir.join("link.md"));
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let tournament = "tournament --game cheese-day --agents random,random,random --games 3 -q";
    let output = run(&format!(
        "{tournament} --json /dev/stdout --md {}",
        text(&link)
    ));
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["games_played"], 3);
    assert!(
        std::fs::symlink_metadata("/dev/stdout")
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let markdown = std::fs::read_to_string(&real).unwrap();
    assert!(markdown.starts_with("# Tournament"), "{markdown}");
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
}

/// Issue 46: a person's game whose standard output closes mid-game is a stopped game, said so
/// by the exit status (it was 0: the unread last lines hid it), the transcript kept.
#[test]
fn a_persons_game_whose_output_closes_stops_with_a_failing_status_and_its_transcript() {
    let dir = scratch("hostile-person-closed");
    let file = dir.join("game.json");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, "1\n".repeat(200)).unwrap();
    let played = binary()
        .args([
            "play",
            "cheese-day",
            "--seats",
            "human,random",
            "--seed",
            "1",
            "--out",
        ])
        .arg(&file)
        .stdin(std::fs::File::open(&moves).unwrap())
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(played.status.code(), Some(1), "{}", stderr(&played));
    let kept = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let stopped = kept
        .stopped
        .as_deref()
        .expect("the game is said to have stopped");
    assert!(stopped.contains("the reader has gone"), "{stopped}");
    kept.replay().expect("what was played replays");
}

/// Issue 46, case 1: a seat that floods the host with pings and never reads a pong costs the
/// host a bounded amount of memory (3 million pings took the host from 7 MB to 364 MB). That
/// such a client is dropped once it has not answered the host's pings for the idle timeout (a
/// minute here) is checked with a shorter timeout by the net crate's tests.
#[test]
fn a_ping_flood_from_a_seat_that_never_reads_costs_the_host_a_bounded_amount() {
    use mousehole_net::testing::{Opcode, RawClient};
    let hosting =
        super::network::Hosting::start(&["cheese-day:players=2", "--seats", "remote,random"]);
    let pid = hosting.child.id();
    let (address, code) = hosting.seats[0].clone();
    let mut raw = RawClient::connect(address.parse().unwrap());
    raw.text(&format!(r#"{{"type":"join","code":"{code}"}}"#))
        .unwrap();
    let before = memory(pid, "VmRSS:");
    // Pings of 125 bytes (the most a control frame holds), a thousand to a write.
    let ping = raw.frame_bytes(true, Opcode::Ping, &[b'p'; 125]);
    let batch: Vec<u8> = ping.repeat(1000);
    // Until the host stops taking them: it drops the connection, or it waits (up to the idle
    // timeout) for the client to take a ping of its own, reading nothing meanwhile.
    raw.stream()
        .set_write_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let start = Instant::now();
    let mut sent = 0u64;
    while sent < 3_000_000 && start.elapsed() < Duration::from_secs(30) {
        if raw.write(&batch).is_err() {
            break;
        }
        sent += 1000;
    }
    let peak = peak_memory(pid);
    let mut host = hosting.child;
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGTERM,
    );
    let _ = host.wait();
    let grown = peak.saturating_sub(before);
    assert!(
        grown <= 16 << 20,
        "the host grew from {} to {} MiB under {sent} pings",
        before >> 20,
        peak >> 20
    );
    assert!(sent >= 100_000, "only {sent} pings taken");
}
