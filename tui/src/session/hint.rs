//! Hints and the coach: the search of a person's decision (the strongest level, from their
//! own view, on the hint's own random streams), the move list sorted by the win chance shown
//! with the cursor on the searcher's pick (★), each estimate with its uncertainty, what is
//! recorded with a decision made with a hint on screen, and the coach's verdict on a move.

use mousehole_bots::analysis::Verdict;
use mousehole_engine::{ActionEstimate, DecisionInfo};

use super::ChoiceItem;

/// What the move panel says of the hint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HintView {
    #[default]
    None,
    Thinking,
    Shown {
        /// Why the ★ move is not the one with the highest number, when it is not.
        pick_note: Option<String>,
        /// Why the ★ move is worth playing, in words, where the game can say.
        reason: Option<String>,
    },
}

/// `34% ±2`, or `–` for a move the search did not try.
pub fn estimate_text(estimate: &ActionEstimate) -> String {
    if estimate.visits == 0 {
        return "–".to_owned();
    }
    format!(
        "{:.0}% ±{:.0}",
        100.0 * estimate.win,
        (100.0 * uncertainty(estimate)).max(1.0)
    )
}

/// The standard error of an estimate: the searcher's own when it gives one, else that of a
/// mean of `visits` results between 0 and 1.
pub fn uncertainty(estimate: &ActionEstimate) -> f64 {
    estimate.stderr.unwrap_or_else(|| {
        let p = estimate.win.clamp(0.0, 1.0);
        (p * (1.0 - p) / estimate.visits.max(1) as f64).sqrt()
    })
}

/// `2.4`: the expected place after a move, where the search weighed places.
pub fn place_text(estimate: &ActionEstimate) -> Option<String> {
    estimate
        .place
        .filter(|_| estimate.visits > 0)
        .map(|place| format!("{place:.1}"))
}

/// `you win 6%, place 2.6 on average`-style words for a move's win chance and expected place:
/// `6%` alone where places were not weighed, `6%, place 2.6` where they were.
pub fn win_and_place(win: f64, place: Option<f64>) -> String {
    match place {
        Some(place) => format!("{:.0}%, place {place:.1}", 100.0 * win),
        None => format!("{:.0}%", 100.0 * win),
    }
}

/// The order in which the list shows moves with the hint's estimates: by what the search
/// judged them by ([`ActionEstimate::worth`]: the win chance, or with places weighed the mean
/// of it and the place's share), best first, moves not searched last; ties keep the ★ move
/// first, then the rules' order. Returns the lines' new order (indices into `items`).
pub fn hint_order(items: &[ChoiceItem]) -> Vec<usize> {
    let shown = |item: &ChoiceItem| {
        item.estimate
            .as_ref()
            .filter(|e| e.visits > 0)
            .map_or(-1.0, |e| (100.0 * e.worth()).round())
    };
    let mut lines: Vec<usize> = (0..items.len()).collect();
    lines.sort_by(|&a, &b| {
        shown(&items[b])
            .total_cmp(&shown(&items[a]))
            .then(items[b].recommended.cmp(&items[a].recommended))
            .then(a.cmp(&b))
    });
    lines
}

/// Why the ★ move is not the top of the list, if it is not: the search keeps its pick when
/// another move is better only within the noise of its estimates.
pub fn pick_note(items: &[ChoiceItem]) -> Option<String> {
    let pick = items.iter().find(|item| item.recommended)?;
    let top = items.first()?;
    let (pick_estimate, top_estimate) = (pick.estimate.as_ref()?, top.estimate.as_ref()?);
    if top.recommended || top_estimate.worth() <= pick_estimate.worth() {
        return None;
    }
    let noise = 100.0 * (uncertainty(pick_estimate) + uncertainty(top_estimate));
    let gap = 100.0 * (top_estimate.worth() - pick_estimate.worth());
    Some(if gap <= noise {
        format!(
            "★ not on top: within the noise ({} against {})",
            estimate_text(pick_estimate),
            estimate_text(top_estimate)
        )
    } else {
        format!(
            "★ not on top: the bot keeps its rule of thumb unless a move is clearly better ({} against {})",
            estimate_text(pick_estimate),
            estimate_text(top_estimate)
        )
    })
}

