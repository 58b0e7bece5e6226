//! The games the tests play through the binary: every game of the game list
//! (`for_each_game!`), each with the options of its short game (`Fixtures::SHORT`, stated in the
//! game's folder; a debug build plays them, several times over).

use mousehole_engine::GameConfig;
use mousehole_engine::testing::Fixtures;

/// A short game of each game of the game list, in its order: the spec and the player count.
pub fn short_games() -> Vec<(String, usize)> {
    let mut games = Vec::new();
    macro_rules! short {
        ($module:ident, $game:ty) => {
            let options = <$game as Fixtures>::SHORT;
            let players = mousehole_engine::testing::config::<$game>(options).players();
            games.push((<$game as Fixtures>::spec(options), players));
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
