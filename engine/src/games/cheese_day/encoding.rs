//! Cheese Day's numbers (see [`crate::encoding`]): action ids and the observation tensor.
//!
//! Decisions: `peek S` is S-1 (0…5), `take S` 6…11, `remove S` 12…17. Chance outcomes:
//! `roll N` is N-1 (0…5), `draw VF` 6 + 2(V-1) + (0 for cheese, 1 for a trap), 6…17.

use super::action::{Card, CheeseDayAction, Face};
use super::observation::{CheeseDayObservation, ObservedPhase};
use super::{CARDS_PER_VALUE, CheeseDay, CheeseDayConfig, SLOTS, VALUES};
use crate::encoding::{Encoding, TensorLayout, TensorWriter};
use crate::options::GameConfig;

/// Cards in the game, of which 30 make the reserve once the pantry is dealt.
const CARDS: u8 = 36;
const RESERVE_AFTER_DEAL: u8 = CARDS - SLOTS as u8;
/// The most holes a seat can hold: every card of every value, all cheese.
const MOST_HOLES: u16 = 6 * (1 + 2 + 3 + 4 + 5 + 6);
/// Decisions before the game surely ends with 4–6 players (see [`Encoding::max_decisions`]).
const CAP_WITHOUT_BURNS: usize = 3000;

impl Encoding for CheeseDay {
    fn num_distinct_actions(_: &CheeseDayConfig) -> usize {
        3 * SLOTS
    }

    fn max_chance_outcomes(_: &CheeseDayConfig) -> usize {
        VALUES + 2 * VALUES
    }

    fn action_id(_: &CheeseDayConfig, action: &CheeseDayAction) -> Option<usize> {
        Some(match *action {
            CheeseDayAction::Peek(slot) => usize::from(slot),
            CheeseDayAction::Take(slot) => SLOTS + usize::from(slot),
            CheeseDayAction::Remove(slot) => 2 * SLOTS + usize::from(slot),
            CheeseDayAction::Roll(n) => usize::from(n) - 1,
            CheeseDayAction::Draw(card) => VALUES + 2 * card.value_index() + card.face.index(),
        })
    }

    fn decision_from_id(_: &CheeseDayConfig, id: usize) -> Option<CheeseDayAction> {
        let slot = (id % SLOTS) as u8;
        match id / SLOTS {
            0 => Some(CheeseDayAction::Peek(slot)),
            1 => Some(CheeseDayAction::Take(slot)),
            2 => Some(CheeseDayAction::Remove(slot)),
            _ => None,
        }
    }

    fn chance_from_id(_: &CheeseDayConfig, id: usize) -> Option<CheeseDayAction> {
        if id < VALUES {
            return Some(CheeseDayAction::Roll(id as u8 + 1));
        }
        let card = id - VALUES;
        (card < 2 * VALUES).then(|| {
            CheeseDayAction::Draw(Card {
                value: (card / 2) as u8 + 1,
                face: Face::BOTH[card % 2],
            })
        })
    }

    /// With 2 or 3 players every turn uses up a reserve card (refilling a slot, or burnt
    /// after a peek) and the game ends after the turn that empties the reserve: at most 30
    /// turns of one decision each. With 4–6 players a peek uses up nothing, so the rules set
    /// no bound; but a turn ends in a take or remove (using up a card) whenever a pantry card
    /// shows the roll, with probability at least 1/6, so 3000 turns with fewer than 30 of them
    /// is a binomial tail below 10⁻¹⁰⁰: the bound given.
    fn max_decisions(config: &CheeseDayConfig) -> usize {
        if config.burns_on_peek() {
            usize::from(RESERVE_AFTER_DEAL)
        } else {
            CAP_WITHOUT_BURNS
        }
    }

