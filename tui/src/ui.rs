//! Drawing, ratatui's way: `impl Widget for &App` lays the screen out with pure layout
//! functions ([`game_layout`], also what clicks are matched against) and draws it through
//! small widgets ([`game`], [`popups`], [`replay`]) that read the app's state and never write
//! it. Every wrapped text goes through [`crate::text`].

mod game;
mod lists;
mod popups;
mod replay;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Widget};

use crate::app::{App, HelpTab, Popup, Screen};
use crate::session::{Phase, Session};

pub use game::list_rows;

/// Rows the log keeps at the least (with its border), so five lines always show.
const LOG_ROWS: u16 = 7;
/// The side column's narrowest (Mouse Trap's board, 57 wide, leaves it this at 80 columns).
const SIDE_MIN: u16 = 23;
/// From this width on, the log runs the whole width under the board and the side panel.
const WIDE: u16 = 100;

/// Where the parts of the game screen go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameLayout {
    pub title: Rect,
    pub board: Rect,
    /// Inside the board's border: where the board view draws.
    pub board_inner: Rect,
    /// The moves panel, or the end panel once the game is over.
    pub side: Rect,
    /// The rows of the move list within the moves panel.
    pub list: Rect,
    pub log: Rect,
    pub bar: Rect,
}

/// The game screen's layout for `area`: the board as large as it asks, within what leaves
/// the side panel [`SIDE_MIN`] columns and the log [`LOG_ROWS`] rows; the log below the board
/// when there is room (the whole width on a wide screen, else the board's, the moves then
/// taking the whole height), else under the moves in the side column; at the end, the end
/// panel across the bottom and the log beside the board.
pub fn game_layout(app: &App, area: Rect) -> GameLayout {
    let [body, bar] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let [title, main] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(body);
    let Some(session) = app.session.as_deref() else {
        return GameLayout {
            title,
            bar,
            ..GameLayout::default()
        };
    };
    let view = session.view();
    let (board_w, board_h) = (view.board_size.0 + 2, view.board_size.1 + 2);
    let side_min = SIDE_MIN.min(main.width / 3);
    let board_w = board_w.min(main.width.saturating_sub(side_min));
    let mut layout = GameLayout {
        title,
        bar,
        ..GameLayout::default()
    };
    if view.phase == Phase::Over {
        let end_h = (game::end_lines(app, main.width.saturating_sub(2)).len() as u16 + 2)
            .min(main.height.saturating_sub(LOG_ROWS));
        let [top, end] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(end_h)]).areas(main);
        let [board, log] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(top);
        layout.board = board;
        layout.side = end;
        layout.log = log;
    } else if main.height >= board_h + LOG_ROWS && main.width >= WIDE {
        let [top, log] =
            Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)]).areas(main);
        let [board, side] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(top);
        layout.board = board;
        layout.side = side;
        layout.log = log;
    } else if main.height >= board_h + LOG_ROWS {
        // On a narrow screen the moves take the whole height beside the board and the log.
        let [board_column, side] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(main);
        let [board, log] = Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)])
            .areas(board_column);
        layout.board = board;
        layout.side = side;
        layout.log = log;
    } else {
        let [board_column, column] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Fill(1)]).areas(main);
        let [board, _] = Layout::vertical([Constraint::Length(board_h), Constraint::Fill(1)])
            .areas(board_column);
        let log_h = (column.height / 2).max(LOG_ROWS).min(column.height);
        let [side, log] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(log_h)]).areas(column);
        layout.board = board;
        layout.side = side;
        layout.log = log;
    }
    layout.board_inner = Block::bordered().inner(layout.board);
    if view.phase != Phase::Over {
        layout.list = game::list_area(app, Block::bordered().inner(layout.side));
    }
    layout
}

/// Whether the board on screen is larger than the room it has (it pans, arrows on its edges).
pub fn board_is_cut(app: &App) -> bool {
    let size = app.size();
    match app.screen {
        Screen::Game => app.session.as_deref().is_some_and(|session| {
            let inner = game_layout(app, size).board_inner;
            let (w, h) = session.view().board_size;
            w > inner.width || h > inner.height
        }),
        Screen::Replay => app.replay.as_deref().is_some_and(|viewer| {
            let inner = replay::layout(app, size).board_inner;
            let (w, h) = viewer.board_size();
            w > inner.width || h > inner.height
        }),
        Screen::Setup | Screen::History | Screen::Review => false,
    }
}

/// Lines a page of the log scrolls: what it shows, less one to keep the reader's place.
pub fn log_page(app: &App) -> usize {
    let log = game_layout(app, app.size()).log;
    usize::from(log.height.saturating_sub(3)).max(1)
}

/// How many of the end panel's lines do not fit it at `size`: how far the arrows scroll it.
pub fn end_overflow(app: &App, size: Rect) -> u16 {
    let inner = Block::bordered().inner(game_layout(app, size).side);
    (game::end_lines(app, inner.width).len() as u16).saturating_sub(inner.height)
}

/// How far the help's `tab` scrolls at terminal size `size`.
pub fn help_overflow(app: &App, size: Rect, tab: HelpTab) -> u16 {
    popups::help_overflow(app, size, tab)
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let [body, bar] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
        match self.screen {
            Screen::Setup => popups::render_setup(self, body, buf),
            Screen::Game => game::render(self, area, buf),
            Screen::Replay => replay::render(self, area, buf),
            Screen::History => lists::render_history(self, body, buf),
            Screen::Review => lists::render_review(self, body, buf),
        }
        popups::render_key_bar(self, bar, buf);
        match &self.popup {
            Some(Popup::Help { tab, scroll }) => {
                popups::render_help(self, area, buf, *tab, *scroll);
            }
            Some(Popup::Save { path, error, .. }) => {
                popups::render_save(self, area, buf, path, error.as_deref());
            }
            Some(Popup::QuitUnsaved) => popups::render_quit_unsaved(self, area, buf),
            None => {}
        }
    }
}

/// A rectangle of `width` × `height` in the middle of `area`.
pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// A popup: `lines` in a bordered box `width` wide with `title`, in the middle of the area
/// it is drawn in, over what is there.
pub(crate) struct PopupBox<'a> {
    pub theme: crate::theme::Theme,
    pub title: &'a str,
    pub lines: Vec<ratatui::text::Line<'static>>,
    pub width: u16,
}

impl Widget for PopupBox<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let popup = centered(area, self.width, self.lines.len() as u16 + 2);
        ratatui::widgets::Clear.render(popup, buf);
        ratatui::widgets::Paragraph::new(self.lines)
            .block(Block::bordered().border_style(theme.focus_border()).title(
                ratatui::text::Span::styled(format!(" {} ", self.title), theme.title()),
            ))
            .render(popup, buf);
    }
}

/// The session on screen, if any (a shorthand for the widgets).
fn session(app: &App) -> Option<&dyn Session> {
    app.session.as_deref()
}
