//! The Mouse Race heuristic: it plans the shortest road from each open end to the cheese over
//! the free cells (a distance field shared by every seat, see [`field`]) and lays a drawn tile
//! only where it shortens its own road, declines tiles that lead nowhere, goes back out of
//! dead ends and long detours, shoos a cat off its open end, and lays a cat where it makes
//! the leading opponent's road longer without making its own longer.
//!
//! Both forms — the agent's, from an observation, and the rollout policy's, from a sampled
//! world — fill the same [`Knowledge`]: the board, the paths and the bag as the seat to move
//! knows them (the only hidden fact of the game, another seat's tile in hand, never enters it),
//! and decide from it alone.

mod field;

use std::cell::RefCell;

use mousehole_engine::games::mouse_race::{
    Cell, Dir, Geometry, MAX_PLAYERS, MAX_SIZE, MouseRace, MouseRaceAction, MouseRaceObservation,
    Square, TileCounts,
};
use mousehole_engine::rng::below;
use mousehole_engine::{Game, GameConfig, GameRng};

use self::field::{Field, NarrowField, Planner, Terrain, UNREACHABLE, WideField};
use super::Heuristic;
use crate::levels::{LevelSettings, Levels, heuristic, improved_heuristic};

/// How many of its last tiles a seat considers taking back to go another way.
const BACK_DEPTH: usize = 4;

/// A cat worth this much (the leader's way longer and another opponent's slowed, say) is
/// taken without looking further along the leader's way.
const ENOUGH: i32 = 6;

/// A road tile's cell with the directions of travel into and out of it.
type Tile = (Square, Dir, Dir);

/// One seat's path as the planner needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Road {
    corner: Square,
    /// Road tiles laid.
    tiles: u16,
    /// The last tiles, newest first: up to [`BACK_DEPTH`] for the seat to move (it may take
    /// them back), only the last for the others (it says where their open end is).
    recent: [Option<Tile>; BACK_DEPTH],
}

impl Road {
    const NONE: Road = Road {
        corner: Square::A1,
        tiles: 0,
        recent: [None; BACK_DEPTH],
    };
}

/// What the seat to move knows that the heuristic decides by: the board's free cells and
/// cats, every path, and the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    terrain: Terrain,
    players: u8,
    mover: u8,
    roads: [Road; MAX_PLAYERS],
    /// The bag as the mover knows it (its own tile in hand, if any, not in it).
    bag: TileCounts,
}

/// An open end: the cell a road tile would go on and the direction of travel into it.
type End = (Square, Dir);

impl Knowledge {
    /// From a (sampled) state, for `mover`, the seat to move.
    fn from_state(state: &MouseRace, mover: usize) -> Self {
        let config = state.config();
        let size = config.size();
        let board = state.board();
        let mut terrain = Terrain::new(size);
        for row in 0..usize::from(size) {
            terrain.free[row] &= !board.occupied_row(row);
            terrain.cats[row] = board.cat_row(row);
        }
        let mut roads = [Road::NONE; MAX_PLAYERS];
        for (seat, road) in roads.iter_mut().enumerate().take(config.players()) {
            let path = state.path(seat);
            road.corner = config.corner(seat);
            road.tiles = path.len() as u16;
            let (Some(open_end), Some(heading)) = (path.open_end(), path.heading()) else {
                continue;
            };
            let mut cell = open_end.step(heading.opposite()).square(size);
            let depth = if seat == mover { BACK_DEPTH } else { 1 };
            for slot in road.recent.iter_mut().take(depth.min(path.len())) {
                let Some(square) = cell else { break };
                let Cell::Road { entry, exit, .. } = board.get(square) else {
                    break;
                };
                *slot = Some((square, entry, exit));
                cell = square.neighbour(entry.opposite(), size);
            }
        }
        Self {
            terrain,
            players: config.players() as u8,
            mover: mover as u8,
            roads,
            bag: state.bag(),
        }
    }

