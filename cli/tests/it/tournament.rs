//! `mousehole tournament` end to end: the same games and figures whatever the thread count,
//! shards that merge into the unsharded report, statistics that cover the truth, a clean stop
//! on Ctrl-C, and one-line errors with exit status 2 on bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

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

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mousehole-tournament-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_owned()
}

/// Runs a command that must succeed, printing nothing on stderr (no progress bar when stderr
/// is not a terminal).
fn succeed(args: &[&str]) -> Output {
    let output = mousehole(args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "{args:?}");
    output
}

fn read_json(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// The report without its wall-clock figures: what must agree between runs.
fn without_timings(mut report: Value) -> Value {
    let object = report.as_object_mut().unwrap();
    assert!(object.remove("timing").is_some());
    for agent in object["agents"].as_array_mut().unwrap() {
        let agent = agent.as_object_mut().unwrap();
        assert!(agent.remove("ms_per_decision").is_some());
        assert!(agent.remove("max_ms_per_decision").is_some());
    }
    report
}

#[test]
fn one_thread_and_two_threads_play_the_same_games() {
    let dir = scratch("jobs");
    // A round robin (four agents at three-player tables: four tables) with every seat order,
    // and a single table with rotations.
    for (name, extra) in [
        (
            "robin",
            &[
                "--game",
                "cheese-day:players=3",
                "--agents",
                "random,random,random,random",
                "--games",
                "500",
                "--permutations",
            ][..],
        ),
        (
            "table",
            &[
                "--game",
                "mouse-trap",
                "--players",
                "2",
                "--agent",
                "random",
                "--agent",
                "random",
                "--games",
                "301",
            ][..],
        ),
    ] {
        let mut reports = Vec::new();
        let mut games = Vec::new();
        for jobs in ["1", "2"] {
            let out = path(&dir, &format!("{name}-{jobs}.jsonl"));
            let json = path(&dir, &format!("{name}-{jobs}.json"));
            let mut args = vec!["tournament", "--seed", "77", "--jobs", jobs, "--quiet"];
            args.extend_from_slice(extra);
            args.extend(["--out", &out, "--json", &json]);
            succeed(&args);
            games.push(std::fs::read(&out).unwrap());
            reports.push(read_json(&json));
        }
        assert!(
            games[0] == games[1],
            "{name}: --out differs between --jobs 1 and 2"
        );
        assert_eq!(
            without_timings(reports[0].clone()),
            without_timings(reports[1].clone()),
            "{name}"
        );
        let played = reports[0]["games_played"].as_u64().unwrap();
        let lines = String::from_utf8(games[0].clone()).unwrap();
        assert_eq!(lines.lines().count() as u64, played, "{name}");
        // The transcripts replay, in the canonical order (deal by deal, seating by seating).
        let replay = mousehole(&["replay", &path(&dir, &format!("{name}-1.jsonl"))]);
        assert!(replay.status.success(), "{}", stdout(&replay));
        let tags: Vec<(u64, u64)> = lines
            .lines()
            .map(|line| {
                let tag = &serde_json::from_str::<Value>(line).unwrap()["tournament"];
                (
                    tag["deal"].as_u64().unwrap(),
                    tag["seating"].as_u64().unwrap(),
                )
            })
            .collect();
        let mut sorted = tags.clone();
        sorted.sort_unstable();
        assert_eq!(tags, sorted, "{name}");
    }
    // 4 tables × 3! seatings = 24 games a round; 500 games round up to 21 rounds.
    let robin = read_json(&path(&dir, "robin-1.json"));
    assert_eq!(robin["tables"], 4);
    assert_eq!(robin["seatings_per_deal"], 6);
    assert_eq!(robin["deals"], 84);
    assert_eq!(robin["games_played"], 504);
    // Each entry sits at 3 of the 4 tables.
    for agent in robin["agents"].as_array().unwrap() {
        assert_eq!(agent["games"], 378);
    }
    // 301 games of a 2-seat table: 151 deals of 2 games.
    let table = read_json(&path(&dir, "table-1.json"));
    assert_eq!(table["games_played"], 302);
}

#[test]
fn shards_merge_into_the_unsharded_report() {
    let dir = scratch("shards");
    let common = [
        "tournament",
        "--game",
        "cheese-day:players=3",
        "--agents",
        "random,random,random,random",
        "--games",
        "400",
        "--seed",
        "123",
        "--quiet",
    ];
    let whole = path(&dir, "whole.json");
    let mut args = common.to_vec();
    args.extend(["--json", &whole]);
    succeed(&args);

    // 400 games of 4 tables × 3 rotations: 34 rounds, 136 deals; three shards of 46, 45, 45.
    let parts: Vec<String> = (0..3)
        .map(|i| path(&dir, &format!("part-{i}.jsonl")))
        .collect();
    for (i, part) in parts.iter().enumerate() {
        let shard = format!("{i}/3");
        let mut args = common.to_vec();
        args.extend(["--shard", &shard, "--part", part]);
        succeed(&args);
    }
    let merged = path(&dir, "merged.json");
    let output = succeed(&[
        "tournament",
        "merge",
        &parts[2],
        &parts[0],
        &parts[1],
        "--json",
        &merged,
    ]);
    assert!(stdout(&output).contains("(merged from 3 shards)"));
    let whole = read_json(&whole);
    assert_eq!(whole["deals"], 136);
    assert_eq!(without_timings(whole), without_timings(read_json(&merged)));

    // A shard's share: deals k with k mod 3 = 1.
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let deals: Vec<u64> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok()?["deal"].as_u64())
        .collect();
    assert_eq!(deals.len(), 45);
    assert!(
        deals
            .iter()
            .enumerate()
            .all(|(j, &k)| k == 1 + 3 * j as u64)
    );
}

