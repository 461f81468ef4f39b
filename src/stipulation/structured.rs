//! Structured stipulations (`sstipulation`): Popeye's notation of play as a tree of
//! branches, forks and leaves, read into a syntax tree and lowered to the stipulations
//! this solver plays.
//!
//! `sstipulation black 3h[3a[#]d]h`: Black starts a help branch of 3 half moves (`h`),
//! after which the fork (`[...]`) holds a nested battle branch: White mates in 2 (`3a`:
//! three half moves, attack first; `[#]` after the attacker's move, `d` the defence).
//! The grammar is the reference solver's (its manual, "sstipulation"); what this solver
//! plays of it is what [`lower`] accepts, the rest is refused by name.

use super::{Goal, Parry, Play, Stipulation, MAX_MOVES};
use crate::board::{Color, Square};
use std::fmt;

/// A parsed structured stipulation: the side named first and the expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    pub starter: Color,
    pub expr: Expr,
}

/// An expression of leaves and branches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A leaf: the move just played reaches the goal.
    Goal(Goal),
    Branch(Box<Branch>),
    /// `!`: the operand does not hold.
    Not(Box<Expr>),
    /// `-`: the other side starts the operand.
    Invert(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

/// Which half moves a branch is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchKind {
    /// `a`, then `d`: the attacker moves first (`3a[#]d`, `4ad[#]`).
    Attack,
    /// `d`, then `a`: the defender moves first (`2da[#]`).
    Defence,
    /// `h`, `h`: help moves (`4hh[#]`, `5h[=]h`).
    Help,
    /// `s`: one side's series (`5s[#]`).
    Series,
}

/// A branch: its length in half moves, its kind, and what follows each of its two
/// half moves (forks and constraints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// `m:n`: the minimal length, when given.
    pub min: Option<u32>,
    pub max: u32,
    pub kind: BranchKind,
    /// After the first letter.
    pub first: Vec<Operand>,
    /// After the second letter (none in a series).
    pub second: Vec<Operand>,
    /// `?+?` before the second letter: that side moves only when in check.
    pub parry: bool,
}

/// What follows a half move of a branch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// `[...]`: where the play may end, and what must hold there.
    Fork(Fork),
    /// `{...}`: what must hold before each move of the branch's other side.
    Constraint(Expr),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fork {
    /// `>`: the containing branch ends where the nested one holds.
    pub forced: bool,
    /// `/`: the nested branch's moves are not shown.
    pub hidden: bool,
    pub expr: Expr,
}

/// What an expression is, for the rule that both operands of `&` and `|` agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Leaf,
    Attack,
    Defence,
}

/// Parses `text`, everything after the keyword: the side, then the expression.
pub fn parse(text: &str) -> Result<Tree, String> {
    let text = text.trim();
    let (side, rest) = text
        .split_once(|c: char| c.is_whitespace())
        .unwrap_or((text, ""));
    let starter = side_named(side).ok_or_else(|| {
        format!(
            "structured stipulation \"{text}\": expected the side that starts (white or black), found \"{side}\""
        )
    })?;
    let mut p = Parser {
        text: rest,
        at: 0,
        whole: text,
    };
    let (expr, _) = p.expression()?;
    p.skip_ws();
    if p.at < p.text.len() {
        return Err(p.error("unexpected text"));
    }
    Ok(Tree { starter, expr })
}

