//! Readable notes on Cheese Day's events: [`event_note`] for one seat, from its observations
//! and its view only (so it cannot tell more than the seat may know), [`choice_label`] for a
//! person choosing among its legal actions, [`describe`] from the true state for full
//! transcripts of finished games, and [`ending`]: how a finished game ended, in words.

use std::fmt::Write as _;

use super::action::{CheeseDayAction, Face};
use super::observation::{CheeseDayObservation, ObservedPhase};
use super::views::CheeseDayView;
use super::{CheeseDay, SLOTS, TRAPS_TO_LOSE};
use crate::game::Actor;
use crate::naming::seat_name;
use crate::outcome::{HowItEnded, Outcome};
use crate::words::count;

/// The note one seat reads on an event: `take 3 → trap (5 holes), seat 0's first` for
/// everyone, `peek 2 → you see cheese` for the peeker alone.
pub(super) fn event_note(
    before: &CheeseDayObservation,
    actor: Actor,
    view: CheeseDayView,
    after: &CheeseDayObservation,
) -> Option<String> {
    let action = match view {
        CheeseDayView::Drawn { .. } => {
            return Some(if before.phase == ObservedPhase::Deal {
                let slot = (1..=SLOTS as u8).find(|&s| before.slot(s).is_none())?;
                format!("into pantry slot {slot}")
            } else {
                "the new top of the reserve".to_owned()
            });
        }
        CheeseDayView::Seen(action) => action,
    };
    let Actor::Seat(actor) = actor else {
        let CheeseDayAction::Roll(roll) = action else {
            return None;
        };
        return Some(roll_note(before, roll));
    };
    let who = before.reader().who(actor);
    let mut note = match action {
        CheeseDayAction::Peek(slot) => {
            let slot = slot + 1;
            if before.reader().is_me(actor) {
                match after.slot(slot)?.face? {
                    Face::Cheese => "you see cheese".to_owned(),
                    Face::Trap => "you see a trap".to_owned(),
                }
            } else {
                let value = before.slot(slot)?.value;
                format!("{who} looks at slot {slot} ({})", holes(value))
            }
        }
        CheeseDayAction::Take(slot) => {
            let value = before.slot(slot + 1)?.value;
            let traps_before = before.player(actor)?.traps;
            let traps = after.player(actor)?.traps;
            if traps == traps_before {
                format!("cheese ({})", holes(value))
            } else if traps >= TRAPS_TO_LOSE {
                let whose = before.reader().whose(actor);
                format!("trap ({}), {whose} third: out, game over", holes(value))
            } else {
                let whose = before.reader().whose(actor);
                format!("trap ({}), {whose} {}", holes(value), ordinal(traps))
            }
        }
        CheeseDayAction::Remove(slot) => {
            let card = before.slot(slot + 1)?;
            match card.face {
                Some(Face::Cheese) => {
                    format!("{} removed unseen (you knew: cheese)", holes(card.value))
                }
                Some(Face::Trap) => {
                    format!("{} removed unseen (you knew: a trap)", holes(card.value))
                }
                None => format!("{} removed unseen", holes(card.value)),
            }
        }
        CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => return None,
    };
    match action {
        CheeseDayAction::Take(slot) | CheeseDayAction::Remove(slot) => {
            if let Some(refill) = after.slot(slot + 1) {
                let _ = write!(
                    note,
                    "; slot {} refilled: {}",
                    slot + 1,
                    holes(refill.value)
                );
            }
        }
        CheeseDayAction::Peek(_) => {
            if let (true, Some(top)) = (
                after.reserve.cards < before.reserve.cards,
                before.reserve.top,
            ) {
                let _ = write!(
                    note,
                    "; the reserve's top card ({}) is discarded unseen",
                    holes(top)
                );
            }
        }
        CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => {}
    }
    if after.phase == ObservedPhase::Over && after.players.iter().all(|p| !p.out) {
        note.push_str("; the reserve is empty: game over");
    }
    Some(note)
}

/// What a roll means for the turn's seat: a peek, or which slots it may take or remove.
fn roll_note(before: &CheeseDayObservation, roll: u8) -> String {
    let who = before.reader().who(before.turn);
    let slots: Vec<String> = before
        .pantry
        .iter()
        .filter(|card| card.value == roll)
        .map(|card| card.slot.to_string())
        .collect();
    let (peeks, takes) = if who == "you" {
        ("peek", "take or remove")
    } else {
        ("peeks", "takes or removes")
    };
    match slots.as_slice() {
        [] => format!("no {roll} in the pantry: {who} {peeks}"),
        [slot] => format!("{who} {takes} the {roll} in slot {slot}"),
        [first @ .., last] => format!(
            "{who} {takes} a {roll}: slot {} or {last}",
            first.join(", ")
        ),
    }
}

