//! Frames of the TUI on ratatui's test backend at 80×24 and 120×40, at fixed seeds: the setup
//! screen, each game in the middle, the trap question, the end of a game with everything
//! revealed, the hot-seat hand-off and the help.

use crate::common::{Driver, after_decisions, person_and_heuristics, small_hints};
use mousehole_engine::GameConfig;
use mousehole_engine::testing::Fixtures;
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
fn a_small_window_shows_a_levels_words_and_the_spec_whole() {
    // Cheese Day at 60x20, seat 1 set to expert: its words (two rungs down at 3 players) and
    // the spec it will start fit once the other seats are named by their level alone and the
    // blank rows give way.
    let mut driver = setup("cheese-day");
    for _ in 0..4 {
        driver.key(KeyCode::Down);
    }
    driver.key(KeyCode::Right);
    driver.key(KeyCode::Right);
    let frame = driver.frame(60, 20);
    assert!(
        frame.contains("▶ seat 1") && frame.contains("expert"),
        "{frame}"
    );
    assert!(frame.contains("needs to be"), "{frame}");
    assert!(frame.contains("✓ ready: cheese-day"), "{frame}");
    // At 80x24 every seat says what it is and the blank rows stay.
    let roomy = driver.frame(80, 24);
    assert!(roomy.contains("medium — plays sensibly"), "{roomy}");
    assert!(roomy.contains("│                    "), "{roomy}");
}

#[test]
fn setup_screens() {
    for game in mousehole_engine::registry::games()
        .iter()
        .map(|description| description.name)
    {
        let mut driver = setup(game);
        insta::assert_snapshot!(format!("setup_{game}"), driver.frame(80, 24));
    }
    let mut driver = setup("mouse-trap");
    insta::assert_snapshot!("setup_mouse-trap_120x40", driver.frame(120, 40));
    // The tallest form, Mouse Trap for four, is whole at 80x24: the spec it will start is
    // the last line.
    driver.key(KeyCode::Down);
    driver.key(KeyCode::Right);
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains("seat 3") && frame.contains("trap_reliability=5/6"),
        "{frame}"
    );
    insta::assert_snapshot!("setup_mouse-trap_4_players", frame);
    // A seat at a level: its help says in words what was measured of it in Mouse Trap (or
    // that nothing counts), and the form is still whole.
    for _ in 0..7 {
        driver.key(KeyCode::Down);
    }
    let frame = driver.frame(80, 24);
    assert!(frame.contains("▶ seat 3"), "{frame}");
    assert!(
        frame.contains("wins about") || frame.contains("not measured"),
        "{frame}"
    );
    assert!(frame.contains("trap_reliability=5/6"), "{frame}");
    insta::assert_snapshot!("setup_mouse-trap_4_players_level_seat", frame);
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

