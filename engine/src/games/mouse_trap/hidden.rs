//! What a Mouse Trap seat cannot know: nothing (positions, cheese and the trap are public;
//! only the die is uncertain, and it is not rolled yet). The determinization is therefore the
//! state the observation shows, and resampling changes nothing.

use crate::game::Game;
use crate::rng::GameRng;

use super::observation::{MouseTrapObservation, ObservedPhase};
use super::{MAX_PLAYERS, MouseTrap, Phase};

/// The one state consistent with an observation: the one it shows. Entries out of range (a
/// hand-edited observation naming seat 9) are ignored rather than trusted.
pub(super) fn determinize(observation: &MouseTrapObservation) -> MouseTrap {
    let mut state = MouseTrap::new(&observation.options);
    for mouse in &observation.mice {
        let seat = mouse.seat;
        if seat >= MAX_PLAYERS {
            continue;
        }
        state.positions[seat] = mouse.space;
        state.cheese[seat] = mouse.cheese;
        state.captured_in[seat] = mouse.captured_in.unwrap_or(0);
    }
    state.captures = state.captured_in.iter().copied().max().unwrap_or(0);
    state.turn = observation.turn.min(MAX_PLAYERS - 1) as u8;
    state.turns_played = observation.turns_played;
    state.pile = observation.pile;
    state.built = observation.trap.built;
    state.phase = match &observation.phase {
        ObservedPhase::Roll => Phase::Roll,
        ObservedPhase::Rob {
            remaining,
            eligible,
            ..
        } => Phase::Rob {
            remaining: *remaining,
            eligible: eligible
                .iter()
                .filter(|&&s| s < MAX_PLAYERS)
                .fold(0, |mask, &s| mask | 1 << s),
        },
        ObservedPhase::TurnCrank { .. } => Phase::Trap,
        ObservedPhase::MoveRoll { mouse } => Phase::MoveRoll {
            target: (*mouse).min(MAX_PLAYERS - 1) as u8,
        },
        ObservedPhase::Crank { .. } => Phase::Crank,
        ObservedPhase::Over { .. } => Phase::Over,
    };
    state
}

/// Perfect information: there is nothing `seat` cannot know to change.
pub(super) fn resample_hidden(state: &MouseTrap, _seat: usize, _rng: &mut GameRng) -> MouseTrap {
    state.clone()
}
