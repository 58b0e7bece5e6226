//! `mousehole replay`: checks transcript files against the rules, a line per transcript.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use mousehole_engine::Transcript;

use crate::{EXIT_FOUND_PROBLEMS, ReplayArgs};

pub fn run(args: &ReplayArgs) -> Result<ExitCode> {
    // Read every file first: an unreadable file is a usage error, reported before any output.
    let mut files = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        files.push((path, text));
    }
    let mut out = std::io::stdout().lock();
    let mut invalid = 0;
    let mut total = 0;
    for (path, text) in &files {
        for (label, parsed) in transcripts_in(path, text) {
            total += 1;
            match parsed {
                Err(error) => {
                    invalid += 1;
                    writeln!(out, "{label}: INVALID: not a transcript: {error}")?;
                }
                Ok(transcript) => {
                    match transcript.replay() {
                        Ok(report) => {
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
                                None => "unfinished".to_owned(),
                            };
                            writeln!(
                                out,
                                "{label}: ok: {} seed {}, {} events, {result}",
                                transcript.game, transcript.seed, report.events
                            )?;
                        }
                        Err(error) => {
                            invalid += 1;
                            writeln!(out, "{label}: INVALID: {error}")?;
                        }
                    }
                    if args.show {
                        writeln!(out, "{}", transcript.to_text())?;
                    }
                }
            }
        }
    }
    if total > 1 {
        writeln!(out, "{} of {total} transcripts valid", total - invalid)?;
    }
    if total == 0 {
        writeln!(out, "no transcripts found")?;
        return Ok(ExitCode::from(EXIT_FOUND_PROBLEMS));
    }
    Ok(if invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_FOUND_PROBLEMS)
    })
}

/// The transcripts in one file, each labelled `file` or `file:line`.
fn transcripts_in(path: &Path, text: &str) -> Vec<(String, Result<Transcript, String>)> {
    let name = path.display().to_string();
    let lines = path.extension().is_some_and(|e| e == "jsonl");
    if lines {
        Transcript::from_json_lines(text)
            .into_iter()
            .map(|(line, parsed)| (format!("{name}:{line}"), parsed.map_err(|e| e.to_string())))
            .collect()
    } else {
        let several_objects = text.lines().filter(|l| l.starts_with('{')).count() > 1;
        let parsed = Transcript::from_json(text).map_err(|e| {
            if e.is_syntax() && several_objects {
                format!("{e} (it holds several JSON objects: name it .jsonl)")
            } else {
                e.to_string()
            }
        });
        vec![(name, parsed)]
    }
}
