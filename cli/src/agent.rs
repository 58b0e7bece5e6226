//! `mousehole agent SPEC`: plays a seat as an external agent program, speaking the agent
//! protocol (PROTOCOL.md) on standard input and output, so any host that seats programs seats
//! this build's bots: `--seats 'exec:mousehole agent expert',hard` at another build of
//! mousehole (how `cargo xtask strength --check` plays a level against the last commit's), or
//! a harness written for bots in another language. It plays as the agent plays built in: the
//! same seed gives the same moves.

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;
use mousehole_bots::{ProgramOptions, SeatLabel};
use mousehole_net::ClientError;
use mousehole_net::client::{AgentPlayer, serve_program};

#[derive(Debug, Args)]
pub struct AgentArgs {
    /// The agent: a level (`easy`, `medium`, `hard`, `expert`), `heuristic`, `random`,
    /// `mc:…` or `ismcts:…` with settings (`mousehole list` lists them).
    pub spec: String,
}

pub fn run(args: &AgentArgs) -> Result<ExitCode> {
    let label: SeatLabel = args.spec.parse()?;
    if !matches!(label, SeatLabel::Agent(_)) {
        bail!(
            "'{}' is not a built-in agent: give a level (easy, medium, hard, expert), heuristic, random, mc:… or ismcts:… (`mousehole list` lists them)",
            args.spec
        );
    }
    let programs = ProgramOptions::default();
    let maker = AgentPlayer {
        label: &label,
        programs: &programs,
        // A program at a pipe is never offered a rematch: its host sends the next game.
        rematch: false,
    };
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    match serve_program(&mut input, &mut output, &maker) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        // Standard output's failure, told as every command tells it (a host that went away
        // ends the program quietly; a full disk is an error).
        Err(ClientError::Pipe(error)) => Err(error.into()),
        Err(error) => Err(error.into()),
    }
}
