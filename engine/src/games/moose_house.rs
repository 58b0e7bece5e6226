//! Moose in the House ("There's a Moose in the House"): give your opponents rooms and moose,
//! keep the moose out of your own house with doors and traps. Rules:
//! `shared/spec/moose-house.md`.
//!
//! Hands, the discard pile and the draw pile are per-kind counts: their order never matters to
//! the rules, and the draw pile's order is decided draw by draw (`draw CARD`, weighted by how
//! many of each card are still in the pile), which is the same as a shuffled deck.

mod action;
mod cards;
mod config;
mod encoding;
mod hidden;
mod house;
mod invariants;
mod notes;
mod observation;
mod phase;
mod playout;
mod views;

use serde::{Deserialize, Serialize};

pub use self::action::MooseHouseAction;
pub use self::cards::{Card, Cards, DECK_SIZE, KINDS, RoomKind};
use self::config::INFO;
pub use self::config::{DrawRule, MooseHouseConfig};
pub use self::house::{Content, House, MAX_EMPTY_ROOMS, MAX_ROOMS, Room};
pub use self::observation::{
    MooseHouseObservation, ObservedHouse, ObservedPhase, ObservedRoom, PendingMoose,
};
pub use self::phase::{Phase, RefillQueue};
pub use self::views::MooseHouseView;
use crate::error::BrokenInvariant;
use crate::game::{Actor, Game, ToMove};
use crate::listing::Listing;
use crate::options::GameConfig;
use crate::outcome::{HowItEnded, Outcome};
use crate::rng::GameRng;

/// Most seats the game allows.
pub const MAX_PLAYERS: usize = 5;
/// Cards a hand is dealt and refilled to.
pub const HAND_SIZE: u8 = 4;

/// The full state of a game of Moose in the House.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MooseHouse {
    config: MooseHouseConfig,
    phase: Phase,
    /// The seat whose turn it is (the attacker while a trap is decided).
    turn: u8,
    hands: [Cards; MAX_PLAYERS],
    houses: [House; MAX_PLAYERS],
    discard: Cards,
    /// The draw pile: cards the rules have not revealed yet. Which one comes next is decided
    /// at each draw, with probability proportional to the counts.
    pile: Cards,
    /// Passes made in a row.
    passes: u8,
}

impl MooseHouse {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    pub fn hand(&self, seat: usize) -> &Cards {
        &self.hands[seat]
    }

    pub fn house(&self, seat: usize) -> &House {
        &self.houses[seat]
    }

    pub fn discard_pile(&self) -> &Cards {
        &self.discard
    }

    pub fn pile_size(&self) -> usize {
        usize::from(self.pile.total())
    }

    pub fn passes_in_a_row(&self) -> usize {
        usize::from(self.passes)
    }

    /// The cards `seat` has not seen, per kind: the draw pile and the other hands together,
    /// the same counts as its observation's `unseen`, without building the observation. For
    /// rollout policies, which may know how many of each card are unaccounted for but not
    /// where they lie.
    #[inline]
    pub fn unseen_by(&self, seat: usize) -> Cards {
        self.opponents(seat)
            .fold(self.pile, |unseen, other| unseen.plus(&self.hands[other]))
    }

    /// A score: Moose in the Room cards in the house and in hand.
    pub fn score(&self, seat: usize) -> usize {
        let in_hand: u8 = RoomKind::ALL
            .iter()
            .map(|&kind| self.hands[seat].count(Card::Moose(kind)))
            .sum();
        self.houses[seat].moose() + usize::from(in_hand)
    }

