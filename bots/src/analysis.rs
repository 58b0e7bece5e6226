//! Move analysis: every decision of a recorded game searched again from the deciding seat's
//! observation only, with what the searcher thinks of the move played and of the best one,
//! and the moves that lost win chance marked as inaccuracies, mistakes or blunders.
//! `mousehole analyze` prints it; the TUI's hints are the same search for one decision.

use std::fmt::Write as _;

use mousehole_engine::replay::{Chance, Replay, check_outcome};
use mousehole_engine::rng::{AgentStreams, agent_seed};
use mousehole_engine::{
    ActionEstimate, Actor, Decision, DecisionView, Game, GameConfig, ReplayError, SeenEvent,
    SpecError, Transcript,
};
use serde::Serialize;
use thiserror::Error;

use crate::agent::Agent;
use crate::build::build_agent;
use crate::game::{BotGame, BotVisitor, visit};
use crate::spec::{AgentSpec, Settings};

/// Win chance lost by a move, in points (percent), from which it counts as each mark.
pub const INACCURACY: f64 = 5.0;
pub const MISTAKE: f64 = 10.0;
pub const BLUNDER: f64 = 20.0;
/// The chance of going out at once, last, that a move must add to the better move's for it
/// to count as at least a mistake whatever else it gives away: a move that ends the game for
/// the seat is never passed over lightly.
pub const GOING_OUT: f64 = 0.25;

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
    /// The expected place after the action played and after the best (1 = first), where the
    /// search weighed places (`goal=place`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_place: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_place: Option<f64>,
    /// The chance each ends the game at once with the seat last, where the search weighed
    /// places.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_ends: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_ends: Option<f64>,
    /// What the move gave away, in points: of win chance, or where the search weighed places,
    /// of its worth (the mean of win chance and the place's share, [`ActionEstimate::worth`]).
    /// Never negative.
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
/// view, deterministically: each decision is searched as a hint at it would be ([`hint`]),
/// on the hint's stream of the seat at that decision. The transcript is replayed once, and
/// checked as `replay` checks it.
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
        let mut searcher = searcher::<G>(request.agent)?;
        let mut replay = Replay::<G>::new(transcript, Chance::Recorded).map_err(Box::new)?;
        if searcher.wants_views() {
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
                    &mut *searcher,
                    request.agent,
                    &view,
                    agent_seed(transcript.seed, seat),
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

/// The searcher `agent` for game `G`, if it is a search (one that reports its estimates).
fn searcher<G: BotGame>(agent: &AgentSpec) -> Result<Box<dyn Agent<G>>, AnalysisError> {
    // A level is a search or not by its settings in this game (easy and medium are the
    // heuristic, which estimates nothing).
    let is_search = match agent.settings() {
        Settings::Ismcts { .. } | Settings::MonteCarlo { .. } => true,
        Settings::Level { level, .. } => G::level(level).searches(),
        Settings::Random | Settings::Heuristic { .. } => false,
    };
    if !is_search {
        return Err(AnalysisError::NotASearch(agent.to_string()));
    }
    Ok(match agent.settings() {
        // The level's own search, never the level it plays as where it was measured no
        // stronger: an analysis needs estimates.
        Settings::Level { level, goal } => build_agent::<G>(&G::level(level).spec_for(goal)),
        _ => build_agent::<G>(agent),
    })
}

/// What `searcher` says of the decision `view` as a hint: searched on the hint's own stream
/// of the seat's agent seed `agent_seed` at that decision ([`AgentStreams::hint`]), so a hint
/// never changes what a bot plays, and the hint shown during a game, the coach's verdict and
/// the review of the same decision afterwards are one search with one answer.
pub fn hint<G: Game>(
    searcher: &mut dyn Agent<G>,
    view: &DecisionView<'_, G>,
    agent_seed: u64,
) -> Decision<G::Action> {
    searcher.act(
        view,
        &mut AgentStreams::of_agent_seed(agent_seed).hint(view.events()),
    )
}

/// The searcher's verdict on `played` at the decision `view` (the `index`th event, from 0),
/// the seat's agent seed being `agent_seed`.
fn judged<G: BotGame>(
    searcher: &mut dyn Agent<G>,
    agent: &AgentSpec,
    view: &DecisionView<'_, G>,
    agent_seed: u64,
    index: usize,
    played: G::Action,
) -> Result<AnalysedMove, AnalysisError> {
    let decision = hint(searcher, view, agent_seed);
    let estimates = decision.info.map(|info| info.actions).unwrap_or_default();
    if estimates.is_empty() {
        return Err(AnalysisError::NotASearch(agent.to_string()));
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
/// nothing of the other seats: a seat of a game hosted elsewhere has no more. Each decision is
/// searched as its hint would be ([`hint`]) with `agent_seed` (the seat's own seed, as the
/// host sent it), so the same record gives the same analysis. Decisions without a real choice are skipped;
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
    let mut searcher = searcher::<G>(agent)?;
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
            agent_seed,
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
        played_place: verdict.played_place,
        best_place: verdict.best_place,
        played_ends: verdict.played_ends,
        best_ends: verdict.best_ends,
        loss: verdict.loss,
        mark: verdict.mark(),
        choices: legal.len(),
    }
}

/// What a search's estimates say of playing one action where it would play another: the
/// one judgement behind `analyze`, the TUI's review and its coach. An action is judged by its
/// worth to the seat ([`ActionEstimate::worth`]): its win chance, or where the search weighed
/// places, the mean of that and its place's share, so a move that risks last place gives
/// away what it risks even when the win chance is small either way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Estimated win chance after the search's choice (0…1).
    pub best_win: f64,
    /// Estimated win chance after the action played.
    pub played_win: f64,
    /// Expected places after each (1 = first), where the search weighed places.
    pub best_place: Option<f64>,
    pub played_place: Option<f64>,
    /// The chance each ends the game at once with the seat last, where the search weighed
    /// places.
    pub best_ends: Option<f64>,
    pub played_ends: Option<f64>,
    /// Worth given away, in points, never negative.
    pub loss: f64,
}

