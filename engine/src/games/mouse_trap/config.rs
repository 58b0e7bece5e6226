//! Mouse Trap's options: players, trap size, how reliably the contraption works, and the
//! turn limit — parsed and validated into [`MouseTrapConfig`].

use std::collections::BTreeMap;
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use crate::error::OptionError;
use crate::game::Game;
use crate::options::{GameConfig, Options};

use super::MouseTrap;

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
    fn info() -> &'static crate::options::GameInfo {
        MouseTrap::info()
    }

    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players()? as u8;
        let trap_parts = options.take_int("trap_parts", 1..=100)?;
        let trap_reliability = options.take("trap_reliability", Reliability::parse)?;
        let max_turns = options.take_int("max_turns", 1..=u32::MAX)?;
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
