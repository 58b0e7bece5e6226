//! The Mouse Trap board as data: the 44-space path and the six-space Loop of the spec's
//! default board, and the arithmetic of moving along it.

use std::borrow::Cow;
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

/// Spaces on the board: the path (0 = Start … 43) and The Loop (44 … 49).
pub const SPACES: usize = 50;
/// The first space of The Loop; after the last space comes this one again.
pub const LOOP_START: usize = 44;
const LOOP_LEN: usize = SPACES - LOOP_START;

/// What a space tells the mouse that ends its own move there. Its JSON names the kind
/// (`{"kind": "take", "cheese": 2}`, `{"kind": "build", "players": [2, 3], "parts": 1}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Space {
    /// Where every mouse begins; nothing happens here.
    Start,
    /// Take `cheese` pieces from the pile; if the pile holds fewer, the rest comes from the
    /// opponent(s) holding the most.
    Take {
        /// Pieces to take.
        cheese: u8,
    },
    /// Return `cheese` pieces to the pile, or all the mouse holds if fewer.
    Lose {
        /// Pieces to return.
        cheese: u8,
    },
    /// Take `cheese` pieces from the opponent(s) holding the most, even if the pile is not
    /// empty (what they hold if fewer).
    TakeFromRichest {
        /// Pieces to take.
        cheese: u8,
    },
    /// If the number of players in the game is one of `players` and the trap is not
    /// complete: add `parts` parts (fewer if fewer are missing) and take as many cheese from
    /// the pile (what it has if short; no one is robbed).
    Build {
        /// The player counts printed on the space: it builds only in games with one of them.
        players: PlayerCounts,
        /// Parts it adds: 1 on the path, 2 in The Loop.
        parts: u8,
    },
    /// Move exactly `steps` spaces forward and ignore the space reached.
    MoveAhead {
        /// Spaces to move.
        steps: u8,
    },
    /// Move exactly `steps` spaces back and ignore the space reached (in The Loop this wraps
    /// within The Loop; on the path it stops at Start).
    GoBack {
        /// Spaces to move.
        steps: u8,
    },
    /// Nothing happens.
    DogBone,
    /// Nothing happens; opponents cannot move a mouse standing here, and a failed crank
    /// sends the mice on the Cheese Wheel here.
    Safe,
    /// Where the trap is sprung from once it is complete (by a mouse whose own move ends
    /// here).
    TurnCrank,
    /// Where the trap catches mice. Landing here by your own roll takes `cheese` as Take N
    /// does.
    CheeseWheel {
        /// Pieces to take.
        cheese: u8,
    },
}

/// A set of player counts (2, 3, 4 …), written in JSON as the list of numbers (`[2, 3, 4]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerCounts(u8);

/// Largest player count a set can hold (one bit each in a byte).
const MAX_COUNT: u8 = 7;

impl PlayerCounts {
    /// The set of the given counts (each at most 7).
    pub const fn of(counts: &[u8]) -> Self {
        let mut mask = 0u8;
        let mut i = 0;
        while i < counts.len() {
            assert!(counts[i] <= MAX_COUNT, "a player count above 7");
            mask |= 1 << counts[i];
            i += 1;
        }
        Self(mask)
    }

    /// Whether `players` is in the set.
    #[inline]
    pub const fn contains(self, players: usize) -> bool {
        players <= MAX_COUNT as usize && self.0 & (1 << players) != 0
    }

    /// The counts in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..=MAX_COUNT).filter(move |&n| self.0 & (1 << n) != 0)
    }
}

impl Serialize for PlayerCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PlayerCounts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let counts = Vec::<u8>::deserialize(deserializer)?;
        if let Some(bad) = counts.iter().find(|&&n| n == 0 || n > MAX_COUNT) {
            return Err(serde::de::Error::custom(format!(
                "player count {bad} is not from 1 to {MAX_COUNT}"
            )));
        }
        Ok(Self::of(&counts))
    }
}

impl schemars::JsonSchema for PlayerCounts {
    fn schema_name() -> Cow<'static, str> {
        "PlayerCounts".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Player counts, in increasing order, each from 1 to 7.",
            "type": "array",
            "items": { "type": "integer", "minimum": 1, "maximum": MAX_COUNT },
            "uniqueItems": true
        })
    }
}

/// A Build space on the path printed with the given player counts.
const fn build(counts: &[u8]) -> Space {
    Space::Build {
        players: PlayerCounts::of(counts),
        parts: 1,
    }
}

/// A Build space in The Loop: it adds two parts.
const fn loop_build(counts: &[u8]) -> Space {
    Space::Build {
        players: PlayerCounts::of(counts),
        parts: 2,
    }
}

