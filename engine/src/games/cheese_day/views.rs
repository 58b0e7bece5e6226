//! What each seat sees of a Cheese Day event (`shared/spec/cheese-day.md`, "What each seat
//! sees of an event"): every decision and roll as it is; a drawn card by its back only.

use std::fmt::{self, Display};
use std::str::FromStr;

use super::action::CheeseDayAction;
use super::{CheeseDay, INFO, VALUES};
use crate::error::ParseActionError;

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

/// Reads a view back from its text form (a client of a networked game is sent only texts).
impl FromStr for CheeseDayView {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, ParseActionError> {
        let back = text
            .strip_prefix("draw ")
            .and_then(|rest| rest.strip_suffix('?'));
        match back {
            Some(value) => value
                .parse()
                .ok()
                .filter(|value| (1..=VALUES as u8).contains(value))
                .map(|value| CheeseDayView::Drawn { value })
                .ok_or_else(|| ParseActionError::new(INFO.name, text, VIEW_EXPECTED)),
            None => text.parse().map(CheeseDayView::Seen),
        }
    }
}

/// The forms a view may take, for the message when text is none.
const VIEW_EXPECTED: &str =
    "an event as written in a transcript, or draw V? for a card's back (value V = 1…6)";

/// Every seat sees what everyone sees ([`public_event_view`]).
pub(super) fn event_view(
    _state: &CheeseDay,
    _seat: usize,
    action: CheeseDayAction,
) -> CheeseDayView {
    public_event_view(action)
}

/// What everyone sees of an event: a draw shows only the card's back, the rest as it is.
pub(super) fn public_event_view(action: CheeseDayAction) -> CheeseDayView {
    match action {
        CheeseDayAction::Draw(card) => CheeseDayView::Drawn { value: card.value },
        other => CheeseDayView::Seen(other),
    }
}

#[cfg(test)]
mod tests {
    use super::CheeseDayView;

    #[test]
    fn text_that_is_no_view_does_not_read_as_one() {
        for text in [
            "",
            "draw",
            "draw x?",
            "draw 400?",
            "draw 0?",
            "draw 7?",
            "take",
            "\u{1b}[31m",
        ] {
            assert!(text.parse::<CheeseDayView>().is_err(), "{text}");
        }
        assert_eq!("draw 4?".parse(), Ok(CheeseDayView::Drawn { value: 4 }));
    }
}
