//! The Python package's steps (`python/`): a virtual environment under `target/` with the
//! tools and the libraries the tests use (made once, then only topped up), the package built
//! into it by maturin, its pytest suite run and counted, and its benchmark.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::{Captured, Tally, captured, count_lints, root, took};

/// What the tests and the build need from PyPI, by the name each is imported or run as.
const PACKAGES: &[(&str, &str)] = &[
    ("maturin", "maturin"),
    ("pytest", "pytest"),
    ("numpy", "numpy"),
    ("pettingzoo", "pettingzoo"),
    ("open_spiel", "pyspiel"),
];

/// The cargo profile the package is built with for the tests: optimised, without the release
/// profile's whole-program link, which costs minutes (`pip install ./python` builds the
/// release profile).
const TEST_PROFILE: &str = "soak";

fn venv() -> PathBuf {
    root().join("target/python-venv")
}

fn python() -> PathBuf {
    venv().join("bin/python")
}

/// The interpreter that makes the environment: `$PYTHON`, else `python3`.
fn base_python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// Runs a command, echoed, failing unless it succeeds.
fn run(program: &Path, args: &[&str]) -> Result<()> {
    println!("$ {} {}", program.display(), args.join(" "));
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .current_dir(root())
        .status()
        .with_context(|| format!("cannot run {}", program.display()))?;
    took(started);
    if !status.success() {
        bail!(
            "`{} {}` failed ({status})",
            program.display(),
            args.join(" ")
        );
    }
    Ok(())
}

/// The packages not yet importable in the environment.
fn missing() -> Vec<&'static str> {
    PACKAGES
        .iter()
        .filter(|(_, module)| {
            let found = if *module == "maturin" {
                venv().join("bin/maturin").exists()
            } else {
                Command::new(python())
                    .args(["-c", &format!("import {module}")])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|status| status.success())
            };
            !found
        })
        .map(|(package, _)| *package)
        .collect()
}

/// Makes the environment if there is none and installs what it lacks.
fn environment() -> Result<()> {
    if !python().exists() {
        let base = PathBuf::from(base_python());
        run(&base, &["-m", "venv", &venv().display().to_string()])?;
    }
    let missing = missing();
    if !missing.is_empty() {
        let mut args = vec![
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ];
        args.extend(&missing);
        run(&python(), &args)?;
    }
    Ok(())
}

/// Builds the package into the environment with `profile`, linting the crate with clippy on
/// the way (as the test build lints the workspace).
fn build(profile: &str, tally: Option<&mut Tally>) -> Result<()> {
    let maturin = venv().join("bin/maturin");
    let mut env = crate::test_env()?;
    env.push(("VIRTUAL_ENV".to_owned(), venv().display().to_string()));
    let path = std::env::var("PATH").unwrap_or_default();
    env.push((
        "PATH".to_owned(),
        format!("{}:{path}", venv().join("bin").display()),
    ));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let manifest = root().join("python/Cargo.toml");
    let args = [
        "develop",
        "--locked",
        "--profile",
        profile,
        "--manifest-path",
        manifest
            .to_str()
            .context("the workspace path is not UTF-8")?,
    ];
    let built = captured(&maturin.display().to_string(), &args, &env)?;
    if let Some(tally) = tally {
        count_lints(tally, &built);
    }
    if !built.success {
        bail!(
            "the Python package does not build ({})",
            built.status_text()
        );
    }
    Ok(())
}

/// `(passed, failed)` from pytest's last summary line (`=== 3 failed, 40 passed, 2 skipped
/// in 9.1s ===`); errors count as failed.
fn pytest_counts(text: &str) -> Option<(u64, u64)> {
    let line = text.lines().rev().find(|line| {
        line.contains(" in ")
            && ["passed", "failed", "error", "no tests ran"]
                .iter()
                .any(|word| line.contains(word))
    })?;
    let mut counts = (0, 0);
    for part in line.trim_matches(|c| c == '=' || c == ' ').split(',') {
        let mut words = part.split_whitespace();
        let (Some(number), Some(word)) = (words.next(), words.next()) else {
            continue;
        };
        let Ok(number) = number.parse::<u64>() else {
            continue;
        };
        match word {
            "passed" => counts.0 += number,
            "failed" | "error" | "errors" => counts.1 += number,
            _ => {}
        }
    }
    Some(counts)
}

/// Builds the package and runs its tests, counting them into `tally`.
pub(crate) fn test(tally: &mut Tally) -> Result<()> {
    environment()?;
    build(TEST_PROFILE, Some(tally))?;
    let binary = root().join("target/debug/mousehole");
    let mut env: Vec<(&str, String)> = Vec::new();
    if binary.exists() {
        env.push(("MOUSEHOLE_BIN", binary.display().to_string()));
    }
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let out: Captured = captured(
        &python().display().to_string(),
        &[
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ],
        &env,
    )?;
    let (passed, failed) = pytest_counts(&out.text)
        .with_context(|| format!("pytest printed no summary ({})", out.status_text()))?;
    tally.passed += passed;
    tally.failed += failed;
    if !out.success && failed == 0 {
        tally
            .failed_steps
            .push(format!("pytest ({})", out.status_text()));
    }
    Ok(())
}

/// Builds the package as `pip install ./python` does (release) and runs its benchmark.
pub(crate) fn bench(seconds: f64) -> Result<()> {
    environment()?;
    build("release", None)?;
    run(
        &python(),
        &[
            "python/benchmarks/random_games.py",
            "--seconds",
            &seconds.to_string(),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pytest_summaries_are_counted() {
        let text = "....\n========= 2 failed, 40 passed, 3 skipped, 1 error in 9.12s =========\n";
        assert_eq!(pytest_counts(text), Some((40, 3)));
        assert_eq!(pytest_counts("12 passed in 0.5s\n"), Some((12, 0)));
        assert_eq!(pytest_counts("no tests ran in 0.01s\n"), Some((0, 0)));
        assert_eq!(pytest_counts("collecting ...\n"), None);
    }
}
