//! One self-contained HTML page of a batch or a check: a table of contents with a badge per
//! twin, then each problem with its diagram, its verdict (or how its solving ended), the
//! play in the reference solver's notation, and the time taken. Cooks, short solutions and
//! missing solutions are marked in the play.
//!
//! Nothing is loaded from anywhere: styles and diagrams are inline, the page forbids every
//! fetch in its Content-Security-Policy, and it needs no script. `HtmlReport` rewrites the
//! file (a temporary file renamed over it) as problems end, so that the page on disk is
//! always whole; problems not solved yet are listed as pending.

use crate::batch::{ReportRow, Status};
use crate::check::{for_twin, remarks, twin_letter, RemarkKind};
use crate::diagram::svg::{escape, render, shared_defs, Defs};
use crate::diagram::Diagram;
use crate::input::ProblemSpec;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One problem of the page: where it comes from, its specification (for the diagram and
/// the solutions its remarks state), and its rows (one per twin; none while pending).
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    pub file: &'a str,
    pub problem: usize,
    pub spec: Option<&'a ProblemSpec>,
    pub rows: &'a [ReportRow],
}

/// A badge: its CSS class and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Badge {
    pub class: &'static str,
    pub text: String,
}

/// The verdict of a row as the page shows it.
struct VerdictView {
    kind: String,
    reason: String,
    battle: bool,
    /// Full-length keys (battle) or solutions (help).
    found: Vec<String>,
    short: Vec<String>,
}

