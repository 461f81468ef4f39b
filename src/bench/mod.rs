//! The cost of each condition against orthodox play: perft speed on fixed middle-game
//! positions, and the solving time of published problems of each family (`data`). The
//! `fairy bench` command and the criterion benchmarks in `benches/` share these lists.

pub mod chart;
mod data;

pub use data::{positions, BenchPosition, BenchProblem, PROBLEMS};

use crate::board::{Piece, Position, Role};
use crate::conditions::{command_line_words, resolve, RuleSet, Rules, UnitMarks, WithRules};
use crate::input::parse_file;
use crate::movegen::Promotions;
use crate::problem::{solve_problem, SolveConfig};
use serde::Serialize;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// The reference row: no condition.
pub const ORTHODOX: &str = "orthodox";

/// The conditions benchmarked by default, orthodox first (as `--condition` spells them).
pub const CONDITIONS: &[&str] = &[
    ORTHODOX,
    "Circe",
    "AntiCirce",
    "MirrorCirce",
    "PWC",
    "CirceAssassin",
    "ChameleonCirce",
    "ParrainCirce",
    "KamikazeCirce",
    "Circe Volcanic",
    "MarsCirce",
    "AliceChess",
    "AliceChess Madrasi",
    "Madrasi",
    "Isardam",
    "AndernachChess",
    "ChecklessChess",
    "BlackMaximummer",
    "GridChess",
    "MonochromChess",
    "Patrouille",
    "KoeKo",
    "AntiKoeko",
    "Take&MakeChess",
    "AnnanChess",
    "SuperCirce",
    "AntiSuperCirce",
    "SwappingKings",
    "ImmunChess",
    "MessignyChess",
    "Masand",
    "CirceTake&Make",
    "EinsteinChess",
    "ReversalEinsteinChess",
    "LeseMajeste",
    "Make&TakeChess",
    "leapers",
    "riders",
    "hoppers",
    "chinese",
    "orphans",
];

/// The piece families: rows under no condition with some orthodox pieces of the bench
/// positions turned into fairy pieces of a family (four or more a position).
pub const FAMILIES: &[(&str, &[(Role, Role)])] = &[
    (
        "leapers",
        &[(Role::Knight, Role::Camel), (Role::Bishop, Role::Zebra)],
    ),
    (
        "riders",
        &[
            (Role::Knight, Role::Nightrider),
            (Role::Queen, Role::Amazon),
        ],
    ),
    (
        "hoppers",
        &[
            (Role::Knight, Role::Grasshopper),
            (Role::Bishop, Role::Lion),
        ],
    ),
    (
        "chinese",
        &[
            (Role::Knight, Role::Mao),
            (Role::Bishop, Role::Vao),
            (Role::Rook, Role::Pao),
            (Role::Queen, Role::Leo),
        ],
    ),
    // Knights and bishops that move only with the walks of the enemy units observing
    // them, and make every move be played to be judged.
    (
        "orphans",
        &[(Role::Knight, Role::Orphan), (Role::Bishop, Role::Orphan)],
    ),
];

/// The substitutions of a piece-family row, if `row` names one.
pub fn family(row: &str) -> Option<&'static [(Role, Role)]> {
    FAMILIES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(row))
        .map(|(_, subs)| *subs)
}

/// A benchmark that cannot run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("condition \"{condition}\": {message}")]
    Condition { condition: String, message: String },
    #[error("{0}")]
    Data(String),
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Perft depth in plies.
    pub depth: u32,
    /// Each perft is repeated until this much time has passed (at least once).
    pub min_time: Duration,
    /// Whether to solve the problems of each condition.
    pub solve: bool,
    /// Transposition table size for solving, in MB.
    pub hash_mb: usize,
}

/// The time to solve one problem.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemTime {
    pub path: String,
    pub seconds: f64,
}

/// The figures of one condition.
#[derive(Clone, Debug, Serialize)]
pub struct ConditionBench {
    pub condition: String,
    /// Perft nodes over all positions (one run each).
    pub perft_nodes: u64,
    /// Perft nodes per second over all runs.
    pub nodes_per_second: f64,
    /// Time per perft node against orthodox play (orthodox = 1.0); `None` without an
    /// orthodox row.
    pub cost: Option<f64>,
    /// The problems solved under this condition, with their times.
    pub problems: Vec<ProblemTime>,
    pub solve_seconds: f64,
}

impl ConditionBench {
    /// The cost as the table prints it (`-` without one).
    pub fn cost_text(&self) -> String {
        self.cost.map_or("-".to_string(), |c| format!("{c:.2}"))
    }

    /// The solving time as the table prints it (`-` without problems).
    pub fn solve_text(&self) -> String {
        if self.problems.is_empty() {
            "-".to_string()
        } else {
            format!("{:.3}", self.solve_seconds)
        }
    }
}

