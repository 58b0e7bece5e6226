//! Part files: what one shard of a tournament writes (`mousehole-tournament-part/1`), and the
//! merge of every shard's part into the report one run over all deals gives.
//!
//! A part file is JSON lines: a header naming the tournament (game, agents, seed, games asked
//! for, seatings, shard, deals in the whole tournament), then one line per deal of the shard in
//! order (each game's per-seat ranks, scores, returns, decision counts and times), then an end
//! line with the counts, whether the run was interrupted, and its seconds. The merge reads the
//! parts side by side, deal by deal in the tournament's order, through the same tally a single
//! run uses, so its figures (the order-dependent rating included) are the same to the bit.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Lines, Write};
use std::path::{Path, PathBuf};

use mousehole_engine::words::io_error;
use serde::{Deserialize, Serialize};

use crate::error::TournamentError;
use crate::plan::{Plan, Shard, TournamentConfig};
use crate::record::DealRecord;
use crate::report::Report;
use crate::run::{DealSink, RunResult};
use crate::seats::{ExternalOptions, parse_agent};
use crate::tally::Tally;

/// The value of a part file's `format` key.
pub const PART_FORMAT: &str = "mousehole-tournament-part/1";

/// A part file's first line: which tournament, which shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartHeader {
    pub format: String,
    /// The canonical game spec.
    pub game: String,
    /// The entries' specs, in order.
    pub agents: Vec<String>,
    pub seed: u64,
    pub games_requested: u64,
    pub permutations: bool,
    /// `I/N`.
    pub shard: String,
    /// Deals in the whole tournament.
    pub deals_planned: u64,
    /// How the programs among the entries (`exec:`) were run; absent when there are none
    /// (and in parts written before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub programs: Option<ProgramSettings>,
}

/// How a tournament ran its programs: shards run with other deadlines or another fallback
/// are not parts of one tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramSettings {
    pub deadline_ms: u64,
    pub grace_ms: u64,
    /// An agent spec or `forfeit`.
    pub fallback: String,
}

impl std::fmt::Display for ProgramSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "deadline {} ms, grace {} ms, fallback {}",
            self.deadline_ms, self.grace_ms, self.fallback
        )
    }
}

/// A part file's last line: what the shard played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartEnd {
    pub deals: u64,
    pub games: u64,
    pub interrupted: bool,
    pub elapsed_seconds: f64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndLine {
    end: PartEnd,
}

impl PartHeader {
    /// The header of `shard`'s part of `plan`.
    pub fn new(plan: &Plan, shard: Shard) -> Self {
        Self {
            format: PART_FORMAT.to_owned(),
            game: plan.game().to_owned(),
            agents: plan.labels().to_vec(),
            seed: plan.seed(),
            games_requested: plan.games_requested(),
            permutations: plan.permutations(),
            shard: shard.to_string(),
            deals_planned: plan.deals(),
            programs: plan.has_external().then(|| {
                let external = plan.external();
                ProgramSettings {
                    deadline_ms: external.settings.deadline.as_millis() as u64,
                    grace_ms: external.settings.grace.as_millis() as u64,
                    fallback: external.fallback.to_string(),
                }
            }),
        }
    }
}

/// Writes a part file as the deals come: a [`DealSink`].
#[derive(Debug)]
pub struct PartWriter {
    out: BufWriter<File>,
    path: PathBuf,
    deals: u64,
    games: u64,
}

impl PartWriter {
    /// Creates the file and writes its header.
    ///
    /// # Errors
    /// A file that cannot be created or written.
    pub fn create(path: &Path, plan: &Plan, shard: Shard) -> Result<Self, TournamentError> {
        let file = File::create(path).map_err(|error| TournamentError::Io {
            what: format!("cannot create {}", path.display()),
            error,
        })?;
        let mut writer = Self {
            out: BufWriter::new(file),
            path: path.to_owned(),
            deals: 0,
            games: 0,
        };
        let header = serde_json::to_string(&PartHeader::new(plan, shard)).expect("serialises");
        writer.line(&header)?;
        Ok(writer)
    }

    fn line(&mut self, text: &str) -> Result<(), TournamentError> {
        writeln!(self.out, "{text}").map_err(|error| TournamentError::Io {
            what: format!("cannot write {}", self.path.display()),
            error,
        })
    }

    /// Writes the end line and flushes.
    ///
    /// # Errors
    /// A file that cannot be written.
    pub fn finish(mut self, result: &RunResult) -> Result<(), TournamentError> {
        let end = EndLine {
            end: PartEnd {
                deals: self.deals,
                games: self.games,
                interrupted: result.interrupted,
                elapsed_seconds: result.elapsed.as_secs_f64(),
            },
        };
        self.line(&serde_json::to_string(&end).expect("serialises"))?;
        self.out.flush().map_err(|error| TournamentError::Io {
            what: format!("cannot write {}", self.path.display()),
            error,
        })
    }
}

