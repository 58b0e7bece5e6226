//! Agent specs: `kind` or `kind:key=value,…` text naming a bot and its settings, as used on the
//! command line and recorded in transcripts, parsed and validated into typed settings.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use mousehole_engine::text::{guess_then, shown};
use thiserror::Error;

use crate::flat::{FlatSettings, Goal};
use crate::ismcts::{IsmctsSettings, Rivals};
use crate::search::Effort;

/// A built-in bot kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    Random,
    Heuristic,
    MonteCarlo,
    Ismcts,
    /// A named strength: the game's calibrated settings ([`crate::levels`]).
    Level(Level),
}

/// A named strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The agent spec's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// What playing it is like, in plain words for a person choosing an opponent (the setup
    /// screen shows it beside the name). The one place a level is described: a new level
    /// is added here, in [`Level::ALL`] and in the level table, and every screen offers it.
    pub fn description(self) -> &'static str {
        match self {
            Level::Easy => "makes mistakes, good for children and learning",
            Level::Medium => "plays sensibly, a fair game for most people",
            Level::Hard => "tries its moves out first, a tough game",
            Level::Expert => "thinks longest, up to a second a move",
        }
    }

    /// The level below it, if any.
    pub fn below(self) -> Option<Level> {
        self.index()
            .checked_sub(1)
            .and_then(|index| Level::ALL.get(index).copied())
    }

    /// Its place in a level table, weakest first.
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One setting an agent takes: its key, what values it allows, its default, what it does.
#[derive(Clone, Copy, Debug)]
pub struct SettingDescription {
    pub key: &'static str,
    pub allowed: &'static str,
    pub default: &'static str,
    pub help: &'static str,
}

/// One built-in agent: its name, kind, what it does and the settings it takes.
#[derive(Clone, Copy, Debug)]
pub struct AgentDescription {
    pub name: &'static str,
    pub kind: AgentKind,
    pub help: &'static str,
    pub settings: &'static [SettingDescription],
}

const ITERATIONS_HELP: &str = "a whole number from 1 to 100000000";
const MS_HELP: &str = "a whole number of milliseconds from 1 to 3600000";

const ROLLOUT: SettingDescription = SettingDescription {
    key: "rollout",
    allowed: "random or heuristic",
    default: "random",
    help: "how sampled worlds are played out: uniformly random moves, or the game's heuristic",
};

const DEPTH: SettingDescription = SettingDescription {
    key: "depth",
    allowed: "a whole number from 1 to 1000, with rollout=heuristic",
    default: "none",
    help: "with heuristic rollouts, stop each playout after this many decisions and score it by the heuristic's estimate of the position, in a game that has one (Cheese Day: its projection of final holes; Mouse Race: the expected turns to the cheese); none: play to the end",
};

const GOAL: SettingDescription = SettingDescription {
    key: "goal",
    allowed: "win or place",
    default: "win",
    help: "what a playout is worth to the deciding seat: its share of first place (win), or the mean of that and its place's share, first 1 and last 0 (place: what hints, the coach and the review weigh)",
};

