//! The match driver's contracts ([`Match::step`], [`Match::drive`] and a front end's
//! [`Table`]): a seat that has no answer yet and a closed gate make a step wait without
//! changing anything; a decision held at the gate is applied, not asked again; a seat that may
//! keep the match waiting is announced once per decision; a stop the table asks for, and a
//! hook that fails, end the match with the seats told once; and whatever a front end's table
//! and seats make the driver wait for, the game is the one `run` plays.

use std::task::Poll;

use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::options::GameConfig;
use mousehole_engine::playout::RandomSeat;
use mousehole_engine::runner::{
    Decision, DecisionView, Ending, Match, MatchEnd, Next, Seat, Stepped, StopRequest, Table,
};
use mousehole_engine::transcript::Transcript;
use mousehole_engine::{Actor, Game};

fn config() -> <CheeseDay as Game>::Config {
    <CheeseDay as Game>::Config::defaults()
}

/// A random seat answered elsewhere: "not yet" at the first `delay` looks of each decision,
/// counting the looks and the ends it is told.
#[derive(Default)]
struct Slow {
    inner: RandomSeat,
    delay: usize,
    looks: usize,
    polls: usize,
    may_wait: bool,
    finished: usize,
}

impl Seat<CheeseDay> for Slow {
    fn start(&mut self, seat: usize, config: &<CheeseDay as Game>::Config, agent_seed: u64) {
        Seat::<CheeseDay>::start(&mut self.inner, seat, config, agent_seed);
    }

    fn decide(
        &mut self,
        view: &DecisionView<'_, CheeseDay>,
    ) -> Result<Decision<<CheeseDay as Game>::Action>, StopRequest> {
        Seat::<CheeseDay>::decide(&mut self.inner, view)
    }

    fn poll(
        &mut self,
        view: &DecisionView<'_, CheeseDay>,
    ) -> Poll<Result<Decision<<CheeseDay as Game>::Action>, StopRequest>> {
        self.polls += 1;
        if self.looks < self.delay {
            self.looks += 1;
            return Poll::Pending;
        }
        self.looks = 0;
        Poll::Ready(self.decide(view))
    }

    fn may_wait(&self) -> bool {
        self.may_wait
    }

    fn finish(&mut self, _ending: &Ending<'_, <CheeseDay as Game>::EventView>) {
        self.finished += 1;
    }
}

/// A table that closes its gate every other time it is asked, counts the waits it is told
/// of and the events, and can ask to stop after some events or fail at one.
#[derive(Default)]
struct Fussy {
    asked: usize,
    applies_refused: usize,
    waits: Vec<(usize, usize)>,
    recorded: usize,
    over: usize,
    stop_after: Option<usize>,
    fail_at: Option<usize>,
}

impl Table<CheeseDay> for Fussy {
    type Error = String;

    fn stop(&mut self, game: &Match<CheeseDay>) -> Option<StopRequest> {
        self.stop_after
            .filter(|&after| game.events().len() >= after)
            .map(|_| StopRequest::quit("the table stopped it"))
    }

    fn gate(&mut self, _game: &Match<CheeseDay>, next: Next) -> bool {
        self.asked += 1;
        let open = self.asked.is_multiple_of(2);
        if matches!(next, Next::Apply(_)) && !open {
            self.applies_refused += 1;
        }
        open
    }

    fn before_wait(&mut self, game: &Match<CheeseDay>, seat: usize) -> Result<(), String> {
        self.waits.push((game.events().len(), seat));
        Ok(())
    }

    fn recorded(&mut self, game: &Match<CheeseDay>) -> Result<(), String> {
        self.recorded += 1;
        assert_eq!(
            self.recorded,
            game.events().len(),
            "once per event, in order"
        );
        match self.fail_at {
            Some(at) if at == game.events().len() => Err("the disk is full".to_owned()),
            _ => Ok(()),
        }
    }

    fn over(&mut self, _game: &Match<CheeseDay>) -> Result<(), String> {
        self.over += 1;
        Ok(())
    }

    fn idle(&mut self, _game: &Match<CheeseDay>) {}
}

