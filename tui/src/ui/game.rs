//! The game screen's widgets: the title bar (the game, who plays whom at which level, what is
//! happening), the board, the moves panel (status, the hint, the list, what is typed), the
//! log (wrapped, with what concerns the person kept in view), the end panel (why it ended,
//! how each seat scored, your place), the hand-off, the trap question and the coach.

use mousehole_engine::naming::Reader;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::{PopupBox, game_layout, session};
use crate::app::{App, PACES};
use crate::session::hint::{estimate_text, hint_caveat, place_text};
use crate::session::{CoachState, GameView, HintView, LogEntry, Phase, Pin};
use crate::text::{self, wrap, wrap_line};
use crate::theme::Theme;

const SPINNER: [&str; 4] = ["⠋", "⠙", "⠸", "⠴"];

fn spinner(app: &App) -> &'static str {
    SPINNER[app.spinner / 2 % SPINNER.len()]
}

/// The whole game screen.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(session) = session(app) else {
        return;
    };
    let view = session.view();
    let layout = game_layout(app, area);
    TitleBar { app, view }.render(layout.title, buf);
    if let Phase::Handoff(seat) = view.phase {
        let [main] = Layout::vertical([Constraint::Fill(1)]).areas(Rect {
            y: layout.title.y + 1,
            height: area.height.saturating_sub(2),
            ..area
        });
        return Handoff { app, view, seat }.render(main, buf);
    }
    let theme = app.theme;
    let title = if session.hosted() && view.people.is_empty() {
        " the table ".to_owned()
    } else if session.hosted() {
        format!(" {} view ", Reader::nobody().whose(view.viewer))
    } else {
        format!(
            " {} view · seed {} ",
            Reader::nobody().whose(view.viewer),
            session.plan().seed
        )
    };
    // A board larger than its area says how to see the rest (arrows on its edges say where).
    let title = if crate::ui::board_is_cut(app) {
        let long = format!("{title}· ⇧arrows pan ");
        if text::width(&long) + 2 <= usize::from(layout.board.width) {
            long
        } else {
            format!("{title}· ⇧pan ")
        }
    } else {
        title
    };
    let block = Block::bordered()
        .border_style(theme.border())
        .title(Span::styled(title, theme.title()));
    block.render(layout.board, buf);
    session.render_board(layout.board_inner, buf, theme, app.pan);
    if view.phase == Phase::Over {
        EndPanel { app }.render(layout.side, buf);
    } else {
        MovesPanel { app, view }.render(layout.side, buf);
    }
    LogPanel {
        theme,
        title: if session.hosted() && view.people.is_empty() {
            " log: what every seat sees ".to_owned()
        } else {
            format!(" log: {} view ", Reader::nobody().whose(view.viewer))
        },
        entries: &view.log,
        pinned: view.pinned,
        scroll: app.log_scroll,
    }
    .render(layout.log, buf);
    if let (Phase::Person(_), Some(question)) = (view.phase, &view.question) {
        Question {
            app,
            view,
            text: question,
        }
        .render(layout.board, buf);
    }
    if let CoachState::Warns { text, .. } = &view.coach {
        CoachPopup { theme, text }.render(area, buf);
    }
}

/// The line at the top: the game, who plays whom at which level, what is happening, the pace.
struct TitleBar<'a> {
    app: &'a App,
    view: &'a GameView,
}

