//! The agent factory: an agent spec turned into the agent it names, for one game.

use crate::agent::Agent;
use crate::flat::FlatMonteCarlo;
use crate::flat::Goal;
use crate::game::BotGame;
use crate::heuristic::{HeuristicAgent, HeuristicRollout};
use crate::ismcts::Ismcts;
use crate::levels::LevelAgent;
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
        // A level playing for a win plays as the level it was measured no stronger than, at
        // each table; one weighing places (hints, the coach) searches as its settings say.
        Settings::Level {
            level,
            goal: Goal::Win,
        } if G::level(level).searches() => Box::new(LevelAgent::<G>::new(level)),
        Settings::Level { level, goal } => build_agent::<G>(&G::level(level).spec_for(goal)),
    }
}

/// Heuristic playouts, cut short after `depth` decisions if given.
fn heuristic_rollout(depth: Option<u32>) -> HeuristicRollout {
    depth.map_or(HeuristicRollout::TO_THE_END, HeuristicRollout::cut)
}
