//! The match runner's contracts, for every game: stepping by hand records exactly what `run`
//! records, the observer sees every event once and in order, a match stopped or forfeited at
//! any point keeps everything played so far, decisions out of turn are refused with typed
//! reasons, a decision's info and fault reach its transcript event, and seats that ask for
//! views are shown them (with notes only if a seat reads notes).

use mousehole_engine::options::GameConfig;
use mousehole_engine::playout::RandomSeat;
use mousehole_engine::runner::{
    Decision, DecisionInfo, DecisionView, Event, Fault, FaultKind, Match, MatchEnd, MatchObserver,
    Seat, Step, StopRequest, Table,
};
use mousehole_engine::transcript::Transcript;
use mousehole_engine::{Game, IllegalReason};

/// Seeds each check plays.
const SEEDS: std::ops::Range<u64> = 1..25;

fn labels(players: usize) -> Vec<String> {
    vec!["random".to_owned(); players]
}

fn random_seats<G: Game>(config: &G::Config) -> Vec<RandomSeat> {
    vec![RandomSeat::default(); config.players()]
}

/// Records what an observer is shown: `(events recorded before, event)` at `before`, and
/// checks at `after` that the state moved on by exactly that event.
struct Recorder<G: Game> {
    before: Vec<Event<G::Action>>,
    after: Vec<Event<G::Action>>,
    states: Vec<G>,
}

impl<G: Game> Default for Recorder<G> {
    fn default() -> Self {
        Self {
            before: Vec::new(),
            after: Vec::new(),
            states: Vec::new(),
        }
    }
}

impl<G: Game> MatchObserver<G> for Recorder<G> {
    fn before(&mut self, state: &G, event: &Event<G::Action>) {
        self.before.push(*event);
        self.states.push(state.clone());
    }

    fn after(&mut self, state: &G, event: &Event<G::Action>) {
        let mut expected = self.states.last().expect("before comes first").clone();
        expected.apply_unchecked(event.action);
        assert_eq!(&expected, state, "after shows the state the event made");
        self.after.push(*event);
    }
}

/// A driver's table that keeps every event it is shown as recorded.
struct Recorded<G: Game>(Vec<Event<G::Action>>);

impl<G: Game> Table<G> for Recorded<G> {
    type Error = std::convert::Infallible;

    fn recorded(&mut self, game: &Match<G>) -> Result<(), Self::Error> {
        self.0
            .push(*game.events().last().expect("an event was recorded"));
        Ok(())
    }
}

/// Drives a match by hand: `advance`, `decision_view`, the seat decides, `decide`, until over
/// or until `decisions` decisions were made.
fn step_by_hand<G: Game>(
    game: &mut Match<G>,
    seats: &mut [RandomSeat],
    decisions: usize,
    observer: &mut impl MatchObserver<G>,
) -> usize {
    let mut made = 0;
    while made < decisions {
        let Step::Decide(seat) = game.advance_observed(observer) else {
            break;
        };
        let view = game.decision_view().expect("a seat decides");
        assert_eq!(view.seat(), seat);
        let decision = Seat::<G>::decide(&mut seats[seat], &view).expect("random never stops");
        game.decide_observed(seat, decision, observer)
            .expect("a legal choice by the seat to move");
        made += 1;
    }
    made
}

