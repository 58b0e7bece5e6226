//! The setup screen: the game, the player count, every option (validated as it is typed, with
//! the engine's own error text), who sits at each seat (a person, a level described in plain
//! words with its measured strength in this game at this table's size, or in the custom field
//! any agent spec or program), the seed (random by default,
//! shown), the TUI's own choices (the coach, rolling your own die), and the way to your
//! kept games.

use mousehole_engine::registry::games;
use mousehole_engine::{GameDescription, GameSpec};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use mousehole_bots::{SeatLabel, level_table};

use crate::bots::{DEFAULT_LEVEL, LevelChoice, level_choices};
use crate::session::GamePlan;
use crate::theme::Theme;

/// One field of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Game,
    Players,
    /// The game's option with this index among its options other than `players`.
    Option(usize),
    Seat(usize),
    Seed,
    /// Coach mode on or off.
    Coach,
    /// People roll their own dice, or the dice roll by themselves (games that start a turn
    /// with a roll).
    Roll,
    Start,
    /// Your kept games.
    History,
}

#[derive(Clone, Debug)]
struct OptionField {
    key: &'static str,
    text: String,
    allowed: &'static str,
    help: &'static str,
    /// Values the option lists (`refill or first`) that it accepts: ←/→ cycle through them.
    values: Vec<String>,
}

/// A seat's choice: index 0 is a person, then the levels, then a typed spec.
#[derive(Clone, Debug)]
struct SeatField {
    choice: usize,
    custom: String,
}

/// The setup form's state.
#[derive(Clone, Debug)]
pub struct Setup {
    games: Vec<&'static GameDescription>,
    game: usize,
    players: usize,
    options: Vec<OptionField>,
    seats: Vec<SeatField>,
    seed: String,
    focus: usize,
    levels: Vec<LevelChoice>,
    coach: bool,
    roll_by_key: bool,
    /// Whether the game's turns start with a die the player rolls.
    rolls: bool,
}

/// What is wrong with the form, and in which field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub message: String,
}

impl Setup {
    /// The form for `game` (the first game if `None`), with `seed` shown.
    pub fn new(game: Option<&str>, seed: u64) -> Self {
        let games = games();
        let index = game
            .and_then(|name| games.iter().position(|g| g.name == name))
            .unwrap_or(0);
        let mut setup = Self {
            games,
            game: index,
            players: 0,
            options: Vec::new(),
            seats: Vec::new(),
            seed: seed.to_string(),
            focus: 0,
            levels: level_choices(),
            coach: false,
            roll_by_key: true,
            rolls: false,
        };
        setup.select_game(index);
        setup
    }

