//! Game metadata and options: what a game is called, who may play it, the options it takes,
//! and the parsing of `key=value` option text into a validated configuration.
//!
//! Each option's default is written once, as text in the game's option table
//! ([`GameDescription::options`]); a configuration's defaults are that text parsed by the same code
//! that parses a value given by a player.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::OptionError;

/// The most turns a game's safeguard option (`max_turns`) may allow. Every event of a game
/// is recorded as it is played, so a game's memory grows with its length: a game of this many
/// turns is a few hundred thousand events, played in well under a second in some 50 MB, with
/// a transcript of a few MB. At the old limit (4294967295) a game whose trap never works never
/// ended, its record growing by some 200 MB a second.
pub const MAX_TURNS: u32 = 100_000;

/// Static description of a game, for `list`, `rules` and option errors.
#[derive(Debug)]
pub struct GameDescription {
    /// The game id used in specs and transcripts (`cheese-day`).
    pub name: &'static str,
    /// The name people know it by.
    pub title: &'static str,
    /// One line: what kind of game it is.
    pub summary: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Every option, `players` included, with its default.
    pub options: &'static [OptionDescription],
    /// A readable summary of the rules, several paragraphs.
    pub rules: &'static str,
    /// A few lines on the decisions a player makes and how to type them, for a person at a
    /// prompt (`help`).
    pub how_to_act: &'static str,
}

impl GameDescription {
    /// The game's name without the edition in brackets: `Cheese Day` of `Cheese Day (Alles
    /// Käse!)`.
    pub fn short_title(&self) -> &'static str {
        self.title.split(" (").next().unwrap_or(self.title)
    }

    /// The option keys, in declaration order.
    pub fn option_keys(&self) -> Vec<&'static str> {
        self.options.iter().map(|o| o.key).collect()
    }

    /// The description of one option.
    pub fn option(&self, key: &str) -> Option<&'static OptionDescription> {
        self.options.iter().find(|o| o.key == key)
    }

    /// The default player count (the `players` option's default).
    ///
    /// # Panics
    /// If the game declares no `players` option with a numeric default (a bug in the game).
    pub fn default_players(&self) -> usize {
        self.option("players")
            .and_then(|o| o.default.parse().ok())
            .unwrap_or_else(|| panic!("{} declares no numeric players default", self.name))
    }
}

/// One option of a game.
#[derive(Debug)]
pub struct OptionDescription {
    pub key: &'static str,
    /// The default value, as text: the one place the default is written.
    pub default: &'static str,
    /// What values are allowed, for messages (`a number of players from 2 to 6`).
    pub allowed: &'static str,
    /// What the option does.
    pub help: &'static str,
}

/// A game's validated options. Built only through [`GameConfig::from_options`], so a value of
/// this type is always a configuration the rules accept; deserialising one goes through the
/// same validation (see [`crate::config_serde!`]).
pub trait GameConfig:
    Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// The game these options belong to.
    fn description() -> &'static GameDescription;

    /// Takes the options this game knows out of `options`, validating each.
    /// Options not given take their defaults; [`Options::finish`] reports the unknown rest.
    fn from_options(options: &mut Options) -> Result<Self, OptionError>;

    /// Every option with the value in use, defaults included, as text.
    fn to_options(&self) -> BTreeMap<String, String>;

    /// Number of seats.
    fn players(&self) -> usize;

    /// Every option with the value in use, written `key=value,…` in key order
    /// (`players=3,traps=1/2/3/3/4/5`): the one place a configuration is written as the text
    /// a game spec takes after its name.
    fn options_text(&self) -> String {
        let options: Vec<String> = self
            .to_options()
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        options.join(",")
    }

    /// Every option at its default.
    ///
    /// # Panics
    /// If a default in the option table does not parse (a bug in the game, caught by its tests).
    fn defaults() -> Self {
        Options::new(Self::description())
            .into_config()
            .unwrap_or_else(|e| {
                panic!(
                    "{}: a default does not parse: {e}",
                    Self::description().name
                )
            })
    }

    /// The defaults with `players` seats.
    ///
    /// # Errors
    /// If `players` is outside the game's range.
    fn with_players(players: usize) -> Result<Self, OptionError> {
        let mut options = Options::new(Self::description());
        options.insert("players", &players.to_string())?;
        options.into_config()
    }

    /// The configuration written `key=value,…` (defaults for what is not given).
    ///
    /// # Errors
    /// A malformed, repeated, unknown or invalid option.
    fn parse(text: &str) -> Result<Self, OptionError> {
        Options::parse(Self::description(), text)?.into_config()
    }
}

