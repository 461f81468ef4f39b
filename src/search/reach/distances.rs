//! Least moves on an empty board: per unit kind, from each square to stand on or attack
//! each other square (pawns by colour, with promotions), built once.

use super::*;

/// More moves than any line has: the square cannot be reached or attacked.
pub(super) const NEVER: u8 = u8::MAX;

/// Why the bounds ask for an orthodox board: they count orthodox moves, and the rules
/// with fairy units never ask them (`Rules::ORTHODOX_MOVEMENT`).
pub(super) const ORTHODOX_ONLY: &str = "the bounds count orthodox movement only";

/// The unit kinds with their own distances: pawns by colour (they move one way), then the
/// pieces.
pub(super) const KINDS: usize = 7;

#[inline]
pub(super) fn kind(color: Color, role: Role) -> usize {
    match role {
        Role::Pawn => color.index(),
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 4,
        Role::Queen => 5,
        Role::King => 6,
        _ => unreachable!("{role:?}: the bound counts orthodox movement only"),
    }
}

pub(super) type Table = [[[u8; 64]; 64]; KINDS];

/// Least moves on an empty board, per unit kind and start square.
pub(super) struct Distances {
    /// `reach[kind][from][to]`: moves for the unit on `from` to stand on `to` (pawns may
    /// promote on the way).
    pub(super) reach: Table,
    /// `attack[kind][from][to]`: moves for the unit on `from` to stand where it attacks `to`.
    pub(super) attack: Table,
    /// `walk[color][from][to]`: moves for a pawn to go from `from` to `to` as a pawn.
    pub(super) walk: [[[u8; 64]; 64]; 2],
    /// `promoted[color][piece][from][to]`: moves for a pawn to stand on `to` as the
    /// `PROMOTED[piece]` it promoted to.
    pub(super) promoted: [[[[u8; 64]; 64]; 4]; 2],
    /// `sees[kind][sq]`: the squares the unit attacks from `sq` on an empty board.
    pub(super) sees: [[Bitboard; 64]; KINDS],
}

/// The units that are not pawns, each with one set of distances for both colours.
pub(super) const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The pieces a pawn may promote to.
pub(super) const PROMOTED: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

pub(super) static DISTANCES: LazyLock<Box<Distances>> = LazyLock::new(Distances::build);

/// The squares a piece of `role` (not a pawn) attacks from `sq` on an empty board.
pub(super) fn piece_attacks(role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, Bitboard::EMPTY),
        Role::Rook => attacks::rook(sq, Bitboard::EMPTY),
        Role::Queen => attacks::queen(sq, Bitboard::EMPTY),
        Role::King => attacks::king(sq),
        Role::Pawn => unreachable!("pawns have their own distances"),
        _ => unreachable!("{role:?}: the bound counts orthodox movement only"),
    }
}

/// Breadth-first distances from `from` along `steps`.
pub(in crate::search) fn bfs(from: Square, steps: impl Fn(Square) -> Bitboard) -> [u8; 64] {
    let mut dist = [NEVER; 64];
    dist[from.index()] = 0;
    let mut frontier = Bitboard::from_square(from);
    let mut seen = frontier;
    let mut d = 0u8;
    while frontier.is_nonempty() {
        d += 1;
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= steps(sq);
        }
        next = Bitboard(next.0 & !seen.0);
        for sq in next {
            dist[sq.index()] = d;
        }
        seen |= next;
        frontier = next;
    }
    dist
}

/// The squares a pawn of `color` on `sq` can go to in one move, supposing a unit to capture
/// wherever it captures; none from its first rank (Popeye's pawns there never move) or
/// from its last.
pub(super) fn pawn_steps(color: Color, sq: Square) -> Bitboard {
    if sq.rank() == color.back_rank() || sq.rank() == color.promotion_rank() {
        return Bitboard::EMPTY;
    }
    let fwd = color.forward();
    let mut to = attacks::pawn(color, sq);
    if let Some(one) = sq.offset(0, fwd) {
        to = to.with(one);
        if sq.rank() == color.pawn_rank() {
            if let Some(two) = one.offset(0, fwd) {
                to = to.with(two);
            }
        }
    }
    to
}

impl Distances {
    /// The squares a piece of kind `kd` (not a pawn) attacks from `sq` with nothing that
    /// could stand between: a knight's squares, else the neighbouring squares on its lines.
    /// By symmetry also the squares from which it so attacks `sq`.
    #[inline]
    pub(super) fn contact(&self, kd: usize, sq: Square) -> Bitboard {
        if kd == kind(Color::White, Role::Knight) {
            attacks::knight(sq)
        } else {
            self.sees[kd][sq.index()] & attacks::king(sq)
        }
    }

