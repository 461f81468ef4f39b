//! Isardam: a move is illegal if after it some unit is observed by an enemy unit of its
//! own kind (a Madrasi observation, which Isardam forbids instead of paralysing). Kings
//! and royal units are exempt unless `RexInclusive` is given. In type A (the default) a
//! check counts only if the capture of the king would itself be legal, that is would leave
//! no such observation; in type B every attack on the king is check.

use super::andernach::Andernach;
use super::fairy::chameleon_next;
use super::geometry::Geometry;
use super::madrasi::Madrasi;
use crate::board::{Bitboard, Board, Color, EnPassant, FairyStore, Mark, Piece, Role, Square};
use crate::movegen::{attacks, attacks_from, Move, MoveKind, Promotions};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Isardam {
    pub type_b: bool,
    pub rex_inclusive: bool,
}

impl Isardam {
    fn observation(&self) -> Madrasi {
        Madrasi {
            rex_inclusive: self.rex_inclusive,
            mars: None,
        }
    }

    /// Whether some unit on `board` is observed by an enemy unit of its kind; `royal`
    /// holds each side's royal square by colour index.
    pub fn any_observed<F: FairyStore>(
        &self,
        board: &Board<F>,
        royal: [Option<Square>; 2],
        geometry: Geometry,
    ) -> bool {
        let m = self.observation();
        // The orthodox kinds observe symmetrically, so a pair of them is found from White's
        // side alone.
        for sq in board.by_color(Color::White) {
            let unit = board.piece_at(sq).expect("an occupied square");
            let observed = if unit.role.is_orthodox() {
                self.in_orthodox_pair(board, sq, unit, royal, geometry)
            } else {
                m.paralysed(
                    board,
                    sq,
                    Color::White,
                    royal[Color::White.index()] == Some(sq),
                    geometry,
                )
            };
            if observed {
                return true;
            }
        }
        // Black's units of the other kinds, whose observation need not be symmetric.
        board.by_color(Color::Black).into_iter().any(|sq| {
            board.role_at(sq).is_some_and(|role| !role.is_orthodox())
                && m.paralysed(
                    board,
                    sq,
                    Color::Black,
                    royal[Color::Black.index()] == Some(sq),
                    geometry,
                )
        })
    }

    /// Whether the move that led from `before`, which has no observation, to `after`
    /// made one. Only a unit on a square the move changed, or a rider that now sees
    /// through a square it emptied, can stand in a new pair: the orthodox kinds observe
    /// symmetrically and a leaper's observation is never blocked. With fairy or neutral
    /// units on either board, `after` is scanned whole.
    pub fn observed_after<F: FairyStore>(
        &self,
        before: &Board<F>,
        after: &Board<F>,
        royal: [Option<Square>; 2],
        geometry: Geometry,
    ) -> bool {
        let fairy = before.fairy_units() | after.fairy_units() | before.neutral() | after.neutral();
        if fairy.is_nonempty() {
            return self.any_observed(after, royal, geometry);
        }
        let occupied = after.occupied();
        let changed = after.changed_orthodox(before);
        let mut suspects = changed & occupied;
        // Only a kind both sides have can make a pair.
        let paired = |role| {
            let units = after.by_role(role);
            if (units & after.by_color(Color::White)).is_nonempty()
                && (units & after.by_color(Color::Black)).is_nonempty()
            {
                units
            } else {
                Bitboard::EMPTY
            }
        };
        let queens = paired(Role::Queen);
        let lines = paired(Role::Rook) | queens;
        let diagonals = paired(Role::Bishop) | queens;
        for v in changed & !occupied {
            suspects |= attacks::rook(v, occupied) & lines;
            suspects |= attacks::bishop(v, occupied) & diagonals;
        }
        suspects.into_iter().any(|sq| {
            let unit = after.piece_at(sq).expect("an occupied square");
            self.in_orthodox_pair(after, sq, unit, royal, geometry)
        })
    }

