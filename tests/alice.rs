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

/// A kamikaze unit that captures vanishes on the board it took on and passes nowhere
/// (`kRd1*d7[-wkRd7A]`); one that moves passes as any unit and keeps its mark on the other
/// board (both as Popeye 4.104 prints them).
#[test]
fn a_kamikaze_capturer_vanishes_on_its_board() {
    let m = moves(
        AliceVariant::Classic,
        "white ka1 white kamikaze rd1 black kh8 sd7",
        Color::White,
    );
    assert!(m.contains(&"kRd1*d7[-wkRd7A]".to_string()), "{m:?}");
    assert!(!m.iter().any(|s| s.starts_with("kRd1*d7B")));
    assert!(m.contains(&"kRd1-d6B".to_string()));
    let on_b = moves(
        AliceVariant::Classic,
        "white ka1 white aliceb kamikaze rd1 black kh8 sd7",
        Color::White,
    );
    assert!(on_b.contains(&"kRd1-d2A".to_string()), "{on_b:?}");
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

/// The position of a one-problem text under Alice chess with or without option
/// FirstBoardEnPassant, White to move.
fn alice_position(
    ep_first_board: bool,
    pieces: &str,
) -> (Alice, fairy::board::Position<fairy::conditions::AliceExt>) {
    let src = format!("begin\npieces {pieces}\nstipulation #1\nend\n");
    let spec = parse_file(&src).remove(0).expect("parses");
    let twin = expand(&spec).expect("twins").remove(0);
    let rules = Alice {
        ep_first_board,
        ..Alice::new(AliceVariant::Classic)
    };
    let pos = build_position(
        &rules,
        &twin,
        &spec.options,
        Color::White,
        twin.stipulation.span,
    )
    .expect("legal");
    (rules, pos)
}

/// Black's legal moves after White's e2-e4 (played on board A, passing to B), with the
/// en passant reading given or not.
fn black_after_e4(ep_first_board: bool, pieces: &str) -> Vec<String> {
    let (rules, pos) = alice_position(ep_first_board, pieces);
    let mut list = MoveList::new();
    rules.legal_moves(&pos, &mut list);
    let e4 = *list
        .iter()
        .find(|m| m.from.to_string() == "e2" && m.to.to_string() == "e4")
        .expect("e2-e4");
    let pos = rules.play(&pos, &e4);
    let mut list = MoveList::new();
    rules.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| move_text(&annotate(&rules, &pos, m, &rules.play(&pos, m), Goal::Mate)))
        .filter(|t| t.contains('*'))
        .collect();
    out.sort();
    out
}

#[test]
fn en_passant_on_the_board_the_pawn_passed_to_or_on_the_first_board() {
    // The pawn on d4 stands on board A, where e2-e4 is played; the one on f4 on board B,
    // where the pawn goes.
    let pieces = "white ka1 pe2 black kh8 pd4 black aliceb pf4";
    // Today's reading: only the pawn on board B takes, and passes to A.
    assert_eq!(black_after_e4(false, pieces), ["f4*e3 ep.A"]);
    // FirstBoardEnPassant: only the pawn on board A takes, on e3 where the pawn passed,
    // and passes to B; the pawn taken was on B.
    assert_eq!(black_after_e4(true, pieces), ["d4*e3 ep.B"]);
    // The capturer passes to e3 on board B, which must be empty.
    let taken = "white ka1 pe2 black kh8 pd4 black aliceb pf4 se3";
    assert!(black_after_e4(true, taken).is_empty());
}

