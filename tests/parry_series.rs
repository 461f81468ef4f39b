//! Parry series (`pser-`, `phser-`): the series side plays its moves in a row, each of
//! which may check; the other side passes, except that it answers a check with one move
//! (the parry). In `pser-h#n` the parries are help moves, and the other side mates after
//! the series; in `pser-#n` they are defences, against each of which the series side must
//! go on to mate. The solver's lines are compared with those an exhaustive search in the
//! test finds by these definitions.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::{Orthodox, Rules};
use fairy::search::null_move;
use fairy::stipulation::Goal;

type Pos = Position<()>;

fn mates(after: &Pos) -> bool {
    Orthodox.in_check(after, after.side) && successors(after).is_empty()
}

/// The ways on after a series move to `after`: each parry when the other side is in
/// check (written, with the position after it), else its pass.
fn ways_on(after: &Pos) -> Vec<(Vec<String>, Pos)> {
    if Orthodox.in_check(after, after.side) {
        successors(after)
            .into_iter()
            .map(|(mv, p)| (common::written(after, &mv, &p, Goal::Any), p))
            .collect()
    } else {
        vec![(Vec::new(), null_move(after))]
    }
}

/// `pser-h#n`: series of `left` more moves from `pos`, help parries, then the other
/// side's mate.
fn help_lines(pos: &Pos, left: usize, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    for (mv, after) in successors(pos) {
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        if left == 1 {
            for (last, end) in successors(&after) {
                if mates(&end) {
                    let mut line = prefix.clone();
                    line.extend(common::written(&after, &last, &end, Goal::Mate));
                    out.push(line);
                }
            }
        } else {
            for (parry, next) in ways_on(&after) {
                let inner = prefix.len();
                prefix.extend(parry);
                help_lines(&next, left - 1, prefix, out);
                prefix.truncate(inner);
            }
        }
        prefix.truncate(mark);
    }
}

/// `pser-#n`: whether the series move to `after` mates, or wins within `k` moves in all
/// against every parry.
fn move_wins(after: &Pos, k: usize) -> bool {
    if mates(after) {
        return true;
    }
    let ways = ways_on(after);
    k > 1 && !ways.is_empty() && ways.iter().all(|(_, p)| wins(p, k - 1))
}

fn wins(pos: &Pos, k: usize) -> bool {
    successors(pos).iter().any(|(_, after)| move_wins(after, k))
}

/// The lines of a winning series move: after it, every parry, each followed by every
/// move that wins in the fewest moves left.
fn direct_lines(
    pos: &Pos,
    mv: &fairy::movegen::Move,
    after: &Pos,
    k: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    let mark = prefix.len();
    prefix.extend(common::written(pos, mv, after, Goal::Mate));
    if mates(after) {
        out.push(prefix.clone());
    } else {
        for (parry, next) in ways_on(after) {
            let inner = prefix.len();
            prefix.extend(parry);
            let fewest = (1..k).find(|&j| wins(&next, j)).expect("a win");
            for (m, a) in successors(&next) {
                if move_wins(&a, fewest) {
                    direct_lines(&next, &m, &a, fewest, prefix, out);
                }
            }
            prefix.truncate(inner);
        }
    }
    prefix.truncate(mark);
}

/// Random positions, White to move, with lines of both kinds.
const POSITIONS: [&str; 8] = [
    "7k/6p1/8/8/8/8/8/RR2K3 w - - 0 1",
    "6qk/7p/8/5B2/7R/7Q/8/7K w - - 0 1",
    "3k4/8/1K6/8/2N5/8/8/1R6 w - - 0 1",
    "7k/8/5K2/8/8/2b5/3N4/6R1 w - - 0 1",
    "k7/2r5/1K6/8/8/8/2B5/3Q4 w - - 0 1",
    "4k3/8/2N1K3/8/8/8/8/1R5r w - - 0 1",
    "2k5/8/1PK5/8/8/5n2/8/7R w - - 0 1",
    "r3k3/8/4K3/8/8/8/1Q6/8 w - - 0 1",
];

#[test]
fn parry_series_helpmates_are_the_lines_the_definitions_find() {
    let mut found = 0;
    for fen in POSITIONS {
        let black = fen.replace(" w ", " b ");
        let pos: Pos = Position::from_fen(&black).unwrap();
        if Orthodox.in_check(&pos, !pos.side) {
            continue;
        }
        for n in 1..=2 {
            let mut want = Vec::new();
            for k in 1..=n {
                help_lines(&pos, k, &mut Vec::new(), &mut want);
            }
            want.sort();
            found += want.len();
            let stip = format!("pser-h#{n}");
            assert_eq!(common::help_lines(&black, &stip), want, "{stip} in {black}");
        }
    }
    assert!(found >= 20, "{found} lines");
}

#[test]
fn parry_series_mates_are_the_lines_the_definitions_find() {
    let mut found = 0;
    for fen in POSITIONS {
        let pos: Pos = Position::from_fen(fen).unwrap();
        for n in 1..=3 {
            let mut want = Vec::new();
            for (mv, after) in successors(&pos) {
                if let Some(k) = (1..=n).find(|&k| move_wins(&after, k)) {
                    direct_lines(&pos, &mv, &after, k, &mut Vec::new(), &mut want);
                }
            }
            want.sort();
            found += want.len();
            let stip = format!("pser-#{n}");
            assert_eq!(common::help_lines(fen, &stip), want, "{stip} in {fen}");
        }
    }
    assert!(found >= 20, "{found} lines");
}

