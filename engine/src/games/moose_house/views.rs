//! What each seat sees of a Moose in the House event (`shared/spec/moose-house.md`, "What
//! each seat sees of an event"): every decision as it is; a drawn card by its receiver only,
//! unless it is a Moose in the House card discarded face up at once.

use std::fmt::{self, Display};
use std::str::FromStr;

use super::{Card, MooseHouse, MooseHouseAction};

/// One seat's view of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MooseHouseView {
    /// A public event (or the seat's own draw), seen as it is.
    Seen(MooseHouseAction),
    /// A card another seat drew: `draw ?`.
    HiddenDraw,
}

/// Reads a view back from its text form (a client of a networked game is sent only texts).
impl FromStr for MooseHouseView {
    type Err = crate::error::ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "draw ?" {
            return Ok(MooseHouseView::HiddenDraw);
        }
        text.parse().map(MooseHouseView::Seen)
    }
}

impl Display for MooseHouseView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MooseHouseView::Seen(action) => action.fmt(f),
            MooseHouseView::HiddenDraw => f.write_str("draw ?"),
        }
    }
}

pub(super) fn event_view(
    state: &MooseHouse,
    seat: usize,
    action: MooseHouseAction,
) -> MooseHouseView {
    match action {
        MooseHouseAction::Draw(_) if state.receiver() == Some(seat) => MooseHouseView::Seen(action),
        _ => public_event_view(state, action),
    }
}

/// What everyone sees of an event: a drawn card only when it is a Moose in the House card
/// discarded face up at once, every other event as it is.
pub(super) fn public_event_view(state: &MooseHouse, action: MooseHouseAction) -> MooseHouseView {
    match action {
        MooseHouseAction::Draw(card)
            if !(card == Card::House && state.everyone_has_moose_in_house()) =>
        {
            MooseHouseView::HiddenDraw
        }
        other => MooseHouseView::Seen(other),
    }
}

#[cfg(test)]
mod tests {
    use super::MooseHouseView;

    #[test]
    fn text_that_is_no_view_does_not_read_as_one() {
        for text in ["", "draw ?x", "draw", "?", "\u{1b}[31m"] {
            assert!(text.parse::<MooseHouseView>().is_err(), "{text}");
        }
        assert_eq!("draw ?".parse(), Ok(MooseHouseView::HiddenDraw));
    }
}
