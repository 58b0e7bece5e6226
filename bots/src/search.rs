//! What the search bots share: how long to think (an iteration count or a time, tightened by
//! the match's budget), the rollout policy that plays a sampled world to its end, and the
//! per-action statistics they report.

use std::time::{Duration, Instant};

use mousehole_engine::playout::uniform;
use mousehole_engine::{ActionEstimate, Budget, DecisionInfo, Game, GameRng, ToMove};

/// How long a search may run: its own settings (iterations or milliseconds) and the match's
/// budget, whichever is tighter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// At most this many iterations (playouts), if set.
    pub iterations: Option<u64>,
    /// At most this long, if set.
    pub time: Option<Duration>,
}

impl Effort {
    /// A fixed number of iterations: deterministic for a given seed.
    pub fn iterations(n: u64) -> Self {
        Self {
            iterations: Some(n),
            time: None,
        }
    }

    /// A thinking time: not deterministic (the count depends on the machine).
    pub fn time(time: Duration) -> Self {
        Self {
            iterations: None,
            time: Some(time),
        }
    }

    /// The limits for one decision started at `start` under the match's `budget`.
    pub fn limits(self, budget: Budget, start: Instant) -> Limits {
        let own_deadline = self.time.map(|t| start + t);
        let deadline = match (own_deadline, budget.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let iterations = match (self.iterations, budget.iterations) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            iterations: iterations.or(if deadline.is_none() {
                Some(DEFAULT_ITERATIONS)
            } else {
                None
            }),
            deadline,
        }
    }
}

/// Iterations a search runs when neither it nor the match sets a limit.
pub const DEFAULT_ITERATIONS: u64 = 1000;

/// The limits of one decision's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub iterations: Option<u64>,
    pub deadline: Option<Instant>,
}

impl Limits {
    /// Iterations between looks at the clock: often enough to keep a deadline within a
    /// millisecond for any game, rarely enough that reading the clock costs nothing.
    const CLOCK_EVERY: u64 = 32;

    /// Whether the deadline, if any, has passed (reads the clock).
    pub fn past_deadline(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether iteration `done` (the count so far) may go on.
    #[inline]
    pub fn go_on(&self, done: u64) -> bool {
        if let Some(n) = self.iterations
            && done >= n
        {
            return false;
        }
        match self.deadline {
            // Always at least one iteration, so there is something to choose by.
            Some(deadline) if done > 0 && done.is_multiple_of(Self::CLOCK_EVERY) => {
                Instant::now() < deadline
            }
            _ => true,
        }
    }

    /// These limits split over `parts` workers (root parallelism): each gets a share of the
    /// iterations (the first ones one more where the count does not divide), the same deadline.
    pub fn share(self, part: usize, parts: usize) -> Limits {
        let iterations = self.iterations.map(|n| {
            let parts = parts as u64;
            n / parts + u64::from((part as u64) < n % parts)
        });
        Limits {
            iterations,
            deadline: self.deadline,
        }
    }
}

/// How a sampled world is played to its end during a search.
pub trait RolloutPolicy<G: Game>: Send + Sync {
    /// One of `legal` for the seat to move at `state` (a determinized world: the policy may
    /// look at all of it, since it is only a sample of what the searcher believes).
    fn choose(&self, state: &G, legal: &[G::Action], rng: &mut GameRng) -> G::Action;

    /// Decides at `state`, a seat to move, and applies the decision: the legal actions listed
    /// into `legal` (scratch space) and chosen among by [`RolloutPolicy::choose`]. A policy
    /// that needs no list may find and apply its action without one.
    #[inline]
    fn play(&self, state: &mut G, legal: &mut Vec<G::Action>, rng: &mut GameRng) {
        state.legal_actions(legal);
        let action = self.choose(state, legal, rng);
        state.apply_unchecked(action);
    }

    /// The policy's own choice at a decision, from the deciding seat's observation, if it has
    /// one worth keeping (a search departs from it only on clear evidence); `None` for a
    /// policy with no opinion, such as uniformly random moves.
    fn root_choice(
        &self,
        _observation: &G::Observation,
        _legal: &[G::Action],
        _rng: &mut GameRng,
    ) -> Option<G::Action> {
        None
    }

    /// Whether a playout stops at `state`, a seat to move, after `decisions` decisions of
    /// its own, scored by an estimate: if so, every seat's estimated return is written into
    /// `returns` (cleared first). By default playouts run to the end.
    #[inline]
    fn stop(&self, _state: &G, _decisions: u32, _returns: &mut Vec<f64>) -> bool {
        false
    }

