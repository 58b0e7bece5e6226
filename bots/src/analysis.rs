//! Move analysis: every decision of a recorded game searched again from the deciding seat's
//! observation only, with what the searcher thinks of the move played and of the best one,
//! and the moves that lost win chance marked as inaccuracies, mistakes or blunders.
//! `mousehole analyze` prints it; the TUI's hints are the same search for one decision.

use std::fmt::Write as _;

use mousehole_engine::replay::{Chance, Replay, check_outcome};
use mousehole_engine::rng::agent_seed;
use mousehole_engine::{
    ActionEstimate, Actor, DecisionView, Game, GameConfig, ReplayError, Seat, SeenEvent, SpecError,
    Transcript,
};
use serde::Serialize;
use thiserror::Error;

use crate::game::{BotGame, BotVisitor, visit};
use crate::seat::{ProgramOptions, SeatLabel, build_seat};
use crate::spec::{AgentSpec, Settings};

/// Win chance lost by a move, in points (percent), from which it counts as each mark.
pub const INACCURACY: f64 = 5.0;
pub const MISTAKE: f64 = 10.0;
pub const BLUNDER: f64 = 20.0;

/// How bad a move was, by the win chance it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark for a loss of `points` of win chance, if any.
    pub fn of(points: f64) -> Option<Mark> {
        if points >= BLUNDER {
            Some(Mark::Blunder)
        } else if points >= MISTAKE {
            Some(Mark::Mistake)
        } else if points >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One analysed decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysedMove {
    /// The event's number in the transcript, from 1.
    pub event: usize,
    pub seat: usize,
    /// The action played.
    pub played: String,
    /// Estimated win chance after the action played (0…1).
    pub played_win: f64,
    /// The searcher's best action (its most visited).
    pub best: String,
    /// Estimated win chance after the best action.
    pub best_win: f64,
    /// Win chance given away, in points: `100 × (best_win − played_win)`, never negative.
    pub loss: f64,
    pub mark: Option<Mark>,
    /// How many legal actions there were.
    pub choices: usize,
}

/// Per seat: how its decisions went.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatSummary {
    pub seat: usize,
    pub label: String,
    /// Decisions analysed (those with a real choice).
    pub decisions: usize,
    /// Decisions where the best move was played.
    pub best_moves: usize,
    /// Mean win chance given away per decision, in points.
    pub mean_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// The analysis of one transcript.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub game: String,
    pub seed: u64,
    /// The searcher's spec.
    pub agent: String,
    pub moves: Vec<AnalysedMove>,
    pub seats: Vec<SeatSummary>,
}

/// Why a transcript cannot be analysed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    #[error(transparent)]
    Replay(#[from] Box<ReplayError>),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(
        "the analysing agent must be a search that reports its estimates (ismcts:…, mc:…, or a level that searches: hard, expert), not '{0}'"
    )]
    NotASearch(String),
    #[error("this game has seats 0 to {last}, not {seat}")]
    NoSuchSeat { seat: usize, last: usize },
}

/// What to analyse and with what.
#[derive(Clone, Copy)]
pub struct AnalysisRequest<'a> {
    pub transcript: &'a Transcript,
    /// Only this seat's decisions, or all.
    pub seat: Option<usize>,
    /// The searcher: an `ismcts:` or `mc:` spec or a level.
    pub agent: &'a AgentSpec,
    /// Told `(events done, events in all)` as the analysis goes, for a progress display.
    pub progress: Option<&'a dyn Fn(usize, usize)>,
}

/// The agent `mousehole analyze` uses when none is given.
pub const DEFAULT_AGENT: &str = "ismcts:iterations=4000,rollout=heuristic";

/// Re-searches every decision of the transcript (or of one seat) from the deciding seat's
/// view, deterministically: the searcher sits at that seat as a bot would
/// ([`build_seat`]), so it draws from the seat's stream of the transcript's seed at that
/// decision. The transcript is replayed once, and checked as `replay` checks it.
///
/// # Errors
/// A transcript that does not replay, a seat not in the game, or an agent that is not a search.
pub fn analyse(request: &AnalysisRequest<'_>) -> Result<Analysis, AnalysisError> {
    let spec = request.transcript.spec().map_err(Box::new)?;
    visit(&spec, Analyse { request })?
}

