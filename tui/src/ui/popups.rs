//! The setup screen, the key bar, and the popups over any screen: the help (tabs of keys,
//! the game's rules re-wrapped to the screen, and a legend of the board), saving, and
//! quitting an unsaved game.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::{PopupBox, centered, session};
use crate::app::{App, HelpTab, PACES, Screen};
use crate::keys::{Cmd, Context, bar_entries};
use crate::session::{self, Phase, Session};
use crate::text::{self, reflow, wrap, wrap_line};

pub fn render_setup(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let block = Block::bordered().border_style(theme.border());
    let inner = block.inner(area);
    block.render(area, buf);
    // The message's rows are taken from the form only while there is one.
    let message_rows = if app.message.is_some() { 2 } else { 0 };
    let [form, message_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(message_rows)]).areas(inner);
    app.setup.render(form, buf, theme);
    if let Some(message) = &app.message {
        Paragraph::new(wrap(
            &message.text,
            usize::from(message_area.width),
            message.style(theme),
        ))
        .render(message_area, buf);
    }
}

/// Whether a command can do anything now (the key bar leaves out the rest, the help dims
/// them).
fn enabled(app: &App, cmd: Cmd) -> bool {
    let view = app.session.as_deref().map(Session::view);
    let person = matches!(app.phase(), Some(Phase::Person(_)));
    let hosted = app.session.as_deref().is_some_and(Session::hosted);
    match (app.screen, cmd) {
        // A hosted game's seat is reviewed from what it was shown, once the game is over.
        (Screen::Game, Cmd::Review) if hosted => {
            app.phase() == Some(Phase::Over) && view.is_some_and(|v| v.people.len() == 1)
        }
        // A hosted game's commands that are the host's (see `session::HOSTED`): refused,
        // so not offered.
        (Screen::Game, Cmd::Again | Cmd::Replay | Cmd::Undo | Cmd::Hint | Cmd::Coach) if hosted => {
            false
        }
        (Screen::Review, Cmd::Choose) => app.reviewing.as_ref().is_none_or(|r| r.replayable),
        (
            Screen::Game,
            Cmd::Up | Cmd::Down | Cmd::PageUp | Cmd::PageDown | Cmd::Choose | Cmd::Type,
        ) if app.context() == Context::Game => person,
        (Screen::Game, Cmd::Hint) => {
            person && view.is_some_and(|v| v.hint == session::HintView::None && v.choices.len() > 1)
        }
        (Screen::Game, Cmd::Undo) => view.is_some_and(|v| v.can_undo),
        (Screen::Game, Cmd::Skip) => {
            matches!(app.phase(), Some(Phase::Thinking(_) | Phase::Waiting))
        }
        (Screen::Game, Cmd::View) => view.is_some_and(|v| v.people.is_empty()),
        (Screen::Game, Cmd::Coach) => view.is_some_and(|v| !v.people.is_empty()),
        (Screen::Game, Cmd::Review) => view.is_some_and(|v| v.people.len() == 1),
        (Screen::Game, Cmd::Faster) => app.pace > 0,
        (Screen::Game, Cmd::Slower) => app.pace + 1 < PACES.len(),
        (_, Cmd::PanLeft | Cmd::PanRight | Cmd::PanUp | Cmd::PanDown) => super::board_is_cut(app),
        _ => true,
    }
}

