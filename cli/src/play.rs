//! `mousehole play`: seats bots and people at one or more games, prints the readable
//! transcript (or a line per game), and writes JSON / JSONL transcripts.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use mousehole_engine::{
    Actor, Event, Game, GameSpec, GameVisitor, Match, MatchEnd, MatchObserver, Seat, Transcript,
};
use rand::RngExt;

use crate::seats::{SeatSpec, parse_seats};
use crate::{EXIT_FOUND_PROBLEMS, PlayArgs};

/// Where transcripts go: one `.json` object, or `.jsonl` lines written as each game ends.
enum OutFile {
    Json(PathBuf),
    Lines(BufWriter<File>, PathBuf),
}

impl OutFile {
    fn open(path: &Path, games: u64) -> Result<Self> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") if games == 1 => {
                // Created now, so a path that cannot be written fails before the game is played.
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
                Ok(OutFile::Json(path.to_owned()))
            }
            Some("json") => bail!(
                "--out {}: a .json file holds one game; use a .jsonl file for {games} games",
                path.display()
            ),
            Some("jsonl") => {
                let file = File::create(path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                Ok(OutFile::Lines(BufWriter::new(file), path.to_owned()))
            }
            _ => bail!(
                "--out {}: the file name must end in .json (one game) or .jsonl (any number of games)",
                path.display()
            ),
        }
    }

    fn write(&mut self, transcript: &Transcript) -> Result<()> {
        match self {
            OutFile::Json(path) => std::fs::write(&*path, transcript.to_json_pretty())
                .with_context(|| format!("cannot write {}", path.display())),
            OutFile::Lines(writer, path) => writeln!(writer, "{}", transcript.to_json_line())
                .and_then(|()| writer.flush())
                .with_context(|| format!("cannot write {}", path.display())),
        }
    }
}

/// Builds the game spec from the positional spec and the `--players` / `--option` flags.
pub fn game_spec(game: &str, players: Option<usize>, options: &[String]) -> Result<GameSpec> {
    let mut spec: GameSpec = game.parse()?;
    if let Some(players) = players {
        spec.set("players", &players.to_string())
            .context("--players")?;
    }
    for option in options {
        let Some((key, value)) = option.split_once('=') else {
            bail!("--option '{option}': write key=value (see `mousehole rules {spec}`)");
        };
        spec.set(key.trim(), value.trim())
            .with_context(|| format!("--option {option}"))?;
    }
    Ok(spec)
}

pub fn run(args: &PlayArgs) -> Result<ExitCode> {
    let spec = game_spec(&args.game, args.players, &args.options)?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let seats = match &args.seats {
        Some(text) => parse_seats(text)?,
        None => Vec::new(),
    };
    let seed = args
        .seed
        .unwrap_or_else(|| rand::rng().random_range(0..1_000_000_000));
    let out = args
        .out
        .as_deref()
        .map(|p| OutFile::open(p, args.games))
        .transpose()?;
    spec.visit(PlayGames {
        args,
        seats,
        seed,
        out,
    })?
}

struct PlayGames<'a> {
    args: &'a PlayArgs,
    seats: Vec<SeatSpec>,
    seed: u64,
    out: Option<OutFile>,
}

impl GameVisitor for PlayGames<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Game>(mut self, config: G::Config) -> Result<ExitCode> {
        use mousehole_engine::GameConfig;
        let players = config.players();
        if self.seats.is_empty() {
            self.seats = vec![SeatSpec::Agent("random".parse()?); players];
        }
        if self.seats.len() != players {
            bail!(
                "{} seats given for a {players}-player game; list one agent spec or `human` per seat, e.g. --seats {}",
                self.seats.len(),
                vec!["random"; players].join(",")
            );
        }
        let mut built: Vec<Box<dyn Seat<G>>> = self
            .seats
            .iter()
            .map(SeatSpec::build::<G>)
            .collect::<Result<_>>()?;
        let labels: Vec<String> = self.seats.iter().map(ToString::to_string).collect();
        let humans = self.seats.iter().any(SeatSpec::is_human);
        let quiet = self.args.quiet;
        let games = self.args.games;
        let mut totals = vec![0.0; players];

