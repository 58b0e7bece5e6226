//! Whole games of each game played through `App::handle_key` against bots, to the end screen;
//! hints, undo, save and resume, the replay viewer and typed moves; and a property test: random
//! keys never panic, and what a person is shown never depends on what their seat cannot know.

use std::str::FromStr;

use crate::common::{Driver, after_decisions, small_hints};
use mousehole_bots::SeatLabel;
use mousehole_engine::rng::stream;
use mousehole_engine::{Actor, Game, GameConfig, GameSpec, Transcript};
use mousehole_tui::view::draw_seat_view;
use mousehole_tui::{GamePlan, Launch, Theme, TuiGame};
use proptest::prelude::*;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

/// Plays a game to its end: at each decision the person moves the selection down `step % 3`
/// times and plays it, every fifth decision typing the selected move's text instead.
fn play_to_the_end(spec: &str, seats: &str, seed: u64) -> Driver {
    let mut driver = Driver::play(spec, seats, seed);
    for step in 0..100_000usize {
        driver.settle();
        if driver.app.game_over() {
            return driver;
        }
        for _ in 0..step % 3 {
            driver.char('j');
        }
        if step % 5 == 4 {
            // Typing: the first letter, then tab completes as far as the moves agree, then
            // the typed text is matched (or explained) on Enter; Esc falls back to the list.
            driver.char(':');
            driver.key(KeyCode::Tab);
            driver.key(KeyCode::Enter);
            if !driver.app.awaiting_person() || driver.app.game_over() {
                continue;
            }
            driver.key(KeyCode::Esc);
        }
        driver.key(KeyCode::Enter);
    }
    panic!("{spec}: the game did not end");
}

/// Plays the selected move at each of the person's decisions until the game is over, then
/// checks the end as [`check_finished`] does (a Cheese Day game).
fn enter_to_the_end(driver: &mut Driver) {
    for _ in 0..1000 {
        driver.settle();
        if driver.app.game_over() {
            break;
        }
        driver.key(KeyCode::Enter);
    }
    check_finished(driver, "cheese-day");
}

fn check_finished(driver: &mut Driver, game: &str) {
    let frame = driver.frame(80, 24);
    assert!(frame.contains("game over"), "{game}: {frame}");
    let transcript = driver.app.transcript().expect("a game");
    assert!(transcript.outcome.is_some(), "{game}: unfinished");
    transcript
        .replay()
        .unwrap_or_else(|e| panic!("{game}: the transcript does not replay: {e}"));
    assert!(
        transcript.events.iter().any(|e| e.actor == Actor::Seat(0)),
        "{game}: the person never decided"
    );
}

#[test]
fn enter_pressed_late_leaves_the_end_screen_in_view_and_a_starts_the_next_game() {
    let mut driver = play_to_the_end("cheese-day", "human,heuristic,random", 11);
    check_finished(&mut driver, "cheese-day");
    // Enter, pressed a moment late to play, leaves the end screen in view; `a` starts the
    // next game.
    driver.key(KeyCode::Enter);
    assert!(driver.frame(80, 24).contains("game over"));
    driver.char('a');
    assert_eq!(driver.app.transcript().unwrap().seed, 12);
    assert!(!driver.app.game_over());
}

/// A short game of `G` for a person and the heuristic: two players, and a turn limit of
/// `max_turns` where the game has one (Mouse Race runs to 600 turns by default).
fn short_game<G: Game>(max_turns: u32) -> String {
    let description = G::Config::description();
    match description.option("max_turns") {
        Some(_) => format!("{}:players=2,max_turns={max_turns}", description.name),
        None => format!("{}:players=2", description.name),
    }
}

/// One whole scripted game of every game of the list, named after its module.
macro_rules! scripted_game {
    ($module:ident, $game:ty) => {
        #[test]
        fn $module() {
            let spec = short_game::<$game>(120);
            let mut driver = play_to_the_end(&spec, "human,heuristic", 11);
            check_finished(&mut driver, &spec);
        }
    };
}

/// A scripted game of each game reaches the end screen.
mod a_scripted_game_reaches_the_end_screen {
    use super::{check_finished, play_to_the_end, short_game};

    mousehole_engine::for_each_game!(scripted_game);
}

