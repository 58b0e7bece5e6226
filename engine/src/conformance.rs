//! The generic conformance harness: plays many seeded random games of any [`Game`] and checks
//! the engine contracts at every event. The table-driven suite `engine/tests/conformance.rs`
//! runs it for every game; the per-game tests then only add what is special to that game.
//!
//! Checked at every state: the game's conservation invariants; that who-acts, legal actions,
//! chance outcomes and outcome agree; that every legal action (and chance outcome) applies
//! (a random sample of them when there are many) and its text form and its id
//! ([`Encoding`]) round-trip; that actions legal elsewhere but not here are rejected with the
//! state unchanged; and that no observation leaks: for each seat, a state determinized from its
//! observation gives it the identical observation and observation tensor, and resampling what
//! it cannot know (from the true state) changes neither; every tensor value lies in 0…1.
//! Once per configuration: every id of both id spaces decodes to an action whose id it is and
//! whose text reads back; per game, the decisions stay within [`Encoding::max_decisions`].
//!
//! Checked at every event, for every seat: its view of the event does not change when what it
//! cannot know is resampled (so views, and the notes built only from views and observations,
//! cannot leak); every decision is seen as it is (all four specs make decisions public); a
//! redacted view never parses as an action; and a note can be built.
//!
//! The public view (what a spectator is shown), at every state: the same built from every
//! seat's observation; at every eighth state and the last, also unchanged when built from
//! itself, unchanged when what any seat cannot know is resampled, marked `"public": true` in
//! its JSON and round-tripping through it ([`public_view_holds`]). Its view of every event: unchanged when anything hidden is
//! resampled, no more than the seat that sees least of it sees, read back from its text; its
//! note names no seat "you". At the end, every seat and the public view are told how the game
//! ended ([`Game::ending`]), the public view naming no seat "you"; and the public record the
//! match runner keeps ([`crate::Match::record_public`]) is the one worked out here.
//!
//! At every eighth state and the last: the state, actions and observations round-trip through
//! JSON, observations render, and garbage text is rejected. At every 32nd state and the last,
//! when the caller supplies an [`ObservationCheck`] (the conformance tests validate with the
//! published JSON Schema): every seat's observation JSON, as the protocol sends it. At a sample of chance nodes of the
//! first game: `sample_chance` draws with the frequencies `chance_outcomes` lists. At every
//! chance node, a game's own `sample_chance` draws what the list draws; at every decision, the
//! legal actions counted and indexed are the listed ones and `sample_legal` picks what the list
//! picks ([`chance_draws_agree`], [`legal_draws_agree`]). Per game:
//! the outcome is well formed, the transcript round-trips through JSON and replays to the same
//! outcome, the same seed gives a byte-identical transcript, and every seat's view transcript
//! is built, agrees with the views the match runner records, and is refused by replay.

use std::collections::HashSet;
use std::fmt;

use rand::RngExt;

use crate::encoding::{Encoding, TensorLayout};
use crate::erased::{DynState, ErasedState};
use crate::game::{Actor, Game, ToMove};
use crate::options::GameConfig;
use crate::outcome::Outcome;
use crate::playout::RandomGames;
use crate::rng::{GameRng, sample_weighted, seat_rng};
use crate::transcript::{ReplayError, Transcript};

/// How much of a configuration the harness plays: games from seed 1 on, each played out and
/// checked at every event, until the depth is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Until this many events have been checked (the game under way is finished): a budget
    /// that costs about the same whether a game's games run 30 events or 600.
    Events(usize),
    /// This many games.
    Games(usize),
}

impl Depth {
    /// Whether a run that saw `report` has gone deep enough.
    pub fn reached(self, report: &Report) -> bool {
        match self {
            Depth::Events(events) => report.events >= events,
            Depth::Games(games) => report.games >= games,
        }
    }
}

/// Events per configuration when `MOUSEHOLE_CONFORMANCE_GAMES` is not set: the tests' (CI's)
/// depth. Every check runs at every event all the same; `cargo xtask soak` goes deep.
pub const DEFAULT_EVENTS: usize = 6_000;

/// How deep the harness plays each configuration: `MOUSEHOLE_CONFORMANCE_GAMES` games if set
/// (`cargo xtask soak` sets 100000), else [`DEFAULT_EVENTS`] events. The one place the depth
/// is decided.
///
/// # Panics
/// If the variable is set to something that is not a positive number.
pub fn depth() -> Depth {
    match std::env::var("MOUSEHOLE_CONFORMANCE_GAMES") {
        Ok(text) => Depth::Games(text.trim().parse().ok().filter(|&n| n > 0).unwrap_or_else(
            || panic!("MOUSEHOLE_CONFORMANCE_GAMES must be a positive number, got '{text}'"),
        )),
        Err(_) => Depth::Events(DEFAULT_EVENTS),
    }
}

/// What a harness run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub events: usize,
    pub longest_game: usize,
    /// States where resampling a seat's hidden information changed the state: shows that the
    /// leak check had something to change (0 for games of perfect information).
    pub hidden_changes: usize,
    /// Illegal actions tried and rejected.
    pub illegal_rejected: usize,
    /// Chance nodes at which `sample_chance` was checked against the listed weights.
    pub sampling_checks: usize,
    /// Observations (one seat's, at one state) checked with the caller's [`ObservationCheck`].
    pub contract_checks: usize,
}

/// A broken contract, with what is needed to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub game: &'static str,
    pub options: String,
    pub seed: u64,
    /// Number of events applied before the failing check (0 = the initial state).
    pub event: usize,
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}] seed {} after {} events: {}",
            self.game, self.options, self.seed, self.event, self.message
        )
    }
}

impl std::error::Error for Failure {}

/// Plays random games with seeds `first_seed`, `first_seed + 1`, … to `depth` and checks
/// every contract listed in the module docs.
///
/// # Errors
/// The first [`Failure`].
pub fn check_game<G: Encoding>(
    config: &G::Config,
    depth: Depth,
    first_seed: u64,
) -> Result<Report, Failure> {
    Harness::<G>::new(config).run(depth, first_seed)
}

