//! Mouse Race board geometry: squares with chess-like names, directions of travel, positions
//! that may lie off the board, cells and the fixed-size board array.

use std::borrow::Cow;
use std::fmt::{self, Display};
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

/// The largest board side the `size` option allows.
pub const MAX_SIZE: usize = 21;
/// The smallest board side the `size` option allows.
pub const MIN_SIZE: usize = 7;

/// A cell of the board: row 0 is the top row, column 0 the leftmost. Written like a chess
/// square: column letter, then row number from 1 (`a1` is the top-left corner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    /// The top-left corner, `a1`.
    pub const A1: Square = Square { row: 0, col: 0 };

    pub const fn new(row: u8, col: u8) -> Self {
        Self { row, col }
    }

    /// The position one step away in `dir` (possibly off the board).
    pub fn step(self, dir: Dir) -> Spot {
        Spot::from(self).step(dir)
    }

    /// The square one step away in `dir` on a board of side `size`, if it lies on the board.
    ///
    /// Stepped by the direction's deltas rather than matched arm by arm: a laid tile's exit is
    /// random in a random game, and the jump table of a `match` on it was mispredicted at most
    /// tiles (issue 42).
    #[inline]
    pub fn neighbour(self, dir: Dir, size: u8) -> Option<Square> {
        let (rows, cols) = dir.delta();
        let (row, col) = (i16::from(self.row) + rows, i16::from(self.col) + cols);
        let on_board = 0..i16::from(size);
        (on_board.contains(&row) && on_board.contains(&col))
            .then(|| Square::new(row as u8, col as u8))
    }

    /// The direction from `self` to an orthogonally adjacent `other`.
    pub fn direction_to(self, other: Square) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.step(d) == Spot::from(other))
    }

    /// Parses `b1`-style text: a column letter `a`…`u` and a row number 1…21 without leading
    /// zeros. `None` for anything else.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let col = u32::from(letter) - u32::from('a');
        let digits = chars.as_str();
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        let col = col as usize;
        ((1..=MAX_SIZE).contains(&row) && col < MAX_SIZE)
            .then(|| Square::new((row - 1) as u8, col as u8))
    }
}

impl Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col),
            u32::from(self.row) + 1
        )
    }
}

impl FromStr for Square {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Square::parse(text).ok_or_else(|| {
            format!("'{text}' is not a cell; expected a column letter a…u and a row 1…21 (e.g. b1)")
        })
    }
}

impl Square {
    /// The name written into a small buffer, without the formatting machinery: squares are
    /// serialised at every state of the conformance games.
    fn name_bytes(self) -> ([u8; 3], usize) {
        let row = self.row + 1;
        let letter = b'a' + self.col;
        if row < 10 {
            ([letter, b'0' + row, 0], 2)
        } else {
            ([letter, b'0' + row / 10, b'0' + row % 10], 3)
        }
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (bytes, len) = self.name_bytes();
        serializer.serialize_str(std::str::from_utf8(&bytes[..len]).expect("ASCII"))
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SquareVisitor;
        impl serde::de::Visitor<'_> for SquareVisitor {
            type Value = Square;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square name such as b1")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Square, E> {
                text.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(SquareVisitor)
    }
}

/// Written as its name, `"b1"`: the schema says so (a pattern of the names a board of the
/// largest size has).
impl JsonSchema for Square {
    fn schema_name() -> Cow<'static, str> {
        "Cell".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^[a-u]([1-9]|1[0-9]|2[01])$",
            "description": "A cell named like a chess square: its column letter (a is the leftmost column), then its row number (1 is the top row). a1 is the top-left corner, seat 0's.",
            "examples": ["a1", "g7", "m13"]
        })
    }
}

