//! A person playing a seat at this terminal: shown what happened in their seat's view, the
//! seat's observation and the choices, they type an action (or its number). Bad input is
//! explained and asked again; `help`, `list`, `board` and `quit` work at the prompt.

use std::cell::{Cell, RefCell};
use std::fmt::Display;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;
use std::sync::mpsc::{Receiver, Sender, channel};

use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::text::reflow;
use mousehole_engine::words::io_error;
use mousehole_engine::{
    Actor, Decision, DecisionView, Ending, Game, GameConfig, HowItEnded, Outcome, Seat, SeenEvent,
    StopRequest,
};

use crate::choices::{Choices, Picked, WIDTH, echo, wrap, wrap_line};
use crate::signals::Signal;

/// What the terminal gave: a typed line, the end of input, a read error, or a stop signal.
#[derive(Debug)]
pub enum Input {
    Line(String),
    End,
    Failed(String),
    Signal(Signal),
}

impl From<Signal> for Input {
    fn from(signal: Signal) -> Self {
        Input::Signal(signal)
    }
}

/// Standard input read on its own thread, so that a prompt waiting for a line also hears a
/// stop signal. On a terminal each line is read with line editing and history (rustyline:
/// the arrows move the cursor, ↑ recalls what was typed before, Ctrl-C interrupts as it
/// would anyway); from a pipe or a file, lines are read ahead as they come (a script).
#[derive(Debug)]
pub struct Terminal {
    receiver: Receiver<Input>,
    sender: Sender<Input>,
    /// On a terminal: where prompts go to the line editor, which reads one line per prompt.
    prompts: Option<Sender<String>>,
    ended: Cell<bool>,
    /// Input taken from the channel by [`Terminal::has_input`], not yet read.
    ahead: RefCell<Option<Input>>,
    /// The terminal's settings when the game began, put back when it is over (a stop signal
    /// can end the game while the line editor holds the terminal in raw mode).
    settings: Option<nix::sys::termios::Termios>,
}

impl Terminal {
    /// Starts reading standard input.
    pub fn start() -> Self {
        let (sender, receiver) = channel();
        let lines = sender.clone();
        let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
        let editor = interactive
            .then(|| rustyline::DefaultEditor::new().ok())
            .flatten();
        let settings = editor
            .as_ref()
            .and_then(|_| nix::sys::termios::tcgetattr(io::stdin()).ok());
        let prompts = if let Some(editor) = editor {
            let (prompts, asked) = channel::<String>();
            std::thread::Builder::new()
                .name("line editor".into())
                .spawn(move || edit_lines(editor, &asked, &lines))
                .expect("a thread for the line editor");
            Some(prompts)
        } else {
            std::thread::Builder::new()
                .name("stdin".into())
                .spawn(move || read_lines(&lines))
                .expect("a thread for standard input");
            None
        };
        Self {
            receiver,
            sender,
            prompts,
            ended: Cell::new(false),
            ahead: RefCell::new(None),
            settings,
        }
    }

    /// Whether something typed (or the end of input) is there to read without waiting: a
    /// script's input, or a person typing ahead. (At the line editor nothing is read before
    /// it is asked for.)
    pub fn has_input(&self) -> bool {
        if self.ended.get() {
            return true;
        }
        let mut ahead = self.ahead.borrow_mut();
        if ahead.is_none() {
            *ahead = match self.receiver.try_recv() {
                Ok(input) => Some(input),
                Err(std::sync::mpsc::TryRecvError::Empty) => None,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => Some(Input::End),
            };
        }
        ahead.is_some()
    }

    /// Asks `question` until the person answers yes or no (`y`, `yes`, `n`, `no`; `q` or
    /// `quit` is no), three times at most: `None` when they did not say (the input ended,
    /// failed, or a signal came), or answered something else each time.
    pub fn yes_or_no(&self, question: &str) -> Option<bool> {
        for _ in 0..3 {
            match self.read(question) {
                Input::Line(line) => match line.trim().to_lowercase().as_str() {
                    "y" | "yes" => return Some(true),
                    "n" | "no" | "q" | "quit" => return Some(false),
                    _ => say(&["Answer y (yes) or n (no).".to_owned()]),
                },
                Input::End | Input::Failed(_) | Input::Signal(_) => return None,
            }
        }
        None
    }

