//! Equal rungs and the levels in plain words. Where a level was measured no stronger than the
//! level below it in a game at a player count (Mouse Race above `medium`, Cheese Day at three
//! players above `medium`, Mouse Trap above `medium`), it plays as that level there: as strong,
//! and no slower for nothing; and the screens say so. The words a person reads of a level
//! ("wins about 52 of 100 heads-up games against medium; at 3 players about as strong as
//! medium") come from the same measurements (`heuristic/measured/<game>.json`), never typed in.

use std::fmt::Write as _;

use mousehole_engine::{Decision, DecisionView, Game, GameConfig, GameRng, Outcome, SeenEvent};

use super::measured::{LevelMeasurement, Verdict, at_players};
use super::{GameLevels, level_table};
use crate::agent::Agent;
use crate::build::build_agent;
use crate::game::BotGame;
use crate::spec::Level;

impl GameLevels {
    /// The level `level` plays as at `players`: itself, or where it was measured no stronger
    /// than the level below (at `players`, else at the nearest player count measured), the
    /// level that one plays as. Figures that no longer count (the level's settings or code
    /// changed since) change nothing.
    pub fn plays_as(&self, level: Level, players: usize) -> Level {
        let mut level = level;
        while let Some(below) = level.below() {
            match self.against_below(level, players) {
                Some(m) if matches!(m.verdict, Verdict::NotSeparated | Verdict::Weaker) => {
                    level = below;
                }
                _ => break,
            }
        }
        level
    }

    /// What was measured of `level` against the level below it at `players`, or at the
    /// nearest player count measured (the smaller of two as near).
    fn against_below(&self, level: Level, players: usize) -> Option<&'static LevelMeasurement> {
        let below = level.below()?;
        let count = self.nearest_count(level, players)?;
        self.measured(level, count)
            .into_iter()
            .find(|m| m.against == below.name())
    }

    /// The player count nearest `players` at which `level`'s current figures were measured.
    fn nearest_count(&self, level: Level, players: usize) -> Option<usize> {
        let counts: Vec<usize> = self
            .measured
            .measurements
            .iter()
            .filter(|m| m.level == level)
            .map(|m| m.players)
            .collect();
        counts
            .into_iter()
            .filter(|&count| !self.measured(level, count).is_empty())
            .min_by_key(|&count| (count.abs_diff(players), count))
    }

    /// `level` in plain words for a person choosing an opponent at a table of `players`:
    /// what it did against the level below at every player count measured ("wins about 52 of
    /// 100 heads-up games against medium; at 3 players about as strong as medium"), and
    /// where that makes it play as a lower level at this table, that it does. Without
    /// figures that count, that it is not measured.
    pub fn in_words(&self, level: Level, players: usize) -> String {
        if !self.plays_as_measured() {
            return self.measured.measured_on_other_code();
        }
        let Some(below) = level.below() else {
            return level.description().to_owned();
        };
        let mut counts: Vec<usize> = self
            .measured
            .measurements
            .iter()
            .filter(|m| m.level == level && m.against == below.name())
            .map(|m| m.players)
            .collect();
        counts.sort_unstable();
        counts.dedup();
        let said: Vec<String> = counts
            .into_iter()
            .filter_map(|count| {
                let m = self
                    .measured(level, count)
                    .into_iter()
                    .find(|m| m.against == below.name())?;
                Some(plain(m))
            })
            .collect();
        if said.is_empty() {
            return self
                .measured
                .words_at(level, &self.level(level).spec().to_string(), players);
        }
        let mut text = said.join("; ");
        let plays = self.plays_as(level, players);
        if plays != level {
            let _ = write!(text, "; so {} it plays as {plays}", at_players(players));
            // Two rungs down or more, the words so far say only "about as strong as" the
            // rung just below: say why that rung is not where it stops.
            if plays != below {
                let _ = write!(
                    text,
                    ", as {below} does there ({below} measured no stronger than {plays})"
                );
            }
            text.push_str(", no slower than it needs to be");
            if self.nearest_count(level, players) != Some(players) {
                let _ = write!(
                    text,
                    " (not measured at {players} players; the nearest count measured says so)"
                );
            }
        }
        text
    }
}

impl GameLevels {
    /// Where `level` plays as a lower level, in words for a listing of every table (`plays as
    /// medium at 3 to 6 players: measured no stronger`), or `None` where it never does.
    pub fn plays_as_words(&self, level: Level) -> Option<String> {
        let games = mousehole_engine::registry::games();
        let description = games
            .iter()
            .find(|description| description.name == self.game)?;
        // Runs of tables where it plays as the same lower level: (level, first, last).
        let mut runs: Vec<(Level, usize, usize)> = Vec::new();
        for players in description.min_players..=description.max_players {
            let plays = self.plays_as(level, players);
            if plays == level {
                continue;
            }
            match runs.last_mut() {
                Some((lower, _, last)) if *lower == plays && *last + 1 == players => {
                    *last = players;
                }
                _ => runs.push((plays, players, players)),
            }
        }
        if runs.is_empty() {
            return None;
        }
        let parts: Vec<String> = runs
            .iter()
            .map(|&(lower, first, last)| {
                let tables = match (first, last) {
                    (2, 2) => "heads-up".to_owned(),
                    (first, last) if first == last => format!("at {first} players"),
                    (first, last) if first + 1 == last => format!("at {first} and {last} players"),
                    (first, last) => format!("at {first} to {last} players"),
                };
                format!("plays as {lower} {tables}")
            })
            .collect();
        Some(format!("{}: measured no stronger", parts.join(", ")))
    }
}

