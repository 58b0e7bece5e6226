//! Every key the TUI binds, in one list per screen: the key bar at the bottom and the help
//! overlay are both drawn from these lists, and key events are looked up in them, so a key can
//! never be documented in one place and bound in another (gitui's command bar).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    /// Play the selected move / start / confirm.
    Choose,
    /// Type a move in its text form.
    Type,
    /// Complete the typed text (Tab).
    Complete,
    /// Leave typing, a prompt or a popup.
    Cancel,
    Hint,
    Undo,
    Save,
    Faster,
    Slower,
    /// Show the bots' moves at once until a person's next decision.
    Skip,
    /// Another seat's view (when no person plays), or the next view in the replay viewer.
    View,
    LogUp,
    LogDown,
    Help,
    Quit,
    /// Play again with the same settings.
    Again,
    /// Open the replay viewer on this game.
    Replay,
    /// Back to the setup screen.
    NewGame,
    First,
    Last,
    /// A new random seed (setup).
    Reseed,
    /// Quit at once (Ctrl-C), from anywhere.
    Interrupt,
    /// Roll your own die.
    Roll,
    /// Pan a board larger than its area.
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    /// The next or previous tab (help: keys, rules, legend).
    NextTab,
    PreviousTab,
    /// Open the history of kept games.
    History,
    /// The coach's review of a finished game.
    Review,
    /// Switch the coach on or off (during a game).
    Coach,
}

/// A key as the lists write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Code(KeyCode),
    /// A key other than a character, with Shift held (⇧←).
    Shift(KeyCode),
}

impl Key {
    fn matches(self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let shift = event.modifiers.contains(KeyModifiers::SHIFT);
        match (self, event.code) {
            (Key::Ctrl(c), KeyCode::Char(typed)) => ctrl && typed.eq_ignore_ascii_case(&c),
            (Key::Char(c), KeyCode::Char(typed)) => !ctrl && typed == c,
            // Shift+Tab arrives as BackTab, with or without the Shift flag.
            (Key::Code(KeyCode::BackTab), KeyCode::BackTab) => !ctrl,
            (Key::Code(code), typed) => !ctrl && !shift && code == typed,
            (Key::Shift(code), typed) => !ctrl && shift && code == typed,
            _ => false,
        }
    }

    /// How the key bar and help write the key.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "space".to_owned(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
            Key::Shift(code) => format!("⇧{}", Key::Code(code).label()),
            Key::Code(code) => match code {
                KeyCode::Up => "↑".to_owned(),
                KeyCode::Down => "↓".to_owned(),
                KeyCode::Left => "←".to_owned(),
                KeyCode::Right => "→".to_owned(),
                KeyCode::Enter => "⏎".to_owned(),
                KeyCode::Esc => "esc".to_owned(),
                KeyCode::Tab => "tab".to_owned(),
                KeyCode::BackTab => "⇧tab".to_owned(),
                KeyCode::PageUp => "pgup".to_owned(),
                KeyCode::PageDown => "pgdn".to_owned(),
                KeyCode::Home => "home".to_owned(),
                KeyCode::End => "end".to_owned(),
                KeyCode::Backspace => "⌫".to_owned(),
                other => format!("{other:?}").to_lowercase(),
            },
        }
    }
}

/// One command of a screen: its keys, its name in the key bar, what the help says of it, and
/// whether the key bar shows it (the help shows every command).
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub cmd: Cmd,
    pub keys: &'static [Key],
    pub name: &'static str,
    pub help: &'static str,
    pub in_bar: bool,
}

impl Binding {
    /// `↑/k`.
    pub fn key_label(&self) -> String {
        self.keys
            .iter()
            .map(|k| k.label())
            .collect::<Vec<_>>()
            .join("/")
    }
}

const fn bind(
    cmd: Cmd,
    keys: &'static [Key],
    name: &'static str,
    help: &'static str,
    in_bar: bool,
) -> Binding {
    Binding {
        cmd,
        keys,
        name,
        help,
        in_bar,
    }
}

