//! The external agent: any program that speaks `mousehole-agent/1` (PROTOCOL.md) on its
//! stdin/stdout plays a seat, the way any chess engine can speak UCI.
//!
//! [`ExternalSeat`] starts the program on first use, says hello, tells it each game's start
//! (`new_game`), asks it at each decision (`act`, with the seat's observation JSON, the legal
//! actions' text forms and the seat's views of the events since its previous act) and tells
//! it each game's end (`game_over`); it keeps the process across the games of a tournament
//! and sends `quit` when closed or dropped. Whatever the program does wrong is a [`Fault`]:
//! recorded on the decision (so on the transcript event), written to the match log, and the
//! seat's [`Fallback`] decides instead. A program that exits is not restarted within the
//! match; at the end of the match, or on close, a program that does not exit within 2 s of
//! `quit` is killed with its whole process group.

mod lines;
mod process;
pub mod protocol;

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mousehole_engine::registry::canonical_spec;
use mousehole_engine::rng::{agent_seed, fallback_rng};
use mousehole_engine::text::shown;
use mousehole_engine::{
    Decision, DecisionInfo, DecisionView, Fault, FaultKind, Game, GameConfig, GameRng, Outcome,
    Seat, SeenEvent, StopRequest,
};
use thiserror::Error;

use self::process::{AgentProcess, Output, QUIT_GRACE, Received};
use self::protocol::{
    AgentHello, EventMessage, HostMessage, MAX_REPLY_BYTES, PROTOCOL, PlainMessage, Reply,
    parse_reply,
};
use crate::agent::Agent;
use crate::random::RandomAgent;
use crate::spec::{AgentSpec, AgentSpecError, build_agent};

pub use self::process::{STDERR_LINE_BYTES, STDERR_TAIL_BYTES, kill_programs};

/// The prefix of an external seat's spec: `exec:COMMAND`.
pub const EXEC_PREFIX: &str = "exec:";

/// A program to run as an agent: the command line as given, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalCommand {
    text: String,
    words: Vec<String>,
}

/// A command that cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExternalCommandError {
    #[error("`exec:` needs a command to run after it, e.g. exec:python3 my_bot.py")]
    Empty,
    #[error(
        "exec:{}: {reason} (the command is split into words as a shell would: close every quote)",
        shown(.text)
    )]
    Unsplittable { text: String, reason: String },
    #[error("exec:{}: program '{}' {problem}", shown(.text), shown(.program))]
    NoProgram {
        text: String,
        program: String,
        problem: &'static str,
    },
}

impl ExternalCommand {
    /// A command line (the text after `exec:`), split into words as a shell would split them
    /// (quotes and backslashes work; no variables, globs or pipes: no shell runs it). Whether
    /// the program is there is [`ExternalCommand::check`]'s business (a recorded seat label
    /// names a program of another machine).
    ///
    /// # Errors
    /// An empty command or unbalanced quotes.
    pub fn parse(text: &str) -> Result<Self, ExternalCommandError> {
        let text = text.trim();
        let words =
            shell_words::split(text).map_err(|error| ExternalCommandError::Unsplittable {
                text: text.to_owned(),
                reason: error.to_string(),
            })?;
        if words.is_empty() {
            return Err(ExternalCommandError::Empty);
        }
        Ok(Self {
            text: text.to_owned(),
            words,
        })
    }

    /// Checks that the program can be started: a name with a `/` is a path from the current
    /// directory, a name without one is looked up on `PATH`.
    ///
    /// # Errors
    /// A program that is not there or is not executable.
    pub fn check(&self) -> Result<(), ExternalCommandError> {
        let program = &self.words[0];
        match program_problem(program) {
            None => Ok(()),
            Some(problem) => Err(ExternalCommandError::NoProgram {
                text: self.text.clone(),
                program: program.clone(),
                problem,
            }),
        }
    }

    /// The command line as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The program and its arguments.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The seat's label in transcripts: `exec:` and the command line.
    pub fn label(&self) -> String {
        format!("{EXEC_PREFIX}{}", self.text)
    }
}

