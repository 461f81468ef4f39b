//! Help and series play: every line in which the sides cooperate to reach the goal.

use super::{
    can_reach_goal_in_one, candidate_moves, forced_to_goal, goal_reached, in_order::InOrder,
    legal_after, null_move, numbered_first_moves, position_goal_reached, proof::ProofTarget, reach,
    reference_order, successors, Found, Limits, PlayedMove, Table,
};
use crate::board::{Bitboard, Color, Position, Role, Square};
use crate::conditions::Rules;
use crate::movegen::{Move, MoveKind, MoveList};
use crate::stipulation::Goal;
use rayon::prelude::*;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// One step of a cooperative line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// The side to move plays; in series play an intermediate move may not give check.
    Play { may_check: bool },
    /// The side to move passes (the other side plays a series).
    Pass,
    /// Parry series: the side to move answers a check with a move of its choice, and
    /// passes when not in check.
    Parry,
}

/// What must hold after the last step.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum End {
    /// The side to move is mated or stalemated.
    Goal(Goal),
    /// The side to move has a move, and every move of it reaches the goal (series selfplay).
    Forced(Goal),
    /// The side to move has a move that reaches the goal, and had none when it passed
    /// during the series (series reflex play: it must reach the goal as soon as it can,
    /// which ends the series there).
    Reflex(Goal),
    /// Help-reflex play (`hr#n`): the side to move has a move that reaches the goal.
    /// Before, wherever the side to move could reach it in one move it had to, which
    /// ends the play there (a shorter solution, or the other side's failure): no line
    /// goes on from such a position.
    HelpReflex(Goal),
    /// Reciprocal help play (`reci-h`): the side to move has a move that reaches `own`,
    /// and a move after which the other side has one that reaches `help`. Every such
    /// line of both is a solution, those of `help` first.
    Reciprocal { help: Goal, own: Goal },
    /// A structured stipulation's play after the help moves (`sstipulation black
    /// 3h[3a[#]d]h`): it must be won from the position they leave.
    Sequel(SequelEnd),
}

/// What follows the help moves of a structured stipulation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SequelEnd {
    /// Battle play: the side to move wins within `moves` (its moves), or with
    /// `defence_first` it is the defender and loses whatever it plays, the other side
    /// then having `moves`.
    Battle {
        kind: super::BattleKind,
        goal: Goal,
        moves: u32,
        defence_first: bool,
    },
    /// The side to move has a move and every move of it reaches the goal; with
    /// `unchecked` it is not in check either (CapZug). Its goal moves end the lines.
    Forced { goal: Goal, unchecked: bool },
    /// An end that never holds: a self branch of an odd number of half moves after the
    /// help play, in which the reference solver finds no play (`7h[1ad[#]]h`).
    Never { goal: Goal },
}

impl SequelEnd {
    /// The battle play of a battle sequel, as a battle search plays it: every
    /// variation shown, the defender's goal moves too, no threat, no try.
    pub fn battle_spec(self, mating_order: bool) -> Option<super::BattleSpec> {
        let SequelEnd::Battle {
            kind, goal, moves, ..
        } = self
        else {
            return None;
        };
        Some(super::BattleSpec {
            variations: true,
            mating_order,
            mates_in_1: true,
            every_defence: true,
            ..super::BattleSpec::new(kind, goal, moves)
        })
    }

    fn goal(self) -> Goal {
        match self {
            SequelEnd::Battle { goal, .. }
            | SequelEnd::Forced { goal, .. }
            | SequelEnd::Never { goal } => goal,
        }
    }
}

/// How the lines of a structured stipulation are numbered: as the reference solver's
/// line writer numbers them, from its first move on, and from 1 again where a long
/// sequel begins.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Numbering {
    /// Half moves before the first (`-`, or the pass of set play): with one the first
    /// move is the second half of move 1 (`  1...e7*f8=Q`), with two move 1 is passed
    /// whole (`  1...  ...   2.`).
    pub inversions: u8,
    /// The played move (its index) from which the moves are numbered anew.
    pub restart: Option<usize>,
}

/// A cooperative line of a given length, built from its end so that all plans of one
/// stipulation agree on every suffix (which lets them share the table).
#[derive(Clone, Debug)]
pub struct Plan {
    pub steps: Vec<Step>,
    pub end: End,
    /// Either side may pass instead of moving, when not in check (option NullMoves).
    pub null_moves: bool,
    /// A mate needs a unit besides the king on the mating side: stop once it has none
    /// (option KeepMatingPiece).
    pub keep_mating_piece: bool,
    /// Series play: its lines are numbered move by move, even a line of one move.
    pub series: bool,
    /// Option GoalIsEnd: a move of the side that does not play the last step which
    /// reaches the goal ends the play there, without success.
    pub goal_is_end: bool,
    /// A proof game's target, for the bound on how soon it can stand.
    pub proof: Option<Arc<ProofTarget>>,
    /// Number every first move, in the reference solver's order (option MoveNumbers):
    /// [`HelpSolution::numbers`].
    pub move_numbers: bool,
    /// Options StartMoveNumber and UpToMoveNumber: the numbered first moves searched.
    pub move_range: super::MoveRange,
    /// Series play after `m->`: the first `intro` played steps are the other side's
    /// moves in a row (numbered apart).
    pub intro: usize,
    /// The last move to mate or check comes in the order of the reference solver's
    /// generator of orthodox mating moves (`conditions::RuleSet::reference_mating_order`).
    pub mating_order: bool,
    /// `reci-h#1`: the first of the side's own ends (lines of one move) is set apart
    /// from the help play's by a blank line, as the reference solver prints them.
    pub own_ends_apart: bool,
    /// A structured stipulation's lines: how they are numbered.
    pub numbering: Option<Numbering>,
    /// A structured stipulation's sequel whose moves are not shown (`/`).
    pub hidden_sequel: bool,
}

/// The legal moves at a played step, with the pass when the plan allows it.
fn step_moves<R: Rules>(
    rules: &R,
    plan: &Plan,
    pos: &Position<R::Ext>,
) -> Vec<(Move, Position<R::Ext>)> {
    let mut moves = successors(rules, pos);
    if plan.null_moves && !rules.in_check(pos, pos.side) {
        moves.push((Move::null(), null_move(pos)));
    }
    moves
}

/// One solution: the moves with their annotations, and whether it starts with a half move (`1...`).
#[derive(Clone, Debug)]
pub struct HelpLine {
    pub moves: Vec<PlayedMove>,
    /// Steps that were passes, kept in order so the printer can number series moves.
    pub steps: Vec<Step>,
    /// A series line: the printer numbers each of its moves (`1.X 2.Y`), even a line of
    /// one move, which no pass among its steps would show.
    pub series: bool,
    /// After `m->`: the other side's first moves, numbered apart from the series.
    pub intro: usize,
    /// A proof game's line: numbered as the game's moves from its first, whichever side
    /// makes it (`1.e2-e3 d7-d6   2.Qd1-h5`), never from a half move.
    pub game: bool,
    /// Numbered from its first move as whole moves, whatever its length: a line of
    /// reciprocal help play (ending with one move after the help play or two), a
    /// failing first move.
    pub whole_moves: bool,
    /// Help-reflex play: a first move to the goal, which the side had to play and which
    /// fails the stipulation (printed ` ?!?`).
    pub fails: bool,
    /// Set apart from the lines before it by a blank line (the side's own ends of
    /// `reci-h#1`, as the reference solver prints them).
    pub apart: bool,
    /// A structured stipulation's line: numbered as the reference solver's line writer
    /// numbers it.
    pub numbering: Option<Numbering>,
    /// A line of progressive play: numbered turn by turn (`search::progressive`).
    pub progressive: bool,
}

