//! Moose in the House's board: every house left to right (its Moose in the House card, its
//! rooms empty, with a moose or closed by a door, the hand size), this seat's hand as cards,
//! the draw pile's count and the discard pile; the trap question as a modal.

use mousehole_engine::games::moose_house::{
    Card, Cards, Content, MooseHouse, MooseHouseAction, MooseHouseObservation, ObservedHouse,
    ObservedPhase, RoomKind,
};

use mousehole_engine::Game as _;
use mousehole_engine::naming::Reader;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{BoardView, Surface, count};
use crate::text::fit;

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
/// Rooms listed one a line, names in full, up to this many; more go several a line.
const HOUSE_ROWS: u16 = 7;

impl BoardView for MooseHouse {
    type Spot = Place;

    const LEGEND: &'static [(&'static str, &'static str)] = &[
        (
            "┌you hand 4┐",
            "a house: whose, and how many cards that seat holds",
        ),
        ("▶", "the seat deciding now"),
        (
            "Moose in House",
            "the house has its Moose in the House card: moose may come in",
        ),
        (
            "2 bedroom ·",
            "room 2, a bedroom, empty (a moose of its kind may go in)",
        ),
        ("M", "a moose in the room (each counts against that seat)"),
        ("▮", "a door: the room is closed for good"),
        (
            "3be·",
            "a full house lists rooms briefly: room 3, bedroom (ki, li, be, ba)",
        ),
        ("2M 1D", "moose and doors in the house"),
        (
            "hand",
            "your cards; the marked one is what the selected move plays",
        ),
        (
            "moose ki li×2",
            "a long discard pile in brief: a kitchen moose card, two living-room ones",
        ),
        (
            "draw pile",
            "cards left to draw; once empty, whoever cannot play passes",
        ),
    ];

    fn board_size(observation: &MooseHouseObservation) -> (u16, u16) {
        let rooms = observation
            .houses
            .iter()
            .map(|h| h.rooms.len())
            .max()
            .unwrap_or(0);
        // One room a line up to HOUSE_ROWS, then three a line (a house 16 wide).
        let rows = if rooms <= usize::from(HOUSE_ROWS) {
            rooms.max(3)
        } else {
            rooms.div_ceil(3)
        } as u16;
        let width = (observation.houses.len() as u16 * 16).max(CHIP_WIDTH * 5);
        let discards = discard_lines(observation, width, Style::default()).len() as u16;
        (width, rows + 3 + CHIP_HEIGHT + 1 + discards)
    }

    fn draw_board(observation: &MooseHouseObservation, board: &mut Surface<'_, Place>) {
        let players = observation.houses.len() as u16;
        let room_rows = board
            .height()
            .saturating_sub(3 + CHIP_HEIGHT + 2)
            .clamp(1, HOUSE_ROWS);
        let width = (board.width() / players.max(1)).max(10);
        let height = room_rows + 3;
        for (index, house) in observation.houses.iter().enumerate() {
            let x = width * index as u16;
            draw_house(observation, house, board, (x, width, room_rows));
        }
        draw_hand_and_piles(observation, board, height);
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
        observation.phase == ObservedPhase::Deal
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

    fn revealed(state: &MooseHouse, viewer: usize) -> Vec<String> {
        // Once the game is over, the moose held in the other hands, which the end's breakdown
        // counts but names only for the viewer's own hand; and the draw pile: seat 0's unseen
        // cards less the other hands.
        let players = mousehole_engine::GameConfig::players(state.config());
        let over = state.is_terminal();
        let held: Vec<String> = (0..players)
            .filter(|&seat| over && seat != viewer)
            .filter_map(|seat| {
                let moose = state.hand(seat).moose_cards().short();
                (!moose.is_empty()).then(|| format!("{} {moose}", Reader::seat(viewer).who(seat)))
            })
            .collect();
        let mut lines = Vec::new();
        if !held.is_empty() {
            lines.push(format!(
                "moose held in the other hands: {}",
                held.join("; ")
            ));
        }
        let mut hands = Cards::EMPTY;
        for seat in 1..players {
            hands = hands.plus(state.hand(seat));
        }
        let pile = state.observation(0).unseen.saturating_minus(&hands);
        if !pile.is_empty() {
            lines.push(format!("the draw pile held: {}", compact(&pile)));
        }
        lines
    }

    fn reason(observation: &MooseHouseObservation, action: &MooseHouseAction) -> Option<String> {
        let me = usize::from(observation.seat);
        // Every card here goes to an opponent, named as the game's own words name seats.
        let who = |seat: u8| observation.reader().who(usize::from(seat));
        let empty = |seat: u8| {
            observation
                .house(usize::from(seat))
                .map_or(0, |h| h.empty_rooms)
        };
        Some(match *action {
            MooseHouseAction::House { seat } => match empty(seat) {
                0 => format!(
                    "{} has no Moose in the House yet: once it does, moose can go into \
                     the empty rooms it is given",
                    who(seat)
                ),
                1 => format!(
                    "{} has no Moose in the House yet: once it does, moose can go into \
                     its empty room",
                    who(seat)
                ),
                rooms => format!(
                    "{} has no Moose in the House yet: once it does, moose can go into \
                     its {rooms} empty rooms",
                    who(seat)
                ),
            },
            MooseHouseAction::Room { kind, seat } => format!(
                "{} gets an empty {} a moose can later go into",
                who(seat),
                kind.name()
            ),
            MooseHouseAction::Moose { kind, seat, .. } => format!(
                "a moose for {}: one more against them (a {} needs a matching room)",
                who(seat),
                kind.name()
            ),
            MooseHouseAction::Door { .. } => match empty(me as u8) {
                1 => "a door closes your empty room for good".to_owned(),
                rooms => format!("a door closes one of your {rooms} empty rooms for good"),
            },
            MooseHouseAction::Trap => "the moose goes to the discards, not into your room".into(),
            MooseHouseAction::Discard(card) => {
                format!("nothing can be played: {card} is the card you need least")
            }
            MooseHouseAction::Allow | MooseHouseAction::Pass | MooseHouseAction::Draw(_) => {
                return None;
            }
        })
    }
}

