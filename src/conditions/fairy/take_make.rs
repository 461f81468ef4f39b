//! Take & Make chess: a capturing unit must at once make a move, from the square where it
//! captured, with the walk the captured unit had (in that unit's direction, for pawns), to
//! an empty square; a capture with no such move is illegal. A pawn may not make to its own
//! first rank, and promotes where its make ends on its last rank. The move is printed
//! as the reference solver prints it, the capture square and then the make's arrival:
//! `Se3*f5-h6`, `e4*d5-d8=Q`. Check is an ordinary attack: the capture of a king needs no
//! make (the reference solver's default; its `Absolute` form is not supported).

use super::*;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Replaces each capture of `base` by its makes, in the order the walk gives them.
    /// Under Alice chess the captures are a board's (`pos` its view) and the makes go over
    /// both boards (`whole`), to a square empty on both: the reference solver generates
    /// the makes once the moves of both boards are generated, every unit back in place.
    pub(super) fn take_and_make(
        &self,
        pos: &Position<FairyExt<O, F>>,
        whole: &Position<FairyExt<O, F>>,
        base: &mut MoveList,
    ) {
        let side = pos.side;
        let mut out = MoveList::new();
        for mv in base.iter() {
            let Some(taken) = mv.captured else {
                out.push(*mv);
                continue;
            };
            // A pawn's capture onto its last rank comes once per promotion choice: the
            // make decides the kind, from the first of them.
            if mv.promotion.is_some() && mv.promotion != self.promotions.iter().next() {
                continue;
            }
            let mut board = whole.board;
            board.take(mv.capture_square());
            board.shift(mv.from, mv.to, Piece::new(side, mv.role));
            let walker = Piece::new(taken.color, taken.role);
            let pawn = mv.role.is_pawn();
            for to in walks::quiet_from(walker, mv.to, board.occupied()) {
                if pawn && to.rank() == side.back_rank() {
                    continue;
                }
                let make = Move {
                    kind: MoveKind::Locust,
                    to,
                    promotion: None,
                    ..*mv
                };
                if pawn && to.rank() == side.promotion_rank() {
                    for role in self.promotions.iter() {
                        out.push(Move {
                            promotion: Some(role),
                            ..make
                        });
                    }
                } else {
                    out.push(make);
                }
            }
        }
        *base = out;
    }
}