/// One measurement in plain words: `wins about 52 of 100 heads-up games against medium`,
/// `at 3 players about as strong as medium`, `at 4 players wins about 30 of 100 games
/// against three medium bots (25 would be its share)`.
fn plain(m: &LevelMeasurement) -> String {
    let wins = m.win_percent.round();
    let table = if m.players == 2 {
        String::new()
    } else {
        format!("at {} players ", m.players)
    };
    let games = if m.players == 2 {
        "heads-up games".to_owned()
    } else {
        "games".to_owned()
    };
    let rivals = if m.players == 2 {
        m.against.clone()
    } else {
        format!("{} {} bots", count_word(m.players - 1), m.against)
    };
    let share = if m.players == 2 {
        String::new()
    } else {
        format!(" ({:.0} would be an even share)", m.fair_percent)
    };
    match m.verdict {
        Verdict::Stronger => {
            format!("{table}wins about {wins} of 100 {games} against {rivals}{share}")
        }
        Verdict::NotSeparated => format!("{table}about as strong as {}", m.against),
        Verdict::Weaker => format!(
            "{table}weaker than {}: wins about {wins} of 100 {games} against {rivals}{share}",
            m.against
        ),
        Verdict::Unknown => {
            format!("{table}won about {wins} of 100 {games} against {rivals}, too few to tell")
        }
    }
}

fn count_word(n: usize) -> String {
    match n {
        1 => "one".to_owned(),
        2 => "two".to_owned(),
        3 => "three".to_owned(),
        4 => "four".to_owned(),
        5 => "five".to_owned(),
        n => n.to_string(),
    }
}

/// The row of game `G` in the level table.
fn row_of<G: Game>() -> Option<GameLevels> {
    let name = G::Config::description().name;
    level_table().into_iter().find(|row| row.game == name)
}

/// A level seated to play for a win: at each table it plays as the level it plays as there
/// ([`GameLevels::plays_as`]), its own search where it was measured stronger than the level
/// below. Built by [`build_agent`] for `hard` and `expert`; hints and the coach, which must
/// search, build the level's own settings.
pub(crate) struct LevelAgent<G: BotGame> {
    level: Level,
    /// The level's own agent.
    own: Box<dyn Agent<G>>,
    /// The table last asked at and the level it plays as there, with that level's agent
    /// where it is not the level's own.
    table: Option<(usize, Level)>,
    lower: Option<Box<dyn Agent<G>>>,
}

impl<G: BotGame> LevelAgent<G> {
    pub(crate) fn new(level: Level) -> Self {
        Self {
            level,
            own: build_agent::<G>(&G::level(level).spec()),
            table: None,
            lower: None,
        }
    }

    /// The agent that plays at a table of `players`.
    fn at(&mut self, players: usize) -> &mut dyn Agent<G> {
        let plays = match self.table {
            Some((count, plays)) if count == players => plays,
            _ => {
                let plays =
                    row_of::<G>().map_or(self.level, |row| row.plays_as(self.level, players));
                self.lower =
                    (plays != self.level).then(|| build_agent::<G>(&G::level(plays).spec()));
                self.table = Some((players, plays));
                plays
            }
        };
        match &mut self.lower {
            Some(lower) if plays != self.level => &mut **lower,
            _ => &mut *self.own,
        }
    }
}

impl<G: BotGame> Agent<G> for LevelAgent<G> {
    fn new_game(&mut self, seat: usize, config: &G::Config, seed: u64) {
        self.at(config.players()).new_game(seat, config, seed);
    }

    fn act(&mut self, view: &DecisionView<'_, G>, rng: &mut GameRng) -> Decision<G::Action> {
        self.at(view.config().players()).act(view, rng)
    }

    /// Asked before the table is known: the level's own agent reads the most.
    fn wants_views(&self) -> bool {
        self.own.wants_views()
    }

