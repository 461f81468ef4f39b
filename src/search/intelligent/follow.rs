//! The search of one plan: the help play (or series) from the start position in which
//! every placed unit stays within its side's moves of its target.

use super::plans::{self, Plan, Setup, Target};
use super::End;
use crate::board::{scramble, Bitboard, Color, Extension, Position, Role, Square};
use crate::conditions::Rules;
use crate::movegen::{Move, MoveKind};
use crate::search::{help, null_move, position_goal_reached, visit, Limits, Step, Table};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A unit followed through the search of one plan.
#[derive(Copy, Clone, Debug)]
struct Tracked {
    color: Color,
    /// Where it stands now (`None`: taken).
    sq: Option<Square>,
    target: Target,
    /// The checker of a mate that must make the mating move ([`plans::must_mate_by_moving`]).
    moves_last: bool,
    /// Its least moves to its target from where it stands (0 for a unit to be taken).
    dist: u8,
}

/// The hash of the tracked unit `index` standing on `sq` (64: taken).
fn unit_key(index: usize, sq: Option<Square>) -> u64 {
    scramble((index as u64) << 8 | sq.map_or(64, |s| s.index() as u64))
}

fn distance(u: &Tracked, role: Role, sq: Square) -> u8 {
    match u.target {
        Target::On(to, to_role) => plans::distance(u.color, role, sq, to_role, to, u.moves_last),
        Target::Taken | Target::Free => 0,
    }
}

/// The placed units where the search stands, kept up to date move by move.
#[derive(Clone, Debug)]
struct Units {
    list: SmallVec<[Tracked; 32]>,
    /// One more than the index of the unit on each square (0: none).
    at: [u8; 64],
    /// Per colour, the sum of its units' distances.
    dist: [u16; 2],
    /// Per colour, the units of the other colour it has still to take. Each costs it a
    /// move, which may also be a step of one of its placed units: a side needs at least
    /// the larger of its two counts.
    takes: [u16; 2],
    /// A unit with a square to reach was taken.
    lost: bool,
    /// The hash of where the units stand.
    hash: u64,
}

/// What [`Units::play`] changed, for [`Units::undo`].
struct Undo {
    moved: Option<(usize, Tracked)>,
    taken: Option<(usize, Tracked)>,
    dist: [u16; 2],
    takes: [u16; 2],
    lost: bool,
    hash: u64,
}

impl Units {
    fn need(&self, color: Color) -> u16 {
        self.dist[color.index()].max(self.takes[color.index()])
    }

    fn index_at(&self, sq: Square) -> Option<usize> {
        self.at[sq.index()].checked_sub(1).map(usize::from)
    }

    /// Follows `mv` of `mover`, after which the position is `after`; `last`: the mover's
    /// last move (a checker that must mate by moving has then arrived).
    fn play<E: Extension>(
        &mut self,
        mv: &Move,
        mover: Color,
        after: &Position<E>,
        last: bool,
    ) -> Undo {
        let undo = |s: &Units| Undo {
            moved: None,
            taken: None,
            dist: s.dist,
            takes: s.takes,
            lost: s.lost,
            hash: s.hash,
        };
        let mut record = undo(self);
        let taken_on = match mv.kind {
            MoveKind::EnPassant => mv.to.offset(0, -mover.forward()),
            _ if mv.captured.is_some() => Some(mv.to),
            _ => None,
        };
        if let Some(i) = taken_on.and_then(|sq| self.index_at(sq)) {
            let u = self.list[i];
            record.taken = Some((i, u));
            self.at[u.sq.expect("on the board").index()] = 0;
            self.hash ^= unit_key(i, u.sq) ^ unit_key(i, None);
            match u.target {
                Target::On(..) => self.lost = true,
                Target::Taken => self.takes[mover.index()] -= 1,
                Target::Free => unreachable!("free units are not tracked"),
            }
            self.dist[u.color.index()] -= u16::from(u.dist);
            self.list[i].sq = None;
            self.list[i].dist = 0;
        }
        if let Some(i) = self.index_at(mv.from) {
            let u = self.list[i];
            record.moved = Some((i, u));
            self.at[mv.from.index()] = 0;
            self.at[mv.to.index()] = i as u8 + 1;
            self.hash ^= unit_key(i, u.sq) ^ unit_key(i, Some(mv.to));
            let role = after.board.role_at(mv.to).expect("the unit just moved");
            let dist = if last {
                distance(
                    &Tracked {
                        moves_last: false,
                        ..u
                    },
                    role,
                    mv.to,
                )
            } else {
                distance(&u, role, mv.to)
            };
            let c = u.color.index();
            self.dist[c] = self.dist[c] - u16::from(u.dist) + u16::from(dist);
            self.list[i].sq = Some(mv.to);
            self.list[i].dist = dist;
        }
        record
    }

