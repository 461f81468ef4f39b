//! Reading problems from the paths given on the command line: Popeye input files,
//! YACPDB/Olive YAML files (`.olv`, `.yaml`, `.yml`), and directories (searched
//! recursively for both).

use fairy::input::{self, InputError, ProblemSpec};
use std::path::{Path, PathBuf};

/// One problem read from somewhere: its file name for messages, and the parse result
/// (line, column, message on error).
pub struct Item {
    pub file: String,
    pub parsed: Result<ProblemSpec, (u32, u32, String)>,
}

const YAML_EXTENSIONS: [&str; 3] = ["olv", "yaml", "yml"];

fn has_extension(path: &Path, exts: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// Whether `path` names a YAML (YACPDB / Olive) file.
pub fn is_yaml(path: &Path) -> bool {
    has_extension(path, &YAML_EXTENSIONS)
}

/// The problem files below `dir`, sorted, recursively.
fn problem_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            problem_files(&p, out)?;
        } else if has_extension(&p, &["inp", "olv", "yaml", "yml"]) {
            out.push(p);
        }
    }
    Ok(())
}

/// The files named by `paths`, directories expanded.
pub fn expand_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            problem_files(path, &mut files)
                .map_err(|e| format!("{}: error: {e}", path.display()))?;
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Every problem of one file.
pub fn read_file(path: &Path) -> Result<Vec<Item>, String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: error: {e}"))?;
    // Problem files are Latin-1 as often as UTF-8: read bytes as Latin-1 when not UTF-8.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    let parsed: Vec<Result<ProblemSpec, InputError>> = if is_yaml(path) {
        input::yaml::parse_yaml(&text)
    } else {
        input::parse_file(&text)
    };
    Ok(parsed
        .into_iter()
        .map(|p| Item {
            file: name.clone(),
            parsed: p.map_err(|e| (e.line, e.col, e.message)),
        })
        .collect())
}
