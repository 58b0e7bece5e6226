//! Mouse Race: one test per rule and ruling of `shared/spec/mouse-race.md`, on positions built
//! from explicit event sequences (chance draws are scripted like any other action).

use mousehole_engine::games::mouse_race::{
    End, HeldTile, MouseRace, MouseRaceAction, MouseRaceConfig, ObservedPhase, OpenEnd, Phase,
    Square, TileCounts, TileKind,
};
use mousehole_engine::playout::random_match;
use mousehole_engine::rng::chance_rng;
use mousehole_engine::testing::{act, action, after, config, play};
use mousehole_engine::{Actor, Game, GameConfig, Options, ToMove};
use rand::RngExt;

fn legal(state: &MouseRace) -> Vec<String> {
    state.legal_texts()
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// Whether `text` is legal now; checks that an illegal action leaves the state unchanged.
fn accepts(state: &MouseRace, text: &str) -> bool {
    let mut copy = state.clone();
    let result = copy.apply(text.parse().unwrap());
    if result.is_err() {
        assert_eq!(&copy, state, "rejected '{text}' changed the state");
    }
    result.is_ok()
}

/// The cell a seat's open end points to, if it is a cell on the board.
fn open_end(state: &MouseRace, seat: usize) -> Option<Square> {
    match state.observation(seat).paths[seat].open_end {
        OpenEnd::Cell { cell, .. } => Some(cell),
        OpenEnd::NoTileYet { .. } | OpenEnd::OffBoard { .. } => None,
    }
}

/// The cells of a seat's path, first tile first.
fn path_cells(state: &MouseRace, seat: usize) -> Vec<Square> {
    state.observation(seat).paths[seat]
        .tiles
        .iter()
        .map(|tile| tile.cell)
        .collect()
}

fn tiles(straight: u16, curve: u16, cat: u16) -> TileCounts {
    TileCounts {
        straight,
        curve,
        cat,
    }
}

// ---------------------------------------------------------------- components and options

#[test]
fn default_options_are_two_players_on_13_by_13_with_64_80_20_tiles_and_600_turns() {
    assert_eq!(
        MouseRaceConfig::default().options_text(),
        "max_turns=600,players=2,size=13,tiles=64/80/20"
    );
    assert_eq!(config::<MouseRace>(""), MouseRaceConfig::default());
    assert_eq!(after::<MouseRace>("", &[]).bag(), tiles(64, 80, 20));
}

#[test]
fn options_are_validated_with_clear_errors() {
    let error = |options: &str| {
        Options::parse(MouseRaceConfig::description(), options)
            .and_then(Options::into_config::<MouseRaceConfig>)
            .unwrap_err()
            .to_string()
    };
    for (options, key, allowed) in [
        ("players=1", "players", "2 to 4"),
        ("players=5", "players", "2 to 4"),
        ("size=8", "size", "odd board side from 7 to 21"),
        ("size=5", "size", "odd board side from 7 to 21"),
        ("size=23", "size", "odd board side from 7 to 21"),
        ("tiles=1/2", "tiles", "three numbers 0…999"),
        ("tiles=1000/0/0", "tiles", "three numbers 0…999"),
        ("tiles=a/b/c", "tiles", "three numbers 0…999"),
        ("max_turns=0", "max_turns", "from 1 to 100000"),
        ("max_turns=100001", "max_turns", "from 1 to 100000"),
    ] {
        let message = error(options);
        assert!(
            message.contains(key) && message.contains(allowed),
            "{options}: {message}"
        );
    }
    assert!(error("colour=red").contains("size, tiles, max_turns"));
    let custom = config::<MouseRace>("players=4,size=21,tiles=0/999/3,max_turns=1");
    assert_eq!(custom.size(), 21);
    assert_eq!(custom.tiles(), tiles(0, 999, 3));
    assert_eq!(custom.max_turns(), 1);
}

#[test]
fn corners_by_player_count_two_players_sit_opposite() {
    let corners = |players: usize| -> Vec<String> {
        after::<MouseRace>(&format!("players={players}"), &[])
            .observation(0)
            .paths
            .iter()
            .map(|p| p.corner.to_string())
            .collect()
    };
    assert_eq!(corners(2), ["a1", "m13"]);
    assert_eq!(corners(3), ["a1", "m1", "m13"]);
    assert_eq!(corners(4), ["a1", "m1", "m13", "a13"]);
}

#[test]
fn cheese_is_on_the_centre_cell_and_before_the_first_tile_distance_counts_from_a_corner_neighbour()
{
    // From b1 (or a2) to the cheese g7: 5 + 6.
    let state = after::<MouseRace>("players=4", &[]);
    for path in &state.observation(0).paths {
        assert_eq!(path.distance, 11);
    }
    assert!(
        after::<MouseRace>("size=7", &[])
            .observation(0)
            .render_board()
            .contains(" @ ")
    );
}

#[test]
fn draws_are_weighed_by_the_bag_contents_and_empty_kinds_are_not_listed() {
    let state: MouseRace = after("size=7,tiles=0/5/2", &["draw"]);
    assert_eq!(state.to_move(), ToMove::Chance);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let listed: Vec<(String, u32)> = outcomes.iter().map(|(a, w)| (a.to_string(), *w)).collect();
    assert_eq!(
        listed,
        [("draw curve".to_owned(), 5), ("draw cat".to_owned(), 2)]
    );
    assert!(!accepts(&state, "draw straight"));
}

// ---------------------------------------------------------------- paths

#[test]
fn first_tile_goes_on_either_cell_next_to_the_corner() {
    let mut state: MouseRace = after("size=7", &["draw", "draw straight"]);
    assert_eq!(legal(&state), ["place b1", "place a2", "decline"]);
    let curve: MouseRace = after("size=7", &["draw", "draw curve"]);
    assert_eq!(
        legal(&curve),
        ["left b1", "right b1", "left a2", "right a2", "decline"]
    );
    // Seat 1 of two starts from the opposite corner g7.
    play(&mut state, &["place a2", "draw", "draw straight"]);
    assert_eq!(legal(&state), ["place f7", "place g6", "decline"]);
}

#[test]
fn first_tile_names_its_cell_and_later_tiles_do_not() {
    let mut state: MouseRace = after("size=7", &["draw", "draw straight"]);
    assert!(!accepts(&state, "place"));
    assert!(!accepts(&state, "place c1"));
    play(&mut state, &["place b1", "pass", "draw", "draw straight"]);
    assert_eq!(legal(&state), ["place", "decline"]);
    assert!(!accepts(&state, "place c1"));
    assert!(!accepts(&state, "place b1"));
}

#[test]
fn straights_go_on_and_curves_turn_left_or_right_of_the_direction_of_travel() {
    let mut state: MouseRace = after("size=7", &["draw", "draw straight", "place b1", "pass"]);
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    // Travelling east, right is south.
    play(&mut state, &["draw", "draw curve", "right", "pass"]);
    assert_eq!(open_end(&state, 0), Some(square("c2")));
    // Travelling south, left is east.
    play(&mut state, &["draw", "draw curve", "left", "pass"]);
    assert_eq!(open_end(&state, 0), Some(square("d2")));
    let path = &state.observation(0).paths[0];
    assert_eq!(
        path_cells(&state, 0),
        [square("b1"), square("c1"), square("c2")]
    );
    assert_eq!(path.heading.map(|d| d.to_string()), Some("east".to_owned()));
}

#[test]
fn open_end_off_the_board_returns_the_road_tile_and_ends_the_turn() {
    let mut state = after::<MouseRace>("size=7", &[]);
    // Travelling east from a1 to b1, a left turn points north, off the board.
    play(&mut state, &["draw", "draw curve", "left b1", "pass"]);
    assert_eq!(open_end(&state, 0), None);
    let bag = state.bag();
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert_eq!(state.phase(), Phase::Turn);
    assert_eq!(state.bag(), bag);
    assert_eq!(
        state.observation(0).paths[0].tiles.len(),
        1,
        "nothing was laid"
    );
}

#[test]
fn open_end_on_a_road_tile_returns_the_road_tile() {
    let mut state = after::<MouseRace>("size=7", &[]);
    // b1 east, c1 right (south), c2 right (west), b2 right (north): points back at b1.
    play(
        &mut state,
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("b1")));
    assert!(!legal(&state).contains(&"shoo".to_owned()));
    play(&mut state, &["draw", "draw curve"]);
    assert_eq!(state.to_move(), ToMove::Player(1), "no extra draw");
}

