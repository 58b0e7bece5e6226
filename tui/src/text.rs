//! The one text wrapper of the TUI: styled lines broken at spaces to a width measured in
//! terminal columns (display width, so `●`, `★` and wide characters count as they are drawn),
//! with a hanging indent; and the helpers built on it (fitting a cell, centring, reflowing
//! text that was hard-wrapped for an 80-column terminal).

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `text` takes on a terminal.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

pub(crate) fn char_width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// `line` broken at spaces into lines of at most `width` columns; every line after the first
/// starts with `indent` spaces. A word longer than a line is broken where the line ends.
/// Leading spaces of the first line are kept (they are an indent), spaces at a break vanish.
/// Styles stay with their characters.
pub fn wrap_line(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    // A hanging indent that leaves no room is dropped rather than looping for ever.
    let indent = if indent + 4 > width { 0 } else { indent };
    let chars: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .filter(|(c, _)| *c != '\n')
        .collect();
    let mut out: Vec<Vec<(char, Style)>> = Vec::new();
    let mut current: Vec<(char, Style)> = Vec::new();
    let mut used = 0usize;
    // The leading spaces of the line are its own indent.
    let lead = chars.iter().take_while(|(c, _)| *c == ' ').count();
    current.extend_from_slice(&chars[..lead]);
    used += lead;
    let mut at = lead;
    let mut pending_spaces: Vec<(char, Style)> = Vec::new();
    while at < chars.len() {
        if chars[at].0 == ' ' {
            pending_spaces.push(chars[at]);
            at += 1;
            continue;
        }
        let end = chars[at..]
            .iter()
            .position(|(c, _)| *c == ' ')
            .map_or(chars.len(), |n| at + n);
        let word = &chars[at..end];
        let word_width: usize = word.iter().map(|(c, _)| char_width(*c)).sum();
        let spaces = pending_spaces.len();
        let starts_line = used == 0 || (current.len() == lead && out.is_empty() && lead > 0);
        if !starts_line && used + spaces + word_width > width {
            out.push(std::mem::take(&mut current));
            current.extend(std::iter::repeat_n((' ', Style::default()), indent));
            used = indent;
        } else {
            current.append(&mut pending_spaces);
            used += spaces;
        }
        pending_spaces.clear();
        for &(c, style) in word {
            let w = char_width(c);
            if used + w > width && used > indent {
                out.push(std::mem::take(&mut current));
                current.extend(std::iter::repeat_n((' ', Style::default()), indent));
                used = indent;
            }
            current.push((c, style));
            used += w;
        }
        at = end;
    }
    if !current.is_empty() || out.is_empty() {
        out.push(current);
    }
    out.into_iter()
        .map(|chars| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            let mut text = String::new();
            let mut style: Option<Style> = None;
            for (c, s) in chars {
                if style.is_some_and(|style| style != s) {
                    spans.push(Span::styled(
                        std::mem::take(&mut text),
                        style.unwrap_or_default(),
                    ));
                }
                style = Some(s);
                text.push(c);
            }
            if !text.is_empty() {
                spans.push(Span::styled(text, style.unwrap_or_default()));
            }
            Line::from(spans)
        })
        .collect()
}

/// `text` in one style, wrapped to `width` columns (continuation lines not indented).
pub fn wrap(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    wrap_line(&Line::styled(text.to_owned(), style), width, 0)
}

/// Every line of `lines` wrapped to `width` with a hanging indent of `indent`.
pub fn wrap_all(lines: &[Line<'_>], width: usize, indent: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|line| wrap_line(line, width, indent))
        .collect()
}

/// `text` cut or padded with spaces to exactly `width` columns.
pub fn fit(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = char_width(c);
        if used + w > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.extend(std::iter::repeat_n(' ', width - used));
    out
}

/// The end of `text` that fits in `width` columns (where a log entry's result is).
pub fn tail(text: &str, width: usize) -> String {
    let mut kept = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        let w = char_width(c);
        if used + w > width {
            break;
        }
        kept.push(c);
        used += w;
    }
    kept.into_iter().rev().collect()
}

/// `text` as it is if it fits in `width` columns, else cut to end in `…` within them (a name
/// in a narrow column).
pub fn shorten(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_owned();
    }
    format!("{}…", fit(text, width.saturating_sub(1)).trim_end())
}

/// `text` centred in `width` columns (cut if longer).
pub fn center(text: &str, width: usize) -> String {
    let len = self::width(text);
    if len >= width {
        return fit(text, width);
    }
    let left = (width - len) / 2;
    format!(
        "{}{text}{}",
        " ".repeat(left),
        " ".repeat(width - len - left)
    )
}

/// One paragraph of reflowed text: its first line's indent and the indent its wrapped lines
/// hang at (a list item's text, past its `- `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paragraph {
    pub indent: usize,
    pub hang: usize,
    pub text: String,
}

