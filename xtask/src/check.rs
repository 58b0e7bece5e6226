//! `cargo xtask strength --check LEVEL`: sequential probability ratio tests (SPRT, as
//! fishtest runs for Stockfish) of the working tree's level against the last commit's, one per
//! game, so a change that weakens a bot in any game is caught before it lands.
//!
//! Both builds are made (the last commit's in a git worktree under `target/strength-check/`),
//! and the working tree's plays its level against the last commit's heads-up in every game,
//! the old one seated as a program (`exec:mousehole agent LEVEL`, which plays as the level does
//! built in). Deals are duplicate-seated, so each deal gives one paired score (the mean of the
//! new level's two games, a win 1 and a shared win split), in batches, until every game's test
//! decides:
//!
//! - H0, the new level is weaker in that game: its expected paired score is `0.5 - margin`;
//! - H1, it is as strong: `0.5`.
//!
//! The log-likelihood ratio is the generalised SPRT's normal approximation over the game's
//! paired scores, `n (s1 - s0) (2 mean - s0 - s1) / (2 variance)`; a game's test stops when it
//! leaves `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`. The change passes when every
//! game's test ends above; it fails (exit status 1) as soon as one ends below. One test per
//! game, not one over all games' deals: a level weakened in one game and unchanged in three
//! would score only a quarter of its loss in a pooled test and could pass it. A weakened game
//! passes its own test with chance alpha = 0.05; a sound change fails some game's test with
//! chance at most beta = 0.05 in all, each game's test taking beta over the number of games.
//! Where both builds play alike every deal scores exactly 0.5 and the variance would be 0; it
//! is held at least 0.05^2, so identical play passes after a few dozen deals.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use serde_json::Value;

use crate::{cargo, root};

/// How both builds are made: optimised without the slow whole-program link (the games are the
/// same in every profile: the levels are budgeted in iterations).
const BUILD: [&str; 6] = [
    "build",
    "--profile",
    "soak",
    "--locked",
    "-p",
    "mousehole-cli",
];

const ALPHA: f64 = 0.05;
const BETA: f64 = 0.05;
/// The least variance of the paired scores the ratio is computed with (see the module
/// documentation).
const MIN_VARIANCE: f64 = 0.05 * 0.05;

/// What `--check` was asked.
#[derive(Debug)]
pub struct Check {
    pub level: String,
    /// Expected score of a weaker level: `0.5 - margin`.
    pub margin: f64,
    /// Deals per game in each batch.
    pub batch: u64,
    /// Stop a game's test undecided after this many of its deals.
    pub max_deals: u64,
    pub seed: u64,
    /// Only these games; default every game `mousehole list --names` gives.
    pub games: Vec<String>,
}

pub fn run(check: &Check) -> Result<()> {
    if !(0.0..0.5).contains(&check.margin) || check.margin == 0.0 {
        bail!(
            "--margin {}: give a share of a win between 0 and 0.5 (0.02: two percentage points)",
            check.margin
        );
    }
    let dir = root().join("target/strength-check");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let old = build_last_commit(&dir)?;
    let new = build_working_tree(&dir)?;
    let games = if check.games.is_empty() {
        game_names(&new)?
    } else {
        check.games.clone()
    };
    println!(
        "SPRT of the working tree's {level} against the last commit's, heads-up, one test per game ({}): H0 score {:.3} (weaker), H1 0.500 (as strong), alpha {ALPHA}, beta {BETA} over all games",
        games.join(", "),
        0.5 - check.margin,
        level = check.level,
    );
    let bounds = Bounds::new(games.len());
    println!(
        "a game's test decides when its LLR leaves ({:.2}, {:.2})",
        bounds.lower, bounds.upper
    );
    let mut tests: Vec<GameTest> = games
        .iter()
        .map(|game| GameTest {
            game: game.clone(),
            scores: Vec::new(),
            state: TestState::Running,
        })
        .collect();
    let mut batch = 0;
    while tests.iter().any(|test| test.state == TestState::Running) {
        let seed = check.seed + batch * check.batch;
        for test in tests
            .iter_mut()
            .filter(|test| test.state == TestState::Running)
        {
            let played = play_batch(
                &new,
                &old,
                &check.level,
                &test.game,
                seed,
                check.batch,
                &dir,
            )?;
            test.scores.extend(played);
            let llr = log_likelihood_ratio(&test.scores, 0.5 - check.margin, 0.5);
            test.state = bounds.state(llr, test.scores.len() as u64, check.max_deals);
            println!(
                "  {}: deals {seed} to {}, {} deals in all, the new level's paired score {:.3}, LLR {llr:.2}{}",
                test.game,
                seed + check.batch - 1,
                test.scores.len(),
                test.mean(),
                match test.state {
                    TestState::Running => "",
                    TestState::AsStrong => ": not weaker (H1 accepted)",
                    TestState::Weaker => ": WEAKER (H0 accepted)",
                    TestState::Undecided => ": undecided (--max-deals)",
                }
            );
            if test.state == TestState::Weaker {
                eprintln!(
                    "H0 accepted: the working tree's {} is weaker than the last commit's in {} (score {:.3} over {} deals)",
                    check.level,
                    test.game,
                    test.mean(),
                    test.scores.len()
                );
                std::process::exit(1);
            }
        }
        batch += 1;
    }
    let undecided: Vec<&str> = tests
        .iter()
        .filter(|test| test.state == TestState::Undecided)
        .map(|test| test.game.as_str())
        .collect();
    if !undecided.is_empty() {
        eprintln!(
            "undecided in {} after --max-deals {} deals a game: the difference, if any, is smaller than the margin can resolve",
            undecided.join(", "),
            check.max_deals
        );
        std::process::exit(2);
    }
    println!(
        "H1 accepted in every game: the working tree's {} is not weaker than the last commit's",
        check.level
    );
    Ok(())
}

