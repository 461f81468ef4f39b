//! Proof search for every kind of play, generic over the rules of the conditions.
//!
//! `battle` solves direct, self and reflex play (a key, then the tree); `help` solves help
//! and series play (every cooperative line). Both share one transposition table and split
//! the work at the root across threads with rayon, putting results back in root order so
//! that the output never depends on the number of threads.

mod battle;
mod help;
mod in_order;
mod intelligent;
mod parry;
mod per_target;
mod progressive;
mod proof;
mod reach;
mod reference_order;
mod sequel;
mod tt;
mod unit_goals;

pub use battle::{
    solve as solve_battle, solve_streamed as solve_battle_streamed, AttackNode, BattleKind,
    BattleSolution, BattleSpec, DefenceNode, DirectEnd, NonTrivial, RootMove, Threat,
};
pub use help::{
    help_plan, merge_introduced, obliged_failures, series_plan, solve_plan, solve_plan_streamed,
    with_intro, with_parries, End, HelpLine, HelpSolution, Numbering, Plan, SequelEnd, Step,
};
pub use parry::{solve_parry_series, ParrySpec};
pub use per_target::keep_first_per_target;
pub use progressive::{solve_progressive, ProgressiveSpec};
pub use proof::ProofTarget;
pub use sequel::expand_sequels;
pub use tt::Table;

use crate::board::{Color, Extension, Mark, Position, Square};
use crate::conditions::Rules;
use crate::movegen::{Cause, Change, Move, MoveKind, MoveList};
use crate::stipulation::Goal;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// What a search hands on as it proves it, for output that streams: each line of help
/// play, battle play's set play and post-key play (before its first moves), each key or
/// try. Each comes as soon as it and everything printed before it are proven, in the
/// order of the search's result, whatever the number of threads.
pub trait Found: Sync {
    fn line(&self, _line: &HelpLine) {}
    /// Whether the search's result must hold the lines handed on, which its caller reads
    /// after the stream (not so where they are printed and forgotten: `fairy solve`).
    fn keeps_lines(&self) -> bool {
        true
    }
    fn prelude(&self, _solution: &BattleSolution) {}
    /// A first move, numbered from 1 in order, legal or not (option MoveNumbers), before
    /// its key or try or its lines of help play.
    fn tried(&self, _number: usize, _mv: &PlayedMove) {}
    fn root(&self, _root: &RootMove) {}
}

/// Nothing is streamed.
impl Found for () {}

/// A move as printed: the move, who made it, and what it did to the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    pub mover: Color,
    /// The moving unit is a kamikaze unit (printed with the prefix `k`).
    pub kamikaze: bool,
    /// The moving unit is a royal piece other than a king (printed with the prefix `r`).
    pub royal: bool,
    /// The moving unit is neutral (printed with the prefix `n`, pawns too: `nPf2-f1=nB`).
    pub neutral: bool,
    /// The moving unit has the chameleon attribute (prefix `c`: `cSd4-f5=cB`).
    pub chameleon: bool,
    /// The moving unit has the paralysing attribute (prefix `p`: `pRh4-h6`).
    pub paralysing: bool,
    /// The moving unit is half-neutral (prefix `hn`: `hnRa2-a1=nh`).
    pub half_neutral: bool,
    /// The moving unit promoted before (Frischauf Circe, prefix `f`: `fBa8-f3`).
    pub frischauf: bool,
    /// The move's new kind is a change of walk (Einstein chess), not a promotion: printed
    /// after the board the unit passes to under Alice chess (`Qe5-a1B=R`).
    pub walk_change: bool,
    /// The captured unit is its side's royal piece (not a king), reborn under Circe Rex
    /// Inclusive: `[+brPd7]`.
    pub captured_royal: bool,
    pub check: bool,
    /// The stipulation's goal, when this move reaches it.
    pub result: Option<Goal>,
    /// The units that changed sides beyond the move's own effects (Masand), with their
    /// new side, in the order printed.
    pub turned: Vec<(Square, Color)>,
}

