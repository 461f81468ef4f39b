//! Diagrams and HTML pages from the command line: `fairy diagram`, `--diagram svg` on
//! `solve` and `check`, `--html` on `check` and `batch` (with `--resume`). The SVG of a few
//! bundled problems is compared with golden files in `tests/golden/diagrams/`; after a
//! deliberate change of the drawing, `FAIRY_BLESS=1 cargo test --test diagrams` rewrites
//! them (look at them before committing).

use std::path::Path;

use crate::binary;
use binary::{run, stderr, stdout};

/// The problems with golden diagrams: (problem file, golden file names in order).
const GOLDEN: &[(&str, &[&str])] = &[
    (
        "problems/orthodox/h2-kardos-1961.inp",
        &["h2-kardos-1961.svg"],
    ),
    (
        "problems/pieces/h2-brogi-1971.inp",
        &["h2-brogi-1971-a.svg", "h2-brogi-1971-b.svg"],
    ),
    (
        "problems/alice/m1-duo-constructed-1.inp",
        &["m1-duo-constructed-1.svg"],
    ),
    ("problems/neutral/widlert-#5.inp", &["widlert-_5.svg"]),
];

#[test]
fn diagrams_match_their_golden_files() {
    let bless = std::env::var_os("FAIRY_BLESS").is_some();
    let golden = Path::new("tests/golden/diagrams");
    for (problem, names) in GOLDEN {
        let dir = tempfile::tempdir().unwrap();
        let o = run(&["diagram", problem, "--out", dir.path().to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{problem}: {}", stderr(&o));
        let listed: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
        assert_eq!(listed.len(), names.len(), "{problem}: {listed:?}");
        for (path, name) in listed.iter().zip(names.iter()) {
            assert!(path.ends_with(name), "{path} is not {name}");
            let got = std::fs::read_to_string(path).unwrap();
            roxmltree::Document::parse(&got).unwrap_or_else(|e| panic!("{name}: {e}"));
            let want_path = golden.join(name);
            if bless {
                std::fs::write(&want_path, &got).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&want_path)
                .unwrap_or_else(|e| panic!("{}: {e}", want_path.display()));
            assert!(
                got == want,
                "{name} differs from {} (FAIRY_BLESS=1 rewrites it)",
                want_path.display()
            );
        }
    }
}

#[test]
fn one_diagram_goes_to_standard_output_and_several_need_a_folder() {
    let o = run(&["diagram", "problems/orthodox/h2-kardos-1961.inp"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<?xml"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let units = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("unit"))
        .count();
    assert_eq!(units, 7);

    let o = run(&["diagram", "problems/pieces/h2-brogi-1971.inp"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o)
            .contains("2 diagrams (problems and twins): name a folder for them with --out DIR"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_file_of_several_problems_numbers_its_diagrams_and_bad_ones_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.inp");
    std::fs::write(
        &file,
        "begin\nstipulation #1\npieces white Kg6 Ra1 black Kh8\nnext\nstipulation #1\npieces white Kg6 Xa1 black Kh8\nnext\nstipulation h#1\npieces white Kg6 black Kh8\nend\n",
    )
    .unwrap();
    let out = dir.path().join("svg");
    let o = run(&[
        "diagram",
        file.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("two.inp:6:"), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["two-1.svg", "two-3.svg"]);
}

#[test]
fn solve_and_check_draw_diagrams_beside_their_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = run(&[
        "solve",
        "problems/pieces/h2-brogi-1971.inp",
        "--diagram",
        "svg",
        "--diagram-dir",
        d,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The solution still comes in the reference solver's layout on standard output.
    assert!(stdout(&o).contains("solution finished."));
    assert!(!stdout(&o).contains("<svg"));
    assert!(dir.path().join("h2-brogi-1971-a.svg").exists());
    assert!(dir.path().join("h2-brogi-1971-b.svg").exists());
    let o = run(&[
        "check",
        "problems/check/m1-cooked-constructed.inp",
        "--diagram",
        "svg",
        "--diagram-dir",
        d,
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(dir.path().join("m1-cooked-constructed.svg").exists());
    // --diagram-dir alone is refused.
    let o = run(&[
        "solve",
        "problems/pieces/h2-brogi-1971.inp",
        "--diagram-dir",
        d,
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// The sections of a page: (id, status, has a diagram).
fn sections(html: &str) -> Vec<(String, String, bool)> {
    html.split("<section class=\"problem\"")
        .skip(1)
        .map(|s| {
            let attr = |name: &str| {
                let start = s.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                s[start..start + s[start..].find('"').unwrap()].to_string()
            };
            let body = &s[..s.find("</section>").unwrap()];
            (attr("id"), attr("data-status"), body.contains("<svg"))
        })
        .collect()
}

#[test]
fn check_writes_a_page_with_every_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("check.html");
    let o = run(&["check", "problems/check", "--html", page.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    let s = sections(&html);
    // Every .inp and .olv problem of the folder, each with its diagram.
    assert_eq!(s.len(), 12, "{s:?}");
    assert!(s.iter().all(|(_, _, diagram)| *diagram));
    assert!(s.iter().all(|(_, status, _)| status != "pending"));
    for class in ["sound", "cooked", "unsolvable", "flawed"] {
        assert!(
            s.iter()
                .any(|(_, status, _)| status.split(' ').any(|c| c == class)),
            "no {class} section in {s:?}"
        );
    }
    assert!(html.contains("<mark class=\"cook\""));
    assert!(html.contains("<mark class=\"short\""));
}

#[test]
fn batch_keeps_its_page_through_a_resumed_run() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    for name in ["h1-branching-constructed.inp", "m1-cooked-constructed.inp"] {
        std::fs::copy(Path::new("problems/check").join(name), problems.join(name)).unwrap();
    }
    let report = dir.path().join("report.jsonl");
    let page = dir.path().join("report.html");
    let p = problems.to_str().unwrap();
    let o = run(&[
        "batch",
        p,
        "--check",
        "--report",
        report.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let first = sections(&std::fs::read_to_string(&page).unwrap());
    assert_eq!(first.len(), 2);
    assert_eq!(first[0].1, "sound");
    assert_eq!(first[1].1, "cooked");
    // A third problem, then a resumed run: the page holds all three.
    std::fs::copy(
        "problems/check/m2-short-constructed.inp",
        problems.join("m2-short-constructed.inp"),
    )
    .unwrap();
    let o = run(&[
        "batch",
        p,
        "--check",
        "--resume",
        report.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("2 already in the report, 1 to solve"),
        "{}",
        stderr(&o)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let statuses: Vec<String> = sections(&html).into_iter().map(|s| s.1).collect();
    assert_eq!(statuses, ["sound", "cooked", "flawed"]);
    assert!(
        html.contains("3 problems: 1 cooked, 1 short solution, 1 sound"),
        "{html}"
    );
}
