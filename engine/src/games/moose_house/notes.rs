//! Readable notes on Moose in the House events: [`describe`] from the true state for full
//! transcripts, [`event_note`] from one seat's observations and view for that seat, and the
//! labels a person choosing among legal actions reads, and [`ending`]: how a finished game
//! ended, in words. Rooms are named by seat and number
//! (`seat 1, room 2`, `your room 2`), never as bare counts.

use super::observation::{MooseHouseObservation, ObservedPhase, room_name};
use super::views::MooseHouseView;
use super::{Card, MooseHouse, MooseHouseAction, Phase, RoomKind};
use crate::game::Actor;
use crate::naming::Reader;
use crate::options::GameConfig;
use crate::outcome::{HowItEnded, Outcome};
use crate::words::count;

/// "a Trap", "an Empty Room (kitchen)": a card named in prose.
fn a_card(card: Card) -> String {
    let title = card.title();
    let article = if matches!(card, Card::Room(_)) {
        "an"
    } else {
        "a"
    };
    format!("{article} {title}")
}

fn moose_heads(names: Reader, target: usize, room: u8, kind: RoomKind) -> String {
    format!(
        "a moose heads for {}: {}, trap or allow",
        room_name(names, target, room, Some(kind)),
        names.does(target, "decide")
    )
}

fn new_room(names: Reader, seat: usize, rooms_before: usize, kind: RoomKind) -> String {
    format!(
        "an empty {} becomes {}",
        kind.name(),
        room_name(names, seat, rooms_before.min(250) as u8, None)
    )
}

fn closed(names: Reader, seat: usize, room: u8, kind: Option<RoomKind>) -> String {
    format!("{} is closed for good", room_name(names, seat, room, kind))
}

fn discarded(card: Card) -> String {
    format!("nothing to play: {} discarded face up", a_card(card))
}

fn passed(passes: usize, players: usize) -> String {
    if passes >= players {
        format!("nothing to play ({passes} passes in a row): the game is over")
    } else {
        let s = if passes == 1 { "" } else { "es" };
        format!("nothing to play ({passes} pass{s} in a row; {players} end the game)")
    }
}

fn trapped(names: Reader, target: usize, room: u8, kind: RoomKind) -> String {
    format!(
        "{} a Trap: the moose and the Trap are discarded; {} stays empty",
        names.does(target, "spring"),
        room_name(names, target, room, Some(kind))
    )
}

fn allowed(names: Reader, target: usize, room: u8, kind: RoomKind) -> String {
    format!(
        "the moose moves into {}",
        room_name(names, target, room, Some(kind))
    )
}

/// What the clean-up adds to the note on the play that gave the last house its card: who
/// discarded how many Moose in the House cards from hand.
fn clean_up(names: Reader, discards: &[(usize, usize)]) -> String {
    let who: Vec<String> = discards
        .iter()
        .filter(|&&(_, n)| n > 0)
        .map(|&(seat, n)| format!("{} {n}", names.does(seat, "discard")))
        .collect();
    if who.is_empty() {
        "; now everyone has one, and no hand holds another".to_owned()
    } else {
        format!(
            "; now everyone has one, so hands discard theirs face up ({})",
            who.join(", ")
        )
    }
}

