//! The goals whose last move may leave the mover's own king in check: double mate
//! (`##`), counter-mate (`##!`), auto-mate (`!#`) and, where paralysing units may
//! suffocate the mover, auto-stalemate (`!=`). The reference solver leaves the
//! self-check test out of the branch that tests such a goal; here the rules of the
//! problem are wrapped so that a move of the side that plays for the goal which leaves
//! its king in check is legal exactly when it reaches the goal, with the goal's
//! prerequisite met before it. Every other question goes to the wrapped rules, and
//! immobility (the goal test's "has no move") stays the strict one.
//!
//! Such a move ends the play wherever it comes: after a double mate nobody can move, and
//! the searches end help and series play at a goal of the move reached before the last
//! step, as the reference solver does (`ser-!#3` shows an auto-mate in one and nothing
//! that goes on from it).

use super::{ProofCounting, Rules};
use crate::board::{Bitboard, Board, Color, Extension, Piece, Position, Square};
use crate::movegen::{Move, MoveList};
use crate::search::{goal_reached, null_move, position_goal_reached};
use crate::stipulation::Goal;

/// `rules` with the last moves of `goal` (one whose [`Goal::ignores_self_check`]) made
/// legal for `mover`, the side that plays for it (both sides when `None`: reflex play).
pub struct SelfCheckGoal<'a, R> {
    rules: &'a R,
    goal: Goal,
    mover: Option<Color>,
}

impl<'a, R: Rules> SelfCheckGoal<'a, R> {
    /// Whether a last move of `goal` may leave the mover in check under `rules`: a
    /// double mate, counter-mate or auto-mate, and an auto-stalemate where the mover may
    /// be suffocated by paralysis (stalemated in check, as the reference solver has it).
    pub fn applies(rules: &R, goal: Goal) -> bool {
        goal.ignores_self_check() || (goal == Goal::AutoStalemate && rules.may_suffocate())
    }

    pub fn new(rules: &'a R, goal: Goal, mover: Option<Color>) -> Self {
        debug_assert!(Self::applies(rules, goal));
        SelfCheckGoal { rules, goal, mover }
    }

    /// Whether the goal's prerequisite holds for the side to move in `pos`, before its
    /// move: for double mate it has a legal move, for counter-mate it is mated.
    fn prerequisite(&self, pos: &Position<R::Ext>) -> bool {
        let rules = self.rules;
        match self.goal {
            Goal::DoubleMate => rules.has_legal_move(pos),
            Goal::CounterMate => position_goal_reached(rules, pos, Goal::Mate),
            _ => true,
        }
    }

    /// Whether `mv`, which leaves the mover in check, is a last move of the goal.
    fn reaches_goal(&self, pos: &Position<R::Ext>, mv: &Move, after: &Position<R::Ext>) -> bool {
        self.mover.is_none_or(|c| c == pos.side)
            && match self.goal {
                Goal::AutoMate => true,
                // Only suffocation makes a side in check stalemated.
                Goal::AutoStalemate => self.rules.suffocated(&null_move(after)),
                _ => self.rules.in_check(after, after.side),
            }
            && self.rules.is_legal_apart_from_check(pos, mv, after)
            && self.prerequisite(pos)
            && goal_reached(self.rules, mv, after, self.goal)
    }
}

impl<R: Rules> Rules for SelfCheckGoal<'_, R> {
    type Ext = R::Ext;
    const ORTHODOX_MOVEMENT: bool = R::ORTHODOX_MOVEMENT;

    fn pseudo_legal(&self, pos: &Position<Self::Ext>, out: &mut MoveList) {
        self.rules
            .pseudo_legal_by(pos, out, &|mv, after| self.is_legal(pos, mv, after));
    }

    #[inline]
    fn play_into(&self, pos: &Position<Self::Ext>, mv: &Move, next: &mut Position<Self::Ext>) {
        self.rules.play_into(pos, mv, next);
    }

    #[inline]
    fn in_check(&self, pos: &Position<Self::Ext>, color: Color) -> bool {
        self.rules.in_check(pos, color)
    }

    #[inline]
    fn orthodox_bounds(&self, pos: &Position<Self::Ext>) -> bool {
        self.rules.orthodox_bounds(pos)
    }

    fn init(
        &self,
        pos: &mut Position<Self::Ext>,
        hidden: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        self.rules.init(pos, hidden)
    }

    fn make_royal(&self, pos: &mut Position<Self::Ext>, sq: Square) -> Result<(), String> {
        self.rules.make_royal(pos, sq)
    }

    #[inline]
    fn may_check(&self, pos: &Position<Self::Ext>, mv: &Move) -> bool {
        self.rules.may_check(pos, mv)
    }

    #[inline]
    fn undoes(&self, pos: &Position<Self::Ext>, mv: &Move) -> bool {
        self.rules.undoes(pos, mv)
    }

    fn turned(&self, before: &Position<Self::Ext>, mv: &Move) -> Vec<(Square, Color)> {
        self.rules.turned(before, mv)
    }

    fn royal_piece(&self, pos: &Position<Self::Ext>, sq: Square) -> bool {
        self.rules.royal_piece(pos, sq)
    }

    fn kind_changes_after_the_move(&self) -> bool {
        self.rules.kind_changes_after_the_move()
    }

    fn origin(&self, pos: &Position<Self::Ext>, sq: Square) -> Option<Square> {
        self.rules.origin(pos, sq)
    }

    fn circe_rebirths(&self) -> bool {
        self.rules.circe_rebirths()
    }

    fn proof_counting(&self) -> ProofCounting {
        self.rules.proof_counting()
    }

    fn proof_units(
        &self,
        pos: &Position<Self::Ext>,
    ) -> Option<(Board<<Self::Ext as Extension>::Fairy>, Bitboard)> {
        self.rules.proof_units(pos)
    }

    fn placement_key(&self, pos: &Position<Self::Ext>) -> u64 {
        self.rules.placement_key(pos)
    }

    fn opponent_may_stand_in_check(&self) -> bool {
        self.rules.opponent_may_stand_in_check()
    }

    fn defences_by_replies(&self, pos: &Position<Self::Ext>) -> bool {
        self.rules.defences_by_replies(pos)
    }

    fn pawns_promote(&self) -> bool {
        self.rules.pawns_promote()
    }

    fn second_board_by_default(&self, color: Color) -> bool {
        self.rules.second_board_by_default(color)
    }

    fn place_on_second_board(
        &self,
        pos: &mut Position<Self::Ext>,
        units: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        self.rules.place_on_second_board(pos, units)
    }

    #[inline]
    fn is_legal(&self, pos: &Position<Self::Ext>, mv: &Move, after: &Position<Self::Ext>) -> bool {
        self.rules.is_legal(pos, mv, after) || self.reaches_goal(pos, mv, after)
    }

    fn is_legal_apart_from_check(
        &self,
        pos: &Position<Self::Ext>,
        mv: &Move,
        after: &Position<Self::Ext>,
    ) -> bool {
        self.rules.is_legal_apart_from_check(pos, mv, after)
    }

    #[inline]
    fn suffocated(&self, pos: &Position<Self::Ext>) -> bool {
        self.rules.suffocated(pos)
    }

    fn may_suffocate(&self) -> bool {
        self.rules.may_suffocate()
    }

    /// Strict: the goals' immobility is the wrapped rules' (a mated side that could
    /// counter-mate is still mated).
    fn has_legal_move(&self, pos: &Position<Self::Ext>) -> bool {
        self.rules.has_legal_move(pos)
    }
}