/// [`check_game`], and every seat's observation JSON at a sample of states checked with
/// `contract` (see [`ObservationCheck`]).
///
/// # Errors
/// The first [`Failure`].
pub fn check_game_with_contract<G: Encoding>(
    config: &G::Config,
    depth: Depth,
    first_seed: u64,
    contract: ObservationCheck,
) -> Result<Report, Failure> {
    let mut harness = Harness::<G>::new(config);
    harness.contract = Some(contract);
    harness.run(depth, first_seed)
}

/// Test support: runs [`check_game_with_contract`] on the configuration `options` describes,
/// to the [`depth`] from seed 1, and checks that it went that deep, that illegal actions were
/// tried and that observations were checked against the contract.
///
/// # Panics
/// With the [`Failure`] if a contract is broken, or if the options are not valid.
pub fn check_options<G: Encoding>(options: &str, contract: ObservationCheck) -> Report {
    let depth = depth();
    let config = crate::testing::config::<G>(options);
    let report = check_game_with_contract::<G>(&config, depth, 1, contract)
        .unwrap_or_else(|failure| panic!("{failure}"));
    assert!(depth.reached(&report), "checked to {depth:?}: {report:?}");
    assert!(report.illegal_rejected > 0, "no illegal action was tried");
    assert!(
        report.contract_checks > 0,
        "no observation was checked against the contract"
    );
    report
}

pub use crate::playout::random_transcript;

/// Whether the leak check must have found hidden information to resample in a configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hidden {
    /// Something to resample: the check had something to change.
    Some,
    /// Nothing is hidden (a game of perfect information, or options under which every secret
    /// follows from public facts).
    None,
}

/// One configuration a game is conformance-checked in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The options (`players=5,traps=0/6/1/5/2/4`), the rest at their defaults.
    pub options: &'static str,
    pub hidden: Hidden,
}

impl Case {
    /// A configuration with hidden information for the leak check to resample.
    pub const fn hidden(options: &'static str) -> Self {
        Self {
            options,
            hidden: Hidden::Some,
        }
    }

    /// A configuration in which nothing is hidden.
    pub const fn public(options: &'static str) -> Self {
        Self {
            options,
            hidden: Hidden::None,
        }
    }
}

/// The configurations a game is checked in: every player count and the option variants that
/// change how it plays. Each game states its own next to its invariants
/// (`games/<game>/invariants.rs`); the suite `engine/tests/conformance.rs` runs them for every
/// game of [`for_each_game!`](crate::for_each_game), so a game without cases does not compile
/// and a listed game cannot go unchecked.
pub trait Conformance: Encoding {
    const CASES: &'static [Case];
}

/// Texts that are no action of any game.
const GARBAGE: &[&str] = &[
    "",
    "   ",
    "xyzzy",
    "draw",
    "roll",
    "roll 0",
    "roll 7",
    "take",
    "take 0",
    "take 99",
    "peek -1",
    "9 9 9",
    "\u{1F400}",
    "move",
    "cat z99",
];

struct Harness<G: Encoding> {
    config: G::Config,
    options_text: String,
    pool: Vec<G::Action>,
    pool_set: HashSet<G::Action>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
    report: Report,
    check_rng: GameRng,
    contract: Option<ObservationCheck>,
    layout: TensorLayout,
    /// A seat's observation tensor, and the one it is compared with.
    tensors: [Vec<f32>; 2],
}

const POOL_LIMIT: usize = 4096;
/// States between JSON and text round-trip checks.
const SERIAL_EVERY: usize = 8;
/// Up to this many listed actions, every one is applied to a copy of the state; beyond, about
/// this many at random.
const APPLY_ALL_UP_TO: usize = 16;
const ILLEGAL_TRIES: usize = 6;
/// Draws compared per chance node by [`chance_draws_agree`].
const SAME_DRAWS: usize = 4;

/// At a chance node, [`Game::sample_chance`] draws what one weighted draw from the listed
/// [`Game::chance_outcomes`] draws ([`crate::rng::sample_weighted`]), taking the same numbers
/// from the stream, for a few draws from a copy of `rng`: a game's own `sample_chance` (a
/// fast path in its `playout.rs`) plays the games the listed rules play.
///
/// # Errors
/// What was drawn, against what the list gives.
pub fn chance_draws_agree<G: Game>(state: &G, rng: &GameRng) -> Result<(), String> {
    let mut listed = Vec::new();
    state.chance_outcomes(&mut listed);
    let (mut by_game, mut by_list) = (rng.clone(), rng.clone());
    for _ in 0..SAME_DRAWS {
        let drawn = state.sample_chance(&mut by_game, &mut Vec::new());
        let expected = sample_weighted(&listed, &mut by_list);
        if drawn != expected {
            return Err(format!(
                "sample_chance drew {drawn:?} where the listed outcomes give {expected:?}"
            ));
        }
        if by_game != by_list {
            return Err("sample_chance took other numbers from the stream than the list".into());
        }
    }
    Ok(())
}

/// At a decision, a prepared table of the legal actions ([`Game::legal_table`]) is the list,
/// the legal actions counted and indexed without a list are the listed ones
/// ([`Game::legal_count`] is the [`Game::legal_actions`] list's length, [`Game::nth_legal`]
/// each of its items and nothing past its end), and [`Game::sample_legal`] picks what
/// [`crate::rng::uniform`] picks from the list, taking the same numbers from the stream,
/// for a few picks from a copy of `rng`: a game that picks by counting
/// ([`Game::PICKS_BY_COUNTING`]) plays the games the listed rules play.
///
/// # Errors
/// What was counted or picked, against what the list gives.
pub fn legal_draws_agree<G: Game>(state: &G, rng: &GameRng) -> Result<(), String> {
    let mut listed = Vec::new();
    state.legal_actions(&mut listed);
    if let Some(table) = state.legal_table()
        && table != listed.as_slice()
    {
        return Err(format!(
            "legal_table is {table:?} where legal_actions lists {listed:?}"
        ));
    }
    let count = state.legal_count();
    if count != listed.len() {
        return Err(format!(
            "legal_count is {count} where legal_actions lists {} actions",
            listed.len()
        ));
    }
    for (index, &action) in listed.iter().enumerate() {
        let nth = state.nth_legal(index);
        if nth != Some(action) {
            return Err(format!(
                "nth_legal({index}) is {nth:?} where legal_actions lists {action:?}"
            ));
        }
    }
    if let Some(past) = state.nth_legal(listed.len()) {
        return Err(format!(
            "nth_legal({}) is {past:?}, past the end of the list",
            listed.len()
        ));
    }
    if listed.is_empty() {
        return Ok(());
    }
    let (mut by_game, mut by_list) = (rng.clone(), rng.clone());
    for _ in 0..SAME_DRAWS {
        let picked = state.sample_legal(&mut by_game, &mut Vec::new());
        let expected = crate::rng::uniform(&listed, &mut by_list);
        if picked != Some(expected) {
            return Err(format!(
                "sample_legal picked {picked:?} where the listed actions give {expected:?}"
            ));
        }
        if by_game != by_list {
            return Err("sample_legal took other numbers from the stream than the list".into());
        }
    }
    Ok(())
}

