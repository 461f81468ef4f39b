//! The plans of a help-stalemate: where its final position may have each unit, built
//! from what that position must have (see the parent module).

use crate::board::{Bitboard, Color, Extension, Piece, Position, Role, Square};
use crate::movegen::{attacks, attacks_from};
use crate::search::reach;
use rayon::prelude::*;
use smallvec::SmallVec;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Where a unit ends: on a square as some kind of unit, or taken.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Target {
    On(Square, Role),
    Taken,
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
}

/// The two sides' units and moves.
pub(super) struct Setup {
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

/// Something the final position must still be shown to have.
#[derive(Copy, Clone, Debug)]
enum Task {
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
            todo: SmallVec::new(),
        };
        p.defender[king_index] = Some(Target::On(o.sq, Role::King));
        for n in attacks::king(o.sq) {
            p.todo.push(Task::Flight(n));
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
        q.todo.push(Task::Stopped(index));
        self.step(q);
    }

    /// Places the attacker's unit `index` as a `role` on `sq`.
    fn with_attacker(&mut self, p: &Partial, index: usize, sq: Square, role: Role) {
        let setup = self.setup;
        let ac = setup.attacker();
        let unit = setup.a_units[index];
        if p.occupied.contains(sq)
            || (role == Role::Pawn && sq.rank() == ac.promotion_rank())
            || (role == Role::King && attacks::king(p.king).with(p.king).contains(sq))
        {
            return;
        }
        let cost = reach::unit_distance(ac, unit.role, unit.sq, role, sq);
        if p.a_used.saturating_add(cost) > setup.a_moves {
            return;
        }
        let mut q = p.clone();
        q.attacker[index] = Some((sq, role));
        q.occupied = q.occupied.with(sq);
        q.a_used += cost;
        self.step(q);
    }

    /// Every free attacker unit placed on each square of `squares(role)` for each role it
    /// may have.
    fn place_attacker(&mut self, p: &Partial, squares: impl Fn(Role) -> Bitboard) {
        let setup = self.setup;
        for (index, unit) in setup.a_units.iter().enumerate() {
            if p.attacker[index].is_some() {
                continue;
            }
            for &role in roles_of(unit.role) {
                for sq in squares(role) {
                    self.with_attacker(p, index, sq, role);
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
            Task::Flight(n) => {
                if p.defenders.contains(n) || p.guarded(ac, n) {
                    self.step(p);
                    return;
                }
                self.place_defender_on(&p, n);
                let blockers = p.occupied.without(p.king);
                self.place_attacker(&p, |role| {
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
                    self.place_attacker(&p, |r| p.pin_squares(ac, sq, Role::Pawn, r).with(front));
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
                self.place_attacker(&p, |r| p.pin_squares(ac, sq, role, r));
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

    /// A complete plan, kept unless a placed unit gives check where nothing could stand
    /// between. (Guards and pins are not checked again: a unit placed after a task was
    /// met may stand in a guard's line, but then the final position it follows has the
    /// task met otherwise, by a unit this plan leaves free.)
    fn finish(&mut self, p: &Partial) {
        let ac = self.setup.attacker();
        for &(from, role) in p.attacker.iter().flatten() {
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
        let defender: Vec<Target> = p.defender.iter().map(|t| t.expect("all placed")).collect();
        let attacker: Vec<(usize, Square, Role)> = p
            .attacker
            .iter()
            .enumerate()
            .filter_map(|(i, a)| a.map(|(sq, role)| (i, sq, role)))
            .collect();
        let plan = Plan { defender, attacker };
        if self.seen.insert(plan.clone()) {
            self.plans.push(plan);
        }
    }
}

/// The plans of a help-stalemate from `pos` in which the `defender`, to be stalemated,
/// has `d_moves` moves and the other side `a_moves`, enumerated for each square of the
/// stalemated king in parallel (the plans of different squares differ), each square's
/// handed to `each` as soon as they are known: so the threads that finish enumerating go
/// on to search plans. `None` when a king is missing, the moves are too many to count, or
/// the enumeration gives up (`MAX_STEPS`; then `each` is called no more).
pub(super) fn for_each_king_square<E: Extension, T: Send>(
    pos: &Position<E>,
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
