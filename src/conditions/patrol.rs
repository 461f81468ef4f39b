//! Patrouille: a unit may capture (and so give check) only while a friendly unit observes
//! it. UltraPatrol: a unit may make any move, and observe, only while supported so.
//! Lortap, the reverse of Patrouille: a unit may capture (and give check) only while no
//! friendly unit observes it.

use super::geometry::Geometry;
use crate::board::{Board, Color, FairyStore, Square};
use crate::movegen::{attackers, Move};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Patrol {
    Patrol,
    Ultra,
    Lortap,
}

impl Patrol {
    /// Whether the unit of `mv` may make it, `supported` telling whether a friendly unit
    /// observes it (asked only where it matters).
    #[inline]
    pub fn allows(self, mv: &Move, supported: impl FnOnce() -> bool) -> bool {
        match self {
            Patrol::Patrol => !mv.is_capture() || supported(),
            Patrol::Ultra => supported(),
            Patrol::Lortap => !mv.is_capture() || !supported(),
        }
    }

    /// Whether a unit observes (captures, gives check) with the support it has.
    #[inline]
    pub fn observes(self, supported: bool) -> bool {
        match self {
            Patrol::Patrol | Patrol::Ultra => supported,
            Patrol::Lortap => !supported,
        }
    }

    /// Whether the unit on `sq`, moving or observing for `side`, is observed by a unit of
    /// that side (a neutral unit by the units of the side it acts for, neutral ones among
    /// them). An empty square is not supported.
    #[inline]
    pub fn supported<F: FairyStore>(
        board: &Board<F>,
        sq: Square,
        side: Color,
        geometry: Geometry,
    ) -> bool {
        if !board.occupied().contains(sq) {
            return false;
        }
        geometry
            .observers(attackers(board, sq, side, board.occupied()), sq)
            .is_nonempty()
    }
}
