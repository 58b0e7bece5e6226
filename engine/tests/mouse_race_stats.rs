//! Statistics of random Mouse Race games (ignored by default; run in release with
//! `cargo test --release -p mousehole-engine --test mouse_race_stats -- --ignored --nocapture`):
//! game length in turns and events, how often each ending happens, and playout speed.

use std::time::Instant;

use mousehole_engine::games::mouse_race::{End, MouseRace, MouseRaceConfig};
use mousehole_engine::rng::{chance_rng, sample_weighted};
use mousehole_engine::{Game, Options, ToMove};
use rand::RngExt;

/// Totals over many random games of one configuration.
#[derive(Debug, Default)]
struct Totals {
    games: u32,
    turns: u64,
    events: u64,
    cheese: u32,
    turn_limit: u32,
    stuck: u32,
}

/// Plays one game with uniformly random decisions; returns the final state and its events.
fn random_game(config: &MouseRaceConfig, seed: u64) -> (MouseRace, u64) {
    let mut rng = chance_rng(seed);
    let mut state = MouseRace::new(config);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut events = 0;
    loop {
        let action = match state.to_move() {
            ToMove::Terminal => return (state, events),
            ToMove::Chance => {
                state.chance_outcomes(&mut outcomes);
                sample_weighted(&outcomes, &mut rng).expect("a chance node has outcomes")
            }
            ToMove::Player(_) => {
                state.legal_actions(&mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        state.apply_unchecked(action);
        events += 1;
    }
}

fn measure(options: &str, games: u32) -> Totals {
    let config: MouseRaceConfig = Options::parse(MouseRace::info(), options)
        .unwrap()
        .into_config()
        .unwrap();
    let mut totals = Totals::default();
    let started = Instant::now();
    for seed in 0..u64::from(games) {
        let (state, events) = random_game(&config, seed);
        totals.games += 1;
        totals.turns += u64::from(state.turns());
        totals.events += events;
        match state.end().expect("the game ended") {
            End::Cheese { .. } => totals.cheese += 1,
            End::TurnLimit => totals.turn_limit += 1,
            End::Stuck => totals.stuck += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = f64::from(totals.games);
    let percent = |count: u32| 100.0 * f64::from(count) / n;
    println!(
        "{options}: {games} games, {:.0} games/s; average {:.1} turns, {:.1} events; \
         cheese reached {:.2}% ({}), safeguards: turn limit {:.2}% ({}), \
         stuck (bag empty, no free open end) {:.2}% ({})",
        n / seconds,
        totals.turns as f64 / n,
        totals.events as f64 / n,
        percent(totals.cheese),
        totals.cheese,
        percent(totals.turn_limit),
        totals.turn_limit,
        percent(totals.stuck),
        totals.stuck,
    );
    totals
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn random_game_statistics() {
    const GAMES: u32 = 10_000;
    for options in [
        "players=2",
        "players=3",
        "players=4",
        "players=2,size=7",
        "players=4,size=7",
        "players=4,size=7,tiles=6/8/4",
    ] {
        let totals = measure(options, GAMES);
        assert_eq!(
            totals.cheese + totals.turn_limit + totals.stuck,
            totals.games
        );
        let turns = totals.turns as f64 / f64::from(totals.games);
        let events = totals.events as f64 / f64::from(totals.games);
        assert!((1.0..=600.0).contains(&turns), "{options}: {turns} turns");
        // Each turn takes one to five events (pass; draw, tile, extra tile, decision) unless
        // it passed by itself.
        assert!(events <= 5.0 * turns, "{options}: {events} events");
        if options.contains("size=7") && !options.contains("tiles") {
            assert!(
                totals.cheese > 0,
                "{options}: no random game reached the cheese"
            );
        }
    }
}