    /// A sender that wakes a waiting prompt (for the signal watcher).
    pub fn waker(&self) -> Sender<Input> {
        self.sender.clone()
    }

    /// The next thing typed after `prompt` (or the end of input, which then stays ended).
    fn read(&self, prompt: &str) -> Input {
        if self.ended.get() {
            return Input::End;
        }
        if let Some(input) = self.ahead.take() {
            return self.note_end(input);
        }
        if let Some(prompts) = &self.prompts {
            if prompts.send(prompt.to_owned()).is_err() {
                return self.note_end(Input::End);
            }
        } else {
            let mut out = io::stdout().lock();
            if let Err(error) = write!(out, "{prompt}").and_then(|()| out.flush()) {
                return Input::Failed(io_error(&error));
            }
        }
        let input = self.receiver.recv().unwrap_or(Input::End);
        self.note_end(input)
    }

    fn note_end(&self, input: Input) -> Input {
        if matches!(input, Input::End) {
            self.ended.set(true);
        }
        input
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(settings) = &self.settings {
            // Nothing more to do if it fails: the terminal is gone.
            let _ = nix::sys::termios::tcsetattr(
                io::stdin(),
                nix::sys::termios::SetArg::TCSANOW,
                settings,
            );
        }
    }
}

/// The line editor's thread: one line per prompt asked for, until nobody asks.
fn edit_lines(
    mut editor: rustyline::DefaultEditor,
    asked: &Receiver<String>,
    lines: &Sender<Input>,
) {
    use rustyline::error::ReadlineError;
    for prompt in asked {
        let input = match editor.readline(&prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                Input::Line(line)
            }
            Err(ReadlineError::Eof) => Input::End,
            Err(ReadlineError::Interrupted) => {
                // In raw mode Ctrl-C is a key, not a signal: it is made the signal it would
                // have been, so the game stops as a Ctrl-C stops it anywhere (the watcher
                // wakes the prompt).
                let _ = nix::sys::signal::raise(nix::sys::signal::Signal::SIGINT);
                continue;
            }
            Err(ReadlineError::Io(error)) => Input::Failed(io_error(&error)),
            Err(other) => Input::Failed(other.to_string()),
        };
        let last = !matches!(input, Input::Line(_));
        if lines.send(input).is_err() || last {
            return;
        }
    }
}

/// Standard input from a pipe or a file, read ahead a line at a time.
fn read_lines(lines: &Sender<Input>) {
    let mut stdin = io::stdin().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        let input = match stdin.read_until(b'\n', &mut line) {
            Ok(0) => Input::End,
            Ok(_) => Input::Line(String::from_utf8_lossy(&line).into_owned()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => Input::Failed(io_error(&e)),
        };
        let last = !matches!(input, Input::Line(_));
        if lines.send(input).is_err() || last {
            return;
        }
    }
}

/// How the reason of a stop by a failed terminal begins.
pub const TERMINAL_FAILED: &str = "the terminal failed";

/// The reason a game stops when the terminal fails (`error` in people's words).
fn terminal_failed(error: &str) -> StopRequest {
    StopRequest::quit(format!("{TERMINAL_FAILED} ({error})"))
}

/// Who won, in words: `seat 2 (medium) wins`, `seat 0 (ann) and seat 1 (bob) share first
/// place`, `a draw: everyone shares first place`.
pub fn winners_headline(outcome: &Outcome, names: &SeatNames) -> String {
    let winners = outcome.winners();
    match winners.as_slice() {
        [seat] => format!("{} wins", names.name(*seat)),
        _ if winners.len() == outcome.ranks.len() => {
            "a draw: everyone shares first place".to_owned()
        }
        _ => format!("{} share first place", names.all(&winners)),
    }
}

