//! `mousehole analyze`: every decision of a recorded game searched again from the deciding
//! seat's observation, with the moves that gave away win chance marked.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mousehole_bots::AgentSpec;
use mousehole_bots::analysis::{
    AnalysisRequest, BLUNDER, DEFAULT_AGENT, INACCURACY, MISTAKE, analyse,
};
use mousehole_engine::Transcript;

use crate::numbers;
use crate::out::shown_path;

#[derive(Debug, Args)]
#[command(after_help = format!("\
Each decision with a real choice is searched again from what the deciding seat knew then (its observation, never the true state), deterministically: the same transcript and agent give the same analysis. A move that gives away at least {INACCURACY} points of estimated win chance is an inaccuracy, {MISTAKE} a mistake, {BLUNDER} a blunder.

The default agent is {DEFAULT_AGENT}; more iterations give steadier estimates and take longer."))]
pub struct AnalyzeArgs {
    /// A full transcript (FILE.json).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Only this seat's decisions (seats count from 0).
    #[arg(long, value_name = "S", value_parser = numbers::seat, allow_negative_numbers = true)]
    pub seat: Option<usize>,
    /// The searching agent: an `ismcts:` or `mc:` spec, or a level (`hard`); its estimate of
    /// every move is what the verdicts are made of.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_AGENT)]
    pub agent: String,
    /// Print the analysis as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &AnalyzeArgs) -> Result<ExitCode> {
    let agent: AgentSpec = args
        .agent
        .parse()
        .with_context(|| format!("--agent {}", mousehole_engine::text::shown(&args.agent)))?;
    let name = shown_path(&args.file);
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {name}"))?;
    let transcript = Transcript::from_json_bytes(&bytes)
        .with_context(|| format!("{name} is not a transcript"))?;
    let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
        let bar = ProgressBar::new(transcript.events.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("analysing {bar:30} event {pos}/{len}  {eta} left")
                .expect("a valid template"),
        );
        bar
    });
    let progress = |done: usize, _: usize| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
    };
    let analysis = analyse(&AnalysisRequest {
        transcript: &transcript,
        seat: args.seat,
        agent: &agent,
        progress: Some(&progress),
    })
    .with_context(|| format!("{name} cannot be analysed"))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&analysis)?)?;
    } else {
        write!(out, "{}", analysis.to_text())?;
    }
    Ok(ExitCode::SUCCESS)
}
