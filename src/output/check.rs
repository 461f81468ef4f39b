//! Verdicts of `fairy check`: one line per twin, then the details; or JSON.

use crate::check::{Details, ProblemCheck, TwinCheck};
use serde_json::{json, Value};
use std::fmt::Write;

fn place(file: &str, index: usize, twin: &TwinCheck) -> String {
    match &twin.label {
        Some(label) => format!("{file}: problem {index} {label}"),
        None => format!("{file}: problem {index}"),
    }
}

fn list(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "    {title}:");
    for i in items {
        let _ = writeln!(out, "      {i}");
    }
}

/// The verdict lines of one problem. Twins whose position cannot be set up are left out:
/// the caller reports their errors.
pub fn text(check: &ProblemCheck, file: &str) -> String {
    let mut out = String::new();
    for twin in &check.twins {
        let Ok(v) = &twin.result else { continue };
        let _ = writeln!(
            out,
            "{} ({}): {}: {}",
            place(file, check.index, twin),
            twin.stipulation,
            v.kind,
            v.reason
        );
        let _ = writeln!(
            out,
            "    intended: {} ({})",
            v.intended,
            v.intended_source.describe()
        );
        match &v.details {
            Details::Battle {
                keys,
                short,
                best_tries,
                duals,
                threat_duals,
            } => {
                list(&mut out, "keys", keys);
                list(&mut out, "keys one move shorter", short);
                let tries: Vec<String> = best_tries
                    .iter()
                    .map(|t| format!("{} ? but {} !", t.mv, t.refutations.join(" ! ")))
                    .collect();
                list(&mut out, "best tries", &tries);
                list(&mut out, "duals", duals);
                list(&mut out, "threat duals", threat_duals);
            }
            Details::Help {
                solutions,
                short,
                set_play,
            } => {
                let _ = writeln!(out, "    solutions: {}", v.found);
                list(&mut out, "full length", solutions);
                list(&mut out, "shorter", short);
                list(&mut out, "set play", set_play);
            }
        }
    }
    out
}

/// One problem's verdicts as a JSON value.
pub fn json(check: &ProblemCheck, file: &str) -> Value {
    let twins: Vec<Value> = check
        .twins
        .iter()
        .map(|t| {
            let mut v = json!({
                "label": t.label,
                "stipulation": t.stipulation.to_string(),
                "seconds": t.seconds,
                "nodes": t.nodes,
            });
            match &t.result {
                Ok(verdict) => v["verdict"] = json!(verdict),
                Err(e) => {
                    v["error"] =
                        json!({ "line": e.span.line, "column": e.span.col, "message": e.message });
                }
            }
            v
        })
        .collect();
    json!({
        "file": file,
        "index": check.index,
        "sound": check.sound(),
        "twins": twins,
    })
}
