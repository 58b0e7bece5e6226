//! Project automation, run as `cargo xtask <command>`: a thin wrapper over cargo so CI and
//! people run the same steps. Each command is echoed before it runs.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

mod check;
mod layers;
mod names;
mod python;

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "mousehole project tasks")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// What CI runs: format check, docs with warnings denied, then `test`, then `python`
    /// (the Python package's tests). Ends with one line `N passed, N failed`.
    Ci,
    /// Every test of the workspace, doc tests included (snapshots never written), built with
    /// clippy's lints (any warning fails the `clippy` step); ends with `N passed, N failed`.
    Test,
    /// The conformance harness with many games per game and player count, optimised.
    Soak {
        /// Games per configuration.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Only this game (e.g. `cheese-day`); default all. Long games (Mouse Race runs to
        /// 600 turns) make a full soak take hours on two cores.
        #[arg(long)]
        game: Option<String>,
    },
    /// The statistics tests of random games (game lengths, endings, speed), optimised: the
    /// engine's `stats` suite, which only its `stats` feature builds.
    Stats {
        /// Only this game (e.g. `moose-house`); default all.
        #[arg(long)]
        game: Option<String>,
    },
    /// The Python package (`python/`): builds it into a virtual environment under `target/`
    /// (made once with maturin, pytest, numpy, PettingZoo and OpenSpiel from PyPI) and runs
    /// its tests; with `--bench`, builds it as `pip install` does and runs its benchmark
    /// instead (random games from a Python loop beside OpenSpiel's backgammon).
    Python {
        /// Run the benchmark instead of the tests.
        #[arg(long)]
        bench: bool,
        /// Seconds per measurement of the benchmark.
        #[arg(long, default_value_t = 3.0, requires = "bench")]
        seconds: f64,
    },
    /// Random full games per second for every game (release build).
    Bench {
        /// Seconds per game.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
    },
    /// Where each game is named outside its own files (the registry's list should be the
    /// only shared source file); fails otherwise.
    Names,
    /// Which crate depends on which, by the layers of docs/ARCHITECTURE.md (a crate may
    /// depend only on lower layers); fails on a crate that reaches up or across.
    Layers,
    /// Run the tests writing changed insta snapshots as `.snap.new` files to review.
    Snapshots,
    /// Regenerate docs/STRENGTH.md, its charts and each game's results (docs/strength/), and
    /// the level table's measured files (bots/src/heuristic/measured/, which `mousehole list`
    /// and the TUI's setup screen read): every game's agent ladder, pairings and win rate
    /// against search budget, played in release with the `charts` feature, stamped with the
    /// git revision (`-dirty` with uncommitted changes). The whole run takes hours on two
    /// cores; `--game NAME` regenerates one game's part (STRENGTH.md is rendered again from
    /// every game's results file present), so games can run on different machines, their
    /// files brought back and the report rendered from them all with `--render`
    /// (docs/tournaments.md). `--quick` plays a few dozen games a pairing and writes under
    /// target/strength-quick/ only. With `--check LEVEL`, instead
    /// test the working tree's level against the last commit's (a sequential test: exit status
    /// 0 when it is not weaker, 1 when it is, 2 undecided).
    Strength {
        /// A tenth of the games, a few minutes: the report and measured files go to
        /// target/strength-quick/ (STRENGTH.md, strength/, measured/), never to docs/ or bots/.
        #[arg(long, conflicts_with = "check")]
        quick: bool,
        /// Play nothing: render STRENGTH.md and its charts from every game's results file
        /// present (docs/strength/GAME.json, e.g. brought back from other machines).
        #[arg(long, conflicts_with_all = ["check", "game"])]
        render: bool,
        /// The seed of every tournament (with --check: of the first deal).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Test the working tree's LEVEL (a level or any agent spec) against the last
        /// commit's, heads-up in every game, duplicate-seated, until an SPRT per game decides
        /// (the last commit is built in a worktree under target/strength-check/).
        #[arg(long, value_name = "LEVEL")]
        check: Option<String>,
        /// With --check: the expected score of a weaker level is 0.5 - MARGIN.
        #[arg(long, default_value_t = 0.02, requires = "check")]
        margin: f64,
        /// With --check: deals of each game per batch (the test is looked at after each).
        #[arg(long, default_value_t = 20, requires = "check", value_parser = clap::value_parser!(u64).range(1..))]
        batch: u64,
        /// With --check: stop a game's test undecided after this many of its deals.
        #[arg(long, default_value_t = 2000, requires = "check", value_parser = clap::value_parser!(u64).range(1..))]
        max_deals: u64,
        /// Only this game (repeatable; default every game): its report section, results file and
        /// measured file are regenerated, the others' stay; with --check, the games tested.
        #[arg(long, value_name = "NAME")]
        game: Vec<String>,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Task::Ci => {
            ci();
            Ok(())
        }
        Task::Test => {
            let mut tally = Tally::default();
            test(&mut tally)?;
            tally.finish();
            Ok(())
        }
        Task::Soak { games, game } => soak(games, game.as_deref()),
        Task::Stats { game } => stats(game.as_deref()),
        Task::Bench { seconds } => bench(seconds),
        Task::Python {
            bench: true,
            seconds,
        } => python::bench(seconds),
        Task::Python { bench: false, .. } => {
            let mut tally = Tally::default();
            python::test(&mut tally)?;
            tally.finish();
            Ok(())
        }
        Task::Names => names::report(&root()),
        Task::Layers => layers::report(&root()),
        Task::Snapshots => snapshots(),
        Task::Strength {
            check: Some(level),
            seed,
            margin,
            batch,
            max_deals,
            game,
            ..
        } => check::run(&check::Check {
            level,
            margin,
            batch,
            max_deals,
            seed,
            games: game,
        }),
        Task::Strength {
            quick,
            render,
            seed,
            game,
            ..
        } => strength(quick, render, seed, &game),
    }
}

