//! The levels: `easy`, `medium`, `hard` and `expert` name calibrated settings, one row per
//! game (the games differ a lot in how fast a playout runs), so a person picks a strength, not
//! an iteration count. Iteration budgets, not times: a level plays the same moves on any
//! machine.
//!
//! - `easy` is the heuristic making mistakes: at a decision with a choice it plays another
//!   legal move, drawn at random from the seeded stream, with a chance set per game (30%; 6% in
//!   Mouse Race, where a move is one of many tile placements and one slip costs far more). A
//!   real opponent that beats random play and slips the way a beginner does.
//! - `medium` is the heuristic itself: the same agent as `heuristic`, so a person who picks
//!   it meets the project's rule-of-thumb play, never less.
//! - `hard` is flat Monte Carlo over the heuristic (paired rounds, sequential halving, the
//!   heuristic's move kept unless another beats it by two standard errors: [`crate::flat`]), a
//!   policy improvement step on the heuristic, with playouts set per game so that it sits
//!   clearly above the heuristic *and* clearly below `expert` where the search's gain is large
//!   enough to split (Moose in the House: 500 playouts, a few milliseconds a move).
//!   Hints and the coach search at `expert` instead (`mousehole-tui`'s `HINT_SPEC`).
//! - `expert` is the same search with the most playouts a decision affords: about 150 ms on
//!   average and under 1 s at worst on the two-core reference machine (measured, idle, two
//!   games at once: Moose in the House 24,000 took 173 ms at three players, so it had 18,000,
//!   until a report timed 18,000 at 175 ms a decision and 1,068 ms at worst at three players
//!   on a day this machine ran every search one and a half to two and a half times slower
//!   than the days around it: on such a day 16,000 would take about 156 ms a decision and
//!   950 ms at worst, still under the 1 s (14,000 took 44 ms and 162 ms on a fast day), so it
//!   has 16,000 (14,000 beat
//!   `hard` only 52.4% heads-up over 600 games, [49.5, 55.3], not separated; 16,000 54.1%
//!   [51.1, 57.1] on the same deals and 54.8% [51.7, 58.0] on 600 more at seed 1001);
//!   Cheese Day 25,000 took 187 ms at three players, over the promise, and 16,000's worst
//!   decision took 1,084 ms heads-up, where the first decisions' playouts run longest, over
//!   the 1 s, so it has 12,000: 86 ms a decision heads-up and 108 ms at three players, 603 ms
//!   at worst, in `docs/STRENGTH.md`).
//!   In Mouse Race more playouts do not play better (2,000 against 600 won 50.3% heads-up and
//!   27.3% at four players, see below), so there `expert` has 600 and `hard` 200, which keeps
//!   the strength report within its two hours (the pairings with 2,000 took 3,916 s of Mouse
//!   Race's 5,039).
//!
//! Measured (duplicate seating, release; `docs/STRENGTH.md`): `medium` against `easy` wins
//! 64.1% heads-up in Cheese Day, 60.9% in Moose in the House, 68.7% in Mouse Trap and 71.3% in
//! Mouse Race (its heuristic a turn ahead, [68.6, 74.0]), and 47.2%, 42.8%, 51.5% against a
//! fair 33.3% at three players (Mouse Race 49.1% at four, a fair share being 25); `easy`
//! against random 66.9%, 61.1%, 63.6%, 100% heads-up. In Moose in the House `hard` (500
//! playouts) against `medium` wins 56.2% heads-up over 1,000 games (interval over deals [54.3,
//! 58.2]) and 47.7% at three players ([44.9, 50.5] against a fair 33.3); `expert` (16,000)
//! against `hard` 54.1% heads-up over 600 ([51.1, 57.1]) and 37.2% at three players ([33.9,
//! 40.6], clear of the fair share; at 18,000, before its recalibration, 53.6% and 38.3%;
//! against 1,000 playouts, tried first, 35.8% [32.3, 39.3]), 23 ms a decision heads-up and
//! 49 ms at three players, 179 ms at worst, on a fast day. Flat Monte Carlo's strength climbs steeply up to a thousand
//! playouts or so and then levels off (four times hard's old 6,000 playouts in Moose in the
//! House won 52.0% and 50.5% against it; four times 10,000 in Cheese Day 50.2%; four times
//! 2,000 in Mouse Race 48.3%): where the climb is tall, `hard` sits on it and `expert` at its
//! top. In Cheese Day the whole climb is small (10,000 playouts win 52.1% [50.4, 53.8] heads-up
//! and 34.3% [33.0, 35.6] at three players against the heuristic over 1,000 games, and 34.0%
//! again over 1,002 more at seed 1001; 16,000 against 10,000 51.3% [50.0, 52.7] and 33.0%
//! [32.2, 33.8] over 600, and 50.5% heads-up over 600 more at seed 1001; 12,000 against
//! 10,000 51.5% [50.4, 52.6] heads-up, just clear of the fair share, and 33.4% [32.9, 33.9] at
//! three players over 600, on the same deals; 12,000 against the heuristic at three players
//! 34.2% [32.7, 35.7] over 1,002 games at seed 1001), too small to split into two rungs at three
//! players, and only just heads-up. In Mouse Race there is no climb at all (in
//! `docs/STRENGTH.md`, since the heuristic decides a turn ahead and a move departs from it
//! only on evidence, 200 playouts against it 49.8% [49.0, 50.6] heads-up and 25.7% [24.6,
//! 26.8] at four players, a fair share being 25; 600 against 200 49.2% [47.8, 50.7] and 24.0%
//! [22.1, 25.9]; 600 against the heuristic 48.7% [47.1, 50.2] and 25.0% [23.4, 26.6]. While
//! agreeing rounds could pass as evidence, 200 against it 48.0% [46.5, 49.5], below it.
//! Playouts cut at the next turn's start and scored by the race model (branch
//! `mr-race-eval`): 200 of them, margin 1, 50.2% over 400 games. Before, revision 00eeee0,
//! 200 against the expected-turns heuristic 49.3% and 24.3%, 600 against 200 51.0% and 26.7%;
//! revision 248b63f, 2,000 against 600 50.3% and 27.3%): the playouts' road-tile moves find
//! nothing better than the heuristic's own move, and a stronger `hard` and `expert` need a
//! better search, not a larger one (issue 24).
//! In Mouse Race the heuristic's agent now decides by expected turns, which wins 62.4%
//! heads-up against the road-tile form its rollouts still play (too slow for thousands of
//! playouts): 2,000 playouts over those rollouts won
//! 51.3% against the new `medium` over 300 games ([48.7, 54.0], not separated) and 54.0%
//! against the old `hard` over 200 ([47.9, 60.1]). Playouts cut short and scored by the
//! heuristic's estimate (`depth=N`: expected turns to the cheese) did not lift it either:
//! against `medium` over 200 games each, 500 playouts cut after 2, 8 or 24 decisions won 52.5%,
//! 50.5%, 49.0% (600 cut after 2 over 1,000 games at seed 1001: 49.0%), and with no margin
//! 49.5% (2) and 49.0% (8); 200 and 300 playouts whose every decision was the agent's careful
//! one, cut after 6 and 3, won 51.5% and 51.0%. Against the turn-ahead `medium`, once the
//! made-up rounds of the evidence rule were the estimates' own size (before, whole returns
//! kept such agents on the heuristic's move), 200 playouts cut after 2, 4 and 16 decisions won
//! 48.4%, 49.5% and 49.8% over 1,000 games at seed 1, and 600 cut after 4 50.5% ([48.3, 52.7]
//! over deals); playouts whose every decision is planned by expected turns (the agent's
//! placement without the race, about thirty times a road-tile decision's work), 300 of them
//! cut after 12 decisions, 87 ms a decision, 50.5% over 600 games at seed 1 ([49.9, 51.1]
//! over deals: it seldom leaves the heuristic's move, and gains little when it does; at margin
//! 1, leaving it on less evidence, 49.7% [47.9, 51.4]; branch `mr-expected-rollouts`). Looking a turn ahead without playouts, free
//! of their noise, did a little better: every placement, cat and draw judged by the mover's
//! chance in a race of the seats' distributions of turns to the cheese won 51.4% and 51.5%
//! heads-up against expected turns alone over 2,000 games at each of seeds 5001 and 1001 and
//! 26.0% at four players over 1,000 ([23.5, 28.5], a fair share being 25), so it is now the
//! heuristic's agent, `medium` (`heuristic/mouse_race.rs`). Looking two turns ahead, the
//! next seat's reply (its draw by the bag, its tile laid where its own chance is best, its
//! heuristic's cat) judged before the race, did not add to it: against a turn ahead 51.0%,
//! 49.9% and 50.1% over 2,000 games at each of seeds 5001, 1 and 1001 (branch `mr-two-ply`;
//! intervals over deals about ±0.8, since most deals split). In Cheese Day the cut (its
//! projection of final holes) plays as well as playing to the end in a third of the time:
//! 10,000 playouts cut after 4 decisions won 49.0% heads-up over 400 games against `hard` ([44.1, 53.9]) at 29 ms a
//! decision against its 97; after 12, 49.2%; after 1, 46.5%; but at three players 31.8% over
//! 300 games against two of `hard` ([29.3, 34.4] against a fair 33.3), so the levels keep
//! playing to the end. Four times as many cut playouts (40,000) won 49.8% against 10,000
//! heads-up over 400: the same plateau. ISMCTS whose tree holds only the searcher's decisions,
//! rivals playing the heuristic (`ismcts:rivals=policy`), was no stronger than flat Monte Carlo
//! at the same budget (Moose in the House heads-up: 53.0% over 200 games at 6,000 iterations,
//! 51.7% over 300 at 24,000 against hard's 6,000 playouts; Cheese Day 41.5% over 100 at
//! 10,000); it stays an agent for bot authors, as does the ISMCTS whose every seat searches,
//! which played below the heuristic at a level's budgets.
//!
//! The table is the [`Levels`] impl of every game, next to the game's heuristic
//! (`heuristic/<game>.rs`), required of every game the bots play ([`crate::BotGame`]), so a new
//! game does not compile until it has its row; beside it, `heuristic/measured/<game>.json`
//! holds what `cargo xtask strength` measured of each level ([`measured`]), read in at compile
//! time, so a new game does not compile without that file either. The figures count while the
//! level's settings are the ones measured and its code still plays as it did: the same moves
//! and estimates in a few small matches ([`behaviour`]), so a retuned heuristic or a changed
//! search reads as not measured until the report is run again. What the code plays now is
//! recorded in that file too ([`Measurements::plays`]), checked by a test rather than worked
//! out when a program starts.

