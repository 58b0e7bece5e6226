//! The spec's conservation rules and the structural facts every reachable state satisfies,
//! checked by `check_invariants`.

use super::{
    Card, Cards, Content, DrawRule, HAND_SIZE, House, MAX_EMPTY_ROOMS, MAX_PLAYERS, MooseHouse,
    Phase,
};
use crate::conformance::{Case, Conformance};
use crate::testing::Fixtures;

/// Checks a state; the error names the broken rule.
pub(super) fn check_invariants(state: &MooseHouse) -> Result<(), String> {
    let players = state.players();
    if state.turn() >= players {
        return Err(format!("turn {} in a {players}-player game", state.turn));
    }

    // Every card is somewhere, once.
    let mut counted = state.pile.plus(&state.discard);
    for seat in 0..MAX_PLAYERS {
        counted = counted
            .plus(&state.hands[seat])
            .plus(&state.houses[seat].cards());
    }
    if let Phase::Trap { kind, .. } = state.phase {
        counted.add(Card::Moose(kind), 1);
    }
    if counted != Cards::deck() {
        return Err(format!(
            "cards in play [{counted}] differ from the deck [{}]",
            Cards::deck()
        ));
    }

    for seat in players..MAX_PLAYERS {
        if !state.hands[seat].is_empty() || state.houses[seat] != House::default() {
            return Err(format!("seat {seat} is not in the game but holds cards"));
        }
    }
    for (seat, house) in state.houses[..players].iter().enumerate() {
        if house.empty_rooms() > MAX_EMPTY_ROOMS {
            return Err(format!(
                "seat {seat} has {} empty rooms",
                house.empty_rooms()
            ));
        }
        // The empty-room sets and counts kept for listing plays follow from the rooms.
        if House::from_parts(house.has_moose_in_house(), house.rooms()).as_ref() != Ok(house) {
            return Err(format!(
                "seat {seat}'s record of its empty rooms differs from its rooms ({house})"
            ));
        }
    }

    check_hands(state)?;

    if state.everyone_has_moose_in_house()
        && state.hands[..players]
            .iter()
            .any(|hand| hand.contains(Card::House))
    {
        return Err("a hand holds a Moose in the House card after the clean-up".into());
    }
    if usize::from(state.passes) >= players && state.phase != Phase::Over {
        return Err(format!(
            "{} passes in a row but the game goes on",
            state.passes
        ));
    }
    if state.passes > 0 && !state.pile.is_empty() {
        return Err("a pass was made while the draw pile lasts".into());
    }

    check_phase(state)
}

/// Hand sizes: the deal goes round by round; afterwards hands hold at most 4 cards (5 for the
/// turn owner who drew first, and for whoever drew the last card), and while the pile lasts
/// every hand is full at a turn's start.
fn check_hands(state: &MooseHouse) -> Result<(), String> {
    let players = state.players();
    let sizes: Vec<u8> = state.hands[..players].iter().map(Cards::total).collect();
    if let Phase::Deal { dealt } = state.phase {
        let dealt = usize::from(dealt);
        for (seat, &size) in sizes.iter().enumerate() {
            let want = dealt / players + usize::from(seat < dealt % players);
            if usize::from(size) != want {
                return Err(format!(
                    "after {dealt} cards dealt seat {seat} holds {size}, not {want}"
                ));
            }
        }
        let board_empty = state.discard.is_empty()
            && state.houses.iter().all(|h| *h == House::default())
            && state.turn == 0
            && state.passes == 0;
        if !board_empty {
            return Err("the deal is under way but the game has started".into());
        }
        return Ok(());
    }
    let turn = state.turn();
    let drew_first = state.config.draw() == DrawRule::First;
    for (seat, &size) in sizes.iter().enumerate() {
        // With draw=first the seat that drew the last card may keep 5 for the rest of the game.
        let may_hold_drawn = seat == turn && state.phase == Phase::Play || state.pile.is_empty();
        let limit = HAND_SIZE + u8::from(drew_first && may_hold_drawn);
        if size > limit {
            return Err(format!("seat {seat} holds {size} cards"));
        }
        if state.phase == Phase::Play && !state.pile.is_empty() {
            let full = HAND_SIZE + u8::from(drew_first && seat == turn);
            if size != full {
                return Err(format!(
                    "seat {seat} holds {size} cards at the start of a turn while the pile lasts"
                ));
            }
        }
    }
    Ok(())
}

fn check_phase(state: &MooseHouse) -> Result<(), String> {
    let players = state.players();
    match state.phase {
        Phase::Deal { dealt } => {
            if usize::from(dealt) >= usize::from(HAND_SIZE) * players {
                return Err(format!("deal phase after {dealt} cards"));
            }
        }
        Phase::TurnDraw => {
            if state.config.draw() != DrawRule::First || state.pile.is_empty() {
                return Err("a turn draw without draw=first or without a pile".into());
            }
        }
        Phase::Play | Phase::Over => {}
        Phase::Trap { target, kind, room } => {
            let target = usize::from(target);
            if target >= players || target == state.turn() {
                return Err(format!(
                    "seat {} attacks seat {target} with a moose",
                    state.turn
                ));
            }
            let house = &state.houses[target];
            let fits = house
                .room(room)
                .is_some_and(|r| r.kind == kind && r.content == Content::Empty);
            if !fits || !house.has_moose_in_house() {
                return Err(format!(
                    "a pending moose:{kind} cannot go into room {} of seat {target}",
                    room + 1
                ));
            }
        }
        Phase::Refill { queue } => {
            let Some(front) = queue.front() else {
                return Err("refill phase with nobody to refill".into());
            };
            if queue.seats().iter().any(|&s| usize::from(s) >= players) {
                return Err(format!(
                    "refill queue {:?} names absent seats",
                    queue.seats()
                ));
            }
            if state.pile.is_empty() {
                return Err(format!("seat {front} is refilled from an empty pile"));
            }
            // Only short hands wait, and a hand only grows while it waits.
            if let Some(&full) = queue
                .seats()
                .iter()
                .find(|&&s| state.hands[usize::from(s)].total() >= HAND_SIZE)
            {
                return Err(format!("seat {full} waits for a refill with a full hand"));
            }
        }
    }
    Ok(())
}

/// The configurations the conformance suite checks: every player count and the options that
/// change how the game plays.
impl Conformance for MooseHouse {
    const CASES: &'static [Case] = &[
        // Hands are secret, so the leak check always has something to change.
        Case::hidden("players=2"),
        Case::hidden("players=3"),
        Case::hidden("players=4"),
        Case::hidden("players=5"),
        Case::hidden("players=2,draw=first"),
        Case::hidden("players=5,draw=first"),
    ];
}

/// What the test suites of the other crates play of the game.
impl Fixtures for MooseHouse {
    const SHORT: &'static str = "";
    const AGENT_TABLES: &'static [(&'static str, &'static [&'static str])] = &[
        ("players=3", &["SEARCH", "random", "SEARCH"]),
        (
            "players=5,draw=first",
            &["SEARCH", "random", "random", "random", "random"],
        ),
    ];
    const SCREEN_MID_GAME: (u64, usize) = (7, 4);
    const SCREEN_END: (&'static str, u64, &'static str) = ("", 7, "nobody could play");
}
