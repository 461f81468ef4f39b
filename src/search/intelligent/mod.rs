//! Help-stalemates and series help-stalemates under orthodox rules solved through
//! their final positions, as Popeye's option `Intelligent` does.
//!
//! In the final position of a help-stalemate the side to be stalemated (the defender) has
//! no move: every square next to its king holds one of its units or is guarded, and each
//! of its other units is closed in by its own units, pinned, a pawn blocked, or gone.
//! `Enumerator` builds plans from that: it places the defender's king where its moves can
//! bring it, then settles each square next to it and each placed unit in turn, placing a
//! defender unit (a block) or an attacker unit (a guard, a unit in front of a pawn, a
//! pinning line piece) where its side's moves can bring it, counting the least moves of
//! both sides as it goes; the defender's units that no task placed are then taken or
//! placed and stopped in turn. Attacker units that no task needed stay free. Each plan is
//! then searched on its own (`PlanSearch`): a move must leave every placed unit within
//! the moves its side has left of its target, which lets few moves through.
//!
//! Every line found ends in a stalemate tested as such, so no plan adds a false solution.
//! None is lost: follow the final position of a solution through the enumeration. Each
//! task it meets is met in that position by some unit on its final square; the branch
//! that places that unit there exists, since the squares a task offers are computed with
//! only the units placed so far in the way (a subset of those of the final position, which
//! can only block less), and its least moves are at most those the line spent. So some
//! plan holds only facts of that final position, and its search follows the line.

mod follow;
mod plans;

use super::{null_move, Limits, Step, Table};
use crate::board::{Bitboard, Color, Position, Square};
use crate::conditions::Rules;
use crate::movegen::Move;
use rayon::prelude::*;
use std::collections::HashSet;

/// Every line of `steps` (help moves, or a series with the other side passing) from
/// `pos` after which the side then to move is stalemated, under orthodox rules, in the
/// order of the move-by-move search; `None` where the method does not apply (other
/// rules, castling rights, a king missing, a parry step) or gives up, and the
/// move-by-move search is left to do it.
pub(super) fn solve_stalemate<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    steps: &[Step],
    table: &Table,
    limits: &Limits,
) -> Option<Vec<Vec<Move>>> {
    if !R::ORTHODOX_MOVEMENT
        || may_castle(pos.castling)
        || steps.is_empty()
        || steps.contains(&Step::Parry)
    {
        return None;
    }
    // The side to move after the last step is the one stalemated.
    let defender = if steps.len().is_multiple_of(2) {
        pos.side
    } else {
        !pos.side
    };
    let left = follow::moves_left(steps, pos.side)[0];
    let (d_moves, a_moves) = (
        usize::from(left[defender.index()]),
        usize::from(left[(!defender).index()]),
    );
    let lines = plans::for_each_king_square(pos, defender, d_moves, a_moves, |setup, plans| {
        plans
            .par_iter()
            .map(|plan| follow::follow(rules, pos, setup, plan, steps, table, limits))
            .collect::<Vec<_>>()
    })?;
    // A line may fit several plans.
    let mut seen = HashSet::new();
    let mut all: Vec<Vec<Move>> = lines
        .into_iter()
        .flatten()
        .flatten()
        .filter(|line| seen.insert(line.clone()))
        .collect();
    sort_in_generation_order(rules, pos, steps, &mut all);
    // Then in the reference solver's order, as the move-by-move search hands them on.
    all.sort_by_cached_key(|line| super::reference_order::line_key(line, None));
    Some(all)
}

/// Whether a castling may still come: a king and a rook of one colour keep their
/// rights (a king on e1 alone has one, as the reference solver grants them).
fn may_castle(castling: Bitboard) -> bool {
    Color::ALL.iter().any(|&c| {
        let at = |file| castling.contains(Square::from_coords(file, c.back_rank()));
        at(4) && (at(0) || at(7))
    })
}