/// Tests passed and failed over the whole run, and the steps that failed outright.
#[derive(Debug, Default)]
struct Tally {
    passed: u64,
    failed: u64,
    failed_steps: Vec<String>,
}

impl Tally {
    /// Prints the summary line (always the last line) and exits with status 1 if anything
    /// failed.
    fn finish(&self) {
        if !self.failed_steps.is_empty() {
            eprintln!("failed: {}", self.failed_steps.join("; "));
        }
        let failed = self.failed + self.failed_steps.len() as u64;
        println!("{} passed, {failed} failed", self.passed);
        if failed > 0 {
            std::process::exit(1);
        }
    }
}

fn ci() {
    let mut tally = Tally::default();
    // Every step runs even after one fails, so one CI run shows everything that is wrong.
    for (name, args, env) in [
        (
            "format check",
            vec!["fmt", "--all", "--", "--check"],
            vec![],
        ),
        (
            "docs",
            vec!["doc", "--workspace", "--no-deps", "--locked"],
            vec![("RUSTDOCFLAGS", "-D warnings")],
        ),
    ] {
        if let Err(error) = cargo(&args, &env) {
            eprintln!("{error:#}");
            tally.failed_steps.push(name.to_owned());
        }
    }
    // The page's tests drive a real browser: install it first where it is missing.
    if let Err(error) = browser() {
        eprintln!("{error:#}");
        tally.failed_steps.push("browser".to_owned());
    }
    if let Err(error) = test(&mut tally) {
        eprintln!("{error:#}");
        tally.failed_steps.push("tests".to_owned());
    }
    // After the Rust tests, whose build gives the Python tests the `mousehole` binary.
    if let Err(error) = python::test(&mut tally) {
        eprintln!("{error:#}");
        tally.failed_steps.push("python".to_owned());
    }
    tally.finish();
}

/// What the browser tests run: Debian's Chromium and its WebDriver (the paths
/// mousehole-browser looks at).
const BROWSER_FILES: [&str; 2] = ["/usr/bin/chromium", "/usr/bin/chromedriver"];

