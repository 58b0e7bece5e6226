//! Moose in the House's heuristic: every play valued from what the seat knows (its hand, the
//! houses, hand sizes and the unseen card counts), the same code for the agent's observation
//! and for a rollout's sampled world.
//!
//! The score is the moose in your house plus the moose left in your hand, lowest wins, so the
//! strategy is: get rid of moose cards (into the leader's rooms where it can), give rooms and
//! Moose in the House cards where its own moose can follow, close its own empty rooms whose
//! moose the opponents likely hold, always spring a trap, and discard moose first when nothing
//! can be played. "Likely hold" is exact for a uniformly dealt world: an opponent with `h`
//! cards holds none of `n` unseen cards among `u` with probability `C(u-n, h) / C(u, h)`.

use mousehole_engine::games::moose_house::{
    Card, Cards, Content, MAX_PLAYERS, MooseHouse, MooseHouseAction, MooseHouseObservation,
    RoomKind,
};
use mousehole_engine::rng::below;
use mousehole_engine::{Game, GameConfig, GameRng};

use super::Heuristic;
use crate::levels::{LevelSettings, Levels, heuristic, improved_heuristic};

impl Heuristic for MooseHouse {
    type Knowledge = Knowledge;

    fn knowledge_from_observation(observation: &MooseHouseObservation) -> Knowledge {
        Knowledge::from_observation(observation)
    }

    #[inline]
    fn knowledge_from_state(state: &MooseHouse, seat: usize) -> Knowledge {
        Knowledge::from_state(state, seat)
    }

    #[inline]
    fn decide(
        knowledge: &Knowledge,
        legal: &[MooseHouseAction],
        rng: &mut GameRng,
    ) -> MooseHouseAction {
        choose(knowledge, legal, rng)
    }
}

/// The public facts about one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct SeatFacts {
    /// Whether its house holds a Moose in the House card (moose may be played into it).
    housed: bool,
    /// Its empty rooms per kind, as bit sets: bit `i` is room `i` (from 0).
    empty: [u32; 4],
    /// Moose in its house.
    moose: u8,
    /// Doors in its house.
    doors: u8,
    /// Cards in its hand.
    hand: u8,
}

impl SeatFacts {
    fn empty_of(&self, kind: usize) -> u32 {
        self.empty[kind].count_ones()
    }

    fn empty_rooms(&self) -> u32 {
        self.empty.iter().map(|set| set.count_ones()).sum()
    }
}

/// Everything the heuristic decides from: what one seat knows, filled from its observation
/// or from a world's state (where it reads only the same facts).
#[derive(Clone, Debug, PartialEq)]
pub struct Knowledge {
    me: usize,
    players: usize,
    hand: Cards,
    /// The deck less what this seat sees: the other hands and the draw pile.
    unseen: Cards,
    pile: u8,
    seats: [SeatFacts; MAX_PLAYERS],
}

impl Knowledge {
    fn from_observation(observation: &MooseHouseObservation) -> Self {
        let players = observation.options.players().min(MAX_PLAYERS);
        let mut seats = [SeatFacts::default(); MAX_PLAYERS];
        for house in &observation.houses {
            let Some(facts) = seats.get_mut(usize::from(house.seat)) else {
                continue;
            };
            facts.housed = house.moose_in_house;
            for room in &house.rooms {
                let index = u32::from(room.room).wrapping_sub(1);
                if room.content == Content::Empty && index < 32 {
                    facts.empty[room.kind as usize] |= 1 << index;
                }
            }
            facts.moose = house.moose;
            facts.doors = house.doors;
        }
        for (facts, &size) in seats.iter_mut().zip(&observation.hand_sizes) {
            facts.hand = size;
        }
        Knowledge {
            me: usize::from(observation.seat).min(players - 1),
            players,
            hand: observation.hand,
            unseen: observation.unseen,
            pile: observation.pile_size,
            seats,
        }
    }

