//! The walk interpreter against its slow twin, on random positions, for every kind.

use super::reference;
use super::*;
use crate::board::Color;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Random occupancies of 4 to 24 units, from sparse to crowded.
fn occupancies(rng: &mut Rng, count: usize) -> Vec<Bitboard> {
    (0..count)
        .map(|i| {
            let n = 4 + (i % 21);
            let mut b = Bitboard::EMPTY;
            while b.count() < n as u32 {
                b = b.with(Square::new(rng.below(64) as u8));
            }
            b
        })
        .collect()
}

#[test]
fn every_kind_moves_and_observes_as_its_reference_walk_says() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let occs = occupancies(&mut rng, 21);
    let mut moves_seen = vec![0usize; Role::COUNT];
    for role in Role::all() {
        for color in Color::ALL {
            let piece = Piece::new(color, role);
            for occ in &occs {
                for from in Square::all() {
                    let occ = occ.with(from);
                    let slow = reference::moves(piece, from, occ);
                    let mut quiet = Vec::new();
                    let mut captures = Vec::new();
                    for_each_move(piece, from, occ, occ, |l| match l.capture {
                        None => quiet.push(l.to),
                        Some(x) => captures.push((l.to, x)),
                    });
                    quiet.sort();
                    captures.sort();
                    assert_eq!(quiet, slow.quiet, "{piece} on {from}, occupied {occ:?}");
                    assert_eq!(
                        captures, slow.captures,
                        "{piece} on {from}, occupied {occ:?}"
                    );
                    assert_eq!(
                        quiet_from(piece, from, occ),
                        slow.quiet.iter().fold(Bitboard::EMPTY, |b, &s| b.with(s))
                    );
                    let victims = slow
                        .captures
                        .iter()
                        .fold(Bitboard::EMPTY, |b, &(_, x)| b.with(x));
                    assert_eq!(
                        captures_from(piece, from, occ),
                        victims,
                        "{piece} on {from}"
                    );
                    moves_seen[role.index()] += slow.quiet.len() + slow.captures.len();
                    // Observation of each square, were a unit standing there.
                    for target in Square::all().filter(|&t| t != from) {
                        let with = reference::moves(piece, from, occ.with(target));
                        let expected = with.captures.iter().any(|&(_, x)| x == target);
                        assert_eq!(
                            observes(piece, from, target, occ),
                            expected,
                            "{piece} on {from} observing {target}, occupied {occ:?}"
                        );
                    }
                }
            }
        }
    }
    // The dummy has no move; the orphan's walks are borrowed (`movegen::orphan`).
    for role in Role::all() {
        if role != Role::Dummy && role != Role::Orphan {
            assert!(
                moves_seen[role.index()] > 0,
                "{} never moved",
                role.kind().name
            );
        }
    }
}

#[test]
fn hand_checked_walks() {
    let sq = |s: &str| Square::parse(s).unwrap();
    let set = |v: &[&str]| v.iter().fold(Bitboard::EMPTY, |b, s| b.with(sq(s)));
    let white = |r| Piece::new(Color::White, r);
    // A grasshopper on e2 over f3 to g4 (the reference solver's own example).
    let occ = set(&["e1", "a1", "e2", "c3", "f3", "e8"]);
    assert_eq!(
        quiet_from(white(Role::Grasshopper), sq("e2"), occ),
        set(&["g4"])
    );
    // A locust on a1 takes c3 and lands on d4.
    let mut landings = Vec::new();
    let black = set(&["c3", "f3", "e8"]);
    for_each_move(white(Role::Locust), sq("a1"), occ, black, |l| {
        landings.push(l)
    });
    assert_eq!(
        landings,
        [Landing {
            to: sq("d4"),
            capture: Some(sq("c3"))
        }]
    );
    // A pao captures over exactly one hurdle.
    let occ = set(&["a1", "a3", "a6", "a8"]);
    assert_eq!(captures_from(white(Role::Pao), sq("a1"), occ), set(&["a6"]));
    assert_eq!(
        quiet_from(white(Role::Pao), sq("a1"), occ),
        set(&["a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])
    );
    // A mao is blocked by a unit on its orthogonal first step, a moa by its diagonal one.
    let occ = set(&["d4", "d5"]);
    let mao = quiet_from(white(Role::Mao), sq("d4"), occ);
    assert!(!mao.contains(sq("c6")) && !mao.contains(sq("e6")) && mao.contains(sq("b5")));
    let moa = quiet_from(white(Role::Moa), sq("d4"), occ);
    assert!(moa.contains(sq("c6")) && moa.contains(sq("e6")));
    // A Berolina pawn steps diagonally (two from its second rank) and takes straight on.
    let occ = set(&["e2", "e3"]);
    assert_eq!(
        quiet_from(white(Role::BerolinaPawn), sq("e2"), occ),
        set(&["d3", "f3", "c4", "g4"])
    );
    assert_eq!(
        captures_from(white(Role::BerolinaPawn), sq("e2"), occ),
        set(&["e3"])
    );
    // A rose on d4 turns on its octagon: e6, then g7.
    let rose = quiet_from(white(Role::Rose), sq("d4"), set(&["d4"]));
    assert!(rose.contains(sq("e6")) && rose.contains(sq("g7")));
}
