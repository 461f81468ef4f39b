use super::files::{self, Item};
use super::{report_error, SolveArgs};
use fairy::input;
use fairy::output;
use fairy::problem::{self, SolveConfig};
use std::io::Write;
use std::time::{Duration, Instant};

fn read_items(args: &SolveArgs) -> Result<Vec<Item>, i32> {
    let mut items = Vec::new();
    if let Some(fen) = &args.fen {
        let stip = args.stip.as_deref().unwrap_or_default();
        let parsed = input::problem_from_fen(fen, stip, &args.conditions)
            .and_then(|mut spec| {
                if !args.options.is_empty() {
                    // Options are read by the file parser, from a one-line problem.
                    let text = format!("stipulation {stip}\noption {}\n", args.options.join(" "));
                    let parsed = input::parse_file(&text)
                        .into_iter()
                        .next()
                        .expect("one problem");
                    spec.options = parsed?.options;
                }
                Ok(spec)
            })
            .map_err(|e| (e.line, e.col, e.message));
        items.push(Item {
            file: "<command line>".into(),
            parsed,
        });
    }
    let paths = files::expand_paths(&args.files).map_err(|e| {
        eprintln!("{e}");
        2
    })?;
    for path in &paths {
        match files::read_file(path) {
            Ok(read) => items.extend(read),
            Err(e) => {
                eprintln!("{e}");
                return Err(2);
            }
        }
    }
    if items.is_empty() {
        eprintln!("fairy: error: no problem given (name a file, or use --fen with --stip)");
        return Err(2);
    }
    Ok(items)
}

pub fn run(args: &SolveArgs) -> i32 {
    let items = match read_items(args) {
        Ok(items) => items,
        Err(code) => return code,
    };
    let config = SolveConfig {
        hash_mb: args.hash,
        max_time: args.max_time.map(Duration::from_secs),
    };
    let mut failed = false;
    let stdout = std::io::stdout();
    for item in items {
        let spec = match item.parsed {
            Ok(spec) => spec,
            Err((line, col, message)) => {
                report_error(&item.file, line, col, &message);
                failed = true;
                continue;
            }
        };
        let start = Instant::now();
        match problem::solve_problem(&spec, &config) {
            Ok(report) => {
                for twin in &report.twins {
                    if let Err(e) = &twin.outcome {
                        report_error(&item.file, e.span.line, e.span.col, &e.message);
                        failed = true;
                    }
                }
                let text = if args.json {
                    format!("{}\n", output::json::problem(&report, &item.file))
                } else {
                    output::text::problem(&report)
                };
                let mut lock = stdout.lock();
                let _ = lock.write_all(text.as_bytes());
                let _ = lock.flush();
            }
            Err(e) => {
                report_error(&item.file, e.span.line, e.span.col, &e.message);
                failed = true;
            }
        }
        if args.time {
            eprintln!(
                "{}: problem {}: {:.3} s",
                item.file,
                spec.index,
                start.elapsed().as_secs_f64()
            );
        }
    }
    if failed {
        2
    } else {
        0
    }
}
