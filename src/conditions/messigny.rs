//! Messigny chess: instead of moving, a unit may exchange places with an enemy unit of its
//! own kind, but not on either square of the exchange the opponent has just made. Kings
//! may exchange too (the reference solver's default) unless `RexExclusive` follows.

use crate::board::{Bitboard, Board, Color, FairyStore, Square};
use crate::movegen::{Effects, Move, MoveKind, MoveList};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Messigny {
    pub rex_inclusive: bool,
}

impl Messigny {
    /// The exchanges open to `side`: `royal` is its royal square, `forbidden` the squares
    /// of the exchange just made.
    pub fn exchanges<F: FairyStore>(
        self,
        board: &Board<F>,
        side: Color,
        royal: Option<Square>,
        forbidden: Bitboard,
        out: &mut MoveList,
    ) {
        let them = board.by_color(!side) & !forbidden;
        for from in board.by_color(side) & !forbidden {
            if !self.rex_inclusive && royal == Some(from) {
                continue;
            }
            let role = board.role_at(from).expect("a unit");
            for to in them & board.by_role(role) {
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