impl TitleBar<'_> {
    /// Who plays whom, in words: as long as `short` allows (`seat 1 (hard)` or `seat 1`).
    fn roster(&self, short: bool) -> String {
        let view = self.view;
        let names = &view.seats;
        // Hot seat: whose screen this is says `you` among the others (the board's title says
        // which seat).
        let name = |seat: usize| {
            if short {
                names.short(seat)
            } else {
                names.name(seat)
            }
        };
        let others = |skip: Option<usize>| {
            (0..names.len())
                .filter(|&seat| Some(seat) != skip)
                .map(name)
                .collect::<Vec<_>>()
                .join(" · ")
        };
        match view.people.as_slice() {
            [] => format!("watching {}", others(None)),
            [person] => format!("you vs {}", others(Some(*person))),
            _ => others(None),
        }
    }

    fn state(&self) -> String {
        let view = self.view;
        let names = &view.seats;
        let me = |seat: usize| names.reader().is_me(seat);
        match view.phase {
            Phase::Thinking(seat) => {
                format!("{} thinking {}", names.short(seat), spinner(self.app))
            }
            Phase::Person(seat) if me(seat) => "your move".to_owned(),
            Phase::Person(seat) => format!("{} to move", names.short(seat)),
            Phase::Roll(seat) if me(seat) => "your roll".to_owned(),
            Phase::Roll(seat) => format!("{} to roll", names.short(seat)),
            Phase::Waiting => "…".to_owned(),
            Phase::Handoff(seat) => format!("pass to {}", names.short(seat)),
            Phase::Over => "game over".to_owned(),
        }
    }
}

impl Widget for TitleBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        let game = self.view.title.split(" · ").next().unwrap_or_default();
        let state = self.state();
        let pace = format!(" │ pace {:.2}s", PACES[self.app.pace] as f64 / 1000.0);
        let room = usize::from(area.width);
        let fixed = text::width(game) + text::width(&state) + 8;
        // The roster gives way before the game and what is happening (the pace goes first):
        // seat numbers alone, then cut.
        let mut roster = self.roster(false);
        if fixed + text::width(&roster) > room {
            roster = self.roster(true);
        }
        if fixed + text::width(&roster) > room {
            roster = text::fit(&roster, room.saturating_sub(fixed + 1));
            roster = format!("{}…", roster.trim_end());
        }
        let mut spans = vec![
            Span::styled(format!(" {game} "), theme.title()),
            Span::styled(format!("│ {roster} │ "), theme.dim()),
            Span::styled(state, theme.accent()),
        ];
        let used: usize = spans.iter().map(|s| text::width(&s.content)).sum();
        if used + text::width(&pace) <= room {
            spans.push(Span::styled(pace, theme.dim()));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }
}

/// The parts of the moves panel above and below the list.
fn moves_parts(app: &App, view: &GameView, width: u16) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let theme = app.theme;
    let width = usize::from(width);
    let mut top = Vec::new();
    if let Phase::Roll(_) = view.phase {
        top.extend(wrap(&view.status, width, theme.text()));
        top.push(Line::raw(""));
        top.extend(wrap("Press ⏎ (or r) to roll.", width, theme.accent()));
        return (top, footer(app, view, width));
    }
    top.extend(wrap(&view.status, width, theme.text()));
    match &view.hint {
        HintView::None => {}
        HintView::Thinking => top.push(Line::styled(
            format!("hint: thinking {}", spinner(app)),
            theme.accent(),
        )),
        HintView::Shown { .. } => top.extend(wrap(
            if places_shown(view) {
                "hint: win chance ± error, average place, ★ the bot's pick"
            } else {
                "hint: win chance ± error, ★ the bot's pick"
            },
            width,
            theme.accent(),
        )),
    }
    (top, footer(app, view, width))
}