#[test]
fn open_end_on_a_corner_returns_the_road_tile_without_an_extra_draw() {
    // Two players: g1 is nobody's corner, yet no tile may go there.
    let mut state: MouseRace = after(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("g1")));
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert_eq!(state.observation(0).paths[0].tiles.len(), 5);
}

#[test]
fn paths_never_share_a_cell() {
    // Four players on 7 × 7: seat 0 runs along row 1 up to f1, next to seat 1's corner g1.
    let mut state: MouseRace = after(
        "players=4,size=7",
        &["draw", "draw straight", "place b1", "pass", "pass", "pass"],
    );
    for _ in 0..4 {
        play(
            &mut state,
            &["draw", "draw straight", "place", "pass", "pass", "pass"],
        );
    }
    assert_eq!(open_end(&state, 0), Some(square("g1")));
    play(&mut state, &["pass", "draw", "draw straight"]);
    assert_eq!(legal(&state), ["place g2", "decline"]);
    assert!(!accepts(&state, "place f1"));
}

#[test]
fn reaching_the_cheese_wins_at_once() {
    let mut state = after::<MouseRace>("size=7", &[]);
    // a2, a3 south; a4 turns left (east); b4, c4 east: the open end is the cheese d4.
    play(
        &mut state,
        &[
            "draw",
            "draw straight",
            "place a2",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw curve",
            "left",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("c4")));
    play(&mut state, &["draw", "draw straight", "place"]);
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert_eq!(state.end(), Some(End::Cheese { winner: 0 }));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 2]);
    assert_eq!(outcome.returns, [1.0, 0.0]);
    // Seat 1 never laid a tile: 5 from the cheese, from a cell next to its corner.
    assert_eq!(outcome.scores, [0, 5]);
    assert!(!accepts(&state, "pass"));
}

#[test]
fn the_cheese_is_entered_only_from_an_orthogonal_neighbour() {
    let mut state = after::<MouseRace>("size=7", &[]);
    // b1 east, c1 right (south), c2 south: the tile on c3 is diagonal to the cheese d4.
    play(
        &mut state,
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw curve",
            "left",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("d3")));
    assert_eq!(
        state.to_move(),
        ToMove::Player(0),
        "c3 touches the cheese only diagonally"
    );
    play(&mut state, &["draw", "draw curve", "right"]);
    assert_eq!(state.end(), Some(End::Cheese { winner: 0 }));
}

// ---------------------------------------------------------------- a turn

#[test]
fn seat_zero_begins_and_play_goes_clockwise() {
    let mut state = after::<MouseRace>("players=4", &[]);
    let mut order = Vec::new();
    for _ in 0..6 {
        let ToMove::Player(seat) = state.to_move() else {
            panic!("a seat should be to move");
        };
        order.push(seat);
        play(&mut state, &["pass"]);
    }
    assert_eq!(order, [0, 1, 2, 3, 0, 1]);
    assert_eq!(state.turns(), 6);
}

#[test]
fn turn_options_are_draw_pass_back_and_shoo_when_they_apply() {
    let mut state = after::<MouseRace>("size=7", &[]);
    assert_eq!(legal(&state), ["draw", "pass"]);
    assert!(!accepts(&state, "back"));
    assert!(!accepts(&state, "shoo"));
    play(&mut state, &["draw", "draw straight", "place b1", "pass"]);
    assert_eq!(legal(&state), ["draw", "pass", "back"]);
}

#[test]
fn declining_a_road_tile_puts_it_back_and_loses_the_turn() {
    let mut state: MouseRace = after("size=7", &["draw", "draw straight"]);
    assert_eq!(state.bag(), tiles(63, 80, 20));
    play(&mut state, &["decline"]);
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert!(state.observation(0).paths[0].tiles.is_empty());
}

#[test]
fn declining_a_cat_puts_it_back_and_loses_the_turn() {
    let state: MouseRace = after("size=7", &["draw", "draw cat", "decline"]);
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert!(state.observation(0).cats.is_empty());
}

