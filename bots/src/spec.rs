//! Agent specs: `random`, `kind:key=value,…` text naming a bot and its settings, as used on the
//! command line and recorded in transcripts.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use mousehole_engine::Game;
use thiserror::Error;

use crate::agent::Agent;
use crate::random::RandomAgent;

/// A built-in bot kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    Random,
}

/// Every built-in agent: name, settings it takes, and what it does.
pub const AGENTS: &[(&str, AgentKind, &str)] = &[(
    "random",
    AgentKind::Random,
    "a uniformly random legal action (no settings)",
)];

/// A parsed agent spec: the kind and its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    pub kind: AgentKind,
    pub settings: BTreeMap<String, String>,
}

/// A spec that names no agent or sets something the agent does not take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AgentSpecError {
    #[error("unknown agent '{name}'; the agents are: {}", known())]
    Unknown { name: String },
    #[error("agent '{agent}' has no setting '{key}'")]
    UnknownSetting { agent: &'static str, key: String },
    #[error("'{item}' in agent spec '{spec}' is not a setting; write key=value")]
    Malformed { spec: String, item: String },
}

fn known() -> String {
    AGENTS
        .iter()
        .map(|(name, _, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl AgentSpec {
    fn name(&self) -> &'static str {
        AGENTS
            .iter()
            .find(|(_, kind, _)| *kind == self.kind)
            .map_or("?", |(name, _, _)| name)
    }
}

impl FromStr for AgentSpec {
    type Err = AgentSpecError;

    fn from_str(text: &str) -> Result<Self, AgentSpecError> {
        let (name, rest) = text.trim().split_once(':').unwrap_or((text.trim(), ""));
        let kind = AGENTS
            .iter()
            .find(|(known, _, _)| *known == name)
            .map(|(_, kind, _)| *kind)
            .ok_or_else(|| AgentSpecError::Unknown {
                name: name.to_owned(),
            })?;
        let mut settings = BTreeMap::new();
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| AgentSpecError::Malformed {
                    spec: text.to_owned(),
                    item: item.to_owned(),
                })?;
            settings.insert(key.trim().to_owned(), value.trim().to_owned());
        }
        Ok(Self { kind, settings })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        for (i, (key, value)) in self.settings.iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// Builds the agent a spec names, for game `G`.
///
/// # Errors
/// A setting the agent does not take.
pub fn build_agent<G: Game>(spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, AgentSpecError> {
    match spec.kind {
        AgentKind::Random => {
            if let Some(key) = spec.settings.keys().next() {
                return Err(AgentSpecError::UnknownSetting {
                    agent: "random",
                    key: key.clone(),
                });
            }
            Ok(Box::new(RandomAgent))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        let spec: AgentSpec = "random".parse().unwrap();
        assert_eq!(spec.kind, AgentKind::Random);
        assert_eq!(spec.to_string(), "random");
    }

    #[test]
    fn bad_specs_name_the_problem() {
        let err = "smart".parse::<AgentSpec>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown agent 'smart'; the agents are: random"
        );
        let err = "random:depth".parse::<AgentSpec>().unwrap_err();
        assert!(err.to_string().contains("write key=value"));
        let spec: AgentSpec = "random:depth=3".parse().unwrap();
        let err = build_agent::<mousehole_engine::games::cheese_day::CheeseDay>(&spec)
            .err()
            .unwrap();
        assert_eq!(err.to_string(), "agent 'random' has no setting 'depth'");
    }
}
