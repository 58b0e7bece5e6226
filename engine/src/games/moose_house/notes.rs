//! Readable notes on Moose in the House events: [`describe`] from the true state for full
//! transcripts, [`event_note`] from one seat's observations and view for that seat, and the
//! labels a person choosing among legal actions reads.

use std::fmt::Write as _;

use super::observation::MooseHouseObservation;
use super::views::MooseHouseView;
use super::{Card, MooseHouse, MooseHouseAction, Phase};
use crate::game::Actor;
use crate::options::GameConfig;

/// A note on `action`, applied to `state` (before it happens).
pub(super) fn describe(state: &MooseHouse, action: MooseHouseAction) -> Option<String> {
    let me = state.turn();
    Some(match action {
        MooseHouseAction::Draw(card) => {
            let seat = state.receiver()?;
            let mut note = match state.phase {
                Phase::Deal { .. } => format!("dealt to seat {seat}"),
                _ => format!("to seat {seat}"),
            };
            if card == Card::House && state.everyone_has_moose_in_house() {
                note.push_str(": everyone has a Moose in the House, so it is discarded");
            }
            note
        }
        MooseHouseAction::House { seat } => {
            let mut note = format!("seat {seat} has a Moose in the House");
            let mut next = state.clone();
            next.houses[usize::from(seat)].place_moose_in_house();
            if next.everyone_has_moose_in_house() {
                note.push_str("; now everyone has one: hands discard theirs");
                let discards: Vec<String> = (0..state.players())
                    .map(|s| {
                        (
                            s,
                            state.hands[s]
                                .count(Card::House)
                                .saturating_sub(u8::from(s == me)),
                        )
                    })
                    .filter(|&(_, n)| n > 0)
                    .map(|(s, n)| format!("seat {s}: {n}"))
                    .collect();
                if !discards.is_empty() {
                    let _ = write!(note, " ({})", discards.join(", "));
                }
            }
            note
        }
        MooseHouseAction::Room { kind, seat } => {
            let house = &state.houses[usize::from(seat)];
            format!(
                "room {} of seat {seat} is an empty {}",
                house.rooms().len() + 1,
                kind.name()
            )
        }
        MooseHouseAction::Moose { kind, seat, room } => format!(
            "a moose heads for the {}, room {} of seat {seat}: seat {seat} decides trap or allow",
            kind.name(),
            room + 1
        ),
        MooseHouseAction::Door { room } => format!("room {} closed for good", room + 1),
        MooseHouseAction::Discard(_) => "nothing to play".to_owned(),
        MooseHouseAction::Pass => {
            let passes = state.passes + 1;
            if usize::from(passes) >= state.players() {
                format!("{passes} passes in a row: game over")
            } else {
                format!("{passes} in a row")
            }
        }
        MooseHouseAction::Trap => {
            let Phase::Trap { room, .. } = state.phase else {
                return None;
            };
            format!("moose and trap discarded; room {} stays empty", room + 1)
        }
        MooseHouseAction::Allow => {
            let Phase::Trap { target, kind, room } = state.phase else {
                return None;
            };
            format!(
                "moose in the {} of seat {target} (room {})",
                kind.name(),
                room + 1
            )
        }
    })
}

/// "you" for the observing seat, "seat N" for the others.
fn who(observation: &MooseHouseObservation, seat: usize) -> String {
    if seat == observation.seat {
        "you".to_owned()
    } else {
        format!("seat {seat}")
    }
}

/// The seat the next card off the pile goes to, as the observation shows it.
fn receiver(observation: &MooseHouseObservation) -> Option<usize> {
    match observation.phase {
        Phase::Deal { dealt } => Some(usize::from(dealt) % observation.config.players()),
        Phase::TurnDraw => Some(observation.turn),
        Phase::Refill { queue } => queue.front(),
        Phase::Play | Phase::Trap { .. } | Phase::Over => None,
    }
}

