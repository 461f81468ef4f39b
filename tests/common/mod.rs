//! Helpers shared by the integration tests that solve problem texts through the library.

#![allow(dead_code)] // each test crate uses some of the helpers

use fairy::input::parse_file;
use fairy::output::text;
use fairy::problem::{solve_problem, ProblemReport, SolveConfig};

/// Parses the first problem of `source` and solves it with the default settings.
pub fn solve_text(source: &str) -> ProblemReport {
    let spec = parse_file(source)
        .into_iter()
        .next()
        .expect("a problem")
        .expect("parses");
    solve_problem(&spec, &SolveConfig::default()).expect("solves")
}

/// The first moves of a solved battle problem's keys as printed, without their ` !`,
/// sorted; a twin that could not be solved panics with its message.
pub fn keys(report: &ProblemReport) -> Vec<String> {
    for t in &report.twins {
        if let Err(e) = &t.outcome {
            panic!("{e}");
        }
    }
    let mut lines: Vec<String> = text::problem(report)
        .lines()
        .filter(|l| l.starts_with("   1."))
        .map(|l| {
            let l = l.trim().trim_start_matches("1.");
            l.trim_end_matches(" !").trim().to_string()
        })
        .collect();
    lines.sort();
    lines
}
