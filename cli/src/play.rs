//! `mousehole play`: seats bots and people at one or more games. People see every event in
//! their own seat's view as it happens and a banner at the end; bot-only games print the
//! readable transcript (or a line per game). Transcripts go to `--out` as the game goes, and
//! a stop (`quit`, end of input, Ctrl-C, a closed terminal) keeps everything played so far.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use mousehole_bots::external::AgentIdentity;
use mousehole_bots::{BotGame, BotVisitor, SeatLabel, build_seat, seat_names};
use mousehole_engine::naming::{Reader, SeatNames};
use mousehole_engine::{Game, GameConfig, Match, Seat, StopRequest, Table, Transcript};

use crate::EXIT_FOUND_PROBLEMS;
use crate::choices::{WIDTH, wrap};
use crate::external::with_identity;
use crate::human::{
    HumanSeat, TERMINAL_FAILED, Terminal, event_line, place, say, winners_headline,
};
use crate::numbers;
use crate::out::{Format, OutFile, shown_path};
use crate::seats::at_this_terminal;
use crate::signals::StopSignals;
use crate::spec::{TableArgs, seats_fit};

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Number of games, with seeds seed, seed+1, …
    #[arg(long, short = 'n', value_name = "N", default_value = "1", value_parser = numbers::count, allow_negative_numbers = true)]
    pub games: u64,
    /// Write the transcript(s): FILE.json for one game, FILE.jsonl for any number. Saved
    /// whenever a person is to decide, so a stop never loses the game; an existing file is
    /// replaced only by the first real write.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// When people play: also print the full transcript at the end (bot-only games always
    /// print it, unless --quiet or several games).
    #[arg(long)]
    pub show_transcript: bool,
    /// Print nothing but errors (and the prompts of people's seats).
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &PlayArgs) -> Result<ExitCode> {
    let (spec, seats) = args.table.game_and_seats()?;
    at_this_terminal(&seats, "play")?;
    let people = seats.iter().any(SeatLabel::is_human);
    let table = Sitting::new(
        seats,
        args.table.seed(),
        args.out.as_deref(),
        args.games,
        people,
    )?;
    mousehole_bots::visit(&spec, PlayGames { args, table })?
}

/// A table ready to play: who sits where, the seed, the `--out` file, the terminal people's
/// seats read (when anyone sits here), and the stop signals, which wake that terminal's
/// prompt. `play` and `host` seat their tables alike.
pub struct Sitting {
    pub seats: Vec<SeatLabel>,
    pub seed: u64,
    pub out: Option<OutFile>,
    pub terminal: Option<Rc<Terminal>>,
    pub signals: StopSignals,
}

impl Sitting {
    /// Seats `seats` with `seed`, `out` opened for `games` games (saved as they go when
    /// `as_it_goes`).
    pub fn new(
        seats: Vec<SeatLabel>,
        seed: u64,
        out: Option<&std::path::Path>,
        games: u64,
        as_it_goes: bool,
    ) -> Result<Self> {
        let prompt = seats.iter().any(SeatLabel::is_human);
        Self::open(seats, seed, out, (games, as_it_goes), prompt)
    }

    /// As [`Sitting::new`], the people here reading the prompt when `prompt` (else the
    /// terminal UI reads the terminal itself).
    pub fn open(
        seats: Vec<SeatLabel>,
        seed: u64,
        out: Option<&std::path::Path>,
        (games, as_it_goes): (u64, bool),
        prompt: bool,
    ) -> Result<Self> {
        let out = out
            .map(|path| OutFile::open(path, games, as_it_goes))
            .transpose()?;
        let terminal = prompt.then(|| Rc::new(Terminal::start()));
        let signals = StopSignals::watch(terminal.as_ref().map(|t| t.waker()))?;
        Ok(Self {
            seats,
            seed,
            out,
            terminal,
            signals,
        })
    }
}

