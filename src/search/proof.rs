//! Proof games (`dia`, `a=>b`): the position to reach, and a bound on how soon each
//! side's units can stand as it has them.
//!
//! For each side the bound counts the fewest moves that bring its units onto the
//! target's squares on an otherwise empty board, each target unit matched to a unit of
//! its own (at least total cost: a pawn may become any promoted unit of the target), and
//! the captures the other side must make to remove the units the target lacks. Under
//! orthodox movement every change of a unit's square is a move of its own side along its
//! walk, and a captured unit leaves the board for good, so neither count can be beaten.

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use std::sync::OnceLock;

/// A cost no line of play reaches: a unit that can never stand on the square.
const NEVER: i32 = 1_000_000;

/// The position a proof game must reach.
#[derive(Clone, Debug)]
pub struct ProofTarget {
    /// The target's unit on each square.
    units: [Option<Piece>; 64],
    /// The target's squares of each colour.
    by_color: [Bitboard; 2],
}

impl ProofTarget {
    /// The target of a proof game on `board`, where the bound holds: orthodox units
    /// only (no fairy kind, no neutral or kamikaze unit), moved as in orthodox chess or
    /// by fewer moves. `None` elsewhere.
    pub fn new<F: FairyStore>(board: &Board<F>) -> Option<ProofTarget> {
        if !plain_units(board) {
            return None;
        }
        let mut units = [None; 64];
        for (sq, piece) in board.units() {
            units[sq.index()] = Some(piece);
        }
        Some(ProofTarget {
            units,
            by_color: [board.by_color(Color::White), board.by_color(Color::Black)],
        })
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.units[sq.index()]
    }

    /// Whether the units on `board` (with the castling rights `castling`) might still
    /// stand as the target has them when each side has played its moves `left`
    /// (indexed by colour).
    pub fn in_reach<F: FairyStore>(
        &self,
        board: &Board<F>,
        castling: Bitboard,
        left: [usize; 2],
    ) -> bool {
        if !plain_units(board) {
            // Promoted to a fairy kind, or units the count does not follow (a kamikaze
            // capturer leaves the board by its own move).
            return true;
        }
        Color::ALL.into_iter().all(|color| {
            let have = board.by_color(color).count() as usize;
            let want = self.by_color[color as usize].count() as usize;
            // Units only leave the board, each by a move of the other side.
            have >= want
                && have - want <= left[(!color) as usize]
                && self.moves_needed(board, castling, color) <= left[color as usize]
        })
    }

    /// The fewest moves of `color` that bring its units onto the target's squares.
    pub fn moves_needed<F: FairyStore>(
        &self,
        board: &Board<F>,
        castling: Bitboard,
        color: Color,
    ) -> usize {
        let own = board.by_color(color);
        // A unit that stands on its target square stays matched to it: any other use
        // of it costs at least as much (distances obey the triangle inequality), except
        // where castling moves it for nothing, so units that may castle stay open.
        let home = Bitboard(
            Square::all()
                .filter(|&sq| {
                    own.contains(sq)
                        && !castling.contains(sq)
                        && board.piece_at(sq) == self.piece_at(sq)
                })
                .fold(0u64, |b, sq| b | 1 << sq.index()),
        );
        let targets: Vec<(Square, Role)> = (self.by_color[color as usize] & !home)
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p.role)))
            .collect();
        if targets.is_empty() {
            return 0;
        }
        let units: Vec<(Square, Role)> = (own & !home)
            .into_iter()
            .filter_map(|sq| board.role_at(sq).map(|r| (sq, r)))
            .collect();
        if units.len() < targets.len() {
            return usize::MAX;
        }
        let cost: Vec<i32> = targets
            .iter()
            .flat_map(|&(t, want)| {
                units
                    .iter()
                    .map(move |&(u, role)| unit_cost(color, u, role, t, want, castling))
            })
            .collect();
        let total = min_cost_assignment(&cost, targets.len(), units.len());
        if total >= NEVER {
            usize::MAX
        } else {
            total as usize
        }
    }
}