    /// A position at the start of `turn`'s turn (play phase, nobody has passed), for tests:
    /// the draw pile holds every card not placed in `hands`, `houses` or `discard`.
    ///
    /// # Errors
    /// If the cards do not add up to the deck or the position breaks an invariant.
    #[doc(hidden)]
    pub fn test_position(
        config: &MooseHouseConfig,
        turn: usize,
        hands: &[Cards],
        houses: &[House],
        discard: Cards,
    ) -> Result<Self, String> {
        let mut state = Self::new(config);
        state.phase = Phase::Play;
        state.turn = turn as u8;
        state.discard = discard;
        let mut placed = discard;
        for (seat, hand) in hands.iter().enumerate() {
            state.hands[seat] = *hand;
            placed = placed.plus(hand);
        }
        for (seat, house) in houses.iter().enumerate() {
            state.houses[seat] = *house;
            placed = placed.plus(&house.cards());
        }
        state.pile = Cards::deck()
            .minus(&placed)
            .ok_or_else(|| format!("more cards placed than the deck holds: {placed}"))?;
        state.check_invariants().map_err(|e| e.0)?;
        Ok(state)
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn opponents(&self, seat: usize) -> impl Iterator<Item = usize> + use<> {
        (0..self.players()).filter(move |&s| s != seat)
    }

    fn everyone_has_moose_in_house(&self) -> bool {
        self.houses[..self.players()]
            .iter()
            .all(House::has_moose_in_house)
    }

    /// The seat the next card off the pile goes to, at a chance node.
    fn receiver(&self) -> Option<usize> {
        match self.phase {
            Phase::Deal { dealt } => Some(usize::from(dealt % self.players() as u8)),
            Phase::TurnDraw => Some(self.turn()),
            Phase::Refill { queue } => queue.front(),
            Phase::Play | Phase::Trap { .. } | Phase::Over => None,
        }
    }

    /// The plays (not discards or passes) open to the turn owner, in a fixed order: Moose in
    /// the House by seat; Empty Rooms by kind, then seat; Moose in the Room by kind, seat and
    /// room; Doors by room. Each run is counted from bits before anything is listed, and the
    /// whole length said first ([`Listing::will_list`]), so a random pick draws at once and
    /// takes its play from the one run that holds it ([`Listing::extend_counted`]).
    /// `false`, listing nothing, when there is no play.
    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop with its random pick, whose state then stays \
                  in registers: the release CLI otherwise calls it and `openings` (issue 42)"
    )]
    #[inline(always)]
    fn plays(&self, out: &mut impl Listing<MooseHouseAction>) -> bool {
        let me = self.turn();
        let open = self.openings();
        let houses = if open.held & 1 << Card::House.index() != 0 {
            open.without_house
        } else {
            0
        };
        let room_kinds = open.held & 0xF;
        let room_takers = ones(open.room_takers);
        let rooms = ones(room_kinds) * room_takers;
        let moose_kinds = open.held >> 4 & 0xF;
        let mut moose_by_kind = [0; 4];
        for kind in bits(moose_kinds) {
            let kind = RoomKind::ALL[usize::from(kind)];
            for seat in bits(open.moose_takers) {
                moose_by_kind[kind as usize] +=
                    self.houses[usize::from(seat)].empty_count_of_kind(kind);
            }
        }
        let moose: u32 = moose_by_kind.iter().sum();
        let (doors, door_count) = if open.held & 1 << Card::Door.index() != 0 {
            let own = &self.houses[me];
            (own.empty_mask(), own.empty_rooms() as u32)
        } else {
            (0, 0)
        };
        let total = ones(houses) + rooms + moose + door_count;
        if total == 0 {
            return false;
        }
        out.will_list(total as usize);
        out.extend_counted(
            ones(houses) as usize,
            bits(houses).map(|seat| MooseHouseAction::House { seat }),
        );
        for kind in bits(room_kinds) {
            let kind = RoomKind::ALL[usize::from(kind)];
            out.extend_counted(
                room_takers as usize,
                bits(open.room_takers).map(|seat| MooseHouseAction::Room { kind, seat }),
            );
        }
        if moose > 0 {
            for kind in bits(moose_kinds) {
                let kind = RoomKind::ALL[usize::from(kind)];
                for seat in bits(open.moose_takers) {
                    let house = &self.houses[usize::from(seat)];
                    out.extend_counted(
                        house.empty_count_of_kind(kind) as usize,
                        bits(house.empty_of_kind(kind)).map(|room| MooseHouseAction::Moose {
                            kind,
                            seat,
                            room,
                        }),
                    );
                }
            }
        }
        out.extend_counted(
            door_count as usize,
            bits(doors).map(|room| MooseHouseAction::Door { room }),
        );
        true
    }

    /// The opponents open to each kind of play by the turn owner, as bit sets of seats from
    /// one look at each house, and the kinds it holds (bit i = `Card::ALL[i]`): what
    /// [`MooseHouse::plays`] lists.
    #[allow(clippy::inline_always, reason = "a part of `plays`, inlined with it")]
    #[inline(always)]
    fn openings(&self) -> Openings {
        let me = self.turn();
        let mut open = Openings {
            held: u32::from(self.hands[me].kinds()),
            without_house: 0,
            room_takers: 0,
            moose_takers: 0,
        };
        for (seat, house) in self.houses[..self.players()].iter().enumerate() {
            if seat == me {
                continue;
            }
            let bit = 1 << seat;
            if house.has_moose_in_house() {
                open.moose_takers |= bit;
            } else {
                open.without_house |= bit;
            }
            open.room_takers |= u32::from(house.accepts_room()) << seat;
        }
        open
    }

    /// Begins the turn of `self.turn`.
    fn start_turn(&mut self) {
        self.phase = if self.config.draw() == DrawRule::First && !self.pile.is_empty() {
            Phase::TurnDraw
        } else {
            Phase::Play
        };
    }

    fn end_turn(&mut self) {
        let next = self.turn() + 1;
        self.turn = if next == self.players() {
            0
        } else {
            next as u8
        };
        self.start_turn();
    }

    /// Refills the short hands among `seats`, in that order, then ends the turn.
    fn refill(&mut self, seats: impl IntoIterator<Item = usize>) {
        // Hands only grow while refilling, so a seat that is full now is left out for good.
        let queue = RefillQueue::of(
            seats
                .into_iter()
                .filter(|&seat| self.hands[seat].total() < HAND_SIZE),
        );
        self.phase = Phase::Refill { queue };
        self.continue_refill();
    }

    /// Skips seats whose hands are full; ends the turn when nobody is waiting or the pile is
    /// empty.
    #[allow(
        clippy::inline_always,
        reason = "a draw's last step (see `draw`): inlined with it, measured +3% games/s by the \
                  median of paired runs (issue 42)"
    )]
    #[inline(always)]
    fn continue_refill(&mut self) {
        while let Phase::Refill { mut queue } = self.phase {
            match queue.front() {
                Some(_) if self.pile.is_empty() => self.end_turn(),
                None => self.end_turn(),
                Some(seat) if self.hands[seat].total() >= HAND_SIZE => {
                    queue.pop();
                    self.phase = Phase::Refill { queue };
                }
                Some(_) => return,
            }
        }
    }

    /// After the turn owner's play or discard: his own refill (or none with `draw=first`).
    fn after_play(&mut self) {
        match self.config.draw() {
            DrawRule::Refill => self.refill([self.turn()]),
            DrawRule::First => self.end_turn(),
        }
    }

    /// The clean-up once everyone has a Moose in the House card: hands discard theirs, then
    /// refill to 4 from the turn owner clockwise.
    fn clean_up(&mut self) {
        for seat in 0..self.players() {
            let discarded = self.hands[seat].take_all(Card::House);
            self.discard.add(Card::House, discarded);
        }
        let (turn, players) = (self.turn(), self.players());
        self.refill((0..players).map(|i| (turn + i) % players));
    }

    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop's chance arm, after `sample_chance`, which has \
                  just asked for the receiver: measured 30,592 -> 29,660 instructions per \
                  random game (callgrind) and +3.7% games/s, best and median of paired runs \
                  (issue 42)"
    )]
    #[inline(always)]
    fn draw(&mut self, card: Card) {
        let seat = self.receiver().expect("a draw has a receiver");
        self.pile.remove(card, 1);
        // After the clean-up a drawn Moose in the House card is discarded at once; the same
        // seat draws again.
        let kept = !(card == Card::House && self.everyone_has_moose_in_house());
        if kept {
            self.hands[seat].add(card, 1);
        } else {
            self.discard.add(card, 1);
        }
        match self.phase {
            Phase::Deal { dealt } => {
                let dealt = dealt + 1;
                if usize::from(dealt) == usize::from(HAND_SIZE) * self.players() {
                    self.start_turn();
                } else {
                    self.phase = Phase::Deal { dealt };
                }
            }
            Phase::TurnDraw => {
                if kept || self.pile.is_empty() {
                    self.phase = Phase::Play;
                }
            }
            Phase::Refill { .. } => self.continue_refill(),
            Phase::Play | Phase::Trap { .. } | Phase::Over => {
                unreachable!("a draw outside a chance node")
            }
        }
    }
}

