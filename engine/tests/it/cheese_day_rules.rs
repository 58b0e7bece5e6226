//! Cheese Day: one test per rule and ruling of `shared/spec/cheese-day.md`, each playing a
//! scripted sequence of events (chance outcomes included) through the public API; then what
//! each seat sees of each kind of event, the notes it reads and the labels of its choices.

use mousehole_engine::GameConfig;
use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayConfig, Face, FaceCounts, ObservedPhase, Phase, Reserve,
    SeatCount, ValueCounts,
};
use mousehole_engine::testing::{action, after, config, play};
use mousehole_engine::{Actor, Game, OptionError, Options, ToMove};

/// A game after the deal: the six pantry cards in slot order, then the reserve's top card.
fn dealt(players: usize, pantry: [&str; 6], top: &str) -> CheeseDay {
    let draws: Vec<String> = pantry
        .iter()
        .chain([&top])
        .map(|card| format!("draw {card}"))
        .collect();
    let draws: Vec<&str> = draws.iter().map(String::as_str).collect();
    after::<CheeseDay>(&format!("players={players}"), &draws)
}

fn legal(state: &CheeseDay) -> Vec<String> {
    state.legal_texts()
}

#[test]
fn setup_draws_fill_slots_one_to_six_then_the_reserve_top() {
    let mut state = CheeseDay::new(&config::<CheeseDay>("players=3"));
    assert_eq!(state.to_move(), ToMove::Chance);
    let cards = ["4T", "1C", "6T", "2C", "3T", "5C"];
    for (slot, card) in cards.iter().enumerate() {
        play(&mut state, &[&format!("draw {card}")]);
        let filled = state.pantry()[slot].expect("slot filled in order");
        assert_eq!(filled.card.to_string(), *card);
        assert!(state.pantry()[slot + 1..].iter().all(Option::is_none));
    }
    assert_eq!(
        state.phase(),
        Phase::Draw,
        "the reserve top is still to be drawn"
    );
    play(&mut state, &["draw 2T"]);
    assert_eq!(state.phase(), Phase::Roll);
    assert_eq!(state.reserve_len(), 30);
    let observation = state.observation(1);
    assert_eq!(
        observation.reserve.top,
        Some(2),
        "the top card's value is public"
    );
    assert_eq!(observation.reserve.cards, 30);
    assert_eq!(
        state.legal_texts(),
        ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"]
    );
}

#[test]
fn draws_are_weighted_by_the_cards_not_yet_drawn() {
    let mut state = CheeseDay::new(&config::<CheeseDay>("players=2"));
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let weights: Vec<(String, u32)> = outcomes.iter().map(|(a, w)| (a.to_string(), *w)).collect();
    let expected = [
        ("draw 1C", 5),
        ("draw 1T", 1),
        ("draw 2C", 4),
        ("draw 2T", 2),
        ("draw 3C", 3),
        ("draw 3T", 3),
        ("draw 4C", 3),
        ("draw 4T", 3),
        ("draw 5C", 2),
        ("draw 5T", 4),
        ("draw 6C", 1),
        ("draw 6T", 5),
    ];
    let expected: Vec<(String, u32)> = expected
        .iter()
        .map(|(a, w)| ((*a).to_owned(), *w))
        .collect();
    assert_eq!(weights, expected);
    play(&mut state, &["draw 1T"]);
    assert!(
        !legal(&state).contains(&"draw 1T".to_owned()),
        "the only 1-hole trap is out"
    );
    let before = state.clone();
    let error = state.apply(action::<CheeseDay>("draw 1T")).unwrap_err();
    assert!(
        error.to_string().contains("draw 1C"),
        "the error lists what is possible: {error}"
    );
    assert_eq!(state, before, "a rejected event changes nothing");
}

