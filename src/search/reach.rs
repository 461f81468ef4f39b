//! Lower bounds on the moves a mate or stalemate still needs, for help play under
//! orthodox movement.
//!
//! When a help line ends, the king of the side to be mated or stalemated (the defender)
//! stands on some square `k` that it reached with the moves its side had left. Every square
//! next to `k` is then either held by one of the defender's own units or attacked by the
//! other side (the attacker), and for mate a unit of the attacker other than its king
//! attacks `k`. On an empty board each unit needs a least number of moves to stand on a
//! given square or to attack it; units in the way only add moves. So when no square `k`
//! passes those counts with the moves each side has left, no line from the node reaches
//! the goal, and the search leaves the node without generating a move.
//!
//! The bounds hold only where units move, capture and check as in orthodox chess and a
//! captured unit leaves the board (`Rules::ORTHODOX_MOVEMENT`). A castling moves the king
//! two squares and the rook in one move: the king counts one move from its castled
//! square, the rook as standing on either of its squares.

use crate::board::{Bitboard, Board, Color, Extension, Position, Role, Square};
use crate::movegen::{self, attacks, CastlingSquares};
use crate::stipulation::Goal;
use smallvec::SmallVec;
use std::sync::LazyLock;

/// More moves than any line has: the square cannot be reached or attacked.
const NEVER: u8 = u8::MAX;

/// Why the bounds ask for an orthodox board: they count orthodox moves, and the rules
/// with fairy units never ask them (`Rules::ORTHODOX_MOVEMENT`).
const ORTHODOX_ONLY: &str = "the bounds count orthodox movement only";

/// The unit kinds with their own distances: pawns by colour (they move one way), then the
/// pieces.
const KINDS: usize = 7;

