//! Maximummer and Minimummer: the side under the condition must play one of its longest
//! (shortest) legal moves. A move's length is the square of the distance its unit
//! travels, from the square it leaves to the one it reaches (an en passant capture or a
//! promotion measured the same way); castling counts 16 on the king's side and 25 on the
//! queen's, as in the reference solver.

use crate::movegen::{Move, MoveKind};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mummer {
    Max,
    Min,
}

/// The length of a move: squared distance, castling 16 and 25.
pub fn length(mv: &Move) -> u32 {
    match mv.kind {
        MoveKind::CastleShort => 16,
        MoveKind::CastleLong => 25,
        _ => {
            let df = mv.to.file() as i32 - mv.from.file() as i32;
            let dr = mv.to.rank() as i32 - mv.from.rank() as i32;
            (df * df + dr * dr) as u32
        }
    }
}

impl Mummer {
    /// The move's precedence: the higher, the more the side must play it.
    #[inline]
    pub fn precedence(self, mv: &Move) -> i64 {
        match self {
            Mummer::Max => length(mv) as i64,
            Mummer::Min => -(length(mv) as i64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Role, Square};

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::from_coords(b[0] - b'a', b[1] - b'1')
    }

    fn mv(from: &str, to: &str, kind: MoveKind) -> Move {
        Move {
            from: sq(from),
            to: sq(to),
            role: Role::King,
            kind,
            ..Move::null()
        }
    }

    #[test]
    fn lengths_are_squared_distances_and_castlings_count_as_the_reference_solver_counts() {
        assert_eq!(length(&mv("a1", "h8", MoveKind::Quiet)), 98);
        assert_eq!(length(&mv("b1", "c3", MoveKind::Quiet)), 5);
        assert_eq!(length(&mv("e1", "g1", MoveKind::CastleShort)), 16);
        assert_eq!(length(&mv("e1", "c1", MoveKind::CastleLong)), 25);
        let knight = mv("b1", "c3", MoveKind::Quiet);
        let rook = mv("a1", "a3", MoveKind::Quiet);
        // The rook's step (4) is shorter than the knight's (5).
        assert!(Mummer::Min.precedence(&rook) > Mummer::Min.precedence(&knight));
        assert!(Mummer::Max.precedence(&rook) < Mummer::Max.precedence(&knight));
    }
}
