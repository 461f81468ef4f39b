//! Solving every problem below some folders: discovery (`discover`), the split into
//! shards for several jobs (`shard`), the report rows and their file (`report`), the
//! summary (`summary`), and here the list of problems and the parallel run over it.
//!
//! At most `workers` problems are solved at once, each by one plain thread with a rayon
//! pool of its own for its searches. (A rayon `par_iter` over problems would let a pool
//! thread waiting inside one problem's search pick up another whole problem: more tables
//! alive than the memory ceiling allows, and the first problem's time inflated by the
//! second's. One pool shared by the workers would let a long search spread over every
//! thread while the next problem waits for one, its time limit running out unsearched.)

mod discover;
mod report;
mod shard;
mod summary;

pub use discover::{discover, name_matches, Discovery, Found};
pub use report::{
    read_report, read_report_file, ReportContents, ReportRow, ReportWriter, RowError, Status,
};
pub use shard::{Shard, ShardError};
pub use summary::{Counts, Summary};

use crate::check::{self, CheckConfig, ProblemCheck};
use crate::input::{read_problems, ProblemSpec};
use crate::output::text::play_lines;
use crate::problem::{solve_problem, Outcome, ProblemReport, SetupError, SolveConfig, TwinReport};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A batch that cannot start.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

/// One problem of the batch.
#[derive(Clone, Debug)]
pub struct Task {
    /// The file as found (`problems/circe/h2.inp`).
    pub file: String,
    /// Its path below the folder given, for sharding.
    pub relative: String,
    /// 1-based position in the file.
    pub problem: usize,
    /// The problem read, or why it could not be.
    pub spec: Result<ProblemSpec, RowError>,
}

impl Task {
    pub fn key(&self) -> (String, usize) {
        (self.file.clone(), self.problem)
    }
}

/// A warning about a file: its name and the place and message.
pub type FileWarning = (String, crate::input::InputError);

/// Every problem of the files found: one task per problem, in file order. A file that
/// cannot be read is one failed task. Also the files' warnings (text after `end`).
pub fn tasks(found: &[Found]) -> (Vec<Task>, Vec<FileWarning>) {
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    for f in found {
        let file = f.path.display().to_string();
        let task = |problem, spec| Task {
            file: file.clone(),
            relative: f.relative.clone(),
            problem,
            spec,
        };
        match read_problems(&f.path) {
            Ok(parsed_file) => {
                warnings.extend(parsed_file.warnings.into_iter().map(|w| (file.clone(), w)));
                for (i, parsed) in parsed_file.problems.into_iter().enumerate() {
                    out.push(task(
                        i + 1,
                        parsed.map_err(|e| RowError {
                            message: e.message,
                            line: e.line,
                            column: e.col,
                        }),
                    ));
                }
            }
            Err(e) => out.push(task(
                1,
                Err(RowError {
                    message: e.to_string(),
                    line: 0,
                    column: 0,
                }),
            )),
        }
    }
    (out, warnings)
}

/// Limits and resources of a batch.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// Problems solved at once.
    pub workers: usize,
    /// The search threads of each problem (each worker has a pool of its own).
    pub threads_each: usize,
    /// The memory of all transposition tables together, in MB.
    pub hash_mb_total: usize,
    /// Time limit per twin.
    pub max_time: Option<Duration>,
    /// Give each twin a soundness verdict (`fairy check`) besides its solutions.
    pub check: bool,
}

impl BatchConfig {
    /// The table size each problem gets: the total shared by the workers, at least 1 MB.
    pub fn hash_mb_per_problem(&self) -> usize {
        (self.hash_mb_total / self.workers.max(1)).max(1)
    }
}

/// Solves `tasks` with `config.workers` problems at a time, calling `started` as each
/// problem begins and `done` with its rows as it ends (from the worker thread, in
/// completion order).
pub fn run<S, F>(tasks: &[Task], config: &BatchConfig, started: S, done: F)
where
    S: Fn(&Task) + Sync,
    F: Fn(&Task, Vec<ReportRow>) + Sync,
{
    let solve = SolveConfig {
        hash_mb: config.hash_mb_per_problem(),
        max_time: config.max_time,
    };
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..config.workers.clamp(1, tasks.len().max(1)) {
            scope.spawn(|| {
                // Without a pool of its own (the system refused a thread), the worker
                // searches on the global pool.
                let pool = crate::threads::pool(config.threads_each).ok();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = tasks.get(i) else { break };
                    started(task);
                    let solve_it = || solve_task(task, &solve, config.check);
                    let rows = match &pool {
                        Some(pool) => pool.install(solve_it),
                        None => solve_it(),
                    };
                    done(task, rows);
                }
            });
        }
    });
}