    /// From the observation of the seat deciding.
    fn from_observation(observation: &MouseRaceObservation) -> Self {
        let mut terrain = Terrain::new(observation.board.size);
        let mover = observation.seat;
        let mut roads = [Road::NONE; MAX_PLAYERS];
        for (path, road) in observation.paths.iter().zip(&mut roads) {
            for tile in &path.tiles {
                terrain.block(tile.cell);
            }
            road.corner = path.corner;
            road.tiles = path.tiles.len() as u16;
            let depth = if path.seat == mover { BACK_DEPTH } else { 1 };
            for (slot, tile) in road
                .recent
                .iter_mut()
                .zip(path.tiles.iter().rev().take(depth))
            {
                *slot = Some((tile.cell, tile.entry, tile.exit));
            }
        }
        for &cat in &observation.cats {
            terrain.put_cat(cat);
        }
        Self {
            terrain,
            players: observation.paths.len() as u8,
            mover: mover as u8,
            roads,
            bag: observation.bag.unwrap_or(observation.pool),
        }
    }

    fn size(&self) -> u8 {
        self.terrain.size
    }

    fn cheese(&self) -> Square {
        self.terrain.cheese()
    }

    fn mover(&self) -> usize {
        usize::from(self.mover)
    }

    /// Where a seat's next road tile may go: its open end if on the board, or before its
    /// first tile both cells next to its corner.
    fn ends(&self, seat: usize) -> [Option<End>; 2] {
        let road = &self.roads[seat];
        match road.recent[0] {
            None => Geometry { size: self.size() }.starts(road.corner).map(Some),
            Some((cell, _, exit)) => [cell.neighbour(exit, self.size()).map(|c| (c, exit)), None],
        }
    }

    /// The distance of an open end (see [`Planner::distance`]).
    fn cost(planner: &mut impl Planner, end: Option<End>, limit: u16) -> u16 {
        end.map_or(UNREACHABLE, |(cell, heading)| {
            planner.distance(cell, heading, limit)
        })
    }

    /// A seat's best open end and its distance ([`UNREACHABLE`] beyond `limit`).
    fn best_end(&self, planner: &mut impl Planner, seat: usize, limit: u16) -> (Option<End>, u16) {
        let ends = self.ends(seat);
        let first = Self::cost(planner, ends[0], limit);
        let second = Self::cost(planner, ends[1], limit.min(first));
        if second < first {
            (ends[1], second)
        } else {
            (ends[0], first)
        }
    }

    /// The distance left after laying a tile on `cell` that leaves it travelling `exit`: 0 if
    /// it enters the cheese.
    fn after_tile(&self, planner: &mut impl Planner, cell: Square, exit: Dir, limit: u16) -> u16 {
        match cell.neighbour(exit, self.size()) {
            Some(next) if next == self.cheese() => 0,
            Some(next) => planner.distance(next, exit, limit),
            None => UNREACHABLE,
        }
    }

    /// The heuristic's choice among `legal`.
    fn choose<P: Planner>(
        &self,
        legal: &[MouseRaceAction],
        planner: &mut P,
        probe: &mut P,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        planner.plan(&self.terrain);
        let holding = |kind: fn(&MouseRaceAction) -> bool| legal.iter().any(kind);
        let chosen = if holding(|a| matches!(a, MouseRaceAction::Cat(_))) {
            self.place_cat(legal, planner, probe)
        } else if holding(|a| {
            matches!(
                a,
                MouseRaceAction::Place(_) | MouseRaceAction::Left(_) | MouseRaceAction::Right(_)
            )
        }) {
            self.lay_road(legal, planner, rng)
        } else {
            self.take_turn(legal, planner)
        };
        debug_assert!(legal.contains(&chosen), "{chosen} is among {legal:?}");
        chosen
    }