/// The public view at `state`, as `public_view` builds it from an observation (the game's
/// [`Game::public_view`], or in a test a view that leaks): built from every seat's observation
/// it is the same, so it holds nothing only some seats know; built from itself it is
/// unchanged; it does not change when what any seat cannot know is resampled (each seat's
/// hidden facts drawn again, the public view built from every other seat's observation);
/// its JSON has `"public": true` (a seat's has no `public` key) and reads back as itself; its
/// text names no seat "you". Returns it.
///
/// # Errors
/// What breaks, in words.
pub fn public_view_holds<G: Game>(
    state: &G,
    rng: &mut GameRng,
    public_view: impl Fn(&G::Observation) -> G::Observation,
) -> Result<G::Observation, String> {
    let players = state.num_players();
    let public = same_from_every_seat(state, &public_view)?;
    if public_view(&public) != public {
        return Err("the public view built from itself changes".into());
    }
    let json = serde_json::to_value(&public)
        .map_err(|e| format!("the public view does not serialise: {e}"))?;
    if json.get("public") != Some(&serde_json::Value::Bool(true)) {
        return Err(format!(
            "the public view's JSON is not marked \"public\": true\n  {json}"
        ));
    }
    let seat_json = serde_json::to_value(state.observation(0)).map_err(|e| e.to_string())?;
    if seat_json.get("public").is_some() {
        return Err(format!(
            "a seat's observation JSON has a \"public\" key\n  {seat_json}"
        ));
    }
    match serde_json::from_value::<G::Observation>(json.clone()) {
        Ok(back) if back == public => {}
        other => {
            return Err(format!(
                "the public view does not read back from its JSON as itself: {other:?}\n  {json}"
            ));
        }
    }
    let text = public.to_string();
    if names_you(&text) {
        return Err(format!(
            "the public view's text names a seat \"you\":\n{text}"
        ));
    }
    for seat in 0..players {
        let resampled = state.resample_hidden(seat, rng);
        for other in (0..players).filter(|&other| other != seat) {
            let again = public_view(&resampled.observation(other));
            if again != public {
                return Err(format!(
                    "the public view changes when what seat {seat} cannot know is resampled (built from seat {other}'s observation)\n  before: {public:?}\n  after:  {again:?}"
                ));
            }
        }
    }
    Ok(public)
}

/// The public view of `state` built from seat 0's observation, if every seat's gives the same
/// (so it holds nothing only some seats know): the part of [`public_view_holds`] cheap
/// enough for every state.
fn same_from_every_seat<G: Game>(
    state: &G,
    public_view: &impl Fn(&G::Observation) -> G::Observation,
) -> Result<G::Observation, String> {
    let public = public_view(&state.observation(0));
    for seat in 1..state.num_players() {
        let other = public_view(&state.observation(seat));
        if other != public {
            return Err(format!(
                "the public view built from seat {seat}'s observation differs from seat 0's: it holds what only some seats know\n  from seat 0: {public:?}\n  from seat {seat}: {other:?}"
            ));
        }
    }
    Ok(public)
}

/// Whether a text speaks to a reader as `you` (a public view's text and notes must not).
fn names_you(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|word| word.eq_ignore_ascii_case("you") || word.eq_ignore_ascii_case("your"))
}

/// [`chance_draws_agree`] at every chance node of the random games `seeds` of every
/// configuration the conformance suite checks: the test beside a game's chance fast path.
/// Returns the number of chance nodes checked.
///
/// # Errors
/// The configuration, seed and event where the draws differ.
pub fn check_sample_chance<G: Conformance>(seeds: std::ops::Range<u64>) -> Result<usize, String> {
    let mut checked = 0;
    for case in G::CASES {
        let config = crate::testing::config::<G>(case.options);
        let mut games = RandomGames::<G>::new(&config);
        for seed in seeds.clone() {
            let mut state = G::new(&config);
            let mut stream = seat_rng(seed, 7);
            for (index, event) in games.play(seed).events().iter().enumerate() {
                if state.to_move() == ToMove::Chance {
                    chance_draws_agree(&state, &stream)
                        .map_err(|m| format!("{} seed {seed} event {index}: {m}", case.options))?;
                    stream.random::<u64>();
                    checked += 1;
                }
                state.apply_unchecked(event.action);
            }
        }
    }
    Ok(checked)
}

/// Games between checks of the seat-view transcripts (they replay the game once per seat).
const SEAT_VIEWS_EVERY: usize = 4;
/// Chance nodes between checks of `sample_chance` (in the first game of a configuration).
const SAMPLE_EVERY: usize = 5;
/// Draws per check of `sample_chance`.
const SAMPLES: u32 = 4000;

/// How a state made from what a seat sees was made, in the words of the failures that
/// [`Harness::seen_alike`] reports: as the tensor's source, as what its different observation
/// means, and as the state that breaks an invariant.
struct Made {
    tensor: &'static str,
    differs: &'static str,
    state: &'static str,
}

impl<G: Encoding> Harness<G> {
    fn new(config: &G::Config) -> Self {
        let options_text = config.options_text();
        Self {
            config: config.clone(),
            options_text,
            pool: Vec::new(),
            pool_set: HashSet::new(),
            legal: Vec::new(),
            outcomes: Vec::new(),
            report: Report::default(),
            check_rng: seat_rng(0x00C0_FFEE, 99),
            contract: None,
            layout: G::tensor_layout(config),
            tensors: [Vec::new(), Vec::new()],
        }
    }

    fn run(mut self, depth: Depth, first_seed: u64) -> Result<Report, Failure> {
        self.check_id_spaces()
            .map_err(|message| self.fail(first_seed, 0, message))?;
        let mut seed = first_seed;
        while !depth.reached(&self.report) {
            self.check_one(seed)?;
            seed += 1;
        }
        Ok(self.report)
    }

