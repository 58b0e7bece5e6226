//! The TUI of a hosted game (`mousehole join`) driven headless through whole games of each
//! game: a host on 127.0.0.1 plays a bot and a remote seat, the app joins the remote seat and a
//! person plays it with keys; the screen's log is the seat's view of the host's transcript,
//! event for event, note for note (nothing else reached it), and the end screen says how the
//! game ended and how each seat scored as a game played here does, with nothing the rules keep
//! hidden, and offers no key that is the host's. A spectator's screen shows the public table:
//! every seat's public board, the events as everyone sees them with their notes, and how the
//! game ended.

use std::net::SocketAddr;

use crate::common::Driver;
use mousehole_engine::games::moose_house::MooseHouse;
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{Actor, Transcript};
use mousehole_net::testing::{Hosted, agent};
use mousehole_net::{ClientSettings, Connection, HostSettings, Target};
use mousehole_tui::{BoardView, Launch};
use ratatui::crossterm::event::KeyCode;

/// Hosts `spec` with `seats` and `seed` on 127.0.0.1, spectators allowed.
fn host(spec: &str, seats: &str, seed: u64) -> Hosted {
    let settings = HostSettings {
        allow_watch: true,
        ..mousehole_net::testing::settings()
    };
    mousehole_net::testing::host(spec, seats, seed, settings)
}

/// The app joined to the host at `address` as `target`.
fn joined(address: SocketAddr, target: &Target) -> Driver {
    let connection = Connection::open(
        &address.to_string(),
        target,
        (Some("test"), None),
        ClientSettings::default(),
    )
    .unwrap();
    Driver::new(Launch::Join {
        connection,
        address: address.to_string(),
    })
}

/// The events of a transcript as (actor, text, note).
fn events(transcript: &Transcript) -> Vec<(Actor, String, Option<String>)> {
    transcript
        .events
        .iter()
        .map(|e| {
            (
                e.actor,
                e.action.to_string(),
                e.note.as_deref().map(str::to_owned),
            )
        })
        .collect()
}

/// Plays the joined seat to the end of the game: at each decision the selection moves down
/// `step % 3` and is played, every fourth typed by its number. Returns how many decisions.
fn play_to_the_end(driver: &mut Driver) -> usize {
    let mut decisions = 0;
    for step in 0..100_000usize {
        driver.settle();
        if driver.app.game_over() {
            break;
        }
        for _ in 0..step % 3 {
            driver.char('j');
        }
        if step % 4 == 3 {
            driver.char(':');
            driver.text("1");
        }
        driver.key(KeyCode::Enter);
        decisions += 1;
    }
    decisions
}

/// Plays remote seat 0 of `spec` (a game of `G`, against `bots`) from the app to the end: at
/// each decision the selection moves down `step % 3` and is played, every fourth typed by its
/// number. Returns the end screen at 100 × 30, the host's address written `HOST`.
fn join_and_play<G: BoardView>(spec: &str, bots: &str, seed: u64) -> String {
    let hosted = host(spec, &format!("remote,{bots}"), seed);
    let code = hosted.code(0);
    let mut driver = joined(hosted.address, &Target::Seat { code });
    let decisions = play_to_the_end(&mut driver);
    assert!(driver.app.game_over(), "{spec}: the game did not end");
    let frame = driver.frame(100, 30);
    assert!(frame.contains("game over"), "{spec}: {frame}");
    assert!(frame.contains("you placed"), "{spec}: {frame}");
    let address = hosted.address.to_string();
    let full = hosted.finish();
    full.replay()
        .unwrap_or_else(|e| panic!("{spec}: the host's transcript does not replay: {e}"));
    assert!(full.outcome.is_some(), "{spec}: unfinished");
    assert!(
        full.events.iter().any(|e| e.actor == Actor::Seat(0)) && decisions > 0,
        "{spec}: the person never decided"
    );
    // The screen's log is the seat's view of the game, all of it and nothing more.
    let shown = driver.app.transcript().expect("the joined game");
    assert_eq!(shown.view, Some(0));
    assert_eq!(
        events(&shown),
        events(&full.seat_view(0).unwrap()),
        "{spec}: the joined seat's log is not its view of the host's game"
    );
    assert_eq!(shown.outcome, full.outcome);
    // The end says what a game played here says (how it ended, each seat's score made, the
    // tie-break), made by the same function from seat 0's final observation, which the host
    // sent, and the outcome; and nothing of what only the true state shows.
    let end = Replay::<G>::new(&full, Chance::Recorded)
        .and_then(Replay::finish)
        .unwrap();
    let outcome = full.outcome.as_ref().unwrap();
    // The seats named as the host names them to seat 0: `you`, `seat 1 (random)`.
    let seats =
        mousehole_bots::recorded_names(&full.seats, mousehole_engine::naming::Reader::seat(0));
    let names: Vec<String> = (0..seats.len()).map(|seat| seats.name(seat)).collect();
    let ending = G::ending(&end.state().observation(0), outcome, &names)
        .unwrap_or_else(|| panic!("{spec}: a finished game has an ending"));
    let end_screen = frame.replace(&address, "HOST");
    assert!(end_screen.contains(&ending.reason), "{spec}: {end_screen}");
    for breakdown in &ending.breakdown {
        assert!(
            end_screen.contains(breakdown.as_str()),
            "{spec}: {end_screen}"
        );
    }
    if let Some(tie_break) = &ending.tie_break {
        assert!(
            end_screen.contains(tie_break.as_str()),
            "{spec}: {end_screen}"
        );
    }
    for hidden in G::revealed(end.state(), 0) {
        assert!(
            !end_screen.contains(&hidden),
            "{spec} shows {hidden}: {end_screen}"
        );
    }
    // A hosted game is the host's: again and replay are not offered, and a key for them is
    // refused in words; the coach reviews the seat's decisions from what it was shown.
    for key in ["a again", "r replay"] {
        assert!(
            !end_screen.contains(key),
            "{spec} offers {key}: {end_screen}"
        );
    }
    assert!(end_screen.contains("c coach"), "{spec}: {end_screen}");
    driver.char('r');
    assert!(
        driver.frame(100, 30).contains("this game is the host's"),
        "{spec}"
    );
    end_screen
}

