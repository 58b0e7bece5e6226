//! Moose in the House's board: every house left to right (its Moose in the House card, its
//! rooms empty, with a moose or closed by a door, the hand size), this seat's hand as cards,
//! the draw pile's count and the discard pile; the trap question as a modal.

use mousehole_engine::games::moose_house::{
    Card, Cards, Content, MooseHouse, MooseHouseAction, MooseHouseObservation, PhaseView, RoomKind,
};
use ratatui::text::{Line, Span};

use super::{Board, BoardView, count};
use crate::theme::Theme;

/// What a Moose in the House action can touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A seat's house as a whole (a Moose in the House card or a new room goes there).
    House(u8),
    /// Room `room` (from 1) of a seat's house.
    Room(u8, u8),
    /// A card of this kind in the seat's own hand.
    Hand(Card),
}

const CHIP_WIDTH: u16 = 10;
const CHIP_HEIGHT: u16 = 4;
/// Rooms listed per house before "+N more".
const HOUSE_ROWS: u16 = 7;

impl BoardView for MooseHouse {
    type Spot = Place;

    fn board_size(observation: &MooseHouseObservation) -> (u16, u16) {
        let rooms = observation
            .houses
            .iter()
            .map(|h| h.rooms.len())
            .max()
            .unwrap_or(0)
            .clamp(3, usize::from(HOUSE_ROWS)) as u16;
        let width = (observation.houses.len() as u16 * 16).max(CHIP_WIDTH * 5);
        (width, rooms + 3 + CHIP_HEIGHT + 2)
    }

    fn draw_board(observation: &MooseHouseObservation, board: &mut Board<'_, Place>) {
        let theme = board.theme;
        let players = observation.houses.len() as u16;
        let room_rows = board
            .height()
            .saturating_sub(3 + CHIP_HEIGHT + 2)
            .clamp(1, HOUSE_ROWS);
        let width = (board.width() / players.max(1)).max(12);
        let height = room_rows + 3;
        for (index, house) in observation.houses.iter().enumerate() {
            let x = width * index as u16;
            let seat = house.seat;
            let marked = board.is_marked(Place::House(seat));
            let held = observation
                .hand_sizes
                .get(usize::from(seat))
                .copied()
                .unwrap_or(0);
            let deciding = observation.deciding == Some(seat);
            let title = format!(
                "{}{} hand {held}",
                if deciding { "▶" } else { "" },
                board.names[usize::from(seat)]
            );
            let border = if marked {
                theme.focus_border()
            } else {
                theme.seat(usize::from(seat))
            };
            board.frame(x, 0, width, height, &title, border);
            board.hit(x, 0, width, height, Place::House(seat));
            let inner = width - 2;
            let (moose_line, style) = if house.moose_in_house {
                ("Moose in House", theme.danger())
            } else {
                ("no moose yet", theme.dim())
            };
            board.put(x + 1, 1, &fit(moose_line, inner), style);
            if marked {
                board.restyle(x + 1, 1, inner, 1, theme.marked());
            }
            let shown = house.rooms.len().min(usize::from(room_rows));
            let overflow = house.rooms.len() > usize::from(room_rows);
            let listed = if overflow { shown - 1 } else { shown };
            if house.rooms.is_empty() {
                board.put(x + 1, 2, &fit("no rooms", inner), theme.dim());
            }
            for room in house.rooms.iter().take(listed) {
                let y = 1 + u16::from(room.room);
                let (mark, mark_style) = match room.content {
                    Content::Empty => ("·", theme.dim()),
                    Content::Moose => ("M", theme.danger()),
                    Content::Door => ("▮", theme.good()),
                };
                let label = format!("{} {}", room.room, short(room.kind));
                let label = fit(&label, inner.saturating_sub(2));
                board.put(x + 1, y, &label, theme.text());
                board.put(x + inner, y, mark, mark_style);
                let spot = Place::Room(seat, room.room);
                board.hit(x + 1, y, inner, 1, spot);
                if board.is_marked(spot) {
                    board.restyle(x + 1, y, inner, 1, theme.marked());
                }
            }
            if overflow {
                let rest = house.rooms.len() - listed;
                let y = 2 + listed as u16;
                board.put(x + 1, y, &fit(&format!("+{rest} more"), inner), theme.dim());
            }
            let summary = format!("{}M {}D", house.moose, house.doors);
            board.put(
                x + width.saturating_sub(summary.len() as u16 + 1),
                height - 1,
                &summary,
                theme.dim(),
            );
        }
        // The hand as cards, then the piles.
        let y = height;
        board.put(0, y, "your hand", theme.dim());
        let mut x = 0;
        for (card, n) in observation.hand.iter() {
            for _ in 0..n {
                draw_chip(board, x, y + 1, card);
                x += CHIP_WIDTH;
            }
        }
        if observation.hand.is_empty() {
            board.put(0, y + 1, "(no cards)", theme.dim());
        }
        let y = y + 1 + CHIP_HEIGHT;
        let mut x = board.put(0, y, "draw pile ", theme.dim());
        x = board.put(x, y, &count(observation.pile_size, "card"), theme.accent());
        x = board.put(x, y, "   rooms: · empty  M moose  ▮ door", theme.dim());
        if observation.passes > 0 {
            x = board.put(
                x,
                y,
                &format!("  passes {} of {}", observation.passes, players),
                theme.text(),
            );
        }
        let _ = x;
        let mut x = board.put(0, y + 1, "discards ", theme.dim());
        board.put(x, y + 1, &compact(&observation.discard), theme.text());
        x = 0;
        let _ = x;
    }

