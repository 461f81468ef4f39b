//! Piece placement on one 8×8 board.

use super::zobrist::{piece_key, KEYS};
use super::{Bitboard, Color, Piece, Role, Square};

/// Where the units stand: one bitboard per colour, per kind, and per attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Board {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
    /// Units carrying the kamikaze attribute.
    kamikaze: Bitboard,
    /// Zobrist key of the placement, kept up to date by every change.
    hash: u64,
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            kamikaze: Bitboard::EMPTY,
            hash: 0,
        }
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    /// The Zobrist key of this placement.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn kamikaze(&self) -> Bitboard {
        self.kamikaze
    }

    #[inline]
    pub fn is_kamikaze(&self, sq: Square) -> bool {
        self.kamikaze.contains(sq)
    }

    /// The king of `color`, or `None` when that side has none.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.colors[0].contains(sq) {
            Some(Color::White)
        } else if self.colors[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()].contains(sq))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece::new(color, role))
    }

    /// Puts a unit on an empty square.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece, kamikaze: bool) {
        debug_assert!(!self.occupied().contains(sq));
        let b = Bitboard::from_square(sq);
        self.roles[piece.role.index()] |= b;
        self.colors[piece.color.index()] |= b;
        self.hash ^= piece_key(piece, sq);
        if kamikaze {
            self.kamikaze |= b;
            self.hash ^= KEYS.kamikaze[sq.index()];
        }
    }

    /// Takes the unit off `sq` and returns it with its kamikaze attribute.
    #[inline(always)]
    pub fn take(&mut self, sq: Square) -> Option<(Piece, bool)> {
        let piece = self.piece_at(sq)?;
        let b = !Bitboard::from_square(sq);
        self.roles[piece.role.index()] &= b;
        self.colors[piece.color.index()] &= b;
        let kamikaze = self.kamikaze.contains(sq);
        self.kamikaze &= b;
        self.hash ^= piece_key(piece, sq);
        if kamikaze {
            self.hash ^= KEYS.kamikaze[sq.index()];
        }
        Some((piece, kamikaze))
    }

    /// Moves the unit on `from` (which must be occupied) to the empty square `to`.
    #[inline(always)]
    pub fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let m = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.roles[piece.role.index()] ^= m;
        self.colors[piece.color.index()] ^= m;
        self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        if self.kamikaze.contains(from) {
            self.kamikaze ^= m;
            self.hash ^= KEYS.kamikaze[from.index()] ^ KEYS.kamikaze[to.index()];
        }
    }

    /// Changes the kind of the unit on `sq` (promotion).
    #[inline]
    pub fn set_role(&mut self, sq: Square, from: Role, to: Role) {
        let b = Bitboard::from_square(sq);
        let color = self.color_at(sq).expect("set_role on an empty square");
        self.hash ^= piece_key(Piece::new(color, from), sq) ^ piece_key(Piece::new(color, to), sq);
        self.roles[from.index()] ^= b;
        self.roles[to.index()] |= b;
    }

    /// Every unit on the board, in square order.
    pub fn units(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }
}