    /// Whether a playout may end in an estimate ([`RolloutPolicy::stop`]) rather than the
    /// game's returns: two moves' returns then differ by a few hundredths, not by whole
    /// returns, and a search weighing their difference takes its own spread as its scale.
    fn estimates(&self) -> bool {
        false
    }
}

/// Uniformly random decisions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> RolloutPolicy<G> for RandomRollout {
    #[inline]
    fn choose(&self, _state: &G, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        uniform(legal, rng)
    }

    /// The random playout's pick ([`Game::sample_legal`]: [`uniform`] over the list, or the
    /// same pick by counting where the game counts), with no list where none is needed.
    #[allow(
        clippy::inline_always,
        reason = "every decision of a random rollout: the compiler otherwise keeps it a call \
                  from the rollout's loop, saving and restoring registers at each. Measured on \
                  a Mouse Race game of `ismcts:iterations=100` against random, seed 1: \
                  3,383 -> 3,027 million instructions (cachegrind, issue 42)"
    )]
    #[inline(always)]
    fn play(&self, state: &mut G, legal: &mut Vec<G::Action>, rng: &mut GameRng) {
        let action = state
            .sample_legal(rng, legal)
            .expect("a seat to move has a legal action");
        state.apply_unchecked(action);
    }
}

/// Reused buffers for playing worlds to their end without allocating.
#[derive(Debug)]
pub struct Scratch<G: Game> {
    pub legal: Vec<G::Action>,
    pub outcomes: Vec<(G::Action, u32)>,
    pub returns: Vec<f64>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Self {
            legal: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(16),
            returns: Vec::with_capacity(8),
        }
    }
}

/// Plays `state` to its end, chance sampled with `rng`, decisions by `policy`, or until the
/// policy stops it ([`RolloutPolicy::stop`]); leaves the returns per seat (or their estimate)
/// in `scratch.returns`.
#[inline]
pub fn rollout<G: Game, P: RolloutPolicy<G> + ?Sized>(
    state: &mut G,
    policy: &P,
    rng: &mut GameRng,
    scratch: &mut Scratch<G>,
) {
    let mut decisions = 0;
    loop {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                let outcome = state.sample_chance(rng, &mut scratch.outcomes);
                state.apply_unchecked(outcome.expect("a chance node has outcomes"));
            }
            ToMove::Player(_) => {
                if policy.stop(state, decisions, &mut scratch.returns) {
                    return;
                }
                policy.play(state, &mut scratch.legal, rng);
                decisions += 1;
            }
        }
    }
    state.returns_into(&mut scratch.returns);
}

/// A running mean and variance: the one kept anywhere in the workspace (the searches' returns,
/// the tournament report's deal means). Plain sums of values and squares: the values lie in
/// 0…1, so the sums lose nothing that matters (Welford's update would buy stability these
/// values do not need), two of them merge by adding, and an addition is the cheapest update a
/// search's back-up can make.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    n: u64,
    sum: f64,
    sum_squares: f64,
}

impl Mean {
    #[inline]
    pub fn add(&mut self, value: f64) {
        self.n += 1;
        self.sum += value;
        self.sum_squares += value * value;
    }

    pub fn merge(&mut self, other: &Mean) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_squares += other.sum_squares;
    }

    /// How many values were added.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean; 0 before any value was added.
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The sample variance (divided by n − 1), once at least two values were added.
    pub fn variance(&self) -> Option<f64> {
        (self.n >= 2).then(|| {
            let n = self.n as f64;
            ((self.sum_squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
        })
    }

    /// The standard error of the mean; 0.5 (as unsure as a value in 0…1 can be) before two
    /// values were added.
    pub fn stderr(&self) -> f64 {
        self.variance()
            .map_or(0.5, |variance| (variance / self.n as f64).sqrt())
    }
}

/// What a search found of one legal action: how many playouts or iterations went through it,
/// the deciding seat's return after it, and with places weighed ([`crate::flat::Goal::Place`])
/// its expected place and the worth the search chose by.
#[derive(Clone, Copy, Debug)]
pub struct Estimate<A> {
    pub action: A,
    pub visits: u64,
    pub win: Mean,
    /// Where the search weighed places, what it found of them.
    pub placed: Option<Placed>,
}

/// What a search that weighs places ([`crate::flat::Goal::Place`]) found of one action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The deciding seat's expected place (1 = first), with three or more seats (heads-up it
    /// says no more than the win chance).
    pub place: Option<f64>,
    /// What the search chose by: the mean of the win chance and the place's share.
    pub worth: f64,
    /// The chance the action ends the game at once with the seat last.
    pub ends: f64,
}

impl<A> Estimate<A> {
    /// An action judged by its win chance alone.
    pub fn of_wins(action: A, visits: u64, win: Mean) -> Self {
        Self {
            action,
            visits,
            win,
            placed: None,
        }
    }

