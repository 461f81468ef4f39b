//! Stipulations: what a problem asks for (goal × play × length), and their
//! Popeye spelling (`#2`, `h#2.5`, `s#3`, `semi-r#2`, `ser-h#5`, `exact-h#3`, ...).
//!
//! The goals are those of Popeye that a move reaches by itself or with the position it
//! leaves (mate, stalemate and their relatives, check, capture, castling, en passant, a
//! target square, any move), double mate, counter-mate and auto-mate (whose last move
//! may leave the mover in check), and the proof games (`dia`, `a=>b`: the play ends on
//! a given position); the others (kiss, circuit, exchange) are recognised and rejected
//! as unsupported.

pub mod structured;

use crate::board::Square;
use std::fmt;
use std::str::FromStr;
pub use structured::{Sequel, Structure};

/// What the last move of the play must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#`: the other side is mated.
    Mate,
    /// `=`: the other side is stalemated.
    Stalemate,
    /// `==`: the other side is stalemated, and the side that moved has no move either.
    DoubleStalemate,
    /// `#=`: the other side is mated or stalemated.
    MateOrStalemate,
    /// `##`: both sides are mated, the mover by its own move, which may leave its king in
    /// check; the mover had a legal move before it.
    DoubleMate,
    /// `##!`: as double mate, but the mover was mated before its move.
    CounterMate,
    /// `!#`: the mover is mated by its own move, which may leave its king in check.
    AutoMate,
    /// `!=`: the side that moved has no move (the other side not in check).
    AutoStalemate,
    /// `+`: the other side is in check.
    Check,
    /// `x`: the move captures.
    Capture,
    /// `%`: the move wins a unit (captures), Popeye's Steingewinn.
    WinPiece,
    /// `~`: any move.
    Any,
    /// `00`: the move castles.
    Castling,
    /// `ep`: the move takes en passant.
    EnPassant,
    /// `z<square>`: the moving unit ends on the square.
    Target(Square),
    /// `c81`: the moving unit ends on the other side's back rank (Popeye's Chess81 goal).
    Chess81,
    /// `ct`: the moving unit ends on the square it stood on in the diagram (a circuit).
    Circuit,
    /// `<>`: the moving unit ends on the diagram square of another unit of its side,
    /// which stands on the moving unit's diagram square (an exchange of places).
    Exchange,
    /// `ctr`: a unit reborn by the move (Circe family) is reborn on its diagram square.
    CircuitByRebirth,
    /// `<>r`: a unit reborn by the move is reborn on the diagram square of another unit,
    /// of the side to move after it, which stands on the reborn unit's diagram square.
    ExchangeByRebirth,
    /// `k<square>`: the moving unit ends beside the unit that stood on the square in the
    /// diagram, and no other unit stands beside that one (a kiss).
    Kiss(Square),
    /// `dia`, `a=>b`: the move leaves the units as the target position has them.
    Proof(ProofGoal),
}

/// Where a proof game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProofStart {
    /// `dia`: from the game array, White to move.
    GameArray,
    /// `a=>b`: from the position given before the stipulation.
    PositionA,
}

/// A proof game's goal: where it starts and the placement key of the position to reach
/// (`Board::hash`: every unit with its colour, kind and attributes). The key is 0 as
/// read; it is set once the target position is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProofGoal {
    pub start: ProofStart,
    pub key: u64,
}

impl ProofGoal {
    pub const fn new(start: ProofStart) -> ProofGoal {
        ProofGoal { start, key: 0 }
    }
}

impl Goal {
    /// Popeye's symbol for the goal, as a stipulation spells it (`zd5` with its square).
    pub fn symbol(self) -> String {
        match self {
            Goal::Target(sq) => format!("z{sq}"),
            Goal::Kiss(sq) => format!("k{sq}"),
            g => g.marker_or_name().to_string(),
        }
    }