    fn undo(&mut self, record: Undo) {
        if let Some((i, u)) = record.moved {
            if let Some(sq) = self.list[i].sq {
                self.at[sq.index()] = 0;
            }
            self.at[u.sq.expect("it moved").index()] = i as u8 + 1;
            self.list[i] = u;
        }
        if let Some((i, u)) = record.taken {
            self.at[u.sq.expect("it was taken").index()] = i as u8 + 1;
            self.list[i] = u;
        }
        self.dist = record.dist;
        self.takes = record.takes;
        self.lost = record.lost;
        self.hash = record.hash;
    }
}

pub(super) struct PlanSearch<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    limits: &'a Limits,
    salt: u64,
    steps: &'a [Step],
    end: End,
    /// `left[idx][color]`: the moves `color` plays from step `idx` on.
    left: Vec<[u16; 2]>,
    /// The lines found by every plan of the problem, counted to stop at
    /// [`crate::search::MAX_KEPT_SOLUTIONS`] ([`PlanSearch::stop`]).
    found: &'a AtomicUsize,
}

/// Per step, the moves each side plays from it on, by colour ([`help::plays`] counts
/// them by the parity of their distance; a pass flips the side to move as a move does),
/// with `extra` moves after the steps (a reciprocal end's help play). `start`: the side
/// to move at the first step.
pub(super) fn moves_left(steps: &[Step], extra: usize, start: Color) -> Vec<[u16; 2]> {
    help::plays(steps, extra)
        .into_iter()
        .enumerate()
        .map(|(idx, [own, other])| {
            let mover = if idx.is_multiple_of(2) { start } else { !start };
            let mut left = [0u16; 2];
            left[mover.index()] = own as u16;
            left[(!mover).index()] = other as u16;
            left
        })
        .collect()
}

/// Whether both sides can still bring their placed units home with the moves `left`.
fn in_reach(units: &Units, left: [u16; 2]) -> bool {
    !units.lost
        && units.need(Color::White) <= left[Color::White.index()]
        && units.need(Color::Black) <= left[Color::Black.index()]
}

/// Whether the lines found (`found`), with those the problem's searches kept before
/// ([`Limits::kept_enough`] counts them), reach [`crate::search::MAX_KEPT_SOLUTIONS`].
pub(super) fn lines_past_cap(found: &AtomicUsize, limits: &Limits) -> bool {
    found.load(Ordering::Relaxed) + limits.kept.load(Ordering::Relaxed)
        >= crate::search::MAX_KEPT_SOLUTIONS
}