/// Puts lines in the order a plain search generates them: by the rank of each move among
/// the legal moves of its position, first move first.
fn sort_in_generation_order<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    steps: &[Step],
    lines: &mut [Vec<Move>],
) {
    let ranks = |line: &Vec<Move>| -> Vec<usize> {
        let mut p = *pos;
        let mut passes = steps.iter().map(|s| *s == Step::Pass);
        line.iter()
            .map(|mv| {
                // The passes before this move's step.
                while passes.next() == Some(true) {
                    p = null_move(&p);
                }
                let moves = super::successors(rules, &p);
                let i = moves
                    .iter()
                    .position(|(m, _)| m == mv)
                    .expect("a found move is legal");
                p = moves[i].1;
                i
            })
            .collect()
    };
    lines.sort_by_cached_key(ranks);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Bitboard, Board, Color, Piece, Role, Square};
    use crate::conditions::Orthodox;
    use crate::search::help::{help_plan, series_plan, solve_plan_move_by_move, End};
    use crate::stipulation::Goal;

    /// Pseudo-random numbers below `n` (xorshift).
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            (seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n
        }
    }

    /// A random position that leans towards stalemates: the king of the side to be
    /// stalemated near a corner with a few of its units around it.
    fn random_position(next: &mut impl FnMut(u64) -> u64, plies: usize) -> Option<Position> {
        let side = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let defender = if plies.is_multiple_of(2) { side } else { !side };
        let mut board = Board::empty();
        let put = |board: &mut Board,
                   piece: Piece,
                   near: Option<Square>,
                   next: &mut dyn FnMut(u64) -> u64| {
            for _ in 0..100 {
                let sq = match near {
                    Some(c) if next(3) != 0 => {
                        let f = (c.file() as i64 + next(5) as i64 - 2).clamp(0, 7) as u8;
                        let r = (c.rank() as i64 + next(5) as i64 - 2).clamp(0, 7) as u8;
                        Square::from_coords(f, r)
                    }
                    _ => Square::new(next(64) as u8),
                };
                let edge = Bitboard::rank(0) | Bitboard::rank(7);
                if board.piece_at(sq).is_none() && !(piece.role == Role::Pawn && edge.contains(sq))
                {
                    board.put(sq, piece, false);
                    return Some(sq);
                }
            }
            None
        };
        let corner = Square::from_coords(
            [0, 1, 6, 7][next(4) as usize],
            [0, 1, 6, 7][next(4) as usize],
        );
        let king = put(
            &mut board,
            Piece::new(defender, Role::King),
            Some(corner),
            next,
        )?;
        let roles = [
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        for _ in 0..next(5) {
            let role = roles[next(7) as usize];
            put(&mut board, Piece::new(defender, role), Some(king), next)?;
        }
        put(&mut board, Piece::new(!defender, Role::King), None, next)?;
        for _ in 0..1 + next(3) {
            let role = roles[next(7) as usize];
            put(&mut board, Piece::new(!defender, role), Some(king), next)?;
        }
        let pos = Position::new(board, side);
        if Orthodox.in_check(&pos, !side) {
            return None;
        }
        Some(pos)
    }

    /// The final-position search finds exactly the lines of the move-by-move search, in
    /// the same order, on random positions built to be near a stalemate: help play of one
    /// to six half moves, and series help-stalemates (`ser-h=n`: the series side's n
    /// moves, the other side passing, then the other side's stalemating move) of one to
    /// four moves. (The solver uses it from seven moves on, where the move-by-move search
    /// of random positions takes too long for a unit test; the problems under `problems/`
    /// and the corpus cover those.)
    #[test]
    fn agrees_with_the_move_by_move_search() {
        let rules = Orthodox;
        let table = Table::new(16);
        let mut next = numbers(0x5555_AAAA_3333);
        let mut with_solutions = [0; 2];
        let mut gave_up = 0;
        let mut tried = 0;
        while tried < 16000 {
            // Every fourth position a series, its side the one stalemated.
            let series = tried % 4 == 3;
            let plan = if series {
                series_plan(1 + tried / 4 % 4, true, End::Goal(Goal::Stalemate))
            } else {
                help_plan(
                    1 + tried % 5 + usize::from(tried % 20 == 1),
                    Goal::Stalemate,
                )
            };
            let plies = plan.steps.len();
            let Some(pos) = random_position(&mut next, plies) else {
                continue;
            };
            tried += 1;
            let limits = Limits::default();
            let expected: Vec<Vec<Move>> =
                solve_plan_move_by_move(&rules, &pos, &plan, &table, &limits, &())
                    .lines
                    .into_iter()
                    .map(|line| line.moves.into_iter().map(|m| m.mv).collect())
                    .collect();
            let Some(found) = solve_stalemate(&rules, &pos, &plan.steps, &table, &limits) else {
                // The enumeration gave up (too many plans).
                gave_up += 1;
                continue;
            };
            if found != expected {
                let show = |lines: &[Vec<Move>]| -> Vec<String> {
                    lines
                        .iter()
                        .map(|l| {
                            l.iter()
                                .map(|m| format!("{}{}{:?}", m.from, m.to, m.promotion))
                                .collect::<Vec<_>>()
                                .join(" ")
                        })
                        .collect()
                };
                let (f, e) = (show(&found), show(&expected));
                let missing: Vec<_> = e.iter().filter(|l| !f.contains(l)).collect();
                let extra: Vec<_> = f.iter().filter(|l| !e.contains(l)).collect();
                panic!(
                    "{:?}, {:?} to move, units {:?}: missing {missing:?}, extra {extra:?}",
                    plan.steps,
                    pos.side,
                    pos.board
                        .units()
                        .map(|(sq, p)| format!("{:?}{:?}{sq}", p.color, p.role))
                        .collect::<Vec<_>>()
                );
            }
            with_solutions[usize::from(series)] += usize::from(!expected.is_empty());
        }
        // The test means something only if many positions have solutions.
        assert!(
            with_solutions[0] > 1000 && with_solutions[1] > 200,
            "only {with_solutions:?} positions with a solution (help, series)"
        );
        assert!(gave_up < 10, "the enumeration gave up {gave_up} times");
    }
}