/// The direct sampler Cheese Day uses in playouts draws each listed outcome as often as its
/// weight says, both during the deal and for a new reserve top.
#[test]
fn sampled_draws_follow_the_listed_weights() {
    let mut refill = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut refill, &["roll 4", "take 1"]);
    for state in [CheeseDay::new(&config::<CheeseDay>("players=3")), refill] {
        assert_eq!(state.phase(), Phase::Draw);
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
        let mut rng = mousehole_engine::rng::chance_rng(3);
        let mut buffer = Vec::new();
        let samples = 60_000;
        let mut counts = vec![0u32; outcomes.len()];
        for _ in 0..samples {
            let drawn = state.sample_chance(&mut rng, &mut buffer).unwrap();
            let index = outcomes
                .iter()
                .position(|&(a, _)| a == drawn)
                .expect("a listed outcome");
            counts[index] += 1;
        }
        for ((action, weight), count) in outcomes.iter().zip(&counts) {
            let expected = f64::from(samples) * f64::from(*weight) / f64::from(total);
            let allowed = 5.0 * expected.sqrt() + 5.0;
            assert!(
                (f64::from(*count) - expected).abs() < allowed,
                "{action}: {count} draws, expected about {expected:.0}"
            );
        }
    }
}

#[test]
fn a_roll_matching_pantry_cards_offers_take_or_remove_of_those_slots_only() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 4"]);
    assert_eq!(state.to_move(), ToMove::Player(0));
    assert_eq!(legal(&state), ["take 1", "remove 1", "take 3", "remove 3"]);
    let before = state.clone();
    assert!(
        state.apply(action::<CheeseDay>("peek 2")).is_err(),
        "no peeking when the value is present"
    );
    assert!(
        state.apply(action::<CheeseDay>("take 2")).is_err(),
        "only slots showing the roll"
    );
    assert!(
        state.apply(action::<CheeseDay>("roll 3")).is_err(),
        "a decision is due, not a roll"
    );
    assert_eq!(state, before);
}

#[test]
fn a_roll_with_no_matching_card_means_peeking_at_any_slot() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 3"]);
    assert_eq!(
        legal(&state),
        ["peek 1", "peek 2", "peek 3", "peek 4", "peek 5", "peek 6"]
    );
}

#[test]
fn a_peek_is_private_but_who_peeked_is_public() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 3", "peek 4"]);
    let mine = state.observation(0);
    let theirs = state.observation(1);
    let slot4 = mine.slot(4).unwrap();
    assert_eq!((slot4.slot, slot4.value), (4, 5));
    assert_eq!(slot4.face, Some(Face::Trap));
    assert_eq!(slot4.peeked_by, vec![0]);
    let slot4 = theirs.slot(4).unwrap();
    assert_eq!(slot4.face, None);
    assert_eq!(slot4.peeked_by, vec![0]);
    // Seat 0 has seen one of the five-hole traps; for the others all six fives are unseen.
    assert_eq!(
        mine.unseen[4],
        ValueCounts {
            value: 5,
            cheese: 2,
            trap: 3
        }
    );
    assert_eq!(
        theirs.unseen[4],
        ValueCounts {
            value: 5,
            cheese: 2,
            trap: 4
        }
    );
}

#[test]
fn with_two_or_three_players_a_peek_burns_the_top_reserve_card() {
    for players in [2, 3] {
        let mut state = dealt(players, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
        play(&mut state, &["roll 3", "peek 1"]);
        assert_eq!(state.reserve_len(), 29, "{players} players");
        let observation = state.observation(0);
        let discarded: Vec<u8> = observation.discard.iter().map(|d| d.cards).collect();
        assert_eq!(discarded, [0, 0, 1, 0, 0, 0], "the 3 was discarded");
        assert!(
            observation
                .discard
                .iter()
                .all(|d| d.known == FaceCounts::default() && d.peeked_by.is_empty()),
            "nobody saw its face"
        );
        assert_eq!(
            observation.reserve,
            Reserve {
                cards: 29,
                top: None
            }
        );
        assert_eq!(state.phase(), Phase::Draw, "a new top card is drawn");
        play(&mut state, &["draw 5C"]);
        assert_eq!(state.to_move(), ToMove::Chance);
        assert_eq!(state.observation(1).turn, 1);
    }
}

#[test]
fn with_four_or_more_players_a_peek_burns_nothing() {
    for players in [4, 5, 6] {
        let mut state = dealt(players, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
        play(&mut state, &["roll 3", "peek 1"]);
        assert_eq!(state.reserve_len(), 30, "{players} players");
        assert_eq!(state.phase(), Phase::Roll, "next seat rolls at once");
        assert_eq!(state.turn(), 1);
    }
}

#[test]
fn the_burn_happens_only_on_peek_turns() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 4", "take 1"]);
    assert_eq!(state.reserve_len(), 29, "only the refill left the reserve");
    assert!(
        state.observation(0).discard.iter().all(|d| d.cards == 0),
        "nothing was burned"
    );
}

#[test]
fn take_reveals_the_card_and_refills_the_slot_from_the_reserve_top() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    assert_eq!(
        state.describe(&action::<CheeseDay>("take 3")).as_deref(),
        Some("trap (4 holes), seat 0's first")
    );
    play(&mut state, &["roll 4", "take 3"]);
    let observation = state.observation(2);
    let taker = &observation.players[0];
    assert_eq!(
        taker.taken[3],
        ValueCounts {
            value: 4,
            cheese: 0,
            trap: 1
        },
        "seat 0 holds a revealed 4-hole trap"
    );
    assert_eq!(
        (taker.traps, taker.holes, taker.cheese_cards, taker.out),
        (1, 0, 0, false)
    );
    let slot3 = observation.slot(3).unwrap();
    assert_eq!(slot3.value, 3, "the reserve's top card moved into the slot");
    assert_eq!(slot3.peeked_by, Vec::<usize>::new());
    assert_eq!(state.phase(), Phase::Draw);
    assert_eq!(observation.phase, ObservedPhase::Draw);
    play(&mut state, &["draw 2T"]);
    assert_eq!(state.observation(0).reserve.top, Some(2));
    assert_eq!(state.turn(), 1);
}

