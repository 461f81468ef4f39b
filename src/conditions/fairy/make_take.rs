//! Make & Take chess: a unit captures in two steps. First it makes a move without
//! capture with the walk of the unit it is going to take (as that unit would move, in its
//! direction for pawns), then from where the make ended it captures that unit with its own
//! walk. Only the capture is printed, from the unit's square to the captured one's
//! (`Bg6*d2`: the bishop stepped to g5 as a black pawn, then took on d2); captures that
//! several makes reach are one move. Moves without capture are orthodox. Check: a unit
//! checks a king that it could take after a make with a king's step, or, standing on that
//! king's home square, after castling as the king would with a rook of the king's side
//! that keeps its right (as the reference solver generates a make with the king's walk).

use super::*;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Replaces the captures of `base` by the Make & Take captures of the side to move.
    pub(super) fn make_and_take(&self, pos: &Position<FairyExt<O, F>>, base: &mut MoveList) {
        base.retain(|m| m.captured.is_none());
        let board = &pos.board;
        let side = pos.side;
        let them = board.by_color(!side);
        let occupied = board.occupied();
        // Orthodox kinds only: fairy units are refused with the condition.
        let kinds = [
            Role::King,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        for from in board.by_color(side) {
            let unit = board.piece_at(from).expect("a unit");
            // The board with the unit lifted: it captures from where its make ended.
            let lifted = occupied.without(from);
            let pawn = unit.role.is_pawn();
            for role in kinds {
                let victims = board.by_role(role) & them;
                if victims.is_empty() {
                    continue;
                }
                let mut makes = quiet_squares(Piece::new(!side, role), from, occupied);
                if pawn {
                    makes &= !Bitboard::rank(side.back_rank()); // it would take nothing there
                }
                if makes.is_empty() {
                    continue;
                }
                // Each victim from where it stands: the squares the unit would take it
                // from (its walks are symmetric, a pawn's is the other colour's), one of
                // which a make must reach.
                let takers = |t: Square| {
                    if pawn {
                        attacks::pawn(!side, t)
                    } else {
                        movegen::attacks_from(unit, t, lifted)
                    }
                };
                for t in victims {
                    if (takers(t) & makes).is_nonempty() {
                        let mv =
                            Move::new(from, t, t, unit.role, MoveKind::Capture, board.piece_at(t));
                        self.push_take(mv, base);
                    }
                }
                let en_passant = pos.ep.filter(|ep| {
                    pawn && role.is_pawn()
                        && !lifted.contains(ep.crossed)
                        && (takers(ep.crossed) & makes).is_nonempty()
                });
                if let Some(ep) = en_passant {
                    let mv = Move::new(
                        from,
                        ep.crossed,
                        ep.pawn,
                        unit.role,
                        MoveKind::EnPassant,
                        board.piece_at(ep.pawn),
                    );
                    base.push(mv);
                }
            }
        }
    }

    /// A capture, once per promotion choice where a pawn lands on its last rank.
    fn push_take(&self, mv: Move, out: &mut MoveList) {
        let side = mv.captured.map(|c| !c.color);
        if mv.role.is_pawn() && side.is_some_and(|s| mv.to.rank() == s.promotion_rank()) {
            for role in self.promotions.iter() {
                out.push(Move {
                    promotion: Some(role),
                    ..mv
                });
            }
        } else {
            out.push(mv);
        }
    }

    /// The units of `by` that check the king of the other side on `k`: each could take
    /// it after a king's step to an empty square, or after castling as that king would,
    /// standing on its home square with its rook still able to castle.
    pub(super) fn make_take_checkers(
        pos: &Position<FairyExt<O, F>>,
        k: Square,
        by: Color,
    ) -> Bitboard {
        let board = &pos.board;
        let mut out = castling_checkers(pos, k, by);
        let occupied = board.occupied();
        // No unit takes on `k` from a square off its lines and knight's leaps.
        let near = attacks::queen(k, Bitboard::EMPTY) | attacks::knight(k);
        for a in board.by_color(by) {
            let steps = attacks::king(a) & !occupied & near;
            if steps.is_empty() {
                continue;
            }
            let unit = board.piece_at(a).expect("a unit");
            // The squares from which the unit, lifted from `a`, would take on `k`: the
            // orthodox walks are symmetric, a pawn's is the other colour's.
            let from_where = if unit.role.is_pawn() {
                attacks::pawn(!by, k) & !Bitboard::rank(by.back_rank())
            } else {
                movegen::attacks_from(unit, k, occupied.without(a))
            };
            if (steps & from_where).is_nonempty() {
                out = out.with(a);
            }
        }
        out
    }
}

/// The squares a unit of `piece`'s kind and colour reaches from `from` without capture.
fn quiet_squares(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    if !piece.role.is_pawn() {
        return movegen::attacks_from(piece, from, occupied) & !occupied;
    }
    // A pawn on its own first rank does not move.
    if from.rank() == piece.color.back_rank() {
        return Bitboard::EMPTY;
    }
    movegen::pawn_pushes(piece.color, from, occupied)
}

/// The unit of `by` on the home square of the other side's king that could castle with
/// that side's rook as a make and then take the king on `k` (the reference solver
/// generates the king's walk of a make with its castlings).
fn castling_checkers<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    k: Square,
    by: Color,
) -> Bitboard {
    let board = &pos.board;
    let victim = !by;
    let home = Square::from_coords(4, victim.back_rank());
    let Some(unit) = board.piece_at(home).filter(|u| u.color == by) else {
        return Bitboard::EMPTY;
    };
    let occupied = board.occupied();
    for c in movegen::castlings(victim) {
        let rook = c.rook_from;
        if board.piece_at(rook) != Some(Piece::new(victim, Role::Rook))
            || !pos.castling.contains(rook)
            || (attacks::between(home, rook) & occupied).is_nonempty()
        {
            continue;
        }
        let after = occupied
            .without(home)
            .without(rook)
            .with(c.king_to)
            .with(c.rook_to);
        if movegen::observes(unit, c.king_to, k, after) {
            return Bitboard::from_square(home);
        }
    }
    Bitboard::EMPTY
}