impl HelpLine {
    /// A line of `moves` played at `steps`, numbered as plain help play: no series, no
    /// introduction, not a proof game, not failing, not set apart.
    pub fn new(moves: Vec<PlayedMove>, steps: Vec<Step>) -> HelpLine {
        HelpLine {
            moves,
            steps,
            series: false,
            intro: 0,
            game: false,
            whole_moves: false,
            fails: false,
            apart: false,
            numbering: None,
            progressive: false,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct HelpSolution {
    pub lines: Vec<HelpLine>,
    /// Help-reflex play: the first side's moves to the goal at once, which it must play
    /// and so fails; printed before the lines (there are none then).
    pub obliged: Vec<HelpLine>,
    /// Set when a limit stopped the search before it was complete.
    pub partial: bool,
    /// With option MoveNumbers: every first move the reference solver generates, legal
    /// or not, in order, each with the number of lines before it and its number (from 1,
    /// or from option StartMoveNumber's).
    pub numbers: Vec<(usize, usize, PlayedMove)>,
}

struct Ctx<'a, R: Rules> {
    rules: &'a R,
    table: &'a Table,
    plan: &'a Plan,
    limits: &'a Limits,
    /// The completions this task has found (`MaxSolutions` counts them task by task).
    found: &'a AtomicUsize,
    /// Set when the tasks before this one have found `MaxSolutions` lines: nothing this
    /// task finds would be shown.
    enough: &'a AtomicBool,
    /// The most lines `MaxSolutions` still allows ([`Limits::solutions_left`]).
    most: Option<usize>,
    /// With `MaxSolutions`: the moves are tried in the reference solver's order, so that
    /// the first lines found are the first it would find.
    in_reference_order: bool,
    /// `plays[idx][p]`: the played steps from `idx` on whose distance from `idx` has parity `p`.
    plays: &'a [[usize; 2]],
    /// In reciprocal play, the same for the side's own goal, one move after the plan
    /// (empty otherwise).
    own_plays: &'a [[usize; 2]],
    /// The table salt of the plan's end ([`end_salt`]).
    salt: u64,
    /// Whether the goals may be bounded by orthodox moves ([`Rules::orthodox_bounds`]).
    orthodox_bounds: bool,
}

const HELP_SALT: [u64; 4] = [
    0x5851_F42D_4C95_7F2D,
    0x1405_7B7E_F767_814F,
    0x2545_F491_4F6C_DD1D,
    0x9E37_79B9_7F4A_7C15,
];

const PARRY_SALT: u64 = 0xD6E8_FEB8_6659_FD93;
const INTRO_SALT: u64 = 0x94D0_49BB_1331_11EB;

/// The table salt of a plan's end (kind and goal), computed once per search.
fn end_salt(end: End) -> u64 {
    let (salt, goal) = match end {
        End::Goal(goal) => (HELP_SALT[0], goal),
        End::Forced(goal) => (HELP_SALT[1], goal),
        End::Reflex(goal) => (HELP_SALT[2], goal),
        End::HelpReflex(goal) => (HELP_SALT[2] ^ HELP_SALT[0], goal),
        End::Sequel(sequel) => {
            let (kind, moves, flags) = match sequel {
                SequelEnd::Battle {
                    kind,
                    moves,
                    defence_first,
                    ..
                } => (kind as u64, moves as u64, u64::from(defence_first)),
                SequelEnd::Forced { unchecked, .. } => (7, 0, 2 + u64::from(unchecked)),
                SequelEnd::Never { .. } => (8, 0, 0),
            };
            (
                HELP_SALT[1]
                    ^ HELP_SALT[3]
                    ^ crate::board::scramble(kind | moves << 8 | flags << 40),
                sequel.goal(),
            )
        }
        End::Reciprocal { help, own } => {
            let salt = HELP_SALT[0] ^ HELP_SALT[1];
            return salt
                ^ crate::board::scramble(help.index().wrapping_add(HELP_SALT[3]))
                ^ crate::board::scramble(own.index().wrapping_add(HELP_SALT[2]));
        }
    };
    salt ^ crate::board::scramble(goal.index().wrapping_add(HELP_SALT[3]))
}

#[inline]
fn key<E: crate::board::Extension>(pos: &Position<E>, remaining: usize, end_salt: u64) -> u64 {
    // Mixed, not rotated: a rotation by a multiple of the step count repeats every 64
    // steps, and a series of 33 moves or more then read, for a position with 64 more
    // steps to go, the loss stored for it with fewer (stip-52: ser-=65 found nothing).
    pos.hash() ^ crate::board::scramble(end_salt ^ remaining as u64)
}

impl End {
    /// The goal the last move (or the forced or obliged move after the plan) reaches.
    pub fn goal(self) -> Goal {
        match self {
            End::Goal(g) | End::Forced(g) | End::Reflex(g) | End::HelpReflex(g) => g,
            End::Reciprocal { help, .. } => help,
            End::Sequel(sequel) => sequel.goal(),
        }
    }

    /// The goal a line's last move reaches when `extra` moves follow the plan's steps:
    /// in reciprocal play one move is the side's own goal, two the help play's.
    fn goal_after(self, extra: usize) -> Goal {
        match self {
            End::Reciprocal { own, .. } if extra == 1 => own,
            end => end.goal(),
        }
    }
}

/// Whether `pos` ends reciprocal help play: the side to move can reach `own` in one
/// move, and can make a move after which the other side reaches `help` in one.
fn reciprocal_holds<R: Rules>(rules: &R, pos: &Position<R::Ext>, help: Goal, own: Goal) -> bool {
    can_reach_goal_in_one(rules, pos, own)
        && rules
            .try_for_each_child(pos, |_, after| {
                if can_reach_goal_in_one(rules, after, help) {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .is_break()
}

/// The lines of reciprocal help play that end in `pos` (where it holds): `path` with
/// each move of the side to move followed by each answer that reaches `help`, then the
/// move alone where it reaches `own`.
fn push_reciprocal_ends<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    help: Goal,
    own: Goal,
    path: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) {
    for (mv, after) in successors(rules, pos) {
        path.push(mv);
        for (answer, end) in successors(rules, &after) {
            if goal_reached(rules, &answer, &end, help) {
                path.push(answer);
                out.push(path.clone());
                path.pop();
            }
        }
        if goal_reached(rules, &mv, &after, own) {
            out.push(path.clone());
        }
        path.pop();
    }
}

/// Whether reciprocal help play ends in `pos`, and if so its lines from `path` added to
/// `out` ([`push_reciprocal_ends`]).
pub(super) fn reciprocal_lines<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    help: Goal,
    own: Goal,
    path: &mut Vec<Move>,
    out: &mut Vec<Vec<Move>>,
) -> bool {
    let holds = reciprocal_holds(rules, pos, help, own);
    if holds {
        push_reciprocal_ends(rules, pos, help, own, path, out);
    }
    holds
}

/// The goal whose final order places the lines' last moves ([`line_order`]), if any.
/// The reference solver finds the last moves to mate or check with a generator of its
/// own in orthodox play (`reference_order::final_place`). So it finds help-reflex play's
/// last moves (not help-self play's, all of whose moves it tries).
fn last_move_order(plan: &Plan) -> Option<Goal> {
    Some(plan.end.goal())
        .filter(|_| plan.mating_order && matches!(plan.end, End::Goal(_) | End::HelpReflex(_)))
}

/// The order of a plan's lines: the reference solver's ([`reference_order::line_key`]),
/// and in reciprocal play after the same moves the help play's ends before the side's
/// own, each last move placed as a final move to its goal where `mating_order`.
fn line_order(plan: &Plan, line: &[Move], last: Option<Goal>) -> Vec<u32> {
    let End::Reciprocal { help, own } = plan.end else {
        return reference_order::line_key(line, last);
    };
    let before = plan
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Play { .. }))
        .count();
    let (head, tail) = line.split_at(before.min(line.len()));
    let mut key = reference_order::line_key(head, None);
    let goal = if tail.len() == 1 { own } else { help };
    key.push(u32::from(tail.len() == 1));
    key.extend(reference_order::line_key(
        tail,
        Some(goal).filter(|_| plan.mating_order),
    ));
    key
}

impl<R: Rules> Ctx<'_, R> {
    /// The same search, counting its completions in `found`: one task's.
    fn counting_in<'b>(&'b self, found: &'b AtomicUsize) -> Ctx<'b, R> {
        Ctx {
            found,
            enough: self.enough,
            plays: self.plays,
            ..*self
        }
    }