fn stepping_records_what_run_records<G: Game>() {
    let config = G::Config::defaults();
    for seed in SEEDS {
        let mut by_run = Match::<G>::new(&config, seed);
        let mut run_table = Recorded::<G>(Vec::new());
        let Ok(end) = by_run.drive(&mut random_seats::<G>(&config), &mut run_table);
        assert!(matches!(end, MatchEnd::Finished(_)), "{end:?}");

        let mut by_hand = Match::<G>::new(&config, seed);
        let mut seats = random_seats::<G>(&config);
        by_hand.start_seats(&mut seats);
        let mut hand_observer = Recorder::<G>::default();
        step_by_hand(&mut by_hand, &mut seats, usize::MAX, &mut hand_observer);
        assert_eq!(by_hand.advance(), Step::Over);
        assert_eq!(by_hand.end(), Some(end));

        let players = config.players();
        assert_eq!(
            Transcript::from_match(&by_hand, labels(players)).to_json_line(),
            Transcript::from_match(&by_run, labels(players)).to_json_line(),
            "{} seed {seed}: stepping and run record the same game",
            G::Config::description().name
        );
        assert_eq!(
            run_table.0,
            by_run.events(),
            "the driver's table is shown every event, once, in order"
        );
        assert_eq!(
            hand_observer.before,
            by_run.events(),
            "every event, once, in order"
        );
        assert_eq!(hand_observer.after, by_run.events());
    }
}

fn a_stopped_match_keeps_the_game_so_far<G: Game>() {
    let config = G::Config::defaults();
    let players = config.players();
    for seed in SEEDS {
        let mut full = Match::<G>::new(&config, seed);
        full.run(&mut random_seats::<G>(&config));
        let full = Transcript::from_match(&full, labels(players));

        for forfeit in [false, true] {
            let mut game = Match::<G>::new(&config, seed);
            let mut seats = random_seats::<G>(&config);
            game.start_seats(&mut seats);
            let wanted = 1 + seed as usize % 7;
            let made = step_by_hand(&mut game, &mut seats, wanted, &mut ());
            let Step::Decide(seat) = game.advance() else {
                continue; // the game ended within the decisions made
            };
            assert_eq!(made, wanted);
            let request = if forfeit {
                StopRequest::forfeit("gave up")
            } else {
                StopRequest::quit("had to go")
            };
            game.stop(seat, request);
            assert_eq!(game.advance(), Step::Over, "a stopped match is over");
            assert!(game.decision_view().is_none());
            let refused = game
                .play(seat, full_action::<G>(&full, game.events().len()))
                .expect_err("nothing is played after a stop");
            assert_eq!(refused.reason, IllegalReason::GameOver);

            let end = game.end().expect("a stopped match has an end");
            match (&end, forfeit) {
                (
                    MatchEnd::Forfeited {
                        seat: s, outcome, ..
                    },
                    true,
                ) => {
                    assert_eq!(*s, seat);
                    assert_eq!(outcome.ranks[seat] as usize, players, "the forfeit is last");
                    assert!(outcome.returns[seat] == 0.0);
                    assert!(
                        (0..players)
                            .filter(|&other| other != seat)
                            .all(|other| outcome.ranks[other] == 1),
                        "the others share first place"
                    );
                }
                (MatchEnd::Stopped { seat: s, reason }, false) => {
                    assert_eq!(*s, seat);
                    assert_eq!(reason, "had to go");
                }
                _ => panic!("unexpected end {end:?} (forfeit: {forfeit})"),
            }

            let partial = Transcript::from_match(&game, labels(players));
            assert!(partial.outcome.is_none(), "the game itself is unfinished");
            assert_eq!(partial.forfeit, forfeit.then_some(seat));
            assert!(partial.stopped.is_some());
            assert_eq!(
                partial.events[..],
                full.events[..partial.events.len()],
                "what was played is the start of the same seed's game"
            );
            let replayed = partial.replay().expect("a partial transcript replays");
            assert_eq!(replayed.events, partial.events.len());
            assert!(replayed.outcome.is_none());
            let back = Transcript::from_json(&partial.to_json_line()).expect("it reads back");
            assert_eq!(back, partial);
        }
    }
}

/// The action of event `index` of a recorded game.
fn full_action<G: Game>(full: &Transcript, index: usize) -> G::Action {
    full.events[index]
        .action
        .parse()
        .unwrap_or_else(|_| panic!("event {index} parses"))
}