/// Where one game's test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TestState {
    Running,
    /// H1: as strong.
    AsStrong,
    /// H0: weaker.
    Weaker,
    /// Stopped at `--max-deals` without a decision.
    Undecided,
}

/// One game's test: the paired score of every deal played.
struct GameTest {
    game: String,
    scores: Vec<f64>,
    state: TestState,
}

impl GameTest {
    fn mean(&self) -> f64 {
        self.scores.iter().sum::<f64>() / self.scores.len().max(1) as f64
    }
}

/// The bounds of each game's log-likelihood ratio, for tests of `games` games at once.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: f64,
    upper: f64,
}

impl Bounds {
    /// Each game's test keeps alpha (a weakened game passes it with that chance) and takes a
    /// share of beta, so that a sound change fails some game's test with chance beta at most.
    fn new(games: usize) -> Self {
        let beta = BETA / games.max(1) as f64;
        Self {
            lower: (beta / (1.0 - ALPHA)).ln(),
            upper: ((1.0 - beta) / ALPHA).ln(),
        }
    }

    /// Where a test with ratio `llr` after `deals` deals stands.
    fn state(self, llr: f64, deals: u64, max_deals: u64) -> TestState {
        if llr >= self.upper {
            TestState::AsStrong
        } else if llr <= self.lower {
            TestState::Weaker
        } else if deals >= max_deals {
            TestState::Undecided
        } else {
            TestState::Running
        }
    }
}

/// The generalised SPRT's log-likelihood ratio of H1 (mean `s1`) against H0 (mean `s0`) for
/// the observed `scores`, by the normal approximation.
pub fn log_likelihood_ratio(scores: &[f64], s0: f64, s1: f64) -> f64 {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return 0.0;
    }
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance.max(MIN_VARIANCE))
}

