//! What a seat sees in Mouse Trap: the whole public table (everything is public), as the JSON
//! bots read — the board as data, each mouse, the trap, the pile, the phase with what is
//! pending — with a readable rendering for people at a prompt.

use std::borrow::Cow;
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::board::{self, BOARD, LOOP_START, SPACES, Space};
use super::{MOVE_COST, MouseTrap, MouseTrapConfig, Phase, TOTAL_CHEESE, seats};
use crate::game::{Game, ToMove};
use crate::naming::Reader;
use crate::text::capital;

/// The public state of a game of Mouse Trap, as one seat sees it (all of it: nothing is
/// hidden). Seats are numbered from 0 and spaces from 0 (Start), as in the text forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MouseTrapObservation {
    /// The observing seat; 0 in a public view (`public`), which is no seat's.
    pub seat: usize,
    /// True in a public view: the table as everyone sees it (a spectator's): the same facts,
    /// every one public in this game, naming no seat "you". Absent (false) in a seat's
    /// observation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// The options of the game, in the same text forms as a game spec (`trap_reliability`
    /// as `5/6`).
    pub options: MouseTrapConfig,
    /// The seat that must decide now (the turn owner, when it robs or stands at Turn Crank);
    /// `null` while chance acts (a die, the crank) and once the game is over.
    pub deciding: Option<usize>,
    /// The seat whose turn it is (once the game is over: the seat whose turn ended it).
    pub turn: usize,
    /// Turns completed so far (one seat's turn each).
    pub turns_played: u32,
    /// The safeguard: the game ends once this many turns have been played.
    #[schemars(range(min = 1))]
    pub max_turns: u32,
    /// Where the game stands within the turn: `kind` names the phase, and the phase's own
    /// facts (what is pending) come with it.
    pub phase: ObservedPhase,
    /// Every seat's mouse, in seat order.
    pub mice: Vec<ObservedMouse>,
    /// The contraption.
    pub trap: ObservedTrap,
    /// Cheese in the common pile.
    pub pile: u8,
    /// Cheese in the game: the pile and all cheese held always add up to this.
    pub total_cheese: u8,
    /// The board, as data (a variant may change it).
    pub board: ObservedBoard,
}

/// One seat's mouse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObservedMouse {
    /// Whose mouse it is.
    pub seat: usize,
    /// The space it stands on (see `board.spaces`); a captured mouse stays where it was caught.
    pub space: u8,
    /// Cheese the seat holds.
    pub cheese: u8,
    /// Whether the mouse is still in the game (not captured).
    pub in_play: bool,
    /// `null` while in play; once captured, which capture caught it (1 = the first; mice
    /// caught by the same crank share the number).
    #[schemars(range(min = 1))]
    pub captured_in: Option<u8>,
}

/// The contraption, built part by part in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObservedTrap {
    /// Parts built so far.
    pub built: u8,
    /// Parts the trap needs (option `trap_parts`, 1…100).
    #[schemars(range(min = 1, max = 100))]
    pub needed: u8,
    /// Whether every part is built: only then can it be sprung from Turn Crank.
    pub complete: bool,
}

/// Where the game stands within a turn: an object whose `kind` names the phase, with the facts
/// that belong to that phase alone (the same shape in every game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObservedPhase {
    /// Chance: the turn owner's die (`roll N`) for its own move.
    Roll,
    /// The turn owner is taking cheese from the opponents who held the most, and names the
    /// one who gives the next piece (`rob P`).
    Rob {
        /// Pieces still to take.
        remaining: u8,
        /// The opponents tied for the most cheese when the space was resolved (fixed then):
        /// the pieces come only from them.
        eligible: Vec<usize>,
        /// Those of them still holding cheese: the seats `rob P` may name (at least two).
        victims: Vec<usize>,
    },
    /// The turn owner's own move ended on Turn Crank with the trap complete: it may pay to
    /// move opponents (`move P`), then `crank` if an opponent is on the Cheese Wheel, else
    /// `stop`.
    TurnCrank {
        /// Opponents whose mouse the turn owner may pay to move (in play, not on Safe, while
        /// the owner can pay).
        movable: Vec<usize>,
        /// Opponents on the Cheese Wheel. If any, `crank` is open and `stop` is not (the
        /// crank must be turned); if none, `stop` is open and `crank` is not.
        on_wheel: Vec<usize>,
        /// Cheese a `move P` costs (paid to the pile).
        move_cost: u8,
    },
    /// Chance: the die (`roll N`) for the opponent's mouse the turn owner paid to move; the
    /// mouse ignores the space it arrives on, and the owner then chooses again.
    MoveRoll {
        /// Whose mouse is moved.
        mouse: usize,
    },
    /// Chance: the crank is turned (`works` with probability `options.trap_reliability`,
    /// else `fails`).
    Crank {
        /// The opponents on the Cheese Wheel: captured if it works, sent to Safe if it fails.
        on_wheel: Vec<usize>,
    },
    /// The game is over.
    Over {
        /// How it ended.
        ended_by: Ending,
        /// The winning seats (several share a win at the turn limit).
        winners: Vec<usize>,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// One mouse is left in play: it wins.
    LastMouse,
    /// `max_turns` turns were played: the mice in play holding the most cheese win.
    TurnLimit,
}

