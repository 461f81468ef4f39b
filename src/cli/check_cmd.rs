use super::diagram_cmd;
use super::files::{self, Item};
use super::out;
use super::solve_cmd::diagram_files;
use super::{report_error, CheckArgs};
use fairy::batch::{self, ReportRow, RowError};
use fairy::check::{self, CheckConfig, Intended, ProblemCheck, VerdictKind};
use fairy::input::ProblemSpec;
use fairy::output::{self, html::HtmlReport};
use fairy::problem::{SetupError, SolveConfig};
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
    let (items, mut input_error) = files::read_all(&args.files);
    let mut diagrams = match diagram_files(&args.diagrams, &items) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let places = places_in_files(&items);
    let mut html = args.html.as_ref().map(|path| {
        let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        let listed = items
            .iter()
            .zip(&places)
            .map(|(item, &place)| {
                (
                    (item.file.clone(), place),
                    item.parsed.as_ref().ok().cloned(),
                )
            })
            .collect();
        let title = fairy::output::html::title("Check of", items.len());
        HtmlReport::new(
            path,
            &title,
            &format!("fairy check {}", names.join(" ")),
            listed,
        )
    });
    let mut html_failed = false;
    let mut html_record = |html: &mut Option<HtmlReport>, rows: Vec<ReportRow>| {
        if let Some(page) = html {
            page.record(rows);
            if let Err(e) = page.update() {
                if !html_failed {
                    eprintln!("fairy: error: writing the HTML page: {e}");
                }
                html_failed = true;
            }
        }
    };
    let problems = items.len();
    let mut unsound = false;
    let mut counts: BTreeMap<VerdictKind, usize> = BTreeMap::new();
    for (Item { file, parsed }, place) in items.into_iter().zip(places) {
        let spec = match parsed {
            Ok(spec) => spec,
            Err((line, col, message)) => {
                report_error(&file, line, col, &message);
                input_error = true;
                html_record(
                    &mut html,
                    vec![batch::unread_row(
                        &file,
                        place,
                        RowError {
                            message,
                            line,
                            column: col,
                        },
                    )],
                );
                continue;
            }
        };
        input_error |= !diagram_cmd::write_for(&mut diagrams, &file, &spec);
        let (check, rows) = match check_with_rows(&file, &spec, &config) {
            Ok(c) => c,
            Err(e) => {
                report_error(&file, e.span.line, e.span.col, &e.message);
                input_error = true;
                let error = RowError {
                    message: e.message,
                    line: e.span.line,
                    column: e.span.col,
                };
                html_record(&mut html, vec![batch::unread_row(&file, place, error)]);
                continue;
            }
        };
        html_record(&mut html, rows);
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
    if let Some(page) = &mut html {
        if let Err(e) = page.write() {
            eprintln!("fairy: error: writing the HTML page: {e}");
            html_failed = true;
        }
    }
    input_error |= html_failed;
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

/// Each item's place in its file (1-based), whether or not it could be read.
fn places_in_files(items: &[Item]) -> Vec<usize> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    items
        .iter()
        .map(|i| {
            let n = seen.entry(i.file.as_str()).or_default();
            *n += 1;
            *n
        })
        .collect()
}

/// Checks a problem, with the rows of its play for the HTML page.
fn check_with_rows(
    file: &str,
    spec: &ProblemSpec,
    config: &CheckConfig,
) -> Result<(ProblemCheck, Vec<ReportRow>), SetupError> {
    let (report, verdicts) = check::check_with_report(spec, config)?;
    let rows = batch::problem_rows(file, spec.index, &report, Some(&verdicts));
    Ok((verdicts, rows))
}