/// A joined seat plays each game of the game list to the end screen in the TUI, against a
/// random player (one test per game, named after its module).
mod a_joined_seat_plays_to_the_end_screen_in_the_tui {
    macro_rules! joined_game {
        ($module:ident, $game:ty) => {
            #[test]
            fn $module() {
                let spec = format!(
                    "{}:players=2",
                    <<$game as mousehole_engine::Game>::Config as mousehole_engine::GameConfig>::description().name
                );
                super::join_and_play::<$game>(&spec, "random", 3);
            }
        };
    }
    mousehole_engine::for_each_game!(joined_game);
}

/// The end screen of one joined game, as a snapshot.
#[test]
fn a_joined_seat_sees_the_end_screen_of_moose_in_the_house() {
    let end_screen = join_and_play::<MooseHouse>("moose-house:players=2", "random", 4);
    insta::assert_snapshot!("join_end_moose-house_100x30", end_screen);
}

/// A spectator's screen is the public table: every seat's public board (houses, hand sizes,
/// no hand), the log of each event as everyone sees it with its note, and at the end how the
/// game ended in words; its log is the public views and notes of the host's game, event for
/// event, replayed from the host's transcript.
#[test]
fn a_spectator_sees_the_public_board_the_notes_and_how_it_ended() {
    use mousehole_engine::Game;

    let hosted = host("moose-house:players=2", "remote,random", 8);
    let mut watcher = joined(hosted.address, &Target::Watch);
    let (player, _) = agent(hosted.address, &hosted.code(0), "random");
    watcher.settle();
    assert!(watcher.app.game_over());
    player.join().unwrap().unwrap();
    let full = hosted.finish();
    let frame = watcher.frame(100, 30);
    // The board: both houses with their hand sizes, and no hand.
    assert!(
        frame.contains("hands are not shown to spectators"),
        "{frame}"
    );
    assert!(frame.contains("seat 0"), "{frame}");
    assert!(frame.contains("draw pile"), "{frame}");
    // The end panel: who won and why the game ended.
    assert!(
        frame.contains("the pile ran out and nobody could play"),
        "{frame}"
    );
    assert!(
        !frame.contains("you"),
        "a spectator is nobody's you: {frame}"
    );
    let seen = watcher.app.transcript().unwrap();
    assert_eq!(seen.events.len(), full.events.len());
    // Each event as everyone sees it, with the note written for nobody in particular.
    let config = mousehole_engine::testing::config::<MooseHouse>("players=2");
    let mut state = MooseHouse::new(&config);
    let mut notes = 0;
    for (index, (event, shown)) in full.events.iter().zip(&seen.events).enumerate() {
        let action = event.action.parse().unwrap();
        let view = state.public_event_view(&action);
        let before = state.public_observation();
        state.apply(action).unwrap();
        let note = MooseHouse::event_note(&before, event.actor, &view, &state.public_observation());
        assert_eq!(*shown.action, view.to_string(), "event {index}");
        assert_eq!(shown.note.as_deref(), note.as_deref(), "event {index}");
        notes += usize::from(note.is_some());
    }
    assert!(notes * 2 > seen.events.len(), "most events have a note");
    assert!(seen.events.iter().any(|e| &*e.action == "draw ?"));
    // The log on screen shows the notes (the last events').
    let last = seen
        .events
        .iter()
        .rev()
        .find_map(|e| e.note.as_deref())
        .unwrap();
    let words: String = last.chars().take(12).collect();
    assert!(
        frame.contains(&words),
        "the last note '{last}' on screen:\n{frame}"
    );
}

