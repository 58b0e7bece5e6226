//! Who decides for an external program's seat when the program faults: a built-in agent, or
//! nobody (the seat forfeits).

use std::fmt;
use std::str::FromStr;

use mousehole_engine::rng::AgentStreams;
use mousehole_engine::text::shown;
use mousehole_engine::{Decision, DecisionView, Fault, Game};
use thiserror::Error;

use crate::agent::Agent;
use crate::build::build_agent;
use crate::game::BotGame;
use crate::random::RandomAgent;
use crate::spec::{AgentSpec, AgentSpecError};

/// Who decides when the program faults.
pub enum Fallback<G: Game> {
    /// A built-in agent, drawing from the seat's fallback stream
    /// ([`AgentStreams::fallback`](mousehole_engine::rng::AgentStreams::fallback)), never from
    /// the match's chance stream.
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

    /// Decides for a seat whose player faulted (a program, a dropped connection): the agent's
    /// choice, drawn from the seat's fallback stream at this decision and recorded with
    /// `fault`; `None` for `forfeit`.
    pub fn choose(
        &mut self,
        view: &DecisionView<'_, G>,
        streams: AgentStreams,
        fault: Fault,
    ) -> Option<Decision<G::Action>> {
        match self {
            Fallback::Forfeit => None,
            Fallback::Agent { agent, .. } => {
                let decision = agent.act(view, &mut streams.fallback(view.events()));
                Some(Decision {
                    action: decision.action,
                    info: decision.info,
                    fault: Some(Box::new(fault)),
                })
            }
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
        FallbackSpec::Agent(
            "random"
                .parse()
                .expect("the random agent takes no settings"),
        )
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
    pub fn build<G: BotGame>(&self) -> Fallback<G> {
        match self {
            FallbackSpec::Forfeit => Fallback::Forfeit,
            FallbackSpec::Agent(spec) => Fallback::Agent {
                name: spec.to_string(),
                agent: build_agent::<G>(spec),
            },
        }
    }
}
