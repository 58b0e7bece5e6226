//! Mouse Trap's description and options: the game's info, rules summary and how to act, and
//! the options (players, trap size, how reliably the contraption works, the turn limit) parsed
//! and validated into [`MouseTrapConfig`].

use std::collections::BTreeMap;
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use crate::error::OptionError;
use crate::options::{GameConfig, GameDescription, OptionDescription, Options};

use super::MAX_PLAYERS;

/// Name, players, options and rules: what `mousehole list`, `rules` and `new_game` show.
pub(super) const INFO: GameDescription = GameDescription {
    name: "mouse-trap",
    title: "Mouse Trap",
    summary: "roll and move: build the contraption together, then catch the other mice with it",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionDescription {
            key: "players",
            default: "3",
            allowed: "a number of players from 2 to 4",
            help: "number of players",
        },
        OptionDescription {
            key: "trap_parts",
            default: "25",
            allowed: "a number of parts from 1 to 100",
            help: "parts the trap needs before it can be sprung",
        },
        OptionDescription {
            key: "trap_reliability",
            default: "5/6",
            allowed: "a probability from 0 to 1, as a fraction such as 5/6 (denominator up to 1000000) or a decimal such as 0.9 (up to 6 decimals)",
            help: "probability that turning the crank catches the mice on the Cheese Wheel",
        },
        OptionDescription {
            key: "max_turns",
            default: "1000",
            allowed: "a number of turns from 1 to 100000",
            help: "safeguard: the game ends after this many turns (one seat's turn each)",
        },
    ],
    rules: RULES,
    how_to_act: HOW_TO_ACT,
};

/// The decisions a player makes, for people and bot authors.
const HOW_TO_ACT: &str = "\
Most of Mouse Trap is the die; you decide only in two places (seats count from 0):
- taking cheese from the richest opponents when several are tied: `rob P` names who gives
  the next piece;
- on Turn Crank with the trap complete: `move P` pays 1 cheese to roll seat P's mouse
  forward (onto the Cheese Wheel, you hope), then `crank` to spring the trap on every mouse
  on the Wheel, or `stop` if nobody is there.";

/// The rules in brief (`mousehole rules mouse-trap`).
const RULES: &str = "\
Each player has a mouse on Start of a 44-space path that leads into The Loop, six spaces the
mice circle for the rest of the game (Safe, Build 2-3-4, Take 1 cheese, Turn Crank, Build 2-3-4,
Cheese Wheel; after the Cheese Wheel comes Safe again). 52 cheese pieces lie in a common pile.
Seat 0 starts; play goes clockwise.

On your turn roll the die, move that many spaces and do what the space says:
- Build 2 / 2-3 / 2-3-4: if the number of players is printed there and the trap is not complete,
  add its next part and take 1 cheese from the pile (in The Loop: two parts and two cheese).
  Build cheese comes from the pile only.
- Take N cheese (and the Cheese Wheel: take 2): from the pile; if it is short, the rest comes
  from the opponent(s) holding the most cheese.
- Take 3 from rival with most: from the opponent(s) holding the most, whatever the pile holds.
  Among tied opponents you name the victim of each piece (rob P) while two of them still hold
  cheese.
- Lose N cheese: return N to the pile (all you have if fewer).
- Move ahead N / Go back N: move exactly N spaces and ignore the space you reach.
- Dog bone, Start, Safe: nothing.
- Turn Crank: once the trap is complete (trap_parts parts, default 25) you may pay 1 cheese to
  roll and move an opponent not on Safe (move P; it ignores where it arrives), as often as you
  can pay; then crank if an opponent is on the Cheese Wheel (compulsory then), else stop. The
  crank works with probability trap_reliability (default 5/6): every opponent on the Wheel is
  captured and hands you his cheese. If it fails they go to Safe. Your turn then ends.
A choice with a single option (a lone crank, stop or rob) is made automatically.

The last mouse not captured wins; the others rank in reverse order of capture. After max_turns
turns (default 1000) the game ends: mice in play rank by cheese held, ahead of captured ones.

Text forms: rob P, move P (seat P), crank, stop; chance events roll N, works, fails.";

/// Largest denominator a reliability may have, so chance weights stay small integers.
const MAX_DENOMINATOR: u32 = 1_000_000;
/// Most decimal places accepted in a reliability such as `0.95`.
const MAX_DECIMALS: usize = 6;

/// The probability that the contraption works, as an exact reduced fraction: the crank's
/// chance weights are `works` and `out_of - works`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reliability {
    works: u32,
    out_of: u32,
}

