//! Reading problems from the paths given on the command line: Popeye input files,
//! YACPDB/Olive YAML files (`.olv`, `.yaml`, `.yml`), and directories (searched
//! recursively for both, in the same order as `fairy batch` finds them).

use fairy::batch;
use fairy::input::{self, PROBLEM_FILE_PATTERNS};
use std::path::{Path, PathBuf};

/// One problem read from somewhere: its file name for messages, and the parse result
/// (line, column, message on error).
pub struct Item {
    pub file: String,
    pub parsed: Result<input::ProblemSpec, (u32, u32, String)>,
}

/// The files named by `paths`, directories expanded to the problem files below them, and
/// a message for each path or folder that could not be read (the others are still listed).
pub fn expand_paths(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let patterns: Vec<String> = PROBLEM_FILE_PATTERNS
        .iter()
        .map(|p| p.to_string())
        .collect();
    let discovery = batch::discover(paths, &patterns);
    let errors = discovery
        .errors
        .iter()
        .map(|e| format!("fairy: error: {e}"))
        .collect();
    (
        discovery.found.into_iter().map(|f| f.path).collect(),
        errors,
    )
}

/// Every problem below `paths` (files, or folders searched as `expand_paths` does), after
/// printing the error of each path or file that could not be read; with whether any
/// could not.
pub fn read_all(paths: &[PathBuf]) -> (Vec<Item>, bool) {
    let (files, unreadable) = expand_paths(paths);
    for e in &unreadable {
        eprintln!("{e}");
    }
    let mut failed = !unreadable.is_empty();
    let mut items = Vec::new();
    for path in &files {
        match read_file(path) {
            Ok(read) => items.extend(read),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    (items, failed)
}

/// Every problem of one file.
pub fn read_file(path: &Path) -> Result<Vec<Item>, String> {
    let name = path.display().to_string();
    let parsed = input::read_problems(path).map_err(|e| format!("{name}: error: {e}"))?;
    Ok(items(&name, parsed))
}

/// The problems of a file read under `name`, after printing its warnings.
pub fn items(name: &str, parsed: input::ParsedFile) -> Vec<Item> {
    for w in &parsed.warnings {
        super::report_warning(name, w.line, w.col, &w.message);
    }
    parsed
        .problems
        .into_iter()
        .map(|p| Item {
            file: name.to_string(),
            parsed: p.map_err(|e| (e.line, e.col, e.message)),
        })
        .collect()
}