/// Seat 1 lays a cat on c1 before seat 0 lays b1: seat 0's open end is then the cat.
fn cat_on_seat_zero_open_end() -> MouseRace {
    let state: MouseRace = after(
        "size=7",
        &[
            "pass",
            "draw",
            "draw cat",
            "cat c1",
            "draw",
            "draw straight",
            "place b1",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    state
}

#[test]
fn a_cat_on_the_open_end_gives_one_extra_draw_and_no_more() {
    let mut state = cat_on_seat_zero_open_end();
    assert_eq!(legal(&state), ["draw", "pass", "back", "shoo"]);
    let bag = state.bag();
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(state.phase(), Phase::Draw { extra: true });
    assert_eq!(
        state.to_move(),
        ToMove::Chance,
        "the extra draw is chance, not a decision"
    );
    assert_eq!(state.bag(), bag, "the road tile went back");
    play(&mut state, &["draw curve"]);
    assert_eq!(state.to_move(), ToMove::Player(1), "only one extra draw");
    assert_eq!(state.bag(), bag);
}

#[test]
fn the_extra_draw_may_bring_a_cat_to_lay() {
    let mut state = cat_on_seat_zero_open_end();
    play(&mut state, &["draw", "draw curve", "draw cat"]);
    assert_eq!(
        state.phase(),
        Phase::Holding {
            kind: TileKind::Cat
        }
    );
    assert!(legal(&state).contains(&"cat d5".to_owned()));
    play(&mut state, &["cat d5"]);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn shoo_returns_the_cat_on_the_open_end_and_ends_the_turn() {
    let mut state = cat_on_seat_zero_open_end();
    let cats = state.bag().cat;
    play(&mut state, &["shoo"]);
    assert_eq!(state.bag().cat, cats + 1);
    assert!(state.observation(0).cats.is_empty());
    assert_eq!(state.to_move(), ToMove::Player(1));
    play(&mut state, &["pass", "draw", "draw straight"]);
    assert_eq!(legal(&state), ["place", "decline"], "the way is free again");
}

#[test]
fn back_takes_the_last_tile_into_the_bag_and_moves_the_open_end_back() {
    let mut state: MouseRace = after(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("c2")));
    let bag = state.bag();
    play(&mut state, &["back"]);
    assert_eq!(state.bag().curve, bag.curve + 1);
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    assert_eq!(
        state.to_move(),
        ToMove::Player(1),
        "going back is the whole turn"
    );
    play(&mut state, &["pass", "back", "pass"]);
    assert!(state.observation(0).paths[0].tiles.is_empty());
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(legal(&state), ["draw", "pass"]);
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(legal(&state), ["place b1", "place a2", "decline"]);
}

/// Four players on 7 × 7. Seat 0 starts on a2; seat 1 lays a cat on b1; seat 0 goes back;
/// seat 3 builds north from a6 up to a2 and points at the corner a1. Seat 0 is unstarted with
/// a cat on b1 and seat 3's road on a2.
fn unstarted_seat_walled_in() -> MouseRace {
    let mut state: MouseRace = after(
        "players=4,size=7",
        &[
            "draw",
            "draw straight",
            "place a2",
            "draw",
            "draw cat",
            "cat b1",
            "pass",
            "draw",
            "draw straight",
            "place a6",
        ],
    );
    play(
        &mut state,
        &["back", "pass", "pass", "draw", "draw straight", "place"],
    );
    for _ in 0..3 {
        play(
            &mut state,
            &["pass", "pass", "pass", "draw", "draw straight", "place"],
        );
    }
    assert_eq!(
        path_cells(&state, 3),
        ["a6", "a5", "a4", "a3", "a2"].map(square)
    );
    assert_eq!(state.to_move(), ToMove::Player(0));
    state
}

#[test]
fn before_the_first_tile_a_cat_gives_the_extra_draw_when_neither_corner_neighbour_is_free() {
    let mut state = unstarted_seat_walled_in();
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(state.phase(), Phase::Draw { extra: true });
    play(&mut state, &["draw straight"]);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn before_the_first_tile_shoo_returns_the_cats_next_to_the_corner() {
    let mut state = unstarted_seat_walled_in();
    assert_eq!(legal(&state), ["draw", "pass", "shoo"]);
    play(&mut state, &["shoo", "pass", "pass", "pass"]);
    assert!(state.observation(0).cats.is_empty());
    play(&mut state, &["draw", "draw straight"]);
    assert_eq!(legal(&state), ["place b1", "decline"]);
}

#[test]
fn a_road_pointing_at_a_start_corner_is_blocked() {
    // Seat 3's open end is seat 0's corner a1.
    let mut state = unstarted_seat_walled_in();
    play(
        &mut state,
        &["pass", "pass", "pass", "draw", "draw straight"],
    );
    assert_eq!(
        state.to_move(),
        ToMove::Player(0),
        "back to the bag, no extra draw"
    );
}

// ---------------------------------------------------------------- cats

#[test]
fn cats_never_go_on_a_corner_the_cheese_or_an_open_end() {
    let mut state: MouseRace = after("size=7", &["draw", "draw cat"]);
    let cells = legal(&state);
    // 49 cells less 4 corners, the cheese, and both seats' two start cells; then decline.
    assert_eq!(cells.len(), 49 - 4 - 1 - 4 + 1);
    for cell in ["a1", "g1", "g7", "a7", "d4", "b1", "a2", "f7", "g6"] {
        assert!(!accepts(&state, &format!("cat {cell}")), "cat {cell}");
    }
    assert!(accepts(&state, "cat c1"));
    // Once seat 0 heads east from b1, c1 is its open end.
    play(
        &mut state,
        &[
            "decline",
            "pass",
            "draw",
            "draw straight",
            "place b1",
            "draw",
            "draw cat",
        ],
    );
    assert!(
        !accepts(&state, "cat c1"),
        "an opponent's open end off the scent cells"
    );
    assert!(
        accepts(&state, "cat a2"),
        "a2 is no longer anyone's open end"
    );
}

#[test]
fn on_a_scent_cell_a_cat_may_block_an_opponents_open_end_but_not_ones_own() {
    let mut state = after::<MouseRace>("size=7", &[]);
    // b1, c1 right (south), c2: seat 0's open end is c3, a scent cell of the cheese d4.
    play(
        &mut state,
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw straight",
            "place",
        ],
    );
    assert_eq!(open_end(&state, 0), Some(square("c3")));
    play(&mut state, &["draw", "draw cat"]);
    assert!(accepts(&state, "cat c3"));
    play(&mut state, &["decline", "draw", "draw cat"]);
    assert!(!accepts(&state, "cat c3"), "one's own open end");
    play(&mut state, &["decline", "draw", "draw cat", "cat c3"]);
    assert_eq!(legal(&state), ["draw", "pass", "back", "shoo"]);
}

#[test]
fn a_cat_with_no_legal_cell_goes_back_without_an_extra_draw() {
    // Fill every cell a cat may take (40 on an empty 7 × 7 board), then draw the 41st cat.
    let mut state = after::<MouseRace>("size=7,tiles=0/0/41", &[]);
    for _ in 0..40 {
        play(&mut state, &["draw", "draw cat"]);
        let first = legal(&state)[0].clone();
        act(&mut state, &first);
    }
    assert_eq!(state.bag(), tiles(0, 0, 1));
    let seat = state.turn();
    play(&mut state, &["draw", "draw cat"]);
    assert_eq!(state.to_move(), ToMove::Player(1 - seat));
    assert_eq!(state.bag(), tiles(0, 0, 1));
}

// ---------------------------------------------------------------- the end

#[test]
fn the_turn_limit_ends_the_game_as_a_draw_shared_by_everyone() {
    let mut state: MouseRace = after("players=3,max_turns=4", &["pass", "pass", "pass"]);
    assert_eq!(state.to_move(), ToMove::Player(0));
    play(&mut state, &["pass"]);
    assert_eq!(state.end(), Some(End::TurnLimit));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 1, 1]);
    for share in outcome.returns {
        assert!((share - 1.0 / 3.0).abs() < 1e-12);
    }
}