impl Reliability {
    /// `works / out_of`, reduced; `None` unless `0 <= works <= out_of` and `out_of > 0`.
    pub fn new(works: u32, out_of: u32) -> Option<Self> {
        if out_of == 0 || works > out_of {
            return None;
        }
        let divisor = gcd(works, out_of);
        Some(Self {
            works: works / divisor,
            out_of: out_of / divisor,
        })
    }

    /// Chance weight of `works`.
    pub fn works_weight(self) -> u32 {
        self.works
    }

    /// Chance weight of `fails`.
    pub fn fails_weight(self) -> u32 {
        self.out_of - self.works
    }

    /// Parses `5/6`, `0.9`, `1` or `0`.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        if let Some((top, bottom)) = text.split_once('/') {
            let works = parse_digits(top.trim())?;
            let out_of = parse_digits(bottom.trim())?;
            return Self::new(works, out_of).filter(|_| out_of <= MAX_DENOMINATOR);
        }
        let (whole, decimals) = text.split_once('.').unwrap_or((text, ""));
        if decimals.len() > MAX_DECIMALS || (whole.is_empty() && decimals.is_empty()) {
            return None;
        }
        let whole = if whole.is_empty() {
            0
        } else {
            parse_digits(whole)?
        };
        let fraction = if decimals.is_empty() {
            0
        } else {
            parse_digits(decimals)?
        };
        let out_of = 10u32.pow(decimals.len() as u32);
        Self::new(whole.checked_mul(out_of)?.checked_add(fraction)?, out_of)
    }
}

impl Display for Reliability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.out_of == 1 {
            write!(f, "{}", self.works)
        } else {
            write!(f, "{}/{}", self.works, self.out_of)
        }
    }
}

/// Digits only: no sign, no spaces inside.
fn parse_digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Validated options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseTrapConfig {
    pub(super) players: u8,
    pub(super) trap_parts: u8,
    pub(super) trap_reliability: Reliability,
    pub(super) max_turns: u32,
}

crate::config_serde!(MouseTrapConfig);

impl MouseTrapConfig {
    /// Parts the trap needs to be complete.
    pub fn trap_parts(&self) -> u8 {
        self.trap_parts
    }

    pub fn trap_reliability(&self) -> Reliability {
        self.trap_reliability
    }

    /// Turns (one seat's turn each) after which the safeguard ends the game.
    pub fn max_turns(&self) -> u32 {
        self.max_turns
    }
}

impl Default for MouseTrapConfig {
    fn default() -> Self {
        Self::defaults()
    }
}

impl GameConfig for MouseTrapConfig {
    fn description() -> &'static GameDescription {
        &INFO
    }

    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players()? as u8;
        let trap_parts = options.take_int("trap_parts", 1..=100)?;
        let trap_reliability = options.take("trap_reliability", Reliability::parse)?;
        let max_turns = options.take_int("max_turns", 1..=crate::options::MAX_TURNS)?;
        Ok(Self {
            players,
            trap_parts: trap_parts as u8,
            trap_reliability,
            max_turns,
        })
    }

    fn to_options(&self) -> BTreeMap<String, String> {
        [
            ("players", self.players.to_string()),
            ("trap_parts", self.trap_parts.to_string()),
            ("trap_reliability", self.trap_reliability.to_string()),
            ("max_turns", self.max_turns.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reliability_parses_fractions_and_decimals_exactly() {
        let parse = |t| Reliability::parse(t).map(|r| r.to_string());
        assert_eq!(parse("5/6").as_deref(), Some("5/6"));
        assert_eq!(parse("10/12").as_deref(), Some("5/6"));
        assert_eq!(parse("0.9").as_deref(), Some("9/10"));
        assert_eq!(parse("0.25").as_deref(), Some("1/4"));
        assert_eq!(parse(".5").as_deref(), Some("1/2"));
        assert_eq!(parse("1").as_deref(), Some("1"));
        assert_eq!(parse("1.0").as_deref(), Some("1"));
        assert_eq!(parse("0").as_deref(), Some("0"));
        assert_eq!(parse("0/3").as_deref(), Some("0"));
        for bad in [
            "",
            ".",
            "7/6",
            "1.5",
            "2",
            "-0.5",
            "1/0",
            "0.1234567",
            "a/b",
            "0.9x",
            "1/2000000",
            "+1",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        let default = MouseTrapConfig::default().trap_reliability();
        assert_eq!((default.works_weight(), default.fails_weight()), (5, 1));
    }
}