impl PlayedMove {
    /// A pass of `mover` (a series' other side, the post-key play's missing key).
    pub fn null(mover: Color) -> PlayedMove {
        PlayedMove {
            mv: Move::null(),
            mover,
            kamikaze: false,
            royal: false,
            neutral: false,
            chameleon: false,
            paralysing: false,
            half_neutral: false,
            frischauf: false,
            walk_change: false,
            captured_royal: false,
            check: false,
            result: None,
            turned: Vec::new(),
        }
    }
}

/// Describes the move `mv` from `before` to `after` for printing; `result` is `goal`
/// when the move reaches it.
pub fn annotate<R: Rules>(
    rules: &R,
    before: &Position<R::Ext>,
    mv: &Move,
    after: &Position<R::Ext>,
    goal: Goal,
) -> PlayedMove {
    let check = rules.in_check(after, after.side);
    let turned = rules.turned(before, mv);
    PlayedMove {
        mv: *mv,
        mover: before.side,
        kamikaze: rules.moves_kamikaze(before, mv),
        royal: rules.royal_piece(before, mv.from),
        neutral: before.board.is_neutral(mv.from),
        chameleon: before.board.is_chameleon(mv.from),
        paralysing: before.board.is_paralysing(mv.from),
        half_neutral: before.board.is_marked(mv.from, Mark::HalfNeutral),
        frischauf: before.board.is_marked(mv.from, Mark::Frischauf),
        walk_change: rules.kind_changes_after_the_move(),
        captured_royal: mv.is_capture() && rules.royal_piece(before, mv.capture_square()),
        check,
        result: goal_reached(rules, mv, after, goal).then_some(goal),
        turned,
    }
}

/// Whether the move `mv`, which led to `after`, reaches `goal`: a position goal asks the
/// side to move in `after` (mated, stalemated, in check) or the side that moved (has no
/// move of its own), a move goal asks the move (captures, castles, takes en passant,
/// ends on the target square).
#[inline]
pub fn goal_reached<R: Rules>(rules: &R, mv: &Move, after: &Position<R::Ext>, goal: Goal) -> bool {
    match goal {
        Goal::Mate => mated(rules, after),
        Goal::Stalemate => stalemated(rules, after),
        Goal::MateOrStalemate => !rules.has_legal_move(after),
        Goal::DoubleStalemate => {
            stalemated(rules, after) && !rules.has_legal_move(&null_move(after))
        }
        // Both in check: the mover's own move left it so (`conditions::SelfCheckGoal`
        // lets it, with the prerequisite before the move).
        Goal::DoubleMate | Goal::CounterMate => {
            rules.in_check(after, !after.side) && mated(rules, after) && {
                let passed = null_move(after);
                !rules.has_legal_move(&passed) && !rules.suffocated(&passed)
            }
        }
        Goal::AutoMate => {
            rules.in_check(after, !after.side) && {
                let passed = null_move(after);
                !rules.has_legal_move(&passed) && !rules.suffocated(&passed)
            }
        }
        // As the reference solver has it, a mover suffocated by paralysis is stalemated
        // in check too.
        Goal::AutoStalemate => {
            let passed = null_move(after);
            (!rules.in_check(after, after.side) && !rules.has_legal_move(&passed))
                || rules.suffocated(&passed)
        }
        Goal::Check => rules.in_check(after, after.side),
        Goal::Capture => mv.is_capture(),
        Goal::WinPiece => wins_piece(mv),
        Goal::Any => true,
        Goal::Castling => mv.is_castling(),
        Goal::EnPassant => mv.kind == MoveKind::EnPassant,
        Goal::Target(sq) => mv.final_square() == Some(sq),
        // The mover is the side not to move in `after`.
        Goal::Chess81 => mv
            .final_square()
            .is_some_and(|sq| sq.rank() == (!after.side).promotion_rank()),
        // The placement key: every unit with its colour, kind, attributes and board;
        // side to move, castling rights and en passant do not count.
        Goal::Proof(p) => rules.placement_key(after) == p.key,
        Goal::Circuit
        | Goal::Exchange
        | Goal::CircuitByRebirth
        | Goal::ExchangeByRebirth
        | Goal::Kiss(_) => unit_goals::reached(rules, mv, after, goal),
    }
}