/// Installs Debian's `chromium` and `chromium-driver` when either is missing (as root, with
/// apt-get; a test tool's download of its own browser is never used). Nothing is done when
/// both are there.
fn browser() -> Result<()> {
    if BROWSER_FILES.iter().all(|file| Path::new(file).is_file()) {
        return Ok(());
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
    if !root {
        bail!(
            "the browser tests need Chromium and ChromeDriver ({}): install them as root with \
             `apt-get install chromium chromium-driver`",
            BROWSER_FILES.join(", ")
        );
    }
    for args in [
        &["update", "-qq"][..],
        &["install", "-y", "-qq", "chromium", "chromium-driver"][..],
    ] {
        println!(
            "$ DEBIAN_FRONTEND=noninteractive apt-get {}",
            args.join(" ")
        );
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .context("cannot run apt-get")?;
        if !status.success() {
            bail!("apt-get {} failed ({status})", args.join(" "));
        }
    }
    Ok(())
}

/// Features every test step builds with: the statistics suites (linted, built, not run: their
/// binary is filtered out of the run) and the strength report's charts (its test runs with the
/// others), so one build serves the lints and every test.
const TEST_FEATURES: &str = "mousehole-engine/stats,mousehole-tournament/charts";

/// The statistics suites' binary, which only `cargo xtask stats` runs.
const NOT_STATS: &str = "not (package(mousehole-engine) & binary(stats))";

/// The environment of every test step: snapshots never written, and clippy's driver compiling
/// the workspace's crates, so the build the tests need is also the lint pass (clippy is
/// `cargo check` with this same driver: running it on the real build spares CI a second pass
/// over the workspace). Dependencies are compiled by plain rustc.
fn test_env() -> Result<Vec<(String, String)>> {
    let sysroot = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned()))
        .args(["--print", "sysroot"])
        .output()
        .context("cannot run rustc")?;
    let sysroot = String::from_utf8(sysroot.stdout).context("rustc's sysroot is not UTF-8")?;
    let driver = Path::new(sysroot.trim()).join("bin/clippy-driver");
    if !driver.exists() {
        bail!(
            "clippy is not installed ({} is missing): `rustup component add clippy`",
            driver.display()
        );
    }
    Ok(vec![
        ("INSTA_UPDATE".to_owned(), "no".to_owned()),
        ("CI".to_owned(), "true".to_owned()),
        (
            "RUSTC_WORKSPACE_WRAPPER".to_owned(),
            driver.display().to_string(),
        ),
    ])
}

