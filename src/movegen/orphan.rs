//! The orphan (`O`): a unit without a walk of its own. It moves, captures and observes
//! with the walk of every kind W for which an enemy unit of kind W observes it, or an
//! enemy orphan observes it with W and has W itself by the same rule: a chain of orphans
//! of alternating colours, each observing the one before with W, ending at a unit of
//! kind W. No orphan appears twice in a chain (the reference solver treats an orphan it
//! has passed as a plain obstacle). The kinds W are those on the board, either colour,
//! the orphan excepted.

use super::pseudo::observes;
use crate::board::{Bitboard, Board, Color, FairyStore, Piece, Role, Square};
use smallvec::SmallVec;

/// The kinds on the board an orphan may borrow, in the order of the table of kinds.
fn kinds_present<F: FairyStore>(board: &Board<F>) -> SmallVec<[Role; 8]> {
    let mut kinds: SmallVec<[Role; 8]> = SmallVec::new();
    for role in Role::ORTHODOX {
        if board.by_role(role).is_nonempty() {
            kinds.push(role);
        }
    }
    for sq in board.fairy_units() {
        let role = board.role_at(sq).expect("a fairy unit");
        if role != Role::Orphan && !kinds.contains(&role) {
            kinds.push(role);
        }
    }
    kinds.sort_by_key(|r| r.index());
    kinds
}

/// Whether the unit of `color` on `sq` is observed with walk `walk` by an enemy unit of
/// that kind, or by an enemy orphan outside `passed` that has the walk through a chain.
fn chained<F: FairyStore>(
    board: &Board<F>,
    sq: Square,
    color: Color,
    walk: Role,
    passed: Bitboard,
    occupied: Bitboard,
) -> bool {
    let enemy = !color;
    let as_walk = Piece::new(enemy, walk);
    let mut lenders = board.pieces(enemy, walk).without(sq);
    if walk == Role::Pawn {
        // Pawns on their own first rank neither move nor capture.
        lenders &= !Bitboard::rank(enemy.back_rank());
    }
    if lenders
        .into_iter()
        .any(|from| observes(as_walk, from, sq, occupied))
    {
        return true;
    }
    let passed = passed.with(sq);
    (board.pieces(enemy, Role::Orphan) & !passed)
        .into_iter()
        .any(|o| {
            observes(as_walk, o, sq, occupied) && chained(board, o, enemy, walk, passed, occupied)
        })
}

/// The walks the orphan of `color` on `from` has, with `occupied` as the occupancy.
pub fn walks<F: FairyStore>(
    board: &Board<F>,
    from: Square,
    color: Color,
    occupied: Bitboard,
) -> SmallVec<[Role; 8]> {
    kinds_present(board)
        .into_iter()
        .filter(|&w| chained(board, from, color, w, Bitboard::EMPTY, occupied))
        .collect()
}

