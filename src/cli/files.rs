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

/// The files named by `paths`, directories expanded to the problem files below them.
pub fn expand_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let patterns: Vec<String> = PROBLEM_FILE_PATTERNS
        .iter()
        .map(|p| p.to_string())
        .collect();
    let found = batch::discover(paths, &patterns).map_err(|e| format!("{e}"))?;
    Ok(found.into_iter().map(|f| f.path).collect())
}

/// Every problem of one file.
pub fn read_file(path: &Path) -> Result<Vec<Item>, String> {
    let name = path.display().to_string();
    let parsed = input::read_problems(path).map_err(|e| format!("{name}: error: {e}"))?;
    Ok(parsed
        .into_iter()
        .map(|p| Item {
            file: name.clone(),
            parsed: p.map_err(|e| (e.line, e.col, e.message)),
        })
        .collect())
}