/// The board as data: every space and the landmarks the rules name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ObservedBoard {
    /// Every space in order, from 0 (Start); the element's `space` is its number.
    pub spaces: Cow<'static, [BoardSpace]>,
    /// The first space of The Loop, which runs from here to the last space. Moving on from
    /// the last space comes to this one again (the mice circle The Loop for the rest of the
    /// game); going back inside The Loop wraps within it, and on the path stops at Start.
    pub loop_start: u8,
    /// The last space of the board (and of The Loop): after it comes `loop_start`.
    pub loop_end: u8,
    /// The Safe space: opponents cannot move a mouse here; a failed crank sends mice here.
    pub safe: u8,
    /// The Turn Crank space: where the trap is sprung from.
    pub turn_crank: u8,
    /// The Cheese Wheel space: where the trap catches mice.
    pub cheese_wheel: u8,
}

/// One space of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BoardSpace {
    /// The space's number.
    pub space: u8,
    /// Whether it lies in The Loop.
    pub in_loop: bool,
    /// What it tells a mouse whose own move ends here (`kind` and its numbers).
    #[serde(flatten)]
    pub kind: Space,
}

/// The default board as the observation shows it, built once.
static DEFAULT_SPACES: [BoardSpace; SPACES] = {
    let mut spaces = [BoardSpace {
        space: 0,
        in_loop: false,
        kind: Space::Start,
    }; SPACES];
    let mut i = 0;
    while i < SPACES {
        spaces[i] = BoardSpace {
            space: i as u8,
            in_loop: i >= LOOP_START,
            kind: BOARD[i],
        };
        i += 1;
    }
    spaces
};

impl ObservedBoard {
    /// The board the game is played on.
    fn of_game() -> Self {
        Self {
            spaces: Cow::Borrowed(&DEFAULT_SPACES),
            loop_start: LOOP_START as u8,
            loop_end: (SPACES - 1) as u8,
            safe: board::SAFE as u8,
            turn_crank: board::TURN_CRANK as u8,
            cheese_wheel: board::CHEESE_WHEEL as u8,
        }
    }

    /// The space numbered `number`, if the board has it.
    pub fn space(&self, number: u8) -> Option<Space> {
        self.spaces.get(usize::from(number)).map(|s| s.kind)
    }

    /// The space `steps` ahead of `number` on this board, wrapping round The Loop.
    pub fn forward(&self, number: u8, steps: u8) -> u8 {
        board::forward_on(
            self.spaces.len(),
            usize::from(self.loop_start),
            usize::from(number),
            usize::from(steps),
        ) as u8
    }

    /// "12 Build 2" (or the bare number off the board).
    pub fn name(&self, number: u8) -> String {
        match self.space(number) {
            Some(space) => format!("{number} {space}"),
            None => number.to_string(),
        }
    }
}

/// What `seat` may know: everything (nothing in Mouse Trap is hidden), as `seat` sees it.
pub(super) fn observation(state: &MouseTrap, seat: usize) -> MouseTrapObservation {
    let players = state.players();
    let mice = (0..players)
        .map(|s| ObservedMouse {
            seat: s,
            space: state.positions[s],
            cheese: state.cheese[s],
            in_play: state.captured_in[s] == 0,
            captured_in: (state.captured_in[s] != 0).then_some(state.captured_in[s]),
        })
        .collect();
    let list = |mask: u8| seats(mask).collect::<Vec<usize>>();
    let phase = match state.phase {
        Phase::Roll => ObservedPhase::Roll,
        Phase::Rob {
            remaining,
            eligible,
        } => ObservedPhase::Rob {
            remaining,
            eligible: list(eligible),
            victims: list(state.holders(eligible)),
        },
        Phase::Trap => ObservedPhase::TurnCrank {
            movable: (0..players).filter(|&s| state.can_move(s)).collect(),
            on_wheel: list(state.on_wheel()),
            move_cost: MOVE_COST,
        },
        Phase::MoveRoll { target } => ObservedPhase::MoveRoll {
            mouse: usize::from(target),
        },
        Phase::Crank => ObservedPhase::Crank {
            on_wheel: list(state.on_wheel()),
        },
        Phase::Over => ObservedPhase::Over {
            ended_by: if state.ended_by_safeguard() {
                Ending::TurnLimit
            } else {
                Ending::LastMouse
            },
            winners: state.winners().collect(),
        },
    };
    MouseTrapObservation {
        seat,
        public: false,
        options: state.config,
        deciding: match state.to_move() {
            ToMove::Player(seat) => Some(seat),
            ToMove::Chance | ToMove::Terminal => None,
        },
        turn: state.turn(),
        turns_played: state.turns_played,
        max_turns: state.config.max_turns(),
        phase,
        mice,
        trap: ObservedTrap {
            built: state.built,
            needed: state.config.trap_parts(),
            complete: state.trap_complete(),
        },
        pile: state.pile,
        total_cheese: TOTAL_CHEESE,
        board: ObservedBoard::of_game(),
    }
}

