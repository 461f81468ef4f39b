//! Every problem under `problems/` is solved and its solution compared with the one the
//! file states.
//!
//! # The remark convention
//!
//! A problem file states its known solution in `remark` lines, one statement per line:
//!
//! ```text
//! remark solution: 1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #     help/series play: one full solution line
//! remark set: 1...Bg4-e2 2.0-0-0 Be2-a6 #                 help play set play (option SetPlay): one line
//! remark key: 1.Qa7-f2                                    battle play (#n, s#n, ...): one key
//! remark try: 1.c7-c8=S +                                 battle play with option Try: one try
//! ```
//!
//! * Moves are written as the solver prints them (Popeye's long notation, with ` +`,
//!   ` #`, ` ep.` marks); whitespace is normalised before comparing, so
//!   `1.Kc8-b8 0-0 2.g3-g2 Rf1-f8 #` matches Popeye's `  1.Kc8-b8 0-0   2.g3-g2 Rf1-f8 #`.
//!   Keys and tries may be written with or without the leading `1.`.
//! * A problem with twins puts the twin letter before the colon:
//!   `remark solution b): 1.Kg8-h8 0-0 2.Sh4-g2 Rf1-f8 #`, `remark key a): 1.Rb2*f2`.
//!   Every statement of a twinned problem must name its twin; a problem without twins must not.
//! * The notation is forgiving where it cannot be ambiguous: `x` may stand for `*` and a
//!   check or mate mark may be glued to its move (`Kg4xf4`, `Rf5-f4#`).
//! * `try:` lines are optional: when a problem states none, its tries are not checked; when
//!   it states some, they must be exactly the solver's tries (option Try).
//! * Any other remark (not starting with `solution`, `set`, `key` or `try` followed by an
//!   optional twin letter and a colon) is free text and ignored.
//!
//! For every twin the test compares, separately for each kind, the set of stated lines with
//! the solver's: help play — every solution line (`  1.…` lines of the output) and the set-play
//! lines; battle play — the keys (`   1.X !`) and, if stated, the tries (`   1.X ?`). A missing or an extra
//! line fails the test, as does a partial solution, an error, or a problem stating nothing.
//! The test walks `problems/` recursively, so new subfolders (other conditions) are checked too.

use fairy::check::{parse_remark, RemarkKind};
use fairy::input::{parse_file, TextKind};
use fairy::output::text;
use fairy::problem::{solve_problem, solve_problem_streamed, Outcome, ProblemReport, SolveConfig};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Solution,
    Set,
    Key,
    Try,
}

/// One stated line: kind, twin letter, normalised text.
impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Solution => "solution",
            Kind::Set => "set",
            Kind::Key => "key",
            Kind::Try => "try",
        }
    }
    const ALL: [Kind; 4] = [Kind::Solution, Kind::Set, Kind::Key, Kind::Try];
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Statement {
    kind: Kind,
    twin: Option<char>,
    text: String,
}

/// Whitespace-normalised, with the common variants of the notation mapped onto Popeye's:
/// `x` for a capture becomes `*`, a check or mate mark glued to its move (`Rf5-g5+`,
/// `Rf5-f4#`) is set apart (`Rf5-g5 +`, `Rf5-f4 #`).
fn normalise(s: &str) -> String {
    let mut words = Vec::new();
    for w in s.split_whitespace() {
        let w = w.replace('x', "*");
        match w.char_indices().last() {
            Some((i, mark @ ('+' | '#'))) if i > 0 => {
                words.push(w[..i].to_string());
                words.push(mark.to_string());
            }
            _ => words.push(w),
        }
    }
    words.join(" ")
}

/// A key or try without its move number: `1.Qa7-f2` and `Qa7-f2` both give `Qa7-f2`.
fn normalise_first_move(s: &str) -> String {
    let s = normalise(s);
    s.strip_prefix("1.").map(str::to_string).unwrap_or(s)
}

/// Reads a remark with the library's reader of the statement forms (`fairy check` reads
/// the same ones); `None` for free text and for the soundness statements, `Some(Err)` for
/// a statement that is malformed.
fn parse_statement(remark: &str) -> Option<Result<Statement, String>> {
    let statement = parse_remark(remark)?;
    let kind = match statement.kind {
        RemarkKind::Solution => Kind::Solution,
        RemarkKind::Set => Kind::Set,
        RemarkKind::Key => Kind::Key,
        RemarkKind::Try => Kind::Try,
        RemarkKind::Intended | RemarkKind::Verdict => return None,
    };
    let (twin, body) = (statement.twin, statement.text.as_str());
    let text = match kind {
        Kind::Key | Kind::Try => normalise_first_move(body),
        _ => normalise(body),
    };
    if text.is_empty() {
        return Some(Err(format!("empty statement in remark \"{remark}\"")));
    }
    Some(Ok(Statement { kind, twin, text }))
}

