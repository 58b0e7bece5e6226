//! Readable notes on Mouse Trap's events — moves on the board, cheese taken and lost, parts
//! built, robbing, the Turn Crank choices, who cranked and whom it caught — and the labels a
//! person choosing among legal actions reads.
//!
//! A note is worked out by applying the event to a copy of the state and reading the
//! difference, so it cannot disagree with the rules. Everything is public, so a seat's note
//! is built from the state its observation shows ([`event_note`]), and reads exactly as the
//! full transcript's ([`describe`]). And [`ending`]: how a finished game ended, in words.

use crate::game::{Actor, Game};
use crate::naming::{Reader, possessive, seat_name};
use crate::outcome::{HowItEnded, Outcome};
use crate::words::ordinal;

use super::board::{Space, forward, space};
use super::hidden;
use super::observation::{Ending, MouseTrapObservation, ObservedPhase};
use super::{MOVE_COST, MouseTrap, MouseTrapAction, Phase, seats};

/// The note a seat reads on an event: from its observation before the event (which shows the
/// whole state) and the event as it saw it, which is the event itself; the seat is `you`.
pub(super) fn event_note(
    before: &MouseTrapObservation,
    _actor: Actor,
    view: MouseTrapAction,
    _after: &MouseTrapObservation,
) -> Option<String> {
    describe(&hidden::determinize(before), view, before.reader())
}

/// What `action` does at `state` as `reader` reads it, or `None` if it is not legal there.
pub(super) fn describe(
    state: &MouseTrap,
    action: MouseTrapAction,
    reader: Reader,
) -> Option<String> {
    if !state.is_legal(&action) {
        return None;
    }
    let mut after = state.clone();
    after.apply_unchecked(action);
    let mut notes = Vec::new();
    let (at_the_trap, pile_short) = action_notes(state, &after, action, reader, &mut notes);
    cheese_notes(state, &after, action, pile_short, &mut notes);
    opponent_notes(state, &after, action, reader, &mut notes);
    next_notes(state, &after, action, at_the_trap, reader, &mut notes);
    if after.phase == Phase::Over {
        notes.push(game_over_note(&after, reader));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// What the action itself did: where a roll took the turn owner's mouse and what the space
/// did, a mouse moved or paid for, the crank, the trap, a stop. Returns whether the owner is
/// using the trap (so that a turn ending now was the forced stop) and whether a Take space or
/// the Cheese Wheel wanted more than the pile had.
fn action_notes(
    state: &MouseTrap,
    after: &MouseTrap,
    action: MouseTrapAction,
    reader: Reader,
    notes: &mut Vec<String>,
) -> (bool, bool) {
    let owner = state.turn();
    // Whether the turn owner is using the trap, so that a turn ending now was the forced stop.
    let mut at_the_trap = matches!(state.phase, Phase::MoveRoll { .. });
    // Whether a Take space or the Cheese Wheel wanted more than the pile had.
    let mut pile_short = false;
    match (action, state.phase) {
        (MouseTrapAction::Roll(n), Phase::Roll) => {
            let landing = forward(state.positions[owner], n);
            let landed_on = space(landing);
            notes.push(format!("{} to {landing} {landed_on}", reader.who(owner)));
            let now = after.positions[owner];
            if now != landing {
                notes.push(format!("on to {now} {}", space(now)));
            }
            match landed_on {
                Space::Build { .. } if state.trap_complete() => {
                    notes.push("trap already complete".to_owned());
                }
                Space::Build { .. } if !landed_on.builds_for(state.players()) => {
                    notes.push(format!("not a {}-player space", state.players()));
                }
                Space::Take { .. } | Space::CheeseWheel { .. } | Space::TakeFromRichest { .. }
                    if state.cheese[owner] == after.cheese[owner]
                        && !matches!(after.phase, Phase::Rob { .. }) =>
                {
                    notes.push("nothing to take".to_owned());
                }
                Space::Take { cheese } | Space::CheeseWheel { cheese } => {
                    pile_short = state.pile < cheese;
                }
                Space::Lose { .. } if state.cheese[owner] == 0 => {
                    notes.push("nothing to lose".to_owned());
                }
                Space::TurnCrank if !state.trap_complete() => {
                    notes.push("trap not complete".to_owned());
                }
                Space::TurnCrank => at_the_trap = true,
                _ => {}
            }
        }
        (MouseTrapAction::Roll(_), Phase::MoveRoll { target }) => {
            let to = after.positions[usize::from(target)];
            notes.push(format!(
                "{} mouse to {to} {}",
                reader.whose(usize::from(target)),
                space(to)
            ));
        }
        (MouseTrapAction::Move(target), _) => {
            notes.push(format!(
                "{} {MOVE_COST} cheese to move {} mouse",
                reader.does(owner, "pay"),
                reader.whose(usize::from(target))
            ));
        }
        (MouseTrapAction::Crank, _) => notes.push(crank_note(state, owner, reader)),
        (MouseTrapAction::Works, _) => notes.push(format!("{} trap works", reader.whose(owner))),
        (MouseTrapAction::Fails, _) => notes.push(format!("{} trap fails", reader.whose(owner))),
        (MouseTrapAction::Stop, _) => {
            notes.push(format!("{}: turn ends", reader.does(owner, "stop")));
        }
        _ => {}
    }
    (at_the_trap, pile_short)
}

/// Parts built and the cheese that came from or went back to the pile.
fn cheese_notes(
    state: &MouseTrap,
    after: &MouseTrap,
    action: MouseTrapAction,
    pile_short: bool,
    notes: &mut Vec<String>,
) {
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
            notes.push(format!("+{} cheese", state.pile - after.pile));
        } else if after.pile > state.pile {
            notes.push(format!(
                "returns {} cheese to the pile",
                after.pile - state.pile
            ));
        }
    }
    if pile_short {
        notes.push("the pile is empty".to_owned());
    }
}

