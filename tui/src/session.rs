//! A game being played, as the app sees it: the [`Session`] trait (commands the app sends,
//! and the [`GameView`] it draws from), generic-free so the screens are written once, and
//! its one implementation [`game::GameSession`], typed per game and built through
//! `visit_game!`. The session owns the match, steps it with the pace, asks people through the
//! app and bots through the worker, and keeps hints, the coach, undo, saving and the
//! hot-seat hand-off.

mod game;
pub(crate) mod hint;
mod remote;
mod shown;
mod table;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mousehole_bots::{AgentSpec, SeatLabel};
use mousehole_engine::naming::SeatNames;
use mousehole_engine::{ActionEstimate, Actor, GameDescription, GameSpec, Transcript};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::bots::HINT_SPEC;
use crate::theme::Theme;
use crate::worker::Thinking;
use crate::{TuiError, TuiGame, TuiVisitor};

pub use game::GameSession;
pub use hint::HintView;
pub use remote::{HOSTED, join};
pub use shown::short_names;

/// Everything needed to start (or start again) a game: the game with its options, who sits
/// where, the seed, where to keep the transcript as it goes, and the TUI's own choices
/// (hints, the coach, rolling one's own die).
#[derive(Clone, Debug)]
pub struct GamePlan {
    pub spec: GameSpec,
    pub seats: Vec<SeatLabel>,
    pub seed: u64,
    /// Saved after every event when set (`--out`).
    pub out: Option<PathBuf>,
    /// The agent behind hints and the coach ([`HINT_SPEC`] unless a caller wants another).
    pub hint: AgentSpec,
    /// Coach mode: before a person's move that gives away `COACH_POINTS` (a mistake's
    /// worth) or more of win chance, say so and offer to choose again.
    pub coach: bool,
    /// A person rolls their own die with a key (in games where the turn starts with one);
    /// the roll is the match's chance event all the same.
    pub roll_by_key: bool,
}

/// Win chance, in points, a move must give away for the coach to speak up (the analysis's
/// mistake).
pub const COACH_POINTS: f64 = mousehole_bots::analysis::MISTAKE;

impl GamePlan {
    /// A game of `spec` with these seats and seed, not kept in a file, with the usual hints,
    /// the coach off and people rolling their own dice.
    pub fn new(spec: GameSpec, seats: Vec<SeatLabel>, seed: u64) -> Self {
        Self {
            spec,
            seats,
            seed,
            out: None,
            hint: HINT_SPEC.parse().expect("the hint spec parses"),
            coach: false,
            roll_by_key: true,
        }
    }
}

/// Where a session stands, as the app sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A person at seat S chooses a move.
    Person(usize),
    /// The person at seat S rolls their own die (a key lets the chance event happen).
    Roll(usize),
    /// The next person must take the keyboard before seeing their view.
    Handoff(usize),
    /// The bot of seat S is thinking.
    Thinking(usize),
    /// A bot's move waits for its turn to be shown (the pace).
    Waiting,
    /// The match is over (finished, or stopped by a failure).
    Over,
}

/// One legal move as the list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceItem {
    /// The text form (`take 3`).
    pub text: String,
    /// How it reads for the person choosing.
    pub label: String,
    /// The hint's estimate, once a hint is shown.
    pub estimate: Option<ActionEstimate>,
    /// Whether the hint's searcher would play this move.
    pub recommended: bool,
}

/// One line of the log: an event as the viewer saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The event's number, from 1.
    pub number: usize,
    pub actor: Actor,
    /// `you`, `seat 1`, `chance`.
    pub who: String,
    /// The event in the viewer's view (`draw 4?`).
    pub text: String,
    /// What it did, as the viewer may know it.
    pub note: Option<String>,
}

/// The end of a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EndView {
    /// `seat 2 (hard) wins`.
    pub headline: String,
    /// How it ended: `seat 1 took a third trap`.
    pub reason: String,
    /// `you placed 2nd of 3`, for the one person at the table.
    pub place: Option<String>,
    pub rows: Vec<EndRow>,
    /// How a tie was broken, if one was.
    pub tie_break: Option<String>,
    /// What was hidden and the board does not show (other hands), from the true final state.
    pub revealed: Vec<String>,
    /// A hosted game's rematch offer and how to answer it (`rematch offered: a to play
    /// again, q to leave …`).
    pub offer: Option<String>,
}

/// One seat's line of the end screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRow {
    pub rank: u32,
    pub seat: usize,
    pub name: String,
    pub score: i64,
    /// How the score was made: `12 holes from 4 cheese cards, 2 traps`.
    pub breakdown: String,
}

/// The coach's word on the move the person is about to play.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachState {
    /// Nothing to say (coach off, or the move is fine).
    Quiet,
    /// Searching the decision; the move chosen waits for the verdict.
    Checking,
    /// The move chosen gives away win chance: play it anyway or choose again.
    Warns { line: usize, text: String },
}

