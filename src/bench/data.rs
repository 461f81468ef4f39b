//! The fixed material of the benchmarks, built into the binary so that `fairy bench` runs
//! from any folder: the positions of `problems/bench/positions.txt` and the published
//! problems solved per condition.

use super::BenchError;

/// A position for perft: name, FEN, the published orthodox count at depth 3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    pub name: String,
    pub fen: String,
    pub perft3: u64,
}

/// A problem file: its path in the repository and its text.
#[derive(Copy, Clone, Debug)]
pub struct BenchProblem {
    pub path: &'static str,
    pub text: &'static str,
}

const POSITIONS: &str = include_str!("../../problems/bench/positions.txt");

macro_rules! problems {
    ($($path:literal),* $(,)?) => {
        &[$(BenchProblem { path: $path, text: include_str!(concat!("../../", $path)) }),*]
    };
}

/// The problems of `problems/bench/` (orthodox) and published problems of the condition
/// families, each solved under the bench condition its own conditions resolve to.
pub const PROBLEMS: &[BenchProblem] = problems![
    "problems/bench/helpmate3-zarur.inp",
    "problems/bench/mate3-seidel.inp",
    "problems/bench/selfmate3-limbach.inp",
    "problems/orthodox/hs5-winterberg-1993.inp",
    "problems/circe/h2-stucker-1987.inp",
    "problems/anticirce/h2-cheylan-1992.inp",
    "problems/mirror/hst2-bartel-1990.inp",
    "problems/pwc/h2-geissler-1990.inp",
    "problems/chameleon/ser-h3-olausson-1991.inp",
    "problems/parrain/m2-tanner-1992.inp",
    "problems/volcanic/h2-widlert-1976.inp",
    "problems/mars/h3-caillaud-1995.inp",
    "problems/alice/h2-caillaud-2025.inp",
    "problems/alice/m3-maeder-widlert-2025.inp",
];

/// The bench positions (`name | FEN | perft 3 | source` lines; `#` starts a comment).
pub fn positions() -> Result<Vec<BenchPosition>, BenchError> {
    parse_positions(POSITIONS)
}

fn parse_positions(text: &str) -> Result<Vec<BenchPosition>, BenchError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            BenchError::Data(format!(
                "positions.txt line {}: not name | FEN | count | source",
                i + 1
            ))
        };
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, fen, count, _source] = fields[..] else {
            return Err(bad());
        };
        out.push(BenchPosition {
            name: name.to_string(),
            fen: fen.to_string(),
            perft3: count.parse().map_err(|_| bad())?,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::conditions::Orthodox;

    #[test]
    fn positions_have_their_published_counts() {
        let positions = positions().unwrap();
        assert!(positions.len() >= 4);
        for p in positions {
            let pos: Position = Position::from_fen(&p.fen).expect("FEN");
            assert_eq!(
                crate::perft::perft(&Orthodox, &pos, 3),
                p.perft3,
                "{}",
                p.name
            );
        }
    }

    #[test]
    fn malformed_position_lines_are_errors() {
        assert!(parse_positions("a | 8/8/8/8/8/8/8/8 w - - 0 1 | x | s").is_err());
        assert!(parse_positions("a | b").is_err());
        assert_eq!(parse_positions("# only a comment\n\n").unwrap(), vec![]);
    }

    #[test]
    fn every_problem_file_of_the_bench_folder_is_listed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/bench");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "inp") {
                let name = format!(
                    "problems/bench/{}",
                    path.file_name().unwrap().to_string_lossy()
                );
                assert!(
                    PROBLEMS.iter().any(|p| p.path == name),
                    "{name} is missing from bench::PROBLEMS"
                );
            }
        }
    }
}
