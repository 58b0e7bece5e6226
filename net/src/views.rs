//! The games as the network sees them: each seat's view of an event read back from its text
//! form, so a client gives its agent the very typed views (`SeenEvent`s) the host's own seat
//! would have had, from nothing but the texts it was sent (`draw 4?`), and the one game list
//! with that bound ([`visit`]).

use mousehole_bots::BotGame;
use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayAction, CheeseDayView};
use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseAction, MooseHouseView};
use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceAction, MouseRaceView};
use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapAction};
use mousehole_engine::{GameSpec, SpecError};

/// What the network needs of a game beyond the bots' bounds: reading a seat's view of an
/// event back from its text form. Every registered game must be one (see [`visit`]), and a
/// test checks, for every game, that each view reads back as itself.
pub trait NetGame: BotGame {
    /// The view whose text form (`Display`) is `text`, if there is one.
    fn read_view(text: &str) -> Option<Self::EventView>;
}

/// The text form of a card drawn out of the seat's sight, in Moose in the House and Mouse
/// Race.
const HIDDEN_DRAW: &str = "draw ?";

impl NetGame for CheeseDay {
    fn read_view(text: &str) -> Option<CheeseDayView> {
        // A drawn card shows its back only: `draw 4?`.
        if let Some(value) = text
            .strip_prefix("draw ")
            .and_then(|rest| rest.strip_suffix('?'))
        {
            return value
                .parse()
                .ok()
                .map(|value| CheeseDayView::Drawn { value });
        }
        text.parse::<CheeseDayAction>()
            .ok()
            .map(CheeseDayView::Seen)
    }
}

impl NetGame for MooseHouse {
    fn read_view(text: &str) -> Option<MooseHouseView> {
        if text == HIDDEN_DRAW {
            return Some(MooseHouseView::HiddenDraw);
        }
        text.parse::<MooseHouseAction>()
            .ok()
            .map(MooseHouseView::Seen)
    }
}

impl NetGame for MouseTrap {
    /// Every seat sees every event as it is.
    fn read_view(text: &str) -> Option<MouseTrapAction> {
        text.parse().ok()
    }
}

impl NetGame for MouseRace {
    fn read_view(text: &str) -> Option<MouseRaceView> {
        if text == HIDDEN_DRAW {
            return Some(MouseRaceView::HiddenDraw);
        }
        text.parse::<MouseRaceAction>()
            .ok()
            .map(MouseRaceView::Seen)
    }
}

/// Code that works with any game as the network sees it, called with the concrete type.
pub trait NetVisitor {
    type Output;
    fn visit<G: NetGame>(self, config: G::Config) -> Self::Output;
}

/// Validates `spec` and calls `visitor` with the game's type: the one game list with the
/// network's bounds, so a new game does not compile until its views read back.
///
/// # Errors
/// A bad option.
pub fn visit<V: NetVisitor>(spec: &GameSpec, visitor: V) -> Result<V::Output, SpecError> {
    mousehole_engine::visit_game!(spec, visitor)
}