#[test]
fn remove_discards_unseen_and_only_a_previous_peeker_knows_the_face() {
    let mut state = dealt(4, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(
        &mut state,
        &["roll 3", "peek 4", "roll 5", "remove 4", "draw 2C"],
    );
    let peeker = state.observation(0);
    let remover = state.observation(1);
    assert_eq!(peeker.discard[4].value, 5);
    assert_eq!(peeker.discard[4].cards, 1);
    assert_eq!(
        peeker.discard[4].known,
        FaceCounts { cheese: 0, trap: 1 },
        "seat 0 saw that 5 was a trap"
    );
    assert_eq!(
        remover.discard[4].known,
        FaceCounts::default(),
        "the remover never saw it"
    );
    assert_eq!(
        remover.discard[4].peeked_by,
        [SeatCount { seat: 0, cards: 1 }],
        "that seat 0 knows it is public"
    );
    assert_eq!(
        peeker.unseen[4],
        ValueCounts {
            value: 5,
            cheese: 2,
            trap: 3
        }
    );
    assert_eq!(
        remover.unseen[4],
        ValueCounts {
            value: 5,
            cheese: 2,
            trap: 4
        }
    );
    assert!(
        remover.players[1]
            .taken
            .iter()
            .all(|c| c.cheese + c.trap == 0),
        "removing takes nothing"
    );
}

#[test]
fn the_third_trap_ends_the_game_at_once_and_ranks_its_taker_last() {
    // Seat 2 takes three traps; seats 0 and 1 tie on 4 holes, seat 1 with more cheese cards.
    let mut state = dealt(3, ["4C", "2C", "2C", "5T", "5T", "6T"], "3T");
    play(
        &mut state,
        &[
            "roll 4", "take 1", "draw 1C", // seat 0: 4 holes on one card
            "roll 2", "take 2", "draw 6C", // seat 1: 2 holes
            "roll 5", "take 4", "draw 1T", // seat 2: first trap
            "roll 4", "peek 6", "draw 3C", // seat 0 peeks; the 1T is burned
            "roll 2", "take 3", "draw 4T", // seat 1: 4 holes on two cards
            "roll 5", "take 5", "draw 1C", // seat 2: second trap
            "roll 5", "peek 1", "draw 5C", // seat 0
            "roll 5", "peek 2", "draw 2T", // seat 1
            "roll 6",
        ],
    );
    assert_eq!(legal(&state), ["take 4", "remove 4", "take 6", "remove 6"]);
    assert_eq!(
        state.describe(&action::<CheeseDay>("take 6")).as_deref(),
        Some("trap (6 holes), seat 2's third: out, game over")
    );
    play(&mut state, &["take 6"]);
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert!(state.pantry()[5].is_none(), "the slot is not refilled");
    assert!(
        state.apply(action::<CheeseDay>("draw 2C")).is_err(),
        "no event follows"
    );
    assert!(state.apply(action::<CheeseDay>("roll 1")).is_err());
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.scores, vec![4, 4, 0]);
    assert_eq!(
        outcome.ranks,
        vec![2, 1, 3],
        "tie on holes goes to more cheese cards"
    );
    assert_eq!(outcome.returns, vec![0.0, 1.0, 0.0]);
}

