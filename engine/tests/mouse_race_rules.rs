//! Mouse Race: one test per rule and ruling of `shared/spec/mouse-race.md`, on positions built
//! from explicit event sequences (chance draws are scripted like any other action).

use mousehole_engine::games::mouse_race::{
    End, MouseRace, MouseRaceAction, MouseRaceConfig, Phase, PhaseView, Square, TileCounts,
    TileKind,
};
use mousehole_engine::rng::chance_rng;
use mousehole_engine::{Game, GameConfig, Options, ToMove};
use rand::RngExt;

fn config(options: &str) -> MouseRaceConfig {
    Options::parse(MouseRace::info(), options)
        .unwrap()
        .into_config()
        .unwrap()
}

fn game(options: &str) -> MouseRace {
    MouseRace::new(&config(options))
}

/// Applies the events in order (`;`-separated), failing with the event's text if one is
/// illegal.
fn play(state: &mut MouseRace, events: &str) {
    for text in events.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        let action: MouseRaceAction = text.parse().unwrap_or_else(|e| panic!("{e}"));
        state
            .apply(action)
            .unwrap_or_else(|e| panic!("'{text}': {e}"));
        state
            .check_invariants()
            .unwrap_or_else(|e| panic!("after '{text}': {e}"));
    }
}

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

fn open_end(state: &MouseRace, seat: usize) -> Option<Square> {
    state.observation(seat).paths[seat].open_end
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
    let options = MouseRaceConfig::default().to_options();
    let text: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    assert_eq!(
        text,
        ["max_turns=600", "players=2", "size=13", "tiles=64/80/20"]
    );
    assert_eq!(config(""), MouseRaceConfig::default());
    assert_eq!(game("").bag(), tiles(64, 80, 20));
}

#[test]
fn options_are_validated_with_clear_errors() {
    let error = |options: &str| {
        Options::parse(MouseRace::info(), options)
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
        ("max_turns=0", "max_turns", "from 1 to 4294967295"),
        ("max_turns=4294967296", "max_turns", "from 1 to 4294967295"),
    ] {
        let message = error(options);
        assert!(
            message.contains(key) && message.contains(allowed),
            "{options}: {message}"
        );
    }
    assert!(error("colour=red").contains("size, tiles, max_turns"));
    let custom = config("players=4,size=21,tiles=0/999/3,max_turns=1");
    assert_eq!(custom.size(), 21);
    assert_eq!(custom.tiles(), tiles(0, 999, 3));
    assert_eq!(custom.max_turns(), 1);
}

#[test]
fn corners_by_player_count_two_players_sit_opposite() {
    let corners = |players: usize| -> Vec<String> {
        game(&format!("players={players}"))
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
    let state = game("players=4");
    for path in &state.observation(0).paths {
        assert_eq!(path.distance, 11);
    }
    assert!(game("size=7").observation(0).render_board().contains(" @ "));
}

#[test]
fn draws_are_weighed_by_the_bag_contents_and_empty_kinds_are_not_listed() {
    let mut state = game("size=7,tiles=0/5/2");
    play(&mut state, "draw");
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
    let mut state = game("size=7");
    play(&mut state, "draw; draw straight");
    assert_eq!(legal(&state), ["place b1", "place a2", "decline"]);
    let mut curve = game("size=7");
    play(&mut curve, "draw; draw curve");
    assert_eq!(
        legal(&curve),
        ["left b1", "right b1", "left a2", "right a2", "decline"]
    );
    // Seat 1 of two starts from the opposite corner g7.
    play(&mut state, "place a2; draw; draw straight");
    assert_eq!(legal(&state), ["place f7", "place g6", "decline"]);
}

#[test]
fn first_tile_names_its_cell_and_later_tiles_do_not() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw straight");
    assert!(!accepts(&state, "place"));
    assert!(!accepts(&state, "place c1"));
    play(&mut state, "place b1; pass; draw; draw straight");
    assert_eq!(legal(&state), ["place", "decline"]);
    assert!(!accepts(&state, "place c1"));
    assert!(!accepts(&state, "place b1"));
}

#[test]
fn straights_go_on_and_curves_turn_left_or_right_of_the_direction_of_travel() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw straight; place b1; pass");
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    // Travelling east, right is south.
    play(&mut state, "draw; draw curve; right; pass");
    assert_eq!(open_end(&state, 0), Some(square("c2")));
    // Travelling south, left is east.
    play(&mut state, "draw; draw curve; left; pass");
    assert_eq!(open_end(&state, 0), Some(square("d2")));
    let path = &state.observation(0).paths[0];
    assert_eq!(path.tiles, [square("b1"), square("c1"), square("c2")]);
    assert_eq!(path.heading.map(|d| d.to_string()), Some("east".to_owned()));
}

