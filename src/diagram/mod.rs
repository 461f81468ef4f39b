//! Diagrams as composers read them: the problem's texts above the board, the stipulation
//! and the unit count under it, then the condition lines. `Diagram` is what is drawn (one
//! board, or the two boards of Alice chess, or the start and the target of a proof game);
//! `glyphs.rs` decides how each kind of unit looks, `svg.rs` draws it.

pub mod glyphs;
pub mod svg;

use crate::board::{Color, Role, Square};
use crate::conditions::spelling::condition_lines;
use crate::input::{AliceBoard, PieceSpec, ProblemSpec, Spanned, TextKind};
use crate::output::text::{attribute_lines, castling_line, option_lines, plays_alice};
use crate::problem::TwinSetup;

/// One unit as it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub square: Square,
    pub role: Role,
    pub color: Color,
    pub neutral: bool,
}

/// One board of a diagram, with its caption when a diagram has several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub caption: Option<String>,
    /// At most one unit a square: the one on top, as the solver reads the file.
    pub units: Vec<Unit>,
}

impl BoardView {
    fn of(caption: Option<&str>, units: &[&PieceSpec]) -> BoardView {
        let mut shown: Vec<Unit> = Vec::new();
        for u in units {
            let unit = Unit {
                square: u.square,
                role: u.role,
                color: u.color,
                neutral: u.neutral,
            };
            match shown.iter_mut().find(|s| s.square == u.square) {
                Some(s) => *s = unit,
                None => shown.push(unit),
            }
        }
        shown.sort_by_key(|u| (std::cmp::Reverse(u.square.rank()), u.square.file()));
        BoardView {
            caption: caption.map(str::to_string),
            units: shown,
        }
    }

    /// The unit on `square`, if any.
    pub fn at(&self, square: Square) -> Option<&Unit> {
        self.units.iter().find(|u| u.square == square)
    }
}

/// Everything a diagram shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Author, source, award and title lines, in that order.
    pub heading: Vec<String>,
    pub boards: Vec<BoardView>,
    /// The stipulation as the reference solver writes it (`h#2`, `ser-s#12`).
    pub stipulation: String,
    /// The unit count in the convention of printed diagrams: `(3+2)`, `(3+2+1n)` with
    /// neutral units.
    pub count: String,
    /// Units with attributes (`Royal e8`, `Kamikaze a8`), conditions, options.
    pub notes: Vec<String>,
    /// The twin's label (`b) bRc2-->d2`), for a diagram of a twin.
    pub twin: Option<String>,
}

impl Diagram {
    /// The diagram of a problem as its file gives it.
    pub fn of_problem(spec: &ProblemSpec) -> Diagram {
        let stipulation = spec
            .stipulation
            .as_ref()
            .map(|s| s.value.to_string())
            .unwrap_or_default();
        Diagram::build(spec, &spec.pieces, stipulation, &spec.conditions, None)
    }

    /// The diagram of one twin: its units, stipulation, conditions and label.
    pub fn of_twin(spec: &ProblemSpec, twin: &TwinSetup) -> Diagram {
        Diagram::build(
            spec,
            &twin.units,
            twin.stipulation.value.to_string(),
            &twin.conditions,
            twin.label.as_deref().map(|l| l.trim_end().to_string()),
        )
    }

    fn build(
        spec: &ProblemSpec,
        units: &[PieceSpec],
        stipulation: String,
        conditions: &[Spanned<String>],
        twin: Option<String>,
    ) -> Diagram {
        let mut heading = Vec::new();
        for kind in [
            TextKind::Author,
            TextKind::Origin,
            TextKind::Award,
            TextKind::Title,
        ] {
            heading.extend(spec.texts_of(kind).map(|t| t.trim().to_string()));
        }
        let words: Vec<&str> = conditions.iter().map(|w| w.value.as_str()).collect();
        let alice = plays_alice(units, &words);
        let all: Vec<&PieceSpec> = units.iter().collect();
        let boards = if alice {
            let (b, a): (Vec<&PieceSpec>, Vec<&PieceSpec>) =
                all.iter().partition(|u| u.alice == Some(AliceBoard::B));
            vec![
                BoardView::of(Some("board A"), &a),
                BoardView::of(Some("board B"), &b),
            ]
        } else if !spec.proof_start.is_empty() {
            let start: Vec<&PieceSpec> = spec.proof_start.iter().collect();
            vec![
                BoardView::of(Some("start"), &start),
                BoardView::of(Some("target"), &all),
            ]
        } else {
            vec![BoardView::of(None, &all)]
        };
        // The two boards of Alice chess say where each unit stands, so the lines naming
        // them are left out.
        let mut notes: Vec<String> = attribute_lines(units, &words, false);
        notes.extend(condition_lines(
            conditions,
            units.iter().any(|u| u.alice.is_some()),
        ));
        notes.extend(castling_line(spec));
        notes.extend(option_lines(spec));
        Diagram {
            heading,
            boards,
            stipulation,
            count: count(units),
            notes,
            twin,
        }
    }
}

/// `(white+black)`, with `+Nn` for neutral units.
fn count(units: &[PieceSpec]) -> String {
    let neutral = units.iter().filter(|u| u.neutral).count();
    let white = units
        .iter()
        .filter(|u| !u.neutral && u.color == Color::White)
        .count();
    let black = units.len() - white - neutral;
    if neutral > 0 {
        format!("({white}+{black}+{neutral}n)")
    } else {
        format!("({white}+{black})")
    }
}

/// The diagrams of a problem: one for a problem without twins, else one per twin (the
/// first being the diagram itself). A twin that cannot be set up is left out; the
/// solver reports its error.
pub fn diagrams_of(spec: &ProblemSpec) -> Vec<Diagram> {
    match crate::problem::expand(spec) {
        Ok(twins) if twins.iter().any(|t| t.label.is_some()) => {
            twins.iter().map(|t| Diagram::of_twin(spec, t)).collect()
        }
        _ => vec![Diagram::of_problem(spec)],
    }
}

#[cfg(test)]
mod tests;
