//! `fairy diagram FILE...` and the `--diagram svg` option of `solve` and `check`: an SVG
//! diagram per problem and twin, in a folder or on standard output.

use super::files::{self, Item};
use super::{out, report_error, DiagramArgs};
use fairy::diagram::{diagrams_of, svg, Diagram};
use fairy::input::ProblemSpec;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The format of `--diagram`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiagramFormat {
    Svg,
}

/// Writes diagrams into one folder under names made from their problem file's:
/// `kardos.svg`, `kardos-2.svg` for a file's second problem, `kardos-2-b.svg` for its
/// twin b); a name already taken in this run gets `~2`, `~3`.
pub struct DiagramFiles {
    dir: PathBuf,
    used: HashSet<String>,
    /// Problems per file name, to tell whether a file's names need the problem number.
    per_file: HashMap<String, usize>,
}

impl DiagramFiles {
    /// Diagrams for the problems of `items` into `dir` (created if missing).
    pub fn new(dir: &Path, items: &[Item]) -> Result<DiagramFiles, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("fairy: error: cannot create {}: {e}", dir.display()))?;
        let mut per_file = HashMap::new();
        for i in items {
            *per_file.entry(i.file.clone()).or_insert(0) += 1;
        }
        Ok(DiagramFiles {
            dir: dir.to_path_buf(),
            used: HashSet::new(),
            per_file,
        })
    }

    fn name(&mut self, file: &str, index: usize, twin: Option<&str>) -> PathBuf {
        let stem = Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty() && !s.starts_with('<'))
            .unwrap_or_else(|| "problem".to_string());
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || "-_.".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let mut base = stem;
        if self.per_file.get(file).copied().unwrap_or(1) > 1 {
            base = format!("{base}-{index}");
        }
        if let Some(letter) = twin {
            base = format!("{base}-{letter}");
        }
        let mut name = base.clone();
        let mut n = 1;
        while !self.used.insert(name.clone()) {
            n += 1;
            name = format!("{base}~{n}");
        }
        self.dir.join(format!("{name}.svg"))
    }

    /// Writes the diagrams of one problem; returns the paths written.
    pub fn write(&mut self, file: &str, spec: &ProblemSpec) -> Result<Vec<PathBuf>, String> {
        let mut written = Vec::new();
        for d in diagrams_of(spec) {
            let letter = d.twin.as_deref().and_then(twin_letter);
            let path = self.name(file, spec.index, letter.as_deref());
            std::fs::write(&path, svg::document(&d))
                .map_err(|e| format!("fairy: error: cannot write {}: {e}", path.display()))?;
            written.push(path);
        }
        Ok(written)
    }
}

/// `b` of the label `b) bRc2-->d2`, `z1` of `z1) ...`.
fn twin_letter(label: &str) -> Option<String> {
    let letter = label
        .trim_start_matches('+')
        .split(')')
        .next()?
        .trim()
        .to_string();
    (!letter.is_empty() && letter.chars().all(|c| c.is_ascii_alphanumeric())).then_some(letter)
}

/// Writes the diagrams of a problem for `--diagram svg`, naming each file on standard
/// error; a write error is reported and makes the run fail.
pub fn write_for(files: &mut Option<DiagramFiles>, file: &str, spec: &ProblemSpec) -> bool {
    let Some(files) = files else { return true };
    match files.write(file, spec) {
        Ok(paths) => {
            for p in paths {
                eprintln!("fairy: diagram {}", p.display());
            }
            true
        }
        Err(e) => {
            eprintln!("{e}");
            false
        }
    }
}

/// `fairy diagram`: exit status 0, or 2 when a file could not be read or written.
pub fn run(args: &DiagramArgs) -> i32 {
    let (items, mut failed) = files::read_all(&args.files);
    let mut problems: Vec<(String, ProblemSpec)> = Vec::new();
    for item in &items {
        match &item.parsed {
            Ok(spec) => problems.push((item.file.clone(), spec.clone())),
            Err((line, col, message)) => {
                report_error(&item.file, *line, *col, message);
                failed = true;
            }
        }
    }
    let Some(dir) = &args.out else {
        // Standard output takes one document.
        let all: Vec<Diagram> = problems.iter().flat_map(|(_, s)| diagrams_of(s)).collect();
        return match all.as_slice() {
            [one] => {
                out::print(&svg::document(one));
                if failed {
                    2
                } else {
                    0
                }
            }
            [] => {
                if !failed {
                    eprintln!("fairy: error: no problem found in the files given");
                }
                2
            }
            many => {
                eprintln!(
                    "fairy: error: {} diagrams (problems and twins): name a folder for them with --out DIR",
                    many.len()
                );
                2
            }
        };
    };
    let mut writer = match DiagramFiles::new(dir, &items) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    for (file, spec) in &problems {
        match writer.write(file, spec) {
            Ok(paths) => {
                for p in paths {
                    out::line(&p.display().to_string());
                }
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if problems.is_empty() && !failed {
        eprintln!("fairy: error: no problem found in the files given");
        return 2;
    }
    if failed {
        2
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twin_letters_come_from_labels() {
        assert_eq!(twin_letter("b) bRc2-->d2").as_deref(), Some("b"));
        assert_eq!(twin_letter("+c) bSh3-->h4").as_deref(), Some("c"));
        assert_eq!(twin_letter("z1) rotate 90").as_deref(), Some("z1"));
        assert_eq!(twin_letter("a)").as_deref(), Some("a"));
        assert_eq!(twin_letter("../x) y"), None);
    }
}
