//! What each seat sees of a Cheese Day event (`shared/spec/cheese-day.md`, "What each seat
//! sees of an event"): every decision and roll as it is; a drawn card by its back only.

use std::fmt::{self, Display};

use super::CheeseDay;
use super::action::CheeseDayAction;

/// One seat's view of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheeseDayView {
    /// A public event, seen as it is.
    Seen(CheeseDayAction),
    /// A card drawn: its back (`value` holes) is public, its face seen by nobody (`draw 4?`).
    Drawn { value: u8 },
}

impl Display for CheeseDayView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheeseDayView::Seen(action) => action.fmt(f),
            CheeseDayView::Drawn { value } => write!(f, "draw {value}?"),
        }
    }
}

/// Every seat sees the same: a draw shows only the card's back.
pub(super) fn event_view(
    _state: &CheeseDay,
    _seat: usize,
    action: CheeseDayAction,
) -> CheeseDayView {
    match action {
        CheeseDayAction::Draw(card) => CheeseDayView::Drawn { value: card.value },
        other => CheeseDayView::Seen(other),
    }
}