/// What to know of the hint in game `game` at a table of `players`, where the hint's level was
/// measured no stronger than a lower level there (Mouse Race: following ★ every move still
/// loses to `medium` as often as it wins): that ★ is a sound move, not a way to win.
pub fn hint_caveat(game: &str, players: usize) -> Option<String> {
    let row = mousehole_bots::level_table()
        .into_iter()
        .find(|row| row.game == game)?;
    let plays = row.plays_as(crate::bots::HINT_LEVEL, players);
    (plays != crate::bots::HINT_LEVEL).then(|| {
        format!(
            "measured in this game at this table, the {} bot plays no better than {plays}: ★ is \
             a sound move, not a sure way to win",
            crate::bots::HINT_LEVEL
        )
    })
}

/// What a decision made with a hint on screen records: the note `hint shown` (with the
/// searcher's own note), the hint's estimates, and its estimate of the chosen move.
pub fn hint_record(info: DecisionInfo, chosen: &str, what: &str) -> DecisionInfo {
    let win = info
        .actions
        .iter()
        .find(|e| e.action == chosen)
        .map(|e| e.win);
    DecisionInfo {
        win,
        visits: info.visits,
        note: Some(match &info.note {
            Some(note) => format!("{what} ({note})"),
            None => what.to_owned(),
        }),
        actions: info.actions,
        extra: serde_json::Map::new(),
    }
}

