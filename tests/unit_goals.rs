//! The goals that ask where units stood in the diagram: circuit (`ct`), exchange (`<>`)
//! and kiss (`k<square>`), in help and series play. The solver's lines are compared with
//! those an exhaustive search in the test finds, following each unit from its diagram
//! square through the moves in the test's own terms.

use crate::common;

use common::successors;
use fairy::board::{Color, Position, Square};
use fairy::conditions::{Orthodox, Rules};
use fairy::movegen::Move;
use fairy::search::null_move;
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// The diagram square of the unit on each square.
type Origins = [Option<Square>; 64];

fn diagram_origins(pos: &Pos) -> Origins {
    let mut o = [None; 64];
    for sq in pos.board.occupied() {
        o[sq.index()] = Some(sq);
    }
    o
}

/// The units' diagram squares after `mv` from `before`: the unit goes with its move, a
/// captured unit leaves (en passant: the pawn beside), a castling rook goes with its king.
fn follow(origins: &Origins, before: &Pos, mv: &Move, after: &Pos) -> Origins {
    let mut o = *origins;
    for sq in before.board.occupied() {
        if !after.board.occupied().contains(sq) {
            o[sq.index()] = None;
        }
    }
    o[mv.to.index()] = origins[mv.from.index()];
    o[mv.from.index()] = None;
    if before.board.piece_at(mv.from).map(|p| p.role) == Some(fairy::board::Role::King)
        && mv.from.file().abs_diff(mv.to.file()) == 2
    {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.to.file() == 6 { (7, 5) } else { (0, 3) };
        let (rf, rt) = (
            Square::from_coords(rook_from, rank),
            Square::from_coords(rook_to, rank),
        );
        o[rt.index()] = origins[rf.index()];
        o[rf.index()] = None;
    }
    o
}

/// The goal's rule for the unit that moved to `to`, by `mover`, in `after`.
fn reached(goal: Goal, o: &Origins, after: &Pos, to: Square, mover: Color) -> bool {
    let occupied = after.board.occupied();
    let neighbours = |sq: Square| {
        (0..64u8).map(Square::new).filter(move |n| {
            *n != sq && n.file().abs_diff(sq.file()) <= 1 && n.rank().abs_diff(sq.rank()) <= 1
        })
    };
    match goal {
        Goal::Circuit => o[to.index()] == Some(to),
        Goal::Exchange => o[to.index()].is_some_and(|d| {
            d != to && o[d.index()] == Some(to) && after.board.color_at(d) == Some(mover)
        }),
        Goal::Kiss(target) => neighbours(to).any(|k| {
            occupied.contains(k)
                && o[k.index()] == Some(target)
                && neighbours(k).all(|n| n == to || !occupied.contains(n))
        }),
        _ => unreachable!("not a goal of this test"),
    }
}

/// Help play of `left` more half moves from `pos`, the last reaching `goal`; an earlier
/// move of the goal's side that reaches it ends the play (a shorter line).
fn help_lines(
    goal: Goal,
    pos: &Pos,
    o: &Origins,
    left: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    for (mv, after) in successors(pos) {
        let next = follow(o, pos, &mv, &after);
        let mark = prefix.len();
        if left == 1 {
            if reached(goal, &next, &after, mv.to, pos.side) {
                prefix.extend(common::written(pos, &mv, &after, goal));
                out.push(prefix.clone());
            }
        } else if left % 2 == 0 || !reached(goal, &next, &after, mv.to, pos.side) {
            // A move of the goal's side that reaches it ends the play (a shorter line).
            prefix.extend(common::written(pos, &mv, &after, goal));
            help_lines(goal, &after, &next, left - 1, prefix, out);
        }
        prefix.truncate(mark);
    }
}

/// A series of `left` more moves from `pos`, the other side passing; a move before the
/// last may not check, nor reach the goal (that ends the series: a shorter line).
fn series_lines(
    goal: Goal,
    pos: &Pos,
    o: &Origins,
    left: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    for (mv, after) in successors(pos) {
        let next = follow(o, pos, &mv, &after);
        let mark = prefix.len();
        if left == 1 {
            if reached(goal, &next, &after, mv.to, pos.side) {
                prefix.extend(common::written(pos, &mv, &after, goal));
                out.push(prefix.clone());
            }
        } else if !Orthodox.in_check(&after, after.side)
            && !reached(goal, &next, &after, mv.to, pos.side)
        {
            prefix.extend(common::written(pos, &mv, &after, goal));
            series_lines(goal, &null_move(&after), &next, left - 1, prefix, out);
        }
        prefix.truncate(mark);
    }
}

/// Fails with the lines only one side has.
fn same(got: Vec<Vec<String>>, want: Vec<Vec<String>>, stip: &str, fen: &str) {
    let extra: Vec<_> = got.iter().filter(|l| !want.contains(l)).collect();
    let missing: Vec<_> = want.iter().filter(|l| !got.contains(l)).collect();
    assert!(
        got == want,
        "{stip} in {fen}: the solver's extra lines {extra:?}, its missing lines {missing:?}"
    );
}

/// Positions with room for circuits, exchanges and kisses, White to move.
const POSITIONS: [&str; 6] = [
    "7k/8/8/8/8/8/8/3QKR2 w - - 0 1",
    "4k3/8/8/3p4/8/2N5/8/4K2R w K - 0 1",
    "k7/8/1p6/8/8/8/5PP1/4K1NR w K - 0 1",
    "7k/6p1/8/8/2B5/8/8/R3K3 w Q - 0 1",
    "8/8/3k4/8/3K4/8/1N6/8 w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K2B w q - 0 1",
];

fn goals() -> Vec<(Goal, String)> {
    let mut goals = vec![
        (Goal::Circuit, "ct".to_string()),
        (Goal::Exchange, "<>".into()),
    ];
    for sq in ["c3", "b6", "c4", "d6", "h8"] {
        goals.push((Goal::Kiss(Square::parse(sq).unwrap()), format!("k{sq}")));
    }
    goals
}

#[test]
fn series_play_to_the_units_goals_is_the_lines_the_definitions_find() {
    let mut found = 0;
    for fen in POSITIONS {
        let pos: Pos = Position::from_fen(fen).unwrap();
        let o = diagram_origins(&pos);
        for (goal, mark) in goals() {
            let mut want = Vec::new();
            for k in 1..=3 {
                series_lines(goal, &pos, &o, k, &mut Vec::new(), &mut want);
            }
            want.sort();
            found += want.len();
            let stip = format!("ser-{mark}3");
            same(common::help_lines(fen, &stip), want, &stip, fen);
        }
    }
    assert!(found >= 30, "{found} lines");
}

#[test]
fn help_play_to_the_units_goals_is_the_lines_the_definitions_find() {
    let mut found = 0;
    for fen in POSITIONS {
        let black = fen.replace(" w ", " b ");
        let pos: Pos = Position::from_fen(&black).unwrap();
        let o = diagram_origins(&pos);
        for (goal, mark) in goals() {
            let mut want = Vec::new();
            for k in 1..=2 {
                help_lines(goal, &pos, &o, 2 * k, &mut Vec::new(), &mut want);
            }
            want.sort();
            found += want.len();
            let stip = format!("h{mark}2");
            same(common::help_lines(&black, &stip), want, &stip, &black);
        }
    }
    assert!(found >= 30, "{found} lines");
}
