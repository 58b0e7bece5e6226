//! What the host sends a connection, made from a seat's view alone: the decision asked of it
//! ([`PendingAct`]), each event as the seat saw it with its readable note ([`event_message`]),
//! and each event as a spectator may see it ([`public_event`]). Nothing here reads a true
//! state, so what a connection receives cannot depend on what its seat may not know; the leak
//! test checks exactly these bytes against states whose hidden parts were drawn again.

use std::borrow::Cow;
use std::fmt::Display;

use mousehole_engine::{Actor, DecisionView, Game, Outcome, SeenEvent};
use mousehole_protocol::{Act, EventMessage, HostMessage, PlainMessage};
use serde_json::value::RawValue;

/// The text a spectator is shown for an event whose seats saw it differently and not all in
/// one redacted form (no game does that today: each has one redacted form per event).
pub const HIDDEN_EVENT: &str = "?";

/// One event as a seat saw it, with its readable note.
pub fn event_message<V: Display>(seen: &SeenEvent<V>) -> EventMessage {
    EventMessage {
        actor: seen.actor,
        action: seen.view.to_string(),
        note: seen.note.clone(),
    }
}

/// One event as everyone may see it, from every seat's view of it: the view they share if
/// they all saw it alike; else the redacted form (one that does not read as an action) the
/// seats who did not see it saw, if that is one form (a card drawn in the drawer's hand is
/// `draw ?` to the table); else [`HIDDEN_EVENT`]. No note: a note is written for one seat.
pub fn public_event<G: Game>(actor: Actor, views: &[&G::EventView]) -> EventMessage {
    let texts: Vec<String> = views.iter().map(ToString::to_string).collect();
    let action = if texts.windows(2).all(|pair| pair[0] == pair[1]) {
        texts
            .into_iter()
            .next()
            .unwrap_or_else(|| HIDDEN_EVENT.to_owned())
    } else {
        let mut redacted = texts
            .into_iter()
            .filter(|text| text.parse::<G::Action>().is_err());
        match (redacted.next(), redacted.collect::<Vec<_>>()) {
            (Some(first), rest) if rest.iter().all(|text| *text == first) => first,
            _ => HIDDEN_EVENT.to_owned(),
        }
    };
    EventMessage {
        actor,
        action,
        note: None,
    }
}

/// A seat's observation as the JSON the protocol's `act` carries (its public schema,
/// `mousehole schema GAME`).
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
}

/// The `game_over` message: the outcome (`None` if the game stopped before its end) and the
/// events not yet sent.
pub fn game_over_text(outcome: Option<&Outcome>, events: &[EventMessage]) -> String {
    PlainMessage::GameOver {
        outcome: outcome.map(Cow::Borrowed),
        events: Cow::Borrowed(events),
    }
    .to_text()
}
