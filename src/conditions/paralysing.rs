//! Paralysing units (attribute `paralysing`): a unit observed by an enemy paralysing unit
//! is paralysed. A paralysed unit neither moves nor observes (it gives no check), but a
//! paralysing unit paralyses whether or not it is paralysed itself: paralysis is an
//! observation's shape only, as in the reference solver. A paralysing unit never
//! captures, so it never checks either.
//!
//! A side whose every unit that could move (were nothing paralysing) is paralysed is
//! "suffocated by paralysis": it is stalemated, in check or not, and never mated.

use super::geometry::Geometry;
use crate::board::{Bitboard, Board, Color, FairyStore, Mark, Square};
use crate::movegen::attackers;

/// Whether the unit on `sq` is paralysed: an enemy paralysing unit observes it with an
/// allowed shape (`geometry`: Grid chess, ...). An empty square holds nothing paralysed.
#[inline]
pub fn paralysed<F: FairyStore>(board: &Board<F>, sq: Square, geometry: Geometry) -> bool {
    let Some(color) = board.color_at(sq) else {
        return false;
    };
    let watchers = board.marked(Mark::Paralysing) & board.by_color(!color);
    if watchers.is_empty() {
        return false;
    }
    let observers = attackers(board, sq, !color, board.occupied()) & watchers;
    geometry.observers(observers, sq).is_nonempty()
}

/// The paralysed units of `color`.
pub fn paralysed_units<F: FairyStore>(
    board: &Board<F>,
    color: Color,
    geometry: Geometry,
) -> Bitboard {
    if (board.marked(Mark::Paralysing) & board.by_color(!color)).is_empty() {
        return Bitboard::EMPTY;
    }
    let mut out = Bitboard::EMPTY;
    for sq in board.by_color(color) {
        if paralysed(board, sq, geometry) {
            out = out.with(sq);
        }
    }
    out
}

/// Whether the unit on `a` may observe (capture, give check): it is neither paralysing
/// nor paralysed.
#[inline]
pub fn observes<F: FairyStore>(board: &Board<F>, a: Square, geometry: Geometry) -> bool {
    !board.is_paralysing(a) && !paralysed(board, a, geometry)
}
