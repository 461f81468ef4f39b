use super::diagram_cmd::{self, DiagramFiles};
use super::files::{self, Item};
use super::{interrupt, out};
use super::{report_error, SolveArgs};
use fairy::input;
use fairy::output::{self, text::Footer};
use fairy::problem::{self, SolveConfig};
use std::time::{Duration, Instant};

/// The problems to solve, and whether some file or folder could not be read; `Err` with
/// the exit status when there is nothing to solve.
fn read_items(args: &SolveArgs) -> Result<(Vec<Item>, bool), i32> {
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
    // A file or folder that cannot be read is reported, and the others are solved.
    let (read, read_error) = files::read_all(&args.files);
    items.extend(read);
    if args.popeye.is_some() && args.files.is_empty() {
        // The reference solver's command line without a file: the problems come on
        // standard input.
        if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            eprintln!(
                "fairy: reading problems from standard input, as the reference solver does \
                 (end with Ctrl-D); `fairy --help` lists the subcommands"
            );
        }
        let mut bytes = Vec::new();
        if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes) {
            eprintln!("fairy: error: cannot read standard input: {e}");
            return Err(2);
        }
        let parsed = input::parse_file_with_warnings(&input::decode_text(bytes));
        items.extend(files::items("<stdin>", parsed));
    }
    if items.is_empty() {
        if !read_error {
            eprintln!("fairy: error: no problem given (name a file, or use --fen with --stip)");
        }
        return Err(2);
    }
    Ok((items, read_error))
}

pub fn run(args: &SolveArgs) -> i32 {
    let (items, mut failed) = match read_items(args) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let config = SolveConfig {
        hash_mb: args.hash,
        max_time: args.max_time.map(Duration::from_secs_f64),
    };
    let mut diagrams = match diagram_files(&args.diagrams, &items) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    if let Some(frame) = &args.popeye {
        out::print(&frame.greeting(args.hash));
    }
    interrupt::install(if args.popeye.is_some() {
        interrupt::Ending::Reference
    } else if args.json {
        interrupt::Ending::Json
    } else {
        interrupt::Ending::Text
    });
    for item in items {
        let spec = match item.parsed {
            Ok(spec) => spec,
            Err((line, col, message)) => {
                report_error(&item.file, line, col, &message);
                failed = true;
                continue;
            }
        };
        failed |= !diagram_cmd::write_for(&mut diagrams, &item.file, &spec);
        let start = Instant::now();
        interrupt::problem_begins();
        let solved = if args.json {
            problem::solve_problem(&spec, &config)
        } else {
            // Text streams: each piece is written as soon as it is proven.
            let footer = match &args.popeye {
                Some(frame) => frame.footer(start),
                None => Footer::Plain,
            };
            let printer = output::text::Printer::new(out::print, footer).forgetting_lines();
            problem::solve_problem_streamed(&spec, &config, &printer)
        };
        match solved {
            Ok(report) => {
                for twin in &report.twins {
                    if let Err(e) = &twin.outcome {
                        report_error(&item.file, e.span.line, e.span.col, &e.message);
                        failed = true;
                    } else if twin.solutions_capped && !twin.timed_out {
                        eprintln!(
                            "{}: problem {}: stopped after {} solutions (option MaxSolutions sets another limit)",
                            item.file,
                            spec.index,
                            fairy::search::MAX_KEPT_SOLUTIONS
                        );
                    }
                }
                if args.json {
                    out::print(&format!("{}\n", output::json::problem(&report, &item.file)));
                }
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

/// The writer of `--diagram svg` files, when asked for.
pub(super) fn diagram_files(
    options: &super::DiagramOutput,
    items: &[Item],
) -> Result<Option<DiagramFiles>, String> {
    match options.diagram {
        None => Ok(None),
        Some(diagram_cmd::DiagramFormat::Svg) => {
            let dir = options
                .diagram_dir
                .clone()
                .unwrap_or_else(|| std::path::PathBuf::from("."));
            DiagramFiles::new(&dir, items).map(Some)
        }
    }
}
