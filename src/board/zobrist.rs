//! Zobrist keys: random words whose XOR identifies a position.

use super::{Color, Mark, Piece, Role, Square};

pub(crate) struct Keys {
    /// By colour, kind and square; the orthodox kinds' keys come first in the stream,
    /// so that adding kinds changed none of them.
    pub piece: [[[u64; 64]; Role::COUNT]; 2],
    pub kamikaze: [u64; 64],
    /// Units with a [`Mark`], by mark and square (last in the stream, the chameleon
    /// attribute's first).
    pub marks: [[u64; 64]; Mark::COUNT],
    pub side: u64,
    pub castling: [u64; 64],
    pub ep: [u64; 64],
    /// Keys for condition state (hidden units, pending rebirths, second boards), by slot and square.
    pub extra: [[u64; 64]; 16],
}

/// Built at compile time: a lazily built table put a synchronised load in front of every
/// lookup on the make path.
pub(crate) static KEYS: Keys = build();

/// splitmix64, one step: the next state and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Fills `out` with the next outputs of the generator.
const fn fill(mut state: u64, out: &mut [u64; 64]) -> u64 {
    let mut i = 0;
    while i < 64 {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    state
}

const fn build() -> Keys {
    let mut state = 0x243F_6A88_85A3_08D3u64;
    let mut piece = [[[0; 64]; Role::COUNT]; 2];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            state = fill(state, &mut piece[c][r]);
            r += 1;
        }
        c += 1;
    }
    let mut kamikaze = [0; 64];
    state = fill(state, &mut kamikaze);
    let (s, side) = splitmix(state);
    state = s;
    let mut castling = [0; 64];
    state = fill(state, &mut castling);
    let mut ep = [0; 64];
    state = fill(state, &mut ep);
    let mut extra = [[0; 64]; 16];
    let mut slot = 0;
    while slot < 16 {
        state = fill(state, &mut extra[slot]);
        slot += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut r = 6;
        while r < Role::COUNT {
            state = fill(state, &mut piece[c][r]);
            r += 1;
        }
        c += 1;
    }
    let mut marks = [[0; 64]; Mark::COUNT];
    let mut m = 0;
    while m < Mark::COUNT {
        state = fill(state, &mut marks[m]);
        m += 1;
    }
    let _ = state;
    Keys {
        piece,
        kamikaze,
        marks,
        side,
        castling,
        ep,
        extra,
    }
}

#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.piece[piece.color.index()][piece.role.index()][sq.index()]
}

/// `x` scrambled (one splitmix64 output): keys derived from small numbers.
#[inline]
pub fn scramble(x: u64) -> u64 {
    splitmix(x).1
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