    /// What the search chose by: its worth where it weighed places, else its win chance.
    fn worth(&self) -> f64 {
        self.placed.map_or(self.win.mean(), |placed| placed.worth)
    }
}

/// `seat`'s competition place in a finished game (1 = first; tied seats share the better
/// place), by the rank keys the outcome ranks by; `None` before the end.
pub fn place_of<G: Game>(state: &G, seat: usize) -> Option<f64> {
    if !state.is_terminal() {
        return None;
    }
    let own = state.rank_key(seat);
    let above = (0..state.num_players())
        .filter(|&other| state.rank_key(other) > own)
        .count();
    Some((1 + above) as f64)
}

/// The `info` a search reports: per action its visits and estimated win chance with its
/// standard error (and its expected place, where the search weighed places), the chosen action
/// first, then the most visited.
pub fn decision_info<A: std::fmt::Display>(
    mut estimates: Vec<Estimate<A>>,
    chosen: usize,
    note: Option<String>,
) -> DecisionInfo {
    let win = estimates.get(chosen).map(|e| e.win.mean());
    let visits = estimates.iter().map(|e| e.visits).sum();
    // The choice first (a search may keep a move whose estimate trails another's by less than
    // its noise), then by visits and estimate.
    let choice = (chosen < estimates.len()).then(|| estimates.remove(chosen));
    estimates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.worth().total_cmp(&a.worth()))
    });
    estimates.splice(0..0, choice);
    DecisionInfo {
        win,
        visits: Some(visits),
        note,
        actions: estimates
            .into_iter()
            .map(|estimate| ActionEstimate {
                action: estimate.action.to_string(),
                visits: estimate.visits,
                win: estimate.win.mean(),
                stderr: Some(estimate.win.stderr()),
                place: estimate.placed.and_then(|placed| placed.place),
                value: estimate.placed.map(|placed| placed.worth),
                ends: estimate.placed.map(|placed| placed.ends),
            })
            .collect(),
        extra: serde_json::Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tighter_limit_wins() {
        let start = Instant::now();
        let own = Effort::iterations(500);
        let limits = own.limits(
            Budget {
                deadline: None,
                iterations: Some(200),
            },
            start,
        );
        assert_eq!(limits.iterations, Some(200));
        assert_eq!(limits.deadline, None);
        let limits = Effort::time(Duration::from_millis(50)).limits(Budget::UNLIMITED, start);
        assert_eq!(limits.iterations, None);
        assert_eq!(limits.deadline, Some(start + Duration::from_millis(50)));
        let limits = Effort {
            iterations: None,
            time: None,
        }
        .limits(Budget::UNLIMITED, start);
        assert_eq!(limits.iterations, Some(DEFAULT_ITERATIONS));
    }

    #[test]
    fn iterations_split_exactly_over_workers() {
        let limits = Limits {
            iterations: Some(10),
            deadline: None,
        };
        let shares: Vec<u64> = (0..3)
            .map(|p| limits.share(p, 3).iterations.unwrap())
            .collect();
        assert_eq!(shares, vec![4, 3, 3]);
        assert!(!limits.go_on(10));
        assert!(limits.go_on(9));
    }

    #[test]
    fn means_and_standard_errors() {
        let mut mean = Mean::default();
        for v in [1.0, 0.0, 1.0, 1.0] {
            mean.add(v);
        }
        assert!((mean.mean() - 0.75).abs() < 1e-12);
        // Sample variance 0.25, n = 4: stderr = sqrt(0.25 / 4) = 0.25.
        assert!((mean.stderr() - 0.25).abs() < 1e-12);
    }

    #[test]
    fn the_choice_is_reported_first_then_the_most_visited() {
        let mean = |values: &[f64]| {
            let mut mean = Mean::default();
            for &v in values {
                mean.add(v);
            }
            mean
        };
        let estimates = vec![
            Estimate::of_wins("a", 2, mean(&[0.0, 1.0])),
            Estimate::of_wins("b", 4, mean(&[1.0, 1.0, 1.0, 0.0])),
            Estimate::of_wins("c", 3, mean(&[1.0, 0.0, 0.0])),
        ];
        let info = decision_info(estimates.clone(), 2, None);
        let order: Vec<&str> = info.actions.iter().map(|a| a.action.as_str()).collect();
        assert_eq!(order, ["c", "b", "a"]);
        assert_eq!(info.win, Some(1.0 / 3.0));
        assert_eq!(info.visits, Some(9));
        let info = decision_info(estimates, 1, None);
        let order: Vec<&str> = info.actions.iter().map(|a| a.action.as_str()).collect();
        assert_eq!(order, ["b", "c", "a"]);
    }
}
