//! Playing the orthodox part of a move on a copy of the position.

use super::moves::{Change, Move, MoveKind};
use super::pseudo::castling_rook;
use super::walks;
use crate::board::{
    Bitboard, Board, Color, EnPassant, Extension, FairyStore, Piece, Position, Role, Square,
    EXCLUSIVE_PAIRS,
};
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
        board.set_role(mv.to, mv.role, role);
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
        pos.ep = en_passant_chance(&pos.board, side, mv);
    }
    pos.side = !side;
}

/// Plays one change of a move's effects on a board: a unit put (its square's occupant,
/// if any, goes), removed, or moved (as the placement's kind). A hidden unit changes
/// nothing on the board.
#[inline]
pub fn apply_change<F: FairyStore>(board: &mut Board<F>, change: &Change) {
    match *change {
        Change::Put(p, _) => {
            board.take(p.square);
            board.put_unit(p.square, p.piece, p.attrs);
        }
        Change::Remove(sq, _) => {
            board.take(sq);
        }
        Change::Relocate(from, p, _) => {
            board.take(from);
            // An occupant of the square is removed (Anticirce Assassin).
            board.take(p.square);
            board.put_unit(p.square, p.piece, p.attrs);
        }
        Change::Hide(..) => {}
        // The unit keeps its attributes (its board in Alice chess, ...), not neutrality.
        Change::Recolour(sq, color) => {
            let attrs = board.attrs_at(sq).with_neutral(false);
            if let Some((piece, _)) = board.take(sq) {
                board.put_unit(sq, Piece::new(color, piece.role), attrs);
            }
        }
        Change::Exchange(a, b) => {
            let (attrs_a, attrs_b) = (board.attrs_at(a), board.attrs_at(b));
            let first = board.take(a);
            let second = board.take(b);
            if let Some((piece, _)) = second {
                board.put_unit(a, piece, attrs_b);
            }
            if let Some((piece, _)) = first {
                board.put_unit(b, piece, attrs_a);
            }
        }
    }
}

/// The en passant chance a double step of `mover` leaves on `board` (the board after
/// it): the square it crossed, recorded only when an enemy pawn kind could take there,
/// so that equal positions hash equal.
#[inline(always)]
pub fn en_passant_chance<F: FairyStore>(
    board: &Board<F>,
    mover: Color,
    mv: &Move,
) -> Option<EnPassant> {
    // Only pawns double-step on an orthodox board.
    let crossed = if !F::ENABLED || mv.role == Role::Pawn {
        // From the arrival: under Anti-Mars Circe the step starts on the rebirth square.
        mv.to.offset(0, -mover.forward())?
    } else {
        // A Berolina pawn's diagonal double step crosses the square between.
        let start = mv.effects.via.unwrap_or(mv.from);
        Square::from_coords(
            (start.file() + mv.to.file()) / 2,
            (start.rank() + mv.to.rank()) / 2,
        )
    };
    let takers = (attacks::pawn(mover, crossed) & board.pieces(!mover, Role::Pawn)).is_nonempty()
        || (F::ENABLED
            && (board.fairy_units() & board.by_color(!mover))
                .into_iter()
                .any(|u| {
                    walks::takes_en_passant_on(
                        board.unit_for(u, !mover).expect("a unit"),
                        u,
                        crossed,
                    )
                }));
    takers.then_some(EnPassant {
        crossed,
        pawn: mv.to,
    })
}