/// What happened to the other seats: captured, robbed, or sent to safety when the trap failed.
fn opponent_notes(
    state: &MouseTrap,
    after: &MouseTrap,
    action: MouseTrapAction,
    reader: Reader,
    notes: &mut Vec<String>,
) {
    let owner = state.turn();
    for seat in seats(state.opponents()) {
        if after.captured_in[seat] != 0 {
            let caught = if reader.is_me(seat) {
                "you are captured and hand".to_owned()
            } else {
                format!("seat {seat} captured, hands")
            };
            notes.push(format!(
                "{caught} over {} cheese to {}",
                state.cheese[seat],
                reader.who(owner)
            ));
        } else if after.cheese[seat] < state.cheese[seat] {
            notes.push(format!(
                "+{} cheese from {}",
                state.cheese[seat] - after.cheese[seat],
                reader.who(seat)
            ));
        }
        if action == MouseTrapAction::Fails && after.positions[seat] != state.positions[seat] {
            let safe = after.positions[seat];
            notes.push(format!("{} to {safe} {}", reader.who(seat), space(safe)));
        }
    }
}

/// What comes next: more to rob, the trap ready, the crank due, or the turn's end at the trap.
fn next_notes(
    state: &MouseTrap,
    after: &MouseTrap,
    action: MouseTrapAction,
    at_the_trap: bool,
    reader: Reader,
    notes: &mut Vec<String>,
) {
    let owner = state.turn();
    let turn_ended = after.turns_played > state.turns_played;
    match after.phase {
        Phase::Rob {
            remaining,
            eligible,
        } => {
            let victims: Vec<usize> = seats(after.holders(eligible)).collect();
            notes.push(format!(
                "{remaining} more to take from {}",
                reader.any(&victims)
            ));
        }
        Phase::Trap if state.phase == Phase::Roll => {
            notes.push(trap_ready_note(after, owner, reader));
        }
        Phase::Crank if action != MouseTrapAction::Crank => {
            notes.push(format!(
                "{}: {}",
                no_move_reason(after, owner),
                crank_note(after, owner, reader)
            ));
        }
        _ => {}
    }
    if turn_ended && at_the_trap {
        notes.push(format!(
            "no one on the Wheel, {}: turn ends",
            no_move_reason(after, owner)
        ));
    }
}

/// How the game that just ended came out: who won, and at the turn limit with how much cheese.
fn game_over_note(after: &MouseTrap, reader: Reader) -> String {
    let winners: Vec<usize> = after.winners().collect();
    if after.ended_by_safeguard() {
        let most = after.cheese[winners[0]];
        let verb = match winners.as_slice() {
            [one] if reader.is_me(*one) => "win",
            [_] => "wins",
            _ => "share the win",
        };
        let turns = after.turns_played;
        let plural = if turns == 1 { "" } else { "s" };
        format!(
            "game over at the turn limit ({turns} turn{plural}): {} {verb} with {most} cheese",
            reader.all(&winners)
        )
    } else {
        let verb = if reader.is_me(winners[0]) {
            "win"
        } else {
            "wins"
        };
        format!("game over: {} {verb}", reader.all(&winners))
    }
}

/// "seat 0 turns the crank on seat 1": who cranked and who stands on the Wheel.
fn crank_note(state: &MouseTrap, owner: usize, reader: Reader) -> String {
    let on_wheel: Vec<usize> = seats(state.on_wheel()).collect();
    format!(
        "{} the crank on {}",
        reader.does(owner, "turn"),
        reader.all(&on_wheel)
    )
}