/// In every game a spectator's screen draws the public board and ends with the reason the
/// game ended, the one a game played here gives (from the host's transcript).
#[test]
fn a_spectator_sees_the_board_and_the_reason_in_every_game() {
    for spec in [
        "cheese-day:players=2",
        "mouse-race:players=2",
        "mouse-trap:players=2",
    ] {
        let hosted = host(spec, "remote,random", 3);
        let mut watcher = joined(hosted.address, &Target::Watch);
        let (player, _) = agent(hosted.address, &hosted.code(0), "random");
        watcher.settle();
        assert!(watcher.app.game_over(), "{spec}");
        player.join().unwrap().unwrap();
        let full = hosted.finish();
        let frame = watcher.frame(100, 30);
        assert!(
            !frame.contains("Watching: the table"),
            "{spec}: no board\n{frame}"
        );
        assert!(frame.contains("the table"), "{spec}\n{frame}");
        let ending = mousehole_tui::view::ending_of(&full, None).expect("a finished game");
        let words: String = ending.reason.chars().take(24).collect();
        assert!(
            frame.contains(&words),
            "{spec}: '{}'\n{frame}",
            ending.reason
        );
    }
}

/// The coach's review of a joined seat, made from nothing but what the seat was shown (its
/// views of the events, each decision's observation and legal moves), says what the review of
/// the host's whole transcript says of that seat's decisions: the same search from the same
/// views and the same seed (the host shares the agent seed here so the two can be compared).
#[test]
fn the_coach_reviews_a_joined_seat_from_what_it_was_shown() {
    let settings = HostSettings {
        share_agent_seeds: true,
        ..mousehole_net::testing::settings()
    };
    let hosted =
        mousehole_net::testing::host("cheese-day:players=2", "remote,random", 11, settings);
    let code = hosted.code(0);
    let mut driver = joined(hosted.address, &Target::Seat { code });
    let agent: mousehole_bots::AgentSpec =
        "ismcts:iterations=150,rollout=heuristic".parse().unwrap();
    driver.app.set_review_agent(agent.clone());
    play_to_the_end(&mut driver);
    assert!(driver.app.game_over());
    let full = hosted.finish();
    driver.char('c');
    // Made inline: done at the next tick.
    for _ in 0..20 {
        if driver.app.review().is_some() {
            break;
        }
        driver.step();
    }
    let joined_review = driver.app.review().expect("the review is made").clone();
    let progress = std::sync::atomic::AtomicUsize::new(0);
    let host_review = mousehole_tui::review::review(&full, 0, &agent, &progress).unwrap();
    assert!(!host_review.moves.is_empty());
    assert_eq!(joined_review.moves, host_review.moves);
    assert_eq!(joined_review.summary(), host_review.summary());
    let frame = driver.frame(100, 30);
    assert!(frame.contains(&host_review.summary()), "{frame}");
    // A position replays at the host, from its transcript: not offered here.
    assert!(!frame.contains("⏎ show"), "{frame}");
    assert!(frame.contains("q/esc back"), "{frame}");
}