    /// The table salt at step `idx`: the plan's, and within an introduction (`m->`) the
    /// steps left in it. Plans of one stipulation agree on every suffix of their series,
    /// but not where one plan's introduction meets another's series (a pass of one where
    /// the other moves).
    #[inline]
    fn salt_at(&self, idx: usize) -> u64 {
        let intro_steps = (2 * self.plan.intro).saturating_sub(1);
        match intro_steps.saturating_sub(idx) {
            0 => self.salt,
            left => self.salt ^ crate::board::scramble(INTRO_SALT ^ left as u64),
        }
    }

    /// Orthodox play knows it when compiled; other rules say so once per search.
    #[inline(always)]
    fn orthodox_bounds(&self) -> bool {
        R::ORTHODOX_MOVEMENT || self.orthodox_bounds
    }

    fn stop(&self) -> bool {
        self.most
            .is_some_and(|m| self.found.load(Ordering::Relaxed) >= m)
            || self.enough.load(Ordering::Relaxed)
            || self.limits.kept_enough()
            || self.limits.expired_now()
    }

    fn end_holds(&self, pos: &Position<R::Ext>) -> bool {
        match self.plan.end {
            // A goal of the move itself is judged where its move is played (`finish`);
            // here, after a pass, only mate and stalemate can hold.
            End::Goal(goal) => {
                goal.is_mate_or_stalemate() && position_goal_reached(self.rules, pos, goal)
            }
            End::Forced(goal) => forced_to_goal(self.rules, pos, goal),
            End::Reflex(goal) | End::HelpReflex(goal) => {
                can_reach_goal_in_one(self.rules, pos, goal)
            }
            End::Reciprocal { help, own } => reciprocal_holds(self.rules, pos, help, own),
            End::Sequel(SequelEnd::Forced { goal, unchecked }) => {
                super::forced_unchecked_to_goal(self.rules, pos, goal, unchecked)
            }
            End::Sequel(SequelEnd::Never { .. }) => false,
            End::Sequel(sequel @ SequelEnd::Battle { defence_first, .. }) => {
                let spec = sequel.battle_spec(false).expect("a battle sequel");
                super::battle::won(
                    self.rules,
                    pos,
                    &spec,
                    defence_first,
                    self.table,
                    self.limits,
                )
            }
        }
    }

    /// The side to be mated or stalemated, seen from step `idx` with `pos.side` to move,
    /// and the parity of the steps from `idx` at which it moves: the side to move after the
    /// last step is that side, and it moves at the steps whose distance from `idx` has the
    /// parity of that last distance.
    #[inline]
    fn defender(&self, pos: &Position<R::Ext>, idx: usize) -> (Color, usize) {
        let last = (self.plan.steps.len() - idx) % 2;
        (if last == 0 { pos.side } else { !pos.side }, last)
    }

    /// Whether the moves each side has left from step `idx` might still reach the goal
    /// (always, where the rules' movement is not orthodox or the end is a forced goal;
    /// never, where the end never holds).
    #[inline]
    fn goal_in_reach(&self, pos: &Position<R::Ext>, idx: usize) -> bool {
        if let End::Sequel(SequelEnd::Never { .. }) = self.plan.end {
            return false;
        }
        if let Some(target) = &self.plan.proof {
            return self.proof_in_reach(target, pos, idx);
        }
        if !self.orthodox_bounds() {
            return true;
        }

        // Reciprocal play: its help play's goal after two more moves ([`plays`]).
        let goal = match self.plan.end {
            End::Goal(goal) | End::Reciprocal { help: goal, .. } => goal,
            End::Forced(_) | End::Reflex(_) | End::HelpReflex(_) | End::Sequel(_) => return true,
        };
        if !goal.is_mate_or_stalemate() {
            return true;
        }
        let (defender, last) = self.defender(pos, idx);
        let plays = self.plays[idx];
        if !reach::goal_in_reach(pos, defender, goal, plays[1 - last], plays[last]) {
            return false;
        }
        match self.plan.end {
            End::Reciprocal { own, .. } if !self.own_plays.is_empty() => {
                // The side's own goal, one move after the plan: the other side suffers it.
                let plays = self.own_plays[idx];
                let last = 1 - last;
                let defender = !defender;
                reach::goal_in_reach(pos, defender, own, plays[1 - last], plays[last])
            }
            _ => true,
        }
    }

    /// Whether a proof game's target may still stand after the moves each side has left
    /// from step `idx`. Apart, so that `goal_in_reach` stays small where it is inlined.
    #[inline(never)]
    fn proof_in_reach(&self, target: &ProofTarget, pos: &Position<R::Ext>, idx: usize) -> bool {
        let plays = self.plays[idx];
        let mut left = [0; 2];
        left[pos.side as usize] = plays[0];
        left[(!pos.side) as usize] = plays[1];
        match self.rules.proof_units(pos) {
            Some((units, board_b)) => target.in_reach(&units, board_b, pos.castling, left),
            None => target.in_reach(&pos.board, Bitboard::EMPTY, pos.castling, left),
        }
    }

