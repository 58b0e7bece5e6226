//! The coach's review of a game: each decision of one person searched again from their own
//! view only (the analysis engine, [`mousehole_bots::analysis::analyse`]), marked as an
//! inaccuracy, mistake or blunder by the win chance it gave away, with the better move, how
//! both read, and a short reason from the game's board view. Run on a thread of its own, the
//! screen showing its progress.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use mousehole_bots::analysis::{self, AnalysisRequest, Mark};
use mousehole_bots::recorded_names;
use mousehole_bots::{AgentSpec, SeatLabel};
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{Event, Game, GameSpec, MatchObserver, Transcript};

use crate::worker::Thinking;
use crate::{TuiGame, TuiVisitor};

/// The searcher the review uses unless asked for another: the hints' and the coach's, so the
/// review of a decision says what the hint at it said (the same search on the same stream).
pub const REVIEW_AGENT: &str = crate::bots::HINT_SPEC;

/// One of the person's decisions, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The event's number in the transcript, from 1.
    pub event: usize,
    /// The move played: its text form, how it reads, its estimated win chance.
    pub played: String,
    pub played_label: String,
    pub played_win: f64,
    /// The searcher's move.
    pub best: String,
    pub best_label: String,
    pub best_win: f64,
    /// The expected places after each (1 = first), where the search weighed places.
    pub played_place: Option<f64>,
    pub best_place: Option<f64>,
    /// Whether the move played ends the game for the seat at once, last, far more often than
    /// the better one, and how often.
    pub goes_out: Option<f64>,
    /// What the move gave away, in points ([`analysis::AnalysedMove::loss`]).
    pub loss: f64,
    pub mark: Option<Mark>,
    /// Why the better move is better, in words, where the game can say.
    pub reason: Option<String>,
}

impl Reviewed {
    /// Whether the move played is the searcher's or as good within the half point the
    /// screen rounds away (a "better" move `−0` would say nothing).
    pub fn is_best(&self) -> bool {
        self.played == self.best || self.loss < 0.5
    }
}

/// The review of one seat's decisions in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// `Cheese Day · seed 7`.
    pub title: String,
    pub seat: usize,
    /// Whose decisions: `you`, `seat 1 (hard)`.
    pub who: String,
    pub moves: Vec<Reviewed>,
}

impl Review {
    /// `12 decisions: 8 best, 2 inaccuracies, 1 mistake, 1 blunder`.
    pub fn summary(&self) -> String {
        let count = |mark: Mark| self.moves.iter().filter(|m| m.mark == Some(mark)).count();
        let best = self.moves.iter().filter(|m| m.is_best()).count();
        let mut parts = vec![format!("{best} best")];
        for (mark, one, many) in [
            (Mark::Inaccuracy, "inaccuracy", "inaccuracies"),
            (Mark::Mistake, "mistake", "mistakes"),
            (Mark::Blunder, "blunder", "blunders"),
        ] {
            let n = count(mark);
            parts.push(format!("{n} {}", if n == 1 { one } else { many }));
        }
        format!(
            "{} decisions with a choice: {}",
            self.moves.len(),
            parts.join(", ")
        )
    }
}

/// Reviews `seat`'s decisions in `transcript` with `agent`, telling `progress` how many
/// events are done.
///
/// # Errors
/// A transcript that does not replay, a seat not in the game, an agent that is not a search.
pub fn review(
    transcript: &Transcript,
    seat: usize,
    agent: &AgentSpec,
    progress: &AtomicUsize,
) -> Result<Review, String> {
    struct Words<'a> {
        transcript: &'a Transcript,
        seat: usize,
        moves: &'a [analysis::AnalysedMove],
    }
    impl TuiVisitor for Words<'_> {
        type Output = Result<Vec<Reviewed>, String>;
        fn visit<G: TuiGame>(self, _config: G::Config) -> Self::Output {
            words::<G>(self.transcript, self.seat, self.moves)
        }
    }
    let tell = |done: usize, _all: usize| progress.store(done, Ordering::Relaxed);
    let analysis = analysis::analyse(&AnalysisRequest {
        transcript,
        seat: Some(seat),
        agent,
        progress: Some(&tell),
    })
    .map_err(|e| e.to_string())?;
    let spec = GameSpec::from_recorded(&transcript.game, &transcript.options)
        .map_err(|e| e.to_string())?;
    let moves = crate::visit(
        &spec,
        Words {
            transcript,
            seat,
            moves: &analysis.moves,
        },
    )
    .map_err(|e| e.to_string())??;
    // A person's own decisions are `you`'s; a bot's are its seat's.
    let person = transcript
        .seats
        .get(seat)
        .and_then(|label| label.parse::<SeatLabel>().ok())
        .is_some_and(|label| label.is_human());
    let names = recorded_names(&transcript.seats, Reader(person.then_some(seat)));
    Ok(Review {
        title: format!(
            "{} · seed {}",
            spec.description().short_title(),
            transcript.seed
        ),
        seat,
        who: names.name(seat),
        moves,
    })
}

