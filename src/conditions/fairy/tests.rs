use super::mars::mars_origin;
use super::*;
use crate::conditions::{command_line_words, resolve, RuleSet, UnitMarks};

fn fairy(words: &str) -> Fairy {
    match resolve(&command_line_words(&[words]), UnitMarks::default()) {
        Ok(RuleSet::Fairy(f)) => f,
        other => panic!("{words}: {other:?}"),
    }
}

/// The generic answer: every pseudo-legal move played and tested.
fn by_playing<O: Origins>(rules: &Fairy<O>, pos: &Position<FairyExt<O>>) -> MoveList {
    let mut moves = MoveList::new();
    rules.pseudo_legal(pos, &mut moves);
    moves.retain(|mv| rules.is_legal(pos, mv, &rules.play(pos, mv)));
    moves
}

/// The orthodox masks may decide plain moves only where they agree with playing
/// them out, and the children of a position are the positions `play` makes:
/// random games under every condition, each position compared.
#[test]
fn plain_moves_decided_by_masks_agree_with_playing_them() {
    let conditions = [
        "Circe",
        "AntiCirce",
        "AntiCirce Cheylan",
        "AntiCloneCirce",
        "MirrorCirce",
        "PWC",
        "CirceAssassin",
        "Circe Assassin Chameleon",
        "Circe Assassin Mirror",
        "Circe Assassin Symmetry",
        "Circe Assassin Antipodes",
        "Circe Assassin File",
        "ChameleonCirce",
        "ParrainCirce",
        "EquipollentsCirce",
        "KamikazeCirce",
        "Circe Volcanic",
        "Circe RexInclusive",
        "Circe Diagram",
        "Circe Cohen",
        "AntiCirce Assassin",
        "AntiCirce Relaxed",
        "MarsCirce",
        "AntiMarsCirce",
    ];
    let starts = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Positions where check is not an orthodox attack: the rook's Anticirce
        // rebirth square h8 is taken (the bishop is not pinned), a Mars rook checks
        // from its home square, a Rex Inclusive king would be reborn on e1.
        "4r2n/8/8/8/k7/8/4B3/4K3 w - - 0 1",
        "r6k/8/8/8/8/8/1N6/K7 w - - 0 1",
        "4k3/8/8/8/8/8/1B6/rN2K3 w - - 0 1",
        // Pawns on their own first rank, which check under Equipollents and Parrain.
        "3p3k/8/2K5/8/8/8/8/4P2R w - - 0 1",
        // Circe Assassin: the knight on c3 is reborn on g1, on its king.
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for words in conditions {
        let rules = fairy(words);
        checked += if rules.needs_origins() {
            random_games(
                &rules.with_layout::<DiagramOrigins, NoFairy>(),
                words,
                &starts,
                &mut seed,
            )
        } else {
            random_games(&rules, words, &starts, &mut seed)
        };
    }
    assert!(checked > 10_000, "{checked}");
}

/// Mars Circe's checkers by lines and the squares between agree with the attacks
/// of each unit from its rebirth square.
#[test]
fn mars_checkers_agree_with_attacks_from_the_rebirth_square() {
    let rules = fairy("MarsCirce");
    let mut seed = 0x1405_7B7E_F767_814Fu64;
    let mut checks = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        random_walk(&rules, fen, 600, &mut seed, |pos| {
            let board = &pos.board;
            for color in Color::ALL {
                let Some(k) = board.king(color) else { continue };
                // Under RexExclusive the king is left out.
                for kings in [true, false] {
                    let mut expected = Bitboard::EMPTY;
                    for from in board.by_color(!color) {
                        let piece = board.piece_at(from).unwrap();
                        if piece.role == Role::King && !kings {
                            continue;
                        }
                        if let Some((via, occ)) = mars_origin(board, piece, from) {
                            if movegen::attacks_from(piece, via, occ).contains(k) {
                                expected = expected.with(from);
                            }
                        }
                    }
                    assert_eq!(mars_checkers(board, k, !color, kings), expected, "{pos:?}");
                    checks += usize::from(expected.is_nonempty());
                }
            }
        });
    }
    assert!(checks > 20, "{checks}");
}

