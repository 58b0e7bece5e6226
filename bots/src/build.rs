//! The agent factory: an agent spec turned into the agent it names, for one game.

use crate::agent::Agent;
use crate::flat::FlatMonteCarlo;
use crate::game::BotGame;
use crate::heuristic::{HeuristicAgent, HeuristicRollout};
use crate::ismcts::Ismcts;
use crate::random::RandomAgent;
use crate::search::RandomRollout;
use crate::spec::{AgentSpec, Rollout, Settings};

/// Builds the agent a spec names, for game `G`, from the settings validated when the spec was
/// parsed.
pub fn build_agent<G: BotGame>(spec: &AgentSpec) -> Box<dyn Agent<G>> {
    match spec.settings() {
        Settings::Random => Box::new(RandomAgent),
        Settings::Heuristic { mistakes } => Box::new(HeuristicAgent::new(mistakes)),
        Settings::MonteCarlo {
            settings,
            rollout: Rollout::Heuristic { depth },
        } => Box::new(FlatMonteCarlo::<G, _>::new(
            settings,
            heuristic_rollout(depth),
        )),
        Settings::Ismcts {
            settings,
            rollout: Rollout::Heuristic { depth },
        } => Box::new(Ismcts::<G, _>::new(settings, heuristic_rollout(depth))),
        Settings::MonteCarlo {
            settings,
            rollout: Rollout::Random,
        } => Box::new(FlatMonteCarlo::<G, _>::new(settings, RandomRollout)),
        Settings::Ismcts {
            settings,
            rollout: Rollout::Random,
        } => Box::new(Ismcts::<G, _>::new(settings, RandomRollout)),
        Settings::Level { level, goal } => build_agent::<G>(&G::level(level).spec_for(goal)),
    }
}

/// Heuristic playouts, cut short after `depth` decisions if given.
fn heuristic_rollout(depth: Option<u32>) -> HeuristicRollout {
    depth.map_or(HeuristicRollout::TO_THE_END, HeuristicRollout::cut)
}
