//! The bounds against exhaustive search on random positions, and hand-made cases.

use super::*;
use crate::board::Piece;

/// The kinds a random unit other than a king may have.
const UNIT_ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// Pseudo-random numbers below `n` (xorshift from `seed`, scrambled by `mul`).
fn numbers(mut seed: u64, mul: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(mul) >> 33) % n
    }
}

#[test]
fn within_marks_exactly_the_entries_at_most_the_limit() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..2000 {
        let mut row = [0u8; 64];
        for cost in row.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Small distances, and NEVER, as the tables hold.
            *cost = if seed.is_multiple_of(5) {
                NEVER
            } else {
                (seed >> 8) as u8 % 12
            };
        }
        for max in [0, 1, 3, 7, 11, 127, 128, 200, NEVER - 1, NEVER] {
            let expected = (0..64)
                .filter(|&i| row[i] <= max)
                .fold(0u64, |m, i| m | 1 << i);
            assert_eq!(within(&row, max), Bitboard(expected), "{row:?} {max}");
        }
    }
}

/// [`goal_in_reach_after_moving`] for Black, to move, playing its unit on `from`.
fn black_moves(pos: &Position, goal: Goal, from: &str, att: usize, def: usize) -> bool {
    goal_in_reach_after_moving(pos, Color::Black, goal, sq(from), att, def)
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn position(units: &[(&str, Color, Role)]) -> Position {
    let mut board = Board::default();
    for &(s, color, role) in units {
        board.put(sq(s), Piece::new(color, role), false);
    }
    Position::new(board, Color::Black)
}

/// A position with Black to move from units written as `bKa8 wRh2 ...`.
fn diagram(units: &str) -> Position {
    let units: Vec<(&str, Color, Role)> = units
        .split_whitespace()
        .map(|u| {
            let color = if u.starts_with('w') {
                Color::White
            } else {
                Color::Black
            };
            let role = Role::from_letter(u[1..].chars().next().unwrap()).unwrap();
            (&u[2..], color, role)
        })
        .collect();
    position(&units)
}

#[test]
fn distances_on_an_empty_board() {
    let d = &**DISTANCES;
    let n = kind(Color::White, Role::Knight);
    assert_eq!(d.reach[n][sq("a1").index()][sq("b3").index()], 1);
    assert_eq!(d.reach[n][sq("a1").index()][sq("b2").index()], 4);
    assert_eq!(d.reach[n][sq("a1").index()][sq("h8").index()], 6);
    let b = kind(Color::White, Role::Bishop);
    assert_eq!(d.reach[b][sq("c1").index()][sq("c2").index()], NEVER);
    assert_eq!(d.attack[b][sq("c1").index()][sq("c2").index()], NEVER);
    assert_eq!(d.attack[b][sq("c1").index()][sq("c3").index()], 1);
    let r = kind(Color::White, Role::Rook);
    assert_eq!(d.attack[r][sq("a1").index()][sq("h8").index()], 1);
    assert_eq!(d.attack[r][sq("a1").index()][sq("a8").index()], 0);
    // A white pawn: b2-b4 is one move, b8=Q the fifth, Qb8-b1 the sixth.
    let wp = kind(Color::White, Role::Pawn);
    assert_eq!(d.reach[wp][sq("b2").index()][sq("b4").index()], 1);
    assert_eq!(d.reach[wp][sq("b2").index()][sq("b1").index()], 6);
    assert_eq!(d.reach[wp][sq("c2").index()][sq("c8").index()], 5);
    assert_eq!(d.attack[wp][sq("e4").index()][sq("d5").index()], 0);
    // A pawn never attacks the square ahead of it; promoted on e8 a queen does.
    assert_eq!(d.attack[wp][sq("e4").index()][sq("e5").index()], 4);
    // Black pawns run the other way; a pawn on its own first rank never moves.
    let bp = kind(Color::Black, Role::Pawn);
    assert_eq!(d.reach[bp][sq("d7").index()][sq("d5").index()], 1);
    assert_eq!(d.reach[bp][sq("d7").index()][sq("d8").index()], 6);
    assert_eq!(d.reach[bp][sq("d8").index()][sq("d7").index()], NEVER);
    assert_eq!(d.attack[bp][sq("d8").index()][sq("c7").index()], NEVER);
}

/// `Bound::places` skips a pawn's promotions when the square straight ahead on the
/// last rank is out of reach: no promoted piece stands anywhere sooner.
#[test]
fn no_promoted_piece_stands_sooner_than_on_the_square_ahead() {
    let d = &**DISTANCES;
    for color in Color::ALL {
        for from in Square::all() {
            if from.rank() == color.back_rank() || from.rank() == color.promotion_rank() {
                continue;
            }
            let ahead = Square::from_coords(from.file(), color.promotion_rank());
            let least = d.promoted[color.index()][0][from.index()][ahead.index()];
            for (i, _) in PROMOTED.into_iter().enumerate() {
                let row = &d.promoted[color.index()][i][from.index()];
                assert!(row.iter().all(|&c| c >= least), "{color:?} {from} {i}");
            }
        }
    }
}

#[test]
fn balls_are_squares_of_king_steps() {
    for center in Square::all() {
        for radius in 0..9u8 {
            let expected = Square::all()
                .filter(|&s| king_distance(center, s) <= radius)
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            assert_eq!(ball(center, radius), expected, "{center} {radius}");
        }
    }
}

#[test]
fn a_lone_king_cannot_mate_but_a_rook_soon_can() {
    use Color::Black as B;
    let pos = diagram("bKh1 wKf2");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 10, 10));
    // Ka8 against Kb6 and Pa7 is a stalemate already; without the pawn the flight b8
    // stays open.
    let pos = diagram("bKa8 wKb6 wPa7");
    assert!(goal_in_reach(&pos, B, Goal::Stalemate, 0, 0));
    let pos = diagram("bKa8 wKb6");
    assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 0, 0));
    let pos = diagram("bKh1 wKf2 wRa8");
    assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 1));
}

