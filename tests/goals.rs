//! The goals beyond mate and stalemate (capture, check, any move, castling, en passant,
//! target square, the stalemates of either side), each against its rule applied to every
//! legal move by exhaustive search in the test: the solutions the solver prints must be
//! exactly the moves (and two-move help lines) the rule selects.

use crate::common;

use common::{solve_text, source};
use fairy::board::{Color, Position, Square};
use fairy::conditions::{Orthodox, Rules};
use fairy::movegen::{Move, MoveKind};
use fairy::output::{notation, text};
use fairy::search::{annotate, null_move};
use fairy::stipulation::Goal;

/// Positions with captures, checks, castling and en passant to choose from, White to move.
const FENS: [&str; 3] = [
    "r3k2r/pp3ppp/8/3pP3/8/2n5/PP3PPP/R3K2R w KQkq d6 0 1",
    "4k3/8/8/2pP4/8/8/8/R3K2R w KQ c6 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
];

/// The rule of each goal, applied to one move in the test's own terms.
fn selects(goal: Goal, before: &Position<()>, mv: &Move, after: &Position<()>) -> bool {
    let rules = Orthodox;
    let them = after.side;
    let stuck = |p: &Position<()>| {
        let mut v = Vec::new();
        rules.legal_successors(p, &mut v);
        v.is_empty()
    };
    match goal {
        Goal::Capture | Goal::WinPiece => {
            after.board.by_color(them).count() < before.board.by_color(them).count()
        }
        Goal::Check => rules.in_check(after, them),
        Goal::Any => true,
        Goal::Castling => {
            mv.role == fairy::board::Role::King && mv.from.file().abs_diff(mv.to.file()) == 2
        }
        Goal::EnPassant => mv.is_capture() && !before.board.occupied().contains(mv.to),
        Goal::Target(sq) => mv.to == sq,
        Goal::Chess81 => mv.to.rank() == if before.side == Color::White { 7 } else { 0 },
        Goal::MateOrStalemate => stuck(after),
        Goal::DoubleStalemate => {
            !rules.in_check(after, them) && stuck(after) && stuck(&null_move(after))
        }
        Goal::AutoStalemate => !rules.in_check(after, them) && stuck(&null_move(after)),
        Goal::Mate => rules.in_check(after, them) && stuck(after),
        Goal::Stalemate => !rules.in_check(after, them) && stuck(after),
        // A proof game's goal is a whole position, not a rule of one move (tests/problems.rs
        // and the bound's check in the conditions' harness).
        Goal::Proof(_) => unreachable!("not among GOALS"),
        // Their last move may leave the mover in check, which no legal move of this
        // test does (tests/double_mate.rs).
        Goal::DoubleMate | Goal::CounterMate | Goal::AutoMate => {
            unreachable!("not among GOALS")
        }
        // They follow units from the diagram through the play (tests/unit_goals.rs).
        Goal::Circuit
        | Goal::Exchange
        | Goal::CircuitByRebirth
        | Goal::ExchangeByRebirth
        | Goal::Kiss(_) => unreachable!("not among GOALS"),
    }
}

/// The moves of `pos` the rule of `goal` selects, as the solver writes them.
fn selected(goal: Goal, pos: &Position<()>) -> Vec<String> {
    let rules = Orthodox;
    let mut v = Vec::new();
    rules.legal_successors(pos, &mut v);
    let mut out: Vec<String> = v
        .iter()
        .filter(|(mv, after)| selects(goal, pos, mv, after))
        .map(|(mv, after)| notation::full(&annotate(&rules, pos, mv, after, goal)))
        .collect();
    out.sort();
    out
}

/// The first-move lines of the solver's output (keys without their ` !`).
fn solved(source: &str) -> Vec<String> {
    common::keys(&solve_text(source))
}

/// The solver's help-play lines of a one-problem text, without the move number, runs of
/// blanks collapsed, sorted.
fn help_lines(source: &str) -> Vec<String> {
    let report = solve_text(source);
    collapsed(
        text::problem(&report)
            .lines()
            .filter(|l| l.starts_with("  1."))
            .map(|l| l.trim().trim_start_matches("1.").to_string())
            .collect(),
    )
}

