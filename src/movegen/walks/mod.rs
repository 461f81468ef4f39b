//! Moves and observations of any kind of unit, read from its walk description
//! (`board::walk`, rows of `board::kinds`). Nothing here knows a kind by name: a kind is
//! its parts, and each part's action is interpreted along its paths.
//!
//! Straight paths use precomputed rays: the first unit on a ray is the nearest set bit
//! of `ray & occupied` (the lowest for a vector that raises the square index, else the
//! highest), so riders, hoppers, lions and locusts cost a few bit operations a
//! direction. The rose's octagons are walked square by square. `reference.rs` is the
//! slow twin that walks every path square by square, which the tests compare with this.

#[cfg(test)]
pub(crate) mod reference;

use crate::board::kinds::{Class, Kind};
use crate::board::walk::{Action, Mode, Part, Path, Vector, KNIGHT};
use crate::board::{Bitboard, Color, Piece, Role, Square};
use std::sync::LazyLock;

/// Where a move of a unit goes: its arrival, and the square of the unit it takes (the
/// arrival, except for locusts, which land beyond their victim).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    pub to: Square,
    pub capture: Option<Square>,
}

/// A vector resolved for one colour, as an index into the ray tables.
type VecId = u8;

/// One part of a walk with its vectors resolved per colour.
struct CompiledPart {
    action: Action,
    mode: Mode,
    circles: bool,
    /// Vector ids by colour (the same for both unless the path is `Forward`).
    vectors: [Vec<VecId>; 2],
    /// For actions along rays, by colour: the table (in `Tables::towards`) of the one
    /// vector whose ray from a square holds another.
    toward: [Option<u16>; 2],
}

/// A kind's walk compiled for the tables.
struct CompiledWalk {
    parts: Vec<CompiledPart>,
    /// Every square a unit of this kind on a square could capture on, for any occupancy
    /// (a superset), by colour and square: most observation questions end here.
    may_capture: [[Bitboard; 64]; 2],
    /// Whether its captures land beyond the captured unit (locusts, marine pieces).
    locust: bool,
    /// When the kind captures by one part along rays, the same for both colours, and no
    /// square stops it (not a pawn kind): that part's `towards` table and action, so that
    /// an observation is one table look-up and one ray.
    one_ray: Option<(u16, Action)>,
}

struct Tables {
    vectors: Vec<Vector>,
    /// `ray[v][sq]`: the squares `sq + k·v`, k ≥ 1, on the board.
    ray: Vec<[Bitboard; 64]>,
    /// `next[v][sq]`: `sq + v`, or 64 off the board.
    next: Vec<[u8; 64]>,
    /// Whether the square index grows along the vector.
    rising: Vec<bool>,
    walks: Vec<CompiledWalk>,
    /// `towards[i][from][to]`: the vector of a set whose ray from `from` holds `to`, or
    /// `NONE`; one table per set of vectors that ray actions use.
    towards: Vec<Box<[[u8; 64]; 64]>>,
    toward_sets: Vec<Vec<VecId>>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

const NONE: u8 = 64;

impl Tables {
    fn build() -> Tables {
        let mut t = Tables {
            vectors: Vec::new(),
            ray: Vec::new(),
            next: Vec::new(),
            rising: Vec::new(),
            walks: Vec::new(),
            towards: Vec::new(),
            toward_sets: Vec::new(),
        };
        for role in Role::all() {
            let kind = role.kind();
            let parts: Vec<CompiledPart> = kind.walk.iter().map(|p| t.compile(p)).collect();
            let locust = kind
                .walk
                .iter()
                .any(|p| matches!(p.action, Action::Locust | Action::LeapLocust));
            let one_ray = one_ray(kind, &parts);
            t.walks.push(CompiledWalk {
                parts,
                may_capture: [[Bitboard::EMPTY; 64]; 2],
                locust,
                one_ray,
            });
        }
        for r in 0..t.walks.len() {
            for color in Color::ALL {
                for sq in Square::all() {
                    let m = t.may_capture_superset(r, color, sq);
                    t.walks[r].may_capture[color.index()][sq.index()] = m;
                }
            }
        }
        t
    }

