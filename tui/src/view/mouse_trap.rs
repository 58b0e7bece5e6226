//! Mouse Trap's board: the 44-space path drawn as a serpentine and The Loop beneath it, with
//! every mouse on its space; the last roll of the die; the contraption's progress (parts of
//! 25); the cheese each seat holds and the pile; the Turn Crank choices marked on the board.
//! A person's turn starts with their own roll, which they make with a key.

use mousehole_engine::games::mouse_trap::board::Space;
use mousehole_engine::games::mouse_trap::{
    MouseTrap, MouseTrapAction, MouseTrapObservation, ObservedPhase,
};

use mousehole_engine::SeenEvent;
use mousehole_engine::naming::SeatNames;

use super::{BoardView, Surface};
use crate::text::fit;

/// What a Mouse Trap action touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A space of the board.
    Space(u8),
    /// A seat's mouse.
    Mouse(usize),
}

/// Spaces per row of the path.
const PER_ROW: u16 = 11;
const CELL: u16 = 5;
const LOOP_CELL: u16 = 9;

impl BoardView for MouseTrap {
    type Spot = Piece;

    const LEGEND: &'static [(&'static str, &'static str)] = &[
        (
            "Go",
            "Start, space 0; the path runs left to right on the first row, right to left on the next, and so on, into The Loop",
        ),
        ("0 1 2", "the mice, by seat, on the line under their space"),
        ("+2", "take 2 cheese from the pile"),
        ("-1", "lose 1 cheese to the pile"),
        ("R3", "take 3 cheese from the rival holding the most"),
        (
            "B234",
            "build the next part of the trap and take 1 cheese, if 2, 3 or 4 play (dim: not with this many players)",
        ),
        (
            ">3 / <2",
            "move ahead 3 / go back 2 (the space reached does nothing)",
        ),
        ("Bone", "dog bone: nothing happens"),
        (
            "Safe",
            "The Loop's safe space: nobody can move a mouse off it",
        ),
        (
            "Crank",
            "Turn Crank: with the trap complete, pay 1 cheese to move others, then crank if someone is on the Wheel",
        ),
        (
            "Wheel",
            "Cheese Wheel: take 2 cheese; a mouse here is caught when the crank works",
        ),
        ("↺", "The Loop: after the last space comes Safe again"),
        ("die [4]", "the last roll"),
        ("trap ███░░", "the contraption: parts built of those needed"),
    ];

    const OWN_DICE: bool = true;

    fn board_size(_observation: &MouseTrapObservation) -> (u16, u16) {
        (PER_ROW * CELL, 13)
    }

    fn own_roll(observation: &MouseTrapObservation) -> Option<usize> {
        matches!(observation.phase, ObservedPhase::Roll).then_some(observation.turn)
    }

    fn prompt(observation: &MouseTrapObservation, names: &SeatNames) -> Option<String> {
        if observation.turn != observation.seat {
            return None;
        }
        let seats = |seats: &[usize]| names.any(seats);
        Some(match &observation.phase {
            ObservedPhase::Roll => "Your turn: roll your die.".to_owned(),
            ObservedPhase::Rob {
                remaining, victims, ..
            } => format!(
                "You take {remaining} more cheese from the richest: name who gives the next piece ({}).",
                seats(victims)
            ),
            ObservedPhase::TurnCrank {
                movable,
                on_wheel,
                move_cost,
            } => {
                let then = if on_wheel.is_empty() {
                    "then stop: nobody is on the Cheese Wheel".to_owned()
                } else {
                    format!("then crank: {} on the Cheese Wheel", seats(on_wheel))
                };
                if movable.is_empty() {
                    format!("You are on Turn Crank with the trap complete: {then}.")
                } else {
                    format!(
                        "You are on Turn Crank with the trap complete: you may pay {move_cost} cheese to move the mouse of {}, {then}.",
                        seats(movable)
                    )
                }
            }
            _ => return None,
        })
    }

    fn die(seen: &[SeenEvent<MouseTrapAction>]) -> Option<u8> {
        seen.iter().rev().find_map(|event| match event.view {
            MouseTrapAction::Roll(n) => Some(n),
            _ => None,
        })
    }

    fn draw_board(observation: &MouseTrapObservation, board: &mut Surface<'_, Piece>) {
        let theme = board.theme;
        let board_data = &observation.board;
        let loop_start = board_data.loop_start;
        let rows = u16::from(loop_start).div_ceil(PER_ROW);
        for space in 0..loop_start {
            let index = u16::from(space);
            let row = index / PER_ROW;
            let column = if row.is_multiple_of(2) {
                index % PER_ROW
            } else {
                PER_ROW - 1 - index % PER_ROW
            };
            draw_space(observation, board, space, column * CELL, row * 2, CELL);
        }
        let y = rows * 2;
        let x = board.put(
            0,
            y,
            &format!(
                "The Loop ↺ (after {} comes {})",
                board_data.loop_end, loop_start
            ),
            theme.dim(),
        );
        board.put(
            x,
            y,
            &format!(
                "   turn {}/{}",
                observation.turns_played + 1,
                observation.max_turns
            ),
            theme.dim(),
        );
        for (i, space) in (loop_start..=board_data.loop_end).enumerate() {
            draw_space(
                observation,
                board,
                space,
                i as u16 * LOOP_CELL,
                y + 1,
                LOOP_CELL,
            );
        }
        // The contraption and the die, then the cheese.
        let y = y + 3;
        draw_trap_and_die(observation, board, y);
        draw_cheese(observation, board, y + 1);
    }

    fn spots(observation: &MouseTrapObservation, action: &MouseTrapAction) -> Vec<Piece> {
        let at = |seat: usize| {
            observation
                .mice
                .get(seat)
                .map(|mouse| Piece::Space(mouse.space))
        };
        match *action {
            MouseTrapAction::Rob(seat) | MouseTrapAction::Move(seat) => {
                let seat = usize::from(seat);
                let mut spots = vec![Piece::Mouse(seat)];
                spots.extend(at(seat));
                spots
            }
            MouseTrapAction::Crank => {
                let mut spots = vec![Piece::Space(observation.board.cheese_wheel)];
                if let ObservedPhase::TurnCrank { on_wheel, .. } = &observation.phase {
                    spots.extend(on_wheel.iter().map(|&seat| Piece::Mouse(seat)));
                }
                spots
            }
            MouseTrapAction::Stop => vec![Piece::Space(observation.board.turn_crank)],
            MouseTrapAction::Roll(_) | MouseTrapAction::Works | MouseTrapAction::Fails => {
                Vec::new()
            }
        }
    }

    fn revealed(_state: &MouseTrap, _viewer: usize) -> Vec<String> {
        Vec::new()
    }

    fn reason(observation: &MouseTrapObservation, action: &MouseTrapAction) -> Option<String> {
        let mouse = |seat: u8| observation.mice.get(usize::from(seat));
        let wheel = observation.board.cheese_wheel;
        // Seats named as the game's own words name them: `you`, `seat 1`.
        let reader = observation.reader();
        Some(match *action {
            MouseTrapAction::Rob(seat) => {
                let holds = reader.does(usize::from(seat), "hold");
                format!("{holds} {} cheese", mouse(seat)?.cheese)
            }
            MouseTrapAction::Move(seat) => {
                let at = mouse(seat)?.space;
                let steps = steps_to(observation, at, wheel);
                let whose = reader.whose(usize::from(seat));
                match steps {
                    Some(steps @ 1..=6) => format!(
                        "{whose} mouse is {steps} from the Cheese Wheel: a roll of {steps} puts it there (1 in 6)"
                    ),
                    _ => format!("{whose} mouse, on {at}, cannot reach the Wheel with one roll"),
                }
            }
            MouseTrapAction::Crank => "a mouse is on the Cheese Wheel: the crank must turn".into(),
            MouseTrapAction::Stop => "nobody is on the Cheese Wheel".into(),
            MouseTrapAction::Roll(_) | MouseTrapAction::Works | MouseTrapAction::Fails => {
                return None;
            }
        })
    }
}

