//! Helpers shared by the integration tests that solve problem texts through the library.

#![allow(dead_code)] // each test crate uses some of the helpers

use fairy::board::{Position, Square};
use fairy::conditions::{Orthodox, Rules};
use fairy::input::parse_file;
use fairy::movegen::Move;
use fairy::output::notation;
use fairy::output::text;
use fairy::problem::{solve_problem, ProblemReport, SolveConfig};
use fairy::search::{annotate, goal_reached};
use fairy::stipulation::Goal;

/// Parses the first problem of `source` and solves it with the default settings.
pub fn solve_text(source: &str) -> ProblemReport {
    let spec = parse_file(source)
        .into_iter()
        .next()
        .expect("a problem")
        .expect("parses");
    solve_problem(&spec, &SolveConfig::default()).expect("solves")
}

/// The first moves of a solved battle problem's keys as printed, without their ` !`,
/// sorted; a twin that could not be solved panics with its message.
pub fn keys(report: &ProblemReport) -> Vec<String> {
    for t in &report.twins {
        if let Err(e) = &t.outcome {
            panic!("{e}");
        }
    }
    let mut lines: Vec<String> = text::problem(report)
        .lines()
        .filter(|l| l.starts_with("   1."))
        .map(|l| {
            let l = l.trim().trim_start_matches("1.");
            l.trim_end_matches(" !").trim().to_string()
        })
        .collect();
    lines.sort();
    lines
}

/// A one-problem text for a FEN position (White or Black to move as the stipulation
/// has it) and `stip`.
pub fn source(fen: &str, stip: &str) -> String {
    // Popeye's forsyth has no side to move or rights: the diagram's rights are assumed
    // from the units at home, and e.p. is stated as an option.
    // (Popeye's forsyth writes the knight S; its N is the nightrider.)
    let board = fen
        .split_whitespace()
        .next()
        .unwrap()
        .replace('n', "s")
        .replace('N', "S");
    let ep = match fen.split_whitespace().nth(3) {
        Some(sq) if sq != "-" => {
            let s = Square::parse(sq).unwrap();
            let (from, to) = (
                Square::from_coords(s.file(), 6),
                Square::from_coords(s.file(), 4),
            );
            format!("option EnPassant {from}{s}{to}\n")
        }
        _ => String::new(),
    };
    format!("begin\nforsyth {board}\nstipulation {stip}\n{ep}end\n")
}

/// A move as the solver writes it, `goal` marked where the move reaches it.
pub fn written(pos: &Position<()>, mv: &Move, after: &Position<()>, goal: Goal) -> Vec<String> {
    let mut played = annotate(&Orthodox, pos, mv, after, goal);
    if !goal_reached(&Orthodox, mv, after, goal) {
        played.result = None;
    }
    notation::full(&played)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The solver's lines of help play, without their move numbers (`1.`, `1...`), sorted.
pub fn help_lines(fen: &str, stip: &str) -> Vec<Vec<String>> {
    lines_of(&source(fen, stip))
}

/// The solver's lines of help play for a problem text, as [`help_lines`] has them.
pub fn lines_of(source: &str) -> Vec<Vec<String>> {
    let report = solve_text(source);
    for t in &report.twins {
        if let Err(e) = &t.outcome {
            panic!("{source}: {e}");
        }
    }
    let mut lines: Vec<Vec<String>> = text::problem(&report)
        .lines()
        .filter(|l| l.starts_with("  1."))
        .map(|l| {
            l.split_whitespace()
                .map(|t| {
                    let digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
                    match digits
                        .strip_prefix("...")
                        .or_else(|| digits.strip_prefix('.'))
                    {
                        Some(mv) if digits.len() < t.len() => mv.to_string(),
                        _ => t.to_string(),
                    }
                })
                .collect()
        })
        .collect();
    lines.sort();
    lines
}

/// The legal moves of an orthodox position with the positions they lead to, in the
/// generator's order.
pub fn successors(pos: &Position<()>) -> Vec<(Move, Position<()>)> {
    let mut v = Vec::new();
    Orthodox.legal_successors(pos, &mut v);
    v
}

/// xorshift64*: small, fast, and the same on every platform.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
