//! The rules seam: everything the search asks of a condition goes through [`Rules`].
//!
//! Orthodox chess is the zero-sized [`Orthodox`] type, so a search monomorphised over it
//! pays nothing for the seam; fairy conditions are a configured rules value built from parts.

mod alice;
mod andernach;
mod annan;
mod assassin;
mod circe;
mod confront;
mod einstein;
mod fairy;
mod geometry;
#[cfg(test)]
mod harness;
mod isardam;
mod koeko;
mod madrasi;
mod masand;
mod messigny;
mod mummer;
mod orthodox;
mod oscillating;
mod paralysing;
mod parse;
mod patrol;
mod pieces;
mod resolve;
mod self_check_goal;
pub mod spelling;

pub use alice::{Alice, AliceExt, AliceVariant};
pub use andernach::Andernach;
pub use circe::{Circe, KindRule, Occupied, Reborn, SquareRule};
pub use fairy::{Fairy, FairyExt, Mars};
pub use madrasi::Madrasi;
pub use mummer::Mummer;
pub use orthodox::Orthodox;
pub use parse::{names_alice, names_grid, parse_conditions, ConditionError};
pub use pieces::FairyPieces;
pub use resolve::{command_line_words, resolve, resolve_for, RuleSet, UnitMarks, WithRules};
pub use self_check_goal::SelfCheckGoal;

use crate::board::{Bitboard, Board, Color, Extension, Piece, Position, Square};
use crate::movegen::{Move, MoveList};
use std::ops::ControlFlow;

/// The rules of play under one set of conditions.
pub trait Rules: Sync + Send {
    /// State the conditions add to a position.
    type Ext: Extension;

    /// Whether `legal_moves` tells legality without playing the moves, so that a search
    /// should filter first and play after (orthodox play can; conditions play to know).
    const FILTERS_WITHOUT_PLAYING: bool = false;

    /// Whether units move, capture and give check as in orthodox chess and a captured unit
    /// simply leaves the board, so that counting moves on an empty board bounds how soon a
    /// goal can stand (`search::reach`).
    const ORTHODOX_MOVEMENT: bool = false;

    /// Candidate moves of the side to move, with every condition effect decided; some may
    /// still leave the mover's own king in check.
    fn pseudo_legal(&self, pos: &Position<Self::Ext>, out: &mut MoveList);

    /// [`Rules::pseudo_legal`] where `legal` (given a move and the position after it)
    /// decides which moves are legal, for the conditions that choose among the legal
    /// moves (the Maximummer's longest): a goal that lets its last move leave the
    /// mover in check ([`SelfCheckGoal`]) has its own rule.
    fn pseudo_legal_by(
        &self,
        pos: &Position<Self::Ext>,
        out: &mut MoveList,
        _legal: &dyn Fn(&Move, &Position<Self::Ext>) -> bool,
    ) {
        self.pseudo_legal(pos, out);
    }

    /// The position after `mv`, a move produced by `pseudo_legal` for `pos`.
    #[inline(always)]
    fn play(&self, pos: &Position<Self::Ext>, mv: &Move) -> Position<Self::Ext> {
        let mut next = *pos;
        self.play_into(pos, mv, &mut next);
        next
    }

    /// Plays `mv` into `next`, which holds a copy of `pos`. Loops that keep the position
    /// call this on their own binding: a larger position played in a callee and returned
    /// was copied right after the callee's last narrow stores, and the copy's wide loads
    /// stalled on them (a third of Circe perft's time).
    fn play_into(&self, pos: &Position<Self::Ext>, mv: &Move, next: &mut Position<Self::Ext>);

    /// Whether `color`'s king is in check as the conditions define check.
    fn in_check(&self, pos: &Position<Self::Ext>, color: Color) -> bool;

    /// Prepares condition state of a diagram position; `hidden` are units given under
    /// others on the same square, earliest first.
    fn init(
        &self,
        _pos: &mut Position<Self::Ext>,
        hidden: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        match hidden.first() {
            Some((sq, _, _)) => Err(format!("two units on {sq}")),
            None => Ok(()),
        }
    }