fn footer(app: &App, view: &GameView, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme;
    let mut bottom = Vec::new();
    if let HintView::Shown { pick_note, reason } = &view.hint {
        if let Some(reason) = reason {
            bottom.extend(wrap(&format!("why ★: {reason}"), width, theme.accent()));
        }
        if let Some(note) = pick_note {
            bottom.extend(wrap(note, width, theme.dim()));
        }
        let caveat = session(app)
            .and_then(|session| hint_caveat(session.description().name, view.seats.len()));
        if let Some(caveat) = caveat {
            bottom.extend(wrap(&caveat, width, theme.dim()));
        }
    }
    if let Some(text) = &app.typing {
        bottom.push(Line::from(vec![
            Span::styled("> ", theme.key()),
            Span::raw(text.clone()),
            Span::styled("▏", theme.accent()),
        ]));
    }
    if view.coach == CoachState::Checking {
        bottom.push(Line::styled(
            format!("coach: looking at your move {}", spinner(app)),
            theme.accent(),
        ));
    }
    let errors = [app.typing_error.as_deref(), view.failure.as_deref()];
    for error in errors.into_iter().flatten() {
        bottom.extend(wrap(error, width, theme.error()));
    }
    if let Some(error) = &view.autosave_error {
        bottom.extend(wrap(&format!("not saved: {error}"), width, theme.error()));
    }
    if let Some(message) = &app.message {
        bottom.extend(wrap(&message.text, width, message.style(theme)));
    }
    bottom
}

/// Where the list goes within the moves panel's inner area.
pub fn list_area(app: &App, inner: Rect) -> Rect {
    let Some(session) = session(app) else {
        return Rect::default();
    };
    let (top, bottom) = moves_parts(app, session.view(), inner.width);
    let top_h = (top.len() as u16).min(inner.height);
    let bottom_h = (bottom.len() as u16).min(inner.height - top_h);
    let [_, list, _] = Layout::vertical([
        Constraint::Length(top_h),
        Constraint::Fill(1),
        Constraint::Length(bottom_h),
    ])
    .areas(inner);
    list
}

/// The list's rows at `width`: each move's label (or, while typing, its text form) wrapped
/// whole, after its estimate once a hint is shown; `(move, line)` per row.
fn move_rows(app: &App, view: &GameView, width: u16) -> Vec<(usize, Line<'static>)> {
    let theme = app.theme;
    let shown: Vec<usize> = if app.typing.is_some() {
        app.matches()
    } else {
        (0..view.choices.len()).collect()
    };
    let hinted = view.choices.iter().any(|item| item.estimate.is_some());
    let places = places_shown(view);
    let mut rows = Vec::new();
    for i in shown {
        let item = &view.choices[i];
        let mut spans = Vec::new();
        if hinted {
            let star = if item.recommended { "★" } else { " " };
            let number = item
                .estimate
                .as_ref()
                .map_or_else(|| "–".to_owned(), estimate_text);
            spans.push(Span::styled(format!("{star}{number:<7} "), theme.accent()));
            if places {
                let place = item.estimate.as_ref().and_then(place_text);
                spans.push(Span::styled(
                    format!("{:<4}", place.as_deref().unwrap_or("–")),
                    theme.accent(),
                ));
            }
        }
        let text = if app.typing.is_some() || item.label.is_empty() {
            item.text.clone()
        } else {
            item.label.clone()
        };
        spans.push(Span::styled(text, theme.text()));
        let indent = match (hinted, places) {
            (true, true) => 13,
            (true, false) => 9,
            (false, _) => 1,
        };
        for line in wrap_line(&Line::from(spans), usize::from(width), indent) {
            rows.push((i, line));
        }
    }
    rows
}

/// Whether the hint's list shows each move's average place: where the search weighed places
/// and there are three or more seats (heads-up the place says no more than the win chance).
fn places_shown(view: &GameView) -> bool {
    view.seats.len() > 2
        && view
            .choices
            .iter()
            .any(|item| item.estimate.as_ref().is_some_and(|e| e.place.is_some()))
}

