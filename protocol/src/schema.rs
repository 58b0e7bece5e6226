//! The JSON Schema (draft 2020-12) of every message, generated from the types that write them
//! ([`HostMessage`], [`ClientMessage`]): what `mousehole schema --protocol` prints. Its
//! `$defs` hold `HostMessage` (what a host sends) and `ClientMessage` (what a program or a
//! connection sends); the root accepts either. The observation an `act` or `events` carries is
//! each game's own ([`observation_schema`](mousehole_engine::options::observation_schema),
//! `mousehole schema GAME`): [`schema`] leaves it an open object, and [`schema_with`] puts one
//! game's observation schema in its place.

use mousehole_engine::options::publish_schema;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use crate::{ClientMessage, HostMessage, PROTOCOL};

/// The schema of every message, the observation left to each game's own schema.
pub fn schema() -> Value {
    schema_with::<Map<String, Value>>("every game")
}

/// The schema of every message, with `O`'s schema as the observation (`game` names it in the
/// description).
pub fn schema_with<O: JsonSchema>(game: &str) -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let host = generator.subschema_for::<HostMessage<'static, O>>();
    let client = generator.subschema_for::<ClientMessage<'static>>();
    let definitions = generator.take_definitions(true);
    let mut schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": PROTOCOL,
        "description": format!(
            "Every message of the mousehole agent protocol ({PROTOCOL}) and of network play, for {game}. A program at a seat reads one HostMessage per line on its stdin and writes one ClientMessage per line on its stdout; a network client exchanges them as WebSocket text messages. Every message is a JSON object whose `type` says which it is."
        ),
        "oneOf": [host, client],
        "$defs": definitions,
    });
    publish_schema(&mut schema);
    schema
}

/// The schema of one of `schema`'s definitions (`HostMessage`, `ClientMessage`, …), its
/// definitions beside it: what a validator of one direction's messages is built from.
///
/// # Panics
/// If `schema` has no such definition.
pub fn definition(schema: &Value, name: &str) -> Value {
    assert!(
        schema["$defs"].get(name).is_some(),
        "the protocol's schema defines no {name}"
    );
    serde_json::json!({
        "$schema": schema["$schema"],
        "$ref": format!("#/$defs/{name}"),
        "$defs": schema["$defs"],
    })
}