#[test]
fn flights_must_be_guarded_or_blocked() {
    use Color::Black as B;
    // Black Ke5 in the open, White Kh1 and a knight: one white move cannot guard the
    // flights of any square the king reaches, and Black has nothing to block with.
    let pos = diagram("bKe5 wKh1 wSa1");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
    assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 1, 1));
    // Black Ka8 boxed in by its own units: Sc7 mates in one move.
    let pos = diagram("bKa8 bPa7 bPb7 bRb8 wKh1 wSe6");
    assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    // Without the rook on b8 the flight b8 is open and nothing can take it in one move.
    let pos = diagram("bKa8 bPa7 bPb7 wKh1 wSe6");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
}

#[test]
fn one_unit_guards_from_one_place() {
    use Color::Black as B;
    // A queen can attack each flight of a lone Ke5 in one move, but from no single
    // square all of them while checking, and the white king is far away.
    let pos = diagram("bKe5 wKa1 wQh8");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 2, 0));
    assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 2, 0));
    // Ka8 with its own pawns on a7 and b7: a rook reaching the eighth rank mates; a
    // pawn on c6 needs two moves, c7 and c8=Q (cxb7+ leaves b8 open).
    let pos = diagram("bKa8 bPa7 bPb7 wKh1 wRh2");
    assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    let pos = diagram("bKa8 bPa7 bPb7 wKh1 wPc6");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
}

#[test]
fn a_unit_about_to_move_counts_one_move_nearer() {
    // 1...Ra8-g8 2.Sg5-f7 #: the rook fills g8, which nothing white can guard in time.
    let pos = diagram("bKh8 bPh7 bRa8 wKa2 wBd4 wSg5");
    assert!(black_moves(&pos, Goal::Mate, "a8", 1, 0));
    assert!(!black_moves(&pos, Goal::Mate, "h7", 1, 0));
    // From a1 the rook needs two moves: 1.Ra1-a8 Ka2-b3 2.Ra8-g8 Sg5-f7 #.
    let pos = diagram("bKh8 bPh7 bPg7 bRa1 wKa2 wBd4 wSg5");
    assert!(!black_moves(&pos, Goal::Mate, "a1", 1, 0));
    assert!(black_moves(&pos, Goal::Mate, "a1", 2, 1));
    // Leaving a flight opens it: Rg8 cannot stay.
    let pos = diagram("bKh8 bPh7 bPg7 bRg8 wKa2 wBd4 wSg5");
    assert!(!black_moves(&pos, Goal::Mate, "g8", 1, 0));
    // A knight on f8 reaches no flight.
    let pos = diagram("bKh8 bPh7 bPg7 bSf8 wKa2 wBd4 wSg5");
    assert!(!black_moves(&pos, Goal::Mate, "f8", 1, 0));
}

