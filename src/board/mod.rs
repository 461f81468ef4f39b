//! The vocabulary of the board: squares, sets of squares, pieces and placements.

mod bitboard;
mod board;
mod piece;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use piece::{Color, Piece, Role};
pub use square::Square;
pub use zobrist::{extra_key, scramble};
mod position;
pub use position::{EnPassant, Extension, Position, CASTLING_SQUARES, EXCLUSIVE_PAIRS};
