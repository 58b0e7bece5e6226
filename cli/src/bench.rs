//! `mousehole bench`: random full games per second on one core — the engine's one random
//! playout (`mousehole_engine::playout`: the same games the harness and the statistics tests
//! play, played without recording them, as search playouts do) — and ISMCTS iterations and
//! flat Monte Carlo playouts per second at a mid-game decision. With `--external COMMAND`: what the host adds to each
//! decision of an external program instead; with `--remote`, to each decision of a remote
//! seat over loopback (and whether hosting game after game grows threads or memory); with
//! `--long-game`, whether the time per turn of a long game grows in the TUI and `play --out`.

mod mouse_trap_long_game;

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
    /// Instead: host games in a row on 127.0.0.1, every seat remote and played by a random
    /// agent joined from this process, and report the round trip of each remote decision
    /// (median, p99) and the threads and memory after each game.
    #[arg(long, conflicts_with_all = ["count", "external"])]
    pub remote: bool,
    /// With --remote: how many games to host, one after another (at least 1).
    #[arg(long, value_name = "N", default_value = "50", value_parser = numbers::count, requires = "remote")]
    pub hosted_games: u64,
    /// With --external: how many of the program's decisions to time, per game (at least 1).
    #[arg(long, value_name = "N", default_value = "2000", value_parser = numbers::count, requires = "external", allow_negative_numbers = true)]
    pub decisions: u64,
    /// Instead: a Mouse Trap game of 4,000 turns, bots only and no pauses, played in the
    /// TUI's session and as `play --out` plays it (saved before each decision of seat 0, as
    /// before a person's): the time per turn of the first 500 turns and of the last 500.
    #[arg(long, conflicts_with_all = ["count", "external", "remote"])]
    pub long_game: bool,
}

fn seconds(text: &str) -> Result<f64, String> {
    numbers::seconds(text, &SECONDS)
}

pub fn run(args: &BenchArgs) -> Result<()> {
    let names: Vec<String> = if args.games.is_empty() {
        games()
            .iter()
            .map(|description| description.name.to_owned())
            .collect()
    } else {
        args.games.clone()
    };
    let specs = names
        .iter()
        .map(|name| game_spec(name, args.players, &[]))
        .collect::<Result<Vec<_>>>()?;
    let mut out = std::io::stdout().lock();
    if args.long_game {
        return mouse_trap_long_game::run(&mut out);
    }
    if args.remote {
        writeln!(
            out,
            "remote decisions over 127.0.0.1, {} hosted games in a row per game (release build recommended):",
            args.hosted_games
        )?;
        for spec in specs {
            let games = usize::try_from(args.hosted_games).unwrap_or(usize::MAX);
            let measured = mousehole_bots::visit(&spec, MeasureRemote { games })??;
            writeln!(out, "  {measured}")?;
        }
        return Ok(());
    }
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
            G::Config::description().name,
            games as f64 / seconds,
            seconds * 1e6 / games as f64,
            events as f64 / games as f64,
            events as f64 / seconds / 1e6,
            games as f64 / wall,
            seconds
        )
    }
}

/// ISMCTS iterations and flat Monte Carlo playouts per second at a mid-game decision.
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
            &mousehole_bots::HeuristicRollout::TO_THE_END,
            exploration,
            1000,
            self.duration,
        );
        let flat = mousehole_bots::bench::flat_rate::<G, _>(
            &config,
            &mousehole_bots::HeuristicRollout::TO_THE_END,
            1000,
            self.duration,
        );
        format!(
            "{:<12} ismcts at a mid-game decision: {:>9.0} iterations/s per core with random rollouts, {:>9.0} with heuristic rollouts; flat monte carlo (hard, expert) {:>9.0} playouts/s with heuristic rollouts",
            G::Config::description().name,
            random.per_second(),
            heuristic.per_second(),
            flat.per_second()
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
            G::Config::description().name,
            config.players(),
            ms(&measured.overhead_us, 0.5),
            ms(&measured.overhead_us, 0.9),
            ms(&measured.round_trip_us, 0.5),
            ms(&measured.program_us, 0.5),
            measured.decisions()
        ))
    }
}

/// What hosting adds to each remote decision, and what hosting game after game holds on to.
struct MeasureRemote {
    games: usize,
}

impl mousehole_bots::BotVisitor for MeasureRemote {
    type Output = Result<String>;

    fn visit<G: mousehole_bots::BotGame>(self, config: G::Config) -> Result<String> {
        let measured = mousehole_net::bench::remote_round_trips::<G>(&config, self.games)?;
        let ms = |q: f64| measured.round_trip_quantile(q) / 1e3;
        let at = |values: &[Option<String>]| -> String {
            let last = values.len().saturating_sub(1);
            [0, values.len() / 2, last]
                .iter()
                .map(|&i| {
                    values
                        .get(i)
                        .cloned()
                        .flatten()
                        .unwrap_or_else(|| "?".into())
                })
                .collect::<Vec<_>>()
                .join(" / ")
        };
        let threads: Vec<Option<String>> = measured
            .threads
            .iter()
            .map(|t| t.map(|t| t.to_string()))
            .collect();
        let memory: Vec<Option<String>> = measured
            .memory_kib
            .iter()
            .map(|m| m.map(|m| format!("{:.1} MiB", m as f64 / 1024.0)))
            .collect();
        Ok(format!(
            "{:<12} players={}: round trip per remote decision median {:.3} ms, p99 {:.3} ms ({} decisions); after the first, middle and last game: threads {}, memory {}",
            G::Config::description().name,
            config.players(),
            ms(0.5),
            ms(0.99),
            measured.round_trip_us.len(),
            at(&threads),
            at(&memory)
        ))
    }
}