#[inline]
fn kind(color: Color, role: Role) -> usize {
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

type Table = [[[u8; 64]; 64]; KINDS];

/// Least moves on an empty board, per unit kind and start square.
struct Distances {
    /// `reach[kind][from][to]`: moves for the unit on `from` to stand on `to` (pawns may
    /// promote on the way).
    reach: Table,
    /// `attack[kind][from][to]`: moves for the unit on `from` to stand where it attacks `to`.
    attack: Table,
    /// `walk[color][from][to]`: moves for a pawn to go from `from` to `to` as a pawn.
    walk: [[[u8; 64]; 64]; 2],
    /// `promoted[color][piece][from][to]`: moves for a pawn to stand on `to` as the
    /// `PROMOTED[piece]` it promoted to.
    promoted: [[[[u8; 64]; 64]; 4]; 2],
    /// `sees[kind][sq]`: the squares the unit attacks from `sq` on an empty board.
    sees: [[Bitboard; 64]; KINDS],
}

/// The units that are not pawns, each with one set of distances for both colours.
const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The pieces a pawn may promote to.
const PROMOTED: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

static DISTANCES: LazyLock<Box<Distances>> = LazyLock::new(Distances::build);

/// The squares a piece of `role` (not a pawn) attacks from `sq` on an empty board.
fn piece_attacks(role: Role, sq: Square) -> Bitboard {
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
fn bfs(from: Square, steps: impl Fn(Square) -> Bitboard) -> [u8; 64] {
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
fn pawn_steps(color: Color, sq: Square) -> Bitboard {
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
    fn contact(&self, kd: usize, sq: Square) -> Bitboard {
        if kd == kind(Color::White, Role::Knight) {
            attacks::knight(sq)
        } else {
            self.sees[kd][sq.index()] & attacks::king(sq)
        }
    }

    fn build() -> Box<Distances> {
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
fn within(row: &[u8; 64], max: u8) -> Bitboard {
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
fn within(row: &[u8; 64], max: u8) -> Bitboard {
    let mut mask = 0u64;
    for (i, &cost) in row.iter().enumerate() {
        mask |= u64::from(cost <= max) << i;
    }
    Bitboard(mask)
}

/// The castlings `color` keeps the rights and the units for (whatever stands between).
fn castlings(pos_castling: Bitboard, board: &Board, color: Color) -> [Option<CastlingSquares>; 2] {
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
fn king_distance(a: Square, b: Square) -> u8 {
    (a.file().abs_diff(b.file())).max(a.rank().abs_diff(b.rank()))
}

/// The squares within `radius` king steps of `sq`.
#[inline]
fn ball(sq: Square, radius: u8) -> Bitboard {
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
fn fold_min(acc: &mut [u8; 64], row: &[u8; 64]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = (*a).min(*r);
    }
}

/// Whether `goal` against `defender` may still stand after at most `attacker_moves` moves
/// of the other side and `defender_moves` of the defender. `false` is a proof that it
/// cannot; `true` only means the counts do not exclude it.
pub fn goal_in_reach<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    attacker_moves: usize,
    defender_moves: usize,
) -> bool {
    bound_holds(pos, defender, goal, attacker_moves, defender_moves, None)
}

/// Whether `goal` against `defender` may still stand after the defender, to move, plays
/// its unit on `from`, then the sides have `attacker_moves` and `defender_moves` left
/// (its king: one move more to spend, and it cannot stay where it is). The unit is
/// counted one move nearer to every square and as standing on each square it reaches in
/// one move, on an empty board; a capture only
/// takes an attacker unit away. For stalemate the unit's own freedom is not counted (it
/// may land where it is closed in), and where it lands may close in one other unit: one
/// fill more than the defender's moves left. So `false` holds for every move of that
/// unit, and the search need not play them one by one.
pub fn goal_in_reach_after_moving<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    from: Square,
    attacker_moves: usize,
    defender_moves: usize,
) -> bool {
    bound_holds(
        pos,
        defender,
        goal,
        attacker_moves,
        defender_moves,
        Some(from),
    )
}

/// Whether the defender's unit on `from`, about to move with `defender_moves` left after
/// it, could stand on a square the mate bound asks it to fill: with no move left, next to
/// its king after this move (see [`Bound::attack_holds_in_place`]: it counts the
/// attacker's units and the flights held or filled; leaving a flight or taking a unit
/// only makes mate harder); with moves left, within them and this one on a flight of a
/// square its king can reach (all a unit about to move changes in the bound is its
/// least moves to stand on each square, one less, and costs above the moves left are
/// alike). On an empty board. Where the mate bound fails with the unit standing still,
/// it fails after every move of a unit that cannot.
pub fn may_fill_flight<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    from: Square,
    defender_moves: usize,
) -> bool {
    let board = &pos.board;
    let (Some(king), Some(piece)) = (board.king(defender), board.piece_at(from)) else {
        return true;
    };
    // Seven king steps span the board.
    let def = defender_moves.min(7) as u8;
    let row = &DISTANCES.reach[kind(defender, piece.role)][from.index()];
    let near = if def == 0 {
        attacks::king(king)
    } else {
        ball(king, def + 1)
    };
    (within(row, def + 1) & near).without(from).is_nonempty()
}

/// What the mate bound with no defender move left asks of a position (see
/// [`InPlaceKey`], and the defender's units, which it counts): two positions that ask the
/// same get the same answer from [`goal_in_reach`], so a defender's last moves that change
/// nothing it asks need not ask again.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct MateQuestion(InPlaceKey, u32);

/// The question [`goal_in_reach`] answers for mate against `defender` with
/// `attacker_moves` and no defender move left; `None` where it answers without one.
#[inline]
pub fn mate_question<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    attacker_moves: usize,
) -> Option<MateQuestion> {
    let board = pos.board.orthodox().expect(ORTHODOX_ONLY);
    let king = board.king(defender)?;
    let att = attacker_moves.min(NEVER as usize - 1) as u8;
    let own = board.by_color(defender);
    let key = InPlaceKey::new(
        board,
        !defender,
        pos.castling,
        king,
        own,
        Bitboard::EMPTY,
        att,
        Goal::Mate,
    );
    Some(MateQuestion(key, own.count()))
}

/// The bound, with the defender's unit on `lifted` about to move.
fn bound_holds<E: Extension>(
    pos: &Position<E>,
    defender: Color,
    goal: Goal,
    attacker_moves: usize,
    defender_moves: usize,
    lifted: Option<Square>,
) -> bool {
    let attacker = !defender;
    let board: &Board = pos.board.orthodox().expect(ORTHODOX_ONLY);
    let Some(king) = board.king(defender) else {
        return true;
    };
    // The king about to move: it has one move more to spend, and it cannot stay.
    let king_leaves = lifted == Some(king);
    let (lifted, defender_moves) = if king_leaves {
        (None, defender_moves + 1)
    } else {
        (lifted, defender_moves)
    };
    let d = &DISTANCES;
    let mut own = board.by_color(defender);
    let mut filler = Bitboard::EMPTY;
    if let Some(from) = lifted {
        // It leaves its square for one a move away.
        let Some(piece) = board.piece_at(from) else {
            return true;
        };
        own = own.without(from);
        filler = within(&d.reach[kind(defender, piece.role)][from.index()], 1).without(from);
    }
    let att = attacker_moves.min(NEVER as usize - 1) as u8;
    let def = defender_moves.min(NEVER as usize - 1) as u8;
    let too_many = |color: Color| {
        (board.by_color(color) & !board.by_role(Role::King)).count() as usize > MAX_UNITS
    };
    if too_many(attacker) || too_many(defender) {
        return true;
    }
    // With no defender move left, the answer the attacker's units give is remembered:
    // the siblings of a defender's last move mostly ask the same. For mate it is the
    // whole answer; stalemate asks first whether the defender's other units can be shut
    // in, which is dearer to remember than to find out.
    let in_place_key =
        || InPlaceKey::new(board, attacker, pos.castling, king, own, filler, att, goal);
    let mate_key = (def == 0 && goal == Goal::Mate).then(in_place_key);
    if let Some(key) = mate_key {
        if let Some(holds) = IN_PLACE.with_borrow(|memo| memo.get(&key)) {
            return holds;
        }
    }
    let mut attacker_units = Units::EMPTY;
    let mut defender_units = Units::EMPTY;
    Units::fill(&mut attacker_units, board, attacker);
    Units::fill(&mut defender_units, board, defender);
    // A castling moves the king two squares and the rook with it in one move. Its rook
    // counts as standing on either square at no cost (a second unit of the side, where it
    // lands), its king as one move from where it lands; a rook that may castle is not
    // asked to be shut in where it stands (stalemate).
    let real_attackers = attacker_units.len();
    let mut twins = [None; 2];
    let mut castled_attacker: SmallVec<[Square; 2]> = SmallVec::new();
    for (slot, c) in castlings(pos.castling, board, attacker)
        .into_iter()
        .enumerate()
    {
        if let Some(c) = c {
            let rook = (0..real_attackers).find(|&i| attacker_units.get(i).0 == c.rook_from);
            twins[slot] = rook.map(|r| (r, attacker_units.len()));
            attacker_units.push(c.rook_to, kind(attacker, Role::Rook));
            castled_attacker.push(c.king_to);
        }
    }
    let mut castled_defender: SmallVec<[Square; 2]> = SmallVec::new();
    let mut unfree = Bitboard::EMPTY;
    // With no move left the defender cannot castle: its rooks stand as any other unit.
    let defender_castlings = if def > 0 {
        castlings(pos.castling, board, defender)
    } else {
        [None; 2]
    };
    for c in defender_castlings.into_iter().flatten() {
        defender_units.push(c.rook_to, kind(defender, Role::Rook));
        castled_defender.push(c.king_to);
        unfree = unfree.with(c.rook_from).with(c.rook_to);
    }
    let (mut king_attack_row, mut king_reach_row) = ([NEVER; 64], [NEVER; 64]);
    let attacker_king = board.king(attacker).map(|k| {
        if castled_attacker.is_empty() {
            return (&d.attack[KING][k.index()], &d.reach[KING][k.index()]);
        }
        king_attack_row = d.attack[KING][k.index()];
        king_reach_row = d.reach[KING][k.index()];
        for to in &castled_attacker {
            for (row, table) in [
                (&mut king_attack_row, &d.attack[KING][to.index()]),
                (&mut king_reach_row, &d.reach[KING][to.index()]),
            ] {
                for (a, t) in row.iter_mut().zip(table) {
                    *a = (*a).min(t.saturating_add(1));
                }
            }
        }
        (&king_attack_row, &king_reach_row)
    });
    let bound = Bound {
        d,
        board,
        own,
        filler,
        lifted,
        attacker,
        defender,
        units: &attacker_units,
        real_attackers,
        twins,
        defenders: &defender_units,
        unfree,
        en_passant: pos.ep.map(|ep| (ep.pawn, ep.crossed)),
        king_attack: attacker_king.map(|(a, _)| a),
        king_reach: attacker_king.map(|(_, r)| r),
        att,
        pinners: match goal {
            Goal::Stalemate => Pinners::of(d, &attacker_units, attacker, att),
            Goal::Mate => Pinners::default(),
        },
    };
    if def == 0 {
        // Mate has asked the memo above; stalemate asks it once its units are found.
        let key = match mate_key {
            Some(key) => key,
            None => {
                if !bound.can_freeze(king) {
                    return false;
                }
                let key = in_place_key();
                if let Some(holds) = IN_PLACE.with_borrow(|memo| memo.get(&key)) {
                    return holds;
                }
                key
            }
        };
        let holds = bound.attack_holds_in_place(king, goal);
        IN_PLACE.with_borrow_mut(|memo| memo.put(key, holds));
        return holds;
    }

    // Least attacker moves to attack each square: with a unit other than the king (a
    // check), and with any unit (a guard).
    let mut check = [NEVER; 64];
    for (sq, k) in bound.units.iter() {
        fold_min(&mut check, &d.attack[k][sq.index()]);
    }
    let mut guard = check;
    if let Some(row) = bound.king_attack {
        fold_min(&mut guard, row);
    }
    // Least defender moves to stand on each square with a unit other than the king.
    let mut block = [NEVER; 64];
    for (sq, k) in bound.defenders.iter() {
        if lifted == Some(sq) {
            let mut nearer = d.reach[k][sq.index()];
            for cost in &mut nearer {
                *cost = cost.saturating_sub(1);
            }
            fold_min(&mut block, &nearer);
        } else {
            fold_min(&mut block, &d.reach[k][sq.index()]);
        }
    }
    let blockers = bound.defenders.len() as u32;

    // The king's moves to each square, castling included.
    let steps = |k: Square| {
        castled_defender
            .iter()
            .fold(king_distance(king, k), |m, &c| {
                m.min(1 + king_distance(c, k))
            })
    };
    let walk = castled_defender
        .iter()
        .fold(ball(king, def), |b, &c| b | ball(c, def - 1));
    // For mate only the squares some unit can check in time.
    let squares = match goal {
        Goal::Mate => walk & within(&check, bound.att),
        Goal::Stalemate => walk,
    };
    let mut free: SmallVec<[Free; 16]> = SmallVec::new();
    if goal == Goal::Stalemate {
        bound.each_free_unit(|f| {
            free.push(f);
            true
        });
    }
    'square: for k in squares {
        let mut spare = def - steps(k);
        if king_leaves && k == king {
            // Away and back.
            match spare.checked_sub(2) {
                Some(left) => spare = left,
                None => continue,
            }
        }
        let mut blocks = Blocks::new(spare, blockers);
        for f in attacks::king(k) {
            // A guard costs the defender nothing, so it is preferred to a block: a unit
            // standing on a flight may still be needed on another.
            if guard[f.index()] > bound.att && !blocks.take(block[f.index()]) {
                continue 'square;
            }
        }
        // The unit about to move fills one square more than the moves left.
        let fills = spare + u8::from(lifted.is_some());
        if goal == Goal::Stalemate && !bound.freeze_within(&free, k, fills) {
            continue;
        }
        let fresh = || Blocks::new(spare, blockers);
        let cost = |f: Square| block[f.index()];
        if match goal {
            Goal::Mate => bound.mate_holds(k, fresh, cost),
            Goal::Stalemate => bound.stalemate_holds(k, fresh, cost),
        } {
            return true;
        }
    }
    false
}

const KING: usize = 6;

/// Whether one of `at` stands between the king on `k` and one of `pinners`.
#[inline]
fn in_line_of(pinners: Bitboard, k: Square, at: Bitboard) -> bool {
    pinners
        .into_iter()
        .any(|p| (attacks::between(k, p) & at).is_nonempty())
}

/// Where a placed attacker unit must stand.
#[derive(Copy, Clone)]
enum Aim {
    /// Attacking the king's square (it gives mate).
    Check(Square),
    /// Anywhere it does not attack the king's square beyond doubt (stalemate).
    Spare(Square),
}

/// The least attacker moves to guard each flight of one king square: by its units but
/// the king, the best (with which unit) and the second best, so that any one unit can be
/// left out, and by its king. Only the flights' entries are set.
struct FlightGuards {
    best: [u8; 64],
    best_unit: [u8; 64],
    second: [u8; 64],
    king: [u8; 64],
}

impl FlightGuards {
    /// The least moves to guard `f` by the units other than `skip`: with the king, and
    /// without it.
    #[inline]
    fn without(&self, skip: usize, f: Square) -> (u8, u8) {
        let i = f.index();
        let units = if usize::from(self.best_unit[i]) == skip {
            self.second[i]
        } else {
            self.best[i]
        };
        (units.min(self.king[i]), units)
    }
}

/// An attacker unit (an index into the bound's units) on a place where it attacks
/// `covers`, reached with `cost` of the attacker's moves.
#[derive(Copy, Clone)]
struct Place {
    unit: usize,
    covers: Bitboard,
    cost: u8,
}

/// The defender's budget for putting units on flights: moves and units.
struct Blocks {
    moves: u8,
    units: u32,
}

impl Blocks {
    fn new(moves: u8, units: u32) -> Blocks {
        Blocks { moves, units }
    }

    /// Spends a unit and `cost` moves on one more flight; `false` when they run out.
    #[inline]
    fn take(&mut self, cost: u8) -> bool {
        if cost > self.moves || self.units == 0 {
            return false;
        }
        self.moves -= cost;
        self.units -= 1;
        true
    }
}

/// The most units but its king that a side may have for the bounds to apply; positions
/// with more are never pruned.
const MAX_UNITS: usize = 32;

/// The units of one side but its king, with their distance kinds: a plain array that the
/// bound builds in place (a `SmallVec` of them was copied about with `memcpy` calls).
#[derive(Copy, Clone)]
struct Units {
    len: u8,
    squares: [Square; MAX_UNITS + 2],
    kinds: [u8; MAX_UNITS + 2],
}

impl Units {
    const EMPTY: Units = Units {
        len: 0,
        squares: [Square::A1; MAX_UNITS + 2],
        kinds: [0; MAX_UNITS + 2],
    };

    /// The units of `color` on `board` but its king, at most [`MAX_UNITS`], written into
    /// `out` where it stands (a returned array was stored byte by byte and then copied
    /// in wide loads, which stalled).
    #[inline(always)]
    fn fill(out: &mut Units, board: &Board, color: Color) {
        debug_assert!(
            (board.by_color(color) & !board.by_role(Role::King)).count() as usize <= MAX_UNITS
        );
        // The count in a register: kept in `out`, each store waited on the one before.
        let mut len = 0;
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let k = kind(color, role) as u8;
            for sq in board.pieces(color, role) {
                out.squares[len] = sq;
                out.kinds[len] = k;
                len += 1;
            }
        }
        out.len = len as u8;
    }

    #[inline]
    fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// One more unit (a castled rook: at most two beyond [`MAX_UNITS`]).
    #[inline]
    fn push(&mut self, sq: Square, kind: usize) {
        let i = self.len();
        self.squares[i] = sq;
        self.kinds[i] = kind as u8;
        self.len += 1;
    }

    #[inline]
    fn get(&self, i: usize) -> (Square, usize) {
        (self.squares[i], usize::from(self.kinds[i]))
    }

    #[inline]
    fn iter(&self) -> impl Iterator<Item = (Square, usize)> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// What [`Bound::attack_holds_in_place`] depends on: the attacker's units and castling
/// rights, its moves left, the defender's king and which of its flights the defender's
/// units hold or may fill. The siblings of a defender's last move mostly share one
/// (`intell-012`, h#4: 116 thousand keys for 4.4 million bounds). Packed in seven words,
/// which the memo keeps as two independent hashes: the attacker's pawns, knights,
/// bishops, rooks and queens; the flights held, and those filled turned half a board
/// round (both are among the flights, which span three ranks, so they do not meet); the
/// kings' squares, the moves left, the attacker's colour and castling rights and the goal.
#[derive(Copy, Clone, Eq)]
struct InPlaceKey([u64; 7]);

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
    fn new(
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
                | (goal as u64) << 24
                | rights << 32
                | attacker_king << 40,
        ])
    }

    /// Two independent 64-bit hashes of the key: the first picks the slot, both are kept.
    #[inline]
    fn fingerprint(&self) -> (u64, u64) {
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
            self.0.iter().zip(odd).fold(0u64, |h, (w, m)| {
                h.wrapping_add((w ^ w >> shift).wrapping_mul(*m))
            })
        };
        (hash(&ODD[0], 29), hash(&ODD[1], 31))
    }
}

