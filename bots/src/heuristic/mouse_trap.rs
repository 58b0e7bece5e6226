//! The Mouse Trap heuristic. A player decides only whom to rob among tied richest opponents
//! and, on Turn Crank with the trap complete, whether to pay to roll an opponent's mouse, whose,
//! and when to crank or stop. The strategy:
//!
//! - **Turn Crank.** Pay to roll an opponent whose mouse a roll can carry onto the Cheese Wheel
//!   (the exact number of faces that do, counted on the board from where the mouse stands),
//!   the most faces first, then the richest (his cheese comes to the captor), then the one
//!   who plays soonest; never the mouse already on the Wheel; keep paying to add more victims
//!   before the compulsory crank; stop only when no roll can help. Cheese is worth keeping only
//!   where it decides the game. When the crank can never work (`trap_reliability=0`) the game
//!   goes to the turn limit and a payment is only a loss: it never pays. In the last round
//!   before the limit a seat that holds the most cheese keeps it, while one behind still pays
//!   (a capture hands it the victim's cheese).
//! - **Rob.** Take each piece from the victim it hurts most: the one holding least now (the
//!   first pieces of cheese buy a player's first rerolls, the most valuable ones), so the
//!   pieces go to one victim rather than being split; among equals the mouse furthest along
//!   (the nearest to The Loop and its crank), then the one who plays soonest. When cheese
//!   decides the game (as above) it robs the richest instead, to pull down the best rival.
//!
//! Why paying is right until no roll can help: in a model of the game once every mouse is in
//! The Loop (two and three players, default reliability, solved exactly by value iteration
//! over cheese held and where the mice stand), stopping while a roll could bring a victim onto
//! the Wheel is never better, nor is cranking on one victim while another could still be
//! rolled on; the richest-first order loses at most 0.001 of a win against the model's best.
//!
//! Both forms — the agent's, from the observation, and the rollout policy's, from a sampled
//! world — fill the same [`Knowledge`] (everything in Mouse Trap is public) and decide from it
//! alone; the faces are counted on the observation's board data in one, on the engine's board
//! in the other, which are the same board.

use std::cmp::Reverse;

use mousehole_engine::games::mouse_trap::board::{self, CHEESE_WHEEL};
use mousehole_engine::games::mouse_trap::{
    MAX_PLAYERS, MouseTrap, MouseTrapAction, MouseTrapObservation, Reliability,
};
use mousehole_engine::{Game, GameConfig, GameRng};

use super::Heuristic;
use crate::levels::{LevelSettings, Levels, heuristic, improved_heuristic};

/// Faces of the die.
const DIE_FACES: u8 = 6;

/// What the seat to move knows, reduced to what the strategy reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The seat to move (the turn owner).
    me: u8,
    players: u8,
    /// Seats still in play, a bit each.
    in_play: u8,
    cheese: [u8; MAX_PLAYERS],
    /// How far each mouse has come: its space on the path, and the same for every space of
    /// The Loop (where a roll reaches any of its spaces, the crank among them).
    progress: [u8; MAX_PLAYERS],
    /// Faces of a paid roll that would carry each mouse onto the Cheese Wheel from where it
    /// stands.
    wheel_faces: [u8; MAX_PLAYERS],
    /// Opponents of the seat to move in play on the Cheese Wheel, a bit each.
    on_wheel: u8,
    /// Whether cheese held decides the game rather than the trap: the crank can never work,
    /// or the turn limit ends the game before the seat to move rolls again.
    cheese_decides: bool,
    /// Whether the crank can work at all (`trap_reliability` above 0).
    crank_can_work: bool,
}

impl Knowledge {
    /// From a (sampled) state, for `me`, the seat to move.
    fn from_state(state: &MouseTrap, me: usize) -> Self {
        let config = state.config();
        let players = config.players().min(MAX_PLAYERS);
        let mut table = Self::empty(me, players);
        for seat in 0..players {
            let space = state.position(seat);
            let wheel_faces = (1..=DIE_FACES)
                .filter(|&roll| usize::from(board::forward(space, roll)) == CHEESE_WHEEL)
                .count() as u8;
            table.set(
                seat,
                !state.is_captured(seat),
                state.cheese(seat),
                space.min(board::LOOP_START as u8),
                wheel_faces,
                usize::from(space) == CHEESE_WHEEL,
            );
        }
        table.cheese_decides = cheese_decides(
            config.trap_reliability(),
            state.turns_played(),
            config.max_turns(),
            table.in_play.count_ones(),
        );
        table.crank_can_work = config.trap_reliability().works_weight() > 0;
        table
    }

