//! A person's legal actions at the prompt: how they are listed (each with its label, and
//! compactly when there are many, so the board stays on a 24-line screen) and how typed text is
//! matched to one of them (by number, text form, or the same text in other letter case).

use std::fmt::Write as _;

use mousehole_engine::Game;
use mousehole_engine::text::shown;

/// Listed one per line up to this many; past it, grouped by verb.
const LISTED: usize = 9;
/// Width of the lines written, for a terminal of 80 columns.
pub const WIDTH: usize = 78;
/// `list` writes more choices than this in columns.
const COLUMNS_FROM: usize = 16;

/// One legal action as a person sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The text form to type (`take 3`).
    pub text: String,
    /// How it reads (`take slot 3 (4 holes)`), from the seat's observation only.
    pub label: String,
}

impl Choice {
    /// `take 3 — take slot 3 (4 holes)`, or just the text when the label adds nothing.
    pub fn line(&self) -> String {
        if self.label.is_empty() || self.label == self.text {
            self.text.clone()
        } else {
            format!("{} — {}", self.text, self.label)
        }
    }

    fn verb(&self) -> &str {
        self.text.split_whitespace().next().unwrap_or("")
    }

    fn argument(&self) -> &str {
        self.text
            .split_once(' ')
            .map_or("", |(_, rest)| rest.trim_start())
    }
}

/// What typed text picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The choice with this index.
    Choice(usize),
    /// A number that is no choice's.
    NoSuchNumber,
    /// Text that is no choice (`is_action`: it is an action of the game, just not one allowed
    /// now).
    Nothing { is_action: bool },
}

/// The legal actions of one decision.
#[derive(Clone, Debug)]
pub struct Choices {
    items: Vec<Choice>,
}

impl Choices {
    /// The choices of `legal`, labelled from the deciding seat's `observation`.
    pub fn new<G: Game>(observation: &G::Observation, legal: &[G::Action]) -> Self {
        let items = legal
            .iter()
            .map(|action| Choice {
                text: action.to_string(),
                label: G::choice_label(observation, action),
            })
            .collect();
        Self { items }
    }

    /// Choices given directly (tests).
    #[cfg(test)]
    pub fn from_items(items: Vec<Choice>) -> Self {
        Self { items }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn get(&self, index: usize) -> &Choice {
        &self.items[index]
    }

    /// The lines shown at a decision: every choice numbered with its label when there are
    /// few; otherwise one line per verb with its arguments (cut to the width) and a hint.
    pub fn compact(&self) -> Vec<String> {
        if self.items.len() <= LISTED {
            let mut lines = vec!["Your choices (type one, or its number):".to_owned()];
            lines.extend(self.numbered(None));
            return lines;
        }
        let example = self.example();
        let mut lines = vec![format!(
            "Your {} choices (type one, e.g. `{example}`):",
            self.items.len()
        )];
        for (verb, members) in self.groups() {
            if let [only] = members.as_slice() {
                lines.push(format!("  {}", self.items[*only].text));
                continue;
            }
            let arguments: Vec<&str> = members.iter().map(|&i| self.items[i].argument()).collect();
            lines.push(packed(&format!("  {verb}: "), &arguments, WIDTH));
        }
        let biggest = self
            .groups()
            .into_iter()
            .max_by_key(|(_, members)| members.len())
            .map_or(String::new(), |(verb, _)| verb.to_owned());
        lines.push(format!(
            "`list` shows each choice with its number and meaning (`list {biggest}`: only those)."
        ));
        lines
    }

    /// Every choice (or those whose text starts with `filter`), numbered, with its label; so
    /// many that they would fill the screen are written in columns without labels.
    pub fn numbered(&self, filter: Option<&str>) -> Vec<String> {
        let width = self.items.len().to_string().len();
        let chosen: Vec<(usize, &Choice)> = self
            .items
            .iter()
            .enumerate()
            .filter(|(_, c)| filter.is_none_or(|f| c.text.starts_with(f)))
            .collect();
        if chosen.len() <= COLUMNS_FROM {
            return chosen
                .iter()
                .map(|(i, choice)| format!("  {:>width$}) {}", i + 1, choice.line()))
                .collect();
        }
        let cells: Vec<String> = chosen
            .iter()
            .map(|(i, choice)| format!("{:>width$}) {}", i + 1, choice.text))
            .collect();
        let cell_width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0) + 2;
        let per_line = ((WIDTH - 2) / cell_width).max(1);
        let mut lines: Vec<String> = cells
            .chunks(per_line)
            .map(|row| {
                let padded: Vec<String> = row.iter().map(|c| format!("{c:<cell_width$}")).collect();
                format!("  {}", padded.concat().trim_end())
            })
            .collect();
        let (_, first) = chosen[0];
        lines.push(format!(
            "({} choices; e.g. `{}` — {})",
            chosen.len(),
            first.text,
            first.label
        ));
        lines
    }