/// 1 MB a thread, 16 bytes a slot. Against whole keys (64 bytes a slot, 32768 slots):
/// `intell-012` 0.84 -> 0.79 s, `intell-040` 0.57 -> 0.52 s, `intell-037` 2.24 -> 2.16 s;
/// 32768 and 131072 slots of 16 bytes gained less.
const IN_PLACE_SLOTS: usize = 65536;

/// One thread's answers of [`Bound::attack_holds_in_place`], one per slot, the newest
/// kept: the key's two hashes, the answer in the second's lowest bit. A hit matches 127
/// bits of two independent hashes of the whole key, a false one far less likely than a
/// collision of the transposition table's 64-bit position keys, which the search already
/// accepts; the slots, a quarter of a whole key's, stay in a core's own cache.
struct InPlaceMemo {
    slots: Box<[[u64; 2]]>,
}

impl InPlaceMemo {
    fn new() -> InPlaceMemo {
        InPlaceMemo {
            slots: vec![[0, 0]; IN_PLACE_SLOTS].into_boxed_slice(),
        }
    }

    #[inline]
    fn index(first: u64) -> usize {
        (first >> 40) as usize % IN_PLACE_SLOTS
    }

    #[inline]
    fn get(&self, key: &InPlaceKey) -> Option<bool> {
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
    fn put(&mut self, key: InPlaceKey, holds: bool) {
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
    static FORGETFUL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The answers the memo gave.
    static REMEMBERED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

thread_local!(static IN_PLACE: std::cell::RefCell<InPlaceMemo> = std::cell::RefCell::new(InPlaceMemo::new()));

/// A defender unit that has somewhere to go (see `Bound::each_free_unit`).
struct Free {
    /// Where it may stand: its square, or for the unit about to move where it may land.
    at: Bitboard,
    open: Bitboard,
    landing: Bitboard,
}

/// One position's attacker for the bounds.
struct Bound<'a> {
    d: &'a Distances,
    board: &'a Board,
    /// The squares the defender's units hold (but a unit about to move).
    own: Bitboard,
    /// Where the defender's unit about to move may stand after it, one square of them.
    filler: Bitboard,
    /// The square of the defender's unit about to move.
    lifted: Option<Square>,
    attacker: Color,
    defender: Color,
    /// The attacker's units but its king (a rook that may castle twice: see `twins`).
    units: &'a Units,
    /// The attacker's units that stand on the board: the first of `units`.
    real_attackers: usize,
    /// A rook that may castle and the unit of `units` that stands for it castled.
    twins: [Option<(usize, usize)>; 2],
    /// The defender's units but its king (a rook that may castle twice).
    defenders: &'a Units,
    /// Squares of defender units not asked to be shut in (rooks that may castle).
    unfree: Bitboard,
    /// The defender's pawn that has just stepped two squares, and the square it crossed,
    /// where an attacker pawn that takes it lands.
    en_passant: Option<(Square, Square)>,
    /// The attacker king's least moves to attack, and to stand on, each square.
    king_attack: Option<&'a [u8; 64]>,
    king_reach: Option<&'a [u8; 64]>,
    /// The attacker's moves left.
    att: u8,
    /// Where the attacker's line pieces can stand in time (stalemate only).
    pinners: Pinners,
}

/// The squares some attacker unit moving along diagonals, or along ranks and files, can
/// stand on within the attacker's moves (a pawn as the queen it promotes to).
#[derive(Copy, Clone, Default)]
struct Pinners {
    diagonal: Bitboard,
    straight: Bitboard,
}

impl Pinners {
    /// The pinners of `color`'s units with `att` moves.
    fn of(d: &Distances, units: &Units, color: Color, att: u8) -> Pinners {
        let queen = kind(color, Role::Queen);
        let (bishop, rook) = (kind(color, Role::Bishop), kind(color, Role::Rook));
        let mut out = Pinners::default();
        for (from, kd) in units.iter() {
            let row = if kd < 2 {
                &d.promoted[color.index()][0][from.index()]
            } else if kd == queen || kd == bishop || kd == rook {
                &d.reach[kd][from.index()]
            } else {
                continue;
            };
            let squares = within(row, att);
            if kd != rook {
                out.diagonal |= squares;
            }
            if kd != bishop {
                out.straight |= squares;
            }
        }
        out
    }
}

impl Bound<'_> {
    /// Least moves for an attacker unit other than `skip` (an index into `units`), or its
    /// king, to attack `target`.
    #[inline]
    fn guard_without(&self, skip: usize, target: Square) -> u8 {
        let mut least = self.king_attack.map_or(NEVER, |row| row[target.index()]);
        for (i, (sq, k)) in self.units.iter().enumerate() {
            if i != skip {
                least = least.min(self.d.attack[k][sq.index()][target.index()]);
            }
        }
        least
    }

    /// The bound when the defender has no move left, but for stalemate its units away
    /// from the king's flights (see [`Bound::can_freeze`]): its king stays on `king`, each
    /// flight holds one of its units already or is attacked within the attacker's moves,
    /// and for mate some unit other than the attacker's king can check there, for
    /// stalemate the attacker's farthest-seeing unit stand aside. It depends on the
    /// attacker's units and the flights alone (see [`InPlaceKey`]).
    fn attack_holds_in_place(&self, king: Square, goal: Goal) -> bool {
        let flights = attacks::king(king);
        let guarded = |f: &Square| self.guard_without(usize::MAX, *f) <= self.att;
        let mut open = (flights & !self.own).into_iter().filter(|f| !guarded(f));
        match (open.next(), open.next()) {
            (None, _) => {}
            // A unit about to move fills one flight.
            (Some(f), None) if self.filler.contains(f) => {}
            _ => return false,
        }
        let own = self.own | (self.filler & flights);
        // With no move left the defender's units stay: a flight holds one or is guarded.
        let fresh = || Blocks::new(0, u32::MAX);
        let cost = |f: Square| if own.contains(f) { 0 } else { NEVER };
        match goal {
            Goal::Mate => self.mate_holds(king, fresh, cost),
            Goal::Stalemate => self.stalemate_holds(king, fresh, cost),
        }
    }

    /// Shows `visit` the defender's units but its king that have somewhere to go, each
    /// with its empty squares in contact (for a pawn, the square ahead) and the squares an
    /// attacker unit takes or blocks it from, until `visit` says no; tells whether it never
    /// did. A visitor, not a list: a list returned by value was copied (`hpint-033`: 6 %
    /// of the time in `memcpy`).
    fn each_free_unit(&self, mut visit: impl FnMut(Free) -> bool) -> bool {
        let board = self.board;
        let empty = !board.occupied();
        for (sq, kd) in self.defenders.iter() {
            if self.lifted == Some(sq) || self.unfree.contains(sq) {
                continue;
            }
            let (open, landing) = if kd < 2 {
                match sq.offset(0, self.defender.forward()) {
                    _ if sq.rank() == self.defender.back_rank() => continue,
                    Some(ahead) if empty.contains(ahead) => {
                        let mut landing = Bitboard::from_square(sq).with(ahead);
                        // A pawn that has just stepped two squares is also taken where it
                        // crossed.
                        if let Some((pawn, crossed)) = self.en_passant {
                            if pawn == sq {
                                landing = landing.with(crossed);
                            }
                        }
                        (Bitboard::from_square(ahead), landing)
                    }
                    _ => continue,
                }
            } else {
                // Moves along a line start with the neighbouring square on it.
                (self.d.contact(kd, sq) & empty, Bitboard::from_square(sq))
            };
            let at = Bitboard::from_square(sq);
            if open.is_nonempty() && !visit(Free { at, open, landing }) {
                return false;
            }
        }
        // A piece about to move (not a pawn) leaves its way back open: a square next to
        // where it lands, on its way from its square, or that square. Shutting it in, or
        // taking it, costs one of the sides a move (the attacker's lands on that way or
        // where it stands, all squares it reaches in one move).
        if let Some(from) = self.lifted {
            if self
                .board
                .piece_at(from)
                .is_some_and(|p| p.role != Role::Pawn)
            {
                let open = Bitboard::from_square(from);
                let landing = self.filler.with(from);
                return visit(Free {
                    at: self.filler,
                    open,
                    landing,
                });
            }
        }
        true
    }

    /// Stalemate with the defender's units where they stand (king on `king`): each unit
    /// that has a free square to go to must lose its moves, and only the attacker can see
    /// to it, one move for each: by taking the unit, or for a pawn by standing in its way.
    /// A unit that might be pinned instead is left out.
    fn can_freeze(&self, king: Square) -> bool {
        let mut needed = 0u8;
        let mut landings = 0u8;
        let pinners = self.pinners_in_line(king);
        self.each_free_unit(|f| {
            // The unit about to move may land on a unit's one free square.
            if f.open.count() == 1 && (f.open & !self.filler).is_empty() {
                return true;
            }
            if in_line_of(pinners, king, f.at) {
                return true;
            }
            landings += 1;
            if landings > self.landing_capacity() {
                return false;
            }
            if self.may_pin_at(king, f.at) {
                return true;
            }
            needed += 1;
            needed <= self.att && f.landing.into_iter().any(|t| self.reach_within(t))
        })
    }

    /// How many of the defender's free units the attacker's moves can stop where no line
    /// piece of its stands beyond them already: a move lands one unit, which takes a unit
    /// or stands in a pawn's way where it lands, and pins at most one more from there, so
    /// two a move. A castling lands two units: no limit is drawn then.
    #[inline]
    fn landing_capacity(&self) -> u8 {
        if self.twins.iter().any(Option::is_some) {
            u8::MAX
        } else {
            self.att.saturating_mul(2)
        }
    }

    /// The attacker's line pieces standing on a line from a king on `k` along which they
    /// move (whatever stands between): they may pin a unit between them and the king
    /// without an attacker move landing for it.
    fn pinners_in_line(&self, k: Square) -> Bitboard {
        let board = self.board;
        let queens = board.pieces(self.attacker, Role::Queen);
        let straight = board.pieces(self.attacker, Role::Rook) | queens;
        let diagonal = board.pieces(self.attacker, Role::Bishop) | queens;
        (attacks::rook(k, Bitboard::EMPTY) & straight)
            | (attacks::bishop(k, Bitboard::EMPTY) & diagonal)
    }

    /// Whether a defender unit standing on one of `at` might stand pinned against its
    /// king on `k` (for more than one square: any of them in line with `k`, and any line
    /// piece of the attacker in time).
    #[inline]
    fn may_pin_at(&self, k: Square, at: Bitboard) -> bool {
        match at.first() {
            Some(sq) if !at.more_than_one() => self.may_pin(k, sq),
            _ => {
                (self.pinners.diagonal | self.pinners.straight).is_nonempty()
                    && (attacks::queen(k, Bitboard::EMPTY) & at).is_nonempty()
            }
        }
    }

    /// Whether the defender's unit on `sq` might stand pinned against its king on `k`: in
    /// line with it, and an attacker unit that moves along that line (a pawn as the queen
    /// it promotes to) can stand beyond it within the attacker's moves.
    fn may_pin(&self, k: Square, sq: Square) -> bool {
        let line = attacks::line(k, sq);
        let diagonal = k.rank() != sq.rank() && k.file() != sq.file();
        let pinners = line
            & if diagonal {
                self.pinners.diagonal
            } else {
                self.pinners.straight
            };
        if pinners.is_empty() {
            return false;
        }
        // From `sq` with `k` in the way, a queen sees along the line away from `k` only.
        let beyond = attacks::queen(sq, Bitboard::from_square(k))
            & !attacks::between(k, sq)
            & !Bitboard::from_square(k);
        (pinners & beyond).is_nonempty()
    }

    /// Stalemate with the king ending on `k` and `spare` other moves of the defender: each
    /// free unit (`free`) that cannot be pinned against `k` must lose its moves.
    /// The defender's moves do it by moving the unit (one each) or by filling its free
    /// squares (one square a move; the king on `k` fills one too); the attacker by taking
    /// a unit or standing in a pawn's way, one move for each. A unit with more free
    /// squares than `spare` cannot be closed in by the defender; with one or two spare
    /// moves only the units whose free squares are among the one or two filled can be. A unit
    /// that can be neither closed in nor reached by the attacker in time must be moved.
    fn freeze_within(&self, free: &[Free], k: Square, spare: u8) -> bool {
        let mut hard = 0u32;
        let mut unreached = 0u32;
        let mut soft = 0u32;
        let mut singles = [0u8; 64];
        let mut best_single = 0u8;
        let mut pairs: SmallVec<[Bitboard; 16]> = SmallVec::new();
        // With no defender move to spare every free unit needs an attacker move landing
        // for it, but those a line piece in place may pin (see `Bound::pinners_in_line`).
        let mut landings = 0u8;
        let pinners = if spare == 0 {
            self.pinners_in_line(k)
        } else {
            Bitboard::EMPTY
        };
        for f in free {
            let open = f.open.without(k);
            if open.is_empty() {
                continue;
            }
            if spare == 0 && !in_line_of(pinners, k, f.at) {
                landings += 1;
                if landings > self.landing_capacity() {
                    return false;
                }
            }
            if self.may_pin_at(k, f.at) {
                continue;
            }
            let n = open.count();
            if n > u32::from(spare) {
                hard += 1;
                // Neither closed in nor reached by the attacker: the defender must move it.
                if !f.landing.into_iter().any(|t| self.reach_within(t)) {
                    unreached += 1;
                    if unreached > u32::from(spare) {
                        return false;
                    }
                }
                continue;
            }
            soft += 1;
            if n == 1 {
                let t = open.first().expect("one square").index();
                singles[t] += 1;
                best_single = best_single.max(singles[t]);
            } else if n == 2 {
                pairs.push(open);
            }
        }
        let closed = match spare {
            0 => 0,
            1 => u32::from(best_single),
            2 => {
                // Two squares filled: the units closed in are those whose free squares
                // are among them.
                let mut tops = [0u8; 2];
                for &c in &singles {
                    if c > tops[0] {
                        tops = [c, tops[0]];
                    } else if c > tops[1] {
                        tops[1] = c;
                    }
                }
                let mut best = u32::from(tops[0]) + u32::from(tops[1]);
                for &p in &pairs {
                    let same = pairs.iter().filter(|&&q| q == p).count() as u32;
                    let alone: u32 = p.into_iter().map(|t| u32::from(singles[t.index()])).sum();
                    best = best.max(same + alone);
                }
                best
            }
            _ => soft,
        };
        (hard + soft).saturating_sub(closed + u32::from(spare)) <= u32::from(self.att)
    }

    /// Whether some attacker unit, its king included, can stand on `target` within its moves.
    fn reach_within(&self, target: Square) -> bool {
        let d = self.d;
        self.king_reach
            .is_some_and(|row| row[target.index()] <= self.att)
            || self
                .units
                .iter()
                .any(|(sq, kd)| d.reach[kd][sq.index()][target.index()] <= self.att)
    }

    /// Whether some attacker unit can stand where it checks a king on `k`, with the moves
    /// left to the others enough to guard each flight it does not attack itself, and the
    /// defender's blocks (`blocks()` fresh budgets, `block(f)` the cost of one) for the rest.
    /// The checking unit's place is tried square by square, so one unit is not counted as
    /// guarding from several places at once.
    fn mate_holds(
        &self,
        k: Square,
        blocks: impl Fn() -> Blocks,
        block: impl Fn(Square) -> u8,
    ) -> bool {
        let guards = self.flight_guards(k);
        (0..self.units.len()).any(|unit| {
            self.places(unit, Aim::Check(k), |at, covers, cost| {
                // Checking from next to the king, the unit must be guarded: the
                // defender cannot stand on its square.
                let block = |f: Square| if f == at { NEVER } else { block(f) };
                let place = Place { unit, covers, cost };
                self.others_cover(k, &guards, place, &blocks, &block)
            })
        })
    }

    /// The stalemate counterpart of [`Bound::mate_holds`]: nothing checks, but the
    /// attacker's farthest-seeing unit stands somewhere, and what it does not guard from
    /// there the others guard with the moves it leaves them, or the defender blocks.
    fn stalemate_holds(
        &self,
        k: Square,
        blocks: impl Fn() -> Blocks,
        block: impl Fn(Square) -> u8,
    ) -> bool {
        let Some(unit) = (0..self.real_attackers).max_by_key(|&i| self.units.get(i).1) else {
            return true;
        };
        let guards = self.flight_guards(k);
        // A rook that may castle stands where it goes from either of its squares.
        let twin = self
            .twins
            .iter()
            .flatten()
            .find(|&&(real, _)| real == unit)
            .map(|&(_, castled)| castled);
        [Some(unit), twin].into_iter().flatten().any(|unit| {
            self.places(unit, Aim::Spare(k), |_, covers, cost| {
                let place = Place { unit, covers, cost };
                self.others_cover(k, &guards, place, &blocks, &block)
            })
        }) || {
            // Or the defender takes it (on the king's square, say, where it has no place).
            let gone = Place {
                unit,
                covers: Bitboard::EMPTY,
                cost: 0,
            };
            self.others_cover(k, &guards, gone, &blocks, &block)
        }
    }

    /// The least moves to guard each flight of `k`, unit by unit (see [`FlightGuards`]).
    #[inline]
    fn flight_guards(&self, k: Square) -> FlightGuards {
        let mut guards = FlightGuards {
            best: [NEVER; 64],
            best_unit: [u8::MAX; 64],
            second: [NEVER; 64],
            king: [NEVER; 64],
        };
        for f in attacks::king(k) {
            let i = f.index();
            for (unit, (sq, kd)) in self.units.iter().enumerate() {
                let cost = self.d.attack[kd][sq.index()][i];
                if cost < guards.best[i] {
                    guards.second[i] = guards.best[i];
                    guards.best[i] = cost;
                    guards.best_unit[i] = unit as u8;
                } else if cost < guards.second[i] {
                    guards.second[i] = cost;
                }
            }
            if let Some(row) = self.king_attack {
                guards.king[i] = row[i];
            }
        }
        guards
    }

    /// Whether, with a unit placed (`place`), each flight of `k` is attacked from there,
    /// guarded by another attacker unit with the moves left, or blocked by the defender.
    #[inline]
    fn others_cover(
        &self,
        k: Square,
        guards: &FlightGuards,
        place: Place,
        blocks: &impl Fn() -> Blocks,
        block: &impl Fn(Square) -> u8,
    ) -> bool {
        let Place { unit, covers, cost } = place;
        let left = self.att - cost;
        let flights = attacks::king(k) & !covers;
        let mut budget = blocks();
        if !flights
            .into_iter()
            .all(|f| guards.without(unit, f).0 <= left || budget.take(block(f)))
        {
            return false;
        }
        // The test above lets the attacker's king guard each flight from another square.
        // It stands on one: two steps from `k` (next to it, it would stand in check), where
        // it guards the flights next to it, or it guards none.
        let Some(king_reach) = self.king_reach else {
            return true;
        };
        let rest = flights
            .into_iter()
            .filter(|&f| guards.without(unit, f).1 > left)
            .fold(Bitboard::EMPTY, Bitboard::with);
        let blocked = |guarded: Bitboard| {
            let mut budget = blocks();
            (rest & !guarded).into_iter().all(|f| budget.take(block(f)))
        };
        if blocked(Bitboard::EMPTY) {
            return true;
        }
        let ring = ball(k, 2) & !ball(k, 1);
        (ring & within(king_reach, left))
            .into_iter()
            .any(|p| blocked(attacks::king(p)))
    }

    /// Calls `try_place(at, covers, cost)` for each place `at` the attacker's `unit` can
    /// stand on within the attacker's moves (as the piece it promotes to, for a pawn), with
    /// the squares it attacks there on an empty board and the moves it takes, as `aim`
    /// allows.
    /// Stops at the first `true`.
    fn places(
        &self,
        unit: usize,
        aim: Aim,
        mut try_place: impl FnMut(Square, Bitboard, u8) -> bool,
    ) -> bool {
        let d = self.d;
        let (from, kd) = self.units.get(unit);
        let aiming = |kd: usize| match aim {
            Aim::Check(t) if kd < 2 => attacks::pawn(!self.attacker, t),
            Aim::Check(t) => d.sees[kd][t.index()],
            Aim::Spare(t) => {
                // Not on the king's square, nor where nothing could come between it and
                // the king it attacks.
                let contact = if kd < 2 {
                    attacks::pawn(!self.attacker, t)
                } else {
                    d.contact(kd, t)
                };
                !(contact | Bitboard::from_square(t))
            }
        };
        let mut try_all = |kd: usize, reach: &[u8; 64], squares: Bitboard| {
            (squares & within(reach, self.att))
                .into_iter()
                .any(|s| try_place(s, d.sees[kd][s.index()], reach[s.index()]))
        };
        if kd >= 2 {
            return try_all(kd, &d.reach[kd][from.index()], aiming(kd));
        }
        // A pawn stands as a pawn off its first and last ranks, or as the piece it
        // promoted to.
        let color = self.attacker;
        let ranks = Bitboard::rank(color.back_rank()) | Bitboard::rank(color.promotion_rank());
        if try_all(
            kd,
            &d.walk[color.index()][from.index()],
            aiming(kd) & !ranks,
        ) {
            return true;
        }
        // Promoting takes a pawn at least its moves to the square straight ahead on the
        // last rank (a capture on the way advances it no faster).
        let ahead = Square::from_coords(from.file(), color.promotion_rank());
        if d.promoted[color.index()][0][from.index()][ahead.index()] > self.att {
            return false;
        }
        PROMOTED.into_iter().enumerate().any(|(i, role)| {
            let piece = kind(color, role);
            try_all(
                piece,
                &d.promoted[color.index()][i][from.index()],
                aiming(piece),
            )
        })
    }
}

/// Least moves on an empty board for a unit of `color` that is a `role` on `from` to be a
/// `to_role` on `to` (a pawn may promote on the way; a piece stays what it is).
pub(super) fn unit_distance(
    color: Color,
    role: Role,
    from: Square,
    to_role: Role,
    to: Square,
) -> u8 {
    let d = &DISTANCES;
    match (role, to_role) {
        (Role::Pawn, Role::Pawn) => d.walk[color.index()][from.index()][to.index()],
        (Role::Pawn, promoted) => match PROMOTED.iter().position(|&r| r == promoted) {
            Some(i) => d.promoted[color.index()][i][from.index()][to.index()],
            None => NEVER,
        },
        (piece, other) if piece == other => d.reach[kind(color, piece)][from.index()][to.index()],
        _ => NEVER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    /// The kinds a random unit other than a king may have.
    const UNIT_ROLES: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];

    /// Pseudo-random numbers below `n` (xorshift from `seed`, scrambled by `mul`).
    fn numbers(mut seed: u64, mul: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            (seed.wrapping_mul(mul) >> 33) % n
        }
    }

