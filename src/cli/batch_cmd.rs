use super::{report_error, BatchArgs};
use fairy::batch::{self, BatchConfig, ReportRow, ReportWriter, Status, Summary};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Plain progress lines (stderr not a terminal) come at most this often.
const LINE_EVERY: Duration = Duration::from_secs(10);

pub fn run(args: &BatchArgs) -> i32 {
    let patterns = if args.globs.is_empty() {
        vec!["*.inp".to_string()]
    } else {
        args.globs.clone()
    };
    let found = match batch::discover(&args.dirs, &patterns) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    let mut tasks = batch::tasks(&found);
    let listed = tasks.len();
    if let Some(shard) = args.shard {
        tasks.retain(|t| shard.holds(&t.relative, t.problem));
    }
    let in_shard = tasks.len();
    let (writer, skipped) = match open_report(args) {
        Ok((writer, done)) => {
            tasks.retain(|t| !done.contains(&t.key()));
            (writer, in_shard - tasks.len())
        }
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    let workers = rayon::current_num_threads();
    let config = BatchConfig {
        workers,
        hash_mb_total: args.hash,
        max_time: args.max_time.map(Duration::from_secs),
        check: args.check,
    };
    let shard_note = args
        .shard
        .map(|s| format!(", {in_shard} in shard {s}"))
        .unwrap_or_default();
    eprintln!(
        "fairy batch: {listed} problems in {} files{shard_note}, {skipped} already in the report, {} to solve ({workers} at a time, {} MB table each)",
        found.len(),
        tasks.len(),
        config.hash_mb_per_problem()
    );

    let progress = Progress::new(tasks.len());
    let rows: Mutex<Vec<ReportRow>> = Mutex::new(Vec::new());
    let write_failed = AtomicBool::new(false);
    batch::run(&tasks, &config, |task, new_rows| {
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
        rows.lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(new_rows);
    });
    progress.finish();

    let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    let summary = Summary::from_rows(&rows, skipped);
    if args.json {
        match serde_json::to_string(&summary) {
            Ok(text) => println!("{text}"),
            Err(e) => eprintln!("fairy: error: {e}"),
        }
    } else {
        print!("{}", summary.table());
    }
    if summary.total.failed > 0 || write_failed.load(Ordering::Relaxed) {
        2
    } else {
        0
    }
}

/// Problems a report already holds: file and problem index.
type Done = std::collections::HashSet<(String, usize)>;

/// The report writer (if a report is asked for) and the problems it already holds.
fn open_report(args: &BatchArgs) -> Result<(Option<ReportWriter>, Done), batch::BatchError> {
    if let Some(path) = &args.resume {
        let (contents, writer) = ReportWriter::resume(path)?;
        if !contents.clean() {
            eprintln!(
                "fairy batch: {}: rewritten without its torn end ({} lines left out)",
                path.display(),
                contents.dropped
            );
        }
        return Ok((Some(writer), contents.done()));
    }
    let writer = match &args.report {
        Some(path) => Some(ReportWriter::create(path)?),
        None => None,
    };
    Ok((writer, Default::default()))
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
