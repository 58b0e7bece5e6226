//! What a game's levels play, as one short fingerprint: a hash of the moves and the search's
//! estimates in a few small matches played by the levels' own code (the heuristic, its
//! mistakes, the search at a few playouts over the heuristic's rollouts), so a measurement
//! counts only for the code that was measured. A level's spec says its budget; this says
//! whether the code behind it still plays the same moves: a heuristic retuned, a rollout or a
//! sampler changed, and the figures read as measured on other code, though no spec changed.
//!
//! It is worked out where a measurement is made or checked (`cargo xtask strength`, the
//! tests), never when a program starts: each game's measured file records what its levels
//! play ([`crate::levels::Measurements::plays_now`]), and the test
//! `every_games_levels_play_as_its_measured_file_says` holds the record to the code.

use std::fmt::Write as _;
use std::sync::OnceLock;

use mousehole_engine::{Game, GameConfig, Options};
use sha2::{Digest, Sha256};

use crate::game::BotGame;
use crate::levels::{LevelSettings, measured_player_counts};
use crate::seat::play_agents;

/// Matches of each level against itself at each player count.
const MATCHES: u64 = 2;

/// Playouts (or iterations) a searching level gets in its fingerprint's matches: enough that
/// its rollouts make thousands of the heuristic's decisions, few enough that the
/// whole fingerprint takes a fraction of a second.
const PLAYOUTS: u64 = 8;

/// Hex digits of the hash kept: a changed behaviour goes unnoticed with chance 16^-16.
const DIGITS: usize = 16;

/// The fingerprint of what `G`'s levels play (16 hex digits): at every player count the levels
/// are measured at, two matches of each level against itself, every searching level at eight
/// playouts of its own search rather than its budget (the budget is in its spec). The
/// same on every machine, as every match is. A change of code that alters none of these
/// moves and estimates goes unnoticed: it alters so few of the heuristic's decisions (none of
/// the thousands its rollouts make here) that no measured figure could show it.
pub fn behaviour<G: BotGame>() -> String {
    behaviour_of_levels::<G>(&G::LEVELS)
}

/// What the levels of the game named `game` play now ([`behaviour`]), worked out the first
/// time it is asked (Mouse Race's takes about a third of a second in release), if there is
/// such a game.
pub fn behaviour_of(game: &str) -> Option<&'static str> {
    let mut found = None;
    macro_rules! of {
        ($module:ident, $game:ty) => {
            if <<$game as Game>::Config as GameConfig>::description().name == game {
                static BEHAVIOUR: OnceLock<String> = OnceLock::new();
                found = Some(BEHAVIOUR.get_or_init(behaviour::<$game>).as_str());
            }
        };
    }
    mousehole_engine::for_each_game!(of);
    found
}

