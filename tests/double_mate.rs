//! Double mate (`##`), counter-mate (`##!`) and auto-mate (`!#`): the last move may leave
//! the mover's own king in check. After it the mover is mated (in check, no legal move)
//! and, for the double mates, so is the other side; a double mate's mover had a legal
//! move before, a counter-mate's was mated before. The solver's lines and keys are
//! compared with those an exhaustive search in the test finds by these definitions,
//! over every move the units can make, legal or not; the moves before the last are
//! legal ones.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::movegen::{Move, MoveList};
use fairy::search::null_move;
use fairy::stipulation::Goal;

type Pos = Position<()>;

fn mated(pos: &Pos) -> bool {
    Orthodox.in_check(pos, pos.side) && successors(pos).is_empty()
}

/// Whether the move from `pos` to `after` reaches `goal`, by the definitions above.
fn reaches(pos: &Pos, after: &Pos, goal: Goal) -> bool {
    let mover_mated = mated(&null_move(after));
    match goal {
        Goal::DoubleMate => !successors(pos).is_empty() && mated(after) && mover_mated,
        Goal::CounterMate => mated(pos) && mated(after) && mover_mated,
        Goal::AutoMate => mover_mated,
        _ => unreachable!("{goal:?}"),
    }
}

/// Every move of the side to move in `pos`, legal or not, that reaches `goal`.
fn last_moves(pos: &Pos, goal: Goal) -> Vec<(Move, Pos)> {
    let mut list = MoveList::new();
    Orthodox.pseudo_legal(pos, &mut list);
    list.iter()
        .map(|mv| (*mv, Orthodox.play(pos, mv)))
        .filter(|(_, after)| reaches(pos, after, goal))
        .collect()
}

/// Lines of `before` legal half moves from `pos` (no check before the last in a
/// series, the other side passing), then a last move that reaches `goal`.
fn lines(
    pos: &Pos,
    before: usize,
    goal: Goal,
    series: bool,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if before == 0 {
        for (mv, after) in last_moves(pos, goal) {
            let mut line = prefix.clone();
            line.extend(common::written(pos, &mv, &after, goal));
            out.push(line);
        }
        return;
    }
    for (mv, after) in successors(pos) {
        if series && Orthodox.in_check(&after, after.side) {
            continue;
        }
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        let next = if series { null_move(&after) } else { after };
        lines(&next, before - 1, goal, series, prefix, out);
        prefix.truncate(mark);
    }
}

/// The lines of help play of `n` moves or of a series of `n` (the side to move as in
/// `fen`), every length from one move up (a shorter one ends the play: nothing follows
/// a double mate, and the reference solver ends help and series play at the goals of
/// the move).
fn by_rule(fen: &str, n: usize, goal: Goal, series: bool) -> Vec<Vec<String>> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut out = Vec::new();
    for k in 1..=n {
        let before = if series { k - 1 } else { 2 * k - 1 };
        lines(&pos, before, goal, series, &mut Vec::new(), &mut out);
    }
    out.sort();
    out
}

/// Random positions (the first three with auto-mates in help play, the next three with
/// double mates, the last four with counter-mates), Black to move.
const POSITIONS: [&str; 10] = [
    "2k5/5PK1/2b5/R7/8/3r4/4p3/8 b - - 0 1",
    "5k2/2K5/1N6/p7/8/8/2B3r1/b7 b - - 0 1",
    "8/7p/8/B4K1p/7R/4q3/8/1k6 b - - 0 1",
    "6r1/8/8/3k4/5b2/2PK3n/8/Q7 b - - 0 1",
    "8/5q2/8/7k/1Q6/1R5K/8/rr6 b - - 0 1",
    "8/k1b5/2P5/8/2q5/8/1K1Q4/3q4 b - - 0 1",
    "3k4/3B3q/3K4/8/8/8/4qN2/4b3 b - - 0 1",
    "2KQ3k/5r2/8/q7/1b6/8/8/7R b - - 0 1",
    "6n1/2N5/2K5/q7/6b1/4kR2/8/8 b - - 0 1",
    "8/2q5/k2q4/8/2n1B1P1/2K5/8/8 b - - 0 1",
];

