//! The tournament report: per entry its games, mean return and win rate with 95% intervals,
//! mean score, thinking time, faults, forfeits and rating; a head-to-head table; the seat
//! advantage. Serialised as JSON (field names are a documented contract,
//! `docs/tournaments.md`) and rendered as a terminal table or Markdown.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::stats::{return_ci95, wilson95};
use crate::tally::Tally;

/// The value of the report's `format` key.
pub const REPORT_FORMAT: &str = "mousehole-tournament-report/1";

/// A whole tournament's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub format: String,
    /// The canonical game spec, every option listed.
    pub game: String,
    pub players: usize,
    pub seed: u64,
    /// `--games` as asked; the tournament plays whole rounds.
    pub games_requested: u64,
    /// Whether each deal played every seat order (else the rotations).
    pub permutations: bool,
    pub tables: u64,
    pub seatings_per_deal: u64,
    pub rounds: u64,
    /// Deals the plan holds: rounds × tables.
    pub deals_planned: u64,
    /// Deals played and counted (all of them unless interrupted).
    pub deals: u64,
    pub games_played: u64,
    /// Stopped before the end (Ctrl-C): the figures cover the first `deals` deals.
    pub interrupted: bool,
    pub agents: Vec<AgentReport>,
    /// Every ordered pair of entries that met.
    pub head_to_head: Vec<HeadToHead>,
    pub seats: Vec<SeatReport>,
    /// Wall-clock figures: the only ones that differ between runs.
    pub timing: Timing,
}

/// One entry's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentReport {
    /// Position in the agent list, from 0.
    pub index: usize,
    /// The spec, with `#n` after specs listed more than once.
    pub name: String,
    /// The agent spec (canonical): its seat label in transcripts.
    pub spec: String,
    pub games: u64,
    pub deals: u64,
    /// `null` until the entry has played.
    pub mean_return: Option<f64>,
    /// Student's t interval over the entry's per-deal mean returns; `null` with fewer than
    /// two deals.
    pub mean_return_ci95: Option<[f64; 2]>,
    /// First places, one shared by k seats counting 1/k.
    pub wins: f64,
    pub win_rate: Option<f64>,
    /// Wilson interval of `win_rate` over games.
    pub win_rate_ci95: Option<[f64; 2]>,
    pub mean_score: Option<f64>,
    pub decisions: u64,
    /// Timing: mean wall-clock milliseconds per decision.
    pub ms_per_decision: Option<f64>,
    /// Timing: the longest decision, in milliseconds.
    pub max_ms_per_decision: Option<f64>,
    /// Decisions a fallback made after the agent faulted.
    pub faults: u64,
    /// Games the entry forfeited (ranked last, the others sharing first).
    pub forfeits: u64,
    /// Weng–Lin μ minus the anchor's (the `random` entries' mean, else all entries' mean).
    pub rating: f64,
    /// Weng–Lin σ of the entry.
    pub rating_sigma: f64,
}

/// How one entry placed against another in the games both played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeadToHead {
    pub agent: usize,
    pub opponent: usize,
    pub games: u64,
    pub above: u64,
    pub tied: u64,
    pub below: u64,
    /// (above + tied/2) / games.
    pub score: Option<f64>,
    /// Wilson interval of `score`.
    pub score_ci95: Option<[f64; 2]>,
}

/// Results by seat, whoever sat there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatReport {
    pub seat: usize,
    pub games: u64,
    pub mean_return: Option<f64>,
    /// Student's t interval over the per-deal mean returns of the seat.
    pub mean_return_ci95: Option<[f64; 2]>,
    pub win_rate: Option<f64>,
    pub win_rate_ci95: Option<[f64; 2]>,
}

/// Wall-clock figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Seconds the run took; for a merge, the parts' seconds added up.
    pub elapsed_seconds: f64,
    pub games_per_second: Option<f64>,
}

