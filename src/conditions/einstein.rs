//! Einstein chess and its relatives: a unit changes its walk by the move it makes, along
//! the ladder pawn, knight, bishop, rook, queen (kings keep theirs).
//!
//! * EinsteinChess: a capturing unit climbs one step (a pawn becomes a knight, a rook a
//!   queen), any other move takes it one step down (a queen becomes a rook, a knight a
//!   pawn; a pawn stays a pawn).
//! * ReversalEinsteinChess: the other way round.
//! * AntiEinsteinChess: every move but a capture takes the unit down; a capture changes
//!   nothing.
//!
//! In castling the rook changes (the king never does). Pawns never promote: one on its
//! last rank stays there, a pawn. A pawn on its own first rank moves one, two or three
//! squares forward and captures as from any other square; its triple step may be taken
//! en passant on either square it crossed. The change is made when the unit arrives,
//! before any rebirth, so that an Anticirce capturer is reborn as the kind it became.

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use crate::movegen::{
    attacks, castling_rook, Cause, Change, Move, MoveKind, MoveList, Placement, UnitAttrs,
};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Einstein {
    /// EinsteinChess.
    Plain,
    Reversal,
    Anti,
}

/// One step up the ladder: a queen (and any other kind) stays what it is.
pub fn up(role: Role) -> Role {
    match role {
        Role::Pawn => Role::Knight,
        Role::Knight => Role::Bishop,
        Role::Bishop => Role::Rook,
        Role::Rook => Role::Queen,
        other => other,
    }
}

/// One step down the ladder: a pawn (and any other kind) stays what it is.
pub fn down(role: Role) -> Role {
    match role {
        Role::Queen => Role::Rook,
        Role::Rook => Role::Bishop,
        Role::Bishop => Role::Knight,
        Role::Knight => Role::Pawn,
        other => other,
    }
}

impl Einstein {
    /// The kind a unit of `role` becomes by a capture or by another move.
    pub fn becomes(self, role: Role, capture: bool) -> Role {
        match (self, capture) {
            (Einstein::Plain, true) | (Einstein::Reversal, false) => up(role),
            (Einstein::Plain, false) | (Einstein::Reversal, true) | (Einstein::Anti, false) => {
                down(role)
            }
            (Einstein::Anti, true) => role,
        }
    }

    /// The move of `side` as played under the condition, its unit's new kind in
    /// `promotion` (the castling rook's as a change of its own), or `None` for a move
    /// that does not exist: a pawn's promotion to any kind but the first, which stands
    /// for the pawn's one arrival.
    pub fn adjust(self, mv: &Move, side: Color) -> Option<Move> {
        let mut m = *mv;
        match m.promotion {
            Some(Role::Queen) => m.promotion = None,
            Some(_) => return None,
            None => {}
        }
        if m.is_castling() {
            let new = self.becomes(Role::Rook, false);
            if new != Role::Rook {
                let (_, rook_to) = castling_rook(&m);
                m.effects.push(Change::Put(
                    Placement {
                        piece: Piece::new(side, new),
                        square: rook_to,
                        attrs: UnitAttrs::kamikaze_if(false),
                        promoted: None,
                    },
                    Cause::WalkChange,
                ));
            }
            return Some(m);
        }
        let new = self.becomes(m.role, m.captured.is_some());
        m.promotion = (new != m.role).then_some(new);
        Some(m)
    }

