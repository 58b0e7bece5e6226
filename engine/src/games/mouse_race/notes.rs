//! Readable notes on Mouse Race events — where a tile went, why a drawn tile went back, turns
//! that passed by themselves, how the game ended — and the labels a person reads next to each
//! legal action. Notes are written from observations only: a seat's note from its own
//! observations and view ([`event_note`]), so it cannot tell more than the seat may know; and
//! the full-transcript note ([`describe`]) from the observations of the seat whose turn
//! it is, who sees every event of its turn, told in the third person. And [`ending`]: how a
//! finished game ended, in words.

use super::action::{MouseRaceAction, TileKind};
use super::board::{Dir, Square};
use super::observation::{Content, MouseRaceObservation, ObservedPath, ObservedPhase, OpenEnd};
use super::views::MouseRaceView;
use super::{End, MouseRace};
use crate::game::{Actor, Game};
use crate::naming::{Reader, possessive, seat_name};
use crate::outcome::{HowItEnded, Outcome};
use crate::words::count;

/// What an action does here, for readable transcripts of finished games: told from the
/// observations of the seat whose turn it is before and after the action.
pub(super) fn describe(state: &MouseRace, action: MouseRaceAction) -> Option<String> {
    if !state.is_legal(&action) {
        return None;
    }
    let seat = state.turn();
    let actor = match action {
        MouseRaceAction::Drawn(_) => Actor::Chance,
        _ => Actor::Seat(seat),
    };
    let mut after = state.clone();
    after.apply_unchecked(action);
    Narrator {
        before: &state.observation(seat),
        after: &after.observation(seat),
        reader: Reader::nobody(),
    }
    .note(actor, MouseRaceView::Seen(action))
}

/// The note one seat reads on an event, from its observations before and after it and its
/// view of it: nothing else, so it cannot tell more than the seat may know.
pub(super) fn event_note(
    before: &MouseRaceObservation,
    actor: Actor,
    view: MouseRaceView,
    after: &MouseRaceObservation,
) -> Option<String> {
    Narrator {
        before,
        after,
        reader: before.reader(),
    }
    .note(actor, view)
}

/// Tells an event from two observations, naming the seat `you` (if any) in the second person.
struct Narrator<'a> {
    before: &'a MouseRaceObservation,
    after: &'a MouseRaceObservation,
    reader: Reader,
}