    #[inline]
    fn from_state(state: &MooseHouse, me: usize) -> Self {
        let players = state.config().players();
        let mut seats = [SeatFacts::default(); MAX_PLAYERS];
        for (seat, facts) in seats.iter_mut().enumerate().take(players) {
            let house = state.house(seat);
            *facts = SeatFacts {
                housed: house.has_moose_in_house(),
                empty: RoomKind::ALL.map(|kind| house.empty_of_kind(kind)),
                moose: house.moose() as u8,
                doors: house.doors() as u8,
                hand: state.hand(seat).total(),
            };
        }
        Knowledge {
            me,
            players,
            hand: *state.hand(me),
            unseen: state.unseen_by(me),
            pile: state.pile_size() as u8,
            seats,
        }
    }

    fn opponents(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players).filter(|&seat| seat != self.me)
    }

    fn everyone_housed(&self) -> bool {
        self.seats[..self.players].iter().all(|facts| facts.housed)
    }
}

/// The weights of the valuation, in moose (one moose out of your own score is worth 1).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Weights {
    /// A moose card out of the hand: a sure point less unless it could be played later.
    moose_out: f32,
    /// A moose on an opponent, times how much that opponent's points matter (the leader's 1).
    moose_hurt: f32,
    /// Extra for any moose play once the draw pile is empty (above every other play).
    moose_endgame: f32,
    /// Preference for the moose kind with the fewest rooms to go to (they may soon be gone).
    moose_scarce: f32,
    /// A room of a kind whose moose the seat holds without anywhere to play it.
    room_follow: f32,
    /// A room of a kind whose moose the seat holds and can already play (one more outlet).
    room_spare: f32,
    /// A room where the other opponents' likely moose will go, instead of into the seat's
    /// own rooms or onto nobody.
    room_others: f32,
    /// Any room to an opponent: every room given is a room that may take a moose.
    room_base: f32,
    /// A Moose in the House card opening rooms to the seat's own moose.
    house_follow: f32,
    /// A Moose in the House card opening rooms to the other opponents' moose.
    house_others: f32,
    /// Any Moose in the House card given.
    house_base: f32,
    /// A door, per expected moose it keeps out.
    door_threat: f32,
    /// A door for the tie-break it wins and the rooms it closes for the rest of the game.
    door_base: f32,
    /// How much a rival's standing counts against how far behind the leader it is.
    lead_spread: f32,
    /// Expected moose of an opponent's hand in its projected score.
    hand_moose: f32,
    /// How much an unseen room card counts among the rooms a moose may still go to.
    unseen_rooms: f32,
    /// Expected moose of an opponent's hand in its projected score once the pile is gone.
    hand_moose_late: f32,
    /// An empty room in the projected score (a moose may come into it).
    exposure: f32,
    /// A door in the projected score (it wins ties).
    door_tie: f32,
}

const WEIGHTS: Weights = Weights {
    moose_out: 2.0,
    moose_hurt: 1.0,
    moose_endgame: 100.0,
    moose_scarce: 0.3,
    room_follow: 1.2,
    room_spare: 0.2,
    room_others: 0.5,
    room_base: 0.1,
    house_follow: 0.8,
    house_others: 0.3,
    house_base: 0.15,
    door_threat: 1.5,
    door_base: 0.3,
    lead_spread: 0.7,
    hand_moose: 0.5,
    unseen_rooms: 0.3,
    hand_moose_late: 1.0,
    exposure: 0.6,
    door_tie: 0.1,
};

fn kind_index(kind: RoomKind) -> usize {
    kind as usize
}

/// The numbers every play's value is built from, worked out once per decision.
struct Evaluation<'a> {
    know: &'a Knowledge,
    weights: &'a Weights,
    /// Per seat and moose kind: the chance the seat holds at least one (0 for me: I know).
    holds_moose: [[f32; 4]; MAX_PLAYERS],
    /// Per seat: the chance it holds a Trap.
    holds_trap: [f32; MAX_PLAYERS],
    /// Per seat: how much a moose on it is worth to me (the leader's 1).
    hurt: [f32; MAX_PLAYERS],
    /// Moose of each kind in my hand.
    my_moose: [u8; 4],
    /// Per kind: empty rooms open to my moose (in housed opponents' houses).
    outlets: [u32; 4],
}

