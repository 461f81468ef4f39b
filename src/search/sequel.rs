//! The battle play after a structured stipulation's help moves (`sstipulation black
//! 3h[3a[#]d]h`: Black and White help, then White mates in 2). The help search finds the
//! lines after which the battle is won ([`super::battle::won`]); here each such line
//! is continued by every line of the battle's solution, as the reference solver prints
//! them in its line mode: the help moves, then a key, a defence, an answer, ... to the
//! goal, one printed line for each way down the tree.

use super::battle::{self, AttackNode, DefenceNode};
use super::help::{HelpLine, HelpSolution, Numbering, SequelEnd, Step};
use super::{Limits, PlayedMove, Table};
use crate::board::Position;
use crate::conditions::Rules;

/// The lines of `solution` (help lines from `start` under a battle sequel), each
/// continued by the battle's lines from the position it leaves. A line whose sequel is
/// hidden (`/`), or a forced sequel (whose moves the help search adds), stays as it is.
pub fn expand_sequels<R: Rules>(
    rules: &R,
    start: &Position<R::Ext>,
    solution: HelpSolution,
    sequel: SequelEnd,
    mating_order: bool,
    table: &Table,
    limits: &Limits,
) -> HelpSolution {
    let (Some(spec), SequelEnd::Battle { defence_first, .. }) =
        (sequel.battle_spec(mating_order), sequel)
    else {
        return solution;
    };
    // The reference solver numbers a sequel written with more than two half moves
    // (`3a[#]d`, `4ad[#]`, not `2da[#]`) from 1 again: one of more than one move.
    let renumbered = spec.moves > 1;
    let mut lines = Vec::new();
    for line in &solution.lines {
        let mut pos = *start;
        for m in &line.moves {
            pos = rules.play(&pos, &m.mv);
        }
        let mut prefix = line.moves.clone();
        for m in &mut prefix {
            m.result = None;
        }
        for tail in battle_lines(rules, &pos, &spec, defence_first, table, limits) {
            let at = prefix.len();
            let mut moves = prefix.clone();
            moves.extend(tail);
            lines.push(HelpLine {
                steps: vec![Step::Play { may_check: true }; moves.len()],
                moves,
                numbering: line.numbering.map(|n| Numbering {
                    restart: renumbered.then_some(at),
                    ..n
                }),
                ..line.clone()
            });
        }
    }
    HelpSolution {
        lines,
        partial: solution.partial || limits.expired(),
        ..solution
    }
}

/// Every way down the battle's solution tree from `pos`: from each key (or, with
/// `defence_first`, from each defence) to a move that ends the play.
fn battle_lines<R: Rules>(
    rules: &R,
    pos: &Position<R::Ext>,
    spec: &battle::BattleSpec,
    defence_first: bool,
    table: &Table,
    limits: &Limits,
) -> Vec<Vec<PlayedMove>> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    if defence_first {
        // The defence is the imaginary key's answer: the key counts as a move.
        let spec = battle::BattleSpec {
            post_key: true,
            moves: spec.moves + 1,
            ..spec.clone()
        };
        let solution = battle::solve(rules, pos, &spec, table, limits);
        for d in solution.post_key.iter().flat_map(|node| &node.defences) {
            defence_lines(d, &mut path, &mut out);
        }
    } else {
        // Only the keys of the shortest win: the reference solver's line mode tries the
        // lengths from one move up and stops at the first that wins.
        let shortest = (1..=spec.moves)
            .find(|&k| {
                let spec = battle::BattleSpec {
                    moves: k,
                    ..spec.clone()
                };
                battle::won(rules, pos, &spec, false, table, limits)
            })
            .unwrap_or(spec.moves);
        let spec = battle::BattleSpec {
            moves: shortest,
            ..spec.clone()
        };
        let solution = battle::solve(rules, pos, &spec, table, limits);
        for root in solution.roots.iter().filter(|r| r.key) {
            attack_lines(&root.node, &mut path, &mut out);
        }
    }
    out
}

fn attack_lines(node: &AttackNode, path: &mut Vec<PlayedMove>, out: &mut Vec<Vec<PlayedMove>>) {
    path.push(node.mv.clone());
    if node.defences.is_empty() {
        out.push(path.clone());
    }
    for d in &node.defences {
        defence_lines(d, path, out);
    }
    path.pop();
}

fn defence_lines(node: &DefenceNode, path: &mut Vec<PlayedMove>, out: &mut Vec<Vec<PlayedMove>>) {
    path.push(node.mv.clone());
    if node.answers.is_empty() {
        out.push(path.clone());
    }
    for a in &node.answers {
        attack_lines(a, path, out);
    }
    path.pop();
}
