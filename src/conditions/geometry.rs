//! Conditions on the shape of every move and every observation: Grid chess (a move must
//! cross a line of the 2x2 grid: its unit leaves its cell), Monochrome chess (a move ends
//! on a square of the colour it started on) and Bichrome chess (of the other colour).
//! They act on observation itself, so on check, on Madrasi's paralysis and on Isardam's
//! observations too. Queen-side castling is neither monochrome nor bichrome; king-side
//! castling is monochrome (the king's two squares), as in the reference solver.

use crate::board::{Bitboard, Square};
use crate::movegen::{Move, MoveKind};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Chrome {
    Mono,
    Bi,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Geometry {
    pub grid: bool,
    pub chrome: Option<Chrome>,
}

fn cell(sq: Square) -> (u8, u8) {
    (sq.file() / 2, sq.rank() / 2)
}

fn light(sq: Square) -> bool {
    (sq.file() + sq.rank()) % 2 == 1
}

impl Geometry {
    /// Whether no condition of this kind is on.
    #[inline]
    pub fn is_none(&self) -> bool {
        !self.grid && self.chrome.is_none()
    }

    /// Whether a unit may go (or observe) from `from` to `to`.
    #[inline]
    pub fn allows(&self, from: Square, to: Square) -> bool {
        (!self.grid || cell(from) != cell(to))
            && match self.chrome {
                None => true,
                Some(Chrome::Mono) => light(from) == light(to),
                Some(Chrome::Bi) => light(from) != light(to),
            }
    }

    /// The squares a unit on `from` may go to (or observe): [`Geometry::allows`] for
    /// every square at once.
    #[inline]
    pub fn reach(&self, from: Square) -> Bitboard {
        let mut reach = Bitboard::FULL;
        if self.grid {
            let corner = (from.rank() & !1) * 8 + (from.file() & !1);
            reach = Bitboard(!(0x0303u64 << corner));
        }
        match self.chrome {
            None => reach,
            Some(Chrome::Mono) => reach & Self::colour_of(from),
            Some(Chrome::Bi) => reach & !Self::colour_of(from),
        }
    }

    /// The squares of `sq`'s colour.
    #[inline]
    fn colour_of(sq: Square) -> Bitboard {
        const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
        if light(sq) {
            !DARK
        } else {
            DARK
        }
    }

    /// Whether the move has an allowed shape (castling judged by the king's move).
    #[inline]
    pub fn allows_move(&self, mv: &Move) -> bool {
        if self.chrome.is_some() && mv.kind == MoveKind::CastleLong {
            return false;
        }
        self.allows(mv.from, mv.to)
    }

    /// The units of `observers` whose observation of `target` has an allowed shape.
    #[inline]
    pub fn observers(&self, observers: Bitboard, target: Square) -> Bitboard {
        // Each of the conditions allows a shape and its reverse alike.
        observers & self.reach(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_cells_and_square_colours() {
        let sq = |f, r| Square::from_coords(f, r);
        let grid = Geometry {
            grid: true,
            chrome: None,
        };
        // a1 and b2 share a cell; b2 and c3 do not.
        assert!(!grid.allows(sq(0, 0), sq(1, 1)));
        assert!(grid.allows(sq(1, 1), sq(2, 2)));
        let mono = Geometry {
            grid: false,
            chrome: Some(Chrome::Mono),
        };
        // A bishop's move is monochrome, a rook's single step is not.
        assert!(mono.allows(sq(0, 0), sq(7, 7)));
        assert!(!mono.allows(sq(0, 0), sq(0, 1)));
        let bi = Geometry {
            grid: false,
            chrome: Some(Chrome::Bi),
        };
        assert!(bi.allows(sq(0, 0), sq(0, 1)));
    }

    #[test]
    fn a_squares_reach_is_the_squares_it_may_go_to() {
        for grid in [false, true] {
            for chrome in [None, Some(Chrome::Mono), Some(Chrome::Bi)] {
                let geometry = Geometry { grid, chrome };
                for from in (0..64u8).map(Square::new) {
                    for to in (0..64u8).map(Square::new) {
                        assert_eq!(
                            geometry.reach(from).contains(to),
                            geometry.allows(from, to),
                            "{geometry:?} {from:?} {to:?}"
                        );
                    }
                }
            }
        }
    }
}
