//! Moose in the House's hidden information: the other hands and the order of the draw pile.
//! Sampling it from one seat's observation (determinization) or from the true state (the leak
//! tests' resampling).

use super::observation::{MooseHouseObservation, ObservedPhase};
use super::{Card, Cards, HAND_SIZE, MAX_PLAYERS, MooseHouse, Phase, RefillQueue};
use crate::game::Game;
use crate::options::GameConfig;
use crate::rng::{GameRng, draw_counts};

/// A full state consistent with `obs`: what the seat sees is kept, and the cards it has not
/// seen are dealt at random into the other hands (at their public sizes) and the draw pile.
/// An observation that no game produced (read from JSON) still gives a state, never a panic.
pub(super) fn determinize(obs: &MooseHouseObservation, rng: &mut GameRng) -> MooseHouse {
    let config = obs.options;
    let players = config.players();
    let me = usize::from(obs.seat).min(players - 1);
    let mut state = MooseHouse::new(&config);
    state.phase = phase(obs, players);
    state.turn = obs.turn.min(players as u8 - 1);
    state.discard = obs.discard;
    state.passes = obs.passes;
    state.hands[me] = obs.hand;
    // Everything the seat sees: its hand, the houses, the discards, a pending moose.
    let mut seen = obs.hand.plus(&obs.discard);
    for house in &obs.houses {
        let seat = usize::from(house.seat);
        if seat < players {
            state.houses[seat] = house.to_house();
            seen = seen.plus(&state.houses[seat].cards());
        }
    }
    if let Phase::Trap { kind, .. } = state.phase {
        seen.add(Card::Moose(kind), 1);
    }
    let mut sizes = [0; MAX_PLAYERS];
    for (seat, size) in sizes.iter_mut().enumerate().take(players) {
        *size = obs.hand_sizes.get(seat).copied().unwrap_or(0);
    }
    let others = (0..players).filter(|&seat| seat != me);
    deal_unseen(
        &mut state,
        Cards::deck().saturating_minus(&seen),
        others,
        sizes,
        rng,
    );
    state
}

/// The state's phase as the observation states it.
fn phase(obs: &MooseHouseObservation, players: usize) -> Phase {
    match &obs.phase {
        ObservedPhase::Deal => Phase::Deal {
            dealt: obs
                .hand_sizes
                .iter()
                .fold(0_u8, |sum, &n| sum.saturating_add(n))
                .min(HAND_SIZE * players as u8 - 1),
        },
        ObservedPhase::TurnDraw => Phase::TurnDraw,
        ObservedPhase::Play => Phase::Play,
        ObservedPhase::Trap { pending_moose } => Phase::Trap {
            target: pending_moose.target,
            kind: pending_moose.kind,
            room: pending_moose.room.saturating_sub(1),
        },
        ObservedPhase::Refill { queue } => Phase::Refill {
            queue: RefillQueue::of(
                queue
                    .iter()
                    .map(|&seat| usize::from(seat))
                    .filter(|&seat| seat < players)
                    .take(MAX_PLAYERS),
            ),
        },
        ObservedPhase::Over => Phase::Over,
    }
}

/// `state` with what `seat` cannot know dealt anew: the other hands (same sizes) and the draw
/// pile, from the cards in them.
pub(super) fn resample_hidden(state: &MooseHouse, seat: usize, rng: &mut GameRng) -> MooseHouse {
    let mut resampled = state.clone();
    let mut unseen = state.pile;
    let mut sizes = [0; MAX_PLAYERS];
    for other in state.opponents(seat) {
        unseen = unseen.plus(&state.hands[other]);
        sizes[other] = state.hands[other].total();
    }
    deal_unseen(&mut resampled, unseen, state.opponents(seat), sizes, rng);
    resampled
}

/// Deals the cards in `unseen` at random: `sizes[seat]` cards to each seat in `seats` (fewer
/// if the cards run out), the rest into the draw pile. Once everyone has a Moose in the House
/// card no hand may hold one (they were all discarded), so those stay in the pile.
fn deal_unseen(
    state: &mut MooseHouse,
    unseen: Cards,
    seats: impl Iterator<Item = usize>,
    sizes: [u8; MAX_PLAYERS],
    rng: &mut GameRng,
) {
    let mut pool = unseen.as_pool();
    let house_only_in_pile = if state.everyone_has_moose_in_house() {
        std::mem::take(&mut pool[Card::House.index()])
    } else {
        0
    };
    for seat in seats {
        let left: u32 = pool.iter().sum();
        let size = u32::from(sizes[seat]).min(left);
        state.hands[seat] = Cards::from_pool(draw_counts(&mut pool, size, rng));
    }
    pool[Card::House.index()] += house_only_in_pile;
    state.pile = Cards::from_pool(pool);
}
