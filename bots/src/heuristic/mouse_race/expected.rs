//! The Mouse Race planner's expected-turns field: for an open end, how many turns a path from
//! it takes to the cheese *on average*, when every turn draws from the bag as it is now and
//! lays what it draws only where that helps. The tile-counting field ([`super::field`]) calls
//! a way of five straights as short as one of five tiles that turn when needed, but a straight
//! is drawn far less often than "a straight or a curve that suits": this field tells them
//! apart, and so says which way, which placement and which detour is really the faster.
//!
//! An open end `x` (a cell and the direction of travel into it) has at most two useful draws:
//! a straight, leading to `s`, and a curve turned the better way, leading to `c` (or into the
//! cheese: 0 turns left). Drawing a straight with chance `p_s` and a curve with chance `p_c`,
//! and laying only tiles that lead somewhere faster, the expected turns `E` solve
//! `E = 1 + p_s·min(E_s, E) + p_c·min(E_c, E) + (1 − p_s − p_c)·E`: with both draws useful
//! `E = (1 + p_s·E_s + p_c·E_c) / (p_s + p_c)`, with one `E = 1/p + E_next`. A cat on the
//! cell costs a turn more (shooed first). Every open end's value depends only on smaller
//! ones, so one Dijkstra pass outward from the cheese settles them all, smallest first.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use mousehole_engine::games::mouse_race::{Dir, MAX_SIZE, Square, TileCounts};

use super::field::{Terrain, dir_index};

/// No way to the cheese.
pub(super) const NEVER: f32 = f32::INFINITY;

/// The draw chances are rounded to this many steps.
const STEPS: u32 = 32;

/// Open ends of the largest board: a cell and a direction of travel into it.
const ENDS: usize = MAX_SIZE * MAX_SIZE * 4;

/// The expected-turns field of one terrain and bag, kept while both stay the same.
#[derive(Clone, Debug)]
pub(super) struct Expected {
    /// What the field is for (the terrain, and the draw chances in [`STEPS`]ths); `None`
    /// before the first plan.
    planned: Option<(Terrain, [u16; 2])>,
    size: u8,
    /// The chances that a draw is a straight, or a curve.
    straight_chance: f32,
    curve_chance: f32,
    /// Expected turns from each open end ([`NEVER`] if no way), by [`Self::index`].
    turns: Box<[f32; ENDS]>,
    /// The best settled successor of each open end by a straight, and by a curve.
    by_straight: Box<[f32; ENDS]>,
    by_curve: Box<[f32; ENDS]>,
    settled: Box<[bool; ENDS]>,
    /// The open ends settled, in the order they were (nearest first): every end's useful
    /// draws lead to ends before it.
    order: Vec<u16>,
    /// Open ends to settle, nearest first: (expected turns as bits, index). Non-negative
    /// floats order as their bits do.
    queue: BinaryHeap<Reverse<(u32, u16)>>,
}

impl Default for Expected {
    fn default() -> Self {
        Self {
            planned: None,
            size: 0,
            straight_chance: 0.0,
            curve_chance: 0.0,
            turns: Box::new([NEVER; ENDS]),
            by_straight: Box::new([NEVER; ENDS]),
            by_curve: Box::new([NEVER; ENDS]),
            settled: Box::new([false; ENDS]),
            order: Vec::with_capacity(ENDS),
            queue: BinaryHeap::with_capacity(ENDS),
        }
    }
}

impl Expected {
    fn index(cell: Square, heading: Dir) -> usize {
        (usize::from(cell.row) * MAX_SIZE + usize::from(cell.col)) * 4 + dir_index(heading)
    }

    /// Works the field out for `terrain` and `bag` (nothing to do if it is for them already).
    pub(super) fn plan(&mut self, terrain: &Terrain, bag: TileCounts) {
        let total = u32::from(bag.straight) + u32::from(bag.curve) + u32::from(bag.cat);
        // The chances rounded, so that the field is worked out again when the board changes
        // or the bag's mix has moved noticeably, not at every draw.
        let steps = |count: u16| {
            (u32::from(count) * STEPS + total / 2)
                .checked_div(total)
                .unwrap_or(0) as u16
        };
        let chances = [steps(bag.straight), steps(bag.curve)];
        if self.planned == Some((*terrain, chances)) {
            return;
        }
        self.planned = Some((*terrain, chances));
        self.size = terrain.size;
        self.turns.fill(NEVER);
        self.by_straight.fill(NEVER);
        self.by_curve.fill(NEVER);
        self.settled.fill(false);
        self.order.clear();
        self.queue.clear();
        self.straight_chance = f32::from(chances[0]) / STEPS as f32;
        self.curve_chance = f32::from(chances[1]) / STEPS as f32;
        if chances == [0, 0] {
            return;
        }
        let cheese = terrain.cheese();
        // A tile leaving a cell next to the cheese towards it arrives: 0 turns left.
        for exit in Dir::ALL {
            if let Some(cell) = cheese.neighbour(exit.opposite(), self.size) {
                self.offer(terrain, cell, exit, 0.0);
            }
        }
        while let Some(Reverse((bits, index))) = self.queue.pop() {
            let index = usize::from(index);
            if self.settled[index] || self.turns[index].to_bits() != bits {
                continue;
            }
            self.settled[index] = true;
            self.order.push(index as u16);
            let value = self.turns[index];
            let cell_index = index / 4;
            let cell = Square::new((cell_index / MAX_SIZE) as u8, (cell_index % MAX_SIZE) as u8);
            let heading = Dir::ALL[index % 4];
            // The open end is reached by a tile on the cell behind it, leaving this way.
            if let Some(behind) = cell.neighbour(heading.opposite(), self.size) {
                self.offer(terrain, behind, heading, value);
            }
        }
    }

