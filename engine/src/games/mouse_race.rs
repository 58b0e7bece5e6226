//! Mouse Race ("Wyścig myszek"): lay road tiles from your corner to the cheese in the middle of
//! the board while cats drawn from the same bag block the way. Rules: `shared/spec/mouse-race.md`.

mod action;
mod board;
mod config;
mod hidden;
mod invariants;
mod notes;
mod observation;
mod views;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::action::{MouseRaceAction, TileKind};
pub use self::board::{Board, Cell, Dir, Geometry, MAX_SIZE, MIN_SIZE, Spot, Square};
use self::config::INFO;
pub use self::config::{MouseRaceConfig, TileCounts};
pub use self::observation::{MouseRaceObservation, PathView, PhaseView};
pub use self::views::MouseRaceView;
use crate::error::BrokenInvariant;
use crate::game::{Actor, Game, ToMove};
use crate::options::{GameConfig, GameInfo};
use crate::outcome::Outcome;
use crate::rng::{GameRng, below};

/// Most seats the game allows: one per corner.
pub const MAX_PLAYERS: usize = 4;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum End {
    /// A seat's path reached the cheese: it wins, the others share second place.
    Cheese {
        /// The seat that reached the cheese.
        winner: u8,
    },
    /// Safeguard: `max_turns` turns were played.
    TurnLimit,
    /// Safeguard: between two turns the bag was empty and no open end was a free cell.
    Stuck,
}

/// Where the game stands within a turn. A plain byte tag (no niche packing of the nested
/// enums), so the matches at every event are a single compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// The turn owner chooses: draw, pass, back or shoo.
    Turn,
    /// A tile is being drawn from the bag; `extra` when it is the one extra draw after a cat
    /// blocked a road tile.
    Draw { extra: bool },
    /// The turn owner holds a drawn tile and decides what to do with it.
    Holding { kind: TileKind },
    /// The game is over.
    Over { end: End },
}

/// One seat's path. Its tiles sit on the board as [`Cell::Road`] cells; each knows the
/// direction it was entered by, so the path can be walked back from its last tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Path {
    /// Road tiles laid.
    len: u16,
    /// The first tile's cell (`a1` while the path is empty).
    first: Square,
    /// The last tile's cell (`a1` while the path is empty).
    last: Square,
    /// The direction of travel out of the last tile (north while the path is empty).
    heading: Dir,
}

impl Path {
    const EMPTY: Path = Path {
        len: 0,
        first: Square::A1,
        last: Square::A1,
        heading: Dir::North,
    };

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The position the last tile points into; `None` before the first tile.
    pub fn open_end(&self) -> Option<Spot> {
        (!self.is_empty()).then(|| self.last.step(self.heading))
    }

    pub fn heading(&self) -> Option<Dir> {
        (!self.is_empty()).then_some(self.heading)
    }
}

/// Whether a road tile can be laid on a path now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoadStatus {
    Placeable,
    /// A cat sits on the open end: the road tile goes back and the player draws once more.
    BlockedByCat,
    /// Off the board, a road tile or a corner: the road tile goes back and the turn ends.
    Blocked,
}

/// The cells a seat's next road tile may go on, each with the direction of travel into it:
/// the open end if it lies on the board, or before the first tile both cells next to the corner.
type OpenEnds = [Option<(Square, Dir)>; 2];

/// The full state of a game of Mouse Race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MouseRace {
    config: MouseRaceConfig,
    board: Board,
    paths: [Path; MAX_PLAYERS],
    /// Each seat's open ends, worked out from its path whenever the path changes: nearly every
    /// decision looks at them (a check keeps them in step with the paths).
    open_ends: [OpenEnds; MAX_PLAYERS],
    /// Tiles in the bag (the tile in hand, if any, is not among them).
    bag: TileCounts,
    phase: Phase,
    /// The seat whose turn it is.
    turn: u8,
    /// Turns over so far, automatic passes included.
    turns: u32,
}