    /// Whether `unit`, of an orthodox kind, on `sq` and an enemy unit of its kind observe
    /// each other: a pair that counts unless both units are royal (without RexInclusive).
    // Inlined into both scans: with a plain `inline`, Isardam perft was 4 % slower.
    #[inline(always)]
    fn in_orthodox_pair<F: FairyStore>(
        &self,
        board: &Board<F>,
        sq: Square,
        unit: Piece,
        royal: [Option<Square>; 2],
        geometry: Geometry,
    ) -> bool {
        let enemies = board.pieces(!unit.color, unit.role);
        if enemies.is_empty() {
            return false;
        }
        let mut pairs = geometry.observers(attacks_from(unit, sq, board.occupied()) & enemies, sq);
        if !self.rex_inclusive && royal[unit.color.index()] == Some(sq) {
            if let Some(r) = royal[(!unit.color).index()] {
                pairs = pairs.without(r);
            }
        }
        pairs.is_nonempty()
    }

    /// Whether a pawn that has just stepped two squares (`ep`) stands observed by an enemy
    /// pawn that could take it en passant: an observation as any other, as the reference
    /// solver counts it (its example "avoid the illegal observation after a double step":
    /// with a black pawn on e4, neither d2-d3 nor d2-d4 is legal).
    /// `mover` is the side that stepped (a neutral pawn steps as that side's).
    pub fn en_passant_observed<F: FairyStore>(
        board: &Board<F>,
        ep: Option<EnPassant>,
        mover: Color,
    ) -> bool {
        let Some(ep) = ep else { return false };
        if board.role_at(ep.pawn) != Some(Role::Pawn) {
            return false;
        }
        (attacks::pawn(mover, ep.crossed) & board.pieces(!mover, Role::Pawn)).is_nonempty()
    }

    /// Whether the attack of the unit on `from` on `color`'s royal unit on `k` is check:
    /// always in type B; in type A only if the capture would leave no observation (a
    /// pawn that would promote capturing: as one of the kinds it may promote to; under
    /// Andernach chess a capturer but a royal or neutral one turned `color`'s; a chameleon
    /// as the next kind of its cycle; a half-neutral one turned neutral, or from neutral
    /// to the side it attacks for: as the reference solver plays the capture to judge it).
    /// `clean` where `board` is known to hold no observation: then only what the capture
    /// changes is looked at.
    #[allow(clippy::too_many_arguments)]
    pub fn checks<F: FairyStore>(
        &self,
        board: &Board<F>,
        from: Square,
        k: Square,
        color: Color,
        royal: [Option<Square>; 2],
        promotions: Promotions,
        geometry: Geometry,
        andernach: Option<Andernach>,
        clean: bool,
    ) -> bool {
        if self.type_b {
            return true;
        }
        let mut after = *board;
        // The attacker as a unit of the side it attacks for (a neutral one is either's),
        // keeping its attributes.
        let attrs = board.attrs_at(from);
        let Some((unit, _)) = after.take(from) else {
            return false;
        };
        let turns = andernach == Some(Andernach::Andernach)
            && !attrs.neutral()
            && royal[(!color).index()] != Some(from);
        let role = if attrs.chameleon() {
            chameleon_next(unit.role).unwrap_or(unit.role)
        } else {
            unit.role
        };
        let attrs = if attrs.half_neutral() {
            attrs.with_neutral(!attrs.neutral())
        } else {
            attrs
        };
        let unit = Piece::new(if turns { color } else { !color }, role);
        after.take(k);
        let mut royal = royal;
        royal[color.index()] = None;
        if royal[(!color).index()] == Some(from) {
            royal[(!color).index()] = Some(k);
        }
        let legal_as = |piece: Piece| {
            let mut b = after;
            b.put_unit(k, piece, attrs);
            if clean {
                !self.observed_after(board, &b, royal, geometry)
            } else {
                !self.any_observed(&b, royal, geometry)
            }
        };
        if unit.role.is_pawn() && k.rank() == (!color).promotion_rank() {
            promotions
                .iter()
                .any(|role| legal_as(Piece::new(unit.color, role)))
        } else {
            legal_as(unit)
        }
    }
}

