//! The one theme: every colour and text style the TUI uses, with a monochrome fallback that
//! stays readable (bold, underline, reverse) when `NO_COLOR` is set.

use ratatui::style::{Color, Modifier, Style};

/// The styles of every screen. Built once at start from the environment (`NO_COLOR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    color: bool,
}

/// One colour per seat (seat numbers wrap: no game has more than six seats).
const SEAT_COLORS: [Color; 6] = [
    Color::Yellow,
    Color::Cyan,
    Color::Magenta,
    Color::Green,
    Color::LightRed,
    Color::LightBlue,
];

impl Theme {
    /// Colours on.
    pub const COLOR: Theme = Theme { color: true };
    /// No colours: styles only (the `NO_COLOR` convention, <https://no-color.org>).
    pub const MONOCHROME: Theme = Theme { color: false };

    /// Colours unless `NO_COLOR` is set to anything non-empty.
    pub fn from_env() -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(value) if !value.is_empty() => Theme::MONOCHROME,
            _ => Theme::COLOR,
        }
    }

    pub fn has_color(self) -> bool {
        self.color
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// Plain text.
    pub fn text(self) -> Style {
        Style::new()
    }

    /// Less important text: hints, disabled keys, empty places.
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Titles and headings.
    pub fn title(self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }

    /// Borders of panels.
    pub fn border(self) -> Style {
        self.fg(Color::Gray)
    }

    /// The focused panel's border.
    pub fn focus_border(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    /// The selected line of a list.
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(Color::LightYellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// What the selected action touches on the board.
    pub fn marked(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(Color::LightGreen)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED)
        }
    }

    /// A seat's pieces, name and log lines.
    pub fn seat(self, seat: usize) -> Style {
        self.fg(SEAT_COLORS[seat % SEAT_COLORS.len()])
    }

    /// Bad news: traps, moose, errors, a fatal third trap.
    pub fn danger(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// Good news: cheese, a valid setting.
    pub fn good(self) -> Style {
        self.fg(Color::LightGreen)
    }

    /// Something worth noticing: the die, the reserve top, the newest log line.
    pub fn accent(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    /// Keys in the key bar and the help.
    pub fn key(self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }

    /// An error message shown in place.
    pub fn error(self) -> Style {
        self.fg(Color::LightRed)
    }
}
