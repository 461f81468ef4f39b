use super::out;
use super::{report_error, report_warning, supervise, BatchArgs};
use fairy::batch::{self, BatchConfig, ReportRow, ReportWriter, Status, Summary};
use fairy::output::html::HtmlReport;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Plain progress lines (stderr not a terminal) come at most this often.
const LINE_EVERY: Duration = Duration::from_secs(10);

pub fn run(args: &BatchArgs) -> i32 {
    match supervise::Child::from_env() {
        Some(child) => solve_all(args, Some(&child)),
        None => supervise::run(args).unwrap_or_else(|| solve_all(args, None)),
    }
}

/// The problems a batch is asked to solve: every problem of the files found, in the
/// shard; with the number listed before the shard, and whether some folder could not be
/// read. Errors and warnings are printed unless `quiet` (a child of the supervisor, whose
/// parent has printed them).
pub(super) struct Listing {
    pub files: usize,
    pub listed: usize,
    pub tasks: Vec<batch::Task>,
    pub unreadable: bool,
}

pub(super) fn list(args: &BatchArgs, quiet: bool) -> Listing {
    let patterns = if args.globs.is_empty() {
        vec!["*.inp".to_string()]
    } else {
        args.globs.clone()
    };
    // A folder that cannot be read is reported, and the batch goes on with the others.
    let discovery = batch::discover(&args.dirs, &patterns);
    let (mut tasks, warnings) = batch::tasks(&discovery.found);
    if !quiet {
        for e in &discovery.errors {
            eprintln!("fairy: error: {e}");
        }
        for (file, w) in &warnings {
            report_warning(file, w.line, w.col, &w.message);
        }
    }
    let listed = tasks.len();
    if let Some(shard) = args.shard {
        tasks.retain(|t| shard.holds(&t.relative, t.problem));
    }
    Listing {
        files: discovery.found.len(),
        listed,
        tasks,
        unreadable: !discovery.errors.is_empty(),
    }
}