    /// From the observation of the seat deciding, with the board as the observation gives it.
    fn from_observation(observation: &MouseTrapObservation) -> Self {
        let players = observation.mice.len().min(MAX_PLAYERS);
        let mut table = Self::empty(observation.turn, players);
        let board = &observation.board;
        for mouse in &observation.mice {
            if mouse.seat >= players {
                continue;
            }
            let wheel_faces = (1..=DIE_FACES)
                .filter(|&roll| board.forward(mouse.space, roll) == board.cheese_wheel)
                .count() as u8;
            table.set(
                mouse.seat,
                mouse.in_play,
                mouse.cheese,
                mouse.space.min(board.loop_start),
                wheel_faces,
                mouse.space == board.cheese_wheel,
            );
        }
        table.cheese_decides = cheese_decides(
            observation.options.trap_reliability(),
            observation.turns_played,
            observation.max_turns,
            table.in_play.count_ones(),
        );
        table.crank_can_work = observation.options.trap_reliability().works_weight() > 0;
        table
    }

    fn empty(me: usize, players: usize) -> Self {
        Self {
            me: me.min(MAX_PLAYERS - 1) as u8,
            players: players as u8,
            in_play: 0,
            cheese: [0; MAX_PLAYERS],
            progress: [0; MAX_PLAYERS],
            wheel_faces: [0; MAX_PLAYERS],
            on_wheel: 0,
            cheese_decides: false,
            crank_can_work: true,
        }
    }

    fn set(
        &mut self,
        seat: usize,
        in_play: bool,
        cheese: u8,
        progress: u8,
        wheel_faces: u8,
        on_wheel: bool,
    ) {
        self.cheese[seat] = cheese;
        self.progress[seat] = progress;
        self.wheel_faces[seat] = wheel_faces;
        if in_play {
            self.in_play |= 1 << seat;
            if on_wheel && seat != usize::from(self.me) {
                self.on_wheel |= 1 << seat;
            }
        }
    }

    /// How many turns after the seat to move `seat` plays: 1 for the next seat.
    fn turns_until(&self, seat: usize) -> u8 {
        let players = self.players.max(1);
        (seat as u8 + players - self.me % players) % players
    }

    /// Most cheese an opponent in play holds.
    fn richest_opponent(&self) -> u8 {
        (0..usize::from(self.players))
            .filter(|&s| s != usize::from(self.me) && self.in_play & (1 << s) != 0)
            .map(|s| self.cheese[s])
            .max()
            .unwrap_or(0)
    }

    /// The decision among `legal`: at Turn Crank if it offers `crank` or `stop`, else a rob.
    fn choose(&self, legal: &[MouseTrapAction]) -> MouseTrapAction {
        let at_crank = legal
            .iter()
            .any(|a| matches!(a, MouseTrapAction::Crank | MouseTrapAction::Stop));
        let chosen = if at_crank {
            self.at_turn_crank(legal)
        } else {
            self.rob(legal)
        };
        chosen.unwrap_or(legal[0])
    }

    /// Turn Crank: the opponent to pay for, or the crank (or stop) once paying cannot help.
    fn at_turn_crank(&self, legal: &[MouseTrapAction]) -> Option<MouseTrapAction> {
        let me = usize::from(self.me);
        // A crank that never works makes every payment a loss. While cheese decides, paying
        // only helps a seat that is behind (a capture hands it the victim's cheese); one that
        // leads or ties keeps its cheese.
        let pay = self.crank_can_work
            && (!self.cheese_decides || self.cheese[me] < self.richest_opponent());
        let target = legal
            .iter()
            .filter_map(|action| match *action {
                MouseTrapAction::Move(seat) => Some(usize::from(seat)),
                _ => None,
            })
            .filter(|&seat| {
                seat < usize::from(self.players)
                    && self.wheel_faces[seat] > 0
                    && self.on_wheel & (1 << seat) == 0
            })
            .max_by_key(|&seat| {
                (
                    self.wheel_faces[seat],
                    self.cheese[seat],
                    Reverse(self.turns_until(seat)),
                )
            });
        match target {
            Some(seat) if pay => Some(MouseTrapAction::Move(seat as u8)),
            _ => legal
                .iter()
                .copied()
                .find(|a| matches!(a, MouseTrapAction::Crank | MouseTrapAction::Stop)),
        }
    }