#[test]
fn a_checker_next_to_the_king_must_be_guarded() {
    use Color::Black as B;
    // Qg7 covers g8 and h7, but the king takes it: a black knight reaching g7 does
    // not count as a block there.
    let pos = diagram("bKh8 bSe6 wKa1 wQb2");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
    // With the white king on f6 to guard it, Qg7 mates.
    let pos = diagram("bKh8 bSe6 wKf5 wQb2");
    assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
}

#[test]
fn the_king_guards_from_one_place() {
    use Color::Black as B;
    // With six moves the white king can attack any flight of a lone Ke5, but from one
    // square only three of them, and a rook takes at most three more: no mate, however
    // long White plays, while Black stands still.
    let pos = diagram("bKe5 wKa1 wRh1");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 6, 0));
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 20, 0));
    // On h8 it is mated by the king on f7 and the rook on the h-file, or the king on g6
    // and the rook on the eighth rank: six king moves and one rook move. Guarding g7
    // from f6 (five moves) and h7 from the rook's file does not count.
    let pos = diagram("bKh8 wKa1 wRa2");
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 6, 0));
    assert!(goal_in_reach(&pos, B, Goal::Mate, 7, 0));
    // The king next to the mated king would stand in check: from g6 it guards g7 and
    // h7, not g8, which a rook checking on the eighth rank covers.
    let pos = diagram("bKh8 wKg5 wRa1");
    assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
}

#[test]
fn stalemate_needs_every_unit_frozen() {
    use Color::{Black as B, White as W};
    let mut units = vec![
        ("h8", B, Role::King),
        ("f7", W, Role::King),
        ("f5", W, Role::Bishop),
    ];
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 0, 0));
    // A free pawn must be blocked or taken, and no white unit gets to a4 or a5 at once.
    units.push(("a5", B, Role::Pawn));
    assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 0));
    // In line with its king it might be pinned instead, and a pawn on its first rank
    // never moves.
    units.pop();
    units.push(("a8", B, Role::Pawn));
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 0, 0));
    units.pop();
    units.push(("d4", B, Role::Pawn));
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 0));
}

/// One attacker move stops two free units, one taken where it lands and one pinned from
/// there, and a line piece in place pins a third: White Kh1, Re1, Bg2, Pb6, black Ka8,
/// Bb8, Nb7, Ne8, 1.Rxe8 = (the rook pins the bishop, the bishop on g2 the knight);
/// Black a move earlier with its king on a7, 1...Ka8 2.Rxe8 =. Three free units in
/// all, too many for one move taking or pinning one each, and more than it stops when
/// the bishop in place is not counted.
#[test]
fn a_move_takes_one_unit_and_pins_another() {
    let last = diagram("bKa8 bBb8 bSb7 bSe8 wKh1 wRe1 wBg2 wPb6");
    let mut white = last;
    white.side = Color::White;
    assert!(reachable(&white, 1, Goal::Stalemate));
    assert!(goal_in_reach(&white, Color::Black, Goal::Stalemate, 1, 0));
    let earlier = diagram("bKa7 bBb8 bSb7 bSe8 wKh1 wRe1 wBg2 wPb6");
    assert!(reachable(&earlier, 2, Goal::Stalemate));
    assert!(goal_in_reach(&earlier, Color::Black, Goal::Stalemate, 1, 1));
    // A fourth free unit is one too many: a black pawn on h5.
    let more = diagram("bKa8 bBb8 bSb7 bSe8 bPh5 wKh1 wRe1 wBg2 wPb6");
    let mut white = more;
    white.side = Color::White;
    assert!(!goal_in_reach(&white, Color::Black, Goal::Stalemate, 1, 0));
}

/// With no move left the defender cannot castle: a rook that still may is shut in like
/// any unit. White Kh1, Rd1, Rf1, Pd6, black Ke8, Ra8 (Black may castle): every flight
/// is guarded, but no white move reaches the rook, which has b8 to go to.
#[test]
fn a_defender_without_moves_does_not_castle() {
    let mut pos = diagram("bKe8 bRa8 wKh1 wRd1 wRf1 wPd6");
    pos.side = Color::White;
    pos.castling = Bitboard::EMPTY.with(sq("e8")).with(sq("a8"));
    assert!(!goal_in_reach(&pos, Color::Black, Goal::Stalemate, 1, 0));
    assert!(!reachable(&pos, 1, Goal::Stalemate));
}

