//! The layer rule of docs/ARCHITECTURE.md: a crate depends only on crates of a lower layer.
//! The layers are read from that document's table (its one home), the dependencies from
//! `cargo metadata` (normal, build and dev dependencies alike: a test that reached up would
//! tie the layers together as surely as the library).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};
use serde_json::Value;

/// The document whose layer table is the rule.
pub const ARCHITECTURE: &str = "docs/ARCHITECTURE.md";

/// A crate depending on one it may not: of its own layer or above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    pub krate: String,
    pub layer: u32,
    pub depends_on: String,
    pub its_layer: u32,
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (layer {}) depends on {} (layer {}): a crate may depend only on lower layers",
            self.krate, self.layer, self.depends_on, self.its_layer
        )
    }
}

/// The layers of the table in `doc`: its rows `| N | crate | … |` (the crate's directory
/// name), in order.
///
/// # Errors
/// When the document has no such rows.
pub fn layers(doc: &str) -> Result<BTreeMap<String, u32>> {
    let layers: BTreeMap<String, u32> = doc
        .lines()
        .filter_map(|line| {
            let mut cells = line.strip_prefix('|')?.split('|').map(str::trim);
            let layer = cells.next()?.parse().ok()?;
            let krate = cells.next()?;
            (!krate.is_empty()).then(|| (krate.to_owned(), layer))
        })
        .collect();
    if layers.is_empty() {
        bail!("{ARCHITECTURE} has no layer table (rows `| N | crate | its job |`)");
    }
    Ok(layers)
}

/// Every workspace package's directory (relative to the workspace root) and the directories
/// of the workspace packages it depends on, from `cargo metadata`'s JSON.
///
/// # Errors
/// JSON that is not cargo metadata's.
pub fn dependencies(metadata: &Value) -> Result<BTreeMap<String, Vec<String>>> {
    let root = metadata["workspace_root"]
        .as_str()
        .context("cargo metadata without a workspace_root")?;
    let packages = metadata["packages"]
        .as_array()
        .context("cargo metadata without packages")?;
    let directory = |manifest: &str| -> Option<String> {
        let dir = Path::new(manifest).parent()?.strip_prefix(root).ok()?;
        Some(dir.to_string_lossy().into_owned())
    };
    // Workspace packages by name: their directories.
    let mut dirs = BTreeMap::new();
    for package in packages {
        let (Some(name), Some(dir)) = (
            package["name"].as_str(),
            package["manifest_path"].as_str().and_then(directory),
        ) else {
            continue;
        };
        dirs.insert(name.to_owned(), dir);
    }
    let mut found = BTreeMap::new();
    for package in packages {
        let Some(dir) = package["name"].as_str().and_then(|n| dirs.get(n)) else {
            continue;
        };
        let mut on: Vec<String> = package["dependencies"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| dirs.get(d["name"].as_str()?).cloned())
            .collect();
        on.sort();
        on.dedup();
        found.insert(dir.clone(), on);
    }
    Ok(found)
}

/// The breaches of the rule by `deps` under `layers`; a crate missing from the table is one
/// too (every crate has a layer), reported as layer 0.
pub fn breaches(
    layers: &BTreeMap<String, u32>,
    deps: &BTreeMap<String, Vec<String>>,
) -> Vec<Breach> {
    let layer_of = |krate: &str| layers.get(krate).copied().unwrap_or(0);
    let mut found = Vec::new();
    for (krate, on) in deps {
        let layer = layer_of(krate);
        for dep in on {
            let its_layer = layer_of(dep);
            if layer == 0 || its_layer >= layer {
                found.push(Breach {
                    krate: krate.clone(),
                    layer,
                    depends_on: dep.clone(),
                    its_layer,
                });
            }
        }
    }
    found
}