/// Who is open to each kind of play (see [`MooseHouse::openings`]).
#[derive(Clone, Copy, Debug)]
struct Openings {
    /// The kinds in the turn owner's hand, bit i for `Card::ALL[i]`.
    held: u32,
    /// Opponents without a Moose in the House card: open to one.
    without_house: u32,
    /// Opponents with fewer than three empty rooms: open to an Empty Room.
    room_takers: u32,
    /// Opponents with a Moose in the House card: open to a moose in an empty room.
    moose_takers: u32,
}

/// How many bits of `set`, a set of seats or of kinds of a hand (below 2^5), are set: from a
/// table, since `count_ones` is a dozen instructions on the default x86-64 target, which has
/// no `popcnt` (measured: 12% of a random game's time went to counting bits).
#[inline]
fn ones(set: u32) -> u32 {
    const ONES: [u8; 32] = {
        let mut ones = [0; 32];
        let mut set = 1;
        while set < 32 {
            ones[set] = ones[set / 2] + (set % 2) as u8;
            set += 1;
        }
        ones
    };
    debug_assert!(set < 32, "a set of seats or kinds: {set:#b}");
    u32::from(ONES[(set & 31) as usize])
}

/// The positions of the set bits of `set`, lowest first.
#[inline]
fn bits(set: u32) -> Bits {
    Bits(set)
}

