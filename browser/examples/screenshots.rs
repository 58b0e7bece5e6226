//! Writes the page's reviewed screenshots (issue 43 item 6) into `docs/screenshots/`: each
//! game's board on a phone (360 × 640) a few moves into a game, one game on a laptop
//! (1280 × 800), the spectators' table (1280 × 800) and the end of a game with its rematch
//! offer (360 × 640). Every game is hosted on 127.0.0.1 with fixed seeds and the page's moves
//! are picked the same way each run, so a change to the page shows as a change of these
//! images: look at each one before committing it (docs/browser.md says what was seen).
//!
//! `cargo run -p mousehole-browser --example screenshots [-- FOLDER]` (default: the
//! repository's `docs/screenshots/`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mousehole_browser::{Browser, PHONE};
use mousehole_net::page::{seat_link, watch_link};
use mousehole_net::testing::{Hosted, host, host_games, settings};
use serde_json::json;

/// A laptop's window.
const DESKTOP: (u32, u32) = (1280, 800);
/// The longest any step here may take.
const LIMIT: Duration = Duration::from_mins(1);

/// Each game's phone shot: its spec, the other seat, the seed, and how many of its own moves
/// the page plays first (so the board has something on it).
const GAMES: &[(&str, &str, u64, usize)] = &[
    ("cheese-day:players=2", "medium", 7, 4),
    ("moose-house:players=2", "medium", 5, 3),
    ("mouse-trap:players=2", "medium", 3, 3),
    ("mouse-race:players=2", "medium", 4, 8),
];

/// The legal moves the page offers now (none while it is not its turn, or no board yet).
fn offered(browser: &Browser) -> Vec<String> {
    if browser.find("#board svg").unwrap().is_none() {
        return Vec::new();
    }
    let actions = browser
        .script(
            r"return [...document.querySelectorAll('#moves button[data-action]')]
                .map((b) => b.getAttribute('data-action'));",
            Vec::new(),
        )
        .expect("the page answers");
    actions
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a.as_str().map(str::to_owned))
        .collect()
}

/// Clicks the page's `played`th move (the `(played * 7)`th legal one, round the list) if it
/// offers any; whether it did.
fn step(browser: &Browser, played: usize) -> bool {
    let actions = offered(browser);
    if actions.is_empty() {
        return false;
    }
    let action = &actions[(played * 7) % actions.len()];
    let selector = format!("#moves button[data-action={}]", json!(action));
    let clicked = browser
        .find(&selector)
        .unwrap()
        .is_some_and(|button| browser.click(&button).is_ok());
    if clicked {
        // The host's answer redraws the page: the next look is at what it drew.
        std::thread::sleep(Duration::from_millis(150));
    }
    clicked
}

/// Plays `moves` of the page's own moves, then waits for its next turn: the board drawn, its
/// moves offered. `false` if the game ended first (a seat that is seldom asked).
fn play_moves(browser: &Browser, moves: usize) -> bool {
    let until = Instant::now() + LIMIT;
    let mut played = 0;
    while played < moves || offered(browser).is_empty() {
        assert!(Instant::now() < until, "the page was not asked to move");
        if browser.find("#end[data-outcome]").unwrap().is_some() {
            return false;
        }
        if played < moves && step(browser, played) {
            played += 1;
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    true
}

/// The page scrolled to its top, settled, as a PNG at `path`.
fn shoot(browser: &Browser, path: &Path) {
    browser
        .script("window.scrollTo(0, 0); return true;", Vec::new())
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(path, browser.screenshot().expect("a screenshot"))
        .expect("the folder is writable");
    println!("wrote {}", path.display());
}

/// Ends a hosted game that is not played out.
fn stop(hosted: Hosted) {
    hosted.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    hosted.finish_all_within(LIMIT);
}

fn main() {
    let folder = std::env::args().nth(1).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&folder).expect("the folder can be made");
    let browser = Browser::start().expect("Chromium starts");
    for &(spec, other, seed, moves) in GAMES {
        let name = spec.split(':').next().unwrap();
        // The first of the seeds from `seed` whose game asks the page that many moves.
        for seed in seed..seed + 20 {
            let hosted = host(spec, &format!("remote:anna,{other}"), seed, settings());
            browser.viewport(PHONE.0, PHONE.1, true).unwrap();
            browser
                .open(&seat_link(&hosted.address.to_string(), &hosted.code(0)))
                .unwrap();
            let asked = play_moves(&browser, moves);
            if asked {
                shoot(&browser, &folder.join(format!("{name}-360x640.png")));
                if name == "cheese-day" {
                    browser.viewport(DESKTOP.0, DESKTOP.1, false).unwrap();
                    shoot(&browser, &folder.join(format!("{name}-1280x800.png")));
                }
            }
            stop(hosted);
            if asked {
                break;
            }
        }
    }

    // The table: a laptop or a TV in the middle of the room, following a game two phones play.
    let hosted = host(
        "moose-house:players=3",
        "remote:anna,remote:ben,medium",
        9,
        mousehole_net::HostSettings {
            allow_watch: true,
            ..settings()
        },
    );
    let address = hosted.address.to_string();
    let table = Browser::start().expect("Chromium starts");
    table.viewport(DESKTOP.0, DESKTOP.1, false).unwrap();
    table.open(&watch_link(&address)).unwrap();
    let ben = Browser::start().expect("Chromium starts");
    ben.open(&seat_link(&address, &hosted.code(1))).unwrap();
    browser.viewport(PHONE.0, PHONE.1, true).unwrap();
    browser.open(&seat_link(&address, &hosted.code(0))).unwrap();
    // Both phones play until each has made three moves, then the table is looked at.
    let until = Instant::now() + LIMIT;
    let mut played = [0, 0];
    while played.iter().any(|&n| n < 3) && table.find("#end[data-outcome]").unwrap().is_none() {
        assert!(
            Instant::now() < until,
            "the phones were not asked to move: {played:?}"
        );
        for (index, seat) in [&browser, &ben].into_iter().enumerate() {
            if step(seat, played[index]) {
                played[index] += 1;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    shoot(&table, &folder.join("table-1280x800.png"));
    drop((table, ben));
    stop(hosted);

    // The end of a game, with the rematch offered.
    let hosted = host_games(
        "cheese-day:players=2",
        "remote:anna,medium",
        11,
        settings(),
        Some(Duration::from_mins(2)),
    );
    browser.viewport(PHONE.0, PHONE.1, true).unwrap();
    browser
        .open(&seat_link(&hosted.address.to_string(), &hosted.code(0)))
        .unwrap();
    let until = Instant::now() + LIMIT;
    while browser
        .find("#rematch:not([hidden]) #rematch-yes")
        .unwrap()
        .is_none()
    {
        assert!(Instant::now() < until, "the game did not end");
        match browser.find("#moves button[data-action]").unwrap() {
            Some(button) => {
                let _ = browser.click(&button);
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    shoot(&browser, &folder.join("rematch-360x640.png"));
    stop(hosted);
}
