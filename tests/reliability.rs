//! Nothing a user types can crash it: one test per defect of the reliability issue
//! (limits, faults, malformed input), each failing on the code before its fix. The
//! numbers are the issue's. See `docs/reliability.md`.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::binary;
use binary::{fairy, run, stderr, stdout};

/// Ended by itself with an exit code (no signal: not aborted, not killed).
fn exited(o: &Output) -> i32 {
    o.status
        .code()
        .unwrap_or_else(|| panic!("ended by a signal: {:?}\n{}", o.status, stderr(o)))
}

fn file_with(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// A mate in one that any build solves in milliseconds (constructed: 1.Ra1-a8 #).
const MATE: &str = "begin\npieces white Kg6 Ra1 black Kh8\nstipulation #1\nend\n";

const KR_K: &str = "7k/8/6K1/8/8/8/8/R7";

// 1. Long battle stipulations overflowed the stack and aborted the process.
#[test]
fn d01_a_stipulation_longer_than_the_limit_is_an_error_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let text = "begin\npieces white Kg6 Ra1 black Kh8\nstipulation #65535\nnext\n\
                pieces white Kg6 Ra1 black Kh8\nstipulation #1\nend\n";
    let f = file_with(dir.path(), "long.inp", text.as_bytes());
    let o = run(&["solve", &f]);
    assert_eq!(exited(&o), 2);
    assert!(
        stderr(&o).contains(&format!("{f}:3:13: error: number of moves \"65535\"")),
        "{}",
        stderr(&o)
    );
    // The problem after it is still solved.
    assert!(stdout(&o).contains("1.Ra1-a8 #"), "{}", stdout(&o));
    for stip in ["=100000", "s#3000", "#999999", "h#1001"] {
        let o = run(&["solve", "--fen", KR_K, "--stip", stip]);
        assert_eq!(exited(&o), 2, "{stip}");
        assert!(
            stderr(&o).contains("is too large (at most 1000)"),
            "{stip}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn d01_the_longest_stipulations_search_deep_without_overflowing_the_stack() {
    // s#150 overflowed the 2 MB stack of a pool thread; every kind of play goes deep here.
    for stip in ["s#1000", "#1000", "h#1000", "ser-s#1000", "r#1000"] {
        let o = run(&[
            "--threads",
            "1",
            "solve",
            "--fen",
            KR_K,
            "--stip",
            stip,
            "--max-time",
            "1",
        ]);
        assert_eq!(exited(&o), 0, "{stip}: {}", stderr(&o));
    }
}

// 2. --hash 32768 aborted (the whole table reserved at once); a huge value hung.
#[test]
fn d02_a_table_larger_than_the_machine_is_refused_or_cut_never_a_crash() {
    for hash in ["32768", "9007199254740991", "18446744073709551615"] {
        let start = Instant::now();
        let o = run(&["solve", "--fen", KR_K, "--stip", "#1", "--hash", hash]);
        let code = exited(&o);
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "--hash {hash} hung"
        );
        if code == 0 {
            // A machine with that much memory (or no way to ask): solved anyway.
            assert!(stdout(&o).contains("1.Ra1-a8 #"));
        } else {
            assert_eq!(code, 2, "--hash {hash}");
            let err = stderr(&o);
            assert!(
                err.contains("machine's memory") || err.contains("megabytes"),
                "--hash {hash}: {err}"
            );
        }
    }
    let o = run(&["solve", "--fen", KR_K, "--stip", "#1", "--hash", "0"]);
    assert_eq!(exited(&o), 2);
}

// 3. An enormous --max-time panicked adding it to the clock.
#[test]
fn d03_an_absurd_time_limit_is_an_error_at_the_option() {
    for args in [
        vec![
            "solve",
            "--fen",
            KR_K,
            "--stip",
            "#1",
            "--max-time",
            "18446744073709551615",
        ],
        vec!["check", "--max-time", "1.8e19", "x.inp"],
        vec!["check", "--max-time=-1", "x.inp"],
        vec!["check", "--max-time", "NaN", "x.inp"],
        vec!["batch", "--max-time", "18446744073709551615", "x"],
    ] {
        let o = run(&args);
        assert_eq!(exited(&o), 2, "{args:?}");
        assert!(
            stderr(&o).contains("--max-time"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    // In a problem file the reference solver's option takes any number: far beyond the
    // clock is no limit at all.
    let dir = tempfile::tempdir().unwrap();
    let text = MATE.replace("end", "option MaxTime 18446744073709551615\nend");
    let f = file_with(dir.path(), "t.inp", text.as_bytes());
    let o = run(&["solve", &f]);
    assert_eq!(exited(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("1.Ra1-a8 #"));
}

// 4. ser-h#4294967295 tried to allocate 34 GB.
#[test]
fn d04_a_huge_series_length_is_an_error() {
    let o = run(&["solve", "--fen", KR_K, "--stip", "ser-h#4294967295"]);
    assert_eq!(exited(&o), 2);
    assert!(stderr(&o).contains("too large"), "{}", stderr(&o));
}

// 5. Long help and series stipulations grew without bound (h#255 with --max-time 5 took
// 14 s and 1.1 GB, most of it printing a million lines found in the time).
#[test]
fn d05_a_help_search_keeps_a_bounded_number_of_solutions() {
    for stip in ["h#255", "ser-h#255"] {
        let start = Instant::now();
        let o = run(&["solve", "--fen", KR_K, "--stip", stip, "--max-time", "20"]);
        assert_eq!(exited(&o), 0);
        let lines = stdout(&o).lines().filter(|l| l.contains('#')).count();
        assert!(lines <= 100_100, "{stip}: {lines} lines");
        assert!(stdout(&o).ends_with("Partial solution\n"));
        assert!(
            stderr(&o).contains("stopped after 100000 solutions"),
            "{}",
            stderr(&o)
        );
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{stip}: the time limit was not what stopped it"
        );
    }
}

// 5b. The lines that `solve` prints are not also kept: a long help search stays within
// its table's size and 64 MB (it took 146 MB with `--hash 16` when every printed line was
// kept). Measured by /usr/bin/time where the system has it.
#[test]
fn d05b_printed_lines_are_not_kept_in_memory() {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        eprintln!("skipped: this system has no /usr/bin/time");
        return;
    }
    for stip in ["h#255", "ser-h#255", "h=255"] {
        let o = Command::new(time)
            .args(["-f", "peak %M KB"])
            .arg(env!("CARGO_BIN_EXE_fairy"))
            .args(["solve", "--hash", "16", "--fen", KR_K, "--stip", stip])
            .args(["--max-time", "20"])
            .output()
            .expect("/usr/bin/time runs");
        assert_eq!(exited(&o), 0, "{}", stderr(&o));
        let peak: u64 = stderr(&o)
            .lines()
            .find_map(|l| l.strip_prefix("peak ")?.strip_suffix(" KB")?.parse().ok())
            .expect("the peak resident size");
        assert!(
            peak <= (16 + 64) * 1024,
            "{stip}: {peak} KB at its peak with a 16 MB table"
        );
        assert!(
            stdout(&o).lines().count() > 100_000,
            "{stip}: the lines were printed"
        );
    }
}

/// Runs `args` with standard output a pipe whose reader is gone before anything is
/// written; returns the output of standard error and the exit code.
fn with_closed_pipe(args: &[&str]) -> (i32, String) {
    let mut child = fairy()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    let code = status
        .code()
        .unwrap_or_else(|| panic!("{args:?} ended by a signal: {status:?}"));
    (code, err)
}

// 6. batch, perft and bench panicked on a closed pipe; solve and check went on solving.
#[test]
fn d06_a_closed_pipe_ends_every_subcommand_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let many = MATE.replace("end\n", "next\n").repeat(40) + "end\n";
    let f = file_with(dir.path(), "many.inp", many.as_bytes());
    let d = dir.path().to_str().unwrap();
    for args in [
        vec!["batch", d],
        vec!["perft", "--depth", "2", "--divide"],
        vec!["bench", "--quick", "--no-solve", "--condition", "Circe"],
        vec!["solve", "--time", f.as_str()],
        vec!["check", f.as_str()],
    ] {
        let (code, err) = with_closed_pipe(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if args[0] == "solve" {
            // Stopped at the first problem whose output could not be written.
            let solved = err.matches(": problem ").count();
            assert!(solved < 40, "went on solving: {err}");
        }
    }
}

// 7. With standard output on a full disk, solve and check exited 0 and lost the output.
#[test]
fn d07_a_full_disk_on_standard_output_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: this system has no /dev/full");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let f = file_with(dir.path(), "t.inp", MATE.as_bytes());
    for sub in ["solve", "check"] {
        let o = fairy()
            .args([sub, f.as_str()])
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(exited(&o), 2, "{sub}");
        assert!(
            stderr(&o).contains("cannot write to standard output"),
            "{sub}: {}",
            stderr(&o)
        );
    }
}

// 8. One unreadable folder or file aborted solve, check and batch with nothing solved.
#[test]
fn d08_an_unreadable_path_is_reported_and_the_others_are_solved() {
    let dir = tempfile::tempdir().unwrap();
    let good = file_with(dir.path(), "good.inp", MATE.as_bytes());
    let missing = dir.path().join("gone").to_str().unwrap().to_string();
    for sub in ["solve", "check", "batch"] {
        let o = run(&[sub, &missing, &good]);
        assert_eq!(exited(&o), 2, "{sub}");
        assert!(stderr(&o).contains("gone"), "{sub}: {}", stderr(&o));
        match sub {
            "solve" => assert!(stdout(&o).contains("1.Ra1-a8 #")),
            "check" => assert!(stdout(&o).contains("sound"), "{}", stdout(&o)),
            _ => assert!(stdout(&o).contains("orthodox"), "{}", stdout(&o)),
        }
    }
    // A folder the user may not read (permissions mean nothing to the superuser).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        file_with(&locked, "hidden.inp", MATE.as_bytes());
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        if std::fs::read_dir(&locked).is_err() {
            let d = dir.path().to_str().unwrap();
            for sub in ["solve", "check", "batch"] {
                let o = run(&[sub, d]);
                assert_eq!(exited(&o), 2, "{sub}");
                assert!(stderr(&o).contains("locked"), "{sub}: {}", stderr(&o));
                assert!(stdout(&o).contains(if sub == "check" { "sound" } else { "1" }));
            }
        } else {
            eprintln!("skipped the permission part: running as the superuser");
        }
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

// 9. --resume on a device read for ever.
#[test]
fn d09_a_report_that_is_not_a_regular_file_is_refused() {
    if !Path::new("/dev/zero").exists() {
        eprintln!("skipped: this system has no /dev/zero");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    file_with(dir.path(), "good.inp", MATE.as_bytes());
    let d = dir.path().to_str().unwrap();
    for device in ["/dev/zero", "/dev/full"] {
        let start = Instant::now();
        let o = run(&["batch", d, "--resume", device]);
        assert_eq!(exited(&o), 2, "{device}");
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
        assert!(start.elapsed() < Duration::from_secs(30));
    }
}

// 10. A byte-order mark gave "unknown command"; bare CR line ends, "no stipulation".
#[test]
fn d10_byte_order_marks_and_old_mac_line_ends_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(MATE.as_bytes());
    let cr = MATE.replace('\n', "\r");
    let crlf = MATE.replace('\n', "\r\n");
    for (name, bytes) in [
        ("bom.inp", bom),
        ("cr.inp", cr.into_bytes()),
        ("crlf.inp", crlf.into_bytes()),
    ] {
        let f = file_with(dir.path(), name, &bytes);
        let o = run(&["solve", &f]);
        assert_eq!(exited(&o), 0, "{name}: {}", stderr(&o));
        assert!(stdout(&o).contains("1.Ra1-a8 #"), "{name}");
    }
}

// 11. `twin move` onto a unit removed it without a word (the reference solver writes
// the removal); `twin move a1 a1` panicked.
#[test]
fn d11_a_twin_move_onto_a_unit_says_what_it_removes() {
    let dir = tempfile::tempdir().unwrap();
    let text = "begin\npieces white Ke1 Ra1 black Ke8 Rh8\nstipulation h#1\n\
                twin move a1 e8\ntwin move a1 a1\nend\n";
    let f = file_with(dir.path(), "t.inp", text.as_bytes());
    let o = run(&["solve", &f]);
    exited(&o);
    assert!(stdout(&o).contains("b) -bKe8  wRa1-->e8"), "{}", stdout(&o));
    assert!(stdout(&o).contains("c) wRa1-->a1"), "{}", stdout(&o));
}

// 12. Text after `end` was dropped without a word.
#[test]
fn d12_text_after_end_is_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{MATE}begin\npieces white Kg6 Ra1 black Kh8\nstipulation #1\nend\n");
    let f = file_with(dir.path(), "t.inp", text.as_bytes());
    for sub in ["solve", "check", "batch"] {
        let o = run(&[sub, &f]);
        assert_eq!(exited(&o), 0, "{sub}");
        assert!(
            stderr(&o).contains(&format!(
                "{f}:5:1: warning: the text after `end` is not read"
            )),
            "{sub}: {}",
            stderr(&o)
        );
    }
}

// 13. check with nothing to check exited 0.
#[test]
fn d13_nothing_to_check_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap().to_string();
    let empty = file_with(dir.path(), "empty.inp", b"");
    for args in [
        vec!["check", d.as_str()],
        vec!["check", empty.as_str()],
        vec!["solve", empty.as_str()],
    ] {
        let o = run(&args);
        assert_eq!(exited(&o), 2, "{args:?}");
    }
}

// 14. A bare `R` (no square) was read as the attribute royal and dropped.
#[test]
fn d14_a_piece_without_a_square_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for (text, col) in [
        (
            "begin\npieces white Ke1 R black Ke8\nstipulation #1\nend\n",
            18,
        ),
        (
            "begin\npieces white Ke1 Rb2 royal\nstipulation #1\nend\n",
            22,
        ),
    ] {
        let f = file_with(dir.path(), "t.inp", text.as_bytes());
        let o = run(&["solve", &f]);
        assert_eq!(exited(&o), 2);
        assert!(
            stderr(&o).contains(&format!("{f}:2:{col}: error:"))
                && stderr(&o).contains("no piece follows"),
            "{}",
            stderr(&o)
        );
    }
}

