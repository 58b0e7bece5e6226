//! `mousehole schema`: the JSON Schema of a game's observation, the public contract bots in
//! any language read (what the external-agent protocol's `act.observation` carries).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::spec::game_spec;

#[derive(Debug, Args)]
#[command(after_help = "\
The schema is generated from the observation types, with their documentation as the fields' descriptions. Options change the values an observation holds, not its shape; a spec with options is accepted all the same.")]
pub struct SchemaArgs {
    /// The game (a name, or a spec with options).
    #[arg(value_name = "GAME")]
    pub game: String,
}

pub fn run(args: &SchemaArgs) -> Result<ExitCode> {
    let game = game_spec(&args.game, None, &[])?.build()?;
    let schema = game.observation_schema();
    let text = serde_json::to_string_pretty(&schema)?;
    writeln!(std::io::stdout().lock(), "{text}")?;
    Ok(ExitCode::SUCCESS)
}
