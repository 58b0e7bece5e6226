//! The compact record of each game a tournament plays: per seat its rank, score, return and
//! decision counts, and the forfeit if there was one. It is all the statistics need, and what
//! a part file stores for the merge.

use serde::{Deserialize, Serialize};

use crate::seats::SeatUsage;

/// One seat's result in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatResult {
    /// 1 = first (competition ranking: ties share the better rank).
    pub rank: u32,
    pub score: i64,
    /// The game's return for the seat (first places share 1.0).
    pub ret: f64,
    pub usage: SeatUsage,
}

/// One game: a result per seat, and the seat whose forfeit ended it, if one did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "GameLine", try_from = "GameLine")]
pub struct GameRecord {
    pub seats: Vec<SeatResult>,
    pub forfeit: Option<usize>,
}

/// The games of one deal, in seating order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRecord {
    /// The deal's number in the whole tournament.
    pub deal: u64,
    pub games: Vec<GameRecord>,
}

/// A game as a part file writes it: one array per field, one value per seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameLine {
    ranks: Vec<u32>,
    scores: Vec<i64>,
    returns: Vec<f64>,
    decisions: Vec<u64>,
    nanos: Vec<u64>,
    max_nanos: Vec<u64>,
    faults: Vec<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forfeit: Option<usize>,
}

impl From<GameRecord> for GameLine {
    fn from(game: GameRecord) -> Self {
        let column = |f: &dyn Fn(&SeatResult) -> u64| game.seats.iter().map(f).collect();
        GameLine {
            ranks: game.seats.iter().map(|s| s.rank).collect(),
            scores: game.seats.iter().map(|s| s.score).collect(),
            returns: game.seats.iter().map(|s| s.ret).collect(),
            decisions: column(&|s| s.usage.decisions),
            nanos: column(&|s| s.usage.nanos),
            max_nanos: column(&|s| s.usage.max_nanos),
            faults: column(&|s| s.usage.faults),
            forfeit: game.forfeit,
        }
    }
}

impl TryFrom<GameLine> for GameRecord {
    type Error = String;

    fn try_from(line: GameLine) -> Result<Self, String> {
        let seats = line.ranks.len();
        let lengths = [
            ("scores", line.scores.len()),
            ("returns", line.returns.len()),
            ("decisions", line.decisions.len()),
            ("nanos", line.nanos.len()),
            ("max_nanos", line.max_nanos.len()),
            ("faults", line.faults.len()),
        ];
        if let Some((field, length)) = lengths.iter().find(|(_, n)| *n != seats) {
            return Err(format!(
                "a game lists {seats} ranks but {length} {field}; give one value per seat"
            ));
        }
        let seats = (0..seats)
            .map(|s| SeatResult {
                rank: line.ranks[s],
                score: line.scores[s],
                ret: line.returns[s],
                usage: SeatUsage {
                    decisions: line.decisions[s],
                    nanos: line.nanos[s],
                    max_nanos: line.max_nanos[s],
                    faults: line.faults[s],
                },
            })
            .collect();
        Ok(GameRecord {
            seats,
            forfeit: line.forfeit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_exactly_through_json() {
        let usage = SeatUsage {
            decisions: 12,
            nanos: 123_456,
            max_nanos: 40_000,
            faults: 1,
        };
        let game = GameRecord {
            seats: vec![
                SeatResult {
                    rank: 1,
                    score: 9,
                    ret: 1.0 / 3.0,
                    usage,
                },
                SeatResult {
                    rank: 1,
                    score: -2,
                    ret: 2.0 / 3.0 - 1e-17,
                    usage: SeatUsage::default(),
                },
            ],
            forfeit: Some(1),
        };
        let deal = DealRecord {
            deal: 7,
            games: vec![game],
        };
        let text = serde_json::to_string(&deal).unwrap();
        assert!(text.contains("\"ranks\":[1,1]"), "{text}");
        let back: DealRecord = serde_json::from_str(&text).unwrap();
        // Bit for bit: the merge must add the very same returns a run added.
        assert_eq!(back, deal);
        let bad = text.replace("\"scores\":[9,-2]", "\"scores\":[9]");
        let err = serde_json::from_str::<DealRecord>(&bad).unwrap_err();
        assert!(err.to_string().contains("lists 2 ranks"), "{err}");
    }
}
