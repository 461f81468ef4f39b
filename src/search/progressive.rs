//! Progressive play (`prog-#n`, `prog-=n`, `prog-h#n`, `prog-h=n`; docs/conditions.md,
//! Progressive chess): the sides play turns, each one move longer than the one before
//! (1, 2, 3, ... moves, or from option TurnLength's length on). A move that gives check
//! ends its turn; a side left without a legal move during its turn ends it there; mate
//! and stalemate are judged where a turn begins. En passant is possible on a turn's first
//! move only, against a double step that ended the other side's turn.
//!
//! A turn is searched as a whole: every placement it can end in, each once, with the
//! first order of moves found that reaches it (the orders of one turn that end alike
//! are one play, and the next turn cannot tell them apart).

use super::{annotate, mated, null_move, stalemated, successors, HelpLine, HelpSolution};
use super::{Found, Limits, PlayedMove, Step};
use crate::board::Position;
use crate::conditions::Rules;
use crate::stipulation::Goal;
use std::collections::{HashMap, HashSet};

/// What a progressive stipulation asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ProgressiveSpec {
    /// Mate or stalemate, of the side whose turn begins.
    pub goal: Goal,
    /// Help play (both sides cooperate; the other side plays the first turn), else
    /// direct play (the side to move forces the goal).
    pub help: bool,
    /// The turns of the side that reaches the goal.
    pub turns: u32,
    /// The moves of the first turn.
    pub first_length: u32,
}

/// Where a turn ends: the position the other side's turn begins from, and the first order
/// of moves found that reaches it.
struct TurnEnd<E: crate::board::Extension> {
    pos: Position<E>,
    moves: Vec<PlayedMove>,
}

struct Search<'a, R: Rules> {
    rules: &'a R,
    spec: ProgressiveSpec,
    limits: &'a Limits,
    /// Direct play: whether the side to move at a turn's start, with that many of its
    /// turns left, forces the goal (by position key and turns left).
    wins: HashMap<(u64, u32), bool>,
    /// Help play: positions at a turn's start (by key and turn index) with no line on.
    dead: HashSet<(u64, u32)>,
    /// Positions visited since the last look at the clock.
    visits: u32,
    stopped: bool,
}

/// The progressive stipulation's solutions from `pos`: in help play every line, in
/// direct play every winning first turn (its key), each handed to `found` as found.
pub fn solve_progressive<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    spec: ProgressiveSpec,
    limits: &Limits,
    found: &dyn Found,
) -> HelpSolution {
    let mut search = Search {
        rules,
        spec,
        limits,
        wins: HashMap::new(),
        dead: HashSet::new(),
        visits: 0,
        stopped: false,
    };
    let mut solution = HelpSolution::default();
    let emit = |moves: Vec<PlayedMove>, solution: &mut HelpSolution| {
        let line = progressive_line(moves);
        found.line(&line);
        solution.lines.push(line);
        limits.shown(1);
    };
    let most = limits.solutions_left();
    let enough = |solution: &HelpSolution| most.is_some_and(|m| solution.lines.len() >= m);
    if spec.help {
        // The other side's turns and the goal side's alternate, the goal side's last.
        let total = 2 * spec.turns;
        let mut prefix = Vec::new();
        search.help(pos, 0, total, &mut prefix, &mut |moves| {
            if !enough(&solution) {
                emit(moves, &mut solution);
            }
        });
    } else {
        let length = spec.first_length;
        let last = (spec.turns == 1).then_some(spec.goal);
        for end in search.turn_ends(pos, length, last, false) {
            if enough(&solution) || search.stopped {
                break;
            }
            let key = search.reached(&end.pos)
                || (spec.turns > 1 && search.defended_in_vain(&end.pos, spec.turns - 1, length));
            if key && !search.stopped {
                emit(end.moves, &mut solution);
            }
        }
    }
    solution.partial = search.stopped;
    solution
}

/// A line of progressive play: numbered turn by turn.
fn progressive_line(moves: Vec<PlayedMove>) -> HelpLine {
    let steps = vec![Step::Play { may_check: true }; moves.len()];
    HelpLine {
        progressive: true,
        ..HelpLine::new(moves, steps)
    }
}