impl Narrator<'_> {
    fn note(&self, actor: Actor, view: MouseRaceView) -> Option<String> {
        let mut parts = Vec::new();
        let seat = self.before.turn;
        let event = match view {
            MouseRaceView::HiddenDraw => self.drawn(seat, None),
            MouseRaceView::Seen(MouseRaceAction::Drawn(kind)) => self.drawn(seat, Some(kind)),
            MouseRaceView::Seen(action) => match actor {
                Actor::Seat(actor) => self.decision(actor, action),
                Actor::Chance => None,
            },
        };
        parts.extend(event);
        parts.extend(self.lone_passes());
        parts.extend(self.ending());
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// A tile drawn by `seat`, of `kind` if this seat saw it.
    fn drawn(&self, seat: usize, kind: Option<TileKind>) -> Option<String> {
        let tile = kind.map_or_else(|| "the tile".to_owned(), |kind| format!("the {kind}"));
        match self.after.phase {
            ObservedPhase::Holding { .. } if kind.is_some() => None,
            ObservedPhase::Holding { .. } => {
                Some(format!("{} a tile", self.reader.does(seat, "hold")))
            }
            ObservedPhase::Draw { extra: true } => Some(format!(
                "a cat blocks {} open end: the {} goes back and {} again",
                self.reader.whose(seat),
                kind.map_or("road tile", TileKind::name),
                self.reader.does(seat, "draw")
            )),
            _ => Some(match kind {
                Some(TileKind::Cat) => "no cell may take the cat: back to the bag".to_owned(),
                Some(_) => format!(
                    "{tile} cannot be laid ({}): back to the bag",
                    blocked_because(&self.before.paths[seat])
                ),
                None => format!("{tile} cannot be used: back to the bag"),
            }),
        }
    }

    fn decision(&self, seat: usize, action: MouseRaceAction) -> Option<String> {
        let before = self.before.paths.get(seat)?;
        let after = self.after.paths.get(seat)?;
        match action {
            MouseRaceAction::Place(_) | MouseRaceAction::Left(_) | MouseRaceAction::Right(_) => {
                let tile = after.tiles.last()?;
                let mut note = format!("{} on {}, heading {}", tile.shape, tile.cell, tile.exit);
                if !matches!(
                    after.open_end,
                    OpenEnd::Cell {
                        content: Content::Cheese,
                        ..
                    }
                ) {
                    note.push_str("; open end ");
                    note.push_str(&open_end_text(&after.open_end));
                }
                Some(note)
            }
            MouseRaceAction::Back => {
                let tile = before.tiles.last()?;
                let then = match &after.open_end {
                    OpenEnd::NoTileYet { .. } => "no tile left".to_owned(),
                    end => format!("open end {}", open_end_text(end)),
                };
                Some(format!(
                    "the {} on {} goes back to the bag; {then}",
                    tile.shape.kind(),
                    tile.cell
                ))
            }
            MouseRaceAction::Shoo => {
                let cats: Vec<String> = open_cells(before)
                    .filter(|&(_, content)| content == Content::Cat)
                    .map(|(cell, _)| cell.to_string())
                    .collect();
                Some(if cats.len() == 1 {
                    format!("the cat on {} goes back to the bag", cats[0])
                } else {
                    format!("the cats on {} go back to the bag", cats.join(" and "))
                })
            }
            MouseRaceAction::Decline => Some(match self.before.own_tile() {
                Some(kind) if self.before.seat == seat => {
                    format!("the {kind} goes back to the bag")
                }
                _ => "the tile goes back to the bag".to_owned(),
            }),
            MouseRaceAction::Cat(cell) => {
                let blocked: Vec<String> = self
                    .before
                    .paths
                    .iter()
                    .filter(|path| open_cells(path).any(|(open, _)| open == cell))
                    .map(|path| self.reader.whose(path.seat))
                    .collect();
                (!blocked.is_empty())
                    .then(|| format!("it blocks {} open end", blocked.join(" and ")))
            }
            MouseRaceAction::Draw | MouseRaceAction::Pass | MouseRaceAction::Drawn(_) => None,
        }
    }

    /// The turns after this event that passed by themselves (seats that could only pass).
    fn lone_passes(&self) -> Option<String> {
        let (before, after) = (self.before.turns_played, self.after.turns_played);
        // A game where nobody can do anything skips straight to the turn limit: the ending
        // says so.
        if after <= before + 1 || after >= self.after.max_turns {
            return None;
        }
        let players = self.before.paths.len();
        let seats: Vec<String> = (1..=(after - before - 1) as usize)
            .map(|k| self.reader.who((self.before.turn + k) % players))
            .collect();
        Some(format!("{} can only pass", seats.join(" and ")))
    }

    fn ending(&self) -> Option<String> {
        let ObservedPhase::Over { end } = self.after.phase else {
            return None;
        };
        if matches!(self.before.phase, ObservedPhase::Over { .. }) {
            return None;
        }
        Some(match end {
            End::Cheese { winner } => {
                format!(
                    "{} reached the cheese and won",
                    self.reader.who(usize::from(winner))
                )
            }
            End::TurnLimit => format!("{} turns played: a draw", self.after.max_turns),
            End::Stuck => "the bag is empty and no open end is free: a draw".to_owned(),
        })
    }
}

/// The cells a path's next tile could go on, with what they hold: the open end, or both cells
/// next to the corner before the first tile.
fn open_cells(path: &ObservedPath) -> impl Iterator<Item = (Square, Content)> + '_ {
    let (start, end) = match &path.open_end {
        OpenEnd::NoTileYet { cells } => (cells.as_slice(), None),
        OpenEnd::Cell { cell, content } => (&[][..], Some((*cell, *content))),
        OpenEnd::OffBoard { .. } => (&[][..], None),
    };
    start
        .iter()
        .map(|start| (start.cell, start.content))
        .chain(end)
}

/// An open end as the notes name it: the cell, with what blocks it, or off the board.
fn open_end_text(end: &OpenEnd) -> String {
    match end {
        OpenEnd::Cell { cell, content } => match content {
            Content::Empty | Content::Cheese => cell.to_string(),
            Content::Cat => format!("{cell} (a cat)"),
            Content::Road => format!("{cell} (a road: blocked)"),
            Content::Corner => format!("{cell} (a corner: blocked)"),
        },
        OpenEnd::OffBoard { .. } => "off the board".to_owned(),
        OpenEnd::NoTileYet { cells } => {
            let names: Vec<String> = cells.iter().map(|start| start.cell.to_string()).collect();
            names.join(" or ")
        }
    }
}

/// Why a road tile cannot go on a path's open end.
fn blocked_because(path: &ObservedPath) -> &'static str {
    match &path.open_end {
        OpenEnd::OffBoard { .. } => "the open end is off the board",
        OpenEnd::Cell { content, .. } => match content {
            Content::Cat => "a cat still sits on the open end",
            Content::Road => "a road tile is in the way",
            Content::Corner => "the open end is a corner",
            Content::Empty | Content::Cheese => "the open end is taken",
        },
        OpenEnd::NoTileYet { cells } => {
            if cells.iter().any(|start| start.content == Content::Cat) {
                "a cat still sits next to the corner"
            } else {
                "both cells next to the corner are taken"
            }
        }
    }
}