    fn marker_or_name(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::DoubleStalemate => "==",
            Goal::MateOrStalemate => "#=",
            Goal::DoubleMate => "##",
            Goal::CounterMate => "##!",
            Goal::AutoMate => "!#",
            Goal::AutoStalemate => "!=",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::WinPiece => "%",
            Goal::Any => "~",
            Goal::Castling => "00",
            Goal::EnPassant => "ep",
            Goal::Target(_) => "z",
            Goal::Chess81 => "c81",
            Goal::Circuit => "ct",
            Goal::Exchange => "<>",
            Goal::CircuitByRebirth => "ctr",
            Goal::ExchangeByRebirth => "<>r",
            Goal::Kiss(_) => "k",
            Goal::Proof(ProofGoal {
                start: ProofStart::GameArray,
                ..
            }) => "dia",
            Goal::Proof(ProofGoal {
                start: ProofStart::PositionA,
                ..
            }) => "a=>b",
        }
    }

    /// The mark Popeye prints after a move that reaches the goal (empty for any move,
    /// castling and en passant, whose moves speak for themselves, and for the goals of
    /// the units' diagram squares).
    pub fn end_marker(self) -> &'static str {
        match self {
            Goal::Any | Goal::Castling | Goal::EnPassant => "",
            g if g.follows_units() => "",
            g => g.marker_or_name(),
        }
    }

    /// Whether the goal's mark stands for a check the move gives, so that no ` +` is
    /// printed beside it (Popeye's rule: mate, check, the stalemates and the double
    /// mates; an auto-mate that checks is printed `+ !#`).
    pub const fn preempts_check(self) -> bool {
        matches!(
            self,
            Goal::Mate
                | Goal::Stalemate
                | Goal::DoubleStalemate
                | Goal::MateOrStalemate
                | Goal::AutoStalemate
                | Goal::DoubleMate
                | Goal::CounterMate
                | Goal::Check
        )
    }

    /// Whether the goal is mate or stalemate, the goals the search's bounds, the
    /// intelligent mode and the option KeepMatingPiece know.
    pub const fn is_mate_or_stalemate(self) -> bool {
        matches!(self, Goal::Mate | Goal::Stalemate)
    }

    /// Whether reaching the goal leaves the side to move without a move, which ends the
    /// play by itself (mate and the stalemates): option GoalIsEnd changes nothing there.
    pub const fn ends_play(self) -> bool {
        matches!(
            self,
            Goal::Mate
                | Goal::Stalemate
                | Goal::MateOrStalemate
                | Goal::DoubleStalemate
                | Goal::DoubleMate
                | Goal::CounterMate
        )
    }

    /// Whether the goal asks where units stood in the diagram (circuit, exchange, kiss):
    /// the positions must carry each unit's diagram square.
    pub const fn follows_units(self) -> bool {
        matches!(
            self,
            Goal::Circuit
                | Goal::Exchange
                | Goal::CircuitByRebirth
                | Goal::ExchangeByRebirth
                | Goal::Kiss(_)
        )
    }

    /// Whether the goal's last move may leave the mover's own king in check (double
    /// mate, counter-mate, auto-mate): the moves that reach it are legal by
    /// `conditions::SelfCheckGoal`'s rule.
    pub const fn ignores_self_check(self) -> bool {
        matches!(self, Goal::DoubleMate | Goal::CounterMate | Goal::AutoMate)
    }

    /// A number per goal (with its square), for table keys.
    pub fn index(self) -> u64 {
        match self {
            Goal::Mate => 0,
            Goal::Stalemate => 1,
            Goal::DoubleStalemate => 2,
            Goal::MateOrStalemate => 3,
            Goal::AutoStalemate => 4,
            Goal::Check => 5,
            Goal::Capture => 6,
            Goal::WinPiece => 7,
            Goal::Any => 8,
            Goal::Castling => 9,
            Goal::EnPassant => 10,
            Goal::Target(sq) => 11 + sq.index() as u64,
            Goal::Chess81 => 75,
            Goal::DoubleMate => 76,
            Goal::CounterMate => 77,
            Goal::AutoMate => 78,
            Goal::Circuit => 79,
            Goal::Exchange => 80,
            Goal::CircuitByRebirth => 81,
            Goal::ExchangeByRebirth => 82,
            Goal::Kiss(sq) => 83 + sq.index() as u64,
            // Apart from the small numbers above, and one per target position: twins of
            // a proof game share the table.
            Goal::Proof(p) => p.key | 1 << 63,
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
    /// `hs#n`: both sides cooperate until White's last move, after which every move of
    /// Black reaches the goal (a help play ending in a forced self goal).
    HelpSelf,
    /// `hr#n`: both sides cooperate until White's last move, after which Black can reach
    /// the goal; a side that can reach it in one move must (a help play ending in r#1).
    HelpReflex,
    /// `s#n`, `s=n`: White forces Black to reach the goal against White.
    SelfPlay,
    /// `r#n`: as self play, but both sides must reach the goal in one move when they can.
    Reflex,
    /// `semi-r#n`: as reflex play, but only Black is bound.
    SemiReflex,
}

impl Play {
    /// Help play, plain or ending in a forced self goal (`h#n`, `hs#n`).
    pub const fn is_help(self) -> bool {
        matches!(self, Play::Help | Play::HelpSelf | Play::HelpReflex)
    }

    /// Help play ending in the other side's goal move after the help play (`hs#n`,
    /// `hr#n`): the plan has one half move less than the play.
    pub const fn ends_after_plan(self) -> bool {
        matches!(self, Play::HelpSelf | Play::HelpReflex)
    }

    /// Popeye's prefix for the kind of play (`""`, `"h"`, `"s"`, `"r"`, `"semi-r"`).
    pub const fn prefix(self) -> &'static str {
        match self {
            Play::Direct => "",
            Play::Help => "h",
            Play::HelpSelf => "hs",
            Play::HelpReflex => "hr",
            Play::SelfPlay => "s",
            Play::Reflex => "r",
            Play::SemiReflex => "semi-r",
        }
    }
}

