//! The entries of a tournament's agent list: built-in agents (`random`, `hard`,
//! `ismcts:iterations=2000`, …) and external programs (`exec:COMMAND`), parsed and checked
//! without starting anything, and how external programs are run (deadlines, fallback, log).

use std::fmt;
use std::sync::Arc;

use mousehole_bots::external::EXEC_PREFIX;
use mousehole_bots::{AgentSpec, ExternalCommand, ExternalSettings, FallbackSpec, LogEntry};

use crate::error::TournamentError;

/// One entry of the agent list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A built-in agent.
    Agent(AgentSpec),
    /// A program speaking `mousehole-agent/1`: one process per worker thread, kept across
    /// that worker's games.
    External(ExternalCommand),
}

impl Entry {
    pub fn is_external(&self) -> bool {
        matches!(self, Entry::External(_))
    }

    /// The built-in agent, if it is one.
    pub fn agent(&self) -> Option<&AgentSpec> {
        match self {
            Entry::Agent(spec) => Some(spec),
            Entry::External(_) => None,
        }
    }
}

impl From<AgentSpec> for Entry {
    fn from(spec: AgentSpec) -> Self {
        Entry::Agent(spec)
    }
}

impl fmt::Display for Entry {
    /// The entry's seat label: the agent spec (canonical) or `exec:COMMAND`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Agent(spec) => spec.fmt(f),
            Entry::External(command) => command.fmt(f),
        }
    }
}

/// Where external programs' log lines go (faults, what they wrote on stderr, how they
/// ended), with the worker thread that ran the program.
#[derive(Clone)]
pub struct ExternalLog(pub Arc<ExternalLogFn>);

/// What an [`ExternalLog`] calls: the worker's number and the line.
pub type ExternalLogFn = dyn Fn(usize, &LogEntry) + Send + Sync;

impl fmt::Debug for ExternalLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ExternalLog")
    }
}

/// How the external entries are run: the same settings as `mousehole play`'s `exec:` seats.
#[derive(Clone, Debug, Default)]
pub struct ExternalOptions {
    /// Each act's deadline and the grace allowed past it.
    pub settings: ExternalSettings,
    /// Who decides when a program faults.
    pub fallback: FallbackSpec,
    /// Where the programs' log lines go; `None` drops them (every fault is still counted in
    /// the report and recorded on the transcript).
    pub log: Option<ExternalLog>,
}

/// Parses one entry of a tournament's list: an agent spec or `exec:COMMAND`. Nothing is
/// started: whether the program runs is checked when the tournament starts
/// ([`crate::Plan::check_programs`]).
///
/// # Errors
/// An empty entry, a person (`human`), a command that does not split into words, or a spec
/// that names no agent.
pub fn parse_agent(entry: &str) -> Result<Entry, TournamentError> {
    let entry = entry.trim();
    if entry.is_empty() {
        return Err(TournamentError::EmptyAgent);
    }
    if entry == "human" || entry.starts_with("human:") {
        return Err(TournamentError::Human {
            entry: mousehole_engine::text::shown(entry),
        });
    }
    if let Some(command) = entry.strip_prefix(EXEC_PREFIX) {
        return ExternalCommand::parse(command)
            .map(Entry::External)
            .map_err(TournamentError::Command);
    }
    entry
        .parse()
        .map(Entry::Agent)
        .map_err(|problem| TournamentError::Agent {
            entry: mousehole_engine::text::shown(entry),
            problem,
        })
}

/// Parses a comma-separated agent list ([`mousehole_bots::split_spec_list`], then
/// [`parse_agent`] each).
///
/// # Errors
/// As [`parse_agent`], for the first bad entry.
pub fn parse_agent_list(text: &str) -> Result<Vec<Entry>, TournamentError> {
    mousehole_bots::split_spec_list(text)
        .iter()
        .map(|entry| parse_agent(entry))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_entries_parsed_without_starting_them() {
        let entries =
            parse_agent_list("exec:no-such-program-anywhere --fast, hard, ismcts:iterations=5")
                .unwrap();
        assert_eq!(entries.len(), 3);
        assert!(entries[0].is_external());
        assert_eq!(
            entries[0].to_string(),
            "exec:no-such-program-anywhere --fast"
        );
        assert_eq!(entries[1].to_string(), "hard");
        assert_eq!(
            entries[2].agent().map(ToString::to_string).as_deref(),
            Some("ismcts:iterations=5")
        );
        let err = parse_agent("exec:").unwrap_err().to_string();
        assert!(err.contains("needs a command"), "{err}");
        let err = parse_agent("exec:bot 'open").unwrap_err().to_string();
        assert!(err.contains("close every quote"), "{err}");
    }
}
