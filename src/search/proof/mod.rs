//! Proof games (`dia`, `a=>b`): the position to reach, and a bound on how soon each
//! side's units can stand as it has them.
//!
//! For each side the bound counts the fewest moves that bring its units onto the
//! target's squares on a board where only the units the target holds in place for the
//! whole game stand (`paths`), each target unit matched to a unit of its own (at least
//! total cost: a pawn may become any promoted unit of the target), and the captures the
//! other side must make to remove the units the target lacks. Under orthodox movement
//! every change of a unit's square is a move of its own side along its walk, and a
//! captured unit leaves the board for good, so neither count can be beaten. A side's
//! count is remembered by its units (`memo`); where each of its moves left must take a
//! unit, the units with nothing to take are idle (`ProofTarget::idle_units`). Where the
//! walks change it counts one move a unit off its square, and under Andernach chess the
//! squares where the position differs from the target.

mod memo;
mod paths;

use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use crate::conditions::ProofCounting;
use crate::movegen::attacks;
use memo::NeedMemo;
use paths::Paths;
use smallvec::SmallVec;

/// A cost no line of play reaches: a unit that can never stand on the square.
const NEVER: i32 = 1_000_000;

/// The position a proof game must reach.
#[derive(Debug)]
pub struct ProofTarget {
    /// The target's unit on each square.
    units: [Option<Piece>; 64],
    /// The target's squares of each colour.
    by_color: [Bitboard; 2],
    /// The target's squares of each colour and kind, in the order of `Role::ORTHODOX`
    /// (the only kinds the bound counts: `plain_units`).
    pieces: [[Bitboard; 6]; 2],
    /// What the bound counts.
    count: Count,
    /// Alice chess (`ProofCounting::TwoBoards`): the target's squares of the units on
    /// board B; `None` elsewhere.
    board_b: Option<Bitboard>,
    /// The bound's answers, side by side.
    memo: NeedMemo,
}

impl ProofTarget {
    /// The target of a proof game on `board` (under Alice chess both boards' units, those
    /// on `board_b` on board B; see `Rules::proof_units`) under rules whose moves allow
    /// `counting`, where the bound holds: orthodox units only (no fairy kind, no neutral
    /// or kamikaze unit). `None` elsewhere.
    pub fn new<F: FairyStore>(
        board: &Board<F>,
        board_b: Bitboard,
        counting: ProofCounting,
    ) -> Option<ProofTarget> {
        if !plain_units(board) || counting == ProofCounting::Nothing {
            return None;
        }
        let mut units = [None; 64];
        for (sq, piece) in board.units() {
            units[sq.index()] = Some(piece);
        }
        Some(ProofTarget {
            units,
            by_color: [board.by_color(Color::White), board.by_color(Color::Black)],
            pieces: Color::ALL.map(|color| Role::ORTHODOX.map(|role| board.pieces(color, role))),
            count: match counting {
                ProofCounting::Distances => Count::Distances(Paths::new(&units)),
                // A unit passes the units of the other board: none holds a way shut.
                ProofCounting::TwoBoards => Count::Distances(Paths::new(&[None; 64])),
                ProofCounting::Steps => Count::Steps,
                ProofCounting::Squares => Count::Squares,
                ProofCounting::Nothing => unreachable!("refused above"),
            },
            board_b: (counting == ProofCounting::TwoBoards).then_some(board_b),
            memo: NeedMemo::new(),
        })
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.units[sq.index()]
    }

    /// Whether the units on `board` (those on `board_b` on board B, under Alice chess;
    /// with the castling rights `castling`) might still stand as the target has them
    /// when each side has played its moves `left` (indexed by colour).
    pub fn in_reach<F: FairyStore>(
        &self,
        board: &Board<F>,
        board_b: Bitboard,
        castling: Bitboard,
        left: [usize; 2],
    ) -> bool {
        if !plain_units(board) {
            // Promoted to a fairy kind, or units the count does not follow (a kamikaze
            // capturer leaves the board by its own move).
            return true;
        }
        if let Count::Squares = self.count {
            return self.squares_in_reach(board, castling, left);
        }
        Color::ALL.into_iter().all(|color| {
            let have = board.by_color(color).count() as usize;
            let want = self.by_color[color as usize].count() as usize;
            // Units only leave the board, each by a move of the other side.
            have >= want
                && have - want <= left[(!color) as usize]
                && self.memo.moves(board, board_b, castling, color, || {
                    self.moves_needed(board, board_b, castling, color)
                }) <= left[color as usize]
        })
    }

