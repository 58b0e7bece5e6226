//! `mousehole view`: a game as one seat saw it. Turns full transcripts into seat-view
//! transcripts (`"view": S`, hidden events redacted as each game's spec says, with the notes
//! the seat was shown), as JSON or readable text.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Args;
use mousehole_bots::check_transcript;
use mousehole_engine::Transcript;
use mousehole_engine::transcript::ReadError;

use crate::EXIT_FOUND_PROBLEMS;
use crate::numbers;
use crate::out::{Format, Replacement, check_writable, shown_path};

#[derive(Debug, Args)]
#[command(after_help = "\
A seat's view carries \"view\": S and cannot be replayed (`mousehole replay` says so); it is for reading, and for agents that learn from what a seat saw.

Exit status: 0 when every view was made; 1 when a transcript could not be turned into one (it is reported and the others are still made); 2 for bad arguments or an unreadable file.")]
pub struct ViewArgs {
    /// A full transcript: FILE.json (one game) or FILE.jsonl (one view per line is made).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The seat whose view to show (seats count from 0).
    #[arg(long, value_name = "S", value_parser = numbers::seat, allow_negative_numbers = true)]
    pub seat: usize,
    /// Write to this file instead of standard output (.json for one game, .jsonl for a
    /// .jsonl input; any name with --text).
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The readable text form instead of JSON.
    #[arg(long)]
    pub text: bool,
}

pub fn run(args: &ViewArgs) -> Result<ExitCode> {
    let input = Format::of(&args.file, "FILE")?;
    if let (Some(out), false) = (&args.out, args.text) {
        let format = Format::of(out, "--out")?;
        if format != input {
            bail!(
                "--out {}: a {} input makes {}; name the output .{}",
                shown_path(out),
                if input == Format::Json {
                    ".json"
                } else {
                    ".jsonl"
                },
                if input == Format::Json {
                    "one view"
                } else {
                    "one view per line"
                },
                if input == Format::Json {
                    "json"
                } else {
                    "jsonl"
                },
            );
        }
    }
    if let Some(out) = &args.out {
        check_writable(out)?;
    }
    let name = shown_path(&args.file);
    let file = File::open(&args.file).with_context(|| format!("cannot read {name}"))?;
    // Views go to the file as they are made, through a temporary file renamed at the end.
    let mut made = args.out.as_deref().map(Replacement::create).transpose()?;
    let mut failed = 0;
    let mut emit = |label: &str, parsed: Result<Transcript, ReadError>| -> Result<()> {
        let view = match parsed {
            Ok(transcript) => seat_view(&transcript, args.seat),
            Err(error) => Err(format!("not a transcript: {error}")),
        };
        let text = match view {
            // Views of several games read as text are set apart by a blank line.
            Ok(view) if args.text && input == Format::Lines => view.to_text() + "\n",
            Ok(view) if args.text => view.to_text(),
            Ok(view) if input == Format::Json => view.to_json_pretty(),
            Ok(view) => view.to_json_line() + "\n",
            Err(error) => {
                failed += 1;
                // Ignored if stderr is gone: the exit status still says a view was not made.
                let _ = writeln!(io::stderr(), "{label}: no view made: {error}");
                return Ok(());
            }
        };
        match made.as_mut() {
            Some(file) => file.write(text.as_bytes())?,
            None => io::stdout().lock().write_all(text.as_bytes())?,
        }
        Ok(())
    };
    match input {
        Format::Json => {
            let mut bytes = Vec::new();
            BufReader::new(file)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {name}"))?;
            emit(&name, Transcript::from_json_bytes(&bytes))?;
        }
        Format::Lines => {
            for (line, parsed) in Transcript::read_json_lines(BufReader::new(file)) {
                if let Err(ReadError::Io(error)) = &parsed {
                    bail!("cannot read {name}: {error}");
                }
                emit(&format!("{name}:{line}"), parsed)?;
            }
        }
    }
    if let Some(file) = made {
        file.commit()?;
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_FOUND_PROBLEMS)
    })
}

/// Seat `seat`'s view of `transcript`, or why there is none: a transcript `replay` refuses
/// has none (it is checked as `replay` checks it, labels and outcome included).
fn seat_view(transcript: &Transcript, seat: usize) -> Result<Transcript, String> {
    let seats = transcript.seats.len();
    if transcript.view.is_none() && seat >= seats {
        return Err(format!(
            "--seat {seat}: this {} game has seats 0 to {}",
            mousehole_engine::text::shown(&transcript.game),
            seats.saturating_sub(1)
        ));
    }
    check_transcript(transcript).map_err(|e| format!("INVALID: {e}"))?;
    transcript.seat_view(seat).map_err(|e| e.to_string())
}
