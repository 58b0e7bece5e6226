//! The Mouse Race heuristic: it only ever chooses legal actions, its two forms (from the
//! observation, from a sampled world) choose alike, and on hand-built positions it plays the
//! way its strategy says — takes the cheese, turns toward it, declines a tile that leads
//! nowhere, plans the shortest way (a cat costs a turn), goes back out of a dead end, shoos a
//! cat off its open end and blocks a leader's open end on a scent cell. Ignored measurements:
//! how heuristic games end and how fast the rollout policy decides (`cargo test --release -p
//! mousehole-bots --test it -- --ignored heuristic_mouse_race --nocapture`).

use cpu_time::ThreadTime;

use mousehole_bots::Heuristic;
use mousehole_bots::heuristic::check_forms_agree;
use mousehole_engine::games::mouse_race::{End, MouseRace};
use mousehole_engine::rng::{seat_rng, stream};
use mousehole_engine::testing::{action, after, config};
use mousehole_engine::{Game, ToMove};

/// Plays one game with every decision by the heuristic's rollout form, checked against the
/// observation form ([`check_forms_agree`]). Returns the final state and the number of real
/// decisions.
fn self_play(options: &str, seed: u64) -> (MouseRace, usize) {
    check_forms_agree::<MouseRace>(&config::<MouseRace>(options), seed, u64::MAX, 0)
}

#[test]
fn the_heuristic_chooses_legal_actions_and_both_forms_agree_under_odd_options() {
    for (options, games) in [
        ("", 40),
        ("players=3", 20),
        ("players=4", 20),
        ("size=7", 40),
        ("size=7,players=4", 40),
        ("size=7,players=4,tiles=6/8/4", 40),
        ("size=9,tiles=3/3/30", 20),
        ("size=15,players=3", 10),
        ("size=17,players=4", 10),
        ("size=21,players=4", 6),
        ("tiles=0/80/20", 10),
        ("tiles=64/0/20,size=9", 10),
        ("tiles=5/5/0", 10),
        ("max_turns=30,players=3", 10),
    ] {
        for seed in 0..games {
            self_play(options, seed);
        }
    }
}

#[test]
fn heuristic_games_on_the_default_board_reach_the_cheese() {
    for seed in 0..20 {
        let (state, _) = self_play("", seed);
        assert!(
            matches!(state.end(), Some(End::Cheese { .. })),
            "seed {seed}: {:?} after {} turns",
            state.end(),
            state.turns()
        );
    }
}

/// The heuristic's choice for the seat to move in `state` (the observation form).
fn choice(state: &MouseRace) -> String {
    let ToMove::Player(seat) = state.to_move() else {
        panic!("not a decision: {:?}", state.to_move());
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut rng = seat_rng(1, seat);
    MouseRace::heuristic_choice(&state.observation(seat), &legal, &mut rng).to_string()
}

// On the 7 × 7 board the cheese is d4; seat 0 starts from a1 (first tile on b1 heading east
// or a2 heading south), seat 1 from g7.

#[test]
fn it_lays_the_last_tile_into_the_cheese() {
    // b1 right → b2; b2 left → c2; c2 right → c3; c3 straight → c4 heading south: a curve
    // turning left there (east) enters the cheese d4.
    let state: MouseRace = after(
        "size=7",
        &[
            "draw",
            "draw curve",
            "right b1",
            "pass",
            "draw",
            "draw curve",
            "left",
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
        ],
    );
    assert_eq!(choice(&state), "left");
    let mut won = state.clone();
    won.apply(action::<MouseRace>("left")).unwrap();
    assert_eq!(won.end(), Some(End::Cheese { winner: 0 }));
}

#[test]
fn it_turns_toward_the_cheese_and_never_off_the_board() {
    // b1 straight → c1 heading east: a curve left would leave the board.
    let state: MouseRace = after(
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
    assert_eq!(choice(&state), "right");
}

#[test]
fn it_plans_the_shortest_way_counting_a_cat_as_a_lost_turn() {
    // A first straight on b1 leaves the open end c1 heading east, on a2 the open end a3
    // heading south: both four tiles from the cheese on an empty board, Manhattan alike. Cats
    // on d1 and c2 (or their mirror images a4 and b3) cost the east (south) way a shoo turn
    // whichever way it goes on from there, so the other start is shorter.
    for (cats, shorter) in [(["d1", "c2"], "place a2"), (["a4", "b3"], "place b1")] {
        let (first, second) = (format!("cat {}", cats[0]), format!("cat {}", cats[1]));
        let events = [
            "draw",
            "draw cat",
            first.as_str(),
            "draw",
            "draw cat",
            second.as_str(),
            "draw",
            "draw straight",
        ];
        let state: MouseRace = after("size=7", &events);
        assert_eq!(choice(&state), shorter, "cats on {cats:?}");
    }
}

#[test]
fn it_declines_a_straight_into_a_corner() {
    // a2 straight → a3, then straights down the edge to an open end a6 heading south: a
    // straight there would point at the corner a7.
    let mut events = vec!["draw", "draw straight", "place a2", "pass"];
    for _ in 0..3 {
        events.extend(["draw", "draw straight", "place", "pass"]);
    }
    events.extend(["draw", "draw straight"]);
    let state: MouseRace = after("size=7", &events);
    assert_eq!(choice(&state), "decline");
}

#[test]
fn it_goes_back_out_of_a_dead_end() {
    // b1 turning left leaves north, off the board.
    let state: MouseRace = after("size=7", &["draw", "draw curve", "left b1", "pass"]);
    assert_eq!(choice(&state), "back");
}

#[test]
fn it_shoos_a_cat_off_its_open_end_and_blocks_a_leader_on_a_scent_cell() {
    // Seat 0: b1 right → b2, b2 left → c2, c2 right → c3 heading south: c3 is a scent cell.
    let events = [
        "draw",
        "draw curve",
        "right b1",
        "pass",
        "draw",
        "draw curve",
        "left",
        "pass",
        "draw",
        "draw curve",
        "right",
        "draw",
        "draw cat",
    ];
    let holding_a_cat: MouseRace = after("size=7", &events);
    assert_eq!(choice(&holding_a_cat), "cat c3");
    let mut blocked = holding_a_cat.clone();
    blocked.apply(action::<MouseRace>("cat c3")).unwrap();
    assert_eq!(choice(&blocked), "shoo");
}

#[test]
fn it_draws_rather_than_passes_and_passes_only_with_an_empty_bag() {
    let fresh: MouseRace = after("size=7", &[]);
    assert_eq!(choice(&fresh), "draw");
    // Tiles only for two first moves: once the bag is empty, seat 0 (laid, way ahead) passes.
    let empty: MouseRace = after(
        "size=7,tiles=2/0/0",
        &[
            "draw",
            "draw straight",
            "place b1",
            "draw",
            "draw straight",
            "place f7",
        ],
    );
    assert_eq!(empty.bag().total(), 0);
    assert_eq!(choice(&empty), "pass");
}

/// Measurements, not checks: how heuristic self-play games end and how long they take, and
/// the rollout policy's time per decision.
#[test]
#[ignore = "measurement: run in release with --ignored --nocapture"]
fn heuristic_game_statistics_and_rollout_speed() {
    for options in ["", "players=3", "players=4", "size=7", "size=21,players=4"] {
        let config = config::<MouseRace>(options);
        let games = 2000u64;
        let (mut cheese, mut turns, mut decisions) = (0u64, 0u64, 0u64);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let started = ThreadTime::now();
        for seed in 0..games {
            let mut state = MouseRace::new(&config);
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
                        let chosen = if legal.len() == 1 {
                            legal[0]
                        } else {
                            decisions += 1;
                            MouseRace::rollout_choice(&state, &legal, &mut rng)
                        };
                        state.apply_unchecked(chosen);
                    }
                }
            }
            turns += u64::from(state.turns());
            cheese += u64::from(matches!(state.end(), Some(End::Cheese { .. })));
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{options:>18}: {games} games, cheese reached in {:.1}%, {:.1} turns and {:.1} \
             decisions a game; {:.0} ns a decision with the rules, {:.0} games/s",
            100.0 * cheese as f64 / games as f64,
            turns as f64 / games as f64,
            decisions as f64 / games as f64,
            seconds * 1e9 / decisions as f64,
            games as f64 / seconds,
        );
    }
}

