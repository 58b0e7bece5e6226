//! The Mouse Race heuristic: it plans the way from each open end to the cheese over the free
//! cells and lays a drawn tile only where it makes its own way shorter, declines tiles that
//! lead nowhere, goes back out of dead ends and long detours, shoos a cat off its open end,
//! and lays a cat where it makes the leading opponent's way longer without making its own
//! longer.
//!
//! It measures a way two ways (a [`Route`]). Its agent plans by **expected turns**
//! ([`expected`]): a straight is drawn about two times in five and a curve that suits about
//! one in two, so a way that needs straights is slower than one that may turn, however many
//! tiles each takes; and it decides **a turn ahead** ([`race`]): every way to lay the tile in
//! hand (or decline it), every cell a cat may go on, and drawing against going back, judged
//! by the mover's chance of winning the race afterwards, every seat's turns to the cheese a
//! distribution, not only a mean. So it lays a tile that blocks a rival's way, takes a long
//! shot when far behind, and puts a cat wherever on the board it hurts most. Rollouts, which
//! make thousands of decisions for each of the agent's, decide by **road tiles** over the
//! quick bit-parallel distance field ([`field`]), thousands of times cheaper. Measured
//! heads-up (duplicate seating, release): expected turns alone won 62.4% against road tiles
//! (4,000 games, seed 1, interval over deals [61.0, 63.7]); a turn ahead wins 51.4% against
//! expected turns alone (2,000 games, seed 5001, [49.9, 52.9]; 51.5% [49.9, 53.1] at seed
//! 1001: over both, about [50.4, 52.5]) and 26.0% at four players against three of it (1,000
//! games, [23.5, 28.5], a fair share being 25), at 0.75 ms a decision, 17 ms at worst (a cat
//! is tried only on the cells some seat's way passes: anywhere else it changes no seat's race).
//!
//! Both forms — the agent's, from an observation, and the rollout policy's, from a sampled
//! world — fill the same [`Knowledge`]: the board, the paths and the bag as the seat to move
//! knows them (the only hidden fact of the game, another seat's tile in hand, never enters it),
//! and decide from it alone.

mod expected;
mod field;
mod race;

use std::cell::RefCell;

use mousehole_engine::games::mouse_race::{
    Cell, Dir, Geometry, MAX_PLAYERS, MAX_SIZE, MouseRace, MouseRaceAction, MouseRaceObservation,
    Square, TileCounts,
};
use mousehole_engine::rng::below;
use mousehole_engine::{Game, GameConfig, GameRng, ToMove};

use self::expected::{Expected, NEVER};
use self::field::{Field, NarrowField, Planner, Terrain, UNREACHABLE, WideField};
use self::race::Race;
use super::Heuristic;
use crate::levels::{LevelSettings, Levels, heuristic, improved_heuristic};

/// How many of its last tiles a seat considers taking back to go another way.
const BACK_DEPTH: usize = 4;

/// A cat worth this much (the leader's way longer and another opponent's slowed, say) is
/// taken without looking further along the leader's way.
const ENOUGH: i32 = 6;

/// What closing a seat's way with a cat counts as, in expected turns.
const CLOSED: f32 = 10.0;