impl<R: Rules> Search<'_, R> {
    /// Whether the side to move in `pos`, at the start of its turn, has reached the goal's
    /// end: mated or stalemated.
    fn reached(&self, pos: &Position<R::Ext>) -> bool {
        match self.spec.goal {
            Goal::Stalemate => stalemated(self.rules, pos),
            _ => mated(self.rules, pos),
        }
    }

    /// Whether the side to move has no legal move: the game is over.
    fn over(&self, pos: &Position<R::Ext>) -> bool {
        !self.rules.has_legal_move(pos)
    }

    fn tick(&mut self) -> bool {
        self.visits += 1;
        if self.visits >= 1024 {
            self.visits = 0;
            if self.limits.expired() {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The ends of a turn of `length` moves from `pos`, each placement once; with
    /// `goal`, the last turn's: only the ends where the other side is mated or
    /// stalemated. With `first`, the search stops at the first end.
    fn turn_ends(
        &mut self,
        pos: &Position<R::Ext>,
        length: u32,
        goal: Option<Goal>,
        first: bool,
    ) -> Vec<TurnEnd<R::Ext>> {
        let mut walk = Walk {
            length,
            goal,
            first,
            seen: HashSet::new(),
            ended: HashMap::new(),
            ends: Vec::new(),
            line: Vec::new(),
        };
        self.walk(&mut walk, pos, 0);
        walk.ends
    }

    /// The moves of a turn from `pos`, `done` of them played: whether the side had one.
    fn walk(&mut self, walk: &mut Walk<R::Ext>, pos: &Position<R::Ext>, done: u32) -> bool {
        let children = successors(self.rules, pos);
        for (mv, after) in &children {
            if self.tick() || (walk.first && !walk.ends.is_empty()) {
                break;
            }
            let check = self.rules.in_check(after, after.side);
            // The goal is judged where the turn ends (`end`), not move by move.
            let mut played = annotate(self.rules, pos, mv, after, Goal::Any);
            played.result = None;
            if check || done + 1 == walk.length {
                self.end(walk, after, played, check);
                continue;
            }
            let mid = null_move(after);
            if !walk.seen.insert((mid.hash(), done + 1)) {
                continue;
            }
            walk.line.push(played);
            if !self.walk(walk, &mid, done + 1) {
                // No legal move left: the turn ends here.
                let played = walk.line.pop().expect("the move just pushed");
                self.end(walk, after, played, check);
            } else {
                walk.line.pop();
            }
        }
        !children.is_empty()
    }

    /// Records the end of a turn in `after`, reached by `last` after the line so far.
    fn end(
        &mut self,
        walk: &mut Walk<R::Ext>,
        after: &Position<R::Ext>,
        mut last: PlayedMove,
        check: bool,
    ) {
        let key = after.hash();
        if let Some(&at) = walk.ended.get(&key) {
            // Shown by its shortest order: a turn a check ended early before the orders
            // that reach the same placement with more moves.
            let moves = walk.line.len() + 1;
            if at < walk.ends.len() && moves < walk.ends[at].moves.len() {
                last.result = walk.ends[at].moves.last().and_then(|m| m.result);
                let mut line = walk.line.clone();
                line.push(last);
                walk.ends[at].moves = line;
            }
            return;
        }
        walk.ended.insert(key, usize::MAX);
        if let Some(goal) = walk.goal {
            // Mate needs a check; stalemate none (a check ends the turn unstalemated).
            if check != (goal == Goal::Mate) || !self.reached(after) {
                return;
            }
            last.result = Some(goal);
        }
        let mut moves = walk.line.clone();
        moves.push(last);
        walk.ended.insert(key, walk.ends.len());
        walk.ends.push(TurnEnd { pos: *after, moves });
    }

    /// Help play: the turns from index `turn` of `total` from `pos`; each full line (the
    /// moves before, `prefix`, and the turns' moves) goes to `emit`. Whether any did.
    fn help(
        &mut self,
        pos: &Position<R::Ext>,
        turn: u32,
        total: u32,
        prefix: &mut Vec<PlayedMove>,
        emit: &mut dyn FnMut(Vec<PlayedMove>),
    ) -> bool {
        let length = self.spec.first_length + turn;
        if turn + 1 == total {
            let ends = self.turn_ends(pos, length, Some(self.spec.goal), false);
            for end in &ends {
                let mut line = prefix.clone();
                line.extend(end.moves.iter().cloned());
                emit(line);
            }
            return !ends.is_empty();
        }
        let mut any = false;
        for end in self.turn_ends(pos, length, None, false) {
            if self.stopped {
                break;
            }
            let key = (end.pos.hash(), turn + 1);
            // A turn that leaves the other side without a move ends the game early.
            if self.dead.contains(&key) || self.over(&end.pos) {
                continue;
            }
            let before = prefix.len();
            prefix.extend(end.moves);
            if self.help(&end.pos, turn + 1, total, prefix, emit) {
                any = true;
            } else if !self.stopped {
                self.dead.insert(key);
            }
            prefix.truncate(before);
        }
        any
    }

    /// Direct play: whether every turn of the defender from `pos` (its turn one move
    /// longer than the attacker's `length`) leaves the attacker forcing the goal with
    /// `turns` turns left. A defender without a move has not been brought to the goal.
    fn defended_in_vain(&mut self, pos: &Position<R::Ext>, turns: u32, length: u32) -> bool {
        if self.over(pos) {
            return false;
        }
        for defence in self.turn_ends(pos, length + 1, None, false) {
            if self.stopped || !self.wins(&defence.pos, turns, length + 2) {
                return false;
            }
        }
        !self.stopped
    }

    /// Direct play: whether the side to move, beginning a turn of `length` moves, forces
    /// the goal within `turns` of its turns.
    fn wins(&mut self, pos: &Position<R::Ext>, turns: u32, length: u32) -> bool {
        if self.over(pos) {
            return false;
        }
        let key = (pos.hash(), turns);
        if let Some(&known) = self.wins.get(&key) {
            return known;
        }
        let won = if turns == 1 {
            !self
                .turn_ends(pos, length, Some(self.spec.goal), true)
                .is_empty()
        } else {
            let ends = self.turn_ends(pos, length, None, false);
            ends.iter().any(|e| self.reached(&e.pos))
                || ends
                    .iter()
                    .any(|e| self.defended_in_vain(&e.pos, turns - 1, length))
        };
        if !self.stopped {
            self.wins.insert(key, won);
        }
        won
    }
}

/// One turn's walk: the placements seen part way (by key and moves played), the ends
/// found, the moves of the path being walked.
struct Walk<E: crate::board::Extension> {
    length: u32,
    goal: Option<Goal>,
    first: bool,
    seen: HashSet<(u64, u32)>,
    /// The placements a turn ended in, with their index in `ends` (`usize::MAX` for
    /// those that do not reach the goal).
    ended: HashMap<u64, usize>,
    ends: Vec<TurnEnd<E>>,
    line: Vec<PlayedMove>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::Fairy;
    use crate::conditions::{command_line_words, resolve, Orthodox, RuleSet, UnitMarks};

    /// Direct play by the definition: a turn that mates, or one after which every turn of
    /// the defender leaves a win with one turn fewer.
    fn wins_by_definition<R: Rules>(
        rules: &R,
        pos: &Position<R::Ext>,
        turns: u32,
        length: u32,
    ) -> bool {
        let ends = |p: &Position<R::Ext>, l: u32| {
            let mut keys = HashSet::new();
            let mut positions = Vec::new();
            collect(rules, p, l, 0, &mut keys, &mut positions);
            positions
        };
        if !rules.has_legal_move(pos) {
            return false;
        }
        ends(pos, length).iter().any(|e| {
            mated(rules, e)
                || (turns > 1
                    && rules.has_legal_move(e)
                    && ends(e, length + 1).iter().all(|d| {
                        rules.has_legal_move(d)
                            && wins_by_definition(rules, d, turns - 1, length + 2)
                    }))
        })
    }

    /// Every order of every turn, played out: the placements a turn can end in (their
    /// keys, and each position once).
    fn collect<R: Rules>(
        rules: &R,
        pos: &Position<R::Ext>,
        length: u32,
        done: u32,
        keys: &mut HashSet<u64>,
        out: &mut Vec<Position<R::Ext>>,
    ) {
        for (_, after) in successors(rules, pos) {
            let mid = null_move(&after);
            let ends_here = rules.in_check(&after, after.side)
                || done + 1 == length
                || successors(rules, &mid).is_empty();
            if ends_here {
                if keys.insert(after.hash()) {
                    out.push(after);
                }
            } else {
                collect(rules, &mid, length, done + 1, keys, out);
            }
        }
    }

    fn search<'a, R: Rules>(rules: &'a R, limits: &'a Limits) -> Search<'a, R> {
        Search {
            rules,
            spec: ProgressiveSpec {
                goal: Goal::Mate,
                help: false,
                turns: 1,
                first_length: 1,
            },
            limits,
            wins: HashMap::new(),
            dead: HashSet::new(),
            visits: 0,
            stopped: false,
        }
    }

    const FENS: [&str; 6] = [
        "7k/6pp/8/8/8/8/R7/K7 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "6rk/5Npp/8/8/8/8/8/K6R w - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "2kr4/ppp5/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    ];

    fn agree<R: Rules>(rules: &R) {
        let limits = Limits::default();
        for fen in FENS {
            let pos: Position<R::Ext> = Position::from_fen(fen).unwrap();
            for length in 1..=3 {
                let mut s = search(rules, &limits);
                let fast: HashSet<u64> = s
                    .turn_ends(&pos, length, None, false)
                    .iter()
                    .map(|e| e.pos.hash())
                    .collect();
                let mut slow = HashSet::new();
                collect(rules, &pos, length, 0, &mut slow, &mut Vec::new());
                assert_eq!(fast, slow, "{fen}, turn of {length}");
                // Each end's moves, played from the start, lead to it.
                for end in s.turn_ends(&pos, length, None, false) {
                    let mut p = pos;
                    for (i, m) in end.moves.iter().enumerate() {
                        p = rules.play(&p, &m.mv);
                        if i + 1 < end.moves.len() {
                            p = null_move(&p);
                        }
                    }
                    assert_eq!(p.hash(), end.pos.hash(), "{fen}");
                }
            }
            for (turns, length) in [(1, 1), (1, 2), (2, 1), (1, 3)] {
                let mut s = search(rules, &limits);
                assert_eq!(
                    s.wins(&pos, turns, length),
                    wins_by_definition(rules, &pos, turns, length),
                    "{fen}: {turns} turns from a turn of {length}"
                );
            }
        }
    }

    /// The turn walk, which visits each placement once, against every order played out;
    /// the memory of won positions against the definition of a win.
    #[test]
    fn turns_and_wins_agree_with_playing_every_order() {
        agree(&Orthodox);
        let circe: Fairy = match resolve(&command_line_words(&["Circe"]), UnitMarks::default()) {
            Ok(RuleSet::Fairy(f)) => f,
            other => panic!("{other:?}"),
        };
        agree(&circe);
    }
}