/// Everything the screens draw of a game, as plain data: built by the session after each
/// change, read by the widgets (which never change it).
#[derive(Clone, Debug)]
pub struct GameView {
    /// `Cheese Day · seed 42`.
    pub title: String,
    pub phase: Phase,
    /// The seat whose view is drawn.
    pub viewer: usize,
    /// The seats people play.
    pub people: Vec<usize>,
    /// Every seat's name as the viewer reads it (`you`, `seat 1 (hard)`).
    pub seats: SeatNames,
    /// What is happening, in one sentence from the viewer's observation.
    pub status: String,
    /// The person's legal moves (empty unless [`Phase::Person`]).
    pub choices: Vec<ChoiceItem>,
    pub selected: usize,
    pub hint: HintView,
    pub coach: CoachState,
    /// A question to ask as a modal (the trap), for the deciding person.
    pub question: Option<String>,
    /// Every event as the viewer saw it.
    pub log: Vec<LogEntry>,
    /// The log entry that concerns the viewer kept in view until their next decision
    /// ([`pinned`]).
    pub pinned: Option<Pin>,
    pub end: Option<EndView>,
    /// The board's size for the viewer's observation.
    pub board_size: (u16, u16),
    /// A failure that stopped the match (a bot that crashed).
    pub failure: Option<String>,
    /// Why the transcript could not be kept at `--out`.
    pub autosave_error: Option<String>,
    pub can_undo: bool,
    /// Events so far.
    pub events: usize,
}

/// The app's handle on a game: commands, and the view to draw. Generic-free, so the app
/// holds a `Box<dyn Session>` whatever the game.
pub trait Session {
    fn plan(&self) -> &GamePlan;
    fn description(&self) -> &'static GameDescription {
        self.plan().spec.description()
    }
    /// Every symbol the board draws, and what it means.
    fn legend(&self) -> &'static [(&'static str, &'static str)];
    /// What to draw.
    fn view(&self) -> &GameView;
    /// Draws the viewer's board in `area`, marking what the selected move touches, panned by
    /// `pan` where it does not fit.
    fn render_board(&self, area: Rect, buf: &mut Buffer, theme: Theme, pan: (i16, i16));
    /// The move a click at the screen position picks, the board being drawn in `area` (a
    /// second click on the same place goes to the next move touching it).
    fn click(&self, area: Rect, pan: (i16, i16), column: u16, row: u16) -> Option<usize>;
    /// The transcript so far.
    fn transcript(&self) -> Transcript;

    /// Steps the match: answers from the bots, chance, the next decision. Bots' moves are
    /// applied at least `pace` apart unless `skip`. Returns whether anything changed.
    fn tick(&mut self, now: Instant, pace: Duration, skip: bool) -> bool;
    fn select(&mut self, index: usize);
    /// Plays move `index` of the choices, unless the coach first asks (then
    /// [`GameView::coach`] says why).
    fn choose(&mut self, index: usize, now: Instant) -> Result<(), String>;
    /// After the coach spoke: play the move anyway, or choose again.
    fn answer_coach(&mut self, play: bool, now: Instant);
    /// The person rolls their own die.
    fn roll(&mut self, now: Instant) -> Result<(), String>;
    /// Coach mode on or off from now on.
    fn set_coach(&mut self, on: bool);
    /// The move typed text names, or why it is not one.
    fn typed(&self, text: &str) -> Result<usize, String>;
    fn request_hint(&mut self) -> Result<(), String>;
    fn undo(&mut self) -> Result<(), String>;
    /// The next person is at the keyboard.
    fn confirm_handoff(&mut self);
    /// Shows the next seat's view when nobody plays (never a person's game: it would leak).
    fn cycle_view(&mut self) -> bool;
    /// What went wrong with programs' seats since the last call (the fallback decided).
    fn take_notices(&mut self) -> Vec<String>;
    /// Whether the game is another's, hosted elsewhere and seen from here (`mousehole
    /// join`): a local game's commands (again, replay, undo, hints, keep) do not apply; the
    /// coach's review is of what the seat was shown ([`Session::seat_review`]).
    fn hosted(&self) -> bool {
        false
    }
    /// For a hosted game that is over without reaching its end here: why, in words (the
    /// host stopped it and said why, another connection took the seat, the connection was
    /// lost). `None` for a game played to its end, still going, or played here.
    fn stopped_early(&self) -> Option<String> {
        None
    }
    /// For a hosted game's seat: the coach's review of its decisions, made from what the seat
    /// was shown (its views and each decision's observation), with the seat reviewed; `None`
    /// where the review is of the transcript ([`Session::transcript`]) or there is no seat.
    fn seat_review(&self) -> Option<(usize, crate::review::ReviewJob)> {
        None
    }
    /// For a hosted game's seat that the host offers a rematch: answers it (`yes` to play
    /// again with the same seats); what to say to the person, or why there is nothing to
    /// answer.
    fn answer_rematch(&mut self, _yes: bool) -> Result<String, String> {
        Err("no rematch is offered".to_owned())
    }
}

