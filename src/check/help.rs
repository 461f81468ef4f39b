//! Verdicts in help and series play: the solutions are counted and compared, as a tree
//! of half-moves, with the intended solutions.

use super::intended::Intended;
use super::verdict::VerdictKind;
use crate::movegen::Move;

/// The full-length solutions of one side to play (two with Duplex), as move sequences.
pub type Lines = Vec<Vec<Move>>;

/// How the found solution tree differs from the intended one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Branching {
    /// Some position has more different moves than intended.
    pub more: bool,
    /// Some position has fewer different moves than intended.
    pub fewer: bool,
}

/// Compares the tree of `lines` (all starting from one position) with `intended`, half-move
/// by half-move: at every position of the tree, the number of different moves that go on
/// to a solution must be the intended branching at that depth.
pub fn branching(lines: &[&[Move]], intended: &Intended) -> Branching {
    let mut out = Branching::default();
    walk(lines, 0, intended, &mut out);
    out
}

fn walk(lines: &[&[Move]], depth: usize, intended: &Intended, out: &mut Branching) {
    let going_on: Vec<&[Move]> = lines.iter().copied().filter(|l| l.len() > depth).collect();
    if going_on.is_empty() {
        return;
    }
    let mut firsts: Vec<Move> = Vec::new();
    for l in &going_on {
        if !firsts.contains(&l[depth]) {
            firsts.push(l[depth]);
        }
    }
    let want = intended.branching_at(depth);
    out.more |= firsts.len() > want;
    out.fewer |= firsts.len() < want;
    for m in firsts {
        let below: Vec<&[Move]> = going_on.iter().copied().filter(|l| l[depth] == m).collect();
        walk(&below, depth + 1, intended, out);
    }
}

/// The verdict and its reason from the solutions of every side (`sides`), the number of
/// shorter solutions, and what is intended for each side (`per_side`) or in all.
pub fn judge(
    sides: &[Lines],
    short: usize,
    intended: &Intended,
    per_side: bool,
) -> (VerdictKind, String) {
    let found: usize = sides.iter().map(Vec::len).sum();
    if short > 0 {
        return (
            VerdictKind::ShortSolution,
            format!("{short} shorter solution{}", plural(short)),
        );
    }
    if found == 0 {
        return (VerdictKind::NoSolution, "no solution".to_string());
    }
    let expected = if per_side {
        intended.total() * sides.len()
    } else {
        intended.total()
    };
    let counted = format!("{found} solution{}, {expected} intended", plural(found));
    if let (Intended::Branching(_), true) = (intended, per_side) {
        let mut b = Branching::default();
        for lines in sides {
            let refs: Vec<&[Move]> = lines.iter().map(Vec::as_slice).collect();
            let s = branching(&refs, intended);
            b.more |= s.more;
            b.fewer |= s.fewer;
        }
        let shape = format!("{counted} ({intended})");
        return if b.more {
            (VerdictKind::Cooked, shape)
        } else if b.fewer {
            (VerdictKind::TooFewSolutions, shape)
        } else {
            (VerdictKind::Sound, counted)
        };
    }
    let kind = match found.cmp(&expected) {
        std::cmp::Ordering::Greater => VerdictKind::Cooked,
        std::cmp::Ordering::Less => VerdictKind::TooFewSolutions,
        std::cmp::Ordering::Equal => VerdictKind::Sound,
    };
    (kind, counted)
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn mv(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: crate::movegen::MoveKind::Quiet,
            ..Move::null()
        }
    }

    /// Lines over a few distinct moves, given by small numbers.
    fn lines(spec: &[&[u8]]) -> Lines {
        let squares = [Square::A1, Square::B1, Square::C1, Square::D1];
        spec.iter()
            .map(|l| {
                l.iter()
                    .map(|&i| mv(squares[i as usize], Square::H8))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn counts_against_a_total() {
        let two = lines(&[&[0, 1, 2, 3], &[1, 0, 2, 3]]);
        let one = Intended::Count(1);
        assert_eq!(
            judge(std::slice::from_ref(&two), 0, &one, true).0,
            VerdictKind::Cooked
        );
        assert_eq!(
            judge(std::slice::from_ref(&two), 0, &Intended::Count(2), true).0,
            VerdictKind::Sound
        );
        assert_eq!(
            judge(std::slice::from_ref(&two), 0, &Intended::Count(3), true).0,
            VerdictKind::TooFewSolutions
        );
        assert_eq!(judge(&[vec![]], 0, &one, true).0, VerdictKind::NoSolution);
        assert_eq!(judge(&[two], 1, &one, true).0, VerdictKind::ShortSolution);
    }

    #[test]
    fn duplex_expects_the_count_per_side() {
        let one = lines(&[&[0, 1]]);
        let (kind, reason) = judge(&[one.clone(), one.clone()], 0, &Intended::Count(1), true);
        assert_eq!(kind, VerdictKind::Sound, "{reason}");
        // Counted from the remarks, the number covers both sides.
        assert_eq!(
            judge(&[one.clone(), one], 0, &Intended::Count(1), false).0,
            VerdictKind::Cooked
        );
    }

    #[test]
    fn compares_the_tree_half_move_by_half_move() {
        // Two solutions that differ at the first move: 2.1.1.1.
        let split_first = lines(&[&[0, 1, 2, 3], &[1, 1, 2, 3]]);
        // Two solutions that share the first move: 1.2.1.1.
        let split_second = lines(&[&[0, 1, 2, 3], &[0, 2, 2, 3]]);
        let intended: Intended = "2.1.1.1".parse().unwrap();
        assert_eq!(
            branching(
                &split_first.iter().map(Vec::as_slice).collect::<Vec<_>>(),
                &intended
            ),
            Branching::default()
        );
        assert_eq!(
            branching(
                &split_second.iter().map(Vec::as_slice).collect::<Vec<_>>(),
                &intended
            ),
            Branching {
                more: true,
                fewer: true
            }
        );
        assert_eq!(
            judge(&[split_first], 0, &intended, true).0,
            VerdictKind::Sound
        );
        assert_eq!(
            judge(std::slice::from_ref(&split_second), 0, &intended, true).0,
            VerdictKind::Cooked
        );
        assert_eq!(
            judge(&[split_second], 0, &"1.2...".parse().unwrap(), true).0,
            VerdictKind::Sound
        );
        // One solution where 2.1.1.1 is intended.
        assert_eq!(
            judge(&[lines(&[&[0, 1, 2, 3]])], 0, &intended, true).0,
            VerdictKind::TooFewSolutions
        );
    }
}
