//! `mousehole bench`: random full games per second on one core — the engine's one random
//! playout (`mousehole_engine::playout`: the same games the harness and the statistics tests
//! play, played without recording them, as search playouts do) — and ISMCTS iterations per
//! second at a mid-game decision. With `--external COMMAND`: what the host adds to each
//! decision of an external program instead.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Args;
use mousehole_bots::ExternalCommand;
use mousehole_bots::bench::{ExternalOverhead, external_overhead};
use mousehole_engine::playout::RandomGames;
use mousehole_engine::registry::games;
use mousehole_engine::{Game, GameConfig, GameVisitor};

use crate::numbers;
use crate::spec::game_spec;

/// Shortest and longest measuring time per game: below the minimum the figure is mostly
/// timer and start-up noise.
const SECONDS: std::ops::RangeInclusive<f64> = 0.1..=86_400.0;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Games to measure (default: all, at their default player counts).
    pub games: Vec<String>,
    /// Number of players (overrides the spec).
    #[arg(long, short, value_name = "N", value_parser = numbers::players, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// Seconds to measure each game (0.1 to 86400).
    #[arg(long, default_value = "3", value_parser = seconds, allow_negative_numbers = true)]
    pub seconds: f64,
    /// Play exactly this many games per game instead of timing (for profilers; at least 1).
    #[arg(long, value_name = "N", value_parser = numbers::count, allow_negative_numbers = true)]
    pub count: Option<u64>,
    /// Instead: time the decisions of this external program (a command line, as after `exec:`)
    /// and report the host's overhead per decision, the round trip minus the time the program
    /// reports in `"info": {"bot_ns": …}` (examples/python/echo_bot.py does).
    #[arg(long, value_name = "COMMAND", conflicts_with = "count")]
    pub external: Option<String>,
    /// With --external: how many of the program's decisions to time, per game (at least 1).
    #[arg(long, value_name = "N", default_value = "2000", value_parser = numbers::count, requires = "external", allow_negative_numbers = true)]
    pub decisions: u64,
}

fn seconds(text: &str) -> Result<f64, String> {
    numbers::seconds(text, &SECONDS)
}

pub fn run(args: &BenchArgs) -> Result<()> {
    let names: Vec<String> = if args.games.is_empty() {
        games().iter().map(|info| info.name.to_owned()).collect()
    } else {
        args.games.clone()
    };
    let specs = names
        .iter()
        .map(|name| game_spec(name, args.players, &[]))
        .collect::<Result<Vec<_>>>()?;
    let mut out = std::io::stdout().lock();
    if let Some(command) = &args.external {
        let command = ExternalCommand::parse(command)?;
        command.check()?;
        writeln!(
            out,
            "the host's time per decision of exec:{} ({} decisions per game; release build recommended):",
            command.text(),
            args.decisions
        )?;
        for spec in specs {
            let measured = mousehole_bots::visit(
                &spec,
                MeasureExternal {
                    command: &command,
                    decisions: args.decisions as usize,
                },
            )??;
            writeln!(out, "  {measured}")?;
        }
        return Ok(());
    }
    match args.count {
        Some(count) => writeln!(
            out,
            "random full games on one thread, {count} each (release build recommended):"
        )?,
        None => writeln!(
            out,
            "random full games on one thread, {} s each (release build recommended):",
            args.seconds
        )?,
    }
    for spec in specs {
        let measured = spec.visit(Measure {
            duration: Duration::from_secs_f64(args.seconds),
            count: args.count,
        })?;
        writeln!(out, "  {measured}")?;
        if args.count.is_none() {
            let searched = mousehole_bots::visit(
                &spec,
                MeasureSearch {
                    duration: Duration::from_secs_f64(args.seconds),
                },
            )?;
            writeln!(out, "  {searched}")?;
        }
    }
    Ok(())
}

struct Measure {
    duration: Duration,
    count: Option<u64>,
}

impl GameVisitor for Measure {
    type Output = String;

    fn visit<G: Game>(self, config: G::Config) -> String {
        let players = config.players();
        let mut random = RandomGames::<G>::new(&config);
        let (mut games, mut events) = (0_u64, 0_u64);
        let start = Instant::now();
        let cpu_start = cpu_time::ThreadTime::now();
        // Check the clock every batch so timing does not dominate short games. A count is
        // at least 1 (checked when parsed), so the loop ends.
        let batch = self.count.unwrap_or(256).max(1);
        while games == 0 || (self.count.is_none() && start.elapsed() < self.duration) {
            for _ in 0..batch {
                events += random.play_unrecorded(games).1 as u64;
                games += 1;
            }
        }
        // CPU time of this thread: the figure for one core even when the machine is busy.
        let seconds = cpu_start.elapsed().as_secs_f64().max(1e-9);
        let wall = start.elapsed().as_secs_f64();
        format!(
            "{:<12} players={players}: {:>9.0} games/s per core  ({:.2} µs/game, {:.1} events/game, {:.1} M events/s; {:.0} games/s wall clock; {games} games in {:.3} s)",
            G::info().name,
            games as f64 / seconds,
            seconds * 1e6 / games as f64,
            events as f64 / games as f64,
            events as f64 / seconds / 1e6,
            games as f64 / wall,
            seconds
        )
    }
}

/// ISMCTS iterations per second at a mid-game decision.
struct MeasureSearch {
    duration: Duration,
}

impl mousehole_bots::BotVisitor for MeasureSearch {
    type Output = String;

    fn visit<G: mousehole_bots::BotGame>(self, config: G::Config) -> String {
        let exploration = mousehole_bots::ismcts::IsmctsSettings::default().exploration;
        let random = mousehole_bots::bench::ismcts_rate::<G, _>(
            &config,
            &mousehole_bots::search::RandomRollout,
            exploration,
            1000,
            self.duration,
        );
        let heuristic = mousehole_bots::bench::ismcts_rate::<G, _>(
            &config,
            &mousehole_bots::HeuristicRollout,
            exploration,
            1000,
            self.duration,
        );
        format!(
            "{:<12} ismcts at a mid-game decision: {:>9.0} iterations/s per core with random rollouts, {:>9.0} with heuristic rollouts",
            G::info().name,
            random.per_second(),
            heuristic.per_second()
        )
    }
}

/// The host's overhead per decision of an external program.
struct MeasureExternal<'a> {
    command: &'a ExternalCommand,
    decisions: usize,
}

impl mousehole_bots::BotVisitor for MeasureExternal<'_> {
    type Output = Result<String>;

    fn visit<G: mousehole_bots::BotGame>(self, config: G::Config) -> Result<String> {
        let measured = external_overhead::<G>(&config, self.command, self.decisions)?;
        let ms = |values: &[f64], q: f64| ExternalOverhead::quantile(values, q) / 1e3;
        Ok(format!(
            "{:<12} players={}: host overhead median {:.3} ms per decision (p90 {:.3} ms); round trip median {:.3} ms, the program's own time median {:.3} ms; {} decisions",
            G::info().name,
            config.players(),
            ms(&measured.overhead_us, 0.5),
            ms(&measured.overhead_us, 0.9),
            ms(&measured.round_trip_us, 0.5),
            ms(&measured.program_us, 0.5),
            measured.decisions()
        ))
    }
}
