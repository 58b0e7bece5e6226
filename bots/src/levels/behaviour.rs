//! What a game's levels play, as one short fingerprint: a hash of the moves and the search's
//! estimates in a few small matches played by the levels' own code (the heuristic, its
//! mistakes, the search at a few playouts over the heuristic's rollouts), so a measurement
//! counts only for the code that was measured. A level's spec says its budget; this says
//! whether the code behind it still plays the same moves: a heuristic retuned, a rollout or a
//! sampler changed, and the figures read as measured on other code, though no spec changed.

use std::fmt::Write as _;

use mousehole_engine::{GameConfig, GameDescription, Options};
use sha2::{Digest, Sha256};

use crate::game::BotGame;
use crate::levels::LevelSettings;
use crate::seat::play_agents;

/// Matches of each level against itself at each player count.
const MATCHES: u64 = 2;

/// Playouts (or iterations) a searching level gets in its fingerprint's matches: enough that
/// its rollouts make thousands of the heuristic's decisions, few enough that the
/// whole fingerprint takes a fraction of a second.
const PLAYOUTS: u64 = 8;

/// Hex digits of the hash kept: a changed behaviour goes unnoticed with chance 16^-16.
const DIGITS: usize = 16;

/// The player counts the levels are measured at (`cargo xtask strength`): heads-up and the
/// default table; a game played heads-up by default also at its fullest table, where rivals,
/// not luck alone, stand in the way.
pub fn measured_player_counts(description: &GameDescription) -> Vec<usize> {
    let mut counts = vec![2];
    if description.default_players() != 2 {
        counts.push(description.default_players());
    } else if description.max_players > 2 {
        counts.push(description.max_players);
    }
    counts
}

/// The fingerprint of what `G`'s levels play (16 hex digits): at every player count the levels
/// are measured at, two matches of each level against itself, every searching level at eight
/// playouts of its own search rather than its budget (the budget is in its spec). The
/// same on every machine, as every match is. A change of code that alters none of these
/// moves and estimates goes unnoticed: it alters so few of the heuristic's decisions (none of
/// the thousands its rollouts make here) that no measured figure could show it.
pub fn behaviour<G: BotGame>() -> String {
    behaviour_of_levels::<G>(&G::LEVELS)
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
