//! Who sits at a seat: the one seat label every front end reads and transcripts record
//! (`human[:name]`, `remote[:name]`, an agent spec, `exec:COMMAND`), the one function that
//! seats what a label names ([`build_seat`]), and the seat an agent plays through
//! ([`AgentSeat`]).
//!
//! # Examples
//!
//! ```
//! use mousehole_bots::{ProgramOptions, SeatLabel, build_seat};
//! use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayConfig};
//! use mousehole_engine::{GameConfig, Match, MatchEnd};
//!
//! let labels = SeatLabel::parse_list("hard, random")?;
//! assert_eq!(labels[0].to_string(), "hard");
//! let mut seats = Vec::new();
//! for label in &labels {
//!     let seat = build_seat::<CheeseDay>(label, &ProgramOptions::default())?;
//!     seats.push(seat.expect("a bot, not a person").seat);
//! }
//! let mut game = Match::<CheeseDay>::new(&CheeseDayConfig::with_players(2)?, 7);
//! assert!(matches!(game.run(&mut seats), MatchEnd::Finished(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;
use std::sync::Arc;

use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::rng::AgentStreams;
use mousehole_engine::text::{guess_then, shown};
use mousehole_engine::transcript::ReplayReport;
use mousehole_engine::{
    Decision, DecisionView, Ending, Game, Match, MatchEnd, ReplayError, Seat, StopRequest,
    Transcript,
};
use thiserror::Error;

use crate::agent::Agent;
use crate::build::build_agent;
use crate::external::{
    AgentIdentity, EXEC_PREFIX, ExternalCommand, ExternalCommandError, ExternalSeat,
    ExternalSettings, FallbackSpec, LogSink,
};
use crate::game::BotGame;
use crate::spec::{AGENTS, AgentSpec, AgentSpecError};

/// The prefix of a person's seat label with a name: `human:NAME`.
const HUMAN: &str = "human";

/// The prefix of a remote seat's label with a name: `remote:NAME`.
const REMOTE: &str = "remote";

/// The longest name a person may give a seat (`human:NAME`, `remote:NAME`).
const NAME_CHARS: usize = 40;

/// Who plays one seat, as front ends read it and transcripts record it: `human[:name]`,
/// `remote[:name]`, an agent spec (`random`, `hard`, `ismcts:iterations=2000`) or
/// `exec:COMMAND`. Its text form ([`fmt::Display`]) is the transcript's seat label, and
/// [`FromStr`] reads it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatLabel {
    /// A person at this terminal, with an optional name: the front end seats them.
    Human(Option<String>),
    /// Whoever joins from another terminal with the seat's code (`mousehole join`), a person
    /// or an agent, with an optional name: the host seats the connection.
    Remote(Option<String>),
    /// A built-in agent.
    Agent(AgentSpec),
    /// A program speaking the external-agent protocol (PROTOCOL.md).
    Program(ExternalCommand),
}

impl SeatLabel {
    pub fn is_human(&self) -> bool {
        matches!(self, SeatLabel::Human(_))
    }

    pub fn is_program(&self) -> bool {
        matches!(self, SeatLabel::Program(_))
    }

    pub fn is_remote(&self) -> bool {
        matches!(self, SeatLabel::Remote(_))
    }

    /// The name a person's or a remote seat was given (`human:NAME`, `remote:NAME`).
    pub fn name(&self) -> Option<&str> {
        match self {
            SeatLabel::Human(name) | SeatLabel::Remote(name) => name.as_deref(),
            SeatLabel::Agent(_) | SeatLabel::Program(_) => None,
        }
    }

    /// What the seat is called besides its number, for everyone at the table: a person's or
    /// a remote seat's name (`bob`), else `human`, `remote`, the agent's spec (`hard`,
    /// `ismcts:iterations=2000`) or `program` (a program's command is the host's own). A
    /// network host tells it to every seat (`welcome`'s `seats`), and every front end names
    /// the seat with it ([`seat_names`]).
    pub fn called(&self) -> String {
        match self {
            SeatLabel::Human(name) => name.clone().unwrap_or_else(|| HUMAN.to_owned()),
            SeatLabel::Remote(name) => name.clone().unwrap_or_else(|| REMOTE.to_owned()),
            SeatLabel::Agent(spec) => spec.to_string(),
            SeatLabel::Program(_) => "program".to_owned(),
        }
    }

