//! YACPDB / Olive entries: YAML documents, one problem each (`.olv` files hold several).
//!
//! Each document is turned into Popeye input text, field by field, and read by the one
//! parser of the language ([`parse_file`]), so that options, conditions, pieces and twins
//! mean exactly what they mean in a `.inp` file. Every generated line remembers the YAML
//! field and place it came from: a parse error names the document and the field and points
//! at the YAML line and column, and every span of the resulting problem is moved back onto
//! the YAML file, so that later errors (an illegal position, an unknown condition) point
//! there too.
//!
//! Fields read: `algebraic` (`white`, `black`, `neutral`), `stipulation`,
//! `options` (Popeye options and conditions alike), `twins` (`b: Move a1 a2`; a first twin
//! `a` makes the diagram a zero position), `intended-solutions` (kept as the remark
//! `intended-solutions: ...`), `authors`, `source`, `award`/`distinction`, `comments` (one
//! remark per line) and `keywords`. Other fields (`solution`, `reprints`, ...) are ignored.

use super::error::InputError;
use super::keywords::{lookup, Lookup, OPTIONS};
use super::model::{PieceSpec, ProblemSpec, Span, TwinChange};
use super::parser::parse_file;
use saphyr::{LoadableYamlNode, MarkedYamlOwned, ScalarOwned, YamlDataOwned};

/// Where a generated line came from.
#[derive(Clone, Debug)]
struct Origin {
    field: String,
    /// The YAML value: 1-based line and column in the file.
    line: u32,
    col: u32,
    /// 1-based column of the generated line where the value's text starts (0: the line
    /// is not a copy of the value, so columns are not mapped).
    text_col: u32,
}

/// The Popeye text of one document, with the origin of each line.
#[derive(Default)]
struct Builder {
    text: String,
    origins: Vec<Origin>,
}

impl Builder {
    /// Appends `prefix` + `value` as a line; the value's columns map onto the YAML file.
    fn line(&mut self, prefix: &str, value: &str, origin: &Place) {
        let flat = value.replace(['\n', '\r'], " ");
        self.text.push_str(prefix);
        self.text.push_str(&flat);
        self.text.push('\n');
        self.origins.push(Origin {
            field: origin.field.clone(),
            line: origin.line,
            col: origin.col,
            text_col: if origin.exact {
                prefix.chars().count() as u32 + 1
            } else {
                0
            },
        });
    }

    fn map(&self, span: Span) -> Span {
        match self.origins.get((span.line as usize).wrapping_sub(1)) {
            Some(o) if o.text_col > 0 && span.col >= o.text_col => {
                Span::new(o.line, o.col + (span.col - o.text_col))
            }
            Some(o) => Span::new(o.line, o.col),
            None => span,
        }
    }

    fn field(&self, line: u32) -> Option<&str> {
        self.origins
            .get((line as usize).wrapping_sub(1))
            .map(|o| o.field.as_str())
    }
}

/// A YAML value's field name and place.
#[derive(Clone, Debug)]
struct Place {
    field: String,
    line: u32,
    col: u32,
    /// The value is a plain or quoted scalar on one line: its characters are copied.
    exact: bool,
}

/// Reads every document of a YACPDB / Olive YAML file: one entry per document.
pub fn parse_yaml(text: &str) -> Vec<Result<ProblemSpec, InputError>> {
    let mut out = Vec::new();
    for (first_line, chunk) in split_documents(text) {
        let docs = match MarkedYamlOwned::load_from_str(&chunk) {
            Ok(d) => d,
            Err(e) => {
                let index = out.len() + 1;
                out.push(Err(InputError::new(
                    Span::new(
                        first_line + e.marker().line() as u32 - 1,
                        e.marker().col() as u32 + 1,
                    ),
                    format!("document {index}: YAML error: {}", e.info()),
                )));
                continue;
            }
        };
        let lines: Vec<&str> = chunk.lines().collect();
        for doc in docs {
            let index = out.len() + 1;
            let ctx = Doc {
                index,
                first_line,
                lines: &lines,
            };
            out.push(ctx.problem(&doc));
        }
    }
    out
}