    fn fail(&self, seed: u64, event: usize, message: impl Into<String>) -> Failure {
        Failure {
            game: G::Config::description().name,
            options: self.options_text.clone(),
            seed,
            event,
            message: message.into(),
        }
    }

    fn check_one(&mut self, seed: u64) -> Result<(), Failure> {
        self.check_rng = seat_rng(seed ^ 0x5EED_CAFE, 77);
        let transcript = random_transcript::<G>(&self.config, seed);
        let sample_chance = self.report.games == 0;
        let mut chance_nodes = 0;
        let Some(recorded) = transcript.outcome.clone() else {
            return Err(self.fail(seed, transcript.events.len(), "random game did not finish"));
        };
        let decisions = transcript
            .events
            .iter()
            .filter(|event| matches!(event.actor, Actor::Seat(_)))
            .count();
        let most = G::max_decisions(&self.config);
        if decisions > most {
            return Err(self.fail(
                seed,
                transcript.events.len(),
                format!("{decisions} decisions, more than max_decisions's {most}"),
            ));
        }

        // Walk the recorded game, checking every state on the way.
        let mut state = G::new(&self.config);
        for (index, event) in transcript.events.iter().enumerate() {
            self.check_state(&state, seed, index)?;
            let action: G::Action = event.action.parse().map_err(|e| {
                self.fail(seed, index, format!("recorded event does not parse: {e}"))
            })?;
            if state.to_move() == ToMove::Chance {
                chance_nodes += 1;
                if sample_chance && chance_nodes % SAMPLE_EVERY == 1 {
                    self.check_sampling(&state, seed, index)?;
                }
            }
            self.check_views(&state, event.actor, action, seed, index)?;
            state
                .apply(action)
                .map_err(|e| self.fail(seed, index, format!("recorded event rejected: {e}")))?;
        }
        self.check_state(&state, seed, transcript.events.len())?;
        let outcome = state.outcome().ok_or_else(|| {
            self.fail(seed, transcript.events.len(), "final state has no outcome")
        })?;
        if !outcome.matches(&recorded) {
            return Err(self.fail(
                seed,
                transcript.events.len(),
                "walked outcome differs from the match's",
            ));
        }
        self.check_outcome(&outcome, seed, transcript.events.len())?;
        Self::check_endings(&state, &outcome)
            .map_err(|m| self.fail(seed, transcript.events.len(), m))?;
        self.check_transcript(&transcript, seed)?;
        if self.report.games.is_multiple_of(SEAT_VIEWS_EVERY) {
            self.check_seat_views(&transcript, seed)?;
        }

        self.report.games += 1;
        self.report.events += transcript.events.len();
        self.report.longest_game = self.report.longest_game.max(transcript.events.len());
        Ok(())
    }

    fn remember(&mut self, action: G::Action) {
        if self.pool.len() < POOL_LIMIT && self.pool_set.insert(action) {
            self.pool.push(action);
        }
    }

    fn check_state(&mut self, state: &G, seed: u64, event: usize) -> Result<(), Failure> {
        state
            .check_invariants()
            .map_err(|m| self.fail(seed, event, format!("invariant broken: {m}")))?;
        // Text and JSON checks cost more than the rules themselves: they run on every
        // `SERIAL_EVERY`-th state and at the end, the rest at every state.
        let serial = event.is_multiple_of(SERIAL_EVERY) || state.is_terminal();
        if serial {
            self.check_state_json(state, seed, event)?;
        }
        self.check_listing(state, seed, event)?;
        let unique = self.check_listed_actions(state, seed, event, serial)?;
        self.check_unlisted_rejected(state, &unique, seed, event)?;
        if serial {
            self.check_garbage(state, &unique, seed, event)?;
        }
        self.check_observations(state, seed, event, serial)?;
        self.check_contract(state, seed, event)
    }

    /// The state round-trips through JSON.
    fn check_state_json(&self, state: &G, seed: u64, event: usize) -> Result<(), Failure> {
        let fail = |h: &Self, m: String| h.fail(seed, event, m);
        let json = serde_json::to_string(state)
            .map_err(|e| fail(self, format!("state does not serialise: {e}")))?;
        let back: G = serde_json::from_str(&json)
            .map_err(|e| fail(self, format!("state JSON does not parse back: {e}")))?;
        if &back != state {
            return Err(fail(self, "state changed through a JSON round trip".into()));
        }
        Ok(())
    }

    /// Lists the state's legal actions and chance outcomes (into `legal` and `outcomes`) and
    /// checks that they fit who is to move, and that the draws from them agree with the listing.
    fn check_listing(&mut self, state: &G, seed: u64, event: usize) -> Result<(), Failure> {
        let fail = |h: &Self, m: String| h.fail(seed, event, m);
        state.legal_actions(&mut self.legal);
        state.chance_outcomes(&mut self.outcomes);
        let to_move = state.to_move();
        let players = state.num_players();
        match to_move {
            ToMove::Terminal => {
                if state.outcome().is_none() || !self.legal.is_empty() || !self.outcomes.is_empty()
                {
                    return Err(fail(
                        self,
                        "terminal state must have an outcome and no actions".into(),
                    ));
                }
            }
            ToMove::Chance => {
                if self.outcomes.is_empty() || !self.legal.is_empty() || state.outcome().is_some() {
                    return Err(fail(self, "chance node must list outcomes only".into()));
                }
                if self.outcomes.iter().any(|&(_, w)| w == 0) {
                    return Err(fail(self, "chance outcome of weight 0 listed".into()));
                }
            }
            ToMove::Player(seat) => {
                if seat >= players
                    || self.legal.is_empty()
                    || !self.outcomes.is_empty()
                    || state.outcome().is_some()
                {
                    return Err(fail(
                        self,
                        format!("decision node for seat {seat} must list legal actions only"),
                    ));
                }
            }
        }
        match to_move {
            ToMove::Chance => chance_draws_agree(state, &self.check_rng),
            ToMove::Player(_) => legal_draws_agree(state, &self.check_rng),
            ToMove::Terminal => Ok(()),
        }
        .map_err(|m| self.fail(seed, event, m))?;
        Ok(())
    }

