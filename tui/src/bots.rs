//! Who can sit at a seat and what the screens call them: a person, a level (`easy`, `medium`,
//! `hard`, `expert`, each with its plain description from [`Level::description`]), or in the setup
//! screen's custom field any agent spec (`random`, `heuristic`, `mc:…`, `ismcts:…`) or a
//! program speaking the external-agent protocol (`exec:COMMAND`); and each seat's name and
//! what plays it, as the board, the log and the end screen show them.

use mousehole_bots::{AgentKind, AgentSpec, Level, SeatLabel};

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

/// How the screens call a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatName {
    /// `you`, `alice`, `seat 1`: in the log and on the board.
    pub short: String,
    /// What plays it, in words: `person`, `easy`, `hard`, `heuristic`, `program`.
    pub kind: String,
}

impl SeatName {
    /// `seat 1 (hard)`, `you (seat 0)`, `ann (seat 2, person)`: in sentences.
    pub fn full(&self, seat: usize) -> String {
        if self.short == format!("seat {seat}") {
            format!("seat {seat} ({})", self.kind)
        } else if self.short == "you" {
            format!("you (seat {seat})")
        } else {
            format!("{} (seat {seat}, {})", self.short, self.kind)
        }
    }

    /// `seat 1 hard`, `you`, `ann (person)`: in lists of seats (the title's roster, the end
    /// screen's table).
    pub fn label(&self, seat: usize) -> String {
        if self.short == format!("seat {seat}") {
            format!("seat {seat} {}", self.kind)
        } else if self.short == "you" {
            "you".to_owned()
        } else {
            format!("{} ({})", self.short, self.kind)
        }
    }
}

/// A seat's own name, as the others call it: the person's name, else `seat N`.
pub fn own_name(label: &SeatLabel, seat: usize) -> String {
    match label {
        SeatLabel::Human(Some(name)) | SeatLabel::Remote(Some(name)) => name.clone(),
        _ => format!("seat {seat}"),
    }
}

/// What plays a seat, in words.
pub fn seat_kind(label: &SeatLabel) -> String {
    match label {
        SeatLabel::Human(_) => "person".to_owned(),
        SeatLabel::Agent(spec) => match spec.kind() {
            AgentKind::Level(level) => level.name().to_owned(),
            _ => spec.name().to_owned(),
        },
        SeatLabel::Program(_) => "program".to_owned(),
        SeatLabel::Remote(_) => "remote".to_owned(),
    }
}

/// The names of every seat as `viewer` reads them: the viewer, when a person, is `you`;
/// another person is called by their name if they gave one.
pub fn seat_names(labels: &[SeatLabel], viewer: Option<usize>) -> Vec<SeatName> {
    labels
        .iter()
        .enumerate()
        .map(|(seat, label)| seat_name(seat, label, viewer))
        .collect()
}

fn seat_name(seat: usize, label: &SeatLabel, viewer: Option<usize>) -> SeatName {
    SeatName {
        short: match label {
            SeatLabel::Human(_) if viewer == Some(seat) => "you".to_owned(),
            _ => own_name(label, seat),
        },
        kind: seat_kind(label),
    }
}

/// The names of the seats of a transcript's labels (a label the TUI cannot seat is called by
/// its first word).
pub fn recorded_names(labels: &[String], viewer: Option<usize>) -> Vec<SeatName> {
    labels
        .iter()
        .enumerate()
        .map(|(seat, text)| match text.parse::<SeatLabel>() {
            Ok(label) => seat_name(seat, &label, viewer),
            Err(_) => SeatName {
                short: format!("seat {seat}"),
                kind: text.split([':', ' ']).next().unwrap_or_default().to_owned(),
            },
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

    #[test]
    fn seats_are_named_by_who_plays_them() {
        let labels = parse_seats("human,hard,human:ann,heuristic").unwrap();
        let names = seat_names(&labels, Some(0));
        let shown: Vec<String> = names.iter().enumerate().map(|(s, n)| n.full(s)).collect();
        assert_eq!(
            shown,
            [
                "you (seat 0)",
                "seat 1 (hard)",
                "ann (seat 2, person)",
                "seat 3 (heuristic)"
            ]
        );
        let recorded: Vec<String> = ["human", "easy", "exec:./bot", "who knows"]
            .iter()
            .map(ToString::to_string)
            .collect();
        let names = recorded_names(&recorded, Some(0));
        let shown: Vec<String> = names.iter().enumerate().map(|(s, n)| n.full(s)).collect();
        assert_eq!(
            shown,
            [
                "you (seat 0)",
                "seat 1 (easy)",
                "seat 2 (program)",
                "seat 3 (who)"
            ]
        );
    }
}