/// The last commit's `mousehole`, built in a worktree of its own (reused between checks).
fn build_last_commit(dir: &Path) -> Result<PathBuf> {
    let tree = dir.join("head");
    if tree.join(".git").exists() {
        head_into(&tree)?;
    } else {
        git(&[
            "worktree",
            "add",
            "--detach",
            "--force",
            path(&tree)?,
            "HEAD",
        ])?;
    }
    println!("building the last commit's mousehole in {}", tree.display());
    let status = Command::new(crate::cargo_path())
        .args(BUILD)
        .current_dir(&tree)
        .env("CARGO_TARGET_DIR", dir.join("head-target"))
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("the last commit does not build ({status})");
    }
    let binary = dir.join("mousehole-head");
    std::fs::copy(dir.join("head-target/soak/mousehole"), &binary)
        .context("cannot copy the last commit's mousehole")?;
    let serves = Command::new(&binary)
        .args(["agent", "--help"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !serves {
        bail!(
            "the last commit's mousehole has no `agent` command (it predates it), so it cannot be seated as a program; check against a later commit"
        );
    }
    Ok(binary)
}

/// Moves the reused worktree to the main tree's HEAD.
fn head_into(tree: &Path) -> Result<()> {
    let head = git_output(&["rev-parse", "HEAD"])?;
    git(&[
        "-C",
        path(tree)?,
        "checkout",
        "--quiet",
        "--detach",
        "--force",
        head.trim(),
    ])
}

/// The working tree's `mousehole`.
fn build_working_tree(dir: &Path) -> Result<PathBuf> {
    cargo(&BUILD, &[])?;
    let binary = dir.join("mousehole-new");
    std::fs::copy(root().join("target/soak/mousehole"), &binary)
        .context("cannot copy the working tree's mousehole")?;
    Ok(binary)
}

fn game_names(binary: &Path) -> Result<Vec<String>> {
    let out = Command::new(binary)
        .args(["list", "--names"])
        .output()
        .context("cannot run mousehole list")?;
    if !out.status.success() {
        bail!("mousehole list --names failed");
    }
    Ok(out.stdout.lines().map_while(Result::ok).collect())
}

/// Plays `deals` heads-up deals of `game` from `seed`, each at both seatings, and returns the
/// new level's paired score of each deal.
fn play_batch(
    new: &Path,
    old: &Path,
    level: &str,
    game: &str,
    seed: u64,
    deals: u64,
    dir: &Path,
) -> Result<Vec<f64>> {
    let out = dir.join("batch.jsonl");
    let program = format!("exec:{} agent {level}", path(old)?);
    let status = Command::new(new)
        .args([
            "tournament",
            "--game",
            game,
            "--players",
            "2",
            "--agents",
            level,
        ])
        .args(["--agent", &program])
        .args(["--games", &(deals * 2).to_string()])
        .args(["--seed", &seed.to_string()])
        // A fault would hand the old level's move to a fallback: the test would be void.
        .args(["--deadline-ms", "60000", "--fallback", "forfeit", "--quiet"])
        .args(["--out", path(&out)?])
        .status()
        .context("cannot run mousehole tournament")?;
    if !status.success() {
        bail!("the tournament of {game} failed ({status})");
    }
    let file = std::fs::File::open(&out).context("cannot read the batch's games")?;
    let mut games = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let transcript: Value = serde_json::from_str(&line?)?;
        games.push(new_level_score(&transcript, game)?);
    }
    // The games come deal by deal, both seatings of a deal together.
    if games.len() % 2 != 0 {
        bail!(
            "{game}: an odd number of games ({}) for paired deals",
            games.len()
        );
    }
    Ok(games
        .chunks(2)
        .map(|pair| f64::midpoint(pair[0], pair[1]))
        .collect())
}

/// The new level's share of the first place in one game (a shared first place split): the new
/// level sits in the seat that is not the old build's program.
fn new_level_score(transcript: &Value, game: &str) -> Result<f64> {
    let events = transcript["events"]
        .as_array()
        .context("a game without events")?;
    if events.iter().any(|event| !event["fault"].is_null()) {
        bail!("{game}: the old level's program faulted; the test would be void");
    }
    let seats = transcript["seats"]
        .as_array()
        .context("a game without seats")?;
    let seat = seats
        .iter()
        .position(|label| {
            label
                .as_str()
                .is_some_and(|label| !label.starts_with("exec:"))
        })
        .context("the new level's seat is not in the game")?;
    let ranks: Vec<u64> = transcript["outcome"]["ranks"]
        .as_array()
        .context("an unfinished game")?
        .iter()
        .map(|rank| rank.as_u64().unwrap_or(u64::MAX))
        .collect();
    let firsts = ranks.iter().filter(|&&rank| rank == 1).count();
    Ok(match ranks.get(seat) {
        Some(1) => 1.0 / firsts as f64,
        Some(_) => 0.0,
        None => bail!("{game}: a game ranks fewer seats than it has"),
    })
}

/// What a git command in the workspace prints on stdout.
pub fn git_output(args: &[&str]) -> Result<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(root())
        .output()
        .context("cannot run git")?;
    if !output.status.success() {
        bail!("`git {}` failed ({})", args.join(" "), output.status);
    }
    String::from_utf8(output.stdout).context("git printed something that is not UTF-8")
}

