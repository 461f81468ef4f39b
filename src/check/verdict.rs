//! The verdicts and the data shown with them.

use super::intended::{Intended, IntendedSource};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The one-line verdict on a twin. `docs/check.md` says exactly when each applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    /// As many keys or solutions as intended, none shorter.
    Sound,
    /// More keys or solutions than intended.
    Cooked,
    /// No key, or no solution at all.
    NoSolution,
    /// The stipulation can be met in fewer moves.
    ShortSolution,
    /// Some solutions, but fewer than intended.
    TooFewSolutions,
    /// A time limit stopped the search before the verdict was certain.
    Unknown,
}

impl VerdictKind {
    pub const ALL: [VerdictKind; 6] = [
        VerdictKind::Sound,
        VerdictKind::Cooked,
        VerdictKind::NoSolution,
        VerdictKind::ShortSolution,
        VerdictKind::TooFewSolutions,
        VerdictKind::Unknown,
    ];

    /// The words printed (and accepted in `remark verdict:`).
    pub const fn text(self) -> &'static str {
        match self {
            VerdictKind::Sound => "sound",
            VerdictKind::Cooked => "cooked",
            VerdictKind::NoSolution => "no solution",
            VerdictKind::ShortSolution => "short solution",
            VerdictKind::TooFewSolutions => "too few solutions",
            VerdictKind::Unknown => "unknown",
        }
    }
}

impl fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl FromStr for VerdictKind {
    type Err = String;

    fn from_str(s: &str) -> Result<VerdictKind, String> {
        let words = s.split_whitespace().collect::<Vec<_>>().join(" ");
        VerdictKind::ALL
            .into_iter()
            .find(|k| k.text().eq_ignore_ascii_case(&words))
            .ok_or_else(|| {
                let all: Vec<&str> = VerdictKind::ALL.iter().map(|k| k.text()).collect();
                format!(
                    "unknown verdict \"{s}\"; expected one of {}",
                    all.join(", ")
                )
            })
    }
}

/// A try and the defences that refute it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TryLine {
    #[serde(rename = "move")]
    pub mv: String,
    pub refutations: Vec<String>,
}

/// What the search found, as printed below the verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "play", rename_all = "snake_case")]
pub enum Details {
    /// Direct, self and reflex play.
    Battle {
        keys: Vec<String>,
        /// Keys of the stipulation one move shorter.
        short: Vec<String>,
        /// The tries with the fewest refutations.
        best_tries: Vec<TryLine>,
        /// Defences in the main variations answered by more than one continuation,
        /// as `1...Kd5: 2.Qe4 #, 2.Qc4 #`.
        duals: Vec<String>,
        /// Threats with more than one move.
        threat_duals: Vec<String>,
    },
    /// Help and series play.
    Help {
        /// Full-length solutions.
        solutions: Vec<String>,
        /// Solutions of a shorter length.
        short: Vec<String>,
        /// Set play lines (option SetPlay).
        set_play: Vec<String>,
    },
}

/// The check of one twin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub kind: VerdictKind,
    /// Why, in a few words: `3 solutions, 2 intended`.
    pub reason: String,
    pub intended: Intended,
    pub intended_source: IntendedSource,
    /// Full-length keys or solutions found.
    pub found: usize,
    pub details: Details,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_words_round_trip() {
        for k in VerdictKind::ALL {
            assert_eq!(k.text().parse::<VerdictKind>(), Ok(k));
        }
        assert_eq!("No  Solution".parse(), Ok(VerdictKind::NoSolution));
        assert!("unsound".parse::<VerdictKind>().is_err());
    }
}
