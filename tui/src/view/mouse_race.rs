//! Mouse Race's board: the grid with each path in its seat's colour and line style, the open
//! ends as arrows, the cats, the cheese and its scent cells, the start corners, cell names on
//! the edges; below it the bag and the tile in hand. A board larger than its area (sizes 19
//! and 21 on a small terminal) shows the part around the seat's open end, panned by the
//! person, with arrows on the edges where more of it lies.

use mousehole_engine::games::mouse_race::{
    Content, Dir, HeldTile, MouseRace, MouseRaceAction, MouseRaceObservation, OpenEnd, Square,
};
use ratatui::style::{Modifier, Style};

use super::{BoardView, Surface};

/// A cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell(pub Square);

/// Columns of the row labels on each side.
const LABEL: u16 = 3;
const CELL: u16 = 3;

impl BoardView for MouseRace {
    type Spot = Cell;

    const LEGEND: &'static [(&'static str, &'static str)] = &[
        (
            "─│┌┐└┘",
            "seat 0's path (light lines), from its corner towards the cheese",
        ),
        ("═║╔╗╚╝", "seat 1's path (double lines)"),
        ("━┃┏┓┗┛", "seat 2's path (heavy lines)"),
        ("┄┆╭╮╰╯", "seat 3's path (dashed lines)"),
        (
            "> < ^ v",
            "an open end: where that path's next tile goes, and which way it heads",
        ),
        (
            "[0]",
            "seat 0's start corner (no tile or cat is ever laid on a corner)",
        ),
        ("(@)", "the cheese: the first path to reach it wins"),
        (
            ":",
            "a scent cell around the cheese (a cat may sit on an open end there)",
        ),
        (
            "C",
            "a cat: blocks the cell; shoo it from your open end, or draw again past it",
        ),
        ("·", "an empty cell"),
        (
            "a…u, 1…21",
            "cell names: column letter, row number (a1 is the top left)",
        ),
        ("◀ ▶ ▲ ▼", "more of the board that way: shift+arrows pan"),
    ];

    const PANS: bool = true;

    fn board_size(observation: &MouseRaceObservation) -> (u16, u16) {
        let size = u16::from(observation.board.size);
        (2 * LABEL + CELL * size, size + 3)
    }

    fn draw_board(observation: &MouseRaceObservation, board: &mut Surface<'_, Cell>) {
        let theme = board.theme;
        let size = observation.board.size;
        // The part of the grid that fits, around the seat's open end, moved by the pan.
        let rows = (board.height().saturating_sub(3).max(1)).min(u16::from(size)) as u8;
        let cols = ((board.width().saturating_sub(2 * LABEL)) / CELL)
            .max(1)
            .min(u16::from(size)) as u8;
        let focus = focus(observation);
        // The pan moves from where the view would be, itself kept on the board.
        let origin = |centre: u8, shown: u8, pan: i16| -> u8 {
            let last = i16::from(size - shown);
            let auto = (i16::from(centre) - i16::from(shown / 2)).clamp(0, last);
            (auto + pan).clamp(0, last) as u8
        };
        let top_row = origin(focus.row, rows, board.pan.1);
        let left_col = origin(focus.col, cols, board.pan.0);
        let (more_up, more_down) = (top_row > 0, top_row + rows < size);
        let (more_left, more_right) = (left_col > 0, left_col + cols < size);
        for col in 0..cols {
            let letter = char::from(b'a' + left_col + col).to_string();
            board.put(LABEL + CELL * u16::from(col) + 1, 0, &letter, theme.dim());
        }
        if more_left {
            board.put(1, 0, "◀", theme.accent());
        }
        if more_right {
            board.put(LABEL + CELL * u16::from(cols), 0, " ▶", theme.accent());
        }
        if more_up {
            board.put(0, 0, "▲", theme.accent());
        }
        let (cells, styles) = glyphs(observation, theme);
        for shown_row in 0..rows {
            let row = top_row + shown_row;
            let y = 1 + u16::from(shown_row);
            board.put(0, y, &format!("{:>2} ", row + 1), theme.dim());
            for shown_col in 0..cols {
                let col = left_col + shown_col;
                let x = LABEL + CELL * u16::from(shown_col);
                let (left, middle, right) = cells[usize::from(row)][usize::from(col)];
                let square = Square::new(row, col);
                let style = if board.is_marked(Cell(square)) {
                    theme.marked()
                } else {
                    styles[usize::from(row)][usize::from(col)]
                };
                board.put(x, y, &format!("{left}{middle}{right}"), style);
                board.hit(x, y, CELL, 1, Cell(square));
            }
            board.put(
                LABEL + CELL * u16::from(cols),
                y,
                &format!(" {}", row + 1),
                theme.dim(),
            );
        }
        let y = 1 + u16::from(rows);
        if more_down {
            board.put(0, y, "▼", theme.accent());
        }
        draw_below(
            observation,
            board,
            y,
            (top_row, rows, more_up || more_down),
            (left_col, cols, more_left || more_right),
        );
    }

    fn spots(observation: &MouseRaceObservation, action: &MouseRaceAction) -> Vec<Cell> {
        let me = observation.seat;
        let size = observation.board.size;
        let path = &observation.paths[me];
        let open = || match &path.open_end {
            OpenEnd::Cell { cell, .. } => Some(*cell),
            _ => None,
        };
        // Where a road tile laid on `cell`, entered travelling `heading`, leads next.
        let lay = |cell: Square, heading: Option<Dir>, turn: Option<bool>| {
            let mut spots = vec![Cell(cell)];
            if let Some(heading) = heading {
                let exit = match turn {
                    None => heading,
                    Some(true) => heading.left(),
                    Some(false) => heading.right(),
                };
                spots.extend(cell.neighbour(exit, size).map(Cell));
            }
            spots
        };
        let start_heading = |cell: Square| match &path.open_end {
            OpenEnd::NoTileYet { cells } => {
                cells.iter().find(|s| s.cell == cell).map(|s| s.heading)
            }
            _ => None,
        };
        let road = |cell: Option<Square>, turn: Option<bool>| match cell {
            Some(cell) => lay(cell, start_heading(cell), turn),
            None => open().map_or_else(Vec::new, |cell| lay(cell, path.heading, turn)),
        };
        match *action {
            MouseRaceAction::Place(cell) => road(cell, None),
            MouseRaceAction::Left(cell) => road(cell, Some(true)),
            MouseRaceAction::Right(cell) => road(cell, Some(false)),
            MouseRaceAction::Cat(cell) => vec![Cell(cell)],
            MouseRaceAction::Back => path
                .tiles
                .last()
                .map(|t| Cell(t.cell))
                .into_iter()
                .collect(),
            MouseRaceAction::Shoo => open().map(Cell).into_iter().collect(),
            MouseRaceAction::Draw
            | MouseRaceAction::Pass
            | MouseRaceAction::Decline
            | MouseRaceAction::Drawn(_) => Vec::new(),
        }
    }

    fn revealed(_state: &MouseRace, _viewer: usize) -> Vec<String> {
        // The bag's contents are public (counted from the board); only a declined tile's
        // kind was ever hidden, and it is back in the bag.
        Vec::new()
    }

    fn reason(observation: &MouseRaceObservation, action: &MouseRaceAction) -> Option<String> {
        let cheese = observation.board.cheese;
        let distance = |cell: Square| {
            u32::from(cell.row.abs_diff(cheese.row)) + u32::from(cell.col.abs_diff(cheese.col))
        };
        let now = observation.paths.get(observation.seat)?.distance;
        match action {
            MouseRaceAction::Place(_) | MouseRaceAction::Left(_) | MouseRaceAction::Right(_) => {
                let next = Self::spots(observation, action).get(1).map(|c| c.0)?;
                let after = distance(next);
                Some(if after < now {
                    format!(
                        "your open end moves to {next}, {after} steps from the cheese (now {now})"
                    )
                } else {
                    format!(
                        "your open end moves to {next}, {after} steps from the cheese: not closer (now {now})"
                    )
                })
            }
            MouseRaceAction::Cat(cell) => Some(format!("a cat on {cell} stands in a rival's way")),
            MouseRaceAction::Shoo => Some("the cat on your open end goes back to the bag".into()),
            MouseRaceAction::Back => {
                Some("your last tile comes back: another way may be better".into())
            }
            MouseRaceAction::Draw => Some(format!(
                "your open end is {now} steps from the cheese: draw to go on"
            )),
            MouseRaceAction::Decline | MouseRaceAction::Pass | MouseRaceAction::Drawn(_) => None,
        }
    }
}