#[test]
fn first_board_en_passant_removes_the_pawn_from_the_other_board() {
    let (rules, pos) = alice_position(true, "white ka1 pe2 black kh8 pd4");
    let play = |pos: &fairy::board::Position<fairy::conditions::AliceExt>, from: &str, to: &str| {
        let mut list = MoveList::new();
        rules.legal_moves(pos, &mut list);
        let mv = *list
            .iter()
            .find(|m| m.from.to_string() == from && m.to.to_string() == to)
            .expect("the move");
        rules.play(pos, &mv)
    };
    let pos = play(&pos, "e2", "e4");
    let e3 = fairy::board::Square::parse("e3").unwrap();
    let e4 = fairy::board::Square::parse("e4").unwrap();
    assert!(
        pos.ext.b.piece_at(e4).is_some(),
        "the pawn passed to board B"
    );
    let pos = play(&pos, "d4", "e3");
    assert_eq!(pos.ext.b.piece_at(e4), None, "taken on board B");
    assert!(pos.ext.b.piece_at(e3).is_some(), "the capturer on board B");
    assert_eq!(
        pos.board.occupied().count(),
        2,
        "board A: the two kings only"
    );
}

/// Option EnPassant names a pawn that passed to board B with its double step: it may be
/// taken there (Popeye 4.104 lists `1.f4*e3 ep.A` here too).
#[test]
fn option_en_passant_finds_the_pawn_on_the_board_it_passed_to() {
    let src = "begin\npieces white ka1 white aliceb pe4 black kh8 black aliceb pf4\nstipulation h~1\ncondition AliceChess\noption EnPassant e2e3e4\nend\n";
    let report = crate::common::solve_text(src);
    let text = fairy::output::text::problem(&report);
    assert!(text.contains("1.f4*e3 ep.A Ka1-b2B"), "{text}");
}

/// Option Board8x4 (Parton's reduced board): no move leaves ranks 1 to 4, a White pawn
/// makes no double step and promotes on rank 4; a unit off those ranks is an error.
#[test]
fn board_8x4_keeps_to_four_ranks_and_promotes_on_the_fourth() {
    let src = "begin\npieces white ke1 ra1 pc2 pd3 black kh4\nstipulation ~1\ncondition AliceChess Board8x4\nend\n";
    let report = crate::common::solve_text(src);
    let text = fairy::output::text::problem(&report);
    let moves: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("1."))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(moves.contains(&"Ra1-a4B") && !moves.iter().any(|m| m.starts_with("Ra1-a5")));
    assert!(
        moves.contains(&"c2-c3B") && !moves.contains(&"c2-c4B"),
        "{moves:?}"
    );
    for promoted in ["d3-d4=QB", "d3-d4=RB", "d3-d4=BB", "d3-d4=SB"] {
        assert!(moves.contains(&promoted), "{moves:?}");
    }
    assert!(!moves.contains(&"d3-d4B"), "{moves:?}");
    let off = "begin\npieces white ke1 ra6 black kh4\nstipulation ~1\ncondition AliceChess Board8x4\nend\n";
    let spec = parse_file(off).remove(0).expect("parses");
    let report = fairy::problem::solve_problem(&spec, &Default::default()).expect("solves");
    let e = report.twins[0]
        .outcome
        .as_ref()
        .expect_err("a6 is off the board");
    assert!(e.message.contains("off the 8x4 board"), "{}", e.message);
}

/// The units of an Alice position as a `pieces` line: board A's, then board B's.
fn pieces_line(pos: &fairy::board::Position<fairy::conditions::AliceExt>) -> String {
    use fairy::board::Role;
    let letter = |role: Role| match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "S",
        Role::Pawn => "P",
        other => panic!("no orthodox kind: {other:?}"),
    };
    let mut line = String::new();
    for color in Color::ALL {
        let name = if color == Color::White {
            "white"
        } else {
            "black"
        };
        for (mark, board) in [("", &pos.board), ("aliceb ", &pos.ext.b)] {
            let units: Vec<String> = board
                .units()
                .filter(|(_, p)| p.color == color)
                .map(|(sq, p)| format!("{}{sq}", letter(p.role)))
                .collect();
            if !units.is_empty() {
                line += &format!("{name} {mark}{} ", units.join(" "));
            }
        }
    }
    line
}

