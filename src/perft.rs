//! Counting move paths to a fixed depth: the standard proof of a move generator.

use crate::board::Position;
use crate::conditions::Rules;
use crate::movegen::MoveList;

/// The number of legal move sequences of `depth` plies from `pos`.
pub fn perft<R: Rules>(rules: &R, pos: &Position<R::Ext>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    rules.for_each_child(pos, |_, after| {
        total += if depth == 1 {
            1
        } else {
            perft(rules, after, depth - 1)
        };
    });
    total
}

/// Perft split by the first move, in generation order: `(move, count)`.
pub fn divide<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    depth: u32,
) -> Vec<(crate::movegen::Move, u64)> {
    let mut moves = MoveList::new();
    rules.legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            (
                mv,
                perft(rules, &rules.play(pos, &mv), depth.saturating_sub(1)),
            )
        })
        .collect()
}
