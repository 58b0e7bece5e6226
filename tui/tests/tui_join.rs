//! The TUI of a hosted game (`mousehole join`) driven headless through whole games of each
//! game: a host on 127.0.0.1 plays a bot and a remote seat, the app joins the remote seat and a
//! person plays it with keys; the screen's log is the seat's view of the host's transcript,
//! event for event, note for note (nothing else reached it), and the end screen shows the
//! result. A spectator's screen shows what every seat sees and no board.

mod common;

use std::net::SocketAddr;

use common::Driver;
use mousehole_engine::{Actor, Transcript};
use mousehole_net::testing::{Hosted, agent};
use mousehole_net::{ClientSettings, Connection, HostSettings, Target};
use mousehole_tui::Launch;
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
        .map(|e| (e.actor, e.action.clone(), e.note.clone()))
        .collect()
}

/// Plays remote seat 0 of `spec` (against `bots`) from the app to the end: at each decision
/// the selection moves down `step % 3` and is played, every fourth typed by its number.
fn join_and_play(spec: &str, bots: &str, seed: u64) {
    let hosted = host(spec, &format!("remote,{bots}"), seed);
    let code = hosted.code(0);
    let mut driver = joined(hosted.address, &Target::Seat { code });
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
            driver.key(KeyCode::Enter);
        } else {
            driver.key(KeyCode::Enter);
        }
        decisions += 1;
    }
    assert!(driver.app.game_over(), "{spec}: the game did not end");
    let frame = driver.frame(100, 30);
    assert!(frame.contains("game over"), "{spec}: {frame}");
    assert!(frame.contains("you placed"), "{spec}: {frame}");
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
    // A hosted game is the host's: no replay here, said in words.
    driver.char('r');
    assert!(
        driver.frame(100, 30).contains("this game is the host's"),
        "{spec}"
    );
}

#[test]
fn a_joined_seat_plays_cheese_day_to_the_end_screen_in_the_tui() {
    join_and_play("cheese-day:players=2", "random", 3);
}

#[test]
fn a_joined_seat_plays_moose_in_the_house_to_the_end_screen_in_the_tui() {
    join_and_play("moose-house:players=2", "random", 4);
}

#[test]
fn a_joined_seat_plays_mouse_trap_to_the_end_screen_in_the_tui() {
    join_and_play("mouse-trap:players=2", "random", 5);
}

#[test]
fn a_joined_seat_plays_mouse_race_to_the_end_screen_in_the_tui() {
    join_and_play("mouse-race:players=2", "random", 6);
}

#[test]
fn a_spectator_sees_what_every_seat_sees_and_no_board() {
    let hosted = host("moose-house:players=2", "remote,random", 8);
    let mut watcher = joined(hosted.address, &Target::Watch);
    let (player, _) = agent(hosted.address, &hosted.code(0), "random");
    watcher.settle();
    assert!(watcher.app.game_over());
    player.join().unwrap().unwrap();
    let full = hosted.finish();
    let frame = watcher.frame(100, 30);
    assert!(frame.contains("Watching"), "{frame}");
    assert!(!frame.contains("seat 0's view"), "{frame}");
    assert!(frame.contains("game over"), "{frame}");
    let seen = watcher.app.transcript().unwrap();
    assert_eq!(seen.events.len(), full.events.len());
    // Each event as both seats saw it alike; a card drawn is `draw ?` to the table.
    let views: Vec<_> = (0..2).map(|seat| full.seat_view(seat).unwrap()).collect();
    for (index, event) in seen.events.iter().enumerate() {
        let alike = views[0].events[index].action == views[1].events[index].action;
        if alike {
            assert_eq!(event.action, views[0].events[index].action);
        } else {
            assert_eq!(event.action, "draw ?", "event {index}");
        }
        assert_eq!(event.note, None);
    }
    assert!(seen.events.iter().any(|e| e.action == "draw ?"));
}
