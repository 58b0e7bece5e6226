//! The replay viewer's screen: the title with the position, the board in the chosen view,
//! the event panel (what happened, what its decider thought, what was hidden) and the log.

use mousehole_engine::naming::Reader;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::GameLayout;
use super::game::{LogPanel, text_panel};
use crate::app::App;
use crate::replay::ReplayView;
use crate::text::wrap;

/// The viewer's layout: the board as large as it asks (leaving the event panel 28 columns
/// and the log 7 rows), the event panel beside it, the log below.
pub fn layout(app: &App, area: Rect) -> GameLayout {
    let [body, bar] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let [title, main] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(body);
    let (w, h) = app
        .replay
        .as_deref()
        .map_or((0, 0), crate::replay::Replay::board_size);
    let board_w = (w + 2).min(
        main.width
            .saturating_sub(super::SIDE_MIN.min(main.width / 3)),
    );
    let board_h = (h + 2)
        .min(main.height.saturating_sub(super::LOG_ROWS))
        .max(3);
    let [top, log] =
        Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)]).areas(main);
    let [board, side] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(top);
    GameLayout {
        title,
        board,
        board_inner: Block::bordered().inner(board),
        side,
        list: Rect::default(),
        log,
        bar,
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let Some(viewer) = app.replay.as_deref() else {
        return;
    };
    let parts = layout(app, area);
    Paragraph::new(Line::from(vec![
        Span::styled(format!(" {} ", viewer.title()), theme.title()),
        Span::styled(
            format!("│ event {} of {}", viewer.position(), viewer.len()),
            theme.dim(),
        ),
    ]))
    .render(parts.title, buf);
    let view = match viewer.view() {
        ReplayView::Seat(seat) => format!(" {} view ", Reader::nobody().whose(seat)),
        ReplayView::Everything => " everything ".to_owned(),
    };
    Block::bordered()
        .border_style(theme.border())
        .title(Span::styled(view, theme.title()))
        .render(parts.board, buf);
    viewer.render_board(parts.board_inner, buf, theme, app.pan);
    let width = usize::from(parts.side.width.saturating_sub(2));
    let mut lines = Vec::new();
    for line in viewer.status() {
        lines.extend(wrap(&line, width, theme.text()));
    }
    if let Some(problem) = viewer.problem() {
        lines.extend(wrap(problem, width, theme.error()));
    }
    for revealed in viewer.revealed() {
        lines.extend(wrap(&revealed, width, theme.dim()));
    }
    text_panel(parts.side, buf, theme, " event ", lines, theme.border());
    let entries = viewer.log();
    LogPanel {
        theme,
        title: " log ".to_owned(),
        entries: &entries,
        pinned: None,
        scroll: 0,
    }
    .render(parts.log, buf);
}