fn decisions_out_of_turn_are_refused<G: Game>() {
    let config = G::Config::defaults();
    let players = config.players();
    for seed in SEEDS {
        let mut game = Match::<G>::new(&config, seed);
        let mut seats = random_seats::<G>(&config);
        game.start_seats(&mut seats);
        step_by_hand(&mut game, &mut seats, seed as usize % 5, &mut ());
        let Step::Decide(seat) = game.advance() else {
            continue;
        };
        let recorded = game.events().len();
        let legal = game.decision_view().expect("a seat decides").legal()[0];
        if players > 1 {
            let other = (seat + 1) % players;
            let error = game
                .decide(other, Decision::new(legal))
                .expect_err("not that seat's turn");
            assert_eq!(
                error.reason,
                IllegalReason::NotYourTurn {
                    seat: other,
                    to_move: seat
                }
            );
            assert!(!error.legal.is_empty(), "the error lists what is legal");
        }
        assert_eq!(
            game.events().len(),
            recorded,
            "nothing recorded on a refusal"
        );
        game.decide(seat, Decision::new(legal))
            .expect("the seat to move can play a legal action");
        assert_eq!(game.events().len(), recorded + 1);
    }
}

fn info_and_faults_reach_the_transcript<G: Game>() {
    let config = G::Config::defaults();
    let mut game = Match::<G>::new(&config, 7);
    let Step::Decide(seat) = game.advance() else {
        panic!("every game has a first decision");
    };
    let legal = game.decision_view().expect("a seat decides").legal()[0];
    let info = DecisionInfo {
        win: Some(0.25),
        visits: Some(40),
        note: Some("thought about it".to_owned()),
        ..DecisionInfo::default()
    };
    game.decide(seat, Decision::with_info(legal, info.clone()))
        .expect("legal");
    let with_info = game.events().len() - 1;
    let Step::Decide(seat) = game.advance() else {
        panic!("{}: over after one decision", G::Config::description().name);
    };
    let legal = game.decision_view().expect("a seat decides").legal()[0];
    let fault = Fault::new(FaultKind::Timeout, "no reply within 100 ms");
    game.decide(seat, Decision::after_fault(legal, fault.clone()))
        .expect("legal");
    let with_fault = game.events().len() - 1;

    let transcript = Transcript::from_match(&game, labels(config.players()));
    let back = Transcript::from_json(&transcript.to_json_line()).expect("reads back");
    for recorded in [&transcript, &back] {
        assert_eq!(recorded.events[with_info].info.as_deref(), Some(&info));
        assert_eq!(recorded.events[with_fault].fault.as_deref(), Some(&fault));
        let plain = recorded
            .events
            .iter()
            .enumerate()
            .filter(|(index, _)| *index != with_info && *index != with_fault);
        for (_, event) in plain {
            assert!(event.info.is_none() && event.fault.is_none());
        }
    }
    back.replay().expect("info and faults do not stop a replay");
}

/// A random seat that asks for views and checks, at each decision, that its history is every
/// view it was shown so far: the slices since its previous decisions, joined.
struct Remembering {
    inner: RandomSeat,
    joined: usize,
    decisions: usize,
}

impl<G: Game> Seat<G> for Remembering {
    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        let history = view.history();
        assert_eq!(history.len(), self.joined + view.seen().len());
        assert_eq!(&history[self.joined..], view.seen());
        self.joined = history.len();
        self.decisions += 1;
        Seat::<G>::decide(&mut self.inner, view)
    }

    fn wants_views(&self) -> bool {
        true
    }
}

fn a_seat_that_asks_is_shown_every_view<G: Game>() {
    let config = G::Config::defaults();
    for seed in SEEDS {
        let mut seats: Vec<Remembering> = (0..config.players())
            .map(|_| Remembering {
                inner: RandomSeat::default(),
                joined: 0,
                decisions: 0,
            })
            .collect();
        // Views are off by default; the seats' asking turns them on.
        let mut game = Match::<G>::new(&config, seed);
        game.run(&mut seats);
        assert!(seats.iter().map(|s| s.decisions).sum::<usize>() > 0);
        for (seat, remembering) in seats.iter().enumerate() {
            assert_eq!(
                game.seen(seat).len(),
                game.events().len(),
                "seat {seat} saw every event"
            );
            assert!(remembering.joined <= game.events().len());
        }
        // Without a seat that asks, nothing is recorded.
        let mut plain = Match::<G>::new(&config, seed);
        plain.run(&mut random_seats::<G>(&config));
        assert!(plain.seen(0).is_empty());
    }
}

