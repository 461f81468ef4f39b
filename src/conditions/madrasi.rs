//! Madrasi: a unit observed by an enemy unit of its own kind is paralysed. It neither
//! moves, captures nor gives check, but it still paralyses (observation is geometric: a
//! paralysed unit observes as well as a free one). Kings and other royal units are exempt
//! unless `RexInclusive` is given. Under Mars Circe a unit observes from its rebirth
//! square, where it would capture from.

use super::geometry::Geometry;
use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Square};
use crate::movegen::{attackers, attacks_from};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Madrasi {
    /// Whether royal units are paralysed (and paralyse) too.
    pub rex_inclusive: bool,
    /// Under Mars Circe: units observe from their rebirth squares, kings too unless
    /// Mars's RexExclusive keeps them from capturing (`Some(kings)`).
    pub mars: Option<bool>,
}

impl Madrasi {
    /// Whether the unit on `sq`, moving or observing for `side`, is paralysed; `royal`
    /// says whether it is that side's royal unit, `geometry` which observations have an
    /// allowed shape (Grid chess, ...). An empty square holds nothing paralysed.
    ///
    /// `side` matters for a neutral unit only: it is paralysed as a unit of the side it
    /// acts for, by the other side's units of its kind, neutral ones among them (two
    /// neutral units of a kind that observe each other paralyse each other), as the
    /// reference solver has it.
    #[inline]
    pub fn paralysed<F: FairyStore>(
        &self,
        board: &Board<F>,
        sq: Square,
        side: Color,
        royal: bool,
        geometry: Geometry,
    ) -> bool {
        if royal && !self.rex_inclusive {
            return false;
        }
        let Some(role) = board.role_at(sq) else {
            return false;
        };
        let unit = Piece::new(side, role);
        let watchers = board.pieces(!unit.color, unit.role);
        if watchers.is_empty() {
            return false;
        }
        // The orthodox kinds observe symmetrically: the squares an enemy unit of the kind
        // observes `sq` from are the ones the unit itself attacks (a pawn's forward
        // diagonals meet the enemy pawns' backward ones). Others ask every walk.
        let observers = if let Some(kings) = self.mars {
            super::fairy::mars_checkers(board, sq, !unit.color, kings) & watchers
        } else if unit.role.is_orthodox() {
            attacks_from(unit, sq, board.occupied()) & watchers
        } else {
            attackers(board, sq, !unit.color, board.occupied()) & watchers
        };
        geometry.observers(observers, sq).is_nonempty()
    }

    /// The paralysed units of `color`, whose royal unit stands on `royal`.
    pub fn paralysed_units<F: FairyStore>(
        &self,
        board: &Board<F>,
        color: Color,
        royal: Option<Square>,
        geometry: Geometry,
    ) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in board.by_color(color) {
            if self.paralysed(board, sq, color, royal == Some(sq), geometry) {
                out = out.with(sq);
            }
        }
        out
    }
}
