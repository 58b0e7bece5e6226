//! Embeds the page (every file under `web/`) in the crate: writes `assets.rs` into OUT_DIR, an
//! `Asset` per file with its path on the host, its type and its bytes (`include_bytes!`), so
//! a file added to the folder is served without a list to keep (src/page.rs).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    // Read when the script runs, not when it was compiled: a build folder copied from another
    // checkout (a worktree's) would otherwise embed that checkout's page.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("web");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut found = Vec::new();
    files(&root, &mut found);
    let mut code = String::from("&[\n");
    for file in &found {
        let relative = file
            .strip_prefix(&root)
            .expect("under web/")
            .to_string_lossy()
            .replace('\\', "/");
        let path = if relative == "index.html" {
            "/".to_owned()
        } else {
            format!("/{relative}")
        };
        let content_type = match file.extension().and_then(|e| e.to_str()) {
            Some("html") => "HTML",
            Some("js") => "JS",
            Some("css") => "CSS",
            Some("svg") => "SVG",
            _ => panic!(
                "{}: the page serves .html, .js, .css and .svg files only",
                file.display()
            ),
        };
        writeln!(
            code,
            "    Asset {{ path: {path:?}, content_type: {content_type}, body: include_bytes!({:?}) }},",
            file.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("assets.rs"), code).expect("OUT_DIR is writable");
}