#[test]
fn mid_game_boards() {
    fn mid_game<G: Fixtures>() {
        let game = G::Config::description().name;
        let (seed, decisions) = G::SCREEN_MID_GAME;
        let seats = person_and_heuristics::<G>("");
        let mut driver = after_decisions(game, &seats, seed, decisions);
        insta::assert_snapshot!(format!("mid_{game}_80x24"), driver.frame(80, 24));
        insta::assert_snapshot!(format!("mid_{game}_120x40"), driver.frame(120, 40));
    }
    macro_rules! each {
        ($module:ident, $game:ty) => {
            mid_game::<$game>();
        };
    }
    mousehole_engine::for_each_game!(each);
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

/// Plays the selected move (or rolls) at each of the person's turns to the end.
fn to_the_end(spec: &str, seats: &str, seed: u64) -> Driver {
    let mut driver = Driver::play(spec, seats, seed);
    for _ in 0..100_000 {
        driver.settle();
        if driver.app.game_over() {
            return driver;
        }
        driver.key(KeyCode::Enter);
    }
    panic!("{spec}: the game did not end");
}

#[test]
fn end_screens_say_why_the_game_ended_and_how_it_was_scored() {
    fn end_screen<G: Fixtures>() {
        let (options, seed, reason) = G::SCREEN_END;
        let spec = G::spec(options);
        let mut driver = to_the_end(&spec, &person_and_heuristics::<G>(options), seed);
        let frame = driver.frame(80, 24);
        assert!(
            frame.contains("game over") && frame.contains(reason) && frame.contains("you placed"),
            "{frame}"
        );
        // The log stays in view, its end (how the game ended) not pushed aside by a pinned
        // entry, and nothing on the end screen is a trap chance.
        assert!(frame.contains("log:") && !frame.contains('▸'), "{frame}");
        let game = G::Config::description().name;
        insta::assert_snapshot!(format!("end_{game}_80x24"), frame);
        insta::assert_snapshot!(format!("end_{game}_120x40"), driver.frame(120, 40));
    }
    macro_rules! each {
        ($module:ident, $game:ty) => {
            end_screen::<$game>();
        };
    }
    mousehole_engine::for_each_game!(each);
}

#[test]
fn the_end_of_cheese_day_shows_the_faces_on_the_board() {
    let mut driver = to_the_end("cheese-day", "human,heuristic,heuristic", 7);
    let frame = driver.frame(80, 24);
    // Every pantry card shows its face: no trap chance is left on the board.
    let board: String = frame
        .lines()
        .take(8)
        .map(|line| line.chars().take(50).collect::<String>())
        .collect();
    assert!(!board.contains('%'), "{frame}");
    assert!(
        board.contains("TRAP") && board.contains("cheese"),
        "{frame}"
    );
}

#[test]
fn the_hot_seat_hands_off_between_people() {
    let mut driver = Driver::play("cheese-day:players=2", "human,human", 3);
    driver.settle();
    // Seat 0 too is handed the keyboard before anyone's board shows, and nothing is played
    // meanwhile.
    let frame = driver.frame(80, 24);
    assert!(frame.contains("Pass the keyboard to seat 0"), "{frame}");
    assert!(driver.app.transcript().unwrap().events.is_empty());
    driver.key(KeyCode::Enter);
    driver.settle();
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
    // The header says whose screen it is.
    assert!(
        frame.contains("seat 1's view") && frame.contains("seat 0 (human) · you │"),
        "{frame}"
    );
}

#[test]
fn help_has_the_keys_the_rules_re_wrapped_and_a_legend_for_each_game() {
    for description in mousehole_engine::registry::games() {
        let game = description.name;
        let mut seats = vec!["heuristic"; description.default_players()];
        seats[0] = "human";
        let mut driver = Driver::play(game, &seats.join(","), 5);
        driver.settle();
        driver.char('?');
        let keys = driver.frame(80, 24);
        assert!(keys.contains(" keys ") && keys.contains("move"), "{keys}");
        driver.key(KeyCode::Tab);
        let rules = driver.frame(80, 24);
        assert!(rules.contains("game id"), "{rules}");
        insta::assert_snapshot!(format!("help_rules_{game}_80x24"), rules);
        insta::assert_snapshot!(format!("help_rules_{game}_120x40"), driver.frame(120, 40));
        driver.key(KeyCode::Tab);
        let legend = driver.frame(80, 24);
        insta::assert_snapshot!(format!("help_legend_{game}_80x24"), legend);
        insta::assert_snapshot!(format!("help_legend_{game}_120x40"), driver.frame(120, 40));
        driver.char('x');
        assert!(!driver.frame(80, 24).contains(" help:"));
    }
    // The rules are re-wrapped to the screen: a sentence the source breaks after "a" is
    // whole on one line at 120 columns.
    let mut driver = Driver::play("mouse-trap", "human,heuristic,heuristic", 5);
    driver.settle();
    driver.char('?');
    driver.key(KeyCode::Tab);
    let rules = driver.frame(120, 40);
    assert!(
        rules.contains("Each player has a mouse on Start of a 44-space path that leads into The Loop, six spaces"),
        "{rules}"
    );
}

#[test]
fn help_lists_the_keys_of_the_screen_and_scrolls() {
    let mut driver = Driver::play("cheese-day:players=2", "human,heuristic", 5);
    driver.settle();
    driver.char('?');
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains(" help:") && frame.contains("hint"),
        "{frame}"
    );
    insta::assert_snapshot!("help_80x24", frame);
    insta::assert_snapshot!("help_120x40", driver.frame(120, 40));
    // At 80x24 the keys are more than the box: the arrows scroll to the last line.
    let top = driver.frame(80, 24);
    assert!(!top.contains("the wheel scrolls the log"), "{top}");
    for _ in 0..60 {
        driver.key(KeyCode::Down);
    }
    let bottom = driver.frame(80, 24);
    assert!(bottom.contains("the wheel scrolls the log"), "{bottom}");
    assert!(bottom.contains("quit now"), "{bottom}");
    driver.key(KeyCode::Up);
    assert!(driver.frame(80, 24).contains(" help:"));
    // Any other key closes it.
    driver.char('x');
    assert!(!driver.frame(80, 24).contains(" help:"));
}

