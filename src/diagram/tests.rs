use super::svg::{document, render, shared_defs, Defs};
use super::*;
use crate::input::parse_file;

fn problem(text: &str) -> ProblemSpec {
    parse_file(text)
        .into_iter()
        .next()
        .expect("a problem")
        .expect("a valid problem")
}

fn svg_of(text: &str) -> String {
    document(&Diagram::of_problem(&problem(text)))
}

/// The unit groups of a diagram: (board, square, unit, glyph).
fn units(svg: &str) -> Vec<(String, String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let mut out = Vec::new();
    for g in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("unit"))
    {
        let board = g
            .ancestors()
            .find_map(|a| a.attribute("data-board"))
            .expect("a unit on a board");
        out.push((
            board.to_string(),
            g.attribute("data-square").unwrap().to_string(),
            g.attribute("data-unit").unwrap().to_string(),
            g.attribute("data-glyph").unwrap().to_string(),
        ));
    }
    out
}

fn texts(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

fn row(board: &str, square: &str, unit: &str, glyph: &str) -> (String, String, String, String) {
    (board.into(), square.into(), unit.into(), glyph.into())
}

const ORTHODOX: &str = "begin
author Tivadar Kardos
origin Karácsonyi lap, 1961
title A & B <test>
stipulation h#2
option SetPlay
pieces
  white Kd5 Bg3 Bg4
  black Ke8 Ra8 Sd7 Pe7
end
";

#[test]
fn orthodox_units_stand_on_their_squares_with_their_figures() {
    let svg = svg_of(ORTHODOX);
    let mut got = units(&svg);
    got.sort();
    let mut want = vec![
        row("0", "d5", "wK", "K0"),
        row("0", "g3", "wB", "B0"),
        row("0", "g4", "wB", "B0"),
        row("0", "e8", "bK", "K0"),
        row("0", "a8", "bR", "R0"),
        row("0", "d7", "bS", "S0"),
        row("0", "e7", "bP", "P0"),
    ];
    want.sort();
    assert_eq!(got, want);
    assert_eq!(texts(&svg, "stipulation"), ["h#2"]);
    assert_eq!(texts(&svg, "count"), ["(3+4)"]);
    // The heading keeps the composer's characters; XML escapes what it must.
    assert_eq!(texts(&svg, "heading author"), ["Tivadar Kardos"]);
    assert_eq!(
        texts(&svg, "heading"),
        ["Karácsonyi lap, 1961", "A & B <test>"]
    );
    assert!(svg.contains("A &amp; B &lt;test&gt;"));
}

#[test]
fn a_unit_is_drawn_where_its_square_is() {
    // e1 is the fifth file and the last rank from the top: x = 20 + 4 * 45, y = top + 7 * 45.
    let svg = svg_of("stipulation #2 pieces white Ke1 black Ka8 end");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let square_of = |sq: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-square") == Some(sq))
            .and_then(|n| n.attribute("transform"))
            .unwrap()
            .to_string()
    };
    let top = 12;
    assert_eq!(square_of("e1"), format!("translate(200 {})", top + 7 * 45));
    assert_eq!(square_of("a8"), format!("translate(20 {top})"));
}