impl<'a> Evaluation<'a> {
    fn new(know: &'a Knowledge, weights: &'a Weights) -> Self {
        let unseen = &know.unseen;
        let mut in_hands = u32::from(unseen.total());
        if know.everyone_housed() {
            // Once everyone is housed, unseen Moose in the House cards can only be in the
            // pile.
            in_hands = in_hands.saturating_sub(u32::from(unseen.count(Card::House)));
        }
        let unseen_moose: u32 = RoomKind::ALL
            .iter()
            .map(|&kind| u32::from(unseen.count(Card::Moose(kind))))
            .sum();
        let mut holds_moose = [[0.0; 4]; MAX_PLAYERS];
        let mut holds_trap = [0.0; MAX_PLAYERS];
        let mut projected = [0.0_f32; MAX_PLAYERS];
        // Moose in a hand count in full once the pile is gone; before that most get played.
        let dealt = 58.0 - 4.0 * know.players as f32;
        let pile_left = (f32::from(know.pile) / dealt).min(1.0);
        let hand_weight =
            weights.hand_moose * pile_left + weights.hand_moose_late * (1.0 - pile_left);
        for seat in know.opponents() {
            let size = u32::from(know.seats[seat].hand);
            for (kind, held) in RoomKind::ALL.iter().zip(&mut holds_moose[seat]) {
                *held =
                    1.0 - none_held(in_hands, u32::from(unseen.count(Card::Moose(*kind))), size);
            }
            holds_trap[seat] = 1.0 - none_held(in_hands, u32::from(unseen.count(Card::Trap)), size);
            let facts = &know.seats[seat];
            let hand_moose = if in_hands == 0 {
                0.0
            } else {
                size as f32 * unseen_moose as f32 / in_hands as f32
            };
            let exposed = facts.empty_rooms() as f32 * if facts.housed { 1.0 } else { 0.5 };
            projected[seat] =
                f32::from(facts.moose) + hand_weight * hand_moose + weights.exposure * exposed
                    - weights.door_tie * f32::from(facts.doors);
        }
        let leader = know
            .opponents()
            .map(|seat| projected[seat])
            .fold(f32::INFINITY, f32::min);
        let mut hurt = [0.0; MAX_PLAYERS];
        for seat in know.opponents() {
            hurt[seat] = 1.0 / (1.0 + weights.lead_spread * (projected[seat] - leader));
        }
        let my_moose = RoomKind::ALL.map(|kind| know.hand.count(Card::Moose(kind)));
        let mut outlets = [0; 4];
        for seat in know.opponents() {
            let facts = &know.seats[seat];
            if facts.housed {
                for (kind, open) in outlets.iter_mut().enumerate() {
                    *open += facts.empty_of(kind);
                }
            }
        }
        Evaluation {
            know,
            weights,
            holds_moose,
            holds_trap,
            hurt,
            my_moose,
            outlets,
        }
    }

    fn value(&self, action: MooseHouseAction) -> f32 {
        match action {
            MooseHouseAction::Moose { kind, seat, .. } => {
                self.moose(kind_index(kind), usize::from(seat))
            }
            MooseHouseAction::Room { kind, seat } => self.room(kind_index(kind), usize::from(seat)),
            MooseHouseAction::House { seat } => self.house(usize::from(seat)),
            MooseHouseAction::Door { room } => self.door(room),
            MooseHouseAction::Discard(card) => self.keep(card),
            MooseHouseAction::Pass
            | MooseHouseAction::Trap
            | MooseHouseAction::Allow
            | MooseHouseAction::Draw(_) => 0.0,
        }
    }

