//! The slow twin of the walk interpreter: every path is built square by square with
//! `Square::offset`, and every action read off the list of its squares, as the
//! descriptions in `board::walk` say. The tests compare the fast interpreter with this.

use crate::board::kinds::Class;
use crate::board::walk::{Action, Mode, Path, KNIGHT};
use crate::board::{Bitboard, Piece, Square};

/// A unit's moves: quiet arrivals, and captures as (arrival, captured square).
#[derive(Default, Debug)]
pub struct Moves {
    pub quiet: Vec<Square>,
    pub captures: Vec<(Square, Square)>,
}

fn sgn(x: i8) -> i8 {
    x.signum()
}

/// One king step turned by 45°.
fn turn45(v: (i8, i8), clockwise: bool) -> (i8, i8) {
    let (x, y) = v;
    if clockwise {
        (sgn(x + y), sgn(y - x))
    } else {
        (sgn(x - y), sgn(x + y))
    }
}

fn chebyshev(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

fn on_edge(sq: Square) -> bool {
    matches!(sq.file(), 0 | 7) || matches!(sq.rank(), 0 | 7)
}

/// The paths of one part from `from`, each cut before the unit's own square.
fn paths(path: Path, piece: Piece, from: Square) -> Vec<(Vec<Square>, (i8, i8))> {
    let mut out = Vec::new();
    match path {
        Path::Lines(vs) | Path::Forward(vs) => {
            for &(df, dr) in vs {
                let dr = if matches!(path, Path::Forward(_))
                    && piece.color == crate::board::Color::Black
                {
                    -dr
                } else {
                    dr
                };
                let mut squares = Vec::new();
                let mut cur = from;
                while let Some(n) = cur.offset(df, dr) {
                    squares.push(n);
                    cur = n;
                }
                out.push((squares, (df, dr)));
            }
        }
        Path::Circles => {
            for start in 0..8usize {
                for clockwise in [true, false] {
                    let mut squares = Vec::new();
                    let mut cur = from;
                    for k in 0..8usize {
                        let i = if clockwise {
                            (start + k) % 8
                        } else {
                            (start + 8 - k) % 8
                        };
                        let v = KNIGHT[i];
                        match cur.offset(v.0, v.1) {
                            Some(n) if n != from => {
                                squares.push(n);
                                cur = n;
                            }
                            _ => break,
                        }
                    }
                    out.push((squares, (0, 0)));
                }
            }
        }
    }
    out
}

/// Every move of `piece` on `from`, with `occupied` the squares holding units (of any
/// colour); captures are of occupied squares whatever their colour.
pub fn moves(piece: Piece, from: Square, occupied: Bitboard) -> Moves {
    let mut m = Moves::default();
    let class = piece.role.kind().class;
    if matches!(class, Class::Pawn { stuck: true }) && from.rank() == piece.color.back_rank() {
        return m;
    }
    let occ = |s: Square| occupied.contains(s) || s == from;
    for part in piece.role.kind().walk {
        let quiet = part.mode != Mode::Capture;
        let capture = part.mode != Mode::Quiet;
        let land = |m: &mut Moves, to: Square| {
            if occ(to) {
                if capture {
                    m.captures.push((to, to));
                }
            } else if quiet {
                m.quiet.push(to);
            }
        };
        for (p, dir) in paths(part.path, piece, from) {
            let first_unit = p.iter().position(|&s| occ(s));
            match part.action {
                Action::Leap => {
                    if let Some(&s) = p.first() {
                        land(&mut m, s);
                    }
                }
                Action::Ride => {
                    let end = first_unit.map_or(p.len(), |i| i + 1);
                    for &s in &p[..end] {
                        land(&mut m, s);
                    }
                }
                Action::EdgeRide => {
                    let end = first_unit.map_or(p.len(), |i| i + 1);
                    for &s in &p[..end] {
                        if on_edge(s) != on_edge(from) {
                            land(&mut m, s);
                        }
                    }
                }
                Action::Hop { beyond } => {
                    let Some(i) = first_unit else { continue };
                    let target = i + beyond as usize;
                    if target < p.len() && p[i + 1..target].iter().all(|&s| !occ(s)) {
                        land(&mut m, p[target]);
                    }
                }
                Action::Lion => {
                    let Some(i) = first_unit else { continue };
                    for &s in &p[i + 1..] {
                        land(&mut m, s);
                        if occ(s) {
                            break;
                        }
                    }
                }
                Action::ContraHop => {
                    if p.first().is_some_and(|&s| occ(s)) {
                        for &s in &p[1..] {
                            land(&mut m, s);
                            if occ(s) {
                                break;
                            }
                        }
                    }
                }
                Action::Kangaroo => {
                    let Some(i) = first_unit else { continue };
                    let Some(j) = p[i + 1..].iter().position(|&s| occ(s)) else {
                        continue;
                    };
                    if let Some(&s) = p.get(i + 1 + j + 1) {
                        land(&mut m, s);
                    }
                }
                Action::Locust => {
                    let Some(i) = first_unit else { continue };
                    if capture && p.get(i + 1).is_some_and(|&s| !occ(s)) {
                        m.captures.push((p[i + 1], p[i]));
                    }
                }
                Action::LeapLocust => {
                    if capture && p.len() >= 2 && occ(p[0]) && !occ(p[1]) {
                        m.captures.push((p[1], p[0]));
                    }
                }
                Action::LeapHop => {
                    if p.len() >= 2 && occ(p[0]) {
                        land(&mut m, p[1]);
                    }
                }
                Action::EquiHop => {
                    let Some(i) = first_unit else { continue };
                    let target = 2 * i + 1;
                    if target < p.len() && p[i + 1..target].iter().all(|&s| !occ(s)) {
                        land(&mut m, p[target]);
                    }
                }
                Action::Turn { eighths } => {
                    let Some(i) = first_unit else { continue };
                    let h = p[i];
                    let senses: &[bool] = if eighths == 4 {
                        &[true]
                    } else {
                        &[true, false]
                    };
                    for &clockwise in senses {
                        let mut d = dir;
                        for _ in 0..eighths {
                            d = turn45(d, clockwise);
                        }
                        if let Some(to) = h.offset(d.0, d.1) {
                            if to != from {
                                land(&mut m, to);
                            }
                        }
                    }
                }
                Action::Lame { diagonal } => {
                    let Some(&to) = p.first() else { continue };
                    // The one neighbour of `from` of the right shape that touches `to`.
                    let pass = (-1i8..=1)
                        .flat_map(|x| (-1i8..=1).map(move |y| (x, y)))
                        .filter(|&(x, y)| (x != 0 && y != 0) == diagonal && (x, y) != (0, 0))
                        .filter_map(|(x, y)| from.offset(x, y))
                        .find(|&s| chebyshev(s, to) == 1);
                    if pass.is_some_and(|s| !occ(s)) {
                        land(&mut m, to);
                    }
                }
                Action::Push => {
                    if let Some(&one) = p.first() {
                        if !occ(one) && quiet {
                            m.quiet.push(one);
                            if from.rank() == piece.color.pawn_rank() {
                                if let Some(&two) = p.get(1) {
                                    if !occ(two) {
                                        m.quiet.push(two);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    m.quiet.sort();
    m.quiet.dedup();
    m.captures.sort();
    m.captures.dedup();
    m
}
