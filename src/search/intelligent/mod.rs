//! Helpmates and help-stalemates (and their series and reciprocal forms) under
//! orthodox rules solved through their final positions, as Popeye's option
//! `Intelligent` does.
//!
//! In the final position of a help-stalemate the side to be stalemated (the defender) has
//! no move: every square next to its king holds one of its units or is guarded, and each
//! of its other units is closed in by its own units, pinned, a pawn blocked, or gone.
//! In that of a helpmate a unit of the other side (the attacker) other than its king
//! checks the defender's king, nothing stands between them, and every square next to the
//! king holds a defender unit or is guarded; the defender's other units may stand
//! anywhere (their failure to parry the check is left to the search's test).
//! `Enumerator` builds plans from that: it places the defender's king where its moves can
//! bring it, then the checker of a mate, then settles each square next to the king and
//! (stalemate) each placed unit in turn, placing a defender unit (a block) or an attacker
//! unit (a guard, a unit in front of a pawn, a pinning line piece) where its side's moves
//! can bring it, counting the least moves of both sides as it goes; in a stalemate the
//! defender's units that no task placed are then taken or placed and stopped in turn.
//! Units that no task needed stay free. Each plan is then searched on its own
//! (`PlanSearch`): a move must leave every placed unit within the moves its side has left
//! of its target, which lets few moves through.
//!
//! Every line found ends in a mate or stalemate tested as such, so no plan adds a false
//! solution. None is lost: follow the final position of a solution through the
//! enumeration. Each task it meets is met in that position by some unit on its final
//! square; the branch that places that unit there exists, since the squares a task offers
//! are computed with only the units placed so far in the way (a subset of those of the
//! final position, which can only block less), and its least moves are at most those the
//! line spent. So some plan holds only facts of that final position, and its search
//! follows the line. In reciprocal play the plans describe the help play's final
//! position, two moves after the steps; the search tests the reciprocal end where the
//! steps end, and a line that meets it reaches some mate, whose plan follows the line.

mod follow;
mod plans;

use super::{Limits, Step, Table};
use crate::board::{Bitboard, Color, Position, Square};
use crate::conditions::Rules;
use crate::movegen::Move;
use crate::stipulation::Goal;
use plans::Final;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::atomic::AtomicUsize;

/// How the lines a final-position search looks for end: in a goal (mate or stalemate)
/// after the steps, or in reciprocal help play (`reci-h`), whose help play's goal comes two
/// moves after the steps.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum End {
    Goal(Goal),
    Reciprocal { help: Goal, own: Goal },
}

impl End {
    /// The moves after the steps to the final position the plans describe.
    fn extra(self) -> usize {
        match self {
            End::Goal(_) => 0,
            End::Reciprocal { .. } => 2,
        }
    }

    /// What the final position is, if the plans know it.
    fn final_position(self) -> Option<Final> {
        match self {
            End::Goal(Goal::Mate)
            | End::Reciprocal {
                help: Goal::Mate, ..
            } => Some(Final::Mate),
            End::Goal(Goal::Stalemate)
            | End::Reciprocal {
                help: Goal::Stalemate,
                ..
            } => Some(Final::Stalemate),
            _ => None,
        }
    }
}