#[test]
fn open_end_off_the_board_returns_the_road_tile_and_ends_the_turn() {
    let mut state = game("size=7");
    // Travelling east from a1 to b1, a left turn points north, off the board.
    play(&mut state, "draw; draw curve; left b1; pass");
    assert_eq!(open_end(&state, 0), None);
    let bag = state.bag();
    play(&mut state, "draw; draw straight");
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
    let mut state = game("size=7");
    // b1 east, c1 right (south), c2 right (west), b2 right (north): points back at b1.
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw curve; right; pass; \
         draw; draw curve; right; pass; draw; draw curve; right; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("b1")));
    assert!(!legal(&state).contains(&"shoo".to_owned()));
    play(&mut state, "draw; draw curve");
    assert_eq!(state.to_move(), ToMove::Player(1), "no extra draw");
}

#[test]
fn open_end_on_a_corner_returns_the_road_tile_without_an_extra_draw() {
    // Two players: g1 is nobody's corner, yet no tile may go there.
    let mut state = game("size=7");
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw straight; place; pass; \
         draw; draw straight; place; pass; draw; draw straight; place; pass; \
         draw; draw straight; place; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("g1")));
    play(&mut state, "draw; draw straight");
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert_eq!(state.observation(0).paths[0].tiles.len(), 5);
}

#[test]
fn paths_never_share_a_cell() {
    // Four players on 7 × 7: seat 0 runs along row 1 up to f1, next to seat 1's corner g1.
    let mut state = game("players=4,size=7");
    play(
        &mut state,
        "draw; draw straight; place b1; pass; pass; pass",
    );
    for _ in 0..4 {
        play(&mut state, "draw; draw straight; place; pass; pass; pass");
    }
    assert_eq!(open_end(&state, 0), Some(square("g1")));
    play(&mut state, "pass; draw; draw straight");
    assert_eq!(legal(&state), ["place g2", "decline"]);
    assert!(!accepts(&state, "place f1"));
}

#[test]
fn reaching_the_cheese_wins_at_once() {
    let mut state = game("size=7");
    // a2, a3 south; a4 turns left (east); b4, c4 east: the open end is the cheese d4.
    play(
        &mut state,
        "draw; draw straight; place a2; pass; draw; draw straight; place; pass; \
         draw; draw curve; left; pass; draw; draw straight; place; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("c4")));
    play(&mut state, "draw; draw straight; place");
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
    let mut state = game("size=7");
    // b1 east, c1 right (south), c2 south: the tile on c3 is diagonal to the cheese d4.
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw curve; right; pass; \
         draw; draw straight; place; pass; draw; draw curve; left; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("d3")));
    assert_eq!(
        state.to_move(),
        ToMove::Player(0),
        "c3 touches the cheese only diagonally"
    );
    play(&mut state, "draw; draw curve; right");
    assert_eq!(state.end(), Some(End::Cheese { winner: 0 }));
}

// ---------------------------------------------------------------- a turn

#[test]
fn seat_zero_begins_and_play_goes_clockwise() {
    let mut state = game("players=4");
    let mut order = Vec::new();
    for _ in 0..6 {
        let ToMove::Player(seat) = state.to_move() else {
            panic!("a seat should be to move");
        };
        order.push(seat);
        play(&mut state, "pass");
    }
    assert_eq!(order, [0, 1, 2, 3, 0, 1]);
    assert_eq!(state.turns(), 6);
}

#[test]
fn turn_options_are_draw_pass_back_and_shoo_when_they_apply() {
    let mut state = game("size=7");
    assert_eq!(legal(&state), ["draw", "pass"]);
    assert!(!accepts(&state, "back"));
    assert!(!accepts(&state, "shoo"));
    play(&mut state, "draw; draw straight; place b1; pass");
    assert_eq!(legal(&state), ["draw", "pass", "back"]);
}

#[test]
fn declining_a_road_tile_puts_it_back_and_loses_the_turn() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw straight");
    assert_eq!(state.bag(), tiles(63, 80, 20));
    play(&mut state, "decline");
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert!(state.observation(0).paths[0].tiles.is_empty());
}

#[test]
fn declining_a_cat_puts_it_back_and_loses_the_turn() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw cat; decline");
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert!(state.observation(0).cats.is_empty());
}