/// A measurement, not a check: the heuristic heads-up against uniform random play, seats
/// alternating, on the default board and on the smallest: how often it wins, how often
/// anyone reaches the cheese, and in how many turns (both seats' turns counted).
#[test]
#[ignore = "measurement: run in release with --ignored --nocapture"]
fn heuristic_against_random_heads_up() {
    for options in ["", "size=7"] {
        let config = config::<MouseRace>(options);
        let games = 2000u64;
        let (mut won, mut cheese, mut turns) = (0u64, 0u64, 0u64);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        for seed in 0..games {
            let heuristic_seat = (seed % 2) as usize;
            let mut state = MouseRace::new(&config);
            let mut chance = stream(seed, 0);
            let mut rng = seat_rng(seed, 0);
            loop {
                match state.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        let drawn = state.sample_chance(&mut chance, &mut outcomes).unwrap();
                        state.apply_unchecked(drawn);
                    }
                    ToMove::Player(seat) => {
                        state.legal_actions(&mut legal);
                        let chosen = if seat == heuristic_seat {
                            MouseRace::rollout_choice(&state, &legal, &mut rng)
                        } else {
                            mousehole_engine::playout::uniform(&legal, &mut rng)
                        };
                        state.apply_unchecked(chosen);
                    }
                }
            }
            if let Some(End::Cheese { winner }) = state.end() {
                cheese += 1;
                won += u64::from(usize::from(winner) == heuristic_seat);
            }
            turns += u64::from(state.turns());
        }
        println!(
            "{options:>8}: {games} games against random, heuristic won {:.1}%, cheese reached \
             in {:.1}%, {:.1} turns a game",
            100.0 * won as f64 / games as f64,
            100.0 * cheese as f64 / games as f64,
            turns as f64 / games as f64,
        );
    }
}

#[test]
fn its_estimate_favours_the_seat_nearer_the_cheese() {
    let mut returns = Vec::new();
    let fresh: MouseRace = after("size=7", &[]);
    assert!(MouseRace::estimate_returns(&fresh, &mut returns));
    // Alike but for the turn order: the seat to move is a share of a turn ahead.
    assert!(returns[0] > returns[1] && returns[0] < 0.7, "{returns:?}");
    let ahead: MouseRace = after("size=7", &["draw", "draw curve", "right b1", "pass"]);
    assert!(MouseRace::estimate_returns(&ahead, &mut returns));
    assert!((returns.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(
        returns[0] > returns[1],
        "seat 0 has a tile laid: {returns:?}"
    );
}