impl Report {
    /// The report of `tally` (the games of `plan` counted so far).
    pub fn new(plan: &Plan, tally: &Tally, interrupted: bool, elapsed_seconds: f64) -> Self {
        let anchors = plan.random_entries();
        let ratings = tally.ratings.anchored(&anchors);
        let ratio = |num: f64, den: u64| (den > 0).then(|| num / den as f64);
        let agents = tally
            .agents
            .iter()
            .enumerate()
            .map(|(index, a)| AgentReport {
                index,
                name: plan.names()[index].clone(),
                spec: plan.labels()[index].clone(),
                games: a.games,
                deals: a.deals,
                mean_return: ratio(a.return_sum, a.games),
                mean_return_ci95: return_ci95(&a.deal_means),
                wins: a.wins,
                win_rate: ratio(a.wins, a.games),
                win_rate_ci95: wilson95(a.wins, a.games),
                mean_score: ratio(a.score_sum as f64, a.games),
                decisions: a.decisions,
                ms_per_decision: ratio(a.nanos as f64 / 1e6, a.decisions),
                max_ms_per_decision: (a.decisions > 0).then(|| a.max_nanos as f64 / 1e6),
                faults: a.faults,
                forfeits: a.forfeits,
                rating: ratings[index].0,
                rating_sigma: ratings[index].1,
            })
            .collect();
        let entries = plan.agents().len();
        let mut head_to_head = Vec::new();
        for agent in 0..entries {
            for opponent in 0..entries {
                if plan.meet(agent, opponent) {
                    let p = tally.pair(agent, opponent);
                    head_to_head.push(HeadToHead {
                        agent,
                        opponent,
                        games: p.games,
                        above: p.above,
                        tied: p.tied,
                        below: p.below,
                        score: p.score(),
                        score_ci95: p.score_ci95(),
                    });
                }
            }
        }
        let seats = tally
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatReport {
                seat,
                games: s.games,
                mean_return: ratio(s.return_sum, s.games),
                mean_return_ci95: return_ci95(&s.deal_means),
                win_rate: ratio(s.wins, s.games),
                win_rate_ci95: wilson95(s.wins, s.games),
            })
            .collect();
        Report {
            format: REPORT_FORMAT.to_owned(),
            game: plan.game().to_owned(),
            players: plan.players(),
            seed: plan.seed(),
            games_requested: plan.games_requested(),
            permutations: plan.permutations(),
            tables: plan.tables().len() as u64,
            seatings_per_deal: plan.seatings_per_deal() as u64,
            rounds: plan.rounds(),
            deals_planned: plan.deals(),
            deals: tally.deals,
            games_played: tally.games,
            interrupted,
            agents,
            head_to_head,
            seats,
            timing: Timing {
                elapsed_seconds,
                games_per_second: (elapsed_seconds > 0.0)
                    .then(|| tally.games as f64 / elapsed_seconds),
            },
        }
    }

    /// The report as pretty JSON (ending in a newline).
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("reports serialise");
        text.push('\n');
        text
    }

    /// One line on what was played.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} · seed {} · {} deals × {} seatings = {} games ({} asked for{})",
            self.game,
            self.seed,
            self.deals,
            self.seatings_per_deal,
            self.games_played,
            self.games_requested,
            if self.tables > 1 {
                format!(
                    "; {} tables, {} rounds of one deal per table",
                    self.tables, self.rounds
                )
            } else {
                String::new()
            }
        );
        if self.interrupted {
            let _ = write!(
                line,
                " · INTERRUPTED after {} of {} deals",
                self.deals, self.deals_planned
            );
        }
        line
    }

    /// The report as a terminal table.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "tournament: {}", self.summary());
        let _ = writeln!(out);
        let rows = self.agent_rows();
        out.push_str(&text_table(&AGENT_HEADER, &rows));
        if self.agents.len() > MATRIX_ENTRIES {
            let _ = writeln!(
                out,
                "\nhead to head: {} entries make too wide a table; see head_to_head in the JSON report",
                self.agents.len()
            );
        } else if !self.head_to_head.is_empty() {
            let _ = writeln!(
                out,
                "\nhead to head: how often the row placed above the column (ties count half), 95% CI"
            );
            out.push_str(&text_table(&self.matrix_header(), &self.matrix_rows()));
        }
        let _ = writeln!(out, "\nseats: mean return by seat, whoever sat there");
        out.push_str(&text_table(&SEAT_HEADER, &self.seat_rows()));
        let _ = writeln!(
            out,
            "\nrating: Weng-Lin mu relative to {}; intervals of mean return are over deals, of win rates over games",
            self.anchor_text()
        );
        out
    }

    /// The report as Markdown.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Tournament: {}\n", self.game);
        let _ = writeln!(out, "{}\n", self.summary());
        out.push_str(&self.markdown_tables("##"));
        let _ = writeln!(out, "Played in {:.1} s.", self.timing.elapsed_seconds);
        out
    }

    /// The report's tables in Markdown (entries, head to head, seats, with what the figures
    /// mean), their headings at level `heading` (`##`): for documents that hold many reports.
    pub fn markdown_tables(&self, heading: &str) -> String {
        let mut out = String::new();
        out.push_str(&markdown_table(&AGENT_HEADER, &self.agent_rows()));
        if self.agents.len() > MATRIX_ENTRIES {
            let _ = writeln!(
                out,
                "\n{heading} Head to head\n\n{} entries make too wide a table: see `head_to_head` in the JSON report.",
                self.agents.len()
            );
        } else if !self.head_to_head.is_empty() {
            let _ = writeln!(
                out,
                "\n{heading} Head to head\n\nHow often the row placed above the column (ties count half), with a 95% interval.\n"
            );
            out.push_str(&markdown_table(&self.matrix_header(), &self.matrix_rows()));
        }
        let _ = writeln!(
            out,
            "\n{heading} Seats\n\nMean return by seat, whoever sat there.\n"
        );
        out.push_str(&markdown_table(&SEAT_HEADER, &self.seat_rows()));
        let _ = writeln!(
            out,
            "\nRatings are Weng-Lin μ relative to {}. Intervals are 95%: of mean returns over deals (Student's t), of win rates over games (Wilson).",
            self.anchor_text()
        );
        out
    }

    fn anchor_text(&self) -> &'static str {
        if self.agents.iter().any(|a| a.spec == "random") {
            "random (0)"
        } else {
            "the mean of all entries (0)"
        }
    }

    fn agent_rows(&self) -> Vec<Vec<String>> {
        self.agents
            .iter()
            .map(|a| {
                vec![
                    a.name.clone(),
                    a.games.to_string(),
                    with_interval(a.mean_return, a.mean_return_ci95, 3, 1.0),
                    with_interval(a.win_rate, a.win_rate_ci95, 1, 100.0),
                    a.mean_score
                        .map_or_else(|| "-".to_owned(), |s| format!("{s:.2}")),
                    // Rounded first, so that a rating a hair below 0 shows as +0.00.
                    format!(
                        "{:+.2} ± {:.2}",
                        (a.rating * 100.0).round() / 100.0 + 0.0,
                        a.rating_sigma
                    ),
                    match (a.ms_per_decision, a.max_ms_per_decision) {
                        (Some(mean), Some(max)) => {
                            format!("{} ({})", significant(mean), significant(max))
                        }
                        _ => "-".to_owned(),
                    },
                    a.faults.to_string(),
                    a.forfeits.to_string(),
                ]
            })
            .collect()
    }

    fn matrix_header(&self) -> Vec<&str> {
        let mut header = vec![""];
        header.extend(self.agents.iter().map(|a| a.name.as_str()));
        header
    }

    fn matrix_rows(&self) -> Vec<Vec<String>> {
        self.agents
            .iter()
            .map(|row| {
                let mut cells = vec![row.name.clone()];
                for column in &self.agents {
                    let cell = self
                        .head_to_head
                        .iter()
                        .find(|h| h.agent == row.index && h.opponent == column.index)
                        .map_or_else(
                            || "-".to_owned(),
                            |h| with_interval(h.score, h.score_ci95, 1, 100.0),
                        );
                    cells.push(cell);
                }
                cells
            })
            .collect()
    }

    fn seat_rows(&self) -> Vec<Vec<String>> {
        self.seats
            .iter()
            .map(|s| {
                vec![
                    s.seat.to_string(),
                    s.games.to_string(),
                    with_interval(s.mean_return, s.mean_return_ci95, 3, 1.0),
                    with_interval(s.win_rate, s.win_rate_ci95, 1, 100.0),
                ]
            })
            .collect()
    }
}