// 15. A resumed batch with nothing left to do exited 0 although its report held failures.
#[test]
fn d15_a_resumed_batch_reports_the_failures_of_earlier_runs() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("p");
    std::fs::create_dir(&problems).unwrap();
    file_with(
        &problems,
        "bad.inp",
        b"begin\npieces white Ke1 black Ke8\nend\n",
    );
    file_with(&problems, "good.inp", MATE.as_bytes());
    let report = dir.path().join("r.jsonl");
    let (p, r) = (problems.to_str().unwrap(), report.to_str().unwrap());
    let o = run(&["batch", p, "--report", r]);
    assert_eq!(exited(&o), 2);
    let o = run(&["batch", p, "--resume", r]);
    assert_eq!(exited(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("1 problems failed in an earlier run"),
        "{}",
        stderr(&o)
    );
}

// The batch survives a problem that ends its process: the supervisor marks it failed
// and goes on. Here the solving process is killed (as the system kills a process for
// want of memory) while it works on a long problem.
#[cfg(target_os = "linux")]
#[test]
fn batch_goes_on_past_a_problem_that_ends_the_solving_process() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("p");
    std::fs::create_dir(&problems).unwrap();
    let long = "begin\npieces white Kg6 Ra1 black Kh8 Pa7 Pb7 Pc7 Pd7\nstipulation ser-h#40\nend\n";
    file_with(&problems, "a-long.inp", long.as_bytes());
    file_with(&problems, "b-short.inp", MATE.as_bytes());
    let report = dir.path().join("r.jsonl");
    let mut parent = fairy()
        .args([
            "batch",
            problems.to_str().unwrap(),
            "--max-time",
            "60",
            "--report",
        ])
        .arg(&report)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the solving child and for the journal's first problem to be under way.
    let children = format!("/proc/{}/task/{}/children", parent.id(), parent.id());
    let start = Instant::now();
    let child = loop {
        let text = std::fs::read_to_string(&children).unwrap_or_default();
        if let Some(pid) = text.split_whitespace().next() {
            break pid.to_string();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no child process"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-KILL", &child])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut out = String::new();
    parent
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    parent
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = parent.wait().unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        err.contains("a-long.inp: error: the solver process ended"),
        "{err}"
    );
    let rows = std::fs::read_to_string(&report).unwrap();
    assert_eq!(rows.lines().count(), 2, "{rows}");
    assert!(rows.contains("\"status\":\"failed\""), "{rows}");
    assert!(rows.contains("1.Ra1-a8 #"), "{rows}");
    assert!(out.contains("orthodox         2       1"), "{out}");
}

// 16 (the table's alignment on 32-bit targets) is pinned by the construction in
// `search/tt.rs` (allocated with the layout of its own slot type) and its unit tests.

#[test]
fn perft_depth_is_bounded() {
    let o = run(&["perft", "--depth", "1000"]);
    assert_eq!(exited(&o), 2);
    assert!(stderr(&o).contains("at most 64"), "{}", stderr(&o));
}