impl std::fmt::Debug for AnalysisRequest<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalysisRequest")
            .field("game", &self.transcript.game)
            .field("seat", &self.seat)
            .field("agent", &self.agent)
            .finish_non_exhaustive()
    }
}

struct Analyse<'a, 'b> {
    request: &'a AnalysisRequest<'b>,
}

impl BotVisitor for Analyse<'_, '_> {
    type Output = Result<Analysis, AnalysisError>;

    fn visit<G: BotGame>(self, config: G::Config) -> Self::Output {
        let request = self.request;
        let transcript = request.transcript;
        let players = config.players();
        if let Some(seat) = request.seat
            && seat >= players
        {
            return Err(AnalysisError::NoSuchSeat {
                seat,
                last: players - 1,
            });
        }
        // The searcher sits, in turn, at every seat it analyses.
        let mut searchers = (0..players)
            .map(|seat| {
                searcher::<G>(
                    request.agent,
                    seat,
                    &config,
                    agent_seed(transcript.seed, seat),
                )
            })
            .collect::<Result<Vec<_>, AnalysisError>>()?;
        let mut replay = Replay::<G>::new(transcript, Chance::Recorded).map_err(Box::new)?;
        if searchers[0].wants_views() {
            replay = replay.with_views();
        }
        let mut moves = Vec::new();
        while let Some(event) = replay.next_event() {
            let index = replay.applied();
            if let Some(progress) = request.progress {
                progress(index, transcript.events.len());
            }
            if let Actor::Seat(seat) = event.actor
                && request.seat.is_none_or(|s| s == seat)
                && let Some(view) = replay.game_mut().decision_view()
                && view.seat() == seat
                && view.legal().len() > 1
                && let Ok(played) = event.action.trim().parse::<G::Action>()
            {
                moves.push(judged(
                    &mut *searchers[seat],
                    request.agent,
                    &view,
                    index,
                    played,
                )?);
            }
            replay.step().map_err(Box::new)?;
        }
        check_outcome(
            transcript.outcome.as_ref(),
            replay.game().outcome().as_ref(),
        )
        .map_err(Box::new)?;
        let seats = (0..players)
            .filter(|&s| request.seat.is_none_or(|only| only == s))
            .map(|seat| {
                summary(
                    seat,
                    transcript.seats.get(seat).cloned().unwrap_or_default(),
                    &moves,
                )
            })
            .collect();
        Ok(Analysis {
            game: transcript.game.clone(),
            seed: transcript.seed,
            agent: request.agent.to_string(),
            moves,
            seats,
        })
    }
}

/// The searcher `agent` seated at `seat` of a game of `config` with the seat's `agent_seed`,
/// as a bot would sit there ([`build_seat`]).
fn searcher<G: BotGame>(
    agent: &AgentSpec,
    seat: usize,
    config: &G::Config,
    agent_seed: u64,
) -> Result<Box<dyn Seat<G>>, AnalysisError> {
    let not_a_search = || AnalysisError::NotASearch(agent.to_string());
    // A level is a search or not by its settings in this game (easy and medium are the
    // heuristic, which estimates nothing).
    let is_search = match agent.settings() {
        Settings::Ismcts { .. } | Settings::MonteCarlo { .. } => true,
        Settings::Level(level) => G::level(level).searches(),
        Settings::Random | Settings::Heuristic { .. } => false,
    };
    if !is_search {
        return Err(not_a_search());
    }
    let label = SeatLabel::Agent(agent.clone());
    let mut searcher = build_seat::<G>(&label, &ProgramOptions::default())
        .map_err(|_| not_a_search())?
        .ok_or_else(not_a_search)?
        .seat;
    searcher.start(seat, config, agent_seed);
    Ok(searcher)
}