pub mod behaviour;
pub mod measured;
mod rungs;

use std::sync::OnceLock;

use mousehole_engine::{Game, GameDescription};

pub use measured::{LevelMeasurement, MeasuredError, Measurements, Verdict, significant};
pub(crate) use rungs::LevelAgent;

use crate::flat::Goal;
use crate::spec::{AgentSpec, Level, Rollout};

/// The search a level runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelSearch {
    /// No search: the heuristic, making a mistake (another legal move, drawn at random) with
    /// this chance at each decision with a choice.
    Heuristic { mistakes: f64 },
    /// ISMCTS with this UCB exploration constant.
    Ismcts { exploration: f64 },
    /// Flat Monte Carlo (paired rounds, sequential halving) departing from the heuristic's
    /// move only when another beats it by this many standard errors.
    MonteCarlo { margin: f64 },
}

/// What one level of one game plays: a search with these settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// Search iterations (ISMCTS) or playouts (flat Monte Carlo) per decision; 0 for the
    /// heuristic, which does not search.
    pub iterations: u64,
    pub search: LevelSearch,
    /// How sampled worlds are played out.
    pub rollout: Rollout,
}

impl LevelSettings {
    /// The same agent written as a `heuristic:`, `ismcts:` or `mc:` spec.
    pub fn spec(self) -> AgentSpec {
        let rollout = match self.rollout {
            Rollout::Random => "random".to_owned(),
            Rollout::Heuristic { depth: None } => "heuristic".to_owned(),
            Rollout::Heuristic { depth: Some(depth) } => format!("heuristic,depth={depth}"),
        };
        match self.search {
            LevelSearch::Heuristic { mistakes } if mistakes > 0.0 => {
                format!("heuristic:mistakes={mistakes}")
            }
            LevelSearch::Heuristic { .. } => "heuristic".to_owned(),
            LevelSearch::Ismcts { exploration } => format!(
                "ismcts:iterations={},c={exploration},rollout={rollout}",
                self.iterations
            ),
            LevelSearch::MonteCarlo { margin } => format!(
                "mc:playouts={},margin={margin},rollout={rollout}",
                self.iterations
            ),
        }
        .parse()
        .expect("level settings are within their agent's settings' ranges")
    }