/// `white`, `black`, or a prefix of one of them.
fn side_named(word: &str) -> Option<Color> {
    let w = word.to_ascii_lowercase();
    if w.is_empty() {
        None
    } else if "white".starts_with(&w) {
        Some(Color::White)
    } else if "black".starts_with(&w) {
        Some(Color::Black)
    } else {
        None
    }
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
    whole: &'a str,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> String {
        let rest = &self.text[self.at..];
        if rest.is_empty() {
            format!(
                "structured stipulation \"{}\": {what} at its end",
                self.whole
            )
        } else {
            format!(
                "structured stipulation \"{}\": {what} at \"{rest}\"",
                self.whole
            )
        }
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.at += c.len_utf8();
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        self.skip_ws();
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(&format!("expected \"{c}\"")))
        }
    }

    /// An operand, then optionally an operator and another expression (the operators
    /// bind to the right, as the reference solver reads them).
    fn expression(&mut self) -> Result<(Expr, Group), String> {
        let (left, group) = self.operand()?;
        self.skip_ws();
        let and = if self.eat('&') {
            true
        } else if self.eat('|') {
            false
        } else {
            return Ok((left, group));
        };
        if group == Group::Defence {
            return Err(self.error("a defence branch cannot be an operand of & or |"));
        }
        let (right, right_group) = self.expression()?;
        if right_group != group {
            return Err(self.error(
                "the operands of & and | must both be goals, or both attack (or help, or series) branches",
            ));
        }
        let (l, r) = (Box::new(left), Box::new(right));
        Ok((if and { Expr::And(l, r) } else { Expr::Or(l, r) }, group))
    }

    fn operand(&mut self) -> Result<(Expr, Group), String> {
        self.skip_ws();
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let e = self.expression()?;
                self.expect(')')?;
                Ok(e)
            }
            Some('!') => {
                self.at += 1;
                let (e, g) = self.operand()?;
                Ok((Expr::Not(Box::new(e)), g))
            }
            Some('-') => {
                self.at += 1;
                let (e, g) = self.operand()?;
                Ok((Expr::Invert(Box::new(e)), g))
            }
            Some(c) if c.is_ascii_digit() && c != '0' => self.branch(),
            Some(_) => Ok((Expr::Goal(self.goal()?), Group::Leaf)),
            None => Err(self.error("expected a goal or a branch")),
        }
    }

    fn number(&mut self) -> Result<u32, String> {
        let digits = self.text[self.at..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(self.text.len() - self.at, |n| n);
        let n = self.text[self.at..self.at + digits]
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=2 * MAX_MOVES).contains(n))
            .ok_or_else(|| {
                self.error(&format!(
                    "expected a branch length from 1 to {} half moves",
                    2 * MAX_MOVES
                ))
            })?;
        self.at += digits;
        Ok(n)
    }

    fn branch(&mut self) -> Result<(Expr, Group), String> {
        let first = self.number()?;
        self.skip_ws();
        let (min, max) = if self.eat(':') {
            self.skip_ws();
            (Some(first), self.number()?)
        } else {
            (None, first)
        };
        let letter = self.peek().map(|c| c.to_ascii_lowercase());
        let kind = match letter {
            Some('a') => BranchKind::Attack,
            Some('d') => BranchKind::Defence,
            Some('h') => BranchKind::Help,
            Some('s') => BranchKind::Series,
            _ => return Err(self.error("expected the kind of branch (a, d, h or s)")),
        };
        self.at += 1;
        let first_ops = self.operands()?;
        let mut branch = Branch {
            min,
            max,
            kind,
            first: first_ops,
            second: Vec::new(),
            parry: false,
        };
        let second = match kind {
            BranchKind::Attack => Some('d'),
            BranchKind::Defence => Some('a'),
            BranchKind::Help => Some('h'),
            BranchKind::Series => None,
        };
        if let Some(second) = second {
            self.skip_ws();
            if matches!(kind, BranchKind::Attack | BranchKind::Help)
                && self.text[self.at..].starts_with("?+?")
            {
                self.at += 3;
                branch.parry = true;
            }
            if self.peek().map(|c| c.to_ascii_lowercase()) == Some(second) {
                self.at += 1;
                branch.second = self.operands()?;
            } else if kind == BranchKind::Help || branch.parry {
                return Err(self.error(&format!("expected \"{second}\"")));
            }
        }
        let group = if kind == BranchKind::Defence {
            Group::Defence
        } else {
            Group::Attack
        };
        Ok((Expr::Branch(Box::new(branch)), group))
    }

    fn operands(&mut self) -> Result<Vec<Operand>, String> {
        let mut ops = Vec::new();
        loop {
            self.skip_ws();
            if self.eat('[') {
                let forced = self.eat('>');
                let hidden = self.eat('/');
                let (expr, group) = self.expression()?;
                if forced && group != Group::Attack {
                    return Err(self.error("\">\" must begin an attack, help or series branch"));
                }
                self.expect(']')?;
                ops.push(Operand::Fork(Fork {
                    forced,
                    hidden,
                    expr,
                }));
            } else if self.eat('{') {
                let (expr, _) = self.expression()?;
                self.expect('}')?;
                ops.push(Operand::Constraint(expr));
            } else {
                return Ok(ops);
            }
        }
    }

    /// A goal, its longest spelling first (`##!` before `##` before `#`).
    fn goal(&mut self) -> Result<Goal, String> {
        let rest = &self.text[self.at..];
        let lower = rest.to_ascii_lowercase();
        for (spelling, goal) in GOAL_SPELLINGS {
            if lower.starts_with(spelling) {
                self.at += spelling.len();
                return Ok(*goal);
            }
        }
        for (letter, make) in [('z', Goal::Target as fn(Square) -> Goal), ('k', Goal::Kiss)] {
            if let Some(sq) = lower
                .strip_prefix(letter)
                .and_then(|r| r.get(..2))
                .and_then(Square::parse)
            {
                self.at += 3;
                return Ok(make(sq));
            }
        }
        if ["dia", "a=>b", "=#", "(=)"]
            .iter()
            .any(|g| lower.starts_with(g))
        {
            return Err(self.error("this goal is not supported in a structured stipulation"));
        }
        Err(self.error("expected a goal (# = == #= ## ##! + x % ~ 00 ep z<square> ...)"))
    }
}

