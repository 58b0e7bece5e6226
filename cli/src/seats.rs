//! Seat lists from the command line: `random,human:alice,exec:python3 bot.py`, one entry per
//! seat (`--seats`), or one seat at a time (`--seat`, repeated), which is the way to give a
//! command with a comma in it.

use std::fmt;

use anyhow::{Result, bail};
use mousehole_bots::external::EXEC_PREFIX;
use mousehole_bots::{
    AGENTS, AgentSeat, AgentSpec, AgentSpecError, BotGame, BotVisitor, ExternalCommand, build_agent,
};
use mousehole_engine::text::shown;
use mousehole_engine::{GameSpec, Seat};

/// Who plays one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Agent(AgentSpec),
    Human(Option<String>),
    /// A program speaking the external-agent protocol.
    External(ExternalCommand),
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Agent(spec) => spec.fmt(f),
            SeatSpec::Human(None) => f.write_str("human"),
            SeatSpec::Human(Some(name)) => write!(f, "human:{name}"),
            SeatSpec::External(command) => command.fmt(f),
        }
    }
}

impl SeatSpec {
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human(_))
    }

    pub fn is_external(&self) -> bool {
        matches!(self, SeatSpec::External(_))
    }

    /// Builds the bot for game `G` (`None` for a person's or a program's seat, which the
    /// caller seats).
    pub fn build_agent<G: BotGame>(&self) -> Result<Option<Box<dyn Seat<G>>>> {
        match self {
            SeatSpec::Agent(spec) => {
                let agent =
                    build_agent::<G>(spec).map_err(|e| agent_error(&self.to_string(), &e))?;
                Ok(Some(Box::new(AgentSeat::<G>::new(agent))))
            }
            SeatSpec::Human(_) | SeatSpec::External(_) => Ok(None),
        }
    }
}

/// The longest name a person may give a seat (`human:NAME`).
const NAME_CHARS: usize = 40;

/// An agent spec error with the user's text made safe to echo.
fn agent_error(entry: &str, error: &AgentSpecError) -> anyhow::Error {
    let agents: Vec<&str> = AGENTS.iter().map(|agent| agent.name).collect();
    match error {
        AgentSpecError::Unknown { name } => anyhow::anyhow!(
            "seat '{}' is neither `human[:name]`, `exec:COMMAND` nor an agent: unknown agent '{}'; the agents are: {}",
            shown(entry),
            shown(name),
            agents.join(", ")
        ),
        AgentSpecError::UnknownSetting { agent, key } => anyhow::anyhow!(
            "seat '{}': agent '{agent}' has no setting '{}' (`mousehole list` shows the agents and their settings)",
            shown(entry),
            shown(key)
        ),
        AgentSpecError::Malformed { item, .. } => anyhow::anyhow!(
            "seat '{}': '{}' is not a setting; write agent:key=value,…",
            shown(entry),
            shown(item)
        ),
        other => anyhow::anyhow!("seat '{}': {other}", shown(entry)),
    }
}

/// Parses a comma-separated seat list. Agent settings also use commas
/// (`ismcts:iterations=2000,c=1.4`), so an item of the form `key=value` continues the previous
/// seat's settings instead of starting a new seat.
pub fn parse_seats(text: &str) -> Result<Vec<SeatSpec>> {
    let entries = mousehole_bots::split_spec_list(text);
    let mut seats = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        match parse_seat(entry) {
            Ok(seat) => seats.push(seat),
            // A comma in a command starts a new seat here: say how to keep it in the command.
            Err(error) if entries[..=index].iter().any(|e| e.starts_with(EXEC_PREFIX)) => {
                return Err(error.context(format!(
                    "in --seats every comma starts a new seat, also inside an `{EXEC_PREFIX}` command; give a command with a comma in it as one seat with --seat '{EXEC_PREFIX}…' (repeat --seat for every seat, in order)"
                )));
            }
            Err(error) => return Err(error),
        }
    }
    Ok(seats)
}

