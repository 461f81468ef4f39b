//! The sink that turns a node's candidates into its moves one unit move at a time: it
//! drops the candidates the conditions forbid outright (paralysed units, shapes Grid,
//! Monochrome, Bichrome or Patrouille forbid, captures under NoCapture, ...), expands the
//! others with their effects (rebirths, changes of colour, ...) and hands them on in
//! batches. Generation feeds it directly, so no candidate is stored twice.

use super::*;

/// Alice chess: the board the candidates are generated on, and the position with every
/// unit, where what a move does besides is decided.
#[derive(Copy, Clone)]
pub(super) struct AliceBoard<'a, O: Origins, F: FairyStore> {
    pub full: &'a Position<FairyExt<O, F>>,
    /// The board the moves are played on: 1 = A, 2 = B.
    pub from: u8,
    /// The units on the other board, whose squares a unit may not pass to.
    pub other: Bitboard,
}

impl<O: Origins, F: FairyStore> AliceBoard<'_, O, F> {
    /// Whether the square a unit of `mv` passes to is taken on the other board.
    fn blocks(&self, mv: &Move) -> bool {
        self.other.contains(mv.to)
            || (mv.is_castling() && self.other.contains(movegen::castling_rook(mv).1))
    }

    /// Names the boards of `mv`: a capturer that leaves the board stays on its own.
    fn name_boards(&self, mv: &mut Move) {
        let removed = mv
            .effects
            .changes()
            .any(|c| matches!(*c, Change::Remove(sq, Cause::Removal { .. }) if sq == mv.to));
        mv.effects.board_from = self.from;
        mv.effects.board_to = if removed { self.from } else { 3 - self.from };
        if mv.kind == MoveKind::Exchange {
            // Messigny's exchange leaves both units on their board, as the reference
            // solver plays it (`Rc4<->Ra7`, no board named).
            mv.effects.board_to = 0;
        }
    }
}

pub(super) struct UnitMoves<'a, O: Origins, F: FairyStore> {
    rules: &'a Fairy<O, F>,
    /// The position the candidates are generated in (under Alice chess, one board's).
    pos: &'a Position<FairyExt<O, F>>,
    /// The position the candidates are expanded in.
    full: &'a Position<FairyExt<O, F>>,
    alice: Option<AliceBoard<'a, O, F>>,
    out: &'a mut MoveList,
    skip: &'a dyn Fn(&Move) -> bool,
    /// Isardam's guard, where only legal moves are wanted.
    isardam: Option<&'a isardam::Guard>,
    each: &'a mut dyn FnMut(&mut MoveList) -> ControlFlow<()>,
    paralysed: Bitboard,
    restricted: bool,
    no_capture: bool,
    no_promotion: bool,
    /// Whether the candidates now put are castlings played from the king's square,
    /// which the conditions may forbid (a castling from a Mars rebirth square was tested
    /// on the board it is played on).
    pub(super) castling: bool,
    /// Unit moves expanded since `each` was last called, and how many make a batch.
    batch: usize,
    next_batch: usize,
    /// Patrouille: the last unit's square and whether it is supported.
    support: Option<(Square, bool)>,
    /// `Break` once `each` has ended the visit.
    flow: ControlFlow<()>,
}

impl<'a, O: Origins, F: FairyStore> UnitMoves<'a, O, F> {
    pub(super) fn new(
        rules: &'a Fairy<O, F>,
        pos: &'a Position<FairyExt<O, F>>,
        out: &'a mut MoveList,
        paralysis: bool,
        skip: &'a dyn Fn(&Move) -> bool,
        isardam: Option<&'a isardam::Guard>,
        each: &'a mut dyn FnMut(&mut MoveList) -> ControlFlow<()>,
    ) -> Self {
        let mut paralysed = match rules.madrasi {
            Some(m) => m.paralysed_units(
                &pos.board,
                pos.side,
                royal_square(pos, pos.side),
                rules.geometry,
            ),
            None => Bitboard::EMPTY,
        };
        if rules.paralysing && paralysis {
            paralysed |= paralysing::paralysed_units(&pos.board, pos.side, rules.geometry);
        }
        UnitMoves {
            rules,
            pos,
            full: pos,
            alice: None,
            out,
            skip,
            isardam,
            each,
            paralysed,
            restricted: !rules.geometry.is_none() || rules.patrol.is_some(),
            no_capture: rules.no_capture[pos.side.index()],
            no_promotion: rules.no_promotion[pos.side.index()],
            castling: false,
            batch: 0,
            next_batch: 1,
            support: None,
            flow: ControlFlow::Continue(()),
        }
    }

    /// The position the candidates are expanded in: both boards under Alice chess.
    pub(super) fn whole(&self) -> &'a Position<FairyExt<O, F>> {
        self.full
    }

    /// The same sink for the candidates of one board of Alice chess.
    pub(super) fn on_alice_board(self, board: AliceBoard<'a, O, F>) -> Self {
        UnitMoves {
            full: board.full,
            alice: Some(board),
            ..self
        }
    }

    /// Whether the conditions forbid the candidate outright, before its expansion.
    #[inline]
    fn forbidden(&mut self, mv: &Move) -> bool {
        let (rules, pos) = (self.rules, self.pos);
        self.paralysed.contains(mv.from)
            || (self.restricted && !rules.shape_allowed(pos, self.full, mv, &mut self.support))
            || (mv.is_capture()
                && (self.no_capture || (rules.paralysing && pos.board.is_paralysing(mv.from))))
            || (self.no_promotion && mv.role.is_pawn() && mv.promotion.is_some())
            || (self.castling && !rules.castling_allowed(pos, mv))
            || self.isardam.is_some_and(|g| g.observes(mv) == Some(true))
            || self.alice.is_some_and(|a| a.blocks(mv))
    }

    /// Hands on the moves expanded since the last call.
    #[inline]
    fn flush(&mut self) {
        self.batch = 0;
        self.flow = (self.each)(self.out);
    }

    /// Hands on the last batch: the visit's answer.
    pub(super) fn finish(mut self) -> ControlFlow<()> {
        if self.flow.is_continue() && self.batch > 0 {
            self.flush();
        }
        self.flow
    }
}

impl<O: Origins, F: FairyStore> MoveSink for UnitMoves<'_, O, F> {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        if self.flow.is_break() || self.forbidden(&mv) {
            return;
        }
        let (rules, pos) = (self.rules, self.pos);
        let mv = match rules.einstein {
            None => mv,
            Some(e) => match e.adjust(&mv, pos.side) {
                Some(m) => m,
                None => return,
            },
        };
        if (self.skip)(&mv) {
            return;
        }
        // A capture, which may come with many rebirths, is handed on alone. The moves
        // without capture, whose expansion costs little, in batches that double: a visit
        // that stops at once pays for one move, one that sees all for a few calls (Madrasi
        // perft 12 % faster than one call a move).
        let capture = mv.captured.is_some();
        if capture && self.batch > 0 {
            self.flush();
            if self.flow.is_break() {
                return;
            }
        }
        let first = self.out.len();
        let full = self.full;
        rules.expand(full, mv, self.out);
        if rules.half_neutral && full.board.is_marked(mv.from, Mark::HalfNeutral) {
            for mv in &mut self.out[first..] {
                Fairy::change_phase(full, mv);
            }
        }
        if let Some(a) = self.alice {
            for mv in &mut self.out[first..] {
                a.name_boards(mv);
            }
        }
        self.batch += 1;
        if capture || self.batch == self.next_batch {
            if !capture {
                self.next_batch *= 2;
            }
            self.flush();
        }
    }

    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        self.flow
    }
}
