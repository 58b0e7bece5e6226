//! One test per rule and ruling of `shared/spec/moose-house.md`, on positions built from
//! scripted events (the deal and every draw are ordinary chance actions) or from the test
//! constructor when a position lies deep in a game.

use mousehole_engine::games::moose_house::{
    Card, Cards, Content, House, MooseHouse, MooseHouseAction, MooseHouseConfig,
    MooseHouseObservation, ObservedPhase, ObservedRoom, PendingMoose, Phase, Room, RoomKind,
};
use mousehole_engine::rng::{sample_weighted, seat_rng};
use mousehole_engine::testing::{act, action, after, config};
use mousehole_engine::{Actor, Game, GameConfig, GameSpec, Options, ToMove, registry};

// ---------------------------------------------------------------------------------------------
// Helpers

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(texts: &[&str]) -> Cards {
    let mut cards = Cards::EMPTY;
    for text in texts {
        cards.add(card(text), 1);
    }
    cards
}

fn kind(word: &str) -> RoomKind {
    RoomKind::from_word(word).unwrap()
}

/// A house from `(kind, content)` rooms in placement order.
fn house(moose_in_house: bool, rooms: &[(&str, Content)]) -> House {
    let rooms: Vec<Room> = rooms
        .iter()
        .map(|&(k, content)| Room {
            kind: kind(k),
            content,
        })
        .collect();
    House::from_parts(moose_in_house, &rooms).unwrap()
}

const E: Content = Content::Empty;
const M: Content = Content::Moose;
const D: Content = Content::Door;

fn legal(state: &MooseHouse) -> Vec<String> {
    state.legal_texts()
}

/// A game after a scripted deal: `hands[seat]` are the four cards of each seat, dealt seat 0,
/// 1, … round by round.
fn dealt(options: &str, hands: &[[&str; 4]]) -> MooseHouse {
    let mut state = after::<MooseHouse>(options, &[]);
    for round in 0..4 {
        for hand in hands {
            act(&mut state, &format!("draw {}", hand[round]));
        }
    }
    state
}

/// A position at the start of `turn`'s turn with the draw pile used up: every card not in a
/// hand or house lies in the discard pile.
fn endgame(options: &str, turn: usize, hands: &[Cards], houses: &[House]) -> MooseHouse {
    let mut placed = Cards::EMPTY;
    for hand in hands {
        placed = placed.plus(hand);
    }
    for house in houses {
        placed = placed.plus(&house.cards());
    }
    let discard = Cards::deck().minus(&placed).unwrap();
    MooseHouse::test_position(&config::<MooseHouse>(options), turn, hands, houses, discard).unwrap()
}

/// A position at the start of `turn`'s turn with every unplaced card still in the draw pile.
fn midgame(options: &str, turn: usize, hands: &[Cards], houses: &[House]) -> MooseHouse {
    MooseHouse::test_position(
        &config::<MooseHouse>(options),
        turn,
        hands,
        houses,
        Cards::EMPTY,
    )
    .unwrap()
}

fn has(list: &[String], text: &str) -> bool {
    list.iter().any(|l| l == text)
}

// ---------------------------------------------------------------------------------------------
// Components and setup

#[test]
fn deck_has_58_cards_with_the_listed_counts() {
    let state = after::<MooseHouse>("players=3", &[]);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let weight = |text: &str| {
        outcomes
            .iter()
            .find(|(a, _)| a.to_string() == format!("draw {text}"))
            .map_or(0, |&(_, w)| w)
    };
    for k in ["kitchen", "living", "bedroom", "bathroom"] {
        assert_eq!(weight(&format!("room:{k}")), 5);
        assert_eq!(weight(&format!("moose:{k}")), 5);
    }
    assert_eq!(weight("house"), 10);
    assert_eq!(weight("door"), 5);
    assert_eq!(weight("trap"), 3);
    assert_eq!(outcomes.iter().map(|&(_, w)| w).sum::<u32>(), 58);
    assert_eq!(state.pile_size(), 58);
}

#[test]
fn deal_gives_four_cards_round_by_round_from_seat_0_and_seat_0_starts() {
    let mut state = after::<MooseHouse>("players=3", &[]);
    // The first card goes to seat 0, the second to seat 1, the fourth to seat 0 again.
    act(&mut state, "draw trap");
    assert_eq!(state.hand(0).count(Card::Trap), 1);
    act(&mut state, "draw door");
    assert_eq!(state.hand(1).count(Card::Door), 1);
    act(&mut state, "draw house");
    act(&mut state, "draw house");
    assert_eq!(state.hand(0).total(), 2);
    assert_eq!(state.hand(0).count(Card::House), 1);
    let state = dealt(
        "players=3",
        &[
            ["room:kitchen", "room:living", "door", "trap"],
            ["house", "house", "moose:kitchen", "moose:living"],
            ["room:bedroom", "room:bathroom", "door", "moose:bedroom"],
        ],
    );
    assert_eq!(state.to_move(), ToMove::Player(0));
    assert_eq!(state.phase(), Phase::Play);
    for seat in 0..3 {
        assert_eq!(state.hand(seat).total(), 4);
    }
    assert_eq!(
        state.hand(1),
        &cards(&["house", "house", "moose:kitchen", "moose:living"])
    );
    assert_eq!(state.pile_size(), 58 - 12);
}

#[test]
fn draws_are_weighted_by_the_cards_left_in_the_pile() {
    let mut state = after::<MooseHouse>("players=2", &[]);
    act(&mut state, "draw trap");
    act(&mut state, "draw trap");
    act(&mut state, "draw trap");
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert!(
        outcomes.iter().all(|(a, _)| a.to_string() != "draw trap"),
        "no trap is left, so it is never listed"
    );
    assert_eq!(outcomes.iter().map(|&(_, w)| w).sum::<u32>(), 55);
    let rejected = state.apply(action::<MooseHouse>("draw trap"));
    assert!(rejected.is_err());
}

/// The direct sampler draws from the pile's counts with no list built; it picks exactly what
/// the listed weights pick from the same random draw, so seeded games are the same either way.
#[test]
fn the_direct_draw_sampler_picks_what_the_listed_weights_pick() {
    let mut checked = 0;
    for seed in 0..20 {
        let record = mousehole_engine::playout::random_match::<MooseHouse>(
            &config::<MooseHouse>("players=3"),
            seed,
        );
        let mut state = MooseHouse::new(record.config());
        for event in record.events() {
            if state.to_move() == ToMove::Chance {
                let mut listed = Vec::new();
                state.chance_outcomes(&mut listed);
                let mut direct_rng = seat_rng(seed, checked);
                let mut listed_rng = direct_rng.clone();
                let direct = state.sample_chance(&mut direct_rng, &mut Vec::new());
                let from_list = sample_weighted(&listed, &mut listed_rng);
                assert_eq!(direct, from_list);
                assert_eq!(direct_rng, listed_rng, "the same one draw is used");
                checked += 1;
            } else {
                assert_eq!(
                    state.sample_chance(&mut seat_rng(0, 0), &mut Vec::new()),
                    None
                );
            }
            state.apply(event.action).unwrap();
        }
    }
    assert!(checked > 1_000);
}

