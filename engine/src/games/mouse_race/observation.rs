//! What one seat knows in Mouse Race — everything but the kind of a tile another seat holds —
//! as a typed observation whose JSON is a public contract for bots (described by its JSON
//! Schema), built from the state; and its readable rendering, the board drawn one line per row
//! so that the default board with its notes fits a 24-line terminal.

use std::fmt::{self, Display, Write as _};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::action::TileKind;
use super::board::{Cell, Dir, MAX_SIZE, MIN_SIZE, Square};
use super::{End, MouseRace, MouseRaceConfig, Phase, TileCounts};
use crate::naming::Reader;

/// What one seat knows in Mouse Race: the whole board (paths, cats, the fixed places), the
/// tiles left, and the tile in hand, whose kind only its holder sees. Cells are named like
/// chess squares (`"c3"`: column letter from a at the left, row number from 1 at the top), as
/// in the actions' text forms; seats are numbered from 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MouseRaceObservation {
    /// The seat this observation is for; 0 in a public view (`public`), which is no seat's.
    pub seat: usize,
    /// True in a public view: the table as everyone sees it (a spectator's), where a tile in
    /// hand is `hidden` whoever holds it. Absent (false) in a seat's observation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// The game's options with the values in use, as in a game spec (`mouse-race:size=9,…`).
    pub options: MouseRaceConfig,
    /// The board's size and fixed places: cheese, scent cells and start corners.
    pub board: ObservedBoard,
    /// Where the game stands within a turn: `kind` names the phase, and the phase's own facts
    /// (the drawn tile in hand) come with it.
    pub phase: ObservedPhase,
    /// The seat whose turn it is (seat 0 begins; play goes to the next seat number, wrapping).
    pub turn: usize,
    /// The seat that must decide now; null while a tile is being drawn (chance) and once the
    /// game is over.
    pub deciding: Option<usize>,
    /// Turns over so far, turns that passed by themselves included.
    pub turns_played: u32,
    /// After this many turns the game ends as a draw (the `max_turns` option).
    #[schemars(range(min = 1))]
    pub max_turns: u32,
    /// One path per seat, in seat order.
    pub paths: Vec<ObservedPath>,
    /// The cells holding a cat, row by row.
    pub cats: Vec<Square>,
    /// The bag's contents, when this seat knows them: null only while another seat holds a
    /// drawn tile whose kind this seat cannot see (the bag is then `pool` less one tile).
    pub bag: Option<TileCounts>,
    /// The tiles not on the board: the bag's contents plus the tile in hand, if a seat holds
    /// one. Public: everyone can count them from the board.
    pub pool: TileCounts,
}

/// The board's size and its fixed places: what a bot needs to read cell names, whatever the
/// options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ObservedBoard {
    /// Cells per side (odd, 7…21): rows 1…size from the top, columns a… from the left.
    #[schemars(range(min = MIN_SIZE, max = MAX_SIZE))]
    pub size: u8,
    /// The cheese, on the centre cell. A path reaches it from one of the four cells
    /// orthogonally next to it; no tile or cat is ever laid on it.
    pub cheese: Square,
    /// The eight scent cells around the cheese, row by row. On a scent cell a cat may be laid
    /// even on an opponent's open end (never on one's own).
    pub scent: Vec<Square>,
    /// The four corners clockwise from the top left (a1). All of them stay free of tiles and
    /// cats, whether a seat starts there or not.
    pub corners: Vec<ObservedCorner>,
}

/// A corner of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ObservedCorner {
    /// The corner's cell.
    pub cell: Square,
    /// The seat whose path starts here; null for a corner no seat uses (with two or three
    /// players).
    pub seat: Option<usize>,
}