/// Most entries whose head-to-head matrix the text and Markdown reports draw.
const MATRIX_ENTRIES: usize = 12;

const AGENT_HEADER: [&str; 9] = [
    "agent",
    "games",
    "mean return (95% CI)",
    "win % (95% CI)",
    "score",
    "rating ± σ",
    "ms/decision (max)",
    "faults",
    "forfeits",
];

const SEAT_HEADER: [&str; 4] = ["seat", "games", "mean return (95% CI)", "win % (95% CI)"];

/// `0.412 [0.398, 0.427]`, scaled (100 for percentages); `-` when undefined.
pub(crate) fn with_interval(
    value: Option<f64>,
    interval: Option<[f64; 2]>,
    decimals: usize,
    scale: f64,
) -> String {
    match (value, interval) {
        (None, _) => "-".to_owned(),
        (Some(v), None) => format!("{:.decimals$}", v * scale),
        (Some(v), Some([lo, hi])) => format!(
            "{:.decimals$} [{:.decimals$}, {:.decimals$}]",
            v * scale,
            lo * scale,
            hi * scale
        ),
    }
}

/// A positive figure to three significant digits (`0.0000482`, `0.0430`, `12.3`); 0 as `0`.
pub(crate) fn significant(value: f64) -> String {
    mousehole_bots::levels::significant(value, 3)
}