#[test]
fn a_hint_sorts_the_moves_puts_the_cursor_on_the_searchers_pick_and_is_recorded() {
    // A small search: the hint's machinery is the same whatever the iterations.
    let plan = small_hints("cheese-day:players=2", "human,heuristic", 21);
    let mut driver = Driver::new(Launch::Play(plan));
    driver.settle();
    driver.char('h');
    driver.wait_for('★');
    let frame = driver.frame(80, 24);
    // The list is sorted by the number shown, highest first, moves not searched last.
    let numbers: Vec<f64> = frame
        .lines()
        .filter_map(|line| line.rsplit("││").next())
        .filter_map(|panel| {
            let panel = panel.trim_start_matches(['★', ' ']);
            let (number, _) = panel.split_once("% ±")?;
            number.trim().parse().ok()
        })
        .collect();
    assert!(numbers.len() >= 2, "{frame}");
    assert!(
        numbers.windows(2).all(|w| w[0] >= w[1]),
        "{numbers:?} {frame}"
    );
    // The cursor is on ★, so Enter plays the searcher's pick.
    driver.key(KeyCode::Enter);
    let transcript = driver.app.transcript().unwrap();
    let decision = transcript
        .events
        .iter()
        .find(|e| e.actor == Actor::Seat(0))
        .unwrap();
    let info = decision.info.as_ref().expect("the hint is recorded");
    assert!(
        info.note
            .as_deref()
            .is_some_and(|n| n.starts_with("hint shown")),
        "{info:?}"
    );
    assert!(info.actions.len() >= 2, "{info:?}");
    // The move played was the ★ one: the searcher's own choice, which its info lists first
    // (the most visited, not always the highest estimate).
    assert_eq!(*decision.action, info.actions[0].action);
    transcript.replay().unwrap();
}

#[test]
fn undo_goes_back_to_the_last_decision_and_chance_stays_as_it_was() {
    let mut driver = after_decisions("cheese-day", "human,heuristic,heuristic", 31, 3);
    let before = driver.app.transcript().unwrap();
    let last = before
        .events
        .iter()
        .rposition(|e| e.actor == Actor::Seat(0))
        .unwrap();
    driver.char('u');
    driver.settle();
    let undone = driver.app.transcript().unwrap();
    assert_eq!(undone.events, before.events[..last]);
    // The same move again: the same dice and the same bot moves follow.
    driver.key(KeyCode::Enter);
    driver.settle();
    let again = driver.app.transcript().unwrap();
    assert_eq!(again.events, before.events);
}

#[test]
fn a_program_plays_a_seat_and_is_told_the_game_again_after_an_undo() {
    let trace = temp_path("program-trace.txt");
    let _ = std::fs::remove_file(&trace);
    let program = format!(
        "exec:python3 {}/../examples/python/random_bot.py --trace {}",
        env!("CARGO_MANIFEST_DIR"),
        trace.display()
    );
    let mut driver = Driver::play("cheese-day:players=2", &format!("human,{program}"), 5);
    for _ in 0..3 {
        driver.settle();
        driver.key(KeyCode::Enter);
    }
    driver.settle();
    driver.char('u');
    enter_to_the_end(&mut driver);
    let transcript = driver.app.transcript().unwrap();
    assert_eq!(transcript.seats[1], program);
    let moves: Vec<_> = transcript
        .events
        .iter()
        .filter(|e| e.actor == Actor::Seat(1))
        .collect();
    assert!(moves.len() >= 3, "the program hardly played");
    assert!(moves.iter().all(|e| e.fault.is_none()), "{moves:?}");
    // What the program was told: the game, again from its start after the undo (its first
    // events are the deal), and the end (sent from the bots' thread, so it may come later).
    let mut text = String::new();
    for _ in 0..500 {
        driver.settle();
        text = std::fs::read_to_string(&trace).unwrap();
        if text.contains(r#""type":"game_over""#) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let told: Vec<serde_json::Value> = text
        .lines()
        .filter_map(|line| line.strip_prefix("> "))
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let kinds: Vec<&str> = told.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds.iter().filter(|&&k| k == "new_game").count(),
        2,
        "{kinds:?}"
    );
    assert_eq!(
        kinds.iter().filter(|&&k| k == "game_over").count(),
        1,
        "{kinds:?}"
    );
    for (at, _) in kinds.iter().enumerate().filter(|(_, k)| **k == "new_game") {
        let first_act = &told[at + 1];
        assert_eq!(first_act["type"], "act");
        assert!(
            first_act["events"][0]["action"]
                .as_str()
                .unwrap()
                .starts_with("draw ")
        );
    }
    // Since the last new game, each event of the game was sent exactly once: every act and
    // the end send only what happened since the message before.
    let restart = kinds.iter().rposition(|&k| k == "new_game").unwrap();
    let sent: usize = told[restart..]
        .iter()
        .filter_map(|m| m["events"].as_array())
        .map(Vec::len)
        .sum();
    assert_eq!(sent, transcript.events.len());
}

#[test]
fn a_program_that_answers_garbage_is_reported_and_its_fallback_plays_on() {
    let program = r#"exec:python3 -c "print('no protocol here')""#;
    let mut driver = Driver::play("cheese-day:players=2", &format!("human,{program}"), 5);
    driver.settle();
    driver.key(KeyCode::Enter);
    driver.settle();
    let frame = driver.frame(120, 40);
    assert!(frame.contains("fault"), "{frame}");
    enter_to_the_end(&mut driver);
    let transcript = driver.app.transcript().unwrap();
    let moves: Vec<_> = transcript
        .events
        .iter()
        .filter(|e| e.actor == Actor::Seat(1))
        .collect();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|e| e.fault.is_some()), "{moves:?}");
}