#[test]
fn the_eliminated_player_ranks_last_whatever_he_holds() {
    // Seat 1 holds the most holes but takes his third trap.
    let mut state = dealt(2, ["6C", "5T", "5T", "6T", "4T", "1C"], "2C");
    play(
        &mut state,
        &[
            "roll 1", "take 6", "draw 3C", // seat 0: 1 hole
            "roll 6", "take 1", "draw 4C", // seat 1: 6 holes
            "roll 3", "take 1", "draw 3T", // seat 0: 3 more holes (the 3C from the top)
            "roll 5", "take 2", "draw 3T", // seat 1: trap 1
            "roll 1", "peek 1", "draw 2T", // seat 0 peeks, burning the 3T
            "roll 5", "take 3", "draw 1C", // seat 1: trap 2
            "roll 1", "peek 1", "draw 5C", // seat 0
            "roll 6", "take 4", // seat 1: trap 3
        ],
    );
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.scores, vec![4, 6]);
    assert_eq!(outcome.ranks, vec![1, 2]);
}

#[test]
fn equal_holes_and_equal_cheese_cards_share_the_place() {
    let mut state = dealt(3, ["4C", "4C", "5T", "5T", "6T", "1C"], "3T");
    play(
        &mut state,
        &[
            "roll 4", "take 1", "draw 2C", //
            "roll 4", "take 2", "draw 1C", //
            "roll 5", "take 3", "draw 6C", //
            "roll 4", "peek 1", "draw 2T", //
            "roll 4", "peek 1", "draw 3C", //
            "roll 5", "take 4", "draw 4T", //
            "roll 4", "peek 2", "draw 5C", //
            "roll 4", "peek 2", "draw 3C", //
            "roll 6", "take 5",
        ],
    );
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.scores, vec![4, 4, 0]);
    assert_eq!(outcome.ranks, vec![1, 1, 3]);
    assert_eq!(outcome.returns, vec![0.5, 0.5, 0.0]);
}

#[test]
fn tie_breaks_apply_at_every_place() {
    let mut state = dealt(4, ["5C", "3C", "1C", "2C", "6T", "6T"], "5T");
    play(
        &mut state,
        &[
            "roll 5", "take 1", "draw 4T", // seat 0: 5 holes
            "roll 3", "take 2", "draw 6T", // seat 1: 3 holes, one card
            "roll 1", "take 3", "draw 3T", // seat 2: 1 hole
            "roll 6", "take 5", "draw 2T", // seat 3: trap 1
            "roll 1", "peek 1", // four players: no burn
            "roll 1", "peek 1", //
            "roll 2", "take 4", "draw 1T", // seat 2: 3 holes on two cards
            "roll 6", "take 3", "draw 4C", // seat 3: trap 2
            "roll 1", "remove 3", "draw 3C", //
            "roll 1", "peek 2", //
            "roll 1", "peek 2", //
            "roll 6", "take 6", // seat 3: trap 3
        ],
    );
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.scores, vec![5, 3, 3, 0]);
    assert_eq!(outcome.ranks, vec![1, 3, 2, 4]);
}

#[test]
fn the_game_ends_after_the_turn_that_empties_the_reserve() {
    for players in [2, 4] {
        let mut state = CheeseDay::new(&config::<CheeseDay>(&format!("players={players}")));
        let mut outcomes = Vec::new();
        let mut turns = 0;
        while !state.is_terminal() {
            match state.to_move() {
                ToMove::Chance if state.phase() == Phase::Roll => {
                    turns += 1;
                    // Roll a value in the pantry when there is one, so the reserve runs down.
                    let value = state.pantry()[0].unwrap().card.value;
                    play(&mut state, &[&format!("roll {value}")]);
                }
                ToMove::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    state.apply(outcomes[0].0).unwrap();
                }
                ToMove::Player(_) => {
                    let reserve = state.reserve_len();
                    let choice = action::<CheeseDay>(&legal(&state)[1]); // remove slot 1
                    state.apply(choice).unwrap();
                    if reserve == 1 {
                        assert_eq!(
                            state.to_move(),
                            ToMove::Terminal,
                            "ends right after that turn"
                        );
                    } else {
                        assert_ne!(state.to_move(), ToMove::Terminal);
                    }
                }
                ToMove::Terminal => unreachable!(),
            }
        }
        assert_eq!(state.reserve_len(), 0);
        assert_eq!(turns, 30, "one reserve card per remove");
        assert!(
            state.pantry().iter().all(Option::is_some),
            "the pantry stays full"
        );
        let outcome = state.outcome().unwrap();
        assert_eq!(
            outcome.ranks,
            vec![1; players],
            "nobody took anything: all share first"
        );
    }
}