use Key::{Char, Code, Ctrl, Shift};

const INTERRUPT: Binding = bind(
    Cmd::Interrupt,
    &[Ctrl('c')],
    "quit now",
    "quit at once from anywhere (an unsaved game is not kept unless --out was given)",
    false,
);
const HELP: Binding = bind(
    Cmd::Help,
    &[Char('?')],
    "help",
    "this help: the keys, and in a game its rules and a legend of the board",
    true,
);
/// Leaving a list screen for the one it was opened from.
const BACK: Binding = bind(
    Cmd::Quit,
    &[Char('q'), Code(KeyCode::Esc)],
    "back",
    "back to where you came from",
    true,
);
/// Scrolling the log a page at a time.
const LOG_BACK: Binding = bind(
    Cmd::LogUp,
    &[Code(KeyCode::PageUp)],
    "log",
    "scroll the log back a page",
    false,
);
const LOG_ON: Binding = bind(
    Cmd::LogDown,
    &[Code(KeyCode::PageDown)],
    "log",
    "scroll the log forward a page",
    false,
);
const QUIT_GAME: Binding = bind(
    Cmd::Quit,
    &[Char('q')],
    "quit",
    "quit (asks first if the game is unsaved)",
    true,
);
const PANS: [Binding; 4] = [
    bind(
        Cmd::PanLeft,
        &[Shift(KeyCode::Left)],
        "pan",
        "show more of a board that does not fit, to the left",
        true,
    ),
    bind(
        Cmd::PanRight,
        &[Shift(KeyCode::Right)],
        "pan",
        "… to the right",
        false,
    ),
    bind(Cmd::PanUp, &[Shift(KeyCode::Up)], "pan", "… upwards", false),
    bind(
        Cmd::PanDown,
        &[Shift(KeyCode::Down)],
        "pan",
        "… downwards",
        false,
    ),
];

/// The setup screen. Text fields take printable keys first (`Setup::types_text`).
pub const SETUP: &[Binding] = &[
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up), Code(KeyCode::BackTab)],
        "field",
        "previous field",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down), Code(KeyCode::Tab)],
        "field",
        "next field",
        false,
    ),
    bind(
        Cmd::Left,
        &[Code(KeyCode::Left)],
        "change",
        "previous choice (game, players, a seat, an option's listed values)",
        true,
    ),
    bind(
        Cmd::Right,
        &[Code(KeyCode::Right)],
        "change",
        "next choice",
        false,
    ),
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "start",
        "start the game (when every field is valid), or open your games",
        true,
    ),
    bind(
        Cmd::Reseed,
        &[Ctrl('r')],
        "new seed",
        "a new random seed",
        true,
    ),
    bind(
        Cmd::History,
        &[Ctrl('o')],
        "your games",
        "the games you played and kept, with your wins per level",
        true,
    ),
    HELP,
    bind(
        Cmd::Quit,
        &[Code(KeyCode::Esc)],
        "quit",
        "quit mousehole",
        true,
    ),
    INTERRUPT,
];