/// The table as everyone sees it: everything is public, so a seat's observation is it, but
/// for naming no seat.
pub(super) fn public_view(observation: &MouseTrapObservation) -> MouseTrapObservation {
    let mut public = observation.clone();
    public.seat = 0;
    public.public = true;
    public
}

impl MouseTrapObservation {
    /// Who reads this observation's notes: its seat, or nobody in particular for a public
    /// view.
    pub fn reader(&self) -> Reader {
        Reader::of_view(self.seat, self.public)
    }

    /// The sentence on what is happening: whose roll, robbing, the Turn Crank's choice, a
    /// paid move, the crank, or how the game ended, as `reader` reads it.
    fn write_phase(&self, f: &mut fmt::Formatter<'_>, reader: Reader) -> fmt::Result {
        let owner = self.turn;
        match &self.phase {
            ObservedPhase::Roll => writeln!(f, "{} about to roll.", capital(&reader.is(owner)))?,
            ObservedPhase::Rob {
                remaining, victims, ..
            } => writeln!(
                f,
                "{} {remaining} more cheese from the richest: {} gives the next piece (rob P).",
                capital(&reader.does(owner, "take")),
                reader.any(victims)
            )?,
            ObservedPhase::TurnCrank {
                movable, on_wheel, ..
            } => {
                write!(
                    f,
                    "{} on Turn Crank with the trap complete: {} may pay {MOVE_COST} cheese \
                     to move the mouse of {} (move P), then ",
                    capital(&reader.is(owner)),
                    if reader.is_me(owner) { "you" } else { "it" },
                    reader.any(movable)
                )?;
                if on_wheel.is_empty() {
                    writeln!(f, "stop: nobody is on the Cheese Wheel.")?;
                } else {
                    writeln!(
                        f,
                        "must crank: {} on the Cheese Wheel.",
                        is_are(reader, on_wheel)
                    )?;
                }
            }
            ObservedPhase::MoveRoll { mouse } => {
                writeln!(
                    f,
                    "{} paid to move {} mouse: the die rolls for it.",
                    capital(&reader.who(owner)),
                    reader.whose(*mouse)
                )?;
            }
            ObservedPhase::Crank { on_wheel } => writeln!(
                f,
                "{} the crank on {} (it works with probability {}).",
                capital(&reader.does(owner, "turn")),
                reader.all(on_wheel),
                self.options.trap_reliability()
            )?,
            ObservedPhase::Over { ended_by, winners } => match ended_by {
                Ending::LastMouse => {
                    writeln!(
                        f,
                        "The game is over: {} {}, the last mouse free.",
                        reader.all(winners),
                        if winners.iter().any(|&s| reader.is_me(s)) {
                            "win"
                        } else {
                            "wins"
                        }
                    )?;
                }
                Ending::TurnLimit => writeln!(
                    f,
                    "The game is over after {} turns: {} {} with the most cheese.",
                    self.turns_played,
                    reader.all(winners),
                    match winners.as_slice() {
                        [one] if reader.is_me(*one) => "win",
                        [_] => "wins",
                        _ => "share the win",
                    }
                )?,
            },
        }
        Ok(())
    }
}

impl Display for MouseTrapObservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The seat reads it: itself `you`, the others `seat N` (a public view: everyone
        // `seat N`).
        let reader = self.reader();
        if self.public {
            write!(f, "The table as everyone sees it. ")?;
        } else {
            write!(f, "You are seat {}. ", self.seat)?;
        }
        self.write_phase(f, reader)?;
        let complete = if self.trap.complete {
            " (complete)"
        } else {
            ""
        };
        writeln!(
            f,
            "Trap: {} of {} parts built{complete}.",
            self.trap.built, self.trap.needed
        )?;
        writeln!(
            f,
            "Cheese pile: {} of {}. Turns played: {} of at most {}.",
            self.pile, self.total_cheese, self.turns_played, self.max_turns
        )?;
        writeln!(f, "Mice:")?;
        for mouse in &self.mice {
            let seat = mouse.seat;
            let you = if reader.is_me(seat) { " (you)" } else { "" };
            let where_ = match self.board.spaces.get(usize::from(mouse.space)) {
                Some(space) if space.in_loop => format!("{}, in The Loop", space.kind),
                Some(space) => space.kind.to_string(),
                None => "off the board".to_owned(),
            };
            match mouse.captured_in {
                None => writeln!(
                    f,
                    "  seat {seat}{you}: space {} ({where_}), {} cheese",
                    mouse.space, mouse.cheese
                )?,
                Some(capture) => writeln!(f, "  seat {seat}{you}: captured (capture {capture})")?,
            }
        }
        Ok(())
    }
}

/// "seat 1 is", "you are", "seats 1 and 2 are".
fn is_are(reader: Reader, seats: &[usize]) -> String {
    match seats {
        [one] => reader.is(*one),
        _ => format!("{} are", reader.all(seats)),
    }
}
