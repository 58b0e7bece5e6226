//! The Mouse Race planner's distance field: for an open end — a cell and the direction of
//! travel into it — the fewest turns of laying road tiles (and shooing cats) that take a path
//! from it to the cheese, whatever tiles the bag gives. Worked out backwards from the cheese,
//! one distance at a time over rows of bits for the whole board, only as far as the questions
//! asked need, and kept while the board stays the same: every seat's plan reads the same field.

use mousehole_engine::games::mouse_race::{Dir, MAX_SIZE, Square};

/// No way to the cheese, or none within the limit asked for.
pub(super) const UNREACHABLE: u16 = u16::MAX;

/// The index of a direction in the field's per-direction arrays.
pub(super) fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::North => 0,
        Dir::East => 1,
        Dir::South => 2,
        Dir::West => 3,
    }
}

/// What the board is to a planner: where a road tile may go and where cats sit, a row of
/// bits per board row (bit `col` for column `col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Terrain {
    pub(super) size: u8,
    /// Cells a road tile may be laid on now: on the board, empty, not a corner, not the cheese.
    pub(super) free: [u32; MAX_SIZE],
    /// Cells holding a cat: a path gets past one by shooing it first, a turn's delay.
    pub(super) cats: [u32; MAX_SIZE],
}

impl Terrain {
    /// An empty board of side `size`: every cell free but the corners and the cheese.
    pub(super) fn new(size: u8) -> Self {
        let inside = (1u32 << size) - 1;
        let mut free = [0; MAX_SIZE];
        free[..usize::from(size)].fill(inside);
        let mut terrain = Self {
            size,
            free,
            cats: [0; MAX_SIZE],
        };
        let last = size - 1;
        let middle = size / 2;
        for fixed in [
            Square::new(0, 0),
            Square::new(0, last),
            Square::new(last, last),
            Square::new(last, 0),
            Square::new(middle, middle),
        ] {
            terrain.block(fixed);
        }
        terrain
    }

    /// Marks a cell as taken (a road tile, a cat or a fixed place).
    pub(super) fn block(&mut self, square: Square) {
        self.free[usize::from(square.row)] &= !(1 << square.col);
    }

    /// Puts a cat on a cell.
    pub(super) fn put_cat(&mut self, square: Square) {
        self.block(square);
        self.cats[usize::from(square.row)] |= 1 << square.col;
    }

    /// Empties a cell (a tile taken back, a cat shooed).
    pub(super) fn clear(&mut self, square: Square) {
        self.free[usize::from(square.row)] |= 1 << square.col;
        self.cats[usize::from(square.row)] &= !(1 << square.col);
    }

    pub(super) fn is_cat(&self, square: Square) -> bool {
        self.cats[usize::from(square.row)] & 1 << square.col != 0
    }

    #[cfg(test)]
    pub(super) fn is_free(&self, square: Square) -> bool {
        self.free[usize::from(square.row)] & 1 << square.col != 0
    }

    pub(super) fn cheese(&self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }
}

/// Distances to the cheese, asked for open ends of a given terrain.
pub(super) trait Planner {
    /// Prepares for questions about `terrain` (keeping what is known if it is the same).
    fn plan(&mut self, terrain: &Terrain);

    /// The fewest turns from an open end on `cell`, travelling `heading` into it, to the
    /// cheese: one per road tile, one more per cat to shoo on the way (on `cell` too).
    /// [`UNREACHABLE`] when there is no way, when it is more than `limit`, or when `cell`
    /// holds a road tile or is a corner.
    fn distance(&mut self, cell: Square, heading: Dir, limit: u16) -> u16;
}

/// The field for boards of up to 15 cells a side (the default is 13): four words a layer.
pub(super) type NarrowField = Field<16, 4>;

/// The field for boards of up to 21 cells a side.
pub(super) type WideField = Field<32, 11>;

/// One set of open ends per direction of travel, each the whole board as bits: the cell in
/// row `r`, column `c` is bit `r * S + c` of the words taken as one long number.
type Layers<const W: usize> = [[u64; W]; 4];

