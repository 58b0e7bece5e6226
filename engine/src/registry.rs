//! The game registry: every game by name, and game specs such as
//! `cheese-day:players=3,traps=1/2/3/3/4/5` turned into configured games.
//!
//! To add a game, list it once in [`for_each_game!`].

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::erased::{DynGame, Erased};
use crate::error::SpecError;
use crate::game::Game;
use crate::options::{GameInfo, Options};

/// Calls `$body!(Type)` for every registered game, in listing order.
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback!(crate::games::cheese_day::CheeseDay);
        $callback!(crate::games::moose_house::MooseHouse);
        $callback!(crate::games::mouse_trap::MouseTrap);
        $callback!(crate::games::mouse_race::MouseRace);
    };
}

/// Code that works with any game, called with the concrete type: lets generic, monomorphised
/// code (match runner, bots, benchmarks) serve a game named at run time.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, config: G::Config) -> Self::Output;
}

/// Every registered game.
pub fn games() -> Vec<&'static GameInfo> {
    let mut list = Vec::new();
    macro_rules! push {
        ($game:ty) => {
            list.push(<$game as Game>::info());
        };
    }
    for_each_game!(push);
    list
}

/// The game called `name`.
///
/// # Errors
/// [`SpecError::UnknownGame`] listing the games there are.
pub fn find(name: &str) -> Result<&'static GameInfo, SpecError> {
    games()
        .into_iter()
        .find(|info| info.name == name)
        .ok_or_else(|| SpecError::UnknownGame {
            name: name.to_owned(),
            known: games().iter().map(|info| info.name).collect(),
        })
}

/// A game name with option settings, not yet validated against the game's rules.
#[derive(Clone, Debug)]
pub struct GameSpec {
    options: Options,
}

impl GameSpec {
    /// The game with all options at their defaults.
    pub fn new(info: &'static GameInfo) -> Self {
        Self {
            options: Options::new(info),
        }
    }

    /// A spec from a game name and the options map a transcript stores.
    pub fn from_map(name: &str, options: &BTreeMap<String, String>) -> Result<Self, SpecError> {
        let info = find(name)?;
        Ok(Self {
            options: Options::from_map(info, options),
        })
    }

    pub fn info(&self) -> &'static GameInfo {
        self.options.info()
    }

    /// Sets one option, replacing a value given in the spec string.
    pub fn set(&mut self, key: &str, value: &str) {
        self.options.set(key, value);
    }

    /// Validates the options and calls `visitor` with the game's type and configuration.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> Result<V::Output, SpecError> {
        let name = self.info().name;
        macro_rules! try_game {
            ($game:ty) => {
                if <$game as Game>::info().name == name {
                    let config = self
                        .options
                        .clone()
                        .into_config::<<$game as Game>::Config>()?;
                    return Ok(visitor.visit::<$game>(config));
                }
            };
        }
        for_each_game!(try_game);
        Err(SpecError::UnknownGame {
            name: name.to_owned(),
            known: games().iter().map(|info| info.name).collect(),
        })
    }

    /// Validates the options and builds the game behind the object-safe layer.
    pub fn build(&self) -> Result<Box<dyn DynGame>, SpecError> {
        struct Build;
        impl GameVisitor for Build {
            type Output = Box<dyn DynGame>;
            fn visit<G: Game>(self, config: G::Config) -> Box<dyn DynGame> {
                Box::new(Erased::<G>::new(config))
            }
        }
        self.visit(Build)
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// `name` or `name:key=value,key=value`.
    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let info = find(name.trim())?;
        let options = Options::parse(info, options)?;
        Ok(Self { options })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().name)
    }
}

/// Parses and builds a game from a spec string in one step.
pub fn build(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    spec.parse::<GameSpec>()?.build()
}