fn slow_seats(players: usize, may_wait: bool) -> Vec<Slow> {
    (0..players)
        .map(|seat| Slow {
            delay: seat + 1,
            may_wait: may_wait && seat == 0,
            ..Slow::default()
        })
        .collect()
}

fn transcript(game: &Match<CheeseDay>) -> Transcript {
    Transcript::from_match(game, vec!["random".to_owned(); config().players()])
}

#[test]
fn waiting_seats_and_gates_play_the_game_run_plays() {
    let config = config();
    for seed in 0..10 {
        let mut by_run = Match::<CheeseDay>::new(&config, seed);
        let end = by_run.run(&mut vec![RandomSeat::default(); config.players()]);

        let mut stepped = Match::<CheeseDay>::new(&config, seed);
        let mut seats = slow_seats(config.players(), true);
        let mut table = Fussy::default();
        let mut waited = 0;
        loop {
            let events = stepped.events().len();
            match stepped.step(&mut seats, &mut table).unwrap() {
                Stepped::Event => assert_eq!(stepped.events().len(), events + 1),
                Stepped::Waiting => {
                    assert_eq!(stepped.events().len(), events, "a wait records nothing");
                    waited += 1;
                }
                Stepped::Over => break,
            }
        }
        assert!(waited > 0);
        assert_eq!(stepped.end(), Some(end));
        assert_eq!(transcript(&stepped), transcript(&by_run), "seed {seed}");
        assert_eq!(table.recorded, stepped.events().len());
        assert!(table.applies_refused > 0, "some decisions were held");

        // Each decision was asked until it was answered, then held (not asked again) while
        // the gate stayed closed: polls are the looks that said "not yet" plus one answer.
        for (index, seat) in seats.iter().enumerate() {
            let decisions = stepped
                .events()
                .iter()
                .filter(|e| e.actor == Actor::Seat(index))
                .count();
            assert_eq!(seat.polls, decisions * (seat.delay + 1), "seat {index}");
            assert_eq!(seat.finished, 1, "told the end once");
        }
        // The seat that may keep the match waiting was announced once per decision, before it.
        let seat_0: Vec<(usize, usize)> = stepped
            .events()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.actor == Actor::Seat(0))
            .map(|(at, _)| (at, 0))
            .collect();
        assert_eq!(table.waits, seat_0);

        // Steps after the end do nothing and say so; the end is not told again.
        assert_eq!(stepped.step(&mut seats, &mut table).unwrap(), Stepped::Over);
        assert_eq!(table.over, 1);
        assert!(seats.iter().all(|seat| seat.finished == 1));
    }
}

#[test]
fn a_stop_the_table_asks_for_ends_the_match_keeping_the_game_so_far() {
    let config = config();
    let mut full = Match::<CheeseDay>::new(&config, 3);
    full.run(&mut vec![RandomSeat::default(); config.players()]);

    let mut game = Match::<CheeseDay>::new(&config, 3);
    let mut seats = slow_seats(config.players(), false);
    let mut table = Fussy {
        stop_after: Some(9),
        ..Fussy::default()
    };
    let end = game.drive(&mut seats, &mut table).unwrap();
    assert!(
        matches!(&end, MatchEnd::Stopped { reason, .. } if reason == "the table stopped it"),
        "{end:?}"
    );
    assert_eq!(game.events().len(), 9);
    assert_eq!(game.events(), &full.events()[..9]);
    assert!(seats.iter().all(|seat| seat.finished == 1));
    assert_eq!(table.over, 1);
}

#[test]
fn a_hook_that_fails_stops_the_match_and_says_why() {
    let config = config();
    let mut game = Match::<CheeseDay>::new(&config, 5);
    let mut seats = slow_seats(config.players(), false);
    let mut table = Fussy {
        fail_at: Some(4),
        ..Fussy::default()
    };
    let error = game.drive(&mut seats, &mut table).unwrap_err();
    assert_eq!(error, "the disk is full");
    assert_eq!(game.events().len(), 4, "what was recorded stays");
    assert_eq!(
        game.ended_early().map(|(_, reason, _)| reason),
        Some("the disk is full")
    );
    assert!(seats.iter().all(|seat| seat.finished == 1));
    assert_eq!(
        game.step(&mut seats, &mut table).unwrap(),
        Stepped::Over,
        "a failed match is over"
    );
}
