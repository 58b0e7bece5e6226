//! The external agent against real programs (`tests/external/*.py`, run with `python3`): one
//! that follows the protocol and records what it is told (checked message by message against
//! the match, in every game), and one for each way a program can misbehave. For each: the match
//! finishes (or forfeits, with that fallback), the transcript replays, the right fault kind is
//! on the right events and in the log, and no process of the program is left behind.
//!
//! Without `python3` these tests print "skipped: python3 not found" and check nothing.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mousehole_bots::external::{
    ExternalCommand, ExternalSeat, ExternalSettings, FallbackSpec, LogEntry, LogEvent,
    STDERR_LINE_BYTES,
};
use mousehole_bots::{AgentSeat, RandomAgent};
use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::playout::uniform;
use mousehole_engine::registry::canonical_spec;
use mousehole_engine::rng::{AgentStreams, agent_seed};
use mousehole_engine::{
    Actor, FaultKind, Game, GameConfig, GameSpec, Match, MatchEnd, Seat, ToMove, Transcript,
};
use mousehole_protocol::PROTOCOL;
use nix::errno::Errno;
use nix::sys::signal::{kill, killpg};
use nix::unistd::Pid;
use serde_json::{Value, json};

fn python_available() -> bool {
    std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Returns from the test, saying so, when there is no `python3` to run the agents.
macro_rules! need_python {
    () => {
        if !python_available() {
            println!("skipped: python3 not found");
            return;
        }
    };
}

/// `python3 PATH ARGS…` for `name` (a script of tests/external, then its arguments).
fn script(name: &str) -> String {
    let (file, arguments) = name.split_once(' ').unwrap_or((name, ""));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/external")
        .join(file);
    format!(
        "python3 {} {arguments}",
        shell_words::quote(path.to_str().expect("a UTF-8 path"))
    )
    .trim_end()
    .to_owned()
}

/// Deadlines short enough that a program that never answers costs little.
const HURRIED: ExternalSettings = ExternalSettings {
    deadline: Duration::from_millis(30),
    grace: Duration::from_millis(20),
    setup: Duration::from_secs(20),
};

/// Deadlines a working program meets even on a busy machine.
const PATIENT: ExternalSettings = ExternalSettings {
    deadline: Duration::from_secs(2),
    grace: Duration::from_millis(250),
    setup: Duration::from_secs(20),
};

type Log = Arc<Mutex<Vec<LogEntry>>>;

fn external<G: mousehole_bots::BotGame>(
    command: &str,
    settings: ExternalSettings,
    fallback: &FallbackSpec,
) -> (ExternalSeat<G>, Log) {
    let log: Log = Arc::default();
    let kept = Arc::clone(&log);
    let seat = ExternalSeat::new(
        ExternalCommand::parse(command).expect("the command splits"),
        settings,
        fallback.build::<G>(),
    )
    .with_log(Box::new(move |entry: &LogEntry| {
        kept.lock().unwrap().push(entry.clone());
    }));
    (seat, log)
}

/// One finished (or stopped) Cheese Day match with the program in seat 0.
struct Played {
    transcript: Transcript,
    end: MatchEnd,
    log: Vec<LogEntry>,
}

impl Played {
    /// Seat 0's decisions, in order: the event index and the fault recorded on it.
    fn seat0(&self) -> Vec<(usize, Option<FaultKind>)> {
        self.transcript
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| e.actor == Actor::Seat(0))
            .map(|(i, e)| (i, e.fault.as_ref().map(|f| f.kind)))
            .collect()
    }

    fn fault_kinds(&self) -> Vec<FaultKind> {
        self.seat0().into_iter().filter_map(|(_, f)| f).collect()
    }

    fn unfaulted(&self) -> usize {
        self.seat0().iter().filter(|(_, f)| f.is_none()).count()
    }

    fn logged_faults(&self) -> Vec<(String, FaultKind)> {
        self.log
            .iter()
            .filter_map(|entry| match &entry.event {
                LogEvent::Fault { at, fault, .. } => Some((at.clone(), fault.kind)),
                _ => None,
            })
            .collect()
    }

    fn ended(&self) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|entry| match &entry.event {
                LogEvent::Ended(how) => Some(how.clone()),
                _ => None,
            })
            .collect()
    }

    fn discarded(&self) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|entry| match &entry.event {
                LogEvent::Discarded(what) => Some(what.clone()),
                _ => None,
            })
            .collect()
    }

    fn stderr(&self) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|entry| match &entry.event {
                LogEvent::Stderr(line) => Some(line.clone()),
                _ => None,
            })
            .collect()
    }

    /// The faults on the transcript are the ones logged at acts, one line each.
    fn check_fault_lines(&self) {
        let logged: Vec<FaultKind> = self
            .logged_faults()
            .into_iter()
            .filter(|(at, _)| at.starts_with("act") || at == "a decision")
            .map(|(_, kind)| kind)
            .collect();
        let mut on_events = self.fault_kinds();
        if let MatchEnd::Forfeited { .. } = self.end {
            // The fault that forfeits has no event to go on: the transcript says `stopped`.
            let last = *logged.last().expect("the forfeit's fault is logged");
            on_events.push(last);
            assert!(
                self.transcript
                    .stopped
                    .as_ref()
                    .unwrap()
                    .contains(&last.to_string())
            );
        }
        assert_eq!(logged, on_events, "one log line per fault");
    }
}

