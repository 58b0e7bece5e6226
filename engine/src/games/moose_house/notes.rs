//! The short notes of readable transcripts: what an event does in a given state.

use std::fmt::Write as _;

use super::{Card, MooseHouse, MooseHouseAction, Phase};

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