    /// At the start of a turn: shoo a cat off the best open end, go back out of a dead end or
    /// a long detour, else draw (pass only when the bag is empty).
    fn take_turn(&self, legal: &[MouseRaceAction], planner: &mut impl Planner) -> MouseRaceAction {
        let (best, distance) = self.best_end(planner, self.mover(), UNREACHABLE);
        let cat_in_the_way =
            distance != UNREACHABLE && best.is_some_and(|(cell, _)| self.terrain.is_cat(cell));
        let preferences = [
            (MouseRaceAction::Shoo, cat_in_the_way),
            (
                MouseRaceAction::Back,
                distance == UNREACHABLE || self.back_pays(planner, distance),
            ),
            (MouseRaceAction::Draw, true),
            (MouseRaceAction::Pass, true),
        ];
        preferences
            .into_iter()
            .find(|&(action, wanted)| wanted && legal.contains(&action))
            .map_or(legal[0], |(action, _)| action)
    }

    /// Whether taking back tiles (one a turn, up to [`BACK_DEPTH`]) leads to a way shorter by
    /// more than one turn, counting the turns spent going back.
    fn back_pays(&self, planner: &mut impl Planner, distance: u16) -> bool {
        let road = &self.roads[self.mover()];
        for undone in 1..=BACK_DEPTH.min(usize::from(road.tiles)) {
            let Some((cell, entry, _)) = road.recent[undone - 1] else {
                break;
            };
            // Worth it if `undone` turns back plus what is left then beats the way ahead by
            // more than a turn.
            let budget = i32::from(distance) - undone as i32 - 2;
            if budget < 1 {
                break;
            }
            let budget = budget as u16;
            // The tile on `cell` comes back: a new one may leave it any way but back (the way
            // it left before leads into tiles still laid, so it does not count).
            let via_cell = [entry, entry.left(), entry.right()]
                .into_iter()
                .map(|exit| self.after_tile(planner, cell, exit, budget - 1))
                .min()
                .unwrap_or(UNREACHABLE)
                .saturating_add(1);
            // Back to no tile at all: the other cell next to the corner is open again too.
            let via_start = if undone == usize::from(road.tiles) {
                self.ends_before_first_tile()
                    .into_iter()
                    .filter(|&(start, _)| start != cell)
                    .map(|end| Self::cost(planner, Some(end), budget))
                    .min()
                    .unwrap_or(UNREACHABLE)
            } else {
                UNREACHABLE
            };
            if via_cell.min(via_start) <= budget {
                return true;
            }
        }
        false
    }

    /// The two cells next to the mover's corner.
    fn ends_before_first_tile(&self) -> [End; 2] {
        Geometry { size: self.size() }.starts(self.roads[self.mover()].corner)
    }

    /// Holding a road tile: lay it where it shortens the way most (straight into the cheese
    /// at once if it can), the most flexible way among equals; decline it if it shortens
    /// nothing.
    fn lay_road(
        &self,
        legal: &[MouseRaceAction],
        planner: &mut impl Planner,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        let ends = self.ends(self.mover());
        let (_, here) = self.best_end(planner, self.mover(), UNREACHABLE);
        // (action, cell laid on, exit, distance left): the ones that shorten the way most.
        let mut best: [Option<(MouseRaceAction, Square, Dir, u16)>; 4] = [None; 4];
        let mut count = 0;
        // Only a tile that shortens the way counts.
        let limit = here.saturating_sub(1);
        let mut shortest = UNREACHABLE;
        for &action in legal {
            let (named, turn): (Option<Square>, fn(Dir) -> Dir) = match action {
                MouseRaceAction::Place(named) => (named, |dir| dir),
                MouseRaceAction::Left(named) => (named, Dir::left),
                MouseRaceAction::Right(named) => (named, Dir::right),
                _ => continue,
            };
            let Some((cell, entry)) = ends
                .into_iter()
                .flatten()
                .find(|&(cell, _)| named.is_none_or(|named| named == cell))
            else {
                continue;
            };
            let exit = turn(entry);
            let left = self.after_tile(planner, cell, exit, limit);
            if left == 0 {
                return action;
            }
            if left > limit {
                continue;
            }
            if left < shortest {
                shortest = left;
                count = 0;
            }
            if left == shortest && count < best.len() {
                best[count] = Some((action, cell, exit, left));
                count += 1;
            }
        }
        if count == 0 {
            return MouseRaceAction::Decline;
        }
        // Among equals, the open end the next draw most likely suits.
        let mut chosen = [MouseRaceAction::Decline; 4];
        let mut ties = 0;
        let mut top = 0;
        for &(action, cell, exit, left) in best[..count].iter().flatten() {
            let Some(next) = cell.neighbour(exit, self.size()) else {
                continue;
            };
            let odds = self.flexibility(planner, next, exit, left);
            if odds > top || ties == 0 {
                top = odds;
                ties = 0;
            }
            if odds == top {
                chosen[ties] = action;
                ties += 1;
            }
        }
        if ties > 1 {
            chosen[below(rng, ties as u32) as usize]
        } else {
            chosen[0]
        }
    }

