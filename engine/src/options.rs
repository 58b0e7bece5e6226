//! Game metadata and options: what a game is called, who may play it, the options it takes,
//! and the parsing of `key=value` option text into a validated configuration.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::OptionError;

/// Static description of a game, for `list`, `rules` and option errors.
#[derive(Debug)]
pub struct GameInfo {
    /// The game id used in specs and transcripts (`cheese-day`).
    pub name: &'static str,
    /// The name people know it by.
    pub title: &'static str,
    /// One line: what kind of game it is.
    pub summary: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Every option, `players` included, with its default.
    pub options: &'static [OptionInfo],
    /// A readable summary of the rules, several paragraphs.
    pub rules: &'static str,
}

impl GameInfo {
    /// The option keys, in declaration order.
    pub fn option_keys(&self) -> Vec<&'static str> {
        self.options.iter().map(|o| o.key).collect()
    }

    /// The description of one option.
    pub fn option(&self, key: &str) -> Option<&'static OptionInfo> {
        self.options.iter().find(|o| o.key == key)
    }
}

/// One option of a game.
#[derive(Debug)]
pub struct OptionInfo {
    pub key: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What values are allowed, for messages (`2…6`).
    pub allowed: &'static str,
    /// What the option does.
    pub help: &'static str,
}

/// A game's validated options. Built only through [`GameConfig::from_options`], so a value of
/// this type is always a configuration the rules accept.
pub trait GameConfig:
    Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// Takes the options this game knows out of `options`, validating each.
    /// Options not given take their defaults; [`Options::finish`] reports the unknown rest.
    fn from_options(options: &mut Options) -> Result<Self, OptionError>;

    /// Every option with the value in use, defaults included, as text.
    fn to_options(&self) -> BTreeMap<String, String>;

    /// Number of seats.
    fn players(&self) -> usize;
}

/// Option settings as given (`players=3,traps=1/2/3/3/4/5`), not yet validated.
#[derive(Clone, Debug)]
pub struct Options {
    info: &'static GameInfo,
    given: BTreeMap<String, String>,
}

impl Options {
    /// No options given: every option takes its default.
    pub fn new(info: &'static GameInfo) -> Self {
        Self {
            info,
            given: BTreeMap::new(),
        }
    }

    /// Parses comma-separated `key=value` settings.
    ///
    /// # Errors
    /// A setting without `=`, or a key given twice.
    pub fn parse(info: &'static GameInfo, text: &str) -> Result<Self, OptionError> {
        let mut options = Self::new(info);
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((key, value)) = item.split_once('=') else {
                return Err(OptionError::Malformed {
                    item: item.to_owned(),
                });
            };
            options.insert(key.trim(), value.trim())?;
        }
        Ok(options)
    }

    /// Builds options from a map, as transcripts store them.
    pub fn from_map(info: &'static GameInfo, map: &BTreeMap<String, String>) -> Self {
        Self {
            info,
            given: map.clone(),
        }
    }

    /// Adds a setting.
    ///
    /// # Errors
    /// [`OptionError::Duplicate`] if the key is already set.
    pub fn insert(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if self.given.contains_key(key) {
            return Err(OptionError::Duplicate {
                key: key.to_owned(),
            });
        }
        self.given.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    /// Sets a value, replacing any given one (a command-line flag overriding a spec string).
    pub fn set(&mut self, key: &str, value: &str) {
        self.given.insert(key.to_owned(), value.to_owned());
    }

    /// The game these options are for.
    pub fn info(&self) -> &'static GameInfo {
        self.info
    }

    /// Takes option `key`, parsing it with `parse`, or returns `default` if not given.
    /// The error names the key, the value and what the option allows.
    ///
    /// # Panics
    /// If `key` is not declared in the game's [`GameInfo::options`] (a bug in the game).
    pub fn take<T>(
        &mut self,
        key: &'static str,
        default: T,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, OptionError> {
        let declared = self
            .info
            .option(key)
            .unwrap_or_else(|| panic!("{} does not declare option {key}", self.info.name));
        match self.given.remove(key) {
            None => Ok(default),
            Some(value) => parse(&value).ok_or_else(|| OptionError::Invalid {
                game: self.info.name,
                key: declared.key,
                value,
                expected: declared.allowed.to_owned(),
            }),
        }
    }

    /// Takes an integer option that must lie in `range`.
    pub fn take_int(
        &mut self,
        key: &'static str,
        default: u32,
        range: std::ops::RangeInclusive<u32>,
    ) -> Result<u32, OptionError> {
        self.take(key, default, |text| {
            text.parse::<u32>().ok().filter(|n| range.contains(n))
        })
    }

    /// Takes the `players` option, which must lie in the game's player range.
    pub fn take_players(&mut self, default: usize) -> Result<usize, OptionError> {
        let (min, max) = (self.info.min_players, self.info.max_players);
        self.take("players", default, |text| {
            text.parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
        })
    }

    /// Ends parsing: any option left over is unknown to the game.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] naming the first unknown key and the game's options.
    pub fn finish(self) -> Result<(), OptionError> {
        match self.given.into_keys().next() {
            None => Ok(()),
            Some(key) => Err(OptionError::Unknown {
                game: self.info.name,
                key,
                allowed: self.info.option_keys(),
            }),
        }
    }

    /// Parses and validates a whole configuration.
    pub fn into_config<C: GameConfig>(mut self) -> Result<C, OptionError> {
        let config = C::from_options(&mut self)?;
        self.finish()?;
        Ok(config)
    }
}
