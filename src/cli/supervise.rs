//! `fairy batch` in two processes, so that no problem can take the batch down with it.
//!
//! A panic in the solver is caught in process (a failed row). What unwinding cannot
//! catch — an aborted allocation, a stack overflow, the system killing the process for
//! want of memory — ends the process. So the `fairy batch` the user starts supervises:
//! it runs the same command again as a child that solves the problems and writes the
//! report (the user's, or a temporary one), and notes in a journal each problem as it
//! starts. When the child dies of a signal, the problems it had started and not
//! reported are the suspects: one suspect gets a failed row, several are solved again
//! one at a time to find the culprit, and then the batch goes on where it stopped. At
//! the end the supervisor prints the summary from the report.

use super::batch_cmd::{self, done_of, open_report_at, Done, Listing};
use super::BatchArgs;
use fairy::batch::{self, read_report_file, ReportWriter, Summary};
use std::collections::HashSet;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

/// The child's report file (set in the child's environment by the supervisor).
const REPORT_ENV: &str = "FAIRY_BATCH_CHILD_REPORT";
/// `create` or `resume`: what the child does with its report.
const MODE_ENV: &str = "FAIRY_BATCH_CHILD_MODE";
/// The journal of problems started.
const JOURNAL_ENV: &str = "FAIRY_BATCH_CHILD_JOURNAL";
/// A file of problems to solve alone, one at a time (the suspects of a crash).
const ONLY_ENV: &str = "FAIRY_BATCH_CHILD_ONLY";

type Key = (String, usize);

/// This process as the supervisor's child: where it reports and journals.
pub struct Child {
    report: PathBuf,
    resume: bool,
    journal: Mutex<std::fs::File>,
    /// Solve only these problems, one at a time.
    pub only: Option<HashSet<Key>>,
}

impl Child {
    /// The child's settings, when this process is a supervisor's child.
    pub fn from_env() -> Option<Child> {
        let report = PathBuf::from(std::env::var_os(REPORT_ENV)?);
        let resume = std::env::var_os(MODE_ENV).is_some_and(|m| m == "resume");
        let journal = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(std::env::var_os(JOURNAL_ENV)?)
            .ok()?;
        let only = std::env::var_os(ONLY_ENV).map(|path| {
            read_keys(Path::new(&path))
                .into_iter()
                .collect::<HashSet<_>>()
        });
        watch_parent();
        Some(Child {
            report,
            resume,
            journal: Mutex::new(journal),
            only,
        })
    }

    /// The report an earlier child or run wrote, when this child goes on with it.
    pub fn resumed_report(&self) -> Option<PathBuf> {
        self.resume.then(|| self.report.clone())
    }

    pub fn open_report(&self) -> Result<(Option<ReportWriter>, Done), fairy::batch::BatchError> {
        open_report_at(Some(&self.report), self.resume)
    }

    /// Notes that `task` starts (one line, written at once: the next instant may be a crash).
    pub fn started(&self, task: &batch::Task) {
        let line = format!("{}\n", serde_json::json!([task.file, task.problem]));
        let mut journal = self.journal.lock().unwrap_or_else(|e| e.into_inner());
        let _ = journal.write_all(line.as_bytes());
    }
}

/// Ends the child when its supervisor has gone (killed by a time limit, say), instead of
/// solving on for nobody.
fn watch_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(250));
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(2);
            }
        });
    }
}

/// Keys of a journal or of a suspects file: one JSON `[file, problem]` a line; a torn
/// last line is left out.
fn read_keys(path: &Path) -> Vec<Key> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Key>(l).ok())
        .collect()
}

/// Temporary files of one supervisor, removed when it ends.
struct Scratch(Vec<PathBuf>);

