//! Who can sit at a seat: a person, a bot, or a program speaking the external-agent protocol
//! (`exec:COMMAND`). The setup screen offers every built-in agent at its default settings
//! ([`mousehole_bots::AGENTS`], the calibrated levels `easy`, `medium`, `hard` and `expert` among them);
//! its custom field and the command line take any agent spec or `exec:` command.

use mousehole_bots::{AGENTS, AgentSpec, SeatLabel};

/// The bot a new seat gets on the setup screen: an entry of [`bot_choices`].
pub const DEFAULT_BOT: &str = "medium";

/// The agent behind hints: a searching level quick enough to answer at once, searching the
/// person's own view.
pub const HINT_SPEC: &str = "hard";

/// Parses a comma-separated seat list (`human,ismcts:iterations=2000,c=1.4,random`): an item
/// of the form `key=value` continues the previous agent's settings, as on the command line.
///
/// # Errors
/// An entry that is not a seat label, with the reason.
pub fn parse_seats(text: &str) -> Result<Vec<SeatLabel>, crate::TuiError> {
    SeatLabel::parse_list(text).map_err(|error| crate::TuiError::Seats {
        reason: error.to_string(),
    })
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
}
