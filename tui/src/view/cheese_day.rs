//! Cheese Day's board: the six pantry slots as cards (holes, the face if this seat peeked,
//! else the trap chance, and who peeked), the reserve with its top value and count, the
//! discards by value, every collection with its holes and traps (a third trap drawn as fatal),
//! and the die; how a game ended and was scored; why a move is worth playing.

use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayObservation, Collection, Face, ObservedPhase, SLOTS,
};
use ratatui::style::Style;

use super::{BoardView, Surface, count, flow, rows_of};
use crate::text::center;

/// A pantry slot, 1…6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(pub u8);

const CARD_WIDTH: u16 = 8;
const CARD_HEIGHT: u16 = 5;
/// The board is as wide as the pantry; longer rows go on below.
const BOARD_WIDTH: u16 = CARD_WIDTH * SLOTS as u16;
/// Where the discards start, after "discards ".
const DISCARDS_X: u16 = 9;
/// Where a seat's three trap places start.
const TRAPS_X: u16 = 24;
/// Where a seat's cards taken start, after its trap places (a glyph and a space each) and
/// "took ".
const TAKEN_X: u16 = TRAPS_X + 3 * 2 + 5;

/// The discards by value, each as its count and value (`2×6`) and the faces this seat knows
/// of them (`(1C 1T)`, or nothing).
fn discards(observation: &CheeseDayObservation) -> Vec<(String, String)> {
    observation
        .discard
        .iter()
        .filter(|discarded| discarded.cards > 0)
        .map(|discarded| {
            let known = discarded.known;
            let mut parts = Vec::new();
            if known.cheese > 0 {
                parts.push(format!("{}C", known.cheese));
            }
            if known.trap > 0 {
                parts.push(format!("{}T", known.trap));
            }
            let known = if parts.is_empty() {
                String::new()
            } else {
                format!("({})", parts.join(" "))
            };
            (format!("{}×{}", discarded.cards, discarded.value), known)
        })
        .collect()
}

fn discard_widths(discards: &[(String, String)]) -> Vec<u16> {
    discards
        .iter()
        .map(|(counted, known)| width(counted) + width(known))
        .collect()
}

/// A seat's cards taken, each as its text (`4`, or `2T` for a trap) and whether it is a trap.
fn taken(player: &Collection) -> Vec<(String, bool)> {
    let mut taken = Vec::new();
    for counts in &player.taken {
        for _ in 0..counts.cheese {
            taken.push((format!("{}", counts.value), false));
        }
        for _ in 0..counts.trap {
            taken.push((format!("{}T", counts.value), true));
        }
    }
    taken
}

fn taken_widths(taken: &[(String, bool)]) -> Vec<u16> {
    taken.iter().map(|(text, _)| width(text)).collect()
}

/// The rows a seat's collection takes: one, and more while its cards taken run on (none are
/// shown once it is out).
fn collection_rows(player: &Collection) -> u16 {
    if player.out {
        return 1;
    }
    rows_of(&flow(&taken_widths(&taken(player)), TAKEN_X, BOARD_WIDTH))
}

fn width(text: &str) -> u16 {
    u16::try_from(crate::text::width(text)).unwrap_or(u16::MAX)
}

impl BoardView for CheeseDay {
    type Spot = Slot;