/// Text hard-wrapped for a fixed width (the rules) turned back into paragraphs, to be wrapped
/// again to the screen: lines join into their paragraph; a blank line, a list item (`- `) or
/// a line ending in `:` before a list start new ones; a line indented past an item's text
/// continues the item. An empty paragraph stands for a blank line.
pub fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out: Vec<Paragraph> = Vec::new();
    let mut open = false;
    for raw in text.lines() {
        let trimmed = raw.trim_start();
        let indent = raw.len() - trimmed.len();
        if trimmed.is_empty() {
            out.push(Paragraph {
                indent: 0,
                hang: 0,
                text: String::new(),
            });
            open = false;
            continue;
        }
        let item = trimmed.starts_with("- ") || trimmed.starts_with("* ");
        let continues = open
            && !item
            && out
                .last()
                .is_some_and(|last| indent == last.hang || (indent == 0 && last.hang == 0));
        if continues && let Some(last) = out.last_mut() {
            last.text.push(' ');
            last.text.push_str(trimmed);
        } else {
            out.push(Paragraph {
                indent,
                hang: if item { indent + 2 } else { indent },
                text: trimmed.to_owned(),
            });
            open = true;
        }
    }
    out
}

/// `text`'s paragraphs wrapped to `width`, in `style`.
pub fn reflow(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for paragraph in paragraphs(text) {
        if paragraph.text.is_empty() {
            lines.push(Line::raw(""));
            continue;
        }
        let line = Line::styled(
            format!("{}{}", " ".repeat(paragraph.indent), paragraph.text),
            style,
        );
        lines.extend(wrap_line(&line, width, paragraph.hang));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn lines_break_at_spaces_by_display_width() {
        let lines = wrap("●●●●● holes on a card ★ star", 11, Style::default());
        assert_eq!(plain(&lines), ["●●●●● holes", "on a card ★", "star"]);
        for line in &lines {
            assert!(line.width() <= 11, "{line}");
        }
        // Wide characters take two columns each.
        let lines = wrap("漢字漢字 漢字", 8, Style::default());
        assert_eq!(plain(&lines), ["漢字漢字", "漢字"]);
    }

    #[test]
    fn a_hanging_indent_and_long_words() {
        let line = Line::raw("seat 2: house 0 → now everyone has one, so hands discard");
        let lines = wrap_line(&line, 20, 4);
        assert_eq!(
            plain(&lines),
            [
                "seat 2: house 0 →",
                "    now everyone has",
                "    one, so hands",
                "    discard"
            ]
        );
        let lines = wrap("abcdefghijkl", 5, Style::default());
        assert_eq!(plain(&lines), ["abcde", "fghij", "kl"]);
        assert_eq!(plain(&wrap("", 5, Style::default())), [""]);
        // A leading indent stays on the first line.
        assert_eq!(
            plain(&wrap("  12 chance: roll 3", 12, Style::default())),
            ["  12 chance:", "roll 3"]
        );
    }

    #[test]
    fn styles_stay_with_their_characters() {
        let bold = Style::default().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![
            Span::styled("seat 1", bold),
            Span::raw(": take 3 now"),
        ]);
        let lines = wrap_line(&line, 10, 0);
        assert_eq!(plain(&lines), ["seat 1:", "take 3 now"]);
        assert_eq!(lines[0].spans[0].style, bold);
        assert_eq!(lines[0].spans[0].content, "seat 1");
    }

    #[test]
    fn hard_wrapped_text_is_reflowed() {
        let text = "On your turn roll the die and do\nwhat the space says:\n- Build: add a part\n  and take 1 cheese.\n- Lose N: return N.\n\nThe last mouse wins.";
        let paragraphs = paragraphs(text);
        assert_eq!(
            paragraphs
                .iter()
                .map(|p| p.text.as_str())
                .collect::<Vec<_>>(),
            [
                "On your turn roll the die and do what the space says:",
                "- Build: add a part and take 1 cheese.",
                "- Lose N: return N.",
                "",
                "The last mouse wins."
            ]
        );
        assert_eq!(paragraphs[1].hang, 2);
        let lines = plain(&reflow(text, 20, Style::default()));
        let item = lines
            .iter()
            .position(|l| l == "- Build: add a part")
            .unwrap();
        assert_eq!(lines[item + 1], "  and take 1 cheese.");
    }

    #[test]
    fn fit_and_center_count_columns() {
        assert_eq!(fit("●●●", 5), "●●●  ");
        assert_eq!(fit("abcdef", 3), "abc");
        assert_eq!(center("ab", 6), "  ab  ");
        assert_eq!(width("★ 34%"), 5);
    }

    #[test]
    fn a_name_too_long_for_its_column_ends_in_an_ellipsis() {
        assert_eq!(shorten("seat 1", 10), "seat 1");
        assert_eq!(shorten("grandmother", 10), "grandmoth…");
        assert_eq!(shorten("little cousin", 8), "little…");
        assert_eq!(width(&shorten("ёжик в тумане", 5)), 5);
    }
}