/// Who answers a check in a parry series (`pser-`, `phser-`): the other side does not
/// move during the series, except that a series move giving check is answered by one
/// move of it (the parry), after which the series goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parry {
    /// The parries are defences: the series side must win against each of them
    /// (`pser-#n`, `pser-s#n`).
    Defence,
    /// The parries are help moves, chosen with the series side (`pser-h#n`, and every
    /// `phser-` stipulation).
    Help,
}

/// The most moves a stipulation may have. The searches recurse once per half move, and
/// their worker threads' stacks are sized for this many moves (`crate::threads`). The
/// reference solver's own limit is 2 702 half moves.
pub const MAX_MOVES: u32 = 1000;

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
    /// `m->` prefix (series play): the other side first makes m moves in a row.
    pub intro: u32,
    /// `reci-h`: reciprocal help play. After the help play (or series) the side to
    /// move can both reach this goal itself in one move and let the other side reach
    /// `goal` in one (the help play's last move): `reci-h(=)#n` has `=` here and `#`
    /// as `goal`, plain `reci-h#n` the same goal twice.
    pub reci: Option<Goal>,
    /// `pser-`, `phser-`: a parry series (with `series` set), and who parries.
    pub parry: Option<Parry>,
    /// Given as a structured stipulation (`sstipulation`): how it was written, and in
    /// help play what follows the help moves.
    pub structured: Option<Structure>,
    /// `prog-`: progressive play, each side's turn one move longer than the one before
    /// (`search::progressive`); `moves` counts the turns of the side that reaches the goal.
    pub progressive: bool,
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
            intro: 0,
            reci: None,
            parry: None,
            structured: None,
            progressive: false,
        }
    }
}

/// Goals Popeye knows but this solver does not, as prefixes of the goal text.
/// Used only to choose between "unsupported goal" and "unknown goal".
const POPEYE_GOALS: &[&str] = &["=#", "(=)"];

/// The goal `text` (the stipulation's goal part, before the number) names, if this solver
/// has it: the longest spelling first (`==` before `=`, `#=` before `#`).
fn parse_goal(text: &str) -> Option<Goal> {
    let lower = text.to_ascii_lowercase();
    Some(match lower.as_str() {
        "#" => Goal::Mate,
        "=" => Goal::Stalemate,
        "==" => Goal::DoubleStalemate,
        "#=" => Goal::MateOrStalemate,
        "##" => Goal::DoubleMate,
        "##!" => Goal::CounterMate,
        "!#" => Goal::AutoMate,
        "!=" => Goal::AutoStalemate,
        "+" => Goal::Check,
        "x" => Goal::Capture,
        "%" => Goal::WinPiece,
        "~" => Goal::Any,
        "00" => Goal::Castling,
        "ep" => Goal::EnPassant,
        "c81" => Goal::Chess81,
        "ctr" => Goal::CircuitByRebirth,
        "ct" => Goal::Circuit,
        "<>r" => Goal::ExchangeByRebirth,
        "<>" => Goal::Exchange,
        "dia" => Goal::Proof(ProofGoal::new(ProofStart::GameArray)),
        "a=>b" => Goal::Proof(ProofGoal::new(ProofStart::PositionA)),
        _ => return None,
    })
}

