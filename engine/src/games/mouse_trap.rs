//! Mouse Trap: roll and move round a board, collect cheese and build the contraption, then
//! spring it on the mice on the Cheese Wheel; the last mouse free wins.
//! Rules: `shared/spec/mouse-trap.md`.

mod action;
pub mod board;
mod config;
mod encoding;
mod hidden;
mod invariants;
mod notes;
mod observation;
mod playout;
mod views;

use serde::{Deserialize, Serialize};

use crate::error::BrokenInvariant;
use crate::game::{Actor, Game, ToMove};
use crate::listing::Listing;
use crate::options::GameConfig;
use crate::outcome::{HowItEnded, Outcome};
use crate::rng::GameRng;

pub use action::MouseTrapAction;
use board::{SAFE, Space, forward, space};
pub use config::{MouseTrapConfig, Reliability};
pub use observation::{
    BoardSpace, Ending, MouseTrapObservation, ObservedBoard, ObservedMouse, ObservedPhase,
    ObservedTrap,
};

/// Most seats the game allows.
pub const MAX_PLAYERS: usize = 4;
/// Cheese pieces in the game.
pub const TOTAL_CHEESE: u8 = 52;
/// Cheese a turn owner pays to move an opponent's mouse from Turn Crank.
const MOVE_COST: u8 = 1;
/// Faces of the die.
const DIE_FACES: u8 = 6;

/// Where the game stands within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Chance: the turn owner's die.
    Roll,
    /// The turn owner names the opponent to take the next piece from. `eligible` (bit per
    /// seat) are the opponents tied for the most cheese when the space was resolved; at least
    /// two of them still hold cheese.
    Rob { remaining: u8, eligible: u8 },
    /// The turn owner, on Turn Crank with the trap complete, chooses `move P`, `crank` or
    /// `stop` (at least two of them are open).
    Trap,
    /// Chance: the die for the opponent's mouse the turn owner paid to move.
    MoveRoll { target: u8 },
    /// Chance: the crank works or fails.
    Crank,
    /// The game is over.
    Over,
}

/// The full state of a game of Mouse Trap. Everything in it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MouseTrap {
    config: MouseTrapConfig,
    phase: Phase,
    /// The seat whose turn it is.
    turn: u8,
    /// Turns completed so far (one seat's turn each), for the `max_turns` safeguard.
    turns_played: u32,
    /// Board position of each mouse.
    positions: [u8; MAX_PLAYERS],
    /// Cheese held by each seat.
    cheese: [u8; MAX_PLAYERS],
    /// 0 while the mouse is in play; else the number of the capture (1, 2, …) that took it.
    captured_in: [u8; MAX_PLAYERS],
    /// Captures so far (mice caught together count once).
    captures: u8,
    pile: u8,
    /// Trap parts built.
    built: u8,
}

