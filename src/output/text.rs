//! Solutions printed in Popeye's layout: texts, diagram, stipulation line, then the play.

use super::notation::{full, move_text};
use crate::board::{Color, Square};
use crate::conditions::names_grid;
use crate::conditions::spelling::condition_lines;
use crate::input::{PieceSpec, ProblemSpec, TextKind};
use crate::movegen::MoveKind;
use crate::problem::{replay, Listener, Outcome, ProblemReport, SetupErrorKind, TwinReport};
use crate::search::{
    AttackNode, BattleSolution, DefenceNode, HelpLine, Numbering, PlayedMove, RootMove, Step,
    Threat,
};
use crate::stipulation::{Goal, Play, Stipulation};
use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const WIDTH: usize = 37;

fn centred(out: &mut String, text: &str) {
    let len = text.chars().count();
    let pad = if len < WIDTH { (WIDTH - len) / 2 } else { 0 };
    let _ = writeln!(out, "{}{}", " ".repeat(pad), text);
}

/// The board as Popeye draws it, with the stipulation and unit counts below; with
/// `grid`, Grid chess's lines between its cells (`|` between files, `---` between ranks).
pub fn diagram(out: &mut String, units: &[PieceSpec], stipulation: &str, grid: bool) {
    let border = "+---a---b---c---d---e---f---g---h---+";
    let spacer = "|                                   |";
    let _ = writeln!(out, "{border}\n{spacer}");
    for rank in (0..8).rev() {
        let _ = write!(out, "{}", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            let len = out.len();
            match units.iter().rev().find(|u| u.square == sq) {
                Some(u) => {
                    // Right-aligned in four columns: `   B`, `  -K`, `  LE`, ` -MO`.
                    let sign = if u.neutral {
                        "="
                    } else if u.color == Color::Black {
                        "-"
                    } else {
                        ""
                    };
                    let _ = write!(out, "{:>4}", format!("{sign}{}", u.role.code()));
                }
                None => out.push_str("   ."),
            }
            if grid && file % 2 == 0 && file > 0 {
                out.replace_range(len + 1..len + 2, "|");
            }
        }
        let _ = writeln!(out, "   {}", rank + 1);
        if grid && rank % 2 == 0 && rank > 0 {
            let _ = writeln!(out, "|  --- --- --- --- --- --- --- ---  |");
        } else {
            let _ = writeln!(out, "{spacer}");
        }
    }
    let _ = writeln!(out, "{border}");
    let neutral = units.iter().filter(|u| u.neutral).count();
    let white = units
        .iter()
        .filter(|u| u.color == Color::White && !u.neutral)
        .count();
    let black = units.len() - white - neutral;
    let counts = if neutral > 0 {
        format!("{white} + {black} + {neutral}n")
    } else {
        format!("{white} + {black}")
    };
    // The reference solver pads the counts to end in column 37 and no further: after a
    // stipulation that long they follow it without a blank.
    let width = 33usize.saturating_sub(stipulation.len());
    let _ = writeln!(out, "  {stipulation}{counts:>width$}");
}

/// The option lines under the diagram.
pub fn option_lines(spec: &ProblemSpec) -> Vec<String> {
    let o = &spec.options;
    let mut v = Vec::new();
    if o.duplex {
        v.push("Duplex".to_string());
    }
    if o.half_duplex {
        v.push("HalfDuplex".to_string());
    }
    if o.quodlibet {
        v.push("Quodlibet".to_string());
    }
    v
}

/// Option CastlingMutuallyExclusive as the reference solver lists it (not centred): the
/// pairs of rook squares.
pub fn castling_line(spec: &ProblemSpec) -> Option<String> {
    let pairs = &spec.options.castling_mutually_exclusive;
    (!pairs.is_empty()).then(|| {
        let listed: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}{b}")).collect();
        format!("CastlingMutuallyExclusive {}", listed.join(" "))
    })
}