/// Every line of `steps` (help moves, or a series with the other side passing) from
/// `pos` that meets `end`, under orthodox rules, unordered; `None` where the method does
/// not apply (other rules, castling rights, a king missing, a parry step, an end other
/// than mate or stalemate) or gives up (too many plans, or
/// [`super::MAX_KEPT_SOLUTIONS`] lines), and the move-by-move search is left to do it.
pub(super) fn solve<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    steps: &[Step],
    end: End,
    table: &Table,
    limits: &Limits,
) -> Option<Vec<Vec<Move>>> {
    let goal = end.final_position()?;
    if !rules.orthodox_bounds(pos)
        || may_castle(pos.castling)
        || steps.is_empty()
        || steps.contains(&Step::Parry)
    {
        return None;
    }
    // The side to move after the last move is the one mated or stalemated.
    let plies = steps.len() + end.extra();
    let defender = if plies.is_multiple_of(2) {
        pos.side
    } else {
        !pos.side
    };
    let left = follow::moves_left(steps, end.extra(), pos.side)[0];
    let (d_moves, a_moves) = (
        usize::from(left[defender.index()]),
        usize::from(left[(!defender).index()]),
    );
    let found = AtomicUsize::new(0);
    let lines =
        plans::for_each_king_square(pos, goal, defender, d_moves, a_moves, |setup, plans| {
            plans
                .par_iter()
                .map(|plan| {
                    follow::follow(rules, pos, setup, plan, steps, end, table, limits, &found)
                })
                .collect::<Vec<_>>()
        })?;
    if follow::lines_past_cap(&found, limits) {
        return None;
    }
    // A line may fit several plans.
    let mut seen = HashSet::new();
    Some(
        lines
            .into_iter()
            .flatten()
            .flatten()
            .filter(|line| seen.insert(line.clone()))
            .collect(),
    )
}

