use super::out;
use super::PerftArgs;
use fairy::board::Position;
use fairy::conditions::{command_line_words, resolve, Rules, UnitMarks, WithRules};
use fairy::input::{read_problems, ProblemSpec};
use fairy::output::notation;
use fairy::problem::{build_position, expand, first_mover, TwinSetup};
use fairy::search::annotate;
use fairy::stipulation::Goal;
use std::path::Path;
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn run(args: &PerftArgs) -> i32 {
    if let Some(path) = &args.file {
        return run_file(args, path);
    }
    let words = command_line_words(&args.conditions);
    match resolve(&words, UnitMarks::default()) {
        // A FEN has one board: under Alice chess every unit starts on board A.
        Ok(rules) => rules.dispatch(Count(args)),
        Err(e) => {
            eprintln!(
                "fairy: error: --condition word {}: {}",
                e.span.col, e.message
            );
            2
        }
    }
}

/// Perft of the first problem of a file: its diagram (its first twin when the diagram is
/// a zero position), its conditions and those of `--condition`, and the side its
/// stipulation starts with.
fn run_file(args: &PerftArgs, path: &Path) -> i32 {
    let name = path.display().to_string();
    let problems = match read_problems(path) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("fairy: error: {name}: {e}");
            return 2;
        }
    };
    let spec = match problems.problems.into_iter().next() {
        Some(Ok(spec)) => spec,
        Some(Err(e)) => {
            super::report_error(&name, e.line, e.col, &e.message);
            return 2;
        }
        None => {
            eprintln!("fairy: error: {name}: no problem in the file");
            return 2;
        }
    };
    let twin = match expand(&spec).map(|t| t.into_iter().next()) {
        Ok(Some(t)) => t,
        Ok(None) => {
            eprintln!("fairy: error: {name}: the problem has no position");
            return 2;
        }
        Err(e) => {
            super::report_error(&name, e.line, e.col, &e.message);
            return 2;
        }
    };
    let mut words = twin.conditions.clone();
    words.extend(command_line_words(&args.conditions));
    let rules = match resolve(&words, UnitMarks::of(&twin.units)) {
        Ok(r) => r,
        Err(e) => {
            super::report_error(&name, e.span.line, e.span.col, &e.message);
            return 2;
        }
    };
    rules.dispatch(CountFile {
        args,
        name: &name,
        spec: &spec,
        twin: &twin,
    })
}

struct CountFile<'a> {
    args: &'a PerftArgs,
    name: &'a str,
    spec: &'a ProblemSpec,
    twin: &'a TwinSetup,
}

impl WithRules for CountFile<'_> {
    type Output = i32;
    fn run<R: Rules>(self, rules: &R) -> i32 {
        let stip = self.twin.stipulation;
        let side = first_mover(&stip.value, &self.spec.options);
        match build_position(rules, self.twin, &self.spec.options, side, stip.span) {
            Ok(pos) => count_from(rules, self.args, &pos),
            Err(e) => {
                super::report_error(self.name, e.span.line, e.span.col, &e.message);
                2
            }
        }
    }
}

/// Counting under the rules the conditions picked.
struct Count<'a>(&'a PerftArgs);

impl WithRules for Count<'_> {
    type Output = i32;
    fn run<R: Rules>(self, rules: &R) -> i32 {
        count(rules, self.0)
    }
}

fn count<R: Rules>(rules: &R, args: &PerftArgs) -> i32 {
    let fen = args.fen.as_deref().unwrap_or(START);
    let mut pos: Position<R::Ext> = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    if let Err(e) = rules.init(&mut pos, &[]) {
        eprintln!("fairy: error: {e}");
        return 2;
    }
    count_from(rules, args, &pos)
}

fn count_from<R: Rules>(rules: &R, args: &PerftArgs, pos: &Position<R::Ext>) -> i32 {
    let pos = *pos;
    let start = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in fairy::perft::divide(rules, &pos, args.depth) {
            let after = rules.play(&pos, &mv);
            out::line(&format!(
                "{} {n}",
                notation::move_text(&annotate(rules, &pos, &mv, &after, Goal::Any))
            ));
            total += n;
        }
        total
    } else {
        fairy::perft::perft(rules, &pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    out::line(&format!("perft {} = {total}", args.depth));
    eprintln!(
        "{:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    0
}
