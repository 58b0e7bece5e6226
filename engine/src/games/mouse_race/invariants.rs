//! Mouse Race self-checks: the conservation invariants (tiles, connected paths) and the
//! consistency of the phase with the position.

use super::action::TileKind;
use super::board::{Cell, MAX_SIZE, MIN_SIZE, Spot};
use super::{End, MAX_PLAYERS, MouseRace, Path, Phase};
use crate::conformance::{Case, Conformance};
use crate::testing::Fixtures;

/// The spec's conservation rules and the consistency of the phase with the position.
pub(super) fn check_invariants(state: &MouseRace) -> Result<(), String> {
    check_configuration(state)?;
    let road_cells = check_tiles(state)?;
    state.check_paths(road_cells)?;
    check_open_ends(state)?;
    check_phase(state)
}

/// The configuration is one the game allows.
fn check_configuration(state: &MouseRace) -> Result<(), String> {
    let config = &state.config;
    let size = config.size();
    let players = state.players();
    if !(2..=MAX_PLAYERS).contains(&players)
        || size.is_multiple_of(2)
        || !(MIN_SIZE..=MAX_SIZE).contains(&usize::from(size))
    {
        return Err(format!("bad configuration {config:?}"));
    }
    Ok(())
}

/// Conservation: bag + board + hand = the configured tiles, none outside the board, on a
/// corner or on the cheese. Returns how many road tiles lie on the board.
fn check_tiles(state: &MouseRace) -> Result<usize, String> {
    let config = &state.config;
    let size = config.size();
    let geometry = state.geometry();
    let mut counted = state.bag;
    if let Some(kind) = state.held() {
        counted.add(kind);
    }
    let mut road_cells = 0;
    let corners = geometry.corners();
    if !state.board.margin_is_empty(size) {
        return Err("a tile lies outside the board".into());
    }
    for (square, cell) in state.board.occupied(size) {
        if corners.contains(&square) || square == geometry.cheese() {
            return Err(format!("{square} (a corner or the cheese) holds a tile"));
        }
        counted.add(match cell {
            Cell::Road { entry, exit, .. } => {
                road_cells += 1;
                if entry == exit {
                    TileKind::Straight
                } else {
                    TileKind::Curve
                }
            }
            Cell::Cat | Cell::Empty => TileKind::Cat,
        });
    }
    if counted != config.tiles() {
        return Err(format!(
            "bag, board and hand hold {counted:?}, configured {:?}",
            config.tiles()
        ));
    }
    Ok(road_cells)
}

/// Each seat's recorded open ends are the ones its path gives, and the seat to play is one.
fn check_open_ends(state: &MouseRace) -> Result<(), String> {
    let players = state.players();
    for seat in 0..MAX_PLAYERS {
        let expected = if seat < players {
            state.path_open_ends(seat)
        } else {
            [None; 2]
        };
        if state.open_ends[seat] != expected {
            return Err(format!(
                "seat {seat}: open ends {:?} recorded, its path gives {expected:?}",
                state.open_ends[seat]
            ));
        }
    }
    if state.turn() >= players {
        return Err(format!(
            "seat {} to play in a {players}-player game",
            state.turn
        ));
    }
    Ok(())
}

/// The phase agrees with the position: the game is over exactly when a path reached the
/// cheese, the turns ran out or every path is stuck, and a phase in play is one that can be.
fn check_phase(state: &MouseRace) -> Result<(), String> {
    let config = &state.config;
    let players = state.players();
    let geometry = state.geometry();
    let cheese = Spot::from(geometry.cheese());
    let at_cheese: Vec<usize> = (0..players)
        .filter(|&s| state.paths[s].open_end() == Some(cheese))
        .collect();
    let over = matches!(state.phase, Phase::Over { .. });
    if !over && state.turns >= config.max_turns() {
        return Err(format!("{} turns played but the game goes on", state.turns));
    }
    match state.phase {
        Phase::Over {
            end: End::Cheese { winner },
        } if at_cheese != [usize::from(winner)] => {
            return Err(format!(
                "seat {winner} won but paths {at_cheese:?} reach the cheese"
            ));
        }
        Phase::Over {
            end: End::Cheese { .. },
        } => {}
        _ if !at_cheese.is_empty() => {
            return Err(format!(
                "paths {at_cheese:?} reached the cheese but the game goes on"
            ));
        }
        Phase::Over {
            end: End::TurnLimit,
        } if state.turns < config.max_turns() => {
            return Err("ended by the turn limit before reaching it".into());
        }
        Phase::Over { end: End::Stuck } if !state.stuck() => {
            return Err("ended as stuck while an open end is free or the bag is not empty".into());
        }
        Phase::Turn if state.only_pass(state.turn()) => {
            return Err("a turn offers only pass but was not passed automatically".into());
        }
        Phase::Draw { .. } if state.bag.total() == 0 => {
            return Err("drawing from an empty bag".into());
        }
        Phase::Holding { kind } if !state.could_hold(kind) => {
            return Err(format!(
                "holding a {kind} that should have gone back to the bag"
            ));
        }
        _ => {}
    }
    Ok(())
}

