//! The levels: `easy`, `medium` and `hard` name calibrated ISMCTS settings, one row per game
//! (the games differ a lot in how fast a playout runs), so a person picks a strength, not an
//! iteration count. Iteration budgets, not times: a level plays the same moves on any machine.
//!
//! The table is the [`Levels`] impl of every game below, required of every game the bots play
//! ([`crate::BotGame`]), so a new game does not compile until it has its row. The budgets were
//! chosen in release on the two-core reference machine (`mousehole tournament … --json`, its
//! mean and max ms per decision): `medium` within 100 ms and `hard` within 1 s per decision at
//! worst over whole games at two players and at the default count, with room left for a busy
//! machine; `hard` is kept well under its second because the strength report must play it
//! hundreds of times in half an hour. Heuristic rollouts everywhere: against the heuristic at
//! equal iterations they were no weaker than random ones within the noise (Cheese Day, Mouse
//! Trap) or stronger (Moose in the House heads-up: 0.70 at 3000 iterations over 100 games,
//! random rollouts 0.50–0.55 at 10000–30000 over 40 games); the exploration constant 0.7 beat 0.3 and 1.5 in Moose in the House
//! (3000 iterations, 100 games: 0.71 against 0.60 and 0.61) and tied them in Cheese Day.
//! The measured times and win rates are in `docs/STRENGTH.md`.

use std::fmt;

use mousehole_engine::Game;
use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::games::moose_house::MooseHouse;
use mousehole_engine::games::mouse_race::MouseRace;
use mousehole_engine::games::mouse_trap::MouseTrap;

use crate::ismcts::IsmctsSettings;
use crate::search::Effort;
use crate::spec::{AgentSpec, Rollout};

/// A named strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The agent spec's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one level of one game plays: ISMCTS with these settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// Search iterations per decision.
    pub iterations: u64,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// How sampled worlds are played out.
    pub rollout: Rollout,
}

impl LevelSettings {
    /// The search settings (one thread: a level is deterministic for a seed).
    pub fn ismcts(self) -> IsmctsSettings {
        IsmctsSettings {
            effort: Effort::iterations(self.iterations),
            exploration: self.exploration,
            threads: 1,
        }
    }

    /// The same agent written as an `ismcts:` spec.
    pub fn spec(self) -> AgentSpec {
        let rollout = match self.rollout {
            Rollout::Random => "random",
            Rollout::Heuristic => "heuristic",
        };
        format!(
            "ismcts:iterations={},c={},rollout={rollout}",
            self.iterations, self.exploration
        )
        .parse()
        .expect("level settings are within the ismcts settings' ranges")
    }

    /// This spec with another iteration budget (the strength report's budget sweep).
    pub fn with_iterations(self, iterations: u64) -> AgentSpec {
        LevelSettings { iterations, ..self }.spec()
    }
}

/// A game's row of the level table: the settings of `easy`, `medium` and `hard`.
pub trait Levels: Game {
    /// Indexed by [`Level`], weakest first.
    const LEVELS: [LevelSettings; 3];

    /// The settings of `level` in this game.
    fn level(level: Level) -> LevelSettings {
        Self::LEVELS[level.index()]
    }
}

const fn level(iterations: u64, exploration: f64, rollout: Rollout) -> LevelSettings {
    LevelSettings {
        iterations,
        exploration,
        rollout,
    }
}

impl Levels for CheeseDay {
    const LEVELS: [LevelSettings; 3] = [
        level(300, 0.7, Rollout::Heuristic),
        level(3_000, 0.7, Rollout::Heuristic),
        level(20_000, 0.7, Rollout::Heuristic),
    ];
}

impl Levels for MooseHouse {
    const LEVELS: [LevelSettings; 3] = [
        level(300, 0.7, Rollout::Heuristic),
        level(2_000, 0.7, Rollout::Heuristic),
        level(10_000, 0.7, Rollout::Heuristic),
    ];
}

impl Levels for MouseTrap {
    const LEVELS: [LevelSettings; 3] = [
        level(300, 0.7, Rollout::Heuristic),
        level(3_000, 0.7, Rollout::Heuristic),
        level(30_000, 0.7, Rollout::Heuristic),
    ];
}

impl Levels for MouseRace {
    const LEVELS: [LevelSettings; 3] = [
        level(200, 0.7, Rollout::Heuristic),
        level(1_000, 0.7, Rollout::Heuristic),
        level(6_000, 0.7, Rollout::Heuristic),
    ];
}

/// One game's row, by the game's name: for listings (`mousehole list`) and reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameLevels {
    /// The game's name (`cheese-day`).
    pub game: &'static str,
    /// Indexed by [`Level`], weakest first.
    pub levels: [LevelSettings; 3],
}

impl GameLevels {
    /// The settings of `level`.
    pub fn level(&self, level: Level) -> LevelSettings {
        self.levels[level.index()]
    }
}

/// The whole table, in the order of the game list.
pub fn level_table() -> Vec<GameLevels> {
    let mut rows = Vec::new();
    macro_rules! row {
        ($module:ident, $game:ty) => {
            rows.push(GameLevels {
                game: <$game as Game>::info().name,
                levels: <$game as Levels>::LEVELS,
            });
        };
    }
    mousehole_engine::for_each_game!(row);
    rows
}

/// The settings of `level` in the game named `game`, if there is such a game.
pub fn level_of(game: &str, level: Level) -> Option<LevelSettings> {
    level_table()
        .into_iter()
        .find(|row| row.game == game)
        .map(|row| row.level(level))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Settings;

    #[test]
    fn every_game_has_a_row_and_levels_climb() {
        let table = level_table();
        let names: Vec<&str> = mousehole_engine::registry::games()
            .iter()
            .map(|info| info.name)
            .collect();
        assert_eq!(table.iter().map(|row| row.game).collect::<Vec<_>>(), names);
        for row in &table {
            for pair in row.levels.windows(2) {
                assert!(
                    pair[0].iterations < pair[1].iterations,
                    "{}: each level searches more than the one below",
                    row.game
                );
            }
        }
    }

    #[test]
    fn a_level_reads_as_its_ismcts_spec() {
        let hard = CheeseDay::level(Level::Hard);
        let spec = hard.spec();
        let Settings::Ismcts { settings, rollout } = spec.validate().unwrap() else {
            panic!("a level is an ismcts search")
        };
        assert_eq!(settings, hard.ismcts());
        assert_eq!(rollout, hard.rollout);
        assert_eq!(level_of("cheese-day", Level::Hard), Some(hard));
        assert_eq!(level_of("chess", Level::Hard), None);
        let fewer = hard.with_iterations(7);
        assert_eq!(fewer.settings["iterations"], "7");
        assert_eq!(fewer.settings["c"], hard.exploration.to_string());
        assert_eq!(fewer.settings["rollout"], hard.spec().settings["rollout"]);
    }
}
