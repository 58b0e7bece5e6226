//! Text from outside (typed actions, option values, file contents) made safe to echo in a
//! message: control characters escaped, and long input cut to a readable length.

use std::fmt::Write as _;

/// At most this many characters of user input are echoed in a message.
pub const SHOWN_CHARS: usize = 80;

/// `text` as an error message may show it: control characters (and the escape byte that
/// would let input recolour a terminal) written as `\n`, `\u{1b}` …, and anything past
/// [`SHOWN_CHARS`] characters replaced by a count of what was left out.
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
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
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
}
