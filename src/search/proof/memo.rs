//! The proof-game bound's memo: a side's fewest moves to its target squares, by the
//! side's units and castling rights. After a move without capture the other side's
//! units are those of the position before, so half the bounds a search asks are found
//! here (`atob-02`, a=>b16, where neither side has a move to spare).

use crate::board::{Bitboard, Board, Color, FairyStore, Role};
use crate::search::reach::fingerprint;
use std::sync::atomic::{AtomicU64, Ordering};

/// 128 kB a target: 16384 slots of one word. Each page of the memo is mapped when
/// first touched, which on a short proof game costs more than the search (65536 slots:
/// 7.0 ms for proof_se-10, ser-dia14, against 6.0 ms; Popeye takes 6.4); the long ones
/// lose little (proof-09 0.36 s either way, atob-02 0.069 -> 0.077 s).
const SLOT_BITS: u32 = 14;
const SLOTS: usize = 1 << SLOT_BITS;

/// The answers of one target's bound, one per slot, the newest kept, shared by the
/// threads: a slot holds the upper 48 bits of one hash of the key and the answer in its
/// lowest 16; the slot is picked by 16 bits of a second, independent hash. So a hit
/// matches 64 bits of hashes, as the transposition table's position keys do. An empty
/// slot reads as the answer 0, which never rules a position out.
pub(super) struct NeedMemo {
    slots: Box<[AtomicU64]>,
}

/// What the memo keeps for "no number of moves will do".
const UNREACHABLE: u64 = 0xFFFF;

impl NeedMemo {
    pub(super) fn new() -> NeedMemo {
        NeedMemo {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The slot and the tag of `color`'s units on `board` (on board B: `board_b`) with the castling rights
    /// `castling`, and of the number of the other side's units (the captures left to
    /// `color` follow from it).
    #[inline]
    fn locate<F: FairyStore>(
        board: &Board<F>,
        board_b: Bitboard,
        castling: Bitboard,
        color: Color,
    ) -> (usize, u64) {
        let back = Bitboard::rank(color.back_rank());
        let words = [
            board.pieces(color, Role::Pawn).0,
            board.pieces(color, Role::Knight).0,
            board.pieces(color, Role::Bishop).0,
            board.pieces(color, Role::Rook).0,
            board.pieces(color, Role::Queen).0,
            // Alice chess: which of them stand on board B, mixed in (none elsewhere) by
            // a finaliser whose every input bit moves every output bit (a product alone
            // moves bits only upwards, and the back rank's collided with a king's move).
            board.pieces(color, Role::King).0 ^ mix((board_b & board.by_color(color)).0),
            // The back rank's bits are the first or the last byte; the second is free.
            (castling & back).0
                ^ color.index() as u64
                ^ u64::from(board.by_color(!color).count()) << 8,
        ];
        let (first, second) = fingerprint(&words);
        ((first >> (64 - SLOT_BITS)) as usize, second & !UNREACHABLE)
    }

    /// The remembered fewest moves of `color`, or else `find`'s, remembered.
    #[inline]
    pub(super) fn moves<F: FairyStore>(
        &self,
        board: &Board<F>,
        board_b: Bitboard,
        castling: Bitboard,
        color: Color,
        find: impl FnOnce() -> usize,
    ) -> usize {
        let (slot, tag) = Self::locate(board, board_b, castling, color);
        let held = self.slots[slot].load(Ordering::Relaxed);
        if held & !UNREACHABLE == tag {
            return match held & UNREACHABLE {
                UNREACHABLE => usize::MAX,
                n => n as usize,
            };
        }
        let found = find();
        let kept = (found as u64).min(UNREACHABLE);
        self.slots[slot].store(tag | kept, Ordering::Relaxed);
        // Above 0xFFFE moves no game goes: such an answer is kept as unreachable.
        if kept == UNREACHABLE {
            usize::MAX
        } else {
            found
        }
    }
}

/// A bijection of words whose every input bit flips about half the output bits (the
/// MurmurHash3 finaliser); 0 stays 0.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ x >> 33
}

impl std::fmt::Debug for NeedMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NeedMemo")
    }
}