#[test]
fn long_log_lines_wrap_instead_of_being_cut() {
    // The first seed and decision at which Moose in the House's clean-up ("now everyone has
    // one, so hands discard theirs") is in the person's log whole: every word on screen,
    // wrapped, nothing cut at the edge.
    for seed in 1..60 {
        let mut driver = Driver::play("moose-house", "human,heuristic,heuristic", seed);
        for _ in 0..40 {
            driver.settle();
            if driver.app.game_over() {
                break;
            }
            let frame = driver.frame(80, 24);
            let log = driver.app.transcript().unwrap();
            if log.events.is_empty() || !frame.contains("so hands") {
                driver.key(KeyCode::Enter);
                continue;
            }
            // The note wrapped, under the board in the left 52 columns.
            let words: String = frame
                .lines()
                .map(|line| line.chars().skip(2).take(50).collect::<String>())
                .collect::<Vec<_>>()
                .join(" ");
            let words: Vec<&str> = words.split_whitespace().collect();
            let whole = words
                .join(" ")
                .contains("now everyone has one, so hands discard theirs face up");
            if whole {
                insta::assert_snapshot!("long_log_80x24", frame);
                insta::assert_snapshot!("long_log_120x40", driver.frame(120, 40));
                return;
            }
            // A pinned entry given less room than it needs says it is cut short.
            assert!(frame.contains('…'), "{frame}");
            driver.key(KeyCode::Enter);
        }
    }
    panic!("no seed showed the clean-up in the log");
}

#[test]
fn the_hint_sorts_the_moves_and_puts_the_cursor_on_the_pick() {
    let mut driver = Driver::new(Launch::Play(small_hints(
        "cheese-day:players=2",
        "human,heuristic",
        21,
    )));
    driver.settle();
    driver.char('h');
    driver.wait_for('★');
    let frame = driver.frame(80, 24);
    // The selected line (drawn reversed in the monochrome theme's snapshot: the text is
    // the same) carries the star.
    assert!(frame.contains('★'), "{frame}");
    insta::assert_snapshot!("hint_80x24", frame);
    insta::assert_snapshot!("hint_120x40", driver.frame(120, 40));
}

#[test]
fn mouse_race_21_is_whole_from_100x30_and_pans_at_80x24() {
    let mut driver = Driver::play("mouse-race:size=21", "human,heuristic", 4);
    driver.settle();
    let whole = driver.frame(100, 30);
    // Every row and column label is on screen.
    assert!(
        whole.contains("21") && whole.contains(" u ") && !whole.contains('▶'),
        "{whole}"
    );
    insta::assert_snapshot!("race21_100x30", whole);
    let large = driver.frame(120, 40);
    assert!(!large.contains('▶') && !large.contains("pan"), "{large}");
    insta::assert_snapshot!("race21_120x40", large);
    let cut = driver.frame(80, 24);
    assert!(cut.contains('▶') && cut.contains("⇧arrows pan"), "{cut}");
    insta::assert_snapshot!("race21_80x24", cut);
    driver.shift(KeyCode::Right);
    driver.shift(KeyCode::Right);
    driver.shift(KeyCode::Right);
    driver.shift(KeyCode::Down);
    driver.shift(KeyCode::Down);
    driver.shift(KeyCode::Down);
    let panned = driver.frame(80, 24);
    assert_ne!(panned, cut);
    assert!(panned.contains('◀') && panned.contains('▲'), "{panned}");
    insta::assert_snapshot!("race21_80x24_panned", panned);
    // With a tile in hand the line under the bag holds both, whole.
    driver.key(KeyCode::Enter);
    driver.settle();
    let held = driver.frame(80, 24);
    assert!(
        held.contains("in hand: a ") && held.contains("⇧arrows pan"),
        "{held}"
    );
    insta::assert_snapshot!("race21_80x24_in_hand", held);
}

