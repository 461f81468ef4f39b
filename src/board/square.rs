//! Squares, files and ranks.

use std::fmt;

/// A square of the 8×8 board, `a1 = 0`, `b1 = 1`, …, `h8 = 63`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const B8: Square = Square(57);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    /// `index` must be below 64.
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// File and rank counted from 0 (`a` = 0, rank 1 = 0).
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::from_coords(f as u8, r as u8))
        } else {
            None
        }
    }

    /// Dark squares are those with `file + rank` even in 1-based counting (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The square reflected through the centre of the board: (f, r) → (9−f, 9−r).
    #[inline]
    pub const fn point_reflection(self) -> Square {
        Square(63 - self.0)
    }

    /// The square on the same file, reflected through the middle rank (a1 ↔ a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square on the same rank, reflected through the middle file (a1 ↔ h1).
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// Parses `e4`, case-insensitively.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        let r = b[1];
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(Square::from_coords(f - b'a', r - b'1'))
        } else {
            None
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let s = Square::parse("E4").unwrap();
        assert_eq!(s.file(), 4);
        assert_eq!(s.rank(), 3);
        assert_eq!(s.to_string(), "e4");
        assert!(Square::parse("i1").is_none());
        assert!(Square::parse("a9").is_none());
    }

    #[test]
    fn colours_and_reflections() {
        assert!(Square::A1.is_dark());
        assert!(!Square::H1.is_dark());
        assert_eq!(Square::A1.point_reflection(), Square::H8);
        assert_eq!(
            Square::parse("d4").unwrap().point_reflection(),
            Square::parse("e5").unwrap()
        );
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Square::parse("b3"));
    }
}
