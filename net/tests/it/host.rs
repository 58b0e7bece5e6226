//! Hosted games end to end over 127.0.0.1: remote seats played by agents from what they were
//! sent, the same game `play` gives, wrong codes, answers out of turn, dropped and rejoined
//! seats, the fallback after the reconnect timeout, spectators, and clients that send
//! garbage.

use std::time::{Duration, Instant};

use mousehole_bots::{BotGame, BotVisitor};
use mousehole_bots::{ProgramOptions, SeatLabel, build_seat};
use mousehole_engine::{GameSpec, Match, Seat, Transcript};
use mousehole_net::{ClientError, Connection, Target};
use mousehole_protocol::ErrorKind;

use crate::support::{Raw, agent, client_settings, closed_within, host, raw_tcp, settings};

/// The events and outcome of a transcript, without its seat labels (a remote seat's label is
/// `remote`, the same agent's in `play` its spec).
fn game_of(transcript: &Transcript) -> String {
    serde_json::to_string(&(&transcript.events, &transcript.outcome, transcript.seed)).unwrap()
}

#[test]
fn two_remote_seats_and_a_bot_finish_and_the_transcript_replays() {
    let hosted = host(
        "cheese-day:players=3",
        "remote:ann,remote,random",
        11,
        settings(),
    );
    let (first, _) = agent(hosted.address, &hosted.code(0), "random");
    let (second, _) = agent(hosted.address, &hosted.code(1), "heuristic");
    let first = first.join().unwrap().unwrap();
    let second = second.join().unwrap().unwrap();
    let transcript = hosted.finish();
    let report = transcript.replay().expect("the transcript replays");
    let outcome = transcript.outcome.clone().expect("the game finished");
    assert!(report.outcome.unwrap().matches(&outcome));
    assert_eq!(transcript.seats, ["remote:ann", "remote", "random"]);
    for joined in [&first, &second] {
        assert_eq!(joined.outcome.as_ref(), Some(&outcome));
        assert_eq!(
            joined.events,
            transcript.events.len(),
            "every event reached the seat"
        );
    }
    assert_eq!((first.seat, second.seat), (0, 1));
}

/// Plays `spec` with `seats` as `play` does: every seat built by the bots' one `build_seat`.
fn played(spec: &str, seats: &str, seed: u64) -> Transcript {
    struct Play(Vec<SeatLabel>, u64);
    impl BotVisitor for Play {
        type Output = Transcript;
        fn visit<G: BotGame>(self, config: G::Config) -> Transcript {
            let mut seats: Vec<Box<dyn Seat<G> + Send>> = self
                .0
                .iter()
                .map(|label| {
                    build_seat::<G>(label, &ProgramOptions::default())
                        .unwrap()
                        .unwrap()
                        .seat
                })
                .collect();
            let mut game = Match::<G>::new(&config, self.1);
            game.run(&mut seats);
            Transcript::from_match(&game, self.0.iter().map(ToString::to_string).collect())
        }
    }
    let labels = SeatLabel::parse_list(seats).unwrap();
    mousehole_bots::visit(&spec.parse::<GameSpec>().unwrap(), Play(labels, seed)).unwrap()
}

/// The agents of `seats` play its first two seats from other terminals: the hosted game is
/// the very game `play` plays with the same seats and seed (chance, every decision, what the
/// search bots said of them).
fn hosted_as_played(spec: &str, seats: &[&str; 3], seed: u64) {
    let hosted = host(
        spec,
        &format!("remote,remote,{}", seats[2]),
        seed,
        mousehole_net::HostSettings {
            share_agent_seeds: true,
            ..settings()
        },
    );
    let (first, _) = agent(hosted.address, &hosted.code(0), seats[0]);
    let (second, _) = agent(hosted.address, &hosted.code(1), seats[1]);
    first.join().unwrap().unwrap();
    second.join().unwrap().unwrap();
    let remote = hosted.finish();
    let local = played(spec, &seats.join(","), seed);
    assert!(local.outcome.is_some());
    assert_eq!(game_of(&remote), game_of(&local), "{spec} seed {seed}");
}