    /// One line saying what may be typed now, for an error message.
    pub fn summary(&self) -> String {
        if self.items.len() <= LISTED {
            let texts: Vec<String> = self.items.iter().map(|c| format!("`{}`", c.text)).collect();
            return format!(
                "You may type {} (or a number from 1 to {}).",
                or_list(&texts),
                self.items.len()
            );
        }
        let parts: Vec<String> = self
            .groups()
            .into_iter()
            .map(|(verb, members)| match members.as_slice() {
                [only] => format!("`{}`", self.items[*only].text),
                _ => format!(
                    "`{verb} …` ({} choices, e.g. `{}`)",
                    members.len(),
                    self.items[members[0]].text
                ),
            })
            .collect();
        format!("You may type {}; `list` shows them all.", or_list(&parts))
    }

    /// Matches what a person typed: a choice's number, its text form (spaces collapsed), or
    /// the same text in another letter case when only one choice reads so. `parse` is the
    /// game's own parser, which may accept other spellings; it returns the action's text form.
    pub fn pick(&self, typed: &str, parse: impl Fn(&str) -> Option<String>) -> Picked {
        let typed = typed.split_whitespace().collect::<Vec<_>>().join(" ");
        if !typed.is_empty() && typed.bytes().all(|b| b.is_ascii_digit()) {
            return match typed.parse::<usize>() {
                Ok(n) if (1..=self.items.len()).contains(&n) => Picked::Choice(n - 1),
                _ => Picked::NoSuchNumber,
            };
        }
        let index_of = |text: &str| self.items.iter().position(|c| c.text == text);
        if let Some(index) = index_of(&typed) {
            return Picked::Choice(index);
        }
        let parsed = parse(&typed);
        if let Some(index) = parsed.as_deref().and_then(index_of) {
            return Picked::Choice(index);
        }
        let same_letters: Vec<usize> = (0..self.items.len())
            .filter(|&i| self.items[i].text.eq_ignore_ascii_case(&typed))
            .collect();
        if let [index] = same_letters.as_slice() {
            return Picked::Choice(*index);
        }
        let lower = parse(&typed.to_lowercase());
        if let Some(index) = lower.as_deref().and_then(index_of) {
            return Picked::Choice(index);
        }
        let verb = typed.split(' ').next().unwrap_or("").to_lowercase();
        Picked::Nothing {
            is_action: parsed.is_some()
                || lower.is_some()
                || self.items.iter().any(|c| c.verb() == verb),
        }
    }

    /// A choice to show as an example: the first of the largest group.
    fn example(&self) -> &str {
        self.groups()
            .into_iter()
            .max_by_key(|(_, members)| members.len())
            .map_or("", |(_, members)| self.items[members[0]].text.as_str())
    }

    /// The choices grouped by their first word, groups in order of first appearance.
    fn groups(&self) -> Vec<(&str, Vec<usize>)> {
        let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
        for (i, choice) in self.items.iter().enumerate() {
            match groups.iter_mut().find(|(verb, _)| *verb == choice.verb()) {
                Some((_, members)) => members.push(i),
                None => groups.push((choice.verb(), vec![i])),
            }
        }
        groups
    }
}

/// `prefix` then `items` separated by commas, cut to `width` columns with a count of the rest.
fn packed(prefix: &str, items: &[&str], width: usize) -> String {
    let mut line = prefix.to_owned();
    for (i, item) in items.iter().enumerate() {
        let rest = items.len() - i;
        let tail = format!("… ({rest} more)");
        let separator = if i == 0 { "" } else { ", " };
        let fits_with_tail = line.chars().count()
            + separator.len()
            + item.chars().count()
            + 2
            + tail.chars().count()
            <= width;
        let last_fits = i + 1 == items.len()
            && line.chars().count() + separator.len() + item.chars().count() <= width;
        if !fits_with_tail && !last_fits {
            let _ = write!(line, "{separator}{tail}");
            return line;
        }
        line.push_str(separator);
        line.push_str(item);
    }
    line
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `text` with every line longer than `width` broken at spaces; a continued line is indented
/// like its first line (and past a leading `- `), so lists stay lists.
pub fn wrap(text: &str, width: usize) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let body = line.trim_start();
            let mut indent = line.len() - body.len();
            if body.starts_with("- ") {
                indent += 2;
            }
            wrap_line(line, width, indent)
        })
        .collect();
    lines.join("\n")
}