    pub(super) fn build() -> Box<Distances> {
        let mut d = Box::new(Distances {
            reach: [[[NEVER; 64]; 64]; KINDS],
            attack: [[[NEVER; 64]; 64]; KINDS],
            walk: [[[NEVER; 64]; 64]; 2],
            promoted: [[[[NEVER; 64]; 64]; 4]; 2],
            sees: [[Bitboard::EMPTY; 64]; KINDS],
        });
        for sq in Square::all() {
            for color in Color::ALL {
                d.sees[kind(color, Role::Pawn)][sq.index()] = attacks::pawn(color, sq);
            }
            for role in PIECES {
                d.sees[kind(Color::White, role)][sq.index()] = piece_attacks(role, sq);
            }
        }
        for role in PIECES {
            let k = kind(Color::White, role);
            for from in Square::all() {
                d.reach[k][from.index()] = bfs(from, |sq| piece_attacks(role, sq));
                for to in Square::all() {
                    // On an empty board a piece attacks `to` from `s` exactly when it
                    // attacks `s` from `to`.
                    d.attack[k][from.index()][to.index()] = piece_attacks(role, to)
                        .into_iter()
                        .map(|s| d.reach[k][from.index()][s.index()])
                        .min()
                        .unwrap_or(NEVER);
                }
            }
        }
        let queen = kind(Color::White, Role::Queen);
        let knight = kind(Color::White, Role::Knight);
        for color in Color::ALL {
            let k = kind(color, Role::Pawn);
            let last = Bitboard::rank(color.promotion_rank());
            for from in Square::all() {
                let walk = bfs(from, |sq| pawn_steps(color, sq));
                d.walk[color.index()][from.index()] = walk;
                for (i, role) in PROMOTED.into_iter().enumerate() {
                    let piece = kind(color, role);
                    for to in Square::all() {
                        d.promoted[color.index()][i][from.index()][to.index()] = last
                            .into_iter()
                            .map(|p| {
                                walk[p.index()]
                                    .saturating_add(d.reach[piece][p.index()][to.index()])
                            })
                            .min()
                            .unwrap_or(NEVER);
                    }
                }
                for to in Square::all() {
                    // A queen goes and attacks at least as fast as a rook or a bishop, so a
                    // promotion is counted as a queen or a knight.
                    let mut reach = walk[to.index()];
                    let mut attack = NEVER;
                    for s in Square::all() {
                        let w = walk[s.index()];
                        if w == NEVER {
                            continue;
                        }
                        if last.contains(s) {
                            for piece in [queen, knight] {
                                reach = reach
                                    .min(w.saturating_add(d.reach[piece][s.index()][to.index()]));
                                attack = attack
                                    .min(w.saturating_add(d.attack[piece][s.index()][to.index()]));
                            }
                        } else if s.rank() != color.back_rank()
                            && attacks::pawn(color, s).contains(to)
                        {
                            attack = attack.min(w);
                        }
                    }
                    d.reach[k][from.index()][to.index()] = reach;
                    d.attack[k][from.index()][to.index()] = attack;
                }
            }
        }
        d
    }
}

/// The squares whose entry in `row` is at most `max`: four 16-byte vector compares,
/// where testing square by square would branch on each.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn within(row: &[u8; 64], max: u8) -> Bitboard {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_set1_epi8,
    };
    let mut mask = 0u64;
    // SAFETY: SSE2 is part of every x86_64 target, and each load reads 16 bytes inside
    // the 64-byte row.
    unsafe {
        let limit = _mm_set1_epi8(max as i8);
        for chunk in 0..4 {
            let v = _mm_loadu_si128(row.as_ptr().add(chunk * 16).cast());
            // Unsigned v <= max exactly when min(v, max) == v.
            let le = _mm_cmpeq_epi8(_mm_min_epu8(v, limit), v);
            mask |= u64::from(_mm_movemask_epi8(le) as u16) << (chunk * 16);
        }
    }
    Bitboard(mask)
}

/// The squares whose entry in `row` is at most `max`.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn within(row: &[u8; 64], max: u8) -> Bitboard {
    let mut mask = 0u64;
    for (i, &cost) in row.iter().enumerate() {
        mask |= u64::from(cost <= max) << i;
    }
    Bitboard(mask)
}

/// The castlings `color` keeps the rights and the units for (whatever stands between).
pub(super) fn castlings(
    pos_castling: Bitboard,
    board: &Board,
    color: Color,
) -> [Option<CastlingSquares>; 2] {
    let home = Square::from_coords(4, color.back_rank());
    let king_home = pos_castling.contains(home) && board.pieces(color, Role::King).contains(home);
    movegen::castlings(color).map(|c| {
        (king_home
            && pos_castling.contains(c.rook_from)
            && board.pieces(color, Role::Rook).contains(c.rook_from))
        .then_some(c)
    })
}

#[inline]
pub(super) fn king_distance(a: Square, b: Square) -> u8 {
    (a.file().abs_diff(b.file())).max(a.rank().abs_diff(b.rank()))
}

/// The squares within `radius` king steps of `sq`.
#[inline]
pub(super) fn ball(sq: Square, radius: u8) -> Bitboard {
    let span = |c: u8| {
        let lo = c.saturating_sub(radius);
        let hi = (c + radius.min(7)).min(7);
        // Bits lo..=hi of one byte.
        (0xFFu8 >> (7 - (hi - lo))) << lo
    };
    let files = span(sq.file()) as u64 * 0x0101_0101_0101_0101;
    let ranks = span(sq.rank());
    let mut rank_mask = 0u64;
    for r in 0..8 {
        if ranks & (1 << r) != 0 {
            rank_mask |= 0xFF << (8 * r);
        }
    }
    Bitboard(files & rank_mask)
}

/// Folds `row` into `acc` square by square, keeping the least.
#[inline]
pub(super) fn fold_min(acc: &mut [u8; 64], row: &[u8; 64]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = (*a).min(*r);
    }
}