/// The first row shown, so the selected move is in view.
fn list_offset(rows: &[(usize, Line<'static>)], selected: usize, height: usize) -> usize {
    let first = rows.iter().position(|(i, _)| *i == selected).unwrap_or(0);
    let last = rows.iter().rposition(|(i, _)| *i == selected).unwrap_or(0);
    if height == 0 || last < height {
        0
    } else {
        (last + 1 - height).min(first)
    }
}

/// The move drawn on each row of the list at `list` (for clicks).
pub fn list_rows(app: &App, list: Rect) -> Vec<usize> {
    let Some(session) = session(app) else {
        return Vec::new();
    };
    let view = session.view();
    let rows = move_rows(app, view, list.width);
    let offset = list_offset(&rows, view.selected, usize::from(list.height));
    rows.iter()
        .skip(offset)
        .take(usize::from(list.height))
        .map(|(i, _)| *i)
        .collect()
}

/// The moves panel: what is happening, the hint, the person's moves, what they type.
struct MovesPanel<'a> {
    app: &'a App,
    view: &'a GameView,
}

impl Widget for MovesPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, view, theme) = (self.app, self.view, self.app.theme);
        let title = match view.phase {
            Phase::Person(_) => " your move ".to_owned(),
            Phase::Roll(_) => " your roll ".to_owned(),
            Phase::Thinking(seat) => format!(" {} is thinking ", view.seats.short(seat)),
            _ => " moves ".to_owned(),
        };
        let focused = matches!(view.phase, Phase::Person(_) | Phase::Roll(_));
        let inner = Block::bordered().inner(area);
        let list = list_area(app, inner);
        let rows = move_rows(app, view, list.width);
        let height = usize::from(list.height);
        let offset = list_offset(&rows, view.selected, height);
        // Moves beyond the panel's edge are said on its border (the arrows bring them in).
        let hidden = more_marker(offset, height, rows.len());
        let mut block = Block::bordered()
            .border_style(if focused {
                theme.focus_border()
            } else {
                theme.border()
            })
            .title(Span::styled(title, theme.title()));
        if !hidden.is_empty() {
            block = block.title_bottom(Line::styled(hidden, theme.accent()).right_aligned());
        }
        block.render(area, buf);
        let (top, bottom) = moves_parts(app, view, inner.width);
        Paragraph::new(top).render(
            Rect {
                height: list.y - inner.y,
                ..inner
            },
            buf,
        );
        Paragraph::new(bottom).render(
            Rect {
                y: list.bottom(),
                height: inner.bottom() - list.bottom(),
                ..inner
            },
            buf,
        );
        if rows.is_empty() && !focused {
            let waiting = match view.phase {
                Phase::Thinking(seat) => {
                    format!("{} is thinking {}", view.seats.short(seat), spinner(app))
                }
                _ => "…".to_owned(),
            };
            Paragraph::new(Line::styled(waiting, theme.dim())).render(list, buf);
            return;
        }
        // The selected move is highlighted to the panel's edge.
        for (row, (i, line)) in rows.iter().skip(offset).take(height).enumerate() {
            let y = list.y + row as u16;
            if *i == view.selected {
                buf.set_style(Rect::new(list.x, y, list.width, 1), theme.selected());
            }
            buf.set_line(list.x, y, line, list.width);
        }
    }
}

/// The log: every event in the viewer's view, wrapped, the newest at the bottom; what
/// concerns the person since their last decision kept in view at the top when it has
/// scrolled away.
pub struct LogPanel<'a> {
    pub theme: Theme,
    pub title: String,
    pub entries: &'a [LogEntry],
    pub pinned: Option<Pin>,
    /// Lines scrolled back from the newest.
    pub scroll: usize,
}

/// One log entry as lines of `width`, with a hanging indent under the event.
fn entry_lines(entry: &LogEntry, theme: Theme, width: usize, newest: bool) -> Vec<Line<'static>> {
    let who_style = match entry.actor {
        mousehole_engine::Actor::Chance => theme.dim(),
        mousehole_engine::Actor::Seat(seat) => theme.seat(seat),
    };
    let text_style = if newest { theme.accent() } else { theme.text() };
    let mut spans = vec![
        Span::styled(format!("{:>4} ", entry.number), theme.dim()),
        Span::styled(entry.who.clone(), who_style),
        Span::styled(format!(": {}", entry.text), text_style),
    ];
    if let Some(note) = &entry.note {
        spans.push(Span::styled(
            format!(" → {note}"),
            if newest { theme.accent() } else { theme.dim() },
        ));
    }
    wrap_line(&Line::from(spans), width, 5)
}

