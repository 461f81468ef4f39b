//! Verdicts in direct, self and reflex play: keys counted, the best tries, and the duals
//! of the main variations and of the threats read from the solution tree.

use super::help::plural;
use super::verdict::{TryLine, VerdictKind};
use crate::output::notation::full;
use crate::search::{AttackNode, BattleSolution, DefenceNode, PlayedMove, Threat};

fn attack(n: u32, mv: &PlayedMove) -> String {
    format!("{n}.{}", full(mv))
}

fn defence(n: u32, mv: &PlayedMove) -> String {
    format!("{n}...{}", full(mv))
}

/// The keys of every side's solution, as `1.Qa7-f2`.
pub fn keys(solutions: &[BattleSolution]) -> Vec<String> {
    solutions
        .iter()
        .flat_map(|s| s.roots.iter())
        .filter(|r| r.key)
        .map(|r| attack(1, &r.node.mv))
        .collect()
}

/// The tries refuted by the fewest defences.
pub fn best_tries(solutions: &[BattleSolution]) -> Vec<TryLine> {
    let tries: Vec<_> = solutions
        .iter()
        .flat_map(|s| s.roots.iter())
        .filter(|r| !r.key && !r.forced_goal && !r.refutations.is_empty())
        .collect();
    let Some(fewest) = tries.iter().map(|r| r.refutations.len()).min() else {
        return Vec::new();
    };
    tries
        .iter()
        .filter(|r| r.refutations.len() == fewest)
        .map(|r| TryLine {
            mv: attack(1, &r.node.mv),
            refutations: r.refutations.iter().map(|d| defence(1, d)).collect(),
        })
        .collect()
}

/// Duals of the main variations and of the threats below every key (and below the
/// imaginary key of PostKeyPlay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Duals {
    pub variations: Vec<String>,
    pub threats: Vec<String>,
}

pub fn duals(solutions: &[BattleSolution]) -> Duals {
    let mut out = Duals::default();
    for s in solutions {
        for r in s.roots.iter().filter(|r| r.key) {
            below_attack(&r.node, 1, &attack(1, &r.node.mv), &mut out);
        }
        if let Some(node) = &s.post_key {
            below_attack(node, 1, "the diagram", &mut out);
        }
    }
    out
}

/// The play below the attacker move `node`, made as move `n`, named `name`.
fn below_attack(node: &AttackNode, n: u32, name: &str, out: &mut Duals) {
    if let Threat::Moves(threats) = &node.threat {
        if threats.len() > 1 {
            let moves: Vec<String> = threats.iter().map(|t| attack(n + 1, &t.mv)).collect();
            out.threats
                .push(format!("{name} threat: {}", moves.join(", ")));
        }
    }
    for d in &node.defences {
        below_defence(d, n, name, out);
    }
}

/// The defence `d` to move `n`, below the line `path`.
fn below_defence(d: &DefenceNode, n: u32, path: &str, out: &mut Duals) {
    let name = format!("{path} {}", defence(n, &d.mv));
    if d.answers.len() > 1 {
        let moves: Vec<String> = d.answers.iter().map(|a| attack(n + 1, &a.mv)).collect();
        out.variations.push(format!("{name}: {}", moves.join(", ")));
    }
    for a in &d.answers {
        below_attack(a, n + 1, &format!("{name} {}", attack(n + 1, &a.mv)), out);
    }
}

/// Defences that refute the imaginary key of PostKeyPlay.
fn post_key_refutations(solutions: &[BattleSolution]) -> Vec<String> {
    solutions
        .iter()
        .filter_map(|s| s.post_key.as_ref())
        .flat_map(|n| n.defences.iter())
        .filter(|d| d.refutes)
        .map(|d| defence(1, &d.mv))
        .collect()
}

/// The verdict and its reason from the keys found, the keys of the shorter stipulation,
/// and the intended number of keys.
pub fn judge(
    solutions: &[BattleSolution],
    keys: usize,
    short: usize,
    expected: usize,
) -> (VerdictKind, String) {
    if short > 0 {
        return (
            VerdictKind::ShortSolution,
            format!(
                "{short} key{} of the stipulation one move shorter",
                plural(short)
            ),
        );
    }
    if solutions.iter().any(|s| s.post_key.is_some()) {
        let refuted = post_key_refutations(solutions);
        return if refuted.is_empty() {
            (VerdictKind::Sound, "every defence is answered".to_string())
        } else {
            (
                VerdictKind::NoSolution,
                format!("refuted by {}", refuted.join(", ")),
            )
        };
    }
    if keys == 0 {
        return (VerdictKind::NoSolution, "no key".to_string());
    }
    let reason = format!("{keys} key{}, {expected} intended", plural(keys));
    let kind = match keys.cmp(&expected) {
        std::cmp::Ordering::Greater => VerdictKind::Cooked,
        std::cmp::Ordering::Less => VerdictKind::TooFewSolutions,
        std::cmp::Ordering::Equal => VerdictKind::Sound,
    };
    (kind, reason)
}
