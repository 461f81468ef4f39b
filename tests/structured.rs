//! Structured stipulations (`sstipulation`) whose help play is followed by battle play:
//! `white 2hh[3a[#]d]` (two help moves, then White mates in 2), `black 2hh[2da[#]]` (two
//! help moves, then every black move allows a mate in 1), and the same with the sequel
//! hidden (`/`). The solver's lines are compared with those an exhaustive search in the
//! test finds by the definitions, every help length of the parity down to the shortest:
//! after each help line, the keys of the shortest win, and below them every defence with
//! every answer that wins soonest, one line for each way down to the mate.

use crate::common;

use common::successors;
use fairy::board::Position;
use fairy::conditions::Orthodox;
use fairy::search::goal_reached;
use fairy::stipulation::Goal;

type Pos = Position<()>;

/// Whether the move to `after` mates.
fn mates(mv: &fairy::movegen::Move, after: &Pos) -> bool {
    goal_reached(&Orthodox, mv, after, Goal::Mate)
}

/// The side to move mates within `n` of its moves, against every defence.
fn wins_in(pos: &Pos, n: u32) -> bool {
    successors(pos)
        .iter()
        .any(|(mv, after)| wins_after(mv, after, n))
}

/// The move to `after` wins within `n` moves, itself included.
fn wins_after(mv: &fairy::movegen::Move, after: &Pos, n: u32) -> bool {
    mates(mv, after) || (n > 1 && loses(after, n - 1))
}

/// The side to move has a move, and after each the other side wins within `n`.
fn loses(pos: &Pos, n: u32) -> bool {
    let defences = successors(pos);
    !defences.is_empty() && defences.iter().all(|(_, after)| wins_in(after, n))
}

fn shortest(pos: &Pos, n: u32) -> Option<u32> {
    (1..=n).find(|&k| wins_in(pos, k))
}

fn written(pos: &Pos, mv: &fairy::movegen::Move, after: &Pos) -> Vec<String> {
    let goal = if mates(mv, after) {
        Goal::Mate
    } else {
        Goal::Any
    };
    common::written(pos, mv, after, goal)
}

/// Every line of the attack winning in `k` (and no sooner) from `pos`.
fn attack_lines(pos: &Pos, k: u32, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    for (mv, after) in successors(pos) {
        if !wins_after(&mv, &after, k) {
            continue;
        }
        let mark = prefix.len();
        prefix.extend(written(pos, &mv, &after));
        if mates(&mv, &after) {
            out.push(prefix.clone());
        } else {
            defence_lines(&after, k - 1, prefix, out);
        }
        prefix.truncate(mark);
    }
}

/// Every defence from `pos`, each with the lines of the soonest win after it (within `n`).
fn defence_lines(pos: &Pos, n: u32, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    for (mv, after) in successors(pos) {
        let mark = prefix.len();
        prefix.extend(written(pos, &mv, &after));
        let k = shortest(&after, n).expect("a lost position");
        attack_lines(&after, k, prefix, out);
        prefix.truncate(mark);
    }
}

#[derive(Clone, Copy)]
enum Sequel {
    /// The side to move mates in `n`.
    Mate(u32),
    /// Every move of the side to move allows a mate in `n`.
    Lose(u32),
}

/// The lines of help play of exactly `half_moves` from `pos`, each continued by the
/// sequel's lines (or alone when `hidden`) where the sequel is won.
fn lines_by_rule(
    pos: &Pos,
    half_moves: usize,
    sequel: Sequel,
    hidden: bool,
    prefix: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if half_moves == 0 {
        match sequel {
            Sequel::Mate(n) => {
                if let Some(k) = shortest(pos, n) {
                    if hidden {
                        out.push(prefix.clone());
                    } else {
                        attack_lines(pos, k, prefix, out);
                    }
                }
            }
            Sequel::Lose(n) => {
                if loses(pos, n) {
                    if hidden {
                        out.push(prefix.clone());
                    } else {
                        defence_lines(pos, n, prefix, out);
                    }
                }
            }
        }
        return;
    }
    for (mv, after) in successors(pos) {
        let mark = prefix.len();
        prefix.extend(common::written(pos, &mv, &after, Goal::Any));
        lines_by_rule(&after, half_moves - 1, sequel, hidden, prefix, out);
        prefix.truncate(mark);
    }
}

fn by_rule(fen: &str, half_moves: usize, sequel: Sequel, hidden: bool) -> Vec<Vec<String>> {
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut out = Vec::new();
    let mut k = half_moves % 2;
    while k <= half_moves {
        lines_by_rule(&pos, k, sequel, hidden, &mut Vec::new(), &mut out);
        k += 2;
    }
    out.sort();
    out
}

fn solver(fen: &str, sstip: &str) -> Vec<Vec<String>> {
    let source =
        common::source(fen, "#1").replace("stipulation #1", &format!("sstipulation {sstip}"));
    common::lines_of(&source)
}

/// Small positions, White or Black to move as the stipulation has it.
const POSITIONS: &[&str] = &[
    "7k/8/5K2/8/8/8/8/6R1 w - - 0 1",
    "k7/8/1K6/8/8/8/2Q5/8 w - - 0 1",
    "6k1/5p2/8/6K1/8/8/8/R7 w - - 0 1",
    "8/8/8/8/8/1k6/3R4/1K6 b - - 0 1",
];

#[test]
fn help_play_then_a_mate_in_two_is_every_line_the_definitions_find() {
    let mut seen = 0;
    for fen in POSITIONS {
        let white = fen.replace(" b ", " w ");
        let want = by_rule(&white, 2, Sequel::Mate(2), false);
        seen += want.len();
        assert_eq!(solver(&white, "white 2hh[3a[#]d]"), want, "in {white}");
    }
    assert!(seen > 0, "the positions have lines to compare");
}

