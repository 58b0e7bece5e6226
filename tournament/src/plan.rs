//! What a tournament plays: its tables (every combination of agents), the seatings of a deal
//! (rotations, or every permutation), how many rounds of deals make the games asked for, the
//! seed of every deal, and which deals a shard plays.
//!
//! Words used throughout: an **entry** is one item of the agent list (the same spec listed
//! twice is two entries); a **table** is one set of entries, as many as the game has seats; a
//! **deal** is one match seed played at one table once per **seating** (every entry in every
//! seat, on the same chance stream); a **round** is one deal at every table, all on the same
//! seed.

use std::fmt;
use std::str::FromStr;

use mousehole_engine::GameSpec;

use mousehole_bots::SeatLabel;

use crate::error::TournamentError;
use crate::seats::ExternalOptions;

/// Most tables a tournament plays (every combination of agents is one table).
pub const MAX_TABLES: u64 = 100_000;

/// Most seatings a deal plays (`--permutations` plays `players!` of them).
pub const MAX_SEATINGS: u64 = 5_040;

/// What to play: the input of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub game: GameSpec,
    /// The entries, in order: the same spec listed twice is two entries.
    pub agents: Vec<SeatLabel>,
    /// Games asked for; the tournament plays whole rounds, so it rounds up (see [`Plan`]).
    pub games: u64,
    /// The match seed of round 0; round r plays seed + r (wrapping).
    pub seed: u64,
    /// Play every seat order of a table at each deal instead of its rotations.
    pub permutations: bool,
    /// How the external entries (`exec:`) are run.
    pub external: ExternalOptions,
}

/// A validated tournament: the tables, seatings and rounds that `config` asks for.
#[derive(Clone, Debug)]
pub struct Plan {
    spec: GameSpec,
    game: String,
    players: usize,
    agents: Vec<SeatLabel>,
    external: ExternalOptions,
    labels: Vec<String>,
    names: Vec<String>,
    seed: u64,
    games_requested: u64,
    permutations: bool,
    /// Per table, its entries in ascending order.
    tables: Vec<Vec<usize>>,
    /// Per seating, per seat, the position in the table of the entry that sits there.
    seatings: Vec<Vec<usize>>,
    rounds: u64,
}

impl Plan {
    /// Checks `config` against the game and works out the tables, seatings and rounds.
    ///
    /// `--games N` counts games: the plan plays the fewest whole rounds (one deal at every
    /// table, each deal once per seating) that reach N, so every entry plays as many games
    /// in every seat as every other entry at its tables.
    ///
    /// Nothing is started: external programs are only parsed here (see
    /// [`Plan::check_programs`]).
    ///
    /// # Errors
    /// A bad game spec, an agent (or an external entry's fallback) that does not build for
    /// the game, fewer agents than seats, too many tables or seatings, or no games.
    pub fn new(config: &TournamentConfig) -> Result<Self, TournamentError> {
        let game = config.game.canonical()?;
        let players = config.game.build()?.players();
        if config.agents.len() < players {
            return Err(TournamentError::TooFewAgents {
                game: config.game.description().name.to_owned(),
                players,
                given: config.agents.len(),
            });
        }
        if config.games == 0 {
            return Err(TournamentError::NoGames);
        }
        let table_count = binomial(config.agents.len() as u128, players as u128);
        if table_count > u128::from(MAX_TABLES) {
            return Err(TournamentError::TooManyTables {
                agents: config.agents.len(),
                players,
                tables: table_count,
                limit: MAX_TABLES,
            });
        }
        let seatings = if config.permutations {
            let orders = (1..=players as u128).product::<u128>();
            if orders > u128::from(MAX_SEATINGS) {
                return Err(TournamentError::TooManySeatings {
                    players,
                    orders,
                    limit: MAX_SEATINGS,
                });
            }
            permutations(players)
        } else {
            rotations(players)
        };
        let tables = combinations(config.agents.len(), players);
        let games_per_round = (tables.len() * seatings.len()) as u64;
        let rounds = config.games.div_ceil(games_per_round);
        rounds
            .checked_mul(games_per_round)
            .ok_or(TournamentError::TooManyGames {
                games: config.games,
            })?;
        let labels: Vec<String> = config.agents.iter().map(ToString::to_string).collect();
        Ok(Self {
            spec: config.game.clone(),
            game,
            players,
            names: entry_names(&labels),
            labels,
            agents: config.agents.clone(),
            external: config.external.clone(),
            seed: config.seed,
            games_requested: config.games,
            permutations: config.permutations,
            tables,
            seatings,
            rounds,
        })
    }

