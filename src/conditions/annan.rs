//! Annan chess: a unit with a unit of its own side right behind it (on the square below
//! it for White, above it for Black) moves, captures and observes with the walk of that
//! unit instead of its own. It keeps its own kind: a rook moving as a pawn does not
//! promote, a pawn moving as a rook onto its last rank does. Types B, C and D exempt
//! royal units: B the unit behind, C the unit in front, D both.

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use crate::movegen;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Annan {
    A,
    /// A royal unit lends no walk.
    B,
    /// A royal unit borrows no walk.
    C,
    /// Neither.
    D,
}

impl Annan {
    /// The square behind `front` for `color`: where the unit it borrows from stands.
    #[inline]
    pub fn rear(color: Color, front: Square) -> Option<Square> {
        front.offset(0, -color.forward())
    }

    /// The walk the unit of `color` on `sq` moves with, when another unit lends it one:
    /// `royal` is its side's royal square.
    #[inline]
    pub fn borrowed<F: FairyStore>(
        self,
        board: &Board<F>,
        color: Color,
        royal: Option<Square>,
        sq: Square,
    ) -> Option<Role> {
        let rear = Annan::rear(color, sq)?;
        // A neutral unit lends to, and borrows for, either side.
        if !board.by_color(color).contains(rear) {
            return None;
        }
        let lender = board.role_at(rear)?;
        let own = board.role_at(sq)?;
        let allowed = match self {
            Annan::A => true,
            Annan::B => royal != Some(rear),
            Annan::C => royal != Some(sq),
            Annan::D => royal != Some(rear) && royal != Some(sq),
        };
        (allowed && lender != own).then_some(lender)
    }

    /// The kind whose walk the borrower of `color` on `sq` moves with.
    #[inline]
    pub fn lent<F: FairyStore>(board: &Board<F>, color: Color, sq: Square) -> Role {
        Annan::rear(color, sq)
            .and_then(|r| board.role_at(r))
            .expect("a borrower has a unit behind it")
    }

    /// The units of `color` that move with a borrowed walk: by whole sets, since check
    /// tests ask for them at every node.
    #[inline]
    pub fn borrowers<F: FairyStore>(
        self,
        board: &Board<F>,
        color: Color,
        royal: Option<Square>,
    ) -> Bitboard {
        let behind = |b: Bitboard| {
            Bitboard(match color {
                Color::White => b.0 << 8,
                Color::Black => b.0 >> 8,
            })
        };
        let us = board.by_color(color);
        // The units with a unit of their side behind them.
        let mut fronts = behind(us) & us;
        if fronts.is_empty() {
            return fronts;
        }
        // A unit behind one of its own kind lends nothing new.
        for role in Role::ORTHODOX {
            let same = board.pieces(color, role);
            fronts &= !(behind(same) & same);
        }
        if let Some(r) = royal {
            let royal = Bitboard::from_square(r);
            fronts &= match self {
                Annan::A => Bitboard::FULL,
                Annan::B => !behind(royal),
                Annan::C => !royal,
                Annan::D => !(behind(royal) | royal),
            };
        }
        for sq in fronts & board.fairy_units() {
            if self.borrowed(board, color, royal, sq).is_none() {
                fronts = fronts.without(sq);
            }
        }
        fronts
    }

    /// The units of `by` that observe `sq` with the walk they move with: `royal` is
    /// `by`'s royal square.
    #[inline]
    pub fn observers<F: FairyStore>(
        self,
        board: &Board<F>,
        sq: Square,
        by: Color,
        royal: Option<Square>,
        occupied: Bitboard,
    ) -> Bitboard {
        let borrowers = self.borrowers(board, by, royal);
        let mut out = movegen::attackers(board, sq, by, occupied);
        if borrowers.is_empty() {
            return out;
        }
        out &= !borrowers;
        for from in borrowers.without(sq) {
            let walk = Piece::new(by, Annan::lent(board, by, from));
            if movegen::observes(walk, from, sq, occupied) {
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

    /// The slow twin of [`Annan::observers`]: every unit of `by` walked with the walk
    /// it moves with, by the reference walker.
    fn slow_observers(
        annan: Annan,
        board: &Board<FairyUnits>,
        sq: Square,
        by: Color,
        royal: Option<Square>,
    ) -> Bitboard {
        let occ = board.occupied().with(sq);
        let mut out = Bitboard::EMPTY;
        for from in board.by_color(by).without(sq) {
            let piece = Piece::new(by, board.role_at(from).expect("occupied"));
            // The unit behind, when it is `by`'s (a neutral one is either side's).
            let rear = from
                .offset(0, -by.forward())
                .filter(|&r| board.by_color(by).contains(r));
            let lends = rear.is_some_and(|rear| match annan {
                Annan::A => true,
                Annan::B => royal != Some(rear),
                Annan::C => royal != Some(from),
                Annan::D => royal != Some(rear) && royal != Some(from),
            });
            let walk = match rear {
                Some(rear) if lends => Piece::new(by, board.role_at(rear).expect("lender")),
                _ => piece,
            };
            if reference::moves(walk, from, occ)
                .captures
                .iter()
                .any(|&(_, x)| x == sq)
            {
                out = out.with(from);
            }
        }
        out
    }

    #[test]
    fn observers_agree_with_the_reference_walker() {
        let mut next = crate::conditions::xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..3000 {
            let mut board = Board::<FairyUnits>::empty();
            let wk = Square::new((next() % 64) as u8);
            board.put(wk, Piece::new(Color::White, Role::King), false);
            let count = 6 + next() % 14;
            crate::conditions::scatter_units(&mut board, count, &mut next);
            for annan in [Annan::A, Annan::B, Annan::C, Annan::D] {
                for sq in Square::all() {
                    assert_eq!(
                        annan.observers(&board, sq, Color::White, Some(wk), board.occupied()),
                        slow_observers(annan, &board, sq, Color::White, Some(wk)),
                        "{annan:?} observers of {sq} on {board:?}"
                    );
                }
            }
        }
    }
}