/// Plays Cheese Day (3 players, `seed`) with `command` in seat 0 and random agents beside it,
/// closes the seat, and checks what every run must give: a transcript that replays, a fault
/// line in the log for every fault on it, and no process of the program left.
fn play(name: &str, settings: ExternalSettings, fallback: &FallbackSpec, seed: u64) -> Played {
    let command = script(name);
    let (mut program, log) = external::<CheeseDay>(&command, settings, fallback);
    let mut others: Vec<AgentSeat<CheeseDay, RandomAgent>> = (0..2)
        .map(|_| AgentSeat::new(Box::new(RandomAgent)))
        .collect();
    let config = <CheeseDay as Game>::Config::with_players(3).unwrap();
    let mut game = Match::<CheeseDay>::new(&config, seed);
    game.record_views(true);
    let end = {
        let (first, second) = others.split_at_mut(1);
        let mut seats: Vec<&mut dyn Seat<CheeseDay>> =
            vec![&mut program, &mut first[0], &mut second[0]];
        game.run(&mut seats)
    };
    program.close();
    let log = log.lock().unwrap().clone();
    let labels = vec![format!("exec:{command}"), "random".into(), "random".into()];
    let transcript = Transcript::from_match(&game, labels);
    let replayed = transcript.replay().expect("the transcript replays");
    assert_eq!(replayed.events, transcript.events.len());
    let played = Played {
        transcript,
        end,
        log,
    };
    played.check_fault_lines();
    assert_groups_gone(&played.log);
    played
}

/// [`play`] with patient deadlines and a random fallback, for a program that plays the match
/// to its end without a fault.
fn play_unfaulted(name: &str, seed: u64) -> Played {
    let played = play(name, PATIENT, &random(), seed);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert!(
        played.fault_kinds().is_empty(),
        "{:?}",
        played.fault_kinds()
    );
    played
}

/// Every process group the log says was started is gone (zombies reaped by init included),
/// within a few seconds of the seat being closed.
fn assert_groups_gone(log: &[LogEntry]) {
    let groups: Vec<u32> = log
        .iter()
        .filter_map(|entry| match entry.event {
            LogEvent::Started { pid } => Some(pid),
            _ => None,
        })
        .collect();
    assert!(!groups.is_empty(), "the program was started");
    for group in groups {
        wait_gone(group, |pid| killpg(pid, None), "process group");
    }
}