    fn game_over(&mut self, outcome: Option<&Outcome>, seen: &[SeenEvent<G::EventView>]) {
        match &mut self.lower {
            Some(lower) => lower.game_over(outcome, seen),
            None => self.own.game_over(outcome, seen),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::Measurements;
    use mousehole_engine::Match;
    use mousehole_engine::games::mouse_race::{MouseRace, MouseRaceConfig};

    /// Mouse Race's row with these measurements, as if taken of the code as it plays now.
    fn mouse_race(measurements: Vec<LevelMeasurement>) -> GameLevels {
        let row = level_table()
            .into_iter()
            .find(|row| row.game == "mouse-race")
            .unwrap();
        let measured: &'static Measurements = Box::leak(Box::new(Measurements {
            measurements,
            behaviour: row.measured.plays_now().map(str::to_owned),
            ..Measurements::none(row.game)
        }));
        GameLevels { measured, ..row }
    }

    fn measurement(
        row: &GameLevels,
        level: Level,
        players: usize,
        win: f64,
        verdict: Verdict,
    ) -> LevelMeasurement {
        LevelMeasurement {
            players,
            level,
            spec: row.level(level).spec().to_string(),
            against: level.below().unwrap().name().to_owned(),
            games: 1000,
            seed: 1,
            win_percent: win,
            deals_interval: Some([win - 1.5, win + 1.5]),
            fair_percent: 100.0 / players as f64,
            verdict,
            mean_ms: Some(3.0),
            worst_ms: Some(9.0),
        }
    }

    #[test]
    fn a_level_measured_no_stronger_than_the_one_below_plays_as_it_and_says_so() {
        let plain = mouse_race(Vec::new());
        let row = mouse_race(vec![
            measurement(&plain, Level::Medium, 2, 71.3, Verdict::Stronger),
            measurement(&plain, Level::Hard, 2, 52.4, Verdict::Stronger),
            measurement(&plain, Level::Hard, 4, 25.7, Verdict::NotSeparated),
            measurement(&plain, Level::Expert, 2, 49.2, Verdict::NotSeparated),
            measurement(&plain, Level::Expert, 4, 24.0, Verdict::NotSeparated),
        ]);
        assert_eq!(row.plays_as(Level::Hard, 2), Level::Hard);
        assert_eq!(row.plays_as(Level::Hard, 4), Level::Medium);
        // Expert is no stronger than hard heads-up, and hard is stronger than medium there.
        assert_eq!(row.plays_as(Level::Expert, 2), Level::Hard);
        // At four players down two rungs; at three, the nearest measured count (2) decides.
        assert_eq!(row.plays_as(Level::Expert, 4), Level::Medium);
        assert_eq!(row.plays_as(Level::Expert, 3), Level::Hard);
        assert_eq!(row.plays_as(Level::Medium, 4), Level::Medium);
        assert_eq!(
            row.plays_as_words(Level::Expert).as_deref(),
            Some(
                "plays as hard at 2 and 3 players, plays as medium at 4 players: measured no \
                 stronger"
            )
        );
        assert_eq!(
            row.plays_as_words(Level::Hard).as_deref(),
            Some("plays as medium at 4 players: measured no stronger")
        );
        assert_eq!(row.plays_as_words(Level::Medium), None);
        assert_eq!(
            row.in_words(Level::Hard, 4),
            "wins about 52 of 100 heads-up games against medium; at 4 players about as strong as \
             medium; so at 4 players it plays as medium, no slower than it needs to be"
        );
        // Two rungs down: the words say why it does not stop at hard.
        assert_eq!(
            row.in_words(Level::Expert, 4),
            "about as strong as hard; at 4 players about as strong as hard; so at 4 players it \
             plays as medium, as hard does there (hard measured no stronger than medium), no \
             slower than it needs to be"
        );
        assert_eq!(
            row.in_words(Level::Medium, 2),
            "wins about 71 of 100 heads-up games against easy"
        );
        assert_eq!(
            row.in_words(Level::Expert, 3),
            "about as strong as hard; at 4 players about as strong as hard; so at 3 players it \
             plays as hard, no slower than it needs to be (not measured at 3 players; the \
             nearest count measured says so)"
        );
        // Figures of code that played otherwise (the file records what it plays now beside
        // what it played then) count for nothing: every level is itself.
        let stale = GameLevels {
            measured: Box::leak(Box::new(Measurements {
                behaviour: Some("0000000000000000".to_owned()),
                plays: row.measured.plays_now().map(str::to_owned),
                ..row.measured.clone()
            })),
            ..row
        };
        assert_eq!(stale.plays_as(Level::Expert, 4), Level::Expert);
        assert!(stale.in_words(Level::Expert, 4).starts_with("not measured"));
    }

    #[test]
    fn a_seated_level_plays_the_moves_of_the_level_it_plays_as() {
        // By the committed figures, Mouse Race's hard is no stronger than medium: seated, it
        // plays medium's game move for move, with no search's estimates.
        let row = level_table()
            .into_iter()
            .find(|row| row.game == "mouse-race")
            .unwrap();
        assert_eq!(
            row.plays_as(Level::Hard, 2),
            Level::Medium,
            "{:?}",
            row.measured
        );
        let config = MouseRaceConfig::with_players(2).unwrap();
        let play = |specs: [&str; 2]| {
            let specs: Vec<crate::AgentSpec> = specs.iter().map(|s| s.parse().unwrap()).collect();
            let (game, _): (Match<MouseRace>, _) =
                crate::seat::play_agents::<MouseRace>(&config, &specs, 3);
            game.events()
                .iter()
                .map(|e| e.action.to_string())
                .take(60)
                .collect::<Vec<_>>()
        };
        assert_eq!(play(["hard", "medium"]), play(["medium", "medium"]));
    }
}
