//! Isardam: a move is illegal if after it some unit is observed by an enemy unit of its
//! own kind (a Madrasi observation, which Isardam forbids instead of paralysing). Kings
//! and royal units are exempt unless `RexInclusive` is given. In type A (the default) a
//! check counts only if the capture of the king would itself be legal, that is would leave
//! no such observation; in type B every attack on the king is check.

use super::geometry::Geometry;
use super::madrasi::Madrasi;
use crate::board::{Board, Color, FairyStore, Piece, Square};
use crate::movegen::Promotions;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Isardam {
    pub type_b: bool,
    pub rex_inclusive: bool,
}

impl Isardam {
    fn observation(&self) -> Madrasi {
        Madrasi {
            rex_inclusive: self.rex_inclusive,
        }
    }

    /// Whether some unit on `board` is observed by an enemy unit of its kind; `royal`
    /// holds each side's royal square by colour index.
    pub fn any_observed<F: FairyStore>(
        &self,
        board: &Board<F>,
        royal: [Option<Square>; 2],
        geometry: Geometry,
    ) -> bool {
        let m = self.observation();
        board.occupied().into_iter().any(|sq| {
            let color = board.color_at(sq).expect("an occupied square");
            m.paralysed(board, sq, royal[color.index()] == Some(sq), geometry)
        })
    }

    /// Whether the attack of the unit on `from` on `color`'s royal unit on `k` is check:
    /// always in type B; in type A only if the capture would leave no observation (a
    /// pawn that would promote capturing: as one of the kinds it may promote to).
    pub fn checks<F: FairyStore>(
        &self,
        board: &Board<F>,
        from: Square,
        k: Square,
        color: Color,
        royal: [Option<Square>; 2],
        promotions: Promotions,
        geometry: Geometry,
    ) -> bool {
        if self.type_b {
            return true;
        }
        let mut after = *board;
        let Some((unit, kamikaze)) = after.take(from) else {
            return false;
        };
        after.take(k);
        let mut royal = royal;
        royal[color.index()] = None;
        if royal[(!color).index()] == Some(from) {
            royal[(!color).index()] = Some(k);
        }
        let legal_as = |piece: Piece| {
            let mut b = after;
            b.put(k, piece, kamikaze);
            !self.any_observed(&b, royal, geometry)
        };
        if unit.role.is_pawn() && k.rank() == unit.color.promotion_rank() {
            promotions
                .iter()
                .any(|role| legal_as(Piece::new(unit.color, role)))
        } else {
            legal_as(unit)
        }
    }
}