/// The distance field of boards whose rows fit `S` bits (a power of two, more than the side,
/// so the bit past a row's last cell is never free), in `W` words.
///
/// Level `k` holds the open ends at distance `k` or less. An open end (c, h) gets there when a
/// tile on `c` leaving in one of the three directions it may (h, or a turn to either side)
/// enters the cheese or an open end of level `k - 1`; a free `c` then is at level `k`, a cat
/// on `c` (shooed first) at level `k + 1`. The levels grow until every question is answered or
/// nothing more is reachable; each is kept, so the distance of anything already reached is a
/// search among them.
#[derive(Clone, Debug)]
pub(super) struct Field<const S: usize, const W: usize> {
    /// The terrain the levels are for; `None` before the first plan.
    terrain: Option<Terrain>,
    free: [u64; W],
    cats: [u64; W],
    /// The four cells a tile enters the cheese from, per direction of leaving: (word, bit).
    goals: [(usize, u64); 4],
    /// The open ends reached so far (the last level).
    reached: Layers<W>,
    /// The cells from which a tile could reach the cheese or the last level, whatever they
    /// hold now: the cats among them join at the next level.
    through: Layers<W>,
    /// Every level so far: `levels[k - 1]` holds the open ends at distance `k` or less.
    levels: Vec<Layers<W>>,
    /// Nothing more will be reached.
    done: bool,
}

impl<const S: usize, const W: usize> Default for Field<S, W> {
    fn default() -> Self {
        Self {
            terrain: None,
            free: [0; W],
            cats: [0; W],
            goals: [(0, 0); 4],
            reached: [[0; W]; 4],
            through: [[0; W]; 4],
            levels: Vec::with_capacity(64),
            done: false,
        }
    }
}

impl<const S: usize, const W: usize> Field<S, W> {
    /// The largest board side this field takes.
    pub(super) const MAX_SIDE: usize = {
        assert!(S.is_power_of_two() && S < 64 && 64 % S == 0);
        let rows = W * 64 / S;
        if rows < S - 1 { rows } else { S - 1 }
    };

    /// The word and bit of a cell.
    fn place(cell: Square) -> (usize, u64) {
        let index = usize::from(cell.row) * S + usize::from(cell.col);
        (index / 64, 1 << (index % 64))
    }

    /// Board rows of bits packed into words.
    fn pack(rows: &[u32; MAX_SIZE], size: u8) -> [u64; W] {
        let mut words = [0; W];
        for (row, &bits) in rows.iter().enumerate().take(usize::from(size)) {
            let index = row * S;
            words[index / 64] |= u64::from(bits) << (index % 64);
        }
        words
    }

    fn level(&self) -> u16 {
        self.levels.len() as u16
    }

    /// Works out the next level.
    fn step(&mut self) {
        let r = self.reached;
        let mut grew = 0;
        let mut waiting = 0;
        for i in 0..W {
            // The cells a tile leaving in each direction turns into a reached open end (the
            // open end it makes, one step on, travels that way too): those one row below the
            // reached ones for north, one column left for east, and so on.
            let below = |layer: &[u64; W]| {
                (layer[i] << S) | if i > 0 { layer[i - 1] >> (64 - S) } else { 0 }
            };
            let above = |layer: &[u64; W]| {
                (layer[i] >> S)
                    | if i + 1 < W {
                        layer[i + 1] << (64 - S)
                    } else {
                        0
                    }
            };
            // A shift across a row's end lands on the column past the board: never free.
            let north = below(&r[0]);
            let east = r[1][i] >> 1;
            let south = above(&r[2]);
            let west = r[3][i] << 1;
            let goal = |d: usize| {
                let (word, bit) = self.goals[d];
                if word == i { bit } else { 0 }
            };
            let (north, east, south, west) = (
                north | goal(0),
                east | goal(1),
                south | goal(2),
                west | goal(3),
            );
            // Travelling h, a tile may leave h or turn to either side, never go back.
            let (north_east, south_west) = (north | east, south | west);
            let through = [
                north_east | west,
                north_east | south,
                south_west | east,
                south_west | north,
            ];
            let (free, cats) = (self.free[i], self.cats[i]);
            for (h, &now) in through.iter().enumerate() {
                let old = self.reached[h][i];
                let new = old | (free & now) | (cats & self.through[h][i]);
                grew |= new & !old;
                waiting |= cats & now & !new;
                self.reached[h][i] = new;
                self.through[h][i] = now;
            }
        }
        self.levels.push(self.reached);
        if grew == 0 && waiting == 0 {
            self.done = true;
        }
    }