    const LEGEND: &'static [(&'static str, &'static str)] = &[
        ("┌1─┐", "pantry slot 1 (slots 1 to 6, left to right)"),
        (
            "●●●",
            "the card's back: 3 cheese holes (6● for six), public",
        ),
        (
            "?25%",
            "its face is hidden: the chance it is a trap, from the cards nobody has seen",
        ),
        (
            "cheese / TRAP",
            "a face you know (you peeked; or the game is over)",
        ),
        ("p:02", "seats that peeked at this card (yours bright)"),
        (
            "die [4]",
            "the roll: take or remove a card showing it, else peek",
        ),
        (
            "reserve",
            "the face-down stack the pantry is refilled from; its top's holes show",
        ),
        (
            "discards 2×6",
            "two 6-hole cards out of the game (faces unseen; (1C 1T) what you know)",
        ),
        (
            "✖ ○ ☠",
            "traps taken, room for one, and the third trap, which puts a seat out",
        ),
        ("took 4 2T", "cards taken: a 4-hole cheese, a 2-hole trap"),
    ];

    fn board_size(observation: &CheeseDayObservation) -> (u16, u16) {
        let discard_widths = discard_widths(&discards(observation));
        let discard_rows = rows_of(&flow(&discard_widths, DISCARDS_X, BOARD_WIDTH));
        let player_rows: u16 = observation.players.iter().map(collection_rows).sum();
        (BOARD_WIDTH, CARD_HEIGHT + 2 + discard_rows + player_rows)
    }

    fn first_choice(observation: &CheeseDayObservation, legal: &[CheeseDayAction]) -> usize {
        legal
            .iter()
            .position(|action| match action {
                // Actions count slots from 0, the pantry from 1.
                CheeseDayAction::Peek(slot) => observation
                    .slot(slot + 1)
                    .is_some_and(|card| card.face.is_none()),
                _ => true,
            })
            .unwrap_or(0)
    }

    fn draw_board(observation: &CheeseDayObservation, board: &mut Surface<'_, Slot>) {
        let theme = board.theme;
        for slot in 1..=SLOTS as u8 {
            draw_card(observation, board, slot);
        }
        let mut y = CARD_HEIGHT;
        // The die and the reserve.
        let die = match observation.phase {
            ObservedPhase::Choose { roll } => format!("[{roll}]"),
            ObservedPhase::Roll => "[…]".to_owned(),
            _ => "[ ]".to_owned(),
        };
        let mut x = board.put(0, y, "die ", theme.dim());
        x = board.put(x, y, &die, theme.accent());
        x = board.put(x, y, "  reserve ", theme.dim());
        x = board.put(
            x,
            y,
            &count(observation.reserve.cards, "card"),
            theme.text(),
        );
        if let Some(top) = observation.reserve.top {
            x = board.put(x, y, ", top shows ", theme.dim());
            board.put(x, y, &count(top, "hole"), theme.accent());
        }
        y += 1;
        // The discards by value, with the faces this seat knows, as many rows as they take.
        board.put(0, y, "discards ", theme.dim());
        let discards = discards(observation);
        if discards.is_empty() {
            board.put(DISCARDS_X, y, "none", theme.dim());
        }
        let places = flow(&discard_widths(&discards), DISCARDS_X, BOARD_WIDTH);
        for ((counted, known), &(row, x)) in discards.iter().zip(&places) {
            let x = board.put(x, y + row, counted, theme.text());
            board.put(x, y + row, known, theme.dim());
        }
        y += rows_of(&places);
        board.put(0, y, "seat       holes cheese traps", theme.dim());
        y += 1;
        for player in &observation.players {
            let name = &board.names[player.seat];
            let style = theme.seat(player.seat);
            board.put(0, y, &crate::text::shorten(name, 10), style);
            board.put(11, y, &format!("{:>5}", player.holes), theme.text());
            board.put(17, y, &format!("{:>6}", player.cheese_cards), theme.text());
            // Three trap places; the third one is fatal and drawn so.
            let mut tx = TRAPS_X;
            for place in 0..3u8 {
                let (glyph, glyph_style) = if place < player.traps {
                    ("✖", theme.danger())
                } else if place == 2 {
                    ("☠", theme.dim())
                } else {
                    ("○", theme.dim())
                };
                tx = board.put(tx, y, glyph, glyph_style);
                tx = board.put(tx, y, " ", theme.text());
            }
            if player.out {
                board.put(tx, y, "OUT", theme.danger());
                y += 1;
                continue;
            }
            // The cards taken after "took", on as many rows as they need.
            let taken = taken(player);
            let places = flow(&taken_widths(&taken), TAKEN_X, BOARD_WIDTH);
            if !taken.is_empty() {
                board.put(tx, y, "took ", theme.dim());
            }
            for ((text, trap), &(row, x)) in taken.iter().zip(&places) {
                let style = if *trap { theme.danger() } else { theme.good() };
                board.put(x, y + row, text, style);
            }
            y += rows_of(&places);
        }
    }

    fn dealing(observation: &CheeseDayObservation) -> bool {
        observation.phase == ObservedPhase::Deal
    }

    fn spots(_observation: &CheeseDayObservation, action: &CheeseDayAction) -> Vec<Slot> {
        match *action {
            CheeseDayAction::Peek(slot)
            | CheeseDayAction::Take(slot)
            | CheeseDayAction::Remove(slot) => vec![Slot(slot + 1)],
            CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => Vec::new(),
        }
    }

    fn revealed_observation(state: &CheeseDay, seat: usize) -> CheeseDayObservation {
        use mousehole_engine::Game as _;
        let mut observation = state.observation(seat);
        for slot in &mut observation.pantry {
            if let Some(Some(card)) = state.pantry().get(usize::from(slot.slot) - 1) {
                slot.face = Some(card.card.face);
            }
        }
        for (index, [cheese, trap]) in state.discarded().iter().enumerate() {
            observation.discard[index].known.cheese = *cheese;
            observation.discard[index].known.trap = *trap;
        }
        observation
    }

    fn revealed(state: &CheeseDay, _viewer: usize) -> Vec<String> {
        state
            .reserve_top()
            .map(|top| {
                let face = match top.face {
                    Face::Cheese => "cheese",
                    Face::Trap => "a trap",
                };
                format!(
                    "the reserve's top card, {}, was {face}",
                    count(top.value, "hole")
                )
            })
            .into_iter()
            .collect()
    }

    fn reason(observation: &CheeseDayObservation, action: &CheeseDayAction) -> Option<String> {
        let (CheeseDayAction::Peek(slot)
        | CheeseDayAction::Take(slot)
        | CheeseDayAction::Remove(slot)) = *action
        else {
            return None;
        };
        let card = observation.slot(slot + 1)?;
        let traps = observation.player(observation.seat).map_or(0, |p| p.traps);
        let chance = match card.face {
            Some(Face::Cheese) => "you know it is cheese".to_owned(),
            Some(Face::Trap) => "you know it is a trap".to_owned(),
            None => format!(
                "{}% trap chance",
                observation.unseen[usize::from(card.value) - 1].trap_percent()?
            ),
        };
        let card_text = format!("{}-hole card, {chance}", card.value);
        let lives = match traps {
            0 => String::new(),
            1 => ", you hold 1 trap".to_owned(),
            n => format!(", you hold {n} traps: a third puts you out"),
        };
        Some(match action {
            CheeseDayAction::Take(_) => format!("{card_text}{lives}: take it"),
            CheeseDayAction::Remove(_) => format!("{card_text}{lives}: too risky, remove it"),
            _ => format!("slot {}: {card_text}: worth knowing", slot + 1),
        })
    }
}

