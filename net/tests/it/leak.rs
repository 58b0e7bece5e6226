//! Nothing a seat may not know reaches its connection, in any game: the bytes the host sends a
//! seat and a spectator are unchanged when what that seat cannot know is drawn again
//! ([`Game::resample_hidden`]), as the conformance harness tests observations. The messages
//! are made by the very functions the host sends with ([`mousehole_net::wire`]):
//! - a seat's `act` (its observation and legal actions), at every decision;
//! - a seat's observation as `events` carry it between decisions, at every state;
//! - each event as everyone sees it with its note (what spectators are sent), at every event
//!   that shows the table nothing new (the public view after it is the same in the resampled
//!   world: an event that does, a card taken face up, is sent with what it showed);
//! - the public view spectators are sent with events, at every state and at the end;
//! - each event as the seat saw it, with its note, at every event that shows the seat nothing
//!   new (its observation after the event is the same in the resampled world). An event that
//!   does show something (a peek, cards discarded face up) is sent with what it showed: that
//!   the seat then knows, and its observation says so.
//!
//! - a seat's last observation, at the end of every game: sent with the last events before
//!   `game_over`, it is what the seat's end screen says how the game ended and how each seat
//!   scored from (with the outcome, which `game_over` carries as the agent protocol says).
//!
//! A chance outcome is hidden information too: at every chance node, the outcomes a seat
//! cannot tell apart (it sees them alike) give it, and spectators, the same bytes.

use mousehole_engine::rng::{GameRng, seat_rng, stream};
use mousehole_engine::{Actor, DecisionView, Game, SeenEvent, ToMove};
use mousehole_net::wire::{PendingAct, event_message, events_text, observation_json};

/// What was compared: decisions and events whose resampled twin could be checked.
#[derive(Debug, Default)]
struct Checked {
    acts: usize,
    observations: usize,
    events: usize,
    public: usize,
    /// Events that showed the seat something hidden before (checked through its observation).
    revealing: usize,
    /// Pairs of chance outcomes a seat sees alike.
    outcomes: usize,
    changed: usize,
    /// Seats' last observations at the end of a game.
    ends: usize,
}

/// Seat `seat`'s event message for `action` (by `actor`) at `state`, as bytes, with the seat's
/// observation after the event.
fn event_bytes<G: Game>(
    state: &G,
    seat: usize,
    actor: Actor,
    action: &G::Action,
) -> (String, G::Observation) {
    let before = state.observation(seat);
    let view = state.event_view(seat, action);
    let mut after = state.clone();
    after.apply_unchecked(*action);
    let after = after.observation(seat);
    let note = G::event_note(&before, actor, &view, &after);
    let message = event_message(&SeenEvent { actor, view, note });
    (serde_json::to_string(&message).unwrap(), after)
}

/// The spectators' message for `action` at `state` (what everyone sees of it, with the note
/// the match's public record makes), as bytes, with the public view after the event.
fn public_bytes<G: Game>(state: &G, actor: Actor, action: &G::Action) -> (String, String) {
    let before = state.public_observation();
    let view = state.public_event_view(action);
    let mut after = state.clone();
    after.apply_unchecked(*action);
    let note = G::event_note(&before, actor, &view, &after.public_observation());
    let message = event_message(&SeenEvent { actor, view, note });
    (
        serde_json::to_string(&message).unwrap(),
        public_observation_bytes(&after),
    )
}

/// The public view spectators are sent with events at `state`, as bytes.
fn public_observation_bytes<G: Game>(state: &G) -> String {
    events_text(
        &[],
        Some(&observation_json::<G>(&state.public_observation())),
    )
}

/// The `act` seat `seat` (to move at `state`) is sent, as bytes.
fn act_bytes<G: Game>(state: &G, seat: usize) -> String {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    PendingAct::of(7, &DecisionView::new(state, seat, &legal)).text(&[])
}

/// The observation seat `seat` is sent with events at `state`, as bytes.
fn observation_bytes<G: Game>(state: &G, seat: usize) -> String {
    events_text(&[], Some(&observation_json::<G>(&state.observation(seat))))
}

fn check_state<G: Game>(
    state: &G,
    actor: Actor,
    action: &G::Action,
    rng: &mut GameRng,
    checked: &mut Checked,
) {
    for seat in 0..state.num_players() {
        let resampled = state.resample_hidden(seat, rng);
        if &resampled != state {
            checked.changed += 1;
        }
        assert_eq!(
            observation_bytes(state, seat),
            observation_bytes(&resampled, seat),
            "seat {seat}'s observation sent with events depends on what it cannot know"
        );
        assert_eq!(
            public_observation_bytes(state),
            public_observation_bytes(&resampled),
            "the public view spectators are sent depends on what seat {seat} cannot know"
        );
        checked.observations += 1;
        if state.to_move() == ToMove::Player(seat) {
            assert_eq!(
                act_bytes(state, seat),
                act_bytes(&resampled, seat),
                "seat {seat}'s act depends on what it cannot know"
            );
            checked.acts += 1;
        }
        // A chance outcome may be impossible where the hidden part was drawn otherwise.
        if resampled.is_legal(action) {
            let (sent, after) = event_bytes(state, seat, actor, action);
            let (other, other_after) = event_bytes(&resampled, seat, actor, action);
            if after == other_after {
                assert_eq!(
                    sent, other,
                    "seat {seat}'s message for '{action}' depends on what it cannot know"
                );
                checked.events += 1;
            } else {
                checked.revealing += 1;
            }
            let (sent, after) = public_bytes(state, actor, action);
            let (other, other_after) = public_bytes(&resampled, actor, action);
            if after == other_after {
                assert_eq!(
                    sent, other,
                    "the spectators' message for '{action}' depends on what seat {seat} cannot know"
                );
                checked.public += 1;
            }
        }
    }
}

