//! The program an `exec:` seat runs: its command line, split into words as a shell would, and
//! the check that it can be started.

use std::fmt;
use std::path::Path;

use mousehole_engine::text::shown;
use thiserror::Error;

/// The prefix of an external seat's label: `exec:COMMAND`.
pub const EXEC_PREFIX: &str = "exec:";

/// A program to run as an agent: the command line as given, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalCommand {
    text: String,
    words: Vec<String>,
}

/// A command that cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExternalCommandError {
    #[error("`exec:` needs a command to run after it, e.g. exec:python3 my_bot.py")]
    Empty,
    #[error(
        "exec:{}: {reason} (the command is split into words as a shell would: close every quote)",
        shown(.text)
    )]
    Unsplittable { text: String, reason: String },
    #[error("exec:{}: program '{}' {problem}", shown(.text), shown(.program))]
    NoProgram {
        text: String,
        program: String,
        problem: &'static str,
    },
}

impl ExternalCommand {
    /// A command line (the text after `exec:`), split into words as a shell would split them
    /// (quotes and backslashes work; no variables, globs or pipes: no shell runs it). Whether
    /// the program is there is [`ExternalCommand::check`]'s business (a recorded seat label
    /// names a program of another machine).
    ///
    /// # Errors
    /// An empty command or unbalanced quotes.
    pub fn parse(text: &str) -> Result<Self, ExternalCommandError> {
        let text = text.trim();
        let words =
            shell_words::split(text).map_err(|error| ExternalCommandError::Unsplittable {
                text: text.to_owned(),
                reason: error.to_string(),
            })?;
        if words.is_empty() {
            return Err(ExternalCommandError::Empty);
        }
        Ok(Self {
            text: text.to_owned(),
            words,
        })
    }

    /// Checks that the program can be started: a name with a `/` is a path from the current
    /// directory, a name without one is looked up on `PATH`.
    ///
    /// # Errors
    /// A program that is not there or is not executable.
    pub fn check(&self) -> Result<(), ExternalCommandError> {
        let program = &self.words[0];
        match program_problem(program) {
            None => Ok(()),
            Some(problem) => Err(ExternalCommandError::NoProgram {
                text: self.text.clone(),
                program: program.clone(),
                problem,
            }),
        }
    }

    /// The command line as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The program and its arguments.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The seat's label in transcripts: `exec:` and the command line.
    pub fn label(&self) -> String {
        format!("{EXEC_PREFIX}{}", self.text)
    }
}

impl fmt::Display for ExternalCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why `program` cannot be started, if it cannot.
fn program_problem(program: &str) -> Option<&'static str> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |path: &Path| {
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let path = Path::new(program);
        return if !path.exists() {
            Some("does not exist")
        } else if runnable(path) {
            None
        } else {
            Some(
                "is not an executable file (run it through its interpreter, e.g. exec:python3 bot.py, or chmod +x it)",
            )
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| runnable(&dir.join(program))) {
        None
    } else {
        Some("is not found on PATH")
    }
}
