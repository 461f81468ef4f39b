//! Messigny chess: instead of moving, a unit may exchange places with an enemy unit of its
//! own kind, but not on either square of the exchange the opponent has just made. Kings
//! may exchange too (the reference solver's default) unless `RexExclusive` follows.

use crate::board::{Bitboard, Board, Color, FairyStore};
use crate::movegen::{Effects, Move, MoveKind, MoveList};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Messigny {
    pub rex_inclusive: bool,
}

impl Messigny {
    /// The exchanges open to `side`, `forbidden` the squares of the exchange just made. A
    /// royal unit of another kind (attribute `royal`, an AntiClone king reborn) may
    /// exchange under `RexExclusive` too, as in the reference solver.
    pub fn exchanges<F: FairyStore>(
        self,
        board: &Board<F>,
        side: Color,
        forbidden: Bitboard,
        out: &mut MoveList,
    ) {
        let them = board.by_color(!side) & !forbidden;
        for from in board.by_color(side) & !forbidden {
            let role = board.role_at(from).expect("a unit");
            if !self.rex_inclusive && role.is_royal() {
                continue;
            }
            // A neutral unit is of both sides, but does not exchange with itself.
            for to in them & board.by_role(role) & !Bitboard::from(from) {
                out.push(Move {
                    from,
                    to,
                    role,
                    kind: MoveKind::Exchange,
                    promotion: None,
                    captured: None,
                    capture_at: to,
                    effects: Effects::default(),
                });
            }
        }
    }
}