/// Whether the orphan of `by` on `from` could capture a unit on `target` (were it an
/// enemy), with `occupied` as the occupancy. Out of line: the observation function's
/// common path only asks it for orphans.
#[inline(never)]
pub fn observes_from<F: FairyStore>(
    board: &Board<F>,
    by: Color,
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> bool {
    kinds_present(board).into_iter().any(|w| {
        observes(Piece::new(by, w), from, target, occupied)
            && chained(board, from, by, w, Bitboard::EMPTY, occupied)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FairyUnits, Plain, Position};
    use crate::movegen::walks::reference;
    use crate::movegen::{attackers, pseudo_moves, Gen, MoveList, Promotions};
    use std::collections::{BTreeSet, HashMap};

    /// Whether `piece` on `from` captures on `target` by the reference walker (a pawn on
    /// its first rank not at all), with `target` occupied.
    fn sees(piece: Piece, from: Square, target: Square, occ: Bitboard) -> bool {
        reference::moves(piece, from, occ.with(target))
            .captures
            .iter()
            .any(|&(_, x)| x == target)
    }

    /// The squares an orphan of `color` on `from` captures on with the pawn's walk,
    /// which it uses from its first rank too.
    fn pawn_diagonals(color: Color, from: Square) -> Vec<Square> {
        [-1, 1]
            .into_iter()
            .filter_map(|df| from.offset(df, color.forward()))
            .collect()
    }

    /// Whether the orphan of `color` on `from` captures on `target` with `walk`.
    fn orphan_sees(color: Color, walk: Role, from: Square, target: Square, occ: Bitboard) -> bool {
        if walk == Role::Pawn && from.rank() == color.back_rank() {
            return pawn_diagonals(color, from).contains(&target);
        }
        sees(Piece::new(color, walk), from, target, occ)
    }

    /// Every orphan's walks by a fixpoint instead of a search for chains: an orphan has
    /// W when an enemy unit of kind W observes it, or an enemy orphan that has W observes
    /// it with W; repeated until nothing changes. (A chain with an orphan twice contains
    /// one without, so the least fixpoint is the set of chains of distinct orphans.)
    fn reference_walks(board: &Board<FairyUnits>) -> HashMap<Square, BTreeSet<Role>> {
        let occ = board.occupied();
        let orphans = board.by_role(Role::Orphan);
        let kinds: BTreeSet<Role> = board
            .units()
            .map(|(_, p)| p.role)
            .filter(|&r| r != Role::Orphan)
            .collect();
        let mut has: HashMap<Square, BTreeSet<Role>> =
            orphans.into_iter().map(|o| (o, BTreeSet::new())).collect();
        loop {
            let mut changed = false;
            for o in orphans {
                let color = board.piece_at(o).expect("an orphan").color;
                for &w in &kinds {
                    if has[&o].contains(&w) {
                        continue;
                    }
                    let by_unit = board
                        .units()
                        .filter(|(_, p)| p.color == !color && p.role == w)
                        .any(|(sq, p)| sees(p, sq, o, occ));
                    let by_orphan = (orphans & board.by_color(!color))
                        .into_iter()
                        .any(|o2| has[&o2].contains(&w) && orphan_sees(!color, w, o2, o, occ));
                    if by_unit || by_orphan {
                        has.get_mut(&o).expect("an orphan").insert(w);
                        changed = true;
                    }
                }
            }
            if !changed {
                return has;
            }
        }
    }

    fn rng(mut s: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % n
        }
    }

    /// Walks, observation and moves of orphans against the fixpoint and the reference
    /// walker, on random boards with several orphans of both colours among units of
    /// every kind but the royal ones.
    #[test]
    fn orphans_agree_with_a_fixpoint_of_the_reference_walker() {
        let kinds: Vec<Role> = Role::all()
            .filter(|r| !r.is_royal() && *r != Role::Orphan)
            .collect();
        let mut next = rng(0x9E37_79B9_7F4A_7C15);
        let mut borrowed = 0;
        let mut chained = 0;
        for _ in 0..3000 {
            let mut board = Board::<FairyUnits>::empty();
            let orphans = 2 + next(5);
            let others = 3 + next(8);
            for i in 0..orphans + others {
                let sq = Square::new(next(64) as u8);
                if board.occupied().contains(sq) {
                    continue;
                }
                let role = if i < orphans {
                    Role::Orphan
                } else if next(3) == 0 {
                    Role::ORTHODOX[next(5) as usize]
                } else {
                    kinds[next(kinds.len() as u64) as usize]
                };
                if role.is_pawn() && (sq.rank() == 0 || sq.rank() == 7) {
                    continue;
                }
                let color = if next(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(sq, Piece::new(color, role), false);
            }
            let occ = board.occupied();
            let want = reference_walks(&board);
            for (&o, walks_wanted) in &want {
                let color = board.piece_at(o).expect("an orphan").color;
                let got: BTreeSet<Role> = walks(&board, o, color, occ).into_iter().collect();
                assert_eq!(
                    &got, walks_wanted,
                    "walks of the orphan on {o} in {board:?}"
                );
                borrowed += usize::from(!got.is_empty());
                let direct = board.units().any(|(sq, p)| {
                    p.color != color && p.role != Role::Orphan && sees(p, sq, o, occ)
                });
                chained += usize::from(!got.is_empty() && !direct);
            }
            // Attackers of every square, orphans among them.
            for by in Color::ALL {
                for target in Square::all() {
                    let mut expected = Bitboard::EMPTY;
                    for (sq, p) in board.units() {
                        if p.color != by || sq == target {
                            continue;
                        }
                        let hit = if p.role == Role::Orphan {
                            want[&sq]
                                .iter()
                                .any(|&w| orphan_sees(by, w, sq, target, occ))
                        } else {
                            sees(p, sq, target, occ)
                        };
                        if hit {
                            expected = expected.with(sq);
                        }
                    }
                    let orphans_of = board.pieces(by, Role::Orphan);
                    assert_eq!(
                        attackers(&board, target, by, occ) & orphans_of,
                        expected & orphans_of,
                        "orphans of {by:?} attacking {target} in {board:?}"
                    );
                }
            }
            // The orphans' moves: each walk's, captures of enemies only, once each.
            for side in Color::ALL {
                let pos = Position::<Plain<FairyUnits>>::new(board, side);
                let mut list = MoveList::new();
                pseudo_moves(&pos, Gen::All, Promotions::default(), &mut list);
                // A move is its squares, what it takes and whether it is a pawn's double
                // step (a locust's quiet landing and its capture landing on the same square
                // are two moves; so are a rook's step and a pawn's double step, which the
                // reference solver lists twice).
                let got: BTreeSet<(Square, Square, Option<Square>, bool)> = list
                    .iter()
                    .filter(|m| m.role == Role::Orphan)
                    .map(|m| {
                        let double = m.kind == crate::movegen::MoveKind::DoubleStep;
                        (m.from, m.to, m.captured.map(|_| m.capture_at), double)
                    })
                    .collect();
                assert_eq!(
                    list.iter().filter(|m| m.role == Role::Orphan).count(),
                    got.len(),
                    "a move twice in {board:?}"
                );
                let mut expected = BTreeSet::new();
                for o in board.pieces(side, Role::Orphan) {
                    for &w in &want[&o] {
                        if w == Role::Pawn && o.rank() == side.back_rank() {
                            if let Some(to) =
                                o.offset(0, side.forward()).filter(|s| !occ.contains(*s))
                            {
                                expected.insert((o, to, None, false));
                            }
                            for to in pawn_diagonals(side, o) {
                                if board.by_color(!side).contains(to) {
                                    expected.insert((o, to, Some(to), false));
                                }
                            }
                            continue;
                        }
                        let m = reference::moves(Piece::new(side, w), o, occ);
                        // A pawn kind whose quiet moves are pushes double-steps.
                        let pushes = w
                            .kind()
                            .walk
                            .iter()
                            .any(|p| p.action == crate::board::walk::Action::Push);
                        let double = |to: Square| pushes && o.rank().abs_diff(to.rank()) == 2;
                        expected.extend(m.quiet.iter().map(|&to| (o, to, None, double(to))));
                        expected.extend(
                            m.captures
                                .iter()
                                .filter(|&&(_, x)| board.by_color(!side).contains(x))
                                .map(|&(to, x)| (o, to, Some(x), false)),
                        );
                    }
                }
                assert_eq!(got, expected, "moves of {side:?}'s orphans in {board:?}");
            }
        }
        assert!(borrowed > 1000, "only {borrowed} orphans with a walk");
        assert!(
            chained > 50,
            "only {chained} orphans with a walk through a chain"
        );
    }
}
