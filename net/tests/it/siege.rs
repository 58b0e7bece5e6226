//! The host under attack (issue 46): what a hostile client tried, each case against a host on
//! 127.0.0.1, most with [`RawClient`], which writes the WebSocket protocol itself and so can
//! send what a library client never would. The ping flood's memory is measured against the
//! built binary (cli's hostile tests).

use std::time::{Duration, Instant};

use mousehole_net::HostSettings;
use mousehole_net::testing::{Opcode, RawClient};
use serde_json::Value;

use crate::support::{Raw, agent, host, settings};

fn join_text(code: &str) -> String {
    format!(r#"{{"type":"join","code":"{code}"}}"#)
}

/// A wrong code for the host whose seat's code is `code`.
fn wrong(code: &str) -> String {
    let mut wrong = code.to_owned().into_bytes();
    wrong[0] = if wrong[0] == b'a' { b'b' } else { b'a' };
    String::from_utf8(wrong).unwrap()
}

/// Joins seat `code` with a [`RawClient`]; it and the welcome.
fn raw_join(address: std::net::SocketAddr, code: &str) -> RawClient {
    let mut raw = RawClient::connect(address);
    raw.text(&join_text(code)).unwrap();
    let welcome = raw.next_message().expect("a welcome");
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    raw
}

/// Case 1, the second half: a client that never reads is dropped once it has not answered the
/// host's pings for the idle timeout, however many pings of its own it sends (each showed the
/// host it was there; none showed that it takes what it is sent).
#[test]
fn a_client_that_never_reads_is_dropped_after_the_idle_timeout_even_while_it_pings() {
    let hosted = host("cheese-day:players=2", "remote,random", 1, settings());
    let idle = settings().idle_timeout;
    let mut raw = RawClient::connect(hosted.address);
    raw.text(&join_text(&hosted.code(0))).unwrap();
    let joined = Instant::now();
    while !hosted.logged("lost its connection") && joined.elapsed() < idle * 5 {
        // It may find the connection closed before the host's log says so.
        let _ = raw.ping(b"still here");
        std::thread::sleep(Duration::from_millis(50));
    }
    let took = joined.elapsed();
    assert!(
        hosted.logged("lost its connection"),
        "not dropped in {took:?}"
    );
    assert!(
        took >= idle.saturating_sub(Duration::from_millis(300)) && took < idle * 2,
        "dropped after {took:?} (idle timeout {idle:?})"
    );
    drop(raw);
    hosted.play_out(0, "random");
}

/// Case 2: wrong codes sent at once over parallel connections from one address wait their
/// turn as if sent one after another: each is looked at only once the delay after the
/// previous wrong code has passed.
#[test]
fn the_wrong_code_delay_holds_across_parallel_connections_from_one_address() {
    let delay = Duration::from_millis(200);
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        1,
        HostSettings {
            wrong_code_delay: delay,
            ..settings()
        },
    );
    let wrong = wrong(&hosted.code(0));
    let mut clients: Vec<RawClient> = (0..4).map(|_| RawClient::connect(hosted.address)).collect();
    let start = Instant::now();
    for client in &mut clients {
        client.text(&join_text(&wrong)).unwrap();
    }
    let refused: Vec<std::thread::JoinHandle<Duration>> = clients
        .into_iter()
        .map(|mut client| {
            std::thread::spawn(move || {
                let refusal = client.next_message().expect("a refusal");
                assert_eq!(refusal["error"], "wrong_code", "{refusal}");
                start.elapsed()
            })
        })
        .collect();
    let mut times: Vec<Duration> = refused.into_iter().map(|t| t.join().unwrap()).collect();
    times.sort();
    // One after another: at once, then 200, 400 and 800 ms after each wrong code.
    let due = [0, 200, 600, 1400].map(Duration::from_millis);
    for (time, due) in times.iter().zip(due) {
        assert!(
            *time >= due,
            "refusals at {times:?}, due no sooner than {due:?}"
        );
    }
    assert_eq!(
        hosted
            .log
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains("wrong code"))
            .count(),
        4
    );
    hosted.play_out(0, "random");
}

/// Case 3: the time to join counts from the TCP connection, so a handshake trickled in over
/// most of it leaves only the rest for the join.
#[test]
fn the_time_to_join_counts_from_the_connection_not_the_handshakes_end() {
    let hosted = host("cheese-day:players=2", "remote,random", 1, settings());
    let limit = settings().handshake_timeout;
    let mut raw = RawClient::tcp(hosted.address);
    let connected = Instant::now();
    let handshake = RawClient::handshake(hosted.address);
    // The handshake over 80% of the time, in eight pieces.
    for piece in handshake.chunks(handshake.len().div_ceil(8)) {
        raw.write(piece).unwrap();
        std::thread::sleep(limit / 10);
    }
    let upgraded = raw.upgraded();
    // The join once the time is past, counted from connecting (within it, from the handshake).
    std::thread::sleep((connected + limit * 3 / 2).saturating_duration_since(Instant::now()));
    let _ = raw.text(&join_text(&hosted.code(0)));
    let answer = raw.next_message();
    assert!(
        answer
            .as_ref()
            .is_none_or(|answer| answer["type"] != "welcome"),
        "joined {:?} after connecting (the handshake answered {upgraded:?}): {answer:?}",
        connected.elapsed()
    );
    hosted.play_out(0, "random");
}

