//! Option `Intelligent n`: at most n solutions a target.
//!
//! The reference solver's intelligent mode solves a help or series play one target at a
//! time: the squares of the units the mate or stalemate is built from, the other units
//! left free. With this option it stops each target after its first n solutions, and a
//! target that reaches n makes the solution partial. Its targets are read here off each
//! line's final position: the goal's king, every unit without which the goal would not
//! stand, and the other king where it alone holds a square next to that king; each unit
//! named by the square it started on (two queens that trade their final squares make two
//! targets). Lines of one length that agree on these form one target.
//!
//! Which n come first is the order its depth-first search meets them, which follows from
//! how it lists moves: units square by square from a1 to h8, a unit's moves in reverse
//! of the order it generates them (listed last, tried first), a promotion's pieces queen,
//! knight, rook, bishop. Its intelligent mode is written for White mating: where Black
//! mates it solves the position with the colours swapped and the board turned upside
//! down, so that Black's units are then met from the eighth rank down and its steps north
//! and south trade places.
//!
//! The reference solver's enumeration of targets is its own (a flight guarded twice may
//! give two targets, one guard each); reading them off final positions agrees with it on
//! most positions, not all (`docs/conditions.md` gives the figures). The search here finds
//! every solution; this module keeps the first n of each target in that order.

use super::{help::HelpLine, null_move, reference_order::place, HelpSolution, Step};
use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Position, Square};
use crate::conditions::Rules;
use crate::movegen::{attacks, attacks_from, Move, MoveKind};
use crate::stipulation::Goal;
use std::collections::HashMap;

/// Keeps, of `solution`'s lines from `start`, the first `n` of each target in the order
/// described in the module's documentation; the lines kept stay in their order. The
/// solution becomes partial when a target has `n` lines or more.
pub fn keep_first_per_target<R: Rules>(
    rules: &R,
    start: &Position<R::Ext>,
    solution: HelpSolution,
    n: usize,
) -> HelpSolution {
    let HelpSolution { lines, partial, .. } = solution;
    let mut groups: HashMap<_, Vec<(Vec<u32>, usize)>> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let (end, origins, order) = replay(rules, start, line);
        let goal = line.moves.last().and_then(|m| m.result);
        let units: Vec<_> = target(rules, &end, goal)
            .into_iter()
            .map(|(sq, piece)| (origins[sq.index()], sq, piece))
            .collect();
        groups
            .entry((line.moves.len(), units))
            .or_default()
            .push((order, i));
    }
    let mut keep = vec![false; lines.len()];
    let mut reached = false;
    for group in groups.values_mut() {
        reached |= group.len() >= n;
        group.sort();
        for (_, i) in group.iter().take(n) {
            keep[*i] = true;
        }
    }
    let lines = lines
        .into_iter()
        .zip(keep)
        .filter_map(|(line, kept)| kept.then_some(line))
        .collect();
    HelpSolution {
        lines,
        partial: partial || reached,
        ..HelpSolution::default()
    }
}

/// The units a final position's goal takes part in, with their squares: the reference
/// solver's target leaves the others free. The goal's king takes part; another unit
/// does when the goal no longer stands without it; the other side's king when it alone
/// holds a square next to that king.
fn target<R: Rules>(rules: &R, end: &Position<R::Ext>, goal: Option<Goal>) -> Vec<(Square, Piece)> {
    let board = &end.board;
    let (Some(goal), Some(king)) = (goal, board.king(end.side)) else {
        return board.units().collect();
    };
    let holds = |pos: &Position<R::Ext>| super::position_goal_reached(rules, pos, goal);
    let attacker = !end.side;
    let other_king = board.king(attacker);
    let mut out = Vec::new();
    for (sq, piece) in board.units() {
        let takes_part = if sq == king {
            true
        } else if Some(sq) == other_king {
            king_holds_alone(board, king, sq, attacker)
        } else {
            let mut without = *end;
            without.board.take(sq);
            !holds(&without)
        };
        if takes_part {
            out.push((sq, piece));
        }
    }
    out
}

/// Whether the king of `attacker` on `at` is the only unit of its side that attacks a
/// square next to the other king on `king` which that king's units do not fill.
fn king_holds_alone<F: FairyStore>(
    board: &Board<F>,
    king: Square,
    at: Square,
    attacker: Color,
) -> bool {
    let occupied = board.occupied().without(king);
    let others = (board.by_color(attacker).without(at))
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| attacks_from(p, sq, occupied)))
        .fold(Bitboard::EMPTY, |a, b| a | b);
    (attacks::king(king) & attacks::king(at) & !board.by_color(!attacker) & !others).is_nonempty()
}

/// Where each unit of a line's final position stood at the start: the reference solver's
/// targets name units, so two queens that trade their final squares make two targets.
type Origins = [Option<Square>; 64];

/// The line's final position, where its units started, and its moves' places in the
/// reference order.
fn replay<R: Rules>(
    rules: &R,
    start: &Position<R::Ext>,
    line: &HelpLine,
) -> (Position<R::Ext>, Origins, Vec<u32>) {
    // The side that makes the last move is the one that mates (or stalemates).
    let upside_down = line.moves.last().is_some_and(|m| m.mover == Color::Black);
    let mut pos = *start;
    let mut origins: Origins = [None; 64];
    for sq in pos.board.occupied() {
        origins[sq.index()] = Some(sq);
    }
    let mut order = Vec::with_capacity(line.moves.len());
    let mut moves = line.moves.iter();
    for step in &line.steps {
        match step {
            // A line's steps say which parries were played (`HelpLine::steps`).
            Step::Pass | Step::Parry => pos = null_move(&pos),
            Step::Play { .. } => {
                let Some(played) = moves.next() else { break };
                let mv = &played.mv;
                if matches!(mv.kind, MoveKind::Null) {
                    pos = null_move(&pos);
                    continue;
                }
                order.push(place(mv, upside_down));
                let after = rules.play(&pos, mv);
                follow(&mut origins, &pos.board, &after.board, mv);
                pos = after;
            }
        }
    }
    (pos, origins, order)
}

/// Moves the origins of `mv`'s units from `before` to `after`: the unit that moves, a
/// castling's rook, and none for a unit taken.
fn follow<F: FairyStore>(origins: &mut Origins, before: &Board<F>, after: &Board<F>, mv: &Move) {
    let mover = before.color_at(mv.from);
    let moved = origins[mv.from.index()];
    for sq in before.occupied() & !after.occupied() {
        origins[sq.index()] = None;
    }
    origins[mv.from.index()] = None;
    origins[mv.to.index()] = moved;
    if let Some(side) = mover {
        // Castling: the rook is the other unit of the side that left a square.
        let left = (before.by_color(side) & !after.by_color(side)).without(mv.from);
        let came = (after.by_color(side) & !before.by_color(side)).without(mv.to);
        if let (Some(from), Some(to)) = (left.into_iter().next(), came.into_iter().next()) {
            origins[to.index()] = origins[from.index()].take();
        }
    }
}