    /// Whether the squares where `board` differs from the target are few enough for the
    /// moves `left`: a move changes its departure and arrival squares, an en passant
    /// capture also the captured pawn's (one at most every other move, after a double
    /// step), a castling also the rook's two (once a side, while it keeps the rights).
    fn squares_in_reach<F: FairyStore>(
        &self,
        board: &Board<F>,
        castling: Bitboard,
        left: [usize; 2],
    ) -> bool {
        let differ = Square::all()
            .filter(|&sq| board.piece_at(sq) != self.piece_at(sq))
            .count();
        let plies = left[0] + left[1];
        let castlings = Color::ALL
            .into_iter()
            .filter(|&color| {
                let back = color.back_rank();
                left[color as usize] > 0
                    && castling.contains(Square::from_coords(4, back))
                    && (castling.contains(Square::from_coords(0, back))
                        || castling.contains(Square::from_coords(7, back)))
            })
            .count();
        differ <= 2 * plies + 2 * castlings + plies.div_ceil(2)
    }

    /// The units the other side has beyond the target's: the captures left to `color`,
    /// each by a move of its own.
    fn captures_left<F: FairyStore>(&self, board: &Board<F>, color: Color) -> usize {
        (board.by_color(!color).count() as usize)
            .saturating_sub(self.by_color[(!color) as usize].count() as usize)
    }