/// Whether `board` holds orthodox units only: no fairy kind, no neutral or kamikaze unit.
fn plain_units<F: FairyStore>(board: &Board<F>) -> bool {
    board.fairy_units().is_empty() && board.neutral().is_empty() && board.kamikaze().is_empty()
}

/// The fewest moves that bring the unit of `color` and kind `role` on `from` to `to` as
/// a unit of kind `want`, on an empty board.
fn unit_cost(color: Color, from: Square, role: Role, to: Square, want: Role, castling: Bitboard) -> i32 {
    if role == want {
        return match role {
            Role::Pawn => pawn_moves(color, from, to),
            Role::King => king_moves(color, from, to, castling),
            Role::Rook => rook_moves(color, from, to, castling),
            _ => piece_moves(role, from, to),
        };
    }
    if role != Role::Pawn || !Role::PROMOTIONS.contains(&want) {
        return NEVER;
    }
    let rank = color.promotion_rank();
    (0..8)
        .map(|file| {
            let square = Square::from_coords(file, rank);
            pawn_moves(color, from, square).saturating_add(piece_moves(want, square, to))
        })
        .min()
        .unwrap_or(NEVER)
        .min(NEVER)
}

/// A pawn's fewest moves: straight on, or one file aside per capture, two at once from
/// its first rank when the way on has two straight steps.
fn pawn_moves(color: Color, from: Square, to: Square) -> i32 {
    let ranks = (i32::from(to.rank()) - i32::from(from.rank())) * i32::from(color.forward());
    let files = (i32::from(to.file()) - i32::from(from.file())).abs();
    if ranks < files {
        return NEVER;
    }
    let double_step = from.rank() == color.pawn_rank() && ranks - files >= 2;
    ranks - i32::from(double_step)
}

/// A king's fewest moves, castling once from its home square while it may.
fn king_moves(color: Color, from: Square, to: Square, castling: Bitboard) -> i32 {
    let mut best = piece_moves(Role::King, from, to);
    let back = color.back_rank();
    if from == Square::from_coords(4, back) && castling.contains(from) {
        for (rook_file, king_file) in [(7, 6), (0, 2)] {
            if castling.contains(Square::from_coords(rook_file, back)) {
                let castled = Square::from_coords(king_file, back);
                best = best.min(1 + piece_moves(Role::King, castled, to));
            }
        }
    }
    best
}

/// A rook's fewest moves; castling carries it next to the king for nothing (the king's
/// move pays for it).
fn rook_moves(color: Color, from: Square, to: Square, castling: Bitboard) -> i32 {
    let mut best = piece_moves(Role::Rook, from, to);
    let back = color.back_rank();
    let king = Square::from_coords(4, back);
    if castling.contains(from) && castling.contains(king) && from.rank() == back {
        let castled = match from.file() {
            7 => Some(Square::from_coords(5, back)),
            0 => Some(Square::from_coords(3, back)),
            _ => None,
        };
        if let Some(castled) = castled {
            best = best.min(piece_moves(Role::Rook, castled, to));
        }
    }
    best
}

/// The fewest moves of an orthodox piece from `from` to `to` on an empty board.
fn piece_moves(role: Role, from: Square, to: Square) -> i32 {
    if from == to {
        return 0;
    }
    let (df, dr) = (
        (i32::from(to.file()) - i32::from(from.file())).abs(),
        (i32::from(to.rank()) - i32::from(from.rank())).abs(),
    );
    let straight = df == 0 || dr == 0;
    let diagonal = df == dr;
    match role {
        Role::King => df.max(dr),
        Role::Queen => {
            if straight || diagonal {
                1
            } else {
                2
            }
        }
        Role::Rook => {
            if straight {
                1
            } else {
                2
            }
        }
        Role::Bishop => {
            if from.is_dark() != to.is_dark() {
                NEVER
            } else if diagonal {
                1
            } else {
                2
            }
        }
        Role::Knight => i32::from(knight_distance()[from.index()][to.index()]),
        // Other kinds only stand here when the bound is off; one move is always a bound.
        _ => 1,
    }
}