    fn moose(&self, kind: usize, seat: usize) -> f32 {
        let w = self.weights;
        let sticks = 1.0 - self.holds_trap[seat];
        // Once the pile is gone every moose card kept is a point at the end, and a room it
        // could go to now may be closed or taken before this seat's next turn: moose first.
        let endgame = if self.know.pile == 0 {
            w.moose_endgame
        } else {
            0.0
        };
        endgame
            + w.moose_out
            + w.moose_hurt * self.hurt[seat] * sticks
            + w.moose_scarce / self.outlets[kind].max(1) as f32
    }

    /// The chance that opponent `seat` plays a moose of `kind` it holds somewhere other than
    /// its own house: it needs an empty room of that kind in a housed house other than its
    /// own, and it has `alternatives` of them besides the ones `room` adds.
    fn room(&self, kind: usize, seat: usize) -> f32 {
        let w = self.weights;
        let know = self.know;
        let target = &know.seats[seat];
        // A room in a house without a Moose in the House card takes moose only later.
        let open = if target.housed { 1.0 } else { 0.35 };
        let mut value = w.room_base;
        if self.my_moose[kind] > 0 {
            let follow = if self.outlets[kind] < u32::from(self.my_moose[kind]) {
                w.room_follow
            } else {
                w.room_spare
            };
            value += follow * self.hurt[seat] * open;
        }
        // The other opponents' moose of this kind: each one that lands here instead of in my
        // rooms is a moose kept from me; each one that had nowhere to go is a moose moved
        // from that opponent to this one.
        let me = &know.seats[know.me];
        let mine = if me.housed { me.empty_of(kind) } else { 0 };
        for other in know.opponents().filter(|&other| other != seat) {
            let held = self.holds_moose[other][kind];
            if held == 0.0 {
                continue;
            }
            let elsewhere: u32 = know.seats[..know.players]
                .iter()
                .enumerate()
                .filter(|&(s, facts)| s != other && s != know.me && facts.housed)
                .map(|(_, facts)| facts.empty_of(kind))
                .sum();
            let gain = if mine + elsewhere == 0 {
                self.hurt[seat] - self.hurt[other]
            } else {
                self.hurt[seat] * 0.3 + mine as f32 / (mine + elsewhere + 1) as f32
            };
            value += w.room_others * held * gain * open;
        }
        value
    }

    fn house(&self, seat: usize) -> f32 {
        let w = self.weights;
        let know = self.know;
        let target = &know.seats[seat];
        let mut value = w.house_base;
        for kind in 0..4 {
            let rooms = target.empty_of(kind);
            if rooms == 0 {
                continue;
            }
            let mine = u32::from(self.my_moose[kind]);
            if mine > 0 {
                let new = rooms.min(mine.saturating_sub(self.outlets[kind]));
                value +=
                    w.house_follow * new as f32 + w.room_spare * (rooms.min(mine) - new) as f32;
            }
            let others: f32 = know
                .opponents()
                .filter(|&other| other != seat)
                .map(|other| self.holds_moose[other][kind])
                .sum();
            value += w.house_others * others * rooms as f32;
        }
        value * self.hurt[seat].max(0.3)
    }

    fn door(&self, room: u8) -> f32 {
        let w = self.weights;
        let know = self.know;
        let me = &know.seats[know.me];
        let Some(kind) = (0..4).find(|&kind| me.empty[kind] >> room & 1 != 0) else {
            return 0.0;
        };
        let mine = me.empty_of(kind).max(1);
        // Expected moose of this kind coming at this room: each opponent holding one plays
        // it here or into one of its other rooms to go to.
        let mut threat = 0.0;
        for other in know.opponents() {
            let elsewhere: u32 = know.seats[..know.players]
                .iter()
                .enumerate()
                .filter(|&(s, facts)| s != other && s != know.me && facts.housed)
                .map(|(_, facts)| facts.empty_of(kind))
                .sum();
            threat += self.holds_moose[other][kind] / (mine + elsewhere) as f32;
        }
        // Without a Moose in the House card the room is safe until one comes.
        let exposed = if me.housed { 1.0 } else { 0.4 };
        w.door_base + w.door_threat * threat.min(1.0) * exposed
    }

