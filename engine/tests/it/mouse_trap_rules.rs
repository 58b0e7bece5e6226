//! One test per rule and ruling of `shared/spec/mouse-trap.md`. Positions are reached by
//! scripting events (chance outcomes are ordinary actions), starting from the initial state or
//! from `MouseTrap::with_position` when a situation would take long to reach by play.

use mousehole_engine::games::mouse_trap::board::{BOARD, Space};
use mousehole_engine::games::mouse_trap::{
    MouseTrap, MouseTrapAction, MouseTrapConfig, MouseTrapObservation, Phase, Reliability,
};
use mousehole_engine::playout::random_match;
use mousehole_engine::rng::chance_rng;
use mousehole_engine::testing::{self, play};
use mousehole_engine::{Actor, Game, GameConfig, OptionError, Options, ToMove};

fn config(options: &str) -> MouseTrapConfig {
    testing::config::<MouseTrap>(options)
}

fn config_error(options: &str) -> OptionError {
    Options::parse(MouseTrapConfig::description(), options)
        .unwrap()
        .into_config::<MouseTrapConfig>()
        .unwrap_err()
}

/// A position: whose turn, where each mouse stands, what each holds, parts built.
fn at(options: &str, turn: usize, positions: &[u8], cheese: &[u8], built: u8) -> MouseTrap {
    MouseTrap::with_position(&config(options), turn, positions, cheese, built)
}

fn legal(state: &MouseTrap) -> Vec<String> {
    state.legal_texts()
}

fn cheese(state: &MouseTrap) -> Vec<u8> {
    (0..state.num_players()).map(|s| state.cheese(s)).collect()
}

fn positions(state: &MouseTrap) -> Vec<u8> {
    (0..state.num_players())
        .map(|s| state.position(s))
        .collect()
}

/// It is `seat`'s turn to roll.
fn assert_rolls_next(state: &MouseTrap, seat: usize) {
    assert_eq!(state.phase(), Phase::Roll);
    assert_eq!(state.turn(), seat);
    assert_eq!(state.to_move(), ToMove::Chance);
}

// ---- Components and board ----

#[test]
fn board_is_the_spec_table() {
    let spec = [
        "Start",
        "Take 1 cheese",
        "Build 2-3-4",
        "Lose 1 cheese",
        "Build 2",
        "Move ahead 3",
        "Take 2 cheese",
        "Build 2-3",
        "Dog bone",
        "Build 2-3-4",
        "Go back 2",
        "Take 1 cheese",
        "Build 2",
        "Lose 2 cheese",
        "Build 2-3",
        "Take 3 from rival with most",
        "Build 2-3-4",
        "Move ahead 2",
        "Build 2",
        "Take 2 cheese",
        "Dog bone",
        "Build 2-3",
        "Go back 3",
        "Build 2-3-4",
        "Take 1 cheese",
        "Build 2",
        "Lose 1 cheese",
        "Build 2-3",
        "Move ahead 1",
        "Build 2-3-4",
        "Take 2 cheese",
        "Build 2",
        "Dog bone",
        "Build 2-3",
        "Go back 2",
        "Build 2-3-4",
        "Take 3 from rival with most",
        "Build 2",
        "Lose 2 cheese",
        "Build 2-3",
        "Take 1 cheese",
        "Build 2-3-4",
        "Dog bone",
        "Take 2 cheese",
        "Safe",
        "Build 2-3-4",
        "Take 1 cheese",
        "Turn Crank",
        "Build 2-3-4",
        "Cheese Wheel",
    ];
    let board: Vec<String> = BOARD.iter().map(ToString::to_string).collect();
    assert_eq!(board, spec);
}

#[test]
fn setup_all_mice_on_start_full_pile_nothing_built_seat_0_rolls() {
    let state = MouseTrap::new(&config("players=4"));
    assert_eq!(positions(&state), [0, 0, 0, 0]);
    assert_eq!(cheese(&state), [0, 0, 0, 0]);
    assert_eq!(state.pile(), 52);
    assert_eq!(state.built(), 0);
    assert_rolls_next(&state, 0);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let rolls: Vec<(String, u32)> = outcomes.iter().map(|(a, w)| (a.to_string(), *w)).collect();
    assert_eq!(
        rolls,
        (1..=6)
            .map(|n| (format!("roll {n}"), 1))
            .collect::<Vec<_>>()
    );
}

#[test]
fn play_goes_clockwise_and_mice_share_spaces() {
    let mut state = MouseTrap::new(&config("players=3"));
    play(&mut state, &["roll 6", "roll 6", "roll 6"]);
    // Space 6 is Take 2 cheese: all three mice stand there, each took 2.
    assert_eq!(positions(&state), [6, 6, 6]);
    assert_eq!(cheese(&state), [2, 2, 2]);
    assert_rolls_next(&state, 0);
    assert_eq!(state.turns_played(), 3);
}

// ---- Movement ----

#[test]
fn moving_forward_enters_the_loop_and_49_wraps_to_44() {
    // Seat 0 from 41 into the Loop at 47 (trap incomplete: nothing happens there).
    let mut state = at("players=2", 0, &[41, 47], &[0, 0], 0);
    play(&mut state, &["roll 6"]);
    assert_eq!(state.position(0), 47);
    // Seat 1 from 47: 48, 49, then 44 again.
    play(&mut state, &["roll 3"]);
    assert_eq!(state.position(1), 44);
    let mut state = at("players=2", 0, &[49, 0], &[0, 0], 0);
    play(&mut state, &["roll 1"]);
    assert_eq!(state.position(0), 44);
    let mut state = at("players=2", 0, &[46, 0], &[0, 0], 0);
    play(&mut state, &["roll 6"]);
    assert_eq!(state.position(0), 46, "a full lap of the Loop");
}

