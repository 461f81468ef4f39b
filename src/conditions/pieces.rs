//! Orthodox rules on a board with fairy units: no condition, so a capture only removes
//! the unit taken and check is an attack on the king. Like [`super::Orthodox`], moves
//! are judged without being played (`movegen::PlainLegality`: the orthodox masks, or the
//! squares an attack on the king depends on where a hopper or a rider could be opened
//! or closed by the move), generated, judged and played unit by unit; only en passant
//! and castling are played to be tested.

use super::Rules;
use crate::board::{Bitboard, Color, FairyUnits, Plain, Position};
use crate::movegen::{self, Gen, Move, MoveList, MoveSink, PlainLegality, Promotions};
use std::ops::ControlFlow;

/// Orthodox rules with fairy units on the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct FairyPieces {
    /// What a pawn may promote to (the problem's fairy kinds too).
    pub promotions: Promotions,
    /// The problem has orphans: their walks depend on the units that observe them, and
    /// those on theirs, so any move may change what they attack; every move is played
    /// to be judged.
    pub orphans: bool,
}

type Pos = Position<Plain<FairyUnits>>;

impl FairyPieces {
    /// The judge of moves without playing them, where there may be one.
    #[inline(always)]
    fn judge(&self, pos: &Pos) -> Option<PlainLegality> {
        if self.orphans {
            None
        } else {
            PlainLegality::new(pos)
        }
    }

    /// Whether `mv` leaves the mover's king unattacked: judged without playing where the
    /// judge can, else played.
    #[inline(always)]
    fn legal(&self, judge: Option<&PlainLegality>, pos: &Pos, mv: &Move) -> bool {
        match judge.and_then(|j| j.decide_without_effects(pos, mv, true)) {
            Some(legal) => legal,
            None => {
                let mut after = *pos;
                movegen::play_orthodox(&mut after, mv);
                !self.in_check(&after, pos.side)
            }
        }
    }

    /// The castlings of the side to move whose king passes no attacked square (where it
    /// ends is judged with the move: a rook that arrives may be a hurdle).
    fn push_castlings(&self, pos: &Pos, out: &mut MoveList) {
        let start = out.len();
        movegen::castling_candidates(pos, out);
        let side = pos.side;
        let mut i = start;
        while i < out.len() {
            let mv = out[i];
            let occupied = pos.board.occupied().without(mv.from);
            let crosses = movegen::castling_king_path(&mv)
                .iter()
                .any(|&sq| movegen::attacked(&pos.board, sq, !side, occupied.with(sq)));
            if crosses {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The legal moves of the units on `units` with their positions, unit by unit.
    #[inline]
    fn children_of(
        &self,
        pos: &Pos,
        units: Bitboard,
        visit: impl FnMut(&Move, &Pos) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut sink = Visiting {
            rules: self,
            pos,
            judge: self.judge(pos),
            unit: MoveList::new(),
            visit,
        };
        movegen::generate(pos, Gen::All, units, self.promotions, &mut sink)?;
        if pos.board.king(pos.side).is_some_and(|k| units.contains(k)) {
            self.push_castlings(pos, &mut sink.unit);
        }
        sink.unit_done()
    }
}

/// Each unit's moves, once generated, are judged, played and shown to the visitor.
struct Visiting<'a, V> {
    rules: &'a FairyPieces,
    pos: &'a Pos,
    judge: Option<PlainLegality>,
    unit: MoveList,
    visit: V,
}

impl<V: FnMut(&Move, &Pos) -> ControlFlow<()>> MoveSink for Visiting<'_, V> {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        self.unit.push(mv);
    }

    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        let pos = self.pos;
        for mv in &self.unit {
            let decided = self
                .judge
                .as_ref()
                .and_then(|j| j.decide_without_effects(pos, mv, true));
            if decided == Some(false) {
                continue;
            }
            let mut after = *pos;
            movegen::play_orthodox(&mut after, mv);
            if decided.is_none() && self.rules.in_check(&after, pos.side) {
                continue;
            }
            (self.visit)(mv, &after)?;
        }
        self.unit.clear();
        ControlFlow::Continue(())
    }
}

/// A sink that stops at the first legal move.
struct FirstLegal<'a> {
    rules: &'a FairyPieces,
    pos: &'a Pos,
    judge: Option<PlainLegality>,
    unit: MoveList,
}

impl MoveSink for FirstLegal<'_> {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        self.unit.push(mv);
    }

    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        let found = self
            .unit
            .iter()
            .any(|mv| self.rules.legal(self.judge.as_ref(), self.pos, mv));
        self.unit.clear();
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Rules for FairyPieces {
    type Ext = Plain<FairyUnits>;
    const FILTERS_WITHOUT_PLAYING: bool = true;

    #[inline]
    fn pseudo_legal(&self, pos: &Pos, out: &mut MoveList) {
        movegen::pseudo_moves(pos, Gen::All, self.promotions, out);
        self.push_castlings(pos, out);
    }

    #[inline]
    fn play_into(&self, _pos: &Pos, mv: &Move, next: &mut Pos) {
        movegen::play_orthodox(next, mv);
    }

    #[inline]
    fn in_check(&self, pos: &Pos, color: Color) -> bool {
        match pos.board.king(color) {
            Some(k) => {
                movegen::attackers(&pos.board, k, !color, pos.board.occupied()).is_nonempty()
            }
            None => false,
        }
    }

    #[inline]
    fn legal_moves(&self, pos: &Pos, out: &mut MoveList) {
        self.pseudo_legal(pos, out);
        let judge = self.judge(pos);
        out.retain(|mv| self.legal(judge.as_ref(), pos, mv));
    }

    #[inline]
    fn try_for_each_child(
        &self,
        pos: &Pos,
        visit: impl FnMut(&Move, &Pos) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.children_of(pos, Bitboard::FULL, visit)
    }

    #[inline]
    fn for_each_child_of(&self, pos: &Pos, units: Bitboard, mut visit: impl FnMut(&Move, &Pos)) {
        let _ = self.children_of(pos, units, |mv, after| {
            visit(mv, after);
            ControlFlow::Continue(())
        });
    }

    /// Unit by unit, stopping at the first legal move. Castling never matters: when it is
    /// legal, so is the king's step onto the square it crosses.
    fn has_legal_move(&self, pos: &Pos) -> bool {
        let mut sink = FirstLegal {
            rules: self,
            pos,
            judge: self.judge(pos),
            unit: MoveList::new(),
        };
        movegen::generate(pos, Gen::All, Bitboard::FULL, self.promotions, &mut sink).is_break()
    }
}
