//! Why a tournament cannot be planned, run or merged: one typed error, each variant a one-line
//! message saying what was wrong and what is allowed.

use mousehole_bots::AgentSpecError;
use mousehole_bots::external::ExternalCommandError;
use mousehole_engine::SpecError;
use thiserror::Error;

/// Everything that can go wrong with a tournament.
#[derive(Debug, Error)]
pub enum TournamentError {
    #[error(transparent)]
    Game(#[from] SpecError),
    /// An entry of the agent list that names no agent, or sets what its agent does not take.
    #[error("{problem}")]
    Agent {
        entry: String,
        problem: AgentSpecError,
    },
    /// An `exec:` entry whose command does not split into words or cannot be started.
    #[error(transparent)]
    Command(ExternalCommandError),
    /// An entry whose seat cannot be built (a program that cannot be started, …).
    #[error("{0}")]
    Seat(String),
    #[error("empty entry in the agent list; give one agent spec or `exec:COMMAND` per entry")]
    EmptyAgent,
    #[error("'{entry}': a tournament seats only agents (people play with `mousehole play`)")]
    Human { entry: String },
    #[error(
        "{game} seats {players} players, so a table needs {players} agents, but {given} {were} given; list an agent more than once to seat copies of it (e.g. {example})",
        were = if *.given == 1 { "was" } else { "were" },
        example = vec!["random"; *.players].join(",")
    )]
    TooFewAgents {
        game: String,
        players: usize,
        given: usize,
    },
    #[error(
        "{agents} agents at {players}-player tables make {tables} tables (one per combination of agents), more than the {limit} a tournament plays; give fewer agents"
    )]
    TooManyTables {
        agents: usize,
        players: usize,
        tables: u128,
        limit: u64,
    },
    #[error(
        "every seat order of a {players}-player table is {orders} games per deal, more than the {limit} a tournament plays; drop the all-permutations option for tables this large"
    )]
    TooManySeatings {
        players: usize,
        orders: u128,
        limit: u64,
    },
    #[error("the number of games must be at least 1")]
    NoGames,
    #[error("{games} games is more than a tournament can count; ask for fewer")]
    TooManyGames { games: u64 },
    #[error(
        "bad shard '{text}': {reason}; write I/N with 0 <= I < N (the shards of 4 are 0/4, 1/4, 2/4 and 3/4)"
    )]
    BadShard { text: String, reason: &'static str },
    #[error("cannot start {jobs} worker threads: {message}")]
    Threads { jobs: usize, message: String },
    #[error("an agent panicked during deal {deal}: {message}")]
    Panicked { deal: u64, message: String },
    #[error("{what}: {}", mousehole_engine::words::io_error(.error))]
    Io { what: String, error: std::io::Error },
    #[error("{file} line {line}: {problem}")]
    Part {
        file: String,
        line: usize,
        problem: String,
    },
    #[error(
        "{other} is not from the same tournament as {first}: {field} {other_value} there, {first_value} in {first}"
    )]
    Mismatch {
        first: String,
        other: String,
        field: &'static str,
        first_value: String,
        other_value: String,
    },
    #[error("{first} and {second} are both shard {shard}; give each shard once")]
    ShardTwice {
        first: String,
        second: String,
        shard: String,
    },
    #[error(
        "shard {shard} is missing: the parts given are {given}; give every shard of the tournament"
    )]
    ShardMissing { shard: String, given: String },
    #[error("{file} is unfinished: {problem}; run its shard again")]
    Unfinished { file: String, problem: String },
    /// A strength report's results file (`strength/<game>.json`) that does not read.
    #[error("{file} is not a game's strength results: {problem}")]
    Results { file: String, problem: String },
    #[error("the strength report's chart of {chart}: {problem}")]
    Chart { chart: String, problem: String },
    /// The strength report asked of a build without its charts.
    #[error(
        "this build of mousehole draws no charts, which the strength report needs: build it with `--features charts` (`cargo xtask strength` does)"
    )]
    NoCharts,
    #[error("no part files to merge")]
    NoParts,
}
