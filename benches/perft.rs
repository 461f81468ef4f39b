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

/// The cost of each condition against orthodox play: the conditions and positions of
/// `fairy bench` (`fairy::bench`), one benchmark per condition over all positions.
fn bench_conditions(c: &mut Criterion) {
    use fairy::bench::{family, positions, rules_of, set_up, CONDITIONS};
    use fairy::conditions::{Fairy, RuleSet, Rules, WithRules};

    /// The positions set up under one rules value, timed together.
    struct Bench<'a, 'g> {
        group: &'a mut criterion::BenchmarkGroup<'g, criterion::measurement::WallTime>,
        name: &'a str,
        /// A piece family's substitutions (none for a condition).
        substitute: &'a [(fairy::board::Role, fairy::board::Role)],
        fens: &'a [String],
        depth: u32,
    }
    impl WithRules for Bench<'_, '_> {
        type Output = ();
        fn run<R: Rules>(self, rules: &R) {
            let set_up: Vec<Position<R::Ext>> = self
                .fens
                .iter()
                .map(|fen| set_up(rules, fen, self.substitute).expect("bench position"))
                .collect();
            let nodes: u64 = set_up
                .iter()
                .map(|pos| fairy::perft::perft(rules, pos, self.depth))
                .sum();
            self.group.throughput(Throughput::Elements(nodes));
            self.group.bench_function(self.name, |b| {
                b.iter(|| {
                    set_up
                        .iter()
                        .map(|pos| fairy::perft::perft(rules, black_box(pos), self.depth))
                        .sum::<u64>()
                })
            });
        }
    }

    let fens: Vec<String> = positions()
        .expect("bench positions")
        .into_iter()
        .map(|p| p.fen)
        .collect();
    let mut group = c.benchmark_group("conditions");
    // The seam's own cost: no condition, but through the configurable rules type.
    let mut runs: Vec<(String, RuleSet)> = vec![(
        "no-condition-via-fairy".into(),
        RuleSet::Fairy(Fairy::default()),
    )];
    runs.extend(
        CONDITIONS
            .iter()
            .map(|c| (c.to_string(), rules_of(c).expect("bench condition"))),
    );
    for (name, rules) in &runs {
        rules.dispatch(Bench {
            group: &mut group,
            name,
            substitute: family(name).unwrap_or(&[]),
            fens: &fens,
            depth: 3,
        });
    }
    group.finish();
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
