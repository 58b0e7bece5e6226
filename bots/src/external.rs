//! The external agent: any program that speaks `mousehole-agent/2` (PROTOCOL.md) on its
//! stdin/stdout plays a seat, the way any chess engine can speak UCI.
//!
//! [`ExternalSeat`] starts the program on first use, says hello, tells it each game's start
//! (`new_game`), asks it at each decision (`act`, with the seat's observation JSON, the legal
//! actions' text forms and the seat's views of the events since its previous act) and tells
//! it each game's end (`game_over`); it keeps the process across the games of a tournament
//! and sends `quit` when closed or dropped. Whatever the program does wrong is a [`Fault`](mousehole_engine::Fault):
//! recorded on the decision (so on the transcript event), written to the match log, and the
//! seat's [`Fallback`] decides instead. A program that exits is not restarted within the
//! match; at the end of the match, or on close, a program that does not exit within 2 s of
//! `quit` is killed with its whole process group.

mod command;
mod fallback;
mod lines;
mod log;
mod process;
mod seat;

pub use self::command::{EXEC_PREFIX, ExternalCommand, ExternalCommandError};
pub use self::fallback::{Fallback, FallbackSpec, FallbackSpecError};
pub use self::log::{AgentIdentity, LogEntry, LogEvent, LogSink};
pub use self::process::{STDERR_LINE_BYTES, STDERR_LOG_BYTES, STDERR_TAIL_BYTES, kill_programs};
pub use self::seat::{ExternalSeat, ExternalSettings, legal_answer};