struct PlayGames<'a> {
    args: &'a PlayArgs,
    table: Sitting,
}

/// How one game went.
struct Played {
    transcript: Transcript,
    /// Why the match stopped before the game's end.
    stopped: Option<String>,
}

impl BotVisitor for PlayGames<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: BotGame>(mut self, config: G::Config) -> Result<ExitCode> {
        let players = config.players();
        if self.table.seats.is_empty() {
            self.table.seats = vec![SeatLabel::Agent("random".parse()?); players];
        }
        seats_fit(G::Config::description(), self.table.seats.len(), players)?;
        let names = Rc::new(seat_names(&self.table.seats, Reader::nobody()));
        let people: Vec<usize> = (0..players)
            .filter(|&seat| self.table.seats[seat].is_human())
            .collect();
        let (mut built, identities) = self.seats::<G>(&names, people.len())?;
        let labels: Vec<String> = self.table.seats.iter().map(ToString::to_string).collect();
        let quiet = self.args.quiet;
        let games = self.args.games;
        let mut totals = vec![0.0; players];

        for index in 0..games {
            let seed = self.table.seed.wrapping_add(index);
            if !people.is_empty() && !quiet {
                say(&[introduction::<G>(
                    &config, seed, &names, &people, index, games,
                )]);
            }
            let live = if quiet || people.len() != 1 {
                None
            } else {
                Some(people[0])
            };
            let played = self.play_one::<G>(&config, seed, &mut built, &labels, &names, live)?;
            let transcript = &played.transcript;
            let printed = self.print_game(transcript, &names, &people, &played, index);
            if let Some(reason) = &played.stopped {
                return Ok(self.stopped(reason, transcript, index, people.is_empty()));
            }
            printed?;
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
                    with_identity(&labels[seat], identities[seat].as_ref()),
                    100.0 * total / games as f64
                )?;
            }
        }
        if let (Some(file), false) = (&self.table.out, quiet) {
            writeln!(out, "wrote {}", shown_path(file.path()))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// A table's seats, and what each program says it is.
type Seated<G> = (Vec<Box<dyn Seat<G>>>, Vec<Option<AgentIdentity>>);

impl PlayGames<'_> {
    /// The seats: bots and programs by the bots' one `build_seat` (with what each program
    /// says it is), people at this terminal's prompt.
    fn seats<G: BotGame>(&self, names: &Rc<SeatNames>, people: usize) -> Result<Seated<G>> {
        let programs = self.args.table.external.programs(self.args.quiet);
        let players = self.table.seats.len();
        let mut built: Vec<Box<dyn Seat<G>>> = Vec::with_capacity(players);
        let mut identities: Vec<Option<AgentIdentity>> = vec![None; players];
        for (seat, label) in self.table.seats.iter().enumerate() {
            if let Some(bot) =
                build_seat::<G>(label, &programs).with_context(|| format!("seat {seat}"))?
            {
                identities[seat] = bot.identity;
                built.push(bot.seat);
            } else {
                let terminal = self
                    .table
                    .terminal
                    .as_ref()
                    .expect("a terminal is started for people's seats");
                built.push(Box::new(HumanSeat::new(
                    Rc::clone(names),
                    Rc::clone(terminal),
                    people > 1,
                )));
            }
        }
        Ok((built, identities))
    }

    /// Game `index` stopped before its end (`reason`): said on stderr when no person read it
    /// in the banner; the exit status, 128+N after signal N.
    fn stopped(
        &self,
        reason: &str,
        transcript: &Transcript,
        index: u64,
        no_people: bool,
    ) -> ExitCode {
        // Written with errors ignored: after a closed terminal there is nobody to tell.
        if no_people || self.args.quiet {
            let _ = writeln!(
                std::io::stderr(),
                "game {} stopped after {} events: {reason}{}",
                index + 1,
                transcript.events.len(),
                match &self.table.out {
                    Some(file) => format!(
                        "; the transcript so far is in {} (`mousehole replay` checks it)",
                        shown_path(file.path())
                    ),
                    None => String::new(),
                }
            );
        }
        let status = self
            .table
            .signals
            .caught()
            .map_or(EXIT_FOUND_PROBLEMS, crate::signals::Signal::exit_status);
        ExitCode::from(status)
    }

    /// What is printed after a game: the banner for people, the transcript or a summary line.
    fn print_game(
        &self,
        transcript: &Transcript,
        names: &SeatNames,
        people: &[usize],
        played: &Played,
        index: u64,
    ) -> std::io::Result<()> {
        if self.args.quiet {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        if !people.is_empty() {
            let banner = banner(
                transcript,
                names,
                people,
                played.stopped.as_deref(),
                self.table.out.as_ref(),
            );
            writeln!(out, "{}", wrap(&banner, WIDTH))?;
        }
        if self.args.show_transcript || (people.is_empty() && self.args.games == 1) {
            write!(out, "{}", transcript.to_text())?;
        } else if people.is_empty() {
            writeln!(out, "{}", summary_line(index + 1, transcript))?;
        }
        Ok(())
    }

    /// Plays one game through the match driver with `play`'s table ([`PlayTable`]).
    fn play_one<G: BotGame>(
        &mut self,
        config: &G::Config,
        seed: u64,
        seats: &mut [Box<dyn Seat<G>>],
        labels: &[String],
        names: &SeatNames,
        live: Option<usize>,
    ) -> Result<Played> {
        let mut game = Match::<G>::new(config, seed);
        // People are shown their views; programs are sent theirs as `events`.
        if self.table.terminal.is_some() || self.table.seats.iter().any(SeatLabel::is_program) {
            game.record_views(true);
        }
        let mut table = PlayTable {
            signals: &self.table.signals,
            out: self.table.out.as_mut(),
            labels,
            seats: &self.table.seats,
            terminal: self.table.terminal.as_deref(),
            live: live.map(|viewer| (viewer, names)),
        };
        game.drive(seats, &mut table)?;
        if let Some((_, reason, _)) = game.ended_early()
            && reason.starts_with(TERMINAL_FAILED)
            // A closed terminal fails reads and writes just before SIGHUP arrives: name the
            // signal if it does.
            && let Some(signal) = self.table.signals.wait(Duration::from_millis(300))
        {
            game.restate_stop(signal.describe());
        }
        if let Some(out) = self.table.out.as_mut() {
            out.save_finished(&game, labels)?;
        }
        let transcript = Transcript::from_match(&game, labels.to_vec());
        Ok(Played {
            stopped: game.ended_early().map(|(_, reason, _)| reason.to_owned()),
            transcript,
        })
    }
}

/// What `play` adds to the match driver: a stop signal stops the game; the game so far is
/// saved to `--out` before a seat that may keep it waiting is asked (a person, or a remote
/// seat: waiting for them may take long, and end in a crash or a closed terminal; bots and
/// chance take no time worth a save, nor does input already typed, a script's); the one
/// person playing sees each event in their view as it happens (`live`).
pub struct PlayTable<'a> {
    pub signals: &'a StopSignals,
    pub out: Option<&'a mut OutFile>,
    pub labels: &'a [String],
    pub seats: &'a [SeatLabel],
    /// The terminal people's seats read.
    pub terminal: Option<&'a Terminal>,
    /// The one person playing, and how the seats are named to them.
    pub live: Option<(usize, &'a SeatNames)>,
}

impl<G: Game> Table<G> for PlayTable<'_> {
    type Error = anyhow::Error;

    fn stop(&mut self, _game: &Match<G>) -> Option<StopRequest> {
        self.signals
            .caught()
            .map(|signal| StopRequest::quit(signal.describe()))
    }

    fn before_wait(&mut self, game: &Match<G>, seat: usize) -> Result<()> {
        let Some(out) = self.out.as_mut() else {
            return Ok(());
        };
        let typed_ahead =
            self.seats[seat].is_human() && self.terminal.is_some_and(Terminal::has_input);
        if typed_ahead {
            return Ok(());
        }
        out.save_progress(game, self.labels)
    }

    fn recorded(&mut self, game: &Match<G>) -> Result<()> {
        if let Some((viewer, names)) = self.live {
            let seen = game.seen(viewer);
            if let Some(event) = seen.last() {
                say(&[event_line(
                    seen.len(),
                    event,
                    &names.read_by(Reader::seat(viewer)),
                )]);
            }
        }
        Ok(())
    }
}

