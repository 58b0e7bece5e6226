//! How every command ends: its standard output flushed once, here, and any failure told on
//! standard error in people's words. A reader that went away (`mousehole list | head`) ends
//! the program quietly; a full disk or another write failure is an error (status 2). The
//! help, the version and shell completions are written through the same path as the rest.
//!
//! By the crate's convention every file a command opens names itself in the error
//! (`cannot read FILE`), so an I/O error that arrives here with nothing said about it is
//! standard output's.

use std::error::Error;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use mousehole_engine::words::{io_error, json_error};

use crate::EXIT_USAGE;

/// Writes `bytes` to standard output.
pub fn print(bytes: &[u8]) -> io::Result<()> {
    io::stdout().lock().write_all(bytes)
}

/// Writes one line on standard error, ignoring a failure: with standard error gone there is
/// nobody left to tell.
pub fn note(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Ends a command: flushes standard output and turns the result into the exit status,
/// telling any error on standard error.
pub fn finish(result: anyhow::Result<ExitCode>) -> ExitCode {
    let flushed = io::stdout().flush();
    let result = result.and_then(|code| match flushed {
        Ok(()) => Ok(code),
        // The command's own status stands (a game stopped because its player's output went
        // away is still a stopped game): only its last lines went unread.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(code),
        Err(error) => Err(error.into()),
    });
    match result {
        Ok(code) => code,
        Err(error) if reader_gone(&error) => ExitCode::SUCCESS,
        Err(error) => {
            note(&format!("error: {}", explain(&error)));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// What clap has to say when the command line is not run: the help and the version go to
/// standard output like any command's output; a usage error goes to standard error.
pub fn clap_message(error: &clap::Error) -> ExitCode {
    if let Some(games) = games_for_missing_game(error) {
        let _ = error.print();
        let _ = write!(io::stderr(), "{games}");
        return ExitCode::from(EXIT_USAGE);
    }
    if error.use_stderr() {
        // Ignored if it fails: there is nobody left to tell.
        let _ = error.print();
        return ExitCode::from(EXIT_USAGE);
    }
    let rendered = error.render();
    let text = if io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    finish(
        print(text.as_bytes())
            .map(|()| ExitCode::SUCCESS)
            .map_err(Into::into),
    )
}

/// Where a command was given no game (`mousehole play`): the games there are, one a line
/// with what each is, to follow clap's message.
fn games_for_missing_game(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::MissingRequiredArgument {
        return None;
    }
    let missing = match error.get(ContextKind::InvalidArg)? {
        ContextValue::Strings(args) => args.iter().any(|arg| arg == "<GAME>"),
        ContextValue::String(arg) => arg == "<GAME>",
        _ => false,
    };
    if !missing {
        return None;
    }
    let mut text = String::from("\nThe games (GAME, with options as GAME:key=value):\n");
    for description in mousehole_engine::registry::games() {
        let _ = writeln!(text, "  {:<12} {}", description.name, description.title);
    }
    Some(text)
}

/// Whether the error is standard output's reader having gone away.
fn reader_gone(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, each in people's words, joined by `: `. The chain stops at an
/// I/O or JSON error: what such errors wrap is said by their words already. A cause whose
/// words an error before it already said (an error that tells its source in its own text)
/// is not said twice.
pub fn explain(error: &anyhow::Error) -> String {
    let causes: Vec<&(dyn Error + 'static)> = error.chain().collect();
    let mut parts = Vec::new();
    if let [only] = causes.as_slice()
        && only.is::<io::Error>()
    {
        parts.push("cannot write the output".to_owned());
    }
    for cause in causes {
        let (text, last) = if let Some(io) = cause.downcast_ref::<io::Error>() {
            (io_error(io), true)
        } else if let Some(json) = cause.downcast_ref::<serde_json::Error>() {
            (json_error(json), true)
        } else {
            (cause.to_string(), false)
        };
        if !parts.iter().any(|said| said.contains(&text)) {
            parts.push(text);
        }
        if last {
            break;
        }
    }
    parts.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn io_and_json_causes_are_said_in_words_once() {
        let missing: anyhow::Result<()> = Err(io::Error::from_raw_os_error(2))
            .context("cannot read game.json")
            .context("analyze");
        assert_eq!(
            explain(&missing.unwrap_err()),
            "analyze: cannot read game.json: there is no such file or folder"
        );
        let full = anyhow::Error::from(io::Error::from_raw_os_error(28));
        assert_eq!(explain(&full), "cannot write the output: the disk is full");
        let json = serde_json::from_str::<serde_json::Value>("{").unwrap_err();
        let garbled = anyhow::Error::from(json).context("p.jsonl line 1");
        assert_eq!(
            explain(&garbled),
            "p.jsonl line 1: the text ends inside an object (a `}` is missing) (line 1, column 1)"
        );
        let gone = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).context("x");
        assert!(reader_gone(&gone));
    }

    #[test]
    fn a_cause_its_error_already_tells_is_said_once() {
        // A seat's agent error says the agent's problem in its own words and keeps it as its
        // source as well.
        let error = "mc:playouts=0"
            .parse::<mousehole_bots::SeatLabel>()
            .unwrap_err();
        let agent = error.source().expect("the agent's error").to_string();
        let told = explain(&anyhow::Error::from(error).context("seat 0"));
        assert_eq!(told.matches(&agent).count(), 1, "{told}");
        assert!(told.starts_with("seat 0: seat 'mc:playouts=0': "), "{told}");
        assert!(
            told.ends_with("expected a whole number from 1 to 100000000"),
            "{told}"
        );
        // An error that says its I/O source in words, as the host's does.
        let listen = mousehole_net::host::HostError::Listen {
            address: "127.0.0.1:7000".parse().unwrap(),
            source: io::Error::from(io::ErrorKind::AddrInUse),
        };
        assert_eq!(
            explain(&anyhow::Error::from(listen)),
            "cannot listen on 127.0.0.1:7000: the address is in use by another program"
        );
    }
}