/// The one-line key bar: the screen's main commands that can do something now.
pub fn render_key_bar(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let width = usize::from(area.width);
    let piece = |(keys, name): &(String, &str)| text::width(keys) + 1 + text::width(name) + 2;
    let mut entries = bar_entries(app.context().bindings(), |cmd| enabled(app, cmd));
    // Short of room, the entries nearest the end give way first, but help and quit stay:
    // help lists the rest.
    while entries.iter().map(piece).sum::<usize>() > width {
        let Some(last) = entries
            .iter()
            .rposition(|(_, name)| !matches!(*name, "help" | "quit"))
        else {
            break;
        };
        entries.remove(last);
    }
    let mut spans = Vec::new();
    let mut used = 0usize;
    for entry in entries {
        used += piece(&entry);
        if used > width {
            break;
        }
        let (keys, name) = entry;
        spans.push(Span::styled(keys, theme.key()));
        spans.push(Span::raw(format!(" {name}  ")));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// The help's box within the screen.
fn help_area(area: Rect) -> Rect {
    let width = area.width.saturating_sub(4).min(100);
    let height = area.height.saturating_sub(1);
    centered(
        Rect {
            height: area.height.saturating_sub(1),
            ..area
        },
        width,
        height,
    )
}

/// The help's lines of `tab` at `width`.
fn help_lines(app: &App, tab: HelpTab, width: usize) -> Vec<Line<'static>> {
    match tab {
        HelpTab::Keys => key_help(app, width),
        HelpTab::Rules => rules_help(app, width),
        HelpTab::Legend => legend_help(app, width),
    }
}

/// The keys of the screen behind the help, each with its name and what it does now, and
/// what the mouse does in a game.
fn key_help(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme;
    let mut lines = Vec::new();
    let bindings = app.screen_context().bindings();
    let key_room = bindings
        .iter()
        .map(|binding| text::width(&binding.key_label()))
        .max()
        .unwrap_or(0);
    // Keys and names in two columns; a long description wraps under its own column.
    let lead = key_room + 2 + 13;
    for binding in bindings {
        let enabled = enabled(app, binding.cmd);
        let style = if enabled { theme.key() } else { theme.dim() };
        let help = if enabled {
            binding.help.to_owned()
        } else {
            format!("{} (not now)", binding.help)
        };
        let line = Line::from(vec![
            Span::styled(
                format!(
                    "{}{}  ",
                    " ".repeat(key_room - text::width(&binding.key_label())),
                    binding.key_label()
                ),
                style,
            ),
            Span::styled(text::fit(binding.name, 12) + " ", theme.text()),
            Span::styled(help, theme.dim()),
        ]);
        lines.extend(wrap_line(&line, width, lead));
    }
    if session(app).is_some() {
        lines.push(Line::raw(""));
        lines.extend(wrap(
            "mouse: click a listed move to select it, again to play it; click a slot, room, space or cell to select a move touching it (again: the next such move, or plays it if it is the only one); the wheel scrolls the log",
            width,
            theme.dim(),
        ));
    }
    lines
}

/// The game's rules, its options and how to type a move; nothing outside a game.
fn rules_help(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme;
    let mut lines = Vec::new();
    let Some(session) = session(app) else {
        return lines;
    };
    let description = session.description();
    lines.push(Line::styled(
        format!("{}, game id {}", description.title, description.name),
        theme.title(),
    ));
    lines.extend(wrap(description.summary, width, theme.text()));
    lines.extend(wrap(
        &format!(
            "Players: {} to {}. This game: {}",
            description.min_players,
            description.max_players,
            session.plan().spec.canonical().unwrap_or_default()
        ),
        width,
        theme.dim(),
    ));
    lines.push(Line::raw(""));
    lines.extend(reflow(description.rules.trim_end(), width, theme.text()));
    lines.push(Line::raw(""));
    lines.push(Line::styled("Options", theme.title()));
    for option in description.options {
        let line = Line::from(vec![
            Span::styled(format!("{}={}", option.key, option.default), theme.key()),
            Span::styled(
                format!(": {}; allowed: {}", option.help, option.allowed),
                theme.dim(),
            ),
        ]);
        lines.extend(wrap_line(&line, width, 4));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Typing a move (:)", theme.title()));
    lines.extend(reflow(
        description.how_to_act.trim_end(),
        width,
        theme.text(),
    ));
    lines
}

/// What the board's symbols mean; nothing outside a game.
fn legend_help(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme;
    let mut lines = Vec::new();
    let Some(session) = session(app) else {
        return lines;
    };
    let legend = session.legend();
    let room = legend
        .iter()
        .map(|(symbol, _)| text::width(symbol))
        .max()
        .unwrap_or(0)
        .min(width / 3);
    for (symbol, meaning) in legend {
        let line = Line::from(vec![
            Span::styled(
                text::fit(symbol, room.max(text::width(symbol))),
                theme.key(),
            ),
            Span::raw("  "),
            Span::raw((*meaning).to_owned()),
        ]);
        lines.extend(wrap_line(&line, width, room + 2));
    }
    lines
}

/// How many lines tab `tab` of the help is longer than its box at terminal size `size`.
pub fn help_overflow(app: &App, size: Rect, tab: HelpTab) -> u16 {
    let area = help_area(size);
    let inner = Block::bordered().inner(area);
    let lines = help_lines(app, tab, usize::from(inner.width)).len() as u16;
    lines.saturating_sub(inner.height)
}

pub fn render_help(app: &App, area: Rect, buf: &mut Buffer, tab: HelpTab, scroll: u16) {
    let theme = app.theme;
    let popup = help_area(area);
    let block = Block::bordered().border_style(theme.focus_border());
    let inner = block.inner(popup);
    let lines = help_lines(app, tab, usize::from(inner.width));
    let overflow = (lines.len() as u16).saturating_sub(inner.height);
    let scroll = scroll.min(overflow);
    let tabs: &[(HelpTab, &str)] = if session(app).is_some() {
        &[
            (HelpTab::Keys, "keys"),
            (HelpTab::Rules, "rules"),
            (HelpTab::Legend, "legend"),
        ]
    } else {
        &[(HelpTab::Keys, "keys")]
    };
    let mut title = vec![Span::styled(" help:", theme.title())];
    for (t, name) in tabs {
        let style = if *t == tab {
            theme.selected()
        } else {
            theme.dim()
        };
        title.push(Span::raw(" "));
        title.push(Span::styled(format!(" {name} "), style));
    }
    title.push(Span::styled(
        if overflow > 0 {
            format!(" ↑/↓ {scroll}/{overflow} · tab · esc ")
        } else {
            " tab · esc ".to_owned()
        },
        theme.dim(),
    ));
    Clear.render(popup, buf);
    block.title(Line::from(title)).render(popup, buf);
    let shown: Vec<Line<'static>> = lines
        .into_iter()
        .skip(usize::from(scroll))
        .take(usize::from(inner.height))
        .collect();
    Paragraph::new(shown).render(inner, buf);
}

pub fn render_save(app: &App, area: Rect, buf: &mut Buffer, path: &str, error: Option<&str>) {
    let theme = app.theme;
    let width = area.width.saturating_sub(4).min(70);
    let inner = usize::from(width.saturating_sub(2));
    let mut lines = vec![Line::raw("Save the transcript (JSON) to:")];
    let path_line = Line::from(vec![
        Span::raw(path.to_owned()),
        Span::styled("▏", theme.accent()),
    ]);
    lines.extend(wrap_line(&path_line, inner, 0));
    if let Some(error) = error {
        lines.extend(wrap(error, inner, theme.error()));
    }
    lines.push(Line::styled("⏎ save · esc cancel", theme.dim()));
    PopupBox {
        theme,
        title: "save",
        lines,
        width,
    }
    .render(area, buf);
}

pub fn render_quit_unsaved(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let lines = vec![
        Line::raw("The game is not saved."),
        Line::styled("s save first · q quit anyway · esc back", theme.dim()),
    ];
    PopupBox {
        theme,
        title: "quit?",
        lines,
        width: 46,
    }
    .render(area, buf);
}