    /// Every listed action (decisions and chance outcomes) is listed once, round-trips as
    /// text, as its id and (with `serial`) as JSON, and applies (with many, a sample of them);
    /// returns them as a set.
    fn check_listed_actions(
        &mut self,
        state: &G,
        seed: u64,
        event: usize,
        serial: bool,
    ) -> Result<HashSet<G::Action>, Failure> {
        let fail = |h: &Self, m: String| h.fail(seed, event, m);
        let applicable: Vec<G::Action> = self
            .legal
            .iter()
            .copied()
            .chain(self.outcomes.iter().map(|&(a, _)| a))
            .collect();
        let unique: HashSet<G::Action> = applicable.iter().copied().collect();
        if unique.len() != applicable.len() {
            return Err(fail(
                self,
                format!("duplicate actions listed: {applicable:?}"),
            ));
        }

        // Every listed action round-trips as text and JSON and applies. With many choices (a
        // cat can go on most cells) a random sample of them is applied, first and last always.
        let apply_all = applicable.len() <= APPLY_ALL_UP_TO;
        for (index, &action) in applicable.iter().enumerate() {
            self.remember(action);
            let text = action.to_string();
            match text.parse::<G::Action>() {
                Ok(parsed) if parsed == action => {}
                other => return Err(fail(self, format!("'{text}' parses back as {other:?}"))),
            }
            self.check_id(action, index >= self.legal.len())
                .map_err(|m| fail(self, m))?;
            if serial {
                let json = serde_json::to_string(&action).map_err(|e| fail(self, e.to_string()))?;
                if serde_json::from_str::<G::Action>(&json).ok() != Some(action) {
                    return Err(fail(
                        self,
                        format!("action {text} does not round-trip through JSON"),
                    ));
                }
            }
            let sampled = index == 0
                || index + 1 == applicable.len()
                || self.check_rng.random_range(0..applicable.len()) < APPLY_ALL_UP_TO;
            if apply_all || sampled {
                let mut next = state.clone();
                next.apply(action)
                    .map_err(|e| fail(self, format!("listed action '{text}' rejected: {e}")))?;
                next.check_invariants()
                    .map_err(|m| fail(self, format!("after '{text}': invariant broken: {m}")))?;
            }
        }
        Ok(unique)
    }

    /// Actions seen elsewhere that are not legal here (not in `unique`) are rejected, the state
    /// unchanged.
    fn check_unlisted_rejected(
        &mut self,
        state: &G,
        unique: &HashSet<G::Action>,
        seed: u64,
        event: usize,
    ) -> Result<(), Failure> {
        if !self.pool.is_empty() {
            for _ in 0..ILLEGAL_TRIES {
                let action = self.pool[self.check_rng.random_range(0..self.pool.len())];
                if unique.contains(&action) {
                    continue;
                }
                let mut copy = state.clone();
                if copy.apply(action).is_ok() {
                    return Err(self.fail(
                        seed,
                        event,
                        format!("unlisted action '{action}' was accepted"),
                    ));
                }
                if &copy != state {
                    return Err(self.fail(
                        seed,
                        event,
                        format!("rejected action '{action}' changed the state"),
                    ));
                }
                self.report.illegal_rejected += 1;
            }
        }
        Ok(())
    }

    /// Text that is no legal action here is rejected, leaving the state unchanged.
    fn check_garbage(
        &self,
        state: &G,
        unique: &HashSet<G::Action>,
        seed: u64,
        event: usize,
    ) -> Result<(), Failure> {
        let fail = |h: &Self, m: String| h.fail(seed, event, m);
        let mut erased = ErasedState(state.clone());
        for text in GARBAGE {
            let legal_text = text
                .trim()
                .parse::<G::Action>()
                .is_ok_and(|a| unique.contains(&a));
            let result = erased.apply_text(text);
            if result.is_ok() != legal_text {
                return Err(fail(
                    self,
                    format!(
                        "text '{text}' accepted: {}, expected {legal_text}",
                        result.is_ok()
                    ),
                ));
            }
            if result.is_err() && erased.0 != *state {
                return Err(fail(
                    self,
                    format!("rejected text '{text}' changed the state"),
                ));
            }
            erased = ErasedState(state.clone());
        }
        Ok(())
    }

    fn check_observations(
        &mut self,
        state: &G,
        seed: u64,
        event: usize,
        serial: bool,
    ) -> Result<(), Failure> {
        for seat in 0..state.num_players() {
            let observation = state.observation(seat);
            if serial {
                let json = serde_json::to_string(&observation).map_err(|e| {
                    self.fail(seed, event, format!("observation does not serialise: {e}"))
                })?;
                let back: G::Observation = serde_json::from_str(&json).map_err(|e| {
                    self.fail(
                        seed,
                        event,
                        format!("seat {seat}: observation JSON does not parse back: {e}\n  {json}"),
                    )
                })?;
                if back != observation {
                    return Err(self.fail(
                        seed,
                        event,
                        format!(
                            "seat {seat}: observation changed through a JSON round trip\n  {json}"
                        ),
                    ));
                }
                let _ = observation.to_string();
            }

            self.check_tensor(&observation, 0)
                .map_err(|m| self.fail(seed, event, format!("seat {seat}: {m}")))?;
            self.check_determinized(state, seat, &observation, seed, event)?;
            // Drawing again what the seat cannot know leaves what it sees as it was.
            let resampled = state.resample_hidden(seat, &mut self.check_rng);
            let made = Made {
                tensor: "a state where only what it cannot know changed",
                differs: "observation leaks hidden information (it changed when only what the seat cannot know changed)",
                state: "resampled state",
            };
            self.seen_alike(&resampled, seat, &observation, &made, (seed, event))?;
            if &resampled != state {
                self.report.hidden_changes += 1;
            }
        }
        // The whole check (JSON, text, every seat's hidden facts drawn again) with the other
        // serial checks; that every seat's observation gives the same public view, at every
        // state.
        if serial {
            public_view_holds(state, &mut self.check_rng, G::public_view)
        } else {
            same_from_every_seat(state, &G::public_view)
        }
        .map_err(|m| self.fail(seed, event, m))?;
        Ok(())
    }

