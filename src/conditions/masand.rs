//! Masand: a move whose unit checks the opponent's king (the check itself may come from
//! any unit) turns every unit that unit observes, of either side, kings and royal units
//! apart, to the other side. MasandGeneralised: every unit of the checking side that
//! observes the king does so, in board order, each unit turned at most once.

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Square};
use crate::movegen;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Masand {
    Masand,
    Generalised,
}

/// Whether the unit on `from` observes `target` (a capture there, were an enemy on it).
fn observes<F: FairyStore>(board: &Board<F>, from: Square, target: Square) -> bool {
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    movegen::observes(piece, from, target, board.occupied())
}

impl Masand {
    /// Tells `f` each unit that changes sides after a move of `mover` whose unit ended on
    /// `at`, the opponent's king on `king` being in check, in the order the reference
    /// solver changes (and prints) them: `royal` holds both sides' royal squares.
    pub fn for_each_turned<F: FairyStore>(
        self,
        board: &Board<F>,
        mover: Color,
        at: Square,
        king: Square,
        royal: [Option<Square>; 2],
        mut f: impl FnMut(Square),
    ) {
        let turnable = board.occupied()
            & !royal
                .iter()
                .flatten()
                .fold(Bitboard::EMPTY, |b, &sq| b.with(sq));
        match self {
            Masand::Masand => {
                if board.color_at(at) == Some(mover) && observes(board, at, king) {
                    for t in turnable.without(at) {
                        if observes(board, at, t) {
                            f(t);
                        }
                    }
                }
            }
            Masand::Generalised => {
                // In board order, each change made at once: a checking unit already
                // turned no longer counts, a unit turned to the checking side counts when
                // its square comes, and no unit turns twice.
                let mut b = *board;
                let mut turned = Bitboard::EMPTY;
                for from in Bitboard::FULL {
                    if b.color_at(from) != Some(mover) || !observes(&b, from, king) {
                        continue;
                    }
                    for t in turnable.without(from) & !turned {
                        if observes(&b, from, t) {
                            let (piece, kamikaze) = b.take(t).expect("a unit");
                            b.put(t, Piece::new(!piece.color, piece.role), kamikaze);
                            turned = turned.with(t);
                            f(t);
                        }
                    }
                }
            }
        }
    }
}
