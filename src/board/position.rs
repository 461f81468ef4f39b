//! A position: placement, side to move, castling rights, en passant, and condition state.

use super::zobrist::{side_key, KEYS};
use super::{Bitboard, Board, Color, FairyStore, FairyUnits, NoFairy, Piece, Role, Square};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// State a condition adds to a position (a second board, hidden units, a pending rebirth, …).
/// It is copied with the position and must be covered by `hash`.
pub trait Extension: Copy + Eq + Hash + Default + Debug + Send + Sync {
    /// Where the board keeps its fairy units' kinds: nowhere for orthodox play.
    type Fairy: FairyStore;
    fn key(&self) -> u64;

    /// The side to move passes (a threat is looked for): there is no last move to undo.
    #[inline]
    fn passed(&mut self) {}
}

impl Extension for () {
    type Fairy = NoFairy;
    #[inline]
    fn key(&self) -> u64 {
        0
    }
}

/// No condition state, on a board of any store: `Plain<NoFairy>` is `()`'s twin, and
/// `Plain<FairyUnits>` a position with fairy units and no condition.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Plain<F>(PhantomData<F>);

impl<F: FairyStore> Extension for Plain<F> {
    type Fairy = F;
    #[inline]
    fn key(&self) -> u64 {
        0
    }
}

/// A position with fairy units and no condition state.
pub type FairyPosition = Position<Plain<FairyUnits>>;

/// An en passant opportunity: the square the pawn crossed and the square it stands on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EnPassant {
    pub crossed: Square,
    pub pawn: Square,
}

/// The home squares whose units may still castle.
pub const CASTLING_SQUARES: Bitboard =
    Bitboard(1 << 0 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 60 | 1 << 63);

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position<E: Extension = ()> {
    pub board: Board<E::Fairy>,
    pub side: Color,
    /// Units on a1, e1, h1, a8, e8, h8 that keep their castling right.
    pub castling: Bitboard,
    pub ep: Option<EnPassant>,
    /// Pairs of rook corners whose castlings exclude each other (option
    /// CastlingMutuallyExclusive): bit 0 a1/a8, 1 a1/h8, 2 h1/a8, 3 h1/h8.
    pub castling_exclusive: u8,
    pub ext: E,
}

/// The rook corners of the four mutually exclusive castling pairs, white corner first.
pub const EXCLUSIVE_PAIRS: [(Square, Square); 4] = [
    (Square::A1, Square::A8),
    (Square::A1, Square::H8),
    (Square::H1, Square::A8),
    (Square::H1, Square::H8),
];

impl<E: Extension> Position<E> {
    pub fn new(board: Board<E::Fairy>, side: Color) -> Position<E> {
        Position {
            board,
            side,
            castling: Bitboard::EMPTY,
            ep: None,
            castling_exclusive: 0,
            ext: E::default(),
        }
    }

    /// Grants castling rights as Popeye does: to every king on e1/e8 and rook on a1/h1/a8/h8 of its colour.
    pub fn assume_castling_rights(&mut self) {
        let mut rights = Bitboard::EMPTY;
        for color in Color::ALL {
            let back = color.back_rank();
            let king_sq = Square::from_coords(4, back);
            if self.board.pieces(color, Role::King).contains(king_sq) {
                rights |= Bitboard::from_square(king_sq);
            }
            for file in [0, 7] {
                let sq = Square::from_coords(file, back);
                if self.board.pieces(color, Role::Rook).contains(sq) {
                    rights |= Bitboard::from_square(sq);
                }
            }
        }
        self.castling = rights;
    }

    /// The key identifying this position in transposition tables.
    #[inline]
    pub fn hash(&self) -> u64 {
        let mut h = self.board.hash() ^ side_key(self.side) ^ self.ext.key();
        for sq in self.castling {
            h ^= KEYS.castling[sq.index()];
        }
        if let Some(ep) = self.ep {
            h ^= KEYS.ep[ep.crossed.index()];
        }
        h
    }

    #[inline]
    pub fn us(&self) -> Bitboard {
        self.board.by_color(self.side)
    }

    #[inline]
    pub fn them(&self) -> Bitboard {
        self.board.by_color(!self.side)
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }
}

/// An error in a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN: {0}")]
pub struct FenError(pub String);

impl<E: Extension> Position<E> {
    /// Reads a standard FEN (board, side, castling, en passant; the move counters may be left out).
    /// Knights may be written `N` or `S`.
    pub fn from_fen(fen: &str) -> Result<Position<E>, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| FenError("empty".into()))?;
        let mut board = Board::empty();
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError(format!("{} ranks instead of 8", ranks.len())));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as u8;
                    continue;
                }
                let role = match c.to_ascii_uppercase() {
                    'N' => Role::Knight,
                    other => Role::from_letter(other)
                        .ok_or_else(|| FenError(format!("unknown piece letter '{c}'")))?,
                };
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= 8 {
                    return Err(FenError(format!("rank {} is too long", rank + 1)));
                }
                board.put(
                    Square::from_coords(file, rank),
                    Piece::new(color, role),
                    false,
                );
                file += 1;
            }
            if file != 8 {
                return Err(FenError(format!("rank {} has {} squares", rank + 1, file)));
            }
        }
        let side = match fields.next().unwrap_or("w") {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError(format!("side to move '{other}'"))),
        };
        let mut pos = Position::new(board, side);
        let castling = fields.next().unwrap_or("-");
        for c in castling.chars() {
            let (color, rook_file) = match c {
                'K' => (Color::White, 7),
                'Q' => (Color::White, 0),
                'k' => (Color::Black, 7),
                'q' => (Color::Black, 0),
                '-' => continue,
                other => return Err(FenError(format!("castling letter '{other}'"))),
            };
            let back = color.back_rank();
            pos.castling |= Bitboard::from_square(Square::from_coords(4, back));
            pos.castling |= Bitboard::from_square(Square::from_coords(rook_file, back));
        }
        if let Some(ep) = fields.next() {
            if ep != "-" {
                let crossed = Square::parse(ep)
                    .ok_or_else(|| FenError(format!("en passant square '{ep}'")))?;
                let pawn =
                    Square::from_coords(crossed.file(), if crossed.rank() == 2 { 3 } else { 4 });
                pos.ep = Some(EnPassant { crossed, pawn });
            }
        }
        Ok(pos)
    }
}
