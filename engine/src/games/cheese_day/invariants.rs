//! Cheese Day's conservation rules (`shared/spec/cheese-day.md`, "Conservation"), checked at
//! every state by the conformance harness.

use super::action::{Card, Face};
use super::{CheeseDay, MAX_PLAYERS, Phase, SLOTS, TRAPS_TO_LOSE, VALUES};
use crate::conformance::{Case, Conformance};
use crate::testing::Fixtures;

pub(super) fn check_invariants(state: &CheeseDay) -> Result<(), String> {
    let players = state.players();
    let mut seen = state.undrawn;
    let mut add = |card: Card| seen[card.value_index()][card.face.index()] += 1;
    state.pantry.iter().flatten().for_each(|c| add(c.card));
    if let Some(top) = state.reserve_top {
        add(top);
    }
    for v in 0..VALUES {
        for f in 0..2 {
            seen[v][f] += state.discard[v][f];
            seen[v][f] += state.taken.iter().map(|t| t[v][f]).sum::<u8>();
        }
        let want = [
            state.config.total(v, Face::Cheese),
            state.config.total(v, Face::Trap),
        ];
        if seen[v] != want {
            return Err(format!(
                "value {}: {:?} cheese/trap cards in play, configured {want:?}",
                v + 1,
                seen[v]
            ));
        }
    }
    let undrawn: u8 = state.undrawn.iter().flatten().sum();
    let filled = state.pantry.iter().flatten().count();
    // During the deal the empty pantry slots are still waiting for their cards.
    let awaiting_deal = if state.out.is_none() {
        SLOTS - filled
    } else {
        0
    };
    if usize::from(undrawn)
        != usize::from(state.reserve_len) - usize::from(state.reserve_top.is_some()) + awaiting_deal
    {
        return Err(format!(
            "reserve holds {} cards (top {:?}), {awaiting_deal} slots await the deal, but {undrawn} cards are undrawn",
            state.reserve_len, state.reserve_top
        ));
    }
    let setup =
        state.phase == Phase::Draw && state.reserve_top.is_none() && state.reserve_len == 30;
    if filled != SLOTS && !setup && state.out.is_none() {
        return Err(format!("pantry holds {filled} cards outside setup"));
    }
    if matches!(state.phase, Phase::Roll | Phase::Choose { .. }) && state.reserve_top.is_none() {
        return Err("a turn is in play without a reserve top card".into());
    }
    for seat in 0..MAX_PLAYERS {
        let traps = state.traps_of(seat);
        if seat >= players && (traps > 0 || state.cheese_cards_of(seat) > 0) {
            return Err(format!("seat {seat} is not in the game but holds cards"));
        }
        if traps > TRAPS_TO_LOSE || (traps == TRAPS_TO_LOSE && state.out != Some(seat as u8)) {
            return Err(format!("seat {seat} holds {traps} traps"));
        }
        for v in 0..VALUES {
            for f in 0..2 {
                if state.discard_known[seat][v][f] > state.discard[v][f] {
                    return Err(format!("seat {seat} knows more discards than there are"));
                }
            }
        }
    }
    if state.out.is_some() && state.phase != Phase::Over {
        return Err("a player is out but the game goes on".into());
    }
    if state.slots_by_value != state.pantry_slots_by_value() {
        return Err(format!(
            "the pantry's slots by value are {:?} where the pantry gives {:?}",
            state.slots_by_value,
            state.pantry_slots_by_value()
        ));
    }
    if state
        .pantry
        .iter()
        .flatten()
        .any(|c| usize::from(c.peeked_by) >> players != 0)
    {
        return Err("a card was peeked by a seat not in the game".into());
    }
    Ok(())
}

/// The configurations the conformance suite checks: every player count and the options that
/// change how the game plays.
impl Conformance for CheeseDay {
    const CASES: &'static [Case] = &[
        Case::hidden("players=2"),
        Case::hidden("players=3"),
        Case::hidden("players=4"),
        Case::hidden("players=5"),
        Case::hidden("players=6"),
        Case::hidden("players=5,traps=0/6/1/5/2/4"),
        // Every face follows from the value: nothing to resample.
        Case::public("players=3,traps=6/6/6/0/0/0"),
        Case::public("players=4,traps=0/0/0/0/0/0"),
    ];
}

/// What the test suites of the other crates play of the game.
impl Fixtures for CheeseDay {
    const SHORT: &'static str = "";
    const AGENT_TABLES: &'static [(&'static str, &'static [&'static str])] = &[
        ("players=2", &["SEARCH", "random"]),
        (
            "players=6",
            &["SEARCH", "random", "SEARCH", "random", "random", "random"],
        ),
        (
            "players=3,traps=6/6/6/6/6/6",
            &["SEARCH", "random", "random"],
        ),
    ];
    const SCREEN_MID_GAME: (u64, usize) = (7, 3);
    const SCREEN_END: (&'static str, u64, &'static str) = ("", 7, "third trap");
}
