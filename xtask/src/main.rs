//! Project automation, run as `cargo xtask <command>`: a thin wrapper over cargo so CI and
//! people run the same steps. Each command is echoed before it runs.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "mousehole project tasks")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// What CI runs: format check, clippy with -D warnings, every test (doc tests included),
    /// snapshots never written.
    Ci,
    /// Every test of the workspace, doc tests included (snapshots never written).
    Test,
    /// The conformance harness with many games per game and player count, in release mode.
    Soak {
        /// Games per configuration.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Only this game (e.g. `cheese-day`); default all. Long games (Mouse Race runs to
        /// 600 turns) make a full soak take hours on two cores.
        #[arg(long)]
        game: Option<String>,
    },
    /// Random full games per second for every game (release build).
    Bench {
        /// Seconds per game.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
    },
    /// Run the tests writing changed insta snapshots as `.snap.new` files to review.
    Snapshots,
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Task::Ci => ci(),
        Task::Test => test(),
        Task::Soak { games, game } => soak(games, game.as_deref()),
        Task::Bench { seconds } => bench(seconds),
        Task::Snapshots => snapshots(),
    }
}

fn ci() -> Result<()> {
    cargo(&["fmt", "--all", "--", "--check"], &[])?;
    cargo(
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--locked",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    test()
}

fn test() -> Result<()> {
    cargo(
        &["test", "--workspace", "--locked"],
        &[("INSTA_UPDATE", "no"), ("CI", "true")],
    )
}

fn soak(games: u64, game: Option<&str>) -> Result<()> {
    let games = games.to_string();
    let mut args = vec![
        "test",
        "--profile",
        "soak",
        "--locked",
        "-p",
        "mousehole-engine",
    ];
    let mut suites = conformance_suites()?;
    if let Some(game) = game {
        let module = game.replace('-', "_");
        suites.retain(|suite| suite.strip_suffix("_conformance") == Some(module.as_str()));
    }
    if suites.is_empty() {
        bail!(
            "no engine/tests/*_conformance.rs suite{}",
            game.map(|g| format!(" for {g}")).unwrap_or_default()
        );
    }
    for suite in &suites {
        args.extend(["--test", suite.as_str()]);
    }
    cargo(
        &args,
        &[
            ("MOUSEHOLE_CONFORMANCE_GAMES", games.as_str()),
            ("INSTA_UPDATE", "no"),
        ],
    )
}

fn bench(seconds: f64) -> Result<()> {
    let seconds = seconds.to_string();
    cargo(
        &[
            "run",
            "--release",
            "--locked",
            "-p",
            "mousehole-cli",
            "--",
            "bench",
            "--seconds",
            &seconds,
        ],
        &[],
    )
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

/// The names of the engine's conformance test suites (`engine/tests/*_conformance.rs`).
fn conformance_suites() -> Result<Vec<String>> {
    let dir = root().join("engine/tests");
    let mut suites: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_owned))
        .filter(|name| name.ends_with("_conformance"))
        .collect();
    suites.sort();
    Ok(suites)
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

fn cargo(args: &[&str], env: &[(&str, &str)]) -> Result<()> {
    let shown: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!("$ {} cargo {}", shown.join(" "), args.join(" "));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}
