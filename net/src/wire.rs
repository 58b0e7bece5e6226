//! What the host sends a connection, made from a seat's view alone: the decision asked of it
//! ([`PendingAct`]), each event as the seat saw it with its readable note ([`event_message`]),
//! which is also how a spectator is sent each event as everyone sees it (the match's public
//! record, [`mousehole_engine::Match::public_seen`]), with the public view
//! ([`observation_json`]). Nothing here reads a true state, so what a connection receives
//! cannot depend on what its seat may not know; the leak test checks exactly these bytes
//! against states whose hidden parts were drawn again.

use std::borrow::Cow;
use std::fmt::Display;

use mousehole_engine::{DecisionView, Game, HowItEnded, Outcome, SeenEvent};
use mousehole_protocol::{Act, EventMessage, HostMessage, PlainMessage};
use serde_json::value::RawValue;

/// One event as a seat saw it, with its readable note.
pub fn event_message<V: Display>(seen: &SeenEvent<V>) -> EventMessage {
    EventMessage {
        actor: seen.actor,
        action: seen.view.to_string(),
        note: seen.note.clone(),
    }
}

/// A seat's observation (or the public view a spectator is sent) as the JSON the protocol's
/// `act` and `events` carry (its public schema, `mousehole schema GAME`).
pub fn observation_json<G: Game>(observation: &G::Observation) -> Box<RawValue> {
    serde_json::value::to_raw_value(observation).expect("observations serialise")
}

/// A decision asked of a seat, as the host keeps it until it is answered: the `act`'s id, the
/// seat's observation JSON and the legal actions' text forms.
#[derive(Clone, Debug)]
pub struct PendingAct {
    pub id: u64,
    pub observation: Box<RawValue>,
    pub legal: Vec<String>,
}

impl PendingAct {
    /// The `act` with this `id` asking `view`'s seat to decide.
    pub fn of<G: Game>(id: u64, view: &DecisionView<'_, G>) -> Self {
        Self {
            id,
            observation: observation_json::<G>(&view.observation()),
            legal: view.legal().iter().map(ToString::to_string).collect(),
        }
    }

    /// The `act` message, with the events the connection has not been sent yet. No
    /// deadline: a remote seat's player may think.
    pub fn text(&self, events: &[EventMessage]) -> String {
        HostMessage::Act(Act {
            id: self.id,
            observation: &*self.observation,
            legal: Cow::Borrowed(&self.legal),
            events: Cow::Borrowed(events),
            deadline_ms: None,
        })
        .to_text()
    }
}

/// The `events` message: events a connection has not been sent, and for a seat its
/// observation after them (its typed observation's JSON, as an `act` carries it).
pub fn events_text(events: &[EventMessage], observation: Option<&RawValue>) -> String {
    HostMessage::Events {
        events: Cow::Borrowed(events),
        observation,
    }
    .to_text()
}

/// The end of a game as a connection is told it.
#[derive(Clone, Debug, PartialEq)]
pub struct Over {
    /// `None` if the game stopped before its end.
    pub outcome: Option<Outcome>,
    /// Why the host stopped the game before its end, as it tells everyone
    /// (`the host stopped the game: interrupted by SIGINT`): a `status` sent just before the
    /// `game_over`. `None` until the host says (and for a game played to its end).
    pub stopped: Option<String>,
    /// How the game ended, in words, as the connection's seat (or a spectator) may know it
    /// ([`Game::ending`]); `None` for a game stopped before its end or forfeited.
    pub ending: Option<HowItEnded>,
}

/// The `game_over` message: the outcome (`None` if the game stopped before its end), the
/// events not yet sent, and how the game ended in words.
pub fn game_over_text(over: &Over, events: &[EventMessage]) -> String {
    PlainMessage::GameOver {
        outcome: over.outcome.as_ref().map(Cow::Borrowed),
        events: Cow::Borrowed(events),
        ending: over.ending.as_ref().map(Cow::Borrowed),
    }
    .to_text()
}