    /// The game spec as given (validated).
    pub fn game_spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The canonical game spec, every option listed.
    pub fn game(&self) -> &str {
        &self.game
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The entries, in the order given.
    pub fn agents(&self) -> &[SeatLabel] {
        &self.agents
    }

    /// How the external entries are run.
    pub fn external(&self) -> &ExternalOptions {
        &self.external
    }

    /// Whether any entry is an external program (they are sent the seats' views of events,
    /// which the match then records).
    pub fn has_external(&self) -> bool {
        self.agents.iter().any(SeatLabel::is_program)
    }

    /// Checks that every external entry's program can be started (it is on `PATH`, or the
    /// path names an executable file), without starting it: what a run needs and a merge of
    /// parts played elsewhere does not.
    ///
    /// # Errors
    /// The first program that cannot be started.
    pub fn check_programs(&self) -> Result<(), TournamentError> {
        for entry in &self.agents {
            if let SeatLabel::Program(command) = entry {
                command.check().map_err(TournamentError::Command)?;
            }
        }
        Ok(())
    }

    /// The entries' spec strings (canonical: settings sorted): their seat labels in transcripts.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The entries' names in reports: the spec string, with `#1`, `#2`, … after specs listed
    /// more than once (`random#1`, `random#2`, `random#3`), numbered in list order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn games_requested(&self) -> u64 {
        self.games_requested
    }

    pub fn permutations(&self) -> bool {
        self.permutations
    }

    /// Per table, its entries in ascending order (tables in lexicographic order).
    pub fn tables(&self) -> &[Vec<usize>] {
        &self.tables
    }

    /// Games each deal plays: the table size for rotations, its factorial for permutations.
    pub fn seatings_per_deal(&self) -> usize {
        self.seatings.len()
    }

    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// Deals in the whole tournament: rounds × tables.
    pub fn deals(&self) -> u64 {
        self.rounds * self.tables.len() as u64
    }

    /// Games in the whole tournament: deals × seatings.
    pub fn games(&self) -> u64 {
        self.deals() * self.seatings.len() as u64
    }

    /// The round deal `deal` belongs to (deals are numbered round by round, table by table).
    pub fn round_of(&self, deal: u64) -> u64 {
        deal / self.tables.len() as u64
    }

    /// The table deal `deal` is played at.
    pub fn table_of(&self, deal: u64) -> usize {
        (deal % self.tables.len() as u64) as usize
    }

    /// The match seed of every game of deal `deal`: the tournament seed plus its round, so
    /// every table of a round plays the same chance stream too.
    pub fn deal_seed(&self, deal: u64) -> u64 {
        self.seed.wrapping_add(self.round_of(deal))
    }

    /// Who sits where at seating `seating` of deal `deal`: the entry in each seat.
    pub fn entries(&self, deal: u64, seating: usize) -> Vec<usize> {
        let table = &self.tables[self.table_of(deal)];
        self.seatings[seating]
            .iter()
            .map(|&position| table[position])
            .collect()
    }

    /// The entries whose spec is `random`: the rating's anchor.
    pub fn random_entries(&self) -> Vec<bool> {
        self.labels.iter().map(|label| label == "random").collect()
    }

    /// Whether entries `a` and `b` meet at some table: any two entries do, the tables being
    /// every combination of entries.
    pub fn meet(&self, a: usize, b: usize) -> bool {
        a != b && a < self.agents.len() && b < self.agents.len()
    }
}