#[test]
fn move_ahead_moves_exactly_n_and_ignores_the_space_reached() {
    // 17 Move ahead 2 → 19 Take 2 cheese: nothing taken.
    let mut state = at("players=2", 0, &[14, 0], &[0, 0], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(state.position(0), 19);
    assert_eq!(state.cheese(0), 0);
    assert_eq!(state.pile(), 52);
    // 28 Move ahead 1 → 29 Build 2-3-4: nothing built.
    let mut state = at("players=2", 0, &[27, 0], &[0, 0], 0);
    play(&mut state, &["roll 1"]);
    assert_eq!(
        (state.position(0), state.built(), state.cheese(0)),
        (29, 0, 0)
    );
    // 5 Move ahead 3 → 8.
    let mut state = at("players=2", 0, &[0, 0], &[0, 0], 0);
    play(&mut state, &["roll 5"]);
    assert_eq!(state.position(0), 8);
    assert_rolls_next(&state, 1);
}

#[test]
fn go_back_moves_exactly_n_and_ignores_the_space_reached() {
    // 22 Go back 3 → 19 Take 2 cheese: nothing taken.
    let mut state = at("players=2", 0, &[18, 0], &[0, 0], 0);
    play(&mut state, &["roll 4"]);
    assert_eq!((state.position(0), state.cheese(0)), (19, 0));
    // 10 Go back 2 → 8; 34 Go back 2 → 32.
    let mut state = at("players=2", 0, &[4, 30], &[0, 0], 0);
    play(&mut state, &["roll 6", "roll 4"]);
    assert_eq!(positions(&state), [8, 32]);
}

#[test]
fn dog_bone_start_and_safe_do_nothing() {
    let mut state = at("players=2", 0, &[6, 41], &[1, 1], 3);
    play(&mut state, &["roll 2", "roll 3"]);
    assert_eq!(positions(&state), [8, 44]);
    assert_eq!(cheese(&state), [1, 1]);
    assert_eq!((state.pile(), state.built()), (50, 3));
    assert_rolls_next(&state, 0);
    assert_eq!(BOARD[0], Space::Start);
}

// ---- Build spaces ----

#[test]
fn build_spaces_count_by_player_number() {
    // Space 4 is Build 2: two players build there, three do not.
    let mut two = at("players=2", 0, &[2, 0], &[0, 0], 0);
    play(&mut two, &["roll 2"]);
    assert_eq!((two.built(), two.cheese(0), two.pile()), (1, 1, 51));
    let mut three = at("players=3", 0, &[2, 0, 0], &[0, 0, 0], 0);
    play(&mut three, &["roll 2"]);
    assert_eq!((three.built(), three.cheese(0)), (0, 0));
    // Space 7 is Build 2-3: three players build there, four do not.
    let mut three = at("players=3", 0, &[3, 0, 0], &[0, 0, 0], 0);
    play(&mut three, &["roll 4"]);
    assert_eq!((three.built(), three.cheese(0)), (1, 1));
    let mut four = at("players=4", 0, &[3, 0, 0, 0], &[0, 0, 0, 0], 0);
    play(&mut four, &["roll 4"]);
    assert_eq!((four.built(), four.cheese(0)), (0, 0));
    // Space 9 is Build 2-3-4: everyone builds there.
    let mut four = at("players=4", 0, &[8, 0, 0, 0], &[0, 0, 0, 0], 4);
    play(&mut four, &["roll 1"]);
    assert_eq!((four.built(), four.cheese(0)), (5, 1));
}

#[test]
fn build_in_the_loop_adds_two_parts_and_takes_two_cheese() {
    let mut state = at("players=3", 0, &[43, 0, 0], &[0, 0, 0], 10);
    play(&mut state, &["roll 2"]);
    assert_eq!(state.position(0), 45);
    assert_eq!((state.built(), state.cheese(0), state.pile()), (12, 2, 50));
}

#[test]
fn build_in_the_loop_with_one_part_missing_adds_one_part_and_one_cheese() {
    let mut state = at("players=3", 0, &[46, 0, 0], &[0, 0, 0], 24);
    play(&mut state, &["roll 2"]);
    assert_eq!(state.position(0), 48);
    assert_eq!((state.built(), state.cheese(0), state.pile()), (25, 1, 51));
}

#[test]
fn ruling_build_cheese_comes_from_the_pile_only() {
    // The pile holds 1: the Loop build adds two parts, takes the one piece, robs no one.
    let mut state = at("players=3", 0, &[43, 0, 0], &[0, 26, 25], 3);
    play(&mut state, &["roll 2"]);
    assert_eq!(state.built(), 5);
    assert_eq!(cheese(&state), [1, 26, 25]);
    assert_eq!(state.pile(), 0);
    assert_rolls_next(&state, 1);
    // An empty pile: the part is still built, with no cheese.
    let mut state = at("players=3", 0, &[1, 0, 0], &[0, 30, 22], 3);
    play(&mut state, &["roll 1"]);
    assert_eq!(state.built(), 4);
    assert_eq!(cheese(&state), [0, 30, 22]);
    assert_rolls_next(&state, 1);
}

#[test]
fn build_does_nothing_once_the_trap_is_complete() {
    let mut state = at("players=2", 0, &[43, 1], &[0, 0], 25);
    play(&mut state, &["roll 2", "roll 1"]);
    assert_eq!((state.built(), state.pile()), (25, 52));
    assert_eq!(cheese(&state), [0, 0]);
}

#[test]
fn trap_parts_option_sets_the_size_of_the_trap() {
    // A one-part trap is complete after the first build, even in the Loop.
    let mut state = at("players=2,trap_parts=1", 0, &[43, 0], &[0, 0], 0);
    play(&mut state, &["roll 2"]);
    assert_eq!((state.built(), state.cheese(0)), (1, 1));
}

// ---- Take, lose and taking from the richest ----

#[test]
fn take_n_cheese_from_the_pile() {
    let mut state = at("players=2", 0, &[0, 0], &[0, 0], 0);
    play(&mut state, &["roll 1", "roll 6"]);
    assert_eq!(cheese(&state), [1, 2]);
    assert_eq!(state.pile(), 49);
}

#[test]
fn ruling_take_n_with_a_short_pile_takes_the_rest_from_the_richest() {
    // Pile 1, Take 2: one from the pile, one from seat 1 (the richest), without a decision.
    let mut state = at("players=3", 0, &[4, 0, 0], &[0, 26, 25], 0);
    play(&mut state, &["roll 2"]);
    assert_eq!(cheese(&state), [2, 25, 25]);
    assert_eq!(state.pile(), 0);
    assert_rolls_next(&state, 1);
}

#[test]
fn taking_from_tied_richest_asks_for_each_piece() {
    // Empty pile, Take 2; seats 1 and 2 tied for the most: the taker names each victim.
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    play(&mut state, &["roll 2"]);
    assert_eq!(
        state.phase(),
        Phase::Rob {
            remaining: 2,
            eligible: 0b0110
        }
    );
    assert_eq!(state.to_move(), ToMove::Player(0));
    assert_eq!(legal(&state), ["rob 1", "rob 2"]);
    // All from one…
    play(&mut state, &["rob 1"]);
    assert_eq!(legal(&state), ["rob 1", "rob 2"]);
    play(&mut state, &["rob 1"]);
    assert_eq!(cheese(&state), [2, 18, 20, 12]);
    assert_rolls_next(&state, 1);
    // …or split.
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    play(&mut state, &["roll 2", "rob 2", "rob 1"]);
    assert_eq!(cheese(&state), [2, 19, 19, 12]);
}

#[test]
fn taking_from_the_richest_eligible_opponents_are_fixed_when_the_space_is_resolved() {
    // Take 3 from rival with most: seats 1 and 2 hold 3 each, seat 3 holds 2.
    let mut state = at("players=4", 0, &[12, 0, 0, 0], &[0, 3, 3, 2], 0);
    play(&mut state, &["roll 3", "rob 1"]);
    // Seat 1 now holds 2, like seat 3, but only seats 1 and 2 were eligible.
    assert_eq!(cheese(&state), [1, 2, 3, 2]);
    assert_eq!(legal(&state), ["rob 1", "rob 2"]);
    play(&mut state, &["rob 1", "rob 2"]);
    assert_eq!(cheese(&state), [3, 1, 2, 2]);
    assert_eq!(state.pile(), 44, "Take 3 from rival never touches the pile");
    assert_rolls_next(&state, 1);
}

#[test]
fn ruling_forced_rob_once_one_eligible_opponent_holds_cheese_the_rest_comes_from_him() {
    // Seats 1 and 2 tied at 1: after robbing seat 1, seat 2 is the only one left holding
    // cheese; the next piece comes from him automatically and the third piece is not there.
    let mut state = at("players=3", 0, &[12, 0, 0], &[0, 1, 1], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(legal(&state), ["rob 1", "rob 2"]);
    play(&mut state, &["rob 1"]);
    assert_eq!(cheese(&state), [2, 0, 0]);
    assert_rolls_next(&state, 1);
}

#[test]
fn take_3_from_rival_with_most_even_if_the_pile_is_not_empty() {
    let mut state = at("players=3", 0, &[12, 0, 0], &[0, 5, 4], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(cheese(&state), [3, 2, 4]);
    assert_eq!(state.pile(), 43);
    assert_rolls_next(&state, 1);
}

#[test]
fn take_3_from_rival_with_most_takes_what_they_hold_if_fewer() {
    let mut state = at("players=2", 0, &[33, 0], &[0, 2], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(state.position(0), 36);
    assert_eq!(cheese(&state), [2, 0]);
    assert_eq!(state.pile(), 50);
}

#[test]
fn the_taker_is_never_among_the_richest_opponents() {
    // Seat 0 ties seat 1 for the most, but only opponents are robbed.
    let mut state = at("players=3", 0, &[12, 0, 0], &[10, 10, 5], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(cheese(&state), [13, 7, 5]);
}

#[test]
fn taking_with_an_empty_pile_and_no_opponent_cheese_takes_nothing() {
    let mut state = at("players=3", 0, &[4, 0, 0], &[52, 0, 0], 0);
    play(&mut state, &["roll 2"]);
    assert_eq!(cheese(&state), [52, 0, 0]);
    assert_rolls_next(&state, 1);
}

#[test]
fn cheese_wheel_takes_two_as_take_n() {
    let mut state = at("players=2", 0, &[43, 0], &[0, 0], 0);
    play(&mut state, &["roll 6"]);
    assert_eq!(state.position(0), 49);
    assert_eq!((state.cheese(0), state.pile()), (2, 50));
    // With a short pile the rest comes from the richest.
    let mut state = at("players=2", 0, &[43, 0], &[0, 51], 0);
    play(&mut state, &["roll 6"]);
    assert_eq!(cheese(&state), [2, 50]);
    assert_eq!(state.pile(), 0);
}

#[test]
fn lose_n_returns_n_or_all_you_have() {
    let mut state = at("players=2", 0, &[2, 11], &[3, 1], 0);
    play(&mut state, &["roll 1", "roll 2"]);
    // Seat 0 on Lose 1 cheese, seat 1 on Lose 2 cheese holding only 1.
    assert_eq!(positions(&state), [3, 13]);
    assert_eq!(cheese(&state), [2, 0]);
    assert_eq!(state.pile(), 50);
}

// ---- Springing the trap ----

#[test]
fn turn_crank_does_nothing_while_the_trap_is_incomplete() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[5, 0, 0], 24);
    play(&mut state, &["roll 4"]);
    assert_eq!(state.position(0), 47);
    assert_rolls_next(&state, 1);
}

#[test]
fn trap_choice_offers_move_for_each_opponent_and_crank_when_one_is_on_the_wheel() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[2, 0, 0], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(state.phase(), Phase::Trap);
    assert_eq!(state.to_move(), ToMove::Player(0));
    // A mouse on the Wheel may still be moved, and stop is not open: the crank is compulsory.
    assert_eq!(legal(&state), ["move 1", "move 2", "crank"]);
}

#[test]
fn stop_is_open_only_when_no_opponent_is_on_the_wheel() {
    let mut state = at("players=3", 0, &[43, 45, 10], &[2, 0, 0], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(legal(&state), ["move 1", "move 2", "stop"]);
    play(&mut state, &["stop"]);
    assert_rolls_next(&state, 1);
    assert_eq!(cheese(&state), [2, 0, 0]);
}

#[test]
fn move_p_pays_one_cheese_rolls_and_the_moved_mouse_ignores_its_destination() {
    // Seat 2 stands on the path at 4; moved 2 it reaches 6, Take 2 cheese, and takes nothing.
    let mut state = at("players=3", 0, &[43, 45, 4], &[2, 0, 0], 25);
    play(&mut state, &["roll 4", "move 2"]);
    assert_eq!(state.phase(), Phase::MoveRoll { target: 2 });
    assert_eq!(state.to_move(), ToMove::Chance);
    assert_eq!((state.cheese(0), state.pile()), (1, 51));
    play(&mut state, &["roll 2"]);
    assert_eq!(state.position(2), 6);
    assert_eq!(cheese(&state), [1, 0, 0]);
    // Then the turn owner chooses again.
    assert_eq!(state.phase(), Phase::Trap);
    assert_eq!(legal(&state), ["move 1", "move 2", "stop"]);
    // Moved onto the Cheese Wheel, a mouse takes no cheese either, and the crank is due.
    play(&mut state, &["move 1", "roll 4"]);
    assert_eq!(state.position(1), 49);
    assert_eq!(cheese(&state), [0, 0, 0]);
    assert_eq!(state.pile(), 52);
    // Seat 0 has paid its last cheese: the lone crank is turned without a decision.
    assert_eq!(state.phase(), Phase::Crank);
}

#[test]
fn moved_mice_do_not_build_or_move_again_on_their_destination() {
    let mut state = at("players=2,trap_parts=1", 0, &[43, 3], &[3, 0], 1);
    play(&mut state, &["roll 4", "move 1", "roll 2"]);
    // 5 is Move ahead 3: the moved mouse stays on 5.
    assert_eq!(state.position(1), 5);
    play(&mut state, &["move 1", "roll 4"]);
    // 9 is Build 2-3-4: nothing is built and no cheese taken.
    assert_eq!(state.position(1), 9);
    assert_eq!(cheese(&state), [1, 0]);
}

#[test]
fn move_p_is_possible_only_while_you_hold_cheese() {
    let mut state = at("players=3", 0, &[43, 45, 10], &[1, 0, 0], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(legal(&state), ["move 1", "move 2", "stop"]);
    play(&mut state, &["move 1", "roll 1"]);
    // Seat 1 moved to 46; seat 0 holds nothing now, none on the Wheel: the lone stop ends
    // the turn unrecorded.
    assert_eq!(state.position(1), 46);
    assert_rolls_next(&state, 1);
}

#[test]
fn a_mouse_on_safe_cannot_be_moved_by_opponents() {
    let mut state = at("players=3", 0, &[43, 44, 10], &[3, 0, 0], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(legal(&state), ["move 2", "stop"]);
    let before = state.clone();
    assert!(state.apply(MouseTrapAction::Move(1)).is_err());
    assert_eq!(state, before);
}

#[test]
fn a_mouse_leaves_safe_by_its_own_roll() {
    let mut state = at("players=2", 1, &[10, 44], &[0, 0], 0);
    play(&mut state, &["roll 3"]);
    assert_eq!(state.position(1), 47);
}

#[test]
fn ruling_forced_stop_when_no_opponent_can_be_moved_the_turn_just_ends() {
    // Seat 0 holds cheese but the only opponent is on Safe, and no one is on the Wheel.
    let mut state = at("players=2", 0, &[43, 44], &[4, 0], 25);
    play(&mut state, &["roll 4"]);
    assert_rolls_next(&state, 1);
    assert_eq!(cheese(&state), [4, 0]);
    // Seat 0 holds no cheese and no one is on the Wheel.
    let mut state = at("players=3", 0, &[43, 10, 46], &[0, 3, 3], 25);
    play(&mut state, &["roll 4"]);
    assert_rolls_next(&state, 1);
}

#[test]
fn ruling_forced_crank_is_turned_without_a_decision() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[0, 3, 3], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(state.phase(), Phase::Crank);
    assert_eq!(state.to_move(), ToMove::Chance);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert_eq!(
        outcomes,
        [(MouseTrapAction::Works, 5), (MouseTrapAction::Fails, 1)]
    );
}

#[test]
fn springing_the_trap_needs_your_own_move_to_end_on_turn_crank() {
    // Seat 0 moves seat 1 onto Turn Crank; on seat 1's turn it simply rolls on.
    let mut state = at("players=2", 0, &[43, 45], &[1, 5], 25);
    play(&mut state, &["roll 4", "move 1", "roll 2"]);
    assert_eq!(state.position(1), 47);
    assert_rolls_next(&state, 1);
    play(&mut state, &["roll 1"]);
    assert_eq!(state.position(1), 48);
    assert_rolls_next(&state, 0);
}

#[test]
fn crank_works_captures_every_opponent_on_the_wheel_and_hands_over_their_cheese() {
    let mut state = at("players=4", 0, &[43, 49, 49, 10], &[1, 5, 7, 2], 25);
    play(&mut state, &["roll 4", "crank", "works"]);
    assert!(state.is_captured(1) && state.is_captured(2));
    assert!(!state.is_captured(3));
    assert_eq!(cheese(&state), [13, 0, 0, 2]);
    // Play goes on with the mice left; captured seats are skipped and can't be moved.
    assert_rolls_next(&state, 3);
    play(&mut state, &["roll 1"]);
    assert_rolls_next(&state, 0);
    play(&mut state, &["roll 6"]);
    assert_eq!(state.position(0), 47);
    assert_eq!(legal(&state), ["move 3", "stop"]);
}

#[test]
fn crank_fails_sends_the_mice_on_the_wheel_to_safe() {
    let mut state = at("players=3", 0, &[43, 49, 49], &[1, 5, 7], 25);
    play(&mut state, &["roll 4", "crank", "fails"]);
    assert_eq!(positions(&state), [47, 44, 44]);
    assert_eq!(cheese(&state), [1, 5, 7]);
    assert!(!state.is_captured(1) && !state.is_captured(2));
    assert_rolls_next(&state, 1);
}

#[test]
fn trap_reliability_gives_the_crank_weights_and_never_lists_an_impossible_outcome() {
    let outcomes = |options: &str| {
        let mut state = at(options, 0, &[43, 49], &[0, 1], 25);
        play(&mut state, &["roll 4"]);
        let mut out = Vec::new();
        state.chance_outcomes(&mut out);
        (state, out)
    };
    let (_, out) = outcomes("players=2,trap_reliability=0.9");
    assert_eq!(
        out,
        [(MouseTrapAction::Works, 9), (MouseTrapAction::Fails, 1)]
    );
    let (mut always, out) = outcomes("players=2,trap_reliability=1");
    assert_eq!(out, [(MouseTrapAction::Works, 1)]);
    assert!(always.apply(MouseTrapAction::Fails).is_err());
    let (mut never, out) = outcomes("players=2,trap_reliability=0");
    assert_eq!(out, [(MouseTrapAction::Fails, 1)]);
    assert!(never.apply(MouseTrapAction::Works).is_err());
}

// ---- End of the game ----

#[test]
fn the_last_mouse_in_play_wins_and_captured_mice_rank_in_reverse_order_of_capture() {
    let mut state = at("players=4", 0, &[43, 49, 43, 20], &[0, 4, 3, 2], 25);
    // Turn 1: seat 0 reaches Turn Crank without cheese: the crank is turned; seat 1 caught.
    play(&mut state, &["roll 4", "works"]);
    assert!(state.is_captured(1));
    assert!(state.outcome().is_none());
    // Turns 2 and 3: seat 2 to the Cheese Wheel (takes 2), seat 3 to 21.
    play(&mut state, &["roll 6", "roll 1"]);
    // Turn 4: seat 0 laps the Loop back to Turn Crank and catches seat 2.
    play(&mut state, &["roll 6"]);
    assert_eq!(legal(&state), ["move 2", "move 3", "crank"]);
    play(&mut state, &["crank", "works"]);
    assert!(state.is_captured(2));
    // Turn 5: seat 3 to 27. Turn 6: seat 0 pays to move seat 3 onto the Wheel and cranks.
    play(&mut state, &["roll 6", "roll 6"]);
    assert_eq!(legal(&state), ["move 3", "stop"]);
    play(
        &mut state,
        &[
            "move 3", "roll 6", "move 3", "roll 6", "move 3", "roll 6", "move 3", "roll 4",
        ],
    );
    assert_eq!(state.position(3), 49);
    play(&mut state, &["crank", "works"]);
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert!(!state.ended_by_safeguard());
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 4, 3, 2]);
    assert_eq!(outcome.returns, [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(outcome.scores, [52 - i64::from(state.pile()), 0, 0, 0]);
    assert_eq!(state.pile(), 52 - 11 + 4, "four moves paid into the pile");
}

#[test]
fn mice_captured_together_share_their_place() {
    let mut state = at("players=3", 0, &[43, 49, 49], &[0, 5, 7], 25);
    play(&mut state, &["roll 4", "works"]);
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 2, 2]);
    assert_eq!(outcome.scores, [12, 0, 0]);
    assert_eq!(outcome.returns, [1.0, 0.0, 0.0]);
}

#[test]
fn ruling_safeguard_ends_the_game_after_max_turns_and_ranks_by_cheese() {
    // Three turns, one per seat, each ending on a Dog bone.
    let mut state = at("players=3,max_turns=3", 0, &[7, 19, 31], &[5, 5, 2], 0);
    play(&mut state, &["roll 1", "roll 1"]);
    assert_eq!(state.turns_played(), 2);
    assert!(state.outcome().is_none());
    play(&mut state, &["roll 1"]);
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert!(state.ended_by_safeguard());
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 1, 3]);
    assert_eq!(outcome.scores, [5, 5, 2]);
    assert_eq!(outcome.returns, [0.5, 0.5, 0.0]);
}