/// The goals of a leaf, longest spellings first.
const GOAL_SPELLINGS: &[(&str, Goal)] = &[
    ("##!", Goal::CounterMate),
    ("##", Goal::DoubleMate),
    ("#=", Goal::MateOrStalemate),
    ("#", Goal::Mate),
    ("==", Goal::DoubleStalemate),
    ("=", Goal::Stalemate),
    ("+", Goal::Check),
    ("x", Goal::Capture),
    ("%", Goal::WinPiece),
    ("~", Goal::Any),
    ("00", Goal::Castling),
    ("ep", Goal::EnPassant),
    ("c81", Goal::Chess81),
    ("ctr", Goal::CircuitByRebirth),
    ("ct", Goal::Circuit),
    ("<>r", Goal::ExchangeByRebirth),
    ("<>", Goal::Exchange),
];

/// How a structured stipulation was written, kept with the stipulation it lowers to: the
/// reference solver prints it, rebuilt from its structure, over the play, and numbers
/// the moves by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Structure {
    /// The side named first.
    pub starter: Color,
    /// `-`: the other side makes the first move.
    pub inverted: bool,
    /// In help play: what follows the help moves, when it is not a goal of their last.
    pub sequel: Option<Sequel>,
    /// `/`: the sequel's moves are not shown.
    pub hidden: bool,
    /// A parry series' last move written as a help branch (`13h[1h[#]h]?+?h`), not as an
    /// attack (`15h[1a[#]d]?+?h`).
    pub help_last: bool,
}

/// What follows the help play of a structured stipulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sequel {
    /// Battle play of `moves` attacker moves to the stipulation's goal: direct (`3a[#]d`,
    /// a mate in 2 by the side to move), self (`4ad[#]`), reflex or semi-reflex play; with
    /// `defence_first` the side to move is the defender, and every move of it must lose
    /// (`2da[#]`: the other side then mates in 1).
    Battle {
        play: Play,
        moves: u32,
        defence_first: bool,
    },
    /// Every move of the side to move reaches the goal, and it has one (`1d[#]a`); with
    /// `unchecked` it is not in check either (`1d[x]a{!+}`: CapZug, a zugzwang to capture).
    Forced { unchecked: bool },
    /// A self branch of an odd number of half moves (`1ad[#]`, `5ad[#]`). The reference
    /// solver finds no play in it after a help branch, though `4ad[#]` there has some
    /// and `5ad[#]` at the top is `4ad[#]`: the defender's goal falls on the other
    /// parity. So it never holds, and the help play before it has no solution.
    OddSelf { half_moves: u32 },
}

impl Sequel {
    /// The reference solver's spelling of the sequel, which the caption shows.
    fn write(self, f: &mut fmt::Formatter<'_>, goal: &str, hidden: bool) -> fmt::Result {
        let hide = if hidden { "/" } else { "" };
        match self {
            Sequel::Battle {
                play,
                moves,
                defence_first: true,
            } if play == Play::Direct => write!(f, "{hide}{}da[{goal}]", 2 * moves),
            Sequel::Battle { play, moves, .. } => {
                f.write_str(hide)?;
                write_battle(f, play, moves, goal)
            }
            Sequel::Forced { unchecked: true } => write!(f, "{hide}1d[{goal}]a{{!+}}"),
            Sequel::Forced { unchecked: false } => write!(f, "{hide}1d[{goal}]a"),
            Sequel::OddSelf { half_moves } => write!(f, "{hide}{half_moves}ad[{goal}]"),
        }
    }
}

/// A battle branch as the reference solver spells it.
fn write_battle(f: &mut fmt::Formatter<'_>, play: Play, moves: u32, goal: &str) -> fmt::Result {
    let odd = 2 * moves - 1;
    match play {
        Play::SelfPlay => write!(f, "{}ad[{goal}]", 2 * moves),
        Play::Reflex => write!(f, "{odd}a[>1a[{goal}]d]d{{!1a[{goal}]d}}"),
        Play::SemiReflex => write!(f, "{odd}a[>1a[{goal}]d]d"),
        _ => write!(f, "{odd}a[{goal}]d"),
    }
}

