//! Mouse Race's numbers (see [`crate::encoding`]): action ids and the observation tensor.
//!
//! Decisions, on a board of N × N cells with P players: `draw` 0, `pass` 1, `back` 2, `shoo`
//! 3, `decline` 4, `place` 5, `left` 6, `right` 7; a path's first tile 8 + 3·(2·seat + start) +
//! shape, where `start` is 0 for the cell next to the seat's corner along the top or bottom
//! edge and 1 for the other, and `shape` is 0 for `place`, 1 for `left`, 2 for `right`; then
//! `cat CELL` at 8 + 6P + row·N + column (rows from the top, columns from a). Chance outcomes:
//! `draw straight` 0, `draw curve` 1, `draw cat` 2.

use super::action::{MouseRaceAction, TileKind};
use super::board::{Dir, Square};
use super::observation::{Content, HeldTile, MouseRaceObservation, ObservedPhase, OpenEnd};
use super::{End, MouseRace, MouseRaceConfig};
use crate::encoding::{Encoding, TensorLayout, TensorWriter};
use crate::options::GameConfig;

/// `draw`, `pass`, `back`, `shoo`, `decline`, `place`, `left`, `right`.
const PLAIN: usize = 8;
/// A first tile's shapes: `place`, `left`, `right`.
const SHAPES: usize = 3;
/// Decisions per turn: `draw` and then what to do with the tile (or one of `pass`, `back`,
/// `shoo`); the extra draw after a cat is chance's.
const DECISIONS_PER_TURN: usize = 2;
const DIRS: usize = Dir::ALL.len();
const CONTENTS: usize = 5;

fn dir_index(dir: Dir) -> usize {
    dir as usize
}

/// The id of a path's first tile laid by the seat whose corner `cell` is next to.
fn first_tile_id(config: &MouseRaceConfig, cell: Square, shape: usize) -> Option<usize> {
    (0..config.players()).find_map(|seat| {
        let starts = config.geometry().starts(config.corner(seat));
        let start = starts.iter().position(|&(start, _)| start == cell)?;
        Some(PLAIN + SHAPES * (2 * seat + start) + shape)
    })
}

impl Encoding for MouseRace {
    fn num_distinct_actions(config: &MouseRaceConfig) -> usize {
        let size = usize::from(config.size());
        PLAIN + 2 * SHAPES * config.players() + size * size
    }

    fn max_chance_outcomes(_: &MouseRaceConfig) -> usize {
        TileKind::ALL.len()
    }

    fn action_id(config: &MouseRaceConfig, action: &MouseRaceAction) -> Option<usize> {
        let size = config.size();
        Some(match *action {
            MouseRaceAction::Draw => 0,
            MouseRaceAction::Pass => 1,
            MouseRaceAction::Back => 2,
            MouseRaceAction::Shoo => 3,
            MouseRaceAction::Decline => 4,
            MouseRaceAction::Place(None) => 5,
            MouseRaceAction::Left(None) => 6,
            MouseRaceAction::Right(None) => 7,
            MouseRaceAction::Place(Some(cell)) => first_tile_id(config, cell, 0)?,
            MouseRaceAction::Left(Some(cell)) => first_tile_id(config, cell, 1)?,
            MouseRaceAction::Right(Some(cell)) => first_tile_id(config, cell, 2)?,
            MouseRaceAction::Cat(cell) if cell.row < size && cell.col < size => {
                PLAIN
                    + 2 * SHAPES * config.players()
                    + usize::from(cell.row) * usize::from(size)
                    + usize::from(cell.col)
            }
            MouseRaceAction::Cat(_) => return None,
            MouseRaceAction::Drawn(kind) => TileKind::ALL.iter().position(|&k| k == kind)?,
        })
    }