/// The report rows of one problem: one per twin, or one failed row when the problem could
/// not be read or set up. A panic in the solver is a failed row too, so that one bad
/// problem does not end a long batch.
pub fn solve_task(task: &Task, config: &SolveConfig, check: bool) -> Vec<ReportRow> {
    let failed = |error: RowError, conditions: Vec<String>, stipulation, seconds| {
        failed_row(task, error, conditions, stipulation, seconds)
    };
    let spec = match &task.spec {
        Ok(spec) => spec,
        Err(e) => return vec![failed(e.clone(), Vec::new(), None, 0.0)],
    };
    let conditions: Vec<String> = spec
        .condition_words()
        .iter()
        .map(|w| w.to_string())
        .collect();
    let stipulation = spec.stipulation.as_ref().map(|s| s.value.to_string());
    let start = Instant::now();
    let solve = || -> Result<(ProblemReport, Option<ProblemCheck>), SetupError> {
        if !check {
            return Ok((solve_problem(spec, config)?, None));
        }
        let check_config = CheckConfig {
            solve: config.clone(),
            intended: None,
        };
        let (report, verdicts) = check::check_with_report(spec, &check_config)?;
        Ok((report, Some(verdicts)))
    };
    match catch_unwind(AssertUnwindSafe(solve)) {
        Ok(Ok((report, verdicts))) => {
            problem_rows(&task.file, task.problem, &report, verdicts.as_ref())
        }
        Ok(Err(e)) => vec![failed(
            RowError {
                message: e.message,
                line: e.span.line,
                column: e.span.col,
            },
            conditions,
            stipulation,
            start.elapsed().as_secs_f64(),
        )],
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            vec![failed(
                RowError {
                    message: format!("internal error: the solver panicked: {what}"),
                    line: spec.span.line,
                    column: spec.span.col,
                },
                conditions,
                stipulation,
                start.elapsed().as_secs_f64(),
            )]
        }
    }
}

/// The rows of a solved problem, one per twin, with the verdicts of `fairy check` when
/// given (their time and positions then include the check's extra searches).
pub fn problem_rows(
    file: &str,
    problem: usize,
    report: &ProblemReport,
    verdicts: Option<&ProblemCheck>,
) -> Vec<ReportRow> {
    let twins = report.twins.len();
    report
        .twins
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut row = twin_row(file, problem, t, twins);
            if let Some(c) = verdicts.and_then(|v| v.twins.get(i)) {
                row.verdict = c.result.as_ref().ok().map(|v| serde_json::json!(v));
                row.seconds = c.seconds;
                row.nodes = c.nodes;
            }
            row
        })
        .collect()
}

/// The row of a problem that could not be read (`problem` is its place in its file).
pub fn unread_row(file: &str, problem: usize, error: RowError) -> ReportRow {
    ReportRow {
        file: file.to_string(),
        problem,
        twin: None,
        twins: 1,
        stipulation: None,
        conditions: Vec::new(),
        verdict: None,
        status: Status::Failed,
        solutions: Vec::new(),
        partial: false,
        seconds: 0.0,
        nodes: 0,
        error: Some(error),
    }
}

/// The one row of a problem that failed as a whole.
fn failed_row(
    task: &Task,
    error: RowError,
    conditions: Vec<String>,
    stipulation: Option<String>,
    seconds: f64,
) -> ReportRow {
    ReportRow {
        file: task.file.clone(),
        problem: task.problem,
        twin: None,
        twins: 1,
        stipulation,
        conditions,
        verdict: None,
        status: Status::Failed,
        solutions: Vec::new(),
        partial: false,
        seconds,
        nodes: 0,
        error: Some(error),
    }
}

/// The row of a problem that ended the process solving it (a crash that no unwinding
/// catches: an aborted allocation, a kill by the system for want of memory, a signal):
/// written by the supervising process, so that the batch goes on past it.
pub fn crashed_row(task: &Task, how: &str) -> ReportRow {
    let (conditions, stipulation, place) = match &task.spec {
        Ok(spec) => (
            spec.condition_words()
                .iter()
                .map(|w| w.to_string())
                .collect(),
            spec.stipulation.as_ref().map(|s| s.value.to_string()),
            (spec.span.line, spec.span.col),
        ),
        Err(_) => (Vec::new(), None, (0, 0)),
    };
    failed_row(
        task,
        RowError {
            message: format!("the solver process ended while solving this problem ({how})"),
            line: place.0,
            column: place.1,
        },
        conditions,
        stipulation,
        0.0,
    )
}