/// One line broken at spaces to `width` columns, continued lines indented by `indent`: the
/// engine's one wrapper ([`mousehole_engine::text::wrap`]: display width, a `quoted phrase`
/// kept whole).
pub fn wrap_line(line: &str, width: usize, indent: usize) -> String {
    mousehole_engine::text::wrap(line, width, indent).join("\n")
}

/// Typed text as an error message may echo it.
pub fn echo(typed: &str) -> String {
    shown(typed.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(texts: &[&str]) -> Choices {
        Choices::from_items(
            texts
                .iter()
                .map(|t| Choice {
                    text: (*t).to_owned(),
                    label: format!("{t} (label)"),
                })
                .collect(),
        )
    }

    fn no_parser(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn few_choices_are_numbered_with_their_labels() {
        let lines = choices(&["take 3", "remove 3"]).compact();
        assert_eq!(
            lines,
            [
                "Your choices (type one, or its number):",
                "  1) take 3 — take 3 (label)",
                "  2) remove 3 — remove 3 (label)"
            ]
        );
    }

    #[test]
    fn many_choices_fit_a_few_lines_of_80_columns() {
        let cells: Vec<String> = (0..159).map(|i| format!("cat c{i}")).collect();
        let mut texts: Vec<&str> = cells.iter().map(String::as_str).collect();
        texts.push("decline");
        let lines = choices(&texts).compact();
        assert_eq!(lines.len(), 4, "{lines:#?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:#?}");
        assert!(lines[0].contains("160 choices"), "{lines:#?}");
        assert!(lines[1].starts_with("  cat: c0, c1,"), "{lines:#?}");
        assert!(lines[1].ends_with("more)"), "{lines:#?}");
        assert_eq!(lines[2], "  decline");
        assert!(lines[3].contains("`list cat`"), "{lines:#?}");
    }

    #[test]
    fn typed_text_matches_by_number_text_or_letter_case() {
        let c = choices(&["take 3", "remove 3"]);
        assert_eq!(c.pick("2", no_parser), Picked::Choice(1));
        assert_eq!(c.pick("  take   3 ", no_parser), Picked::Choice(0));
        assert_eq!(c.pick("TAKE 3", no_parser), Picked::Choice(0));
        assert_eq!(c.pick("Take 3", no_parser), Picked::Choice(0));
        assert_eq!(c.pick("3", no_parser), Picked::NoSuchNumber);
        assert_eq!(c.pick("0", no_parser), Picked::NoSuchNumber);
        assert_eq!(
            c.pick("99999999999999999999999", no_parser),
            Picked::NoSuchNumber
        );
        assert_eq!(
            c.pick("-1", no_parser),
            Picked::Nothing { is_action: false }
        );
        let peek = |t: &str| (t == "peek 2").then(|| t.to_owned());
        assert_eq!(c.pick("peek 2", peek), Picked::Nothing { is_action: true });
        assert_eq!(
            c.pick("Take 9", no_parser),
            Picked::Nothing { is_action: true }
        );
    }

    #[test]
    fn long_lines_wrap_at_spaces_keeping_list_indents() {
        assert_eq!(wrap("short", 10), "short");
        assert_eq!(wrap("type `take 1` now", 11), "type\n`take 1`\nnow");
        assert_eq!(wrap("one two three four", 9), "one two\nthree\nfour");
        assert_eq!(
            wrap("- a list item that runs on\n  and more", 14),
            "- a list item\n  that runs on\n  and more"
        );
    }

    #[test]
    fn a_long_list_is_written_in_columns() {
        let cells: Vec<String> = (0..40).map(|i| format!("cat c{i}")).collect();
        let texts: Vec<&str> = cells.iter().map(String::as_str).collect();
        let lines = choices(&texts).numbered(Some("cat"));
        assert!(lines.len() < 12, "{lines:#?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:#?}");
        assert!(lines[0].starts_with("   1) cat c0"), "{lines:#?}");
        assert!(
            lines.last().unwrap().starts_with("(40 choices"),
            "{lines:#?}"
        );
    }

    #[test]
    fn summaries_list_what_may_be_typed() {
        assert_eq!(
            choices(&["take 1", "remove 1"]).summary(),
            "You may type `take 1` or `remove 1` (or a number from 1 to 2)."
        );
        let cells: Vec<String> = (0..20).map(|i| format!("cat c{i}")).collect();
        let mut texts: Vec<&str> = cells.iter().map(String::as_str).collect();
        texts.push("decline");
        assert_eq!(
            choices(&texts).summary(),
            "You may type `cat …` (20 choices, e.g. `cat c0`) or `decline`; `list` shows them all."
        );
    }
}
