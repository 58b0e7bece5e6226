//! A rematch after the game's end (issue 43 item 4): every remote seat is offered one with the
//! same seats; when all say yes in time the host plays the next game with the next seed and the
//! same codes, and a no or the time running out ends it. Every wait is short: the offers here
//! stand for 2 s at most, and each test's host must end within its limit.

use std::time::{Duration, Instant};

use mousehole_protocol::parse_host;
use serde_json::Value;

use crate::support::{Raw, agent_answering, host_games, settings};

/// How long the offers of these tests stand.
const WITHIN: Duration = Duration::from_secs(2);

#[test]
fn when_every_person_says_yes_the_next_game_is_played_with_the_next_seed() {
    let hosted = host_games(
        "cheese-day:players=3",
        "remote:ann,remote:ben,random",
        11,
        settings(),
        Some(WITHIN),
    );
    // Both say yes to the first offer, and ben no to the second: two games, then the host
    // ends.
    let (first, heard_first) = agent_answering(
        hosted.address,
        &hosted.code(0),
        "random",
        &[Some(true), Some(true)],
    );
    let (second, heard_second) = agent_answering(
        hosted.address,
        &hosted.code(1),
        "heuristic",
        &[Some(true), Some(false)],
    );
    let first = first.join().unwrap().unwrap();
    let second = second.join().unwrap().unwrap();
    let log = hosted.log.clone();
    let transcripts = hosted.finish_all_within(Duration::from_secs(30));
    assert_eq!(transcripts.len(), 2, "{:#?}", log.lock().unwrap());
    assert_eq!(
        (transcripts[0].seed, transcripts[1].seed),
        (11, 12),
        "the next game's seed is the last one's plus one"
    );
    for transcript in &transcripts {
        let report = transcript.replay().expect("the transcript replays");
        let outcome = transcript.outcome.clone().expect("the game finished");
        assert!(report.outcome.unwrap().matches(&outcome));
        assert_eq!(transcript.seats, ["remote:ann", "remote:ben", "random"]);
    }
    // Each client followed both games on the one connection: its result is the second's.
    let last = transcripts[1].outcome.as_ref();
    assert_eq!(first.outcome.as_ref(), last);
    assert_eq!(second.outcome.as_ref(), last);
    assert_eq!(first.events, transcripts[1].events.len());
    let heard = heard_second.lock().unwrap().clone();
    assert!(
        heard
            .iter()
            .any(|line| line.starts_with("rematch [0, 1] [] ")),
        "the offer names the people asked, none yes yet: {heard:#?}"
    );
    assert!(
        heard
            .iter()
            .any(|line| line == "everyone said yes to a rematch: the next game begins"),
        "{heard:#?}"
    );
    assert!(
        heard_first
            .lock()
            .unwrap()
            .iter()
            .any(|line| line == "seat 1 (ben) said no to a rematch: no more games"),
        "{:#?}",
        heard_first.lock().unwrap()
    );
    let log = log.lock().unwrap();
    assert!(
        log.iter().any(|line| line == "game 2 begins: seed 12"),
        "{log:#?}"
    );
    assert!(
        log.iter()
            .all(|line| !line.contains("seed 12") || line.starts_with("game 2"))
    );
}

#[test]
fn a_rematch_unanswered_in_time_ends_the_host() {
    let hosted = host_games(
        "mouse-race:players=2",
        "remote,remote",
        5,
        settings(),
        Some(Duration::from_millis(600)),
    );
    let (first, heard) = agent_answering(hosted.address, &hosted.code(0), "random", &[Some(true)]);
    let (second, _) = agent_answering(hosted.address, &hosted.code(1), "random", &[None]);
    let began = Instant::now();
    first.join().unwrap().unwrap();
    second.join().unwrap().unwrap();
    let transcripts = hosted.finish_all_within(Duration::from_secs(30));
    assert_eq!(transcripts.len(), 1);
    assert!(began.elapsed() < Duration::from_secs(25));
    let heard = heard.lock().unwrap();
    assert!(
        heard
            .iter()
            .any(|line| line == "no rematch: seat 1 (remote) did not say yes in time"),
        "{heard:#?}"
    );
    // The offer said so when seat 0 answered: asked both, seat 0 yes.
    assert!(
        heard
            .iter()
            .any(|line| line.starts_with("rematch [0, 1] [0] ")),
        "{heard:#?}"
    );
}