/// Circe Assassin's check test by the tables of rebirth squares agrees with trying
/// every capture, for each square rule and kind rule it combines with.
#[test]
fn assassin_threat_by_tables_agrees_with_every_capture() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut threats = 0;
    for words in [
        "CirceAssassin",
        "Circe Assassin Chameleon",
        "Circe Assassin Mirror",
        "Circe Assassin Symmetry",
        "Circe Assassin File",
        "Circe Assassin Antipodes",
    ] {
        let rules = fairy(words);
        let circe = rules.circe.expect("a Circe rule");
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            random_walk(&rules, fen, 400, &mut seed, |pos| {
                for color in Color::ALL {
                    if let Some(k) = pos.board.king(color) {
                        let origin = |sq| pos.ext.origin(sq);
                        let fast = assassin::threatened(&pos.board, color, k, circe, origin);
                        let slow =
                            assassin::threatened_by_capture(&pos.board, color, k, circe, origin);
                        assert_eq!(fast, slow, "{words}: {pos:?}");
                        threats += usize::from(fast);
                    }
                }
            });
        }
    }
    assert!(threats > 20, "{threats}");
}

/// Compares the mask answers with playing every move, in each position of a random
/// walk from each of `starts`; returns the number of positions compared.
fn random_games<O: Origins>(
    rules: &Fairy<O>,
    words: &str,
    starts: &[&str],
    seed: &mut u64,
) -> usize {
    let mut checked = 0;
    for fen in starts {
        random_walk(rules, fen, 480, seed, |pos| {
            let slow = by_playing(rules, pos);
            let mut fast = MoveList::new();
            rules.legal_moves(pos, &mut fast);
            assert_eq!(fast, slow, "{words}: {pos:?}");
            let mut succ = Vec::new();
            rules.legal_successors(pos, &mut succ);
            assert!(succ.iter().map(|(m, _)| *m).eq(slow.iter().copied()));
            for (mv, after) in &succ {
                assert_eq!(*after, rules.play(pos, mv), "{words}: {mv:?} in {pos:?}");
            }
            assert_eq!(rules.has_legal_move(pos), !slow.is_empty());
            checked += 1;
        });
    }
    checked
}