/// The contraption, as a bar of its parts built, and the die, on row `y`.
fn draw_trap_and_die(observation: &MouseTrapObservation, board: &mut Surface<'_, Piece>, y: u16) {
    let theme = board.theme;
    let trap = observation.trap;
    let bar_width = 25u16;
    let filled = if trap.needed == 0 {
        bar_width
    } else {
        (u16::from(trap.built) * bar_width / u16::from(trap.needed)).min(bar_width)
    };
    let mut x = board.put(0, y, "trap ", theme.dim());
    x = board.put(x, y, &"█".repeat(usize::from(filled)), theme.accent());
    x = board.put(
        x,
        y,
        &"░".repeat(usize::from(bar_width - filled)),
        theme.dim(),
    );
    let status = if trap.complete {
        format!(" {}/{} complete", trap.built, trap.needed)
    } else {
        format!(" {}/{} parts", trap.built, trap.needed)
    };
    x = board.put(
        x,
        y,
        &status,
        if trap.complete {
            theme.danger()
        } else {
            theme.text()
        },
    );
    let die = match (board.die, &observation.phase) {
        (_, ObservedPhase::Roll) => "[…]".to_owned(),
        (Some(roll), _) => format!("[{roll}]"),
        (None, _) => "[ ]".to_owned(),
    };
    x = board.put(x, y, "   die ", theme.dim());
    board.put(x, y, &die, theme.accent());
}