    /// The victim of the next piece.
    fn rob(&self, legal: &[MouseTrapAction]) -> Option<MouseTrapAction> {
        legal
            .iter()
            .copied()
            .filter_map(|action| match action {
                MouseTrapAction::Rob(seat) if usize::from(seat) < usize::from(self.players) => {
                    Some(usize::from(seat))
                }
                _ => None,
            })
            .max_by_key(|&seat| {
                let held = i16::from(self.cheese[seat]);
                (
                    if self.cheese_decides { held } else { -held },
                    self.progress[seat],
                    Reverse(self.turns_until(seat)),
                )
            })
            .map(|seat| MouseTrapAction::Rob(seat as u8))
    }
}

/// Whether cheese held decides the game rather than the trap: the crank can never work, or
/// the turn limit comes before the seat to move, with `in_play` mice still in the game and
/// `turns_played` turns done, would roll again.
fn cheese_decides(
    reliability: Reliability,
    turns_played: u32,
    max_turns: u32,
    in_play: u32,
) -> bool {
    let turns_after_this = max_turns.saturating_sub(turns_played).saturating_sub(1);
    reliability.works_weight() == 0 || turns_after_this < in_play
}

impl Heuristic for MouseTrap {
    type Knowledge = Knowledge;

    fn knowledge_from_observation(observation: &MouseTrapObservation) -> Knowledge {
        Knowledge::from_observation(observation)
    }

    fn knowledge_from_state(state: &Self, seat: usize) -> Knowledge {
        Knowledge::from_state(state, seat)
    }

    fn decide(
        knowledge: &Knowledge,
        legal: &[MouseTrapAction],
        _rng: &mut GameRng,
    ) -> MouseTrapAction {
        knowledge.choose(legal)
    }
}

/// This game's row of the level table (see [`crate::levels`] for how the budgets were chosen).
impl Levels for MouseTrap {
    const LEVELS: [LevelSettings; 4] = [
        heuristic(0.3),
        heuristic(0.0),
        improved_heuristic(10_000, 2.0),
        improved_heuristic(40_000, 2.0),
    ];
}

// What the search bots sample from: the observation alone.
crate::inference::observation_only!(MouseTrap);

#[cfg(test)]
mod tests {
    use mousehole_engine::games::mouse_trap::{MouseTrap, MouseTrapAction};
    use mousehole_engine::rng::seat_rng;
    use mousehole_engine::testing::{act, config};
    use mousehole_engine::{Game, ToMove};

    use super::Heuristic;

    /// A position set up with `with_position` (the trap complete unless `built` says
    /// otherwise), then the turn owner's die `roll`: the decision it faces then.
    fn decision_after(
        options: &str,
        positions: &[u8],
        cheese: &[u8],
        built: u8,
        roll: u8,
    ) -> MouseTrap {
        let mut state =
            MouseTrap::with_position(&config::<MouseTrap>(options), 0, positions, cheese, built);
        act(&mut state, &format!("roll {roll}"));
        assert_eq!(state.to_move(), ToMove::Player(0), "a decision for seat 0");
        state
    }

    /// The heuristic's choice in `state`, checked legal and the same in both forms.
    fn choice(state: &MouseTrap) -> MouseTrapAction {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let seat = state.turn();
        let from_state = MouseTrap::rollout_choice(state, &legal, &mut seat_rng(1, seat));
        let from_observation =
            MouseTrap::heuristic_choice(&state.observation(seat), &legal, &mut seat_rng(1, seat));
        assert!(legal.contains(&from_state), "{from_state} not in {legal:?}");
        assert_eq!(from_state, from_observation, "the two forms agree");
        from_state
    }

    fn text(action: MouseTrapAction) -> String {
        action.to_string()
    }

    // Seat 0 stands on 41 and rolls 6 onto Turn Crank (47), the trap complete (25 parts).

    #[test]
    fn at_turn_crank_it_pays_to_roll_the_opponent_a_roll_can_bring_onto_the_wheel() {
        // Seat 1 at 45 reaches the Wheel with a 4; seat 2 at 30 cannot in one roll.
        let state = decision_after("players=3", &[41, 30, 45], &[4, 4, 4], 25, 6);
        assert_eq!(text(choice(&state)), "move 2");
        let state = decision_after("players=3", &[41, 45, 30], &[4, 4, 4], 25, 6);
        assert_eq!(text(choice(&state)), "move 1");
    }