    /// The first seat a person at this terminal plays among a transcript's labels, read as
    /// labels (a label that is no seat label is nobody's), never by its first letters.
    pub fn first_person(labels: &[String]) -> Option<usize> {
        labels.iter().position(|label| {
            label
                .parse::<SeatLabel>()
                .is_ok_and(|label| label.is_human())
        })
    }

    /// The built-in agent, if it is one.
    pub fn agent(&self) -> Option<&AgentSpec> {
        match self {
            SeatLabel::Agent(spec) => Some(spec),
            SeatLabel::Human(_) | SeatLabel::Remote(_) | SeatLabel::Program(_) => None,
        }
    }

    /// Parses a comma-separated seat list (`human,ismcts:iterations=2000,c=1.4,random`): an
    /// item of the form `key=value` continues the previous agent's settings
    /// ([`split_spec_list`]).
    ///
    /// # Errors
    /// The first entry that is not a seat label, with where it is in the list.
    pub fn parse_list(text: &str) -> Result<Vec<SeatLabel>, SeatListError> {
        let entries = split_spec_list(text);
        entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                entry.parse().map_err(|error| SeatListError {
                    index,
                    after_command: entries[..=index].iter().any(|e| e.starts_with(EXEC_PREFIX)),
                    error,
                })
            })
            .collect()
    }
}

impl FromStr for SeatLabel {
    type Err = SeatLabelError;

    fn from_str(entry: &str) -> Result<Self, SeatLabelError> {
        let entry = entry.trim();
        if entry.is_empty() {
            return Err(SeatLabelError::Empty);
        }
        if let Some(command) = entry.strip_prefix(EXEC_PREFIX) {
            return Ok(SeatLabel::Program(ExternalCommand::parse(command)?));
        }
        for (prefix, seat) in [
            (HUMAN, SeatLabel::Human as fn(Option<String>) -> SeatLabel),
            (REMOTE, SeatLabel::Remote),
        ] {
            if entry == prefix {
                return Ok(seat(None));
            }
            if let Some(name) = entry
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_prefix(':'))
            {
                let name = name.trim();
                let label = shown(entry);
                if name.is_empty() {
                    return Err(SeatLabelError::NoName { label, prefix });
                }
                if name.chars().any(char::is_control) || name.chars().count() > NAME_CHARS {
                    return Err(SeatLabelError::BadName { label });
                }
                return Ok(seat(Some(name.to_owned())));
            }
        }
        entry
            .parse()
            .map(SeatLabel::Agent)
            .map_err(|source| SeatLabelError::Agent {
                label: shown(entry),
                source,
            })
    }
}

impl fmt::Display for SeatLabel {
    /// The transcript's seat label.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatLabel::Human(None) => f.write_str(HUMAN),
            SeatLabel::Human(Some(name)) => write!(f, "{HUMAN}:{name}"),
            SeatLabel::Remote(None) => f.write_str(REMOTE),
            SeatLabel::Remote(Some(name)) => write!(f, "{REMOTE}:{name}"),
            SeatLabel::Agent(spec) => spec.fmt(f),
            SeatLabel::Program(command) => command.fmt(f),
        }
    }
}

impl From<AgentSpec> for SeatLabel {
    fn from(spec: AgentSpec) -> Self {
        SeatLabel::Agent(spec)
    }
}

/// The seats `labels` name, as `reader` reads them: `you`, `seat 1 (hard)`, `seat 2 (ann)`
/// ([`SeatLabel::called`], named by [`SeatNames`]).
///
/// ```
/// use mousehole_bots::{SeatLabel, seat_names};
/// use mousehole_engine::naming::Reader;
/// let labels = SeatLabel::parse_list("human,hard,human:ann,exec:./bot")?;
/// let names = seat_names(&labels, Reader::seat(0));
/// let named: Vec<String> = (0..4).map(|seat| names.name(seat)).collect();
/// assert_eq!(named, ["you", "seat 1 (hard)", "seat 2 (ann)", "seat 3 (program)"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn seat_names(labels: &[SeatLabel], reader: Reader) -> SeatNames {
    SeatNames::new(reader, labels.iter().map(SeatLabel::called))
}

/// The seats of a transcript's labels (`transcript.seats`), as `reader` reads them: a label
/// that is no seat label (a newer version's, or written by hand) is called by its first word.
pub fn recorded_names(labels: &[String], reader: Reader) -> SeatNames {
    SeatNames::new(
        reader,
        labels.iter().map(|text| match text.parse::<SeatLabel>() {
            Ok(label) => label.called(),
            Err(_) => text.split([':', ' ']).next().unwrap_or_default().to_owned(),
        }),
    )
}

