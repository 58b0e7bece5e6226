//! Statistics of many uniformly random games of Moose in the House, played through the shared
//! playout (`mousehole_engine::playout::RandomGames`), run on demand in release by
//! `cargo xtask stats --game moose-house` (or `cargo test --release -p mousehole-engine
//! --features stats --test stats -- --ignored --nocapture moose_house::`). Prints game length, how often hands still hold
//! cards at the end, traps, scores and speed, and checks they lie in sane bounds.

use std::time::Instant;

use mousehole_engine::games::moose_house::{Card, MooseHouse, MooseHouseAction, RoomKind};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::testing::config;
use mousehole_engine::{Actor, GameConfig, Match};

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

/// Adds one finished random game (the shared playout's) to the totals.
fn count(game: &Match<MooseHouse>, seed: u64, totals: &mut Totals) {
    let events = game.events();
    assert!(
        events.len() < EVENT_LIMIT,
        "seed {seed}: the game does not end"
    );
    totals.events += events.len();
    for event in events {
        if let Actor::Seat(_) = event.actor {
            totals.decisions += 1;
        }
        match event.action {
            MooseHouseAction::Trap => totals.traps += 1,
            MooseHouseAction::Pass => totals.passes += 1,
            _ => {}
        }
    }
    let state = game.state();
    let players = game.config().players();
    let outcome = game.outcome().expect("finished");
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
    let discarded: usize = RoomKind::ALL
        .iter()
        .map(|&kind| usize::from(state.discard_pile().count(Card::Moose(kind))))
        .sum();
    assert!(scored + discarded <= 20);
}

fn run(options: &str) {
    let config = config::<MooseHouse>(options);
    let players = config.players();
    let mut games = RandomGames::<MooseHouse>::new(&config);
    let mut totals = Totals::default();
    let start = Instant::now();
    for seed in 0..GAMES as u64 {
        count(games.play(seed), seed, &mut totals);
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