    /// A state determinized from seat `seat`'s `observation` (of `state`) gives the seat the
    /// same observation and tensor, keeps the invariants, the actor and, where the seat is to
    /// move, its legal actions.
    fn check_determinized(
        &mut self,
        state: &G,
        seat: usize,
        observation: &G::Observation,
        seed: u64,
        event: usize,
    ) -> Result<(), Failure> {
        let sampled = G::determinize(observation, &mut self.check_rng);
        let made = Made {
            tensor: "a state determinized from its observation",
            differs: "a state determinized from its observation gives it a different observation",
            state: "determinized state",
        };
        self.seen_alike(&sampled, seat, observation, &made, (seed, event))?;
        if sampled.to_move() != state.to_move() {
            return Err(self.fail(
                seed,
                event,
                format!("seat {seat}: determinized state has a different actor"),
            ));
        }
        if state.to_move() == ToMove::Player(seat) {
            let mut theirs = Vec::new();
            sampled.legal_actions(&mut theirs);
            if theirs != self.legal {
                return Err(self.fail(
                    seed,
                    event,
                    format!("seat {seat}: determinized state offers it other legal actions"),
                ));
            }
        }
        Ok(())
    }

    /// `other`, a state made from what seat `seat` sees (`made` says how, for the messages),
    /// gives the seat the same tensor and `observation`, and keeps the invariants.
    fn seen_alike(
        &mut self,
        other: &G,
        seat: usize,
        observation: &G::Observation,
        made: &Made,
        (seed, event): (u64, usize),
    ) -> Result<(), Failure> {
        let shown = other.observation(seat);
        self.same_tensor(&shown, made.tensor)
            .map_err(|m| self.fail(seed, event, format!("seat {seat}: {m}")))?;
        if shown != *observation {
            return Err(self.fail(
                seed,
                event,
                format!(
                    "seat {seat}: {}\n  before: {observation:?}\n  after:  {shown:?}",
                    made.differs
                ),
            ));
        }
        other.check_invariants().map_err(|m| {
            self.fail(
                seed,
                event,
                format!("seat {seat}: {} breaks an invariant: {m}", made.state),
            )
        })
    }

    /// `action`, listed at a state (a chance outcome if `chance`), has an id in its space that
    /// decodes back to it.
    fn check_id(&self, action: G::Action, chance: bool) -> Result<(), String> {
        let (space, size) = if chance {
            ("chance outcome", G::max_chance_outcomes(&self.config))
        } else {
            ("decision", G::num_distinct_actions(&self.config))
        };
        let Some(id) = G::action_id(&self.config, &action) else {
            return Err(format!("the listed {space} '{action}' has no id"));
        };
        let back = if chance {
            G::chance_from_id(&self.config, id)
        } else {
            G::decision_from_id(&self.config, id)
        };
        if id >= size || back != Some(action) {
            return Err(format!(
                "the {space} '{action}' has id {id} (of {size}), which decodes to {back:?}"
            ));
        }
        Ok(())
    }

    /// Every id of both spaces decodes to an action whose id it is and whose text reads back
    /// as itself; the ids just past each space decode to nothing.
    fn check_id_spaces(&self) -> Result<(), String> {
        type Decode<G> = fn(&<G as Game>::Config, usize) -> Option<<G as Game>::Action>;
        let config = &self.config;
        let spaces: [(&str, usize, Decode<G>); 2] = [
            (
                "decision",
                G::num_distinct_actions(config),
                G::decision_from_id,
            ),
            (
                "chance outcome",
                G::max_chance_outcomes(config),
                G::chance_from_id,
            ),
        ];
        for (space, size, decode) in spaces {
            for id in 0..size {
                let Some(action) = decode(config, id) else {
                    return Err(format!("{space} id {id} (of {size}) decodes to nothing"));
                };
                if G::action_id(config, &action) != Some(id) {
                    return Err(format!(
                        "{space} id {id} decodes to '{action}', whose id is {:?}",
                        G::action_id(config, &action)
                    ));
                }
                if action.to_string().parse::<G::Action>().ok() != Some(action) {
                    return Err(format!(
                        "{space} id {id}'s text '{action}' does not read back"
                    ));
                }
            }
            if let Some(action) = decode(config, size) {
                return Err(format!(
                    "{space} id {size}, past the {size} ids, decodes to '{action}'"
                ));
            }
        }
        if self.layout.is_empty() {
            return Err("the observation tensor has no values".into());
        }
        Ok(())
    }

    /// Encodes `observation` into tensor buffer `which`, checking every value lies in 0…1.
    fn check_tensor(&mut self, observation: &G::Observation, which: usize) -> Result<(), String> {
        let tensor = &mut self.tensors[which];
        tensor.resize(self.layout.len(), 0.0);
        G::encode(observation, &self.layout, tensor);
        match tensor.iter().position(|v| !(0.0..=1.0).contains(v)) {
            None => Ok(()),
            Some(at) => Err(format!(
                "observation tensor value {} at {at} is not within 0…1",
                tensor[at]
            )),
        }
    }

    /// The tensor of `observation`, the seat's observation at `what`, is the seat's own one
    /// (buffer 0).
    fn same_tensor(&mut self, observation: &G::Observation, what: &str) -> Result<(), String> {
        self.check_tensor(observation, 1)?;
        let [mine, other] = &self.tensors;
        match mine
            .iter()
            .zip(other)
            .position(|(a, b)| a.to_bits() != b.to_bits())
        {
            None => Ok(()),
            Some(at) => Err(format!(
                "the observation tensor leaks: {what} gives it {} at {at} where it had {}",
                other[at], mine[at]
            )),
        }
    }