/// Builds every test with clippy's lints (a workspace crate with any warning fails the
/// `clippy` step, as `-D warnings` would, but the tests still run), then runs them, counting
/// passes and failures: with cargo-nextest when it is installed (plus `cargo test --doc`,
/// which nextest does not run), else with `cargo test`.
fn test(tally: &mut Tally) -> Result<()> {
    let env = test_env()?;
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let features = ["--features", TEST_FEATURES];
    // Built first on its own, so the time the build takes shows apart from the run's (the run
    // then builds nothing).
    let built = cargo_captured(
        &[
            &["test", "--workspace", "--locked", "--no-run"][..],
            &features,
        ]
        .concat(),
        &env,
    )?;
    count_lints(tally, &built);
    if !built.success {
        bail!("the tests do not build ({})", built.status_text());
    }
    let nextest = Command::new(cargo_path())
        .args(["nextest", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if nextest {
        let out = cargo_captured(
            &[
                &[
                    "nextest",
                    "run",
                    "--workspace",
                    "--locked",
                    "--no-fail-fast",
                    "-E",
                    NOT_STATS,
                ][..],
                &features,
            ]
            .concat(),
            &env,
        )?;
        let (passed, failed) = nextest_counts(&out.text)
            .with_context(|| format!("cargo nextest printed no summary ({})", out.status_text()))?;
        tally.passed += passed;
        tally.failed += failed;
        if !out.success && failed == 0 {
            tally.failed_steps.push("cargo nextest run".to_owned());
        }
    } else {
        println!("(cargo-nextest is not installed: running the tests with cargo test)");
        let out = cargo_captured(
            &[
                &["test", "--workspace", "--locked", "--no-fail-fast"][..],
                &features,
                // Every test target but the statistics suites.
                &["--lib", "--bins", "--test", "it", "--test", "strength"],
            ]
            .concat(),
            &env,
        )?;
        add_cargo_test_counts(tally, &out, "cargo test");
    }
    let doc = cargo_captured(
        &[&["test", "--workspace", "--locked", "--doc"][..], &features].concat(),
        &env,
    )?;
    add_cargo_test_counts(tally, &doc, "cargo test --doc");
    Ok(())
}

/// A failed `clippy` step in `tally` if a build linted by clippy's driver warned.
fn count_lints(tally: &mut Tally, built: &Captured) {
    let linted = warned_crates(&built.text);
    if !linted.is_empty() {
        tally
            .failed_steps
            .push(format!("clippy (warnings in {})", linted.join(", ")));
    }
}

/// The crates cargo says generated warnings (`warning: `mousehole-engine` (lib) generated 2
/// warnings`), each once, in order. Dependencies' lints are capped, so these are the
/// workspace's.
fn warned_crates(text: &str) -> Vec<String> {
    let mut crates: Vec<String> = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("warning: `") else {
            continue;
        };
        if !line.contains(") generated ") {
            continue;
        }
        if let Some((name, _)) = rest.split_once('`')
            && !crates.iter().any(|known| known == name)
        {
            crates.push(name.to_owned());
        }
    }
    crates
}

fn add_cargo_test_counts(tally: &mut Tally, out: &Captured, step: &str) {
    let (passed, failed) = cargo_test_counts(&out.text);
    tally.passed += passed;
    tally.failed += failed;
    if !out.success && failed == 0 {
        tally
            .failed_steps
            .push(format!("{step} ({})", out.status_text()));
    }
}

/// `(passed, failed)` from nextest's summary line (`Summary [ 1.2s] 239 tests run: 237
/// passed, 2 failed, 7 skipped`).
fn nextest_counts(text: &str) -> Option<(u64, u64)> {
    let line = text
        .lines()
        .rev()
        .find(|l| l.contains("Summary [") && l.contains("tests run:"))?;
    let after = line.split("tests run:").nth(1)?;
    let count = |word: &str| -> u64 {
        after
            .split(',')
            .filter_map(|part| {
                let mut words = part.split_whitespace();
                let n = words.next()?.parse::<u64>().ok()?;
                words.next().filter(|w| w.starts_with(word)).map(|_| n)
            })
            .sum()
    };
    // Timed-out and leaky-failed tests count as failed too.
    Some((
        count("passed"),
        count("failed") + count("timed") + count("leaky-failed"),
    ))
}

/// Sums `passed` and `failed` over cargo test's `test result:` lines.
fn cargo_test_counts(text: &str) -> (u64, u64) {
    let mut totals = (0, 0);
    for line in text.lines().filter(|l| l.starts_with("test result:")) {
        for part in line.split(';') {
            let words: Vec<&str> = part.split_whitespace().collect();
            for pair in words.windows(2) {
                if let Ok(n) = pair[0].parse::<u64>() {
                    match pair[1] {
                        "passed" => totals.0 += n,
                        "failed" => totals.1 += n,
                        _ => {}
                    }
                }
            }
        }
    }
    totals
}

fn soak(games: u64, game: Option<&str>) -> Result<()> {
    let games = games.to_string();
    // The module `conformance` of the engine's tests: one test per game, named after the
    // game's module.
    let filter = game.map(|g| format!("conformance::{}", g.replace('-', "_")));
    let mut args = vec![
        "test",
        "--profile",
        "soak",
        "--locked",
        "-p",
        "mousehole-engine",
        "--test",
        "it",
        "--",
    ];
    match &filter {
        Some(filter) => args.extend(["--exact", filter.as_str()]),
        None => args.push("conformance::"),
    }
    let out = cargo_captured(
        &args,
        &[
            ("MOUSEHOLE_CONFORMANCE_GAMES", games.as_str()),
            ("INSTA_UPDATE", "no"),
        ],
    )?;
    let (passed, failed) = cargo_test_counts(&out.text);
    if passed + failed == 0 {
        bail!(
            "no conformance test matched{}",
            game.map(|g| format!(" {g}")).unwrap_or_default()
        );
    }
    Tally {
        passed,
        failed,
        failed_steps: Vec::new(),
    }
    .finish();
    Ok(())
}

/// The engine's statistics suites (`engine/tests/stats`, one module per game), which only the
/// `stats` feature builds; `game` selects one by its module.
fn stats(game: Option<&str>) -> Result<()> {
    let mut modules = stats_modules()?;
    if let Some(game) = game {
        let module = game.replace('-', "_");
        modules.retain(|m| *m == module);
    }
    if modules.is_empty() {
        bail!(
            "no statistics suite (engine/tests/stats/<game>.rs){}",
            game.map(|g| format!(" for {g}")).unwrap_or_default()
        );
    }
    let filters: Vec<String> = modules.iter().map(|m| format!("{m}::")).collect();
    let mut args = vec![
        "test",
        "--profile",
        "soak",
        "--locked",
        "-p",
        "mousehole-engine",
        "--features",
        "stats",
        "--test",
        "stats",
        "--",
        "--ignored",
        "--nocapture",
        "--test-threads",
        "1",
    ];
    // Every suite: no filter. One game: its module's tests.
    if game.is_some() {
        args.extend(filters.iter().map(String::as_str));
    }
    cargo(&args, &[("INSTA_UPDATE", "no")])
}

fn bench(seconds: f64) -> Result<()> {
    let seconds = seconds.to_string();
    let mousehole = [
        "run",
        "--release",
        "--locked",
        "-p",
        "mousehole-cli",
        "--",
        "bench",
    ];
    cargo(&[&mousehole[..], &["--seconds", &seconds]].concat(), &[])?;
    // Nothing a person waits on may grow with the game's length.
    cargo(&[&mousehole[..], &["--long-game"]].concat(), &[])
}

/// The revision being measured: `git rev-parse --short HEAD`, with `-dirty` when the working
/// tree has uncommitted changes (what is measured is then not that commit).
fn revision() -> Result<String> {
    let head = check::git_output(&["rev-parse", "--short", "HEAD"])?;
    let dirty = !check::git_output(&["status", "--porcelain"])?
        .trim()
        .is_empty();
    Ok(format!(
        "{}{}",
        head.trim(),
        if dirty { "-dirty" } else { "" }
    ))
}

fn strength(quick: bool, render: bool, seed: u64, games: &[String]) -> Result<()> {
    // A quick run writes nowhere near the committed report and measured files.
    let (out, levels) = if quick {
        let quick = root().join("target/strength-quick");
        (quick.clone(), quick.join("measured"))
    } else {
        (
            root().join("docs"),
            root().join("bots/src/heuristic/measured"),
        )
    };
    let text = |path: &Path| {
        path.to_str()
            .map(str::to_owned)
            .context("the workspace path is not UTF-8")
    };
    let (out, levels) = (text(&out)?, text(&levels)?);
    let build = [
        "run",
        "--release",
        "--locked",
        "-p",
        "mousehole-cli",
        "--features",
        "charts",
        "--",
        "strength",
    ];
    if render {
        let quick: &[&str] = if quick { &["--quick"] } else { &[] };
        return cargo(
            &[&build[..], &["--out", &out, "--render"], quick].concat(),
            &[],
        );
    }
    let seed = seed.to_string();
    let revision = revision()?;
    let mut args = build.to_vec();
    args.extend([
        "--out",
        out.as_str(),
        "--levels",
        &levels,
        "--revision",
        &revision,
        "--seed",
        &seed,
    ]);
    if quick {
        args.push("--quick");
    }
    for game in games {
        args.extend(["--game", game.as_str()]);
    }
    cargo(&args, &[])
}

fn snapshots() -> Result<()> {
    cargo(&["test", "--workspace"], &[("INSTA_UPDATE", "new")])?;
    let pending = find_files(&root(), ".snap.new")?;
    if pending.is_empty() {
        println!("all snapshots match");
    } else {
        println!("review these, then rename each to .snap to accept or delete it to reject:");
        for path in pending {
            println!("  {}", path.display());
        }
    }
    Ok(())
}

/// The modules of the engine's statistics suite, one per game (`engine/tests/stats/<game>.rs`).
fn stats_modules() -> Result<Vec<String>> {
    let dir = root().join("engine/tests/stats");
    let mut modules: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_owned))
        .filter(|name| name != "main")
        .collect();
    modules.sort();
    Ok(modules)
}

