//! How a seat is named for people: `you` for the seat that reads, `seat 1 (bob)` for a seat
//! whose name is known (a person's name, or what plays it: `seat 2 (hard)`), `seat N` where
//! nothing more is known (and for everyone in a full transcript, which nobody reads as a
//! seat). The one home of those forms: every game's notes and labels name seats through
//! [`Reader`] (`you`, `seat N`: what the protocol and the transcripts carry), and every front
//! end (the CLI, the TUI, the host and its clients) names them through [`SeatNames`], which
//! adds the names where they are known.

/// A seat's name before what it owns: `your` for `you`, else `seat 1's`, `seat 1 (bob)'s`.
///
/// ```
/// use mousehole_engine::naming::possessive;
/// assert_eq!(possessive("you"), "your");
/// assert_eq!(possessive("seat 1 (bob)"), "seat 1 (bob)'s");
/// ```
pub fn possessive(name: &str) -> String {
    if name == "you" {
        "your".to_owned()
    } else {
        format!("{name}'s")
    }
}

/// A seat called by its number and its name: `seat 1 (bob)`, `seat 2 (hard)`; `seat 1` when
/// it has no name. The form itself, which only [`SeatNames`] uses: front ends name seats
/// through it, never with this form written again.
fn seat_called(seat: usize, name: &str) -> String {
    if name.is_empty() {
        format!("seat {seat}")
    } else {
        format!("seat {seat} ({name})")
    }
}

/// The most characters of a seat's name a line shows: a person's name is at most 40 (the
/// seat labels' limit), and an agent's spec or a host's word is cut there too.
pub const CALLED_CHARS: usize = 40;

/// Every seat as one reader calls it: `you` for the reader's own seat, `seat 1 (bob)` for the
/// others, from what each seat is called (a person's name, or what plays it: `hard`,
/// `remote`). The one place a front end names a seat for people: the CLI's prompts and
/// results, the TUI's board, title, log and end, the host's status lines and its clients'.
///
/// A name comes from outside (a person typed it, a host sent it): it is kept safe here, cut
/// to [`CALLED_CHARS`] with its control characters escaped ([`crate::text::cut`]).
///
/// ```
/// use mousehole_engine::naming::{Reader, SeatNames};
/// let names = SeatNames::new(Reader::seat(0), ["ann", "hard", ""]);
/// assert_eq!(names.name(0), "you");
/// assert_eq!(names.name(1), "seat 1 (hard)");
/// assert_eq!(names.name(2), "seat 2");
/// assert_eq!(names.full(0), "seat 0 (ann)");
/// assert_eq!(names.short(1), "seat 1");
/// assert_eq!(names.any(&[1, 2]), "seat 1 (hard) or seat 2");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames {
    reader: Reader,
    called: Vec<String>,
}

impl SeatNames {
    /// The seats called `called` (one per seat, in seat order; empty for no name), as
    /// `reader` reads them.
    pub fn new<S: AsRef<str>>(reader: Reader, called: impl IntoIterator<Item = S>) -> Self {
        Self {
            reader,
            called: called
                .into_iter()
                .map(|name| crate::text::cut(name.as_ref(), CALLED_CHARS))
                .collect(),
        }
    }

    /// `players` seats known only by their numbers.
    pub fn numbered(reader: Reader, players: usize) -> Self {
        Self::new(reader, vec![""; players])
    }

    /// The same seats as another reader reads them.
    #[must_use]
    pub fn read_by(&self, reader: Reader) -> Self {
        Self {
            reader,
            called: self.called.clone(),
        }
    }

    /// Who reads.
    pub fn reader(&self) -> Reader {
        self.reader
    }

    /// How many seats.
    pub fn len(&self) -> usize {
        self.called.len()
    }

    /// Whether there is no seat.
    pub fn is_empty(&self) -> bool {
        self.called.is_empty()
    }

    /// What `seat` is called besides its number (`bob`, `hard`; empty when not known).
    pub fn called(&self, seat: usize) -> &str {
        self.called.get(seat).map_or("", String::as_str)
    }

    /// How a seat is named for people: `you`, `seat 1 (bob)`, or `seat 1` when nothing more
    /// is known of it.
    pub fn name(&self, seat: usize) -> String {
        if self.reader.is_me(seat) {
            "you".to_owned()
        } else {
            self.full(seat)
        }
    }

    /// `seat 1 (bob)` even for the reader's own seat: where the reader is told which seat is
    /// theirs (`you are seat 0 (ann)`).
    pub fn full(&self, seat: usize) -> String {
        seat_called(seat, self.called(seat))
    }

    /// `you` or `seat 1`, the form of the games' notes ([`Reader::who`]): where a line has no
    /// room for names (the TUI's log and board cells), so that its heads and its notes name
    /// the seats alike.
    pub fn short(&self, seat: usize) -> String {
        self.reader.who(seat)
    }

    /// `your`, `seat 1 (bob)'s`.
    pub fn whose(&self, seat: usize) -> String {
        possessive(&self.name(seat))
    }

    /// Seats listed with `and`: `you and seat 1 (bob)`.
    pub fn all(&self, seats: &[usize]) -> String {
        self.list(seats, "and")
    }

    /// Seats listed with `or`: `seat 1 (bob) or seat 2 (hard)`.
    pub fn any(&self, seats: &[usize]) -> String {
        self.list(seats, "or")
    }

    fn list(&self, seats: &[usize], joint: &str) -> String {
        let names: Vec<String> = seats.iter().map(|&seat| self.name(seat)).collect();
        match names.as_slice() {
            [] => "no seat".to_owned(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} {joint} {last}", rest.join(", ")),
        }
    }
}