#[test]
fn ruling_safeguard_ranks_mice_in_play_ahead_of_captured_ones() {
    // Seat 1 (holding nothing) is caught in turn 1; seat 2 rolls in turn 2 and the limit ends
    // the game. Seats 0 and 2 hold no cheese yet rank ahead of the captured seat.
    let mut state = at("players=3,max_turns=2", 0, &[43, 49, 7], &[0, 0, 0], 25);
    play(&mut state, &["roll 4", "works", "roll 1"]);
    assert!(state.ended_by_safeguard());
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, [1, 3, 1]);
    assert_eq!(outcome.returns, [0.5, 0.0, 0.5]);
}

#[test]
fn the_returns_searches_read_equal_the_outcomes_returns_at_every_ending() {
    let mut returns = vec![7.0];
    // Endings: the last capture, the safeguard with one winner, the safeguard with a shared win.
    let mut endings = [0u32; 3];
    for options in [
        "players=2",
        "players=3",
        "players=4",
        "players=2,trap_parts=2,max_turns=60",
        "players=3,trap_reliability=0,max_turns=40",
        "players=4,max_turns=30",
        "players=3,trap_parts=1,trap_reliability=1",
    ] {
        for seed in 0..300 {
            let played = random_match::<MouseTrap>(&config(options), seed);
            let state = played.state();
            state.returns_into(&mut returns);
            let outcome = state.outcome().unwrap();
            assert_eq!(returns, outcome.returns, "{options} seed {seed}");
            let shared = outcome.returns.iter().filter(|&&r| r > 0.0).count() > 1;
            endings[match (state.ended_by_safeguard(), shared) {
                (false, _) => 0,
                (true, false) => 1,
                (true, true) => 2,
            }] += 1;
        }
    }
    assert!(
        endings.iter().all(|&n| n > 0),
        "every ending was tried: {endings:?}"
    );
    // Before the end there are none.
    MouseTrap::new(&config("")).returns_into(&mut returns);
    assert!(returns.is_empty());
}