    /// How likely the next tile drawn shortens the way from the open end (`cell`,
    /// `heading`) at `distance`, in bag tiles: the straights if a straight does, plus the
    /// curves if a curve either way does.
    fn flexibility(
        &self,
        planner: &mut impl Planner,
        cell: Square,
        heading: Dir,
        distance: u16,
    ) -> u32 {
        let shoo = u16::from(self.terrain.is_cat(cell));
        let Some(target) = distance.checked_sub(1 + shoo) else {
            return 0;
        };
        let mut shortens = |exit: Dir| self.after_tile(planner, cell, exit, target) <= target;
        let straight = shortens(heading);
        let curve = shortens(heading.left()) || shortens(heading.right());
        u32::from(self.bag.straight) * u32::from(straight)
            + u32::from(self.bag.curve) * u32::from(curve)
    }

    /// Holding a cat: along the leading opponent's shortest way (from its open end), the
    /// cell where a cat scores best (see [`Self::cat_score`]), stopping early at one worth
    /// [`ENOUGH`]; in games of three or four, a cat slowing other opponents too scores more.
    /// Declined if no cell scores above 0.
    fn place_cat<P: Planner>(
        &self,
        legal: &[MouseRaceAction],
        planner: &mut P,
        probe: &mut P,
    ) -> MouseRaceAction {
        let mover = self.mover();
        let players = usize::from(self.players);
        let mut distances = [UNREACHABLE; MAX_PLAYERS];
        for (seat, distance) in distances.iter_mut().enumerate().take(players) {
            *distance = self.best_end(planner, seat, UNREACHABLE).1;
        }
        // The leader: nearest the cheese, the sooner to move among equals.
        let Some(leader) = (1..players)
            .map(|offset| (mover + offset) % players)
            .min_by_key(|&seat| distances[seat])
            .filter(|&seat| distances[seat] != UNREACHABLE)
        else {
            return MouseRaceAction::Decline;
        };
        let mut allowed = [0u32; MAX_SIZE];
        for action in legal {
            if let MouseRaceAction::Cat(cell) = *action {
                allowed[usize::from(cell.row)] |= 1 << cell.col;
            }
        }
        let (Some((mut cell, mut heading)), mut left) = self.best_end(planner, leader, UNREACHABLE)
        else {
            return MouseRaceAction::Decline;
        };
        let mut best: Option<(i32, Square)> = None;
        loop {
            if allowed[usize::from(cell.row)] & 1 << cell.col != 0 {
                let score = self.cat_score(planner, probe, cell, distances, leader);
                if score > best.map_or(0, |(top, _)| top) {
                    best = Some((score, cell));
                }
                if score >= ENOUGH {
                    break;
                }
            }
            // On along the leader's way: a tile leaving the way that keeps it shortest.
            let shoo = u16::from(self.terrain.is_cat(cell));
            let Some(target) = left.checked_sub(1 + shoo).filter(|&t| t > 0) else {
                break;
            };
            let Some(exit) = [heading, heading.left(), heading.right()]
                .into_iter()
                .find(|&exit| self.after_tile(planner, cell, exit, target) <= target)
            else {
                break;
            };
            let Some(next) = cell.neighbour(exit, self.size()) else {
                break;
            };
            (cell, heading, left) = (next, exit, target);
        }
        best.map_or(MouseRaceAction::Decline, |(_, cell)| {
            MouseRaceAction::Cat(cell)
        })
    }

