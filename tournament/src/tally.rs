//! Running sums over a tournament's games, fed deal by deal in the canonical order: per entry,
//! per seat and per pair of entries, plus the ratings. A run and a merge of shards feed the
//! same records in the same order through this one path, so they agree to the last bit.
//!
//! Memory does not grow with the number of games: only sums are kept.

use mousehole_bots::search::Mean;

use crate::plan::Plan;
use crate::rating::Ratings;
use crate::record::DealRecord;
use crate::stats::Placements;

/// Sums for one entry.
#[derive(Clone, Debug, Default)]
pub struct EntryTally {
    pub games: u64,
    pub deals: u64,
    pub return_sum: f64,
    /// The entry's mean return in each deal it played (the deal is the unit of its interval:
    /// the games of a deal share their luck).
    pub deal_means: Mean,
    /// First places, a first shared by k seats counting 1/k.
    pub wins: f64,
    pub score_sum: i128,
    pub decisions: u64,
    pub nanos: u128,
    pub max_nanos: u64,
    pub faults: u64,
    pub forfeits: u64,
}

/// Sums for one seat.
#[derive(Clone, Debug, Default)]
pub struct SeatTally {
    pub games: u64,
    pub return_sum: f64,
    pub deal_means: Mean,
    pub wins: f64,
}

/// Everything a report is computed from.
#[derive(Clone, Debug)]
pub struct Tally {
    players: usize,
    entries: usize,
    seatings: usize,
    pub deals: u64,
    pub games: u64,
    pub agents: Vec<EntryTally>,
    pub seats: Vec<SeatTally>,
    /// `pairs[a * entries + b]`: how entry a placed against entry b.
    pairs: Vec<Placements>,
    pub ratings: Ratings,
}

impl Tally {
    pub fn new(plan: &Plan) -> Self {
        let entries = plan.agents().len();
        Self {
            players: plan.players(),
            entries,
            seatings: plan.seatings_per_deal(),
            deals: 0,
            games: 0,
            agents: vec![EntryTally::default(); entries],
            seats: vec![SeatTally::default(); plan.players()],
            pairs: vec![Placements::default(); entries * entries],
            ratings: Ratings::new(entries),
        }
    }

    /// How entry `a` placed against entry `b`.
    pub fn pair(&self, a: usize, b: usize) -> Placements {
        self.pairs[a * self.entries + b]
    }

    /// Adds the games of one deal (the next in canonical order).
    ///
    /// # Errors
    /// A record that does not fit the plan (from a part file): the wrong number of games or
    /// seats, or a rank or forfeit seat out of range. Nothing is added then.
    pub fn add_deal(&mut self, plan: &Plan, deal: &DealRecord) -> Result<(), String> {
        self.check(deal)?;
        let table = &plan.tables()[plan.table_of(deal.deal)];
        let mut entry_returns = vec![0.0; self.entries];
        let mut seat_returns = vec![0.0; self.players];
        for (seating, game) in deal.games.iter().enumerate() {
            let entries = plan.entries(deal.deal, seating);
            let winners = game.seats.iter().filter(|s| s.rank == 1).count();
            for (seat, result) in game.seats.iter().enumerate() {
                let win = if result.rank == 1 {
                    1.0 / winners as f64
                } else {
                    0.0
                };
                let agent = &mut self.agents[entries[seat]];
                agent.games += 1;
                agent.return_sum += result.ret;
                agent.wins += win;
                agent.score_sum += i128::from(result.score);
                agent.decisions += result.usage.decisions;
                agent.nanos += u128::from(result.usage.nanos);
                agent.max_nanos = agent.max_nanos.max(result.usage.max_nanos);
                agent.faults += result.usage.faults;
                entry_returns[entries[seat]] += result.ret;

                let seat_tally = &mut self.seats[seat];
                seat_tally.games += 1;
                seat_tally.return_sum += result.ret;
                seat_tally.wins += win;
                seat_returns[seat] += result.ret;

                for (other, other_result) in game.seats.iter().enumerate() {
                    if other != seat {
                        self.pairs[entries[seat] * self.entries + entries[other]]
                            .add(result.rank, other_result.rank);
                    }
                }
            }
            if let Some(seat) = game.forfeit {
                self.agents[entries[seat]].forfeits += 1;
            }
            let ranks: Vec<u32> = game.seats.iter().map(|s| s.rank).collect();
            self.ratings.add_game(&entries, &ranks);
            self.games += 1;
        }
        let seatings = self.seatings as f64;
        for &entry in table {
            let agent = &mut self.agents[entry];
            agent.deals += 1;
            agent.deal_means.add(entry_returns[entry] / seatings);
        }
        for (seat, total) in seat_returns.iter().enumerate() {
            self.seats[seat].deal_means.add(total / seatings);
        }
        self.deals += 1;
        Ok(())
    }

