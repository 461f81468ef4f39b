use super::files::{self, Item};
use super::out;
use super::{report_error, CheckArgs};
use fairy::check::{check_problem, CheckConfig, Intended, VerdictKind};
use fairy::output;
use fairy::problem::SolveConfig;
use std::collections::BTreeMap;
use std::time::Duration;

/// Exit status: 0 every twin sound, 1 some twin not sound, 2 an input error.
pub fn run(args: &CheckArgs) -> i32 {
    let intended = match args.intended.as_deref().map(str::parse::<Intended>) {
        None => None,
        Some(Ok(i)) => Some(i),
        Some(Err(e)) => {
            eprintln!("fairy: error: --intended: {e}");
            return 2;
        }
    };
    let max_time = match args.max_time.map(Duration::try_from_secs_f64) {
        None => None,
        Some(Ok(d)) => Some(d),
        Some(Err(_)) => {
            eprintln!("fairy: error: --max-time: expected a number of seconds, 0 or more");
            return 2;
        }
    };
    let config = CheckConfig {
        solve: SolveConfig {
            hash_mb: args.hash,
            max_time,
        },
        intended,
    };
    if args.files.is_empty() {
        eprintln!("fairy: error: no problem given (name files or directories)");
        return 2;
    }
    let (paths, unreadable) = files::expand_paths(&args.files);
    for e in &unreadable {
        eprintln!("{e}");
    }
    let mut input_error = !unreadable.is_empty();
    let mut problems = 0usize;
    let mut unsound = false;
    let mut counts: BTreeMap<VerdictKind, usize> = BTreeMap::new();
    for path in &paths {
        let items = match files::read_file(path) {
            Ok(items) => items,
            Err(e) => {
                eprintln!("{e}");
                input_error = true;
                continue;
            }
        };
        for Item { file, parsed } in items {
            problems += 1;
            let spec = match parsed {
                Ok(spec) => spec,
                Err((line, col, message)) => {
                    report_error(&file, line, col, &message);
                    input_error = true;
                    continue;
                }
            };
            let check = match check_problem(&spec, &config) {
                Ok(c) => c,
                Err(e) => {
                    report_error(&file, e.span.line, e.span.col, &e.message);
                    input_error = true;
                    continue;
                }
            };
            for twin in &check.twins {
                match &twin.result {
                    Ok(v) => {
                        *counts.entry(v.kind).or_default() += 1;
                        unsound |= v.kind != VerdictKind::Sound;
                    }
                    Err(e) => {
                        report_error(&file, e.span.line, e.span.col, &e.message);
                        input_error = true;
                    }
                }
            }
            let text = if args.json {
                format!("{}\n", output::check::json(&check, &file))
            } else {
                output::check::text(&check, &file)
            };
            out::print(&text);
        }
    }
    if problems == 0 && !input_error {
        eprintln!("fairy: error: no problem found in the files given");
        return 2;
    }
    if !args.json {
        let summary: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
        eprintln!("checked: {}", summary.join(", "));
    }
    if input_error {
        2
    } else if unsound {
        1
    } else {
        0
    }
}
