//! Orthodox chess (with Popeye's problem conventions).

use super::Rules;
use crate::board::{Bitboard, Color, Position, Role, Square};
use crate::movegen::{self, attacks, Gen, Move, MoveKind, MoveList, MoveSink, Promotions};
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
        movegen::pseudo_moves(pos, Gen::All, Promotions::ORTHODOX, out);
        push_castlings(pos, out);
    }

    #[inline]
    fn play_into(&self, _pos: &Position, mv: &Move, next: &mut Position) {
        movegen::play_orthodox(next, mv);
    }

    #[inline(always)]
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
            _ => Bitboard::EMPTY,
        };
        // A unit that stands on a line from the enemy king may uncover a check by leaving it.
        direct.contains(mv.to) || attacks::queen(k, occ).contains(mv.from)
    }

    /// Only the units that may check are generated: a mate's last move is most often
    /// asked of positions where few or none can.
    #[inline]
    fn check_candidates(&self, pos: &Position, out: &mut MoveList) {
        let units = units_that_may_check(pos);
        let _ = movegen::generate(pos, Gen::All, units, Promotions::ORTHODOX, out);
        if pos.board.king(pos.side).is_some_and(|k| units.contains(k)) {
            push_castlings(pos, out);
        }
        out.retain(|mv| self.may_check(pos, mv));
        movegen::retain_legal(pos, out);
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

/// The units of the side to move with a move that [`Orthodox::may_check`] lets through
/// (a few more): its pawns, the units first on a line from the enemy king (they may
/// uncover a check, or step along the line to give one), the pieces that reach a square
/// from which they see the king, and the king where it may castle.
fn units_that_may_check(pos: &Position) -> Bitboard {
    let board = &pos.board;
    let side = pos.side;
    let Some(k) = board.king(!side) else {
        return Bitboard::EMPTY;
    };
    let occ = board.occupied();
    let mut units =
        board.pieces(side, Role::Pawn) | (attacks::queen(k, occ) & board.by_color(side));
    let checks = |role: Role, from: Square| match role {
        Role::Knight => attacks::knight(from) & attacks::knight(k),
        Role::Bishop => attacks::bishop(from, occ) & attacks::bishop(k, occ),
        Role::Rook => attacks::rook(from, occ) & attacks::rook(k, occ),
        _ => attacks::queen(from, occ) & attacks::queen(k, occ),
    };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.pieces(side, role) {
            if checks(role, from).is_nonempty() {
                units = units.with(from);
            }
        }
    }
    if let Some(king) = board.king(side) {
        if (pos.castling & Bitboard::rank(side.back_rank())).is_nonempty() {
            units = units.with(king);
        }
    }
    units
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
    movegen::generate(pos, Gen::All, units, Promotions::ORTHODOX, &mut sink)?;
    if pos.board.king(pos.side).is_some_and(|k| units.contains(k)) {
        movegen::castling_candidates(pos, &mut sink.unit);
        sink.unit.retain(|mv| !castling_crosses_attack(pos, mv));
    }
    sink.unit_done()
}

/// Appends the castlings whose king passes no attacked square.
#[inline]
fn push_castlings(pos: &Position, out: &mut MoveList) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves that may check, generated from the units that may give one, against
    /// every legal move filtered by `may_check`: the same moves in the same order, over
    /// random games from middle-game positions and from sparse ones with castling, en
    /// passant and promotions about.
    #[test]
    fn check_candidates_are_the_legal_moves_that_may_check() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k2r/1P4P1/8/3pP3/8/2n5/1p4p1/R3K3 w Qk d6 0 1",
            "8/2k5/8/3Q4/1b6/5N2/1B2p3/4K2R b K - 0 1",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let (mut positions, mut with_checks) = (0, 0);
        for fen in starts {
            let start: Position = Position::from_fen(fen).unwrap();
            let mut pos = start;
            for _ in 0..400 {
                let mut legal = MoveList::new();
                Orthodox.legal_moves(&pos, &mut legal);
                let mut expected = legal.clone();
                expected.retain(|mv| Orthodox.may_check(&pos, mv));
                let mut found = MoveList::new();
                Orthodox.check_candidates(&pos, &mut found);
                assert_eq!(found, expected, "{pos:?}");
                positions += 1;
                with_checks += usize::from(!expected.is_empty());
                if legal.is_empty() {
                    pos = start;
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = Orthodox.play(&pos, &legal[(seed % legal.len() as u64) as usize]);
            }
        }
        assert!(with_checks > positions / 2, "{with_checks} of {positions}");
    }
}