#[test]
fn text_forms_print_and_parse_back() {
    for text in [
        "peek 1", "take 6", "remove 3", "roll 5", "draw 4T", "draw 1C",
    ] {
        assert_eq!(action::<CheeseDay>(text).to_string(), text);
    }
    assert_eq!(action::<CheeseDay>("  draw 4t ").to_string(), "draw 4T");
    for bad in [
        "peek 0", "take 7", "remove", "roll 0", "roll 7", "draw 7C", "draw 4X", "draw", "take 1 2",
        "skip 1",
    ] {
        let error = bad.parse::<CheeseDayAction>().unwrap_err();
        assert!(
            error.to_string().contains("expected peek S"),
            "{bad}: {error}"
        );
    }
}

#[test]
fn options_are_validated_with_clear_errors() {
    assert_eq!(config::<CheeseDay>("").traps(), [1, 2, 3, 3, 4, 5]);
    assert_eq!(
        config::<CheeseDay>("traps=0/6/1/5/2/4").traps(),
        [0, 6, 1, 5, 2, 4]
    );
    let error = |text: &str| {
        Options::parse(CheeseDayConfig::description(), text)
            .and_then(Options::into_config::<CheeseDayConfig>)
            .unwrap_err()
    };
    assert!(matches!(
        error("players=1"),
        OptionError::Invalid { key: "players", .. }
    ));
    assert!(matches!(
        error("players=7"),
        OptionError::Invalid { key: "players", .. }
    ));
    assert!(matches!(
        error("traps=1/2/3"),
        OptionError::Invalid { key: "traps", .. }
    ));
    assert!(matches!(
        error("traps=1/2/3/3/4/7"),
        OptionError::Invalid { key: "traps", .. }
    ));
    assert_eq!(
        error("colour=red").to_string(),
        "cheese-day has no option 'colour'; its options are: players, traps"
    );
    assert!(matches!(error("players"), OptionError::Malformed { .. }));
}

#[test]
fn custom_trap_counts_shape_the_deck() {
    let mut state = CheeseDay::new(&config::<CheeseDay>("players=2,traps=0/0/0/0/0/6"));
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let kinds: Vec<String> = outcomes.iter().map(|(a, _)| a.to_string()).collect();
    assert_eq!(
        kinds,
        [
            "draw 1C", "draw 2C", "draw 3C", "draw 4C", "draw 5C", "draw 6T"
        ]
    );
    assert!(state.apply(action::<CheeseDay>("draw 6C")).is_err());
}

#[test]
fn the_observation_states_phase_turn_and_deciding_seat_plainly() {
    let mut state = CheeseDay::new(&config::<CheeseDay>("players=3"));
    let observation = state.observation(2);
    assert_eq!(
        (observation.phase, observation.turn, observation.deciding),
        (ObservedPhase::Deal, 0, None)
    );
    assert!(observation.pantry.is_empty(), "no card is dealt yet");
    play(
        &mut state,
        &[
            "draw 4C", "draw 2C", "draw 4T", "draw 5T", "draw 1C", "draw 6T",
        ],
    );
    assert_eq!(
        state.observation(2).phase,
        ObservedPhase::Draw,
        "the reserve top is next"
    );
    play(&mut state, &["draw 3T"]);
    let observation = state.observation(2);
    assert_eq!(
        (observation.phase, observation.deciding),
        (ObservedPhase::Roll, None)
    );
    let slots: Vec<(u8, u8)> = observation
        .pantry
        .iter()
        .map(|c| (c.slot, c.value))
        .collect();
    assert_eq!(slots, [(1, 4), (2, 2), (3, 4), (4, 5), (5, 1), (6, 6)]);
    play(&mut state, &["roll 4"]);
    let observation = state.observation(2);
    assert_eq!(
        (
            observation.phase,
            observation.roll(),
            observation.turn,
            observation.deciding
        ),
        (ObservedPhase::Choose { roll: 4 }, Some(4), 0, Some(0))
    );
    play(
        &mut state,
        &["take 1", "draw 2T", "roll 6", "remove 6", "draw 1T"],
    );
    let observation = state.observation(0);
    assert_eq!((observation.turn, observation.deciding), (2, None));
    assert_eq!(observation.players[0].holes, 4);
    assert_eq!(observation.players[0].cheese_cards, 1);
    assert_eq!(observation.options, config::<CheeseDay>("players=3"));
}

