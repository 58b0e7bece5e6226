//! Statistics of random Mouse Race games (ignored by default; run in release with
//! `cargo xtask stats --game mouse-race`): game length in turns and events, how often each
//! ending happens, the winners' seats, and random full games per second, all played through
//! the shared random playout.

use std::time::Instant;

use mousehole_engine::games::mouse_race::{End, MouseRace};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::testing::config;

/// Totals over many random games of one configuration.
#[derive(Debug, Default)]
struct Totals {
    games: u32,
    turns: u64,
    events: u64,
    cheese: u32,
    turn_limit: u32,
    stuck: u32,
    wins_by_seat: [u32; 4],
}

fn measure(options: &str, games: u32) -> Totals {
    let mut random = RandomGames::<MouseRace>::new(&config::<MouseRace>(options));
    let mut totals = Totals::default();
    let started = Instant::now();
    for seed in 0..u64::from(games) {
        let played = random.play(seed);
        let state = played.state();
        totals.games += 1;
        totals.turns += u64::from(state.turns());
        totals.events += played.events().len() as u64;
        match state.end().expect("the game ended") {
            End::Cheese { winner } => {
                totals.cheese += 1;
                totals.wins_by_seat[usize::from(winner)] += 1;
            }
            End::TurnLimit => totals.turn_limit += 1,
            End::Stuck => totals.stuck += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = f64::from(totals.games);
    let percent = |count: u32| 100.0 * f64::from(count) / n;
    println!(
        "{options}: {games} games, {:.0} games/s; average {:.1} turns, {:.1} events; \
         cheese reached {:.2}% ({}, by seat {:?}), safeguards: turn limit {:.2}% ({}), \
         stuck (bag empty, no free open end) {:.2}% ({})",
        n / seconds,
        totals.turns as f64 / n,
        totals.events as f64 / n,
        percent(totals.cheese),
        totals.cheese,
        totals.wins_by_seat,
        percent(totals.turn_limit),
        totals.turn_limit,
        percent(totals.stuck),
        totals.stuck,
    );
    totals
}

#[test]
#[ignore = "statistics: run in release with `cargo xtask stats --game mouse-race`"]
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
        assert_eq!(totals.wins_by_seat.iter().sum::<u32>(), totals.cheese);
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