/// What a position without observation tells of the plain moves from it, found once for
/// all of them: whether each such move makes an observation, decided without playing
/// it. Only for a board of orthodox units, neither fairy nor neutral, where observation
/// is symmetric and never through a hurdle; then only two things can make a new pair
/// (see [`Isardam::observed_after`]): the unit on its arrival square, observed by an
/// enemy unit of its kind that observes that square now (it cannot see it through the
/// square the unit leaves: it would observe the unit there), or two riders that the
/// unit alone kept apart.
pub struct Guard {
    side: Color,
    /// By kind: the squares where a unit of the side to move stands observed by an
    /// enemy unit of its kind other than the enemy royal unit.
    observed: [Bitboard; 6],
    /// The squares the enemy royal unit observes, and its kind: an observation unless
    /// the unit observed is royal too (without RexInclusive).
    by_royal: Option<(Role, Bitboard)>,
    own_royal: Option<Square>,
    /// The squares whose units alone keep a pair of riders apart, and for each pair its
    /// blocking square and its line from one rider to the other.
    blockers: Bitboard,
    pairs: [(Square, Bitboard); Guard::PAIRS],
    /// The units whose moves the guard leaves to be played and tested.
    unsure: Bitboard,
    pair_count: usize,
    enemy_pawns: Bitboard,
}

impl Guard {
    /// More pairs kept apart than this, and the moves are played and tested.
    const PAIRS: usize = 8;

    /// The guard of the position with `board` and `side` to move, royal units on
    /// `royal`: `None` where it holds fairy, neutral, kamikaze, chameleon or half-neutral
    /// units or an observation.
    pub fn new<F: FairyStore>(
        isardam: &Isardam,
        board: &Board<F>,
        side: Color,
        royal: [Option<Square>; 2],
        geometry: Geometry,
    ) -> Option<Guard> {
        // Units whose moves change more than their square: kamikaze, chameleon and
        // half-neutral ones.
        let changing =
            board.kamikaze() | board.marked(Mark::Chameleon) | board.marked(Mark::HalfNeutral);
        if (board.fairy_units() | board.neutral() | changing).is_nonempty() {
            return None;
        }
        let occupied = board.occupied();
        let enemy_royal = royal[(!side).index()];
        let own_royal = royal[side.index()];
        let mut guard = Guard {
            side,
            observed: [Bitboard::EMPTY; 6],
            by_royal: None,
            own_royal,
            blockers: Bitboard::EMPTY,
            pairs: [(Square::new(0), Bitboard::EMPTY); Guard::PAIRS],
            pair_count: 0,
            unsure: Bitboard::EMPTY,
            enemy_pawns: board.pieces(!side, Role::Pawn),
        };
        for (i, role) in Role::ORTHODOX.into_iter().enumerate() {
            let own = board.pieces(side, role);
            let rider = matches!(role, Role::Bishop | Role::Rook | Role::Queen);
            for y in board.pieces(!side, role) {
                let unit = Piece::new(!side, role);
                let reached = attacks_from(unit, y, occupied);
                let seen = reached & geometry.reach(y);
                if rider {
                    // A unit of its kind that a rider reaches but may not observe
                    // (Grid, Monochrome, ...) may move on to a square it observes.
                    guard.unsure |= reached & own & !seen;
                }
                if Some(y) == enemy_royal && !isardam.rex_inclusive {
                    guard.by_royal = Some((role, seen));
                    let exempt = own_royal.filter(|&k| board.role_at(k) == Some(role));
                    let own = exempt.map_or(own, |k| own.without(k));
                    if (seen & own).is_nonempty() {
                        return None;
                    }
                } else {
                    guard.observed[i] |= seen;
                }
            }
            if (guard.observed[i] & own).is_nonempty() {
                return None;
            }
            // The riders of this kind that one unit alone keeps apart.
            if !rider {
                continue;
            }
            for x in own {
                let lines = attacks_from(Piece::new(side, role), x, Bitboard::EMPTY);
                for y in board.pieces(!side, role) {
                    let aligned = lines.contains(y);
                    let between = attacks::between(x, y);
                    let exempt =
                        !isardam.rex_inclusive && Some(x) == own_royal && Some(y) == enemy_royal;
                    let hurdles = between & occupied;
                    if !aligned || exempt || !geometry.allows(x, y) || hurdles.more_than_one() {
                        continue;
                    }
                    let Some(b) = hurdles.first() else {
                        // Two riders in sight of each other: an observation already
                        // (found above).
                        return None;
                    };
                    if guard.pair_count == Guard::PAIRS {
                        return None;
                    }
                    guard.blockers = guard.blockers.with(b);
                    guard.pairs[guard.pair_count] = (b, between.with(x).with(y));
                    guard.pair_count += 1;
                }
            }
        }
        Some(guard)
    }

