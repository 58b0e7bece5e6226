//! Every game through the generic conformance harness (`mousehole_engine::conformance`), one
//! named test per row of the table below: each game at every player count and with its option
//! variants. `cargo xtask soak [--game NAME]` runs this suite with many more games, selecting
//! rows by test name (`cheese_day_…`).
//!
//! `hidden` says what the leak check must have found: `Some` hidden information to resample
//! (the check had something to change), or `None` (nothing is hidden: Mouse Trap, or options
//! under which every secret follows from public facts).

use mousehole_engine::conformance::check_options;
use mousehole_engine::games::cheese_day::CheeseDay;
use mousehole_engine::games::moose_house::MooseHouse;
use mousehole_engine::games::mouse_race::MouseRace;
use mousehole_engine::games::mouse_trap::MouseTrap;

/// Whether the leak check must have had hidden information to resample.
#[derive(Clone, Copy, Debug)]
enum Hidden {
    Some,
    None,
}

fn check<G: mousehole_engine::Game>(options: &str, hidden: Hidden) {
    let report = check_options::<G>(options);
    match hidden {
        Hidden::Some => assert!(
            report.hidden_changes > 0,
            "{options}: the leak check never changed hidden information"
        ),
        Hidden::None => assert_eq!(
            report.hidden_changes, 0,
            "{options}: nothing should be hidden, yet resampling changed the state"
        ),
    }
    assert!(
        report.sampling_checks > 0,
        "{options}: no chance node was sampled"
    );
}

macro_rules! conformance {
    ($($name:ident: $game:ty, $options:literal, $hidden:ident;)*) => {
        $(
            #[test]
            fn $name() {
                check::<$game>($options, Hidden::$hidden);
            }
        )*
    };
}

conformance! {
    cheese_day_2_players: CheeseDay, "players=2", Some;
    cheese_day_3_players: CheeseDay, "players=3", Some;
    cheese_day_4_players: CheeseDay, "players=4", Some;
    cheese_day_5_players: CheeseDay, "players=5", Some;
    cheese_day_6_players: CheeseDay, "players=6", Some;
    cheese_day_uneven_traps: CheeseDay, "players=5,traps=0/6/1/5/2/4", Some;
    // Every face follows from the value: nothing to resample.
    cheese_day_all_or_no_traps: CheeseDay, "players=3,traps=6/6/6/0/0/0", None;
    cheese_day_no_traps: CheeseDay, "players=4,traps=0/0/0/0/0/0", None;

    // Hands are secret, so the leak check always has something to change.
    moose_house_2_players: MooseHouse, "players=2", Some;
    moose_house_3_players: MooseHouse, "players=3", Some;
    moose_house_4_players: MooseHouse, "players=4", Some;
    moose_house_5_players: MooseHouse, "players=5", Some;
    moose_house_draw_first_2_players: MooseHouse, "players=2,draw=first", Some;
    moose_house_draw_first_5_players: MooseHouse, "players=5,draw=first", Some;

    // Everything is public: there is never anything to resample.
    mouse_trap_2_players: MouseTrap, "players=2", None;
    mouse_trap_3_players: MouseTrap, "players=3", None;
    mouse_trap_4_players: MouseTrap, "players=4", None;
    mouse_trap_small_trap_always_works: MouseTrap, "players=4,trap_parts=1,trap_reliability=1", None;
    mouse_trap_never_works_turn_limit: MouseTrap, "players=3,trap_parts=3,trap_reliability=0,max_turns=60", None;
    mouse_trap_unreliable_short_limit: MouseTrap, "players=2,trap_parts=100,trap_reliability=0.35,max_turns=150", None;

    mouse_race_2_players: MouseRace, "players=2", Some;
    mouse_race_3_players: MouseRace, "players=3", Some;
    mouse_race_4_players: MouseRace, "players=4", Some;
    // The bag runs out: the stuck safeguard and the automatic lone passes.
    mouse_race_small_board_few_tiles: MouseRace, "players=4,size=7,tiles=6/8/4,max_turns=200", Some;
    mouse_race_largest_board: MouseRace, "players=3,size=21,max_turns=120", Some;
    // With curves only, a held tile's kind follows from the bag.
    mouse_race_curves_only: MouseRace, "players=2,size=9,tiles=0/40/0,max_turns=120", None;
}

/// Every game's option table parses and its configuration's JSON is its validated options map.
#[test]
fn configurations_serialise_as_validated_option_maps() {
    macro_rules! check_config {
        ($module:ident, $game:ty) => {
            mousehole_engine::testing::check_config_serde::<$game>();
        };
    }
    mousehole_engine::for_each_game!(check_config);
}
