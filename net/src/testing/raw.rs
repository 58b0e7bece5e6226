//! [`RawClient`]: a WebSocket client written byte by byte, for tests that send what no library
//! client would (a handshake trickled in, control frames before the first message or between
//! a message's fragments, a flood of pings from a client that never reads). Its own handshake
//! (RFC 6455 section 4.1) and its own frames (section 5: masked, any opcode, fragments).

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;

/// A frame's opcode (RFC 6455 section 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Opcode {
    Continuation = 0,
    Text = 1,
    Binary = 2,
    Close = 8,
    Ping = 9,
    Pong = 10,
}

/// One frame as the host sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub fin: bool,
    /// The opcode's number (the host might send one this client has no name for).
    pub opcode: u8,
    pub payload: Vec<u8>,
}

/// A client that writes the WebSocket protocol itself (see the module documentation).
#[derive(Debug)]
pub struct RawClient {
    stream: TcpStream,
    /// Read from the host and not yet taken as a frame.
    read: Vec<u8>,
    /// Masks the frames sent (a client's frames must be masked; any key will do).
    mask: [u8; 4],
}

impl RawClient {
    /// A TCP connection to `address`, nothing sent on it yet.
    ///
    /// # Panics
    /// If the host cannot be reached.
    pub fn tcp(address: SocketAddr) -> Self {
        let stream = TcpStream::connect(address).expect("the host takes connections");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a read timeout");
        let _ = stream.set_nodelay(true);
        Self {
            stream,
            read: Vec::new(),
            mask: [0x37, 0xfa, 0x21, 0x3d],
        }
    }

    /// A WebSocket connection to `address`: TCP, then the handshake.
    ///
    /// # Panics
    /// If the host cannot be reached or refuses the handshake.
    pub fn connect(address: SocketAddr) -> Self {
        let mut client = Self::tcp(address);
        client
            .write(&Self::handshake(address))
            .expect("the handshake is sent");
        let answer = client.upgraded().expect("the host answers the handshake");
        if let Err(head) = answer {
            panic!("the host did not upgrade to a WebSocket: {head}");
        }
        client
    }

    /// The HTTP request that opens a WebSocket to `address` (the key is RFC 6455's example).
    pub fn handshake(address: SocketAddr) -> Vec<u8> {
        format!(
            "GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .into_bytes()
    }

    /// The TCP stream, to set its timeouts or write to it directly.
    pub fn stream(&mut self) -> &mut TcpStream {
        &mut self.stream
    }

    /// Writes `bytes` as they are.
    ///
    /// # Errors
    /// The host closed the connection (or reset it).
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stream.write_all(bytes)
    }

    /// Reads the host's answer to the handshake; `Ok` if it switched to the WebSocket
    /// protocol (`101`), else what it answered.
    ///
    /// # Errors
    /// The connection failed or closed before the answer's end.
    pub fn upgraded(&mut self) -> io::Result<Result<(), String>> {
        loop {
            if let Some(end) = self.read.windows(4).position(|w| w == b"\r\n\r\n") {
                let head: Vec<u8> = self.read.drain(..end + 4).collect();
                let head = String::from_utf8_lossy(&head).into_owned();
                return Ok(if head.starts_with("HTTP/1.1 101") {
                    Ok(())
                } else {
                    Err(head)
                });
            }
            if !self.fill()? {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
        }
    }

    /// Sends one frame, masked as a client's must be.
    ///
    /// # Errors
    /// The host closed the connection (or reset it).
    pub fn frame(&mut self, fin: bool, opcode: Opcode, payload: &[u8]) -> io::Result<()> {
        let bytes = self.frame_bytes(fin, opcode, payload);
        self.write(&bytes)
    }

    /// The bytes of one frame, masked (to send several in one write).
    pub fn frame_bytes(&self, fin: bool, opcode: Opcode, payload: &[u8]) -> Vec<u8> {
        masked_frame(self.mask, fin, opcode, payload)
    }

    /// Sends one text message in one frame.
    ///
    /// # Errors
    /// The host closed the connection (or reset it).
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.frame(true, Opcode::Text, text.as_bytes())
    }