    fn decision_from_id(config: &MouseRaceConfig, id: usize) -> Option<MouseRaceAction> {
        let plain = [
            MouseRaceAction::Draw,
            MouseRaceAction::Pass,
            MouseRaceAction::Back,
            MouseRaceAction::Shoo,
            MouseRaceAction::Decline,
            MouseRaceAction::Place(None),
            MouseRaceAction::Left(None),
            MouseRaceAction::Right(None),
        ];
        if let Some(&action) = plain.get(id) {
            return Some(action);
        }
        let firsts = 2 * SHAPES * config.players();
        let at = id - PLAIN;
        if at < firsts {
            let (start, shape) = (at / SHAPES, at % SHAPES);
            let (seat, start) = (start / 2, start % 2);
            let (cell, _) = config.geometry().starts(config.corner(seat))[start];
            return Some(
                [
                    MouseRaceAction::Place(Some(cell)),
                    MouseRaceAction::Left(Some(cell)),
                    MouseRaceAction::Right(Some(cell)),
                ][shape],
            );
        }
        let size = usize::from(config.size());
        let cell = at - firsts;
        (cell < size * size)
            .then(|| MouseRaceAction::Cat(Square::new((cell / size) as u8, (cell % size) as u8)))
    }

    fn chance_from_id(_: &MouseRaceConfig, id: usize) -> Option<MouseRaceAction> {
        TileKind::ALL
            .get(id)
            .map(|&kind| MouseRaceAction::Drawn(kind))
    }

    /// A turn asks at most two decisions (`draw`, then what to do with the tile; or one of
    /// `pass`, `back`, `shoo`), and the game ends after `max_turns` turns.
    fn max_decisions(config: &MouseRaceConfig) -> usize {
        DECISIONS_PER_TURN * config.max_turns() as usize
    }

    fn tensor_layout(config: &MouseRaceConfig) -> TensorLayout {
        let players = config.players();
        let size = usize::from(config.size());
        TensorLayout::new()
            .field("seat", &[players], "one-hot: the observing seat")
            .field("turn", &[players], "one-hot: the seat whose turn it is")
            .field("deciding", &[players], "one-hot: the seat that decides now, if one does")
            .field(
                "phase",
                &[5],
                "one-hot: turn (draw, pass, back or shoo), draw, the extra draw after a cat, holding (a drawn tile), over",
            )
            .field(
                "held",
                &[4],
                "phase holding: one-hot the tile in hand as this seat sees it: straight, curve, cat, hidden (another seat's)",
            )
            .field(
                "ending",
                &[3 + players],
                "phase over: one-hot why (a path reached the cheese, the turn limit, stuck); one-hot the seat that reached the cheese",
            )
            .field(
                "board",
                &[size, size, 2 * players + DIRS + 4],
                "per cell, rows from the top and columns from a: a road tile of each seat's path (one flag per seat); a cat; one-hot the direction of travel out of its road tile (north, east, south, west); where each seat's next road tile would go (one flag per seat, both cells next to its corner before its first tile); the cheese; a scent cell; a start corner",
            )
            .field(
                "paths",
                &[players, DIRS + 3 + CONTENTS + 2],
                "per seat: one-hot the direction of travel out of its last tile (none before the first); one-hot where its open end is (no tile yet, a cell, off the board); one-hot what that cell holds (empty, cat, road, corner, cheese); distance to the cheese / (2 × size); tiles laid / size²",
            )
            .field("turns", &[1], "turns played / max_turns")
            .field(
                "bag",
                &[4],
                "whether this seat knows the bag (not while another seat holds a tile it cannot see); then straight, curve and cat tiles in the bag, each / the game's count of that kind",
            )
            .field(
                "pool",
                &[3],
                "straight, curve and cat tiles off the board (the bag and a tile in hand), each / the game's count of that kind",
            )
    }

    fn write_tensor(observation: &MouseRaceObservation, tensor: &mut TensorWriter<'_>) {
        let config = &observation.options;
        let players = config.players();
        let size = usize::from(config.size());
        let tiles = config.tiles();
        tensor.field("seat");
        tensor.one_hot(players, Some(observation.seat));
        tensor.field("turn");
        tensor.one_hot(players, Some(observation.turn));
        tensor.field("deciding");
        tensor.one_hot(players, observation.deciding);
        write_phase(observation, tensor, players);
        write_board(observation, tensor, players, size);
        write_paths(observation, tensor, size);
        tensor.field("turns");
        tensor.fraction(observation.turns_played, observation.max_turns);
        tensor.field("bag");
        tensor.flag(observation.bag.is_some());
        match observation.bag {
            Some(bag) => {
                for kind in TileKind::ALL {
                    tensor.fraction(bag.get(kind), tiles.get(kind));
                }
            }
            None => tensor.skip(3),
        }
        tensor.field("pool");
        for kind in TileKind::ALL {
            tensor.fraction(observation.pool.get(kind), tiles.get(kind));
        }
    }
}

