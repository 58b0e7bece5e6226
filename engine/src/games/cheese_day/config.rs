//! Cheese Day's options and rules summary: players and the trap distribution, parsed and
//! validated into [`CheeseDayConfig`].

use super::action::Face;
use super::{CARDS_PER_VALUE, MAX_PLAYERS, VALUES};
use crate::error::OptionError;
use crate::options::{GameConfig, GameDescription, OptionDescription, Options};

pub(super) const INFO: GameDescription = GameDescription {
    name: "cheese-day",
    title: "Cheese Day (Alles Käse!)",
    summary: "push your luck: collect cheese holes from a pantry of cards that may hide traps",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionDescription {
            key: "players",
            default: "3",
            allowed: "a number of players from 2 to 6",
            help: "number of players",
        },
        OptionDescription {
            key: "traps",
            default: "1/2/3/3/4/5",
            allowed: "six numbers 0…6 separated by '/', the traps among the six cards of each value 1…6",
            help: "how many of the six cards of each value (1…6 holes) hide a trap",
        },
    ],
    rules: RULES,
    how_to_act: HOW_TO_ACT,
};

const HOW_TO_ACT: &str = "\
After your roll you choose a pantry slot (1 to 6, left to right):
- a card shows the rolled number of holes: `take S` takes it (it is turned face up: cheese
  scores its holes, a trap counts against you, and a third trap ends the game with you last)
  or `remove S` puts it out of the game unseen;
- no card shows the roll: `peek S` lets you alone see the face of any pantry card.
Cards you have peeked at are marked with what you saw.";

const RULES: &str = "\
36 cards show 1 to 6 cheese holes on their backs (six of each value); their faces hide either
a mouse with cheese or a trap, and the more holes, the likelier a trap (by default 1, 2, 3, 3, 4
and 5 traps among the six cards of values 1…6; option traps=a/b/c/d/e/f).

Setup: the cards are shuffled into a face-down reserve (backs up, so the top card's value is
public) and six are dealt into the pantry, slots 1 to 6, backs up. Seat 0 starts.

On your turn roll the die:
- If no pantry card shows the rolled value, peek at any pantry card: you alone see its face
  (`peek S`). With 2 or 3 players the top reserve card is then discarded unseen.
- Otherwise choose a card of that value and, before seeing its face, either take it (`take S`:
  it is revealed and goes in front of you, cheese or trap) or remove it from the game unseen
  (`remove S`). The slot is refilled from the reserve.

The game ends at once when a player takes his third trap: he is out and ranks last. It also
ends after the turn that empties the reserve. The others rank by holes on their cheese cards;
ties go to whoever took more cheese cards; still tied, the place is shared.

Text forms: peek S, take S, remove S (S = slot 1…6); chance events roll N and draw VF (value V,
face C or T, e.g. draw 4T).";

/// Validated options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheeseDayConfig {
    pub(super) players: u8,
    /// Traps among the six cards of each value 1…6.
    pub(super) traps: [u8; VALUES],
}

crate::config_serde!(CheeseDayConfig);

impl CheeseDayConfig {
    /// Traps among the cards of each value 1…6.
    pub fn traps(&self) -> [u8; VALUES] {
        self.traps
    }

    pub(super) fn total(self, value_index: usize, face: Face) -> u8 {
        match face {
            Face::Trap => self.traps[value_index],
            Face::Cheese => CARDS_PER_VALUE - self.traps[value_index],
        }
    }

    /// With 2 or 3 players a peek burns the top reserve card.
    pub(super) fn burns_on_peek(self) -> bool {
        self.players <= 3
    }
}

impl Default for CheeseDayConfig {
    fn default() -> Self {
        Self::defaults()
    }
}

impl GameConfig for CheeseDayConfig {
    fn description() -> &'static GameDescription {
        &INFO
    }

    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players()? as u8;
        let traps = options.take("traps", parse_traps)?;
        Ok(Self { players, traps })
    }

    fn to_options(&self) -> std::collections::BTreeMap<String, String> {
        let traps: Vec<String> = self.traps.iter().map(ToString::to_string).collect();
        [
            ("players".to_owned(), self.players.to_string()),
            ("traps".to_owned(), traps.join("/")),
        ]
        .into()
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}

fn parse_traps(text: &str) -> Option<[u8; VALUES]> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != VALUES {
        return None;
    }
    let mut traps = [0; VALUES];
    for (slot, part) in traps.iter_mut().zip(parts) {
        *slot = crate::options::digits(part.trim())?
            .parse()
            .ok()
            .filter(|&n| n <= CARDS_PER_VALUE)?;
    }
    Some(traps)
}