    fn vector_id(&mut self, v: Vector) -> VecId {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return i as VecId;
        }
        let mut ray = [Bitboard::EMPTY; 64];
        let mut next = [NONE; 64];
        for sq in Square::all() {
            if let Some(n) = sq.offset(v.0, v.1) {
                next[sq.index()] = n.index() as u8;
            }
            let mut cur = sq;
            while let Some(n) = cur.offset(v.0, v.1) {
                ray[sq.index()] = ray[sq.index()].with(n);
                cur = n;
            }
        }
        self.vectors.push(v);
        self.ray.push(ray);
        self.next.push(next);
        self.rising.push(v.0 as i32 + 8 * v.1 as i32 > 0);
        (self.vectors.len() - 1) as VecId
    }

    fn compile(&mut self, part: &Part) -> CompiledPart {
        let (white, black, circles): (Vec<Vector>, Vec<Vector>, bool) = match part.path {
            Path::Lines(v) => (v.to_vec(), v.to_vec(), false),
            Path::Forward(v) => (v.to_vec(), v.iter().map(|&(f, r)| (f, -r)).collect(), false),
            Path::Circles => (KNIGHT.to_vec(), KNIGHT.to_vec(), true),
        };
        let white: Vec<VecId> = white.into_iter().map(|v| self.vector_id(v)).collect();
        let black: Vec<VecId> = black.into_iter().map(|v| self.vector_id(v)).collect();
        let along_rays = !circles && along_rays(part.action);
        let toward = if along_rays {
            [
                Some(self.toward_table(&white)),
                Some(self.toward_table(&black)),
            ]
        } else {
            [None, None]
        };
        CompiledPart {
            action: part.action,
            mode: part.mode,
            circles,
            vectors: [white, black],
            toward,
        }
    }

    /// The index of the table of the vector toward each square, for a set of vectors
    /// whose rays do not overlap (distinct directions).
    fn toward_table(&mut self, set: &[VecId]) -> u16 {
        let mut key = set.to_vec();
        key.sort_unstable();
        if let Some(i) = self.toward_sets.iter().position(|s| *s == key) {
            return i as u16;
        }
        let mut table = Box::new([[NONE; 64]; 64]);
        for from in Square::all() {
            for &v in set {
                for to in self.ray[v as usize][from.index()] {
                    let slot = &mut table[from.index()][to.index()];
                    assert_eq!(*slot, NONE, "two rays of one set meet");
                    *slot = v;
                }
            }
        }
        self.towards.push(table);
        self.toward_sets.push(key);
        (self.towards.len() - 1) as u16
    }

    /// Every square a capture of the kind could take on, whatever the occupancy.
    fn may_capture_superset(&self, r: usize, color: Color, sq: Square) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for part in &self.walks[r].parts {
            if part.mode == Mode::Quiet {
                continue;
            }
            if part.circles {
                return Bitboard::FULL;
            }
            for &v in &part.vectors[color.index()] {
                let v = v as usize;
                let first = self.step(v, sq);
                out |= match part.action {
                    Action::Leap | Action::Lame { .. } | Action::LeapLocust => {
                        first.map_or(Bitboard::EMPTY, Bitboard::from_square)
                    }
                    Action::Push => self.ray[v][sq.index()],
                    Action::LeapHop => first
                        .and_then(|f| self.step(v, f))
                        .map_or(Bitboard::EMPTY, Bitboard::from_square),
                    Action::Turn { .. } => return Bitboard::FULL,
                    _ => self.ray[v][sq.index()],
                };
            }
        }
        out
    }

    #[inline(always)]
    fn step(&self, v: usize, sq: Square) -> Option<Square> {
        let n = self.next[v][sq.index()];
        (n != NONE).then(|| Square::new(n))
    }

    /// The nearest unit on the ray `v` from `sq`.
    #[inline(always)]
    fn first_on(&self, v: usize, sq: Square, occupied: Bitboard) -> Option<Square> {
        let blockers = self.ray[v][sq.index()] & occupied;
        if blockers.is_empty() {
            None
        } else if self.rising[v] {
            blockers.first()
        } else {
            Some(Square::new(63 - blockers.0.leading_zeros() as u8))
        }
    }

    /// The squares of the ray from `sq` up to and including its first unit.
    #[inline(always)]
    fn ride(&self, v: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.ray[v][sq.index()];
        match self.first_on(v, sq, occupied) {
            None => ray,
            Some(b) => ray & !self.ray[v][b.index()],
        }
    }
}

