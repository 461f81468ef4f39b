//! The generic check of every rules type: for each condition of the name table (alone,
//! with kamikaze, royal, neutral, half-neutral, chameleon and paralysing units, and on boards with fairy units of every kind), random games
//! from random positions, where each fast path must give what playing every move and
//! testing it gives: the legal moves in their order, the children positions,
//! whether a move exists, the may-check filter, the check test against an observation
//! computed walk by walk, and each incremental hash against one computed afresh.
//! A condition added to the name table is checked here without being listed.

use super::parse::CONDITION_NAMES;
use super::{command_line_words, resolve, Rules, UnitMarks, WithRules};
use crate::board::{Bitboard, Board, Color, FairyStore, Mark, Position, Role, Square};
use crate::input::parse_file;
use crate::movegen::{walks, MoveList};
use crate::problem::{build_position, expand};
use std::ops::ControlFlow;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random problem text: both kings, and `units` other units of the given kinds (pawns
/// now and then on the first or last rank: a pawn on its first rank moves under Einstein
/// chess, one on its last rank is an error but there), each kamikaze with probability
/// `kamikaze` / 8; with `kamikaze` above 0, a side's royal unit is now and then a unit
/// of one of the kinds with the royal attribute, both sides' is now and then one neutral
/// king, and some units are neutral, half-neutral, chameleons or paralysing.
fn random_problem(
    rng: &mut Rng,
    kinds: &[Role],
    units: usize,
    kamikaze: usize,
    words: &str,
) -> String {
    let mut taken = Bitboard::EMPTY;
    let mut white = Vec::new();
    let mut black = Vec::new();
    let mut neutral = Vec::new();
    let place = |rng: &mut Rng, role: Role, taken: &mut Bitboard| loop {
        let sq = Square::new(rng.below(64) as u8);
        let edge = sq.rank() == 0 || sq.rank() == 7;
        if taken.contains(sq) || (role.is_pawn() && edge && rng.below(4) != 0) {
            continue;
        }
        *taken = taken.with(sq);
        return sq;
    };
    // With fairy kinds about, a side's royal unit is now and then a Poseidon (a royal
    // locust-leaper).
    let fairy = kinds.iter().any(|r| !r.is_orthodox());
    // Now and then one neutral king, both sides' king, instead of two; half of them
    // half-neutral, turning to the side that moves them.
    let neutral_king = kamikaze > 0 && rng.below(10) == 0;
    if neutral_king {
        let k = place(rng, Role::King, &mut taken);
        let code = if rng.below(2) == 0 {
            "halfneutral K"
        } else {
            "K"
        };
        neutral.push((String::from(code), k, false));
    }
    for list in [&mut white, &mut black] {
        if neutral_king {
            break;
        }
        if kamikaze > 0 && rng.below(4) == 0 {
            let role = kinds[rng.below(kinds.len())];
            let sq = place(rng, role, &mut taken);
            list.push((format!("royal {}", role.code()), sq, false));
            continue;
        }
        let k = place(rng, Role::King, &mut taken);
        let royal = if fairy && rng.below(4) == 0 {
            "PO"
        } else {
            "K"
        };
        list.push((String::from(royal), k, false));
    }
    for _ in 0..units {
        let role = kinds[rng.below(kinds.len())];
        let sq = place(rng, role, &mut taken);
        let k = rng.below(8) < kamikaze && role != Role::King;
        // Now and then a chameleon or a paralysing unit instead (written as an attribute
        // of its colour).
        let chameleon = kamikaze > 0 && !k && rng.below(8) == 0;
        let paralysing = kamikaze > 0 && !k && !chameleon && rng.below(10) == 0;
        let half_neutral = kamikaze > 0 && !k && !chameleon && !paralysing && rng.below(8) == 0;
        let code = if chameleon {
            format!("chameleon {}", role.code())
        } else if paralysing {
            format!("paralysing {}", role.code())
        } else if half_neutral {
            format!("halfneutral {}", role.code())
        } else {
            role.code().to_string()
        };
        let list = if kamikaze > 0 && !k && rng.below(6) == 0 {
            &mut neutral
        } else if rng.below(2) == 0 {
            &mut white
        } else {
            &mut black
        };
        list.push((code, sq, k));
    }
    // Under Alice chess, about half the units stand on board B.
    let alice = words.contains("AliceChess");
    let mut side = |name: &str, list: &[(String, Square, bool)]| {
        let mut s = String::new();
        for (code, sq, k) in list {
            let on_b = alice && name != "neutral" && rng.below(2) == 0;
            s.push_str(&format!(
                " {name}{}{} {code}{sq}",
                if on_b { " aliceb" } else { "" },
                if *k { " kamikaze" } else { "" }
            ));
        }
        s
    };
    let condition = if words.is_empty() {
        String::new()
    } else {
        format!("condition {words}\n")
    };
    let (white, black, neutral) = (
        side("white", &white),
        side("black", &black),
        side("neutral", &neutral),
    );
    format!("begin\nstipulation h#2\n{condition}pieces{white}{black}{neutral}\nend\n")
}

/// The units of `by` that could capture a unit on `sq`, walk by walk with the slow
/// reference walker: the observation the fast `attackers` must give.
fn reference_attackers<F: FairyStore>(board: &Board<F>, sq: Square, by: Color) -> Bitboard {
    let occ = board.occupied().with(sq);
    let mut out = Bitboard::EMPTY;
    for from in board.by_color(by).without(sq) {
        let piece = board.unit_for(from, by).expect("occupied");
        let moves = walks::reference::moves(piece, from, occ);
        if moves.captures.iter().any(|&(_, x)| x == sq) {
            out = out.with(from);
        }
    }
    out
}

/// The board's units put afresh on an empty board: its hash is the one to match.
fn rebuilt<F: FairyStore>(board: &Board<F>) -> Board<F> {
    let mut b = Board::<F>::empty();
    for (sq, piece) in board.units() {
        b.put_unit(sq, piece, board.attrs_at(sq));
    }
    b
}

/// Random games under one rules value; returns the number of positions compared.
struct Games<'a> {
    text: &'a str,
    steps: usize,
    seed: u64,
}