/// The Popeye goal `rest` (goal and length, lowercase) begins with, if any.
fn popeye_goal(rest: &str) -> Option<&'static str> {
    POPEYE_GOALS.iter().copied().find(|g| rest.starts_with(g))
}

/// The goals this solver supports, for messages.
const SUPPORTED_GOALS: &str =
    "supported goals are # = == #= != ## ##! !# + x % ~ 00 ep z<square> k<square> ct ctr <> <>r c81 dia and a=>b (docs/conditions.md, Goals)";

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
        let mut rest = orig;
        // `m->`: the other side's m moves in a row before a series.
        let mut intro = 0;
        if let Some((m, after)) = orig.split_once("->") {
            intro = m.trim().parse::<u32>().ok().filter(|m| (1..=MAX_MOVES).contains(m)).ok_or_else(|| {
                format!("invalid stipulation \"{orig}\": \"m->\" needs a number of moves from 1 to {MAX_MOVES}, e.g. 2->ser-h#4")
            })?;
            rest = after.trim_start();
            if ["ser-", "pser-", "phser-"]
                .iter()
                .all(|p| strip_prefix_ci(rest, p).is_none())
            {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": the \"m->\" prefix is supported before series play only (e.g. 2->ser-#3)"
                ));
            }
        }

        // `prog-`: progressive play (our spelling; the reference solver has none).
        let progressive = match strip_prefix_ci(rest, "prog-") {
            Some(r) => {
                rest = r;
                true
            }
            None => false,
        };
        let exact = match strip_prefix_ci(rest, "exact-") {
            Some(r) => {
                rest = r;
                true
            }
            None => false,
        };

        // `phser-`: help parries; `pser-`: defences, or help parries in help play.
        let mut help_parries = None;
        let series = if let Some(r) = strip_prefix_ci(rest, "ser-") {
            rest = r;
            true
        } else if let Some(r) = strip_prefix_ci(rest, "pser-") {
            rest = r;
            help_parries = Some(false);
            true
        } else if let Some(r) = strip_prefix_ci(rest, "phser-") {
            rest = r;
            help_parries = Some(true);
            true
        } else {
            false
        };

        let mut reci_play = false;
        let mut reci_own = None;
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
        } else if let Some(r) = strip_prefix_ci(rest, "reci-") {
            let Some(r) = strip_prefix_ci(r, "h") else {
                return Err(format!(
                    "invalid stipulation \"{orig}\": \"reci-\" must be followed by h (reciprocal help play, e.g. reci-h#2 or reci-h(=)#3)"
                ));
            };
            rest = r;
            reci_play = true;
            if let Some(inner) = rest.strip_prefix('(') {
                let Some((own, after)) = inner.split_once(')') else {
                    return Err(format!(
                        "invalid stipulation \"{orig}\": \"(\" without \")\"; the goal of the reciprocal side's own move is written in parentheses, e.g. reci-h(=)#3"
                    ));
                };
                reci_own = Some(parse_goal(own).ok_or_else(|| {
                    format!(
                        "unsupported goal \"{own}\" in parentheses in stipulation \"{orig}\": {SUPPORTED_GOALS}"
                    )
                })?);
                rest = after;
            }
            Play::Help
        } else if let Some(r) = strip_prefix_ci(rest, "hr") {
            if series {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": series help-reflex play is not supported"
                ));
            }
            rest = r;
            Play::HelpReflex
        } else if let Some(r) = strip_prefix_ci(rest, "hs") {
            rest = r;
            Play::HelpSelf
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

        // The square of `z` (target) and `k` (kiss) is its goal's part; `00` is the
        // castling goal, not a number.
        let squared = strip_prefix_ci(rest, "z")
            .map(|r| {
                (
                    r,
                    "z",
                    "the target goal z needs a square, e.g. zd5 in hzd52",
                )
            })
            .or_else(|| {
                strip_prefix_ci(rest, "k")
                    .map(|r| (r, "k", "the kiss goal k needs a square, e.g. kc5 in kc52"))
            });
        let (goal_text, number, target) = if let Some((r, letter, needs)) = squared {
            match r
                .get(..2)
                .and_then(|t| Square::parse(&t.to_ascii_lowercase()))
            {
                Some(sq) => (letter, &r[2..], Some(sq)),
                None => return Err(format!("invalid stipulation \"{orig}\": {needs}")),
            }
        } else {
            // `00` and `c81` hold digits of their own.
            let skip = if rest.starts_with("00") {
                2
            } else if strip_prefix_ci(rest, "c81").is_some() {
                3
            } else {
                0
            };
            let digits_at = rest[skip..]
                .find(|c: char| c.is_ascii_digit())
                .map_or(rest.len(), |i| i + skip);
            let (goal_text, number) = rest.split_at(digits_at);
            (goal_text, number, None)
        };
        let goal = match (parse_goal(goal_text), target) {
            (_, Some(sq)) if goal_text == "k" => Goal::Kiss(sq),
            (_, Some(sq)) => Goal::Target(sq),
            (Some(goal), None) => goal,
            _ if popeye_goal(&rest.to_ascii_lowercase()).is_some() => {
                let g = popeye_goal(&rest.to_ascii_lowercase()).unwrap_or_default();
                return Err(format!(
                    "unsupported goal \"{g}\" in stipulation \"{orig}\": {SUPPORTED_GOALS}"
                ));
            }
            _ if goal_text.is_empty() => {
                return Err(format!(
                    "invalid stipulation \"{orig}\": missing goal before the number of moves; {SUPPORTED_GOALS}"
                ))
            }
            _ => {
                return Err(format!(
                    "unknown goal \"{goal_text}\" in stipulation \"{orig}\"; {SUPPORTED_GOALS}"
                ))
            }
        };

        if number.is_empty() {
            return Err(format!(
                "invalid stipulation \"{orig}\": missing number of moves after \"{goal_text}\""
            ));
        }
        // A proof game is help play from White's first move (`dia4`), or White's series
        // (`ser-dia5`); it takes no other play prefix.
        let play = match (goal, play) {
            (Goal::Proof(_), Play::Direct) if !series => Play::Help,
            (Goal::Proof(_), Play::Direct) => Play::Direct,
            // `ser-hdia5`: White's series, then Black's move to the position.
            (Goal::Proof(_), Play::Help) if series => Play::Help,
            (Goal::Proof(_), _) => {
                return Err(format!(
                    "invalid stipulation \"{orig}\": a proof game takes no play prefix besides ser-, ser-h and exact-, e.g. dia4, ser-dia5, ser-hdia5, a=>b3"
                ))
            }
            (_, play) => play,
        };
        let (whole, half) = match number.split_once('.') {
            Some((w, "5")) => (w, true),
            // `dia3.0` is read as 3, as the reference solver reads it.
            Some((w, "0")) => (w, false),
            Some((_, frac)) => {
                return Err(format!(
                    "invalid number of moves \"{number}\" in stipulation \"{orig}\": only .5 (or .0) may follow the number, found .{frac}"
                ))
            }
            None => (number, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "invalid number of moves \"{number}\" in stipulation \"{orig}\"; expected a number like 2 or 2.5"
            ));
        }
        let moves = whole
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_MOVES)
            .ok_or_else(|| {
                format!(
                    "number of moves \"{whole}\" in stipulation \"{orig}\" is too large (at most {MAX_MOVES})"
                )
            })?;
        if reci_play {
            if matches!(goal, Goal::Proof(_))
                || reci_own.is_some_and(|g| matches!(g, Goal::Proof(_)))
            {
                return Err(format!(
                    "invalid stipulation \"{orig}\": a proof game cannot be reciprocal"
                ));
            }
            if half {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": reciprocal play with a half move (n.5) is not supported"
                ));
            }
            if intro > 0 {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": the \"m->\" prefix before reciprocal play is not supported"
                ));
            }
            if goal.ignores_self_check() || reci_own.is_some_and(Goal::ignores_self_check) {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": reciprocal play with double mate, counter-mate or auto-mate is not supported"
                ));
            }
        }
        if half && (!play.is_help() || series) {
            return Err(format!(
                "invalid stipulation \"{orig}\": a half move (n.5) is only possible in help play, e.g. h#2.5"
            ));
        }
        if moves == 0 && !half {
            return Err(format!(
                "invalid stipulation \"{orig}\": the number of moves must be at least 1"
            ));
        }
        if series && play == Play::SemiReflex && !goal.is_mate_or_stalemate() {
            // Only Black is bound there, which the series search does not model for a
            // goal of the move (the series side is bound in `ser-r`).
            return Err(format!(
                "unsupported stipulation \"{orig}\": series semi-reflex play with a goal other than # or = is not supported"
            ));
        }
        let parry = help_parries.map(|help| {
            if help || play.is_help() {
                Parry::Help
            } else {
                Parry::Defence
            }
        });
        if help_parries == Some(true) && play.is_help() {
            return Err(format!(
                "invalid stipulation \"{orig}\": phser- (help parries) takes no h; a parry series helpmate is pser-h, whose parries are help moves already"
            ));
        }
        if intro > 0 && moves == 1 {
            // The reference solver plays `m->ser-h#1` with series of other lengths
            // after some introductions and prints some of its lines as help play.
            return Err(format!(
                "unsupported stipulation \"{orig}\": the \"m->\" prefix before a series of one move is not supported"
            ));
        }
        if parry.is_some() {
            let unsupported = if exact {
                Some("\"exact-\" before a parry series")
            } else if reci_play {
                Some("reciprocal play in a parry series")
            } else if matches!(
                play,
                Play::Reflex | Play::SemiReflex | Play::HelpSelf | Play::HelpReflex
            ) {
                Some("reflex, semi-reflex, help-self and help-reflex play in a parry series")
            } else if goal.ignores_self_check() {
                Some("double mate, counter-mate and auto-mate in a parry series")
            } else {
                None
            };
            if let Some(what) = unsupported {
                return Err(format!(
                    "unsupported stipulation \"{orig}\": {what} is not supported"
                ));
            }
        }
        if progressive
            && (exact
                || series
                || half
                || intro > 0
                || reci_play
                || !matches!(play, Play::Direct | Play::Help)
                || !matches!(goal, Goal::Mate | Goal::Stalemate))
        {
            return Err(format!(
                "unsupported stipulation \"{orig}\": progressive play is supported as prog-#n, prog-=n, prog-h#n and prog-h=n (n: the turns of the side that mates or stalemates)"
            ));
        }
        let battle = !series && !play.is_help();
        Ok(Stipulation {
            play,
            series,
            goal,
            moves,
            half,
            // A battle of one move has no shorter play to exclude (the reference solver
            // prints exact-#1 as #1). The reference solver reads `exact-reci-h#n` as
            // `reci-h#n`, shorter lines and all (docs/conditions.md, Stipulations).
            exact: exact && !(battle && moves == 1) && !reci_play,
            intro,
            reci: reci_play.then_some(reci_own.unwrap_or(goal)),
            parry,
            structured: None,
            progressive,
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.structured {
            return structured::write(self, s, f);
        }
        if self.intro > 0 {
            write!(f, "{}->", self.intro)?;
        }
        if self.progressive {
            f.write_str("prog-")?;
        }
        if self.exact {
            f.write_str("exact-")?;
        }
        // `ser-reci-h#1` has no series: the reference solver prints it `reci-h#1`.
        match self.parry {
            // `pser-h#n` has help parries by its play; `phser-` says so of other play.
            Some(Parry::Help) if !self.play.is_help() => f.write_str("phser-")?,
            Some(_) => f.write_str("pser-")?,
            None if self.series && !(self.reci.is_some() && self.moves == 1) => {
                f.write_str("ser-")?
            }
            None => {}
        }
        if let Some(own) = self.reci {
            f.write_str("reci-h")?;
            if own != self.goal {
                write!(f, "({})", own.symbol())?;
            }
            return write!(f, "{}{}", self.goal.symbol(), self.moves);
        }
        let prefix = match self.goal {
            Goal::Proof(_) if self.series && self.play == Play::Help => "h",
            Goal::Proof(_) => "",
            _ => self.play.prefix(),
        };
        write!(f, "{}{}{}", prefix, self.goal.symbol(), self.moves)?;
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
            "dia4",
            "dia3.5",
            "exact-dia4",
            "ser-dia5",
            "a=>b6",
            "a=>b0.5",
            "c813",
            "hc815",
            "sc813",
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
                exact: false,
                intro: 0,
                reci: None,
                parry: None,
                structured: None,
                progressive: false,
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
                exact: false,
                intro: 0,
                reci: None,
                parry: None,
                structured: None,
                progressive: false,
            }
        );
        let prog = parse("prog-h#3");
        assert_eq!(
            (prog.progressive, prog.play, prog.goal, prog.moves),
            (true, Play::Help, Goal::Mate, 3)
        );
        assert_eq!(prog.to_string(), "prog-h#3");
        for bad in [
            "prog-ser-#3",
            "prog-s#2",
            "prog-h#2.5",
            "prog-hx2",
            "prog-exact-#2",
        ] {
            assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
        }
        let dia = parse("dia3.5");
        assert_eq!(
            (dia.play, dia.series, dia.moves, dia.half),
            (Play::Help, false, 3, true)
        );
        assert_eq!(dia.goal, Goal::Proof(ProofGoal::new(ProofStart::GameArray)));
        let ser = parse("ser-dia5");
        assert_eq!((ser.play, ser.series), (Play::Direct, true));
        assert_eq!(
            parse("a=>b6").goal,
            Goal::Proof(ProofGoal::new(ProofStart::PositionA))
        );
        assert!("hdia3".parse::<Stipulation>().is_err());
        assert!("s#dia3".parse::<Stipulation>().is_err());
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
    fn goals_beyond_mate_and_stalemate() {
        let goal = |s: &str| parse(s).goal;
        assert_eq!(goal("x1"), Goal::Capture);
        assert_eq!(goal("h001"), Goal::Castling);
        assert_eq!(parse("h003.5").moves, 3);
        assert_eq!(goal("hzg74"), Goal::Target(Square::parse("g7").unwrap()));
        assert_eq!(parse("hzg74").moves, 4);
        assert_eq!(goal("HZd28"), Goal::Target(Square::parse("d2").unwrap()));
        assert_eq!(goal("s+2"), Goal::Check);
        assert_eq!(goal("r==3"), Goal::DoubleStalemate);
        assert_eq!(goal("#=2"), Goal::MateOrStalemate);
        assert_eq!(goal("ser-!=7"), Goal::AutoStalemate);
        assert_eq!(goal("h~1"), Goal::Any);
        assert_eq!(goal("ser-%4"), Goal::WinPiece);
        assert_eq!(goal("hep1"), Goal::EnPassant);
        for s in [
            "hzd28", "h003.5", "ser-x13", "s==2", "#=2", "h~1", "hep1", "+1",
        ] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        assert_eq!(goal("##2"), Goal::DoubleMate);
        assert_eq!(goal("h##!4"), Goal::CounterMate);
        assert_eq!(goal("ser-!#11"), Goal::AutoMate);
        assert_eq!(parse("h##!0.5").moves, 0);
        for s in [
            "h##2",
            "s##!1",
            "semi-r##!1",
            "ser-h##!2",
            "!#1",
            "ser-!#11",
        ] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        let e = "reci-h##2".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("not supported"), "{e}");
        assert!("hz91".parse::<Stipulation>().is_err());
        assert!("z".parse::<Stipulation>().is_err());
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
            "ser-sctr2",
            "h<>3",
            "ser-ct10",
            "hkc73",
            "s<>r2",
            "ctr2",
            "ser-h<>r5",
        ] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        assert_eq!(
            parse("hkc73").goal,
            Goal::Kiss(Square::parse("c7").unwrap())
        );
        assert_eq!(parse("sKa74").to_string(), "ska74");
        assert_eq!(
            (parse("h<>r3").goal, parse("ct2").goal),
            (Goal::ExchangeByRebirth, Goal::Circuit)
        );
        let e = "hk3".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("the kiss goal k needs a square"), "{e}");
        assert_eq!(parse("hr#3").play, Play::HelpReflex);
        for s in ["hr#2", "hr#1.5", "exact-hr#2", "hr=3"] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        let e = "ser-hr#3".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("not supported"), "{e}");
        assert_eq!(parse("ser-hs#3").to_string(), "ser-hs#3");
        assert_eq!(parse("hs#3").play, Play::HelpSelf);
        for s in ["hs#2", "hs#2.5", "hsx3"] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        let e = "2->h#4".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("unsupported"), "{e}");
        assert_eq!(parse("ser-rx3").to_string(), "ser-rx3");
        let e = "ser-semi-rx3".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("not supported"), "{e}");
        for s in ["pser-r#3", "exact-pser-#3", "pser-h##2", "1->ser-h#1"] {
            let e = s.parse::<Stipulation>().unwrap_err();
            assert!(e.contains("not supported"), "{s}: {e}");
        }
        let e = "phser-h#3".parse::<Stipulation>().unwrap_err();
        assert!(e.starts_with("invalid stipulation"), "{e}");
        for s in ["exact-#2", "exact-s#3", "exact-r#2", "exact-semi-r#2"] {
            let stip = parse(s);
            assert!(stip.exact, "{s}");
            assert_eq!(stip.to_string(), s);
        }
    }

    /// `pser-`: defence parries, or help parries in help play; `phser-`: help parries.
    #[test]
    fn parry_series() {
        let s = parse("pser-#3");
        assert_eq!(
            (s.series, s.parry, s.moves),
            (true, Some(Parry::Defence), 3)
        );
        assert_eq!(parse("pser-s#2").parry, Some(Parry::Defence));
        assert_eq!(parse("pser-h#6").parry, Some(Parry::Help));
        assert_eq!(parse("phser-#2").parry, Some(Parry::Help));
        assert_eq!(parse("ser-#2").parry, None);
        assert_eq!(parse("2->pser-h#2").intro, 2);
        for s in [
            "pser-#3",
            "pser-h#6",
            "phser-#2",
            "phser-s=3",
            "2->pser-h#2",
            "pser-hdia4",
        ] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
    }

    /// `reci-h`: the side's own goal in parentheses, or the help play's goal again.
    #[test]
    fn reciprocal_help_play() {
        let s = parse("reci-h#2");
        assert_eq!((s.play, s.reci, s.moves), (Play::Help, Some(Goal::Mate), 2));
        let s = parse("reci-h(=)#3");
        assert_eq!((s.goal, s.reci), (Goal::Mate, Some(Goal::Stalemate)));
        let s = parse("ser-reci-h(#)=7");
        assert_eq!(
            (s.series, s.goal, s.reci),
            (true, Goal::Stalemate, Some(Goal::Mate))
        );
        for s in ["reci-h#2", "reci-h(=)#3", "ser-reci-h(#)=7", "reci-h(=)x2"] {
            assert_eq!(parse(s).to_string(), s, "round trip of {s}");
        }
        // As the reference solver prints them.
        assert_eq!(parse("exact-reci-h#2").to_string(), "reci-h#2");
        assert_eq!(parse("ser-reci-h#1").to_string(), "reci-h#1");
        assert_eq!(parse("RECI-H#2").to_string(), "reci-h#2");
        for bad in ["reci-#2", "reci-s#2", "reci-h(=#3", "reci-h(q)#3"] {
            let e = bad.parse::<Stipulation>().unwrap_err();
            assert!(!e.contains("not supported"), "{bad}: {e}");
        }
        for refused in ["reci-h#2.5", "reci-hdia3"] {
            assert!(refused.parse::<Stipulation>().is_err(), "{refused}");
        }
        let e = "reci-h#2.5".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("not supported"), "{e}");
    }

    /// `m->`: the other side's moves before a series; refused before anything else.
    #[test]
    fn moves_before_a_series() {
        let s = parse("3->ser-#2");
        assert_eq!((s.intro, s.series, s.moves), (3, true, 2));
        assert_eq!(s.to_string(), "3->ser-#2");
        assert_eq!(parse("2->ser-h=4").to_string(), "2->ser-h=4");
        assert_eq!(parse("ser-#2").intro, 0);
        for bad in ["0->ser-#2", "x->ser-#2", "->ser-#2"] {
            let e = bad.parse::<Stipulation>().unwrap_err();
            assert!(e.contains("invalid") && e.contains("m->"), "{bad}: {e}");
        }
        let e = "2->h#3".parse::<Stipulation>().unwrap_err();
        assert!(e.contains("before series play only"), "{e}");
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