/// Every line of `plies` half-moves from `pos` that ends with the units where `target`
/// has them (on both boards), as the solver prints a proof game's moves.
fn lines_to(
    rules: &Alice,
    pos: &fairy::board::Position<fairy::conditions::AliceExt>,
    plies: usize,
    target: &fairy::board::Position<fairy::conditions::AliceExt>,
    line: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if plies == 0 {
        if pos.board == target.board && pos.ext.b == target.ext.b {
            let mut found = line.clone();
            found.push("dia".to_string());
            out.push(found);
        }
        return;
    }
    let mut next = Vec::new();
    rules.legal_successors(pos, &mut next);
    for (mv, after) in next {
        line.push(move_text(&annotate(rules, pos, &mv, &after, Goal::Mate)));
        lines_to(rules, &after, plies - 1, target, line, out);
        line.pop();
    }
}

/// Alice proof games against every line of play: the solutions the solver prints for
/// dia2 are exactly the lines of four half-moves from the game array, found by
/// exhaustive search in the test, that end where a random game of four ended (the
/// units on both boards): the bound that counts each unit's moves, with the parity
/// that brings it to its board, rules none of them out.
#[test]
fn alice_proof_games_are_every_line_to_the_target() {
    let array = "white Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 \
                 black Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7";
    let (rules, start) = alice_position(false, array);
    let mut rng = crate::common::Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..6 {
        let mut target = start;
        for _ in 0..4 {
            let mut moves = Vec::new();
            rules.legal_successors(&target, &mut moves);
            target = moves[rng.below(moves.len())].1;
        }
        let mut want = Vec::new();
        lines_to(&rules, &start, 4, &target, &mut Vec::new(), &mut want);
        want.sort();
        let text = format!(
            "begin\npieces {}\nstipulation dia2\ncondition AliceChess\nend\n",
            pieces_line(&target)
        );
        assert!(!want.is_empty());
        assert_eq!(crate::common::lines_of(&text), want, "{text}");
    }
}

/// The legal moves of `side` under Alice chess with the conditions `words`, as the
/// solver resolves them (Alice as a part of the configurable rules), in Popeye notation.
fn composed_moves(words: &str, pieces: &str, side: Color) -> Vec<String> {
    use fairy::conditions::{command_line_words, resolve, UnitMarks, WithRules};
    use fairy::input::Options;
    use fairy::problem::TwinSetup;
    struct Legal<'a> {
        twin: &'a TwinSetup,
        options: &'a Options,
        side: Color,
    }
    impl WithRules for Legal<'_> {
        type Output = Vec<String>;
        fn run<R: Rules>(self, rules: &R) -> Vec<String> {
            let pos = build_position(
                rules,
                self.twin,
                self.options,
                self.side,
                self.twin.stipulation.span,
            )
            .expect("legal");
            let mut list = MoveList::new();
            rules.legal_moves(&pos, &mut list);
            let mut out: Vec<String> = list
                .iter()
                .map(|m| move_text(&annotate(rules, &pos, m, &rules.play(&pos, m), Goal::Mate)))
                .collect();
            out.sort();
            out
        }
    }
    let src = format!("begin\npieces {pieces}\nstipulation #1\nend\n");
    let spec = parse_file(&src).remove(0).expect("parses");
    let twin = expand(&spec).expect("twins").remove(0);
    let rules = resolve(
        &command_line_words(&[format!("AliceChess {words}")]),
        UnitMarks::of(&spec.pieces),
    )
    .expect("built");
    rules.dispatch(Legal {
        twin: &twin,
        options: &spec.options,
        side,
    })
}

#[test]
fn with_madrasi_units_paralyse_each_other_on_their_own_board_only() {
    // The rooks on a1 (board A) and a8 (board B) do not observe each other: both move.
    let m = composed_moves(
        "Madrasi",
        "white kh1 ra1 black kh8 black aliceb ra8",
        Color::White,
    );
    assert!(m.contains(&"Ra1-a5B".to_string()), "{m:?}");
    // On one board they paralyse each other: the white rook has no move.
    let m = composed_moves("Madrasi", "white kh1 ra1 black kh8 ra8", Color::White);
    assert!(!m.iter().any(|s| s.starts_with("Ra1")), "{m:?}");
}