    #[test]
    fn among_opponents_a_roll_can_bring_onto_the_wheel_it_rolls_the_richest() {
        let state = decision_after("players=3", &[41, 45, 46], &[4, 3, 7], 25, 6);
        assert_eq!(text(choice(&state)), "move 2");
        let state = decision_after("players=3", &[41, 45, 46], &[4, 9, 7], 25, 6);
        assert_eq!(text(choice(&state)), "move 1");
        // Equal cheese: the one who plays soonest (seat 1 after seat 0).
        let state = decision_after("players=4", &[41, 46, 48, 45], &[4, 5, 5, 5], 25, 6);
        assert_eq!(text(choice(&state)), "move 1");
    }

    #[test]
    fn it_adds_victims_before_the_compulsory_crank_and_never_moves_the_mouse_on_the_wheel() {
        // Seat 1 is on the Wheel; seat 2 at 46 could join it.
        let state = decision_after("players=3", &[41, 49, 46], &[4, 6, 2], 25, 6);
        assert_eq!(text(choice(&state)), "move 2");
        // Seat 2 cannot come in one roll: crank on seat 1 alone.
        let state = decision_after("players=3", &[41, 49, 20], &[4, 6, 2], 25, 6);
        assert_eq!(text(choice(&state)), "crank");
    }

    #[test]
    fn it_stops_without_paying_when_no_roll_can_bring_a_mouse_onto_the_wheel() {
        let state = decision_after("players=3", &[41, 10, 42], &[4, 6, 2], 25, 6);
        assert_eq!(text(choice(&state)), "stop");
    }

    #[test]
    fn when_the_crank_can_never_work_it_never_pays() {
        let options = "players=3,trap_reliability=0";
        let leading = decision_after(options, &[41, 45, 46], &[9, 3, 7], 25, 6);
        assert_eq!(text(choice(&leading)), "stop");
        let behind = decision_after(options, &[41, 45, 46], &[2, 3, 7], 25, 6);
        assert_eq!(text(choice(&behind)), "stop");
        // With a mouse on the Wheel the crank is compulsory: turned at once, nothing paid.
        let on_wheel = decision_after(options, &[41, 49, 46], &[2, 3, 7], 25, 6);
        assert_eq!(text(choice(&on_wheel)), "crank");
    }

    #[test]
    fn in_the_last_round_before_the_turn_limit_a_leader_keeps_its_cheese_and_a_trailer_pays() {
        // Two turns left for three mice: seat 0 does not roll again.
        let options = "players=3,max_turns=2";
        let leading = decision_after(options, &[41, 45, 46], &[9, 3, 7], 25, 6);
        assert_eq!(text(choice(&leading)), "stop");
        let behind = decision_after(options, &[41, 45, 46], &[2, 3, 7], 25, 6);
        assert_eq!(text(choice(&behind)), "move 2");
        // Far from the limit the same seat pays.
        let early = decision_after("players=3", &[41, 45, 46], &[9, 3, 7], 25, 6);
        assert_eq!(text(choice(&early)), "move 2");
    }

    #[test]
    fn it_robs_every_piece_from_one_victim_the_furthest_along_first() {
        // Seat 0 on 9 rolls 6 onto 15 (Take 3 from rival with most); seats 1 and 2 tie at 5.
        let mut state = decision_after("players=3", &[9, 10, 30], &[0, 5, 5], 0, 6);
        assert_eq!(text(choice(&state)), "rob 2", "the furthest along");
        act(&mut state, "rob 2");
        assert_eq!(state.to_move(), ToMove::Player(0));
        assert_eq!(text(choice(&state)), "rob 2", "now the one holding least");
        act(&mut state, "rob 2");
        assert_eq!(text(choice(&state)), "rob 2");
        act(&mut state, "rob 2");
        assert_eq!(
            (state.cheese(1), state.cheese(2), state.cheese(0)),
            (5, 2, 3)
        );
    }

    #[test]
    fn when_cheese_decides_it_robs_the_richest_to_pull_down_the_best_rival() {
        let mut state = decision_after(
            "players=3,trap_reliability=0",
            &[9, 10, 30],
            &[0, 5, 5],
            0,
            6,
        );
        act(&mut state, "rob 2");
        assert_eq!(text(choice(&state)), "rob 1", "seat 1 holds most now");
    }
}
