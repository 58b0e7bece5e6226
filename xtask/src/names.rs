//! Where each game is named outside its own files: the measure that a fifth game touches its
//! own folders and one list. The games are read from the registry's `for_each_game!`; a file
//! is a game's own when its path names the game's module (`cheese_day.rs`, `cheese_day/`,
//! `heuristic_cheese_day.rs`); module declarations, comments and `#[cfg(test)]` modules (which
//! use one game as their example) are not counted.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// The registry file, the one shared list every game is named in.
pub const REGISTRY: &str = "engine/src/registry.rs";

/// A registered game's names: its module (`cheese_day`), its type (`CheeseDay`) and its name
/// on the command line (`cheese-day`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNames {
    pub module: String,
    pub type_name: String,
    pub cli_name: String,
}

impl GameNames {
    fn spellings(&self) -> [&str; 3] {
        [&self.module, &self.type_name, &self.cli_name]
    }
}

/// The games of `for_each_game!` in the registry's source text, in its order.
///
/// # Errors
/// When the registry holds no `$callback!(module, path::Type);` line.
pub fn registered_games(registry: &str) -> Result<Vec<GameNames>> {
    let games: Vec<GameNames> = registry
        .lines()
        .filter_map(|line| {
            let inside = line
                .trim()
                .strip_prefix("$callback!(")?
                .strip_suffix(");")?;
            let (module, path) = inside.split_once(',')?;
            let type_name = path.trim().rsplit("::").next()?.to_owned();
            Some(GameNames {
                module: module.trim().to_owned(),
                cli_name: module.trim().replace('_', "-"),
                type_name,
            })
        })
        .collect();
    if games.is_empty() {
        bail!("no `$callback!(module, Type);` line in {REGISTRY}");
    }
    Ok(games)
}

/// The lines of Rust source `text` that count as naming something: comments, module
/// declarations and `#[cfg(test)]` modules left out.
fn counted_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_test_module = false;
    let mut test_attribute = false;
    text.lines().filter(move |line| {
        let trimmed = line.trim_start();
        if in_test_module {
            // Test modules are top-level and close with a `}` in the first column.
            if *line == "}" {
                in_test_module = false;
            }
            return false;
        }
        if trimmed.starts_with("#[cfg(test)]") {
            test_attribute = true;
            return false;
        }
        if test_attribute {
            // Comments and other attributes may come between `#[cfg(test)]` and the module.
            if trimmed.starts_with("//") || trimmed.starts_with("#[") {
                return false;
            }
            test_attribute = false;
            if line.starts_with("mod ") && line.ends_with('{') {
                in_test_module = true;
                return false;
            }
        }
        let declaration = ["mod ", "pub mod ", "pub(crate) mod "]
            .iter()
            .any(|prefix| trimmed.starts_with(prefix) && trimmed.ends_with(';'));
        !(trimmed.starts_with("//") || declaration)
    })
}

/// Whether `text` (one line) names the game: one of its spellings as a whole word.
fn names(line: &str, game: &GameNames) -> bool {
    game.spellings().iter().any(|spelling| {
        line.match_indices(spelling).any(|(at, _)| {
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
            let before = line[..at].chars().next_back().is_none_or(|c| !word(c));
            let after = line[at + spelling.len()..]
                .chars()
                .next()
                .is_none_or(|c| !word(c));
            before && after
        })
    })
}

/// For each game, the shared source files (`src/` of every crate, relative to `root`) that
/// name it.
///
/// # Errors
/// An unreadable file or registry.
pub fn shared_files_naming(root: &Path) -> Result<BTreeMap<String, Vec<PathBuf>>> {
    let registry = std::fs::read_to_string(root.join(REGISTRY))
        .with_context(|| format!("cannot read {REGISTRY}"))?;
    let games = registered_games(&registry)?;
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(root)? {
        let src = entry?.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut sources)?;
        }
    }
    sources.sort();
    let mut found: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for game in &games {
        let files = found.entry(game.cli_name.clone()).or_default();
        for path in &sources {
            let relative = path.strip_prefix(root).unwrap_or(path);
            if relative.to_string_lossy().contains(game.module.as_str()) {
                continue;
            }
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            if counted_lines(&text).any(|line| names(line, game)) {
                files.push(relative.to_owned());
            }
        }
    }
    Ok(found)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            rust_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// Prints, per game, the shared source files that name it; fails when a game is named in
/// more than the registry.
///
/// # Errors
/// A game named outside its own files and the registry, or an unreadable file.
pub fn report(root: &Path) -> Result<()> {
    let found = shared_files_naming(root)?;
    let mut extra = 0;
    for (game, files) in &found {
        let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        println!("{game}: {} ({})", files.len(), shown.join(", "));
        extra += files.iter().filter(|f| *f != Path::new(REGISTRY)).count();
    }
    if extra > 0 {
        bail!(
            "{extra} shared source files name a game besides {REGISTRY}: generate them from for_each_game!"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_read_for_every_spelling_of_a_game() {
        let registry = "macro_rules! for_each_game {\n    ($callback:ident) => {\n        \
                        $callback!(cheese_day, $crate::games::cheese_day::CheeseDay);\n    };\n}";
        let games = registered_games(registry).unwrap();
        assert_eq!(
            games,
            [GameNames {
                module: "cheese_day".into(),
                type_name: "CheeseDay".into(),
                cli_name: "cheese-day".into(),
            }]
        );
        let game = &games[0];
        assert!(names("let g = CheeseDay::new(&c);", game));
        assert!(names("\"cheese-day:players=3\"", game));
        assert!(names("use games::cheese_day::X;", game));
        assert!(!names("CheeseDayish", game));
        assert!(!names("heuristic_cheese_day", game));
    }

    #[test]
    fn comments_declarations_and_test_modules_are_not_counted() {
        let text = "mod cheese_day;\n// CheeseDay here\nfn f() { CheeseDay }\n#[cfg(test)]\n\
                    // why\n#[allow(unused)]\nmod tests {\n    CheeseDay\n}\nfn g() {}\n";
        let counted: Vec<&str> = counted_lines(text).collect();
        assert_eq!(counted, ["fn f() { CheeseDay }", "fn g() {}"]);
    }

    /// The measure itself, on this workspace: a game is named by the registry alone.
    #[test]
    fn no_shared_source_file_but_the_registry_names_a_game() {
        let root = crate::root();
        let registry = std::fs::read_to_string(root.join(REGISTRY)).unwrap();
        let found = shared_files_naming(&root).unwrap();
        assert_eq!(found.len(), registered_games(&registry).unwrap().len());
        for (game, files) in found {
            assert_eq!(files, [PathBuf::from(REGISTRY)], "{game}");
        }
    }
}