#[test]
fn the_unseen_table_counts_every_face_the_seat_has_not_seen() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    // Seat 0 peeks at the 4T; seat 1 takes the 4C.
    play(
        &mut state,
        &["roll 3", "peek 3", "draw 2C", "roll 4", "take 1", "draw 6C"],
    );
    let unseen = |seat: usize| state.observation(seat).unseen[3];
    assert_eq!(
        unseen(0),
        ValueCounts {
            value: 4,
            cheese: 2,
            trap: 2
        }
    );
    assert_eq!(
        unseen(1),
        ValueCounts {
            value: 4,
            cheese: 2,
            trap: 3
        }
    );
    // Per value the unseen faces are the cards of that value whose face the seat has not seen.
    let observation = state.observation(1);
    let total: u32 = observation
        .unseen
        .iter()
        .map(|c| u32::from(c.cheese + c.trap))
        .sum();
    assert_eq!(total, 36 - 1, "only the taken 4C is seen by seat 1");
}

#[test]
fn determinizing_keeps_what_the_seat_saw_and_deals_the_rest_by_the_unseen_counts() {
    let mut state = dealt(4, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 3", "peek 4"]);
    let mut rng = mousehole_engine::rng::seat_rng(5, 0);
    let peeker = state.observation(0);
    let other = state.observation(1);
    let mut traps = 0;
    let samples = 6000;
    for _ in 0..samples {
        let known = CheeseDay::determinize(&peeker, &mut rng);
        assert_eq!(
            known.pantry()[3].unwrap().card.face,
            Face::Trap,
            "seat 0 saw it"
        );
        assert_eq!(known.observation(0), peeker);
        let guessed = CheeseDay::determinize(&other, &mut rng);
        assert_eq!(guessed.observation(1), other);
        traps += u32::from(guessed.pantry()[3].unwrap().card.face == Face::Trap);
    }
    // For seat 1 the five-hole card is one of six fives, four of them traps.
    let expected = f64::from(samples) * 4.0 / 6.0;
    assert!(
        (f64::from(traps) - expected).abs() < 150.0,
        "{traps} traps in {samples}"
    );
}

/// Applies the event written `text` and returns, per seat, how it saw it and the note it read
/// (as the match runner records them).
fn seen(state: &mut CheeseDay, text: &str) -> Vec<(String, Option<String>)> {
    let action = action::<CheeseDay>(text);
    let actor = match state.to_move() {
        ToMove::Player(seat) => Actor::Seat(seat),
        _ => Actor::Chance,
    };
    let before: Vec<_> = (0..state.num_players())
        .map(|seat| (state.observation(seat), state.event_view(seat, &action)))
        .collect();
    play(state, &[text]);
    before
        .into_iter()
        .enumerate()
        .map(|(seat, (observation, view))| {
            let note = CheeseDay::event_note(&observation, actor, &view, &state.observation(seat));
            (view.to_string(), note)
        })
        .collect()
}

/// The same view and note for every seat.
fn everyone(players: usize, view: &str, note: &str) -> Vec<(String, Option<String>)> {
    vec![(view.to_owned(), Some(note.to_owned())); players]
}

#[test]
fn every_seat_sees_a_draw_by_its_back_only() {
    let mut state = CheeseDay::new(&config::<CheeseDay>("players=3"));
    assert_eq!(
        seen(&mut state, "draw 4T"),
        everyone(3, "draw 4?", "into pantry slot 1")
    );
    assert_eq!(
        seen(&mut state, "draw 2C"),
        everyone(3, "draw 2?", "into pantry slot 2")
    );
    play(&mut state, &["draw 4T", "draw 5T", "draw 1C", "draw 6T"]);
    assert_eq!(
        seen(&mut state, "draw 3C"),
        everyone(3, "draw 3?", "the new top of the reserve")
    );
    assert!(
        "draw 3?".parse::<CheeseDayAction>().is_err(),
        "a redacted draw is no event"
    );
}

#[test]
fn rolls_and_decisions_are_public_to_every_seat() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    let roll = seen(&mut state, "roll 4");
    assert_eq!(
        roll[1],
        (
            "roll 4".to_owned(),
            Some("seat 0 takes or removes a 4: slot 1 or 3".to_owned())
        )
    );
    assert_eq!(
        roll[0].1.as_deref(),
        Some("you take or remove a 4: slot 1 or 3")
    );
    for (view, _) in seen(&mut state, "remove 3") {
        assert_eq!(view, "remove 3");
    }
    play(&mut state, &["draw 6T"]);
    let roll = seen(&mut state, "roll 5");
    assert_eq!(
        roll[2].1.as_deref(),
        Some("seat 1 takes or removes the 5 in slot 4")
    );
    play(&mut state, &["take 4", "draw 2T"]);
    let roll = seen(&mut state, "roll 5");
    assert_eq!(
        roll[0].1.as_deref(),
        Some("no 5 in the pantry: seat 2 peeks")
    );
    assert_eq!(roll[2].1.as_deref(), Some("no 5 in the pantry: you peek"));
    for (view, _) in seen(&mut state, "peek 6") {
        assert_eq!(view, "peek 6");
    }
}

