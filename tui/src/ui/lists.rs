//! The two list screens: your kept games (date, game, seats, your result, and your wins per
//! level), and the coach's review of a game (each of your decisions, marked by the win
//! chance it gave away, with the better move and why).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::App;
use crate::history::tally;
use crate::review::{Review, Reviewed, Reviewing};
use crate::session::hint::win_and_place;
use crate::text::{self, wrap, wrap_line};
use crate::theme::Theme;

/// Rows of `items` around `selected`, as many as `height` holds: the selected item's lines
/// highlighted (each item is one or more lines).
fn list_window(
    items: Vec<Vec<Line<'static>>>,
    selected: usize,
    height: usize,
    highlight: Style,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut first_of = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        first_of.push(lines.len());
        for line in item {
            lines.push(if i == selected {
                line.patch_style(highlight)
            } else {
                line
            });
        }
    }
    let start = first_of.get(selected).copied().unwrap_or(0);
    let end = first_of.get(selected + 1).copied().unwrap_or(lines.len());
    let offset = if end <= height {
        0
    } else {
        (end - height).min(start)
    };
    lines.into_iter().skip(offset).take(height).collect()
}

pub fn render_history(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let [title, main] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    Paragraph::new(Line::styled(" your games", theme.title())).render(title, buf);
    let block = Block::bordered()
        .border_style(theme.border())
        .title(Span::styled(" games you played and kept ", theme.title()));
    let inner = block.inner(main);
    block.render(main, buf);
    let width = usize::from(inner.width);
    let mut head: Vec<Line<'static>> = Vec::new();
    let tallies: Vec<String> = tally(&app.history)
        .iter()
        .filter(|t| t.games > 0)
        .map(|t| format!("{}: won {} of {}", t.level, t.wins, t.games))
        .collect();
    head.extend(wrap(
        &if tallies.is_empty() {
            "your wins per level show here once you finish a game alone against the levels"
                .to_owned()
        } else {
            format!("your wins · {}", tallies.join(" · "))
        },
        width,
        theme.accent(),
    ));
    if let Some(message) = &app.message {
        head.extend(wrap(&message.text, width, message.style(theme)));
    }
    head.push(Line::raw(""));
    let dir = app.games.as_ref().map_or_else(
        || "no folder: games are not kept this time".to_owned(),
        |dir| dir.display().to_string(),
    );
    if app.history.is_empty() {
        head.extend(wrap(
            &format!("No games yet in {dir}: finished games with a person are kept there, and so is what you save with s."),
            width,
            theme.dim(),
        ));
    }
    let items: Vec<Vec<Line<'static>>> = app
        .history
        .iter()
        .map(|kept| {
            let game = mousehole_engine::registry::find(&kept.transcript.game).map_or_else(
                |_| kept.transcript.game.clone(),
                |info| info.short_title().to_owned(),
            );
            let line = Line::from(vec![
                Span::styled(format!("{:<16} ", kept.date), theme.dim()),
                Span::styled(format!("{game:<18} "), theme.text()),
                Span::styled(format!("{:<11} ", kept.result()), theme.accent()),
                Span::styled(kept.seats(), theme.dim()),
            ]);
            wrap_line(&line, width, 17)
        })
        .collect();
    let [top, list, foot] = Layout::vertical([
        Constraint::Length(head.len() as u16),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    Paragraph::new(head).render(top, buf);
    let shown = list_window(
        items,
        app.history_selected,
        usize::from(list.height),
        theme.selected(),
    );
    Paragraph::new(shown).render(list, buf);
    Paragraph::new(Line::styled(
        text::fit(&format!("kept in {dir}"), width),
        theme.dim(),
    ))
    .render(foot, buf);
}

pub fn render_review(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let [title, main] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    let Some(reviewing) = app.reviewing.as_ref() else {
        return;
    };
    let block = Block::bordered()
        .border_style(theme.border())
        .title(Span::styled(" the coach's review ", theme.title()));
    let inner = block.inner(main);
    block.render(main, buf);
    let width = usize::from(inner.width);
    let review = match &reviewing.result {
        None => {
            Paragraph::new(Line::styled(" the coach's review", theme.title())).render(title, buf);
            Paragraph::new(review_progress(reviewing, theme, width)).render(inner, buf);
            return;
        }
        Some(Err(error)) => {
            Paragraph::new(wrap(error, width, theme.error())).render(inner, buf);
            return;
        }
        Some(Ok(review)) => review,
    };
    let head = review_head(reviewing, review, theme, title, width, buf);
    let items: Vec<Vec<Line<'static>>> = review
        .moves
        .iter()
        .map(|m| reviewed_lines(m, theme, width))
        .collect();
    let [top, list] =
        Layout::vertical([Constraint::Length(head.len() as u16), Constraint::Fill(1)]).areas(inner);
    Paragraph::new(head).render(top, buf);
    if review.moves.is_empty() {
        Paragraph::new(Line::styled(
            "you had no decision with a choice in this game",
            theme.dim(),
        ))
        .render(list, buf);
        return;
    }
    let shown = list_window(
        items,
        reviewing.selected,
        usize::from(list.height),
        Style::default().add_modifier(ratatui::style::Modifier::REVERSED),
    );
    Paragraph::new(shown).render(list, buf);
}

/// The review under way: how far the coach has searched, as a bar.
fn review_progress(reviewing: &Reviewing, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let events = reviewing.transcript.events.len().max(1);
    let done = reviewing
        .progress
        .load(std::sync::atomic::Ordering::Relaxed);
    let bar = 30 * done.min(events) / events;
    let lines = vec![
        Line::raw(""),
        Line::styled(
            "The coach searches each of your decisions again, from what you could see then…",
            theme.text(),
        ),
        Line::raw(""),
        Line::from(vec![
            Span::styled("█".repeat(bar), theme.accent()),
            Span::styled("░".repeat(30 - bar), theme.dim()),
            Span::styled(format!(" event {done} of {events}"), theme.dim()),
        ]),
    ];
    crate::text::wrap_all(&lines, width, 0)
}

/// Draws the title line of a finished review into `title` and returns the lines that head
/// its list: whose review (when the title has no room for it), the summary and the note on
/// what the figures are.
fn review_head(
    reviewing: &Reviewing,
    review: &Review,
    theme: Theme,
    title: Rect,
    width: usize,
    buf: &mut Buffer,
) -> Vec<Line<'static>> {
    // The title line says whose review of what game, said shorter where it does not fit
    // (never cut in a name): without its lead, else the seat on the first line below.
    let room = usize::from(title.width);
    let whose = format!("│ {}", review.who);
    let lead = [
        format!(" the coach's review: {} ", review.title),
        format!(" {} ", review.title),
    ]
    .into_iter()
    .find(|lead| text::width(lead) + text::width(&whose) <= room);
    let mut head = Vec::new();
    if let Some(lead) = lead {
        Paragraph::new(Line::from(vec![
            Span::styled(lead, theme.title()),
            Span::styled(whose, theme.dim()),
        ]))
        .render(title, buf);
    } else {
        Paragraph::new(Line::styled(
            text::shorten(&format!(" {}", review.title), room),
            theme.title(),
        ))
        .render(title, buf);
        head.extend(wrap(&review.who, width, theme.dim()));
    }
    head.extend(wrap(&review.summary(), width, theme.accent()));
    // A hosted game's positions replay at the host, not here.
    let mut note = format!(
        "win chances (and places, 1 = first) are the {} bot's estimates from what you could see",
        crate::bots::HINT_LEVEL
    );
    if reviewing.replayable {
        note.push_str("; ⏎ shows the position");
    }
    head.extend(wrap(&note, width, theme.dim()));
    head.push(Line::raw(""));
    head
}

/// The lines of one reviewed decision: what was played and how it was marked, and, where it
/// was not the best, the better move, how often yours ended the game and why.
fn reviewed_lines(m: &Reviewed, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let (mark, style) = match m.mark {
        Some(mark) => (mark.word(), theme.danger()),
        None if m.is_best() => ("best", theme.good()),
        None => ("fine", theme.text()),
    };
    let mut lines = wrap_line(
        &Line::from(vec![
            Span::styled(format!("{:>4} ", m.event), theme.dim()),
            Span::styled(format!("{mark:<11}"), style),
            Span::raw(format!(
                "you: {} ({})",
                m.played_label,
                win_and_place(m.played_win, m.played_place)
            )),
        ]),
        width,
        16,
    );
    if !m.is_best() {
        lines.extend(wrap_line(
            &Line::from(vec![
                Span::raw(" ".repeat(16)),
                Span::styled(
                    format!(
                        "better: {} ({}, −{:.0})",
                        m.best_label,
                        win_and_place(m.best_win, m.best_place),
                        m.loss
                    ),
                    theme.accent(),
                ),
            ]),
            width,
            16,
        ));
        if let Some(ends) = m.goes_out {
            lines.extend(wrap_line(
                &Line::styled(
                    format!(
                        "{}yours ended the game for you at once about {:.0} times in 100",
                        " ".repeat(16),
                        100.0 * ends
                    ),
                    theme.danger(),
                ),
                width,
                16,
            ));
        }
        if let Some(reason) = &m.reason {
            lines.extend(wrap_line(
                &Line::styled(format!("{}why: {reason}", " ".repeat(16)), theme.dim()),
                width,
                16,
            ));
        }
    }
    lines
}