/// Splits the file at document markers (`---` at the start of a line), so that a YAML
/// error in one document does not lose the others. Each chunk comes with its first line.
fn split_documents(text: &str) -> Vec<(u32, String)> {
    let mut chunks: Vec<(u32, String)> = Vec::new();
    let mut current = String::new();
    let mut start = 1;
    for (i, line) in text.lines().enumerate() {
        let marker = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
        if marker && !current.trim().is_empty() {
            chunks.push((start, std::mem::take(&mut current)));
        }
        if marker && current.trim().is_empty() {
            current.clear();
            start = i as u32 + 1;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        chunks.push((start, current));
    }
    chunks
}

struct Doc<'a> {
    index: usize,
    first_line: u32,
    lines: &'a [&'a str],
}

fn unwrap_tags(node: &MarkedYamlOwned) -> &MarkedYamlOwned {
    match &node.data {
        YamlDataOwned::Tagged(_, inner) => unwrap_tags(inner),
        _ => node,
    }
}

fn scalar_text(node: &MarkedYamlOwned) -> Option<String> {
    match &unwrap_tags(node).data {
        YamlDataOwned::Value(v) => match v {
            ScalarOwned::String(s) => Some(s.clone()),
            ScalarOwned::Integer(i) => Some(i.to_string()),
            ScalarOwned::FloatingPoint(f) => Some(f.to_string()),
            ScalarOwned::Boolean(b) => Some(b.to_string()),
            ScalarOwned::Null => None,
        },
        YamlDataOwned::Representation(s, _, _) => Some(s.clone()),
        _ => None,
    }
}

