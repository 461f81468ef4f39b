//! Pseudo-legal moves of orthodox units: every move the units can make before the
//! question of self-check (and before any condition adds its effects).

use super::attacks;
use super::moves::{Effects, Move, MoveKind, MoveList};
use crate::board::{Bitboard, Board, Color, Extension, Piece, Position, Role, Square};
use std::ops::ControlFlow;

/// The squares a unit attacks (the squares it could capture on) from `sq`.
#[inline]
pub fn attacks_from(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => attacks::pawn(piece.color, sq),
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        Role::Queen => attacks::queen(sq, occupied),
        Role::King => attacks::king(sq),
    }
}

/// The units of `by` that attack `sq`, orthodox rules, with the given occupancy.
#[inline]
pub fn attackers(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let them = board.by_color(by);
    let diag = board.by_role(Role::Bishop) | board.by_role(Role::Queen);
    let orth = board.by_role(Role::Rook) | board.by_role(Role::Queen);
    them & ((attacks::knight(sq) & board.by_role(Role::Knight))
        | (attacks::king(sq) & board.by_role(Role::King))
        | (attacks::pawn(!by, sq) & board.by_role(Role::Pawn) & !first_rank_pawns(by))
        | (attacks::bishop(sq, occupied) & diag)
        | (attacks::rook(sq, occupied) & orth))
}

/// Pawns standing on their own first rank: Popeye lets them neither move nor capture.
#[inline]
fn first_rank_pawns(color: Color) -> Bitboard {
    Bitboard::rank(color.back_rank())
}

#[inline]
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    attackers(board, sq, by, board.occupied()).is_nonempty()
}

/// Where generated moves go, unit by unit.
pub trait MoveSink {
    fn put(&mut self, mv: Move);

    /// The moves of one unit are all put; `Break` ends the generation.
    #[inline(always)]
    fn unit_done(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn put(&mut self, mv: Move) {
        self.push(mv);
    }
}

#[inline]
fn push(
    out: &mut impl MoveSink,
    from: Square,
    to: Square,
    role: Role,
    kind: MoveKind,
    promotion: Option<Role>,
    captured: Option<Piece>,
) {
    out.put(Move {
        from,
        to,
        role,
        kind,
        promotion,
        captured,
        effects: Effects::default(),
    });
}

#[inline]
fn push_pawn(
    out: &mut impl MoveSink,
    color: Color,
    from: Square,
    to: Square,
    kind: MoveKind,
    captured: Option<Piece>,
) {
    if to.rank() == color.promotion_rank() {
        for role in Role::PROMOTIONS {
            push(out, from, to, Role::Pawn, kind, Some(role), captured);
        }
    } else {
        push(out, from, to, Role::Pawn, kind, None, captured);
    }
}

/// Which of a unit's moves to generate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Gen {
    All,
    /// Non-captures only (used by Mars Circe, which generates captures its own way).
    Quiet,
}

/// Every pseudo-legal move of the side to move except castling.
pub fn pseudo_moves<E: Extension>(pos: &Position<E>, gen: Gen, out: &mut MoveList) {
    let _ = generate(pos, gen, Bitboard::FULL, out);
}

/// [`pseudo_moves`] of the units on `units` into any sink, which may end the
/// generation after a unit.
#[inline]
pub fn generate<E: Extension>(
    pos: &Position<E>,
    gen: Gen,
    units: Bitboard,
    out: &mut impl MoveSink,
) -> ControlFlow<()> {
    let board = &pos.board;
    let side = pos.side;
    let us = board.by_color(side);
    let them = board.by_color(!side);
    let occupied = us | them;
    let targets = match gen {
        Gen::All => !us,
        Gen::Quiet => !occupied,
    };
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        for from in board.pieces(side, role) & units {
            let piece = Piece::new(side, role);
            for to in attacks_from(piece, from, occupied) & targets {
                let captured = if them.contains(to) {
                    board.piece_at(to)
                } else {
                    None
                };
                let kind = if captured.is_some() {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                push(out, from, to, role, kind, None, captured);
            }
            out.unit_done()?;
        }
    }
    let fwd = side.forward();
    for from in board.pieces(side, Role::Pawn) & !first_rank_pawns(side) & units {
        if let Some(one) = from.offset(0, fwd) {
            if !occupied.contains(one) {
                push_pawn(out, side, from, one, MoveKind::Quiet, None);
                if from.rank() == side.pawn_rank() {
                    let two = one.offset(0, fwd).expect("double step stays on the board");
                    if !occupied.contains(two) {
                        push(out, from, two, Role::Pawn, MoveKind::DoubleStep, None, None);
                    }
                }
            }
        }
        if gen == Gen::All {
            for to in attacks::pawn(side, from) & them {
                push_pawn(out, side, from, to, MoveKind::Capture, board.piece_at(to));
            }
            if let Some(ep) = pos.ep {
                if attacks::pawn(side, from).contains(ep.crossed) && !occupied.contains(ep.crossed)
                {
                    if let Some(victim) = board.piece_at(ep.pawn) {
                        if victim.color != side && victim.role == Role::Pawn {
                            push(
                                out,
                                from,
                                ep.crossed,
                                Role::Pawn,
                                MoveKind::EnPassant,
                                None,
                                Some(victim),
                            );
                        }
                    }
                }
            }
        }
        out.unit_done()?;
    }
    ControlFlow::Continue(())
}

/// The squares of one castling on one side's back rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingSquares {
    pub kind: MoveKind,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

/// The two castlings of `color`, short first.
pub fn castlings(color: Color) -> [CastlingSquares; 2] {
    let back = color.back_rank();
    let at = |file| Square::from_coords(file, back);
    [
        CastlingSquares {
            kind: MoveKind::CastleShort,
            king_to: at(6),
            rook_from: at(7),
            rook_to: at(5),
        },
        CastlingSquares {
            kind: MoveKind::CastleLong,
            king_to: at(2),
            rook_from: at(0),
            rook_to: at(3),
        },
    ]
}

/// Castling moves whose king and rook have their rights and whose path is empty.
/// Whether the king passes through check is for the rules to decide.
pub fn castling_candidates<E: Extension>(pos: &Position<E>, out: &mut MoveList) {
    let side = pos.side;
    let back = side.back_rank();
    let king = Square::from_coords(4, back);
    if !pos.castling.contains(king) || !pos.board.pieces(side, Role::King).contains(king) {
        return;
    }
    let occupied = pos.board.occupied();
    for c in castlings(side) {
        let rook = c.rook_from;
        if pos.castling.contains(rook)
            && pos.board.pieces(side, Role::Rook).contains(rook)
            && (attacks::between(king, rook) & occupied).is_empty()
        {
            push(out, king, c.king_to, Role::King, c.kind, None, None);
        }
    }
}

/// The squares the king crosses or lands on when castling, the start square included.
pub fn castling_king_path(mv: &Move) -> [Square; 3] {
    let back = mv.from.rank();
    match mv.kind {
        MoveKind::CastleShort => [
            mv.from,
            Square::from_coords(5, back),
            Square::from_coords(6, back),
        ],
        _ => [
            mv.from,
            Square::from_coords(3, back),
            Square::from_coords(2, back),
        ],
    }
}

/// The rook's departure and arrival when castling.
pub fn castling_rook(mv: &Move) -> (Square, Square) {
    let color = if mv.from.rank() == Color::White.back_rank() {
        Color::White
    } else {
        Color::Black
    };
    let [short, long] = castlings(color);
    let c = if mv.kind == MoveKind::CastleShort {
        short
    } else {
        long
    };
    (c.rook_from, c.rook_to)
}
