//! Alice chess and its offshoots: transfer, check and zero-move rules, on small positions.

use fairy::board::Color;
use fairy::conditions::{Alice, AliceVariant, Rules};
use fairy::input::parse_file;
use fairy::movegen::MoveList;
use fairy::output::notation::move_text;
use fairy::problem::{build_position, expand};
use fairy::search::annotate;
use fairy::stipulation::Goal;

/// The legal moves of `side` in the position of a one-problem text, in Popeye notation.
fn moves(variant: AliceVariant, pieces: &str, side: Color) -> Vec<String> {
    let src = format!("begin\npieces {pieces}\nstipulation #1\nend\n");
    let spec = parse_file(&src).remove(0).expect("parses");
    let twin = expand(&spec).expect("twins").remove(0);
    let rules = Alice::new(variant);
    let pos =
        build_position(&rules, &twin, &spec.options, side, twin.stipulation.span).expect("legal");
    let mut list = MoveList::new();
    rules.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| move_text(&annotate(&rules, &pos, m, &rules.play(&pos, m), Goal::Mate)))
        .collect();
    out.sort();
    out
}

#[test]
fn a_unit_passes_to_the_other_board() {
    let m = moves(
        AliceVariant::Classic,
        "white kc3 white aliceb ra1 black kh8 pg7 ph7",
        Color::White,
    );
    assert!(m.contains(&"Ra1-a8A".to_string()));
    assert!(m.contains(&"Kc3-d4B".to_string()));
}

#[test]
fn the_transfer_square_must_be_empty() {
    // The rook on board B cannot go to a5: a5 is taken on board A.
    let m = moves(
        AliceVariant::Classic,
        "white kh1 pa5 white aliceb ra1 black kh8",
        Color::White,
    );
    assert!(!m.iter().any(|s| s.starts_with("Ra1-a5")));
    assert!(m.contains(&"Ra1-a4A".to_string()));
}

#[test]
fn a_king_move_must_be_legal_on_its_own_board() {
    // b2 is attacked by the pawn on board A, where the king moves, though b2 is free on B.
    let m = moves(
        AliceVariant::Classic,
        "white ka1 black kh8 pa3",
        Color::White,
    );
    assert!(!m.iter().any(|s| s.starts_with("Ka1-b2")));
}

#[test]
fn odonohue_keeps_the_unit_when_the_square_is_taken() {
    let m = moves(
        AliceVariant::ODonohue,
        "white kh1 pa5 white aliceb ra1 black kh8",
        Color::White,
    );
    assert!(m.contains(&"Ra1-a5B".to_string()), "{m:?}");
    assert!(m.contains(&"Ra1-a4A".to_string()));
}

#[test]
fn miss_alice_zero_moves_but_not_out_of_check() {
    let m = moves(
        AliceVariant::MissAlice,
        "white kh1 rd4 black kh8",
        Color::White,
    );
    assert!(m.contains(&"Rd4-d4B".to_string()), "{m:?}");
    assert!(m.contains(&"Kh1-h1B".to_string()));
    // In check on board A: the king may not escape by passing to board B.
    let m = moves(
        AliceVariant::MissAlice,
        "white kh1 black kh8 ra1",
        Color::White,
    );
    assert!(!m.contains(&"Kh1-h1B".to_string()), "{m:?}");
}

#[test]
fn looking_glass_puts_black_on_board_b() {
    // With Black on board B the rook on a1 (board A) gives no check to the king on a8.
    let m = moves(
        AliceVariant::LookingGlass,
        "white kh1 ra1 black ka8",
        Color::Black,
    );
    assert!(
        m.contains(&"Ka8-a7A".to_string()) || m.contains(&"Ka8-b8A".to_string()),
        "{m:?}"
    );
    let classic = moves(
        AliceVariant::Classic,
        "white kh1 ra1 black ka8",
        Color::Black,
    );
    assert_ne!(m, classic);
}

#[test]
fn three_board_alice_offers_both_other_boards() {
    let m = moves(
        AliceVariant::ThreeBoard,
        "white kh1 rd4 black kh8",
        Color::White,
    );
    assert!(m.contains(&"Rd4-d5B".to_string()), "{m:?}");
    assert!(m.contains(&"Rd4-d5C".to_string()), "{m:?}");
}

#[test]
fn duo_transfer_is_optional_and_zero_moves_capture() {
    // The rook on board A may stay on A or pass to B; it zero-captures the bishop on d4 of board B.
    let m = moves(
        AliceVariant::Duo,
        "white kh1 rd4 black kh8 black aliceb bd4",
        Color::White,
    );
    assert!(m.contains(&"Rd4-d5A".to_string()), "{m:?}");
    assert!(m.contains(&"Rd4-d5B".to_string()), "{m:?}");
    assert!(m.contains(&"Rd4*d4B".to_string()), "{m:?}");
}

#[test]
fn duo_king_is_in_check_from_its_zero_square() {
    // A black rook on e1 of board B could take the king on e1 of board A by a zero move.
    let src = "white ke1 black kh8 black aliceb re1";
    let m = moves(AliceVariant::Duo, src, Color::White);
    // The king must leave e1 (or capture the rook by its own zero move).
    assert!(m.iter().all(|s| s.starts_with("K")), "{m:?}");
    assert!(m.contains(&"Ke1*e1B".to_string()), "{m:?}");
}

#[test]
fn alice_with_anticirce_is_a_clear_error() {
    use fairy::problem::{solve_problem, SolveConfig};
    let src = "begin\npieces white kh1 white aliceb ra1 black kh8\nstipulation #1\ncondition AliceChess AntiCirce\nend\n";
    let spec = parse_file(src).remove(0).expect("parses");
    let report = solve_problem(&spec, &SolveConfig::default()).expect("the problem itself is read");
    let err = report.twins[0]
        .outcome
        .as_ref()
        .expect_err("Alice with Anticirce is refused");
    assert!(err.message.contains("not supported"), "{}", err.message);
    assert_eq!(err.span.line, 4, "points at the condition word");
}
