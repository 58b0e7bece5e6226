//! A person playing a seat at the terminal: shown the seat's observation and the legal actions,
//! types an action's text form (or its number). Bad input is explained and asked again.

use std::io::{self, BufRead, Write};

use mousehole_engine::{Decision, DecisionView, Game, Seat, StopRequest};

/// A seat played by a person on stdin/stdout.
#[derive(Debug)]
pub struct HumanSeat {
    name: Option<String>,
    seat: usize,
}

impl HumanSeat {
    pub fn new(name: Option<String>) -> Self {
        Self { name, seat: 0 }
    }

    fn who(&self) -> String {
        match &self.name {
            Some(name) => format!("seat {} ({name})", self.seat),
            None => format!("seat {}", self.seat),
        }
    }
}

const HELP: &str = "Type an action as shown (e.g. the text after its number) or just its number. \
                    `help` shows the choices again, `quit` stops the game (the transcript so far is kept).";

fn show_choices<A: std::fmt::Display>(out: &mut impl Write, legal: &[A]) -> io::Result<()> {
    writeln!(out, "Your choices:")?;
    for (i, action) in legal.iter().enumerate() {
        writeln!(out, "  {:>2}) {action}", i + 1)?;
    }
    Ok(())
}

impl<G: Game> Seat<G> for HumanSeat {
    fn start(&mut self, seat: usize, _config: &G::Config, _seed: u64) {
        self.seat = seat;
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let stop = StopRequest::quit;
        let io_stop = |e: io::Error| StopRequest::quit(format!("terminal error: {e}"));
        let mut out = io::stdout().lock();
        let legal = view.legal();
        writeln!(out, "\n=== {} to decide ===", self.who()).map_err(io_stop)?;
        write!(out, "{}", view.observation()).map_err(io_stop)?;
        show_choices(&mut out, legal).map_err(io_stop)?;
        let stdin = io::stdin();
        loop {
            write!(out, "{}> ", self.who()).map_err(io_stop)?;
            out.flush().map_err(io_stop)?;
            let mut line = String::new();
            if stdin.lock().read_line(&mut line).map_err(io_stop)? == 0 {
                writeln!(out).map_err(io_stop)?;
                return Err(stop(format!(
                    "input ended while {} was to decide",
                    self.who()
                )));
            }
            let text = line.trim();
            match text {
                "" => {}
                "quit" | "exit" => return Err(stop(format!("{} quit", self.who()))),
                "help" | "?" => {
                    writeln!(out, "{HELP}").map_err(io_stop)?;
                    show_choices(&mut out, legal).map_err(io_stop)?;
                }
                _ => {
                    if let Ok(number) = text.parse::<usize>() {
                        if (1..=legal.len()).contains(&number) {
                            return Ok(Decision::new(legal[number - 1]));
                        }
                        writeln!(
                            out,
                            "There is no choice {number}: pick 1 to {}.",
                            legal.len()
                        )
                        .map_err(io_stop)?;
                        continue;
                    }
                    match text.parse::<G::Action>() {
                        Ok(action) if legal.contains(&action) => return Ok(Decision::new(action)),
                        Ok(action) => {
                            let choices: Vec<String> =
                                legal.iter().map(ToString::to_string).collect();
                            writeln!(
                                out,
                                "'{action}' is not allowed now. Allowed: {}.",
                                choices.join(", ")
                            )
                            .map_err(io_stop)?;
                        }
                        Err(error) => writeln!(out, "{error}. Type `help` for the choices.")
                            .map_err(io_stop)?,
                    }
                }
            }
        }
    }
}