const B2: Space = build(&[2]);
const B23: Space = build(&[2, 3]);
const B234: Space = build(&[2, 3, 4]);

const fn take(cheese: u8) -> Space {
    Space::Take { cheese }
}

const fn lose(cheese: u8) -> Space {
    Space::Lose { cheese }
}

const fn richest(cheese: u8) -> Space {
    Space::TakeFromRichest { cheese }
}

const fn ahead(steps: u8) -> Space {
    Space::MoveAhead { steps }
}

const fn back_by(steps: u8) -> Space {
    Space::GoBack { steps }
}

/// The default board (`shared/spec/mouse-trap.md`, "The board"): the one place it is written.
pub const BOARD: [Space; SPACES] = {
    use Space::{DogBone, Safe, Start, TurnCrank};
    [
        Start,                            // 0
        take(1),                          // 1
        B234,                             // 2
        lose(1),                          // 3
        B2,                               // 4
        ahead(3),                         // 5
        take(2),                          // 6
        B23,                              // 7
        DogBone,                          // 8
        B234,                             // 9
        back_by(2),                       // 10
        take(1),                          // 11
        B2,                               // 12
        lose(2),                          // 13
        B23,                              // 14
        richest(3),                       // 15
        B234,                             // 16
        ahead(2),                         // 17
        B2,                               // 18
        take(2),                          // 19
        DogBone,                          // 20
        B23,                              // 21
        back_by(3),                       // 22
        B234,                             // 23
        take(1),                          // 24
        B2,                               // 25
        lose(1),                          // 26
        B23,                              // 27
        ahead(1),                         // 28
        B234,                             // 29
        take(2),                          // 30
        B2,                               // 31
        DogBone,                          // 32
        B23,                              // 33
        back_by(2),                       // 34
        B234,                             // 35
        richest(3),                       // 36
        B2,                               // 37
        lose(2),                          // 38
        B23,                              // 39
        take(1),                          // 40
        B234,                             // 41
        DogBone,                          // 42
        take(2),                          // 43
        Safe,                             // 44: The Loop
        loop_build(&[2, 3, 4]),           // 45
        take(1),                          // 46
        TurnCrank,                        // 47
        loop_build(&[2, 3, 4]),           // 48
        Space::CheeseWheel { cheese: 2 }, // 49
    ]
};

/// The spaces the rules refer to by name.
#[derive(Clone, Copy)]
enum Landmark {
    Safe,
    TurnCrank,
    CheeseWheel,
}

/// The first space of a kind on the board.
const fn find(wanted: Landmark) -> usize {
    let mut i = 0;
    while i < SPACES {
        if matches!(
            (BOARD[i], wanted),
            (Space::Safe, Landmark::Safe)
                | (Space::TurnCrank, Landmark::TurnCrank)
                | (Space::CheeseWheel { .. }, Landmark::CheeseWheel)
        ) {
            return i;
        }
        i += 1;
    }
    panic!("the board lacks a required space");
}

/// Where a failed crank sends the mice on the Wheel.
pub const SAFE: usize = find(Landmark::Safe);
/// Where the trap is sprung from.
pub const TURN_CRANK: usize = find(Landmark::TurnCrank);
/// Where the trap catches mice.
pub const CHEESE_WHEEL: usize = find(Landmark::CheeseWheel);

/// The space at a position.
#[inline]
pub fn space(position: u8) -> Space {
    BOARD[usize::from(position)]
}

/// Whether a position lies in The Loop.
#[inline]
pub fn in_loop(position: u8) -> bool {
    usize::from(position) >= LOOP_START
}

/// The position `steps` spaces ahead on a board of `spaces` spaces whose Loop starts at
/// `loop_start`: along the path, into The Loop and around it.
pub fn forward_on(spaces: usize, loop_start: usize, position: usize, steps: usize) -> usize {
    let target = position + steps;
    if target >= spaces {
        loop_start + (target - loop_start) % (spaces - loop_start)
    } else {
        target
    }
}

/// Where a die of 0…6 takes a mouse from each space of the default board, worked out once:
/// the hot path of every roll.
const FORWARD: [[u8; 7]; SPACES] = {
    let mut table = [[0u8; 7]; SPACES];
    let mut position = 0;
    while position < SPACES {
        let mut steps = 0;
        while steps < 7 {
            let target = position + steps;
            table[position][steps] = if target >= SPACES {
                (LOOP_START + (target - LOOP_START) % LOOP_LEN) as u8
            } else {
                target as u8
            };
            steps += 1;
        }
        position += 1;
    }
    table
};