#[test]
fn a_turn_counts_once_whatever_happens_in_it() {
    let mut state = at("players=3", 0, &[43, 45, 10], &[3, 0, 0], 25);
    play(
        &mut state,
        &["roll 4", "move 1", "roll 1", "move 2", "roll 1"],
    );
    assert_eq!(state.turns_played(), 0);
    play(&mut state, &["stop"]);
    assert_eq!(state.turns_played(), 1);
}

// ---- Options ----

#[test]
fn options_have_the_spec_defaults() {
    let config = MouseTrapConfig::default();
    assert_eq!(config, self::config(""));
    assert_eq!(config.players(), 3);
    assert_eq!(config.trap_parts(), 25);
    assert_eq!(config.trap_reliability(), Reliability::new(5, 6).unwrap());
    assert_eq!(config.max_turns(), 1000);
    let options: Vec<(String, String)> = config.to_options().into_iter().collect();
    assert_eq!(
        options,
        [
            ("max_turns".to_owned(), "1000".to_owned()),
            ("players".to_owned(), "3".to_owned()),
            ("trap_parts".to_owned(), "25".to_owned()),
            ("trap_reliability".to_owned(), "5/6".to_owned()),
        ]
    );
    assert_eq!(
        MouseTrapConfig::with_players(4).unwrap(),
        self::config("players=4")
    );
}

#[test]
fn options_parse_and_round_trip() {
    let config = config("players=2,trap_parts=100,trap_reliability=0.75,max_turns=1");
    assert_eq!(config.players(), 2);
    assert_eq!(config.trap_parts(), 100);
    assert_eq!(config.trap_reliability().to_string(), "3/4");
    assert_eq!(config.max_turns(), 1);
    assert_eq!(self::config(&config.options_text()), config);
}

