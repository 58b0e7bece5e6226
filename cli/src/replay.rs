//! `mousehole replay`: checks transcript files against the rules, a line per transcript.
//! JSON-lines files are read a line at a time, so a file of any size is checked in constant
//! memory and each line is reported as soon as it is checked.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use mousehole_bots::{TranscriptProblem, check_transcript};
use mousehole_engine::transcript::ReadError;
use mousehole_engine::words::io_error;
use mousehole_engine::{ReplayError, Transcript};

use crate::out::shown_path;
use crate::{EXIT_FOUND_PROBLEMS, EXIT_USAGE};

#[derive(Debug, Args)]
#[command(after_help = "\
Exit status: 0 when every transcript replays and is valid; 1 when one is invalid, or is a seat's view (which cannot be replayed), or no transcript was found; 2 when a file cannot be read (the other files are still checked).")]
pub struct ReplayArgs {
    /// Transcript files: FILE.json (one transcript) or FILE.jsonl (one per line); `-` reads
    /// JSON lines from standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Also print each transcript in readable form.
    #[arg(long)]
    pub show: bool,
}

/// What the files held, for the summary and the exit status.
#[derive(Debug, Default)]
struct Tally {
    /// Full transcripts (and texts that are not transcripts at all), checked.
    transcripts: usize,
    valid: usize,
    views: usize,
    unreadable: usize,
}

pub fn run(args: &ReplayArgs) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut tally = Tally::default();
    for path in &args.files {
        check_file(path, args.show, &mut out, &mut tally)?;
    }
    let mut parts = Vec::new();
    if tally.transcripts > 1 || (tally.transcripts > 0 && tally.unreadable + tally.views > 0) {
        parts.push(format!(
            "{} of {} transcripts valid",
            tally.valid, tally.transcripts
        ));
    }
    if tally.views > 0 && tally.transcripts + tally.views > 1 {
        parts.push(format!(
            "{} seat view{} not checked",
            tally.views,
            if tally.views == 1 { "" } else { "s" }
        ));
    }
    if tally.unreadable > 0 && args.files.len() > 1 {
        parts.push(format!(
            "{} of {} files could not be read",
            tally.unreadable,
            args.files.len()
        ));
    }
    if tally.transcripts + tally.views == 0 && tally.unreadable == 0 {
        parts.push("no transcripts found".to_owned());
    }
    if !parts.is_empty() {
        writeln!(out, "{}", parts.join("; "))?;
    }
    Ok(if tally.unreadable > 0 {
        ExitCode::from(EXIT_USAGE)
    } else if tally.views > 0 || tally.transcripts == 0 || tally.valid < tally.transcripts {
        ExitCode::from(EXIT_FOUND_PROBLEMS)
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether a path is read as JSON lines (by its name: `.jsonl`, or `-` for standard input).
fn is_lines(path: &Path) -> bool {
    path == Path::new("-") || path.extension().is_some_and(|e| e == "jsonl")
}

fn check_file(path: &Path, show: bool, out: &mut impl Write, tally: &mut Tally) -> Result<()> {
    let name = if path == Path::new("-") {
        "standard input".to_owned()
    } else {
        shown_path(path)
    };
    if is_lines(path) {
        let reader: Box<dyn BufRead> = if path == Path::new("-") {
            Box::new(io::stdin().lock())
        } else {
            match File::open(path) {
                Ok(file) => Box::new(BufReader::with_capacity(1 << 16, file)),
                Err(error) => return unreadable(&name, &error, out, tally),
            }
        };
        for (line, parsed) in Transcript::read_json_lines(reader) {
            if let Err(ReadError::Io(error)) = &parsed {
                tally.unreadable += 1;
                writeln!(out, "{name}:{line}: cannot read: {error}")?;
                break;
            }
            check_one(&format!("{name}:{line}"), parsed, show, out, tally)?;
        }
        return Ok(());
    }
    let mut bytes = Vec::new();
    if let Err(error) = File::open(path).and_then(|mut file| file.read_to_end(&mut bytes)) {
        return unreadable(&name, &error, out, tally);
    }
    check_one(&name, Transcript::from_json_bytes(&bytes), show, out, tally)
}

fn unreadable(
    name: &str,
    error: &io::Error,
    out: &mut impl Write,
    tally: &mut Tally,
) -> Result<()> {
    tally.unreadable += 1;
    writeln!(out, "{name}: cannot read: {}", io_error(error))?;
    Ok(())
}

fn check_one(
    label: &str,
    parsed: Result<Transcript, ReadError>,
    show: bool,
    out: &mut impl Write,
    tally: &mut Tally,
) -> Result<()> {
    tally.transcripts += 1;
    let transcript = match parsed {
        Ok(transcript) => transcript,
        Err(error) => {
            writeln!(out, "{label}: INVALID: not a transcript: {error}")?;
            return Ok(());
        }
    };
    match check_transcript(&transcript) {
        Err(TranscriptProblem::Replay(ReplayError::SeatView { seat })) => {
            tally.transcripts -= 1;
            tally.views += 1;
            writeln!(
                out,
                "{label}: not checked: this is seat {seat}'s view of a game (\"view\": {seat}), which shows only what that seat saw and cannot be replayed; replay the full transcript instead"
            )?;
        }
        Ok(report) => {
            tally.valid += 1;
            let result = match &report.outcome {
                Some(outcome) => format!(
                    "ranks {}",
                    outcome
                        .ranks
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                None => match &transcript.stopped {
                    Some(reason) => format!(
                        "unfinished (stopped: {})",
                        mousehole_engine::text::shown(reason)
                    ),
                    None => "unfinished".to_owned(),
                },
            };
            writeln!(
                out,
                "{label}: ok: {} seed {}, {} events, {result}",
                transcript.game, transcript.seed, report.events
            )?;
        }
        Err(error) => {
            writeln!(out, "{label}: INVALID: {error}")?;
        }
    }
    if show {
        writeln!(out, "{}", transcript.to_text())?;
    }
    Ok(())
}