    /// How many rooms my moose of `kind` may still go to: the open ones, the ones in houses
    /// still without a Moose in the House card, the room cards of that kind in my hand, and
    /// my share of the unseen ones.
    fn prospects(&self, kind: usize) -> f32 {
        let know = self.know;
        let waiting: u32 = know
            .opponents()
            .filter(|&seat| !know.seats[seat].housed)
            .map(|seat| know.seats[seat].empty_of(kind))
            .sum();
        let in_hand = know.hand.count(Card::Room(RoomKind::ALL[kind]));
        let unseen = know.unseen.count(Card::Room(RoomKind::ALL[kind]));
        self.outlets[kind] as f32
            + 0.5 * waiting as f32
            + f32::from(in_hand)
            + self.weights.unseen_rooms * f32::from(unseen)
    }

    /// What keeping `card` is worth when one card must be discarded: moose go first (they are
    /// points), then cards that have become useless, then the least useful.
    fn keep(&self, card: Card) -> f32 {
        let know = self.know;
        // Higher is discarded first: the negated worth of keeping it.
        match card {
            Card::Moose(kind) => {
                let kind = kind_index(kind);
                10.0 + f32::from(self.my_moose[kind]) / (1.0 + self.prospects(kind))
            }
            Card::House => {
                if know.opponents().all(|seat| know.seats[seat].housed) {
                    8.0
                } else {
                    3.0
                }
            }
            Card::Room(kind) => 4.0 - f32::from(self.my_moose[kind_index(kind)]),
            Card::Trap => 2.0,
            Card::Door => 1.0,
        }
    }
}

/// The chance that a hand of `size` cards dealt from `total` unseen holds none of `wanted`.
#[inline]
fn none_held(total: u32, wanted: u32, size: u32) -> f32 {
    if wanted == 0 || size == 0 {
        return 1.0;
    }
    let mut chance = 1.0_f32;
    for i in 0..size.min(total) {
        if total < wanted + i + 1 {
            return 0.0;
        }
        chance *= (total - wanted - i) as f32 / (total - i) as f32;
    }
    chance
}

/// The heuristic's choice among `legal` for the seat `know` describes.
fn choose(know: &Knowledge, legal: &[MooseHouseAction], rng: &mut GameRng) -> MooseHouseAction {
    choose_with(know, &WEIGHTS, legal, rng)
}

fn choose_with(
    know: &Knowledge,
    weights: &Weights,
    legal: &[MooseHouseAction],
    rng: &mut GameRng,
) -> MooseHouseAction {
    // A trap always pays: it keeps a moose out, and a Trap is good for nothing else.
    if legal.contains(&MooseHouseAction::Trap) {
        return MooseHouseAction::Trap;
    }
    if legal.len() == 1 {
        return legal[0];
    }
    let evaluation = Evaluation::new(know, weights);
    // The best value, ties broken at random (reservoir sampling over the tied).
    let mut best = legal[0];
    let mut best_value = f32::NEG_INFINITY;
    let mut ties = 0;
    for &action in legal {
        let value = evaluation.value(action);
        if value > best_value + 1e-6 {
            best = action;
            best_value = value;
            ties = 1;
        } else if value >= best_value - 1e-6 {
            ties += 1;
            if below(rng, ties) == 0 {
                best = action;
            }
        }
    }
    best
}

/// This game's row of the level table (see [`crate::levels`] for how the budgets were chosen).
impl Levels for MooseHouse {
    const LEVELS: [LevelSettings; 4] = [
        heuristic(0.3),
        heuristic(0.0),
        improved_heuristic(500, 2.0),
        improved_heuristic(16_000, 2.0),
    ];
}

// What the search bots sample from: the observation alone.
crate::inference::observation_only!(MooseHouse);