/// The stipulation as the reference solver writes it over the play: a help play that
/// White starts is half a move shorter (`h#2.5` for `h#3` with option WhiteToPlay), and
/// battle play shows the options that bound the defence (`#6/1` with Threat 1,
/// `#4//2` with MaxFlightSquares 2, `#3;1,1` with NonTrivial 1 1).
pub fn stipulation_line(stip: &Stipulation, spec: &ProblemSpec) -> String {
    let o = &spec.options;
    if stip.play.is_help() && !stip.series {
        // WhiteToPlay shows a helpmate a half move shorter; a proof game keeps its length.
        let proof = matches!(stip.goal, Goal::Proof(_));
        if o.white_to_play && !stip.half && stip.moves > 0 && !proof {
            let shown = Stipulation {
                moves: stip.moves - 1,
                half: true,
                ..*stip
            };
            return shown.to_string();
        }
        return stip.to_string();
    }
    let mut text = stip.to_string();
    if stip.series {
        return text;
    }
    if o.threat.is_some() || o.max_flight_squares.is_some() {
        text.push('/');
        if let Some(t) = o.threat {
            text.push_str(&t.to_string());
        }
    }
    if let Some(f) = o.max_flight_squares {
        text.push_str(&format!("/{f}"));
    }
    if let Some((a, b)) = o.non_trivial {
        text.push_str(&format!(";{a},{b}"));
    }
    text
}

/// Squares from a8 to h1, rank by rank, as Popeye lists attributes.
fn squares_listed(units: &[&PieceSpec]) -> String {
    let mut sqs: Vec<Square> = units.iter().map(|u| u.square).collect();
    sqs.sort_by_key(|s| (std::cmp::Reverse(s.rank()), s.file()));
    sqs.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a problem is played on Alice boards: a condition names Alice, or a unit is
/// given a board.
pub fn plays_alice(units: &[PieceSpec], conditions: &[&str]) -> bool {
    units.iter().any(|u| u.alice.is_some())
        || conditions
            .iter()
            .any(|w| w.to_ascii_lowercase().contains("alice"))
}

/// Lines naming the units with attributes: `Royal e8`, `Kamikaze a8 c8`, and (with
/// `alice_boards`) the boards of Alice chess, for a problem under `conditions`.
pub fn attribute_lines(
    units: &[PieceSpec],
    conditions: &[&str],
    alice_boards: bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    // An attribute no unit has is left out, but for the Alice boards: the reference
    // solver names both, an empty one alone (`AliceB`).
    let mut named = |word: &str, which: &dyn Fn(&PieceSpec) -> bool, even_empty: bool| {
        let some: Vec<&PieceSpec> = units.iter().filter(|u| which(u)).collect();
        if !some.is_empty() {
            lines.push(format!("{word} {}", squares_listed(&some)));
        } else if even_empty {
            lines.push(word.to_string());
        }
    };
    named("Royal", &|u| u.royal, false);
    named("Kamikaze", &|u| u.kamikaze, false);
    named("Paralysing", &|u| u.paralysing, false);
    named("Chameleon", &|u| u.chameleon, false);
    named("HalfNeutral", &|u| u.half_neutral, false);
    named("Frischauf", &|u| u.frischauf, false);
    if alice_boards && plays_alice(units, conditions) {
        let on_b = |u: &PieceSpec| u.alice == Some(crate::input::AliceBoard::B);
        named("AliceA", &|u| !on_b(u), true);
        named("AliceB", &on_b, true);
    }
    lines
}

/// The texts, the diagram, the stipulation (of the first twin), conditions and options
/// above the play.
fn header(out: &mut String, spec: &ProblemSpec, first: Option<&Stipulation>) {
    // The reference solver writes the remarks as it reads them, before the rest.
    for t in spec.texts_of(TextKind::Remark) {
        let _ = writeln!(out, "{}", t.trim_end());
    }
    out.push('\n');
    for kind in [
        TextKind::Author,
        TextKind::Origin,
        TextKind::Award,
        TextKind::Title,
    ] {
        for t in spec.texts_of(kind) {
            // Centred with its trailing blanks, as the reference solver reads and writes them.
            centred(out, t.trim_end_matches(['\r', '\n']));
        }
    }
    out.push('\n');
    let stip = first.map(|s| stipulation_line(s, spec)).unwrap_or_default();
    let grid = !spec.options.suppress_grid && names_grid(&spec.conditions);
    if !spec.proof_start.is_empty() {
        // `a=>b`: the start position, who moves first, then the position to reach.
        diagram(out, &spec.proof_start, "", grid);
        let first = if spec.options.white_to_play {
            "White"
        } else {
            "Black"
        };
        out.push('\n');
        centred(out, &format!("=> ({first} ->)"));
        out.push_str("\n\n");
    }
    diagram(out, &spec.pieces, &stip, grid);
    for line in attribute_lines(&spec.pieces, &spec.condition_words(), true) {
        centred(out, &line);
    }
    let alice_units = spec.pieces.iter().any(|u| u.alice.is_some());
    for line in condition_lines(&spec.conditions, alice_units) {
        centred(out, &line);
    }
    if let Some(line) = castling_line(spec) {
        let _ = writeln!(out, "{line}");
    }
    for l in option_lines(spec) {
        centred(out, &l);
    }
    // Series direct play has no set play; the reference solver says it ignores the option.
    let series_direct = first.is_some_and(|s| s.series && s.play == Play::Direct);
    if spec.options.set_play && series_direct {
        out.push_str("SetPlay not applicable - ignored\n");
    }
    out.push('\n');
}

/// Option NoBoard: as the reference solver, only the remarks above the play.
fn no_board_header(out: &mut String, spec: &ProblemSpec) {
    for t in spec.texts_of(TextKind::Remark) {
        let _ = writeln!(out, "{}", t.trim_end());
    }
    out.push('\n');
}

/// The whole output of one problem.
pub fn problem(report: &ProblemReport) -> String {
    let text = Mutex::new(String::new());
    let printer = Printer::new(
        |piece: &str| {
            text.lock()
                .expect("no panic while printing")
                .push_str(piece)
        },
        Footer::Plain,
    );
    replay(report, &printer);
    text.into_inner().expect("no panic while printing")
}

/// What follows the last line of a problem's output (`solution finished.` or `Partial
/// solution`).
#[derive(Clone, Copy, Debug)]
pub enum Footer {
    /// Nothing: the line ends.
    Plain,
    /// The reference solver's: ` Time = 0.008 s` with the time since `since` (none under
    /// its option `-regression`), then two blank lines.
    Reference { since: Option<Instant> },
}

/// A time as the reference solver writes it: `2.345 s`, `1:02.345 m:s`, `1:02:03 h:m:s`.
pub fn time_text(d: Duration) -> String {
    let secs = d.as_secs();
    let millis = d.subsec_millis();
    let (hours, minutes, seconds) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02} h:m:s")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}.{millis:03} m:s")
    } else {
        format!("{seconds}.{millis:03} s")
    }
}