/// The twin letter of a Popeye twin label (`a) `, `b) bSh3-->h4  `, `+c) ...`).
fn twin_letter(label: &Option<String>) -> Option<char> {
    label
        .as_deref()
        .and_then(|l| l.trim_start().trim_start_matches('+').chars().next())
}

/// A help-play line of the output: two spaces, a move number, a dot.
fn is_help_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("  ") else {
        return false;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && rest[digits..].starts_with('.')
}

/// A first move of battle play (`   1.Qa7-f2 ! threat:`, `   1.c7-c8=S + ?`): the move and
/// whether it is a key (`!`) or a try (`?`).
fn battle_root(line: &str) -> Option<(String, bool)> {
    let rest = line.strip_prefix("   1.")?;
    if rest.starts_with('.') || rest.starts_with(' ') {
        return None;
    }
    let mut words = Vec::new();
    for w in rest.split_whitespace() {
        match w {
            "!" => return Some((words.join(" "), true)),
            "?" => return Some((words.join(" "), false)),
            _ => words.push(w),
        }
    }
    None
}

type Sets = BTreeMap<Kind, BTreeSet<String>>;

/// What the solver found for every twin, by twin letter (`None` without twins).
fn solver_sets(report: &ProblemReport) -> Result<Vec<(Option<char>, Sets)>, String> {
    let mut out = Vec::new();
    for twin in &report.twins {
        let letter = twin_letter(&twin.label);
        let outcome = twin
            .outcome
            .as_ref()
            .map_err(|e| format!("twin {letter:?}: error: {}", e.message))?;
        if outcome.partial() {
            return Err(format!("twin {letter:?}: partial solution (time limit?)"));
        }
        // The twin on its own, as the text output prints it.
        let single = ProblemReport {
            spec: report.spec.clone(),
            twins: vec![twin.clone()],
        };
        let printed = text::problem(&single);
        let mut sets: Sets = Kind::ALL.iter().map(|&k| (k, BTreeSet::new())).collect();
        match outcome {
            Outcome::Help { set_play, .. } => {
                let set_lines: Vec<String> = set_play
                    .iter()
                    .flat_map(|s| s.lines.iter())
                    .map(|l| normalise(&text::help_line(l)))
                    .collect();
                let mut help_lines: Vec<String> = printed
                    .lines()
                    .filter(|l| is_help_line(l))
                    .map(normalise)
                    .collect();
                for s in &set_lines {
                    let i = help_lines.iter().position(|l| l == s).ok_or_else(|| {
                        format!("twin {letter:?}: set-play line \"{s}\" not in the printed output")
                    })?;
                    help_lines.remove(i);
                }
                sets.insert(Kind::Set, set_lines.into_iter().collect());
                sets.insert(Kind::Solution, help_lines.into_iter().collect());
            }
            Outcome::Battle(_) => {
                for (mv, key) in printed.lines().filter_map(battle_root) {
                    sets.get_mut(if key { &Kind::Key } else { &Kind::Try })
                        .unwrap()
                        .insert(normalise(&mv));
                }
            }
        }
        out.push((letter, sets));
    }
    Ok(out)
}