    /// The moves of `side`'s pawns on their own first rank, which the orthodox generator
    /// leaves out: steps of one to `max_steps` squares and captures. Einstein chess gives
    /// them three steps (the walk they end with decided by [`Einstein::adjust`]
    /// afterwards); Parrain Circe, where one may be reborn there, one.
    pub fn first_rank_pawn_moves<F: FairyStore>(
        board: &Board<F>,
        side: Color,
        max_steps: usize,
        out: &mut MoveList,
    ) {
        let occupied = board.occupied();
        let them = board.by_color(!side);
        let pawns = board.pieces(side, Role::Pawn) & Bitboard::rank(side.back_rank());
        for from in pawns {
            let mut to = from;
            for steps in 1..=max_steps {
                match to.offset(0, side.forward()) {
                    Some(next) if !occupied.contains(next) => to = next,
                    _ => break,
                }
                let kind = if steps == 1 {
                    MoveKind::Quiet
                } else {
                    MoveKind::DoubleStep
                };
                out.push(pawn_move(from, to, to, kind, None));
            }
            for to in attacks::pawn(side, from) & them {
                out.push(pawn_move(
                    from,
                    to,
                    to,
                    MoveKind::Capture,
                    board.piece_at(to),
                ));
            }
        }
    }

    /// The square a triple step crossed next to its departure, where an enemy pawn may
    /// take it en passant (the square next to its arrival is the position's en passant
    /// square, as for a double step); `None` for any other move, or when no enemy pawn
    /// could take there (so that equal positions hash equal).
    pub fn far_crossing<F: FairyStore>(
        board: &Board<F>,
        mover: Color,
        mv: &Move,
    ) -> Option<Square> {
        if mv.role != Role::Pawn
            || mv.kind != MoveKind::DoubleStep
            || mv.from.rank().abs_diff(mv.to.rank()) != 3
        {
            return None;
        }
        let crossed = mv.from.offset(0, mover.forward())?;
        (attacks::pawn(mover, crossed) & board.pieces(!mover, Role::Pawn))
            .is_nonempty()
            .then_some(crossed)
    }

    /// The en passant captures of `side`'s pawns on `crossed`, the far square a triple
    /// step of the enemy pawn now two squares beyond it crossed.
    pub fn far_en_passant<F: FairyStore>(
        board: &Board<F>,
        side: Color,
        crossed: Square,
        out: &mut MoveList,
    ) {
        let Some(pawn) = crossed.offset(0, 2 * (!side).forward()) else {
            return;
        };
        let Some(victim) = board.piece_at(pawn) else {
            return;
        };
        if victim != Piece::new(!side, Role::Pawn) || board.occupied().contains(crossed) {
            return;
        }
        for from in attacks::pawn(!side, crossed) & board.pieces(side, Role::Pawn) {
            out.push(pawn_move(
                from,
                crossed,
                pawn,
                MoveKind::EnPassant,
                Some(victim),
            ));
        }
    }

    /// `side`'s pawns on their first rank that attack `sq`: they capture, so they check.
    pub fn first_rank_attackers<F: FairyStore>(
        board: &Board<F>,
        sq: Square,
        side: Color,
    ) -> Bitboard {
        attacks::pawn(!side, sq) & board.pieces(side, Role::Pawn) & Bitboard::rank(side.back_rank())
    }
}

/// A pawn's move as this module makes them: no promotion, no effects.
fn pawn_move(
    from: Square,
    to: Square,
    capture_at: Square,
    kind: MoveKind,
    captured: Option<Piece>,
) -> Move {
    Move::new(from, to, capture_at, Role::Pawn, kind, captured)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_both_ways() {
        let e = Einstein::Plain;
        assert_eq!(e.becomes(Role::Pawn, true), Role::Knight);
        assert_eq!(e.becomes(Role::Rook, true), Role::Queen);
        assert_eq!(e.becomes(Role::Queen, true), Role::Queen);
        assert_eq!(e.becomes(Role::Queen, false), Role::Rook);
        assert_eq!(e.becomes(Role::Knight, false), Role::Pawn);
        assert_eq!(e.becomes(Role::Pawn, false), Role::Pawn);
        assert_eq!(e.becomes(Role::King, true), Role::King);
        let r = Einstein::Reversal;
        assert_eq!(r.becomes(Role::Pawn, false), Role::Knight);
        assert_eq!(r.becomes(Role::Queen, true), Role::Rook);
        let a = Einstein::Anti;
        assert_eq!(a.becomes(Role::Queen, true), Role::Queen);
        assert_eq!(a.becomes(Role::Queen, false), Role::Rook);
    }
}
