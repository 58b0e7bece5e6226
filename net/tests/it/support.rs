//! A host on 127.0.0.1 on its own thread and clients that play its seats
//! ([`mousehole_net::testing`]), and a raw WebSocket client for what no well-behaved client
//! sends.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

pub use mousehole_net::testing::{
    Hosted, agent, agent_answering, client_settings, host, host_games, settings,
};
use serde_json::Value;
use tokio_tungstenite::tungstenite::{self, Message};

/// A WebSocket client that sends whatever a test tells it to.
pub struct Raw {
    socket: tungstenite::WebSocket<TcpStream>,
}

impl Raw {
    pub fn connect(address: SocketAddr) -> Self {
        let stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (socket, _) = tungstenite::client(format!("ws://{address}/"), stream).unwrap();
        Self { socket }
    }

    /// Connects and joins with `code`, returning the welcome.
    pub fn join(address: SocketAddr, code: &str) -> (Self, Value) {
        let mut raw = Self::connect(address);
        raw.send(&format!(r#"{{"type":"join","code":"{code}"}}"#));
        let welcome = raw.recv().expect("a welcome");
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        (raw, welcome)
    }

    pub fn send(&mut self, text: &str) {
        self.socket.send(Message::text(text)).unwrap();
    }

    /// Sends, if the host still takes it (it may cut off a message over the bound while it
    /// is being sent).
    pub fn try_send(&mut self, text: &str) -> bool {
        self.socket.send(Message::text(text)).is_ok()
    }

    pub fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket.send(Message::binary(bytes)).unwrap();
    }

    /// The next text message, as JSON; `None` once the connection is closed.
    pub fn recv(&mut self) -> Option<Value> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => return Some(serde_json::from_str(&text).unwrap()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next text message, as JSON; `None` once the connection is closed or `deadline`
    /// has passed (the host's pings alone never end the wait otherwise).
    pub fn recv_before(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            if Instant::now() >= deadline {
                return None;
            }
            match self.socket.read() {
                Ok(Message::Text(text)) => return Some(serde_json::from_str(&text).unwrap()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next message of `kind`, passing over others; `None` if the connection closes.
    pub fn until(&mut self, kind: &str) -> Option<Value> {
        loop {
            let message = self.recv()?;
            if message["type"] == kind {
                return Some(message);
            }
        }
    }

    /// Every message until the connection closes.
    pub fn rest(&mut self) -> Vec<Value> {
        std::iter::from_fn(|| self.recv()).collect()
    }
}

/// Whether the host closed `stream` within `limit` (reading gives its end, or a reset),
/// passing over what it sends before.
pub fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    let mut buffer = [0u8; 4096];
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// Writes `bytes` to the host at `address` without any WebSocket, ignoring a host that
/// closes the connection on it.
pub fn raw_tcp(address: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(address).unwrap();
    let _ = stream.write_all(bytes);
    stream
}