/// Every built-in agent.
pub const AGENTS: &[AgentDescription] = &[
    AgentDescription {
        name: "random",
        kind: AgentKind::Random,
        help: "a uniformly random legal action",
        settings: &[],
    },
    AgentDescription {
        name: "heuristic",
        kind: AgentKind::Heuristic,
        help: "the game's own rule-of-thumb strategy, from what the seat knows (fast)",
        settings: &[SettingDescription {
            key: "mistakes",
            allowed: "a number from 0 to 1",
            default: "0",
            help: "the chance of each decision with a choice being a mistake: another legal move than the rule of thumb's, drawn at random",
        }],
    },
    AgentDescription {
        name: "mc",
        kind: AgentKind::MonteCarlo,
        help: "flat Monte Carlo: rounds that play every legal action in one world sampled from what the seat knows, on the same dice and cards, halving the field as they go; the best mean wins",
        settings: &[
            SettingDescription {
                key: "playouts",
                allowed: ITERATIONS_HELP,
                default: "1000",
                help: "playouts per decision, all actions together (deterministic for a seed)",
            },
            SettingDescription {
                key: "ms",
                allowed: MS_HELP,
                default: "none",
                help: "think this long per decision instead (not deterministic)",
            },
            ROLLOUT,
            DEPTH,
            SettingDescription {
                key: "margin",
                allowed: "a number from 0 to 10",
                default: "2",
                help: "with heuristic rollouts, the heuristic's own move stands unless another beats it on the same dice and cards by this many standard errors",
            },
            GOAL,
        ],
    },
    AgentDescription {
        name: "ismcts",
        kind: AgentKind::Ismcts,
        help: "information-set Monte Carlo tree search over worlds sampled from what the seat knows (every seat maximises its own return, unless rivals=policy)",
        settings: &[
            SettingDescription {
                key: "iterations",
                allowed: ITERATIONS_HELP,
                default: "1000",
                help: "search iterations per decision (deterministic for a seed)",
            },
            SettingDescription {
                key: "ms",
                allowed: MS_HELP,
                default: "none",
                help: "think this long per decision instead (not deterministic)",
            },
            SettingDescription {
                key: "c",
                allowed: "a number from 0 to 10",
                default: "0.7",
                help: "UCB exploration constant",
            },
            ROLLOUT,
            DEPTH,
            SettingDescription {
                key: "threads",
                allowed: "a whole number from 1 to 64",
                default: "1",
                help: "independent trees searched in parallel (root parallelism); the iterations are split between them",
            },
            SettingDescription {
                key: "rivals",
                allowed: "search or policy",
                default: "search",
                help: "how the other seats choose inside the search: by the tree, each maximising its own return, or by the rollout policy (the tree then holds only this seat's decisions)",
            },
            SettingDescription {
                key: "bias",
                allowed: "a number from 0 to 10",
                default: "0",
                help: "progressive bias: how strongly this seat's tree favours the rollout policy's own move, fading with visits",
            },
        ],
    },
    AgentDescription {
        name: "easy",
        kind: AgentKind::Level(Level::Easy),
        help: "a level: the heuristic with a share of mistakes set per game (instant)",
        settings: &[],
    },
    AgentDescription {
        name: "medium",
        kind: AgentKind::Level(Level::Medium),
        help: "a level: the heuristic (instant)",
        settings: &[],
    },
    AgentDescription {
        name: "hard",
        kind: AgentKind::Level(Level::Hard),
        help: "a level: flat Monte Carlo over the heuristic (its move kept unless another is clearly better), playouts set per game for a few to tens of milliseconds per move",
        settings: &[GOAL],
    },
    AgentDescription {
        name: "expert",
        kind: AgentKind::Level(Level::Expert),
        help: "a level: hard's search with the most playouts a move affords, set per game for about 150 ms per move on average and under 1 s at worst",
        settings: &[GOAL],
    },
];

/// A parsed agent spec: the kind, its settings as given (the text transcripts record) and
/// the same settings validated, once, when the spec was parsed. A value of this type is always
/// a spec its agent accepts: it is built only by parsing.
#[derive(Clone, Debug)]
pub struct AgentSpec {
    kind: AgentKind,
    given: BTreeMap<String, String>,
    settings: Settings,
}

/// Two specs are the same when they name the same agent with the same settings written the
/// same way (the typed settings follow from those).
impl PartialEq for AgentSpec {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind && self.given == other.given
    }
}

impl Eq for AgentSpec {}