impl Verdict {
    /// The verdict on playing `played` where the search chose `best` (both text forms).
    /// An action the search never tried has no estimate of its own: it counts as no better
    /// than the worst the search did try.
    pub fn of(estimates: &[ActionEstimate], best: &str, played: &str) -> Verdict {
        let tried = || estimates.iter().filter(|e| e.visits > 0);
        let estimate = |action: &str| tried().find(|e| e.action == action);
        let worst = || tried().min_by(|a, b| a.worth().total_cmp(&b.worth()));
        let best_estimate =
            estimate(best).or_else(|| tried().max_by(|a, b| a.worth().total_cmp(&b.worth())));
        let played_estimate = estimate(played).or_else(worst).or(best_estimate);
        let worth = |e: Option<&ActionEstimate>| e.map_or(0.0, ActionEstimate::worth);
        let win = |e: Option<&ActionEstimate>| e.map_or(0.0, |e| e.win);
        Verdict {
            best_win: win(best_estimate),
            played_win: win(played_estimate),
            best_place: best_estimate.and_then(|e| e.place),
            played_place: played_estimate.and_then(|e| e.place),
            best_ends: best_estimate.and_then(|e| e.ends),
            played_ends: played_estimate.and_then(|e| e.ends),
            loss: (100.0 * (worth(best_estimate) - worth(played_estimate))).max(0.0),
        }
    }

    /// Whether the move played ends the game for the seat at once, last, [`GOING_OUT`] more
    /// often than the better move does.
    pub fn goes_out(&self) -> bool {
        goes_out(self.played_ends, self.best_ends)
    }

    /// How bad the move was: by the worth it gave away, and at least a mistake when it
    /// [`Verdict::goes_out`].
    pub fn mark(&self) -> Option<Mark> {
        let by_loss = Mark::of(self.loss);
        if self.goes_out() {
            by_loss.max(Some(Mark::Mistake))
        } else {
            by_loss
        }
    }
}

/// Whether a move that ends the game at once for the seat with chance `played` does so
/// [`GOING_OUT`] more often than the better move (`best`).
pub fn goes_out(played: Option<f64>, best: Option<f64>) -> bool {
    matches!((played, best), (Some(played), Some(best)) if played - best >= GOING_OUT)
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
            let place =
                |place: Option<f64>| place.map(|p| format!(" place {p:.1}")).unwrap_or_default();
            let _ = write!(
                out,
                "{:>4}. seat {}: {:<14} win {:>5.1}%{}",
                m.event,
                m.seat,
                m.played,
                100.0 * m.played_win,
                place(m.played_place)
            );
            if m.played == m.best {
                let _ = write!(out, "  (best)");
            } else {
                let _ = write!(
                    out,
                    "  best {} {:.1}%{}  −{:.1}",
                    m.best,
                    100.0 * m.best_win,
                    place(m.best_place),
                    m.loss
                );
            }
            if let Some(ends) = m
                .played_ends
                .filter(|_| goes_out(m.played_ends, m.best_ends))
            {
                let _ = write!(out, "  out at once {:.0}%", 100.0 * ends);
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
        if self.moves.iter().any(|m| m.played_place.is_some()) {
            let _ = writeln!(
                out,
                "(places weighed: a point is one of the mean of win chance and place, first 100, last 0; a move that ends the game at once for the seat, last, {:.0} in 100 times more often than the best is at least a mistake)",
                100.0 * GOING_OUT
            );
        }
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
            place: None,
            value: None,
            ends: None,
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

    #[test]
    fn where_places_are_weighed_a_gamble_that_risks_last_place_gives_it_away() {
        // Three players. Taking a card that may be a third trap wins a little more often but
        // leaves the seat last half the time; removing it keeps second place in reach.
        let estimate = |action: &str, win: f64, place: f64| ActionEstimate {
            action: action.to_owned(),
            visits: 1000,
            win,
            stderr: None,
            place: Some(place),
            value: Some(0.5 * (win + (3.0 - place) / 2.0)),
            ends: Some(if action.starts_with("take") { 0.5 } else { 0.0 }),
        };
        let estimates = [
            estimate("remove 5", 0.03, 2.3),
            estimate("take 5", 0.07, 2.8),
        ];
        let verdict = Verdict::of(&estimates, "remove 5", "take 5");
        // Worth 0.5 × (0.03 + 0.35) = 0.19 against 0.5 × (0.07 + 0.1) = 0.085.
        assert!((verdict.loss - 10.5).abs() < 1e-9, "{verdict:?}");
        assert_eq!(
            (verdict.best_place, verdict.played_place),
            (Some(2.3), Some(2.8))
        );
        assert!(verdict.goes_out());
        assert_eq!(verdict.mark(), Some(Mark::Mistake));
        // By win chance alone the gamble would have looked best.
        let wins_only: Vec<ActionEstimate> = estimates
            .iter()
            .map(|e| ActionEstimate {
                place: None,
                value: None,
                ends: None,
                ..e.clone()
            })
            .collect();
        assert!(Verdict::of(&wins_only, "remove 5", "take 5").loss.abs() < 1e-12);
    }
}
