//! Cheese Day's hidden information: sampling the faces a seat has not seen, from its
//! observation (determinization) or from the true state (the leak tests' resampling).

use super::action::{Card, Face};
use super::observation::CheeseDayObservation;
use super::{CheeseDay, MAX_PLAYERS, PantryCard, SLOTS, VALUES};
use crate::rng::{GameRng, draw_counts};

/// A full state consistent with `obs`: the faces the seat has not seen are dealt at random
/// from the cards of each value it cannot account for.
pub(super) fn determinize(obs: &CheeseDayObservation, rng: &mut GameRng) -> CheeseDay {
    let config = obs.config;
    let seat = obs.seat;
    let mut state = CheeseDay {
        config,
        phase: obs.phase,
        turn: obs.turn as u8,
        pantry: [None; SLOTS],
        reserve_top: None,
        reserve_len: obs.reserve_len,
        undrawn: [[0; 2]; VALUES],
        discard: [[0; 2]; VALUES],
        discard_known: [[[0; 2]; VALUES]; MAX_PLAYERS],
        taken: [[[0; 2]; VALUES]; MAX_PLAYERS],
        out: obs.out.map(|s| s as u8),
    };
    for (t, taken) in obs.taken.iter().enumerate() {
        state.taken[t] = *taken;
    }
    for v in 0..VALUES {
        // Faces this seat has not seen, of cards of value v: every card of the value minus
        // those it knows (taken by anyone, peeked in the pantry, seen before discarding).
        let mut pool = [
            u32::from(config.total(v, Face::Cheese)),
            u32::from(config.total(v, Face::Trap)),
        ];
        let mut forget = |face: usize, n: u8| pool[face] -= u32::from(n);
        for taken in &obs.taken {
            forget(0, taken[v][0]);
            forget(1, taken[v][1]);
        }
        forget(0, obs.discard_known[v][0]);
        forget(1, obs.discard_known[v][1]);
        for slot in obs.pantry.iter().flatten() {
            if let (true, Some(face)) = (usize::from(slot.value) == v + 1, slot.face) {
                forget(face.index(), 1);
            }
        }
        for (index, slot) in obs.pantry.iter().enumerate() {
            if let Some(view) = slot.as_ref().filter(|s| usize::from(s.value) == v + 1) {
                let face = view.face.unwrap_or_else(|| draw_face(&mut pool, rng));
                state.pantry[index] = Some(PantryCard {
                    card: Card {
                        value: view.value,
                        face,
                    },
                    peeked_by: seat_mask(&view.peeked_by),
                });
            }
        }
        if obs.reserve_top == Some(v as u8 + 1) {
            let face = draw_face(&mut pool, rng);
            state.reserve_top = Some(Card {
                value: v as u8 + 1,
                face,
            });
        }
        let known = obs.discard_known[v];
        let unknown = obs.discard[v] - known[0] - known[1];
        let drawn = draw_counts(&mut pool, u32::from(unknown), rng);
        state.discard[v] = [known[0] + drawn[0] as u8, known[1] + drawn[1] as u8];
        state.undrawn[v] = [pool[0] as u8, pool[1] as u8];
        state.discard_known[seat][v] = known;
        for (t, seen) in obs.discard_seen_by.iter().enumerate() {
            if t != seat {
                state.discard_known[t][v] = sample_known(state.discard[v], seen[v], rng);
            }
        }
    }
    state
}

/// `state` with every face `seat` has not seen dealt again at random among those cards.
pub(super) fn resample(this: &CheeseDay, seat: usize, rng: &mut GameRng) -> CheeseDay {
    let mut state = this.clone();
    let unknown_slot = |slot: &Option<PantryCard>, v: usize| -> bool {
        slot.is_some_and(|c| c.card.value_index() == v && c.peeked_by & (1 << seat) == 0)
    };
    for v in 0..VALUES {
        // Gather the true faces of every card of value v whose face the seat has not seen…
        let mut pool = [u32::from(this.undrawn[v][0]), u32::from(this.undrawn[v][1])];
        for slot in &this.pantry {
            if unknown_slot(slot, v) {
                pool[slot.expect("checked").card.face.index()] += 1;
            }
        }
        if let Some(top) = this.reserve_top.filter(|c| c.value_index() == v) {
            pool[top.face.index()] += 1;
        }
        let known = this.discard_known[seat][v];
        let unknown_discards = [this.discard[v][0] - known[0], this.discard[v][1] - known[1]];
        pool[0] += u32::from(unknown_discards[0]);
        pool[1] += u32::from(unknown_discards[1]);
        // …and deal them out again at random.
        for (index, slot) in this.pantry.iter().enumerate() {
            if unknown_slot(slot, v) {
                let face = draw_face(&mut pool, rng);
                state.pantry[index].as_mut().expect("checked").card.face = face;
            }
        }
        if let Some(top) = state.reserve_top.as_mut().filter(|c| c.value_index() == v) {
            top.face = draw_face(&mut pool, rng);
        }
        let drawn = draw_counts(
            &mut pool,
            u32::from(unknown_discards[0] + unknown_discards[1]),
            rng,
        );
        state.discard[v] = [known[0] + drawn[0] as u8, known[1] + drawn[1] as u8];
        state.undrawn[v] = [pool[0] as u8, pool[1] as u8];
        for t in (0..this.players()).filter(|&t| t != seat) {
            let seen = this.discard_known[t][v][0] + this.discard_known[t][v][1];
            state.discard_known[t][v] = sample_known(state.discard[v], seen, rng);
        }
    }
    state
}

/// Draws one face from a cheese/trap pool.
pub(super) fn draw_face(pool: &mut [u32; 2], rng: &mut GameRng) -> Face {
    let drawn = draw_counts(pool, 1, rng);
    if drawn[0] == 1 {
        Face::Cheese
    } else {
        Face::Trap
    }
}

/// Which of the discards of one value (cheese/trap counts) a seat that saw `seen` of them knows.
fn sample_known(discard: [u8; 2], seen: u8, rng: &mut GameRng) -> [u8; 2] {
    let mut pool = [u32::from(discard[0]), u32::from(discard[1])];
    let drawn = draw_counts(&mut pool, u32::from(seen), rng);
    [drawn[0] as u8, drawn[1] as u8]
}

pub(super) fn seats_in(mask: u8, players: usize) -> Vec<usize> {
    (0..players).filter(|s| mask & (1 << s) != 0).collect()
}

fn seat_mask(seats: &[usize]) -> u8 {
    seats.iter().fold(0, |mask, s| mask | (1 << s))
}