/// A random seat that asks for views, and reads their notes if `notes`.
struct Viewing {
    inner: RandomSeat,
    notes: bool,
}

impl<G: Game> Seat<G> for Viewing {
    fn start(&mut self, seat: usize, config: &G::Config, agent_seed: u64) {
        Seat::<G>::start(&mut self.inner, seat, config, agent_seed);
    }

    fn decide(&mut self, view: &DecisionView<'_, G>) -> Result<Decision<G::Action>, StopRequest> {
        Seat::<G>::decide(&mut self.inner, view)
    }

    fn wants_views(&self) -> bool {
        true
    }

    fn wants_notes(&self) -> bool {
        self.notes
    }
}

fn a_seat_that_reads_no_notes_is_shown_views_without_them<G: Game>() {
    let config = G::Config::defaults();
    let players = config.players();
    let mut notes_seen = 0;
    for seed in SEEDS {
        // What a front end records: every view with its note.
        let mut noted = Match::<G>::new(&config, seed);
        noted.record_views(true);
        noted.run(&mut random_seats::<G>(&config));
        // The same game, views asked for by seats of which `readers` read notes.
        for readers in [0, 1] {
            let mut seats: Vec<Viewing> = (0..players)
                .map(|seat| Viewing {
                    inner: RandomSeat::default(),
                    notes: seat < readers,
                })
                .collect();
            let mut game = Match::<G>::new(&config, seed);
            game.run(&mut seats);
            assert_eq!(game.events(), noted.events(), "seed {seed}: the same game");
            for seat in 0..players {
                let (shown, full) = (game.seen(seat), noted.seen(seat));
                assert_eq!(shown.len(), full.len(), "seed {seed} seat {seat}");
                for (shown, full) in shown.iter().zip(full) {
                    assert_eq!((shown.actor, &shown.view), (full.actor, &full.view));
                    if readers == 0 {
                        assert_eq!(shown.note, None, "seed {seed} seat {seat}: no notes built");
                    } else {
                        assert_eq!(shown.note, full.note, "seed {seed} seat {seat}");
                    }
                }
            }
        }
        notes_seen += (0..players)
            .flat_map(|seat| noted.seen(seat))
            .filter(|seen| seen.note.is_some())
            .count();
    }
    assert!(
        notes_seen > 0,
        "the front end's views have notes to leave out"
    );
}

macro_rules! runner_tests {
    ($module:ident, $game:ty) => {
        mod $module {
            #[test]
            fn stepping_by_hand_records_what_run_records_and_the_observer_sees_it_all() {
                super::stepping_records_what_run_records::<$game>();
            }

            #[test]
            fn a_match_stopped_or_forfeited_midway_keeps_every_event() {
                super::a_stopped_match_keeps_the_game_so_far::<$game>();
            }

            #[test]
            fn decisions_out_of_turn_are_refused_with_typed_reasons() {
                super::decisions_out_of_turn_are_refused::<$game>();
            }

            #[test]
            fn decision_info_and_faults_reach_the_transcript_events() {
                super::info_and_faults_reach_the_transcript::<$game>();
            }

            #[test]
            fn a_seat_that_asks_for_views_is_shown_its_whole_history() {
                super::a_seat_that_asks_is_shown_every_view::<$game>();
            }

            #[test]
            fn a_seat_that_reads_no_notes_is_shown_views_without_them() {
                super::a_seat_that_reads_no_notes_is_shown_views_without_them::<$game>();
            }
        }
    };
}

mousehole_engine::for_each_game!(runner_tests);
