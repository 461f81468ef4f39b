//! KoeKo (contact chess): after a move every unit the move placed (the moving unit where it
//! ends, after a Circe-type relocation; both units of a castling) must touch another unit:
//! stand on a square next to it, as a king steps. A check counts only if the capture of the
//! king would be such a move, as the reference solver validates it by playing the capture.

use crate::board::{Board, FairyStore, Square};
use crate::movegen::{attacks, castling_rook, Cause, Change, Move};

/// Whether the unit on `sq` touches another unit.
#[inline]
pub fn in_contact<F: FairyStore>(board: &Board<F>, sq: Square) -> bool {
    (attacks::king(sq) & board.occupied()).is_nonempty()
}

/// Whether every unit `mv` placed on `after` touches another unit.
pub fn move_in_contact<F: FairyStore>(after: &Board<F>, mv: &Move) -> bool {
    if mv.is_castling() {
        let (_, rook_to) = castling_rook(mv);
        return in_contact(after, mv.to) && in_contact(after, rook_to);
    }
    let mut end = Some(mv.to);
    for change in mv.effects.changes() {
        match *change {
            Change::Relocate(_, r, Cause::Relocation) => end = Some(r.square),
            Change::Remove(_, Cause::Removal { .. }) => end = None,
            _ => {}
        }
    }
    end.is_none_or(|sq| in_contact(after, sq))
}

/// Whether the unit on `from` capturing the royal unit on `k` would end in contact.
pub fn capture_in_contact<F: FairyStore>(board: &Board<F>, from: Square, k: Square) -> bool {
    let occupied = board.occupied().without(from);
    (attacks::king(k) & occupied).is_nonempty()
}