/// The attacker unit placed to stand somewhere may be the one the king takes: White
/// Kb8, black Ka6, Ba8, Bd4, White to be stalemated after 1.Kxa8 Be5 (found missing
/// by `search::intelligent`'s comparison with this search: the bishop on a8 was the
/// unit placed, and no square but the king's was left for it).
#[test]
fn the_unit_placed_for_stalemate_may_be_taken() {
    use Color::{Black as B, White as W};
    let units = [
        ("b8", W, Role::King),
        ("a6", B, Role::King),
        ("a8", B, Role::Bishop),
        ("d4", B, Role::Bishop),
    ];
    assert!(goal_in_reach(&position(&units), W, Goal::Stalemate, 1, 1));
}

/// A pawn that has just stepped two squares may be taken en passant: 1.Bb3+ Ka3
/// 2.Rb1 g5 3.fxg6 e.p. = from White Kc4, Rg1, Ba4, Pf5, black Ka2, Pg7 (found missing
/// by `search::intelligent`'s comparison with this search).
#[test]
fn a_pawn_that_stepped_two_squares_may_be_taken_en_passant() {
    use Color::{Black as B, White as W};
    let units = [
        ("c4", W, Role::King),
        ("b1", W, Role::Rook),
        ("b3", W, Role::Bishop),
        ("f5", W, Role::Pawn),
        ("a3", B, Role::King),
        ("g5", B, Role::Pawn),
    ];
    let mut pos = position(&units);
    pos.side = W;
    assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 1, 0));
    pos.ep = Some(crate::board::EnPassant {
        crossed: sq("g6"),
        pawn: sq("g5"),
    });
    assert!(goal_in_reach(&pos, B, Goal::Stalemate, 1, 0));
}

#[test]
fn the_defenders_last_moves_close_in_few_units() {
    use Color::{Black as B, White as W};
    let mut units = vec![
        ("h8", B, Role::King),
        ("f7", W, Role::King),
        ("f5", W, Role::Bishop),
        ("a5", B, Role::Pawn),
        ("b5", B, Role::Pawn),
        ("c5", B, Role::Pawn),
    ];
    // One black move takes care of one free pawn, one white move of another.
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
    units.push(("d5", B, Role::Pawn));
    assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
    // Two more black moves: each may move a pawn or stand in front of one.
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 2));
    // A pawn in line with the king counts unless a white line piece can stand
    // beyond it in time: none can beyond e5 at once, the bishop on c3 already does.
    units.pop();
    units.push(("e5", B, Role::Pawn));
    assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
    units.push(("c3", W, Role::Bishop));
    assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
}

/// Whether some line of `plies` half moves from `pos` ends in `goal`, by trying them all.
fn reachable(pos: &Position, plies: usize, goal: Goal) -> bool {
    use crate::conditions::{Orthodox, Rules};
    if plies == 0 {
        return crate::search::position_goal_reached(&Orthodox, pos, goal);
    }
    let mut next = Vec::new();
    Orthodox.legal_successors(pos, &mut next);
    next.iter()
        .any(|(_, after)| reachable(after, plies - 1, goal))
}