/// How one of the seat's legal actions reads at a prompt: the slot, its holes, and what the
/// seat knows of its face (seen, or the chance of a trap among the faces it has not seen).
pub(super) fn choice_label(observation: &CheeseDayObservation, action: CheeseDayAction) -> String {
    let (verb, slot) = match action {
        CheeseDayAction::Peek(slot) => ("peek at", slot + 1),
        CheeseDayAction::Take(slot) => ("take", slot + 1),
        CheeseDayAction::Remove(slot) => ("remove", slot + 1),
        CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => return action.to_string(),
    };
    let Some(card) = observation.slot(slot) else {
        return action.to_string();
    };
    let knowledge = match card.face {
        Some(Face::Cheese) => "you know: cheese".to_owned(),
        Some(Face::Trap) => "you know: a trap".to_owned(),
        None => observation.unseen[usize::from(card.value) - 1].trap_odds(),
    };
    let rest = if matches!(action, CheeseDayAction::Remove(_)) {
        " from the game unseen"
    } else {
        ""
    };
    format!(
        "{verb} slot {slot} ({}, {knowledge}){rest}",
        holes(card.value)
    )
}

/// A note on `action` at the true `state`, for full transcripts of finished games: it may say
/// what no seat knew (the face of a removed card, what a peek saw).
pub(super) fn describe(state: &CheeseDay, action: CheeseDayAction) -> Option<String> {
    Some(match action {
        CheeseDayAction::Roll(n) if !state.has_value(n) => {
            format!("no {n} in the pantry: peek")
        }
        CheeseDayAction::Roll(_) => return None,
        CheeseDayAction::Draw(_) => match state.pantry.iter().position(Option::is_none) {
            Some(slot) if state.out.is_none() => format!("into pantry slot {}", slot + 1),
            _ => "the new top of the reserve".to_owned(),
        },
        CheeseDayAction::Peek(slot) => {
            let card = state.card_in(slot)?.card;
            let mut note = format!("sees {}", face_of(card.face, card.value));
            if let (true, Some(top)) = (state.config.burns_on_peek(), state.reserve_top) {
                let _ = write!(
                    note,
                    "; the reserve's top card, {}, is discarded unseen",
                    face_of(top.face, top.value)
                );
            }
            note
        }
        CheeseDayAction::Take(slot) => {
            let card = state.card_in(slot)?.card;
            match card.face {
                Face::Cheese => format!("cheese ({})", holes(card.value)),
                Face::Trap => {
                    let traps = state.traps_of(state.turn()) + 1;
                    let whose = format!("seat {}'s", state.turn());
                    if traps >= TRAPS_TO_LOSE {
                        format!(
                            "trap ({}), {whose} third: out, game over",
                            holes(card.value)
                        )
                    } else {
                        format!("trap ({}), {whose} {}", holes(card.value), ordinal(traps))
                    }
                }
            }
        }
        CheeseDayAction::Remove(slot) => {
            let card = state.card_in(slot)?.card;
            format!("{} removed unseen", face_of(card.face, card.value))
        }
    })
}

/// How a finished game ended: by a third trap or the reserve running out, each seat's holes,
/// cheese cards and traps, and whether cheese cards broke a tie of holes. Every collection
/// and trap count is public: any seat's observation (or the public view) holds them all.
pub(super) fn ending(
    observation: &CheeseDayObservation,
    _outcome: &Outcome,
    names: &[String],
) -> Option<HowItEnded> {
    if observation.phase != ObservedPhase::Over {
        return None;
    }
    let players = &observation.players;
    let reason = match players.iter().find(|p| p.traps >= TRAPS_TO_LOSE) {
        Some(out) => format!(
            "{} took a third trap: out at once, placed last",
            seat_name(names, out.seat)
        ),
        None => "the reserve ran out".to_owned(),
    };
    let breakdown = players
        .iter()
        .map(|p| {
            let mut text = format!(
                "{} from {}, {}",
                count(p.holes, "hole"),
                count(p.cheese_cards, "cheese card"),
                count(p.traps, "trap")
            );
            if p.out {
                text.push_str(", out");
            }
            text
        })
        .collect();
    let tied = players.iter().enumerate().any(|(i, a)| {
        players[i + 1..]
            .iter()
            .any(|b| !a.out && !b.out && a.holes == b.holes && a.cheese_cards != b.cheese_cards)
    });
    Some(HowItEnded {
        reason,
        breakdown,
        tie_break: tied.then(|| "equal holes: more cheese cards ranks higher".to_owned()),
    })
}

/// "cheese (4 holes)", "a trap (5 holes)".
fn face_of(face: Face, value: u8) -> String {
    match face {
        Face::Cheese => format!("cheese ({})", holes(value)),
        Face::Trap => format!("a trap ({})", holes(value)),
    }
}

/// "1 hole", "4 holes".
fn holes(value: u8) -> String {
    if value == 1 {
        "1 hole".to_owned()
    } else {
        format!("{value} holes")
    }
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        _ => "third",
    }
}
