//! Helpers shared by the integration tests that solve problem texts through the library.

use fairy::input::parse_file;
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
