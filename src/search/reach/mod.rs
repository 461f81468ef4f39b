//! Lower bounds on the moves a mate or stalemate still needs, for help play under
//! orthodox movement.
//!
//! When a help line ends, the king of the side to be mated or stalemated (the defender)
//! stands on some square `k` that it reached with the moves its side had left. Every square
//! next to `k` is then either held by one of the defender's own units or attacked by the
//! other side (the attacker), and for mate a unit of the attacker other than its king
//! attacks `k`. On an empty board each unit needs a least number of moves to stand on a
//! given square or to attack it; units in the way only add moves. So when no square `k`
//! passes those counts with the moves each side has left, no line from the node reaches
//! the goal, and the search leaves the node without generating a move.
//!
//! The bounds hold only where units move, capture and check as in orthodox chess and a
//! captured unit leaves the board (`Rules::ORTHODOX_MOVEMENT`). A castling moves the king
//! two squares and the rook in one move: the king counts one move from its castled
//! square, the rook as standing on either of its squares.

use crate::board::{Bitboard, Board, Color, Extension, Position, Role, Square};
use crate::movegen::{self, attacks, CastlingSquares};
use crate::stipulation::Goal;
use smallvec::SmallVec;
use std::sync::LazyLock;

mod bound;
mod distances;
mod memo;
#[cfg(test)]
mod tests;

pub(super) use bound::unit_distance;
use bound::*;
pub(super) use distances::bfs;
use distances::*;
pub(super) use memo::fingerprint;
use memo::*;

/// Whether `goal` against `defender` may still stand after at most `attacker_moves` moves
/// of the other side and `defender_moves` of the defender. `false` is a proof that it
/// cannot; `true` only means the counts do not exclude it.
pub fn goal_in_reach<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    attacker_moves: usize,
    defender_moves: usize,
) -> bool {
    // The bounds know mate and stalemate only.
    !goal.is_mate_or_stalemate()
        || bound_holds(pos, defender, goal, attacker_moves, defender_moves, None)
}

/// Whether `goal` against `defender` may still stand after the defender, to move, plays
/// its unit on `from`, then the sides have `attacker_moves` and `defender_moves` left
/// (its king: one move more to spend, and it cannot stay where it is). The unit is
/// counted one move nearer to every square and as standing on each square it reaches in
/// one move, on an empty board; a capture only
/// takes an attacker unit away. For stalemate the unit's own freedom is not counted (it
/// may land where it is closed in), and where it lands may close in one other unit: one
/// fill more than the defender's moves left. So `false` holds for every move of that
/// unit, and the search need not play them one by one.
pub fn goal_in_reach_after_moving<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    from: Square,
    attacker_moves: usize,
    defender_moves: usize,
) -> bool {
    bound_holds(
        pos,
        defender,
        goal,
        attacker_moves,
        defender_moves,
        Some(from),
    )
}

/// Whether the defender's unit on `from`, about to move with `defender_moves` left after
/// it, could stand on a square the mate bound asks it to fill: with no move left, next to
/// its king after this move (see [`Bound::attack_holds_in_place`]: it counts the
/// attacker's units and the flights held or filled; leaving a flight or taking a unit
/// only makes mate harder); with moves left, within them and this one on a flight of a
/// square its king can reach (all a unit about to move changes in the bound is its
/// least moves to stand on each square, one less, and costs above the moves left are
/// alike). On an empty board. Where the mate bound fails with the unit standing still,
/// it fails after every move of a unit that cannot.
pub fn may_fill_flight<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    from: Square,
    defender_moves: usize,
) -> bool {
    let board = &pos.board;
    let (Some(king), Some(piece)) = (board.king(defender), board.piece_at(from)) else {
        return true;
    };
    // Seven king steps span the board.
    let def = defender_moves.min(7) as u8;
    let row = &DISTANCES.reach[kind(defender, piece.role)][from.index()];
    let near = if def == 0 {
        attacks::king(king)
    } else {
        ball(king, def + 1)
    };
    (within(row, def + 1) & near).without(from).is_nonempty()
}

/// What the mate bound with no defender move left asks of a position (see
/// [`InPlaceKey`], and the defender's units, which it counts): two positions that ask the
/// same get the same answer from [`goal_in_reach`], so a defender's last moves that change
/// nothing it asks need not ask again.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct MateQuestion(InPlaceKey, u32);