#[test]
fn shards_that_ran_their_programs_otherwise_do_not_merge() {
    let dir = scratch("program-shards");
    let agents = format!("exec:python3 {},random", example_bot());
    let parts: Vec<String> = (0..2)
        .map(|i| path(&dir, &format!("part-{i}.jsonl")))
        .collect();
    for (i, deadline) in ["1000", "2000"].into_iter().enumerate() {
        let shard = format!("{i}/2");
        succeed(&[
            "tournament",
            "--game",
            "cheese-day:players=2",
            "--agents",
            &agents,
            "--games",
            "8",
            "--seed",
            "5",
            "--quiet",
            "--deadline-ms",
            deadline,
            "--shard",
            &shard,
            "--part",
            &parts[i],
        ]);
    }
    let output = mousehole(&["tournament", "merge", &parts[0], &parts[1]]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains(
            "program settings deadline 2000 ms, grace 250 ms, fallback random there, deadline 1000 ms, grace 250 ms, fallback random in"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn three_random_agents_win_a_third_each() {
    let dir = scratch("third");
    let json = path(&dir, "r.json");
    let md = path(&dir, "r.md");
    let output = succeed(&[
        "tournament",
        "--game",
        "cheese-day",
        "--agents",
        "random,random,random",
        "--games",
        "3000",
        "--seed",
        "2024",
        "--jobs",
        "2",
        "--json",
        &json,
        "--md",
        &md,
    ]);
    let report = read_json(&json);
    assert_eq!(report["format"], "mousehole-tournament-report/1");
    assert_eq!(report["deals"], 1000);
    assert_eq!(report["games_played"], 3000);
    assert_eq!(report["interrupted"], false);
    let agents = report["agents"].as_array().unwrap();
    let names: Vec<&str> = agents.iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["random#1", "random#2", "random#3"]);
    for agent in agents {
        assert_eq!(agent["spec"], "random");
        assert_eq!(agent["games"], 3000);
        let [lo, hi] = [0, 1].map(|i| agent["win_rate_ci95"][i].as_f64().unwrap());
        assert!(lo < 1.0 / 3.0 && 1.0 / 3.0 < hi, "{agent}");
        let [lo, hi] = [0, 1].map(|i| agent["mean_return_ci95"][i].as_f64().unwrap());
        assert!(
            lo <= 1.0 / 3.0 + 1e-12 && 1.0 / 3.0 - 1e-12 <= hi,
            "{agent}"
        );
        for key in [
            "mean_return",
            "win_rate",
            "ms_per_decision",
            "rating",
            "rating_sigma",
        ] {
            assert!(agent[key].is_f64(), "{key}: {agent}");
        }
        assert_eq!(agent["faults"], 0);
        assert_eq!(agent["forfeits"], 0);
        assert!(agent["decisions"].as_u64().unwrap() > 3000);
        // The anchor: with only random entries, each is near 0.
        assert!(agent["rating"].as_f64().unwrap().abs() < agent["rating_sigma"].as_f64().unwrap());
    }
    // Seat advantage is real in Cheese Day: if the rotation did not move the entries, their
    // win rates would be the seats' rates; with it, every entry has every seat once a deal.
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let rates: Vec<f64> = seats
        .iter()
        .map(|s| s["win_rate"].as_f64().unwrap())
        .collect();
    assert!(
        rates.iter().any(|r| (r - 1.0 / 3.0).abs() > 0.01),
        "{rates:?}"
    );
    // Six ordered pairs, each met in all 3000 games.
    let pairs = report["head_to_head"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    for pair in pairs {
        let counts = ["above", "tied", "below"].map(|k| pair[k].as_u64().unwrap());
        assert_eq!(counts.iter().sum::<u64>(), 3000, "{pair}");
    }
    let text = stdout(&output);
    assert!(
        text.contains("1000 deals × 3 seatings = 3000 games"),
        "{text}"
    );
    assert!(text.contains("head to head"), "{text}");
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(
        markdown.starts_with("# Tournament: cheese-day:players=3"),
        "{markdown}"
    );
    assert!(markdown.contains("| random#2 | 3000 |"), "{markdown}");
}

/// Sends SIGINT to a running tournament once it has written its first games, and returns its
/// output.
fn interrupt(args: &[&str], watched: &Path) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_mousehole"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while std::fs::metadata(watched).map_or(0, |m| m.len()) < 100_000 {
        assert!(start.elapsed() < Duration::from_mins(1), "no games written");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_stops_cleanly_and_reports_the_deals_finished() {
    let dir = scratch("interrupt");
    let out = path(&dir, "g.jsonl");
    let json = path(&dir, "r.json");
    let common = [
        "tournament",
        "--game",
        "cheese-day",
        "--agents",
        "random,random,random",
        "--games",
        "100000000",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--quiet",
    ];
    let mut args = common.to_vec();
    args.extend(["--out", &out, "--json", &json]);
    let output = interrupt(&args, Path::new(&out));
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(
        stderr(&output).starts_with("interrupted by SIGINT (Ctrl-C): "),
        "{}",
        stderr(&output)
    );
    let report = read_json(&json);
    assert_eq!(report["interrupted"], true);
    let deals = report["deals"].as_u64().unwrap();
    assert!(deals > 0 && deals < 100_000_000 / 3, "{deals}");
    // Only whole deals count, and the transcripts are exactly theirs.
    assert_eq!(report["games_played"].as_u64().unwrap(), 3 * deals);
    let lines = std::fs::read_to_string(&out).unwrap().lines().count() as u64;
    assert_eq!(lines, 3 * deals);

    // An interrupted shard's part says so, and does not merge.
    let part = path(&dir, "p0.jsonl");
    let mut args = common.to_vec();
    args.extend(["--shard", "0/2", "--part", &part]);
    let output = interrupt(&args, Path::new(&part));
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    let other = path(&dir, "p1.jsonl");
    let mut args = common.to_vec();
    args.extend(["--shard", "1/2", "--part", &other]);
    let output = interrupt(&args, Path::new(&other));
    assert_eq!(output.status.code(), Some(130));
    let merged = mousehole(&["tournament", "merge", &part, &other]);
    assert_eq!(merged.status.code(), Some(2));
    assert!(
        stderr(&merged).contains("is unfinished: its run was interrupted after"),
        "{}",
        stderr(&merged)
    );
}

#[test]
fn bad_input_gives_one_line_and_exit_status_two() {
    let dir = scratch("bad");
    // Two real parts of one tournament, and parts of others.
    let part = |name: &str, game: &str, agents: &str, seed: &str, games: &str, shard: &str| {
        let file = path(&dir, name);
        succeed(&[
            "tournament",
            "--game",
            game,
            "--agents",
            agents,
            "--games",
            games,
            "--seed",
            seed,
            "--shard",
            shard,
            "--part",
            &file,
        ]);
        file
    };
    let p0 = part("p0", "cheese-day", "random,random,random", "1", "60", "0/2");
    let p1 = part("p1", "cheese-day", "random,random,random", "1", "60", "1/2");
    let other_game = part(
        "g1",
        "cheese-day:players=4",
        "random,random,random,random",
        "1",
        "60",
        "1/2",
    );
    let other_agents = part(
        "a1",
        "cheese-day",
        "random,random,random,random",
        "1",
        "60",
        "1/2",
    );
    let other_seed = part("s1", "cheese-day", "random,random,random", "2", "60", "1/2");
    let other_count = part("c1", "cheese-day", "random,random,random", "1", "90", "1/2");
    let other_shards = part("n1", "cheese-day", "random,random,random", "1", "60", "1/3");
    let text = std::fs::read_to_string(&p1).unwrap();
    let garbled = path(&dir, "garbled");
    std::fs::write(
        &garbled,
        text.replacen("\"ranks\":[", "\"ranks\":[\"x\",", 1),
    )
    .unwrap();
    let cut = path(&dir, "cut");
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(&cut, kept.join("\n")).unwrap();
    let not_part = path(&dir, "not-part");
    std::fs::write(&not_part, "hello\n").unwrap();
    let missing = path(&dir, "missing");

    let base = ["tournament", "--game", "cheese-day", "--games", "3"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|s| (*s).to_owned()).collect()
    };
    let merge = |files: &[&str]| -> Vec<String> {
        ["tournament", "merge"]
            .iter()
            .chain(files)
            .map(|s| (*s).to_owned())
            .collect()
    };
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            with(&["--agents", "random,robot,random"]),
            "unknown agent 'robot'; the agents are: random".into(),
        ),
        (
            with(&["--agents", "random,random"]),
            "cheese-day seats 3 players, so a table needs 3 agents, but 2 were given".into(),
        ),
        (
            with(&["--agents", "random,random", "--players", "9"]),
            "expected a number of players from 2 to 6".into(),
        ),
        (
            with(&["--agents", "random,human,random"]),
            "a tournament seats only agents".into(),
        ),
        (
            with(&["--agents", "random:depth=3,random,random"]),
            "agent 'random' has no setting 'depth'".into(),
        ),
        (with(&[]), "no agents: list them with --agents".into()),
        (
            with(&[
                "--agents",
                "random,random,random",
                "--shard",
                "3/2",
                "--part",
                "x",
                "--seed",
                "1",
            ]),
            "bad shard '3/2': the shard index must be less than the shard count".into(),
        ),
        (
            with(&[
                "--agents",
                "random,random,random",
                "--shard",
                "0/0",
                "--part",
                "x",
                "--seed",
                "1",
            ]),
            "bad shard '0/0': the shard count must be at least 1".into(),
        ),
        (
            with(&[
                "--agents",
                "random,random,random",
                "--shard",
                "0/2",
                "--seed",
                "1",
            ]),
            "--shard 0/2 needs --part FILE".into(),
        ),
        (
            with(&[
                "--agents",
                "random,random,random",
                "--shard",
                "0/2",
                "--part",
                "x",
            ]),
            "--shard 0/2 needs --seed".into(),
        ),
        (
            with(&["--agents", "random,random,random", "--out", "x.json"]),
            "transcripts go one per line to a .jsonl file".into(),
        ),
        (
            vec!["tournament".into(), "--agents".into(), "random".into()],
            "--game SPEC is required".into(),
        ),
        (
            merge(&[&p0, &other_game]),
            format!(
                "{other_game} is not from the same tournament as {p0}: game cheese-day:players=4"
            ),
        ),
        (
            merge(&[&p0, &other_agents]),
            format!(
                "{other_agents} is not from the same tournament as {p0}: agents random,random,random,random there"
            ),
        ),
        (
            merge(&[&p0, &other_seed]),
            format!("{other_seed} is not from the same tournament as {p0}: seed 2 there, 1 in"),
        ),
        (
            merge(&[&p0, &other_count]),
            format!(
                "{other_count} is not from the same tournament as {p0}: games asked for 90 there, 60 in"
            ),
        ),
        (
            merge(&[&p0, &other_shards]),
            "shard count 3 there, 2 in".into(),
        ),
        (
            merge(&[&p0]),
            format!("shard 1/2 is missing: the parts given are {p0} (0/2)"),
        ),
        (merge(&[&p0, &p0]), "are both shard 0/2".into()),
        (merge(&[&p0, &missing]), format!("cannot read {missing}: ")),
        (
            merge(&[&p0, &not_part]),
            format!("{not_part} line 1: not a tournament part header"),
        ),
        (
            merge(&[&p0, &garbled]),
            format!(
                "{garbled} line 2: not a deal record: the string \"x\" is not allowed here: expected a whole number"
            ),
        ),
        (
            merge(&[&p0, &cut]),
            format!("{cut} is unfinished: it stops before deal 7, with no end line"),
        ),
    ];
    for (args, message) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = mousehole(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(message.as_str()), "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
    // The two good parts do merge.
    succeed(&["tournament", "merge", &p1, &p0, "--quiet"]);
}

/// The example random bot, by its path from the workspace root.
fn example_bot() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/python/random_bot.py")
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn programs_play_tournaments_one_process_per_worker() {
    let dir = scratch("exec");
    let trace = path(&dir, "trace.txt");
    let json = path(&dir, "report.json");
    let out = path(&dir, "games.jsonl");
    let program = format!("exec:python3 {} --trace {trace}", example_bot());
    let output = mousehole(&[
        "tournament",
        "--game",
        "cheese-day",
        "--agent",
        &program,
        "--agents",
        "heuristic,random",
        "--games",
        "90",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--quiet",
        "--json",
        &json,
        "--out",
        &out,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("fault"), "{}", stderr(&output));
    let report = read_json(&json);
    assert_eq!(report["games_played"], 90);
    // The --agents list comes first, the --agent entry after it.
    let program_entry = &report["agents"][2];
    assert_eq!(program_entry["spec"].as_str(), Some(&program[..]));
    assert_eq!(program_entry["games"], 90);
    assert_eq!(program_entry["faults"], 0);
    assert_eq!(program_entry["forfeits"], 0);
    assert!(program_entry["decisions"].as_u64().unwrap() > 90);
    // Every game was recorded and replays (the program's seat label is kept, not re-run).
    let lines = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines.lines().count(), 90);
    assert!(
        lines.contains(&program),
        "the program's seat label is recorded"
    );
    let replay = mousehole(&["replay", &out]);
    assert!(replay.status.success(), "{}", stdout(&replay));
    // One process per worker: each said hello once, and all 90 games were started in them.
    let exchange = std::fs::read_to_string(&trace).unwrap();
    let hellos = exchange.matches(r#""type": "hello", "name""#).count();
    assert!((1..=2).contains(&hellos), "{hellos} programs were started");
    assert_eq!(exchange.matches(r#"{"type":"new_game""#).count(), 90);
}

#[test]
fn a_program_that_cannot_start_stops_the_tournament_before_any_game() {
    let dir = scratch("exec-missing");
    let json = path(&dir, "report.json");
    let output = mousehole(&[
        "tournament",
        "--game",
        "mouse-trap:players=2",
        "--agents",
        "exec:./no-such-bot --fast,random",
        "--games",
        "10",
        "--json",
        &json,
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(
        message.contains("program './no-such-bot' does not exist"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
    // The report file is created only once the tournament can run.
    assert!(!Path::new(&json).exists());
}
