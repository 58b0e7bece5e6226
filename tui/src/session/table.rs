//! [`ScreenTable`]: what the TUI adds to the match driver ([`Table`]) — the pace of bots' moves
//! and chance, a person rolling their own die with a key, the keyboard handed from person to
//! person (hot seat), a failure that stops the game, and the transcript kept at `--out` as
//! the game goes.

use std::path::Path;
use std::time::{Duration, Instant};

use mousehole_engine::transcript::{Layout, TranscriptFile};
use mousehole_engine::words::io_error;
use mousehole_engine::{Actor, Match, Next, StopRequest, Table, Transcript, Undo};

use crate::{TuiError, TuiGame};

/// The TUI's table (see the module documentation). The session reads and sets its state
/// between steps.
pub(super) struct ScreenTable {
    /// The seats people play.
    pub people: Vec<usize>,
    /// A person rolls their own die with a key.
    pub roll_by_key: bool,
    /// The seat whose view is on screen.
    pub viewer: usize,
    /// The next person must take the keyboard before seeing their view.
    pub handoff: Option<usize>,
    /// The person whose view was last on screen (hot seat).
    pub shown_person: Option<usize>,
    /// The person at this seat is to roll their own die.
    pub rolling: Option<usize>,
    /// The person rolled: the chance event at this many events may happen.
    pub rolled_at: Option<usize>,
    /// A failure (a bot that crashed): the match stops at the next step.
    pub failure: Option<String>,
    /// When the last move was shown, for the pace.
    pub last_move: Option<Instant>,
    /// The events being applied follow a decision: the chance after it shows with it.
    pub carrying: bool,
    /// The step's clock and pace: bots' moves are shown at least `pace` apart unless `skip`.
    pub now: Instant,
    pub pace: Duration,
    pub skip: bool,
    /// How the chance event let through shows: `Some(true)` by the person's key, `Some(false)`
    /// on its own at the pace, `None` with what came before it (or a deal).
    chance: Option<bool>,
    pub keeper: Keeper,
}

impl ScreenTable {
    pub fn new(people: Vec<usize>, roll_by_key: bool, viewer: usize, keeper: Keeper) -> Self {
        // Several people at one terminal: nobody's hidden cards show before the first of
        // them has the keyboard.
        let handoff = (people.len() > 1).then_some(viewer);
        Self {
            people,
            roll_by_key,
            viewer,
            handoff,
            shown_person: handoff,
            rolling: None,
            rolled_at: None,
            failure: None,
            last_move: None,
            carrying: false,
            now: Instant::now(),
            pace: Duration::ZERO,
            skip: false,
            chance: None,
            keeper,
        }
    }

    pub fn is_person(&self, seat: usize) -> bool {
        self.people.contains(&seat)
    }

    /// Another person than the one on screen must take the keyboard first (hot seat).
    pub fn hand_to(&mut self, seat: usize) {
        if self.people.len() > 1 && self.shown_person.is_some_and(|shown| shown != seat) {
            self.handoff = Some(seat);
        } else {
            self.viewer = seat;
            self.shown_person = Some(seat);
        }
    }

    /// Whether a bot's move (or chance on its own) may show now.
    fn due(&self) -> bool {
        self.skip
            || self
                .last_move
                .is_none_or(|last| self.now >= last + self.pace)
    }

    /// Whether the chance event due may happen now, noting how it shows.
    fn chance_gate<G: TuiGame>(&mut self, game: &Match<G>) -> bool {
        let observation = game.state().observation(self.viewer);
        // A person's own die waits for their key.
        if let Some(seat) = G::own_roll(&observation)
            && self.roll_by_key
            && self.is_person(seat)
        {
            if self.rolled_at == Some(game.events().len()) {
                // The roll shows at once; what follows it goes at the bots' pace.
                self.chance = Some(true);
                return true;
            }
            self.rolling = Some(seat);
            self.hand_to(seat);
            return false;
        }
        // A decision carries the chance events after it (a refill, the next roll); other
        // chance events are shown one per pace, but a deal (the game's public phase says so)
        // goes at once.
        let with_what_came = self.carrying || G::dealing(&observation);
        if !(with_what_came || self.due()) {
            return false;
        }
        self.chance = (!with_what_came).then_some(false);
        true
    }
}

