//! The Mouse Race race model: every seat's chance of winning from how many turns each needs,
//! as a *distribution*, not only its mean. From every open end the expected-turns plan
//! ([`super::expected`]) lays a straight, a curve or both and waits otherwise; the turns that
//! takes are a sum of waits, whose distribution follows from the ends nearer the cheese, so
//! one pass over the ends in the order the plan settled them gives every end's. The race is
//! then exact for independent seats in turn order: a seat wins on its `t`-th turn if every
//! seat before it in the round needs more than `t` turns and every seat after it at least
//! `t`. Unlike a mean, a distribution tells a behind seat that a long shot beats a sure loss,
//! and a leader that a safe way beats a fast risky one.

use mousehole_engine::games::mouse_race::{MAX_PLAYERS, MAX_SIZE};

use super::expected::Expected;
use super::field::Terrain;

/// Turns a distribution follows; a seat needing more is taken never to arrive.
pub(super) const HORIZON: usize = 48;

/// Open ends of the largest board.
const ENDS: usize = MAX_SIZE * MAX_SIZE * 4;

/// The chance of arriving in exactly `t + 1` turns, by `t`.
type Arrival = [f32; HORIZON];

/// The distributions of turns to the cheese of the open ends some seats stand at, and of the
/// ends their ways lead through, for one plan.
#[derive(Clone, Debug)]
pub(super) struct Race {
    arrival: Box<[Arrival; ENDS]>,
    /// Whether an end's distribution is worked out (it has a way to the cheese).
    known: Box<[bool; ENDS]>,
    /// Whether an end lies on a way from the seats' ends (its distribution is needed).
    needed: Box<[bool; ENDS]>,
    /// The ends marked needed, to clear them for the next plan.
    marked: Vec<u16>,
    /// The needed ends whose ways are still to follow, kept to reuse its buffer: a decision
    /// plans the race once for every way to lay its tile or cat.
    stack: Vec<u16>,
    /// Whether a cell (by row and column bit) holds a needed end: a cell nobody's way passes.
    cells: [u32; MAX_SIZE],
}

impl Default for Race {
    fn default() -> Self {
        Self {
            arrival: vec![[0.0; HORIZON]; ENDS]
                .into_boxed_slice()
                .try_into()
                .expect("ENDS distributions"),
            known: Box::new([false; ENDS]),
            needed: Box::new([false; ENDS]),
            marked: Vec::with_capacity(ENDS),
            stack: Vec::with_capacity(ENDS),
            cells: [0; MAX_SIZE],
        }
    }
}

impl Race {
    /// Works out the distribution of turns of every end in `starts` (the seats' open ends)
    /// and of the ends their ways lead through, under `expected`'s plan of `terrain`.
    pub(super) fn plan(&mut self, expected: &Expected, terrain: &Terrain, starts: &[u16]) {
        for &index in &self.marked {
            self.known[usize::from(index)] = false;
            self.needed[usize::from(index)] = false;
        }
        self.marked.clear();
        self.cells = [0; MAX_SIZE];
        let cheese = terrain.cheese();
        // The ends the seats' ways pass, by the draws the plan lays.
        let stack = &mut self.stack;
        stack.clear();
        for &start in starts {
            if !self.needed[usize::from(start)] {
                self.needed[usize::from(start)] = true;
                self.marked.push(start);
                stack.push(start);
            }
        }
        while let Some(index) = stack.pop() {
            let (cell, heading) = Expected::end(index);
            self.cells[usize::from(cell.row)] |= 1 << cell.col;
            if expected.turns(cell, heading).is_infinite() {
                continue;
            }
            for (_, next) in expected.draws(cell, heading, cheese).into_iter().flatten() {
                if let Some(next) = next
                    && !self.needed[usize::from(next)]
                {
                    self.needed[usize::from(next)] = true;
                    self.marked.push(next);
                    stack.push(next);
                }
            }
        }
        for &index in expected.settled() {
            if !self.needed[usize::from(index)] {
                continue;
            }
            let (cell, heading) = Expected::end(index);
            let mut here = [0.0; HORIZON];
            let mut waiting = 1.0;
            for (chance, next) in expected.draws(cell, heading, cheese).into_iter().flatten() {
                match next {
                    None => here[0] += chance,
                    // Ends settled later are not nearer: the plan does not wait for them.
                    Some(next) if !self.known[usize::from(next)] => continue,
                    Some(next) => {
                        let after = &self.arrival[usize::from(next)];
                        for t in 1..HORIZON {
                            here[t] += chance * after[t - 1];
                        }
                    }
                }
                waiting -= chance;
            }
            // A turn without a useful draw leaves the end where it was.
            for t in 1..HORIZON {
                here[t] += waiting * here[t - 1];
            }
            // A cat on the cell is shooed first: a turn later.
            if terrain.is_cat(cell) {
                here.copy_within(0..HORIZON - 1, 1);
                here[0] = 0.0;
            }
            self.arrival[usize::from(index)] = here;
            self.known[usize::from(index)] = true;
        }
    }