/// A direction of travel on the board (north is up, toward row 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Up, toward row 1.
    North,
    /// Right, toward the later column letters.
    East,
    /// Down, toward the higher row numbers.
    South,
    /// Left, toward column a.
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// Row and column change of one step.
    pub fn delta(self) -> (i16, i16) {
        match self {
            Dir::North => (-1, 0),
            Dir::East => (0, 1),
            Dir::South => (1, 0),
            Dir::West => (0, -1),
        }
    }

    /// The direction after a left turn, as seen by someone travelling in `self`.
    pub fn left(self) -> Dir {
        match self {
            Dir::North => Dir::West,
            Dir::West => Dir::South,
            Dir::South => Dir::East,
            Dir::East => Dir::North,
        }
    }

    /// The direction after a right turn, as seen by someone travelling in `self`.
    /// The direction `quarters` quarter turns clockwise (right) from this one.
    #[inline]
    pub fn turned(self, quarters: u8) -> Dir {
        Dir::ALL[(self as usize + usize::from(quarters)) % 4]
    }

    pub fn right(self) -> Dir {
        self.left().opposite()
    }

    pub fn opposite(self) -> Dir {
        self.left().left()
    }
}

impl Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        })
    }
}

/// A position that may lie off the board: where a path's open end points after it has run
/// into an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spot {
    pub row: i16,
    pub col: i16,
}

impl Spot {
    pub fn step(self, dir: Dir) -> Spot {
        let (dr, dc) = dir.delta();
        Spot {
            row: self.row + dr,
            col: self.col + dc,
        }
    }

    /// The square at this position on a board of side `size`, if it lies on it.
    pub fn square(self, size: u8) -> Option<Square> {
        let size = i16::from(size);
        ((0..size).contains(&self.row) && (0..size).contains(&self.col))
            .then(|| Square::new(self.row as u8, self.col as u8))
    }

    /// Manhattan distance to a square.
    pub fn distance(self, to: Square) -> u32 {
        u32::from((self.row - i16::from(to.row)).unsigned_abs())
            + u32::from((self.col - i16::from(to.col)).unsigned_abs())
    }
}

impl From<Square> for Spot {
    fn from(square: Square) -> Self {
        Spot {
            row: i16::from(square.row),
            col: i16::from(square.col),
        }
    }
}

impl Spot {
    /// The square's name on a board of side `size`, or `off the board`.
    pub fn name(self, size: u8) -> String {
        match self.square(size) {
            Some(square) => square.to_string(),
            None => "off the board".to_owned(),
        }
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// Nothing (also the start corners and the cheese, which the rules keep free).
    #[default]
    Empty,
    Cat,
    /// A road tile of `seat`'s path, entered travelling `entry` and left travelling `exit`:
    /// a straight when the two are equal, else a curve.
    Road {
        seat: u8,
        entry: Dir,
        exit: Dir,
    },
}

impl Cell {
    const EMPTY: u8 = 0;
    const CAT: u8 = 1;
    /// Road codes: this bit, the seat in bits 4…5, entry in bits 2…3, exit in bits 0…1.
    const ROAD: u8 = 0x80;

    fn encode(self) -> u8 {
        let dir = |d: Dir| match d {
            Dir::North => 0,
            Dir::East => 1,
            Dir::South => 2,
            Dir::West => 3,
        };
        match self {
            Cell::Empty => Self::EMPTY,
            Cell::Cat => Self::CAT,
            Cell::Road { seat, entry, exit } => {
                Self::ROAD | (seat & 3) << 4 | dir(entry) << 2 | dir(exit)
            }
        }
    }

    fn decode(code: u8) -> Cell {
        match code {
            Self::EMPTY => Cell::Empty,
            Self::CAT => Cell::Cat,
            _ => Cell::Road {
                seat: (code >> 4) & 3,
                entry: Dir::ALL[usize::from((code >> 2) & 3)],
                exit: Dir::ALL[usize::from(code & 3)],
            },
        }
    }
}

/// The board's cells, as a fixed array of the largest size; a smaller board uses the top-left
/// part and leaves the rest empty. Cells are stored as one byte each, with a bit per occupied
/// column for each row, so cloning and comparing a board are plain memory operations and
/// finding the occupied cells skips the empty ones. Serialised sparsely: a map from the name of
/// each occupied square to its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [[u8; MAX_SIZE]; MAX_SIZE],
    /// Per row, bit `col` set when that cell is not empty (kept in step by [`Board::set`]).
    occupied_columns: [u32; MAX_SIZE],
}