#[test]
fn with_circe_a_rebirth_square_taken_on_the_other_board_is_taken() {
    // The bishop taken on d7 of board A would be reborn on c8, which the knight holds on
    // board B: it is lost, as when the square is taken on board A. Kamikaze units make
    // Alice chess with Circe a part of the configurable rules.
    let m = composed_moves(
        "Circe",
        "white kh1 rd1 white kamikaze pa2 black kh8 bd7 black aliceb sc8",
        Color::White,
    );
    assert!(m.contains(&"Rd1*d7B".to_string()), "{m:?}");
    let m = composed_moves(
        "Circe",
        "white kh1 rd1 white kamikaze pa2 black kh8 bd7 sb8",
        Color::White,
    );
    assert!(m.contains(&"Rd1*d7B[+bBc8]".to_string()), "{m:?}");
}

#[test]
fn with_andernach_the_capturer_changes_colour_and_passes_over() {
    let m = composed_moves(
        "AndernachChess",
        "white kh1 rd1 black ka8 black aliceb kamikaze sd7",
        Color::White,
    );
    // The knight on board B is out of the rook's reach on board A.
    assert!(!m.iter().any(|s| s.starts_with("Rd1*")), "{m:?}");
    let m = composed_moves(
        "AndernachChess",
        "white kh1 rd1 black ka8 sd7",
        Color::White,
    );
    assert!(m.contains(&"Rd1*d7B=b".to_string()), "{m:?}");
}

/// The first moves of a help play's solutions as printed, sorted and without repeats.
fn first_moves(src: &str) -> Vec<String> {
    let mut moves: Vec<String> = crate::common::lines_of(src)
        .into_iter()
        .map(|line| line[0].clone())
        .collect();
    moves.dedup();
    moves
}

/// A one-problem text under Alice chess and `condition`.
fn alice_problem(pieces: &str, stipulation: &str, condition: &str) -> String {
    format!("begin\npieces {pieces}\nstipulation {stipulation}\ncondition {condition} AliceChess\nend\n")
}

/// A mummer chooses among the moves Alice chess leaves: Black's eighteen moves here are
/// Popeye 4.104's under AliceChess alone (`h~1`), the bishop's Bh6-c1A the longest
/// (5 x 5 + 5 x 5) and six the shortest (one step along a line). Popeye 4.104 accepts
/// the mummers with Alice chess but its mummer then constrains nothing (it prints all
/// eighteen); ours keeps to the rule (docs/conditions.md).
#[test]
fn a_mummer_chooses_among_the_alice_moves() {
    let src = |mummer: &str| {
        alice_problem(
            "white kf1 sa4 qc2 black kb4 pd7 pf6 ra2 black aliceb bh6",
            "h~1",
            mummer,
        )
    };
    assert_eq!(first_moves(&src("BlackMaximummer")), ["Bh6-c1A"]);
    assert_eq!(
        first_moves(&src("BlackMinimummer")),
        ["Kb4-b5B", "Ra2-a1B", "Ra2-a3B", "Ra2-b2B", "d7-d6B", "f6-f5B"]
    );
    assert_eq!(first_moves(&src("WhiteMaximummer")).len(), 18);
}

/// Patrouille and Lortap judge a capture's support on both boards, UltraPatrol a move's
/// on its unit's board, as Popeye 4.104 does: the black king of board B takes the king on
/// g6 with the support of its rook on h1 of board A under Patrouille (its only move) and
/// has no move under UltraPatrol.
#[test]
fn patrol_capture_support_is_judged_on_both_boards() {
    let src = |condition: &str| {
        alice_problem(
            "white rc5 white aliceb bd3 kg6 black pg3 pd6 rh1 black aliceb kh6 sa2",
            "h~1",
            condition,
        )
    };
    assert_eq!(first_moves(&src("Patrouille")), ["Kh6*g6A"]);
    assert!(first_moves(&src("UltraPatrol")).is_empty());
}

