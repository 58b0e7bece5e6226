//! Seat lists from the command line: `random,human:alice,exec:python3 bot.py`, one entry per
//! seat (`--seats`), or one seat at a time (`--seat`, repeated), which is the way to give a
//! command with a comma in it. Each entry is a [`SeatLabel`], the one seat label of every
//! front end and transcript.

use anyhow::{Context, Result};
use mousehole_bots::SeatLabel;
use mousehole_bots::external::EXEC_PREFIX;
use mousehole_engine::text::shown;

/// Who plays each seat, as the command line gives it: `--seats` or repeated `--seat`.
#[derive(Debug, clap::Args)]
pub struct SeatArgs {
    /// Who plays each seat, comma-separated, seat 0 first: an agent spec (`random`),
    /// `human[:name]` (a person at this terminal), `remote[:name]` (with `host`: a player at
    /// another terminal) or `exec:COMMAND` (a program speaking the mousehole-agent/2
    /// protocol: docs/writing-a-bot.md). Every comma starts a seat: give a command with a
    /// comma in it with --seat. The number of seats sets the number of players unless the
    /// spec, --players or --option does. Default (`play`): `random` for every seat.
    #[arg(long, short, value_name = "SEATS")]
    pub seats: Option<String>,
    /// One seat, seat 0 first, repeated for every seat: as in --seats, but commas are not
    /// split (`--seat 'exec:python3 bot.py --pair a,b' --seat random`). Not with --seats.
    #[arg(long, value_name = "SEAT", conflicts_with = "seats")]
    pub seat: Vec<String>,
}

impl SeatArgs {
    /// The seats given (empty if none were).
    pub fn labels(&self) -> Result<Vec<SeatLabel>> {
        seats_of(self.seats.as_deref(), &self.seat)
    }
}

/// Parses a comma-separated seat list. Agent settings also use commas
/// (`ismcts:iterations=2000,c=1.4`), so an item of the form `key=value` continues the previous
/// seat's settings instead of starting a new seat.
pub fn parse_seats(text: &str) -> Result<Vec<SeatLabel>> {
    SeatLabel::parse_list(text).map_err(|error| {
        let after_command = error.after_command;
        let error = anyhow::Error::new(error.error);
        if after_command {
            // A comma in a command starts a new seat here: say how to keep it in the command.
            error.context(format!(
                "in --seats every comma starts a new seat, also inside an `{EXEC_PREFIX}` command; give a command with a comma in it as one seat with --seat '{EXEC_PREFIX}…' (repeat --seat for every seat, in order)"
            ))
        } else {
            error
        }
    })
}

/// The seats given with `--seats` or with repeated `--seat` (empty if neither).
pub fn seats_of(list: Option<&str>, one_by_one: &[String]) -> Result<Vec<SeatLabel>> {
    match list {
        Some(text) => parse_seats(text),
        None => one_by_one
            .iter()
            .map(|entry| {
                entry
                    .parse::<SeatLabel>()
                    .with_context(|| format!("--seat {}", shown(entry)))
            })
            .collect(),
    }
}

/// Refuses `remote` seats in a command that plays at this terminal only (`play`, `tui`): they
/// are seated by `mousehole host`, whose players join from other terminals.
pub fn at_this_terminal(seats: &[SeatLabel], command: &str) -> Result<()> {
    if let Some(seat) = seats.iter().position(SeatLabel::is_remote) {
        anyhow::bail!(
            "seat {seat} is `{}`: `mousehole {command}` seats bots, programs and people at this terminal; a remote seat is played from another terminal through `mousehole host` (see docs/network.md)",
            seats[seat]
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = format!("{:#}", parse_seats("robot").unwrap_err());
        assert!(!err.contains("--seat"), "{err}");
    }

    #[test]
    fn one_seat_at_a_time_keeps_its_commas() {
        let seats = seats_of(
            None,
            &["exec:bot --pair a,b".to_owned(), "random".to_owned()],
        )
        .unwrap();
        assert_eq!(seats.len(), 2);
        assert_eq!(seats[0].to_string(), "exec:bot --pair a,b");
        let err = format!("{:#}", seats_of(None, &["robot".to_owned()]).unwrap_err());
        assert!(err.starts_with("--seat robot: "), "{err}");
    }
}