fn find_files(dir: &Path, suffix: &str) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() && name != "target" && !name.starts_with('.') {
            found.extend(find_files(&path, suffix)?);
        } else if name.ends_with(suffix) {
            found.push(path);
        }
    }
    Ok(found)
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_owned()
}

fn cargo_path() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// Says how long the command echoed last took (where CI's time goes).
fn took(started: Instant) {
    println!("  (took {:.1} s)", started.elapsed().as_secs_f64());
}

fn echo(args: &[&str], env: &[(&str, &str)]) {
    let shown: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v} ")).collect();
    println!("$ {}cargo {}", shown.concat(), args.join(" "));
}

fn cargo(args: &[&str], env: &[(&str, &str)]) -> Result<()> {
    echo(args, env);
    let started = Instant::now();
    let status = Command::new(cargo_path())
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .status()
        .context("cannot run cargo")?;
    took(started);
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

/// What a cargo run printed (stdout and stderr, as they came) and whether it succeeded.
struct Captured {
    text: String,
    success: bool,
    status: std::process::ExitStatus,
}

impl Captured {
    fn status_text(&self) -> String {
        self.status.to_string()
    }
}

/// Runs cargo, echoing its output as it comes and keeping a copy to read counts from.
fn cargo_captured(args: &[&str], env: &[(&str, &str)]) -> Result<Captured> {
    echo(args, env);
    run_captured(&cargo_path(), args, env)
}

/// Runs `program`, echoed, as [`cargo_captured`] runs cargo.
fn captured(program: &str, args: &[&str], env: &[(&str, &str)]) -> Result<Captured> {
    let shown: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v} ")).collect();
    println!("$ {}{program} {}", shown.concat(), args.join(" "));
    run_captured(program, args, env)
}

