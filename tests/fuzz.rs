//! Fuzzing, bounded in time so that it runs in every `cargo test`: one target per input
//! format (Popeye's language, YACPDB/Olive YAML, FEN, the stipulation, the command line).
//! Each mutates valid seeds (cuts, copies, tokens of the format's dictionary, random
//! characters, Latin-1 bytes) and asserts that reading (and, for some, solving) never
//! panics and never ends the process. A property test solves random problems on one
//! thread and on two and compares the output.
//!
//! `FAIRY_FUZZ_SECONDS` sets the time per target (default 3); `FAIRY_FUZZ_SEED` the
//! seed (default fixed, so that a run is repeatable up to its time limit). A finding
//! prints the input that failed.

use fairy::input::{decode_text, parse_file_with_warnings, problem_from_fen, yaml::parse_yaml};
use fairy::output::text;
use fairy::problem::{solve_problem, SolveConfig};
use fairy::stipulation::Stipulation;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

struct Rng(u64);

impl Rng {
    fn new(salt: u64) -> Rng {
        let seed = std::env::var("FAIRY_FUZZ_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x5EED_F00D_u64);
        Rng((seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn budget() -> Duration {
    let secs = std::env::var("FAIRY_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(3.0);
    Duration::from_secs_f64(secs)
}

/// One mutation of `input`: bytes, so that the Latin-1 reading is exercised too.
fn mutate(rng: &mut Rng, input: &[u8], dictionary: &[&str]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(8) {
            0 => {
                let end = (at + rng.below(16)).min(out.len());
                out.drain(at..end);
            }
            1 | 2 => {
                let word = rng.pick(dictionary);
                out.splice(at..at, word.bytes());
            }
            3 => {
                let end = (at + rng.below(40)).min(out.len());
                let copy = out[at..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            4 => {
                let c = *rng
                    .pick(b" \n\t\r0123456789-+#=.:;,[]{}()'\"!?<>*/\\abcdefghxKQRBSPG\xe9\xff");
                out.insert(at, c);
            }
            5 if at < out.len() => out[at] = rng.next() as u8,
            6 => out.truncate(at),
            _ => {
                // Repeat a stretch many times (long lines, deep nesting, many twins).
                let end = (at + 1 + rng.below(8)).min(out.len());
                let copy = out[at.min(end)..end].to_vec();
                for _ in 0..rng.below(300) {
                    out.splice(at..at, copy.iter().copied());
                }
            }
        }
    }
    out
}

/// Runs `f` on inputs made from `seeds` for the time budget; a panic fails the test with
/// the input.
fn fuzz(salt: u64, seeds: &[Vec<u8>], dictionary: &[&str], mut f: impl FnMut(&[u8], usize)) {
    let mut rng = Rng::new(salt);
    let start = Instant::now();
    let mut runs = 0usize;
    while start.elapsed() < budget() || runs < seeds.len() {
        let input = if runs < seeds.len() {
            seeds[runs].clone()
        } else {
            let seed = rng.pick(seeds).clone();
            mutate(&mut rng, &seed, dictionary)
        };
        let result = catch_unwind(AssertUnwindSafe(|| f(&input, runs)));
        if result.is_err() {
            panic!(
                "finding after {runs} runs: the input was {:?}",
                String::from_utf8_lossy(&input)
            );
        }
        runs += 1;
    }
    eprintln!("{runs} inputs in {:.1} s", start.elapsed().as_secs_f64());
}

/// The bundled problem files of one kind, as seeds.
fn seed_files(ext: &str, limit: usize) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                files.push(p);
            }
        }
    }
    files.sort();
    // Every n-th file: a spread over the conditions.
    let step = (files.len() / limit.max(1)).max(1);
    files
        .iter()
        .step_by(step)
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

const POPEYE_WORDS: &[&str] = &[
    "begin",
    "end",
    "next",
    "pieces ",
    "white ",
    "black ",
    "neutral ",
    "royal ",
    "kamikaze ",
    "stipulation ",
    "condition ",
    "option ",
    "twin ",
    "zeroposition ",
    "move a1 a1 ",
    "add ",
    "remove e8 ",
    "rotate 90 ",
    "mirror a1<-->h8 ",
    "shift a1 h8 ",
    "substitute R Q ",
    "continued ",
    "exchange e1 e8 ",
    "forsyth 8/8/8/8/8/8/8/8 ",
    "remark ",
    "author ",
    "Ke1 ",
    "Kh8 ",
    "Qd4 ",
    "Pa2b7 ",
    "Ga1 ",
    "NHh1 ",
    "#2",
    "h#3.5",
    "ser-h=12",
    "s#1000",
    "dia4.5",
    "a=>b 3",
    "exact-",
    "Circe ",
    "Madrasi ",
    "AliceChess ",
    "MaxTime 99999999999 ",
    "Variations ",
    "Try ",
    "SetPlay ",
    "Threat 2 ",
    "MaxSolutions 0 ",
    "EnPassant e3 ",
    "NoCastling a1 ",
    "Duplex ",
    "HalfDuplex ",
    "WhiteToPlay ",
    "\u{feff}",
    "\r",
    "99999999999999999999",
];

/// Solving budget for fuzzed problems: a tiny table and time limit.
fn quick() -> SolveConfig {
    SolveConfig {
        hash_mb: 1,
        max_time: Some(Duration::from_millis(30)),
    }
}

#[test]
fn fuzz_popeye_input() {
    let seeds = seed_files("inp", 60);
    fuzz(1, &seeds, POPEYE_WORDS, |bytes, run| {
        let parsed = parse_file_with_warnings(&decode_text(bytes.to_vec()));
        // Solving is slower: every fifth input read without an error is solved too.
        if run % 5 == 0 {
            for spec in parsed.problems.into_iter().flatten().take(2) {
                if let Ok(report) = solve_problem(&spec, &quick()) {
                    let _ = text::problem(&report);
                }
            }
        }
    });
}

#[test]
fn fuzz_yaml_input() {
    let mut seeds = seed_files("olv", 20);
    seeds.push(
        b"---\nauthors: [\"Ugren, Ljubomir\"]\nalgebraic:\n  white: [Kh1, Re4, Pg2]\n  black: [Kd1, Bc3]\n\
          stipulation: h#4\noptions: [SetPlay, Circe]\ntwins: {b: Move e4 e5, c: Continued Exchange e5 h1}\n\
          intended-solutions: 2.1...\n"
            .to_vec(),
    );
    let words = [
        "---\n",
        "algebraic:",
        "white: [",
        "]",
        "black:",
        "neutral: [Pa2]",
        "stipulation: ",
        "twins: {",
        "}",
        "options: [",
        "intended-solutions: ",
        "- ",
        "&a ",
        "*a ",
        "!!str ",
        "{{{{{{{{",
        "[[[[[[[[",
        ": ",
        "\n  ",
        "'",
        "\"",
        "#2",
        "h#2",
        "Kc5",
        "Se4",
        "null",
    ];
    fuzz(2, &seeds, &words, |bytes, run| {
        let problems = parse_yaml(&decode_text(bytes.to_vec()));
        if run % 5 == 0 {
            for spec in problems.into_iter().flatten().take(1) {
                let _ = solve_problem(&spec, &quick());
            }
        }
    });
}

#[test]
fn fuzz_fen() {
    let seeds: Vec<Vec<u8>> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "7k/8/6K1/8/8/8/8/R7",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        "8/8/8/8/8/8/8/8",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let words = [
        "/",
        "8",
        "9",
        "0",
        "k",
        "K",
        "p",
        "P",
        " w ",
        " b ",
        " - ",
        "KQkq",
        "e3",
        "a9",
        "99999999999",
    ];
    let conditions = [
        vec![],
        vec!["Circe".to_string()],
        vec!["Madrasi".to_string()],
    ];
    fuzz(3, &seeds, &words, |bytes, run| {
        let fen = decode_text(bytes.to_vec());
        if let Ok(spec) = problem_from_fen(&fen, "#2", &conditions[run % 3]) {
            if run % 5 == 0 {
                let _ = solve_problem(&spec, &quick());
            }
        }
    });
}

#[test]
fn fuzz_stipulation() {
    let seeds: Vec<Vec<u8>> = [
        "#2",
        "h#2.5",
        "s#3",
        "r#2",
        "semi-r#2",
        "hs#2",
        "ser-h#12",
        "ser-s=3",
        "exact-h#3",
        "h==2",
        "#=2",
        "hx2",
        "h+2",
        "h~1",
        "h%2",
        "h002",
        "hep1",
        "hz d42",
        "hc812",
        "!=2",
        "dia4.5",
        "ser-dia3",
        "a=>b2",
        "h##2",
        "phser-h#3",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let words = [
        "#",
        "=",
        "h",
        "s",
        "r",
        "ser-",
        "exact-",
        ".5",
        "0",
        "1000",
        "1001",
        "4294967296",
        "-",
        " ",
    ];
    fuzz(4, &seeds, &words, |bytes, _| {
        let text = decode_text(bytes.to_vec());
        if let Ok(stip) = text.parse::<Stipulation>() {
            // What is read is printed back and read again to the same.
            let again: Stipulation = stip
                .to_string()
                .parse()
                .expect("a printed stipulation reads");
            assert_eq!(again, stip);
        }
    });
}

/// The command line, through the binary: every run ends with an exit status (no signal,
/// no panic), within its time limit.
#[test]
fn fuzz_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("p.inp");
    std::fs::write(
        &problem,
        "begin\npieces white Kg6 Ra1 black Kh8\nstipulation #1\nend\n",
    )
    .unwrap();
    let problem = problem.to_str().unwrap().to_string();
    let words: Vec<String> = [
        "solve",
        "check",
        "batch",
        "perft",
        "bench",
        "--fen",
        "7k/8/6K1/8/8/8/8/R7",
        "x/y/z",
        "--stip",
        "#1",
        "h#2",
        "s#1001",
        "--cond",
        "Circe",
        "--option",
        "Variations",
        "--hash",
        "0",
        "1",
        "99999999999999999999",
        "--max-time",
        "-1",
        "1e300",
        "0.01",
        "--threads",
        "0",
        "--depth",
        "65",
        "2",
        "--json",
        "--time",
        "--intended",
        "2.1.1.1",
        "x",
        "--glob",
        "*",
        "--shard",
        "0/0",
        "3/2",
        "1/1",
        "--report",
        "--resume",
        "/dev/null",
        "--quick",
        "--no-solve",
        "--divide",
        "--condition",
        "--",
        "-",
        "",
        "\u{e9}",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([problem.clone(), dir.path().to_str().unwrap().to_string()])
    .collect();
    let mut rng = Rng::new(5);
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < budget() || runs < 20 {
        let mut args: Vec<String> = vec![rng.pick(&words[..5]).clone()];
        for _ in 0..rng.below(6) {
            args.push(rng.pick(&words).clone());
        }
        // Bound every run: a valid combination may ask for a long search.
        args.extend(["--threads".to_string(), "1".to_string()]);
        if matches!(args[0].as_str(), "solve" | "check" | "batch") {
            args.extend(["--max-time".to_string(), "1".to_string()]);
        }
        if args[0] == "bench" {
            args.extend([
                "--quick".to_string(),
                "--no-solve".to_string(),
                "--condition".to_string(),
                "Circe".to_string(),
            ]);
        }
        if args[0] == "perft" {
            args.extend(["--depth".to_string(), "2".to_string()]);
        }
        let o = Command::new(env!("CARGO_BIN_EXE_fairy"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            o.status.code().is_some_and(|c| c != 101) && !err.contains("panicked"),
            "finding: fairy {args:?} ended with {:?}\n{err}",
            o.status
        );
        runs += 1;
    }
    eprintln!(
        "{runs} command lines in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// A random problem prints the same on one thread and on two: positions of a few units
/// of orthodox and fairy kinds, a random stipulation and condition.
#[test]
fn random_problems_print_the_same_on_one_thread_and_two() {
    let kinds = ["Q", "R", "B", "S", "P", "G", "N", "NH", "LI", "VA"];
    let stipulations = ["#2", "h#2", "s#2", "h=2", "ser-h#3", "hs#2", "r#2", "#3"];
    let conditions = [
        "",
        "Circe",
        "Madrasi",
        "AntiCirce",
        "Isardam",
        "Andernach",
        "Kamikaze",
        "MarsCirce",
    ];
    let pools: Vec<rayon::ThreadPool> = [1, 2]
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        })
        .collect();
    let config = SolveConfig {
        hash_mb: 8,
        max_time: None,
    };
    let mut rng = Rng::new(6);
    let start = Instant::now();
    let mut compared = 0;
    while start.elapsed() < budget() || compared < 10 {
        let mut squares: Vec<usize> = (0..64).collect();
        let mut square = |rng: &mut Rng| squares.swap_remove(rng.below(squares.len()));
        let name = |s: usize| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
        let mut white = format!("K{}", name(square(&mut rng)));
        let mut black = format!("K{}", name(square(&mut rng)));
        for _ in 0..2 + rng.below(4) {
            let mut s = square(&mut rng);
            let kind = *rng.pick(&kinds);
            if kind == "P" {
                s = 8 + s % 48;
            }
            let side = if rng.below(2) == 0 {
                &mut white
            } else {
                &mut black
            };
            side.push_str(&format!(" {kind}{}", name(s)));
        }
        let condition = rng.pick(&conditions);
        let text =
            format!(
            "begin\npieces white {white} black {black}\nstipulation {}\n{}option Variations\nend\n",
            rng.pick(&stipulations),
            if condition.is_empty() { String::new() } else { format!("condition {condition}\n") }
        );
        let Some(Ok(spec)) = parse_file_with_warnings(&text).problems.pop() else {
            continue;
        };
        let printed: Vec<_> = pools
            .iter()
            .map(|pool| pool.install(|| solve_problem(&spec, &config).map(|r| text::problem(&r))))
            .collect();
        match (&printed[0], &printed[1]) {
            (Ok(one), Ok(two)) => {
                assert_eq!(one, two, "one thread (left) and two differ on\n{text}")
            }
            (Err(a), Err(b)) => assert_eq!(a.message, b.message, "{text}"),
            _ => panic!("solved on one thread count only:\n{text}"),
        }
        compared += 1;
    }
    eprintln!("{compared} random problems compared");
}
