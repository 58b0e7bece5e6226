//! An external agent's process: started without a shell in a process group of its own, its
//! stdin written and its stdout read on threads of their own (so the host never blocks on a
//! program that stops reading or writing), its stderr drained into a bounded tail, and shut
//! down with `quit`, then, after a grace period, killed with its whole group. Every running
//! program's group is also listed, so that a host that must exit at once (a second Ctrl-C)
//! kills them all first ([`kill_programs`]) rather than leave them running.

use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use mousehole_engine::text::cut;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use super::lines::{Chunk, LineReader, StderrBatch, StderrTail};
use mousehole_protocol::MAX_MESSAGE_BYTES;

/// How long a program has to exit after `quit` (and its process group to empty) before the
/// group is killed (PROTOCOL.md).
pub const QUIT_GRACE: Duration = Duration::from_secs(2);

/// Most bytes of stderr kept between two looks at it.
pub const STDERR_TAIL_BYTES: usize = 64 * 1024;

/// Most bytes of a program's stderr the log keeps from one run of it: what it writes as it
/// plays, until the log has all but two tails' worth, then its last [`STDERR_TAIL_BYTES`]
/// when it ends.
pub const STDERR_LOG_BYTES: usize = 4 * STDERR_TAIL_BYTES;

/// Longest stderr line kept; the rest of a longer line is dropped.
pub const STDERR_LINE_BYTES: usize = 1000;

/// Stdout lines read ahead of the host: past this the reader waits, and so, once its pipe is
/// full, does a program that floods its stdout.
const READ_AHEAD: usize = 64;

/// The process groups of the programs running now, for [`kill_programs`].
static GROUPS: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

/// Kills the process group of every program running now (and so every process they
/// started): for a host about to exit without shutting them down one by one.
pub fn kill_programs() {
    for group in GROUPS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .drain(..)
    {
        let _ = killpg(group, Signal::SIGKILL);
    }
}

/// What the program wrote on its stdout.
#[derive(Debug)]
pub enum Output {
    Line(Vec<u8>),
    /// The first bytes of a line over [`MAX_MESSAGE_BYTES`].
    TooLong(Vec<u8>),
    /// Its stdout closed (or could not be read: the error).
    Closed(Option<String>),
}

/// What waiting for output found.
#[derive(Debug)]
pub enum Received {
    Output(Output),
    /// Nothing by the deadline.
    Timeout,
}

/// How a shutdown went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shutdown {
    /// The program's exit status.
    pub status: Option<ExitStatus>,
    /// Whether the program itself exited within the grace period.
    pub exited_in_time: bool,
    /// Whether its process group had to be killed (the program, or processes it started,
    /// were still running after the grace period).
    pub killed: bool,
}

/// A running agent program.
#[derive(Debug)]
pub struct AgentProcess {
    child: Child,
    group: Pid,
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<Output>,
    stdout_closed: bool,
    stderr: Arc<Mutex<StderrTail>>,
    stderr_done: Receiver<()>,
    status: Option<ExitStatus>,
    shut_down: bool,
}