/// Prints a problem in the reference solver's layout as it is solved: each event's text
/// goes to `write` at once (`problem::Listener`), so that a solution is shown as soon as
/// it is proven. [`problem`] prints a finished report through it.
pub struct Printer<W: Fn(&str) + Sync> {
    write: W,
    footer: Footer,
    /// The blank line that ends a twin's play, held back in the reference solver's
    /// layout: it belongs to what follows, and its `Partial solution` and `solving
    /// interrupted.` come without it.
    blank_due: AtomicBool,
    /// Whether the report solved through it keeps the lines of help play it printed.
    keeps_lines: bool,
}

impl<W: Fn(&str) + Sync> Printer<W> {
    pub fn new(write: W, footer: Footer) -> Self {
        Printer {
            write,
            footer,
            blank_due: AtomicBool::new(false),
            keeps_lines: true,
        }
    }

    /// The printer of a solve whose report is not printed again: the lines of help play
    /// are printed and forgotten, so that memory does not grow with them.
    pub fn forgetting_lines(self) -> Self {
        Printer {
            keeps_lines: false,
            ..self
        }
    }

    fn print(&self, f: impl FnOnce(&mut String)) {
        let mut text = String::new();
        f(&mut text);
        self.write(&text);
    }

    fn write(&self, text: &str) {
        if self.blank_due.swap(false, Ordering::Relaxed) {
            (self.write)("\n");
        }
        (self.write)(text);
    }

    /// The blank line after a twin's play.
    fn end_of_play(&self) {
        match self.footer {
            Footer::Plain => (self.write)("\n"),
            Footer::Reference { .. } => self.blank_due.store(true, Ordering::Relaxed),
        }
    }
}

impl<W: Fn(&str) + Sync> Listener for Printer<W> {
    fn keeps_help_lines(&self) -> bool {
        self.keeps_lines
    }

    fn problem_begins(&self, spec: &ProblemSpec, first: Option<&Stipulation>) {
        self.print(|out| {
            if spec.options.no_board {
                no_board_header(out, spec);
            } else {
                header(out, spec, first);
            }
            if spec.zero_position.is_some() {
                out.push_str("zeroposition\n\n\n");
            }
        });
    }

