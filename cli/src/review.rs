//! `mousehole review FILE`: the coach's review of a recorded game in the terminal UI — each of
//! one person's decisions searched again from what they could see, marked by the win chance
//! it gave away, with the better move; Enter opens the position in the replay viewer.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use mousehole_bots::AgentSpec;
use mousehole_tui::Launch;
use mousehole_tui::review::REVIEW_AGENT;

use crate::numbers;
use crate::out::shown_path;

#[derive(Debug, Args)]
#[command(after_help = format!("\
The review needs a terminal; `mousehole analyze FILE --seat S` prints the same verdicts as text. \
The default agent is {REVIEW_AGENT}: deterministic, the same file gives the same review."))]
pub struct ReviewArgs {
    /// A full transcript (FILE.json), such as a game kept by the terminal UI.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The seat whose decisions are reviewed (default: the first seat a person played).
    #[arg(long, value_name = "S", value_parser = numbers::seat, allow_negative_numbers = true)]
    pub seat: Option<usize>,
    /// The searching agent: an `ismcts:` or `mc:` spec, or a level (`hard`).
    #[arg(long, value_name = "SPEC", default_value = REVIEW_AGENT)]
    pub agent: String,
}

pub fn run(args: &ReviewArgs) -> Result<ExitCode> {
    let agent: AgentSpec = args
        .agent
        .parse()
        .with_context(|| format!("--agent {}", mousehole_engine::text::shown(&args.agent)))?;
    let transcript = mousehole_tui::read_transcript(&args.file)
        .with_context(|| format!("cannot review {}", shown_path(&args.file)))?;
    if let Some(seat) = args.seat
        && seat >= transcript.seats.len()
    {
        anyhow::bail!(
            "--seat {seat}: {} has seats 0 to {}",
            shown_path(&args.file),
            transcript.seats.len().saturating_sub(1)
        );
    }
    crate::tui::run_launch(Launch::Review {
        transcript: Box::new(transcript),
        seat: args.seat,
        agent: Some(agent),
    })
}