/// Whether the side to move in `pos` is mated: in check, without a legal move, and not
/// suffocated by paralysis.
#[inline]
fn mated<R: Rules>(rules: &R, pos: &Position<R::Ext>) -> bool {
    rules.in_check(pos, pos.side) && !rules.has_legal_move(pos) && !rules.suffocated(pos)
}

/// Whether the side to move in `pos` is stalemated: without a legal move, and not in
/// check or suffocated by paralysis.
#[inline]
fn stalemated<R: Rules>(rules: &R, pos: &Position<R::Ext>) -> bool {
    (!rules.in_check(pos, pos.side) || rules.suffocated(pos)) && !rules.has_legal_move(pos)
}

/// Whether `mv` wins a piece: a capture whose victim is not reborn at once (Circe), as
/// the reference solver has it. Apart, so that the goal test stays small where it is
/// inlined.
#[inline(never)]
fn wins_piece(mv: &Move) -> bool {
    mv.is_capture()
        && !mv
            .effects
            .changes()
            .any(|c| matches!(c, Change::Put(_, Cause::Rebirth)))
}

/// Whether the side to move in `pos` is mated (`Goal::Mate`) or stalemated
/// (`Goal::Stalemate`): the position goals that need no move.
#[inline]
pub fn position_goal_reached<R: Rules>(rules: &R, pos: &Position<R::Ext>, goal: Goal) -> bool {
    debug_assert!(goal.is_mate_or_stalemate());
    if goal == Goal::Mate {
        mated(rules, pos)
    } else {
        stalemated(rules, pos)
    }
}

/// The side to move passes (used for threats, set play and series play).
#[inline]
pub fn null_move<E: Extension>(pos: &Position<E>) -> Position<E> {
    let mut p = *pos;
    p.side = !p.side;
    p.ep = None;
    p.ext.passed();
    p
}

/// Options StartMoveNumber and UpToMoveNumber: the first moves, numbered as option
/// MoveNumbers numbers them, that are tried and shown; the others are neither.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveRange {
    /// The number of the first move tried (from 1).
    pub start: usize,
    /// The number of the last move tried.
    pub up_to: usize,
}

impl Default for MoveRange {
    fn default() -> MoveRange {
        MoveRange {
            start: 1,
            up_to: usize::MAX,
        }
    }
}

impl MoveRange {
    /// The range of the options' numbers (either may be missing).
    pub fn new(start: Option<usize>, up_to: Option<usize>) -> MoveRange {
        let whole = MoveRange::default();
        MoveRange {
            start: start.unwrap_or(whole.start).max(1),
            up_to: up_to.unwrap_or(whole.up_to),
        }
    }

    /// Whether every move is tried.
    pub fn is_whole(&self) -> bool {
        *self == MoveRange::default()
    }

    /// The numbered first moves in the range, and the number of the move before the
    /// first of them (the numbers of `numbered` run from 1).
    pub(crate) fn select<T>(&self, numbered: Vec<T>) -> (Vec<T>, usize) {
        let skipped = (self.start - 1).min(numbered.len());
        let kept = self.up_to.saturating_sub(skipped);
        (
            numbered.into_iter().skip(skipped).take(kept).collect(),
            skipped,
        )
    }
}

/// Option MoveNumbers: every first move the reference solver generates from `pos`, legal
/// or not (it numbers a move before it tests it), in the order of `key`, each with
/// `describe`'s account of it (given the position it leads to).
pub(crate) fn numbered_first_moves<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    key: impl Fn(&Move) -> u32,
    describe: impl Fn(&Move, &Position<R::Ext>) -> PlayedMove,
) -> Vec<(Move, PlayedMove)> {
    let mut list = MoveList::new();
    rules.pseudo_legal(pos, &mut list);
    list.sort_by_cached_key(|mv| key(mv));
    list.iter()
        .map(|mv| (*mv, describe(mv, &rules.play(pos, mv))))
        .collect()
}

