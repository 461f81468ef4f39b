//! Precomputed attack tables: leapers by lookup, sliders by magic bitboards.
//!
//! The magic multipliers (in `magics.rs`) were found by this module's own search with a
//! fixed seed; the tables are filled from them on first use.

#[path = "magics.rs"]
mod magics;

use crate::board::{Bitboard, Color, Square};
use std::sync::LazyLock;

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    rook: [Magic; 64],
    bishop: [Magic; 64],
    sliders: Vec<u64>,
    /// Squares strictly between two squares on a line, else empty.
    between: Vec<u64>,
    /// The whole line through two squares (edge to edge), else empty.
    line: Vec<u64>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn leaper(sq: Square, jumps: &[(i8, i8)]) -> u64 {
    jumps
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |b, t| b | 1 << t.index())
}

fn slide(sq: Square, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out |= 1 << next.index();
            if occupied >> next.index() & 1 != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

/// The relevant occupancy mask: the rays without their last square.
fn slider_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1 << next.index();
            cur = next;
        }
    }
    out
}

#[cfg(test)]
struct Rng(u64);

#[cfg(test)]
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Fills the slider table for `dirs` with known multipliers.
fn build_magics(dirs: &[(i8, i8)], magics: &[u64; 64], table: &mut Vec<u64>) -> [Magic; 64] {
    std::array::from_fn(|i| {
        let sq = Square::new(i as u8);
        let mask = slider_mask(sq, dirs);
        let shift = 64 - mask.count_ones();
        let offset = table.len();
        table.resize(offset + (1usize << mask.count_ones()), 0);
        let magic = magics[i];
        let mut sub = 0u64;
        loop {
            let idx = (sub.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = slide(sq, dirs, sub);
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        Magic {
            mask,
            magic,
            shift,
            offset,
        }
    })
}

#[cfg(test)]
fn search_magics(dirs: &[(i8, i8)], table: &mut Vec<u64>, rng: &mut Rng) -> [Magic; 64] {
    std::array::from_fn(|i| {
        let sq = Square::new(i as u8);
        let mask = slider_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let size = 1usize << bits;
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let offset = table.len();
        table.resize(offset + size, 0);
        let mut used = vec![0u32; size];
        let mut epoch = 0u32;
        loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            let mut ok = true;
            for (occ, att) in occs.iter().zip(&atts) {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    table[offset + idx] = *att;
                } else if table[offset + idx] != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                return Magic {
                    mask,
                    magic,
                    shift,
                    offset,
                };
            }
        }
    })
}

impl Tables {
    fn build() -> Tables {
        let mut sliders = Vec::new();
        let rook = build_magics(&ROOK_DIRS, &magics::ROOK_MAGICS, &mut sliders);
        let bishop = build_magics(&BISHOP_DIRS, &magics::BISHOP_MAGICS, &mut sliders);
        let king_jumps: Vec<(i8, i8)> = ROOK_DIRS.iter().chain(&BISHOP_DIRS).copied().collect();
        let knight = std::array::from_fn(|i| leaper(Square::new(i as u8), &KNIGHT_JUMPS));
        let king = std::array::from_fn(|i| leaper(Square::new(i as u8), &king_jumps));
        let pawn = [
            std::array::from_fn(|i| leaper(Square::new(i as u8), &[(-1, 1), (1, 1)])),
            std::array::from_fn(|i| leaper(Square::new(i as u8), &[(-1, -1), (1, -1)])),
        ];
        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in Square::all() {
            for &(df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
                let mut ray = 0u64;
                let mut cur = a;
                while let Some(b) = cur.offset(df, dr) {
                    between[a.index() * 64 + b.index()] = ray;
                    ray |= 1 << b.index();
                    cur = b;
                }
                let full = slide(a, &[(df, dr), (-df, -dr)], 0) | 1 << a.index();
                let mut cur = a;
                while let Some(b) = cur.offset(df, dr) {
                    line[a.index() * 64 + b.index()] = full;
                    cur = b;
                }
            }
        }
        Tables {
            knight,
            king,
            pawn,
            rook,
            bishop,
            sliders,
            between,
            line,
        }
    }
}

#[inline]
fn magic_lookup(tables: &Tables, m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY: idx < 2^(64-shift), the size reserved for this square at `offset`.
    Bitboard(unsafe { *tables.sliders.get_unchecked(m.offset + idx) })
}

/// Forces the tables to be built now rather than on first use.
pub fn init() {
    LazyLock::force(&TABLES);
}

#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(TABLES.knight[sq.index()])
}

#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(TABLES.king[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn[color.index()][sq.index()])
}

#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.rook[sq.index()], occupied)
}

#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.bishop[sq.index()], occupied)
}

#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() * 64 + b.index()])
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() * 64 + b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regenerates `magics.rs`: `cargo test --release print_magics -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_magics() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut scratch = Vec::new();
        let rook = search_magics(&ROOK_DIRS, &mut scratch, &mut rng);
        let bishop = search_magics(&BISHOP_DIRS, &mut scratch, &mut rng);
        println!("//! Magic multipliers found by `attacks::tests::print_magics` (fixed seed).\n");
        for (name, m) in [("ROOK", rook), ("BISHOP", bishop)] {
            println!("pub(super) const {name}_MAGICS: [u64; 64] = [");
            for x in m.iter() {
                println!("    0x{:016X},", x.magic);
            }
            println!("];");
        }
    }

    #[test]
    fn magic_lookups_match_slow_slides() {
        let mut rng = Rng(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in Square::all() {
                assert_eq!(rook(sq, Bitboard(occ)).0, slide(sq, &ROOK_DIRS, occ));
                assert_eq!(bishop(sq, Bitboard(occ)).0, slide(sq, &BISHOP_DIRS, occ));
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        let a1 = Square::A1;
        assert_eq!(knight(a1).count(), 2);
        assert_eq!(king(a1).count(), 3);
        assert_eq!(pawn(Color::White, Square::parse("e4").unwrap()).count(), 2);
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert!(between(Square::A1, Square::parse("b3").unwrap()).is_empty());
        assert_eq!(line(Square::A1, Square::parse("c3").unwrap()).count(), 8);
    }
}
