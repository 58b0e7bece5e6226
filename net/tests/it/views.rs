//! Every view of every event reads back from its text form as itself, in every game: a client
//! gives its agent the typed views the host's own seat would have had.

use mousehole_engine::rng::seat_rng;
use mousehole_engine::{Match, Step};
use mousehole_net::NetGame;

fn views_read_back<G: NetGame>(options: &str, games: u64) {
    let config = mousehole_engine::testing::config::<G>(options);
    let mut checked = 0;
    for seed in 0..games {
        let mut game = Match::<G>::new(&config, seed);
        game.record_views(true);
        let mut rng = seat_rng(seed, 0);
        let mut legal = Vec::new();
        while let Step::Decide(seat) = game.advance() {
            let action = game.state().sample_legal(&mut rng, &mut legal).unwrap();
            game.play(seat, action).unwrap();
        }
        for seat in 0..game.state().num_players() {
            for event in game.seen(seat) {
                let text = event.view.to_string();
                assert_eq!(
                    G::read_view(&text).as_ref(),
                    Some(&event.view),
                    "{options} seed {seed}: seat {seat}'s view '{text}' reads back otherwise"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

macro_rules! views {
    ($($name:ident: $game:ty, $options:literal;)*) => {$(
        #[test]
        fn $name() {
            views_read_back::<$game>($options, 6);
        }
    )*};
}

views! {
    cheese_day_views_read_back: mousehole_engine::games::cheese_day::CheeseDay, "players=3";
    moose_house_views_read_back: mousehole_engine::games::moose_house::MooseHouse, "players=3";
    mouse_trap_views_read_back: mousehole_engine::games::mouse_trap::MouseTrap, "players=3";
    mouse_race_views_read_back: mousehole_engine::games::mouse_race::MouseRace, "players=3";
}

#[test]
fn text_that_is_no_view_reads_as_none() {
    use mousehole_engine::games::cheese_day::CheeseDay;
    use mousehole_engine::games::moose_house::MooseHouse;
    for text in ["", "draw", "draw x?", "draw 400?", "take", "\u{1b}[31m"] {
        assert_eq!(CheeseDay::read_view(text), None, "{text}");
    }
    assert_eq!(MooseHouse::read_view("draw ?x"), None);
}