#[test]
fn fairy_pieces_have_their_conventional_glyphs() {
    let svg = svg_of(
        "stipulation #2 pieces white Ke1 Gd4 Nc3 CAf3 black Ka8 LEb2 neutral Gh1 CAh8 Pc7 end",
    );
    let got = units(&svg);
    for want in [
        row("0", "d4", "wG", "Q180"),
        row("0", "c3", "wN", "S90"),
        row("0", "f3", "wCA", "code"),
        row("0", "b2", "bLE", "Q270"),
        row("0", "h1", "nG", "Q180"),
        row("0", "h8", "nCA", "code"),
        row("0", "c7", "nP", "P0"),
    ] {
        assert!(got.contains(&want), "{want:?} not in {got:?}");
    }
    assert_eq!(texts(&svg, "count"), ["(4+2+3n)"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let group = |sq: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-square") == Some(sq))
            .unwrap()
    };
    // A camel is its code in a disc.
    let camel = group("f3");
    assert!(camel.descendants().any(|n| n.has_tag_name("circle")));
    assert_eq!(
        camel
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .and_then(|n| n.text()),
        Some("CA")
    );
    // A neutral grasshopper: the white figure's left half, the black figure's right half,
    // both turned.
    let uses: Vec<(String, String)> = group("h1")
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .map(|u| {
            (
                u.attribute("href").unwrap().to_string(),
                u.parent()
                    .and_then(|p| p.attribute("clip-path"))
                    .unwrap()
                    .to_string(),
            )
        })
        .collect();
    assert_eq!(
        uses,
        [
            ("#fairy-wQ".to_string(), "url(#fairy-left)".to_string()),
            ("#fairy-bQ".to_string(), "url(#fairy-right)".to_string())
        ]
    );
}

#[test]
fn every_symbol_used_is_defined_once() {
    let svg = svg_of("stipulation #2 pieces white Ke1 Gd4 black Ka8 neutral Sh1 end");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let defined: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("symbol") || n.has_tag_name("clipPath"))
        .map(|n| n.attribute("id").unwrap())
        .collect();
    let mut unique = defined.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), defined.len());
    for u in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let id = u.attribute("href").unwrap().trim_start_matches('#');
        assert!(defined.contains(&id), "#{id} used but not defined");
    }
    // Only the figures drawn are defined: king, queen (the grasshopper), knight.
    assert_eq!(
        defined.iter().filter(|d| d.starts_with("fairy-w")).count(),
        3
    );
    // Shared definitions hold every figure, and a diagram drawn for them holds none.
    let shared = shared_defs();
    roxmltree::Document::parse(&shared).unwrap();
    assert_eq!(shared.matches("<symbol").count(), 12);
    let bare = render(
        &Diagram::of_problem(&problem("stipulation #2 pieces white Ke1 black Ka8 end")),
        Defs::Shared,
    );
    assert!(!bare.contains("<symbol"));
    roxmltree::Document::parse(&bare).unwrap();
}

#[test]
fn alice_chess_has_both_boards_side_by_side() {
    let text = "stipulation #1
condition AliceChess
pieces
  white Kc3 Ra1
  white aliceb Bg7
  black Kh8 Ph7
end";
    let svg = svg_of(text);
    let got = units(&svg);
    assert!(got.contains(&row("0", "a1", "wR", "R0")));
    assert!(got.contains(&row("1", "g7", "wB", "B0")));
    assert!(!got.iter().any(|(b, sq, _, _)| b == "0" && sq == "g7"));
    assert_eq!(texts(&svg, "caption"), ["board A", "board B"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let boards = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("board"))
        .count();
    assert_eq!(boards, 2);
    // The boards say where the units stand: no AliceA / AliceB lines, the condition stays.
    assert_eq!(texts(&svg, "note"), ["AliceChess"]);
}

#[test]
fn twins_each_have_their_diagram() {
    let spec = problem(
        "stipulation h#2
condition Circe
pieces white Kd5 Rc2 black Ke8
twin move c2 d2
twin stipulation h#3
end",
    );
    let all = diagrams_of(&spec);
    assert_eq!(all.len(), 3);
    assert_eq!(all[0].twin.as_deref(), Some("a)"));
    assert!(all[1].twin.as_deref().unwrap().starts_with("b)"));
    assert!(all[1].boards[0].at(Square::from_coords(3, 1)).is_some());
    assert!(all[1].boards[0].at(Square::from_coords(2, 1)).is_none());
    assert_eq!(all[2].stipulation, "h#3");
    let svg = document(&all[1]);
    assert_eq!(texts(&svg, "note"), ["Circe"]);
    assert_eq!(texts(&svg, "twin").len(), 1);
    // A problem without twins has one diagram, without a label.
    let one = diagrams_of(&problem("stipulation #2 pieces white Ke1 black Ka8 end"));
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].twin, None);
}

#[test]
fn attributes_are_named_under_the_diagram() {
    let svg = svg_of("stipulation h#2 pieces white Ke1 kamikaze Rd1 black Ka8 royal Bb8 end");
    assert_eq!(texts(&svg, "note"), ["Royal b8", "Kamikaze d1"]);
}

#[test]
fn long_lines_are_squeezed_to_the_width() {
    let long = "Die Schwalbe, Heft 321, Juni 2026, Thematurnier der Vereinigung der Problemfreunde";
    let svg = svg_of(&format!(
        "author A. Composer\norigin {long}\nstipulation h#2 pieces white Ke1 black Ka8 end"
    ));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let origin = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("heading"))
        .unwrap();
    assert_eq!(origin.text(), Some(long));
    assert!(origin.attribute("textLength").is_some());
    let author = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("heading author"))
        .unwrap();
    assert!(author.attribute("textLength").is_none());
}

#[test]
fn conditions_are_named_as_the_reference_solver_names_them() {
    let svg =
        svg_of("stipulation h#2 condition ParrainCirce Madrasi pieces white Ke1 black Ka8 end");
    assert_eq!(texts(&svg, "note"), ["Circe Parrain", "Madrasi"]);
}
