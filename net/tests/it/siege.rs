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
