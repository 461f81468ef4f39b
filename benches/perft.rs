//! fairy's move generator against cozy-chess on the standard perft positions, in one run so the
//! two figures share a machine state. Both play every move down to the last ply (no bulk
//! counting at depth 1), since that is the work fairy's search does per node.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairy::board::Position;
use fairy::conditions::Orthodox;

/// (name, FEN, depth, known node count).
const POSITIONS: &[(&str, &str, u32, u64)] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        4,
        43_238,
    ),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += if depth == 1 {
                // Without this the leaf play is dead code and could be optimised away.
                black_box(&child);
                1
            } else {
                cozy_perft(&child, depth - 1)
            };
        }
        false
    });
    nodes
}

fn bench_perft(c: &mut Criterion) {
    for &(name, fen, depth, nodes) in POSITIONS {
        let pos: Position = Position::from_fen(fen).expect("fairy FEN");
        let board = cozy_chess::Board::from_fen(fen, false).expect("cozy FEN");
        // A speed comparison is only meaningful if both walk the same tree.
        assert_eq!(
            fairy::perft::perft(&Orthodox, &pos, depth),
            nodes,
            "fairy {name}"
        );
        assert_eq!(cozy_perft(&board, depth), nodes, "cozy {name}");

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function("fairy", |b| {
            b.iter(|| fairy::perft::perft(&Orthodox, black_box(&pos), depth))
        });
        group.bench_function("cozy", |b| b.iter(|| cozy_perft(black_box(&board), depth)));
        group.finish();
    }
}

/// The cost of each condition against orthodox play, on the same middle-game positions.
fn bench_conditions(c: &mut Criterion) {
    use fairy::conditions::{parse_conditions, Alice, Rules};
    use fairy::input::{Span, Spanned};
    fn rules_for(words: &str) -> fairy::conditions::Fairy {
        let words: Vec<Spanned<String>> = words
            .split_whitespace()
            .map(|w| Spanned::new(w.to_string(), Span::new(1, 1)))
            .collect();
        parse_conditions(&words)
            .expect("known condition")
            .unwrap_or_default()
    }
    fn run<R: Rules>(
        group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        name: &str,
        rules: &R,
        fen: &str,
        depth: u32,
    ) {
        let mut pos: Position<R::Ext> = Position::from_fen(fen).expect("FEN");
        rules.init(&mut pos, &[]).expect("init");
        group.bench_function(name, |b| {
            b.iter(|| fairy::perft::perft(rules, black_box(&pos), depth))
        });
    }
    let positions = [
        ("kiwipete", POSITIONS[1].1, 3),
        (
            "pos4",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
    ];
    for (name, fen, depth) in positions {
        let mut group = c.benchmark_group(format!("conditions/{name}"));
        run(&mut group, "orthodox", &Orthodox, fen, depth);
        run(
            &mut group,
            "no-condition-via-fairy",
            &rules_for(""),
            fen,
            depth,
        );
        for cond in [
            "Circe",
            "AntiCirce",
            "MirrorCirce",
            "PWC",
            "CirceAssassin",
            "Circe Volcanic",
            "ParrainCirce",
            "MarsCirce",
        ] {
            run(&mut group, cond, &rules_for(cond), fen, depth);
        }
        run(&mut group, "AliceChess", &Alice::default(), fen, depth);
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_perft, bench_conditions
}
criterion_main!(benches);