#[test]
fn bad_options_give_a_clear_error() {
    for (options, key) in [
        ("players=1", "players"),
        ("players=5", "players"),
        ("trap_parts=0", "trap_parts"),
        ("trap_parts=101", "trap_parts"),
        ("trap_reliability=7/6", "trap_reliability"),
        ("trap_reliability=1.5", "trap_reliability"),
        ("trap_reliability=often", "trap_reliability"),
        ("trap_reliability=1/0", "trap_reliability"),
        ("max_turns=0", "max_turns"),
        ("max_turns=-3", "max_turns"),
    ] {
        match config_error(options) {
            OptionError::Invalid {
                game,
                key: bad,
                expected,
                ..
            } => {
                assert_eq!((game, bad), ("mouse-trap", key), "{options}");
                assert!(!expected.is_empty());
            }
            other => panic!("{options}: {other:?}"),
        }
    }
    let message = config_error("trap_reliability=2").to_string();
    assert!(message.contains("fraction such as 5/6"), "{message}");
    assert!(matches!(
        config_error("dice=2"),
        OptionError::Unknown { key, .. } if key == "dice"
    ));
}

#[test]
fn the_game_is_registered_under_its_name() {
    let game =
        mousehole_engine::registry::build("mouse-trap:players=4,trap_reliability=1").unwrap();
    assert_eq!(game.players(), 4);
    assert_eq!(
        game.spec(),
        "mouse-trap:max_turns=1000,players=4,trap_parts=25,trap_reliability=1"
    );
    assert!(
        MouseTrapConfig::description()
            .rules
            .contains("Cheese Wheel")
    );
}

// ---- Text forms and illegal actions ----

#[test]
fn text_forms_print_and_parse() {
    let all = [
        (MouseTrapAction::Roll(1), "roll 1"),
        (MouseTrapAction::Roll(6), "roll 6"),
        (MouseTrapAction::Works, "works"),
        (MouseTrapAction::Fails, "fails"),
        (MouseTrapAction::Rob(3), "rob 3"),
        (MouseTrapAction::Move(0), "move 0"),
        (MouseTrapAction::Crank, "crank"),
        (MouseTrapAction::Stop, "stop"),
    ];
    for (action, text) in all {
        assert_eq!(action.to_string(), text);
        assert_eq!(text.parse::<MouseTrapAction>(), Ok(action));
        assert_eq!(
            serde_json::to_string(&action).unwrap(),
            format!("\"{text}\"")
        );
    }
    assert_eq!("  move   2 ".parse(), Ok(MouseTrapAction::Move(2)));
    for bad in [
        "",
        "roll",
        "roll 0",
        "roll 7",
        "rob",
        "rob 4",
        "move -1",
        "crank 1",
        "works now",
        "Stop",
        "build",
    ] {
        let error = bad.parse::<MouseTrapAction>().unwrap_err();
        assert_eq!(error.game, "mouse-trap");
        assert_eq!(error.input, bad);
        assert!(error.to_string().contains("rob P, move P"), "{error}");
    }
}

#[test]
fn illegal_actions_are_rejected_and_leave_the_state_unchanged() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[2, 0, 0], 25);
    for action in [
        MouseTrapAction::Rob(1),
        MouseTrapAction::Crank,
        MouseTrapAction::Works,
        MouseTrapAction::Move(1),
    ] {
        let before = state.clone();
        let error = state.apply(action).unwrap_err();
        assert!(error.legal.contains(&"roll 4".to_owned()));
        assert_eq!(state, before);
    }
    play(&mut state, &["roll 4"]);
    for action in [
        MouseTrapAction::Move(0),
        MouseTrapAction::Stop,
        MouseTrapAction::Roll(3),
        MouseTrapAction::Works,
        MouseTrapAction::Rob(2),
    ] {
        let before = state.clone();
        let error = state.apply(action).unwrap_err();
        assert_eq!(error.legal, ["move 1", "move 2", "crank"]);
        assert_eq!(state, before);
    }
    // A mouse not in the game (seat 3 of three) can't be moved or robbed.
    assert!(state.apply(MouseTrapAction::Move(3)).is_err());
    play(&mut state, &["crank", "works"]);
    let before = state.clone();
    assert!(state.apply(MouseTrapAction::Roll(1)).is_ok());
    assert_ne!(state, before);
}

#[test]
fn nothing_is_legal_once_the_game_is_over() {
    let mut state = at("players=2", 0, &[43, 49], &[0, 0], 25);
    play(&mut state, &["roll 4", "works"]);
    assert!(state.is_terminal());
    assert!(legal(&state).is_empty());
    assert!(state.apply(MouseTrapAction::Roll(1)).is_err());
}

// ---- Information and conservation ----

#[test]
fn everything_is_public() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[2, 4, 6], 25);
    play(&mut state, &["roll 4"]);
    let mut rng = chance_rng(9);
    for seat in 0..3 {
        let observation = state.observation(seat);
        assert_eq!(observation.seat, seat);
        let mice: Vec<(usize, u8, u8)> = observation
            .mice
            .iter()
            .map(|m| (m.seat, m.space, m.cheese))
            .collect();
        assert_eq!(mice, [(0, 47, 2), (1, 49, 4), (2, 10, 6)]);
        assert_eq!(MouseTrap::determinize(&observation, &mut rng), state);
        assert_eq!(state.resample_hidden(seat, &mut rng), state);
        let text = observation.to_string();
        assert!(text.contains("Turn Crank with the trap complete"), "{text}");
        assert!(
            text.contains("space 49 (Cheese Wheel, in The Loop), 4 cheese"),
            "{text}"
        );
    }
    let mut other = state.observation(1);
    other.seat = 0;
    assert_eq!(other, state.observation(0));
}

#[test]
fn conservation_is_checked() {
    let state = at("players=3", 0, &[43, 49, 10], &[2, 4, 6], 25);
    assert_eq!(state.check_invariants(), Ok(()));
    let mut json = serde_json::to_value(&state).unwrap();
    json["pile"] = serde_json::json!(41);
    let broken: MouseTrap = serde_json::from_value(json).unwrap();
    assert!(
        broken
            .check_invariants()
            .unwrap_err()
            .message()
            .contains("52")
    );
    let mut json = serde_json::to_value(&state).unwrap();
    json["built"] = serde_json::json!(26);
    let broken: MouseTrap = serde_json::from_value(json).unwrap();
    assert!(
        broken
            .check_invariants()
            .unwrap_err()
            .message()
            .contains("parts")
    );
}

#[test]
fn a_wrong_capture_count_is_caught() {
    let mut state = at("players=3", 0, &[43, 49, 10], &[0, 4, 6], 25);
    play(&mut state, &["roll 4", "works"]);
    assert_eq!(state.check_invariants(), Ok(()));
    let mut json = serde_json::to_value(&state).unwrap();
    json["captures"] = serde_json::json!(2);
    let broken: MouseTrap = serde_json::from_value(json).unwrap();
    let message = broken.check_invariants().unwrap_err().message().to_owned();
    assert!(message.contains("capture"), "{message}");
}

// ---- Event views ----

/// Every kind of event — the die for one's own move and for a moved mouse, `rob P`, `move P`,
/// `crank`, `stop`, `works`, `fails` — is seen by every seat as it is.
#[test]
fn every_seat_sees_every_kind_of_event_as_it_is() {
    let scripts: [(MouseTrap, &[&str]); 4] = [
        // Robbing between tied opponents.
        (
            at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0),
            &["roll 2", "rob 1", "rob 2"],
        ),
        // Paying to move, the moved mouse's die, the crank and its working.
        (
            at("players=3", 0, &[43, 45, 10], &[2, 0, 0], 25),
            &["roll 4", "move 1", "roll 4", "crank", "works"],
        ),
        // The crank failing.
        (
            at("players=3", 0, &[43, 49, 49], &[1, 5, 7], 25),
            &["roll 4", "crank", "fails"],
        ),
        // Stopping at Turn Crank.
        (
            at("players=3", 0, &[43, 45, 10], &[2, 0, 0], 25),
            &["roll 4", "stop"],
        ),
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for (mut state, events) in scripts {
        for event in events {
            let action = testing::action::<MouseTrap>(event);
            for seat in 0..state.num_players() {
                assert_eq!(
                    state.event_view(seat, &action),
                    action,
                    "{event}, seat {seat}"
                );
                assert_eq!(state.event_view(seat, &action).to_string(), *event);
            }
            kinds.insert(event.split(' ').next().unwrap().to_owned());
            state.apply(action).unwrap();
        }
    }
    let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
    assert_eq!(
        kinds,
        ["crank", "fails", "move", "rob", "roll", "stop", "works"]
    );
}