#[test]
fn an_empty_bag_with_no_free_open_end_ends_the_game_as_a_draw() {
    let mut state = after::<MouseRace>("size=7,tiles=0/2/0", &[]);
    // Both first tiles turn off the board; the bag is then empty.
    play(&mut state, &["draw", "draw curve", "left b1"]);
    assert_eq!(state.to_move(), ToMove::Player(1));
    play(&mut state, &["draw", "draw curve", "left f7"]);
    assert_eq!(state.end(), Some(End::Stuck));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 1]);
    assert_eq!(outcome.returns, [0.5, 0.5]);
    // Open ends off the board are measured from there: b0 and f8 to d4.
    assert_eq!(outcome.scores, [6, 6]);
}

#[test]
fn a_lone_pass_is_automatic_unrecorded_and_counts_toward_max_turns() {
    let mut state: MouseRace = after(
        "size=7,tiles=0/1/0,max_turns=4",
        &["draw", "draw curve", "left b1"],
    );
    // Seat 1 has no tile, no cat and an empty bag: its turn passed by itself.
    assert_eq!(state.to_move(), ToMove::Player(0));
    assert_eq!(state.turns(), 2);
    assert_eq!(legal(&state), ["pass", "back"]);
    play(&mut state, &["pass"]);
    assert_eq!(
        state.end(),
        Some(End::TurnLimit),
        "turn 4 was seat 1's lone pass"
    );
    assert_eq!(state.turns(), 4);
}

#[test]
fn a_game_where_nobody_can_ever_do_anything_ends_at_once_by_the_turn_limit() {
    let state = after::<MouseRace>("players=3,tiles=0/0/0", &[]);
    assert_eq!(state.end(), Some(End::TurnLimit));
    assert_eq!(state.turns(), 600);
    assert_eq!(state.outcome().unwrap().ranks, [1, 1, 1]);
}

#[test]
fn scores_are_manhattan_distances_from_the_open_end_to_the_cheese() {
    let state: MouseRace = after(
        "size=7,max_turns=4",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
        ],
    );
    let outcome = state.outcome().unwrap();
    // c2 to d4, and seat 1 unstarted: f7 (or g6) to d4.
    assert_eq!(outcome.scores, [3, 5]);
}

#[test]
fn the_returns_searches_read_equal_the_outcomes_returns_at_every_ending() {
    let mut returns = vec![7.0];
    let mut endings = [0u32; 3];
    for options in [
        "players=2,size=7",
        "players=3,size=7",
        "players=4,size=7",
        "players=4,size=7,tiles=6/8/4",
        "players=3,max_turns=40",
    ] {
        for seed in 0..200 {
            let played = random_match::<MouseRace>(&config::<MouseRace>(options), seed);
            let state = played.state();
            state.returns_into(&mut returns);
            assert_eq!(
                returns,
                state.outcome().unwrap().returns,
                "{options} seed {seed}"
            );
            endings[match state.end().unwrap() {
                End::Cheese { .. } => 0,
                End::TurnLimit => 1,
                End::Stuck => 2,
            }] += 1;
        }
    }
    assert!(
        endings.iter().all(|&n| n > 0),
        "every ending was tried: {endings:?}"
    );
    // Before the end there are none.
    after::<MouseRace>("", &[]).returns_into(&mut returns);
    assert!(returns.is_empty());
}

// ---------------------------------------------------------------- information

#[test]
fn a_drawn_tile_is_seen_by_its_drawer_only_and_the_bag_with_the_hand_is_public() {
    let state: MouseRace = after("size=7", &["draw", "draw curve"]);
    let mine = state.observation(0);
    let theirs = state.observation(1);
    assert_eq!(
        mine.phase,
        ObservedPhase::Holding {
            tile: HeldTile::Curve
        }
    );
    assert_eq!(
        theirs.phase,
        ObservedPhase::Holding {
            tile: HeldTile::Hidden
        }
    );
    assert_eq!((mine.turn, theirs.turn), (0, 0), "seat 0 holds it");
    assert_eq!((mine.deciding, theirs.deciding), (Some(0), Some(0)));
    assert_eq!(theirs.pool, tiles(64, 80, 20));
    assert_eq!(mine.pool, tiles(64, 80, 20));
    assert_eq!(
        mine.bag,
        Some(tiles(64, 79, 20)),
        "the holder knows the bag"
    );
    assert_eq!(theirs.bag, None, "the others know only the pool");
    let after_decline = after::<MouseRace>("size=7", &["draw", "draw curve", "decline"]);
    assert_eq!(after_decline.observation(1).bag, Some(tiles(64, 80, 20)));
    assert!(mine.to_string().contains("you drew a curve"));
    assert!(theirs.to_string().contains("seat 0 holds a drawn tile"));
}

