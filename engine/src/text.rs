//! Text from outside (typed actions, option values, file contents) made safe to echo in a
//! message: control characters escaped, and long input cut to a readable length.

use std::fmt::Write as _;

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
}