/// Seat 1 lays a cat on c1 before seat 0 lays b1: seat 0's open end is then the cat.
fn cat_on_seat_zero_open_end() -> MouseRace {
    let mut state = game("size=7");
    play(
        &mut state,
        "pass; draw; draw cat; cat c1; draw; draw straight; place b1; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    state
}

#[test]
fn a_cat_on_the_open_end_gives_one_extra_draw_and_no_more() {
    let mut state = cat_on_seat_zero_open_end();
    assert_eq!(legal(&state), ["draw", "pass", "back", "shoo"]);
    let bag = state.bag();
    play(&mut state, "draw; draw straight");
    assert_eq!(state.phase(), Phase::Draw { extra: true });
    assert_eq!(
        state.to_move(),
        ToMove::Chance,
        "the extra draw is chance, not a decision"
    );
    assert_eq!(state.bag(), bag, "the road tile went back");
    play(&mut state, "draw curve");
    assert_eq!(state.to_move(), ToMove::Player(1), "only one extra draw");
    assert_eq!(state.bag(), bag);
}

#[test]
fn the_extra_draw_may_bring_a_cat_to_lay() {
    let mut state = cat_on_seat_zero_open_end();
    play(&mut state, "draw; draw curve; draw cat");
    assert_eq!(
        state.phase(),
        Phase::Holding {
            kind: TileKind::Cat
        }
    );
    assert!(legal(&state).contains(&"cat d5".to_owned()));
    play(&mut state, "cat d5");
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn shoo_returns_the_cat_on_the_open_end_and_ends_the_turn() {
    let mut state = cat_on_seat_zero_open_end();
    let cats = state.bag().cat;
    play(&mut state, "shoo");
    assert_eq!(state.bag().cat, cats + 1);
    assert!(state.observation(0).cats.is_empty());
    assert_eq!(state.to_move(), ToMove::Player(1));
    play(&mut state, "pass; draw; draw straight");
    assert_eq!(legal(&state), ["place", "decline"], "the way is free again");
}

#[test]
fn back_takes_the_last_tile_into_the_bag_and_moves_the_open_end_back() {
    let mut state = game("size=7");
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw curve; right; pass",
    );
    assert_eq!(open_end(&state, 0), Some(square("c2")));
    let bag = state.bag();
    play(&mut state, "back");
    assert_eq!(state.bag().curve, bag.curve + 1);
    assert_eq!(open_end(&state, 0), Some(square("c1")));
    assert_eq!(
        state.to_move(),
        ToMove::Player(1),
        "going back is the whole turn"
    );
    play(&mut state, "pass; back; pass");
    assert!(state.observation(0).paths[0].tiles.is_empty());
    assert_eq!(state.bag(), tiles(64, 80, 20));
    assert_eq!(legal(&state), ["draw", "pass"]);
    play(&mut state, "draw; draw straight");
    assert_eq!(legal(&state), ["place b1", "place a2", "decline"]);
}

/// Four players on 7 × 7. Seat 0 starts on a2; seat 1 lays a cat on b1; seat 0 goes back;
/// seat 3 builds north from a6 up to a2 and points at the corner a1. Seat 0 is unstarted with
/// a cat on b1 and seat 3's road on a2.
fn unstarted_seat_walled_in() -> MouseRace {
    let mut state = game("players=4,size=7");
    play(
        &mut state,
        "draw; draw straight; place a2; draw; draw cat; cat b1; pass; \
         draw; draw straight; place a6",
    );
    play(&mut state, "back; pass; pass; draw; draw straight; place");
    for _ in 0..3 {
        play(&mut state, "pass; pass; pass; draw; draw straight; place");
    }
    assert_eq!(
        state.observation(0).paths[3].tiles,
        ["a6", "a5", "a4", "a3", "a2"].map(square)
    );
    assert_eq!(state.to_move(), ToMove::Player(0));
    state
}

#[test]
fn before_the_first_tile_a_cat_gives_the_extra_draw_when_neither_corner_neighbour_is_free() {
    let mut state = unstarted_seat_walled_in();
    play(&mut state, "draw; draw straight");
    assert_eq!(state.phase(), Phase::Draw { extra: true });
    play(&mut state, "draw straight");
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn before_the_first_tile_shoo_returns_the_cats_next_to_the_corner() {
    let mut state = unstarted_seat_walled_in();
    assert_eq!(legal(&state), ["draw", "pass", "shoo"]);
    play(&mut state, "shoo; pass; pass; pass");
    assert!(state.observation(0).cats.is_empty());
    play(&mut state, "draw; draw straight");
    assert_eq!(legal(&state), ["place b1", "decline"]);
}

#[test]
fn a_road_pointing_at_a_start_corner_is_blocked() {
    // Seat 3's open end is seat 0's corner a1.
    let mut state = unstarted_seat_walled_in();
    play(&mut state, "pass; pass; pass; draw; draw straight");
    assert_eq!(
        state.to_move(),
        ToMove::Player(0),
        "back to the bag, no extra draw"
    );
}

// ---------------------------------------------------------------- cats

#[test]
fn cats_never_go_on_a_corner_the_cheese_or_an_open_end() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw cat");
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
        "decline; pass; draw; draw straight; place b1; draw; draw cat",
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
    let mut state = game("size=7");
    // b1, c1 right (south), c2: seat 0's open end is c3, a scent cell of the cheese d4.
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw curve; right; pass; \
         draw; draw straight; place",
    );
    assert_eq!(open_end(&state, 0), Some(square("c3")));
    play(&mut state, "draw; draw cat");
    assert!(accepts(&state, "cat c3"));
    play(&mut state, "decline; draw; draw cat");
    assert!(!accepts(&state, "cat c3"), "one's own open end");
    play(&mut state, "decline; draw; draw cat; cat c3");
    assert_eq!(legal(&state), ["draw", "pass", "back", "shoo"]);
}

