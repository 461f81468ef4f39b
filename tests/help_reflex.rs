//! Help-reflex play (`hr#n`, `hr#n.5`, `hr=n`): the sides cooperate until White's last
//! move, after which Black can reach the goal; wherever the side to move could reach
//! the goal in one move it had to, which ends the play there (Black: a shorter
//! solution; White: a failure). The solver's lines are compared with the lines an
//! exhaustive search in the test finds by that rule, every length down to the shortest.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::Orthodox;
use fairy::search::{can_reach_goal_in_one, goal_reached};
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// Every line of `half_moves` half moves from `pos` before which no side to move could
/// reach `goal` in one, then each move of the side to move that reaches it.
fn lines_by_rule(
    pos: &Pos,
    half_moves: usize,
    goal: Goal,
    obliged: bool,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if half_moves == 0 {
        for (mv, after) in successors(pos) {
            if goal_reached(&Orthodox, &mv, &after, goal) {
                let mut line = prefix.clone();
                line.extend(common::written(pos, &mv, &after, goal));
                out.push(line);
            }
        }
        return;
    }
    if obliged && can_reach_goal_in_one(&Orthodox, pos, goal) {
        return;
    }
    for (mv, after) in successors(pos) {
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        lines_by_rule(&after, half_moves - 1, goal, obliged, prefix, out);
        prefix.truncate(mark);
    }
}

/// The lines of help-reflex play with `half_moves` in all from `fen` (the side to move
/// as there), of every length with the parity of `half_moves`; without the obligation
/// when not `obliged` (to show that the positions test it).
fn by_rule(fen: &str, half_moves: usize, goal: Goal, obliged: bool) -> Vec<Vec<String>> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut out = Vec::new();
    let mut k = half_moves - 1;
    loop {
        lines_by_rule(&pos, k, goal, obliged, &mut Vec::new(), &mut out);
        if k < 2 {
            break;
        }
        k -= 2;
    }
    out.sort();
    out
}

/// Constructed positions (the last two random), White to move, where the obligations
/// decide: Black can mate at once after some White moves, and White can mate after some
/// Black moves.
const WHITE_FIRST: [&str; 4] = [
    "8/8/8/7p/p7/kp3P2/p7/K7 w - - 0 1",
    "1k6/8/K4Q2/7r/6r1/8/8/8 b - - 0 1",
    "K5k1/8/8/3R4/8/2B3b1/7p/4r3 w - - 0 1",
    "2K4r/4S3/8/8/2R4p/7k/8/5r2 w - - 0 1",
];

#[test]
fn help_reflex_mates_are_the_lines_the_rule_finds() {
    let (mut found, mut decided) = (0, 0);
    for (fen, most) in [
        (WHITE_FIRST[0], 3),
        (WHITE_FIRST[2], 2),
        (WHITE_FIRST[3], 2),
    ] {
        for n in 1..=most {
            let want = by_rule(fen, 2 * n, Goal::Mate, true);
            found += want.len();
            decided += usize::from(want != by_rule(fen, 2 * n, Goal::Mate, false));
            assert_eq!(
                common::help_lines(fen, &format!("hr#{n}")),
                want,
                "hr#{n} in {fen}"
            );
        }
    }
    assert!(
        found >= 25 && decided >= 2,
        "{found} lines, {decided} decided by the obligation"
    );
}

#[test]
fn help_reflex_play_from_black_is_the_lines_the_rule_finds() {
    let (mut found, mut decided) = (0, 0);
    for (fen, goal, stip) in [
        (WHITE_FIRST[1], Goal::Mate, "hr#1.5"),
        (WHITE_FIRST[1], Goal::Stalemate, "hr=1.5"),
        (WHITE_FIRST[0], Goal::Mate, "hr#1.5"),
    ] {
        let fen = fen.replace(" w ", " b ");
        let want = by_rule(&fen, 3, goal, true);
        found += want.len();
        decided += usize::from(want != by_rule(&fen, 3, goal, false));
        assert_eq!(common::help_lines(&fen, stip), want, "{stip} in {fen}");
    }
    assert!(
        found >= 30 && decided >= 2,
        "{found} lines, {decided} decided by the obligation"
    );
}

/// White to move can mate at once: it must, so there is no solution, and its mates are
/// shown failing as the reference solver shows them (`1.Qf6-d8 # ?!?`).
#[test]
fn a_first_side_that_can_mate_at_once_fails() {
    let fen = WHITE_FIRST[1].replace(" b ", " w ");
    for stip in ["hr#1", "hr#2", "exact-hr#2"] {
        let lines = common::help_lines(&fen, stip);
        assert_eq!(lines, vec![vec!["Qf6-d8", "#", "?!?"]], "{stip}");
    }
}
