//! Who can sit at a seat and what the screens call them: a person, a level (`easy`, `medium`,
//! `hard`, `expert`, each with its plain description from [`Level::description`]), or in the setup
//! screen's custom field any agent spec (`random`, `heuristic`, `mc:…`, `ismcts:…`) or a
//! program speaking the external-agent protocol (`exec:COMMAND`); and each seat's name and
//! what plays it, as the board, the log and the end screen show them.

use mousehole_bots::{AgentSpec, Level, SeatLabel};

/// The level a new seat gets on the setup screen.
pub const DEFAULT_LEVEL: Level = Level::Medium;

/// The agent behind hints, the coach and the review: the strongest level, searching the
/// person's own view and weighing places as well as wins (a person stands to lose a place,
/// and a move that ends the game for them is never the best when another does not).
pub const HINT_SPEC: &str = "expert:goal=place";

/// The level [`HINT_SPEC`] searches at, as the screens name it.
pub const HINT_LEVEL: Level = Level::Expert;

/// Parses a comma-separated seat list (`human,ismcts:iterations=2000,c=1.4,random`): an item
/// of the form `key=value` continues the previous agent's settings, as on the command line.
///
/// # Errors
/// An entry that is not a seat label, with the reason.
pub fn parse_seats(text: &str) -> Result<Vec<SeatLabel>, crate::TuiError> {
    SeatLabel::parse_list(text).map_err(|error| crate::TuiError::Seats {
        reason: error.to_string(),
    })
}

/// One level as the setup screen offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelChoice {
    pub level: Level,
    pub spec: AgentSpec,
}

impl LevelChoice {
    /// `easy — makes mistakes, good for learning`.
    pub fn text(&self) -> String {
        format!("{} — {}", self.level, self.level.description())
    }
}

/// Every level, weakest first: what the setup screen offers besides a person and the
/// custom field.
///
/// # Panics
/// If a level's name does not parse as a spec (a bug, caught by the tests).
pub fn level_choices() -> Vec<LevelChoice> {
    Level::ALL
        .iter()
        .map(|&level| LevelChoice {
            level,
            spec: level.name().parse().expect("a level's name is a spec"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_offered_with_its_description_and_the_hint_spec_parses() {
        let choices = level_choices();
        assert_eq!(choices.len(), Level::ALL.len());
        assert!(choices.iter().any(|c| c.level == DEFAULT_LEVEL));
        assert_eq!(
            choices[0].text(),
            format!("easy — {}", Level::Easy.description())
        );
        let hint = HINT_SPEC.parse::<AgentSpec>().unwrap();
        assert_eq!(
            hint.settings(),
            mousehole_bots::Settings::Level {
                level: HINT_LEVEL,
                goal: mousehole_bots::flat::Goal::Place
            }
        );
    }
}