/// Steps the joined app until its screen at 100 × 30 shows `wanted` (the host's messages come
/// on their own time); the screen.
fn until_shown(driver: &mut Driver, wanted: &str) -> String {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        driver.step();
        let frame = driver.frame(100, 30);
        if frame.contains(wanted) {
            return frame;
        }
        assert!(
            std::time::Instant::now() < until,
            "never showed {wanted:?}: {frame}"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn a_game_the_host_stops_says_why_to_a_joined_seat_and_a_spectator_and_is_unfinished() {
    let hosted = host("cheese-day:players=2", "remote,random", 5);
    let code = hosted.code(0);
    let mut person = joined(hosted.address, &Target::Seat { code });
    person.settle();
    let mut watcher = joined(hosted.address, &Target::Watch);
    assert!(!person.app.game_over());
    // The host is stopped (as by Ctrl-C) while it waits for the person's move.
    hosted.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let why = "the host stopped the game: stopped by the test";
    for (who, driver) in [("the seat", &mut person), ("the spectator", &mut watcher)] {
        let frame = until_shown(driver, why);
        assert!(driver.app.game_over(), "{who}: {frame}");
        assert!(!frame.contains("stopped before its end"), "{who}: {frame}");
        // `join` exits 1 and says why once the terminal is the person's again.
        assert!(driver.app.hosted_unfinished(), "{who}");
        let farewell = driver.app.farewell().unwrap_or_default();
        assert!(farewell.contains(why), "{who}: {farewell}");
    }
    assert!(hosted.finish().outcome.is_none());
}

#[test]
fn a_second_connection_with_a_seats_code_takes_it_and_the_first_is_told_in_words() {
    let hosted = host("cheese-day:players=2", "remote:ann,random", 6);
    let code = hosted.code(0);
    let mut first = joined(hosted.address, &Target::Seat { code: code.clone() });
    first.settle();
    let second = Connection::open(
        &hosted.address.to_string(),
        &Target::Seat { code },
        (Some("second"), None),
        ClientSettings::default(),
    )
    .unwrap();
    let frame = until_shown(&mut first, "no longer here");
    assert!(frame.contains("another connection"), "{frame}");
    assert!(first.app.game_over(), "{frame}");
    assert!(first.app.hosted_unfinished());
    // The host says it replaced the seat's connection, and from where.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !hosted.logged("replacing its connection from 127.0.0.1:") {
        assert!(
            std::time::Instant::now() < until,
            "{:#?}",
            hosted.log.lock().unwrap()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(hosted.logged("seat 0 (ann) joined from 127.0.0.1:"));
    drop(second);
}

#[test]
fn a_seat_waiting_for_others_reads_whom_the_host_waits_for() {
    let hosted = host("cheese-day:players=3", "remote:ann,remote:bob,random", 7);
    let mut ann = joined(
        hosted.address,
        &Target::Seat {
            code: hosted.code(0),
        },
    );
    let frame = until_shown(&mut ann, "Waiting for seat 1 (bob) to join.");
    assert!(!frame.contains("seat 0 (ann) to join"), "{frame}");
    // Once bob is in, the game begins and the wait is no longer said.
    let (bob, _) = agent(hosted.address, &hosted.code(1), "random");
    ann.settle();
    let frame = ann.frame(100, 30);
    assert!(!frame.contains("to join"), "{frame}");
    hosted.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let _ = bob.join();
}

/// Issue 43 item 4: at the end the host offers a rematch; the screen says so and how to
/// answer, `a` says yes and the next game is played on the same screen to its end, and `q`
/// at the next offer says no, so the host ends at once (not when the offer's time runs out).
#[test]
fn a_says_yes_to_a_rematch_and_the_next_game_is_played_on_the_same_screen() {
    let hosted = mousehole_net::testing::host_games(
        "cheese-day:players=2",
        "remote:ann,random",
        5,
        mousehole_net::testing::settings(),
        Some(std::time::Duration::from_secs(20)),
    );
    let mut ann = joined(
        hosted.address,
        &Target::Seat {
            code: hosted.code(0),
        },
    );
    assert!(play_to_the_end(&mut ann) > 0);
    let frame = until_shown(&mut ann, "rematch offered: a to play again, q to leave");
    assert!(frame.contains("waiting for you"), "{frame}");
    ann.char('a');
    // The next game begins here: the end screen gives way to the game, which is played out.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while ann.app.game_over() {
        assert!(std::time::Instant::now() < until, "{}", ann.frame(100, 30));
        ann.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(play_to_the_end(&mut ann) > 0);
    until_shown(&mut ann, "rematch offered: a to play again, q to leave");
    ann.char('q');
    let transcripts = hosted.finish_all_within(std::time::Duration::from_secs(10));
    assert_eq!(transcripts.len(), 2);
    assert_eq!((transcripts[0].seed, transcripts[1].seed), (5, 6));
    let shown = ann.app.transcript().expect("the joined game");
    assert_eq!(
        events(&shown),
        events(&transcripts[1].seat_view(0).unwrap()),
        "the screen's log is the second game's, all of it"
    );
}
