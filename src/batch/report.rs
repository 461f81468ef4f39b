//! The batch report: one JSON line per twin solved, written whole as each problem ends, and
//! read back by `--resume`.

use super::BatchError;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How a twin ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one solution (help play) or key (battle play) found, search complete.
    Solved,
    /// The search was complete and found nothing.
    NoSolution,
    /// The time limit ran out (the solutions found so far are in the row).
    TimedOut,
    /// The problem could not be read or set up; the row has the error.
    Failed,
}

/// An error with its place in the problem file (line and column 0 when it has none,
/// e.g. a file that cannot be read).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowError {
    pub message: String,
    pub line: u32,
    pub column: u32,
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportRow {
    /// The file as the batch found it.
    pub file: String,
    /// 1-based position of the problem in its file.
    pub problem: usize,
    /// Popeye's twin label (`b) bRc2-->d2`), `None` for a problem without twins.
    pub twin: Option<String>,
    /// How many rows this problem has (its number of twins): a problem counts as done for
    /// `--resume` only when all of them are in the report.
    pub twins: usize,
    /// `None` when the problem could not be read.
    pub stipulation: Option<String>,
    /// The condition words in force for the twin.
    pub conditions: Vec<String>,
    /// The soundness verdict of `fairy check` (with `fairy batch --check`).
    pub verdict: Option<serde_json::Value>,
    pub status: Status,
    /// The play as text lines (help lines, or the battle tree with its indentation).
    pub solutions: Vec<String>,
    /// Whether the play is incomplete (time limit, or the problem's MaxSolutions).
    pub partial: bool,
    pub seconds: f64,
    /// Positions searched.
    pub nodes: u64,
    pub error: Option<RowError>,
}

impl ReportRow {
    /// The key `--resume` skips by: file and problem index.
    pub fn key(&self) -> (String, usize) {
        (self.file.clone(), self.problem)
    }
}

/// What a report file holds, read leniently: a line that is not a whole row (a kill in the
/// middle of a write, an edit by hand) is counted and left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportContents {
    /// Rows of problems whose every twin row is present, in file order.
    pub rows: Vec<ReportRow>,
    /// Lines left out: unreadable, or rows of a problem with rows missing.
    pub dropped: usize,
    /// Whether the text ends without a newline (a torn last line).
    pub torn: bool,
}

/// What the report file at `path` holds; a missing file is an empty report. Anything but
/// a regular file is refused: a device or a pipe (`/dev/full`, `/dev/zero`) would be read
/// for ever.
pub fn read_report_file(path: &Path) -> Result<ReportContents, BatchError> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(io_error(
            path,
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a regular file (a report is a file of JSON lines)",
            ),
        ));
    }
    match std::fs::read(path) {
        Ok(bytes) => Ok(read_report(&String::from_utf8_lossy(&bytes))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ReportContents::default()),
        Err(e) => Err(io_error(path, e)),
    }
}

impl ReportContents {
    /// The problems the report holds completely.
    pub fn done(&self) -> HashSet<(String, usize)> {
        self.rows.iter().map(ReportRow::key).collect()
    }

    /// Whether the file can be appended to as it is.
    pub fn clean(&self) -> bool {
        self.dropped == 0 && !self.torn
    }
}

/// Reads a report's text (see [`ReportContents`]).
pub fn read_report(text: &str) -> ReportContents {
    let mut rows = Vec::new();
    let mut dropped = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<ReportRow>(line) {
            Ok(row) => rows.push(row),
            Err(_) => dropped += 1,
        }
    }
    let torn = !text.is_empty() && !text.ends_with('\n');
    // A problem is complete when it has as many rows as it says (twin rows are written
    // together, so only a torn write leaves some out).
    let mut counts: HashMap<(String, usize), usize> = HashMap::new();
    for row in &rows {
        *counts.entry(row.key()).or_default() += 1;
    }
    let before = rows.len();
    rows.retain(|r| counts[&r.key()] == r.twins);
    dropped += before - rows.len();
    ReportContents {
        rows,
        dropped,
        torn,
    }
}

/// Appends rows to a report file, each problem's rows in a single write followed by a flush,
/// so that an interrupted batch leaves only whole problems (or at worst one torn last line,
/// which [`read_report`] leaves out).
pub struct ReportWriter {
    file: Mutex<File>,
}

impl ReportWriter {
    /// A new, empty report at `path` (an existing file is replaced).
    pub fn create(path: &Path) -> Result<ReportWriter, BatchError> {
        let file = File::create(path).map_err(|e| io_error(path, e))?;
        Ok(ReportWriter {
            file: Mutex::new(file),
        })
    }

