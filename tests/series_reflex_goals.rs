//! Series reflex play with a goal of the move (`ser-r+n`, `ser-rxn`): White's series
//! (no check before its last move), after which Black can reach the goal. Both sides are
//! bound: where White, to make a series move, could reach the goal itself it must, and
//! fails; where Black, after a series move, could reach it, it must, which ends the
//! series there. The solver's lines are compared with the lines an exhaustive search in
//! the test finds by that rule, every length from one move to n.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::search::{can_reach_goal_in_one, goal_reached, null_move};
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// The lines of White's series of exactly `moves` moves from `pos` by the rule, each
/// with Black's goal move after it.
fn series(
    pos: &Pos,
    moves: usize,
    goal: Goal,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if can_reach_goal_in_one(&Orthodox, pos, goal) {
        return;
    }
    for (mv, after) in successors(pos) {
        let last = moves == 1;
        if !last && Orthodox.in_check(&after, after.side) {
            continue;
        }
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        if last {
            for (answer, end) in successors(&after) {
                if goal_reached(&Orthodox, &answer, &end, goal) {
                    let mut line = prefix.clone();
                    line.extend(common::written(&after, &answer, &end, goal));
                    out.push(line);
                }
            }
        } else if !can_reach_goal_in_one(&Orthodox, &after, goal) {
            series(&null_move(&after), moves - 1, goal, prefix, out);
        }
        prefix.truncate(mark);
    }
}

fn by_rule(fen: &str, n: usize, goal: Goal) -> Vec<Vec<String>> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut out = Vec::new();
    for k in 1..=n {
        series(&pos, k, goal, &mut Vec::new(), &mut out);
    }
    out.sort();
    out
}

/// Random positions, White to move, where White cannot reach the goal at once.
const POSITIONS: [&str; 3] = [
    "8/8/8/8/4K3/8/5k2/2q4R w - - 0 1",
    "3k4/8/8/8/8/2b5/4PP1P/4K2R w - - 0 1",
    "6k1/8/1r6/8/8/8/3P4/3K4 w - - 0 1",
];

#[test]
fn series_reflex_checks_and_captures_are_the_lines_the_rule_finds() {
    let mut found = 0;
    for fen in POSITIONS {
        for (goal, mark) in [(Goal::Check, "+"), (Goal::Capture, "x")] {
            for n in 1..=3 {
                let stip = format!("ser-r{mark}{n}");
                let want = by_rule(fen, n, goal);
                found += want.len();
                let lines: Vec<Vec<String>> = common::help_lines(fen, &stip)
                    .into_iter()
                    .filter(|l| l.last().map(String::as_str) != Some("?!?"))
                    .collect();
                assert_eq!(lines, want, "{stip} in {fen}");
            }
        }
    }
    assert!(found >= 50, "{found} lines: the positions test nothing");
}