    /// The units of `color` that cannot take a unit with their next move (its orthodox
    /// captures, `en_passant` the square a pawn may take on), when each of its `moves`
    /// left must take one for the target to stay in reach; none otherwise. Where units
    /// move as in orthodox chess or by fewer moves (`ProofCounting::Distances`): a move of
    /// theirs leaves the target out of reach.
    pub fn idle_units<F: FairyStore>(
        &self,
        board: &Board<F>,
        color: Color,
        moves: usize,
        en_passant: Option<Square>,
    ) -> Bitboard {
        if !matches!(self.count, Count::Distances(_))
            || self.board_b.is_some()
            || !plain_units(board)
            || self.captures_left(board, color) < moves
        {
            return Bitboard::EMPTY;
        }
        let occupied = board.occupied();
        let prey = board.by_color(!color);
        let takes = |sq: Square| match board.role_at(sq) {
            Some(Role::Pawn) => {
                let on = attacks::pawn(color, sq);
                (on & prey).is_nonempty() || en_passant.is_some_and(|e| on.contains(e))
            }
            Some(Role::Knight) => (attacks::knight(sq) & prey).is_nonempty(),
            Some(Role::Bishop) => (attacks::bishop(sq, occupied) & prey).is_nonempty(),
            Some(Role::Rook) => (attacks::rook(sq, occupied) & prey).is_nonempty(),
            Some(Role::Queen) => (attacks::queen(sq, occupied) & prey).is_nonempty(),
            Some(Role::King) => (attacks::king(sq) & prey).is_nonempty(),
            _ => true,
        };
        board
            .by_color(color)
            .into_iter()
            .filter(|&sq| !takes(sq))
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The fewest moves of `color` that bring its units onto the target's squares (and
    /// boards, those on `board_b` on board B under Alice chess).
    pub fn moves_needed<F: FairyStore>(
        &self,
        board: &Board<F>,
        board_b: Bitboard,
        castling: Bitboard,
        color: Color,
    ) -> usize {
        // A pawn's every change of file is one of the captures left.
        let captures = self.captures_left(board, color);
        // A unit that stands on its target square stays matched to it: any other use
        // of it costs at least as much (distances obey the triangle inequality), except
        // where castling moves it for nothing, so units that may castle stay open.
        // Under Alice chess on its target's board too: the parity of a unit's moves
        // keeps the triangle inequality (two legs' parities add up to the whole's).
        let wanted = &self.pieces[color as usize];
        let off_board = self
            .board_b
            .map_or(Bitboard::EMPTY, |target_b| target_b ^ board_b);
        let home = Role::ORTHODOX
            .iter()
            .zip(wanted)
            .fold(Bitboard::EMPTY, |home, (&role, &want)| {
                home | (board.pieces(color, role) & want)
            })
            & !castling
            & !off_board;
        let mut targets: SmallVec<[(Square, Role); 16]> = SmallVec::new();
        let mut units: SmallVec<[(Square, Role); 16]> = SmallVec::new();
        for (&role, &want) in Role::ORTHODOX.iter().zip(wanted) {
            targets.extend((want & !home).into_iter().map(|sq| (sq, role)));
            units.extend(
                (board.pieces(color, role) & !home)
                    .into_iter()
                    .map(|sq| (sq, role)),
            );
        }
        if targets.is_empty() {
            return 0;
        }
        if units.len() < targets.len() {
            return usize::MAX;
        }
        // Filled in place: a collected inline vector is moved, a kilobyte each time.
        let mut cost: SmallVec<[i32; 256]> = SmallVec::new();
        for &(t, want) in &targets {
            cost.extend(units.iter().map(|&(u, role)| match &self.count {
                Count::Distances(paths) => {
                    let moves = unit_cost(paths, captures, color, u, role, t, want, castling);
                    match self.board_b {
                        // A castling rook passes to the other board in its king's move.
                        Some(_) if role == Role::Rook && castling.contains(u) => moves,
                        Some(target_b) => {
                            let odd = board_b.contains(u) != target_b.contains(t);
                            with_parity(moves, odd, role)
                        }
                        None => moves,
                    }
                }
                _ => unit_step(u, role, t, want, castling),
            }));
        }
        let total = min_cost_assignment(&cost, targets.len(), units.len());
        if total >= NEVER {
            usize::MAX
        } else {
            total as usize
        }
    }
}

/// What the bound counts, by what the rules' moves are made of (`ProofCounting`).
#[derive(Debug)]
enum Count {
    /// Each side's moves to bring its units to the target's squares, around the units
    /// the target holds in place.
    Distances(Box<Paths>),
    /// Each side's units off their target squares, one move each.
    Steps,
    /// The squares where the position differs from the target.
    Squares,
}

/// The fewest moves, at least `moves`, of a unit of kind `role` that brings it to its
/// square in an odd number of moves if `odd` (Alice chess: to the other board), else
/// an even one. Back to its own square a unit needs two moves at least, three if odd; a
/// pawn never comes back.
fn with_parity(moves: i32, odd: bool, role: Role) -> i32 {
    if moves >= NEVER || (moves % 2 == 1) == odd {
        moves
    } else if moves > 0 {
        moves + 1
    } else if role == Role::Pawn {
        NEVER
    } else {
        3
    }
}

/// Whether `board` holds orthodox units only: no fairy kind, no neutral or kamikaze unit.
fn plain_units<F: FairyStore>(board: &Board<F>) -> bool {
    board.fairy_units().is_empty() && board.neutral().is_empty() && board.kamikaze().is_empty()
}

/// Whether the unit of kind `role` on `from` must move to stand on `to` as a
/// unit of kind `want` (1), need not (0), or never can (a unit keeps its kind but for a
/// pawn's promotion): the count where walks change. A rook that may castle can be carried
/// by its king's move.
fn unit_step(from: Square, role: Role, to: Square, want: Role, castling: Bitboard) -> i32 {
    let promotes = role == Role::Pawn && Role::PROMOTIONS.contains(&want);
    if role != want && !promotes {
        NEVER
    } else if (from == to && role == want) || (role == Role::Rook && castling.contains(from)) {
        0
    } else {
        1
    }
}

/// The fewest moves that bring the unit of `color` and kind `role` on `from` to `to` as
/// a unit of kind `want`, around the target's fixed units (`Paths::distance`: a pawn may
/// promote on the way), with castling where no fixed unit stands between king and rook:
/// the king's one move, the rook carried for nothing.
#[allow(clippy::too_many_arguments)]
fn unit_cost(
    paths: &Paths,
    captures: usize,
    color: Color,
    from: Square,
    role: Role,
    to: Square,
    want: Role,
    castling: Bitboard,
) -> i32 {
    let cost = |n: u8| {
        if n == paths::NEVER {
            NEVER
        } else {
            i32::from(n)
        }
    };
    let moves = |role: Role, from: Square| cost(paths.distance(color, role, from, role, to, 0));
    let mut best = cost(paths.distance(color, role, from, want, to, captures));
    if role != want || !castling.contains(from) {
        return best;
    }
    let back = color.back_rank();
    let king = Square::from_coords(4, back);
    // (rook's file, king's file after castling, rook's file after castling)
    for (rook_file, king_to, rook_to) in [(7, 6, 5), (0, 2, 3)] {
        let rook = Square::from_coords(rook_file, back);
        let between =
            (rook_file.min(4) + 1..rook_file.max(4)).map(|f| Square::from_coords(f, back));
        if !castling.contains(king)
            || !castling.contains(rook)
            || between.into_iter().any(|sq| paths.fixed().contains(sq))
        {
            continue;
        }
        if role == Role::King && from == king {
            best = best.min(1 + moves(Role::King, Square::from_coords(king_to, back)));
        } else if role == Role::Rook && from == rook {
            best = best.min(moves(Role::Rook, Square::from_coords(rook_to, back)));
        }
    }
    best
}

/// The least total cost of giving each of `rows` rows its own column, with
/// `cost[row * cols + col]` (`rows <= cols`): the Hungarian method with potentials.
fn min_cost_assignment(cost: &[i32], rows: usize, cols: usize) -> i32 {
    debug_assert!(rows <= cols && cost.len() == rows * cols);
    // On the stack up to 32 columns: the bound asks at every node (a side has 16 units
    // but where promotions or a constructed position give it more).
    const INLINE: usize = 33;
    if cols < INLINE {
        let mut potentials = [0i64; 2 * INLINE];
        let (u, v) = potentials.split_at_mut(INLINE);
        let mut owner = [0usize; INLINE];
        let mut way = [0usize; INLINE];
        let mut min = [0i64; INLINE];
        let mut used = [false; INLINE];
        assign(
            cost, rows, cols, u, v, &mut owner, &mut way, &mut min, &mut used,
        )
    } else {
        let (mut u, mut v) = (vec![0; rows + 1], vec![0; cols + 1]);
        let (mut owner, mut way) = (vec![0; cols + 1], vec![0; cols + 1]);
        let (mut min, mut used) = (vec![0; cols + 1], vec![false; cols + 1]);
        assign(
            cost, rows, cols, &mut u, &mut v, &mut owner, &mut way, &mut min, &mut used,
        )
    }
}

/// [`min_cost_assignment`] in the given working space: the potentials `u` of the rows
/// and `v` of the columns, each column's `owner` row and the `way` to it, and per row the
/// least reduced cost (`min`) and whether each column is `used`; all with room for
/// `rows + 1` or `cols + 1` entries, 1-based (column 0 is the free start of each
/// augmenting path).
#[allow(clippy::too_many_arguments)]
#[inline]
fn assign(
    cost: &[i32],
    rows: usize,
    cols: usize,
    u: &mut [i64],
    v: &mut [i64],
    owner: &mut [usize],
    way: &mut [usize],
    min: &mut [i64],
    used: &mut [bool],
) -> i32 {
    let at = |r: usize, c: usize| i64::from(cost[(r - 1) * cols + (c - 1)]);
    u[..=rows].fill(0);
    v[..=cols].fill(0);
    owner[..=cols].fill(0);
    for row in 1..=rows {
        owner[0] = row;
        let mut col0 = 0;
        min[..=cols].fill(i64::MAX);
        used[..=cols].fill(false);
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
        let none = Bitboard::EMPTY;
        let empty = Paths::new(&[None; 64]);
        let cost = |color, from: &str, role, to: &str, want| {
            unit_cost(&empty, 8, color, sq(from), role, sq(to), want, none)
        };
        assert_eq!(
            cost(Color::White, "g1", Role::Knight, "f3", Role::Knight),
            1
        );
        assert_eq!(
            cost(Color::White, "a1", Role::Knight, "h8", Role::Knight),
            6
        );
        assert_eq!(
            cost(Color::White, "c1", Role::Bishop, "c3", Role::Bishop),
            2
        );
        assert_eq!(
            cost(Color::White, "c1", Role::Bishop, "c2", Role::Bishop),
            NEVER
        );
        assert_eq!(cost(Color::White, "e2", Role::Pawn, "e4", Role::Pawn), 1);
        assert_eq!(cost(Color::White, "e2", Role::Pawn, "d4", Role::Pawn), 2);
        assert_eq!(
            cost(Color::White, "e2", Role::Pawn, "b4", Role::Pawn),
            NEVER
        );
        assert_eq!(
            cost(Color::Black, "d5", Role::Pawn, "d6", Role::Pawn),
            NEVER
        );
        // A promoted unit: d7-d8=Q, then on.
        assert_eq!(cost(Color::White, "d7", Role::Pawn, "d3", Role::Queen), 2);
        assert_eq!(
            cost(Color::White, "d7", Role::Knight, "d3", Role::Queen),
            NEVER
        );
        // Castling: one move for the king, none for the rook.
        let rights = Bitboard(1 << 4 | 1 << 7);
        let castle = |from: &str, role, to: &str| {
            unit_cost(
                &empty,
                8,
                Color::White,
                sq(from),
                role,
                sq(to),
                role,
                rights,
            )
        };
        assert_eq!(castle("e1", Role::King, "g1"), 1);
        assert_eq!(castle("e1", Role::King, "h2"), 2);
        assert_eq!(castle("e1", Role::King, "c1"), 2);
        assert_eq!(castle("h1", Role::Rook, "f1"), 0);
        assert_eq!(castle("h1", Role::Rook, "f5"), 1);
        // Where walks change, one step for a unit off its square, none on it.
        assert_eq!(
            unit_step(sq("a1"), Role::Knight, sq("h8"), Role::Knight, none),
            1
        );
        assert_eq!(
            unit_step(sq("a1"), Role::Knight, sq("a1"), Role::Knight, none),
            0
        );
        assert_eq!(
            unit_step(sq("d7"), Role::Pawn, sq("d3"), Role::Queen, none),
            1
        );
        assert_eq!(
            unit_step(sq("d7"), Role::Rook, sq("d3"), Role::Queen, none),
            NEVER
        );
        assert_eq!(
            unit_step(sq("h1"), Role::Rook, sq("f1"), Role::Rook, rights),
            0
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
        for u in crate::problem::game_array(crate::input::Span::default()) {
            board.put(u.square, piece(u.color, u.role), false);
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
        let goal = ProofTarget::new(&target, Bitboard::EMPTY, ProofCounting::Distances)
            .expect("orthodox units");
        let rights = Bitboard(1 << 0 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 60 | 1 << 63);
        // White has one unit more than the target, Black must take it; Black two more.
        assert!(goal.in_reach(&start, Bitboard::EMPTY, rights, [4, 4]));
        assert!(!goal.in_reach(&start, Bitboard::EMPTY, rights, [1, 4]));
        assert!(!goal.in_reach(&start, Bitboard::EMPTY, rights, [4, 0]));
        // The knight on g8 stands on a target square: Black needs only d7-d6 by the
        // count (the captures are counted apart).
        assert_eq!(
            goal.moves_needed(&start, Bitboard::EMPTY, rights, Color::Black),
            1
        );
        assert_eq!(
            goal.moves_needed(&start, Bitboard::EMPTY, rights, Color::White),
            0
        );
        // A white knight that must reach g8 from b1 needs four moves (b1-c3-e4-f6-g8).
        let mut far = target;
        far.take(sq("g8"));
        far.put(sq("g8"), piece(Color::White, Role::Knight), false);
        far.put(sq("g1"), piece(Color::White, Role::Knight), false);
        let goal = ProofTarget::new(&far, Bitboard::EMPTY, ProofCounting::Distances)
            .expect("orthodox units");
        assert_eq!(
            goal.moves_needed(&start, Bitboard::EMPTY, rights, Color::White),
            4
        );
    }

    /// Random games from the game array: from every position of a game, its last
    /// position stays in reach with the moves each side made on the way (the bound is a
    /// bound), and a unit count the bound must refuse is refused.
    #[test]
    fn random_games_stay_in_reach() {
        use crate::board::Position;
        use crate::conditions::{Orthodox, Rules};
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
            let target = ProofTarget::new(&pos.board, Bitboard::EMPTY, ProofCounting::Distances)
                .expect("orthodox units");
            for (i, p) in line.iter().enumerate() {
                let plies = line.len() - 1 - i;
                let mut left = [0; 2];
                left[p.side as usize] = plies.div_ceil(2);
                left[(!p.side) as usize] = plies / 2;
                assert!(
                    target.in_reach(&p.board, Bitboard::EMPTY, p.castling, left),
                    "{p:?} {left:?} to {pos:?}"
                );
                if plies > 0 && p.board != pos.board {
                    // With no move left, only the target itself is in reach.
                    assert!(!target.in_reach(&p.board, Bitboard::EMPTY, p.castling, [0, 0]));
                }
                // A unit that moves on the way to the target is never called idle.
                if let Some(next) = line.get(i + 1) {
                    let moved = p.board.by_color(p.side) & !next.board.by_color(p.side);
                    let en_passant = p.ep.map(|e| e.crossed);
                    let idle =
                        target.idle_units(&p.board, p.side, left[p.side as usize], en_passant);
                    assert!((idle & moved).is_empty(), "{p:?} {left:?} to {pos:?}");
                }
                // The memo gives back what the bound found for the same units (where
                // another key has not taken the slot since).
                for color in Color::ALL {
                    let found = target.moves_needed(&p.board, Bitboard::EMPTY, p.castling, color);
                    let kept =
                        target
                            .memo
                            .moves(&p.board, Bitboard::EMPTY, p.castling, color, || found);
                    assert_eq!(kept, found, "{p:?} {color:?}");
                }
            }
        }
    }
}