impl Widget for LogPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let inner = Block::bordered().inner(area);
        let width = usize::from(inner.width);
        let mut lines: Vec<Line<'static>> = Vec::new();
        // Where each entry's lines start.
        let mut starts = Vec::with_capacity(self.entries.len());
        for (i, entry) in self.entries.iter().enumerate() {
            starts.push(lines.len());
            lines.extend(entry_lines(
                entry,
                theme,
                width,
                i + 1 == self.entries.len(),
            ));
        }
        let height = usize::from(inner.height);
        let scroll = self.scroll.min(lines.len().saturating_sub(height));
        let end = lines.len() - scroll;
        let start = end.saturating_sub(height);
        // The pinned entry, when it is not in view (whole), goes on top, the log below it: in
        // the rows at the top of the window that it may cover (entries from before the
        // person's last decision, chance, the person's own: never another seat's move since),
        // at most half the height, cut in its middle so that its result still shows.
        let mut pinned: Vec<Line<'static>> = Vec::new();
        if let Some(pin) = self.pinned
            && let Some(&first) = starts.get(pin.entry)
            && scroll == 0
        {
            let last = starts.get(pin.entry + 1).copied().unwrap_or(lines.len());
            if first < start || last > end {
                // The entry each line of the window belongs to.
                let owner = |line: usize| starts.partition_point(|&s| s <= line) - 1;
                // The window shows whole entries: the lines of one cut at its top are free.
                let top = starts
                    .iter()
                    .copied()
                    .find(|&first| first >= start && first < end)
                    .unwrap_or(start);
                let coverable = (top..end)
                    .take_while(|&line| {
                        let index = owner(line);
                        pin.may_cover(index, &self.entries[index])
                    })
                    .count();
                let free = (top - start + coverable).min(height / 2);
                if free > 0 {
                    pinned = pinned_lines(&self.entries[pin.entry], theme, width, free);
                }
            }
        }
        let pinned_h = pinned.len();
        let title = if scroll > 0 {
            format!("{}(↑{scroll} lines: pgdn) ", self.title)
        } else {
            self.title.clone()
        };
        Block::bordered()
            .border_style(theme.border())
            .title(Span::styled(title, theme.title()))
            .render(area, buf);
        for (row, line) in pinned.iter().enumerate() {
            buf.set_line(inner.x, inner.y + row as u16, line, inner.width);
        }
        // The top of the window starts an entry where it can (a long newest entry shows
        // its end).
        let rows = height - pinned_h;
        let start = starts
            .iter()
            .copied()
            .find(|&first| first >= end.saturating_sub(rows) && first < end)
            .unwrap_or_else(|| end.saturating_sub(rows));
        for (row, line) in lines[start..end].iter().enumerate() {
            buf.set_line(
                inner.x,
                inner.y + (pinned_h + row) as u16,
                line,
                inner.width,
            );
        }
    }
}

/// A pinned log entry as at most `rows` lines of `width`, led by `▸`: whole if it fits, else
/// its first lines and its last with `…` between, or in one line the event and its result
/// (the note's first part, or the end of it).
fn pinned_lines(entry: &LogEntry, theme: Theme, width: usize, rows: usize) -> Vec<Line<'static>> {
    // Two columns for the lead.
    let mut lines = entry_lines(entry, theme, width.saturating_sub(2), false);
    if lines.len() > rows && rows >= 2 {
        let end = lines.pop().expect("more lines than rows");
        lines.truncate(rows - 1);
        let mut end = end;
        // The hanging indent holds the mark of the cut.
        if let Some(first) = end.spans.first_mut() {
            let content = first.content.to_string();
            let body = content.trim_start();
            let indent = text::width(&content) - text::width(body);
            first.content = format!("{:>indent$}{body}", "… ").into();
        }
        lines.push(end);
    } else if lines.len() > rows {
        // One row: the event and its result, the note's first part (what the move did), or
        // where even that does not fit, its end.
        let head = format!("{:>4} {}: {} → ", entry.number, entry.who, entry.text);
        let note = entry.note.as_deref().unwrap_or_default();
        let room = width.saturating_sub(2 + text::width(&head));
        let (first, more) = note.split_once("; ").unwrap_or((note, ""));
        let result = if text::width(first) <= room {
            if more.is_empty() || text::width(first) == room {
                first.to_owned()
            } else {
                format!("{first}…")
            }
        } else {
            format!("…{}", text::tail(first, room.saturating_sub(1)))
        };
        lines = vec![Line::from(vec![
            Span::styled(head, theme.text()),
            Span::styled(result, theme.dim()),
        ])];
    }
    for (n, line) in lines.iter_mut().enumerate() {
        let lead = if n == 0 { "▸ " } else { "  " };
        line.spans.insert(0, Span::styled(lead, theme.accent()));
    }
    lines
}

