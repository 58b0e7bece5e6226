//! The strength report's files: each game's results (`strength/<game>.json`) written and read
//! back, the level table's measured file, and the rendered report written out.

use std::path::{Path, PathBuf};

use mousehole_bots::level_table;
use mousehole_engine::registry::{games, unknown_game};

use super::results::GameResults;
use crate::error::TournamentError;

/// Where the charts and each game's results go, under the report's directory.
pub const CHART_DIR: &str = "strength";

/// The files of the report, by their path under the output directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrengthFiles {
    /// `STRENGTH.md`.
    pub markdown: String,
    /// `strength/<game>.svg`, one chart per game with results.
    pub charts: Vec<(String, String)>,
}

/// `strength/<game>.json`: where a game's results are kept, under the report's directory.
pub fn results_file(game: &str) -> String {
    format!("{CHART_DIR}/{game}.json")
}

/// Writes each game's results to `strength/<game>.json` under `dir`, replacing those games'
/// files and leaving the other games' alone.
///
/// # Errors
/// A file that cannot be written.
pub fn write_results(results: &[GameResults], dir: &Path) -> Result<(), TournamentError> {
    let charts = dir.join(CHART_DIR);
    std::fs::create_dir_all(&charts).map_err(io(format!("cannot create {}", charts.display())))?;
    for game in results {
        let path = dir.join(results_file(&game.game));
        std::fs::write(&path, game.to_json())
            .map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}

/// Every game's results kept under `dir` (`strength/<game>.json`), in the order of the game
/// list; a game without a file is left out.
///
/// # Errors
/// A file that cannot be read or is not a game's results.
pub fn read_results(dir: &Path) -> Result<Vec<GameResults>, TournamentError> {
    let mut results = Vec::new();
    for description in games() {
        let path = dir.join(results_file(description.name));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => {
                return Err(TournamentError::Io {
                    what: format!("cannot read {}", path.display()),
                    error,
                });
            }
        };
        let game = GameResults::parse(&text, &path.display().to_string())?;
        if game.game != description.name {
            return Err(TournamentError::Results {
                file: path.display().to_string(),
                problem: format!("it holds the results of {}", game.game),
            });
        }
        results.push(game);
    }
    Ok(results)
}

/// Writes the level table's measured file of `game` (`<module>.json`, the module named in the
/// level table) under `dir` (`bots/src/heuristic/measured`), replacing it; returns its path.
///
/// # Errors
/// A game the level table has no row for, or a file that cannot be written.
pub fn write_measured(game: &GameResults, dir: &Path) -> Result<PathBuf, TournamentError> {
    let row = level_table()
        .into_iter()
        .find(|row| row.game == game.game)
        .ok_or_else(|| TournamentError::Game(unknown_game(&game.game)))?;
    std::fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
    let path = dir.join(format!("{}.json", row.module));
    std::fs::write(&path, game.measurements().to_json())
        .map_err(io(format!("cannot write {}", path.display())))?;
    Ok(path)
}

/// The error of a failed file operation, saying what was being done.
fn io(what: String) -> impl FnOnce(std::io::Error) -> TournamentError {
    move |error| TournamentError::Io { what, error }
}

/// Writes the rendered report under `dir` (`STRENGTH.md`, `strength/<game>.svg`), replacing
/// what was there.
///
/// # Errors
/// A file that cannot be written.
pub fn write_files(files: &StrengthFiles, dir: &Path) -> Result<(), TournamentError> {
    let charts = dir.join(CHART_DIR);
    std::fs::create_dir_all(&charts).map_err(io(format!("cannot create {}", charts.display())))?;
    let mut writes = vec![(dir.join("STRENGTH.md"), files.markdown.as_str())];
    for (name, svg) in &files.charts {
        writes.push((dir.join(name), svg.as_str()));
    }
    for (path, text) in writes {
        std::fs::write(&path, text).map_err(io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}
