//! What each Mouse Race seat may know: observations built from the state, states sampled back
//! from observations, and the one secret: the kind of a tile another seat holds.

use super::action::TileKind;
use super::board::{Board, Cell, Spot, Square};
use super::config::{MouseRaceConfig, TileCounts};
use super::observation::{MouseRaceObservation, PathView, PhaseView};
use super::{MAX_PLAYERS, MouseRace, Path, Phase, RoadStatus};
use crate::rng::{GameRng, sample_weighted};

impl MouseRace {
    /// What `seat` may know: everything but the kind of a tile another seat holds.
    pub(super) fn view(&self, seat: usize) -> MouseRaceObservation {
        let phase = match self.phase {
            Phase::Turn => PhaseView::Turn,
            Phase::Draw { extra } => PhaseView::Draw { extra },
            Phase::Holding { kind } => PhaseView::Holding {
                kind: (seat == self.turn()).then_some(kind),
            },
            Phase::Over { end } => PhaseView::Over { end },
        };
        let mut pool = self.bag;
        if let Some(kind) = self.held() {
            pool.add(kind);
        }
        MouseRaceObservation {
            seat,
            config: self.config,
            turn: self.turn(),
            turns: self.turns,
            phase,
            paths: (0..self.players())
                .map(|s| PathView {
                    corner: self.config.corner(s),
                    tiles: self.path_cells(s),
                    heading: self.paths[s].heading(),
                    open_end: self.paths[s]
                        .open_end()
                        .and_then(|spot| spot.square(self.config.size())),
                    distance: self.distance(s),
                })
                .collect(),
            cats: self
                .board
                .occupied(self.config.size())
                .into_iter()
                .filter(|&(_, cell)| cell == Cell::Cat)
                .map(|(square, _)| square)
                .collect(),
            pool,
        }
    }

    /// A state consistent with an observation; the kind of a tile another seat holds is drawn
    /// from what that seat could be holding.
    pub(super) fn sample_from(obs: &MouseRaceObservation, rng: &mut GameRng) -> Self {
        let phase = match obs.phase {
            PhaseView::Turn => Phase::Turn,
            PhaseView::Draw { extra } => Phase::Draw { extra },
            PhaseView::Over { end } => Phase::Over { end },
            // Someone else's tile: start from any kind in the pool, then redraw it below.
            PhaseView::Holding { kind } => Phase::Holding {
                kind: kind.unwrap_or_else(|| {
                    TileKind::ALL
                        .into_iter()
                        .find(|&k| obs.pool.get(k) > 0)
                        .expect("a held tile is in the pool")
                }),
            },
        };
        let mut state = Self::from_parts(
            obs.config, &obs.paths, &obs.cats, obs.pool, phase, obs.turn, obs.turns,
        );
        if matches!(obs.phase, PhaseView::Holding { kind: None }) {
            state.resample_held(rng);
        }
        state
    }

    /// Whether the turn owner could be holding a tile of `kind` at this decision: a road tile
    /// only if it can be laid, a cat only if some cell takes it (else it would have gone back
    /// by itself).
    pub(super) fn could_hold(&self, kind: TileKind) -> bool {
        let seat = self.turn();
        if kind.is_road() {
            self.road_status(seat) == RoadStatus::Placeable
        } else {
            self.any_cat_cell(seat)
        }
    }

    /// Redraws the kind of the tile in hand from what the others consider possible: the bag
    /// plus the tile in hand, limited to kinds that would have led to this decision.
    pub(super) fn resample_held(&mut self, rng: &mut GameRng) {
        let Some(kind) = self.held() else {
            return;
        };
        let mut pool = self.bag;
        pool.add(kind);
        let weights: Vec<(TileKind, u32)> = TileKind::ALL
            .into_iter()
            .filter(|&k| pool.get(k) > 0 && self.could_hold(k))
            .map(|k| (k, u32::from(pool.get(k))))
            .collect();
        let new = sample_weighted(&weights, rng).expect("the held kind itself is possible");
        pool.remove(new);
        self.bag = pool;
        self.phase = Phase::Holding { kind: new };
    }

    /// Rebuilds a state from public facts plus the kind of the tile in hand.
    pub(super) fn from_parts(
        config: MouseRaceConfig,
        paths: &[PathView],
        cats: &[Square],
        pool: TileCounts,
        phase: Phase,
        turn: usize,
        turns: u32,
    ) -> Self {
        let mut state = Self {
            config,
            board: Board::default(),
            paths: [Path::EMPTY; MAX_PLAYERS],
            open_ends: [[None; 2]; MAX_PLAYERS],
            bag: pool,
            phase,
            turn: turn as u8,
            turns,
        };
        for (seat, view) in paths.iter().enumerate() {
            let (Some(&first), Some(&last), Some(heading)) =
                (view.tiles.first(), view.tiles.last(), view.heading)
            else {
                continue;
            };
            let mut from = config.corner(seat);
            for (index, &square) in view.tiles.iter().enumerate() {
                let entry = from.direction_to(square).unwrap_or(heading);
                let exit = match view.tiles.get(index + 1) {
                    Some(&next) => square.direction_to(next).unwrap_or(entry),
                    None => heading,
                };
                state.board.set(
                    square,
                    Cell::Road {
                        seat: seat as u8,
                        entry,
                        exit,
                    },
                );
                from = square;
            }
            state.paths[seat] = Path {
                len: view.tiles.len() as u16,
                first,
                last,
                heading,
            };
        }
        for &cat in cats {
            state.board.set(cat, Cell::Cat);
        }
        if let Phase::Holding { kind } = phase {
            state.bag.remove(kind);
        }
        state.refresh_open_ends();
        state
    }

    /// The path of `seat` as a list of cells, first tile first.
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
            match square.step(entry.opposite()).square(self.config.size()) {
                Some(previous) => square = previous,
                None => break,
            }
        }
        cells.reverse();
        cells
    }

    /// Manhattan distance from a seat's open end to the cheese (the score).
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
