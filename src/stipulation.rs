//! Stipulations: what a problem asks for (goal × play × length), and their
//! Popeye spelling (`#2`, `h#2.5`, `s#3`, `semi-r#2`, `ser-h#5`, `exact-h#3`, ...).
//!
//! Only the goals mate (`#`) and stalemate (`=`) are supported; every other Popeye
//! goal is recognised and rejected with an "unsupported goal" message.

use std::fmt;
use std::str::FromStr;

/// What the last move of the play must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#`
    Mate,
    /// `=`
    Stalemate,
}

impl Goal {
    /// Popeye's symbol for the goal.
    pub const fn symbol(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
        }
    }
}

/// Who cooperates with whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// `#n`, `=n`: White forces the goal against Black.
    Direct,
    /// `h#n`, `h=n`: both sides cooperate.
    Help,
    /// `s#n`, `s=n`: White forces Black to reach the goal against White.
    SelfPlay,
    /// `r#n`: as self play, but both sides must reach the goal in one move when they can.
    Reflex,
    /// `semi-r#n`: as reflex play, but only Black is bound.
    SemiReflex,
}

impl Play {
    /// Popeye's prefix for the kind of play (`""`, `"h"`, `"s"`, `"r"`, `"semi-r"`).
    pub const fn prefix(self) -> &'static str {
        match self {
            Play::Direct => "",
            Play::Help => "h",
            Play::SelfPlay => "s",
            Play::Reflex => "r",
            Play::SemiReflex => "semi-r",
        }
    }
}

/// A stipulation in Popeye's traditional (unstructured) form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    pub play: Play,
    /// `ser-` prefix: one side makes all its moves in a row.
    pub series: bool,
    pub goal: Goal,
    /// n, in full moves.
    pub moves: u32,
    /// `h#2.5`: `moves` is 2 and `half` is true (help play only).
    pub half: bool,
    /// `exact-` prefix: solutions shorter than n do not count.
    pub exact: bool,
}

impl Stipulation {
    /// A plain stipulation without `ser-`, `exact-` or a half move.
    pub const fn new(play: Play, goal: Goal, moves: u32) -> Stipulation {
        Stipulation {
            play,
            series: false,
            goal,
            moves,
            half: false,
            exact: false,
        }
    }
}

/// Goals Popeye knows but this solver does not, as prefixes of the goal text.
/// Used only to choose between "unsupported goal" and "unknown goal".
const POPEYE_GOALS: &[&str] = &[
    "##!", "##", "#=", "==", "!=", "00", "%", "~", "+", "x", "ep", "ctr", "ct", "<>r", "<>", "c81",
    "dia", "z", "k", "!#", "=#", "(=)",
];

/// The Popeye goal `rest` (goal and length, lowercase) begins with, if any.
fn popeye_goal(rest: &str) -> Option<&'static str> {
    if rest.contains("=>") {
        return Some("a=>b");
    }
    POPEYE_GOALS.iter().copied().find(|g| rest.starts_with(g))
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    if text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
    {
        Some(&text[prefix.len()..])
    } else {
        None
    }
}

impl FromStr for Stipulation {
    type Err = String;

