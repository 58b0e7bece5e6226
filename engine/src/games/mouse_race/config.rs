//! Mouse Race metadata and options: the rules summary, the tile counts and the validated
//! configuration (players, board size, bag contents, turn limit).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::MAX_PLAYERS;
use super::action::TileKind;
use super::board::{Geometry, MAX_SIZE, MIN_SIZE, Square};
use crate::error::OptionError;
use crate::options::{GameConfig, GameDescription, OptionDescription, Options};

pub(super) const INFO: GameDescription = GameDescription {
    name: "mouse-race",
    title: "Mouse Race (Wyścig myszek)",
    summary: "a tile-laying race: build a path from your corner to the cheese while cats block the way",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionDescription {
            key: "players",
            default: "2",
            allowed: "a number of players from 2 to 4",
            help: "number of players",
        },
        OptionDescription {
            key: "size",
            default: "13",
            allowed: "an odd board side from 7 to 21",
            help: "the board is size × size cells with the cheese in the centre",
        },
        OptionDescription {
            key: "tiles",
            default: "64/80/20",
            allowed: "three numbers 0…999 separated by '/': straights/curves/cats",
            help: "how many straight, curve and cat tiles the bag holds",
        },
        OptionDescription {
            key: "max_turns",
            default: "600",
            allowed: "a number of turns from 1 to 100000",
            help: "after this many turns (of single seats) the game ends in a draw",
        },
    ],
    rules: RULES,
    how_to_act: HOW_TO_ACT,
};

const HOW_TO_ACT: &str = "\
On your turn: `draw` a tile from the bag, `pass`, `back` (take your last tile back) or
`shoo` (send a cat on your open end back to the bag). After drawing:
- a straight: `place`; a curve: `left` or `right` (turning from the way your path runs);
  your first tile also names its cell, one of the two next to your corner: `place b1`;
- a cat: `cat CELL` on an empty cell (cells like chess squares: column letter, row number);
- or `decline` to put the tile back. Your path's open end is marked ^ > v < on the board.";

const RULES: &str = "\
A square board (13 × 13 cells by default, option size) has the cheese on its centre cell, ringed
by eight yellow scent cells, and a start corner per colour: seat 0 top left (a1), seat 1 top
right, seat 2 bottom right, seat 3 bottom left; with two players the seats use the opposite
corners a1 and bottom right. No tile is ever laid on a corner. A bag holds 64 straight, 80 curve
and 20 cat tiles (option tiles=S/C/K).

Each player builds one path of road tiles from his corner toward the cheese. The open end of a
path is the cell its last tile points into; before the first tile it is either cell next to the
corner. A road tile can only be laid on the open end, and only if that cell is on the board and
empty (no tile, no cat, not a corner). A straight goes on ahead, a curve turns left or right.
Paths never share a cell. The first player whose open end reaches the cheese wins at once.

On your turn do one of: draw a tile from the bag; pass; go back (your last tile returns to the
bag); shoo a cat sitting on your open end back into the bag. After a draw:
- a road tile you can lay: lay it (place; left or right for a curve; for your first tile name
  the cell too: place b1) or decline it (it goes back and your turn is over);
- a road tile you cannot lay goes back and the turn is over, but if a cat sits on your open end
  you draw once more;
- a cat: lay it (cat d9) on an empty cell that is no corner, not the cheese and no path's open
  end (both cells next to an unstarted corner count), except that on a scent cell a cat may
  block an opponent's open end; or decline it. With no cell for it, it goes back.
A turn whose only option would be pass (empty bag, no tile to take back, no cat to shoo) passes
by itself.

The game is drawn, everyone sharing first place, after max_turns turns (default 600) or when,
between two turns, the bag is empty and no path's open end is a free cell. The score of a seat
is its open end's distance to the cheese (0 for the winner).

