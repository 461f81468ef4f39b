//! The units a proof game's target holds in place for the whole game, and the fewest
//! moves of every other unit on a board where those stand and nothing else.
//!
//! A pawn on its own second rank in the target has stood there since the game array: no
//! pawn enters its second rank, and one that leaves it never comes back. A piece in the
//! target whose every first step (a knight's leaps, a line piece's neighbouring squares
//! along its lines, a king's steps) leads onto such fixed units never moves either, and
//! is never captured: no unit of its kind could come back onto its square. So the fixed
//! units stand in every position on the way to the target, and a unit's way there goes
//! around them: the empty-board distances of `search::reach`, with the fixed squares
//! closed. This holds where units change squares only by their own side's orthodox
//! moves and a captured unit leaves the board for good (`ProofCounting::Distances`).

use crate::board::{Bitboard, Color, Piece, Role, Square};
use crate::movegen::attacks;
use crate::search::reach::bfs;

/// More moves than any line has: the unit can never stand on the square.
pub(super) const NEVER: u8 = u8::MAX;

/// The pieces a pawn may promote to.
const PROMOTED: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The pieces (not pawns), in the order of `Paths::piece`.
const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The fixed units of a proof game's target and the least moves around them.
#[derive(Clone)]
pub(super) struct Paths {
    /// The squares of the units that stand in place for the whole game.
    fixed: Bitboard,
    /// `piece[i][from][to]`: moves for a `PIECES[i]` on `from` to stand on `to`.
    piece: [[[u8; 64]; 64]; 5],
    /// `walk[k][color][from][to]`: moves for a pawn on `from` to stand on `to` as a pawn
    /// with at most `k` captures on the way, any number for `k == BUDGETS - 1`.
    walk: [[[[u8; 64]; 64]; 2]; BUDGETS],
}

/// The capture budgets the pawns' tables are kept for: 0 to 7 captures, and any number.
const BUDGETS: usize = 9;

impl Paths {
    /// The fixed units of the target `units` (indexed by square) and the distances
    /// around them.
    pub(super) fn new(units: &[Option<Piece>; 64]) -> Box<Paths> {
        let fixed = fixed_units(units);
        let mut paths = Box::new(Paths {
            fixed,
            piece: [[[NEVER; 64]; 64]; 5],
            walk: [[[[NEVER; 64]; 64]; 2]; BUDGETS],
        });
        for (i, role) in PIECES.into_iter().enumerate() {
            for from in Square::all() {
                paths.piece[i][from.index()] = bfs(from, |sq| piece_moves(role, sq, fixed));
            }
        }
        for color in Color::ALL {
            for from in Square::all() {
                let walks = pawn_walks(color, from, fixed);
                for (k, walk) in walks.into_iter().enumerate() {
                    paths.walk[k][color.index()][from.index()] = walk;
                }
            }
        }
        paths
    }

    /// The squares of the units that stand in place for the whole game.
    pub(super) fn fixed(&self) -> Bitboard {
        self.fixed
    }

    /// The fewest moves that bring the unit of `color` and kind `role` on `from` to `to`
    /// as a unit of kind `want` (a pawn may promote on the way), around the fixed units,
    /// where a pawn captures at most `captures` times (each capture of a pawn takes a unit
    /// of the other side, and a pawn changes files only so).
    pub(super) fn distance(
        &self,
        color: Color,
        role: Role,
        from: Square,
        want: Role,
        to: Square,
        captures: usize,
    ) -> u8 {
        let (f, t) = (from.index(), to.index());
        let walk = &self.walk[captures.min(BUDGETS - 1)][color.index()][f];
        match (role, want) {
            (Role::Pawn, Role::Pawn) => walk[t],
            (Role::Pawn, promoted) if PROMOTED.contains(&promoted) => {
                let piece = &self.piece[piece_index(promoted)];
                (Bitboard::rank(color.promotion_rank()) & !self.fixed)
                    .into_iter()
                    .map(|p| walk[p.index()].saturating_add(piece[p.index()][t]))
                    .min()
                    .unwrap_or(NEVER)
            }
            (piece, other) if piece == other && PIECES.contains(&piece) => {
                self.piece[piece_index(piece)][f][t]
            }
            _ => NEVER,
        }
    }
}

impl std::fmt::Debug for Paths {
    /// The fixed squares only: the tables follow from them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Paths")
            .field("fixed", &self.fixed)
            .finish_non_exhaustive()
    }
}

fn piece_index(role: Role) -> usize {
    PIECES
        .iter()
        .position(|&r| r == role)
        .expect("an orthodox piece")
}

