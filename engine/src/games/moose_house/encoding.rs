//! Moose in the House's numbers (see [`crate::encoding`]): action ids and the observation
//! tensor.
//!
//! Decisions, with P players, K = 4 room kinds (kitchen, living, bedroom, bathroom) and R = 20
//! room numbers: `house P` is the seat P; `room KIND P` is P + kind·P + seat;
//! `moose KIND P R` 5P + (kind·P + seat)·R + (room - 1); then `door R` (R ids), `discard
//! CARD` (11 ids, in the cards' listing order: `room:kitchen` … `trap`), `pass`, `trap`,
//! `allow`. Chance outcomes: `draw CARD`, 0…10 in the cards' order.

use super::action::MooseHouseAction;
use super::cards::{Card, KINDS, RoomKind};
use super::house::{Content, MAX_ROOMS};
use super::observation::{MooseHouseObservation, ObservedPhase};
use super::{DECK_SIZE, HAND_SIZE, MooseHouse, MooseHouseConfig};
use crate::encoding::{Encoding, TensorLayout, TensorWriter};
use crate::options::GameConfig;

const ROOM_KINDS: usize = RoomKind::ALL.len();
/// Cards dealt to a player but not yet played are at most a full hand and the card drawn at
/// the start of a turn (`draw=first`).
const MOST_IN_HAND: u8 = HAND_SIZE + 1;
/// Moose in the Room cards in the deck: the most `trap` or `allow` answers a game can ask.
const MOOSE_CARDS: usize = 20;
const PHASES: usize = 6;
const CONTENTS: usize = 3;

/// Where each kind of decision starts, for `players` seats.
struct Bases {
    players: usize,
    room: usize,
    moose: usize,
    door: usize,
    discard: usize,
    pass: usize,
}

impl Bases {
    fn of(config: MooseHouseConfig) -> Self {
        let players = config.players();
        let room = players;
        let moose = room + ROOM_KINDS * players;
        let door = moose + ROOM_KINDS * players * MAX_ROOMS;
        let discard = door + MAX_ROOMS;
        Self {
            players,
            room,
            moose,
            door,
            discard,
            pass: discard + KINDS,
        }
    }
}

fn kind_index(kind: RoomKind) -> usize {
    kind as usize
}

impl Encoding for MooseHouse {
    fn num_distinct_actions(config: &MooseHouseConfig) -> usize {
        Bases::of(*config).pass + 3
    }

    fn max_chance_outcomes(_: &MooseHouseConfig) -> usize {
        KINDS
    }

    fn action_id(config: &MooseHouseConfig, action: &MooseHouseAction) -> Option<usize> {
        let bases = Bases::of(*config);
        let seat = |seat: u8| Some(usize::from(seat)).filter(|&seat| seat < bases.players);
        Some(match *action {
            MooseHouseAction::House { seat: to } => seat(to)?,
            MooseHouseAction::Room { kind, seat: to } => {
                bases.room + kind_index(kind) * bases.players + seat(to)?
            }
            MooseHouseAction::Moose {
                kind,
                seat: to,
                room,
            } => {
                bases.moose
                    + (kind_index(kind) * bases.players + seat(to)?) * MAX_ROOMS
                    + usize::from(room)
            }
            MooseHouseAction::Door { room } => bases.door + usize::from(room),
            MooseHouseAction::Discard(card) => bases.discard + card.index(),
            MooseHouseAction::Pass => bases.pass,
            MooseHouseAction::Trap => bases.pass + 1,
            MooseHouseAction::Allow => bases.pass + 2,
            MooseHouseAction::Draw(card) => card.index(),
        })
    }

    fn decision_from_id(config: &MooseHouseConfig, id: usize) -> Option<MooseHouseAction> {
        let bases = Bases::of(*config);
        let players = bases.players;
        Some(if id < bases.room {
            MooseHouseAction::House { seat: id as u8 }
        } else if id < bases.moose {
            let at = id - bases.room;
            MooseHouseAction::Room {
                kind: RoomKind::ALL[at / players],
                seat: (at % players) as u8,
            }
        } else if id < bases.door {
            let at = id - bases.moose;
            let (target, room) = (at / MAX_ROOMS, at % MAX_ROOMS);
            MooseHouseAction::Moose {
                kind: RoomKind::ALL[target / players],
                seat: (target % players) as u8,
                room: room as u8,
            }
        } else if id < bases.discard {
            MooseHouseAction::Door {
                room: (id - bases.door) as u8,
            }
        } else if id < bases.pass {
            MooseHouseAction::Discard(Card::ALL[id - bases.discard])
        } else {
            match id - bases.pass {
                0 => MooseHouseAction::Pass,
                1 => MooseHouseAction::Trap,
                2 => MooseHouseAction::Allow,
                _ => return None,
            }
        })
    }

    fn chance_from_id(_: &MooseHouseConfig, id: usize) -> Option<MooseHouseAction> {
        Card::ALL.get(id).map(|&card| MooseHouseAction::Draw(card))
    }

    /// Every play or discard takes a card out of a hand for good, and cards come into hands
    /// only off the 58-card pile: at most 58 of them. Each Moose in the Room card played asks
    /// its target once (`trap` or `allow`): at most 20. Passes come only once the pile is
    /// empty, fewer than one a seat between two plays (as many in a row end the game): at most
    /// P for each of the 59 stretches the plays leave.
    fn max_decisions(config: &MooseHouseConfig) -> usize {
        let cards = usize::from(DECK_SIZE);
        cards + MOOSE_CARDS + (cards + 1) * config.players()
    }