/// Text that is not a seat label.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatLabelError {
    #[error(
        "an empty seat; give one agent spec, `human`, `remote` or `{EXEC_PREFIX}COMMAND` per seat"
    )]
    Empty,
    #[error("seat '{label}': give a name after `{prefix}:` or write just `{prefix}`")]
    NoName {
        label: String,
        /// `human` or `remote`.
        prefix: &'static str,
    },
    #[error(
        "seat '{label}': a name is at most {NAME_CHARS} characters, none of them control characters"
    )]
    BadName { label: String },
    #[error(transparent)]
    Command(#[from] ExternalCommandError),
    #[error("{}", agent_problem(.label, .source))]
    Agent {
        /// The label as given, made safe to echo.
        label: String,
        source: AgentSpecError,
    },
}

/// An agent spec's problem, said of the seat it was given for.
fn agent_problem(label: &str, error: &AgentSpecError) -> String {
    match error {
        AgentSpecError::Unknown { name } => format!(
            "seat '{label}' is neither `human[:name]`, `remote[:name]`, `{EXEC_PREFIX}COMMAND` nor an agent: unknown agent '{}'{}",
            shown(name),
            guess_then(
                name,
                AGENTS.iter().map(|agent| agent.name).chain([HUMAN, REMOTE]),
                &format!(
                    "the agents are: {}",
                    AGENTS
                        .iter()
                        .map(|agent| agent.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            )
        ),
        AgentSpecError::UnknownSetting { agent, key } => format!(
            "seat '{label}': agent '{agent}' has no setting '{}' (`mousehole list` shows the agents and their settings)",
            shown(key)
        ),
        AgentSpecError::Malformed { item, .. } => format!(
            "seat '{label}': '{}' is not a setting; write agent:key=value,…",
            shown(item)
        ),
        other => format!("seat '{label}': {other}"),
    }
}

/// An entry of a seat list that is not a seat label.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{error}")]
pub struct SeatListError {
    /// The entry's place in the list, from 0.
    pub index: usize,
    /// Whether an `exec:` command came at or before it: every comma starts a new seat, so a
    /// comma meant to be inside a command is the likely cause (a front end says how to give
    /// such a command on its own).
    pub after_command: bool,
    pub error: SeatLabelError,
}

/// Splits a comma-separated list of seats or agents (`ismcts:iterations=2000,c=1.4,random`).
/// Agent settings also use commas, so an item of the form `key=value` continues the previous
/// entry's settings instead of starting a new one; a comma always ends an `exec:` command (a
/// command with a comma in it is given on its own, `--seat`/`--agent`). The CLI's seat lists,
/// the TUI's and the tournament's agent lists all split here.
pub fn split_spec_list(text: &str) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for item in text.split(',').map(str::trim) {
        match entries.last_mut() {
            Some(last)
                if item.contains('=')
                    && !item.contains(':')
                    && last.contains(':')
                    && !last.starts_with(EXEC_PREFIX) =>
            {
                last.push(',');
                last.push_str(item);
            }
            _ => entries.push(item.to_owned()),
        }
    }
    entries
}

/// Why a transcript is not a valid record of a game: a seat label no front end could seat, or
/// what its replay found.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum TranscriptProblem {
    #[error("seat {seat}'s label: {error}")]
    Label { seat: usize, error: SeatLabelError },
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Checks a transcript as `mousehole replay` does, for every reader that must refuse what it
/// refuses: every seat label reads as one ([`SeatLabel`]: a program's command is only split,
/// since it ran on the machine that played), and the events replay to the recorded outcome
/// ([`Transcript::replay`]). A seat's view is reported as such
/// ([`ReplayError::SeatView`]), whatever its labels.
///
/// # Errors
/// The first problem found.
#[allow(
    clippy::result_large_err,
    reason = "built once per transcript read, with the legal set its message lists"
)]
pub fn check_transcript(transcript: &Transcript) -> Result<ReplayReport, TranscriptProblem> {
    let replayed = transcript.replay();
    if let Err(ReplayError::SeatView { .. }) = replayed {
        return Ok(replayed?);
    }
    for (seat, label) in transcript.seats.iter().enumerate() {
        label
            .parse::<SeatLabel>()
            .map_err(|error| TranscriptProblem::Label { seat, error })?;
    }
    Ok(replayed?)
}