    /// The squares of the units (for stalemate the king too) of the side to play at step `idx` none of
    /// whose moves can leave the goal in reach, found unit by unit instead of move by move:
    /// when that side is the one to be mated or stalemated and could not pass. For
    /// stalemate only at that side's last move, where a piece that moves must be taken
    /// or shut in by the attacker's last move (hpint-033, h=4: 4.1 to 3.2 s; earlier
    /// moves were measured to cost more than they saved).
    fn hopeless_units(&self, pos: &Position<R::Ext>, idx: usize) -> Bitboard {
        if !self.orthodox_bounds() {
            return Bitboard::EMPTY;
        }
        if let Some(target) = &self.plan.proof {
            // A proof game where each move of this side must take a unit: those that
            // take nothing stay (proof-09, dia15.5, where 14 of Black's 15 moves take).
            let en_passant = pos.ep.map(|e| e.crossed);
            return target.idle_units(&pos.board, pos.side, self.plays[idx][0], en_passant);
        }
        let End::Goal(goal) = self.plan.end else {
            return Bitboard::EMPTY;
        };
        if !goal.is_mate_or_stalemate() {
            return Bitboard::EMPTY;
        }
        let (defender, last) = self.defender(pos, idx);
        if defender != pos.side {
            return Bitboard::EMPTY;
        }
        // After this move: the parities swap and the defender has one move less.
        let next = idx + 1;
        let [att, def] = [self.plays[next][last], self.plays[next][1 - last]];
        // For mate a unit about to move counts as nearer than where it stands: when the
        // goal is in reach with it standing still, it is with any move. (Not for
        // stalemate, where its freedom where it stands counts against the goal.)
        if goal == Goal::Mate && reach::goal_in_reach(pos, defender, goal, att, def) {
            return Bitboard::EMPTY;
        }
        if goal == Goal::Stalemate && def > 0 {
            return Bitboard::EMPTY;
        }
        // The king's moves under mate were measured to cost more than they saved.
        let board = &pos.board;
        let units = if goal == Goal::Mate {
            board.by_color(defender) & !board.by_role(Role::King)
        } else {
            board.by_color(defender)
        };
        // For mate, a unit that cannot stand where a block would count in time adds
        // nothing to the bound, which failed with it standing still.
        let may_help =
            |sq: Square| goal == Goal::Stalemate || reach::may_fill_flight(pos, defender, sq, def);
        units
            .into_iter()
            .filter(|&sq| {
                !may_help(sq)
                    || !reach::goal_in_reach_after_moving(pos, defender, goal, sq, att, def)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// Where the defender plays its last move of a mate and its children are bounded in
    /// the loop: the question the bound asks of this position and its answer, which
    /// every child that asks the same shares (most of them: a move off its king's
    /// flights that takes nothing). With the defender and the attacker's moves left.
    fn standing_mate_answer(
        &self,
        pos: &Position<R::Ext>,
        idx: usize,
        bound_children: bool,
    ) -> Option<(Color, usize, reach::MateQuestion, bool)> {
        if !bound_children || self.plan.end != End::Goal(Goal::Mate) {
            return None;
        }
        let (defender, last) = self.defender(pos, idx);
        if defender != pos.side {
            return None;
        }
        let att = self.plays[idx + 1][last];
        let question = reach::mate_question(pos, defender, att)?;
        let holds = reach::goal_in_reach(pos, defender, Goal::Mate, att, 0);
        Some((defender, att, question, holds))
    }

    /// Whether the children of a node at step `idx` are bounded in its loop, before they
    /// are stored and probed, rather than where they are visited. For mate, where the
    /// defender has no move left after the child and the attacker no pawn: the bound then
    /// mostly answers from memory (`reach`'s in-place memo) and costs less than the table
    /// traffic of the children it rejects; with pawns, their promotions make it dearer
    /// than the table's memory of the rejections (intell-037, h#6: 3.1 s against 1.6 s).
    /// Children with defender moves left are bounded where they are visited, after the
    /// table: half of those questions were transpositions the table answers
    /// (intell-012, h#4: 1.25 -> 1.04 s; intell-100 1.93 -> 1.22 s; intell-097, h#7, two
    /// threads, 42 -> 37 s, where bounding every child in the loop had once taken it from
    /// 140 s to 42 s). For stalemate only the defender's last moves, whose children the
    /// bound answers without the attacker moving (hpint-033, h=4: 3.2 to 2.9 s).
    fn bound_children(&self, pos: &Position<R::Ext>, idx: usize) -> bool {
        if !self.orthodox_bounds() {
            return false;
        }
        let (defender, last) = self.defender(pos, idx);
        match self.plan.end {
            End::Goal(Goal::Mate) => {
                // The child's defender moves: steps from `idx + 1` of the other parity.
                let defender_left = self.plays[idx + 1][1 - last];
                defender_left == 0 && pos.board.pieces(!defender, Role::Pawn).is_empty()
            }
            End::Goal(Goal::Stalemate) => {
                defender == pos.side && self.plays[idx + 1][1 - last] == 0
            }
            End::Goal(_)
            | End::Forced(_)
            | End::Reflex(_)
            | End::HelpReflex(_)
            | End::Reciprocal { .. }
            | End::Sequel(_) => false,
        }
    }

    /// Whether the move at step `idx` to `after` ends the play before its last step: a
    /// move of the side that plays the last step which reaches a goal of the move (a
    /// capture in `hx2`) is a shorter solution, not a way on, as Popeye plays it (`h~2`
    /// has only the lines of `h~1`). Mate and stalemate end the play by themselves.
    #[inline]
    fn ends_early(&self, idx: usize, mv: &Move, after: &Position<R::Ext>) -> bool {
        let End::Goal(goal) = self.plan.end else {
            return false;
        };
        let last = self.plan.steps.len() - 1;
        !goal.is_mate_or_stalemate()
            && idx < last
            && (last - idx) % 2 == 0
            && goal_reached(self.rules, mv, after, goal)
    }

    /// Option GoalIsEnd: whether the move at step `idx` to `after`, made by the side
    /// that does not play the last step, reaches the goal and so ends the play there.
    #[inline]
    fn wrong_side_ends(&self, idx: usize, mv: &Move, after: &Position<R::Ext>) -> bool {
        if !self.plan.goal_is_end {
            return false;
        }
        let goal = self.plan.end.goal();
        let last = self.plan.steps.len() - 1;
        !goal.ends_play() && (last - idx) % 2 == 1 && goal_reached(self.rules, mv, after, goal)
    }

    /// Whether help-self play ends at step `idx` before the plan does: the side that
    /// must reach the goal after the plan is to move and every move of it reaches the
    /// goal, so the play is a shorter solution here and goes no further (Popeye's `hsx2`
    /// has `1.h3-h4 a5*b4 x` and not its continuation).
    /// In help-reflex play, and in series reflex play with a goal of the move (where the
    /// series side is bound too), the side to move at a played step that can reach the
    /// goal in one move must, so the plan goes no further.
    fn forced_early(&self, idx: usize, pos: &Position<R::Ext>) -> bool {
        let obliged = match self.plan.end {
            End::HelpReflex(goal) => Some(goal),
            End::Reflex(goal) if !goal.is_mate_or_stalemate() => Some(goal),
            _ => None,
        };
        if let Some(goal) = obliged {
            return idx < self.plan.steps.len()
                && matches!(self.plan.steps[idx], Step::Play { .. })
                && can_reach_goal_in_one(self.rules, pos, goal);
        }
        let End::Forced(goal) = self.plan.end else {
            return false;
        };
        let len = self.plan.steps.len();
        !self.plan.series
            && idx < len
            && (len - idx) % 2 == 0
            && matches!(self.plan.steps[idx], Step::Play { .. })
            && forced_to_goal(self.rules, pos, goal)
    }

    /// Collects every completion of the plan from step `idx`; returns whether there was one.
    /// `bounded`: the caller has found the goal in reach from `pos`.
    fn search(
        &self,
        pos: &Position<R::Ext>,
        idx: usize,
        bounded: bool,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        super::visit();
        let remaining = self.plan.steps.len() - idx;
        if remaining == 0 {
            if !self.end_holds(pos) {
                return false;
            }
            match self.plan.end {
                End::Goal(_) | End::Sequel(SequelEnd::Battle { .. } | SequelEnd::Never { .. }) => {
                    out.push(path.clone())
                }
                End::Sequel(SequelEnd::Forced { .. }) if self.plan.hidden_sequel => {
                    out.push(path.clone())
                }
                End::Sequel(SequelEnd::Forced { goal, .. }) => {
                    for (mv, after) in successors(self.rules, pos) {
                        if goal_reached(self.rules, &mv, &after, goal) {
                            path.push(mv);
                            out.push(path.clone());
                            path.pop();
                        }
                    }
                }
                End::Forced(goal) | End::Reflex(goal) | End::HelpReflex(goal) => {
                    // The goal moves belong to the solution: one line for each.
                    for (mv, after) in successors(self.rules, pos) {
                        if goal_reached(self.rules, &mv, &after, goal) {
                            path.push(mv);
                            out.push(path.clone());
                            path.pop();
                        }
                    }
                }
                End::Reciprocal { help, own } => {
                    push_reciprocal_ends(self.rules, pos, help, own, path, out)
                }
            }
            self.found.fetch_add(1, Ordering::Relaxed);
            self.limits.kept.fetch_add(1, Ordering::Relaxed);
            return true;
        }
        if self.stop() {
            return false;
        }
        if self.forced_early(idx, pos) {
            return false;
        }
        if self.plan.keep_mating_piece && self.plan.end == End::Goal(Goal::Mate) {
            // The side that plays the last step is the one to mate.
            let mating = if remaining % 2 == 1 {
                pos.side
            } else {
                !pos.side
            };
            if !super::has_unit_besides_king(pos, mating) {
                return false;
            }
        }
        let k = key(pos, remaining, self.salt_at(idx));
        if self.table.get(k).lose != 0 {
            return false;
        }
        let mut found = false;
        if !bounded && !self.goal_in_reach(pos, idx) {
            self.table.update(k, |b| b.lose = remaining as u16);
            return false;
        }
        match self.plan.steps[idx] {
            Step::Play { .. } if remaining == 1 && matches!(self.plan.end, End::Goal(_)) => {
                let End::Goal(goal) = self.plan.end else {
                    unreachable!()
                };
                found = self.finish(pos, goal, path, out);
            }
            Step::Pass => {
                if may_pass(self.rules, self.plan, pos) {
                    found = self.search(&null_move(pos), idx + 1, false, path, out);
                }
            }
            Step::Parry => {
                for (mv, after) in parries(self.rules, self.plan, pos) {
                    if mv.kind != MoveKind::Null {
                        path.push(mv);
                    }
                    found |= self.search(&after, idx + 1, false, path, out);
                    if mv.kind != MoveKind::Null {
                        path.pop();
                    }
                }
            }
            Step::Play { may_check } if self.plan.null_moves => {
                let mut moves = step_moves(self.rules, self.plan, pos);
                if self.in_reference_order {
                    moves.sort_by_key(|(mv, _)| reference_order::place(mv, false));
                }
                for (mv, after) in moves {
                    if !may_check && self.rules.in_check(&after, after.side) {
                        continue;
                    }
                    if self.ends_early(idx, &mv, &after) || self.wrong_side_ends(idx, &mv, &after) {
                        continue;
                    }
                    path.push(mv);
                    found |= self.search(&after, idx + 1, false, path, out);
                    path.pop();
                }
            }
            Step::Play { may_check } => {
                // Every child first, each asking memory for its table entry, then the
                // searches: the entries arrive while the other children are played.
                let mut children: SmallVec<[(Move, Position<R::Ext>); 64]> = SmallVec::new();
                let hopeless = self.hopeless_units(pos, idx);
                let bound_children = self.bound_children(pos, idx);
                let standing = self.standing_mate_answer(pos, idx, bound_children);
                self.rules.for_each_child_of(pos, !hopeless, |mv, after| {
                    if !may_check && self.rules.in_check(after, after.side) {
                        return;
                    }
                    if self.ends_early(idx, mv, after) || self.wrong_side_ends(idx, mv, after) {
                        return;
                    }
                    if bound_children {
                        let holds = match standing {
                            Some((defender, att, question, holds))
                                if reach::mate_question(after, defender, att) == Some(question) =>
                            {
                                holds
                            }
                            _ => self.goal_in_reach(after, idx + 1),
                        };
                        if !holds {
                            return;
                        }
                    }
                    self.table
                        .prefetch(key(after, remaining - 1, self.salt_at(idx + 1)));
                    children.push((*mv, *after));
                });
                if self.in_reference_order {
                    children.sort_by_key(|(mv, _)| reference_order::place(mv, false));
                }
                for (mv, after) in &children {
                    path.push(*mv);
                    found |= self.search(after, idx + 1, bound_children, path, out);
                    path.pop();
                }
            }
        }
        if !found && !self.stop() {
            self.table.update(k, |b| b.lose = remaining as u16);
        }
        found
    }

    /// The last move: it must reach `goal`. For mate and check only checking moves
    /// qualify, and the check test is cheaper than the legality test, so it comes first.
    fn finish(
        &self,
        pos: &Position<R::Ext>,
        goal: Goal,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let rules = self.rules;
        let mut moves = MoveList::new();
        match goal {
            Goal::Mate | Goal::Check => rules.check_candidates(pos, &mut moves),
            _ => candidate_moves(rules, pos, &mut moves),
        }
        if self.in_reference_order {
            let final_order = self.plan.mating_order && reference_order::has_final_order(goal);
            moves.sort_by_key(|mv| {
                if final_order {
                    reference_order::final_place(goal, mv)
                } else {
                    reference_order::place(mv, false)
                }
            });
        }
        let mut found = false;
        for mv in &moves {
            let mut after = *pos;
            rules.play_into(pos, mv, &mut after);
            if goal.is_mate_or_stalemate() {
                // The cheap test first; a side suffocated by paralysis is stalemated in
                // check too, and never mated.
                let check = rules.in_check(&after, after.side);
                let mate = goal == Goal::Mate;
                if mate != check && (mate || !rules.suffocated(&after)) {
                    continue;
                }
                if !legal_after(rules, pos, mv, &after) || rules.has_legal_move(&after) {
                    continue;
                }
                if mate && rules.suffocated(&after) {
                    continue;
                }
            } else if !legal_after(rules, pos, mv, &after) || !goal_reached(rules, mv, &after, goal)
            {
                continue;
            }
            path.push(*mv);
            out.push(path.clone());
            path.pop();
            self.found.fetch_add(1, Ordering::Relaxed);
            self.limits.kept.fetch_add(1, Ordering::Relaxed);
            found = true;
        }
        found
    }
}

/// All solutions of `plan` from `pos`, in generation order.
pub fn solve_plan<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    plan: &Plan,
    table: &Table,
    limits: &Limits,
) -> HelpSolution {
    solve_plan_streamed(rules, pos, plan, table, limits, &())
}

/// [`solve_plan`], handing each line to `found` as soon as it and every line before it
/// are proven.
pub fn solve_plan_streamed<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    plan: &Plan,
    table: &Table,
    limits: &Limits,
    found: &dyn Found,
) -> HelpSolution {
    if let Some(end) = final_positions_apply(plan, limits) {
        if let Some(mut lines) =
            super::intelligent::solve(rules, pos, &plan.steps, end, table, limits)
        {
            // In the order of the move-by-move search.
            let last = last_move_order(plan);
            lines.sort_by_cached_key(|line| line_order(plan, line, last));
            // Counted as the move-by-move search counts them: the cap on the lines kept
            // holds across the problem's plans (each length of `h#n`, say).
            limits.kept.fetch_add(lines.len(), Ordering::Relaxed);
            limits.shown(lines.len());
            let keep = found.keeps_lines();
            let lines = lines
                .into_iter()
                .map(|moves| annotate_line(rules, pos, plan, &moves))
                .inspect(|line| found.line(line))
                .filter(|_| keep)
                .collect();
            return HelpSolution {
                lines,
                partial: limits.expired() || limits.kept_enough(),
                ..HelpSolution::default()
            };
        }
    }
    solve_plan_move_by_move(rules, pos, plan, table, limits, found)
}

/// Whether the side to move may pass at a pass step of the plan: not in series reflex
/// play when it could reach the goal, which it then must (the series ends there); not in
/// series self play when every move of it would reach the goal (the series has ended
/// there: a longer line through it is no solution, as Popeye plays ser-sx2).
fn may_pass<R: Rules>(rules: &R, plan: &Plan, pos: &Position<R::Ext>) -> bool {
    match plan.end {
        End::Reflex(goal) | End::HelpReflex(goal) => !can_reach_goal_in_one(rules, pos, goal),
        End::Forced(goal) => !forced_to_goal(rules, pos, goal),
        End::Goal(_) | End::Reciprocal { .. } | End::Sequel(_) => true,
    }
}

/// The ways on at a parry step: every legal move when the side to move is in check,
/// else the pass (a null move); none where the plan's end forbids passing
/// ([`may_pass`]), as the series has ended there.
fn parries<R: Rules>(
    rules: &R,
    plan: &Plan,
    pos: &Position<R::Ext>,
) -> Vec<(Move, Position<R::Ext>)> {
    if !may_pass(rules, plan, pos) {
        Vec::new()
    } else if rules.in_check(pos, pos.side) {
        successors(rules, pos)
    } else {
        vec![(Move::null(), null_move(pos))]
    }
}

/// Whether a plan is searched through its final positions (`search::intelligent`), and
/// how it ends there: a helpmate or help-stalemate, a series one (no parries) or a
/// reciprocal one, all solutions wanted, the first moves neither numbered nor limited
/// (options MoveNumbers, StartMoveNumber: the final positions do not tell them), and at
/// least `FINAL_POSITIONS_FROM` moves played. In shorter ones the move-by-move search is
/// the faster, the enumeration of final positions the dearer (the corpus' h=3 with most
/// units: hpint-032 0.20 s move by move, 1.19 s through final positions; h=4: hpint-033
/// 2.9 s against 1.6 s; h=5: hpint-073 16.9 s against 0.29 s; one thread).
fn final_positions_apply(plan: &Plan, limits: &Limits) -> Option<super::intelligent::End> {
    use super::intelligent::End as Final;
    let (end, from) = match plan.end {
        End::Goal(goal @ Goal::Stalemate) => (Final::Goal(goal), FINAL_POSITIONS_FROM),
        End::Goal(goal @ Goal::Mate) => (Final::Goal(goal), MATE_FINAL_POSITIONS_FROM),
        End::Reciprocal {
            help: help @ (Goal::Mate | Goal::Stalemate),
            own,
        } if own.is_mate_or_stalemate() => {
            (Final::Reciprocal { help, own }, MATE_FINAL_POSITIONS_FROM)
        }
        _ => return None,
    };
    let applies = !plan.null_moves
        && !plan.goal_is_end
        && limits.max_solutions.is_none()
        && !plan.move_numbers
        && plan.move_range.is_whole()
        && plan
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Play { .. }))
            .count()
            >= from
        && !plan.steps.contains(&Step::Parry);
    applies.then_some(end)
}

