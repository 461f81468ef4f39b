//! One problem per verdict kind, checked through the library entry point.

use super::*;
use crate::input::parse_file;
use std::time::Duration;

fn check_text(text: &str, config: &CheckConfig) -> Vec<Verdict> {
    let spec = parse_file(text).remove(0).expect("parses");
    check_problem(&spec, config)
        .expect("checks")
        .twins
        .into_iter()
        .map(|t| t.result.expect("no setup error"))
        .collect()
}

fn kinds(text: &str) -> Vec<VerdictKind> {
    check_text(text, &CheckConfig::default())
        .iter()
        .map(|v| v.kind)
        .collect()
}

const MATE_IN_ONE: &str = "begin\nstipulation #1\npieces white Kg6 Rb2 black Kh8\nend\n";

#[test]
fn sound_direct_mate() {
    let v = check_text(MATE_IN_ONE, &CheckConfig::default());
    assert_eq!(v[0].kind, VerdictKind::Sound, "{}", v[0].reason);
    assert_eq!(v[0].intended_source, IntendedSource::Default);
    let Details::Battle { keys, .. } = &v[0].details else {
        panic!("battle details expected")
    };
    assert_eq!(keys, &["1.Rb2-b8 #".to_string()]);
}

#[test]
fn cooked_direct_mate_lists_the_keys() {
    let v = check_text(
        "begin\nstipulation #1\npieces white Kg6 Ra1 Rb2 black Kh8\nend\n",
        &CheckConfig::default(),
    );
    assert_eq!(v[0].kind, VerdictKind::Cooked);
    assert_eq!(v[0].found, 2);
    // Two keys intended: sound.
    let config = CheckConfig {
        intended: Some(Intended::Count(2)),
        ..CheckConfig::default()
    };
    let v = check_text(
        "begin\nstipulation #1\npieces white Kg6 Ra1 Rb2 black Kh8\nend\n",
        &config,
    );
    assert_eq!(v[0].kind, VerdictKind::Sound);
}

#[test]
fn no_solution_in_battle_and_help_play() {
    assert_eq!(
        kinds("begin\nstipulation #1\npieces white Ka1 Bc1 black Kh8\nend\n"),
        [VerdictKind::NoSolution]
    );
    assert_eq!(
        kinds("begin\nstipulation h#1\npieces white Ka1 black Kh8\nend\n"),
        [VerdictKind::NoSolution]
    );
}

#[test]
fn short_solution_in_battle_and_help_play() {
    assert_eq!(
        kinds("begin\nstipulation #2\npieces white Kf6 Rb2 black Kh8 Ph7\nend\n"),
        [VerdictKind::ShortSolution]
    );
    assert_eq!(
        kinds("begin\nstipulation ser-h#2\npieces white Kg6 Rb2 Pa6 black Kh8 Pa7\nend\n"),
        [VerdictKind::ShortSolution]
    );
    // After `m->` the lines of every length come merged: the shorter series
    // (1...a6 1.Rb8#, and after each of Black's three moves) are short solutions.
    let v = check_text(
        "begin\nstipulation 1->ser-#2\npieces white Kg6 Rb2 black Kh8 Pa7\nend\n",
        &CheckConfig::default(),
    );
    assert_eq!(v[0].kind, VerdictKind::ShortSolution, "{}", v[0].reason);
    let Details::Help { short, .. } = &v[0].details else {
        panic!("help details expected")
    };
    assert_eq!(short.len(), 3, "{short:?}");
    assert!(short.iter().all(|l| l.ends_with("1.Rb2-b8 #")), "{short:?}");
    // exact- stipulations do not look for shorter play.
    let v = check_text(
        "begin\nstipulation exact-ser-h#2\npieces white Kg6 Rb2 Pa6 black Kh8 Pa7\nend\n",
        &CheckConfig::default(),
    );
    assert_eq!(v[0].kind, VerdictKind::Sound, "{}", v[0].reason);
}

#[test]
fn unknown_when_the_time_runs_out() {
    let config = CheckConfig {
        solve: SolveConfig {
            max_time: Some(Duration::ZERO),
            ..SolveConfig::default()
        },
        intended: None,
    };
    // Positions without a mate at all: with no time, nothing can be proved either way.
    for text in [
        "begin\nstipulation #3\npieces white Ka1 Bc1 black Kh8\nend\n",
        "begin\nstipulation h#3\npieces white Ka1 Bc1 black Kh8\nend\n",
    ] {
        let v = check_text(text, &config);
        assert_eq!(v[0].kind, VerdictKind::Unknown, "{}", v[0].reason);
        assert!(v[0].reason.contains("time limit"), "{}", v[0].reason);
    }
}

#[test]
fn intended_count_from_remarks_and_statements() {
    let base = "begin\nstipulation h#1\npieces white Kg6 Rb2 Rc3 Pa6 black Kh8 Pa7\n";
    // Two solution remarks: two solutions expected.
    let text = format!(
        "{base}remark solution: 1.Kh8-g8 Rb2-b8 #\nremark solution: 1.Kh8-g8 Rc3-c8 #\nend\n"
    );
    let v = check_text(&text, &CheckConfig::default());
    assert_eq!(v[0].kind, VerdictKind::Sound);
    assert_eq!(v[0].intended_source, IntendedSource::Remarks);
    // A stated intended count wins over the remarks.
    let text =
        format!("{base}remark intended-solutions: 2.1\nremark solution: 1.Kh8-g8 Rb2-b8 #\nend\n");
    let v = check_text(&text, &CheckConfig::default());
    assert_eq!(v[0].kind, VerdictKind::Cooked, "{}", v[0].reason);
    assert_eq!(v[0].intended_source, IntendedSource::Stated);
    // A malformed statement is an error of the problem.
    let spec = parse_file(&format!("{base}remark intended-solutions: two\nend\n"))
        .remove(0)
        .unwrap();
    let e = check_problem(&spec, &CheckConfig::default()).unwrap_err();
    assert!(e.message.contains("intended-solutions"), "{}", e.message);
}

#[test]
fn duals_and_threat_duals_in_the_tree() {
    // Queen and king against a bare king: the mates in two come with several answers to
    // some defence or several threat moves.
    let text = "begin\nstipulation #2\npieces white Kf6 Qa1 black Kh8\nend\n";
    let v = check_text(text, &CheckConfig::default());
    let Details::Battle {
        keys,
        duals,
        threat_duals,
        ..
    } = &v[0].details
    else {
        panic!("battle details expected")
    };
    assert!(!keys.is_empty());
    // Every dual names a defence and at least two continuations.
    for d in duals.iter().chain(threat_duals) {
        assert!(d.matches(", ").count() >= 1, "{d}");
    }
    assert!(
        !duals.is_empty() || !threat_duals.is_empty(),
        "a queen and king against a bare king leave duals: {v:?}"
    );
}

#[test]
fn twins_get_one_verdict_each() {
    let text = "begin\nstipulation #1\npieces white Kg6 Rb2 black Kh8\ntwin add white Ra1\nend\n";
    assert_eq!(kinds(text), [VerdictKind::Sound, VerdictKind::Cooked]);
}