#[test]
fn a_declined_tile_kind_stays_hidden_from_the_others() {
    let declined =
        |kind: &str| after::<MouseRace>("size=7", &["draw", &format!("draw {kind}"), "decline"]);
    let (straight, cat) = (declined("straight"), declined("cat"));
    assert_eq!(straight.observation(1), cat.observation(1));
    assert_eq!(straight.observation(0), cat.observation(0));
}

#[test]
fn determinizing_a_held_tile_follows_from_what_the_others_can_deduce() {
    // Seat 0's open end is off the board: a road tile would have gone back, so it holds a cat.
    let state: MouseRace = after(
        "size=7",
        &["draw", "draw curve", "left b1", "pass", "draw", "draw cat"],
    );
    let observation = state.observation(1);
    let mut rng = chance_rng(5);
    for _ in 0..50 {
        let sampled = MouseRace::determinize(&observation, &mut rng);
        assert_eq!(
            sampled.phase(),
            Phase::Holding {
                kind: TileKind::Cat
            }
        );
        assert_eq!(sampled.observation(1), observation);
    }
    // With the road open, all three kinds are possible for the others.
    let open: MouseRace = after("size=7", &["draw", "draw straight"]);
    let observation = open.observation(1);
    let mut seen = [false; 3];
    for _ in 0..300 {
        match MouseRace::determinize(&observation, &mut rng).phase() {
            Phase::Holding { kind } => seen[kind as usize] = true,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(seen, [true; 3]);
    assert_eq!(MouseRace::determinize(&open.observation(0), &mut rng), open);
}

// ---------------------------------------------------------------- event views and notes

/// What each seat sees of the event written `text`, played now, and the note it reads then:
/// `(view, note)` per seat.
fn seen(state: &MouseRace, text: &str) -> Vec<(String, Option<String>)> {
    let event = action::<MouseRace>(text);
    let actor = match state.to_move() {
        ToMove::Chance => Actor::Chance,
        ToMove::Player(seat) => Actor::Seat(seat),
        ToMove::Terminal => panic!("the game is over"),
    };
    let mut next = state.clone();
    next.apply(event).unwrap_or_else(|e| panic!("{text}: {e}"));
    (0..state.num_players())
        .map(|seat| {
            let view = state.event_view(seat, &event);
            let note = MouseRace::event_note(
                &state.observation(seat),
                actor,
                &view,
                &next.observation(seat),
            );
            (view.to_string(), note)
        })
        .collect()
}

/// The views alone, per seat.
fn views(state: &MouseRace, text: &str) -> Vec<String> {
    seen(state, text)
        .into_iter()
        .map(|(view, _)| view)
        .collect()
}

/// The note each seat reads, per seat.
fn notes(state: &MouseRace, text: &str) -> Vec<Option<String>> {
    seen(state, text)
        .into_iter()
        .map(|(_, note)| note)
        .collect()
}

#[test]
fn every_decision_is_seen_by_every_seat_as_it_is() {
    let start = after::<MouseRace>("players=3,size=7", &[]);
    let holding_straight = after::<MouseRace>("players=3,size=7", &["draw", "draw straight"]);
    let holding_curve = after::<MouseRace>("players=3,size=7", &["draw", "draw curve"]);
    let holding_cat = after::<MouseRace>("players=3,size=7", &["draw", "draw cat"]);
    let mut cases: Vec<(MouseRace, &str)> = vec![
        (start.clone(), "draw"),
        (start.clone(), "pass"),
        (holding_straight.clone(), "place b1"),
        (holding_straight.clone(), "decline"),
        (holding_curve.clone(), "left a2"),
        (holding_curve.clone(), "right b1"),
        (holding_cat.clone(), "cat d6"),
        (holding_cat, "decline"),
    ];
    let blocked = cat_on_seat_zero_open_end();
    cases.push((blocked.clone(), "shoo"));
    cases.push((blocked, "back"));
    let later = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
        ],
    );
    cases.push((later.clone(), "left"));
    cases.push((later, "right"));
    let later = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw straight",
        ],
    );
    cases.push((later, "place"));
    for (state, text) in cases {
        let players = state.num_players();
        assert_eq!(
            views(&state, text),
            vec![text.to_owned(); players],
            "{text}"
        );
    }
}

#[test]
fn a_drawn_tile_is_seen_by_its_drawer_and_as_draw_query_by_the_others() {
    let drawing = after::<MouseRace>("players=3,size=7", &["draw"]);
    for kind in ["straight", "curve", "cat"] {
        let text = format!("draw {kind}");
        assert_eq!(views(&drawing, &text), [text.as_str(), "draw ?", "draw ?"]);
    }
    // Seat 1 draws: seat 1 sees the kind, seats 0 and 2 do not.
    let second = after::<MouseRace>("players=3,size=7", &["pass", "draw"]);
    assert_eq!(
        views(&second, "draw curve"),
        ["draw ?", "draw curve", "draw ?"]
    );
    // The one extra draw after a cat blocked the road tile is hidden the same way.
    let mut blocked = cat_on_seat_zero_open_end();
    play(&mut blocked, &["draw", "draw straight"]);
    assert_eq!(blocked.phase(), Phase::Draw { extra: true });
    assert_eq!(views(&blocked, "draw cat"), ["draw cat", "draw ?"]);
}

#[test]
fn laying_reveals_the_kind_and_a_declined_or_returned_tile_stays_unknown_to_the_others() {
    let holding = after::<MouseRace>("size=7", &["draw", "draw curve"]);
    assert_eq!(
        seen(&holding, "right b1")[1],
        (
            "right b1".to_owned(),
            Some("curve turning right on b1, heading south; open end b2".to_owned())
        ),
        "the decision shows the kind and where it went"
    );
    assert_eq!(
        notes(&holding, "decline"),
        [
            Some("the curve goes back to the bag".to_owned()),
            Some("the tile goes back to the bag".to_owned())
        ]
    );
    // Seat 0's open end is off the board: whatever it draws goes back, the others never
    // learn what it was.
    let drawing = after::<MouseRace>("size=7", &["draw", "draw curve", "left b1", "pass", "draw"]);
    assert_eq!(
        seen(&drawing, "draw straight"),
        [
            (
                "draw straight".to_owned(),
                Some(
                    "the straight cannot be laid (the open end is off the board): back to the bag"
                        .to_owned()
                )
            ),
            (
                "draw ?".to_owned(),
                Some("the tile cannot be used: back to the bag".to_owned())
            )
        ]
    );
    let mut next = drawing.clone();
    play(&mut next, &["draw straight"]);
    let mut other = drawing.clone();
    play(&mut other, &["draw curve"]);
    assert_eq!(next.observation(1), other.observation(1));
}