/// What a person reads before a game: which game, who plays where, where help is.
fn introduction<G: Game>(
    config: &G::Config,
    seed: u64,
    names: &SeatNames,
    people: &[usize],
    index: u64,
    games: u64,
) -> String {
    let description = G::Config::description();
    let number = if games > 1 {
        format!("game {} of {games}, ", index + 1)
    } else {
        String::new()
    };
    let seats: Vec<String> = (0..config.players()).map(|s| names.name(s)).collect();
    let you = match people {
        [seat] => format!(" You are {}.", names.full(*seat)),
        _ => String::new(),
    };
    format!(
        "=== {}: {number}{} players, seed {seed} ===\nSeats: {}.{you}\nType `help` at the prompt for how to play, `quit` to stop.",
        description.title,
        config.players(),
        seats.join(", "),
    )
}

/// The end of a game for the people who played it: who won, each person's place, the scores.
fn banner(
    transcript: &Transcript,
    names: &SeatNames,
    people: &[usize],
    stopped: Option<&str>,
    out: Option<&OutFile>,
) -> String {
    let Some(outcome) = &transcript.outcome else {
        // Commands that work as printed: this program by the path it was started by, the
        // file quoted for the shell; one game in a .json file goes on in the TUI.
        let kept = match out {
            Some(file) => {
                let program = mousehole_tui::program();
                let path = shown_path(Path::new(&mousehole_tui::quoted(file.path())));
                let go_on = if file.format() == Format::Json {
                    format!(" `{program} tui --load {path}` goes on with it;")
                } else {
                    String::new()
                };
                format!(
                    "\nThe game so far is saved in {path};{go_on} `{program} replay {path}` checks it."
                )
            }
            None => String::new(),
        };
        return format!(
            "\n=== Game stopped after {} events: {} ==={kept}",
            transcript.events.len(),
            stopped.unwrap_or("unfinished")
        );
    };
    let players = outcome.ranks.len();
    let headline = winners_headline(outcome, names);
    let mut lines = vec![format!("\n=== Game over: {headline} ===")];
    // Why the game ended and the places went as they did, in words (a third trap places its
    // taker last whatever the scores; a tie broken by cheese cards).
    let viewer = (people.len() == 1).then(|| people[0]);
    let ending = mousehole_tui::view::ending_of(transcript, viewer);
    if let Some(ending) = &ending {
        lines.push(format!("How it ended: {}.", ending.reason));
    }
    lines.push("  place  seat                      score".to_owned());
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by_key(|&seat| (outcome.ranks[seat], seat));
    for seat in order {
        let you = if people.len() == 1 && people[0] == seat {
            "  ← you"
        } else {
            ""
        };
        lines.push(format!(
            "  {:>5}  {:<24}  {:>5}{you}",
            outcome.ranks[seat],
            names.name(seat),
            outcome.scores.get(seat).copied().unwrap_or_default()
        ));
    }
    if let Some(tie_break) = ending.as_ref().and_then(|ending| ending.tie_break.as_ref()) {
        lines.push(format!("A tie was broken: {tie_break}."));
    }
    for &seat in people {
        let who = if people.len() == 1 {
            "You".to_owned()
        } else {
            names.name(seat)
        };
        lines.push(format!("{who} placed {}.", place(outcome, seat)));
    }
    lines.join("\n")
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