impl Scratch {
    fn path(&mut self, what: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("fairy-batch-{}-{what}", std::process::id()));
        self.0.push(path.clone());
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for p in &self.0 {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Runs the batch as supervisor; `None` when no child process can be started (the batch
/// then runs in this process).
pub fn run(args: &BatchArgs) -> Option<i32> {
    let exe = std::env::current_exe().ok()?;
    let child_args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Listing {
        tasks, unreadable, ..
    } = batch_cmd::list(args, false);
    let mut scratch = Scratch(Vec::new());
    let report = match (&args.resume, &args.report) {
        (Some(p), _) | (None, Some(p)) => p.clone(),
        (None, None) => scratch.path("report.jsonl"),
    };
    // The problems the report held before this run: the summary leaves them out.
    let before: Done = if args.resume.is_some() {
        match held(&report) {
            Ok(done) => done,
            Err(code) => return Some(code),
        }
    } else {
        Done::new()
    };
    let journal = scratch.path("journal");
    let suspects_file = scratch.path("suspects");
    let mut resume = args.resume.is_some();
    let mut only: Option<Vec<Key>> = None;
    let mut child_failed = false;
    loop {
        let _ = std::fs::write(&journal, "");
        let mut command = Command::new(&exe);
        command
            .args(&child_args)
            .env(REPORT_ENV, &report)
            .env(MODE_ENV, if resume { "resume" } else { "create" })
            .env(JOURNAL_ENV, &journal)
            .env_remove(ONLY_ENV);
        if let Some(keys) = &only {
            let text: String = keys
                .iter()
                .map(|k| format!("{}\n", serde_json::json!(k)))
                .collect();
            if std::fs::write(&suspects_file, text).is_err() {
                return None;
            }
            command.env(ONLY_ENV, &suspects_file);
        }
        let status = match command.status() {
            Ok(status) => status,
            // Nothing was solved yet if the very first child cannot start.
            Err(_) if !resume && only.is_none() => return None,
            Err(e) => {
                eprintln!("fairy: error: cannot restart the batch process: {e}");
                return Some(2);
            }
        };
        resume = true;
        if let Some(code) = status.code() {
            child_failed |= code != 0;
            if only.take().is_some() && code == 0 {
                // The suspects were solved alone without a crash: go on with the rest.
                continue;
            }
            break;
        }
        let how = describe(&status);
        let reported = match held(&report) {
            Ok(done) => done,
            Err(code) => return Some(code),
        };
        let mut suspects: Vec<Key> = read_keys(&journal)
            .into_iter()
            .filter(|k| !reported.contains_key(k))
            .collect();
        suspects.sort();
        suspects.dedup();
        match suspects.as_slice() {
            [] => {
                eprintln!("fairy: error: the batch process ended ({how}) between problems");
                return Some(2);
            }
            [culprit] => {
                let Some(task) = tasks.iter().find(|t| &t.key() == culprit) else {
                    return Some(2);
                };
                eprintln!(
                    "{}: error: the solver process ended while solving problem {} ({how}); the batch goes on",
                    task.file, task.problem
                );
                let written = ReportWriter::resume(&report).and_then(|(_, w)| {
                    w.write_rows(&[batch::crashed_row(task, &how)])
                        .map_err(|e| batch::BatchError::Io {
                            path: report.display().to_string(),
                            source: e,
                        })
                });
                if let Err(e) = written {
                    eprintln!("fairy: error: {e}");
                    return Some(2);
                }
                only = None;
            }
            several => {
                eprintln!(
                    "fairy batch: the solver process ended ({how}) while solving {} problems; solving them again one at a time",
                    several.len()
                );
                only = Some(several.to_vec());
            }
        }
    }
    let rows = match read_report_file(&report) {
        Ok(contents) => contents.rows,
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return Some(2);
        }
    };
    if let Some(path) = &args.html {
        // The children kept the page as they went; it is written once more from the
        // report, which also holds the rows of problems that ended a child.
        let mut page = batch_cmd::html_report(path, args, &tasks, None, &rows);
        if let Err(e) = page.write() {
            eprintln!(
                "fairy: error: writing the HTML page {}: {e}",
                path.display()
            );
            child_failed = true;
        }
    }
    let in_run: HashSet<Key> = tasks.iter().map(|t| t.key()).collect();
    let new_rows: Vec<_> = rows
        .iter()
        .filter(|r| in_run.contains(&r.key()) && !before.contains_key(&r.key()))
        .collect();
    let (skipped, failed_before) = batch_cmd::earlier_runs(&tasks, &before);
    let summary = Summary::from_rows(new_rows, skipped);
    Some(batch_cmd::finish(
        args,
        &summary,
        failed_before,
        unreadable || child_failed,
    ))
}

/// The problems the report at `path` holds, or the exit status after saying why it
/// cannot be read.
fn held(path: &Path) -> Result<Done, i32> {
    match read_report_file(path) {
        Ok(contents) => Ok(done_of(&contents.rows)),
        Err(e) => {
            eprintln!("fairy: error: {e}");
            Err(2)
        }
    }
}

/// How a process ended without an exit code.
fn describe(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT: an aborted allocation or a stack overflow)",
                7 => " (SIGBUS)",
                9 => " (SIGKILL: killed, perhaps by the system for want of memory)",
                11 => " (SIGSEGV)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("signal {signal}{name}");
        }
    }
    format!("{status}")
}