/// See [`final_positions_apply`].
const FINAL_POSITIONS_FROM: usize = 7;

/// The same for mates, reciprocal play included: from six moves (h#3: intell-028 0.48 s
/// move by move, 0.03 s through final positions; intell-030 0.06 s against 0.26 s, the
/// one of 30 over 0.05 s that lost; one thread). From four or five it gained nothing
/// measurable: no helpmate of the corpus that short takes 0.05 s either way.
const MATE_FINAL_POSITIONS_FROM: usize = 6;

/// `plays(steps, extra)[idx][p]`: the played steps from `idx` on whose distance from
/// `idx` has parity `p`, counting `extra` played steps after `steps` (in reciprocal play
/// the moves of its ends, for the bounds on their goals).
pub(in crate::search) fn plays(steps: &[Step], extra: usize) -> Vec<[usize; 2]> {
    let len = steps.len() + extra;
    let mut plays = vec![[0usize; 2]; len + 1];
    for idx in (0..len).rev() {
        // From `idx` the parities swap relative to `idx + 1`.
        let [same, other] = plays[idx + 1];
        // A parry may be a move: counted as one, the bounds stay bounds.
        let here = usize::from(
            steps
                .get(idx)
                .is_none_or(|s| matches!(s, Step::Play { .. } | Step::Parry)),
        );
        plays[idx] = [here + other, same];
    }
    plays
}

