//! `mousehole schema`: the JSON Schema of a game's observation, the public contract bots in
//! any language read (what the external-agent protocol's `act.observation` carries), and with
//! `--protocol` the schema of every message of the protocol itself.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use mousehole_engine::{Game, GameConfig, GameVisitor};

use crate::spec::game_spec;

#[derive(Debug, Args)]
#[command(after_help = "\
The schemas are generated from the types that write the JSON, with their documentation as the fields' descriptions. Options change the values an observation holds, not its shape; a spec with options is accepted all the same.

With --protocol, the schema of every message between a host and a seat (mousehole-agent, docs/protocol-changelog.md): `$defs.HostMessage` is what a host sends, `$defs.ClientMessage` what a program or a network client sends. The observation in `act` and `events` is left to each game's schema, or is GAME's when one is given.")]
pub struct SchemaArgs {
    /// The game (a name, or a spec with options).
    #[arg(value_name = "GAME", required_unless_present = "protocol")]
    pub game: Option<String>,
    /// Print the schema of the protocol's messages (with GAME's observation, if given).
    #[arg(long)]
    pub protocol: bool,
}

pub fn run(args: &SchemaArgs) -> Result<ExitCode> {
    let schema = match (&args.game, args.protocol) {
        (None, _) => mousehole_protocol::schema::schema(),
        (Some(game), false) => game_spec(game, None, &[])?.build()?.observation_schema(),
        (Some(game), true) => game_spec(game, None, &[])?.visit(ProtocolSchema)?,
    };
    let text = serde_json::to_string_pretty(&schema)?;
    writeln!(std::io::stdout().lock(), "{text}")?;
    Ok(ExitCode::SUCCESS)
}

/// The protocol's schema with one game's observation in it.
struct ProtocolSchema;

impl GameVisitor for ProtocolSchema {
    type Output = serde_json::Value;

    fn visit<G: Game>(self, _config: G::Config) -> serde_json::Value {
        mousehole_protocol::schema::schema_with::<G::Observation>(G::Config::description().name)
    }
}
