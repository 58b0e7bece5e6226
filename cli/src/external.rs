//! Seats played by external programs (`exec:COMMAND`, PROTOCOL.md): the flags that set their
//! deadlines and fallback, building them, and the match log they write on stderr (one line per
//! fault, what the program said on stderr, how it ended).

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use mousehole_bots::external::{AgentIdentity, LogEntry};
use mousehole_bots::{ExternalSettings, FallbackSpec, ProgramOptions};

/// How external programs' seats are run.
#[derive(Clone, Debug, Args)]
pub struct ExternalArgs {
    /// For `exec:` seats: the time each decision gives the program (`deadline_ms` of every
    /// act), 1 to 3600000 milliseconds.
    #[arg(long, value_name = "MS", default_value = "5000", value_parser = deadline_ms, allow_negative_numbers = true)]
    pub deadline_ms: u64,
    /// For `exec:` seats: what is allowed past the deadline for process scheduling before an
    /// answer counts as late, 0 to 60000 milliseconds.
    #[arg(long, value_name = "MS", default_value = "250", value_parser = grace_ms, allow_negative_numbers = true)]
    pub grace_ms: u64,
    /// For `exec:` seats: who decides when the program faults (no answer in time, a line that is
    /// not JSON, an illegal action, the program exited, …): `random` (a random legal action
    /// from the seat's own fallback stream), another agent spec, or `forfeit` (the seat loses:
    /// the match ends with it ranked last).
    #[arg(long, value_name = "AGENT|forfeit", default_value = "random", value_parser = fallback)]
    pub fallback: FallbackSpec,
}

fn deadline_ms(text: &str) -> Result<u64, String> {
    milliseconds(text, 1, 3_600_000)
}

fn grace_ms(text: &str) -> Result<u64, String> {
    milliseconds(text, 0, 60_000)
}

fn milliseconds(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let digits = text.trim();
    digits
        .parse::<u64>()
        .ok()
        .filter(|n| digits.bytes().all(|b| b.is_ascii_digit()) && (min..=max).contains(n))
        .ok_or_else(|| format!("expected a whole number of milliseconds from {min} to {max}"))
}

fn fallback(text: &str) -> Result<FallbackSpec, String> {
    text.parse().map_err(|e| format!("{e}"))
}

impl ExternalArgs {
    pub fn settings(&self) -> ExternalSettings {
        ExternalSettings {
            deadline: Duration::from_millis(self.deadline_ms),
            grace: Duration::from_millis(self.grace_ms),
            ..ExternalSettings::default()
        }
    }

    /// How `exec:` seats are run, their log going to stderr (with `quiet`, only what went
    /// wrong).
    pub fn programs(&self, quiet: bool) -> ProgramOptions {
        ProgramOptions {
            settings: self.settings(),
            fallback: self.fallback.clone(),
            log: Some(Arc::new(move || {
                Box::new(move |entry: &LogEntry| log(entry, quiet))
            })),
        }
    }
}

/// One line of the match log on stderr (ignored if stderr is gone: nobody is there to read it).
fn log(entry: &LogEntry, quiet: bool) {
    if !quiet || entry.is_wrong() {
        log_line(&entry.to_string());
    }
}

/// Writes one line of the match log on stderr.
pub fn log_line(line: &str) {
    use std::io::Write;
    // One write, so a line from another thread (a network host's) never lands inside it.
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}

/// How a seat list shows a program that said its name: `exec:… (random-bot 1.0)`.
pub fn with_identity(label: &str, identity: Option<&AgentIdentity>) -> String {
    match identity.and_then(AgentIdentity::get) {
        Some(hello) if hello.name.is_some() || hello.version.is_some() => {
            format!("{label}, which says it is {hello}")
        }
        _ => label.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milliseconds_in_range_only() {
        assert_eq!(deadline_ms("5000"), Ok(5000));
        assert!(deadline_ms("0").is_err());
        assert_eq!(grace_ms("0"), Ok(0));
        assert_eq!(
            grace_ms("60001"),
            Err("expected a whole number of milliseconds from 0 to 60000".to_owned())
        );
        assert!(grace_ms("+5").is_err());
        assert!(fallback("forfeit").is_ok());
        assert!(fallback("robot").unwrap_err().contains("neither `forfeit`"));
    }
}