    fn from_str(input: &str) -> Result<Stipulation, String> {
        let orig = input.trim();
        if orig.is_empty() {
            return Err("empty stipulation; expected something like #2, h#3 or s#2".to_string());
        }
        if orig.contains("->") {
            return Err(format!(
                "unsupported stipulation \"{orig}\": the \"m->\" prefix is not supported"
            ));
        }
        let mut rest = orig;

        let exact = match strip_prefix_ci(rest, "exact-") {
            Some(r) => {
                rest = r;
                true
            }
            None => false,
        };

        let series = if let Some(r) = strip_prefix_ci(rest, "ser-") {
            rest = r;
            true
        } else if strip_prefix_ci(rest, "pser-").is_some()
            || strip_prefix_ci(rest, "phser-").is_some()
        {
            return Err(format!(
                "unsupported stipulation \"{orig}\": parry series play is not supported"
            ));
        } else {
            false
        };

        let play = if let Some(r) = strip_prefix_ci(rest, "semi-") {
            match strip_prefix_ci(r, "r") {
                Some(r2) => {
                    rest = r2;
                    Play::SemiReflex
                }
                None => {
                    return Err(format!(
                        "invalid stipulation \"{orig}\": \"semi-\" must be followed by r (semi-reflex play, e.g. semi-r#2)"
                    ))
                }
            }
        } else if strip_prefix_ci(rest, "reci-").is_some() {
            return Err(format!(
                "unsupported stipulation \"{orig}\": reciprocal play is not supported"
            ));
        } else if strip_prefix_ci(rest, "hs").is_some() || strip_prefix_ci(rest, "hr").is_some() {
            return Err(format!(
                "unsupported stipulation \"{orig}\": help-self and help-reflex play are not supported"
            ));
        } else if let Some(r) = strip_prefix_ci(rest, "h") {
            rest = r;
            Play::Help
        } else if let Some(r) = strip_prefix_ci(rest, "s") {
            rest = r;
            Play::SelfPlay
        } else if let Some(r) = strip_prefix_ci(rest, "r") {
            rest = r;
            Play::Reflex
        } else {
            Play::Direct
        };

        let digits_at = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (goal_text, number) = rest.split_at(digits_at);
        let goal = match goal_text {
            "#" => Goal::Mate,
            "=" => Goal::Stalemate,
            _ if popeye_goal(&rest.to_ascii_lowercase()).is_some() => {
                let g = popeye_goal(&rest.to_ascii_lowercase()).unwrap_or_default();
                return Err(format!(
                    "unsupported goal \"{g}\" in stipulation \"{orig}\"; supported goals are # (mate) and = (stalemate)"
                ));
            }
            "" => {
                return Err(format!(
                    "invalid stipulation \"{orig}\": missing goal; expected # (mate) or = (stalemate) before the number of moves"
                ))
            }
            g => {
                return Err(format!(
                    "unknown goal \"{g}\" in stipulation \"{orig}\"; expected # (mate) or = (stalemate)"
                ))
            }
        };

        if number.is_empty() {
            return Err(format!(
                "invalid stipulation \"{orig}\": missing number of moves after \"{goal_text}\""
            ));
        }
        let (whole, half) = match number.split_once('.') {
            Some((w, "5")) => (w, true),
            Some((_, frac)) => {
                return Err(format!(
                    "invalid number of moves \"{number}\" in stipulation \"{orig}\": only .5 may follow the number, found .{frac}"
                ))
            }
            None => (number, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "invalid number of moves \"{number}\" in stipulation \"{orig}\"; expected a number like 2 or 2.5"
            ));
        }
        let moves: u32 = whole.parse().map_err(|_| {
            format!("number of moves \"{whole}\" in stipulation \"{orig}\" is too large")
        })?;
        if half && (play != Play::Help || series) {
            return Err(format!(
                "invalid stipulation \"{orig}\": a half move (n.5) is only possible in help play, e.g. h#2.5"
            ));
        }
        if moves == 0 && !half {
            return Err(format!(
                "invalid stipulation \"{orig}\": the number of moves must be at least 1"
            ));
        }
        let battle = !series && play != Play::Help;
        if exact && battle && moves > 1 {
            return Err(format!(
                "unsupported stipulation \"{orig}\": exact- in direct, self and reflex play is not supported"
            ));
        }
        Ok(Stipulation {
            play,
            series,
            goal,
            moves,
            half,
            // A battle of one move has no shorter play to exclude (the reference solver
            // prints exact-#1 as #1).
            exact: exact && !(battle && moves == 1),
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            f.write_str("exact-")?;
        }
        if self.series {
            f.write_str("ser-")?;
        }
        write!(
            f,
            "{}{}{}",
            self.play.prefix(),
            self.goal.symbol(),
            self.moves
        )?;
        if self.half {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Stipulation {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn round_trips() {
        for s in [
            "#2",
            "#1",
            "#15",
            "h#2",
            "h#2.5",
            "h#0.5",
            "h#1.5",
            "s#3",
            "=2",
            "h=2",
            "h=5.5",
            "s=2",
            "r#2",
            "semi-r#2",
            "ser-h#5",
            "ser-#4",
            "ser-s#6",
            "ser-=3",
            "ser-h=4",
            "ser-r#2",
            "exact-h#3",
            "exact-ser-h#3",
            "s#21",
        ] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
    }

    #[test]
    fn fields() {
        assert_eq!(
            parse("h#2.5"),
            Stipulation {
                play: Play::Help,
                series: false,
                goal: Goal::Mate,
                moves: 2,
                half: true,
                exact: false
            }
        );
        assert_eq!(
            parse("ser-h=4"),
            Stipulation {
                play: Play::Help,
                series: true,
                goal: Goal::Stalemate,
                moves: 4,
                half: false,
                exact: false
            }
        );
        assert_eq!(parse("semi-r#2").play, Play::SemiReflex);
        assert!(parse("exact-h#3").exact);
        assert_eq!(
            parse("=2"),
            Stipulation::new(Play::Direct, Goal::Stalemate, 2)
        );
        assert_eq!(
            parse("s#1"),
            Stipulation::new(Play::SelfPlay, Goal::Mate, 1)
        );
    }

    #[test]
    fn case_insensitive() {
        assert_eq!(parse("S#2"), parse("s#2"));
        assert_eq!(parse("H#2"), parse("h#2"));
        assert_eq!(parse("SER-H#5").to_string(), "ser-h#5");
        assert_eq!(parse("Semi-R#2").to_string(), "semi-r#2");
        assert_eq!(parse("EXACT-h#3").to_string(), "exact-h#3");
        assert_eq!(parse(" #2 ").to_string(), "#2");
    }

    #[test]
    fn unsupported_goals() {
        for s in [
            "x1", "h001", "hzg74", "s+2", "r==3", "h##!4", "#=2", "ser-!=7", "dia6.5", "h~1",
            "h<>3", "ser-%4",
        ] {
            let e = s.parse::<Stipulation>().unwrap_err();
            assert!(e.starts_with("unsupported goal"), "{s}: {e}");
        }
        let e = "hs#3".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("unsupported"), "{e}");
        let e = "reci-h#2".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("unsupported"), "{e}");
        let e = "2->ser-h#4".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("unsupported"), "{e}");
        let e = "pser-h#6".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("unsupported"), "{e}");
        for s in ["exact-#2", "exact-s#3", "exact-r#2", "exact-semi-r#2"] {
            let e = s.parse::<Stipulation>().unwrap_err();
            assert!(
                e.contains("exact- in direct, self and reflex play is not supported"),
                "{s}: {e}"
            );
        }
    }

    /// `exact-` where it is built (help and series play) and where it changes nothing (a
    /// battle of one move, which the reference solver prints without it).
    #[test]
    fn exact_where_it_means_something() {
        assert!(parse("exact-ser-r#2").exact);
        assert!(parse("exact-ser-#3").exact);
        assert_eq!(parse("exact-#1"), parse("#1"));
        assert_eq!(parse("exact-s#1").to_string(), "s#1");
    }

    #[test]
    fn malformed() {
        for s in [
            "",
            "#",
            "h#",
            "#a",
            "#2.4",
            "#2.5",
            "s#2.5",
            "ser-h#2.5",
            "#0",
            "h#0",
            "foo2",
            "#99999999999",
            "semi-s#2",
            "#2x",
        ] {
            assert!(s.parse::<Stipulation>().is_err(), "{s} should not parse");
        }
        let e = "foo2".parse::<Stipulation>().unwrap_err();
        assert!(e.starts_with("unknown goal"), "{e}");
    }
}