impl DealSink for PartWriter {
    fn deal(&mut self, deal: &DealRecord, _transcripts: &[String]) -> Result<(), TournamentError> {
        self.deals += 1;
        self.games += deal.games.len() as u64;
        self.line(&serde_json::to_string(deal).expect("records serialise"))
    }
}

/// What a merge produced.
#[derive(Debug)]
pub struct Merged {
    pub plan: Plan,
    pub report: Report,
    /// The parts' shard count.
    pub shards: u64,
}

/// One part file being read.
struct PartReader {
    name: String,
    lines: Lines<BufReader<File>>,
    line: usize,
    header: PartHeader,
    shard: Shard,
}

/// A line after the header.
enum Body {
    Deal(DealRecord),
    End(PartEnd),
}

impl PartReader {
    fn open(path: &Path) -> Result<Self, TournamentError> {
        let name = path.display().to_string();
        let file = File::open(path).map_err(|error| TournamentError::Io {
            what: format!("cannot read {name}"),
            error,
        })?;
        let mut lines = BufReader::new(file).lines();
        let problem = |problem: String| TournamentError::Part {
            file: name.clone(),
            line: 1,
            problem,
        };
        let first = match lines.next() {
            None => return Err(problem("empty file: not a tournament part".to_owned())),
            Some(Err(e)) => return Err(problem(format!("cannot read it: {}", io_error(&e)))),
            Some(Ok(line)) => line,
        };
        let header: PartHeader = serde_json::from_str(&first).map_err(|e| {
            problem(format!(
                "not a tournament part header: {}",
                json_problem(&e)
            ))
        })?;
        if header.format != PART_FORMAT {
            return Err(problem(format!(
                "format '{}' is not {PART_FORMAT}",
                mousehole_engine::text::shown(&header.format)
            )));
        }
        let shard: Shard = header
            .shard
            .parse()
            .map_err(|e: TournamentError| problem(e.to_string()))?;
        Ok(Self {
            name,
            lines,
            line: 1,
            header,
            shard,
        })
    }

    fn problem(&self, problem: String) -> TournamentError {
        TournamentError::Part {
            file: self.name.clone(),
            line: self.line,
            problem,
        }
    }

    /// The next line after the header, `None` at the end of the file.
    fn next(&mut self) -> Result<Option<Body>, TournamentError> {
        let Some(line) = self.lines.next() else {
            return Ok(None);
        };
        self.line += 1;
        let line = line.map_err(|e| self.problem(format!("cannot read it: {}", io_error(&e))))?;
        if line.trim_start().starts_with("{\"end\"") {
            let end: EndLine = serde_json::from_str(&line).map_err(|e| {
                self.problem(format!("not a part's end line: {}", json_problem(&e)))
            })?;
            Ok(Some(Body::End(end.end)))
        } else {
            let deal: DealRecord = serde_json::from_str(&line)
                .map_err(|e| self.problem(format!("not a deal record: {}", json_problem(&e))))?;
            Ok(Some(Body::Deal(deal)))
        }
    }

    /// The next deal, which must be `deal`.
    fn deal(&mut self, deal: u64) -> Result<DealRecord, TournamentError> {
        match self.next()? {
            Some(Body::Deal(record)) if record.deal == deal => Ok(record),
            Some(Body::Deal(record)) => {
                Err(self.problem(format!("deal {} where deal {deal} was due", record.deal)))
            }
            Some(Body::End(end)) if end.interrupted => Err(self.unfinished(format!(
                "its run was interrupted after {} of {} deals",
                end.deals,
                self.shard.deals(self.header.deals_planned)
            ))),
            Some(Body::End(_)) => {
                Err(self.problem(format!("the end line comes where deal {deal} was due")))
            }
            None => Err(self.unfinished(format!(
                "it stops before deal {deal}, with no end line (was its run killed?)"
            ))),
        }
    }

    /// The end line, which must follow the last deal and agree with the deals read.
    fn end(&mut self) -> Result<PartEnd, TournamentError> {
        let expected = self.shard.deals(self.header.deals_planned);
        let end = match self.next()? {
            Some(Body::End(end)) => end,
            Some(Body::Deal(record)) => {
                return Err(self.problem(format!(
                    "deal {} is past the {expected} deals of shard {}",
                    record.deal, self.shard
                )));
            }
            None => {
                return Err(self.unfinished(
                    "it has every deal but no end line (was its run killed?)".to_owned(),
                ));
            }
        };
        if end.interrupted {
            return Err(self.unfinished("its run was interrupted".to_owned()));
        }
        if end.deals != expected {
            return Err(self.problem(format!(
                "the end line counts {} deals; shard {} has {expected}",
                end.deals, self.shard
            )));
        }
        if self.next()?.is_some() {
            return Err(self.problem("a line after the end line".to_owned()));
        }
        Ok(end)
    }

