//! Differential tests of the orthodox move generator against cozy-chess.
//!
//! Random games (a fixed-seed PRNG, so every run sees the same positions) are played from
//! the game array and from some well-known test positions. At every position the SET of
//! legal moves fairy generates is compared with cozy-chess's, twice: for the position fairy
//! reached by playing the game's moves itself, and for the position re-read from cozy's FEN.
//! Every legal move is also played in both libraries and the results compared (placement,
//! side to move, castling rights), and the Zobrist key fairy keeps up to date while playing
//! must equal the key of the same position built from scratch. A few perft(3) counts are
//! compared too.
//!
//! Popeye (and so fairy) gives a pawn on its own first rank no moves; such positions never
//! arise from random play out of the positions used here.

use crate::common::Rng;
use cozy_chess::{Board as CozyBoard, Color as CozyColor, Move as CozyMove, Piece as CozyPiece};
use fairy::board::{Color, Position, Role, Square};
use fairy::conditions::{Orthodox, Rules};
use fairy::movegen::{Move, MoveKind, MoveList};
use std::collections::{BTreeMap, BTreeSet};

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // "Kiwipete": castling, pins, en passant, promotions.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/3K4/2p5/p2b4/5k2/8/4P3/8 w - - 0 1",
];

/// A move in cozy-chess's notation: castling is the king capturing its own rook.
fn fairy_uci(mv: &Move) -> String {
    let to = match mv.kind {
        MoveKind::CastleShort => Square::from_coords(7, mv.from.rank()),
        MoveKind::CastleLong => Square::from_coords(0, mv.from.rank()),
        _ => mv.to,
    };
    let promo = match mv.promotion {
        None => String::new(),
        Some(Role::Queen) => "q".into(),
        Some(Role::Rook) => "r".into(),
        Some(Role::Bishop) => "b".into(),
        Some(Role::Knight) => "n".into(),
        Some(r) => format!("?{r:?}"),
    };
    format!("{}{}{promo}", mv.from, to)
}

fn cozy_uci(mv: &CozyMove) -> String {
    let promo = mv
        .promotion
        .map(|p| char::from(p).to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", mv.from, mv.to)
}

fn fairy_moves(pos: &Position) -> BTreeMap<String, Move> {
    let mut list = MoveList::new();
    Orthodox.legal_moves(pos, &mut list);
    let mut map = BTreeMap::new();
    for mv in list.iter() {
        let prev = map.insert(fairy_uci(mv), *mv);
        assert!(prev.is_none(), "fairy generates {} twice", fairy_uci(mv));
    }
    map
}

fn cozy_moves(board: &CozyBoard) -> BTreeMap<String, CozyMove> {
    let mut map = BTreeMap::new();
    board.generate_moves(|mvs| {
        for mv in mvs {
            map.insert(cozy_uci(&mv), mv);
        }
        false
    });
    map
}

fn compare_move_sets(
    what: &str,
    fen: &str,
    fairy: &BTreeMap<String, Move>,
    cozy: &BTreeMap<String, CozyMove>,
) {
    let f: BTreeSet<&String> = fairy.keys().collect();
    let c: BTreeSet<&String> = cozy.keys().collect();
    if f != c {
        let extra: Vec<_> = f.difference(&c).collect();
        let missing: Vec<_> = c.difference(&f).collect();
        panic!("{what}: legal moves differ in {fen}\n  fairy only: {extra:?}\n  cozy only: {missing:?}");
    }
}

fn cozy_role(p: CozyPiece) -> Role {
    match p {
        CozyPiece::Pawn => Role::Pawn,
        CozyPiece::Knight => Role::Knight,
        CozyPiece::Bishop => Role::Bishop,
        CozyPiece::Rook => Role::Rook,
        CozyPiece::Queen => Role::Queen,
        CozyPiece::King => Role::King,
    }
}

fn fen_letter(color: Color, role: Role) -> char {
    let c = match role {
        Role::Pawn => 'p',
        Role::Knight => 'n',
        Role::Bishop => 'b',
        Role::Rook => 'r',
        Role::Queen => 'q',
        Role::King => 'k',
        other => panic!("{other:?} has no FEN letter"),
    };
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Castling rights in chess terms: (white short, white long, black short, black long).
fn fairy_rights(pos: &Position) -> [bool; 4] {
    let has = |f: u8, r: u8| pos.castling.contains(Square::from_coords(f, r));
    [
        has(4, 0) && has(7, 0),
        has(4, 0) && has(0, 0),
        has(4, 7) && has(7, 7),
        has(4, 7) && has(0, 7),
    ]
}

fn cozy_rights(board: &CozyBoard) -> [bool; 4] {
    let w = board.castle_rights(CozyColor::White);
    let b = board.castle_rights(CozyColor::Black);
    [
        w.short.is_some(),
        w.long.is_some(),
        b.short.is_some(),
        b.long.is_some(),
    ]
}

/// A FEN of a fairy position (castling from the rights in chess terms, e.p. as fairy keeps it).
fn fairy_fen(pos: &Position) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match pos.board.piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(fen_letter(p.color, p.role));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if pos.side == Color::White {
        " w "
    } else {
        " b "
    });
    let rights = fairy_rights(pos);
    let mut c: String = ['K', 'Q', 'k', 'q']
        .iter()
        .zip(rights)
        .filter(|(_, r)| *r)
        .map(|(l, _)| *l)
        .collect();
    if c.is_empty() {
        c.push('-');
    }
    s.push_str(&c);
    match pos.ep {
        Some(ep) => s.push_str(&format!(" {} 0 1", ep.crossed)),
        None => s.push_str(" - 0 1"),
    }
    s
}