/// The game screen while playing (moves, hints, the log).
pub const GAME: &[Binding] = &[
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up), Char('k')],
        "move",
        "select the previous move",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down), Char('j')],
        "move",
        "select the next move",
        false,
    ),
    bind(
        Cmd::PageUp,
        &[Code(KeyCode::Left), Char('K')],
        "page",
        "move the selection a page up",
        false,
    ),
    bind(
        Cmd::PageDown,
        &[Code(KeyCode::Right), Char('J')],
        "page",
        "move the selection a page down",
        false,
    ),
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter), Char(' ')],
        "play",
        "play the selected move",
        true,
    ),
    bind(
        Cmd::Type,
        &[Char(':'), Char('/')],
        "type",
        "type a move in its text form (tab completes)",
        true,
    ),
    bind(
        Cmd::Hint,
        &[Char('h')],
        "hint",
        "the expert bot's win chance for each of your moves (and your average place, with three or more players), sorted, the cursor on its pick (★); recorded in the transcript",
        true,
    ),
    bind(
        Cmd::Undo,
        &[Char('u')],
        "undo",
        "back to your previous decision (one person against bots; recorded in the transcript)",
        true,
    ),
    bind(
        Cmd::Skip,
        &[Char('n')],
        "skip",
        "show the bots' moves at once until your next decision or roll",
        true,
    ),
    bind(
        Cmd::Coach,
        &[Char('c')],
        "coach",
        "coach mode on or off: before a move that gives away 10 or more points, or may end the game for you where another would not, the coach says so and you may choose again",
        false,
    ),
    PACE[0],
    PACE[1],
    bind(
        Cmd::View,
        &[Char('v')],
        "view",
        "show another seat's view (only when no person plays)",
        false,
    ),
    PANS[0],
    PANS[1],
    PANS[2],
    PANS[3],
    LOG_BACK,
    LOG_ON,
    bind(
        Cmd::Save,
        &[Char('s')],
        "save",
        "save the transcript so far (JSON; `mousehole tui --load FILE` resumes it)",
        true,
    ),
    HELP,
    QUIT_GAME,
    INTERRUPT,
];

/// The bots' pace, in a game whether a person decides, rolls or watches.
const PACE: [Binding; 2] = [
    bind(
        Cmd::Slower,
        &[Char('-')],
        "slower",
        "more time between the bots' moves",
        false,
    ),
    bind(
        Cmd::Faster,
        &[Char('+'), Char('=')],
        "faster",
        "less time between the bots' moves",
        false,
    ),
];

/// Your own die is to be rolled.
pub const ROLL: &[Binding] = &[
    bind(
        Cmd::Roll,
        &[Code(KeyCode::Enter), Char(' '), Char('r')],
        "roll",
        "roll your die",
        true,
    ),
    PACE[0],
    PACE[1],
    PANS[0],
    PANS[1],
    PANS[2],
    PANS[3],
    LOG_BACK,
    LOG_ON,
    bind(
        Cmd::Undo,
        &[Char('u')],
        "undo",
        "back to your previous decision",
        true,
    ),
    bind(
        Cmd::Save,
        &[Char('s')],
        "save",
        "save the transcript so far",
        true,
    ),
    HELP,
    QUIT_GAME,
    INTERRUPT,
];

/// Typing a move.
pub const TYPING: &[Binding] = &[
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "play",
        "play the typed move",
        true,
    ),
    bind(
        Cmd::Complete,
        &[Code(KeyCode::Tab)],
        "complete",
        "complete the typed text as far as the legal moves agree",
        true,
    ),
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up)],
        "match",
        "previous matching move",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down)],
        "match",
        "next matching move",
        false,
    ),
    bind(
        Cmd::Cancel,
        &[Code(KeyCode::Esc)],
        "cancel",
        "stop typing",
        true,
    ),
    INTERRUPT,
];

/// The coach warns of the move chosen.
pub const COACH: &[Binding] = &[
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "play anyway",
        "play the move all the same",
        true,
    ),
    bind(
        Cmd::Cancel,
        &[Code(KeyCode::Esc), Char('c')],
        "choose again",
        "back to the list to choose another move",
        true,
    ),
    INTERRUPT,
];

/// The hand-off screen between two people's decisions.
pub const HANDOFF: &[Binding] = &[
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "ready",
        "the next person is at the keyboard: show their view",
        true,
    ),
    bind(
        Cmd::Save,
        &[Char('s')],
        "save",
        "save the transcript so far",
        true,
    ),
    bind(Cmd::Quit, &[Char('q')], "quit", "quit", true),
    INTERRUPT,
];

