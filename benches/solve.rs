//! Whole-problem solving time for the published problems `fairy bench` solves
//! (`fairy::bench::PROBLEMS`: `problems/bench/` and problems of each condition family), one
//! benchmark per file (named after it), going through the same parse-and-solve path as the CLI.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fairy::input::parse_file;
use fairy::problem::{solve_problem, SolveConfig};

fn bench_solve(c: &mut Criterion) {
    let config = SolveConfig {
        hash_mb: 64,
        max_time: None,
    };
    let mut group = c.benchmark_group("solve");
    // A solve takes up to a second or two: linear sampling would run it ~55 times, flat ~10.
    group.sampling_mode(SamplingMode::Flat);
    // The problems `fairy bench` solves: problems/bench/ and one or two per condition family.
    for problem in fairy::bench::PROBLEMS {
        let specs: Vec<_> = parse_file(problem.text)
            .into_iter()
            .map(|spec| spec.unwrap_or_else(|e| panic!("{}: {e}", problem.path)))
            .collect();
        // `problems/circe/h2-stucker-1987.inp` is benchmark `solve/circe/h2-stucker-1987`.
        let name = problem
            .path
            .trim_start_matches("problems/")
            .trim_end_matches(".inp");
        group.bench_function(name, |b| {
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