/// The rules a bench condition stands for (`orthodox`: none; a piece family: no
/// condition, with the family's fairy pieces on the board).
pub fn rules_of(condition: &str) -> Result<RuleSet, BenchError> {
    let words = if condition.eq_ignore_ascii_case(ORTHODOX) || family(condition).is_some() {
        Vec::new()
    } else {
        command_line_words(&[condition])
    };
    let marks = match family(condition) {
        Some(subs) => UnitMarks {
            fairy: Some(crate::input::Span::new(1, 1)),
            promotions: Promotions::with(subs.iter().map(|&(_, to)| to)),
            ..UnitMarks::default()
        },
        None => UnitMarks::default(),
    };
    resolve(&words, marks).map_err(|e| BenchError::Condition {
        condition: condition.to_string(),
        message: e.message,
    })
}

/// A bench position under `rules`: `fen` with the units of `substitute` turned into
/// other kinds (a piece family's row; see [`family`]).
pub fn set_up<R: Rules>(
    rules: &R,
    fen: &str,
    substitute: &[(Role, Role)],
) -> Result<Position<R::Ext>, String> {
    let mut pos: Position<R::Ext> = Position::from_fen(fen).map_err(|e| e.to_string())?;
    for &(from, to) in substitute {
        for sq in pos.board.by_role(from) {
            let (piece, kamikaze) = pos.board.take(sq).expect("a unit");
            pos.board.put(sq, Piece::new(piece.color, to), kamikaze);
            // Only kings and rooks castle.
            pos.castling = pos.castling.without(sq);
        }
    }
    rules.init(&mut pos, &[])?;
    Ok(pos)
}

/// Perft of `fen` to `depth` under `rules`, with the units of `substitute` turned into
/// other kinds: the node count and the position set up.
struct Perft<'a> {
    fen: &'a str,
    substitute: &'a [(Role, Role)],
    depth: u32,
    min_time: Duration,
}

impl WithRules for Perft<'_> {
    type Output = Result<(u64, u32, Duration), String>;
    /// Nodes of one run, the number of runs, their total time.
    fn run<R: Rules>(self, rules: &R) -> Self::Output {
        let pos = set_up(rules, self.fen, self.substitute)?;
        let start = Instant::now();
        let mut runs = 0;
        let mut nodes;
        loop {
            nodes = crate::perft::perft(rules, &pos, self.depth);
            runs += 1;
            // A position with no move under the condition (Kiwipete under Isardam holds
            // an observation) counts no node: repeating it would only add time.
            if nodes == 0 || start.elapsed() >= self.min_time {
                break;
            }
        }
        Ok((nodes, runs, start.elapsed()))
    }
}

/// Measures one condition: perft on every bench position, then (if asked) the bench
/// problems whose conditions resolve to the same rules.
pub fn run_condition(condition: &str, config: &BenchConfig) -> Result<ConditionBench, BenchError> {
    let rules = rules_of(condition)?;
    let mut nodes = 0;
    let mut visited = 0u64;
    let mut time = Duration::ZERO;
    for p in positions()? {
        let (n, runs, t) = rules
            .dispatch(Perft {
                fen: &p.fen,
                substitute: family(condition).unwrap_or(&[]),
                depth: config.depth,
                min_time: config.min_time,
            })
            .map_err(|e| BenchError::Data(format!("{} under {condition}: {e}", p.name)))?;
        nodes += n;
        visited += n * u64::from(runs);
        time += t;
    }
    let mut problems = Vec::new();
    if config.solve {
        for p in PROBLEMS {
            if problem_rules(p)? == rules {
                problems.push(ProblemTime {
                    path: p.path.to_string(),
                    seconds: solve_time(p, config.hash_mb)?,
                });
            }
        }
    }
    Ok(ConditionBench {
        condition: condition.to_string(),
        perft_nodes: nodes,
        nodes_per_second: visited as f64 / time.as_secs_f64().max(1e-9),
        cost: None,
        solve_seconds: problems.iter().map(|p| p.seconds).sum(),
        problems,
    })
}

/// Fills in each row's cost against the orthodox row, if there is one.
pub fn set_costs(rows: &mut [ConditionBench]) {
    let reference = rows
        .iter()
        .find(|r| r.condition.eq_ignore_ascii_case(ORTHODOX))
        .map(|r| r.nodes_per_second);
    for r in rows {
        // A condition under which the positions have no moves has no cost per node.
        r.cost = reference
            .filter(|_| r.nodes_per_second > 0.0)
            .map(|o| o / r.nodes_per_second);
    }
}

