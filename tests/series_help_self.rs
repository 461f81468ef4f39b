//! Series help-self play (`ser-hs#n`): Black's series of at most n moves (no check
//! before its last; White passes), then White's move, after which Black has a move and
//! every move of it reaches the goal. The solver's lines are compared with the lines an
//! exhaustive search in the test finds by that rule.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::search::{goal_reached, null_move};
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// Black's series of exactly `moves` moves from `pos`, White's move, then each of
/// Black's forced goal moves.
fn series(
    pos: &Pos,
    moves: usize,
    goal: Goal,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    for (mv, after) in successors(pos) {
        let last = moves == 1;
        if !last && Orthodox.in_check(&after, after.side) {
            continue;
        }
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        if last {
            for (answer, end) in successors(&after) {
                let forced = successors(&end);
                if forced.is_empty()
                    || !forced
                        .iter()
                        .all(|(m, a)| goal_reached(&Orthodox, m, a, goal))
                {
                    continue;
                }
                for (m, a) in &forced {
                    let mut line = prefix.clone();
                    line.extend(common::written(&after, &answer, &end, Goal::Any));
                    line.extend(common::written(&end, m, a, goal));
                    out.push(line);
                }
            }
        } else {
            series(&null_move(&after), moves - 1, goal, prefix, out);
        }
        prefix.truncate(mark);
    }
}

/// Random positions, Black to move.
const POSITIONS: [&str; 2] = [
    "7r/KQ6/4q1p1/k7/3R4/8/4P3/8 b - - 0 1",
    "6r1/KQ6/4q1p1/k7/3R4/8/4P3/8 b - - 0 1",
];

#[test]
fn series_help_self_mates_are_the_lines_the_rule_finds() {
    let mut found = 0;
    for fen in POSITIONS {
        for n in 1..=2 {
            let pos: Pos = Position::from_fen(fen).unwrap();
            let mut want = Vec::new();
            for k in 1..=n {
                series(&pos, k, Goal::Mate, &mut Vec::new(), &mut want);
            }
            want.sort();
            found += want.len();
            let stip = format!("ser-hs#{n}");
            assert_eq!(common::help_lines(fen, &stip), want, "{stip} in {fen}");
        }
    }
    assert!(found >= 500, "{found} lines: the positions test nothing");
}