impl fmt::Display for ExternalCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why `program` cannot be started, if it cannot.
fn program_problem(program: &str) -> Option<&'static str> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |path: &Path| {
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let path = Path::new(program);
        return if !path.exists() {
            Some("does not exist")
        } else if runnable(path) {
            None
        } else {
            Some(
                "is not an executable file (run it through its interpreter, e.g. exec:python3 bot.py, or chmod +x it)",
            )
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| runnable(&dir.join(program))) {
        None
    } else {
        Some("is not found on PATH")
    }
}

/// How long an external program has for its replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExternalSettings {
    /// The `deadline_ms` of every `act` (tightened to the match's own deadline, if it has one).
    pub deadline: Duration,
    /// Added to every wait for process scheduling before a reply counts as late.
    pub grace: Duration,
    /// How long the program has to answer `hello` (it may be starting up) and `new_game`.
    pub setup: Duration,
}

impl ExternalSettings {
    /// The default `deadline_ms`.
    pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(5);
    /// The default grace (PROTOCOL.md).
    pub const DEFAULT_GRACE: Duration = Duration::from_millis(250);
    /// The default time to answer `hello` and `new_game`.
    pub const DEFAULT_SETUP: Duration = Duration::from_secs(10);
}

impl Default for ExternalSettings {
    fn default() -> Self {
        Self {
            deadline: Self::DEFAULT_DEADLINE,
            grace: Self::DEFAULT_GRACE,
            setup: Self::DEFAULT_SETUP,
        }
    }
}

/// Who decides when the program faults.
pub enum Fallback<G: Game> {
    /// A built-in agent, drawing from the seat's fallback stream
    /// ([`mousehole_engine::rng::fallback_rng`]), never from the match's chance stream.
    Agent {
        name: String,
        agent: Box<dyn Agent<G>>,
    },
    /// The seat forfeits: the match ends with it ranked last.
    Forfeit,
}

impl<G: Game> Fallback<G> {
    /// The default: a uniformly random legal action.
    pub fn random() -> Self {
        Fallback::Agent {
            name: "random".to_owned(),
            agent: Box::new(RandomAgent),
        }
    }

    /// How the log names it.
    pub fn name(&self) -> &str {
        match self {
            Fallback::Agent { name, .. } => name,
            Fallback::Forfeit => "forfeit",
        }
    }
}

