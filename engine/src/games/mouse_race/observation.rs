//! What one seat knows in Mouse Race (everything but the kind of a tile another seat holds),
//! and its readable rendering: the board drawn with chess-square coordinates.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::action::TileKind;
use super::board::{Board, Dir, MAX_SIZE, Square};
use super::{End, MouseRace, MouseRaceConfig, Phase, TileCounts};

/// One seat's path as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathView {
    /// The seat's start corner.
    pub corner: Square,
    /// The cells of its road tiles, first tile first.
    pub tiles: Vec<Square>,
    /// The direction of travel out of the last tile; `None` before the first tile.
    pub heading: Option<Dir>,
    /// The cell the last tile points into, if it lies on the board.
    pub open_end: Option<Square>,
    /// Manhattan distance from the open end to the cheese (the score).
    pub distance: u32,
}

/// The phase as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum PhaseView {
    /// The turn owner chooses: draw, pass, back or shoo.
    Turn,
    /// A tile is being drawn; `extra` for the one extra draw after a cat blocked a road tile.
    Draw {
        extra: bool,
    },
    /// The turn owner holds a drawn tile; its kind is shown to him alone.
    Holding {
        kind: Option<TileKind>,
    },
    Over {
        end: End,
    },
}

/// What one seat knows in Mouse Race: the whole board, and the tile in hand if it holds one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MouseRaceObservation {
    /// The observing seat.
    pub seat: usize,
    pub config: MouseRaceConfig,
    /// Whose turn it is.
    pub turn: usize,
    /// Turns over so far, automatic passes included.
    pub turns: u32,
    pub phase: PhaseView,
    /// One per seat.
    pub paths: Vec<PathView>,
    /// Cells holding a cat, row by row.
    pub cats: Vec<Square>,
    /// The bag's contents plus the tile in hand, if any (public: counted from the board).
    pub pool: TileCounts,
}

impl MouseRaceObservation {
    /// The board these paths and cats make.
    pub fn board(&self) -> Board {
        *MouseRace::from_parts(
            self.config,
            &self.paths,
            &self.cats,
            self.pool,
            Phase::Turn,
            self.turn,
            self.turns,
        )
        .board()
    }

    /// The board drawn as text: column letters on top, row numbers on the left, each tile as
    /// its seat's digit joined to its neighbours by lines, corners in brackets.
    pub fn render_board(&self) -> String {
        let geometry = self.config.geometry();
        let size = usize::from(self.config.size());
        // Per cell: the sides its tile (or corner) joins, and the character drawn for it.
        let mut sides = [[0u8; MAX_SIZE]; MAX_SIZE];
        let mut glyphs = [['.'; MAX_SIZE]; MAX_SIZE];
        let cheese = geometry.cheese();
        for (row, col) in [cheese.row - 1, cheese.row, cheese.row + 1]
            .into_iter()
            .flat_map(|r| [(r, cheese.col - 1), (r, cheese.col), (r, cheese.col + 1)])
        {
            glyphs[usize::from(row)][usize::from(col)] = ':';
        }
        glyphs[usize::from(cheese.row)][usize::from(cheese.col)] = '@';
        let corners = geometry.corners();
        for corner in corners {
            glyphs[usize::from(corner.row)][usize::from(corner.col)] = ' ';
        }
        for (seat, path) in self.paths.iter().enumerate() {
            let mut from = path.corner;
            for (index, &square) in path.tiles.iter().enumerate() {
                let entry = from.direction_to(square);
                let exit = match path.tiles.get(index + 1) {
                    Some(&next) => square.direction_to(next),
                    None => path.heading,
                };
                let (row, col) = (usize::from(square.row), usize::from(square.col));
                sides[row][col] =
                    entry.map_or(0, |d| d.opposite().bit()) | exit.map_or(0, Dir::bit);
                glyphs[row][col] = char::from(b'0' + seat as u8);
                from = square;
            }
        }
        for cat in &self.cats {
            glyphs[usize::from(cat.row)][usize::from(cat.col)] = 'C';
        }
        for (seat, path) in self.paths.iter().enumerate() {
            let corner = (usize::from(path.corner.row), usize::from(path.corner.col));
            glyphs[corner.0][corner.1] = char::from(b'0' + seat as u8);
            if let Some(dir) = path
                .tiles
                .first()
                .and_then(|&f| path.corner.direction_to(f))
            {
                sides[corner.0][corner.1] |= dir.bit();
            }
            if let (Some(end), Some(heading)) = (path.open_end, path.heading) {
                let glyph = &mut glyphs[usize::from(end.row)][usize::from(end.col)];
                let arrow = match heading {
                    Dir::North => '^',
                    Dir::East => '>',
                    Dir::South => 'v',
                    Dir::West => '<',
                };
                *glyph = match *glyph {
                    '.' | ':' => arrow,
                    '^' | '>' | 'v' | '<' | '*' if *glyph != arrow => '*',
                    other => other,
                };
            }
        }
        let joins = |row: usize, col: usize, dir: Dir| sides[row][col] & dir.bit() != 0;
        let mut out = Vec::with_capacity((size * 4 + 5) * (size * 2 + 1));
        let mut line = Line::default();
        for col in 0..size {
            line.set(Line::cell(col) + 1, b'a' + col as u8);
        }
        line.end(&mut out);
        for (row, glyph_row) in glyphs.iter().enumerate().take(size) {
            let number = row + 1;
            if number >= 10 {
                line.set(1, b'0' + (number / 10) as u8);
            }
            line.set(2, b'0' + (number % 10) as u8);
            for (col, &glyph) in glyph_row.iter().enumerate().take(size) {
                let at = Line::cell(col);
                if corners.contains(&Square::new(row as u8, col as u8)) {
                    line.set(at, b'[');
                    line.set(at + 2, b']');
                } else {
                    if joins(row, col, Dir::West) {
                        line.set(at, Line::ACROSS);
                    }
                    if joins(row, col, Dir::East) {
                        line.set(at + 2, Line::ACROSS);
                    }
                }
                line.set(at + 1, glyph as u8);
                if joins(row, col, Dir::East) || (col + 1 < size && joins(row, col + 1, Dir::West))
                {
                    line.set(at + 3, Line::ACROSS);
                }
            }
            line.end(&mut out);
            if row + 1 < size {
                for col in 0..size {
                    if joins(row, col, Dir::South) || joins(row + 1, col, Dir::North) {
                        line.set(Line::cell(col) + 1, Line::DOWN);
                    }
                }
                line.end(&mut out);
            }
        }
        String::from_utf8(out)
            .expect("ASCII")
            .replace(char::from(Line::ACROSS), "─")
            .replace(char::from(Line::DOWN), "│")
    }
}