/// What the match runner records for each seat: every event as it is, with the note the full
/// transcript gives it (everything is public), the seat itself called `you`.
#[test]
fn recorded_seat_views_are_the_events_with_the_full_notes() {
    let config = config("players=3,trap_parts=5");
    let mut games = mousehole_engine::playout::RandomGames::<MouseTrap>::new(&config);
    games.record_views(true);
    for seed in 1..=20 {
        let game = games.play(seed);
        let mut state = MouseTrap::new(&config);
        for (index, event) in game.events().iter().enumerate() {
            let note = state.describe(&event.action);
            for seat in 0..3 {
                let seen = &game.seen(seat)[index];
                assert_eq!(seen.actor, event.actor, "seed {seed} event {index}");
                assert_eq!(seen.view, event.action, "seed {seed} event {index}");
                reads_alike(
                    seen.note.as_deref(),
                    note.as_deref(),
                    seat,
                    &format!("seed {seed} event {index}"),
                );
            }
            state.apply(event.action).unwrap();
        }
    }
}

// ---- Observations ----

#[test]
fn the_observation_shows_the_board_as_data() {
    let observation = MouseTrap::new(&config("players=3")).observation(0);
    let board = &observation.board;
    assert_eq!(board.spaces.len(), BOARD.len());
    for (number, space) in board.spaces.iter().enumerate() {
        assert_eq!(usize::from(space.space), number);
        assert_eq!(space.kind, BOARD[number]);
        assert_eq!(space.in_loop, number >= 44, "space {number}");
    }
    assert_eq!(
        (
            board.loop_start,
            board.loop_end,
            board.safe,
            board.turn_crank,
            board.cheese_wheel
        ),
        (44, 49, 44, 47, 49)
    );
    let json = serde_json::to_value(board).unwrap();
    let space = |n: usize| json["spaces"][n].to_string();
    assert_eq!(space(0), r#"{"in_loop":false,"kind":"start","space":0}"#);
    assert_eq!(
        space(2),
        r#"{"in_loop":false,"kind":"build","parts":1,"players":[2,3,4],"space":2}"#
    );
    assert_eq!(
        space(15),
        r#"{"cheese":3,"in_loop":false,"kind":"take_from_richest","space":15}"#
    );
    assert_eq!(
        space(22),
        r#"{"in_loop":false,"kind":"go_back","space":22,"steps":3}"#
    );
    assert_eq!(
        space(45),
        r#"{"in_loop":true,"kind":"build","parts":2,"players":[2,3,4],"space":45}"#
    );
    assert_eq!(
        space(49),
        r#"{"cheese":2,"in_loop":true,"kind":"cheese_wheel","space":49}"#
    );
}

#[test]
fn the_observation_states_who_decides_and_what_is_pending() {
    let json = |state: &MouseTrap| serde_json::to_value(state.observation(2)).unwrap();
    // The die: chance acts, nobody decides.
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    let seen = json(&state);
    assert_eq!(
        (seen["deciding"].clone(), seen["turn"].clone()),
        (serde_json::json!(null), serde_json::json!(0))
    );
    assert_eq!(seen["phase"], serde_json::json!({"kind": "roll"}));
    // Robbing: the turn owner decides; pieces left, who was eligible, who can be named.
    play(&mut state, &["roll 2"]);
    let seen = json(&state);
    assert_eq!(seen["deciding"], 0);
    assert_eq!(
        seen["phase"],
        serde_json::json!({"kind": "rob", "remaining": 2, "eligible": [1, 2], "victims": [1, 2]})
    );
    // Turn Crank: whom the owner may move, who is on the Wheel.
    let mut state = at("players=3", 0, &[43, 49, 44], &[2, 3, 4], 25);
    play(&mut state, &["roll 4"]);
    let seen = json(&state);
    assert_eq!(seen["deciding"], 0);
    assert_eq!(
        seen["phase"],
        serde_json::json!({"kind": "turn_crank", "movable": [1], "on_wheel": [1], "move_cost": 1})
    );
    // The die for a moved mouse: whose mouse.
    play(&mut state, &["move 1"]);
    let seen = json(&state);
    assert_eq!(seen["deciding"], serde_json::json!(null));
    assert_eq!(
        seen["phase"],
        serde_json::json!({"kind": "move_roll", "mouse": 1})
    );
    // The crank: who stands on the Wheel.
    play(&mut state, &["roll 6", "crank"]);
    let seen = json(&state);
    assert_eq!(
        seen["phase"],
        serde_json::json!({"kind": "crank", "on_wheel": [1]})
    );
    // The end: how, and who won; the captured mouse says which capture took it.
    play(&mut state, &["works"]);
    assert_eq!(state.turns_played(), 1);
    let mut state = at("players=2", 0, &[43, 49], &[0, 3], 25);
    play(&mut state, &["roll 4", "works"]);
    let seen = json(&state);
    assert_eq!(seen["deciding"], serde_json::json!(null));
    assert_eq!(
        seen["phase"],
        serde_json::json!({"kind": "over", "ended_by": "last_mouse", "winners": [0]})
    );
    assert_eq!(
        seen["mice"][1],
        serde_json::json!({"seat": 1, "space": 49, "cheese": 0, "in_play": false, "captured_in": 1})
    );
    assert_eq!(seen["mice"][0]["captured_in"], serde_json::json!(null));
    assert_eq!(
        seen["trap"],
        serde_json::json!({"built": 25, "needed": 25, "complete": true})
    );
    assert_eq!(
        (seen["pile"].clone(), seen["total_cheese"].clone()),
        (serde_json::json!(49), serde_json::json!(52))
    );
    // The turn limit.
    let mut state = at("players=3,max_turns=1", 0, &[7, 19, 31], &[5, 5, 2], 0);
    play(&mut state, &["roll 1"]);
    assert_eq!(
        json(&state)["phase"],
        serde_json::json!({"kind": "over", "ended_by": "turn_limit", "winners": [0, 1]})
    );
}

#[test]
fn the_observation_options_are_the_game_spec_forms() {
    let state = MouseTrap::new(&config("players=2,trap_reliability=0.75,trap_parts=9"));
    let seen = serde_json::to_value(state.observation(0)).unwrap();
    assert_eq!(
        seen["options"],
        serde_json::json!({"max_turns": "1000", "players": "2", "trap_parts": "9", "trap_reliability": "3/4"})
    );
    assert_eq!(seen["max_turns"], 1000);
    assert_eq!(seen["trap"]["needed"], 9);
}

#[test]
fn every_phase_round_trips_through_json_and_determinizes_to_the_state() {
    let mut rng = chance_rng(1);
    let check = |state: &MouseTrap, rng: &mut mousehole_engine::GameRng| {
        for seat in 0..state.num_players() {
            let observation = state.observation(seat);
            let json = serde_json::to_string(&observation).unwrap();
            let back: MouseTrapObservation = serde_json::from_str(&json).unwrap();
            assert_eq!(back, observation, "{json}");
            assert_eq!(&MouseTrap::determinize(&back, rng), state, "{json}");
        }
    };
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    check(&state, &mut rng);
    play(&mut state, &["roll 2"]);
    check(&state, &mut rng);
    let mut state = at("players=3", 0, &[43, 49, 44], &[2, 3, 4], 25);
    for event in ["roll 4", "move 1", "roll 6", "crank", "works"] {
        play(&mut state, &[event]);
        check(&state, &mut rng);
    }
    play(&mut state, &["roll 1", "roll 6"]);
    check(&state, &mut rng);
}

#[test]
fn a_hand_edited_observation_naming_absent_seats_does_not_crash() {
    let observation = MouseTrap::new(&config("players=2")).observation(0);
    let mut json = serde_json::to_value(&observation).unwrap();
    json["mice"][1]["seat"] = serde_json::json!(9);
    json["turn"] = serde_json::json!(7);
    let edited: MouseTrapObservation = serde_json::from_value(json).unwrap();
    let state = MouseTrap::determinize(&edited, &mut chance_rng(1));
    assert!(
        state.check_invariants().is_err(),
        "the nonsense is reported, not trusted"
    );
    let json = serde_json::json!({"seat": 0});
    let error = serde_json::from_value::<MouseTrapObservation>(json).unwrap_err();
    assert!(error.to_string().contains("missing field"), "{error}");
}

// ---- Notes and choice labels ----

/// Whether `text` names `seat` as `seat N` (also in lists: `seats 0, 1 and 3`, `seat 1 or 2`).
fn names_seat(text: &str, seat: usize) -> bool {
    text.split([';', ':', '(', ')'])
        .any(|part| names_seat_in(part, seat))
}

fn names_seat_in(text: &str, seat: usize) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut listing = false;
    for word in words {
        match word {
            "seat" | "seats" => listing = true,
            "and" | "or" if listing => {}
            number if listing && number.parse::<usize>().is_ok() => {
                if number.parse::<usize>() == Ok(seat) {
                    return true;
                }
            }
            _ => listing = false,
        }
    }
    false
}