/// Iterator of [`bits`].
struct Bits(u32);

impl Iterator for Bits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    /// Skips `n` bits without yielding them (a random pick's way into a counted run).
    #[inline]
    fn nth(&mut self, n: usize) -> Option<u8> {
        for _ in 0..n {
            self.0 &= self.0.wrapping_sub(1);
        }
        self.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Bits {}

impl Game for MooseHouse {
    type Config = MooseHouseConfig;
    type Action = MooseHouseAction;
    type Observation = MooseHouseObservation;
    type EventView = MooseHouseView;
    type RankKey = (i64, usize);
    /// Every decision's list is runs counted from bit sets (its plays, a trap's two, a
    /// pass, the discards).
    const PICKS_BY_COUNTING: bool = true;

    fn new(config: &MooseHouseConfig) -> Self {
        Self {
            config: *config,
            phase: Phase::Deal { dealt: 0 },
            turn: 0,
            hands: [Cards::EMPTY; MAX_PLAYERS],
            houses: [House::default(); MAX_PLAYERS],
            discard: Cards::EMPTY,
            pile: Cards::deck(),
            passes: 0,
        }
    }

    fn config(&self) -> &MooseHouseConfig {
        &self.config
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Deal { .. } | Phase::TurnDraw | Phase::Refill { .. } => ToMove::Chance,
            Phase::Play => ToMove::Player(self.turn()),
            Phase::Trap { target, .. } => ToMove::Player(usize::from(target)),
            Phase::Over => ToMove::Terminal,
        }
    }

    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop, which otherwise calls it at every decision: \
                  measured 31,128 -> 30,508 instructions per random game (callgrind) and \
                  0.82-0.85 -> 0.88-0.89 of the old fused pick's games/s, paired runs (issue 42)"
    )]
    #[inline(always)]
    fn legal_actions(&self, out: &mut impl Listing<MooseHouseAction>) {
        out.clear();
        match self.phase {
            Phase::Play => {
                if !self.plays(out) {
                    let hand = &self.hands[self.turn()];
                    if self.pile.is_empty() || hand.is_empty() {
                        out.will_list(1);
                        out.push(MooseHouseAction::Pass);
                    } else {
                        // A card of each kind held, in card order.
                        let held = u32::from(hand.kinds());
                        let kinds = held.count_ones() as usize;
                        out.will_list(kinds);
                        out.extend_counted(
                            kinds,
                            bits(held).map(|card| {
                                MooseHouseAction::Discard(Card::ALL[usize::from(card)])
                            }),
                        );
                    }
                }
            }
            Phase::Trap { target, .. } => {
                let trap = self.hands[usize::from(target)].contains(Card::Trap);
                out.will_list(1 + usize::from(trap));
                if trap {
                    out.push(MooseHouseAction::Trap);
                }
                out.push(MooseHouseAction::Allow);
            }
            Phase::Deal { .. } | Phase::TurnDraw | Phase::Refill { .. } | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut impl Listing<(MooseHouseAction, u32)>) {
        out.clear();
        if self.receiver().is_some() {
            out.extend(
                self.pile
                    .iter()
                    .map(|(card, n)| (MooseHouseAction::Draw(card), u32::from(n))),
            );
        }
    }

    /// Drawn without listing the outcomes, for the levels' playouts (`playout.rs`).
    #[inline]
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        _buffer: &mut Vec<(MooseHouseAction, u32)>,
    ) -> Option<MooseHouseAction> {
        playout::sample_chance(self, rng)
    }

    #[allow(
        clippy::inline_always,
        reason = "inlined into the playout loop, whose arms then apply only the chance or only the seat actions: measured 32,800 -> 31,271 instructions per random game (callgrind, issue 42)"
    )]
    #[inline(always)]
    fn apply_unchecked(&mut self, action: MooseHouseAction) {
        // Half the events of a game are draws: one test for them before the dispatch on the
        // others (measured: cheaper than one jump table for all).
        if let MooseHouseAction::Draw(card) = action {
            self.draw(card);
            return;
        }
        let me = self.turn();
        match action {
            MooseHouseAction::Draw(_) => unreachable!("handled above"),
            MooseHouseAction::House { seat } => {
                self.hands[me].remove(Card::House, 1);
                self.houses[usize::from(seat)].place_moose_in_house();
                self.passes = 0;
                if self.everyone_has_moose_in_house() {
                    self.clean_up();
                } else {
                    self.after_play();
                }
            }
            MooseHouseAction::Room { kind, seat } => {
                self.hands[me].remove(Card::Room(kind), 1);
                self.houses[usize::from(seat)].add_room(kind);
                self.passes = 0;
                self.after_play();
            }
            MooseHouseAction::Moose { kind, seat, room } => {
                self.hands[me].remove(Card::Moose(kind), 1);
                self.passes = 0;
                self.phase = Phase::Trap {
                    target: seat,
                    kind,
                    room,
                };
            }
            MooseHouseAction::Door { room } => {
                self.hands[me].remove(Card::Door, 1);
                self.houses[me].fill_room(room, Content::Door);
                self.passes = 0;
                self.after_play();
            }
            MooseHouseAction::Discard(card) => {
                self.hands[me].remove(card, 1);
                self.discard.add(card, 1);
                self.passes = 0;
                self.after_play();
            }
            MooseHouseAction::Pass => {
                self.passes += 1;
                if usize::from(self.passes) >= self.players() {
                    self.phase = Phase::Over;
                } else {
                    self.end_turn();
                }
            }
            MooseHouseAction::Trap => {
                let Phase::Trap { target, kind, .. } = self.phase else {
                    unreachable!("trap outside a trap decision");
                };
                let target = usize::from(target);
                self.hands[target].remove(Card::Trap, 1);
                self.discard.add(Card::Trap, 1);
                self.discard.add(Card::Moose(kind), 1);
                // The trapper refills first, then the attacker as usual.
                match self.config.draw() {
                    DrawRule::Refill => self.refill([target, me]),
                    DrawRule::First => self.refill([target]),
                }
            }
            MooseHouseAction::Allow => {
                let Phase::Trap { target, room, .. } = self.phase else {
                    unreachable!("allow outside a trap decision");
                };
                self.houses[usize::from(target)].fill_room(room, Content::Moose);
                self.after_play();
            }
        }
    }

    fn observation(&self, seat: usize) -> MooseHouseObservation {
        observation::observation(self, seat)
    }

    fn public_view(observation: &MooseHouseObservation) -> MooseHouseObservation {
        observation::public_view(observation)
    }

    fn public_event_view(&self, action: &MooseHouseAction) -> MooseHouseView {
        views::public_event_view(self, *action)
    }

    fn ending(
        observation: &MooseHouseObservation,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<HowItEnded> {
        notes::ending(observation, outcome, names)
    }

    fn determinize(observation: &MooseHouseObservation, rng: &mut GameRng) -> Self {
        hidden::determinize(observation, rng)
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        hidden::resample_hidden(self, seat, rng)
    }

    /// Lower scores are better; more doors break ties.
    fn rank_key(&self, seat: usize) -> (i64, usize) {
        (-self.final_score(seat), self.houses[seat].doors())
    }

    /// Moose in the Room cards in the house and in hand ([`MooseHouse::score`]).
    fn final_score(&self, seat: usize) -> i64 {
        self.score(seat) as i64
    }

    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        invariants::check_invariants(self).map_err(BrokenInvariant)
    }

    fn event_view(&self, seat: usize, action: &MooseHouseAction) -> MooseHouseView {
        views::event_view(self, seat, *action)
    }

    fn event_note(
        before: &MooseHouseObservation,
        actor: Actor,
        view: &MooseHouseView,
        after: &MooseHouseObservation,
    ) -> Option<String> {
        notes::event_note(before, actor, *view, after)
    }

    fn choice_label(observation: &MooseHouseObservation, action: &MooseHouseAction) -> String {
        notes::choice_label(observation, *action)
    }

    fn describe(&self, action: &MooseHouseAction) -> Option<String> {
        notes::describe(self, *action)
    }
}