impl Doc<'_> {
    fn place(&self, field: &str, node: &MarkedYamlOwned) -> Place {
        let node = unwrap_tags(node);
        let start = node.span.start;
        let line = self.first_line + start.line() as u32 - 1;
        let mut col = start.col() as u32 + 1;
        let source_line = self.lines.get(start.line().wrapping_sub(1)).copied();
        let first = source_line.and_then(|l| l.chars().nth(start.col()));
        let quoted = matches!(first, Some('\'' | '"'));
        if quoted {
            col += 1;
        }
        let one_line = node.span.end.line() == start.line();
        let plain_or_quoted = !matches!(first, Some('|' | '>'));
        Place {
            field: field.to_string(),
            line,
            col,
            exact: one_line && plain_or_quoted && matches!(node.data, YamlDataOwned::Value(_)),
        }
    }

    fn error(&self, place: &Place, message: impl std::fmt::Display) -> InputError {
        InputError::new(
            Span::new(place.line, place.col),
            format!("document {}, field {}: {message}", self.index, place.field),
        )
    }

    /// A scalar field as text.
    fn text(&self, field: &str, node: &MarkedYamlOwned) -> Result<(String, Place), InputError> {
        let place = self.place(field, node);
        match scalar_text(node) {
            Some(t) if !t.trim().is_empty() => Ok((t, place)),
            _ => Err(self.error(&place, "expected a text or a number")),
        }
    }

    /// A list of scalars (a single scalar counts as a list of one).
    fn texts(
        &self,
        field: &str,
        node: &MarkedYamlOwned,
    ) -> Result<Vec<(String, Place)>, InputError> {
        match &unwrap_tags(node).data {
            YamlDataOwned::Sequence(items) => {
                items.iter().map(|item| self.text(field, item)).collect()
            }
            _ => Ok(vec![self.text(field, node)?]),
        }
    }

    fn entries<'n>(
        &self,
        field: &str,
        node: &'n MarkedYamlOwned,
    ) -> Result<Vec<(String, &'n MarkedYamlOwned)>, InputError> {
        match &unwrap_tags(node).data {
            YamlDataOwned::Mapping(map) => map
                .iter()
                .map(|(k, v)| {
                    let key = scalar_text(k)
                        .ok_or_else(|| self.error(&self.place(field, k), "expected a name"))?;
                    Ok((key, v))
                })
                .collect(),
            _ => Err(self.error(&self.place(field, node), "expected a mapping")),
        }
    }

    fn problem(&self, doc: &MarkedYamlOwned) -> Result<ProblemSpec, InputError> {
        let top = self.place("(document)", doc);
        let fields = self
            .entries("(document)", doc)
            .map_err(|_| self.error(&top, "a YACPDB entry must be a mapping of fields"))?;
        let get = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| *v);
        let mut b = Builder::default();
        b.line("begin", "", &top);
        if let Some(node) = get("authors") {
            for (name, place) in self.texts("authors", node)? {
                b.line("author ", &name, &place);
            }
        }
        if let Some(node) = get("source") {
            let (text, place) = self.source(node)?;
            let date = get("date").and_then(scalar_text);
            let text = match date {
                Some(d) if !text.contains(&d) => format!("{text}, {d}"),
                _ => text,
            };
            b.line("origin ", &text, &place);
        }
        if let Some(node) = get("award") {
            let node_place = self.place("award", node);
            let distinction = match &unwrap_tags(node).data {
                YamlDataOwned::Mapping(_) => self
                    .entries("award", node)?
                    .into_iter()
                    .find(|(k, _)| k == "distinction")
                    .and_then(|(_, v)| scalar_text(v)),
                _ => scalar_text(node),
            };
            if let Some(d) = distinction {
                b.line("award ", &d, &node_place);
            }
        } else if let Some(node) = get("distinction") {
            let (d, place) = self.text("distinction", node)?;
            b.line("award ", &d, &place);
        }
        if let Some(node) = get("intended-solutions") {
            let (value, place) = self.text("intended-solutions", node)?;
            if let Err(e) = value.parse::<crate::check::Intended>() {
                return Err(self.error(&place, e));
            }
            b.line("remark intended-solutions: ", value.trim(), &place);
        }
        if let Some(node) = get("keywords") {
            let words: Vec<String> = self
                .texts("keywords", node)?
                .into_iter()
                .map(|(w, _)| w)
                .collect();
            b.line(
                "remark keywords: ",
                &words.join(", "),
                &self.place("keywords", node),
            );
        }
        if let Some(node) = get("comments") {
            for (comment, place) in self.texts("comments", node)? {
                for line in comment.lines().filter(|l| !l.trim().is_empty()) {
                    let place = Place {
                        exact: false,
                        ..place.clone()
                    };
                    b.line("remark ", line.trim(), &place);
                }
            }
        }
        let Some(stip) = get("stipulation") else {
            return Err(self.error(&top, "the field stipulation is missing"));
        };
        let (stip, place) = self.text("stipulation", stip)?;
        b.line("stipulation ", &stip, &place);
        if let Some(node) = get("options") {
            for (entry, place) in self.texts("options", node)? {
                let first = entry.split_whitespace().next().unwrap_or_default();
                let is_option = matches!(lookup(OPTIONS, first), Lookup::Found(_));
                let command = if is_option { "option " } else { "condition " };
                b.line(command, &entry, &place);
            }
        }
        let Some(algebraic) = get("algebraic") else {
            return Err(self.error(&top, "the field algebraic is missing"));
        };
        b.line("pieces", "", &self.place("algebraic", algebraic));
        for (colour, node) in self.entries("algebraic", algebraic)? {
            let field = format!("algebraic.{colour}");
            if !matches!(colour.as_str(), "white" | "black" | "neutral") {
                let place = self.place(&field, node);
                return Err(self.error(
                    &place,
                    format!("unknown colour \"{colour}\"; expected white, black or neutral"),
                ));
            }
            for (unit, place) in self.texts(&field, node)? {
                b.line(&format!("{colour} "), &unit, &place);
            }
        }
        if let Some(node) = get("twins") {
            for (i, (letter, twin)) in self.entries("twins", node)?.into_iter().enumerate() {
                let field = format!("twins.{letter}");
                let (changes, place) = self.text(&field, twin)?;
                // YACPDB's twin a is the first twin of a zero position: the diagram is
                // not solved, and the later twins apply to it again (Popeye's zeroposition).
                let command = if i == 0 && letter == "a" {
                    "zeroposition "
                } else {
                    "twin "
                };
                b.line(command, &changes, &place);
            }
        }
        b.line("end", "", &top);
        let parsed = parse_file(&b.text).into_iter().next();
        let mut spec = match parsed {
            Some(Ok(spec)) => spec,
            Some(Err(e)) => {
                let span = b.map(e.span());
                let field = b.field(e.line).unwrap_or("(document)");
                return Err(InputError::new(
                    span,
                    format!("document {}, field {field}: {}", self.index, e.message),
                ));
            }
            None => return Err(self.error(&top, "empty document")),
        };
        remap_spans(&mut spec, |s| b.map(s));
        spec.index = self.index;
        Ok(spec)
    }

    /// `source`: a name, or a mapping with name, issue, volume, problemid and date.
    fn source(&self, node: &MarkedYamlOwned) -> Result<(String, Place), InputError> {
        let place = self.place("source", node);
        if !matches!(unwrap_tags(node).data, YamlDataOwned::Mapping(_)) {
            return self.text("source", node);
        }
        let mut parts = Vec::new();
        let entries = self.entries("source", node)?;
        let get = |k: &str| entries.iter().find(|(n, _)| n == k).map(|(_, v)| *v);
        for key in ["name", "volume", "issue", "problemid"] {
            if let Some(v) = get(key).and_then(scalar_text) {
                parts.push(if key == "problemid" {
                    format!("No. {v}")
                } else {
                    v
                });
            }
        }
        if let Some(date) = get("date") {
            match &unwrap_tags(date).data {
                YamlDataOwned::Mapping(_) => {
                    let d = self.entries("source.date", date)?;
                    let part = |k: &str| {
                        d.iter()
                            .find(|(n, _)| n == k)
                            .and_then(|(_, v)| scalar_text(v))
                    };
                    let ymd: Vec<String> = ["year", "month", "day"]
                        .iter()
                        .filter_map(|k| part(k))
                        .collect();
                    parts.push(ymd.join("-"));
                }
                _ => parts.extend(scalar_text(date)),
            }
        }
        Ok((
            parts.join(", "),
            Place {
                exact: false,
                ..place
            },
        ))
    }
}

