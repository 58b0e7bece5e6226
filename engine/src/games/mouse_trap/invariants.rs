//! Mouse Trap's conservation rules and the consistency of a state with its phase, checked by
//! the conformance harness at every event.

use super::board::{self, Space, space};
use super::{MAX_PLAYERS, MouseTrap, Phase, TOTAL_CHEESE};
use crate::conformance::{Case, Conformance};
use crate::testing::Fixtures;

/// The first broken rule, named.
pub(super) fn check_invariants(state: &MouseTrap) -> Result<(), String> {
    let players = state.players();
    let held: u32 = state.cheese.iter().map(|&c| u32::from(c)).sum();
    if held + u32::from(state.pile) != u32::from(TOTAL_CHEESE) {
        return Err(format!(
            "pile {} + held {held} is not {TOTAL_CHEESE}",
            state.pile
        ));
    }
    if state.built > state.config.trap_parts {
        return Err(format!(
            "{} parts built of a {}-part trap",
            state.built, state.config.trap_parts
        ));
    }
    for seat in 0..MAX_PLAYERS {
        let position = usize::from(state.positions[seat]);
        if position >= board::SPACES {
            return Err(format!("seat {seat} stands on space {position}"));
        }
        if seat >= players
            && (state.cheese[seat] != 0 || position != 0 || state.captured_in[seat] != 0)
        {
            return Err(format!("seat {seat} is not in the game but has a mouse"));
        }
        if state.captured_in[seat] > state.captures {
            return Err(format!("seat {seat} was caught in a capture yet to come"));
        }
        if state.captured_in[seat] != 0 && state.cheese[seat] != 0 {
            return Err(format!("captured seat {seat} still holds cheese"));
        }
    }
    let last_capture = state.captured_in.iter().copied().max().unwrap_or(0);
    if last_capture != state.captures {
        return Err(format!(
            "{} captures counted, but the last captured mouse was caught in capture {last_capture}",
            state.captures
        ));
    }
    if state.turn() >= players {
        return Err(format!(
            "seat {} has the turn in a {players}-player game",
            state.turn
        ));
    }
    if state.phase == Phase::Over {
        return Ok(());
    }
    if state.in_play_count() < 2 {
        return Err("fewer than two mice in play but the game goes on".into());
    }
    if state.turns_played >= state.config.max_turns {
        return Err("the turn limit is reached but the game goes on".into());
    }
    if !state.in_play(state.turn()) {
        return Err(format!("captured seat {} has the turn", state.turn));
    }
    let at_crank = space(state.positions[state.turn()]) == Space::TurnCrank;
    match state.phase {
        Phase::Rob {
            remaining,
            eligible,
        } => {
            if remaining == 0 || state.holders(eligible).count_ones() < 2 {
                return Err("a victim is asked for without a real choice".into());
            }
            if eligible & (1 << state.turn) != 0 || eligible >> players != 0 {
                return Err("the robber or an absent seat is eligible to be robbed".into());
            }
        }
        Phase::Trap | Phase::MoveRoll { .. } | Phase::Crank
            if !at_crank || !state.trap_complete() =>
        {
            return Err("the trap is in use off Turn Crank or incomplete".into());
        }
        Phase::Trap => {
            let options = (0..players).filter(|&s| state.can_move(s)).count() + 1;
            if options < 2 {
                return Err("a trap decision is asked without a real choice".into());
            }
        }
        Phase::MoveRoll { target } => {
            let target = usize::from(target);
            if target == state.turn() || !state.in_play(target) {
                return Err(format!("seat {target}'s mouse can't be moved"));
            }
        }
        Phase::Crank if state.on_wheel() == 0 => {
            return Err("the crank is turned with no opponent on the Wheel".into());
        }
        Phase::Roll | Phase::Crank | Phase::Over => {}
    }
    Ok(())
}

/// The configurations the conformance suite checks: every player count and the options that
/// change how the game plays.
impl Conformance for MouseTrap {
    const CASES: &'static [Case] = &[
        // Everything is public: there is never anything to resample.
        Case::public("players=2"),
        Case::public("players=3"),
        Case::public("players=4"),
        // The small trap that always works; one that never works, to the turn limit; an
        // unreliable one with a short limit.
        Case::public("players=4,trap_parts=1,trap_reliability=1"),
        Case::public("players=3,trap_parts=3,trap_reliability=0,max_turns=60"),
        Case::public("players=2,trap_parts=100,trap_reliability=0.35,max_turns=150"),
    ];
}

/// What the test suites of the other crates play of the game.
impl Fixtures for MouseTrap {
    /// A small trap: somebody is caught soon.
    const SHORT: &'static str = "trap_parts=4";
    const AGENT_TABLES: &'static [(&'static str, &'static [&'static str])] = &[
        ("players=3", &["SEARCH", "random", "random"]),
        (
            "players=2,trap_reliability=0,trap_parts=2,max_turns=80",
            &["SEARCH", "SEARCH"],
        ),
    ];
    /// The person decides rarely in Mouse Trap: eight decisions in.
    const SCREEN_MID_GAME: (u64, usize) = (3, 8);
    const SCREEN_END: (&'static str, u64, &'static str) = ("players=2", 3, "not caught");
}
