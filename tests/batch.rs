//! `fairy batch` on a temporary folder: report rows, summary, exit status, `--resume`,
//! `--shard`, and `fairy bench` in its quick form.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("the fairy binary runs")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

fn bundled(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems/orthodox")
        .join(name);
    std::fs::read_to_string(path).expect("bundled problem")
}

/// Malformed: `X` is no piece letter (line 3).
const BAD: &str = "begin\nstipulation #2\npieces white Ke1 Xa7 black Kc1\nend\n";

/// The game array as a mate in eight: far more play than a few seconds can search (over
/// 30 s on two threads; the helpmate in six it was ends in under 4 s).
const SLOW: &str = "begin\nstipulation #8\npieces white Ke1 Qd1 Ra1h1 Bc1f1 Sb1g1 Pa2b2c2d2e2f2g2h2\n  black Ke8 Qd8 Ra8h8 Bc8f8 Sb8g8 Pa7b7c7d7e7f7g7h7\nend\n";

/// Good problems: a #2, an s#2 and a twinned h#2 from `problems/orthodox/`, one in a
/// subfolder, and a file of two problems; plus a file that is not a problem file.
fn good_folder(dir: &Path) {
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("m2.inp"), bundled("m2-schoepfer-1927.inp")).unwrap();
    std::fs::write(dir.join("sub/h2.inp"), bundled("h2-lindner-1952.inp")).unwrap();
    // Two problems in one frame: `next` separates them (`end` ends the file).
    let two = format!(
        "{}next\n{}",
        bundled("s2-thomas.inp").replace("end\n", ""),
        bundled("h2-foeldeak-1955.inp").replace("begin\n", "")
    );
    std::fs::write(dir.join("sub/two.inp"), two).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a problem").unwrap();
}

fn rows(report: &Path) -> Vec<Value> {
    std::fs::read_to_string(report)
        .expect("report")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole JSON row per line"))
        .collect()
}

fn key(row: &Value) -> (String, u64) {
    (
        row["file"].as_str().unwrap().to_string(),
        row["problem"].as_u64().unwrap(),
    )
}

fn keys(rows: &[Value]) -> BTreeSet<(String, u64)> {
    rows.iter().map(key).collect()
}

fn summary(o: &Output) -> Value {
    let text = String::from_utf8_lossy(&o.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("summary JSON: {e}\n{text}"))
}

fn find<'a>(rows: &'a [Value], file_end: &str) -> Vec<&'a Value> {
    rows.iter()
        .filter(|r| r["file"].as_str().unwrap().ends_with(file_end))
        .collect()
}