/// The units of the target that stand in place for the whole game: its pawns on their
/// second ranks, then, until none is added, its pieces whose every first step leads onto
/// a fixed unit.
pub(super) fn fixed_units(units: &[Option<Piece>; 64]) -> Bitboard {
    let mut fixed = Bitboard::EMPTY;
    for sq in Square::all() {
        if let Some(p) = units[sq.index()] {
            if p.role == Role::Pawn && sq.rank() == p.color.pawn_rank() {
                fixed = fixed.with(sq);
            }
        }
    }
    loop {
        let mut grown = fixed;
        for sq in Square::all() {
            let Some(p) = units[sq.index()] else { continue };
            if fixed.contains(sq) || !PIECES.contains(&p.role) {
                continue;
            }
            let first_steps = piece_moves(p.role, sq, Bitboard::EMPTY) & attacks_near(p.role, sq);
            if (first_steps & !fixed).is_empty() {
                grown = grown.with(sq);
            }
        }
        if grown == fixed {
            return fixed;
        }
        fixed = grown;
    }
}

/// The squares a unit of `role` passes first on leaving `sq`: a knight's leaps, else the
/// neighbouring squares.
fn attacks_near(role: Role, sq: Square) -> Bitboard {
    if role == Role::Knight {
        attacks::knight(sq)
    } else {
        attacks::king(sq)
    }
}

/// The squares a piece of `role` on `sq` moves to, with the `fixed` squares closed.
fn piece_moves(role: Role, sq: Square, fixed: Bitboard) -> Bitboard {
    let to = match role {
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, fixed),
        Role::Rook => attacks::rook(sq, fixed),
        Role::Queen => attacks::queen(sq, fixed),
        Role::King => attacks::king(sq),
        _ => unreachable!("{role:?}: the paths count orthodox pieces only"),
    };
    to & !fixed
}

