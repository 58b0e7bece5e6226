//! What a Mouse Race seat cannot know — the kind of a tile another seat holds — and states
//! sampled back from an observation with that kind drawn from what the seat could deduce.

use super::action::TileKind;
use super::board::{Board, Cell};
use super::observation::{HeldTile, MouseRaceObservation, ObservedPath, ObservedPhase};
use super::{MAX_PLAYERS, MouseRace, Path, Phase, RoadStatus};
use crate::rng::{GameRng, sample_weighted};

/// A state consistent with an observation; the kind of a tile another seat holds is drawn
/// from what that seat could be holding.
pub(super) fn determinize(obs: &MouseRaceObservation, rng: &mut GameRng) -> MouseRace {
    let hidden = obs.held_tile() == Some(HeldTile::Hidden);
    let phase = match obs.phase {
        ObservedPhase::Turn => Phase::Turn,
        ObservedPhase::Draw { extra } => Phase::Draw { extra },
        ObservedPhase::Over { end } => Phase::Over { end },
        // Someone else's tile: start from any kind in the pool, then redraw it below.
        ObservedPhase::Holding { .. } => Phase::Holding {
            kind: obs.own_tile().unwrap_or_else(|| {
                TileKind::ALL
                    .into_iter()
                    .find(|&k| obs.pool.get(k) > 0)
                    .expect("a held tile is in the pool")
            }),
        },
    };
    let mut state = MouseRace::from_parts(obs, phase);
    if hidden {
        state.resample_held(rng);
    }
    state
}

/// What `seat` cannot know changed at random: the kind of a tile another seat holds, the only
/// secret of the game.
pub(super) fn resample_hidden(state: &MouseRace, seat: usize, rng: &mut GameRng) -> MouseRace {
    let mut state = state.clone();
    if state.held().is_some() && state.turn() != seat {
        state.resample_held(rng);
    }
    state
}

impl MouseRace {
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

    /// Rebuilds a state from an observation's public facts and a phase (with the kind of the
    /// tile in hand, if any).
    fn from_parts(obs: &MouseRaceObservation, phase: Phase) -> Self {
        let mut state = Self {
            config: obs.options,
            board: Board::default(),
            paths: [Path::EMPTY; MAX_PLAYERS],
            open_ends: [[None; 2]; MAX_PLAYERS],
            bag: obs.pool,
            phase,
            turn: obs.turn as u8,
            turns: obs.turns_played,
        };
        for view in &obs.paths {
            state.lay_path(view);
        }
        for &cat in &obs.cats {
            state.board.set(cat, Cell::Cat);
        }
        if let Phase::Holding { kind } = phase {
            state.bag.remove(kind);
        }
        state.refresh_open_ends();
        state
    }

    /// Puts a path's tiles on the board as the observation describes them.
    fn lay_path(&mut self, view: &ObservedPath) {
        let (Some(first), Some(last), Some(heading)) =
            (view.tiles.first(), view.tiles.last(), view.heading)
        else {
            return;
        };
        for tile in &view.tiles {
            self.board.set(
                tile.cell,
                Cell::Road {
                    seat: view.seat as u8,
                    entry: tile.entry,
                    exit: tile.exit,
                },
            );
        }
        self.paths[view.seat] = Path {
            len: view.tiles.len() as u16,
            first: first.cell,
            last: last.cell,
            heading,
        };
    }
}