#[test]
fn a_hosted_game_is_the_game_play_gives_in_every_game() {
    // Cheese Day's search bots read the history: the client's must be the host's.
    for (spec, seats, seed) in [
        (
            "cheese-day:players=3",
            ["ismcts:iterations=60", "random", "mc:playouts=40"],
            3,
        ),
        (
            "moose-house:players=3",
            ["heuristic", "mc:playouts=30", "random"],
            4,
        ),
        ("mouse-trap:players=3", ["random", "heuristic", "random"], 5),
        ("mouse-race:players=3", ["heuristic", "random", "random"], 6),
    ] {
        hosted_as_played(spec, &seats, seed);
    }
}

#[test]
fn a_wrong_code_is_refused_and_gets_no_game_data() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        1,
        mousehole_net::HostSettings {
            wrong_code_delay: Duration::from_millis(100),
            ..settings()
        },
    );
    let mut wrong = hosted.code(0).into_bytes();
    wrong[0] = if wrong[0] == b'a' { b'b' } else { b'a' };
    let wrong = String::from_utf8(wrong).unwrap();
    for code in [wrong.as_str(), "0000", "", "\u{1b}[31m"] {
        let mut raw = Raw::connect(hosted.address);
        raw.send(&format!(
            r#"{{"type":"join","code":{}}}"#,
            serde_json::json!(code)
        ));
        let everything = raw.rest();
        assert_eq!(everything.len(), 1, "{everything:?}");
        assert_eq!(everything[0]["type"], "error");
        assert_eq!(everything[0]["error"], "wrong_code");
    }
    // Each wrong code makes the next join from this address wait longer (100 ms, doubled):
    // 800 ms after the fourth.
    let start = Instant::now();
    let refused = Connection::open(
        &hosted.address.to_string(),
        &Target::Seat { code: wrong },
        (None, None),
        client_settings(),
    )
    .unwrap_err();
    assert!(refused.is_refusal(), "{refused}");
    assert!(
        matches!(
            refused,
            ClientError::Refused {
                kind: ErrorKind::WrongCode,
                ..
            }
        ),
        "{refused}"
    );
    assert!(
        start.elapsed() >= Duration::from_millis(700),
        "{:?}",
        start.elapsed()
    );
    assert!(hosted.logged("wrong code"));
    // The right code still gets in, and the game is played.
    assert!(hosted.play_out(0, "random").outcome.is_some());
}