/// One seat's path, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ObservedPath {
    /// The seat building this path.
    pub seat: usize,
    /// Its start corner.
    pub corner: Square,
    /// Its road tiles from the corner on: the first lies next to the corner, and each next one
    /// on the cell the previous one's exit points into.
    pub tiles: Vec<ObservedTile>,
    /// The direction of travel out of the last tile; null before the first tile.
    pub heading: Option<Dir>,
    /// Where the next road tile would go.
    pub open_end: OpenEnd,
    /// The Manhattan distance from the open end to the cheese: the seat's score (lower is
    /// better; 0 once it reached the cheese). Before the first tile it counts from the nearer
    /// cell next to the corner, and from an open end off the board all the same.
    pub distance: u32,
}

/// A road tile of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ObservedTile {
    /// The tile's cell.
    pub cell: Square,
    /// Straight, or a curve and which way it turns.
    pub shape: Shape,
    /// The direction of travel into the tile (from the corner or the previous tile).
    pub entry: Dir,
    /// The direction of travel out of it: the shape applied to `entry`.
    pub exit: Dir,
}

/// How a road tile was laid, as the decision that laid it says (`place`, `left`, `right`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A straight: the path goes on in the direction it came.
    Straight,
    /// A curve turning left of the direction of travel.
    CurveLeft,
    /// A curve turning right of the direction of travel.
    CurveRight,
}

impl Shape {
    /// The shape of a tile entered travelling `entry` and left travelling `exit`.
    pub fn of(entry: Dir, exit: Dir) -> Shape {
        if exit == entry {
            Shape::Straight
        } else if exit == entry.left() {
            Shape::CurveLeft
        } else {
            Shape::CurveRight
        }
    }

    /// The direction of travel out of a tile of this shape entered travelling `entry`.
    pub fn exit(self, entry: Dir) -> Dir {
        match self {
            Shape::Straight => entry,
            Shape::CurveLeft => entry.left(),
            Shape::CurveRight => entry.right(),
        }
    }

    /// The tile's kind: a straight or a curve.
    pub fn kind(self) -> TileKind {
        match self {
            Shape::Straight => TileKind::Straight,
            Shape::CurveLeft | Shape::CurveRight => TileKind::Curve,
        }
    }
}

impl Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::Straight => "straight",
            Shape::CurveLeft => "curve turning left",
            Shape::CurveRight => "curve turning right",
        })
    }
}

/// Where a path's next road tile would go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpenEnd {
    /// No tile yet: the first tile goes on either cell next to the corner, and the decision
    /// names that cell (`place b1`, `left a2`).
    NoTileYet {
        /// The two cells next to the corner: the one along the top or bottom edge first.
        cells: Vec<StartCell>,
    },
    /// The cell the last tile points into, on the board.
    Cell {
        /// The cell.
        cell: Square,
        /// What it holds: a road tile can be laid only on an `empty` one.
        content: Content,
    },
    /// The last tile points off the board: no road tile can be laid until the seat goes back.
    /// The position is numbered like the cell names, columns from 1 (a) and rows from 1 (the
    /// top), so it is row or column 0 or size + 1.
    OffBoard {
        /// Column number, 1 for column a.
        #[schemars(range(min = 0, max = MAX_SIZE + 1))]
        column: i16,
        /// Row number, 1 for the top row.
        #[schemars(range(min = 0, max = MAX_SIZE + 1))]
        row: i16,
    },
}

/// One of the two cells next to a corner, where a path's first tile may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StartCell {
    /// The cell.
    pub cell: Square,
    /// The direction of travel from the corner into it: a first tile laid there is entered
    /// this way (a curve turns left or right of it).
    pub heading: Dir,
    /// What it holds: a first tile can be laid only on an `empty` one.
    pub content: Content,
}

/// What a cell holds, for a path's open end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Content {
    /// Nothing: a road tile may be laid there.
    Empty,
    /// A cat: a road tile drawn for it goes back and the seat draws once more that turn; the
    /// seat may shoo the cat instead of drawing.
    Cat,
    /// A road tile of some path: blocked.
    Road,
    /// A start corner: blocked.
    Corner,
    /// The cheese: the path reached it and won.
    Cheese,
}