/// The workspace's dependencies between its own crates, by `cargo metadata`.
///
/// # Errors
/// When cargo cannot be run or says something else than its metadata.
pub fn workspace_dependencies(root: &Path) -> Result<BTreeMap<String, Vec<String>>> {
    let out = Command::new(crate::cargo_path())
        .current_dir(root)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .context("running cargo metadata")?;
    if !out.status.success() {
        bail!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let metadata: Value =
        serde_json::from_slice(&out.stdout).context("reading cargo metadata's JSON")?;
    dependencies(&metadata)
}

/// Checks the workspace: prints each crate's layer and what it depends on, and fails on a
/// breach of the rule.
///
/// # Errors
/// A breach, a crate without a layer, or the document or cargo unreadable.
pub fn report(root: &Path) -> Result<()> {
    let doc = std::fs::read_to_string(root.join(ARCHITECTURE))
        .with_context(|| format!("reading {ARCHITECTURE}"))?;
    let layers = layers(&doc)?;
    let deps = workspace_dependencies(root)?;
    for (krate, on) in &deps {
        let layer = layers.get(krate).copied().unwrap_or(0);
        println!("layer {layer} {krate}: {}", on.join(", "));
    }
    let found = breaches(&layers, &deps);
    for breach in &found {
        eprintln!("{breach}");
    }
    if !found.is_empty() {
        bail!(
            "{} dependencies break the layers of {ARCHITECTURE}",
            found.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[(&str, u32)]) -> BTreeMap<String, u32> {
        rows.iter().map(|(k, l)| ((*k).to_owned(), *l)).collect()
    }

    fn deps(rows: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        rows.iter()
            .map(|(k, on)| {
                (
                    (*k).to_owned(),
                    on.iter().map(|d| (*d).to_owned()).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn the_layer_table_is_read_from_the_document() {
        let doc = "# A\n\n| layer | crate | job |\n|---|---|---|\n| 1 | engine | games |\n\
                   | 2 | bots | agents |\n\nprose | 3 | not a row\n";
        assert_eq!(layers(doc).unwrap(), table(&[("engine", 1), ("bots", 2)]));
        assert!(layers("no table here").is_err());
    }

    #[test]
    fn a_crate_reaching_up_or_across_or_without_a_layer_is_caught() {
        let layers = table(&[("engine", 1), ("bots", 2), ("net", 3), ("tournament", 3)]);
        let fine = deps(&[("engine", &[]), ("bots", &["engine"]), ("net", &["bots"])]);
        assert_eq!(breaches(&layers, &fine), []);
        let up = deps(&[("engine", &["bots"])]);
        assert_eq!(
            breaches(&layers, &up)[0].to_string(),
            "engine (layer 1) depends on bots (layer 2): a crate may depend only on lower layers"
        );
        let across = deps(&[("net", &["tournament"])]);
        assert_eq!(breaches(&layers, &across).len(), 1);
        let unlisted = deps(&[("newcomer", &["engine"])]);
        assert_eq!(breaches(&layers, &unlisted).len(), 1);
    }

    #[test]
    fn metadata_names_packages_by_their_directories() {
        let metadata: Value = serde_json::json!({
            "workspace_root": "/w",
            "packages": [
                {"name": "mousehole-engine", "manifest_path": "/w/engine/Cargo.toml",
                 "dependencies": [{"name": "serde"}]},
                {"name": "mousehole-bots", "manifest_path": "/w/bots/Cargo.toml",
                 "dependencies": [{"name": "mousehole-engine"}, {"name": "mousehole-engine"}]},
            ]
        });
        assert_eq!(
            dependencies(&metadata).unwrap(),
            deps(&[("bots", &["engine"]), ("engine", &[])])
        );
    }

    /// The rule itself, on this workspace (so `cargo xtask ci`, which runs xtask's tests,
    /// fails when a crate imports one above it).
    #[test]
    fn no_crate_of_this_workspace_depends_on_its_own_layer_or_above() {
        let root = crate::root();
        let doc = std::fs::read_to_string(root.join(ARCHITECTURE)).unwrap();
        let layers = layers(&doc).unwrap();
        let deps = workspace_dependencies(&root).unwrap();
        assert!(deps.len() >= 10, "{deps:?}");
        let found: Vec<String> = breaches(&layers, &deps)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
