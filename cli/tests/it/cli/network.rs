//! `mousehole host` and `mousehole join` end to end over 127.0.0.1: a hosted game joined by
//! agents finishes and its `--out` replays; a wrong code is refused with exit status 2; a
//! client killed mid-game rejoins; a signal stops the host as it stops `play`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{binary, scratch, typing};
use mousehole_engine::Transcript;

/// A host running, its standard output read as it comes.
pub(super) struct Hosting {
    pub(super) child: Child,
    lines: Arc<Mutex<Vec<String>>>,
    /// `(address, code)` of each remote seat, in seat order.
    pub(super) seats: Vec<(String, String)>,
}

impl Hosting {
    /// Starts `mousehole host` on 127.0.0.1 with `args` and reads its join lines.
    pub(super) fn start(args: &[&str]) -> Self {
        Self::typed(args, "")
    }

    /// [`Hosting::start`], with `input` typed for the people at the host.
    fn typed(args: &[&str], input: &str) -> Self {
        let mut command = binary();
        command.args(["host", "--bind", "127.0.0.1"]).args(args);
        let mut child = typing(command, input);
        let lines = Arc::new(Mutex::new(Vec::new()));
        let stdout = child.stdout.take().unwrap();
        let seen = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                seen.lock().unwrap().push(line);
            }
        });
        let mut hosting = Self {
            child,
            lines,
            seats: Vec::new(),
        };
        hosting.seats = hosting
            .wait_for(|line| line.starts_with("seat "), Duration::from_secs(20))
            .iter()
            .map(|line| {
                let (_, command) = line.split_once(": mousehole join ").unwrap();
                let (address, code) = command.split_once(" --code ").unwrap();
                (address.to_owned(), code.to_owned())
            })
            .collect();
        hosting
    }

    /// Everything printed once `count` lines start with `start`.
    pub(super) fn printed_until(&self, start: &str, count: usize) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let lines = self.lines.lock().unwrap();
            if lines.iter().filter(|line| line.starts_with(start)).count() >= count {
                return lines.join("\n");
            }
            drop(lines);
            assert!(Instant::now() < until, "the host printed no such lines");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The lines matching `wanted`, once there are some and no more are coming for a moment.
    fn wait_for(&self, wanted: impl Fn(&str) -> bool, limit: Duration) -> Vec<String> {
        let until = Instant::now() + limit;
        loop {
            let found: Vec<String> = self
                .lines
                .lock()
                .unwrap()
                .iter()
                .filter(|line| wanted(line))
                .cloned()
                .collect();
            if !found.is_empty() {
                std::thread::sleep(Duration::from_millis(100));
                let again = self
                    .lines
                    .lock()
                    .unwrap()
                    .iter()
                    .filter(|l| wanted(l))
                    .count();
                if again == found.len() {
                    return found;
                }
                continue;
            }
            assert!(Instant::now() < until, "the host printed no such line");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// How many numbered event lines the host printed.
    fn events(&self) -> usize {
        self.lines
            .lock()
            .unwrap()
            .iter()
            .filter(|line| {
                line.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .count()
    }

    fn finish(self) -> Output {
        let mut output = self.child.wait_with_output().unwrap();
        output.stdout = self.lines.lock().unwrap().join("\n").into_bytes();
        output
    }
}

fn join(address: &str, code: &str, agent: &str) -> Child {
    binary()
        .args(["join", address, "--code", code, "--agent", agent])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn replays(path: &std::path::Path) {
    let output = binary().arg("replay").arg(path).output().unwrap();
    assert!(output.status.success(), "{}", lossy(&output.stdout));
    assert!(
        lossy(&output.stdout).contains(": ok"),
        "{}",
        lossy(&output.stdout)
    );
}

#[test]
fn a_hosted_game_joined_by_two_agents_finishes_and_its_transcript_replays() {
    let dir = scratch("hosted");
    let out = dir.join("game.json");
    let hosting = Hosting::start(&[
        "cheese-day",
        "--seats",
        "remote:ann,remote,random",
        "--seed",
        "4",
        "--port",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(hosting.seats.len(), 2);
    assert!(hosting.seats[0].0.starts_with("127.0.0.1:"));
    let first = join(&hosting.seats[0].0, &hosting.seats[0].1, "random");
    let second = join(&hosting.seats[1].0, &hosting.seats[1].1, "heuristic");
    for client in [first, second] {
        let output = client.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", lossy(&output.stderr));
        assert!(
            lossy(&output.stdout).starts_with("Game over: "),
            "{}",
            lossy(&output.stdout)
        );
    }
    let output = hosting.finish();
    assert!(output.status.success(), "{}", lossy(&output.stderr));
    let printed = lossy(&output.stdout);
    assert!(
        printed.contains("seat 0 (ann): mousehole join 127.0.0.1:"),
        "{printed}"
    );
    assert!(printed.contains("=== Game over ==="), "{printed}");
    replays(&out);
    let transcript = Transcript::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(transcript.seats, ["remote:ann", "remote", "random"]);
}

/// `join --watch --prompt` prints every event as everyone sees it with its note, no card's
/// face a seat alone saw, and at the end who won and how the game ended, in words.
#[test]
fn a_watcher_at_the_prompt_reads_each_event_with_its_note_and_how_it_ended() {
    let hosting = Hosting::start(&[
        "cheese-day:players=2",
        "--seats",
        "remote:ann,random",
        "--seed",
        "4",
        "--allow-watch",
    ]);
    let (address, code) = hosting.seats[0].clone();
    let watcher = binary()
        .args(["join", &address, "--watch", "--prompt"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The game waits for seat 0; the spectator is there first (or is sent it all anyway).
    std::thread::sleep(Duration::from_millis(300));
    let player = join(&address, &code, "random");
    assert!(player.wait_with_output().unwrap().status.success());
    let output = watcher.wait_with_output().unwrap();
    let shown = lossy(&output.stdout);
    assert!(output.status.success(), "{}", lossy(&output.stderr));
    assert!(shown.contains("chance: draw 6? → "), "{shown}");
    assert!(shown.contains(" → into pantry slot 1"), "{shown}");
    assert!(
        shown.contains(" → seat 0 "),
        "a roll's note names the seat: {shown}"
    );
    for face in 1..=6 {
        for side in ['C', 'T'] {
            assert!(!shown.contains(&format!("draw {face}{side}")), "{shown}");
        }
    }
    assert!(shown.contains("Game over: "), "{shown}");
    assert!(shown.contains("How it ended: "), "{shown}");
    assert!(shown.contains("  seat 0 (ann): "), "{shown}");
    assert!(shown.contains("  seat 1 (random): "), "{shown}");
    assert!(
        !shown.contains(" you "),
        "a spectator is nobody's you: {shown}"
    );
    assert!(hosting.finish().status.success());
}

#[test]
fn a_wrong_code_is_refused_with_exit_status_2_and_no_game() {
    let hosting = Hosting::start(&["cheese-day:players=2", "--seats", "remote,random"]);
    let (address, code) = hosting.seats[0].clone();
    let wrong: String = code.chars().rev().collect();
    let output = join(&address, &wrong, "random").wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", lossy(&output.stderr));
    assert!(output.stdout.is_empty());
    let said = lossy(&output.stderr);
    assert!(
        said.contains("the host refused: no seat of this game has that code"),
        "{said}"
    );
    assert!(!said.contains("joined"), "{said}");
    // Nobody there at all is bad input too.
    let output = join("127.0.0.1:1", &code, "random")
        .wait_with_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = lossy(&output.stderr);
    assert!(
        said.contains("cannot reach a host at 127.0.0.1:1: nothing there takes connections"),
        "{said}"
    );
    assert!(!said.contains("os error"), "in words: {said}");
    let player = join(&address, &code, "random").wait_with_output().unwrap();
    assert!(player.status.success());
    assert!(hosting.finish().status.success());
}

#[test]
fn remote_seats_need_a_host() {
    let output = binary()
        .args(["play", "cheese-day", "--seats", "remote,random,random"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        lossy(&output.stderr).contains("mousehole host"),
        "{}",
        lossy(&output.stderr)
    );
    let output = binary()
        .args(["host", "cheese-day", "--seats", "random,random,random"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        lossy(&output.stderr).contains("no remote seat"),
        "{}",
        lossy(&output.stderr)
    );
}

#[test]
fn a_port_in_use_is_said_in_words_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = binary()
        .args(["host", "cheese-day", "--seats", "remote,random,random"])
        .args(["--bind", "127.0.0.1", "--port", &port])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = lossy(&output.stderr);
    assert_eq!(
        said.trim_end(),
        format!(
            "error: cannot listen on 127.0.0.1:{port}: the address is in use by another program"
        ),
    );
}

fn python_available() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// A bot that thinks 30 ms a decision, so a game lasts long enough to kill its client.
const SLOW_BOT: &str = r#"
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        print(json.dumps({"type": "hello", "name": "slow"}), flush=True)
    elif kind == "new_game":
        print(json.dumps({"type": "ready"}), flush=True)
    elif kind == "act":
        time.sleep(0.03)
        print(json.dumps({"type": "action", "id": message["id"], "action": message["legal"][0]}), flush=True)
    elif kind == "quit":
        break
"#;

#[test]
fn a_client_killed_mid_game_rejoins_and_the_game_finishes() {
    if !python_available() {
        println!("skipped: python3 not found");
        return;
    }
    let dir = scratch("killed");
    let bot = dir.join("slow.py");
    std::fs::write(&bot, SLOW_BOT).unwrap();
    let out = dir.join("game.json");
    let hosting = Hosting::start(&[
        "mouse-trap:players=2",
        "--seats",
        "remote,random",
        "--seed",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let (address, code) = hosting.seats[0].clone();
    let slow = format!("exec:python3 {}", bot.display());
    let mut first = join(&address, &code, &slow);
    let until = Instant::now() + Duration::from_secs(30);
    while hosting.events() < 20 {
        assert!(Instant::now() < until, "the game did not get going");
        std::thread::sleep(Duration::from_millis(20));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let before = hosting.events();
    let again = join(&address, &code, "random").wait_with_output().unwrap();
    assert!(again.status.success(), "{}", lossy(&again.stderr));
    let output = hosting.finish();
    assert!(output.status.success(), "{}", lossy(&output.stderr));
    let log = lossy(&output.stderr);
    assert!(log.contains("seat 0 (remote) lost its connection"), "{log}");
    let transcript = Transcript::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(
        transcript.events.len() > before,
        "the game went on after the rejoin"
    );
    assert!(transcript.outcome.is_some());
    replays(&out);
}

#[test]
fn a_signal_stops_the_host_keeping_the_transcript() {
    let dir = scratch("signal");
    let out = dir.join("game.json");
    let mut hosting = Hosting::start(&[
        "cheese-day:players=2",
        "--seats",
        "remote,random",
        "--out",
        out.to_str().unwrap(),
    ]);
    // Nobody joins: the host waits for seat 0 until it is told to stop.
    let status = Command::new("kill")
        .args(["-TERM", &hosting.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let until = Instant::now() + Duration::from_secs(10);
    while hosting.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < until, "the host did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = hosting.finish();
    assert_eq!(output.status.code(), Some(143));
    let transcript = Transcript::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(transcript.stopped.as_deref(), Some("stopped by SIGTERM"));
}

#[test]
fn hosting_game_after_game_grows_no_threads() {
    let output = binary()
        .args(["bench", "mouse-trap", "--remote", "--hosted-games", "8"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", lossy(&output.stderr));
    let printed = lossy(&output.stdout);
    let threads = printed
        .split("threads ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .expect("the threads after the games");
    let counts: Vec<&str> = threads.split(" / ").collect();
    assert_eq!(counts.len(), 3, "{printed}");
    assert!(counts.iter().all(|count| *count == counts[0]), "{printed}");
    assert!(
        printed.contains("round trip per remote decision median"),
        "{printed}"
    );
}

#[test]
fn people_play_at_the_host_and_from_another_terminal() {
    let dir = scratch("people");
    let out = dir.join("game.json");
    // The host's person and the joining person each type the first choice, every time.
    let hosting = Hosting::typed(
        &[
            "moose-house:players=2",
            "--seats",
            "human:ann,remote:bob",
            "--seed",
            "3",
            "--out",
            out.to_str().unwrap(),
        ],
        &"1\n".repeat(400),
    );
    let (address, code) = hosting.seats[0].clone();
    let guest = super::with_stdin(&["join", &address, "--code", &code], &"1\n".repeat(400));
    let shown = lossy(&guest.stdout);
    assert!(guest.status.success(), "{}", lossy(&guest.stderr));
    assert!(shown.contains("=== seat 1 (bob) to decide ==="), "{shown}");
    assert!(shown.contains("you are dealt"), "{shown}");
    assert!(
        shown.contains("a card dealt to seat 0"),
        "the other hand stays hidden: {shown}"
    );
    // The end in words: who won, the seat's place, every seat's score by name.
    assert!(shown.contains("Game over: "), "{shown}");
    assert!(shown.contains(". You placed "), "{shown}");
    assert!(shown.contains("Scores: seat 0 (ann) "), "{shown}");
    assert!(!shown.contains("(ranks "), "{shown}");
    // And how it ended, as the host told this seat: the reason, each seat's score made up.
    assert!(
        shown.contains("How it ended: the pile ran out and nobody could play."),
        "{shown}"
    );
    assert!(shown.contains("  seat 0 (ann): "), "{shown}");
    assert!(shown.contains("  you: "), "{shown}");
    let hosted = hosting.finish();
    let log = lossy(&hosted.stderr);
    assert!(hosted.status.success(), "{log}");
    assert!(log.contains("seat 1 (bob) joined"), "{log}");
    replays(&out);
}

#[test]
fn a_person_joined_from_another_terminal_plays_every_game_to_its_end() {
    for game in mousehole_engine::registry::games() {
        let hosting = Hosting::start(&[game.name, "--seats", "remote,random", "--seed", "5"]);
        let (address, code) = hosting.seats[0].clone();
        // Whatever is asked, the first choice (a Mouse Race game may ask hundreds of times).
        let person = super::with_stdin(&["join", &address, "--code", &code], &"1\n".repeat(3000));
        let shown = lossy(&person.stdout);
        assert!(
            person.status.success(),
            "{}: {}",
            game.name,
            lossy(&person.stderr)
        );
        assert!(
            shown.contains("=== seat 0 (remote) to decide ==="),
            "{}",
            game.name
        );
        assert!(
            shown.contains(". You placed ") && shown.contains("Scores: you "),
            "{}: {shown}",
            game.name
        );
        assert!(hosting.finish().status.success(), "{}", game.name);
    }
}

/// Issue 43 item 4: at each game's end the remote seats are offered a rematch; two agents
/// that say yes play game after game on the same codes, each game's transcript beside the
/// first (`game-2.json`, …) with the next seed; once one of them is gone, the offer's time
/// runs out and the host ends normally.
#[test]
fn a_rematch_everyone_says_yes_to_is_the_next_game_with_the_next_seed() {
    let dir = scratch("rematch");
    let out = dir.join("game.json");
    let hosting = Hosting::start(&[
        "mouse-trap:players=2",
        "--seats",
        "remote,remote",
        "--seed",
        "7",
        "--rematch-within",
        "2s",
        "--reconnect-timeout",
        "1s",
        "--no-qr",
        "--out",
        out.to_str().unwrap(),
    ]);
    let agent = |seat: usize| {
        let (address, code) = &hosting.seats[seat];
        binary()
            .args([
                "join",
                address,
                "--code",
                code,
                "--agent",
                "random",
                "--rematch",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs")
    };
    let first = agent(0);
    let mut second = agent(1);
    // The second game began (the host says its seed in its banner): seat 1 leaves for good.
    hosting.printed_until("=== Mouse Trap: 2 players, seed 8 ===", 1);
    second.kill().unwrap();
    second.wait().unwrap();
    let first = first.wait_with_output().unwrap();
    assert!(first.status.success(), "{}", lossy(&first.stderr));
    let output = hosting.finish();
    let log = lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(
        log.contains("seat 0 (remote) says yes to a rematch"),
        "{log}"
    );
    assert!(log.contains("game 2 begins: seed 8"), "{log}");
    assert!(
        log.contains("no rematch: seat 1 (remote) did not say yes in time"),
        "{log}"
    );
    let printed = lossy(&output.stdout);
    let games = printed.matches("=== Game over ===").count();
    assert!(games >= 2, "{printed}");
    for number in 1..=games {
        let path = if number == 1 {
            out.clone()
        } else {
            dir.join(format!("game-{number}.json"))
        };
        assert!(
            printed.contains(&format!("wrote {}", path.display())),
            "{printed}"
        );
        replays(&path);
        let transcript = Transcript::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(transcript.seed, 6 + number as u64);
        assert!(
            transcript.outcome.is_some(),
            "game {number} was played to its end"
        );
    }
}

/// `--no-rematch`: the host ends after its game, offering nothing.
#[test]
fn no_rematch_ends_the_host_after_its_game() {
    let hosting = Hosting::start(&[
        "cheese-day:players=2",
        "--seats",
        "remote,random",
        "--no-rematch",
        "--no-qr",
    ]);
    let (address, code) = hosting.seats[0].clone();
    let player = binary()
        .args([
            "join",
            &address,
            "--code",
            &code,
            "--agent",
            "random",
            "--rematch",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(player.status.success(), "{}", lossy(&player.stderr));
    let output = hosting.finish();
    let log = lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(!log.contains("rematch"), "{log}");
}
