//! Checkless chess: a move that gives check is legal only when it mates. Whether the
//! checked side is mated asks for its legal moves, under the same rule: a counter-check
//! of the checked side must mate in turn.

use super::*;

/// How many Checkless mate tests may nest: a chain of cross-checks this long is taken to
/// end no legal move, as the reference solver stops its recursion (a composed problem
/// never comes near).
const MAX_NESTING: u32 = 12;

impl<O: Origins, F: FairyStore> Fairy<O, F> {
    /// Whether `after`, reached by a move that left its mover out of check, may stand:
    /// the side to move there is not in check, or has no legal move (is mated).
    pub(super) fn checkless_allows(&self, after: &Position<FairyExt<O, F>>, depth: u32) -> bool {
        if !self.in_check(after, after.side) {
            return true;
        }
        if depth >= MAX_NESTING {
            return false;
        }
        let mut moves = MoveList::new();
        self.candidates(after, &mut moves);
        // The king's steps first: a checked side escapes by them more often than not, and
        // the first escape settles it.
        let escapes = |king: bool| {
            moves.iter().any(|mv| {
                (mv.role == Role::King) == king
                    && self.legal_at(after, mv, &self.play(after, mv), depth + 1)
            })
        };
        !(escapes(true) || escapes(false))
    }
}