/// Parses one seat: `human`, `human:NAME`, `exec:COMMAND` or an agent spec. Recorded seat
/// labels are checked with it too, so `replay` accepts exactly the seats `play` does (a
/// program's command is only split here: whether it runs is checked when it is seated).
pub fn parse_seat(entry: &str) -> Result<SeatSpec> {
    let entry = entry.trim();
    if entry.is_empty() {
        bail!(
            "empty seat in the seat list; give one agent spec, `human` or `{EXEC_PREFIX}COMMAND` per seat"
        );
    }
    if let Some(command) = entry.strip_prefix(EXEC_PREFIX) {
        return Ok(SeatSpec::External(ExternalCommand::parse(command)?));
    }
    if entry == "human" {
        return Ok(SeatSpec::Human(None));
    }
    if let Some(name) = entry.strip_prefix("human:") {
        let name = name.trim();
        if name.is_empty() {
            bail!(
                "seat '{}': give a name after `human:` or write just `human`",
                shown(entry)
            );
        }
        if name.chars().any(char::is_control) || name.chars().count() > NAME_CHARS {
            bail!(
                "seat '{}': a name is at most {NAME_CHARS} characters, none of them control characters",
                shown(entry)
            );
        }
        return Ok(SeatSpec::Human(Some(name.to_owned())));
    }
    let spec: AgentSpec = entry.parse().map_err(|e| agent_error(entry, &e))?;
    Ok(SeatSpec::Agent(spec))
}

/// Checks a recorded seat label of a game of `spec` as `play` would take it: a person, or an
/// agent with settings it takes in that game.
pub fn check_label(label: &str, spec: &GameSpec) -> Result<()> {
    struct Builds<'a>(&'a SeatSpec);
    impl BotVisitor for Builds<'_> {
        type Output = Result<()>;
        fn visit<G: BotGame>(self, _config: G::Config) -> Result<()> {
            self.0.build_agent::<G>().map(drop)
        }
    }
    let seat = parse_seat(label)?;
    if seat.is_external() {
        // The program is of the machine that played: it need not run here.
        return Ok(());
    }
    match mousehole_bots::visit(spec, Builds(&seat)) {
        Ok(built) => built,
        // Bad options are the replay's to report.
        Err(_) => Ok(()),
    }
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
        let seats = parse_seats("ismcts:iterations=20,c=1.5,random").unwrap();
        assert_eq!(seats.len(), 2);
        let SeatSpec::Agent(first) = &seats[0] else {
            panic!("agent expected")
        };
        assert_eq!(first.settings.len(), 2);
        assert_eq!(seats[0].to_string(), "ismcts:c=1.5,iterations=20");
    }

    #[test]
    fn exec_seats_keep_their_command() {
        let seats = parse_seats("exec:python3 bot.py --level 2, random").unwrap();
        assert_eq!(seats.len(), 2);
        assert!(seats[0].is_external());
        assert_eq!(seats[0].to_string(), "exec:python3 bot.py --level 2");
        let seat = parse_seat("exec:python3 'my bot.py' --pair a,b").unwrap();
        let SeatSpec::External(command) = &seat else {
            panic!("a program's seat")
        };
        assert_eq!(command.words(), ["python3", "my bot.py", "--pair", "a,b"]);
    }

    #[test]
    fn a_comma_in_a_command_in_the_seat_list_points_to_seat() {
        let err = format!(
            "{:#}",
            parse_seats("exec:python3 bot.py --pair a,b,random").unwrap_err()
        );
        assert!(err.contains("seat 'b' is neither"), "{err}");
        assert!(
            err.contains("give a command with a comma in it as one seat with --seat"),
            "{err}"
        );
        let err = format!(
            "{:#}",
            parse_seats("exec:python3 'a,b.py',random").unwrap_err()
        );
        assert!(err.contains("close every quote"), "{err}");
        assert!(err.contains("--seat"), "{err}");
        let err = format!("{:#}", parse_seats("exec:bot --x,y=2").unwrap_err());
        assert!(err.contains("--seat"), "{err}");
        let err = format!("{:#}", parse_seats("exec:").unwrap_err());
        assert!(err.contains("needs a command"), "{err}");
    }

    #[test]
    fn bad_seats_say_what_is_allowed() {
        let err = format!("{:#}", parse_seats("random,,random").unwrap_err());
        assert!(err.contains("empty seat"), "{err}");
        let err = format!("{:#}", parse_seats("robot").unwrap_err());
        assert!(err.contains("the agents are: random"), "{err}");
        let err = format!("{:#}", parse_seats("human:").unwrap_err());
        assert!(err.contains("give a name"), "{err}");
        let err = format!("{:#}", parse_seats("human:a\u{1b}[31m").unwrap_err());
        assert!(err.contains("control characters"), "{err}");
        assert!(!err.contains('\u{1b}'), "{err}");
        let long = "x".repeat(10_000);
        let err = format!("{:#}", parse_seats(&long).unwrap_err());
        assert!(err.len() < 400, "{err}");
    }
}
