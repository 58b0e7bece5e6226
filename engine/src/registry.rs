//! The game registry: every game by name, and game specs such as
//! `cheese-day:players=3,traps=1/2/3/3/4/5` turned into configured games.
//!
//! The list of games is written once, in [`for_each_game!`](crate::for_each_game). Every crate that has per-game
//! code dispatches through it with its own bounds ([`visit_game!`](crate::visit_game) with a visitor trait whose
//! `visit` requires, say, `G: Game + HeuristicBot`), so a new game does not compile until
//! each of them handles it, and nobody downcasts.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::erased::{DynGame, Erased};
use crate::error::{OptionError, SpecError};
use crate::game::Game;
use crate::options::{GameConfig, GameDescription, Options};
// A spec string is made from a configuration beneath the registry, where the erased games
// (which the registry lists) make theirs; it is named here too, where specs are read.
pub use crate::options::canonical_spec;

/// Calls `$callback!(module, Type)` for every registered game, in listing order: the one
/// list of games. `module` is the game's module name under `games` (an identifier, handy for
/// naming generated tests), `Type` its state type's full path.
///
/// ```
/// let mut names = Vec::new();
/// macro_rules! name {
///     ($module:ident, $game:ty) => {
///         names.push(<<$game as mousehole_engine::Game>::Config as mousehole_engine::GameConfig>::description().name);
///     };
/// }
/// mousehole_engine::for_each_game!(name);
/// assert_eq!(names, ["cheese-day", "moose-house", "mouse-trap", "mouse-race"]);
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback!(cheese_day, $crate::games::cheese_day::CheeseDay);
        $callback!(moose_house, $crate::games::moose_house::MooseHouse);
        $callback!(mouse_trap, $crate::games::mouse_trap::MouseTrap);
        $callback!(mouse_race, $crate::games::mouse_race::MouseRace);
    };
}

/// Validates `$spec` (a `&GameSpec`) and calls `$visitor.visit::<G>(config)` with the game's
/// concrete type: `Result<Output, SpecError>`. The visitor's trait is the caller's own, so it
/// may require more of `G` than [`Game`]; every registered game must meet its bounds for the
/// call to compile.
///
/// ```
/// use mousehole_engine::{Game, GameConfig, GameSpec};
///
/// trait Visitor {
///     fn visit<G: Game>(self, config: G::Config) -> usize;
/// }
/// struct Players;
/// impl Visitor for Players {
///     fn visit<G: Game>(self, config: G::Config) -> usize {
///         config.players()
///     }
/// }
/// let spec: GameSpec = "mouse-trap:players=4".parse()?;
/// assert_eq!(mousehole_engine::visit_game!(&spec, Players)?, 4);
/// # Ok::<(), mousehole_engine::SpecError>(())
/// ```
#[macro_export]
macro_rules! visit_game {
    ($spec:expr, $visitor:expr) => {{
        let spec: &$crate::GameSpec = $spec;
        let visitor = $visitor;
        let name = spec.description().name;
        let mut visitor = Some(visitor);
        let mut result = None;
        macro_rules! __mousehole_try_game {
            ($module:ident, $game:ty) => {
                if result.is_none()
                    && <<$game as $crate::Game>::Config as $crate::GameConfig>::description().name
                        == name
                {
                    result = Some(spec.config::<$game>().map(|config| {
                        visitor
                            .take()
                            .expect("one game matches")
                            .visit::<$game>(config)
                    }));
                }
            };
        }
        $crate::for_each_game!(__mousehole_try_game);
        result.unwrap_or_else(|| Err($crate::registry::unknown_game(name)))
    }};
}

/// Code that works with any game, called with the concrete type: lets generic, monomorphised
/// code (match runner, replay, benchmarks) serve a game named at run time. Crates that need
/// more of the game than [`Game`] define their own visitor trait and call [`visit_game!`](crate::visit_game).
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, config: G::Config) -> Self::Output;
}

/// Every registered game.
pub fn games() -> Vec<&'static GameDescription> {
    let mut list = Vec::new();
    macro_rules! push {
        ($module:ident, $game:ty) => {
            list.push(<<$game as $crate::Game>::Config as $crate::GameConfig>::description());
        };
    }
    for_each_game!(push);
    list
}

/// The error for a game name that is not registered, listing the games there are.
pub fn unknown_game(name: &str) -> SpecError {
    SpecError::UnknownGame {
        name: name.to_owned(),
        known: games().iter().map(|description| description.name).collect(),
    }
}

/// The game called `name`.
///
/// # Errors
/// [`SpecError::UnknownGame`] listing the games there are.
pub fn find(name: &str) -> Result<&'static GameDescription, SpecError> {
    games()
        .into_iter()
        .find(|description| description.name == name)
        .ok_or_else(|| unknown_game(name))
}

/// A game name with option settings, not yet validated against the game's rules.
#[derive(Clone, Debug)]
pub struct GameSpec {
    options: Options,
}

impl GameSpec {
    /// The game with all options at their defaults.
    pub fn new(description: &'static GameDescription) -> Self {
        Self {
            options: Options::new(description),
        }
    }

    /// A spec from a game name and the options map a transcript stores: every option must be
    /// listed.
    ///
    /// # Errors
    /// An unknown game or a missing option.
    pub fn from_recorded(
        name: &str,
        options: &BTreeMap<String, String>,
    ) -> Result<Self, SpecError> {
        let description = find(name)?;
        Ok(Self {
            options: Options::from_recorded(description, options)?,
        })
    }

    pub fn description(&self) -> &'static GameDescription {
        self.options.description()
    }

    /// The options as given so far.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Adds one option setting (a command-line flag beside a spec string).
    ///
    /// # Errors
    /// [`OptionError::Duplicate`] if the spec already sets it.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.options.insert(key, value)
    }

    /// Validates the options into game `G`'s configuration.
    ///
    /// # Errors
    /// If the spec names another game, or an option is bad.
    pub fn config<G: Game>(&self) -> Result<G::Config, SpecError> {
        let expected = G::Config::description().name;
        if self.description().name != expected {
            return Err(SpecError::WrongGame {
                given: self.description().name.to_owned(),
                given_game: self.description().name,
                expected,
            });
        }
        Ok(self.options.clone().into_config::<G::Config>()?)
    }

    /// Validates the options and calls `visitor` with the game's type and configuration.
    ///
    /// # Errors
    /// A bad option.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> Result<V::Output, SpecError> {
        crate::visit_game!(self, visitor)
    }

    /// Validates the options and builds the game behind the object-safe layer.
    ///
    /// # Errors
    /// A bad option.
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

    /// The canonical spec string, every option listed
    /// (`cheese-day:players=3,traps=1/2/3/3/4/5`).
    ///
    /// # Errors
    /// A bad option.
    pub fn canonical(&self) -> Result<String, SpecError> {
        Ok(self.build()?.spec())
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// `name` or `name:key=value,key=value`.
    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let description = find(name.trim())?;
        let options = Options::parse(description, options)?;
        Ok(Self { options })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description().name)
    }
}

/// Parses and builds a game from a spec string in one step.
///
/// # Errors
/// An unknown game or a bad option.
pub fn build(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    spec.parse::<GameSpec>()?.build()
}