/// The position `steps` spaces ahead: along the path, into The Loop and around it.
#[inline]
pub fn forward(position: u8, steps: u8) -> u8 {
    match FORWARD
        .get(usize::from(position))
        .and_then(|row| row.get(usize::from(steps)))
    {
        Some(&to) => to,
        None => forward_on(SPACES, LOOP_START, position.into(), steps.into()) as u8,
    }
}

/// The position `steps` spaces back. A mouse in The Loop circles it for the rest of the game,
/// so going back there wraps within The Loop; on the path it stops at Start.
pub fn back(position: u8, steps: u8) -> u8 {
    let from = usize::from(position);
    let to = if from >= LOOP_START {
        let offset = (from - LOOP_START + LOOP_LEN - usize::from(steps) % LOOP_LEN) % LOOP_LEN;
        LOOP_START + offset
    } else {
        from.saturating_sub(usize::from(steps))
    };
    to as u8
}

impl Space {
    /// Whether a Build space counts with `players` players.
    #[inline]
    pub fn builds_for(self, players: usize) -> bool {
        matches!(self, Space::Build { players: counts, .. } if counts.contains(players))
    }
}

impl Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Space::Start => f.write_str("Start"),
            Space::Take { cheese } => write!(f, "Take {cheese} cheese"),
            Space::Lose { cheese } => write!(f, "Lose {cheese} cheese"),
            Space::TakeFromRichest { cheese } => write!(f, "Take {cheese} from rival with most"),
            Space::Build { players, .. } => {
                let counts: Vec<String> = players.iter().map(|n| n.to_string()).collect();
                write!(f, "Build {}", counts.join("-"))
            }
            Space::MoveAhead { steps } => write!(f, "Move ahead {steps}"),
            Space::GoBack { steps } => write!(f, "Go back {steps}"),
            Space::DogBone => f.write_str("Dog bone"),
            Space::Safe => f.write_str("Safe"),
            Space::TurnCrank => f.write_str("Turn Crank"),
            Space::CheeseWheel { .. } => f.write_str("Cheese Wheel"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loop_wraps_from_49_to_44() {
        assert_eq!(forward(49, 1), 44);
        assert_eq!(forward(43, 1), 44);
        assert_eq!(forward(43, 6), 49);
        assert_eq!(forward(40, 6), 46);
        assert_eq!(forward(48, 6), 48);
        assert_eq!(forward(47, 3), 44);
        assert_eq!(forward(47, 9), 44, "beyond the table: worked out");
    }

    #[test]
    fn the_forward_table_agrees_with_the_arithmetic() {
        for position in 0..SPACES {
            for steps in 0..7 {
                assert_eq!(
                    usize::from(forward(position as u8, steps as u8)),
                    forward_on(SPACES, LOOP_START, position, steps),
                    "{position} + {steps}"
                );
            }
        }
    }

    #[test]
    fn going_back_stays_in_the_loop_and_stops_at_start() {
        assert_eq!(back(44, 1), 49);
        assert_eq!(back(46, 2), 44);
        assert_eq!(back(10, 2), 8);
        assert_eq!(back(1, 3), 0);
    }

    #[test]
    fn the_board_has_the_spec_layout() {
        assert_eq!((SAFE, TURN_CRANK, CHEESE_WHEEL), (44, 47, 49));
        assert_eq!(BOARD[2].to_string(), "Build 2-3-4");
        assert_eq!(BOARD[7].to_string(), "Build 2-3");
        assert_eq!(BOARD[4].to_string(), "Build 2");
        assert!(BOARD[7].builds_for(3) && !BOARD[7].builds_for(4));
        let builds = |players| BOARD.iter().filter(|s| s.builds_for(players)).count();
        assert_eq!((builds(2), builds(3), builds(4)), (21, 15, 9));
    }

    #[test]
    fn build_spaces_add_one_part_on_the_path_and_two_in_the_loop() {
        for (position, space) in BOARD.iter().enumerate() {
            if let Space::Build { parts, .. } = space {
                let expected = if in_loop(position as u8) { 2 } else { 1 };
                assert_eq!(*parts, expected, "space {position}");
            }
        }
    }

    #[test]
    fn player_counts_are_written_as_a_list() {
        let counts = PlayerCounts::of(&[2, 3, 4]);
        assert_eq!(serde_json::to_string(&counts).unwrap(), "[2,3,4]");
        let back: PlayerCounts = serde_json::from_str("[4,2]").unwrap();
        assert_eq!(back, PlayerCounts::of(&[2, 4]));
        let error = serde_json::from_str::<PlayerCounts>("[2,9]").unwrap_err();
        assert!(error.to_string().contains("player count 9"), "{error}");
        assert!(counts.contains(3) && !counts.contains(5) && !counts.contains(100));
    }
}