/// Implements `Serialize`, `Deserialize` and `JsonSchema` for a [`GameConfig`] as the map of
/// its options in their text forms (`{"players": "3", "traps": "1/2/3/3/4/5"}`), the form
/// transcripts and the external-agent protocol use. Deserialising validates every value and
/// requires every option, exactly as a recorded game lists them.
#[macro_export]
macro_rules! config_serde {
    ($config:ty) => {
        impl ::serde::Serialize for $config {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                ::serde::Serialize::serialize(
                    &<$config as $crate::GameConfig>::to_options(self),
                    serializer,
                )
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $config {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let map = <::std::collections::BTreeMap<String, String> as ::serde::Deserialize>::deserialize(deserializer)?;
                $crate::Options::from_recorded(<$config as $crate::GameConfig>::description(), &map)
                    .and_then($crate::Options::into_config)
                    .map_err(::serde::de::Error::custom)
            }
        }
        impl ::schemars::JsonSchema for $config {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($config).into()
            }
            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                $crate::options::options_schema(<$config as $crate::GameConfig>::description())
            }
        }
    };
}

/// The JSON Schema of a game's options map: every option a string, described by its help,
/// what it allows and its default.
pub fn options_schema(description: &GameDescription) -> schemars::Schema {
    let mut properties = serde_json::Map::new();
    for option in description.options {
        properties.insert(
            option.key.to_owned(),
            serde_json::json!({
                "type": "string",
                "description": format!("{}; allowed: {}", option.help, option.allowed),
                "default": option.default,
            }),
        );
    }
    let schema = serde_json::json!({
        "type": "object",
        "description": format!(
            "Every option of {} with the value in use, as text (the same forms as in a game spec such as `{}:players=…`).",
            description.title, description.name
        ),
        "properties": properties,
        "required": description.option_keys(),
        "additionalProperties": false,
    });
    schemars::Schema::try_from(schema).expect("an object is a schema")
}

/// Option settings as given (`players=3,traps=1/2/3/3/4/5`), not yet validated.
#[derive(Clone, Debug)]
pub struct Options {
    description: &'static GameDescription,
    given: BTreeMap<String, String>,
}

impl Options {
    /// No options given: every option takes its default.
    pub fn new(description: &'static GameDescription) -> Self {
        Self {
            description,
            given: BTreeMap::new(),
        }
    }