/// A spec that names no agent or sets something the agent does not take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AgentSpecError {
    #[error("unknown agent '{}'{}", shown(.name), guess_then(.name, AGENTS.iter().map(|a| a.name), &format!("the agents are: {}", known())))]
    Unknown { name: String },
    #[error("agent '{agent}' has no setting '{}'{}", shown(.key), settings_of(.agent, .key))]
    UnknownSetting { agent: &'static str, key: String },
    #[error("'{}' in agent spec '{}' is not a setting; write key=value", shown(.item), shown(.spec))]
    Malformed { spec: String, item: String },
    #[error("agent '{agent}': setting '{key}' is given twice")]
    Duplicate { agent: &'static str, key: String },
    #[error("agent '{agent}': bad value '{}' for '{key}': expected {expected}", shown(.value))]
    Invalid {
        agent: &'static str,
        key: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("agent '{agent}': give either '{first}' or '{second}', not both")]
    Conflict {
        agent: &'static str,
        first: &'static str,
        second: &'static str,
    },
}

fn known() -> String {
    AGENTS
        .iter()
        .map(|agent| agent.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What follows an unknown setting of `agent`: a guess at the one meant, and the settings
/// it takes (or that it takes none).
fn settings_of(agent: &str, key: &str) -> String {
    let Some(description) = AGENTS.iter().find(|a| a.name == agent) else {
        return String::new();
    };
    if description.settings.is_empty() {
        " (it takes no settings)".to_owned()
    } else {
        let keys: Vec<&str> = description.settings.iter().map(|s| s.key).collect();
        guess_then(
            key,
            keys.iter().copied(),
            &format!("its settings are: {}", keys.join(", ")),
        )
    }
}

impl AgentSpec {
    pub fn description(&self) -> &'static AgentDescription {
        AGENTS
            .iter()
            .find(|agent| agent.kind == self.kind)
            .expect("every kind is listed")
    }

    pub fn name(&self) -> &'static str {
        self.description().name
    }

    /// The agent this spec names.
    pub fn kind(&self) -> AgentKind {
        self.kind
    }

    /// The settings as given, by key (defaults not filled in): what the spec's text lists.
    pub fn given(&self) -> &BTreeMap<String, String> {
        &self.given
    }

    /// The settings, validated when the spec was parsed.
    pub fn settings(&self) -> Settings {
        self.settings
    }
}

/// Checks every setting `given` for the agent `description` describes against the ones it takes and
/// parses them: the one validation of an agent spec, run when it is parsed.
fn validate(
    description: &'static AgentDescription,
    given: &BTreeMap<String, String>,
) -> Result<Settings, AgentSpecError> {
    for key in given.keys() {
        if !description.settings.iter().any(|s| s.key == key) {
            return Err(AgentSpecError::UnknownSetting {
                agent: description.name,
                key: key.clone(),
            });
        }
    }
    let given = Given { description, given };
    Ok(match description.kind {
        AgentKind::Random => Settings::Random,
        AgentKind::Heuristic => Settings::Heuristic {
            mistakes: given.mistakes()?,
        },
        AgentKind::Level(level) => Settings::Level {
            level,
            goal: given.goal()?,
        },
        AgentKind::MonteCarlo => Settings::MonteCarlo {
            settings: FlatSettings {
                effort: given.effort("playouts")?,
                margin: given.real("margin", FlatSettings::DEFAULT_MARGIN)?,
                goal: given.goal()?,
            },
            rollout: given.rollout()?,
        },
        AgentKind::Ismcts => {
            let exploration = given.real("c", IsmctsSettings::default().exploration)?;
            Settings::Ismcts {
                settings: IsmctsSettings {
                    effort: given.effort("iterations")?,
                    exploration,
                    threads: given.number("threads", 64)?.unwrap_or(1) as usize,
                    rivals: [Rivals::Search, Rivals::Policy]
                        [given.word("rivals", &["search", "policy"])?],
                    bias: given.real("bias", 0.0)?,
                },
                rollout: given.rollout()?,
            }
        }
    })
}

/// The settings given to an agent, each read by the kind of value it is (every key is one the
/// agent takes: [`validate`] checked).
struct Given<'a> {
    description: &'static AgentDescription,
    given: &'a BTreeMap<String, String>,
}

