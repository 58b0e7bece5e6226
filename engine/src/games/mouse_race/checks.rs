//! Mouse Race self-checks and notes: the conservation invariants (tiles, connected paths) and
//! the short descriptions of events in readable transcripts.

use std::fmt::Write as _;

use super::action::{MouseRaceAction, TileKind};
use super::board::{Cell, MAX_SIZE, MIN_SIZE, Spot};
use super::{End, MAX_PLAYERS, MouseRace, Path, Phase};
use crate::game::Game;

impl MouseRace {
    /// The spec's conservation rules and the consistency of the phase with the position.
    pub(super) fn check_rules(&self) -> Result<(), String> {
        let config = &self.config;
        let size = config.size();
        let players = self.players();
        if !(2..=MAX_PLAYERS).contains(&players)
            || size.is_multiple_of(2)
            || !(MIN_SIZE..=MAX_SIZE).contains(&usize::from(size))
        {
            return Err(format!("bad configuration {config:?}"));
        }
        let geometry = self.geometry();
        // Conservation: bag + board + hand = the configured tiles.
        let mut counted = self.bag;
        if let Some(kind) = self.held() {
            counted.add(kind);
        }
        let mut road_cells = 0;
        let corners = geometry.corners();
        if !self.board.margin_is_empty(size) {
            return Err("a tile lies outside the board".into());
        }
        for (square, cell) in self.board.occupied(size) {
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
        self.check_paths(road_cells)?;
        if self.turn() >= players {
            return Err(format!(
                "seat {} to play in a {players}-player game",
                self.turn
            ));
        }
        let cheese = Spot::from(geometry.cheese());
        let at_cheese: Vec<usize> = (0..players)
            .filter(|&s| self.paths[s].open_end() == Some(cheese))
            .collect();
        let over = matches!(self.phase, Phase::Over { .. });
        if !over && self.turns >= config.max_turns() {
            return Err(format!("{} turns played but the game goes on", self.turns));
        }
        match self.phase {
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
            } if self.turns < config.max_turns() => {
                return Err("ended by the turn limit before reaching it".into());
            }
            Phase::Over { end: End::Stuck } if !self.stuck() => {
                return Err(
                    "ended as stuck while an open end is free or the bag is not empty".into(),
                );
            }
            Phase::Turn if self.only_pass(self.turn()) => {
                return Err("a turn offers only pass but was not passed automatically".into());
            }
            Phase::Draw { .. } if self.bag.total() == 0 => {
                return Err("drawing from an empty bag".into());
            }
            Phase::Holding { kind } if !self.could_hold(kind) => {
                return Err(format!(
                    "holding a {kind} that should have gone back to the bag"
                ));
            }
            _ => {}
        }
        Ok(())
    }

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

    /// What an action does here, for readable transcripts: worked out by applying it to a copy.
    pub(super) fn note(&self, action: MouseRaceAction) -> Option<String> {
        if !self.is_legal(&action) {
            return None;
        }
        let seat = self.turn();
        let size = self.config.size();
        let mut after = self.clone();
        after.apply_unchecked(action);
        let mut note = match action {
            MouseRaceAction::Drawn(kind) => match after.phase {
                Phase::Holding { .. } => String::new(),
                Phase::Draw { extra: true } => {
                    "a cat blocks the open end: back to the bag, draw again".to_owned()
                }
                _ if kind == TileKind::Cat => "no cell for the cat: back to the bag".to_owned(),
                _ => "cannot be laid: back to the bag".to_owned(),
            },
            MouseRaceAction::Place(_) | MouseRaceAction::Left(_) | MouseRaceAction::Right(_) => {
                let path = after.paths[seat];
                let end = path.last.step(path.heading);
                let shape = match action {
                    MouseRaceAction::Place(_) => "straight",
                    MouseRaceAction::Left(_) => "curve left",
                    _ => "curve right",
                };
                format!(
                    "{shape} on {}, heading {}, open end {}",
                    path.last,
                    path.heading,
                    end.name(size)
                )
            }
            MouseRaceAction::Back => {
                let last = self.paths[seat].last;
                format!("tile on {last} back to the bag")
            }
            MouseRaceAction::Shoo => "cat back to the bag".to_owned(),
            MouseRaceAction::Decline => "tile back to the bag".to_owned(),
            MouseRaceAction::Cat(square) => {
                let blocked: Vec<String> = (0..self.players())
                    .filter(|&s| {
                        self.open_ends(s)
                            .iter()
                            .flatten()
                            .any(|&(e, _)| e == square)
                    })
                    .map(|s| format!("seat {s}"))
                    .collect();
                if blocked.is_empty() {
                    String::new()
                } else {
                    format!("blocks the open end of {}", blocked.join(", "))
                }
            }
            MouseRaceAction::Draw | MouseRaceAction::Pass => String::new(),
        };
        // Turns that passed by themselves after this one.
        let ended_turn = u32::from(after.turns > self.turns);
        let automatic = after.turns.saturating_sub(self.turns + ended_turn);
        if automatic > 0 && after.turns < self.config.max_turns() {
            let seats: Vec<String> = (1..=automatic as usize)
                .map(|k| ((seat + k) % self.players()).to_string())
                .collect();
            push_note(
                &mut note,
                &format!("seat {} can only pass", seats.join(", seat ")),
            );
        }
        match after.phase {
            Phase::Over {
                end: End::Cheese { winner },
            } => push_note(
                &mut note,
                &format!("reaches the cheese: seat {winner} wins"),
            ),
            Phase::Over {
                end: End::TurnLimit,
            } => push_note(
                &mut note,
                &format!("{} turns played: game drawn", self.config.max_turns()),
            ),
            Phase::Over { end: End::Stuck } => {
                push_note(&mut note, "bag empty and no open end free: game drawn");
            }
            _ => {}
        }
        (!note.is_empty()).then_some(note)
    }
}

fn push_note(note: &mut String, text: &str) {
    if !note.is_empty() {
        note.push_str("; ");
    }
    let _ = write!(note, "{text}");
}