/// The fields `phase`, `held` and `ending`.
fn write_phase(observation: &MouseRaceObservation, tensor: &mut TensorWriter<'_>, players: usize) {
    tensor.field("phase");
    tensor.one_hot(
        5,
        Some(match observation.phase {
            ObservedPhase::Turn => 0,
            ObservedPhase::Draw { extra: false } => 1,
            ObservedPhase::Draw { extra: true } => 2,
            ObservedPhase::Holding { .. } => 3,
            ObservedPhase::Over { .. } => 4,
        }),
    );
    tensor.field("held");
    match observation.phase {
        ObservedPhase::Holding { tile } => tensor.one_hot(
            4,
            Some(match tile {
                HeldTile::Straight => 0,
                HeldTile::Curve => 1,
                HeldTile::Cat => 2,
                HeldTile::Hidden => 3,
            }),
        ),
        _ => tensor.skip(4),
    }
    tensor.field("ending");
    match observation.phase {
        ObservedPhase::Over { end } => {
            let (reason, winner) = match end {
                End::Cheese { winner } => (0, Some(usize::from(winner))),
                End::TurnLimit => (1, None),
                End::Stuck => (2, None),
            };
            tensor.one_hot(3, Some(reason));
            tensor.one_hot(players, winner);
        }
        _ => tensor.skip(3 + players),
    }
}

/// The field `board`: every cell's channels (paths, cats, open ends, the cheese, its scent,
/// the corners).
fn write_board(
    observation: &MouseRaceObservation,
    tensor: &mut TensorWriter<'_>,
    players: usize,
    size: usize,
) {
    tensor.field("board");
    let channels = 2 * players + DIRS + 4;
    let mut cells = vec![0u8; size * size * channels];
    let mut set = |square: Square, channel: usize| {
        cells[(usize::from(square.row) * size + usize::from(square.col)) * channels + channel] = 1;
    };
    for path in &observation.paths {
        for tile in &path.tiles {
            set(tile.cell, path.seat);
            set(tile.cell, players + 1 + dir_index(tile.exit));
        }
        for cell in observation.open_cells(path.seat) {
            set(cell, players + 1 + DIRS + path.seat);
        }
    }
    for &cat in &observation.cats {
        set(cat, players);
    }
    let fixed = 2 * players + 1 + DIRS;
    set(observation.board.cheese, fixed);
    for &scent in &observation.board.scent {
        set(scent, fixed + 1);
    }
    for corner in &observation.board.corners {
        set(corner.cell, fixed + 2);
    }
    for cell in cells {
        tensor.flag(cell == 1);
    }
}

/// The field `paths`: each seat's heading, open end, what lies there, distance and length.
fn write_paths(observation: &MouseRaceObservation, tensor: &mut TensorWriter<'_>, size: usize) {
    tensor.field("paths");
    for path in &observation.paths {
        tensor.one_hot(DIRS, path.heading.map(dir_index));
        let (place, content) = match &path.open_end {
            OpenEnd::NoTileYet { .. } => (0, None),
            OpenEnd::Cell { content, .. } => (1, Some(*content)),
            OpenEnd::OffBoard { .. } => (2, None),
        };
        tensor.one_hot(3, Some(place));
        tensor.one_hot(
            CONTENTS,
            content.map(|content| match content {
                Content::Empty => 0,
                Content::Cat => 1,
                Content::Road => 2,
                Content::Corner => 3,
                Content::Cheese => 4,
            }),
        );
        tensor.fraction(path.distance, (2 * size) as f64);
        tensor.fraction(path.tiles.len() as f64, (size * size) as f64);
    }
}