#[test]
fn seat_notes_tell_where_tiles_and_cats_went_in_each_seats_words() {
    // The drawer holds its tile; the others learn only that it holds one.
    let drawing = after::<MouseRace>("size=7", &["draw"]);
    assert_eq!(
        notes(&drawing, "draw cat"),
        [None, Some("seat 0 holds a tile".to_owned())]
    );
    let holding = after::<MouseRace>("size=7", &["draw", "draw straight"]);
    assert_eq!(
        notes(&holding, "place a2"),
        vec![Some("straight on a2, heading south; open end a3".to_owned()); 2]
    );
    // A cat on the scent cell c3, seat 0's open end, blocks it.
    let scent = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw straight",
            "place",
            "draw",
            "draw cat",
        ],
    );
    assert_eq!(
        notes(&scent, "cat c3"),
        [
            Some("it blocks your open end".to_owned()),
            Some("it blocks seat 0's open end".to_owned())
        ]
    );
    // Blocked by a cat: the road tile goes back and seat 0 draws again.
    let mut blocked = cat_on_seat_zero_open_end();
    play(&mut blocked, &["draw"]);
    assert_eq!(
        notes(&blocked, "draw curve"),
        [
            Some("a cat blocks your open end: the curve goes back and you draw again".to_owned()),
            Some(
                "a cat blocks seat 0's open end: the road tile goes back and seat 0 draws again"
                    .to_owned()
            )
        ]
    );
    let blocked = cat_on_seat_zero_open_end();
    assert_eq!(
        notes(&blocked, "shoo"),
        vec![Some("the cat on c1 goes back to the bag".to_owned()); 2]
    );
    assert_eq!(
        notes(&blocked, "back"),
        vec![Some("the straight on b1 goes back to the bag; no tile left".to_owned()); 2]
    );
    assert_eq!(notes(&blocked, "pass"), [None, None]);
    assert_eq!(notes(&blocked, "draw"), [None, None]);
}

#[test]
fn seat_notes_tell_turns_that_passed_by_themselves_and_the_end() {
    let lone = after::<MouseRace>("size=7,tiles=0/1/0", &["draw", "draw curve"]);
    assert_eq!(
        notes(&lone, "left b1"),
        [
            Some(
                "curve turning left on b1, heading north; open end off the board; seat 1 can only pass"
                    .to_owned()
            ),
            Some(
                "curve turning left on b1, heading north; open end off the board; you can only pass"
                    .to_owned()
            )
        ]
    );
    // a2, a3 south; a4 turns left (east); b4 east: the straight on c4 reaches the cheese d4.
    let winning = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place a2",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw curve",
            "left",
            "pass",
            "draw",
            "draw straight",
            "place",
            "pass",
            "draw",
            "draw straight",
        ],
    );
    assert_eq!(
        notes(&winning, "place"),
        [
            Some("straight on c4, heading east; you reached the cheese and won".to_owned()),
            Some("straight on c4, heading east; seat 0 reached the cheese and won".to_owned())
        ]
    );
    let limit = after::<MouseRace>("size=7,max_turns=2", &["pass"]);
    assert_eq!(
        notes(&limit, "pass"),
        vec![Some("2 turns played: a draw".to_owned()); 2]
    );
    let stuck = after::<MouseRace>(
        "size=7,tiles=0/2/0",
        &["draw", "draw curve", "left b1", "draw", "draw curve"],
    );
    assert_eq!(
        notes(&stuck, "left f7")[0].as_deref(),
        Some(
            "curve turning left on f7, heading south; open end off the board; \
             the bag is empty and no open end is free: a draw"
        )
    );
}

/// The labels of the deciding seat's legal actions, as `action: label` lines.
fn labels(state: &MouseRace) -> Vec<String> {
    let ToMove::Player(seat) = state.to_move() else {
        panic!("no seat decides");
    };
    let observation = state.observation(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .iter()
        .map(|action| {
            format!(
                "{action}: {}",
                MouseRace::choice_label(&observation, action)
            )
        })
        .collect()
}

#[test]
fn choice_labels_say_where_a_tile_goes_and_which_way_a_curve_turns() {
    let start = after::<MouseRace>("size=7", &[]);
    assert_eq!(
        labels(&start),
        [
            "draw: draw a tile from the bag (164 left: 64 straight, 80 curve, 20 cat)",
            "pass: pass: your turn ends"
        ]
    );
    let first_curve = after::<MouseRace>("size=7", &["draw", "draw curve"]);
    assert_eq!(
        labels(&first_curve),
        [
            "left b1: lay the curve on b1 turning left: heading east, then north",
            "right b1: lay the curve on b1 turning right: heading east, then south",
            "left a2: lay the curve on a2 turning left: heading south, then east",
            "right a2: lay the curve on a2 turning right: heading south, then west",
            "decline: decline: the curve goes back to the bag, your turn ends"
        ]
    );
    let straight = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw straight",
        ],
    );
    assert_eq!(
        labels(&straight)[0],
        "place: lay the straight on c1, heading east"
    );
    // Seat 0 heads south from c1 toward c2 and c3.
    let curve = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw curve",
        ],
    );
    assert_eq!(
        labels(&curve)[..2],
        [
            "left: lay the curve on c2 turning left: heading south, then east",
            "right: lay the curve on c2 turning right: heading south, then west"
        ]
    );
    let blocked = cat_on_seat_zero_open_end();
    assert_eq!(
        labels(&blocked)[2..],
        [
            "back: take your last tile (the straight on b1) back to the bag",
            "shoo: shoo the cat off c1 (back to the bag; your turn ends)"
        ]
    );
    // Seat 1 holds a cat while seat 0's open end is the scent cell c3.
    let scent = after::<MouseRace>(
        "size=7",
        &[
            "draw",
            "draw straight",
            "place b1",
            "pass",
            "draw",
            "draw curve",
            "right",
            "pass",
            "draw",
            "draw straight",
            "place",
            "draw",
            "draw cat",
        ],
    );
    let cat_labels = labels(&scent);
    assert!(
        cat_labels.contains(&"cat c3: put the cat on c3, blocking seat 0's open end".to_owned())
    );
    assert!(cat_labels.contains(&"cat d2: put the cat on d2".to_owned()));
}