/// The caption of a structured stipulation: `Black 3h[3a[#]d]h`.
pub(super) fn write(stip: &Stipulation, s: Structure, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let side = match s.starter {
        Color::White => "White",
        Color::Black => "Black",
    };
    write!(f, "{side} ")?;
    if s.inverted {
        f.write_str("-")?;
    }
    let goal = stip.goal.symbol();
    if let Some(parry) = stip.parry {
        let n = 2 * stip.moves - 1;
        let last = if s.help_last {
            ("1h[", "]h")
        } else {
            ("1a[", "]d")
        };
        return match (parry, stip.play) {
            (Parry::Defence, Play::SelfPlay) => write!(f, "{n}a[1d[{goal}]a]?+?d"),
            (Parry::Defence, _) => write!(f, "{n}a[{goal}]?+?d"),
            (Parry::Help, Play::SelfPlay) => write!(f, "{n}h[1d[{goal}]a]?+?h"),
            (Parry::Help, Play::Help) => write!(f, "{n}h[{}{goal}{}]?+?h", last.0, last.1),
            (Parry::Help, _) => write!(f, "{n}h[{goal}]?+?h"),
        };
    }
    if stip.series {
        let n = stip.moves;
        if stip.exact && n > 1 {
            write!(f, "{n}:")?;
        }
        return match stip.play {
            Play::Help => write!(f, "{n}s[1a[{goal}]d]"),
            Play::HelpSelf => {
                write!(f, "{n}s[1a[")?;
                match s.sequel {
                    Some(sequel) => sequel.write(f, &goal, s.hidden)?,
                    None => write!(f, "1d[{goal}]a")?,
                }
                f.write_str("]d]")
            }
            _ => write!(f, "{n}s[{goal}]"),
        };
    }
    if !stip.play.is_help() {
        return match s.sequel {
            // A direct branch to a forced defender: `3a[/1d[+]a{!+}]d`.
            Some(sequel) => {
                write!(f, "{}a[", 2 * stip.moves - 1)?;
                sequel.write(f, &goal, s.hidden)?;
                f.write_str("]d")
            }
            None => write_battle(f, stip.play, stip.moves, &goal),
        };
    }
    let half_moves = 2 * stip.moves + u32::from(stip.half);
    let (open, close) = if half_moves % 2 == 1 {
        ("h[", "]h")
    } else {
        ("hh[", "]")
    };
    if stip.exact && half_moves > 1 {
        write!(f, "{half_moves}:")?;
    }
    write!(f, "{half_moves}{open}")?;
    match s.sequel {
        Some(sequel) => sequel.write(f, &goal, s.hidden)?,
        None => f.write_str(&goal)?,
    }
    f.write_str(close)
}

