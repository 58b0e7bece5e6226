//! The moving parts of Mouse Race's rules: open ends, where road tiles and cats may go, laying
//! and taking back tiles, what a drawn tile does, turn order and the safeguards. Listing cat
//! cells and the turn's events are the playout's hot path, so they work on the board's row
//! bits and the open ends kept with the state.

use super::action::{MouseRaceAction, TileKind};
use super::board::{Cell, Dir, Geometry, MAX_SIZE, MIN_SIZE, Spot, Square};
use super::{End, MAX_PLAYERS, MouseRace, Path, Phase};
use crate::listing::Listing;

/// Whether a road tile can be laid on a path now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RoadStatus {
    Placeable,
    /// A cat sits on the open end: the road tile goes back and the player draws once more.
    BlockedByCat,
    /// Off the board, a road tile or a corner: the road tile goes back and the turn ends.
    Blocked,
}

/// The cells a seat's next road tile may go on, each with the direction of travel into it:
/// the open end if it lies on the board, or before the first tile both cells next to the corner.
pub(super) type OpenEnds = [Option<(Square, Dir)>; 2];

/// A prepared list of decisions: the first `len` of the actions.
type Choices<const N: usize> = ([MouseRaceAction; N], u8);

/// The decisions at the start of a turn for each set of the optional ones (bit 0: draw, the
/// bag is not empty; bit 1: back, the path is not empty; bit 2: shoo, a cat sits on an open
/// end), in the listed order (draw, pass, back, shoo), padded with passes, and how many.
static TURN_CHOICES: [Choices<4>; 8] = {
    let mut table = [([MouseRaceAction::Pass; 4], 0); 8];
    let mut set = 0;
    while set < 8 {
        let optional = [
            (1, MouseRaceAction::Draw),
            (0, MouseRaceAction::Pass),
            (2, MouseRaceAction::Back),
            (4, MouseRaceAction::Shoo),
        ];
        let (choices, len) = &mut table[set];
        let mut i = 0;
        while i < optional.len() {
            let (bit, action) = optional[i];
            if bit == 0 || set & bit != 0 {
                choices[*len as usize] = action;
                *len += 1;
            }
            i += 1;
        }
        set += 1;
    }
    table
};

/// The decisions about a drawn road tile past a path's first tile, by kind (straight, curve)
/// and whether the open end is free: the open end's (a straight one way, a curve left then
/// right), declining last.
static ROAD_CHOICES: [[&[MouseRaceAction]; 2]; 2] = [
    [
        &[MouseRaceAction::Decline],
        &[MouseRaceAction::Place(None), MouseRaceAction::Decline],
    ],
    [
        &[MouseRaceAction::Decline],
        &[
            MouseRaceAction::Left(None),
            MouseRaceAction::Right(None),
            MouseRaceAction::Decline,
        ],
    ],
];

/// How many board sizes there are (odd sides from [`MIN_SIZE`] to [`MAX_SIZE`]).
const SIZES: usize = (MAX_SIZE - MIN_SIZE) / 2 + 1;

/// The decisions about a path's first road tile, by board size (`(size - MIN_SIZE) / 2`),
/// corner ([`Geometry::corners`]), kind (straight, curve) and which of the corner's two start
/// cells ([`Geometry::starts`], in their order) are free (bit 0 the first, bit 1 the
/// second): per free start cell, naming it, a straight one way or a curve turning left then
/// right; declining last. Padded with declines, and how many.
static FIRST_TILE_CHOICES: [[[[Choices<5>; 4]; 2]; 4]; SIZES] = {
    let mut table = [[[[([MouseRaceAction::Decline; 5], 0); 4]; 2]; 4]; SIZES];
    let mut size = 0;
    while size < SIZES {
        let geometry = Geometry {
            size: (MIN_SIZE + 2 * size) as u8,
        };
        let mut corner = 0;
        while corner < 4 {
            let starts = geometry.starts(geometry.corners()[corner]);
            let mut curve = 0;
            while curve < 2 {
                let mut free = 0;
                while free < 4 {
                    let (choices, len) = &mut table[size][corner][curve][free];
                    let mut start = 0;
                    while start < 2 {
                        if free & 1 << start != 0 {
                            let named = Some(starts[start].0);
                            if curve == 0 {
                                choices[*len as usize] = MouseRaceAction::Place(named);
                                *len += 1;
                            } else {
                                choices[*len as usize] = MouseRaceAction::Left(named);
                                choices[*len as usize + 1] = MouseRaceAction::Right(named);
                                *len += 2;
                            }
                        }
                        start += 1;
                    }
                    // Declining is already there, in the padding.
                    *len += 1;
                    free += 1;
                }
                curve += 1;
            }
            corner += 1;
        }
        size += 1;
    }
    table
};