    fn twin_begins(&self, label: Option<&str>) {
        if let Some(label) = label {
            self.print(|out| {
                let _ = writeln!(out, "{label}\n");
            });
        }
    }

    fn set_play_line(&self, line: &HelpLine) {
        self.help_line(line);
    }

    fn set_play_ends(&self) {
        self.write("\n");
    }

    fn help_line(&self, line: &HelpLine) {
        self.print(|out| {
            if line.apart {
                out.push('\n');
            }
            let fails = if line.fails { " ?!?" } else { "" };
            let _ = writeln!(out, "{}{fails}", help_line(line));
        });
    }

    fn duplex_half_ends(&self) {
        self.write("\n");
    }

    fn battle_begins(&self, prelude: &BattleSolution) {
        self.print(|out| battle_prelude(out, prelude));
    }

    fn move_number(&self, number: usize, mv: &PlayedMove) {
        // `  1  (Ke5-d4 )`, `  2  (Rd2-d8 + )`: the move with a check but no goal mark,
        // and the time so far where the footer has times.
        self.print(|out| {
            let check = if mv.check { " +" } else { "" };
            let _ = write!(out, "{number:>3}  ({}{check} ", move_text(mv));
            if let Footer::Reference { since: Some(t) } = self.footer {
                let _ = write!(out, "   Time = {}", time_text(t.elapsed()));
            }
            out.push_str(")\n");
        });
    }

    fn root(&self, root: &RootMove) {
        self.print(|out| battle_root(out, root));
    }

    fn battle_ends(&self) {
        self.end_of_play();
    }

    fn twin_ends(&self, twin: &TwinReport) {
        match &twin.outcome {
            // In the reference solver's frame, as there: no solution and no words (the
            // error goes to standard error).
            Err(e)
                if e.kind == SetupErrorKind::OpponentInCheck
                    && matches!(self.footer, Footer::Reference { .. }) => {}
            Err(e) => self.print(|out| {
                let _ = writeln!(out, "{}\n", e.message);
            }),
            Ok(Outcome::Help { .. }) => self.end_of_play(),
            Ok(Outcome::Battle(_)) => {}
        }
    }

    fn problem_ends(&self, report: &ProblemReport) {
        let partial = report
            .twins
            .iter()
            .any(|t| t.outcome.as_ref().is_ok_and(Outcome::partial));
        let timed_out = report.twins.iter().any(|t| t.timed_out);
        let last = match self.footer {
            // The reference solver's words for a run its time limit ended.
            Footer::Reference { .. } if timed_out => "solving interrupted.",
            _ if partial => "Partial solution",
            _ => "solution finished.",
        };
        if partial {
            self.blank_due.store(false, Ordering::Relaxed);
        }
        self.print(|out| match self.footer {
            Footer::Plain => {
                let _ = writeln!(out, "{last}");
            }
            Footer::Reference { since: None } => {
                let _ = write!(out, "{last}\n\n\n");
            }
            Footer::Reference { since: Some(t) } => {
                let _ = write!(out, "{last} Time = {}\n\n\n", time_text(t.elapsed()));
            }
        });
    }
}

/// The play of a twin as text lines, without the blank lines of the layout: help lines
/// (set play first) trimmed as `fairy solve --json` gives them, battle play with the
/// indentation that shows its tree.
pub fn play_lines(outcome: &Outcome) -> Vec<String> {
    match outcome {
        Outcome::Help {
            set_play,
            solutions,
            ..
        } => set_play
            .iter()
            .chain(solutions)
            .flat_map(|s| s.lines.iter())
            .map(|l| help_line(l).trim().to_string())
            .collect(),
        Outcome::Battle(solutions) => {
            let mut out = String::new();
            for s in solutions {
                battle(&mut out, s);
            }
            out.lines()
                .map(str::trim_end)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        }
    }
}