/// Shows `visit` each position of a random game of `steps` moves from `fen`, started
/// again whenever it ends.
fn random_walk<O: Origins>(
    rules: &Fairy<O>,
    fen: &str,
    steps: usize,
    seed: &mut u64,
    mut visit: impl FnMut(&Position<FairyExt<O>>),
) {
    let mut start: Position<FairyExt<O>> = Position::from_fen(fen).unwrap();
    rules.init(&mut start, &[]).unwrap();
    let mut pos = start;
    for _ in 0..steps {
        visit(&pos);
        let moves = by_playing(rules, &pos);
        if moves.is_empty() {
            pos = start;
            continue;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        pos = rules.play(&pos, &moves[(*seed % moves.len() as u64) as usize]);
    }
}

/// Make & Take: a black bishop on e1, the white king's square, checks a king it could
/// take after castling as that king would (to g1, the h1 rook to f1): the white king on
/// h2 may only take the bishop or block the castling. The moves are those Popeye 4.104
/// lists for the position.
#[test]
fn make_and_take_checks_by_castling_as_a_make() {
    let rules = fairy("Make&TakeChess");
    let mut pos: Position<FairyExt> =
        Position::from_fen("3k4/8/8/8/8/8/P6K/R3b2R w - - 0 1").unwrap();
    pos.assume_castling_rights();
    let mut names: Vec<String> = by_playing(&rules, &pos)
        .iter()
        .map(|m| format!("{}{}", m.from, m.to))
        .collect();
    names.sort();
    assert_eq!(names, ["a1e1", "h1e1", "h1f1", "h1g1"]);
    // Without the rook's right to castle the bishop does not check.
    pos.castling = pos.castling.without(Square::H1);
    assert!(!rules.in_check(&pos, Color::White));
}

/// Make & Take with Circe Rex Inclusive: a king may be taken, and a unit on its home
/// square may take it after castling as that king would. The take is judged before the
/// rook moves (the queen passes d8 on her way from c8 to f8), then the rook goes to d8
/// and loses its right; the king is reborn on e8. Popeye 4.104 lists `0-0-0*f8[+bKe8]`
/// beside `Qe8*f8[+bKe8]` (problems/maketake/zf81-castling-make-constructed.inp).
#[test]
fn make_and_take_castling_as_a_make_takes_a_king_and_moves_its_rook() {
    let rules = fairy("Make&TakeChess Circe RexInclusive");
    let mut pos: Position<FairyExt> =
        Position::from_fen("r3Qk2/p7/8/8/8/8/8/7K w - - 0 1").unwrap();
    pos.assume_castling_rights();
    assert!(pos.castling.contains(Square::A8));
    let moves = by_playing(&rules, &pos);
    let f8 = Square::parse("f8").unwrap();
    let takes: Vec<_> = moves.iter().filter(|m| m.to == f8).collect();
    assert_eq!(takes.len(), 2, "{takes:?}");
    let castling = takes
        .iter()
        .find(|m| m.effects.has(Cause::CastlingMake))
        .expect("a castling as a make");
    let after = rules.play(&pos, castling);
    let at = |s: &str| after.board.piece_at(Square::parse(s).unwrap());
    assert_eq!(at("f8"), Some(Piece::new(Color::White, Role::Queen)));
    assert_eq!(at("d8"), Some(Piece::new(Color::Black, Role::Rook)));
    assert_eq!(at("e8"), Some(Piece::new(Color::Black, Role::King)));
    assert_eq!(at("a8"), None);
    assert!(!after.castling.contains(Square::A8));
    let fresh: Position<FairyExt> = Position::from_fen("3rkQ2/p7/8/8/8/8/8/7K b - - 0 1").unwrap();
    assert_eq!(after.board.hash(), fresh.board.hash());
    // Without the rook's right there is no castling as a make.
    pos.castling = pos.castling.without(Square::A8);
    let moves = by_playing(&rules, &pos);
    assert!(moves.iter().all(|m| !m.effects.has(Cause::CastlingMake)));
}

/// Make & Take's captures and checks, found by whole sets of squares, against the rule
/// played out square by square: every make the walker gives, then every capture the
/// unit's walk has from there.
#[test]
fn make_and_take_by_sets_agrees_with_every_make_played_out() {
    let rules = fairy("Make&TakeChess");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut compared = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        random_walk(&rules, fen, 300, &mut seed, |pos| {
            let board = &pos.board;
            let side = pos.side;
            let mut slow = Vec::new();
            for from in board.by_color(side) {
                let unit = board.piece_at(from).unwrap();
                let lifted = board.occupied().without(from);
                for t in board.by_color(!side) {
                    let victim = board.piece_at(t).unwrap();
                    let makes = walks::quiet_from(victim, from, board.occupied());
                    if makes.into_iter().any(|m| {
                        !(unit.role.is_pawn() && m.rank() == side.back_rank())
                            && walks::observes(unit, m, t, lifted.with(m))
                    }) {
                        slow.push((from, t));
                    }
                }
            }
            let mut fast: Vec<_> = {
                let mut moves = MoveList::new();
                rules.pseudo_legal(pos, &mut moves);
                moves
                    .iter()
                    .filter(|m| m.kind == MoveKind::Capture)
                    .map(|m| (m.from, m.to))
                    .collect()
            };
            fast.dedup();
            slow.sort_by_key(|&(a, b)| (a.index(), b.index()));
            fast.sort_by_key(|&(a, b)| (a.index(), b.index()));
            fast.dedup();
            assert_eq!(fast, slow, "{pos:?}");
            for color in Color::ALL {
                let Some(k) = board.king(color) else { continue };
                let mut expected = Bitboard::EMPTY;
                for a in board.by_color(!color) {
                    let unit = board.piece_at(a).unwrap();
                    let lifted = board.occupied().without(a);
                    let king = Piece::new(color, Role::King);
                    if walks::quiet_from(king, a, board.occupied())
                        .into_iter()
                        .any(|m| {
                            !(unit.role.is_pawn() && m.rank() == (!color).back_rank())
                                && walks::observes(unit, m, k, lifted.with(m))
                        })
                    {
                        expected = expected.with(a);
                    }
                }
                // Castling as a make aside (tested on its own above).
                let fast =
                    Fairy::make_take_checkers(pos, k, !color) & !castling_probe(pos, k, !color);
                assert_eq!(fast, expected & !castling_probe(pos, k, !color), "{pos:?}");
                compared += 1;
            }
        });
    }
    assert!(compared > 1000, "{compared}");
}

/// The home square of `by`'s opponent king when a unit of `by` stands there.
fn castling_probe(pos: &Position<FairyExt>, _k: Square, by: Color) -> Bitboard {
    let home = Square::from_coords(4, (!by).back_rank());
    if pos.board.color_at(home) == Some(by) {
        Bitboard::from_square(home)
    } else {
        Bitboard::EMPTY
    }
}

