//! Text from outside (typed actions, option values, file contents) made safe to echo in a
//! message: control characters escaped, and long input cut to a readable length. And the one
//! text wrapper of every front end ([`breaks`], [`wrap`], [`reflow`]): lines broken at
//! spaces to a width in terminal columns (display width: `●`, `★` and wide characters count
//! as they are drawn), a `quoted phrase` kept whole, hard-wrapped text joined back into its
//! paragraphs first. The prompt and the terminal UI both wrap here.

use std::fmt::Write as _;
use std::ops::Range;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// At most this many characters of user input are echoed in a message.
pub const SHOWN_CHARS: usize = 80;

/// `text` as an error message may show it: control characters (and the escape byte that
/// would let input recolour a terminal) and the bidi controls that would let it reorder the
/// text around it written as `\n`, `\u{1b}`, `\u{202e}` …, and anything past [`SHOWN_CHARS`]
/// characters replaced by a count of what was left out.
///
/// ```
/// use mousehole_engine::text::shown;
/// assert_eq!(shown("take 3"), "take 3");
/// assert_eq!(shown("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
/// let long = "x".repeat(1000);
/// assert!(shown(&long).ends_with("… (920 more characters)"));
/// ```
pub fn shown(text: &str) -> String {
    cut(text, SHOWN_CHARS)
}