/// The end panel's lines at `width`: the result and why the game ended, your place, each
/// seat's score and how it was made, how a tie was broken, what was hidden.
pub fn end_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme;
    let width = usize::from(width);
    let Some(end) = session(app).and_then(|s| s.view().end.as_ref()) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let headline = if end.reason.is_empty() {
        end.headline.clone()
    } else {
        format!("{}: {}", end.headline, end.reason)
    };
    lines.extend(wrap(&headline, width, theme.accent()));
    // Your place and how ties were broken share a line where they fit.
    let place = match (&end.place, &end.tie_break) {
        (Some(place), Some(tie)) => Some(format!("{place} · {tie}")),
        (place, tie) => place.clone().or_else(|| tie.clone()),
    };
    if let Some(place) = place {
        lines.extend(wrap(&place, width, theme.title()));
    }
    // A rematch offered: right under the result, where it is seen without scrolling.
    if let Some(offer) = &end.offer {
        lines.extend(wrap(offer, width, theme.accent()));
    }
    let name_room = end
        .rows
        .iter()
        .map(|row| text::width(&row.name))
        .max()
        .unwrap_or(0)
        .min(width / 2);
    for row in &end.rows {
        let line = Line::from(vec![
            Span::raw(format!("{:>2}. ", row.rank)),
            Span::styled(text::fit(&row.name, name_room), theme.seat(row.seat)),
            Span::raw(format!(" {:>4}  ", row.score)),
            Span::styled(row.breakdown.clone(), theme.dim()),
        ]);
        lines.extend(wrap_line(&line, width, name_room + 11));
    }
    for revealed in &end.revealed {
        lines.extend(wrap(revealed, width, theme.dim()));
    }
    lines
}

struct EndPanel<'a> {
    app: &'a App,
}

impl Widget for EndPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        // What just happened (kept, saved) goes in the border, leaving the rows to the end.
        let mut title = vec![Span::styled(" game over ", theme.title())];
        if let Some(message) = &self.app.message {
            title.push(Span::styled(
                format!("· {} ", message.text),
                message.style(theme),
            ));
        }
        let mut block = Block::bordered()
            .border_style(theme.focus_border())
            .title(Line::from(title));
        let inner = block.inner(area);
        // A result longer than the window is never cut silently: its border says where more
        // lies and the arrows bring it in.
        let lines = end_lines(self.app, inner.width);
        let height = usize::from(inner.height);
        let overflow = lines.len().saturating_sub(height);
        let offset = usize::from(self.app.end_scroll).min(overflow);
        let hidden = more_marker(offset, height, lines.len());
        if !hidden.is_empty() {
            block = block.title_bottom(Line::styled(hidden, theme.accent()).right_aligned());
        }
        block.render(area, buf);
        Paragraph::new(lines)
            .scroll((offset as u16, 0))
            .render(inner, buf);
    }
}