#[test]
fn a_cat_with_no_legal_cell_goes_back_without_an_extra_draw() {
    // Fill every cell a cat may take (40 on an empty 7 × 7 board), then draw the 41st cat.
    let mut state = game("size=7,tiles=0/0/41");
    for _ in 0..40 {
        play(&mut state, "draw; draw cat");
        let first = legal(&state)[0].clone();
        play(&mut state, &first);
    }
    assert_eq!(state.bag(), tiles(0, 0, 1));
    let seat = state.turn();
    play(&mut state, "draw; draw cat");
    assert_eq!(state.to_move(), ToMove::Player(1 - seat));
    assert_eq!(state.bag(), tiles(0, 0, 1));
}

// ---------------------------------------------------------------- the end

#[test]
fn the_turn_limit_ends_the_game_as_a_draw_shared_by_everyone() {
    let mut state = game("players=3,max_turns=4");
    play(&mut state, "pass; pass; pass");
    assert_eq!(state.to_move(), ToMove::Player(0));
    play(&mut state, "pass");
    assert_eq!(state.end(), Some(End::TurnLimit));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 1, 1]);
    for share in outcome.returns {
        assert!((share - 1.0 / 3.0).abs() < 1e-12);
    }
}

#[test]
fn an_empty_bag_with_no_free_open_end_ends_the_game_as_a_draw() {
    let mut state = game("size=7,tiles=0/2/0");
    // Both first tiles turn off the board; the bag is then empty.
    play(&mut state, "draw; draw curve; left b1");
    assert_eq!(state.to_move(), ToMove::Player(1));
    play(&mut state, "draw; draw curve; left f7");
    assert_eq!(state.end(), Some(End::Stuck));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 1]);
    assert_eq!(outcome.returns, [0.5, 0.5]);
    // Open ends off the board are measured from there: b0 and f8 to d4.
    assert_eq!(outcome.scores, [6, 6]);
}

#[test]
fn a_lone_pass_is_automatic_unrecorded_and_counts_toward_max_turns() {
    let mut state = game("size=7,tiles=0/1/0,max_turns=4");
    play(&mut state, "draw; draw curve; left b1");
    // Seat 1 has no tile, no cat and an empty bag: its turn passed by itself.
    assert_eq!(state.to_move(), ToMove::Player(0));
    assert_eq!(state.turns(), 2);
    assert_eq!(legal(&state), ["pass", "back"]);
    play(&mut state, "pass");
    assert_eq!(
        state.end(),
        Some(End::TurnLimit),
        "turn 4 was seat 1's lone pass"
    );
    assert_eq!(state.turns(), 4);
}

#[test]
fn a_game_where_nobody_can_ever_do_anything_ends_at_once_by_the_turn_limit() {
    let state = game("players=3,tiles=0/0/0");
    assert_eq!(state.end(), Some(End::TurnLimit));
    assert_eq!(state.turns(), 600);
    assert_eq!(state.outcome().unwrap().ranks, [1, 1, 1]);
}