    fn unfinished(&self, problem: String) -> TournamentError {
        TournamentError::Unfinished {
            file: self.name.clone(),
            problem,
        }
    }
}

/// Merges the parts of every shard of one tournament into the report of the whole.
///
/// # Errors
/// A part that cannot be read or is garbled; parts of different tournaments; a shard missing
/// or given twice; a part whose run was interrupted or cut short.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, TournamentError> {
    if paths.is_empty() {
        return Err(TournamentError::NoParts);
    }
    let mut parts = paths
        .iter()
        .map(|path| PartReader::open(path))
        .collect::<Result<Vec<_>, _>>()?;
    check_same_tournament(&parts)?;
    let count = parts[0].shard.count;
    parts.sort_by_key(|part| part.shard.index);
    for pair in parts.windows(2) {
        if pair[0].shard == pair[1].shard {
            return Err(TournamentError::ShardTwice {
                first: pair[0].name.clone(),
                second: pair[1].name.clone(),
                shard: pair[0].shard.to_string(),
            });
        }
    }
    if let Some(missing) = (0..count).find(|&i| parts.iter().all(|p| p.shard.index != i)) {
        let given: Vec<String> = parts
            .iter()
            .map(|p| format!("{} ({})", p.name, p.shard))
            .collect();
        return Err(TournamentError::ShardMissing {
            shard: Shard {
                index: missing,
                count,
            }
            .to_string(),
            given: given.join(", "),
        });
    }
    let plan = plan_of(&parts[0])?;
    let mut tally = Tally::new(&plan);
    for deal in 0..plan.deals() {
        let part = &mut parts[(deal % count) as usize];
        let record = part.deal(deal)?;
        tally
            .add_deal(&plan, &record)
            .map_err(|problem| part.problem(problem))?;
    }
    let mut elapsed = 0.0;
    for part in &mut parts {
        elapsed += part.end()?.elapsed_seconds;
    }
    let report = Report::new(&plan, &tally, false, elapsed);
    Ok(Merged {
        plan,
        report,
        shards: count,
    })
}

fn check_same_tournament(parts: &[PartReader]) -> Result<(), TournamentError> {
    let first = &parts[0];
    for other in &parts[1..] {
        let (a, b) = (&first.header, &other.header);
        let programs = |header: &PartHeader| {
            header
                .programs
                .as_ref()
                .map_or_else(|| "not recorded".to_owned(), ToString::to_string)
        };
        let differences: [(&'static str, String, String); 7] = [
            ("game", a.game.clone(), b.game.clone()),
            ("agents", a.agents.join(","), b.agents.join(",")),
            ("seed", a.seed.to_string(), b.seed.to_string()),
            (
                "games asked for",
                a.games_requested.to_string(),
                b.games_requested.to_string(),
            ),
            (
                "seat orders",
                seatings_word(a.permutations),
                seatings_word(b.permutations),
            ),
            (
                "shard count",
                first.shard.count.to_string(),
                other.shard.count.to_string(),
            ),
            ("program settings", programs(a), programs(b)),
        ];
        if let Some((field, first_value, other_value)) =
            differences.into_iter().find(|(_, x, y)| x != y)
        {
            return Err(TournamentError::Mismatch {
                first: first.name.clone(),
                other: other.name.clone(),
                field,
                first_value: mousehole_engine::text::shown(&first_value),
                other_value: mousehole_engine::text::shown(&other_value),
            });
        }
    }
    Ok(())
}

/// A JSON error of one line of a file, in people's words with its column (the file's line
/// number is given apart).
fn json_problem(error: &serde_json::Error) -> String {
    format!(
        "{} (column {})",
        mousehole_engine::words::json_problem(error),
        error.column().max(1)
    )
}

fn seatings_word(permutations: bool) -> String {
    if permutations {
        "permutations"
    } else {
        "rotations"
    }
    .to_owned()
}

/// The plan a part's header describes, checked against the deals it says the whole has.
fn plan_of(part: &PartReader) -> Result<Plan, TournamentError> {
    let header = &part.header;
    let problem = |problem: String| TournamentError::Part {
        file: part.name.clone(),
        line: 1,
        problem,
    };
    let agents = header
        .agents
        .iter()
        .map(|entry| parse_agent(entry))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| problem(e.to_string()))?;
    let config = TournamentConfig {
        game: header.game.parse().map_err(|e| problem(format!("{e}")))?,
        agents,
        games: header.games_requested,
        seed: header.seed,
        permutations: header.permutations,
        // How the programs were run is the shard's business: the merge runs nothing.
        external: ExternalOptions::default(),
    };
    let plan = Plan::new(&config).map_err(|e| problem(e.to_string()))?;
    if plan.deals() != header.deals_planned {
        return Err(problem(format!(
            "the header says the tournament has {} deals, but its settings make {}",
            header.deals_planned,
            plan.deals()
        )));
    }
    Ok(plan)
}