/// The line of `items` that typed `text` names (its number, or the move's text form), or why
/// it names none, in words (no `items`: it is not the seat's turn).
pub(crate) fn typed_move<G: mousehole_engine::Game>(
    items: Option<&[ChoiceItem]>,
    text: &str,
) -> Result<usize, String> {
    let Some(items) = items else {
        return Err("it is not your turn".to_owned());
    };
    let text = text.trim();
    if text.is_empty() {
        return Err("type a move, e.g. ".to_owned()
            + &items
                .first()
                .map(|item| item.text.clone())
                .unwrap_or_default());
    }
    if let Ok(number) = text.parse::<usize>()
        && (1..=items.len()).contains(&number)
    {
        return Ok(number - 1);
    }
    let lower = text.to_lowercase();
    if let Some(line) = items.iter().position(|item| item.text == lower) {
        return Ok(line);
    }
    let shown = mousehole_engine::text::shown(text);
    // Only the person's own moves now are listed: never the game's every form (its dice and
    // draws are nobody's to type).
    let legal: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
    let listed = if legal.len() > 8 {
        format!("{} … ({} moves)", legal[..8].join(", "), legal.len())
    } else {
        legal.join(", ")
    };
    if lower.parse::<G::Action>().is_err() {
        Err(format!(
            "'{shown}' is not a move; yours now: {listed} (or a move's number)"
        ))
    } else {
        Err(format!(
            "'{shown}' is a move of the game but not allowed now; allowed: {listed}"
        ))
    }
}

/// Starts a new game.
///
/// # Errors
/// Bad options, a seat count that does not match, or a bot that does not build.
pub fn start(plan: GamePlan, thinking: Thinking) -> Result<Box<dyn Session>, TuiError> {
    open(plan, None, thinking)
}

/// Resumes a saved unfinished game: every recorded event is replayed through a match with the
/// transcript's seed, chance drawing from the seed's chance stream (which must give the
/// recorded outcomes), so the game continues exactly as if it had never stopped.
///
/// # Errors
/// A transcript that is not one of ours to continue (see [`TuiError`]).
pub fn resume(
    plan: GamePlan,
    transcript: &Transcript,
    thinking: Thinking,
) -> Result<Box<dyn Session>, TuiError> {
    open(plan, Some(transcript), thinking)
}

fn open(
    plan: GamePlan,
    transcript: Option<&Transcript>,
    thinking: Thinking,
) -> Result<Box<dyn Session>, TuiError> {
    struct Open<'a> {
        plan: GamePlan,
        transcript: Option<&'a Transcript>,
        thinking: Thinking,
    }
    impl TuiVisitor for Open<'_> {
        type Output = Result<Box<dyn Session>, TuiError>;
        fn visit<G: TuiGame>(self, config: G::Config) -> Self::Output {
            Ok(Box::new(GameSession::<G>::new(
                self.plan,
                config,
                self.transcript,
                self.thinking,
            )?))
        }
    }
    let spec = plan.spec.clone();
    crate::visit(
        &spec,
        Open {
            plan,
            transcript,
            thinking,
        },
    )?
}

pub use mousehole_engine::words::ordinal;

/// Whether a log line's note speaks to its reader (`you see cheese`, `your room 2`).
fn speaks_to(entry: &LogEntry) -> bool {
    entry.note.as_deref().is_some_and(|note| {
        note.split(|c: char| !c.is_alphanumeric())
            .any(|word| word.eq_ignore_ascii_case("you") || word.eq_ignore_ascii_case("your"))
    })
}

/// The log entry kept in view for a person until their next decision, and where the news
/// since their last decision begins (the entries the pin must never push out of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pin {
    /// The person's seat.
    pub seat: usize,
    /// The entry kept in view.
    pub entry: usize,
    /// The first entry after the person's last decision.
    pub since: usize,
}

impl Pin {
    /// Whether the pin may take the rows of log entry `index` (`entry`) out of view: an
    /// entry from before the person's last decision, chance, the person's own, or the pinned
    /// entry itself; never another seat's move since.
    pub fn may_cover(&self, index: usize, entry: &LogEntry) -> bool {
        index < self.since
            || index == self.entry
            || matches!(entry.actor, Actor::Chance)
            || entry.actor == Actor::Seat(self.seat)
    }
}

/// The log entry to keep in view for `seat`: the newest move of another seat since its last
/// decision that speaks to it (a moose at its door, its mouse moved), else its last decision
/// when that speaks to it (what its peek showed). Chance events are never kept: the person's
/// own roll or draw shows on the board, and keeping it would push the others' moves away.
pub fn pinned(log: &[LogEntry], seat: usize) -> Option<Pin> {
    let mine = log.iter().rposition(|e| e.actor == Actor::Seat(seat));
    let since = mine.map_or(0, |at| at + 1);
    let theirs = (since..log.len()).rev().find(|&i| {
        matches!(log[i].actor, Actor::Seat(other) if other != seat) && speaks_to(&log[i])
    });
    let entry = theirs.or(mine.filter(|&at| speaks_to(&log[at])))?;
    Some(Pin { seat, entry, since })
}