/// One machine's share of a tournament: deal k belongs to shard `k mod count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole tournament as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// How many of `deals` deals this shard plays.
    pub fn deals(&self, deals: u64) -> u64 {
        if self.index >= deals {
            0
        } else {
            (deals - self.index).div_ceil(self.count)
        }
    }

    /// The tournament's number of this shard's `local`-th deal.
    pub fn deal(&self, local: u64) -> u64 {
        self.index + local * self.count
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = TournamentError;

    /// `I/N`: shard I (from 0) of N.
    fn from_str(text: &str) -> Result<Self, TournamentError> {
        let bad = |reason| TournamentError::BadShard {
            text: mousehole_engine::text::shown(text),
            reason,
        };
        let (index, count) = text.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let index: u64 = index
            .trim()
            .parse()
            .map_err(|_| bad("the shard index is not a whole number"))?;
        let count: u64 = count
            .trim()
            .parse()
            .map_err(|_| bad("the shard count is not a whole number"))?;
        if count == 0 {
            return Err(bad("the shard count must be at least 1"));
        }
        if index >= count {
            return Err(bad("the shard index must be less than the shard count"));
        }
        Ok(Shard { index, count })
    }
}

fn entry_names(labels: &[String]) -> Vec<String> {
    labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let copies = labels.iter().filter(|other| *other == label).count();
            if copies == 1 {
                label.clone()
            } else {
                let number = labels[..=i].iter().filter(|other| *other == label).count();
                format!("{label}#{number}")
            }
        })
        .collect()
}

/// n choose k, saturating far above any limit.
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result.saturating_mul(n - i) / (i + 1);
    }
    result
}

/// Every k-element subset of 0..n, ascending, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    loop {
        all.push(current.clone());
        // The rightmost position that can still move right.
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
            return all;
        };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// The rotations of a table of `players`: at rotation r, seat s is played by table position
/// (s + r) mod players, so every position plays every seat once.
fn rotations(players: usize) -> Vec<Vec<usize>> {
    (0..players)
        .map(|r| (0..players).map(|seat| (seat + r) % players).collect())
        .collect()
}

