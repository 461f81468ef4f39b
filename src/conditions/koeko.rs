//! KoeKo (contact chess) and Anti-KoeKo. Under KoeKo, after a move every unit the move
//! placed (the moving unit where it ends, after a Circe-type relocation; both units of a
//! castling) must touch another unit: stand on a square next to it, as a king steps. Under
//! Anti-KoeKo the moving unit (the king of a castling) must touch none. A check counts only
//! if the capture of the king would be such a move, as the reference solver validates it
//! by playing the capture.

use crate::board::{Board, FairyStore, Square};
use crate::movegen::{attacks, castling_rook, Move};

/// Which contact a move's units must end in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Koeko {
    /// `KoeKo`: every unit placed touches another.
    Contact,
    /// `AntiKoeko`: the moving unit touches none.
    NoContact,
}

impl Koeko {
    /// Whether the units `mv` placed on `after` end as the condition asks.
    pub fn move_allowed<F: FairyStore>(self, after: &Board<F>, mv: &Move) -> bool {
        match self {
            Koeko::Contact => move_in_contact(after, mv),
            Koeko::NoContact => mv.final_square().is_none_or(|sq| !in_contact(after, sq)),
        }
    }

    /// Whether the unit on `from` capturing the royal unit on `k` would end as the
    /// condition asks.
    pub fn capture_allowed<F: FairyStore>(self, board: &Board<F>, from: Square, k: Square) -> bool {
        let touches = (attacks::king(k) & board.occupied().without(from)).is_nonempty();
        touches == (self == Koeko::Contact)
    }
}

/// Whether the unit on `sq` touches another unit.
#[inline]
fn in_contact<F: FairyStore>(board: &Board<F>, sq: Square) -> bool {
    (attacks::king(sq) & board.occupied()).is_nonempty()
}

/// Whether every unit `mv` placed on `after` touches another unit.
fn move_in_contact<F: FairyStore>(after: &Board<F>, mv: &Move) -> bool {
    if mv.is_castling() {
        let (_, rook_to) = castling_rook(mv);
        return in_contact(after, mv.to) && in_contact(after, rook_to);
    }
    mv.final_square().is_none_or(|sq| in_contact(after, sq))
}