    /// Parses comma-separated `key=value` settings.
    ///
    /// # Errors
    /// A setting without `=`, or a key given twice.
    pub fn parse(description: &'static GameDescription, text: &str) -> Result<Self, OptionError> {
        let mut options = Self::new(description);
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

    /// The options a recorded game (a transcript, an observation) lists: every option must
    /// be there, as a complete record has it.
    ///
    /// # Errors
    /// [`OptionError::Missing`] naming the first option not listed.
    pub fn from_recorded(
        description: &'static GameDescription,
        map: &BTreeMap<String, String>,
    ) -> Result<Self, OptionError> {
        if let Some(missing) = description
            .options
            .iter()
            .find(|o| !map.contains_key(o.key))
        {
            return Err(OptionError::Missing {
                game: description.name,
                key: missing.key,
            });
        }
        Ok(Self {
            description,
            given: map.clone(),
        })
    }

    /// Adds a setting.
    ///
    /// # Errors
    /// [`OptionError::Duplicate`] if the key is already set (even to the same value: a
    /// setting given twice is a mistake worth pointing out).
    pub fn insert(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if let Some(first) = self.given.get(key) {
            return Err(OptionError::Duplicate {
                key: key.to_owned(),
                first: first.clone(),
                second: value.to_owned(),
            });
        }
        self.given.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    /// The value given for `key`, if any.
    pub fn given(&self, key: &str) -> Option<&str> {
        self.given.get(key).map(String::as_str)
    }

    /// The game these options are for.
    pub fn description(&self) -> &'static GameDescription {
        self.description
    }

    /// Takes option `key`, parsing the given value, or the default from the option table if
    /// none was given, with `parse`. The error names the key, the value and what the option
    /// allows.
    ///
    /// # Panics
    /// If `key` is not declared in the game's [`GameDescription::options`], or its declared default
    /// does not parse (bugs in the game, caught by its tests).
    pub fn take<T>(
        &mut self,
        key: &'static str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<T, OptionError> {
        let declared = self
            .description
            .option(key)
            .unwrap_or_else(|| panic!("{} does not declare option {key}", self.description.name));
        match self.given.remove(key) {
            None => Ok(parse(declared.default).unwrap_or_else(|| {
                panic!(
                    "{}: the default '{}' of option {key} does not parse",
                    self.description.name, declared.default
                )
            })),
            Some(value) => parse(value.trim()).ok_or_else(|| OptionError::Invalid {
                game: self.description.name,
                key: declared.key,
                value,
                expected: declared.allowed.to_owned(),
            }),
        }
    }

    /// Takes an integer option that must lie in `range` (a turn limit: up to [`MAX_TURNS`]).
    pub fn take_int(
        &mut self,
        key: &'static str,
        range: std::ops::RangeInclusive<u32>,
    ) -> Result<u32, OptionError> {
        self.take(key, |text| {
            digits(text)
                .and_then(|t| t.parse::<u32>().ok())
                .filter(|n| range.contains(n))
        })
    }

    /// Takes the `players` option, which must lie in the game's player range.
    pub fn take_players(&mut self) -> Result<usize, OptionError> {
        let (min, max) = (self.description.min_players, self.description.max_players);
        self.take("players", |text| {
            digits(text)
                .and_then(|t| t.parse::<usize>().ok())
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
                game: self.description.name,
                key,
                allowed: self.description.option_keys(),
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

/// `text` if it is a plain run of ASCII digits (no sign, no spaces, no `+`), which is how
/// every numeric option is written.
pub fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

/// The JSON Schema of game `G`'s observation, as the host writes it: generated from the types
/// with their field docs as descriptions, for serialisation (so fields always written, `null`
/// included, are listed as required), with doc-comment line breaks joined into sentences and
/// every object closed (a key the schema does not describe is an error). This is the one
/// published contract: `mousehole schema GAME` prints it and the tests validate observations
/// against it.
pub fn observation_schema<G: crate::Game>() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let schema = generator.into_root_schema_for::<G::Observation>();
    let mut value = serde_json::to_value(schema).expect("schemas serialise");
    publish_schema(&mut value);
    if let Some(object) = value.as_object_mut() {
        object.insert(
            "title".to_owned(),
            serde_json::Value::String(format!("{} observation", G::Config::description().name)),
        );
    }
    value
}

/// Makes a generated schema (the root and its `$defs`) one to publish, as every published
/// schema is (the observations', the protocol's): doc-comment line breaks joined into
/// sentences and every object closed (a key the schema does not describe is an error).
pub fn publish_schema(schema: &mut serde_json::Value) {
    join_description_lines(schema);
    close_objects(schema);
    if let Some(definitions) = schema
        .get_mut("$defs")
        .and_then(serde_json::Value::as_object_mut)
    {
        definitions.values_mut().for_each(close_objects);
    }
}

/// Closes the object `schema` describes, and the objects its properties and items describe
/// in place: an observation carries exactly the fields its contract describes, so a field
/// added to a type without its place in the schema fails validation. The keyword is
/// `unevaluatedProperties` rather than `additionalProperties` because the properties of a
/// tagged or flattened part are described in `oneOf` branches, which `additionalProperties`
/// does not see; the branches are left open for the same reason. An object that already says
/// what else it admits (a map of counts, the options) keeps its word.
fn close_objects(schema: &mut serde_json::Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let is_object = |node: &serde_json::Map<String, serde_json::Value>| {
        node.contains_key("properties") || node.get("type").is_some_and(|t| t == "object")
    };
    let describes_object = is_object(object)
        || ["oneOf", "anyOf"].iter().any(|key| {
            object
                .get(*key)
                .and_then(serde_json::Value::as_array)
                .is_some_and(|branches| {
                    branches
                        .iter()
                        .all(|branch| branch.as_object().is_some_and(is_object))
                })
        });
    if describes_object
        && !object.contains_key("additionalProperties")
        && !object.contains_key("unevaluatedProperties")
    {
        object.insert(
            "unevaluatedProperties".to_owned(),
            serde_json::Value::Bool(false),
        );
    }
    if let Some(properties) = object
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
    {
        properties.values_mut().for_each(close_objects);
    }
    if let Some(items) = object.get_mut("items") {
        close_objects(items);
    }
}

/// Doc comments wrap at the source's line width; a schema's descriptions read better as
/// paragraphs (a blank line stays a paragraph break).
fn join_description_lines(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                if key == "description"
                    && let serde_json::Value::String(text) = item
                {
                    *text = text
                        .split("\n\n")
                        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
                        .collect::<Vec<_>>()
                        .join("\n\n");
                } else {
                    join_description_lines(item);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(join_description_lines),
        _ => {}
    }
}

/// The canonical spec string of a configuration: the game's name and every option
/// ([`GameConfig::options_text`]), as in `cheese-day:players=3,traps=1/2/3/3/4/5`.
pub fn canonical_spec<C: GameConfig>(config: &C) -> String {
    format!("{}:{}", C::description().name, config.options_text())
}
