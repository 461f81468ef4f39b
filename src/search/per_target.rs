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

use super::{help::HelpLine, null_move, HelpSolution, Step};
use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Position, Role, Square};
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
    let HelpSolution { lines, partial } = solution;
    let mut groups: HashMap<_, Vec<(Vec<u16>, usize)>> = HashMap::new();
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
    let holds = |pos: &Position<R::Ext>| {
        (goal == Goal::Mate) == rules.in_check(pos, pos.side) && !rules.has_legal_move(pos)
    };
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
) -> (Position<R::Ext>, Origins, Vec<u16>) {
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
            Step::Pass => pos = null_move(&pos),
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

/// Where `mv` comes in the reference order of its position's moves (smaller first).
fn place(mv: &Move, upside_down: bool) -> u16 {
    let turn = |sq: Square| if upside_down { sq.flip_rank() } else { sq };
    let (from, to) = (turn(mv.from), turn(mv.to));
    let step = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    let generated = generation_index(mv, step);
    let promotion = match mv.promotion {
        None | Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        Some(_) => 3,
    };
    // Units from a1 up; a unit's moves last generated first; then the promotion's piece.
    (from.index() as u16) << 10 | (63 - u16::from(generated)) << 4 | promotion
}

/// The eight directions in the order the reference solver lists its vectors: east, north,
/// west, south, north-west, north-east, south-east, south-west.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// Its knight's leaps, in its order.
const LEAPS: [(i8, i8); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// The index of `mv` (one unit's move by `step` files and ranks) in the list the reference
/// solver generates for its unit (below 64).
fn generation_index(mv: &Move, (df, dr): (i8, i8)) -> u8 {
    let position =
        |list: &[(i8, i8)], step: (i8, i8)| list.iter().position(|&d| d == step).unwrap_or(0) as u8;
    // A line piece: each direction in turn, each square outward.
    let ride = |directions: &[(i8, i8)]| {
        let distance = df.abs().max(dr.abs());
        let unit = (df.signum(), dr.signum());
        position(directions, unit) * 8 + (distance.clamp(1, 7) as u8 - 1)
    };
    match mv.kind {
        MoveKind::CastleShort => return 8,
        MoveKind::CastleLong => return 9,
        _ => {}
    }
    match mv.role {
        Role::King => position(&DIRECTIONS, (df, dr)),
        Role::Knight => position(&LEAPS, (df, dr)),
        Role::Rook => ride(&DIRECTIONS[..4]),
        Role::Bishop => ride(&DIRECTIONS[4..]),
        Role::Queen => ride(&DIRECTIONS),
        // Takes towards the a-file, towards the h-file, steps one square, then two.
        Role::Pawn => match (df, dr.abs()) {
            (-1, _) => 0,
            (1, _) => 1,
            (_, 1) => 2,
            _ => 3,
        },
        _ => unreachable!(
            "{:?}: the reference solver's intelligent mode is orthodox",
            mv.role
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(role: Role, from: &str, to: &str) -> Move {
        let mut m = Move::null();
        m.role = role;
        m.kind = MoveKind::Quiet;
        m.from = Square::parse(from).unwrap();
        m.to = Square::parse(to).unwrap();
        m
    }

    fn order(moves: &[Move], upside_down: bool) -> Vec<String> {
        let mut v: Vec<_> = moves.iter().collect();
        v.sort_by_key(|m| place(m, upside_down));
        v.iter().map(|m| format!("{}{}", m.from, m.to)).collect()
    }

    fn king_steps(from: &str) -> Vec<Move> {
        let f = Square::parse(from).unwrap();
        DIRECTIONS
            .iter()
            .filter_map(|&(df, dr)| f.offset(df, dr))
            .map(|t| mv(Role::King, from, &t.to_string()))
            .collect()
    }

    /// The reference solver's order for a white king on d4 (seen with its option
    /// MoveNumbers): the steps it lists last come first.
    #[test]
    fn a_king_steps_in_reverse_of_its_vectors() {
        assert_eq!(
            order(&king_steps("d4"), false),
            ["d4c3", "d4e3", "d4e5", "d4c5", "d4d3", "d4c4", "d4d5", "d4e4"]
        );
    }

    /// With Black mating, north and south trade places: Kubečka's ser-#7 (Jugendschach
    /// 1988), whose black king's routes to f8 and f7 the reference solver meets north-east
    /// first, then south-east, north, south, east.
    #[test]
    fn upside_down_north_and_south_trade_places() {
        assert_eq!(
            order(&king_steps("d4"), true),
            ["d4c5", "d4e5", "d4e3", "d4c3", "d4d5", "d4c4", "d4d3", "d4e4"]
        );
    }

    #[test]
    fn units_are_met_from_the_first_rank_up_or_from_the_eighth_down() {
        let moves = [mv(Role::Rook, "c3", "c5"), mv(Role::King, "e8", "f8")];
        assert_eq!(order(&moves, false), ["c3c5", "e8f8"]);
        assert_eq!(order(&moves, true), ["e8f8", "c3c5"]);
    }

    #[test]
    fn a_line_piece_tries_its_last_direction_first_and_its_farthest_square_first() {
        let moves = [
            mv(Role::Rook, "c3", "b3"),
            mv(Role::Rook, "c3", "a3"),
            mv(Role::Rook, "c3", "g3"),
            mv(Role::Rook, "c3", "c1"),
            mv(Role::Rook, "c3", "c8"),
        ];
        assert_eq!(
            order(&moves, false),
            ["c3c1", "c3a3", "c3b3", "c3c8", "c3g3"]
        );
        assert_eq!(
            order(&moves, true),
            ["c3c8", "c3a3", "c3b3", "c3c1", "c3g3"]
        );
    }

    #[test]
    fn a_pawn_takes_towards_a_then_h_then_steps() {
        let mut moves = vec![
            mv(Role::Pawn, "d2", "d3"),
            mv(Role::Pawn, "d2", "d4"),
            mv(Role::Pawn, "d2", "e3"),
            mv(Role::Pawn, "d2", "c3"),
        ];
        assert_eq!(order(&moves, false), ["d2d4", "d2d3", "d2e3", "d2c3"]);
        let promotions: Vec<_> = [Role::Bishop, Role::Queen, Role::Rook, Role::Knight]
            .into_iter()
            .map(|r| {
                let mut m = mv(Role::Pawn, "d7", "d8");
                m.promotion = Some(r);
                m
            })
            .collect();
        moves = promotions;
        moves.sort_by_key(|m| place(m, false));
        let pieces: Vec<_> = moves.iter().map(|m| m.promotion.unwrap()).collect();
        assert_eq!(
            pieces,
            [Role::Queen, Role::Knight, Role::Rook, Role::Bishop]
        );
    }
}