/// The bound for a unit about to move is a proof too: wherever one of its moves leads
/// to a mate or stalemate in the half moves left, it must let the unit pass (the king
/// included). Random sparse positions with the side to be mated to move, lines of two
/// and four half moves.
#[test]
fn never_rejects_a_unit_whose_move_reaches_the_goal() {
    use crate::conditions::{Orthodox, Rules};
    let mut next = numbers(0x2545_F491_4F6C_DD1Du64, 0x9E37_79B9_7F4A_7C15);
    let roles = UNIT_ROLES;
    let mut checked = [[0usize; 2]; 2];
    let mut positions = 0;
    while positions < 4000 {
        let mut board = Board::default();
        let units = 3 + next(4) as usize;
        let mut placed = 0;
        let mut near = Bitboard::EMPTY;
        while placed < units {
            // Half the units next to the king to be mated, where mates happen.
            let sq = if placed >= 2 && next(2) == 0 && near.is_nonempty() {
                let squares: SmallVec<[Square; 25]> = near.into_iter().collect();
                squares[next(squares.len() as u64) as usize]
            } else {
                Square::new(next(64) as u8)
            };
            let color = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = match placed {
                0 => Role::King,
                1 => Role::King,
                _ => roles[next(5) as usize],
            };
            let color = match placed {
                0 => Color::White,
                1 => Color::Black,
                _ => color,
            };
            let last = Bitboard::rank(color.promotion_rank()) | Bitboard::rank(color.back_rank());
            if board.piece_at(sq).is_some() || (role == Role::Pawn && last.contains(sq)) {
                continue;
            }
            board.put(sq, Piece::new(color, role), false);
            placed += 1;
            if placed == 2 {
                near = ball(sq, 2);
            }
        }
        let defender = Color::Black;
        let pos = Position::new(board, defender);
        if Orthodox.in_check(&pos, !defender) {
            continue;
        }
        positions += 1;
        let mut moves = Vec::new();
        Orthodox.legal_successors(&pos, &mut moves);
        // Four half moves on fewer positions: the exhaustive search is the cost.
        let longest = if positions % 16 == 0 { 4 } else { 2 };
        for plies in (2..=longest).step_by(2) {
            let (att, def) = (plies / 2, plies / 2 - 1);
            for (g, goal) in [Goal::Mate, Goal::Stalemate].into_iter().enumerate() {
                for (mv, after) in &moves {
                    if !reachable(after, plies - 1, goal) {
                        continue;
                    }
                    checked[g][plies / 2 - 1] += 1;
                    assert!(
                        goal_in_reach_after_moving(&pos, defender, goal, mv.from, att, def),
                        "{mv:?} then {goal:?} in {} rejected: {pos:?}",
                        plies - 1
                    );
                }
            }
        }
    }
    assert!(
        checked.iter().all(|c| c[0] > 50 && c[1] > 10),
        "too few goals to test: {checked:?}"
    );
}

#[test]
fn a_piece_that_moves_last_needs_an_attacker_move_but_may_close_in_a_unit() {
    // 1...Sg4-h6+ 2.Sf5*h6 =: the knight's landing closes in the h-pawn, and the
    // attacker's one move, spent on the knight, keeps it closed.
    let pos = diagram("bKh8 bPh7 bSg4 wKf7 wSf5");
    assert!(black_moves(&pos, Goal::Stalemate, "g4", 1, 0));
    // A pawn the knight cannot close in: it and the knight both need the attacker's
    // one move (to a4, and to take or shut in the knight).
    let pos = diagram("bKh8 bPh7 wPh6 bSg4 bPa5 wKf7 wSb2");
    assert!(!black_moves(&pos, Goal::Stalemate, "g4", 1, 0));
}

/// The bound is a proof: wherever some line reaches the goal, it must let the node pass.
/// Random sparse positions, every help line of one to three half moves, both goals.
#[test]
fn never_rejects_a_reachable_goal() {
    let (reached, castled) = check_reachable_goals(0x9E37_79B9_7F4A_7C15, 3000, false);
    assert!(reached > 100, "too few reachable goals to test: {reached}");
    assert!(
        castled > 5,
        "too few goals reached only by castling: {castled}"
    );
}

/// The same where both sides may castle (with one rook or both), the other units
/// near the back ranks, where castling counts.
#[test]
fn never_rejects_a_goal_reached_by_castling() {
    let (reached, castled) = check_reachable_goals(0x2545_F491_4F6C_DD1D, 4000, true);
    assert!(reached > 500, "too few reachable goals to test: {reached}");
    assert!(
        castled > 50,
        "too few goals reached only by castling: {castled}"
    );
}