/// Checks that seat `seat`'s note `seen` tells what the full transcript's note `full` tells,
/// the seat itself called `you`.
fn reads_alike(seen: Option<&str>, full: Option<&str>, seat: usize, context: &str) {
    assert_eq!(
        seen.is_some(),
        full.is_some(),
        "seat {seat}'s note on {context}"
    );
    let (Some(seen), Some(full)) = (seen, full) else {
        return;
    };
    assert!(
        !names_seat(seen, seat),
        "seat {seat} reads {seen:?} on {context}"
    );
    if names_seat(full, seat) {
        assert!(
            seen.contains("you"),
            "seat {seat} reads {seen:?} on {context}"
        );
    } else {
        assert_eq!(seen, full, "seat {seat}'s note on {context}");
    }
}

/// The note for `event` at `state` from the true state (a full transcript), which every
/// seat's note (from its observations) must tell alike, the seat itself called `you`.
fn note(state: &MouseTrap, event: &str) -> String {
    let action = testing::action::<MouseTrap>(event);
    let full = state.describe(&action);
    let mut after = state.clone();
    after.apply(action).unwrap();
    let actor = match state.to_move() {
        ToMove::Player(seat) => Actor::Seat(seat),
        _ => Actor::Chance,
    };
    for seat in 0..state.num_players() {
        let seen = MouseTrap::event_note(
            &state.observation(seat),
            actor,
            &state.event_view(seat, &action),
            &after.observation(seat),
        );
        reads_alike(seen.as_deref(), full.as_deref(), seat, event);
    }
    full.unwrap_or_else(|| panic!("no note on {event}"))
}

#[test]
fn notes_tell_moves_on_the_board_and_the_cheese_they_bring() {
    let state = MouseTrap::new(&config("players=3"));
    assert_eq!(
        note(&state, "roll 6"),
        "seat 0 to 6 Take 2 cheese; +2 cheese"
    );
    assert_eq!(
        note(&state, "roll 2"),
        "seat 0 to 2 Build 2-3-4; builds part 1 of 25; +1 cheese"
    );
    assert_eq!(
        note(&state, "roll 4"),
        "seat 0 to 4 Build 2; not a 3-player space"
    );
    assert_eq!(
        note(&state, "roll 5"),
        "seat 0 to 5 Move ahead 3; on to 8 Dog bone"
    );
    let state = at("players=3", 1, &[0, 30, 0], &[0, 4, 0], 0);
    assert_eq!(
        note(&state, "roll 4"),
        "seat 1 to 34 Go back 2; on to 32 Dog bone"
    );
    assert_eq!(
        note(&state, "roll 6"),
        "seat 1 to 36 Take 3 from rival with most; nothing to take"
    );
    assert_eq!(
        note(&state, "roll 3"),
        "seat 1 to 33 Build 2-3; builds part 1 of 25; +1 cheese"
    );
    assert_eq!(
        note(&state, "roll 1"),
        "seat 1 to 31 Build 2; not a 3-player space"
    );
    let state = at("players=3", 1, &[0, 10, 0], &[0, 1, 0], 0);
    assert_eq!(
        note(&state, "roll 3"),
        "seat 1 to 13 Lose 2 cheese; returns 1 cheese to the pile"
    );
    let state = at("players=3", 1, &[0, 10, 0], &[0, 0, 0], 0);
    assert_eq!(
        note(&state, "roll 3"),
        "seat 1 to 13 Lose 2 cheese; nothing to lose"
    );
    let state = at("players=3", 2, &[0, 0, 43], &[0, 0, 0], 24);
    assert_eq!(
        note(&state, "roll 2"),
        "seat 2 to 45 Build 2-3-4; builds part 25 of 25; trap complete; +1 cheese"
    );
    let state = at("players=3", 2, &[0, 0, 43], &[0, 0, 0], 3);
    assert_eq!(
        note(&state, "roll 2"),
        "seat 2 to 45 Build 2-3-4; builds parts 4-5 of 25; +2 cheese"
    );
    assert_eq!(
        note(&state, "roll 4"),
        "seat 2 to 47 Turn Crank; trap not complete"
    );
    assert_eq!(
        note(&state, "roll 6"),
        "seat 2 to 49 Cheese Wheel; +2 cheese"
    );
    let state = at("players=3", 0, &[43, 0, 0], &[0, 26, 25], 25);
    assert_eq!(
        note(&state, "roll 5"),
        "seat 0 to 48 Build 2-3-4; trap already complete"
    );
    let state = at("players=3", 0, &[43, 0, 0], &[0, 26, 25], 3);
    assert_eq!(
        note(&state, "roll 5"),
        "seat 0 to 48 Build 2-3-4; builds parts 4-5 of 25; only 1 cheese in the pile; +1 cheese"
    );
}

#[test]
fn notes_tell_robbing() {
    // A short pile: one piece from it, the other from the richest.
    let state = at("players=3", 0, &[4, 0, 0], &[0, 26, 25], 0);
    assert_eq!(
        note(&state, "roll 2"),
        "seat 0 to 6 Take 2 cheese; +1 cheese; the pile is empty; +1 cheese from seat 1"
    );
    // An empty pile and two tied opponents: the taker names each victim.
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    assert_eq!(
        note(&state, "roll 2"),
        "seat 0 to 6 Take 2 cheese; the pile is empty; 2 more to take from seat 1 or 2"
    );
    play(&mut state, &["roll 2"]);
    assert_eq!(
        note(&state, "rob 2"),
        "+1 cheese from seat 2; 1 more to take from seat 1 or 2"
    );
    play(&mut state, &["rob 2"]);
    assert_eq!(note(&state, "rob 1"), "+1 cheese from seat 1");
    // Take 3 from rival with most, the rest taken automatically from the one left holding.
    let mut state = at("players=3", 0, &[12, 0, 0], &[0, 1, 1], 0);
    assert_eq!(
        note(&state, "roll 3"),
        "seat 0 to 15 Take 3 from rival with most; 3 more to take from seat 1 or 2"
    );
    play(&mut state, &["roll 3"]);
    assert_eq!(
        note(&state, "rob 1"),
        "+1 cheese from seat 1; +1 cheese from seat 2"
    );
    let state = at("players=3", 0, &[12, 0, 0], &[0, 5, 4], 0);
    assert_eq!(
        note(&state, "roll 3"),
        "seat 0 to 15 Take 3 from rival with most; +3 cheese from seat 1"
    );
}