    /// The squares where the unit on `from` may go without standing observed there by
    /// an enemy unit of its kind (other than the enemy royal unit): a move elsewhere
    /// makes an observation.
    #[inline]
    pub fn reach<F: FairyStore>(&self, board: &Board<F>, from: Square) -> Bitboard {
        match board.role_at(from) {
            Some(role) if role.is_orthodox() => !self.observed[role.index()],
            _ => Bitboard::FULL,
        }
    }

    /// Whether the move `mv`, played as in orthodox chess, makes an observation; `None`
    /// for the moves the guard cannot judge (castling, en passant, promotion, effects).
    #[inline]
    pub fn observes(&self, mv: &Move) -> Option<bool> {
        if !mv.effects.is_none()
            || mv.promotion.is_some()
            || !matches!(
                mv.kind,
                MoveKind::Quiet | MoveKind::DoubleStep | MoveKind::Capture
            )
            || !mv.role.is_orthodox()
            || self.unsure.contains(mv.from)
        {
            return None;
        }
        let to = mv.to;
        if self.observed[mv.role.index()].contains(to) {
            return Some(true);
        }
        if let Some((role, seen)) = self.by_royal {
            if role == mv.role && seen.contains(to) && self.own_royal != Some(mv.from) {
                return Some(true);
            }
        }
        if self.blockers.contains(mv.from)
            && self.pairs[..self.pair_count]
                .iter()
                .any(|&(b, line)| b == mv.from && !line.contains(to))
        {
            return Some(true);
        }
        // A double step past an enemy pawn that could take en passant.
        if mv.kind == MoveKind::DoubleStep {
            let crossed = to.offset(0, -self.side.forward())?;
            if (attacks::pawn(self.side, crossed) & self.enemy_pawns).is_nonempty() {
                return Some(true);
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FairyUnits, Role};
    use crate::movegen::walks;

    /// The slow twin: every unit against every enemy unit of its kind, observation by the
    /// reference walker, royal units exempt.
    fn slow(board: &Board<FairyUnits>, royal: [Option<Square>; 2], geometry: Geometry) -> bool {
        let occupied = board.occupied();
        board.units().any(|(sq, unit)| {
            if royal[unit.color.index()] == Some(sq) {
                return false;
            }
            board
                .pieces(!unit.color, unit.role)
                .into_iter()
                .any(|from| {
                    let watcher = board.piece_at(from).expect("a unit");
                    geometry.allows(from, sq)
                        && walks::reference::moves(watcher, from, occupied)
                            .captures
                            .iter()
                            .any(|&(_, x)| x == sq)
                })
        })
    }

    /// A board with a king of each side on random squares (one if both drew the same),
    /// and the kings' squares as the royal ones.
    fn kings(next: &mut impl FnMut() -> u64) -> (Board<FairyUnits>, [Option<Square>; 2]) {
        let mut board = Board::<FairyUnits>::empty();
        let mut royal = [None; 2];
        for color in Color::ALL {
            let sq = Square::new((next() % 64) as u8);
            if board.piece_at(sq).is_none() {
                board.put(sq, Piece::new(color, Role::King), false);
                royal[color.index()] = Some(sq);
            }
        }
        (board, royal)
    }

    #[test]
    fn pairs_found_from_one_side_agree_with_every_unit_against_every_walk() {
        // Not orphans: they are not combined with conditions (`resolve`).
        let kinds: Vec<Role> = Role::all()
            .filter(|r| !r.is_royal() && *r != Role::Orphan)
            .collect();
        let mut next = crate::conditions::xorshift(0x2545_F491_4F6C_DD1D);
        let isardam = Isardam {
            type_b: false,
            rex_inclusive: false,
        };
        let mut found = 0;
        for round in 0..3000 {
            let (mut board, royal) = kings(&mut next);
            // Few kinds a board, so that pairs of one kind are common.
            let pool: Vec<Role> = (0..3)
                .map(|_| kinds[(next() % kinds.len() as u64) as usize])
                .collect();
            for _ in 0..(4 + next() % 10) {
                let sq = Square::new((next() % 64) as u8);
                let role = pool[(next() % 3) as usize];
                let color = if next() % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let edge = sq.rank() == 0 || sq.rank() == 7;
                if board.piece_at(sq).is_none() && !(role.is_pawn() && edge) {
                    board.put(sq, Piece::new(color, role), false);
                }
            }
            let geometry = Geometry {
                grid: round % 3 == 1,
                chrome: None,
            };
            let fast = isardam.any_observed(&board, royal, geometry);
            assert_eq!(fast, slow(&board, royal, geometry), "{board:?}");
            found += fast as usize;
        }
        assert!(found > 300, "{found}");
    }

    #[test]
    fn a_move_judged_by_the_squares_it_changes_agrees_with_a_whole_scan() {
        let mut next = crate::conditions::xorshift(0x9E37_79B9_7F4A_7C15);
        // The orthodox kinds but the king.
        let orthodox = &Role::ORTHODOX[..5];
        let (mut judged, mut observed) = (0, 0);
        for round in 0..20_000 {
            let isardam = Isardam {
                type_b: false,
                rex_inclusive: round % 4 == 3,
            };
            let geometry = Geometry {
                grid: round % 5 == 2,
                chrome: None,
            };
            let (mut before, royal) = kings(&mut next);
            for _ in 0..(6 + next() % 14) {
                let sq = Square::new((next() % 64) as u8);
                let role = if round % 7 == 0 && next() % 8 == 0 {
                    Role::Grasshopper
                } else {
                    orthodox[(next() % 5) as usize]
                };
                let color = Color::ALL[(next() % 2) as usize];
                if before.piece_at(sq).is_none() && !(role.is_pawn() && sq.rank() % 7 == 0) {
                    before.put(sq, Piece::new(color, role), false);
                }
            }
            if isardam.any_observed(&before, royal, geometry) {
                continue;
            }
            // A move, a capture, a rebirth or a promotion: a unit leaves a square, another
            // may come, a third may be placed elsewhere.
            let mut after = before;
            let mut royal_after = royal;
            let units: Vec<(Square, Piece)> = before.units().collect();
            let (from, unit) = units[(next() % units.len() as u64) as usize];
            let to = Square::new((next() % 64) as u8);
            if to == from || royal.contains(&Some(to)) {
                continue;
            }
            after.take(from);
            after.take(to);
            let role = if next() % 6 == 0 && !unit.role.is_royal() {
                orthodox[1 + (next() % 4) as usize]
            } else {
                unit.role
            };
            if role.is_pawn() && to.rank() % 7 == 0 {
                continue;
            }
            after.put(to, Piece::new(unit.color, role), false);
            for r in royal_after.iter_mut() {
                if *r == Some(from) {
                    *r = Some(to);
                }
            }
            let extra = Square::new((next() % 64) as u8);
            if next() % 3 == 0 && after.piece_at(extra).is_none() && extra.rank() % 7 != 0 {
                let color = Color::ALL[(next() % 2) as usize];
                after.put(
                    extra,
                    Piece::new(color, orthodox[(next() % 5) as usize]),
                    false,
                );
            }
            let whole = isardam.any_observed(&after, royal_after, geometry);
            assert_eq!(
                isardam.observed_after(&before, &after, royal_after, geometry),
                whole,
                "{before:?} -> {after:?}"
            );
            judged += 1;
            observed += whole as usize;
        }
        assert!(judged > 3000 && observed > 1000, "{judged} {observed}");
    }

    /// The guard against its slow twin: each plain move played, then judged by the
    /// squares it changed and by the en passant rule.
    #[test]
    fn the_guard_judges_each_plain_move_as_playing_it_does() {
        use crate::board::{Plain, Position};
        use crate::conditions::geometry::Chrome;
        use crate::movegen::{play_orthodox, pseudo_moves, Gen, MoveList};
        let mut next = crate::conditions::xorshift(0x51_7CC1_B727_220A);
        let orthodox = &Role::ORTHODOX[..5];
        let (mut judged, mut observed, mut guards, mut unreachable) = (0, 0, 0, 0);
        for round in 0..6000 {
            let isardam = Isardam {
                type_b: false,
                rex_inclusive: round % 4 == 3,
            };
            let geometry = Geometry {
                grid: round % 5 == 2,
                chrome: [None, None, Some(Chrome::Mono), Some(Chrome::Bi)][round % 7 % 4],
            };
            let (mut board, royal) = kings(&mut next);
            for _ in 0..(6 + next() % 16) {
                let sq = Square::new((next() % 64) as u8);
                let role = orthodox[(next() % 5) as usize];
                let color = Color::ALL[(next() % 2) as usize];
                if board.piece_at(sq).is_none() && !(role.is_pawn() && sq.rank() % 7 == 0) {
                    board.put(sq, Piece::new(color, role), false);
                }
            }
            let side = Color::ALL[round % 2];
            let Some(guard) = Guard::new(&isardam, &board, side, royal, geometry) else {
                continue;
            };
            assert!(!isardam.any_observed(&board, royal, geometry), "{board:?}");
            guards += 1;
            let pos = Position::<Plain<FairyUnits>>::new(board, side);
            let mut moves = MoveList::new();
            pseudo_moves(&pos, Gen::All, Promotions::ORTHODOX, &mut moves);
            for mv in &moves {
                let mut after = pos;
                play_orthodox(&mut after, mv);
                let royal_after = [
                    after.board.king(Color::White),
                    after.board.king(Color::Black),
                ];
                let truth = isardam.observed_after(&board, &after.board, royal_after, geometry)
                    || Isardam::en_passant_observed(&after.board, after.ep, side);
                // Generation leaves out the moves outside the guard's reach: each makes
                // an observation (en passant captures too).
                if !guard.reach(&board, mv.from).contains(mv.to) {
                    assert!(truth, "{board:?} {side:?} {mv:?}");
                    unreachable += 1;
                }
                let Some(verdict) = guard.observes(mv) else {
                    continue;
                };
                assert_eq!(verdict, truth, "{board:?} {side:?} {mv:?}");
                judged += 1;
                observed += truth as usize;
            }
        }
        assert!(
            guards > 1000 && judged > 20_000 && observed > 3000 && unreachable > 2000,
            "{guards} {judged} {observed} {unreachable}"
        );
    }
}