/// `  1.Rc2-b2 Sb6-c8   2.Rb2-b5 Rg7-a7 #`, `  1...Kd6-e5   2.…`, series `  1.X   2.Y   3.Z #`.
pub fn help_line(line: &HelpLine) -> String {
    if let Some(numbering) = line.numbering {
        return numbered_line(line, numbering);
    }
    if line.progressive {
        return progressive_line(line);
    }
    let mut s = String::from(" ");
    let plays: Vec<bool> = line
        .steps
        .iter()
        .map(|st| matches!(st, Step::Play { .. }))
        .collect();
    let series = line.series;
    let half_start = !series && !line.game && !line.whole_moves && plays.len() % 2 == 1;
    let mut number = 1;
    let mut moves = line.moves.iter();
    let mut prev_played = false;
    let mut played = 0;
    for (i, &is_play) in plays.iter().enumerate() {
        if !is_play {
            if !series && i == 0 {
                // Set play of whole moves: the side to move passes first.
                s.push_str(" 1...  ...");
                number = 2;
            }
            prev_played = false;
            continue;
        }
        let m = moves.next().expect("a move per played step");
        // After `m->`'s moves the series is numbered from 1 again.
        let series_starts = series && line.intro > 0 && played == line.intro;
        if series_starts {
            number = 1;
        }
        played += 1;
        // The series side moving again after the other side's move (`ser-hs#`: its
        // forced last move) is numbered too.
        let series_side = line.moves.get(line.intro).map(|m| m.mover);
        let again = played > line.intro + 1
            && Some(m.mover) == series_side
            && line
                .moves
                .get(played - 2)
                .is_some_and(|p| Some(p.mover) != series_side);
        let numbered = if series {
            !prev_played || series_starts || again
        } else if half_start {
            i % 2 == 1
        } else {
            i % 2 == 0
        };
        if half_start && i == 0 {
            let _ = write!(s, " 1...{}", full(m));
            number = 2;
        } else if numbered {
            // The numbers are right-aligned: `   9.`, `  10.`.
            let _ = match i {
                0 => write!(s, " {number}.{}", full(m)),
                1 if !plays[0] => write!(s, "{number:>3}.{}", full(m)),
                _ => write!(s, "{number:>4}.{}", full(m)),
            };
            number += 1;
        } else if m.mv.kind == MoveKind::Null {
            // The reference solver sets a pass further apart: `2.Kg7*g8  ...   3.`.
            let _ = write!(s, "  {}", full(m));
        } else {
            let _ = write!(s, " {}", full(m));
        }
        prev_played = true;
    }
    s
}

/// A line of progressive play: each turn numbered, from 1, at its first move
/// (`  1.e2-e4   2.e7-e5 Qd8-h4   3.Ke1-e2 ...`).
fn progressive_line(line: &HelpLine) -> String {
    let mut s = String::from(" ");
    let mut number = 1;
    for (i, m) in line.moves.iter().enumerate() {
        let _ = if i == 0 {
            write!(s, " {number}.{}", full(m))
        } else if line.moves[i - 1].mover != m.mover {
            write!(s, "{number:>4}.{}", full(m))
        } else {
            write!(s, " {}", full(m))
        };
        if line.moves.get(i + 1).is_none_or(|n| n.mover != m.mover) {
            number += 1;
        }
    }
    s
}

/// A structured stipulation's line, numbered as the reference solver's line writer
/// numbers every line: the moves of the side that moves first are numbered (`  1.`,
/// right-aligned in three columns), or after one inversion those of the other side, the
/// first move coming as `  1...`, or after two move 1 is passed (`  1...  ...   2.`);
/// from `restart` on the count starts again with that move's side.
fn numbered_line(line: &HelpLine, numbering: Numbering) -> String {
    let mut s = String::new();
    let Some(first) = line.moves.first() else {
        return s;
    };
    let (mut number, mut numbered) = match numbering.inversions {
        0 => (1, first.mover),
        1 => {
            s.push_str("  1...");
            (2, !first.mover)
        }
        _ => {
            s.push_str("  1...  ...");
            (2, first.mover)
        }
    };
    for (i, m) in line.moves.iter().enumerate() {
        if numbering.restart == Some(i) {
            number = 1;
            numbered = m.mover;
        }
        if i > 0 {
            s.push(' ');
        }
        if m.mover == numbered {
            let _ = write!(s, "{number:>3}.");
            number += 1;
        }
        s.push_str(&full(m));
    }
    s
}

/// The spaces before an attacker's move numbered `number`: the numbers are
/// right-aligned (`       2.`, `      10.`), eight columns a move.
fn attacker_indent(number: u32) -> usize {
    if number == 1 {
        3
    } else {
        8 * number as usize - 5 - digits(number)
    }
}

