//! The numbers of every game (`mousehole_engine::encoding`), as people read them: the guide to
//! the action ids and observation tensors, `docs/observation-tensors.md`, shows each game's
//! layout exactly as the code states it (the conformance harness proves the code itself).

use mousehole_engine::GameConfig;
use mousehole_engine::encoding::Encoding;

/// One game's section of the guide, for its default configuration.
fn section<G: Encoding>() -> String {
    let config = G::Config::defaults();
    let name = G::Config::description().name;
    let layout = G::tensor_layout(&config);
    format!(
        "## {name}\n\nDefault configuration `{}`: {} decision ids, {} chance outcome ids, at most {} decisions a game, a tensor of {} values. Ids: [`engine/src/games/{}/encoding.rs`](../engine/src/games/{}/encoding.rs).\n\n{}",
        mousehole_engine::registry::canonical_spec(&config),
        G::num_distinct_actions(&config),
        G::max_chance_outcomes(&config),
        G::max_decisions(&config),
        layout.len(),
        name.replace('-', "_"),
        name.replace('-', "_"),
        layout.markdown()
    )
}

#[test]
fn the_tensor_guide_shows_every_layout() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/observation-tensors.md"
    );
    let guide = std::fs::read_to_string(path).expect("docs/observation-tensors.md");
    let mut sections = Vec::new();
    macro_rules! section {
        ($module:ident, $game:ty) => {
            sections.push(section::<$game>());
        };
    }
    mousehole_engine::for_each_game!(section);
    let expected = sections.join("\n");
    let shown = guide
        .split_once("\n## ")
        .map(|(_, rest)| format!("## {rest}"))
        .unwrap_or_default();
    assert!(
        shown == expected,
        "docs/observation-tensors.md does not show the layouts the code states: from its first `## ` on it should read:\n\n{expected}"
    );
}
