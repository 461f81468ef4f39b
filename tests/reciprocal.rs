//! Reciprocal help play (`reci-h#n`, `reci-h(=)#n`, `ser-reci-h#n`): after help play
//! (or Black's series) of fewer than n moves, Black to move can both reach its own goal
//! in one move and make a move after which White reaches the help goal in one. The
//! solver's lines are compared with the lines an exhaustive search in the test finds by
//! that rule, every length from none to n - 1 moves before the end.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::search::{goal_reached, null_move};
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// The ends of reciprocal play at `pos`: the help play's (Black's move, White's answer
/// to `help`) and Black's own (one move to `own`), or none unless both exist.
fn ends(pos: &Pos, help: Goal, own: Goal) -> Vec<Vec<String>> {
    let mut helped = Vec::new();
    let mut owned = Vec::new();
    for (mv, after) in successors(pos) {
        for (answer, end) in successors(&after) {
            if goal_reached(&Orthodox, &answer, &end, help) {
                let mut line = common::written(pos, &mv, &after, Goal::Any);
                line.extend(common::written(&after, &answer, &end, help));
                helped.push(line);
            }
        }
        if goal_reached(&Orthodox, &mv, &after, own) {
            owned.push(common::written(pos, &mv, &after, own));
        }
    }
    if helped.is_empty() || owned.is_empty() {
        return Vec::new();
    }
    helped.extend(owned);
    helped
}

/// Every line: `half_moves` of help play (or `series` Black moves with White passing)
/// from `pos`, then the ends.
fn lines_by_rule(
    pos: &Pos,
    half_moves: usize,
    series: bool,
    help: Goal,
    own: Goal,
    out: &mut Vec<Vec<String>>,
    prefix: &mut Vec<String>,
) {
    if half_moves == 0 {
        for end in ends(pos, help, own) {
            let mut line = prefix.clone();
            line.extend(end);
            out.push(line);
        }
        return;
    }
    for (mv, after) in successors(pos) {
        let checks = Orthodox.in_check(&after, after.side);
        if series && checks {
            continue;
        }
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        let next = if series { null_move(&after) } else { after };
        lines_by_rule(&next, half_moves - 1, series, help, own, out, prefix);
        prefix.truncate(mark);
    }
}

fn by_rule(fen: &str, n: usize, series: bool, help: Goal, own: Goal) -> Vec<Vec<String>> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut out = Vec::new();
    for k in 0..n {
        let half_moves = if series { k } else { 2 * k };
        lines_by_rule(
            &pos,
            half_moves,
            series,
            help,
            own,
            &mut out,
            &mut Vec::new(),
        );
    }
    out.sort();
    out
}

/// Constructed positions, Black to move, with reciprocal ends near.
const POSITIONS: [&str; 3] = [
    "7k/6pp/8/8/3q4/2r5/PP2R3/K7 b - - 0 1",
    "8/6P1/8/8/8/4p3/8/5k1K b - - 0 1",
    "8/8/8/8/8/1q6/2r5/K1k5 b - - 0 1",
];

#[test]
fn reciprocal_helpmates_are_the_lines_the_rule_finds() {
    let mut found = 0;
    for fen in POSITIONS {
        for n in 1..=2 {
            let want = by_rule(fen, n, false, Goal::Mate, Goal::Mate);
            found += want.len();
            assert_eq!(
                common::help_lines(fen, &format!("reci-h#{n}")),
                want,
                "reci-h#{n} in {fen}"
            );
        }
    }
    assert!(found >= 1000, "{found} lines: the positions test nothing");
}

/// Constructed: both sides promote, then mate or stalemate each other.
const PAWN_RACES: [&str; 2] = [
    "8/6P1/8/8/8/4p3/8/5k1K b - - 0 1",
    "8/3P4/8/8/8/8/4p3/5k1K b - - 0 1",
];

#[test]
fn reciprocal_play_with_two_goals_is_the_lines_the_rule_finds() {
    let mut found = 0;
    for fen in PAWN_RACES {
        for n in 1..=3 {
            for (help, own, spelling) in [
                (Goal::Mate, Goal::Stalemate, "(=)#"),
                (Goal::Stalemate, Goal::Mate, "(#)="),
            ] {
                let want = by_rule(fen, n, false, help, own);
                found += want.len();
                let stip = format!("reci-h{spelling}{n}");
                assert_eq!(common::help_lines(fen, &stip), want, "{stip} in {fen}");
            }
        }
    }
    assert!(found >= 100, "{found} lines: the positions test nothing");
}

#[test]
fn series_reciprocal_play_is_the_lines_the_rule_finds() {
    let mut found = 0;
    for fen in POSITIONS {
        for n in 1..=3 {
            let want = by_rule(fen, n, true, Goal::Mate, Goal::Mate);
            found += want.len();
            assert_eq!(
                common::help_lines(fen, &format!("ser-reci-h#{n}")),
                want,
                "ser-reci-h#{n} in {fen}"
            );
        }
    }
    assert!(found >= 1000, "{found} lines: the positions test nothing");
}
