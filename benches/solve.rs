//! Whole-problem solving time for the published problems in `problems/bench/`, one benchmark
//! per file (named after it), going through the same parse-and-solve path as the CLI.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fairy::input::parse_file;
use fairy::problem::{solve_problem, SolveConfig};

fn bench_solve(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/bench");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("problems/bench")
        .map(|entry| entry.expect("dir entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "inp"))
        .collect();
    files.sort();

    let config = SolveConfig { hash_mb: 64, max_time: None };
    let mut group = c.benchmark_group("solve");
    // A solve takes up to a second or two: linear sampling would run it ~55 times, flat ~10.
    group.sampling_mode(SamplingMode::Flat);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read problem");
        let specs: Vec<_> = parse_file(&text)
            .into_iter()
            .map(|spec| spec.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
            .collect();
        let name = path.file_stem().unwrap().to_string_lossy();
        group.bench_function(name.as_ref(), |b| {
            b.iter(|| {
                for spec in &specs {
                    let report = solve_problem(spec, &config).expect("solve");
                    // A setup error in a twin would make the timing meaningless.
                    assert!(report.twins.iter().all(|twin| twin.outcome.is_ok()));
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(15));
    targets = bench_solve
}
criterion_main!(benches);
