//! Mouse Race's board: the grid with each path in its seat's colour and line style, the open
//! ends as arrows, the cats, the cheese and its scent cells, the start corners, cell names on
//! the edges; below it the bag and the tile in hand.

use mousehole_engine::games::mouse_race::{
    Content, Dir, HeldTile, MouseRace, MouseRaceAction, MouseRaceObservation, OpenEnd, Square,
};
use ratatui::style::Modifier;
use ratatui::text::Line;

use super::{Board, BoardView};
use crate::theme::Theme;

/// A cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell(pub Square);

/// Columns of the row labels on each side.
const LABEL: u16 = 3;
const CELL: u16 = 3;

impl BoardView for MouseRace {
    type Spot = Cell;

    fn board_size(observation: &MouseRaceObservation) -> (u16, u16) {
        let size = u16::from(observation.board.size);
        (2 * LABEL + CELL * size, size + 3)
    }

    fn draw_board(observation: &MouseRaceObservation, board: &mut Board<'_, Cell>) {
        let theme = board.theme;
        let size = observation.board.size;
        let header = board.height() > u16::from(size) + 1;
        let top = u16::from(header);
        if header {
            for col in 0..size {
                let letter = char::from(b'a' + col).to_string();
                board.put(LABEL + CELL * u16::from(col) + 1, 0, &letter, theme.dim());
            }
        }
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
        for row in 0..size {
            let y = top + u16::from(row);
            board.put(0, y, &format!("{:>2} ", row + 1), theme.dim());
            for col in 0..size {
                let x = LABEL + CELL * u16::from(col);
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
                LABEL + CELL * u16::from(size),
                y,
                &format!(" {}", row + 1),
                theme.dim(),
            );
        }
        let y = top + u16::from(size);
        let pool = observation.bag.unwrap_or(observation.pool);
        let bag = format!(
            "{} {} straight, {} curve, {} cat",
            if observation.bag.is_some() {
                "bag"
            } else {
                "bag+hand"
            },
            pool.straight,
            pool.curve,
            pool.cat
        );
        let mut x = board.put(0, y, &bag, theme.dim());
        if let Some(tile) = observation.held_tile() {
            let (text, style) = match tile {
                HeldTile::Hidden => (
                    format!("  {} holds a tile", board.names[observation.turn]),
                    theme.text(),
                ),
                tile => (format!("  in hand: {}", held(tile)), theme.accent()),
            };
            x = board.put(x, y, &text, style);
        }
        let _ = x;
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

    fn revealed(state: &MouseRace, theme: Theme) -> Vec<Line<'static>> {
        let bag = state.bag();
        vec![Line::styled(
            format!(
                "The bag held {} straight, {} curve and {} cat tiles; nothing else was hidden.",
                bag.straight, bag.curve, bag.cat
            ),
            theme.dim(),
        )]
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
