//! How a seat is named for people: `you` for the seat that reads, `seat N` for the others
//! (and for everyone in a full transcript, which nobody reads as a seat). The one home of
//! that plain form: every game's notes and labels name seats through [`Reader`], and the
//! front ends' names (`seat 1 (bob)`, `you`) build on [`Reader::who`].

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

/// A seat called by its number and its name, as people read it in lines about seats:
/// `seat 1 (bob)`, `seat 2 (hard)`. The one home of that form.
///
/// ```
/// use mousehole_engine::naming::seat_called;
/// assert_eq!(seat_called(1, "bob"), "seat 1 (bob)");
/// ```
pub fn seat_called(seat: usize, name: impl std::fmt::Display) -> String {
    format!("seat {seat} ({name})")
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