    fn description(&self) -> &'static GameDescription {
        self.games[self.game]
    }

    fn select_game(&mut self, index: usize) {
        self.game = index;
        let description = self.description();
        self.rolls = crate::rolls(description);
        self.players = description.default_players();
        self.options = description
            .options
            .iter()
            .filter(|o| o.key != "players")
            .map(|o| OptionField {
                key: o.key,
                text: o.default.to_owned(),
                allowed: o.allowed,
                help: o.help,
                values: listed_values(description, o.key, o.allowed),
            })
            .collect();
        self.resize_seats();
    }

    fn default_bot(&self) -> usize {
        1 + self
            .levels
            .iter()
            .position(|choice| choice.level == DEFAULT_LEVEL)
            .unwrap_or(0)
    }

    fn resize_seats(&mut self) {
        let bot = self.default_bot();
        while self.seats.len() < self.players {
            let choice = if self.seats.is_empty() { 0 } else { bot };
            self.seats.push(SeatField {
                choice,
                custom: String::new(),
            });
        }
        self.seats.truncate(self.players);
    }

    /// Every field, in order.
    pub fn fields(&self) -> Vec<Field> {
        let mut fields = vec![Field::Game, Field::Players];
        fields.extend((0..self.options.len()).map(Field::Option));
        fields.extend((0..self.seats.len()).map(Field::Seat));
        fields.push(Field::Seed);
        fields.push(Field::Coach);
        if self.rolls {
            fields.push(Field::Roll);
        }
        fields.push(Field::Start);
        fields.push(Field::History);
        fields
    }

    pub fn focused(&self) -> Field {
        let fields = self.fields();
        fields[self.focus.min(fields.len() - 1)]
    }

    pub fn focus(&mut self, field: Field) {
        if let Some(at) = self.fields().iter().position(|&f| f == field) {
            self.focus = at;
        }
    }

    pub fn move_focus(&mut self, delta: isize) {
        let len = self.fields().len() as isize;
        self.focus = (self.focus as isize + delta).rem_euclid(len) as usize;
    }

    fn custom_choice(&self) -> usize {
        self.levels.len() + 1
    }

    /// Whether the focused field takes typed text (then printable keys go into it).
    pub fn types_text(&self) -> bool {
        match self.focused() {
            Field::Option(_) | Field::Seed => true,
            Field::Seat(seat) => self.seats[seat].choice == self.custom_choice(),
            Field::Game
            | Field::Players
            | Field::Coach
            | Field::Roll
            | Field::Start
            | Field::History => false,
        }
    }

    /// ←/→ on the focused field.
    pub fn change(&mut self, delta: isize) {
        let step =
            |value: usize, len: usize| (value as isize + delta).rem_euclid(len as isize) as usize;
        match self.focused() {
            Field::Game => {
                let game = step(self.game, self.games.len());
                self.select_game(game);
            }
            Field::Players => {
                let description = self.description();
                let players = (self.players as isize + delta).clamp(
                    description.min_players as isize,
                    description.max_players as isize,
                );
                self.players = players as usize;
                self.resize_seats();
            }
            Field::Option(index) => {
                let field = &self.options[index];
                if let Some(at) = field.values.iter().position(|v| *v == field.text) {
                    let next = step(at, field.values.len());
                    self.options[index].text = self.options[index].values[next].clone();
                } else if let Ok(number) = field.text.parse::<i64>() {
                    // Numbers step to the next value the option accepts (odd sizes go by 2).
                    for by in 1..=2 {
                        let candidate = number + by * delta as i64;
                        if candidate >= 0 && self.option_valid(index, &candidate.to_string()) {
                            self.options[index].text = candidate.to_string();
                            break;
                        }
                    }
                }
            }
            Field::Seat(seat) => {
                let choices = self.custom_choice() + 1;
                self.seats[seat].choice = step(self.seats[seat].choice, choices);
            }
            Field::Seed => {
                if let Ok(seed) = self.seed.parse::<u64>() {
                    self.seed = seed.wrapping_add_signed(delta as i64).to_string();
                }
            }
            Field::Coach => self.coach = !self.coach,
            Field::Roll => self.roll_by_key = !self.roll_by_key,
            Field::Start | Field::History => {}
        }
    }

    fn option_valid(&self, index: usize, value: &str) -> bool {
        let mut spec = GameSpec::new(self.description());
        spec.set(self.options[index].key, value).is_ok() && spec.build().is_ok()
    }

    fn text_mut(&mut self) -> Option<&mut String> {
        let custom = self.custom_choice();
        match self.focused() {
            Field::Option(index) => Some(&mut self.options[index].text),
            Field::Seed => Some(&mut self.seed),
            Field::Seat(seat) if self.seats[seat].choice == custom => {
                Some(&mut self.seats[seat].custom)
            }
            _ => None,
        }
    }

    /// A typed character into the focused text field.
    pub fn type_char(&mut self, c: char) {
        if let Some(text) = self.text_mut()
            && text.chars().count() < 200
            && !c.is_control()
        {
            text.push(c);
        }
    }

    pub fn backspace(&mut self) {
        if let Some(text) = self.text_mut() {
            text.pop();
        }
    }

    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed.to_string();
    }

    /// The seed in the seed field, if it reads as one.
    pub fn seed(&self) -> Option<u64> {
        self.seed.parse().ok()
    }

    /// Presets from the command line: the player count and who sits where.
    pub fn set_seats(&mut self, seats: &[SeatLabel]) {
        let description = self.description();
        if (description.min_players..=description.max_players).contains(&seats.len()) {
            self.players = seats.len();
            self.resize_seats();
        }
        for (field, plan) in self.seats.iter_mut().zip(seats) {
            match plan {
                // The command line refuses remote seats (`mousehole host` seats them).
                SeatLabel::Human(_) | SeatLabel::Remote(_) => field.choice = 0,
                SeatLabel::Agent(spec) => {
                    if let Some(at) = self.levels.iter().position(|c| &c.spec == spec) {
                        field.choice = at + 1;
                    } else {
                        field.choice = self.levels.len() + 1;
                        field.custom = spec.to_string();
                    }
                }
                SeatLabel::Program(command) => {
                    field.choice = self.levels.len() + 1;
                    field.custom = command.to_string();
                }
            }
        }
    }

    /// The game the form describes, or the first problem with it.
    pub fn plan(&self) -> Result<GamePlan, Problem> {
        let description = self.description();
        let mut spec = GameSpec::new(description);
        let problem = |field, message: String| Problem { field, message };
        spec.set("players", &self.players.to_string())
            .map_err(|e| problem(Field::Players, e.to_string()))?;
        for (index, option) in self.options.iter().enumerate() {
            spec.set(option.key, option.text.trim())
                .map_err(|e| problem(Field::Option(index), e.to_string()))?;
        }
        if let Err(error) = spec.build() {
            let message = error.to_string();
            let field = self
                .options
                .iter()
                .position(|o| message.contains(&format!("'{}'", o.key)) || message.contains(o.key))
                .map_or(Field::Game, Field::Option);
            return Err(problem(field, message));
        }
        let mut seats = Vec::with_capacity(self.seats.len());
        for (index, seat) in self.seats.iter().enumerate() {
            seats.push(match seat.choice {
                0 => SeatLabel::Human(None),
                choice if choice <= self.levels.len() => {
                    SeatLabel::Agent(self.levels[choice - 1].spec.clone())
                }
                _ => seat
                    .custom
                    .trim()
                    .parse::<SeatLabel>()
                    .map_err(|e| problem(Field::Seat(index), format!("seat {index}: {e}")))
                    .and_then(|label| match label {
                        SeatLabel::Remote(_) => Err(problem(
                            Field::Seat(index),
                            format!("seat {index}: a remote seat is played from another terminal through `mousehole host`"),
                        )),
                        label => Ok(label),
                    })?,
            });
        }
        let seed = mousehole_engine::options::digits(self.seed.trim())
            .and_then(|s| s.parse::<u64>().ok())
            .ok_or_else(|| {
                problem(
                    Field::Seed,
                    format!(
                        "the seed '{}' is not a whole number from 0 to {}",
                        mousehole_engine::text::shown(self.seed.trim()),
                        u64::MAX
                    ),
                )
            })?;
        let mut plan = GamePlan::new(spec, seats, seed);
        plan.coach = self.coach;
        plan.roll_by_key = self.roll_by_key;
        Ok(plan)
    }

    /// Presets the TUI's own choices (when a game is played again from the end screen).
    pub fn set_choices(&mut self, coach: bool, roll_by_key: bool) {
        self.coach = coach;
        self.roll_by_key = roll_by_key;
    }

    fn seat_text(&self, seat: usize) -> String {
        let field = &self.seats[seat];
        match field.choice {
            0 => "person (you, or someone at this terminal)".to_owned(),
            choice if choice <= self.levels.len() => {
                let choice = &self.levels[choice - 1];
                match self
                    .levels_row()
                    .map(|row| row.plays_as(choice.level, self.players))
                {
                    Some(plays) if plays != choice.level => format!(
                        "{} — plays as {plays} here: measured no stronger at this table",
                        choice.level
                    ),
                    _ => choice.text(),
                }
            }
            _ => format!("custom spec: {}", field.custom),
        }
    }

    /// The level table's row of the game chosen.
    fn levels_row(&self) -> Option<mousehole_bots::GameLevels> {
        let name = self.description().name;
        level_table().into_iter().find(|row| row.game == name)
    }

    fn field_help(&self, field: Field) -> String {
        let description = self.description();
        match field {
            Field::Game => format!("{}: {}", description.title, description.summary),
            Field::Players => format!("{} to {} players", description.min_players, description.max_players),
            Field::Option(index) => {
                let option = &self.options[index];
                format!("{}; allowed: {}", option.help, option.allowed)
            }
            Field::Seat(seat) => match self.seats[seat].choice {
                0 => "a person: two or more play hot seat, passing the keyboard between decisions".to_owned(),
                choice if choice <= self.levels.len() => {
                    let level = self.levels[choice - 1].level;
                    // The seat's line says what it is like and the keys say ←/→ change it;
                    // this, in plain words what was measured of it in this game, and whether
                    // that makes it play as a lower level at this table (two lines at most:
                    // Mouse Trap for four fills the screen).
                    let measured = self
                        .levels_row()
                        .map(|row| row.in_words(level, self.players))
                        .unwrap_or_default();
                    format!("{level}: {measured}")
                }
                _ => "type an agent: random, heuristic (the game's rule of thumb), mc:playouts=N, ismcts:iterations=N, a level, or exec:COMMAND for your own program (`mousehole list` shows them all)".to_owned(),
            },
            Field::Seed => "chance and the bots follow the seed: the same seed and seats replay the same game (^R: a new random one)".to_owned(),
            Field::Coach => "coach mode: before a move that gives away 10 or more points, or may end the game for you where another would not, the coach says so and you may choose again (c switches it in a game)".to_owned(),
            Field::Roll => "roll your own die with a key at the start of your turn, or let it roll by itself".to_owned(),
            Field::Start => "Enter starts the game".to_owned(),
            Field::History => "the games you played and kept: open one, see the coach's review, your wins per level".to_owned(),
        }
    }

    /// Draws the form.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let width = usize::from(area.width);
        let mut wrapped = crate::text::wrap_all(&self.form_lines(theme, false), width, 0);
        // A small window keeps every field, the focused field's help and the spec whole: the
        // other seats are named by their level alone and the blank rows go (at 60x20 the
        // levels' words were cut otherwise).
        if wrapped.len() > usize::from(area.height) {
            wrapped = crate::text::wrap_all(&self.form_lines(theme, true), width, 0);
            wrapped.retain(|line| line.width() > 0);
        }
        Paragraph::new(wrapped).render(area, buf);
    }

    /// The form's lines, unwrapped; `compact`, the seats not focused by their short names
    /// (`medium`, `person`).
    fn form_lines(&self, theme: Theme, compact: bool) -> Vec<Line<'static>> {
        let problem = self.plan().err();
        let focused = self.focused();
        // Every row counts: Mouse Trap for four, its options, help and spec fit 80×24.
        let mut lines = vec![Line::styled("mousehole — a new game", theme.title())];
        // The labels' column is as wide as the longest (an option's key may be long).
        let label_width = self
            .options
            .iter()
            .map(|o| o.key.len() + 1)
            .chain([11])
            .max()
            .unwrap_or(11);
        let row = |label: String, value: Vec<Span<'static>>, field: Field| {
            let is_focus = field == focused;
            let bad = problem.as_ref().is_some_and(|p| p.field == field);
            let marker = if is_focus { "▶ " } else { "  " };
            let mut spans = vec![
                Span::styled(marker, theme.accent()),
                Span::styled(
                    format!("{label:<label_width$}"),
                    if bad { theme.error() } else { theme.dim() },
                ),
            ];
            spans.extend(value.into_iter().map(|s| {
                if is_focus {
                    s.patch_style(theme.selected())
                } else {
                    s
                }
            }));
            Line::from(spans)
        };
        for (label, value, field) in self.field_rows(focused, compact) {
            lines.push(row(label, value, field));
        }
        lines.push(Line::raw(""));
        lines.push(row(
            String::new(),
            vec![Span::styled("[ Start ]", theme.accent())],
            Field::Start,
        ));
        lines.push(row(
            String::new(),
            vec![Span::styled("[ Your games ]", theme.text())],
            Field::History,
        ));
        lines.push(Line::raw(""));
        lines.push(Line::styled(self.field_help(focused), theme.dim()));
        if let Some(problem) = &problem {
            lines.push(Line::styled(
                format!("✗ {}", problem.message),
                theme.error(),
            ));
        } else {
            let spec = self
                .plan()
                .ok()
                .and_then(|plan| plan.spec.canonical().ok())
                .unwrap_or_default();
            lines.push(Line::styled(format!("✓ ready: {spec}"), theme.good()));
        }
        lines
    }

    /// The form's fields, from the game to the dice, each as its label, its value (unstyled)
    /// and the field; `focused` shows its cursor, and `compact` names the other seats short.
    fn field_rows(
        &self,
        focused: Field,
        compact: bool,
    ) -> Vec<(String, Vec<Span<'static>>, Field)> {
        let description = self.description();
        let mut rows = vec![
            (
                "game".into(),
                choice(&format!(
                    "{} ({})",
                    description.short_title(),
                    description.name
                )),
                Field::Game,
            ),
            (
                "players".into(),
                choice(&self.players.to_string()),
                Field::Players,
            ),
        ];
        for (index, option) in self.options.iter().enumerate() {
            let here = focused == Field::Option(index);
            let value = if option.values.len() > 1 {
                choice(&option.text)
            } else {
                typed(&option.text, here)
            };
            rows.push((option.key.to_owned(), value, Field::Option(index)));
        }
        for seat in 0..self.seats.len() {
            let custom = self.seats[seat].choice == self.custom_choice();
            let here = focused == Field::Seat(seat);
            let value = if custom {
                let mut spans = choice("custom");
                spans.push(Span::raw(" "));
                spans.extend(typed(&self.seats[seat].custom, here));
                spans
            } else if compact && !here {
                let text = self.seat_text(seat);
                choice(text.split([' ', '(']).next().unwrap_or_default())
            } else {
                choice(&self.seat_text(seat))
            };
            rows.push((format!("seat {seat}"), value, Field::Seat(seat)));
        }
        rows.push((
            "seed".into(),
            typed(&self.seed, focused == Field::Seed),
            Field::Seed,
        ));
        rows.push((
            "coach".into(),
            choice(if self.coach { "on" } else { "off" }),
            Field::Coach,
        ));
        if self.rolls {
            rows.push((
                "your dice".into(),
                choice(if self.roll_by_key {
                    "you roll them with a key"
                } else {
                    "they roll by themselves"
                }),
                Field::Roll,
            ));
        }
        rows
    }
}