#[test]
fn notes_tell_the_turn_crank_choices_who_cranked_and_whom_it_caught() {
    let mut state = at("players=3", 0, &[43, 45, 10], &[2, 3, 4], 25);
    assert_eq!(
        note(&state, "roll 4"),
        "seat 0 to 47 Turn Crank; trap ready: seat 0 may pay to move seat 1 or 2, or stop"
    );
    play(&mut state, &["roll 4"]);
    assert_eq!(
        note(&state, "move 1"),
        "seat 0 pays 1 cheese to move seat 1's mouse"
    );
    assert_eq!(note(&state, "stop"), "seat 0 stops: turn ends");
    play(&mut state, &["move 1"]);
    assert_eq!(note(&state, "roll 4"), "seat 1's mouse to 49 Cheese Wheel");
    assert_eq!(note(&state, "roll 1"), "seat 1's mouse to 46 Take 1 cheese");
    play(&mut state, &["roll 4"]);
    assert_eq!(note(&state, "crank"), "seat 0 turns the crank on seat 1");
    play(&mut state, &["crank"]);
    assert_eq!(
        note(&state, "works"),
        "seat 0's trap works; seat 1 captured, hands over 3 cheese to seat 0"
    );
    assert_eq!(
        note(&state, "fails"),
        "seat 0's trap fails; seat 1 to 44 Safe"
    );
    // The last capture ends the game.
    let state = at("players=3", 0, &[43, 49, 49], &[0, 5, 7], 25);
    assert_eq!(
        note(&state, "roll 4"),
        "seat 0 to 47 Turn Crank; no cheese to pay: seat 0 turns the crank on seats 1 and 2"
    );
    let mut state = state;
    play(&mut state, &["roll 4"]);
    assert_eq!(
        note(&state, "works"),
        "seat 0's trap works; seat 1 captured, hands over 5 cheese to seat 0; \
         seat 2 captured, hands over 7 cheese to seat 0; game over: seat 0 wins"
    );
    // With a mouse on the Wheel the crank must be turned; a mouse on Safe can't be moved.
    let state = at("players=3", 0, &[43, 49, 44], &[3, 0, 0], 25);
    assert_eq!(
        note(&state, "roll 4"),
        "seat 0 to 47 Turn Crank; trap ready: seat 0 may pay to move seat 1 \
         before turning the crank on seat 1"
    );
    // Forced crank and forced stop, with their reasons.
    let state = at("players=2", 0, &[43, 44], &[3, 0], 25);
    assert_eq!(
        note(&state, "roll 4"),
        "seat 0 to 47 Turn Crank; no one on the Wheel, no mouse to move: turn ends"
    );
    let mut state = at("players=2", 0, &[43, 45], &[1, 0], 25);
    play(&mut state, &["roll 4", "move 1"]);
    assert_eq!(
        note(&state, "roll 1"),
        "seat 1's mouse to 46 Take 1 cheese; no one on the Wheel, no cheese to pay: turn ends"
    );
    assert_eq!(
        note(&state, "roll 4"),
        "seat 1's mouse to 49 Cheese Wheel; no cheese to pay: seat 0 turns the crank on seat 1"
    );
}

#[test]
fn notes_tell_the_end_at_the_turn_limit() {
    let state = at("players=3,max_turns=1", 0, &[7, 19, 31], &[5, 5, 2], 0);
    assert_eq!(
        note(&state, "roll 1"),
        "seat 0 to 8 Dog bone; game over at the turn limit (1 turn): seats 0 and 1 share the win with 5 cheese"
    );
    let state = at("players=3,max_turns=1", 0, &[0, 19, 31], &[5, 5, 2], 0);
    assert_eq!(
        note(&state, "roll 1"),
        "seat 0 to 1 Take 1 cheese; +1 cheese; game over at the turn limit (1 turn): seat 0 wins with 6 cheese"
    );
}

#[test]
fn illegal_events_have_no_note() {
    let state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    assert_eq!(state.describe(&MouseTrapAction::Rob(1)), None);
    assert_eq!(state.describe(&MouseTrapAction::Crank), None);
}

#[test]
fn choice_labels_say_what_each_choice_does() {
    let label = |state: &MouseTrap| -> Vec<String> {
        let ToMove::Player(seat) = state.to_move() else {
            panic!("nobody decides");
        };
        let observation = state.observation(seat);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        legal
            .iter()
            .map(|action| MouseTrap::choice_label(&observation, action))
            .collect()
    };
    let mut state = at("players=4", 0, &[4, 0, 0, 0], &[0, 20, 20, 12], 0);
    play(&mut state, &["roll 2"]);
    assert_eq!(
        label(&state),
        [
            "take the next piece from seat 1 (20 cheese)",
            "take the next piece from seat 2 (20 cheese)"
        ]
    );
    let mut state = at("players=3", 0, &[43, 45, 49], &[2, 3, 4], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(
        label(&state),
        [
            "pay 1 cheese to move seat 1's mouse from 45 Build 2-3-4 (a 4 puts it on the Cheese Wheel)",
            "pay 1 cheese to move seat 2's mouse from 49 Cheese Wheel (on the Cheese Wheel already)",
            "turn the crank: catches seat 2 with probability 5/6, else to Safe",
        ]
    );
    let mut state = at("players=3", 0, &[43, 10, 44], &[2, 3, 4], 25);
    play(&mut state, &["roll 4"]);
    assert_eq!(
        label(&state),
        [
            "pay 1 cheese to move seat 1's mouse from 10 Go back 2",
            "stop: nobody is on the Cheese Wheel; end the turn",
        ]
    );
}

// ---------------------------------------------------------------- many random games

/// Trap parts only grow, a captured mouse never moves again, and no decision is ever asked
/// with a single option (the forced-choice ruling), across every event of many random games.
#[test]
fn parts_only_grow_captured_mice_never_move_and_every_decision_is_a_real_choice() {
    for options in ["players=2", "players=3", "players=4,trap_parts=5"] {
        let config = config(options);
        for seed in 0..150 {
            let transcript =
                mousehole_engine::conformance::random_transcript::<MouseTrap>(&config, seed);
            let mut state = MouseTrap::new(&config);
            for event in &transcript.events {
                let action: MouseTrapAction = event.action.parse().unwrap();
                if state.to_move() != ToMove::Chance {
                    assert!(state.legal_texts().len() >= 2, "{options} seed {seed}");
                }
                let before = state.clone();
                state.apply(action).unwrap();
                assert!(state.built() >= before.built(), "{options} seed {seed}");
                for seat in 0..config.players() {
                    if before.is_captured(seat) {
                        assert!(state.is_captured(seat));
                        assert_eq!(state.position(seat), before.position(seat));
                        assert_eq!(state.cheese(seat), 0);
                    }
                }
            }
            assert!(state.is_terminal());
        }
    }
}

/// What `mousehole play mouse-trap --players 4 --games 200 --seed 1 --out t.jsonl` followed by
/// `mousehole replay t.jsonl` does, done through the engine: 200 four-player games written as
/// JSON lines, read back and replayed through the registry.
#[test]
fn two_hundred_four_player_games_replay_from_json_lines() {
    let config = config("players=4");
    let lines: String = (1..=200)
        .map(|seed| {
            mousehole_engine::conformance::random_transcript::<MouseTrap>(&config, seed)
                .to_json_line()
                + "\n"
        })
        .collect();
    let read = mousehole_engine::Transcript::from_json_lines(&lines);
    assert_eq!(read.len(), 200);
    for (line, transcript) in read {
        let transcript = transcript.unwrap_or_else(|e| panic!("line {line}: {e}"));
        let report = transcript
            .replay()
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(report.outcome.is_some(), "line {line} is unfinished");
    }
}
