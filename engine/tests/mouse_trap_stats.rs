//! Statistics of random Mouse Trap games (ignored by default; run in release with
//! `cargo xtask stats --game mouse-trap`):
//! game length in turns and events, how often the `max_turns` safeguard ended a game, and
//! random full games per second.

use std::time::Instant;

use rand::RngExt;

use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapConfig};
use mousehole_engine::rng::{chance_rng, seat_rng};
use mousehole_engine::{Game, GameConfig, ToMove};

const GAMES: u64 = 10_000;

struct Figures {
    turns: u64,
    events: u64,
    safeguard_endings: u64,
    longest_turns: u32,
    wins_by_seat: Vec<u64>,
}

/// Plays `GAMES` games with uniformly random decisions.
fn play_random(config: &MouseTrapConfig) -> Figures {
    let players = config.players();
    let mut figures = Figures {
        turns: 0,
        events: 0,
        safeguard_endings: 0,
        longest_turns: 0,
        wins_by_seat: vec![0; players],
    };
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..GAMES {
        let mut chance = chance_rng(seed);
        let mut choices = seat_rng(seed, 0);
        let mut state = MouseTrap::new(config);
        loop {
            let action = match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => state
                    .sample_chance(&mut chance, &mut outcomes)
                    .expect("a chance node has outcomes"),
                ToMove::Player(_) => {
                    state.legal_actions(&mut legal);
                    legal[choices.random_range(0..legal.len())]
                }
            };
            state.apply_unchecked(action);
            figures.events += 1;
        }
        figures.turns += u64::from(state.turns_played());
        figures.longest_turns = figures.longest_turns.max(state.turns_played());
        if state.ended_by_safeguard() {
            figures.safeguard_endings += 1;
        }
        let outcome = state.outcome().expect("finished");
        for seat in outcome.winners() {
            figures.wins_by_seat[seat] += 1;
        }
    }
    figures
}

#[test]
#[ignore = "statistics run: use --release -- --ignored --nocapture"]
fn random_game_statistics() {
    for players in 2..=4 {
        let config = MouseTrapConfig::with_players(players).unwrap();
        let start = Instant::now();
        let figures = play_random(&config);
        let seconds = start.elapsed().as_secs_f64();
        let games = GAMES as f64;
        let average_turns = figures.turns as f64 / games;
        let safeguard_share = figures.safeguard_endings as f64 / games;
        println!(
            "mouse-trap players={players}: {GAMES} random games, {:.1} turns/game (longest {}), \
             {:.1} events/game, max_turns ended {} games ({:.2}%), wins by seat {:?}, \
             {:.0} games/s",
            average_turns,
            figures.longest_turns,
            figures.events as f64 / games,
            figures.safeguard_endings,
            100.0 * safeguard_share,
            figures.wins_by_seat,
            games / seconds,
        );
        assert!(
            (20.0..500.0).contains(&average_turns),
            "average game length {average_turns} turns"
        );
        assert!(
            safeguard_share < 0.01,
            "the safeguard ended {safeguard_share} of the games"
        );
        assert!(figures.wins_by_seat.iter().all(|&w| w > 0));
    }
}