/// Makes the log sink of a program's seat (where its faults, stderr and end go).
pub type LogMaker = Arc<dyn Fn() -> LogSink + Send + Sync>;

/// How programs at `exec:` seats are run: the same everywhere a front end seats them.
#[derive(Clone, Default)]
pub struct ProgramOptions {
    /// Each act's deadline, the grace past it, and the time to start.
    pub settings: ExternalSettings,
    /// Who decides when a program faults.
    pub fallback: FallbackSpec,
    /// Where each program's log lines go; `None`: standard error.
    pub log: Option<LogMaker>,
}

impl fmt::Debug for ProgramOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProgramOptions")
            .field("settings", &self.settings)
            .field("fallback", &self.fallback)
            .finish_non_exhaustive()
    }
}

/// A seat a bot or a program plays, as [`build_seat`] makes it.
pub struct BotSeat<G: Game> {
    pub seat: Box<dyn Seat<G> + Send>,
    /// For a program: what it says its name is, once it said it.
    pub identity: Option<AgentIdentity>,
}

impl<G: Game> fmt::Debug for BotSeat<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotSeat").finish_non_exhaustive()
    }
}

/// Why a label's seat cannot be built: its program cannot be started (an agent spec was
/// checked when it was parsed).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatError {
    #[error(transparent)]
    Program(#[from] ExternalCommandError),
}

/// Builds the seat `label` names in game `G`: every seat a bot or program plays, in every
/// front end, is built here, so each plays the same way everywhere. A person's seat and a
/// remote seat are the front end's to make (`None`): a terminal's prompt or screen, a
/// network host's connection. A program is checked to be there; it starts with the match
/// ([`Seat::start`]).
///
/// # Errors
/// A program that cannot be started.
pub fn build_seat<G: BotGame>(
    label: &SeatLabel,
    programs: &ProgramOptions,
) -> Result<Option<BotSeat<G>>, SeatError> {
    Ok(Some(match label {
        SeatLabel::Human(_) | SeatLabel::Remote(_) => return Ok(None),
        SeatLabel::Agent(spec) => BotSeat {
            seat: Box::new(AgentSeat::<G>::new(build_agent::<G>(spec))),
            identity: None,
        },
        SeatLabel::Program(command) => {
            command.check()?;
            let fallback = programs.fallback.build::<G>();
            let mut seat = ExternalSeat::<G>::new(command.clone(), programs.settings, fallback);
            if let Some(log) = &programs.log {
                seat = seat.with_log(log());
            }
            let identity = seat.identity();
            BotSeat {
                seat: Box::new(seat),
                identity: Some(identity),
            }
        }
    }))
}

/// Seats an agent at a match. Each decision draws from its own stream of the seat's agent
/// seed, numbered by the events before it ([`AgentStreams`]): the one random policy of every
/// agent, so a bot plays the same move at the same position of the same game whichever front
/// end asks it, and after an undo or a resume.
///
/// The agent is usually a `Box<dyn Agent<G>>` built from a spec; a concrete agent type `A`
/// saves one indirect call per decision where the agent is known in advance.
pub struct AgentSeat<G: Game, A: Agent<G> + ?Sized = dyn Agent<G>> {
    agent: Box<A>,
    streams: AgentStreams,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, A: Agent<G> + ?Sized> AgentSeat<G, A> {
    pub fn new(agent: Box<A>) -> Self {
        Self {
            agent,
            streams: AgentStreams::new(0, 0),
            game: PhantomData,
        }
    }
}

impl<G: Game, A: Agent<G> + ?Sized> fmt::Debug for AgentSeat<G, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AgentSeat").finish_non_exhaustive()
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Seat<G> for AgentSeat<G, A> {
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        self.streams = AgentStreams::of_agent_seed(agent_seed);
        self.agent.new_game(seat, config, agent_seed);
    }

    #[inline]
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        Ok(self
            .agent
            .act(view, &mut self.streams.decision(view.events())))
    }

    fn wants_views(&self) -> bool {
        self.agent.wants_views()
    }

    /// Agents decide from the views, never from their notes (text for people).
    fn wants_notes(&self) -> bool {
        false
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        self.agent.game_over(ending.outcome, ending.seen());
    }
}