/// How wide the spread of a race's outcome is taken, per square root of its expected turns.
const SPREAD: f32 = 0.6;

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

    /// A seat's fastest open end by `route`, and how far it is.
    fn fastest_end(&self, route: &mut impl Route, seat: usize) -> (Option<End>, f32) {
        let mut best = (None, NEVER);
        for (cell, heading) in self.ends(seat).into_iter().flatten() {
            let way = route.way_from(cell, heading, best.1);
            if way < best.1 {
                best = (Some((cell, heading)), way);
            }
        }
        best
    }

    /// The heuristic's choice among `legal`: laying road and the turn's start measured by
    /// `careful` expected turns when given (the agent's own decisions), else by road tiles
    /// (rollouts, where speed counts most).
    fn choose<P: Planner>(
        &self,
        legal: &[MouseRaceAction],
        planner: &mut P,
        probe: &mut P,
        careful: Option<&mut [Expected; 2]>,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        planner.plan(&self.terrain);
        // Without a road tile in the bag no way has an expected length: count tiles then.
        let careful = careful.filter(|_| self.bag.straight + self.bag.curve > 0);
        let holding = |kind: fn(&MouseRaceAction) -> bool| legal.iter().any(kind);
        let chosen = if holding(|a| matches!(a, MouseRaceAction::Cat(_))) {
            match careful {
                Some(expected) => self.place_cat_carefully(legal, expected),
                None => self.place_cat(legal, planner, probe),
            }
        } else if let Some([expected, _]) = careful {
            expected.plan(&self.terrain, self.bag);
            self.road_or_turn(legal, &mut Turns(expected, self.cheese()), rng)
        } else {
            self.road_or_turn(legal, &mut Tiles(planner, self), rng)
        };
        debug_assert!(legal.contains(&chosen), "{chosen} is among {legal:?}");
        chosen
    }

    /// The choice looking a turn ahead: holding a road tile or a cat, every way to lay it (or
    /// decline it) judged by the mover's chance of winning the race afterwards ([`Race`]); at
    /// the turn's start, [`Self::start_ahead`].
    fn choose_ahead<P: Planner>(
        &self,
        legal: &[MouseRaceAction],
        planner: &mut P,
        probe: &mut P,
        expected: &mut [Expected; 2],
        race: &mut Race,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        let usual = self.choose(legal, planner, probe, Some(expected), rng);
        if self.bag.straight + self.bag.curve == 0 {
            return usual;
        }
        if legal.contains(&MouseRaceAction::Draw) {
            return self.start_ahead(legal, usual, expected, race);
        }
        let [expected, _] = expected;
        // As the board is: the value of declining, and of a cat no seat's way passes (it
        // changes no seat's distribution), and which cells the ways pass.
        let staying = self.race_value(expected, race);
        let ways = race.ways();
        let mut best = (f32::NEG_INFINITY, usual);
        let mut consider = |action: MouseRaceAction, after: &Knowledge| {
            let value = if action == MouseRaceAction::Decline {
                staying
            } else {
                after.race_value(expected, race)
            } + if action == usual { 1e-4 } else { 0.0 };
            if value > best.0 {
                best = (value, action);
            }
        };
        for &action in legal {
            let mut after = *self;
            match action {
                MouseRaceAction::Cat(cell)
                    if action != usual && ways[usize::from(cell.row)] & 1 << cell.col == 0 =>
                {
                    continue;
                }
                MouseRaceAction::Cat(cell) => after.terrain.put_cat(cell),
                // The bag as it is for every choice (the tile in hand out of it): a declined
                // tile's return moves the draw chances a little, by rounding a lot more, and
                // the choice is where the tile leaves the race, not the bag.
                MouseRaceAction::Decline => {}
                MouseRaceAction::Place(_)
                | MouseRaceAction::Left(_)
                | MouseRaceAction::Right(_) => {
                    let Some((cell, entry, exit)) = self.placement(action) else {
                        continue;
                    };
                    if cell.neighbour(exit, self.size()) == Some(self.cheese()) {
                        return action;
                    }
                    after = self.laid(cell, entry, exit);
                }
                // The turn's start: as the heuristic decides.
                _ => return usual,
            }
            consider(action, &after);
        }
        best.1
    }

    /// At the start of a turn: draw, go back or pass, whichever leaves the mover the better
    /// chance of winning the race, a draw judged by what each kind of tile drawn would make
    /// of it (the best way to lay a road tile, the heuristic's cat); a cat on the open end is
    /// shooed as the heuristic does.
    fn start_ahead(
        &self,
        legal: &[MouseRaceAction],
        usual: MouseRaceAction,
        fields: &mut [Expected; 2],
        race: &mut Race,
    ) -> MouseRaceAction {
        if usual == MouseRaceAction::Shoo {
            return usual;
        }
        let mover = self.mover();
        let staying = self.race_value(&mut fields[0], race);
        let mut best = (f32::NEG_INFINITY, usual);
        for &action in legal {
            let value = match action {
                MouseRaceAction::Draw => self.draw_value(staying, fields, race),
                MouseRaceAction::Pass => staying,
                MouseRaceAction::Back => {
                    let mut after = *self;
                    let road = &mut after.roads[mover];
                    let Some((cell, _, _)) = road.recent[0] else {
                        continue;
                    };
                    after.terrain.clear(cell);
                    road.recent.rotate_left(1);
                    road.recent[BACK_DEPTH - 1] = None;
                    road.tiles -= 1;
                    if road.tiles > 0 && road.recent[0].is_none() {
                        // Further back than the mover remembers: leave it to the heuristic.
                        continue;
                    }
                    after.race_value(&mut fields[0], race)
                }
                _ => continue,
            } + if action == usual { 1e-4 } else { 0.0 };
            if value > best.0 {
                best = (value, action);
            }
        }
        best.1
    }

    /// The mover's chance of winning after drawing: over the kinds of tile in the bag, the best
    /// of laying it and declining it (`staying`: the chance with the turn lost).
    fn draw_value(&self, staying: f32, fields: &mut [Expected; 2], race: &mut Race) -> f32 {
        let total = f32::from(self.bag.straight + self.bag.curve + self.bag.cat);
        let mover = self.mover();
        let mut value = 0.0;
        for (count, kind) in [(self.bag.straight, 0), (self.bag.curve, 1)] {
            if count == 0 {
                continue;
            }
            let mut best = staying;
            for (cell, entry) in self.ends(mover).into_iter().flatten() {
                if self.terrain.free[usize::from(cell.row)] & 1 << cell.col == 0 {
                    continue;
                }
                let exits: &[Dir] = if kind == 0 {
                    &[entry]
                } else {
                    &[entry.left(), entry.right()]
                };
                for &exit in exits {
                    if cell.neighbour(exit, self.size()) == Some(self.cheese()) {
                        best = 1.0;
                        continue;
                    }
                    let after = self.laid(cell, entry, exit);
                    best = best.max(after.race_value(&mut fields[0], race));
                }
            }
            value += f32::from(count) / total * best;
        }
        if self.bag.cat > 0 {
            let cats = self.cat_actions();
            let mut best = staying;
            if !cats.is_empty()
                && let MouseRaceAction::Cat(cell) = self.place_cat_carefully(&cats, fields)
            {
                let mut after = *self;
                after.terrain.put_cat(cell);
                best = best.max(after.race_value(&mut fields[0], race));
            }
            value += f32::from(self.bag.cat) / total * best;
        }
        value
    }

    /// Where the mover could lay a cat now: any free cell but an open end, though on a scent
    /// cell an opponent's open end too.
    fn cat_actions(&self) -> Vec<MouseRaceAction> {
        let geometry = Geometry { size: self.size() };
        let mut allowed = self.terrain.free;
        for seat in 0..usize::from(self.players) {
            for (cell, _) in self.ends(seat).into_iter().flatten() {
                if seat == self.mover() || !geometry.is_scent(cell) {
                    allowed[usize::from(cell.row)] &= !(1 << cell.col);
                }
            }
        }
        let mut cats = Vec::new();
        for row in 0..self.size() {
            for col in 0..self.size() {
                if allowed[usize::from(row)] & 1 << col != 0 {
                    cats.push(MouseRaceAction::Cat(Square::new(row, col)));
                }
            }
        }
        cats
    }

    /// Where laying a road tile by `action` puts it, at one of the mover's open ends: its
    /// cell and the directions of travel into and out of it; `None` for another action.
    fn placement(&self, action: MouseRaceAction) -> Option<Tile> {
        let (named, turn): (Option<Square>, fn(Dir) -> Dir) = match action {
            MouseRaceAction::Place(named) => (named, |dir| dir),
            MouseRaceAction::Left(named) => (named, Dir::left),
            MouseRaceAction::Right(named) => (named, Dir::right),
            _ => return None,
        };
        let (cell, entry) = self
            .ends(self.mover())
            .into_iter()
            .flatten()
            .find(|&(cell, _)| named.is_none_or(|named| named == cell))?;
        Some((cell, entry, turn(entry)))
    }

    /// This knowledge once the mover has laid a road tile on `cell`, entered travelling
    /// `entry` and left travelling `exit`.
    fn laid(&self, cell: Square, entry: Dir, exit: Dir) -> Knowledge {
        let mut after = *self;
        after.terrain.block(cell);
        let road = &mut after.roads[self.mover()];
        road.recent.rotate_right(1);
        road.recent[0] = Some((cell, entry, exit));
        road.tiles += 1;
        after
    }

    /// The mover's chance of winning the race once its turn is over, the board and the bag as
    /// they are here, the next seat to move first.
    fn race_value(&self, expected: &mut Expected, race: &mut Race) -> f32 {
        expected.plan(&self.terrain, self.bag);
        let players = usize::from(self.players);
        let cheese = self.cheese();
        let mut ends = [None; MAX_PLAYERS];
        for (order, end) in ends.iter_mut().enumerate().take(players) {
            let seat = (self.mover() + 1 + order) % players;
            let (fastest, _) = self.fastest_end(&mut Turns(expected, cheese), seat);
            *end = fastest.map(|(cell, heading)| Expected::index_of(cell, heading));
        }
        let mut starts = [0; MAX_PLAYERS];
        let mut count = 0;
        for end in ends.iter().flatten() {
            starts[count] = *end;
            count += 1;
        }
        race.plan(expected, &self.terrain, &starts[..count]);
        let mut arrivals = [None; MAX_PLAYERS];
        for (arrival, end) in arrivals.iter_mut().zip(ends).take(players) {
            *arrival = end.and_then(|end| race.arrival(end));
        }
        let mut chances = [0.0; MAX_PLAYERS];
        Race::win_chances(&arrivals[..players], &mut chances);
        chances[players - 1]
    }

    /// Every seat's chance of winning by the expected turns each needs to the cheese
    /// (`expected`, planned for this board and bag), into `returns`: a seat's way counts a
    /// share of a turn more the later it moves, and the chances fall off as a soft minimum
    /// over the ways, by the spread of turns a race of that length has.
    fn estimate(&self, expected: &Expected, returns: &mut Vec<f64>) {
        let players = usize::from(self.players);
        let mut route = Turns(expected, self.cheese());
        let mut ways = [NEVER; MAX_PLAYERS];
        for (seat, way) in ways.iter_mut().enumerate().take(players) {
            let later = (seat + players - self.mover()) % players;
            *way = self.fastest_end(&mut route, seat).1 + later as f32 / players as f32;
        }
        let ways = &ways[..players];
        returns.clear();
        let open = ways.iter().filter(|way| **way < NEVER).count();
        if open == 0 {
            // Nobody reaches the cheese: a draw, shared.
            returns.resize(players, 1.0 / players as f64);
            return;
        }
        let shortest = ways.iter().copied().fold(NEVER, f32::min);
        let mean = ways.iter().filter(|way| **way < NEVER).sum::<f32>() / open as f32;
        let spread = SPREAD * (mean + 1.0).sqrt();
        returns.extend(
            ways.iter()
                .map(|&way| f64::from((-(way - shortest) / spread).exp())),
        );
        let total: f64 = returns.iter().sum();
        for value in returns.iter_mut() {
            *value /= total;
        }
    }

    /// Holding a road tile, lay it (or decline it); else start the turn.
    fn road_or_turn(
        &self,
        legal: &[MouseRaceAction],
        route: &mut impl Route,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        let laying = legal.iter().any(|a| {
            matches!(
                a,
                MouseRaceAction::Place(_) | MouseRaceAction::Left(_) | MouseRaceAction::Right(_)
            )
        });
        if laying {
            self.lay_road(legal, route, rng)
        } else {
            self.take_turn(legal, route)
        }
    }

    /// At the start of a turn: shoo a cat off the best open end, go back out of a dead end or
    /// a long detour, else draw (pass only when the bag is empty).
    fn take_turn(&self, legal: &[MouseRaceAction], route: &mut impl Route) -> MouseRaceAction {
        let (best, way) = self.fastest_end(route, self.mover());
        let cat_in_the_way = way < NEVER && best.is_some_and(|(cell, _)| self.terrain.is_cat(cell));
        let preferences = [
            (MouseRaceAction::Shoo, cat_in_the_way),
            (
                MouseRaceAction::Back,
                way == NEVER || self.back_pays(route, way),
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
    /// more than a turn, counting the turns spent going back and the tile laid again.
    fn back_pays(&self, route: &mut impl Route, way: f32) -> bool {
        let road = &self.roads[self.mover()];
        for undone in 1..=BACK_DEPTH.min(usize::from(road.tiles)) {
            let Some((cell, entry, exit)) = road.recent[undone - 1] else {
                break;
            };
            let below = way - undone as f32 - 1.0;
            if below <= 1.0 {
                break;
            }
            // The tile on `cell` comes back: a new one may leave it any way but the way it
            // left before (into the tiles still laid, or onto the way ahead now).
            if route.through(cell, entry, exit, below) < below {
                return true;
            }
            // Back to no tile at all: the other cell next to the corner is open again too.
            if undone == usize::from(road.tiles)
                && self
                    .ends_before_first_tile()
                    .into_iter()
                    .filter(|&(start, _)| start != cell)
                    .any(|(start, heading)| route.way_from(start, heading, below) < below)
            {
                return true;
            }
        }
        false
    }

    /// The two cells next to the mover's corner.
    fn ends_before_first_tile(&self) -> [End; 2] {
        Geometry { size: self.size() }.starts(self.roads[self.mover()].corner)
    }

    /// Holding a road tile: lay it where the way left is shortest (straight into the cheese
    /// at once if it can), among equals where the next draw most likely fits; decline it if
    /// it leaves the way no shorter.
    fn lay_road(
        &self,
        legal: &[MouseRaceAction],
        route: &mut impl Route,
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        let (_, here) = self.fastest_end(route, self.mover());
        // The placements that leave the way shortest: (action, the open end they make).
        let mut best: [Option<(MouseRaceAction, End)>; 4] = [None; 4];
        let mut count = 0;
        let mut shortest = here;
        for &action in legal {
            let Some((cell, _, exit)) = self.placement(action) else {
                continue;
            };
            // Only a tile that shortens the way counts.
            let left = route.after_tile(cell, exit, here);
            if left == 0.0 {
                return action;
            }
            let Some(next) = cell.neighbour(exit, self.size()) else {
                continue;
            };
            if left >= here || left > shortest {
                continue;
            }
            if left < shortest {
                shortest = left;
                count = 0;
            }
            if count < best.len() {
                best[count] = Some((action, (next, exit)));
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
        for &(action, (next, exit)) in best[..count].iter().flatten() {
            let odds = route.fit(next, exit, shortest);
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

    /// The leading opponent by `ways` (a seat's way to the cheese, `none` if it has none):
    /// the nearest, the sooner to move among equals; `None` if no opponent has a way.
    fn leader<T: PartialOrd + Copy>(&self, ways: &[T; MAX_PLAYERS], none: T) -> Option<usize> {
        let players = usize::from(self.players);
        (1..players)
            .map(|offset| (self.mover() + offset) % players)
            .reduce(|best, seat| if ways[seat] < ways[best] { seat } else { best })
            .filter(|&seat| ways[seat] != none)
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
        let players = usize::from(self.players);
        let mut distances = [UNREACHABLE; MAX_PLAYERS];
        for (seat, distance) in distances.iter_mut().enumerate().take(players) {
            *distance = self.best_end(planner, seat, UNREACHABLE).1;
        }
        let Some(leader) = self.leader(&distances, UNREACHABLE) else {
            return MouseRaceAction::Decline;
        };
        let allowed = cat_cells(legal);
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

    /// Holding a cat, measured in expected turns: along the leading opponent's fastest way,
    /// the cell where a cat costs the opponents most and the mover least (see
    /// [`Self::cat_cost`]). Declined if no cell is worth it.
    fn place_cat_carefully(
        &self,
        legal: &[MouseRaceAction],
        [expected, probe]: &mut [Expected; 2],
    ) -> MouseRaceAction {
        expected.plan(&self.terrain, self.bag);
        let cheese = self.cheese();
        let players = usize::from(self.players);
        let mut ways = [NEVER; MAX_PLAYERS];
        for (seat, way) in ways.iter_mut().enumerate().take(players) {
            *way = self.fastest_end(&mut Turns(expected, cheese), seat).1;
        }
        let Some(leader) = self.leader(&ways, NEVER) else {
            return MouseRaceAction::Decline;
        };
        let allowed = cat_cells(legal);
        let (Some((mut cell, mut heading)), _) =
            self.fastest_end(&mut Turns(expected, cheese), leader)
        else {
            return MouseRaceAction::Decline;
        };
        let mut best: Option<(f32, Square)> = None;
        for _ in 0..usize::from(self.size()) * 2 {
            if allowed[usize::from(cell.row)] & 1 << cell.col != 0 {
                let worth = self.cat_cost(probe, cell, ways, leader);
                if worth > best.map_or(0.0, |(top, _)| top) {
                    best = Some((worth, cell));
                }
            }
            // On along the leader's way: the tile that leaves it fastest.
            let Some((exit, left)) = [heading, heading.left(), heading.right()]
                .into_iter()
                .map(|exit| (exit, expected.after_tile(cell, exit, cheese)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
            else {
                break;
            };
            let Some(next) = cell
                .neighbour(exit, self.size())
                .filter(|_| left > 0.0 && left < NEVER)
            else {
                break;
            };
            (cell, heading) = (next, exit);
        }
        best.map_or(MouseRaceAction::Decline, |(_, cell)| {
            MouseRaceAction::Cat(cell)
        })
    }

    /// What a cat on `cell` is worth in expected turns: how much longer it makes each seat's
    /// way, weighted 2 for the leader, 1 for another opponent and −2 for the mover (a way it
    /// closes counts as [`CLOSED`] turns longer).
    fn cat_cost(
        &self,
        probe: &mut Expected,
        cell: Square,
        ways: [f32; MAX_PLAYERS],
        leader: usize,
    ) -> f32 {
        let mut terrain = self.terrain;
        terrain.put_cat(cell);
        probe.plan(&terrain, self.bag);
        let cheese = self.cheese();
        let mut worth = 0.0;
        for (seat, &before) in ways.iter().enumerate().take(usize::from(self.players)) {
            if before == NEVER {
                continue;
            }
            let weight = if seat == self.mover() {
                -2.0
            } else if seat == leader {
                2.0
            } else {
                1.0
            };
            let after = self.fastest_end(&mut Turns(probe, cheese), seat).1;
            worth += weight * (after - before).min(CLOSED);
        }
        worth
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

/// The cells a cat may go on among `legal`, a row of bits per board row.
fn cat_cells(legal: &[MouseRaceAction]) -> [u32; MAX_SIZE] {
    let mut allowed = [0u32; MAX_SIZE];
    for action in legal {
        if let MouseRaceAction::Cat(cell) = *action {
            allowed[usize::from(cell.row)] |= 1 << cell.col;
        }
    }
    allowed
}

/// How a plan measures the way from an open end to the cheese, [`NEVER`] for no way: a
/// measure may also answer [`NEVER`] for a way not shorter than `below` (the tile field stops
/// looking there).
trait Route {
    /// From the open end on `cell`, travelling `heading` into it.
    fn way_from(&mut self, cell: Square, heading: Dir, below: f32) -> f32;

    /// Left after a tile on `cell` leaving `exit`: 0 if it enters the cheese.
    fn after_tile(&mut self, cell: Square, exit: Dir, below: f32) -> f32;

    /// From an open end on `cell`, travelling `heading`, as if the cell were free (a tile of
    /// the mover's own, about to be taken back, lies there), leaving it any way but `not`.
    fn through(&mut self, cell: Square, heading: Dir, not: Dir, below: f32) -> f32;

    /// How well the next draw suits the open end on `cell` at `way` (more is better): breaks
    /// ties between placements that leave the way equally short.
    fn fit(&mut self, cell: Square, heading: Dir, way: f32) -> u32;
}

/// The way in road tiles (and cats to shoo), by the quick distance field.
struct Tiles<'a, P>(&'a mut P, &'a Knowledge);

impl<P: Planner> Tiles<'_, P> {
    /// The field's limit for ways shorter than `below`.
    fn limit(below: f32) -> u16 {
        if below >= f32::from(UNREACHABLE) {
            UNREACHABLE
        } else {
            (below.ceil() as u16).saturating_sub(1)
        }
    }

    fn turns(distance: u16) -> f32 {
        if distance == UNREACHABLE {
            NEVER
        } else {
            f32::from(distance)
        }
    }
}

impl<P: Planner> Route for Tiles<'_, P> {
    fn way_from(&mut self, cell: Square, heading: Dir, below: f32) -> f32 {
        Self::turns(self.0.distance(cell, heading, Self::limit(below)))
    }

    fn after_tile(&mut self, cell: Square, exit: Dir, below: f32) -> f32 {
        Self::turns(self.1.after_tile(self.0, cell, exit, Self::limit(below)))
    }

    fn through(&mut self, cell: Square, heading: Dir, not: Dir, below: f32) -> f32 {
        [heading, heading.left(), heading.right()]
            .into_iter()
            .filter(|&exit| exit != not)
            .map(|exit| self.after_tile(cell, exit, below - 1.0))
            .fold(NEVER, f32::min)
            + 1.0
    }

    fn fit(&mut self, cell: Square, heading: Dir, way: f32) -> u32 {
        self.1
            .flexibility(self.0, cell, heading, Self::limit(way + 1.0))
    }
}

/// The way in expected turns, by the expected-turns field: the agent's own decisions.
struct Turns<'a>(&'a Expected, Square);

impl Route for Turns<'_> {
    fn way_from(&mut self, cell: Square, heading: Dir, _below: f32) -> f32 {
        self.0.turns(cell, heading)
    }

    fn after_tile(&mut self, cell: Square, exit: Dir, _below: f32) -> f32 {
        self.0.after_tile(cell, exit, self.1)
    }

    fn through(&mut self, cell: Square, heading: Dir, not: Dir, _below: f32) -> f32 {
        self.0.through(cell, heading, not, self.1)
    }

    /// Equal expected turns are rare and mean equally good: no preference.
    fn fit(&mut self, _cell: Square, _heading: Dir, _way: f32) -> u32 {
        0
    }
}

/// The fields of the planner and of the probe that tries cats, one pair per board width.
/// Kept per thread: a field stays valid while the board is the same (every decision of a
/// turn, and every seat's), and its buffers are reused, so a rollout allocates nothing.
struct Fields<const S: usize, const W: usize> {
    planner: Field<S, W>,
    probe: Field<S, W>,
    /// The expected-turns fields of the board and of the board with a cat tried on it.
    expected: [Expected; 2],
    /// The race model of the turn-ahead form.
    race: Race,
}

impl<const S: usize, const W: usize> Default for Fields<S, W> {
    fn default() -> Self {
        Self {
            planner: Field::default(),
            probe: Field::default(),
            expected: Default::default(),
            race: Race::default(),
        }
    }
}

thread_local! {
    static NARROW: RefCell<Fields<16, 4>> = RefCell::new(Fields::default());
    static WIDE: RefCell<Fields<32, 11>> = RefCell::new(Fields::default());
}

/// The heuristic's choice for the seat whose knowledge `seen` is: `careful`ly (a turn ahead,
/// by the race of expected turns) or quickly (by road tiles).
fn decide(
    seen: &Knowledge,
    legal: &[MouseRaceAction],
    rng: &mut GameRng,
    careful: bool,
) -> MouseRaceAction {
    fn with<const S: usize, const W: usize>(
        fields: &mut Fields<S, W>,
        seen: &Knowledge,
        legal: &[MouseRaceAction],
        rng: &mut GameRng,
        careful: bool,
    ) -> MouseRaceAction {
        let Fields {
            planner,
            probe,
            expected,
            race,
        } = fields;
        if careful {
            seen.choose_ahead(legal, planner, probe, expected, race, rng)
        } else {
            seen.choose(legal, planner, probe, None, rng)
        }
    }
    if usize::from(seen.size()) <= NarrowField::MAX_SIDE {
        NARROW.with_borrow_mut(|fields| with(fields, seen, legal, rng, careful))
    } else {
        debug_assert!(usize::from(seen.size()) <= WideField::MAX_SIDE);
        WIDE.with_borrow_mut(|fields| with(fields, seen, legal, rng, careful))
    }
}

/// The expected-turns field of this thread for a board `size` wide.
fn with_expected<T>(size: u8, work: impl FnOnce(&mut Expected) -> T) -> T {
    if usize::from(size) <= NarrowField::MAX_SIDE {
        NARROW.with_borrow_mut(|fields| work(&mut fields.expected[0]))
    } else {
        WIDE.with_borrow_mut(|fields| work(&mut fields.expected[0]))
    }
}

impl Heuristic for MouseRace {
    type Knowledge = Knowledge;

    /// By expected turns to the cheese, once a road tile is left in the bag.
    fn estimate_returns(state: &Self, returns: &mut Vec<f64>) -> bool {
        let ToMove::Player(mover) = state.to_move() else {
            return false;
        };
        let seen = Knowledge::from_state(state, mover);
        if seen.bag.straight + seen.bag.curve == 0 {
            return false;
        }
        with_expected(seen.size(), |expected| {
            expected.plan(&seen.terrain, seen.bag);
            seen.estimate(expected, returns);
        });
        true
    }

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
        decide(knowledge, legal, rng, false)
    }

    /// A turn ahead, by the race of expected turns (`Knowledge::choose_ahead`): thousands
    /// of times the work of a rollout's decision by road tiles (a shortest-way pass over the
    /// board's open ends for every way to lay the tile in hand, every cell a cat may go on),
    /// which the agent affords and a search's thousands of playouts do not.
    fn decide_carefully(
        knowledge: &Knowledge,
        legal: &[MouseRaceAction],
        rng: &mut GameRng,
    ) -> MouseRaceAction {
        decide(knowledge, legal, rng, true)
    }
}

/// This game's row of the level table (see [`crate::levels`] for how the budgets were chosen).
impl Levels for MouseRace {
    const LEVELS: [LevelSettings; 4] = [
        heuristic(0.06),
        heuristic(0.0),
        improved_heuristic(200, 2.0),
        improved_heuristic(600, 2.0),
    ];
}

// What the search bots sample from: the observation alone.
crate::inference::observation_only!(MouseRace);