/// The analysed moves in words: each move and the better one as they read from the seat's
/// observation at that decision, and the reason for the better one.
fn words<G: TuiGame>(
    transcript: &Transcript,
    seat: usize,
    moves: &[analysis::AnalysedMove],
) -> Result<Vec<Reviewed>, String> {
    /// The seat's observation before each event.
    struct Before<G: Game> {
        seat: usize,
        observations: Vec<G::Observation>,
    }
    impl<G: Game> MatchObserver<G> for Before<G> {
        fn before(&mut self, state: &G, _event: &Event<G::Action>) {
            self.observations.push(state.observation(self.seat));
        }
    }
    let mut before = Before::<G> {
        seat,
        observations: Vec::new(),
    };
    let mut replay = Replay::<G>::new(transcript, Chance::Recorded).map_err(|e| e.to_string())?;
    while replay
        .step_observed(&mut before)
        .map_err(|e| e.to_string())?
    {}
    Ok(moves
        .iter()
        .filter_map(|m| in_words::<G>(m, before.observations.get(m.event - 1)?))
        .collect())
}

/// One analysed move in words, as it reads from the seat's `observation` at the decision.
fn in_words<G: TuiGame>(
    m: &analysis::AnalysedMove,
    observation: &G::Observation,
) -> Option<Reviewed> {
    let played = m.played.parse::<G::Action>().ok()?;
    let best = m.best.parse::<G::Action>().ok()?;
    Some(Reviewed {
        event: m.event,
        played: m.played.clone(),
        played_label: G::choice_label(observation, &played),
        played_win: m.played_win,
        best: m.best.clone(),
        best_label: G::choice_label(observation, &best),
        best_win: m.best_win,
        played_place: m.played_place,
        best_place: m.best_place,
        goes_out: m
            .played_ends
            .filter(|_| analysis::goes_out(m.played_ends, m.best_ends)),
        loss: m.loss,
        mark: m.mark,
        reason: G::reason(observation, &best),
    })
}

/// What a seat of a game hosted elsewhere was shown, for the coach's review of its decisions
/// ([`analysis::analyse_seen`]): nothing of the game but the seat's own views.
pub(crate) struct SeenGame<G: TuiGame> {
    pub config: G::Config,
    pub seat: usize,
    /// The seat's own seed, as the host sent it (the searcher sits as a bot would).
    pub agent_seed: u64,
    /// `Cheese Day · hosted at …`.
    pub title: String,
    /// Seat names as the host gave them.
    pub names: Vec<String>,
    pub history: Vec<mousehole_engine::SeenEvent<G::EventView>>,
    pub decisions: Vec<analysis::SeenDecision<G>>,
}

/// A review to make on the review's thread.
pub(crate) type ReviewJob =
    Box<dyn FnOnce(&AgentSpec, &AtomicUsize) -> Result<Review, String> + Send>;

