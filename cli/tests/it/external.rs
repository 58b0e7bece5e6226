//! `mousehole` with external programs in seats (`exec:COMMAND`, `--seat`): the example bots
//! of examples/python against the built-in bots in every game, the flags for deadlines and the
//! fallback, the fault lines of the match log, seat-list errors, replay of programs' games and
//! the overhead benchmark.
//!
//! Without `python3` the tests that run programs print "skipped: python3 not found".

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use mousehole_engine::Transcript;
use mousehole_engine::registry::games;

fn python_available() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Returns from the test, saying so, when there is no `python3` to run the programs.
macro_rules! need_python {
    () => {
        if !python_available() {
            println!("skipped: python3 not found");
            return;
        }
    };
}

fn mousehole(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// `exec:python3 PATH` for a file of the repository.
fn exec(path: &str) -> String {
    format!("exec:python3 {}", repo().join(path).display())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mousehole-cli-external-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn transcripts(path: &Path) -> Vec<Transcript> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| Transcript::from_json(line).unwrap())
        .collect()
}

#[test]
fn the_random_example_bot_plays_every_game_against_the_built_in_bots() {
    need_python!();
    let dir = scratch("random-bot");
    let bot = exec("examples/python/random_bot.py");
    for description in games() {
        let out = dir.join(format!("{}.jsonl", description.name));
        let mut args = vec![
            "play".to_owned(),
            description.name.to_owned(),
            "--seat".to_owned(),
            bot.clone(),
        ];
        let others = ["random", "mc:playouts=20"];
        for seat in 1..description.default_players() {
            args.extend(["--seat".to_owned(), others[seat % 2].to_owned()]);
        }
        args.extend(
            ["--games", "2", "--seed", "5", "--quiet", "--out"]
                .iter()
                .map(|s| (*s).to_owned()),
        );
        args.push(out.display().to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = mousehole(&refs);
        let log = stderr(&output);
        assert!(output.status.success(), "{}: {log}", description.name);
        assert!(!log.contains("fault"), "{log}");
        let played = transcripts(&out);
        assert_eq!(played.len(), 2);
        for transcript in &played {
            assert_eq!(transcript.seats[0], bot);
            assert!(transcript.outcome.is_some());
            assert!(transcript.events.iter().all(|e| e.fault.is_none()));
            assert!(
                transcript
                    .events
                    .iter()
                    .any(|e| e.actor == mousehole_engine::Actor::Seat(0))
            );
        }
        let replay = mousehole(&["replay", out.to_str().unwrap()]);
        assert!(replay.status.success(), "{}", stdout(&replay));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Seat 0's share of the wins over `games` Cheese Day games of `bot` against two random bots,
/// checking that it never faulted and that the games replay.
fn cheese_day_share(bot: &str, games: usize, dir: &Path) -> f64 {
    let out = dir.join("games.jsonl");
    let count = games.to_string();
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seat",
        bot,
        "--seat",
        "random",
        "--seat",
        "random",
        "--games",
        &count,
        "--seed",
        "1000",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let log = stderr(&output);
    assert!(output.status.success(), "{log}");
    assert!(!log.contains("fault"), "{log}");
    let played = transcripts(&out);
    assert_eq!(played.len(), games);
    assert!(
        mousehole(&["replay", out.to_str().unwrap()])
            .status
            .success()
    );
    played
        .iter()
        .map(|t| t.outcome.as_ref().unwrap().returns[0])
        .sum::<f64>()
        / games as f64
}

#[test]
fn the_cheese_day_example_bot_beats_random_bots() {
    need_python!();
    let dir = scratch("cheese-bot");
    // Seeded throughout (chance, the random bots, bots seeded by new_game or without
    // randomness): the same games every run, so the comparison cannot flake.
    let smart = cheese_day_share(&exec("examples/python/cheese_day_bot.py"), 200, &dir);
    let random = cheese_day_share(&exec("examples/python/random_bot.py"), 200, &dir);
    assert!(
        smart > random + 0.1,
        "from seat 0 the bot won {smart:.3} of the games, a random bot {random:.3}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_done_check_plays_and_replays() {
    need_python!();
    let dir = scratch("done");
    let out = dir.join("t.json");
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seat",
        &exec("examples/python/random_bot.py"),
        "--seat",
        "random",
        "--seat",
        "random",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.contains("  0: exec:python3 "), "{printed}");
    let log = stderr(&output);
    assert!(
        log.contains("the program says it is random_bot.py 1.0"),
        "{log}"
    );
    assert!(
        log.contains("quit: the program exited (exit status: 0)"),
        "{log}"
    );
    assert!(
        mousehole(&["replay", out.to_str().unwrap()])
            .status
            .success()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn faults_are_logged_one_line_each_and_forfeit_ends_the_match() {
    need_python!();
    let dir = scratch("faults");
    let out = dir.join("t.json");
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seats",
        &format!("{},random,random", exec("bots/tests/external/illegal.py")),
        "--fallback",
        "forfeit",
        "--seed",
        "6",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "a stopped game");
    let log = stderr(&output);
    let faults: Vec<&str> = log.lines().filter(|l| l.contains(": fault at ")).collect();
    assert_eq!(faults.len(), 1, "{log}");
    assert!(
        faults[0].contains(
            "fault at act 1: illegal_action: 'dance a jig' is not one of the legal actions"
        ),
        "{log}"
    );
    assert!(faults[0].ends_with("; the seat forfeits"), "{log}");
    let transcript = Transcript::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(transcript.forfeit, Some(0));
    assert!(
        mousehole(&["replay", out.to_str().unwrap()])
            .status
            .success()
    );

    // The deadline and grace flags reach the program; the default fallback plays on.
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seat",
        &exec("bots/tests/external/hang.py"),
        "--seat",
        "random",
        "--seat",
        "random",
        "--deadline-ms",
        "20",
        "--grace-ms",
        "10",
        "--seed",
        "6",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let log = stderr(&output);
    let faults = log.lines().filter(|l| l.contains(": fault at ")).count();
    let transcript = Transcript::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let recorded = transcript
        .events
        .iter()
        .filter(|e| e.fault.is_some())
        .count();
    assert!(recorded > 0);
    assert_eq!(faults, recorded, "one log line per recorded fault: {log}");
    assert!(
        log.contains(
            "timeout: no reply to act 1 within 20 ms (+10 ms grace); the fallback (random) chose"
        ),
        "{log}"
    );
    assert!(log.contains("did not exit within 2 s: killed"), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seat_lists_with_programs_say_what_is_wrong() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--seats", "exec:python3 bot.py --pair a,b,random"],
            "give a command with a comma in it as one seat with --seat 'exec:…'",
        ),
        (
            &[
                "--seat",
                "exec:no-such-program-anywhere",
                "--seat",
                "random",
                "--seat",
                "random",
            ],
            "seat 0: exec:no-such-program-anywhere: program 'no-such-program-anywhere' is not found on PATH",
        ),
        (
            &["--seat", "exec:", "--seat", "random", "--seat", "random"],
            "--seat exec:: `exec:` needs a command to run after it",
        ),
        (
            &["--seat", "random", "--seats", "random,random,random"],
            "cannot be used with",
        ),
        (
            &["--fallback", "smart"],
            "fallback 'smart' is neither `forfeit` nor a built-in agent",
        ),
        (&["--deadline-ms", "0"], "milliseconds from 1 to 3600000"),
    ];
    for (flags, expected) in cases {
        let mut args = vec!["play", "cheese-day"];
        args.extend_from_slice(flags);
        let output = mousehole(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{flags:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(expected),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_program_seat_replays_where_the_program_is_not_installed() {
    let dir = scratch("replay-label");
    let file = dir.join("t.json");
    let output = mousehole(&[
        "play",
        "cheese-day",
        "--seed",
        "2",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let text = std::fs::read_to_string(&file).unwrap().replacen(
        "\"seats\": [\"random\"",
        "\"seats\": [\"exec:/opt/elsewhere/bot --level 2\"",
        1,
    );
    std::fs::write(&file, text).unwrap();
    let replay = mousehole(&["replay", file.to_str().unwrap()]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_benchmark_reports_the_hosts_overhead_per_decision() {
    need_python!();
    let echo = format!(
        "python3 {}",
        repo().join("examples/python/echo_bot.py").display()
    );
    let output = mousehole(&[
        "bench",
        "cheese-day",
        "--external",
        &echo,
        "--decisions",
        "50",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    let median: f64 = printed
        .split("host overhead median ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a median");
    assert!(median.is_finite() && median > 0.0, "{printed}");
    assert!(printed.contains(" decisions"), "{printed}");

    let random = format!(
        "python3 {}",
        repo().join("examples/python/random_bot.py").display()
    );
    let output = mousehole(&[
        "bench",
        "cheese-day",
        "--external",
        &random,
        "--decisions",
        "5",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bot_ns"), "{}", stderr(&output));
}

/// `mousehole agent SPEC` seated as a program (`exec:`) plays as the built-in agent does: in
/// every game's short game, the same seed gives the same moves and the same reported info,
/// with no fault, whether the agent searches or not.
#[test]
fn a_built_in_agent_served_as_a_program_plays_as_it_does_built_in() {
    let dir = scratch("served-agent");
    let binary = env!("CARGO_BIN_EXE_mousehole");
    for (index, (spec, players)) in crate::games::short_games().into_iter().enumerate() {
        for agent in [
            "heuristic",
            "mc:playouts=40,rollout=heuristic",
            "ismcts:iterations=40",
        ] {
            let play = |first: &str, name: &str| {
                let out = dir.join(format!("{index}-{name}.jsonl"));
                let mut args = vec!["play", &spec, "--seat", first];
                for _ in 1..players {
                    args.extend(["--seat", "random"]);
                }
                let path = out.display().to_string();
                args.extend(["--games", "2", "--seed", "9", "--quiet", "--out", &path]);
                let output = mousehole(&args);
                assert!(output.status.success(), "{spec}: {}", stderr(&output));
                transcripts(&out)
            };
            let served = format!("exec:{binary} agent {agent}");
            let built_in = play(agent, "built-in");
            let program = play(&served, "program");
            assert_eq!(built_in.len(), program.len());
            // Not a comparison of nothing: the served agent decided.
            assert!(
                program.iter().any(|t| t
                    .events
                    .iter()
                    .any(|e| e.actor == mousehole_engine::Actor::Seat(0))),
                "{agent} never decided in {spec}"
            );
            for (built_in, program) in built_in.iter().zip(&program) {
                assert_eq!(program.seats[0], served);
                assert!(program.events.iter().all(|e| e.fault.is_none()), "{spec}");
                let moves = |t: &Transcript| -> Vec<_> {
                    t.events
                        .iter()
                        .map(|e| (e.actor, e.action.clone(), e.info.clone()))
                        .collect()
                };
                assert_eq!(moves(built_in), moves(program), "{agent} in {spec}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mousehole agent` refuses what is not a built-in agent, and a host that sends what is no
/// message of the protocol gets a clear error, not a panic.
#[test]
fn the_served_agent_refuses_what_it_cannot_play() {
    let person = mousehole(&["agent", "human"]);
    assert!(!person.status.success());
    assert!(
        stderr(&person).contains("not a built-in agent"),
        "{}",
        stderr(&person)
    );
    let unknown = mousehole(&["agent", "grandmaster"]);
    assert!(!unknown.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(["agent", "heuristic"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        writeln!(
            input,
            r#"{{"type":"hello","protocol":"mousehole-agent/1"}}"#
        )
        .unwrap();
        writeln!(input, "not json").unwrap();
    }
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(
        stdout(&output).starts_with(r#"{"type":"hello","name":"mousehole""#),
        "{}",
        stdout(&output)
    );
    let error = stderr(&output);
    assert!(
        error.contains("line 2 is not a message of the agent protocol"),
        "{error}"
    );
    assert!(!error.contains("panicked"), "{error}");
}