impl MouseRace {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// Turns over so far, automatic passes included (what `max_turns` counts).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn bag(&self) -> TileCounts {
        self.bag
    }

    pub fn path(&self, seat: usize) -> &Path {
        &self.paths[seat]
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        match self.phase {
            Phase::Over { end } => Some(end),
            _ => None,
        }
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn geometry(&self) -> Geometry {
        self.config.geometry()
    }

    /// The cells a seat's next road tile may go on, with the direction of travel into each:
    /// the open end, or before the first tile both cells next to the corner.
    fn open_ends(&self, seat: usize) -> OpenEnds {
        self.open_ends[seat]
    }

    /// [`MouseRace::open_ends`] worked out from the seat's path.
    fn path_open_ends(&self, seat: usize) -> OpenEnds {
        let path = &self.paths[seat];
        if path.is_empty() {
            self.geometry().starts(self.config.corner(seat)).map(Some)
        } else {
            let square = path.last.neighbour(path.heading, self.config.size());
            [square.map(|s| (s, path.heading)), None]
        }
    }

    /// Works out every seat's open ends afresh (the seats not playing have none).
    fn refresh_open_ends(&mut self) {
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
    fn is_free(&self, square: Square) -> bool {
        let row = usize::from(square.row);
        (self.board.occupied_row(row) | self.fixed_cells(row)) & 1 << square.col == 0
    }

    /// The cells of a row that never take a tile: corners and the cheese, one bit per column.
    #[inline]
    fn fixed_cells(&self, row: usize) -> u32 {
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

    fn road_status(&self, seat: usize) -> RoadStatus {
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

    fn cat_on_open_end(&self, seat: usize) -> bool {
        self.open_ends(seat)
            .iter()
            .flatten()
            .any(|&(s, _)| self.board.is_cat(s))
    }

    /// Where `seat` may lay a cat: per row, bit `col` set for each empty cell that is not a
    /// corner, not the cheese and not a path's open end (an opponent's open end on a scent cell
    /// excepted). Worked out row by row from the board's occupied bits and the few open ends,
    /// since a cat is listed for every cell of the board.
    fn cat_cells(&self, seat: usize) -> [u32; MAX_SIZE] {
        let size = usize::from(self.config.size());
        let geometry = self.geometry();
        let inside = (1u32 << size) - 1;
        let mut rows = [0u32; MAX_SIZE];
        for (row, cells) in rows.iter_mut().enumerate().take(size) {
            *cells = inside & !(self.board.occupied_row(row) | self.fixed_cells(row));
        }
        let mut forbid = |square: Square| {
            rows[usize::from(square.row)] &= !(1 << square.col);
        };
        for owner in 0..self.players() {
            for (square, _) in self.open_ends(owner).into_iter().flatten() {
                if owner == seat || !geometry.is_scent(square) {
                    forbid(square);
                }
            }
        }
        rows
    }

    /// Whether `seat` may lay a cat on `square`.
    fn cat_allowed(&self, seat: usize, square: Square) -> bool {
        let size = self.config.size();
        square.row < size
            && square.col < size
            && self.cat_cells(seat)[usize::from(square.row)] & 1 << square.col != 0
    }

    /// The decisions about a drawn tile: where it may go, or decline it.
    #[inline(never)]
    fn list_tile_actions(&self, kind: TileKind, out: &mut Vec<MouseRaceAction>) {
        let seat = self.turn();
        if kind == TileKind::Cat {
            self.list_cat_cells(seat, out);
        } else {
            let first = self.paths[seat].is_empty();
            for (square, _) in self.open_ends(seat).into_iter().flatten() {
                if !self.is_free(square) {
                    continue;
                }
                let named = first.then_some(square);
                if kind == TileKind::Straight {
                    out.push(MouseRaceAction::Place(named));
                } else {
                    out.push(MouseRaceAction::Left(named));
                    out.push(MouseRaceAction::Right(named));
                }
            }
        }
        out.push(MouseRaceAction::Decline);
    }

    /// Appends a `cat CELL` action for every cell `seat` may lay a cat on, row by row. A cat
    /// may go on most cells, so the cells are gathered on the stack and the actions copied at
    /// once rather than pushed one at a time.
    fn list_cat_cells(&self, seat: usize, out: &mut Vec<MouseRaceAction>) {
        let mut cells = [Square::A1; MAX_SIZE * MAX_SIZE];
        let mut count = 0;
        for (row, &columns) in self.cat_cells(seat).iter().enumerate() {
            let mut columns = columns;
            while columns != 0 {
                if let Some(cell) = cells.get_mut(count) {
                    *cell = Square::new(row as u8, columns.trailing_zeros() as u8);
                }
                count += 1;
                columns &= columns - 1;
            }
        }
        out.extend(
            cells[..count]
                .iter()
                .map(|&cell| MouseRaceAction::Cat(cell)),
        );
    }

    fn any_cat_cell(&self, seat: usize) -> bool {
        self.cat_cells(seat).iter().any(|&cells| cells != 0)
    }

    /// The cell and direction of travel for laying a road tile, given the cell named in the
    /// action (required for a path's first tile, forbidden afterwards).
    fn road_target(&self, seat: usize, named: Option<Square>) -> Option<(Square, Dir)> {
        let [end, start] = self.open_ends(seat);
        match (self.paths[seat].is_empty(), named) {
            (false, None) => end.filter(|&(s, _)| self.is_free(s)),
            (true, Some(named)) => [end, start]
                .into_iter()
                .flatten()
                .find(|&(s, _)| s == named && self.is_free(s)),
            _ => None,
        }
    }

    /// Whether a turn of `seat` could only be a pass.
    #[inline]
    fn only_pass(&self, seat: usize) -> bool {
        self.bag.total() == 0 && self.paths[seat].is_empty() && !self.cat_on_open_end(seat)
    }

    /// The stuck safeguard: the bag is empty and no seat's open end is a free cell.
    #[inline]
    fn stuck(&self) -> bool {
        self.bag.total() == 0
            && (0..self.players()).all(|seat| {
                !self
                    .open_ends(seat)
                    .iter()
                    .flatten()
                    .any(|&(s, _)| self.is_free(s))
            })
    }

    /// The tile in hand, if a seat is deciding about one.
    fn held(&self) -> Option<TileKind> {
        match self.phase {
            Phase::Holding { kind } => Some(kind),
            _ => None,
        }
    }

    /// Lays the road tile in hand on the cell named (a first tile) or the open end, leaving
    /// it in the direction `turn` gives from the direction of travel into it.
    #[inline(never)]
    fn lay_road(&mut self, named: Option<Square>, turn: fn(Dir) -> Dir) {
        let seat = self.turn();
        let (square, entry) = self.road_target(seat, named).expect("legal placement");
        let exit = turn(entry);
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
        self.open_ends[seat] = self.path_open_ends(seat);
        let path = &self.paths[seat];
        if path.last.step(exit) == Spot::from(self.geometry().cheese()) {
            self.phase = Phase::Over {
                end: End::Cheese { winner: seat as u8 },
            };
        } else {
            self.end_turn();
        }
    }

    fn take_back(&mut self, seat: usize) {
        let path = self.paths[seat];
        let Cell::Road { entry, exit, .. } = self.board.get(path.last) else {
            unreachable!("a path's last cell holds its road tile");
        };
        self.board.set(path.last, Cell::Empty);
        self.bag.add(if entry == exit {
            TileKind::Straight
        } else {
            TileKind::Curve
        });
        self.paths[seat] = if path.len == 1 {
            Path::EMPTY
        } else {
            let previous = path
                .last
                .neighbour(entry.opposite(), self.config.size())
                .expect("the previous tile lies on the board");
            Path {
                len: path.len - 1,
                last: previous,
                heading: entry,
                ..path
            }
        };
        self.open_ends[seat] = self.path_open_ends(seat);
    }

    fn shoo(&mut self, seat: usize) {
        for (square, _) in self.open_ends(seat).into_iter().flatten() {
            if self.board.get(square) == Cell::Cat {
                self.board.set(square, Cell::Empty);
                self.bag.add(TileKind::Cat);
            }
        }
    }

    #[inline]
    fn end_turn(&mut self) {
        self.turns += 1;
        self.begin_turn((self.turn() + 1) % self.players());
    }

    /// Starts `seat`'s turn, first checking the safeguards and passing automatically for
    /// seats that could only pass.
    #[inline]
    fn begin_turn(&mut self, seat: usize) {
        // With tiles in the bag neither the stuck safeguard nor a lone pass can apply.
        if self.turns < self.config.max_turns() && self.bag.total() > 0 {
            self.turn = seat as u8;
            self.phase = Phase::Turn;
        } else {
            self.begin_turn_checked(seat);
        }
    }

    /// [`MouseRace::begin_turn`] when the turn limit is reached or the bag is empty.
    #[inline(never)]
    fn begin_turn_checked(&mut self, mut seat: usize) {
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
    fn apply_other(&mut self, action: MouseRaceAction) {
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
    #[inline(never)]
    fn resolve_draw(&mut self, kind: TileKind) {
        let extra = matches!(self.phase, Phase::Draw { extra: true });
        self.bag.remove(kind);
        let seat = self.turn();
        if kind == TileKind::Cat {
            if self.any_cat_cell(seat) {
                self.phase = Phase::Holding { kind };
            } else {
                self.bag.add(kind);
                self.end_turn();
            }
            return;
        }
        match self.road_status(seat) {
            RoadStatus::Placeable => self.phase = Phase::Holding { kind },
            RoadStatus::BlockedByCat if !extra => {
                self.bag.add(kind);
                self.phase = Phase::Draw { extra: true };
            }
            RoadStatus::BlockedByCat | RoadStatus::Blocked => {
                self.bag.add(kind);
                self.end_turn();
            }
        }
    }
}

impl Game for MouseRace {
    type Config = MouseRaceConfig;
    type Action = MouseRaceAction;
    type Observation = MouseRaceObservation;
    type EventView = MouseRaceView;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &MouseRaceConfig) -> Self {
        let mut state = Self {
            config: *config,
            board: Board::default(),
            paths: [Path::EMPTY; MAX_PLAYERS],
            open_ends: [[None; 2]; MAX_PLAYERS],
            bag: config.tiles(),
            phase: Phase::Turn,
            turn: 0,
            turns: 0,
        };
        state.refresh_open_ends();
        state.begin_turn(0);
        state
    }

    fn config(&self) -> &MouseRaceConfig {
        &self.config
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Turn | Phase::Holding { .. } => ToMove::Player(self.turn()),
            Phase::Draw { .. } => ToMove::Chance,
            Phase::Over { .. } => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<MouseRaceAction>) {
        out.clear();
        match self.phase {
            Phase::Turn => {
                let seat = self.turn();
                // Gathered first and copied at once: one capacity check instead of four.
                let mut actions = [MouseRaceAction::Pass; 4];
                let mut count = 0;
                if self.bag.total() > 0 {
                    actions[0] = MouseRaceAction::Draw;
                    count = 1;
                }
                actions[count] = MouseRaceAction::Pass;
                count += 1;
                if !self.paths[seat].is_empty() {
                    actions[count] = MouseRaceAction::Back;
                    count += 1;
                }
                if self.cat_on_open_end(seat) {
                    actions[count] = MouseRaceAction::Shoo;
                    count += 1;
                }
                out.extend(actions.into_iter().take(count));
            }
            Phase::Holding { kind } => self.list_tile_actions(kind, out),
            Phase::Draw { .. } | Phase::Over { .. } => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(MouseRaceAction, u32)>) {
        out.clear();
        if let Phase::Draw { .. } = self.phase {
            for kind in TileKind::ALL {
                let weight = self.bag.get(kind);
                if weight > 0 {
                    out.push((MouseRaceAction::Drawn(kind), u32::from(weight)));
                }
            }
        }
    }

    /// Draws straight from the bag's counts, without listing the outcomes: the same pick for
    /// the same random number as sampling [`Game::chance_outcomes`] (one draw below the bag's
    /// total, the kinds in the listed order).
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(MouseRaceAction, u32)>,
    ) -> Option<MouseRaceAction> {
        if !matches!(self.phase, Phase::Draw { .. }) || self.bag.total() == 0 {
            return None;
        }
        let pick = below(rng, self.bag.total());
        let straight = u32::from(self.bag.straight);
        let kind = if pick < straight {
            TileKind::Straight
        } else if pick < straight + u32::from(self.bag.curve) {
            TileKind::Curve
        } else {
            TileKind::Cat
        };
        Some(MouseRaceAction::Drawn(kind))
    }

    fn is_legal(&self, action: &MouseRaceAction) -> bool {
        let seat = self.turn();
        match (self.phase, *action) {
            (Phase::Draw { .. }, MouseRaceAction::Drawn(kind)) => self.bag.get(kind) > 0,
            (Phase::Turn, MouseRaceAction::Draw) => self.bag.total() > 0,
            (Phase::Turn, MouseRaceAction::Pass)
            | (Phase::Holding { .. }, MouseRaceAction::Decline) => true,
            (Phase::Turn, MouseRaceAction::Back) => !self.paths[seat].is_empty(),
            (Phase::Turn, MouseRaceAction::Shoo) => self.cat_on_open_end(seat),
            (Phase::Holding { kind }, MouseRaceAction::Place(named)) => {
                kind == TileKind::Straight && self.road_target(seat, named).is_some()
            }
            (
                Phase::Holding { kind },
                MouseRaceAction::Left(named) | MouseRaceAction::Right(named),
            ) => kind == TileKind::Curve && self.road_target(seat, named).is_some(),
            (Phase::Holding { kind }, MouseRaceAction::Cat(square)) => {
                kind == TileKind::Cat && self.cat_allowed(seat, square)
            }
            _ => false,
        }
    }

    fn apply_unchecked(&mut self, action: MouseRaceAction) {
        // The frequent events stay here; the rest are calls, which keeps this one cheap.
        match action {
            MouseRaceAction::Pass => self.end_turn(),
            MouseRaceAction::Draw => self.phase = Phase::Draw { extra: false },
            MouseRaceAction::Drawn(kind) => self.resolve_draw(kind),
            MouseRaceAction::Place(named) => self.lay_road(named, |heading| heading),
            MouseRaceAction::Left(named) => self.lay_road(named, Dir::left),
            MouseRaceAction::Right(named) => self.lay_road(named, Dir::right),
            MouseRaceAction::Back
            | MouseRaceAction::Shoo
            | MouseRaceAction::Cat(_)
            | MouseRaceAction::Decline => {
                self.apply_other(action);
            }
        }
    }

    fn observation(&self, seat: usize) -> MouseRaceObservation {
        self.view(seat)
    }

    fn determinize(observation: &MouseRaceObservation, rng: &mut GameRng) -> Self {
        Self::sample_from(observation, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        let mut state = self.clone();
        // The only secret is the kind of a tile another seat holds.
        if state.held().is_some() && state.turn() != seat {
            state.resample_held(rng);
        }
        state
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { end } = self.phase else {
            return None;
        };
        let players = self.players();
        let ranks = match end {
            End::Cheese { winner } => (0..players)
                .map(|s| if s == usize::from(winner) { 1 } else { 2 })
                .collect(),
            End::TurnLimit | End::Stuck => vec![1; players],
        };
        let scores = (0..players).map(|s| i64::from(self.distance(s))).collect();
        Some(Outcome::new(ranks, scores))
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        self.check_rules().map_err(BrokenInvariant)
    }

    fn event_view(&self, seat: usize, action: &MouseRaceAction) -> MouseRaceView {
        views::view(self, seat, *action)
    }

    fn event_note(
        before: &MouseRaceObservation,
        actor: Actor,
        view: &MouseRaceView,
        after: &MouseRaceObservation,
    ) -> Option<String> {
        notes::event_note(before, actor, *view, after)
    }

    fn choice_label(observation: &MouseRaceObservation, action: &MouseRaceAction) -> String {
        notes::choice_label(observation, *action)
    }

    fn describe(&self, action: &MouseRaceAction) -> Option<String> {
        self.note(*action)
    }
}
