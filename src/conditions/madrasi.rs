//! Madrasi: a unit observed by an enemy unit of its own kind is paralysed. It neither
//! moves, captures nor gives check, but it still paralyses (observation is geometric: a
//! paralysed unit observes as well as a free one). Kings and other royal units are exempt
//! unless `RexInclusive` is given.

use crate::board::{Bitboard, Board, Color, FairyStore, Square};
use crate::movegen::attackers;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Madrasi {
    /// Whether royal units are paralysed (and paralyse) too.
    pub rex_inclusive: bool,
}

impl Madrasi {
    /// Whether the unit on `sq` is paralysed; `royal` says whether it is its side's royal
    /// unit. An empty square holds nothing paralysed.
    #[inline]
    pub fn paralysed<F: FairyStore>(&self, board: &Board<F>, sq: Square, royal: bool) -> bool {
        if royal && !self.rex_inclusive {
            return false;
        }
        let Some(unit) = board.piece_at(sq) else {
            return false;
        };
        let watchers = board.pieces(!unit.color, unit.role);
        watchers.is_nonempty()
            && (attackers(board, sq, !unit.color, board.occupied()) & watchers).is_nonempty()
    }

    /// The paralysed units of `color`, whose royal unit stands on `royal`.
    pub fn paralysed_units<F: FairyStore>(
        &self,
        board: &Board<F>,
        color: Color,
        royal: Option<Square>,
    ) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in board.by_color(color) {
            if self.paralysed(board, sq, royal == Some(sq)) {
                out = out.with(sq);
            }
        }
        out
    }
}
