//! The Mouse Trap heuristic: it only ever chooses legal actions, as an agent in the match
//! runner and as a rollout policy, over many seeded games with odd options (two and four
//! players, a one-part trap, a crank that never or always works, a tight turn limit), and its
//! two forms (from the observation, from a sampled world) choose alike at every decision.
//! Ignored measurement: how fast the rollout policy decides (`cargo test --release -p
//! mousehole-bots --test it -- --ignored heuristic_mouse_trap --nocapture`).

use std::time::Instant;

use mousehole_bots::heuristic::check_forms_agree;
use mousehole_bots::{AgentSeat, AgentSpec, Heuristic, build_agent};
use mousehole_engine::games::mouse_trap::MouseTrap;
use mousehole_engine::rng::{seat_rng, stream};
use mousehole_engine::testing::config;
use mousehole_engine::{Game, GameConfig, Match, MatchEnd, ToMove};

/// Odd option sets, with how many games of each to play.
const ODD_OPTIONS: &[(&str, u64)] = &[
    ("players=2", 150),
    ("players=3", 150),
    ("players=4", 150),
    ("players=4,trap_parts=1", 100),
    ("players=2,trap_parts=100,max_turns=300", 50),
    ("players=3,trap_reliability=0,max_turns=150", 100),
    ("players=4,trap_reliability=1,trap_parts=2", 100),
    (
        "players=3,trap_reliability=1/10,trap_parts=1,max_turns=40",
        100,
    ),
    (
        "players=2,trap_reliability=0.5,trap_parts=3,max_turns=1",
        20,
    ),
];

/// Plays one game with every decision by the heuristic's rollout form, checked against the
/// observation form ([`check_forms_agree`]). Returns the number of real decisions (more than
/// one legal action).
fn self_play(options: &str, seed: u64) -> u64 {
    check_forms_agree::<MouseTrap>(&config::<MouseTrap>(options), seed, u64::MAX, 0).1 as u64
}

#[test]
fn the_heuristic_chooses_legal_actions_and_both_forms_agree_under_odd_options() {
    for &(options, games) in ODD_OPTIONS {
        let decisions: u64 = (0..games).map(|seed| self_play(options, seed)).sum();
        // One-turn games may end before anyone decides; every other set must test choices.
        if !options.ends_with("max_turns=1") {
            assert!(
                decisions > 0,
                "{options}: no real decision in {games} games"
            );
        }
    }
}

#[test]
fn the_heuristic_agent_finishes_every_match_against_random_players_without_an_illegal_choice() {
    let heuristic: AgentSpec = "heuristic".parse().expect("agent spec");
    let random: AgentSpec = "random".parse().expect("agent spec");
    for &(options, games) in ODD_OPTIONS {
        let config = config::<MouseTrap>(options);
        let players = config.players();
        for seed in 0..games {
            // The heuristic in a seat that moves with the seed, random players elsewhere.
            let heuristic_seat = seed as usize % players;
            let mut seats: Vec<AgentSeat<MouseTrap>> = (0..players)
                .map(|seat| {
                    let spec = if seat == heuristic_seat {
                        &heuristic
                    } else {
                        &random
                    };
                    AgentSeat::new(build_agent::<MouseTrap>(spec))
                })
                .collect();
            let mut game = Match::<MouseTrap>::new(&config, seed);
            match game.run(&mut seats) {
                MatchEnd::Finished(outcome) => {
                    assert_eq!(outcome.returns.len(), players, "{options} seed {seed}");
                }
                other => panic!("{options} seed {seed}: the match ended {other:?}"),
            }
        }
    }
}

#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn rollout_policy_speed() {
    let config = config::<MouseTrap>("players=3");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut decisions = 0u64;
    let mut spent = std::time::Duration::ZERO;
    for seed in 0..20_000 {
        let mut state = MouseTrap::new(&config);
        let mut chance = stream(seed, 0);
        let mut rng = seat_rng(seed, 0);
        loop {
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    let drawn = state.sample_chance(&mut chance, &mut outcomes).unwrap();
                    state.apply_unchecked(drawn);
                }
                ToMove::Player(_) => {
                    state.legal_actions(&mut legal);
                    let started = Instant::now();
                    let chosen = MouseTrap::rollout_choice(&state, &legal, &mut rng);
                    spent += started.elapsed();
                    decisions += 1;
                    state.apply_unchecked(std::hint::black_box(chosen));
                }
            }
        }
    }
    println!(
        "{decisions} rollout decisions, {:.0} ns each (timer overhead included)",
        spent.as_nanos() as f64 / decisions as f64
    );
}