fn git(args: &[&str]) -> Result<()> {
    let status = Command::new("git")
        .args(args)
        .current_dir(root())
        .status()
        .context("cannot run git")?;
    if !status.success() {
        bail!("`git {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

fn path(path: &Path) -> Result<&str> {
    path.to_str().context("the workspace path is not UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_favours_the_hypothesis_nearer_the_mean() {
        let even = vec![0.5, 0.25, 0.75, 0.5, 0.5, 0.75, 0.25, 0.5];
        assert!(log_likelihood_ratio(&even, 0.48, 0.5) > 0.0);
        let weaker = vec![0.25, 0.5, 0.25, 0.0, 0.5, 0.25, 0.75, 0.25];
        assert!(log_likelihood_ratio(&weaker, 0.48, 0.5) < 0.0);
        // Twice the evidence, twice the ratio.
        let twice: Vec<f64> = weaker.iter().chain(&weaker).copied().collect();
        let ratio =
            log_likelihood_ratio(&twice, 0.48, 0.5) / log_likelihood_ratio(&weaker, 0.48, 0.5);
        assert!((ratio - 2.0).abs() < 1e-9, "{ratio}");
    }

    #[test]
    fn a_level_weakened_in_one_game_fails_that_games_test_though_a_pooled_test_passes() {
        // Three games play alike (every deal 0.5); in the fourth the new level scores 0.475,
        // weaker than the 0.49 between the hypotheses.
        let weak: Vec<f64> = [0.25, 0.5, 0.75, 0.5, 0.25, 0.5, 0.5, 0.5, 0.5, 0.5]
            .into_iter()
            .cycle()
            .take(300)
            .collect();
        let alike = vec![0.5; 900];
        let pooled: Vec<f64> = alike.iter().chain(&weak).copied().collect();
        let bounds = Bounds::new(4);
        let one_test = Bounds::new(1);
        // Pooled, the loss is diluted to a quarter and the change would pass.
        let pooled_llr = log_likelihood_ratio(&pooled, 0.48, 0.5);
        assert_eq!(one_test.state(pooled_llr, 1200, 4000), TestState::AsStrong);
        // Game by game, the weakened game fails and the others pass.
        let weak_llr = log_likelihood_ratio(&weak, 0.48, 0.5);
        assert_eq!(bounds.state(weak_llr, 300, 4000), TestState::Weaker);
        let alike_llr = log_likelihood_ratio(&alike[..300], 0.48, 0.5);
        assert_eq!(bounds.state(alike_llr, 300, 4000), TestState::AsStrong);
        // Short of a decision at the cap: undecided.
        assert_eq!(bounds.state(0.0, 4000, 4000), TestState::Undecided);
        assert_eq!(bounds.state(0.0, 3999, 4000), TestState::Running);
    }

    #[test]
    fn each_game_takes_a_share_of_beta() {
        let one = Bounds::new(1);
        let four = Bounds::new(4);
        assert!((one.upper - ((1.0 - BETA) / ALPHA).ln()).abs() < 1e-12);
        assert!((one.lower - (BETA / (1.0 - ALPHA)).ln()).abs() < 1e-12);
        // Failing a sound change takes more evidence with more games; passing about the same.
        assert!(four.lower < one.lower - 1.0);
        assert!((four.upper - one.upper).abs() < 0.05);
    }

    #[test]
    fn identical_play_passes_after_a_few_dozen_deals() {
        let bounds = Bounds::new(4);
        let deals = (1..200)
            .find(|&n| {
                let llr = log_likelihood_ratio(&vec![0.5; n], 0.48, 0.5);
                bounds.state(llr, n as u64, 2000) == TestState::AsStrong
            })
            .unwrap();
        assert!((20..100).contains(&deals), "{deals}");
    }

    #[test]
    #[allow(clippy::float_cmp)] // halves and zeros are exact
    fn a_shared_first_place_is_split_and_faults_void_the_test() {
        let game = serde_json::json!({
            "seats": ["expert", "exec:old agent expert"],
            "events": [{"fault": null}],
            "outcome": {"ranks": [1, 1]},
        });
        assert_eq!(new_level_score(&game, "g").unwrap(), 0.5);
        let lost = serde_json::json!({
            "seats": ["exec:old agent expert", "expert"],
            "events": [],
            "outcome": {"ranks": [1, 2]},
        });
        assert_eq!(new_level_score(&lost, "g").unwrap(), 0.0);
        let faulted = serde_json::json!({
            "seats": ["expert", "exec:old agent expert"],
            "events": [{"fault": {"kind": "timeout"}}],
            "outcome": {"ranks": [1, 2]},
        });
        assert!(new_level_score(&faulted, "g").is_err());
    }
}