/// Seat `house.seat`'s house in its column (from `x`, `width` wide, with `room_rows` rows of
/// rooms): its frame titled with the seat's name and hand size, its Moose in the House card,
/// its rooms, and how many moose and doors it has.
fn draw_house(
    observation: &MooseHouseObservation,
    house: &ObservedHouse,
    board: &mut Surface<'_, Place>,
    (x, width, room_rows): (u16, u16, u16),
) {
    let theme = board.theme;
    let height = room_rows + 3;
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
    board.put(x + 1, 1, &fit(moose_line, usize::from(inner)), style);
    if marked {
        board.restyle(x + 1, 1, inner, 1, theme.marked());
    }
    if house.rooms.is_empty() {
        board.put(x + 1, 2, &fit("no rooms", usize::from(inner)), theme.dim());
    }
    draw_rooms(house, board, x, inner, room_rows);
    let summary = format!("{}M {}D", house.moose, house.doors);
    board.put(
        x + width.saturating_sub(summary.len() as u16 + 1),
        height - 1,
        &summary,
        theme.dim(),
    );
}

/// A house's rooms, inside its frame from column `x` (`inner` wide, `room_rows` rows): one a
/// line while they fit, else several a line in short.
fn draw_rooms(
    house: &ObservedHouse,
    board: &mut Surface<'_, Place>,
    x: u16,
    inner: u16,
    room_rows: u16,
) {
    let theme = board.theme;
    let seat = house.seat;
    let one_a_line = house.rooms.len() <= usize::from(room_rows);
    let cell = if one_a_line {
        inner
    } else {
        let digits = house.rooms.len().to_string().len() as u16;
        digits + 3
    };
    let per_row = ((inner + 1) / (cell + 1)).max(1);
    let fits = usize::from(per_row * room_rows);
    for (i, room) in house.rooms.iter().enumerate() {
        let (row, column) = (i as u16 / per_row, i as u16 % per_row);
        if i + 1 == fits && house.rooms.len() > fits {
            // Only when the terminal is too small for the board it asked for.
            let rest = house.rooms.len() - i;
            board.put(
                x + 1 + column * (cell + 1),
                2 + row,
                &format!("+{rest}"),
                theme.dim(),
            );
            break;
        }
        let (rx, y) = (x + 1 + column * (cell + 1), 2 + row);
        let (mark, mark_style) = match room.content {
            Content::Empty => ("·", theme.dim()),
            Content::Moose => ("M", theme.danger()),
            Content::Door => ("▮", theme.good()),
        };
        let label = if one_a_line {
            fit(
                &format!("{} {}", room.room, room.kind.word()),
                usize::from(cell - 2),
            )
        } else {
            format!("{}{}", room.room, &room.kind.word()[..2])
        };
        board.put(rx, y, &label, theme.text());
        board.put(rx + cell - 1, y, mark, mark_style);
        let spot = Place::Room(seat, room.room);
        board.hit(rx, y, cell, 1, spot);
        if board.is_marked(spot) {
            board.restyle(rx, y, cell, 1, theme.marked());
        }
    }
}

