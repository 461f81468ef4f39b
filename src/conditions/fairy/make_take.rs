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
use crate::movegen::CastlingSquares;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Replaces the captures of `base` by the Make & Take captures of the side to move.
    pub(super) fn make_and_take(&self, pos: &Position<FairyExt<O, F>>, base: &mut MoveList) {
        base.retain(|m| m.captured.is_none());
        let board = &pos.board;
        let side = pos.side;
        let them = board.by_color(!side);
        let occupied = board.occupied();
        let home = Square::from_coords(4, (!side).back_rank());
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
                if role == Role::King && from == home && self.circe.is_some_and(|c| c.rex_inclusive)
                {
                    // A king may be taken (and reborn): a unit on its home square may
                    // make its castlings too, each a move of its own (`0-0*e6`).
                    for t in victims {
                        for c in castling_makes(pos, t, side) {
                            let mut mv = Move::new(
                                from,
                                t,
                                t,
                                unit.role,
                                MoveKind::Capture,
                                board.piece_at(t),
                            );
                            let rook = Placement {
                                piece: Piece::new(!side, Role::Rook),
                                square: c.rook_to,
                                attrs: board.attrs_at(c.rook_from),
                                promoted: None,
                            };
                            mv.effects.push(Change::Relocate(
                                c.rook_from,
                                rook,
                                Cause::CastlingMake,
                            ));
                            self.push_take(mv, base);
                        }
                    }
                }
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
        castling_checkers(pos, k, by) | Self::make_take_plain_checkers(pos, k, by)
    }

    /// [`Fairy::make_take_checkers`] but castling as a make.
    pub(super) fn make_take_plain_checkers(
        pos: &Position<FairyExt<O, F>>,
        k: Square,
        by: Color,
    ) -> Bitboard {
        let board = &pos.board;
        let mut out = Bitboard::EMPTY;
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

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Whether a castling as a make takes `color`'s king on `k` for good: the capture is
    /// judged with the rook moved (it may stand on the king's rebirth square, or leave it).
    pub(super) fn castling_make_checks(
        &self,
        pos: &Position<FairyExt<O, F>>,
        color: Color,
        k: Square,
    ) -> bool {
        let home = Square::from_coords(4, color.back_rank());
        castling_makes(pos, k, !color).any(|c| {
            let mut p = *pos;
            p.board
                .shift(c.rook_from, c.rook_to, Piece::new(color, Role::Rook));
            self.king_capture_counts(&p, color, k, home)
        })
    }
}

/// The unit of `by` on the home square of the other side's king that could castle with
/// that side's rook as a make and then take the king on `k` (the reference solver
/// generates the king's walk of a make with its castlings).
fn castling_checkers<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    k: Square,
    by: Color,
) -> Bitboard {
    let home = Square::from_coords(4, (!by).back_rank());
    // Most often no unit of `by` stands there.
    if pos.board.color_at(home) != Some(by) || castling_makes(pos, k, by).next().is_none() {
        return Bitboard::EMPTY;
    }
    Bitboard::from_square(home)
}

/// The castlings that the unit of `by` on the home square of the other side's king
/// could make as that king, with a rook of the king's side that keeps its right and
/// the squares between them empty, and after which it takes the king on `k`. The king's
/// passage is not tested for check: it is the capturer that moves. The rook keeps its
/// square until the capture is made.
pub(super) fn castling_makes<O: Origins, F: FairyStore>(
    pos: &Position<FairyExt<O, F>>,
    k: Square,
    by: Color,
) -> impl Iterator<Item = CastlingSquares> + '_ {
    let board = &pos.board;
    let victim = !by;
    let home = Square::from_coords(4, victim.back_rank());
    let unit = board.piece_at(home).filter(|u| u.color == by);
    let occupied = board.occupied();
    movegen::castlings(victim).into_iter().filter(move |c| {
        let Some(unit) = unit else {
            return false;
        };
        let rook = c.rook_from;
        if board.piece_at(rook) != Some(Piece::new(victim, Role::Rook))
            || !pos.castling.contains(rook)
            || (attacks::between(home, rook) & occupied).is_nonempty()
        {
            return false;
        }
        // The take is judged before the rook moves, as the reference solver generates
        // it: the rook follows once the capture is made (`0-0-0*f1`, passing d1).
        movegen::observes(unit, c.king_to, k, occupied.without(home))
    })
}