/// The note one seat reads on an event, from its observations before and after it and its
/// view of it: nothing else, so it cannot tell more than the seat may know.
pub(super) fn event_note(
    before: &MooseHouseObservation,
    actor: Actor,
    view: MooseHouseView,
    after: &MooseHouseObservation,
) -> Option<String> {
    let action = match view {
        MooseHouseView::HiddenDraw => {
            let seat = receiver(before)?;
            return Some(format!("a card to {}", who(before, seat)));
        }
        MooseHouseView::Seen(action) => action,
    };
    let actor_seat = match actor {
        Actor::Seat(seat) => seat,
        Actor::Chance => receiver(before)?,
    };
    let name = who(before, actor_seat);
    let mut note = match action {
        MooseHouseAction::Draw(card) => {
            if after.discard.count(card) > before.discard.count(card) {
                "everyone has a Moose in the House: it is discarded face up and another card drawn"
                    .to_owned()
            } else {
                format!("{} to {name}", card.title())
            }
        }
        MooseHouseAction::House { seat } => {
            format!(
                "a Moose in the House for {}",
                who(before, usize::from(seat))
            )
        }
        MooseHouseAction::Room { kind, seat } => {
            let house = before.houses.get(usize::from(seat))?;
            format!(
                "an empty {} for {}: room {}",
                kind.name(),
                who(before, usize::from(seat)),
                house.rooms().len() + 1
            )
        }
        MooseHouseAction::Moose { kind, seat, room } => {
            let target = usize::from(seat);
            let decides = if target == before.seat {
                "you decide: trap or allow".to_owned()
            } else {
                format!("seat {target} decides trap or allow")
            };
            format!(
                "a moose heads for the {} of {} (room {}): {decides}",
                kind.name(),
                who(before, target),
                room + 1
            )
        }
        MooseHouseAction::Door { room } => format!("room {} of {name} closed for good", room + 1),
        MooseHouseAction::Discard(card) => {
            format!("nothing to play: {} discarded face up", card.title())
        }
        MooseHouseAction::Pass => {
            if after.phase == Phase::Over {
                format!("{} passes in a row: game over", before.passes + 1)
            } else {
                format!("{} in a row", after.passes)
            }
        }
        MooseHouseAction::Trap => {
            let Phase::Trap { room, kind, .. } = before.phase else {
                return None;
            };
            format!(
                "{name} sprang a trap: the moose and the trap are discarded; the {} (room {}) stays empty",
                kind.name(),
                room + 1
            )
        }
        MooseHouseAction::Allow => {
            let Phase::Trap { target, kind, room } = before.phase else {
                return None;
            };
            format!(
                "the moose moves into the {} of {} (room {})",
                kind.name(),
                who(before, usize::from(target)),
                room + 1
            )
        }
    };
    // The clean-up: once everyone has a Moose in the House, hands discard theirs face up.
    let cleaned = after
        .discard
        .count(Card::House)
        .saturating_sub(before.discard.count(Card::House));
    if matches!(action, MooseHouseAction::House { .. }) && cleaned > 0 {
        let _ = write!(
            note,
            "; everyone has one now: {cleaned} Moose in the House card{} discarded from hands",
            if cleaned == 1 { "" } else { "s" }
        );
    }
    Some(note)
}

/// How one of the seat's legal actions reads at a prompt: seats and rooms named, not counted.
pub(super) fn choice_label(
    observation: &MooseHouseObservation,
    action: MooseHouseAction,
) -> String {
    let room_of = |seat: usize, room: u8| -> String {
        let kind = observation
            .houses
            .get(seat)
            .and_then(|h| h.room(room))
            .map_or("room", |r| r.kind.name());
        format!("room {} ({kind})", room + 1)
    };
    match action {
        MooseHouseAction::House { seat } => format!("give seat {seat} a Moose in the House"),
        MooseHouseAction::Room { kind, seat } => {
            let house = observation.houses.get(usize::from(seat));
            let next = house.map_or(1, |h| h.rooms().len() + 1);
            format!(
                "give seat {seat} an empty {} (their room {next})",
                kind.name()
            )
        }
        MooseHouseAction::Moose { seat, room, .. } => format!(
            "put a moose into seat {seat}, {}",
            room_of(usize::from(seat), room)
        ),
        MooseHouseAction::Door { room } => {
            format!("close your {} with a door", room_of(observation.seat, room))
        }
        MooseHouseAction::Discard(card) => format!("discard {} face up", card.title()),
        MooseHouseAction::Pass => "pass (nothing can be played)".to_owned(),
        MooseHouseAction::Trap => "spring your Trap: moose and trap are discarded".to_owned(),
        MooseHouseAction::Allow => "let the moose in".to_owned(),
        MooseHouseAction::Draw(card) => format!("draw {card}"),
    }
}
