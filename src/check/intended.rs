//! The intended solutions of a problem, as composers write them: `2` (two solutions, or
//! two keys), `2.1.1.1` or `2.1...` (the number of different moves at each half-move of
//! the solution tree, YACPDB's `intended-solutions` field).

use std::fmt;
use std::str::FromStr;

/// What the composer intends for one twin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intended {
    /// `2`: this many solutions in all (help and series play) or keys (battle play).
    Count(usize),
    /// `2.1.1.1`: at each half-move of a solution, counted from the first move played,
    /// the number of different moves. Half-moves beyond the list (`2.1...`) have one.
    Branching(Vec<usize>),
}

/// A malformed `intended-solutions` value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad intended-solutions \"{text}\": {reason}; expected a count such as 2, or counts per half-move such as 2.1.1.1 or 2.1...")]
pub struct IntendedError {
    pub text: String,
    pub reason: String,
}

impl FromStr for Intended {
    type Err = IntendedError;

    fn from_str(s: &str) -> Result<Intended, IntendedError> {
        let text = s.trim();
        let err = |reason: &str| IntendedError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (body, ellipsis) = match text.strip_suffix("...") {
            Some(b) => (b, true),
            None => (text, false),
        };
        if body.is_empty() {
            return Err(err("no number"));
        }
        let mut parts = Vec::new();
        for part in body.split('.') {
            if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
                return Err(err("each part must be a whole number"));
            }
            let n: usize = part.parse().map_err(|_| err("number too large"))?;
            if n == 0 {
                return Err(err("a count must be at least 1"));
            }
            parts.push(n);
        }
        if parts.len() == 1 && !ellipsis {
            Ok(Intended::Count(parts[0]))
        } else {
            Ok(Intended::Branching(parts))
        }
    }
}

impl fmt::Display for Intended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Intended::Count(n) => write!(f, "{n}"),
            Intended::Branching(parts) => {
                let texts: Vec<String> = parts.iter().map(usize::to_string).collect();
                write!(f, "{}", texts.join("."))?;
                if parts.len() == 1 {
                    write!(f, "...")?;
                }
                Ok(())
            }
        }
    }
}

/// Written as the composer writes it (`2`, `2.1.1.1`).
impl serde::Serialize for Intended {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl Intended {
    /// The number of complete solutions (or keys) this stands for: the count, or the
    /// product of the branchings.
    pub fn total(&self) -> usize {
        match self {
            Intended::Count(n) => *n,
            Intended::Branching(parts) => parts.iter().product(),
        }
    }

    /// The intended number of different moves at half-move `depth` (0 = the first move).
    pub fn branching_at(&self, depth: usize) -> usize {
        match self {
            Intended::Count(n) => {
                if depth == 0 {
                    *n
                } else {
                    1
                }
            }
            Intended::Branching(parts) => parts.get(depth).copied().unwrap_or(1),
        }
    }
}

/// Where the intended count of a twin came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IntendedSource {
    /// `--intended` on the command line.
    CommandLine,
    /// A `remark intended-solutions:` line (or the YACPDB field).
    Stated,
    /// The number of `solution:` or `key:` remarks of the twin.
    Remarks,
    /// Nothing stated: one key, or one solution, per side to play.
    Default,
}

impl IntendedSource {
    pub fn describe(self) -> &'static str {
        match self {
            IntendedSource::CommandLine => "from --intended",
            IntendedSource::Stated => "stated",
            IntendedSource::Remarks => "from the solution remarks",
            IntendedSource::Default => "by default",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_counts_and_branchings() {
        assert_eq!("2".parse(), Ok(Intended::Count(2)));
        assert_eq!(" 1 ".parse(), Ok(Intended::Count(1)));
        assert_eq!("2.1.1.1".parse(), Ok(Intended::Branching(vec![2, 1, 1, 1])));
        assert_eq!("2.1...".parse(), Ok(Intended::Branching(vec![2, 1])));
        assert_eq!("4...".parse(), Ok(Intended::Branching(vec![4])));
        assert_eq!("1.2.1.1".parse::<Intended>().unwrap().total(), 2);
        assert_eq!("2.2.1.1".parse::<Intended>().unwrap().total(), 4);
        assert_eq!("3".parse::<Intended>().unwrap().total(), 3);
    }

    #[test]
    fn rejects_malformed_values() {
        for bad in ["", "0", "2..1", "a", "2.x", "-1", "2.0.1", "...", "1.5e3"] {
            assert!(bad.parse::<Intended>().is_err(), "{bad:?} accepted");
        }
        let e = "2.x".parse::<Intended>().unwrap_err();
        assert!(e.to_string().contains("2.x"), "{e}");
    }

    #[test]
    fn branching_per_half_move() {
        let b: Intended = "1.2".parse().unwrap();
        assert_eq!(b.branching_at(0), 1);
        assert_eq!(b.branching_at(1), 2);
        assert_eq!(b.branching_at(5), 1);
        assert_eq!(Intended::Count(3).branching_at(0), 3);
        assert_eq!(Intended::Count(3).branching_at(1), 1);
    }

    #[test]
    fn displays_as_written() {
        for text in ["2", "2.1.1.1", "4..."] {
            assert_eq!(text.parse::<Intended>().unwrap().to_string(), text);
        }
    }
}
