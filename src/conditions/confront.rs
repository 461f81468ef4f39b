//! Face-to-face, back-to-back and cheek-to-cheek chess: a unit that an enemy unit
//! confronts moves, captures and observes with the walk of that enemy unit instead of
//! its own. FaceToFace: the enemy unit stands right in front of it (the square above it
//! for White, below it for Black); BackToBack: right behind it; CheekToCheek: beside it,
//! on either side (with two neighbours it has both their walks). The unit keeps its own
//! kind, as under Annan chess, and kings are no exception. A pawn's walk lent to a unit on
//! its side's first rank gives it no move there, as a pawn has none.

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use crate::movegen::{self, walks};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Confront {
    FaceToFace,
    BackToBack,
    CheekToCheek,
}

impl Confront {
    /// The squares from which an enemy unit lends its walk to the unit of `color` on `sq`.
    #[inline]
    fn lender_squares(self, color: Color, sq: Square) -> [Option<Square>; 2] {
        let forward = color.forward();
        match self {
            Confront::FaceToFace => [sq.offset(0, forward), None],
            Confront::BackToBack => [sq.offset(0, -forward), None],
            Confront::CheekToCheek => [sq.offset(-1, 0), sq.offset(1, 0)],
        }
    }

    /// The walks the unit of `color` on `sq` moves with when enemy units confront it
    /// (none when none does: it moves with its own), the first filled first.
    #[inline]
    pub fn walks<F: FairyStore>(
        self,
        board: &Board<F>,
        color: Color,
        sq: Square,
    ) -> [Option<Role>; 2] {
        let lend = |at: Option<Square>| {
            let s = at?;
            board
                .piece_at(s)
                .filter(|p| p.color != color && !board.is_neutral(s))
                .map(|p| p.role)
        };
        let [a, b] = self.lender_squares(color, sq);
        let (first, second) = match (lend(a), lend(b)) {
            (None, second) => (second, None),
            pair => pair,
        };
        // Two lenders of one kind lend one walk.
        [first, second.filter(|&r| Some(r) != first)]
    }

    /// The units of `color` that some enemy unit confronts.
    #[inline]
    pub fn confronted<F: FairyStore>(self, board: &Board<F>, color: Color) -> Bitboard {
        board
            .by_color(color)
            .into_iter()
            .filter(|&sq| self.walks(board, color, sq)[0].is_some())
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The units of `by` that observe `sq` with the walks they move with.
    #[inline]
    pub fn observers<F: FairyStore>(
        self,
        board: &Board<F>,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let confronted = self.confronted(board, by);
        let mut out = movegen::attackers(board, sq, by, occupied) & !confronted;
        for from in confronted.without(sq) {
            let observes = self
                .walks(board, by, from)
                .into_iter()
                .flatten()
                .map(|role| Piece::new(by, role))
                .filter(|&walk| walks::may_move_from(walk, from))
                .any(|walk| movegen::observes(walk, from, sq, occupied));
            if observes {
                out = out.with(from);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::FairyUnits;
    use crate::movegen::walks::reference;

    /// The slow twin of [`Confront::observers`]: every unit of `by` walked by the
    /// reference walker with each walk it moves with, found from its neighbours.
    fn slow_observers(
        confront: Confront,
        board: &Board<FairyUnits>,
        sq: Square,
        by: Color,
    ) -> Bitboard {
        let occ = board.occupied().with(sq);
        let mut out = Bitboard::EMPTY;
        for from in board.by_color(by).without(sq) {
            let own = board.piece_at(from).expect("occupied");
            let dirs: &[(i8, i8)] = match confront {
                Confront::FaceToFace => &[(0, 1)],
                Confront::BackToBack => &[(0, -1)],
                Confront::CheekToCheek => &[(-1, 0), (1, 0)],
            };
            let lenders: Vec<Piece> = dirs
                .iter()
                .filter_map(|&(df, dr)| from.offset(df, dr * by.forward()))
                .filter_map(|s| board.piece_at(s))
                .filter(|p| p.color != by)
                .map(|p| Piece::new(by, p.role))
                .collect();
            let walks = if lenders.is_empty() {
                vec![own]
            } else {
                lenders
            };
            let hits = walks.iter().any(|&w| {
                reference::moves(w, from, occ)
                    .captures
                    .iter()
                    .any(|&(_, x)| x == sq)
            });
            if hits {
                out = out.with(from);
            }
        }
        out
    }

    #[test]
    fn observers_agree_with_the_reference_walker() {
        let mut next = crate::conditions::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let mut board = Board::<FairyUnits>::empty();
            let count = 6 + next() % 16;
            crate::conditions::scatter_units(&mut board, count, &mut next);
            for confront in [
                Confront::FaceToFace,
                Confront::BackToBack,
                Confront::CheekToCheek,
            ] {
                for sq in Square::all() {
                    for by in Color::ALL {
                        assert_eq!(
                            confront.observers(&board, sq, by, board.occupied()),
                            slow_observers(confront, &board, sq, by),
                            "{confront:?} {sq} {by:?} {board:?}"
                        );
                    }
                }
            }
        }
    }
}
