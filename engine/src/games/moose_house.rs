//! Moose in the House ("There's a Moose in the House"): give your opponents rooms and moose,
//! keep the moose out of your own house with doors and traps. Rules:
//! `shared/spec/moose-house.md`.
//!
//! Hands, the discard pile and the draw pile are per-kind counts: their order never matters to
//! the rules, and the draw pile's order is decided draw by draw (`draw CARD`, weighted by how
//! many of each card are still in the pile), which is the same as a shuffled deck.

mod action;
mod cards;
mod house;
mod invariants;
mod observation;

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

pub use self::action::MooseHouseAction;
pub use self::cards::{Card, Cards, DECK_SIZE, KINDS, RoomKind};
pub use self::house::{Content, House, MAX_EMPTY_ROOMS, MAX_ROOMS, Room};
pub use self::observation::MooseHouseObservation;
use crate::error::OptionError;
use crate::game::{Game, ToMove};
use crate::options::{GameConfig, GameInfo, OptionInfo, Options};
use crate::outcome::{Outcome, competition_ranks};
use crate::rng::{GameRng, draw_counts};

/// Most seats the game allows.
pub const MAX_PLAYERS: usize = 5;
/// Cards a hand is dealt and refilled to.
pub const HAND_SIZE: u8 = 4;

const INFO: GameInfo = GameInfo {
    name: "moose-house",
    title: "Moose in the House (There's a Moose in the House)",
    summary: "take-that card game: fill your opponents' houses with moose, keep them out of yours",
    min_players: 2,
    max_players: MAX_PLAYERS,
    options: &[
        OptionInfo {
            key: "players",
            default: "3",
            allowed: "a number of players from 2 to 5",
            help: "number of players",
        },
        OptionInfo {
            key: "draw",
            default: "refill",
            allowed: "refill or first",
            help: "refill: refill your hand to 4 after your play (Russian rulebook); first: draw one card at the start of your turn, then play (English rulebook)",
        },
    ],
    rules: RULES,
};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MooseHouseConfig {
    players: u8,
    draw: DrawRule,
}

impl MooseHouseConfig {
    /// A configuration for `players` seats with the default draw rule.
    ///
    /// # Errors
    /// If `players` is outside 2…5.
    pub fn with_players(players: usize) -> Result<Self, OptionError> {
        Options::parse(&INFO, &format!("players={players}"))?.into_config()
    }

    pub fn draw(&self) -> DrawRule {
        self.draw
    }
}

impl Default for MooseHouseConfig {
    fn default() -> Self {
        Self {
            players: 3,
            draw: DrawRule::Refill,
        }
    }
}

impl GameConfig for MooseHouseConfig {
    fn from_options(options: &mut Options) -> Result<Self, OptionError> {
        let players = options.take_players(3)? as u8;
        let draw = options.take("draw", DrawRule::Refill, |text| match text {
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

/// Seats waiting for their hands to be refilled to 4, in order; the first one receives the
/// next card. Serialised as a list of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct RefillQueue {
    seats: [u8; MAX_PLAYERS],
    len: u8,
}

impl RefillQueue {
    fn of(seats: impl IntoIterator<Item = usize>) -> Self {
        let mut queue = RefillQueue::default();
        for seat in seats {
            queue.seats[usize::from(queue.len)] = seat as u8;
            queue.len += 1;
        }
        queue
    }

    /// The seats in order.
    pub fn seats(&self) -> &[u8] {
        &self.seats[..usize::from(self.len)]
    }

    /// The seat receiving the next card.
    pub fn front(&self) -> Option<usize> {
        self.seats().first().map(|&s| usize::from(s))
    }

    fn pop(&mut self) {
        let len = usize::from(self.len);
        self.seats.copy_within(1..len, 0);
        self.seats[len - 1] = 0;
        self.len -= 1;
    }
}

impl From<RefillQueue> for Vec<u8> {
    fn from(queue: RefillQueue) -> Self {
        queue.seats().to_vec()
    }
}

impl TryFrom<Vec<u8>> for RefillQueue {
    type Error = String;

    fn try_from(seats: Vec<u8>) -> Result<Self, String> {
        if seats.len() > MAX_PLAYERS || seats.iter().any(|&s| usize::from(s) >= MAX_PLAYERS) {
            return Err(format!("bad refill queue {seats:?}"));
        }
        Ok(RefillQueue::of(seats.into_iter().map(usize::from)))
    }
}

/// Where the game stands. Everything here is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// The deal: `dealt` cards are out; the next goes to seat `dealt % players`.
    Deal {
        dealt: u8,
    },
    /// `draw=first`: the turn owner draws before he plays.
    TurnDraw,
    /// The turn owner plays, discards or passes.
    Play,
    /// The turn owner played a moose (now pending) into room `room` (from 0) of `target`,
    /// who decides trap or allow.
    Trap {
        target: u8,
        kind: RoomKind,
        room: u8,
    },
    /// Hands are being refilled to 4, one at a time, in the queue's order.
    Refill {
        queue: RefillQueue,
    },
    Over,
}

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
        state.check_invariants()?;
        Ok(state)
    }