        for index in 0..games {
            let seed = self.seed.wrapping_add(index);
            let mut game = Match::<G>::new(&config, seed);
            let mut refs: Vec<&mut dyn Seat<G>> = built
                .iter_mut()
                .map(|s| &mut **s as &mut dyn Seat<G>)
                .collect();
            let mut log = BotMoves {
                seats: &self.seats,
                labels: &labels,
                humans,
                error: None,
            };
            let end = game.run_observed(&mut refs, &mut log);
            let log_error = log.error;
            let mut out = std::io::stdout().lock();
            let mut transcript = Transcript::from_match(&game, labels.clone());
            let stopped = match &end {
                MatchEnd::Finished(_) => None,
                MatchEnd::Stopped { reason, .. } | MatchEnd::Forfeited { reason, .. } => {
                    Some(reason.clone())
                }
                MatchEnd::IllegalChoice { error, .. } => Some(error.to_string()),
            };
            if transcript.stopped.is_none() {
                transcript.stopped.clone_from(&stopped);
            }
            if let Some(file) = self.out.as_mut() {
                file.write(&transcript)?;
            }
            if let Some(error) = log_error {
                return Err(error.into());
            }
            if !quiet {
                if games == 1 || humans {
                    write!(out, "{}", transcript.to_text())?;
                } else {
                    writeln!(out, "{}", summary_line(index + 1, &transcript))?;
                }
            }
            if let Some(reason) = stopped {
                eprintln!(
                    "game {} stopped after {} events: {reason}{}",
                    index + 1,
                    transcript.events.len(),
                    match &self.args.out {
                        Some(path) => format!("; transcript so far written to {}", path.display()),
                        None => String::new(),
                    }
                );
                return Ok(ExitCode::from(EXIT_FOUND_PROBLEMS));
            }
            if let Some(outcome) = &transcript.outcome {
                for (total, r) in totals.iter_mut().zip(&outcome.returns) {
                    *total += r;
                }
            }
        }
        let mut out = std::io::stdout().lock();
        if games > 1 && !quiet {
            writeln!(out, "\nwins over {games} games (shared wins split):")?;
            for (seat, total) in totals.iter().enumerate() {
                writeln!(
                    out,
                    "  seat {seat} ({}): {total:.2} ({:.1}%)",
                    labels[seat],
                    100.0 * total / games as f64
                )?;
            }
        }
        if let (Some(path), false) = (&self.args.out, quiet) {
            writeln!(out, "wrote {}", path.display())?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Shows people the bots' decisions as they happen; chance events may be secret (a card
/// drawn by another seat), so they show only through observations.
struct BotMoves<'a> {
    seats: &'a [SeatSpec],
    labels: &'a [String],
    humans: bool,
    error: Option<std::io::Error>,
}

impl<G: Game> MatchObserver<G> for BotMoves<'_> {
    fn before(&mut self, _state: &G, event: &Event<G::Action>) {
        if let Actor::Seat(seat) = event.actor
            && self.humans
            && !self.seats[seat].is_human()
        {
            let line = writeln!(
                std::io::stdout(),
                "seat {seat} ({}): {}",
                self.labels[seat],
                event.action
            );
            if let Err(error) = line {
                self.error.get_or_insert(error);
            }
        }
    }
}

fn summary_line(number: u64, transcript: &Transcript) -> String {
    let join = |items: Vec<String>| items.join(" ");
    match &transcript.outcome {
        Some(outcome) => format!(
            "game {number} (seed {}): ranks {}, scores {}, {} events",
            transcript.seed,
            join(outcome.ranks.iter().map(ToString::to_string).collect()),
            join(outcome.scores.iter().map(ToString::to_string).collect()),
            transcript.events.len()
        ),
        None => format!(
            "game {number} (seed {}): unfinished after {} events",
            transcript.seed,
            transcript.events.len()
        ),
    }
}
