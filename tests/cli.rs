//! The command line: exit codes, error messages with places, the output formats.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("the fairy binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A temporary problem file holding `text`.
fn problem_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".inp")
        .tempfile()
        .expect("temp file");
    f.write_all(text.as_bytes()).unwrap();
    f.flush().unwrap();
    f
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// Whether `text` holds `name:LINE:COL` with the given line and some column.
fn has_place(text: &str, name: &str, line: u32) -> bool {
    let needle = format!("{name}:{line}:");
    text.match_indices(&needle).any(|(i, _)| {
        let rest = &text[i + needle.len()..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(':')
    })
}

/// Schöpfer, Neue Leipziger Zeitung 1927: #2, key 1.Qa7-f2.
const GOOD: &str = "stipulation #2\npieces white Ke1 Qa7 Rh1 black Kc1\n";

#[test]
fn bad_piece_letter_is_reported_with_its_place() {
    let f = problem_file("begin\nstipulation #2\npieces white Ke1 Xa7 black Kc1\nend\n");
    let name = path_str(f.path());
    let o = fairy(&["solve", name]);
    assert!(!o.status.success(), "exit status {:?}", o.status);
    let err = stderr(&o);
    assert!(
        has_place(&err, name, 3),
        "no {name}:3:col in stderr:\n{err}"
    );
    assert!(
        err.contains("Xa7") || err.contains('X'),
        "stderr does not name the bad piece:\n{err}"
    );
}

#[test]
fn a_malformed_problem_does_not_stop_the_next() {
    let text = format!("begin\nstipulation #2\npieces white Ke1 Xa7 black Kc1\nnext\n{GOOD}end\n");
    let f = problem_file(&text);
    let name = path_str(f.path());
    let o = fairy(&["solve", name]);
    assert!(!o.status.success(), "exit status {:?}", o.status);
    assert!(has_place(&stderr(&o), name, 3), "stderr:\n{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("   1.Qa7-f2 !"),
        "the second problem's key is missing:\n{out}"
    );
    assert!(out.contains("solution finished."), "{out}");
}

#[test]
fn solve_from_fen() {
    // Kb6 guards a7 and b7, the rook mates on the back rank.
    let o = fairy(&[
        "solve",
        "--fen",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "--stip",
        "#1",
    ]);
    let out = stdout(&o);
    assert!(
        o.status.success(),
        "exit status {:?}, stderr:\n{}",
        o.status,
        stderr(&o)
    );
    assert!(out.contains("1.Rh1-h8 # !"), "no key in:\n{out}");
    assert!(out.contains("solution finished."), "{out}");
}

#[test]
fn json_output_is_valid_json() {
    let f = problem_file(&format!(
        "begin\n{GOOD}next\nstipulation h#2\npieces white Ke1 Ra1 Rh1 Pb3 black Kd3 Rh2 Pf3\nend\n"
    ));
    let o = fairy(&["solve", "--json", path_str(f.path())]);
    assert!(
        o.status.success(),
        "exit status {:?}, stderr:\n{}",
        o.status,
        stderr(&o)
    );
    let out = stdout(&o);
    let values: Vec<serde_json::Value> = out
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(values.len(), 2, "one JSON object per problem:\n{out}");
    assert!(values.iter().all(serde_json::Value::is_object));
    let text = out.to_string();
    assert!(text.contains("Qa7-f2"), "{out}");
    assert!(text.contains("Kd3-c2"), "{out}");
}

#[test]
fn perft_of_the_game_array() {
    let o = fairy(&["perft", "--depth", "3"]);
    assert!(
        o.status.success(),
        "exit status {:?}, stderr:\n{}",
        o.status,
        stderr(&o)
    );
    assert!(stdout(&o).contains("8902"), "{}", stdout(&o));
}

#[test]
fn side_not_to_move_in_check_is_an_error() {
    // White to play (#2) and the black king on e8 is in check from the queen on e7.
    let f = problem_file("begin\nstipulation #2\npieces white Ke1 Qe7 black Ke8\nend\n");
    let name = path_str(f.path());
    let o = fairy(&["solve", name]);
    assert!(!o.status.success(), "exit status {:?}", o.status);
    let err = stderr(&o);
    assert!(
        has_place(&err, name, 2) || has_place(&err, name, 3),
        "no place in stderr:\n{err}"
    );
    assert!(err.contains("error"), "{err}");
}

/// A grasshopper pinned to its king by a rook on the far side may hop over its king to the
/// square beyond and stay on the pin line, uncovering the king: illegal. The pin masks
/// once allowed every square of the line.
#[test]
fn a_pinned_grasshopper_may_not_hop_over_its_king() {
    let f = problem_file("begin\nstipulation #1\npieces white Kh5 Gh4 black Rh1 Ka8\nend\n");
    let o = fairy(&["perft", "--depth", "1", "--divide", path_str(f.path())]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("Gh4-h6"), "{out}");
    // Kg4, Kg5, Kg6, Kh6 (h4 is its own unit's).
    assert!(out.contains("perft 1 = 4"), "{out}");
}

#[test]
fn unknown_condition_is_an_error() {
    let f = problem_file(&format!("begin\ncondition Frobnicate\n{GOOD}end\n"));
    let name = path_str(f.path());
    let o = fairy(&["solve", name]);
    assert!(!o.status.success(), "exit status {:?}", o.status);
    let err = stderr(&o);
    assert!(
        err.contains("Frobnicate"),
        "stderr does not name the condition:\n{err}"
    );
    assert!(
        has_place(&err, name, 2),
        "no {name}:2:col in stderr:\n{err}"
    );
}

#[test]
fn missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nothing-here.inp");
    let o = fairy(&["solve", path_str(&missing)]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("nothing-here.inp"), "{}", stderr(&o));
}

