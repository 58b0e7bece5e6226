//! Cheese Day: one test per rule and ruling of `shared/spec/cheese-day.md`, each playing a
//! scripted sequence of events (chance outcomes included) through the public API.

use mousehole_engine::conformance::random_transcript;
use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayConfig, Face, Phase,
};
use mousehole_engine::{Game, OptionError, Options, ToMove};

fn config(options: &str) -> CheeseDayConfig {
    Options::parse(CheeseDay::info(), options)
        .unwrap()
        .into_config()
        .unwrap()
}

fn action(text: &str) -> CheeseDayAction {
    text.parse()
        .unwrap_or_else(|e| panic!("bad action in test: {e}"))
}

/// Applies events given as text, failing with the event's position if one is rejected.
fn play(state: &mut CheeseDay, events: &[&str]) {
    for (i, text) in events.iter().enumerate() {
        state
            .apply(action(text))
            .unwrap_or_else(|e| panic!("event {} ('{text}'): {e}", i + 1));
    }
}

/// A game after the deal: the six pantry cards in slot order, then the reserve's top card.
fn dealt(players: usize, pantry: [&str; 6], top: &str) -> CheeseDay {
    let mut state = CheeseDay::new(&config(&format!("players={players}")));
    for card in pantry {
        play(&mut state, &[&format!("draw {card}")]);
    }
    play(&mut state, &[&format!("draw {top}")]);
    state
}

fn legal(state: &CheeseDay) -> Vec<String> {
    state.legal_texts()
}

#[test]
fn setup_draws_fill_slots_one_to_six_then_the_reserve_top() {
    let mut state = CheeseDay::new(&config("players=3"));
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
        observation.reserve_top,
        Some(2),
        "the top card's value is public"
    );
    assert_eq!(
        state.legal_texts(),
        ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"]
    );
}

#[test]
fn draws_are_weighted_by_the_cards_not_yet_drawn() {
    let mut state = CheeseDay::new(&config("players=2"));
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
    let error = state.apply(action("draw 1T")).unwrap_err();
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
    for state in [CheeseDay::new(&config("players=3")), refill] {
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
        state.apply(action("peek 2")).is_err(),
        "no peeking when the value is present"
    );
    assert!(
        state.apply(action("take 2")).is_err(),
        "only slots showing the roll"
    );
    assert!(
        state.apply(action("roll 3")).is_err(),
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
    let slot4 = mine.pantry[3].as_ref().unwrap();
    assert_eq!(slot4.face, Some(Face::Trap));
    assert_eq!(slot4.peeked_by, vec![0]);
    let slot4 = theirs.pantry[3].as_ref().unwrap();
    assert_eq!(slot4.face, None);
    assert_eq!(slot4.peeked_by, vec![0]);
}

#[test]
fn with_two_or_three_players_a_peek_burns_the_top_reserve_card() {
    for players in [2, 3] {
        let mut state = dealt(players, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
        play(&mut state, &["roll 3", "peek 1"]);
        assert_eq!(state.reserve_len(), 29, "{players} players");
        let observation = state.observation(0);
        assert_eq!(
            observation.discard,
            [0, 0, 1, 0, 0, 0],
            "the 3 was discarded"
        );
        assert_eq!(
            observation.discard_known, [[0; 2]; 6],
            "nobody saw its face"
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
    assert_eq!(state.observation(0).discard, [0; 6], "nothing was burned");
}

#[test]
fn take_reveals_the_card_and_refills_the_slot_from_the_reserve_top() {
    let mut state = dealt(3, ["4C", "2C", "4T", "5T", "1C", "6T"], "3T");
    assert_eq!(
        state.describe(&action("take 3")).as_deref(),
        Some("trap (1 of 3)")
    );
    play(&mut state, &["roll 4", "take 3"]);
    let observation = state.observation(2);
    assert_eq!(
        observation.taken[0][3],
        [0, 1],
        "seat 0 holds a revealed 4-hole trap"
    );
    let slot3 = observation.pantry[2].as_ref().unwrap();
    assert_eq!(slot3.value, 3, "the reserve's top card moved into the slot");
    assert_eq!(slot3.peeked_by, Vec::<usize>::new());
    assert_eq!(state.phase(), Phase::Draw);
    play(&mut state, &["draw 2T"]);
    assert_eq!(state.observation(0).reserve_top, Some(2));
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
    assert_eq!(peeker.discard[4], 1);
    assert_eq!(
        peeker.discard_known[4],
        [0, 1],
        "seat 0 saw that 5 was a trap"
    );
    assert_eq!(remover.discard_known[4], [0, 0], "the remover never saw it");
    assert_eq!(
        remover.discard_seen_by[0][4], 1,
        "that seat 0 knows it is public"
    );
    assert_eq!(remover.taken[1], [[0; 2]; 6], "removing takes nothing");
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
        state.describe(&action("take 6")).as_deref(),
        Some("trap (3 of 3): out, game over")
    );
    play(&mut state, &["take 6"]);
    assert_eq!(state.to_move(), ToMove::Terminal);
    assert!(state.pantry()[5].is_none(), "the slot is not refilled");
    assert!(state.apply(action("draw 2C")).is_err(), "no event follows");
    assert!(state.apply(action("roll 1")).is_err());
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
        let mut state = CheeseDay::new(&config(&format!("players={players}")));
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
                    let choice = action(&legal(&state)[1]); // remove slot 1
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
        assert_eq!(action(text).to_string(), text);
    }
    assert_eq!(action("  draw 4t ").to_string(), "draw 4T");
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
    assert_eq!(config("").traps(), [1, 2, 3, 3, 4, 5]);
    assert_eq!(config("traps=0/6/1/5/2/4").traps(), [0, 6, 1, 5, 2, 4]);
    let error = |text: &str| {
        Options::parse(CheeseDay::info(), text)
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
    let mut state = CheeseDay::new(&config("players=2,traps=0/0/0/0/0/6"));
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let kinds: Vec<String> = outcomes.iter().map(|(a, _)| a.to_string()).collect();
    assert_eq!(
        kinds,
        [
            "draw 1C", "draw 2C", "draw 3C", "draw 4C", "draw 5C", "draw 6T"
        ]
    );
    assert!(state.apply(action("draw 6C")).is_err());
}

#[test]
fn readable_transcripts_at_two_three_and_six_players() {
    for players in [2, 3, 6] {
        let transcript = random_transcript::<CheeseDay>(&config(&format!("players={players}")), 7);
        insta::assert_snapshot!(
            format!("cheese_day_{players}p_seed_7"),
            transcript.to_text()
        );
    }
}