/// Plays a raw client's seat (always the first legal action) until a message of `kind`
/// comes; that message and every other one before it. Panics past `deadline` (a client that
/// only gets pings would wait for ever).
fn play_until(raw: &mut Raw, kind: &str, deadline: Instant) -> (Value, Vec<Value>) {
    let mut seen = Vec::new();
    loop {
        assert!(Instant::now() < deadline, "no {kind} in time: {seen:#?}");
        let message = raw
            .recv_before(deadline)
            .unwrap_or_else(|| panic!("closed before a {kind}, or none in time: {seen:#?}"));
        if message["type"] == kind {
            return (message, seen);
        }
        if message["type"] == "act" {
            raw.send(&format!(
                r#"{{"type":"action","id":{},"action":{}}}"#,
                message["id"], message["legal"][0]
            ));
        }
        seen.push(message);
    }
}

/// A raw client sees the offer, its progress and the next game's welcome and `new_game` on
/// the same connection, each a message the protocol declares; a rematch answer nobody asked
/// for, or one that is not yes or no, is refused in words.
#[test]
fn the_offer_and_the_next_game_arrive_on_the_same_connection() {
    let deadline = Instant::now() + Duration::from_mins(1);
    let hosted = host_games(
        "mouse-race:players=2",
        "remote,random",
        3,
        settings(),
        Some(WITHIN),
    );
    let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
    raw.send(r#"{"type":"rematch","yes":true}"#);
    let (early, _) = play_until(&mut raw, "error", deadline);
    assert_eq!(early["error"], "not_asked", "{early}");
    assert_eq!(early["message"], "no rematch is offered now");
    let (offer, first_game) = play_until(&mut raw, "rematch", deadline);
    assert!(first_game.iter().any(|m| m["type"] == "game_over"));
    assert!(parse_host(&offer.to_string()).is_ok());
    assert_eq!(offer["asked"], serde_json::json!([0]));
    assert_eq!(offer["yes"], serde_json::json!([]));
    let within = offer["within_ms"].as_u64().unwrap();
    assert!(within > 0 && within <= 2000, "{offer}");
    raw.send(r#"{"type":"rematch","yes":"please"}"#);
    let (bad, _) = play_until(&mut raw, "error", deadline);
    assert_eq!(bad["error"], "bad_message", "{bad}");
    raw.send(r#"{"type":"rematch","yes":true}"#);
    // Everyone (the one person) said yes: the status, a new welcome, the next game.
    let (_, between) = play_until(&mut raw, "new_game", deadline);
    let kinds: Vec<&str> = between
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.last(), Some(&"welcome"), "{between:#?}");
    assert!(
        between.iter().any(|m| m["type"] == "status"
            && m["text"] == "everyone said yes to a rematch: the next game begins"),
        "{between:#?}"
    );
    // The second game is played on; its offer is refused, and the host ends.
    let (_, second_game) = play_until(&mut raw, "rematch", deadline);
    assert!(second_game.iter().any(|m| m["type"] == "game_over"));
    raw.send(r#"{"type":"rematch","yes":false}"#);
    let (_, end) = play_until(&mut raw, "quit", deadline);
    assert!(
        end.iter().any(|m| m["type"] == "status"
            && m["text"] == "seat 0 (remote) said no to a rematch: no more games"),
        "{end:#?}"
    );
    let transcripts = hosted.finish_all_within(Duration::from_secs(30));
    assert_eq!(transcripts.len(), 2);
    assert_eq!(transcripts[1].seed, 4);
}