/// Where the game stands within a turn: an object whose `kind` names the phase, with the facts
/// that belong to that phase alone (the same shape in every game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObservedPhase {
    /// The seat whose turn it is chooses: draw, pass, back or shoo.
    Turn,
    /// A tile is being drawn from the bag (chance: nobody decides).
    Draw {
        /// True for the one extra draw after a cat on the open end blocked the road tile
        /// drawn first.
        extra: bool,
    },
    /// The seat whose turn it is holds the tile it drew and lays it or declines it.
    Holding {
        /// The tile's kind for the seat holding it; `hidden` for every other seat.
        tile: HeldTile,
    },
    /// The game is over.
    Over {
        /// How it ended.
        end: End,
    },
}

/// The kind of the tile in hand, as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HeldTile {
    /// A straight road tile (`place`).
    Straight,
    /// A curve road tile (`left`, `right`).
    Curve,
    /// A cat (`cat CELL`).
    Cat,
    /// A tile of a kind only its holder sees.
    Hidden,
}

impl HeldTile {
    /// The kind, if this seat sees it.
    pub fn kind(self) -> Option<TileKind> {
        match self {
            HeldTile::Straight => Some(TileKind::Straight),
            HeldTile::Curve => Some(TileKind::Curve),
            HeldTile::Cat => Some(TileKind::Cat),
            HeldTile::Hidden => None,
        }
    }
}

impl From<TileKind> for HeldTile {
    fn from(kind: TileKind) -> Self {
        match kind {
            TileKind::Straight => HeldTile::Straight,
            TileKind::Curve => HeldTile::Curve,
            TileKind::Cat => HeldTile::Cat,
        }
    }
}

/// What `seat` may know: everything but the kind of a tile another seat holds.
pub(super) fn observation(state: &MouseRace, seat: usize) -> MouseRaceObservation {
    let geometry = state.geometry();
    let players = state.players();
    let (phase, deciding) = match state.phase {
        Phase::Turn => (ObservedPhase::Turn, Some(state.turn())),
        Phase::Draw { extra } => (ObservedPhase::Draw { extra }, None),
        Phase::Holding { kind } => {
            let tile = if seat == state.turn() {
                kind.into()
            } else {
                HeldTile::Hidden
            };
            (ObservedPhase::Holding { tile }, Some(state.turn()))
        }
        Phase::Over { end } => (ObservedPhase::Over { end }, None),
    };
    let mut pool = state.bag;
    if let Some(kind) = state.held() {
        pool.add(kind);
    }
    let bag = match phase {
        ObservedPhase::Holding {
            tile: HeldTile::Hidden,
        } => None,
        _ => Some(state.bag),
    };
    let corners = geometry.corners().map(|cell| ObservedCorner {
        cell,
        seat: (0..players).find(|&s| state.config.corner(s) == cell),
    });
    MouseRaceObservation {
        seat,
        public: false,
        options: state.config,
        board: ObservedBoard {
            size: state.config.size(),
            cheese: geometry.cheese(),
            scent: geometry.scent_cells().collect(),
            corners: corners.to_vec(),
        },
        phase,
        turn: state.turn(),
        deciding,
        turns_played: state.turns,
        max_turns: state.config.max_turns(),
        paths: (0..players).map(|s| state.path_view(s)).collect(),
        cats: state
            .board
            .occupied(state.config.size())
            .into_iter()
            .filter(|&(_, cell)| cell == Cell::Cat)
            .map(|(square, _)| square)
            .collect(),
        bag,
        pool,
    }
}