#[test]
fn scores_are_manhattan_distances_from_the_open_end_to_the_cheese() {
    let mut state = game("size=7,max_turns=4");
    play(
        &mut state,
        "draw; draw straight; place b1; pass; draw; draw curve; right; pass",
    );
    let outcome = state.outcome().unwrap();
    // c2 to d4, and seat 1 unstarted: f7 (or g6) to d4.
    assert_eq!(outcome.scores, [3, 5]);
}

// ---------------------------------------------------------------- information

#[test]
fn a_drawn_tile_is_seen_by_its_drawer_only_and_the_bag_with_the_hand_is_public() {
    let mut state = game("size=7");
    play(&mut state, "draw; draw curve");
    let mine = state.observation(0);
    let theirs = state.observation(1);
    assert_eq!(
        mine.phase,
        PhaseView::Holding {
            kind: Some(TileKind::Curve)
        }
    );
    assert_eq!(theirs.phase, PhaseView::Holding { kind: None });
    assert_eq!(theirs.pool, tiles(64, 80, 20));
    assert!(mine.to_string().contains("you drew a curve"));
    assert!(theirs.to_string().contains("seat 0 holds a drawn tile"));
}

#[test]
fn a_declined_tile_kind_stays_hidden_from_the_others() {
    let declined = |kind: &str| {
        let mut state = game("size=7");
        play(&mut state, &format!("draw; draw {kind}; decline"));
        state
    };
    let (straight, cat) = (declined("straight"), declined("cat"));
    assert_eq!(straight.observation(1), cat.observation(1));
    assert_eq!(straight.observation(0), cat.observation(0));
}

#[test]
fn determinizing_a_held_tile_follows_from_what_the_others_can_deduce() {
    // Seat 0's open end is off the board: a road tile would have gone back, so it holds a cat.
    let mut state = game("size=7");
    play(
        &mut state,
        "draw; draw curve; left b1; pass; draw; draw cat",
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
    let mut open = game("size=7");
    play(&mut open, "draw; draw straight");
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

// ---------------------------------------------------------------- conservation

#[test]
fn conservation_breaks_are_reported() {
    let mut state = game("size=7");
    play(
        &mut state,
        "draw; draw curve; right b1; pass; draw; draw cat; cat e5",
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
    let state = game("");
    let observation = state.observation(0);
    assert_eq!(observation.paths[0].corner, square("a1"));
    let board = observation.render_board();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(
        lines[0].trim(),
        "a   b   c   d   e   f   g   h   i   j   k   l   m"
    );
    assert!(lines[1].starts_with("  1 [0]"));
    assert!(lines[25].starts_with(" 13 [ ]"));
    assert!(lines[25].ends_with("[1]"));
    // The cheese g7 on row 7 (line 13), column g.
    assert_eq!(lines[13].find('@'), lines[0].find('g'));
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
    let mut state = game("size=7");
    for text in ["place b1", "cat c3", "decline", "back", "shoo", "draw cat"] {
        assert!(!accepts(&state, text), "{text}");
    }
    play(&mut state, "draw");
    for text in ["draw", "pass", "place b1"] {
        assert!(!accepts(&state, text), "{text}");
    }
    play(&mut state, "draw straight");
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
        let config = config(options);
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
    let mut state = game("size=7");
    play(&mut state, "draw; draw straight");
    assert_eq!(
        note(&state, "place b1").as_deref(),
        Some("straight on b1, heading east, open end c1")
    );
    assert_eq!(note(&state, "cat c1"), None, "not legal here");
    play(&mut state, "place b1; pass; draw; draw curve");
    assert_eq!(
        note(&state, "left").as_deref(),
        Some("curve left on c1, heading north, open end off the board")
    );
    play(&mut state, "left; pass; draw");
    assert_eq!(
        note(&state, "draw straight").as_deref(),
        Some("cannot be laid: back to the bag")
    );
    let state = cat_on_seat_zero_open_end();
    let mut drawing = state.clone();
    play(&mut drawing, "draw");
    assert_eq!(
        note(&drawing, "draw curve").as_deref(),
        Some("a cat blocks the open end: back to the bag, draw again")
    );
    assert_eq!(
        note(&state, "back").as_deref(),
        Some("tile on b1 back to the bag")
    );
    let mut lone = game("size=7,tiles=0/1/0");
    play(&mut lone, "draw; draw curve");
    assert_eq!(
        note(&lone, "left b1").as_deref(),
        Some("curve left on b1, heading north, open end off the board; seat 1 can only pass")
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
    assert_eq!(game.info().name, "mouse-race");
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