    /// Opens the report at `path` to go on with it: returns what it holds and a writer that
    /// appends. A missing file is a new, empty report. A file with torn or incomplete rows
    /// is first rewritten (through a temporary file and a rename) with its complete rows
    /// only, so the problems they belonged to are solved again and not held twice.
    pub fn resume(path: &Path) -> Result<(ReportContents, ReportWriter), BatchError> {
        let contents = read_report_file(path)?;
        if !contents.clean() {
            let tmp = PathBuf::from(format!("{}.tmp", path.display()));
            let mut text = String::new();
            for row in &contents.rows {
                text.push_str(&row_line(row));
            }
            std::fs::write(&tmp, text).map_err(|e| io_error(&tmp, e))?;
            std::fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        Ok((
            contents,
            ReportWriter {
                file: Mutex::new(file),
            },
        ))
    }

    /// Writes the rows of one problem: one write, then a flush.
    pub fn write_rows(&self, rows: &[ReportRow]) -> std::io::Result<()> {
        let text: String = rows.iter().map(row_line).collect();
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(text.as_bytes())?;
        file.flush()
    }
}

/// A row as one line of JSON with its newline.
fn row_line(row: &ReportRow) -> String {
    // A row holds only strings, numbers and booleans: serialising cannot fail.
    let mut line = serde_json::to_string(row).unwrap_or_default();
    line.push('\n');
    line
}

fn io_error(path: &Path, source: std::io::Error) -> BatchError {
    BatchError::Io {
        path: path.display().to_string(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(file: &str, problem: usize, twin: Option<&str>, twins: usize) -> ReportRow {
        ReportRow {
            file: file.into(),
            problem,
            twin: twin.map(str::to_string),
            twins,
            stipulation: Some("#2".into()),
            conditions: vec![],
            verdict: None,
            status: Status::Solved,
            solutions: vec!["1.Qa7-f2 ! zugzwang.".into()],
            partial: false,
            seconds: 0.25,
            nodes: 1234,
            error: None,
        }
    }

    fn text(rows: &[ReportRow]) -> String {
        rows.iter().map(row_line).collect()
    }

    #[test]
    fn rows_read_back_as_written() {
        let rows = vec![row("a.inp", 1, None, 1), row("a.inp", 2, None, 1)];
        let c = read_report(&text(&rows));
        assert_eq!(c.rows, rows);
        assert!(c.clean());
        assert_eq!(
            c.done(),
            HashSet::from([("a.inp".to_string(), 1), ("a.inp".to_string(), 2)])
        );
    }

    #[test]
    fn a_truncated_last_line_is_left_out() {
        let rows = vec![row("a.inp", 1, None, 1), row("b.inp", 1, None, 1)];
        let full = text(&rows);
        // Cut the last row in the middle, as a kill during its write would.
        let cut = &full[..full.len() - 20];
        let c = read_report(cut);
        assert_eq!(c.rows, rows[..1]);
        assert_eq!(c.dropped, 1);
        assert!(c.torn && !c.clean());
        // Cut just before its newline: the JSON is whole but the write was not finished.
        let c = read_report(&full[..full.len() - 1]);
        assert_eq!(c.rows.len(), 2);
        assert!(c.torn);
    }

    #[test]
    fn a_problem_missing_twin_rows_is_not_done() {
        let rows = vec![
            row("a.inp", 1, Some("a)"), 2),
            row("a.inp", 1, Some("b)"), 2),
            row("a.inp", 2, Some("a)"), 2),
        ];
        let c = read_report(&format!("{}{{\"file\":\"a.in", text(&rows)));
        assert_eq!(c.rows, rows[..2]);
        assert_eq!(c.dropped, 2);
        assert_eq!(c.done(), HashSet::from([("a.inp".to_string(), 1)]));
    }

    #[test]
    fn resume_repairs_a_torn_report_and_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let full = text(&[row("a.inp", 1, None, 1), row("b.inp", 1, None, 1)]);
        std::fs::write(&path, &full[..full.len() - 7]).unwrap();
        let (contents, writer) = ReportWriter::resume(&path).unwrap();
        assert_eq!(contents.rows.len(), 1);
        writer.write_rows(&[row("b.inp", 1, None, 1)]).unwrap();
        let again = read_report(&std::fs::read_to_string(&path).unwrap());
        assert!(again.clean());
        assert_eq!(again.rows.len(), 2);
        // A missing report is an empty one.
        let (contents, _) = ReportWriter::resume(&dir.path().join("new.jsonl")).unwrap();
        assert!(contents.rows.is_empty());
    }
}