fn twin_row(file: &str, problem: usize, t: &TwinReport, twins: usize) -> ReportRow {
    let (status, solutions, partial, error) = match &t.outcome {
        Err(e) => (
            Status::Failed,
            Vec::new(),
            false,
            Some(RowError {
                message: e.message.clone(),
                line: e.span.line,
                column: e.span.col,
            }),
        ),
        Ok(outcome) => {
            let status = if t.timed_out {
                Status::TimedOut
            } else if found_any(outcome) {
                Status::Solved
            } else {
                Status::NoSolution
            };
            (status, play_lines(outcome), outcome.partial(), None)
        }
    };
    ReportRow {
        file: file.to_string(),
        problem,
        twin: t.label.as_deref().map(|l| l.trim_end().to_string()),
        twins,
        stipulation: Some(t.stipulation.to_string()),
        conditions: t.conditions.clone(),
        // Filled in by `solve_task` when the batch checks soundness.
        verdict: None,
        status,
        solutions,
        partial,
        seconds: t.elapsed.as_secs_f64(),
        nodes: t.nodes,
        error,
    }
}

/// Whether the play holds a solution: a help line, or a key.
fn found_any(outcome: &Outcome) -> bool {
    match outcome {
        Outcome::Help { solutions, .. } => solutions.iter().any(|s| !s.lines.is_empty()),
        Outcome::Battle(v) => v.iter().any(|s| s.roots.iter().any(|r| r.key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_file;
    use std::sync::Mutex;

    fn task(name: &str, text: &str) -> Task {
        let spec = parse_file(text).remove(0).map_err(|e| RowError {
            message: e.message,
            line: e.line,
            column: e.col,
        });
        Task {
            file: name.to_string(),
            relative: name.to_string(),
            problem: 1,
            spec,
        }
    }

    #[test]
    fn a_long_search_does_not_keep_the_next_problem_waiting() {
        // Two long searches start first and take what threads they may; the mate in one
        // starts half a second later. On one pool shared by the workers (of two threads
        // on a machine of two cores) it waited for a thread until the long searches' time
        // ran out, its own time limit running meanwhile when its search had started and
        // then stolen one of their jobs.
        let slow = |name| {
            task(
                name,
                "begin\nstipulation #8\npieces white Ke1 Qd1 Ra1h1 Bc1f1 Sb1g1 Pa2b2c2d2e2f2g2h2\n  black Ke8 Qd8 Ra8h8 Bc8f8 Sb8g8 Pa7b7c7d7e7f7g7h7\nend\n",
            )
        };
        let quick = task(
            "quick",
            "begin\nstipulation #1\npieces white Kb6 Qc1 black Ka8\nend\n",
        );
        let config = BatchConfig {
            workers: 3,
            threads_each: 1,
            hash_mb_total: 24,
            max_time: Some(Duration::from_secs(5)),
            check: false,
        };
        let rows = Mutex::new(Vec::new());
        let quick_started = Mutex::new(None);
        let started = |t: &Task| {
            if t.file == "quick" {
                std::thread::sleep(Duration::from_millis(500));
                *quick_started.lock().unwrap() = Some(Instant::now());
            }
        };
        let quick_took = Mutex::new(None);
        run(
            &[slow("slow1"), slow("slow2"), quick],
            &config,
            started,
            |t, r| {
                if t.file == "quick" {
                    let begun = quick_started.lock().unwrap().expect("started");
                    *quick_took.lock().unwrap() = Some(begun.elapsed());
                }
                rows.lock().unwrap().extend(r)
            },
        );
        let rows = rows.into_inner().unwrap();
        let quick = rows.iter().find(|r| r.file == "quick").expect("a row");
        assert_eq!(quick.status, Status::Solved, "{quick:?}");
        // A mate in one takes milliseconds; seconds would be the wait for a thread.
        let took = quick_took.into_inner().unwrap().expect("done");
        assert!(took < Duration::from_millis(2500), "{took:?} {quick:?}");
        for slow in rows.iter().filter(|r| r.file.starts_with("slow")) {
            assert_eq!(slow.status, Status::TimedOut, "{slow:?}");
        }
    }
}