/// Where pantry slot `slot`'s card is drawn in `frame` (inside its border): column, row.
fn card_of_slot(frame: &str, slot: u32) -> Option<(u16, u16)> {
    let mark = char::from_digit(slot, 10)?;
    frame.lines().enumerate().find_map(|(row, line)| {
        let chars: Vec<char> = line.chars().collect();
        // The test backend quotes each line.
        let quote = usize::from(chars.first() == Some(&'"'));
        let at = chars.windows(2).position(|w| w == ['┌', mark])?;
        Some(((at - quote + 2) as u16, (row + 1) as u16))
    })
}

/// The first move seat 0 made, in its text form.
fn first_move(driver: &Driver) -> String {
    let transcript = driver.app.transcript().unwrap();
    transcript
        .events
        .iter()
        .find(|e| e.actor == Actor::Seat(0))
        .map(|e| e.action.to_string())
        .unwrap_or_default()
}

#[test]
fn clicks_on_the_board_and_the_list_select_and_play_moves() {
    // Seed 7: seat 0 rolls a 1 and only slot 1 shows one, so the moves are `take 1`
    // (selected first) and `remove 1`.
    let mut driver = Driver::play("cheese-day:players=2", "human,heuristic", 7);
    driver.settle();
    let frame = driver.frame(80, 24);
    let (slot_1, row) = card_of_slot(&frame, 1).unwrap();
    let (slot_4, _) = card_of_slot(&frame, 4).unwrap();
    // A slot with a move selected already: the click steps to the next move there.
    driver.click(slot_1, row);
    driver.key(KeyCode::Enter);
    assert_eq!(first_move(&driver), "remove 1", "{frame}");
    // A slot no move touches: the click changes nothing.
    driver.char('u');
    driver.settle();
    driver.frame(80, 24);
    driver.click(slot_4, row);
    assert_eq!(first_move(&driver), "");
    driver.key(KeyCode::Enter);
    assert_eq!(first_move(&driver), "take 1");
    // Two clicks on slot 1 come round to its first move again.
    driver.char('u');
    driver.settle();
    driver.frame(80, 24);
    driver.click(slot_1, row);
    driver.click(slot_1, row);
    driver.key(KeyCode::Enter);
    assert_eq!(first_move(&driver), "take 1");
    // In the list, a click selects the move on that row and a second click plays it.
    driver.char('u');
    driver.settle();
    let frame = driver.frame(80, 24);
    let list_row = frame
        .lines()
        .position(|line| line.contains("remove slot 1"))
        .unwrap() as u16;
    driver.click(60, list_row);
    assert_eq!(first_move(&driver), "");
    driver.frame(80, 24);
    driver.click(60, list_row);
    assert_eq!(first_move(&driver), "remove 1");
}

