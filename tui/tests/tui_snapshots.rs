//! Frames of the TUI on ratatui's test backend at 80×24 and 120×40, at fixed seeds: the setup
//! screen, each game in the middle, the trap question, the end of a game with everything
//! revealed, the hot-seat hand-off and the help.

mod common;

use common::Driver;
use mousehole_tui::Launch;
use ratatui::crossterm::event::KeyCode;

fn setup(game: &str) -> Driver {
    Driver::new(Launch::Setup {
        game: Some(game.to_owned()),
        seats: None,
        seed: Some(42),
        out: None,
    })
}

#[test]
fn setup_screens() {
    for game in mousehole_engine::registry::games()
        .iter()
        .map(|info| info.name)
    {
        let mut driver = setup(game);
        insta::assert_snapshot!(format!("setup_{game}"), driver.frame(80, 24));
    }
    let mut driver = setup("mouse-trap");
    insta::assert_snapshot!("setup_mouse-trap_120x40", driver.frame(120, 40));
}

#[test]
fn a_bad_option_is_explained_on_the_setup_screen() {
    let mut driver = setup("cheese-day");
    driver.key(KeyCode::Down);
    driver.key(KeyCode::Down);
    driver.text("/9");
    let frame = driver.frame(80, 24);
    assert!(frame.contains("✗"), "{frame}");
    insta::assert_snapshot!(frame);
}

/// The person's `decisions`-th decision of a game where they always play the first move.
fn mid_game(spec: &str, seats: &str, seed: u64, decisions: usize) -> Driver {
    let mut driver = Driver::play(spec, seats, seed);
    for _ in 0..decisions {
        driver.settle();
        assert!(!driver.app.game_over(), "{spec}: the game ended early");
        driver.key(KeyCode::Enter);
    }
    driver.settle();
    driver
}

#[test]
fn mid_game_boards() {
    // (game, seats, seed, the person's decisions before the frame): a seed at which the
    // person decides that often before the game ends (in Mouse Trap they decide rarely).
    let games = [
        ("cheese-day", "human,heuristic,heuristic", 7, 3),
        ("moose-house", "human,heuristic,heuristic", 7, 4),
        ("mouse-trap", "human,heuristic,heuristic", 3, 8),
        ("mouse-race", "human,heuristic", 7, 12),
    ];
    for (game, seats, seed, decisions) in games {
        let mut driver = mid_game(game, seats, seed, decisions);
        insta::assert_snapshot!(format!("mid_{game}_80x24"), driver.frame(80, 24));
        insta::assert_snapshot!(format!("mid_{game}_120x40"), driver.frame(120, 40));
    }
}

#[test]
fn the_trap_question_is_a_modal() {
    // The first seat and decision at which a bot's moose heads for the person's room.
    for seed in 1..40 {
        let mut driver = Driver::play("moose-house:players=2", "human,heuristic", seed);
        for _ in 0..60 {
            driver.settle();
            if driver.app.game_over() {
                break;
            }
            let frame = driver.frame(80, 24);
            if frame.contains("a moose at your door") {
                insta::assert_snapshot!("trap_modal_80x24", frame);
                insta::assert_snapshot!("trap_modal_120x40", driver.frame(120, 40));
                return;
            }
            driver.key(KeyCode::Enter);
        }
    }
    panic!("no seed put a moose at the person's door");
}

#[test]
fn the_end_of_a_game_reveals_everything() {
    let mut driver = Driver::play("cheese-day", "human,heuristic,heuristic", 7);
    loop {
        driver.settle();
        if driver.app.game_over() {
            break;
        }
        driver.key(KeyCode::Enter);
    }
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains("game over") && frame.contains("everything revealed"),
        "{frame}"
    );
    insta::assert_snapshot!("end_cheese-day_80x24", frame);
    insta::assert_snapshot!("end_cheese-day_120x40", driver.frame(120, 40));
}

#[test]
fn the_hot_seat_hands_off_between_people() {
    let mut driver = Driver::play("cheese-day:players=2", "human,human", 3);
    driver.settle();
    // Seat 0's first decision: no hand-off before the first person's first view.
    assert!(driver.frame(80, 24).contains("your move"));
    driver.key(KeyCode::Enter);
    driver.settle();
    let frame = driver.frame(80, 24);
    assert!(frame.contains("Pass the keyboard to seat 1"), "{frame}");
    // Nothing of either seat's board is on the hand-off screen.
    assert!(
        !frame.contains("pantry") && !frame.contains("┌1"),
        "{frame}"
    );
    insta::assert_snapshot!("handoff_80x24", frame);
    driver.key(KeyCode::Enter);
    let frame = driver.frame(80, 24);
    assert!(frame.contains("you are seat 1"), "{frame}");
}

#[test]
fn help_lists_the_keys_of_the_screen() {
    let mut driver = mid_game("mouse-trap:players=2", "human,heuristic", 5, 1);
    driver.char('?');
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains("help: keys") && frame.contains("hint"),
        "{frame}"
    );
    insta::assert_snapshot!("help_80x24", frame);
    insta::assert_snapshot!("help_120x40", driver.frame(120, 40));
    // At 80x24 the help is taller than the screen: the arrows scroll it to its last line.
    let top = driver.frame(80, 24);
    assert!(!top.contains("any key closes this help"), "{top}");
    for _ in 0..60 {
        driver.key(KeyCode::Down);
    }
    let bottom = driver.frame(80, 24);
    assert!(
        bottom.contains("help: keys") && bottom.contains("any key closes this help"),
        "{bottom}"
    );
    assert!(bottom.contains("quit now"), "{bottom}");
    driver.key(KeyCode::Up);
    assert!(driver.frame(80, 24).contains("help: keys"));
    // Any other key closes it.
    driver.char('x');
    assert!(!driver.frame(80, 24).contains("help: keys"));
}