/// The placement, side and castling rights of both libraries agree.
fn compare_positions(what: &str, fairy: &Position, cozy: &CozyBoard) {
    for sq in Square::all() {
        let f = fairy
            .board
            .piece_at(sq)
            .map(|p| (p.color == Color::White, p.role));
        let csq = cozy_chess::Square::index(sq.index());
        let c = cozy
            .piece_on(csq)
            .map(|p| (cozy.color_on(csq) == Some(CozyColor::White), cozy_role(p)));
        assert_eq!(
            f,
            c,
            "{what}: {sq} differs (fairy {} / cozy {cozy})",
            fairy_fen(fairy)
        );
    }
    let side = if cozy.side_to_move() == CozyColor::White {
        Color::White
    } else {
        Color::Black
    };
    assert_eq!(fairy.side, side, "{what}: side to move (cozy {cozy})");
    assert_eq!(
        fairy_rights(fairy),
        cozy_rights(cozy),
        "{what}: castling rights (fairy {} / cozy {cozy})",
        fairy_fen(fairy)
    );
}

/// The incrementally kept key of `after` equals that of the same position built from scratch.
fn check_hash(what: &str, after: &Position) {
    // Square by square.
    let mut board = fairy::board::Board::empty();
    for (sq, piece) in after.board.units() {
        board.put(sq, piece, false);
    }
    let mut rebuilt: Position = Position::new(board, after.side);
    rebuilt.castling = after.castling;
    rebuilt.ep = after.ep;
    rebuilt.castling_exclusive = after.castling_exclusive;
    assert_eq!(
        rebuilt.board.hash(),
        after.board.hash(),
        "{what}: board key after playing differs from a fresh board's"
    );
    assert_eq!(
        rebuilt.hash(),
        after.hash(),
        "{what}: position key differs from a rebuilt position's"
    );
    assert_eq!(rebuilt, *after, "{what}: position differs from its rebuild");
    // Through a FEN. Fairy may keep a right on a king or rook whose partner is gone; such a
    // right is invisible in a FEN, so the castling field is taken over before comparing.
    let fen = fairy_fen(after);
    let mut reread: Position =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{what}: {fen}: {e}"));
    if reread.castling != after.castling {
        assert_eq!(fairy_rights(&reread), fairy_rights(after), "{what}: {fen}");
        reread.castling = after.castling;
    }
    assert_eq!(
        reread.hash(),
        after.hash(),
        "{what}: key differs from that of the re-read FEN {fen}"
    );
    assert_eq!(
        reread, *after,
        "{what}: position differs from the re-read FEN {fen}"
    );
}

