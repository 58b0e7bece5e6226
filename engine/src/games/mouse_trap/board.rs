//! The Mouse Trap board as data: the 44-space path and the six-space Loop of the spec's
//! default board, and the arithmetic of moving along it.

use std::fmt::{self, Display};

/// Spaces on the board: the path (0 = Start … 43) and The Loop (44 … 49).
pub const SPACES: usize = 50;
/// The first space of The Loop; after the last space comes this one again.
pub const LOOP_START: usize = 44;
const LOOP_LEN: usize = SPACES - LOOP_START;

/// What a space tells the mouse that ends its own move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Start,
    /// Take N cheese from the pile (the rest from the richest opponents if it is short).
    Take(u8),
    /// Return N cheese to the pile, or all you hold if fewer.
    Lose(u8),
    /// Take N cheese from the opponent(s) holding the most, even if the pile is not empty.
    TakeFromRichest(u8),
    /// Build when the number of players is one of the printed numbers (bit `n` set = `n`
    /// players).
    Build(u8),
    /// Move exactly N spaces forward, ignoring the space reached.
    MoveAhead(u8),
    /// Move exactly N spaces back, ignoring the space reached.
    GoBack(u8),
    DogBone,
    /// Opponents can't move a mouse standing here; a failed crank sends mice here.
    Safe,
    /// Where the trap is sprung from, once complete.
    TurnCrank,
    /// Where the trap catches mice; landing here by your own roll takes cheese as Take 2.
    CheeseWheel,
}

/// Cheese taken for landing on the Cheese Wheel.
pub const WHEEL_CHEESE: u8 = 2;

/// A Build space printed with the given player counts.
const fn build(counts: &[u8]) -> Space {
    let mut mask = 0u8;
    let mut i = 0;
    while i < counts.len() {
        mask |= 1 << counts[i];
        i += 1;
    }
    Space::Build(mask)
}

const B2: Space = build(&[2]);
const B23: Space = build(&[2, 3]);
const B234: Space = build(&[2, 3, 4]);

/// The default board (`shared/spec/mouse-trap.md`, "The board"): the one place it is written.
pub const BOARD: [Space; SPACES] = {
    use Space::{
        CheeseWheel, DogBone, GoBack, Lose, MoveAhead, Safe, Start, Take, TakeFromRichest,
        TurnCrank,
    };
    [
        Start,              // 0
        Take(1),            // 1
        B234,               // 2
        Lose(1),            // 3
        B2,                 // 4
        MoveAhead(3),       // 5
        Take(2),            // 6
        B23,                // 7
        DogBone,            // 8
        B234,               // 9
        GoBack(2),          // 10
        Take(1),            // 11
        B2,                 // 12
        Lose(2),            // 13
        B23,                // 14
        TakeFromRichest(3), // 15
        B234,               // 16
        MoveAhead(2),       // 17
        B2,                 // 18
        Take(2),            // 19
        DogBone,            // 20
        B23,                // 21
        GoBack(3),          // 22
        B234,               // 23
        Take(1),            // 24
        B2,                 // 25
        Lose(1),            // 26
        B23,                // 27
        MoveAhead(1),       // 28
        B234,               // 29
        Take(2),            // 30
        B2,                 // 31
        DogBone,            // 32
        B23,                // 33
        GoBack(2),          // 34
        B234,               // 35
        TakeFromRichest(3), // 36
        B2,                 // 37
        Lose(2),            // 38
        B23,                // 39
        Take(1),            // 40
        B234,               // 41
        DogBone,            // 42
        Take(2),            // 43
        Safe,               // 44: The Loop
        B234,               // 45
        Take(1),            // 46
        TurnCrank,          // 47
        B234,               // 48
        CheeseWheel,        // 49
    ]
};

/// The first space of a kind on the board (the Safe space a failed crank sends mice to).
const fn find(wanted: Space) -> usize {
    let mut i = 0;
    while i < SPACES {
        if matches!(
            (BOARD[i], wanted),
            (Space::Safe, Space::Safe)
                | (Space::TurnCrank, Space::TurnCrank)
                | (Space::CheeseWheel, Space::CheeseWheel)
        ) {
            return i;
        }
        i += 1;
    }
    panic!("the board lacks a required space");
}

/// Where a failed crank sends the mice on the Wheel.
pub const SAFE: usize = find(Space::Safe);

/// The space at a position.
pub fn space(position: u8) -> Space {
    BOARD[usize::from(position)]
}

/// Whether a position lies in The Loop.
pub fn in_loop(position: u8) -> bool {
    usize::from(position) >= LOOP_START
}

/// The position `steps` spaces ahead: along the path, into The Loop and around it.
pub fn forward(position: u8, steps: u8) -> u8 {
    let target = usize::from(position) + usize::from(steps);
    let wrapped = if target >= SPACES {
        LOOP_START + (target - LOOP_START) % LOOP_LEN
    } else {
        target
    };
    wrapped as u8
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
    pub fn builds_for(self, players: usize) -> bool {
        matches!(self, Space::Build(mask) if mask & (1 << players) != 0)
    }
}

impl Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Space::Start => f.write_str("Start"),
            Space::Take(n) => write!(f, "Take {n} cheese"),
            Space::Lose(n) => write!(f, "Lose {n} cheese"),
            Space::TakeFromRichest(n) => write!(f, "Take {n} from rival with most"),
            Space::Build(mask) => {
                let counts: Vec<String> = (0..8)
                    .filter(|n| mask & (1 << n) != 0)
                    .map(|n| n.to_string())
                    .collect();
                write!(f, "Build {}", counts.join("-"))
            }
            Space::MoveAhead(n) => write!(f, "Move ahead {n}"),
            Space::GoBack(n) => write!(f, "Go back {n}"),
            Space::DogBone => f.write_str("Dog bone"),
            Space::Safe => f.write_str("Safe"),
            Space::TurnCrank => f.write_str("Turn Crank"),
            Space::CheeseWheel => f.write_str("Cheese Wheel"),
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
        assert_eq!(SAFE, 44);
        assert_eq!(BOARD[47], Space::TurnCrank);
        assert_eq!(BOARD[49], Space::CheeseWheel);
        assert_eq!(BOARD[2].to_string(), "Build 2-3-4");
        assert_eq!(BOARD[7].to_string(), "Build 2-3");
        assert_eq!(BOARD[4].to_string(), "Build 2");
        assert!(BOARD[7].builds_for(3) && !BOARD[7].builds_for(4));
        let builds = |players| BOARD.iter().filter(|s| s.builds_for(players)).count();
        assert_eq!((builds(2), builds(3), builds(4)), (21, 15, 9));
    }
}
