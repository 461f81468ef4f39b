//! `fairy check problems/`: every problem bundled with the project gets the verdict its
//! file states (`remark verdict: ...`, per twin with `remark verdict b): ...`), or
//! "sound" when it states none. Also the exit codes and error places of `fairy check`.

use fairy::check::{parse_remark, twin_letter, RemarkKind, VerdictKind};
use fairy::input::{parse_file, yaml::parse_yaml, TextKind};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("the fairy binary runs")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p
            .extension()
            .is_some_and(|e| ["inp", "olv", "yaml", "yml"].contains(&e.to_str().unwrap()))
        {
            out.push(p);
        }
    }
}

/// Stated verdicts: (file, problem index) → (twin letter or None for every twin → verdict).
type Expected = BTreeMap<(String, usize), Vec<(Option<char>, VerdictKind)>>;

fn expected(root: &Path) -> Expected {
    let mut paths = Vec::new();
    files(&root.join("problems"), &mut paths);
    let mut out = Expected::new();
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone())
            .unwrap_or_else(|_| bytes.iter().map(|&b| b as char).collect());
        let name = path.strip_prefix(root).unwrap().display().to_string();
        let yaml = path.extension().is_some_and(|e| e != "inp");
        let problems = if yaml {
            parse_yaml(&text)
        } else {
            parse_file(&text)
        };
        for (i, p) in problems.into_iter().enumerate() {
            let spec = p.unwrap_or_else(|e| panic!("{name} problem {}: {e}", i + 1));
            let verdicts = spec
                .texts_of(TextKind::Remark)
                .filter_map(parse_remark)
                .filter(|r| r.kind == RemarkKind::Verdict)
                .map(|r| {
                    let v = r
                        .text
                        .parse()
                        .unwrap_or_else(|e| panic!("{name} problem {}: {e}", i + 1));
                    (r.twin, v)
                })
                .collect();
            out.insert((name.clone(), spec.index), verdicts);
        }
    }
    out
}

#[test]
fn every_bundled_problem_gets_its_stated_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = expected(root);
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .current_dir(root)
        .args(["check", "--json", "--max-time", "60", "problems"])
        .output()
        .unwrap();
    let elapsed = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut errors = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut seen = 0;
    for line in stdout.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap().to_string();
        let index = v["index"].as_u64().unwrap() as usize;
        let Some(stated) = expected.get(&(file.clone(), index)) else {
            errors.push(format!("{file} problem {index}: not among the files read"));
            continue;
        };
        seen += 1;
        for twin in v["twins"].as_array().unwrap() {
            let label = twin["label"].as_str();
            let letter = twin_letter(label);
            let want = stated
                .iter()
                .find(|(t, _)| t.is_some() && *t == letter)
                .or_else(|| stated.iter().find(|(t, _)| t.is_none()))
                .map_or(VerdictKind::Sound, |(_, v)| *v);
            let got = twin["verdict"]["kind"].as_str().unwrap_or("error");
            *counts.entry(got.to_string()).or_default() += 1;
            if got != serde_json::to_value(want).unwrap().as_str().unwrap() {
                errors.push(format!(
                    "{file} problem {index} {}: expected {want}, got {got}: {}",
                    label.unwrap_or(""),
                    twin["verdict"]["reason"]
                ));
            }
        }
    }
    println!("{counts:?} in {elapsed:.1} s");
    assert_eq!(seen, expected.len(), "every problem is checked");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // problems/check holds cooked and short problems: the exit status says so.
    assert_eq!(out.status.code(), Some(1));
    for kind in [
        "sound",
        "cooked",
        "no_solution",
        "short_solution",
        "too_few_solutions",
    ] {
        assert!(
            counts.contains_key(kind),
            "no {kind} verdict among {counts:?}"
        );
    }
}

fn temp(suffix: &str, text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f.flush().unwrap();
    f
}

#[test]
fn exit_status_sound_unsound_and_input_error() {
    let sound = temp(
        ".inp",
        "begin\nstipulation #1\npieces white Kg6 Rb2 black Kh8\nend\n",
    );
    let out = fairy(&["check", sound.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(#1): sound: 1 key, 1 intended"), "{text}");
    // The same problem with two keys intended.
    let out = fairy(&["check", "--intended", "2", sound.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("too few solutions"));
    let out = fairy(&["check", "--intended", "x", sound.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let bad = temp(
        ".inp",
        "begin\nstipulation #1\npieces white Kg6 Xb2 black Kh8\nend\n",
    );
    let out = fairy(&["check", bad.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":3:"));
}

#[test]
fn yaml_errors_name_file_document_and_field() {
    let f = temp(
        ".olv",
        "---\nalgebraic:\n  white: [Kg6, Rb2]\n  black: [Kh8]\nstipulation: '#1'\n---\nalgebraic:\n  white: [Kg6, Rb9]\n  black: [Kh8]\nstipulation: '#1'\n",
    );
    let name = f.path().to_str().unwrap();
    let out = fairy(&["check", name]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{name}:8:")) && err.contains("document 2, field algebraic.white"),
        "{err}"
    );
    // The good document is still checked.
    assert!(String::from_utf8_lossy(&out.stdout).contains("problem 1 (#1): sound"));
    // fairy solve reads the same file.
    let out = fairy(&["solve", name]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Rb2-b8 #"));
}
