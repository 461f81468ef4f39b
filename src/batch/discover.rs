//! Finding problem files below folders, in a deterministic order.

use super::BatchError;
use std::path::{Path, PathBuf};

/// A file found below one of the folders given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The path as the folder argument spells it (`problems/circe/h2.inp`).
    pub path: PathBuf,
    /// The path below that folder with `/` separators (`circe/h2.inp`); for a file given
    /// directly, its name. It does not depend on where the folder lives, so shards agree
    /// across machines.
    pub relative: String,
}

/// Whether a file name matches a shell pattern: `*` any run of characters, `?` one
/// character, everything else itself (case-sensitive).
pub fn name_matches(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Iterative matching with backtracking to the last `*`.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// What [`discover`] found, and the folders (or roots) it could not read.
#[derive(Debug, Default)]
pub struct Discovery {
    pub found: Vec<Found>,
    /// One error per root or folder that could not be read; the others were searched.
    pub errors: Vec<BatchError>,
}

/// Every file below `roots` whose name matches one of `patterns`, sorted by path within
/// each root (roots in the order given), each file once. A root may also be a file, which
/// is taken whatever its name. A root or folder that cannot be read is an error in the
/// result, and the search goes on with the others.
pub fn discover(roots: &[PathBuf], patterns: &[String]) -> Discovery {
    let mut discovery = Discovery::default();
    let mut seen = std::collections::HashSet::new();
    for root in roots {
        let meta = match std::fs::metadata(root) {
            Ok(meta) => meta,
            Err(e) => {
                discovery.errors.push(BatchError::Io {
                    path: root.display().to_string(),
                    source: e,
                });
                continue;
            }
        };
        let mut files = Vec::new();
        if meta.is_dir() {
            walk(root, patterns, &mut files, &mut discovery.errors);
        } else {
            files.push(root.clone());
        }
        files.sort();
        for path in files {
            if !seen.insert(path.clone()) {
                continue;
            }
            let relative = relative_name(root, &path);
            discovery.found.push(Found { path, relative });
        }
    }
    discovery
}

fn walk(dir: &Path, patterns: &[String], out: &mut Vec<PathBuf>, errors: &mut Vec<BatchError>) {
    let io = |e| BatchError::Io {
        path: dir.display().to_string(),
        source: e,
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return errors.push(io(e)),
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                errors.push(io(e));
                continue;
            }
        };
        let path = entry.path();
        // Symbolic links to folders are not followed: a link loop would never end.
        let kind = match entry.file_type() {
            Ok(kind) => kind,
            Err(e) => {
                errors.push(io(e));
                continue;
            }
        };
        if kind.is_dir() {
            walk(&path, patterns, out, errors);
        } else if path.is_file() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if patterns.iter().any(|p| name_matches(p, &name)) {
                out.push(path);
            }
        }
    }
}

fn relative_name(root: &Path, path: &Path) -> String {
    let below = match path.strip_prefix(root) {
        Ok(rest) if !rest.as_os_str().is_empty() => rest,
        _ => Path::new(path.file_name().unwrap_or(path.as_os_str())),
    };
    below
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(name_matches("*.inp", "h2.inp"));
        assert!(!name_matches("*.inp", "h2.inp.bak"));
        assert!(name_matches("h?-*.txt", "h2-stucker.txt"));
        assert!(!name_matches("h?-*.txt", "h12-stucker.txt"));
        assert!(name_matches("*", ""));
        assert!(name_matches("a*b*c", "aXbYbZc"));
        assert!(!name_matches("a*b*c", "aXbYbZ"));
    }

    #[test]
    fn relative_names_use_slashes() {
        let root = Path::new("problems");
        assert_eq!(
            relative_name(root, &root.join("circe").join("h2.inp")),
            "circe/h2.inp"
        );
        assert_eq!(
            relative_name(Path::new("x/h2.inp"), Path::new("x/h2.inp")),
            "h2.inp"
        );
    }
}
