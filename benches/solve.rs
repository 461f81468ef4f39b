//! Whole-problem solving time for the published problems in `problems/bench/`, one benchmark
//! per file (named after it), going through the same parse-and-solve path as the CLI.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use fairy::input::parse_file;
use fairy::problem::{solve_problem, SolveConfig};

/// One published problem per condition family, solved beside the orthodox ones.
const FAMILY_PROBLEMS: &[&str] = &[
    "problems/circe/h2-stucker-1987.inp",
    "problems/anticirce/h2-cheylan-1992.inp",
    "problems/mars/h3-caillaud-1995.inp",
    "problems/volcanic/h2-widlert-1976.inp",
    "problems/alice/h2-caillaud-2025.inp",
    "problems/alice/m3-maeder-widlert-2025.inp",
];

fn bench_solve(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("problems/bench");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("problems/bench")
        .map(|entry| entry.expect("dir entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "inp"))
        .collect();
    files.sort();
    files.extend(FAMILY_PROBLEMS.iter().map(|f| root.join(f)));

    let config = SolveConfig {
        hash_mb: 64,
        max_time: None,
    };
    let mut group = c.benchmark_group("solve");
    // A solve takes up to a second or two: linear sampling would run it ~55 times, flat ~10.
    group.sampling_mode(SamplingMode::Flat);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read problem");
        let specs: Vec<_> = parse_file(&text)
            .into_iter()
            .map(|spec| spec.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
            .collect();
        let family = path
            .parent()
            .and_then(|p| p.file_name())
            .unwrap()
            .to_string_lossy();
        let name = format!("{family}/{}", path.file_stem().unwrap().to_string_lossy());
        group.bench_function(name.as_str(), |b| {
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