#[test]
fn undo_is_refused_before_the_first_decision_and_explained() {
    let mut driver = Driver::play("mouse-trap:players=2", "human,heuristic", 32);
    driver.settle();
    driver.char('u');
    let frame = driver.frame(80, 24);
    assert!(frame.contains("nothing to undo"), "{frame}");
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mousehole-tui-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Saves through the `s` prompt to `path`.
fn save_as(driver: &mut Driver, path: &std::path::Path) {
    driver.char('s');
    for _ in 0..200 {
        driver.key(KeyCode::Backspace);
    }
    driver.text(&path.display().to_string());
    driver.key(KeyCode::Enter);
    assert!(path.exists(), "not saved: {}", driver.frame(80, 24));
}

#[test]
fn a_saved_game_resumes_and_goes_on_as_if_it_had_never_stopped() {
    let path = temp_path("resume.json");
    let spec = "moose-house";
    let seats = "human,heuristic,heuristic";
    let mut original = Driver::play(spec, seats, 41);
    for _ in 0..4 {
        original.settle();
        original.char('j');
        original.key(KeyCode::Enter);
    }
    original.settle();
    save_as(&mut original, &path);
    let saved = mousehole_tui::read_transcript(&path).unwrap();
    assert!(saved.outcome.is_none());
    let plan = GamePlan::new(
        GameSpec::from_recorded(&saved.game, &saved.options).unwrap(),
        saved
            .seats
            .iter()
            .map(|l| l.parse::<SeatLabel>().unwrap())
            .collect(),
        saved.seed,
    );
    let mut resumed = Driver::new(Launch::Resume {
        plan,
        transcript: Box::new(saved),
    });
    for driver in [&mut original, &mut resumed] {
        for _ in 0..6 {
            driver.settle();
            if driver.app.game_over() {
                break;
            }
            driver.key(KeyCode::Enter);
        }
        driver.settle();
    }
    assert_eq!(
        original.app.transcript().unwrap().events,
        resumed.app.transcript().unwrap().events
    );
}

#[test]
fn a_transcript_whose_chance_is_not_its_seeds_is_not_resumed() {
    let mut driver = Driver::play("cheese-day:players=2", "human,heuristic", 51);
    driver.settle();
    let mut transcript = driver.app.transcript().unwrap();
    transcript.seed += 1;
    let plan = GamePlan::new(
        GameSpec::from_recorded(&transcript.game, &transcript.options).unwrap(),
        vec![
            SeatLabel::Human(None),
            SeatLabel::Agent("heuristic".parse().unwrap()),
        ],
        transcript.seed,
    );
    let error = mousehole_tui::App::new(
        Launch::Resume {
            plan,
            transcript: Box::new(transcript),
        },
        Theme::MONOCHROME,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("chance stream"), "{error}");
}

#[test]
fn the_replay_viewer_steps_through_any_view_and_reveals_only_after_the_end() {
    let mut driver = play_to_the_end("cheese-day:players=2", "human,heuristic", 61);
    driver.char('r');
    let frame = driver.frame(80, 24);
    let transcript = driver.app.transcript().unwrap();
    let events = transcript.events.len();
    assert!(
        frame.contains(&format!("event {events} of {events}")),
        "{frame}"
    );
    driver.key(KeyCode::Home);
    assert!(driver.frame(80, 24).contains("the start, before event 1"));
    driver.key(KeyCode::Right);
    assert!(
        driver
            .frame(80, 24)
            .contains(&format!("event 1 of {events}"))
    );
    // Seat 0, seat 1, then everything revealed (the game is over).
    driver.char('v');
    assert!(driver.frame(80, 24).contains("seat 1's view"));
    driver.char('v');
    let everything = driver.frame(80, 24);
    assert!(everything.contains("everything revealed"), "{everything}");
    // The full record names the faces of the cards drawn.
    assert!(
        everything.contains("draw ") && !everything.contains("draw 1?"),
        "{everything}"
    );
    driver.char('q');
    assert!(driver.frame(80, 24).contains("game over"));

    // An unfinished game's viewer never reveals everything.
    let mut viewer = Driver::new(Launch::Replay(Box::new(Transcript {
        outcome: None,
        events: transcript.events[..10].to_vec(),
        ..transcript
    })));
    for _ in 0..5 {
        viewer.char('v');
        assert!(!viewer.frame(80, 24).contains("everything revealed"));
    }
}

#[test]
fn typed_moves_that_are_not_allowed_are_explained_in_place() {
    let mut driver = Driver::play("cheese-day:players=2", "human,heuristic", 71);
    driver.settle();
    driver.char(':');
    driver.text("fly away");
    driver.key(KeyCode::Enter);
    let frame = driver.frame(100, 30);
    // The person's own moves now, never the game's every form (no dice, no draws).
    assert!(
        frame.contains("'fly away' is not a move; yours now:"),
        "{frame}"
    );
    assert!(
        !frame.contains("roll N") && !frame.contains("draw VF"),
        "{frame}"
    );
    for _ in 0..8 {
        driver.key(KeyCode::Backspace);
    }
    // `peek 1` is a move of the game, but not while a card shows the roll (and then it is
    // simply played).
    driver.text("peek 1");
    driver.key(KeyCode::Enter);
    let frame = driver.frame(100, 30);
    let played = driver
        .app
        .transcript()
        .unwrap()
        .events
        .iter()
        .any(|e| e.actor == Actor::Seat(0));
    assert!(
        played || frame.contains("is a move of the game but not allowed"),
        "neither played nor explained: {frame}"
    );
}

/// Replays `transcript` into the typed state it ends in.
fn final_state<G: Game>(transcript: &Transcript) -> G {
    let spec = GameSpec::from_recorded(&transcript.game, &transcript.options).unwrap();
    let mut state = G::new(&spec.config::<G>().unwrap());
    for event in &transcript.events {
        state
            .apply(G::Action::from_str(&event.action).unwrap())
            .unwrap();
    }
    state
}

/// The person's view of `state` and of states differing only in what seat 0 cannot know are
/// drawn identically.
fn view_hides_what_seat_0_cannot_know<G: TuiGame>(transcript: &Transcript, draws: u64) {
    let state = final_state::<G>(transcript);
    let area = Rect::new(0, 0, 100, 40);
    let mut shown = Buffer::empty(area);
    draw_seat_view(&state, 0, area, &mut shown, Theme::MONOCHROME);
    for draw in 0..draws {
        let other = state.resample_hidden(0, &mut stream(draw, 9));
        let mut other_shown = Buffer::empty(area);
        draw_seat_view(&other, 0, area, &mut other_shown, Theme::MONOCHROME);
        assert_eq!(
            shown, other_shown,
            "{}: the view shows something hidden",
            transcript.game
        );
    }
}

/// Keys a person might press, `s`, `q` and `g` left out (they write files, quit or leave the
/// game; their screens are tested above).
const KEYS: &[KeyCode] = &[
    KeyCode::Char('j'),
    KeyCode::Char('k'),
    KeyCode::Enter,
    KeyCode::Char(' '),
    KeyCode::Char('h'),
    KeyCode::Char('u'),
    KeyCode::Char('n'),
    KeyCode::Char('+'),
    KeyCode::Char('-'),
    KeyCode::Char('?'),
    KeyCode::Char('v'),
    KeyCode::Char(':'),
    KeyCode::Char('t'),
    KeyCode::Char('a'),
    KeyCode::Char('c'),
    KeyCode::Char('o'),
    KeyCode::BackTab,
    KeyCode::Char('r'),
    KeyCode::Char('1'),
    KeyCode::Tab,
    KeyCode::Esc,
    KeyCode::Backspace,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
];

fn random_keys(spec: &str, seats: &str, seed: u64, keys: &[usize]) -> Option<Transcript> {
    const ARROWS: [KeyCode; 4] = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down];
    let mut driver = Driver::play(spec, seats, seed);
    for &key in keys {
        driver.settle();
        // The top of the range is Shift with an arrow (panning), the rest plain keys.
        if key >= 60 {
            driver.shift(ARROWS[key % 4]);
        } else {
            driver.key(KEYS[key % KEYS.len()]);
        }
        if driver.app.should_quit() {
            break;
        }
        let _ = driver.frame(80, 24);
    }
    driver.settle();
    let _ = driver.frame(120, 40);
    driver.app.transcript()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_keys_never_panic_or_show_what_is_hidden(
        game in 0..mousehole_engine::registry::games().len(),
        seed in 0u64..1000,
        keys in proptest::collection::vec(0usize..64, 1..60),
    ) {
        let name = mousehole_engine::registry::games()[game].name;
        macro_rules! random_keys_in {
            ($module:ident, $game:ty) => {
                if <<$game as mousehole_engine::Game>::Config as mousehole_engine::GameConfig>::description().name == name {
                    let spec = short_game::<$game>(100);
                    if let Some(transcript) = random_keys(&spec, "human,heuristic", seed, &keys) {
                        transcript.replay().expect("the transcript replays");
                        view_hides_what_seat_0_cannot_know::<$game>(&transcript, 8);
                    }
                }
            };
        }
        mousehole_engine::for_each_game!(random_keys_in);
    }
}