fn defender_indent(number: u32) -> usize {
    8 * number as usize - 1 - digits(number)
}

fn digits(number: u32) -> usize {
    number.to_string().len()
}

fn battle(out: &mut String, solution: &BattleSolution) {
    battle_prelude(out, solution);
    for root in &solution.roots {
        battle_root(out, root);
    }
    out.push('\n');
}

/// Battle play's set play, or its post-key play.
fn battle_prelude(out: &mut String, solution: &BattleSolution) {
    for d in &solution.set_play {
        defence(out, d, 1);
    }
    // The reference solver ends set play with a blank line whenever it looked for it,
    // even when there is none to show.
    if solution.set_play_solved {
        out.push('\n');
    }
    if let Some(post) = &solution.post_key {
        if !matches!(post.threat, Threat::NotShown) {
            let _ = writeln!(out, "{}", threat_suffix(&post.threat));
        }
        threat_lines(out, &post.threat, 1);
        for d in &post.defences {
            defence(out, d, 1);
        }
        if !solution.roots.is_empty() {
            out.push('\n');
        }
    }
}

/// A key or a try, with its play.
fn battle_root(out: &mut String, root: &RootMove) {
    let mark = if root.forced_goal {
        "?!?"
    } else if root.key {
        "!"
    } else {
        "?"
    };
    let node = &root.node;
    let _ = writeln!(
        out,
        "{}1.{} {mark}{}",
        " ".repeat(3),
        full(&node.mv),
        threat_suffix(&node.threat)
    );
    threat_lines(out, &node.threat, 1);
    for d in &node.defences {
        defence(out, d, 1);
    }
    if !root.key && !root.forced_goal {
        let _ = writeln!(out, "    but");
        for r in &root.refutations {
            let _ = writeln!(out, "{}1...{} !", " ".repeat(defender_indent(1)), full(r));
        }
    }
    // A reflex play's forced goals are listed without blank lines between them.
    if !root.forced_goal {
        out.push('\n');
    }
}

fn threat_suffix(t: &Threat) -> &'static str {
    match t {
        Threat::NotShown => "",
        Threat::Zugzwang => " zugzwang.",
        Threat::Moves(_) => " threat:",
    }
}

fn threat_lines(out: &mut String, t: &Threat, number: u32) {
    if let Threat::Moves(moves) = t {
        for m in moves {
            attack(out, m, number + 1);
        }
    }
}

fn attack(out: &mut String, node: &AttackNode, number: u32) {
    let _ = writeln!(
        out,
        "{}{number}.{}{}",
        " ".repeat(attacker_indent(number)),
        full(&node.mv),
        threat_suffix(&node.threat)
    );
    threat_lines(out, &node.threat, number);
    for d in &node.defences {
        defence(out, d, number);
    }
}

fn defence(out: &mut String, node: &DefenceNode, number: u32) {
    let _ = writeln!(
        out,
        "{}{number}...{}",
        " ".repeat(defender_indent(number)),
        full(&node.mv)
    );
    if node.refutes {
        let _ = writeln!(out, "{}refutes.", " ".repeat(defender_indent(number) + 2));
    }
    for a in &node.answers {
        attack(out, a, number + 1);
    }
}

#[cfg(test)]
mod tests {
    use crate::input::parse_file;

    #[test]
    fn times_are_written_as_the_reference_solver_writes_them() {
        use std::time::Duration;
        assert_eq!(super::time_text(Duration::from_millis(2345)), "2.345 s");
        assert_eq!(
            super::time_text(Duration::from_millis(62_345)),
            "1:02.345 m:s"
        );
        assert_eq!(
            super::time_text(Duration::from_millis(3_723_400)),
            "1:02:03 h:m:s"
        );
        assert_eq!(super::time_text(Duration::ZERO), "0.000 s");
    }
    use crate::problem::{solve_problem, SolveConfig};

    #[test]
    fn set_play_in_series_direct_play_is_said_to_be_ignored() {
        // As Popeye 4.104 prints it for ser-# and ser-= (not for ser-h#, ser-s#, h#, #).
        let text = |stip: &str| {
            let source = format!(
                "begin\nstipulation {stip}\noption SetPlay\npieces white Kg6 Ra1 black Kh8\nend\n"
            );
            let spec = parse_file(&source).remove(0).expect("parses");
            super::problem(&solve_problem(&spec, &SolveConfig::default()).expect("solves"))
        };
        assert!(text("ser-#1").contains("\nSetPlay not applicable - ignored\n\n"));
        assert!(!text("ser-h#1").contains("not applicable"));
        assert!(!text("#1").contains("not applicable"));
    }