    /// Every seat's view of the event about to be applied: independent of what the seat
    /// cannot know, read back from its text as itself, decisions seen as they are, redacted
    /// views never parse as actions, and a note can be built from the seat's observations and
    /// view alone.
    fn check_views(
        &mut self,
        state: &G,
        actor: Actor,
        action: G::Action,
        seed: u64,
        event: usize,
    ) -> Result<(), Failure> {
        let mut after = state.clone();
        after.apply_unchecked(action);
        let text = action.to_string();
        for seat in 0..state.num_players() {
            let view = state.event_view(seat, &action);
            let view_text = view.to_string();
            if view_text.parse::<G::EventView>().as_ref() != Ok(&view) {
                return Err(self.fail(
                    seed,
                    event,
                    format!(
                        "seat {seat}'s view '{view_text}' of '{text}' does not read back as itself"
                    ),
                ));
            }
            if matches!(actor, Actor::Seat(_)) && view_text != text {
                return Err(self.fail(
                    seed,
                    event,
                    format!("seat {seat} sees the decision '{text}' as '{view_text}'; decisions are public"),
                ));
            }
            if view_text != text && view_text.parse::<G::Action>().is_ok() {
                return Err(self.fail(
                    seed,
                    event,
                    format!(
                        "seat {seat}'s redacted view '{view_text}' of '{text}' parses as an action"
                    ),
                ));
            }
            let resampled = state.resample_hidden(seat, &mut self.check_rng);
            if resampled.is_legal(&action) {
                let other = resampled.event_view(seat, &action);
                if other != view {
                    return Err(self.fail(
                        seed,
                        event,
                        format!(
                            "seat {seat}'s view of '{text}' depends on what it cannot know: '{view_text}', or '{other}' when that is resampled"
                        ),
                    ));
                }
            }
            let _ = G::event_note(
                &state.observation(seat),
                actor,
                &view,
                &after.observation(seat),
            );
        }
        self.check_public_event(state, &after, actor, action)
            .map_err(|m| self.fail(seed, event, m))
    }

    /// What everyone sees of the event about to be applied: read back from its text as
    /// itself, a decision seen as it is, redacted wherever some seat's view is, unchanged when
    /// what any seat cannot know is resampled; and its note, read from the public views
    /// before and after, names no seat "you".
    fn check_public_event(
        &mut self,
        state: &G,
        after: &G,
        actor: Actor,
        action: G::Action,
    ) -> Result<(), String> {
        let text = action.to_string();
        let public = state.public_event_view(&action);
        let public_text = public.to_string();
        if public_text.parse::<G::EventView>().as_ref() != Ok(&public) {
            return Err(format!(
                "the public view '{public_text}' of '{text}' does not read back as itself"
            ));
        }
        if matches!(actor, Actor::Seat(_)) && public_text != text {
            return Err(format!(
                "everyone sees the decision '{text}' as '{public_text}'; decisions are public"
            ));
        }
        for seat in 0..state.num_players() {
            let seen = state.event_view(seat, &action).to_string();
            if seen != text && public_text == text {
                return Err(format!(
                    "everyone is shown '{text}', of which seat {seat} sees only '{seen}'"
                ));
            }
            let resampled = state.resample_hidden(seat, &mut self.check_rng);
            if resampled.is_legal(&action) {
                let other = resampled.public_event_view(&action);
                if other != public {
                    return Err(format!(
                        "the public view of '{text}' depends on what seat {seat} cannot know: '{public_text}', or '{other}' when that is resampled"
                    ));
                }
            }
        }
        let note = G::event_note(
            &state.public_observation(),
            actor,
            &public,
            &after.public_observation(),
        );
        if let Some(note) = note.filter(|note| names_you(note)) {
            return Err(format!(
                "the public note on '{public_text}' names a seat \"you\": {note}"
            ));
        }
        Ok(())
    }

    /// `sample_chance` draws every listed outcome with the listed frequency, and nothing else.
    fn check_sampling(&mut self, state: &G, seed: u64, event: usize) -> Result<(), Failure> {
        state.chance_outcomes(&mut self.outcomes);
        let total: f64 = self.outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
        let mut counts = vec![0u32; self.outcomes.len()];
        let mut buffer = Vec::new();
        for _ in 0..SAMPLES {
            let Some(drawn) = state.sample_chance(&mut self.check_rng, &mut buffer) else {
                return Err(self.fail(seed, event, "sample_chance drew nothing at a chance node"));
            };
            let Some(index) = self.outcomes.iter().position(|&(a, _)| a == drawn) else {
                return Err(self.fail(
                    seed,
                    event,
                    format!("sample_chance drew '{drawn}', which chance_outcomes does not list"),
                ));
            };
            counts[index] += 1;
        }
        for (&(action, weight), &count) in self.outcomes.iter().zip(&counts) {
            let p = f64::from(weight) / total;
            let expected = f64::from(SAMPLES) * p;
            let sigma = (f64::from(SAMPLES) * p * (1.0 - p)).sqrt();
            if (f64::from(count) - expected).abs() > 6.0 * sigma + 2.0 {
                return Err(self.fail(
                    seed,
                    event,
                    format!(
                        "sample_chance drew '{action}' {count} times in {SAMPLES}; its weight {weight} of {total} expects about {expected:.0}"
                    ),
                ));
            }
        }
        self.report.sampling_checks += 1;
        Ok(())
    }

    /// Every seat's view transcript: built from the full one, the same as the views the
    /// match runner records, and refused by replay.
    fn check_seat_views(&self, transcript: &Transcript, seed: u64) -> Result<(), Failure> {
        let events = transcript.events.len();
        let mut random = RandomGames::<G>::new(&self.config);
        random.record_views(true);
        random.record_public(true);
        let recorded = random.play(seed);
        self.check_public_record(transcript, recorded.public_seen())
            .map_err(|m| self.fail(seed, events, m))?;
        for seat in 0..self.config.players() {
            let view = transcript.seat_view(seat).map_err(|e| {
                self.fail(seed, events, format!("seat {seat}'s view transcript: {e}"))
            })?;
            if view.events.len() != events || view.view != Some(seat) {
                return Err(self.fail(seed, events, "a seat-view transcript lost events"));
            }
            let live_views = recorded.seen(seat);
            for (index, (shown, live)) in view.events.iter().zip(live_views).enumerate() {
                if *shown.action != live.view.to_string()
                    || shown.note.as_deref() != live.note.as_deref()
                {
                    return Err(self.fail(
                        seed,
                        index,
                        format!(
                            "seat {seat}: the view transcript shows '{}' ({:?}) where the match recorded '{}' ({:?})",
                            shown.action, shown.note, live.view, live.note
                        ),
                    ));
                }
            }
            if live_views.len() != events {
                return Err(self.fail(
                    seed,
                    events,
                    "the match recorded views of some events only",
                ));
            }
            match view.replay() {
                Err(ReplayError::SeatView { seat: s }) if s == seat => {}
                other => {
                    return Err(self.fail(
                        seed,
                        events,
                        format!("replaying seat {seat}'s view should be refused, got {other:?}"),
                    ));
                }
            }
            let back = Transcript::from_json(&view.to_json_line()).map_err(|e| {
                self.fail(
                    seed,
                    events,
                    format!("seat-view JSON does not parse back: {e}"),
                )
            })?;
            if back != view {
                return Err(self.fail(seed, events, "seat-view transcript changed through JSON"));
            }
        }
        Ok(())
    }

