use super::PerftArgs;
use fairy::board::Position;
use fairy::conditions::Orthodox;
use fairy::output::notation;
use fairy::search::annotate;
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn run(args: &PerftArgs) -> i32 {
    if let Some(c) = args.conditions.first() {
        eprintln!("fairy: error: condition \"{c}\" is not supported by perft yet");
        return 2;
    }
    let fen = args.fen.as_deref().unwrap_or(START);
    let pos: Position = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("fairy: error: {e}");
            return 2;
        }
    };
    let start = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in fairy::perft::divide(&Orthodox, &pos, args.depth) {
            let after = fairy::conditions::Rules::play(&Orthodox, &pos, &mv);
            println!("{} {n}", notation::move_text(&annotate(&Orthodox, &pos, &mv, &after)));
            total += n;
        }
        total
    } else {
        fairy::perft::perft(&Orthodox, &pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {} = {total}", args.depth);
    eprintln!("{:.3} s, {:.1} M nodes/s", secs, total as f64 / secs.max(1e-9) / 1e6);
    0
}