    /// Makes the unit on `sq` its side's royal unit (attribute `royal`, a unit that is
    /// not a king): only rules whose positions follow such a unit can.
    fn make_royal(&self, _pos: &mut Position<Self::Ext>, sq: Square) -> Result<(), String> {
        Err(format!(
            "the royal unit on {sq} is not supported with these rules"
        ))
    }

    /// A quick filter: `false` only when the move certainly does not check the opponent.
    /// Used to skip most moves when only checks can reach the goal.
    #[inline]
    fn may_check(&self, _pos: &Position<Self::Ext>, _mv: &Move) -> bool {
        true
    }

    /// The candidate moves that [`Rules::may_check`] lets through, in generation order:
    /// legal ones where the rules filter without playing, else pseudo-legal (as
    /// `search::candidate_moves`). The last move of a mate is one of them.
    fn check_candidates(&self, pos: &Position<Self::Ext>, out: &mut MoveList) {
        if Self::FILTERS_WITHOUT_PLAYING {
            self.legal_moves(pos, out);
        } else {
            self.pseudo_legal(pos, out);
        }
        out.retain(|mv| self.may_check(pos, mv));
    }

    /// The units that changed sides in `mv` beyond its own effects (Masand), with their
    /// new side, in the order the notation shows them.
    #[inline]
    fn turned(&self, _before: &Position<Self::Ext>, _mv: &Move) -> Vec<(Square, Color)> {
        Vec::new()
    }

    /// Whether a move's new kind (`Move::promotion`) is a change of walk the move brings
    /// (Einstein chess) rather than a pawn's promotion: under Alice chess the reference
    /// solver prints it after the board the unit passes to (`Qe5-a1B=R`, `d7-d8=QB`).
    fn kind_changes_after_the_move(&self) -> bool {
        false
    }

    /// Whether the unit on `sq` is a royal piece other than a king (AntiClone Circe: a
    /// king that captures is reborn as the captured kind and stays royal).
    #[inline]
    fn royal_piece(&self, _pos: &Position<Self::Ext>, _sq: Square) -> bool {
        false
    }

    /// The square the unit on `sq` stood on in the diagram, where the positions carry
    /// it (the goals of the units' diagram squares and Diagram Circe ask); `None` for an
    /// empty square, a unit that came later, and rules that carry none.
    #[inline]
    fn origin(&self, _pos: &Position<Self::Ext>, _sq: Square) -> Option<Square> {
        None
    }

    /// Whether a capture's rebirths are those of a Circe (the captured unit reborn),
    /// which alone the by-rebirth goals (`ctr`, `<>r`) count, as in the reference
    /// solver (not Anticirce's).
    #[inline]
    fn circe_rebirths(&self) -> bool {
        false
    }

    /// How far the bound of proof games (`search::ProofTarget`) may count under these
    /// rules: what the moves of units are made of.
    fn proof_counting(&self) -> ProofCounting {
        if Self::ORTHODOX_MOVEMENT {
            ProofCounting::Distances
        } else {
            ProofCounting::Nothing
        }
    }

    /// The units of `pos` a proof game's bound counts, where its board does not hold
    /// them all: under Alice chess those of both boards together, and the squares of
    /// the units on board B. `None`: the position's board, every unit on board A.
    fn proof_units(
        &self,
        _pos: &Position<Self::Ext>,
    ) -> Option<(Board<<Self::Ext as Extension>::Fairy>, Bitboard)> {
        None
    }

    /// The key of where `pos`'s units stand (each with its colour, kind, attributes and
    /// board), which the end of a proof game matches; side to move, castling rights and
    /// en passant do not count.
    fn placement_key(&self, pos: &Position<Self::Ext>) -> u64 {
        pos.board.hash()
    }

    /// Whether the help searches may bound `pos`'s goals by orthodox moves
    /// (`search::reach`, `search::intelligent`): every legal move is an orthodox legal move,
    /// a side has a legal move exactly where it has an orthodox one, check is an orthodox
    /// attack and a captured unit leaves the board. Orthodox movement; also rules that only
    /// choose among the orthodox legal moves (the mummers), on a board of orthodox units.
    #[inline]
    fn orthodox_bounds(&self, _pos: &Position<Self::Ext>) -> bool {
        Self::ORTHODOX_MOVEMENT
    }

