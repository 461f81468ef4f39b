//! `exact-` in direct and self play: the play must last exactly n moves, a goal reached
//! sooner (by either side) is a failure. The solver's keys are compared with the keys an
//! exhaustive search in the test finds, by the rule in its plainest form, on positions
//! where the exact keys differ from the plain ones.

use crate::common;

use common::solve_text;
use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::output::notation;
use fairy::search::annotate;
use fairy::stipulation::Goal;

type Pos = Position<()>;

fn mated(pos: &Pos) -> bool {
    Orthodox.in_check(pos, pos.side) && successors(pos).is_empty()
}

/// Direct, after White's move to `after`: White mates with its n-th move (this one the
/// first) and not before.
fn direct_key(after: &Pos, n: u32) -> bool {
    if mated(after) {
        return n == 1;
    }
    let defences = successors(after);
    n > 1
        && !defences.is_empty()
        && defences
            .iter()
            .all(|(_, a)| successors(a).iter().any(|(_, b)| direct_key(b, n - 1)))
}

/// Self, after White's move to `after`: Black is forced to mate White with its n-th move
/// and not before.
fn self_key(after: &Pos, n: u32) -> bool {
    let defences = successors(after);
    !defences.is_empty()
        && defences.iter().all(|(_, a)| {
            if mated(a) {
                n == 1
            } else {
                n > 1 && successors(a).iter().any(|(_, b)| self_key(b, n - 1))
            }
        })
}

/// White's first moves that `key` accepts, as the solver writes them.
fn keys_by_rule(fen: &str, key: fn(&Pos, u32) -> bool, n: u32, goal: Goal) -> Vec<String> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut keys: Vec<String> = successors(&pos)
        .iter()
        .filter(|(_, after)| key(after, n))
        .map(|(mv, after)| notation::full(&annotate(&Orthodox, &pos, mv, after, goal)))
        .collect();
    keys.sort();
    keys
}

/// The solver's keys for `stip` (without their ` !`), sorted.
fn solved_keys(fen: &str, stip: &str) -> Vec<String> {
    common::keys(&solve_text(&common::source(fen, stip)))
}

/// Small positions, White to move, with short mates that `exact-` excludes.
const DIRECT: [&str; 3] = [
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
];

#[test]
fn exact_direct_mates_are_the_keys_the_rule_selects() {
    let mut differ = 0;
    for fen in DIRECT {
        for n in 1..=3 {
            let want = keys_by_rule(fen, direct_key, n, Goal::Mate);
            assert_eq!(
                solved_keys(fen, &format!("exact-#{n}")),
                want,
                "exact-#{n} in {fen}"
            );
            differ += usize::from(want != solved_keys(fen, &format!("#{n}")));
        }
    }
    // The positions tell exact- from plain play (the test is not vacuous).
    assert!(differ >= 3, "{differ}");
}

/// White to move; Black can be forced to mate, sooner or at the end (the first the
/// reference solver's own test of `exact-s#2`, the second a random position of the
/// corpus's generator).
const SELF: [&str; 2] = [
    "8/8/8/8/p7/1pP5/p1k1P3/Kb1NQ3 w - - 0 1",
    "6r1/KQ6/4q1p1/k7/3R4/8/4P3/8 w - - 0 1",
];

#[test]
fn exact_self_mates_are_the_keys_the_rule_selects() {
    let mut differ = 0;
    let mut keys = 0;
    for fen in SELF {
        for n in 1..=2 {
            let want = keys_by_rule(fen, self_key, n, Goal::Mate);
            keys += want.len();
            assert_eq!(
                solved_keys(fen, &format!("exact-s#{n}")),
                want,
                "exact-s#{n} in {fen}"
            );
            differ += usize::from(want != solved_keys(fen, &format!("s#{n}")));
        }
    }
    assert!(keys >= 2 && differ >= 1, "{keys} keys, {differ} differ");
}