#[test]
fn report_rows_summary_and_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    good_folder(&problems);
    std::fs::write(problems.join("bad.inp"), BAD).unwrap();
    std::fs::write(problems.join("slow.inp"), SLOW).unwrap();
    let report = dir.path().join("r.jsonl");
    let o = fairy(&[
        "batch",
        s(&problems),
        // Four seconds, not one: the limit is wall time, and on a loaded machine (the
        // tests run beside each other) a #2 of a few milliseconds once took a second.
        "--max-time",
        "4",
        "--report",
        s(&report),
        "--json",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "a malformed problem fails: {err}");
    assert!(err.contains("bad.inp:3:"), "error with its place: {err}");

    let rows = rows(&report);
    // m2 (1), h2 with twins a) b) (2), two.inp (2), bad (1), slow (1); notes.txt is no problem.
    assert_eq!(rows.len(), 7, "{rows:#?}");
    assert!(rows.iter().all(|r| r["verdict"].is_null()));

    let m2 = find(&rows, "m2.inp");
    assert_eq!(m2[0]["status"], "solved");
    assert_eq!(m2[0]["stipulation"], "#2");
    assert!(m2[0]["solutions"][0]
        .as_str()
        .unwrap()
        .contains("1.Qa7-f2 !"));
    assert!(m2[0]["nodes"].as_u64().unwrap() > 0);

    let h2 = find(&rows, "h2.inp");
    let labels: Vec<&str> = h2.iter().map(|r| r["twin"].as_str().unwrap()).collect();
    assert_eq!(labels, ["a)", "b) bSh3-->h4"]);
    assert!(h2
        .iter()
        .all(|r| r["twins"] == 2 && r["status"] == "solved"));
    assert_eq!(h2[1]["solutions"][0], "1.Kg8-h8 0-0   2.Sh4-g2 Rf1-f8 #");

    let two = find(&rows, "two.inp");
    // Rows come in the order problems end, not in file order.
    let mut problems_of_two: Vec<u64> =
        two.iter().map(|r| r["problem"].as_u64().unwrap()).collect();
    problems_of_two.sort();
    assert_eq!(problems_of_two, [1, 2]);

    let bad = find(&rows, "bad.inp");
    assert_eq!(bad[0]["status"], "failed");
    assert_eq!(bad[0]["error"]["line"], 3);
    assert!(bad[0]["stipulation"].is_null());
    assert!(!bad[0]["error"]["message"].as_str().unwrap().is_empty());

    let slow = find(&rows, "slow.inp");
    assert_eq!(slow[0]["status"], "timed_out");
    assert_eq!(slow[0]["partial"], true);
    let secs = slow[0]["seconds"].as_f64().unwrap();
    assert!((3.9..20.0).contains(&secs), "{secs} s for a 4 s limit");

    let sum = summary(&o);
    let total = &sum["total"];
    assert_eq!(total["count"], 7);
    assert_eq!(total["solved"], 5);
    assert_eq!(total["timed_out"], 1);
    assert_eq!(total["failed"], 1);
    let groups: Vec<&str> = sum["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["conditions"].as_str().unwrap())
        .collect();
    assert_eq!(groups, ["(unread)", "orthodox"]);
}

#[test]
fn text_summary_and_glob() {
    let dir = tempfile::tempdir().unwrap();
    good_folder(dir.path());
    std::fs::write(
        dir.path().join("extra.pop"),
        bundled("m2-schoepfer-1927.inp"),
    )
    .unwrap();
    let o = fairy(&["batch", s(dir.path()), "--glob", "*.pop"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("conditions") && lines[0].contains("timed out"));
    let orthodox: Vec<&str> = lines[1].split_whitespace().collect();
    // Only extra.pop: one row, solved.
    assert_eq!(orthodox[..3], ["orthodox", "1", "1"], "{out}");
}

#[test]
fn resume_skips_what_the_report_holds() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    good_folder(&problems);
    let report = dir.path().join("r.jsonl");
    let first = fairy(&["batch", s(&problems), "--report", s(&report), "--json"]);
    assert_eq!(first.status.code(), Some(0));
    let all = rows(&report);
    assert_eq!(all.len(), 5);

    // A second run has nothing left to solve and keeps one row per twin.
    let again = fairy(&["batch", s(&problems), "--resume", s(&report), "--json"]);
    assert_eq!(again.status.code(), Some(0));
    let sum = summary(&again);
    assert_eq!(sum["total"]["count"], 0);
    assert_eq!(sum["skipped"], 4);
    assert_eq!(rows(&report), all);

    // A kill in the middle of the last write: the torn rows are dropped and their problem
    // (the twinned h2, written last here) is solved again, once.
    let text = std::fs::read_to_string(&report).unwrap();
    let h2_rows: String = text
        .lines()
        .filter(|l| l.contains("h2.inp"))
        .map(|l| format!("{l}\n"))
        .collect();
    let others: String = text
        .lines()
        .filter(|l| !l.contains("h2.inp"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(
        &report,
        format!("{others}{}", &h2_rows[..h2_rows.len() / 2 + 30]),
    )
    .unwrap();
    let repaired = fairy(&["batch", s(&problems), "--resume", s(&report), "--json"]);
    assert_eq!(repaired.status.code(), Some(0));
    assert_eq!(summary(&repaired)["total"]["count"], 2);
    let after = rows(&report);
    assert_eq!(after.len(), 5);
    assert_eq!(keys(&after), keys(&all));
}

#[test]
fn shards_split_the_list_without_overlap() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    good_folder(&problems);
    for i in 0..6 {
        std::fs::write(
            problems.join(format!("copy{i}.inp")),
            bundled("m2-schoepfer-1927.inp"),
        )
        .unwrap();
    }
    let whole = dir.path().join("all.jsonl");
    assert_eq!(
        fairy(&["batch", s(&problems), "--report", s(&whole)])
            .status
            .code(),
        Some(0)
    );
    let everything = keys(&rows(&whole));
    assert_eq!(everything.len(), 10);

    let mut union = BTreeSet::new();
    let mut sizes = 0;
    for k in 1..=3 {
        let report: PathBuf = dir.path().join(format!("shard{k}.jsonl"));
        let shard = format!("{k}/3");
        let o = fairy(&[
            "batch",
            s(&problems),
            "--shard",
            &shard,
            "--report",
            s(&report),
        ]);
        assert_eq!(o.status.code(), Some(0));
        let part = keys(&rows(&report));
        sizes += part.len();
        union.extend(part);
    }
    assert_eq!(sizes, everything.len(), "shards overlap");
    assert_eq!(union, everything);

    let bad = fairy(&["batch", s(&problems), "--shard", "4/3"]);
    assert!(!bad.status.success());
}

#[test]
fn bench_one_condition_quickly() {
    let o = fairy(&[
        "bench",
        "--condition",
        "Circe",
        "--quick",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let rows: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let rows = rows.as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["condition"].as_str().unwrap())
        .collect();
    // Orthodox play comes in as the reference.
    assert_eq!(names, ["orthodox", "Circe"]);
    assert_eq!(rows[0]["cost"], 1.0);
    assert!(rows[1]["cost"].as_f64().unwrap() > 0.0);
    // Depth 1 counts the legal moves of the four bench positions.
    assert_eq!(rows[0]["perft_nodes"], 144);
    let circe_problems: Vec<&str> = rows[1]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["path"].as_str().unwrap())
        .collect();
    assert_eq!(circe_problems, ["problems/circe/h2-stucker-1987.inp"]);

    let bad = fairy(&[
        "bench",
        "--condition",
        "NoSuchCirce",
        "--quick",
        "--no-solve",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn check_puts_a_verdict_in_every_row_and_counts_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("p");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("m2.inp"), bundled("m2-schoepfer-1927.inp")).unwrap();
    let cooked =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/check/m1-cooked-constructed.inp");
    std::fs::copy(cooked, root.join("cooked.inp")).unwrap();
    let report = dir.path().join("r.jsonl");
    let o = fairy(&[
        "batch",
        "--check",
        "--json",
        "--report",
        s(&report),
        s(&root),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let checked = rows(&report);
    assert_eq!(checked.len(), 2);
    assert_eq!(find(&checked, "m2.inp")[0]["verdict"]["kind"], "sound");
    assert_eq!(find(&checked, "cooked.inp")[0]["verdict"]["kind"], "cooked");
    let sum = summary(&o);
    assert_eq!(sum["total"]["sound"], 1);
    assert_eq!(sum["total"]["unsound"], 1);
    // Without --check there is no verdict.
    let plain = dir.path().join("plain.jsonl");
    let o = fairy(&["batch", "--json", "--report", s(&plain), s(&root)]);
    assert_eq!(o.status.code(), Some(0));
    assert!(rows(&plain).iter().all(|r| r["verdict"].is_null()));
}