#[test]
fn help_play_then_a_lost_defence_is_every_line_the_definitions_find() {
    let mut seen = 0;
    for fen in POSITIONS {
        let black = fen.replace(" w ", " b ");
        for (sstip, hidden) in [("black 2hh[2da[#]]", false), ("black 2hh[/2da[#]]", true)] {
            let want = by_rule(&black, 2, Sequel::Lose(1), hidden);
            seen += want.len();
            assert_eq!(solver(&black, sstip), want, "{sstip} in {black}");
        }
    }
    assert!(seen > 0, "the positions have lines to compare");
}

/// The side to move forces the other side to mate within `n` of its own moves: it has a
/// move after which the other side has moves, each of them mate or a position where the
/// side forces it again within `n - 1`.
fn forces_mate_in(pos: &Pos, n: u32) -> bool {
    successors(pos).iter().any(|(_, after)| {
        let defences = successors(after);
        !defences.is_empty()
            && defences
                .iter()
                .all(|(mv, a)| mates(mv, a) || (n > 1 && forces_mate_in(a, n - 1)))
    })
}

/// After help play a self branch of an odd number of half moves never holds, as in the
/// reference solver (`docs/conditions.md`, structured stipulations): where `1h[2ad[#]]h`
/// has lines (their first moves those the definitions find), `1h[1ad[#]]h` and
/// `1h[3ad[#]]h` have none.
#[test]
fn an_odd_self_branch_after_help_play_has_no_line() {
    // S. Loyd, New York Illustrated News 1860 (s#1 by 0-0-0), with pawns e7 and e5 added
    // and Black to move first: constructed, its lines checked with Popeye 4.104.
    let fen = "8/4p3/1Q6/4P3/krR5/bp3p1p/qr3PpP/R3K1n1 b Q - 0 1";
    let pos: Pos = Position::from_fen(fen).unwrap();
    let mut want: Vec<String> = successors(&pos)
        .iter()
        .filter(|(_, after)| forces_mate_in(after, 1))
        .map(|(mv, after)| written(&pos, mv, after)[0].clone())
        .collect();
    want.sort();
    assert!(!want.is_empty(), "the position has help moves to a s#1");
    let mut firsts: Vec<String> = solver(fen, "black 1h[2ad[#]]h")
        .into_iter()
        .map(|line| line[0].clone())
        .collect();
    firsts.dedup();
    assert_eq!(firsts, want);
    for odd in ["black 1h[1ad[#]]h", "black 1h[3ad[#]]h"] {
        assert_eq!(solver(fen, odd), Vec::<Vec<String>>::new(), "{odd}");
    }
}

/// After the attacker's move the defender is forced: not in check (with `unchecked`),
/// it has a move, and every move of it reaches `goal`.
fn forced(pos: &Pos, goal: Goal, unchecked: bool) -> bool {
    use fairy::conditions::Rules;
    let moves = successors(pos);
    (!unchecked || !Orthodox.in_check(pos, pos.side))
        && !moves.is_empty()
        && moves
            .iter()
            .all(|(mv, after)| goal_reached(&Orthodox, mv, after, goal))
}

/// The attacker's move to `after` forces the defender within `n` attacker moves, this
/// one included, against every defence.
fn forces_after(after: &Pos, n: u32, goal: Goal, unchecked: bool) -> bool {
    forced(after, goal, unchecked)
        || (n > 1 && {
            let defences = successors(after);
            !defences.is_empty()
                && defences.iter().all(|(_, a)| {
                    successors(a)
                        .iter()
                        .any(|(_, b)| forces_after(b, n - 1, goal, unchecked))
                })
        })
}

/// `Na[/1d[G]a{!+}]d`, a CapZug after a key: the keys are the first moves after which
/// the attacker leaves the defender forced within the moves, as the definitions find
/// them (the unit's first move and its check, as printed).
#[test]
fn a_direct_branch_to_a_forced_defender_has_the_keys_the_definitions_find() {
    // A. Tuengler (source unknown; Popeye's example capzug-05): 1.Sf2-h1 ! zugzwang.
    // The others are constructed from it, a unit taken away.
    let positions = [
        "8/8/8/1Q3B2/4r3/5KP1/2kPRNpP/6R1 w - - 0 1",
        "8/8/8/1Q3B2/4r3/5KP1/2kPRNp1/6R1 w - - 0 1",
        "8/8/8/5B2/4r3/5KP1/2kPRNpP/6R1 w - - 0 1",
        "8/8/8/1Q3B2/4r3/5KP1/2kPRNpP/8 w - - 0 1",
    ];
    let mut seen = 0;
    for fen in positions {
        let pos: Pos = Position::from_fen(fen).unwrap();
        for (sstip, moves, goal, unchecked) in [
            ("white 3a[/1d[+]a{!+}]d", 2, Goal::Check, true),
            ("white 1a[/1d[x]a]d", 1, Goal::Capture, false),
        ] {
            let mut want: Vec<String> = successors(&pos)
                .iter()
                .filter(|(_, after)| forces_after(after, moves, goal, unchecked))
                .map(|(mv, after)| common::written(&pos, mv, after, Goal::Any).join(" "))
                .collect();
            want.sort();
            seen += want.len();
            let source = common::source(fen, "#1")
                .replace("stipulation #1", &format!("sstipulation {sstip}"));
            let got = common::keys(&common::solve_text(&source));
            assert_eq!(got, want, "{sstip} in {fen}");
        }
    }
    assert!(seen > 0, "the positions have keys to compare");
}
