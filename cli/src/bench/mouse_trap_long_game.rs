//! `mousehole bench --long-game`: nothing a person waits on grows with the game's length. A
//! Mouse Trap game of 4,000 turns (its trap never catches, so it runs to its turn limit),
//! bots only and no pauses, played in the TUI's session with its transcript kept at `--out`,
//! and as `play --out` plays it with a person at seat 0 (the game so far saved before each of
//! that seat's decisions, as before a person's; here a bot answers at once). The time per turn
//! of the first 500 turns and of the last 500 should be the same.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use mousehole_bots::{ProgramOptions, SeatLabel, build_seat};
use mousehole_engine::games::mouse_trap::MouseTrap;
use mousehole_engine::replay::{Chance, Replay};
use mousehole_engine::{
    Decision, DecisionView, Ending, Game, GameConfig, GameSpec, Match, Seat, StopRequest, Table,
    Transcript,
};

use crate::out::OutFile;
use crate::play::PlayTable;
use crate::signals::StopSignals;

/// The long game.
const OPTIONS: &str = "players=3,trap_reliability=0,max_turns=4000";
const SEATS: &str = "heuristic,heuristic,heuristic";
/// Turns timed at the start and at the end.
const WINDOW: usize = 500;
/// Games played each way: each window's figure is its best (a turn's time is small enough
/// for a busy machine's pauses to show in one game's figures).
const ROUNDS: usize = 5;

/// Plays the long game both ways and prints the figures.
pub fn run(out: &mut impl Write) -> Result<()> {
    let name = <<MouseTrap as Game>::Config as GameConfig>::description().name;
    let spec: GameSpec = format!("{name}:{OPTIONS}").parse()?;
    let seats = SeatLabel::parse_list(SEATS)?;
    let dir = std::env::temp_dir().join(format!("mousehole-long-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    writeln!(
        out,
        "a long game ({spec}, {SEATS}), time per turn, first {WINDOW} turns vs last {WINDOW} (release build recommended):"
    )?;
    let measured = (|| -> Result<()> {
        let mut tui = Vec::new();
        let mut play = Vec::new();
        for _ in 0..ROUNDS {
            let (times, transcript) = mousehole_tui::bench::long_game(
                spec.clone(),
                seats.clone(),
                1,
                Some(dir.join("tui.json")),
            )?;
            tui.push(Windows::of(&times, &transcript)?);
            let (times, transcript) = play_out(&spec, &seats, &dir.join("play.json"))?;
            play.push(Windows::of(&times, &transcript)?);
        }
        writeln!(out, "  {}", Windows::best(&tui).line("tui session, --out"))?;
        let play = Windows::best(&play).line("play --out (seat 0 waited on)");
        writeln!(out, "  {play}")?;
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&dir);
    measured
}

/// A bot at a seat the driver treats as a person's: the game is saved before each of its
/// decisions, as before a person's wait.
struct AsIfWaited(Box<dyn Seat<MouseTrap> + Send>);

impl Seat<MouseTrap> for AsIfWaited {
    fn start(&mut self, seat: usize, config: &<MouseTrap as Game>::Config, agent_seed: u64) {
        self.0.start(seat, config, agent_seed);
    }

    fn decide(
        &mut self,
        view: &DecisionView<'_, MouseTrap>,
    ) -> Result<Decision<<MouseTrap as Game>::Action>, StopRequest> {
        self.0.decide(view)
    }

    fn may_wait(&self) -> bool {
        true
    }

    fn finish(&mut self, ending: &Ending<'_, <MouseTrap as Game>::EventView>) {
        self.0.finish(ending);
    }
}

/// Times each event recorded, around `play`'s table.
struct Timed<'a> {
    table: PlayTable<'a>,
    start: Instant,
    times: Vec<Duration>,
}

impl Table<MouseTrap> for Timed<'_> {
    type Error = anyhow::Error;

    fn before_wait(&mut self, game: &Match<MouseTrap>, seat: usize) -> Result<()> {
        self.table.before_wait(game, seat)
    }

    fn recorded(&mut self, game: &Match<MouseTrap>) -> Result<()> {
        self.table.recorded(game)?;
        self.times.push(self.start.elapsed());
        Ok(())
    }
}

/// Plays the long game as `play --out FILE.json` does with a person at seat 0.
fn play_out(
    spec: &GameSpec,
    labels: &[SeatLabel],
    path: &Path,
) -> Result<(Vec<Duration>, Transcript)> {
    let config = spec.config::<MouseTrap>()?;
    let mut seats = Vec::with_capacity(labels.len());
    for label in labels {
        let seat = build_seat::<MouseTrap>(label, &ProgramOptions::default())?
            .expect("the long game's seats are bots")
            .seat;
        seats.push(AsIfWaited(seat));
    }
    let names: Vec<String> = labels.iter().map(ToString::to_string).collect();
    let start = Instant::now();
    let mut file = OutFile::open(path, 1, true)?;
    let mut game = Match::<MouseTrap>::new(&config, 1);
    // As when a person plays: their views are shown.
    game.record_views(true);
    let signals = StopSignals::cooperate()?;
    let mut table = Timed {
        table: PlayTable {
            signals: &signals,
            out: Some(&mut file),
            labels: &names,
            seats: labels,
            terminal: None,
            live: None,
        },
        start,
        times: Vec::new(),
    };
    game.drive(&mut seats, &mut table)?;
    let times = table.times;
    file.save_finished(&game, &names)?;
    Ok((times, Transcript::from_match(&game, names)))
}

/// One game's time per turn over its first and its last turns.
#[derive(Clone, Copy, Debug)]
struct Windows {
    turns: usize,
    events: usize,
    /// Milliseconds per turn.
    first: f64,
    last: f64,
    whole: Duration,
}

impl Windows {
    /// The figures of the game `transcript` records, `times` saying when each of its events
    /// was recorded.
    fn of(times: &[Duration], transcript: &Transcript) -> Result<Self> {
        let mut replay = Replay::<MouseTrap>::new(transcript, Chance::Recorded)?;
        // When each turn had been played, from the start.
        let mut by_turn = vec![Duration::ZERO];
        while replay.step()? {
            if replay.game().state().turns_played() as usize >= by_turn.len() {
                by_turn.push(times[replay.applied() - 1]);
            }
        }
        let turns = by_turn.len() - 1;
        anyhow::ensure!(turns >= 2 * WINDOW, "the game lasted only {turns} turns");
        let ms = |from: usize, to: usize| {
            by_turn[to].saturating_sub(by_turn[from]).as_secs_f64() * 1e3 / (to - from) as f64
        };
        Ok(Self {
            turns,
            events: transcript.events.len(),
            first: ms(0, WINDOW),
            last: ms(turns - WINDOW, turns),
            whole: by_turn[turns],
        })
    }

    /// Each figure's best over several games.
    fn best(games: &[Windows]) -> Windows {
        games
            .iter()
            .copied()
            .reduce(|best, game| Windows {
                first: best.first.min(game.first),
                last: best.last.min(game.last),
                whole: best.whole.min(game.whole),
                ..best
            })
            .expect("some games were played")
    }

    fn line(&self, what: &str) -> String {
        format!(
            "{what:<30} {} turns, {} events: first {WINDOW} turns {:.4} ms/turn, last {WINDOW} {:.4} ms/turn, ratio {:.2} (whole game {:.3} s; best of {ROUNDS})",
            self.turns,
            self.events,
            self.first,
            self.last,
            self.last / self.first,
            self.whole.as_secs_f64()
        )
    }
}
