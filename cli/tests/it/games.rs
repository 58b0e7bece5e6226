//! The games the tests play through the binary: every game of the game list
//! (`for_each_game!`), each with the options of a short game (a debug build plays them, several
//! times over). A game that does not say what its short game is does not compile.

use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::games::moose_house::MooseHouse;
use mousehole_engine::games::mouse_race::MouseRace;
use mousehole_engine::games::mouse_trap::MouseTrap;
use mousehole_engine::{Game, GameConfig};

trait Short: Game {
    /// Options for a short game at the default player count.
    const OPTIONS: &'static str;
}

impl Short for CheeseDay {
    const OPTIONS: &'static str = "";
}

impl Short for MooseHouse {
    const OPTIONS: &'static str = "";
}

impl Short for MouseTrap {
    /// A small trap: somebody is caught soon.
    const OPTIONS: &'static str = "trap_parts=4";
}

impl Short for MouseRace {
    const OPTIONS: &'static str = "size=7,max_turns=40";
}

/// A short game of each game of the game list, in its order: the spec and the player count.
pub fn short_games() -> Vec<(String, usize)> {
    let mut games = Vec::new();
    macro_rules! short {
        ($module:ident, $game:ty) => {
            let options = <$game as Short>::OPTIONS;
            let players = mousehole_engine::testing::config::<$game>(options).players();
            games.push((
                format!(
                    "{}:{options}",
                    <<$game as Game>::Config as GameConfig>::info().name
                ),
                players,
            ));
        };
    }
    mousehole_engine::for_each_game!(short);
    games
}

/// The seats of a game of `players`: `even` in the even seats, `odd` in the others.
pub fn alternating(even: &str, odd: &str, players: usize) -> String {
    (0..players)
        .map(|seat| if seat % 2 == 0 { even } else { odd })
        .collect::<Vec<_>>()
        .join(",")
}