/// Random positions, White to move, with auto-mates (the first four, the fourth in a
/// series of three) and a double mate in one.
const WHITE_TO_MOVE: [&str; 5] = [
    "3q4/8/8/7P/K1N5/q7/q7/1k6 w - - 0 1",
    "8/1k6/8/4P3/8/8/1P1p1r2/q5K1 w - - 0 1",
    "8/6p1/8/2k2q2/6KR/N7/6r1/8 w - - 0 1",
    "8/8/5kN1/8/3rP2K/3q4/8/3q4 w - - 0 1",
    "8/4q3/8/4rK1k/5q2/6Q1/8/4Q3 w - - 0 1",
];

/// Every position of both lists with White to move, where Black is not in check.
fn white_to_move() -> Vec<(String, Pos)> {
    POSITIONS
        .iter()
        .chain(&WHITE_TO_MOVE)
        .map(|fen| fen.replace(" b ", " w "))
        .filter_map(|white| {
            let pos: Pos = Position::from_fen(&white).unwrap();
            (!Orthodox.in_check(&pos, !pos.side)).then_some((white, pos))
        })
        .collect()
}

const GOALS: [(Goal, &str); 3] = [
    (Goal::DoubleMate, "##"),
    (Goal::CounterMate, "##!"),
    (Goal::AutoMate, "!#"),
];

#[test]
fn help_play_to_the_self_check_goals_is_the_lines_the_definitions_find() {
    let mut found = [0; 3];
    for fen in POSITIONS {
        for (i, (goal, mark)) in GOALS.into_iter().enumerate() {
            for n in 1..=2 {
                let want = by_rule(fen, n, goal, false);
                found[i] += want.len();
                let stip = format!("h{mark}{n}");
                assert_eq!(common::help_lines(fen, &stip), want, "{stip} in {fen}");
            }
        }
    }
    // None of these goals is reached by a legal move: every line found ends with one
    // that leaves the mover in check.
    assert!(found.iter().all(|&f| f >= 5), "lines found: {found:?}");
}

#[test]
fn series_play_to_the_self_check_goals_is_the_lines_the_definitions_find() {
    let mut found = 0;
    for (white, _) in white_to_move() {
        for (goal, mark) in GOALS {
            let want = by_rule(&white, 3, goal, true);
            found += want.len();
            let stip = format!("ser-{mark}3");
            assert_eq!(common::help_lines(&white, &stip), want, "{stip} in {white}");
        }
    }
    assert!(found >= 10, "{found} lines");
}

/// Direct play in one: the keys are the moves that reach the goal; self play in one to a
/// counter-mate: White's moves after which Black has no legal move but counter-mates.
#[test]
fn keys_in_one_move_are_the_moves_the_definitions_find() {
    let mut found = 0;
    for (white, pos) in white_to_move() {
        for (goal, mark) in GOALS {
            let mut want: Vec<String> = last_moves(&pos, goal)
                .iter()
                .map(|(mv, after)| common::written(&pos, mv, after, goal).join(" "))
                .collect();
            want.sort();
            found += want.len();
            let stip = format!("{mark}1");
            let got = common::keys(&common::solve_text(&common::source(&white, &stip)));
            assert_eq!(got, want, "{stip} in {white}");
        }
        let mut want: Vec<String> = successors(&pos)
            .iter()
            .filter(|(_, after)| {
                successors(after).is_empty() && !last_moves(after, Goal::CounterMate).is_empty()
            })
            .map(|(mv, after)| common::written(&pos, mv, after, Goal::Any).join(" "))
            .collect();
        want.sort();
        found += want.len();
        let got = common::keys(&common::solve_text(&common::source(&white, "s##!1")));
        assert_eq!(got, want, "s##!1 in {white}");
    }
    assert!(found >= 3, "{found} keys");
}
