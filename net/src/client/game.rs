//! [`SeatGame`]: what a client knows of its seat's game, built from the host's messages alone:
//! the configuration from the spec it was sent, its views of the events read back into the
//! game's typed views, and the decision asked of it with its observation and legal actions.
//! An agent decides from it as from the host's own match ([`SeatGame::view`]).

use std::fmt;

use mousehole_bots::BotGame;
use mousehole_engine::{
    DecisionView, Ending, GameConfig, GameSpec, HowItEnded, Outcome, SeenEvent,
};
use mousehole_protocol::{Act, EventMessage};

use super::ClientError;
use crate::wire::Over;

/// The longest note kept from the host (escaped: a host cannot recolour a terminal).
pub const NOTE_CHARS: usize = 500;

/// The decision asked of the seat.
pub struct Asked<G: BotGame> {
    pub id: u64,
    pub observation: G::Observation,
    pub legal: Vec<G::Action>,
    /// The legal actions as the host wrote them.
    pub legal_texts: Vec<String>,
}

impl<G: BotGame> fmt::Debug for Asked<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Asked")
            .field("id", &self.id)
            .field("legal", &self.legal_texts)
            .finish_non_exhaustive()
    }
}

/// A seat's game as its client knows it (see the module documentation).
pub struct SeatGame<G: BotGame> {
    config: G::Config,
    spec: String,
    seat: usize,
    agent_seed: u64,
    history: Vec<SeenEvent<G::EventView>>,
    /// How many of `history` the seat had been shown at its previous decision.
    seen_from: usize,
    asked: Option<Asked<G>>,
    /// The seat's latest observation, from the last `act` or `events` that carried one.
    observation: Option<G::Observation>,
    over: Option<Over>,
}

impl<G: BotGame> fmt::Debug for SeatGame<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeatGame")
            .field("spec", &self.spec)
            .field("seat", &self.seat)
            .field("events", &self.history.len())
            .field("asked", &self.asked)
            .finish_non_exhaustive()
    }
}

impl<G: BotGame> SeatGame<G> {
    /// The game a `new_game` names: `spec` (canonical), `players`, the `seat` and its own
    /// agent `seed`.
    ///
    /// # Errors
    /// A spec that is not one of this game's, or a seat or player count that does not fit it.
    pub fn new(spec: &str, players: usize, seat: usize, seed: u64) -> Result<Self, ClientError> {
        let parsed: GameSpec = spec.parse()?;
        let config = parsed.config::<G>()?;
        if config.players() != players || seat >= players {
            return Err(ClientError::Protocol(format!(
                "new_game names seat {seat} of {players} players for '{}'",
                mousehole_engine::text::shown(spec)
            )));
        }
        Ok(Self {
            config,
            spec: spec.to_owned(),
            seat,
            agent_seed: seed,
            history: Vec::new(),
            seen_from: 0,
            asked: None,
            observation: None,
            over: None,
        })
    }

    /// Whether a `new_game` names this very game (a host sending it again after a rejoin).
    pub fn is(&self, spec: &str, seat: usize, seed: u64) -> bool {
        self.spec == spec && self.seat == seat && self.agent_seed == seed
    }

    /// The host is sending the game again from its start (after a rejoin): the events come
    /// again, and the decision, if one is still asked.
    pub fn restart(&mut self) {
        self.history.clear();
        self.asked = None;
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The seat's own seed, as `new_game` gave it.
    pub fn agent_seed(&self) -> u64 {
        self.agent_seed
    }

    /// The seat's views of every event so far.
    pub fn history(&self) -> &[SeenEvent<G::EventView>] {
        &self.history
    }

    /// The decision asked, if one is.
    pub fn asked(&self) -> Option<&Asked<G>> {
        self.asked.as_ref()
    }

    /// The seat's observation as the host last sent it (with a decision or after events).
    pub fn observation(&self) -> Option<&G::Observation> {
        self.observation.as_ref()
    }

    /// Takes the seat's observation sent with events.
    ///
    /// # Errors
    /// An observation that is not this game's.
    pub fn observe(&mut self, observation: serde_json::Value) -> Result<(), ClientError> {
        let observation = serde_json::from_value(observation)
            .map_err(|error| ClientError::Protocol(format!("an observation: {error}")))?;
        self.observation = Some(observation);
        Ok(())
    }

    /// The end, once the game is over.
    pub fn over(&self) -> Option<&Over> {
        self.over.as_ref()
    }

    /// Takes events the host sent.
    ///
    /// # Errors
    /// An event whose view is not one of this game's.
    pub fn receive(&mut self, events: &[EventMessage]) -> Result<(), ClientError> {
        for event in events {
            let view = event.action.parse::<G::EventView>().map_err(|_| {
                ClientError::Protocol(format!(
                    "'{}' is not an event of {}",
                    mousehole_engine::text::shown(&event.action),
                    G::Config::description().name
                ))
            })?;
            self.history.push(SeenEvent {
                actor: event.actor,
                view,
                note: event
                    .note
                    .as_deref()
                    .map(|note| mousehole_engine::text::cut(note, NOTE_CHARS)),
            });
        }
        Ok(())
    }

    /// Takes an `act`: the events it carries, then the decision.
    ///
    /// # Errors
    /// An observation that is not this game's, or a legal action that does not read as one.
    pub fn ask(&mut self, act: Act<'_>) -> Result<(), ClientError> {
        let Act {
            id,
            observation,
            legal,
            events,
            ..
        } = act;
        self.receive(&events)?;
        let observation: G::Observation = serde_json::from_value(observation)
            .map_err(|error| ClientError::Protocol(format!("act {id}'s observation: {error}")))?;
        let actions = legal
            .iter()
            .map(|text| text.parse::<G::Action>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| ClientError::Protocol(format!("act {id}'s legal actions: {error}")))?;
        let legal = legal.into_owned();
        if actions.is_empty() {
            return Err(ClientError::Protocol(format!("act {id} offers no action")));
        }
        self.observation = Some(observation.clone());
        self.asked = Some(Asked {
            id,
            observation,
            legal: actions,
            legal_texts: legal,
        });
        Ok(())
    }

    /// The view of the decision asked, as the host's match would show it to this seat.
    pub fn view(&self) -> Option<DecisionView<'_, G>> {
        let asked = self.asked.as_ref()?;
        Some(DecisionView::observed(
            &asked.observation,
            &self.config,
            self.seat,
            &asked.legal,
            &self.history,
            self.seen_from,
        ))
    }

    /// How many of [`SeatGame::history`] the seat had been shown at its previous decision.
    pub fn seen_from(&self) -> usize {
        self.seen_from
    }

    /// The decision was answered: the next one's events start here.
    pub fn answered(&mut self) {
        self.asked = None;
        self.seen_from = self.history.len();
    }

    /// Takes a `game_over`: the events it carries, the outcome and how the game ended in
    /// words, and why the host stopped the game if it did (what it said just before).
    ///
    /// # Errors
    /// As [`SeatGame::receive`].
    pub fn finish(
        &mut self,
        outcome: Option<Outcome>,
        events: &[EventMessage],
        stopped: Option<String>,
        ending: Option<HowItEnded>,
    ) -> Result<(), ClientError> {
        self.receive(events)?;
        self.asked = None;
        self.over = Some(Over {
            outcome,
            stopped,
            ending,
        });
        Ok(())
    }

    /// What the seat is told at the end.
    pub fn ending(&self) -> Ending<'_, G::EventView> {
        Ending {
            outcome: self.over.as_ref().and_then(|over| over.outcome.as_ref()),
            history: &self.history,
            seen_from: self.seen_from,
        }
    }
}
