//! Statistics of random Cheese Day games (ignored by default; `cargo xtask stats --game
//! cheese-day` runs them optimised): game length, how games end, traps taken, scores, the
//! share of peek turns, random games per second through the shared playout, and how fast a
//! seat's observation is determinized (what search bots do once per iteration).

use std::time::Instant;

use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayAction};
use mousehole_engine::playout::{RandomGames, uniform};
use mousehole_engine::rng::seat_rng;
use mousehole_engine::testing::config;
use mousehole_engine::{Actor, Game, GameConfig, ToMove};

/// Totals over many random games of one configuration.
#[derive(Debug, Default)]
struct Totals {
    games: u32,
    events: u64,
    turns: u64,
    peeks: u64,
    third_trap: u32,
    reserve_empty: u32,
    /// Seats ending with 0, 1, 2 and 3 traps.
    traps: [u64; 4],
    /// Holes of every seat, summed.
    holes: u64,
    /// Holes of the first-placed seats, summed (one per game: a shared first counts once).
    winning_holes: u64,
    shared_first: u32,
}

fn measure(options: &str, games: u32) -> Totals {
    let config = config::<CheeseDay>(options);
    let players = config.players();
    let mut random = RandomGames::<CheeseDay>::new(&config);
    let mut totals = Totals::default();
    let started = Instant::now();
    for seed in 0..u64::from(games) {
        let game = random.play(seed);
        let state = game.state();
        totals.games += 1;
        totals.events += game.events().len() as u64;
        for event in game.events() {
            match (event.actor, event.action) {
                (Actor::Chance, CheeseDayAction::Roll(_)) => totals.turns += 1,
                (Actor::Seat(_), CheeseDayAction::Peek(_)) => totals.peeks += 1,
                _ => {}
            }
        }
        let table = state.observation(0);
        let outs = table.players.iter().filter(|p| p.out).count();
        assert!(outs <= 1, "{options} seed {seed}: {outs} seats out");
        if outs == 1 {
            totals.third_trap += 1;
        } else {
            assert_eq!(table.reserve.cards, 0, "{options} seed {seed}: ended early");
            totals.reserve_empty += 1;
        }
        for player in &table.players {
            assert!(
                player.traps <= 3,
                "{options} seed {seed}: {} traps",
                player.traps
            );
            assert_eq!(player.out, player.traps == 3, "{options} seed {seed}");
            totals.traps[usize::from(player.traps)] += 1;
            totals.holes += u64::from(player.holes);
        }
        let outcome = game.outcome().expect("a finished game");
        let first: Vec<usize> = (0..players).filter(|&s| outcome.ranks[s] == 1).collect();
        totals.winning_holes += u64::from(table.players[first[0]].holes);
        totals.shared_first += u32::from(first.len() > 1);
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = f64::from(totals.games);
    let seats = n * players as f64;
    let percent = |count: u32| 100.0 * f64::from(count) / n;
    println!(
        "{options}: {games} games, {:.0} games/s; average {:.1} events, {:.1} turns, {:.1}% of decisions peeks; \
         ended by a third trap {:.1}% ({}), by the empty reserve {:.1}% ({}); \
         seats ending with 0/1/2/3 traps: {:.1}%/{:.1}%/{:.1}%/{:.1}%; \
         average holes {:.2} per seat, {:.2} for the winner; first place shared {:.1}%",
        n / seconds,
        totals.events as f64 / n,
        totals.turns as f64 / n,
        100.0 * totals.peeks as f64 / totals.turns as f64,
        percent(totals.third_trap),
        totals.third_trap,
        percent(totals.reserve_empty),
        totals.reserve_empty,
        100.0 * totals.traps[0] as f64 / seats,
        100.0 * totals.traps[1] as f64 / seats,
        100.0 * totals.traps[2] as f64 / seats,
        100.0 * totals.traps[3] as f64 / seats,
        totals.holes as f64 / seats,
        totals.winning_holes as f64 / n,
        percent(totals.shared_first),
    );
    totals
}

#[test]
#[ignore = "statistics: run optimised with `cargo xtask stats --game cheese-day`"]
fn random_game_statistics() {
    const GAMES: u32 = 20_000;
    for options in [
        "players=2",
        "players=3",
        "players=4",
        "players=6",
        "players=3,traps=0/0/0/0/0/0",
        "players=3,traps=6/6/6/6/6/6",
    ] {
        let totals = measure(options, GAMES);
        assert_eq!(totals.third_trap + totals.reserve_empty, totals.games);
        let events = totals.events as f64 / f64::from(totals.games);
        let turns = totals.turns as f64 / f64::from(totals.games);
        // The deal is seven draws; a turn is a roll, a decision and at most two draws.
        assert!(
            events >= 7.0 + 2.0 * turns && events <= 7.0 + 4.0 * turns,
            "{options}"
        );
        // A turn moves one or two reserve cards (a refill, or a burn at 2–3 players), or
        // none (a peek at four or more): at least 15 turns unless a third trap ends it first.
        match options {
            "players=3,traps=0/0/0/0/0/0" => {
                assert_eq!(totals.third_trap, 0, "no traps, no third trap");
                assert!(turns >= 15.0, "{options}: {turns} turns");
            }
            "players=3,traps=6/6/6/6/6/6" => {
                // Random seats remove as often as they take, so the reserve may still run out.
                assert!(totals.third_trap > totals.reserve_empty, "{options}");
                assert_eq!(totals.holes, 0, "no cheese to score");
                assert_eq!(
                    totals.shared_first, totals.games,
                    "nobody scores: all share first"
                );
            }
            _ => {
                assert!(
                    totals.third_trap > 0,
                    "{options}: no game ended by a third trap"
                );
                assert!(
                    totals.reserve_empty > 0,
                    "{options}: no game ran out the reserve"
                );
                assert!(turns >= 8.0, "{options}: {turns} turns");
            }
        }
    }
}

#[test]
#[ignore = "statistics: run optimised with `cargo xtask stats --game cheese-day`"]
fn determinizations_per_second() {
    let config = config::<CheeseDay>("players=3");
    let mut random = RandomGames::<CheeseDay>::new(&config);
    // The deciding seat's observation at every decision of a few hundred random games.
    let mut observations = Vec::new();
    for seed in 0..300 {
        let events: Vec<_> = random.play(seed).events().to_vec();
        let mut state = CheeseDay::new(&config);
        for event in events {
            if let Actor::Seat(seat) = event.actor {
                observations.push(state.observation(seat));
            }
            state.apply_unchecked(event.action);
        }
    }
    let mut rng = seat_rng(1, 0);
    let rounds = 20;
    let count = (rounds * observations.len()) as f64;
    let started = Instant::now();
    let mut checksum = 0u64;
    // A search bot determinizes the same observation once per iteration.
    for observation in &observations {
        for _ in 0..rounds {
            let sampled = CheeseDay::determinize(observation, &mut rng);
            checksum += sampled.reserve_len() as u64;
        }
    }
    let determinize = started.elapsed().as_secs_f64() / count;
    // What a search bot does per iteration: a state consistent with what the seat knows,
    // played out at random to the end.
    let started = Instant::now();
    let mut legal = Vec::new();
    let mut buffer = Vec::new();
    for observation in &observations {
        for _ in 0..rounds {
            let mut state = CheeseDay::determinize(observation, &mut rng);
            while let Some(action) = match state.to_move() {
                ToMove::Terminal => None,
                ToMove::Chance => state.sample_chance(&mut rng, &mut buffer),
                ToMove::Player(_) => {
                    state.legal_actions(&mut legal);
                    Some(uniform(&legal, &mut rng))
                }
            } {
                state.apply_unchecked(action);
            }
            checksum += state.outcome().expect("played to the end").scores[0] as u64;
        }
    }
    let iteration = started.elapsed().as_secs_f64() / count;
    println!(
        "players=3: determinizing a deciding seat's observation takes {:.0} ns ({:.0} per second); \
         with a random playout to the end {:.0} ns, the determinization {:.0}% of that",
        determinize * 1e9,
        1.0 / determinize,
        iteration * 1e9,
        100.0 * determinize / iteration
    );
    assert!(checksum > 0);
    let last = observations.last().expect("decisions were made");
    assert_eq!(
        &CheeseDay::determinize(last, &mut rng).observation(last.seat),
        last
    );
}
