//! The same content as the text output, as JSON for scripts.

use super::notation::full;
use super::text::help_line;
use crate::problem::{Outcome, ProblemReport};
use crate::search::{AttackNode, BattleSolution, DefenceNode, Threat};
use serde_json::{json, Value};

fn attack(node: &AttackNode) -> Value {
    let threat = match &node.threat {
        Threat::NotShown => Value::Null,
        Threat::Zugzwang => json!("zugzwang"),
        Threat::Moves(m) => Value::Array(m.iter().map(attack).collect()),
    };
    json!({ "move": full(&node.mv), "threat": threat, "defences": node.defences.iter().map(defence).collect::<Vec<_>>() })
}

fn defence(node: &DefenceNode) -> Value {
    json!({ "move": full(&node.mv), "answers": node.answers.iter().map(attack).collect::<Vec<_>>() })
}

fn battle(s: &BattleSolution) -> Value {
    let keys: Vec<Value> = s
        .roots
        .iter()
        .filter(|r| r.key)
        .map(|r| attack(&r.node))
        .collect();
    let tries: Vec<Value> = s
        .roots
        .iter()
        .filter(|r| !r.key)
        .map(|r| {
            let mut v = attack(&r.node);
            v["refutations"] = r.refutations.iter().map(full).collect();
            v
        })
        .collect();
    json!({
        "keys": keys,
        "tries": tries,
        "set_play": s.set_play.iter().map(defence).collect::<Vec<_>>(),
        "post_key": s.post_key.as_ref().map(attack),
        "partial": s.partial,
    })
}

/// One problem as a JSON value.
pub fn problem(report: &ProblemReport, file: &str) -> Value {
    let spec = &report.spec;
    let texts: Vec<Value> = spec
        .texts
        .iter()
        .map(|(k, t)| json!({ "kind": k.keyword(), "text": t }))
        .collect();
    let twins: Vec<Value> = report
        .twins
        .iter()
        .map(|t| {
            let mut v = json!({
                "label": t.label.as_deref().map(str::trim_end),
                "stipulation": t.stipulation.to_string(),
                "seconds": t.elapsed.as_secs_f64(),
                "nodes": t.nodes,
            });
            match &t.outcome {
                Err(e) => {
                    v["error"] =
                        json!({ "line": e.span.line, "column": e.span.col, "message": e.message });
                }
                Ok(Outcome::Help {
                    set_play,
                    solutions,
                    ..
                }) => {
                    v["play"] = json!("help");
                    v["set_play"] = set_play
                        .as_ref()
                        .map(|s| {
                            s.lines
                                .iter()
                                .map(help_line)
                                .map(|l| l.trim().to_string())
                                .collect::<Vec<_>>()
                        })
                        .into();
                    v["solutions"] = solutions
                        .iter()
                        .flat_map(|s| s.lines.iter())
                        .map(|l| json!(help_line(l).trim()))
                        .collect::<Vec<_>>()
                        .into();
                    v["partial"] = json!(solutions.iter().any(|s| s.partial));
                }
                Ok(Outcome::Battle(solutions)) => {
                    v["play"] = json!("battle");
                    v["solutions"] = solutions.iter().map(battle).collect::<Vec<_>>().into();
                }
            }
            v
        })
        .collect();
    json!({
        "file": file,
        "index": spec.index,
        "texts": texts,
        "conditions": spec.condition_words(),
        "twins": twins,
    })
}