impl Given<'_> {
    /// The setting `key`'s description.
    fn setting(&self, key: &str) -> &'static SettingDescription {
        self.description
            .settings
            .iter()
            .find(|s| s.key == key)
            .expect("checked above")
    }

    /// A whole number from 1 to `max`, if given.
    fn number(&self, key: &'static str, max: u64) -> Result<Option<u64>, AgentSpecError> {
        let Some(value) = self.given.get(key) else {
            return Ok(None);
        };
        let setting = self.setting(key);
        mousehole_engine::options::digits(value)
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|n| (1..=max).contains(n))
            .map(Some)
            .ok_or_else(|| AgentSpecError::Invalid {
                agent: self.description.name,
                key,
                value: value.clone(),
                expected: setting.allowed,
            })
    }

    /// How long a search thinks: `count_key` iterations or `ms` milliseconds, not both.
    fn effort(&self, count_key: &'static str) -> Result<Effort, AgentSpecError> {
        let count = self.number(count_key, 100_000_000)?;
        let ms = self.number("ms", 3_600_000)?;
        match (count, ms) {
            (Some(_), Some(_)) => Err(AgentSpecError::Conflict {
                agent: self.description.name,
                first: count_key,
                second: "ms",
            }),
            (_, Some(ms)) => Ok(Effort::time(Duration::from_millis(ms))),
            (count, None) => Ok(Effort::iterations(
                count.unwrap_or(crate::search::DEFAULT_ITERATIONS),
            )),
        }
    }

    /// A number from 0 to 10, `default` if not given.
    fn real(&self, key: &'static str, default: f64) -> Result<f64, AgentSpecError> {
        match self.given.get(key) {
            None => Ok(default),
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|x| (0.0..=10.0).contains(x))
                .ok_or_else(|| AgentSpecError::Invalid {
                    agent: self.description.name,
                    key,
                    value: text.clone(),
                    expected: "a number from 0 to 10",
                }),
        }
    }

    /// A setting that is one of a few words, the first the default: its word's place.
    fn word(&self, key: &'static str, words: &[&str]) -> Result<usize, AgentSpecError> {
        let Some(text) = self.given.get(key) else {
            return Ok(0);
        };
        words
            .iter()
            .position(|word| word == text)
            .ok_or_else(|| AgentSpecError::Invalid {
                agent: self.description.name,
                key,
                value: text.clone(),
                expected: self.setting(key).allowed,
            })
    }

    /// How a search plays out its sampled worlds: `rollout`, and `depth` for the heuristic's.
    fn rollout(&self) -> Result<Rollout, AgentSpecError> {
        let depth = self.number("depth", 1000)?.map(|d| d as u32);
        match (self.word("rollout", &["random", "heuristic"])?, depth) {
            (0, None) => Ok(Rollout::Random),
            (0, Some(depth)) => Err(AgentSpecError::Invalid {
                agent: self.description.name,
                key: "depth",
                value: depth.to_string(),
                expected: "rollout=heuristic beside it: random playouts have no estimate to stop at",
            }),
            (_, depth) => Ok(Rollout::Heuristic { depth }),
        }
    }

    /// What a search plays for: to win, or for the best place.
    fn goal(&self) -> Result<Goal, AgentSpecError> {
        Ok([Goal::Win, Goal::Place][self.word("goal", &["win", "place"])?])
    }

    /// How often the heuristic errs: a number from 0 to 1, none if not given.
    fn mistakes(&self) -> Result<f64, AgentSpecError> {
        match self.given.get("mistakes") {
            None => Ok(0.0),
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|x| (0.0..=1.0).contains(x))
                .ok_or_else(|| AgentSpecError::Invalid {
                    agent: self.description.name,
                    key: "mistakes",
                    value: text.clone(),
                    expected: "a number from 0 to 1",
                }),
        }
    }
}

/// How sampled worlds are played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random moves, to the end.
    Random,
    /// The heuristic's moves: to the end, or with a depth cut short after that many decisions
    /// and scored by the heuristic's estimate.
    Heuristic { depth: Option<u32> },
}

/// An agent spec's settings, validated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Settings {
    Random,
    /// The heuristic, erring at this rate ([`crate::heuristic::HeuristicAgent`]).
    Heuristic {
        mistakes: f64,
    },
    MonteCarlo {
        settings: FlatSettings,
        rollout: Rollout,
    },
    Ismcts {
        settings: IsmctsSettings,
        rollout: Rollout,
    },
    /// A level: its settings depend on the game ([`crate::levels::Levels`]); a searching level
    /// plays for `goal`.
    Level {
        level: Level,
        goal: Goal,
    },
}

impl FromStr for AgentSpec {
    type Err = AgentSpecError;