impl MouseRace {
    fn path_view(&self, seat: usize) -> ObservedPath {
        let path = &self.paths[seat];
        let corner = self.config.corner(seat);
        let size = self.config.size();
        let open_end = if path.is_empty() {
            OpenEnd::NoTileYet {
                cells: self
                    .geometry()
                    .starts(corner)
                    .map(|(cell, heading)| StartCell {
                        cell,
                        heading,
                        content: self.content(cell),
                    })
                    .to_vec(),
            }
        } else {
            let spot = path.last.step(path.heading);
            match spot.square(size) {
                Some(cell) => OpenEnd::Cell {
                    cell,
                    content: self.content(cell),
                },
                None => OpenEnd::OffBoard {
                    column: spot.col + 1,
                    row: spot.row + 1,
                },
            }
        };
        ObservedPath {
            seat,
            corner,
            tiles: self
                .path_cells(seat)
                .into_iter()
                .filter_map(|cell| match self.board.get(cell) {
                    Cell::Road { entry, exit, .. } => Some(ObservedTile {
                        cell,
                        shape: Shape::of(entry, exit),
                        entry,
                        exit,
                    }),
                    Cell::Empty | Cell::Cat => None,
                })
                .collect(),
            heading: path.heading(),
            open_end,
            distance: self.distance(seat),
        }
    }

    /// What a cell holds, as an open end sees it.
    fn content(&self, cell: Square) -> Content {
        let geometry = self.geometry();
        match self.board.get(cell) {
            Cell::Cat => Content::Cat,
            Cell::Road { .. } => Content::Road,
            Cell::Empty if geometry.is_corner(cell) => Content::Corner,
            Cell::Empty if cell == geometry.cheese() => Content::Cheese,
            Cell::Empty => Content::Empty,
        }
    }
}

impl MouseRaceObservation {
    /// The cells a seat's next road tile may go on: the open end if it lies on the board, or
    /// before the first tile both cells next to the corner.
    pub fn open_cells(&self, seat: usize) -> Vec<Square> {
        match &self.paths[seat].open_end {
            OpenEnd::NoTileYet { cells } => cells.iter().map(|start| start.cell).collect(),
            OpenEnd::Cell { cell, .. } => vec![*cell],
            OpenEnd::OffBoard { .. } => Vec::new(),
        }
    }

    /// The tile in hand (phase `holding`) as this seat sees it: held by the seat whose turn
    /// it is.
    pub fn held_tile(&self) -> Option<HeldTile> {
        match self.phase {
            ObservedPhase::Holding { tile } => Some(tile),
            _ => None,
        }
    }

    /// The kind of the tile in this seat's own hand, if it holds one.
    pub fn own_tile(&self) -> Option<TileKind> {
        self.held_tile().and_then(HeldTile::kind)
    }

    /// The board drawn as text, one line per row: column letters on top, row numbers on both
    /// sides, three characters per cell. Each seat's path is drawn in its own line style,
    /// corners as `[n]` (`[ ]` unused), cats `C`, the cheese `@`, scent `:`, open ends as
    /// arrows in the direction of travel (`*` where two meet).
    pub fn render_board(&self) -> String {
        let size = usize::from(self.board.size);
        let mut cells = [[[' ', '.', ' ']; MAX_SIZE]; MAX_SIZE];
        let mut put = |cell: Square, glyphs: [char; 3]| {
            cells[usize::from(cell.row)][usize::from(cell.col)] = glyphs;
        };
        for &cell in &self.board.scent {
            put(cell, [' ', ':', ' ']);
        }
        put(self.board.cheese, [' ', '@', ' ']);
        for corner in &self.board.corners {
            let digit = corner
                .seat
                .map_or(' ', |seat| char::from(b'0' + seat as u8));
            put(corner.cell, ['[', digit, ']']);
        }
        for &cat in &self.cats {
            put(cat, [' ', 'C', ' ']);
        }
        for path in &self.paths {
            let style = LineStyle::of(path.seat);
            for tile in &path.tiles {
                put(tile.cell, style.piece(tile.entry.opposite(), tile.exit));
            }
        }
        for path in &self.paths {
            if let (OpenEnd::Cell { cell, content }, Some(heading)) = (&path.open_end, path.heading)
            {
                let glyph = &mut cells[usize::from(cell.row)][usize::from(cell.col)][1];
                let arrow = match heading {
                    Dir::North => '^',
                    Dir::East => '>',
                    Dir::South => 'v',
                    Dir::West => '<',
                };
                if *content == Content::Empty {
                    *glyph = if matches!(*glyph, '^' | '>' | 'v' | '<') {
                        '*'
                    } else {
                        arrow
                    };
                }
            }
        }
        let mut out = String::with_capacity((size * 3 + 8) * (size + 1) * 2);
        out.push_str("   ");
        for col in 0..size {
            let _ = write!(out, " {} ", char::from(b'a' + col as u8));
        }
        trim_end(&mut out);
        out.push('\n');
        for (row, row_cells) in cells.iter().enumerate().take(size) {
            let _ = write!(out, "{:>2} ", row + 1);
            for glyphs in &row_cells[..size] {
                out.extend(glyphs);
            }
            let _ = writeln!(out, " {}", row + 1);
        }
        out
    }
}