/// `pser-s#n`: whether every move of the other side (to move at `after`, after a series
/// move) mates the series side: it must then mate.
fn forced_to_mate(after: &Pos) -> bool {
    let answers = successors(after);
    !answers.is_empty() && answers.iter().all(|(_, p)| mates(p))
}

/// `pser-s#n`: the ways on after a series move to `after`: each parry when the other side
/// is in check (written, the position after it, and whether it mates, which ends the play
/// there), else its pass.
fn self_ways(after: &Pos) -> Vec<(Vec<String>, Pos, bool)> {
    if Orthodox.in_check(after, after.side) {
        successors(after)
            .into_iter()
            .map(|(mv, p)| (common::written(after, &mv, &p, Goal::Mate), p, mates(&p)))
            .collect()
    } else {
        vec![(Vec::new(), null_move(after), false)]
    }
}

/// `pser-s#n`: whether the series move to `after` wins within `k` moves: the other side is
/// forced to mate, or every parry mates or leaves a win within `k - 1`.
fn self_move_wins(after: &Pos, k: usize) -> bool {
    if forced_to_mate(after) {
        return true;
    }
    let ways = self_ways(after);
    k > 1 && !ways.is_empty() && ways.iter().all(|(_, p, ends)| *ends || self_wins(p, k - 1))
}

fn self_wins(pos: &Pos, k: usize) -> bool {
    successors(pos)
        .iter()
        .any(|(_, after)| self_move_wins(after, k))
}

/// The lines of a winning series move in self play: each forced mate, or after each
/// parry (a mating one ends the line) every move that wins in the fewest moves left.
fn self_lines(
    pos: &Pos,
    mv: &fairy::movegen::Move,
    after: &Pos,
    k: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    let mark = prefix.len();
    prefix.extend(common::written(pos, mv, after, Goal::Mate));
    if forced_to_mate(after) {
        for (answer, end) in successors(after) {
            let mut line = prefix.clone();
            line.extend(common::written(after, &answer, &end, Goal::Mate));
            out.push(line);
        }
    } else {
        for (parry, next, ends) in self_ways(after) {
            let inner = prefix.len();
            prefix.extend(parry);
            if ends {
                out.push(prefix.clone());
            } else {
                let fewest = (1..k).find(|&j| self_wins(&next, j)).expect("a win");
                for (m, a) in successors(&next) {
                    if self_move_wins(&a, fewest) {
                        self_lines(&next, &m, &a, fewest, prefix, out);
                    }
                }
            }
            prefix.truncate(inner);
        }
    }
    prefix.truncate(mark);
}

/// Positions for parry series selfmates, White to move: from generated positions with
/// solutions (checked with Popeye 4.104: 23, 1 and 5 lines of `pser-s#2`), and one where
/// a check lets Black's king step off the h-file and mate by discovery.
const SELF_POSITIONS: [&str; 4] = [
    "6r1/KQ6/4q1p1/k7/3R4/8/4P3/8 w - - 0 1",
    "8/8/5B2/6Q1/4q3/2PB1k2/8/4K3 w - - 0 1",
    "8/8/8/7b/4p3/4q3/5Q2/2N2K1k w - - 0 1",
    "7r/8/8/7k/8/6P1/6P1/6RK w - - 0 1",
];

#[test]
fn parry_series_selfmates_are_the_lines_the_definitions_find() {
    let mut found = 0;
    for fen in SELF_POSITIONS.iter().chain(&POSITIONS) {
        let pos: Pos = Position::from_fen(fen).unwrap();
        for n in 1..=2 {
            let mut want = Vec::new();
            for (mv, after) in successors(&pos) {
                if let Some(k) = (1..=n).find(|&k| self_move_wins(&after, k)) {
                    self_lines(&pos, &mv, &after, k, &mut Vec::new(), &mut want);
                }
            }
            want.sort();
            found += want.len();
            let stip = format!("pser-s#{n}");
            assert_eq!(common::help_lines(fen, &stip), want, "{stip} in {fen}");
        }
    }
    assert!(found >= 10, "{found} lines");
}

/// In a parry series selfmate a parry that mates ends the play, though other parries go
/// on: `1.Qc5-c4 + Ka6-a7 #` stands beside `1.Qc5-c4 + Ka6-b6 2.Sc1-d3 Kb6-a7 #`.
/// Constructed from a generated position (Anticirce Cheylan, where the kings may stand
/// side by side: the white king cannot take, its rebirth square is taken); the lines and
/// their number checked with Popeye 4.104.
#[test]
fn a_parry_that_mates_ends_a_parry_series_selfmate() {
    let report = common::solve_text(
        "begin\npieces white Ka8 Qc5 Be1 Bf8 Sc1 Sd8 Ph3 black Ka6 Pd4\n\
         condition AntiCirce Cheylan\nstipulation pser-s#3\nend\n",
    );
    let text = fairy::output::text::problem(&report);
    let lines: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("  1."))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for want in [
        "1.Qc5-c4 + Ka6-a7 #",
        "1.Qc5-c4 + Ka6-b6 2.Sc1-d3 Kb6-a7 #",
        "1.Sc1-e2 2.Qc5-c4 + Ka6-a7 #",
        "1.Sc1-e2 2.Qc5-c4 + Ka6-b6 3.Se2*d4[wSd4->g1] Kb6-a7 #",
    ] {
        assert!(
            lines.iter().any(|l| l == want),
            "{want} missing: {lines:#?}"
        );
    }
    assert_eq!(lines.len(), 167);
}
