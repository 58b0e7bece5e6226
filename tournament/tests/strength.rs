//! The strength report's pipeline end to end on a tiny plan (a handful of games, cheap
//! agents): the tournaments are played, and the Markdown, the SVG charts and the JSON come
//! out well formed and pointing at each other. Not the real figures: those are
//! `cargo xtask strength`'s.

use std::collections::BTreeSet;
use std::path::Path;

use mousehole_tournament::strength::{
    BudgetPoint, CHART_DIR, Pairing, Section, StrengthPlan, play, write_files,
};

fn section(game: &str) -> Section {
    Section {
        game: game.to_owned(),
        ladder: ["random", "heuristic", "ismcts:iterations=8"]
            .map(str::to_owned)
            .to_vec(),
        ladder_games: 6,
        pairings: vec![
            Pairing {
                strong: "heuristic".to_owned(),
                weak: "random".to_owned(),
                games: 6,
            },
            Pairing {
                strong: "ismcts:iterations=8".to_owned(),
                weak: "heuristic".to_owned(),
                games: 6,
            },
        ],
        opponent: "heuristic".to_owned(),
        budgets: [2, 8]
            .map(|n| BudgetPoint {
                iterations: n,
                agent: format!("ismcts:iterations={n}"),
            })
            .to_vec(),
        budget_games: 4,
    }
}

/// The cells of a Markdown table row (`| a | b |`), or `None` for a line that is not one.
fn cells(line: &str) -> Option<usize> {
    let inner = line.strip_prefix('|')?.strip_suffix('|')?;
    // Escaped bars are inside cells.
    Some(inner.replace("\\|", "").split('|').count())
}

#[test]
fn a_tiny_strength_report_is_well_formed() {
    let plan = StrengthPlan {
        seed: 5,
        command: "cargo test --test strength".to_owned(),
        sections: vec![
            section("cheese-day:players=2"),
            section("cheese-day:players=3"),
            section("mouse-trap:players=2"),
        ],
    };
    let mut told = Vec::new();
    let results = play(&plan, 2, &mut |line| told.push(line.to_owned())).unwrap();
    // Per section: the round robin, two pairings, two budget points of which one is also
    // the second pairing (played once).
    assert_eq!(told.len(), 3 * 4, "{told:#?}");
    assert_eq!(results.sections.len(), 3);
    let three = &results.sections[1];
    assert_eq!(three.players, 3);
    // A pairing seats the stronger agent against copies of the weaker one.
    assert_eq!(
        three.pairings[0].agents,
        vec!["heuristic", "random", "random"]
    );
    assert_eq!(three.pairings[0].report.games_played, 6);
    // The budget point of the pairing's agent is that pairing, with the pairing's games.
    assert_eq!(three.budgets[1].1.report.games_played, 6);
    assert_eq!(
        three.budgets[0].1.report.games_played, 6,
        "whole deals of 3"
    );

    let files = results.render().unwrap();
    let md = &files.markdown;
    assert!(md.starts_with("# Strength of the mousehole bots\n"), "{md}");
    assert!(md.contains("`cargo test --test strength` (seed 5"), "{md}");
    assert!(
        md.contains("## Cheese Day (Alles Käse!) (`cheese-day`)"),
        "{md}"
    );
    assert!(md.contains("## Mouse Trap (`mouse-trap`)"), "{md}");
    assert!(md.contains("### 3 players: round robin"), "{md}");
    assert!(md.contains("heuristic vs random + random"), "{md}");
    // Every table's rows have as many cells as its header, and a separator follows it.
    let lines: Vec<&str> = md.lines().collect();
    let mut tables = 0;
    let mut index = 0;
    while index < lines.len() {
        let Some(width) = cells(lines[index]) else {
            index += 1;
            continue;
        };
        tables += 1;
        let separator = lines[index + 1];
        assert!(
            separator.contains("---"),
            "no separator under {}",
            lines[index]
        );
        assert_eq!(cells(separator), Some(width));
        index += 2;
        while let Some(row) = lines.get(index).and_then(|l| cells(l)) {
            assert_eq!(row, width, "{}", lines[index]);
            index += 1;
        }
    }
    assert!(tables >= 3 * 4, "{tables} tables");

    // One chart per game, each linked from the Markdown, each a well-formed SVG document
    // with its title and one line per player count.
    let names: Vec<&str> = files.charts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            format!("{CHART_DIR}/cheese-day.svg"),
            format!("{CHART_DIR}/mouse-trap.svg")
        ]
    );
    for (name, svg) in &files.charts {
        assert!(md.contains(&format!("]({name})")), "{name} is not linked");
        let document = roxmltree::Document::parse(svg).unwrap();
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let texts: BTreeSet<String> = root
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_owned()))
            .collect();
        assert!(
            texts
                .iter()
                .any(|t| t.ends_with("the search against the heuristic")),
            "{texts:?}"
        );
        assert!(
            texts.iter().any(|t| t.starts_with("2 players")),
            "{texts:?}"
        );
        let lines = root
            .descendants()
            .filter(|n| n.has_tag_name("polyline"))
            .count();
        assert!(lines >= 2, "{name}: {lines} lines");
    }
    assert!(
        files.charts[0].1.contains("3 players (fair share 33%)"),
        "both player counts of Cheese Day are drawn"
    );

    // The files land where the Markdown says.
    let dir = std::env::temp_dir().join(format!("mousehole-strength-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write_files(&files, &dir).unwrap();
    let written = std::fs::read_to_string(dir.join("STRENGTH.md")).unwrap();
    assert_eq!(&written, md);
    for (name, _) in &files.charts {
        assert!(Path::new(&dir.join(name)).is_file(), "{name}");
    }
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(CHART_DIR).join("strength.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["sections"].as_array().unwrap().len(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}