    /// The same agent playing for `goal` (a search's; the heuristic has no goal to set).
    pub fn spec_for(self, goal: Goal) -> AgentSpec {
        match (self.search, goal) {
            (LevelSearch::MonteCarlo { .. }, Goal::Place) => format!("{},goal=place", self.spec())
                .parse()
                .expect("a search's spec takes a goal"),
            _ => self.spec(),
        }
    }

    /// This spec with another iteration budget (the strength report's budget sweep).
    pub fn with_iterations(self, iterations: u64) -> AgentSpec {
        LevelSettings { iterations, ..self }.spec()
    }

    /// Whether the level searches (it has an iteration budget and reports its estimates).
    pub fn searches(self) -> bool {
        !matches!(self.search, LevelSearch::Heuristic { .. })
    }
}

/// A game's row of the level table: the settings of `easy`, `medium`, `hard` and `expert`.
pub trait Levels: Game {
    /// Indexed by [`Level`], weakest first.
    const LEVELS: [LevelSettings; 4];

    /// The settings of `level` in this game.
    fn level(level: Level) -> LevelSettings {
        Self::LEVELS[level.index()]
    }
}

/// The heuristic erring with chance `mistakes` (0: the plain heuristic).
pub(crate) const fn heuristic(mistakes: f64) -> LevelSettings {
    LevelSettings {
        iterations: 0,
        search: LevelSearch::Heuristic { mistakes },
        rollout: Rollout::Heuristic { depth: None },
    }
}

