use super::*;
use crate::input::parse_file;
use serde_json::json;

fn spec(text: &str) -> ProblemSpec {
    parse_file(text).into_iter().next().unwrap().unwrap()
}

fn row(file: &str, solutions: &[&str], verdict: Option<Value>) -> ReportRow {
    ReportRow {
        file: file.to_string(),
        problem: 1,
        twin: None,
        twins: 1,
        stipulation: Some("#1".to_string()),
        conditions: Vec::new(),
        verdict,
        status: Status::Solved,
        solutions: solutions.iter().map(|s| s.to_string()).collect(),
        partial: false,
        seconds: 0.25,
        nodes: 12,
        error: None,
    }
}

fn battle_verdict(kind: &str, keys: &[&str], short: &[&str]) -> Value {
    json!({
        "kind": kind,
        "reason": "2 keys, 1 intended",
        "details": {"play": "battle", "keys": keys, "short": short,
                    "best_tries": [], "duals": [], "threat_duals": []},
    })
}

const COOKED: &str = "begin
author A. Composer & Co
remark key: 1.Ra1-a8 #
stipulation #1
pieces white Kg6 Ra1 Rb2 black Kh8
end";

#[test]
fn cooks_not_stated_in_the_file_are_marked() {
    let s = spec(COOKED);
    let r = row(
        "cooked.inp",
        &["   1.Ra1-a8 # !", "   1.Rb2-b8 # !"],
        Some(battle_verdict("cooked", &["1.Ra1-a8 #", "1.Rb2-b8 #"], &[])),
    );
    let html = section(
        &Entry {
            file: "cooked.inp",
            problem: 1,
            spec: Some(&s),
            rows: std::slice::from_ref(&r),
        },
        1,
    );
    assert!(html.contains("1.Ra1-a8 # !\n"), "{html}");
    assert!(html.contains("<mark class=\"cook\" title=\"cook\">   1.Rb2-b8 # !</mark>"));
    assert_eq!(html.matches("<mark").count(), 1);
    assert!(html.contains("<span data-role=\"verdict\" class=\"badge cooked\">cooked</span>"));
    assert!(html.contains("<svg"));
}

#[test]
fn where_the_file_states_every_key_all_are_marked() {
    let s = spec(&COOKED.replace(
        "remark key: 1.Ra1-a8 #",
        "remark key: 1.Ra1-a8 #\nremark key: 1.Rb2-b8 #",
    ));
    let r = row(
        "cooked.inp",
        &["   1.Ra1-a8 # !", "   1.Rb2-b8 # !"],
        Some(battle_verdict("cooked", &["1.Ra1-a8 #", "1.Rb2-b8 #"], &[])),
    );
    let m = marks(&r, Some(&s));
    assert_eq!(mark_of("   1.Ra1-a8 # !", &m), Mark::Cook);
    assert_eq!(mark_of("   1.Rb2-b8 # !", &m), Mark::Cook);
    // A try is no key.
    assert_eq!(mark_of("   1.Ra1-a7 ? ", &m), Mark::Plain);
}

#[test]
fn short_and_missing_solutions_are_shown() {
    let r = row(
        "short.inp",
        &["   1.Rb2-b8 # !"],
        Some(battle_verdict(
            "short_solution",
            &["1.Rb2-b8 #"],
            &["1.Rb2-b8 #"],
        )),
    );
    assert_eq!(mark_of("   1.Rb2-b8 # !", &marks(&r, None)), Mark::Short);
    let s = spec(
        "remark solution: 1.Kh8-g8 Rb2-b8 #
remark solution: 1.Kh8-g8 Rc3-c8 #
stipulation h#1 pieces white Kg6 Rb2 Rc3 black Kh8 end",
    );
    let help = json!({
        "kind": "too_few_solutions", "reason": "1 solution, 2 intended",
        "details": {"play": "help", "solutions": ["1.Kh8-g8 Rb2-b8 #"], "short": [], "set_play": []},
    });
    let r = row("few.inp", &["1.Kh8-g8 Rb2-b8 #"], Some(help));
    let m = marks(&r, Some(&s));
    assert_eq!(m.missing, ["1.Kh8-g8 Rc3-c8 #"]);
    let mut out = String::new();
    twin_html(&mut out, &r, Some(&s));
    assert!(out.contains("<mark class=\"missing\">1.Kh8-g8 Rc3-c8 #</mark>"));
    assert!(out.contains("badge flawed"));
}

#[test]
fn unchecked_rows_show_how_the_solving_ended() {
    let mut r = row("x.inp", &[], None);
    r.status = Status::NoSolution;
    assert_eq!(badge(&r).text, "no solution");
    r.status = Status::TimedOut;
    assert_eq!(badge(&r).class, "unknown");
    r.status = Status::Failed;
    r.error = Some(crate::batch::RowError {
        message: "unknown piece <X>".into(),
        line: 3,
        column: 7,
    });
    let mut out = String::new();
    twin_html(&mut out, &r, None);
    assert!(out.contains("line 3, column 7: unknown piece &lt;X&gt;"));
}

#[test]
fn the_page_is_whole_after_every_write_and_loads_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.html");
    let s = spec(COOKED);
    let mut report = HtmlReport::new(
        &path,
        "fairy check",
        "fairy check a.inp b.inp",
        vec![
            (("a.inp".to_string(), 1), Some(s.clone())),
            (("b.inp".to_string(), 1), None),
        ],
    );
    report.write().unwrap();
    let first = std::fs::read_to_string(&path).unwrap();
    assert!(first.contains("2 problems: 2 pending"));
    assert_eq!(first.matches("<section class=\"problem\"").count(), 2);
    assert!(first.trim_end().ends_with("</html>"));
    report.record(vec![row(
        "a.inp",
        &["   1.Ra1-a8 # !"],
        Some(battle_verdict("sound", &["1.Ra1-a8 #"], &[])),
    )]);
    report.write().unwrap();
    let second = std::fs::read_to_string(&path).unwrap();
    assert!(second.contains("2 problems: 1 sound, 1 pending"));
    assert!(second.contains("A. Composer &amp; Co"));
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // Nothing to fetch: no address but the SVG namespace, and a policy forbidding fetches.
    assert!(second.contains("default-src 'none'"));
    for (i, _) in second.match_indices("http") {
        let rest = &second[i..];
        assert!(
            rest.starts_with("http://www.w3.org/2000/svg") || rest.starts_with("http-equiv"),
            "an address in the page: {}",
            &rest[..40.min(rest.len())]
        );
    }
    assert!(!second.contains("<script"));
}

#[test]
fn a_long_play_is_cut_with_a_note() {
    let lines: Vec<String> = (0..MAX_PLAY_LINES + 5)
        .map(|i| format!("line {i}"))
        .collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut out = String::new();
    twin_html(&mut out, &row("long.inp", &refs, None), None);
    assert!(out.contains(&format!("line {}\n", MAX_PLAY_LINES - 1)));
    assert!(!out.contains(&format!("line {}\n", MAX_PLAY_LINES)));
    assert!(out.contains("... and 5 more lines"));
}
