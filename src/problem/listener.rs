//! What a solve reports as it goes, in the order it is printed, so that output can
//! stream: a solution is shown as soon as it and everything before it are proven.
//! [`replay`] gives the same events from a finished report, so that printing a report and
//! printing as the search goes are one printer and give the same text.

use super::{Outcome, ProblemReport, TwinReport};
use crate::input::ProblemSpec;
use crate::search::{BattleSolution, Found, HelpLine, PlayedMove, RootMove};
use crate::stipulation::Stipulation;

/// The events of solving one problem. Every method has an empty default; the search's
/// threads call them, one at a time, in the printed order.
pub trait Listener: Sync {
    /// Before the first twin is solved: the problem, and the stipulation of its first
    /// twin (which the diagram shows).
    fn problem_begins(&self, _spec: &ProblemSpec, _stipulation: Option<&Stipulation>) {}
    fn twin_begins(&self, _label: Option<&str>) {}
    /// A line of help play's set play.
    fn set_play_line(&self, _line: &HelpLine) {}
    /// Help play's set play is complete (it may have no line).
    fn set_play_ends(&self) {}
    /// A line of help or series play.
    fn help_line(&self, _line: &HelpLine) {}
    /// Whether the report must hold the lines of help play once they are told (see
    /// [`Found::keeps_lines`]).
    fn keeps_help_lines(&self) -> bool {
        true
    }
    /// The first half of a duplex in help play is solved; the other side's follow.
    fn duplex_half_ends(&self) {}
    /// Battle play's set play or post-key play, before its first moves (one duplex half
    /// after the other).
    fn battle_begins(&self, _prelude: &BattleSolution) {}
    /// A first move with its number (option MoveNumbers), legal or not, before its key
    /// or try or its lines of help play.
    fn move_number(&self, _number: usize, _mv: &PlayedMove) {}
    /// A key or try of battle play.
    fn root(&self, _root: &RootMove) {}
    /// The first moves of one battle solution are complete.
    fn battle_ends(&self) {}
    /// The twin is solved, or could not be (its report says which).
    fn twin_ends(&self, _twin: &TwinReport) {}
    fn problem_ends(&self, _report: &ProblemReport) {}
}

/// No one listens.
impl Listener for () {}

/// The events of a solved problem, from its report, in the order a solve gives them.
pub fn replay(report: &ProblemReport, listener: &dyn Listener) {
    listener.problem_begins(&report.spec, report.twins.first().map(|t| &t.stipulation));
    for twin in &report.twins {
        listener.twin_begins(twin.label.as_deref());
        match &twin.outcome {
            Ok(Outcome::Help {
                set_play,
                solutions,
                second_half,
            }) => {
                if let Some(set) = set_play {
                    set.lines.iter().for_each(|l| listener.set_play_line(l));
                    listener.set_play_ends();
                }
                for (i, s) in solutions.iter().enumerate() {
                    if Some(i) == *second_half {
                        listener.duplex_half_ends();
                    }
                    s.obliged.iter().for_each(|l| listener.help_line(l));
                    let mut lines = s.lines.iter().enumerate().peekable();
                    for (before, number, mv) in &s.numbers {
                        while let Some((_, line)) = lines.next_if(|(i, _)| i < before) {
                            listener.help_line(line);
                        }
                        listener.move_number(*number, mv);
                    }
                    lines.for_each(|(_, l)| listener.help_line(l));
                }
            }
            Ok(Outcome::Battle(solutions)) => {
                for s in solutions {
                    let prelude = BattleSolution {
                        roots: Vec::new(),
                        tried: Vec::new(),
                        ..s.clone()
                    };
                    listener.battle_begins(&prelude);
                    // A first move's play comes after its number, before the next one.
                    let mut roots = s.roots.iter().peekable();
                    for (i, mv) in s.tried.iter().enumerate() {
                        let number = s.skipped + i + 1;
                        while let Some(root) = roots.next_if(|r| r.number < number) {
                            listener.root(root);
                        }
                        listener.move_number(number, mv);
                    }
                    roots.for_each(|r| listener.root(r));
                    listener.battle_ends();
                }
            }
            Err(_) => {}
        }
        listener.twin_ends(twin);
    }
    listener.problem_ends(report);
}

/// The search's findings handed to a listener as solutions (help lines, battle play).
pub(super) struct Solutions<'a>(pub &'a dyn Listener);

impl Found for Solutions<'_> {
    fn line(&self, line: &HelpLine) {
        self.0.help_line(line);
    }
    fn keeps_lines(&self) -> bool {
        self.0.keeps_help_lines()
    }
    fn prelude(&self, solution: &BattleSolution) {
        self.0.battle_begins(solution);
    }
    fn tried(&self, number: usize, mv: &PlayedMove) {
        self.0.move_number(number, mv);
    }
    fn root(&self, root: &RootMove) {
        self.0.root(root);
    }
}

/// The search's lines handed to a listener as set play.
pub(super) struct SetPlay<'a>(pub &'a dyn Listener);

impl Found for SetPlay<'_> {
    fn line(&self, line: &HelpLine) {
        self.0.set_play_line(line);
    }
    fn keeps_lines(&self) -> bool {
        self.0.keeps_help_lines()
    }
}