/// A cell's three characters.
type Glyph = (char, char, char);

/// Each cell's three characters and their style: the scent, the cheese, the corners, the
/// cats, each path's tiles and its open end.
fn glyphs(
    observation: &MouseRaceObservation,
    theme: crate::theme::Theme,
) -> (Vec<[Glyph; 32]>, Vec<[Style; 32]>) {
    let size = observation.board.size;
    let mut cells = vec![[(' ', '·', ' '); 32]; usize::from(size)];
    let mut styles = vec![[theme.dim(); 32]; usize::from(size)];
    let mut put = |cell: Square, glyphs: (char, char, char), style| {
        cells[usize::from(cell.row)][usize::from(cell.col)] = glyphs;
        styles[usize::from(cell.row)][usize::from(cell.col)] = style;
    };
    for &cell in &observation.board.scent {
        put(cell, (' ', ':', ' '), theme.accent());
    }
    put(observation.board.cheese, ('(', '@', ')'), theme.accent());
    for corner in &observation.board.corners {
        match corner.seat {
            Some(seat) => put(
                corner.cell,
                ('[', char::from(b'0' + seat as u8), ']'),
                theme.seat(seat).add_modifier(Modifier::BOLD),
            ),
            None => put(corner.cell, ('[', ' ', ']'), theme.dim()),
        }
    }
    for &cat in &observation.cats {
        put(cat, (' ', 'C', ' '), theme.danger());
    }
    for path in &observation.paths {
        let style = theme.seat(path.seat).add_modifier(Modifier::BOLD);
        for tile in &path.tiles {
            put(
                tile.cell,
                piece(path.seat, tile.entry.opposite(), tile.exit),
                style,
            );
        }
        match &path.open_end {
            OpenEnd::Cell {
                cell,
                content: Content::Empty,
            } => {
                if let Some(heading) = path.heading {
                    put(*cell, (' ', arrow(heading), ' '), style);
                }
            }
            OpenEnd::NoTileYet { cells: starts } => {
                for start in starts {
                    if start.content == Content::Empty {
                        put(
                            start.cell,
                            (' ', arrow(start.heading), ' '),
                            theme.seat(path.seat),
                        );
                    }
                }
            }
            OpenEnd::Cell { .. } | OpenEnd::OffBoard { .. } => {}
        }
    }
    (cells, styles)
}

