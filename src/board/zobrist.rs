//! Zobrist keys: random words whose XOR identifies a position.

use super::{Color, Piece, Square};
use std::sync::LazyLock;

pub(crate) struct Keys {
    pub piece: [[[u64; 64]; 6]; 2],
    pub kamikaze: [u64; 64],
    pub side: u64,
    pub castling: [u64; 64],
    pub ep: [u64; 64],
    /// Keys for condition state (hidden units, pending rebirths, second boards), by slot and square.
    pub extra: [[u64; 64]; 16],
}

pub(crate) static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut state = 0x243F_6A88_85A3_08D3u64;
    let mut next = move || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut piece = [[[0; 64]; 6]; 2];
    for c in &mut piece {
        for r in c.iter_mut() {
            for k in r.iter_mut() {
                *k = next();
            }
        }
    }
    let kamikaze = std::array::from_fn(|_| next());
    let side = next();
    let castling = std::array::from_fn(|_| next());
    let ep = std::array::from_fn(|_| next());
    let extra = std::array::from_fn(|_| std::array::from_fn(|_| next()));
    Keys {
        piece,
        kamikaze,
        side,
        castling,
        ep,
        extra,
    }
});

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.piece[piece.color.index()][piece.role.index()][sq.index()]
}

/// A key for one of the 16 condition-state slots at `sq`, for hashing condition extensions.
#[inline]
pub fn extra_key(slot: usize, sq: Square) -> u64 {
    KEYS.extra[slot & 15][sq.index()]
}

#[inline]
pub(crate) fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.side,
    }
}