/// What a panel showing `height` of its `total` rows from `offset` says on its border of the
/// rows beyond its edges ("" when all show).
fn more_marker(offset: usize, height: usize, total: usize) -> &'static str {
    match (offset > 0, offset + height < total) {
        (true, true) => " ↑↓ more ",
        (true, false) => " ↑ more ",
        (false, true) => " ↓ more ",
        (false, false) => "",
    }
}

struct Handoff<'a> {
    app: &'a App,
    view: &'a GameView,
    seat: usize,
}

impl Widget for Handoff<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        let block = Block::bordered()
            .border_style(theme.focus_border())
            .title(Span::styled(" hand-off ", theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        let name = self.view.seats.name(self.seat);
        let width = usize::from(inner.width);
        let mut lines = vec![Line::raw("")];
        lines.extend(wrap(
            &format!("Pass the keyboard to {name}."),
            width,
            theme.accent(),
        ));
        lines.push(Line::raw(""));
        lines.extend(wrap(
            "Everyone else, look away: the next screen shows that seat's hidden cards.",
            width,
            theme.text(),
        ));
        lines.push(Line::raw(""));
        lines.extend(wrap(
            &format!("Seat {}: press Enter when you are ready.", self.seat),
            width,
            theme.text(),
        ));
        Paragraph::new(lines).centered().render(inner, buf);
    }
}

/// The trap question, over the board.
struct Question<'a> {
    app: &'a App,
    view: &'a GameView,
    text: &'a str,
}

impl Widget for Question<'_> {
    fn render(self, board: Rect, buf: &mut Buffer) {
        let theme = self.app.theme;
        let width = board.width.saturating_sub(4).clamp(20, 60);
        let inner = usize::from(width - 2);
        let mut lines = wrap(self.text, inner, theme.text());
        lines.push(Line::raw(""));
        for (i, item) in self.view.choices.iter().enumerate() {
            let line = Line::from(vec![
                Span::styled(item.text.clone(), theme.key()),
                Span::styled(format!(" {}", item.label), theme.dim()),
            ]);
            for line in wrap_line(&line, inner, 2) {
                lines.push(if i == self.view.selected {
                    line.patch_style(theme.selected())
                } else {
                    line
                });
            }
        }
        lines.push(Line::styled("↑/↓ choose, ⏎ answer", theme.dim()));
        PopupBox {
            theme,
            title: "a moose at your door",
            lines,
            width,
        }
        .render(board, buf);
    }
}

/// The coach's warning, over everything.
struct CoachPopup<'a> {
    theme: Theme,
    text: &'a str,
}

impl Widget for CoachPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let width = area.width.saturating_sub(4).min(64);
        let inner = usize::from(width.saturating_sub(2));
        let mut lines = wrap(self.text, inner, theme.text());
        lines.push(Line::raw(""));
        lines.extend(wrap(
            "⏎ play it anyway · esc choose again",
            inner,
            theme.dim(),
        ));
        PopupBox {
            theme,
            title: "the coach",
            lines,
            width,
        }
        .render(area, buf);
    }
}