/// Below the grid, from row `y`: the bag, the tile in hand, and, when the grid shows only a
/// part of the board (`rows` from `top_row`, `cols` from `left_col`, `panned` on either),
/// which part.
fn draw_below(
    observation: &MouseRaceObservation,
    board: &mut Surface<'_, Cell>,
    y: u16,
    (top_row, rows, rows_cut): (u8, u8, bool),
    (left_col, cols, cols_cut): (u8, u8, bool),
) {
    let theme = board.theme;
    let size = observation.board.size;
    let pool = observation.bag.unwrap_or(observation.pool);
    let what = if observation.bag.is_some() {
        "bag"
    } else {
        "bag and hand"
    };
    let bag = [
        format!(
            "{what}: {} straight, {} curve, {} cat",
            pool.straight, pool.curve, pool.cat
        ),
        format!(
            "{what}: {} str, {} crv, {} cat",
            pool.straight, pool.curve, pool.cat
        ),
    ];
    board.put_fitting(2, y, &bag, theme.dim());
    let y = y + 1;
    let mut x = 2;
    if let Some(tile) = observation.held_tile() {
        let (text, style) = match tile {
            HeldTile::Hidden => (
                format!("{} holds a tile  ", board.names[observation.turn]),
                theme.text(),
            ),
            tile => (format!("in hand: {}  ", held(tile)), theme.accent()),
        };
        x = board.put(x, y, &text, style);
    }
    if rows_cut || cols_cut {
        let (rows, cols) = (
            format!("{}-{}", top_row + 1, top_row + rows),
            format!(
                "{}-{}",
                char::from(b'a' + left_col),
                char::from(b'a' + left_col + cols - 1)
            ),
        );
        // In words where there is room, else shorter (beside a tile in hand at 80×24,
        // and shorter still on a narrow screen).
        board.put_fitting(
            x,
            y,
            &[
                format!("rows {rows}, {cols} of {size}: ⇧arrows pan"),
                format!("{rows} {cols} of {size}: ⇧arrows pan"),
                format!("{rows} {cols}: ⇧pan"),
                "⇧pan".to_owned(),
            ],
            theme.accent(),
        );
    }
}

/// The cell the view centres on when the board does not fit: the seat's open end, or its
/// corner before its first tile.
fn focus(observation: &MouseRaceObservation) -> Square {
    let Some(path) = observation.paths.get(observation.seat) else {
        return observation.board.cheese;
    };
    match &path.open_end {
        OpenEnd::Cell { cell, .. } => *cell,
        _ => path.tiles.last().map_or(path.corner, |t| t.cell),
    }
}

fn held(tile: HeldTile) -> &'static str {
    match tile {
        HeldTile::Straight => "a straight",
        HeldTile::Curve => "a curve",
        HeldTile::Cat => "a cat",
        HeldTile::Hidden => "a tile",
    }
}

fn arrow(heading: Dir) -> char {
    match heading {
        Dir::North => '^',
        Dir::East => '>',
        Dir::South => 'v',
        Dir::West => '<',
    }
}

/// The line styles of the four seats' paths (light, double, heavy, dashed), so paths stay
/// apart without colour: across, down, and the corners joining north–east, north–west,
/// south–east, south–west.
const STYLES: [(char, char, [char; 4]); 4] = [
    ('─', '│', ['└', '┘', '┌', '┐']),
    ('═', '║', ['╚', '╝', '╔', '╗']),
    ('━', '┃', ['┗', '┛', '┏', '┓']),
    ('┄', '┆', ['╰', '╯', '╭', '╮']),
];

/// The three characters of a cell whose tile joins sides `a` and `b`.
fn piece(seat: usize, a: Dir, b: Dir) -> (char, char, char) {
    let (across, down, corners) = STYLES[seat % STYLES.len()];
    let joins = |side: Dir| a == side || b == side;
    let middle = match (joins(Dir::North), joins(Dir::South), joins(Dir::East)) {
        (true, true, _) => down,
        (false, false, _) => across,
        (true, false, true) => corners[0],
        (true, false, false) => corners[1],
        (false, true, true) => corners[2],
        (false, true, false) => corners[3],
    };
    let side = |dir: Dir| if joins(dir) { across } else { ' ' };
    (side(Dir::West), middle, side(Dir::East))
}