    /// Whether the side to move may have the other side's king in check: no king is ever
    /// captured (Lèse-majesté), so a diagram may show it so.
    fn opponent_may_stand_in_check(&self) -> bool {
        false
    }

    /// Whether a battle search should try the defences of the side to move with the
    /// fewest replies of the attacker first, the order that finds a refutation soonest
    /// in most play; where it returns false they are tried in the reference solver's
    /// order of generation (`search::battle`).
    fn defences_by_replies(&self, _pos: &Position<Self::Ext>) -> bool {
        true
    }

    /// Whether pawns promote on their last rank (not in Einstein chess, where a pawn may
    /// stand there, a pawn still).
    fn pawns_promote(&self) -> bool {
        true
    }

    /// Whether a unit of `color` whose board the diagram does not state stands on board B.
    fn second_board_by_default(&self, _color: Color) -> bool {
        false
    }

    /// Whether the unit `mv` moves is a kamikaze unit, on the board it moves on.
    fn moves_kamikaze(&self, pos: &Position<Self::Ext>, mv: &Move) -> bool {
        pos.board.is_kamikaze(mv.from)
    }

    /// Puts units on a second board (Alice chess); other rules have none.
    /// The unit on `sq`, on whichever board holds it (Alice chess has more than one).
    fn unit_on_any_board(&self, pos: &Position<Self::Ext>, sq: Square) -> Option<Piece> {
        pos.piece_at(sq)
    }

    fn place_on_second_board(
        &self,
        _pos: &mut Position<Self::Ext>,
        units: &[(Square, Piece, bool)],
    ) -> Result<(), String> {
        match units.first() {
            Some((sq, _, _)) => Err(format!(
                "the unit on {sq} is given for board B, which needs condition AliceChess"
            )),
            None => Ok(()),
        }
    }

    /// Whether the pseudo-legal move `mv` is legal, given the position `after` it.
    #[inline]
    fn is_legal(&self, pos: &Position<Self::Ext>, _mv: &Move, after: &Position<Self::Ext>) -> bool {
        !self.in_check(after, pos.side)
    }

    /// Whether the pseudo-legal move `mv` is legal but for leaving the mover's own king
    /// in check, given the position `after` it (what the goals whose last move may do so
    /// still ask: [`SelfCheckGoal`]).
    #[inline]
    fn is_legal_apart_from_check(
        &self,
        _pos: &Position<Self::Ext>,
        _mv: &Move,
        _after: &Position<Self::Ext>,
    ) -> bool {
        true
    }

    /// Every legal move of the side to move.
    fn legal_moves(&self, pos: &Position<Self::Ext>, out: &mut MoveList) {
        self.pseudo_legal(pos, out);
        out.retain(|mv| {
            let after = self.play(pos, mv);
            self.is_legal(pos, mv, &after)
        });
    }

    /// Legal moves together with the positions they lead to.
    fn legal_successors(
        &self,
        pos: &Position<Self::Ext>,
        out: &mut Vec<(Move, Position<Self::Ext>)>,
    ) {
        self.for_each_child(pos, |mv, after| out.push((*mv, *after)));
    }

    /// Whether `mv` plays a unit straight back where the opponent's last move took it
    /// from, restoring the position before that move (only a neutral unit can): in
    /// battle play such a move solves nothing, as in the reference solver (the
    /// defender's refutes, the attacker's does not count).
    #[inline]
    fn undoes(&self, _pos: &Position<Self::Ext>, _mv: &Move) -> bool {
        false
    }

    /// Calls `visit` with each legal move and the position it leads to, in generation
    /// order: for the loops that play every move anyway.
    #[inline]
    fn for_each_child(
        &self,
        pos: &Position<Self::Ext>,
        mut visit: impl FnMut(&Move, &Position<Self::Ext>),
    ) {
        let _ = self.try_for_each_child(pos, |mv, after| {
            visit(mv, after);
            ControlFlow::Continue(())
        });
    }