/// [`shown`] with a limit of `limit` characters.
pub fn cut(text: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for (count, c) in chars.by_ref().enumerate() {
        if count == limit {
            let rest = 1 + chars.count();
            let _ = write!(out, "… ({rest} more characters)");
            return out;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || reorders(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is one of Unicode's bidi controls (the Arabic letter mark, the left-to-right
/// and right-to-left marks, embeddings, overrides and isolates): invisible, they change the
/// order in which the text around them is shown, so a name could make a line say what it
/// does not.
pub fn reorders(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// The name among `known` that `typed` most likely meant, if one is close enough to be a
/// typo of it (a letter or two wrong, missing, extra or swapped; case ignored): `meduim` →
/// `medium`, `cheese-dya` → `cheese-day`.
///
/// ```
/// use mousehole_engine::text::nearest;
/// let games = ["cheese-day", "moose-house", "mouse-trap", "mouse-race"];
/// assert_eq!(nearest("cheese-dya", games), Some("cheese-day"));
/// assert_eq!(nearest("chess", games), None);
/// ```
pub fn nearest<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim().to_lowercase();
    // Up to a third of the name wrong, and at least one edit allowed.
    let most = (typed.chars().count() / 3).max(1);
    known
        .into_iter()
        .map(|name| {
            (
                strsim::damerau_levenshtein(&typed, &name.to_lowercase()),
                name,
            )
        })
        .filter(|&(distance, _)| distance <= most)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// What follows an unknown name in a message: ` — did you mean NAME? The games are: …` when
/// one of `known` is near it ([`nearest`]), else `; the games are: …`; `rest` is the list's
/// sentence (`the games are: …`).
///
/// ```
/// use mousehole_engine::text::guess_then;
/// let known = ["medium", "hard"];
/// assert_eq!(guess_then("meduim", known, "the levels are: medium, hard"), " — did you mean medium? The levels are: medium, hard");
/// assert_eq!(guess_then("x", known, "the levels are: medium, hard"), "; the levels are: medium, hard");
/// ```
pub fn guess_then<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>, rest: &str) -> String {
    match nearest(typed, known) {
        Some(name) => format!(" — did you mean {name}? {}", capital(rest)),
        None => format!("; {rest}"),
    }
}

/// `text` with its first letter a capital, to start a sentence.
///
/// ```
/// assert_eq!(mousehole_engine::text::capital("waiting for seat 1"), "Waiting for seat 1");
/// ```
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The columns `text` takes on a terminal.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// The columns `c` takes on a terminal (0 for a control character).
pub fn char_width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// Where `chars` (one line) breaks at spaces into lines of at most `width` columns, every
/// line after the first to start after `indent` spaces the caller writes: each line's range of
/// `chars`. The first line keeps its leading spaces (its own indent); spaces at a break
/// vanish; a phrase in backquotes (`` `take 3` ``, what a person types) is never broken unless
/// it is longer than a line; a word longer than a line is broken where the line ends. A
/// hanging indent that leaves less than four columns is dropped.
pub fn breaks(chars: &[char], width: usize, indent: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let indent = if indent + 4 > width { 0 } else { indent };
    let columns = |range: Range<usize>| chars[range].iter().map(|&c| char_width(c)).sum::<usize>();
    let mut lines = Vec::new();
    let lead = chars.iter().take_while(|&&c| c == ' ').count();
    let (mut start, mut end, mut used) = (0, lead, lead);
    let mut at = lead;
    while at < chars.len() {
        if chars[at] == ' ' {
            at += 1;
            continue;
        }
        let word_end = word_end(chars, at, width - indent);
        let spaces = at - end;
        let word = columns(at..word_end);
        let first_word =
            end == start + lead && lines.is_empty() || end == start && !lines.is_empty();
        if !first_word && used + spaces + word > width {
            lines.push(start..end);
            (start, end, used) = (at, at, indent);
        } else {
            used += spaces;
            end = at;
        }
        // The word, broken where a line ends if it is longer than one.
        for (offset, &c) in chars[at..word_end].iter().enumerate() {
            let w = char_width(c);
            if used + w > width && used > indent && end > start {
                lines.push(start..end);
                (start, used) = (end, indent);
            }
            used += w;
            end = at + offset + 1;
        }
        at = word_end;
    }
    lines.push(start..end);
    lines
}

/// Where the word starting at `at` ends: at the next space, past the spaces inside a
/// backquoted phrase it opens when that phrase fits in `room` columns.
fn word_end(chars: &[char], at: usize, room: usize) -> usize {
    let next_space = |from: usize| {
        chars[from..]
            .iter()
            .position(|&c| c == ' ')
            .map_or(chars.len(), |n| from + n)
    };
    let plain = next_space(at);
    let ticks = chars[at..plain].iter().filter(|&&c| c == '`').count();
    if ticks % 2 == 0 {
        return plain;
    }
    // An open quote: the phrase runs to the word that closes it.
    let Some(close) = chars[plain..]
        .iter()
        .position(|&c| c == '`')
        .map(|n| plain + n)
    else {
        return plain;
    };
    let phrase = next_space(close);
    let columns: usize = chars[at..phrase].iter().map(|&c| char_width(c)).sum();
    if columns <= room { phrase } else { plain }
}

/// One line of `text` broken at spaces to `width` columns ([`breaks`]), every line after the
/// first indented by `indent` spaces.
///
/// ```
/// use mousehole_engine::text::wrap;
/// assert_eq!(wrap("type `take 3` or `remove 3` now", 16, 2), ["type `take 3` or", "  `remove 3` now"]);
/// ```
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().filter(|&c| c != '\n').collect();
    breaks(&chars, width, indent)
        .into_iter()
        .enumerate()
        .map(|(n, range)| {
            let body: String = chars[range].iter().collect();
            if n == 0 {
                body
            } else {
                format!("{}{body}", " ".repeat(indent))
            }
        })
        .collect()
}

/// One paragraph of reflowed text: its first line's indent and the indent its wrapped lines
/// hang at (a list item's text, past its `- `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paragraph {
    pub indent: usize,
    pub hang: usize,
    pub text: String,
}

/// Text hard-wrapped for a fixed width (the rules, a game's moves) turned back into
/// paragraphs, to be wrapped again to the screen: lines join into their paragraph; a blank
/// line, a list item (`- `) or a line ending in `:` before a list start new ones; a line
/// indented past an item's text continues the item. An empty paragraph stands for a blank
/// line.
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

/// `text`'s paragraphs ([`paragraphs`]) wrapped to `width` columns, list items hanging past
/// their `- `.
///
/// ```
/// use mousehole_engine::text::reflow;
/// let hard = "- `take S` takes it (turned face up: cheese\n  scores its holes)";
/// assert_eq!(reflow(hard, 30), ["- `take S` takes it (turned", "  face up: cheese scores its", "  holes)"]);
/// ```
pub fn reflow(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in paragraphs(text) {
        if paragraph.text.is_empty() {
            lines.push(String::new());
            continue;
        }
        let line = format!("{}{}", " ".repeat(paragraph.indent), paragraph.text);
        lines.extend(wrap(&line, width, paragraph.hang));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_clean_text_is_unchanged() {
        assert_eq!(shown(""), "");
        assert_eq!(shown("draw 4T"), "draw 4T");
        assert_eq!(shown("ünïcödé 🐀"), "ünïcödé 🐀");
    }

    #[test]
    fn controls_are_escaped_and_long_text_cut() {
        assert_eq!(shown("\u{0}\u{7f}\t"), "\\u{0}\\u{7f}\\t");
        assert_eq!(cut("abcdef", 3), "abc… (3 more characters)");
        assert_eq!(cut("abc", 3), "abc");
    }

    #[test]
    fn bidi_controls_are_escaped_and_other_scripts_kept() {
        assert_eq!(
            shown("ann\u{202e}gpj.exe\u{2066}x\u{2069}\u{200f}"),
            "ann\\u{202e}gpj.exe\\u{2066}x\\u{2069}\\u{200f}"
        );
        assert_eq!(
            shown("\u{61c}\u{200e}\u{202a}"),
            "\\u{61c}\\u{200e}\\u{202a}"
        );
        // Right-to-left text itself, and joiners that build emoji, are shown as they are.
        assert_eq!(shown("שלום مرحبا 👩\u{200d}👩"), "שלום مرحبا 👩\u{200d}👩");
    }

    #[test]
    fn lines_break_at_spaces_by_display_width() {
        assert_eq!(
            wrap("●●●●● holes on a card ★ star", 11, 0),
            ["●●●●● holes", "on a card ★", "star"]
        );
        // Wide characters take two columns each.
        assert_eq!(wrap("漢字漢字 漢字", 8, 0), ["漢字漢字", "漢字"]);
        assert_eq!(wrap("abcdefghijkl", 5, 0), ["abcde", "fghij", "kl"]);
        assert_eq!(wrap("", 5, 0), [""]);
        // A leading indent stays on the first line; a hanging one starts the others.
        assert_eq!(
            wrap("  12 chance: roll 3", 12, 0),
            ["  12 chance:", "roll 3"]
        );
        assert_eq!(
            wrap(
                "seat 2: house 0 → now everyone has one, so hands discard",
                20,
                4
            ),
            [
                "seat 2: house 0 →",
                "    now everyone has",
                "    one, so hands",
                "    discard"
            ]
        );
    }

    #[test]
    fn a_quoted_phrase_stays_whole_unless_longer_than_a_line() {
        let text = "then `moose KIND P R` puts it";
        assert_eq!(wrap(text, 20, 0), ["then", "`moose KIND P R`", "puts it"]);
        // Longer than a line: broken at its spaces like any text.
        assert_eq!(wrap(text, 14, 0), ["then `moose", "KIND P R` puts", "it"]);
    }
}
