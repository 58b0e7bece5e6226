//! Cheese Day's heuristic: it only ever chooses legal actions, whatever the options; the agent
//! (from the observation) and the rollout policy (from a sampled world's state) make the same
//! choice, in the true world and in every world sampled from the seat's view; and on
//! hand-built positions it plays as the strategy says: a near-certain trap is removed at two
//! traps by a leader, a seen cheese is always taken and a seen trap never, a hopeless last
//! turn is gambled, a rival's peeked card is the one removed, peeks go to cards not yet seen.
//! Also: the game's fast `returns_into` equals its outcome's returns.

use mousehole_bots::heuristic::check_forms_agree;
use mousehole_bots::{AgentSpec, Heuristic, play_agents};
use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayAction, CheeseDayConfig};
use mousehole_engine::playout::uniform;
use mousehole_engine::rng::{chance_rng, seat_rng};
use mousehole_engine::testing::{after, config, play};
use mousehole_engine::{Game, GameRng, MatchEnd, ToMove};

/// Option sets the heuristic must cope with, the odd ones included.
const OPTIONS: &[&str] = &[
    "players=2",
    "players=3",
    "players=4",
    "players=5",
    "players=6",
    "players=3,traps=0/0/0/0/0/0",
    "players=3,traps=6/6/6/6/6/6",
    "players=6,traps=6/6/6/6/6/6",
    "players=2,traps=6/0/6/0/6/0",
    "players=4,traps=0/1/2/4/5/6",
];

