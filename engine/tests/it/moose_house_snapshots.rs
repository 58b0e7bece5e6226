//! Moose in the House as insta snapshots, so that any change shows up as a reviewed diff:
//! readable transcripts of seeded random games (full and one seat's view, with its notes), the
//! observation JSON bots read at meaningful states (the start, the trap question, the refills
//! after a trap, a turn draw, the end) for more than one seat. Its published JSON Schema is
//! snapshotted by the CLI's tests and checked against real observations by the conformance
//! harness.

use mousehole_engine::games::moose_house::{MooseHouse, MooseHouseAction, ObservedPhase};
use mousehole_engine::playout::{RandomGames, random_match, random_transcript};
use mousehole_engine::testing::config;
use mousehole_engine::{Game, Transcript};

fn transcript(options: &str, seed: u64) -> String {
    let transcript = random_transcript::<MooseHouse>(&config::<MooseHouse>(options), seed);
    assert!(transcript.outcome.is_some(), "the game did not finish");
    transcript.to_text()
}

#[test]
fn two_players_seed_7() {
    insta::assert_snapshot!("moose_house_2p_seed_7", transcript("players=2", 7));
}

#[test]
fn three_players_seed_11() {
    insta::assert_snapshot!("moose_house_3p_seed_11", transcript("players=3", 11));
}

#[test]
fn five_players_seed_3() {
    insta::assert_snapshot!("moose_house_5p_seed_3", transcript("players=5", 3));
}

#[test]
fn two_players_draw_first_seed_5() {
    insta::assert_snapshot!(
        "moose_house_2p_draw_first_seed_5",
        transcript("players=2,draw=first", 5)
    );
}

/// What seat 1 saw of the three-player game with seed 11, with its notes: its own draws named,
/// the others' shown as `draw ?`, the clean-up's discards counted per seat.
#[test]
fn three_players_seed_11_as_seat_1_saw_it() {
    let mut games = RandomGames::<MooseHouse>::new(&config::<MooseHouse>("players=3"));
    games.record_views(true);
    let full = Transcript::from_match(games.play(11), vec!["random".to_owned(); 3]);
    let seen = full.seat_view(1).expect("a finished game has seat views");
    let text = seen.to_text();
    assert!(text.contains("draw ?"), "other seats' draws are hidden");
    insta::assert_snapshot!("moose_house_3p_seed_11_seat_1", text);
}

// ---------------------------------------------------------------------------------------------
// The observation JSON

/// The states a seeded random game passes through, from the start to its end, each with the
/// event that led to it.
fn history(options: &str, seed: u64) -> Vec<(Option<MooseHouseAction>, MooseHouse)> {
    let record = random_match::<MooseHouse>(&config::<MooseHouse>(options), seed);
    let mut state = MooseHouse::new(record.config());
    let mut states = vec![(None, state.clone())];
    for event in record.events() {
        state
            .apply(event.action)
            .expect("a recorded event is legal");
        states.push((Some(event.action), state.clone()));
    }
    states
}

fn states(options: &str, seed: u64) -> Vec<MooseHouse> {
    history(options, seed)
        .into_iter()
        .map(|(_, state)| state)
        .collect()
}

/// The first state of the game `options`/`seed` that `wanted` picks.
fn first(options: &str, seed: u64, wanted: impl Fn(&MooseHouse) -> bool) -> MooseHouse {
    states(options, seed)
        .into_iter()
        .find(|state| wanted(state))
        .unwrap_or_else(|| panic!("no such state in {options} seed {seed}"))
}

fn json(state: &MooseHouse, seat: usize) -> String {
    serde_json::to_string_pretty(&state.observation(seat)).expect("observations serialise")
}

fn phase(state: &MooseHouse, seat: usize) -> ObservedPhase {
    state.observation(seat).phase
}

/// Seat 0 plays first; seats see their own hands and only the sizes of the others.
#[test]
fn observation_at_the_start_of_play() {
    let start = first("players=3", 11, |s| phase(s, 0) == ObservedPhase::Play);
    let seat_0 = start.observation(0);
    assert_eq!(seat_0.deciding, Some(0));
    assert_eq!(seat_0.hand_sizes, vec![4, 4, 4]);
    assert_ne!(seat_0.hand, start.observation(1).hand);
    insta::assert_snapshot!("moose_house_observation_start_seat_0", json(&start, 0));
    insta::assert_snapshot!("moose_house_observation_start_seat_1", json(&start, 1));
}

/// A moose is pending and its target (not the turn owner) decides; the target holds a Trap,
/// which only its own observation shows.
#[test]
fn observation_at_a_trap_question() {
    let question = first("players=3", 11, |s| {
        s.observation(0)
            .pending_moose()
            .is_some_and(|m| s.hand(usize::from(m.target)).count(trap()) > 0)
    });
    let moose = question.observation(0).pending_moose().expect("pending");
    let (attacker, target) = (usize::from(moose.attacker), usize::from(moose.target));
    let observation = question.observation(target);
    assert_eq!(observation.deciding, Some(moose.target));
    assert_eq!(observation.turn, moose.attacker);
    assert_ne!(attacker, target);
    insta::assert_snapshot!(
        "moose_house_observation_trap_target",
        json(&question, target)
    );
    insta::assert_snapshot!(
        "moose_house_observation_trap_attacker",
        json(&question, attacker)
    );
    // What a person reads at the prompt.
    insta::assert_snapshot!(
        "moose_house_observation_trap_target_text",
        question.observation(target).to_string()
    );
    insta::assert_snapshot!(
        "moose_house_observation_trap_attacker_text",
        question.observation(attacker).to_string()
    );
}

/// Right after a trap: the trapper refills first, then the attacker; nobody decides.
#[test]
fn observation_while_hands_are_refilled_after_a_trap() {
    let refill = history("players=3", 11)
        .into_iter()
        .find(|(event, state)| {
            *event == Some(MooseHouseAction::Trap) && state.observation(0).refill_queue().len() == 2
        })
        .map(|(_, state)| state)
        .expect("seed 11 has a trap with two refills after it");
    let observation = refill.observation(2);
    assert!(matches!(observation.phase, ObservedPhase::Refill { .. }));
    assert_eq!(observation.deciding, None);
    assert_eq!(observation.receiving, Some(observation.refill_queue()[0]));
    insta::assert_snapshot!("moose_house_observation_refill_seat_2", json(&refill, 2));
    insta::assert_snapshot!(
        "moose_house_observation_refill_seat_2_text",
        observation.to_string()
    );
}

/// `draw=first`: the turn owner draws before playing; the card goes to him.
#[test]
fn observation_at_a_turn_draw() {
    let draw = first("players=2,draw=first", 5, |s| {
        phase(s, 0) == ObservedPhase::TurnDraw && s.turn() == 1
    });
    let observation = draw.observation(0);
    assert_eq!(observation.receiving, Some(1));
    assert_eq!(observation.deciding, None);
    insta::assert_snapshot!("moose_house_observation_turn_draw_seat_0", json(&draw, 0));
}

/// The end: the game is over, nobody decides or receives, passes are counted.
#[test]
fn observation_at_the_end() {
    let end = states("players=3", 11).pop().expect("a game has states");
    let observation = end.observation(1);
    assert_eq!(observation.phase, ObservedPhase::Over);
    assert_eq!((observation.deciding, observation.receiving), (None, None));
    assert_eq!(observation.passes, 3);
    insta::assert_snapshot!("moose_house_observation_end_seat_1", json(&end, 1));
}

fn trap() -> mousehole_engine::games::moose_house::Card {
    "trap".parse().expect("a card")
}
