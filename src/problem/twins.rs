//! Expanding a problem into its twins: each twin's units, stipulation, conditions and label.

use crate::board::Square;
use crate::input::{InputError, MirrorAxis, PieceSpec, ProblemSpec, Spanned, Twin, TwinChange};
use crate::stipulation::Stipulation;

/// One position to solve: the diagram itself, or one twin.
#[derive(Clone, Debug)]
pub struct TwinSetup {
    /// `None` for a problem without twins; else Popeye's label such as `b) bRc2-->d2`.
    pub label: Option<String>,
    pub units: Vec<PieceSpec>,
    pub stipulation: Spanned<Stipulation>,
    pub conditions: Vec<Spanned<String>>,
}

fn unit_name(p: &PieceSpec) -> String {
    format!(
        "{}{}{}{}{}{}{}{}",
        if p.neutral { 'n' } else { p.color.letter() },
        if p.royal { "r" } else { "" },
        if p.paralysing { "p" } else { "" },
        if p.chameleon { "c" } else { "" },
        if p.kamikaze { "k" } else { "" },
        if p.half_neutral { "hn" } else { "" },
        if p.frischauf { "f" } else { "" },
        p.role.code()
    )
}

fn top_index(units: &[PieceSpec], sq: Square) -> Option<usize> {
    units.iter().rposition(|u| u.square == sq)
}

fn map_squares(
    units: &mut [PieceSpec],
    f: impl Fn(Square) -> Option<Square>,
) -> Result<(), String> {
    for u in units.iter_mut() {
        u.square =
            f(u.square).ok_or_else(|| format!("the unit on {} would leave the board", u.square))?;
    }
    Ok(())
}

/// Applies one change; returns the text Popeye prints for it.
fn apply(
    units: &mut Vec<PieceSpec>,
    stip: &mut Spanned<Stipulation>,
    conds: &mut Vec<Spanned<String>>,
    change: &Spanned<TwinChange>,
) -> Result<String, InputError> {
    let err = |m: String| InputError::new(change.span, m);
    Ok(match &change.value {
        TwinChange::Move { from, to } => {
            let i = top_index(units, *from)
                .ok_or_else(|| err(format!("twin move: no unit on {from}")))?;
            let name = unit_name(&units[i]);
            // A unit on the target square is removed, and said so first, as the
            // reference solver writes it: `-bKe8  wRa1-->e8`.
            let removed = top_index(units, *to)
                .filter(|_| to != from)
                .map(|j| format!("-{}{to}  ", unit_name(&units[j])))
                .unwrap_or_default();
            units.retain(|u| u.square != *to || to == from);
            let i = top_index(units, *from).expect("still there");
            units[i].square = *to;
            format!("{removed}{name}{from}-->{to}")
        }
        TwinChange::Exchange { a, b } => {
            let ia = top_index(units, *a)
                .ok_or_else(|| err(format!("twin exchange: no unit on {a}")))?;
            let ib = top_index(units, *b)
                .ok_or_else(|| err(format!("twin exchange: no unit on {b}")))?;
            let text = format!(
                "{}{a}<-->{}{b}",
                unit_name(&units[ia]),
                unit_name(&units[ib])
            );
            units[ia].square = *b;
            units[ib].square = *a;
            text
        }
        TwinChange::Add(p) => {
            // Popeye marks an addition with `+` only on an empty square; onto a unit it
            // is a replacement, written as the new unit alone.
            let replaces = units.iter().any(|u| u.square == p.square);
            units.retain(|u| u.square != p.square);
            units.push(*p);
            let mark = if replaces { "" } else { "+" };
            format!("{mark}{}{}", unit_name(p), p.square)
        }
        TwinChange::Remove(sq) => {
            let i = top_index(units, *sq)
                .ok_or_else(|| err(format!("twin remove: no unit on {sq}")))?;
            let text = format!("-{}{sq}", unit_name(&units[i]));
            units.remove(i);
            text
        }
        TwinChange::Rotate(deg) => {
            let d = *deg;
            map_squares(units, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match d {
                    90 => Square::from_coords(7 - r, f),
                    180 => Square::from_coords(7 - f, 7 - r),
                    270 => Square::from_coords(r, 7 - f),
                    _ => s,
                })
            })
            .map_err(err)?;
            format!("rotate {d}")
        }
        TwinChange::Mirror(axis) => {
            let a = *axis;
            map_squares(units, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match a {
                    MirrorAxis::FileSwap => Square::from_coords(7 - f, r),
                    MirrorAxis::RankSwap => Square::from_coords(f, 7 - r),
                    MirrorAxis::DiagA1H8 => Square::from_coords(7 - r, 7 - f),
                    MirrorAxis::DiagH1A8 => Square::from_coords(r, f),
                })
            })
            .map_err(err)?;
            format!("mirror {}", a.notation())
        }
        TwinChange::Shift { from, to } => {
            let df = to.file() as i8 - from.file() as i8;
            let dr = to.rank() as i8 - from.rank() as i8;
            map_squares(units, |s| s.offset(df, dr)).map_err(err)?;
            format!("shift {from} ==> {to}")
        }
        TwinChange::PolishType => {
            for u in units.iter_mut() {
                u.color = !u.color;
            }
            "PolishType".to_string()
        }
        TwinChange::Substitute { from, to } => {
            for u in units.iter_mut().filter(|u| u.role == *from) {
                u.role = *to;
            }
            format!("{} ==> {}", from.code(), to.code())
        }
        TwinChange::Stipulation(s) => {
            *stip = Spanned::new(*s, change.span);
            s.to_string()
        }
        TwinChange::Condition(words) => {
            *conds = words.clone();
            // One condition a line, as the reference solver lists and spells them:
            // `b) Circe` and `   Isardam` below it.
            crate::conditions::spelling::condition_lines(words, false).join("\n   ")
        }
    })
}