/// The rules a bench problem's own conditions (and units) resolve to.
pub fn problem_rules(p: &BenchProblem) -> Result<RuleSet, BenchError> {
    let spec = first_problem(p)?;
    let marks = UnitMarks::of(&spec.pieces);
    resolve(&spec.conditions, marks).map_err(|e| BenchError::Data(format!("{}: {e}", p.path)))
}

fn first_problem(p: &BenchProblem) -> Result<crate::input::ProblemSpec, BenchError> {
    parse_file(p.text)
        .into_iter()
        .next()
        .ok_or_else(|| BenchError::Data(format!("{}: no problem", p.path)))?
        .map_err(|e| BenchError::Data(format!("{}: {e}", p.path)))
}

/// Wall time to solve every problem of a bench file.
fn solve_time(p: &BenchProblem, hash_mb: usize) -> Result<f64, BenchError> {
    let config = SolveConfig {
        hash_mb,
        max_time: None,
    };
    let start = Instant::now();
    for spec in parse_file(p.text) {
        let spec = spec.map_err(|e| BenchError::Data(format!("{}: {e}", p.path)))?;
        let report = solve_problem(&spec, &config)
            .map_err(|e| BenchError::Data(format!("{}: {}", p.path, e.message)))?;
        if let Some(Err(e)) = report.twins.iter().map(|t| &t.outcome).find(|o| o.is_err()) {
            return Err(BenchError::Data(format!("{}: {}", p.path, e.message)));
        }
    }
    Ok(start.elapsed().as_secs_f64())
}

/// The rows as a text table.
pub fn table(rows: &[ConditionBench]) -> String {
    let width = rows
        .iter()
        .map(|r| r.condition.len())
        .max()
        .unwrap_or(0)
        .max("condition".len());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>12}  {:>9}  {:>5}  {:>8}  {:>9}",
        "condition", "perft nodes", "M nodes/s", "cost", "problems", "solve (s)"
    );
    for r in rows {
        let (cost, solve) = (r.cost_text(), r.solve_text());
        let _ = writeln!(
            out,
            "{:<width$}  {:>12}  {:>9.1}  {:>5}  {:>8}  {:>9}",
            r.condition,
            r.perft_nodes,
            r.nodes_per_second / 1e6,
            cost,
            r.problems.len(),
            solve
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_condition_resolves_and_is_distinct() {
        let rules: Vec<RuleSet> = CONDITIONS.iter().map(|c| rules_of(c).unwrap()).collect();
        for (i, a) in rules.iter().enumerate() {
            for b in &rules[i + 1..] {
                assert_ne!(a, b, "two bench conditions with the same rules");
            }
        }
        assert_eq!(rules[0], RuleSet::Orthodox);
        assert!(rules_of("NoSuchCirce").is_err());
    }

    #[test]
    fn every_problem_belongs_to_a_bench_condition() {
        let rules: Vec<RuleSet> = CONDITIONS.iter().map(|c| rules_of(c).unwrap()).collect();
        for p in PROBLEMS {
            let r = problem_rules(p).unwrap();
            assert!(
                rules.contains(&r),
                "{}: rules {r:?} not benchmarked",
                p.path
            );
        }
    }

    #[test]
    fn quick_run_and_costs() {
        let config = BenchConfig {
            depth: 1,
            min_time: Duration::ZERO,
            solve: false,
            hash_mb: 1,
        };
        let mut rows = vec![
            run_condition(ORTHODOX, &config).unwrap(),
            run_condition("Circe", &config).unwrap(),
            // After every White move the kings exchange squares and White's would stand
            // where Black's units guard: no position has a move, so no cost per node.
            run_condition("WhiteOscillatingKings", &config).unwrap(),
        ];
        // Depth 1 counts the legal moves: 48 + 6 + 44 + 46 orthodox.
        assert_eq!(rows[0].perft_nodes, 144);
        set_costs(&mut rows);
        assert_eq!(rows[0].cost, Some(1.0));
        assert!(rows[1].cost.is_some_and(|c| c > 0.0));
        assert_eq!(rows[2].perft_nodes, 0);
        assert_eq!(rows[2].cost, None);
        let text = table(&rows);
        assert!(text.lines().nth(2).unwrap().starts_with("Circe"));
    }

    /// A family row plays its fairy pieces: other counts than orthodox play's.
    #[test]
    fn family_rows_put_their_pieces_on_the_board() {
        let config = BenchConfig {
            depth: 1,
            min_time: Duration::ZERO,
            solve: false,
            hash_mb: 1,
        };
        let orthodox = run_condition(ORTHODOX, &config).unwrap();
        for (name, _) in FAMILIES {
            let row = run_condition(name, &config).unwrap();
            assert_ne!(row.perft_nodes, orthodox.perft_nodes, "{name}");
        }
    }
}