    fn tensor_layout(config: &MooseHouseConfig) -> TensorLayout {
        let players = config.players();
        TensorLayout::new()
            .field("seat", &[players], "one-hot: the observing seat")
            .field(
                "phase",
                &[PHASES],
                "one-hot: deal, turn_draw (draw=first), play, trap (a moose awaits its target's answer), refill, over",
            )
            .field("turn", &[players], "one-hot: the seat whose turn it is")
            .field("deciding", &[players], "one-hot: the seat that decides now, if one does")
            .field(
                "receiving",
                &[players],
                "one-hot: the seat the next card off the pile goes to, while cards are dealt or drawn",
            )
            .field(
                "hand",
                &[KINDS],
                "this seat's hand per card kind (room:kitchen, room:living, room:bedroom, room:bathroom, moose:kitchen … moose:bathroom, house, door, trap), each / the deck's cards of that kind",
            )
            .field("hand_sizes", &[players], "cards in each seat's hand / 5")
            .field(
                "houses",
                &[players, 1 + MAX_ROOMS * (ROOM_KINDS + CONTENTS)],
                "per seat: holds a Moose in the House card; then per room 1…20 in the order placed: one-hot its kind (kitchen, living, bedroom, bathroom) and one-hot what lies on it (nothing, a moose, a door), all 0 for a room not placed",
            )
            .field("discard", &[KINDS], "the discard pile per card kind, each / the deck's cards of that kind")
            .field("pile", &[1], "cards in the draw pile / 58")
            .field("passes", &[1], "passes made in a row / players")
            .field(
                "pending_moose",
                &[2 * players + ROOM_KINDS + MAX_ROOMS],
                "phase trap: one-hot the attacker's seat, one-hot the target's seat, one-hot the room kind, one-hot the room number 1…20",
            )
            .field(
                "refill_queue",
                &[players],
                "phase refill: the seats still waiting for their hands to be refilled",
            )
            .field(
                "unseen",
                &[KINDS],
                "cards this seat has not seen, per card kind, each / the deck's cards of that kind",
            )
    }

    fn write_tensor(observation: &MooseHouseObservation, tensor: &mut TensorWriter<'_>) {
        let players = observation.options.players();
        let per_kind = |tensor: &mut TensorWriter<'_>, cards: &super::Cards| {
            for card in Card::ALL {
                tensor.fraction(cards.count(card), card.in_deck());
            }
        };
        let seat = |seat: u8| Some(usize::from(seat));
        tensor.field("seat");
        tensor.one_hot(players, seat(observation.seat));
        tensor.field("phase");
        tensor.one_hot(
            PHASES,
            Some(match observation.phase {
                ObservedPhase::Deal => 0,
                ObservedPhase::TurnDraw => 1,
                ObservedPhase::Play => 2,
                ObservedPhase::Trap { .. } => 3,
                ObservedPhase::Refill { .. } => 4,
                ObservedPhase::Over => 5,
            }),
        );
        tensor.field("turn");
        tensor.one_hot(players, seat(observation.turn));
        tensor.field("deciding");
        tensor.one_hot(players, observation.deciding.and_then(seat));
        tensor.field("receiving");
        tensor.one_hot(players, observation.receiving.and_then(seat));
        tensor.field("hand");
        per_kind(tensor, &observation.hand);
        tensor.field("hand_sizes");
        for &size in &observation.hand_sizes {
            tensor.fraction(size, MOST_IN_HAND);
        }
        tensor.field("houses");
        for house in &observation.houses {
            tensor.flag(house.moose_in_house);
            for number in 1..=MAX_ROOMS as u8 {
                match house.room(number) {
                    Some(room) => {
                        tensor.one_hot(ROOM_KINDS, Some(kind_index(room.kind)));
                        tensor.one_hot(
                            CONTENTS,
                            Some(match room.content {
                                Content::Empty => 0,
                                Content::Moose => 1,
                                Content::Door => 2,
                            }),
                        );
                    }
                    None => tensor.skip(ROOM_KINDS + CONTENTS),
                }
            }
        }
        tensor.field("discard");
        per_kind(tensor, &observation.discard);
        tensor.field("pile");
        tensor.fraction(observation.pile_size, DECK_SIZE);
        tensor.field("passes");
        tensor.fraction(observation.passes, players as f64);
        tensor.field("pending_moose");
        match observation.pending_moose() {
            Some(moose) => {
                tensor.one_hot(players, seat(moose.attacker));
                tensor.one_hot(players, seat(moose.target));
                tensor.one_hot(ROOM_KINDS, Some(kind_index(moose.kind)));
                tensor.one_hot(MAX_ROOMS, Some(usize::from(moose.room) - 1));
            }
            None => tensor.skip(2 * players + ROOM_KINDS + MAX_ROOMS),
        }
        tensor.field("refill_queue");
        tensor.many_hot(
            players,
            observation.refill_queue().iter().map(|&s| usize::from(s)),
        );
        tensor.field("unseen");
        per_kind(tensor, &observation.unseen);
    }
}
