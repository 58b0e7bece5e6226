//! Mouse Trap's board: the 44-space path drawn as a serpentine and The Loop beneath it, with
//! every mouse on its space; the contraption's progress (parts of 25); the cheese each seat
//! holds and the pile; the Turn Crank choices marked on the board.

use mousehole_engine::games::mouse_trap::board::Space;
use mousehole_engine::games::mouse_trap::{
    MouseTrap, MouseTrapAction, MouseTrapObservation, PhaseView,
};
use ratatui::text::Line;

use super::{Board, BoardView};
use crate::theme::Theme;

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

    fn board_size(_observation: &MouseTrapObservation) -> (u16, u16) {
        (PER_ROW * CELL, 14)
    }

    fn draw_board(observation: &MouseTrapObservation, board: &mut Board<'_, Piece>) {
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
        let arrow = if rows % 2 == 0 { "↓ " } else { " ↓" };
        let _ = arrow;
        board.put(0, y, "The Loop ↺ (after ", theme.dim());
        board.put(
            18,
            y,
            &format!("{} comes {})", board_data.loop_end, loop_start),
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
        // The contraption.
        let y = y + 3;
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
        board.put(
            x,
            y,
            &status,
            if trap.complete {
                theme.danger()
            } else {
                theme.text()
            },
        );
        // Cheese.
        let y = y + 1;
        let mut x = board.put(0, y, "cheese ", theme.dim());
        for mouse in &observation.mice {
            let name = &board.names[mouse.seat];
            let text = if mouse.in_play {
                format!("{name} {}", mouse.cheese)
            } else {
                format!("{name} caught")
            };
            let spot = Piece::Mouse(mouse.seat);
            let style = if board.is_marked(spot) {
                theme.marked()
            } else {
                theme.seat(mouse.seat)
            };
            let start = x;
            x = board.put(x, y, &text, style);
            board.hit(start, y, x - start, 1, spot);
            x = board.put(x, y, "  ", theme.text());
        }
        board.put(x, y, &format!("pile {}", observation.pile), theme.accent());
        board.put(
            0,
            y + 1,
            &format!(
                "turn {} of at most {}",
                observation.turns_played + 1,
                observation.max_turns
            ),
            theme.dim(),
        );
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
                if let PhaseView::TurnCrank { on_wheel, .. } = &observation.phase {
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

    fn revealed(_state: &MouseTrap, theme: Theme) -> Vec<Line<'static>> {
        vec![Line::styled(
            "Nothing was hidden in Mouse Trap: the board showed everything.",
            theme.dim(),
        )]
    }
}

/// One space: its kind on the first line, the mice on it on the second.
fn draw_space(
    observation: &MouseTrapObservation,
    board: &mut Board<'_, Piece>,
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
        &fit(&label, width - 1),
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

fn fit(text: &str, width: u16) -> String {
    let width = usize::from(width);
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}