impl MouseRace {
    /// The cells a seat's next road tile may go on, with the direction of travel into each:
    /// the open end, or before the first tile both cells next to the corner.
    ///
    /// Borrowed, not copied: nearly every decision reads one or two of them.
    pub(super) fn open_ends(&self, seat: usize) -> &OpenEnds {
        &self.open_ends[seat]
    }

    /// [`MouseRace::open_ends`] worked out from the seat's path.
    #[allow(
        clippy::inline_always,
        reason = "taking back a path's only tile calls it with the path just emptied: \
                  measured 0.3% fewer instructions per random game inlined than as the call \
                  the compiler otherwise keeps"
    )]
    #[inline(always)]
    pub(super) fn path_open_ends(&self, seat: usize) -> OpenEnds {
        let path = &self.paths[seat];
        if path.is_empty() {
            self.geometry().starts(self.config.corner(seat)).map(Some)
        } else {
            let square = path.last.neighbour(path.heading, self.config.size());
            [square.map(|s| (s, path.heading)), None]
        }
    }

    /// Works out every seat's open ends afresh (the seats not playing have none).
    pub(super) fn refresh_open_ends(&mut self) {
        for seat in 0..MAX_PLAYERS {
            self.open_ends[seat] = if seat < self.players() {
                self.path_open_ends(seat)
            } else {
                [None; 2]
            };
        }
    }

    /// An empty cell on the board that is not a corner (the cheese never is an open end while
    /// the game goes on, and no tile may go there).
    #[inline]
    pub(super) fn is_free(&self, square: Square) -> bool {
        let row = usize::from(square.row);
        (self.board.occupied_row(row) | self.fixed_cells(row)) & 1 << square.col == 0
    }

    /// The cells of a row that never take a tile: corners and the cheese, one bit per column.
    #[inline]
    pub(super) fn fixed_cells(&self, row: usize) -> u32 {
        let size = usize::from(self.config.size());
        let middle = size / 2;
        if row == 0 || row == size - 1 {
            1 | 1 << (size - 1)
        } else if row == middle {
            1 << middle
        } else {
            0
        }
    }

    pub(super) fn road_status(&self, seat: usize) -> RoadStatus {
        let ends = self.open_ends(seat);
        let ends = ends.iter().flatten().map(|&(s, _)| s);
        if ends.clone().any(|s| self.is_free(s)) {
            RoadStatus::Placeable
        } else if ends.clone().any(|s| self.board.is_cat(s)) {
            RoadStatus::BlockedByCat
        } else {
            RoadStatus::Blocked
        }
    }

    #[inline]
    pub(super) fn cat_on_open_end(&self, seat: usize) -> bool {
        self.open_ends(seat)
            .iter()
            .flatten()
            .any(|&(s, _)| self.board.is_cat(s))
    }

    /// Where `seat` may lay a cat: per row, bit `col` set for each empty cell that is not a
    /// corner, not the cheese and not a path's open end (an opponent's open end on a scent cell
    /// excepted). Worked out row by row from the board's occupied bits and the few open ends,
    /// since a cat is listed for every cell of the board.
    pub(super) fn cat_cells(&self, seat: usize) -> [u32; MAX_SIZE] {
        let geometry = self.geometry();
        let mut rows = self.free_rows();
        let mut forbid = |square: Square| {
            rows[usize::from(square.row)] &= !(1 << square.col);
        };
        for owner in 0..self.players() {
            for &(square, _) in self.open_ends(owner).iter().flatten() {
                if owner == seat || !geometry.is_scent(square) {
                    forbid(square);
                }
            }
        }
        rows
    }

    /// The free cells of every row (see [`MouseRace::is_free`]), one bit per column: the
    /// board's empty cells, then the fixed cells (corners and cheese) taken out of the three
    /// rows that have them, rather than a test of every row (a drawn cat works them out).
    #[inline]
    fn free_rows(&self) -> [u32; MAX_SIZE] {
        let size = usize::from(self.config.size());
        let inside = (1u32 << size) - 1;
        let mut rows = [0u32; MAX_SIZE];
        for (row, cells) in rows.iter_mut().enumerate().take(size) {
            *cells = inside & !self.board.occupied_row(row);
        }
        for row in [0, size / 2, size - 1] {
            rows[row] &= !self.fixed_cells(row);
        }
        rows
    }

    /// The decisions at the start of a turn, in their listed order: the first `len` of
    /// the choices. Looked up by which of the optional ones are open, without a branch each:
    /// random playouts decide this at every turn.
    #[inline]
    pub(super) fn turn_choices(&self) -> &'static Choices<4> {
        let seat = self.turn();
        let open = usize::from(!self.bag.is_empty())
            | usize::from(!self.paths[seat].is_empty()) << 1
            | usize::from(self.cat_on_open_end(seat)) << 2;
        &TURN_CHOICES[open]
    }

    /// The decisions about a drawn road tile, from prepared lists: past a path's first tile
    /// the one open end is named by no action, so they are one of four, by the tile's kind and
    /// whether the open end is free; for a path's first tile they name the free start cells,
    /// by board size, corner, kind and which start cells are free. `None` for a cat.
    #[allow(
        clippy::inline_always,
        reason = "the playout loop's pick at every road tile (through `legal_table`): the \
                  compiler otherwise keeps it a call"
    )]
    #[inline(always)]
    pub(super) fn road_choices(&self, kind: TileKind) -> Option<&'static [MouseRaceAction]> {
        let seat = self.turn();
        if kind == TileKind::Cat {
            return None;
        }
        let curve = usize::from(kind == TileKind::Curve);
        let is_free = |end: Option<(Square, Dir)>| end.is_some_and(|(s, _)| self.is_free(s));
        let [end, start] = *self.open_ends(seat);
        if !self.paths[seat].is_empty() {
            return Some(ROAD_CHOICES[curve][usize::from(is_free(end))]);
        }
        // An empty path's open ends are the corner's start cells, in their order.
        let free = usize::from(is_free(end)) | usize::from(is_free(start)) << 1;
        let size = (usize::from(self.config.size()) - MIN_SIZE) / 2;
        let (choices, len) = &FIRST_TILE_CHOICES[size][self.config.corner_index(seat)][curve][free];
        Some(&choices[..usize::from(*len)])
    }

    /// The decisions about a drawn cat, which are not [prepared](MouseRace::road_choices):
    /// a `cat CELL` for every cell it may go on, declining last. The cells are one run,
    /// counted at once from the rows' bits, after saying the list's length (a cat may go on
    /// most of the board's cells: a random pick draws first and skips whole rows to the cell
    /// it drew, without going through them).
    #[inline(never)]
    pub(super) fn list_cat_actions(&self, out: &mut impl Listing<MouseRaceAction>) {
        let rows = self.cat_cells(self.turn());
        let cells = cell_count(&rows);
        out.will_list(cells + 1);
        out.extend_counted(cells, CatCells { rows, row: 0 });
        out.push(MouseRaceAction::Decline);
    }

    /// Whether `seat` may lay a cat anywhere. Nearly always settled by the first rows, one
    /// with more free cells than there are open ends (each forbids at most one cell), without
    /// working out the cat cells.
    pub(super) fn any_cat_cell(&self, seat: usize) -> bool {
        let size = usize::from(self.config.size());
        let inside = (1u32 << size) - 1;
        let ends = 2 * self.players() as u32;
        (0..size).any(|row| {
            (inside & !(self.board.occupied_row(row) | self.fixed_cells(row))).count_ones() > ends
        }) || self.cat_cells(seat).iter().any(|&cells| cells != 0)
    }

    /// The cell and direction of travel for laying a legal road tile, given the cell named in
    /// the action (a path's first tile names one of the start cells, later tiles none): the
    /// open end, or for a first tile the start cell named.
    #[inline]
    fn legal_road_target(&self, seat: usize, named: Option<Square>) -> (Square, Dir) {
        let [end, start] = *self.open_ends(seat);
        match (end, named) {
            (Some(end), None) => end,
            (Some(end), Some(named)) if end.0 == named => end,
            _ => start.expect("a legal first tile names a start cell"),
        }
    }

    /// Whether a turn of `seat` could only be a pass.
    #[inline]
    pub(super) fn only_pass(&self, seat: usize) -> bool {
        self.bag.is_empty() && self.paths[seat].is_empty() && !self.cat_on_open_end(seat)
    }

    /// The stuck safeguard: the bag is empty and no seat's open end is a free cell.
    #[inline]
    pub(super) fn stuck(&self) -> bool {
        self.bag.is_empty()
            && (0..self.players()).all(|seat| {
                !self
                    .open_ends(seat)
                    .iter()
                    .flatten()
                    .any(|&(s, _)| self.is_free(s))
            })
    }

    /// The tile in hand, if a seat is deciding about one.
    pub(super) fn held(&self) -> Option<TileKind> {
        match self.phase {
            Phase::Holding { kind } => Some(kind),
            _ => None,
        }
    }

    /// Lays the road tile in hand on the cell named (a first tile) or the open end, leaving
    /// it in the direction `turn` gives from the direction of travel into it.
    ///
    /// Generic in `turn`, so each of the three ways is its own copy with the turn inlined.
    #[inline(never)]
    pub(super) fn lay_road(&mut self, named: Option<Square>, turn: impl Fn(Dir) -> Dir) {
        let seat = self.turn();
        let (square, entry) = self.legal_road_target(seat, named);
        self.lay_road_at(seat, square, entry, turn(entry));
    }

    /// Lays `seat`'s road tile in hand on `square` (a free open end, entered travelling
    /// `entry`), leaving it travelling `exit`; the game is won if that points at the cheese,
    /// else the turn is over.
    #[inline(never)]
    fn lay_road_at(&mut self, seat: usize, square: Square, entry: Dir, exit: Dir) {
        self.board.set(
            square,
            Cell::Road {
                seat: seat as u8,
                entry,
                exit,
            },
        );
        let path = &mut self.paths[seat];
        if path.is_empty() {
            path.first = square;
        }
        path.last = square;
        path.heading = exit;
        path.len += 1;
        // The open end is where the new tile points (what `path_open_ends` finds, without
        // asking again whether the path is empty); on the cheese, the path has reached it.
        let next = square.neighbour(exit, self.config.size());
        self.open_ends[seat] = [next.map(|s| (s, exit)), None];
        if next == Some(self.geometry().cheese()) {
            self.phase = Phase::Over {
                end: End::Cheese { winner: seat as u8 },
            };
        } else {
            self.end_turn();
        }
    }

    pub(super) fn take_back(&mut self, seat: usize) {
        let path = self.paths[seat];
        let (entry, exit) = self.board.road_dirs(path.last);
        self.board.set(path.last, Cell::Empty);
        self.bag.add(if entry == exit {
            TileKind::Straight
        } else {
            TileKind::Curve
        });
        if path.len == 1 {
            self.paths[seat] = Path::EMPTY;
            self.open_ends[seat] = self.path_open_ends(seat);
        } else {
            let previous = path
                .last
                .neighbour(entry.opposite(), self.config.size())
                .expect("the previous tile lies on the board");
            self.paths[seat] = Path {
                len: path.len - 1,
                last: previous,
                heading: entry,
                ..path
            };
            // The cell just emptied is the open end again, entered as its tile was: what
            // `path_open_ends` would find from the previous tile, without stepping there.
            self.open_ends[seat] = [Some((path.last, entry)), None];
        }
    }

    pub(super) fn shoo(&mut self, seat: usize) {
        for (square, _) in self.open_ends[seat].into_iter().flatten() {
            if self.board.get(square) == Cell::Cat {
                self.board.set(square, Cell::Empty);
                self.bag.add(TileKind::Cat);
            }
        }
    }

    #[inline]
    pub(super) fn end_turn(&mut self) {
        self.turns += 1;
        // A comparison, not `%`: a division by the player count would cost more than the rest
        // of the turn's bookkeeping.
        let next = self.turn() + 1;
        self.begin_turn(if next == self.players() { 0 } else { next });
    }

    /// Starts `seat`'s turn, first checking the safeguards and passing automatically for
    /// seats that could only pass.
    #[inline]
    pub(super) fn begin_turn(&mut self, seat: usize) {
        // With tiles in the bag neither the stuck safeguard nor a lone pass can apply.
        if self.turns < self.config.max_turns() && !self.bag.is_empty() {
            self.turn = seat as u8;
            self.phase = Phase::Turn;
        } else {
            self.begin_turn_checked(seat);
        }
    }

    /// [`MouseRace::begin_turn`] when the turn limit is reached or the bag is empty.
    #[inline(never)]
    pub(super) fn begin_turn_checked(&mut self, mut seat: usize) {
        let mut lone_passes = 0;
        loop {
            if self.turns >= self.config.max_turns() {
                self.phase = Phase::Over {
                    end: End::TurnLimit,
                };
                return;
            }
            if self.stuck() {
                self.phase = Phase::Over { end: End::Stuck };
                return;
            }
            self.turn = seat as u8;
            if !self.only_pass(seat) {
                self.phase = Phase::Turn;
                return;
            }
            self.turns += 1;
            lone_passes += 1;
            if lone_passes >= self.players() {
                // Nobody can do anything but pass, so nothing will ever change: skip ahead.
                self.turns = self.turns.max(self.config.max_turns());
            }
            seat = (seat + 1) % self.players();
        }
    }

    /// The decisions other than drawing and laying a road tile.
    #[inline(never)]
    pub(super) fn apply_other(&mut self, action: MouseRaceAction) {
        let seat = self.turn();
        match action {
            MouseRaceAction::Back => self.take_back(seat),
            MouseRaceAction::Shoo => self.shoo(seat),
            MouseRaceAction::Cat(square) => self.board.set(square, Cell::Cat),
            MouseRaceAction::Decline => {
                if let Some(kind) = self.held() {
                    self.bag.add(kind);
                }
            }
            _ => unreachable!("{action} is applied elsewhere"),
        }
        self.end_turn();
    }

    /// What happens to a tile just drawn.
    ///
    /// A tile that goes back is never taken out of the bag: the bag ends as it began.
    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop's chance arm, after the draw (`playout.rs`): \
                  measured 181,208 -> 176,150 instructions per random game (callgrind) and \
                  +5% games/s by the median of paired runs (issue 42)"
    )]
    #[inline(always)]
    pub(super) fn resolve_draw(&mut self, kind: TileKind) {
        if kind == TileKind::Cat {
            self.resolve_cat_draw();
            return;
        }
        match self.road_status(self.turn()) {
            RoadStatus::Placeable => {
                self.bag.remove(kind);
                self.phase = Phase::Holding { kind };
            }
            RoadStatus::BlockedByCat if !matches!(self.phase, Phase::Draw { extra: true }) => {
                self.phase = Phase::Draw { extra: true };
            }
            RoadStatus::BlockedByCat | RoadStatus::Blocked => self.end_turn(),
        }
    }

    /// [`MouseRace::resolve_draw`] for a cat, kept out of it: one draw in eight is a cat,
    /// and its search for a free row would otherwise weigh on every road tile drawn.
    #[inline(never)]
    fn resolve_cat_draw(&mut self) {
        if self.any_cat_cell(self.turn()) {
            self.bag.cat -= 1;
            self.phase = Phase::Holding {
                kind: TileKind::Cat,
            };
        } else {
            self.end_turn();
        }
    }

    /// The path of `seat` as a list of cells, first tile first, walked back from its last tile.
    pub(super) fn path_cells(&self, seat: usize) -> Vec<Square> {
        let path = &self.paths[seat];
        let mut cells = Vec::with_capacity(path.len());
        if path.is_empty() {
            return cells;
        }
        let mut square = path.last;
        loop {
            cells.push(square);
            if cells.len() >= path.len() {
                break;
            }
            let Cell::Road { entry, .. } = self.board.get(square) else {
                break;
            };
            match square.neighbour(entry.opposite(), self.config.size()) {
                Some(previous) => square = previous,
                None => break,
            }
        }
        cells.reverse();
        cells
    }

    /// Manhattan distance from a seat's open end to the cheese (the score): before the first
    /// tile from the nearer cell next to the corner.
    pub(super) fn distance(&self, seat: usize) -> u32 {
        let cheese = self.geometry().cheese();
        match self.paths[seat].open_end() {
            Some(spot) => spot.distance(cheese),
            None => self
                .geometry()
                .starts(self.config.corner(seat))
                .iter()
                .map(|&(s, _)| Spot::from(s).distance(cheese))
                .min()
                .unwrap_or(0),
        }
    }
}