/// The question [`goal_in_reach`] answers for mate against `defender` with
/// `attacker_moves` and no defender move left; `None` where it answers without one.
#[inline]
pub fn mate_question<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    attacker_moves: usize,
) -> Option<MateQuestion> {
    let board = pos.board.orthodox().expect(ORTHODOX_ONLY);
    let king = board.king(defender)?;
    let att = attacker_moves.min(NEVER as usize - 1) as u8;
    let own = board.by_color(defender);
    let key = InPlaceKey::new(
        board,
        !defender,
        pos.castling,
        king,
        own,
        Bitboard::EMPTY,
        att,
        Goal::Mate,
    );
    Some(MateQuestion(key, own.count()))
}

/// The bound, with the defender's unit on `lifted` about to move.
fn bound_holds<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    attacker_moves: usize,
    defender_moves: usize,
    lifted: Option<Square>,
) -> bool {
    let attacker = !defender;
    let board: &Board = pos.board.orthodox().expect(ORTHODOX_ONLY);
    let Some(king) = board.king(defender) else {
        return true;
    };
    // The king about to move: it has one move more to spend, and it cannot stay.
    let king_leaves = lifted == Some(king);
    let (lifted, defender_moves) = if king_leaves {
        (None, defender_moves + 1)
    } else {
        (lifted, defender_moves)
    };
    let d = &DISTANCES;
    let mut own = board.by_color(defender);
    let mut filler = Bitboard::EMPTY;
    if let Some(from) = lifted {
        // It leaves its square for one a move away.
        let Some(piece) = board.piece_at(from) else {
            return true;
        };
        own = own.without(from);
        filler = within(&d.reach[kind(defender, piece.role)][from.index()], 1).without(from);
    }
    let att = attacker_moves.min(NEVER as usize - 1) as u8;
    let def = defender_moves.min(NEVER as usize - 1) as u8;
    let too_many = |color: Color| {
        (board.by_color(color) & !board.by_role(Role::King)).count() as usize > MAX_UNITS
    };
    if too_many(attacker) || too_many(defender) {
        return true;
    }
    // With no defender move left, the answer the attacker's units give is remembered:
    // the siblings of a defender's last move mostly ask the same. For mate it is the
    // whole answer; stalemate asks first whether the defender's other units can be shut
    // in, which is dearer to remember than to find out.
    let in_place_key =
        || InPlaceKey::new(board, attacker, pos.castling, king, own, filler, att, goal);
    let mate_key = (def == 0 && goal == Goal::Mate).then(in_place_key);
    if let Some(key) = mate_key {
        if let Some(holds) = IN_PLACE.with_borrow(|memo| memo.get(&key)) {
            return holds;
        }
    }
    let mut attacker_units = Units::EMPTY;
    let mut defender_units = Units::EMPTY;
    Units::fill(&mut attacker_units, board, attacker);
    Units::fill(&mut defender_units, board, defender);
    // A castling moves the king two squares and the rook with it in one move. Its rook
    // counts as standing on either square at no cost (a second unit of the side, where it
    // lands), its king as one move from where it lands; a rook that may castle is not
    // asked to be shut in where it stands (stalemate).
    let real_attackers = attacker_units.len();
    let mut twins = [None; 2];
    let mut castled_attacker: SmallVec<[Square; 2]> = SmallVec::new();
    for (slot, c) in castlings(pos.castling, board, attacker)
        .into_iter()
        .enumerate()
    {
        if let Some(c) = c {
            let rook = (0..real_attackers).find(|&i| attacker_units.get(i).0 == c.rook_from);
            twins[slot] = rook.map(|r| (r, attacker_units.len()));
            attacker_units.push(c.rook_to, kind(attacker, Role::Rook));
            castled_attacker.push(c.king_to);
        }
    }
    let mut castled_defender: SmallVec<[Square; 2]> = SmallVec::new();
    let mut unfree = Bitboard::EMPTY;
    // With no move left the defender cannot castle: its rooks stand as any other unit.
    let defender_castlings = if def > 0 {
        castlings(pos.castling, board, defender)
    } else {
        [None; 2]
    };
    for c in defender_castlings.into_iter().flatten() {
        defender_units.push(c.rook_to, kind(defender, Role::Rook));
        castled_defender.push(c.king_to);
        unfree = unfree.with(c.rook_from).with(c.rook_to);
    }
    let (mut king_attack_row, mut king_reach_row) = ([NEVER; 64], [NEVER; 64]);
    let attacker_king = board.king(attacker).map(|k| {
        if castled_attacker.is_empty() {
            return (&d.attack[KING][k.index()], &d.reach[KING][k.index()]);
        }
        king_attack_row = d.attack[KING][k.index()];
        king_reach_row = d.reach[KING][k.index()];
        for to in &castled_attacker {
            for (row, table) in [
                (&mut king_attack_row, &d.attack[KING][to.index()]),
                (&mut king_reach_row, &d.reach[KING][to.index()]),
            ] {
                for (a, t) in row.iter_mut().zip(table) {
                    *a = (*a).min(t.saturating_add(1));
                }
            }
        }
        (&king_attack_row, &king_reach_row)
    });
    let bound = Bound {
        d,
        board,
        own,
        filler,
        lifted,
        attacker,
        defender,
        units: &attacker_units,
        real_attackers,
        twins,
        defenders: &defender_units,
        unfree,
        en_passant: pos.ep.map(|ep| (ep.pawn, ep.crossed)),
        king_attack: attacker_king.map(|(a, _)| a),
        king_reach: attacker_king.map(|(_, r)| r),
        att,
        pinners: if goal == Goal::Stalemate {
            Pinners::of(d, &attacker_units, attacker, att)
        } else {
            Pinners::default()
        },
    };
    if def == 0 {
        // Mate has asked the memo above; stalemate asks it once its units are found.
        let key = match mate_key {
            Some(key) => key,
            None => {
                if !bound.can_freeze(king) {
                    return false;
                }
                let key = in_place_key();
                if let Some(holds) = IN_PLACE.with_borrow(|memo| memo.get(&key)) {
                    return holds;
                }
                key
            }
        };
        let holds = bound.attack_holds_in_place(king, goal);
        IN_PLACE.with_borrow_mut(|memo| memo.put(key, holds));
        return holds;
    }

    // Least attacker moves to attack each square: with a unit other than the king (a
    // check), and with any unit (a guard).
    let mut check = [NEVER; 64];
    for (sq, k) in bound.units.iter() {
        fold_min(&mut check, &d.attack[k][sq.index()]);
    }
    let mut guard = check;
    if let Some(row) = bound.king_attack {
        fold_min(&mut guard, row);
    }
    // Least defender moves to stand on each square with a unit other than the king.
    let mut block = [NEVER; 64];
    for (sq, k) in bound.defenders.iter() {
        if lifted == Some(sq) {
            let mut nearer = d.reach[k][sq.index()];
            for cost in &mut nearer {
                *cost = cost.saturating_sub(1);
            }
            fold_min(&mut block, &nearer);
        } else {
            fold_min(&mut block, &d.reach[k][sq.index()]);
        }
    }
    let blockers = bound.defenders.len() as u32;

    // The king's moves to each square, castling included.
    let steps = |k: Square| {
        castled_defender
            .iter()
            .fold(king_distance(king, k), |m, &c| {
                m.min(1 + king_distance(c, k))
            })
    };
    let walk = castled_defender
        .iter()
        .fold(ball(king, def), |b, &c| b | ball(c, def - 1));
    // For mate only the squares some unit can check in time.
    let squares = if goal == Goal::Mate {
        walk & within(&check, bound.att)
    } else {
        walk
    };
    let mut free: SmallVec<[Free; 16]> = SmallVec::new();
    if goal == Goal::Stalemate {
        bound.each_free_unit(|f| {
            free.push(f);
            true
        });
    }
    'square: for k in squares {
        let mut spare = def - steps(k);
        if king_leaves && k == king {
            // Away and back.
            match spare.checked_sub(2) {
                Some(left) => spare = left,
                None => continue,
            }
        }
        let mut blocks = Blocks::new(spare, blockers);
        for f in attacks::king(k) {
            // A guard costs the defender nothing, so it is preferred to a block: a unit
            // standing on a flight may still be needed on another.
            if guard[f.index()] > bound.att && !blocks.take(block[f.index()]) {
                continue 'square;
            }
        }
        // The unit about to move fills one square more than the moves left.
        let fills = spare + u8::from(lifted.is_some());
        if goal == Goal::Stalemate && !bound.freeze_within(&free, k, fills) {
            continue;
        }
        let fresh = || Blocks::new(spare, blockers);
        let cost = |f: Square| block[f.index()];
        if if goal == Goal::Mate {
            bound.mate_holds(k, fresh, cost)
        } else {
            bound.stalemate_holds(k, fresh, cost)
        } {
            return true;
        }
    }
    false
}