impl MouseRace {
    /// Walks every path from its corner and checks it against the board.
    fn check_paths(&self, on_board: usize) -> Result<(), String> {
        let mut road_cells = 0;
        for seat in 0..MAX_PLAYERS {
            let path = self.paths[seat];
            if path.is_empty() {
                if path != Path::EMPTY {
                    return Err(format!(
                        "seat {seat}: an empty path with leftovers {path:?}"
                    ));
                }
                continue;
            }
            if seat >= self.players() {
                return Err(format!("seat {seat} is not in the game but has a path"));
            }
            let cells = self.path_cells(seat);
            if cells.len() != path.len() || cells[0] != path.first {
                return Err(format!(
                    "seat {seat}: walking back from {} gives {} tiles from {}, expected {} from {}",
                    path.last,
                    cells.len(),
                    cells[0],
                    path.len,
                    path.first
                ));
            }
            let mut from = self.config.corner(seat);
            for (index, &square) in cells.iter().enumerate() {
                let Cell::Road {
                    seat: owner,
                    entry,
                    exit,
                } = self.board.get(square)
                else {
                    return Err(format!("seat {seat}: {square} holds no road tile"));
                };
                if usize::from(owner) != seat || from.direction_to(square) != Some(entry) {
                    return Err(format!(
                        "seat {seat}: tile {square} is not joined to {from}"
                    ));
                }
                if exit == entry.opposite() {
                    return Err(format!("seat {seat}: tile {square} turns back on itself"));
                }
                let next = cells.get(index + 1).map(|&n| Spot::from(n));
                let want = next.unwrap_or_else(|| square.step(path.heading));
                if square.step(exit) != want {
                    return Err(format!("seat {seat}: tile {square} points elsewhere"));
                }
                from = square;
            }
            road_cells += cells.len();
        }
        if on_board != road_cells {
            return Err(format!(
                "{on_board} road tiles on the board but the paths hold {road_cells}"
            ));
        }
        Ok(())
    }
}

/// The configurations the conformance suite checks: every player count and the options that
/// change how the game plays.
impl Conformance for MouseRace {
    const CASES: &'static [Case] = &[
        Case::hidden("players=2"),
        Case::hidden("players=3"),
        Case::hidden("players=4"),
        // The bag runs out: the stuck safeguard and the automatic lone passes.
        Case::hidden("players=4,size=7,tiles=6/8/4,max_turns=200"),
        // The largest board.
        Case::hidden("players=3,size=21,max_turns=120"),
        // With curves only, a held tile's kind follows from the bag.
        Case::public("players=2,size=9,tiles=0/40/0,max_turns=120"),
    ];
}

/// What the test suites of the other crates play of the game.
impl Fixtures for MouseRace {
    const SHORT: &'static str = "size=7,max_turns=40";
    const AGENT_TABLES: &'static [(&'static str, &'static [&'static str])] = &[
        ("players=2,size=7,max_turns=60", &["SEARCH", "random"]),
        (
            "players=4,size=7,tiles=6/8/4,max_turns=80",
            &["SEARCH", "random", "random", "random"],
        ),
    ];
    const SCREEN_MID_GAME: (u64, usize) = (7, 12);
    const SCREEN_END: (&'static str, u64, &'static str) = ("", 7, "reached the cheese");
}
