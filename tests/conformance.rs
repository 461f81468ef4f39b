//! Conformance with Popeye on the shared corpus (orthodox direct, help and self play).
//!
//! Runs `../shared/tools/conform` with this build's binary as the solver when the shared
//! folder sits beside the crate and python3 is available; otherwise prints a note and passes.
//! Takes minutes: every case gets up to 20 s, and a case that runs past that counts as
//! skipped, not failed.

use std::path::Path;
use std::process::Command;

#[test]
fn orthodox_corpus_conforms_to_popeye() {
    let shared = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared"));
    let tool = shared.join("tools/conform");
    if !shared.is_dir() || !tool.is_file() {
        println!("note: {} not found; conformance test skipped", tool.display());
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
        .args(["--only", "orthodox", "--stip", "direct,help,self"])
        .args(["--timeout", "20", "--timeout-skips", "--jobs", "2", "--quiet"])
        .arg(corpus.join("popeye-examples"))
        .arg(corpus.join("generated"))
        .output()
        .expect("conform runs");
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    println!("{out}");
    if !err.trim().is_empty() {
        eprintln!("{err}");
    }
    let last = out.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    assert!(
        last.contains(" 0 failed"),
        "conform reports failures (exit status {:?}): {last}",
        output.status
    );
}