/// Whether an action goes along rays: its captures lie on the ray of one vector.
fn along_rays(action: Action) -> bool {
    matches!(
        action,
        Action::Ride
            | Action::EdgeRide
            | Action::Hop { .. }
            | Action::Lion
            | Action::ContraHop
            | Action::Kangaroo
            | Action::Locust
            | Action::EquiHop
    )
}

/// Forces the tables to be built now rather than on first use.
pub fn init() {
    LazyLock::force(&TABLES);
}

/// Whether the unit on `sq` stands on an edge of the board.
#[inline]
fn on_edge(sq: Square) -> bool {
    sq.file() == 0 || sq.file() == 7 || sq.rank() == 0 || sq.rank() == 7
}

/// The king step `(df, dr)` turned by `eighths` × 45°, clockwise or not.
fn turned(v: Vector, eighths: u8, clockwise: bool) -> Vector {
    const ROUND: [Vector; 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let i = ROUND.iter().position(|&w| w == v).expect("a king step") as i32;
    let e = eighths as i32;
    let j = if clockwise { i + e } else { i - e };
    ROUND[j.rem_euclid(8) as usize]
}

/// The intermediate square of a lame leap (mao: orthogonal first; moa: diagonal).
fn lame_pass(v: Vector, diagonal: bool) -> Vector {
    if diagonal {
        (v.0.signum(), v.1.signum())
    } else if v.0.abs() > v.1.abs() {
        (v.0.signum(), 0)
    } else {
        (0, v.1.signum())
    }
}

/// A visitor of one unit's moves: `quiet` arrivals and captures (arrival, victim).
trait Visit {
    fn quiet(&mut self, to: Square);
    fn capture(&mut self, to: Square, victim: Square);
}

/// Walks every part of a kind from `from`, telling `visit` each quiet arrival (an empty
/// square) and each capture of an occupied square (whatever its colour: the caller
/// keeps the enemies). `occupied` must include the unit itself unless it was lifted.
#[inline]
fn walk(role: Role, color: Color, from: Square, occupied: Bitboard, visit: &mut impl Visit) {
    if !may_move_from(Piece::new(color, role), from) {
        return;
    }
    let t = &*TABLES;
    for part in &t.walks[role.index()].parts {
        walk_part(t, part, color, from, occupied, visit);
    }
}

/// One part of a walk along all its paths.
#[inline]
fn walk_part(
    t: &Tables,
    part: &CompiledPart,
    color: Color,
    from: Square,
    occupied: Bitboard,
    visit: &mut impl Visit,
) {
    let quiet = part.mode != Mode::Capture;
    let capture = part.mode != Mode::Quiet;
    if part.circles {
        walk_circles(part.action, quiet, capture, from, occupied, visit);
        return;
    }
    for &v in &part.vectors[color.index()] {
        walk_vector(
            t,
            part.action,
            quiet,
            capture,
            color,
            from,
            v as usize,
            occupied,
            visit,
        );
    }
}

/// One action along the straight path of vector `v`.
#[inline]
#[allow(clippy::too_many_arguments)]
fn walk_vector(
    t: &Tables,
    action: Action,
    quiet: bool,
    capture: bool,
    color: Color,
    from: Square,
    v: usize,
    occupied: Bitboard,
    visit: &mut impl Visit,
) {
    match action {
        Action::Leap => {
            if let Some(to) = t.step(v, from) {
                leap_to(to, quiet, capture, occupied, visit);
            }
        }
        Action::Ride => {
            let reach = t.ride(v, from, occupied);
            ride_to(reach, quiet, capture, occupied, visit);
        }
        Action::EdgeRide => {
            let reach = t.ride(v, from, occupied);
            let edge = on_edge(from);
            for to in reach {
                if on_edge(to) != edge {
                    leap_to(to, quiet, capture, occupied, visit);
                }
            }
        }
        Action::Hop { beyond } => {
            let Some(h) = t.first_on(v, from, occupied) else {
                return;
            };
            let mut cur = h;
            let mut landed = None;
            for i in 0..beyond {
                let Some(n) = t.step(v, cur) else { break };
                if i + 1 == beyond {
                    landed = Some(n);
                } else if occupied.contains(n) {
                    break;
                }
                cur = n;
            }
            if let Some(to) = landed {
                leap_to(to, quiet, capture, occupied, visit);
            }
        }
        Action::Lion => {
            let Some(h) = t.first_on(v, from, occupied) else {
                return;
            };
            let reach = t.ride(v, h, occupied);
            ride_to(reach, quiet, capture, occupied, visit);
        }
        Action::ContraHop => {
            let Some(h) = t.step(v, from) else { return };
            if !occupied.contains(h) {
                return;
            }
            let reach = t.ride(v, h, occupied);
            ride_to(reach, quiet, capture, occupied, visit);
        }
        Action::Kangaroo => {
            let Some(h1) = t.first_on(v, from, occupied) else {
                return;
            };
            let Some(h2) = t.first_on(v, h1, occupied) else {
                return;
            };
            if let Some(to) = t.step(v, h2) {
                leap_to(to, quiet, capture, occupied, visit);
            }
        }
        Action::Locust => {
            if !capture {
                return;
            }
            let Some(x) = t.first_on(v, from, occupied) else {
                return;
            };
            if let Some(to) = t.step(v, x) {
                if !occupied.contains(to) {
                    visit.capture(to, x);
                }
            }
        }
        Action::LeapLocust => {
            if !capture {
                return;
            }
            let Some(x) = t.step(v, from) else { return };
            if !occupied.contains(x) {
                return;
            }
            if let Some(to) = t.step(v, x) {
                if !occupied.contains(to) {
                    visit.capture(to, x);
                }
            }
        }
        Action::LeapHop => {
            let Some(h) = t.step(v, from) else { return };
            if !occupied.contains(h) {
                return;
            }
            if let Some(to) = t.step(v, h) {
                leap_to(to, quiet, capture, occupied, visit);
            }
        }
        Action::EquiHop => {
            let Some(h) = t.first_on(v, from, occupied) else {
                return;
            };
            let distance = (t.ray[v][from.index()] & !t.ray[v][h.index()]).count();
            let mut cur = h;
            let mut ok = true;
            for i in 0..distance {
                match t.step(v, cur) {
                    Some(n) => {
                        if i + 1 < distance && occupied.contains(n) {
                            ok = false;
                            break;
                        }
                        cur = n;
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                leap_to(cur, quiet, capture, occupied, visit);
            }
        }
        Action::Turn { eighths } => {
            let Some(h) = t.first_on(v, from, occupied) else {
                return;
            };
            let dir = t.vectors[v];
            let senses: &[bool] = if eighths == 4 {
                &[true]
            } else {
                &[true, false]
            };
            for &clockwise in senses {
                let d = turned(dir, eighths, clockwise);
                if let Some(to) = h.offset(d.0, d.1) {
                    if to != from {
                        leap_to(to, quiet, capture, occupied, visit);
                    }
                }
            }
        }
        Action::Lame { diagonal } => {
            let dir = t.vectors[v];
            let p = lame_pass(dir, diagonal);
            let (Some(pass), Some(to)) = (from.offset(p.0, p.1), from.offset(dir.0, dir.1)) else {
                return;
            };
            if !occupied.contains(pass) {
                leap_to(to, quiet, capture, occupied, visit);
            }
        }
        Action::Push => {
            let Some(one) = t.step(v, from) else { return };
            if occupied.contains(one) {
                if capture {
                    visit.capture(one, one);
                }
                return;
            }
            if quiet {
                visit.quiet(one);
                if from.rank() == color.pawn_rank() {
                    if let Some(two) = t.step(v, one) {
                        if !occupied.contains(two) {
                            visit.quiet(two);
                        }
                    }
                }
            }
        }
    }
}

/// The squares of a ride (`reach`, its first unit included): quiet moves to the empty
/// ones, a capture of the unit.
#[inline(always)]
fn ride_to(
    reach: Bitboard,
    quiet: bool,
    capture: bool,
    occupied: Bitboard,
    visit: &mut impl Visit,
) {
    if quiet {
        for to in reach & !occupied {
            visit.quiet(to);
        }
    }
    if capture {
        for to in reach & occupied {
            visit.capture(to, to);
        }
    }
}

#[inline(always)]
fn leap_to(to: Square, quiet: bool, capture: bool, occupied: Bitboard, visit: &mut impl Visit) {
    if occupied.contains(to) {
        if capture {
            visit.capture(to, to);
        }
    } else if quiet {
        visit.quiet(to);
    }
}

/// The rose's paths: from each knight step, turning one way or the other, at most until
/// the path comes back to the unit's square (which counts as occupied).
fn walk_circles(
    action: Action,
    quiet: bool,
    capture: bool,
    from: Square,
    occupied: Bitboard,
    visit: &mut impl Visit,
) {
    let occupied = occupied.with(from);
    for start in 0..8i32 {
        for sense in [1i32, -1] {
            let mut cur = from;
            let mut hurdle_seen = false;
            for k in 0..8 {
                let v = KNIGHT[(start + sense * k).rem_euclid(8) as usize];
                let Some(n) = cur.offset(v.0, v.1) else { break };
                cur = n;
                if n == from {
                    break;
                }
                let taken = occupied.contains(n);
                match action {
                    Action::Ride => {
                        if taken {
                            if capture {
                                visit.capture(n, n);
                            }
                            break;
                        }
                        if quiet {
                            visit.quiet(n);
                        }
                    }
                    Action::Lion => {
                        if !hurdle_seen {
                            hurdle_seen = taken;
                            continue;
                        }
                        if taken {
                            if capture {
                                visit.capture(n, n);
                            }
                            break;
                        }
                        if quiet {
                            visit.quiet(n);
                        }
                    }
                    other => unreachable!("{other:?} on the rose's circles"),
                }
            }
        }
    }
}

/// The squares a unit could capture on (the squares of the units it would take, were
/// they enemies), with `occupied` as the board's occupancy: its observation.
#[inline]
pub fn captures_from(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    struct Captures(Bitboard);
    impl Visit for Captures {
        #[inline(always)]
        fn quiet(&mut self, _to: Square) {}
        #[inline(always)]
        fn capture(&mut self, _to: Square, victim: Square) {
            self.0 = self.0.with(victim);
        }
    }
    let mut c = Captures(Bitboard::EMPTY);
    walk(piece.role, piece.color, from, occupied, &mut c);
    c.0
}

/// Whether a unit on `from` could capture a unit standing on `target`, were it an enemy,
/// with `occupied` as the other units' squares (`target` counts as occupied: a king
/// stepping there is what the question is about).
#[inline(always)]
pub fn observes(piece: Piece, from: Square, target: Square, occupied: Bitboard) -> bool {
    may_observe(piece, from, target) && observes_exactly(piece, from, target, occupied)
}

/// Whether a unit on `from` could capture on `target` for some occupancy: the cheap
/// test that settles most observation questions.
#[inline(always)]
pub fn may_observe(piece: Piece, from: Square, target: Square) -> bool {
    TABLES.walks[piece.role.index()].may_capture[piece.color.index()][from.index()].contains(target)
}

/// A walk's one capturing part along rays (see `CompiledWalk::one_ray`).
fn one_ray(kind: &Kind, parts: &[CompiledPart]) -> Option<(u16, Action)> {
    if matches!(kind.class, Class::Pawn { .. }) {
        return None;
    }
    let mut capturing = parts.iter().filter(|p| p.mode != Mode::Quiet);
    let part = capturing.next()?;
    if capturing.next().is_some() || part.circles || matches!(part.action, Action::Turn { .. }) {
        return None;
    }
    match part.toward {
        [Some(a), Some(b)] if a == b => Some((a, part.action)),
        _ => None,
    }
}

/// [`observes`] past its cheap test.
#[inline]
fn observes_exactly(piece: Piece, from: Square, target: Square, occupied: Bitboard) -> bool {
    let t = &*TABLES;
    let compiled = &t.walks[piece.role.index()];
    if let Some((table, action)) = compiled.one_ray {
        let v = t.towards[table as usize][from.index()][target.index()];
        let occupied = occupied.with(target).with(from);
        return v != NONE
            && ray_observes(t, action, piece.color, from, target, v as usize, occupied);
    }
    if !may_move_from(piece, from) {
        return false;
    }
    let occupied = occupied.with(target).with(from);
    compiled.parts.iter().any(|part| {
        part.mode != Mode::Quiet && part_observes(t, part, piece.color, from, target, occupied)
    })
}

/// Whether one part captures on `target` (occupied): along the one ray of a straight
/// path that can hold the victim, without walking the others.
#[inline]
fn part_observes(
    t: &Tables,
    part: &CompiledPart,
    color: Color,
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> bool {
    struct Hit(Square, bool);
    impl Visit for Hit {
        #[inline(always)]
        fn quiet(&mut self, _to: Square) {}
        #[inline(always)]
        fn capture(&mut self, _to: Square, victim: Square) {
            self.1 |= victim == self.0;
        }
    }
    if part.circles || matches!(part.action, Action::Turn { .. }) {
        // Off the rays: walk the part.
        let mut hit = Hit(target, false);
        walk_part(t, part, color, from, occupied, &mut hit);
        return hit.1;
    }
    if let Some(table) = part.toward[color.index()] {
        // Along rays: only the one vector toward the target can reach it.
        let v = t.towards[table as usize][from.index()][target.index()];
        return v != NONE
            && ray_observes(t, part.action, color, from, target, v as usize, occupied);
    }
    for &v in &part.vectors[color.index()] {
        let v = v as usize;
        let on_ray = t.ray[v][from.index()].contains(target);
        let hit = match part.action {
            Action::Leap | Action::Lame { .. } | Action::LeapLocust => {
                if t.step(v, from) != Some(target) {
                    continue;
                }
                match part.action {
                    Action::Lame { diagonal } => {
                        let p = lame_pass(t.vectors[v], diagonal);
                        from.offset(p.0, p.1)
                            .is_some_and(|pass| !occupied.contains(pass))
                    }
                    Action::LeapLocust => t.step(v, target).is_some_and(|l| !occupied.contains(l)),
                    _ => true,
                }
            }
            Action::Push | Action::Turn { .. } => false,
            Action::LeapHop => {
                on_ray
                    && t.step(v, from)
                        .is_some_and(|h| occupied.contains(h) && t.step(v, h) == Some(target))
            }
            _ if !on_ray => continue,
            _ => ray_observes(t, part.action, color, from, target, v, occupied),
        };
        if hit {
            return true;
        }
    }
    false
}

/// The squares whose occupancy a unit on `from` looking at `target` depends on: a unit
/// arriving on or leaving any other square changes nothing of whether it could capture
/// there. A superset: rays toward the target, the squares a lame or leaping hopper
/// passes, everything for the angle hoppers and the rose.
pub fn sensitive_squares(piece: Piece, from: Square, target: Square) -> Bitboard {
    let t = &*TABLES;
    let compiled = &t.walks[piece.role.index()];
    if !compiled.may_capture[piece.color.index()][from.index()].contains(target) {
        return Bitboard::EMPTY;
    }
    let mut out = Bitboard::EMPTY;
    for part in &compiled.parts {
        if part.mode == Mode::Quiet {
            continue;
        }
        if part.circles || matches!(part.action, Action::Turn { .. }) {
            return Bitboard::FULL;
        }
        for &v in &part.vectors[piece.color.index()] {
            let v = v as usize;
            match part.action {
                Action::Leap | Action::Push => {}
                Action::Lame { diagonal } => {
                    let p = lame_pass(t.vectors[v], diagonal);
                    if let Some(pass) = from.offset(p.0, p.1) {
                        out = out.with(pass);
                    }
                }
                Action::LeapHop => {
                    if let Some(h) = t.step(v, from) {
                        out = out.with(h);
                    }
                }
                Action::LeapLocust => {
                    if let Some(l) = t.step(v, target) {
                        out = out.with(l);
                    }
                }
                _ => {
                    if t.ray[v][from.index()].contains(target) {
                        // The squares up to the target, and (a locust) the one beyond.
                        out |= t.ray[v][from.index()] & !t.ray[v][target.index()];
                        if let Some(l) = t.step(v, target) {
                            out = out.with(l);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Whether an action along rays captures on `target` (occupied, on the ray of `v`).
#[inline(always)]
fn ray_observes(
    t: &Tables,
    action: Action,
    color: Color,
    from: Square,
    target: Square,
    v: usize,
    occupied: Bitboard,
) -> bool {
    struct Hit(Square, bool);
    impl Visit for Hit {
        #[inline(always)]
        fn quiet(&mut self, _to: Square) {}
        #[inline(always)]
        fn capture(&mut self, _to: Square, victim: Square) {
            self.1 |= victim == self.0;
        }
    }
    match action {
        Action::Ride => t.first_on(v, from, occupied) == Some(target),
        Action::EdgeRide => {
            on_edge(from) != on_edge(target) && t.first_on(v, from, occupied) == Some(target)
        }
        Action::Locust => {
            t.first_on(v, from, occupied) == Some(target)
                && t.step(v, target).is_some_and(|l| !occupied.contains(l))
        }
        Action::Lion => t
            .first_on(v, from, occupied)
            .is_some_and(|h| h != target && t.first_on(v, h, occupied) == Some(target)),
        Action::ContraHop => t.step(v, from).is_some_and(|h| {
            h != target && occupied.contains(h) && t.first_on(v, h, occupied) == Some(target)
        }),
        Action::Kangaroo => t.first_on(v, from, occupied).is_some_and(|h1| {
            h1 != target
                && t.first_on(v, h1, occupied)
                    .is_some_and(|h2| h2 != target && t.step(v, h2) == Some(target))
        }),
        Action::Hop { beyond: 1 } => t
            .first_on(v, from, occupied)
            .is_some_and(|h| h != target && t.step(v, h) == Some(target)),
        _ => {
            // The hurdle is on this ray before the target: walk this vector only.
            let mut hit = Hit(target, false);
            walk_vector(t, action, true, true, color, from, v, occupied, &mut hit);
            hit.1
        }
    }
}

/// The empty squares a unit could move to without capturing.
#[inline]
pub fn quiet_from(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    struct Quiet(Bitboard);
    impl Visit for Quiet {
        #[inline(always)]
        fn quiet(&mut self, to: Square) {
            self.0 = self.0.with(to);
        }
        #[inline(always)]
        fn capture(&mut self, _to: Square, _victim: Square) {}
    }
    let mut q = Quiet(Bitboard::EMPTY);
    walk(piece.role, piece.color, from, occupied, &mut q);
    q.0
}

/// Every move of a unit: quiet arrivals and captures of the units of `targets` (the
/// enemies), each told once, in the order of the walk's parts and paths.
#[inline]
pub fn for_each_move(
    piece: Piece,
    from: Square,
    occupied: Bitboard,
    targets: Bitboard,
    mut f: impl FnMut(Landing),
) {
    struct Moves<F> {
        targets: Bitboard,
        seen_quiet: Bitboard,
        seen_capture: Bitboard,
        f: F,
    }
    impl<F: FnMut(Landing)> Visit for Moves<F> {
        #[inline(always)]
        fn quiet(&mut self, to: Square) {
            // A compound walk may reach one square by two parts: one move.
            if !self.seen_quiet.contains(to) {
                self.seen_quiet = self.seen_quiet.with(to);
                (self.f)(Landing { to, capture: None });
            }
        }
        #[inline(always)]
        fn capture(&mut self, to: Square, victim: Square) {
            if self.targets.contains(victim) && !self.seen_capture.contains(to) {
                self.seen_capture = self.seen_capture.with(to);
                (self.f)(Landing {
                    to,
                    capture: Some(victim),
                });
            }
        }
    }
    let mut m = Moves {
        targets,
        seen_quiet: Bitboard::EMPTY,
        seen_capture: Bitboard::EMPTY,
        f: &mut f,
    };
    walk(piece.role, piece.color, from, occupied, &mut m);
}

/// Whether a kind's captures land beyond the unit they take (locusts, marine pieces).
#[inline]
pub fn captures_beyond(role: Role) -> bool {
    TABLES.walks[role.index()].locust
}

/// Whether a unit of this kind standing on `sq` may move at all: pawns of the orthodox
/// and Berolina kinds stand still on their own first rank, as in the reference solver.
#[inline]
pub fn may_move_from(piece: Piece, sq: Square) -> bool {
    !(matches!(piece.role.kind().class, Class::Pawn { stuck: true })
        && sq.rank() == piece.color.back_rank())
}

/// Whether a unit of a pawn kind on `from` could take en passant a pawn that crossed
/// `crossed`: pawn kinds that capture by one step (the orthodox and Berolina pawns; the
/// reference solver's superpawns, which capture by riding, take no pawn en passant).
#[inline]
pub fn takes_en_passant_on(piece: Piece, from: Square, crossed: Square) -> bool {
    let kind = piece.role.kind();
    matches!(kind.class, Class::Pawn { .. })
        && kind
            .walk
            .iter()
            .all(|p| !p.captures() || matches!(p.action, Action::Leap))
        && from.rank().abs_diff(crossed.rank()) == 1
        && captures_from(piece, from, Bitboard::from_square(from).with(crossed)).contains(crossed)
}

/// Whether a kind attacks only by leaps from where it stands, so that no unit moving
/// elsewhere opens or closes one of its lines: the orthodox check and pin masks stay
/// right with it on the board.
#[inline]
pub fn is_pure_leaper(role: Role) -> bool {
    static LEAPERS: LazyLock<u128> = LazyLock::new(|| {
        Role::all()
            .filter(|r| {
                r.kind().walk.iter().all(|p| {
                    !p.captures()
                        || (matches!(p.action, Action::Leap) && !matches!(p.path, Path::Circles))
                })
            })
            .fold(0, |set, r| set | 1 << r.index())
    });
    *LEAPERS >> role.index() & 1 != 0
}

#[cfg(test)]
mod tests;
