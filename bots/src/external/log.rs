//! The match log of an external seat: one entry per thing worth knowing (the program started,
//! said hello, faulted, wrote on stderr, ended), and the program's identity as it gave it.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use mousehole_engine::Fault;

use super::process::{STDERR_LOG_BYTES, STDERR_TAIL_BYTES};
use mousehole_protocol::AgentHello;

/// One line of the match log about an external seat.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub seat: usize,
    /// The seat's label (`exec:COMMAND`).
    pub label: String,
    pub event: LogEvent,
}

/// What happened.
#[derive(Clone, Debug, PartialEq)]
pub enum LogEvent {
    /// The program was started, with this process (and process group) id.
    Started { pid: u32 },
    /// The program could not be started.
    NotStarted(String),
    /// The program said hello.
    Hello(AgentHello),
    /// The program speaks another version of the protocol: what changed, in words.
    OtherProtocol(String),
    /// A fault, where it happened (`act 3`, `hello`, `new_game`) and what was done about it.
    Fault {
        at: String,
        fault: Fault,
        then: String,
    },
    /// A reply or output that answers nothing now (a late answer), discarded.
    Discarded(String),
    /// A line the program wrote on stderr.
    Stderr(String),
    /// Stderr lines dropped to keep the log bounded ([`STDERR_LOG_BYTES`] a run).
    StderrDropped(u64),
    /// How the program ended.
    Ended(String),
}

impl LogEntry {
    /// Whether the line says something went wrong (a fault, a program that did not start,
    /// speaks another version of the protocol or had to be killed): what a front end shows
    /// even when it shows nothing else of the log.
    pub fn is_wrong(&self) -> bool {
        match &self.event {
            LogEvent::Fault { .. } | LogEvent::NotStarted(_) | LogEvent::OtherProtocol(_) => true,
            LogEvent::Ended(how) => how.contains("killed"),
            _ => false,
        }
    }
}

impl fmt::Display for LogEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} ({}): ", self.seat, self.label)?;
        match &self.event {
            LogEvent::Started { pid } => write!(f, "started, pid {pid}"),
            LogEvent::NotStarted(why) => write!(f, "could not start: {why}"),
            LogEvent::Hello(hello) => write!(f, "the program says it is {hello}"),
            LogEvent::OtherProtocol(words) => f.write_str(words),
            LogEvent::Fault { at, fault, then } => {
                write!(f, "fault at {at}: {}: {}; {then}", fault.kind, fault.text)
            }
            LogEvent::Discarded(what) => write!(f, "discarded {what}"),
            LogEvent::Stderr(line) => write!(f, "stderr: {line}"),
            LogEvent::StderrDropped(count) => write!(
                f,
                "stderr: {count} earlier lines dropped (the log keeps the last {} KiB between two looks, and {} KiB of a program's run in all)",
                STDERR_TAIL_BYTES / 1024,
                STDERR_LOG_BYTES / 1024
            ),
            LogEvent::Ended(how) => f.write_str(how),
        }
    }
}

/// Where an external seat's log lines go: the CLI prints them on stderr, tests keep them.
pub type LogSink = Box<dyn FnMut(&LogEntry) + Send>;

/// What the program said in its `hello`, shared with whoever shows the seats (the seat itself
/// is usually boxed away in a match).
#[derive(Clone, Debug, Default)]
pub struct AgentIdentity(Arc<Mutex<Option<AgentHello>>>);

impl AgentIdentity {
    /// The program's hello, once it said it.
    pub fn get(&self) -> Option<AgentHello> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(super) fn set(&self, hello: AgentHello) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(hello);
    }
}
