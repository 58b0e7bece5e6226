//! [`ExternalSeat`]: the seat a program plays, speaking `mousehole-agent/2` over its
//! stdin/stdout, with its deadlines, its fallback and its log.

use std::borrow::Cow;
use std::fmt;
use std::time::{Duration, Instant};

use mousehole_engine::registry::canonical_spec;
use mousehole_engine::rng::AgentStreams;
use mousehole_engine::text::shown;
use mousehole_engine::{
    Decision, DecisionView, Ending, Fault, FaultKind, Game, GameConfig, Seat, SeenEvent,
    StopRequest,
};
use mousehole_protocol::version::difference;
use mousehole_protocol::{
    Act, ClientMessage, EventMessage, HostMessage, MAX_MESSAGE_BYTES, PROTOCOL, PlainMessage,
    parse_reply,
};

use super::command::ExternalCommand;
use super::fallback::Fallback;
use super::log::{AgentIdentity, LogEntry, LogEvent, LogSink};
use super::process::{AgentProcess, Output, QUIT_GRACE, Received};

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

/// The request a reply is awaited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    Hello,
    NewGame,
    Act(u64),
}

impl Request {
    fn answered_by(self, reply: &ClientMessage<'_>) -> bool {
        match (self, reply) {
            (Request::Hello, ClientMessage::Hello(_))
            | (Request::NewGame, ClientMessage::Ready) => true,
            (Request::Act(id), ClientMessage::Action { id: Some(got), .. }) => *got == id,
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
    /// The seat's random streams; the fallback draws from their fallback streams.
    streams: AgentStreams,
    log: LogSink,
    process: Option<AgentProcess>,
    /// Why the program cannot play the rest of this match (it exited, closed its stdout, or
    /// could not be started); its decisions go to the fallback.
    gone: Option<String>,
    identity: AgentIdentity,
    next_id: u64,
    seat: usize,
    /// The game the seat plays (its configuration and the seat's agent seed), once it started.
    game: Option<(G::Config, u64)>,
    /// The seat's views of the events the program has been sent in the game it was last told
    /// began. A program remembers what it was told, so this is what the seat keeps of the game
    /// from the program's side: when the game has not simply gone on from there (a front end
    /// took moves back, or went back and took another way) the program is told a new game
    /// began and is sent the events from the start again.
    told: Vec<SeenEvent<G::EventView>>,
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
            streams: AgentStreams::new(0, 0),
            log: Box::new(|entry| eprintln!("{entry}")),
            process: None,
            gone: None,
            identity: AgentIdentity::default(),
            next_id: 1,
            seat: 0,
            game: None,
            told: Vec::new(),
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
                let why = format!(
                    "could not start {}: {error}",
                    shown(&self.command.words()[0])
                );
                self.log(LogEvent::NotStarted(error.to_string()));
                self.gone = Some(why);
                return;
            }
        }
        self.send(
            &PlainMessage::Hello {
                protocol: PROTOCOL.into(),
            }
            .to_line(),
        );
        let deadline = Instant::now() + self.settings.setup;
        match self.wait_for(Request::Hello, deadline, self.settings.setup) {
            Ok(ClientMessage::Hello(hello)) => {
                self.identity.set(hello.clone());
                let other_version = hello.protocol.as_deref().and_then(|theirs| {
                    difference("the program", theirs, "this host")
                        .map(|words| format!("{words}; the game goes on in {PROTOCOL}"))
                });
                self.log(LogEvent::Hello(hello));
                if let Some(words) = other_version {
                    self.log(LogEvent::OtherProtocol(words));
                }
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
    ) -> Result<ClientMessage<'static>, Fault> {
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
                            "a reply over {MAX_MESSAGE_BYTES} bytes, starting {}",
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
                    "a line over {MAX_MESSAGE_BYTES} bytes, written before {before}"
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
        self.flush_batch(process.take_last_stderr());
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

    fn flush_batch(&mut self, batch: super::lines::StderrBatch) {
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
        match self.fallback.choose(view, self.streams, fault.clone()) {
            None => {
                let reason = format!("its program faulted: {fault}");
                self.log(LogEvent::Fault {
                    at: at.to_owned(),
                    fault,
                    then: "the seat forfeits".to_owned(),
                });
                Err(StopRequest::forfeit(reason))
            }
            Some(decision) => {
                let then = format!(
                    "the fallback ({}) chose '{}'",
                    self.fallback.name(),
                    decision.action
                );
                self.log(LogEvent::Fault {
                    at: at.to_owned(),
                    fault,
                    then,
                });
                Ok(decision)
            }
        }
    }

    /// Tells the program a new game began (the one [`Seat::start`] named).
    fn tell_new_game(&mut self) {
        self.told.clear();
        let Some((config, agent_seed)) = self.game.clone() else {
            return;
        };
        if self.gone.is_some() {
            return;
        }
        self.discard_unrequested(Request::NewGame);
        let spec = canonical_spec(&config);
        let options = config.to_options();
        let line = PlainMessage::NewGame {
            game: G::Config::description().name.into(),
            spec: spec.into(),
            options: Cow::Owned(options),
            players: config.players(),
            seat: self.seat,
            seed: agent_seed,
        }
        .to_line();
        self.send(&line);
        let deadline = Instant::now() + self.settings.setup;
        if let Err(fault) = self.wait_for(Request::NewGame, deadline, self.settings.setup) {
            self.log_setup_fault(Request::NewGame, fault);
        }
    }

    /// Brings the program up to `history`, the seat's views of the events so far: when the
    /// game has not gone on from what it was told (`at_end`: or stayed where it was), it is
    /// told a new game began. Fills the events of the next message with the views it has not
    /// been sent, and records them as told.
    fn catch_up(&mut self, history: &[SeenEvent<G::EventView>], at_end: bool) {
        let told = self.told.len();
        let went_on = history.starts_with(&self.told)
            && (history.len() > told || told == 0 || (at_end && history.len() == told));
        if !went_on {
            self.tell_new_game();
        }
        let new = &history[self.told.len()..];
        self.events.clear();
        self.events.extend(new.iter().map(|event| EventMessage {
            actor: event.actor,
            action: event.view.to_string(),
            note: None,
        }));
        self.told.extend_from_slice(new);
    }
}

/// The action an answer names, if it is one of `legal` (whose text forms are `legal_texts`):
/// what an external program's or a network client's answer is held to.
///
/// # Errors
/// An [`FaultKind::IllegalAction`] fault saying why.
pub fn legal_answer<G: Game>(
    legal: &[G::Action],
    legal_texts: &[String],
    action: Option<&str>,
) -> Result<G::Action, Fault> {
    let Some(text) = action else {
        return Err(Fault::new(
            FaultKind::IllegalAction,
            "the answer has no \"action\" text",
        ));
    };
    if let Some(index) = legal_texts.iter().position(|t| t == text) {
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
            legal_texts.join(", ")
        ),
    ))
}