#[test]
fn a_taken_card_is_told_to_everyone_with_its_face() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 4"]);
    let notes = seen(&mut state, "take 3");
    assert_eq!(
        notes[0],
        (
            "take 3".to_owned(),
            Some("trap (4 holes), your first; slot 3 refilled: 3 holes".to_owned())
        )
    );
    for other in &notes[1..] {
        assert_eq!(
            other.1.as_deref(),
            Some("trap (4 holes), seat 0's first; slot 3 refilled: 3 holes")
        );
    }
    play(&mut state, &["draw 2T", "roll 4"]);
    let notes = seen(&mut state, "take 1");
    assert_eq!(
        notes[2].1.as_deref(),
        Some("cheese (4 holes); slot 1 refilled: 2 holes")
    );
}

#[test]
fn a_peeked_face_is_told_to_the_peeker_alone() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 3"]);
    let notes = seen(&mut state, "peek 4");
    let burn = "; the reserve's top card (3 holes) is discarded unseen";
    assert_eq!(
        notes[0],
        ("peek 4".to_owned(), Some(format!("you see a trap{burn}")))
    );
    assert_eq!(
        notes[1],
        (
            "peek 4".to_owned(),
            Some(format!("seat 0 looks at slot 4 (5 holes){burn}"))
        )
    );
    assert_eq!(notes[2], notes[1]);
    let mut four = dealt(4, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut four, &["roll 3"]);
    let notes = seen(&mut four, "peek 1");
    assert_eq!(
        notes[0].1.as_deref(),
        Some("you see cheese"),
        "no burn at four players"
    );
    assert_eq!(
        notes[3].1.as_deref(),
        Some("seat 0 looks at slot 1 (4 holes)")
    );
}

#[test]
fn a_removed_card_is_unseen_but_its_peekers_are_reminded_of_its_face() {
    let mut state = dealt(4, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut state, &["roll 3", "peek 4", "roll 5"]);
    let notes = seen(&mut state, "remove 4");
    assert_eq!(
        notes[0].1.as_deref(),
        Some("5 holes removed unseen (you knew: a trap); slot 4 refilled: 3 holes")
    );
    assert_eq!(
        notes[1].1.as_deref(),
        Some("5 holes removed unseen; slot 4 refilled: 3 holes")
    );
}