/// Lines with their runs of blanks collapsed, sorted.
fn collapsed(lines: Vec<String>) -> Vec<String> {
    let mut v: Vec<String> = lines
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    v.sort();
    v
}

const GOALS: [Goal; 10] = [
    Goal::Chess81,
    Goal::Capture,
    Goal::WinPiece,
    Goal::Check,
    Goal::Any,
    Goal::Castling,
    Goal::EnPassant,
    Goal::MateOrStalemate,
    Goal::AutoStalemate,
    Goal::DoubleStalemate,
];

#[test]
fn direct_goals_in_one_are_the_moves_their_rule_selects() {
    let mut compared = 0;
    for fen in FENS {
        let pos: Position<()> = Position::from_fen(fen).unwrap();
        assert_eq!(pos.side, Color::White);
        let mut goals = GOALS.to_vec();
        goals.push(Goal::Target(Square::parse("e6").unwrap()));
        goals.push(Goal::Target(Square::parse("g1").unwrap()));
        for goal in goals {
            let stip = format!("{}1", goal.symbol());
            let want = selected(goal, &pos);
            compared += usize::from(!want.is_empty());
            assert_eq!(solved(&source(fen, &stip)), want, "{stip} in {fen}");
        }
    }
    // Most goals have moves to select in these positions (the test is not vacuous).
    assert!(compared >= 18, "{compared}");
}

#[test]
fn help_goals_in_one_are_the_lines_their_rule_selects() {
    // h?1: Black moves, then White's move must reach the goal.
    for fen in FENS {
        let mut pos: Position<()> = Position::from_fen(fen).unwrap();
        pos = null_move(&pos);
        let rules = Orthodox;
        for goal in GOALS {
            let mut want = Vec::new();
            let mut first = Vec::new();
            rules.legal_successors(&pos, &mut first);
            for (b, after_b) in &first {
                let b_text = notation::full(&annotate(&rules, &pos, b, after_b, goal));
                let b_text = b_text.trim_end_matches(&format!(" {}", goal.end_marker()));
                for w in selected(goal, after_b) {
                    want.push(format!("{b_text} {w}"));
                }
            }
            let stip = format!("h{}1", goal.symbol());
            assert_eq!(
                help_lines(&source(fen, &stip)),
                collapsed(want),
                "{stip} in {fen}"
            );
        }
    }
}

/// A goal that needs the move cannot be told from the position alone: `MoveKind` keeps
/// en passant apart.
#[test]
fn en_passant_is_a_kind_of_move() {
    let pos: Position<()> = Position::from_fen(FENS[1]).unwrap();
    let mut v = Vec::new();
    Orthodox.legal_successors(&pos, &mut v);
    assert!(v.iter().any(|(m, _)| m.kind == MoveKind::EnPassant));
}

#[test]
fn help_self_in_one_is_every_forced_answer_after_a_white_move() {
    // hs?1: White moves, then every move of Black reaches the goal (and Black has one);
    // a line per White move and forced answer.
    let rules = Orthodox;
    let mut compared = 0;
    for fen in FENS {
        let pos: Position<()> = Position::from_fen(fen).unwrap();
        for goal in [Goal::Capture, Goal::Check, Goal::Any, Goal::Mate] {
            let mut want = Vec::new();
            let mut first = Vec::new();
            rules.legal_successors(&pos, &mut first);
            for (w, after_w) in &first {
                let mut answers = Vec::new();
                rules.legal_successors(after_w, &mut answers);
                if answers.is_empty()
                    || !answers
                        .iter()
                        .all(|(b, after_b)| selects(goal, after_w, b, after_b))
                {
                    continue;
                }
                let w_text = notation::full(&annotate(&rules, &pos, w, after_w, goal));
                let w_text = w_text.trim_end_matches(&format!(" {}", goal.end_marker()));
                for (b, after_b) in &answers {
                    let b_text = notation::full(&annotate(&rules, after_w, b, after_b, goal));
                    want.push(format!("{w_text} {b_text}"));
                }
            }
            let want = collapsed(want);
            compared += usize::from(!want.is_empty());
            let stip = format!("hs{}1", goal.symbol());
            assert_eq!(help_lines(&source(fen, &stip)), want, "{stip} in {fen}");
        }
    }
    assert!(compared >= 3, "{compared}");
}