/// The searcher's verdict on `played` at the decision `view` (the `index`th event, from 0).
fn judged<G: BotGame>(
    searcher: &mut dyn Seat<G>,
    agent: &AgentSpec,
    view: &DecisionView<'_, G>,
    index: usize,
    played: G::Action,
) -> Result<AnalysedMove, AnalysisError> {
    let not_a_search = || AnalysisError::NotASearch(agent.to_string());
    let decision = searcher.decide(view).map_err(|_| not_a_search())?;
    let estimates = decision.info.map(|info| info.actions).unwrap_or_default();
    if estimates.is_empty() {
        return Err(not_a_search());
    }
    Ok(judge(
        index,
        view.seat(),
        view.legal(),
        decision.action,
        &estimates,
        played,
    ))
}

/// One decision of a seat as the seat itself saw it: its observation, its legal actions,
/// how many of its views of the events it had seen (and how many at its previous decision),
/// and what it played.
#[derive(Clone, Debug)]
pub struct SeenDecision<G: Game> {
    pub observation: G::Observation,
    pub legal: Vec<G::Action>,
    /// The seat's views of the events before the decision: the first `events` of its history.
    pub events: usize,
    pub seen_from: usize,
    pub played: G::Action,
}

/// Re-searches one seat's decisions from what the seat itself was shown (`history`, its views
/// of every event, and each decision's observation and legal actions), with no transcript and
/// nothing of the other seats: a seat of a game hosted elsewhere has no more. The searcher
/// sits at the seat as a bot would with `agent_seed` (the seat's own seed, as the host sent it),
/// so the same record gives the same analysis. Decisions without a real choice are skipped;
/// `progress` is told `(decisions done, decisions in all)`.
///
/// # Errors
/// An agent that is not a search.
pub fn analyse_seen<G: BotGame>(
    config: &G::Config,
    seat: usize,
    agent_seed: u64,
    agent: &AgentSpec,
    history: &[SeenEvent<G::EventView>],
    decisions: &[SeenDecision<G>],
    progress: Option<&dyn Fn(usize, usize)>,
) -> Result<Vec<AnalysedMove>, AnalysisError> {
    let mut searcher = searcher::<G>(agent, seat, config, agent_seed)?;
    let mut moves = Vec::new();
    for (done, decision) in decisions.iter().enumerate() {
        if let Some(progress) = progress {
            progress(done, decisions.len());
        }
        if decision.legal.len() < 2 {
            continue;
        }
        let history = &history[..decision.events.min(history.len())];
        let view = DecisionView::observed(
            &decision.observation,
            config,
            seat,
            &decision.legal,
            history,
            decision.seen_from,
        );
        moves.push(judged(
            &mut *searcher,
            agent,
            &view,
            history.len(),
            decision.played,
        )?);
    }
    Ok(moves)
}

/// The verdict on one decision from the search's choice and its estimates per action.
fn judge<A: Copy + PartialEq + std::fmt::Display>(
    index: usize,
    seat: usize,
    legal: &[A],
    chosen: A,
    estimates: &[ActionEstimate],
    played: A,
) -> AnalysedMove {
    let verdict = Verdict::of(estimates, &chosen.to_string(), &played.to_string());
    AnalysedMove {
        event: index + 1,
        seat,
        played: played.to_string(),
        played_win: verdict.played_win,
        best: chosen.to_string(),
        best_win: verdict.best_win,
        loss: verdict.loss,
        mark: Mark::of(verdict.loss),
        choices: legal.len(),
    }
}

/// What a search's estimates say of playing one action where it would play another: the
/// one judgement behind `analyze`, the TUI's review and its coach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Estimated win chance after the search's choice (0…1).
    pub best_win: f64,
    /// Estimated win chance after the action played.
    pub played_win: f64,
    /// Win chance given away, in points, never negative.
    pub loss: f64,
}

impl Verdict {
    /// The verdict on playing `played` where the search chose `best` (both text forms).
    /// An action the search never tried has no estimate of its own: it counts as no better
    /// than the worst the search did try.
    pub fn of(estimates: &[ActionEstimate], best: &str, played: &str) -> Verdict {
        let estimate = |action: &str| {
            estimates
                .iter()
                .find(|e| e.action == action && e.visits > 0)
                .map(|e| e.win)
        };
        let tried = || estimates.iter().filter(|e| e.visits > 0).map(|e| e.win);
        let best_win = estimate(best).unwrap_or_else(|| tried().fold(0.0, f64::max));
        let played_win = estimate(played).unwrap_or_else(|| tried().fold(best_win, f64::min));
        Verdict {
            best_win,
            played_win,
            loss: (100.0 * (best_win - played_win)).max(0.0),
        }
    }
}