#[test]
fn mouse_trap_asks_the_person_to_roll_their_own_die() {
    let mut driver = Driver::play("mouse-trap", "human,heuristic,heuristic", 3);
    driver.settle();
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains("your roll") && frame.contains("Press ⏎ (or r) to"),
        "{frame}"
    );
    insta::assert_snapshot!("roll_80x24", frame);
    insta::assert_snapshot!("roll_120x40", driver.frame(120, 40));
    // `n` never skips past it: the game waits for the key.
    driver.char('n');
    driver.settle();
    assert_eq!(driver.app.transcript().unwrap().events.len(), 0);
    driver.key(KeyCode::Enter);
    let transcript = driver.app.transcript().unwrap();
    assert!(
        transcript.events[0].action.starts_with("roll "),
        "{transcript:?}"
    );
    // The die is drawn on the board.
    assert!(driver.frame(80, 24).contains("die ["), "{frame}");
}

/// The fixed game the review tests read: Cheese Day, seat 0 a person (who chose by a fixed
/// pattern at `mousehole play`'s prompt), a heuristic and a medium bot, seed 11.
fn fixed_game() -> mousehole_engine::Transcript {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/review-cheese-day.json");
    mousehole_tui::read_transcript(&path).unwrap()
}

/// Steps the app until the review (made inline) is done.
fn reviewed(driver: &mut Driver) {
    for _ in 0..20 {
        if !driver.frame(80, 24).contains("event ")
            || driver.frame(80, 24).contains("decisions with a choice")
        {
            break;
        }
        driver.key(KeyCode::F(12));
    }
}

#[test]
fn the_coach_reviews_a_fixed_game() {
    let mut driver = Driver::new(Launch::Review {
        transcript: Box::new(fixed_game()),
        seat: None,
        agent: Some("ismcts:iterations=300,rollout=heuristic".parse().unwrap()),
    });
    reviewed(&mut driver);
    let frame = driver.frame(80, 24);
    assert!(
        frame.contains("10 decisions with a choice") && frame.contains("mistake"),
        "{frame}"
    );
    insta::assert_snapshot!("review_80x24", frame);
    insta::assert_snapshot!("review_120x40", driver.frame(120, 40));
    // The first marked decision is selected; Enter shows the position before it, in the
    // person's view, and q comes back to the review.
    driver.key(KeyCode::Enter);
    let position = driver.frame(120, 40);
    assert!(
        position.contains("event 17 of 96") && position.contains("seat 0's view"),
        "{position}"
    );
    driver.char('q');
    assert!(driver.frame(80, 24).contains("the coach's review"));
    // → goes to the next marked decision.
    driver.key(KeyCode::Right);
    driver.key(KeyCode::Enter);
    assert!(driver.frame(120, 40).contains("event 35 of 96"));
}