impl AgentProcess {
    /// Starts `words[0]` with the other words as arguments, no shell, in the current
    /// directory with the host's environment, as the leader of a new process group.
    ///
    /// # Errors
    /// If the program cannot be started (or a thread to talk to it cannot be).
    pub fn spawn(words: &[String]) -> std::io::Result<Self> {
        let (program, args) = words
            .split_first()
            .ok_or_else(|| std::io::Error::other("no program to run"))?;
        // Listed as it starts: a host exiting at once meanwhile waits for the list, then
        // kills it too.
        let mut groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| not_started(program, &error))?;
        let group = Pid::from_raw(i32::try_from(child.id()).expect("pids fit in i32"));
        groups.push(group);
        drop(groups);
        let threads = Self::start_threads(&mut child);
        match threads {
            Ok((input, output, stderr, stderr_done)) => Ok(Self {
                child,
                group,
                input: Some(input),
                output,
                stdout_closed: false,
                stderr,
                stderr_done,
                status: None,
                shut_down: false,
            }),
            Err(error) => {
                let _ = killpg(group, Signal::SIGKILL);
                forget_group(group);
                let _ = child.wait();
                Err(error)
            }
        }
    }

    #[allow(clippy::type_complexity, reason = "the four ends, used once by spawn")]
    fn start_threads(
        child: &mut Child,
    ) -> std::io::Result<(
        Sender<Vec<u8>>,
        Receiver<Output>,
        Arc<Mutex<StderrTail>>,
        Receiver<()>,
    )> {
        let pid = child.id();
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        let (input, to_write) = mpsc::channel::<Vec<u8>>();
        thread::Builder::new()
            .name(format!("agent {pid} stdin"))
            .spawn(move || write_all_messages(stdin, &to_write))?;

        let (read, output) = mpsc::sync_channel(READ_AHEAD);
        thread::Builder::new()
            .name(format!("agent {pid} stdout"))
            .spawn(move || read_replies(stdout, &read))?;

        let tail = Arc::new(Mutex::new(StderrTail::new(
            STDERR_TAIL_BYTES,
            STDERR_LOG_BYTES,
        )));
        let (done, stderr_done) = mpsc::sync_channel(1);
        let kept = Arc::clone(&tail);
        thread::Builder::new()
            .name(format!("agent {pid} stderr"))
            .spawn(move || {
                drain_stderr(stderr, &kept);
                let _ = done.send(());
            })?;
        Ok((input, output, tail, stderr_done))
    }

    /// The program's process id, which is also its process group's id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Queues one message line for the program's stdin (written by the writer thread, so
    /// this never blocks). Returns false if the program's stdin can no longer be written.
    pub fn send(&self, line: Vec<u8>) -> bool {
        self.input
            .as_ref()
            .is_some_and(|input| input.send(line).is_ok())
    }

    /// The next output, waiting until `deadline` at most.
    pub fn receive_by(&mut self, deadline: Instant) -> Received {
        if self.stdout_closed {
            return Received::Output(Output::Closed(None));
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(output) => Received::Output(self.note(output)),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => {
                self.stdout_closed = true;
                Received::Output(Output::Closed(None))
            }
        }
    }

    /// Output already there, without waiting.
    pub fn try_receive(&mut self) -> Option<Output> {
        if self.stdout_closed {
            return None;
        }
        match self.output.try_recv() {
            Ok(output) => Some(self.note(output)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.stdout_closed = true;
                Some(Output::Closed(None))
            }
        }
    }

    fn note(&mut self, output: Output) -> Output {
        if matches!(output, Output::Closed(_)) {
            self.stdout_closed = true;
        }
        output
    }

    /// The exit status, if the program has exited, waiting up to `wait` for it.
    pub fn exit_status_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        let mut pause = Duration::from_millis(1);
        loop {
            if self.status.is_none() {
                self.status = self.child.try_wait().ok().flatten();
            }
            if self.status.is_some() || Instant::now() >= deadline {
                return self.status;
            }
            thread::sleep(pause.min(deadline.saturating_duration_since(Instant::now())));
            pause = (pause * 2).min(Duration::from_millis(20));
        }
    }

    /// What the program wrote on stderr since the last take, while the log has room for it
    /// ([`STDERR_LOG_BYTES`] a run).
    pub fn take_stderr(&self) -> StderrBatch {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// What the program wrote on stderr since the last take, once it has ended.
    pub fn take_last_stderr(&self) -> StderrBatch {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take_last()
    }

    /// Whether any process of the program's group is left (zombies included).
    fn group_exists(&self) -> bool {
        killpg(self.group, None).is_ok()
    }

    /// Sends `quit` (if given) and closes the program's stdin; gives the program and the
    /// processes it started [`QUIT_GRACE`] to exit, then kills its whole process group.
    /// Waits a moment for the last of its stderr.
    pub fn shut_down(&mut self, quit: Option<Vec<u8>>) -> Shutdown {
        self.shut_down = true;
        // Dropping the sender ends the writer thread, which closes the program's stdin.
        if let (Some(input), Some(quit)) = (self.input.take(), quit) {
            let _ = input.send(quit);
        }
        let deadline = Instant::now() + QUIT_GRACE;
        let status = self.exit_status_within(QUIT_GRACE);
        let exited_in_time = status.is_some();
        // The leader is reaped, but processes it started stay in its group (and keep the
        // group's id from being reused) until they exit: give them the rest of the grace.
        let mut pause = Duration::from_millis(1);
        while self.group_exists() && Instant::now() < deadline {
            thread::sleep(pause.min(deadline.saturating_duration_since(Instant::now())));
            pause = (pause * 2).min(Duration::from_millis(20));
        }
        let killed = self.group_exists() && killpg(self.group, Signal::SIGKILL).is_ok();
        forget_group(self.group);
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        // A process that left the group could still hold stderr open: do not wait for ever.
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        Shutdown {
            status: self.status,
            exited_in_time,
            killed,
        }
    }
}