impl<G: Game> Seat<G> for ExternalSeat<G> {
    /// A program is sent its seat's views of the events.
    fn wants_views(&self) -> bool {
        true
    }

    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        self.seat = seat;
        self.game = Some((config.clone(), agent_seed));
        self.streams = AgentStreams::of_agent_seed(agent_seed);
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.new_game(seat, config, agent_seed);
        }
        if self.gone.is_some() {
            // Gone in an earlier match: a new match starts it again.
            self.stop_process("before the next game");
            self.gone = None;
        }
        if self.process.is_none() {
            self.launch();
        }
        self.tell_new_game();
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
        self.catch_up(view.history(), false);
        let observation = view.observation();
        let line = HostMessage::Act(Act {
            id,
            observation: &observation,
            legal: Cow::Borrowed(&self.legal_texts),
            events: Cow::Borrowed(&self.events),
            deadline_ms: Some(deadline_ms.as_millis() as u64),
        })
        .to_line();
        let deadline = Instant::now() + deadline_ms + self.settings.grace;
        self.send(&line);
        let answer = self.wait_for(request, deadline, deadline_ms);
        let decision = match answer {
            Ok(ClientMessage::Action { action, info, .. }) => {
                match legal_answer::<G>(view.legal(), &self.legal_texts, action.as_deref()) {
                    Ok(action) => Ok(Decision {
                        action,
                        info: info.map(|info| Box::new(info.into_owned())),
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

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        if let Fallback::Agent { agent, .. } = &mut self.fallback {
            agent.game_over(ending.outcome, ending.seen());
        }
        if self.gone.is_some() {
            // The end of the match: a program that can no longer play is stopped now.
            self.stop_process("end of the match");
        } else if self.process.is_some() {
            self.catch_up(ending.history, true);
            let line = PlainMessage::GameOver {
                outcome: ending.outcome.map(Cow::Borrowed),
                events: Cow::Borrowed(&self.events),
                // The words of how it ended are for network clients' people.
                ending: None,
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