fn trim_end(text: &mut String) {
    let len = text.trim_end().len();
    text.truncate(len);
}

/// The box-drawing characters one seat's path is drawn with: light, double, heavy, dashed.
#[derive(Clone, Copy)]
struct LineStyle {
    across: char,
    down: char,
    /// The corner pieces joining north–east, north–west, south–east and south–west.
    corners: [char; 4],
}

impl LineStyle {
    const STYLES: [LineStyle; 4] = [
        LineStyle {
            across: '─',
            down: '│',
            corners: ['└', '┘', '┌', '┐'],
        },
        LineStyle {
            across: '═',
            down: '║',
            corners: ['╚', '╝', '╔', '╗'],
        },
        LineStyle {
            across: '━',
            down: '┃',
            corners: ['┗', '┛', '┏', '┓'],
        },
        LineStyle {
            across: '┄',
            down: '┆',
            corners: ['╰', '╯', '╭', '╮'],
        },
    ];

    fn of(seat: usize) -> LineStyle {
        Self::STYLES[seat % Self::STYLES.len()]
    }

    /// The three characters of a cell whose tile joins sides `a` and `b`: the piece in the
    /// middle, with lines out to the left and right neighbours where it joins them.
    fn piece(self, a: Dir, b: Dir) -> [char; 3] {
        let joins = |side: Dir| a == side || b == side;
        let middle = match (joins(Dir::North), joins(Dir::South), joins(Dir::East)) {
            (true, true, _) => self.down,
            (false, false, _) => self.across,
            (true, false, true) => self.corners[0],
            (true, false, false) => self.corners[1],
            (false, true, true) => self.corners[2],
            (false, true, false) => self.corners[3],
        };
        let side = |dir: Dir| if joins(dir) { self.across } else { ' ' };
        [side(Dir::West), middle, side(Dir::East)]
    }

    /// How the style looks, for the path lines: its straight pieces.
    fn sample(self) -> String {
        format!("{}{}", self.across, self.down)
    }
}

fn counts(tiles: TileCounts) -> String {
    format!(
        "{} straight, {} curve{}, {} cat{}",
        tiles.straight,
        tiles.curve,
        if tiles.curve == 1 { "" } else { "s" },
        tiles.cat,
        if tiles.cat == 1 { "" } else { "s" }
    )
}

/// The table as everyone sees it, from one seat's observation: a tile in hand hidden
/// (whoever holds it), and with it the bag's contents, which would tell its kind.
pub(super) fn public_view(observation: &MouseRaceObservation) -> MouseRaceObservation {
    let mut public = observation.clone();
    if let ObservedPhase::Holding { tile } = &mut public.phase {
        *tile = HeldTile::Hidden;
        public.bag = None;
    }
    public.seat = 0;
    public.public = true;
    public
}

impl MouseRaceObservation {
    /// Who reads this observation's notes: its seat, or nobody in particular for a public
    /// view.
    pub fn reader(&self) -> Reader {
        Reader::of_view(self.seat, self.public)
    }

