//! The object-safe layer: any game handled through text and JSON, for front ends and tools
//! that choose the game at run time (replay, the TUI, external agents).

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use crate::error::{ActionError, BrokenInvariant, ParseActionError};
use crate::game::{Game, ToMove};
use crate::options::{GameConfig, GameDescription};
use crate::outcome::Outcome;
use crate::rng::GameRng;

/// A configured game, chosen at run time.
pub trait DynGame: Send + Sync + fmt::Debug {
    fn description(&self) -> &'static GameDescription;
    /// Every option with its value, defaults included.
    fn options(&self) -> BTreeMap<String, String>;
    fn players(&self) -> usize;
    /// The canonical spec string (`cheese-day:players=3,traps=1/2/3/3/4/5`).
    fn spec(&self) -> String;

    /// The initial state.
    fn new_state(&self) -> Box<dyn DynState>;
    /// The JSON Schema of the game's observation: the contract external agents read.
    fn observation_schema(&self) -> serde_json::Value;
}

/// A game state, chosen at run time, with actions and observations as text and JSON.
pub trait DynState: Send + Sync + fmt::Debug {
    fn clone_box(&self) -> Box<dyn DynState>;
    fn to_move(&self) -> ToMove;
    /// Legal actions as text (chance outcomes at a chance node), in the game's order.
    fn legal_actions(&self) -> Vec<String>;
    /// Chance outcomes as text with their probabilities; empty unless at a chance node.
    fn chance_outcomes(&self) -> Vec<(String, f64)>;
    /// Parses and applies an action; on error the state is unchanged.
    fn apply_text(&mut self, action: &str) -> Result<(), ActionError>;
    /// Parses `action` and returns its canonical text form.
    fn normalize(&self, action: &str) -> Result<String, ParseActionError>;
    /// A short note on what `action` would do here, for readable full transcripts (from the
    /// true state: never for a seat still playing).
    fn describe(&self, action: &str) -> Option<String>;
    /// How one of `seat`'s legal actions reads for a person choosing it.
    fn choice_label(&self, seat: usize, action: &str) -> Option<String>;
    /// Samples a chance outcome (text) with `rng`; `None` unless at a chance node.
    fn sample_chance(&self, rng: &mut GameRng) -> Option<String>;
    fn observation_json(&self, seat: usize) -> serde_json::Value;
    fn observation_text(&self, seat: usize) -> String;
    /// The full true state as JSON.
    fn state_json(&self) -> serde_json::Value;
    fn outcome(&self) -> Option<Outcome>;
    fn check_invariants(&self) -> Result<(), BrokenInvariant>;
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Wraps a typed configuration as a [`DynGame`].
pub struct Erased<G: Game> {
    config: G::Config,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Erased<G> {
    pub fn new(config: G::Config) -> Self {
        Self {
            config,
            game: PhantomData,
        }
    }
}

impl<G: Game> fmt::Debug for Erased<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Erased")
            .field("game", &G::Config::description().name)
            .field("config", &self.config)
            .finish()
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn description(&self) -> &'static GameDescription {
        G::Config::description()
    }

    fn options(&self) -> BTreeMap<String, String> {
        self.config.to_options()
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn spec(&self) -> String {
        crate::options::canonical_spec(&self.config)
    }

    fn new_state(&self) -> Box<dyn DynState> {
        Box::new(ErasedState(G::new(&self.config)))
    }

    fn observation_schema(&self) -> serde_json::Value {
        crate::options::observation_schema::<G>()
    }
}

/// Wraps a typed state as a [`DynState`].
#[derive(Clone, Debug)]
pub struct ErasedState<G: Game>(pub G);

fn to_json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    // Serialising our own plain types to a JSON value cannot fail (no maps with non-string keys).
    serde_json::to_value(value).expect("game types serialise to JSON")
}

impl<G: Game> DynState for ErasedState<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> ToMove {
        self.0.to_move()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.0.legal_texts()
    }

    fn chance_outcomes(&self) -> Vec<(String, f64)> {
        let mut outcomes = Vec::new();
        self.0.chance_outcomes(&mut outcomes);
        let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
        outcomes
            .iter()
            .map(|(a, w)| (a.to_string(), f64::from(*w) / total))
            .collect()
    }

    fn apply_text(&mut self, action: &str) -> Result<(), ActionError> {
        let action: G::Action = action.trim().parse()?;
        self.0.apply(action)?;
        Ok(())
    }

    fn normalize(&self, action: &str) -> Result<String, ParseActionError> {
        action.trim().parse::<G::Action>().map(|a| a.to_string())
    }

    fn describe(&self, action: &str) -> Option<String> {
        let action: G::Action = action.trim().parse().ok()?;
        self.0.describe(&action)
    }

    fn choice_label(&self, seat: usize, action: &str) -> Option<String> {
        let action: G::Action = action.trim().parse().ok()?;
        Some(G::choice_label(&self.0.observation(seat), &action))
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Option<String> {
        let mut buffer = Vec::new();
        self.0
            .sample_chance(rng, &mut buffer)
            .map(|a| a.to_string())
    }

    fn observation_json(&self, seat: usize) -> serde_json::Value {
        to_json(&self.0.observation(seat))
    }

    fn observation_text(&self, seat: usize) -> String {
        self.0.observation(seat).to_string()
    }

    fn state_json(&self) -> serde_json::Value {
        to_json(&self.0)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        self.0.check_invariants()
    }
}
