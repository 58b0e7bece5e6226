//! What the benchmark (`mousehole bench --long-game`) times of the TUI: a long game played in
//! its session, bots only and no pace, its transcript kept at `--out`, as a person's screen
//! would play it: nothing done per event may grow with the game.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mousehole_bots::SeatLabel;
use mousehole_engine::{GameSpec, Transcript};

use crate::TuiError;
use crate::session::{self, GamePlan, Phase};
use crate::worker::Thinking;

/// Plays `spec` with `seats` (bots) and `seed` in a TUI session, the bots thinking inline and
/// no pace, keeping the transcript at `out` as the TUI does; returns, per event, the time from
/// the start until the session had recorded it, and the transcript.
///
/// # Errors
/// A game the TUI cannot start.
pub fn long_game(
    spec: GameSpec,
    seats: Vec<SeatLabel>,
    seed: u64,
    out: Option<PathBuf>,
) -> Result<(Vec<Duration>, Transcript), TuiError> {
    let mut plan = GamePlan::new(spec, seats, seed);
    plan.out = out;
    let start = Instant::now();
    let mut session = session::start(plan, Thinking::Inline)?;
    let mut clock = start;
    let mut times = Vec::new();
    loop {
        clock += Duration::from_secs(1);
        session.tick(clock, Duration::ZERO, true);
        let events = session.view().events;
        times.resize(events, start.elapsed());
        if session.view().phase == Phase::Over {
            break;
        }
    }
    Ok((times, session.transcript()))
}