    fn who(&self, seat: usize) -> String {
        self.reader().who(seat)
    }

    fn write_header(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.public {
            write!(f, "The table as everyone sees it. ")?;
        } else {
            write!(f, "You are seat {}. ", self.seat)?;
        }
        let turn = format!("Turn {} of {}", self.turns_played + 1, self.max_turns);
        let own = self.reader().is_me(self.turn);
        match self.phase {
            ObservedPhase::Turn if own => writeln!(f, "{turn}: your turn."),
            ObservedPhase::Turn => writeln!(f, "{turn}: seat {} to play.", self.turn),
            ObservedPhase::Draw { extra } => writeln!(
                f,
                "{turn}: {} {}.",
                if own {
                    "you are".to_owned()
                } else {
                    format!("seat {} is", self.turn)
                },
                if extra {
                    "drawing again (a cat blocked the road tile)"
                } else {
                    "drawing a tile"
                }
            ),
            ObservedPhase::Holding { .. } => match self.own_tile() {
                Some(kind) => writeln!(f, "{turn}: you drew a {kind}: lay it or decline it."),
                None => writeln!(f, "{turn}: seat {} holds a drawn tile.", self.turn),
            },
            ObservedPhase::Over {
                end: End::Cheese { winner },
            } => {
                let winner = usize::from(winner);
                writeln!(
                    f,
                    "Game over on turn {}: {} reached the cheese and won.",
                    self.turns_played + 1,
                    self.who(winner)
                )
            }
            ObservedPhase::Over {
                end: End::TurnLimit,
            } => writeln!(f, "Game over: a draw after {} turns.", self.turns_played),
            ObservedPhase::Over { end: End::Stuck } => writeln!(
                f,
                "Game over after {} turns: a draw, the bag is empty and no open end is free.",
                self.turns_played
            ),
        }
    }

    fn write_path(&self, f: &mut fmt::Formatter<'_>, path: &ObservedPath) -> fmt::Result {
        let who = if self.reader().is_me(path.seat) {
            " (you)"
        } else {
            ""
        };
        let style = LineStyle::of(path.seat).sample();
        write!(f, "seat {}{who} {style}: ", path.seat)?;
        let blocked = |content: Content| match content {
            Content::Empty | Content::Cheese => "",
            Content::Cat => " (a cat)",
            Content::Road | Content::Corner => " (blocked)",
        };
        match &path.open_end {
            OpenEnd::NoTileYet { cells } => {
                let names: Vec<String> = cells
                    .iter()
                    .map(|start| format!("{}{}", start.cell, blocked(start.content)))
                    .collect();
                write!(f, "no tile yet, starts on {}", names.join(" or "))?;
            }
            end => {
                let plural = if path.tiles.len() == 1 { "" } else { "s" };
                write!(f, "{} tile{plural}", path.tiles.len())?;
                if let Some(heading) = path.heading {
                    write!(f, ", heading {heading}")?;
                }
                match end {
                    OpenEnd::Cell { cell, content } => {
                        write!(f, ", open end {cell}{}", blocked(*content))?;
                    }
                    _ => f.write_str(", open end off the board")?,
                }
            }
        }
        writeln!(f, ", distance {}", path.distance)
    }
}

impl Display for MouseRaceObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_header(f)?;
        f.write_str(&self.render_board())?;
        writeln!(
            f,
            "[n] seat n's corner, C cat, @ cheese, : scent, ^>v< open end (* two meet)"
        )?;
        for path in &self.paths {
            self.write_path(f, path)?;
        }
        match (self.bag, self.own_tile()) {
            (Some(bag), Some(kind)) => {
                writeln!(f, "Bag: {}; in your hand: a {kind}", counts(bag))
            }
            (Some(bag), None) => writeln!(f, "Bag: {}", counts(bag)),
            (None, _) => writeln!(
                f,
                "Bag and seat {}'s hand: {}",
                self.turn,
                counts(self.pool)
            ),
        }
    }
}