/// The end of a game. Enter does nothing here: a person pressing it to roll or play as
/// the game ends would otherwise start the next game before seeing how this one ended.
pub const END: &[Binding] = &[
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up)],
        "result",
        "scroll the result up (where it is longer than the window)",
        false,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down)],
        "result",
        "scroll the result down (its border says \"↓ more\" where there is more)",
        false,
    ),
    bind(
        Cmd::Again,
        &[Char('a')],
        "again",
        "play again with the same settings (the next seed)",
        true,
    ),
    bind(
        Cmd::Review,
        &[Char('c')],
        "coach",
        "the coach reviews your decisions: inaccuracies, mistakes and blunders, with the better move",
        true,
    ),
    bind(
        Cmd::Replay,
        &[Char('r')],
        "replay",
        "step through this game in the replay viewer",
        true,
    ),
    bind(
        Cmd::History,
        &[Char('o')],
        "your games",
        "the games you played and kept",
        false,
    ),
    bind(
        Cmd::NewGame,
        &[Char('g')],
        "setup",
        "back to the setup screen",
        true,
    ),
    bind(
        Cmd::Save,
        &[Char('s')],
        "save",
        "save the transcript elsewhere (finished games are kept in your games anyway)",
        false,
    ),
    PANS[0],
    PANS[1],
    PANS[2],
    PANS[3],
    bind(
        Cmd::LogUp,
        &[Code(KeyCode::PageUp), Char('k')],
        "log",
        "scroll the log back a page",
        false,
    ),
    bind(
        Cmd::LogDown,
        &[Code(KeyCode::PageDown), Char('j')],
        "log",
        "scroll the log forward a page",
        false,
    ),
    HELP,
    bind(
        Cmd::Quit,
        &[Char('q'), Code(KeyCode::Esc)],
        "quit",
        "quit (the finished game is kept in your games)",
        true,
    ),
    INTERRUPT,
];

/// The replay viewer.
pub const REPLAY: &[Binding] = &[
    bind(
        Cmd::Left,
        &[Code(KeyCode::Left), Char('h')],
        "step",
        "one event back",
        true,
    ),
    bind(
        Cmd::Right,
        &[Code(KeyCode::Right), Char('l')],
        "step",
        "one event forward",
        false,
    ),
    bind(
        Cmd::First,
        &[Code(KeyCode::Home), Char('g')],
        "start",
        "jump to the start",
        true,
    ),
    bind(
        Cmd::Last,
        &[Code(KeyCode::End), Char('G')],
        "end",
        "jump to the end",
        true,
    ),
    bind(
        Cmd::View,
        &[Char('v')],
        "view",
        "the next seat's view; after the game, also everything revealed",
        true,
    ),
    bind(
        Cmd::PageUp,
        &[Code(KeyCode::PageUp), Char('k')],
        "10 back",
        "ten events back",
        false,
    ),
    bind(
        Cmd::PageDown,
        &[Code(KeyCode::PageDown), Char('j')],
        "10 on",
        "ten events forward",
        false,
    ),
    PANS[0],
    PANS[1],
    PANS[2],
    PANS[3],
    HELP,
    bind(
        Cmd::Quit,
        &[Char('q'), Code(KeyCode::Esc)],
        "close",
        "close the viewer",
        true,
    ),
    INTERRUPT,
];

/// The list of kept games.
pub const HISTORY: &[Binding] = &[
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up), Char('k')],
        "game",
        "the game above",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down), Char('j')],
        "game",
        "the game below",
        false,
    ),
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "open",
        "open the game in the replay viewer",
        true,
    ),
    bind(
        Cmd::Review,
        &[Char('c')],
        "coach",
        "the coach reviews your decisions in that game",
        true,
    ),
    HELP,
    BACK,
    INTERRUPT,
];