    #[test]
    fn within_marks_exactly_the_entries_at_most_the_limit() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..2000 {
            let mut row = [0u8; 64];
            for cost in row.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Small distances, and NEVER, as the tables hold.
                *cost = if seed.is_multiple_of(5) {
                    NEVER
                } else {
                    (seed >> 8) as u8 % 12
                };
            }
            for max in [0, 1, 3, 7, 11, 127, 128, 200, NEVER - 1, NEVER] {
                let expected = (0..64)
                    .filter(|&i| row[i] <= max)
                    .fold(0u64, |m, i| m | 1 << i);
                assert_eq!(within(&row, max), Bitboard(expected), "{row:?} {max}");
            }
        }
    }

    /// [`goal_in_reach_after_moving`] for Black, to move, playing its unit on `from`.
    fn black_moves(pos: &Position, goal: Goal, from: &str, att: usize, def: usize) -> bool {
        goal_in_reach_after_moving(pos, Color::Black, goal, sq(from), att, def)
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn position(units: &[(&str, Color, Role)]) -> Position {
        let mut board = Board::default();
        for &(s, color, role) in units {
            board.put(sq(s), Piece::new(color, role), false);
        }
        Position::new(board, Color::Black)
    }

    /// A position with Black to move from units written as `bKa8 wRh2 ...`.
    fn diagram(units: &str) -> Position {
        let units: Vec<(&str, Color, Role)> = units
            .split_whitespace()
            .map(|u| {
                let color = if u.starts_with('w') {
                    Color::White
                } else {
                    Color::Black
                };
                let role = Role::from_letter(u[1..].chars().next().unwrap()).unwrap();
                (&u[2..], color, role)
            })
            .collect();
        position(&units)
    }

    #[test]
    fn distances_on_an_empty_board() {
        let d = &**DISTANCES;
        let n = kind(Color::White, Role::Knight);
        assert_eq!(d.reach[n][sq("a1").index()][sq("b3").index()], 1);
        assert_eq!(d.reach[n][sq("a1").index()][sq("b2").index()], 4);
        assert_eq!(d.reach[n][sq("a1").index()][sq("h8").index()], 6);
        let b = kind(Color::White, Role::Bishop);
        assert_eq!(d.reach[b][sq("c1").index()][sq("c2").index()], NEVER);
        assert_eq!(d.attack[b][sq("c1").index()][sq("c2").index()], NEVER);
        assert_eq!(d.attack[b][sq("c1").index()][sq("c3").index()], 1);
        let r = kind(Color::White, Role::Rook);
        assert_eq!(d.attack[r][sq("a1").index()][sq("h8").index()], 1);
        assert_eq!(d.attack[r][sq("a1").index()][sq("a8").index()], 0);
        // A white pawn: b2-b4 is one move, b8=Q the fifth, Qb8-b1 the sixth.
        let wp = kind(Color::White, Role::Pawn);
        assert_eq!(d.reach[wp][sq("b2").index()][sq("b4").index()], 1);
        assert_eq!(d.reach[wp][sq("b2").index()][sq("b1").index()], 6);
        assert_eq!(d.reach[wp][sq("c2").index()][sq("c8").index()], 5);
        assert_eq!(d.attack[wp][sq("e4").index()][sq("d5").index()], 0);
        // A pawn never attacks the square ahead of it; promoted on e8 a queen does.
        assert_eq!(d.attack[wp][sq("e4").index()][sq("e5").index()], 4);
        // Black pawns run the other way; a pawn on its own first rank never moves.
        let bp = kind(Color::Black, Role::Pawn);
        assert_eq!(d.reach[bp][sq("d7").index()][sq("d5").index()], 1);
        assert_eq!(d.reach[bp][sq("d7").index()][sq("d8").index()], 6);
        assert_eq!(d.reach[bp][sq("d8").index()][sq("d7").index()], NEVER);
        assert_eq!(d.attack[bp][sq("d8").index()][sq("c7").index()], NEVER);
    }

    /// `Bound::places` skips a pawn's promotions when the square straight ahead on the
    /// last rank is out of reach: no promoted piece stands anywhere sooner.
    #[test]
    fn no_promoted_piece_stands_sooner_than_on_the_square_ahead() {
        let d = &**DISTANCES;
        for color in Color::ALL {
            for from in Square::all() {
                if from.rank() == color.back_rank() || from.rank() == color.promotion_rank() {
                    continue;
                }
                let ahead = Square::from_coords(from.file(), color.promotion_rank());
                let least = d.promoted[color.index()][0][from.index()][ahead.index()];
                for (i, _) in PROMOTED.into_iter().enumerate() {
                    let row = &d.promoted[color.index()][i][from.index()];
                    assert!(row.iter().all(|&c| c >= least), "{color:?} {from} {i}");
                }
            }
        }
    }

    #[test]
    fn balls_are_squares_of_king_steps() {
        for center in Square::all() {
            for radius in 0..9u8 {
                let expected = Square::all()
                    .filter(|&s| king_distance(center, s) <= radius)
                    .fold(Bitboard::EMPTY, |b, s| b.with(s));
                assert_eq!(ball(center, radius), expected, "{center} {radius}");
            }
        }
    }

    #[test]
    fn a_lone_king_cannot_mate_but_a_rook_soon_can() {
        use Color::Black as B;
        let pos = diagram("bKh1 wKf2");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 10, 10));
        // Ka8 against Kb6 and Pa7 is a stalemate already; without the pawn the flight b8
        // stays open.
        let pos = diagram("bKa8 wKb6 wPa7");
        assert!(goal_in_reach(&pos, B, Goal::Stalemate, 0, 0));
        let pos = diagram("bKa8 wKb6");
        assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 0, 0));
        let pos = diagram("bKh1 wKf2 wRa8");
        assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
        assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 1));
    }

    #[test]
    fn flights_must_be_guarded_or_blocked() {
        use Color::Black as B;
        // Black Ke5 in the open, White Kh1 and a knight: one white move cannot guard the
        // flights of any square the king reaches, and Black has nothing to block with.
        let pos = diagram("bKe5 wKh1 wSa1");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
        assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 1, 1));
        // Black Ka8 boxed in by its own units: Sc7 mates in one move.
        let pos = diagram("bKa8 bPa7 bPb7 bRb8 wKh1 wSe6");
        assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
        // Without the rook on b8 the flight b8 is open and nothing can take it in one move.
        let pos = diagram("bKa8 bPa7 bPb7 wKh1 wSe6");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    }

    #[test]
    fn one_unit_guards_from_one_place() {
        use Color::Black as B;
        // A queen can attack each flight of a lone Ke5 in one move, but from no single
        // square all of them while checking, and the white king is far away.
        let pos = diagram("bKe5 wKa1 wQh8");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 2, 0));
        assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 2, 0));
        // Ka8 with its own pawns on a7 and b7: a rook reaching the eighth rank mates; a
        // pawn on c6 needs two moves, c7 and c8=Q (cxb7+ leaves b8 open).
        let pos = diagram("bKa8 bPa7 bPb7 wKh1 wRh2");
        assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 0));
        let pos = diagram("bKa8 bPa7 bPb7 wKh1 wPc6");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
        assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
    }

    #[test]
    fn a_unit_about_to_move_counts_one_move_nearer() {
        // 1...Ra8-g8 2.Sg5-f7 #: the rook fills g8, which nothing white can guard in time.
        let pos = diagram("bKh8 bPh7 bRa8 wKa2 wBd4 wSg5");
        assert!(black_moves(&pos, Goal::Mate, "a8", 1, 0));
        assert!(!black_moves(&pos, Goal::Mate, "h7", 1, 0));
        // From a1 the rook needs two moves: 1.Ra1-a8 Ka2-b3 2.Ra8-g8 Sg5-f7 #.
        let pos = diagram("bKh8 bPh7 bPg7 bRa1 wKa2 wBd4 wSg5");
        assert!(!black_moves(&pos, Goal::Mate, "a1", 1, 0));
        assert!(black_moves(&pos, Goal::Mate, "a1", 2, 1));
        // Leaving a flight opens it: Rg8 cannot stay.
        let pos = diagram("bKh8 bPh7 bPg7 bRg8 wKa2 wBd4 wSg5");
        assert!(!black_moves(&pos, Goal::Mate, "g8", 1, 0));
        // A knight on f8 reaches no flight.
        let pos = diagram("bKh8 bPh7 bPg7 bSf8 wKa2 wBd4 wSg5");
        assert!(!black_moves(&pos, Goal::Mate, "f8", 1, 0));
    }

    #[test]
    fn a_checker_next_to_the_king_must_be_guarded() {
        use Color::Black as B;
        // Qg7 covers g8 and h7, but the king takes it: a black knight reaching g7 does
        // not count as a block there.
        let pos = diagram("bKh8 bSe6 wKa1 wQb2");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
        // With the white king on f6 to guard it, Qg7 mates.
        let pos = diagram("bKh8 bSe6 wKf5 wQb2");
        assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 1));
    }

    #[test]
    fn the_king_guards_from_one_place() {
        use Color::Black as B;
        // With six moves the white king can attack any flight of a lone Ke5, but from one
        // square only three of them, and a rook takes at most three more: no mate, however
        // long White plays, while Black stands still.
        let pos = diagram("bKe5 wKa1 wRh1");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 6, 0));
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 20, 0));
        // On h8 it is mated by the king on f7 and the rook on the h-file, or the king on g6
        // and the rook on the eighth rank: six king moves and one rook move. Guarding g7
        // from f6 (five moves) and h7 from the rook's file does not count.
        let pos = diagram("bKh8 wKa1 wRa2");
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 6, 0));
        assert!(goal_in_reach(&pos, B, Goal::Mate, 7, 0));
        // The king next to the mated king would stand in check: from g6 it guards g7 and
        // h7, not g8, which a rook checking on the eighth rank covers.
        let pos = diagram("bKh8 wKg5 wRa1");
        assert!(goal_in_reach(&pos, B, Goal::Mate, 2, 0));
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    }

    #[test]
    fn stalemate_needs_every_unit_frozen() {
        use Color::{Black as B, White as W};
        let mut units = vec![
            ("h8", B, Role::King),
            ("f7", W, Role::King),
            ("f5", W, Role::Bishop),
        ];
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 0, 0));
        // A free pawn must be blocked or taken, and no white unit gets to a4 or a5 at once.
        units.push(("a5", B, Role::Pawn));
        assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 0));
        // In line with its king it might be pinned instead, and a pawn on its first rank
        // never moves.
        units.pop();
        units.push(("a8", B, Role::Pawn));
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 0, 0));
        units.pop();
        units.push(("d4", B, Role::Pawn));
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 0));
    }

    /// One attacker move stops two free units, one taken where it lands and one pinned from
    /// there, and a line piece in place pins a third: White Kh1, Re1, Bg2, Pb6, black Ka8,
    /// Bb8, Nb7, Ne8, 1.Rxe8 = (the rook pins the bishop, the bishop on g2 the knight);
    /// Black a move earlier with its king on a7, 1...Ka8 2.Rxe8 =. Three free units in
    /// all, too many for one move taking or pinning one each, and more than it stops when
    /// the bishop in place is not counted.
    #[test]
    fn a_move_takes_one_unit_and_pins_another() {
        let last = diagram("bKa8 bBb8 bSb7 bSe8 wKh1 wRe1 wBg2 wPb6");
        let mut white = last;
        white.side = Color::White;
        assert!(reachable(&white, 1, Goal::Stalemate));
        assert!(goal_in_reach(&white, Color::Black, Goal::Stalemate, 1, 0));
        let earlier = diagram("bKa7 bBb8 bSb7 bSe8 wKh1 wRe1 wBg2 wPb6");
        assert!(reachable(&earlier, 2, Goal::Stalemate));
        assert!(goal_in_reach(&earlier, Color::Black, Goal::Stalemate, 1, 1));
        // A fourth free unit is one too many: a black pawn on h5.
        let more = diagram("bKa8 bBb8 bSb7 bSe8 bPh5 wKh1 wRe1 wBg2 wPb6");
        let mut white = more;
        white.side = Color::White;
        assert!(!goal_in_reach(&white, Color::Black, Goal::Stalemate, 1, 0));
    }

    /// With no move left the defender cannot castle: a rook that still may is shut in like
    /// any unit. White Kh1, Rd1, Rf1, Pd6, black Ke8, Ra8 (Black may castle): every flight
    /// is guarded, but no white move reaches the rook, which has b8 to go to.
    #[test]
    fn a_defender_without_moves_does_not_castle() {
        let mut pos = diagram("bKe8 bRa8 wKh1 wRd1 wRf1 wPd6");
        pos.side = Color::White;
        pos.castling = Bitboard::EMPTY.with(sq("e8")).with(sq("a8"));
        assert!(!goal_in_reach(&pos, Color::Black, Goal::Stalemate, 1, 0));
        assert!(!reachable(&pos, 1, Goal::Stalemate));
    }

    /// The attacker unit placed to stand somewhere may be the one the king takes: White
    /// Kb8, black Ka6, Ba8, Bd4, White to be stalemated after 1.Kxa8 Be5 (found missing
    /// by `search::intelligent`'s comparison with this search: the bishop on a8 was the
    /// unit placed, and no square but the king's was left for it).
    #[test]
    fn the_unit_placed_for_stalemate_may_be_taken() {
        use Color::{Black as B, White as W};
        let units = [
            ("b8", W, Role::King),
            ("a6", B, Role::King),
            ("a8", B, Role::Bishop),
            ("d4", B, Role::Bishop),
        ];
        assert!(goal_in_reach(&position(&units), W, Goal::Stalemate, 1, 1));
    }

    /// A pawn that has just stepped two squares may be taken en passant: 1.Bb3+ Ka3
    /// 2.Rb1 g5 3.fxg6 e.p. = from White Kc4, Rg1, Ba4, Pf5, black Ka2, Pg7 (found missing
    /// by `search::intelligent`'s comparison with this search).
    #[test]
    fn a_pawn_that_stepped_two_squares_may_be_taken_en_passant() {
        use Color::{Black as B, White as W};
        let units = [
            ("c4", W, Role::King),
            ("b1", W, Role::Rook),
            ("b3", W, Role::Bishop),
            ("f5", W, Role::Pawn),
            ("a3", B, Role::King),
            ("g5", B, Role::Pawn),
        ];
        let mut pos = position(&units);
        pos.side = W;
        assert!(!goal_in_reach(&pos, B, Goal::Stalemate, 1, 0));
        pos.ep = Some(crate::board::EnPassant {
            crossed: sq("g6"),
            pawn: sq("g5"),
        });
        assert!(goal_in_reach(&pos, B, Goal::Stalemate, 1, 0));
    }

    #[test]
    fn the_defenders_last_moves_close_in_few_units() {
        use Color::{Black as B, White as W};
        let mut units = vec![
            ("h8", B, Role::King),
            ("f7", W, Role::King),
            ("f5", W, Role::Bishop),
            ("a5", B, Role::Pawn),
            ("b5", B, Role::Pawn),
            ("c5", B, Role::Pawn),
        ];
        // One black move takes care of one free pawn, one white move of another.
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
        units.push(("d5", B, Role::Pawn));
        assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
        // Two more black moves: each may move a pawn or stand in front of one.
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 2));
        // A pawn in line with the king counts unless a white line piece can stand
        // beyond it in time: none can beyond e5 at once, the bishop on c3 already does.
        units.pop();
        units.push(("e5", B, Role::Pawn));
        assert!(!goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
        units.push(("c3", W, Role::Bishop));
        assert!(goal_in_reach(&position(&units), B, Goal::Stalemate, 1, 1));
    }

    /// Whether some line of `plies` half moves from `pos` ends in `goal`, by trying them all.
    fn reachable(pos: &Position, plies: usize, goal: Goal) -> bool {
        use crate::conditions::{Orthodox, Rules};
        if plies == 0 {
            return crate::search::goal_reached(&Orthodox, pos, goal);
        }
        let mut next = Vec::new();
        Orthodox.legal_successors(pos, &mut next);
        next.iter()
            .any(|(_, after)| reachable(after, plies - 1, goal))
    }

    /// The bound for a unit about to move is a proof too: wherever one of its moves leads
    /// to a mate or stalemate in the half moves left, it must let the unit pass (the king
    /// included). Random sparse positions with the side to be mated to move, lines of two
    /// and four half moves.
    #[test]
    fn never_rejects_a_unit_whose_move_reaches_the_goal() {
        use crate::conditions::{Orthodox, Rules};
        let mut next = numbers(0x2545_F491_4F6C_DD1Du64, 0x9E37_79B9_7F4A_7C15);
        let roles = UNIT_ROLES;
        let mut checked = [[0usize; 2]; 2];
        let mut positions = 0;
        while positions < 4000 {
            let mut board = Board::default();
            let units = 3 + next(4) as usize;
            let mut placed = 0;
            let mut near = Bitboard::EMPTY;
            while placed < units {
                // Half the units next to the king to be mated, where mates happen.
                let sq = if placed >= 2 && next(2) == 0 && near.is_nonempty() {
                    let squares: SmallVec<[Square; 25]> = near.into_iter().collect();
                    squares[next(squares.len() as u64) as usize]
                } else {
                    Square::new(next(64) as u8)
                };
                let color = if next(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let role = match placed {
                    0 => Role::King,
                    1 => Role::King,
                    _ => roles[next(5) as usize],
                };
                let color = match placed {
                    0 => Color::White,
                    1 => Color::Black,
                    _ => color,
                };
                let last =
                    Bitboard::rank(color.promotion_rank()) | Bitboard::rank(color.back_rank());
                if board.piece_at(sq).is_some() || (role == Role::Pawn && last.contains(sq)) {
                    continue;
                }
                board.put(sq, Piece::new(color, role), false);
                placed += 1;
                if placed == 2 {
                    near = ball(sq, 2);
                }
            }
            let defender = Color::Black;
            let pos = Position::new(board, defender);
            if Orthodox.in_check(&pos, !defender) {
                continue;
            }
            positions += 1;
            let mut moves = Vec::new();
            Orthodox.legal_successors(&pos, &mut moves);
            // Four half moves on fewer positions: the exhaustive search is the cost.
            let longest = if positions % 16 == 0 { 4 } else { 2 };
            for plies in (2..=longest).step_by(2) {
                let (att, def) = (plies / 2, plies / 2 - 1);
                for (g, goal) in [Goal::Mate, Goal::Stalemate].into_iter().enumerate() {
                    for (mv, after) in &moves {
                        if !reachable(after, plies - 1, goal) {
                            continue;
                        }
                        checked[g][plies / 2 - 1] += 1;
                        assert!(
                            goal_in_reach_after_moving(&pos, defender, goal, mv.from, att, def),
                            "{mv:?} then {goal:?} in {} rejected: {pos:?}",
                            plies - 1
                        );
                    }
                }
            }
        }
        assert!(
            checked.iter().all(|c| c[0] > 50 && c[1] > 10),
            "too few goals to test: {checked:?}"
        );
    }

    #[test]
    fn a_piece_that_moves_last_needs_an_attacker_move_but_may_close_in_a_unit() {
        // 1...Sg4-h6+ 2.Sf5*h6 =: the knight's landing closes in the h-pawn, and the
        // attacker's one move, spent on the knight, keeps it closed.
        let pos = diagram("bKh8 bPh7 bSg4 wKf7 wSf5");
        assert!(black_moves(&pos, Goal::Stalemate, "g4", 1, 0));
        // A pawn the knight cannot close in: it and the knight both need the attacker's
        // one move (to a4, and to take or shut in the knight).
        let pos = diagram("bKh8 bPh7 wPh6 bSg4 bPa5 wKf7 wSb2");
        assert!(!black_moves(&pos, Goal::Stalemate, "g4", 1, 0));
    }

    /// The bound is a proof: wherever some line reaches the goal, it must let the node pass.
    /// Random sparse positions, every help line of one to three half moves, both goals.
    #[test]
    fn never_rejects_a_reachable_goal() {
        let (reached, castled) = check_reachable_goals(0x9E37_79B9_7F4A_7C15, 3000, false);
        assert!(reached > 100, "too few reachable goals to test: {reached}");
        assert!(
            castled > 5,
            "too few goals reached only by castling: {castled}"
        );
    }

    /// The same where both sides may castle (with one rook or both), the other units
    /// near the back ranks, where castling counts.
    #[test]
    fn never_rejects_a_goal_reached_by_castling() {
        let (reached, castled) = check_reachable_goals(0x2545_F491_4F6C_DD1D, 4000, true);
        assert!(reached > 500, "too few reachable goals to test: {reached}");
        assert!(
            castled > 50,
            "too few goals reached only by castling: {castled}"
        );
    }

    /// Random positions checked against exhaustive search: how many goals were reachable,
    /// and how many of them only by castling.
    fn check_reachable_goals(seed: u64, tries: usize, castle_always: bool) -> (usize, usize) {
        use crate::conditions::{Orthodox, Rules};
        let mut next = numbers(seed, 0x2545_F491_4F6C_DD1D ^ seed.rotate_left(17));
        let roles = UNIT_ROLES;
        let mut reached = 0;
        let mut castled = 0;
        let mut tried = 0;
        while tried < tries {
            let mut board = Board::default();
            let put = |board: &mut Board, piece: Piece, next: &mut dyn FnMut(u64) -> u64| loop {
                let sq = if castle_always && next(2) == 0 {
                    // Near a back rank.
                    let rank = [0, 1, 2, 5, 6, 7][next(6) as usize];
                    Square::from_coords(next(8) as u8, rank)
                } else {
                    Square::new(next(64) as u8)
                };
                let last = Bitboard::rank(piece.color.promotion_rank());
                if board.piece_at(sq).is_none() && !(piece.role == Role::Pawn && last.contains(sq))
                {
                    board.put(sq, piece, false);
                    break;
                }
            };
            // Without `castle_always`, one position in two lets a side castle (a king and
            // a rook on their home squares with their rights), one side or both.
            let mut castling = Bitboard::EMPTY;
            let castles = castle_always || next(2) == 0;
            for color in Color::ALL {
                if castles && (castle_always || next(3) != 0) {
                    let back = color.back_rank();
                    let king = Square::from_coords(4, back);
                    board.put(king, Piece::new(color, Role::King), false);
                    castling = castling.with(king);
                    let files: &[u8] = match next(3) {
                        0 => &[0],
                        1 => &[7],
                        _ => &[0, 7],
                    };
                    for &file in files {
                        let rook = Square::from_coords(file, back);
                        board.put(rook, Piece::new(color, Role::Rook), false);
                        castling = castling.with(rook);
                    }
                } else {
                    put(&mut board, Piece::new(color, Role::King), &mut next);
                }
            }
            for _ in 0..1 + next(5) {
                let color = if next(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let role = roles[next(5) as usize];
                put(&mut board, Piece::new(color, role), &mut next);
            }
            let side = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut pos = Position::new(board, side);
            pos.castling = castling;
            if Orthodox.in_check(&pos, !side) {
                continue;
            }
            tried += 1;
            for plies in 1..=3 {
                for goal in [Goal::Mate, Goal::Stalemate] {
                    if bound_admits_what_search_reaches(&pos, plies, goal) {
                        reached += 1;
                        let mut plain = pos;
                        plain.castling = Bitboard::EMPTY;
                        castled += usize::from(!reachable(&plain, plies, goal));
                    }
                }
            }
        }
        (reached, castled)
    }

    /// Whether `goal` is reached in `plies` half moves from `pos` by exhaustive search;
    /// where it is, asserts that the bound lets it through.
    fn bound_admits_what_search_reaches(pos: &Position, plies: usize, goal: Goal) -> bool {
        if !reachable(pos, plies, goal) {
            return false;
        }
        // The side to move after the last ply is the one mated or stalemated.
        let side = pos.side;
        let defender = if plies.is_multiple_of(2) { side } else { !side };
        let own = (0..plies)
            .filter(|i| (i % 2 == 0) == (side == defender))
            .count();
        assert!(
            goal_in_reach(pos, defender, goal, plies - own, own),
            "{goal:?} in {plies} plies rejected: {pos:?}"
        );
        true
    }

    /// Puts `piece` on a random empty square of `around` (a pawn off the first and last
    /// ranks).
    fn put_at_random(
        board: &mut Board,
        piece: Piece,
        around: Bitboard,
        next: &mut dyn FnMut(u64) -> u64,
    ) {
        let ends = Bitboard::rank(0) | Bitboard::rank(7);
        loop {
            let sq = Square::new(next(64) as u8);
            if around.contains(sq)
                && board.piece_at(sq).is_none()
                && !(piece.role == Role::Pawn && ends.contains(sq))
            {
                board.put(sq, piece, false);
                return;
            }
        }
    }

    /// Stalemates need the defender's units shut in, pinned or taken, which sparse random
    /// positions seldom show: here the defender's king stands on an edge with two to four
    /// units of its side and three to five of the attacker's (line pieces for the most
    /// part) around it, and stalemates in one to three half moves are checked against
    /// exhaustive search.
    #[test]
    fn never_rejects_a_reachable_stalemate_among_many_units() {
        use crate::conditions::{Orthodox, Rules};
        let mut next = numbers(0xD1B5_4A32_D192_ED03, 0x9E37_79B9_7F4A_7C15);
        let attacker_roles = [
            Role::Rook,
            Role::Bishop,
            Role::Queen,
            Role::Knight,
            Role::Pawn,
            Role::Rook,
        ];
        let defender_roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Pawn,
        ];
        let (mut tried, mut reached) = (0, 0);
        while tried < 4000 {
            let mut board = Board::default();
            let edge = next(4);
            let along = next(8) as u8;
            let king = match edge {
                0 => Square::from_coords(along, 0),
                1 => Square::from_coords(along, 7),
                2 => Square::from_coords(0, along),
                _ => Square::from_coords(7, along),
            };
            board.put(king, Piece::new(Color::Black, Role::King), false);
            let near = ball(king, 3);
            let put = put_at_random;
            put(
                &mut board,
                Piece::new(Color::White, Role::King),
                !ball(king, 1),
                &mut next,
            );
            // Units in line with the king, half of them, where they may stand pinned.
            let lines = attacks::queen(king, Bitboard::EMPTY);
            for _ in 0..2 + next(3) {
                let role = defender_roles[next(5) as usize];
                let around = if next(2) == 0 { near & lines } else { near };
                put(
                    &mut board,
                    Piece::new(Color::Black, role),
                    around,
                    &mut next,
                );
            }
            for _ in 0..3 + next(3) {
                let role = attacker_roles[next(6) as usize];
                let around = if next(2) == 0 { lines } else { Bitboard::FULL };
                put(
                    &mut board,
                    Piece::new(Color::White, role),
                    around,
                    &mut next,
                );
            }
            let side = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let pos = Position::new(board, side);
            if Orthodox.in_check(&pos, !side) {
                continue;
            }
            tried += 1;
            for plies in 1..=3 {
                reached += usize::from(bound_admits_what_search_reaches(
                    &pos,
                    plies,
                    Goal::Stalemate,
                ));
            }
        }
        assert!(
            reached > 40,
            "too few reachable stalemates to test: {reached}"
        );
    }

    /// A unit that cannot stand where a block would count in time changes nothing in the
    /// mate bound by moving: wherever the bound holds after its move, it holds with the
    /// unit standing still (`may_fill_flight`, which lets the search skip asking).
    #[test]
    fn a_unit_far_from_its_king_changes_no_mate_bound() {
        let mut next = numbers(0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B);
        let roles = UNIT_ROLES;
        let (mut far, mut asked) = (0, 0);
        for _ in 0..4000 {
            let mut board = Board::default();
            let mut put = |board: &mut Board, piece: Piece| {
                put_at_random(board, piece, Bitboard::FULL, &mut next)
            };
            put(&mut board, Piece::new(Color::Black, Role::King));
            put(&mut board, Piece::new(Color::White, Role::King));
            for i in 0..8 {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                put(&mut board, Piece::new(color, roles[i % roles.len()]));
            }
            let pos: Position = Position::new(board, Color::Black);
            for def in 0..3 {
                for att in 1..4 {
                    let units = pos.board.by_color(Color::Black) & !pos.board.by_role(Role::King);
                    for from in units {
                        asked += 1;
                        if may_fill_flight(&pos, Color::Black, from, def) {
                            continue;
                        }
                        far += 1;
                        let moved = goal_in_reach_after_moving(
                            &pos,
                            Color::Black,
                            Goal::Mate,
                            from,
                            att,
                            def,
                        );
                        let still = goal_in_reach(&pos, Color::Black, Goal::Mate, att, def);
                        assert!(!moved || still, "{from} (att {att}, def {def}): {pos:?}");
                    }
                }
            }
        }
        assert!(far > asked / 10, "{far} of {asked}");
    }

    /// The square a unit must fill may lie two king steps away: black Ke5, Pd4, White
    /// Ra4, Rh5, Sd1, Sg1, Ka8 and no white move to spare; after ...d3 and ...Ke4 every
    /// flight is guarded or filled, with the pawn standing still none is.
    #[test]
    fn a_unit_two_steps_from_its_king_may_fill_a_flight() {
        let pos = diagram("bKe5 bPd4 wRa4 wRh5 wSd1 wSg1 wKa8");
        assert!(goal_in_reach_after_moving(
            &pos,
            Color::Black,
            Goal::Mate,
            sq("d4"),
            0,
            1
        ));
        assert!(!goal_in_reach(&pos, Color::Black, Goal::Mate, 0, 1));
        assert!(may_fill_flight(&pos, Color::Black, sq("d4"), 1));
    }

    /// The bounds with no defender move left, the memo used, against the same found
    /// afresh, over positions that share the attacker's units and the defender's king but
    /// not its other units (castling rights and en passant now and then).
    #[test]
    fn remembered_answers_are_those_found_afresh() {
        let mut next = numbers(0x1357_9BDF_2468_ACE0, 0xBF58_476D_1CE4_E5B9);
        let (mut asked, mut differ) = (0u64, Vec::new());
        REMEMBERED.set(0);
        for _ in 0..1500 {
            let mut attackers = Board::default();
            let castles = next(3) == 0;
            if castles {
                attackers.put(sq("e1"), Piece::new(Color::White, Role::King), false);
                attackers.put(sq("h1"), Piece::new(Color::White, Role::Rook), false);
            } else {
                attackers.put(
                    Square::new(next(64) as u8),
                    Piece::new(Color::White, Role::King),
                    false,
                );
            }
            for _ in 0..1 + next(3) {
                let at = Square::new(next(64) as u8);
                let role = UNIT_ROLES[next(5) as usize];
                if attackers.piece_at(at).is_none()
                    && !(role == Role::Pawn && (at.rank() == 0 || at.rank() == 7))
                {
                    attackers.put(at, Piece::new(Color::White, role), false);
                }
            }
            let king = Square::new(next(64) as u8);
            if attackers.piece_at(king).is_some() {
                continue;
            }
            for _ in 0..8 {
                let mut board = attackers;
                board.put(king, Piece::new(Color::Black, Role::King), false);
                for _ in 0..next(6) {
                    // Next to the king one time in two.
                    let at = if next(2) == 0 {
                        let near: Vec<Square> = attacks::king(king).into_iter().collect();
                        near[next(near.len() as u64) as usize]
                    } else {
                        Square::new(next(64) as u8)
                    };
                    let role = UNIT_ROLES[next(5) as usize];
                    if board.piece_at(at).is_none()
                        && !(role == Role::Pawn && (at.rank() == 0 || at.rank() == 7))
                    {
                        board.put(at, Piece::new(Color::Black, role), false);
                    }
                }
                let mut pos: Position = Position::new(board, Color::Black);
                if castles && next(2) == 0 {
                    pos.castling = Bitboard::EMPTY.with(sq("e1")).with(sq("h1"));
                }
                let stepped = board.pieces(Color::Black, Role::Pawn) & Bitboard::rank(4);
                if let Some(pawn) = stepped.first().filter(|_| next(2) == 0) {
                    let crossed = pawn.offset(0, 1).expect("on the fifth rank");
                    if board.piece_at(crossed).is_none() {
                        pos.ep = Some(crate::board::EnPassant { pawn, crossed });
                    }
                }
                let lifted = std::iter::once(None)
                    .chain((board.by_color(Color::Black)).into_iter().map(Some));
                for from in lifted {
                    for goal in [Goal::Mate, Goal::Stalemate] {
                        for att in 1..=3 {
                            let ask = || match from {
                                None => goal_in_reach(&pos, Color::Black, goal, att, 0),
                                Some(f) => {
                                    goal_in_reach_after_moving(&pos, Color::Black, goal, f, att, 0)
                                }
                            };
                            let remembered = ask();
                            FORGETFUL.set(true);
                            let afresh = ask();
                            FORGETFUL.set(false);
                            asked += 1;
                            if remembered != afresh && differ.len() < 5 {
                                differ.push(format!("{goal:?} att {att} from {from:?}: {pos:?}"));
                            }
                        }
                    }
                }
            }
        }
        assert!(differ.is_empty(), "{differ:#?}");
        let remembered = REMEMBERED.get();
        // The positions share keys often enough for the memo to answer a good part.
        assert!(remembered * 10 > asked, "{remembered} of {asked}");
    }

    #[test]
    fn castling_counts_as_one_move_of_king_and_rook() {
        use Color::Black as B;
        // 1.0-0 Sd5-e7 #: only castling brings the king to g8 at once.
        let mut pos = diagram("bKe8 bRh8 bPf7 bPg6 bPh7 wKa1 wBb2 wSd5");
        pos.castling = Bitboard::from_square(sq("e8")).with(sq("h8"));
        assert!(goal_in_reach(&pos, B, Goal::Mate, 1, 1));
        // Castling rights no longer switch the bound off: a lone king cannot mate, nor
        // can a rook that castles in time.
        let mut pos = diagram("bKe8 bRh8 wKe1");
        pos.castling = Bitboard::from_square(sq("e8")).with(sq("h8"));
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 2, 2));
        let mut pos = diagram("bKa4 wKe1 wRh1");
        pos.castling = Bitboard::from_square(sq("e1")).with(sq("h1"));
        assert!(!goal_in_reach(&pos, B, Goal::Mate, 1, 0));
    }
}