    /// `kind` or `kind:key=value,…`; the settings are validated.
    fn from_str(text: &str) -> Result<Self, AgentSpecError> {
        let (name, rest) = text.trim().split_once(':').unwrap_or((text.trim(), ""));
        let description = AGENTS
            .iter()
            .find(|agent| agent.name == name.trim())
            .ok_or_else(|| AgentSpecError::Unknown {
                name: name.to_owned(),
            })?;
        let mut settings = BTreeMap::new();
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| AgentSpecError::Malformed {
                    spec: text.to_owned(),
                    item: item.to_owned(),
                })?;
            let key = key.trim().to_owned();
            if settings.contains_key(&key) {
                return Err(AgentSpecError::Duplicate {
                    agent: description.name,
                    key,
                });
            }
            settings.insert(key, value.trim().to_owned());
        }
        Ok(Self {
            kind: description.kind,
            settings: validate(description, &settings)?,
            given: settings,
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        for (i, (key, value)) in self.given.iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        let spec: AgentSpec = "random".parse().unwrap();
        assert_eq!(spec.kind(), AgentKind::Random);
        assert_eq!(spec.to_string(), "random");
        let spec: AgentSpec = "ismcts:iterations=2000,c=1.4,threads=2".parse().unwrap();
        assert_eq!(spec.to_string(), "ismcts:c=1.4,iterations=2000,threads=2");
        let Settings::Ismcts { settings, .. } = spec.settings() else {
            panic!("ismcts settings")
        };
        assert_eq!(settings.effort, Effort::iterations(2000));
        assert_eq!(settings.threads, 2);
        assert!((settings.exploration - 1.4).abs() < 1e-12);
        assert_eq!((settings.rivals, settings.bias), (Rivals::Search, 0.0));
        let spec: AgentSpec = "ismcts:rivals=policy,bias=2.5".parse().unwrap();
        let Settings::Ismcts { settings, .. } = spec.settings() else {
            panic!("ismcts settings")
        };
        assert_eq!((settings.rivals, settings.bias), (Rivals::Policy, 2.5));
        let spec: AgentSpec = "mc:rollout=heuristic,depth=6".parse().unwrap();
        let Settings::MonteCarlo { rollout, .. } = spec.settings() else {
            panic!("mc settings")
        };
        assert_eq!(rollout, Rollout::Heuristic { depth: Some(6) });
        let spec: AgentSpec = "mc:ms=50".parse().unwrap();
        assert_eq!(
            spec.settings(),
            Settings::MonteCarlo {
                settings: FlatSettings {
                    effort: Effort::time(Duration::from_millis(50)),
                    margin: FlatSettings::DEFAULT_MARGIN,
                    goal: Goal::Win,
                },
                rollout: Rollout::Random
            }
        );
    }

    #[test]
    fn bad_specs_name_the_problem() {
        let message = |text: &str| text.parse::<AgentSpec>().unwrap_err().to_string();
        assert_eq!(
            message("smart"),
            "unknown agent 'smart'; the agents are: random, heuristic, mc, ismcts, easy, medium, hard, expert"
        );
        // A typo of a name is answered with the name.
        assert_eq!(
            message("meduim"),
            "unknown agent 'meduim' — did you mean medium? The agents are: random, heuristic, mc, ismcts, easy, medium, hard, expert"
        );
        assert!(
            message("mc:playout=10").contains("no setting 'playout' — did you mean playouts?"),
            "{}",
            message("mc:playout=10")
        );
        assert!(message("random:depth").contains("write key=value"));
        assert_eq!(
            message("random:depth=3"),
            "agent 'random' has no setting 'depth' (it takes no settings)"
        );
        assert!(message("ismcts:width=3").contains("its settings are: iterations, ms, c"));
        assert!(message("mc:depth=3").contains("expected rollout=heuristic beside it"));
        assert!(message("mc:depth=0,rollout=heuristic").contains("a whole number from 1 to 1000"));
        assert!(message("ismcts:iterations=0").contains("expected a whole number from 1"));
        assert!(message("ismcts:iterations=-5").contains("bad value '-5'"));
        assert!(message("mc:playouts=10,ms=5").contains("not both"));
        assert!(message("ismcts:c=abc").contains("a number from 0 to 10"));
        assert!(message("ismcts:rollout=smart").contains("expected random or heuristic"));
        assert!(message("ismcts:rivals=smart").contains("expected search or policy"));
        assert!(message("ismcts:bias=-1").contains("a number from 0 to 10"));
        assert!(message("mc:playouts=1,playouts=2").contains("given twice"));
        assert!(message("heuristic:mistakes=1.5").contains("a number from 0 to 1"));
        assert!(message("heuristic:mistakes=-0.1").contains("bad value '-0.1'"));
    }
}