/// Random positions checked against exhaustive search: how many goals were reachable,
/// and how many of them only by castling.
fn check_reachable_goals(seed: u64, tries: usize, castle_always: bool) -> (usize, usize) {
    use crate::conditions::{Orthodox, Rules};
    let mut next = numbers(seed, 0x2545_F491_4F6C_DD1D ^ seed.rotate_left(17));
    let roles = UNIT_ROLES;
    let mut reached = 0;
    let mut castled = 0;
    let mut tried = 0;
    while tried < tries {
        let mut board = Board::default();
        let put = |board: &mut Board, piece: Piece, next: &mut dyn FnMut(u64) -> u64| loop {
            let sq = if castle_always && next(2) == 0 {
                // Near a back rank.
                let rank = [0, 1, 2, 5, 6, 7][next(6) as usize];
                Square::from_coords(next(8) as u8, rank)
            } else {
                Square::new(next(64) as u8)
            };
            let last = Bitboard::rank(piece.color.promotion_rank());
            if board.piece_at(sq).is_none() && !(piece.role == Role::Pawn && last.contains(sq)) {
                board.put(sq, piece, false);
                break;
            }
        };
        // Without `castle_always`, one position in two lets a side castle (a king and
        // a rook on their home squares with their rights), one side or both.
        let mut castling = Bitboard::EMPTY;
        let castles = castle_always || next(2) == 0;
        for color in Color::ALL {
            if castles && (castle_always || next(3) != 0) {
                let back = color.back_rank();
                let king = Square::from_coords(4, back);
                board.put(king, Piece::new(color, Role::King), false);
                castling = castling.with(king);
                let files: &[u8] = match next(3) {
                    0 => &[0],
                    1 => &[7],
                    _ => &[0, 7],
                };
                for &file in files {
                    let rook = Square::from_coords(file, back);
                    board.put(rook, Piece::new(color, Role::Rook), false);
                    castling = castling.with(rook);
                }
            } else {
                put(&mut board, Piece::new(color, Role::King), &mut next);
            }
        }
        for _ in 0..1 + next(5) {
            let color = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = roles[next(5) as usize];
            put(&mut board, Piece::new(color, role), &mut next);
        }
        let side = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut pos = Position::new(board, side);
        pos.castling = castling;
        if Orthodox.in_check(&pos, !side) {
            continue;
        }
        tried += 1;
        for plies in 1..=3 {
            for goal in [Goal::Mate, Goal::Stalemate] {
                if bound_admits_what_search_reaches(&pos, plies, goal) {
                    reached += 1;
                    let mut plain = pos;
                    plain.castling = Bitboard::EMPTY;
                    castled += usize::from(!reachable(&plain, plies, goal));
                }
            }
        }
    }
    (reached, castled)
}

/// Whether `goal` is reached in `plies` half moves from `pos` by exhaustive search;
/// where it is, asserts that the bound lets it through.
fn bound_admits_what_search_reaches(pos: &Position, plies: usize, goal: Goal) -> bool {
    if !reachable(pos, plies, goal) {
        return false;
    }
    // The side to move after the last ply is the one mated or stalemated.
    let side = pos.side;
    let defender = if plies.is_multiple_of(2) { side } else { !side };
    let own = (0..plies)
        .filter(|i| (i % 2 == 0) == (side == defender))
        .count();
    assert!(
        goal_in_reach(pos, defender, goal, plies - own, own),
        "{goal:?} in {plies} plies rejected: {pos:?}"
    );
    true
}

/// Puts `piece` on a random empty square of `around` (a pawn off the first and last
/// ranks).
fn put_at_random(
    board: &mut Board,
    piece: Piece,
    around: Bitboard,
    next: &mut dyn FnMut(u64) -> u64,
) {
    let ends = Bitboard::rank(0) | Bitboard::rank(7);
    loop {
        let sq = Square::new(next(64) as u8);
        if around.contains(sq)
            && board.piece_at(sq).is_none()
            && !(piece.role == Role::Pawn && ends.contains(sq))
        {
            board.put(sq, piece, false);
            return;
        }
    }
}