#[test]
fn the_history_lists_kept_games_with_the_wins_per_level() {
    let dir = std::env::temp_dir().join(format!("mousehole-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Two finished games against levels (a loss against medium, as the fixed game was, and
    // the same game written as a win against easy) and an unfinished one.
    let mut lost = fixed_game();
    lost.seats = vec!["human".into(), "medium".into(), "medium".into()];
    let mut won = fixed_game();
    won.seats = vec!["human".into(), "easy".into(), "easy".into()];
    won.outcome.as_mut().unwrap().ranks = vec![1, 2, 3];
    let mut unfinished = fixed_game();
    unfinished.events.truncate(20);
    unfinished.outcome = None;
    for (name, transcript) in [
        ("20260801-101500-cheese-day-11.json", &lost),
        ("20260802-203000-cheese-day-11.json", &won),
        ("cheese-day-11.json", &unfinished),
    ] {
        mousehole_tui::write_transcript(&dir.join(name), transcript).unwrap();
    }
    // The unfinished game, saved under a name of its own, is dated by its file: a fixed
    // time here (2026-08-03 09:00 UTC).
    std::fs::File::options()
        .write(true)
        .open(dir.join("cheese-day-11.json"))
        .unwrap()
        .set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_hours(496_041))
        .unwrap();
    let mut driver = Driver::new(Launch::Setup {
        game: None,
        seats: None,
        seed: Some(1),
        out: None,
    });
    driver.app.keep_games_in(dir.clone());
    driver.key_with(
        KeyCode::Char('o'),
        ratatui::crossterm::event::KeyModifiers::CONTROL,
    );
    // The folder's line names a temporary folder: the snapshot has a stand-in.
    let frame: String = driver
        .frame(80, 24)
        .lines()
        .map(|line| {
            if line.contains("kept in ") {
                "\"│kept in DIR\"".to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        frame.contains("easy: won 1 of 1") && frame.contains("medium: won 0 of 1"),
        "{frame}"
    );
    insta::assert_snapshot!("history_80x24", frame);
    // The unfinished game (listed first) goes on; the others open in the replay viewer.
    driver.key(KeyCode::Down);
    driver.key(KeyCode::Enter);
    assert!(driver.frame(80, 24).contains("replay: Cheese Day"));
    driver.char('q');
    driver.key(KeyCode::Up);
    driver.key(KeyCode::Enter);
    let frame = driver.frame(80, 24);
    assert!(frame.contains("resumed after 20 events"), "{frame}");
}

#[test]
fn on_small_screens_every_board_pans_and_says_where_more_of_it_lies() {
    let games = [
        ("cheese-day", "human,heuristic,heuristic"),
        ("moose-house", "human,heuristic,heuristic"),
        ("mouse-trap", "human,heuristic,heuristic"),
        ("mouse-race", "human,heuristic"),
    ];
    for (game, seats) in games {
        let mut driver = crate::common::after_decisions(game, seats, 3, 3);
        for (width, height) in [(60, 20), (50, 16)] {
            let frame = driver.frame(width, height);
            // The board's block says how to pan, and an arrow where more of it lies.
            assert!(
                frame.contains("⇧pan") || frame.contains("⇧arrows pan"),
                "{game} {width}x{height}: {frame}"
            );
            assert!(
                frame.contains('▶') || frame.contains('▼'),
                "{game} {width}x{height}: {frame}"
            );
            // Panning shows what was out of view, with an arrow back.
            for _ in 0..8 {
                driver.shift(KeyCode::Right);
                driver.shift(KeyCode::Down);
            }
            let panned = driver.frame(width, height);
            assert_ne!(panned, frame, "{game} {width}x{height}");
            assert!(
                panned.contains('◀') || panned.contains('▲'),
                "{game} {width}x{height}: {panned}"
            );
            for _ in 0..8 {
                driver.shift(KeyCode::Left);
                driver.shift(KeyCode::Up);
            }
        }
    }
    // Cheese Day at 60x20: slot 6 was cut silently; now it is a pan away.
    let mut driver =
        crate::common::after_decisions("cheese-day", "human,heuristic,heuristic", 3, 3);
    assert!(!driver.frame(60, 20).contains("┌6"));
    driver.shift(KeyCode::Right);
    driver.shift(KeyCode::Right);
    assert!(
        driver.frame(60, 20).contains("┌6"),
        "{}",
        driver.frame(60, 20)
    );
}

#[test]
fn a_result_too_long_for_a_small_window_says_so_and_scrolls() {
    // Six seats' scores and how each was made do not fit a 50x16 window's end panel.
    let mut driver = Driver::play(
        "cheese-day:players=6",
        "human,heuristic,heuristic,heuristic,heuristic,heuristic",
        7,
    );
    for _ in 0..1000 {
        driver.settle();
        if driver.app.game_over() {
            break;
        }
        driver.key(KeyCode::Enter);
    }
    assert!(driver.app.game_over());
    let top = driver.frame(50, 16);
    assert!(top.contains("↓ more"), "{top}");
    assert!(!top.contains("↑ more"), "{top}");
    for _ in 0..40 {
        driver.key(KeyCode::Down);
    }
    let bottom = driver.frame(50, 16);
    assert!(bottom.contains("↑ more"), "{bottom}");
    assert!(!bottom.contains("↓ more"), "{bottom}");
    assert_ne!(top, bottom);
    for _ in 0..40 {
        driver.key(KeyCode::Up);
    }
    assert_eq!(driver.frame(50, 16), top);
    // At 80x24 the whole result fits: nothing to say, nothing to scroll.
    let whole = driver.frame(80, 24);
    assert!(!whole.contains("more "), "{whole}");
}

#[test]
fn the_reviews_title_is_never_cut_in_a_name() {
    // Narrower and narrower: the title's lead goes first, then the seat moves below it; the
    // game and the seat always whole.
    for width in [80, 50, 36] {
        let mut driver = Driver::new(Launch::Review {
            transcript: Box::new(fixed_game()),
            seat: None,
            agent: Some("ismcts:iterations=50,rollout=heuristic".parse().unwrap()),
        });
        reviewed(&mut driver);
        let frame = driver.frame(width, 24);
        assert!(frame.contains("│ you "), "{width}: {frame}");
        assert!(frame.contains("Cheese Day · seed 11"), "{width}: {frame}");
    }
}
