//! Readable notes on Mouse Race events: [`MouseRace::note`] from the true state for full
//! transcripts, [`event_note`] from one seat's observations and view for that seat, and the
//! labels a person choosing among legal actions reads.

use std::fmt::Write as _;

use super::action::{MouseRaceAction, TileKind};
use super::board::Dir;
use super::observation::{MouseRaceObservation, PhaseView};
use super::views::MouseRaceView;
use super::{End, MouseRace, Phase};
use crate::game::{Actor, Game};

impl MouseRace {
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

/// "you" for the observing seat, "seat N" for the others.
fn who(observation: &MouseRaceObservation, seat: usize) -> String {
    if seat == observation.seat {
        "you".to_owned()
    } else {
        format!("seat {seat}")
    }
}

/// The note one seat reads on an event, from its observations before and after it and its
/// view of it: nothing else, so it cannot tell more than the seat may know.
pub(super) fn event_note(
    before: &MouseRaceObservation,
    actor: Actor,
    view: MouseRaceView,
    after: &MouseRaceObservation,
) -> Option<String> {
    let seat = before.turn;
    let name = who(before, seat);
    let mut note = match view {
        MouseRaceView::HiddenDraw | MouseRaceView::Seen(MouseRaceAction::Drawn(_)) => {
            match after.phase {
                PhaseView::Holding { kind: Some(kind) } => format!("you hold a {kind}"),
                PhaseView::Holding { kind: None } => format!("{name} holds a tile"),
                PhaseView::Draw { extra: true } => {
                    format!(
                        "a cat blocks the open end of {name}: the tile goes back, another is drawn"
                    )
                }
                _ => match view {
                    MouseRaceView::Seen(MouseRaceAction::Drawn(TileKind::Cat)) => {
                        "no cell for the cat: back to the bag".to_owned()
                    }
                    MouseRaceView::Seen(MouseRaceAction::Drawn(_)) => {
                        "it cannot be laid: back to the bag".to_owned()
                    }
                    _ => "the tile cannot be used: back to the bag".to_owned(),
                },
            }
        }
        MouseRaceView::Seen(action) => {
            let Actor::Seat(seat) = actor else {
                return None;
            };
            let path = after.paths.get(seat)?;
            match action {
                MouseRaceAction::Place(_)
                | MouseRaceAction::Left(_)
                | MouseRaceAction::Right(_) => {
                    let shape = match action {
                        MouseRaceAction::Place(_) => "straight",
                        MouseRaceAction::Left(_) => "curve left",
                        _ => "curve right",
                    };
                    let cell = path.tiles.last()?;
                    let heading = path.heading?;
                    let end = match path.open_end {
                        Some(end) => end.to_string(),
                        None => "off the board".to_owned(),
                    };
                    format!("{shape} on {cell}, heading {heading}, open end {end}")
                }
                MouseRaceAction::Back => {
                    let last = before.paths.get(seat)?.tiles.last()?;
                    format!("the tile on {last} goes back to the bag")
                }
                MouseRaceAction::Shoo => "the cat goes back to the bag".to_owned(),
                MouseRaceAction::Decline => "the tile goes back to the bag".to_owned(),
                MouseRaceAction::Cat(square) => {
                    let blocked: Vec<String> = (0..before.paths.len())
                        .filter(|&s| open_ends(before, s).contains(&Some(square)))
                        .map(|s| who(before, s))
                        .collect();
                    if blocked.is_empty() {
                        String::new()
                    } else {
                        format!("it blocks the open end of {}", blocked.join(", "))
                    }
                }
                MouseRaceAction::Draw | MouseRaceAction::Pass | MouseRaceAction::Drawn(_) => {
                    String::new()
                }
            }
        }
    };
    if let PhaseView::Over { end } = after.phase {
        match end {
            End::Cheese { winner } => push_note(
                &mut note,
                &format!(
                    "{} reached the cheese and won",
                    who(before, usize::from(winner))
                ),
            ),
            End::TurnLimit => {
                push_note(&mut note, &format!("{} turns played: a draw", after.turns));
            }
            End::Stuck => push_note(
                &mut note,
                "the bag is empty and no open end is free: a draw",
            ),
        }
    }
    (!note.is_empty()).then_some(note)
}

/// The cells a seat's next road tile may go on, as its observation shows them: the open end,
/// or before the first tile both cells next to the corner.
fn open_ends(observation: &MouseRaceObservation, seat: usize) -> [Option<super::Square>; 2] {
    let path = &observation.paths[seat];
    if path.heading.is_none() {
        observation
            .config
            .geometry()
            .starts(path.corner)
            .map(|(square, _)| Some(square))
    } else {
        [path.open_end, None]
    }
}

/// The direction of travel into `cell` for a path's next tile.
fn heading_into(observation: &MouseRaceObservation, named: Option<super::Square>) -> Option<Dir> {
    let path = &observation.paths[observation.seat];
    match (named, path.heading) {
        (Some(cell), _) => path.corner.direction_to(cell),
        (None, heading) => heading,
    }
}

/// How one of the seat's legal actions reads at a prompt: where a tile goes and which way a
/// curve turns from the direction the path runs.
pub(super) fn choice_label(observation: &MouseRaceObservation, action: MouseRaceAction) -> String {
    let path = &observation.paths[observation.seat];
    let target = |named: Option<super::Square>| match named {
        Some(cell) => cell.to_string(),
        None => path
            .open_end
            .map_or_else(|| "the open end".to_owned(), |cell| cell.to_string()),
    };
    match action {
        MouseRaceAction::Draw => format!("draw a tile ({} in the bag)", observation.pool.total()),
        MouseRaceAction::Pass => "pass".to_owned(),
        MouseRaceAction::Back => match path.tiles.last() {
            Some(last) => format!("take your last tile ({last}) back to the bag"),
            None => "take your last tile back".to_owned(),
        },
        MouseRaceAction::Shoo => "shoo the cat off your open end (your turn ends)".to_owned(),
        MouseRaceAction::Place(named) => {
            let heading = heading_into(observation, named)
                .map_or_else(String::new, |h| format!(", heading {h}"));
            format!("lay the straight on {}{heading}", target(named))
        }
        MouseRaceAction::Left(named) | MouseRaceAction::Right(named) => {
            let (side, turn): (&str, fn(Dir) -> Dir) = match action {
                MouseRaceAction::Left(_) => ("left", Dir::left),
                _ => ("right", Dir::right),
            };
            let heading = heading_into(observation, named)
                .map_or_else(String::new, |h| format!(": heading {h}, then {}", turn(h)));
            format!("lay the curve on {} turning {side}{heading}", target(named))
        }
        MouseRaceAction::Cat(cell) => format!("put the cat on {cell}"),
        MouseRaceAction::Decline => "decline: the tile goes back, your turn ends".to_owned(),
        MouseRaceAction::Drawn(kind) => format!("draw {kind}"),
    }
}