impl MouseTrap {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// Turns completed so far.
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }

    pub fn position(&self, seat: usize) -> u8 {
        self.positions[seat]
    }

    pub fn cheese(&self, seat: usize) -> u8 {
        self.cheese[seat]
    }

    pub fn pile(&self) -> u8 {
        self.pile
    }

    /// Trap parts built so far.
    pub fn built(&self) -> u8 {
        self.built
    }

    pub fn is_captured(&self, seat: usize) -> bool {
        self.captured_in[seat] != 0
    }

    /// Whether the game ended because `max_turns` ran out rather than by the last capture.
    pub fn ended_by_safeguard(&self) -> bool {
        self.phase == Phase::Over && self.in_play_count() > 1
    }

    /// A position set up directly, for tests of situations that take long to reach by play:
    /// the mice stand at `positions` holding `cheese`, the pile holds the rest, `built` parts
    /// stand, and it is `turn`'s turn to roll. Captured mice cannot be set up this way.
    ///
    /// # Panics
    /// If the slices do not have one entry per seat, or the cheese exceeds the total.
    #[doc(hidden)]
    pub fn with_position(
        config: &MouseTrapConfig,
        turn: usize,
        positions: &[u8],
        cheese: &[u8],
        built: u8,
    ) -> Self {
        let players = config.players();
        assert!(positions.len() == players && cheese.len() == players);
        let mut state = Self::new(config);
        state.turn = turn as u8;
        state.positions[..players].copy_from_slice(positions);
        state.cheese[..players].copy_from_slice(cheese);
        let held: u8 = cheese.iter().sum();
        state.pile = TOTAL_CHEESE.checked_sub(held).expect("at most 52 cheese");
        state.built = built;
        state
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn in_play(&self, seat: usize) -> bool {
        seat < self.players() && self.captured_in[seat] == 0
    }

    fn in_play_count(&self) -> usize {
        (0..self.players()).filter(|&s| self.in_play(s)).count()
    }

    fn trap_complete(&self) -> bool {
        self.built >= self.config.trap_parts
    }

    /// Opponents of the turn owner still in play (bit per seat).
    fn opponents(&self) -> u8 {
        let owner = self.turn();
        (0..self.players())
            .filter(|&s| s != owner && self.captured_in[s] == 0)
            .fold(0, |mask, s| mask | 1 << s)
    }

    /// Opponents standing on the Cheese Wheel (bit per seat).
    fn on_wheel(&self) -> u8 {
        seats(self.opponents())
            .filter(|&s| usize::from(self.positions[s]) == board::CHEESE_WHEEL)
            .fold(0, |mask, s| mask | 1 << s)
    }

    /// Whether the turn owner may pay to move `seat`'s mouse.
    fn can_move(&self, seat: usize) -> bool {
        seat != self.turn()
            && self.in_play(seat)
            && usize::from(self.positions[seat]) != SAFE
            && self.cheese[self.turn()] >= MOVE_COST
    }

    /// Eligible opponents still holding cheese (bit per seat).
    fn holders(&self, eligible: u8) -> u8 {
        seats(eligible)
            .filter(|&s| self.cheese[s] > 0)
            .fold(0, |mask, s| mask | 1 << s)
    }

    /// Gives the turn owner up to `amount` cheese from the pile; returns how many it gave.
    fn take_from_pile(&mut self, amount: u8) -> u8 {
        let taken = amount.min(self.pile);
        self.pile -= taken;
        self.cheese[self.turn()] += taken;
        taken
    }

    /// Moves one piece (or `amount`) of cheese from `victim` to the turn owner.
    fn take_from(&mut self, victim: usize, amount: u8) {
        self.cheese[victim] -= amount;
        self.cheese[self.turn()] += amount;
    }

    /// Takes `amount` cheese for a Take space or the Cheese Wheel: from the pile, the rest
    /// from the richest opponents.
    fn take(&mut self, amount: u8) {
        let from_pile = self.take_from_pile(amount);
        self.rob_richest(amount - from_pile);
    }

    /// Starts taking `amount` cheese from the opponents tied for the most cheese now.
    fn rob_richest(&mut self, amount: u8) {
        if amount == 0 {
            self.end_turn();
            return;
        }
        let opponents = self.opponents();
        let most = seats(opponents).map(|s| self.cheese[s]).max().unwrap_or(0);
        let eligible = if most == 0 {
            0
        } else {
            seats(opponents)
                .filter(|&s| self.cheese[s] == most)
                .fold(0, |mask, s| mask | 1 << s)
        };
        self.continue_robbing(amount, eligible);
    }

    /// Asks for a victim while two eligible opponents still hold cheese; otherwise takes the
    /// rest from the only one left (the forced-choice ruling) and ends the turn.
    fn continue_robbing(&mut self, remaining: u8, eligible: u8) {
        let holders = self.holders(eligible);
        if remaining > 0 && holders.count_ones() >= 2 {
            self.phase = Phase::Rob {
                remaining,
                eligible,
            };
            return;
        }
        if remaining > 0 && holders != 0 {
            let victim = holders.trailing_zeros() as usize;
            let amount = remaining.min(self.cheese[victim]);
            self.take_from(victim, amount);
        }
        self.end_turn();
    }

    /// Does what the space the turn owner's own move ended on says.
    fn resolve_landing(&mut self) {
        let owner = self.turn();
        let position = self.positions[owner];
        match space(position) {
            Space::Take { cheese } | Space::CheeseWheel { cheese } => self.take(cheese),
            Space::TakeFromRichest { cheese } => self.rob_richest(cheese),
            Space::Lose { cheese } => {
                let lost = cheese.min(self.cheese[owner]);
                self.cheese[owner] -= lost;
                self.pile += lost;
                self.end_turn();
            }
            Space::Build { players, parts } => {
                if !self.trap_complete() && players.contains(self.players()) {
                    let parts = parts.min(self.config.trap_parts - self.built);
                    self.built += parts;
                    self.take_from_pile(parts);
                }
                self.end_turn();
            }
            Space::MoveAhead { steps } => {
                self.positions[owner] = forward(position, steps);
                self.end_turn();
            }
            Space::GoBack { steps } => {
                self.positions[owner] = board::back(position, steps);
                self.end_turn();
            }
            Space::TurnCrank if self.trap_complete() => self.offer_trap(),
            Space::TurnCrank | Space::Start | Space::DogBone | Space::Safe => self.end_turn(),
        }
    }

    /// At Turn Crank: asks the turn owner only if there is a real choice; a lone `crank` is
    /// turned and a lone `stop` ends the turn, unrecorded (the forced-choice ruling).
    fn offer_trap(&mut self) {
        let can_pay = (0..self.players()).any(|s| self.can_move(s));
        let wheel = self.on_wheel() != 0;
        self.phase = match (can_pay, wheel) {
            (true, _) => Phase::Trap,
            (false, true) => Phase::Crank,
            (false, false) => {
                self.end_turn();
                return;
            }
        };
    }

    /// Ends the turn: the game ends with the last mouse or at the turn limit, else the next
    /// mouse in play rolls.
    #[inline]
    fn end_turn(&mut self) {
        self.turns_played += 1;
        let players = self.config.players;
        if self.turns_played >= self.config.max_turns
            || (self.captures > 0 && self.in_play_count() <= 1)
        {
            self.phase = Phase::Over;
            return;
        }
        let mut next = if self.turn + 1 == players {
            0
        } else {
            self.turn + 1
        };
        // Captured seats are skipped; there is one in play besides the owner (checked above).
        while self.captured_in[usize::from(next)] != 0 {
            next = (next + 1) % players;
        }
        self.turn = next;
        self.phase = Phase::Roll;
    }

    /// The winners once the game is over (the last mouse in play, or at the turn limit the
    /// mice in play holding the most cheese): the first places of [`Game::outcome`].
    fn winners(&self) -> impl Iterator<Item = usize> + use<> {
        self.outcome()
            .map(|outcome| outcome.winners())
            .unwrap_or_default()
            .into_iter()
    }
}