/// A note on `action`, applied to `state` (before it happens), from the true state: for full
/// transcripts. `action` may be illegal here (a transcript being checked): no panic then.
pub(super) fn describe(state: &MooseHouse, action: MooseHouseAction) -> Option<String> {
    let names = Reader::nobody();
    let players = state.players();
    let me = state.turn();
    let in_game = |seat: u8| (usize::from(seat) < players).then_some(usize::from(seat));
    Some(match action {
        MooseHouseAction::Draw(card) => {
            let seat = state.receiver()?;
            let mut note = match state.phase {
                Phase::Deal { .. } => format!("dealt to seat {seat}"),
                _ => format!("to seat {seat}"),
            };
            if card == Card::House && state.everyone_has_moose_in_house() {
                note.push_str(": everyone has a Moose in the House, so it is discarded face up");
            }
            note
        }
        MooseHouseAction::House { seat } => {
            let target = in_game(seat)?;
            let mut note = format!("a Moose in the House for {}", names.who(target));
            let everyone =
                (0..players).all(|s| s == target || state.houses[s].has_moose_in_house());
            if everyone {
                let discards: Vec<(usize, usize)> = (0..players)
                    .map(|s| {
                        let held = state.hands[s].count(Card::House);
                        (s, usize::from(held.saturating_sub(u8::from(s == me))))
                    })
                    .collect();
                note.push_str(&clean_up(names, &discards));
            }
            note
        }
        MooseHouseAction::Room { kind, seat } => {
            let target = in_game(seat)?;
            new_room(names, target, state.houses[target].rooms().len(), kind)
        }
        MooseHouseAction::Moose { kind, seat, room } => {
            moose_heads(names, in_game(seat)?, room, kind)
        }
        MooseHouseAction::Door { room } => {
            let kind = state.houses[me].room(room).map(|r| r.kind);
            closed(names, me, room, kind)
        }
        MooseHouseAction::Discard(card) => discarded(card),
        MooseHouseAction::Pass => passed(usize::from(state.passes) + 1, players),
        MooseHouseAction::Trap => {
            let Phase::Trap { target, kind, room } = state.phase else {
                return None;
            };
            trapped(names, usize::from(target), room, kind)
        }
        MooseHouseAction::Allow => {
            let Phase::Trap { target, kind, room } = state.phase else {
                return None;
            };
            allowed(names, usize::from(target), room, kind)
        }
    })
}

/// The note one seat reads on an event, from its observations before and after it and its
/// view of it: nothing else, so it cannot tell more than the seat may know.
pub(super) fn event_note(
    before: &MooseHouseObservation,
    actor: Actor,
    view: MooseHouseView,
    after: &MooseHouseObservation,
) -> Option<String> {
    let names = before.reader();
    let players = before.options.players();
    let action = match view {
        MooseHouseView::HiddenDraw => {
            let seat = usize::from(before.receiving?);
            return Some(match before.phase {
                ObservedPhase::Deal => format!("a card dealt to {}", names.who(seat)),
                _ => format!("{} a card", names.does(seat, "draw")),
            });
        }
        MooseHouseView::Seen(action) => action,
    };
    let actor = match actor {
        Actor::Seat(seat) => seat,
        Actor::Chance => usize::from(before.receiving?),
    };
    Some(match action {
        MooseHouseAction::Draw(card) => {
            let discarded_at_once = after.discard.count(card) > before.discard.count(card);
            if discarded_at_once {
                let again = if after.receiving == before.receiving {
                    format!("; {} again", names.does(actor, "draw"))
                } else {
                    String::new()
                };
                format!(
                    "{} {}: everyone has one, so it is discarded face up{again}",
                    names.does(actor, "draw"),
                    a_card(card)
                )
            } else if before.phase == ObservedPhase::Deal {
                format!("{} dealt {}", names.is(actor), a_card(card))
            } else {
                format!("{} {}", names.does(actor, "draw"), a_card(card))
            }
        }
        MooseHouseAction::House { seat } => {
            let target = usize::from(seat);
            let mut note = format!("a Moose in the House for {}", names.who(target));
            let everyone_after = after.houses.iter().all(|h| h.moose_in_house);
            let everyone_before = before.houses.iter().all(|h| h.moose_in_house);
            if everyone_after && !everyone_before {
                // No card is drawn within the event, so the hands shrank by what the clean-up
                // discarded (and the actor's by the card he played).
                let discards: Vec<(usize, usize)> = (0..players)
                    .map(|s| {
                        let was = before.hand_sizes.get(s).copied().unwrap_or(0);
                        let is = after.hand_sizes.get(s).copied().unwrap_or(0);
                        let played = u8::from(s == actor);
                        (
                            s,
                            usize::from(was.saturating_sub(is).saturating_sub(played)),
                        )
                    })
                    .collect();
                note.push_str(&clean_up(names, &discards));
            }
            note
        }
        MooseHouseAction::Room { kind, seat } => {
            let target = usize::from(seat);
            let rooms = before.house(target).map_or(0, |h| h.rooms.len());
            new_room(names, target, rooms, kind)
        }
        MooseHouseAction::Moose { kind, seat, room } => {
            moose_heads(names, usize::from(seat), room, kind)
        }
        MooseHouseAction::Door { room } => {
            closed(names, actor, room, before.room_kind(actor, room))
        }
        MooseHouseAction::Discard(card) => discarded(card),
        MooseHouseAction::Pass => passed(usize::from(before.passes) + 1, players),
        MooseHouseAction::Trap => {
            let moose = before.pending_moose()?;
            trapped(
                names,
                usize::from(moose.target),
                moose.room.saturating_sub(1),
                moose.kind,
            )
        }
        MooseHouseAction::Allow => {
            let moose = before.pending_moose()?;
            allowed(
                names,
                usize::from(moose.target),
                moose.room.saturating_sub(1),
                moose.kind,
            )
        }
    })
}

