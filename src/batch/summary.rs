//! The end-of-batch summary: rows counted per condition set.

use super::report::{ReportRow, Status};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The counts of one condition set (or of all rows, in [`Summary::total`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Counts {
    /// `orthodox` for no conditions, `(unread)` for problems that could not be read.
    pub conditions: String,
    pub count: usize,
    pub solved: usize,
    pub no_solution: usize,
    pub timed_out: usize,
    pub failed: usize,
    /// Rows with a soundness verdict (`--check`): sound, and cooked / short / no solution /
    /// too few (a verdict of "unknown" counts in neither).
    pub sound: usize,
    pub unsound: usize,
    /// Solving time added over the rows.
    pub seconds: f64,
}

impl Counts {
    fn add(&mut self, row: &ReportRow) {
        self.count += 1;
        match row.status {
            Status::Solved => self.solved += 1,
            Status::NoSolution => self.no_solution += 1,
            Status::TimedOut => self.timed_out += 1,
            Status::Failed => self.failed += 1,
        }
        match row
            .verdict
            .as_ref()
            .and_then(|v| v.get("kind"))
            .and_then(|k| k.as_str())
        {
            Some("sound") => self.sound += 1,
            Some("unknown") | None => {}
            Some(_) => self.unsound += 1,
        }
        self.seconds += row.seconds;
    }
}

/// Rows counted per condition set, sorted by its name, and in total.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub groups: Vec<Counts>,
    pub total: Counts,
    /// Problems left out because the report given to `--resume` already held them.
    pub skipped: usize,
}

/// The condition set a row is counted under.
fn group_name(row: &ReportRow) -> String {
    if row.stipulation.is_none() {
        "(unread)".into()
    } else if row.conditions.is_empty() {
        "orthodox".into()
    } else {
        row.conditions.join(" ")
    }
}

impl Summary {
    pub fn from_rows<'a>(rows: impl IntoIterator<Item = &'a ReportRow>, skipped: usize) -> Summary {
        let mut groups: BTreeMap<String, Counts> = BTreeMap::new();
        let mut total = Counts {
            conditions: "all".into(),
            ..Counts::default()
        };
        for row in rows {
            let name = group_name(row);
            groups
                .entry(name.clone())
                .or_insert_with(|| Counts {
                    conditions: name,
                    ..Counts::default()
                })
                .add(row);
            total.add(row);
        }
        Summary {
            groups: groups.into_values().collect(),
            total,
            skipped,
        }
    }

    /// The summary as a text table.
    pub fn table(&self) -> String {
        let width = self
            .groups
            .iter()
            .map(|g| g.conditions.chars().count())
            .max()
            .unwrap_or(0)
            .max("conditions".len());
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>11}  {:>9}  {:>6}  {:>6}  {:>7}  {:>10}",
            "conditions",
            "count",
            "solved",
            "no solution",
            "timed out",
            "failed",
            "sound",
            "unsound",
            "time (s)"
        );
        for g in self.groups.iter().chain([&self.total]) {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6}  {:>6}  {:>11}  {:>9}  {:>6}  {:>6}  {:>7}  {:>10.2}",
                g.conditions,
                g.count,
                g.solved,
                g.no_solution,
                g.timed_out,
                g.failed,
                g.sound,
                g.unsound,
                g.seconds
            );
        }
        if self.skipped > 0 {
            let _ = writeln!(
                out,
                "{} problems skipped: already in the report",
                self.skipped
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(conditions: &[&str], status: Status, seconds: f64) -> ReportRow {
        ReportRow {
            file: "a.inp".into(),
            problem: 1,
            twin: None,
            twins: 1,
            stipulation: (status != Status::Failed || !conditions.is_empty())
                .then(|| "h#2".to_string()),
            conditions: conditions.iter().map(|c| c.to_string()).collect(),
            verdict: None,
            status,
            solutions: vec![],
            partial: status == Status::TimedOut,
            seconds,
            nodes: 0,
            error: None,
        }
    }

    #[test]
    fn counts_per_condition_set() {
        let rows = [
            row(&[], Status::Solved, 1.0),
            row(&[], Status::NoSolution, 0.5),
            row(&["Circe"], Status::TimedOut, 2.0),
            row(&["Circe"], Status::Solved, 0.25),
            row(&[], Status::Failed, 0.0),
        ];
        let s = Summary::from_rows(&rows, 3);
        let names: Vec<&str> = s.groups.iter().map(|g| g.conditions.as_str()).collect();
        assert_eq!(names, ["(unread)", "Circe", "orthodox"]);
        let circe = &s.groups[1];
        assert_eq!((circe.count, circe.solved, circe.timed_out), (2, 1, 1));
        assert_eq!(circe.seconds, 2.25);
        let t = &s.total;
        assert_eq!(
            (t.count, t.solved, t.no_solution, t.timed_out, t.failed),
            (5, 2, 1, 1, 1)
        );
        let table = s.table();
        assert!(table
            .lines()
            .any(|l| l.starts_with("all") && l.contains("3.75")));
        assert!(table.contains("3 problems skipped"));
    }
}
