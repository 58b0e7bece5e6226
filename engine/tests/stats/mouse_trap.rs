//! Statistics of random Mouse Trap games, played through the shared random playout
//! (`mousehole_engine::playout::RandomGames`), ignored by default; run in release with
//! `cargo xtask stats --game mouse-trap`: game length in turns and events, how games end (the
//! last capture or the `max_turns` safeguard), how many cranks work, the winner's cheese, wins
//! by seat, and random full games per second.

use std::time::Instant;

use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapAction, MouseTrapConfig};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::{Actor, GameConfig};

const GAMES: u64 = 10_000;

#[derive(Default)]
struct Figures {
    turns: u64,
    events: u64,
    longest_turns: u32,
    safeguard_endings: u64,
    cranks: u64,
    cranks_worked: u64,
    winner_cheese: u64,
    wins_by_seat: Vec<u64>,
}

/// Plays `GAMES` random games.
fn play_random(config: &MouseTrapConfig) -> Figures {
    let mut figures = Figures {
        wins_by_seat: vec![0; config.players()],
        ..Figures::default()
    };
    let mut games = RandomGames::<MouseTrap>::new(config);
    for seed in 0..GAMES {
        let game = games.play(seed);
        let state = game.state();
        figures.events += game.events().len() as u64;
        figures.turns += u64::from(state.turns_played());
        figures.longest_turns = figures.longest_turns.max(state.turns_played());
        if state.ended_by_safeguard() {
            figures.safeguard_endings += 1;
        }
        for event in game.events() {
            match (event.actor, event.action) {
                (Actor::Chance, MouseTrapAction::Works) => {
                    figures.cranks += 1;
                    figures.cranks_worked += 1;
                }
                (Actor::Chance, MouseTrapAction::Fails) => figures.cranks += 1,
                _ => {}
            }
        }
        let outcome = game.outcome().expect("finished");
        for seat in outcome.winners() {
            figures.wins_by_seat[seat] += 1;
            figures.winner_cheese += u64::from(state.cheese(seat));
        }
    }
    figures
}

#[test]
#[ignore = "statistics run: cargo xtask stats --game mouse-trap"]
fn random_game_statistics() {
    for players in 2..=4 {
        let config = MouseTrapConfig::with_players(players).unwrap();
        let start = Instant::now();
        let figures = play_random(&config);
        let seconds = start.elapsed().as_secs_f64();
        let games = GAMES as f64;
        let average_turns = figures.turns as f64 / games;
        let safeguard_share = figures.safeguard_endings as f64 / games;
        let worked_share = figures.cranks_worked as f64 / figures.cranks.max(1) as f64;
        let wins: u64 = figures.wins_by_seat.iter().sum();
        println!(
            "mouse-trap players={players}: {GAMES} random games, {average_turns:.1} turns/game \
             (longest {}), {:.1} events/game; ended by the last capture {} ({:.2}%), by \
             max_turns {} ({:.2}%); {:.2} cranks/game, {:.1}% worked; the winner holds {:.1} \
             cheese; wins by seat {:?}; {:.0} games/s",
            figures.longest_turns,
            figures.events as f64 / games,
            GAMES - figures.safeguard_endings,
            100.0 * (1.0 - safeguard_share),
            figures.safeguard_endings,
            100.0 * safeguard_share,
            figures.cranks as f64 / games,
            100.0 * worked_share,
            figures.winner_cheese as f64 / wins as f64,
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
        // The default reliability is 5/6.
        assert!(
            (0.78..0.89).contains(&worked_share),
            "{worked_share} of the cranks worked"
        );
        assert!(figures.wins_by_seat.iter().all(|&w| w > 0));
    }
}