/// The coach's review of a game.
pub const REVIEW: &[Binding] = &[
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up), Char('k')],
        "decision",
        "the previous decision of yours",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down), Char('j')],
        "decision",
        "the next decision of yours",
        false,
    ),
    bind(
        Cmd::PageUp,
        &[Code(KeyCode::Left), Char('K')],
        "marked",
        "the previous marked decision",
        true,
    ),
    bind(
        Cmd::PageDown,
        &[Code(KeyCode::Right), Char('J')],
        "marked",
        "the next marked decision (inaccuracy, mistake or blunder)",
        false,
    ),
    bind(
        Cmd::Choose,
        &[Code(KeyCode::Enter)],
        "show",
        "open the position before that decision in the replay viewer, in your view",
        true,
    ),
    HELP,
    BACK,
    INTERRUPT,
];

/// The help overlay.
pub const HELP_POPUP: &[Binding] = &[
    bind(
        Cmd::NextTab,
        &[Code(KeyCode::Tab), Code(KeyCode::Right)],
        "tab",
        "the next tab: keys, rules, legend",
        true,
    ),
    bind(
        Cmd::PreviousTab,
        &[Code(KeyCode::BackTab), Code(KeyCode::Left)],
        "tab",
        "the previous tab",
        false,
    ),
    bind(
        Cmd::Up,
        &[Code(KeyCode::Up), Char('k')],
        "scroll",
        "scroll up",
        true,
    ),
    bind(
        Cmd::Down,
        &[Code(KeyCode::Down), Char('j')],
        "scroll",
        "scroll down",
        false,
    ),
    bind(
        Cmd::PageUp,
        &[Code(KeyCode::PageUp)],
        "page",
        "a page up",
        false,
    ),
    bind(
        Cmd::PageDown,
        &[Code(KeyCode::PageDown), Char(' ')],
        "page",
        "a page down",
        false,
    ),
    bind(
        Cmd::Cancel,
        &[Code(KeyCode::Esc), Char('q'), Char('?')],
        "close",
        "close the help (any other key does too)",
        true,
    ),
    INTERRUPT,
];

/// A yes/no or file-name prompt (save, quit unsaved).
pub const PROMPT: &[Binding] = &[
    bind(Cmd::Choose, &[Code(KeyCode::Enter)], "ok", "confirm", true),
    bind(
        Cmd::Cancel,
        &[Code(KeyCode::Esc)],
        "cancel",
        "back without doing it",
        true,
    ),
    INTERRUPT,
];

/// Quitting a game that is not saved.
pub const QUIT_UNSAVED: &[Binding] = &[
    bind(
        Cmd::Save,
        &[Char('s')],
        "save first",
        "save the transcript, then quit",
        true,
    ),
    bind(
        Cmd::Quit,
        &[Char('q')],
        "quit anyway",
        "quit without saving",
        true,
    ),
    bind(
        Cmd::Cancel,
        &[Code(KeyCode::Esc)],
        "back",
        "back to the game",
        true,
    ),
    INTERRUPT,
];

/// Which key list is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Setup,
    Game,
    Roll,
    Typing,
    Coach,
    Handoff,
    End,
    Replay,
    History,
    Review,
    Help,
    Prompt,
    QuitUnsaved,
}

impl Context {
    /// Every context (the tests check each list).
    pub const ALL: [Context; 13] = [
        Context::Setup,
        Context::Game,
        Context::Roll,
        Context::Typing,
        Context::Coach,
        Context::Handoff,
        Context::End,
        Context::Replay,
        Context::History,
        Context::Review,
        Context::Help,
        Context::Prompt,
        Context::QuitUnsaved,
    ];

    /// The context's key list.
    pub fn bindings(self) -> &'static [Binding] {
        match self {
            Context::Setup => SETUP,
            Context::Game => GAME,
            Context::Roll => ROLL,
            Context::Typing => TYPING,
            Context::Coach => COACH,
            Context::Handoff => HANDOFF,
            Context::End => END,
            Context::Replay => REPLAY,
            Context::History => HISTORY,
            Context::Review => REVIEW,
            Context::Help => HELP_POPUP,
            Context::Prompt => PROMPT,
            Context::QuitUnsaved => QUIT_UNSAVED,
        }
    }
}

