//! What both sessions show, the game played here and the one joined: the status line, the
//! log, the winners' headline and the end screen, each seat named as the viewer reads it.

use mousehole_engine::naming::SeatNames;
use mousehole_engine::words::ordinal;
use mousehole_engine::{Actor, Outcome};

use super::{EndRow, EndView, LogEntry};
use crate::TuiGame;
use crate::view::Ending;

/// What is happening, in one sentence from `viewer`'s observation: the game's prompt when a
/// person at the screen plays the seat, else the observation's first sentence (of the seat,
/// not of "you", when nobody at the screen plays it).
pub(crate) fn status_line<G: TuiGame>(
    observation: &G::Observation,
    viewer: usize,
    person_view: bool,
    names: &SeatNames,
) -> String {
    if let Some(prompt) = G::prompt(observation, names).filter(|_| person_view) {
        return prompt;
    }
    let text = observation.to_string();
    let first = text.lines().next().unwrap_or_default().to_owned();
    // "You are seat 0. " opens every observation's text ("The table as everyone sees it. " a
    // public view's): the screen says it elsewhere.
    let status = match first.split_once(". ") {
        Some((head, rest))
            if head.starts_with("You are seat") || head == "The table as everyone sees it" =>
        {
            rest.to_owned()
        }
        _ => first,
    };
    // Watching a game nobody at the terminal plays, the seat is not "you".
    if person_view {
        status
    } else if let Some(rest) = status.strip_prefix("Your ") {
        format!("Seat {viewer}'s {rest}")
    } else if let Some(rest) = status.strip_prefix("You ") {
        format!("Seat {viewer} {rest}")
    } else {
        status
    }
}

/// The seats as the board and the log's heads name them, where a line has no room for names:
/// `you`, `seat 1` ([`SeatNames::short`], the form the games' notes use).
pub fn short_names(seats: &SeatNames) -> Vec<String> {
    (0..seats.len()).map(|seat| seats.short(seat)).collect()
}

/// Extends `log` with the viewer's views of the events it does not show yet (every event, as
/// the viewer saw it, its maker named as the notes name seats: `you`, `seat 1`): the log
/// grows with each event, never built again whole.
pub(crate) fn extend_log<V: std::fmt::Display>(
    log: &mut Vec<LogEntry>,
    seen: &[mousehole_engine::SeenEvent<V>],
    seats: &SeatNames,
) {
    if log.len() > seen.len() {
        log.clear();
    }
    let from = log.len();
    log.extend(seen[from..].iter().enumerate().map(|(i, event)| LogEntry {
        number: from + i + 1,
        actor: event.actor,
        who: match event.actor {
            Actor::Chance => "chance".to_owned(),
            Actor::Seat(seat) => seats.short(seat),
        },
        text: event.view.to_string(),
        note: event.note.clone(),
    }));
}

/// `you win`, `seat 2 (hard) wins`, `a draw: …`, `… share first place`.
pub(crate) fn winners_headline(outcome: &Outcome, seats: &SeatNames) -> String {
    let winners = outcome.winners();
    match winners.as_slice() {
        [seat] if seats.reader().is_me(*seat) => "you win".to_owned(),
        [seat] => format!("{} wins", seats.name(*seat)),
        _ if winners.len() == seats.len() => "a draw: everyone shares first place".to_owned(),
        _ => format!("{} share first place", seats.all(&winners)),
    }
}

/// The end screen of a game that ended as `headline` says: with its `outcome`, how it ended
/// and each seat's score made, from `observation` (the viewer's, at the end) and the outcome
/// alone, as any seat may know them; and the table.
pub(crate) fn ended_view<G: TuiGame>(
    headline: String,
    outcome: Option<&Outcome>,
    observation: &G::Observation,
    seats: &SeatNames,
    people: &[usize],
) -> EndView {
    let names: Vec<String> = (0..seats.len()).map(|seat| seats.name(seat)).collect();
    let ending = outcome.and_then(|outcome| G::ending(observation, outcome, &names));
    let mut view = EndView {
        headline,
        reason: ending
            .as_ref()
            .map_or_else(String::new, |e| e.reason.clone()),
        tie_break: ending.as_ref().and_then(|e| e.tie_break.clone()),
        ..EndView::default()
    };
    if let Some(outcome) = outcome {
        fill_end_rows(&mut view, outcome, seats, ending.as_ref(), people);
    }
    view
}

/// The end screen's table from `outcome` (with each seat's breakdown where the `ending` is
/// known), and the place of the one person at the screen.
pub(crate) fn fill_end_rows(
    view: &mut EndView,
    outcome: &Outcome,
    seats: &SeatNames,
    ending: Option<&Ending>,
    people: &[usize],
) {
    let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&seat| (outcome.ranks[seat], seat));
    for seat in order {
        view.rows.push(EndRow {
            rank: outcome.ranks[seat],
            seat,
            name: seats.name(seat),
            score: outcome.scores.get(seat).copied().unwrap_or_default(),
            breakdown: ending
                .and_then(|e| e.breakdown.get(seat).cloned())
                .unwrap_or_default(),
        });
    }
    if let [person] = people[..] {
        let rank = outcome.ranks[person];
        let shared = outcome.ranks.iter().filter(|&&r| r == rank).count() > 1;
        view.place = Some(format!(
            "you placed {}{} of {}",
            if shared { "joint " } else { "" },
            ordinal(rank),
            outcome.ranks.len()
        ));
    }
}