/// A flat Monte Carlo level over the heuristic: heuristic rollouts, and the heuristic's move
/// kept unless another beats it by the default margin.
pub(crate) const fn improved_heuristic(playouts: u64, margin: f64) -> LevelSettings {
    LevelSettings {
        iterations: playouts,
        search: LevelSearch::MonteCarlo { margin },
        rollout: Rollout::Heuristic { depth: None },
    }
}

/// One game's row, by the game's name: for listings (`mousehole list`) and reports.
#[derive(Clone, Copy, Debug)]
pub struct GameLevels {
    /// The game's name (`cheese-day`).
    pub game: &'static str,
    /// The game's module (`cheese_day`): its measured file is
    /// `bots/src/heuristic/measured/<module>.json`.
    pub module: &'static str,
    /// Indexed by [`Level`], weakest first.
    pub levels: [LevelSettings; 4],
    /// What was measured of the levels (of their settings then: see [`GameLevels::measured`]),
    /// and what they play now ([`Measurements::plays_now`]).
    pub measured: &'static Measurements,
}

impl GameLevels {
    /// The settings of `level`.
    pub fn level(&self, level: Level) -> LevelSettings {
        self.levels[level.index()]
    }

    /// Whether the levels still play as they did when measured: the same moves and estimates
    /// in the fingerprint's matches ([`behaviour`]), as the measured file records
    /// ([`Measurements::plays_as_measured`]; a test holds the record to the code).
    pub fn plays_as_measured(&self) -> bool {
        self.measured.plays_as_measured()
    }

    /// The measurements of `level` at `players` taken at its current settings (none when the
    /// level has changed since it was measured, or plays differently).
    pub fn measured(&self, level: Level, players: usize) -> Vec<&'static LevelMeasurement> {
        if !self.plays_as_measured() {
            return Vec::new();
        }
        self.measured
            .of(level, &self.level(level).spec().to_string(), players)
    }

    /// `level`'s measured figures in words at every player count, or that it is not measured
    /// at its current settings or code ([`Measurements::words`]).
    pub fn measured_words(&self, level: Level) -> String {
        if !self.plays_as_measured() {
            return self.measured.measured_on_other_code();
        }
        self.measured
            .words(level, &self.level(level).spec().to_string())
    }

    /// `level`'s measured figures in words at `players`, or the nearest player count measured
    /// ([`Measurements::words_at`]).
    pub fn measured_words_at(&self, level: Level, players: usize) -> String {
        if !self.plays_as_measured() {
            return self.measured.measured_on_other_code();
        }
        self.measured
            .words_at(level, &self.level(level).spec().to_string(), players)
    }
}

