//! Parry series with defences (`pser-#n`, `pser-s#n`, `pser-=n`, ...): the series side
//! plays up to n moves in a row; the other side does not move, except that it must
//! answer a check with one move of its choice (the parry), after which the series goes
//! on. The series side wins when it reaches the goal (in self play: when every move of
//! the other side reaches it) against every parry.
//!
//! The solution is printed as the reference solver prints it, one line per path through
//! the tree: every first move that wins within n, with its shortest win; after a parry
//! or a move without check, every move that wins in the fewest moves left; a line for
//! each parry, and in self play for each forced last move.

use super::{
    annotate, forced_to_goal, goal_reached, in_order::InOrder, null_move, numbered_first_moves,
    reference_order, successors, Found, HelpLine, HelpSolution, Limits, PlayedMove, Step, Table,
};
use crate::board::Position;
use crate::conditions::Rules;
use crate::movegen::Move;
use crate::stipulation::Goal;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// What the series must reach.
#[derive(Clone, Copy, Debug)]
pub struct ParrySpec {
    pub goal: Goal,
    /// Self play: every move of the other side reaches the goal after the series' move.
    pub self_play: bool,
    /// n: the most moves of the series.
    pub moves: u32,
    /// The last moves to mate or check in the order of the reference solver's
    /// generator of orthodox mating moves.
    pub mating_order: bool,
    /// Option MoveNumbers: number every first move in the reference solver's order.
    pub move_numbers: bool,
    /// Options StartMoveNumber and UpToMoveNumber: the numbered first moves searched.
    pub move_range: super::MoveRange,
}

/// Table salt of this search (apart from the help searches' entries).
const PARRY_SALT: u64 = 0x3C6E_F372_FE94_F82B;

struct Ctx<'a, R: Rules> {
    rules: &'a R,
    spec: ParrySpec,
    table: &'a Table,
    limits: &'a Limits,
    salt: u64,
}