/// At a chance node: the outcomes `seat` sees alike give it and spectators the same bytes.
fn check_outcomes<G: Game>(state: &G, outcomes: &[(G::Action, u32)], checked: &mut Checked) {
    for seat in 0..state.num_players() {
        for (index, (first, _)) in outcomes.iter().enumerate() {
            for (second, _) in &outcomes[index + 1..] {
                let view = state.event_view(seat, first);
                if view != state.event_view(seat, second) {
                    continue;
                }
                let (sent, after) = public_bytes(state, Actor::Chance, first);
                let (other, other_after) = public_bytes(state, Actor::Chance, second);
                if after == other_after {
                    assert_eq!(
                        sent, other,
                        "spectators are told apart '{first}' and '{second}', which seat {seat} sees alike"
                    );
                }
                let (sent, after) = event_bytes(state, seat, Actor::Chance, first);
                let (other, other_after) = event_bytes(state, seat, Actor::Chance, second);
                if after == other_after {
                    assert_eq!(
                        sent, other,
                        "seat {seat} is told apart '{first}' and '{second}', which it sees alike"
                    );
                }
                checked.outcomes += 1;
            }
        }
    }
}

fn no_leak<G: Game>(options: &str, games: u64, hidden: bool) {
    let config = mousehole_engine::testing::config::<G>(options);
    let mut checked = Checked::default();
    let mut outcomes = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut state = G::new(&config);
        let mut play = seat_rng(seed, 0);
        let mut check = stream(seed, 99);
        while !state.is_terminal() {
            let (actor, action) = match state.to_move() {
                ToMove::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    check_outcomes(&state, &outcomes, &mut checked);
                    (
                        Actor::Chance,
                        state.sample_chance(&mut play, &mut outcomes).unwrap(),
                    )
                }
                ToMove::Player(seat) => (
                    Actor::Seat(seat),
                    state.sample_legal(&mut play, &mut legal).unwrap(),
                ),
                ToMove::Terminal => unreachable!(),
            };
            check_state(&state, actor, &action, &mut check, &mut checked);
            state.apply_unchecked(action);
        }
        for seat in 0..state.num_players() {
            let resampled = state.resample_hidden(seat, &mut check);
            assert_eq!(
                observation_bytes(&state, seat),
                observation_bytes(&resampled, seat),
                "seat {seat}'s last observation depends on what it cannot know"
            );
            assert_eq!(
                public_observation_bytes(&state),
                public_observation_bytes(&resampled),
                "the last public view depends on what seat {seat} cannot know"
            );
            checked.ends += 1;
        }
    }
    assert!(
        checked.acts > 0
            && checked.observations > 0
            && checked.events > 0
            && checked.public > 0
            && checked.ends > 0,
        "{options}: {checked:?}"
    );
    assert_eq!(
        checked.changed > 0 && checked.outcomes > 0,
        hidden,
        "{options}: resampling {} hidden information",
        if hidden { "never changed" } else { "changed" }
    );
}

macro_rules! no_leak {
    ($($name:ident: $game:ty, $options:literal, $games:literal, $hidden:literal;)*) => {$(
        #[test]
        fn $name() {
            no_leak::<$game>($options, $games, $hidden);
        }
    )*};
}

no_leak! {
    cheese_day_sends_no_secret: mousehole_engine::games::cheese_day::CheeseDay, "players=3", 12, true;
    cheese_day_heads_up_sends_no_secret: mousehole_engine::games::cheese_day::CheeseDay, "players=2", 12, true;
    moose_house_sends_no_secret: mousehole_engine::games::moose_house::MooseHouse, "players=3", 8, true;
    moose_house_heads_up_sends_no_secret: mousehole_engine::games::moose_house::MooseHouse, "players=2", 8, true;
    mouse_trap_sends_no_secret: mousehole_engine::games::mouse_trap::MouseTrap, "players=3", 4, false;
    mouse_race_sends_no_secret: mousehole_engine::games::mouse_race::MouseRace, "players=2", 3, true;
    mouse_race_three_sends_no_secret: mousehole_engine::games::mouse_race::MouseRace, "players=3", 2, true;
}