    /// Every seat, and the public view, is told how the finished game ended, with a
    /// breakdown per seat; the public view's words name no seat "you".
    fn check_endings(state: &G, outcome: &Outcome) -> Result<(), String> {
        let players = state.num_players();
        let names: Vec<String> = (0..players).map(|seat| format!("seat {seat}")).collect();
        for seat in 0..players {
            let mut mine = names.clone();
            "you".clone_into(&mut mine[seat]);
            let ending = G::ending(&state.observation(seat), outcome, &mine)
                .ok_or_else(|| format!("seat {seat} is not told how the finished game ended"))?;
            if ending.breakdown.len() != players || ending.reason.is_empty() {
                return Err(format!(
                    "seat {seat}'s ending has no reason or not one breakdown per seat: {ending:?}"
                ));
            }
        }
        let public = G::ending(&state.public_observation(), outcome, &names)
            .ok_or("the public view is not told how the finished game ended")?;
        let words = format!(
            "{} {} {}",
            public.reason,
            public.breakdown.join(" "),
            public.tie_break.as_deref().unwrap_or_default()
        );
        if names_you(&words) || public.breakdown.len() != players {
            return Err(format!(
                "the public ending names a seat \"you\" or misses a seat: {public:?}"
            ));
        }
        Ok(())
    }

    /// The match runner's public record of a game is what everyone sees of each event, with
    /// the note read from the public views around it.
    fn check_public_record(
        &self,
        transcript: &Transcript,
        recorded: &[crate::runner::SeenEvent<G::EventView>],
    ) -> Result<(), String> {
        if recorded.len() != transcript.events.len() {
            return Err(format!(
                "the public record has {} events of {}",
                recorded.len(),
                transcript.events.len()
            ));
        }
        let mut state = G::new(&self.config);
        for (index, (event, live)) in transcript.events.iter().zip(recorded).enumerate() {
            let action: G::Action = event.action.parse().map_err(|e| format!("{e}"))?;
            let view = state.public_event_view(&action);
            let before = state.public_observation();
            state.apply_unchecked(action);
            let note = G::event_note(&before, event.actor, &view, &state.public_observation());
            if live.view != view || live.note != note || live.actor != event.actor {
                return Err(format!(
                    "event {index}: the public record shows '{}' ({:?}) where everyone sees '{view}' ({note:?})",
                    live.view, live.note
                ));
            }
        }
        Ok(())
    }

    fn check_outcome(&self, outcome: &Outcome, seed: u64, event: usize) -> Result<(), Failure> {
        let n = self.config.players();
        if outcome.ranks.len() != n || outcome.scores.len() != n || outcome.returns.len() != n {
            return Err(self.fail(seed, event, "outcome must have one entry per seat"));
        }
        for (seat, &rank) in outcome.ranks.iter().enumerate() {
            let better = outcome.ranks.iter().filter(|&&r| r < rank).count() as u32;
            if rank != better + 1 {
                return Err(self.fail(
                    seed,
                    event,
                    format!(
                        "seat {seat}: rank {rank} is not a competition rank ({:?})",
                        outcome.ranks
                    ),
                ));
            }
        }
        let total: f64 = outcome.returns.iter().sum();
        if (total - 1.0).abs() > 1e-9 {
            return Err(self.fail(seed, event, format!("returns sum to {total}, not 1")));
        }
        Ok(())
    }

    fn check_transcript(&self, transcript: &Transcript, seed: u64) -> Result<(), Failure> {
        let events = transcript.events.len();
        for (form, text) in [
            ("line", transcript.to_json_line()),
            ("pretty", transcript.to_json_pretty()),
        ] {
            let back = Transcript::from_json(&text).map_err(|e| {
                self.fail(
                    seed,
                    events,
                    format!("{form} JSON does not parse back: {e}"),
                )
            })?;
            if &back != transcript {
                return Err(self.fail(
                    seed,
                    events,
                    format!("transcript changed through {form} JSON"),
                ));
            }
        }
        let report = transcript
            .replay()
            .map_err(|e| self.fail(seed, events, format!("transcript does not replay: {e}")))?;
        if report.events != events {
            return Err(self.fail(seed, events, "replay applied a different number of events"));
        }
        let again = random_transcript::<G>(&self.config, seed);
        if again.to_json_line() != transcript.to_json_line() {
            return Err(self.fail(seed, events, "the same seed gave a different transcript"));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// The observation contract: what a seat is sent, checked against what is published.

/// Checks one observation's JSON, exactly as the external-agent protocol sends it, against the
/// game's published contract (`mousehole schema GAME`), and says what does not fit. The tests
/// supply it: the JSON Schema validator they use is a dev-dependency, which this library code
/// cannot name.
pub type ObservationCheck = Box<dyn FnMut(&serde_json::Value) -> Result<(), String>>;

/// States between contract checks of every seat's observation. A schema validation costs far
/// more than the rules' own checks (measured: 20–100 µs an observation, most for Mouse Trap's
/// board); every 32nd state (and the last) still meets every phase of every game many times
/// over in a configuration's games, for about 100,000 observations in the CI suite.
const CONTRACT_EVERY: usize = 32;

impl<G: Encoding> Harness<G> {
    /// Every seat's observation JSON at every [`CONTRACT_EVERY`]-th state and the last fits the
    /// caller's contract, if it gave one.
    fn check_contract(&mut self, state: &G, seed: u64, event: usize) -> Result<(), Failure> {
        if !(event.is_multiple_of(CONTRACT_EVERY) || state.is_terminal()) {
            return Ok(());
        }
        let Some(contract) = self.contract.as_mut() else {
            return Ok(());
        };
        let mut broken = None;
        for seat in 0..state.num_players() {
            let json = serde_json::to_value(state.observation(seat))
                .expect("observations serialise to JSON");
            if let Err(why) = contract(&json) {
                broken = Some(format!(
                    "seat {seat}: the observation breaks the published contract: {why}\n  {json}"
                ));
                break;
            }
            self.report.contract_checks += 1;
        }
        match broken {
            Some(message) => Err(self.fail(seed, event, message)),
            None => Ok(()),
        }
    }
}