    fn players(&self) -> usize {
        usize::from(self.config.players)
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
            Phase::Deal { dealt } => Some(usize::from(dealt) % self.players()),
            Phase::TurnDraw => Some(self.turn()),
            Phase::Refill { queue } => queue.front(),
            Phase::Play | Phase::Trap { .. } | Phase::Over => None,
        }
    }

    /// The plays (not discards or passes) open to the turn owner.
    fn plays(&self, out: &mut Vec<MooseHouseAction>) {
        let me = self.turn();
        let hand = &self.hands[me];
        if hand.contains(Card::House) {
            for seat in self.opponents(me) {
                if !self.houses[seat].has_moose_in_house() {
                    out.push(MooseHouseAction::House { seat: seat as u8 });
                }
            }
        }
        for kind in RoomKind::ALL {
            if hand.contains(Card::Room(kind)) {
                for seat in self.opponents(me) {
                    if self.houses[seat].accepts_room() {
                        out.push(MooseHouseAction::Room {
                            kind,
                            seat: seat as u8,
                        });
                    }
                }
            }
        }
        for kind in RoomKind::ALL {
            if hand.contains(Card::Moose(kind)) {
                for seat in self.opponents(me) {
                    let house = &self.houses[seat];
                    if !house.has_moose_in_house() {
                        continue;
                    }
                    for (room, r) in house.rooms().iter().enumerate() {
                        if r.kind == kind && r.content == Content::Empty {
                            out.push(MooseHouseAction::Moose {
                                kind,
                                seat: seat as u8,
                                room: room as u8,
                            });
                        }
                    }
                }
            }
        }
        if hand.contains(Card::Door) {
            for (room, r) in self.houses[me].rooms().iter().enumerate() {
                if r.content == Content::Empty {
                    out.push(MooseHouseAction::Door { room: room as u8 });
                }
            }
        }
    }

    /// Begins the turn of `self.turn`.
    fn start_turn(&mut self) {
        self.phase = if self.config.draw == DrawRule::First && !self.pile.is_empty() {
            Phase::TurnDraw
        } else {
            Phase::Play
        };
    }

    fn end_turn(&mut self) {
        self.turn = ((self.turn() + 1) % self.players()) as u8;
        self.start_turn();
    }

    /// Refills the seats in `queue`, in order, then ends the turn.
    fn refill(&mut self, queue: RefillQueue) {
        self.phase = Phase::Refill { queue };
        self.continue_refill();
    }

    /// Skips seats whose hands are full; ends the turn when nobody is waiting or the pile is
    /// empty.
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
        match self.config.draw {
            DrawRule::Refill => self.refill(RefillQueue::of([self.turn()])),
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
        self.refill(RefillQueue::of((0..players).map(|i| (turn + i) % players)));
    }

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

    /// Deals the cards in `unseen` at random: `sizes[seat]` cards to each seat in `seats`,
    /// the rest into the draw pile. Once everyone has a Moose in the House card no hand may
    /// hold one (they were all discarded), so those stay in the pile.
    fn deal_unseen(
        &mut self,
        unseen: Cards,
        seats: impl Iterator<Item = usize>,
        sizes: &[u8],
        rng: &mut GameRng,
    ) {
        let mut pool = unseen.as_pool();
        let house_only_in_pile = if self.everyone_has_moose_in_house() {
            std::mem::take(&mut pool[Card::House.index()])
        } else {
            0
        };
        for seat in seats {
            self.hands[seat] =
                Cards::from_pool(draw_counts(&mut pool, u32::from(sizes[seat]), rng));
        }
        pool[Card::House.index()] += house_only_in_pile;
        self.pile = Cards::from_pool(pool);
    }
}

impl Game for MooseHouse {
    type Config = MooseHouseConfig;
    type Action = MooseHouseAction;
    type Observation = MooseHouseObservation;