/// Below the houses (from row `y`): the hand as cards (the first one's frame says whose), then
/// the draw pile, the passes in a row and the discard pile.
fn draw_hand_and_piles(
    observation: &MooseHouseObservation,
    board: &mut Surface<'_, Place>,
    y: u16,
) {
    let theme = board.theme;
    let players = observation.houses.len() as u16;
    let mut x = 0;
    for (card, n) in observation.hand.iter() {
        for _ in 0..n {
            draw_chip(board, x, y, card, x == 0);
            x += CHIP_WIDTH;
        }
    }
    if observation.public {
        // The table as everyone sees it: every hand is hidden (its size is on its house).
        board.put(0, y + 1, "(hands are not shown to spectators)", theme.dim());
    } else if observation.hand.is_empty() {
        board.put(0, y + 1, "(no cards in your hand)", theme.dim());
    }
    let y = y + CHIP_HEIGHT;
    let mut x = board.put(0, y, "draw pile ", theme.dim());
    x = board.put(x, y, &count(observation.pile_size, "card"), theme.accent());
    if observation.passes > 0 {
        board.put(
            x,
            y,
            &format!("   passes in a row {} of {}", observation.passes, players),
            theme.text(),
        );
    }
    let lines = discard_lines(observation, board.width(), theme.dim());
    for (row, line) in (y + 1..).zip(&lines) {
        board.put_line(0, row, line);
    }
}

/// A card of the hand as a small box; the first one's frame says `hand`.
fn draw_chip(board: &mut Surface<'_, Place>, x: u16, y: u16, card: Card, first: bool) {
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
    board.frame(
        x,
        y,
        CHIP_WIDTH,
        CHIP_HEIGHT,
        if first { "hand" } else { "" },
        border,
    );
    board.put(x + 1, y + 1, &fit(kind, usize::from(CHIP_WIDTH - 2)), style);
    board.put(x + 1, y + 2, &fit(name, usize::from(CHIP_WIDTH - 2)), style);
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

/// The discard pile under its own text, wrapped to `width`: in full when it fits one line,
/// else in brief (`moose ki li×4, house×7`, as a full house lists its rooms); the board asks
/// for the lines it needs.
fn discard_lines(
    observation: &MooseHouseObservation,
    width: u16,
    label: Style,
) -> Vec<Line<'static>> {
    const LABEL: &str = "discards ";
    let width = usize::from(width);
    let mut cards = compact(&observation.discard);
    if crate::text::width(&cards) + LABEL.len() > width {
        cards = brief(&observation.discard);
    }
    let line = Line::from(vec![Span::styled(LABEL, label), Span::raw(cards)]);
    crate::text::wrap_line(&line, width, LABEL.len())
}

/// Cards by family, rooms in two letters: `room ki, moose ki li×4, house×7, trap`.
fn brief(cards: &Cards) -> String {
    let mut rooms = Vec::new();
    let mut moose = Vec::new();
    let mut others = Vec::new();
    for (card, n) in cards.iter() {
        let times = if n > 1 {
            format!("×{n}")
        } else {
            String::new()
        };
        match card {
            Card::Room(kind) => rooms.push(format!("{}{times}", &kind.word()[..2])),
            Card::Moose(kind) => moose.push(format!("{}{times}", &kind.word()[..2])),
            other => others.push(format!("{other}{times}")),
        }
    }
    let families = [("room ", rooms), ("moose ", moose)]
        .into_iter()
        .filter(|(_, kinds)| !kinds.is_empty())
        .map(|(family, kinds)| format!("{family}{}", kinds.join(" ")));
    families.chain(others).collect::<Vec<_>>().join(", ")
}

/// `2 room:kitchen, door` in short words: `room:kitchen×2 door`.
fn compact(cards: &Cards) -> String {
    if cards.is_empty() {
        return "none".to_owned();
    }
    cards.short()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_engine::Game;

    #[test]
    fn reasons_count_rooms_in_plain_grammar() {
        let config = mousehole_engine::testing::config::<MooseHouse>("players=3");
        // At the start nobody has a room.
        let observation = MooseHouse::new(&config).observation(0);
        let reason =
            MooseHouse::reason(&observation, &MooseHouseAction::House { seat: 1 }).unwrap();
        assert!(!reason.contains("0 empty"), "{reason}");
        assert!(reason.ends_with("the empty rooms it is given"), "{reason}");
    }
}
