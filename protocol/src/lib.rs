//! Every message between a mousehole host and the seats it asks, in both directions, declared
//! once as serde types: the agent protocol a program speaks on its stdin and stdout
//! (PROTOCOL.md, one JSON object per line) and what network play adds to it (a `join` or
//! `watch`, the `welcome`, live `events`, `status`, `error` and the `rematch` offered and
//! answered; one JSON object per WebSocket
//! text message). The pipe agents, the host and `join`'s clients write and read messages only
//! through these types and functions.
//!
//! - [`HostMessage`]: what the host sends (`hello`, `welcome`, `new_game`, `act`, `events`,
//!   `game_over`, `status`, `error`, `quit`, `rematch`), generic over the observation it
//!   carries.
//! - [`ClientMessage`]: what a program or a connection answers (`hello`, `ready`, `action`,
//!   `join`, `watch`, `rematch`).
//! - Reading is bounded and checked: [`parse_reply`] reads a program's line into the fault
//!   PROTOCOL.md names for what is wrong with it, [`parse_client`] a connection's message into
//!   words for the client, [`parse_host`] a host's message for a client.
//! - [`schema`]: the JSON Schema of every message (`mousehole schema --protocol`).
//! - [`version`]: `mousehole-agent/N`, and what to tell a client that speaks another version.

mod client;
mod host;
pub mod schema;
pub mod version;

pub use client::{AgentHello, BadMessage, ClientMessage, parse_client, parse_reply};
pub use host::{
    Act, ErrorKind, EventMessage, HostMessage, PlainMessage, Rematch, Welcome, parse_host,
};

pub use version::{PROTOCOL, VERSION};

/// The largest message either side accepts, in bytes: a program's reply line (without its
/// newline), or one WebSocket message either way.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;
