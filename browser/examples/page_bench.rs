//! The page's figures (issue 43, item 7), measured in headless Chromium on 127.0.0.1:
//! its weight, the time from opening a seat's link to a drawn board, and a move's round trip
//! (a click on a move to the board the host's answer draws), each over several games.
//!
//! `cargo run -p mousehole-browser --example page_bench [-- GAMES]` (add `--profile soak`
//! for an optimised host). The round trip is timed in the page itself (a click's time, and
//! the next redraw of the board in a later task than the click's own), so the driver's own
//! calls do not count.

use std::time::{Duration, Instant};

use mousehole_browser::Browser;
use mousehole_net::page::{seat_link, weight};
use mousehole_net::testing::{host, settings};
use serde_json::Value;

/// Starts the page's own clock of round trips: a click on a move, then the first redraw of
/// the board after the click's task (the click redraws it at once to show "Move sent…").
const ROUND_TRIP_CLOCK: &str = r"
  window.roundTrips = [];
  let clicked = null, armed = false;
  document.addEventListener('click', (event) => {
    if (!event.target.closest('#moves [data-action]')) return;
    clicked = performance.now();
    armed = false;
    setTimeout(() => { armed = true; }, 0);
  }, true);
  new MutationObserver(() => {
    if (clicked !== null && armed) {
      window.roundTrips.push(performance.now() - clicked);
      clicked = null;
    }
  }).observe(document.getElementById('board'), { childList: true });
  return true;";

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    println!("page weight: {} bytes uncompressed", weight());
    let browser = Browser::start().expect("Chromium starts");
    let mut to_board = Vec::new();
    let mut round_trips = Vec::new();
    for game in 0..games {
        let hosted = host(
            "cheese-day:players=2",
            "remote:page,random",
            game as u64,
            settings(),
        );
        let link = seat_link(&hosted.address.to_string(), &hosted.code(0));
        let opened = Instant::now();
        browser.open(&link).expect("the page opens");
        browser
            .wait_for("#board svg", Duration::from_secs(10))
            .expect("a board");
        to_board.push(opened.elapsed().as_secs_f64() * 1000.0);
        browser
            .script(ROUND_TRIP_CLOCK, Vec::new())
            .expect("the clock starts");
        let until = Instant::now() + Duration::from_mins(1);
        while browser.find("#end[data-outcome]").unwrap().is_none() {
            assert!(Instant::now() < until, "the game did not end");
            match browser.find("#moves button[data-action]").unwrap() {
                Some(button) => {
                    let _ = browser.click(&button);
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        let timed = browser
            .script("return window.roundTrips", Vec::new())
            .unwrap();
        round_trips.extend(
            timed
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_f64),
        );
        hosted.finish();
    }
    println!(
        "opening a link to a drawn board: median {:.0} ms over {} games (min {:.0}, max {:.0})",
        median(&mut to_board),
        to_board.len(),
        to_board.first().copied().unwrap_or_default(),
        to_board.last().copied().unwrap_or_default(),
    );
    println!(
        "a move's round trip (click to the next board): median {:.1} ms over {} moves (90th percentile {:.1} ms)",
        median(&mut round_trips),
        round_trips.len(),
        round_trips[round_trips.len() * 9 / 10],
    );
}
