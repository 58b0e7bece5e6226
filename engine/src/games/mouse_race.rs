//! Mouse Race ("Wyścig myszek"): lay road tiles from your corner to the cheese in the middle of
//! the board while cats drawn from the same bag block the way. Rules: `shared/spec/mouse-race.md`.

mod action;
mod board;
mod config;
mod encoding;
mod hidden;
mod invariants;
mod notes;
mod observation;
mod playout;
mod rules;
mod views;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use self::action::{MouseRaceAction, TileKind};
pub use self::board::{Board, Cell, Dir, Geometry, MAX_SIZE, MIN_SIZE, Spot, Square};
use self::config::INFO;
pub use self::config::{MouseRaceConfig, TileCounts};
pub use self::observation::{
    Content, HeldTile, MouseRaceObservation, ObservedBoard, ObservedCorner, ObservedPath,
    ObservedPhase, ObservedTile, OpenEnd, Shape, StartCell,
};
use self::rules::{OpenEnds, RoadStatus};
pub use self::views::MouseRaceView;
use crate::error::BrokenInvariant;
use crate::game::{Actor, Game, ToMove};
use crate::listing::Listing;
use crate::options::GameConfig;
use crate::outcome::{HowItEnded, Outcome};
use crate::rng::GameRng;

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

/// Where the game stands within a turn.
///
/// A plain tag byte ahead of the fields: every event asks which phase it is, and the layout
/// the compiler picks otherwise shares the tag with [`End`]'s, which takes a range test to
/// read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
#[repr(u8)]
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

    pub(super) fn players(&self) -> usize {
        self.config.players()
    }

    pub(super) fn geometry(&self) -> Geometry {
        self.config.geometry()
    }
}

impl Game for MouseRace {
    type Config = MouseRaceConfig;
    type Action = MouseRaceAction;
    type Observation = MouseRaceObservation;
    type EventView = MouseRaceView;
    type RankKey = bool;

    /// A drawn cat's cells are listed as one run of known length (see `legal_actions`): a
    /// random pick counts them and takes the one drawn from the run.
    const PICKS_BY_COUNTING: bool = true;

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

    fn legal_actions(&self, out: &mut impl Listing<MouseRaceAction>) {
        out.clear();
        if let Some(table) = self.legal_table() {
            out.extend_from_slice(table);
        } else if let Phase::Holding {
            kind: TileKind::Cat,
        } = self.phase
        {
            self.list_cat_actions(out);
        }
    }

    /// A turn's first decision and a road tile's are prepared lists (`rules.rs`); a drawn
    /// cat's cells are not.
    #[allow(
        clippy::inline_always,
        reason = "the playout loop's pick at most decisions: the compiler otherwise keeps it a \
                  call (issue 42)"
    )]
    #[inline(always)]
    fn legal_table(&self) -> Option<&'static [MouseRaceAction]> {
        match self.phase {
            Phase::Turn => {
                let (choices, len) = self.turn_choices();
                Some(&choices[..usize::from(*len)])
            }
            Phase::Holding { kind } => self.road_choices(kind),
            Phase::Draw { .. } | Phase::Over { .. } => None,
        }
    }

    fn chance_outcomes(&self, out: &mut impl Listing<(MouseRaceAction, u32)>) {
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

    /// Drawn without listing the outcomes, for every playout (`playout.rs`).
    #[inline]
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(MouseRaceAction, u32)>,
    ) -> Option<MouseRaceAction> {
        playout::sample_chance(self, rng)
    }

    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop, whose arms then apply only the chance or only the seat actions: measured 219,051 -> 211,919 instructions per random game (callgrind, issue 42)"
    )]
    #[inline(always)]
    fn apply_unchecked(&mut self, action: MouseRaceAction) {
        // The frequent events stay here; the rest are calls, which keeps this one cheap.
        if let MouseRaceAction::Drawn(kind) = action {
            self.resolve_draw(kind);
            return;
        }
        // A turn's choices and a held tile's apart, each with a jump of its own: the playout
        // has just asked which phase this is, and what was picked within one is random, so a
        // jump shared by both was mispredicted more (+3.5% games/s by the median of 80 paired
        // runs, issue 42).
        if matches!(self.phase, Phase::Turn) {
            match action {
                MouseRaceAction::Draw => self.phase = Phase::Draw { extra: false },
                MouseRaceAction::Pass => self.end_turn(),
                _ => self.apply_other(action),
            }
            return;
        }
        match action {
            MouseRaceAction::Place(named)
            | MouseRaceAction::Left(named)
            | MouseRaceAction::Right(named) => {
                // One arm for the three road tiles, told apart by how far they turn: a random
                // game lays curves left and right at random, and a jump to an arm for each was
                // mispredicted at most of them (issue 42).
                let quarters = match action {
                    MouseRaceAction::Right(_) => 1,
                    MouseRaceAction::Left(_) => 3,
                    _ => 0,
                };
                self.lay_road(named, |heading| heading.turned(quarters));
            }
            _ => self.apply_other(action),
        }
    }

    fn observation(&self, seat: usize) -> MouseRaceObservation {
        observation::observation(self, seat)
    }

    fn public_view(observation: &MouseRaceObservation) -> MouseRaceObservation {
        observation::public_view(observation)
    }

    fn public_event_view(&self, action: &MouseRaceAction) -> MouseRaceView {
        views::public_event_view(*action)
    }

    fn ending(
        observation: &MouseRaceObservation,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<HowItEnded> {
        notes::ending(observation, outcome, names)
    }

    fn determinize(observation: &MouseRaceObservation, rng: &mut GameRng) -> Self {
        hidden::determinize(observation, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample_hidden(self, seat, rng)
    }

    /// The seat whose path reached the cheese ranks first and the others share second place;
    /// after a safeguard ended the game (a draw) every seat shares first place.
    fn rank_key(&self, seat: usize) -> bool {
        matches!(self.end(), Some(End::Cheese { winner }) if usize::from(winner) == seat)
    }

    /// The Manhattan distance from the seat's open end to the cheese.
    fn final_score(&self, seat: usize) -> i64 {
        i64::from(self.distance(seat))
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        invariants::check_invariants(self).map_err(BrokenInvariant)
    }

    fn event_view(&self, seat: usize, action: &MouseRaceAction) -> MouseRaceView {
        views::event_view(self, seat, *action)
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
        notes::describe(self, *action)
    }
}