/// A bordered panel of plain lines (the replay viewer's event panel).
pub fn text_panel(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    title: &str,
    lines: Vec<Line<'static>>,
    style: Style,
) {
    let block = Block::bordered()
        .border_style(style)
        .title(Span::styled(title.to_owned(), theme.title()));
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(lines).render(inner, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::pinned;
    use mousehole_engine::Actor;

    fn entry(number: usize, actor: Actor, who: &str, text: &str, note: &str) -> LogEntry {
        LogEntry {
            number,
            actor,
            who: who.to_owned(),
            text: text.to_owned(),
            note: (!note.is_empty()).then(|| note.to_owned()),
        }
    }

    /// The log panel drawn `width` × `height` (with its border), as text rows.
    fn drawn(entries: &[LogEntry], pin: Option<Pin>, width: u16, height: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        LogPanel {
            theme: Theme::MONOCHROME,
            title: " log ".to_owned(),
            entries,
            pinned: pin,
            scroll: 0,
        }
        .render(area, &mut buf);
        (1..height - 1)
            .map(|y| {
                (1..width - 1)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect()
    }

    /// Moose in the House, the person at seat 0: their move, their draw, then two bots, the
    /// first putting a moose in their room.
    fn moose_log() -> Vec<LogEntry> {
        let chance = Actor::Chance;
        vec![
            entry(
                1,
                Actor::Seat(1),
                "seat 1",
                "play room",
                "seat 1 builds a room",
            ),
            entry(
                2,
                Actor::Seat(0),
                "you",
                "play moose 1",
                "a moose heads for seat 1, room 1",
            ),
            entry(3, chance, "chance", "draw moose", "you draw a Moose"),
            entry(
                4,
                Actor::Seat(1),
                "seat 1",
                "play moose 0",
                "a moose heads for your room 2 (bedroom): seat 1 traps it there, your room 2 is \
                 closed for good",
            ),
            entry(5, chance, "chance", "draw trap", "seat 1 draws a card"),
            entry(
                6,
                Actor::Seat(2),
                "seat 2",
                "play room",
                "seat 2 builds a room",
            ),
            entry(7, chance, "chance", "draw room", "seat 2 draws a card"),
        ]
    }

    #[test]
    fn the_pin_is_another_seats_move_that_speaks_to_you_never_your_own_draw() {
        let log = moose_log();
        assert_eq!(
            pinned(&log, 0),
            Some(Pin {
                seat: 0,
                entry: 3,
                since: 2
            })
        );
        // Before seat 1 played, nothing of another seat spoke to seat 0: its own move is
        // kept only when it speaks to it (a peek's result), its draw never.
        assert_eq!(pinned(&log[..3], 0), None);
        let peek = [
            entry(1, Actor::Seat(0), "you", "peek 2", "you see cheese"),
            entry(2, Actor::Chance, "chance", "roll 3", "seat 1 peeks"),
        ];
        assert_eq!(
            pinned(&peek, 0),
            Some(Pin {
                seat: 0,
                entry: 0,
                since: 1
            })
        );
    }

    #[test]
    fn a_pin_never_pushes_the_news_out_and_is_cut_where_its_result_is_not() {
        let log = moose_log();
        let pin = pinned(&log, 0);
        let in_view = |rows: &[String], number: usize| {
            rows.iter()
                .any(|row| row.trim_start().starts_with(&format!("{number} ")))
        };
        // Five rows: the moose at the person's door is partly out of view; it takes the rows
        // of its own lines and of a draw, never seat 2's move, and keeps its result.
        let rows = drawn(&log, pin, 60, 7);
        assert!(
            rows[0].starts_with("▸    4 seat 1: play moose 0"),
            "{rows:#?}"
        );
        assert!(rows[1].contains("… closed for good"), "{rows:#?}");
        for number in 5..=7 {
            assert!(in_view(&rows, number), "entry {number} in view: {rows:#?}");
        }
        // Other seats' moves fill the window: no pin pushes one away.
        let mut busy = log.clone();
        for number in 8..=12 {
            busy.push(entry(
                number,
                Actor::Seat(1 + number % 2),
                &format!("seat {}", 1 + number % 2),
                "play room",
                "builds a room",
            ));
        }
        let pin = pinned(&busy, 0);
        assert_eq!(pin.map(|p| p.entry), Some(3));
        let rows = drawn(&busy, pin, 60, 7);
        assert!(rows.iter().all(|row| !row.starts_with('▸')), "{rows:#?}");
        for number in 8..=12 {
            assert!(in_view(&rows, number), "entry {number} in view: {rows:#?}");
        }
        // One row to spare: the pin in one line, its start and its result.
        let rows = drawn(&log[..6], pin, 60, 5);
        assert!(
            rows[0].starts_with("▸    4 seat 1: play moose 0 → …"),
            "{rows:#?}"
        );
        assert!(rows[0].ends_with("closed for good"), "{rows:#?}");
    }
}