    /// [`Rules::for_each_child`] until `visit` breaks; tells whether it did. Rules that can
    /// tell some moves legal without the check test (`Fairy`'s plain moves) do so here.
    #[inline]
    fn try_for_each_child(
        &self,
        pos: &Position<Self::Ext>,
        mut visit: impl FnMut(&Move, &Position<Self::Ext>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut moves = MoveList::new();
        if Self::FILTERS_WITHOUT_PLAYING {
            self.legal_moves(pos, &mut moves);
        } else {
            self.pseudo_legal(pos, &mut moves);
        }
        for mv in &moves {
            let mut after = *pos;
            self.play_into(pos, mv, &mut after);
            if Self::FILTERS_WITHOUT_PLAYING || self.is_legal(pos, mv, &after) {
                visit(mv, &after)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// [`Rules::for_each_child`] for the moves of the units on `units` only. Orthodox
    /// rules neither generate nor play the others (a help search's last moves of the side
    /// to be stalemated, most of whose units cannot move to any purpose).
    #[inline]
    fn for_each_child_of(
        &self,
        pos: &Position<Self::Ext>,
        units: Bitboard,
        mut visit: impl FnMut(&Move, &Position<Self::Ext>),
    ) {
        self.for_each_child(pos, |mv, after| {
            if units.contains(mv.from) {
                visit(mv, after);
            }
        });
    }

    /// Whether the side to move in `pos` is suffocated by paralysis (paralysing units):
    /// it could move were nothing paralysing, and every unit that could is paralysed.
    /// Such a side is stalemated, in check or not, and never mated.
    #[inline]
    fn suffocated(&self, _pos: &Position<Self::Ext>) -> bool {
        false
    }

    /// Whether a side may be suffocated by paralysis (the problem has paralysing units).
    fn may_suffocate(&self) -> bool {
        false
    }

    /// Whether the side to move has any legal move.
    fn has_legal_move(&self, pos: &Position<Self::Ext>) -> bool {
        let mut moves = MoveList::new();
        self.pseudo_legal(pos, &mut moves);
        moves.iter().any(|mv| {
            let after = self.play(pos, mv);
            self.is_legal(pos, mv, &after)
        })
    }
}

/// Puts `count` units of random kinds (no royal kind) and colours on random empty squares
/// of `board`, for the walk tests of the conditions.
#[cfg(test)]
pub(crate) fn scatter_units(
    board: &mut crate::board::Board<crate::board::FairyUnits>,
    count: u64,
    next: &mut impl FnMut() -> u64,
) {
    use crate::board::Role;
    // Not orphans: they are not combined with conditions (`resolve`).
    let kinds: Vec<Role> = Role::all()
        .filter(|r| !r.is_royal() && *r != Role::Orphan)
        .collect();
    for _ in 0..count {
        let sq = Square::new((next() % 64) as u8);
        if board.occupied().contains(sq) {
            continue;
        }
        let role = kinds[(next() % kinds.len() as u64) as usize];
        let color = if next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        board.put(sq, Piece::new(color, role), false);
    }
}

/// What the proof-game bound may count on, by what the rules' moves are made of.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ProofCounting {
    /// Units change squares only by their own side's orthodox moves (some of which the
    /// rules may forbid), and a captured unit leaves the board for good: the empty-board
    /// distances count.
    Distances,
    /// Units change squares only by their own side's moves, whatever their walks (Annan,
    /// Take & Make, Make & Take, Face-to-face), change kind only by a pawn's
    /// promotion and leave the board only when the other side takes them: a unit off its
    /// target square needs a move.
    Steps,
    /// Alice chess: on both boards together units move by orthodox walks (through the
    /// units of the other board) and a captured unit leaves for good, as under
    /// `Distances` without the fixed units; each move passes its unit to the other
    /// board (a castling its rook too), so a unit's moves have the parity that brings
    /// it to its target's board.
    TwoBoards,
    /// Squares: a move changes the squares of an orthodox move only (its departure and
    /// arrival, the pawn taken en passant, the castling rook's), whatever it does to the
    /// units on them (Andernach chess changes their sides).
    Squares,
    /// Nothing: units are reborn, change sides or kinds, or move in the other side's move.
    Nothing,
}

/// A xorshift generator for the random positions of the condition tests.
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