impl<R: Rules> PlanSearch<'_, R> {
    /// Whether to stop: out of time, or so many lines found that the move-by-move search,
    /// which keeps the first of them in its order, is left to find them.
    fn stop(&self) -> bool {
        self.limits.expired_now() || lines_past_cap(self.found, self.limits)
    }

    /// Collects the lines from `pos` at step `idx` (its units within reach of their
    /// targets); returns whether there was one.
    fn search(
        &self,
        pos: &Position<R::Ext>,
        units: &mut Units,
        idx: usize,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        visit();
        let Some(&step) = self.steps.get(idx) else {
            let before = out.len();
            let holds = match self.end {
                End::Goal(goal) => {
                    let holds = position_goal_reached(self.rules, pos, goal);
                    if holds {
                        out.push(path.clone());
                    }
                    holds
                }
                End::Reciprocal { help, own } => {
                    help::reciprocal_lines(self.rules, pos, help, own, path, out)
                }
            };
            self.found.fetch_add(out.len() - before, Ordering::Relaxed);
            return holds;
        };
        if self.stop() {
            return false;
        }
        let may_check = match step {
            // The other side plays on: the placed units stand as they are.
            Step::Pass => return self.search(&null_move(pos), units, idx + 1, path, out),
            Step::Play { may_check } => may_check,
            Step::Parry => unreachable!("plans with parries are not searched here"),
        };
        let remaining = self.steps.len() - idx;
        let k = pos.hash() ^ self.salt ^ units.hash ^ scramble(remaining as u64 | 1 << 40);
        if self.table.get(k).lose != 0 {
            return false;
        }
        let mover = pos.side;
        // Without spare moves only the placed units that have a way to go may move: any
        // other move leaves their distances as they are.
        let movers = if units.dist[mover.index()] >= self.left[idx][mover.index()] {
            units
                .list
                .iter()
                .filter(|u| u.color == mover && u.dist > 0)
                .filter_map(|u| u.sq)
                .fold(Bitboard::EMPTY, Bitboard::with)
        } else {
            pos.board.by_color(mover)
        };
        let mut found = false;
        self.rules.for_each_child_of(pos, movers, |mv, after| {
            if !may_check && self.rules.in_check(after, after.side) {
                return;
            }
            let last = self.left[idx + 1][mover.index()] == 0;
            let record = units.play(mv, mover, after, last);
            if in_reach(units, self.left[idx + 1]) {
                path.push(*mv);
                found |= self.search(after, units, idx + 1, path, out);
                path.pop();
            }
            units.undo(record);
        });
        if !found && !self.stop() {
            self.table.update(k, |b| b.lose = remaining as u16);
        }
        found
    }
}

/// Every line of `steps` from `pos` that meets `end` with the units of `plan` within
/// reach of their targets all along.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    setup: &Setup,
    plan: &Plan,
    steps: &[Step],
    end: End,
    table: &Table,
    limits: &Limits,
    found: &AtomicUsize,
) -> Vec<Vec<Move>> {
    let mut units = Units {
        list: SmallVec::new(),
        at: [0; 64],
        dist: [0; 2],
        takes: [0; 2],
        lost: false,
        hash: 0,
    };
    let track = |units: &mut Units,
                 color: Color,
                 sq: Square,
                 role: Role,
                 target: Target,
                 moves_last: bool| {
        let i = units.list.len();
        let mut u = Tracked {
            color,
            sq: Some(sq),
            target,
            moves_last,
            dist: 0,
        };
        u.dist = distance(&u, role, sq);
        units.dist[color.index()] += u16::from(u.dist);
        if target == Target::Taken {
            units.takes[(!color).index()] += 1;
        }
        units.at[sq.index()] = i as u8 + 1;
        units.hash ^= unit_key(i, Some(sq));
        units.list.push(u);
    };
    // The table is shared by all plans: each plan's entries carry its own salt.
    let mut salt = 0x243F_6A88_85A3_08D3u64;
    for (i, (u, t)) in setup.d_units.iter().zip(&plan.defender).enumerate() {
        if *t == Target::Free {
            continue;
        }
        track(&mut units, setup.defender, u.sq, u.role, *t, false);
        let code = match t {
            Target::Taken | Target::Free => 0xFFFF,
            Target::On(sq, role) => (sq.index() as u64) << 8 | role.index() as u64,
        };
        salt = scramble(salt ^ (i as u64) << 32 ^ code);
    }
    for &(i, sq, role) in &plan.attacker {
        let unit = setup.a_units[i];
        track(
            &mut units,
            setup.attacker(),
            unit.sq,
            unit.role,
            Target::On(sq, role),
            plan.moves_last == Some(i),
        );
        salt = scramble(
            salt ^ 0x5555 ^ (i as u64) << 32 ^ (sq.index() as u64) << 8 ^ role.index() as u64,
        );
    }
    let left = moves_left(steps, end.extra(), pos.side);
    if !in_reach(&units, left[0]) {
        return Vec::new();
    }
    // Plans of one problem share the table; a plan's end is the problem's.
    let search = PlanSearch {
        rules,
        table,
        limits,
        salt,
        steps,
        end,
        left,
        found,
    };
    let mut out = Vec::new();
    let mut path = Vec::new();
    limits.counted(|| search.search(pos, &mut units, 0, &mut path, &mut out));
    out
}
