//! Mouse Trap's numbers (see [`crate::encoding`]): action ids and the observation tensor.
//!
//! Decisions, with P players: `rob P` is the seat P (0…P-1), `move P` P + seat, `crank` 2P,
//! `stop` 2P + 1. Chance outcomes: `roll N` is N-1 (0…5), `works` 6, `fails` 7.

use super::action::MouseTrapAction;
use super::board::SPACES;
use super::observation::{Ending, MouseTrapObservation, ObservedPhase};
use super::{MouseTrap, MouseTrapConfig, TOTAL_CHEESE};
use crate::encoding::{Encoding, TensorLayout, TensorWriter};
use crate::options::GameConfig;

const DIE_FACES: usize = 6;
const PHASES: usize = 6;
/// Pieces one space's robbing can take.
const MOST_ROBBED: u8 = 3;

impl Encoding for MouseTrap {
    fn num_distinct_actions(config: &MouseTrapConfig) -> usize {
        2 * config.players() + 2
    }

    fn max_chance_outcomes(_: &MouseTrapConfig) -> usize {
        DIE_FACES + 2
    }

    fn action_id(config: &MouseTrapConfig, action: &MouseTrapAction) -> Option<usize> {
        let players = config.players();
        let seat = |seat: u8| Some(usize::from(seat)).filter(|&seat| seat < players);
        Some(match *action {
            MouseTrapAction::Rob(victim) => seat(victim)?,
            MouseTrapAction::Move(mouse) => players + seat(mouse)?,
            MouseTrapAction::Crank => 2 * players,
            MouseTrapAction::Stop => 2 * players + 1,
            MouseTrapAction::Roll(n) => usize::from(n) - 1,
            MouseTrapAction::Works => DIE_FACES,
            MouseTrapAction::Fails => DIE_FACES + 1,
        })
    }

    fn decision_from_id(config: &MouseTrapConfig, id: usize) -> Option<MouseTrapAction> {
        let players = config.players();
        Some(match id {
            _ if id < players => MouseTrapAction::Rob(id as u8),
            _ if id < 2 * players => MouseTrapAction::Move((id - players) as u8),
            _ if id == 2 * players => MouseTrapAction::Crank,
            _ if id == 2 * players + 1 => MouseTrapAction::Stop,
            _ => return None,
        })
    }

    fn chance_from_id(_: &MouseTrapConfig, id: usize) -> Option<MouseTrapAction> {
        Some(match id {
            _ if id < DIE_FACES => MouseTrapAction::Roll(id as u8 + 1),
            DIE_FACES => MouseTrapAction::Works,
            _ if id == DIE_FACES + 1 => MouseTrapAction::Fails,
            _ => return None,
        })
    }

    /// A turn asks at most 3 decisions when robbing (one per piece taken), or at Turn Crank
    /// one `move P` per piece of cheese the seat can pay (it holds at most all 52) and then
    /// `crank` or `stop`; the game ends after `max_turns` turns.
    fn max_decisions(config: &MouseTrapConfig) -> usize {
        let per_turn = usize::from(MOST_ROBBED).max(usize::from(TOTAL_CHEESE) + 1);
        per_turn * config.max_turns() as usize
    }

    fn tensor_layout(config: &MouseTrapConfig) -> TensorLayout {
        let players = config.players();
        TensorLayout::new()
            .field("seat", &[players], "one-hot: the observing seat")
            .field("turn", &[players], "one-hot: the seat whose turn it is")
            .field("deciding", &[players], "one-hot: the seat that decides now, if one does")
            .field(
                "phase",
                &[PHASES],
                "one-hot: roll, rob, turn_crank, move_roll (an opponent's mouse is being moved), crank (chance: works or fails), over",
            )
            .field(
                "mice",
                &[players, SPACES + 3],
                "per seat: one-hot the space its mouse stands on (0 = Start … 49); cheese held / 52; in play; captured",
            )
            .field("trap", &[2], "parts built / parts needed; complete")
            .field("pile", &[1], "cheese in the pile / 52")
            .field("turns", &[1], "turns played / max_turns")
            .field(
                "rob",
                &[1 + 2 * players],
                "phase rob: pieces still to take / 3; the eligible opponents (flags per seat); those of them still holding cheese, whom `rob P` may name",
            )
            .field(
                "crank",
                &[2 * players],
                "phase turn_crank: the opponents `move P` may move (flags per seat); phases turn_crank and crank: the opponents on the Cheese Wheel",
            )
            .field("move_roll", &[players], "phase move_roll: one-hot whose mouse is moved")
            .field(
                "over",
                &[2 + players],
                "phase over: one-hot how it ended (last mouse, turn limit); the winners (flags per seat)",
            )
    }

    fn write_tensor(observation: &MouseTrapObservation, tensor: &mut TensorWriter<'_>) {
        let players = observation.options.players();
        tensor.field("seat");
        tensor.one_hot(players, Some(observation.seat));
        tensor.field("turn");
        tensor.one_hot(players, Some(observation.turn));
        tensor.field("deciding");
        tensor.one_hot(players, observation.deciding);
        tensor.field("phase");
        tensor.one_hot(
            PHASES,
            Some(match observation.phase {
                ObservedPhase::Roll => 0,
                ObservedPhase::Rob { .. } => 1,
                ObservedPhase::TurnCrank { .. } => 2,
                ObservedPhase::MoveRoll { .. } => 3,
                ObservedPhase::Crank { .. } => 4,
                ObservedPhase::Over { .. } => 5,
            }),
        );
        tensor.field("mice");
        for mouse in &observation.mice {
            tensor.one_hot(SPACES, Some(usize::from(mouse.space)));
            tensor.fraction(mouse.cheese, observation.total_cheese);
            tensor.flag(mouse.in_play);
            tensor.flag(mouse.captured_in.is_some());
        }
        tensor.field("trap");
        tensor.fraction(observation.trap.built, observation.trap.needed);
        tensor.flag(observation.trap.complete);
        tensor.field("pile");
        tensor.fraction(observation.pile, observation.total_cheese);
        tensor.field("turns");
        tensor.fraction(observation.turns_played, observation.max_turns);
        tensor.field("rob");
        match &observation.phase {
            ObservedPhase::Rob {
                remaining,
                eligible,
                victims,
            } => {
                tensor.fraction(*remaining, MOST_ROBBED);
                tensor.many_hot(players, eligible.iter().copied());
                tensor.many_hot(players, victims.iter().copied());
            }
            _ => tensor.skip(1 + 2 * players),
        }
        tensor.field("crank");
        match &observation.phase {
            ObservedPhase::TurnCrank {
                movable, on_wheel, ..
            } => {
                tensor.many_hot(players, movable.iter().copied());
                tensor.many_hot(players, on_wheel.iter().copied());
            }
            ObservedPhase::Crank { on_wheel } => {
                tensor.skip(players);
                tensor.many_hot(players, on_wheel.iter().copied());
            }
            _ => tensor.skip(2 * players),
        }
        tensor.field("move_roll");
        match &observation.phase {
            ObservedPhase::MoveRoll { mouse } => tensor.one_hot(players, Some(*mouse)),
            _ => tensor.skip(players),
        }
        tensor.field("over");
        match &observation.phase {
            ObservedPhase::Over { ended_by, winners } => {
                tensor.one_hot(
                    2,
                    Some(match ended_by {
                        Ending::LastMouse => 0,
                        Ending::TurnLimit => 1,
                    }),
                );
                tensor.many_hot(players, winners.iter().copied());
            }
            _ => tensor.skip(2 + players),
        }
    }
}