Cells are named like chess squares: columns a… from the left, rows 1… from the top (a1 is seat
0's corner, g7 the cheese on the default board). Text forms: draw, pass, back, shoo, place,
left, right (with the cell for a first tile: place b1, left a2), cat CELL, decline; chance:
draw straight, draw curve, draw cat.";

/// How many tiles of each kind: in the bag, on the board or in the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct TileCounts {
    /// Straight road tiles.
    pub straight: u16,
    /// Curve road tiles.
    pub curve: u16,
    /// Cats.
    pub cat: u16,
}

impl TileCounts {
    pub fn get(&self, kind: TileKind) -> u16 {
        match kind {
            TileKind::Straight => self.straight,
            TileKind::Curve => self.curve,
            TileKind::Cat => self.cat,
        }
    }

    pub(super) fn get_mut(&mut self, kind: TileKind) -> &mut u16 {
        match kind {
            TileKind::Straight => &mut self.straight,
            TileKind::Curve => &mut self.curve,
            TileKind::Cat => &mut self.cat,
        }
    }

    pub fn total(&self) -> u32 {
        u32::from(self.straight) + u32::from(self.curve) + u32::from(self.cat)
    }

    /// Whether there are none: asked at every turn of a game (the bag), cheaper than the
    /// total.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.straight | self.curve | self.cat) == 0
    }

    pub(super) fn add(&mut self, kind: TileKind) {
        *self.get_mut(kind) += 1;
    }

    pub(super) fn remove(&mut self, kind: TileKind) {
        *self.get_mut(kind) -= 1;
    }
}

/// Validated options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseRaceConfig {
    players: u8,
    size: u8,
    tiles: TileCounts,
    max_turns: u32,
}

crate::config_serde!(MouseRaceConfig);

impl MouseRaceConfig {
    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn tiles(&self) -> TileCounts {
        self.tiles
    }

    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }

    pub fn geometry(&self) -> Geometry {
        Geometry { size: self.size }
    }

    /// The corner `seat` starts from: with two players the seats sit at opposite corners.
    pub fn corner(&self, seat: usize) -> Square {
        self.geometry().corners()[self.corner_index(seat)]
    }

    /// Which of [`Geometry::corners`] `seat` starts from.
    pub fn corner_index(&self, seat: usize) -> usize {
        if self.players == 2 { seat * 2 } else { seat }
    }
}

impl Default for MouseRaceConfig {
    fn default() -> Self {
        Self::defaults()
    }
}

impl GameConfig for MouseRaceConfig {
    fn description() -> &'static GameDescription {
        &INFO
    }

    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players()? as u8;
        let size = options.take("size", |text| {
            crate::options::digits(text)?
                .parse::<u8>()
                .ok()
                .filter(|&n| n % 2 == 1 && (MIN_SIZE as u8..=MAX_SIZE as u8).contains(&n))
        })?;
        let tiles = options.take("tiles", parse_tiles)?;
        let max_turns = options.take_int("max_turns", 1..=crate::options::MAX_TURNS)?;
        Ok(Self {
            players,
            size,
            tiles,
            max_turns,
        })
    }

    fn to_options(&self) -> BTreeMap<String, String> {
        let tiles = self.tiles;
        [
            ("players".to_owned(), self.players.to_string()),
            ("size".to_owned(), self.size.to_string()),
            (
                "tiles".to_owned(),
                format!("{}/{}/{}", tiles.straight, tiles.curve, tiles.cat),
            ),
            ("max_turns".to_owned(), self.max_turns.to_string()),
        ]
        .into()
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}

fn parse_tiles(text: &str) -> Option<TileCounts> {
    let parts: Vec<u16> = text
        .split('/')
        .map(|part| {
            crate::options::digits(part.trim())?
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= 999)
        })
        .collect::<Option<_>>()?;
    match parts[..] {
        [straight, curve, cat] => Some(TileCounts {
            straight,
            curve,
            cat,
        }),
        _ => None,
    }
}