/// A seat's name from `names` (the seats as the reader calls them), or `seat N` when there
/// is none.
pub fn seat_name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// Who reads a text about seats: one seat (named `you`), or nobody in particular.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reader(pub Option<usize>);

impl Reader {
    /// A text read by seat `seat`.
    pub fn seat(seat: usize) -> Self {
        Self(Some(seat))
    }

    /// The reader of an observation of `seat`'s, or of a public view (`public`), which nobody
    /// in particular reads.
    pub fn of_view(seat: usize, public: bool) -> Self {
        Self((!public).then_some(seat))
    }

    /// A text nobody in particular reads (a full transcript).
    pub fn nobody() -> Self {
        Self(None)
    }

    /// Whether `seat` is the one reading.
    pub fn is_me(self, seat: usize) -> bool {
        self.0 == Some(seat)
    }

    /// `you` or `seat 1`.
    ///
    /// ```
    /// use mousehole_engine::naming::Reader;
    /// assert_eq!(Reader::seat(0).who(0), "you");
    /// assert_eq!(Reader::seat(0).who(1), "seat 1");
    /// assert_eq!(Reader::nobody().who(0), "seat 0");
    /// ```
    pub fn who(self, seat: usize) -> String {
        if self.is_me(seat) {
            "you".to_owned()
        } else {
            format!("seat {seat}")
        }
    }

    /// `your` or `seat 1's`.
    pub fn whose(self, seat: usize) -> String {
        if self.is_me(seat) {
            "your".to_owned()
        } else {
            format!("seat {seat}'s")
        }
    }

    /// `you take` or `seat 1 takes`: `verb` as said to `you` (its plain form).
    ///
    /// ```
    /// use mousehole_engine::naming::Reader;
    /// assert_eq!(Reader::seat(2).does(2, "pay"), "you pay");
    /// assert_eq!(Reader::seat(2).does(1, "pay"), "seat 1 pays");
    /// assert_eq!(Reader::nobody().does(1, "catch"), "seat 1 catches");
    /// ```
    pub fn does(self, seat: usize, verb: &str) -> String {
        if self.is_me(seat) {
            format!("you {verb}")
        } else if ["s", "sh", "ch", "x", "z"]
            .iter()
            .any(|end| verb.ends_with(end))
        {
            format!("seat {seat} {verb}es")
        } else {
            format!("seat {seat} {verb}s")
        }
    }

    /// `you are` or `seat 1 is`.
    pub fn is(self, seat: usize) -> String {
        if self.is_me(seat) {
            "you are".to_owned()
        } else {
            format!("seat {seat} is")
        }
    }

    /// Seats listed with `and`: `seat 1`, `you and seat 2`, `seats 1, 2 and 3`.
    ///
    /// ```
    /// use mousehole_engine::naming::Reader;
    /// assert_eq!(Reader::nobody().all(&[1, 2, 3]), "seats 1, 2 and 3");
    /// assert_eq!(Reader::seat(2).all(&[1, 2]), "seat 1 and you");
    /// assert_eq!(Reader::seat(2).all(&[]), "no seat");
    /// ```
    pub fn all(self, seats: &[usize]) -> String {
        self.list(seats, "and", "seats")
    }

    /// Seats listed with `or`: `seat 1`, `seat 0, 1 or 3`, `you or seat 3`.
    ///
    /// ```
    /// use mousehole_engine::naming::Reader;
    /// assert_eq!(Reader::nobody().any(&[0, 1, 3]), "seat 0, 1 or 3");
    /// assert_eq!(Reader::seat(0).any(&[0, 3]), "you or seat 3");
    /// ```
    pub fn any(self, seats: &[usize]) -> String {
        self.list(seats, "or", "seat")
    }

    fn list(self, seats: &[usize], joint: &str, plural: &str) -> String {
        match seats {
            [] => "no seat".to_owned(),
            [one] => self.who(*one),
            [rest @ .., last] if !seats.iter().any(|&s| self.is_me(s)) => {
                let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
                format!("{plural} {} {joint} {last}", rest.join(", "))
            }
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(|&s| self.who(s)).collect();
                format!("{} {joint} {}", rest.join(", "), self.who(*last))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_from_outside_is_cut_and_its_controls_escaped() {
        let long = "x".repeat(500);
        let names = SeatNames::new(Reader::nobody(), ["a\u{1b}[31mb\n\u{202e}", long.as_str()]);
        assert_eq!(names.name(0), "seat 0 (a\\u{1b}[31mb\\n\\u{202e})");
        assert!(
            names.name(1).chars().count() < CALLED_CHARS + 40,
            "{}",
            names.name(1)
        );
        assert!(names.name(1).ends_with("… (460 more characters))"));
        // A seat past the names (a host's list shorter than the table) is its number.
        assert_eq!(names.name(7), "seat 7");
    }

    #[test]
    fn the_reader_is_you_and_everyone_else_is_named() {
        assert_eq!(seat_called(1, "bob"), "seat 1 (bob)");
        assert_eq!(seat_called(1, ""), "seat 1");
        let names = SeatNames::new(Reader::seat(1), ["bob", "ann", "hard"]);
        assert_eq!(names.name(1), "you");
        assert_eq!(names.whose(1), "your");
        assert_eq!(names.whose(2), "seat 2 (hard)'s");
        assert_eq!(names.all(&[0, 1, 2]), "seat 0 (bob), you and seat 2 (hard)");
        assert_eq!(names.any(&[]), "no seat");
        assert_eq!(names.read_by(Reader::nobody()).name(1), "seat 1 (ann)");
        assert_eq!(names.short(0), "seat 0");
        assert_eq!(names.short(1), "you");
    }
}
