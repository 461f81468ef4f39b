//! Alice chess: two boards. A unit moves on the board it stands on, with only that board's
//! units present, then passes to the same square of the other board, which must be empty.

use super::Rules;
use crate::board::{Bitboard, Board, Color, EnPassant, Extension, Piece, Position, Role, Square};
use crate::movegen::{self, attacks, Gen, Move, MoveKind, MoveList};

/// Board B of an Alice position (board A is the position's own board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct AliceExt {
    pub b: Board,
}

impl Extension for AliceExt {
    fn key(&self) -> u64 {
        // Board B's units must not hash like the same units on board A.
        self.b.hash().rotate_left(29) ^ 0x51_7CC1_B727_220A
    }
}

/// Which board a move starts from, recorded in the move so that playing it needs no search.
pub const BOARD_A: u8 = 1;
pub const BOARD_B: u8 = 2;

/// Alice chess and its offshoots that keep two boards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum AliceVariant {
    #[default]
    Classic,
    /// Black's units stand on board B unless the diagram says otherwise.
    LookingGlass,
    /// A unit may also pass to the other board without moving (a zero move).
    MissAlice,
    /// A move whose transfer square is taken is still legal; the unit stays where it moved.
    ODonohue,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Alice {
    pub variant: AliceVariant,
}

/// The position as seen from one board: that board's units only.
fn view(pos: &Position<AliceExt>, on_b: bool) -> Position<()> {
    let board = if on_b { pos.ext.b } else { pos.board };
    let ep = pos.ep.filter(|ep| board.piece_at(ep.pawn).is_some_and(|p| p.role == Role::Pawn && p.color != pos.side));
    Position { board, side: pos.side, castling: pos.castling, ep, castling_exclusive: pos.castling_exclusive, ext: () }
}

/// The squares the move's units arrive on (king and rook when castling).
fn arrivals(mv: &Move) -> (Square, Option<Square>) {
    if mv.is_castling() {
        (mv.to, Some(movegen::castling_rook(mv).1))
    } else {
        (mv.to, None)
    }
}

impl Alice {
    fn king_board(pos: &Position<AliceExt>, color: Color) -> Option<(Square, bool)> {
        if let Some(k) = pos.board.king(color) {
            return Some((k, false));
        }
        pos.ext.b.king(color).map(|k| (k, true))
    }
}

impl Rules for Alice {
    type Ext = AliceExt;

    fn pseudo_legal(&self, pos: &Position<AliceExt>, out: &mut MoveList) {
        for on_b in [false, true] {
            let here = view(pos, on_b);
            if (here.board.by_color(pos.side)).is_empty() {
                continue;
            }
            let other = if on_b { &pos.board } else { &pos.ext.b };
            let mut moves = MoveList::new();
            movegen::pseudo_moves(&here, Gen::All, &mut moves);
            movegen::castling_candidates(&here, &mut moves);
            if self.variant == AliceVariant::MissAlice {
                for from in here.board.by_color(pos.side) & !other.occupied() {
                    let piece = here.board.piece_at(from).expect("occupied");
                    let mut zero = Move::null();
                    zero.from = from;
                    zero.to = from;
                    zero.role = piece.role;
                    zero.kind = MoveKind::Zero;
                    moves.push(zero);
                }
            }
            for mv in moves.iter() {
                let mut mv = *mv;
                let (to, rook_to) = arrivals(&mv);
                let blocked = other.occupied().contains(to) || rook_to.is_some_and(|r| other.occupied().contains(r));
                let stays = blocked && self.variant == AliceVariant::ODonohue;
                if blocked && !stays {
                    continue;
                }
                if mv.kind == MoveKind::Zero
                    && mv.role == Role::King
                    && movegen::is_attacked(&here.board, mv.from, !pos.side)
                {
                    // A king may not escape check by a zero move.
                    continue;
                }
                // Castling: not out of, through or into check, on the board it is played on.
                if mv.is_castling()
                    && movegen::castling_king_path(&mv).iter().any(|&sq| movegen::is_attacked(&here.board, sq, !pos.side))
                {
                    continue;
                }
                // A king's move must also be legal on the board it is played on.
                if mv.role == Role::King && !mv.is_castling() && mv.kind != MoveKind::Zero {
                    let mut after = here;
                    movegen::play_orthodox(&mut after, &mv);
                    if movegen::is_attacked(&after.board, mv.to, !pos.side) {
                        continue;
                    }
                }
                mv.effects.alice_from = if on_b { BOARD_B } else { BOARD_A };
                mv.effects.alice_stays = stays;
                out.push(mv);
            }
        }
    }

    fn play(&self, pos: &Position<AliceExt>, mv: &Move) -> Position<AliceExt> {
        let on_b = mv.effects.alice_from == BOARD_B;
        let mut here = view(pos, on_b);
        here.ep = pos.ep;
        movegen::play_orthodox(&mut here, mv);
        let (to, rook_to) = arrivals(mv);
        let mut other = if on_b { pos.board } else { pos.ext.b };
        if !mv.effects.alice_stays {
            for sq in std::iter::once(to).chain(rook_to) {
                let (piece, kamikaze) = here.board.take(sq).expect("the moved unit");
                other.put(sq, piece, kamikaze);
            }
        }
        let (a, b) = if on_b { (other, here.board) } else { (here.board, other) };
        let mut next = Position {
            board: a,
            side: here.side,
            castling: here.castling,
            ep: None,
            castling_exclusive: pos.castling_exclusive,
            ext: AliceExt { b },
        };
        if mv.kind == MoveKind::DoubleStep && !mv.effects.alice_stays {
            // E.p. is possible only on the board the pawn passed to.
            let crossed = Square::from_coords(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2);
            if (attacks::pawn(pos.side, crossed) & other.pieces(!pos.side, Role::Pawn)).is_nonempty() && !other.occupied().contains(crossed) {
                next.ep = Some(EnPassant { crossed, pawn: mv.to });
            }
        }
        next
    }

    fn in_check(&self, pos: &Position<AliceExt>, color: Color) -> bool {
        match Alice::king_board(pos, color) {
            Some((k, on_b)) => {
                let board = if on_b { &pos.ext.b } else { &pos.board };
                movegen::is_attacked(board, k, !color)
            }
            None => false,
        }
    }

    fn second_board_by_default(&self, color: Color) -> bool {
        self.variant == AliceVariant::LookingGlass && color == Color::Black
    }

    fn place_on_second_board(&self, pos: &mut Position<AliceExt>, units: &[(Square, Piece, bool)]) -> Result<(), String> {
        for &(sq, piece, kamikaze) in units {
            if pos.ext.b.occupied().contains(sq) {
                return Err(format!("two units on {sq} of board B"));
            }
            pos.ext.b.put(sq, piece, kamikaze);
            // Castling rights as on board A: a king or rook on its home square.
            let back = piece.color.back_rank();
            let home = sq.rank() == back
                && match piece.role {
                    Role::King => sq.file() == 4,
                    Role::Rook => sq.file() == 0 || sq.file() == 7,
                    _ => false,
                };
            if home {
                pos.castling |= Bitboard::from_square(sq);
            }
        }
        Ok(())
    }
}