/// Case 4: control frames are part of WebSocket (RFC 6455 section 5.4: they may come between
/// a message's fragments): a ping before the join is answered, a pong is taken, and a join
/// in fragments with control frames between them is a join.
#[test]
fn pings_and_pongs_before_the_join_and_between_its_fragments_are_taken() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        1,
        HostSettings {
            allow_watch: true,
            ..settings()
        },
    );
    let join = join_text(&hosted.code(0));
    let welcomed = |raw: &mut RawClient, what: &str| {
        let welcome = raw.next_message();
        assert_eq!(
            welcome.as_ref().map(|w| w["type"].clone()),
            Some(Value::from("welcome")),
            "{what}: {welcome:?}"
        );
    };

    let mut raw = RawClient::connect(hosted.address);
    raw.ping(b"before the join").unwrap();
    let pong = raw.next_frame().unwrap().expect("a pong");
    assert_eq!(
        (pong.opcode, pong.payload.as_slice()),
        (10, &b"before the join"[..])
    );
    raw.text(&join).unwrap();
    welcomed(&mut raw, "a ping first");

    let mut raw = RawClient::connect(hosted.address);
    raw.frame(true, Opcode::Pong, b"unasked").unwrap();
    raw.text(&join).unwrap();
    welcomed(&mut raw, "a pong first");

    let mut raw = RawClient::connect(hosted.address);
    let (first, rest) = join.split_at(10);
    let (middle, last) = rest.split_at(10);
    raw.frame(false, Opcode::Text, first.as_bytes()).unwrap();
    raw.ping(b"between").unwrap();
    raw.frame(false, Opcode::Continuation, middle.as_bytes())
        .unwrap();
    raw.frame(true, Opcode::Pong, b"").unwrap();
    raw.frame(true, Opcode::Continuation, last.as_bytes())
        .unwrap();
    welcomed(
        &mut raw,
        "a join in fragments with a ping and a pong between them",
    );

    let mut watcher = RawClient::connect(hosted.address);
    watcher.ping(b"").unwrap();
    watcher.text(r#"{"type":"watch"}"#).unwrap();
    welcomed(&mut watcher, "a watch after a ping");

    drop(raw);
    hosted.play_out(0, "random");
}

/// Case 5: an answer to an act already answered is one nobody asked for, and is told so,
/// however close behind the first it comes.
#[test]
fn a_second_answer_to_an_act_already_answered_gets_an_error() {
    let hosted = host("cheese-day:players=2", "remote,random", 2, settings());
    let mut raw = raw_join(hosted.address, &hosted.code(0));
    let mut doubled = Vec::new();
    let mut errors = Vec::new();
    loop {
        let message = raw.next_message().expect("the game goes on");
        match message["type"].as_str().unwrap() {
            "act" => {
                let id = message["id"].as_u64().unwrap();
                let answer = format!(
                    r#"{{"type":"action","id":{id},"action":{}}}"#,
                    message["legal"][0]
                );
                // Both in one write: the second is there before the first is taken.
                let mut twice = raw.frame_bytes(true, Opcode::Text, answer.as_bytes());
                twice.extend(raw.frame_bytes(true, Opcode::Text, answer.as_bytes()));
                raw.write(&twice).unwrap();
                doubled.push(id);
            }
            "error" => errors.push(message),
            "game_over" => break,
            _ => {}
        }
    }
    while let Some(message) = raw.next_message() {
        if message["type"] == "error" {
            errors.push(message);
        }
    }
    assert_eq!(
        errors.len(),
        doubled.len(),
        "acts answered twice: {doubled:?}; errors: {errors:#?}"
    );
    for (error, id) in errors.iter().zip(&doubled) {
        assert_eq!(error["error"], "not_asked", "{error}");
        assert_eq!(error["id"], *id, "{error}");
    }
    let transcript = hosted.finish();
    assert!(transcript.events.iter().all(|event| event.fault.is_none()));
}

/// What serde and serde_json say, that a player should never read.
const JARGON: [&str; 11] = [
    "missing field `",
    "unknown field `",
    "unknown variant `",
    "invalid type:",
    "invalid value:",
    "at line ",
    "expected value",
    "expected struct",
    "EOF while parsing",
    "trailing characters",
    "key must be a string",
];

