//! The game a command plays: the positional spec (`cheese-day:players=4`) with the
//! `--players` and `--option` flags added, where a setting given twice is an error that names
//! both places it was given.

use std::collections::BTreeMap;

use anyhow::{Result, bail};
use mousehole_engine::text::shown;
use mousehole_engine::{GameDescription, GameSpec};

/// The game a command plays, as the command line gives it: the spec and the flags that add to
/// it.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The game, optionally with options (the games are listed at run time).
    pub game: String,
    /// Number of players (the same as the option players=N).
    #[arg(long, short, value_name = "N", value_parser = crate::numbers::players, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// A game option, `key=value` (repeatable; `mousehole rules GAME` lists them). A setting
    /// may be given only once, here, in the spec or by --players.
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The game spec these give ([`game_spec`]).
    pub fn spec(&self) -> Result<GameSpec> {
        game_spec(&self.game, self.players, &self.options)
    }
}

/// A table as `play` and `host` set it: the game, who sits where, how programs are run, and
/// the seed.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub seats: crate::seats::SeatArgs,
    #[command(flatten)]
    pub external: crate::external::ExternalArgs,
    /// Seed for chance and the bots (0 to 18446744073709551615); the same seed and seats
    /// replay the same game. Default: a fresh random seed (recorded in the transcript).
    #[arg(long, value_parser = crate::numbers::seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

impl TableArgs {
    /// The game and its seats; the number of seats listed sets the number of players unless
    /// the spec, --players or --option does ([`players_from_seats`]).
    pub fn game_and_seats(&self) -> Result<(GameSpec, Vec<mousehole_bots::SeatLabel>)> {
        let mut spec = self.game.spec()?;
        let seats = self.seats.labels()?;
        if !seats.is_empty() {
            players_from_seats(&mut spec, seats.len())?;
        }
        Ok((spec, seats))
    }

    /// The seed given, or a fresh one.
    pub fn seed(&self) -> u64 {
        use rand::RngExt;
        self.seed
            .unwrap_or_else(|| rand::rng().random_range(0..1_000_000_000))
    }
}

/// Builds the game spec from the positional spec and the `--players` / `--option` flags.
pub fn game_spec(game: &str, players: Option<usize>, options: &[String]) -> Result<GameSpec> {
    let mut spec: GameSpec = game.parse()?;
    // Where each setting came from, for the message when one is given twice.
    let mut sources: BTreeMap<String, String> = spec
        .options()
        .description()
        .option_keys()
        .into_iter()
        .filter_map(|key| {
            let value = spec.options().given(key)?;
            Some((key.to_owned(), format!("the spec's {key}={}", shown(value))))
        })
        .collect();
    let mut settings = Vec::new();
    if let Some(players) = players {
        settings.push((
            "players".to_owned(),
            players.to_string(),
            format!("--players {players}"),
        ));
    }
    for option in options {
        let Some((key, value)) = option.split_once('=') else {
            bail!(
                "--option '{}': write key=value (see `mousehole rules {spec}` for the options)",
                shown(option)
            );
        };
        let (key, value) = (key.trim(), value.trim());
        settings.push((
            key.to_owned(),
            value.to_owned(),
            format!("--option {}", shown(option)),
        ));
    }
    for (key, value, source) in settings {
        if let Some(first) = sources.get(&key) {
            bail!(
                "{first} and {source} both set option '{}'; give it once",
                shown(&key)
            );
        }
        spec.set(&key, &value)?;
        sources.insert(key, source);
    }
    Ok(spec)
}

/// Sets the player count from the number of seats listed when nothing else gave it (neither
/// the spec, `--players` nor `--option`) and the game allows that many: `--seats a,b` plays
/// a two-player game. Otherwise the spec stays as it is, and a count that does not match
/// the seats is reported where the seats are checked.
pub fn players_from_seats(spec: &mut GameSpec, seats: usize) -> Result<()> {
    let description = spec.description();
    if spec.options().given("players").is_none()
        && (description.min_players..=description.max_players).contains(&seats)
    {
        spec.set("players", &seats.to_string())?;
    }
    Ok(())
}

/// Fails unless `seats` seats were listed for a `players`-player game of `description`'s.
pub fn seats_fit(description: &GameDescription, seats: usize, players: usize) -> Result<()> {
    if seats != players {
        let given = match seats {
            1 => "1 seat".to_owned(),
            n => format!("{n} seats"),
        };
        bail!(
            "{given} given for a {players}-player game ({} is for {} to {} players); list one agent spec or `human` per seat, e.g. --seats {}",
            description.name,
            description.min_players,
            description.max_players,
            vec!["random"; players].join(",")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(game: &str, players: Option<usize>, options: &[&str]) -> String {
        let options: Vec<String> = options.iter().map(|&s| s.to_owned()).collect();
        game_spec(game, players, &options).unwrap_err().to_string()
    }

    #[test]
    fn a_setting_given_twice_names_both_places() {
        assert_eq!(
            error("cheese-day", Some(2), &["players=5"]),
            "--players 2 and --option players=5 both set option 'players'; give it once"
        );
        assert_eq!(
            error("cheese-day:players=3", Some(2), &[]),
            "the spec's players=3 and --players 2 both set option 'players'; give it once"
        );
        assert_eq!(
            error(
                "cheese-day",
                None,
                &["traps=1/1/1/1/1/1", "traps=2/2/2/2/2/2"]
            ),
            "--option traps=1/1/1/1/1/1 and --option traps=2/2/2/2/2/2 both set option 'traps'; give it once"
        );
    }

    #[test]
    fn settings_from_every_place_combine() {
        let options = vec!["traps=0/0/0/0/0/6".to_owned()];
        let spec = game_spec("cheese-day", Some(4), &options).unwrap();
        assert_eq!(spec.options().given("players"), Some("4"));
        assert_eq!(spec.options().given("traps"), Some("0/0/0/0/0/6"));
    }

    #[test]
    fn the_seats_set_the_player_count_only_when_nothing_else_did() {
        let players = |game: &str, given: Option<usize>, seats: usize| {
            let mut spec = game_spec(game, given, &[]).unwrap();
            players_from_seats(&mut spec, seats).unwrap();
            spec.canonical().unwrap()
        };
        assert!(players("cheese-day", None, 2).contains("players=2"));
        assert!(players("cheese-day", None, 5).contains("players=5"));
        assert!(players("cheese-day:players=4", None, 2).contains("players=4"));
        assert!(players("cheese-day", Some(4), 2).contains("players=4"));
        // Outside the game's range the default stays, for the seat check to report.
        assert!(players("cheese-day", None, 1).contains("players=3"));
        assert!(players("mouse-race", None, 9).contains("players=2"));
    }
}
