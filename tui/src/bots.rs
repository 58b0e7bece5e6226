//! Who can sit at a seat: a person, a bot, or a program speaking the external-agent protocol
//! (`exec:COMMAND`). The setup screen offers every built-in agent at its default settings
//! ([`mousehole_bots::AGENTS`], the calibrated levels `easy`, `medium` and `hard` among them);
//! its custom field and the command line take any agent spec or `exec:` command.

use std::fmt;

use mousehole_bots::external::EXEC_PREFIX;
use mousehole_bots::{AGENTS, AgentSpec, ExternalCommand};

/// The bot a new seat gets on the setup screen: an entry of [`bot_choices`].
pub const DEFAULT_BOT: &str = "medium";

/// The agent behind hints: the strongest level, searching the person's own view.
pub const HINT_SPEC: &str = "hard";

/// Who plays one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// A person at this terminal, with an optional name (`human:NAME`).
    Human(Option<String>),
    /// A bot.
    Bot(AgentSpec),
    /// A program speaking the external-agent protocol (PROTOCOL.md).
    Program(ExternalCommand),
}

impl SeatPlan {
    pub fn is_human(&self) -> bool {
        matches!(self, SeatPlan::Human(_))
    }

    /// Reads a seat label as transcripts record it: `human`, `human:NAME`, an agent spec or
    /// `exec:COMMAND`.
    ///
    /// # Errors
    /// A label that is none of these (another front end's seat kind, a bad spec or command),
    /// with the reason.
    pub fn from_label(label: &str) -> Result<SeatPlan, String> {
        if label == "human" {
            return Ok(SeatPlan::Human(None));
        }
        if let Some(name) = label.strip_prefix("human:") {
            return Ok(SeatPlan::Human(Some(name.to_owned())));
        }
        SeatPlan::machine(label)
    }

    /// An agent spec or an `exec:COMMAND` (the setup screen's custom seat).
    ///
    /// # Errors
    /// A bad spec or command, with the reason.
    pub fn machine(text: &str) -> Result<SeatPlan, String> {
        if let Some(command) = text.strip_prefix(EXEC_PREFIX) {
            return ExternalCommand::parse(command)
                .map(SeatPlan::Program)
                .map_err(|e| e.to_string());
        }
        text.parse().map(SeatPlan::Bot).map_err(|e| format!("{e}"))
    }
}

impl fmt::Display for SeatPlan {
    /// The transcript's seat label.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatPlan::Human(None) => f.write_str("human"),
            SeatPlan::Human(Some(name)) => write!(f, "human:{name}"),
            SeatPlan::Bot(spec) => spec.fmt(f),
            SeatPlan::Program(command) => command.fmt(f),
        }
    }
}

/// Parses a comma-separated seat list (`human,ismcts:iterations=2000,c=1.4,random`): an item
/// of the form `key=value` continues the previous agent's settings, as on the command line.
///
/// # Errors
/// An empty seat or a label that is neither a person nor an agent spec.
pub fn parse_seats(text: &str) -> Result<Vec<SeatPlan>, crate::TuiError> {
    mousehole_bots::split_spec_list(text)
        .iter()
        .map(|entry| {
            if entry.is_empty() {
                return Err(crate::TuiError::Seats {
                    reason:
                        "an empty seat in the seat list: give `human` or an agent spec per seat"
                            .to_owned(),
                });
            }
            SeatPlan::from_label(entry).map_err(|e| crate::TuiError::Seats {
                reason: format!(
                    "seat '{}' is neither `human[:name]` nor an agent: {e}",
                    mousehole_engine::text::shown(entry)
                ),
            })
        })
        .collect()
}

/// One entry of the setup screen's seat choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotChoice {
    pub label: String,
    pub spec: AgentSpec,
}

/// Every bot the setup screen offers: the built-in agents at their defaults.
///
/// # Panics
/// If an agent's name does not parse as a spec (a bug, caught by the tests).
pub fn bot_choices() -> Vec<BotChoice> {
    AGENTS
        .iter()
        .map(|agent| BotChoice {
            label: format!("{}: {}", agent.name, agent.help),
            spec: agent.name.parse().expect("an agent's name is a spec"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_bot_parses_and_the_defaults_are_offered() {
        let choices = bot_choices();
        assert_eq!(choices.len(), AGENTS.len());
        let default: AgentSpec = DEFAULT_BOT.parse().unwrap();
        assert!(choices.iter().any(|c| c.spec == default));
        HINT_SPEC.parse::<AgentSpec>().unwrap();
    }

    #[test]
    fn seat_labels_read_back() {
        assert_eq!(
            SeatPlan::from_label("human").unwrap(),
            SeatPlan::Human(None)
        );
        let alice = SeatPlan::from_label("human:alice").unwrap();
        assert_eq!(alice.to_string(), "human:alice");
        let bot = SeatPlan::from_label("ismcts:iterations=20").unwrap();
        assert_eq!(bot.to_string(), "ismcts:iterations=20");
        let program = SeatPlan::from_label("exec:python3 'my bot.py'").unwrap();
        assert_eq!(program.to_string(), "exec:python3 'my bot.py'");
        assert!(matches!(program, SeatPlan::Program(_)));
        assert!(
            SeatPlan::from_label("exec:")
                .unwrap_err()
                .contains("needs a command")
        );
        assert!(
            SeatPlan::from_label("robot")
                .unwrap_err()
                .contains("unknown agent")
        );
    }
}