/// The stipulation a structured one stands for, where this solver plays it.
pub fn lower(tree: &Tree, whole: &str) -> Result<Stipulation, String> {
    let unsupported =
        |what: &str| format!("structured stipulation \"{whole}\": {what} is not supported");
    let (inverted, top) = match &tree.expr {
        Expr::Invert(inner) => (true, inner.as_ref()),
        e => (false, e),
    };
    let Expr::Branch(branch) = top else {
        return Err(unsupported(
            "a stipulation other than one branch (a leaf, !, & or | at the top)",
        ));
    };
    // `m:n`: in help play and series the reference solver's default minimum is the
    // shortest length of the parity (one series move); a minimum of the full length is
    // `exact-`. Other minimums are not played.
    let default_min = match branch.kind {
        BranchKind::Help => branch.max % 2,
        BranchKind::Series => 1,
        BranchKind::Attack | BranchKind::Defence => 0,
    };
    let exact = match branch.min {
        None => false,
        Some(m) if m <= default_min => false,
        Some(m)
            if m >= branch.max && matches!(branch.kind, BranchKind::Help | BranchKind::Series) =>
        {
            true
        }
        Some(_) => {
            return Err(unsupported(
                "a minimal length (m:n) other than the full length in help play and series",
            ))
        }
    };
    let mut structure = Structure {
        starter: tree.starter,
        inverted,
        sequel: None,
        hidden: false,
        help_last: false,
    };
    let n = branch.max;
    if exact && branch.parry {
        return Err(unsupported("a minimal length (m:n) in a parry series"));
    }
    if branch.parry {
        return parry_series(branch, structure).ok_or_else(|| {
            unsupported("this conditional move (?+?): only the parry series forms (`7h[#]?+?h`, `15a[#]?+?d`, ...)")
        });
    }
    match branch.kind {
        BranchKind::Help => {
            // The fork follows the half move that ends the branch: the first `h` of an
            // odd length, the second of an even one.
            let (at_end, other) = if n % 2 == 1 {
                (&branch.first, &branch.second)
            } else {
                (&branch.second, &branch.first)
            };
            if !other.is_empty() {
                return Err(unsupported(
                    "a fork or constraint after the other help move of a branch",
                ));
            }
            let [Operand::Fork(fork)] = at_end.as_slice() else {
                return Err(unsupported(
                    "a help branch without exactly one fork at its end (or with a constraint)",
                ));
            };
            if fork.forced {
                return Err(unsupported("\">\" before the end of a help branch"));
            }
            let goal = match &fork.expr {
                Expr::Goal(goal) if !fork.hidden => *goal,
                Expr::Branch(nested) => {
                    let (sequel, goal) = sequel(nested)
                        .ok_or_else(|| unsupported("this play after a help branch"))?;
                    structure.sequel = Some(sequel);
                    structure.hidden = fork.hidden;
                    goal
                }
                _ => return Err(unsupported("this play after a help branch")),
            };
            Ok(Stipulation {
                half: n % 2 == 1,
                exact,
                structured: Some(structure),
                ..Stipulation::new(Play::Help, goal, n / 2)
            })
        }
        BranchKind::Series => {
            if inverted || !branch.second.is_empty() {
                return Err(unsupported("\"-\" or a constraint in a series"));
            }
            let [Operand::Fork(Fork {
                forced: false,
                hidden: false,
                expr,
            })] = branch.first.as_slice()
            else {
                return Err(unsupported("a series without exactly one plain fork"));
            };
            let (play, goal) = series_end(expr, &mut structure).ok_or_else(|| {
                unsupported("this end of a series (a goal, 1a[G]d and 1a[1d[G]a]d are played)")
            })?;
            Ok(Stipulation {
                series: true,
                exact,
                structured: Some(structure),
                ..Stipulation::new(play, goal, n)
            })
        }
        BranchKind::Attack => {
            if inverted {
                return Err(unsupported("\"-\" before battle play"));
            }
            if let Some((goal, unchecked, hidden)) = direct_to_forced(branch) {
                structure.sequel = Some(Sequel::Forced { unchecked });
                structure.hidden = hidden;
                return Ok(Stipulation {
                    structured: Some(structure),
                    ..Stipulation::new(Play::Direct, goal, n.div_ceil(2))
                });
            }
            let (play, moves, goal) =
                battle(branch).ok_or_else(|| unsupported("this battle play"))?;
            Ok(Stipulation {
                structured: Some(structure),
                ..Stipulation::new(play, goal, moves)
            })
        }
        BranchKind::Defence => Err(unsupported("a defence branch at the top (post-key play)")),
    }
}

/// The goal of operands that are one plain fork to a goal (`[#]`).
fn goal_fork(ops: &[Operand]) -> Option<Goal> {
    match ops {
        [Operand::Fork(Fork {
            forced: false,
            hidden: false,
            expr: Expr::Goal(g),
        })] => Some(*g),
        _ => None,
    }
}

/// `e` as a plain branch of one half move of `kind` (`1a[...]d`, `1d[...]a`, `1h[...]h`).
fn one_move(e: &Expr, kind: BranchKind) -> Option<&Branch> {
    match e {
        Expr::Branch(b) if b.kind == kind && b.max == 1 && b.min.is_none() && !b.parry => Some(b),
        _ => None,
    }
}

/// `1a[G]d`, `1d[G]a`, `1h[G]h`: one half move of `kind` to the goal, which follows its
/// first letter.
fn one_move_to_goal(e: &Expr, kind: BranchKind) -> Option<Goal> {
    one_move(e, kind)
        .filter(|b| b.second.is_empty())
        .and_then(|b| goal_fork(&b.first))
}

/// What ends a series: a goal (`5s[#]`, `ser-#5`), the other side's move to it
/// (`5s[1a[#]d]`, `ser-h#5`), or the other side's move after which the series side is
/// forced to it (`5s[1a[1d[#]a]d]`, `ser-hs#5`; a CapZug there, `8s[1a[/1d[+]a{!+}]d]`).
/// Not `5s[1d[#]a]`: the reference solver's manual calls it `ser-s#5`, but it plays it
/// on through a series move after which the other side is already forced to the goal
/// (under AntiCirce Cheylan, white Ka8 Qc5 Be1 Bf8 Sc1 Sd8 Ph3, black Ka6 Pd4: lines
/// `ser-s#3` does not have).
fn series_end(expr: &Expr, structure: &mut Structure) -> Option<(Play, Goal)> {
    if let Expr::Goal(g) = expr {
        return Some((Play::Direct, *g));
    }
    if let Some(g) = one_move_to_goal(expr, BranchKind::Attack) {
        return Some((Play::Help, g));
    }
    let a = one_move(expr, BranchKind::Attack)?;
    let (goal, unchecked, hidden) = direct_to_forced(a)?;
    structure.sequel = Some(Sequel::Forced { unchecked });
    structure.hidden = hidden;
    Some((Play::HelpSelf, goal))
}

