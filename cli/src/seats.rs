//! Seat lists from the command line: `random,human:alice,random`, one entry per seat.

use std::fmt;

use anyhow::{Context, Result, bail};
use mousehole_bots::{AgentSeat, AgentSpec, build_agent};
use mousehole_engine::{Game, Seat};

use crate::human::HumanSeat;

/// Who plays one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Agent(AgentSpec),
    Human(Option<String>),
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Agent(spec) => spec.fmt(f),
            SeatSpec::Human(None) => f.write_str("human"),
            SeatSpec::Human(Some(name)) => write!(f, "human:{name}"),
        }
    }
}

impl SeatSpec {
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human(_))
    }

    /// Builds the seat for game `G`.
    pub fn build<G: Game>(&self) -> Result<Box<dyn Seat<G>>> {
        Ok(match self {
            SeatSpec::Agent(spec) => Box::new(AgentSeat::<G>::new(build_agent::<G>(spec)?)),
            SeatSpec::Human(name) => Box::new(HumanSeat::new(name.clone())),
        })
    }
}

/// Parses a comma-separated seat list. Agent settings also use commas
/// (`ismcts:iterations=2000,c=1.4`), so an item of the form `key=value` continues the previous
/// seat's settings instead of starting a new seat.
pub fn parse_seats(text: &str) -> Result<Vec<SeatSpec>> {
    let mut entries: Vec<String> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let continues_settings = item.contains('=')
            && !item.contains(':')
            && entries.last().is_some_and(|last| last.contains(':'));
        if continues_settings {
            let last = entries.last_mut().expect("checked");
            last.push(',');
            last.push_str(item);
        } else {
            entries.push(item.to_owned());
        }
    }
    entries
        .iter()
        .map(|entry| parse_seat(entry))
        .collect::<Result<_>>()
}

fn parse_seat(entry: &str) -> Result<SeatSpec> {
    if entry.is_empty() {
        bail!("empty seat in the seat list; give one agent spec or `human` per seat");
    }
    if entry == "human" {
        return Ok(SeatSpec::Human(None));
    }
    if let Some(name) = entry.strip_prefix("human:") {
        if name.trim().is_empty() {
            bail!("seat '{entry}': give a name after `human:` or write just `human`");
        }
        return Ok(SeatSpec::Human(Some(name.trim().to_owned())));
    }
    let spec: AgentSpec = entry
        .parse()
        .with_context(|| format!("seat '{entry}' is neither `human[:name]` nor an agent"))?;
    Ok(SeatSpec::Agent(spec))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_split_on_commas() {
        let seats = parse_seats("random, human:alice ,human").unwrap();
        assert_eq!(seats.len(), 3);
        assert_eq!(seats[1], SeatSpec::Human(Some("alice".into())));
        assert_eq!(seats[0].to_string(), "random");
        assert_eq!(seats[2].to_string(), "human");
    }

    #[test]
    fn settings_after_a_comma_stay_with_their_agent() {
        let seats = parse_seats("random:depth=2,x=3,random").unwrap();
        assert_eq!(seats.len(), 2);
        let SeatSpec::Agent(first) = &seats[0] else {
            panic!("agent expected")
        };
        assert_eq!(first.settings.len(), 2);
        assert_eq!(seats[0].to_string(), "random:depth=2,x=3");
    }

    #[test]
    fn bad_seats_say_what_is_allowed() {
        let err = format!("{:#}", parse_seats("random,,random").unwrap_err());
        assert!(err.contains("empty seat"), "{err}");
        let err = format!("{:#}", parse_seats("robot").unwrap_err());
        assert!(err.contains("the agents are: random"), "{err}");
        let err = format!("{:#}", parse_seats("human:").unwrap_err());
        assert!(err.contains("give a name"), "{err}");
    }
}