/// Anti-Mars Circe: a pawn's double step from its rebirth square may end on the square
/// it stands on (`a5-a7-a5`, the turn passed), a single step may not (no `h6-h7-h6`), as
/// Popeye 4.104 plays them.
#[test]
fn anti_mars_double_step_may_end_on_the_pawns_own_square() {
    let rules = fairy("AntiMarsCirce");
    let pos: Position<FairyExt> = Position::from_fen("4k3/8/7p/p7/8/8/8/4K3 b - - 0 1").unwrap();
    let moves = by_playing(&rules, &pos);
    let stay = |sq: Square| moves.iter().any(|m| m.from == sq && m.to == sq);
    let a5 = Square::parse("a5").unwrap();
    assert!(stay(a5), "{moves:?}");
    assert!(!stay(Square::parse("h6").unwrap()), "{moves:?}");
    let after = rules.play(
        &pos,
        moves.iter().find(|m| m.from == a5 && m.to == a5).unwrap(),
    );
    assert_eq!(after.board, pos.board);
    assert_eq!(after.side, Color::White);
}

/// A pawn on its own first rank checks as a pawn under the Circes whose rebirth square
/// follows the capture's vector (the reference solver's rule), where one may be reborn
/// there; under Circe it does not. It has no move either way.
#[test]
fn a_first_rank_pawn_checks_under_equipollents_and_parrain() {
    let pos: Position<FairyExt> = Position::from_fen("2p4k/2K5/8/8/8/8/8/8 w - - 0 1").unwrap();
    let c7 = Square::parse("c7").unwrap();
    for (words, checks) in [
        ("Circe", false),
        ("AntiCirce Equipollents", false),
        ("EquipollentsCirce", true),
        ("ParrainCirce", true),
        ("ContraParrain", true),
    ] {
        let rules = fairy(words);
        let mut fast = MoveList::new();
        rules.legal_moves(&pos, &mut fast);
        let slow = by_playing(&rules, &pos);
        let beside: Vec<_> = fast
            .iter()
            .filter(|m| m.from == c7 && ["b7", "d7"].contains(&m.to.to_string().as_str()))
            .collect();
        assert_eq!(beside.is_empty(), checks, "{words}: {fast:?}");
        assert_eq!(fast.len(), slow.len(), "{words}");
        let black = crate::search::null_move(&pos);
        let mut moves = MoveList::new();
        rules.legal_moves(&black, &mut moves);
        assert!(
            moves.iter().all(|m| m.role == Role::King),
            "{words}: {moves:?}"
        );
    }
}

/// The example of the Circe article: after White's Qd1×g4 with the bishop reborn on c8,
/// Black may not at once play Bc8×g4, which restores the position before White's move;
/// any other capture of the queen, and the same capture a move later, stays legal.
#[test]
fn cohen_forbids_only_the_move_that_undoes_the_last_one() {
    let sq = |name: &str| Square::parse(name).unwrap();
    // The placement before the last move rides in the positions' larger layout.
    type Layout = FairyExt<DiagramOrigins>;
    let start: Position<Layout> = Position::from_fen("4k3/8/8/8/6b1/8/3P4/3QK3 w - - 0 1").unwrap();
    let undo = |rules: &Fairy<DiagramOrigins>, pos: &Position<Layout>| {
        by_playing(rules, pos)
            .iter()
            .any(|m| m.from == sq("c8") && m.to == sq("g4"))
    };
    for (words, forbidden) in [("Circe", false), ("Circe Cohen", true)] {
        let rules = fairy(words).with_layout::<DiagramOrigins, NoFairy>();
        let mut moves = MoveList::new();
        rules.legal_moves(&start, &mut moves);
        let take = *moves
            .iter()
            .find(|m| m.from == sq("d1") && m.to == sq("g4"))
            .expect("Qd1xg4");
        let after = rules.play(&start, &take);
        assert_eq!(
            after.piece_at(sq("c8")),
            Some(Piece::new(Color::Black, Role::Bishop))
        );
        assert_eq!(undo(&rules, &after), !forbidden, "{words}");
        // A waiting move by Black, one by White: the capture is no longer an undoing.
        let mut later = after;
        for (from, to) in [(sq("e8"), sq("f7")), (sq("e1"), sq("f1"))] {
            let mut moves = MoveList::new();
            rules.legal_moves(&later, &mut moves);
            let mv = *moves
                .iter()
                .find(|m| m.from == from && m.to == to)
                .expect("a king move");
            later = rules.play(&later, &mv);
        }
        assert!(undo(&rules, &later), "{words}: a move later");
    }
}

/// The squares the capturing unit of each legal capture in `pos` goes to, sorted.
fn capturer_squares(rules: &Fairy, pos: &Position<FairyExt>) -> Vec<String> {
    let mut squares: Vec<String> = by_playing(rules, pos)
        .iter()
        .filter(|m| m.is_capture())
        .filter_map(|m| {
            let after = rules.play(pos, m);
            let moved = Piece::new(pos.side, m.role);
            after
                .board
                .by_color(pos.side)
                .into_iter()
                .find(|&sq| {
                    pos.board.piece_at(sq) != Some(moved) && after.board.piece_at(sq) == Some(moved)
                })
                .map(|sq| sq.to_string())
        })
        .collect();
    squares.sort();
    squares
}