/// The Turn Crank choices: whom the owner may pay to move, and whether the crank then
/// must be turned or the turn may stop.
fn trap_ready_note(state: &MouseTrap, owner: usize, reader: Reader) -> String {
    let movable: Vec<usize> = (0..state.players())
        .filter(|&s| state.can_move(s))
        .collect();
    let on_wheel: Vec<usize> = seats(state.on_wheel()).collect();
    let then = if on_wheel.is_empty() {
        ", or stop".to_owned()
    } else {
        format!(" before turning the crank on {}", reader.all(&on_wheel))
    };
    format!(
        "trap ready: {} may pay to move {}{then}",
        reader.who(owner),
        reader.any(&movable)
    )
}

/// Why the turn owner at Turn Crank could not pay to move anyone.
fn no_move_reason(state: &MouseTrap, owner: usize) -> &'static str {
    if state.cheese[owner] < MOVE_COST {
        "no cheese to pay"
    } else {
        "no mouse to move"
    }
}

/// How one of the seat's legal actions reads at a prompt, from its observation only.
pub(super) fn choice_label(observation: &MouseTrapObservation, action: MouseTrapAction) -> String {
    let reader = Reader::seat(observation.seat);
    let mouse = |seat: u8| {
        observation
            .mice
            .iter()
            .find(|m| m.seat == usize::from(seat))
    };
    let board = &observation.board;
    match action {
        MouseTrapAction::Rob(seat) => match mouse(seat) {
            Some(victim) => format!(
                "take the next piece from {} ({} cheese)",
                reader.who(usize::from(seat)),
                victim.cheese
            ),
            None => action.to_string(),
        },
        MouseTrapAction::Move(seat) => {
            let Some(target) = mouse(seat) else {
                return action.to_string();
            };
            let from = target.space;
            let hint = if from == board.cheese_wheel {
                " (on the Cheese Wheel already)".to_owned()
            } else {
                match (1..=6).find(|&n| board.forward(from, n) == board.cheese_wheel) {
                    Some(n) => format!(" (a {n} puts it on the Cheese Wheel)"),
                    None => String::new(),
                }
            };
            format!(
                "pay {MOVE_COST} cheese to move {} mouse from {}{hint}",
                reader.whose(usize::from(seat)),
                board.name(from)
            )
        }
        MouseTrapAction::Crank => {
            let on_wheel = match &observation.phase {
                ObservedPhase::TurnCrank { on_wheel, .. } | ObservedPhase::Crank { on_wheel } => {
                    on_wheel.clone()
                }
                _ => Vec::new(),
            };
            format!(
                "turn the crank: catches {} with probability {}, else to Safe",
                reader.all(&on_wheel),
                observation.options.trap_reliability()
            )
        }
        MouseTrapAction::Stop => "stop: nobody is on the Cheese Wheel; end the turn".to_owned(),
        MouseTrapAction::Roll(_) | MouseTrapAction::Works | MouseTrapAction::Fails => {
            action.to_string()
        }
    }
}

/// How a finished game ended: the last mouse not caught, the last mice caught together, or
/// the turn limit; per seat when its mouse was caught and its cheese; how places among caught
/// mice were decided. Everything is public: any seat's observation holds every mouse.
pub(super) fn ending(
    observation: &MouseTrapObservation,
    _outcome: &Outcome,
    names: &[String],
) -> Option<HowItEnded> {
    let reason = match &observation.phase {
        ObservedPhase::Over {
            ended_by: Ending::LastMouse,
            winners,
        } => match winners.as_slice() {
            [winner] => format!(
                "{} mouse is the last one not caught",
                possessive(&seat_name(names, *winner))
            ),
            _ => "the last mice were caught together".to_owned(),
        },
        ObservedPhase::Over { .. } => format!(
            "the turn limit ({} turns) was reached: the mice still in play rank by cheese",
            observation.max_turns
        ),
        _ => return None,
    };
    let caught = observation
        .mice
        .iter()
        .filter(|m| m.captured_in.is_some())
        .count();
    let breakdown = observation
        .mice
        .iter()
        .map(|mouse| match mouse.captured_in {
            Some(order) => format!(
                "caught {} of {caught}, {} cheese",
                ordinal(u32::from(order)),
                mouse.cheese
            ),
            None => format!("never caught, {} cheese", mouse.cheese),
        })
        .collect();
    Some(HowItEnded {
        reason,
        breakdown,
        tie_break: (caught > 1)
            .then(|| "caught later ranks higher; caught together shares a place".to_owned()),
    })
}