/// A field whose value is chosen from a list: `◀ value ▶`.
fn choice(text: &str) -> Vec<Span<'static>> {
    vec![Span::raw(format!("◀ {text} ▶"))]
}

/// A field whose value is typed: `[value]`, with the cursor while it is being typed.
fn typed(text: &str, typing: bool) -> Vec<Span<'static>> {
    let cursor = if typing { "▏" } else { "" };
    vec![Span::raw(format!("[{text}{cursor}]"))]
}

/// The values an option's `allowed` text lists (`refill or first`) that the game accepts:
/// a choice to cycle through instead of typing; empty when it describes a range or a format.
fn listed_values(description: &'static GameDescription, key: &str, allowed: &str) -> Vec<String> {
    let values: Vec<String> = allowed
        .split(" or ")
        .flat_map(|part| part.split(", "))
        .map(|value| value.trim().to_owned())
        .filter(|value| !value.is_empty() && !value.contains(' '))
        .collect();
    let valid = |value: &str| {
        let mut spec = GameSpec::new(description);
        spec.set(key, value).is_ok() && spec.build().is_ok()
    };
    if values.len() > 1 && values.iter().all(|v| valid(v)) {
        values
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_bots::Level;

    #[test]
    fn a_level_seat_says_in_words_what_was_measured_of_it_and_whom_it_plays_as() {
        let mut setup = Setup::new(Some("moose-house"), 1);
        setup.focus(Field::Players);
        setup.change(1);
        let players = setup.plan().unwrap().seats.len();
        setup.focus(Field::Seat(1));
        let level = setup.levels[setup.seats[1].choice - 1].level;
        let row = level_table()
            .into_iter()
            .find(|row| row.game == "moose-house")
            .unwrap();
        let help = setup.field_help(Field::Seat(1));
        assert_eq!(help, format!("{level}: {}", row.in_words(level, players)));
        // The committed figures of Cheese Day's hard, at its default three players: said in
        // words, not statistics, and an equal rung said to play as the level below.
        let mut setup = Setup::new(Some("cheese-day"), 1);
        let hard = setup
            .levels
            .iter()
            .position(|choice| choice.level == Level::Hard)
            .unwrap();
        setup.seats[1].choice = hard + 1;
        let help = setup.field_help(Field::Seat(1));
        let cheese = level_table()
            .into_iter()
            .find(|row| row.game == "cheese-day")
            .unwrap();
        if cheese.plays_as_measured() {
            assert!(
                help.starts_with(
                    "hard: wins about 52 of 100 heads-up games against medium; at 3 players about \
                     as strong as medium; so at 3 players it plays as medium"
                ),
                "{help}"
            );
            assert!(!help.contains('['), "no statistics: {help}");
            assert_eq!(
                setup.seat_text(1),
                "hard — plays as medium here: measured no stronger at this table"
            );
        } else {
            assert!(
                help.contains("not measured as the levels play now"),
                "{help}"
            );
        }
    }

    #[test]
    fn listed_values_become_choices_and_ranges_do_not() {
        let mut setup = Setup::new(Some("moose-house"), 1);
        assert_eq!(setup.options[0].values, vec!["refill", "first"]);
        setup.focus(Field::Option(0));
        setup.change(1);
        assert_eq!(setup.options[0].text, "first");
        let setup = Setup::new(Some("mouse-trap"), 1);
        assert!(setup.options.iter().all(|o| o.values.is_empty()));
    }

    #[test]
    fn a_bad_option_is_reported_with_the_engines_words_in_its_field() {
        let mut setup = Setup::new(Some("cheese-day"), 1);
        setup.focus(Field::Option(0));
        setup.type_char('x');
        let problem = setup.plan().unwrap_err();
        assert_eq!(problem.field, Field::Option(0));
        assert!(problem.message.contains("traps"), "{}", problem.message);
        setup.backspace();
        assert!(setup.plan().is_ok());
    }

    #[test]
    fn numbers_step_to_the_next_accepted_value() {
        let mut setup = Setup::new(Some("mouse-race"), 1);
        let size = setup.options.iter().position(|o| o.key == "size").unwrap();
        setup.focus(Field::Option(size));
        setup.change(1);
        assert_eq!(setup.options[size].text, "15");
        setup.change(-1);
        assert_eq!(setup.options[size].text, "13");
    }

    #[test]
    fn seats_follow_the_player_count_and_a_custom_spec_is_checked() {
        let mut setup = Setup::new(Some("cheese-day"), 5);
        setup.focus(Field::Players);
        setup.change(1);
        let plan = setup.plan().unwrap();
        assert_eq!(plan.seats.len(), 4);
        assert!(plan.seats[0].is_human());
        assert_eq!(plan.seed, 5);
        setup.focus(Field::Seat(1));
        // After the bots comes the custom spec.
        for _ in 0..20 {
            if setup.types_text() {
                break;
            }
            setup.change(1);
        }
        assert!(setup.types_text());
        for c in "ismcts:iterations=0".chars() {
            setup.type_char(c);
        }
        let problem = setup.plan().unwrap_err();
        assert_eq!(problem.field, Field::Seat(1));
        assert!(
            problem.message.contains("iterations"),
            "{}",
            problem.message
        );
    }
}
