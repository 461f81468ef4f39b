use super::PerftArgs;
use fairy::board::Position;
use fairy::conditions::{command_line_words, resolve, Rules, UnitMarks, WithRules};
use fairy::output::notation;
use fairy::search::annotate;
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn run(args: &PerftArgs) -> i32 {
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
    let start = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in fairy::perft::divide(rules, &pos, args.depth) {
            let after = rules.play(&pos, &mv);
            println!(
                "{} {n}",
                notation::move_text(&annotate(rules, &pos, &mv, &after))
            );
            total += n;
        }
        total
    } else {
        fairy::perft::perft(rules, &pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {} = {total}", args.depth);
    eprintln!(
        "{:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    0
}