impl WithRules for Games<'_> {
    type Output = usize;

    fn run<R: Rules>(self, rules: &R) -> usize {
        let spec = parse_file(self.text).remove(0).expect("the problem parses");
        let twin = expand(&spec).expect("twins").remove(0);
        let Ok(start) = build_position(
            rules,
            &twin,
            &spec.options,
            Color::White,
            twin.stipulation.span,
        ) else {
            return 0; // an illegal random position
        };
        let mut rng = Rng(self.seed);
        let mut pos = start;
        let mut checked = 0;
        let mut line = vec![pos];
        for _ in 0..self.steps {
            let slow = by_playing(rules, &pos);
            compare(rules, &pos, &slow, self.text);
            checked += 1;
            if slow.is_empty() {
                break;
            }
            pos = rules.play(&pos, &slow[rng.below(slow.len())]);
            line.push(pos);
        }
        proof_bound_admits(rules, &line, self.text);
        checked
    }
}

/// The proof-game bound, where the rules claim it holds, never rules out the end of a
/// game that was played: from each position of `line` its last position is reached
/// with the moves each side made on the way.
fn proof_bound_admits<R: Rules>(rules: &R, line: &[Position<R::Ext>], text: &str) {
    let Some(last) = line.last() else {
        return;
    };
    let counting = rules.proof_counting();
    let units = |pos: &Position<R::Ext>| {
        rules
            .proof_units(pos)
            .unwrap_or((pos.board, Bitboard::EMPTY))
    };
    let (target_units, target_b) = units(last);
    let Some(target) = crate::search::ProofTarget::new(&target_units, target_b, counting) else {
        return;
    };
    for (i, pos) in line.iter().enumerate() {
        let plies = line.len() - 1 - i;
        let mut left = [0; 2];
        left[pos.side as usize] = plies.div_ceil(2);
        left[(!pos.side) as usize] = plies / 2;
        let (units, board_b) = units(pos);
        assert!(
            target.in_reach(&units, board_b, pos.castling, left),
            "the proof-game bound ({counting:?}) rules out the end of a game played from {pos:?} ({left:?} moves) in\n{text}"
        );
    }
}

