//! The in-place memo: each thread remembers the bound's answers where the defender has
//! no move left, keyed by what they depend on (the attacker's units, the king's flights).

use super::*;

/// What [`Bound::attack_holds_in_place`] depends on: the attacker's units and castling
/// rights, its moves left, the defender's king and which of its flights the defender's
/// units hold or may fill. The siblings of a defender's last move mostly share one
/// (`intell-012`, h#4: 116 thousand keys for 4.4 million bounds). Packed in seven words,
/// which the memo keeps as two independent hashes: the attacker's pawns, knights,
/// bishops, rooks and queens; the flights held, and those filled turned half a board
/// round (both are among the flights, which span three ranks, so they do not meet); the
/// kings' squares, the moves left, the attacker's colour and castling rights and the goal.
#[derive(Copy, Clone, Eq)]
pub(super) struct InPlaceKey([u64; 7]);

impl PartialEq for InPlaceKey {
    /// Word by word without a branch, inlined: the derived comparison called `memcmp`.
    #[inline]
    fn eq(&self, other: &InPlaceKey) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |differ, (a, b)| differ | (a ^ b))
            == 0
    }
}

impl InPlaceKey {
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn new(
        board: &Board,
        attacker: Color,
        castling: Bitboard,
        king: Square,
        own: Bitboard,
        filler: Bitboard,
        att: u8,
        goal: Goal,
    ) -> InPlaceKey {
        let flights = attacks::king(king);
        let pieces = |role| board.pieces(attacker, role).0;
        let back = attacker.back_rank();
        let rights = (castling & Bitboard::rank(back)).0 >> (8 * u32::from(back));
        let attacker_king = board.king(attacker).map_or(64, Square::index) as u64;
        InPlaceKey([
            pieces(Role::Pawn),
            pieces(Role::Knight),
            pieces(Role::Bishop),
            pieces(Role::Rook),
            pieces(Role::Queen),
            (own & flights).0 | (filler & flights).0.rotate_left(32),
            king.index() as u64
                | u64::from(att) << 8
                | (attacker.index() as u64) << 16
                | goal.index() << 24
                | rights << 32
                | attacker_king << 40,
        ])
    }

    /// Two independent 64-bit hashes of the key: the first picks the slot, both are kept.
    #[inline]
    pub(super) fn fingerprint(&self) -> (u64, u64) {
        fingerprint(&self.0)
    }
}

/// Two independent 64-bit hashes of seven words.
#[inline]
pub(in crate::search) fn fingerprint(words: &[u64; 7]) -> (u64, u64) {
    // Independent products, summed: no chain of multiplications to wait on.
    const ODD: [[u64; 7]; 2] = [
        [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
            0xD6E8_FEB8_6659_FD93,
            0xFF51_AFD7_ED55_8CCD,
            0xC4CE_B9FE_1A85_EC53,
            0x94D0_49BB_1331_11EB,
        ],
        [
            0xBF58_476D_1CE4_E5B9,
            0x94D0_49BB_1331_11EB,
            0x2545_F491_4F6C_DD1D,
            0x9E6C_63D0_676A_9A99,
            0xE703_7ED1_A0B4_28DB,
            0x8EBC_6AF0_9C88_C6E3,
            0x5899_65CC_7537_4CC3,
        ],
    ];
    let hash = |odd: &[u64; 7], shift: u32| {
        words.iter().zip(odd).fold(0u64, |h, (w, m)| {
            h.wrapping_add((w ^ w >> shift).wrapping_mul(*m))
        })
    };
    (hash(&ODD[0], 29), hash(&ODD[1], 31))
}

/// 1 MB a thread, 16 bytes a slot. Against whole keys (64 bytes a slot, 32768 slots):
/// `intell-012` 0.84 -> 0.79 s, `intell-040` 0.57 -> 0.52 s, `intell-037` 2.24 -> 2.16 s;
/// 32768 and 131072 slots of 16 bytes gained less.
pub(super) const IN_PLACE_SLOTS: usize = 65536;

/// One thread's answers of [`Bound::attack_holds_in_place`], one per slot, the newest
/// kept: the key's two hashes, the answer in the second's lowest bit. A hit matches 127
/// bits of two independent hashes of the whole key, a false one far less likely than a
/// collision of the transposition table's 64-bit position keys, which the search already
/// accepts; the slots, a quarter of a whole key's, stay in a core's own cache.
pub(super) struct InPlaceMemo {
    pub(super) slots: Box<[[u64; 2]]>,
}

impl InPlaceMemo {
    pub(super) fn new() -> InPlaceMemo {
        InPlaceMemo {
            slots: vec![[0, 0]; IN_PLACE_SLOTS].into_boxed_slice(),
        }
    }

    #[inline]
    pub(super) fn index(first: u64) -> usize {
        (first >> 40) as usize % IN_PLACE_SLOTS
    }

    #[inline]
    pub(super) fn get(&self, key: &InPlaceKey) -> Option<bool> {
        #[cfg(test)]
        if FORGETFUL.get() {
            return None;
        }
        let (first, second) = key.fingerprint();
        let slot = &self.slots[Self::index(first)];
        let hit = slot[0] == first && (slot[1] | 1) == (second | 1);
        #[cfg(test)]
        REMEMBERED.set(REMEMBERED.get() + u64::from(hit));
        hit.then_some(slot[1] & 1 == 1)
    }

    #[inline]
    pub(super) fn put(&mut self, key: InPlaceKey, holds: bool) {
        #[cfg(test)]
        if FORGETFUL.get() {
            return;
        }
        let (first, second) = key.fingerprint();
        self.slots[Self::index(first)] = [first, (second & !1) | u64::from(holds)];
    }
}

#[cfg(test)]
thread_local! {
    /// The memo neither asked nor written: every answer found afresh.
    pub(super) static FORGETFUL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The answers the memo gave.
    pub(super) static REMEMBERED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

thread_local!(pub(super) static IN_PLACE: std::cell::RefCell<InPlaceMemo> = std::cell::RefCell::new(InPlaceMemo::new()));