impl<G: TuiGame> Table<G> for ScreenTable {
    type Error = std::convert::Infallible;

    fn stop(&mut self, _game: &Match<G>) -> Option<StopRequest> {
        self.failure.clone().map(StopRequest::quit)
    }

    fn gate(&mut self, game: &Match<G>, next: Next) -> bool {
        // Kept at each decision, before its seat is asked (a person's wait, a bot's
        // thinking): what came since the last decision; asked again, nothing new is written.
        if let Next::Ask(_) = next {
            self.keeper.save(game);
        }
        // The game waits while the keyboard changes hands.
        if self.handoff.is_some() {
            return false;
        }
        match next {
            Next::Chance => self.chance_gate(game),
            Next::Ask(_) => {
                self.carrying = false;
                true
            }
            // A person's move shows at once, a bot's at the pace.
            Next::Apply(seat) => self.is_person(seat) || self.due(),
        }
    }

    fn recorded(&mut self, game: &Match<G>) -> Result<(), Self::Error> {
        match game.events().last().map(|event| event.actor) {
            Some(Actor::Seat(_)) => {
                self.last_move = Some(self.now);
                self.carrying = true;
            }
            Some(Actor::Chance) => {
                if let Some(by_key) = self.chance.take() {
                    self.last_move = Some(self.now);
                    if by_key {
                        self.carrying = false;
                    }
                }
            }
            None => {}
        }
        Ok(())
    }

    fn over(&mut self, game: &Match<G>) -> Result<(), Self::Error> {
        self.keeper.save(game);
        Ok(())
    }
}

/// The transcript of the game on screen: its seat labels and undos, kept at `--out` (when
/// given) as the game goes: saved at each decision and at the end, each save writing what is
/// new ([`TranscriptFile`]).
pub(super) struct Keeper {
    pub labels: Vec<String>,
    /// The undos made so far (recorded in the transcript).
    pub undos: Vec<Undo>,
    file: Option<TranscriptFile>,
    /// The file's folder was made.
    folder_made: bool,
    /// Why the transcript could not be kept at `--out`.
    pub error: Option<String>,
}

impl Keeper {
    pub fn new(labels: Vec<String>, undos: Vec<Undo>, out: Option<&Path>) -> Self {
        Self {
            labels,
            undos,
            file: out.map(|path| TranscriptFile::new(path, Layout::Pretty)),
            folder_made: false,
            error: None,
        }
    }

    /// The transcript of `game`.
    pub fn transcript<G: TuiGame>(&self, game: &Match<G>) -> Transcript {
        let mut transcript = Transcript::from_match(game, self.labels.clone());
        transcript.undos.clone_from(&self.undos);
        transcript
    }

    /// Keeps `game` at `--out`.
    pub fn save<G: TuiGame>(&mut self, game: &Match<G>) {
        let Some(file) = &mut self.file else {
            return;
        };
        let shown = file.path().display().to_string();
        let io = |source: std::io::Error| {
            TuiError::File {
                path: shown.clone(),
                reason: io_error(&source),
            }
            .to_string()
        };
        if !self.folder_made {
            if let Some(folder) = file.path().parent().filter(|p| !p.as_os_str().is_empty())
                && let Err(error) = std::fs::create_dir_all(folder)
            {
                self.error = Some(io(error));
                return;
            }
            self.folder_made = true;
        }
        self.error = file.save(game, &self.labels, &self.undos).err().map(io);
    }

    /// The game was taken back: the next save writes the file whole.
    pub fn rewrite(&mut self) {
        if let Some(file) = &mut self.file {
            file.rewrite();
        }
    }
}