fn verdict_view(v: &Value) -> Option<VerdictView> {
    let strings = |key: &str| -> Vec<String> {
        v["details"][key]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let battle = v["details"]["play"].as_str() == Some("battle");
    Some(VerdictView {
        kind: v["kind"].as_str()?.to_string(),
        reason: v["reason"].as_str().unwrap_or_default().to_string(),
        battle,
        found: strings(if battle { "keys" } else { "solutions" }),
        short: strings("short"),
    })
}

/// The badge of one twin: its verdict when checked, else how its solving ended.
pub fn badge(row: &ReportRow) -> Badge {
    if let Some(v) = row.verdict.as_ref().and_then(verdict_view) {
        let class = match v.kind.as_str() {
            "sound" => "sound",
            "cooked" => "cooked",
            "no_solution" => "unsolvable",
            "short_solution" | "too_few_solutions" => "flawed",
            _ => "unknown",
        };
        return Badge {
            class,
            text: v.kind.replace('_', " "),
        };
    }
    let (class, text) = match row.status {
        Status::Solved if row.partial => ("partial", "partial"),
        Status::Solved => ("solved", "solved"),
        Status::NoSolution => ("unsolvable", "no solution"),
        Status::TimedOut => ("unknown", "time limit"),
        Status::Failed => ("failed", "error"),
    };
    Badge {
        class,
        text: text.to_string(),
    }
}

fn pending_badge() -> Badge {
    Badge {
        class: "pending",
        text: "pending".to_string(),
    }
}

fn badge_html(b: &Badge) -> String {
    format!(
        "<span class=\"badge {}\">{}</span>",
        b.class,
        escape(&b.text)
    )
}

/// Runs of blanks as one, for comparing lines written by hand with the solver's.
fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a line of play is marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mark {
    Plain,
    Cook,
    Short,
}

/// What the page marks in a twin's play, and the stated solutions it lacks.
struct Marks {
    cooks: Vec<String>,
    short: Vec<String>,
    missing: Vec<String>,
}

fn marks(row: &ReportRow, spec: Option<&ProblemSpec>) -> Marks {
    let none = Marks {
        cooks: Vec::new(),
        short: Vec::new(),
        missing: Vec::new(),
    };
    let Some(v) = row.verdict.as_ref().and_then(verdict_view) else {
        return none;
    };
    let stated: Vec<String> = spec
        .map(|s| {
            let all = remarks(s);
            let kind = if v.battle {
                RemarkKind::Key
            } else {
                RemarkKind::Solution
            };
            for_twin(&all, kind, twin_letter(row.twin.as_deref()))
                .iter()
                .map(|r| normal(&r.text))
                .collect()
        })
        .unwrap_or_default();
    let found: Vec<String> = v.found.iter().map(|f| normal(f)).collect();
    let cooks = if v.kind == "cooked" {
        let unstated: Vec<String> = found
            .iter()
            .filter(|f| !stated.contains(f))
            .cloned()
            .collect();
        // Where the file states every line found, which of them are intended is unknown:
        // all are marked.
        if unstated.is_empty() {
            found.clone()
        } else {
            unstated
        }
    } else {
        Vec::new()
    };
    let short = if v.kind == "short_solution" {
        v.short.iter().map(|s| normal(s)).collect()
    } else {
        Vec::new()
    };
    let missing = if matches!(v.kind.as_str(), "no_solution" | "too_few_solutions") {
        stated
            .iter()
            .filter(|s| !found.contains(s))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    Marks {
        cooks,
        short,
        missing,
    }
}

/// How one line of play is marked: a help line is a solution as it stands; a battle line
/// is a key when it starts the tree (`1.Ra1-a8 # !`).
fn mark_of(line: &str, marks: &Marks) -> Mark {
    let line = normal(line);
    let is = |item: &String| {
        line == *item
            || line
                .strip_prefix(item.as_str())
                .is_some_and(|rest| rest.trim_start().starts_with('!'))
    };
    if marks.short.iter().any(is) {
        Mark::Short
    } else if marks.cooks.iter().any(is) {
        Mark::Cook
    } else {
        Mark::Plain
    }
}

/// The lines of play shown per twin: a page is read, and a helpmate with thousands of
/// solutions would bury the others.
const MAX_PLAY_LINES: usize = 400;

fn seconds_text(s: f64) -> String {
    if s < 10.0 {
        format!("{s:.2} s")
    } else {
        format!("{s:.0} s")
    }
}

fn twin_html(out: &mut String, row: &ReportRow, spec: Option<&ProblemSpec>) {
    let b = badge(row);
    let _ = write!(out, "<div class=\"twin\" data-status=\"{}\">", b.class);
    let title = match (&row.twin, &row.stipulation) {
        (Some(label), _) => label.clone(),
        (None, Some(stip)) => stip.clone(),
        (None, None) => String::new(),
    };
    let _ = write!(
        out,
        "<h3>{} {}</h3>",
        escape(&title),
        badge_html(&b).replacen("<span", "<span data-role=\"verdict\"", 1)
    );
    if let Some(v) = row.verdict.as_ref().and_then(verdict_view) {
        if !v.reason.is_empty() {
            let _ = write!(out, "<p class=\"reason\">{}</p>", escape(&v.reason));
        }
    }
    if let Some(e) = &row.error {
        let place = if e.line > 0 {
            format!("line {}, column {}: ", e.line, e.column)
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<p class=\"error\">{}{}</p>",
            escape(&place),
            escape(&e.message)
        );
    }
    let m = marks(row, spec);
    if !row.solutions.is_empty() {
        out.push_str("<pre class=\"play\">");
        for line in row.solutions.iter().take(MAX_PLAY_LINES) {
            let text = escape(line.trim_end());
            match mark_of(line, &m) {
                Mark::Plain => {
                    let _ = writeln!(out, "{text}");
                }
                Mark::Cook => {
                    let _ = writeln!(out, "<mark class=\"cook\" title=\"cook\">{text}</mark>");
                }
                Mark::Short => {
                    let _ = writeln!(
                        out,
                        "<mark class=\"short\" title=\"short solution\">{text}</mark>"
                    );
                }
            }
        }
        out.push_str("</pre>");
        if row.solutions.len() > MAX_PLAY_LINES {
            let _ = write!(
                out,
                "<p class=\"more\">... and {} more lines (the whole play is in the report, or from <code>fairy solve</code>).</p>",
                row.solutions.len() - MAX_PLAY_LINES
            );
        }
    } else if row.error.is_none() {
        out.push_str("<p class=\"none\">No solution.</p>");
    }
    if !m.missing.is_empty() {
        out.push_str(
            "<p class=\"missing-title\">Stated in the file, not found:</p><pre class=\"missing\">",
        );
        for line in &m.missing {
            let _ = writeln!(out, "<mark class=\"missing\">{}</mark>", escape(line));
        }
        out.push_str("</pre>");
    }
    let partial = if row.partial {
        " (incomplete: a limit stopped the search)"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<p class=\"time\">{}, {} position{}{partial}</p></div>",
        seconds_text(row.seconds),
        row.nodes,
        if row.nodes == 1 { "" } else { "s" }
    );
}

/// The section of one problem (its anchor is `p` and its place in the page).
pub fn section(entry: &Entry, number: usize) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let status = if entry.rows.is_empty() {
        "pending".to_string()
    } else {
        entry
            .rows
            .iter()
            .map(|r| badge(r).class)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = write!(
        out,
        "<section class=\"problem\" id=\"p{number}\" data-status=\"{status}\"><h2><span class=\"number\">{number}</span> {} <span class=\"where\">problem {}</span></h2><div class=\"body\">",
        escape(entry.file),
        entry.problem
    );
    match entry.spec {
        Some(spec) => {
            let _ = write!(
                out,
                "<figure class=\"diagram\">{}</figure>",
                render(&Diagram::of_problem(spec), Defs::Shared)
            );
        }
        None => out.push_str(
            "<figure class=\"diagram missing\"><p>The problem could not be read.</p></figure>",
        ),
    }
    out.push_str("<div class=\"solution\">");
    if entry.rows.is_empty() {
        out.push_str("<p class=\"pending\">Not solved yet.</p>");
    }
    for row in entry.rows {
        twin_html(&mut out, row, entry.spec);
    }
    out.push_str("</div></div></section>\n");
    out
}

/// A table of contents line.
fn toc_line(entry: &Entry, number: usize) -> String {
    let badges: String = if entry.rows.is_empty() {
        badge_html(&pending_badge())
    } else {
        entry
            .rows
            .iter()
            .map(|r| badge_html(&badge(r)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let stip = entry
        .rows
        .first()
        .and_then(|r| r.stipulation.clone())
        .or_else(|| {
            entry
                .spec
                .and_then(|s| s.stipulation.as_ref().map(|s| s.value.to_string()))
        })
        .unwrap_or_default();
    let author = entry
        .spec
        .and_then(|s| s.texts_of(crate::input::TextKind::Author).next())
        .map(|a| format!(" <span class=\"author\">{}</span>", escape(a.trim())))
        .unwrap_or_default();
    format!(
        "<li><a href=\"#p{number}\">{} <span class=\"where\">{}</span></a> <span class=\"stip\">{}</span>{author} {badges}</li>\n",
        escape(entry.file),
        entry.problem,
        escape(&stip)
    )
}

const STYLE: &str = "
body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:0 auto;max-width:1100px;padding:1em 1.5em;color:#222;background:#fff}
h1{font-size:1.6em;margin:.2em 0}
.summary{color:#333;font-weight:bold}
.what{color:#555;font-family:monospace;margin:.2em 0}
nav.toc ol{padding-left:2.2em;line-height:1.7}
nav.toc a{color:#1a4f8b;text-decoration:none}
nav.toc .stip{font-weight:bold;margin-left:.3em}
nav.toc .author{color:#555;font-style:italic}
.where{color:#777;font-size:.85em}
section.problem{border-top:2px solid #ccc;padding:1em 0;break-inside:avoid}
section.problem h2{font-size:1.15em;margin:.2em 0 .6em}
section.problem h2 .number{display:inline-block;min-width:2em;color:#fff;background:#555;border-radius:3px;text-align:center;margin-right:.4em}
.body{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
figure.diagram{margin:0}
figure.diagram svg{max-width:100%;height:auto}
.solution{flex:1;min-width:20em}
.twin h3{font-size:1em;margin:.2em 0 .3em}
pre{background:#f6f6f4;padding:.6em .8em;overflow-x:auto;font-size:.9em;line-height:1.45;margin:.3em 0}
mark.cook{background:#f8c9c4}
mark.short{background:#fbe3a6}
mark.missing{background:#cfe0fa}
.reason{margin:.2em 0;color:#333}
.time,.pending,.none,.more{color:#666;font-size:.85em;margin:.2em 0}
.error{color:#8b1a1a}
.badge{display:inline-block;padding:0 .5em;border-radius:.8em;font-size:.8em;font-weight:bold;color:#fff;vertical-align:middle}
.badge.sound{background:#2e7d32}.badge.solved{background:#1a4f8b}.badge.cooked{background:#c62828}
.badge.unsolvable{background:#8e2424}.badge.flawed{background:#d98200}.badge.unknown{background:#777}
.badge.partial{background:#5a7fa8}.badge.failed{background:#4a148c}.badge.pending{background:#bbb;color:#333}
.legend mark{padding:0 .3em}
footer{margin-top:2em;color:#777;font-size:.85em}
";

/// The whole page around the sections: `toc` and `sections` in problem order.
pub fn page(
    title: &str,
    subtitle: &str,
    summary: &str,
    toc: &[String],
    sections: &[String],
) -> String {
    let mut out = String::with_capacity(sections.iter().map(String::len).sum::<usize>() + 16384);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"fairy {}\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{}\n",
        env!("CARGO_PKG_VERSION"),
        escape(title),
        shared_defs()
    );
    let _ = writeln!(
        out,
        "<header><h1>{}</h1><p class=\"what\">{}</p><p class=\"summary\">{}</p>\
         <p class=\"legend\">In the play: <mark class=\"cook\">cooks</mark> (where the file does not say which keys or solutions are intended, every one found), \
         <mark class=\"short\">short solutions</mark>, <mark class=\"missing\">stated solutions not found</mark>.</p></header>",
        escape(title),
        escape(subtitle),
        escape(summary)
    );
    out.push_str("<nav class=\"toc\"><h2>Contents</h2><ol>\n");
    for line in toc {
        out.push_str(line);
    }
    out.push_str("</ol></nav>\n<main>\n");
    for s in sections {
        out.push_str(s);
    }
    let _ = write!(
        out,
        "</main>\n<footer>Written by fairy {}; diagrams drawn with Colin M.L. Burnett's chess pieces (BSD licence).</footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    out
}

/// A page's title: `Check of 12 problems`, `Solutions of 1 problem`.
pub fn title(what: &str, problems: usize) -> String {
    let s = if problems == 1 { "" } else { "s" };
    format!("{what} {problems} problem{s}")
}

/// A problem's key in the page: its file and its place there.
pub type Key = (String, usize);

/// The page of a run, kept up to date on disk as problems end.
pub struct HtmlReport {
    path: PathBuf,
    title: String,
    subtitle: String,
    order: Vec<Key>,
    specs: HashMap<Key, Option<ProblemSpec>>,
    rows: HashMap<Key, Vec<ReportRow>>,
    /// Rendered sections and contents lines, by key (a section is drawn once).
    drawn: HashMap<Key, (String, String)>,
    written: Option<std::time::Instant>,
}

/// How often `HtmlReport::update` rewrites the page at most.
const UPDATE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl HtmlReport {
    /// A page at `path` listing `problems` (file, place, specification if it could be
    /// read) in this order, every one pending; `title` heads it, `subtitle` (the command
    /// line) under it.
    pub fn new(
        path: &Path,
        title: &str,
        subtitle: &str,
        problems: Vec<(Key, Option<ProblemSpec>)>,
    ) -> HtmlReport {
        let order = problems.iter().map(|(k, _)| k.clone()).collect();
        HtmlReport {
            path: path.to_path_buf(),
            title: title.to_string(),
            subtitle: subtitle.to_string(),
            order,
            specs: problems.into_iter().collect(),
            rows: HashMap::new(),
            drawn: HashMap::new(),
            written: None,
        }
    }

    /// Records a problem's rows (replacing earlier ones); a problem not listed is added
    /// at the end.
    pub fn record(&mut self, rows: Vec<ReportRow>) {
        let Some(first) = rows.first() else { return };
        let key = first.key();
        if !self.specs.contains_key(&key) {
            self.order.push(key.clone());
            self.specs.insert(key.clone(), None);
        }
        self.drawn.remove(&key);
        self.rows.insert(key, rows);
    }

    fn counts(&self) -> String {
        let mut counts: Vec<(String, usize)> = Vec::new();
        let mut pending = 0;
        let mut twins = 0;
        for key in &self.order {
            match self.rows.get(key) {
                None => pending += 1,
                Some(rows) => {
                    twins += rows.len();
                    for r in rows {
                        let text = badge(r).text;
                        match counts.iter_mut().find(|(t, _)| *t == text) {
                            Some((_, n)) => *n += 1,
                            None => counts.push((text, 1)),
                        }
                    }
                }
            }
        }
        counts.sort();
        let mut parts: Vec<String> = counts.iter().map(|(t, n)| format!("{n} {t}")).collect();
        if pending > 0 {
            parts.push(format!("{pending} pending"));
        }
        let solved = self.order.len() - pending;
        let twins = if twins > solved {
            format!(" ({twins} positions with the twins)")
        } else {
            String::new()
        };
        format!(
            "{} problems{twins}{}{}",
            self.order.len(),
            if parts.is_empty() { "" } else { ": " },
            parts.join(", ")
        )
    }

    /// The page as it stands.
    pub fn render(&mut self) -> String {
        let mut toc = Vec::with_capacity(self.order.len());
        let mut sections = Vec::with_capacity(self.order.len());
        for (i, key) in self.order.iter().enumerate() {
            let drawn = self.drawn.entry(key.clone()).or_insert_with(|| {
                let entry = Entry {
                    file: &key.0,
                    problem: key.1,
                    spec: self.specs.get(key).and_then(Option::as_ref),
                    rows: self.rows.get(key).map(Vec::as_slice).unwrap_or(&[]),
                };
                (section(&entry, i + 1), toc_line(&entry, i + 1))
            });
            sections.push(drawn.0.clone());
            toc.push(drawn.1.clone());
        }
        page(&self.title, &self.subtitle, &self.counts(), &toc, &sections)
    }

    /// Writes the page unless it was written less than a second ago (a batch of small
    /// problems would otherwise spend its time writing); `write` at the end.
    pub fn update(&mut self) -> std::io::Result<()> {
        match self.written {
            Some(t) if t.elapsed() < UPDATE_EVERY => Ok(()),
            _ => self.write(),
        }
    }

    /// Writes the page: whole, to a temporary file beside it renamed over it, so that a
    /// reader (or a kill) never sees half a page.
    pub fn write(&mut self) -> std::io::Result<()> {
        let text = self.render();
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "report.html".to_string());
        let tmp = self
            .path
            .with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        self.written = Some(std::time::Instant::now());
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &self.path).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    }
}

#[cfg(test)]
mod tests;
