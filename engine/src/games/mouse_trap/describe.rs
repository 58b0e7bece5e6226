//! Short notes on what an event does, for readable transcripts: worked out by applying the
//! event to a copy and reading the difference, so the notes cannot disagree with the rules.

use crate::game::Game;

use super::board::{Space, forward, space};
use super::{MouseTrap, MouseTrapAction, Phase};

/// What `action` does at `state`, or `None` if it is not legal there.
pub(super) fn describe(state: &MouseTrap, action: MouseTrapAction) -> Option<String> {
    if !state.is_legal(&action) {
        return None;
    }
    let mut after = state.clone();
    after.apply_unchecked(action);
    let owner = state.turn();
    let mut notes = Vec::new();
    let mut trap_context = matches!(state.phase, Phase::MoveRoll { .. });

    match (action, state.phase) {
        (MouseTrapAction::Roll(n), Phase::Roll) => {
            let landing = forward(state.positions[owner], n);
            let landed_on = space(landing);
            notes.push(format!("seat {owner} to {landing} {landed_on}"));
            if after.positions[owner] != landing {
                notes.push(format!("on to {}", after.positions[owner]));
            }
            match landed_on {
                Space::Build(_) if state.trap_complete() => {
                    notes.push("trap already complete".to_owned());
                }
                Space::Build(_) if !landed_on.builds_for(state.players()) => {
                    notes.push(format!("not a {}-player space", state.players()));
                }
                Space::Take(_) | Space::CheeseWheel | Space::TakeFromRichest(_)
                    if state.cheese[owner] == after.cheese[owner]
                        && !matches!(after.phase, Phase::Rob { .. }) =>
                {
                    notes.push("nothing to take".to_owned());
                }
                Space::Lose(_) if state.cheese[owner] == 0 => {
                    notes.push("nothing to lose".to_owned());
                }
                Space::TurnCrank if !state.trap_complete() => {
                    notes.push("trap not complete".to_owned());
                }
                Space::TurnCrank => trap_context = true,
                _ => {}
            }
        }
        (MouseTrapAction::Roll(_), Phase::MoveRoll { target }) => {
            let to = after.positions[usize::from(target)];
            notes.push(format!("seat {target}'s mouse to {to} {}", space(to)));
        }
        (MouseTrapAction::Move(target), _) => {
            notes.push(format!("pays 1 cheese to move seat {target}'s mouse"));
        }
        (MouseTrapAction::Stop, _) => notes.push("turn ends".to_owned()),
        _ => {}
    }

    if after.built > state.built {
        let parts = state.config.trap_parts;
        let (first, last) = (state.built + 1, after.built);
        notes.push(if first == last {
            format!("builds part {last} of {parts}")
        } else {
            format!("builds parts {first}-{last} of {parts}")
        });
        if after.trap_complete() {
            notes.push("trap complete".to_owned());
        }
        if state.pile == 0 {
            notes.push("the pile is empty".to_owned());
        } else if state.pile < after.built - state.built {
            notes.push(format!("only {} cheese in the pile", state.pile));
        }
    }
    if !matches!(action, MouseTrapAction::Move(_)) {
        if after.pile < state.pile {
            notes.push(format!("+{} cheese from the pile", state.pile - after.pile));
        } else if after.pile > state.pile {
            notes.push(format!("returns {} cheese", after.pile - state.pile));
        }
    }
    for seat in (0..state.players()).filter(|&s| s != owner) {
        if after.captured_in[seat] != 0 && state.captured_in[seat] == 0 {
            notes.push(format!(
                "seat {seat} captured, hands over {} cheese",
                state.cheese[seat]
            ));
        } else if after.cheese[seat] < state.cheese[seat] {
            notes.push(format!(
                "{} cheese from seat {seat}",
                state.cheese[seat] - after.cheese[seat]
            ));
        }
        if action == MouseTrapAction::Fails && after.positions[seat] != state.positions[seat] {
            notes.push(format!("seat {seat} to Safe"));
        }
    }

    let turn_ended = after.turns_played > state.turns_played;
    match after.phase {
        Phase::Rob {
            remaining,
            eligible,
        } => {
            let victims: Vec<String> = (0..state.players())
                .filter(|&s| after.holders(eligible) & (1 << s) != 0)
                .map(|s| s.to_string())
                .collect();
            notes.push(format!(
                "{remaining} more to take: rob seat {}",
                victims.join(" or ")
            ));
        }
        Phase::Trap if state.phase != Phase::Trap => notes.push("trap ready".to_owned()),
        Phase::Crank if action != MouseTrapAction::Crank => {
            notes.push("no cheese to pay: the crank is turned".to_owned());
        }
        _ => {}
    }
    if turn_ended && trap_context {
        let reason = if after.cheese[owner] == 0 {
            "no cheese to pay"
        } else {
            "no mouse to move"
        };
        notes.push(format!("no one on the Wheel, {reason}: turn ends"));
    }
    if after.phase == Phase::Over {
        if after.ended_by_safeguard() {
            notes.push(format!(
                "game over: {} turns played",
                after.config.max_turns()
            ));
        } else {
            let winner = (0..state.players()).find(|&s| after.in_play(s))?;
            notes.push(format!("game over: seat {winner} wins"));
        }
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}