/// The squares a pawn of `color` on `sq` goes to in one move: its steps forward and,
/// supposing a unit to capture wherever it captures but on a fixed square, its captures;
/// none from its first rank (the reference solver's pawns there never move) or from its
/// last.
fn pawn_moves(color: Color, sq: Square, fixed: Bitboard) -> (Bitboard, Bitboard) {
    if sq.rank() == color.back_rank() || sq.rank() == color.promotion_rank() {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    let mut steps = Bitboard::EMPTY;
    if let Some(one) = sq
        .offset(0, color.forward())
        .filter(|&s| !fixed.contains(s))
    {
        steps = steps.with(one);
        if sq.rank() == color.pawn_rank() {
            if let Some(two) = one
                .offset(0, color.forward())
                .filter(|&s| !fixed.contains(s))
            {
                steps = steps.with(two);
            }
        }
    }
    (steps, attacks::pawn(color, sq) & !fixed)
}

/// The least moves of a pawn of `color` from `from` to each square as a pawn, around the
/// `fixed` squares, with at most `k` captures (`k < BUDGETS - 1`) and with any number:
/// breadth first over the squares and the captures made so far.
fn pawn_walks(color: Color, from: Square, fixed: Bitboard) -> [[u8; 64]; BUDGETS] {
    const COUNTED: usize = BUDGETS - 1;
    // `exact[j][sq]`: least moves to `sq` with exactly `j` captures.
    let mut exact = [[NEVER; 64]; COUNTED];
    let mut frontier = [Bitboard::EMPTY; COUNTED];
    let mut seen = [Bitboard::EMPTY; COUNTED];
    exact[0][from.index()] = 0;
    frontier[0] = Bitboard::from_square(from);
    seen[0] = frontier[0];
    let mut d = 0u8;
    while frontier.iter().any(|f| f.is_nonempty()) {
        d += 1;
        let mut next = [Bitboard::EMPTY; COUNTED];
        for j in 0..COUNTED {
            for sq in frontier[j] {
                let (steps, captures) = pawn_moves(color, sq, fixed);
                next[j] |= steps;
                if j + 1 < COUNTED {
                    next[j + 1] |= captures;
                }
            }
        }
        for j in 0..COUNTED {
            next[j] &= !seen[j];
            for sq in next[j] {
                exact[j][sq.index()] = d;
            }
            seen[j] |= next[j];
        }
        frontier = next;
    }
    let mut walks = [[NEVER; 64]; BUDGETS];
    let mut best = [NEVER; 64];
    for (k, row) in exact.iter().enumerate() {
        for (b, &e) in best.iter_mut().zip(row) {
            *b = (*b).min(e);
        }
        walks[k] = best;
    }
    walks[COUNTED] = bfs(from, |sq| {
        let (steps, captures) = pawn_moves(color, sq, fixed);
        steps | captures
    });
    walks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    fn target(units: &[(&str, Color, Role)]) -> [Option<Piece>; 64] {
        let mut board = [None; 64];
        for &(at, color, role) in units {
            board[sq(at).index()] = Some(Piece::new(color, role));
        }
        board
    }

    #[test]
    fn the_game_arrays_fixed_units() {
        let mut units = Vec::new();
        for file in b'a'..=b'h' {
            let file = file as char;
            units.push((format!("{file}2"), Color::White, Role::Pawn));
            units.push((format!("{file}7"), Color::Black, Role::Pawn));
        }
        for (at, role) in [
            ("a", Role::Rook),
            ("b", Role::Knight),
            ("c", Role::Bishop),
            ("d", Role::Queen),
            ("e", Role::King),
            ("f", Role::Bishop),
            ("g", Role::Knight),
            ("h", Role::Rook),
        ] {
            units.push((format!("{at}1"), Color::White, role));
            units.push((format!("{at}8"), Color::Black, role));
        }
        let units: Vec<_> = units.iter().map(|(s, c, r)| (s.as_str(), *c, *r)).collect();
        let fixed = fixed_units(&target(&units));
        // The pawns, and the bishops shut in by them; the knights leap out, the rooks,
        // queens and kings have the knights' and each other's squares.
        let expected = Bitboard::rank(1)
            | Bitboard::rank(6)
            | ["c1", "f1", "c8", "f8"]
                .into_iter()
                .fold(Bitboard::EMPTY, |b, s| b.with(sq(s)));
        assert_eq!(fixed, expected);
    }

    #[test]
    fn ways_go_around_the_fixed_units() {
        // Gruber's dia8.5 (proof-07): g2 stays, so Bf1-h3 takes three moves, not one.
        let units = target(&[
            ("g2", Color::White, Role::Pawn),
            ("h3", Color::White, Role::Bishop),
        ]);
        let paths = Paths::new(&units);
        assert_eq!(paths.fixed(), Bitboard::from_square(sq("g2")));
        let white = Color::White;
        assert_eq!(
            paths.distance(white, Role::Bishop, sq("f1"), Role::Bishop, sq("h3"), 8),
            3
        );
        assert_eq!(
            paths.distance(white, Role::Queen, sq("f1"), Role::Queen, sq("h3"), 8),
            2
        );
        // Pawns beside it go on: h2-h4, h2xg3.
        assert_eq!(
            paths.distance(white, Role::Pawn, sq("h2"), Role::Pawn, sq("h4"), 8),
            1
        );
        assert_eq!(
            paths.distance(white, Role::Pawn, sq("h2"), Role::Pawn, sq("g3"), 1),
            1
        );
        // No unit comes onto a fixed square.
        assert_eq!(
            paths.distance(white, Role::King, sq("f1"), Role::King, sq("g2"), 8),
            NEVER
        );
    }

    #[test]
    fn a_pawn_changes_files_only_by_the_captures_left() {
        let paths = Paths::new(&[None; 64]);
        let white = Color::White;
        let walk = |from, to, captures| {
            paths.distance(white, Role::Pawn, sq(from), Role::Pawn, sq(to), captures)
        };
        assert_eq!(walk("e2", "e4", 0), 1);
        assert_eq!(walk("e2", "d4", 0), NEVER);
        assert_eq!(walk("e2", "d4", 1), 2);
        assert_eq!(walk("e2", "c4", 1), NEVER);
        assert_eq!(walk("e2", "c4", 2), 2);
        assert_eq!(walk("a2", "h7", 8), NEVER);
        assert_eq!(walk("a2", "h8", 7), NEVER);
        // Andernach 2001 (atob-02): b6-b7-b8=R-h8, not g7xh8=R with no capture left.
        let rook = |from, captures| {
            paths.distance(white, Role::Pawn, sq(from), Role::Rook, sq("h8"), captures)
        };
        assert_eq!(rook("b6", 0), 3);
        assert_eq!(rook("g6", 0), 3);
        assert_eq!(rook("g6", 1), 2);
        // Around a fixed unit a pawn may need captures to stay on its file: with e7
        // fixed, e6xd7xe8=Q, or e6xd7, d7-d8=Q, Qd8-e8 with one capture.
        let shut = Paths::new(&target(&[("e7", Color::Black, Role::Pawn)]));
        let queen =
            |captures| shut.distance(white, Role::Pawn, sq("e6"), Role::Queen, sq("e8"), captures);
        assert_eq!(queen(0), NEVER);
        assert_eq!(queen(1), 3);
        assert_eq!(queen(2), 2);
        assert_eq!(
            shut.distance(white, Role::Pawn, sq("e5"), Role::Pawn, sq("e7"), 8),
            NEVER
        );
    }
}