/// How one of the seat's legal actions reads at a prompt: seats and rooms named, not counted.
pub(super) fn choice_label(
    observation: &MooseHouseObservation,
    action: MooseHouseAction,
) -> String {
    let me = usize::from(observation.seat);
    let names = Reader::seat(me);
    match action {
        MooseHouseAction::House { seat } => format!("give seat {seat} a Moose in the House"),
        MooseHouseAction::Room { kind, seat } => {
            let target = usize::from(seat);
            let next = observation.house(target).map_or(0, |h| h.rooms.len());
            format!(
                "give seat {seat} an empty {} ({})",
                kind.name(),
                room_name(names, target, next.min(250) as u8, None)
            )
        }
        MooseHouseAction::Moose { kind, seat, room } => format!(
            "put a moose into {}",
            room_name(names, usize::from(seat), room, Some(kind))
        ),
        MooseHouseAction::Door { room } => format!(
            "close {} with a door",
            room_name(names, me, room, observation.room_kind(me, room))
        ),
        MooseHouseAction::Discard(card) => format!("discard {} face up", a_card(card)),
        MooseHouseAction::Pass => "pass (nothing can be played)".to_owned(),
        MooseHouseAction::Trap => "spring your Trap: the moose and the Trap are discarded".into(),
        MooseHouseAction::Allow => match observation.pending_moose() {
            Some(moose) => format!(
                "let the moose into {}",
                room_name(
                    names,
                    usize::from(moose.target),
                    moose.room.saturating_sub(1),
                    Some(moose.kind)
                )
            ),
            None => "let the moose in".to_owned(),
        },
        MooseHouseAction::Draw(card) => format!("draw {card}"),
    }
}

/// How a finished game ended: the pile ran out and nobody could play; per seat the moose in
/// its house and in its hand, and its doors, which break a tie of moose. Houses are public
/// and the outcome's scores count every hand's moose: how many a hand held follows from
/// them, which ones only for the observing seat's own hand (none in a public view).
pub(super) fn ending(
    observation: &MooseHouseObservation,
    outcome: &Outcome,
    _names: &[String],
) -> Option<HowItEnded> {
    if observation.phase != ObservedPhase::Over {
        return None;
    }
    let players = observation.houses.len();
    let breakdown: Vec<String> = (0..players)
        .map(|seat| {
            let house = observation.house(seat);
            let in_house = house.map_or(0, |h| i64::from(h.moose));
            let doors = house.map_or(0, |h| h.doors);
            let score = outcome.scores.get(seat).copied().unwrap_or_default();
            let in_hand = (score - in_house).max(0);
            // Only the moose cards held count: the rest of the hand is not listed.
            let moose = if observation.reader().is_me(seat) {
                observation.hand.moose_cards().short()
            } else {
                String::new()
            };
            let held = if moose.is_empty() {
                String::new()
            } else {
                format!(" ({moose})")
            };
            format!(
                "{in_house} in house + {in_hand} in hand{held}, {}",
                count(doors, "door")
            )
        })
        .collect();
    let doors: Vec<u8> = (0..players)
        .map(|seat| observation.house(seat).map_or(0, |h| h.doors))
        .collect();
    let scores = &outcome.scores;
    let tied = (0..players)
        .any(|a| (a + 1..players).any(|b| scores.get(a) == scores.get(b) && doors[a] != doors[b]));
    Some(HowItEnded {
        reason: "the pile ran out and nobody could play".to_owned(),
        breakdown,
        tie_break: tied.then(|| "equal moose: more doors ranks higher".to_owned()),
    })
}