fn wait_gone(id: u32, probe: impl Fn(Pid) -> nix::Result<()>, what: &str) {
    let pid = Pid::from_raw(i32::try_from(id).unwrap());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match probe(pid) {
            Err(Errno::ESRCH) => return,
            _ if Instant::now() > deadline => {
                let ps = std::process::Command::new("ps")
                    .args(["-eo", "pid,pgid,stat,args"])
                    .output()
                    .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
                    .unwrap_or_default();
                panic!("{what} {id} is still there after the seat was closed:\n{ps}");
            }
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

fn random() -> FallbackSpec {
    FallbackSpec::default()
}

#[test]
fn a_program_that_hangs_times_out_at_every_act_and_is_killed() {
    need_python!();
    let played = play("hang.py", HURRIED, &random(), 1);
    assert!(
        matches!(played.end, MatchEnd::Finished(_)),
        "{:?}",
        played.end
    );
    let kinds = played.fault_kinds();
    assert!(!kinds.is_empty());
    assert_eq!(played.unfaulted(), 0, "every decision went to the fallback");
    assert!(kinds.iter().all(|&k| k == FaultKind::Timeout), "{kinds:?}");
    let text = &played.transcript.events[played.seat0()[0].0]
        .fault
        .as_ref()
        .unwrap()
        .text;
    assert_eq!(text, "no reply to act 1 within 30 ms (+20 ms grace)");
    let ended = played.ended();
    assert!(
        ended[0].contains("did not exit within 2 s: killed"),
        "{ended:?}"
    );
    // The fallback drew from the seat's own fallback streams, never the chance stream.
    let streams = AgentStreams::new(1, 0);
    let config = <CheeseDay as Game>::Config::with_players(3).unwrap();
    let mut state = CheeseDay::new(&config);
    let mut legal = Vec::new();
    for (index, event) in played.transcript.events.iter().enumerate() {
        let action = event.action.parse().unwrap();
        if event.actor == Actor::Seat(0) {
            state.legal_actions(&mut legal);
            assert_eq!(action, uniform(&legal, &mut streams.fallback(index)));
        }
        state.apply(action).unwrap();
    }
}

#[test]
fn a_program_that_hangs_forfeits_with_the_forfeit_fallback() {
    need_python!();
    let played = play("hang.py", HURRIED, &FallbackSpec::Forfeit, 2);
    let MatchEnd::Forfeited { seat, reason, .. } = &played.end else {
        panic!("a forfeit, not {:?}", played.end);
    };
    assert_eq!(*seat, 0);
    assert!(reason.contains("timeout"), "{reason}");
    assert_eq!(played.transcript.forfeit, Some(0));
    assert!(played.transcript.outcome.is_none());
    assert!(
        played.seat0().is_empty(),
        "no decision was recorded for seat 0"
    );
    assert_eq!(
        played.logged_faults(),
        [("act 1".to_owned(), FaultKind::Timeout)]
    );
}

#[test]
fn a_slow_answer_is_a_timeout_and_discarded_when_it_comes() {
    need_python!();
    let settings = ExternalSettings {
        deadline: Duration::from_millis(400),
        grace: Duration::from_millis(100),
        ..PATIENT
    };
    let played = play("slow_then_fine.py", settings, &random(), 3);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    let seat0 = played.seat0();
    assert_eq!(seat0[0].1, Some(FaultKind::Timeout));
    let kinds = played.fault_kinds();
    assert!(kinds.iter().all(|&k| k == FaultKind::Timeout), "{kinds:?}");
    // The program catches up: at most the act queued while it slept is late too.
    assert!(kinds.len() <= 2, "{kinds:?}");
    assert!(played.unfaulted() >= seat0.len() - 2);
    let discarded = played.discarded();
    assert!(
        discarded
            .iter()
            .any(|d| d.starts_with("an answer to act 1 (")),
        "{discarded:?}"
    );
}

#[test]
fn lines_that_are_not_json_objects_are_faults_and_the_program_keeps_its_seat() {
    need_python!();
    let played = play("garbage.py", PATIENT, &random(), 4);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    let kinds = played.fault_kinds();
    assert!(kinds.len() >= 2, "{kinds:?}");
    assert!(kinds.iter().all(|&k| k == FaultKind::NotJson), "{kinds:?}");
    assert!(played.unfaulted() >= 2, "answers between the garbage count");
    let texts: Vec<&str> = played
        .transcript
        .events
        .iter()
        .filter_map(|e| e.fault.as_ref().map(|f| f.text.as_str()))
        .collect();
    assert!(texts[0].ends_with(": take 1 please"), "{texts:?}");
    assert!(
        texts[1].starts_with("not a JSON object: [\"action\","),
        "{texts:?}"
    );
}

/// A program that says it speaks an older version of the protocol is told in the log (a line
/// shown even when nothing else of the log is) what changed since, and plays on unfaulted.
#[test]
fn a_program_of_an_older_protocol_is_told_what_changed_and_plays_on() {
    need_python!();
    let played = play_unfaulted("announces.py mousehole-agent/1", 3);
    let told: Vec<&LogEntry> = played
        .log
        .iter()
        .filter(|entry| matches!(entry.event, LogEvent::OtherProtocol(_)))
        .collect();
    assert_eq!(told.len(), 1, "{:#?}", played.log);
    assert!(told[0].is_wrong());
    let line = told[0].to_string();
    assert!(
        line.contains(
            "): the program speaks mousehole-agent/1 and this host mousehole-agent/2: in mousehole-agent/2, every game's observation has `phase` as an object"
        ),
        "{line}"
    );
    assert!(
        line.ends_with("; the game goes on in mousehole-agent/2"),
        "{line}"
    );
    // One that speaks this host's version is told nothing.
    let current = play_unfaulted(&format!("announces.py {PROTOCOL}"), 3);
    assert!(
        !current
            .log
            .iter()
            .any(|entry| matches!(entry.event, LogEvent::OtherProtocol(_)))
    );
}

#[test]
fn a_missing_or_unknown_type_is_a_bad_type_fault() {
    need_python!();
    let played = play("wrong_type.py", PATIENT, &random(), 5);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert_eq!(played.unfaulted(), 0);
    let kinds = played.fault_kinds();
    assert!(kinds.iter().all(|&k| k == FaultKind::BadType), "{kinds:?}");
    let texts: Vec<&str> = played
        .transcript
        .events
        .iter()
        .filter_map(|e| e.fault.as_ref().map(|f| f.text.as_str()))
        .collect();
    assert!(texts[0].starts_with("unknown type \"move\""), "{texts:?}");
    assert!(texts[1].starts_with("no \"type\""), "{texts:?}");
}

#[test]
fn an_action_not_among_the_legal_ones_is_a_fault() {
    need_python!();
    let played = play("illegal.py", PATIENT, &random(), 6);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    let kinds = played.fault_kinds();
    assert!(kinds.len() >= 2);
    assert!(
        kinds.iter().all(|&k| k == FaultKind::IllegalAction),
        "{kinds:?}"
    );
    assert!(played.unfaulted() >= 1, "legal answers between are taken");
    let texts: Vec<&str> = played
        .transcript
        .events
        .iter()
        .filter_map(|e| e.fault.as_ref().map(|f| f.text.as_str()))
        .collect();
    assert!(
        texts[0].starts_with("'dance a jig' is not one of the legal actions ("),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"the answer has no \"action\" text"),
        "{texts:?}"
    );
}

#[test]
fn a_late_answer_with_an_old_id_is_discarded_never_taken() {
    need_python!();
    let played = play_unfaulted("late_old_id.py", 7);
    // Each answer with the right id named the first legal action; the old-id ones, the last.
    let transcript = &played.transcript;
    let spec = GameSpec::from_recorded(&transcript.game, &transcript.options).unwrap();
    let config = spec.config::<CheeseDay>().unwrap();
    let mut state = CheeseDay::new(&config);
    let mut legal = Vec::new();
    let mut decisions = 0;
    for event in &transcript.events {
        let action = event.action.parse().unwrap();
        if event.actor == Actor::Seat(0) {
            state.legal_actions(&mut legal);
            assert_eq!(action, legal[0], "the answer with the act's id was taken");
            let info = event.info.as_ref().expect("the agent's info is recorded");
            assert_eq!(info.win, Some(0.5));
            assert_eq!(info.note.as_deref(), Some("first legal"));
            assert_eq!(info.extra["depth"], 1);
            decisions += 1;
        }
        state.apply(action).unwrap();
    }
    let discarded = played.discarded();
    assert_eq!(discarded.len(), decisions, "{discarded:?}");
    assert!(
        discarded[1].starts_with("an answer to act 1 ("),
        "{discarded:?}"
    );
    assert!(discarded[1].ends_with("while waiting for the reply to act 2"));
}

#[test]
fn a_reply_over_one_mebibyte_is_a_fault_and_the_next_line_is_read() {
    need_python!();
    let played = play("huge_line.py", PATIENT, &random(), 8);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert_eq!(played.fault_kinds(), [FaultKind::TooLong]);
    assert_eq!(played.unfaulted(), played.seat0().len() - 1);
    let fault = played.transcript.events[played.seat0()[0].0]
        .fault
        .clone()
        .unwrap();
    assert!(
        fault
            .text
            .starts_with("a reply over 1048576 bytes, starting {\"type\":\"action\",\"id\":1,"),
        "{fault:?}"
    );
    assert!(fault.text.chars().count() < 250);
}

#[test]
fn a_program_that_exits_mid_game_is_not_restarted_and_the_fallback_plays_on() {
    need_python!();
    let played = play("exits.py", PATIENT, &random(), 9);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    let seat0 = played.seat0();
    assert!(seat0[..3].iter().all(|(_, f)| f.is_none()), "{seat0:?}");
    assert!(
        seat0[3..]
            .iter()
            .all(|(_, f)| *f == Some(FaultKind::Exited)),
        "{seat0:?}"
    );
    let first = played.transcript.events[seat0[3].0].fault.clone().unwrap();
    assert_eq!(first.text, "the program exited (exit status: 3)");
    let later = played.transcript.events[seat0[4].0].fault.clone().unwrap();
    assert_eq!(
        later.text,
        "no program to ask: the program exited (exit status: 3)"
    );
    let started = played
        .log
        .iter()
        .filter(|e| matches!(e.event, LogEvent::Started { .. }))
        .count();
    assert_eq!(started, 1, "not restarted within the match");
    assert_eq!(played.ended().len(), 1);
}

#[test]
fn a_program_that_closes_stdout_but_runs_on_is_killed_at_the_end_of_the_match() {
    need_python!();
    let played = play("closes_stdout.py", PATIENT, &random(), 10);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    let seat0 = played.seat0();
    assert!(seat0[..2].iter().all(|(_, f)| f.is_none()), "{seat0:?}");
    assert!(
        seat0[2..]
            .iter()
            .all(|(_, f)| *f == Some(FaultKind::Exited))
    );
    let fault = played.transcript.events[seat0[2].0].fault.clone().unwrap();
    assert_eq!(
        fault.text,
        "the program closed its stdout (it is still running)"
    );
    let ended = played.ended();
    assert_eq!(ended.len(), 1, "{ended:?}");
    assert!(
        ended[0].starts_with("end of the match: the program did not exit within 2 s: killed"),
        "{ended:?}"
    );
}

#[test]
fn a_flood_on_stderr_never_blocks_and_the_log_keeps_a_bounded_tail() {
    need_python!();
    let played = play("stderr_flood.py", PATIENT, &random(), 13);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert!(
        played.fault_kinds().is_empty(),
        "{:?}",
        played.fault_kinds()
    );
    let stderr = played.stderr();
    let dropped: u64 = played
        .log
        .iter()
        .filter_map(|e| match e.event {
            LogEvent::StderrDropped(n) => Some(n),
            _ => None,
        })
        .sum();
    assert!(dropped > 0);
    // However often the host looked (each look could keep 64 KiB): 3 MB were kept under load,
    // 640 KB here over 10 decisions.
    let kept: usize = stderr.iter().map(String::len).sum();
    assert!(
        kept <= mousehole_bots::external::STDERR_LOG_BYTES,
        "{kept} bytes of stderr kept over {} decisions",
        played.seat0().len()
    );
    assert!(
        stderr
            .iter()
            .all(|line| line.len() <= STDERR_LINE_BYTES + 40)
    );
    assert!(
        stderr
            .iter()
            .any(|line| line.starts_with("long yyy") && line.ends_with("… (line cut)"))
    );
}

#[test]
fn a_program_that_ignores_quit_is_killed_after_two_seconds() {
    need_python!();
    let start = Instant::now();
    let played = play("ignores_quit.py", PATIENT, &random(), 12);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert!(played.fault_kinds().is_empty());
    let ended = played.ended();
    assert_eq!(ended.len(), 1);
    assert!(
        ended[0].starts_with("quit: the program did not exit within 2 s: killed"),
        "{ended:?}"
    );
    assert!(start.elapsed() >= Duration::from_secs(2));
}

#[test]
fn a_child_left_running_after_quit_is_killed_with_the_group() {
    need_python!();
    let played = play("child_ignores_quit.py", PATIENT, &random(), 13);
    assert!(matches!(played.end, MatchEnd::Finished(_)));
    assert!(played.fault_kinds().is_empty());
    let ended = played.ended();
    assert!(
        ended[0].contains("processes it started were still running after 2 s and were killed"),
        "{ended:?}"
    );
    let child: u32 = played
        .stderr()
        .iter()
        .find_map(|line| line.strip_prefix("child pid "))
        .expect("the child's pid on stderr")
        .parse()
        .unwrap();
    wait_gone(child, |pid| kill(pid, None), "child process");
}

#[test]
fn a_program_that_exits_at_once_leaves_every_decision_to_the_fallback() {
    need_python!();
    let log: Log = Arc::default();
    let kept = Arc::clone(&log);
    let mut program = ExternalSeat::<CheeseDay>::new(
        ExternalCommand::parse("python3 -c 'import sys; sys.exit(5)'").unwrap(),
        PATIENT,
        FallbackSpec::default().build(),
    )
    .with_log(Box::new(move |entry: &LogEntry| {
        kept.lock().unwrap().push(entry.clone());
    }));
    let mut others = [
        AgentSeat::<CheeseDay, RandomAgent>::new(Box::new(RandomAgent)),
        AgentSeat::new(Box::new(RandomAgent)),
    ];
    let config = <CheeseDay as Game>::Config::with_players(3).unwrap();
    let mut game = Match::<CheeseDay>::new(&config, 14);
    game.record_views(true);
    let [one, two] = &mut others;
    let mut seats: Vec<&mut dyn Seat<CheeseDay>> = vec![&mut program, one, two];
    let end = game.run(&mut seats);
    drop(seats);
    program.close();
    assert!(matches!(end, MatchEnd::Finished(_)));
    let transcript = Transcript::from_match(&game, vec!["x".into(); 3]);
    transcript.replay().unwrap();
    let faults: Vec<_> = transcript
        .events
        .iter()
        .filter(|e| e.actor == Actor::Seat(0))
        .map(|e| e.fault.clone().expect("a fault at every decision"))
        .collect();
    assert!(faults.iter().all(|f| f.kind == FaultKind::Exited));
    assert_eq!(
        faults[0].text,
        "no program to ask: the program exited (exit status: 5)"
    );
    let log = log.lock().unwrap();
    assert!(log.iter().any(|e| matches!(
        &e.event,
        LogEvent::Fault { at, fault, .. } if at == "hello" && fault.kind == FaultKind::Exited
    )));
    assert_groups_gone(&log);
}

/// Plays `games` matches of one game with the recorder program in seat `seat` (one process for
/// all of them), then checks every message it was sent against the matches.
struct RecordedGames {
    seat: usize,
    games: u64,
    record: std::path::PathBuf,
}

impl mousehole_bots::BotVisitor for RecordedGames {
    type Output = ();

    fn visit<G: mousehole_bots::BotGame>(self, config: G::Config) {
        let command = format!(
            "{} {}",
            script("recorder.py"),
            shell_words::quote(self.record.to_str().unwrap())
        );
        let (mut program, log) = external::<G>(&command, PATIENT, &random());
        let identity = program.identity();
        let players = config.players();
        let mut matches = Vec::new();
        for index in 0..self.games {
            let seed = 100 + index;
            let mut others: Vec<AgentSeat<G, RandomAgent>> = (1..players)
                .map(|_| AgentSeat::new(Box::new(RandomAgent)))
                .collect();
            let mut game = Match::<G>::new(&config, seed);
            game.record_views(true);
            {
                let mut seats: Vec<&mut dyn Seat<G>> =
                    others.iter_mut().map(|s| s as &mut dyn Seat<G>).collect();
                seats.insert(self.seat, &mut program);
                let end = game.run(&mut seats);
                assert!(matches!(end, MatchEnd::Finished(_)), "{end:?}");
            }
            let pid = program
                .process_id()
                .expect("the program runs between games");
            matches.push((game, pid));
        }
        let hello = identity.get().expect("the program said hello");
        assert_eq!(hello.name.as_deref(), Some("recorder"));
        assert_eq!(hello.version.as_deref(), Some("1"));
        program.close();
        let log = log.lock().unwrap().clone();
        assert_groups_gone(&log);
        assert!(
            log.iter()
                .any(|e| e.event == LogEvent::Stderr("recorder started".into()))
        );
        assert!(
            !log.iter()
                .any(|e| matches!(e.event, LogEvent::Fault { .. } | LogEvent::Discarded(_))),
            "{log:?}"
        );
        let pids: BTreeSet<u32> = matches.iter().map(|(_, pid)| *pid).collect();
        assert_eq!(pids.len(), 1, "one process for every game");

        let text = std::fs::read_to_string(&self.record).unwrap();
        let messages: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let mut messages = messages.iter();
        assert_eq!(
            messages.next(),
            Some(&json!({"type": "hello", "protocol": PROTOCOL}))
        );
        let mut last_id = 0;
        for (game, _) in &matches {
            check_game(game, self.seat, &mut messages, &mut last_id);
        }
        assert_eq!(messages.next(), Some(&json!({"type": "quit"})));
        assert_eq!(messages.next(), None);
    }
}

/// Checks the messages of one game: new_game, one act per decision of the seat (observation,
/// legal actions, events since the previous act, rising ids), game_over.
fn check_game<'a, G: Game>(
    game: &Match<G>,
    seat: usize,
    messages: &mut impl Iterator<Item = &'a Value>,
    last_id: &mut u64,
) {
    let config = game.config();
    let new_game = messages.next().expect("new_game");
    assert_eq!(
        new_game,
        &json!({
            "type": "new_game",
            "game": G::Config::description().name,
            "spec": canonical_spec(config),
            "options": config.to_options(),
            "players": config.players(),
            "seat": seat,
            "seed": agent_seed(game.seed(), seat),
        })
    );
    let seen: Vec<Value> = game
        .seen(seat)
        .iter()
        .map(|e| json!({"actor": e.actor, "action": e.view.to_string()}))
        .collect();
    let mut shown_events = Vec::new();
    let mut state = G::new(config);
    let mut legal = Vec::new();
    for event in game.events() {
        if state.to_move() == ToMove::Player(seat) {
            let act = messages.next().expect("an act");
            assert_eq!(act["type"], "act");
            let id = act["id"].as_u64().unwrap();
            assert!(id > *last_id, "ids increase within the process");
            *last_id = id;
            assert_eq!(
                act["observation"],
                serde_json::to_value(state.observation(seat)).unwrap()
            );
            state.legal_actions(&mut legal);
            let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
            assert_eq!(act["legal"], json!(texts));
            assert_eq!(act["deadline_ms"], 2000);
            shown_events.extend(act["events"].as_array().unwrap().iter().cloned());
            assert_eq!(
                shown_events,
                seen[..shown_events.len()],
                "events are the seat's views since its previous act"
            );
        }
        state.apply(event.action).unwrap();
    }
    let over = messages.next().expect("game_over");
    assert_eq!(over["type"], "game_over");
    assert_eq!(
        over["outcome"],
        serde_json::to_value(game.outcome()).unwrap()
    );
    shown_events.extend(over["events"].as_array().unwrap().iter().cloned());
    assert_eq!(shown_events, seen, "every event, once, in order");
}