/// How many bits the rows hold together: two rows to a word, their bits summed a field at a
/// time (a bit count per row is a dozen instructions without the `popcnt` instruction).
#[inline]
fn cell_count(rows: &[u32; MAX_SIZE]) -> usize {
    const ODD: u64 = 0x5555_5555_5555_5555;
    const PAIRS: u64 = 0x3333_3333_3333_3333;
    const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let mut bytes = 0;
    for pair in rows.chunks(2) {
        let mut word = u64::from(pair[0]) | pair.get(1).map_or(0, |&row| u64::from(row) << 32);
        word -= (word >> 1) & ODD;
        word = (word & PAIRS) + ((word >> 2) & PAIRS);
        // Each byte now counts at most 8 bits: the eleven pairs' sums fit in a byte.
        bytes += (word + (word >> 4)) & NIBBLES;
    }
    // Summed in 16-bit fields: a board of 21 rows has more than 255 cells.
    let halves = (bytes & 0x00ff_00ff_00ff_00ff) + ((bytes >> 8) & 0x00ff_00ff_00ff_00ff);
    (halves.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
}

/// The `cat CELL` actions of rows of cells (one bit per column), row by row, lowest column
/// first. Its n-th is found by skipping whole rows, counting each row's bits once.
#[derive(Clone, Debug)]
struct CatCells {
    /// The cells not yet gone through.
    rows: [u32; MAX_SIZE],
    /// The row gone through now; the rows above it are done.
    row: usize,
}

impl Iterator for CatCells {
    type Item = MouseRaceAction;

    #[inline]
    fn next(&mut self) -> Option<MouseRaceAction> {
        while let Some(&columns) = self.rows.get(self.row) {
            if columns != 0 {
                self.rows[self.row] = columns & (columns - 1);
                let square = Square::new(self.row as u8, columns.trailing_zeros() as u8);
                return Some(MouseRaceAction::Cat(square));
            }
            self.row += 1;
        }
        None
    }

    #[inline]
    fn nth(&mut self, mut n: usize) -> Option<MouseRaceAction> {
        while let Some(&columns) = self.rows.get(self.row) {
            let count = columns.count_ones() as usize;
            if n < count {
                let mut columns = columns;
                for _ in 0..n {
                    columns &= columns - 1;
                }
                self.rows[self.row] = columns;
                return self.next();
            }
            n -= count;
            self.row += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cat_cells_are_counted_and_indexed_as_listed() {
        let mut rows = [0u32; MAX_SIZE];
        for (row, cells) in rows.iter_mut().enumerate() {
            // Scattered bits in every row (21 bits each), the last row full.
            *cells = (row as u32).wrapping_mul(2_654_435_761) >> 11;
        }
        rows[MAX_SIZE - 1] = 0x1F_FFFF;
        let listed: Vec<_> = CatCells { rows, row: 0 }.collect();
        let counted: u32 = rows.iter().map(|row| row.count_ones()).sum();
        assert_eq!(cell_count(&rows), counted as usize);
        let full = [0x1F_FFFF; MAX_SIZE];
        assert_eq!(cell_count(&full), MAX_SIZE * MAX_SIZE, "the largest board");
        assert_eq!(listed.len(), counted as usize);
        for (index, &action) in listed.iter().enumerate() {
            assert_eq!(
                CatCells { rows, row: 0 }.nth(index),
                Some(action),
                "{index}"
            );
        }
        assert_eq!(CatCells { rows, row: 0 }.nth(listed.len()), None);
    }

    /// Every board size, corner, kind and pair of free start cells: per free start cell in the
    /// corner's order a straight one way or a curve left then right, naming it; declining last.
    #[test]
    fn first_tile_choices_name_the_free_start_cells() {
        for size in (MIN_SIZE..=MAX_SIZE).step_by(2) {
            let geometry = Geometry { size: size as u8 };
            for (corner, &square) in geometry.corners().iter().enumerate() {
                let starts = geometry.starts(square);
                for (curve, kind) in [TileKind::Straight, TileKind::Curve]
                    .into_iter()
                    .enumerate()
                {
                    for (free, (choices, len)) in FIRST_TILE_CHOICES[(size - MIN_SIZE) / 2][corner]
                        [curve]
                        .iter()
                        .enumerate()
                    {
                        let mut expected = Vec::new();
                        for (start, &(cell, _)) in starts.iter().enumerate() {
                            if free & 1 << start == 0 {
                                continue;
                            }
                            if kind == TileKind::Straight {
                                expected.push(MouseRaceAction::Place(Some(cell)));
                            } else {
                                expected.push(MouseRaceAction::Left(Some(cell)));
                                expected.push(MouseRaceAction::Right(Some(cell)));
                            }
                        }
                        expected.push(MouseRaceAction::Decline);
                        assert_eq!(
                            &choices[..usize::from(*len)],
                            expected.as_slice(),
                            "size {size}, corner {square}, {kind:?}, free {free:02b}"
                        );
                    }
                }
            }
        }
    }
}