/// A parry series (`?+?` before the second half move: the other side moves only to
/// answer a check): `Nh[G]?+?h` is `phser-G`, `Nh[1a[G]d]?+?h` (or `1h[G]h`) `pser-hG`,
/// `Nh[1d[G]a]?+?h` `phser-sG`, `Na[G]?+?d` `pser-G`, `Na[1d[G]a]?+?d` `pser-sG`, each of
/// (N + 1) / 2 moves.
fn parry_series(b: &Branch, mut structure: Structure) -> Option<Stipulation> {
    if b.max % 2 == 0 || b.min.is_some() || !b.second.is_empty() || structure.inverted {
        return None;
    }
    let [Operand::Fork(Fork {
        forced: false,
        hidden: false,
        expr,
    })] = b.first.as_slice()
    else {
        return None;
    };
    let last = |kind: BranchKind| one_move_to_goal(expr, kind);
    let (parry, play, goal) = match (b.kind, expr) {
        (BranchKind::Help, Expr::Goal(g)) => (Parry::Help, Play::Direct, *g),
        (BranchKind::Attack, Expr::Goal(g)) => (Parry::Defence, Play::Direct, *g),
        (BranchKind::Help, _) if last(BranchKind::Attack).is_some() => {
            (Parry::Help, Play::Help, last(BranchKind::Attack)?)
        }
        (BranchKind::Help, _) if last(BranchKind::Help).is_some() => {
            structure.help_last = true;
            (Parry::Help, Play::Help, last(BranchKind::Help)?)
        }
        (BranchKind::Help, _) => (Parry::Help, Play::SelfPlay, last(BranchKind::Defence)?),
        (BranchKind::Attack, _) => (Parry::Defence, Play::SelfPlay, last(BranchKind::Defence)?),
        _ => return None,
    };
    Some(Stipulation {
        series: true,
        parry: Some(parry),
        structured: Some(structure),
        ..Stipulation::new(play, goal, b.max.div_ceil(2))
    })
}

/// A battle branch this solver plays: direct `Na[G]d` (N = 2n - 1), self `Nad[G]` (N =
/// 2n), reflex `Na[>1a[G]d]d{!1a[G]d}` and semi-reflex `Na[>1a[G]d]d` (or
/// `Na[1a[G]d]d`): the play, its moves, its goal.
fn battle(b: &Branch) -> Option<(Play, u32, Goal)> {
    if b.kind != BranchKind::Attack || b.min.is_some() || b.parry {
        return None;
    }
    let n = b.max;
    // `1a[G]d`: the side to move reaches the goal in one move.
    let in_one = |e: &Expr| one_move_to_goal(e, BranchKind::Attack);
    if n % 2 == 0 {
        let goal = goal_fork(&b.second).filter(|_| b.first.is_empty())?;
        return Some((Play::SelfPlay, n / 2, goal));
    }
    let moves = n.div_ceil(2);
    if let Some(goal) = goal_fork(&b.first) {
        return b.second.is_empty().then_some((Play::Direct, moves, goal));
    }
    let [Operand::Fork(Fork {
        hidden: false,
        expr,
        ..
    })] = b.first.as_slice()
    else {
        return None;
    };
    let goal = in_one(expr)?;
    match b.second.as_slice() {
        [] => Some((Play::SemiReflex, moves, goal)),
        [Operand::Constraint(Expr::Not(c))] if in_one(c) == Some(goal) => {
            Some((Play::Reflex, moves, goal))
        }
        _ => None,
    }
}

/// `1d[G]a`, or `1d[G]a{!+}` (`unchecked`: not in check either): the side to move has a
/// move and every move of it reaches the goal G.
fn forced_defence(b: &Branch) -> Option<(Goal, bool)> {
    if b.kind != BranchKind::Defence || b.max != 1 || b.min.is_some() || b.parry {
        return None;
    }
    let goal = goal_fork(&b.first)?;
    match b.second.as_slice() {
        [] => Some((goal, false)),
        [Operand::Constraint(Expr::Not(c))] if **c == Expr::Goal(Goal::Check) => Some((goal, true)),
        _ => None,
    }
}

/// A direct branch whose attacker ends by forcing the defender (`3a[/1d[+]a{!+}]d`: in
/// 2 moves White leaves Black not in check and every black move checking): its goal,
/// whether the defender must not be in check, and whether its moves are hidden (`/`).
fn direct_to_forced(b: &Branch) -> Option<(Goal, bool, bool)> {
    if b.kind != BranchKind::Attack || b.max.is_multiple_of(2) || b.min.is_some() || b.parry {
        return None;
    }
    if !b.second.is_empty() {
        return None;
    }
    let [Operand::Fork(Fork {
        forced: false,
        hidden,
        expr: Expr::Branch(d),
    })] = b.first.as_slice()
    else {
        return None;
    };
    let (goal, unchecked) = forced_defence(d)?;
    Some((goal, unchecked, *hidden))
}