/// Stalemates need the defender's units shut in, pinned or taken, which sparse random
/// positions seldom show: here the defender's king stands on an edge with two to four
/// units of its side and three to five of the attacker's (line pieces for the most
/// part) around it, and stalemates in one to three half moves are checked against
/// exhaustive search.
#[test]
fn never_rejects_a_reachable_stalemate_among_many_units() {
    use crate::conditions::{Orthodox, Rules};
    let mut next = numbers(0xD1B5_4A32_D192_ED03, 0x9E37_79B9_7F4A_7C15);
    let attacker_roles = [
        Role::Rook,
        Role::Bishop,
        Role::Queen,
        Role::Knight,
        Role::Pawn,
        Role::Rook,
    ];
    let defender_roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Pawn,
    ];
    let (mut tried, mut reached) = (0, 0);
    while tried < 4000 {
        let mut board = Board::default();
        let edge = next(4);
        let along = next(8) as u8;
        let king = match edge {
            0 => Square::from_coords(along, 0),
            1 => Square::from_coords(along, 7),
            2 => Square::from_coords(0, along),
            _ => Square::from_coords(7, along),
        };
        board.put(king, Piece::new(Color::Black, Role::King), false);
        let near = ball(king, 3);
        let put = put_at_random;
        put(
            &mut board,
            Piece::new(Color::White, Role::King),
            !ball(king, 1),
            &mut next,
        );
        // Units in line with the king, half of them, where they may stand pinned.
        let lines = attacks::queen(king, Bitboard::EMPTY);
        for _ in 0..2 + next(3) {
            let role = defender_roles[next(5) as usize];
            let around = if next(2) == 0 { near & lines } else { near };
            put(
                &mut board,
                Piece::new(Color::Black, role),
                around,
                &mut next,
            );
        }
        for _ in 0..3 + next(3) {
            let role = attacker_roles[next(6) as usize];
            let around = if next(2) == 0 { lines } else { Bitboard::FULL };
            put(
                &mut board,
                Piece::new(Color::White, role),
                around,
                &mut next,
            );
        }
        let side = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = Position::new(board, side);
        if Orthodox.in_check(&pos, !side) {
            continue;
        }
        tried += 1;
        for plies in 1..=3 {
            reached += usize::from(bound_admits_what_search_reaches(
                &pos,
                plies,
                Goal::Stalemate,
            ));
        }
    }
    assert!(
        reached > 40,
        "too few reachable stalemates to test: {reached}"
    );
}

/// A unit that cannot stand where a block would count in time changes nothing in the
/// mate bound by moving: wherever the bound holds after its move, it holds with the
/// unit standing still (`may_fill_flight`, which lets the search skip asking).
#[test]
fn a_unit_far_from_its_king_changes_no_mate_bound() {
    let mut next = numbers(0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B);
    let roles = UNIT_ROLES;
    let (mut far, mut asked) = (0, 0);
    for _ in 0..4000 {
        let mut board = Board::default();
        let mut put = |board: &mut Board, piece: Piece| {
            put_at_random(board, piece, Bitboard::FULL, &mut next)
        };
        put(&mut board, Piece::new(Color::Black, Role::King));
        put(&mut board, Piece::new(Color::White, Role::King));
        for i in 0..8 {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            put(&mut board, Piece::new(color, roles[i % roles.len()]));
        }
        let pos: Position = Position::new(board, Color::Black);
        for def in 0..3 {
            for att in 1..4 {
                let units = pos.board.by_color(Color::Black) & !pos.board.by_role(Role::King);
                for from in units {
                    asked += 1;
                    if may_fill_flight(&pos, Color::Black, from, def) {
                        continue;
                    }
                    far += 1;
                    let moved =
                        goal_in_reach_after_moving(&pos, Color::Black, Goal::Mate, from, att, def);
                    let still = goal_in_reach(&pos, Color::Black, Goal::Mate, att, def);
                    assert!(!moved || still, "{from} (att {att}, def {def}): {pos:?}");
                }
            }
        }
    }
    assert!(far > asked / 10, "{far} of {asked}");
}

/// The square a unit must fill may lie two king steps away: black Ke5, Pd4, White
/// Ra4, Rh5, Sd1, Sg1, Ka8 and no white move to spare; after ...d3 and ...Ke4 every
/// flight is guarded or filled, with the pawn standing still none is.
#[test]
fn a_unit_two_steps_from_its_king_may_fill_a_flight() {
    let pos = diagram("bKe5 bPd4 wRa4 wRh5 wSd1 wSg1 wKa8");
    assert!(goal_in_reach_after_moving(
        &pos,
        Color::Black,
        Goal::Mate,
        sq("d4"),
        0,
        1
    ));
    assert!(!goal_in_reach(&pos, Color::Black, Goal::Mate, 0, 1));
    assert!(may_fill_flight(&pos, Color::Black, sq("d4"), 1));
}