impl Default for Board {
    fn default() -> Self {
        Self {
            cells: [[Cell::EMPTY; MAX_SIZE]; MAX_SIZE],
            occupied_columns: [0; MAX_SIZE],
        }
    }
}

impl Board {
    pub fn get(&self, square: Square) -> Cell {
        Cell::decode(self.cells[usize::from(square.row)][usize::from(square.col)])
    }

    #[allow(
        clippy::inline_always,
        reason = "the rules set cells of a known kind: inlined, the encoding folds away (the \
                  compiler otherwise keeps it a call)"
    )]
    #[inline(always)]
    pub fn set(&mut self, square: Square, cell: Cell) {
        let (row, col) = (usize::from(square.row), usize::from(square.col));
        let code = cell.encode();
        self.cells[row][col] = code;
        if code == Cell::EMPTY {
            self.occupied_columns[row] &= !(1 << col);
        } else {
            self.occupied_columns[row] |= 1 << col;
        }
    }

    /// The directions of travel into and out of the road tile on `square`, read from its
    /// code without decoding the whole cell: taking a tile back needs only these.
    ///
    /// # Panics
    /// In debug builds, if `square` holds no road tile.
    #[inline]
    pub fn road_dirs(&self, square: Square) -> (Dir, Dir) {
        let code = self.cells[usize::from(square.row)][usize::from(square.col)];
        debug_assert!(code & Cell::ROAD != 0, "no road tile on {square}");
        (
            Dir::ALL[usize::from((code >> 2) & 3)],
            Dir::ALL[usize::from(code & 3)],
        )
    }

    /// Whether a cat sits on `square` (without decoding the cell).
    #[inline]
    pub fn is_cat(&self, square: Square) -> bool {
        self.cells[usize::from(square.row)][usize::from(square.col)] == Cell::CAT
    }

    /// The occupied cells of one row (0 is the top; rows past the board's side are empty):
    /// bit `col` set when that cell holds a road tile or a cat. Public for planners that work
    /// on the board's bits.
    #[inline]
    pub fn occupied_row(&self, row: usize) -> u32 {
        self.occupied_columns[row]
    }

    /// The cats of one row: bit `col` set where a cat sits. Public for planners, which treat
    /// a cat (it can be shooed) apart from a road tile (it stays).
    #[inline]
    pub fn cat_row(&self, row: usize) -> u32 {
        // A byte-wise comparison over the whole row: branch-free, which the compiler turns
        // into a few vector instructions.
        self.cells[row]
            .iter()
            .enumerate()
            .fold(0, |bits, (col, &code)| {
                bits | u32::from(code == Cell::CAT) << col
            })
    }

    /// Every square of a board of side `size`, row by row.
    pub fn squares(size: u8) -> impl Iterator<Item = Square> {
        (0..size).flat_map(move |row| (0..size).map(move |col| Square::new(row, col)))
    }

    /// Every occupied square of a board of side `size` with its cell, row by row. Not for the
    /// playout path: checks, observations and serialisation use it.
    pub fn occupied(&self, size: u8) -> Vec<(Square, Cell)> {
        let mut found = Vec::with_capacity(32);
        let inside = (1u32 << size) - 1;
        for (row, &columns) in self.occupied_columns[..usize::from(size)]
            .iter()
            .enumerate()
        {
            let mut columns = columns & inside;
            while columns != 0 {
                let col = columns.trailing_zeros() as usize;
                columns &= columns - 1;
                let square = Square::new(row as u8, col as u8);
                found.push((square, Cell::decode(self.cells[row][col])));
            }
        }
        found
    }

    /// Whether every cell outside a board of side `size` is empty, as the rules keep them.
    pub fn margin_is_empty(&self, size: u8) -> bool {
        let size = usize::from(size);
        self.occupied_columns[..size]
            .iter()
            .all(|&columns| columns >> size == 0)
            && self.occupied_columns[size..]
                .iter()
                .all(|&columns| columns == 0)
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.occupied(MAX_SIZE as u8))
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BoardVisitor;
        impl<'de> serde::de::Visitor<'de> for BoardVisitor {
            type Value = Board;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from square names to cells")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Board, M::Error> {
                let mut board = Board::default();
                while let Some((square, cell)) = map.next_entry::<Square, Cell>()? {
                    board.set(square, cell);
                }
                Ok(board)
            }
        }
        deserializer.deserialize_map(BoardVisitor)
    }
}