    fn check(&self, deal: &DealRecord) -> Result<(), String> {
        if deal.games.len() != self.seatings {
            return Err(format!(
                "deal {} has {} games; each deal of this tournament has {}",
                deal.deal,
                deal.games.len(),
                self.seatings
            ));
        }
        for game in &deal.games {
            if game.seats.len() != self.players {
                return Err(format!(
                    "a game of deal {} has {} seats; this game seats {}",
                    deal.deal,
                    game.seats.len(),
                    self.players
                ));
            }
            if let Some(seat) = game
                .seats
                .iter()
                .position(|s| s.rank == 0 || s.rank as usize > self.players || !s.ret.is_finite())
            {
                return Err(format!(
                    "a game of deal {} gives seat {seat} rank {} and return {}",
                    deal.deal, game.seats[seat].rank, game.seats[seat].ret
                ));
            }
            if game.forfeit.is_some_and(|seat| seat >= self.players) {
                return Err(format!(
                    "a game of deal {} names forfeit seat {}",
                    deal.deal,
                    game.forfeit.unwrap_or_default()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
// The sums checked here are exact in binary (halves and thirds of small counts added once).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::plan::TournamentConfig;
    use crate::record::{GameRecord, SeatResult};
    use crate::seats::SeatUsage;
    use crate::seats::{ExternalOptions, parse_agent_list};

    fn game(ranks: &[u32]) -> GameRecord {
        let winners = ranks.iter().filter(|&&r| r == 1).count() as f64;
        GameRecord {
            seats: ranks
                .iter()
                .map(|&rank| SeatResult {
                    rank,
                    score: i64::from(rank) * 10,
                    ret: if rank == 1 { 1.0 / winners } else { 0.0 },
                    usage: SeatUsage {
                        decisions: 2,
                        nanos: 2_000 * u64::from(rank),
                        max_nanos: 1_500 * u64::from(rank),
                        faults: u64::from(rank == 3),
                    },
                })
                .collect(),
            forfeit: None,
        }
    }

    #[test]
    fn one_deal_is_counted_by_entry_seat_and_pair() {
        let plan = Plan::new(&TournamentConfig {
            game: "cheese-day:players=3".parse().unwrap(),
            agents: parse_agent_list("random,random,random").unwrap(),
            games: 3,
            seed: 0,
            permutations: false,
            external: ExternalOptions::default(),
        })
        .unwrap();
        // Seatings of deal 0: [0,1,2], [1,2,0], [2,0,1] (entries per seat).
        let mut tie = game(&[1, 1, 3]);
        tie.forfeit = Some(2);
        let deal = DealRecord {
            deal: 0,
            games: vec![game(&[1, 2, 3]), tie, game(&[2, 3, 1])],
        };
        let mut tally = Tally::new(&plan);
        tally.add_deal(&plan, &deal).unwrap();
        assert_eq!((tally.deals, tally.games), (1, 3));
        // Entry 0 sat in seat 0 (rank 1), seat 2 (rank 3), seat 1 (rank 3).
        // Entry 1: seat 1 (2), seat 0 (1, shared), seat 2 (1).
        // Entry 2: seat 2 (3), seat 1 (1, shared), seat 0 (2).
        let wins: Vec<f64> = tally.agents.iter().map(|a| a.wins).collect();
        assert_eq!(wins, vec![1.0, 1.5, 0.5]);
        assert_eq!(tally.agents[0].score_sum, 10 + 30 + 30);
        assert_eq!(tally.agents[0].faults, 2);
        assert_eq!(tally.agents[0].forfeits, 1);
        assert_eq!(tally.agents[0].nanos, 2_000 + 6_000 + 6_000);
        assert_eq!(tally.agents[0].max_nanos, 4_500);
        assert_eq!(tally.agents[1].deal_means.mean(), 1.5 / 3.0);
        // Entry 1 against entry 2: game 1 (2 vs 3: above), game 2 (1 vs 1: tie), game 3
        // (1 vs 2: above).
        assert_eq!(
            tally.pair(1, 2),
            Placements {
                games: 3,
                above: 2,
                tied: 1,
                below: 0
            }
        );
        assert_eq!(
            tally.pair(2, 1),
            Placements {
                games: 3,
                above: 0,
                tied: 1,
                below: 2
            }
        );
        // Seat 0 ranked 1, 1 (shared), 2.
        assert_eq!(tally.seats[0].wins, 1.5);
        assert_eq!(tally.seats[0].deal_means.count(), 1);

        let bad = DealRecord {
            deal: 1,
            games: vec![game(&[1, 2, 3])],
        };
        let err = tally.add_deal(&plan, &bad).unwrap_err();
        assert!(
            err.contains("has 1 games; each deal of this tournament has 3"),
            "{err}"
        );
        let bad = DealRecord {
            deal: 1,
            games: vec![game(&[1, 2, 4]), game(&[1, 2, 3]), game(&[1, 2, 3])],
        };
        let err = tally.add_deal(&plan, &bad).unwrap_err();
        assert!(err.contains("rank 4"), "{err}");
        assert_eq!(tally.games, 3, "a bad deal adds nothing");
    }
}
