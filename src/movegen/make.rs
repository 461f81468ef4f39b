//! Playing the orthodox part of a move on a copy of the position.

use super::moves::{Move, MoveKind};
use super::pseudo::castling_rook;
use crate::board::{Bitboard, EnPassant, Extension, Piece, Position, Role, EXCLUSIVE_PAIRS};
use crate::movegen::attacks;

/// Plays the unit's own step: removes the captured unit, moves the unit (and the rook when
/// castling), promotes, updates castling rights and the en passant square, and passes the move.
/// Condition effects are applied afterwards by the rules.
#[inline]
pub fn play_orthodox<E: Extension>(pos: &mut Position<E>, mv: &Move) {
    let side = pos.side;
    if mv.kind == MoveKind::Zero {
        pos.castling = pos.castling.without(mv.from);
        pos.ep = None;
        pos.side = !side;
        return;
    }
    let board = &mut pos.board;
    if mv.captured.is_some() {
        board.take(mv.capture_square());
    }
    let piece = Piece::new(side, mv.role);
    board.shift(mv.from, mv.to, piece);
    if let Some(role) = mv.promotion {
        board.set_role(mv.to, Role::Pawn, role);
    }
    if mv.is_castling() {
        let (rf, rt) = castling_rook(mv);
        board.shift(rf, rt, Piece::new(side, Role::Rook));
        if pos.castling_exclusive != 0 {
            for (i, (a, b)) in EXCLUSIVE_PAIRS.iter().enumerate() {
                if pos.castling_exclusive >> i & 1 != 0 {
                    if rf == *a {
                        pos.castling = pos.castling.without(*b);
                    } else if rf == *b {
                        pos.castling = pos.castling.without(*a);
                    }
                }
            }
        }
    }
    pos.castling &= !(Bitboard::from_square(mv.from) | Bitboard::from_square(mv.to));
    pos.ep = None;
    if mv.kind == MoveKind::DoubleStep {
        // From the arrival: under Anti-Mars Circe the step starts on the rebirth square.
        let crossed = mv
            .to
            .offset(0, -side.forward())
            .expect("a double step crosses a square");
        // Record the chance only when an enemy pawn could take it, so that equal positions hash equal.
        if (attacks::pawn(side, crossed) & pos.board.pieces(!side, Role::Pawn)).is_nonempty() {
            pos.ep = Some(EnPassant {
                crossed,
                pawn: mv.to,
            });
        }
    }
    pos.side = !side;
}
