//! Orthodox chess (with Popeye's problem conventions).

use super::Rules;
use crate::board::{Color, Position, Role};
use crate::movegen::{self, Gen, Move, MoveList};

#[derive(Copy, Clone, Debug, Default)]
pub struct Orthodox;

impl Rules for Orthodox {
    type Ext = ();

    #[inline]
    fn pseudo_legal(&self, pos: &Position, out: &mut MoveList) {
        movegen::pseudo_moves(pos, Gen::All, out);
        let start = out.len();
        movegen::castling_candidates(pos, out);
        let mut i = start;
        while i < out.len() {
            let path = movegen::castling_king_path(&out[i]);
            if path.iter().any(|&sq| movegen::is_attacked(&pos.board, sq, !pos.side)) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    #[inline]
    fn play(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = *pos;
        movegen::play_orthodox(&mut next, mv);
        next
    }

    #[inline]
    fn in_check(&self, pos: &Position, color: Color) -> bool {
        match pos.board.pieces(color, Role::King).first() {
            Some(k) => movegen::is_attacked(&pos.board, k, !color),
            None => false,
        }
    }
}
