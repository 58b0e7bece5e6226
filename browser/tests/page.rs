//! The page the host serves, in headless Chromium against games hosted on 127.0.0.1: for each
//! of the four games the page joins a seat by its link and plays it to the end by clicking
//! its legal-move buttons, while the test checks what a person relies on (the "your turn"
//! signal, the log with its notes, the end screen's outcome, no console errors, no sideways
//! scrolling on a phone, fine on a laptop, touch targets of at least 44 px). Besides: a
//! hostile seat name shows as text, a wrong code is refused in words, a reload mid-game shows
//! the game as it stands; two pages say yes to a rematch and play the next game. Screenshots
//! of each game in progress (phone and desktop) are written
//! under the target folder (`page-screenshots/`) for people to look at.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mousehole_browser::{Browser, PHONE};
use mousehole_engine::Transcript;
use mousehole_net::page::seat_link;
use mousehole_net::testing::{Hosted, agent, host, host_games, settings};
use serde_json::{Value, json};

/// The desktop the page must also suit.
const DESKTOP: (u32, u32) = (1280, 800);
/// A name that would run a script if the page put names on it as HTML.
const HOSTILE: &str = "<img src=x onerror=alert(1)>";
/// The longest a whole game may take in the page.
const GAME_LIMIT: Duration = Duration::from_mins(2);

/// Where the screenshots go: beside the build, never in the repository.
fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("page-screenshots");
    std::fs::create_dir_all(&dir).expect("the target folder is writable");
    dir
}

/// What the page shows now, read in one call.
fn state(browser: &Browser) -> Value {
    browser
        .script(
            r"const end = document.getElementById('end');
              const turn = document.getElementById('turn');
              const moves = [...document.querySelectorAll('#moves button[data-action]')];
              return {
                outcome: end.hidden ? null : end.getAttribute('data-outcome'),
                actions: moves.map((b) => b.getAttribute('data-action')),
                mine: turn.classList.contains('mine'),
                headline: turn.querySelector('.turn-headline')?.textContent ?? '',
                problem: document.getElementById('problem').hidden ? null : document.getElementById('problem').textContent,
                events: document.querySelectorAll('#log li.log-event').length,
                notes: document.querySelectorAll('#log li.log-event .log-note').length,
                board: document.querySelector('#board svg') !== null,
              };",
            Vec::new(),
        )
        .expect("the page answers")
}

/// The smallest width and height of the move buttons and other controls shown, in CSS px.
fn smallest_target(browser: &Browser) -> (f64, f64, String) {
    let found = browser
        .script(
            r"let w = Infinity, h = Infinity, which = '';
              for (const node of document.querySelectorAll('#moves button, #typed button, #typed input')) {
                const box = node.getBoundingClientRect();
                if (box.width === 0) continue;
                if (box.width < w || box.height < h) which = node.getAttribute('data-action') ?? node.id ?? node.tagName;
                w = Math.min(w, box.width);
                h = Math.min(h, box.height);
              }
              return [w, h, which];",
            Vec::new(),
        )
        .expect("the page answers");
    (
        found[0].as_f64().unwrap_or(f64::INFINITY),
        found[1].as_f64().unwrap_or(f64::INFINITY),
        found[2].as_str().unwrap_or_default().to_owned(),
    )
}

fn assert_no_console_errors(browser: &Browser, when: &str) {
    let errors = browser.console_errors().expect("the console's log");
    assert!(errors.is_empty(), "console errors {when}: {errors:#?}");
}

/// What to check while a game is played.
#[derive(Clone, Copy, Default)]
struct Checks {
    /// Reload the page after this many moves, and check it shows the game as it stood.
    reload_after: Option<usize>,
}

/// What a page's game came to.
struct Played {
    outcome: Value,
    moves: usize,
    events: usize,
}

