//! Agents for the mousehole games: the [`Agent`] trait, the bots, agent specs such as
//! `random` parsed into agents for any game, and the external agent ([`external`]), which
//! seats any program that speaks the `mousehole-agent/2` protocol.
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
//! let (game, end) = play_agents::<CheeseDay>(&config, &specs, 7);
//! assert!(matches!(end, mousehole_engine::MatchEnd::Finished(_)));
//! assert!(game.state().outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agent;
pub mod analysis;
pub mod bench;
mod build;
pub mod external;
pub mod flat;
mod game;
pub mod heuristic;
pub mod inference;
pub mod ismcts;
pub mod levels;
mod random;
pub mod search;
mod seat;
mod spec;

pub use agent::Agent;
pub use build::build_agent;
pub use external::{
    ExternalCommand, ExternalSeat, ExternalSettings, Fallback, FallbackSpec, LogEntry, LogEvent,
};
pub use game::{BotGame, BotVisitor, visit};
pub use heuristic::{Heuristic, HeuristicAgent, HeuristicRollout};
pub use inference::Inference;
pub use levels::{GameLevels, LevelSettings, Levels, level_of, level_table};
pub use mousehole_engine::DecisionView;
pub use random::RandomAgent;
pub use seat::{
    AgentSeat, BotSeat, LogMaker, ProgramOptions, SeatError, SeatLabel, SeatLabelError,
    SeatListError, TranscriptProblem, build_seat, check_transcript, play_agents, recorded_names,
    seat_names, split_spec_list,
};
pub use spec::{
    AGENTS, AgentDescription, AgentKind, AgentSpec, AgentSpecError, Level, Rollout,
    SettingDescription, Settings,
};