    /// The distance of an open end already reached: the first level holding it.
    fn first_level(&self, h: usize, word: usize, bit: u64) -> u16 {
        self.levels
            .partition_point(|level| level[h][word] & bit == 0) as u16
            + 1
    }
}

impl<const S: usize, const W: usize> Planner for Field<S, W> {
    fn plan(&mut self, terrain: &Terrain) {
        if self.terrain.as_ref() == Some(terrain) {
            return;
        }
        debug_assert!(
            usize::from(terrain.size) <= Self::MAX_SIDE,
            "the board fits the field"
        );
        self.terrain = Some(*terrain);
        self.free = Self::pack(&terrain.free, terrain.size);
        self.cats = Self::pack(&terrain.cats, terrain.size);
        let cheese = terrain.cheese();
        let from = |row: u8, col: u8| Self::place(Square::new(row, col));
        let (row, col) = (cheese.row, cheese.col);
        // Leaving north, east, south, west into the cheese: from below, left, above, right.
        self.goals = [
            from(row + 1, col),
            from(row, col - 1),
            from(row - 1, col),
            from(row, col + 1),
        ];
        self.reached = [[0; W]; 4];
        self.through = [[0; W]; 4];
        self.levels.clear();
        self.done = false;
    }

    fn distance(&mut self, cell: Square, heading: Dir, limit: u16) -> u16 {
        if usize::from(cell.row.max(cell.col)) >= Self::MAX_SIDE {
            return UNREACHABLE;
        }
        let (h, (word, bit)) = (dir_index(heading), Self::place(cell));
        if (self.free[word] | self.cats[word]) & bit == 0 {
            return UNREACHABLE;
        }
        if self.reached[h][word] & bit != 0 {
            return self.first_level(h, word, bit);
        }
        while !self.done && self.level() < limit {
            self.step();
            if self.reached[h][word] & bit != 0 {
                return self.level();
            }
        }
        UNREACHABLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// Distances by a plain Dijkstra search from the open end forward, for comparison.
    fn forward(terrain: &Terrain, cell: Square, heading: Dir) -> u16 {
        use std::cmp::Reverse;
        use std::collections::{BinaryHeap, HashSet};
        let cheese = terrain.cheese();
        let passable = |s: Square| terrain.is_free(s) || terrain.is_cat(s);
        if !passable(cell) {
            return UNREACHABLE;
        }
        let cost = |s: Square| 1 + u16::from(terrain.is_cat(s));
        let mut settled = HashSet::new();
        let mut queue = BinaryHeap::from([Reverse((cost(cell), cell, dir_index(heading)))]);
        while let Some(Reverse((d, c, h))) = queue.pop() {
            if !settled.insert((c, h)) {
                continue;
            }
            let heading = Dir::ALL[h];
            for exit in [heading, heading.left(), heading.right()] {
                match c.neighbour(exit, terrain.size) {
                    Some(next) if next == cheese => return d,
                    Some(next) if passable(next) => {
                        queue.push(Reverse((d + cost(next), next, dir_index(exit))));
                    }
                    _ => {}
                }
            }
        }
        UNREACHABLE
    }

    fn check_against_forward<const S: usize, const W: usize>(terrain: &Terrain) {
        let mut field = Field::<S, W>::default();
        field.plan(terrain);
        for row in 0..terrain.size {
            for col in 0..terrain.size {
                for heading in Dir::ALL {
                    let cell = Square::new(row, col);
                    assert_eq!(
                        field.distance(cell, heading, UNREACHABLE),
                        forward(terrain, cell, heading),
                        "{cell} heading {heading}"
                    );
                }
            }
        }
    }

    fn cluttered(size: u8, seed: u64) -> Terrain {
        let mut terrain = Terrain::new(size);
        let mut rng = mousehole_engine::rng::stream(seed, 0);
        for row in 0..size {
            for col in 0..size {
                // Three in sixteen cells blocked, one in sixteen a cat.
                match mousehole_engine::rng::below(&mut rng, 16) {
                    0..=2 => terrain.block(Square::new(row, col)),
                    3 if terrain.is_free(Square::new(row, col)) => {
                        terrain.put_cat(Square::new(row, col));
                    }
                    _ => {}
                }
            }
        }
        terrain
    }

    #[test]
    fn distances_match_a_forward_search_on_cluttered_boards_of_every_width() {
        for seed in 0..6 {
            check_against_forward::<16, 4>(&cluttered(7, seed));
            check_against_forward::<16, 4>(&cluttered(13, seed));
            check_against_forward::<32, 11>(&cluttered(13, seed));
            check_against_forward::<32, 11>(&cluttered(21, seed));
        }
    }

    #[test]
    fn next_to_the_cheese_one_tile_does_it_if_the_heading_allows() {
        let terrain = Terrain::new(13);
        let mut field = NarrowField::default();
        field.plan(&terrain);
        // f7 is left of the cheese g7: travelling east a straight enters it; travelling
        // south a left turn does; travelling west the tile cannot turn back.
        assert_eq!(field.distance(square("f7"), Dir::East, UNREACHABLE), 1);
        assert_eq!(field.distance(square("f7"), Dir::South, UNREACHABLE), 1);
        assert_eq!(field.distance(square("f7"), Dir::West, UNREACHABLE), 3);
        // From b1 heading east: six cells along, six down, the last tile into the cheese.
        assert_eq!(field.distance(square("b1"), Dir::East, UNREACHABLE), 11);
        // The cheese and the corners are never open ends.
        assert_eq!(
            field.distance(square("g7"), Dir::East, UNREACHABLE),
            UNREACHABLE
        );
        assert_eq!(
            field.distance(square("a1"), Dir::East, UNREACHABLE),
            UNREACHABLE
        );
    }

    #[test]
    fn a_limit_answers_unreachable_beyond_it_and_a_later_question_goes_further() {
        let mut field = WideField::default();
        field.plan(&Terrain::new(13));
        assert_eq!(field.distance(square("b1"), Dir::East, 5), UNREACHABLE);
        assert_eq!(field.distance(square("f7"), Dir::East, 5), 1);
        assert_eq!(field.distance(square("b1"), Dir::East, 11), 11);
        assert_eq!(field.distance(square("b1"), Dir::East, 5), 11, "known now");
    }

    #[test]
    fn a_cat_costs_a_turn_and_a_wall_forces_the_way_round() {
        let mut terrain = Terrain::new(7);
        let mut field = NarrowField::default();
        field.plan(&terrain);
        // d4 is the cheese; from d2 travelling south, d3 then the cheese: two tiles.
        assert_eq!(field.distance(square("d2"), Dir::South, UNREACHABLE), 2);
        terrain.put_cat(square("d3"));
        field.plan(&terrain);
        // Through the cat (shoo, then lay): three; round it is longer.
        assert_eq!(field.distance(square("d2"), Dir::South, UNREACHABLE), 3);
        assert_eq!(field.distance(square("d3"), Dir::South, UNREACHABLE), 2);
        terrain.block(square("d3"));
        terrain.cats = [0; MAX_SIZE];
        field.plan(&terrain);
        // A road tile on d3 cannot be passed: d2 turns right (west) into c2, then c2 left
        // (south) into c3, c3 straight into c4, c4 left (east) into the cheese: four tiles.
        assert_eq!(field.distance(square("d2"), Dir::South, UNREACHABLE), 4);
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    #[test]
    #[ignore = "timing"]
    fn step_time() {
        let mut a = Terrain::new(13);
        let mut b = a;
        a.block(Square::new(5, 5));
        b.block(Square::new(5, 6));
        let mut field = NarrowField::default();
        let start = cpu_time::ThreadTime::now();
        let n = 200_000;
        let mut total = 0u64;
        for i in 0..n {
            field.plan(if i % 2 == 0 { &a } else { &b });
            total += u64::from(field.distance(Square::new(0, 1), Dir::East, UNREACHABLE));
        }
        let levels = field.levels.len();
        let ns = start.elapsed().as_nanos() as f64 / n as f64;
        println!(
            "{ns:.0} ns per plan with {levels} levels: {:.1} ns a level ({total})",
            ns / levels as f64
        );
    }
}
