//! What each seat sees of a Mouse Race event (`shared/spec/mouse-race.md`, "What each seat
//! sees of an event"): every decision as it is; a drawn tile by its drawer only.

use std::fmt::{self, Display};
use std::str::FromStr;

use super::{MouseRace, MouseRaceAction};

/// One seat's view of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseRaceView {
    /// A public event (or the seat's own draw), seen as it is.
    Seen(MouseRaceAction),
    /// A tile another seat drew: `draw ?`.
    HiddenDraw,
}

/// Reads a view back from its text form (a client of a networked game is sent only texts).
impl FromStr for MouseRaceView {
    type Err = crate::error::ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "draw ?" {
            return Ok(MouseRaceView::HiddenDraw);
        }
        text.parse().map(MouseRaceView::Seen)
    }
}

impl Display for MouseRaceView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MouseRaceView::Seen(action) => action.fmt(f),
            MouseRaceView::HiddenDraw => f.write_str("draw ?"),
        }
    }
}

pub(super) fn event_view(state: &MouseRace, seat: usize, action: MouseRaceAction) -> MouseRaceView {
    match action {
        MouseRaceAction::Drawn(_) if seat == state.turn() => MouseRaceView::Seen(action),
        other => public_event_view(other),
    }
}

/// What everyone sees of an event: a drawn tile's kind is hidden (only its drawer sees it),
/// every other event is seen as it is.
pub(super) fn public_event_view(action: MouseRaceAction) -> MouseRaceView {
    match action {
        MouseRaceAction::Drawn(_) => MouseRaceView::HiddenDraw,
        other => MouseRaceView::Seen(other),
    }
}