/// The fixed places of a board of side `size`: corners, cheese and scent cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub size: u8,
}

impl Geometry {
    /// The four start corners clockwise from the top left: those of seats 0…3 with four players.
    pub const fn corners(self) -> [Square; 4] {
        let last = self.size - 1;
        [
            Square::new(0, 0),
            Square::new(0, last),
            Square::new(last, last),
            Square::new(last, 0),
        ]
    }

    pub fn cheese(self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }

    pub fn is_corner(self, square: Square) -> bool {
        self.corners().contains(&square)
    }

    /// The eight cells around the cheese, row by row.
    pub fn scent_cells(self) -> impl Iterator<Item = Square> {
        let cheese = self.cheese();
        (cheese.row - 1..=cheese.row + 1)
            .flat_map(move |row| {
                (cheese.col - 1..=cheese.col + 1).map(move |col| Square::new(row, col))
            })
            .filter(move |&square| square != cheese)
    }

    /// One of the eight cells around the cheese.
    pub fn is_scent(self, square: Square) -> bool {
        let cheese = self.cheese();
        square != cheese
            && square.row.abs_diff(cheese.row) <= 1
            && square.col.abs_diff(cheese.col) <= 1
    }

    /// The two cells next to a corner, each with the direction of travel from the corner into
    /// it: the one along the top or bottom edge first.
    pub const fn starts(self, corner: Square) -> [(Square, Dir); 2] {
        let (along_row, col) = if corner.col == 0 {
            (Dir::East, 1)
        } else {
            (Dir::West, corner.col - 1)
        };
        let (along_col, row) = if corner.row == 0 {
            (Dir::South, 1)
        } else {
            (Dir::North, corner.row - 1)
        };
        [
            (Square::new(corner.row, col), along_row),
            (Square::new(row, corner.col), along_col),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_like_chess_from_the_top_left() {
        assert_eq!(Square::parse("a1"), Some(Square::new(0, 0)));
        assert_eq!(Square::parse("g7"), Some(Square::new(6, 6)));
        assert_eq!(Square::parse("u21"), Some(Square::new(20, 20)));
        assert_eq!(Square::new(12, 3).to_string(), "d13");
        for bad in ["", "a", "a0", "a01", "v1", "a22", "1a", "a-1", "a1x", "🐭1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn turns_are_relative_to_the_direction_of_travel() {
        assert_eq!(Dir::North.left(), Dir::West);
        assert_eq!(Dir::South.left(), Dir::East);
        assert_eq!(Dir::East.right(), Dir::South);
        assert_eq!(Dir::West.right(), Dir::North);
        for dir in Dir::ALL {
            assert_eq!(dir.opposite().opposite(), dir);
            assert_ne!(dir.left(), dir.right());
        }
    }

    #[test]
    fn geometry_of_the_default_board() {
        let geometry = Geometry { size: 13 };
        assert_eq!(geometry.cheese().to_string(), "g7");
        assert_eq!(
            geometry.corners().map(|c| c.to_string()),
            ["a1", "m1", "m13", "a13"]
        );
        let scent = Board::squares(13).filter(|&s| geometry.is_scent(s)).count();
        assert_eq!(scent, 8);
        let starts = geometry.starts(Square::new(12, 12));
        assert_eq!(starts[0], (Square::new(12, 11), Dir::West));
        assert_eq!(starts[1], (Square::new(11, 12), Dir::North));
    }
}