/// Plays the page's seat to the end by clicking a legal move each turn (the `step`-th one
/// seen, round the list, so the games differ from the first move always), checking the
/// page as it goes; screenshots of the game in progress are taken as `name`.
fn play_to_the_end(browser: &Browser, name: &str, checks: Checks) -> Played {
    let started = Instant::now();
    let mut moves = 0;
    let mut shot = false;
    let mut reload_after = checks.reload_after;
    loop {
        assert!(
            started.elapsed() < GAME_LIMIT,
            "{name}: the game did not end in the page"
        );
        let now = state(browser);
        assert!(now["problem"].is_null(), "{name}: {}", now["problem"]);
        if let Some(outcome) = now["outcome"].as_str() {
            let outcome: Value = serde_json::from_str(outcome).expect("data-outcome is JSON");
            return Played {
                outcome,
                moves,
                events: now["events"].as_u64().unwrap_or(0) as usize,
            };
        }
        let actions: Vec<String> = now["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str().map(str::to_owned))
            .collect();
        if actions.is_empty() {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        assert!(
            now["mine"].as_bool().unwrap(),
            "{name}: moves shown but no turn signal"
        );
        assert_eq!(now["headline"], "Your turn", "{name}");
        assert!(now["board"].as_bool().unwrap(), "{name}: no board drawn");
        if moves == 4 && !shot {
            shot = true;
            look_at(browser, name);
        }
        if reload_after == Some(moves) {
            reload_after = None;
            reload_and_compare(browser, name, &now);
        }
        let action = &actions[(moves * 7) % actions.len()];
        let selector = format!("#moves button[data-action={}]", json!(action));
        // A move is clicked as a finger taps it (scrolled into view first); one redrawn
        // meanwhile is looked for again.
        if let Some(button) = browser.find(&selector).expect("the page answers")
            && browser.click(&button).is_ok()
        {
            moves += 1;
        }
    }
}

/// Mid-game: the layout at a phone's size and a laptop's, the touch targets, and the
/// screenshots of both.
fn look_at(browser: &Browser, name: &str) {
    let over = browser.overflowing().unwrap();
    assert!(
        over.is_empty(),
        "{name} at 360x640 reaches past the screen: {over:#?}"
    );
    let (width, height, which) = smallest_target(browser);
    assert!(
        width >= 44.0 && height >= 44.0,
        "{name}: a touch target of {width}x{height} px ({which})"
    );
    let dir = screenshots();
    std::fs::write(
        dir.join(format!("{name}-phone.png")),
        browser.screenshot().unwrap(),
    )
    .unwrap();
    browser.viewport(DESKTOP.0, DESKTOP.1, false).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let over = browser.overflowing().unwrap();
    assert!(
        over.is_empty(),
        "{name} at 1280x800 reaches past the screen: {over:#?}"
    );
    std::fs::write(
        dir.join(format!("{name}-desktop.png")),
        browser.screenshot().unwrap(),
    )
    .unwrap();
    browser.viewport(PHONE.0, PHONE.1, true).unwrap();
    browser.color_scheme("dark").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    std::fs::write(
        dir.join(format!("{name}-phone-dark.png")),
        browser.screenshot().unwrap(),
    )
    .unwrap();
    browser.color_scheme("light").unwrap();
}

/// Reloads the page (a dropped connection: the page joins again with the code in its
/// address) and checks it shows the game as it stood: the same moves offered, every event
/// in its log again.
fn reload_and_compare(browser: &Browser, name: &str, before: &Value) {
    browser.reload().unwrap();
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        let now = state(browser);
        if now["actions"] == before["actions"] && now["events"] == before["events"] {
            assert!(
                now["mine"].as_bool().unwrap(),
                "{name}: no turn signal after the reload"
            );
            assert!(
                now["board"].as_bool().unwrap(),
                "{name}: no board after the reload"
            );
            return;
        }
        assert!(
            Instant::now() < until,
            "{name}: after the reload the page shows {now} instead of {before}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The checks the page's log and end screen must pass against the host's transcript.
fn check_the_end(browser: &Browser, name: &str, played: &Played, transcript: &Transcript) {
    transcript.replay().expect("the host's transcript replays");
    let outcome = transcript.outcome.as_ref().expect("the game ended");
    assert_eq!(played.outcome["ranks"], json!(outcome.ranks), "{name}");
    assert_eq!(played.outcome["scores"], json!(outcome.scores), "{name}");
    assert_eq!(
        played.events,
        transcript.events.len(),
        "{name}: one log line per event"
    );
    assert!(played.moves > 0, "{name}: the page played no move");
    let log = browser
        .script(
            r"const log = document.getElementById('log');
              return [log.getAttribute('role'), log.getAttribute('aria-live'),
                      log.querySelectorAll('.log-note').length,
                      document.getElementById('end-title').textContent,
                      document.getElementById('end-reason').textContent,
                      document.querySelectorAll('#end-list li').length];",
            Vec::new(),
        )
        .unwrap();
    assert_eq!(log[0], "log", "{name}");
    assert_eq!(log[1], "polite", "{name}");
    assert!(
        log[2].as_u64().unwrap() > 0,
        "{name}: no event's note in the log"
    );
    assert!(!log[3].as_str().unwrap().is_empty(), "{name}: no end title");
    assert!(
        log[4].as_str().unwrap().starts_with("The game ended: "),
        "{name}: the end does not say how: {}",
        log[4]
    );
    assert_eq!(
        log[5].as_u64().unwrap() as usize,
        outcome.ranks.len(),
        "{name}"
    );
    assert_no_console_errors(browser, &format!("in {name}"));
}

/// Hosts `spec` with the page at seat 0 and `others`, plays it in the page, checks it.
fn play_game(spec: &str, others: &str, checks: Checks) {
    let name = spec.split(':').next().unwrap();
    let hosted = host(spec, &format!("remote:page,{others}"), 7, settings());
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open(&seat_link(&hosted.address.to_string(), &hosted.code(0)))
        .unwrap();
    let played = play_to_the_end(&browser, name, checks);
    let transcript = hosted.finish();
    check_the_end(&browser, name, &played, &transcript);
}

#[test]
fn cheese_day_is_played_to_the_end_in_the_page() {
    play_game("cheese-day:players=2", "random", Checks::default());
}

#[test]
fn moose_in_the_house_is_played_to_the_end_in_the_page() {
    play_game("moose-house:players=2", "random", Checks::default());
}

#[test]
fn mouse_trap_is_played_to_the_end_in_the_page_and_a_reload_resumes_it() {
    play_game(
        "mouse-trap:players=2",
        "random",
        Checks {
            reload_after: Some(3),
        },
    );
}

#[test]
fn mouse_race_is_played_to_the_end_in_the_page() {
    // A page playing its moves blindly seldom reaches the cheese: the turn limit ends the game
    // (a draw) before the bag runs out, as it ends any game that long.
    play_game(
        "mouse-race:players=2,max_turns=80",
        "random",
        Checks::default(),
    );
}

/// A seat named to run a script shows those characters, and nothing of it runs.
#[test]
fn a_hostile_seat_name_shows_as_text() {
    let hosted: Hosted = host(
        "cheese-day:players=2",
        &format!("remote:page,remote:{HOSTILE}"),
        3,
        settings(),
    );
    let (opponent, _) = agent(hosted.address, &hosted.code(1), "random");
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open(&seat_link(&hosted.address.to_string(), &hosted.code(0)))
        .unwrap();
    let played = play_to_the_end(&browser, "hostile", Checks::default());
    assert!(played.moves > 0);
    let shown = browser
        .script(
            r"return [document.body.innerText, document.querySelectorAll('img').length,
                      document.querySelectorAll('[onerror]').length];",
            Vec::new(),
        )
        .unwrap();
    assert!(
        shown[0].as_str().unwrap().contains(HOSTILE),
        "the name is not shown as text: {}",
        shown[0]
    );
    assert_eq!(shown[1], 0, "an image element came from the name");
    assert_eq!(shown[2], 0, "an event handler came from the name");
    opponent.join().unwrap().unwrap();
    hosted.finish();
    assert_no_console_errors(&browser, "with a hostile name");
}

/// A link with a code no seat has says so in words, and the page does not keep trying.
#[test]
fn a_wrong_code_in_the_link_is_refused_in_words() {
    let hosted = host("mouse-trap:players=2", "remote,random", 5, settings());
    let code = hosted.code(0);
    let wrong: String = code.chars().rev().collect();
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open(&seat_link(&hosted.address.to_string(), &wrong))
        .unwrap();
    let problem = browser
        .wait_for("#problem:not([hidden])", Duration::from_secs(10))
        .unwrap();
    let said = browser.text(&problem).unwrap();
    assert!(said.contains("That code is not right"), "{said}");
    assert!(said.contains("The host says: "), "{said}");
    let connection = browser.find("#connection").unwrap().unwrap();
    assert_eq!(browser.text(&connection).unwrap(), "Not joined.");
    assert!(hosted.logged("wrong code"), "{:?}", hosted.log);
    // A refused join is no script error (the page said it in words instead).
    assert_no_console_errors(&browser, "after a wrong code");
}

/// A spectator's link (with `--allow-watch`) follows the game as everyone at the table sees
/// it, in large print: every seat's public board (no hand, nobody "you"), the log with its
/// notes, and the end in the host's words; no moves.
#[test]
fn a_spectator_link_follows_the_game_to_its_end() {
    let hosted = host(
        "moose-house:players=3",
        "remote:anna,remote:ben,random",
        11,
        mousehole_net::HostSettings {
            allow_watch: true,
            ..settings()
        },
    );
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open(&mousehole_net::page::watch_link(
            &hosted.address.to_string(),
        ))
        .unwrap();
    browser
        .wait_for("body.table #connection.good", Duration::from_secs(10))
        .unwrap();
    // Ben joins first: the table is told the host waits for anna, who then joins.
    let address = hosted.address;
    let (ben, _) = agent(address, &hosted.code(1), "random");
    let waiting = browser
        .wait_for("#connection.warn", Duration::from_secs(10))
        .unwrap();
    assert_eq!(
        browser.text(&waiting).unwrap(),
        "waiting for seat 0 (anna) to join"
    );
    // Anna joins from a page and holds the game at her first decision: whom the host waited
    // for is no news by then (the table's screenshot showed `waiting for seat 0 (anna) to
    // join` all game long).
    let anna_page = Browser::start().expect("Chromium starts");
    anna_page
        .open(&seat_link(&address.to_string(), &hosted.code(0)))
        .unwrap();
    anna_page
        .wait_for("#moves button[data-action]", Duration::from_secs(10))
        .unwrap();
    let connection = browser.find("#connection").unwrap().unwrap();
    let line = browser.text(&connection).unwrap();
    assert!(!line.contains("to join"), "a stale connection line: {line}");
    assert_eq!(line, "Watching the table.");
    // The table draws the public view: every seat's house, nobody's hand, nobody "you".
    let table = browser
        .script(
            r"const svg = document.querySelector('#board svg');
              return svg === null ? null : {
                houses: [...svg.querySelectorAll('[data-spot^=house-]')].map((n) => n.getAttribute('data-spot')),
                text: svg.textContent,
                notes: document.querySelectorAll('#log li.log-event .log-note').length,
              };",
            Vec::new(),
        )
        .unwrap();
    assert!(!table.is_null(), "the table draws no board");
    assert_eq!(
        table["houses"],
        json!(["house-0", "house-1", "house-2"]),
        "{table}"
    );
    let text = table["text"].as_str().unwrap();
    assert!(
        !text.contains("Your hand") && !text.contains("You"),
        "{text}"
    );
    assert!(
        table["notes"].as_u64().unwrap() > 0,
        "the table's log has no notes"
    );
    drop(anna_page);
    let (anna, _) = agent(address, &hosted.code(0), "random");
    let end = browser.wait_for("#end[data-outcome]", GAME_LIMIT).unwrap();
    let outcome: Value =
        serde_json::from_str(&browser.attribute(&end, "data-outcome").unwrap().unwrap()).unwrap();
    for player in [anna, ben] {
        player.join().unwrap().unwrap();
    }
    let transcript = hosted.finish();
    assert_eq!(outcome["ranks"], json!(transcript.outcome.unwrap().ranks));
    let now = state(&browser);
    assert_eq!(now["actions"], json!([]), "a spectator has no moves");
    let reason = browser.find("#end-reason").unwrap().unwrap();
    let reason = browser.text(&reason).unwrap();
    assert!(reason.starts_with("The game ended: "), "{reason}");
    assert_eq!(
        now["events"].as_u64().unwrap() as usize,
        transcript.events.len()
    );
    std::fs::write(
        screenshots().join("watch-phone.png"),
        browser.screenshot().unwrap(),
    )
    .unwrap();
    assert_no_console_errors(&browser, "watching");
}

/// Plays every page's seat at once (each clicks a legal move whenever it has some) until every
/// page shows the end; each page's outcome.
fn play_all_to_the_end(browsers: &[&Browser], name: &str) -> Vec<Value> {
    let started = Instant::now();
    let mut outcomes = vec![None; browsers.len()];
    let mut moves = 0;
    while outcomes.iter().any(Option::is_none) {
        assert!(
            started.elapsed() < GAME_LIMIT,
            "{name}: the game did not end in the pages"
        );
        for (index, browser) in browsers.iter().enumerate() {
            if outcomes[index].is_some() {
                continue;
            }
            let now = state(browser);
            assert!(now["problem"].is_null(), "{name}: {}", now["problem"]);
            if let Some(outcome) = now["outcome"].as_str() {
                outcomes[index] =
                    Some(serde_json::from_str(outcome).expect("data-outcome is JSON"));
                continue;
            }
            let actions: Vec<String> = now["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a.as_str().map(str::to_owned))
                .collect();
            if actions.is_empty() {
                continue;
            }
            let action = &actions[(moves * 7) % actions.len()];
            let selector = format!("#moves button[data-action={}]", json!(action));
            if let Some(button) = browser.find(&selector).expect("the page answers")
                && browser.click(&button).is_ok()
            {
                moves += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(moves > 0, "{name}: the pages played no move");
    outcomes.into_iter().map(Option::unwrap).collect()
}

/// The rematch box's question and who said yes, as a page shows them.
fn rematch_shown(browser: &Browser) -> Value {
    browser
        .script(
            r"const box = document.getElementById('rematch');
              return { shown: !box.hidden,
                       buttons: !document.getElementById('rematch-buttons').hidden,
                       question: document.getElementById('rematch-question').textContent,
                       standing: document.getElementById('rematch-standing').textContent,
                       yes: box.getAttribute('data-yes') };",
            Vec::new(),
        )
        .expect("the page answers")
}

/// Issue 43 item 4: at the end two pages are offered a rematch, each shows who said yes and
/// the time left; both click Play again, the next game (the next seed) begins in both and is
/// played to its end; a No thanks then ends the host. The host's transcripts replay.
#[test]
fn two_pages_say_yes_to_a_rematch_and_play_the_next_game_to_its_end() {
    let hosted = host_games(
        "cheese-day:players=2",
        "remote:anna,remote:ben",
        7,
        settings(),
        Some(Duration::from_secs(30)),
    );
    let anna = Browser::start().expect("Chromium starts");
    let ben = Browser::start().expect("Chromium starts");
    let address = hosted.address.to_string();
    anna.open(&seat_link(&address, &hosted.code(0))).unwrap();
    ben.open(&seat_link(&address, &hosted.code(1))).unwrap();
    let first = play_all_to_the_end(&[&anna, &ben], "rematch, first game");
    assert_eq!(first[0], first[1]);
    // The offer: a large Play again and a No thanks, everyone asked, nobody yes yet.
    let yes_button = "#rematch:not([hidden]) #rematch-yes";
    for browser in [&anna, &ben] {
        if browser
            .wait_for(yes_button, Duration::from_secs(10))
            .is_err()
        {
            panic!(
                "no rematch offered: {} {:?} {}",
                rematch_shown(browser),
                browser.console_errors(),
                browser
                    .script(
                        "return document.getElementById('log').textContent",
                        Vec::new()
                    )
                    .unwrap()
            );
        }
    }
    let offer = rematch_shown(&anna);
    assert_eq!(offer["question"], "Play again with the same seats?");
    assert!(
        offer["standing"]
            .as_str()
            .unwrap()
            .contains("Seat 1 (ben): not yet")
            && offer["standing"]
                .as_str()
                .unwrap()
                .contains("left to answer"),
        "{offer}"
    );
    let (width, height) = {
        let size = anna
            .script(
                r"const box = document.getElementById('rematch-yes').getBoundingClientRect();
                  return [box.width, box.height];",
                Vec::new(),
            )
            .unwrap();
        (size[0].as_f64().unwrap(), size[1].as_f64().unwrap())
    };
    assert!(
        width >= 150.0 && height >= 60.0,
        "Play again is {width}x{height} px"
    );
    assert!(
        anna.overflowing().unwrap().is_empty(),
        "the end with its offer fits 360x640"
    );
    std::fs::write(
        screenshots().join("rematch-phone.png"),
        anna.screenshot().unwrap(),
    )
    .unwrap();
    anna.click(&anna.find(yes_button).unwrap().unwrap())
        .unwrap();
    // Ben's page shows anna's yes.
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let shown = rematch_shown(&ben);
        if shown["yes"] == "[0]" {
            assert!(
                shown["standing"]
                    .as_str()
                    .unwrap()
                    .contains("Seat 0 (anna): yes ✓"),
                "{shown}"
            );
            break;
        }
        assert!(
            Instant::now() < until,
            "ben's page never showed anna's yes: {shown}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        rematch_shown(&anna)["question"],
        "You said yes: the next game begins when everyone has."
    );
    ben.click(&ben.find(yes_button).unwrap().unwrap()).unwrap();
    // The next game begins in both pages (the end gives way to it), and is played out.
    for browser in [&anna, &ben] {
        browser
            .wait_for("#end[hidden]", Duration::from_secs(10))
            .expect("the next game begins");
    }
    let second = play_all_to_the_end(&[&anna, &ben], "rematch, second game");
    assert_eq!(second[0], second[1]);
    for browser in [&anna, &ben] {
        browser
            .wait_for(yes_button, Duration::from_secs(10))
            .expect("a rematch is offered again");
    }
    let no_button = anna.find("#rematch-no").unwrap().unwrap();
    anna.click(&no_button).unwrap();
    let transcripts = hosted.finish_all_within(Duration::from_mins(1));
    assert_eq!(transcripts.len(), 2);
    assert_eq!((transcripts[0].seed, transcripts[1].seed), (7, 8));
    for (transcript, shown) in transcripts.iter().zip([&first[0], &second[0]]) {
        transcript.replay().expect("the host's transcript replays");
        let outcome = transcript.outcome.as_ref().expect("the game ended");
        assert_eq!(shown["ranks"], json!(outcome.ranks));
        assert_eq!(shown["scores"], json!(outcome.scores));
    }
    // Ben's page says the offer is settled and the host closed: the log has the host's word.
    let until = Instant::now() + Duration::from_secs(10);
    while rematch_shown(&ben)["shown"] != Value::Bool(false) {
        assert!(
            Instant::now() < until,
            "ben's page still offers the rematch"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = ben
        .script(
            "return document.getElementById('log').textContent",
            Vec::new(),
        )
        .unwrap();
    assert!(
        log.as_str()
            .unwrap()
            .contains("seat 0 (anna) said no to a rematch"),
        "{log}"
    );
    assert_no_console_errors(&anna, "in a rematch");
    assert_no_console_errors(&ben, "in a rematch");
}

/// The page names seats as every Rust front end does (`you`, `seat 1 (bob)`, `seat 2`): its one
/// naming function (draw.js's `seatName`) gives what `engine::naming::SeatNames::name` gives,
/// for ordinary names, names the host did not give, and hostile ones (control and bidi
/// characters written out, a long name cut); and the page's own line says which seat it is.
#[test]
fn the_page_names_seats_as_the_rust_front_ends_do() {
    use mousehole_engine::naming::{Reader, SeatNames};
    let hosted = host("cheese-day:players=2", "remote:page,random", 3, settings());
    let browser = Browser::start().expect("Chromium starts");
    browser
        .open(&seat_link(&hosted.address.to_string(), &hosted.code(0)))
        .unwrap();
    let who = browser.wait_for("#who", Duration::from_secs(10)).unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while browser.text(&who).unwrap().is_empty() {
        assert!(Instant::now() < until, "the page never said whose it is");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(browser.text(&who).unwrap(), "You are seat 0 (page)");
    let long = "ü".repeat(60);
    let names: Vec<String> = [
        "ann",
        "",
        "hard",
        "a\u{1b}[31mb\n\t\u{202e}x\u{7f}",
        long.as_str(),
        "🐭 mouse",
        HOSTILE,
    ]
    .map(str::to_owned)
    .to_vec();
    let mut cases = Vec::new();
    for me in [None, Some(0), Some(3)] {
        // One seat past the names: a host's list shorter than the table.
        for seat in 0..=names.len() {
            cases.push(json!([seat, me, names]));
        }
    }
    let from_page = browser
        .script(
            r"return import('/draw.js').then((draw) =>
                arguments[0].map(([seat, me, names]) => draw.seatName(seat, me, names)));",
            vec![Value::Array(cases.clone())],
        )
        .unwrap();
    let from_rust: Vec<Value> = cases
        .iter()
        .map(|case| {
            let seat = usize::try_from(case[0].as_u64().unwrap()).unwrap();
            let me = case[1].as_u64().map(|me| usize::try_from(me).unwrap());
            SeatNames::new(Reader(me), &names).name(seat).into()
        })
        .collect();
    assert_eq!(from_page, Value::Array(from_rust));
    assert_no_console_errors(&browser, "naming seats");
}