/// The white moves of a `~1` problem's output, sorted.
fn keys_of(src: &str) -> Vec<String> {
    crate::common::keys(&crate::common::solve_text(src))
}

/// Take & Make under Alice chess: the pawn of board B takes the queen there and makes as a
/// queen over both boards, so the queen of board A on f5 bars the f-file (f3-f4 and no
/// further) and the make ends on a square empty on both boards. The 21 makes are Popeye
/// 4.104's.
#[test]
fn a_make_goes_over_both_boards() {
    let src = alice_problem(
        "white ka1 qf5 white aliceb pe2 black kh8 black aliceb qf3",
        "~1",
        "Take&MakeChess",
    );
    let makes: Vec<String> = keys_of(&src)
        .into_iter()
        .filter_map(|k| Some(k.strip_prefix("e2*f3-")?.trim_end_matches(" +").to_string()))
        .collect();
    let want = [
        "a3A", "a8=BA", "a8=QA", "a8=RA", "a8=SA", "b3A", "b7A", "c3A", "c6A", "d3A", "d5A", "e2A",
        "e3A", "e4A", "f2A", "f4A", "g2A", "g3A", "g4A", "h3A", "h5A",
    ];
    assert_eq!(makes, want);
}

/// KoeKo under Alice chess: the unit a move places must touch a unit of either board
/// (the rook passing to board B on a5 to a7 touches the pawn of board A on b6; f1 and g1
/// touch board B's pawn on g2). The seven moves are Popeye 4.104's.
#[test]
fn koeko_contact_counts_units_of_both_boards() {
    let src = alice_problem(
        "white kh1 ra1 black kh8 pb6 black aliceb pg2",
        "~1",
        "KoeKo",
    );
    assert_eq!(
        keys_of(&src),
        ["Kh1-g1B", "Kh1-h2B", "Ra1-a5B", "Ra1-a6B", "Ra1-a7B", "Ra1-f1B", "Ra1-g1B"]
    );
}

/// Messigny chess under Alice chess: an exchange leaves both units on their board and
/// names none (`Kd1<->Kd8`); the king that exchanged must also be safe on the other board
/// (the rook of board B on h8 forbids it, on h7 not), as Popeye 4.104 plays it.
#[test]
fn a_messigny_exchange_stays_on_its_board() {
    let src = |rook: &str| {
        alice_problem(
            &format!("white kd1 pa2 black kd8 pa7 black aliceb {rook}"),
            "~1",
            "MessignyChess",
        )
    };
    let exchanges = |rook: &str| -> Vec<String> {
        keys_of(&src(rook))
            .into_iter()
            .filter(|k| k.contains("<->"))
            .collect()
    };
    assert_eq!(exchanges("rh7"), ["Kd1<->Kd8", "Pa2<->Pa7"]);
    assert_eq!(exchanges("rh8"), ["Pa2<->Pa7"]);
}

/// Volcanic Circe under Alice chess: the queen taken on board B is reborn on d1, where the
/// knight of board A stands, so it waits under the knight and comes back when the knight
/// leaves (`[+wQd1->v]`, then `Sd1-f2B[+wQd1]`), as Popeye 4.104 prints these lines.
#[test]
fn a_volcanic_rebirth_waits_under_a_unit_of_either_board() {
    let src = alice_problem(
        "white ka1 sd1 white aliceb qe4 black kh8 black aliceb bh7",
        "h~1",
        "Circe Volcanic",
    );
    let text = fairy::output::text::problem(&crate::common::solve_text(&src));
    for line in [
        "1.Bh7*e4A[+wQd1->v] Ka1-b2B",
        "1.Bh7*e4A[+wQd1->v] Sd1-f2B[+wQd1]",
        "1.Bh7*e4A[+wQd1->v] Sd1-c3B[+wQd1]",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}