/// All solutions of `plan` from `pos`, searched move by move.
pub(super) fn solve_plan_move_by_move<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    plan: &Plan,
    table: &Table,
    limits: &Limits,
    streamed: &dyn Found,
) -> HelpSolution {
    let most = limits.solutions_left();
    let root_found = AtomicUsize::new(0);
    let enough = AtomicBool::new(false);
    // Reciprocal play: the help play's ends have two moves, the side's own one.
    let (plays, own_plays) = match plan.end {
        End::Reciprocal { own, .. } => (
            plays(&plan.steps, 2),
            if own.is_mate_or_stalemate() {
                plays(&plan.steps, 1)
            } else {
                Vec::new()
            },
        ),
        _ => (plays(&plan.steps, 0), Vec::new()),
    };
    let ctx = Ctx {
        rules,
        table,
        plan,
        limits,
        found: &root_found,
        enough: &enough,
        most,
        in_reference_order: most.is_some(),
        plays: &plays,
        own_plays: &own_plays,
        // A parry series shares no entry with the plain series of the same end.
        salt: end_salt(plan.end)
            ^ if plan.steps.contains(&Step::Parry) {
                PARRY_SALT
            } else {
                0
            },
        orthodox_bounds: rules.orthodox_bounds(pos),
    };
    // Split the first two steps into independent tasks, so that even a root with few moves
    // keeps every thread busy. Not the last step: its move is judged with the goal there
    // (`Ctx::finish`), which a goal of the move itself (capture, castling, ...) needs.
    let mut tasks: Vec<(Vec<Move>, Position<R::Ext>, usize)> = vec![(Vec::new(), *pos, 0)];
    for _ in 0..2 {
        if tasks.iter().all(|t| t.2 + 1 < plan.steps.len()) && tasks.len() < 64 {
            let mut next = Vec::new();
            for (path, p, idx) in tasks {
                match plan.steps[idx] {
                    Step::Pass if may_pass(rules, plan, &p) => {
                        next.push((path, null_move(&p), idx + 1))
                    }
                    Step::Pass => {}
                    Step::Parry => {
                        for (mv, after) in parries(rules, plan, &p) {
                            let mut path = path.clone();
                            if mv.kind != MoveKind::Null {
                                path.push(mv);
                            }
                            next.push((path, after, idx + 1));
                        }
                    }
                    Step::Play { .. } if ctx.forced_early(idx, &p) => {}
                    Step::Play { may_check } => {
                        for (mv, after) in step_moves(rules, plan, &p) {
                            if !may_check
                                && idx + 1 < plan.steps.len()
                                && rules.in_check(&after, after.side)
                            {
                                continue;
                            }
                            if ctx.ends_early(idx, &mv, &after) {
                                continue;
                            }
                            let mut path = path.clone();
                            path.push(mv);
                            next.push((path, after, idx + 1));
                        }
                    }
                }
            }
            tasks = next;
        }
    }
    // The tasks and each task's lines in the reference solver's order (its depth-first
    // search's); each task's lines are annotated and handed on in task order as soon as
    // the tasks before it are done, and only the first `MaxSolutions` of them.
    let last = last_move_order(plan);
    tasks.sort_by_cached_key(|(path, _, idx)| {
        let final_goal = last.filter(|_| *idx == plan.steps.len());
        line_order(plan, path, final_goal)
    });
    // Option MoveNumbers: the reference solver numbers every first move it generates,
    // legal or not (it numbers a move before it tests it), in its order.
    let numbered: Vec<(Move, PlayedMove)> = if plan.move_numbers {
        let first_goal = last.filter(|_| plan.steps.len() == 1);
        numbered_first_moves(
            rules,
            pos,
            |mv| reference_order::line_key(&[*mv], first_goal)[0],
            |mv, after| super::annotate(rules, pos, mv, after, plan.end.goal()),
        )
    } else {
        Vec::new()
    };
    // Options StartMoveNumber and UpToMoveNumber: the first moves out of their range
    // are neither numbered nor searched.
    let (numbered, skipped) = plan.move_range.select(numbered);
    if plan.move_numbers
        && !plan.move_range.is_whole()
        && matches!(plan.steps.first(), Some(Step::Play { .. }))
    {
        tasks.retain(|(path, _, _)| {
            path.first()
                .is_none_or(|first| numbered.iter().any(|(mv, _)| mv == first))
        });
    }
    let mut numbers = Vec::new();
    let mut numbered_up_to: Option<Move> = None;
    let mut found_lines = 0usize;
    let mut lines = Vec::new();
    // The lines shown, kept in `lines` only where the caller reads them after the stream
    // (`Found::keeps_lines`): a long search's lines need not all stay in memory.
    let mut shown = 0usize;
    let mut one_move_shown = false;
    let keep = streamed.keeps_lines();
    let in_order = InOrder::new(|(first, moves_of_task): (Option<Move>, Vec<Vec<Move>>)| {
        // The numbers up to this task's first move (tasks that share it come together).
        if let Some(first) = first.filter(|f| numbered_up_to != Some(*f)) {
            while let Some((mv, played)) = numbered.get(numbers.len()) {
                let number = skipped + numbers.len() + 1;
                streamed.tried(number, played);
                numbers.push((shown, number, played.clone()));
                if *mv == first {
                    numbered_up_to = Some(first);
                    break;
                }
            }
        }
        for moves in moves_of_task {
            found_lines += 1;
            if most.is_some_and(|m| shown >= m) {
                continue;
            }
            let mut line = annotate_line(rules, pos, plan, &moves);
            line.apart = plan.own_ends_apart && moves.len() == 1 && !one_move_shown;
            one_move_shown |= moves.len() == 1;
            streamed.line(&line);
            shown += 1;
            if keep {
                lines.push(line);
            }
        }
        if most.is_some_and(|m| shown >= m) {
            enough.store(true, Ordering::Relaxed);
        }
    });
    tasks
        .par_iter()
        .enumerate()
        .for_each(|(i, (path, p, idx))| {
            let mut out = Vec::new();
            let first = path.first().copied();
            let mut path = path.clone();
            let found = AtomicUsize::new(0);
            let ctx = ctx.counting_in(&found);
            limits.counted(|| ctx.search(p, *idx, false, &mut path, &mut out));
            out.sort_by_cached_key(|line| line_order(plan, line, last));
            in_order.done(i, (first, out));
        });
    in_order.finish();
    // The numbers of the first moves after the last one searched.
    for (_, played) in numbered.iter().skip(numbers.len()) {
        let number = skipped + numbers.len() + 1;
        streamed.tried(number, played);
        numbers.push((shown, number, played.clone()));
    }
    let partial =
        limits.expired() || limits.kept_enough() || most.is_some_and(|m| found_lines >= m);
    limits.shown(shown);
    HelpSolution {
        lines,
        partial,
        numbers,
        obliged: Vec::new(),
    }
}

