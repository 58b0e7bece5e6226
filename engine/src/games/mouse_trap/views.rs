//! What each seat sees of a Mouse Trap event (`shared/spec/mouse-trap.md`, "What each seat
//! sees of an event"): everything is public, so every seat's view of every event — roll,
//! decision or the crank's outcome — is the event itself.

use super::{MouseTrap, MouseTrapAction};

/// `seat`'s view of `action` at `state`: the action as it is, for every seat.
pub(super) fn event_view(
    _state: &MouseTrap,
    _seat: usize,
    action: MouseTrapAction,
) -> MouseTrapAction {
    action
}

/// What everyone sees of `action`: the action itself.
pub(super) fn public_event_view(action: MouseTrapAction) -> MouseTrapAction {
    action
}