/// Cheese: every mouse's and the pile's, on one row: closer together, then by the
/// seats' numbers (the marks of the mice on the spaces above) instead of their names,
/// when four seats or long names would run past the board's edge.
fn draw_cheese(observation: &MouseTrapObservation, board: &mut Surface<'_, Piece>, y: u16) {
    let theme = board.theme;
    let start = board.put(0, y, "cheese ", theme.dim());
    let mice: Vec<(usize, &str, String)> = observation
        .mice
        .iter()
        .map(|mouse| {
            let amount = if mouse.in_play {
                mouse.cheese.to_string()
            } else {
                "caught".to_owned()
            };
            (mouse.seat, board.names[mouse.seat].as_str(), amount)
        })
        .collect();
    let pile = format!("pile {}", observation.pile);
    let room = usize::from(PER_ROW * CELL - start);
    let (pieces, gap) = cheese_row(&mice, &pile, room);
    let mut x = start;
    for (&(seat, _, _), piece) in mice.iter().zip(&pieces) {
        let spot = Piece::Mouse(seat);
        let style = if board.is_marked(spot) {
            theme.marked()
        } else {
            theme.seat(seat)
        };
        let begin = x;
        x = board.put(x, y, piece, style);
        board.hit(begin, y, x - begin, 1, spot);
        x = board.put(x, y, gap, theme.text());
    }
    board.put(x, y, &pile, theme.accent());
}

/// How many spaces forward from `from` to `to` (through The Loop), if it can be reached.
fn steps_to(observation: &MouseTrapObservation, from: u8, to: u8) -> Option<u8> {
    let board = &observation.board;
    let mut at = from;
    for steps in 1..=u8::MAX {
        at = if at == board.loop_end {
            board.loop_start
        } else {
            at + 1
        };
        if at == to {
            return Some(steps);
        }
        if at == from {
            return None;
        }
    }
    None
}

/// One space: its kind on the first line, the mice on it on the second.
fn draw_space(
    observation: &MouseTrapObservation,
    board: &mut Surface<'_, Piece>,
    space: u8,
    x: u16,
    y: u16,
    width: u16,
) {
    let theme = board.theme;
    let Some(kind) = observation.board.space(space) else {
        return;
    };
    let players = observation.mice.len();
    let wide = width > CELL;
    let label = label(kind, players, wide);
    let label = if wide {
        format!("{space} {label}")
    } else {
        label
    };
    let style = match kind {
        Space::Build {
            players: counts, ..
        } if !counts.contains(players) => theme.dim(),
        Space::Build { .. } => theme.accent(),
        Space::Lose { .. } | Space::GoBack { .. } | Space::TakeFromRichest { .. } => theme.danger(),
        Space::Take { .. } | Space::CheeseWheel { .. } => theme.good(),
        Space::TurnCrank | Space::Safe => theme.title(),
        _ => theme.text(),
    };
    let spot = Piece::Space(space);
    let marked = board.is_marked(spot);
    board.put(
        x,
        y,
        &fit(&label, usize::from(width - 1)),
        if marked { theme.marked() } else { style },
    );
    board.hit(x, y, width - 1, 2, spot);
    let mut mx = x;
    for mouse in observation
        .mice
        .iter()
        .filter(|m| m.in_play && m.space == space)
    {
        let glyph = char::from(b'0' + mouse.seat as u8).to_string();
        let style = if board.is_marked(Piece::Mouse(mouse.seat)) {
            theme.marked()
        } else {
            theme
                .seat(mouse.seat)
                .add_modifier(ratatui::style::Modifier::BOLD)
        };
        mx = board.put(mx, y + 1, &glyph, style);
    }
    if mx == x {
        board.put(x, y + 1, "·", theme.dim());
    }
}

/// A space's kind in four letters (more in The Loop's wider cells).
fn label(kind: Space, _players: usize, wide: bool) -> String {
    match kind {
        Space::Start => "Go".to_owned(),
        Space::Take { cheese } => format!("+{cheese}"),
        Space::Lose { cheese } => format!("-{cheese}"),
        Space::TakeFromRichest { cheese } => format!("R{cheese}"),
        Space::Build { players, .. } => {
            let counts: String = players.iter().map(|n| char::from(b'0' + n)).collect();
            format!("B{counts}")
        }
        Space::MoveAhead { steps } => format!(">{steps}"),
        Space::GoBack { steps } => format!("<{steps}"),
        Space::DogBone => "Bone".to_owned(),
        Space::Safe => "Safe".to_owned(),
        Space::TurnCrank if wide => "Crank".to_owned(),
        Space::TurnCrank => "Crnk".to_owned(),
        Space::CheeseWheel { .. } if wide => "Wheel".to_owned(),
        Space::CheeseWheel { .. } => "Whl".to_owned(),
    }
}

