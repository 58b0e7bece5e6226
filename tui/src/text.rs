//! The one text wrapper of the TUI: styled lines broken at spaces to a width measured in
//! terminal columns (display width, so `●`, `★` and wide characters count as they are drawn),
//! with a hanging indent; and the helpers built on it (fitting a cell, centring, reflowing
//! text that was hard-wrapped for an 80-column terminal).

pub use mousehole_engine::text::width;
pub(crate) use mousehole_engine::text::{char_width, paragraphs};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `line` broken at spaces into lines of at most `width` columns; every line after the first
/// starts with `indent` spaces. A word longer than a line is broken where the line ends.
/// Leading spaces of the first line are kept (they are an indent), spaces at a break vanish.
/// Styles stay with their characters.
pub fn wrap_line(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let chars: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .filter(|(c, _)| *c != '\n')
        .collect();
    let plain: Vec<char> = chars.iter().map(|&(c, _)| c).collect();
    let breaks = mousehole_engine::text::breaks(&plain, width, indent);
    // The hanging indent the breaks were made for (dropped where it leaves no room).
    let indent = if indent + 4 > width.max(1) { 0 } else { indent };
    breaks
        .into_iter()
        .enumerate()
        .map(|(n, range)| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            if n > 0 && indent > 0 {
                spans.push(Span::raw(" ".repeat(indent)));
            }
            let mut text = String::new();
            let mut style: Option<Style> = None;
            for &(c, s) in &chars[range] {
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