    /// A tile on `cell` leaving `exit` leads to an open end `value` turns away: the open ends
    /// on `cell` that such a tile serves (a straight for one heading, a curve for two) may
    /// now be nearer.
    fn offer(&mut self, terrain: &Terrain, cell: Square, exit: Dir, value: f32) {
        let free = terrain.free[usize::from(cell.row)] & 1 << cell.col != 0;
        let cat = terrain.is_cat(cell);
        if !free && !cat {
            return;
        }
        for (heading, straight) in [(exit, true), (exit.right(), false), (exit.left(), false)] {
            let index = Self::index(cell, heading);
            if self.settled[index] {
                continue;
            }
            let best = if straight {
                &mut self.by_straight[index]
            } else {
                &mut self.by_curve[index]
            };
            if value >= *best {
                continue;
            }
            *best = value;
            let turns = self.combine(self.by_straight[index], self.by_curve[index])
                + f32::from(u8::from(cat));
            if turns < self.turns[index] {
                self.turns[index] = turns;
                self.queue.push(Reverse((turns.to_bits(), index as u16)));
            }
        }
    }

    /// The expected turns from an open end whose best straight leads to `straight` turns
    /// away and best curve to `curve` (either [`NEVER`]), on a free cell.
    fn combine(&self, straight: f32, curve: f32) -> f32 {
        self.fastest_way(straight, curve).0
    }

    /// The fastest way to play an open end whose best straight leads to `straight` turns away
    /// and best curve to `curve`: its expected turns and whether it lays a straight and a
    /// curve (laying both, only straights or only curves; the first among equals).
    fn fastest_way(&self, straight: f32, curve: f32) -> (f32, bool, bool) {
        let (ps, pc) = (self.straight_chance, self.curve_chance);
        let only_straight = if ps > 0.0 { 1.0 / ps + straight } else { NEVER };
        let only_curve = if pc > 0.0 { 1.0 / pc + curve } else { NEVER };
        let both = if straight < NEVER && curve < NEVER && ps + pc > 0.0 {
            (1.0 + ps * straight + pc * curve) / (ps + pc)
        } else {
            NEVER
        };
        [
            (both, true, true),
            (only_straight, true, false),
            (only_curve, false, true),
        ]
        .into_iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .expect("three ways")
    }

    /// The open ends with a way to the cheese, nearest first, by index ([`Self::end`] names
    /// one).
    pub(super) fn settled(&self) -> &[u16] {
        &self.order
    }

    /// The open end of an index: its cell and the direction of travel into it.
    pub(super) fn end(index: u16) -> (Square, Dir) {
        let index = usize::from(index);
        let cell_index = index / 4;
        (
            Square::new((cell_index / MAX_SIZE) as u8, (cell_index % MAX_SIZE) as u8),
            Dir::ALL[index % 4],
        )
    }

    /// The index of an open end.
    pub(super) fn index_of(cell: Square, heading: Dir) -> u16 {
        Self::index(cell, heading) as u16
    }