/// A fresh folder of its own for a test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_finished_game_is_kept_in_the_games_folder_and_listed() {
    let dir = temp_dir("kept");
    let mut driver = Driver::play("cheese-day:players=2", "human,medium", 81);
    driver.app.keep_games_in(dir.clone());
    enter_to_the_end(&mut driver);
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = mousehole_tui::read_transcript(&files[0].as_ref().unwrap().path()).unwrap();
    let played = driver.app.transcript().unwrap();
    // The same game (a bot's estimates may differ in their last digit through the JSON).
    let moves = |t: &Transcript| {
        t.events
            .iter()
            .map(|e| (e.actor, e.action.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&kept), moves(&played));
    assert_eq!(kept.outcome.unwrap().ranks, played.outcome.unwrap().ranks);
    assert!(driver.frame(80, 24).contains("kept in your games"));
    // `q` on the end screen quits: the game is kept already.
    driver.char('o');
    let history = driver.frame(100, 30);
    assert!(
        history.contains("your games") && history.contains("Cheese Day"),
        "{history}"
    );
    assert!(history.contains("medium: won"), "{history}");
    // Enter opens it in the replay viewer, q comes back to the list.
    driver.key(KeyCode::Enter);
    assert!(driver.frame(80, 24).contains("replay: Cheese Day"));
    driver.char('q');
    assert!(driver.frame(80, 24).contains("your games"));
}

#[test]
fn an_undo_is_recorded_in_the_transcript_and_shown_in_the_replay_viewer() {
    let mut driver = after_decisions("cheese-day", "human,heuristic,heuristic", 31, 3);
    let before = driver.app.transcript().unwrap();
    driver.char('u');
    driver.settle();
    let transcript = driver.app.transcript().unwrap();
    assert_eq!(transcript.undos.len(), 1);
    let undo = &transcript.undos[0];
    assert_eq!(undo.undone, before.events[undo.at..]);
    // The file keeps it, and the transcript still replays (readers ignore the key).
    let path = temp_path("undo.json");
    mousehole_tui::write_transcript(&path, &transcript).unwrap();
    let read = mousehole_tui::read_transcript(&path).unwrap();
    assert_eq!(read.undos, transcript.undos);
    read.replay().unwrap();
    let mut viewer = Driver::new(Launch::Replay(Box::new(read)));
    // Anywhere past it, the viewer says there was an undo, and the log marks where.
    viewer.key(KeyCode::End);
    let frame = viewer.frame(120, 40);
    assert!(frame.contains("1 undo (↶ in the log)"), "{frame}");
    assert!(frame.contains("↶ undo: "), "{frame}");
    viewer.key(KeyCode::Home);
    for _ in 0..undo.at {
        viewer.key(KeyCode::Right);
    }
    let frame = viewer.frame(120, 40);
    assert!(frame.contains("an undo came back here"), "{frame}");
}

