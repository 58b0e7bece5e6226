//! Metadata and options of Moose in the House: the game's name, player range, rules summary,
//! and the validated configuration (player count and draw rule).

use serde::{Deserialize, Serialize};

use super::MAX_PLAYERS;
use crate::error::OptionError;
use crate::options::{GameConfig, GameDescription, OptionDescription, Options};

pub(super) const INFO: GameDescription = GameDescription {
    name: "moose-house",
    title: "Moose in the House (There's a Moose in the House)",
    summary: "take-that card game: fill your opponents' houses with moose, keep them out of yours",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionDescription {
            key: "players",
            default: "3",
            allowed: "a number of players from 2 to 5",
            help: "number of players",
        },
        OptionDescription {
            key: "draw",
            default: "refill",
            allowed: "refill or first",
            help: "refill: refill your hand to 4 after your play (Russian rulebook); first: draw one card at the start of your turn, then play (English rulebook)",
        },
    ],
    rules: RULES,
    how_to_act: HOW_TO_ACT,
};

const HOW_TO_ACT: &str = "\
On your turn play one card at an opponent (seats count from 0) or on your own house:
- `house P`: a Moose in the House for seat P (needed before P's rooms can take moose);
- `room KIND P`: an empty room of KIND (kitchen, living, bedroom, bathroom) for seat P;
- `moose KIND P R`: a moose into seat P's empty room R of that kind (rooms count from 1);
- `door R`: close your own empty room R for good.
Only when nothing can be played: `discard CARD` (or `pass` once the pile is empty).
When a moose is played into your room you answer `trap` (if you hold a Trap) or `allow`.";

const RULES: &str = "\
58 cards: 20 Empty Rooms (5 each of kitchen, living room, bedroom, bathroom), 20 Moose in the
Room (5 of each room kind), 10 Moose in the House, 5 Doors and 3 Traps. Everyone is dealt 4
secret cards (seat 0, 1, … round by round); the rest is the face-down draw pile. Every player
starts with an empty, imaginary house. Seat 0 starts; play goes clockwise.

On your turn do exactly one of these:
- house P: give a Moose in the House card to opponent P, who has none yet.
- room KIND P: give an Empty Room to opponent P, who must have fewer than 3 empty rooms
  (occupied and closed rooms do not count; several rooms of a kind are fine).
- moose KIND P R: put a Moose in the Room on opponent P's empty room R of that kind; P must
  already have a Moose in the House card. One moose per room. Rooms are numbered 1, 2, … in
  the order they were placed in that house.
- door R: close one of your own empty rooms for good.
Only if none of these is possible do you discard a card of your choice face up (discard CARD),
and only while the draw pile lasts. Then refill your hand to 4 from the draw pile.

The trap: whenever a moose is played on one of your rooms, YOU decide at once, out of turn:
trap (reveal a Trap card from your hand: moose and trap are discarded, the room stays empty)
or allow (the moose moves in). You are asked every time, even without a Trap in hand (then
allow is your only answer), so the question gives nothing away. After a trap you refill to 4
first, then the attacker refills; play goes on with the attacker's left-hand neighbour.

Once every player has a Moose in the House card, all Moose in the House cards in hands are
discarded at once and the hands refilled to 4, starting with the player who acted and going
clockwise; a Moose in the House card drawn later is discarded and another card drawn.

When the draw pile is empty, play goes on with the cards in hand. A player who cannot play
passes (pass) and keeps his cards; the game ends after as many passes in a row as there are
players. Score: the moose in your house plus the Moose in the Room cards left in your hand.
The lowest score wins; ties go to the most doors; still tied, the place is shared.

Option draw=first (English rulebook): draw one card at the start of your turn instead of
refilling after it (hands go 4 → 5 → 4); trap and clean-up refills still fill hands to 4.

Text forms: house P, room KIND P, moose KIND P R, door R, discard CARD, pass, trap, allow;
chance: draw CARD. Seats count from 0, rooms from 1, KIND = kitchen, living, bedroom or
bathroom, CARD = room:KIND, moose:KIND, house, door or trap (e.g. draw moose:kitchen).";

/// When hands are topped up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawRule {
    /// Refill to 4 after playing or discarding (Russian rulebook).
    #[default]
    Refill,
    /// Draw one card at the start of the turn, then play (English rulebook).
    First,
}

impl DrawRule {
    fn word(self) -> &'static str {
        match self {
            DrawRule::Refill => "refill",
            DrawRule::First => "first",
        }
    }
}

/// Validated options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MooseHouseConfig {
    players: u8,
    draw: DrawRule,
}

crate::config_serde!(MooseHouseConfig);

impl MooseHouseConfig {
    pub fn draw(&self) -> DrawRule {
        self.draw
    }
}

impl Default for MooseHouseConfig {
    fn default() -> Self {
        Self::defaults()
    }
}

impl GameConfig for MooseHouseConfig {
    fn description() -> &'static GameDescription {
        &INFO
    }

    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players()? as u8;
        let draw = options.take("draw", |text| match text {
            "refill" => Some(DrawRule::Refill),
            "first" => Some(DrawRule::First),
            _ => None,
        })?;
        Ok(Self { players, draw })
    }

    fn to_options(&self) -> std::collections::BTreeMap<String, String> {
        [
            ("players".to_owned(), self.players.to_string()),
            ("draw".to_owned(), self.draw.word().to_owned()),
        ]
        .into()
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}