/// Solves every problem of `text` and compares with its statements; returns the problems
/// checked or the list of discrepancies.
fn check_text(name: &str, text: &str) -> Result<usize, Vec<String>> {
    let config = SolveConfig {
        hash_mb: 32,
        max_time: Some(Duration::from_secs(120)),
    };
    let mut errors = Vec::new();
    let mut checked = 0;
    for (i, parsed) in parse_file(text).into_iter().enumerate() {
        let here = format!("{name}, problem {}", i + 1);
        let spec = match parsed {
            Ok(spec) => spec,
            Err(e) => {
                errors.push(format!("{here}: does not parse: {e}"));
                continue;
            }
        };
        let mut statements = Vec::new();
        for remark in spec.texts_of(TextKind::Remark) {
            match parse_statement(remark) {
                Some(Ok(s)) => statements.push(s),
                Some(Err(e)) => errors.push(format!("{here}: {e}")),
                None => {}
            }
        }
        if statements.is_empty() {
            errors.push(format!(
                "{here}: states no solution (remark solution:/key: lines)"
            ));
            continue;
        }
        let report = match solve_problem(&spec, &config) {
            Ok(r) => r,
            Err(e) => {
                errors.push(format!("{here}: error: {}", e.message));
                continue;
            }
        };
        let found = match solver_sets(&report) {
            Ok(f) => f,
            Err(e) => {
                errors.push(format!("{here}: {e}"));
                continue;
            }
        };
        let twinned = found.len() > 1 || found.iter().any(|(l, _)| l.is_some());
        for s in &statements {
            if twinned && s.twin.is_none() {
                errors.push(format!(
                    "{here}: the problem has twins; \"{} {}\" names none",
                    s.kind.word(),
                    s.text
                ));
            }
            if !twinned && s.twin.is_some() {
                errors.push(format!(
                    "{here}: the problem has no twins; \"{} {}\" names one",
                    s.kind.word(),
                    s.text
                ));
            }
            if let Some(twin) = s.twin {
                if !found.iter().any(|(l, _)| *l == s.twin) {
                    errors.push(format!("{here}: no twin {twin:?}"));
                }
            }
        }
        for (letter, sets) in &found {
            for kind in Kind::ALL {
                let stated: BTreeSet<String> = statements
                    .iter()
                    .filter(|s| s.kind == kind && (!twinned || s.twin == *letter))
                    .map(|s| s.text.clone())
                    .collect();
                // Tries are checked only where the problem states some (a key alone is enough
                // to pin down a direct or self mate; its tries are optional).
                if kind == Kind::Try && !statements.iter().any(|s| s.kind == Kind::Try) {
                    continue;
                }
                let got = &sets[&kind];
                let twin = letter.map(|c| format!(" twin {c})")).unwrap_or_default();
                for missing in stated.difference(got) {
                    errors.push(format!(
                        "{here}{twin}: stated {} not found by the solver: {missing}",
                        kind.word()
                    ));
                }
                for extra in got.difference(&stated) {
                    errors.push(format!(
                        "{here}{twin}: solver found a {} the file does not state: {extra}",
                        kind.word()
                    ));
                }
            }
        }
        checked += 1;
    }
    if errors.is_empty() {
        Ok(checked)
    } else {
        Err(errors)
    }
}

fn inp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            inp_files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("inp")) {
            out.push(p);
        }
    }
}

#[test]
fn stated_solutions_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files = Vec::new();
    inp_files(&root, &mut files);
    assert!(!files.is_empty(), "no .inp files under {}", root.display());
    let mut errors = Vec::new();
    let mut problems = 0;
    for file in &files {
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        let bytes = std::fs::read(file).unwrap();
        let text = String::from_utf8(bytes.clone())
            .unwrap_or_else(|_| bytes.iter().map(|&b| b as char).collect());
        let start = std::time::Instant::now();
        match check_text(&name, &text) {
            Ok(n) => {
                problems += n;
                println!(
                    "ok   {name} ({n} problem(s), {:.2} s)",
                    start.elapsed().as_secs_f64()
                );
            }
            Err(e) => {
                println!("FAIL {name}");
                errors.extend(e);
            }
        }
    }
    println!("{problems} problems in {} files checked", files.len());
    assert!(
        errors.is_empty(),
        "{} discrepancies:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

// The checker itself: it must notice a missing, an extra or a wrong line.

const FOELDEAK: &str = "begin
author Arpad Foeldeak
origin Die Schwalbe, 1955
stipulation h#2
pieces white Ke1 Ra1 Rh1 Pb3 black Kd3 Rh2 Pf3
";

/// The whole printed solution of every problem under `problems/` is the same on one
/// thread and on two: the parallel searches split their work differently (the battle
/// root, for one, searches its costliest moves first with several threads) but report in
/// the one-thread order. On two threads the text is also printed as the search goes
/// (`text::Printer`, as `fairy solve` prints), and that stream is the same text.
#[test]
fn one_thread_and_two_print_the_same_and_streaming_changes_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files = Vec::new();
    inp_files(&root, &mut files);
    let config = SolveConfig {
        hash_mb: 32,
        max_time: None,
    };
    let printed = |threads: usize, spec: &fairy::input::ProblemSpec| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let streamed = std::sync::Mutex::new(String::new());
        let printer = text::Printer::new(
            |piece: &str| streamed.lock().unwrap().push_str(piece),
            text::Footer::Plain,
        );
        let report = pool.install(|| solve_problem_streamed(spec, &config, &printer));
        report.map(|report| {
            let text = text::problem(&report);
            let streamed = streamed.lock().unwrap().clone();
            assert_eq!(
                streamed, text,
                "streamed (left) and printed from the report"
            );
            text
        })
    };
    let mut compared = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, spec) in parse_file(&text).into_iter().enumerate() {
            let Ok(spec) = spec else { continue };
            let (one, two) = (printed(1, &spec), printed(2, &spec));
            match (one, two) {
                (Ok(one), Ok(two)) => assert_eq!(
                    one,
                    two,
                    "{}, problem {}: one thread (left), two",
                    file.display(),
                    i + 1
                ),
                (Err(_), Err(_)) => {}
                _ => panic!(
                    "{}, problem {}: solved on one thread count only",
                    file.display(),
                    i + 1
                ),
            }
            compared += 1;
        }
    }
    assert!(
        compared >= files.len(),
        "{compared} problems in {} files",
        files.len()
    );
}

