//! The plans of a help-stalemate: where its final position may have each unit, built
//! from what that position must have (see the parent module).

use crate::board::{Bitboard, Color, Extension, Piece, Position, Role, Square};
use crate::movegen::{attacks, attacks_from};
use crate::search::reach;
use rayon::prelude::*;
use smallvec::SmallVec;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Where a unit ends: on a square as some kind of unit, taken, or anywhere (a mate's
/// plan places only the defender's units that its tasks need).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Target {
    On(Square, Role),
    Taken,
    Free,
}

/// A unit as it stands in the start position.
#[derive(Copy, Clone, Debug)]
pub(super) struct Unit {
    pub(super) sq: Square,
    pub(super) role: Role,
}

/// One place a unit may end on, with the least moves it takes to get there.
#[derive(Copy, Clone, Debug)]
struct Place {
    sq: Square,
    role: Role,
    cost: u8,
}

/// What a unit of `role` may be at the end: a pawn may promote.
fn roles_of(role: Role) -> &'static [Role] {
    match role {
        Role::Pawn => &[
            Role::Pawn,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ],
        Role::Knight => &[Role::Knight],
        Role::Bishop => &[Role::Bishop],
        Role::Rook => &[Role::Rook],
        Role::Queen => &[Role::Queen],
        Role::King => &[Role::King],
        _ => unreachable!("{role:?}: plans are for orthodox play"),
    }
}

/// A unit's targets within `budget` moves: every square it can stand on as what it may be.
fn options(color: Color, unit: Unit, budget: u8) -> Vec<Place> {
    let mut out = Vec::new();
    for &role in roles_of(unit.role) {
        for sq in Square::all() {
            if role == Role::Pawn && sq.rank() == color.promotion_rank() {
                continue;
            }
            let cost = reach::unit_distance(color, unit.role, unit.sq, role, sq);
            if cost <= budget {
                out.push(Place { sq, role, cost });
            }
        }
    }
    // Cheapest first: the plans that move least come first.
    out.sort_by_key(|o| o.cost);
    out
}

/// The squares a unit of `role` on `sq` could step to if nothing stood around it: where
/// its own units must all stand for it to be closed in.
fn neighbours(color: Color, role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, Bitboard::FULL),
        Role::Rook => attacks::rook(sq, Bitboard::FULL),
        Role::Queen | Role::King => attacks::king(sq),
        Role::Pawn => match sq.offset(0, color.forward()) {
            Some(front) => Bitboard::from_square(front),
            None => Bitboard::EMPTY,
        },
        _ => unreachable!("{role:?}: plans are for orthodox play"),
    }
}

/// The kind of line through two squares.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Line {
    Rank,
    File,
    Diagonal,
}

fn line_kind(a: Square, b: Square) -> Option<Line> {
    if a == b {
        None
    } else if a.rank() == b.rank() {
        Some(Line::Rank)
    } else if a.file() == b.file() {
        Some(Line::File)
    } else if a.rank().abs_diff(b.rank()) == a.file().abs_diff(b.file()) {
        Some(Line::Diagonal)
    } else {
        None
    }
}

/// Whether a pin along `line` leaves a unit of `role` no move at all.
fn pin_stops(role: Role, line: Line) -> bool {
    match role {
        Role::Knight => true,
        Role::Bishop => line != Line::Diagonal,
        Role::Rook => line == Line::Diagonal,
        // A pinned pawn may still push along a file.
        Role::Pawn => line != Line::File,
        Role::Queen | Role::King => false,
        _ => unreachable!("{role:?}: plans are for orthodox play"),
    }
}

/// Whether a unit of `role` pins along `line`.
fn slides_along(role: Role, line: Line) -> bool {
    match line {
        Line::Rank | Line::File => matches!(role, Role::Rook | Role::Queen),
        Line::Diagonal => matches!(role, Role::Bishop | Role::Queen),
    }
}

/// A plan: every defender unit's target and the attacker units that meet the needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Plan {
    /// Per defender unit (in the order of `Setup::d_units`), its target.
    pub(super) defender: Vec<Target>,
    /// `(index in Setup::a_units, square, what it is there)`, the placed ones only.
    pub(super) attacker: Vec<(usize, Square, Role)>,
    /// Mate: the checker, when it must make the mating move ([`must_mate_by_moving`]),
    /// by its index in `Setup::a_units`.
    pub(super) moves_last: Option<usize>,
}