impl<R: Rules> Ctx<'_, R> {
    fn key(&self, pos: &Position<R::Ext>) -> u64 {
        pos.hash() ^ self.salt
    }

    /// Whether the series' move `mv` to `after` reaches the goal by itself.
    fn reached(&self, mv: &Move, after: &Position<R::Ext>) -> bool {
        if self.spec.self_play {
            forced_to_goal(self.rules, after, self.spec.goal)
        } else {
            goal_reached(self.rules, mv, after, self.spec.goal)
        }
    }

    /// The positions the series goes on from after its move to `after` that does not
    /// reach the goal: one per parry when the other side is in check (none when it has
    /// no move), else the one after its pass.
    fn ways_on(&self, after: &Position<R::Ext>) -> Vec<(Option<Move>, Position<R::Ext>)> {
        if self.rules.in_check(after, after.side) {
            let mut parries = successors(self.rules, after);
            parries.sort_by_key(|(mv, _)| reference_order::place(mv, false));
            parries.into_iter().map(|(mv, p)| (Some(mv), p)).collect()
        } else {
            vec![(None, null_move(after))]
        }
    }

    /// Whether the parry `parry`, to `after`, ends the play at the goal: in self play the
    /// other side reaches its goal with a parry as with its last move (`2.Qc5-c4 +
    /// Ka6-a7 #`), as the reference solver has it.
    fn parry_ends(&self, parry: &Option<Move>, after: &Position<R::Ext>) -> bool {
        self.spec.self_play
            && parry.is_some_and(|mv| goal_reached(self.rules, &mv, after, self.spec.goal))
    }

    /// Whether the series' move `mv` to `after` wins with at most `k` moves, itself
    /// included.
    fn move_wins(&self, mv: &Move, after: &Position<R::Ext>, k: u32) -> bool {
        if self.reached(mv, after) {
            return true;
        }
        if k <= 1 {
            return false;
        }
        let ways = self.ways_on(after);
        !ways.is_empty()
            && ways
                .iter()
                .all(|(parry, p)| self.parry_ends(parry, p) || self.wins(p, k - 1))
    }

    /// Whether the series side, to move at `pos`, wins with at most `k` moves.
    fn wins(&self, pos: &Position<R::Ext>, k: u32) -> bool {
        super::visit();
        if k == 0 || self.limits.expired_now() {
            return false;
        }
        let key = self.key(pos);
        let known = self.table.get(key);
        if known.win != 0 && u32::from(known.win) <= k {
            return true;
        }
        if u32::from(known.lose) >= k {
            return false;
        }
        let won = self
            .rules
            .try_for_each_child(pos, |mv, after| {
                if self.move_wins(mv, after, k) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break();
        if !self.limits.expired_now() {
            self.table.update(key, |b| {
                if won {
                    if b.win == 0 || u32::from(b.win) > k {
                        b.win = k as u16;
                    }
                } else if u32::from(b.lose) < k {
                    b.lose = k as u16;
                }
            });
        }
        won
    }

    /// The fewest moves, at most `k`, with which the series side wins from `pos`.
    fn shortest(&self, pos: &Position<R::Ext>, k: u32) -> Option<u32> {
        (1..=k).find(|&j| self.wins(pos, j))
    }

    /// The fewest moves, at most `k`, with which the series' move `mv` wins.
    fn shortest_after(&self, mv: &Move, after: &Position<R::Ext>, k: u32) -> Option<u32> {
        (1..=k).find(|&j| self.move_wins(mv, after, j))
    }

    /// The series side's moves from `pos` in the reference solver's order: its mating
    /// generator's for a last move to mate or check.
    fn ordered(&self, pos: &Position<R::Ext>, last: bool) -> Vec<(Move, Position<R::Ext>)> {
        let mut moves = successors(self.rules, pos);
        let goal = self.spec.goal;
        if last
            && !self.spec.self_play
            && self.spec.mating_order
            && reference_order::has_final_order(goal)
        {
            moves.sort_by_key(|(mv, _)| reference_order::final_place(goal, mv));
        } else {
            moves.sort_by_key(|(mv, _)| reference_order::place(mv, false));
        }
        moves
    }

    /// Every line from the series' move `mv` to `after`, which wins in exactly `k`
    /// moves, after `path` (a pass is `None`).
    fn lines_after(
        &self,
        mv: &Move,
        after: &Position<R::Ext>,
        k: u32,
        path: &mut Vec<Option<Move>>,
        out: &mut Vec<Vec<Option<Move>>>,
    ) {
        path.push(Some(*mv));
        if self.reached(mv, after) {
            if self.spec.self_play {
                // One line for each forced move to the goal.
                let mut answers = successors(self.rules, after);
                answers.sort_by_key(|(mv, _)| reference_order::place(mv, false));
                for (answer, _) in answers {
                    path.push(Some(answer));
                    out.push(path.clone());
                    path.pop();
                }
            } else {
                out.push(path.clone());
            }
        } else {
            for (parry, pos) in self.ways_on(after) {
                path.push(parry);
                if self.parry_ends(&parry, &pos) {
                    out.push(path.clone());
                } else {
                    self.lines_from(&pos, k - 1, path, out);
                }
                path.pop();
            }
        }
        path.pop();
    }

    /// Every line from `pos`, the series side to move, which wins within `k` moves: every
    /// move that wins in the fewest.
    fn lines_from(
        &self,
        pos: &Position<R::Ext>,
        k: u32,
        path: &mut Vec<Option<Move>>,
        out: &mut Vec<Vec<Option<Move>>>,
    ) {
        let Some(j) = self.shortest(pos, k) else {
            return;
        };
        for (mv, after) in self.ordered(pos, j == 1) {
            if self.move_wins(&mv, &after, j) {
                self.lines_after(&mv, &after, j, path, out);
            }
        }
    }
}

/// The line of `moves` (a pass is `None`) from `start` as printed.
fn annotate_line<R: Rules>(
    rules: &R,
    start: &Position<R::Ext>,
    moves: &[Option<Move>],
    goal: Goal,
) -> HelpLine {
    let mut pos = *start;
    let mut played = Vec::with_capacity(moves.len());
    let mut steps = Vec::with_capacity(moves.len());
    for mv in moves {
        match mv {
            Some(mv) => {
                let after = rules.play(&pos, mv);
                played.push(annotate(rules, &pos, mv, &after, goal));
                steps.push(Step::Play { may_check: true });
                pos = after;
            }
            None => {
                steps.push(Step::Pass);
                pos = null_move(&pos);
            }
        }
    }
    // Only the last move reaches the goal.
    let last = played.len().saturating_sub(1);
    for m in played.iter_mut().take(last) {
        m.result = None;
    }
    HelpLine {
        series: true,
        ..HelpLine::new(played, steps)
    }
}

/// Every line of the parry series `spec` from `pos` (the series side to move), each
/// handed to `found` as soon as it and every line before it are proven.
pub fn solve_parry_series<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    spec: &ParrySpec,
    table: &Table,
    limits: &Limits,
    found: &dyn Found,
) -> HelpSolution {
    let ctx = Ctx {
        rules,
        spec: *spec,
        table,
        limits,
        salt: crate::board::scramble(PARRY_SALT ^ spec.goal.index() ^ u64::from(spec.self_play)),
    };
    let n = spec.moves;
    let firsts = ctx.ordered(pos, n == 1);
    let numbered: Vec<(Move, PlayedMove)> = if spec.move_numbers {
        numbered_first_moves(
            rules,
            pos,
            |mv| reference_order::place(mv, false),
            |mv, after| annotate(rules, pos, mv, after, spec.goal),
        )
    } else {
        Vec::new()
    };
    // Options StartMoveNumber and UpToMoveNumber: the first moves out of their range
    // are neither numbered nor searched.
    let (numbered, skipped) = spec.move_range.select(numbered);
    let firsts: Vec<_> = if spec.move_numbers && !spec.move_range.is_whole() {
        firsts
            .into_iter()
            .filter(|(first, _)| numbered.iter().any(|(mv, _)| mv == first))
            .collect()
    } else {
        firsts
    };
    let mut numbers = Vec::new();
    let mut lines = Vec::new();
    let in_order = InOrder::new(|(first, paths): (Move, Vec<Vec<Option<Move>>>)| {
        // The numbers up to this first move.
        while let Some((mv, played)) = numbered.get(numbers.len()) {
            let number = skipped + numbers.len() + 1;
            found.tried(number, played);
            numbers.push((lines.len(), number, played.clone()));
            if *mv == first {
                break;
            }
        }
        for path in paths {
            let line = annotate_line(rules, pos, &path, spec.goal);
            found.line(&line);
            lines.push(line);
        }
    });
    firsts.par_iter().enumerate().for_each(|(i, (mv, after))| {
        let mut out = Vec::new();
        limits.counted(|| {
            if let Some(j) = ctx.shortest_after(mv, after, n) {
                ctx.lines_after(mv, after, j, &mut Vec::new(), &mut out);
            }
        });
        in_order.done(i, (*mv, out));
    });
    in_order.finish();
    for (_, played) in numbered.iter().skip(numbers.len()) {
        let number = skipped + numbers.len() + 1;
        found.tried(number, played);
        numbers.push((lines.len(), number, played.clone()));
    }
    limits.shown(lines.len());
    HelpSolution {
        lines,
        partial: limits.expired(),
        numbers,
        obliged: Vec::new(),
    }
}