/// Knight moves between any two squares on an empty board, found once by breadth-first
/// search.
fn knight_distance() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<Box<[[u8; 64]; 64]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[u8::MAX; 64]; 64]);
        const JUMPS: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        for from in Square::all() {
            let row = &mut table[from.index()];
            row[from.index()] = 0;
            let mut frontier = vec![from];
            let mut distance = 0;
            while !frontier.is_empty() {
                distance += 1;
                let mut next = Vec::new();
                for sq in frontier {
                    for (df, dr) in JUMPS {
                        if let Some(to) = sq.offset(df, dr) {
                            if row[to.index()] == u8::MAX {
                                row[to.index()] = distance;
                                next.push(to);
                            }
                        }
                    }
                }
                frontier = next;
            }
        }
        table
    })
}

/// The least total cost of giving each of `rows` rows its own column, with
/// `cost[row * cols + col]` (`rows <= cols`): the Hungarian method with potentials.
fn min_cost_assignment(cost: &[i32], rows: usize, cols: usize) -> i32 {
    debug_assert!(rows <= cols && cost.len() == rows * cols);
    let at = |r: usize, c: usize| i64::from(cost[(r - 1) * cols + (c - 1)]);
    // 1-based rows and columns; column 0 is the free start of each augmenting path.
    let mut u = vec![0i64; rows + 1];
    let mut v = vec![0i64; cols + 1];
    let mut owner = vec![0usize; cols + 1];
    let mut way = vec![0usize; cols + 1];
    for row in 1..=rows {
        owner[0] = row;
        let mut col0 = 0;
        let mut min = vec![i64::MAX; cols + 1];
        let mut used = vec![false; cols + 1];
        loop {
            used[col0] = true;
            let r0 = owner[col0];
            let mut delta = i64::MAX;
            let mut col1 = 0;
            for c in 1..=cols {
                if used[c] {
                    continue;
                }
                let reduced = at(r0, c) - u[r0] - v[c];
                if reduced < min[c] {
                    min[c] = reduced;
                    way[c] = col0;
                }
                if min[c] < delta {
                    delta = min[c];
                    col1 = c;
                }
            }
            for c in 0..=cols {
                if used[c] {
                    u[owner[c]] += delta;
                    v[c] -= delta;
                } else {
                    min[c] -= delta;
                }
            }
            col0 = col1;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let col1 = way[col0];
            owner[col0] = owner[col1];
            col0 = col1;
            if col0 == 0 {
                break;
            }
        }
    }
    (-v[0]).min(i64::from(NEVER)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    fn piece(color: Color, role: Role) -> Piece {
        Piece::new(color, role)
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    #[test]
    fn distances_on_an_empty_board() {
        assert_eq!(piece_moves(Role::Knight, sq("g1"), sq("f3")), 1);
        assert_eq!(piece_moves(Role::Knight, sq("a1"), sq("b2")), 4);
        assert_eq!(piece_moves(Role::Knight, sq("a1"), sq("h8")), 6);
        assert_eq!(piece_moves(Role::Bishop, sq("c1"), sq("h6")), 1);
        assert_eq!(piece_moves(Role::Bishop, sq("c1"), sq("c3")), 2);
        assert_eq!(piece_moves(Role::Bishop, sq("c1"), sq("c2")), NEVER);
        assert_eq!(piece_moves(Role::Queen, sq("d1"), sq("e3")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("e4")), 1);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("d4")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("c4")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("b4")), NEVER);
        assert_eq!(pawn_moves(Color::Black, sq("d7"), sq("d5")), 1);
        assert_eq!(pawn_moves(Color::Black, sq("d5"), sq("d6")), NEVER);
        // Castling: one move for the king, none for the rook.
        let rights = Bitboard(1 << 4 | 1 << 7);
        assert_eq!(king_moves(Color::White, sq("e1"), sq("g1"), rights), 1);
        assert_eq!(king_moves(Color::White, sq("e1"), sq("h2"), rights), 2);
        assert_eq!(rook_moves(Color::White, sq("h1"), sq("f1"), rights), 0);
        assert_eq!(rook_moves(Color::White, sq("h1"), sq("f5"), rights), 1);
        // A promoted unit: d7-d8=Q, then on.
        assert_eq!(
            unit_cost(Color::White, sq("d7"), Role::Pawn, sq("d3"), Role::Queen, Bitboard::EMPTY),
            2
        );
    }

    #[test]
    fn assignment_takes_the_cheapest_matching() {
        // Two targets, three units: rows prefer column 0, the best total is 1 + 2.
        let cost = [1, 5, 7, 1, 2, 9];
        assert_eq!(min_cost_assignment(&cost, 2, 3), 3);
        assert_eq!(min_cost_assignment(&[NEVER, NEVER], 1, 2), NEVER);
    }

    fn game_array() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for file in 0..8 {
            for color in Color::ALL {
                board.put(
                    Square::from_coords(file, color.back_rank()),
                    piece(color, back[file as usize]),
                    false,
                );
                board.put(
                    Square::from_coords(file, color.pawn_rank()),
                    piece(color, Role::Pawn),
                    false,
                );
            }
        }
        board
    }

    #[test]
    fn the_bound_counts_each_side() {
        // Schweig's dia4: the knights go b1-c3-d5xe7xg8 and b8-d7-f6xg8, the pawn d7-d6.
        let start = game_array();
        let mut target = start;
        target.take(sq("b1"));
        target.take(sq("b8"));
        target.take(sq("e7"));
        target.take(sq("d7"));
        target.put(sq("d6"), piece(Color::Black, Role::Pawn), false);
        let goal = ProofTarget::new(&target).expect("orthodox units");
        let rights = Bitboard(1 << 0 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 60 | 1 << 63);
        // White has one unit more than the target, Black must take it; Black two more.
        assert!(goal.in_reach(&start, rights, [4, 4]));
        assert!(!goal.in_reach(&start, rights, [1, 4]));
        assert!(!goal.in_reach(&start, rights, [4, 0]));
        // The knight on g8 stands on a target square: Black needs only d7-d6 by the
        // count (the captures are counted apart).
        assert_eq!(goal.moves_needed(&start, rights, Color::Black), 1);
        assert_eq!(goal.moves_needed(&start, rights, Color::White), 0);
        // A white knight that must reach g8 from b1 needs four moves (b1-c3-e4-f6-g8).
        let mut far = target;
        far.take(sq("g8"));
        far.put(sq("g8"), piece(Color::White, Role::Knight), false);
        far.put(sq("g1"), piece(Color::White, Role::Knight), false);
        let goal = ProofTarget::new(&far).expect("orthodox units");
        assert_eq!(goal.moves_needed(&start, rights, Color::White), 4);
    }

    /// Random games from the game array: from every position of a game, its last
    /// position stays in reach with the moves each side made on the way (the bound is a
    /// bound), and a unit count the bound must refuse is refused.
    #[test]
    fn random_games_stay_in_reach() {
        use crate::conditions::{Orthodox, Rules};
        use crate::board::Position;
        let rules = Orthodox;
        let mut start: Position<()> = Position::new(game_array(), Color::White);
        start.assume_castling_rights();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..300 {
            let mut line = vec![start];
            let mut pos = start;
            for _ in 0..(4 + next(60)) {
                let mut children = Vec::new();
                rules.legal_successors(&pos, &mut children);
                if children.is_empty() {
                    break;
                }
                pos = children[next(children.len())].1;
                line.push(pos);
            }
            let target = ProofTarget::new(&pos.board).expect("orthodox units");
            for (i, p) in line.iter().enumerate() {
                let plies = line.len() - 1 - i;
                let mut left = [0; 2];
                left[p.side as usize] = plies.div_ceil(2);
                left[(!p.side) as usize] = plies / 2;
                assert!(target.in_reach(&p.board, p.castling, left), "{p:?} {left:?} to {pos:?}");
                if plies > 0 && p.board != pos.board {
                    // With no move left, only the target itself is in reach.
                    assert!(!target.in_reach(&p.board, p.castling, [0, 0]));
                }
            }
        }
    }
}
