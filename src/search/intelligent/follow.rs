//! The search of one plan: the help play from the start position in which every placed
//! unit stays within its side's moves of its target.

use super::plans::{Plan, Setup, Target};
use crate::board::{Bitboard, Color, Position, Square};
use crate::conditions::Rules;
use crate::movegen::{Move, MoveKind};
use crate::search::{goal_reached, reach, visit, Limits, Table};
use crate::stipulation::Goal;
use smallvec::SmallVec;

/// A unit followed through the search of one plan.
#[derive(Copy, Clone, Debug)]
struct Tracked {
    color: Color,
    /// Where it stands now (`None`: taken).
    sq: Option<Square>,
    target: Target,
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

pub(super) struct PlanSearch<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    limits: &'a Limits,
    salt: u64,
}

impl<R: Rules> PlanSearch<'_, R> {
    /// The least moves each side still needs for its placed units, or `None` when a placed
    /// unit was taken.
    fn costs(&self, pos: &Position<R::Ext>, units: &[Tracked]) -> Option<([u8; 2], [u8; 2])> {
        let mut cost = [0u8; 2];
        // A unit still to be taken costs its taker a move, which may also be a step of a
        // placed unit: the side needs at least the larger of the two counts.
        let mut takes = [0u8; 2];
        for u in units {
            match (u.sq, u.target) {
                (None, Target::Taken) => {}
                (None, Target::On(..)) => return None,
                (Some(_), Target::Taken) => takes[(!u.color).index()] += 1,
                (Some(sq), Target::On(to, role)) => {
                    let now = pos.board.role_at(sq).expect("a tracked unit stands there");
                    let c = reach::unit_distance(u.color, now, sq, role, to);
                    cost[u.color.index()] = cost[u.color.index()].saturating_add(c);
                }
            }
        }
        Some((cost, takes))
    }

    fn key(&self, pos: &Position<R::Ext>, units: &[Tracked], remaining: usize) -> u64 {
        let mut h = pos.hash() ^ self.salt ^ mix(remaining as u64 | 1 << 40);
        for (i, u) in units.iter().enumerate() {
            let sq = u.sq.map_or(64, |s| s.index() as u64);
            h ^= mix((i as u64) << 8 | sq);
        }
        h
    }

    fn search(
        &self,
        pos: &Position<R::Ext>,
        units: &mut SmallVec<[Tracked; 32]>,
        remaining: usize,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        visit();
        if remaining == 0 {
            if goal_reached(self.rules, pos, Goal::Stalemate) {
                out.push(path.clone());
                return true;
            }
            return false;
        }
        if self.limits.expired_now() {
            return false;
        }
        let Some((cost, takes)) = self.costs(pos, units) else {
            return false;
        };
        let mover = pos.side;
        let mine = remaining.div_ceil(2);
        let theirs = remaining / 2;
        let left = |color: Color| if color == mover { mine } else { theirs };
        if Color::ALL
            .iter()
            .any(|&c| usize::from(cost[c.index()].max(takes[c.index()])) > left(c))
        {
            return false;
        }
        let k = self.key(pos, units, remaining);
        if self.table.get(k).lose != 0 {
            return false;
        }
        // Without spare moves only the placed units that have a way to go may move: any
        // other move leaves their distances as they are.
        let movers = if usize::from(cost[mover.index()]) == mine {
            units
                .iter()
                .filter(|u| u.color == mover)
                .filter_map(|u| match (u.sq, u.target) {
                    (Some(sq), Target::On(to, role)) => {
                        let now = pos.board.role_at(sq).expect("tracked");
                        (reach::unit_distance(u.color, now, sq, role, to) > 0).then_some(sq)
                    }
                    _ => None,
                })
                .fold(Bitboard::EMPTY, Bitboard::with)
        } else {
            pos.board.by_color(mover)
        };
        let mut children: SmallVec<[(Move, Position<R::Ext>); 64]> = SmallVec::new();
        self.rules.for_each_child_of(pos, movers, |mv, after| {
            children.push((*mv, *after));
        });
        let mut found = false;
        for (mv, after) in &children {
            let saved = units.clone();
            let taken_on = match mv.kind {
                MoveKind::EnPassant => mv.to.offset(0, -mover.forward()),
                _ if mv.captured.is_some() => Some(mv.to),
                _ => None,
            };
            for u in units.iter_mut() {
                if u.sq.is_some() && u.sq == taken_on && u.color != mover {
                    u.sq = None;
                }
            }
            for u in units.iter_mut() {
                if u.sq == Some(mv.from) && u.color == mover {
                    u.sq = Some(mv.to);
                }
            }
            path.push(*mv);
            found |= self.search(after, units, remaining - 1, path, out);
            path.pop();
            *units = saved;
        }
        if !found && !self.limits.expired_now() {
            self.table.update(k, |b| b.lose = remaining as u16);
        }
        found
    }
}

/// Every line of `half_moves` half moves from `pos` that ends in stalemate with the
/// units of `plan` within reach of their targets all along.
pub(super) fn follow<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    setup: &Setup,
    plan: &Plan,
    half_moves: usize,
    table: &Table,
    limits: &Limits,
) -> Vec<Vec<Move>> {
    let mut units: SmallVec<[Tracked; 32]> = SmallVec::new();
    // The table is shared by all plans: each plan's entries carry its own salt.
    let mut salt = 0x243F_6A88_85A3_08D3u64;
    for (i, (u, t)) in setup.d_units.iter().zip(&plan.defender).enumerate() {
        units.push(Tracked {
            color: setup.defender,
            sq: Some(u.sq),
            target: *t,
        });
        let code = match t {
            Target::Taken => 0xFFFF,
            Target::On(sq, role) => (sq.index() as u64) << 8 | *role as u64,
        };
        salt = mix(salt ^ (i as u64) << 32 ^ code);
    }
    for &(i, sq, role) in &plan.attacker {
        units.push(Tracked {
            color: setup.attacker(),
            sq: Some(setup.a_units[i].sq),
            target: Target::On(sq, role),
        });
        salt = mix(salt ^ 0x5555 ^ (i as u64) << 32 ^ (sq.index() as u64) << 8 ^ role as u64);
    }
    let search = PlanSearch {
        rules,
        table,
        limits,
        salt,
    };
    let mut out = Vec::new();
    let mut path = Vec::new();
    limits.counted(|| search.search(pos, &mut units, half_moves, &mut path, &mut out));
    out
}