/// The cheese row's pieces, one per mouse (seat, name, amount), and the gap between them, so
/// that they and then `pile` fit in `room` columns: `name amount` two spaces apart, else one,
/// else `seat:amount` (`1:caught`), the seat's number being how the board marks its mouse.
fn cheese_row(
    mice: &[(usize, &str, String)],
    pile: &str,
    room: usize,
) -> (Vec<String>, &'static str) {
    let fits = |pieces: &[String], gap: &str| {
        let used: usize = pieces
            .iter()
            .map(|piece| crate::text::width(piece) + gap.len())
            .sum();
        used + crate::text::width(pile) <= room
    };
    let named: Vec<String> = mice
        .iter()
        .map(|(_, name, amount)| format!("{name} {amount}"))
        .collect();
    for gap in ["  ", " "] {
        if fits(&named, gap) {
            return (named, gap);
        }
    }
    let numbered = mice
        .iter()
        .map(|(seat, _, amount)| format!("{seat}:{amount}"))
        .collect();
    (numbered, " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(names: &[&str], amounts: &[&str], room: usize) -> String {
        let mice: Vec<(usize, &str, String)> = names
            .iter()
            .zip(amounts)
            .enumerate()
            .map(|(seat, (name, amount))| (seat, *name, (*amount).to_owned()))
            .collect();
        let (pieces, gap) = cheese_row(&mice, "pile 18", room);
        let mut row = pieces.join(gap);
        row.push_str(gap);
        row.push_str("pile 18");
        row
    }

    #[test]
    fn the_cheese_row_fits_the_board_however_many_seats_and_names() {
        // The board leaves 48 columns after "cheese ".
        assert_eq!(
            row(&["you", "seat 1", "seat 2"], &["2", "9", "5"], 48),
            "you 2  seat 1 9  seat 2 5  pile 18"
        );
        // Four seats, one caught: one space apart.
        let four = row(
            &["you", "seat 1", "seat 2", "seat 3"],
            &["12", "34", "caught", "15"],
            48,
        );
        assert_eq!(four, "you 12 seat 1 34 seat 2 caught seat 3 15 pile 18");
        // Four seats with two caught, or people's long names: by the seats' numbers.
        assert_eq!(
            row(
                &["you", "seat 1", "seat 2", "seat 3"],
                &["0", "caught", "caught", "18"],
                48
            ),
            "0:0 1:caught 2:caught 3:18 pile 18"
        );
        let long = row(
            &["grandmother", "grandfather", "little cousin", "you"],
            &["12", "34", "caught", "15"],
            48,
        );
        assert_eq!(long, "0:12 1:34 2:caught 3:15 pile 18");
    }

    /// The prompt names the seats it offers as every front end does (`seat 1 (bob)`), from
    /// the names the screen has, not `seat N` alone: played at random until seat 0 robs or
    /// may move mice.
    #[test]
    fn the_prompt_names_the_seats_it_offers() {
        use mousehole_engine::naming::Reader;
        use mousehole_engine::{Game, GameConfig, ToMove, rng::chance_rng};
        let names = SeatNames::new(Reader::seat(0), ["ann", "bob", "hard"]);
        let mut asked = Vec::new();
        for seed in 0..40 {
            let config =
                mousehole_engine::games::mouse_trap::MouseTrapConfig::with_players(3).unwrap();
            let mut state = MouseTrap::new(&config);
            let mut rng = chance_rng(seed);
            let (mut chances, mut legal) = (Vec::new(), Vec::new());
            while !state.is_terminal() && asked.len() < 4 {
                let action = match state.to_move() {
                    ToMove::Chance => state.sample_chance(&mut rng, &mut chances),
                    _ => state.sample_legal(&mut rng, &mut legal),
                }
                .unwrap();
                let observation = state.observation(0);
                if matches!(
                    observation.phase,
                    ObservedPhase::Rob { .. } | ObservedPhase::TurnCrank { .. }
                ) && let Some(prompt) = MouseTrap::prompt(&observation, &names)
                {
                    asked.push(prompt);
                }
                state.apply(action).unwrap();
            }
        }
        assert!(!asked.is_empty(), "seat 0 was never asked to rob or crank");
        for prompt in &asked {
            // Every seat it names is named whole: `you`, `seat 1 (bob)`, `seat 2 (hard)`.
            let bare = prompt
                .replace("seat 1 (bob)", "")
                .replace("seat 2 (hard)", "");
            assert!(!bare.contains("seat"), "{prompt}");
        }
        assert!(
            asked.iter().any(|prompt| prompt.contains("seat 1 (bob)")),
            "{asked:?}"
        );
    }
}