    /// The solution lines the printer writes for a problem text, trimmed.
    fn solution_lines(source: &str) -> Vec<String> {
        let spec = parse_file(source).remove(0).expect("parses");
        let out = super::problem(&solve_problem(&spec, &SolveConfig::default()).expect("solves"));
        out.lines()
            .map(str::trim)
            .filter(|l| l.starts_with('1'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn no_board_leaves_out_all_but_the_remarks() {
        // As the reference solver prints it (Popeye 4.104, after its greeting line):
        // neither texts, diagram, stipulation nor conditions; the remarks stay.
        let text = "begin\nauthor Someone\nremark hello\npieces white Kg6 Ra1 black Kh8\n\
                    stipulation #1\ncondition Circe\noption NoBoard\nend\n";
        let spec = parse_file(text).remove(0).expect("parses");
        let out = super::problem(&solve_problem(&spec, &SolveConfig::default()).expect("solves"));
        assert_eq!(out, "hello\n\n   1.Ra1-a8 # !\n\n\nsolution finished.\n");
    }

    #[test]
    fn a_series_line_of_one_move_is_numbered_as_a_move() {
        // Constructed for this test: ser-#2 with a mate in one move among its solutions,
        // which Popeye prints `1.Bf6-d4 #` (a help play's half move would be `1...`).
        let lines = solution_lines(
            "begin\nstipulation ser-#2\npieces white Kc7 Bf6 Sb8 black Ka7 Ra8\nend\n",
        );
        assert!(lines.iter().any(|l| l == "1.Bf6-d4 #"), "{lines:?}");
        assert!(
            lines.iter().any(|l| l == "1.Kc7-c8   2.Bf6-d4 #"),
            "{lines:?}"
        );
        assert!(lines.iter().all(|l| !l.starts_with("1...")), "{lines:?}");
    }

    #[test]
    fn a_series_move_that_leaves_the_other_side_stalemated_is_not_marked() {
        // Constructed for this test: after 1.Qg1*b6 2.Bf4-d2 3.Kf5-e4 Black, which does
        // not move in a series, has no move; Popeye marks only the last move's goal.
        let lines = solution_lines(
            "begin\nstipulation ser-#4\npieces white Kf5 Bf4 Qg1 black Kc4 Sb6\nend\n",
        );
        let line = "1.Qg1*b6   2.Bf4-d2   3.Kf5-e4   4.Qb6-b4 #";
        assert!(lines.iter().any(|l| l == line), "{lines:?}");
        assert!(lines.iter().all(|l| !l.contains(" = ")), "{lines:?}");
    }
}

#[cfg(test)]
mod stipulation_line_tests {
    use super::*;
    use crate::input::parse_file;

    fn line(text: &str) -> String {
        let spec = parse_file(text).into_iter().next().unwrap().unwrap();
        let stip = spec.stipulation.as_ref().unwrap().value;
        stipulation_line(&stip, &spec)
    }

    #[test]
    fn the_stipulation_line_is_the_reference_solvers() {
        // Each printed by Popeye 4.104 for these stipulations and options.
        for (text, printed) in [
            ("stipulation h#3 option WhiteToPlay", "h#2.5"),
            ("stipulation h#2.5 option WhiteToPlay", "h#2.5"),
            ("stipulation hs#3 option WhiteToPlay", "hs#2.5"),
            ("stipulation h=2 option WhiteToPlay", "h=1.5"),
            ("stipulation #3 option Threat 1", "#3/1"),
            ("stipulation s#3 option Threat 1", "s#3/1"),
            ("stipulation #2 option MaxFlightSquares 2", "#2//2"),
            ("stipulation #3 option NonTrivial 1 1", "#3;1,1"),
            (
                "stipulation #4 option Threat 2 MaxFlightSquares 1 NonTrivial 2 1",
                "#4/2/1;2,1",
            ),
            ("stipulation #3 option Defence 1", "#3"),
            ("stipulation h#3", "h#3"),
        ] {
            let problem = format!("begin\n{text}\npieces white Ke1 black Ke8\nend\n");
            assert_eq!(line(&problem), printed, "{text}");
        }
    }
}