/// The bounds with no defender move left, the memo used, against the same found
/// afresh, over positions that share the attacker's units and the defender's king but
/// not its other units (castling rights and en passant now and then).
#[test]
fn remembered_answers_are_those_found_afresh() {
    let mut next = numbers(0x1357_9BDF_2468_ACE0, 0xBF58_476D_1CE4_E5B9);
    let (mut asked, mut differ) = (0u64, Vec::new());
    REMEMBERED.set(0);
    for _ in 0..1500 {
        let mut attackers = Board::default();
        let castles = next(3) == 0;
        if castles {
            attackers.put(sq("e1"), Piece::new(Color::White, Role::King), false);
            attackers.put(sq("h1"), Piece::new(Color::White, Role::Rook), false);
        } else {
            attackers.put(
                Square::new(next(64) as u8),
                Piece::new(Color::White, Role::King),
                false,
            );
        }
        for _ in 0..1 + next(3) {
            let at = Square::new(next(64) as u8);
            let role = UNIT_ROLES[next(5) as usize];
            if attackers.piece_at(at).is_none()
                && !(role == Role::Pawn && (at.rank() == 0 || at.rank() == 7))
            {
                attackers.put(at, Piece::new(Color::White, role), false);
            }
        }
        let king = Square::new(next(64) as u8);
        if attackers.piece_at(king).is_some() {
            continue;
        }
        for _ in 0..8 {
            let mut board = attackers;
            board.put(king, Piece::new(Color::Black, Role::King), false);
            for _ in 0..next(6) {
                // Next to the king one time in two.
                let at = if next(2) == 0 {
                    let near: Vec<Square> = attacks::king(king).into_iter().collect();
                    near[next(near.len() as u64) as usize]
                } else {
                    Square::new(next(64) as u8)
                };
                let role = UNIT_ROLES[next(5) as usize];
                if board.piece_at(at).is_none()
                    && !(role == Role::Pawn && (at.rank() == 0 || at.rank() == 7))
                {
                    board.put(at, Piece::new(Color::Black, role), false);
                }
            }
            let mut pos: Position = Position::new(board, Color::Black);
            if castles && next(2) == 0 {
                pos.castling = Bitboard::EMPTY.with(sq("e1")).with(sq("h1"));
            }
            let stepped = board.pieces(Color::Black, Role::Pawn) & Bitboard::rank(4);
            if let Some(pawn) = stepped.first().filter(|_| next(2) == 0) {
                let crossed = pawn.offset(0, 1).expect("on the fifth rank");
                if board.piece_at(crossed).is_none() {
                    pos.ep = Some(crate::board::EnPassant { pawn, crossed });
                }
            }
            let lifted =
                std::iter::once(None).chain((board.by_color(Color::Black)).into_iter().map(Some));
            for from in lifted {
                for goal in [Goal::Mate, Goal::Stalemate] {
                    for att in 1..=3 {
                        let ask = || match from {
                            None => goal_in_reach(&pos, Color::Black, goal, att, 0),
                            Some(f) => {
                                goal_in_reach_after_moving(&pos, Color::Black, goal, f, att, 0)
                            }
                        };
                        let remembered = ask();
                        FORGETFUL.set(true);
                        let afresh = ask();
                        FORGETFUL.set(false);
                        asked += 1;
                        if remembered != afresh && differ.len() < 5 {
                            differ.push(format!("{goal:?} att {att} from {from:?}: {pos:?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
    let remembered = REMEMBERED.get();
    // The positions share keys often enough for the memo to answer a good part.
    assert!(remembered * 10 > asked, "{remembered} of {asked}");
}

#[test]
fn castling_counts_as_one_move_of_king_and_rook() {
    use Color::Black as B;
    // 1.0-0 Sd5-e7 #: only castling brings the king to g8 at once.
    let mut pos = diagram("bKe8 bRh8 bPf7 bPg6 bPh7 wKa1 wBb2 wSd5");
    pos.castling = Bitboard::from_square(sq("e8")).with(sq("h8"));
    assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 1));
    // Castling rights no longer switch the bound off: a lone king cannot mate, nor
    // can a rook that castles in time.
    let mut pos = diagram("bKe8 bRh8 wKe1");
    pos.castling = Bitboard::from_square(sq("e8")).with(sq("h8"));
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 2, 2));
    let mut pos = diagram("bKa4 wKe1 wRh1");
    pos.castling = Bitboard::from_square(sq("e1")).with(sq("h1"));
    assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
}
