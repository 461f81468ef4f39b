//! The vocabulary of the board: squares, sets of squares, pieces and placements.

mod bitboard;
mod board;
pub mod kinds;
mod piece;
mod square;
pub mod walk;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, FairyStore, FairyUnits, NoFairy};
pub use piece::{Color, Mark, Piece, Role, UnitAttrs};
pub use square::Square;
pub use zobrist::{extra_key, scramble};
mod position;
pub use position::{
    EnPassant, Extension, FairyPosition, Plain, Position, CASTLING_SQUARES, EXCLUSIVE_PAIRS,
};