/// The key bar's entries for `bindings`: a pair of commands of one name (`↑` and `↓` both
/// `move`) is one entry showing both first keys (`↑/↓ move`); `enabled` leaves out what can
/// do nothing now.
pub fn bar_entries(
    bindings: &[Binding],
    enabled: impl Fn(Cmd) -> bool,
) -> Vec<(String, &'static str)> {
    let mut entries = Vec::new();
    for binding in bindings.iter().filter(|b| b.in_bar && enabled(b.cmd)) {
        let partners: Vec<String> = bindings
            .iter()
            .filter(|other| other.name == binding.name && !other.in_bar)
            .filter_map(|other| other.keys.first().map(|k| k.label()))
            .collect();
        let own = binding.keys.first().map(|k| k.label()).unwrap_or_default();
        let keys = if partners.is_empty() {
            binding.key_label()
        } else if partners.len() > 1 {
            // Four keys of one name (the pans) read as their shared modifier.
            format!("{}arrows", own.chars().next().unwrap_or_default())
        } else {
            std::iter::once(own)
                .chain(partners)
                .collect::<Vec<_>>()
                .join("/")
        };
        entries.push((keys, binding.name));
    }
    entries
}

/// The command `event` asks for on a screen with `bindings`.
pub fn lookup(bindings: &[Binding], event: &KeyEvent) -> Option<Cmd> {
    bindings
        .iter()
        .find(|b| b.keys.iter().any(|k| k.matches(event)))
        .map(|b| b.cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn keys_are_found_in_their_screen_list_only() {
        assert_eq!(lookup(GAME, &key(KeyCode::Char('h'))), Some(Cmd::Hint));
        assert_eq!(lookup(REPLAY, &key(KeyCode::Char('h'))), Some(Cmd::Left));
        assert_eq!(lookup(SETUP, &key(KeyCode::Char('h'))), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for context in Context::ALL {
            assert_eq!(lookup(context.bindings(), &ctrl_c), Some(Cmd::Interrupt));
        }
        // A plain `c` is not Ctrl-C.
        assert_eq!(lookup(HANDOFF, &key(KeyCode::Char('c'))), None);
        // Shift+← pans; ← alone does not.
        let shift_left = KeyEvent::new(KeyCode::Left, KeyModifiers::SHIFT);
        assert_eq!(lookup(GAME, &shift_left), Some(Cmd::PanLeft));
        assert_eq!(lookup(GAME, &key(KeyCode::Left)), Some(Cmd::PageUp));
        let back_tab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(lookup(SETUP, &back_tab), Some(Cmd::Up));
    }

    #[test]
    fn the_hint_help_names_the_agent_behind_hints() {
        let hint = GAME
            .iter()
            .find(|b| b.cmd == Cmd::Hint)
            .expect("a hint key");
        assert!(
            hint.help
                .contains(&format!("the {} bot's", crate::bots::HINT_LEVEL)),
            "{}",
            hint.help
        );
    }

    #[test]
    fn no_key_is_bound_twice_on_one_screen() {
        for context in Context::ALL {
            let list = context.bindings();
            let keys: Vec<Key> = list.iter().flat_map(|b| b.keys.iter().copied()).collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(
                    !keys[i + 1..].contains(a),
                    "{a:?} bound twice in {context:?}"
                );
            }
        }
    }

    #[test]
    fn the_key_bar_shows_both_keys_of_a_pair() {
        let entries = bar_entries(GAME, |_| true);
        assert!(entries.contains(&("↑/↓".to_owned(), "move")), "{entries:?}");
        assert!(
            entries.contains(&("⇧arrows".to_owned(), "pan")),
            "{entries:?}"
        );
        let entries = bar_entries(SETUP, |_| true);
        assert!(
            entries.contains(&("←/→".to_owned(), "change")),
            "{entries:?}"
        );
        assert!(
            entries.contains(&("↑/↓".to_owned(), "field")),
            "{entries:?}"
        );
    }
}