#[test]
fn the_last_notes_of_a_game_say_how_it_ended() {
    let mut state = dealt(3, ["4C", "2C", "2C", "5T", "5T", "6T"], "3T");
    play(
        &mut state,
        &[
            "roll 5", "take 4", "draw 1C", // seat 0: first trap
            "roll 2", "take 2", "draw 6T", //
            "roll 1", "take 2", "draw 6C", //
            "roll 3", "take 4", "draw 1T", // seat 0: second trap
            "roll 2", "take 3", "draw 3C", //
            "roll 4", "remove 1", "draw 2C", //
            "roll 6",
        ],
    );
    let notes = seen(&mut state, "take 6");
    assert_eq!(
        notes[0].1.as_deref(),
        Some("trap (6 holes), your third: out, game over")
    );
    assert_eq!(
        notes[1].1.as_deref(),
        Some("trap (6 holes), seat 0's third: out, game over")
    );

    let mut state = CheeseDay::new(&config::<CheeseDay>("players=2"));
    let mut outcomes = Vec::new();
    while state.reserve_len() > 1 || state.phase() != Phase::Roll {
        match state.phase() {
            Phase::Roll => {
                let value = state.pantry()[0].unwrap().card.value;
                play(&mut state, &[&format!("roll {value}")]);
            }
            Phase::Choose { .. } => play(&mut state, &["remove 1"]),
            _ => {
                state.chance_outcomes(&mut outcomes);
                state.apply(outcomes[0].0).unwrap();
            }
        }
    }
    let value = state.pantry()[0].unwrap().card.value;
    play(&mut state, &[&format!("roll {value}")]);
    let top = state.observation(0).reserve.top.unwrap();
    let notes = seen(&mut state, "remove 1");
    let note = notes[0].1.as_deref().unwrap();
    assert_eq!(
        note,
        format!("{value} holes removed unseen; slot 1 refilled: {top} holes; the reserve is empty: game over")
            .replace("1 holes", "1 hole")
    );
    assert!(state.is_terminal());
}

#[test]
fn choice_labels_name_the_slot_its_holes_and_what_the_seat_knows() {
    let mut state = dealt(4, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(
        &mut state,
        &[
            "roll 3", "peek 1", "roll 3", "peek 2", "roll 3", "peek 3", "roll 3", "peek 4",
        ],
    );
    let label = |state: &CheeseDay, text: &str| {
        CheeseDay::choice_label(&state.observation(state.turn()), &action::<CheeseDay>(text))
    };
    play(&mut state, &["roll 4"]);
    assert_eq!(
        label(&state, "take 1"),
        "take slot 1 (4 holes, you know: cheese)"
    );
    assert_eq!(
        label(&state, "remove 1"),
        "remove slot 1 (4 holes, you know: cheese) from the game unseen"
    );
    // Seat 0 has seen one 4C: two cheese and three traps among the fours it has not seen.
    assert_eq!(
        label(&state, "take 3"),
        "take slot 3 (4 holes, trap chance 3/5)"
    );
    let mut peeking = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    play(&mut peeking, &["roll 3", "peek 4", "draw 2C", "roll 3"]);
    assert_eq!(
        label(&peeking, "peek 2"),
        "peek at slot 2 (2 holes, trap chance 2/6)"
    );
    assert_eq!(
        label(&peeking, "peek 4"),
        "peek at slot 4 (5 holes, trap chance 4/6)"
    );
}

#[test]
fn full_transcript_notes_tell_the_true_faces() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    let describe = |state: &CheeseDay, text: &str| state.describe(&action::<CheeseDay>(text));
    assert_eq!(
        describe(&state, "roll 3").as_deref(),
        Some("no 3 in the pantry: peek")
    );
    assert_eq!(describe(&state, "roll 4"), None);
    play(&mut state, &["roll 3"]);
    assert_eq!(
        describe(&state, "peek 4").as_deref(),
        Some(
            "sees a trap (5 holes); the reserve's top card, a trap (3 holes), is discarded unseen"
        )
    );
    play(&mut state, &["peek 4"]);
    assert_eq!(
        describe(&state, "draw 2C").as_deref(),
        Some("the new top of the reserve")
    );
    play(&mut state, &["draw 2C", "roll 5"]);
    assert_eq!(
        describe(&state, "remove 4").as_deref(),
        Some("a trap (5 holes) removed unseen")
    );
    let fresh = CheeseDay::new(&config::<CheeseDay>("players=3"));
    assert_eq!(
        describe(&fresh, "draw 2C").as_deref(),
        Some("into pantry slot 1")
    );
}