    /// Sends a ping with `payload`.
    ///
    /// # Errors
    /// The host closed the connection (or reset it).
    pub fn ping(&mut self, payload: &[u8]) -> io::Result<()> {
        self.frame(true, Opcode::Ping, payload)
    }

    /// Reads more from the host; `false` at the end of the stream.
    fn fill(&mut self) -> io::Result<bool> {
        let mut buffer = [0u8; 4096];
        let count = self.stream.read(&mut buffer)?;
        self.read.extend_from_slice(&buffer[..count]);
        Ok(count > 0)
    }

    /// The next frame the host sent; `None` at the end of the stream.
    ///
    /// # Errors
    /// The connection failed, or no frame came within the read timeout.
    pub fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        loop {
            if let Some((frame, used)) = parse_frame(&self.read) {
                self.read.drain(..used);
                return Ok(Some(frame));
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// The next text message, as JSON, answering pings as a client must and passing over
    /// pongs; `None` once the host closes the connection (or it fails).
    ///
    /// # Panics
    /// If the host sends a fragmented or binary message, or text that is not JSON.
    pub fn next_message(&mut self) -> Option<Value> {
        loop {
            let frame = self.next_frame().ok()??;
            match frame.opcode {
                1 => {
                    assert!(frame.fin, "the host sends each message in one frame");
                    return Some(serde_json::from_slice(&frame.payload).expect("JSON"));
                }
                8 => return None,
                9 => {
                    let _ = self.frame(true, Opcode::Pong, &frame.payload);
                }
                10 => {}
                other => panic!("the host sent a frame of opcode {other}"),
            }
        }
    }
}

/// One client frame: `payload` masked with `mask`.
fn masked_frame(mask: [u8; 4], fin: bool, opcode: Opcode, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(payload.len() + 14);
    bytes.push(u8::from(fin) << 7 | opcode as u8);
    match payload.len() {
        short @ 0..=125 => bytes.push(0x80 | short as u8),
        medium @ 126..=0xffff => {
            bytes.push(0x80 | 0x7e);
            bytes.extend_from_slice(&(medium as u16).to_be_bytes());
        }
        long => {
            bytes.push(0x80 | 0x7f);
            bytes.extend_from_slice(&(long as u64).to_be_bytes());
        }
    }
    bytes.extend_from_slice(&mask);
    bytes.extend(
        payload
            .iter()
            .zip(mask.iter().cycle())
            .map(|(byte, mask)| byte ^ mask),
    );
    bytes
}

/// A server's (unmasked) frame at the start of `bytes`, and its length; `None` if it is not
/// all there yet.
fn parse_frame(bytes: &[u8]) -> Option<(Frame, usize)> {
    let [first, second, ..] = *bytes else {
        return None;
    };
    let (length, mut at) = match second & 0x7f {
        126 => (
            usize::from(u16::from_be_bytes([*bytes.get(2)?, *bytes.get(3)?])),
            4,
        ),
        127 => {
            let octets: [u8; 8] = bytes.get(2..10)?.try_into().ok()?;
            (u64::from_be_bytes(octets) as usize, 10)
        }
        short => (usize::from(short), 2),
    };
    let mask = if second & 0x80 == 0 {
        None
    } else {
        let mask: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
        at += 4;
        Some(mask)
    };
    let mut payload = bytes.get(at..at + length)?.to_vec();
    if let Some(mask) = mask {
        for (byte, key) in payload.iter_mut().zip(mask.iter().cycle()) {
            *byte ^= key;
        }
    }
    Some((
        Frame {
            fin: first & 0x80 != 0,
            opcode: first & 0x0f,
            payload,
        },
        at + length,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_as_written_at_every_length_encoding() {
        for length in [0, 5, 125, 126, 1000, 0xffff, 0x10000] {
            let payload: Vec<u8> = (0..length).map(|i| (i % 251) as u8).collect();
            let bytes = masked_frame([1, 2, 3, 4], length % 2 == 0, Opcode::Binary, &payload);
            let (frame, used) = parse_frame(&bytes).unwrap();
            assert_eq!(used, bytes.len());
            assert_eq!(frame.payload, payload);
            assert_eq!(frame.opcode, 2);
            assert_eq!(frame.fin, length % 2 == 0);
            assert!(parse_frame(&bytes[..bytes.len() - 1]).is_none());
        }
    }
}
