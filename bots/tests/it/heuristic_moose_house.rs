//! Moose in the House's heuristic over many seeded games with odd options: it only ever
//! chooses legal actions, its observation form and its rollout form choose alike from the
//! same position and rng, it always springs a trap, it plays a moose whenever it can once the
//! pile is gone, and the game's `returns_into` equals its outcome's returns.

use mousehole_bots::Heuristic;
use mousehole_bots::heuristic::check_forms_agree;
use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseAction};
use mousehole_engine::rng::{below, chance_rng, seat_rng};
use mousehole_engine::testing::config;
use mousehole_engine::{Game, GameConfig, ToMove};

const OPTIONS: &[&str] = &[
    "players=2",
    "players=3",
    "players=4",
    "players=5",
    "players=2,draw=first",
    "players=5,draw=first",
];

/// Plays one game: the heuristic in every seat, or in the even seats only (uniform random
/// play in the odd ones, for positions the heuristic would not reach by itself).
fn play_one(options: &str, seed: u64, mixed: bool) {
    let config = config::<MooseHouse>(options);
    let mut state = MooseHouse::new(&config);
    let mut chance = chance_rng(seed);
    let players = config.players();
    let mut rngs: Vec<_> = (0..players).map(|seat| seat_rng(seed, seat)).collect();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut returns = Vec::new();
    let mut decisions = 0;
    loop {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                let draw = state
                    .sample_chance(&mut chance, &mut outcomes)
                    .expect("a chance node has outcomes");
                state.apply(draw).expect("a sampled draw is legal");
            }
            ToMove::Player(seat) => {
                state.legal_actions(&mut legal);
                let chosen = if mixed && seat % 2 == 1 {
                    legal[below(&mut rngs[seat], legal.len() as u32) as usize]
                } else {
                    let chosen = MooseHouse::rollout_choice(&state, &legal, &mut rngs[seat]);
                    check_strategy(&state, &legal, chosen, options, seed);
                    chosen
                };
                state
                    .apply(chosen)
                    .unwrap_or_else(|e| panic!("{options}, seed {seed}: {chosen}: {e}"));
                decisions += 1;
                assert!(
                    decisions < 10_000,
                    "{options}, seed {seed}: the game never ends"
                );
            }
        }
        state
            .check_invariants()
            .unwrap_or_else(|e| panic!("{options}, seed {seed}: {e:?}"));
    }
    let outcome = state.outcome().expect("a finished game has an outcome");
    state.returns_into(&mut returns);
    assert_eq!(returns, outcome.returns, "{options}, seed {seed}");
}

/// What the heuristic must always do, whatever the weights say.
fn check_strategy(
    state: &MooseHouse,
    legal: &[MooseHouseAction],
    chosen: MooseHouseAction,
    options: &str,
    seed: u64,
) {
    if legal.contains(&MooseHouseAction::Trap) {
        assert_eq!(chosen, MooseHouseAction::Trap, "{options}, seed {seed}");
    }
    let moose_legal = legal
        .iter()
        .any(|action| matches!(action, MooseHouseAction::Moose { .. }));
    if state.pile_size() == 0 && moose_legal {
        assert!(
            matches!(chosen, MooseHouseAction::Moose { .. }),
            "{options}, seed {seed}: kept its moose at the end and chose {chosen}"
        );
    }
}

#[test]
fn the_heuristic_plays_legal_actions_alike_in_both_forms() {
    for (index, options) in OPTIONS.iter().enumerate() {
        let config = config::<MooseHouse>(options);
        for game in 0..40 {
            let seed = 1000 * index as u64 + game;
            play_one(options, seed, false);
            play_one(options, seed, true);
            // The even seats by the heuristic, the odd ones at random, as `play_one` mixes.
            for seats in [u64::MAX, 0b1_0101] {
                check_forms_agree::<MooseHouse>(&config, seed, seats, 1);
            }
        }
    }
}

/// `returns_into` against the outcome over uniformly random games too, where ties and
/// shared places are more varied than between heuristic players.
#[test]
fn returns_into_equals_the_outcome_returns_in_random_games() {
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut returns = Vec::new();
    let mut shared = 0;
    for (index, options) in OPTIONS.iter().enumerate() {
        let config = config::<MooseHouse>(options);
        for game in 0..200 {
            let seed = 5000 + 1000 * index as u64 + game;
            let mut state = MooseHouse::new(&config);
            let mut chance = chance_rng(seed);
            let mut rng = seat_rng(seed, 0);
            while let ToMove::Chance | ToMove::Player(_) = state.to_move() {
                let action = if state.to_move() == ToMove::Chance {
                    state.sample_chance(&mut chance, &mut outcomes).unwrap()
                } else {
                    state.legal_actions(&mut legal);
                    legal[below(&mut rng, legal.len() as u32) as usize]
                };
                state.apply_unchecked(action);
            }
            let outcome = state.outcome().expect("finished");
            state.returns_into(&mut returns);
            assert_eq!(returns, outcome.returns, "{options}, seed {seed}");
            if returns.iter().filter(|&&r| r > 0.0).count() > 1 {
                shared += 1;
            }
        }
    }
    assert!(shared > 0, "no shared win was tried");
}