fn summary(seat: usize, label: String, moves: &[AnalysedMove]) -> SeatSummary {
    let mine: Vec<&AnalysedMove> = moves.iter().filter(|m| m.seat == seat).collect();
    let count = |mark: Mark| mine.iter().filter(|m| m.mark == Some(mark)).count();
    SeatSummary {
        seat,
        label,
        decisions: mine.len(),
        best_moves: mine.iter().filter(|m| m.played == m.best).count(),
        mean_loss: if mine.is_empty() {
            0.0
        } else {
            mine.iter().map(|m| m.loss).sum::<f64>() / mine.len() as f64
        },
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
    }
}

impl Analysis {
    /// The readable report: one line per decision, then a summary per seat. Deterministic.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} seed {}, analysed by {} (win chances are its estimates)",
            self.game, self.seed, self.agent
        );
        let _ = writeln!(out);
        for m in &self.moves {
            let _ = write!(
                out,
                "{:>4}. seat {}: {:<14} win {:>5.1}%",
                m.event,
                m.seat,
                m.played,
                100.0 * m.played_win
            );
            if m.played == m.best {
                let _ = write!(out, "  (best)");
            } else {
                let _ = write!(
                    out,
                    "  best {} {:.1}%  −{:.1}",
                    m.best,
                    100.0 * m.best_win,
                    m.loss
                );
            }
            if let Some(mark) = m.mark {
                let _ = write!(out, "  {}", mark.word().to_uppercase());
            }
            out.push('\n');
        }
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "seat  decisions  best  mean loss  inaccuracies  mistakes  blunders  label"
        );
        for s in &self.seats {
            let _ = writeln!(
                out,
                "{:>4}  {:>9}  {:>4}  {:>9.1}  {:>12}  {:>8}  {:>8}  {}",
                s.seat,
                s.decisions,
                s.best_moves,
                s.mean_loss,
                s.inaccuracies,
                s.mistakes,
                s.blunders,
                s.label
            );
        }
        let _ = writeln!(
            out,
            "(inaccuracy: ≥{INACCURACY} points of win chance lost; mistake: ≥{MISTAKE}; blunder: ≥{BLUNDER})"
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of(4.99), None);
        assert_eq!(Mark::of(5.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(10.0), Some(Mark::Mistake));
        assert_eq!(Mark::of(25.0), Some(Mark::Blunder));
    }

    #[test]
    fn a_move_is_judged_against_the_search_choice() {
        let estimate = |action: &str, visits: u64, win: f64| ActionEstimate {
            action: action.to_owned(),
            visits,
            win,
            stderr: None,
        };
        let legal = ["a", "b", "c"];
        let estimates = [
            estimate("b", 80, 0.6),
            estimate("a", 10, 0.2),
            estimate("c", 0, 0.0),
        ];
        let verdict = judge(4, 1, &legal, "b", &estimates, "a");
        assert_eq!(verdict.best, "b");
        assert!((verdict.loss - 40.0).abs() < 1e-9);
        assert_eq!(verdict.mark, Some(Mark::Blunder));
        assert_eq!(verdict.event, 5);
        // Never tried: as bad as the worst tried.
        let verdict = judge(0, 1, &legal, "b", &estimates, "c");
        assert!((verdict.played_win - 0.2).abs() < 1e-9);
        let verdict = judge(0, 1, &legal, "b", &estimates, "b");
        assert_eq!(verdict.mark, None);
        assert!(verdict.loss.abs() < 1e-12);
        // A search that keeps a move with a lower mean (flat Monte Carlo's baseline): playing
        // the better-looking one loses nothing.
        let verdict = judge(0, 1, &legal, "a", &estimates, "b");
        assert_eq!(verdict.best, "a");
        assert!(verdict.loss.abs() < 1e-12);
    }
}