    /// The cells the ways of the last plan's seats pass, a row of bits per board row: a cat
    /// anywhere else changes no seat's distribution.
    pub(super) fn ways(&self) -> [u32; MAX_SIZE] {
        self.cells
    }

    /// The turns a seat at the open end `index` needs, if it has a way.
    pub(super) fn arrival(&self, index: u16) -> Option<&Arrival> {
        self.known[usize::from(index)].then(|| &self.arrival[usize::from(index)])
    }

    /// Each seat's chance of winning the race, into `chances`, when the seats' turns come in
    /// the order of `seats` (the first moves next) and `seats[k]` needs the turns `arrival`
    /// says (`None`: never). A race nobody finishes within the horizon counts for nobody.
    pub(super) fn win_chances(seats: &[Option<&Arrival>], chances: &mut [f32; MAX_PLAYERS]) {
        // The chance that a seat has not arrived after t turns, for t = 0..HORIZON.
        let mut waiting = [[1.0f32; HORIZON + 1]; MAX_PLAYERS];
        for (seat, arrival) in seats.iter().enumerate() {
            match arrival {
                None => waiting[seat][1..].fill(1.0),
                Some(arrival) => {
                    for t in 0..HORIZON {
                        waiting[seat][t + 1] = (waiting[seat][t] - arrival[t]).max(0.0);
                    }
                }
            }
        }
        for (seat, arrival) in seats.iter().enumerate() {
            chances[seat] = arrival.map_or(0.0, |arrival| {
                (0..HORIZON)
                    .map(|t| {
                        // Arriving on turn t + 1: the seats before it must need more than
                        // t + 1 turns, the seats after it more than t.
                        let others: f32 = (0..seats.len())
                            .filter(|&other| other != seat)
                            .map(|other| waiting[other][if other < seat { t + 1 } else { t }])
                            .product();
                        arrival[t] * others
                    })
                    .sum()
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use mousehole_engine::games::mouse_race::{Dir, Square, TileCounts};

    use super::*;

    fn planned(terrain: &Terrain) -> (Expected, Race) {
        let mut expected = Expected::default();
        expected.plan(
            terrain,
            TileCounts {
                straight: 64,
                curve: 80,
                cat: 20,
            },
        );
        let mut race = Race::default();
        let starts: Vec<u16> = expected.settled().to_vec();
        race.plan(&expected, terrain, &starts);
        (expected, race)
    }

    #[test]
    fn an_ends_turns_add_up_to_its_expected_turns() {
        let terrain = Terrain::new(13);
        let (expected, race) = planned(&terrain);
        for (cell, heading) in [
            (Square::new(6, 5), Dir::East),
            (Square::new(6, 1), Dir::East),
            (Square::new(3, 3), Dir::East),
        ] {
            let arrival = race
                .arrival(Expected::index_of(cell, heading))
                .expect("a way to the cheese");
            let total: f32 = arrival.iter().sum();
            let mean: f32 = arrival
                .iter()
                .enumerate()
                .map(|(t, p)| (t + 1) as f32 * p)
                .sum();
            // Near the cheese almost every way arrives within the horizon, and on average as
            // soon as the plan expects.
            assert!(total > 0.99, "{total}");
            let turns = expected.turns(cell, heading);
            assert!(
                (mean - turns).abs() < 0.05 * turns,
                "{mean} against {turns}"
            );
        }
    }

    #[test]
    fn a_cat_on_the_cell_delays_every_arrival_by_a_turn() {
        let mut terrain = Terrain::new(13);
        let (_, free) = planned(&terrain);
        let end = Expected::index_of(Square::new(6, 2), Dir::East);
        let before = *free.arrival(end).expect("a way");
        terrain.put_cat(Square::new(6, 2));
        let (_, catted) = planned(&terrain);
        let after = catted.arrival(end).expect("a way past the cat");
        assert!(after[0].abs() < f32::EPSILON);
        for t in 1..HORIZON {
            assert!((after[t] - before[t - 1]).abs() < 1e-6, "turn {t}");
        }
    }

    #[test]
    fn the_race_favours_the_nearer_seat_and_the_first_to_move() {
        let terrain = Terrain::new(13);
        let (_, race) = planned(&terrain);
        let near = race.arrival(Expected::index_of(Square::new(6, 4), Dir::East));
        let far = race.arrival(Expected::index_of(Square::new(6, 1), Dir::East));
        let mut chances = [0.0; MAX_PLAYERS];
        Race::win_chances(&[far, near], &mut chances);
        assert!(chances[1] > 0.8, "{chances:?}");
        // Equal ways: the seat moving first is ahead, and someone wins.
        Race::win_chances(&[near, near], &mut chances);
        assert!(chances[0] > chances[1], "{chances:?}");
        assert!((chances[0] + chances[1] - 1.0).abs() < 0.01, "{chances:?}");
        // A seat without a way never wins; a race of one nobody can lose.
        Race::win_chances(&[None, far], &mut chances);
        assert!(chances[0].abs() < f32::EPSILON);
        assert!(chances[1] > 0.99, "{chances:?}");
    }
}