impl<G: Game> fmt::Debug for Fallback<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fallback named on the command line: `forfeit` or an agent spec (`random`, `ismcts:…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FallbackSpec {
    Agent(AgentSpec),
    Forfeit,
}

/// A fallback that is neither `forfeit` nor a built-in agent.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("fallback '{}' is neither `forfeit` nor a built-in agent: {source}", shown(.text))]
pub struct FallbackSpecError {
    text: String,
    source: AgentSpecError,
}

impl Default for FallbackSpec {
    fn default() -> Self {
        FallbackSpec::Agent(AgentSpec {
            kind: crate::AgentKind::Random,
            settings: std::collections::BTreeMap::new(),
        })
    }
}

impl FromStr for FallbackSpec {
    type Err = FallbackSpecError;

    fn from_str(text: &str) -> Result<Self, FallbackSpecError> {
        if text.trim() == "forfeit" {
            return Ok(FallbackSpec::Forfeit);
        }
        text.parse()
            .map(FallbackSpec::Agent)
            .map_err(|source| FallbackSpecError {
                text: text.to_owned(),
                source,
            })
    }
}

impl fmt::Display for FallbackSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FallbackSpec::Agent(spec) => spec.fmt(f),
            FallbackSpec::Forfeit => f.write_str("forfeit"),
        }
    }
}

impl FallbackSpec {
    /// The fallback for game `G`.
    ///
    /// # Errors
    /// A setting the agent does not take, or a bad value.
    pub fn build<G: crate::heuristic::BotGame>(&self) -> Result<Fallback<G>, AgentSpecError> {
        Ok(match self {
            FallbackSpec::Forfeit => Fallback::Forfeit,
            FallbackSpec::Agent(spec) => Fallback::Agent {
                name: spec.to_string(),
                agent: build_agent::<G>(spec)?,
            },
        })
    }
}

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
    /// Stderr lines dropped to keep the log bounded.
    StderrDropped(u64),
    /// How the program ended.
    Ended(String),
}

impl LogEntry {
    /// Whether the line says something went wrong (a fault, a program that did not start or
    /// had to be killed): what a front end shows even when it shows nothing else of the log.
    pub fn is_wrong(&self) -> bool {
        match &self.event {
            LogEvent::Fault { .. } | LogEvent::NotStarted(_) => true,
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
            LogEvent::Fault { at, fault, then } => {
                write!(f, "fault at {at}: {}: {}; {then}", fault.kind, fault.text)
            }
            LogEvent::Discarded(what) => write!(f, "discarded {what}"),
            LogEvent::Stderr(line) => write!(f, "stderr: {line}"),
            LogEvent::StderrDropped(count) => write!(
                f,
                "stderr: {count} earlier lines dropped (the log keeps the last {} KiB)",
                STDERR_TAIL_BYTES / 1024
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

    fn set(&self, hello: AgentHello) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(hello);
    }
}

/// The request a reply is awaited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    Hello,
    NewGame,
    Act(u64),
}

impl Request {
    fn answered_by(self, reply: &Reply) -> bool {
        match (self, reply) {
            (Request::Hello, Reply::Hello(_)) | (Request::NewGame, Reply::Ready) => true,
            (Request::Act(id), Reply::Action { id: Some(got), .. }) => *got == id,
            _ => false,
        }
    }
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Hello => f.write_str("hello"),
            Request::NewGame => f.write_str("new_game"),
            Request::Act(id) => write!(f, "act {id}"),
        }
    }
}

/// A seat played by an external program (see the module documentation).
pub struct ExternalSeat<G: Game> {
    command: ExternalCommand,
    label: String,
    settings: ExternalSettings,
    fallback: Fallback<G>,
    fallback_rng: GameRng,
    log: LogSink,
    process: Option<AgentProcess>,
    /// Why the program cannot play the rest of this match (it exited, closed its stdout, or
    /// could not be started); its decisions go to the fallback.
    gone: Option<String>,
    identity: AgentIdentity,
    next_id: u64,
    seat: usize,
    legal_texts: Vec<String>,
    events: Vec<EventMessage>,
}

impl<G: Game> fmt::Debug for ExternalSeat<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExternalSeat")
            .field("command", &self.command)
            .field("settings", &self.settings)
            .field("fallback", &self.fallback)
            .field("pid", &self.process_id())
            .field("gone", &self.gone)
            .finish_non_exhaustive()
    }
}

impl<G: Game> ExternalSeat<G> {
    /// A seat for `command`; nothing starts until the first game does. Log lines go to the
    /// process's stderr unless [`ExternalSeat::with_log`] says otherwise.
    pub fn new(
        command: ExternalCommand,
        settings: ExternalSettings,
        fallback: Fallback<G>,
    ) -> Self {
        Self {
            label: command.label(),
            command,
            settings,
            fallback,
            fallback_rng: fallback_rng(0, 0),
            log: Box::new(|entry| eprintln!("{entry}")),
            process: None,
            gone: None,
            identity: AgentIdentity::default(),
            next_id: 1,
            seat: 0,
            legal_texts: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Sends the log lines to `sink`.
    pub fn with_log(mut self, sink: LogSink) -> Self {
        self.log = sink;
        self
    }

    /// The seat's label (`exec:COMMAND`).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// What the program said in its hello, now or later.
    pub fn identity(&self) -> AgentIdentity {
        self.identity.clone()
    }

    /// The running program's process id (also its process group's), if it runs.
    pub fn process_id(&self) -> Option<u32> {
        self.process.as_ref().map(AgentProcess::id)
    }

    /// Sends `quit` and waits for the program to exit, killing its process group if it (or
    /// anything it started) is still running 2 s later. The next game starts it again.
    pub fn close(&mut self) {
        self.stop_process("quit");
        self.gone = None;
    }

    fn log(&mut self, event: LogEvent) {
        let entry = LogEntry {
            seat: self.seat,
            label: self.label.clone(),
            event,
        };
        (self.log)(&entry);
    }

    /// Writes what the program said on stderr to the log.
    fn flush_stderr(&mut self) {
        if let Some(process) = &self.process {
            let batch = process.take_stderr();
            self.flush_batch(batch);
        }
    }

    /// Starts the program and says hello.
    fn launch(&mut self) {
        match AgentProcess::spawn(self.command.words()) {
            Ok(process) => {
                let pid = process.id();
                self.process = Some(process);
                self.next_id = 1;
                self.log(LogEvent::Started { pid });
            }
            Err(error) => {
                let why = format!("could not start {}: {error}", shown(&self.command.words[0]));
                self.log(LogEvent::NotStarted(error.to_string()));
                self.gone = Some(why);
                return;
            }
        }
        self.send(&PlainMessage::Hello { protocol: PROTOCOL }.to_line());
        let deadline = Instant::now() + self.settings.setup;
        match self.wait_for(Request::Hello, deadline, self.settings.setup) {
            Ok(Reply::Hello(hello)) => {
                self.identity.set(hello.clone());
                self.log(LogEvent::Hello(hello));
            }
            Ok(_) => unreachable!("wait_for returns only a hello to hello"),
            Err(fault) => self.log_setup_fault(Request::Hello, fault),
        }
    }

    fn log_setup_fault(&mut self, request: Request, fault: Fault) {
        let then = if self.gone.is_some() {
            format!(
                "its decisions this game go to the fallback ({})",
                self.fallback.name()
            )
        } else {
            "the program keeps its seat".to_owned()
        };
        self.log(LogEvent::Fault {
            at: request.to_string(),
            fault,
            then,
        });
    }

    fn send(&mut self, line: &[u8]) {
        if let Some(process) = &self.process {
            // If the program's stdin is closed, the wait that follows finds out why.
            let _ = process.send(line.to_vec());
        }
    }

    /// Waits until `deadline` for the reply to `request`, discarding (and logging) replies
    /// to anything else.
    fn wait_for(
        &mut self,
        request: Request,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<Reply, Fault> {
        let mut discarded = 0_u32;
        loop {
            let Some(process) = self.process.as_mut() else {
                let why = self.gone.clone().unwrap_or_default();
                return Err(Fault::new(FaultKind::Exited, &why));
            };
            let output = match process.receive_by(deadline) {
                Received::Timeout => {
                    let also = if discarded > 0 {
                        format!(" (only {discarded} discarded replies to other requests)")
                    } else {
                        String::new()
                    };
                    let grace = self.settings.grace.as_millis();
                    return Err(Fault::new(
                        FaultKind::Timeout,
                        &format!(
                            "no reply to {request} within {} ms (+{grace} ms grace){also}",
                            allowed.as_millis()
                        ),
                    ));
                }
                Received::Output(output) => output,
            };
            match output {
                Output::Closed(error) => {
                    let why = self.program_gone(error);
                    return Err(Fault::new(FaultKind::Exited, &why));
                }
                Output::TooLong(start) => {
                    return Err(Fault::new(
                        FaultKind::TooLong,
                        &format!(
                            "a reply over {MAX_REPLY_BYTES} bytes, starting {}",
                            String::from_utf8_lossy(&start)
                        ),
                    ));
                }
                Output::Line(line) => match parse_reply(&line) {
                    Err(fault) => return Err(fault),
                    Ok(reply) if request.answered_by(&reply) => return Ok(reply),
                    Ok(reply) => {
                        discarded += 1;
                        self.log(LogEvent::Discarded(format!(
                            "{} while waiting for the reply to {request}",
                            reply.describe()
                        )));
                    }
                },
            }
        }
    }

    /// The program closed its stdout: notes why it can play no more this match.
    fn program_gone(&mut self, read_error: Option<String>) -> String {
        let status = self
            .process
            .as_mut()
            .and_then(|p| p.exit_status_within(Duration::from_millis(200)));
        let mut why = match status {
            Some(status) => format!("the program exited ({status})"),
            None => "the program closed its stdout (it is still running)".to_owned(),
        };
        if let Some(error) = read_error {
            why = format!("{why}; reading its stdout failed: {error}");
        }
        self.gone = Some(why.clone());
        why
    }

    /// Logs output that came when nothing was asked (it cannot answer what is asked next).
    fn discard_unrequested(&mut self, before: Request) {
        while let Some(output) = self.process.as_mut().and_then(AgentProcess::try_receive) {
            match output {
                Output::Closed(error) => {
                    self.program_gone(error);
                    return;
                }
                Output::Line(line) => {
                    let what = match parse_reply(&line) {
                        Ok(reply) => reply.describe(),
                        Err(fault) => format!("output {}", fault.text),
                    };
                    self.log(LogEvent::Discarded(format!(
                        "{what}, written before {before}"
                    )));
                }
                Output::TooLong(_) => self.log(LogEvent::Discarded(format!(
                    "a line over {MAX_REPLY_BYTES} bytes, written before {before}"
                ))),
            }
        }
    }

    /// Ends the program: `quit`, then its group killed if anything of it runs 2 s later.
    fn stop_process(&mut self, why: &str) {
        let Some(mut process) = self.process.take() else {
            return;
        };
        // Even a program that closed its stdout may still read its stdin and obey.
        let report = process.shut_down(Some(PlainMessage::Quit.to_line()));
        self.flush_batch(process.take_stderr());
        let status = report
            .status
            .map_or_else(|| "unknown status".to_owned(), |s| s.to_string());
        let grace = QUIT_GRACE.as_secs();
        let how = match (report.exited_in_time, report.killed) {
            (true, false) => format!("{why}: the program exited ({status})"),
            (true, true) => format!(
                "{why}: the program exited ({status}); processes it started were still running after {grace} s and were killed with its process group"
            ),
            (false, _) => format!(
                "{why}: the program did not exit within {grace} s: killed with its process group ({status})"
            ),
        };
        self.log(LogEvent::Ended(how));
    }

    fn flush_batch(&mut self, batch: self::lines::StderrBatch) {
        if batch.dropped_lines > 0 {
            self.log(LogEvent::StderrDropped(batch.dropped_lines));
        }
        for line in batch.lines {
            self.log(LogEvent::Stderr(line));
        }
    }

    /// The fallback's decision after `fault` at `at`.
    fn fall_back(
        &mut self,
        view: &DecisionView<'_, G>,
        at: &str,
        fault: Fault,
    ) -> Result<Decision<G::Action>, StopRequest> {
        match &mut self.fallback {
            Fallback::Forfeit => {
                let reason = format!("its program faulted: {fault}");
                self.log(LogEvent::Fault {
                    at: at.to_owned(),
                    fault,
                    then: "the seat forfeits".to_owned(),
                });
                Err(StopRequest::forfeit(reason))
            }
            Fallback::Agent { name, agent } => {
                let decision = agent.act(view, &mut self.fallback_rng);
                let then = format!("the fallback ({name}) chose '{}'", decision.action);
                self.log(LogEvent::Fault {
                    at: at.to_owned(),
                    fault: fault.clone(),
                    then,
                });
                Ok(Decision {
                    action: decision.action,
                    info: decision.info,
                    fault: Some(Box::new(fault)),
                })
            }
        }
    }

    /// The action an answer names, if it is legal.
    fn legal_answer(&self, legal: &[G::Action], action: Option<&str>) -> Result<G::Action, Fault> {
        let Some(text) = action else {
            return Err(Fault::new(
                FaultKind::IllegalAction,
                "the answer has no \"action\" text",
            ));
        };
        if let Some(index) = self.legal_texts.iter().position(|t| t == text) {
            return Ok(legal[index]);
        }
        // The text forms' own parser accepts what a person may type (spacing, case).
        if let Ok(action) = text.parse::<G::Action>()
            && legal.contains(&action)
        {
            return Ok(action);
        }
        Err(Fault::new(
            FaultKind::IllegalAction,
            &format!(
                "'{}' is not one of the legal actions ({})",
                shown(text),
                self.legal_texts.join(", ")
            ),
        ))
    }

    fn events_of(&mut self, seen: &[SeenEvent<G::EventView>]) {
        self.events.clear();
        self.events.extend(seen.iter().map(|event| EventMessage {
            actor: event.actor,
            action: event.view.to_string(),
        }));
    }
}

/// An agent's `info` as the transcript records it: the known keys typed where they have
/// their documented types, else everything kept as given.
fn decision_info(info: serde_json::Map<String, serde_json::Value>) -> DecisionInfo {
    serde_json::from_value(serde_json::Value::Object(info.clone())).unwrap_or(DecisionInfo {
        extra: info,
        ..DecisionInfo::default()
    })
}

impl<G: Game> Seat<G> for ExternalSeat<G> {
    /// A program is sent its seat's views of the events.
    fn wants_views(&self) -> bool {
        true
    }

    fn start(&mut self, seat: usize, config: &G::Config, seed: u64) {
        self.seat = seat;
        self.fallback_rng = fallback_rng(seed, seat);
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.new_game(seat, config, agent_seed(seed, seat));
        }
        if self.gone.is_some() {
            // Gone in an earlier match: a new match starts it again.
            self.stop_process("before the next game");
            self.gone = None;
        }
        if self.process.is_none() {
            self.launch();
        }
        if self.gone.is_none() {
            self.discard_unrequested(Request::NewGame);
            let spec = canonical_spec(config);
            let options = config.to_options();
            let line = PlainMessage::NewGame {
                game: G::info().name,
                spec: &spec,
                options: &options,
                players: config.players(),
                seat,
                seed: agent_seed(seed, seat),
            }
            .to_line();
            self.send(&line);
            let deadline = Instant::now() + self.settings.setup;
            if let Err(fault) = self.wait_for(Request::NewGame, deadline, self.settings.setup) {
                self.log_setup_fault(Request::NewGame, fault);
            }
        }
        self.flush_stderr();
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        if let Some(why) = &self.gone {
            let fault = Fault::new(FaultKind::Exited, &format!("no program to ask: {why}"));
            return self.fall_back(view, "a decision", fault);
        }
        let id = self.next_id;
        self.next_id += 1;
        let request = Request::Act(id);
        self.discard_unrequested(request);
        if self.gone.is_some() {
            let why = self.gone.clone().unwrap_or_default();
            return self.fall_back(
                view,
                &request.to_string(),
                Fault::new(FaultKind::Exited, &why),
            );
        }

        let mut deadline_ms = self.settings.deadline;
        if let Some(budget) = view.budget().deadline {
            deadline_ms = deadline_ms.min(budget.saturating_duration_since(Instant::now()));
        }
        self.legal_texts.clear();
        self.legal_texts
            .extend(view.legal().iter().map(ToString::to_string));
        self.events_of(view.seen());
        let observation = view.observation();
        let line = HostMessage::Act {
            id,
            observation: &observation,
            legal: &self.legal_texts,
            events: &self.events,
            deadline_ms: deadline_ms.as_millis() as u64,
        }
        .to_line();
        let deadline = Instant::now() + deadline_ms + self.settings.grace;
        self.send(&line);
        let answer = self.wait_for(request, deadline, deadline_ms);
        let decision = match answer {
            Ok(Reply::Action { action, info, .. }) => {
                match self.legal_answer(view.legal(), action.as_deref()) {
                    Ok(action) => Ok(Decision {
                        action,
                        info: info.map(|info| Box::new(decision_info(info))),
                        fault: None,
                    }),
                    Err(fault) => self.fall_back(view, &request.to_string(), fault),
                }
            }
            Ok(_) => unreachable!("wait_for returns only an action to act"),
            Err(fault) => self.fall_back(view, &request.to_string(), fault),
        };
        self.flush_stderr();
        decision
    }

    fn finish(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.game_over(outcome, seen);
        }
        if self.gone.is_some() {
            // The end of the match: a program that can no longer play is stopped now.
            self.stop_process("end of the match");
        } else if self.process.is_some() {
            self.events_of(seen);
            let line = PlainMessage::GameOver {
                outcome,
                events: &self.events,
            }
            .to_line();
            self.send(&line);
        }
        self.flush_stderr();
    }
}

impl<G: Game> Drop for ExternalSeat<G> {
    fn drop(&mut self) {
        self.close();
    }
}