#[cfg(test)]
mod tests {
    use super::*;
    use mousehole_engine::ToMove;
    use mousehole_engine::games::moose_house::{House, MooseHouseConfig, Room};
    use mousehole_engine::rng::seat_rng;
    use mousehole_engine::testing::{act, action};

    const KITCHEN: RoomKind = RoomKind::ALL[0];
    const LIVING: RoomKind = RoomKind::ALL[1];
    const BEDROOM: RoomKind = RoomKind::ALL[2];
    const BATHROOM: RoomKind = RoomKind::ALL[3];

    fn cards(list: &[(Card, u8)]) -> Cards {
        let mut cards = Cards::EMPTY;
        for &(card, n) in list {
            cards.add(card, n);
        }
        cards
    }

    fn house(housed: bool, rooms: &[(RoomKind, Content)]) -> House {
        let rooms: Vec<Room> = rooms
            .iter()
            .map(|&(kind, content)| Room { kind, content })
            .collect();
        House::from_parts(housed, &rooms).expect("a valid house")
    }

    fn config(players: usize) -> MooseHouseConfig {
        MooseHouseConfig::with_players(players).expect("a valid player count")
    }

    /// The choice of the seat to move in `state`, by the observation path and by the state
    /// path, which must agree.
    fn choice(state: &MooseHouse, seed: u64) -> MooseHouseAction {
        let ToMove::Player(seat) = state.to_move() else {
            panic!("no seat to move");
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let by_observation = MooseHouse::heuristic_choice(
            &state.observation(seat),
            &legal,
            &mut seat_rng(seed, seat),
        );
        let by_state = MooseHouse::rollout_choice(state, &legal, &mut seat_rng(seed, seat));
        assert_eq!(by_observation, by_state, "the two paths disagree");
        assert!(legal.contains(&by_state), "{by_state} is not legal");
        by_state
    }

    /// Every card not listed elsewhere, for positions with an empty draw pile.
    fn rest(placed: &[Cards]) -> Cards {
        let placed = placed
            .iter()
            .fold(Cards::EMPTY, |all, cards| all.plus(cards));
        Cards::deck()
            .minus(&placed)
            .expect("no more cards than the deck")
    }

    #[test]
    fn it_springs_the_trap() {
        let hands = [
            cards(&[
                (Card::Moose(KITCHEN), 1),
                (Card::Door, 1),
                (Card::Room(BEDROOM), 2),
            ]),
            cards(&[
                (Card::Trap, 1),
                (Card::Moose(BEDROOM), 1),
                (Card::Room(BATHROOM), 2),
            ]),
            cards(&[(Card::Room(KITCHEN), 4)]),
        ];
        let houses = [
            House::default(),
            house(true, &[(KITCHEN, Content::Empty)]),
            House::default(),
        ];
        let mut state =
            MooseHouse::test_position(&config(3), 0, &hands, &houses, Cards::EMPTY).unwrap();
        act(&mut state, "moose kitchen 1 1");
        assert_eq!(state.to_move(), ToMove::Player(1));
        assert_eq!(choice(&state, 1), action::<MooseHouse>("trap"));
    }

    #[test]
    fn it_plays_its_moose_before_the_end() {
        // The pile is empty: a door on its own threatened room or a room for an opponent
        // would be worth something, but the moose kept in hand is a sure point.
        let hands = [
            cards(&[
                (Card::Moose(KITCHEN), 1),
                (Card::Door, 1),
                (Card::Room(BATHROOM), 1),
            ]),
            cards(&[(Card::Moose(BEDROOM), 2)]),
            cards(&[(Card::Moose(BEDROOM), 2)]),
        ];
        let houses = [
            house(true, &[(BEDROOM, Content::Empty)]),
            house(true, &[(KITCHEN, Content::Empty)]),
            House::default(),
        ];
        let placed: Vec<Cards> = hands
            .iter()
            .copied()
            .chain(houses.iter().map(House::cards))
            .collect();
        let state =
            MooseHouse::test_position(&config(3), 0, &hands, &houses, rest(&placed)).unwrap();
        assert_eq!(state.pile_size(), 0);
        assert_eq!(choice(&state, 2), action::<MooseHouse>("moose kitchen 1 1"));
    }

    #[test]
    fn it_sends_its_moose_to_the_leader() {
        let hands = [
            cards(&[
                (Card::Moose(KITCHEN), 1),
                (Card::Trap, 1),
                (Card::Door, 1),
                (Card::Moose(BEDROOM), 1),
            ]),
            cards(&[(Card::Room(LIVING), 2), (Card::Room(BEDROOM), 2)]),
            cards(&[(Card::Room(LIVING), 2), (Card::Room(BEDROOM), 2)]),
        ];
        let houses = [
            House::default(),
            // Seat 1 leads: no moose yet.
            house(true, &[(KITCHEN, Content::Empty)]),
            house(
                true,
                &[
                    (BATHROOM, Content::Moose),
                    (BATHROOM, Content::Moose),
                    (BATHROOM, Content::Moose),
                    (KITCHEN, Content::Empty),
                ],
            ),
        ];
        let state =
            MooseHouse::test_position(&config(3), 0, &hands, &houses, Cards::EMPTY).unwrap();
        assert_eq!(choice(&state, 3), action::<MooseHouse>("moose kitchen 1 1"));
    }

    #[test]
    fn it_discards_a_moose_first() {
        // Nothing is playable (nobody has a Moose in the House card or rooms, and it has no
        // room of its own for the door): the moose go before the trap and the door.
        let hands = [
            cards(&[
                (Card::Moose(KITCHEN), 1),
                (Card::Moose(BEDROOM), 1),
                (Card::Trap, 1),
                (Card::Door, 1),
            ]),
            cards(&[(Card::Room(BATHROOM), 4)]),
        ];
        let houses = [House::default(), house(false, &[(KITCHEN, Content::Empty)])];
        let state =
            MooseHouse::test_position(&config(2), 0, &hands, &houses, Cards::EMPTY).unwrap();
        let chosen = choice(&state, 4);
        assert!(
            matches!(chosen, MooseHouseAction::Discard(Card::Moose(_))),
            "discarded {chosen}"
        );
    }

    #[test]
    fn it_closes_the_room_whose_moose_are_out_there() {
        // Every bedroom moose is in the discard pile; kitchen moose are all unseen.
        let hands = [
            cards(&[(Card::Door, 1), (Card::Trap, 3)]),
            cards(&[(Card::Room(BATHROOM), 4)]),
            cards(&[(Card::Room(BATHROOM), 1), (Card::Room(BEDROOM), 3)]),
        ];
        let houses = [
            house(
                true,
                &[(BEDROOM, Content::Empty), (KITCHEN, Content::Empty)],
            ),
            House::default(),
            House::default(),
        ];
        let discard = cards(&[(Card::Moose(BEDROOM), 5)]);
        let state = MooseHouse::test_position(&config(3), 0, &hands, &houses, discard).unwrap();
        assert_eq!(choice(&state, 5), action::<MooseHouse>("door 2"));
    }

    #[test]
    fn it_gives_a_room_where_its_moose_can_follow() {
        // Its bathroom moose has nowhere to go: a bathroom for the housed opponent opens one.
        let hands = [
            cards(&[
                (Card::Moose(BATHROOM), 1),
                (Card::Room(BATHROOM), 1),
                (Card::Trap, 2),
            ]),
            cards(&[(Card::Room(LIVING), 4)]),
            cards(&[(Card::Room(BEDROOM), 4)]),
        ];
        let houses = [
            House::default(),
            house(true, &[(KITCHEN, Content::Moose)]),
            House::default(),
        ];
        let state =
            MooseHouse::test_position(&config(3), 0, &hands, &houses, Cards::EMPTY).unwrap();
        assert_eq!(choice(&state, 6), action::<MooseHouse>("room bathroom 1"));
    }
}