    /// The draws that the plan lays at a settled open end on `cell`, travelling `heading`:
    /// for a straight and for a curve, its chance and where the tile leads (`None`: into the
    /// cheese; `Some` index of the next open end), or `None` where the plan does not lay that
    /// kind there. The same choice as the plan's expected turns make: a kind is laid when
    /// waiting for it and laying it is the faster.
    pub(super) fn draws(
        &self,
        cell: Square,
        heading: Dir,
        cheese: Square,
    ) -> [Option<(f32, Option<u16>)>; 2] {
        let (ps, pc) = (self.straight_chance, self.curve_chance);
        let straight = self.after_tile(cell, heading, cheese);
        let (curve_exit, curve) = [heading.left(), heading.right()]
            .into_iter()
            .map(|exit| (exit, self.after_tile(cell, exit, cheese)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("two curves");
        let (best, use_straight, use_curve) = self.fastest_way(straight, curve);
        let next = |exit: Dir| {
            let next = cell
                .neighbour(exit, self.size)
                .expect("a way leads on the board");
            (next != cheese).then(|| Self::index(next, exit) as u16)
        };
        let (use_straight, use_curve) = if best < NEVER {
            (use_straight, use_curve)
        } else {
            (false, false)
        };
        [
            use_straight.then(|| (ps, next(heading))),
            use_curve.then(|| (pc, next(curve_exit))),
        ]
    }

    /// The expected turns from the open end on `cell`, travelling `heading` into it
    /// ([`NEVER`] if the cell is taken or has no way to the cheese).
    pub(super) fn turns(&self, cell: Square, heading: Dir) -> f32 {
        self.turns[Self::index(cell, heading)]
    }

    /// The expected turns left after a tile on `cell` leaving `exit`: 0 if it enters the
    /// cheese.
    pub(super) fn after_tile(&self, cell: Square, exit: Dir, cheese: Square) -> f32 {
        match cell.neighbour(exit, self.size) {
            Some(next) if next == cheese => 0.0,
            Some(next) => self.turns(next, exit),
            None => NEVER,
        }
    }

    /// The expected turns from an open end on `cell`, travelling `heading`, as if the cell
    /// were free (a tile of the seat's own, about to be taken back, lies there now), leaving
    /// it any way but `not`.
    pub(super) fn through(&self, cell: Square, heading: Dir, not: Dir, cheese: Square) -> f32 {
        let after = |exit: Dir| {
            if exit == not {
                NEVER
            } else {
                self.after_tile(cell, exit, cheese)
            }
        };
        self.combine(
            after(heading),
            after(heading.left()).min(after(heading.right())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bag(straight: u16, curve: u16, cat: u16) -> TileCounts {
        TileCounts {
            straight,
            curve,
            cat,
        }
    }

    #[test]
    fn a_straight_into_the_cheese_takes_one_over_its_chance() {
        let terrain = Terrain::new(13);
        let mut field = Expected::default();
        field.plan(&terrain, bag(64, 80, 20));
        // (6,4) heading east: a straight to (6,5), then any tile that turns or goes on into
        // the cheese. From (6,5) heading east only a straight enters the cheese at once.
        let next = field.turns(Square::new(6, 5), Dir::East);
        // 64 straights of 164 tiles, rounded to 12/32 (a curve there leads away).
        let p_straight = (64.0_f32 * 32.0 / 164.0).round() / 32.0;
        assert!((next - 1.0 / p_straight).abs() < 1e-4, "{next}");
        // Further away is slower.
        let far = field.turns(Square::new(6, 1), Dir::East);
        assert!(far > next + 3.0, "{far} vs {next}");
    }

    #[test]
    fn a_way_that_needs_straights_is_slower_than_one_that_may_turn() {
        // The same tile distance, six cells from the cheese's column: heading straight at it
        // along its row only straights help for the last cells, while coming diagonally
        // either tile often does.
        let terrain = Terrain::new(13);
        let mut field = Expected::default();
        field.plan(&terrain, bag(64, 80, 20));
        let along = field.turns(Square::new(6, 1), Dir::East);
        let diagonal = field.turns(Square::new(3, 3), Dir::East);
        assert!(along.is_finite() && diagonal.is_finite());
        // Both need 5 or so tiles; turning freely needs fewer draws.
        assert!(diagonal < along, "diagonal {diagonal} along {along}");
    }

    #[test]
    fn a_cat_costs_a_turn_and_a_wall_cuts_the_way() {
        let mut terrain = Terrain::new(13);
        let mut field = Expected::default();
        field.plan(&terrain, bag(64, 80, 20));
        let free = field.turns(Square::new(6, 2), Dir::East);
        terrain.put_cat(Square::new(6, 2));
        field.plan(&terrain, bag(64, 80, 20));
        let with_cat = field.turns(Square::new(6, 2), Dir::East);
        assert!((with_cat - free - 1.0).abs() < 1e-4, "{with_cat} vs {free}");
        // Wall the cheese in: no way at all.
        let mut walled = Terrain::new(13);
        for dir in Dir::ALL {
            walled.block(walled.cheese().neighbour(dir, 13).expect("inside"));
        }
        field.plan(&walled, bag(64, 80, 20));
        assert!(field.turns(Square::new(6, 2), Dir::East).is_infinite());
        // An empty bag: nothing is ever drawn.
        field.plan(&terrain, bag(0, 0, 0));
        assert!(field.turns(Square::new(6, 4), Dir::East).is_infinite());
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    /// `cargo test --release -p mousehole-bots expected_plan_time -- --ignored --nocapture`
    #[test]
    #[ignore = "timing"]
    fn expected_plan_time() {
        let mut a = Terrain::new(13);
        let mut b = a;
        a.block(Square::new(5, 5));
        b.block(Square::new(5, 6));
        let bag = TileCounts {
            straight: 64,
            curve: 80,
            cat: 20,
        };
        let mut field = Expected::default();
        let start = cpu_time::ThreadTime::now();
        let n = 20_000;
        let mut total = 0.0;
        for i in 0..n {
            field.plan(if i % 2 == 0 { &a } else { &b }, bag);
            total += field.turns(Square::new(0, 1), Dir::East);
        }
        let ns = start.elapsed().as_nanos() as f64 / f64::from(n);
        println!("{ns:.0} ns per plan ({total})");
    }
}