/// The whole table, in the order of the game list.
pub fn level_table() -> Vec<GameLevels> {
    let mut rows = Vec::new();
    macro_rules! row {
        ($module:ident, $game:ty) => {{
            // Read once; the test `every_measured_file_reads_and_names_real_levels` reads
            // every committed file.
            static MEASURED: OnceLock<Measurements> = OnceLock::new();
            let file = concat!("heuristic/measured/", stringify!($module), ".json");
            rows.push(GameLevels {
                game: <<$game as mousehole_engine::Game>::Config as mousehole_engine::GameConfig>::description().name,
                module: stringify!($module),
                levels: <$game as Levels>::LEVELS,
                measured: MEASURED.get_or_init(|| {
                    Measurements::parse(
                        include_str!(concat!("heuristic/measured/", stringify!($module), ".json")),
                        file,
                    )
                    .unwrap_or_else(|error| panic!("{error}"))
                }),
            });
        }};
    }
    mousehole_engine::for_each_game!(row);
    rows
}

/// The player counts the levels are measured at (`cargo xtask strength`): heads-up and the
/// default table; a game played heads-up by default also at its fullest table, where rivals,
/// not luck alone, stand in the way.
pub fn measured_player_counts(description: &GameDescription) -> Vec<usize> {
    let mut counts = vec![2];
    if description.default_players() != 2 {
        counts.push(description.default_players());
    } else if description.max_players > 2 {
        counts.push(description.max_players);
    }
    counts
}