#[test]
fn the_replay_viewer_shows_what_a_search_bot_thought_and_the_hints_used() {
    // A small flat search (medium is the plain heuristic, which records no thoughts).
    let mut driver = Driver::play(
        "cheese-day:players=2",
        "human,mc:playouts=200,rollout=heuristic",
        91,
    );
    driver.settle();
    let transcript = {
        enter_to_the_end(&mut driver);
        driver.app.transcript().unwrap()
    };
    let bot = transcript
        .events
        .iter()
        .position(|e| e.actor == Actor::Seat(1) && e.info.is_some())
        .expect("the search bot says what it thought");
    let mut viewer = Driver::new(Launch::Replay(Box::new(transcript)));
    viewer.key(KeyCode::Home);
    for _ in 0..=bot {
        viewer.key(KeyCode::Right);
    }
    let frame = viewer.frame(120, 40);
    assert!(
        frame.contains("seat 1 (mc") && frame.contains("thought:"),
        "{frame}"
    );
    assert!(frame.contains("% ±"), "{frame}");
}

#[test]
fn the_coach_warns_before_a_move_that_gives_away_win_chance() {
    // The coach searches with a small budget here; its verdicts are the same machinery.
    for seed in 1..40 {
        let mut plan = small_hints("cheese-day:players=2", "human,heuristic", seed);
        plan.coach = true;
        let mut driver = Driver::new(Launch::Play(plan));
        for _ in 0..30 {
            driver.settle();
            if driver.app.game_over() {
                break;
            }
            // The worst-looking move: the bottom of the hint's sorted list.
            driver.char('h');
            driver.wait_for('★');
            for _ in 0..20 {
                driver.char('j');
            }
            driver.key(KeyCode::Enter);
            driver.settle();
            let frame = driver.frame(80, 24);
            if frame.contains("the coach") {
                assert!(frame.contains("gives away about"), "{frame}");
                let events = driver.app.transcript().unwrap().events.len();
                // Esc: choose again, nothing played.
                driver.key(KeyCode::Esc);
                assert!(!driver.frame(80, 24).contains("the coach "));
                assert_eq!(driver.app.transcript().unwrap().events.len(), events);
                // Enter on it again, then play it anyway: recorded with the warning.
                driver.key(KeyCode::Enter);
                driver.settle();
                driver.key(KeyCode::Enter);
                let transcript = driver.app.transcript().unwrap();
                let played = &transcript.events[events];
                let note = played.info.as_ref().and_then(|i| i.note.clone());
                assert!(
                    note.is_some_and(|n| n.starts_with("hint shown")),
                    "{played:?}"
                );
                return;
            }
        }
    }
    panic!("the coach never spoke");
}

#[test]
fn watching_bots_the_screen_speaks_of_the_seat_not_of_you() {
    let mut driver = Driver::play("cheese-day:players=2", "heuristic,heuristic", 7);
    let mut seen = false;
    for _ in 0..5_000 {
        let frame = driver.frame(120, 40);
        assert!(
            !frame.contains("You rolled")
                && !frame.contains("Your turn")
                && !frame.contains("you:"),
            "{frame}"
        );
        if frame.contains(" rolled ") {
            assert!(
                frame.contains("Seat 0 rolled") || frame.contains("Seat 1"),
                "{frame}"
            );
            seen = true;
            break;
        }
        driver.step();
    }
    assert!(seen, "the status never spoke of a roll");
}