fn run_captured(program: &str, args: &[&str], env: &[(&str, &str)]) -> Result<Captured> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {program}"))?;
    let text = Arc::new(Mutex::new(String::new()));
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let copy = |stream: Box<dyn Read + Send>, to_stderr: bool| {
        let text = Arc::clone(&text);
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if to_stderr {
                    let _ = writeln!(std::io::stderr(), "{line}");
                } else {
                    let _ = writeln!(std::io::stdout(), "{line}");
                }
                let mut text = text.lock().expect("not poisoned");
                text.push_str(&line);
                text.push('\n');
            }
        })
    };
    let readers = [copy(Box::new(stdout), false), copy(Box::new(stderr), true)];
    let status = child
        .wait()
        .with_context(|| format!("{program} did not finish"))?;
    for reader in readers {
        let _ = reader.join();
    }
    took(started);
    let text = text.lock().expect("not poisoned").clone();
    Ok(Captured {
        text,
        success: status.success(),
        status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nextest_summaries_are_counted() {
        let text = "        PASS [   0.021s] (239/239) x\n────────────\n     Summary [  10.570s] 239 tests run: 239 passed, 7 skipped\n";
        assert_eq!(nextest_counts(text), Some((239, 0)));
        let text =
            "     Summary [   1.000s] 12 tests run: 9 passed, 2 failed, 1 timed out, 3 skipped\n";
        assert_eq!(nextest_counts(text), Some((9, 3)));
        assert_eq!(nextest_counts("no summary here"), None);
    }

    #[test]
    fn cargo_test_results_are_summed() {
        let text = "test result: ok. 5 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\
                    test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.10s\n";
        assert_eq!(cargo_test_counts(text), (8, 2));
    }

    #[test]
    fn crates_with_lint_warnings_are_named_once() {
        // What cargo printed for a `&Vec<u8>` parameter added to the tournament crate, with
        // clippy's driver compiling it.
        let text = "warning: writing `&Vec` instead of `&[_]` involves a new object where a slice will do\n\
                    \x20 --> tournament/src/lib.rs:74:22\n\
                    warning: `mousehole-tournament` (lib) generated 1 warning\n\
                    warning: `mousehole-tournament` (lib test) generated 1 warning (1 duplicate)\n\
                    \x20   Finished `test` profile [optimized + debuginfo] target(s) in 48.91s\n";
        assert_eq!(warned_crates(text), ["mousehole-tournament"]);
        assert!(
            warned_crates("    Finished `test` profile\nwarning: unused manifest key\n").is_empty()
        );
    }
}