/// The fingerprint of `levels` (a row of the level table) playing game `G`.
fn behaviour_of_levels<G: BotGame>(levels: &[LevelSettings; 4]) -> String {
    let description = G::Config::description();
    let mut hash = Sha256::new();
    let mut played: Vec<String> = Vec::new();
    for players in measured_player_counts(description) {
        let config: G::Config = Options::parse(description, &format!("players={players}"))
            .and_then(Options::into_config)
            .unwrap_or_else(|error| panic!("{} at {players} players: {error}", description.name));
        for settings in levels {
            let spec = if settings.searches() {
                settings.with_iterations(PLAYOUTS)
            } else {
                settings.spec()
            };
            // Levels that differ only in budget play the same here: play them once. Only
            // what they play goes into the hash, not their specs (those are compared apart).
            let key = format!("{players} {spec}");
            if played.contains(&key) {
                continue;
            }
            played.push(key);
            hash.update(format!("{players} players\n").as_bytes());
            let seats = vec![spec; players];
            for seed in 1..=MATCHES {
                let (game, _) = play_agents::<G>(&config, &seats, seed);
                for event in game.events() {
                    hash.update(event.action.to_string().as_bytes());
                    hash.update(b"\n");
                }
                // The search's estimates hang on every move of every rollout, so they change
                // with the heuristic even where the moves played do not. Rounded, so that a
                // last-bit difference in a maths library cannot tell machines apart.
                for notes in game.event_notes() {
                    let Some(info) = &notes.info else { continue };
                    let mut line = format!("{} {:?}", notes.index, info.visits);
                    if let Some(win) = info.win {
                        let _ = write!(line, " {win:.4}");
                    }
                    for estimate in &info.actions {
                        let _ = write!(
                            line,
                            " {}:{}:{:.4}",
                            estimate.action, estimate.visits, estimate.win
                        );
                    }
                    hash.update(line.as_bytes());
                    hash.update(b"\n");
                }
            }
        }
    }
    let digest = hash.finalize();
    let mut hex = String::with_capacity(DIGITS);
    for byte in digest.iter().take(DIGITS / 2) {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::Levels;
    use mousehole_engine::games::cheese_day::CheeseDay;
    use mousehole_engine::games::mouse_race::MouseRace;

    #[test]
    fn the_fingerprint_is_the_same_every_time_and_differs_between_games() {
        let cheese_day = behaviour::<CheeseDay>();
        assert_eq!(cheese_day.len(), DIGITS);
        assert!(cheese_day.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(behaviour::<CheeseDay>(), cheese_day);
        assert_ne!(behaviour::<MouseRace>(), cheese_day);
    }

    #[test]
    fn levels_that_play_otherwise_have_another_fingerprint() {
        let levels = CheeseDay::LEVELS;
        let now = behaviour_of_levels::<CheeseDay>(&levels);
        assert_eq!(now, behaviour::<CheeseDay>());
        // Only play counts: a budget is the spec's to say, and a search at another budget
        // plays its fingerprint's matches at the same few playouts.
        let mut richer = levels;
        richer[3].iterations += 1;
        assert_eq!(behaviour_of_levels::<CheeseDay>(&richer), now);
        // Easy erring a little more often plays other moves in its matches.
        let mut erring = levels;
        erring[0] = crate::levels::heuristic(0.35);
        assert_ne!(behaviour_of_levels::<CheeseDay>(&erring), now);
        // A search whose playouts are cut short after one decision estimates otherwise.
        let mut cut = levels;
        cut[2].rollout = crate::spec::Rollout::Heuristic { depth: Some(1) };
        assert_ne!(behaviour_of_levels::<CheeseDay>(&cut), now);
    }

    /// What starts a program trusts (the measured files' record of what the levels play) is
    /// what the code plays.
    #[test]
    fn every_games_levels_play_as_its_measured_file_says() {
        for row in crate::levels::level_table() {
            let now = behaviour_of(row.game).expect("a row per game");
            let file = format!("bots/src/heuristic/measured/{}.json", row.module);
            let measured = row.measured;
            if measured.behaviour.is_none() && measured.measurements.is_empty() {
                continue;
            }
            let recorded = measured.plays_now();
            assert!(
                recorded == Some(now),
                "{game}'s levels now play with behaviour fingerprint {now}, but {file} records {recorded:?}. \
                 {advice}",
                game = row.game,
                recorded = recorded.unwrap_or("none"),
                advice = if measured.behaviour.as_deref() == Some(now) {
                    format!("They play as measured again: delete the \"plays\" line from {file}.")
                } else {
                    format!(
                        "Their figures were measured on code that played otherwise: measure them \
                         again (`cargo xtask strength --game {game}`), or meanwhile set \
                         \"plays\": \"{now}\" in {file}, so that `mousehole list` and the setup \
                         screen say the levels are not measured as they play now.",
                        game = row.game
                    )
                }
            );
        }
    }

    #[test]
    fn levels_are_measured_heads_up_and_at_the_default_or_fullest_table() {
        let counts = |game: &str| {
            let games = mousehole_engine::registry::games();
            let description = games.iter().find(|d| d.name == game).unwrap();
            measured_player_counts(description)
        };
        assert_eq!(counts("cheese-day"), [2, 3]);
        assert_eq!(counts("mouse-race"), [2, 4]);
    }
}
