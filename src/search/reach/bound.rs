//! One position's bound: the attacker's units placed square by square against the
//! king's flights, the defender's blocks and the free units a stalemate must stop.

use super::*;

pub(super) const KING: usize = 6;

/// Whether one of `at` stands between the king on `k` and one of `pinners`.
#[inline]
pub(super) fn in_line_of(pinners: Bitboard, k: Square, at: Bitboard) -> bool {
    pinners
        .into_iter()
        .any(|p| (attacks::between(k, p) & at).is_nonempty())
}

/// Where a placed attacker unit must stand.
#[derive(Copy, Clone)]
pub(super) enum Aim {
    /// Attacking the king's square (it gives mate).
    Check(Square),
    /// Anywhere it does not attack the king's square beyond doubt (stalemate).
    Spare(Square),
}

/// The least attacker moves to guard each flight of one king square: by its units but
/// the king, the best (with which unit) and the second best, so that any one unit can be
/// left out, and by its king. Only the flights' entries are set.
pub(super) struct FlightGuards {
    pub(super) best: [u8; 64],
    pub(super) best_unit: [u8; 64],
    pub(super) second: [u8; 64],
    pub(super) king: [u8; 64],
}

impl FlightGuards {
    /// The least moves to guard `f` by the units other than `skip`: with the king, and
    /// without it.
    #[inline]
    pub(super) fn without(&self, skip: usize, f: Square) -> (u8, u8) {
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
pub(super) struct Place {
    pub(super) unit: usize,
    pub(super) covers: Bitboard,
    pub(super) cost: u8,
}

/// The defender's budget for putting units on flights: moves and units.
pub(super) struct Blocks {
    pub(super) moves: u8,
    pub(super) units: u32,
}

impl Blocks {
    pub(super) fn new(moves: u8, units: u32) -> Blocks {
        Blocks { moves, units }
    }

    /// Spends a unit and `cost` moves on one more flight; `false` when they run out.
    #[inline]
    pub(super) fn take(&mut self, cost: u8) -> bool {
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
pub(super) const MAX_UNITS: usize = 32;

/// The units of one side but its king, with their distance kinds: a plain array that the
/// bound builds in place (a `SmallVec` of them was copied about with `memcpy` calls).
#[derive(Copy, Clone)]
pub(super) struct Units {
    pub(super) len: u8,
    pub(super) squares: [Square; MAX_UNITS + 2],
    pub(super) kinds: [u8; MAX_UNITS + 2],
}

impl Units {
    pub(super) const EMPTY: Units = Units {
        len: 0,
        squares: [Square::A1; MAX_UNITS + 2],
        kinds: [0; MAX_UNITS + 2],
    };

    /// The units of `color` on `board` but its king, at most [`MAX_UNITS`], written into
    /// `out` where it stands (a returned array was stored byte by byte and then copied
    /// in wide loads, which stalled).
    #[inline(always)]
    pub(super) fn fill(out: &mut Units, board: &Board, color: Color) {
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
    pub(super) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// One more unit (a castled rook: at most two beyond [`MAX_UNITS`]).
    #[inline]
    pub(super) fn push(&mut self, sq: Square, kind: usize) {
        let i = self.len();
        self.squares[i] = sq;
        self.kinds[i] = kind as u8;
        self.len += 1;
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> (Square, usize) {
        (self.squares[i], usize::from(self.kinds[i]))
    }

    #[inline]
    pub(super) fn iter(&self) -> impl Iterator<Item = (Square, usize)> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// A defender unit that has somewhere to go (see `Bound::each_free_unit`).
pub(super) struct Free {
    /// Where it may stand: its square, or for the unit about to move where it may land.
    pub(super) at: Bitboard,
    pub(super) open: Bitboard,
    pub(super) landing: Bitboard,
}

/// One position's attacker for the bounds.
pub(super) struct Bound<'a> {
    pub(super) d: &'a Distances,
    pub(super) board: &'a Board,
    /// The squares the defender's units hold (but a unit about to move).
    pub(super) own: Bitboard,
    /// Where the defender's unit about to move may stand after it, one square of them.
    pub(super) filler: Bitboard,
    /// The square of the defender's unit about to move.
    pub(super) lifted: Option<Square>,
    pub(super) attacker: Color,
    pub(super) defender: Color,
    /// The attacker's units but its king (a rook that may castle twice: see `twins`).
    pub(super) units: &'a Units,
    /// The attacker's units that stand on the board: the first of `units`.
    pub(super) real_attackers: usize,
    /// A rook that may castle and the unit of `units` that stands for it castled.
    pub(super) twins: [Option<(usize, usize)>; 2],
    /// The defender's units but its king (a rook that may castle twice).
    pub(super) defenders: &'a Units,
    /// Squares of defender units not asked to be shut in (rooks that may castle).
    pub(super) unfree: Bitboard,
    /// The defender's pawn that has just stepped two squares, and the square it crossed,
    /// where an attacker pawn that takes it lands.
    pub(super) en_passant: Option<(Square, Square)>,
    /// The attacker king's least moves to attack, and to stand on, each square.
    pub(super) king_attack: Option<&'a [u8; 64]>,
    pub(super) king_reach: Option<&'a [u8; 64]>,
    /// The attacker's moves left.
    pub(super) att: u8,
    /// Where the attacker's line pieces can stand in time (stalemate only).
    pub(super) pinners: Pinners,
}

/// The squares some attacker unit moving along diagonals, or along ranks and files, can
/// stand on within the attacker's moves (a pawn as the queen it promotes to).
#[derive(Copy, Clone, Default)]
pub(super) struct Pinners {
    pub(super) diagonal: Bitboard,
    pub(super) straight: Bitboard,
}

impl Pinners {
    /// The pinners of `color`'s units with `att` moves.
    pub(super) fn of(d: &Distances, units: &Units, color: Color, att: u8) -> Pinners {
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
    pub(super) fn guard_without(&self, skip: usize, target: Square) -> u8 {
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
    pub(super) fn attack_holds_in_place(&self, king: Square, goal: Goal) -> bool {
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
        if goal == Goal::Mate {
            self.mate_holds(king, fresh, cost)
        } else {
            self.stalemate_holds(king, fresh, cost)
        }
    }

    /// Shows `visit` the defender's units but its king that have somewhere to go, each
    /// with its empty squares in contact (for a pawn, the square ahead) and the squares an
    /// attacker unit takes or blocks it from, until `visit` says no; tells whether it never
    /// did. A visitor, not a list: a list returned by value was copied (`hpint-033`: 6 %
    /// of the time in `memcpy`).
    pub(super) fn each_free_unit(&self, mut visit: impl FnMut(Free) -> bool) -> bool {
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
    pub(super) fn can_freeze(&self, king: Square) -> bool {
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
    pub(super) fn landing_capacity(&self) -> u8 {
        if self.twins.iter().any(Option::is_some) {
            u8::MAX
        } else {
            self.att.saturating_mul(2)
        }
    }

    /// The attacker's line pieces standing on a line from a king on `k` along which they
    /// move (whatever stands between): they may pin a unit between them and the king
    /// without an attacker move landing for it.
    pub(super) fn pinners_in_line(&self, k: Square) -> Bitboard {
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
    pub(super) fn may_pin_at(&self, k: Square, at: Bitboard) -> bool {
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
    pub(super) fn may_pin(&self, k: Square, sq: Square) -> bool {
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
    pub(super) fn freeze_within(&self, free: &[Free], k: Square, spare: u8) -> bool {
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
    pub(super) fn reach_within(&self, target: Square) -> bool {
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
    pub(super) fn mate_holds(
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
    pub(super) fn stalemate_holds(
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
    pub(super) fn flight_guards(&self, k: Square) -> FlightGuards {
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
    pub(super) fn others_cover(
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
    pub(super) fn places(
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
pub(in crate::search) fn unit_distance(
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