/// The text `fairy solve` prints for a problem file of `problems/`.
fn solve_problem(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(rel);
    let o = fairy(&["solve", path_str(&path)]);
    assert!(o.status.success(), "{rel}: {}", stderr(&o));
    stdout(&o)
}

/// In direct play a defence is marked with its check only, never with a goal: under
/// Checkless chess the only checks are mates, and the reference solver prints the
/// refutation `1...Rb7-h7 + !`.
#[test]
fn a_refutation_that_mates_the_attacker_shows_its_check_only() {
    let out = solve_problem("checkless/m2-burbach-1985.inp");
    assert!(out.contains("1...Rb7-h7 + !"), "{out}");
    assert!(out.contains("1...Rb7-b1 + !"), "{out}");
    assert!(!out.contains("Rb7-h7 #"), "{out}");
}

/// Set play of a selfmate longer than s#2 shows a defence that reaches the goal at once
/// only where every defence does: Black Maximummer's one longest move mates.
#[test]
fn a_forced_set_mate_of_a_long_selfmate_is_shown() {
    let out = solve_problem("maximummer/s10-moutecidis.inp");
    let set = out.find("1...Qh7-b1 #").expect("the set mate");
    let key = out.find("1.d2-d4 !").expect("the key");
    assert!(set < key, "{out}");
}

/// Help play's set play in whole moves (h#3 with White to play: Black's h#2 after a White
/// pass) shows the pass, numbered as the reference solver numbers it.
#[test]
fn set_play_after_a_pass_is_numbered_from_the_pass() {
    let out = solve_problem("andernach/h3-setplay-lins.inp");
    assert!(
        out.contains("  1...  ...  2.Ra4*c4=w Rc4-a4   3.Qd7*a4=w Qa4-d4 #"),
        "{out}"
    );
}

/// A direct mate in one shows its keys only, even with option Try, as the reference
/// solver prints it (tries are shown from s#1 and #2 on).
#[test]
fn a_mate_in_one_shows_no_tries() {
    let out = solve_problem("bichrome/m1-queen-gives-no-check-constructed.inp");
    assert!(out.contains("1.Sg5-f7 # !"), "{out}");
    assert!(!out.contains(" ?"), "{out}");
}

/// Take & Make: after 1.d7-d5 the white pawn may take en passant and make as the black
/// pawn it took, back onto d5 (`e5*d5` in the reference solver, which lists five White
/// answers there: three king moves, e5-e6 and that capture). The reference solver's `h~1`
/// of this position lists 22 two-move lines, the perft count to depth 2.
#[test]
fn take_and_make_en_passant_makes_back_onto_the_captured_pawns_square() {
    let f = problem_file(
        "begin\nstipulation h#1\ncondition Take&MakeChess\npieces white Ka1 Pe5 black Kh8 Pd7\nend\n",
    );
    let o = fairy(&["perft", "--depth", "2", path_str(f.path())]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("perft 2 = 22"), "{}", stdout(&o));
}