impl Drop for AgentProcess {
    fn drop(&mut self) {
        if !self.shut_down {
            self.shut_down(None);
        }
    }
}

/// Why a program could not be started, in people's words.
fn not_started(program: &str, error: &std::io::Error) -> std::io::Error {
    let reason = if error.kind() == std::io::ErrorKind::NotFound
        && std::path::Path::new(program).is_file()
    {
        // The file is there: what is missing is the interpreter its `#!` line names.
        "the interpreter its first line (#!) names does not exist".to_owned()
    } else {
        mousehole_engine::words::io_error(error)
    };
    // Already in words: `other`, so that nothing says it again by its kind.
    std::io::Error::other(reason)
}

/// Takes a group off the list of running programs' groups, once it is gone or killed.
fn forget_group(group: Pid) {
    GROUPS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|&g| g != group);
}

/// The writer thread: writes each queued message, until the queue closes or the program's
/// stdin cannot be written any more.
fn write_all_messages(mut stdin: ChildStdin, queue: &Receiver<Vec<u8>>) {
    while let Ok(line) = queue.recv() {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// The stdout thread: one [`Output`] per line, then [`Output::Closed`].
fn read_replies(stdout: std::process::ChildStdout, out: &SyncSender<Output>) {
    let mut lines = LineReader::new(
        BufReader::with_capacity(64 * 1024, stdout),
        MAX_MESSAGE_BYTES,
    );
    loop {
        let output = match lines.next_chunk() {
            Ok(Chunk::Line(line)) => Output::Line(line),
            Ok(Chunk::TooLong(start)) => Output::TooLong(start),
            Ok(Chunk::End) => Output::Closed(None),
            Err(error) => Output::Closed(Some(mousehole_engine::words::io_error(&error))),
        };
        let last = matches!(output, Output::Closed(_));
        if out.send(output).is_err() || last {
            return;
        }
    }
}

/// The stderr thread: keeps the tail of what the program writes, lines cut and control
/// characters escaped.
fn drain_stderr(stderr: std::process::ChildStderr, tail: &Mutex<StderrTail>) {
    let mut lines = LineReader::new(BufReader::new(stderr), STDERR_LINE_BYTES);
    loop {
        // Escaped here, once: the log shows the lines as they are kept.
        let line = match lines.next_chunk() {
            Ok(Chunk::Line(line)) => cut(&String::from_utf8_lossy(&line), STDERR_LINE_BYTES),
            Ok(Chunk::TooLong(start)) => format!(
                "{} … (line cut)",
                cut(&String::from_utf8_lossy(&start), STDERR_LINE_BYTES)
            ),
            Ok(Chunk::End) | Err(_) => return,
        };
        tail.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(line);
    }
}