/// One pantry card: its slot in the top edge, holes, face (or trap chance), who peeked.
fn draw_card(observation: &CheeseDayObservation, board: &mut Surface<'_, Slot>, slot: u8) {
    let theme = board.theme;
    let x = CARD_WIDTH * u16::from(slot - 1);
    let marked = board.is_marked(Slot(slot));
    let border = if marked {
        theme.focus_border()
    } else {
        theme.border()
    };
    board.frame(x, 0, CARD_WIDTH, CARD_HEIGHT, &slot.to_string(), border);
    board.hit(x, 0, CARD_WIDTH, CARD_HEIGHT, Slot(slot));
    let inner = CARD_WIDTH - 2;
    let Some(card) = observation.slot(slot) else {
        board.put(x + 1, 2, &center("empty", usize::from(inner)), theme.dim());
        return;
    };
    // A public view (a spectator's) is nobody's: no peek is "yours" there.
    let mine = !observation.public && card.peeked_by.contains(&observation.seat);
    let holes = if card.value <= 5 {
        "●".repeat(usize::from(card.value))
    } else {
        format!("{}●", card.value)
    };
    board.put(
        x + 1,
        1,
        &center(&holes, usize::from(inner)),
        theme.accent(),
    );
    let (face, style): (String, Style) = match card.face {
        Some(Face::Cheese) => ("cheese".to_owned(), theme.good()),
        Some(Face::Trap) => ("TRAP".to_owned(), theme.danger()),
        None => (
            observation.unseen[usize::from(card.value) - 1]
                .trap_percent()
                .map_or_else(|| "?".to_owned(), |p| format!("?{p:>3}%")),
            theme.text(),
        ),
    };
    board.put(x + 1, 2, &center(&face, usize::from(inner)), style);
    let peekers: String = card
        .peeked_by
        .iter()
        .map(|seat| char::from(b'0' + *seat as u8))
        .collect();
    if !peekers.is_empty() {
        let text = if peekers.len() <= 4 {
            format!("p:{peekers}")
        } else {
            peekers
        };
        let style = if mine { theme.accent() } else { theme.dim() };
        board.put(x + 1, 3, &center(&text, usize::from(inner)), style);
    }
    if marked {
        board.restyle(x + 1, 1, inner, 3, theme.marked());
    }
}