/// Whether a castling may still come: a king and a rook of one colour keep their
/// rights (a king on e1 alone has one, as the reference solver grants them).
fn may_castle(castling: Bitboard) -> bool {
    Color::ALL.iter().any(|&c| {
        let at = |file| castling.contains(Square::from_coords(file, c.back_rank()));
        at(4) && (at(0) || at(7))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Bitboard, Board, Color, Piece, Role, Square};
    use crate::conditions::Orthodox;
    use crate::search::help::{help_plan, series_plan, solve_plan_move_by_move, End as End_};
    use crate::stipulation::Goal;

    use crate::search::test_numbers as numbers;

    /// A random position that leans towards stalemates: the king of the side to be
    /// stalemated near a corner with a few of its units around it; where `both`, the other
    /// king too, with a unit or two of the first side near it (for reciprocal play, where
    /// each side mates).
    fn random_position(
        next: &mut impl FnMut(u64) -> u64,
        plies: usize,
        both: bool,
    ) -> Option<Position> {
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
        let corner = Square::from_coords(
            [0, 1, 6, 7][next(4) as usize],
            [0, 1, 6, 7][next(4) as usize],
        );
        let other = put(
            &mut board,
            Piece::new(!defender, Role::King),
            both.then_some(corner),
            next,
        )?;
        for _ in 0..usize::from(both) * (1 + next(2) as usize) {
            let role = roles[next(7) as usize];
            put(&mut board, Piece::new(defender, role), Some(other), next)?;
        }
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

    /// The lines of `plan` from `pos` by the final-position search and by the move-by-move
    /// search, each sorted (the final-position search hands them on unordered); `None`
    /// where the enumeration gave up.
    fn both_searches<R: Rules>(
        rules: &R,
        pos: &Position<R::Ext>,
        plan: &crate::search::help::Plan,
        table: &Table,
    ) -> Option<(Vec<Vec<Move>>, Vec<Vec<Move>>)> {
        let limits = Limits::default();
        let end = match plan.end {
            End_::Goal(goal) => End::Goal(goal),
            End_::Reciprocal { help, own } => End::Reciprocal { help, own },
            _ => unreachable!("the test's plans"),
        };
        let mut expected: Vec<Vec<Move>> =
            solve_plan_move_by_move(rules, pos, plan, table, &limits, &())
                .lines
                .into_iter()
                .map(|line| line.moves.into_iter().map(|m| m.mv).collect())
                .collect();
        let mut found = solve(rules, pos, &plan.steps, end, table, &limits)?;
        let key = |l: &Vec<Move>| super::super::reference_order::line_key(l, None);
        expected.sort_by_cached_key(key);
        found.sort_by_cached_key(key);
        Some((found, expected))
    }

    fn show(lines: &[Vec<Move>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                l.iter()
                    .map(|m| format!("{}{}{:?}", m.from, m.to, m.promotion))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// Whether the two searches of `plan` from `pos` ([`both_searches`]) had lines;
    /// panics with the lines one found and the other did not; `None` where the
    /// enumeration gave up.
    fn agree<R: Rules>(
        rules: &R,
        pos: &Position<R::Ext>,
        plan: &crate::search::help::Plan,
        table: &Table,
    ) -> Option<bool> {
        let (found, expected) = both_searches(rules, pos, plan, table)?;
        if found != expected {
            let (f, e) = (show(&found), show(&expected));
            let missing: Vec<_> = e.iter().filter(|l| !f.contains(l)).collect();
            let extra: Vec<_> = f.iter().filter(|l| !e.contains(l)).collect();
            panic!(
                "{:?} {:?}, {:?} to move, units {:?}: missing {missing:?}, extra {extra:?}",
                plan.end,
                plan.steps,
                pos.side,
                pos.board
                    .units()
                    .map(|(sq, p)| format!("{:?}{:?}{sq}", p.color, p.role))
                    .collect::<Vec<_>>()
            );
        }
        Some(!expected.is_empty())
    }

    /// The final-position search finds exactly the lines of the move-by-move search on
    /// random positions built to be near a stalemate: help play of one to six half moves,
    /// and series help-stalemates (`ser-h=n`: the series side's n moves, the other side
    /// passing, then the other side's stalemating move) of one to four moves. (The solver
    /// uses it from seven moves on, where the move-by-move search of random positions
    /// takes too long for a unit test; the problems under `problems/` and the corpus
    /// cover those.)
    #[test]
    fn agrees_with_the_move_by_move_search() {
        let table = Table::new(16);
        let mut next = numbers(0x5555_AAAA_3333);
        let mut with_solutions = [0; 2];
        let mut gave_up = 0;
        let mut tried = 0;
        while tried < 16000 {
            // Every fourth position a series, its side the one stalemated.
            let series = tried % 4 == 3;
            let plan = if series {
                series_plan(1 + tried / 4 % 4, true, End_::Goal(Goal::Stalemate))
            } else {
                help_plan(
                    1 + tried % 5 + usize::from(tried % 20 == 1),
                    Goal::Stalemate,
                )
            };
            let plies = plan.steps.len();
            let Some(pos) = random_position(&mut next, plies, false) else {
                continue;
            };
            tried += 1;
            let Some(solved) = agree(&Orthodox, &pos, &plan, &table) else {
                // The enumeration gave up (too many plans).
                gave_up += 1;
                continue;
            };
            with_solutions[usize::from(series)] += usize::from(solved);
        }
        // The test means something only if many positions have solutions.
        assert!(
            with_solutions[0] > 1000 && with_solutions[1] > 200,
            "only {with_solutions:?} positions with a solution (help, series)"
        );
        assert!(gave_up < 10, "the enumeration gave up {gave_up} times");
    }

    /// The same for mates: helpmates of one to four half moves, series helpmates
    /// (`ser-h#n`) of one to three moves, and reciprocal helpmates (`reci-h#n`: the steps,
    /// then the side to move mates in one, and can make a move after which the other
    /// side mates) of one or two half moves before those ends; some with a stalemate as
    /// the help play's goal (`reci-h(#)=n`).
    #[test]
    fn mates_agree_with_the_move_by_move_search() {
        let table = Table::new(16);
        let mut next = numbers(0x1234_5678_9ABC);
        let mut with_solutions = [0; 3];
        let mut gave_up = 0;
        let mut tried = 0;
        while tried < 40000 {
            let kind = tried % 4;
            let plan = match kind {
                0 | 1 => help_plan(1 + tried / 4 % 4, Goal::Mate),
                2 => series_plan(1 + tried / 4 % 3, true, End_::Goal(Goal::Mate)),
                _ => {
                    let help = if tried % 3 == 0 {
                        Goal::Stalemate
                    } else {
                        Goal::Mate
                    };
                    let mut plan = help_plan(1 + tried / 4 % 2, help);
                    plan.end = End_::Reciprocal {
                        help,
                        own: Goal::Mate,
                    };
                    plan
                }
            };
            let plies = plan.steps.len() + if kind == 3 { 2 } else { 0 };
            let Some(pos) = random_position(&mut next, plies, kind == 3) else {
                continue;
            };
            tried += 1;
            let Some(solved) = agree(&Orthodox, &pos, &plan, &table) else {
                gave_up += 1;
                continue;
            };
            with_solutions[kind.saturating_sub(1)] += usize::from(solved);
        }
        assert!(
            with_solutions[0] > 500 && with_solutions[1] > 200 && with_solutions[2] > 100,
            "only {with_solutions:?} positions with a solution (help, series, reciprocal)"
        );
        assert!(gave_up < 10, "the enumeration gave up {gave_up} times");
    }

    /// Every line of `steps` from `pos` that ends in mate, each move played.
    fn every_line<R: Rules>(
        rules: &R,
        pos: &Position<R::Ext>,
        steps: &[Step],
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) {
        match steps.first() {
            None => {
                if crate::search::position_goal_reached(rules, pos, Goal::Mate) {
                    out.push(path.clone());
                }
            }
            Some(Step::Pass) => every_line(
                rules,
                &crate::search::null_move(pos),
                &steps[1..],
                path,
                out,
            ),
            Some(&Step::Play { may_check }) => rules.for_each_child(pos, |mv, after| {
                if may_check || !rules.in_check(after, after.side) {
                    path.push(*mv);
                    every_line(rules, after, &steps[1..], path, out);
                    path.pop();
                }
            }),
            Some(Step::Parry) => unreachable!("the test's plans have no parry"),
        }
    }

    /// The same under the Maximummer and Minimummer of either side or both, which only
    /// choose among the legal moves (`Rules::orthodox_bounds`), against every line played
    /// out: helpmates of one to four half moves and series helpmates of one to three moves.
    #[test]
    fn mummer_mates_agree_with_every_line_played_out() {
        use crate::conditions::{Fairy, Mummer};
        let table = Table::new(16);
        let mut next = numbers(0x0F0F_1234_7777);
        let mut with_solutions = [0; 2];
        let mut gave_up = 0;
        let mut tried = 0;
        let choices = [None, Some(Mummer::Max), Some(Mummer::Min)];
        while tried < 12000 {
            let series = tried % 3 == 2;
            let plan = if series {
                series_plan(1 + tried / 3 % 3, true, End_::Goal(Goal::Mate))
            } else {
                help_plan(1 + tried / 3 % 4, Goal::Mate)
            };
            let mummer = [choices[next(3) as usize], choices[next(3) as usize]];
            if mummer == [None; 2] {
                continue;
            }
            let mut rules: Fairy = Fairy::default();
            rules.mummer = mummer;
            let Some(pos) = random_position(&mut next, plan.steps.len(), false) else {
                continue;
            };
            let pos = Position::new(pos.board, pos.side);
            assert!(rules.orthodox_bounds(&pos));
            tried += 1;
            let Some(mut found) = solve(
                &rules,
                &pos,
                &plan.steps,
                End::Goal(Goal::Mate),
                &table,
                &Limits::default(),
            ) else {
                gave_up += 1;
                continue;
            };
            // Not the move-by-move search, which the same bounds serve: every line.
            let mut expected = Vec::new();
            every_line(&rules, &pos, &plan.steps, &mut Vec::new(), &mut expected);
            let key = |l: &Vec<Move>| super::super::reference_order::line_key(l, None);
            expected.sort_by_cached_key(key);
            found.sort_by_cached_key(key);
            assert_eq!(
                show(&found),
                show(&expected),
                "{mummer:?} {:?} {:?} to move, units {:?}",
                plan.steps,
                pos.side,
                pos.board
                    .units()
                    .map(|(sq, p)| format!("{:?}{:?}{sq}", p.color, p.role))
                    .collect::<Vec<_>>()
            );
            with_solutions[usize::from(series)] += usize::from(!expected.is_empty());
        }
        assert!(
            with_solutions[0] > 150 && with_solutions[1] > 50,
            "only {with_solutions:?} positions with a solution (help, series)"
        );
        assert!(gave_up < 10, "the enumeration gave up {gave_up} times");
    }
}
