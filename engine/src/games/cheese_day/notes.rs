//! Readable notes on Cheese Day's events: [`describe`] from the true state for full
//! transcripts, [`event_note`] from one seat's observations and view for that seat, and the
//! labels a person choosing among legal actions reads.

use std::fmt::Write as _;

use super::action::{CheeseDayAction, Face};
use super::observation::CheeseDayObservation;
use super::views::CheeseDayView;
use super::{CheeseDay, Phase, SLOTS, TRAPS_TO_LOSE};
use crate::game::Actor;

pub(super) fn describe(state: &CheeseDay, action: CheeseDayAction) -> Option<String> {
    Some(match action {
        CheeseDayAction::Roll(n) if !state.has_value(n) => {
            format!("no {n} in the pantry: peek")
        }
        CheeseDayAction::Roll(_) => return None,
        CheeseDayAction::Draw(_) => match state.pantry.iter().position(Option::is_none) {
            Some(slot) if state.out.is_none() => format!("pantry slot {}", slot + 1),
            _ => "reserve top".to_owned(),
        },
        CheeseDayAction::Peek(slot) => {
            let card = state.card_in(slot)?.card;
            let mut note = format!("sees {card}");
            if let (true, Some(top)) = (state.config.burns_on_peek(), state.reserve_top) {
                let _ = write!(note, "; top card {top} burned");
            }
            note
        }
        CheeseDayAction::Take(slot) => {
            let card = state.card_in(slot)?.card;
            match card.face {
                Face::Cheese => format!("cheese ({} holes)", card.value),
                Face::Trap => {
                    let traps = state.traps_of(state.turn()) + 1;
                    if traps >= TRAPS_TO_LOSE {
                        format!("trap ({traps} of {TRAPS_TO_LOSE}): out, game over")
                    } else {
                        format!("trap ({traps} of {TRAPS_TO_LOSE})")
                    }
                }
            }
        }
        CheeseDayAction::Remove(slot) => {
            format!("{} removed unseen", state.card_in(slot)?.card)
        }
    })
}

/// The note one seat reads on an event, from its observations before and after it and its
/// view of it: nothing else, so it cannot tell more than the seat may know.
pub(super) fn event_note(
    before: &CheeseDayObservation,
    actor: Actor,
    view: CheeseDayView,
    after: &CheeseDayObservation,
) -> Option<String> {
    let me = before.seat;
    let action = match view {
        CheeseDayView::Drawn { .. } => {
            return Some(match before.pantry.iter().position(Option::is_none) {
                Some(slot) if before.phase == Phase::Draw && before.out.is_none() => {
                    format!("into pantry slot {}", slot + 1)
                }
                _ => "the new top of the reserve".to_owned(),
            });
        }
        CheeseDayView::Seen(action) => action,
    };
    let Actor::Seat(actor) = actor else {
        // A roll.
        let CheeseDayAction::Roll(n) = action else {
            return None;
        };
        let matching = before
            .pantry
            .iter()
            .flatten()
            .filter(|slot| slot.value == n)
            .count();
        return Some(if matching == 0 {
            format!("no {n} in the pantry: seat {} peeks", before.turn)
        } else {
            format!("seat {} takes or removes a {n}", before.turn)
        });
    };
    let who = if actor == me {
        "you".to_owned()
    } else {
        format!("seat {actor}")
    };
    let mut note = match action {
        CheeseDayAction::Peek(slot) => {
            let slot = usize::from(slot);
            let value = before.pantry.get(slot)?.as_ref()?.value;
            if actor == me {
                let face = after.pantry.get(slot)?.as_ref()?.face?;
                match face {
                    Face::Cheese => format!("you see cheese ({value} holes)"),
                    Face::Trap => format!("you see a trap ({value} holes)"),
                }
            } else {
                format!("{who} looked at slot {} ({value} holes)", slot + 1)
            }
        }
        CheeseDayAction::Take(_) => {
            let (value, face) = new_card(&before.taken[actor], &after.taken[actor])?;
            match face {
                Face::Cheese => format!("cheese ({value} holes)"),
                Face::Trap => {
                    let traps: u8 = after.taken[actor].iter().map(|c| c[1]).sum();
                    if traps >= TRAPS_TO_LOSE {
                        format!("trap ({value} holes): {who} took a third trap: out, game over")
                    } else {
                        format!("trap ({value} holes), {traps} of {TRAPS_TO_LOSE} for {who}")
                    }
                }
            }
        }
        CheeseDayAction::Remove(slot) => {
            let card = before.pantry.get(usize::from(slot))?.as_ref()?;
            match card.face {
                Some(Face::Cheese) => {
                    format!("{} holes removed unseen (you knew: cheese)", card.value)
                }
                Some(Face::Trap) => {
                    format!("{} holes removed unseen (you knew: a trap)", card.value)
                }
                None => format!("{} holes removed unseen", card.value),
            }
        }
        CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => return None,
    };
    if let (true, Some(top)) = (
        before.reserve_len > after.reserve_len && matches!(action, CheeseDayAction::Peek(_)),
        before.reserve_top,
    ) {
        let _ = write!(
            note,
            "; the reserve's top card ({top} holes) is discarded unseen"
        );
    }
    if after.phase == Phase::Over && after.out.is_none() {
        note.push_str("; the reserve is empty: game over");
    }
    Some(note)
}

/// The one card `after` holds more of than `before`: its value and face.
fn new_card(before: &super::Counts, after: &super::Counts) -> Option<(usize, Face)> {
    (0..before.len()).find_map(|v| {
        if after[v][0] > before[v][0] {
            Some((v + 1, Face::Cheese))
        } else if after[v][1] > before[v][1] {
            Some((v + 1, Face::Trap))
        } else {
            None
        }
    })
}

/// How one of the seat's legal actions reads at a prompt: the slot, its holes, and what the
/// seat knows of its face.
pub(super) fn choice_label(observation: &CheeseDayObservation, action: CheeseDayAction) -> String {
    let slot_of = |slot: u8| {
        observation
            .pantry
            .get(usize::from(slot))
            .and_then(Option::as_ref)
    };
    let known = |slot: u8| match slot_of(slot).and_then(|s| s.face) {
        Some(Face::Cheese) => ", you know: cheese",
        Some(Face::Trap) => ", you know: a trap",
        None => "",
    };
    let holes = |slot: u8| slot_of(slot).map_or(0, |s| s.value);
    match action {
        CheeseDayAction::Peek(slot) => {
            format!(
                "peek at slot {} ({} holes{})",
                slot + 1,
                holes(slot),
                known(slot)
            )
        }
        CheeseDayAction::Take(slot) => {
            format!(
                "take slot {} ({} holes{})",
                slot + 1,
                holes(slot),
                known(slot)
            )
        }
        CheeseDayAction::Remove(slot) => format!(
            "remove slot {} ({} holes{}) from the game unseen",
            slot + 1,
            holes(slot),
            known(slot)
        ),
        other => other.to_string(),
    }
}

const _: () = assert!(SLOTS == 6);