/// Whether a checker of `role` on `sq` against the king on `king` can give check only
/// by moving there with the mating move: a pawn, a knight or a piece beside the king,
/// whose check no other unit's move can uncover (and before the mating move the king
/// was not in check).
pub(super) fn must_mate_by_moving(role: Role, sq: Square, king: Square) -> bool {
    matches!(role, Role::Pawn | Role::Knight) || attacks::king(king).contains(sq)
}

/// The least moves of a unit of `color` and `role` on `from` to stand on `to` as `to_role`,
/// as [`reach::unit_distance`] counts them; where it must make the mating move
/// (`moves_last`) and stands there already, those to leave and come back (a pawn cannot).
pub(super) fn distance(
    color: Color,
    role: Role,
    from: Square,
    to_role: Role,
    to: Square,
    moves_last: bool,
) -> u8 {
    if moves_last && from == to && role == to_role {
        if role == Role::Pawn {
            u8::MAX
        } else {
            2
        }
    } else {
        reach::unit_distance(color, role, from, to_role, to)
    }
}

/// The two sides' units and moves.
pub(super) struct Setup {
    /// What the final position is: a mate or a stalemate of the defender.
    pub(super) goal: Final,
    pub(super) defender: Color,
    pub(super) d_units: Vec<Unit>,
    pub(super) a_units: Vec<Unit>,
    d_moves: u8,
    a_moves: u8,
    /// Per defender unit, the places it may end on within the defender's moves.
    d_options: Vec<Vec<Place>>,
}

impl Setup {
    pub(super) fn attacker(&self) -> Color {
        !self.defender
    }
}

/// The final positions a plan describes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Final {
    Stalemate,
    Mate,
}

/// Something the final position must still be shown to have.
#[derive(Copy, Clone, Debug)]
enum Task {
    /// A unit of the attacker other than its king attacks the defender's king.
    Check,
    /// The defender's unit of this index cannot parry the check (take the checker or
    /// stand between it and the king).
    Parry(usize),
    /// The square next to the king holds a defender unit or is guarded.
    Flight(Square),
    /// The defender's unit of this index cannot move.
    Stopped(usize),
}

/// A partial plan: the units placed so far and what is left to show.
#[derive(Clone, Debug)]
struct Partial {
    /// Per defender unit: not placed yet, or its target.
    defender: SmallVec<[Option<Target>; 16]>,
    /// Per attacker unit: free, or its square and what it is there.
    attacker: SmallVec<[Option<(Square, Role)>; 16]>,
    /// Squares of the placed defender units, and of all placed units.
    defenders: Bitboard,
    occupied: Bitboard,
    d_used: u8,
    a_used: u8,
    taken: u8,
    king: Square,
    /// Mate: the square of the attacker's unit placed to give check.
    checker: Option<Square>,
    /// Mate: a second attacker unit placed to give check, which no unit but the king can
    /// parry.
    double_check: bool,
    todo: SmallVec<[Task; 16]>,
}

impl Partial {
    /// Whether a placed attacker unit attacks `sq` (units placed so far in the way, the
    /// king not: it is what moves).
    fn guarded(&self, ac: Color, sq: Square) -> bool {
        let blockers = self.occupied.without(self.king);
        self.attacker.iter().flatten().any(|&(from, role)| {
            from != sq && attacks_from(Piece::new(ac, role), from, blockers).contains(sq)
        })
    }