#[test]
fn the_program_is_told_everything_the_protocol_says_in_every_game() {
    need_python!();
    let games: Vec<String> = crate::agents::short_games()
        .into_iter()
        .map(|(spec, _)| spec)
        .collect();
    let dir = std::env::temp_dir().join(format!("mousehole-recorder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (index, game) in games.iter().enumerate() {
        let spec: GameSpec = game.parse().unwrap();
        let record = dir.join(format!("game{index}.jsonl"));
        let _ = std::fs::remove_file(&record);
        let players = spec.build().unwrap().players();
        mousehole_bots::visit(
            &spec,
            RecordedGames {
                seat: index % players,
                games: 2,
                record,
            },
        )
        .unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn commands_are_split_like_a_shell_and_must_name_a_program() {
    let command = ExternalCommand::parse(" python3 'my bot.py' --level \"2\" ").unwrap();
    assert_eq!(command.words(), ["python3", "my bot.py", "--level", "2"]);
    assert_eq!(command.label(), "exec:python3 'my bot.py' --level \"2\"");
    let message = |text: &str| match ExternalCommand::parse(text) {
        Ok(command) => command.check().unwrap_err().to_string(),
        Err(error) => error.to_string(),
    };
    assert!(message("").contains("needs a command"));
    assert!(message("  ").contains("needs a command"));
    assert!(message("python3 'bot.py").contains("close every quote"));
    assert!(
        ExternalCommand::parse("python3 -c pass")
            .unwrap()
            .check()
            .is_ok()
    );
    assert_eq!(
        message("no-such-program-here --x"),
        "exec:no-such-program-here --x: program 'no-such-program-here' is not found on PATH"
    );
    assert!(message("./no/such/bot").contains("does not exist"));
    let not_executable = format!("{}/Cargo.toml", env!("CARGO_MANIFEST_DIR"));
    assert!(message(&not_executable).contains("is not an executable file"));
}

#[test]
fn fallbacks_parse_as_forfeit_or_an_agent() {
    assert_eq!(
        "forfeit".parse::<FallbackSpec>().unwrap(),
        FallbackSpec::Forfeit
    );
    assert_eq!(
        "random".parse::<FallbackSpec>().unwrap(),
        FallbackSpec::default()
    );
    assert_eq!(
        "mc:playouts=10"
            .parse::<FallbackSpec>()
            .unwrap()
            .to_string(),
        "mc:playouts=10"
    );
    let error = "exec:bot".parse::<FallbackSpec>().unwrap_err().to_string();
    assert!(
        error.starts_with("fallback 'exec:bot' is neither `forfeit` nor a built-in agent"),
        "{error}"
    );
}
