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
}

/// A key as the lists write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Code(KeyCode),
}

impl Key {
    fn matches(self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        match (self, event.code) {
            (Key::Ctrl(c), KeyCode::Char(typed)) => ctrl && typed.eq_ignore_ascii_case(&c),
            (Key::Char(c), KeyCode::Char(typed)) => !ctrl && typed == c,
            (Key::Code(code), typed) => !ctrl && code == typed,
            _ => false,
        }
    }

    /// How the key bar and help write the key.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "space".to_owned(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
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

use Key::{Char, Code, Ctrl};

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
    "this help; any key closes it",
    true,
);

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
        "start the game (when every field is valid)",
        true,
    ),
    bind(
        Cmd::Reseed,
        &[Ctrl('r')],
        "new seed",
        "a new random seed",
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
        "the strongest bot's win chance for each of your moves (recorded in the transcript)",
        true,
    ),
    bind(
        Cmd::Undo,
        &[Char('u')],
        "undo",
        "back to your previous decision (one person against bots)",
        true,
    ),
    bind(
        Cmd::Skip,
        &[Char('n')],
        "skip",
        "show the bots' moves at once until your next decision",
        true,
    ),
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
    bind(
        Cmd::View,
        &[Char('v')],
        "view",
        "show another seat's view (only when no person plays)",
        false,
    ),
    bind(
        Cmd::LogUp,
        &[Code(KeyCode::PageUp)],
        "log",
        "scroll the log back",
        false,
    ),
    bind(
        Cmd::LogDown,
        &[Code(KeyCode::PageDown)],
        "log",
        "scroll the log forward",
        false,
    ),
    bind(
        Cmd::Save,
        &[Char('s')],
        "save",
        "save the transcript so far (JSON; `mousehole tui --load FILE` resumes it)",
        true,
    ),
    HELP,
    bind(
        Cmd::Quit,
        &[Char('q')],
        "quit",
        "quit (asks first if the game is unsaved)",
        true,
    ),
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

/// The end of a game.
pub const END: &[Binding] = &[
    bind(
        Cmd::Again,
        &[Code(KeyCode::Enter), Char('a')],
        "again",
        "play again with the same settings (the next seed)",
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
        Cmd::NewGame,
        &[Char('g')],
        "setup",
        "back to the setup screen",
        true,
    ),
    bind(Cmd::Save, &[Char('s')], "save", "save the transcript", true),
    bind(
        Cmd::LogUp,
        &[Code(KeyCode::PageUp), Char('k')],
        "log",
        "scroll the log back",
        false,
    ),
    bind(
        Cmd::LogDown,
        &[Code(KeyCode::PageDown), Char('j')],
        "log",
        "scroll the log forward",
        false,
    ),
    HELP,
    bind(
        Cmd::Quit,
        &[Char('q'), Code(KeyCode::Esc)],
        "quit",
        "quit",
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
    Typing,
    Handoff,
    End,
    Replay,
    Prompt,
    QuitUnsaved,
}

impl Context {
    /// The context's key list.
    pub fn bindings(self) -> &'static [Binding] {
        match self {
            Context::Setup => SETUP,
            Context::Game => GAME,
            Context::Typing => TYPING,
            Context::Handoff => HANDOFF,
            Context::End => END,
            Context::Replay => REPLAY,
            Context::Prompt => PROMPT,
            Context::QuitUnsaved => QUIT_UNSAVED,
        }
    }
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
        for list in [
            SETUP,
            GAME,
            TYPING,
            HANDOFF,
            END,
            REPLAY,
            PROMPT,
            QUIT_UNSAVED,
        ] {
            assert_eq!(lookup(list, &ctrl_c), Some(Cmd::Interrupt));
        }
        // A plain `c` is not Ctrl-C.
        assert_eq!(lookup(GAME, &key(KeyCode::Char('c'))), None);
    }

    #[test]
    fn no_key_is_bound_twice_on_one_screen() {
        for list in [
            SETUP,
            GAME,
            TYPING,
            HANDOFF,
            END,
            REPLAY,
            PROMPT,
            QUIT_UNSAVED,
        ] {
            let keys: Vec<Key> = list.iter().flat_map(|b| b.keys.iter().copied()).collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(a), "{a:?} bound twice");
            }
        }
    }
}