/// The play after a help branch, and its goal.
fn sequel(b: &Branch) -> Option<(Sequel, Goal)> {
    if b.min.is_some() || b.parry {
        return None;
    }
    match b.kind {
        BranchKind::Attack if !b.max.is_multiple_of(2) && b.first.is_empty() => {
            let goal = goal_fork(&b.second)?;
            Some((Sequel::OddSelf { half_moves: b.max }, goal))
        }
        BranchKind::Attack => {
            let (play, moves, goal) = battle(b)?;
            Some((
                Sequel::Battle {
                    play,
                    moves,
                    defence_first: false,
                },
                goal,
            ))
        }
        BranchKind::Defence => {
            if b.max == 1 {
                let (goal, unchecked) = forced_defence(b)?;
                return Some((Sequel::Forced { unchecked }, goal));
            }
            // `2da[G]`: every defence allows the goal in n more attacker moves.
            if b.max % 2 == 1 || !b.first.is_empty() {
                return None;
            }
            let goal = goal_fork(&b.second)?;
            Some((
                Sequel::Battle {
                    play: Play::Direct,
                    moves: b.max / 2,
                    defence_first: true,
                },
                goal,
            ))
        }
        BranchKind::Help | BranchKind::Series => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(text: &str) -> Result<Stipulation, String> {
        let tree = parse(text)?;
        lower(&tree, text)
    }

    fn caption(text: &str) -> String {
        lowered(text).unwrap().to_string()
    }

    #[test]
    fn the_corpus_forms_are_read_and_written_back_as_the_reference_solver_writes_them() {
        // Each caption as Popeye 4.104 prints it.
        for (input, shown) in [
            ("black 4hh[2da[#]]", "Black 4hh[2da[#]]"),
            ("black 3h[3a[#]d]h", "Black 3h[3a[#]d]h"),
            ("black 4hh[/2da[#]]", "Black 4hh[/2da[#]]"),
            ("black 3h[4ad[#]]h", "Black 3h[4ad[#]]h"),
            ("black 7h[1ad[#]]h", "Black 7h[1ad[#]]h"),
            ("white 3a[/1d[+]a{!+}]d", "White 3a[/1d[+]a{!+}]d"),
            ("white 1a[1d[x]a]d", "White 1a[1d[x]a]d"),
            ("black 1h[/5ad[=]]h", "Black 1h[/5ad[=]]h"),
            ("black 7h[1d[#]a]h", "Black 7h[1d[#]a]h"),
            (
                "black 3h[3a[>1a[#]d]d{!1a[#]d}]h",
                "Black 3h[3a[>1a[#]d]d{!1a[#]d}]h",
            ),
            ("black - 5h[/1d[x]a{!+}]h", "Black -5h[/1d[x]a{!+}]h"),
            ("black 8hh[/1d[+]a{!+}]", "Black 8hh[/1d[+]a{!+}]"),
            ("white 3a[#]d", "White 3a[#]d"),
            ("white 4ad[#]", "White 4ad[#]"),
            ("white 3a[>1a[#]d]d{!1a[#]d}", "White 3a[>1a[#]d]d{!1a[#]d}"),
            ("white 3a[1a[#]d]d", "White 3a[>1a[#]d]d"),
            ("black 4hh[#]", "Black 4hh[#]"),
            ("white 5h[#]h", "White 5h[#]h"),
            ("white 5s[#]", "White 5s[#]"),
            ("black 13h[1h[#]h]?+?h", "Black 13h[1h[#]h]?+?h"),
            ("black 8s[1a[/1d[+]a{!+}]d]", "Black 8s[1a[/1d[+]a{!+}]d]"),
            ("black 5s[1a[#]d]", "Black 5s[1a[#]d]"),
            ("black 4s[1a[1d[#]a]d]", "Black 4s[1a[1d[#]a]d]"),
            ("white 4:4hh[#]", "White 4:4hh[#]"),
            ("black 1:5h[#]h", "Black 5h[#]h"),
            ("white 5:5s[#]", "White 5:5s[#]"),
            ("black 3:3h[3a[#]d]h", "Black 3:3h[3a[#]d]h"),
            ("black 15h[1a[#]d]?+?h", "Black 15h[1a[#]d]?+?h"),
            ("white 13h[00]?+?h", "White 13h[00]?+?h"),
            ("white 15a[#]?+?d", "White 15a[#]?+?d"),
            ("white 15a[1d[#]a]?+?d", "White 15a[1d[#]a]?+?d"),
            ("white 15h[1d[#]a]?+?h", "White 15h[1d[#]a]?+?h"),
        ] {
            assert_eq!(caption(input), shown, "{input}");
        }
    }

    #[test]
    fn the_forms_lower_to_the_play_they_name() {
        let s = lowered("black 3h[3a[#]d]h").unwrap();
        assert_eq!(
            (s.play, s.moves, s.half, s.goal),
            (Play::Help, 1, true, Goal::Mate)
        );
        let st = s.structured.unwrap();
        assert_eq!(st.starter, Color::Black);
        assert_eq!(
            st.sequel,
            Some(Sequel::Battle {
                play: Play::Direct,
                moves: 2,
                defence_first: false
            })
        );
        let s = lowered("black 4hh[2da[#]]").unwrap();
        assert_eq!((s.moves, s.half), (2, false));
        assert_eq!(
            s.structured.unwrap().sequel,
            Some(Sequel::Battle {
                play: Play::Direct,
                moves: 1,
                defence_first: true
            })
        );
        let s = lowered("white 4ad[#]").unwrap();
        assert_eq!((s.play, s.moves), (Play::SelfPlay, 2));
        // The parry series of the reference solver's manual.
        for (sstip, stip) in [
            ("white 15a[#]?+?d", "pser-#8"),
            ("white 15a[1d[#]a]?+?d", "pser-s#8"),
            ("black 15h[1a[#]d]?+?h", "pser-h#8"),
            ("white 15h[1d[#]a]?+?h", "phser-s#8"),
            ("white 7h[#]?+?h", "phser-#4"),
        ] {
            let s = lowered(sstip).unwrap();
            assert_eq!(
                Stipulation {
                    structured: None,
                    ..s
                },
                stip.parse().unwrap(),
                "{sstip}"
            );
        }
        let s = lowered("black - 5h[/1d[x]a{!+}]h").unwrap();
        let st = s.structured.unwrap();
        assert!(st.inverted && st.hidden);
        assert_eq!(st.sequel, Some(Sequel::Forced { unchecked: true }));
        assert_eq!(s.goal, Goal::Capture);
    }

    #[test]
    fn the_grammar_reads_operators_groups_and_prefixes() {
        let t = parse("white 4hh[#] & ( 4ad[#] | 4hh[=] )").unwrap();
        assert!(matches!(t.expr, Expr::And(..)));
        let t = parse("w 3a[#][1a[#]d]d").unwrap();
        assert_eq!(t.starter, Color::White);
        let Expr::Branch(b) = t.expr else { panic!() };
        assert_eq!(b.first.len(), 2);
        let t = parse("black 13h[1h[#]h]?+?h").unwrap();
        let Expr::Branch(b) = t.expr else { panic!() };
        assert!(b.parry);
        assert_eq!(
            parse("white 4:4hh[#]").map(|t| matches!(t.expr, Expr::Branch(b) if b.min == Some(4))),
            Ok(true)
        );
    }

    #[test]
    fn malformed_and_unplayed_forms_are_errors_that_say_so() {
        for bad in [
            "",
            "red 3a[#]d",
            "white 3q[#]",
            "white 3a[#",
            "white 3a[#]d & 2da[#]",
            "white 3a[#] extra",
            "white 3a[\u{fc}]d",
            "white 3a[#]\u{3000}\u{fc}",
            "white \u{3000}",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        // Any blank between the parts, however wide its encoding.
        assert!(parse("white 3a[#]\u{3000}d").is_ok());
        for unplayed in [
            "white 2:4hh[#]",
            "white 3:5s[#]",
            "white 3:3a[#]d",
            "white 14h?+?h[#]",
            "white 3d[==]a",
            "white 4hh[#] & 4ad[#]",
            "white 3ad[#]",
            "white 6s[1d[#]a]",
        ] {
            let e = lowered(unplayed).unwrap_err();
            assert!(e.contains("is not supported"), "{unplayed}: {e}");
        }
    }

    #[test]
    fn random_texts_are_read_or_refused_without_a_panic() {
        let alphabet: Vec<char> = "adhs0123456789:[]{}()!&|>/-?+#=x~%zkepct<>r \u{fc}\u{3000}"
            .chars()
            .collect();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let mut text = String::from("black ");
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for i in 0..(seed % 24) {
                let r = seed.rotate_left(i as u32 * 5) % alphabet.len() as u64;
                text.push(alphabet[r as usize]);
            }
            if let Ok(tree) = parse(&text) {
                let _ = lower(&tree, &text).map(|s| s.to_string());
            }
        }
    }
}