/// The slow answer: every pseudo-legal move played and tested.
fn by_playing<R: Rules>(rules: &R, pos: &Position<R::Ext>) -> MoveList {
    let mut moves = MoveList::new();
    rules.pseudo_legal(pos, &mut moves);
    moves.retain(|mv| rules.is_legal(pos, mv, &rules.play(pos, mv)));
    moves
}

fn compare<R: Rules>(rules: &R, pos: &Position<R::Ext>, slow: &MoveList, text: &str) {
    let mut fast = MoveList::new();
    rules.legal_moves(pos, &mut fast);
    assert_eq!(&fast, slow, "legal moves of {pos:?} in\n{text}");
    let mut children = Vec::new();
    let _ = rules.try_for_each_child(pos, |mv, after| {
        children.push((*mv, *after));
        ControlFlow::Continue(())
    });
    assert!(
        children.iter().map(|(m, _)| m).eq(slow.iter()),
        "children of {pos:?} in\n{text}"
    );
    for (mv, after) in &children {
        assert_eq!(*after, rules.play(pos, mv), "{mv:?} in {pos:?} in\n{text}");
        assert_eq!(
            after.board.hash(),
            rebuilt(&after.board).hash(),
            "hash after {mv:?} in {pos:?} in\n{text}"
        );
        if !rules.may_check(pos, mv) {
            assert!(
                !rules.in_check(after, after.side),
                "{mv:?} checks in {pos:?}"
            );
        }
    }
    // The candidates for a check hold every legal move that checks.
    let mut candidates = MoveList::new();
    rules.check_candidates(pos, &mut candidates);
    for (mv, after) in &children {
        if rules.in_check(after, after.side) {
            assert!(
                candidates.contains(mv),
                "{mv:?} checks but is no check candidate in {pos:?} in\n{text}"
            );
        }
    }
    assert_eq!(
        rules.has_legal_move(pos),
        !slow.is_empty(),
        "{pos:?} in\n{text}"
    );
    // Observation: the one function against the walks, from every square of the board.
    let board = &pos.board;
    for sq in Square::all().step_by(5) {
        for by in Color::ALL {
            assert_eq!(
                crate::movegen::attackers(board, sq, by, board.occupied()),
                reference_attackers(board, sq, by),
                "attackers of {sq} by {by:?} in {pos:?}"
            );
        }
    }
    // Paralysis: an enemy paralysing unit among the unit's observers, walk by walk.
    let paralysing = board.marked(Mark::Paralysing);
    if paralysing.is_nonempty() {
        for (sq, piece) in board.units() {
            let by = !piece.color;
            let slow = (reference_attackers(board, sq, by) & paralysing & board.by_color(by))
                .is_nonempty();
            assert_eq!(
                super::paralysing::paralysed(board, sq, Default::default()),
                slow,
                "paralysis of the unit on {sq} in {pos:?}"
            );
        }
    }
}