    fn spots(observation: &MooseHouseObservation, action: &MooseHouseAction) -> Vec<Place> {
        let me = observation.seat;
        match *action {
            MooseHouseAction::House { seat } => vec![Place::House(seat), Place::Hand(Card::House)],
            MooseHouseAction::Room { kind, seat } => {
                vec![Place::House(seat), Place::Hand(Card::Room(kind))]
            }
            MooseHouseAction::Moose { kind, seat, room } => {
                vec![Place::Room(seat, room + 1), Place::Hand(Card::Moose(kind))]
            }
            MooseHouseAction::Door { room } => {
                vec![Place::Room(me, room + 1), Place::Hand(Card::Door)]
            }
            MooseHouseAction::Discard(card) => vec![Place::Hand(card)],
            MooseHouseAction::Trap => {
                let mut spots = vec![Place::Hand(Card::Trap)];
                spots.extend(
                    observation
                        .pending_moose()
                        .map(|m| Place::Room(m.target, m.room)),
                );
                spots
            }
            MooseHouseAction::Allow => observation
                .pending_moose()
                .map(|m| Place::Room(m.target, m.room))
                .into_iter()
                .collect(),
            MooseHouseAction::Pass | MooseHouseAction::Draw(_) => Vec::new(),
        }
    }

    fn dealing(observation: &MooseHouseObservation) -> bool {
        observation.phase == PhaseView::Deal
    }

    fn question(observation: &MooseHouseObservation) -> Option<String> {
        let moose = observation.pending_moose()?;
        if moose.target != observation.seat {
            return None;
        }
        let traps = observation.hand.count(Card::Trap);
        let holding = match traps {
            0 => "You hold no Trap card, so you can only allow it.".to_owned(),
            1 => "You hold a Trap card: trap it, and the moose and the trap are discarded."
                .to_owned(),
            n => format!(
                "You hold {n} Trap cards: trap it, and the moose and one trap are discarded."
            ),
        };
        Some(format!(
            "Seat {} plays a moose into your room {} ({}). {holding}",
            moose.attacker,
            moose.room,
            moose.kind.name()
        ))
    }

    fn revealed(state: &MooseHouse, theme: Theme) -> Vec<Line<'static>> {
        let players = mousehole_engine::GameConfig::players(state.config());
        let mut lines = Vec::new();
        let mut hands = Cards::EMPTY;
        for seat in 0..players {
            let hand = *state.hand(seat);
            hands = hands.plus(&hand);
            lines.push(Line::from(vec![
                Span::styled(format!("seat {seat}'s hand: "), theme.seat(seat)),
                Span::raw(compact(&hand)),
            ]));
        }
        // The pile is what no hand, house or discard holds: seat 0's unseen cards less the
        // other hands.
        let unseen = state.observation(0).unseen;
        let others = hands.saturating_minus(state.hand(0));
        let pile = unseen.saturating_minus(&others);
        lines.push(Line::from(vec![
            Span::styled("draw pile: ", theme.dim()),
            Span::raw(compact(&pile)),
        ]));
        lines
    }
}

use mousehole_engine::Game as _;

/// A card of the hand as a small box.
fn draw_chip(board: &mut Board<'_, Place>, x: u16, y: u16, card: Card) {
    let theme = board.theme;
    let spot = Place::Hand(card);
    let marked = board.is_marked(spot);
    let (kind, name, style) = match card {
        Card::Room(room) => ("room", short(room), theme.text()),
        Card::Moose(room) => ("moose", short(room), theme.danger()),
        Card::House => ("moose in", "house", theme.danger()),
        Card::Door => ("door", "", theme.good()),
        Card::Trap => ("trap", "", theme.accent()),
    };
    let border = if marked {
        theme.focus_border()
    } else {
        theme.border()
    };
    board.frame(x, y, CHIP_WIDTH, CHIP_HEIGHT, "", border);
    board.put(x + 1, y + 1, &fit(kind, CHIP_WIDTH - 2), style);
    board.put(x + 1, y + 2, &fit(name, CHIP_WIDTH - 2), style);
    board.hit(x, y, CHIP_WIDTH, CHIP_HEIGHT, spot);
    if marked {
        board.restyle(x + 1, y + 1, CHIP_WIDTH - 2, 2, theme.marked());
    }
}

/// The room kind in a few letters.
fn short(kind: RoomKind) -> &'static str {
    match kind {
        RoomKind::Kitchen => "kitchen",
        RoomKind::Living => "living",
        RoomKind::Bedroom => "bedroom",
        RoomKind::Bathroom => "bathroom",
    }
}

/// `2 room:kitchen, door` in short words: `kitchen×2 door`.
fn compact(cards: &Cards) -> String {
    if cards.is_empty() {
        return "none".to_owned();
    }
    cards
        .iter()
        .map(|(card, n)| {
            let name = match card {
                Card::Room(kind) => format!("room:{}", kind.word()),
                Card::Moose(kind) => format!("moose:{}", kind.word()),
                other => other.to_string(),
            };
            if n > 1 { format!("{name}×{n}") } else { name }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` padded or cut to `width` columns.
fn fit(text: &str, width: u16) -> String {
    let width = usize::from(width);
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}
