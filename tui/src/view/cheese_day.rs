//! Cheese Day's board: the six pantry slots as cards (holes, the face if this seat peeked,
//! else the trap chance, and who peeked), the reserve with its top value and count, the
//! discards by value, every collection with its holes and traps (a third trap drawn as fatal),
//! and the die.

use mousehole_engine::games::cheese_day::{
    CheeseDay, CheeseDayAction, CheeseDayObservation, Face, PhaseView, SLOTS,
};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Board, BoardView, count};
use crate::theme::Theme;

/// A pantry slot, 1…6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(pub u8);

const CARD_WIDTH: u16 = 8;
const CARD_HEIGHT: u16 = 5;

impl BoardView for CheeseDay {
    type Spot = Slot;

    fn board_size(observation: &CheeseDayObservation) -> (u16, u16) {
        (
            CARD_WIDTH * SLOTS as u16,
            CARD_HEIGHT + 4 + observation.players.len() as u16,
        )
    }

    fn draw_board(observation: &CheeseDayObservation, board: &mut Board<'_, Slot>) {
        let theme = board.theme;
        for slot in 1..=SLOTS as u8 {
            draw_card(observation, board, slot);
        }
        let mut y = CARD_HEIGHT;
        // The die and the reserve.
        let die = match observation.phase {
            PhaseView::Choose { roll } => format!("[{roll}]"),
            PhaseView::Roll => "[…]".to_owned(),
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
        // The discards by value, with the faces this seat knows.
        let mut x = board.put(0, y, "discards ", theme.dim());
        let total: u8 = observation.discard.iter().map(|d| d.cards).sum();
        if total == 0 {
            board.put(x, y, "none", theme.dim());
        }
        for discarded in observation.discard.iter().filter(|d| d.cards > 0) {
            x = board.put(
                x,
                y,
                &format!("{}×{}", discarded.cards, discarded.value),
                theme.text(),
            );
            let known = discarded.known;
            if known.cheese + known.trap > 0 {
                let mut parts = Vec::new();
                if known.cheese > 0 {
                    parts.push(format!("{}C", known.cheese));
                }
                if known.trap > 0 {
                    parts.push(format!("{}T", known.trap));
                }
                x = board.put(x, y, &format!("({})", parts.join(" ")), theme.dim());
            }
            x = board.put(x, y, " ", theme.text());
        }
        y += 2;
        board.put(0, y - 1, "seat       holes cheese traps", theme.dim());
        for player in &observation.players {
            let name = &board.names[player.seat];
            let style = theme.seat(player.seat);
            board.put(0, y, &format!("{name:<10}"), style);
            board.put(11, y, &format!("{:>5}", player.holes), theme.text());
            board.put(17, y, &format!("{:>6}", player.cheese_cards), theme.text());
            // Three trap places; the third one is fatal and drawn so.
            let mut tx = 24;
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
            let mut taken = Vec::new();
            for counts in &player.taken {
                for _ in 0..counts.cheese {
                    taken.push(Span::styled(format!("{}", counts.value), theme.good()));
                }
                for _ in 0..counts.trap {
                    taken.push(Span::styled(format!("{}T", counts.value), theme.danger()));
                }
            }
            if player.out {
                board.put(tx, y, "OUT", theme.danger());
            } else if !taken.is_empty() {
                let mut line = vec![Span::styled("took ", theme.dim())];
                for (i, span) in taken.into_iter().enumerate() {
                    if i > 0 {
                        line.push(Span::raw(" "));
                    }
                    line.push(span);
                }
                board.put_line(tx, y, &Line::from(line));
            }
            y += 1;
        }
    }

    fn dealing(observation: &CheeseDayObservation) -> bool {
        observation.phase == PhaseView::Deal
    }

    fn spots(_observation: &CheeseDayObservation, action: &CheeseDayAction) -> Vec<Slot> {
        match *action {
            CheeseDayAction::Peek(slot)
            | CheeseDayAction::Take(slot)
            | CheeseDayAction::Remove(slot) => vec![Slot(slot + 1)],
            CheeseDayAction::Roll(_) | CheeseDayAction::Draw(_) => Vec::new(),
        }
    }

    fn revealed(state: &CheeseDay, theme: Theme) -> Vec<Line<'static>> {
        let face = |face: Face| match face {
            Face::Cheese => Span::styled("cheese", theme.good()),
            Face::Trap => Span::styled("trap", theme.danger()),
        };
        let mut pantry = vec![Span::styled("pantry faces: ", theme.dim())];
        for (index, card) in state.pantry().iter().enumerate() {
            if let Some(card) = card {
                pantry.push(Span::raw(format!(
                    "{}: {} ",
                    index + 1,
                    count(card.card.value, "hole")
                )));
                pantry.push(face(card.card.face));
                pantry.push(Span::raw("  "));
            }
        }
        let mut lines = vec![Line::from(pantry)];
        if let Some(top) = state.reserve_top() {
            lines.push(Line::from(vec![
                Span::styled("reserve top: ", theme.dim()),
                Span::raw(format!("{} ", count(top.value, "hole"))),
                face(top.face),
            ]));
        }
        let discarded = state.discarded();
        let mut discards = vec![Span::styled("discards: ", theme.dim())];
        let mut any = false;
        for (index, [cheese, trap]) in discarded.iter().enumerate() {
            if cheese + trap > 0 {
                any = true;
                discards.push(Span::raw(format!("{} ", count(index + 1, "hole"))));
                discards.push(Span::styled(format!("{cheese}C"), theme.good()));
                discards.push(Span::raw("/"));
                discards.push(Span::styled(format!("{trap}T"), theme.danger()));
                discards.push(Span::raw("  "));
            }
        }
        if !any {
            discards.push(Span::styled("none", theme.dim()));
        }
        lines.push(Line::from(discards));
        lines
    }
}

/// One pantry card: its slot in the top edge, holes, face (or trap chance), who peeked.
fn draw_card(observation: &CheeseDayObservation, board: &mut Board<'_, Slot>, slot: u8) {
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
        board.put(x + 1, 2, &center("empty", inner), theme.dim());
        return;
    };
    let mine = card.peeked_by.contains(&observation.seat);
    let holes = if card.value <= 5 {
        "●".repeat(usize::from(card.value))
    } else {
        format!("{}●", card.value)
    };
    board.put(x + 1, 1, &center(&holes, inner), theme.accent());
    let (face, style): (String, Style) = match card.face {
        Some(Face::Cheese) => ("cheese".to_owned(), theme.good()),
        Some(Face::Trap) => ("TRAP".to_owned(), theme.danger()),
        None => {
            let unseen = observation.unseen[usize::from(card.value) - 1];
            let total = unseen.cheese + unseen.trap;
            let chance = if total == 0 {
                "?".to_owned()
            } else {
                format!(
                    "?{:>3}%",
                    (100 * u32::from(unseen.trap) + u32::from(total) / 2) / u32::from(total)
                )
            };
            (chance, theme.text())
        }
    };
    board.put(x + 1, 2, &center(&face, inner), style);
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
        board.put(x + 1, 3, &center(&text, inner), style);
    }
    if marked {
        board.restyle(x + 1, 1, inner, 3, theme.marked());
    }
}

/// `text` centred in `width` columns.
fn center(text: &str, width: u16) -> String {
    let len = text.chars().count();
    let width = usize::from(width);
    if len >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - len) / 2;
    format!(
        "{}{text}{}",
        " ".repeat(left),
        " ".repeat(width - len - left)
    )
}
