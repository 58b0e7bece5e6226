//! Agents for the mousehole games: the [`Agent`] trait, the bots, agent specs such as
//! `random` parsed into agents for any game, and the external agent ([`external`]), which
//! seats any program that speaks the `mousehole-agent/1` protocol.
//!
//! An agent sees only its seat's observation and the legal actions (through a
//! [`DecisionView`]), plus a seeded RNG; it never reads the true state.
//!
//! # Examples
//!
//! ```
//! use mousehole_bots::{AgentSpec, play_agents};
//! use mousehole_engine::{Game, GameConfig};
//! use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayConfig};
//!
//! let config = CheeseDayConfig::with_players(3)?;
//! let specs: Vec<AgentSpec> = vec!["random".parse()?; 3];
//! let (game, end) = play_agents::<CheeseDay>(&config, &specs, 7)?;
//! assert!(matches!(end, mousehole_engine::MatchEnd::Finished(_)));
//! assert!(game.state().outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agent;
pub mod analysis;
pub mod bench;
pub mod external;
pub mod flat;
pub mod heuristic;
pub mod inference;
pub mod ismcts;
pub mod levels;
mod random;
pub mod search;
mod spec;

pub use agent::{Agent, AgentSeat, play_agents};
pub use external::{
    ExternalCommand, ExternalSeat, ExternalSettings, Fallback, FallbackSpec, LogEntry, LogEvent,
};
pub use heuristic::{BotGame, BotVisitor, Heuristic, HeuristicAgent, HeuristicRollout, visit};
pub use inference::Inference;
pub use levels::{GameLevels, Level, LevelSettings, Levels, level_of, level_table};
pub use mousehole_engine::DecisionView;
pub use random::RandomAgent;
pub use spec::{
    AGENTS, AgentInfo, AgentKind, AgentSpec, AgentSpecError, Rollout, SettingInfo, Settings,
    build_agent, split_spec_list,
};