    /// The squares from which an attacker line piece of `role` would pin the defender's
    /// unit on `unit` (nothing placed in between), if a pin along that line stops a
    /// `stopped` and the line to the king is clear.
    fn pin_squares(&self, ac: Color, unit: Square, stopped: Role, role: Role) -> Bitboard {
        match line_kind(self.king, unit) {
            Some(line)
                if pin_stops(stopped, line)
                    && slides_along(role, line)
                    && (attacks::between(self.king, unit) & self.occupied).is_empty() =>
            {
                let slider = if line == Line::Diagonal {
                    Role::Bishop
                } else {
                    Role::Rook
                };
                attacks_from(Piece::new(ac, slider), unit, self.occupied)
                    & attacks::line(self.king, unit)
                    & !attacks::between(self.king, unit)
                    & !self.occupied
                    & !Bitboard::from_square(self.king)
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// The squares from which an attacker unit of `role` would check the defender's king,
    /// nothing placed in between (none for a king).
    fn check_squares(&self, ac: Color, role: Role) -> Bitboard {
        match role {
            Role::King => Bitboard::EMPTY,
            Role::Pawn => attacks::pawn(!ac, self.king),
            _ => attacks_from(Piece::new(ac, role), self.king, self.occupied),
        }
    }

    /// Whether a placed attacker unit pins the defender's `stopped` on `unit` so that it
    /// cannot move.
    fn pinned(&self, unit: Square, stopped: Role) -> bool {
        let Some(line) = line_kind(self.king, unit) else {
            return false;
        };
        if !pin_stops(stopped, line)
            || (attacks::between(self.king, unit) & self.occupied).is_nonempty()
        {
            return false;
        }
        self.attacker.iter().flatten().any(|&(q, role)| {
            slides_along(role, line)
                && attacks::line(self.king, unit).contains(q)
                && attacks::between(self.king, q).contains(unit)
                && (attacks::between(unit, q) & self.occupied).is_empty()
        })
    }
}

/// Enumerates the plans: the defender's units placed where they end (or taken), each
/// stopped by its own units or by attacker units placed to stop it, each square next to
/// the king held or guarded; both sides' least moves counted as units are placed.
struct Enumerator<'a> {
    setup: &'a Setup,
    plans: Vec<Plan>,
    seen: HashSet<Plan>,
    /// Steps taken here, and by all enumerators of the problem (added in batches of
    /// `STEP_BATCH`): past `MAX_STEPS` in all the enumeration gives up.
    steps: u64,
    steps_all: &'a AtomicU64,
    gave_up: bool,
}

/// See [`Enumerator::steps`].
const STEP_BATCH: u64 = 4096;

/// The enumeration's steps before it gives up and leaves the problem to the move-by-move
/// search: about a second. The corpus' help-stalemates of 7 half moves or more take at
/// most 2.9 million (hpint-024, h=8, 0.74 s).
const MAX_STEPS: u64 = 4_000_000;

impl Enumerator<'_> {
    /// The plans with the king on the square of `o`.
    fn start(&mut self, king_index: usize, o: &Place) {
        let setup = self.setup;
        let mut p = Partial {
            defender: SmallVec::from_elem(None, setup.d_units.len()),
            attacker: SmallVec::from_elem(None, setup.a_units.len()),
            defenders: Bitboard::from_square(o.sq),
            occupied: Bitboard::from_square(o.sq),
            d_used: o.cost,
            a_used: 0,
            taken: 0,
            king: o.sq,
            checker: None,
            double_check: false,
            todo: SmallVec::new(),
        };
        p.defender[king_index] = Some(Target::On(o.sq, Role::King));
        for n in attacks::king(o.sq) {
            p.todo.push(Task::Flight(n));
        }
        // The checker first: the squares it guards need no other guard.
        if setup.goal == Final::Mate {
            p.todo.push(Task::Check);
        }
        self.step(p);
        self.steps_all
            .fetch_add(self.steps % STEP_BATCH, Ordering::Relaxed);
    }

    /// Places the defender's unit `index` on `o`; it must then be stopped there.
    fn with_defender(&mut self, p: &Partial, index: usize, o: Place) {
        let setup = self.setup;
        if p.d_used.saturating_add(o.cost) > setup.d_moves || p.occupied.contains(o.sq) {
            return;
        }
        let mut q = p.clone();
        q.defender[index] = Some(Target::On(o.sq, o.role));
        q.defenders = q.defenders.with(o.sq);
        q.occupied = q.occupied.with(o.sq);
        q.d_used += o.cost;
        q.todo.push(match setup.goal {
            Final::Stalemate => Task::Stopped(index),
            Final::Mate => Task::Parry(index),
        });
        self.step(q);
    }

    /// Places the attacker's unit `index` as a `role` on `sq` (the checker of a mate
    /// where `checks`).
    fn with_attacker(&mut self, p: &Partial, index: usize, sq: Square, role: Role, checks: bool) {
        let setup = self.setup;
        let ac = setup.attacker();
        let unit = setup.a_units[index];
        if p.occupied.contains(sq)
            || (role == Role::Pawn && sq.rank() == ac.promotion_rank())
            || (role == Role::King && attacks::king(p.king).with(p.king).contains(sq))
        {
            return;
        }
        let moves_last = checks && must_mate_by_moving(role, sq, p.king);
        let cost = distance(ac, unit.role, unit.sq, role, sq, moves_last);
        if p.a_used.saturating_add(cost) > setup.a_moves {
            return;
        }
        let mut q = p.clone();
        q.attacker[index] = Some((sq, role));
        q.occupied = q.occupied.with(sq);
        q.a_used += cost;
        if checks {
            q.checker = Some(sq);
        }
        self.step(q);
    }

    /// Every free attacker unit placed on each square of `squares(role)` for each role it
    /// may have (as the checker of a mate where `checks`).
    fn place_attacker(&mut self, p: &Partial, checks: bool, squares: impl Fn(Role) -> Bitboard) {
        let setup = self.setup;
        for (index, unit) in setup.a_units.iter().enumerate() {
            if p.attacker[index].is_some() {
                continue;
            }
            for &role in roles_of(unit.role) {
                for sq in squares(role) {
                    self.with_attacker(p, index, sq, role, checks);
                }
            }
        }
    }

    /// Every unplaced defender unit placed on `sq`.
    fn place_defender_on(&mut self, p: &Partial, sq: Square) {
        let setup = self.setup;
        for index in 0..setup.d_units.len() {
            if p.defender[index].is_some() {
                continue;
            }
            for o in setup.d_options[index].iter().filter(|o| o.sq == sq) {
                self.with_defender(p, index, *o);
            }
        }
    }

    fn step(&mut self, mut p: Partial) {
        self.steps += 1;
        if self.steps.is_multiple_of(STEP_BATCH)
            && self.steps_all.fetch_add(STEP_BATCH, Ordering::Relaxed) + STEP_BATCH > MAX_STEPS
        {
            self.gave_up = true;
        }
        if self.gave_up {
            return;
        }
        let setup = self.setup;
        let ac = setup.attacker();
        let dc = setup.defender;
        let Some(task) = p.todo.pop() else {
            // A mate's tasks done: the defender's other units may stand anywhere.
            if setup.goal == Final::Mate {
                self.finish(&p);
                return;
            }
            // Every task done: the next unplaced defender unit is taken or placed.
            let Some(index) = p.defender.iter().position(Option::is_none) else {
                self.finish(&p);
                return;
            };
            if p.taken < setup.a_moves {
                let mut q = p.clone();
                q.defender[index] = Some(Target::Taken);
                q.taken += 1;
                self.step(q);
            }
            for o in &setup.d_options[index] {
                if p.d_used.saturating_add(o.cost) > setup.d_moves {
                    break;
                }
                self.with_defender(&p, index, *o);
            }
            return;
        };
        match task {
            Task::Check => self.place_attacker(&p, true, |role| p.check_squares(ac, role)),
            Task::Parry(index) => self.parry(p, index),
            Task::Flight(n) => {
                if p.defenders.contains(n) || p.guarded(ac, n) {
                    self.step(p);
                    return;
                }
                self.place_defender_on(&p, n);
                let blockers = p.occupied.without(p.king);
                self.place_attacker(&p, false, |role| {
                    let from = match role {
                        Role::Pawn => attacks::pawn(!ac, n),
                        _ => attacks_from(Piece::new(ac, role), n, blockers),
                    };
                    from.without(n)
                });
            }
            Task::Stopped(index) => {
                let Some(Target::On(sq, role)) = p.defender[index] else {
                    self.step(p);
                    return;
                };
                if role == Role::Pawn {
                    if sq.rank() == dc.back_rank() {
                        self.step(p);
                        return;
                    }
                    let front = neighbours(dc, role, sq)
                        .first()
                        .expect("not on the last rank");
                    if p.occupied.contains(front) || p.pinned(sq, role) {
                        self.step(p);
                        return;
                    }
                    self.place_defender_on(&p, front);
                    self.place_attacker(&p, false, |r| {
                        p.pin_squares(ac, sq, Role::Pawn, r).with(front)
                    });
                    return;
                }
                let open = neighbours(dc, role, sq) & !p.defenders;
                if open.is_empty() {
                    self.step(p);
                    return;
                }
                if p.pinned(sq, role) {
                    self.step(p);
                    return;
                }
                self.place_attacker(&p, false, |r| p.pin_squares(ac, sq, role, r));
                // Or closed in by its own units, one square at a time (an attacker unit
                // beside it could be taken).
                if (open & p.occupied).is_empty() {
                    let first = open.first().expect("not empty");
                    p.todo.push(Task::Stopped(index));
                    self.place_defender_on(&p, first);
                }
            }
        }
    }

    /// The defender's placed unit `index` cannot parry the mate's check: it cannot reach
    /// the checker nor a square between it and the king (a pawn that could take the
    /// checker en passant is let be), or it is pinned, or the check is double. Otherwise
    /// a unit (of either side) is placed on its way to the first square it reaches, an
    /// attacker line piece to pin it, or a second checker. Each holds in the final
    /// position where the unit fails to parry, and the squares offered are computed with
    /// the units placed so far in the way, so no final position is lost.
    fn parry(&mut self, p: Partial, index: usize) {
        let setup = self.setup;
        let (ac, dc) = (setup.attacker(), setup.defender);
        let (Some(Target::On(sq, role)), Some(checker)) = (p.defender[index], p.checker) else {
            self.step(p);
            return;
        };
        let king = p.king;
        let second_checker = p
            .attacker
            .iter()
            .flatten()
            .any(|&(from, r)| from != checker && p.check_squares(ac, r).contains(from));
        // A pinned unit cannot parry: the check's line and the pin's cross at the king
        // only. (A knight is stopped by a pin along any line.)
        if p.double_check || second_checker || p.pinned(sq, Role::Knight) {
            self.step(p);
            return;
        }
        let squares = attacks::between(king, checker).with(checker);
        let reached = match role {
            Role::Pawn => {
                let checker_role = p
                    .attacker
                    .iter()
                    .flatten()
                    .find(|&&(from, _)| from == checker)
                    .map(|&(_, r)| r);
                let beside = sq.rank() == checker.rank() && sq.file().abs_diff(checker.file()) == 1;
                if checker_role == Some(Role::Pawn) && beside {
                    // It may take en passant, if the checker's last move was its double
                    // step: the plan leaves that to the search.
                    self.step(p);
                    return;
                }
                let mut reached = attacks::pawn(dc, sq) & Bitboard::from_square(checker);
                let free = |f: &Square| !p.occupied.contains(*f);
                if let Some(front) = sq.offset(0, dc.forward()).filter(free) {
                    if squares.contains(front) {
                        reached = reached.with(front);
                    }
                    // Its double step, past `front`.
                    if sq.rank() == dc.pawn_rank() {
                        if let Some(two) = front.offset(0, dc.forward()).filter(free) {
                            if squares.contains(two) {
                                reached = reached.with(two);
                            }
                        }
                    }
                }
                reached
            }
            Role::King => Bitboard::EMPTY,
            _ => attacks_from(Piece::new(dc, role), sq, p.occupied) & squares,
        };
        let Some(first) = reached.first() else {
            self.step(p);
            return;
        };
        // Pinned by an attacker line piece placed for it.
        self.place_attacker(&p, false, |r| p.pin_squares(ac, sq, Role::Knight, r));
        // A unit on its way.
        let way = attacks::between(sq, first) & !p.occupied;
        if way.is_nonempty() {
            let mut q = p.clone();
            q.todo.push(Task::Parry(index));
            for b in way {
                self.place_defender_on(&q, b);
                self.place_attacker(&q, false, |_| Bitboard::from_square(b));
            }
        }
        // A second checker.
        let mut q = p.clone();
        q.double_check = true;
        self.place_attacker(&q, false, |r| p.check_squares(ac, r));
    }

    /// A complete plan, kept unless a placed unit gives check where nothing could stand
    /// between (in a stalemate), or a placed unit stands between the checker and the king
    /// (in a mate). (Guards and pins are not checked again: a unit placed after a task
    /// was met may stand in a guard's line, but then the final position it follows has
    /// the task met otherwise, by a unit this plan leaves free.)
    fn finish(&mut self, p: &Partial) {
        let ac = self.setup.attacker();
        let mate = self.setup.goal == Final::Mate;
        if let Some(checker) = p.checker {
            if (attacks::between(p.king, checker) & p.occupied).is_nonempty() {
                return;
            }
        }
        for &(from, role) in p.attacker.iter().flatten().filter(|_| !mate) {
            let contact = match role {
                Role::Knight | Role::Pawn | Role::King => {
                    attacks_from(Piece::new(ac, role), from, Bitboard::FULL)
                }
                _ => attacks_from(Piece::new(ac, role), from, Bitboard::FULL) & attacks::king(from),
            };
            if contact.contains(p.king) {
                return;
            }
        }
        let defender: Vec<Target> = p
            .defender
            .iter()
            .map(|t| t.unwrap_or(Target::Free))
            .collect();
        let attacker: Vec<(usize, Square, Role)> = p
            .attacker
            .iter()
            .enumerate()
            .filter_map(|(i, a)| a.map(|(sq, role)| (i, sq, role)))
            .collect();
        let moves_last = p.checker.and_then(|c| {
            let &(i, sq, role) = attacker.iter().find(|&&(_, sq, _)| sq == c)?;
            must_mate_by_moving(role, sq, p.king).then_some(i)
        });
        let plan = Plan {
            defender,
            attacker,
            moves_last,
        };
        if self.seen.insert(plan.clone()) {
            self.plans.push(plan);
        }
    }
}

/// The plans of a help-stalemate (or mate, `goal`) from `pos` in which the `defender`, to
/// be stalemated, has `d_moves` moves and the other side `a_moves`, enumerated for each
/// square of the stalemated king in parallel (the plans of different squares differ), each square's
/// handed to `each` as soon as they are known: so the threads that finish enumerating go
/// on to search plans. `None` when a king is missing, the moves are too many to count, or
/// the enumeration gives up (`MAX_STEPS`; then `each` is called no more).
pub(super) fn for_each_king_square<E: Extension, T: Send>(
    pos: &Position<E>,
    goal: Final,
    defender: Color,
    d_moves: usize,
    a_moves: usize,
    each: impl Fn(&Setup, &[Plan]) -> T + Sync,
) -> Option<Vec<T>> {
    let board = &pos.board;
    board.king(defender)?;
    board.king(!defender)?;
    let units_of = |color: Color| -> Vec<Unit> {
        board
            .units()
            .filter(|(_, p)| p.color == color)
            .map(|(sq, p)| Unit { sq, role: p.role })
            .collect()
    };
    let (d_moves, a_moves) = (u8::try_from(d_moves).ok()?, u8::try_from(a_moves).ok()?);
    let d_units = units_of(defender);
    let d_options = d_units
        .iter()
        .map(|&u| options(defender, u, d_moves))
        .collect();
    let setup = Setup {
        goal,
        defender,
        d_units,
        a_units: units_of(!defender),
        d_moves,
        a_moves,
        d_options,
    };
    let king_index = setup.d_units.iter().position(|u| u.role == Role::King)?;
    let steps_all = AtomicU64::new(0);
    let gave_up = AtomicBool::new(false);
    setup.d_options[king_index]
        .par_iter()
        .map(|o| {
            let mut e = Enumerator {
                setup: &setup,
                plans: Vec::new(),
                seen: HashSet::new(),
                steps: 0,
                steps_all: &steps_all,
                gave_up: false,
            };
            e.start(king_index, o);
            if e.gave_up {
                gave_up.store(true, Ordering::Relaxed);
            }
            (!gave_up.load(Ordering::Relaxed)).then(|| each(&setup, &e.plans))
        })
        .collect()
}
