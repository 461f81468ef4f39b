//! Patrouille: a unit may capture (and so give check) only while a friendly unit observes
//! it. UltraPatrol: a unit may make any move, and observe, only while supported so.

use super::geometry::Geometry;
use crate::board::{Board, FairyStore, Square};
use crate::movegen::{attackers, Move};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Patrol {
    Patrol,
    Ultra,
}

impl Patrol {
    /// Whether `mv` needs its unit to be supported.
    #[inline]
    pub fn needs_support(self, mv: &Move) -> bool {
        match self {
            Patrol::Patrol => mv.is_capture(),
            Patrol::Ultra => true,
        }
    }

    /// Whether the unit on `sq` is observed by a unit of its own side.
    #[inline]
    pub fn supported<F: FairyStore>(board: &Board<F>, sq: Square, geometry: Geometry) -> bool {
        let Some(color) = board.color_at(sq) else {
            return false;
        };
        geometry
            .observers(attackers(board, sq, color, board.occupied()), sq)
            .is_nonempty()
    }
}