/// The label of the twin at `index` (0 for `a`): after `z` come `z1`, `z2`, ..., as the
/// reference solver writes them.
fn twin_letter(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("z{}", index - 25),
    }
}

/// Every position the problem asks to solve, in order.
pub fn expand(spec: &ProblemSpec) -> Result<Vec<TwinSetup>, InputError> {
    let stipulation = spec
        .stipulation
        .ok_or_else(|| InputError::new(spec.span, "the problem has no stipulation"))?;
    let base_units = spec.pieces.clone();
    let base_stip = stipulation;
    let base_conds = spec.conditions.clone();
    let mut out = Vec::new();
    // `zeroposition CHANGES`: the diagram is not solved, and its changes are the first
    // twin, a); the twins after it change the diagram again (or, continued, the twin
    // before them), as Popeye reads it.
    let zero = spec.zero_position.as_ref().map(|changes| Twin {
        continued: false,
        changes: changes.clone(),
        span: spec.span,
    });
    let twins: Vec<&Twin> = zero.iter().chain(spec.twins.iter()).collect();
    if zero.is_none() {
        out.push(TwinSetup {
            label: (!twins.is_empty()).then(|| "a) ".to_string()),
            units: base_units.clone(),
            stipulation: base_stip,
            conditions: base_conds.clone(),
        });
    }
    let mut prev: Option<TwinSetup> = None;
    for (i, twin) in twins.iter().enumerate() {
        let letter = twin_letter(i + usize::from(zero.is_none()));
        let (mut units, mut stip, mut conds) = match (&prev, twin.continued) {
            (Some(p), true) => (p.units.clone(), p.stipulation, p.conditions.clone()),
            _ => (base_units.clone(), base_stip, base_conds.clone()),
        };
        let mut texts = Vec::new();
        for c in &twin.changes {
            texts.push(apply(&mut units, &mut stip, &mut conds, c)?);
        }
        let label = format!(
            "{}{letter}) {}  ",
            if twin.continued { "+" } else { "" },
            texts.join("  ")
        );
        let setup = TwinSetup {
            label: Some(label),
            units,
            stipulation: stip,
            conditions: conds,
        };
        prev = Some(setup.clone());
        out.push(setup);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_file;

    fn labels(text: &str) -> Vec<Option<String>> {
        let spec = parse_file(text).remove(0).expect("problem");
        expand(&spec)
            .expect("twins")
            .into_iter()
            .map(|t| t.label)
            .collect()
    }

    #[test]
    fn twins_after_z_are_numbered() {
        assert_eq!(twin_letter(0), "a");
        assert_eq!(twin_letter(25), "z");
        assert_eq!(twin_letter(26), "z1");
        assert_eq!(twin_letter(300), "z275");
    }

    #[test]
    fn a_move_onto_a_unit_says_that_it_removes_it() {
        // As the reference solver writes it (checked with Popeye 4.104).
        let text = "begin\nstipulation h#1\npieces white Ke1 Ra1 black Ke8 Rh8\n\
                    twin move a1 e8\ntwin move a1 a2\nend\n";
        assert_eq!(
            labels(text),
            [
                Some("a) ".to_string()),
                Some("b) -bKe8  wRa1-->e8  ".to_string()),
                Some("c) wRa1-->a2  ".to_string())
            ]
        );
    }

    #[test]
    fn an_addition_onto_a_unit_is_written_as_a_replacement() {
        // As Popeye writes it: `+` only when the square was empty.
        let text = "begin\nstipulation h#2\npieces white Ka4 black Kd4 Bf8\n\
                    twin add black Rf8\ntwin add black Rf7\nend\n";
        assert_eq!(
            labels(text),
            [
                Some("a) ".to_string()),
                Some("b) bRf8  ".to_string()),
                Some("c) +bRf7  ".to_string())
            ]
        );
    }
}
