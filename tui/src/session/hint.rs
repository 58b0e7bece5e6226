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

/// The order in which the list shows moves with the hint's estimates: by the number shown,
/// highest first, moves not searched last; ties keep the ★ move first, then the rules' order.
/// Returns the lines' new order (indices into `items`).
pub fn hint_order(items: &[ChoiceItem]) -> Vec<usize> {
    let shown = |item: &ChoiceItem| {
        item.estimate
            .as_ref()
            .filter(|e| e.visits > 0)
            .map_or(-1.0, |e| (100.0 * e.win).round())
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
    if top.recommended || top_estimate.win <= pick_estimate.win {
        return None;
    }
    let noise = 100.0 * (uncertainty(pick_estimate) + uncertainty(top_estimate));
    let gap = 100.0 * (top_estimate.win - pick_estimate.win);
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
/// [`super::COACH_POINTS`] of win chance against the search's pick.
pub fn coach_warning(info: &DecisionInfo, played: &str, reason: Option<String>) -> Option<String> {
    let best = info.actions.first()?;
    if best.action == played {
        return None;
    }
    let verdict = Verdict::of(&info.actions, &best.action, played);
    if verdict.loss < super::COACH_POINTS {
        return None;
    }
    let text = format!(
        "`{played}` gives away about {:.0} points of win chance: {:.0}% against {:.0}% for `{}`",
        verdict.loss,
        100.0 * verdict.played_win,
        100.0 * verdict.best_win,
        best.action
    );
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
}