    fn tensor_layout(config: &CheeseDayConfig) -> TensorLayout {
        let players = config.players();
        TensorLayout::new()
            .field("seat", &[players], "one-hot: the observing seat")
            .field(
                "phase",
                &[5],
                "one-hot: deal, draw (a new reserve top), roll, choose, over",
            )
            .field("roll", &[VALUES], "one-hot: the roll to act on (phase choose), value 1…6")
            .field("turn", &[players], "one-hot: the seat whose turn it is")
            .field(
                "pantry",
                &[SLOTS, 1 + VALUES + 2 + players],
                "per slot 1…6: a card is there; one-hot its value 1…6; its face if this seat peeked (cheese, trap); the seats that peeked at it (one flag per seat)",
            )
            .field("reserve_cards", &[1], "cards in the reserve / 30")
            .field("reserve_top", &[VALUES], "one-hot: the reserve's top card's value, if one shows")
            .field(
                "discard",
                &[VALUES, 3 + players],
                "per value 1…6, each / 6: cards discarded; cheese and traps among them this seat knows; per seat, how many of them that seat had peeked at",
            )
            .field(
                "collections",
                &[players, 2 * VALUES + 4],
                "per seat: cheese cards taken per value 1…6 / 6; traps taken per value / 6; holes / 126; cheese cards / 36; traps / 3; out (took its third trap)",
            )
            .field(
                "unseen",
                &[VALUES, 2],
                "per value 1…6: cheese and trap faces this seat has not seen / 6",
            )
    }

    fn write_tensor(observation: &CheeseDayObservation, tensor: &mut TensorWriter<'_>) {
        let players = observation.options.players();
        tensor.field("seat");
        tensor.one_hot(players, Some(observation.seat));
        tensor.field("phase");
        tensor.one_hot(
            5,
            Some(match observation.phase {
                ObservedPhase::Deal => 0,
                ObservedPhase::Draw => 1,
                ObservedPhase::Roll => 2,
                ObservedPhase::Choose { .. } => 3,
                ObservedPhase::Over => 4,
            }),
        );
        tensor.field("roll");
        tensor.one_hot(VALUES, observation.roll().map(|roll| usize::from(roll) - 1));
        tensor.field("turn");
        tensor.one_hot(players, Some(observation.turn));
        tensor.field("pantry");
        for slot in 1..=SLOTS as u8 {
            match observation.slot(slot) {
                Some(card) => {
                    tensor.flag(true);
                    tensor.one_hot(VALUES, Some(usize::from(card.value) - 1));
                    tensor.flag(card.face == Some(Face::Cheese));
                    tensor.flag(card.face == Some(Face::Trap));
                    tensor.many_hot(players, card.peeked_by.iter().copied());
                }
                None => tensor.skip(1 + VALUES + 2 + players),
            }
        }
        tensor.field("reserve_cards");
        tensor.fraction(observation.reserve.cards, RESERVE_AFTER_DEAL);
        tensor.field("reserve_top");
        tensor.one_hot(
            VALUES,
            observation.reserve.top.map(|value| usize::from(value) - 1),
        );
        tensor.field("discard");
        for discarded in &observation.discard {
            tensor.fraction(discarded.cards, CARDS_PER_VALUE);
            tensor.fraction(discarded.known.cheese, CARDS_PER_VALUE);
            tensor.fraction(discarded.known.trap, CARDS_PER_VALUE);
            for seat in 0..players {
                let cards = discarded
                    .peeked_by
                    .iter()
                    .find(|count| count.seat == seat)
                    .map_or(0, |count| count.cards);
                tensor.fraction(cards, CARDS_PER_VALUE);
            }
        }
        tensor.field("collections");
        for collection in &observation.players {
            for taken in &collection.taken {
                tensor.fraction(taken.cheese, CARDS_PER_VALUE);
            }
            for taken in &collection.taken {
                tensor.fraction(taken.trap, CARDS_PER_VALUE);
            }
            tensor.fraction(collection.holes, MOST_HOLES);
            tensor.fraction(collection.cheese_cards, CARDS);
            tensor.fraction(collection.traps, 3);
            tensor.flag(collection.out);
        }
        tensor.field("unseen");
        for unseen in &observation.unseen {
            tensor.fraction(unseen.cheese, CARDS_PER_VALUE);
            tensor.fraction(unseen.trap, CARDS_PER_VALUE);
        }
    }
}