/// One line of the board being drawn: ASCII bytes at fixed positions (four per cell after a
/// four-wide row label), the line-drawing characters held as ASCII placeholders until the
/// whole board is done. Observations are rendered at every state of the conformance games, so
/// this stays cheap.
struct Line {
    bytes: [u8; 4 * MAX_SIZE + 4],
}

impl Default for Line {
    fn default() -> Self {
        Self {
            bytes: [b' '; 4 * MAX_SIZE + 4],
        }
    }
}

impl Line {
    /// Placeholder for a horizontal line `─`.
    const ACROSS: u8 = b'-';
    /// Placeholder for a vertical line `│`.
    const DOWN: u8 = b'|';

    /// Where the four characters of a column start.
    fn cell(col: usize) -> usize {
        4 + 4 * col
    }

    fn set(&mut self, at: usize, byte: u8) {
        self.bytes[at] = byte;
    }

    /// Appends the line without its trailing spaces, and a newline, to `out`; clears it.
    fn end(&mut self, out: &mut Vec<u8>) {
        let mut len = self.bytes.len();
        while len > 0 && self.bytes[len - 1] == b' ' {
            len -= 1;
        }
        out.extend_from_slice(&self.bytes[..len]);
        out.push(b'\n');
        self.bytes = [b' '; 4 * MAX_SIZE + 4];
    }
}

fn counts(tiles: TileCounts) -> String {
    format!(
        "{} straight, {} curve, {} cat{}",
        tiles.straight,
        tiles.curve,
        tiles.cat,
        if tiles.cat == 1 { "" } else { "s" }
    )
}

impl Display for MouseRaceObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "You are seat {}. ", self.seat)?;
        let you = |seat: usize| {
            if seat == self.seat {
                "you".to_owned()
            } else {
                format!("seat {seat}")
            }
        };
        match self.phase {
            PhaseView::Turn => writeln!(f, "Turn {}: {} to play.", self.turns + 1, you(self.turn))?,
            PhaseView::Draw { extra } => writeln!(
                f,
                "Turn {}: {} {}.",
                self.turns + 1,
                if self.turn == self.seat {
                    "you are".to_owned()
                } else {
                    format!("seat {} is", self.turn)
                },
                if extra {
                    "drawing again (a cat blocked the road tile)"
                } else {
                    "drawing a tile"
                }
            )?,
            PhaseView::Holding { kind: Some(kind) } => writeln!(
                f,
                "Turn {}: you drew a {kind}: lay it or decline it.",
                self.turns + 1
            )?,
            PhaseView::Holding { kind: None } => writeln!(
                f,
                "Turn {}: seat {} holds a drawn tile.",
                self.turns + 1,
                self.turn
            )?,
            PhaseView::Over {
                end: End::Cheese { winner },
            } => writeln!(
                f,
                "Game over after {} turns: seat {winner} reached the cheese and wins.",
                self.turns + 1
            )?,
            PhaseView::Over {
                end: End::TurnLimit,
            } => writeln!(f, "Game over: drawn after {} turns.", self.turns)?,
            PhaseView::Over { end: End::Stuck } => writeln!(
                f,
                "Game over after {} turns: drawn, the bag is empty and no open end is free.",
                self.turns
            )?,
        }
        f.write_str(&self.render_board())?;
        writeln!(
            f,
            "([n] seat n's corner, n its tiles, C cat, @ cheese, : scent, ^>v< open end)"
        )?;
        for (seat, path) in self.paths.iter().enumerate() {
            let who = if seat == self.seat { " (you)" } else { "" };
            write!(f, "seat {seat}{who}: ")?;
            match path.heading {
                None => write!(f, "no tile yet, starting from {}", path.corner)?,
                Some(heading) => {
                    let plural = if path.tiles.len() == 1 { "" } else { "s" };
                    write!(
                        f,
                        "{} tile{plural}, heading {heading}, open end ",
                        path.tiles.len()
                    )?;
                    match path.open_end {
                        Some(end) => write!(f, "{end}")?,
                        None => f.write_str("off the board")?,
                    }
                }
            }
            writeln!(f, ", {} from the cheese", path.distance)?;
        }
        match self.phase {
            PhaseView::Holding { kind: Some(kind) } => {
                let mut bag = self.pool;
                match kind {
                    TileKind::Straight => bag.straight -= 1,
                    TileKind::Curve => bag.curve -= 1,
                    TileKind::Cat => bag.cat -= 1,
                }
                writeln!(f, "Bag: {}; in your hand: a {kind}", counts(bag))
            }
            PhaseView::Holding { kind: None } => writeln!(
                f,
                "Bag with the tile in seat {}'s hand: {}",
                self.turn,
                counts(self.pool)
            ),
            _ => writeln!(f, "Bag: {}", counts(self.pool)),
        }
    }
}