/// Solves the batch in this process: on its own (`child` is `None`), or as the child of
/// a supervising process, which then prints the summary and sets the exit status.
fn solve_all(args: &BatchArgs, child: Option<&supervise::Child>) -> i32 {
    let Listing {
        files,
        listed,
        mut tasks,
        unreadable,
    } = list(args, child.is_some());
    let in_shard = tasks.len();
    // The page lists every problem of the run, those an earlier run solved with their rows.
    let resumed = match child {
        Some(child) => child.resumed_report(),
        None => args.resume.clone(),
    };
    let html = args
        .html
        .as_ref()
        .map(|path| Mutex::new(html_report(path, args, &tasks, resumed.as_deref(), &[])));
    let opened = match child {
        Some(child) => child.open_report(),
        None => open_report(args),
    };
    let (writer, skipped, failed_before) = match opened {
        Ok((writer, done)) => {
            let (skipped, failed_before) = earlier_runs(&tasks, &done);
            tasks.retain(|t| !done.contains_key(&t.key()));
            (writer, skipped, failed_before)
        }
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    let mut workers = rayon::current_num_threads();
    if let Some(only) = child.and_then(|c| c.only.as_ref()) {
        // Problems suspected of a crash are solved one at a time, to find the culprit.
        tasks.retain(|t| only.contains(&t.key()));
        workers = 1;
    }
    let config = BatchConfig {
        workers,
        threads_each: (rayon::current_num_threads() / workers).max(1),
        hash_mb_total: args.hash,
        max_time: args.max_time.map(Duration::from_secs_f64),
        check: args.check,
    };
    let shard_note = args
        .shard
        .map(|s| format!(", {in_shard} in shard {s}"))
        .unwrap_or_default();
    eprintln!(
        "fairy batch: {listed} problems in {files} files{shard_note}, {skipped} already in the report, {} to solve ({workers} at a time, {} MB table each)",
        tasks.len(),
        config.hash_mb_per_problem()
    );

    let progress = Progress::new(tasks.len());
    let rows: Mutex<Vec<ReportRow>> = Mutex::new(Vec::new());
    let write_failed = AtomicBool::new(false);
    let started = |task: &batch::Task| {
        if let Some(child) = child {
            child.started(task);
        }
    };
    batch::run(&tasks, &config, started, |task, new_rows| {
        if let Some(w) = &writer {
            if let Err(e) = w.write_rows(&new_rows) {
                if !write_failed.swap(true, Ordering::Relaxed) {
                    progress.println(&format!("fairy: error: writing the report: {e}"));
                }
            }
        }
        for row in &new_rows {
            if let Some(e) = &row.error {
                progress.error(&task.file, e.line, e.column, &e.message);
            }
        }
        progress.problem_done(&new_rows);
        if let Some(html) = &html {
            let mut html = html.lock().unwrap_or_else(|e| e.into_inner());
            html.record(new_rows.clone());
            if let Err(e) = html.update() {
                if !write_failed.swap(true, Ordering::Relaxed) {
                    progress.println(&format!("fairy: error: writing the HTML page: {e}"));
                }
            }
        }
        rows.lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(new_rows);
    });
    progress.finish();
    if let Some(html) = html {
        let mut html = html.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = html.write() {
            eprintln!("fairy: error: writing the HTML page: {e}");
            write_failed.store(true, Ordering::Relaxed);
        }
    }
    if child.is_some() {
        return if write_failed.load(Ordering::Relaxed) {
            2
        } else {
            0
        };
    }
    let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    finish(
        args,
        &Summary::from_rows(&rows, skipped),
        failed_before,
        unreadable || write_failed.load(Ordering::Relaxed),
    )
}

/// The HTML page of a batch: `tasks` in order, with the rows of the report at `resumed`
/// (an earlier run's) and `rows`.
pub(super) fn html_report(
    path: &Path,
    args: &BatchArgs,
    tasks: &[batch::Task],
    resumed: Option<&Path>,
    rows: &[ReportRow],
) -> HtmlReport {
    let dirs: Vec<String> = args.dirs.iter().map(|d| d.display().to_string()).collect();
    let (title, command) = if args.check {
        (
            "Check of",
            format!("fairy batch --check {}", dirs.join(" ")),
        )
    } else {
        ("Solutions of", format!("fairy batch {}", dirs.join(" ")))
    };
    let title = fairy::output::html::title(title, tasks.len());
    let listed = tasks
        .iter()
        .map(|t| (t.key(), t.spec.as_ref().ok().cloned()))
        .collect();
    let mut page = HtmlReport::new(path, &title, &command, listed);
    let earlier = resumed
        .and_then(|p| batch::read_report_file(p).ok())
        .map(|c| c.rows)
        .unwrap_or_default();
    for problem in group_by_problem(earlier.iter().chain(rows)) {
        page.record(problem);
    }
    page
}

/// Rows in runs of one problem each.
fn group_by_problem<'a>(rows: impl Iterator<Item = &'a ReportRow>) -> Vec<Vec<ReportRow>> {
    let mut groups: Vec<Vec<ReportRow>> = Vec::new();
    for row in rows {
        match groups.last_mut() {
            Some(g) if g[0].key() == row.key() && g.len() < g[0].twins => g.push(row.clone()),
            _ => groups.push(vec![row.clone()]),
        }
    }
    groups
}

/// Prints the summary and returns the exit status: 2 when some problem failed (in this
/// run, or in an earlier run of the report), or something could not be read or written.
pub(super) fn finish(
    args: &BatchArgs,
    summary: &Summary,
    failed_before: usize,
    io_failed: bool,
) -> i32 {
    if args.json {
        match serde_json::to_string(summary) {
            Ok(text) => out::line(&text),
            Err(e) => eprintln!("fairy: error: {e}"),
        }
    } else {
        out::print(&summary.table());
    }
    if failed_before > 0 {
        eprintln!("fairy batch: {failed_before} problems failed in an earlier run of the report");
    }
    if summary.total.failed > 0 || failed_before > 0 || io_failed {
        2
    } else {
        0
    }
}

/// Problems a report already holds (file and problem index), with the worst status of
/// their rows (failed if any twin failed).
pub(super) type Done = std::collections::HashMap<(String, usize), Status>;

