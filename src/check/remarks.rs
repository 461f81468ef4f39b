//! Statements in a problem's `remark` lines: `solution:`, `set:`, `key:`, `try:`
//! (the known solution, see `problems/README.md`), `intended-solutions:` and `verdict:`.
//! Each may name a twin before the colon: `remark key b): 1.Qa7-f2`.

use crate::input::{ProblemSpec, TextKind};

/// The kind of a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    Solution,
    Set,
    Key,
    Try,
    Intended,
    Verdict,
}

impl RemarkKind {
    pub const ALL: [RemarkKind; 6] = [
        RemarkKind::Solution,
        RemarkKind::Set,
        RemarkKind::Key,
        RemarkKind::Try,
        RemarkKind::Intended,
        RemarkKind::Verdict,
    ];

    /// The word that opens the remark.
    pub const fn word(self) -> &'static str {
        match self {
            RemarkKind::Solution => "solution",
            RemarkKind::Set => "set",
            RemarkKind::Key => "key",
            RemarkKind::Try => "try",
            RemarkKind::Intended => "intended-solutions",
            RemarkKind::Verdict => "verdict",
        }
    }
}

/// One statement: its kind, the twin it names (if any), and the text after the colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remark {
    pub kind: RemarkKind,
    pub twin: Option<char>,
    pub text: String,
}

/// Reads one remark text; `None` for free text.
pub fn parse_remark(remark: &str) -> Option<Remark> {
    let r = remark.trim();
    // Longest word first: "set" must not swallow a hypothetical "settings:".
    let (kind, rest) = RemarkKind::ALL
        .iter()
        .find_map(|&k| r.strip_prefix(k.word()).map(|rest| (k, rest)))?;
    let (twin, body) = if let Some(body) = rest.strip_prefix(':') {
        (None, body)
    } else {
        let t = rest.strip_prefix(' ')?;
        let mut chars = t.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        (Some(letter), chars.as_str().strip_prefix("):")?)
    };
    Some(Remark {
        kind,
        twin,
        text: body.trim().to_string(),
    })
}

/// Every statement among the remarks of a problem, in order.
pub fn remarks(spec: &ProblemSpec) -> Vec<Remark> {
    spec.texts_of(TextKind::Remark)
        .filter_map(parse_remark)
        .collect()
}

/// The statements of `kind` that concern the twin with `letter`: those naming it, and
/// those naming no twin.
pub fn for_twin(remarks: &[Remark], kind: RemarkKind, letter: Option<char>) -> Vec<&Remark> {
    remarks
        .iter()
        .filter(|r| r.kind == kind && (r.twin.is_none() || r.twin == letter))
        .collect()
}

/// The twin letter of a twin label (`a) `, `b) bSh3-->h4  `, `+c) ...`).
pub fn twin_letter(label: Option<&str>) -> Option<char> {
    label.and_then(|l| l.trim_start().trim_start_matches('+').chars().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_statements() {
        assert_eq!(parse_remark("a free remark"), None);
        assert_eq!(parse_remark("solutions are nice"), None);
        assert_eq!(parse_remark("keys: 1.e4"), None);
        assert_eq!(
            parse_remark("intended-solutions: 2.1.1.1"),
            Some(Remark {
                kind: RemarkKind::Intended,
                twin: None,
                text: "2.1.1.1".into()
            })
        );
        assert_eq!(
            parse_remark("verdict b): cooked"),
            Some(Remark {
                kind: RemarkKind::Verdict,
                twin: Some('b'),
                text: "cooked".into()
            })
        );
        assert_eq!(
            parse_remark(" solution:  1.Kd3-c2 Ra1-a2 +"),
            Some(Remark {
                kind: RemarkKind::Solution,
                twin: None,
                text: "1.Kd3-c2 Ra1-a2 +".into()
            })
        );
        assert_eq!(parse_remark("key B): 1.e4").map(|r| r.kind), None);
    }

    #[test]
    fn selects_per_twin() {
        let all: Vec<Remark> = [
            "key a): 1.e4",
            "key b): 1.d4",
            "key b): 1.c4",
            "verdict: sound",
        ]
        .iter()
        .filter_map(|r| parse_remark(r))
        .collect();
        assert_eq!(for_twin(&all, RemarkKind::Key, Some('b')).len(), 2);
        assert_eq!(for_twin(&all, RemarkKind::Key, Some('a')).len(), 1);
        assert_eq!(for_twin(&all, RemarkKind::Verdict, Some('c')).len(), 1);
        assert_eq!(twin_letter(Some("+c) bSh3-->h4  ")), Some('c'));
        assert_eq!(twin_letter(None), None);
    }
}
