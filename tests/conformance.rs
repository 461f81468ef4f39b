//! Conformance with Popeye on the shared corpus: every problem of
//! `../shared/corpus/popeye-examples` and `../shared/corpus/generated`, every condition and
//! stipulation, through `../shared/tools/conform` with this build's binary.
//!
//! Uses `../shared` beside the crate and python3; without them it prints a note and passes.
//! A case that runs past the per-case time limit counts as skipped and is listed (the slow
//! ones are tracked in docs/performance.md). Any failure not listed, with its reason, in
//! `tests/data/conformance-known-failures.txt` fails the test, and so does a listed case
//! that now passes (remove it from the list).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn known_failures() -> BTreeSet<String> {
    include_str!("data/conformance-known-failures.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().expect("a name").to_string())
        .collect()
}

/// The file names of the cases conform reports on lines starting with `mark`.
fn cases_marked(out: &str, mark: &str) -> BTreeSet<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix(mark))
        .filter_map(|l| l.split_whitespace().next())
        .filter_map(|p| {
            Path::new(p)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
        })
        .collect()
}

#[test]
fn corpus_conforms_to_popeye() {
    let shared = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared"));
    let tool = shared.join("tools/conform");
    if !shared.is_dir() || !tool.is_file() {
        println!(
            "note: {} not found; conformance test skipped",
            tool.display()
        );
        return;
    }
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|o| o.status.success()) {
        println!("note: python3 not available; conformance test skipped");
        return;
    }
    let corpus = shared.join("corpus");
    let output = Command::new("python3")
        .arg(&tool)
        .args(["--solver", env!("CARGO_BIN_EXE_fairy")])
        .args([
            "--timeout",
            "10",
            "--timeout-skips",
            "--jobs",
            "2",
            "--quiet",
        ])
        .arg(corpus.join("popeye-examples"))
        .arg(corpus.join("generated"))
        .output()
        .expect("conform runs");
    let out = String::from_utf8_lossy(&output.stdout);
    println!("{out}");
    let failed = cases_marked(&out, "FAIL  ");
    let skipped = cases_marked(&out, "SKIP  ");
    let known = known_failures();
    let unexpected: Vec<&String> = failed.difference(&known).collect();
    let fixed: Vec<&String> = known
        .iter()
        .filter(|k| !failed.contains(*k) && !skipped.contains(*k))
        .collect();
    let last = out
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    assert!(last.contains("passed"), "conform did not finish: {last}");
    assert!(
        unexpected.is_empty(),
        "new conformance failures: {unexpected:?}"
    );
    assert!(
        fixed.is_empty(),
        "these now pass; remove them from the known failures: {fixed:?}"
    );
}