/// Cheese Day's board is as wide as its pantry (48 columns); a collection or a discard pile
/// too long for one row goes on in the rows below, and the board is that much taller, so
/// every card taken and every discard stays on screen.
#[test]
fn cheese_day_lists_every_card_taken_however_many() {
    use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayAction};
    let spec: GameSpec = "cheese-day:players=2,traps=0/0/0/0/0/0".parse().unwrap();
    let mut state = CheeseDay::new(&spec.config::<CheeseDay>().unwrap());
    let mut rng = stream(3, 1);
    let (mut chances, mut legal) = (Vec::new(), Vec::new());
    // Without traps every card taken is cheese: take whatever a roll allows, else peek.
    while !state.is_terminal() {
        let action = state
            .sample_chance(&mut rng, &mut chances)
            .unwrap_or_else(|| {
                state.legal_actions(&mut legal);
                legal
                    .iter()
                    .copied()
                    .find(|action| matches!(action, CheeseDayAction::Take(_)))
                    .unwrap_or(legal[0])
            });
        state.apply(action).unwrap();
    }
    let observation = state.observation(0);
    let area = Rect::new(0, 0, 48, 30);
    let mut shown = Buffer::empty(area);
    draw_seat_view(&state, 0, area, &mut shown, Theme::MONOCHROME);
    let rows: Vec<String> = (0..area.height)
        .map(|y| (0..area.width).map(|x| shown[(x, y)].symbol()).collect())
        .collect();
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let taken: Vec<Vec<String>> = observation
        .players
        .iter()
        .map(|player| {
            player
                .taken
                .iter()
                .flat_map(|counts| {
                    std::iter::repeat_n(counts.value.to_string(), counts.cheese.into())
                })
                .collect()
        })
        .collect();
    assert!(
        taken.iter().any(|cards| cards.len() > 8),
        "a collection longer than a row: {taken:?}"
    );
    // The board's rows (the text under it says what is happening): each seat's row and the
    // rows under it up to the next seat's hold its cards, in order.
    let (_, height) = <CheeseDay as mousehole_tui::BoardView>::board_size(&observation);
    let board = &rows[..usize::from(height)];
    let you = board
        .iter()
        .position(|row| row.starts_with("you "))
        .unwrap();
    let other = board
        .iter()
        .position(|row| row.starts_with("seat 1 "))
        .unwrap();
    for (seat, block) in [(0, &board[you..other]), (1, &board[other..])] {
        let text = block.join(" ");
        let after_took = text.split_once("took ").expect("cards taken").1;
        assert_eq!(words(after_took), taken[seat], "seat {seat}: {rows:#?}");
    }
    assert!(
        board.len() > you + 2,
        "a collection takes more than its row: {rows:#?}"
    );
    let discards = rows
        .iter()
        .find(|row| row.starts_with("discards "))
        .unwrap();
    assert!(discards.trim_end().len() < 48, "{discards}");
}

/// The reported game (Cheese Day, seed 355429390, a person against `hard` and `medium`): the
/// person, holding two traps and no holes, rolled a 4 and took a card that was a trap half
/// the time.
fn reported_cheese_day() -> Transcript {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/coach-cheese-day-355429390.json");
    mousehole_tui::read_transcript(&path).unwrap()
}

#[test]
fn the_coach_speaks_before_a_move_that_may_end_the_game_for_you_and_the_review_marks_it() {
    // The coach at its real budget (the expert level weighing places), at the decision.
    let full = reported_cheese_day();
    let mut before = full.clone();
    let decision = full.events.len() - 1;
    assert_eq!(&*full.events[decision].action, "take 1");
    before.events.truncate(decision);
    before.outcome = None;
    let mut plan = GamePlan::new(
        GameSpec::from_recorded(&full.game, &full.options).unwrap(),
        full.seats
            .iter()
            .map(|l| l.parse::<SeatLabel>().unwrap())
            .collect(),
        full.seed,
    );
    plan.coach = true;
    let mut driver = Driver::new(Launch::Resume {
        plan,
        transcript: Box::new(before),
    });
    driver.settle();
    driver.char(':');
    driver.text("take 1");
    driver.key(KeyCode::Enter);
    driver.settle();
    let frame = driver.frame(100, 30);
    assert!(
        frame.contains("ends the game for you at once about"),
        "{frame}"
    );
    assert_eq!(
        driver.app.transcript().unwrap().events.len(),
        decision,
        "nothing played while the coach asks"
    );
    // The review of the same decision: not the best move, a mistake at least, the better
    // move a `remove`.
    let review = mousehole_tui::review::review(
        &full,
        0,
        &mousehole_tui::review::REVIEW_AGENT.parse().unwrap(),
        &std::sync::atomic::AtomicUsize::new(0),
    )
    .unwrap();
    let last = review.moves.last().unwrap();
    assert_eq!(last.event, decision + 1);
    assert!(!last.is_best(), "{last:?}");
    assert!(last.best.starts_with("remove"), "{last:?}");
    assert!(
        last.mark >= Some(mousehole_bots::analysis::Mark::Mistake),
        "{last:?}"
    );
    assert!(last.goes_out.is_some_and(|ends| ends > 0.25), "{last:?}");
}