/// Columns padded to their widest cell (counted in characters), the first left-aligned.
fn text_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let columns = header.len();
    let width = |column: usize| {
        rows.iter()
            .map(|row| row[column].chars().count())
            .chain(std::iter::once(header[column].chars().count()))
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let pad = widths[i] - cell.chars().count();
                if i == 0 {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(header.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

pub(crate) fn markdown_table(header: &[&str], rows: &[Vec<String>]) -> String {
    let escape = |cell: &str| cell.replace('|', "\\|");
    let mut out = format!(
        "| {} |\n|{}|\n",
        header
            .iter()
            .map(|h| escape(h))
            .collect::<Vec<_>>()
            .join(" | "),
        header
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { " --- " } else { " ---: " })
            .collect::<Vec<_>>()
            .join("|")
    );
    for row in rows {
        let _ = writeln!(
            out,
            "| {} |",
            row.iter()
                .map(|c| escape(c))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_their_columns() {
        let rows = vec![
            vec!["random#1".to_owned(), "3".to_owned()],
            vec!["x".to_owned(), "300".to_owned()],
        ];
        assert_eq!(
            text_table(&["agent", "games"], &rows),
            "agent     games\nrandom#1      3\nx           300\n"
        );
        assert_eq!(
            markdown_table(&["a", "b|c"], &rows),
            "| a | b\\|c |\n| --- | ---: |\n| random#1 | 3 |\n| x | 300 |\n"
        );
        assert_eq!(
            with_interval(Some(0.5), Some([0.25, 0.75]), 1, 100.0),
            "50.0 [25.0, 75.0]"
        );
        assert_eq!(with_interval(None, None, 1, 1.0), "-");
        assert_eq!(significant(0.000_048_2), "0.0000482");
        assert_eq!(significant(0.043), "0.0430");
        assert_eq!(significant(12.34), "12.3");
        assert_eq!(significant(1234.5), "1234");
        assert_eq!(significant(0.0), "0");
    }
}