impl<G: TuiGame> SeenGame<G> {
    /// The review of the seat's decisions, to make on the review's thread; `progress` counts
    /// events, as a transcript's review does.
    pub(crate) fn review_job(self) -> ReviewJob {
        Box::new(move |agent: &AgentSpec, progress: &AtomicUsize| {
            let tell = |done: usize, _all: usize| {
                let events = self.decisions.get(done).map_or(0, |d| d.events);
                progress.store(events, Ordering::Relaxed);
            };
            let analysed = analysis::analyse_seen::<G>(
                &self.config,
                self.seat,
                self.agent_seed,
                agent,
                &self.history,
                &self.decisions,
                Some(&tell),
            )
            .map_err(|e| e.to_string())?;
            let moves = analysed
                .iter()
                .zip(self.decisions.iter().filter(|d| d.legal.len() > 1))
                .filter_map(|(m, decision)| in_words::<G>(m, &decision.observation))
                .collect();
            // The seat this screen played, `you`; the others as the host called them.
            let names = SeatNames::new(Reader::seat(self.seat), &self.names);
            Ok(Review {
                title: self.title,
                seat: self.seat,
                who: names.name(self.seat),
                moves,
            })
        })
    }
}

/// A review being made on its thread, or made.
pub struct Reviewing {
    /// The game reviewed.
    pub transcript: Transcript,
    pub seat: usize,
    /// Events of the transcript the analysis has gone through.
    pub progress: Arc<AtomicUsize>,
    receiver: Option<Receiver<Result<Review, String>>>,
    pub result: Option<Result<Review, String>>,
    /// The selected decision (an index into the review's moves).
    pub selected: usize,
    /// Whether the transcript replays here, to show a decision's position (not a hosted
    /// game's seat view).
    pub replayable: bool,
}

impl std::fmt::Debug for Reviewing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviewing")
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

impl Reviewing {
    /// Starts reviewing `seat`'s decisions in `transcript` with `agent` on a thread (or, with
    /// [`Thinking::Inline`], reviews them at once).
    pub fn start(
        transcript: Transcript,
        seat: usize,
        agent: AgentSpec,
        thinking: Thinking,
    ) -> Self {
        let job = transcript.clone();
        let review_job: ReviewJob =
            Box::new(move |agent, progress| review(&job, seat, agent, progress));
        Self::run(transcript, seat, agent, review_job, true, thinking)
    }

    /// Starts reviewing the decisions of a seat of a game hosted elsewhere, from what it was
    /// shown (`transcript`: its view, for the progress; it does not replay here).
    pub(crate) fn start_seen(
        transcript: Transcript,
        seat: usize,
        agent: AgentSpec,
        job: ReviewJob,
        thinking: Thinking,
    ) -> Self {
        Self::run(transcript, seat, agent, job, false, thinking)
    }

    fn run(
        transcript: Transcript,
        seat: usize,
        agent: AgentSpec,
        job: ReviewJob,
        replayable: bool,
        thinking: Thinking,
    ) -> Self {
        let progress = Arc::new(AtomicUsize::new(0));
        let (sender, receiver) = mpsc::channel();
        let counter = Arc::clone(&progress);
        let started = match thinking {
            // The receiver is right here; the next poll takes the result.
            Thinking::Inline => {
                let _ = sender.send(job(&agent, &counter));
                Ok(())
            }
            Thinking::Threaded => std::thread::Builder::new()
                .name("review".into())
                .spawn(move || {
                    // Nobody to tell if the screen is gone.
                    let _ = sender.send(job(&agent, &counter));
                })
                .map(drop),
        };
        let (receiver, result) = match started {
            Ok(()) => (Some(receiver), None),
            Err(error) => (None, Some(Err(format!("cannot start the review: {error}")))),
        };
        Self {
            transcript,
            seat,
            progress,
            receiver,
            result,
            selected: 0,
            replayable,
        }
    }

    /// Takes the result if it has come; whether anything changed.
    pub fn poll(&mut self) -> bool {
        let Some(receiver) = &self.receiver else {
            return false;
        };
        match receiver.try_recv() {
            Ok(result) => {
                self.result = Some(result);
                // The first marked decision is where a person looks first.
                if let Some(Ok(review)) = &self.result {
                    self.selected = review
                        .moves
                        .iter()
                        .position(|m| m.mark.is_some())
                        .unwrap_or(0);
                }
                self.receiver = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.result = Some(Err("the review stopped".to_owned()));
                self.receiver = None;
                true
            }
        }
    }

    /// The review, once done.
    pub fn review(&self) -> Option<&Review> {
        self.result.as_ref().and_then(|r| r.as_ref().ok())
    }
}
