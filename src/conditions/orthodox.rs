//! Orthodox chess (with Popeye's problem conventions).

use super::Rules;
use crate::board::{Bitboard, Color, Position, Role};
use crate::movegen::{self, attacks, Gen, Move, MoveKind, MoveList, MoveSink};
use std::ops::ControlFlow;

#[derive(Copy, Clone, Debug, Default)]
pub struct Orthodox;

impl Rules for Orthodox {
    type Ext = ();
    const FILTERS_WITHOUT_PLAYING: bool = true;
    const ORTHODOX_MOVEMENT: bool = true;

    #[inline]
    fn legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.pseudo_legal(pos, out);
        movegen::retain_legal(pos, out);
    }

    #[inline]
    fn legal_successors(&self, pos: &Position, out: &mut Vec<(Move, Position)>) {
        let mut moves = MoveList::new();
        self.legal_moves(pos, &mut moves);
        out.extend(moves.iter().map(|mv| (*mv, self.play(pos, mv))));
    }

    /// Moves generated, tested and played unit by unit, as the visitor takes them: a
    /// visitor that stops at the first move it wants (a selfmate's last defence) saves
    /// the generation and the legality test of the rest (`ep-11`, s#6: 21.8 to 9.9 s).
    #[inline]
    fn try_for_each_child(
        &self,
        pos: &Position,
        visit: impl FnMut(&Move, &Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        children_of(pos, Bitboard::FULL, visit)
    }

    #[inline]
    fn for_each_child_of(
        &self,
        pos: &Position,
        units: Bitboard,
        mut visit: impl FnMut(&Move, &Position),
    ) {
        let _ = children_of(pos, units, |mv, after| {
            visit(mv, after);
            ControlFlow::Continue(())
        });
    }

    #[inline]
    fn pseudo_legal(&self, pos: &Position, out: &mut MoveList) {
        movegen::pseudo_moves(pos, Gen::All, out);
        let start = out.len();
        movegen::castling_candidates(pos, out);
        let mut i = start;
        while i < out.len() {
            if castling_crosses_attack(pos, &out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    #[inline]
    fn play_into(&self, _pos: &Position, mv: &Move, next: &mut Position) {
        movegen::play_orthodox(next, mv);
    }

    #[inline]
    fn may_check(&self, pos: &Position, mv: &Move) -> bool {
        let Some(k) = pos.board.king(!pos.side) else {
            return false;
        };
        if mv.promotion.is_some() || mv.is_castling() || mv.kind == MoveKind::EnPassant {
            return true;
        }
        let occ = pos.board.occupied();
        let occ_after = occ.without(mv.from).with(mv.to);
        let direct = match mv.role {
            Role::Pawn => attacks::pawn(!pos.side, k),
            Role::Knight => attacks::knight(k),
            Role::Bishop => attacks::bishop(k, occ_after),
            Role::Rook => attacks::rook(k, occ_after),
            Role::Queen => attacks::queen(k, occ_after),
            Role::King => Bitboard::EMPTY,
        };
        // A unit that stands on a line from the enemy king may uncover a check by leaving it.
        direct.contains(mv.to) || attacks::queen(k, occ).contains(mv.from)
    }

    #[inline]
    fn has_legal_move(&self, pos: &Position) -> bool {
        movegen::has_legal_move(pos)
    }

    #[inline]
    fn in_check(&self, pos: &Position, color: Color) -> bool {
        match pos.board.pieces(color, Role::King).first() {
            Some(k) => movegen::is_attacked(&pos.board, k, !color),
            None => false,
        }
    }
}

/// The legal moves of the units on `units`, each with its position, generated, tested
/// and played unit by unit.
#[inline]
fn children_of(
    pos: &Position,
    units: Bitboard,
    visit: impl FnMut(&Move, &Position) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut sink = Visiting {
        pos,
        legality: movegen::Legality::new(pos),
        unit: MoveList::new(),
        visit,
    };
    movegen::generate(pos, Gen::All, units, &mut sink)?;
    if pos.board.king(pos.side).is_some_and(|k| units.contains(k)) {
        movegen::castling_candidates(pos, &mut sink.unit);
        sink.unit.retain(|mv| !castling_crosses_attack(pos, mv));
    }
    sink.unit_done()
}

/// Whether a castling candidate's king passes through (or starts in) an attacked square.
#[inline]
fn castling_crosses_attack(pos: &Position, mv: &Move) -> bool {
    movegen::castling_king_path(mv)
        .iter()
        .any(|&sq| movegen::is_attacked(&pos.board, sq, !pos.side))
}

/// The sink of [`Orthodox::try_for_each_child`]: each unit's moves, once generated, are
/// tested, played and shown to the visitor.
struct Visiting<'a, F> {
    pos: &'a Position,
    legality: movegen::Legality,
    unit: MoveList,
    visit: F,
}

impl<F: FnMut(&Move, &Position) -> ControlFlow<()>> MoveSink for Visiting<'_, F> {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        self.unit.push(mv);
    }

    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        let pos = self.pos;
        for mv in &self.unit {
            if self.legality.allows(pos, mv) {
                let mut after = *pos;
                movegen::play_orthodox(&mut after, mv);
                (self.visit)(mv, &after)?;
            }
        }
        self.unit.clear();
        ControlFlow::Continue(())
    }
}