/// The flags agree across subcommands: `--cond` and `--condition` on each, and time
/// limits in seconds with fractions everywhere.
#[test]
fn flags_agree_across_subcommands() {
    let o = fairy(&["perft", "--cond", "Circe", "--depth", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("perft 2 = 400"));
    let o = fairy(&[
        "solve",
        "--condition",
        "Circe",
        "--fen",
        "7k/8/6K1/8/8/8/8/R7",
        "--stip",
        "#1",
        "--max-time",
        "2.5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Circe") && stdout(&o).contains("1.Ra1-a8 #"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.inp"), GOOD).unwrap();
    let o = fairy(&["batch", dir.path().to_str().unwrap(), "--max-time", "0.5"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The reference solver's command line, as a front end such as Olive runs an engine:
/// `<engine> -maxmem 1024M <file>`, a file without extension, `option Variation NoBoard`.
/// The expected text is Popeye 4.104's output for the same file (its greeting line names
/// Popeye instead).
#[test]
fn the_reference_solvers_command_line_runs_as_a_front_end_expects() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("problem");
    std::fs::write(
        &path,
        "begin\nauthor Someone\npieces white Kg6 Ra1 black Kh8\nstipulation #1\n\
         condition Circe\noption Variation NoBoard\nend\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let o = fairy(&["-maxmem", "1024M", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let (greeting, rest) = out.split_once('\n').unwrap();
    assert!(
        greeting.starts_with("fairy ") && greeting.ends_with(" (1024 MB)"),
        "{greeting}"
    );
    let rest = rest.split(" Time = ").next().unwrap();
    assert_eq!(rest, "\n   1.Ra1-a8 # !\n\n\nsolution finished.");
    assert!(out.ends_with(" s\n\n\n"), "{out:?}");
    // -regression: no greeting, no time; standard input when no file is named.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fairy"))
        .arg("-regression")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(&path).unwrap())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        stdout(&o),
        "\n   1.Ra1-a8 # !\n\n\nsolution finished.\n\n\n"
    );
    // A parameter the reference solver does not know is read as a file name, as there.
    let o = fairy(&["-nosuch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("-nosuch"), "{}", stderr(&o));
}

/// `-heartbeat RATE`: heartbeat lines on standard error while a search runs, and the end
/// of the process (status 1) once they cannot be written: a paralleliser that has gone
/// leaves no solver running.
#[test]
fn heartbeat_lines_stop_the_run_when_nobody_reads_them() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.inp");
    // Constructed: a long series the solver works on for many seconds.
    std::fs::write(
        &path,
        "begin\npieces white Kg6 Ra1 black Kh8 Pa7 Pb7 Pc7 Pd7\nstipulation ser-h#40\nend\n",
    )
    .unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["-heartbeat", "2500", "-maxtime", "60"])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut first = [0u8; 16];
    stderr.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"heartbeat:    1\n");
    drop(stderr);
    let start = std::time::Instant::now();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

/// Streaming, as a front end sees it: the reference solver's command line, a file without
/// extension, `option Variation NoBoard`; each solution is on standard output as soon as
/// it is proven, and SIGTERM (a front end's stop button) ends the run at once with the
/// reference solver's words, what was proven already out. Constructed: twin a) is the
/// mirrored fool's mate from the game array (h#2, eight solutions), twin b) asks for h#6
/// from there, a search of many seconds.
#[cfg(unix)]
#[test]
fn solutions_stream_and_a_stopped_run_keeps_them() {
    use std::io::{BufRead, BufReader, Read};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("problem");
    std::fs::write(
        &path,
        "begin\npieces white Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2\n\
         black Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7\n\
         stipulation h#2\noption Variation NoBoard\ntwin stipulation h#6\nend\n",
    )
    .unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["-maxmem", "64M"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = Vec::new();
    // Read up to the first solution of twin b).
    loop {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the run ended early: {seen:?}"
        );
        let twin_b = seen.iter().any(|l: &String| l.starts_with("b)"));
        let solution = line.trim_start().starts_with("1.");
        seen.push(line);
        if twin_b && solution {
            break;
        }
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    let text = seen.concat() + &rest;
    // Twin a) was out whole before twin b) began, and twin b)'s first solution before
    // its search ended: the run was stopped after it, by the signal.
    let a = text.find("a) \n\n").expect("twin a)");
    let line = text
        .find("  1.f7-f6 e2-e3   2.g7-g5 Qd1-h5 #\n")
        .expect("a solution");
    let b = text.find("b)").expect("twin b)");
    assert!(a < line && line < b, "{text}");
    assert!(!text.contains("solution finished"), "{text}");
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.starts_with("Abort by signal 15 after "), "{text}");
    assert!(last.ends_with(" s"), "{last}");
    assert_eq!(status.code(), Some(1), "{text}");
}