#[test]
fn the_hints_pick_and_the_reviews_better_move_agree() {
    // The review searches with the hints' own agent...
    assert_eq!(
        mousehole_tui::review::REVIEW_AGENT,
        mousehole_tui::bots::HINT_SPEC
    );
    // ...and on the hint's stream: in Mouse Trap, a hint at every decision, the review of the
    // game names at each the move the hint starred. A small noisy search (random playouts:
    // its pick is its best mean) would tell two streams apart.
    let hint = "mc:playouts=30,goal=place";
    let mut plan = small_hints("mouse-trap", "human,heuristic,heuristic", 5);
    plan.hint = hint.parse().unwrap();
    plan.roll_by_key = false;
    let mut driver = Driver::new(Launch::Play(plan));
    for _ in 0..12 {
        driver.settle();
        if driver.app.game_over() {
            break;
        }
        driver.char('h');
        driver.wait_for('★');
        driver.char('j');
        driver.key(KeyCode::Enter);
    }
    let transcript = driver.app.transcript().unwrap();
    let review = mousehole_tui::review::review(
        &transcript,
        0,
        &hint.parse().unwrap(),
        &std::sync::atomic::AtomicUsize::new(0),
    )
    .unwrap();
    let mut compared = 0;
    for reviewed in &review.moves {
        let event = &transcript.events[reviewed.event - 1];
        let info = event.info.as_ref().expect("a hint was shown");
        let starred = &info.actions.first().expect("the hint's estimates").action;
        assert_eq!(&reviewed.best, starred, "event {}", reviewed.event);
        compared += 1;
    }
    assert!(compared >= 3, "only {compared} decisions with a choice");
}

#[test]
fn a_peek_starts_on_a_card_you_do_not_know_yet() {
    // The person presses Enter at every decision; a peek's cursor must never rest on a card
    // whose face they already know (unless they know them all).
    let mut tested = 0;
    for seed in 1..30 {
        let mut driver = Driver::play("cheese-day:players=2", "human,heuristic", seed);
        enter_to_the_end(&mut driver);
        let transcript = driver.app.transcript().unwrap();
        let mut known = [false; 7];
        for event in &transcript.events {
            let words: Vec<&str> = event.action.split_whitespace().collect();
            let [verb, slot] = words[..] else { continue };
            let Ok(slot) = slot.parse::<usize>() else {
                continue;
            };
            match (event.actor, verb) {
                (Actor::Seat(0), "peek") => {
                    if known[1..].iter().any(|k| !k) {
                        assert!(!known[slot], "seed {seed}: peeked slot {slot} again");
                    }
                    tested += usize::from(known[1..].iter().any(|&k| k));
                    known[slot] = true;
                }
                (_, "take" | "remove") => known[slot] = false,
                _ => {}
            }
        }
    }
    assert!(tested > 0, "no peek came when a card was known");
}

#[test]
fn the_pace_keys_work_and_are_listed_at_your_own_roll() {
    let mut driver = Driver::play("mouse-trap", "human,heuristic,heuristic", 3);
    driver.settle();
    let frame = driver.frame(100, 30);
    assert!(frame.contains("your roll"), "{frame}");
    let pace = |frame: &str| {
        frame
            .lines()
            .next()
            .and_then(|title| title.split("pace ").nth(1))
            .map(|rest| {
                rest.split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            })
    };
    let before = pace(&frame).expect("the title shows the pace");
    driver.char('+');
    let after = pace(&driver.frame(100, 30)).unwrap();
    assert_ne!(before, after, "+ made the bots faster");
    driver.char('-');
    assert_eq!(pace(&driver.frame(100, 30)).unwrap(), before);
    driver.char('?');
    let help = driver.frame(100, 40);
    assert!(help.contains("faster") && help.contains("slower"), "{help}");
}

#[test]
fn ctrl_c_keeps_the_unfinished_game_in_your_games_and_says_it_was_interrupted() {
    use ratatui::crossterm::event::KeyModifiers;
    let dir = temp_dir("interrupted");
    let mut driver = after_decisions("cheese-day:players=2", "human,heuristic", 5, 2);
    driver.app.keep_games_in(dir.clone());
    let played = driver.app.transcript().unwrap();
    driver.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(driver.app.should_quit() && driver.app.interrupted());
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = mousehole_tui::read_transcript(&files[0]).unwrap();
    assert!(kept.outcome.is_none(), "unfinished");
    assert_eq!(kept.events.len(), played.events.len());
    // Named after the time it stopped, as the history dates its games.
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with(|c: char| c.is_ascii_digit()), "{name}");
    let farewell = driver.app.farewell().unwrap();
    assert!(farewell.contains("--load"), "{farewell}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn back_to_the_setup_screen_a_new_game_gets_a_new_seed() {
    let mut driver = Driver::new(Launch::Setup {
        game: Some("cheese-day".to_owned()),
        seats: None,
        seed: Some(8),
        out: None,
    });
    // Start the game as the setup screen has it (Enter on Start), play it out, back with g.
    for _ in 0..30 {
        if driver.frame(80, 24).contains("▶ [ Start ]") || driver.app.game_over() {
            break;
        }
        driver.key(KeyCode::Down);
    }
    driver.key(KeyCode::Enter);
    let played = driver.app.transcript().expect("a game started").seed;
    assert_eq!(played, 8);
    enter_to_the_end(&mut driver);
    driver.char('g');
    let frame = driver.frame(80, 24);
    assert!(frame.contains("a new game"), "{frame}");
    assert!(
        !frame.contains("[8]"),
        "the seed of the game just played: {frame}"
    );
}
