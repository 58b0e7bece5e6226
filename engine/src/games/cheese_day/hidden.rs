//! Cheese Day's hidden information: sampling the faces a seat has not seen, from its
//! observation (determinization, run by search bots once per iteration) or from the true
//! state (the leak tests' resampling).

use super::action::{Card, Face};
use super::observation::{CheeseDayObservation, ObservedPhase};
use super::{CheeseDay, MAX_PLAYERS, PantryCard, Phase, SLOTS, VALUES};
use crate::rng::{GameRng, below};

/// A full state consistent with `obs`: the faces the seat has not seen are dealt at random
/// from the faces it has not seen of each value (the observation's `unseen` table).
pub(super) fn determinize(obs: &CheeseDayObservation, rng: &mut GameRng) -> CheeseDay {
    let seat = obs.seat;
    let phase = match obs.phase {
        ObservedPhase::Deal | ObservedPhase::Draw => Phase::Draw,
        ObservedPhase::Choose { roll } => Phase::Choose { roll },
        ObservedPhase::Roll => Phase::Roll,
        ObservedPhase::Over => Phase::Over,
    };
    let mut pools: [[u32; 2]; VALUES] = [[0; 2]; VALUES];
    for (pool, unseen) in pools.iter_mut().zip(&obs.unseen) {
        *pool = [u32::from(unseen.cheese), u32::from(unseen.trap)];
    }
    let mut state = CheeseDay {
        config: obs.options,
        phase,
        turn: obs.turn as u8,
        pantry: [None; SLOTS],
        slots_by_value: [0; VALUES + 1],
        reserve_top: None,
        reserve_len: obs.reserve.cards,
        undrawn: [[0; 2]; VALUES],
        discard: [[0; 2]; VALUES],
        discard_known: [[[0; 2]; VALUES]; MAX_PLAYERS],
        taken: [[[0; 2]; VALUES]; MAX_PLAYERS],
        out: None,
    };
    for player in obs.players.iter().filter(|p| p.seat < MAX_PLAYERS) {
        for counts in &player.taken {
            if let Some(v) = value_index(counts.value) {
                state.taken[player.seat][v] = [counts.cheese, counts.trap];
            }
        }
        if player.out {
            state.out = Some(player.seat as u8);
        }
    }
    for view in &obs.pantry {
        let (Some(index), Some(v)) = (
            usize::from(view.slot).checked_sub(1).filter(|&i| i < SLOTS),
            value_index(view.value),
        ) else {
            continue;
        };
        let face = view.face.unwrap_or_else(|| draw_face(&mut pools[v], rng));
        state.pantry[index] = Some(PantryCard {
            card: Card {
                value: view.value,
                face,
            },
            peeked_by: seat_mask(&view.peeked_by),
        });
    }
    state.slots_by_value = state.pantry_slots_by_value();
    if let Some(top) = obs.reserve.top
        && let Some(v) = value_index(top)
    {
        let face = draw_face(&mut pools[v], rng);
        state.reserve_top = Some(Card { value: top, face });
    }
    for discarded in &obs.discard {
        let Some(v) = value_index(discarded.value) else {
            continue;
        };
        let known = [discarded.known.cheese, discarded.known.trap];
        let unknown = discarded.cards.saturating_sub(known[0] + known[1]);
        let drawn = draw_counts(&mut pools[v], unknown, rng);
        state.discard[v] = [known[0] + drawn[0], known[1] + drawn[1]];
        state.discard_known[seat][v] = known;
        for peeked in &discarded.peeked_by {
            if peeked.seat != seat && peeked.seat < MAX_PLAYERS {
                state.discard_known[peeked.seat][v] =
                    sample_known(state.discard[v], peeked.cards, rng);
            }
        }
    }
    for (undrawn, pool) in state.undrawn.iter_mut().zip(pools) {
        *undrawn = [pool[0] as u8, pool[1] as u8];
    }
    state
}