/// The heuristic's choice at `state` by both paths, which must agree; as text.
fn choice(state: &CheeseDay) -> String {
    let ToMove::Player(seat) = state.to_move() else {
        panic!("not a decision: {:?}", state.phase());
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let by_state = CheeseDay::rollout_choice(state, &legal, &mut seat_rng(1, seat));
    let by_observation =
        CheeseDay::heuristic_choice(&state.observation(seat), &legal, &mut seat_rng(1, seat));
    assert_eq!(by_state, by_observation, "the two paths disagree");
    assert!(legal.contains(&by_state), "{by_state} is not legal");
    by_state.to_string()
}

/// Plays a game with seed `seed` to its end: seats in `heuristic` (a bit per seat) by the
/// rollout policy, the others at random; `visit` sees every decision state first.
fn play_out(
    config: CheeseDayConfig,
    seed: u64,
    heuristic: u8,
    mut visit: impl FnMut(&CheeseDay, &[CheeseDayAction]),
) -> CheeseDay {
    let mut state = CheeseDay::new(&config);
    let mut chance = chance_rng(seed);
    let mut rngs: Vec<GameRng> = (0..6).map(|seat| seat_rng(seed, seat)).collect();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    loop {
        match state.to_move() {
            ToMove::Terminal => return state,
            ToMove::Chance => {
                let action = state
                    .sample_chance(&mut chance, &mut outcomes)
                    .expect("a chance node has outcomes");
                state.apply(action).expect("chance outcomes are legal");
            }
            ToMove::Player(seat) => {
                state.legal_actions(&mut legal);
                visit(&state, &legal);
                let action = if heuristic & (1 << seat) != 0 {
                    CheeseDay::rollout_choice(&state, &legal, &mut rngs[seat])
                } else {
                    uniform(&legal, &mut rngs[seat])
                };
                assert!(legal.contains(&action), "{action} is not legal");
                state.apply(action).expect("a legal action applies");
            }
        }
    }
}

#[test]
fn the_heuristic_agent_finishes_every_game_with_legal_choices() {
    for options in OPTIONS {
        let config = config::<CheeseDay>(options);
        let players = mousehole_engine::GameConfig::players(&config);
        for seed in 0..40 {
            // Heuristic agents in every other seat, random ones between them.
            let specs: Vec<AgentSpec> = (0..players)
                .map(|seat| if seat % 2 == 0 { "heuristic" } else { "random" })
                .map(|spec| spec.parse().expect("agent spec"))
                .collect();
            let (game, end) = play_agents::<CheeseDay>(&config, &specs, seed);
            assert!(
                matches!(end, MatchEnd::Finished(_)),
                "{options} seed {seed}: {end:?}"
            );
            assert!(game.state().outcome().is_some());
        }
    }
}

#[test]
fn the_two_forms_choose_alike_in_the_true_world_and_in_worlds_sampled_from_the_view() {
    let mut decisions = 0;
    for options in OPTIONS {
        let config = config::<CheeseDay>(options);
        for seed in 0..60 {
            // All seats by the heuristic, then only seat 0 (so positions vary more).
            for heuristic in [u64::MAX, 0b1] {
                decisions += check_forms_agree::<CheeseDay>(&config, seed, heuristic, 1).1;
            }
        }
    }
    assert!(decisions > 10_000, "only {decisions} decisions checked");
}

#[test]
fn returns_into_equals_the_outcome_returns() {
    let mut third_traps = 0;
    for options in OPTIONS {
        let config = config::<CheeseDay>(options);
        for seed in 0..200 {
            let state = play_out(config, seed, (seed % 4) as u8, |_, _| {});
            let outcome = state.outcome().expect("the game is over");
            let mut returns = vec![7.0];
            state.returns_into(&mut returns);
            assert_eq!(returns, outcome.returns, "{options} seed {seed}");
            third_traps += usize::from(outcome.ranks.iter().any(|&r| r as usize == returns.len()));
        }
    }
    assert!(third_traps > 100, "too few games ended by a third trap");
    let mut unfinished = vec![1.0];
    CheeseDay::new(&config::<CheeseDay>("players=3")).returns_into(&mut unfinished);
    assert!(unfinished.is_empty(), "no returns before the end");
}

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

/// Two players; seat 0 has two traps and 5 holes, seat 1 has 3 holes; seat 0 is to roll with
/// the pantry 5T 2T 6C 4C 4T 3T (slot 3's cheese unknown to all: an unseen 6 is a trap 3 times
/// in 4 for seat 0) and 24 cards in the reserve.
fn leader_at_two_traps() -> CheeseDay {
    let mut state = dealt(2, ["6T", "6T", "6C", "5C", "2C", "3C"], "5T");
    play(
        &mut state,
        &[
            "roll 6", "take 1", "draw 4T", // seat 0: a trap
            "roll 2", "take 5", "draw 1C", // seat 1: 2 holes
            "roll 5", "take 4", "draw 4C", // seat 0: 5 holes
            "roll 1", "take 4", "draw 2T", // seat 1: 3 holes
            "roll 6", "take 2", "draw 3T", // seat 0: a second trap
            "roll 3", "remove 6", "draw 1T",
        ],
    );
    state
}

#[test]
fn at_two_traps_the_leader_removes_a_likely_trap() {
    let mut state = leader_at_two_traps();
    assert_eq!(state.observation(0).players[0].traps, 2);
    play(&mut state, &["roll 6"]);
    assert_eq!(choice(&state), "remove 3");
}

#[test]
fn a_card_seen_to_be_cheese_is_taken_even_at_two_traps() {
    let mut state = leader_at_two_traps();
    // No 1 in the pantry: seat 0 peeks (its choice), and the peek burns the top card.
    play(&mut state, &["roll 1"]);
    let peek = choice(&state);
    assert!(peek.starts_with("peek "), "{peek}");
    play(
        &mut state,
        &["peek 3", "draw 2C", "roll 2", "remove 2", "draw 5C"],
    );
    assert_eq!(
        state.observation(0).slot(3).and_then(|s| s.face),
        Some(mousehole_engine::games::cheese_day::Face::Cheese)
    );
    play(&mut state, &["roll 6"]);
    assert_eq!(choice(&state), "take 3");
}

#[test]
fn a_card_seen_to_be_a_trap_is_never_taken() {
    let mut state = dealt(2, ["1T", "2C", "3C", "4C", "5C", "5T"], "2T");
    play(
        &mut state,
        &[
            "roll 6", "peek 1", "draw 3T", "roll 5", "remove 5", "draw 4T",
        ],
    );
    play(&mut state, &["roll 1"]);
    assert_eq!(choice(&state), "remove 1", "the only 1 is a known trap");
}

#[test]
fn a_seen_trap_is_passed_over_for_an_unseen_card_of_its_value() {
    // Slots 1 and 6 both show 1 hole; seat 0 saw slot 1's trap, so an unseen 1 is cheese
    // for sure (the only 1-trap is accounted for).
    let mut state = dealt(2, ["1T", "2C", "3C", "4C", "5C", "1C"], "2T");
    play(
        &mut state,
        &[
            "roll 6", "peek 1", "draw 3T", "roll 5", "remove 5", "draw 4T",
        ],
    );
    play(&mut state, &["roll 1"]);
    assert_eq!(choice(&state), "take 6");
}

#[test]
fn a_peek_goes_to_a_card_not_yet_seen() {
    let mut state = dealt(3, ["6C", "6T", "5T", "5C", "4T", "4C"], "1C");
    play(&mut state, &["roll 1"]);
    let first = choice(&state);
    play(&mut state, &[&first, "draw 1T"]);
    let seen: Vec<u8> = vec![first[5..].parse().expect("a slot")];
    // Seats 1 and 2 remove cards elsewhere; seat 0 rolls 1 again.
    play(
        &mut state,
        &["roll 2", "peek 1", "draw 2T", "roll 3", "peek 1", "draw 3T"],
    );
    play(&mut state, &["roll 1"]);
    let second = choice(&state);
    let slot: u8 = second[5..].parse().expect("a slot");
    assert!(second.starts_with("peek "), "{second}");
    assert!(!seen.contains(&slot), "peeked at slot {slot} twice");
}

#[test]
fn when_removing_it_removes_the_card_a_rival_peeked_at() {
    // Slots 1 and 3 show 6 holes; seat 1 peeked at slot 3, so it knows whether that card is
    // the one 6-cheese. Seat 0, the leader at two traps, will not take a 6 blind.
    let mut state = dealt(2, ["6T", "6T", "6C", "5C", "2C", "3C"], "6T");
    play(
        &mut state,
        &[
            "roll 6", "take 1", "draw 4T", // seat 0: a trap; slot 1 becomes 6T
            "roll 2", "take 5", "draw 1C", // seat 1: 2 holes
            "roll 5", "take 4", "draw 4C", // seat 0: 5 holes
            "roll 5", "peek 3", "draw 2T", // seat 1 peeks at slot 3; 4C burned
            "roll 6", "take 2", "draw 3T", // seat 0: a second trap
            "roll 3", "remove 6", "draw 1T",
        ],
    );
    assert_eq!(
        state.observation(0).slot(3).map(|s| s.peeked_by.clone()),
        Some(vec![1])
    );
    play(&mut state, &["roll 6"]);
    assert_eq!(choice(&state), "remove 3");
}

/// Plays turns in which the seat to move rolls slot 6's value and removes it, the reserve
/// refilled by the first card kind still undrawn, until `reserve` cards are left.
fn fill_until(state: &mut CheeseDay, reserve: usize) {
    let mut outcomes = Vec::new();
    while state.reserve_len() > reserve {
        let value = state.pantry()[5].expect("slot 6 holds a card").card.value;
        play(state, &[&format!("roll {value}"), "remove 6"]);
        state.chance_outcomes(&mut outcomes);
        state.apply(outcomes[0].0).expect("a draw");
    }
}

/// Two players, seat 0 to roll at its last turn (two cards left in the reserve: seat 1 plays
/// the game's last turn), with two traps and no cheese against seat 1's 3 holes, or, if
/// `leading`, 5 holes to 3. Slot 1 holds a 6 that seat 0 has not seen (for it a trap 3 times
/// in 4).
fn last_turn_at_two_traps(leading: bool) -> CheeseDay {
    let mut state = dealt(2, ["6T", "6T", "1C", "1C", "3C", "4C"], "6T");
    play(
        &mut state,
        &[
            "roll 6", "take 1", "draw 5T", // seat 0: a trap; slot 1 becomes 6T
            "roll 3", "take 5", "draw 5T", // seat 1: 3 holes
            "roll 6", "take 2", "draw 2T", // seat 0: a second trap
            "roll 2", "peek 1", "draw 2T", // seat 1 peeks; 2T burned
        ],
    );
    if leading {
        play(
            &mut state,
            &[
                "roll 4", "take 6", "draw 3T", // seat 0: 4 holes
                "roll 3", "peek 1", "draw 3T", // 3T burned
                "roll 1", "take 3", "draw 4T", // seat 0: 5 holes
                "roll 4", "peek 1", "draw 4T", // 4T burned
            ],
        );
    }
    fill_until(&mut state, 2);
    state
}

#[test]
fn at_its_last_turn_a_trailing_seat_gambles_and_a_leading_one_does_not() {
    for (leading, want) in [(false, "take"), (true, "remove")] {
        let mut state = last_turn_at_two_traps(leading);
        assert_eq!((state.reserve_len(), state.turn()), (2, 0));
        let seen = state.observation(0);
        assert_eq!(seen.players[0].traps, 2);
        assert_eq!(seen.players[0].holes, if leading { 5 } else { 0 });
        assert_eq!(seen.players[1].holes, 3);
        assert_eq!(seen.slot(1).map(|s| (s.value, s.face)), Some((6, None)));
        play(&mut state, &["roll 6"]);
        let chosen = choice(&state);
        assert!(chosen.starts_with(want), "wanted {want}, chose {chosen}");
    }
}

#[test]
fn its_estimate_favours_the_seat_ahead_in_holes() {
    let mut state = dealt(2, ["6T", "6T", "6C", "5C", "2C", "3C"], "5T");
    let mut returns = Vec::new();
    play(&mut state, &["roll 5"]);
    assert!(CheeseDay::estimate_returns(&state, &mut returns));
    let before = returns[0];
    // Seat 0 takes 5 holes; seat 1 rolls a 1, which no pantry card shows: it peeks.
    play(&mut state, &["take 4", "draw 4C", "roll 1"]);
    assert!(CheeseDay::estimate_returns(&state, &mut returns));
    assert!((returns.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(
        returns[0] > 0.5 && returns[0] > before,
        "{before} then {returns:?}"
    );
}
