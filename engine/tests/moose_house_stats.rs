//! Statistics of many uniformly random games of Moose in the House, run on demand in release:
//! `cargo test --release -p mousehole-engine --test moose_house_stats -- --ignored --nocapture`.
//! Prints game length, how often hands still hold cards at the end, scores and speed, and
//! checks they lie in sane bounds.

use std::time::Instant;

use mousehole_engine::games::moose_house::{Card, MooseHouse, MooseHouseAction, MooseHouseConfig};
use mousehole_engine::rng::{chance_rng, seat_rng};
use mousehole_engine::{Game, GameConfig, Options, ToMove};
use rand::RngExt;

const GAMES: usize = 10_000;
/// No game can be this long: every turn either uses the pile or a card from a hand.
const EVENT_LIMIT: usize = 2_000;

#[derive(Default)]
struct Totals {
    events: usize,
    decisions: usize,
    traps: usize,
    passes: usize,
    cards_left_games: usize,
    score_sum: usize,
    winner_score_sum: usize,
    shared_wins: usize,
    no_clean_up: usize,
}

fn play(config: MooseHouseConfig, seed: u64, totals: &mut Totals) {
    let mut state = MooseHouse::new(&config);
    let mut chance = chance_rng(seed);
    let mut choices = seat_rng(seed, 0);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut events = 0;
    loop {
        let action = match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => state
                .sample_chance(&mut chance, &mut outcomes)
                .expect("a chance node has outcomes"),
            ToMove::Player(_) => {
                state.legal_actions(&mut legal);
                totals.decisions += 1;
                legal[choices.random_range(0..legal.len())]
            }
        };
        match action {
            MooseHouseAction::Trap => totals.traps += 1,
            MooseHouseAction::Pass => totals.passes += 1,
            _ => {}
        }
        state.apply_unchecked(action);
        events += 1;
        assert!(events < EVENT_LIMIT, "seed {seed}: the game does not end");
    }
    totals.events += events;
    let players = config.players();
    let outcome = state.outcome().expect("finished");
    if (0..players).any(|s| !state.hand(s).is_empty()) {
        totals.cards_left_games += 1;
    }
    if (0..players).any(|s| !state.house(s).has_moose_in_house()) {
        totals.no_clean_up += 1;
    }
    totals.score_sum += outcome.scores.iter().map(|&s| s as usize).sum::<usize>();
    let winners = outcome.winners();
    totals.winner_score_sum += outcome.scores[winners[0]] as usize;
    if winners.len() > 1 {
        totals.shared_wins += 1;
    }
    // Every Moose in the Room card is scored somewhere or was discarded.
    let scored: usize = outcome.scores.iter().map(|&s| s as usize).sum();
    let discarded: usize = ["kitchen", "living", "bedroom", "bathroom"]
        .iter()
        .map(|k| {
            let card: Card = format!("moose:{k}").parse().unwrap();
            usize::from(state.discard_pile().count(card))
        })
        .sum();
    assert!(scored + discarded <= 20);
}

fn run(options: &str) {
    let config: MooseHouseConfig = Options::parse(MooseHouse::info(), options)
        .unwrap()
        .into_config()
        .unwrap();
    let players = config.players();
    let mut totals = Totals::default();
    let start = Instant::now();
    for seed in 0..GAMES as u64 {
        play(config, seed, &mut totals);
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = GAMES as f64;
    let events = totals.events as f64 / games;
    let decisions = totals.decisions as f64 / games;
    let cards_left = 100.0 * totals.cards_left_games as f64 / games;
    let score = totals.score_sum as f64 / games / players as f64;
    let winner_score = totals.winner_score_sum as f64 / games;
    println!(
        "moose-house {options}: {GAMES} random games, {:.0} games/s (one thread)\n  \
         per game: {events:.1} events, {decisions:.1} decisions, {:.2} traps, {:.2} passes\n  \
         games ending with cards left in hands: {cards_left:.1}%\n  \
         average score per seat {score:.2}, winner's score {winner_score:.2}, shared wins {:.1}%, \
         games without the clean-up {:.1}%",
        games / seconds,
        totals.traps as f64 / games,
        totals.passes as f64 / games,
        100.0 * totals.shared_wins as f64 / games,
        100.0 * totals.no_clean_up as f64 / games,
    );
    // The whole deck is played out: at least the 58 draws and a decision per card beyond.
    assert!((58.0..400.0).contains(&events), "events per game {events}");
    assert!(decisions > 20.0, "decisions per game {decisions}");
    assert!(
        totals.passes as f64 / games >= players as f64,
        "every game ends with passes"
    );
    assert!(
        (0.0..=20.0 / players as f64).contains(&score),
        "score {score}"
    );
    assert!(
        winner_score <= score,
        "the winner scores at most the average"
    );
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn statistics_two_players() {
    run("players=2");
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn statistics_three_players() {
    run("players=3");
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn statistics_four_players() {
    run("players=4");
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn statistics_five_players() {
    run("players=5");
}

#[test]
#[ignore = "statistics: run in release with --ignored --nocapture"]
fn statistics_draw_first() {
    run("players=4,draw=first");
}