/// The seats in a bit-per-seat mask, in increasing order.
fn seats(mask: u8) -> impl Iterator<Item = usize> {
    (0..MAX_PLAYERS).filter(move |&s| mask & (1 << s) != 0)
}

impl Game for MouseTrap {
    type Config = MouseTrapConfig;
    type Action = MouseTrapAction;
    type Observation = MouseTrapObservation;
    /// Everything is public: every seat sees every event as it is.
    type EventView = MouseTrapAction;
    type RankKey = (bool, u8);

    fn new(config: &MouseTrapConfig) -> Self {
        Self {
            config: *config,
            phase: Phase::Roll,
            turn: 0,
            turns_played: 0,
            positions: [0; MAX_PLAYERS],
            cheese: [0; MAX_PLAYERS],
            captured_in: [0; MAX_PLAYERS],
            captures: 0,
            pile: TOTAL_CHEESE,
            built: 0,
        }
    }

    fn config(&self) -> &MouseTrapConfig {
        &self.config
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Roll | Phase::MoveRoll { .. } | Phase::Crank => ToMove::Chance,
            Phase::Rob { .. } | Phase::Trap => ToMove::Player(self.turn()),
            Phase::Over => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut impl Listing<MouseTrapAction>) {
        out.clear();
        match self.phase {
            Phase::Rob { eligible, .. } => {
                out.extend(seats(self.holders(eligible)).map(|s| MouseTrapAction::Rob(s as u8)));
            }
            Phase::Trap => {
                out.extend(
                    (0..self.players())
                        .filter(|&s| self.can_move(s))
                        .map(|s| MouseTrapAction::Move(s as u8)),
                );
                out.push(if self.on_wheel() != 0 {
                    MouseTrapAction::Crank
                } else {
                    MouseTrapAction::Stop
                });
            }
            Phase::Roll | Phase::MoveRoll { .. } | Phase::Crank | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut impl Listing<(MouseTrapAction, u32)>) {
        out.clear();
        match self.phase {
            Phase::Roll | Phase::MoveRoll { .. } => {
                out.extend((1..=DIE_FACES).map(|n| (MouseTrapAction::Roll(n), 1)));
            }
            Phase::Crank => {
                let reliability = self.config.trap_reliability;
                for (outcome, weight) in [
                    (MouseTrapAction::Works, reliability.works_weight()),
                    (MouseTrapAction::Fails, reliability.fails_weight()),
                ] {
                    if weight > 0 {
                        out.push((outcome, weight));
                    }
                }
            }
            Phase::Rob { .. } | Phase::Trap | Phase::Over => {}
        }
    }

    /// Drawn without listing the outcomes, for the levels' playouts (`playout.rs`).
    #[inline]
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(MouseTrapAction, u32)>,
    ) -> Option<MouseTrapAction> {
        playout::sample_chance(self, rng)
    }

    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop, whose arms then apply only the chance or only the seat actions: measured 24,295 -> 21,719 instructions per random game (callgrind, issue 42)"
    )]
    #[inline(always)]
    fn apply_unchecked(&mut self, action: MouseTrapAction) {
        let owner = self.turn();
        match (action, self.phase) {
            (MouseTrapAction::Roll(n), Phase::Roll) => {
                self.positions[owner] = forward(self.positions[owner], n);
                self.resolve_landing();
            }
            (MouseTrapAction::Roll(n), Phase::MoveRoll { target }) => {
                let target = usize::from(target);
                // A mouse moved by an opponent ignores the space it arrives on.
                self.positions[target] = forward(self.positions[target], n);
                self.offer_trap();
            }
            (
                MouseTrapAction::Rob(victim),
                Phase::Rob {
                    remaining,
                    eligible,
                },
            ) => {
                self.take_from(usize::from(victim), 1);
                self.continue_robbing(remaining - 1, eligible);
            }
            (MouseTrapAction::Move(target), _) => {
                self.cheese[owner] -= MOVE_COST;
                self.pile += MOVE_COST;
                self.phase = Phase::MoveRoll { target };
            }
            (MouseTrapAction::Crank, _) => self.phase = Phase::Crank,
            (MouseTrapAction::Stop, _) => self.end_turn(),
            (MouseTrapAction::Works, _) => {
                let caught = self.on_wheel();
                self.captures += 1;
                for seat in seats(caught) {
                    self.captured_in[seat] = self.captures;
                    let held = self.cheese[seat];
                    self.take_from(seat, held);
                }
                self.end_turn();
            }
            (MouseTrapAction::Fails, _) => {
                for seat in seats(self.on_wheel()) {
                    self.positions[seat] = SAFE as u8;
                }
                self.end_turn();
            }
            (action, phase) => {
                debug_assert!(false, "apply_unchecked: {action} is not legal in {phase:?}");
            }
        }
    }

    fn observation(&self, seat: usize) -> MouseTrapObservation {
        observation::observation(self, seat)
    }

    fn public_view(observation: &MouseTrapObservation) -> MouseTrapObservation {
        observation::public_view(observation)
    }

    fn public_event_view(&self, action: &MouseTrapAction) -> MouseTrapAction {
        views::public_event_view(*action)
    }

    fn ending(
        observation: &MouseTrapObservation,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<HowItEnded> {
        notes::ending(observation, outcome, names)
    }

    fn determinize(observation: &MouseTrapObservation, _rng: &mut GameRng) -> Self {
        hidden::determinize(observation)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample_hidden(self, seat, rng)
    }

    /// Mice in play by cheese held, ahead of captured mice, which rank by how late they were
    /// caught.
    fn rank_key(&self, seat: usize) -> (bool, u8) {
        if self.in_play(seat) {
            (true, self.cheese[seat])
        } else {
            (false, self.captured_in[seat])
        }
    }

    /// Cheese held.
    fn final_score(&self, seat: usize) -> i64 {
        i64::from(self.cheese[seat])
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        invariants::check_invariants(self).map_err(BrokenInvariant)
    }

    fn event_view(&self, seat: usize, action: &MouseTrapAction) -> MouseTrapAction {
        views::event_view(self, seat, *action)
    }

    /// Everything is public, so the observation before the event shows the whole state and
    /// the note reads as the full transcript's.
    fn event_note(
        before: &MouseTrapObservation,
        actor: Actor,
        view: &MouseTrapAction,
        after: &MouseTrapObservation,
    ) -> Option<String> {
        notes::event_note(before, actor, *view, after)
    }

    fn choice_label(observation: &MouseTrapObservation, action: &MouseTrapAction) -> String {
        notes::choice_label(observation, *action)
    }

    fn describe(&self, action: &MouseTrapAction) -> Option<String> {
        notes::describe(self, *action, crate::naming::Reader::nobody())
    }
}