// ---------------------------------------------------------------- the observation

#[test]
fn the_observation_states_who_decides_whose_turn_it_is_and_the_board_geometry() {
    let start = after::<MouseRace>("players=3,size=9", &[]).observation(2);
    assert_eq!((start.seat, start.turn, start.deciding), (2, 0, Some(0)));
    assert_eq!(start.phase, ObservedPhase::Turn);
    assert_eq!((start.turns_played, start.max_turns), (0, 600));
    assert_eq!(start.options.size(), 9);
    assert_eq!(start.board.size, 9);
    assert_eq!(start.board.cheese, square("e5"));
    assert_eq!(
        start.board.scent,
        ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"].map(square)
    );
    let corners: Vec<(String, Option<usize>)> = start
        .board
        .corners
        .iter()
        .map(|corner| (corner.cell.to_string(), corner.seat))
        .collect();
    assert_eq!(
        corners,
        [
            ("a1".to_owned(), Some(0)),
            ("i1".to_owned(), Some(1)),
            ("i9".to_owned(), Some(2)),
            ("a9".to_owned(), None)
        ]
    );
    let drawing = after::<MouseRace>("players=3,size=9", &["draw"]).observation(1);
    assert_eq!(drawing.deciding, None, "nobody decides a draw");
    assert_eq!(drawing.phase, ObservedPhase::Draw { extra: false });
    let over = after::<MouseRace>("size=7,max_turns=1", &["pass"]).observation(0);
    assert_eq!(over.deciding, None);
    assert_eq!(
        over.phase,
        ObservedPhase::Over {
            end: End::TurnLimit
        }
    );
}

#[test]
fn the_open_end_tells_no_tile_yet_from_a_cell_and_from_off_the_board() {
    let start = after::<MouseRace>("size=7", &[]).observation(0);
    let OpenEnd::NoTileYet { cells } = &start.paths[1].open_end else {
        panic!("{:?}", start.paths[1].open_end);
    };
    let cells: Vec<String> = cells
        .iter()
        .map(|start| format!("{} {} {:?}", start.cell, start.heading, start.content))
        .collect();
    assert_eq!(cells, ["f7 west Empty", "g6 north Empty"]);
    assert_eq!(start.paths[1].heading, None);
    let blocked = cat_on_seat_zero_open_end().observation(1);
    assert_eq!(
        blocked.paths[0].open_end,
        OpenEnd::Cell {
            cell: square("c1"),
            content: mousehole_engine::games::mouse_race::Content::Cat
        }
    );
    // Travelling east onto b1, a left turn points north off the board: column b, row 0.
    let off = after::<MouseRace>("size=7", &["draw", "draw curve", "left b1"]).observation(1);
    assert_eq!(
        off.paths[0].open_end,
        OpenEnd::OffBoard { column: 2, row: 0 }
    );
    assert_eq!(off.paths[0].distance, 6, "b0 to d4");
    let json = serde_json::to_value(&off).unwrap();
    assert_eq!(
        json["paths"][0]["open_end"],
        serde_json::json!({"kind": "off_board", "column": 2, "row": 0})
    );
    assert_eq!(
        json["paths"][1]["open_end"]["kind"],
        serde_json::json!("no_tile_yet")
    );
    assert_eq!(
        json["paths"][0]["tiles"],
        serde_json::json!([{"cell": "b1", "shape": "curve_left", "entry": "east", "exit": "north"}])
    );
}

#[test]
fn the_readable_board_fits_a_24_line_terminal() {
    for options in ["players=2", "players=4"] {
        // Some way into a random game, with tiles and cats on the board.
        let played = random_match::<MouseRace>(&config::<MouseRace>(options), 3);
        let mut state = after::<MouseRace>(options, &[]);
        for event in played.events().iter().take(400) {
            state.apply(event.action).unwrap();
        }
        let text = state.observation(0).to_string();
        let lines: Vec<&str> = text.lines().collect();
        let players = state.num_players();
        // Header, column letters, 13 rows, the key, a line per path, the bag.
        assert_eq!(lines.len(), 1 + 1 + 13 + 1 + players + 1, "{text}");
        assert!(lines.len() <= 22);
        for line in lines {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }
}

// ---------------------------------------------------------------- conservation

#[test]
fn conservation_breaks_are_reported() {
    let state: MouseRace = after(
        "size=7",
        &[
            "draw",
            "draw curve",
            "right b1",
            "pass",
            "draw",
            "draw cat",
            "cat e5",
        ],
    );
    let json = serde_json::to_value(&state).unwrap();
    let broken = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = json.clone();
        edit(&mut value);
        serde_json::from_value::<MouseRace>(value)
            .unwrap()
            .check_invariants()
            .unwrap_err()
            .0
    };
    assert!(broken(&|v| v["bag"]["cat"] = 20.into()).contains("configured"));
    assert!(broken(&|v| v["board"]["b1"]["road"]["entry"] = "west".into()).contains("joined"));
    assert!(
        broken(&|v| v["board"]["c3"] =
            serde_json::json!({"road": {"seat": 1, "entry": "east", "exit": "east"}}))
        .contains("configured")
    );
    assert!(broken(&|v| v["board"]["a1"] = "cat".into()).contains("corner"));
}

// ---------------------------------------------------------------- text forms

#[test]
fn cells_are_named_like_chess_squares_from_seat_zeros_corner() {
    let state = after::<MouseRace>("", &[]);
    let observation = state.observation(0);
    assert_eq!(observation.paths[0].corner, square("a1"));
    let board = observation.render_board();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 14, "a line of letters and one line per row");
    assert_eq!(lines[0], "    a  b  c  d  e  f  g  h  i  j  k  l  m");
    assert!(lines[1].starts_with(" 1 [0] ."), "{}", lines[1]);
    assert!(lines[1].ends_with("[ ] 1"), "{}", lines[1]);
    assert!(lines[13].starts_with("13 [ ] ."), "{}", lines[13]);
    assert!(lines[13].ends_with("[1] 13"), "{}", lines[13]);
    // The cheese g7 on row 7, column g; its scent around it.
    assert_eq!(lines[7].find('@'), lines[0].find('g'));
    assert_eq!(lines[6].matches(':').count(), 3);
}