/// Runs random games of every condition of the name table, with orthodox units, with
/// kamikaze units, and with fairy units of every kind.
#[test]
fn every_condition_agrees_with_playing_every_move() {
    // Not orphans: they are not combined with conditions (`resolve`); their own slow
    // twin is in `movegen::orphan`.
    let fairy_kinds: Vec<Role> = Role::all()
        .filter(|r| !r.is_orthodox() && !r.is_royal() && *r != Role::Orphan)
        .collect();
    let orthodox = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    // A fixed seed for CI; `FAIRY_HARNESS_SEED=n` runs other games (a local fuzzing run).
    let seed = std::env::var("FAIRY_HARNESS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
    let mut rng = Rng(seed | 1);
    let mut words: Vec<String> = std::iter::once(String::new())
        .chain(CONDITION_NAMES.iter().map(|w| w.to_string()))
        .collect();
    words.extend(
        [
            "Circe RexInclusive",
            "Circe Volcanic",
            "Circe Parachute",
            "Circe Cohen",
            "ChameleonCirce S G N S",
            "AntiCirce Chameleon Q B G",
            "AntiCirce Turncoats RexExclusive",
            "AntiCirce Frischauf",
            "Circe Frischauf Strict",
            "Circe Cage Strict",
            "Circe Cage Volcanic",
            "Circe Cage Parachute",
            "Circe CaptureSquare WaitCapture",
            "Circe Rank",
            "MirrorFileAntiCirce",
            "AliceChess FirstBoardEnPassant",
            "AliceChess CirceClone",
            "AliceChess Circe Diametral",
            "AntiCirce Assassin",
            "AntiCirce Relaxed",
            "AntiCirce Super Relaxed",
            "AntiCirce Take&Make",
            "AntiCirce Cage",
            "AntiCirce Parrain",
            "AntiCirce ContraParrain",
            "MarsCirce Madrasi",
            "MarsCirce Madrasi RexInclusive",
            "MarsCirce Diagram",
            "AntiMarsCirce Mirror",
            "MarsCirce AntiMarsCirce Mirror",
            "CirceTake&Make Take&MakeChess",
            "Circe AntiCirce",
            "AntiSuperCirce Circe",
            "Circe Mirror Strict AntiCirce Cheylan Chameleon",
            "AntiCirce Mirror Assassin",
            "KamikazeCirce Cohen",
            "Circe Diametral RexInclusive",
            "AntiCirce VerticalMirror",
            "Circe Assassin Diametral",
            "ImmunChess VerticalMirror",
            "ImmunChess CageCirce",
            "MirrorCirce ImmunChess",
            "MarsCirce RexExclusive",
            "AntiCirce Parachute",
            "Circe Strict",
            "AntiCirce Cheylan",
            "Madrasi RexInclusive",
            "AnnanChess TypeB",
            "AnnanChess TypeD",
            "Circe Super Strict",
            "AntiSuperCirce Cheylan",
            "ImmunChess RexInclusive Mirror",
            "MessignyChess RexExclusive",
            "WhiteOscillatingKings TypeB BlackOscillatingKings",
            "Circe VerticalSymmetry",
            "AntiCirce HorizontalSymmetry",
            "AliceChess Circe Volcanic",
        ]
        .map(String::from),
    );
    // Every condition that composes with Circe, with Anticirce and with Alice chess,
    // together with it.
    for base in ["Circe", "AntiCirce", "AliceChess"] {
        for name in CONDITION_NAMES {
            let combined = format!("{name} {base}");
            if resolve(
                &command_line_words(&[combined.as_str()]),
                UnitMarks::default(),
            )
            .is_ok()
            {
                words.push(combined);
            }
        }
    }
    let mut total = 0;
    for w in &words {
        let mut checked = 0;
        let mut attempts = 0;
        while checked < 2000 && attempts < 10_000 {
            attempts += 1;
            let (kinds, kamikaze): (&[Role], usize) = match attempts % 4 {
                0 => (&orthodox, 0),
                1 => (&fairy_kinds, 0),
                2 => (&orthodox, 2),
                _ => (&fairy_kinds, 2),
            };
            let units = 3 + rng.below(7);
            let text = random_problem(&mut rng, kinds, units, kamikaze, w);
            let Ok(spec) = parse_file(&text).remove(0) else {
                continue;
            };
            let marks = UnitMarks::of(&spec.pieces);
            let Ok(rules) = resolve(&command_line_words(&[w.as_str()]), marks) else {
                continue; // a combination the solver refuses (Alice with kamikaze units)
            };
            checked += rules.dispatch(Games {
                text: &text,
                steps: 12,
                seed: rng.next(),
            });
        }
        assert!(checked >= 1000, "{w}: only {checked} positions");
        total += checked;
    }
    eprintln!("harness: {total} positions");
    assert!(total > 40_000, "{total}");
}