// ---------------------------------------------------------------------------------------------
// The four plays

#[test]
fn moose_in_the_house_goes_only_to_an_opponent_without_one() {
    let state = midgame(
        "players=3",
        0,
        &[
            cards(&["house", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
            cards(&["door", "house", "house", "house"]),
        ],
        &[house(false, &[]), house(true, &[]), house(false, &[])],
    );
    let list = legal(&state);
    assert!(has(&list, "house 2"));
    assert!(!has(&list, "house 1"), "seat 1 already has one");
    assert!(!has(&list, "house 0"), "never on your own house");
    let mut next = state.clone();
    act(&mut next, "house 2");
    assert!(next.house(2).has_moose_in_house());
    assert_eq!(next.hand(0).count(Card::House), 0);
}

#[test]
fn empty_room_goes_to_an_opponent_with_fewer_than_three_empty_rooms() {
    let state = midgame(
        "players=3",
        0,
        &[
            cards(&["room:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
            cards(&["house", "house", "house", "house"]),
        ],
        &[
            house(false, &[]),
            house(false, &[("kitchen", E), ("living", E), ("bedroom", E)]),
            // Occupied and closed rooms do not count towards the three.
            house(
                true,
                &[
                    ("kitchen", E),
                    ("living", E),
                    ("bedroom", M),
                    ("bathroom", D),
                ],
            ),
        ],
    );
    let list = legal(&state);
    assert!(
        !has(&list, "room kitchen 1"),
        "seat 1 has three empty rooms"
    );
    assert!(has(&list, "room kitchen 2"));
    assert!(!has(&list, "room kitchen 0"), "never into your own house");
}

#[test]
fn several_rooms_of_a_kind_are_allowed_and_need_no_moose_in_the_house() {
    let mut state = midgame(
        "players=2",
        0,
        &[
            cards(&["room:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[("kitchen", E)])],
    );
    act(&mut state, "room kitchen 1");
    let rooms = state.house(1).rooms();
    assert_eq!(rooms.len(), 2);
    assert!(
        rooms
            .iter()
            .all(|r| r.kind == RoomKind::Kitchen && r.content == E)
    );
    assert!(!state.house(1).has_moose_in_house());
}

#[test]
fn rooms_are_numbered_from_1_in_the_order_placed() {
    let mut state = midgame(
        "players=2",
        0,
        &[
            cards(&["room:bathroom", "moose:bathroom", "trap", "trap"]),
            cards(&["room:kitchen", "door", "door", "door"]),
        ],
        &[
            house(false, &[]),
            house(true, &[("kitchen", M), ("living", D)]),
        ],
    );
    act(&mut state, "room bathroom 1");
    act(&mut state, "draw room:living");
    act(&mut state, "room kitchen 0");
    act(&mut state, "draw door");
    // The bathroom was placed third in seat 1's house.
    assert!(has(&legal(&state), "moose bathroom 1 3"));
    act(&mut state, "moose bathroom 1 3");
    act(&mut state, "allow");
    assert_eq!(
        state.house(1).room(2),
        Some(Room {
            kind: RoomKind::Bathroom,
            content: M
        })
    );
}

#[test]
fn moose_goes_only_on_a_matching_empty_room_of_a_house_with_moose_in_the_house() {
    let state = midgame(
        "players=3",
        0,
        &[
            cards(&["moose:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
            cards(&["house", "house", "house", "house"]),
        ],
        &[
            house(true, &[("kitchen", E)]),
            // Room 1 occupied (one moose per room), room 2 closed, room 3 another kind,
            // room 4 fits.
            house(
                true,
                &[
                    ("kitchen", M),
                    ("kitchen", D),
                    ("living", E),
                    ("kitchen", E),
                ],
            ),
            // A fitting room, but no Moose in the House card.
            house(false, &[("kitchen", E)]),
        ],
    );
    let moves: Vec<String> = legal(&state)
        .into_iter()
        .filter(|a| a.starts_with("moose"))
        .collect();
    assert_eq!(moves, vec!["moose kitchen 1 4".to_owned()]);
}

#[test]
fn door_goes_only_on_your_own_empty_room_and_closes_it_for_good() {
    let mut state = midgame(
        "players=2",
        0,
        &[
            cards(&["door", "trap", "trap", "trap"]),
            cards(&["moose:living", "moose:kitchen", "house", "house"]),
        ],
        &[
            house(true, &[("kitchen", M), ("living", E), ("bedroom", D)]),
            house(false, &[("kitchen", E)]),
        ],
    );
    let doors: Vec<String> = legal(&state)
        .into_iter()
        .filter(|a| a.starts_with("door"))
        .collect();
    assert_eq!(doors, vec!["door 2".to_owned()]);
    act(&mut state, "door 2");
    assert_eq!(state.house(0).room(1).unwrap().content, D);
    act(&mut state, "draw room:bedroom");
    // Seat 1 holds moose:living, but the living room is closed.
    assert!(!has(&legal(&state), "moose living 0 2"));
}

#[test]
fn a_trap_is_not_a_play_on_your_own_turn() {
    let state = midgame(
        "players=2",
        0,
        &[
            cards(&["trap", "trap", "trap", "moose:kitchen"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    // Nothing is playable, so the turn owner discards; the trap may go only this way.
    let list = legal(&state);
    assert_eq!(list, vec!["discard moose:kitchen", "discard trap"]);
}

// ---------------------------------------------------------------------------------------------
// Discarding, refilling

#[test]
fn discarding_is_allowed_only_when_nothing_is_playable() {
    let state = midgame(
        "players=2",
        0,
        &[
            cards(&["room:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    let list = legal(&state);
    assert_eq!(list, vec!["room kitchen 1"]);
    let mut copy = state.clone();
    let error = copy
        .apply(action::<MooseHouse>("discard trap"))
        .unwrap_err();
    assert_eq!(error.legal, vec!["room kitchen 1"]);
    assert_eq!(copy, state, "a rejected action leaves the state unchanged");
}

#[test]
fn discarding_puts_the_card_face_up_then_the_hand_is_refilled() {
    let mut state = midgame(
        "players=2",
        0,
        &[
            cards(&["moose:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    let discarded_before = state.discard_pile().count(Card::Trap);
    act(&mut state, "discard trap");
    assert_eq!(state.discard_pile().count(Card::Trap), discarded_before + 1);
    assert_eq!(state.to_move(), ToMove::Chance);
    act(&mut state, "draw room:living");
    assert_eq!(state.hand(0).total(), 4);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn discarding_is_allowed_only_while_the_draw_pile_lasts() {
    let state = endgame(
        "players=2",
        0,
        &[cards(&["moose:kitchen", "trap"]), cards(&["door"])],
        &[house(false, &[]), house(false, &[])],
    );
    assert_eq!(legal(&state), vec!["pass"]);
}

#[test]
fn hand_is_refilled_to_four_after_a_play() {
    let mut state = dealt(
        "players=2",
        &[
            ["room:kitchen", "trap", "trap", "trap"],
            ["door", "door", "door", "door"],
        ],
    );
    act(&mut state, "room kitchen 1");
    assert_eq!(state.hand(0).total(), 3);
    assert_eq!(state.to_move(), ToMove::Chance);
    act(&mut state, "draw moose:kitchen");
    assert_eq!(state.hand(0).total(), 4);
    assert_eq!(state.hand(0).count(Card::Moose(RoomKind::Kitchen)), 1);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

// ---------------------------------------------------------------------------------------------
// The trap

/// Seat 0 to play `moose kitchen 2 1` into seat 2's only room; seat 2 holds a Trap or not.
fn before_moose(options: &str, trap_in_hand: bool) -> MooseHouse {
    let target_hand = if trap_in_hand {
        cards(&["trap", "door", "door", "door"])
    } else {
        cards(&["door", "door", "door", "door"])
    };
    midgame(
        options,
        0,
        &[
            cards(&["moose:kitchen", "house", "house", "house"]),
            cards(&["room:living", "room:living", "room:living", "room:living"]),
            target_hand,
        ],
        &[
            house(false, &[]),
            house(false, &[]),
            house(true, &[("kitchen", E)]),
        ],
    )
}

/// [`before_moose`] after the moose is played: seat 2 decides trap or allow.
fn trap_position(options: &str, trap_in_hand: bool) -> MooseHouse {
    let mut state = before_moose(options, trap_in_hand);
    act(&mut state, "moose kitchen 2 1");
    state
}

#[test]
fn the_targeted_player_decides_trap_or_allow() {
    let state = trap_position("players=3", true);
    assert_eq!(
        state.to_move(),
        ToMove::Player(2),
        "the target decides, not seat 0"
    );
    assert_eq!(legal(&state), vec!["trap", "allow"]);
}

#[test]
fn the_target_is_asked_even_without_a_trap_and_may_only_allow() {
    let state = trap_position("players=3", false);
    assert_eq!(state.to_move(), ToMove::Player(2));
    assert_eq!(legal(&state), vec!["allow"]);
    let mut copy = state.clone();
    assert!(copy.apply(MooseHouseAction::Trap).is_err());
    assert_eq!(copy, state);
}

#[test]
fn the_pending_moose_is_in_no_hand_and_no_house_but_still_counted() {
    let state = trap_position("players=3", true);
    assert!(matches!(
        state.phase(),
        Phase::Trap {
            target: 2,
            room: 0,
            ..
        }
    ));
    assert_eq!(state.hand(0).count(Card::Moose(RoomKind::Kitchen)), 0);
    assert_eq!(state.house(2).moose(), 0);
    let visible: usize = (0..3)
        .map(|s| usize::from(state.hand(s).total() + state.house(s).cards().total()))
        .sum::<usize>()
        + usize::from(state.discard_pile().total())
        + state.pile_size();
    assert_eq!(visible, 57, "one card, the moose, is pending");
    assert_eq!(state.check_invariants(), Ok(()));
}

#[test]
fn allow_puts_the_moose_in_the_room() {
    let mut state = trap_position("players=3", true);
    act(&mut state, "allow");
    assert_eq!(state.house(2).room(0).unwrap().content, M);
    assert_eq!(state.hand(2).count(Card::Trap), 1, "the trap stays in hand");
    // The attacker refills as usual, then the next seat plays.
    act(&mut state, "draw door");
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn trap_discards_moose_and_trap_and_the_room_stays_empty() {
    let mut state = trap_position("players=3", true);
    act(&mut state, "trap");
    assert_eq!(state.hand(2).count(Card::Trap), 0);
    assert_eq!(state.discard_pile().count(Card::Trap), 1);
    assert_eq!(
        state.discard_pile().count(Card::Moose(RoomKind::Kitchen)),
        1
    );
    let room = state.house(2).room(0).unwrap();
    assert_eq!(
        room.content, E,
        "the room stays empty and may receive a moose later"
    );
}

#[test]
fn after_a_trap_the_target_refills_first_then_the_attacker_then_the_attackers_left_plays() {
    let mut state = trap_position("players=3", true);
    act(&mut state, "trap");
    act(&mut state, "draw room:bedroom");
    assert_eq!(state.hand(2).total(), 4, "the trapper refills first");
    assert_eq!(state.hand(0).total(), 3);
    act(&mut state, "draw room:bathroom");
    assert_eq!(state.hand(0).count(Card::Room(RoomKind::Bathroom)), 1);
    // Seat 1 sits to the attacker's left (the target, seat 2, does not move next).
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn the_trap_reaction_works_after_the_pile_is_empty() {
    let mut state = endgame(
        "players=3",
        0,
        &[
            cards(&["moose:kitchen"]),
            cards(&["room:living"]),
            cards(&["trap"]),
        ],
        &[
            house(false, &[]),
            house(false, &[]),
            house(true, &[("kitchen", E)]),
        ],
    );
    act(&mut state, "moose kitchen 2 1");
    assert_eq!(legal(&state), vec!["trap", "allow"]);
    act(&mut state, "trap");
    // Nothing to refill from: play goes straight on at the attacker's left.
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert_eq!(state.hand(2).total(), 0);
}

// ---------------------------------------------------------------------------------------------
// Moose in the House clean-up

/// Three players; seat 1 is about to give seat 0 the last missing Moose in the House card.
fn clean_up_position() -> MooseHouse {
    midgame(
        "players=3",
        1,
        &[
            cards(&["house", "house", "door", "trap"]),
            cards(&["house", "door", "door", "door"]),
            cards(&["house", "room:kitchen", "room:living", "trap"]),
        ],
        &[house(false, &[]), house(true, &[]), house(true, &[])],
    )
}

#[test]
fn once_everyone_has_a_moose_in_the_house_hands_discard_theirs() {
    let mut state = clean_up_position();
    let before = state.discard_pile().count(Card::House);
    act(&mut state, "house 0");
    for seat in 0..3 {
        assert_eq!(state.hand(seat).count(Card::House), 0);
    }
    // Seat 0 held two, seat 2 one; seat 1 played his.
    assert_eq!(state.discard_pile().count(Card::House), before + 3);
}

#[test]
fn clean_up_refills_from_the_player_who_acted_clockwise() {
    let mut state = clean_up_position();
    act(&mut state, "house 0");
    // Seat 1 acted (3 cards left): he refills first, then seat 2 (3 cards), then seat 0 (2).
    act(&mut state, "draw room:bedroom");
    assert_eq!(state.hand(1).total(), 4);
    act(&mut state, "draw room:bedroom");
    assert_eq!(state.hand(2).total(), 4);
    act(&mut state, "draw moose:bathroom");
    act(&mut state, "draw moose:bathroom");
    assert_eq!(state.hand(0).count(Card::Moose(RoomKind::Bathroom)), 2);
    assert_eq!(state.hand(0).total(), 4);
    assert_eq!(state.to_move(), ToMove::Player(2));
}

#[test]
fn a_moose_in_the_house_drawn_after_the_clean_up_is_discarded_and_replaced() {
    let mut state = clean_up_position();
    act(&mut state, "house 0");
    let before = state.discard_pile().count(Card::House);
    act(&mut state, "draw house");
    assert_eq!(state.hand(1).total(), 3, "the drawn card did not stay");
    assert_eq!(state.discard_pile().count(Card::House), before + 1);
    assert!(matches!(state.phase(), Phase::Refill { .. }));
    act(&mut state, "draw door");
    assert_eq!(
        state.hand(1).total(),
        4,
        "the replacement draw went to the same seat"
    );
}

#[test]
fn before_everyone_has_one_a_drawn_moose_in_the_house_is_kept() {
    let mut state = dealt(
        "players=2",
        &[
            ["room:kitchen", "trap", "trap", "trap"],
            ["door", "door", "door", "door"],
        ],
    );
    act(&mut state, "room kitchen 1");
    act(&mut state, "draw house");
    assert_eq!(state.hand(0).count(Card::House), 1);
}

// ---------------------------------------------------------------------------------------------
// End of the game and scoring

#[test]
fn pass_is_legal_only_when_the_pile_is_empty_and_nothing_is_playable() {
    let state = endgame(
        "players=2",
        0,
        &[cards(&["room:kitchen", "trap"]), cards(&["door"])],
        &[house(false, &[]), house(false, &[])],
    );
    assert_eq!(legal(&state), vec!["room kitchen 1"], "a play is possible");
    let mut copy = state.clone();
    assert!(copy.apply(MooseHouseAction::Pass).is_err());
    assert_eq!(copy, state);
}

#[test]
fn after_the_pile_is_empty_play_goes_on_without_refills() {
    let mut state = endgame(
        "players=2",
        0,
        &[cards(&["room:kitchen", "trap"]), cards(&["room:living"])],
        &[house(false, &[]), house(false, &[])],
    );
    act(&mut state, "room kitchen 1");
    assert_eq!(state.to_move(), ToMove::Player(1));
    assert_eq!(state.hand(0).total(), 1);
}

#[test]
fn a_player_without_cards_passes_and_a_passer_keeps_his_cards() {
    let mut state = endgame(
        "players=3",
        0,
        &[
            cards(&[]),
            cards(&["trap", "moose:kitchen"]),
            cards(&["door"]),
        ],
        &[house(false, &[]), house(false, &[]), house(false, &[])],
    );
    assert_eq!(legal(&state), vec!["pass"]);
    act(&mut state, "pass");
    act(&mut state, "pass");
    assert_eq!(state.hand(1).total(), 2, "a pass discards nothing");
    assert_eq!(state.passes_in_a_row(), 2);
}

#[test]
fn the_game_ends_after_as_many_passes_in_a_row_as_players() {
    let mut state = endgame(
        "players=3",
        0,
        &[cards(&["trap"]), cards(&["trap"]), cards(&["trap"])],
        &[house(false, &[]), house(false, &[]), house(false, &[])],
    );
    act(&mut state, "pass");
    act(&mut state, "pass");
    assert_eq!(state.outcome(), None);
    act(&mut state, "pass");
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert!(state.outcome().is_some());
    assert!(state.apply(MooseHouseAction::Pass).is_err());
}

#[test]
fn a_play_breaks_the_run_of_passes() {
    let mut state = endgame(
        "players=3",
        0,
        &[cards(&["trap"]), cards(&["room:kitchen"]), cards(&["trap"])],
        &[house(false, &[]), house(false, &[]), house(false, &[])],
    );
    act(&mut state, "pass");
    act(&mut state, "room kitchen 0");
    assert_eq!(state.passes_in_a_row(), 0);
    act(&mut state, "pass");
    act(&mut state, "pass");
    // Three passes so far, but only two in a row.
    assert_eq!(state.to_move(), ToMove::Player(1));
    act(&mut state, "pass");
    assert_eq!(state.to_move(), ToMove::Terminal);
}

/// Plays passes until the game is over.
fn finish(mut state: MooseHouse) -> MooseHouse {
    while let ToMove::Player(_) = state.to_move() {
        assert_eq!(legal(&state), vec!["pass"]);
        act(&mut state, "pass");
    }
    state
}

#[test]
fn score_counts_moose_in_the_house_and_moose_left_in_hand_lowest_wins() {
    let state = finish(endgame(
        "players=3",
        0,
        &[
            cards(&["moose:kitchen", "moose:living", "trap"]),
            cards(&["trap"]),
            cards(&["moose:bedroom"]),
        ],
        &[
            house(false, &[("bathroom", M)]),
            house(
                true,
                &[
                    ("kitchen", M),
                    ("living", M),
                    ("bedroom", M),
                    ("bathroom", M),
                ],
            ),
            house(false, &[("bathroom", M)]),
        ],
    ));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.scores, vec![3, 4, 2]);
    assert_eq!(outcome.ranks, vec![2, 3, 1]);
    assert_eq!(outcome.returns, vec![0.0, 0.0, 1.0]);
}

#[test]
fn more_closed_doors_break_a_tie() {
    let state = finish(endgame(
        "players=2",
        0,
        &[cards(&["moose:kitchen"]), cards(&[])],
        &[
            house(false, &[("bathroom", D), ("kitchen", D)]),
            house(false, &[("bathroom", M), ("kitchen", D)]),
        ],
    ));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.scores, vec![1, 1]);
    assert_eq!(outcome.ranks, vec![1, 2]);
}

#[test]
fn a_full_tie_shares_the_place_with_competition_ranks() {
    let state = finish(endgame(
        "players=3",
        0,
        &[cards(&[]), cards(&[]), cards(&["moose:bedroom"])],
        &[
            house(false, &[("bathroom", D)]),
            house(false, &[("kitchen", D)]),
            house(false, &[("kitchen", D)]),
        ],
    ));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.ranks, vec![1, 1, 3]);
    assert_eq!(outcome.returns, vec![0.5, 0.5, 0.0]);
}

// ---------------------------------------------------------------------------------------------
// The draw=first variant

#[test]
fn draw_first_draws_one_card_at_the_start_of_the_turn_and_does_not_refill() {
    let mut state = dealt(
        "players=2,draw=first",
        &[
            ["room:kitchen", "trap", "trap", "trap"],
            ["door", "door", "door", "door"],
        ],
    );
    assert_eq!(state.phase(), Phase::TurnDraw);
    assert_eq!(state.to_move(), ToMove::Chance);
    act(&mut state, "draw room:living");
    assert_eq!(state.hand(0).total(), 5);
    assert_eq!(state.to_move(), ToMove::Player(0));
    act(&mut state, "room living 1");
    assert_eq!(state.hand(0).total(), 4, "no refill after the play");
    assert_eq!(state.phase(), Phase::TurnDraw);
    act(&mut state, "draw moose:kitchen");
    assert_eq!(state.hand(1).total(), 5);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn draw_first_after_a_trap_only_the_trapper_refills() {
    let mut state = MooseHouse::test_position(
        &config::<MooseHouse>("players=3,draw=first"),
        0,
        &[
            // The turn owner has drawn his fifth card already.
            cards(&["moose:kitchen", "house", "house", "house", "house"]),
            cards(&["room:living", "room:living", "room:living", "room:living"]),
            cards(&["trap", "door", "door", "door"]),
        ],
        &[
            house(false, &[]),
            house(false, &[]),
            house(true, &[("kitchen", E)]),
        ],
        Cards::EMPTY,
    )
    .unwrap();
    act(&mut state, "moose kitchen 2 1");
    act(&mut state, "trap");
    act(&mut state, "draw room:bedroom");
    assert_eq!(state.hand(2).total(), 4);
    assert_eq!(state.hand(0).total(), 4, "the attacker does not refill");
    // The next card is seat 1's start-of-turn draw.
    assert_eq!(state.phase(), Phase::TurnDraw);
    act(&mut state, "draw door");
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn draw_first_a_moose_in_the_house_drawn_after_the_clean_up_is_replaced() {
    let mut state = MooseHouse::test_position(
        &config::<MooseHouse>("players=2,draw=first"),
        0,
        &[
            cards(&["room:kitchen", "trap", "trap", "trap", "door"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(true, &[]), house(true, &[])],
        Cards::EMPTY,
    )
    .unwrap();
    act(&mut state, "room kitchen 1");
    act(&mut state, "draw house");
    assert_eq!(state.phase(), Phase::TurnDraw, "seat 1 draws again");
    act(&mut state, "draw room:living");
    assert_eq!(state.hand(1).total(), 5);
    assert_eq!(state.to_move(), ToMove::Player(1));
}

#[test]
fn draw_first_a_player_who_drew_the_last_card_and_cannot_play_passes() {
    let hands = [
        cards(&["trap", "trap", "trap", "moose:kitchen"]),
        cards(&["door", "door", "door", "door", "door"]),
    ];
    let mut discard = Cards::deck().minus(&hands[0].plus(&hands[1])).unwrap();
    discard.remove(card("moose:living"), 1);
    let mut state = MooseHouse::test_position(
        &config::<MooseHouse>("players=2,draw=first"),
        1,
        &hands,
        &[house(false, &[]), house(false, &[])],
        discard,
    )
    .unwrap();
    assert_eq!(state.pile_size(), 1);
    // Seat 1 starts with a full hand: discard, then seat 0 draws the last card.
    act(&mut state, "discard door");
    act(&mut state, "draw moose:living");
    assert_eq!(state.pile_size(), 0);
    assert_eq!(
        legal(&state),
        vec!["pass"],
        "no discarding once the pile is empty"
    );
    act(&mut state, "pass");
    assert_eq!(state.hand(0).total(), 5, "he keeps the drawn card");
}

// ---------------------------------------------------------------------------------------------
// Information

#[test]
fn an_observation_holds_the_own_hand_and_the_public_table_only() {
    let state = clean_up_position();
    let obs = state.observation(2);
    assert_eq!(obs.hand, *state.hand(2));
    assert_eq!(obs.hand_sizes, vec![4, 4, 4]);
    assert_eq!(obs.houses.len(), 3);
    assert_eq!(obs.pile_size as usize, state.pile_size());
    let json = serde_json::to_string(&obs).unwrap();
    assert!(
        !json.contains("\"pile\""),
        "the pile's contents are not shown: {json}"
    );
    // The other hands are not in it: changing them leaves seat 2's observation alone.
    let mut rng = seat_rng(1, 0);
    let mut changed = false;
    for _ in 0..20 {
        let other = state.resample_hidden(2, &mut rng);
        assert_eq!(other.observation(2), obs);
        changed |= other.hand(0) != state.hand(0);
    }
    assert!(changed, "resampling moved the hidden cards");
}

#[test]
fn a_card_dealt_to_another_seat_is_not_revealed() {
    let mut trap = after::<MooseHouse>("players=2", &[]);
    let mut door = trap.clone();
    act(&mut trap, "draw trap");
    act(&mut door, "draw door");
    assert_eq!(trap.observation(1), door.observation(1));
    assert_ne!(trap.observation(0), door.observation(0));
}

#[test]
fn determinization_keeps_what_the_seat_knows_and_deals_the_rest() {
    let mut state = clean_up_position();
    act(&mut state, "house 0");
    act(&mut state, "draw room:bedroom");
    let obs = state.observation(1);
    let mut rng = seat_rng(9, 1);
    for _ in 0..50 {
        let sampled = MooseHouse::determinize(&obs, &mut rng);
        assert_eq!(sampled.observation(1), obs);
        assert_eq!(sampled.check_invariants(), Ok(()));
        for seat in 0..3 {
            assert_eq!(
                sampled.hand(seat).count(Card::House),
                0,
                "after the clean-up no hand can hold a Moose in the House"
            );
        }
    }
}

#[test]
fn the_trap_question_reveals_nothing_to_the_attacker() {
    let with_trap = trap_position("players=3", true);
    let without = trap_position("players=3", false);
    // Same table, same question asked; only the target's hand differs, and the attacker and
    // the bystander see exactly the same.
    assert_eq!(with_trap.to_move(), without.to_move());
    assert_eq!(with_trap.observation(0), without.observation(0));
    assert_eq!(with_trap.observation(1), without.observation(1));
}

#[test]
fn the_observation_states_who_decides_and_the_pending_moose() {
    let mut state = trap_position("players=3", true);
    let bystander = state.observation(1);
    assert_eq!(bystander.turn, 0, "the attacker's turn");
    assert_eq!(
        bystander.deciding,
        Some(2),
        "the target decides, not the turn owner"
    );
    assert_eq!(bystander.receiving, None);
    assert_eq!(
        bystander.phase,
        ObservedPhase::Trap {
            pending_moose: PendingMoose {
                attacker: 0,
                target: 2,
                kind: RoomKind::Kitchen,
                room: 1,
            }
        }
    );
    assert_eq!(
        bystander.pending_moose(),
        Some(PendingMoose {
            attacker: 0,
            target: 2,
            kind: RoomKind::Kitchen,
            room: 1,
        })
    );
    assert!(bystander.refill_queue().is_empty());
    let target_house = &bystander.houses[2];
    assert_eq!(target_house.seat, 2);
    assert!(target_house.moose_in_house);
    assert_eq!(
        target_house.rooms,
        vec![ObservedRoom {
            room: 1,
            kind: RoomKind::Kitchen,
            content: Content::Empty,
        }]
    );
    assert_eq!(
        (
            target_house.empty_rooms,
            target_house.moose,
            target_house.doors
        ),
        (1, 0, 0)
    );
    // After the trap: refills, the trapper first; nobody decides, the trapper receives.
    act(&mut state, "trap");
    let after = state.observation(1);
    assert_eq!(after.phase, ObservedPhase::Refill { queue: vec![2, 0] });
    assert_eq!(after.refill_queue(), [2, 0]);
    assert_eq!((after.deciding, after.receiving), (None, Some(2)));
    assert_eq!(after.pending_moose(), None);
}

#[test]
fn the_observation_counts_the_cards_the_seat_has_not_seen() {
    let state = trap_position("players=3", true);
    for seat in 0..3 {
        let obs = state.observation(seat);
        // Unseen = the other hands and the pile, which only the true state knows.
        let mut hidden = Cards::EMPTY;
        for other in (0..3).filter(|&s| s != seat) {
            hidden = hidden.plus(state.hand(other));
        }
        assert_eq!(
            obs.unseen.total() as usize,
            hidden.total() as usize + state.pile_size()
        );
        assert_eq!(
            obs.unseen.count(Card::Moose(RoomKind::Kitchen)),
            5 - 1 - state.hand(seat).count(Card::Moose(RoomKind::Kitchen)),
            "the pending moose is seen by all"
        );
    }
}

#[test]
fn the_observation_json_names_every_card_and_numbers_rooms_from_1() {
    let state = trap_position("players=3", true);
    let value = serde_json::to_value(state.observation(2)).unwrap();
    assert_eq!(value["hand"]["trap"], 1);
    assert_eq!(
        value["hand"]["house"], 0,
        "every kind is named, zeros included"
    );
    assert_eq!(value["hand"].as_object().unwrap().len(), 11);
    assert_eq!(value["houses"][2]["rooms"][0]["room"], 1);
    assert_eq!(value["houses"][2]["rooms"][0]["kind"], "kitchen");
    assert_eq!(value["houses"][2]["rooms"][0]["content"], "empty");
    assert_eq!(value["phase"]["pending_moose"]["room"], 1);
    assert_eq!(value["options"]["players"], "3");
    assert_eq!(value["options"]["draw"], "refill");
    assert_eq!(value["phase"]["kind"], "trap");
    assert_eq!(value["deciding"], 2);
    let back: MooseHouseObservation = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(back, state.observation(2));
    // A missing kind counts 0; an unknown card or more than the deck holds is refused.
    let mut short = value.clone();
    short["hand"] = serde_json::json!({"trap": 1, "door": 3});
    let short: MooseHouseObservation = serde_json::from_value(short).unwrap();
    assert_eq!(short.hand, *state.hand(2));
    for (card, n) in [("joker", 1), ("trap", 4)] {
        let mut bad = value.clone();
        bad["hand"][card] = n.into();
        let error = serde_json::from_value::<MooseHouseObservation>(bad).unwrap_err();
        assert!(error.to_string().contains(card), "{error}");
    }
}

#[test]
fn an_observation_no_game_produced_still_determinizes_without_panicking() {
    let state = trap_position("players=3", true);
    let mut value = serde_json::to_value(state.observation(1)).unwrap();
    value["pending_moose"] = serde_json::Value::Null;
    value["hand_sizes"] = serde_json::json!([40, 40]);
    value["seat"] = 9.into();
    value["refill_queue"] = serde_json::json!([7, 1, 1, 1, 1, 1, 1]);
    let garbage: MooseHouseObservation = serde_json::from_value(value).unwrap();
    let mut rng = seat_rng(3, 0);
    let sampled = MooseHouse::determinize(&garbage, &mut rng);
    assert_eq!(sampled.num_players(), 3);
}

// ---------------------------------------------------------------------------------------------
// What each seat sees of an event, and the notes it reads

/// Seat `seat`'s view of `text` at `state` and the note it reads on it (state unchanged).
fn seen(state: &MooseHouse, seat: usize, text: &str) -> (String, Option<String>) {
    let action = action::<MooseHouse>(text);
    let actor = match state.to_move() {
        ToMove::Player(decider) => Actor::Seat(decider),
        ToMove::Chance | ToMove::Terminal => Actor::Chance,
    };
    let view = state.event_view(seat, &action);
    let mut next = state.clone();
    act(&mut next, text);
    let note = MooseHouse::event_note(
        &state.observation(seat),
        actor,
        &view,
        &next.observation(seat),
    );
    (view.to_string(), note)
}

fn pair(view: &str, note: &str) -> (String, Option<String>) {
    (view.to_owned(), Some(note.to_owned()))
}

#[test]
fn a_dealt_card_is_seen_by_its_receiver_only() {
    let state = after::<MooseHouse>("players=3", &["draw door"]);
    assert_eq!(
        seen(&state, 1, "draw trap"),
        pair("draw trap", "you are dealt a Trap")
    );
    for other in [0, 2] {
        assert_eq!(
            seen(&state, other, "draw trap"),
            pair("draw ?", "a card dealt to seat 1")
        );
    }
}

#[test]
fn a_refill_draw_is_seen_by_its_receiver_only() {
    let mut state = trap_position("players=3", true);
    act(&mut state, "trap");
    // The trapper refills first.
    assert_eq!(
        seen(&state, 2, "draw moose:bedroom"),
        pair(
            "draw moose:bedroom",
            "you draw a Moose in the Room (bedroom)"
        )
    );
    assert_eq!(
        seen(&state, 0, "draw moose:bedroom"),
        pair("draw ?", "seat 2 draws a card")
    );
    act(&mut state, "draw moose:bedroom");
    // Then the attacker.
    assert_eq!(
        seen(&state, 0, "draw room:living"),
        pair("draw room:living", "you draw an Empty Room (living room)")
    );
    assert_eq!(
        seen(&state, 1, "draw room:living"),
        pair("draw ?", "seat 0 draws a card")
    );
}

#[test]
fn a_moose_in_the_house_drawn_before_everyone_has_one_is_hidden() {
    let mut state = before_moose("players=3", true);
    act(&mut state, "house 1");
    assert_eq!(
        seen(&state, 1, "draw house"),
        pair("draw ?", "seat 0 draws a card")
    );
}

#[test]
fn a_moose_in_the_house_drawn_after_everyone_has_one_is_seen_by_everyone() {
    let mut state = clean_up_position();
    act(&mut state, "house 0");
    // Seat 1 acted: he refills first, and draws a Moose in the House, discarded at once.
    assert_eq!(
        seen(&state, 1, "draw house"),
        pair(
            "draw house",
            "you draw a Moose in the House: everyone has one, so it is discarded face up; \
             you draw again"
        )
    );
    for other in [0, 2] {
        assert_eq!(
            seen(&state, other, "draw house"),
            pair(
                "draw house",
                "seat 1 draws a Moose in the House: everyone has one, so it is discarded face \
                 up; seat 1 draws again"
            )
        );
    }
}

#[test]
fn the_clean_up_discards_are_public_and_the_note_says_who_discarded_how_many() {
    let state = clean_up_position();
    assert_eq!(
        seen(&state, 2, "house 0"),
        pair(
            "house 0",
            "a Moose in the House for seat 0; now everyone has one, so hands discard theirs \
             face up (seat 0 discards 2, you discard 1)"
        )
    );
    assert_eq!(
        seen(&state, 0, "house 0"),
        pair(
            "house 0",
            "a Moose in the House for you; now everyone has one, so hands discard theirs face \
             up (you discard 2, seat 2 discards 1)"
        )
    );
}

/// Seat 0 to play, holding an Empty Room, a Door, a Moose in the Room and a Moose in the House.
fn table_position() -> MooseHouse {
    midgame(
        "players=3",
        0,
        &[
            cards(&["room:kitchen", "door", "moose:living", "house"]),
            cards(&["door", "door", "door", "door"]),
            cards(&["trap", "trap", "trap", "room:bathroom"]),
        ],
        &[
            house(false, &[("bedroom", E), ("living", M)]),
            house(true, &[("living", E), ("kitchen", E)]),
            house(false, &[]),
        ],
    )
}

#[test]
fn every_decision_is_seen_as_it_is_by_every_seat() {
    let table = table_position();
    let mut positions = vec![];
    for text in table.legal_texts() {
        positions.push((table.clone(), text));
    }
    for text in ["trap", "allow"] {
        positions.push((trap_position("players=3", true), text.to_owned()));
    }
    let discard = midgame(
        "players=2",
        0,
        &[
            cards(&["moose:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    positions.push((discard, "discard trap".to_owned()));
    let stuck = endgame(
        "players=2",
        0,
        &[cards(&["trap"]), cards(&["door"])],
        &[house(false, &[]), house(false, &[])],
    );
    positions.push((stuck, "pass".to_owned()));
    for (state, text) in positions {
        for seat in 0..state.num_players() {
            let (view, note) = seen(&state, seat, &text);
            assert_eq!(view, text, "seat {seat} sees {text} as it is");
            assert!(note.is_some(), "seat {seat} reads a note on {text}");
        }
    }
}

#[test]
fn notes_on_plays_name_rooms_by_seat_and_number() {
    let table = table_position();
    assert_eq!(
        seen(&table, 1, "room kitchen 1"),
        pair("room kitchen 1", "an empty kitchen becomes your room 3")
    );
    assert_eq!(
        seen(&table, 2, "room kitchen 1"),
        pair("room kitchen 1", "an empty kitchen becomes seat 1, room 3")
    );
    assert_eq!(
        seen(&table, 2, "house 2"),
        pair("house 2", "a Moose in the House for you")
    );
    assert_eq!(
        seen(&table, 1, "door 1"),
        pair("door 1", "seat 0, room 1 (bedroom) is closed for good")
    );
    assert_eq!(
        seen(&table, 0, "door 1"),
        pair("door 1", "your room 1 (bedroom) is closed for good")
    );
    assert_eq!(
        seen(&table, 2, "moose living 1 1"),
        pair(
            "moose living 1 1",
            "a moose heads for seat 1, room 1 (living room): seat 1 decides, trap or allow"
        )
    );
    assert_eq!(
        seen(&table, 1, "moose living 1 1"),
        pair(
            "moose living 1 1",
            "a moose heads for your room 1 (living room): you decide, trap or allow"
        )
    );
}

#[test]
fn notes_on_the_trap_question_and_its_answers() {
    let before = before_moose("players=3", true);
    assert_eq!(
        seen(&before, 2, "moose kitchen 2 1").1.as_deref(),
        Some("a moose heads for your room 1 (kitchen): you decide, trap or allow")
    );
    let question = trap_position("players=3", true);
    assert_eq!(
        seen(&question, 0, "trap").1.as_deref(),
        Some(
            "seat 2 springs a Trap: the moose and the Trap are discarded; seat 2, room 1 \
             (kitchen) stays empty"
        )
    );
    assert_eq!(
        seen(&question, 2, "trap").1.as_deref(),
        Some(
            "you spring a Trap: the moose and the Trap are discarded; your room 1 (kitchen) \
             stays empty"
        )
    );
    assert_eq!(
        seen(&question, 1, "allow").1.as_deref(),
        Some("the moose moves into seat 2, room 1 (kitchen)")
    );
    assert_eq!(
        seen(&question, 2, "allow").1.as_deref(),
        Some("the moose moves into your room 1 (kitchen)")
    );
}

#[test]
fn notes_on_discards_and_passes() {
    let discard = midgame(
        "players=2",
        0,
        &[
            cards(&["moose:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    assert_eq!(
        seen(&discard, 1, "discard trap").1.as_deref(),
        Some("nothing to play: a Trap discarded face up")
    );
    let mut stuck = endgame(
        "players=3",
        0,
        &[cards(&["trap"]), cards(&["trap"]), cards(&["trap"])],
        &[house(false, &[]), house(false, &[]), house(false, &[])],
    );
    assert_eq!(
        seen(&stuck, 1, "pass").1.as_deref(),
        Some("nothing to play (1 pass in a row; 3 end the game)")
    );
    act(&mut stuck, "pass");
    act(&mut stuck, "pass");
    assert_eq!(
        seen(&stuck, 0, "pass").1.as_deref(),
        Some("nothing to play (3 passes in a row): the game is over")
    );
}

/// The label of each legal action of the seat to decide.
fn labels(state: &MooseHouse) -> Vec<(String, String)> {
    let ToMove::Player(seat) = state.to_move() else {
        panic!("nobody decides");
    };
    let observation = state.observation(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .iter()
        .map(|a| (a.to_string(), MooseHouse::choice_label(&observation, a)))
        .collect()
}

fn labelled(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|&(a, l)| (a.to_owned(), l.to_owned()))
        .collect()
}

#[test]
fn choice_labels_name_seats_and_rooms() {
    assert_eq!(
        labels(&table_position()),
        labelled(&[
            ("house 2", "give seat 2 a Moose in the House"),
            (
                "room kitchen 1",
                "give seat 1 an empty kitchen (seat 1, room 3)"
            ),
            (
                "room kitchen 2",
                "give seat 2 an empty kitchen (seat 2, room 1)"
            ),
            (
                "moose living 1 1",
                "put a moose into seat 1, room 1 (living room)"
            ),
            ("door 1", "close your room 1 (bedroom) with a door"),
        ])
    );
    assert_eq!(
        labels(&trap_position("players=3", true)),
        labelled(&[
            (
                "trap",
                "spring your Trap: the moose and the Trap are discarded"
            ),
            ("allow", "let the moose into your room 1 (kitchen)"),
        ])
    );
    let discard = midgame(
        "players=2",
        0,
        &[
            cards(&["moose:kitchen", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
    );
    assert_eq!(
        labels(&discard),
        labelled(&[
            (
                "discard moose:kitchen",
                "discard a Moose in the Room (kitchen) face up"
            ),
            ("discard trap", "discard a Trap face up"),
        ])
    );
    let stuck = endgame(
        "players=2",
        0,
        &[cards(&["trap"]), cards(&["door"])],
        &[house(false, &[]), house(false, &[])],
    );
    assert_eq!(
        labels(&stuck),
        labelled(&[("pass", "pass (nothing can be played)")])
    );
}

// ---------------------------------------------------------------------------------------------
// Conservation

#[test]
fn a_house_with_more_than_three_empty_rooms_breaks_an_invariant() {
    let error = MooseHouse::test_position(
        &config::<MooseHouse>("players=2"),
        0,
        &[
            cards(&["trap", "trap", "trap", "door"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[
            house(
                false,
                &[
                    ("kitchen", E),
                    ("kitchen", E),
                    ("living", E),
                    ("bedroom", E),
                ],
            ),
            house(false, &[]),
        ],
        Cards::EMPTY,
    )
    .unwrap_err();
    assert!(error.contains("4 empty rooms"), "{error}");
}

#[test]
fn more_cards_than_the_deck_holds_are_rejected() {
    let error = MooseHouse::test_position(
        &config::<MooseHouse>("players=2"),
        0,
        &[
            cards(&["trap", "trap", "trap", "trap"]),
            cards(&["door", "door", "door", "door"]),
        ],
        &[house(false, &[]), house(false, &[])],
        Cards::EMPTY,
    )
    .unwrap_err();
    assert!(error.contains("more cards"), "{error}");
}

// ---------------------------------------------------------------------------------------------
// Text forms, options, registry

#[test]
fn every_text_form_parses_and_prints_back() {
    for text in [
        "house 2",
        "room kitchen 1",
        "room living 0",
        "moose bathroom 0 3",
        "moose bedroom 4 20",
        "door 2",
        "discard moose:living",
        "discard room:bathroom",
        "discard house",
        "discard door",
        "discard trap",
        "pass",
        "trap",
        "allow",
        "draw room:bedroom",
        "draw moose:kitchen",
        "draw house",
    ] {
        let action: MooseHouseAction = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(action.to_string(), text);
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
    }
    assert_eq!(
        "moose kitchen 2 1".parse::<MooseHouseAction>().unwrap(),
        MooseHouseAction::Moose {
            kind: RoomKind::Kitchen,
            seat: 2,
            room: 0
        }
    );
}

#[test]
fn malformed_text_is_rejected_with_the_accepted_forms() {
    for text in [
        "",
        "moose kitchen 1",
        "room attic 1",
        "door 0",
        "door 21",
        "house 5",
        "house -1",
        "draw moose",
        "draw room:garage",
        "discard",
        "pass 1",
        "trap now",
        "moose:kitchen",
    ] {
        let error = text.parse::<MooseHouseAction>().unwrap_err();
        assert_eq!(error.game, "moose-house");
        assert!(error.expected.contains("moose KIND P R"), "{text}: {error}");
    }
}

#[test]
fn options_default_to_three_players_and_refill() {
    let config = config::<MooseHouse>("");
    let options = GameConfig::to_options(&config);
    assert_eq!(options["players"], "3");
    assert_eq!(options["draw"], "refill");
}

#[test]
fn bad_options_give_a_clear_error() {
    let description = MooseHouseConfig::description();
    let too_many = Options::parse(description, "players=6")
        .unwrap()
        .into_config::<MooseHouseConfig>()
        .unwrap_err()
        .to_string();
    assert!(too_many.contains("2 to 5"), "{too_many}");
    let bad_draw = Options::parse(description, "draw=sideways")
        .unwrap()
        .into_config::<MooseHouseConfig>()
        .unwrap_err()
        .to_string();
    assert!(bad_draw.contains("refill or first"), "{bad_draw}");
    let unknown = Options::parse(description, "traps=3")
        .unwrap()
        .into_config::<MooseHouseConfig>()
        .unwrap_err()
        .to_string();
    assert!(unknown.contains("draw"), "{unknown}");
}

#[test]
fn the_game_is_registered_with_rules_that_explain_the_trap() {
    let description = registry::find("moose-house").unwrap();
    assert_eq!(description.min_players, 2);
    assert_eq!(description.max_players, 5);
    assert!(description.rules.contains("trap"));
    assert!(description.rules.contains("allow"));
    let spec: GameSpec = "moose-house:players=4,draw=first".parse().unwrap();
    let game = spec.build().unwrap();
    assert_eq!(game.players(), 4);
}

#[test]
fn the_observation_renders_as_readable_text() {
    let state = trap_position("players=3", true);
    let text = state.observation(2).to_string();
    assert!(text.contains("You are seat 2"), "{text}");
    assert!(text.contains("trap or allow"), "{text}");
    assert!(text.contains("Your hand: door ×3, trap"), "{text}");
    assert!(
        text.contains("seat 2 (you): 4 cards in hand; Moose in the House; room 1: kitchen (empty)"),
        "{text}"
    );
    assert!(
        text.contains(
            "Seat 0 played a moose into your room 1 (kitchen): you decide, trap or allow."
        ),
        "{text}"
    );
    let bystander = state.observation(1).to_string();
    assert!(
        bystander.contains(
            "Seat 0 played a moose into seat 2, room 1 (kitchen): seat 2 decides, trap or allow."
        ),
        "{bystander}"
    );
}

#[test]
fn transcript_notes_say_what_an_event_does_and_tolerate_illegal_events() {
    let trap = trap_position("players=3", true);
    assert_eq!(
        trap.describe(&MooseHouseAction::Trap).as_deref(),
        Some(
            "seat 2 springs a Trap: the moose and the Trap are discarded; seat 2, room 1 \
             (kitchen) stays empty"
        )
    );
    let clean_up = clean_up_position();
    assert_eq!(
        clean_up
            .describe(&action::<MooseHouse>("house 0"))
            .as_deref(),
        Some(
            "a Moose in the House for seat 0; now everyone has one, so hands discard theirs \
             face up (seat 0 discards 2, seat 2 discards 1)"
        )
    );
    // A transcript being rendered may hold an illegal event: its note must not panic.
    let over = finish(endgame(
        "players=2",
        0,
        &[cards(&[]), cards(&[])],
        &[house(false, &[]), house(false, &[])],
    ));
    let texts = [
        "house 0",
        "house 4",
        "room kitchen 4",
        "moose bathroom 4 20",
        "door 20",
        "discard trap",
        "pass",
        "trap",
        "allow",
        "draw house",
        "draw trap",
    ];
    // Seat 0 holds no Moose in the House card, yet "house 0" would complete the houses.
    let almost = endgame(
        "players=2",
        0,
        &[cards(&[]), cards(&[])],
        &[house(false, &[]), house(true, &[])],
    );
    for state in [
        after::<MooseHouse>("players=5", &[]),
        trap,
        clean_up,
        over,
        almost,
    ] {
        for text in texts {
            let _ = state.describe(&action::<MooseHouse>(text));
        }
    }
}