/// Every order of table positions 0..players, in lexicographic order (the identity first).
fn permutations(players: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..players).collect();
    loop {
        all.push(current.clone());
        // Next lexicographic permutation.
        let Some(i) = (1..players).rev().find(|&i| current[i - 1] < current[i]) else {
            return all;
        };
        let j = (i..players)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .expect("a larger element follows");
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::parse_agent_list;

    fn config(game: &str, agents: &str, games: u64) -> TournamentConfig {
        TournamentConfig {
            game: game.parse().unwrap(),
            agents: parse_agent_list(agents).unwrap(),
            games,
            seed: 10,
            permutations: false,
            external: ExternalOptions::default(),
        }
    }

    #[test]
    fn one_table_rotates_every_entry_through_every_seat() {
        let plan = Plan::new(&config("cheese-day:players=3", "random,random,random", 10)).unwrap();
        assert_eq!(plan.tables(), &[vec![0, 1, 2]]);
        assert_eq!(plan.seatings_per_deal(), 3);
        // 10 games round up to 4 deals of 3 games.
        assert_eq!((plan.rounds(), plan.deals(), plan.games()), (4, 4, 12));
        assert_eq!(plan.entries(0, 0), vec![0, 1, 2]);
        assert_eq!(plan.entries(0, 1), vec![1, 2, 0]);
        assert_eq!(plan.entries(0, 2), vec![2, 0, 1]);
        assert_eq!(plan.deal_seed(3), 13);
        assert_eq!(plan.names(), &["random#1", "random#2", "random#3"]);
        assert_eq!(plan.labels(), &["random", "random", "random"]);
    }

    #[test]
    fn more_agents_than_seats_play_every_combination() {
        let plan = Plan::new(&config("cheese-day:players=2", "random,random,random", 1)).unwrap();
        assert_eq!(plan.tables(), &[vec![0, 1], vec![0, 2], vec![1, 2]]);
        // One round: a deal at each of the 3 tables, 2 seatings each.
        assert_eq!((plan.rounds(), plan.deals(), plan.games()), (1, 3, 6));
        assert_eq!(plan.entries(2, 1), vec![2, 1]);
        // Every table of a round plays the same seed.
        assert_eq!(plan.deal_seed(0), plan.deal_seed(2));
        assert!(plan.meet(0, 2));
        assert_eq!(combinations(5, 3).len(), 10);
        assert_eq!(binomial(52, 5), 2_598_960);
    }

    #[test]
    fn permutations_play_every_seat_order() {
        let mut c = config("cheese-day:players=3", "random,random,random", 1);
        c.permutations = true;
        let plan = Plan::new(&c).unwrap();
        assert_eq!(plan.seatings_per_deal(), 6);
        let orders: Vec<Vec<usize>> = (0..6).map(|s| plan.entries(0, s)).collect();
        assert_eq!(
            orders,
            vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0]
            ]
        );
    }

    #[test]
    fn bad_tournaments_say_why() {
        let err = Plan::new(&config("cheese-day:players=3", "random,random", 3)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cheese-day seats 3 players, so a table needs 3 agents, but 2 were given; list an agent more than once to seat copies of it (e.g. random,random,random)"
        );
        let err = Plan::new(&config("cheese-day", "random,random,random", 0)).unwrap_err();
        assert_eq!(err.to_string(), "the number of games must be at least 1");
        let err = parse_agent_list("random,robot").unwrap_err();
        let agents: Vec<&str> = mousehole_bots::AGENTS.iter().map(|a| a.name).collect();
        assert_eq!(
            err.to_string(),
            format!(
                "unknown agent 'robot'; the agents are: {}",
                agents.join(", ")
            )
        );
        let err = parse_agent_list("random:depth=2,random,random").unwrap_err();
        assert_eq!(
            err.to_string(),
            "agent 'random' has no setting 'depth' (it takes no settings)"
        );
        assert!(matches!(
            parse_agent_list("random,,random"),
            Err(TournamentError::EmptyAgent)
        ));
        assert!(matches!(
            parse_agent_list("human:ann,random"),
            Err(TournamentError::Human { .. })
        ));
        let many = vec!["random"; 40].join(",");
        let err = Plan::new(&config("cheese-day:players=6", &many, 1)).unwrap_err();
        assert!(err.to_string().contains("3838380 tables"), "{err}");
    }

    #[test]
    fn programs_are_planned_without_being_started() {
        let plan = Plan::new(&config(
            "mouse-trap:players=2",
            "exec:./no-such-bot --fast,random",
            4,
        ))
        .unwrap();
        assert!(plan.has_external());
        assert_eq!(plan.labels()[0], "exec:./no-such-bot --fast");
        let err = plan.check_programs().unwrap_err().to_string();
        assert!(err.contains("'./no-such-bot' does not exist"), "{err}");
    }

    #[test]
    fn shards_split_deals_by_remainder() {
        let shard: Shard = "1/3".parse().unwrap();
        assert_eq!(shard, Shard { index: 1, count: 3 });
        assert_eq!(shard.to_string(), "1/3");
        // Deals 1, 4, 7 of 0..8.
        assert_eq!(shard.deals(8), 3);
        assert_eq!(
            (0..3).map(|j| shard.deal(j)).collect::<Vec<_>>(),
            vec![1, 4, 7]
        );
        assert_eq!(Shard { index: 2, count: 3 }.deals(8), 2);
        assert_eq!(Shard { index: 5, count: 8 }.deals(3), 0);
        assert_eq!(Shard::WHOLE.deals(8), 8);
        for (text, reason) in [
            ("3/2", "the shard index must be less than the shard count"),
            ("0/0", "the shard count must be at least 1"),
            ("2", "no '/'"),
            ("a/2", "the shard index is not a whole number"),
            ("1/-2", "the shard count is not a whole number"),
        ] {
            let err = text.parse::<Shard>().unwrap_err().to_string();
            assert!(
                err.starts_with(&format!("bad shard '{text}': {reason}")),
                "{err}"
            );
        }
    }
}