/// Anticirce Cage: the capturer goes to each empty square where it is caged, the
/// capture square included; a pawn on its own first rank is caged there whatever
/// stands ahead (Popeye 4.104: `e5*f6[wPf6->a1]` ... `[wPf6->h1]`, `[wPf6->a3]`,
/// `[wPf6->h7]`), unlike the captured pawn of Cage Circe; with no cage the capture is
/// illegal, and so the rook's attack on its king is no check.
#[test]
fn anticirce_cage_reborn_only_where_caged() {
    let rules = fairy("AntiCirce Cage");
    let pos: Position<FairyExt> =
        Position::from_fen("7k/8/5p2/4P3/p7/1p6/1K6/8 w - - 0 1").unwrap();
    assert_eq!(
        capturer_squares(&rules, &pos),
        ["a1", "a3", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "h7"]
    );
    // A rook has no cage here: its capture is illegal, its attack no check.
    let pos: Position<FairyExt> = Position::from_fen("7k/8/3p4/3R4/8/8/P7/8 w - - 0 1").unwrap();
    assert!(capturer_squares(&rules, &pos).is_empty());
    let pos: Position<FairyExt> = Position::from_fen("7k/8/8/8/8/3P4/8/r2K4 w - - 0 1").unwrap();
    assert!(!rules.in_check(&pos, Color::White));
    assert!(fairy("AntiCirce").in_check(&pos, Color::White));
}

/// Anticirce Parrain: the capturer waits where it took; the next move takes it from its
/// capture square as that move went, and is illegal where that square is off the board
/// or taken (Popeye 4.104: after `1.Ba1*b2`, `Kf7-g6[bBb2->c1]`, and with c1 taken no
/// `Kf7-g6`); a unit that takes the waiting capturer is moved on in its place.
#[test]
fn anticirce_parrain_moves_the_capturer_with_the_next_move() {
    let rules = fairy("AntiCirce Parrain");
    let pos: Position<FairyExt> = Position::from_fen("8/5K2/8/8/8/8/1PR5/b6k b - - 0 1").unwrap();
    let capture = by_playing(&rules, &pos)
        .into_iter()
        .find(|m| m.is_capture())
        .expect("Ba1*b2");
    let after = rules.play(&pos, &capture);
    let b2 = Square::parse("b2").unwrap();
    assert_eq!(
        after.board.piece_at(b2),
        Some(Piece::new(Color::Black, Role::Bishop))
    );
    let replies = by_playing(&rules, &after);
    let reply = |from: &str, to: &str| {
        replies
            .iter()
            .find(|m| m.from.to_string() == from && m.to.to_string() == to)
            .copied()
    };
    let at = |p: &Position<FairyExt>, s: &str| p.board.piece_at(Square::parse(s).unwrap());
    let g6 = rules.play(&after, &reply("f7", "g6").expect("Kf7-g6"));
    assert_eq!(at(&g6, "c1"), Some(Piece::new(Color::Black, Role::Bishop)));
    assert_eq!(at(&g6, "b2"), None);
    // Off the board: b2 one file left and two ranks down.
    assert!(reply("c2", "b2").is_some() && reply("f7", "e6").is_some());
    let taken = rules.play(&after, &reply("c2", "b2").expect("Rc2*b2"));
    assert_eq!(at(&taken, "a2"), Some(Piece::new(Color::White, Role::Rook)));
    assert_eq!(at(&taken, "b2"), None);
    // The rook now waits on a2; Black's Kh1-g1 takes it from b2 one file left: a2 again.
    let kg1 = by_playing(&rules, &taken)
        .into_iter()
        .find(|m| m.to.to_string() == "g1")
        .expect("Kh1-g1");
    let next = rules.play(&taken, &kg1);
    assert_eq!(at(&next, "a2"), Some(Piece::new(Color::White, Role::Rook)));
    // With c1 taken Kf7-g6 would send the bishop onto it.
    let mut blocked = pos;
    blocked.board.put(
        Square::parse("c1").unwrap(),
        Piece::new(Color::White, Role::Pawn),
        false,
    );
    let after = rules.play(&blocked, &capture);
    assert!(by_playing(&rules, &after)
        .iter()
        .all(|m| !(m.from.to_string() == "f7" && m.to.to_string() == "g6")));
}