#[test]
fn checker_accepts_exact_statement() {
    let text = format!(
        "{FOELDEAK}remark solution: 1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #\nremark solution:   1.Kd3-c2 Ra1-a2 +   2.Kc2-c1 0-0 #\nend\n"
    );
    assert_eq!(check_text("exact", &text), Ok(1));
}

#[test]
fn checker_detects_missing_solution() {
    let text = format!("{FOELDEAK}remark solution: 1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #\nend\n");
    let errors = check_text("missing", &text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("does not state") && errors[0].contains("Kd3-c2"),
        "{errors:?}"
    );
}

#[test]
fn checker_detects_extra_solution() {
    let text = format!(
        "{FOELDEAK}remark solution: 1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #\nremark solution: 1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #\nremark solution: 1.Kd3-e4 Ra1-a4 + 2.Ke4-f5 Rh1-h5 #\nend\n"
    );
    let errors = check_text("extra", &text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("not found by the solver"), "{errors:?}");
}

#[test]
fn checker_detects_wrong_key_and_missing_statement() {
    let base = "begin\nstipulation #2\npieces white Ke1 Qa7 Rh1 black Kc1\n";
    assert_eq!(
        check_text("key", &format!("{base}remark key: 1.Qa7-f2\nend\n")),
        Ok(1)
    );
    assert_eq!(
        check_text("key", &format!("{base}remark key: Qa7-f2\nend\n")),
        Ok(1)
    );
    let errors =
        check_text("wrong key", &format!("{base}remark key: 1.Qa7-a2\nend\n")).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors:?}");
    let errors = check_text(
        "no statement",
        &format!("{base}remark a free remark\nend\n"),
    )
    .unwrap_err();
    assert!(errors[0].contains("states no solution"), "{errors:?}");
    let errors = check_text(
        "try",
        &format!("{base}remark key: 1.Qa7-f2\nremark try: 1.Qa7-a2\nend\n"),
    )
    .unwrap_err();
    assert!(errors[0].contains("stated try not found"), "{errors:?}");
    // Stated tries must be all the tries.
    let tries = "begin\nstipulation #2\noption Try\npieces white Ke1 Qa7 Rh1 black Kc1\nremark key: 1.Qa7-f2\n";
    let errors = check_text("tries", &format!("{tries}remark try: 1.Qa7-e3 +\nend\n")).unwrap_err();
    assert!(errors.iter().all(|e| e.contains("try")), "{errors:?}");
}

#[test]
fn statement_parsing() {
    assert_eq!(parse_statement("a free remark"), None);
    assert_eq!(parse_statement("solutions are nice"), None);
    assert_eq!(
        parse_statement("solution b):  1.Kg8-h8 0-0   2.Sh4-g2 Rf1-f8 #"),
        Some(Ok(Statement {
            kind: Kind::Solution,
            twin: Some('b'),
            text: "1.Kg8-h8 0-0 2.Sh4-g2 Rf1-f8 #".into()
        }))
    );
    assert_eq!(
        parse_statement("key: 1.h5*g6 ep."),
        Some(Ok(Statement {
            kind: Kind::Key,
            twin: None,
            text: "h5*g6 ep.".into()
        }))
    );
    assert_eq!(
        normalise(" 1.Rg2-g3 Rf5-g5+   2.Kg4xf4 Rg5-f4#"),
        "1.Rg2-g3 Rf5-g5 + 2.Kg4*f4 Rg5-f4 #"
    );
    assert_eq!(normalise("1.e7-e8=Q #"), "1.e7-e8=Q #");
    assert_eq!(
        battle_root("   1.c7-c8=S + ?"),
        Some(("c7-c8=S +".into(), false))
    );
    assert_eq!(
        battle_root("   1.Qa7-f2 ! threat:"),
        Some(("Qa7-f2".into(), true))
    );
    assert_eq!(battle_root("      1...Kc1-d1"), None);
    assert!(is_help_line("  1.Kc8-b8 0-0   2.g3-g2 Rf1-f8 #"));
    assert!(is_help_line("  1...Bg4-e2   2.0-0-0 Be2-a6 #"));
    assert!(!is_help_line("  h#2                         4 + 6"));
    assert!(!is_help_line("   1.Qa7-f2 !"));
}