#[test]
fn nothing_but_a_join_before_a_seat() {
    let hosted = host("cheese-day:players=2", "remote,random", 1, settings());
    let refused = |raw: &mut Raw| {
        let everything = raw.rest();
        assert_eq!(everything.len(), 1, "{everything:?}");
        everything[0]["error"].as_str().unwrap().to_owned()
    };
    let mut raw = Raw::connect(hosted.address);
    raw.send(r#"{"type":"action","id":1,"action":"take 1"}"#);
    assert_eq!(refused(&mut raw), "join_first");
    let mut raw = Raw::connect(hosted.address);
    raw.send_binary(vec![0, 159, 146, 150]);
    assert_eq!(refused(&mut raw), "join_first");
    let mut raw = Raw::connect(hosted.address);
    raw.send(r#"{"type":"watch"}"#);
    assert_eq!(refused(&mut raw), "no_watching");
    // Saying nothing at all: closed once the handshake time is up.
    let mut raw = Raw::connect(hosted.address);
    assert!(raw.rest().is_empty());
    hosted.play_out(0, "random");
}

#[test]
fn a_seat_answers_only_its_current_act_and_only_legally_and_the_act_stands() {
    let hosted = host("cheese-day:players=2", "remote,random", 2, settings());
    let (mut raw, welcome) = Raw::join(hosted.address, &hosted.code(0));
    assert_eq!(welcome["seat"], 0);
    assert_eq!(welcome["seats"], serde_json::json!(["remote", "random"]));
    let new_game = raw.until("new_game").unwrap();
    assert_eq!(new_game["seat"], 0);
    let act = raw.until("act").unwrap();
    let id = act["id"].as_u64().unwrap();
    let legal = act["legal"][0].as_str().unwrap().to_owned();
    let error = |raw: &mut Raw| raw.until("error").unwrap();
    raw.send(&format!(
        r#"{{"type":"action","id":{},"action":"{legal}"}}"#,
        id + 1
    ));
    assert_eq!(error(&mut raw)["error"], "not_asked");
    raw.send(&format!(
        r#"{{"type":"action","id":{id},"action":"take 99"}}"#
    ));
    let illegal = error(&mut raw);
    assert_eq!(illegal["error"], "illegal");
    assert_eq!(illegal["id"], id);
    assert!(illegal["message"].as_str().unwrap().contains("still waits"));
    raw.send(&format!(r#"{{"type":"action","id":{id}}}"#));
    assert_eq!(error(&mut raw)["error"], "illegal");
    raw.send("not json");
    assert_eq!(error(&mut raw)["error"], "bad_message");
    raw.send_binary(vec![1, 2, 3]);
    assert_eq!(error(&mut raw)["error"], "bad_message");
    raw.send(&format!(r#"{{"type":"join","code":"{}"}}"#, hosted.code(0)));
    assert_eq!(error(&mut raw)["error"], "bad_message");
    // The act still stands: a legal answer plays it, and the game goes on to its end.
    let mut answer = Some((id, legal));
    loop {
        if let Some((id, action)) = answer.take() {
            raw.send(&format!(
                r#"{{"type":"action","id":{id},"action":"{action}"}}"#
            ));
        }
        let message = raw.recv().expect("the game goes on");
        match message["type"].as_str().unwrap() {
            "act" => {
                answer = Some((
                    message["id"].as_u64().unwrap(),
                    message["legal"][0].as_str().unwrap().to_owned(),
                ));
            }
            "error" => panic!("a legal answer was refused: {message}"),
            "game_over" => break,
            _ => {}
        }
    }
    assert_eq!(raw.recv().unwrap()["type"], "quit");
    let transcript = hosted.finish();
    transcript.replay().unwrap();
    assert!(transcript.events.iter().all(|event| event.fault.is_none()));
}

#[test]
fn a_seat_that_drops_rejoins_and_receives_everything_since() {
    let hosted = host(
        "moose-house:players=3",
        "remote,remote,random",
        5,
        settings(),
    );
    let (steady, heard) = agent(hosted.address, &hosted.code(1), "random");
    let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
    let mut answered = 0;
    while answered < 3 {
        let act = raw.until("act").unwrap();
        let id = act["id"].as_u64().unwrap();
        let action = act["legal"][0].as_str().unwrap();
        raw.send(&format!(
            r#"{{"type":"action","id":{id},"action":"{action}"}}"#
        ));
        answered += 1;
    }
    drop(raw);
    // The game goes on to seat 0's next decision, and waits there for it.
    std::thread::sleep(Duration::from_millis(400));
    let (back, _) = agent(hosted.address, &hosted.code(0), "random");
    let back = back.join().unwrap().unwrap();
    steady.join().unwrap().unwrap();
    let transcript = hosted.finish();
    transcript.replay().unwrap();
    assert_eq!(
        back.events,
        transcript.events.len(),
        "the rejoined seat got every event"
    );
    assert!(transcript.events.iter().all(|event| event.fault.is_none()));
    let heard = heard.lock().unwrap();
    assert!(
        heard
            .iter()
            .any(|line| line.contains("waiting for seat 0 (remote) to reconnect")),
        "the other seat was told: {heard:?}"
    );
}

#[test]
fn a_seat_gone_past_the_reconnect_timeout_is_played_by_its_fallback() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        8,
        mousehole_net::HostSettings {
            reconnect_timeout: Duration::from_millis(100),
            ..settings()
        },
    );
    let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
    raw.until("new_game").unwrap();
    drop(raw);
    let transcript = hosted.finish();
    transcript.replay().unwrap();
    let faults: Vec<_> = transcript
        .events
        .iter()
        .filter_map(|event| event.fault.as_ref())
        .collect();
    assert!(!faults.is_empty());
    assert!(
        faults
            .iter()
            .all(|fault| fault.text.contains("did not rejoin within"))
    );
    assert!(transcript.outcome.is_some());
}

/// A spectator is sent the public table and nothing more: each event as everyone sees it
/// (the public event view, no card drawn into a hand), with the note on it, the public view
/// (no hand, `"public": true`) after the events, and at the end how the game ended in words;
/// every byte of it is what the public views of the game give, replayed from the host's
/// transcript. The seat is told how it ended too, in its own words.
#[test]
fn spectators_see_what_everyone_sees_with_notes_and_nothing_more() {
    use mousehole_engine::Game;
    use mousehole_engine::games::moose_house::MooseHouse;

    let hosted = host(
        "moose-house:players=3",
        "remote,random,random",
        9,
        mousehole_net::HostSettings {
            allow_watch: true,
            ..settings()
        },
    );
    let mut watcher = Raw::connect(hosted.address);
    watcher.send(r#"{"type":"watch"}"#);
    let welcome = watcher.recv().unwrap();
    assert_eq!(welcome["seat"], serde_json::Value::Null);
    let (player, _) = agent(hosted.address, &hosted.code(0), "random");
    let (mut seen, mut observations, mut ending) = (Vec::new(), Vec::new(), None);
    for message in watcher.rest() {
        assert_ne!(message["type"], "new_game");
        assert_ne!(message["type"], "act");
        if let Some(events) = message["events"].as_array() {
            seen.extend(events.iter().cloned());
        }
        if let Some(observation) = message.get("observation") {
            observations.push((seen.len(), observation.clone()));
        }
        if message["type"] == "game_over" {
            ending = Some(message["ending"].clone());
        }
    }
    let joined = player.join().unwrap().unwrap();
    let transcript = hosted.finish();
    assert_eq!(seen.len(), transcript.events.len());

    // What everyone sees, replayed from the true events.
    let config = mousehole_engine::testing::config::<MooseHouse>("players=3");
    let mut state = MooseHouse::new(&config);
    let mut public = vec![serde_json::to_value(state.public_observation()).unwrap()];
    for (index, event) in transcript.events.iter().enumerate() {
        let action = event.action.parse().unwrap();
        let view = state.public_event_view(&action);
        let before = state.public_observation();
        state.apply(action).unwrap();
        let note = MooseHouse::event_note(&before, event.actor, &view, &state.public_observation());
        assert_eq!(seen[index]["action"], view.to_string(), "event {index}");
        assert_eq!(
            seen[index]["note"].as_str(),
            note.as_deref(),
            "event {index}"
        );
        public.push(serde_json::to_value(state.public_observation()).unwrap());
    }
    assert!(seen.iter().any(|event| event["action"] == "draw ?"));
    let notes: Vec<&str> = seen.iter().filter_map(|e| e["note"].as_str()).collect();
    assert!(
        notes.len() * 2 > seen.len(),
        "most events have a note: {notes:?}"
    );
    assert!(
        notes
            .iter()
            .all(|note| !note.split(' ').any(|w| w == "you" || w == "your")),
        "{notes:?}"
    );
    // The public view after each batch of events: no hand, marked public.
    assert!(!observations.is_empty());
    for (after, observation) in &observations {
        assert_eq!(
            observation, &public[*after],
            "the public view after {after} events"
        );
        assert_eq!(observation["public"], true);
        let hand = observation["hand"].as_object().unwrap();
        assert!(hand.values().all(|count| count == 0), "{observation}");
    }
    assert_eq!(
        observations.last().unwrap().0,
        seen.len(),
        "the last view is the end's"
    );
    // How it ended, in the spectator's words and the seat's.
    let outcome = state.outcome().unwrap();
    let names = ["seat 0 (remote)", "seat 1 (random)", "seat 2 (random)"].map(str::to_owned);
    let expected = MooseHouse::ending(&state.public_observation(), &outcome, &names).unwrap();
    assert_eq!(ending, Some(serde_json::to_value(&expected).unwrap()));
    assert!(expected.reason.contains("pile ran out"), "{expected:?}");
    let names = ["you", "seat 1 (random)", "seat 2 (random)"].map(str::to_owned);
    let own = MooseHouse::ending(&state.observation(0), &outcome, &names);
    assert_eq!(joined.ending, own);
    assert!(own.is_some());
}

/// Plays remote seats 0 and 1 with a random and a heuristic agent, to the end.
fn seat_both(hosted: &crate::support::Hosted) {
    let (a, _) = agent(hosted.address, &hosted.code(0), "random");
    let (b, _) = agent(hosted.address, &hosted.code(1), "heuristic");
    a.join().unwrap().unwrap();
    b.join().unwrap().unwrap();
}

#[test]
fn garbage_does_not_disturb_the_game_or_the_host() {
    // The same game twice: once undisturbed, once with garbage coming in all along.
    let table = || {
        host(
            "cheese-day:players=3",
            "remote,remote,random",
            21,
            mousehole_net::HostSettings {
                share_agent_seeds: true,
                ..settings()
            },
        )
    };
    let quiet = table();
    seat_both(&quiet);
    let undisturbed = quiet.finish();

    let hosted = table();
    let address = hosted.address;
    let start = Instant::now();
    let mut http = raw_tcp(address, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    let junk: Vec<u8> = (0..65_536u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let mut binary = raw_tcp(address, &junk);
    // A 10 MB line: refused once the request head passes 64 KiB.
    let long = std::thread::spawn(move || {
        let mut stream = raw_tcp(address, &vec![b'x'; 10 * 1024 * 1024]);
        closed_within(&mut stream, Duration::from_secs(5))
    });
    // A slow loris: one byte of a request a second, never done.
    let slow = std::thread::spawn(move || {
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        let begun = Instant::now();
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" {
            if std::io::Write::write_all(&mut stream, &[*byte]).is_err() {
                break;
            }
            if closed_within(&mut stream, Duration::from_secs(1)) {
                return Some(begun.elapsed());
            }
        }
        None
    });
    // Over the message bound, after a proper handshake.
    let mut huge = Raw::connect(address);
    // The host may close the connection before all of it is sent.
    huge.try_send(&"y".repeat(2 * 1024 * 1024));
    assert!(
        huge.rest().is_empty(),
        "a message over 1 MiB is not answered"
    );

    seat_both(&hosted);
    assert!(closed_within(&mut http, Duration::from_secs(3)));
    assert!(closed_within(&mut binary, Duration::from_secs(3)));
    assert!(long.join().unwrap());
    let slow = slow.join().unwrap().expect("the slow loris is cut off");
    assert!(slow < Duration::from_secs(4), "{slow:?}");
    let disturbed = hosted.finish();
    assert_eq!(game_of(&disturbed), game_of(&undisturbed));
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn connections_past_the_cap_are_closed_at_once() {
    let hosted = host(
        "cheese-day:players=2",
        "remote,random",
        1,
        mousehole_net::HostSettings {
            max_connections: 3,
            max_per_address: 2,
            ..settings()
        },
    );
    let mut first = raw_tcp(hosted.address, b"");
    let mut second = raw_tcp(hosted.address, b"");
    let mut third = raw_tcp(hosted.address, b"");
    assert!(
        closed_within(&mut third, Duration::from_millis(500)),
        "over the cap"
    );
    assert!(!closed_within(&mut first, Duration::from_millis(100)));
    // Once the silent ones are cut off at the handshake timeout, a player gets in.
    assert!(closed_within(&mut first, Duration::from_secs(3)));
    assert!(closed_within(&mut second, Duration::from_secs(3)));
    hosted.play_out(0, "random");
}

#[test]
fn the_host_stops_on_request_and_tells_its_seats() {
    let hosted = host("mouse-race:players=2", "remote,random", 3, settings());
    let (mut raw, _) = Raw::join(hosted.address, &hosted.code(0));
    raw.until("act").unwrap();
    hosted.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let over = raw.until("game_over").unwrap();
    assert_eq!(over["outcome"], serde_json::Value::Null);
    let transcript = hosted.finish();
    assert_eq!(transcript.outcome, None);
    assert_eq!(transcript.stopped.as_deref(), Some("stopped by the test"));
}

#[test]
fn clients_that_never_read_do_not_hold_up_the_game_or_the_others() {
    // The match's thread never writes to a socket: each connection is served by its own task,
    // which drops a connection that takes nothing for the idle timeout. Spectators that read
    // nothing at all are left behind; the seats and a reading spectator go on undisturbed.
    let table = || {
        host(
            "moose-house:players=3",
            "remote,remote,random",
            23,
            mousehole_net::HostSettings {
                share_agent_seeds: true,
                allow_watch: true,
                ..settings()
            },
        )
    };
    let quiet = table();
    seat_both(&quiet);
    let undisturbed = quiet.finish();

    let hosted = table();
    let stalled: Vec<Raw> = (0..4)
        .map(|_| {
            let mut raw = Raw::connect(hosted.address);
            raw.send(r#"{"type":"watch"}"#);
            raw
        })
        .collect();
    let mut reader = Raw::connect(hosted.address);
    reader.send(r#"{"type":"watch"}"#);
    let start = Instant::now();
    seat_both(&hosted);
    let took = start.elapsed();
    let read = reader.rest();
    assert_eq!(
        read.iter().filter(|m| m["type"] == "game_over").count(),
        1,
        "the reading spectator saw the end"
    );
    let disturbed = hosted.finish();
    assert_eq!(game_of(&disturbed), game_of(&undisturbed));
    assert!(
        took < Duration::from_secs(10),
        "the seats waited on the stalled spectators: {took:?}"
    );
    drop(stalled);
}