/// Of `tasks`, how many an earlier run of the report holds, and how many of those it could
/// not solve: the exit status says so even when nothing is left to do.
pub(super) fn earlier_runs(tasks: &[batch::Task], done: &Done) -> (usize, usize) {
    let held = tasks.iter().filter(|t| done.contains_key(&t.key()));
    let failed = held
        .clone()
        .filter(|t| done.get(&t.key()) == Some(&Status::Failed))
        .count();
    (held.count(), failed)
}

/// The problems `rows` hold, with the worst status of each.
pub(super) fn done_of(rows: &[ReportRow]) -> Done {
    let mut done = Done::new();
    for row in rows {
        let status = done.entry(row.key()).or_insert(row.status);
        if row.status == Status::Failed {
            *status = Status::Failed;
        }
    }
    done
}

/// The report writer (if a report is asked for) and the problems it already holds.
fn open_report(args: &BatchArgs) -> Result<(Option<ReportWriter>, Done), batch::BatchError> {
    match (&args.resume, &args.report) {
        (Some(path), _) => open_report_at(Some(path), true),
        (None, report) => open_report_at(report.as_deref(), false),
    }
}

/// The writer of the report at `path` (created, or resumed), and the problems it holds.
pub(super) fn open_report_at(
    path: Option<&Path>,
    resume: bool,
) -> Result<(Option<ReportWriter>, Done), batch::BatchError> {
    let Some(path) = path else {
        return Ok((None, Done::new()));
    };
    if !resume {
        return Ok((Some(ReportWriter::create(path)?), Done::new()));
    }
    let (contents, writer) = ReportWriter::resume(path)?;
    if !contents.clean() {
        eprintln!(
            "fairy batch: {}: rewritten without its torn end ({} lines left out)",
            path.display(),
            contents.dropped
        );
    }
    Ok((Some(writer), done_of(&contents.rows)))
}

/// Progress on standard error: a bar on a terminal, else a line now and then.
struct Progress {
    bar: Option<ProgressBar>,
    total: usize,
    done: AtomicUsize,
    solved: AtomicUsize,
    failed: AtomicUsize,
    start: Instant,
    last_line: Mutex<Instant>,
}

impl Progress {
    fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} problems, {msg}, ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_message("0 solved, 0 failed");
            bar.enable_steady_tick(Duration::from_secs(1));
            bar
        });
        Progress {
            bar,
            total,
            done: AtomicUsize::new(0),
            solved: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
            start: Instant::now(),
            last_line: Mutex::new(Instant::now()),
        }
    }

    fn println(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    fn error(&self, file: &str, line: u32, col: u32, message: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| report_error(file, line, col, message)),
            None => report_error(file, line, col, message),
        }
    }

    /// Counts a problem's rows: solved when every twin is, failed when any twin is.
    fn problem_done(&self, rows: &[ReportRow]) {
        self.done.fetch_add(1, Ordering::Relaxed);
        if rows.iter().any(|r| r.status == Status::Failed) {
            self.failed.fetch_add(1, Ordering::Relaxed);
        } else if rows.iter().all(|r| r.status == Status::Solved) {
            self.solved.fetch_add(1, Ordering::Relaxed);
        }
        match &self.bar {
            Some(bar) => {
                bar.set_message(self.counts());
                bar.inc(1);
            }
            None => {
                let mut last = self.last_line.lock().unwrap_or_else(|e| e.into_inner());
                if last.elapsed() >= LINE_EVERY {
                    *last = Instant::now();
                    eprintln!("{}", self.line());
                }
            }
        }
    }

    fn counts(&self) -> String {
        format!(
            "{} solved, {} failed",
            self.solved.load(Ordering::Relaxed),
            self.failed.load(Ordering::Relaxed)
        )
    }

    fn line(&self) -> String {
        let done = self.done.load(Ordering::Relaxed);
        let secs = self.start.elapsed().as_secs_f64();
        let eta = if done > 0 && done < self.total {
            format!(
                ", ETA {:.0} s",
                secs / done as f64 * (self.total - done) as f64
            )
        } else {
            String::new()
        };
        format!(
            "fairy batch: {done}/{} problems, {}, {secs:.0} s elapsed{eta}",
            self.total,
            self.counts()
        )
    }

    /// Ends with a plain line in both cases (a finished bar would leave the cursor on its
    /// line, where the summary on standard output would continue).
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        eprintln!("{}", self.line());
    }
}