/// Moves every span of `spec` with `f`.
fn remap_spans(spec: &mut ProblemSpec, f: impl Fn(Span) -> Span) {
    let piece = |p: &mut PieceSpec| p.span = f(p.span);
    spec.span = f(spec.span);
    spec.pieces.iter_mut().for_each(piece);
    if let Some(s) = &mut spec.stipulation {
        s.span = f(s.span);
    }
    for w in spec
        .conditions
        .iter_mut()
        .chain(spec.options.other.iter_mut())
    {
        w.span = f(w.span);
    }
    let changes = spec
        .zero_position
        .iter_mut()
        .flatten()
        .chain(spec.twins.iter_mut().flat_map(|t| t.changes.iter_mut()));
    for c in changes {
        c.span = f(c.span);
        match &mut c.value {
            TwinChange::Add(p) => p.span = f(p.span),
            TwinChange::Condition(words) => {
                for w in words {
                    w.span = f(w.span);
                }
            }
            _ => {}
        }
    }
    for t in &mut spec.twins {
        t.span = f(t.span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::TextKind;

    const TWO: &str = "---
authors:
  - Ugren, Ljubomir
source:
  name: feenschach
  issue: 01-02
  date:
    year: 1965
algebraic:
  white: [Kh1, Re4, Pg2]
  black: [Kd1, Bc3]
stipulation: h#4
options:
  - SetPlay
  - Circe
intended-solutions: 2.1...
comments:
  - first line
---
algebraic:
  white: [Kc5, Sb1]
  black: [Ka1]
stipulation: '#2'
twins:
  b: Move b1 b2
  c: Continued Exchange b2 a1
";

    #[test]
    fn reads_documents_fields_and_twins() {
        let problems = parse_yaml(TWO);
        assert_eq!(problems.len(), 2);
        let first = problems[0].as_ref().unwrap();
        assert_eq!(first.index, 1);
        assert_eq!(
            first.texts_of(TextKind::Author).collect::<Vec<_>>(),
            ["Ugren, Ljubomir"]
        );
        assert_eq!(
            first.texts_of(TextKind::Origin).collect::<Vec<_>>(),
            ["feenschach, 01-02, 1965"]
        );
        assert!(first
            .texts_of(TextKind::Remark)
            .any(|r| r == "intended-solutions: 2.1..."));
        assert_eq!(first.stipulation.unwrap().value.to_string(), "h#4");
        assert!(first.options.set_play);
        assert_eq!(first.condition_words(), ["Circe"]);
        assert_eq!(first.pieces.len(), 5);
        // The units point at their place in the YAML file: Re4 is on line 10.
        assert_eq!(first.pieces[1].span, Span::new(10, 16));
        let second = problems[1].as_ref().unwrap();
        assert_eq!(second.index, 2);
        assert_eq!(second.twins.len(), 2);
        assert!(second.twins[1].continued);
        assert_eq!(second.stipulation.unwrap().span.line, 23);
        assert!(second.zero_position.is_none());
    }

    #[test]
    fn twin_a_makes_a_zero_position() {
        let text = "algebraic:\n  white: [Kc5, Sb1]\n  black: [Ka1]\nstipulation: '#2'\ntwins:\n  a: Move b1 b2\n  b: Move b1 b3\n";
        let spec = parse_yaml(text).remove(0).unwrap();
        assert_eq!(spec.zero_position.as_ref().map(Vec::len), Some(1));
        assert_eq!(spec.twins.len(), 1);
        let twins = crate::problem::expand(&spec).unwrap();
        assert_eq!(twins.len(), 2);
        assert!(twins[0]
            .label
            .as_deref()
            .unwrap()
            .starts_with("a) wSb1-->b2"));
        assert!(twins[1]
            .label
            .as_deref()
            .unwrap()
            .starts_with("b) wSb1-->b3"));
    }

    #[test]
    fn a_bad_unit_names_document_field_and_place() {
        let text = "---\nalgebraic:\n  white: [Kc5]\n  black: [Ka1]\nstipulation: '#2'\n---\nalgebraic:\n  white: [Kc5, Xb1]\n  black: [Ka1]\nstipulation: '#2'\n";
        let problems = parse_yaml(text);
        assert!(problems[0].is_ok());
        let e = problems[1].as_ref().unwrap_err();
        assert!(
            e.message.starts_with("document 2, field algebraic.white:"),
            "{}",
            e.message
        );
        assert_eq!((e.line, e.col), (8, 16), "{e}");
    }

    #[test]
    fn a_yaml_error_loses_only_its_document() {
        let text = "---\nalgebraic: {white: [Kc5], black: [Ka1]}\nstipulation: '#2'\n---\nalgebraic: [unclosed\nstipulation: '#2'\n---\nalgebraic: {white: [Kc5], black: [Ka1]}\nstipulation: h#2\n";
        let problems = parse_yaml(text);
        assert_eq!(problems.len(), 3);
        assert!(problems[0].is_ok() && problems[2].is_ok());
        let e = problems[1].as_ref().unwrap_err();
        assert!(e.message.starts_with("document 2: YAML error"), "{e}");
        assert!((5..=6).contains(&e.line), "{e}");
        assert_eq!(problems[2].as_ref().unwrap().index, 3);
    }

    #[test]
    fn missing_and_unsupported_fields() {
        let e = parse_yaml("algebraic:\n  white: [Kc5]\n")
            .remove(0)
            .unwrap_err();
        assert!(e.message.contains("stipulation is missing"), "{e}");
        let e = parse_yaml("stipulation: h#2\n").remove(0).unwrap_err();
        assert!(e.message.contains("algebraic is missing"), "{e}");
        let p = parse_yaml("algebraic:\n  white: [Kc5]\n  neutral: [Pa2]\nstipulation: h#2\n")
            .remove(0)
            .expect("neutral units are read");
        assert!(p.pieces[1].neutral, "{:?}", p.pieces);
        let e = parse_yaml("algebraic:\n  white: [Kc5]\n  blue: [Pa2]\nstipulation: h#2\n")
            .remove(0)
            .unwrap_err();
        assert!(
            e.message.contains("field algebraic.blue: unknown colour"),
            "{e}"
        );
        assert_eq!(e.line, 3);
        let e =
            parse_yaml("algebraic:\n  white: [Kc5]\nstipulation: h#2\nintended-solutions: two\n")
                .remove(0)
                .unwrap_err();
        assert!(e.message.contains("field intended-solutions"), "{e}");
        let e = parse_yaml("- just\n- a list\n").remove(0).unwrap_err();
        assert!(e.message.contains("mapping"), "{e}");
        let e = parse_yaml(
            "algebraic:\n  white: [Kc5]\n  black: [Ka1]\nstipulation: h#2\noptions: [Varations]\n",
        )
        .remove(0);
        // An unknown word in options is taken for a condition and refused when solved.
        assert_eq!(e.unwrap().condition_words(), ["Varations"]);
    }

    #[test]
    fn a_bad_stipulation_points_into_the_yaml() {
        let e = parse_yaml("algebraic:\n  white: [Kc5]\n  black: [Ka1]\nstipulation: 'q#2'\n")
            .remove(0)
            .unwrap_err();
        assert!(
            e.message.starts_with("document 1, field stipulation:"),
            "{e}"
        );
        assert_eq!((e.line, e.col), (4, 15), "{e}");
    }

    #[test]
    fn olive_tags_are_read_as_text() {
        let text = "algebraic:\n  white: [Kc5]\n  black: [Ka1]\nauthors: [!!python/unicode 'Shire, David J.']\nstipulation: '#2'\n";
        let spec = parse_yaml(text).remove(0).unwrap();
        assert_eq!(
            spec.texts_of(TextKind::Author).collect::<Vec<_>>(),
            ["Shire, David J."]
        );
    }
}