    fn info() -> &'static GameInfo {
        &INFO
    }

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

    fn legal_actions(&self, out: &mut Vec<MooseHouseAction>) {
        out.clear();
        match self.phase {
            Phase::Play => {
                self.plays(out);
                if out.is_empty() {
                    let hand = &self.hands[self.turn()];
                    if self.pile.is_empty() || hand.is_empty() {
                        out.push(MooseHouseAction::Pass);
                    } else {
                        out.extend(hand.iter().map(|(card, _)| MooseHouseAction::Discard(card)));
                    }
                }
            }
            Phase::Trap { target, .. } => {
                if self.hands[usize::from(target)].contains(Card::Trap) {
                    out.push(MooseHouseAction::Trap);
                }
                out.push(MooseHouseAction::Allow);
            }
            Phase::Deal { .. } | Phase::TurnDraw | Phase::Refill { .. } | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(MooseHouseAction, u32)>) {
        out.clear();
        if self.receiver().is_some() {
            out.extend(
                self.pile
                    .iter()
                    .map(|(card, n)| (MooseHouseAction::Draw(card), u32::from(n))),
            );
        }
    }

    fn apply_unchecked(&mut self, action: MooseHouseAction) {
        let me = self.turn();
        match action {
            MooseHouseAction::Draw(card) => self.draw(card),
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
                match self.config.draw {
                    DrawRule::Refill => self.refill(RefillQueue::of([target, me])),
                    DrawRule::First => self.refill(RefillQueue::of([target])),
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
        let players = self.players();
        MooseHouseObservation {
            seat,
            config: self.config,
            phase: self.phase,
            turn: self.turn(),
            hand: self.hands[seat],
            hand_sizes: self.hands[..players].iter().map(Cards::total).collect(),
            houses: self.houses[..players].to_vec(),
            discard: self.discard,
            pile_size: self.pile.total(),
            passes: self.passes,
        }
    }

    fn determinize(obs: &MooseHouseObservation, rng: &mut GameRng) -> Self {
        let mut state = Self::new(&obs.config);
        state.phase = obs.phase;
        state.turn = obs.turn as u8;
        state.discard = obs.discard;
        state.passes = obs.passes;
        state.hands[obs.seat] = obs.hand;
        // Everything the seat sees: its hand, the houses, the discards, a pending moose.
        let mut seen = obs.hand.plus(&obs.discard);
        for (seat, house) in obs.houses.iter().enumerate() {
            state.houses[seat] = *house;
            seen = seen.plus(&house.cards());
        }
        if let Phase::Trap { kind, .. } = obs.phase {
            seen.add(Card::Moose(kind), 1);
        }
        let unseen = Cards::deck()
            .minus(&seen)
            .expect("an observation never shows more cards than the deck holds");
        let others = (0..obs.hand_sizes.len()).filter(|&s| s != obs.seat);
        state.deal_unseen(unseen, others, &obs.hand_sizes, rng);
        state
    }

    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self {
        let mut state = self.clone();
        let mut unseen = self.pile;
        let mut sizes = [0; MAX_PLAYERS];
        for other in self.opponents(seat) {
            unseen = unseen.plus(&self.hands[other]);
            sizes[other] = self.hands[other].total();
        }
        state.deal_unseen(unseen, self.opponents(seat), &sizes, rng);
        state
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let players = self.players();
        let scores: Vec<i64> = (0..players).map(|s| self.score(s) as i64).collect();
        // Lower scores are better; more doors break ties.
        let keys: Vec<(i64, usize)> = (0..players)
            .map(|s| (-scores[s], self.houses[s].doors()))
            .collect();
        Some(Outcome::new(competition_ranks(&keys), scores))
    }

    fn check_invariants(&self) -> Result<(), String> {
        invariants::check(self)
    }

    fn describe(&self, action: &MooseHouseAction) -> Option<String> {
        let me = self.turn();
        Some(match *action {
            MooseHouseAction::Draw(card) => {
                let seat = self.receiver()?;
                let mut note = match self.phase {
                    Phase::Deal { .. } => format!("dealt to seat {seat}"),
                    _ => format!("to seat {seat}"),
                };
                if card == Card::House && self.everyone_has_moose_in_house() {
                    note.push_str(": everyone has a Moose in the House, so it is discarded");
                }
                note
            }
            MooseHouseAction::House { seat } => {
                let mut note = format!("seat {seat} has a Moose in the House");
                let mut next = self.clone();
                next.houses[usize::from(seat)].place_moose_in_house();
                if next.everyone_has_moose_in_house() {
                    note.push_str("; now everyone has one: hands discard theirs");
                    let discards: Vec<String> = (0..self.players())
                        .map(|s| (s, self.hands[s].count(Card::House) - u8::from(s == me)))
                        .filter(|&(_, n)| n > 0)
                        .map(|(s, n)| format!("seat {s}: {n}"))
                        .collect();
                    if !discards.is_empty() {
                        let _ = write!(note, " ({})", discards.join(", "));
                    }
                }
                note
            }
            MooseHouseAction::Room { kind, seat } => {
                let house = &self.houses[usize::from(seat)];
                format!(
                    "room {} of seat {seat} is an empty {}",
                    house.rooms().len() + 1,
                    kind.name()
                )
            }
            MooseHouseAction::Moose { kind, seat, room } => format!(
                "a moose heads for the {}, room {} of seat {seat}: seat {seat} decides trap or allow",
                kind.name(),
                room + 1
            ),
            MooseHouseAction::Door { room } => format!("room {} closed for good", room + 1),
            MooseHouseAction::Discard(_) => "nothing to play".to_owned(),
            MooseHouseAction::Pass => {
                let passes = self.passes + 1;
                if usize::from(passes) >= self.players() {
                    format!("{passes} passes in a row: game over")
                } else {
                    format!("{passes} in a row")
                }
            }
            MooseHouseAction::Trap => {
                let Phase::Trap { room, .. } = self.phase else {
                    return None;
                };
                format!("moose and trap discarded; room {} stays empty", room + 1)
            }
            MooseHouseAction::Allow => {
                let Phase::Trap { target, kind, room } = self.phase else {
                    return None;
                };
                format!(
                    "moose in the {} of seat {target} (room {})",
                    kind.name(),
                    room + 1
                )
            }
        })
    }
}
