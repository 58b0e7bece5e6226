//! Mouse Race ("Wyścig myszek"): lay road tiles from your corner to the cheese in the middle of
//! the board while cats drawn from the same bag block the way. Rules: `shared/spec/mouse-race.md`.

mod action;
mod board;
mod checks;
mod config;
mod knowledge;
mod notes;
mod observation;
mod views;

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
use crate::rng::GameRng;

/// Most seats the game allows: one per corner.
pub const MAX_PLAYERS: usize = 4;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "end")]
pub enum End {
    /// A seat's path reached the cheese.
    Cheese { winner: u8 },
    /// Safeguard: `max_turns` turns were played.
    TurnLimit,
    /// Safeguard: between two turns the bag was empty and no open end was a free cell.
    Stuck,
}

/// Where the game stands within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// The full state of a game of Mouse Race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MouseRace {
    config: MouseRaceConfig,
    board: Board,
    paths: [Path; MAX_PLAYERS],
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
    fn open_ends(&self, seat: usize) -> [Option<(Square, Dir)>; 2] {
        let path = &self.paths[seat];
        if path.is_empty() {
            self.geometry().starts(self.config.corner(seat)).map(Some)
        } else {
            let square = path.last.step(path.heading).square(self.config.size());
            [square.map(|s| (s, path.heading)), None]
        }
    }

    /// An empty cell on the board that is not a corner (the cheese never is an open end while
    /// the game goes on, and no tile may go there).
    fn is_free(&self, square: Square) -> bool {
        self.board.get(square) == Cell::Empty
            && !self.geometry().is_corner(square)
            && square != self.geometry().cheese()
    }

    fn road_status(&self, seat: usize) -> RoadStatus {
        let ends = self.open_ends(seat);
        let ends = ends.iter().flatten().map(|&(s, _)| s);
        if ends.clone().any(|s| self.is_free(s)) {
            RoadStatus::Placeable
        } else if ends.clone().any(|s| self.board.get(s) == Cell::Cat) {
            RoadStatus::BlockedByCat
        } else {
            RoadStatus::Blocked
        }
    }

    fn cat_on_open_end(&self, seat: usize) -> bool {
        self.open_ends(seat)
            .iter()
            .flatten()
            .any(|&(s, _)| self.board.get(s) == Cell::Cat)
    }

    /// Whether `seat` may lay a cat on `square`.
    fn cat_allowed(&self, seat: usize, square: Square) -> bool {
        if usize::from(square.row.max(square.col)) >= usize::from(self.config.size())
            || !self.is_free(square)
        {
            return false;
        }
        let scent = self.geometry().is_scent(square);
        (0..self.players()).all(|owner| {
            let is_open_end = self
                .open_ends(owner)
                .iter()
                .flatten()
                .any(|&(s, _)| s == square);
            !is_open_end || (scent && owner != seat)
        })
    }

    fn any_cat_cell(&self, seat: usize) -> bool {
        Board::squares(self.config.size()).any(|s| self.cat_allowed(seat, s))
    }

    /// The cell and direction of travel for laying a road tile, given the cell named in the
    /// action (required for a path's first tile, forbidden afterwards).
    fn road_target(&self, seat: usize, named: Option<Square>) -> Option<(Square, Dir)> {
        let path = &self.paths[seat];
        if path.is_empty() != named.is_some() {
            return None;
        }
        self.open_ends(seat)
            .into_iter()
            .flatten()
            .find(|&(s, _)| named.is_none_or(|n| n == s) && self.is_free(s))
    }

    /// Whether a turn of `seat` could only be a pass.
    fn only_pass(&self, seat: usize) -> bool {
        self.bag.total() == 0 && self.paths[seat].is_empty() && !self.cat_on_open_end(seat)
    }

    /// The stuck safeguard: the bag is empty and no seat's open end is a free cell.
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

    fn lay_road(&mut self, seat: usize, target: (Square, Dir), exit: Dir) {
        let (square, entry) = target;
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
                .step(entry.opposite())
                .square(self.config.size())
                .expect("the previous tile lies on the board");
            Path {
                len: path.len - 1,
                last: previous,
                heading: entry,
                ..path
            }
        };
    }

    fn shoo(&mut self, seat: usize) {
        for (square, _) in self.open_ends(seat).into_iter().flatten() {
            if self.board.get(square) == Cell::Cat {
                self.board.set(square, Cell::Empty);
                self.bag.add(TileKind::Cat);
            }
        }
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        self.begin_turn((self.turn() + 1) % self.players());
    }

    /// Starts `seat`'s turn, first checking the safeguards and passing automatically for
    /// seats that could only pass.
    fn begin_turn(&mut self, mut seat: usize) {
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

    /// What happens to a tile just drawn.
    fn resolve_draw(&mut self, kind: TileKind, extra: bool) {
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
            bag: config.tiles(),
            phase: Phase::Turn,
            turn: 0,
            turns: 0,
        };
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
        let seat = self.turn();
        match self.phase {
            Phase::Turn => {
                if self.bag.total() > 0 {
                    out.push(MouseRaceAction::Draw);
                }
                out.push(MouseRaceAction::Pass);
                if !self.paths[seat].is_empty() {
                    out.push(MouseRaceAction::Back);
                }
                if self.cat_on_open_end(seat) {
                    out.push(MouseRaceAction::Shoo);
                }
            }
            Phase::Holding { kind } => {
                let first = self.paths[seat].is_empty();
                if kind == TileKind::Cat {
                    out.extend(
                        Board::squares(self.config.size())
                            .filter(|&s| self.cat_allowed(seat, s))
                            .map(MouseRaceAction::Cat),
                    );
                } else {
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
        let seat = self.turn();
        match action {
            MouseRaceAction::Drawn(kind) => {
                let extra = matches!(self.phase, Phase::Draw { extra: true });
                self.resolve_draw(kind, extra);
            }
            MouseRaceAction::Draw => self.phase = Phase::Draw { extra: false },
            MouseRaceAction::Pass => self.end_turn(),
            MouseRaceAction::Back => {
                self.take_back(seat);
                self.end_turn();
            }
            MouseRaceAction::Shoo => {
                self.shoo(seat);
                self.end_turn();
            }
            MouseRaceAction::Place(named) => {
                let target = self.road_target(seat, named).expect("legal placement");
                self.lay_road(seat, target, target.1);
            }
            MouseRaceAction::Left(named) => {
                let target = self.road_target(seat, named).expect("legal placement");
                self.lay_road(seat, target, target.1.left());
            }
            MouseRaceAction::Right(named) => {
                let target = self.road_target(seat, named).expect("legal placement");
                self.lay_road(seat, target, target.1.right());
            }
            MouseRaceAction::Cat(square) => {
                self.board.set(square, Cell::Cat);
                self.end_turn();
            }
            MouseRaceAction::Decline => {
                if let Some(kind) = self.held() {
                    self.bag.add(kind);
                }
                self.end_turn();
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