/// Case 6: what is wrong with a message after the join is said in plain words, as before it.
#[test]
fn errors_after_the_join_are_in_plain_words() {
    let hosted = host("cheese-day:players=2", "remote,random", 2, settings());
    let mut raw = raw_join(hosted.address, &hosted.code(0));
    for bad in [
        r#"{"type":"join"}"#,
        r#"{"type":"join","code":5}"#,
        r#"{"type":"join","code":"x","name":"ann","extra":[1,2"#,
        r#"{"type":"watch","please":true}"#,
        r#"{"type":"action","id":"one","action":"take 1"}"#,
        r#"{"type":"action","id":1,"action":7}"#,
        r#"{"type":"action","id":-1,"action":"take 1"}"#,
        r#"{"type":"dance"}"#,
        r#"{"type":7}"#,
        r#"{"action":"take 1"}"#,
        "[1,2,3]",
        r#"{"type":"action",}"#,
        r#"{"type":"action","id":1,"action":"take 1"} and more"#,
        "",
    ] {
        raw.text(bad).unwrap();
        let error = loop {
            let message = raw
                .next_message()
                .unwrap_or_else(|| panic!("no answer to {bad}"));
            if message["type"] == "error" {
                break message;
            }
        };
        let words = error["message"].as_str().unwrap();
        for jargon in JARGON {
            assert!(!words.contains(jargon), "{bad}: {jargon:?} in {words:?}");
        }
    }
    drop(raw);
    hosted.play_out(0, "random");
}

/// Characters that change the order in which text around them is shown (Unicode's bidi
/// controls): a name with them could make the host's log say what it does not.
const REORDERING: [char; 12] = [
    '\u{061c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
];

/// Case 7: a join's name and version reach the host's log with their bidi controls written
/// out, as control characters are.
#[test]
fn bidi_controls_in_a_joins_name_reach_the_hosts_log_made_harmless() {
    let hosted = host("cheese-day:players=2", "remote,random", 2, settings());
    let name: String = format!("ann{}", REORDERING.iter().collect::<String>());
    let mut raw = RawClient::connect(hosted.address);
    raw.text(
        &serde_json::json!({"type": "join", "code": hosted.code(0), "name": name, "version": "1\u{202e}0"})
            .to_string(),
    )
    .unwrap();
    assert_eq!(raw.next_message().unwrap()["type"], "welcome");
    let log = hosted.log.lock().unwrap().clone();
    let joined = log
        .iter()
        .find(|line| line.contains("joined"))
        .expect("a join line");
    assert!(joined.contains(r"ann\u{61c}\u{200e}"), "{joined}");
    for line in &log {
        assert!(!line.contains(REORDERING), "{line:?}");
    }
    drop(raw);
    hosted.play_out(0, "random");
}

/// Smaller: a seat is said to have lost its connection before anyone is told the game waits
/// for it, every time (the two were told from two threads, in either order).
#[test]
fn a_seat_is_said_lost_before_the_game_waits_for_it() {
    let hosted = host("cheese-day:players=2", "remote,random", 3, settings());
    for _ in 0..12 {
        let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
        raw.until("act").unwrap();
        let waits = |hosted: &crate::support::Hosted| {
            hosted
                .log
                .lock()
                .unwrap()
                .iter()
                .filter(|l| l.contains("waiting for seat 0"))
                .count()
        };
        let before = waits(&hosted);
        drop(raw);
        let until = Instant::now() + Duration::from_secs(5);
        while waits(&hosted) == before {
            assert!(Instant::now() < until, "the host did not wait for seat 0");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let log = hosted.log.lock().unwrap().clone();
    let mut lost = false;
    for line in &log {
        if line.contains("seat 0 (remote) lost its connection") {
            lost = true;
        } else if line.contains("waiting for seat 0") {
            assert!(
                lost,
                "told the game waits before the seat was lost: {log:#?}"
            );
            lost = false;
        }
    }
    hosted.play_out(0, "random");
}

/// Smaller: a reconnect timeout is said as it was given (1.5 s, not 1 s), in the status line
/// and in the fault of every decision the fallback makes.
#[test]
fn the_reconnect_timeout_is_said_as_given() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,remote",
        8,
        HostSettings {
            reconnect_timeout: Duration::from_millis(1500),
            ..settings()
        },
    );
    let (other, heard) = agent(hosted.address, &hosted.code(1), "random");
    let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
    raw.until("act").unwrap();
    drop(raw);
    other.join().unwrap().unwrap();
    let transcript = hosted.finish();
    let fault = transcript
        .events
        .iter()
        .find_map(|event| event.fault.as_ref())
        .expect("the fallback decided");
    assert!(fault.text.contains("within 1.5 s"), "{}", fault.text);
    let heard = heard.lock().unwrap();
    assert!(
        heard
            .iter()
            .any(|line| line.ends_with("to reconnect (up to 1.5 s)")),
        "{heard:?}"
    );
}