#[test]
fn actions_print_and_parse_in_the_normative_forms() {
    for text in [
        "draw",
        "pass",
        "back",
        "shoo",
        "decline",
        "place",
        "place b1",
        "left",
        "left a2",
        "right",
        "right m12",
        "cat d9",
        "cat u21",
        "draw straight",
        "draw curve",
        "draw cat",
    ] {
        let action: MouseRaceAction = text.parse().unwrap();
        assert_eq!(action.to_string(), text);
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
    }
    assert_eq!(
        "  place   B1 ".parse::<MouseRaceAction>().unwrap(),
        MouseRaceAction::Place(Some(square("b1")))
    );
}

#[test]
fn bad_action_text_is_rejected_naming_the_accepted_forms() {
    for text in [
        "",
        "cat",
        "cat a0",
        "cat v1",
        "place b01",
        "draw dog",
        "pass now",
        "left a2 b2",
        "jump",
    ] {
        let error = text.parse::<MouseRaceAction>().unwrap_err();
        assert_eq!(error.game, "mouse-race");
        assert!(error.to_string().contains("cat CELL"), "{error}");
    }
}

#[test]
fn illegal_actions_are_rejected_and_leave_the_state_unchanged() {
    let mut state = after::<MouseRace>("size=7", &[]);
    for text in ["place b1", "cat c3", "decline", "back", "shoo", "draw cat"] {
        assert!(!accepts(&state, text), "{text}");
    }
    play(&mut state, &["draw"]);
    for text in ["draw", "pass", "place b1"] {
        assert!(!accepts(&state, text), "{text}");
    }
    play(&mut state, &["draw straight"]);
    for text in ["left b1", "cat c3", "place c1", "pass", "draw"] {
        assert!(!accepts(&state, text), "{text}");
    }
    let error = state.apply("pass".parse().unwrap()).unwrap_err();
    assert_eq!(error.legal, ["place b1", "place a2", "decline"]);
}

#[test]
fn every_decision_offers_at_least_two_actions() {
    for (options, seeds) in [
        ("players=2,size=7,tiles=4/6/3", 0..60),
        ("players=4,size=9,tiles=10/10/6", 0..40),
        ("players=3", 0..5),
    ] {
        let config = config::<MouseRace>(options);
        for seed in seeds {
            let mut rng = chance_rng(seed);
            let mut state = MouseRace::new(&config);
            let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
            while !state.is_terminal() {
                let action = if state.to_move() == ToMove::Chance {
                    state.sample_chance(&mut rng, &mut outcomes).unwrap()
                } else {
                    state.legal_actions(&mut actions);
                    assert!(actions.len() >= 2, "{options} seed {seed}: {actions:?}");
                    actions[rng.random_range(0..actions.len())]
                };
                state.apply(action).unwrap();
            }
        }
    }
}

#[test]
fn transcript_notes_say_what_happened() {
    let note = |state: &MouseRace, text: &str| state.describe(&text.parse().unwrap());
    let mut state: MouseRace = after("size=7", &["draw", "draw straight"]);
    assert_eq!(
        note(&state, "place b1").as_deref(),
        Some("straight on b1, heading east; open end c1")
    );
    assert_eq!(note(&state, "cat c1"), None, "not legal here");
    assert_eq!(
        note(&state, "decline").as_deref(),
        Some("the straight goes back to the bag"),
        "a full transcript tells the declined kind"
    );
    play(&mut state, &["place b1", "pass", "draw", "draw curve"]);
    assert_eq!(
        note(&state, "left").as_deref(),
        Some("curve turning left on c1, heading north; open end off the board")
    );
    play(&mut state, &["left", "pass", "draw"]);
    assert_eq!(
        note(&state, "draw straight").as_deref(),
        Some("the straight cannot be laid (the open end is off the board): back to the bag")
    );
    assert_eq!(
        note(&state, "draw cat"),
        None,
        "a cat with a cell to go on is held"
    );
    let state = cat_on_seat_zero_open_end();
    let mut drawing = state.clone();
    play(&mut drawing, &["draw"]);
    assert_eq!(
        note(&drawing, "draw curve").as_deref(),
        Some("a cat blocks seat 0's open end: the curve goes back and seat 0 draws again")
    );
    play(&mut drawing, &["draw curve"]);
    assert_eq!(
        note(&drawing, "draw straight").as_deref(),
        Some("the straight cannot be laid (a cat still sits on the open end): back to the bag")
    );
    assert_eq!(
        note(&state, "back").as_deref(),
        Some("the straight on b1 goes back to the bag; no tile left")
    );
    assert_eq!(
        note(&state, "shoo").as_deref(),
        Some("the cat on c1 goes back to the bag")
    );
    let lone: MouseRace = after("size=7,tiles=0/1/0", &["draw", "draw curve"]);
    assert_eq!(
        note(&lone, "left b1").as_deref(),
        Some(
            "curve turning left on b1, heading north; open end off the board; seat 1 can only pass"
        )
    );
}

// ---------------------------------------------------------------- many random games

#[test]
fn registered_games_record_and_replay_through_json_lines() {
    // What `mousehole play mouse-race --players 4 --seats random×4 --games 100 --seed 1` and
    // `mousehole replay` do, at the engine level: the game is found by name and transcripts
    // written as JSON lines replay to the same outcome.
    let spec: mousehole_engine::GameSpec = "mouse-race:players=4".parse().unwrap();
    let game = spec.build().unwrap();
    assert_eq!(game.description().name, "mouse-race");
    assert_eq!(game.players(), 4);
    let state = game.new_state();
    assert_eq!(state.legal_actions(), ["draw", "pass"]);
    assert!(state.observation_text(0).contains("[0]"));

    let config = <MouseRaceConfig as mousehole_engine::GameConfig>::with_players(4).unwrap();
    let lines: String = (1..=100)
        .map(|seed| {
            mousehole_engine::conformance::random_transcript::<MouseRace>(&config, seed)
                .to_json_line()
                + "\n"
        })
        .collect();
    let transcripts = mousehole_engine::Transcript::from_json_lines(&lines);
    assert_eq!(transcripts.len(), 100);
    for (line, transcript) in transcripts {
        let transcript = transcript.unwrap_or_else(|e| panic!("line {line}: {e}"));
        let report = transcript
            .replay()
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(report.outcome.is_some());
    }
}