/// Checks one position reached in both libraries; returns cozy's legal moves.
fn check_position(what: &str, fairy: &Position, cozy: &CozyBoard) -> BTreeMap<String, CozyMove> {
    let fen = cozy.to_string();
    compare_positions(what, fairy, cozy);
    let cm = cozy_moves(cozy);
    let fm = fairy_moves(fairy);
    compare_move_sets(&format!("{what} (played)"), &fen, &fm, &cm);
    let from_fen: Position =
        Position::from_fen(&fen).unwrap_or_else(|e| panic!("{what}: {fen}: {e}"));
    compare_move_sets(
        &format!("{what} (from FEN)"),
        &fen,
        &fairy_moves(&from_fen),
        &cm,
    );
    // Every move, played in both.
    for (uci, fmv) in &fm {
        let after = Orthodox.play(fairy, fmv);
        let mut cb = cozy.clone();
        cb.play_unchecked(cm[uci]);
        let here = format!("{what}: {fen} then {uci}");
        compare_positions(&here, &after, &cb);
        check_hash(&here, &after);
    }
    cm
}

#[test]
fn legal_moves_agree_with_cozy_chess() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0usize;
    let mut moves_checked = 0usize;
    let mut game = 0usize;
    while positions < 2_000 {
        let start = STARTS[game % STARTS.len()];
        game += 1;
        let mut cozy = CozyBoard::from_fen(start, false).expect("cozy reads the start FEN");
        let mut fairy: Position = Position::from_fen(start).expect("fairy reads the start FEN");
        let length = 20 + rng.below(120);
        for ply in 0..=length {
            let what = format!("game {game} from \"{start}\", ply {ply}");
            let cm = check_position(&what, &fairy, &cozy);
            positions += 1;
            moves_checked += cm.len();
            if cm.is_empty() {
                break;
            }
            let keys: Vec<&String> = cm.keys().collect();
            let uci = keys[rng.below(keys.len())].clone();
            let fm = fairy_moves(&fairy);
            fairy = Orthodox.play(&fairy, &fm[&uci]);
            cozy.play_unchecked(cm[&uci]);
        }
    }
    println!("{positions} positions in {game} games, {moves_checked} moves compared");
}

fn cozy_perft(board: &CozyBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    board.generate_moves(|mvs| {
        for mv in mvs {
            if depth == 1 {
                total += 1;
            } else {
                let mut b = board.clone();
                b.play_unchecked(mv);
                total += cozy_perft(&b, depth - 1);
            }
        }
        false
    });
    total
}

#[test]
fn perft_3_agrees_with_cozy_chess() {
    let mut fens: Vec<String> = STARTS.iter().map(|s| s.to_string()).collect();
    // Plus some positions from random play.
    let mut rng = Rng(12345);
    for i in 0..8 {
        let mut b = CozyBoard::from_fen(STARTS[i % STARTS.len()], false).unwrap();
        for _ in 0..(10 + rng.below(40)) {
            let m: Vec<CozyMove> = cozy_moves(&b).into_values().collect();
            if m.is_empty() {
                break;
            }
            b.play_unchecked(m[rng.below(m.len())]);
        }
        fens.push(b.to_string());
    }
    for fen in &fens {
        let pos: Position = Position::from_fen(fen).unwrap();
        let cozy = CozyBoard::from_fen(fen, false).unwrap();
        let f = fairy::perft::perft(&Orthodox, &pos, 3);
        let c = cozy_perft(&cozy, 3);
        assert_eq!(f, c, "perft(3) of {fen}");
        println!("perft(3) = {f:>8}  {fen}");
    }
}

#[test]
fn start_position_perft_3() {
    let pos: Position = Position::from_fen(STARTS[0]).unwrap();
    assert_eq!(fairy::perft::perft(&Orthodox, &pos, 3), 8_902);
}