    /// What a cat on `cell` is worth, summed over the seats with a way to the cheese, each
    /// weighted 2 for the leader, 1 for another opponent and −2 for the mover: twice the
    /// weight if it makes that seat's way longer, once if the way stays as long but fewer
    /// tiles in the bag would shorten it at its new best open end (the cat sits where the
    /// next draw would go, or shuts the way the bag favours).
    fn cat_score(
        &self,
        planner: &mut impl Planner,
        probe: &mut impl Planner,
        cell: Square,
        distances: [u16; MAX_PLAYERS],
        leader: usize,
    ) -> i32 {
        let mut terrain = self.terrain;
        terrain.put_cat(cell);
        probe.plan(&terrain);
        let mut score = 0;
        for (seat, &before) in distances.iter().enumerate().take(usize::from(self.players)) {
            if before == UNREACHABLE {
                continue;
            }
            let weight = if seat == self.mover() {
                -2
            } else if seat == leader {
                2
            } else {
                1
            };
            let (end, after) = self.best_end(probe, seat, before.saturating_add(1));
            if after > before {
                score += 2 * weight;
            } else {
                // As long, but the next draw less likely to fit.
                if let (Some((c, h)), (Some((c0, h0)), _)) =
                    (end, self.best_end(planner, seat, before))
                {
                    let now = self.flexibility(probe, c, h, after);
                    let was = self.flexibility(planner, c0, h0, before);
                    if now < was {
                        score += weight;
                    }
                }
            }
        }
        score
    }
}

/// The fields of the planner and of the probe that tries cats, one pair per board width.
/// Kept per thread: a field stays valid while the board is the same (every decision of a
/// turn, and every seat's), and its buffers are reused, so a rollout allocates nothing.
struct Fields<const S: usize, const W: usize> {
    planner: Field<S, W>,
    probe: Field<S, W>,
}

impl<const S: usize, const W: usize> Default for Fields<S, W> {
    fn default() -> Self {
        Self {
            planner: Field::default(),
            probe: Field::default(),
        }
    }
}

thread_local! {
    static NARROW: RefCell<Fields<16, 4>> = RefCell::new(Fields::default());
    static WIDE: RefCell<Fields<32, 11>> = RefCell::new(Fields::default());
}

/// The heuristic's choice for the seat whose knowledge `seen` is.
fn decide(seen: &Knowledge, legal: &[MouseRaceAction], rng: &mut GameRng) -> MouseRaceAction {
    if usize::from(seen.size()) <= NarrowField::MAX_SIDE {
        NARROW.with_borrow_mut(|fields| {
            seen.choose(legal, &mut fields.planner, &mut fields.probe, rng)
        })
    } else {
        debug_assert!(usize::from(seen.size()) <= WideField::MAX_SIDE);
        WIDE.with_borrow_mut(|fields| {
            seen.choose(legal, &mut fields.planner, &mut fields.probe, rng)
        })
    }
}

impl Heuristic for MouseRace {
    type Knowledge = Knowledge;

    fn knowledge_from_observation(observation: &MouseRaceObservation) -> Knowledge {
        Knowledge::from_observation(observation)
    }

    fn knowledge_from_state(state: &Self, seat: usize) -> Knowledge {
        Knowledge::from_state(state, seat)
    }

    fn decide(
        knowledge: &Knowledge,
        legal: &[MouseRaceAction],
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        decide(knowledge, legal, rng)
    }
}

/// This game's row of the level table (see [`crate::levels`] for how the budgets were chosen).
impl Levels for MouseRace {
    const LEVELS: [LevelSettings; 4] = [
        heuristic(0.06),
        heuristic(0.0),
        improved_heuristic(2_000, 2.0),
        improved_heuristic(8_000, 2.0),
    ];
}

// What the search bots sample from: the observation alone.
crate::inference::observation_only!(MouseRace);