/// `state` with every face `seat` has not seen dealt again at random among those cards.
pub(super) fn resample_hidden(this: &CheeseDay, seat: usize, rng: &mut GameRng) -> CheeseDay {
    let mut state = this.clone();
    let me = 1u8 << seat;
    let unknown_slot = |slot: &Option<PantryCard>| slot.filter(|c| c.peeked_by & me == 0);
    // Gather the true faces of every card whose face the seat has not seen…
    let mut pools = this.undrawn.map(|c| c.map(u32::from));
    for card in this.pantry.iter().filter_map(unknown_slot) {
        pools[card.card.value_index()][card.card.face.index()] += 1;
    }
    if let Some(top) = this.reserve_top {
        pools[top.value_index()][top.face.index()] += 1;
    }
    let known = &this.discard_known[seat];
    for (v, pool) in pools.iter_mut().enumerate() {
        pool[0] += u32::from(this.discard[v][0] - known[v][0]);
        pool[1] += u32::from(this.discard[v][1] - known[v][1]);
    }
    // …and deal them out again at random.
    for (index, slot) in this.pantry.iter().enumerate() {
        if let Some(card) = unknown_slot(slot) {
            let face = draw_face(&mut pools[card.card.value_index()], rng);
            state.pantry[index].as_mut().expect("checked").card.face = face;
        }
    }
    if let Some(top) = state.reserve_top.as_mut() {
        top.face = draw_face(&mut pools[top.value_index()], rng);
    }
    for v in 0..VALUES {
        let unknown = this.discard[v][0] + this.discard[v][1] - known[v][0] - known[v][1];
        let drawn = draw_counts(&mut pools[v], unknown, rng);
        state.discard[v] = [known[v][0] + drawn[0], known[v][1] + drawn[1]];
        state.undrawn[v] = [pools[v][0] as u8, pools[v][1] as u8];
        for t in (0..this.players()).filter(|&t| t != seat) {
            let seen = this.discard_known[t][v][0] + this.discard_known[t][v][1];
            state.discard_known[t][v] = sample_known(state.discard[v], seen, rng);
        }
    }
    state
}

/// The index (0…5) of a card value 1…6.
fn value_index(value: u8) -> Option<usize> {
    usize::from(value).checked_sub(1).filter(|&v| v < VALUES)
}

/// Draws one face from a cheese/trap pool. An empty pool (only from a hand-made, inconsistent
/// observation) gives cheese rather than a panic.
#[inline]
fn draw_face(pool: &mut [u32; 2], rng: &mut GameRng) -> Face {
    let total = pool[0] + pool[1];
    if total == 0 || below(rng, total) < pool[0] {
        pool[0] = pool[0].saturating_sub(1);
        Face::Cheese
    } else {
        pool[1] -= 1;
        Face::Trap
    }
}

/// Draws `n` cards without replacement from a cheese/trap pool: how many of each were drawn
/// (at most the pool holds).
#[inline]
fn draw_counts(pool: &mut [u32; 2], n: u8, rng: &mut GameRng) -> [u8; 2] {
    let mut drawn = [0; 2];
    for _ in 0..n {
        let total = pool[0] + pool[1];
        if total == 0 {
            break;
        }
        let face = usize::from(below(rng, total) >= pool[0]);
        pool[face] -= 1;
        drawn[face] += 1;
    }
    drawn
}

/// Which of the discards of one value (cheese/trap counts) a seat that saw `seen` of them
/// knows: `seen` of them at random.
fn sample_known(discard: [u8; 2], seen: u8, rng: &mut GameRng) -> [u8; 2] {
    let mut pool = discard.map(u32::from);
    draw_counts(&mut pool, seen, rng)
}

fn seat_mask(seats: &[usize]) -> u8 {
    seats
        .iter()
        .filter(|&&s| s < MAX_PLAYERS)
        .fold(0, |mask, s| mask | (1 << s))
}