/// Legal successors, in generation order.
#[inline]
pub fn successors<R: Rules>(rules: &R, pos: &Position<R::Ext>) -> Vec<(Move, Position<R::Ext>)> {
    let mut out = Vec::with_capacity(48);
    rules.legal_successors(pos, &mut out);
    out
}

/// Whether some legal move of the side to move reaches `goal` at once.
pub fn can_reach_goal_in_one<R: Rules>(rules: &R, pos: &Position<R::Ext>, goal: Goal) -> bool {
    rules
        .try_for_each_child(pos, |mv, after| {
            if goal_reached(rules, mv, after, goal) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
}

/// [`forced_to_goal`], and with `unchecked` the side to move is not in check either (a
/// CapZug: the end of `1d[x]a{!+}`, after help play or after a key).
pub fn forced_unchecked_to_goal<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    goal: Goal,
    unchecked: bool,
) -> bool {
    !(unchecked && rules.in_check(pos, pos.side)) && forced_to_goal(rules, pos, goal)
}

/// Whether the side to move has a move and every move of it reaches `goal` (the last
/// defence of self play; the forced end of series and help-self play). Moves are played
/// one at a time, so the first that does not reach it ends the test.
pub fn forced_to_goal<R: Rules>(rules: &R, pos: &Position<R::Ext>, goal: Goal) -> bool {
    let mut any = false;
    let all = rules
        .try_for_each_child(pos, |mv, after| {
            any = true;
            if goal_reached(rules, mv, after, goal) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .is_continue();
    any && all
}

/// The moves a search tries at a node: the legal ones when the rules tell legality
/// without playing, else the pseudo-legal ones, to be tested with [`legal_after`].
#[inline]
pub fn candidate_moves<R: Rules>(rules: &R, pos: &Position<R::Ext>, out: &mut MoveList) {
    if R::FILTERS_WITHOUT_PLAYING {
        rules.legal_moves(pos, out);
    } else {
        rules.pseudo_legal(pos, out);
    }
}

/// Whether a move from [`candidate_moves`], played, is legal.
#[inline]
pub fn legal_after<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    mv: &Move,
    after: &Position<R::Ext>,
) -> bool {
    R::FILTERS_WITHOUT_PLAYING || rules.is_legal(pos, mv, after)
}

/// Whether `color` has a unit besides its king (option KeepMatingPiece: a side left with
/// its king alone is taken to be unable to mate, as Popeye takes it).
#[inline]
pub(crate) fn has_unit_besides_king<E: crate::board::Extension>(
    pos: &Position<E>,
    color: Color,
) -> bool {
    (pos.board.by_color(color) & !pos.board.by_role(crate::board::Role::King)).is_nonempty()
}

/// Limits shared by a whole solving run, and the count of positions it searched.
#[derive(Debug, Default)]
pub struct Limits {
    /// Stop after this many solutions (help play) or keys (battle play).
    pub max_solutions: Option<usize>,
    /// Give up when this instant passes.
    pub deadline: Option<std::time::Instant>,
    /// Positions searched so far (nodes whose moves were generated).
    pub nodes: AtomicU64,
    /// Set once the deadline has been seen to pass; from then on every check says so.
    timed_out: AtomicBool,
    /// Help-play solutions found so far, over every search under these limits.
    pub(crate) kept: AtomicUsize,
    /// Help-play solutions shown so far towards `max_solutions`: the reference solver
    /// counts a twin's play of every length together (`ser-#2` shows its mate in one and
    /// stops at `MaxSolutions 1`), its set play apart ([`Limits::count_anew`]).
    shown: AtomicUsize,
}

/// The most help-play solutions a search keeps when no `MaxSolutions` is given: a guard
/// for memory and time (each kept line is a vector of moves, and all are printed at the
/// end), far beyond any problem worth solving: a search that reaches it stops, and its
/// solution is partial. `h#255` with a rook against a bare king found a million lines in
/// two seconds and held 1.3 GB.
pub const MAX_KEPT_SOLUTIONS: usize = 100_000;

impl Limits {
    /// Whether the help-play solutions found under these limits (all lengths, set play)
    /// have reached [`MAX_KEPT_SOLUTIONS`] (or `MaxSolutions`, when that is more).
    pub fn kept_enough(&self) -> bool {
        let most = MAX_KEPT_SOLUTIONS.max(self.max_solutions.unwrap_or(0));
        self.kept.load(Ordering::Relaxed) >= most
    }

    pub fn new(max_solutions: Option<usize>, deadline: Option<std::time::Instant>) -> Limits {
        Limits {
            max_solutions,
            deadline,
            nodes: AtomicU64::new(0),
            timed_out: AtomicBool::new(false),
            kept: AtomicUsize::new(0),
            shown: AtomicUsize::new(0),
        }
    }

    /// How many more help-play solutions `MaxSolutions` allows (`None`: no limit).
    pub fn solutions_left(&self) -> Option<usize> {
        self.max_solutions
            .map(|m| m.saturating_sub(self.shown.load(Ordering::Relaxed)))
    }

    /// Counts `n` more help-play solutions shown.
    pub(crate) fn shown(&self, n: usize) {
        self.shown.fetch_add(n, Ordering::Relaxed);
    }

    /// Starts the count of shown solutions anew (after the set play).
    pub fn count_anew(&self) {
        self.shown.store(0, Ordering::Relaxed);
    }

    /// Whether the deadline has passed (reads the clock).
    pub fn expired(&self) -> bool {
        if self.timed_out.load(Ordering::Relaxed) {
            return true;
        }
        let expired = self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        if expired {
            self.timed_out.store(true, Ordering::Relaxed);
        }
        expired
    }

    /// The search's test: reads the clock only every 256 positions of this thread. A
    /// result computed before the passing is noticed is still complete, and every result
    /// cut short is computed after it, so the callers' "store unless expired" stays sound.
    #[inline]
    pub(crate) fn expired_now(&self) -> bool {
        if self.deadline.is_none() {
            return false;
        }
        self.timed_out.load(Ordering::Relaxed)
            || (NODES.with(Cell::get) & 255 == 0 && self.expired())
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Runs `f` on this thread and adds the nodes it visited to the count. Sequential work
    /// only: a shared atomic bumped at every node would cost the threads a contended cache
    /// line, so each thread counts locally and settles here.
    pub(crate) fn counted<T>(&self, f: impl FnOnce() -> T) -> T {
        let before = NODES.with(Cell::get);
        let result = f();
        self.nodes
            .fetch_add(NODES.with(Cell::get) - before, Ordering::Relaxed);
        result
    }
}

thread_local!(static NODES: Cell<u64> = const { Cell::new(0) });

/// The positions this thread has searched so far.
#[inline]
pub(crate) fn visited() -> u64 {
    NODES.with(Cell::get)
}

/// Counts one searched position on this thread.
#[inline]
pub(crate) fn visit() {
    NODES.with(|c| c.set(c.get() + 1));
}

/// Pseudo-random numbers below `n` (xorshift), for the searches' random tests.
#[cfg(test)]
pub(crate) fn test_numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n
    }
}

#[cfg(test)]
mod tests {
    use super::MoveRange;

    #[test]
    fn a_move_range_keeps_the_numbers_from_start_to_up_to() {
        let numbered: Vec<usize> = (1..=10).collect();
        let select = |start, up_to| MoveRange::new(start, up_to).select(numbered.clone());
        assert_eq!(select(None, None), (numbered.clone(), 0));
        assert!(MoveRange::new(None, None).is_whole());
        assert_eq!(select(Some(3), Some(5)), (vec![3, 4, 5], 2));
        assert_eq!(select(Some(9), None), (vec![9, 10], 8));
        assert_eq!(select(None, Some(2)), (vec![1, 2], 0));
        // Numbers past the last move, or an empty range, keep nothing.
        assert_eq!(select(Some(12), None), (vec![], 10));
        assert_eq!(select(Some(6), Some(4)), (vec![], 5));
        // StartMoveNumber 0 is the first move.
        assert_eq!(select(Some(0), Some(1)), (vec![1], 0));
    }
}
