use super::out;
use super::BenchArgs;
use fairy::bench::{self, BenchConfig};
use std::time::Duration;

pub fn run(args: &BenchArgs) -> i32 {
    let mut conditions: Vec<String> = if args.conditions.is_empty() {
        bench::CONDITIONS.iter().map(|c| c.to_string()).collect()
    } else {
        args.conditions.clone()
    };
    // Orthodox play is the reference every cost is measured against.
    if !conditions
        .iter()
        .any(|c| c.eq_ignore_ascii_case(bench::ORTHODOX))
    {
        conditions.insert(0, bench::ORTHODOX.to_string());
    }
    let config = BenchConfig {
        depth: args.depth.unwrap_or(if args.quick { 2 } else { 3 }),
        min_time: if args.quick {
            Duration::ZERO
        } else {
            Duration::from_millis(500)
        },
        solve: !args.no_solve,
        hash_mb: args.hash,
    };
    let mut rows = Vec::new();
    for c in &conditions {
        eprintln!("fairy bench: {c}");
        match bench::run_condition(c, &config) {
            Ok(row) => rows.push(row),
            Err(e) => {
                eprintln!("fairy: error: {e}");
                return 2;
            }
        }
    }
    bench::set_costs(&mut rows);
    let mut failed = false;
    let pages = [
        (&args.html, bench::chart::html(&rows, config.depth)),
        (&args.svg, bench::chart::svg(&rows, config.depth)),
    ];
    for (path, text) in pages {
        if let Some(path) = path {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("fairy: error: cannot write {}: {e}", path.display());
                failed = true;
            }
        }
    }
    if args.json {
        match serde_json::to_string(&rows) {
            Ok(text) => out::line(&text),
            Err(e) => {
                eprintln!("fairy: error: {e}");
                return 2;
            }
        }
    } else {
        out::line(&format!(
            "perft to depth {} on the bench positions; cost = time per node against orthodox",
            config.depth
        ));
        out::print(&bench::table(&rows));
    }
    if failed {
        2
    } else {
        0
    }
}