/// The coach's verdict on playing `played`: its warning when it gives away at least
/// [`super::COACH_POINTS`] against the search's pick (of win chance, or where places were
/// weighed of their mean with it), or when it ends the game for the person at once far more
/// often than the pick ([`Verdict::goes_out`]).
pub fn coach_warning(info: &DecisionInfo, played: &str, reason: Option<String>) -> Option<String> {
    let best = info.actions.first()?;
    if best.action == played {
        return None;
    }
    let verdict = Verdict::of(&info.actions, &best.action, played);
    let played_reads = win_and_place(verdict.played_win, verdict.played_place);
    let best_reads = win_and_place(verdict.best_win, verdict.best_place);
    let text = if verdict.goes_out() {
        format!(
            "`{played}` ends the game for you at once about {:.0} times in 100, placing you last; \
             `{}` does so {:.0} times in 100 (win chance {played_reads} against {best_reads})",
            100.0 * verdict.played_ends.unwrap_or(0.0),
            best.action,
            100.0 * verdict.best_ends.unwrap_or(0.0),
        )
    } else if verdict.loss >= super::COACH_POINTS {
        let what = if verdict.played_place.is_some() {
            "of win chance and place together"
        } else {
            "of win chance"
        };
        format!(
            "`{played}` gives away about {:.0} points {what}: {played_reads} against {best_reads} for `{}`",
            verdict.loss, best.action
        )
    } else {
        return None;
    };
    match reason {
        Some(reason) => Some(format!("{text} ({reason}).")),
        None => Some(format!("{text}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(text: &str, win: f64, visits: u64, recommended: bool) -> ChoiceItem {
        ChoiceItem {
            text: text.to_owned(),
            label: text.to_owned(),
            estimate: Some(ActionEstimate {
                action: text.to_owned(),
                visits,
                win,
                stderr: Some(0.02),
                place: None,
                value: None,
                ends: None,
            }),
            recommended,
        }
    }

    #[test]
    fn the_list_is_sorted_by_the_number_shown_and_a_pick_below_the_top_is_explained() {
        let items = vec![
            item("a", 0.30, 100, false),
            item("b", 0.34, 100, true),
            item("c", 0.35, 100, false),
            item("d", 0.0, 0, false),
        ];
        let order = hint_order(&items);
        assert_eq!(order, [2, 1, 0, 3]);
        let sorted: Vec<ChoiceItem> = order.iter().map(|&i| items[i].clone()).collect();
        let note = pick_note(&sorted).unwrap();
        assert!(
            note.contains("within the noise (34% ±2 against 35% ±2)"),
            "{note}"
        );
        assert_eq!(estimate_text(sorted[3].estimate.as_ref().unwrap()), "–");
        // The pick on top needs no note.
        let items = vec![item("a", 0.5, 10, true), item("b", 0.4, 10, false)];
        assert_eq!(pick_note(&items), None);
    }

    #[test]
    fn the_coach_speaks_only_of_moves_that_give_away_enough() {
        let estimate = |action: &str, win: f64| ActionEstimate {
            action: action.to_owned(),
            visits: 100,
            win,
            stderr: None,
            place: None,
            value: None,
            ends: None,
        };
        let info = DecisionInfo {
            actions: vec![estimate("take 1", 0.6), estimate("remove 1", 0.45)],
            ..DecisionInfo::default()
        };
        let warning = coach_warning(&info, "remove 1", Some("a 1-hole card".into())).unwrap();
        assert!(
            warning.starts_with("`remove 1` gives away about 15 points"),
            "{warning}"
        );
        assert!(warning.contains("(a 1-hole card)"), "{warning}");
        assert_eq!(coach_warning(&info, "take 1", None), None);
        let info = DecisionInfo {
            actions: vec![estimate("take 1", 0.6), estimate("remove 1", 0.55)],
            ..DecisionInfo::default()
        };
        assert_eq!(coach_warning(&info, "remove 1", None), None);
    }

    #[test]
    fn with_places_weighed_the_coach_speaks_before_a_move_that_may_end_the_game_for_you() {
        // Three players: the gamble wins a little more often, but is out at once half the time.
        let estimate = |action: &str, win: f64, place: f64, ends: f64| ActionEstimate {
            action: action.to_owned(),
            visits: 1000,
            win,
            stderr: Some(0.01),
            place: Some(place),
            value: Some(0.5 * (win + (3.0 - place) / 2.0)),
            ends: Some(ends),
        };
        let info = DecisionInfo {
            actions: vec![
                estimate("remove 1", 0.024, 2.44, 0.0),
                estimate("take 1", 0.064, 2.63, 0.51),
            ],
            ..DecisionInfo::default()
        };
        let warning = coach_warning(&info, "take 1", None).unwrap();
        assert_eq!(
            warning,
            "`take 1` ends the game for you at once about 51 times in 100, placing you last; \
             `remove 1` does so 0 times in 100 (win chance 6%, place 2.6 against 2%, place 2.4)."
        );
        assert_eq!(coach_warning(&info, "remove 1", None), None);
        // The list puts the pick first although its win chance is lower.
        let items: Vec<ChoiceItem> = info
            .actions
            .iter()
            .rev()
            .map(|e| ChoiceItem {
                text: e.action.clone(),
                label: e.action.clone(),
                estimate: Some(e.clone()),
                recommended: e.action == "remove 1",
            })
            .collect();
        assert_eq!(hint_order(&items), [1, 0]);
        assert_eq!(place_text(&info.actions[1]).as_deref(), Some("2.6"));
    }

    #[test]
    fn in_mouse_race_the_hint_says_it_is_no_better_than_medium() {
        let row = mousehole_bots::level_table()
            .into_iter()
            .find(|row| row.game == "mouse-race")
            .unwrap();
        let caveat = hint_caveat("mouse-race", 2);
        if row.plays_as_measured() {
            assert_eq!(
                caveat.as_deref(),
                Some(
                    "measured in this game at this table, the expert bot plays no better than \
                     medium: ★ is a sound move, not a sure way to win"
                )
            );
        }
        // Moose in the House heads-up: expert was measured stronger.
        assert_eq!(hint_caveat("moose-house", 2), None);
    }
}