/// How one of the seat's legal actions reads at a prompt: where a tile goes and which way a
/// curve turns from the direction the path runs.
pub(super) fn choice_label(observation: &MouseRaceObservation, action: MouseRaceAction) -> String {
    let path = &observation.paths[observation.seat];
    // The cell a road tile goes on and the direction of travel into it.
    let target = |named: Option<Square>| -> Option<(Square, Dir)> {
        match (&path.open_end, named) {
            (OpenEnd::NoTileYet { cells }, Some(named)) => cells
                .iter()
                .find(|start| start.cell == named)
                .map(|start| (start.cell, start.heading)),
            (OpenEnd::Cell { cell, .. }, None) => path.heading.map(|heading| (*cell, heading)),
            _ => None,
        }
    };
    match action {
        MouseRaceAction::Draw => format!(
            "draw a tile from the bag ({} left: {} straight, {} curve, {} cat)",
            observation.pool.total(),
            observation.pool.straight,
            observation.pool.curve,
            observation.pool.cat
        ),
        MouseRaceAction::Pass => "pass: your turn ends".to_owned(),
        MouseRaceAction::Back => match path.tiles.last() {
            Some(tile) => format!(
                "take your last tile (the {} on {}) back to the bag",
                tile.shape.kind(),
                tile.cell
            ),
            None => "take your last tile back to the bag".to_owned(),
        },
        MouseRaceAction::Shoo => {
            let cats: Vec<String> = open_cells(path)
                .filter(|&(_, content)| content == Content::Cat)
                .map(|(cell, _)| cell.to_string())
                .collect();
            format!(
                "shoo the cat off {} (back to the bag; your turn ends)",
                cats.join(" and ")
            )
        }
        MouseRaceAction::Place(named) => match target(named) {
            Some((cell, heading)) => format!("lay the straight on {cell}, heading {heading}"),
            None => "lay the straight".to_owned(),
        },
        MouseRaceAction::Left(named) | MouseRaceAction::Right(named) => {
            let (side, turn): (&str, fn(Dir) -> Dir) = match action {
                MouseRaceAction::Left(_) => ("left", Dir::left),
                _ => ("right", Dir::right),
            };
            match target(named) {
                Some((cell, heading)) => format!(
                    "lay the curve on {cell} turning {side}: heading {heading}, then {}",
                    turn(heading)
                ),
                None => format!("lay the curve turning {side}"),
            }
        }
        MouseRaceAction::Cat(cell) => {
            let blocked: Vec<String> = observation
                .paths
                .iter()
                .filter(|other| open_cells(other).any(|(open, _)| open == cell))
                .map(|other| format!("seat {}'s", other.seat))
                .collect();
            if blocked.is_empty() {
                format!("put the cat on {cell}")
            } else {
                format!(
                    "put the cat on {cell}, blocking {} open end",
                    blocked.join(" and ")
                )
            }
        }
        MouseRaceAction::Decline => match observation.own_tile() {
            Some(kind) => format!("decline: the {kind} goes back to the bag, your turn ends"),
            None => "decline: the tile goes back to the bag, your turn ends".to_owned(),
        },
        MouseRaceAction::Drawn(kind) => format!("draw {kind}"),
    }
}

/// How a finished game ended: a path reached the cheese, or a draw by the turn limit or an
/// empty bag; per seat its tiles and how far its open end was from the cheese. The board is
/// public: any seat's observation (or the public view) holds every path and how it ended.
pub(super) fn ending(
    observation: &MouseRaceObservation,
    _outcome: &Outcome,
    names: &[String],
) -> Option<HowItEnded> {
    let ObservedPhase::Over { end } = observation.phase else {
        return None;
    };
    let reason = match end {
        End::Cheese { winner } => format!(
            "{} path reached the cheese",
            possessive(&seat_name(names, usize::from(winner)))
        ),
        End::TurnLimit => format!(
            "the turn limit ({} turns) was reached: a draw",
            observation.max_turns
        ),
        End::Stuck => "the bag is empty and no path can go on: a draw".to_owned(),
    };
    let breakdown = observation
        .paths
        .iter()
        .map(|path| {
            let tiles = count(path.tiles.len(), "tile");
            match path.distance {
                0 => format!("reached the cheese with {tiles}"),
                d => format!(
                    "{tiles}, open end {} from the cheese",
                    count(d as usize, "step")
                ),
            }
        })
        .collect();
    Some(HowItEnded {
        reason,
        breakdown,
        tie_break: None,
    })
}