/// The settings of `level` in the game named `game`, if there is such a game.
pub fn level_of(game: &str, level: Level) -> Option<LevelSettings> {
    level_table()
        .into_iter()
        .find(|row| row.game == game)
        .map(|row| row.level(level))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Effort;
    use crate::spec::Settings;

    #[test]
    fn every_game_has_a_row_and_levels_climb() {
        let table = level_table();
        let names: Vec<&str> = mousehole_engine::registry::games()
            .iter()
            .map(|description| description.name)
            .collect();
        assert_eq!(table.iter().map(|row| row.game).collect::<Vec<_>>(), names);
        for row in &table {
            let [easy, medium, hard, expert] = row.levels.map(|level| level.search);
            // easy errs, medium does not, hard and expert search, expert the more.
            assert!(
                matches!(easy, LevelSearch::Heuristic { mistakes } if mistakes > 0.0),
                "{}: easy is the heuristic with mistakes",
                row.game
            );
            assert_eq!(
                medium,
                LevelSearch::Heuristic { mistakes: 0.0 },
                "{}: medium is the heuristic",
                row.game
            );
            assert!(
                row.levels[2..].iter().all(|level| level.searches()),
                "{}: hard and expert search ({hard:?}, {expert:?})",
                row.game
            );
            assert!(
                row.levels[2].iterations < row.levels[3].iterations,
                "{}: expert spends more playouts than hard",
                row.game
            );
        }
    }

    #[test]
    fn every_measured_file_reads_and_names_real_levels() {
        for row in level_table() {
            let measured = row.measured;
            assert_eq!(measured.game, row.game, "{}.json", row.module);
            let description = *mousehole_engine::registry::games()
                .iter()
                .find(|description| description.name == row.game)
                .expect("a row per game");
            let opponents: Vec<&str> = std::iter::once("random")
                .chain(Level::ALL.map(Level::name))
                .collect();
            for m in &measured.measurements {
                assert!(
                    (description.min_players..=description.max_players).contains(&m.players),
                    "{}: {} players",
                    row.game,
                    m.players
                );
                assert!(opponents.contains(&m.against.as_str()), "{m:?}");
                m.spec
                    .parse::<AgentSpec>()
                    .unwrap_or_else(|error| panic!("{}: {m:?}: {error}", row.game));
                assert!((0.0..=100.0).contains(&m.win_percent), "{m:?}");
            }
            // Measurements that are still current are what the row says of the level.
            for level in Level::ALL {
                for players in description.min_players..=description.max_players {
                    for m in row.measured(level, players) {
                        assert_eq!(m.spec, row.level(level).spec().to_string());
                    }
                }
            }
        }
    }

    #[test]
    fn a_changed_level_reads_as_not_measured() {
        let row = level_table()[0];
        let hard = row.level(Level::Hard);
        let mut measurement = LevelMeasurement {
            players: 2,
            level: Level::Hard,
            spec: hard.spec().to_string(),
            against: "medium".to_owned(),
            games: 10,
            seed: 3,
            win_percent: 60.0,
            deals_interval: Some([55.0, 65.0]),
            fair_percent: 50.0,
            verdict: Verdict::Stronger,
            mean_ms: Some(4.0),
            worst_ms: Some(9.0),
        };
        let now = row.measured.plays_now().map(str::to_owned);
        let current: &'static Measurements = Box::leak(Box::new(Measurements {
            measurements: vec![measurement.clone()],
            behaviour: now.clone(),
            revision: Some("abc1234".to_owned()),
            ..Measurements::none(row.game)
        }));
        let row = GameLevels {
            measured: current,
            ..row
        };
        assert!(row.plays_as_measured());
        assert_eq!(row.measured(Level::Hard, 2).len(), 1);
        assert!(row.measured(Level::Hard, 3).is_empty());
        assert_eq!(
            row.measured_words(Level::Hard),
            "beats medium 60.0% [55.0, 65.0] heads-up (fair 50); 4.0 ms a move, 9.0 ms at worst"
        );
        // The same figures of code that played otherwise (the file records what the code plays
        // now beside what it played then), or that cannot say how it played, count for
        // nothing, though the settings are the same.
        for (then, plays) in [
            (Some("0123456789abcdef".to_owned()), now.clone()),
            (None, None),
        ] {
            let other_code: &'static Measurements = Box::leak(Box::new(Measurements {
                behaviour: then,
                plays,
                ..current.clone()
            }));
            let row = GameLevels {
                measured: other_code,
                ..row
            };
            assert!(!row.plays_as_measured());
            assert!(row.measured(Level::Hard, 2).is_empty());
            assert_eq!(
                row.measured_words_at(Level::Hard, 2),
                format!(
                    "not measured as the levels play now: the figures are of code that played \
                     differently at abc1234 (`cargo xtask strength --game {}`)",
                    row.game
                )
            );
        }
        // The same figures of a level with other settings count for nothing.
        measurement.spec = hard.with_iterations(hard.iterations + 1).to_string();
        let stale: &'static Measurements = Box::leak(Box::new(Measurements {
            measurements: vec![measurement],
            behaviour: now,
            ..Measurements::none(row.game)
        }));
        let row = GameLevels {
            measured: stale,
            ..row
        };
        assert!(row.measured(Level::Hard, 2).is_empty());
        assert_eq!(
            row.measured_words_at(Level::Hard, 2),
            format!(
                "not measured at these settings yet (`cargo xtask strength --game {}`)",
                row.game
            )
        );
    }

    #[test]
    fn a_level_reads_as_its_agent_spec() {
        for row in level_table() {
            let easy = row.level(Level::Easy);
            let LevelSearch::Heuristic { mistakes } = easy.search else {
                panic!("{}: easy is the heuristic with mistakes", row.game)
            };
            assert_eq!(easy.spec().settings(), Settings::Heuristic { mistakes });
            assert_eq!(row.level(Level::Medium).spec().to_string(), "heuristic");
            for level in [Level::Hard, Level::Expert] {
                let search = row.level(level);
                let Settings::MonteCarlo { settings, rollout } = search.spec().settings() else {
                    panic!("{}: {level} is a flat Monte Carlo search", row.game)
                };
                assert_eq!(settings.effort, Effort::iterations(search.iterations));
                assert!(matches!(rollout, Rollout::Heuristic { .. }));
                assert_eq!(level_of(row.game, level), Some(search));
            }
            let hard = row.level(Level::Hard);
            let fewer = hard.with_iterations(7);
            assert_eq!(fewer.given()["playouts"], "7");
            assert_eq!(fewer.given()["margin"], "2");
            assert_eq!(fewer.given()["rollout"], hard.spec().given()["rollout"]);
        }
        assert_eq!(level_of("chess", Level::Hard), None);
    }
}