fn annotate_line<R: Rules>(
    rules: &R,
    start: &Position<R::Ext>,
    plan: &Plan,
    moves: &[Move],
) -> HelpLine {
    let mut pos = *start;
    let mut played = Vec::with_capacity(moves.len());
    let mut it = moves.iter();
    // The steps as played: a parry is a move where the side was in check, else a pass.
    let mut steps = Vec::with_capacity(plan.steps.len());
    for step in &plan.steps {
        let step = match step {
            Step::Parry if rules.in_check(&pos, pos.side) => Step::Play { may_check: true },
            Step::Parry => Step::Pass,
            step => *step,
        };
        steps.push(step);
        match step {
            Step::Pass | Step::Parry => pos = null_move(&pos),
            Step::Play { .. } => {
                let mv = it.next().expect("a move for every played step");
                if mv.kind == MoveKind::Null {
                    played.push(PlayedMove {
                        mv: *mv,
                        ..PlayedMove::null(pos.side)
                    });
                    pos = null_move(&pos);
                    continue;
                }
                let after = rules.play(&pos, mv);
                let mut m = super::annotate(rules, &pos, mv, &after, plan.end.goal());
                if matches!(plan.end, End::Sequel(_)) {
                    // The goal is the sequel's.
                    m.result = None;
                }
                played.push(m);
                pos = after;
            }
        }
    }
    let goal = plan.end.goal_after(it.len());
    for mv in it {
        let after = rules.play(&pos, mv);
        played.push(super::annotate(rules, &pos, mv, &after, goal));
        steps.push(Step::Play { may_check: true });
        pos = after;
    }
    // Only the last move reaches the goal: a series move that leaves the other side,
    // which does not move, stalemated on the way is not marked (Popeye's notation).
    let last = played.len().saturating_sub(1);
    for m in played.iter_mut().take(last) {
        m.result = None;
    }
    HelpLine {
        series: plan.series,
        intro: plan.intro,
        game: matches!(plan.end.goal(), Goal::Proof(_)),
        whole_moves: matches!(plan.end, End::Reciprocal { .. }),
        numbering: plan.numbering,
        ..HelpLine::new(played, steps)
    }
}