/// `2nd of 3`, `shared 1st of 3`.
pub fn place(outcome: &Outcome, seat: usize) -> String {
    let rank = outcome.ranks[seat];
    let shared = outcome.ranks.iter().filter(|&&r| r == rank).count() > 1;
    let suffix = match (rank % 100, rank % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    format!(
        "{}{rank}{suffix} of {}",
        if shared { "shared " } else { "" },
        outcome.ranks.len()
    )
}

/// The end of a game in words for a seat's player (`you`) or a spectator (`None`): who won,
/// the seat's place, and every seat's score by name.
pub fn result_words(outcome: &Outcome, names: &SeatNames, seat: Option<usize>) -> String {
    let read = names.read_by(Reader(seat));
    let scores: Vec<String> = outcome
        .scores
        .iter()
        .enumerate()
        .map(|(s, score)| format!("{} {score}", read.name(s)))
        .collect();
    let place = seat.map_or_else(String::new, |me| {
        format!(" You placed {}.", place(outcome, me))
    });
    format!(
        "Game over: {}.{place} Scores: {}.",
        winners_headline(outcome, names),
        scores.join(", ")
    )
}

/// How a game ended, in words, as the host told it: `How it ended: the reserve ran out.`,
/// then how each seat's score was made, a line a seat (named for `viewer`, a seat or nobody),
/// and how a tie was broken if one was. Text from the host is shown safely
/// ([`mousehole_engine::text::shown`]).
pub fn ending_lines(ending: &HowItEnded, names: &SeatNames, viewer: Option<usize>) -> Vec<String> {
    let safe = |text: &str| mousehole_engine::text::cut(text, 300);
    let mut lines = vec![wrap_line(
        &format!("How it ended: {}.", safe(&ending.reason)),
        WIDTH,
        2,
    )];
    let read = names.read_by(Reader(viewer));
    for (seat, made) in ending.breakdown.iter().enumerate() {
        let who = read.name(seat);
        lines.push(wrap_line(&format!("  {who}: {}", safe(made)), WIDTH, 4));
    }
    if let Some(tie_break) = &ending.tie_break {
        lines.push(wrap_line(
            &format!("A tie was broken: {}.", safe(tie_break)),
            WIDTH,
            2,
        ));
    }
    lines
}

/// One event as the seat `names` are read by saw it: `  12. seat 1 (random): take 3 →
/// cheese (4 holes)`.
pub fn event_line<V: Display>(number: usize, event: &SeenEvent<V>, names: &SeatNames) -> String {
    let actor = match event.actor {
        Actor::Chance => "chance".to_owned(),
        Actor::Seat(seat) => names.name(seat),
    };
    let mut line = format!("  {number:>3}. {actor}: {}", event.view);
    if let Some(note) = &event.note {
        line.push_str(" → ");
        line.push_str(note);
    }
    // Continued under the text, past the number.
    wrap_line(&line, WIDTH, 7)
}

/// Writes lines to standard output, ignoring a closed terminal (the prompt finds out and
/// stops the game).
pub fn say(lines: &[String]) {
    let mut out = io::stdout().lock();
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
}

/// [`say`] with long lines wrapped for an 80-column terminal (messages and help, not boards).
fn tell(lines: &[String]) {
    let wrapped: Vec<String> = lines.iter().map(|line| wrap(line, WIDTH)).collect();
    say(&wrapped);
}

/// A seat played by a person at this terminal.
#[derive(Debug)]
pub struct HumanSeat {
    seat: usize,
    names: Rc<SeatNames>,
    terminal: Rc<Terminal>,
    /// Several people share the terminal: each is shown, before deciding, what happened since
    /// their previous decision in their own view (with one person, the events are shown live
    /// by the caller instead).
    show_seen: bool,
    /// Events of this seat's view shown so far, for numbering them.
    shown: usize,
    /// `shown` when the seat last decided: the match counts the events a seat has been told
    /// from its last decision, so events shown at a decision that did not happen (the game
    /// stopped at the prompt) come again at the end, and are not shown twice.
    decided: usize,
}

impl HumanSeat {
    pub fn new(names: Rc<SeatNames>, terminal: Rc<Terminal>, show_seen: bool) -> Self {
        Self {
            seat: 0,
            names,
            terminal,
            show_seen,
            shown: 0,
            decided: 0,
        }
    }

    fn who(&self) -> String {
        self.names.name(self.seat)
    }

    fn show_events<V: Display>(&mut self, heading: &str, seen: &[SeenEvent<V>]) {
        if !self.show_seen || seen.is_empty() {
            return;
        }
        let mut lines = vec![String::new(), heading.to_owned()];
        let names = self.names.read_by(Reader::seat(self.seat));
        for event in seen {
            self.shown += 1;
            lines.push(event_line(self.shown, event, &names));
        }
        say(&lines);
    }
}

/// What the prompt says besides the choices.
const PROMPT_HELP: &str = "At the prompt type a choice (e.g. `{example}`) or its number. `list` shows every \
choice with its meaning, `board` shows your view again, `quit` stops the game (what was played \
so far is kept).";

impl<G: Game> Seat<G> for HumanSeat {
    fn start(&mut self, seat: usize, _config: &G::Config, _agent_seed: u64) {
        self.seat = seat;
        self.shown = 0;
        self.decided = 0;
    }

    /// A person may take long: waiting for them is worth a save.
    fn may_wait(&self) -> bool {
        true
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        if self.show_seen {
            self.hand_over()?;
        }
        let decision = self.ask(view)?;
        if self.show_seen {
            if let [_] = view.legal() {
                // A choice made for them: they read it before passing the terminal on.
                self.read_line("Press Enter to pass the terminal on. ")?;
            }
            // The board and the choice leave the screen before the next person comes.
            clear_screen();
        }
        self.decided = self.shown;
        Ok(decision)
    }

    fn finish(&mut self, ending: &Ending<'_, G::EventView>) {
        let heading = format!("--- the end of the game, as {} saw it ---", self.who());
        let seen = ending.seen();
        let already = (self.shown - self.decided).min(seen.len());
        self.show_events(&heading, &seen[already..]);
    }
}

impl HumanSeat {
    /// Several people share the terminal: this seat's person is called to it (the previous
    /// person's board was cleared when they decided), and nothing of their view shows until
    /// they press Enter.
    fn hand_over(&self) -> Result<(), StopRequest> {
        say(&[String::new()]);
        let typed = self.read_line(&format!(
            "=== {who} to play: pass the terminal to {who}, then press Enter (or type quit) === ",
            who = self.who()
        ))?;
        if matches!(typed.trim().to_lowercase().as_str(), "quit" | "exit") {
            return Err(StopRequest::quit(format!("{} quit", self.who())));
        }
        Ok(())
    }

    /// The next line typed after `prompt`; the end of input, a failed terminal or a stop
    /// signal stop the game (what was played is kept).
    fn read_line(&self, prompt: &str) -> Result<String, StopRequest> {
        match self.terminal.read(prompt) {
            Input::Line(line) => Ok(line),
            Input::End => {
                say(&[String::new()]);
                Err(StopRequest::quit(format!(
                    "input ended while {} was to decide",
                    self.who()
                )))
            }
            Input::Failed(error) => Err(terminal_failed(&error)),
            Input::Signal(signal) => {
                say(&[String::new()]);
                Err(StopRequest::quit(signal.describe()))
            }
        }
    }

    /// Shows what happened and the choices, and reads the person's decision.
    fn ask<G: Game>(
        &mut self,
        view: &DecisionView<'_, G>,
    ) -> Result<Decision<G::Action>, StopRequest> {
        let heading = if self.shown == 0 {
            format!("--- the game so far, as {} saw it ---", self.who())
        } else {
            format!("--- what {} saw since their last turn ---", self.who())
        };
        self.show_events(&heading, view.seen());
        let observation = view.observation();
        let legal = view.legal();
        let choices = Choices::new::<G>(&observation, legal);
        let terminal_error = |e: io::Error| terminal_failed(&io_error(&e));
        let board = self.board(&observation.to_string());
        let mut out = io::stdout().lock();
        write!(out, "{board}").map_err(terminal_error)?;
        if let [only] = legal {
            writeln!(
                out,
                "Your only choice: {} (made for you).",
                choices.get(0).line()
            )
            .map_err(terminal_error)?;
            return Ok(Decision::new(*only));
        }
        writeln!(out, "{}", wrap(&choices.compact().join("\n"), WIDTH)).map_err(terminal_error)?;
        drop(out);
        loop {
            let typed = self.read_line(&format!("{}> ", self.who()))?;
            let typed = typed.trim();
            let parse = |text: &str| text.parse::<G::Action>().ok().map(|a| a.to_string());
            let picked = choices.pick(typed, parse);
            if let Picked::Choice(index) = picked {
                return Ok(Decision::new(legal[index]));
            }
            if typed.is_empty() {
                continue;
            }
            let reply = self.reply::<G>(typed, &picked, &choices, &board)?;
            tell(&reply);
        }
    }

    /// The board as the person reads it before deciding: a header saying whose turn it is, and
    /// the observation's `text`, its long lines (a Moose house of many rooms) wrapped at
    /// words, under their own text.
    fn board(&self, text: &str) -> String {
        let wrapped: Vec<String> = text
            .lines()
            .map(|line| {
                let indent = line.len() - line.trim_start().len();
                wrap_line(line, WIDTH, indent + 2)
            })
            .collect();
        let header = if self.show_seen {
            // Several people share the terminal: whose screen this is, in so many words.
            format!(
                "=== {who} to decide ===\n(this screen is {who}'s: everyone else, look away)",
                who = self.who()
            )
        } else {
            format!("=== {} to decide ===", self.who())
        };
        format!("\n{header}\n{}\n", wrapped.join("\n"))
    }

    /// The answer to `typed`, which `picked` no choice: a command's (`help`, `board`, `list`),
    /// or why it is no choice; `quit` stops the game.
    fn reply<G: Game>(
        &self,
        typed: &str,
        picked: &Picked,
        choices: &Choices,
        board: &str,
    ) -> Result<Vec<String>, StopRequest> {
        let command = typed.to_lowercase();
        Ok(match command.as_str() {
            "quit" | "exit" => return Err(StopRequest::quit(format!("{} quit", self.who()))),
            "help" | "?" => {
                let example = &choices.get(0).text;
                // The game's text is hard-wrapped: joined into its paragraphs again, so
                // it wraps at words to the screen, never in mid-phrase.
                let how = reflow(G::Config::description().how_to_act.trim_end(), WIDTH);
                let mut lines = vec![format!("How to play {}:", G::Config::description().title)];
                lines.extend(how);
                lines.push(PROMPT_HELP.replace("{example}", example));
                lines.extend(choices.compact());
                lines
            }
            "board" | "look" => {
                say(&[board.trim_start_matches('\n').trim_end().to_owned()]);
                choices.compact()
            }
            "list" | "choices" => choices.numbered(None),
            _ if command.starts_with("list ") => {
                let filter = command["list ".len()..].trim();
                let lines = choices.numbered(Some(filter));
                if lines.is_empty() {
                    vec![format!(
                        "No choice starts with '{}'. {}",
                        echo(filter),
                        choices.summary()
                    )]
                } else {
                    lines
                }
            }
            _ => vec![match *picked {
                Picked::NoSuchNumber => format!(
                    "There is no choice {}: type a number from 1 to {}, or the choice itself.",
                    echo(typed),
                    choices.len()
                ),
                Picked::Nothing { is_action: true } => format!(
                    "'{}' is not one of your choices now. {}",
                    echo(typed),
                    choices.summary()
                ),
                _ => format!(
                    "'{}' is not something you can type here. {} `help` explains the moves.",
                    echo(typed),
                    choices.summary()
                ),
            }],
        })
    }
}

/// Clears the screen and its scrollback when standard output is a terminal (written to a
/// file or a pipe, the text stays whole).
fn clear_screen() {
    let mut out = io::stdout().lock();
    if out.is_terminal() {
        // Erase the screen and the scrollback, then home the cursor.
        let _ = write!(out, "\x1b[2J\x1b[3J\x1b[H");
        let _ = out.flush();
    }
}