/// Plays one match between agents built from `specs` (one per seat) with `seed`.
///
/// # Panics
/// If `specs` does not hold one entry per player.
pub fn play_agents<G: BotGame>(
    config: &G::Config,
    specs: &[AgentSpec],
    seed: u64,
) -> (Match<G>, MatchEnd) {
    let mut seats: Vec<AgentSeat<G>> = specs
        .iter()
        .map(|spec| AgentSeat::new(build_agent::<G>(spec)))
        .collect();
    let mut game = Match::new(config, seed);
    let end = game.run(&mut seats);
    (game, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_person_is_found_by_reading_labels_not_their_first_letters() {
        let labels = |list: &[&str]| list.iter().map(|l| (*l).to_owned()).collect::<Vec<_>>();
        // A label that starts like a person's but is none (a recorded program's name, a
        // label from elsewhere) is nobody's.
        assert_eq!(
            SeatLabel::first_person(&labels(&["humane-bot", "hard", "human:ann"])),
            Some(2)
        );
        assert_eq!(
            SeatLabel::first_person(&labels(&["human", "human:bob"])),
            Some(0)
        );
        assert_eq!(
            SeatLabel::first_person(&labels(&["remote:ann", "hard"])),
            None
        );
    }

    #[test]
    fn spec_lists_keep_settings_with_their_agent() {
        assert_eq!(
            split_spec_list("ismcts:iterations=2000,c=1.4, random,mc:playouts=5"),
            vec!["ismcts:iterations=2000,c=1.4", "random", "mc:playouts=5"]
        );
        assert_eq!(split_spec_list("random"), vec!["random"]);
        // A key=value after a command is the next entry, not more of the command.
        assert_eq!(
            split_spec_list("exec:bot --level=2,hard"),
            vec!["exec:bot --level=2", "hard"]
        );
    }

    #[test]
    fn labels_read_back_as_they_print() {
        for text in [
            "human",
            "human:alice",
            "remote",
            "remote:bob",
            "random",
            "ismcts:c=1.5,iterations=20",
            "exec:python3 'my bot.py' --pair a,b",
        ] {
            let label: SeatLabel = text.parse().unwrap();
            assert_eq!(label.to_string(), text);
            assert_eq!(label.to_string().parse::<SeatLabel>().unwrap(), label);
        }
        let label: SeatLabel = "ismcts:iterations=20,c=1.5".parse().unwrap();
        assert_eq!(label.to_string(), "ismcts:c=1.5,iterations=20");
        assert!(matches!(
            "human: bob ".parse(),
            Ok(SeatLabel::Human(Some(name))) if name == "bob"
        ));
        // `humane` is not a person's label but an unknown agent.
        assert!(matches!(
            "humane".parse::<SeatLabel>(),
            Err(SeatLabelError::Agent { .. })
        ));
    }

    #[test]
    fn seat_lists_split_and_keep_commands() {
        let labels = SeatLabel::parse_list("random, human:alice ,human").unwrap();
        assert_eq!(labels.len(), 3);
        assert_eq!(labels[1], SeatLabel::Human(Some("alice".into())));
        let labels = SeatLabel::parse_list("ismcts:iterations=20,c=1.5,random").unwrap();
        assert_eq!(labels.len(), 2);
        let labels = SeatLabel::parse_list("exec:python3 bot.py --level 2, random").unwrap();
        let SeatLabel::Program(command) = &labels[0] else {
            panic!("a program's seat")
        };
        assert_eq!(command.words(), ["python3", "bot.py", "--level", "2"]);
    }

    #[test]
    fn bad_labels_say_what_is_allowed() {
        let message = |text: &str| SeatLabel::parse_list(text).unwrap_err().to_string();
        assert!(message("random,,random").contains("an empty seat"));
        assert!(message("robot").contains("the agents are: random"));
        assert!(message("human:").contains("give a name"));
        assert!(message("remote: ").contains("after `remote:`"));
        assert!(message("remote:a\u{7}").contains("control characters"));
        let err = message("human:a\u{1b}[31m");
        assert!(err.contains("control characters"), "{err}");
        assert!(!err.contains('\u{1b}'), "{err}");
        assert!(message("exec:").contains("needs a command"));
        let error = SeatLabel::parse_list("exec:python3 bot.py --pair a,b,random").unwrap_err();
        assert!(error.after_command);
        assert_eq!(error.index, 1);
        assert!(error.to_string().contains("seat 'b' is neither"), "{error}");
        let long = "x".repeat(10_000);
        assert!(message(&long).len() < 400);
    }
}
