//! Move generation: attack tables, pseudo-legal moves of orthodox units, and playing them.
//! Conditions (in `crate::conditions`) build on these parts.

pub mod attacks;
mod legal;
mod make;
mod moves;
pub mod orphan;
mod pseudo;
pub mod walks;

pub use legal::{has_legal_move, retain_legal, Legality, PlainLegality};
pub use make::{apply_change, en_passant_chance, play_orthodox};
pub use moves::{Cause, Change, Effects, Move, MoveKind, MoveList, Placement, UnitAttrs};
pub use pseudo::{
    attacked, attackers, attacks_from, castling_candidates, castling_king_path, castling_rook,
    castlings, en_passant_with_walk, generate, generate_within, is_attacked, moves_with_walk,
    observes, pawn_pushes, pseudo_moves, CastlingSquares, Gen, MoveSink, Promotions,
};