/// Help-reflex play where the side to move at `pos` is not the one to reach the goal:
/// its moves that reach the goal at once, which it must play and so fails (one line
/// each, in the reference solver's order); none when it has none.
pub fn obliged_failures<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    goal: Goal,
    mating_order: bool,
) -> Vec<HelpLine> {
    let mut moves: Vec<(Move, Position<R::Ext>)> = successors(rules, pos)
        .into_iter()
        .filter(|(mv, after)| goal_reached(rules, mv, after, goal))
        .collect();
    let final_goal = Some(goal).filter(|_| mating_order);
    moves.sort_by_cached_key(|(mv, _)| reference_order::line_key(&[*mv], final_goal));
    moves
        .iter()
        .map(|(mv, after)| HelpLine {
            whole_moves: true,
            fails: true,
            ..HelpLine::new(
                vec![super::annotate(rules, pos, mv, after, goal)],
                vec![Step::Play { may_check: true }],
            )
        })
        .collect()
}

/// The plan of a help stipulation with `half_moves` half moves in all.
pub fn help_plan(half_moves: usize, goal: Goal) -> Plan {
    Plan {
        steps: vec![Step::Play { may_check: true }; half_moves],
        end: End::Goal(goal),
        null_moves: false,
        keep_mating_piece: false,
        series: false,
        goal_is_end: false,
        proof: None,
        move_numbers: false,
        move_range: super::MoveRange::default(),
        mating_order: false,
        intro: 0,
        own_ends_apart: false,
        numbering: None,
        hidden_sequel: false,
    }
}

/// `plan`, a series, after `m` moves in a row of the other side (`m->`): passes between
/// them, none after the last (the series side then moves); only the last may check, as
/// in the series itself.
pub fn with_intro(plan: Plan, m: usize) -> Plan {
    if m == 0 {
        return plan;
    }
    let mut steps = Vec::with_capacity(2 * m + plan.steps.len());
    for i in 0..m {
        if i > 0 {
            steps.push(Step::Pass);
        }
        steps.push(Step::Play {
            may_check: i + 1 == m,
        });
    }
    steps.extend(plan.steps);
    Plan {
        steps,
        intro: m,
        ..plan
    }
}

/// `plan`, a series, as a parry series with help parries (`pser-h#n`, `phser-#n`):
/// every move of the series may check, and the other side answers a check with a move
/// instead of passing.
pub fn with_parries(plan: Plan) -> Plan {
    let steps = plan
        .steps
        .iter()
        .map(|step| match step {
            Step::Pass => Step::Parry,
            Step::Play { .. } | Step::Parry => Step::Play { may_check: true },
        })
        .collect();
    Plan { steps, ..plan }
}

/// The lines of series after `m->` (`solved[i]` of `plans[i]`, each plan a series
/// after an introduction), in the reference solver's order: by the introduction's
/// length, then its moves, then the series' length, then the series' moves.
pub fn merge_introduced(plans: &[Plan], solved: Vec<HelpSolution>) -> HelpSolution {
    // Each line with its sort key and its plan's number and place there.
    let mut lines: Vec<(usize, Vec<u32>, usize, (usize, usize), HelpLine)> = Vec::new();
    let mut partial = false;
    let mut numbered: Option<(usize, usize, Vec<(usize, usize, PlayedMove)>)> = None;
    for (i, (plan, solution)) in plans.iter().zip(solved).enumerate() {
        partial |= solution.partial;
        if !solution.numbers.is_empty() {
            numbered = Some((i, solution.lines.len(), solution.numbers));
        }
        for (j, line) in solution.lines.into_iter().enumerate() {
            let intro: Vec<Move> = line.moves.iter().take(plan.intro).map(|m| m.mv).collect();
            let key = reference_order::line_key(&intro, None);
            lines.push((plan.intro, key, plan.steps.len(), (i, j), line));
        }
    }
    // Stable: each plan's lines keep their order.
    lines.sort_by(|a, b| (a.0, &a.1, a.2).cmp(&(b.0, &b.1, b.2)));
    // Option MoveNumbers: a number before its plan's line stands before that line here.
    let numbers = match numbered {
        Some((plan, count, numbers)) => numbers
            .into_iter()
            .map(|(before, number, played)| {
                let at = if before < count {
                    lines
                        .iter()
                        .position(|l| l.3 == (plan, before))
                        .unwrap_or(lines.len())
                } else {
                    lines.len()
                };
                (at, number, played)
            })
            .collect(),
        None => Vec::new(),
    };
    HelpSolution {
        lines: lines.into_iter().map(|l| l.4).collect(),
        partial,
        numbers,
        obliged: Vec::new(),
    }
}

/// The plan of a series of `n` moves by the side to move, then (when `finisher`)
/// one move by the other side: ser-#n has no finisher, ser-h#n has one. Only the last
/// move of the series may give check: the other side passes after the others, and in
/// ser-h#n it answers the last one with its own move (the reference solver's rule).
pub fn series_plan(n: usize, finisher: bool, end: End) -> Plan {
    let mut steps = Vec::new();
    for i in 0..n {
        if i > 0 {
            steps.push(Step::Pass);
        }
        let last_of_series = i + 1 == n;
        steps.push(Step::Play {
            may_check: last_of_series,
        });
    }
    if finisher {
        steps.push(Step::Play { may_check: true });
    }
    Plan {
        steps,
        end,
        null_moves: false,
        keep_mating_piece: false,
        series: true,
        goal_is_end: false,
        proof: None,
        move_numbers: false,
        move_range: super::MoveRange::default(),
        mating_order: false,
        intro: 0,
        own_ends_apart: false,
        numbering: None,
        hidden_sequel: false,
    }
}
